//! The arsenal plugin in whole games: a run saved while its staffs and
//! charm are recharging and its crystal stands plays on, continued, as the
//! unbroken run does, byte for byte.

use crate::common;

use std::path::Path;

use common::*;

/// A corridor, a staff of firebolt, a staff of obstruction and a charm of
/// health; no monster, so nothing but the keys moves the run.
const SCENARIO: &str = "[map]\n###############\n#@............#\n###############\n[pack]\nstaff_of_firebolt\n\
                        staff_of_obstruction\ncharm_of_health\n[options]\nseed = 4\n";

/// Plays `args` headless with every first-party plugin; fails on a failure.
fn play(args: &[&str]) {
    let out = run(&[&["--headless"][..], args].concat());
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stdout}{stderr}");
}

/// The trace's lines from turn `from` on, without the continuation's own.
fn from_turn(path: &Path, from: u64) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["turn"].as_u64().unwrap() >= from)
        .filter(|l| !l.contains("\"run_continue\"") && !l.contains("\"run_start\""))
        .map(String::from)
        .collect()
}

#[test]
fn a_run_saved_mid_recharge_plays_on_as_the_unbroken_run() {
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("arsenal.txt");
    std::fs::write(&scen, SCENARIO).unwrap();
    let s = scen.to_str().unwrap();
    let (whole, second) = (dir.path().join("whole.jsonl"), dir.path().join("second.jsonl"));
    let saves = dir.path().join("saves");
    // Two zaps of firebolt, crystal grown, the charm used, a few waits:
    // every wait is under way when the run is saved.
    let first = "z a Click:10,1 z a Click:10,1 z b Click:6,1 i c Enter 3*.";
    let then = "300*.";
    play(&["--scenario", s, "--keys", &format!("{first} {then}"), "--trace", whole.to_str().unwrap()]);
    play(&["--scenario", s, "--keys", first, "--save-dir", saves.to_str().unwrap()]);
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("arsenal_wait") && save.contains("arsenal_crystal"), "the waits and the crystal are saved");
    let sv = saves.to_str().unwrap();
    play(&["--continue", "--save-dir", sv, "--keys", then, "--trace", second.to_str().unwrap()]);
    let (a, b) = (from_turn(&whole, 8), from_turn(&second, 8));
    assert!(a.iter().any(|l| l.contains("\"recharged\"")), "a staff recharges after the save: {a:?}");
    assert!(
        a.iter().any(|l| l.contains("\"terrain\"") || l.contains("arsenal_crystal")),
        "the crystal crumbles: {a:?}"
    );
    assert_eq!(a, b, "the continued run differs from the unbroken one");
}
