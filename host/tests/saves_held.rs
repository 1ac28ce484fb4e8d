//! The game never writes a save it will refuse: the running game is held to
//! what a save accepts at the moment a value is set, not when the save is
//! read. A full quiver takes no more arrows, an archer's readiness and the
//! turn count stop at their ceilings (the run ends there with a line), and
//! a scenario's floor and heaps are held to the save's limits when read.
//! The property test at the end plays bot runs, random key scripts and
//! drawn scenarios, and loads every save the game would write.
//!
//! Everything plays in this process, with the real plugins and records,
//! through the front end's `App` (keys) or the bot (actions), and saves
//! through the save module's own bytes: what `--continue` would read.

mod common;

use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep::drivers::lab::bot;
use emberdeep::drivers::play::save;
use emberdeep::drivers::play::scenario::game_from_scenario;
use emberdeep::front::app::App;
use emberdeep::front::keys::{parse_keys, Key};
use emberdeep_api::EntityId;
use emberdeep_engine::data::bounds::{MOST_FLOORS, MOST_IN_A_STACK, MOST_TURNS};
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
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
