//! `emberdeep check`: scenario files with `[keys]` and `[expect]`, as a
//! plugin author writes them; and replaying a run from its trace or a save.

use crate::common;

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

/// Runs the game with `args` (plugins from the build folder) with its
/// address space held to `kb` kilobytes: a run that needs more aborts.
fn run_within(kb: u64, args: &[&str]) -> std::process::Output {
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c").arg(format!("ulimit -v {kb}; exec \"$0\" \"$@\"")).arg(bin());
    cmd.arg("--plugin-dir").arg(plugin_dir()).args(args);
    cmd.env_remove("RUST_LOG").output().expect("the shell runs")
}

/// A scenario on a small room, `lines` lines of 10,000 waits each, and `expect`.
fn waits(lines: usize, expect: &str) -> String {
    format!("[map]\n#####\n#@..#\n#####\n[keys]\n{}[expect]\n{expect}\n", "10000*.\n".repeat(lines))
}

#[test]
fn check_holds_no_run_in_memory_200000_turns_fit_in_250_mb() {
    // The run's events were all kept as JSON before checking: 200,000
    // waits took about 480 MB. Now each is checked as it is written.
    let dir = tempfile::tempdir().unwrap();
    let file =
        write(dir.path(), "waits.txt", &waits(20, "player alive\nturn 200000\nevents 200000 action action=wait"));
    let out = run_within(250_000, &["check", file.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("3 expectations hold (200000 keys, 200000 turns)"), "{stdout}");
}

#[test]
fn a_failure_still_shows_what_happened_nearest_to_it() {
    // Checked as they happen, the failures report as they did: the nearest
    // events to a missing one, the one that should not have happened and
    // the events before it, a count and its turns.
    let dir = tempfile::tempdir().unwrap();
    let expect = "events 3 action action=wait\nno event action turn=4\nevent action action=wait turn=9..\nevent action action=wiat";
    let file =
        write(dir.path(), "waits.txt", &format!("[map]\n#####\n#@..#\n#####\n[keys]\n5*.\n[expect]\n{expect}\n"));
    let (ok, out) = check(&[&file]);
    assert!(!ok, "{out}");
    assert!(out.contains("4 of 4 expectations failed (5 keys, 5 turns)"), "{out}");
    assert!(out.contains("5 events match (on turns 0, 1, 2, 3, 4), not 3"), "{out}");
    assert!(out.contains("it happened on turn 4:\n      turn 4  action (host)  action=wait"), "{out}");
    assert!(out.contains("the events before it:\n      turn 3  press (host)  key=."), "{out}");
    assert!(out.contains("no such event in the run's"), "{out}");
    assert!(out.contains("the nearest events:\n      turn 4  action (host)  action=wait   (not turn=9..)"), "{out}");
    assert!(out.contains("turn 4  action (host)  action=wait   (not action=wiat)"), "{out}");
}

#[test]
fn expectations_naming_what_nothing_loaded_has_are_refused_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("no event death whom=player", "line 8: the 'death' event has no field 'whom'"),
        ("no event atack", "line 8: neither the host nor any loaded plugin writes an event 'atack'"),
        ("events 2 level_up levle=2", "line 8: the 'level_up' event has no field 'levle'"),
        ("pack arow=0", "line 8: no loaded plugin has an item 'arow'"),
        ("player lacks=frozn", "line 8: no loaded plugin has a status 'frozn'"),
        ("gobiln#1 dead", "line 8: no loaded plugin has a monster 'gobiln'"),
    ];
    for (i, (expect, said)) in cases.iter().enumerate() {
        let file = write(
            dir.path(),
            &format!("case{i}.txt"),
            &format!("[map]\n#####\n#@..#\n#####\n[keys]\n.\n[expect]\n{expect}\n"),
        );
        let (ok, out) = check(&[&file]);
        assert!(!ok, "{expect} must be refused:\n{out}");
        assert!(out.contains(said), "{expect}: expected '{said}' in:\n{out}");
        assert!(!out.contains("expectation holds"), "{out}");
    }
}

