//! Statuses from two plugins on one creature: the confusion example's
//! `confused` (the monster thinks with another brain) and the frost test
//! plugin's `frozen` (it loses its turns). Each ends on its own turn, the
//! goblin gets its own brain back, and both survive a save.

use crate::common;

use std::path::Path;

use common::*;
use serde_json::Value;

/// core_combat, the confusion example and the frost plugin, with their data.
fn folder() -> tempfile::TempDir {
    let libs = [first_party("core_combat"), build_example("confusion"), test_plugin("frost")];
    let data = [root().join("examples/confusion/data/confusion"), root().join("host/tests/plugins/frost/data/frost")];
    plugin_folder_with_data(&libs, &data)
}

/// Read the scroll at the goblin, then zap it with frost, then `rest`.
const KEYS: &str = "i a Enter Enter i b Enter Enter";

fn play(folder: &Path, keys: &str, extra: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let s = scenario("two_statuses.txt");
    let mut args = vec![
        "--plugin-dir",
        folder.to_str().unwrap(),
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        keys,
        "--trace",
        trace.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "{}", text(&out).1);
    read_trace(&trace)
}

fn turn_of(e: &Value) -> u64 {
    e["turn"].as_u64().unwrap()
}

#[test]
fn two_statuses_from_two_plugins_sit_on_one_goblin_and_each_ends_on_its_turn() {
    let folder = folder();
    let trace = play(folder.path(), &format!("{KEYS} 14*."), &[]);
    let starts = events(&trace, "status_start");
    let ends = events(&trace, "status_end");
    let by = |list: &[&Value], name: &str| list.iter().find(|e| e["status"] == name).copied().cloned();
    let (confused, frozen) = (by(&starts, "confused").expect("confused"), by(&starts, "frozen").expect("frozen"));
    assert_eq!((confused["source"].as_str(), frozen["source"].as_str()), (Some("confusion"), Some("frost")));
    assert!(starts.iter().all(|s| s["creature"] == "goblin#1"));
    let (confused_end, frozen_end) = (by(&ends, "confused").expect("ends"), by(&ends, "frozen").expect("ends"));
    // Confused for 10 turns, frozen for 3, counted on the turn each came.
    assert_eq!(turn_of(&confused_end) - turn_of(&confused), 9);
    assert_eq!(turn_of(&frozen_end) - turn_of(&frozen), 2);
    assert!(turn_of(&frozen) > turn_of(&confused) && turn_of(&frozen_end) < turn_of(&confused_end), "both at once");
    assert!(ends.iter().all(|e| e["why"] == "ran out"));
    // Frozen, it loses its turns: the confused brain does not stagger then.
    let staggers: Vec<u64> = trace.iter().filter(|e| e["message"] == "staggers").map(turn_of).collect();
    let frozen_turns = turn_of(&frozen)..=turn_of(&frozen_end);
    assert!(staggers.iter().all(|t| !frozen_turns.contains(t)), "a frozen goblin does not move: {staggers:?}");
    assert_eq!(staggers.len(), 10 - 3, "confused on 10 turns, 3 of them frozen: {staggers:?}");
    // Its own brain back: after the confusion it hunts and strikes with melee.
    assert!(events(&trace, "brain").is_empty(), "the host lent the brain; nobody swapped it");
    let after: Vec<&Value> = trace.iter().filter(|e| turn_of(e) > turn_of(&confused_end)).collect();
    assert!(!after.iter().any(|e| e["message"] == "staggers"));
    assert!(
        after.iter().any(|e| e["event"] == "attack" && e["attacker"] == "goblin#1" && e["kind"] == "melee"),
        "the goblin fights again with its own brain"
    );
}

#[test]
fn statuses_survive_a_save_and_the_continued_run_plays_as_the_unbroken_one() {
    let folder = folder();
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    let saves_arg = saves.to_str().unwrap();
    let first = format!("{KEYS} ."); // both statuses on the goblin when it stops
    let whole = play(folder.path(), &format!("{first} 12*."), &[]);
    play(folder.path(), &first, &["--save-dir", saves_arg]);
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("[\"confused\",") && save.contains("[\"frozen\","), "both statuses saved: {save}");
    let stopped = whole.iter().filter(|e| e["event"] == "status_start").map(turn_of).max().unwrap() + 1;
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--continue",
        "--save-dir",
        saves_arg,
        "--keys",
        "12*.",
        "--trace",
        dir.path().join("second.jsonl").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let second = read_trace(&dir.path().join("second.jsonl"));
    let after = |t: &[Value]| -> Vec<String> {
        t.iter()
            .filter(|e| turn_of(e) > stopped && !["run_end", "run_continue"].contains(&e["event"].as_str().unwrap()))
            .map(|e| e.to_string())
            .collect()
    };
    let ends: Vec<&Value> = events(&second, "status_end");
    assert_eq!(ends.len(), 2, "both statuses ran out after the continue: {ends:?}");
    assert_eq!(after(&whole), after(&second), "the continued run is the unbroken one");
}
