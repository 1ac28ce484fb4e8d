//! The time-savers as a player meets them, headless: rest stops when a
//! monster comes into view, auto-explore walks a whole generated floor and
//! stops for the first monster, travel reaches the stairs, and the keys the
//! window records for each step replay the very same turns.

use crate::common;

use common::*;
use serde_json::Value;

/// What a headless run left: its trace and its save (the log, the map, who is where).
struct Played {
    trace: Vec<Value>,
    save: Value,
}

impl Played {
    fn messages(&self) -> Vec<String> {
        self.save["log"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect()
    }

    /// The last message the game said of the run (a first-time hint may follow it).
    fn last_message(&self) -> String {
        self.messages().into_iter().rev().find(|m| !m.starts_with("Hint: ")).unwrap_or_default()
    }

    fn turn(&self) -> u64 {
        self.save["turn"].as_u64().unwrap()
    }

    fn player(&self) -> (i64, i64) {
        let c = self.save["creatures"].as_array().unwrap().iter().find(|c| c["kind"] == "player").unwrap();
        (c["pos"][0].as_i64().unwrap(), c["pos"][1].as_i64().unwrap())
    }
}

/// Plays `keys` headless with `args` (a scenario or a seed) and reads what it left.
fn play(args: &[&str], keys: &str) -> Played {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let saves = dir.path().join("saves");
    let mut all = vec!["--headless", "--keys", keys, "--trace", trace.to_str().unwrap()];
    all.extend_from_slice(&["--save-dir", saves.to_str().unwrap()]);
    all.extend_from_slice(args);
    if !args.contains(&"--plugins") {
        all.extend_from_slice(&["--plugins", FIRST_FIVE]);
    }
    let out = run(&all);
    assert!(out.status.success(), "{:?}", text(&out));
    let text = std::fs::read_to_string(saves.join("save.json")).expect("the run was saved");
    let save = serde_json::from_str(text.split_once('\n').unwrap().1).unwrap();
    Played { trace: read_trace(&trace), save }
}

fn scenario_args(name: &str) -> Vec<String> {
    vec!["--scenario".into(), scenario(name).to_str().unwrap().into()]
}

fn play_scenario(name: &str, keys: &str) -> Played {
    let args = scenario_args(name);
    play(&args.iter().map(String::as_str).collect::<Vec<_>>(), keys)
}

#[test]
fn rest_stops_when_a_monster_comes_into_view() {
    let run = play_scenario("rest_goblin_comes.txt", "Z");
    assert_eq!(run.last_message(), "You stop: a goblin comes into view.");
    assert!(run.turn() < 100, "stopped before its hundred turns, at {}", run.turn());
    assert!(events(&run.trace, "attack").is_empty(), "the goblin had not reached the player");
    let waits = run.trace.iter().filter(|e| e["event"] == "action" && e["action"] == "wait").count();
    assert_eq!(waits as u64, run.turn(), "every turn of the rest is an ordinary wait");
    // The goblin in view has not noticed the player: resting goes on until it does.
    let again = play_scenario("rest_goblin_comes.txt", "Z Z");
    assert!(again.turn() > run.turn(), "rested on from turn {} to {}", run.turn(), again.turn());
    // Its own line says it noticed the player; the stop that follows adds no name.
    let said: Vec<String> = again.messages().into_iter().filter(|m| !m.starts_with("Hint: ")).collect();
    assert_eq!(said[said.len() - 2..], ["The goblin notices you.".to_string(), "You stop.".to_string()]);
    // Once it hunts the player, resting is refused and takes no turn.
    let refused = play_scenario("rest_goblin_comes.txt", "Z Z Z");
    assert_eq!((refused.turn(), refused.last_message()), (again.turn(), "Not with a goblin in view.".into()));
}

#[test]
fn explore_walks_a_whole_generated_floor_without_monsters() {
    // No plugins: the generated floor of seed 3, with no monster and no item on it.
    let run = play(&["--plugins", "", "--seed", "3"], "o o");
    let map = &run.save["map"];
    let (rows, seen) = (map["rows"].as_array().unwrap(), map["seen"].as_array().unwrap());
    let mut open = 0;
    for (row, seen) in rows.iter().zip(seen) {
        for (tile, seen) in row.as_str().unwrap().chars().zip(seen.as_str().unwrap().chars()) {
            if tile != '#' {
                open += 1;
                assert_eq!(seen, '1', "every open cell of the floor was seen");
            }
        }
    }
    assert!(open > 500, "a whole floor ({open} open cells)");
    assert!(run.turn() <= 2000, "explored in {} turns", run.turn());
    let moves = run.trace.iter().filter(|e| e["event"] == "action").count() as u64;
    assert_eq!(moves, run.turn(), "every turn is an ordinary step");
    assert_eq!(run.last_message(), "Explored this floor. G travels to the stairs down.");
}

#[test]
fn explore_stops_for_the_first_monster() {
    let run = play_scenario("explore_door_goblin.txt", "o");
    assert_eq!(run.last_message(), "You stop: a goblin comes into view.");
    let opened = run.trace.iter().any(|e| e["event"] == "action" && e["action"] == "open");
    assert!(opened, "explore opened the door on its way");
    assert!(run.player().0 > 9, "it stopped past the door, at {:?}", run.player());
    // The goblin has not noticed the player: explore goes on.
    let again = play_scenario("explore_door_goblin.txt", "o o");
    assert!(again.turn() > run.turn(), "explored on from turn {} to {}", run.turn(), again.turn());
    assert!(!again.messages().iter().any(|m| m.starts_with("Not with")), "{:?}", again.messages());
    // On a generated floor with the first five plugins, explore (pressed on after each
    // item it stops for) stops for the first monster before any blow.
    let generated = play(&["--seed", "3"], "o o o o o o");
    let stops = generated.messages().into_iter().filter(|m| m.ends_with("comes into view.")).count();
    assert_eq!(stops, 1, "{:?}", generated.messages());
    assert!(generated.last_message().starts_with("Not with"), "{}", generated.last_message());
}

#[test]
fn travel_reaches_the_stairs() {
    let run = play_scenario("travel_stairs.txt", "G");
    assert_eq!(run.player(), (9, 3));
    assert_eq!(run.last_message(), "There are stairs down here (>).");
    // `>` off the stairs travels there; `>` on them goes down.
    let down = play_scenario("travel_stairs.txt", "> >");
    assert_eq!(down.save["floor"], 2);
    assert_eq!(down.turn(), run.turn() + 1);
    // A click walks to the cell; a click on a wall is refused without a turn.
    let click = play_scenario("travel_stairs.txt", "Click:5,2 Click:0,0");
    assert_eq!((click.player(), click.turn()), ((5, 2), 4));
    assert_eq!(click.last_message(), "You know of no way there.");
}

/// The play key of one step, as the window records it.
fn step_key(from: (i64, i64), to: (i64, i64)) -> String {
    let n = match (to.0 - from.0, to.1 - from.1) {
        (-1, 1) => 1,
        (0, 1) => 2,
        (1, 1) => 3,
        (-1, 0) => 4,
        (1, 0) => 6,
        (-1, -1) => 7,
        (0, -1) => 8,
        (1, -1) => 9,
        d => panic!("no step {d:?}"),
    };
    format!("KP{n}")
}

#[test]
fn the_window_recording_of_each_step_replays_the_same_turns() {
    // Headless, `o` plays the whole explore; the window presses (and
    // records) one step key per frame instead. Both give the same trace.
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.json");
    let whole = play(&["--seed", "5", "--record", rec.to_str().unwrap()], "o");
    // The player's start: where a run of no key with the same seed stands.
    let mut at = play(&["--seed", "5"], "").player();
    let mut keys = Vec::new();
    for e in events(&whole.trace, "action") {
        // Explore picks up what it walks to: the window presses `,` there.
        if e["action"] == "pick_up" {
            keys.push(",".to_string());
            continue;
        }
        let cell = (e["x"].as_i64().unwrap(), e["y"].as_i64().unwrap());
        keys.push(step_key(at, cell));
        if e["action"] == "move" {
            at = cell;
        }
    }
    assert!(keys.len() > 10, "a walk of some length: {keys:?}");
    let stepped = play(&["--seed", "5"], &keys.join(" "));
    // The keys differ (one `o`, or a step key each), everything they did is the same.
    let unpressed = |t: &[Value]| t.iter().filter(|e| e["event"] != "press").cloned().collect::<Vec<_>>();
    assert_eq!(
        unpressed(&stepped.trace),
        unpressed(&whole.trace),
        "the recorded steps replay the explore turn for turn"
    );
    let trace = dir.path().join("replayed.jsonl");
    let out = run(&["--headless", "--replay", rec.to_str().unwrap(), "--trace", trace.to_str().unwrap()]);
    assert!(out.status.success(), "{:?}", text(&out));
    assert_eq!(read_trace(&trace), whole.trace, "a recording of `o` replays byte for byte");
}
