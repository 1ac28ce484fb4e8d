//! The rules as `docs/rules.md` gives them, with its numbers, played on
//! scenarios: the reach of a noise, doors that only some monsters open, a
//! melee monster that wanders once it loses sight of the player, fire that
//! sets nobody hunting, one heap per cell, the new total on picking up,
//! shots that meet a wall, the messages when a monster wakes or notices the
//! player, and the traits and descriptions of every shipped record. (These
//! are the rules the game had drifted from before issue 17.)
//!
//! Every test plays in this process, through the front end's `App` and the
//! real plugins, so that it can read what a player would see: the log, the
//! look panel, the monsters' states and where things lie. That the game
//! refuses bad traits and descriptions at its start is in `hostile.rs`.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep::drivers::play::scenario::game_from_scenario;
use emberdeep::front::app::App;
use emberdeep::front::keys::parse_keys;
use emberdeep_api::{EntityId, MonsterState, Point};
use emberdeep_engine::core::map::Tile;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::world::targeting::LookLine;

/// The first-party plugins, loaded once per test.
fn plugins() -> Rc<Plugins> {
    // The first five: the rules of these docs are theirs (the content
    // plugins' own rules have their own checks).
    let wanted: Vec<String> = FIRST_FIVE.split(',').map(String::from).collect();
    Rc::new(load_plugins(&plugin_dir(), Some(&wanted)).expect("the plugins load"))
}

/// A game from a scenario file with every first-party plugin and the
/// records of `data` (the shipped ones when `None`), its trace kept in memory.
fn start(scenario_file: &Path, seed: u64, data: Option<&Path>) -> App {
    let plugins = plugins();
    let data = data.map_or_else(|| root().join("data"), Path::to_path_buf);
    let records = Rc::new(load_records(&data, &plugins.registered()).expect("the records load"));
    let mut trace = emberdeep_engine::data::trace::Trace::console();
    trace.kept = Some(Vec::new());
    let game = game_from_scenario(scenario_file, seed, plugins, records, trace).expect("the scenario loads");
    App::with_host_views(game)
}

/// Presses `keys` (the `--keys` notation).
fn press(app: &mut App, keys: &str) {
    for key in parse_keys(keys).expect("keys") {
        app.press(key);
    }
}

/// The monster standing at `p` at the start, by its id (ids follow the
/// scenario's reading order: row by row, left to right).
fn monster_at(app: &App, p: Point) -> EntityId {
    app.game.creature_at(p).unwrap_or_else(|| panic!("a monster at {p:?}")).id
}

fn state(app: &App, id: EntityId) -> MonsterState {
    app.game.creatures().get(&id).expect("alive").state
}

fn goal(app: &App, id: EntityId) -> Option<Point> {
    app.game.creatures().get(&id).expect("alive").goal
}

/// How many times the log said `text` (repeats collapse into one line with a count).
fn said(app: &App, text: &str) -> u32 {
    app.game.log().messages().iter().filter(|m| m.text == text).map(|m| m.count).sum()
}

fn log_text(app: &App) -> String {
    app.game.log().messages().iter().map(|m| format!("{} (x{})", m.text, m.count)).collect::<Vec<_>>().join("\n")
}

/// The trace events of kind `event` the game kept.
fn kept_events(app: &App, event: &str) -> Vec<serde_json::Value> {
    let lines = app.game.trace().kept.as_ref().expect("the trace is kept");
    lines
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a trace line is JSON"))
        .filter(|e| e["event"] == event)
        .collect()
}

// ---- 1. The reach of a noise ---------------------------------------------

