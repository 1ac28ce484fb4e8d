//! The depths plugin in the game, through the engine with the real
//! libraries and records: its floors are made by its generators and hold
//! (every cell one walks reached from the start without crossing a chasm
//! or lava, nothing laid on one); a monster whose bridge becomes a chasm
//! falls at the turn's end; walkers' paths go round a chasm and fliers'
//! cross it; and the bot plays it beside core_combat to the end of every
//! run, none stalled to the turn limit.

use crate::common;

use std::collections::VecDeque;
use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep_api::{MonsterState, Point, DIRECTIONS};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::records::check::load_game_records;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::rules::turn::Action;
use emberdeep_engine::Game;
use serde_json::Value;

/// The plugins of `folder` and the game's records for them.
fn loaded(folder: &Path) -> (Rc<Plugins>, Rc<Records>) {
    let plugins = Rc::new(load_plugins(folder, None).expect("the plugins load"));
    let records = Rc::new(load_game_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    (plugins, records)
}

fn events(game: &mut Game) -> Vec<Value> {
    game.take_trace_lines().iter().map(|l| serde_json::from_str(l).expect("a trace line is JSON")).collect()
}

/// Every cell reached from `start` by steps a walker takes (8 ways, never
/// onto a chasm or lava).
fn walked(map: &Map, start: Point) -> Vec<bool> {
    let w = map.width();
    let mut seen = vec![false; (w * map.height()) as usize];
    seen[(start.y * w + start.x) as usize] = true;
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        for (dx, dy) in DIRECTIONS {
            let n = p.offset(dx, dy);
            if map.in_bounds(n) && map.tile(n).is_safe_step() && !seen[(n.y * w + n.x) as usize] {
                seen[(n.y * w + n.x) as usize] = true;
                queue.push_back(n);
            }
        }
    }
    seen
}

#[test]
fn the_lake_and_ruin_floors_are_made_by_depths_and_walk_whole() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("depths")]);
    let (plugins, records) = loaded(folder.path());
    let mut chasms = 0;
    for seed in 0..6u64 {
        for (floor, generator) in [
            (5, "depths_lakes"),
            (6, "depths_lakes"),
            (7, "depths_ruins"),
            (10, "depths_lakes_deep"),
            (11, "depths_ruins_deep"),
        ] {
            let map = Map::new_filled(5, 5, Tile::Floor);
            let mut game =
                Game::blank(seed, map, Point::new(1, 1), plugins.clone(), records.clone(), Trace::in_memory());
            game.enter_new_floor(floor);
            let events = events(&mut game);
            let head = events.iter().find(|e| e["event"] == "floor").expect("a floor event");
            assert_eq!(head["generator"].as_str(), Some(generator), "seed {seed} floor {floor}: {head}");
            assert!(!events.iter().any(|e| e["event"] == "generator_refused"));
            let map = game.map();
            let w = map.width();
            let start = game.player().pos;
            let seen = walked(map, start);
            for p in map.points() {
                if map.tile(p).is_safe_step() && map.tile(p).is_walkable() {
                    assert!(seen[(p.y * w + p.x) as usize], "seed {seed} floor {floor}: {p:?} is cut off on foot");
                }
                chasms += usize::from(game.terrain_name(p) == "depths_chasm");
            }
            let stairs =
                Point::new(head["stairs_x"].as_i64().unwrap() as i32, head["stairs_y"].as_i64().unwrap() as i32);
            assert!(seen[(stairs.y * w + stairs.x) as usize], "seed {seed} floor {floor}: the stairs on foot");
            for c in game.creatures().values() {
                assert!(map.tile(c.pos).is_safe_step(), "seed {seed} floor {floor}: {} on a chasm", c.trace_name());
            }
            assert!(game.items().iter().all(|i| map.tile(i.pos).is_safe_step()));
        }
    }
    assert!(chasms > 100, "the floors have chasms: {chasms} cells");
}

/// A walled room with the real plugins, the player at 1,1.
fn room(plugins: &Rc<Plugins>, records: &Rc<Records>) -> Game {
    let mut map = Map::new_filled(14, 8, Tile::Wall);
    for y in 1..7 {
        for x in 1..13 {
            map.set_tile(Point::new(x, y), Tile::Floor);
        }
    }
    Game::blank(5, map, Point::new(1, 1), plugins.clone(), records.clone(), Trace::in_memory())
}

