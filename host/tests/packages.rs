//! Plugin packages (docs/packages.md), end to end through the binary:
//! each example, packaged as its author would (a folder, or a `.tar.gz` by
//! the template's `package.sh`), is checked and installed by `emberdeep
//! plugin add` into a player's plugin folder, listed by the next run
//! without `--plugins` (`--list-plugins`, with its description and where it
//! comes from), and played by the bot. Packages that must be refused (a
//! library of garbage, broken records, a taken name, a data folder in the
//! wrong place, an archive with `../`) are refused in one line and leave
//! the player's folder as it was.

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
    let out = game(game_dir.path(), player.path(), &["--headless", "--seed", "5", "--keys", "5*."]);
    assert!(out.status.success(), "{}", text(&out).1);
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
    assert!(line.contains("its library is refused: not a shared library"), "{line}");

    // Broken records: a field of the wrong type, named by file and line.
    let broken = package_folder(work.path(), "blink", &blink_lib);
    let items = broken.join("data/blink/items.toml");
    let text_of = std::fs::read_to_string(&items).unwrap();
    std::fs::write(&items, text_of.replacen("glyph = ", "glyph = 12\nnot_a_field = ", 1)).unwrap();
    let line = refused(game_dir.path(), player.path(), &broken);
    assert!(line.contains("its records are refused: ") && line.contains("items.toml"), "{line}");
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