/// Plays `noise_reach.txt` (wear the plate, one step east) with the plate's
/// noise as the records say; returns the sleepers woken and the wanderers
/// that came to look, by their distance from the step.
fn noise_reach(data: Option<&Path>) -> (Vec<i32>, Vec<i32>) {
    let mut app = start(&scenario("noise_reach.txt"), 3, data);
    let at = |x: i32, y: i32| Point::new(x, y);
    let sleepers = [(3, at(5, 1)), (4, at(6, 1)), (17, at(19, 1)), (18, at(20, 1))];
    let wanderers = [(6, at(8, 4)), (7, at(9, 4)), (20, at(22, 4)), (21, at(23, 4))];
    let ids = |list: &[(i32, Point)], app: &App| -> Vec<(i32, EntityId)> {
        list.iter().map(|&(d, p)| (d, monster_at(app, p))).collect()
    };
    let (sleepers, wanderers) = (ids(&sleepers, &app), ids(&wanderers, &app));
    press(&mut app, "i a Enter");
    assert!(sleepers.iter().all(|&(_, id)| state(&app, id) == MonsterState::Asleep), "wearing is silent");
    press(&mut app, "l");
    let step = Point::new(2, 1);
    assert_eq!(app.game.player().pos, step);
    for &(d, id) in sleepers.iter().chain(&wanderers) {
        assert_eq!(app.game.creatures().get(&id).unwrap().pos.steps_to(step), d, "{d} steps from the noise");
    }
    let woken = sleepers.iter().filter(|&&(_, id)| state(&app, id) != MonsterState::Asleep).map(|&(d, _)| d);
    let drawn = wanderers.iter().filter(|&&(_, id)| goal(&app, id) == Some(step)).map(|&(d, _)| d);
    let (woken, drawn): (Vec<i32>, Vec<i32>) = (woken.collect(), drawn.collect());
    for &(_, id) in sleepers.iter().chain(&wanderers) {
        assert_ne!(state(&app, id), MonsterState::Hunting, "a noise brings monsters to look, not to hunt");
    }
    (woken, drawn)
}

#[test]
fn plate_at_6_wakes_sleepers_within_3_steps_not_4_and_draws_wanderers_within_6() {
    let (woken, drawn) = noise_reach(None);
    assert_eq!(woken, [3], "sleepers woken, by distance");
    assert_eq!(drawn, [6], "wanderers come to look, by distance");
}

#[test]
fn a_noise_of_20_wakes_a_sleeper_17_steps_away_and_not_18() {
    let data = data_with("equipment/armor.toml", |t| t.replace("defense = 5, noise = 6", "defense = 5, noise = 20"));
    let (woken, drawn) = noise_reach(Some(data.path()));
    assert_eq!(woken, [3, 4, 17], "sleepers woken, by distance");
    assert_eq!(drawn, [6, 7, 20], "wanderers come to look, by distance");
}

// ---- 2. Traits: doors ----------------------------------------------------

#[test]
fn a_kobold_opens_its_door_and_a_rat_never_does() {
    let mut app = start(&scenario("door_pockets.txt"), 5, None);
    let (rat_door, kobold_door) = (Point::new(4, 3), Point::new(6, 3));
    let rat = monster_at(&app, Point::new(4, 4));
    press(&mut app, "40*.");
    assert_eq!(app.game.map().tile(kobold_door), Tile::DoorOpen, "the kobold opened its door");
    assert_eq!(app.game.map().tile(rat_door), Tile::DoorClosed, "the rat cannot");
    assert_eq!(app.game.creatures().get(&rat).unwrap().pos, Point::new(4, 4), "the rat is still shut in");
}

// ---- 3. The melee brain out of sight -------------------------------------

