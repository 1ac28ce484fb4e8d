//! Plugin packages (docs/packages.md), end to end through the binary:
//! each example, packaged as its author would (a folder, or a `.tar.gz` by
//! the template's `package.sh`), is checked and installed by `emberdeep
//! plugin add` into a player's plugin folder, listed by the next run
//! without `--plugins` (`--list-plugins`, with its description and where it
//! comes from), and played by the bot. Packages that must be refused (a
//! library of garbage, broken records, a taken name or one the game uses
//! for its own files, tiles another sheet has, a data folder in the wrong
//! place, an archive with `../` or damaged) are refused in one line naming
//! the package and the entry, and leave the player's folder as it was.
//! What a killed `plugin add` left is removed at the next add or start.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::*;

/// The game with `args`, the game's own plugins those of `game`, the
/// player's in `player`; stdout and stderr not a terminal.
fn game(game: &Path, player: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .arg("--plugin-dir")
        .arg(game)
        .arg("--player-plugin-dir")
        .arg(player)
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the game runs")
}

/// Every file under `dir`, with its bytes: what "unchanged" compares.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                all.push((path.clone(), Vec::new()));
                all.extend(contents(&path));
            } else {
                all.push((path.clone(), std::fs::read(&path).unwrap_or_default()));
            }
        }
    }
    all.sort();
    all
}

/// A package folder for `name` (its library `lib`, its data folder if any)
/// in `dir`.
fn package_folder(dir: &Path, name: &str, lib: &Path) -> PathBuf {
    let package = dir.join(format!("{name}-package"));
    std::fs::create_dir_all(&package).unwrap();
    std::fs::copy(lib, package.join(lib_name(name))).unwrap();
    let data = root().join("examples").join(name).join("data").join(name);
    if data.exists() {
        copy_dir(&data, &package.join("data").join(name));
    }
    package
}

/// `plugin add PATH`: its output.
fn add(game_dir: &Path, player: &Path, package: &Path) -> Output {
    game(game_dir, player, &["plugin", "add", package.to_str().unwrap()])
}

/// The one line a refused `plugin add` ends with, after checking that it
/// failed, said it in one line, and left `player` unchanged.
fn refused(game_dir: &Path, player: &Path, package: &Path) -> String {
    let before = contents(player);
    let out = add(game_dir, player, package);
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "refused: {stdout}{stderr}");
    let said: Vec<&str> = stderr.lines().filter(|l| l.starts_with("emberdeep: ")).collect();
    assert_eq!(said.len(), 1, "one line: {stderr}");
    assert_eq!(contents(player), before, "the player's folder is unchanged");
    let leftovers: Vec<_> =
        std::fs::read_dir(player).map(|d| d.flatten().map(|e| e.file_name()).collect()).unwrap_or_default();
    assert!(leftovers.iter().all(|n| !n.to_string_lossy().starts_with('.')), "no staging left: {leftovers:?}");
    said[0].to_string()
}

/// A game folder holding core_combat alone, as the examples' tests play them.
fn core_only() -> tempfile::TempDir {
    plugin_folder(&[first_party("core_combat")])
}

/// Adds each example of `names`, in order, into a fresh player's folder
/// beside a game of core_combat alone; lists and plays them with no
/// `--plugins`. The game's folder and the player's.
fn add_list_and_play(names: &[&str]) -> (tempfile::TempDir, tempfile::TempDir) {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    for name in names {
        let package = package_folder(work.path(), name, &build_example(name));
        let out = add(game_dir.path(), player.path(), &package);
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{name}: {stdout}{stderr}");
        assert!(stdout.starts_with(&format!("installed {name} 0.1.0")), "{stdout}");
        assert_eq!(stdout.matches("add only plugins from people you trust").count(), 1, "said once: {stdout}");
        assert!(stderr.contains("plugin add: 6/6 installing"), "plain lines without a terminal: {stderr}");
        assert!(!stderr.contains('\r') && !stderr.contains('\u{1b}'), "no bar drawn: {stderr:?}");
        let installed = player.path().join(name);
        assert!(installed.join(lib_name(name)).is_file(), "{name} installed");
        if root().join("examples").join(name).join("data").join(name).exists() {
            assert!(installed.join("data").join(name).is_dir(), "{name}'s data installed beside it");
        }
    }
    let out = game(game_dir.path(), player.path(), &["--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    for name in names {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{name} 0.1.0 (")))
            .unwrap_or_else(|| panic!("{name}: {stdout}"));
        assert!(line.ends_with(", the player's)"), "{line}");
    }
    assert!(stdout.contains("core_combat 0.1.0 (") && stdout.contains("  description: Melee blows"), "{stdout}");
    // Played: the bot, with no --plugins, loads and plays them all.
    let out = game(game_dir.path(), player.path(), &["--bot", "2", "--seed", "3", "--jobs", "1"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stderr.contains("bot: 2/2 runs"), "plain progress lines: {stderr}");
    assert!(!stdout.contains("bot: "), "no progress in the summary: {stdout}");
    (game_dir, player)
}

