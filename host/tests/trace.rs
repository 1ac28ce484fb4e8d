//! The trace as a debugger meets it: replays give the same file byte for
//! byte, plugins' own `tracing` events land under their name, and the
//! summary and diff tools read traces, refusing damaged ones by line.

mod common;

use common::*;

fn run_ok(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stderr}");
    stdout
}

#[test]
fn fifty_seeds_played_by_the_bot_twice_give_identical_traces() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 1..=50 {
        let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
        let seed = seed.to_string();
        for path in [&a, &b] {
            run_ok(&["--headless", "--bot", "1", "--seed", &seed, "--trace", path.to_str().unwrap()]);
        }
        assert!(std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap(), "seed {seed} played two ways");
    }
}

#[test]
fn a_recorded_500_key_run_replays_to_the_same_trace() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, rec) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"), dir.path().join("run.json"));
    let keys = "5*l 5*j 5*h 5*k 5*y 5*u 5*b 5*n 10*. g i a ".repeat(10);
    run_ok(&["--headless", "--seed", "77", "--keys", &keys, "--trace", a.to_str().unwrap(), "--record", rec.to_str().unwrap()]);
    run_ok(&["--headless", "--replay", rec.to_str().unwrap(), "--trace", b.to_str().unwrap()]);
    let (ta, tb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(ta.len() > 1000);
    assert!(ta == tb, "the replay's trace differs");
    let diff = run_ok(&["trace", "diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(diff.starts_with("the traces are identical"), "{diff}");
}

#[test]
fn replaying_with_another_plugin_set_names_the_difference_and_stops() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("run.json");
    run_ok(&["--headless", "--seed", "1", "--keys", "l l", "--record", rec.to_str().unwrap()]);
    let out = run(&["--headless", "--replay", rec.to_str().unwrap(), "--plugins", ""]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("core_combat 0.1.0 was loaded when recording and is not now"), "{stderr}");
}

#[test]
fn a_plugins_tracing_event_lands_in_the_trace_under_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let scenario = scenario("potion.txt");
    run_ok(&["--headless", "--scenario", scenario.to_str().unwrap(), "--keys", "i a", "--trace", path.to_str().unwrap()]);
    let trace = read_trace(&path);
    let logs = events(&trace, "log");
    let healed = logs.iter().find(|e| e["message"] == "healed").expect("core_combat's tracing::info! reached the trace");
    assert_eq!(healed["source"], "core_combat");
    assert_eq!(healed["level"], "info");
    assert_eq!(healed["amount"], 0, "the player was at full health");
    // And the same event reaches the console when RUST_LOG asks for it.
    let out = std::process::Command::new(bin())
        .args(["--plugin-dir", plugin_dir().to_str().unwrap(), "--headless", "--scenario", scenario.to_str().unwrap(), "--keys", "i a"])
        .env("RUST_LOG", "info")
        .output()
        .unwrap();
    let (_, stderr) = text(&out);
    assert!(stderr.contains("[core_combat] healed"), "{stderr}");
}

#[test]
fn summary_and_diff_read_traces_and_name_the_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    let scenario = scenario("jackal_then_goblin.txt");
    run_ok(&["--headless", "--scenario", scenario.to_str().unwrap(), "--keys", "h h h h h 80*.", "--trace", a.to_str().unwrap()]);
    let summary = run_ok(&["trace", "summary", a.to_str().unwrap()]);
    assert!(summary.contains("jackal#1"), "{summary}");
    assert!(summary.contains("player"), "the player's death is in the table: {summary}");
    run_ok(&["--headless", "--scenario", scenario.to_str().unwrap(), "--keys", "h h h l 80*.", "--trace", b.to_str().unwrap()]);
    let diff = run_ok(&["trace", "diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(diff.starts_with("the traces part at event"), "{diff}");
    // A truncated trace is refused with its line number.
    let content = std::fs::read_to_string(&a).unwrap();
    std::fs::write(&b, &content[..content.len() - 10]).unwrap();
    let out = run(&["trace", "summary", b.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains(&format!("line {}", content.lines().count())) && stderr.contains("cut short"), "{stderr}");
}