/// Of `tries` runs of `lost_sight.txt` with `kind` in the hall: in how
/// many the monster, on the turn it first cannot see the player, steps
/// toward the cell where it last saw the player.
fn follows_last_seen(kind: &str, tries: u64) -> u32 {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lost.txt");
    let text = std::fs::read_to_string(scenario("lost_sight.txt")).unwrap();
    std::fs::write(&path, text.replace("monster goblin", &format!("monster {kind}"))).unwrap();
    let mut toward = 0;
    for seed in 1..=tries {
        let mut app = start(&path, seed, None);
        let me = monster_at(&app, Point::new(3, 1));
        let sight = app.game.creatures().get(&me).unwrap().sight;
        let (mut last_seen, mut lost_at) = (None, None);
        // Wait to be seen, then walk down the passage and round its bend.
        let keys = format!(". j j j l l{}", " .".repeat(10));
        for (turn, key) in keys.split(' ').enumerate() {
            let before = app.game.creatures().get(&me).unwrap().pos;
            press(&mut app, key);
            let Some(m) = app.game.creatures().get(&me) else { break };
            let player = app.game.player().pos;
            // What the monster saw when its turn came: the player moved, it had not yet.
            let saw = app.game.fov().is_visible(before) && before.steps_to(player) <= sight;
            match (lost_at, last_seen) {
                (None, _) if saw => last_seen = Some(player),
                (None, Some(spot)) => {
                    lost_at = Some(turn);
                    if m.pos.steps_to(spot) < before.steps_to(spot) {
                        toward += 1;
                    }
                }
                _ => {}
            }
            if lost_at.is_some() {
                break;
            }
        }
        assert!(lost_at.is_some(), "{kind}, seed {seed}: the monster saw the player, then lost sight of it");
    }
    toward
}

#[test]
fn a_goblin_that_loses_sight_of_the_player_wanders_and_a_jackal_tracks() {
    let goblin = follows_last_seen("goblin", 60);
    let jackal = follows_last_seen("jackal", 60);
    eprintln!(
        "on losing sight, steps toward where it last saw the player: goblin {goblin} of 60, jackal {jackal} of 60"
    );
    // Wandering, it steps east (toward that cell) when its die says east: about 1 time in 8.
    assert!(goblin <= 15, "a goblin wanders: {goblin} of 60 stepped toward the last place it saw the player");
    assert_eq!(jackal, 60, "a jackal tracks: {jackal} of 60");
}

// ---- 4. Fire that burns monsters sets none hunting -------------------------

#[test]
fn an_ogre_burned_by_a_dragons_fire_wakes_to_the_noise_but_does_not_hunt() {
    let mut app = start(&scenario("dragon_burns_ogre.txt"), 6, None);
    let ogre = monster_at(&app, Point::new(3, 2));
    press(&mut app, ".");
    let burns: Vec<_> = kept_events(&app, "attack").into_iter().filter(|a| a["kind"] == "fire").collect();
    assert!(burns.iter().any(|b| b["target"] == "ogre#1"), "the fire burned the ogre: {burns:?}");
    assert!(app.game.creatures().get(&ogre).is_some(), "the ogre lived");
    let wakes: Vec<_> = kept_events(&app, "wake").into_iter().filter(|w| w["monster"] == "ogre#1").collect();
    let causes: Vec<&str> = wakes.iter().map(|w| w["cause"].as_str().unwrap()).collect();
    assert_eq!(causes, ["noise"], "the roar woke it; the burn did not set it hunting: {wakes:?}");
    assert_eq!(state(&app, ogre), MonsterState::Wandering);
}

// ---- 5 and 6. Heaps and pick-ups -----------------------------------------

/// Every floor cell holds at most one heap.
fn one_heap_per_cell(app: &App) {
    let mut cells: Vec<Point> = app.game.items().iter().map(|i| i.pos).collect();
    cells.sort_by_key(|p| (p.y, p.x));
    let all = cells.len();
    cells.dedup();
    assert_eq!(cells.len(), all, "two heaps on one cell: {:?}", app.game.items());
}

/// The heap at `p`: its kind and count.
fn heap_at(app: &App, p: Point) -> Option<(String, u32)> {
    app.game.items().iter().find(|i| i.pos == p).map(|i| (i.kind.clone(), i.count))
}

