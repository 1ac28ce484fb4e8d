//! A whole fight, headless, from a scenario: the player kills a jackal with
//! core_combat's blows, a goblin kills the player, the death screen shows
//! it, and `R` starts a run with another seed.

use crate::common;

use common::*;

// Waits in groups: the fall below a third of health drops the rest of a
// repeat typed ahead (docs/keys.md), not the groups after it.
const FIGHT: &str = "h h h h h 20*. 20*. 20*. 20*.";

#[test]
fn the_player_kills_the_jackal_then_a_goblin_kills_the_player() {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("trace.jsonl");
    let shot = dir.path().join("death.png");
    let scenario = scenario("jackal_then_goblin.txt");
    let out = run(&[
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        FIGHT,
        "--trace",
        trace_path.to_str().unwrap(),
        "--screenshot",
        shot.to_str().unwrap(),
    ]);
    let (_, err) = text(&out);
    assert!(out.status.success(), "{err}");
    let trace = read_trace(&trace_path);

    // The player's blows on the jackal come from core_combat and follow the rule.
    let blows: Vec<_> = events(&trace, "attack").into_iter().filter(|a| a["attacker"] == "player").collect();
    assert!(!blows.is_empty(), "the player attacked");
    for b in &blows {
        assert_eq!(b["source"], "core_combat");
        assert_eq!(b["kind"], "melee");
        let d = b["damage"].as_i64().unwrap();
        assert!((1..=6).contains(&d), "player blow of {d} is outside 2-6 less defense 0, at least 1");
    }
    let jackal_death = events(&trace, "death").into_iter().find(|d| d["who"].as_str().unwrap().starts_with("jackal#"));
    let jackal_death = jackal_death.expect("the jackal died");
    assert_eq!(jackal_death["killer"], "player");

    // The goblin's blows respect 2-5 less the player's defense 0.
    let goblin_blows: Vec<_> = events(&trace, "attack")
        .into_iter()
        .filter(|a| a["attacker"].as_str().unwrap().starts_with("goblin#"))
        .collect();
    assert!(!goblin_blows.is_empty());
    for b in &goblin_blows {
        let d = b["damage"].as_i64().unwrap();
        assert!((2..=5).contains(&d), "goblin blow of {d}");
    }
    let player_death = events(&trace, "death").into_iter().find(|d| d["who"] == "player").expect("the player died");
    assert_eq!(player_death["killer"], "a goblin");
    let end = events(&trace, "run_end");
    assert_eq!(end.len(), 1);
    assert_eq!(end[0]["cause"], "killed by a goblin");

    // The death screen was drawn: a real 1600x900 PNG.
    let (width, height, rgba) = decode_png(&shot);
    assert_eq!((width, height), (1600, 900));
    assert_eq!(rgba.len(), 1600 * 900 * 4);
}

#[test]
fn r_on_the_death_screen_starts_a_run_with_another_seed() {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("trace.jsonl");
    let scenario = scenario("jackal_then_goblin.txt");
    let keys = format!("{FIGHT} R l");
    let out = run(&[
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        &keys,
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    let starts = events(&trace, "run_start");
    assert_eq!(starts.len(), 2, "R started a second run");
    assert_eq!(starts[0]["seed"], 11);
    assert_ne!(starts[1]["seed"], starts[0]["seed"]);
    assert_eq!(starts[1]["turn"], 0, "the new run starts at turn 0");
    assert_eq!(events(&trace, "floor").last().unwrap()["floor"], 1);
}