#[test]
fn check_refuses_a_seed_it_would_not_use() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "arrow.txt", ARROW);
    let out = run(&["--seed", "99", "check", file.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "{stdout}{stderr}");
    assert!(stderr.contains("--seed 99 is not used") && stderr.lines().count() == 1, "{stderr}");
    assert!(!stdout.contains("ok "), "{stdout}");
}

#[test]
fn a_pack_line_the_pack_cannot_hold_or_an_unknown_kind_in_an_unused_legend_line_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let room = "[map]\n#####\n#@..#\n#####\n";
    let cases = [
        (
            format!("{room}[pack]\nhealing_potion 10000\n"),
            "line 6: bad count '10000' (expected a whole number from 1 to 9999)",
        ),
        (format!("{room}[pack]\nlong_sword 27\n"), "line 6: in [pack]: the pack is full: it has 26 slots"),
        (format!("{room}[legend]\nq = monster nosuch\n"), "line 6: no loaded plugin has a monster 'nosuch'"),
        (format!("{room}[legend]\nq = item nosuch 2\n"), "line 6: no loaded plugin has an item 'nosuch'"),
    ];
    for (i, (scenario, said)) in cases.iter().enumerate() {
        let file =
            write(dir.path(), &format!("case{i}.txt"), &format!("{scenario}[keys]\n.\n[expect]\nplayer alive\n"));
        let (ok, out) = check(&[&file]);
        assert!(!ok, "case {i} must be refused:\n{out}");
        assert!(out.contains(said), "case {i}: expected '{said}' in:\n{out}");
    }
    // What the pack can hold is held exactly.
    let file = write(
        dir.path(),
        "full.txt",
        &format!("{room}[pack]\nhealing_potion 9999\nlong_sword 25\n[keys]\n.\n[expect]\npack healing_potion=9999\npack long_sword=25\n"),
    );
    let (ok, out) = check(&[&file]);
    assert!(ok, "{out}");
}

#[test]
fn a_recordings_entry_is_one_key_or_the_recording_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let scen = write(dir.path(), "arrow.txt", ARROW);
    let rec = dir.path().join("rec.json");
    let args =
        ["--headless", "--scenario", scen.to_str().unwrap(), "--keys", "l l j", "--record", rec.to_str().unwrap()];
    assert!(run(&args).status.success());
    let written = std::fs::read_to_string(&rec).unwrap();
    // The game writes one key per entry, and it replays as it was.
    assert!(written.contains("\"l\",\n    \"l\",\n    \"j\""), "{written}");
    let trace = |name: &str, file: &Path| {
        let t = dir.path().join(name);
        let out = run(&["--headless", "--replay", file.to_str().unwrap(), "--trace", t.to_str().unwrap()]);
        (out.status.success(), text(&out).1, std::fs::read_to_string(&t).unwrap_or_default())
    };
    let (ok, err, first) = trace("first.jsonl", &rec);
    assert!(ok, "{err}");
    assert_eq!(first.matches("\"event\":\"press\"").count(), 3);
    // An entry `//` commented out every later key, `l l` was two keys: now each is refused.
    for (bad, said) in [
        ("//", "key 2: '//' is not one key"),
        ("l l", "key 2: 'l l' is not one key"),
        ("3*l", "key 2: '3*l' is not one key"),
    ] {
        let edited = dir.path().join("edited.json");
        std::fs::write(&edited, written.replacen("\"l\",\n    \"j\"", &format!("\"{bad}\",\n    \"j\""), 1)).unwrap();
        let (ok, err, _) = trace("edited.jsonl", &edited);
        assert!(!ok, "{bad}: {err}");
        assert!(err.contains(said) && err.lines().count() == 1, "{bad}: {err}");
    }
    // A trace's press holds one key: `100000*.` is refused, not played as 100,000 waits.
    let pressed = dir.path().join("pressed.jsonl");
    std::fs::write(&pressed, first.replacen("\"key\":\"j\"", "\"key\":\"100000*.\"", 1)).unwrap();
    let (ok, err, _) = trace("again.jsonl", &pressed);
    assert!(!ok, "{err}");
    assert!(err.contains("the press event's key: '100000*.' is not one key") && err.lines().count() == 1, "{err}");
}
