//! The game never writes a save it will refuse: the running game is held to
//! what a save accepts at the moment a value is set, not when the save is
//! read. A full quiver takes no more arrows, an archer's readiness and the
//! turn count stop at their ceilings (the run ends there with a line), and
//! a scenario's floor and heaps are held to the save's limits when read.
//! A run that has handed out every creature and item id a save holds goes
//! on without new ones and still saves. A save that breaks the rules the
//! running game keeps (a hand holding an item nobody has, a text longer
//! than a store keeps, a name no plugin could give, a header number
//! written otherwise than the game writes it, a stored key given twice, a
//! terrain laid on the stairs) is refused in one line naming the file and
//! what it holds, and left byte for byte; the running game cannot write
//! any of them. The property test at the end plays bot runs, random key
//! scripts and drawn scenarios, and loads every save the game would write.
//!
//! Everything plays in this process, with the real plugins and records,
//! through the front end's `App` (keys) or the bot (actions), and saves
//! through the save module's own bytes: what `--continue` would read.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep::drivers::lab::bot;
use emberdeep::drivers::play::save;
use emberdeep::drivers::play::scenario::game_from_scenario;
use emberdeep::front::app::App;
use emberdeep::front::keys::{parse_keys, Key};
use emberdeep_api::{CreatureLook, EntityId, Point};
use emberdeep_engine::core::map::Tile;
use emberdeep_engine::data::bounds::{MOST_FLOORS, MOST_IDS, MOST_IN_A_STACK, MOST_ITEM_IDS, MOST_TURNS};
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::boundary::HostCtx;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::Game;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// The first-party plugins and the shipped records.
struct World {
    plugins: Rc<Plugins>,
    records: Rc<Records>,
}

