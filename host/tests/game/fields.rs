//! The fields plugin (api 1.7 fields) in whole games: a run saved in the
//! middle of a fire on grass, or of a cloud of caustic gas, and continued
//! plays on as the unbroken run, byte for byte; and the plugin alone on
//! core_combat plays every run to its end.

use crate::common;

use std::path::Path;

use common::*;

/// A plugin folder with core_combat and fields.
fn with_fields() -> tempfile::TempDir {
    plugin_folder(&[first_party("core_combat"), first_party("fields")])
}

/// Runs the game with `folder`'s plugins and `args`.
fn play(folder: &Path, args: &[&str]) {
    let out = run(&[&["--plugin-dir", folder.to_str().unwrap(), "--headless"][..], args].concat());
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stdout}{stderr}");
}

/// The trace lines of `path` from turn `from` on, the continuation's own line left out.
fn from_turn(path: &Path, from: u64) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["turn"].as_u64().unwrap() >= from)
        .filter(|l| !l.contains("\"run_continue\""))
        .map(String::from)
        .collect()
}

/// Plays check file `name` with `first` then `second` keys unbroken, and
/// again saved after `first` (turn `saved_at`) and continued with `second`;
/// the two traces from then on, and the save.
fn saved_and_continued(name: &str, first: &str, second: &str, saved_at: u64) -> (Vec<String>, Vec<String>, String) {
    let folder = with_fields();
    let dir = tempfile::tempdir().unwrap();
    let file = root().join("host/tests/checks").join(name);
    let s = file.to_str().unwrap();
    let (whole, rest) = (dir.path().join("whole.jsonl"), dir.path().join("rest.jsonl"));
    let saves = dir.path().join("saves");
    let all = format!("{first} {second}");
    play(folder.path(), &["--scenario", s, "--keys", &all, "--trace", whole.to_str().unwrap()]);
    play(folder.path(), &["--scenario", s, "--keys", first, "--save-dir", saves.to_str().unwrap()]);
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    let sv = saves.to_str().unwrap();
    play(folder.path(), &["--continue", "--save-dir", sv, "--keys", second, "--trace", rest.to_str().unwrap()]);
    (from_turn(&whole, saved_at), from_turn(&rest, saved_at), save)
}

#[test]
fn a_run_saved_in_the_middle_of_a_fire_plays_on_as_the_unbroken_run() {
    let (whole, rest, save) = saved_and_continued("fields_fire_on_grass.txt", "l l b h", "30*.", 4);
    assert!(save.contains("\"fields\"") && save.contains("\"fire\""), "the fire is in the save");
    assert!(whole.iter().any(|l| l.contains("\"ignited\"") && l.contains("\"spread\"")), "it spread after: {whole:?}");
    assert!(whole.iter().any(|l| l.contains("\"field_spread\"") && l.contains("\"cells\":0")), "and burnt out");
    assert_eq!(whole, rest, "the continued run differs from the unbroken one");
}

#[test]
fn a_run_saved_in_the_middle_of_a_gas_cloud_plays_on_as_the_unbroken_run() {
    let (whole, rest, save) = saved_and_continued("fields_gas_cloud.txt", "l l h", "40*.", 3);
    assert!(save.contains("\"caustic_gas\""), "the cloud is in the save");
    assert!(whole.iter().any(|l| l.contains("\"field_spread\"") && l.contains("caustic_gas")), "{whole:?}");
    assert_eq!(whole, rest, "the continued run differs from the unbroken one");
}

#[test]
fn fields_alone_on_core_combat_plays_every_run_to_its_end() {
    let folder = with_fields();
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--bot", "6", "--seed", "1"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    let all = format!("{stdout}{stderr}");
    assert!(all.contains("runs: 6"), "{all}");
    assert!(!all.contains("turn limit"), "no run reached the turn limit: {all}");
}
