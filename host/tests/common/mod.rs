//! Shared helpers for the tests in this folder: run the binary, find the
//! plugins, build the misbehaving test plugins once, read traces.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

/// The game binary cargo built for these tests.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_emberdeep"))
}

/// The folder of the first-party plugin libraries as cargo last built
/// them. `cargo build` puts them beside the binary; `cargo test` alone
/// builds them too but leaves them in `deps/`, so after it (from nothing,
/// or after a change to a plugin) the ones beside the binary are missing or
/// older: then this is a folder of copies of the newer ones, made once per
/// test binary. No test loads a plugin older than its code.
pub fn plugin_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let beside = bin().parent().expect("binary has a folder").to_path_buf();
        let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        let newest: Vec<PathBuf> = first_party_names()
            .iter()
            .map(|name| {
                let (placed, built) = (beside.join(lib_name(name)), beside.join("deps").join(lib_name(name)));
                match (modified(&placed), modified(&built)) {
                    (Some(p), Some(b)) if b > p => built,
                    (Some(_), _) => placed,
                    (None, Some(_)) => built,
                    (None, None) => panic!(
                        "{} is missing: run `cargo build --workspace` (or `cargo test` without `-p`) first (see README)",
                        placed.display()
                    ),
                }
            })
            .collect();
        if newest.iter().all(|lib| lib.parent() == Some(beside.as_path())) {
            return beside;
        }
        // One folder per test target (its binary's name without cargo's hash).
        let test = std::env::current_exe().expect("the test's path");
        let stem = test.file_stem().expect("the test's name").to_string_lossy().into_owned();
        let target = stem.rsplit_once('-').map_or(stem.as_str(), |(name, _)| name);
        let copies = beside.join("fresh-plugins").join(target);
        let _ = std::fs::remove_dir_all(&copies);
        std::fs::create_dir_all(&copies).expect("a folder for the plugins");
        for lib in newest {
            let copy = copies.join(lib.file_name().expect("a file"));
            if std::fs::hard_link(&lib, &copy).is_err() {
                std::fs::copy(&lib, &copy).expect("copy a plugin");
            }
        }
        copies
    })
    .clone()
}

/// The first-party plugins of the first two waves, whose rules the older
/// tests of the host's own rules were written against: the content plugins
/// (allies, terrain, vaults, caves, bestiary, stealth, ...) add monsters,
/// terrain and rolls that would move those tests' seeded runs.
pub const FIRST_FIVE: &str = "core_combat,equipment,ranged_combat,fireball,progression";

/// The first-party plugins: the workspace's `plugins/` folders.
pub fn first_party_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("plugins"))
        .expect("the plugins folder")
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("host is in the workspace").to_path_buf()
}

/// A scenario file of these tests.
pub fn scenario(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios").join(name)
}

/// Runs the game with `args`; plugins come from the build folder unless given.
pub fn run(args: &[&str]) -> Output {
    let mut cmd = Command::new(bin());
    if !args.contains(&"--plugin-dir") {
        cmd.arg("--plugin-dir").arg(plugin_dir());
    }
    cmd.args(args)
        .env_remove("RUST_LOG")
        .env("EMBERDEEP_PLAYER_PLUGIN_DIR", no_player_plugins())
        .output()
        .expect("the game runs")
}

/// A player's plugin folder that is not there: the tests' runs load the
/// game's plugins alone, whatever the machine's player has installed.
pub fn no_player_plugins() -> PathBuf {
    root().join("target/no-player-plugins")
}

/// Stdout and stderr of a run, as text.
pub fn text(out: &Output) -> (String, String) {
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The plugins that exist only for tests, built once per test binary.
pub fn test_plugin(name: &str) -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    let dir = BUILT.get_or_init(|| {
        let target = root().join("target/test-plugins");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "--manifest-path"])
            .arg(root().join("host/tests/plugins/Cargo.toml"))
            .arg("--target-dir")
            .arg(&target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the test plugins failed");
        target.join("debug")
    });
    dir.join(lib_name(name))
}