#[test]
fn each_example_packaged_is_added_then_listed_and_played_without_plugins_named() {
    // wand_of_sparks before thief: a thief carries a wand of sparks. The
    // digging example keeps `charges` as wand_of_sparks does: no game loads
    // both (the check says so), so it is added to a player's folder of its own.
    let names = [
        "wand_of_sparks",
        "thief",
        "automata_caves",
        "blink",
        "confusion",
        "skittish",
        "summoning",
        "threat_view",
        "traps",
        "vault_pack",
        "lurkers",
    ];
    let (game_dir, player) = add_list_and_play(&names);
    let out = game(game_dir.path(), player.path(), &["--list-plugins"]);
    let stdout = text(&out).0;
    assert!(stdout.contains("  description: Example: a thief that steals an item"), "{stdout}");
    let out = game(game_dir.path(), player.path(), &["plugin", "list"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.lines().any(|l| l.starts_with("game    core_combat 0.1.0 (api ")), "{stdout}");
    let blink = player.path().join("blink").join(lib_name("blink"));
    let listed = format!("player  blink 0.1.0 (api {}) {}", emberdeep_api::API_VERSION, blink.display());
    assert!(stdout.contains(&listed), "{stdout}");
    assert!(stdout.contains("        Example: a scroll of blinking"), "{stdout}");
    // Removed: the player's plugin goes, the game's own never does.
    let out = game(game_dir.path(), player.path(), &["plugin", "remove", "blink"]);
    assert!(out.status.success(), "{}", text(&out).1);
    assert!(!player.path().join("blink").exists());
    let out = game(game_dir.path(), player.path(), &["plugin", "remove", "core_combat"]);
    let err = text(&out).1;
    assert!(!out.status.success() && err.contains("it is the game's own ("), "{err}");
    assert!(game_dir.path().join(lib_name("core_combat")).exists());

    let (game_dir, player) = add_list_and_play(&["digging"]);
    // Beside wand_of_sparks, digging is refused: both keep `charges`.
    let work = tempfile::tempdir().unwrap();
    let sparks = package_folder(work.path(), "wand_of_sparks", &build_example("wand_of_sparks"));
    let line = refused(game_dir.path(), player.path(), &sparks);
    assert!(line.contains("it does not load with the game's plugins: stored key 'charges'"), "{line}");
}

#[test]
fn the_templates_package_step_writes_a_tarball_that_is_added_and_played() {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let out_dir = tempfile::tempdir().unwrap();
    let status = Command::new(root().join("templates/plugin/package.sh"))
        .arg("--debug")
        .current_dir(root().join("examples/wand_of_sparks"))
        .env("CARGO_TARGET_DIR", shared_target())
        .env("PACKAGE_OUT", out_dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    let tarball = out_dir.path().join("wand_of_sparks.tar.gz");
    let out = add(game_dir.path(), player.path(), &tarball);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(player.path().join("wand_of_sparks/data/wand_of_sparks/items.toml").is_file());
    let platform = std::fs::read_to_string(player.path().join("wand_of_sparks/platform")).unwrap();
    assert_eq!(platform.trim(), format!("{} {}", std::env::consts::OS, std::env::consts::ARCH), "the build's own");
    let out = game(game_dir.path(), player.path(), &["--headless", "--seed", "5", "--keys", "5*."]);
    assert!(out.status.success(), "{}", text(&out).1);
    // The plugin's source folder itself is no package: it is told how to build one.
    let other = tempfile::tempdir().unwrap();
    let out = add(game_dir.path(), other.path(), &root().join("examples/wand_of_sparks"));
    let (_, stderr) = text(&out);
    let refusal: Vec<&str> = stderr.lines().filter(|l| l.starts_with("emberdeep: ")).collect();
    assert!(!out.status.success() && refusal.len() == 1, "one line: {stderr}");
    assert!(refusal[0].contains("holds a plugin's source (Cargo.toml) but no built library"), "{stderr}");
}

#[test]
fn broken_packages_are_refused_in_one_line_and_install_nothing() {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    // One installed already: a refusal must leave it as it is.
    let sparks = package_folder(work.path(), "wand_of_sparks", &build_example("wand_of_sparks"));
    assert!(add(game_dir.path(), player.path(), &sparks).status.success());
    let blink_lib = build_example("blink");

    // A library of garbage bytes.
    let garbage = work.path().join("garbage");
    std::fs::create_dir_all(&garbage).unwrap();
    std::fs::write(garbage.join(lib_name("garbage")), b"\x7fELF but not really, just words").unwrap();
    let line = refused(game_dir.path(), player.path(), &garbage);
    let expected = format!("{}: {}: not a shared library", garbage.display(), lib_name("garbage"));
    assert!(line.contains(&expected), "{line}");

    // Broken records: a field of the wrong type, named by file and line.
    let broken = package_folder(work.path(), "blink", &blink_lib);
    let items = broken.join("data/blink/items.toml");
    let text_of = std::fs::read_to_string(&items).unwrap();
    std::fs::write(&items, text_of.replacen("glyph = ", "glyph = 12\nnot_a_field = ", 1)).unwrap();
    let line = refused(game_dir.path(), player.path(), &broken);
    let expected = format!("emberdeep: {}: data/blink/items.toml:", broken.display());
    assert!(line.starts_with(&expected) && line.contains(": field `glyph`: "), "{line}");
    std::fs::remove_dir_all(&broken).unwrap();

    // A name taken: by the game's own plugin, and by a player's.
    let core = work.path().join("core");
    std::fs::create_dir_all(&core).unwrap();
    std::fs::copy(first_party("core_combat"), core.join(lib_name("core_combat"))).unwrap();
    let line = refused(game_dir.path(), player.path(), &core);
    assert!(line.contains("the plugin 'core_combat' is taken by the game's own plugin"), "{line}");
    let line = refused(game_dir.path(), player.path(), &sparks);
    assert!(line.contains("the plugin 'wand_of_sparks' is taken by the player's plugin"), "{line}");

    // A data folder in the wrong place: at the top, or another plugin's.
    let top = package_folder(work.path(), "blink", &blink_lib);
    std::fs::rename(top.join("data/blink"), top.join("blink")).unwrap();
    std::fs::remove_dir(top.join("data")).unwrap();
    let line = refused(game_dir.path(), player.path(), &top);
    assert!(line.ends_with("the folder blink/ is at the top; a package's data goes in data/blink/"), "{line}");
    std::fs::remove_dir_all(&top).unwrap();
    let other = package_folder(work.path(), "blink", &blink_lib);
    std::fs::rename(other.join("data/blink"), other.join("data/thief")).unwrap();
    let line = refused(game_dir.path(), player.path(), &other);
    assert!(line.ends_with("data/thief is not this plugin's; its data goes in data/blink/ alone"), "{line}");
    std::fs::remove_dir_all(&other).unwrap();
    let loose = package_folder(work.path(), "blink", &blink_lib);
    std::fs::rename(loose.join("data/blink/items.toml"), loose.join("items.toml")).unwrap();
    let line = refused(game_dir.path(), player.path(), &loose);
    assert!(line.ends_with("items.toml is at the top; records go in data/blink/"), "{line}");

    // An archive with a path that climbs out.
    let evil = work.path().join("evil.tar.gz");
    {
        let gz = flate2::write::GzEncoder::new(std::fs::File::create(&evil).unwrap(), flate2::Compression::fast());
        let mut builder = tar::Builder::new(gz);
        let bytes = std::fs::read(&blink_lib).unwrap();
        for name in [format!("blink/{}", lib_name("blink")), "blink/../../escaped.txt".to_string()] {
            let mut header = tar::Header::new_old();
            header.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            builder.append(&header, &bytes[..]).unwrap();
        }
        builder.into_inner().unwrap().finish().unwrap();
    }
    let line = refused(game_dir.path(), player.path(), &evil);
    assert!(line.contains("climbs out with \"..\""), "{line}");
    assert!(!player.path().parent().unwrap().join("escaped.txt").exists());
}

/// Builds `examples/<example>` under the plugin name `name` (its crate
/// renamed, as an author could): a real library registering `name`.
fn build_example_as(example: &str, name: &str) -> PathBuf {
    build_example(example);
    let work = tempfile::tempdir().unwrap();
    let from = root().join("examples").join(example);
    copy_dir(&from.join("src"), &work.path().join("src"));
    std::fs::copy(from.join("Cargo.lock"), work.path().join("Cargo.lock")).unwrap();
    let manifest = std::fs::read_to_string(from.join("Cargo.toml")).unwrap();
    let api = root().join("api");
    let manifest = manifest
        .replacen(&format!("name = \"{example}\""), &format!("name = \"{name}\""), 1)
        .replace("path = \"../../api\"", &format!("path = {:?}", api.display().to_string()));
    std::fs::write(work.path().join("Cargo.toml"), manifest).unwrap();
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--offline", "--manifest-path"])
        .arg(work.path().join("Cargo.toml"))
        .arg("--target-dir")
        .arg(shared_target())
        .status()
        .unwrap();
    assert!(status.success(), "building examples/{example} as {name} failed");
    shared_target().join("debug").join(lib_name(name))
}

/// A `.tar.gz` at `path` of the folder `folder`, its entries under `top/`,
/// compressed at `level`.
fn tar_gz(path: &Path, folder: &Path, top: &str, level: flate2::Compression) {
    let gz = flate2::write::GzEncoder::new(std::fs::File::create(path).unwrap(), level);
    let mut builder = tar::Builder::new(gz);
    builder.append_dir_all(top, folder).unwrap();
    builder.into_inner().unwrap().finish().unwrap();
}

/// The plugins a headless run of one turn started with, from its trace's
/// `run_start`; and what it said on stderr.
fn started_with(game_dir: &Path, player: &Path) -> (Vec<String>, String) {
    let trace = tempfile::NamedTempFile::new().unwrap();
    let t = trace.path().to_str().unwrap();
    let out = game(game_dir, player, &["--headless", "--seed", "3", "--keys", ".", "--trace", t]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let first = std::fs::read_to_string(trace.path()).unwrap().lines().next().unwrap().to_string();
    let start: serde_json::Value = serde_json::from_str(&first).unwrap();
    assert_eq!(start["event"], "run_start", "{first}");
    let plugins = start["plugins"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_string()).collect();
    (plugins, stderr)
}

#[test]
fn a_package_named_as_the_games_own_files_is_refused_and_one_already_there_is_not_loaded() {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    // A real plugin named `host`, whose data would be the game's own: one health.
    let host = work.path().join("host-package");
    std::fs::create_dir_all(host.join("data/host")).unwrap();
    std::fs::copy(build_example_as("blink", "host"), host.join(lib_name("host"))).unwrap();
    std::fs::write(host.join("data/host/rules.toml"), "[settings]\nplayer_hp = 1\n").unwrap();
    let line = refused(game_dir.path(), player.path(), &host);
    let game_data = root().join("data");
    let expected = format!(
        "emberdeep: {}: the plugin name 'host' is the game's own ({}): a package of that name would be read as the game's own files",
        host.display(),
        game_data.join("host").display()
    );
    assert!(line.starts_with(&expected), "{line}");
    // A folder of the game's data, a file of it: refused by name, before the library is tried.
    for (name, game_file) in [("terrain", "terrain"), ("presets", "presets.toml")] {
        let package = work.path().join(name);
        std::fs::create_dir_all(&package).unwrap();
        std::fs::write(package.join(lib_name(name)), b"not even a library").unwrap();
        let line = refused(game_dir.path(), player.path(), &package);
        let expected = format!("the plugin name '{name}' is the game's own ({})", game_data.join(game_file).display());
        assert!(line.contains(&expected), "{line}");
    }
    // One in the player's folder already (put there by hand, or by an
    // older game): not loaded, said in one line, the run as the game's own.
    copy_dir(&host, &player.path().join("host"));
    let (plugins, stderr) = started_with(game_dir.path(), player.path());
    assert_eq!(plugins, ["core_combat"], "{stderr}");
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("'host'")).collect();
    let library = player.path().join("host").join(lib_name("host"));
    assert_eq!(
        said,
        [format!(
            "emberdeep: warning: the player's plugin 'host' ({}) is not loaded: its name is the game's own ({}); remove it with `emberdeep plugin remove host`",
            library.display(),
            game_data.join("host").display()
        )],
        "{stderr}"
    );
    let out = game(game_dir.path(), player.path(), &["plugin", "remove", "host"]);
    assert!(out.status.success(), "{}", text(&out).1);
    assert!(!player.path().join("host").exists());
}

#[test]
fn a_damaged_archive_is_refused_naming_its_checksum() {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let lib = build_example("blink");
    let folder = package_folder(work.path(), "blink", &lib);
    // Stored, not compressed: a bit flipped in the library still unpacks,
    // into a library one bit wrong; only the gzip checksum can tell.
    let stored = work.path().join("stored.tar.gz");
    tar_gz(&stored, &folder, "blink", flate2::Compression::none());
    let good = std::fs::read(&stored).unwrap();
    let library = std::fs::read(&lib).unwrap();
    let in_library = [4096, 12288, 20480]
        .into_iter()
        .find_map(|at| good.windows(64).position(|w| w == &library[at..at + 64]))
        .expect("the library is stored as it is")
        + 10;
    let trailer = good.len() - 8;
    for (i, at) in [in_library, trailer, good.len() - 2].into_iter().enumerate() {
        let mut bytes = good.clone();
        bytes[at] ^= 0x04;
        let damaged = work.path().join(format!("damaged{i}.tar.gz"));
        std::fs::write(&damaged, &bytes).unwrap();
        let line = refused(game_dir.path(), player.path(), &damaged);
        let expected = format!(
            "emberdeep: {}: its gzip checksum (the CRC-32 and length in its trailer) does not match what it holds: the archive is damaged",
            damaged.display()
        );
        assert_eq!(line, expected);
    }
    // The same archive, whole, is added.
    let out = add(game_dir.path(), player.path(), &stored);
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(std::fs::read(player.path().join("blink").join(lib_name("blink"))).unwrap(), library);
}

#[test]
fn a_packages_tiles_may_not_take_a_tile_name_of_a_first_party_plugins_sheet() {
    let game_dir = plugin_folder(&[first_party("core_combat"), first_party("identify")]);
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let package = package_folder(work.path(), "blink", &build_example("blink"));
    let identify = root().join("data/identify");
    for file in ["tiles.txt", "tiles.png"] {
        std::fs::copy(identify.join(file), package.join("data/blink").join(file)).unwrap();
    }
    let line = refused(game_dir.path(), player.path(), &package);
    let expected = format!(
        "emberdeep: {}: data/blink/tiles.txt:4: tile 'identify_scroll' is already in {}:4; a tile's name may be in one sheet only",
        package.display(),
        identify.join("tiles.txt").display()
    );
    assert_eq!(line, expected);
    // Every start keeps the first-party plugin's sheet: nothing was installed to take it.
    let out = game(game_dir.path(), player.path(), &["--headless", "--seed", "3", "--keys", "."]);
    let stderr = text(&out).1;
    assert!(out.status.success() && !stderr.contains("are not used"), "{stderr}");
}

/// A process that has ended: its id, which no running process has.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    assert!(!Path::new("/proc").join(pid.to_string()).exists());
    pid
}

#[test]
fn what_a_killed_add_or_remove_left_is_removed_at_the_next_add_or_start() {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let package = package_folder(work.path(), "blink", &build_example("blink"));
    // Bulk, so the add is killed while it is checking.
    std::fs::write(package.join("bulk.bin"), vec![7u8; 64 << 20]).unwrap();
    let mut adding = Command::new(bin())
        .arg("--plugin-dir")
        .arg(game_dir.path())
        .arg("--player-plugin-dir")
        .arg(player.path())
        .args(["plugin", "add"])
        .arg(&package)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let hidden = |dir: &Path| -> Vec<String> {
        let names = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned());
        names.filter(|n| n.starts_with('.')).collect()
    };
    let began = std::time::Instant::now();
    while hidden(player.path()).is_empty() && began.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    adding.kill().unwrap();
    adding.wait().unwrap();
    let left = hidden(player.path());
    assert_eq!(left.len(), 1, "the killed add left its folder: {left:?}");
    assert!(!player.path().join("blink").exists(), "and nothing installed");
    // Left by dead processes, beside the killed add's: an add's and a remove's.
    let dead = dead_pid();
    for folder in [format!(".adding-{dead}-1f2e"), format!(".removing-blink-{dead}")] {
        std::fs::create_dir_all(player.path().join(&folder).join("blink/data")).unwrap();
        std::fs::write(player.path().join(&folder).join("blink/data/big.bin"), vec![1u8; 1024]).unwrap();
    }
    // A process still at work: its folder stays.
    let alive = format!(".adding-{}-7a", std::process::id());
    std::fs::create_dir_all(player.path().join(&alive)).unwrap();
    let (plugins, _) = started_with(game_dir.path(), player.path());
    assert_eq!(plugins, ["core_combat"]);
    assert_eq!(hidden(player.path()), std::slice::from_ref(&alive), "a start removes what dead processes left");
    // And the next add, refused or not.
    std::fs::create_dir_all(player.path().join(format!(".adding-{dead}-99"))).unwrap();
    std::fs::remove_file(package.join("bulk.bin")).unwrap();
    let out = add(game_dir.path(), player.path(), &package);
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(hidden(player.path()), [alive], "an add removes what dead processes left");
}