#[test]
fn a_monster_whose_bridge_becomes_a_chasm_falls_at_the_turns_end() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("depths")]);
    let (plugins, records) = loaded(folder.path());
    let mut game = room(&plugins, &records);
    let at = Point::new(8, 4);
    for x in 6..=10 {
        game.set_terrain(Point::new(x, 4), "depths_chasm", "test").unwrap();
    }
    game.set_terrain(at, "depths_bridge", "test").unwrap();
    let goblin = game.spawn_creature_as("goblin", at, "", MonsterState::Asleep, "test").unwrap();
    game.player_action(Action::Wait);
    assert!(game.creatures().contains_key(&goblin), "a bridge holds its sleeper");
    // The bridge burns away (any plugin's change of its terrain).
    game.set_terrain(at, "depths_chasm", "test").unwrap();
    events(&mut game);
    game.player_action(Action::Wait);
    assert!(!game.creatures().contains_key(&goblin), "the goblin fell");
    let events = events(&mut game);
    assert!(
        events.iter().any(|e| e["event"] == "plunge" && e["creature"] == "goblin#1" && e["into"] == "chasm"),
        "{events:?}"
    );
    assert!(events.iter().any(|e| e["event"] == "removed"), "{events:?}");
}

#[test]
fn walkers_go_round_a_chasm_and_fliers_cross_it() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("depths")]);
    let (plugins, records) = loaded(folder.path());
    let mut game = room(&plugins, &records);
    // A chasm across the room at x = 6, but for a way round at its foot.
    for y in 1..6 {
        game.set_terrain(Point::new(6, y), "depths_chasm", "test").unwrap();
    }
    let goal = Point::new(11, 2);
    let goblin = game.spawn_creature_as("goblin", Point::new(3, 2), "", MonsterState::Asleep, "test").unwrap();
    let bat = game.spawn_creature_as("vampire_bat", Point::new(3, 3), "", MonsterState::Asleep, "test").unwrap();
    let walk = |game: &mut Game, id| {
        let mut cells = Vec::new();
        for _ in 0..12 {
            let Some(step) = game.step_toward(id, goal) else { break };
            assert!(game.move_creature(id, step));
            cells.push(step);
        }
        cells
    };
    let goblin_walk = walk(&mut game, goblin);
    assert!(goblin_walk.iter().all(|p| game.terrain_name(*p) != "depths_chasm"), "{goblin_walk:?}");
    assert!(goblin_walk.contains(&Point::new(6, 6)), "round by the foot: {goblin_walk:?}");
    let bat_walk = walk(&mut game, bat);
    assert!(bat_walk.iter().any(|p| game.terrain_name(*p) == "depths_chasm"), "{bat_walk:?}");
    assert!(bat_walk.len() < goblin_walk.len(), "straight over: {bat_walk:?}");
    // A walker's step onto the chasm is refused outright.
    game.place_creature(goblin, Point::new(5, 3), "test").unwrap();
    assert!(!game.move_creature(goblin, Point::new(6, 3)), "a goblin never steps into a chasm");
}

#[test]
fn the_time_savers_never_cross_a_known_chasm_even_with_no_way_round() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("depths")]);
    let (plugins, records) = loaded(folder.path());
    for (across, crossed) in [("depths_chasm", false), ("depths_lake_water", true)] {
        let mut game = room(&plugins, &records);
        game.set_terrain(Point::new(11, 3), "stairs_down", "test").unwrap();
        // Wall to wall: no way round.
        for y in 1..7 {
            game.set_terrain(Point::new(6, y), across, "test").unwrap();
        }
        game.reveal_map("test");
        assert!(game.knows_stairs());
        // Deep water is a hazard one may swim when no way goes round it;
        // a chasm never is crossed.
        assert_eq!(game.stairs_step().is_some(), crossed, "{across}");
    }
}

/// How many of a bot summary's runs reached the turn limit.
fn at_turn_limit(summary: &str) -> usize {
    summary
        .lines()
        .find(|l| l.contains("survived (turn limit"))
        .map_or(0, |l| l.split_whitespace().next().unwrap().parse().unwrap())
}

#[test]
fn the_bot_plays_every_run_to_its_end_with_depths() {
    let out = run(&["--plugins", "core_combat,depths", "--bot", "20", "--seed", "1", "--jobs", "2"]);
    let (summary, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(summary.contains("runs: 20"), "{summary}");
    assert_eq!(at_turn_limit(&summary), 0, "a run stalled to the turn limit:\n{summary}");
}
