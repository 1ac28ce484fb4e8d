//! The caves and vaults plugins in the game, through the engine with the
//! real libraries and records: every vaults piece is laid on floors 1 to
//! 12 over a few seeds; every cave floor is made by the caves plugin, whole
//! (each open cell reached from the start), with monsters and items on cave
//! ground; and the bot plays each plugin beside core_combat to the end of
//! every run, none stalled to the turn limit.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep_api::Point;
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::records::check::load_game_records;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::Game;
use serde_json::Value;

/// The plugins of `folder` and the game's records for them.
fn loaded(folder: &Path) -> (Rc<Plugins>, Rc<Records>) {
    let plugins = Rc::new(load_plugins(folder, None).expect("the plugins load"));
    let records = Rc::new(load_game_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    (plugins, records)
}

/// Floor `floor` made from `seed`: the game and its trace's events.
fn make(seed: u64, floor: u32, plugins: &Rc<Plugins>, records: &Rc<Records>) -> (Game, Vec<Value>) {
    let map = Map::new_filled(5, 5, Tile::Floor);
    let mut game = Game::blank(seed, map, Point::new(1, 1), plugins.clone(), records.clone(), Trace::in_memory());
    game.enter_new_floor(floor);
    let lines = game.take_trace_lines();
    (game, lines.iter().map(|l| serde_json::from_str(l).expect("a trace line is JSON")).collect())
}

/// Every cell the start reaches over passable cells, 4 ways.
fn reached(map: &Map, start: Point) -> Vec<bool> {
    let w = map.width();
    let mut seen = vec![false; (w * map.height()) as usize];
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if !map.in_bounds(p) || !map.is_passable(p) || seen[(p.y * w + p.x) as usize] {
            continue;
        }
        seen[(p.y * w + p.x) as usize] = true;
        stack.extend([p.offset(1, 0), p.offset(-1, 0), p.offset(0, 1), p.offset(0, -1)]);
    }
    seen
}

/// The fewest steps along rows and columns from `from` to `to` over
/// passable cells (`usize::MAX`: none).
fn steps(map: &Map, from: Point, to: Point) -> usize {
    let w = map.width();
    let mut dist = vec![usize::MAX; (w * map.height()) as usize];
    let mut queue = std::collections::VecDeque::from([(from, 0)]);
    while let Some((p, d)) = queue.pop_front() {
        if !map.in_bounds(p) || !map.is_passable(p) || dist[(p.y * w + p.x) as usize] != usize::MAX {
            continue;
        }
        dist[(p.y * w + p.x) as usize] = d;
        queue.extend([p.offset(1, 0), p.offset(-1, 0), p.offset(0, 1), p.offset(0, -1)].map(|n| (n, d + 1)));
    }
    dist[(to.y * w + to.x) as usize]
}

/// The ids of the vaults plugin's pieces, read from its records file.
fn vault_ids() -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("data/vaults/pieces.toml")).unwrap();
    let ids: BTreeSet<String> =
        text.lines().filter_map(|l| l.strip_prefix("id = \"")).map(|l| l.trim_end_matches('"').to_string()).collect();
    assert!(ids.len() >= 12, "at least twelve pieces: {ids:?}");
    ids
}

#[test]
fn every_vaults_piece_is_laid_on_floors_one_to_twelve_over_a_few_seeds() {
    let names = ["core_combat", "equipment", "ranged_combat", "fireball", "vaults"];
    let folder = plugin_folder(&names.map(first_party));
    let (plugins, records) = loaded(folder.path());
    let ids = vault_ids();
    // piece -> floors it was laid on.
    let mut laid: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for seed in 0..6u64 {
        for floor in 1..=12 {
            let (_, events) = make(seed * 100 + u64::from(floor), floor, &plugins, &records);
            for e in events.iter().filter(|e| e["event"] == "piece") {
                laid.entry(e["piece"].as_str().unwrap().to_string()).or_default().insert(floor);
            }
        }
    }
    let missing: Vec<&String> = ids.iter().filter(|id| !laid.contains_key(*id)).collect();
    assert!(missing.is_empty(), "never laid: {missing:?}; laid: {laid:?}");
    for (id, floors) in &laid {
        let record = &records.pieces[id];
        assert!(
            floors.iter().all(|f| (record.floors.0..=record.floors.1).contains(f)),
            "{id} only on its floors: {floors:?}"
        );
    }
}

