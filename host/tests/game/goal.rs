//! The goal and what a run leaves: the deepest floor holds the ember-heart
//! and no stairs; taking it wins; a death or a victory writes a morgue and
//! enters the score table, which a damaged file never loses.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep_api::MonsterState;
use emberdeep_engine::core::map::Tile;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::{Action, Game};

fn files(dir: &Path, prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    names.sort();
    names
}

fn play(scenario_name: &str, keys: &str, saves: &Path, trace: &Path) -> (String, String) {
    let s = scenario(scenario_name);
    let out = std::process::Command::new(bin())
        .current_dir(root())
        .args(["--plugin-dir", plugin_dir().to_str().unwrap(), "--headless", "--scenario", s.to_str().unwrap()])
        .args(["--keys", keys, "--save-dir", saves.to_str().unwrap(), "--trace", trace.to_str().unwrap()])
        .env_remove("RUST_LOG")
        .output()
        .expect("the game runs");
    assert!(out.status.success(), "{}", text(&out).1);
    text(&out)
}

#[test]
fn the_deepest_floor_has_the_ember_heart_guarded_and_no_stairs() {
    let plugins = Rc::new(load_plugins(&plugin_dir(), None).expect("the plugins load"));
    let records = Rc::new(load_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    let mut game = Game::fresh(4, plugins, records, Trace::console());
    game.enter_new_floor(11);
    assert!(game.map().tiles().contains(&Tile::StairsDown), "floor 11 goes on down");
    game.enter_new_floor(12);
    assert!(!game.map().tiles().contains(&Tile::StairsDown), "floor 12 has no stairs down");
    let heart = game.items().iter().find(|i| i.kind == "ember_heart").expect("the ember-heart lies there").pos;
    let guard = game.creatures().values().find(|c| c.pos.is_adjacent(heart)).expect("a guardian beside it");
    assert_eq!((guard.kind.as_str(), guard.state), ("young_red_dragon", MonsterState::Asleep));
    let pos = game.player().pos;
    game.set_tile(pos, Tile::StairsDown);
    assert!(!game.player_action(Action::Descend), "no floor 13, even on stairs");
    assert_eq!(game.floor(), 12);
}

#[test]
fn taking_the_ember_heart_wins_and_leaves_a_morgue_and_a_score() {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("trace.jsonl");
    play("ember_heart.txt", "l g", dir.path(), &trace_path);
    let trace = read_trace(&trace_path);
    let won = events(&trace, "victory");
    assert_eq!(won.len(), 1, "one victory");
    assert_eq!((won[0]["turn"].as_u64(), won[0]["floor"].as_u64()), (Some(2), Some(12)));
    assert_eq!(events(&trace, "run_end")[0]["cause"], "victory");
    assert_eq!(files(dir.path(), "save"), Vec::<String>::new(), "the victory deleted the save");
    assert_eq!(files(dir.path(), "morgue"), ["morgue-12-2.txt"]);
    let morgue = std::fs::read_to_string(dir.path().join("morgue-12-2.txt")).unwrap();
    for want in [
        "Seed:    12",
        "Floor:   12",
        "Took the ember-heart on turn 2.",
        "a - an ember-heart",
        "progression",
        "You hold the ember-heart!",
    ] {
        assert!(morgue.contains(want), "{want:?} in:\n{morgue}");
    }
    let scores = std::fs::read_to_string(dir.path().join("scores.json")).unwrap();
    let table: serde_json::Value = serde_json::from_str(&scores).unwrap();
    assert_eq!(table["scores"][0]["end"], "won");
    assert_eq!(table["scores"][0]["score"], 100 * 12 + 2000 + 999);
}

#[test]
fn a_death_leaves_a_morgue_and_a_row_in_the_scores_after_the_better_ones() {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("trace.jsonl");
    play("ember_heart.txt", "l g", dir.path(), &trace_path);
    play("troll_end.txt", "30*. 30*. 30*.", dir.path(), &trace_path);
    let morgues = files(dir.path(), "morgue");
    assert_eq!(morgues.len(), 2, "{morgues:?}");
    let death = morgues.iter().find(|m| m.starts_with("morgue-3-")).expect("the death's morgue");
    let text = std::fs::read_to_string(dir.path().join(death)).unwrap();
    assert!(text.contains("Killed by a troll on turn") && text.contains("Floor:   3"), "{text}");
    assert!(text.contains("The last 20 messages:") && text.contains("  You die..."), "{text}");
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("scores.json")).unwrap()).unwrap();
    let ends: Vec<&str> = table["scores"].as_array().unwrap().iter().map(|s| s["end"].as_str().unwrap()).collect();
    assert_eq!(ends, ["won", "killed by a troll"], "best first");
}

#[test]
fn a_damaged_score_table_is_reported_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let scores = dir.path().join("scores.json");
    std::fs::write(&scores, b"{\"version\":1,\"scores\":[oops").unwrap();
    let (_, err) = play("troll_end.txt", "30*. 30*. 30*.", dir.path(), &dir.path().join("trace.jsonl"));
    assert_eq!(std::fs::read(&scores).unwrap(), b"{\"version\":1,\"scores\":[oops", "not written over");
    let said: Vec<&str> = err.lines().filter(|l| l.contains("scores.json")).collect();
    assert_eq!(said.len(), 1, "one line about it: {err}");
    assert!(said[0].contains("damaged") && said[0].contains("left as it is"), "{}", said[0]);
    assert_eq!(files(dir.path(), "morgue").len(), 1, "the morgue is written all the same");
}