fn world() -> World {
    let plugins = Rc::new(load_plugins(&plugin_dir(), None).expect("the plugins load"));
    let records = Rc::new(load_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    World { plugins, records }
}

/// A trace kept in memory, to read its events.
fn kept_trace() -> Trace {
    let mut trace = Trace::console();
    trace.kept = Some(Vec::new());
    trace
}

/// The run a scenario's text starts, or the one line that refuses it.
fn from_scenario(w: &World, text: &str, seed: u64) -> Result<Game, String> {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("scenario.txt");
    std::fs::write(&path, text).expect("write the scenario");
    game_from_scenario(&path, seed, w.plugins.clone(), w.records.clone(), kept_trace()).map_err(|e| e.to_string())
}

/// Presses `keys` (the `--keys` notation); false once a key quit.
fn press(app: &mut App, keys: &str) -> bool {
    parse_keys(keys).expect("keys").into_iter().all(|key| app.press(key))
}

/// What `--continue` would make of the save this run writes now: the same
/// run, or the line that refuses it.
fn reload(w: &World, game: &Game) -> Result<Game, String> {
    game.check().map_err(|e| format!("the run would not be saved: it holds {e}"))?;
    let bytes = save::encode(game);
    let back = save::load_bytes(&bytes, Path::new("save.json"), w.plugins.clone(), w.records.clone(), Trace::console())
        .map_err(|e| e.to_string())?;
    if back.parts() != game.parts() {
        return Err("the save loads as another run than the one saved".into());
    }
    Ok(back)
}

fn stored(game: &Game, key: &str) -> Option<i64> {
    game.store().get(&(EntityId::PLAYER, key.to_string())).copied()
}

/// How many of `kind` the pack and the floor hold.
fn held(game: &Game, kind: &str) -> u64 {
    let pack = game.pack().slots().iter().flatten().filter(|i| i.kind == kind).map(|i| u64::from(i.count));
    let floor = game.items().iter().filter(|i| i.kind == kind).map(|i| u64::from(i.count));
    pack.chain(floor).sum()
}

#[test]
fn a_full_quiver_takes_no_more_arrows_and_the_run_still_saves() {
    let w = world();
    // A long bow and a quiver's worth of arrows in the pack, 5 more on the floor east.
    let text = "[map]\n#####\n#@a.#\n#####\n[legend]\na = item arrows 5\n[pack]\nlong_bow\narrows 9999\n";
    let mut app = App::with_host_views(from_scenario(&w, text, 1).expect("the scenario starts"));
    press(&mut app, "i a Enter i b Enter");
    assert_eq!(stored(&app.game, "quiver_count"), Some(9999), "the bow readied, 9,999 arrows quivered");
    reload(&w, &app.game).expect("a full quiver saves");
    // Five picked up: they go to the pack, not the full quiver.
    press(&mut app, "l g");
    assert_eq!(stored(&app.game, "quiver_count"), Some(9999), "the quiver holds no more than 9,999");
    assert_eq!(held(&app.game, "arrows"), 5, "the five are in the pack");
    reload(&w, &app.game).expect("after picking up");
    // Quivering them: the full quiver takes none, and they stay in the pack.
    press(&mut app, "i a Enter");
    assert_eq!(stored(&app.game, "quiver_count"), Some(9999), "the quiver holds no more than 9,999");
    let said: Vec<&str> = app.game.log().messages().iter().map(|m| m.text.as_str()).collect();
    assert_eq!(held(&app.game, "arrows"), 5, "the five are still in the pack: {said:?} {:?}", app.game.pack().slots());
    reload(&w, &app.game).expect("after quivering more");
}

/// A hall with an archer five steps east of the player, hunting.
const ARCHER_HALL: &str = "[map]\n##########\n#@....a..#\n##########\n[legend]\na = monster archer hunting\n";

#[test]
fn an_archer_at_the_largest_turn_is_held_to_its_range_and_the_run_ends_there() {
    let w = world();
    let ceiling = u64::from(u32::MAX);
    let mut app = App::with_host_views(from_scenario(&w, ARCHER_HALL, 3).expect("the scenario starts"));
    app.game.set_turn(ceiling - 3);
    for _ in 0..6 {
        press(&mut app, ".");
        let ready = app.game.store().iter().find(|((_, k), _)| k == "ranged_ready").map(|(_, v)| *v);
        assert!(ready.is_none_or(|r| r <= ceiling as i64), "ranged_ready {ready:?} is past its declared range");
        assert!(app.game.turn() <= ceiling, "turn {} is past the ceiling", app.game.turn());
        if app.game.player().hp > 0 {
            reload(&w, &app.game).unwrap_or_else(|e| panic!("at turn {}: {e}", app.game.turn()));
        }
    }
    assert_eq!(MOST_TURNS, ceiling, "the ceiling is the largest turn a u32 counts");
    assert!(app.game.is_over() && app.game.turn() == MOST_TURNS, "the run ends at the ceiling");
    let said: Vec<&str> = app.game.log().messages().iter().map(|m| m.text.as_str()).collect();
    assert!(said.iter().any(|t| t.contains("4294967295") && t.contains("the most a run may last")), "{said:?}");
    let ends = app.game.trace().kept.as_ref().expect("kept").iter().filter(|l| l.contains("\"run_end\"")).count();
    assert_eq!(ends, 1, "one run_end");
}

#[test]
fn a_run_at_the_largest_turn_a_u64_counts_never_wraps() {
    let w = world();
    let mut app = App::with_host_views(from_scenario(&w, ARCHER_HALL, 3).expect("the scenario starts"));
    app.game.set_turn(u64::MAX - 1);
    press(&mut app, ". . .");
    assert!(app.game.turn() >= u64::MAX - 1, "turn {} wrapped", app.game.turn());
    assert!(app.game.is_over(), "a turn count past its ceiling ends the run");
}

#[test]
fn a_scenario_below_the_deepest_floor_a_save_holds_is_refused_when_read() {
    let w = world();
    let on = |floor: u32| format!("[map]\n###\n#@#\n###\n[options]\nfloor = {floor}\n");
    let deepest = from_scenario(&w, &on(1000), 1).expect("floor 1000 is a floor");
    reload(&w, &deepest).expect("a run on floor 1000 saves");
    let err = from_scenario(&w, &on(1001), 1).map(|g| g.floor()).expect_err("floor 1001 is refused");
    assert!(err.ends_with("line 6: bad value '1001' for floor (expected a whole number from 1 to 1000)"), "{err}");
    assert_eq!(MOST_FLOORS, 1000);
}

#[test]
fn a_scenario_heap_larger_than_a_save_holds_is_refused_when_read() {
    let w = world();
    let heap = |count: u32| format!("[map]\n####\n#@!#\n####\n[legend]\n! = item healing_potion {count}\n");
    let full = from_scenario(&w, &heap(9999), 1).expect("a heap of 9,999");
    reload(&w, &full).expect("a heap of 9,999 saves");
    let err = from_scenario(&w, &heap(10_000), 1).map(|g| g.items().len()).expect_err("a heap of 10,000 is refused");
    assert!(err.ends_with("line 6: bad count '10000' (expected a whole number from 1 to 9999)"), "{err}");
    let pack = from_scenario(&w, "[map]\n###\n#@#\n###\n[pack]\narrows 10000\n", 1).map(|g| g.floor());
    assert!(pack
        .expect_err("a stack of 10,000")
        .ends_with("line 6: bad count '10000' (expected a whole number from 1 to 9999)"));
    assert_eq!(MOST_IN_A_STACK, 9999);
}

#[test]
fn a_run_past_its_last_creature_and_item_ids_goes_on_and_still_saves() {
    let w = world();
    // A fresh run five ids short of the most a save holds, of creatures and of items.
    let mut parts = Game::fresh(5, w.plugins.clone(), w.records.clone(), Trace::console()).parts();
    (parts.next_id, parts.next_item_id) = (MOST_IDS - 5, MOST_ITEM_IDS - 5);
    let game = Game::restore(parts, w.plugins.clone(), w.records.clone(), kept_trace()).expect("a save holds it");
    let mut app = App::with_host_views(game);
    for _ in 0..3 {
        // Onto the stairs, then down: a new floor asks for more creatures and items than are left.
        let map = app.game.map();
        let stairs = map.points().find(|&p| map.tile(p) == Tile::StairsDown).expect("the floor's stairs");
        app.game.place_creature(EntityId::PLAYER, stairs, "test").expect("onto the stairs");
        let floor = app.game.floor();
        press(&mut app, ">");
        assert_eq!(app.game.floor(), floor + 1, "down the stairs");
        reload(&w, &app.game).unwrap_or_else(|e| panic!("on floor {}: {e}", floor + 1));
    }
    let parts = app.game.parts();
    assert_eq!((parts.next_id, parts.next_item_id), (MOST_IDS, MOST_ITEM_IDS), "every id handed out, none past");
    let said: Vec<&str> = app.game.log().messages().iter().map(|m| m.text.as_str()).collect();
    for line in [
        "No more creatures can come into this run: it has had 999,999, the most a run may have.",
        "No more items can be made in this run: it has made 100,000,000, the most a run may have.",
    ] {
        assert_eq!(said.iter().filter(|t| **t == line).count(), 1, "said once: {line}");
    }
    // And the run plays on, and saves, with none left.
    press(&mut app, "5*.");
    reload(&w, &app.game).expect("a run with no ids left saves");
}

/// What `call` does with the context plugin `plugin` is lent for a call
/// of its own in the running game.
fn as_plugin<T>(game: &mut Game, plugin: &str, call: impl FnOnce(&mut emberdeep_api::Ctx<'_>) -> T) -> T {
    let mut host = HostCtx::for_bench(game, plugin);
    let mut ctx = emberdeep_api::Ctx::new(host.as_ctx());
    let answer = call(&mut ctx);
    drop(ctx);
    answer
}

/// A scenario with a long sword in hand, a jackal east of the player and the
/// stairs beyond it, and the run it starts.
fn armed(w: &World) -> App {
    let text = "[map]\n######\n#@j>.#\n######\n[legend]\nj = monster jackal asleep\n[pack]\nlong_sword\n";
    let mut app = App::with_host_views(from_scenario(w, text, 1).expect("the scenario starts"));
    press(&mut app, "i a Enter");
    assert_eq!(app.game.store_text().get(&(EntityId::PLAYER, "hand".into())).map(String::as_str), Some("long_sword"));
    app
}

/// What loading `game`'s save says once `change` has changed it (its
/// JSON, the RNG set aside, then sealed again so the checksum holds, as a
/// hand would forge it), and `header` its header line: the one line that
/// refuses it ("" if it loads). The file is left as it was, byte for byte.
fn refused(w: &World, game: &Game, header: impl Fn(&str) -> String, change: impl Fn(&mut serde_json::Value)) -> String {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("save.json");
    save::save(game, &path).expect("the game saves it");
    let written = std::fs::read_to_string(&path).expect("the save");
    let body = written.split_once('\n').expect("a header").1.trim_end();
    // The RNG's 128-bit state is more than a JSON value holds: set aside, then put back.
    let (at, end) = (body.find("\"rng\":").expect("the rng"), body.find("},\"turn\"").expect("the turn") + 1);
    let rng = &body[at..end];
    let mut value: serde_json::Value = serde_json::from_str(&body.replacen(rng, "\"rng\":0", 1)).expect("JSON");
    change(&mut value);
    let sealed = String::from_utf8(save::seal(&value.to_string().replacen("\"rng\":0", rng, 1))).expect("text");
    let (line, rest) = sealed.split_once('\n').expect("a header");
    let bytes = format!("{}\n{rest}", header(line));
    std::fs::write(&path, &bytes).expect("the forged save");
    let loaded = save::load(&path, w.plugins.clone(), w.records.clone(), Trace::console());
    assert_eq!(std::fs::read(&path).expect("the file"), bytes.as_bytes(), "the file is left as it was");
    let line = loaded.err().map(|e| e.to_string()).unwrap_or_default();
    let shown = dir.path().join("save.json").display().to_string();
    line.replace(&shown, "FILE")
}

/// [`refused`], the header as written.
fn refused_body(w: &World, game: &Game, change: impl Fn(&mut serde_json::Value)) -> String {
    refused(w, game, str::to_string, change)
}

/// The index of the player's stored text `key` in a save's JSON.
fn text_entry(save: &serde_json::Value, key: &str) -> usize {
    let texts = save["store_text"].as_array().expect("texts");
    texts.iter().position(|t| t[0] == 0 && t[1] == key).expect("the player's text")
}

#[test]
fn a_hand_holding_an_item_nobody_has_is_refused_and_the_game_stores_none() {
    let w = world();
    let mut app = armed(&w);
    // The running game: equipment keeps an item kind in the hand, so a kind nobody has is not stored.
    as_plugin(&mut app.game, "equipment", |ctx| ctx.store_set_text(EntityId::PLAYER, "hand", "excalibur"));
    assert_eq!(app.game.store_text()[&(EntityId::PLAYER, "hand".to_string())], "long_sword", "nothing stored");
    assert_eq!(refused_body(&w, &app.game, |_| {}), "", "the save as written loads");
    let line = refused_body(&w, &app.game, |b| {
        let i = text_entry(b, "hand");
        b["store_text"][i][2] = "excalibur".into();
    });
    assert_eq!(
        line,
        "the save FILE is damaged (it holds a text 'hand' for creature #0 naming the item 'excalibur', which no \
         loaded plugin has (equipment keeps an item kind there)); it is kept as it is"
    );
}

#[test]
fn a_hand_of_a_million_characters_is_refused_and_the_game_stores_none() {
    let w = world();
    let mut app = armed(&w);
    let huge = "x".repeat(1 << 20);
    as_plugin(&mut app.game, "equipment", |ctx| ctx.store_set_text(EntityId::PLAYER, "hand", &huge));
    let hand = &app.game.store_text()[&(EntityId::PLAYER, "hand".to_string())];
    assert!(hand == "long_sword", "nothing stored: the hand holds {} characters", hand.chars().count());
    let line = refused_body(&w, &app.game, |b| {
        let i = text_entry(b, "hand");
        b["store_text"][i][2] = huge.as_str().into();
    });
    assert_eq!(
        line,
        "the save FILE is damaged (it holds a text 'hand' of 1048576 characters for creature #0, more than 4096); \
         it is kept as it is"
    );
}

#[test]
fn a_creature_named_in_5000_characters_is_refused_and_no_plugin_can_name_one_so() {
    let w = world();
    let mut app = armed(&w);
    let long = "j".repeat(5000);
    let refused_look = app.game.spawn_with_look("jackal", Point::new(4, 1), "", &CreatureLook::named(&long), "test");
    assert!(refused_look.is_err(), "the running game refuses the name");
    let jackal = app.game.creatures().values().find(|c| c.kind == "jackal").expect("the jackal").id;
    let line = refused_body(&w, &app.game, |b| {
        let creatures = b["creatures"].as_array_mut().expect("creatures");
        let c = creatures.iter_mut().find(|c| c["id"] == jackal.0).expect("the jackal");
        c["name"] = long.as_str().into();
    });
    assert_eq!(
        line,
        format!(
            "the save FILE is damaged (it holds jackal#{} with a look no plugin could give it: its name is longer than \
             40 characters); it is kept as it is",
            jackal.0
        )
    );
}

#[test]
fn a_header_number_written_otherwise_than_the_game_writes_it_is_refused() {
    let w = world();
    let app = armed(&w);
    assert!(save::encode(&app.game).starts_with(b"emberdeep-save 1 "), "the game writes the number plain");
    for written in ["+1", "01"] {
        let line = refused(&w, &app.game, |h| h.replacen(" 1 ", &format!(" {written} "), 1), |_| {});
        assert_eq!(
            line,
            format!(
                "the save FILE is damaged (its header gives the format as '{written}', which is not how the game \
                 writes a format number); it is kept as it is"
            )
        );
    }
}

#[test]
fn a_stored_key_given_twice_is_refused_and_the_game_writes_each_once() {
    let w = world();
    let app = armed(&w);
    let written = String::from_utf8(save::encode(&app.game)).expect("text");
    assert_eq!(written.matches("[0,\"hand\",").count(), 1, "the game writes a key once");
    let line = refused_body(&w, &app.game, |b| {
        let i = text_entry(b, "hand");
        let mut again = b["store_text"][i].clone();
        again[2] = "dagger".into();
        b["store_text"].as_array_mut().expect("texts").push(again);
    });
    assert_eq!(
        line,
        "the save FILE is damaged (it holds the stored text 'hand' of creature #0 twice); it is kept as it is"
    );
    let line = refused_body(&w, &app.game, |b| {
        b["store"] = serde_json::json!([[0, "strength", 1], [0, "strength", 2]]);
    });
    assert_eq!(
        line,
        "the save FILE is damaged (it holds the stored number 'strength' of creature #0 twice); it is kept as it is"
    );
}

#[test]
fn a_terrain_laid_on_the_stairs_is_refused_and_no_plugin_can_lay_one() {
    let w = world();
    let mut app = armed(&w);
    let stairs = Point::new(3, 1);
    assert_eq!(app.game.map().tile(stairs), Tile::StairsDown);
    let terrain = w.plugins.terrains.first().expect("a plugin's terrain").name.clone();
    assert!(!as_plugin(&mut app.game, "terrain", |ctx| ctx.set_terrain(stairs, &terrain)), "refused");
    assert_eq!(app.game.map().tile(stairs), Tile::StairsDown, "the stairs stay");
    let line = refused_body(&w, &app.game, |b| {
        b["map"]["terrains"] = serde_json::json!([{"x": 3, "y": 1, "name": terrain}]);
    });
    assert_eq!(
        line,
        format!(
            "the save FILE is damaged (it holds terrain '{terrain}' laid on the stairs at 3,1, which would leave the \
             floor no way down); it is kept as it is"
        )
    );
}

/// Bot runs the property test plays, seeds 1 up.
const BOT_RUNS: u64 = 200;
/// Key scripts it plays.
const KEY_SCRIPTS: u32 = 500;
/// The generator's seed: the same scripts and scenarios every time.
const SEED: &[u8; 32] = b"emberdeep: every save loads. #26";

/// How a key script's run starts.
#[derive(Debug, Clone)]
enum Start {
    /// A fresh run of this seed.
    Fresh(u64),
    /// One of the scenario files of these tests (by its place, sorted).
    File(usize, u64),
    /// A scenario drawn here.
    Drawn(Drawn),
}

/// A scenario drawn by the generator: a room, what stands and lies in it,
/// the pack and the floor; kinds by their place among the loaded records.
#[derive(Debug, Clone)]
struct Drawn {
    width: usize,
    height: usize,
    player: (usize, usize),
    things: Vec<(usize, usize, Thing)>,
    pack: Vec<(usize, u32)>,
    floor: u32,
    seed: u64,
}

#[derive(Debug, Clone)]
enum Thing {
    Monster(usize),
    Item(usize, u32),
}

/// A count: few, near the most a heap holds, or any (past it too).
fn count() -> impl Strategy<Value = u32> {
    prop_oneof![1..=3u32, 9990..=10_001u32, 1..=10_001u32]
}

fn drawn() -> impl Strategy<Value = Drawn> {
    (4..=14usize, 3..=8usize)
        .prop_flat_map(|(width, height)| {
            let cell = (0..width, 0..height);
            let thing = prop_oneof![
                (0..64usize).prop_map(Thing::Monster),
                (0..64usize, count()).prop_map(|(k, n)| Thing::Item(k, n)),
            ];
            (
                Just(width),
                Just(height),
                cell.clone(),
                prop::collection::vec((0..width, 0..height, thing), 0..8),
                prop::collection::vec((0..64usize, count()), 0..5),
                prop_oneof![1..=13u32, 995..=1002u32],
                any::<u64>(),
            )
        })
        .prop_map(|(width, height, player, things, pack, floor, seed)| Drawn {
            width,
            height,
            player,
            things,
            pack,
            floor,
            seed,
        })
}

fn start() -> impl Strategy<Value = Start> {
    prop_oneof![
        (1..=10_000u64).prop_map(Start::Fresh),
        (0..64usize, 1..=10_000u64).prop_map(|(i, seed)| Start::File(i, seed)),
        drawn().prop_map(Start::Drawn),
    ]
}

/// The keys a script is made of: mostly play, some screens and answers,
/// now and then a time-saver.
fn key() -> impl Strategy<Value = String> {
    const PLAIN: [&str; 36] = [
        "h", "j", "k", "l", "y", "u", "b", "n", ".", "g", "g", "i", "a", "b", "c", "d", "Enter", "Esc", "f", "Tab",
        "t", "q", "r", "w", "W", "x", ">", "m", "?", "F2", "Space", "1", "5", "KP5", "e", "Y",
    ];
    prop_oneof![
        12 => prop::sample::select(&PLAIN[..]).prop_map(str::to_string),
        1 => prop::sample::select(&["o", "Z", "G"][..]).prop_map(str::to_string),
        1 => (0..16i32, 0..10i32).prop_map(|(x, y)| format!("Click:{x},{y}")),
    ]
}

/// A script: maybe the bow readied and the quiver filled from the first
/// slots first, then random keys.
fn script() -> impl Strategy<Value = (bool, Vec<String>)> {
    (any::<bool>(), prop::collection::vec(key(), 1..60))
}

/// The scenario files of these tests that the first-party plugins play
/// (some need an example's), sorted.
fn scenario_files(w: &World) -> Vec<std::path::PathBuf> {
    let dirs = [root().join("host/tests/scenarios"), root().join("host/tests/checks")];
    let mut files: Vec<_> = dirs
        .iter()
        .flat_map(|d| std::fs::read_dir(d).expect("the scenarios"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files.retain(|p| game_from_scenario(p, 1, w.plugins.clone(), w.records.clone(), Trace::console()).is_ok());
    assert!(files.len() >= 20, "the scenario files were found: {files:?}");
    files
}

impl Drawn {
    /// The scenario's text, kinds taken from the loaded records.
    fn text(&self, w: &World) -> String {
        let monsters: Vec<&String> = w.records.monsters.keys().collect();
        let items: Vec<&String> = w.records.items.keys().collect();
        let mut rows = vec![vec!['.'; self.width]; self.height];
        let mut legend = String::new();
        for (i, (x, y, thing)) in self.things.iter().enumerate() {
            let symbol = (b'A' + i as u8) as char;
            rows[*y][*x] = symbol;
            match thing {
                Thing::Monster(k) => legend += &format!("{symbol} = monster {}\n", monsters[k % monsters.len()]),
                Thing::Item(k, n) => legend += &format!("{symbol} = item {} {n}\n", items[k % items.len()]),
            }
        }
        rows[self.player.1][self.player.0] = '@';
        let mut text = String::from("[map]\n");
        text += &"#".repeat(self.width + 2);
        text += "\n";
        for row in rows {
            text += &format!("#{}#\n", row.into_iter().collect::<String>());
        }
        text += &"#".repeat(self.width + 2);
        text += &format!("\n[legend]\n{legend}[pack]\n");
        for (k, n) in &self.pack {
            text += &format!("{} {n}\n", items[k % items.len()]);
        }
        text + &format!("[options]\nfloor = {}\nseed = {}\n", self.floor, self.seed)
    }
}

/// What the key scripts played, for the test's closing line.
#[derive(Default)]
struct Tally {
    played: std::cell::Cell<u32>,
    refused: std::cell::Cell<u32>,
    turns: std::cell::Cell<u64>,
    loaded: std::cell::Cell<u32>,
}

impl Tally {
    fn add(cell: &std::cell::Cell<u32>) {
        cell.set(cell.get() + 1);
    }
}

/// Plays one key script from its start (`ceiling`: so many turns before
/// the last a run may play); `Err` says which save would not load.
fn play_script(w: &World, files: &[std::path::PathBuf], case: &Case, tally: &Tally) -> Result<(), String> {
    let Case { start, ceiling, ready, keys } = case;
    let game = match start {
        Start::Fresh(seed) => Game::fresh(*seed, w.plugins.clone(), w.records.clone(), Trace::console()),
        Start::File(i, seed) => {
            let path = &files[i % files.len()];
            game_from_scenario(path, *seed, w.plugins.clone(), w.records.clone(), Trace::console())
                .map_err(|e| format!("a scenario of these tests does not start: {e}"))?
        }
        Start::Drawn(drawn) => match from_scenario(w, &drawn.text(w), 1) {
            Ok(game) => game,
            // Refused when read, with its line: nothing is played, nothing saved.
            Err(_) => {
                Tally::add(&tally.refused);
                return Ok(());
            }
        },
    };
    Tally::add(&tally.played);
    let mut app = App::with_host_views(game);
    if let Some(before) = ceiling {
        app.game.set_turn(MOST_TURNS - before);
    }
    let first = app.game.turn();
    let mut keys: Vec<Key> = keys.iter().map(|k| parse_keys(k).expect("a key")[0]).collect();
    if *ready {
        let prelude = parse_keys("i a Enter i b Enter i c Enter").expect("keys");
        keys.splice(0..0, prelude);
    }
    for (i, key) in keys.iter().enumerate() {
        let go_on = app.press(*key);
        let ended = app.died() || app.game.won();
        if !ended && (i % 4 == 3 || !go_on || i + 1 == keys.len()) {
            reload(w, &app.game).map_err(|e| format!("after key {} ({key}), turn {}: {e}", i + 1, app.game.turn()))?;
            Tally::add(&tally.loaded);
        }
        if ended || !go_on {
            break;
        }
    }
    tally.turns.set(tally.turns.get() + app.game.turn().saturating_sub(first));
    Ok(())
}

/// One key script: where it starts, maybe near the last turn, maybe with
/// the bow readied and the quiver filled first, and its keys.
#[derive(Debug, Clone)]
struct Case {
    start: Start,
    ceiling: Option<u64>,
    ready: bool,
    keys: Vec<String>,
}

fn case() -> impl Strategy<Value = Case> {
    let ceiling = prop_oneof![7 => Just(None), 1 => (0..30u64).prop_map(Some)];
    (start(), ceiling, script()).prop_map(|(start, ceiling, (ready, keys))| Case { start, ceiling, ready, keys })
}

#[test]
fn every_save_the_game_writes_loads_again() {
    let w = world();
    let started = std::time::Instant::now();
    // Bot runs, short and of many lengths: the save each would write at its end loads.
    let (mut bot_turns, mut bot_saves, mut deepest) = (0, 0, 0);
    for seed in 1..=BOT_RUNS {
        let mut game = Game::fresh(seed, w.plugins.clone(), w.records.clone(), Trace::console());
        // Most short, one in eight long enough to go a few floors down.
        let turns = if seed % 8 == 0 { 2500 } else { 50 + seed % 8 * 100 };
        let run = bot::play_run_for(&mut game, turns);
        (bot_turns, deepest) = (bot_turns + run.turns, deepest.max(run.floor));
        if game.player().hp > 0 && !game.won() {
            reload(&w, &game).unwrap_or_else(|e| panic!("the bot's run of seed {seed}, {turns} turns: {e}"));
            bot_saves += 1;
        }
    }
    assert!(bot_saves > BOT_RUNS / 2, "most bot runs end alive, with a save: {bot_saves}");
    let bots = started.elapsed();
    // Key scripts from fresh runs, the scenario files and drawn scenarios.
    let files = scenario_files(&w);
    let config = Config { cases: KEY_SCRIPTS, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, SEED));
    let tally = Tally::default();
    let played = runner.run(&case(), |case| play_script(&w, &files, &case, &tally).map_err(TestCaseError::fail));
    if let Err(e) = played {
        panic!("{e}");
    }
    let (played, refused) = (tally.played.get(), tally.refused.get());
    assert_eq!(played + refused, KEY_SCRIPTS, "every script was played or its scenario refused");
    assert!(played > KEY_SCRIPTS * 3 / 4, "most scripts were played: {played}");
    eprintln!(
        "{BOT_RUNS} bot runs ({bot_turns} turns, down to floor {deepest}, {bot_saves} saves loaded) in {:.1} s; \
         {KEY_SCRIPTS} key scripts ({played} played, {refused} drawn scenarios refused when read, {} turns, \
         {} saves loaded) in {:.1} s",
        bots.as_secs_f64(),
        tally.turns.get(),
        tally.loaded.get(),
        (started.elapsed() - bots).as_secs_f64()
    );
}