#[test]
fn without_the_plugins_a_piece_needs_it_is_never_laid() {
    // core_combat and vaults alone: the pieces that need equipment,
    // ranged_combat or fireball are skipped, the rest still laid.
    let folder = plugin_folder(&[first_party("core_combat"), first_party("vaults")]);
    let (plugins, records) = loaded(folder.path());
    let mut laid = BTreeSet::new();
    for seed in 0..6u64 {
        for floor in 1..=12 {
            let (_, events) = make(seed * 100 + u64::from(floor), floor, &plugins, &records);
            laid.extend(
                events.iter().filter(|e| e["event"] == "piece").map(|e| e["piece"].as_str().unwrap().to_string()),
            );
        }
    }
    for needs_more in ["vaults_armoury", "vaults_library", "vaults_altars_of_arms", "vaults_smugglers_cache"] {
        assert!(!laid.contains(needs_more), "{needs_more} needs a plugin left out");
    }
    assert!(laid.contains("vaults_treasury") && laid.contains("vaults_captive"), "{laid:?}");
}

#[test]
fn every_cave_floor_is_made_by_the_caves_plugin_whole_and_filled() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("caves")]);
    let (plugins, records) = loaded(folder.path());
    let (mut caves, mut with_items) = (0, 0);
    for seed in 0..8u64 {
        for floor in 1..=12u32 {
            let (game, events) = make(seed * 100 + u64::from(floor), floor, &plugins, &records);
            let head = events.iter().find(|e| e["event"] == "floor").expect("a floor event");
            let expected = match floor {
                3 | 4 => Some("caves"),
                8 | 9 => Some("caves_deep"),
                _ => None,
            };
            assert_eq!(head["generator"].as_str(), expected, "seed {seed} floor {floor}: {head}");
            if expected.is_none() {
                continue;
            }
            let map = game.map();
            let (w, h) = (map.width(), map.height());
            let start = game.player().pos;
            assert_eq!(game.terrain_name(start), "caves_floor", "the player arrives on cave ground");
            let seen = reached(map, start);
            for p in map.points() {
                if p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1 {
                    assert_eq!(map.tile(p), Tile::Wall, "seed {seed} floor {floor}: the border {p:?}");
                } else if map.is_passable(p) {
                    assert!(seen[(p.y * w + p.x) as usize], "seed {seed} floor {floor}: {p:?} is cut off");
                }
            }
            let stairs =
                Point::new(head["stairs_x"].as_i64().unwrap() as i32, head["stairs_y"].as_i64().unwrap() as i32);
            let walk = steps(map, start, stairs);
            assert!(walk >= 60, "seed {seed} floor {floor}: start and stairs {walk} steps apart, not far");
            let monsters = game.creatures().len() - 1;
            assert!((1..=40).contains(&monsters), "seed {seed} floor {floor}: {monsters} monsters");
            for c in game.creatures().values().filter(|c| !c.id.is_player()) {
                assert_eq!(game.terrain_name(c.pos), "caves_floor", "seed {seed} floor {floor}: {}", c.trace_name());
            }
            caves += 1;
            with_items += usize::from(!game.items().is_empty());
            assert!(game.items().iter().all(|i| game.terrain_name(i.pos) == "caves_floor"));
        }
    }
    // A block gets 0 or 1 items, as a room does: a floor may by chance have none.
    assert!(with_items * 4 >= caves * 3, "{with_items} of {caves} cave floors had items");
}

/// How many of a bot summary's runs reached the turn limit.
fn at_turn_limit(summary: &str) -> usize {
    summary
        .lines()
        .find(|l| l.contains("survived (turn limit"))
        .map_or(0, |l| l.split_whitespace().next().unwrap().parse().unwrap())
}

#[test]
fn the_bot_plays_every_run_to_its_end_with_caves_and_with_vaults() {
    for set in ["core_combat,vaults", "core_combat,caves"] {
        let out = run(&["--plugins", set, "--bot", "20", "--seed", "1", "--jobs", "2"]);
        let (summary, stderr) = text(&out);
        assert!(out.status.success(), "{set}: {stderr}");
        assert!(summary.contains("runs: 20"), "{summary}");
        assert_eq!(at_turn_limit(&summary), 0, "with '{set}' a run stalled to the turn limit:\n{summary}");
    }
}
