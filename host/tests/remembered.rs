//! What the game remembers between runs and what a run leaves: the view
//! chosen and the first-time hints already given survive a relaunch (in the
//! config folder, `--config-dir` here); a damaged or unreadable config file
//! is one line and the defaults, never a crash or a hang; the morgue lists
//! what was wielded and worn, and the death screen names the morgue's path.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// A run of the binary that is killed, and fails the test, if it hangs.
fn run_bounded(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(bin())
        .arg("--plugin-dir")
        .arg(plugin_dir())
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    // The input is small: it fits the pipe, so writing never waits on the game.
    child.stdin.take().expect("its input").write_all(input.as_bytes()).expect("the keys are written");
    let started = Instant::now();
    while child.try_wait().expect("the game is there").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the game hung on {args:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("its output");
    assert!(out.status.success(), "{args:?}: {}", text(&out).1);
    out
}

/// The jackal and the goblin in view from the first turn: the monster hint.
fn jackals() -> String {
    scenario("jackal_then_goblin.txt").to_str().unwrap().to_string()
}

/// The log lines a headless run printed for `keys` read from its input.
fn logged(config: &Path, keys: &str) -> (Vec<String>, String) {
    let s = jackals();
    let args = ["--headless", "--scenario", &s, "--keys-from", "-", "--config-dir", config.to_str().unwrap()];
    let out = run_bounded(&args, &format!("{keys}\n"));
    let (stdout, stderr) = text(&out);
    let log = stdout.lines().filter_map(|l| l.strip_prefix("log: ")).map(String::from).collect();
    (log, stderr)
}

/// A screenshot's pixels after `keys`, with `extra` arguments.
fn shot(keys: &str, extra: &[&str]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    let s = jackals();
    let mut args = vec!["--headless", "--scenario", &s, "--keys", keys, "--screenshot", png.to_str().unwrap()];
    args.extend_from_slice(extra);
    run_bounded(&args, "");
    decode_png(&png).2
}

fn copy(from: &Path) -> tempfile::TempDir {
    let to = tempfile::tempdir().unwrap();
    copy_dir(from, to.path());
    to
}

const MONSTER_HINT: &str = "Hint: walk into a monster to fight it; x looks at it first.";

#[test]
fn the_view_chosen_and_the_hints_given_survive_a_relaunch() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    // The first run: the hint is given, and F2 picks the tile view.
    let (log, _) = logged(&config, ". F2");
    assert!(log.iter().any(|l| l == MONSTER_HINT), "the first run gives the hint: {log:?}");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(config.join("prefs.json")).expect("the file is written"))
            .expect("JSON");
    assert_eq!(file["view"], "tiles", "{file}");
    assert!(file["hints"].as_array().unwrap().iter().any(|h| h == "monster"), "{file}");

    // The relaunch: the hint is not given again...
    let (log, stderr) = logged(copy(&config).path(), ".");
    assert!(!log.iter().any(|l| l.starts_with("Hint: walk into a monster")), "given once: {log:?}");
    assert!(!stderr.contains("prefs.json"), "nothing to report: {stderr}");
    // ...and the map is drawn in tiles, as after `--view tiles` with the same memory.
    let remembered = shot(".", &["--config-dir", copy(&config).path().to_str().unwrap()]);
    let tiles = shot(".", &["--config-dir", copy(&config).path().to_str().unwrap(), "--view", "tiles"]);
    let glyphs = shot(".", &["--config-dir", copy(&config).path().to_str().unwrap(), "--view", "glyphs"]);
    assert!(remembered == tiles, "the remembered view is the tile view");
    assert!(remembered != glyphs, "and not the glyph view the game starts in");
    // A run with nothing remembered gives the hint again.
    let (log, _) = logged(&dir.path().join("elsewhere"), ".");
    assert!(log.iter().any(|l| l == MONSTER_HINT), "{log:?}");
}

#[test]
fn a_damaged_or_unreadable_config_file_is_one_line_and_the_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config");
    std::fs::create_dir_all(&config).unwrap();
    let file = config.join("prefs.json");
    for damage in ["{\"version\":1,\"view\":\"til".as_bytes(), b"\xff\xfe", b"{\"version\":9}"] {
        std::fs::write(&file, damage).unwrap();
        let (log, stderr) = logged(&config, ". F2");
        let said: Vec<&str> = stderr.lines().filter(|l| l.contains("prefs.json")).collect();
        assert_eq!(said.len(), 1, "one line: {stderr}");
        assert!(said[0].contains("defaults") && said[0].len() < 400, "{}", said[0]);
        assert!(log.iter().any(|l| l == MONSTER_HINT), "the defaults: no hint given yet: {log:?}");
        let written: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(written["view"], "tiles", "replaced by what this run chose: {written}");
    }
    // A FIFO at its name: one line, no hang, and it is left as it is.
    std::fs::remove_file(&file).unwrap();
    let ok = Command::new("mkfifo").arg(&file).status().map(|s| s.success()).unwrap_or(false);
    assert!(ok, "mkfifo");
    let (_, stderr) = logged(&config, ". F2");
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("prefs.json")).collect();
    assert_eq!(said.len(), 1, "one line: {stderr}");
    assert!(said[0].contains("a FIFO") && said[0].contains("left as it is"), "{}", said[0]);
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&file).unwrap().file_type().is_fifo(), "left as it is");
}

/// A troll beside a player who wears leather armor, wields the short sword
/// the equipment plugin starts with, and has a short bow ready with 12
/// arrows quivered; the player only waits.
const GEARED_DEATH: &str = "[map]
########
#@T....#
########
[legend]
T = monster troll
[pack]
leather_armor
short_bow
arrows 12
[options]
seed = 3
floor = 3
";

#[test]
fn the_morgue_lists_what_was_wielded_and_worn() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("geared.txt");
    std::fs::write(&scenario, GEARED_DEATH).unwrap();
    let saves = dir.path().join("saves");
    let keys = format!("i a Enter i b Enter i c Enter {}", vec!["."; 80].join(" "));
    let args = ["--headless", "--scenario", scenario.to_str().unwrap(), "--keys", &keys];
    run_bounded(&[&args[..], &["--save-dir", saves.to_str().unwrap()]].concat(), "");
    let morgue = std::fs::read_dir(&saves)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("morgue-"))
        .expect("a morgue");
    let text = std::fs::read_to_string(morgue).unwrap();
    assert!(text.contains("Killed by a troll"), "{text}");
    let gear = text.split("Wielded and worn:\n").nth(1).expect("a part for the gear").split("\n\n").next().unwrap();
    for want in ["Wielding: a short sword", "Wearing: leather armor", "Bow: a short bow", "Quiver: 12 arrows"] {
        assert!(gear.lines().any(|l| l.trim() == want), "{want:?} in:\n{gear}");
    }
}