/// `libNAME.so` on this platform.
pub fn lib_name(name: &str) -> String {
    format!("{}{name}.{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_EXTENSION)
}

/// A fresh plugin folder holding copies of the given library files.
pub fn plugin_folder(files: &[PathBuf]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for f in files {
        std::fs::copy(f, dir.path().join(f.file_name().expect("file name"))).expect("copy plugin");
    }
    dir
}

/// A first-party plugin's library in the build folder.
pub fn first_party(name: &str) -> PathBuf {
    plugin_dir().join(lib_name(name))
}

/// A PNG file's width, height and pixels (RGBA, row by row), decoded by
/// SDL_image: loaded as a surface, converted to RGBA32, the rows copied out.
pub fn decode_png(path: &Path) -> (u32, u32, Vec<u8>) {
    use sdl3::image::LoadSurface;
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{} is not a PNG", path.display());
    let surface = sdl3::surface::Surface::from_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let surface = surface.convert_format(sdl3::pixels::PixelFormat::RGBA32).expect("converting to RGBA32");
    let (width, height, pitch) = (surface.width(), surface.height(), surface.pitch() as usize);
    let rgba = surface.with_lock(|bytes| {
        bytes.chunks(pitch).take(height as usize).flat_map(|row| &row[..width as usize * 4]).copied().collect()
    });
    (width, height, rgba)
}

/// A trace file's events.
pub fn read_trace(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("trace file");
    text.lines().map(|l| serde_json::from_str(l).expect("each trace line is JSON")).collect()
}

/// The events of one kind.
pub fn events<'a>(trace: &'a [Value], event: &str) -> Vec<&'a Value> {
    trace.iter().filter(|e| e["event"] == event).collect()
}

/// Copies a folder and everything in it.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// One target folder for every plugin built outside the workspace, so
/// abi_stable and friends compile once for all of them.
pub fn shared_target() -> PathBuf {
    root().join("target/test-plugins")
}

/// Builds `examples/<name>` as its own project, as a third party would;
/// returns its library.
pub fn build_example(name: &str) -> PathBuf {
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--manifest-path"])
        .arg(root().join("examples").join(name).join("Cargo.toml"))
        .arg("--target-dir")
        .arg(shared_target())
        .status()
        .unwrap();
    assert!(status.success(), "building examples/{name} failed");
    shared_target().join("debug").join(lib_name(name))
}

/// A plugin folder holding these libraries and the data folders `data`
/// (each copied in under its own folder name).
pub fn plugin_folder_with_data(files: &[PathBuf], data: &[PathBuf]) -> tempfile::TempDir {
    let folder = plugin_folder(files);
    for d in data {
        copy_dir(d, &folder.path().join(d.file_name().expect("a data folder's name")));
    }
    folder
}

/// A copy of the repository's `data/` with `edit` applied to the text of
/// `file` (under `data/`); the edit must change something.
pub fn data_with(file: &str, edit: impl Fn(String) -> String) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("data"), dir.path());
    let path = dir.path().join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let changed = edit(text.clone());
    assert_ne!(changed, text, "the edit of {file} changed something");
    std::fs::write(&path, changed).unwrap();
    dir
}

/// Runs the game with `args` (and the built plugins, unless the args name
/// a folder), killed after `limit` so a hang fails the test instead of
/// holding it up. Its output is read as it comes, so a chatty run never
/// stalls on a full pipe.
pub fn run_within(args: &[&str], limit: std::time::Duration) -> Output {
    let mut cmd = Command::new(bin());
    if !args.contains(&"--plugin-dir") {
        cmd.arg("--plugin-dir").arg(plugin_dir());
    }
    let child = cmd
        .args(args)
        .env_remove("RUST_LOG")
        .env("EMBERDEEP_PLAYER_PLUGIN_DIR", no_player_plugins())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the game runs");
    let id = child.id();
    let (done, waiting) = std::sync::mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        let hung = waiting.recv_timeout(limit).is_err();
        if hung {
            let _ = Command::new("kill").arg("-9").arg(id.to_string()).status();
        }
        hung
    });
    let out = child.wait_with_output().expect("the game ends");
    let _ = done.send(());
    let hung = guard.join().unwrap_or(false);
    assert!(!hung, "the game hung on {args:?}: killed after {} s", limit.as_secs());
    out
}
