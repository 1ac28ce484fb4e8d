//! `emberdeep check`: scenario files with `[keys]` and `[expect]`, as a
//! plugin author writes them; and replaying a run from its trace or a save.

mod common;

use std::path::{Path, PathBuf};

use common::*;

/// A scenario with three expectations, and the number of one of them to change.
const ARROW: &str = "// An arrow at the nearer kobold.
[map]
##########
#........#
#.@......#
#........#
#...k....#
##########
[legend]
k = monster kobold asleep
[pack]
long_bow
arrows 12
[options]
seed = 21
[keys]
i a Enter i b Enter f Enter
[expect]
event attack attacker=player target=kobold#1 kind=arrow distance=2
message \"arrow\"
player alive hp=20..
";

fn check(files: &[&Path]) -> (bool, String) {
    let mut args = vec!["check"];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    let out = run(&args);
    let (stdout, stderr) = text(&out);
    (out.status.success(), format!("{stdout}{stderr}"))
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_scenario_with_three_expectations_passes_and_fails_once_one_is_changed() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "arrow.txt", ARROW);
    let (ok, out) = check(&[&good]);
    assert!(ok, "{out}");
    assert!(out.contains("ok    ") && out.contains("arrow.txt: 3 expectations hold (8 keys, 3 turns)"), "{out}");

    // The arrow flew 2 steps, not 3: the failure names the file, the line,
    // the turn, and the nearest event with the test it failed.
    let bad = write(dir.path(), "arrow3.txt", &ARROW.replace("distance=2", "distance=3"));
    let (ok, out) = check(&[&good, &bad]);
    assert!(!ok, "a failed expectation makes a non-zero exit:\n{out}");
    assert!(out.contains("FAIL  ") && out.contains("arrow3.txt: 1 of 3 expectations failed"), "{out}");
    assert!(
        out.contains("arrow3.txt:19: expected `event attack attacker=player target=kobold#1 kind=arrow distance=3`"),
        "{out}"
    );
    assert!(out.contains("no such event in the run's"), "{out}");
    let nearest = out.lines().find(|l| l.contains("turn 2  attack (ranged_combat)")).unwrap_or_else(|| panic!("{out}"));
    assert!(nearest.contains("target=kobold#1") && nearest.ends_with("(not distance=3)"), "{nearest}");
    assert!(out.contains("2 files: 1 passed, 1 failed"), "{out}");

    // An end-state expectation names what there was instead.
    let hurt = write(dir.path(), "hurt.txt", &ARROW.replace("hp=20..", "hp=..5"));
    let (ok, out) = check(&[&hurt]);
    assert!(!ok);
    assert!(out.contains("hurt.txt:21: expected `player alive hp=..5`"), "{out}");
    assert!(out.contains("player has 30 hp at the end (turn 3), not ..5"), "{out}");

    let silent = write(dir.path(), "silent.txt", &ARROW.replace("message \"arrow\"", "no message \"arrow\""));
    let (ok, out) = check(&[&silent]);
    assert!(!ok);
    assert!(out.contains("it was shown on turn 1: \"Your quiver holds 12 arrows.\""), "{out}");
}

#[test]
fn a_scenario_that_cannot_be_checked_says_why_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (ARROW.replace("message \"arrow\"", "mesage arrow"), "line 20: unknown expectation 'mesage'"),
        (ARROW.replace("f Enter", "f Entr"), "line 17: in [keys]: unknown key 'Entr'"),
        (ARROW.replace("[expect]", "[expected]"), "unknown section [expected]"),
        (ARROW[..ARROW.find("[expect]").unwrap()].to_string(), "no [expect] section: nothing to check"),
        (ARROW.replace("player alive", "goblin#9 alive"), "no creature is called goblin#9 in this run"),
        // Lines of 500,000 waits: each within the limit, the section not.
        (
            ARROW.replace("f Enter\n", &format!("f Enter\n{}", format!("{}\n", "100000*. ".repeat(5)).repeat(3))),
            "line 19: in [keys]: the section holds more than 1000000 keys in all",
        ),
    ];
    for (i, (text, said)) in cases.iter().enumerate() {
        let file = write(dir.path(), &format!("case{i}.txt"), text);
        let (ok, out) = check(&[&file]);
        assert!(!ok, "case {i} must fail:\n{out}");
        assert!(out.contains(said), "case {i}: expected '{said}' in:\n{out}");
        assert!(out.contains(&format!("case{i}.txt")), "the file is named:\n{out}");
    }
}

#[test]
fn the_first_party_plugins_scenario_checks_hold() {
    let dir = root().join("host/tests/checks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    assert!(files.len() >= 5, "one or more checks for each first-party plugin");
    let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let (ok, out) = check(&refs);
    assert!(ok, "{out}");
    assert!(out.contains(&format!("{n} files: {n} passed, 0 failed", n = files.len())), "{out}");
    // core_combat's fight holds with core_combat alone too.
    let fight = dir.join("core_combat_fight.txt");
    let out = run(&["--plugins", "core_combat", "check", fight.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out).0);
}

#[test]
fn a_trace_and_a_save_replay_as_recordings_do() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write(dir.path(), "arrow.txt", ARROW);
    let first = dir.path().join("first.jsonl");
    let saves = dir.path().join("saves");
    let args = [
        "--headless",
        "--scenario",
        scen.to_str().unwrap(),
        "--keys",
        "i a Enter i b Enter f Enter 3*.",
        "--trace",
        first.to_str().unwrap(),
    ];
    assert!(run(&args).status.success());
    let trace = std::fs::read_to_string(&first).unwrap();
    assert!(
        trace.lines().any(|l| l.contains("\"event\":\"press\"") && l.contains("\"key\":\"Enter\"")),
        "keys are traced"
    );
    // The trace is its own recording: replayed, it gives itself back byte for byte.
    let again = dir.path().join("again.jsonl");
    let out = run(&["--headless", "--replay", first.to_str().unwrap(), "--trace", again.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), trace);

    // A save replays too: the run as it was saved, at its turn.
    let fresh = ["--headless", "--seed", "4", "--keys", "5*.", "--save-dir", saves.to_str().unwrap()];
    assert!(run(&fresh).status.success());
    let save = saves.join("save.json");
    let replayed = dir.path().join("from-save.jsonl");
    let out = run(&["--headless", "--replay", save.to_str().unwrap(), "--trace", replayed.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out).1);
    let from_save = read_trace(&replayed);
    assert_eq!(from_save[0]["event"], "run_continue", "{:?}", from_save[0]);
    assert_eq!(from_save.last().unwrap()["turns"], 5, "{:?}", from_save.last());
    assert!(save.is_file(), "replaying a save leaves it as it was");

    // A bot's trace holds no keys: said in one line.
    let bot = dir.path().join("bot.jsonl");
    assert!(run(&["--bot", "1", "--seed", "3", "--plugins", "core_combat", "--trace", bot.to_str().unwrap()])
        .status
        .success());
    let out = run(&["--headless", "--replay", bot.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = text(&out).1;
    assert!(err.contains("no key presses in it") && err.lines().count() == 1, "{err}");
}