#[test]
fn darts_dropped_on_a_potion_are_refused_and_join_darts_and_potions_join_their_heap() {
    let mut app = start(&scenario("heaps.txt"), 1, None);
    press(&mut app, "l");
    let here = Point::new(3, 2);
    assert_eq!(app.game.player().pos, here);
    // Slot a: 6 darts, onto the potion: refused, nothing moves, no turn.
    press(&mut app, "d a Enter");
    one_heap_per_cell(&app);
    assert_eq!(said(&app, "There's already something here."), 1, "{}", log_text(&app));
    assert_eq!(heap_at(&app, here), Some(("healing_potion".into(), 1)));
    assert_eq!(heap_at(&app, Point::new(3, 1)), Some(("darts".into(), 3)), "the darts north lie as they were");
    assert_eq!(app.game.pack().get(0).map(|i| i.count), Some(6), "the darts stay in the pack");
    assert_eq!(app.game.turn(), 1, "the refused drop took no turn");
    // Slot b: 2 potions, onto the potion underfoot.
    press(&mut app, "d b Enter");
    one_heap_per_cell(&app);
    assert_eq!(heap_at(&app, here), Some(("healing_potion".into(), 3)));
    assert_eq!(said(&app, "You drop 2 potions of healing."), 1, "{}", log_text(&app));
    // North onto the 3 darts: the 6 join them.
    press(&mut app, "k d a Enter");
    one_heap_per_cell(&app);
    assert_eq!(heap_at(&app, Point::new(3, 1)), Some(("darts".into(), 9)), "the darts joined their own kind");
    assert_eq!(said(&app, "You drop 6 darts."), 1, "{}", log_text(&app));
}

#[test]
fn picking_up_one_dart_to_six_says_the_new_total() {
    let mut app = start(&scenario("pick_up_total.txt"), 1, None);
    press(&mut app, "l g");
    assert_eq!(said(&app, "a - 7 darts."), 1, "{}", log_text(&app));
    assert_eq!(app.game.pack().get(0).map(|i| i.count), Some(7));
}

// ---- 7. Shots that meet a wall -------------------------------------------

fn warnings(app: &mut App) -> Vec<String> {
    app.game
        .aim_look()
        .into_iter()
        .filter_map(|l| match l {
            LookLine::Warning(w) => Some(w),
            _ => None,
        })
        .collect()
}

#[test]
fn aiming_at_or_past_a_wall_says_blocked_and_the_arrow_says_where_it_hit() {
    let mut app = start(&scenario("wall_shot.txt"), 2, None);
    // Ready the bow (a), fill the quiver (b), then `f`: the cursor starts on the player.
    press(&mut app, "i a Enter i b Enter f");
    assert!(app.game.is_aiming());
    press(&mut app, "9*h");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(1, 2)), "9 steps west, a clear line");
    assert_eq!(warnings(&mut app), ["Out of range (8)"], "a clear line that is too long is out of range");
    press(&mut app, "9*l 3*l");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(13, 2)), "on the wall");
    assert_eq!(warnings(&mut app), ["Blocked by a wall"]);
    press(&mut app, "8*l");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(21, 2)), "11 steps east, past the wall and the range");
    assert_eq!(warnings(&mut app), ["Blocked by a wall"], "not \"Out of range\"");
    // Firing asks first; anything but `y` goes back to aiming, at no cost.
    press(&mut app, "Enter n");
    assert!(app.game.is_aiming() && app.game.turn() == 2, "{}", log_text(&app));
    assert_eq!(said(&app, "You hold your fire."), 1, "{}", log_text(&app));
    press(&mut app, "Enter y");
    assert!(!app.game.is_aiming());
    assert_eq!(said(&app, "The arrow hits the wall."), 1, "{}", log_text(&app));
    // A thrown dart at the wall says so too.
    press(&mut app, "t c 3*l Enter y");
    assert_eq!(said(&app, "The dart hits the wall."), 1, "{}", log_text(&app));
}

#[test]
fn a_shot_stopped_by_a_closed_door_says_door() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("door.txt");
    let text = "[map]\n##########\n#@..+....#\n##########\n[pack]\ndarts 1\n";
    std::fs::write(&path, text).unwrap();
    let mut app = start(&path, 1, None);
    press(&mut app, "t a 5*l");
    assert_eq!(warnings(&mut app), ["Blocked by a door"]);
    press(&mut app, "Enter y");
    assert_eq!(said(&app, "The dart hits the door."), 1, "{}", log_text(&app));
}