#[test]
fn an_archive_of_a_folders_contents_made_with_dot_is_added() {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let package = package_folder(work.path(), "blink", &build_example("blink"));
    let archive = work.path().join("x.tar.gz");
    let status = Command::new("tar").arg("-C").arg(&package).arg("-czf").arg(&archive).arg(".").status().unwrap();
    assert!(status.success());
    let listed = Command::new("tar").arg("-tzf").arg(&archive).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&listed.stdout).lines().next(), Some("./"), "its first entry is ./");
    let out = add(game_dir.path(), player.path(), &archive);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(player.path().join("blink").join(lib_name("blink")).is_file());
    assert!(player.path().join("blink/data/blink/items.toml").is_file());
}

#[test]
fn refusals_name_the_package_and_the_entry_once_never_the_hidden_folder() {
    let game_dir = core_only();
    let player = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let lib = build_example("blink");
    let no_hidden_folder = |line: &str| {
        assert!(!line.contains(".adding-") && !line.contains("/unpacked"), "{line}");
        assert!(line.len() < 1200, "bounded: {} bytes", line.len());
    };
    // Broken records, in an archive of the folder `blink`.
    let broken = package_folder(work.path(), "blink", &lib);
    let items = broken.join("data/blink/items.toml");
    let text_of = std::fs::read_to_string(&items).unwrap();
    std::fs::write(&items, text_of.replacen("glyph = ", "glyph = 12\nnot_a_field = ", 1)).unwrap();
    let archive = work.path().join("x.tar.gz");
    tar_gz(&archive, &broken, "blink", flate2::Compression::fast());
    let line = refused(game_dir.path(), player.path(), &archive);
    no_hidden_folder(&line);
    let expected = format!("emberdeep: {}: blink/data/blink/items.toml:", archive.display());
    assert!(line.starts_with(&expected) && line.ends_with("invalid type: integer `12`, expected a string"), "{line}");
    // An entry that cannot be unpacked: a path too long for the system, and
    // a file where a folder should be; each reason said once.
    let deep: Vec<String> = (0..17).map(|i| format!("{i}{}", "d".repeat(240))).collect();
    let cases = [(format!("blink/{}/doc", deep.join("/")), "File name too long"), ("blink/doc/more".into(), "")];
    for (i, (entry, reason)) in cases.iter().enumerate() {
        let archive = work.path().join(format!("entry{i}.tar.gz"));
        let gz = flate2::write::GzEncoder::new(std::fs::File::create(&archive).unwrap(), flate2::Compression::fast());
        let mut builder = tar::Builder::new(gz);
        let mut header = tar::Header::new_gnu();
        header.set_size(5);
        header.set_mode(0o644);
        builder.append_data(&mut header, "blink/doc", &b"words"[..]).unwrap();
        builder.append_data(&mut header, entry, &b"words"[..]).unwrap();
        builder.into_inner().unwrap().finish().unwrap();
        let line = refused(game_dir.path(), player.path(), &archive);
        no_hidden_folder(&line);
        let shown = if entry.len() > 200 { format!("{}…", &entry[..200]) } else { entry.clone() };
        assert!(line.starts_with(&format!("emberdeep: {}: {shown}", archive.display())), "{line}");
        let why = line.split(": cannot be unpacked: ").nth(1).unwrap_or_else(|| panic!("{line}"));
        assert!(why.starts_with(reason) && line.matches(why).count() == 1, "said once: {line}");
    }
    // `plugin remove` of a text that is no plugin's name says so.
    let out = game(game_dir.path(), player.path(), &["plugin", "remove", "blink "]);
    let stderr = text(&out).1;
    assert!(!out.status.success(), "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        "emberdeep: \"blink \" is not a plugin name: it ends with a space (a plugin's name is letters, digits and _ alone)"
    );
}
