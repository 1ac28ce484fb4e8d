//! The stealth plugin as a player meets it: the look panel's word on a
//! sleeping monster (and none without the plugin, or on a hunter), and the
//! bot's runs with it, none stalling to the turn limit, its sneak attacks
//! traced. Its rules are checked by host/tests/checks/stealth_*.txt.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep::drivers::play::scenario::game_from_scenario;
use emberdeep_api::Point;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::world::game::Game;
use emberdeep_engine::world::targeting::LookLine;

const SLEEPERS: &str = "[map]
########
#.@.o.g#
########
[legend]
o = monster orc asleep
g = monster goblin hunting
";

/// A game of the scenario `text` with the plugins `names`.
fn game(text: &str, names: &[&str]) -> Game {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("s.txt");
    std::fs::write(&file, text).unwrap();
    let wanted: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let plugins = Rc::new(load_plugins(&plugin_dir(), Some(&wanted)).expect("the plugins load"));
    let records = Rc::new(load_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    game_from_scenario(&file, 1, plugins, records, emberdeep_engine::data::trace::Trace::console()).unwrap()
}

fn effects(game: &mut Game, at: Point) -> Vec<String> {
    game.look_at(at)
        .into_iter()
        .filter_map(|l| match l {
            LookLine::Effect(e) => Some(e),
            _ => None,
        })
        .collect()
}

#[test]
fn the_look_panel_says_a_sleeper_would_take_triple_damage_only_with_stealth() {
    let mut with = game(SLEEPERS, &["core_combat", "stealth"]);
    assert_eq!(effects(&mut with, Point::new(4, 1)), ["Asleep: your blow would deal triple damage."]);
    assert!(effects(&mut with, Point::new(6, 1)).is_empty(), "a hunter is aware");
    let mut without = game(SLEEPERS, &["core_combat"]);
    assert!(effects(&mut without, Point::new(4, 1)).is_empty(), "nothing said without stealth");
}

/// How many of a bot summary's runs reached the turn limit.
fn at_turn_limit(summary: &str) -> usize {
    summary
        .lines()
        .find(|l| l.contains("survived (turn limit"))
        .map_or(0, |l| l.split_whitespace().next().unwrap().parse().unwrap())
}

#[test]
fn the_bot_plays_to_the_end_with_stealth_and_strikes_sleepers_unawares() {
    for set in ["core_combat,stealth", "core_combat,equipment,stealth"] {
        let dir = tempfile::tempdir().unwrap();
        let trace = dir.path().join("bot.jsonl");
        let out =
            run(&["--plugins", set, "--bot", "20", "--seed", "1", "--jobs", "2", "--trace", trace.to_str().unwrap()]);
        let (summary, stderr) = text(&out);
        assert!(out.status.success(), "{set}: {stderr}");
        assert!(summary.contains("20 runs") || summary.contains("runs: 20"), "{set}: {summary}");
        assert_eq!(at_turn_limit(&summary), 0, "with '{set}' a run stalled to the turn limit:\n{summary}");
        let events = read_trace(Path::new(&trace));
        let sneaks = common::events(&events, "sneak_attack");
        assert!(!sneaks.is_empty(), "{set}: the bot struck no sleeper unawares in 20 runs");
        for s in sneaks {
            let (damage, dealt) = (s["damage"].as_i64().unwrap(), s["dealt"].as_i64().unwrap());
            assert_eq!(dealt, 3 * damage, "{s}");
        }
    }
}
