//! The terrain plugin in whole games: the bot plays core_combat with it to
//! the end of every run (nets, rubble and pits never stall it), meets its
//! traps, and is dropped down pits; and the game stays whole without it.
//! Each rule of its own is a scenario check in `tests/checks/terrain_*.txt`.

use crate::common;

use common::*;

/// How many of a bot summary's runs reached the turn limit.
fn at_turn_limit(summary: &str) -> usize {
    summary
        .lines()
        .find(|l| l.contains("survived (turn limit"))
        .map_or(0, |l| l.split_whitespace().next().unwrap().parse().unwrap())
}

#[test]
fn the_bot_plays_twenty_runs_with_the_terrain_to_the_end_and_meets_every_trap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.jsonl");
    let out = run(&[
        "--headless",
        "--plugins",
        "core_combat,terrain",
        "--bot",
        "20",
        "--seed",
        "1",
        "--trace",
        path.to_str().unwrap(),
    ]);
    let (summary, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(summary.contains("runs: 20"), "{summary}");
    assert_eq!(at_turn_limit(&summary), 0, "a run stalled to the turn limit:\n{summary}");
    let trace = read_trace(&path);
    let found: Vec<String> =
        events(&trace, "terrain_found").iter().map(|e| e["terrain"].as_str().unwrap().to_string()).collect();
    for trap in ["trap_dart", "trap_net", "trap_alarm", "trap_pit"] {
        assert!(found.iter().any(|f| f == trap), "the bot found a {trap} in 20 runs: {found:?}");
    }
    assert!(!events(&trace, "fall").is_empty(), "a pit dropped the bot a floor");
    assert!(!events(&trace, "step_refused").is_empty(), "a net held someone");
    let laid = events(&trace, "terrain").len();
    assert!(laid > 0, "the wand or the floors laid terrain");
}

#[test]
fn the_game_plays_whole_without_the_terrain_plugin() {
    let out = run(&["--headless", "--plugins", "core_combat", "--bot", "5", "--seed", "2"]);
    let (summary, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(at_turn_limit(&summary), 0, "{summary}");
    assert!(!stderr.contains("terrain"), "nothing asks for the plugin: {stderr}");
}
