//! Same seed, same plugins, same keys: the same run and the same trace, byte
//! for byte. Also the bot's long run finishes and prints its summary.

mod common;

use common::*;

fn trace_of(args: &[&str]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--trace", path.to_str().unwrap()]);
    let out = run(&all);
    assert!(out.status.success(), "{}", text(&out).1);
    std::fs::read(&path).unwrap()
}

#[test]
fn the_same_seed_and_keys_give_the_same_trace() {
    let args = ["--headless", "--seed", "42", "--keys", "20*l 10*j 10*. 20*h g i a Enter 10*k > 30*."];
    let a = trace_of(&args);
    let b = trace_of(&args);
    assert!(a.len() > 200, "the trace has content");
    assert!(a == b, "two runs of seed 42 differ");
    let c = trace_of(&["--headless", "--seed", "43", "--keys", "20*l 10*j 10*. 20*h g i a Enter 10*k > 30*."]);
    assert!(a != c, "another seed plays another run");
}

#[test]
fn two_bot_runs_with_the_same_seed_give_the_same_trace() {
    let args = ["--headless", "--bot", "20", "--seed", "9"];
    assert!(trace_of(&args) == trace_of(&args));
}

#[test]
fn the_bot_plays_200_runs_and_prints_a_summary() {
    let out = run(&["--headless", "--bot", "200", "--seed", "1"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("runs: 200"), "{stdout}");
    assert!(stdout.contains("mean turns:"), "{stdout}");
    assert!(stdout.contains("deepest floor:"), "{stdout}");
    assert!(stdout.contains("ends of runs:") && stdout.contains("wins: "), "{stdout}");
    // With progression loaded (a first-party plugin), the bot gains levels.
    let level =
        stdout.lines().find_map(|l| l.trim().strip_prefix("level: mean ")).unwrap_or_else(|| panic!("{stdout}"));
    let mean: f64 = level.split(',').next().unwrap().parse().unwrap();
    assert!(mean > 1.5, "the bot's runs average above level 1.5: {stdout}");
}
