//! The plugin in a real game: `emberdeep check` plays `tests/*.txt` with
//! this build beside the game's own plugins and checks their `[expect]`
//! lines. The game is found from `EMBERDEEP` (the path of the `emberdeep`
//! executable) or on the `PATH`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `emberdeep` executable, or a panic that says how to point at it.
fn game() -> PathBuf {
    if let Some(path) = std::env::var_os("EMBERDEEP") {
        let path = PathBuf::from(path);
        assert!(path.is_file(), "EMBERDEEP is {}, which is not a file: point it at the emberdeep executable", path.display());
        return path;
    }
    let name = format!("emberdeep{}", std::env::consts::EXE_SUFFIX);
    let on_path = std::env::var_os("PATH").and_then(|p| std::env::split_paths(&p).map(|d| d.join(&name)).find(|f| f.is_file()));
    on_path.unwrap_or_else(|| {
        panic!(
            "cannot find the game to run this plugin's scenario tests: set EMBERDEEP to the emberdeep \
             executable (e.g. EMBERDEEP=~/emberdeep/target/debug/emberdeep cargo test), or put it on the PATH"
        )
    })
}

fn library_file(name: &str) -> String {
    format!("{}{name}{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX)
}

/// A plugin folder for the test: the game's own plugins and this build,
/// with this plugin's records beside it.
fn plugin_folder(game: &Path) -> PathBuf {
    let name = env!("CARGO_PKG_NAME").replace('-', "_");
    // This test runs from target/<profile>/deps, where `cargo test` builds
    // the plugin library too (`cargo build` puts it one folder up).
    let exe = std::env::current_exe().expect("the test's own path");
    let deps = exe.parent().expect("the test's folder");
    let candidates = [deps.join(library_file(&name)), deps.parent().unwrap_or(deps).join(library_file(&name))];
    let built = candidates.iter().find(|f| f.is_file()).unwrap_or_else(|| {
        panic!("the plugin library was not built: none of {candidates:?}")
    });
    let folder = deps.parent().unwrap_or(deps).join("emberdeep-scenario-plugins");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let game_dir = game.parent().expect("the game's folder");
    for entry in std::fs::read_dir(game_dir).expect("the game's folder can be read").flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.ends_with(std::env::consts::DLL_SUFFIX) && file != library_file(&name) {
            std::fs::copy(entry.path(), folder.join(&file)).unwrap();
        }
    }
    std::fs::copy(built, folder.join(library_file(&name))).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(&name);
    std::fs::create_dir_all(folder.join(&name)).unwrap();
    for entry in std::fs::read_dir(&data).expect("the plugin's data folder").flatten() {
        std::fs::copy(entry.path(), folder.join(&name).join(entry.file_name())).unwrap();
    }
    folder
}

#[test]
fn the_scenarios_hold_in_a_real_game() {
    let game = game();
    let folder = plugin_folder(&game);
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut scenarios: Vec<PathBuf> = std::fs::read_dir(&tests)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    scenarios.sort();
    assert!(!scenarios.is_empty(), "no scenario files in {}", tests.display());
    let out = Command::new(&game).arg("--plugin-dir").arg(&folder).arg("check").args(&scenarios).output().unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "emberdeep check failed:\n{report}{errors}");
}