// ---- 8. Waking and noticing ----------------------------------------------

#[test]
fn a_monster_in_sight_that_wakes_or_notices_the_player_says_so_once() {
    let mut app = start(&scenario("wake_messages.txt"), 4, None);
    let (seen, hidden) = (monster_at(&app, Point::new(5, 2)), monster_at(&app, Point::new(2, 5)));
    assert!(app.game.fov().is_visible(Point::new(5, 2)) && !app.game.fov().is_visible(Point::new(2, 5)));
    // A noise of 6 two steps from both goblins wakes them both.
    app.game.noise(Point::new(4, 3), 6, "test");
    assert_eq!((state(&app, seen), state(&app, hidden)), (MonsterState::Wandering, MonsterState::Wandering));
    assert_eq!(said(&app, "The goblin wakes up."), 1, "only the goblin in sight is told of: {}", log_text(&app));
    press(&mut app, "3*.");
    assert_eq!(state(&app, seen), MonsterState::Hunting);
    assert_eq!(said(&app, "The goblin notices you."), 1, "{}", log_text(&app));
    assert_eq!(said(&app, "The jackal notices you."), 1, "{}", log_text(&app));
    assert_eq!(said(&app, "The goblin wakes up."), 1, "{}", log_text(&app));
}

#[test]
fn a_sleeper_struck_by_the_player_wakes_up_and_notices_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("strike.txt");
    std::fs::write(&path, "[map]\n######\n#@o..#\n######\n[legend]\no = monster ogre asleep\n").unwrap();
    let mut app = start(&path, 1, None);
    press(&mut app, "l");
    assert_eq!(said(&app, "The ogre wakes up and notices you."), 1, "{}", log_text(&app));
    assert_eq!(said(&app, "The ogre wakes up."), 0);
}

// ---- 9. Every shipped record: traits and a description --------------------

#[test]
fn every_shipped_monster_and_item_has_a_description_and_the_humanoids_open_doors() {
    let records = load_records(&root().join("data"), &plugins().registered()).expect("the shipped records load");
    assert!(records.monsters.len() >= 10 && records.items.len() >= 15);
    for m in records.monsters.values() {
        assert!(!m.description.is_empty() && m.description.len() <= 500, "{}: {:?}", m.id, m.description);
    }
    for i in records.items.values() {
        assert!(!i.description.is_empty() && i.description.len() <= 500, "{}: {:?}", i.id, i.description);
    }
    use emberdeep_engine::data::records::MonsterTrait::{KeepsDistance, OpensDoors, Tracks};
    let has = |id: &str, t| records.monsters[id].has(t);
    for id in ["kobold", "goblin", "orc", "archer"] {
        assert!(has(id, OpensDoors), "{id} opens doors");
    }
    // The ranged combat chapter: of its two, only the archer opens doors.
    for id in ["giant_white_rat", "jackal", "dusk_elf_mage"] {
        assert!(!has(id, OpensDoors), "{id} cannot open doors");
    }
    assert!(has("jackal", Tracks) && !has("goblin", Tracks));
    for m in records.monsters.values() {
        assert_eq!(m.has(KeepsDistance), m.brain == "keeps_distance", "{}", m.id);
    }
    // A description says what a closed door does to a monster that does
    // not open one, not that it "cannot work a door": the player who sees
    // it walk through an open one reads that as the look text lying.
    for m in records.monsters.values() {
        let text = m.description.to_lowercase();
        for lie in ["cannot open door", "cannot work a door", "can't open door"] {
            assert!(!text.contains(lie), "{}'s description says what it cannot do: {:?}", m.id, m.description);
        }
        if !m.has(OpensDoors) && text.contains("door") {
            assert!(text.contains("closed door"), "{}: a closed door is what stops it: {:?}", m.id, m.description);
        }
    }
}
