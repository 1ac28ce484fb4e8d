//! Small inputs that used to take minutes: a scenario of 300,000 keys and
//! 20,000 `event *` lines (every event was tested against every pattern),
//! and a key script of a few bytes whose rests played a hundred million
//! turns. Each now finishes or is refused within seconds (docs/keys.md's
//! bound on a script's time-savers, docs/scenario.md's index).
#![cfg(feature = "whole-game")]

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{run_within, text};

/// The most a slow input may take here: the five seconds, with
/// room for a machine busy with other tests (each took minutes before).
const IN_TIME: Duration = Duration::from_secs(10);

/// A room with the player alone in it.
const ALONE: &str = "[map]\n##########\n#@.......#\n##########\n[options]\nseed = 2\n";

/// `scenario` checked; how it went and how long it took.
fn checked(dir: &Path, name: &str, scenario: &str) -> (std::process::Output, Duration) {
    let path = dir.join(name);
    std::fs::write(&path, scenario).unwrap();
    let started = Instant::now();
    let out = run_within(&["check", path.to_str().unwrap()], Duration::from_secs(60));
    (out, started.elapsed())
}

/// 300,000 keys in play (`F2`, the next view: a `press` event each, and
/// no turn), a third written one by one, and `expect` written `lines` times.
fn many(lines: usize, expect: impl Fn(usize) -> String) -> String {
    let mut s = format!("{ALONE}[keys]\n");
    for _ in 0..100 {
        s.push_str(&"F2 ".repeat(1000));
        s.push_str("1000*F2 1000*F2\n");
    }
    s.push_str("[expect]\n");
    for i in 0..lines {
        s.push_str(&expect(i));
        s.push('\n');
    }
    s
}

#[test]
fn a_scenario_of_300000_keys_and_20000_star_patterns_is_checked_in_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = many(20_000, |_| "event *".to_string());
    assert!(scenario.len() > 400_000 && scenario.len() < 1 << 20, "{} bytes", scenario.len());
    let (out, took) = checked(dir.path(), "stars.txt", &scenario);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("20000 expectations hold (300000 keys, 0 turns)"), "{stdout}");
    assert!(took < IN_TIME, "checked in {took:?}");
}

#[test]
fn patterns_nothing_narrows_are_refused_once_they_cost_too_much() {
    let dir = tempfile::tempdir().unwrap();
    // 20,000 different patterns, none with an event name or a field=value:
    // each must be tested against every event, 6 billion tests in all.
    let scenario = many(20_000, |i| format!("events 0.. * turn=..{i}"));
    let (out, took) = checked(dir.path(), "ranges.txt", &scenario);
    let stdout = text(&out).0;
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("ranges.txt: line 109: `events 0.. * turn=..0` and the other expectations were tested against the run more than 20000000 times by key"),
        "{stdout}"
    );
    assert!(took < IN_TIME, "refused in {took:?}");
}

#[test]
fn a_script_of_rests_stops_once_its_time_savers_took_100000_steps() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("alone.txt");
    std::fs::write(&scenario, ALONE).unwrap();
    let trace = dir.path().join("t.jsonl");
    // 18 bytes a word, a million keys: each `Z` at full health waits 100 turns.
    let keys = ["100000*Z"; 10].join(" ");
    let started = Instant::now();
    let args =
        ["--headless", "--scenario", scenario.to_str().unwrap(), "--trace", trace.to_str().unwrap(), "--keys", &keys];
    let out = run_within(&args, Duration::from_secs(60));
    let took = started.elapsed();
    let stderr = text(&out).1;
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "the keys stopped before key 1001 of 1000000: their time-savers (rest, explore, travel) took 100000 steps, \
             and one script's take at most 100000 (docs/keys.md)"
        ),
        "{stderr}"
    );
    assert!(took < IN_TIME, "stopped in {took:?}");
    // The run ended where the script stopped, and its trace is whole.
    let events = common::read_trace(&trace);
    assert_eq!(common::events(&events, "press").len(), 1000);
    let end = common::events(&events, "run_end");
    assert_eq!((end.len(), end[0]["turns"].as_u64(), end[0]["cause"].as_str()), (1, Some(100_000), Some("quit")));

    // A scenario's [keys] are bounded the same way: refused with the line.
    let check = format!("{ALONE}[keys]\n. .\n{}\n[expect]\nturn 1..\n", ["100000*Z"; 9].join(" "));
    let (out, took) = checked(dir.path(), "rests.txt", &check);
    let stdout = text(&out).0;
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("rests.txt: line 9: in [keys]: the keys stopped before key 1003 of 900002"), "{stdout}");
    assert!(took < IN_TIME, "refused in {took:?}");
}
