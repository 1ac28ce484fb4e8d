//! The replay timeline (docs/replay.md), in process: a long recorded run,
//! seeked to in any order, shows at every turn what a straight replay shows
//! there; the screen's keys; the memory budget; runs that went on from a
//! save or past a death. The timeline from the command line (`--at`) is in
//! `timeline_replay.rs`.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::rc::Rc;

use common::{plugin_dir, root};
use emberdeep::drivers::lab::key_player;
use emberdeep::drivers::play::recording::Recording;
use emberdeep::drivers::play::save;
use emberdeep::drivers::review::timeline::{Budget, SeekError, Stop, Timeline};
use emberdeep::drivers::review::timeline_screen::TimelineScreen;
use emberdeep::front::app::App;
use emberdeep::front::keys::Key;
use emberdeep_engine::core::rng::RunRng;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::Game;

/// The recorded run's seed and length.
const SEED: u64 = 3;
/// A seed whose key player plays at least [`TURNS`] turns with every plugin.
const LONG_SEED: u64 = 4;
const TURNS: u64 = 2000;

fn world() -> (Rc<Plugins>, Rc<Records>) {
    let plugins = Rc::new(load_plugins(&plugin_dir(), None).expect("the plugins load"));
    let records = Rc::new(load_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    (plugins, records)
}

/// What the acceptance compares: the turn and floor, the player's health,
/// every creature (id, kind, place, health), the pack's items and counts.
#[derive(Debug, PartialEq, Eq)]
struct State {
    turn: u64,
    floor: u32,
    player_hp: i32,
    creatures: Vec<(u32, String, (i32, i32), i32)>,
    pack: Vec<(String, u32)>,
}

fn state(game: &Game) -> State {
    State {
        turn: game.turn(),
        floor: game.floor(),
        player_hp: game.player().hp,
        creatures: game.creatures().values().map(|c| (c.id.0, c.kind.clone(), (c.pos.x, c.pos.y), c.hp)).collect(),
        pack: game.pack().slots().iter().flatten().map(|i| (i.kind.clone(), i.count)).collect(),
    }
}

/// The state after each stop's keys, by pressing `keys` on `app` once, as
/// the recording was made: no timeline code involved.
fn straight(mut app: App, keys: &[Key], stops: &[Stop]) -> Vec<(State, Vec<u8>)> {
    let mut pressed = 0;
    let mut states = Vec::new();
    for stop in stops {
        while pressed < stop.end {
            app.press(keys[pressed]);
            pressed += 1;
        }
        states.push((state(&app.game), save::encode(&app.game)));
    }
    states
}

/// A fresh run of `rec`'s seed, as the key player began it.
fn fresh(rec: &Recording, plugins: &Rc<Plugins>, records: &Rc<Records>) -> App {
    App::with_host_views(Game::fresh(rec.seed, plugins.clone(), records.clone(), Trace::console()))
}

#[test]
fn seeking_in_any_order_shows_what_a_straight_replay_shows() {
    let (plugins, records) = world();
    let rec = key_player::play(LONG_SEED, plugins.clone(), records.clone(), TURNS);
    let dir = tempfile::tempdir().unwrap();
    let file = Trace::to_file(&dir.path().join("trace.jsonl")).unwrap();
    let (mut timeline, mut trace) = Timeline::build(&rec, plugins.clone(), records.clone(), file).unwrap();
    trace.finish().unwrap();
    let written = std::fs::read_to_string(dir.path().join("trace.jsonl")).unwrap();
    let lines: Vec<&str> = written.lines().collect();
    let stops = timeline.stops().to_vec();
    let (first, last) = timeline.turns();
    assert_eq!(first, 0);
    assert!(last >= TURNS, "the run is long: {last} turns");
    // The run is eventful: fights, deaths, items picked up, stairs taken.
    eprintln!(
        "{} keys, {} stops, last turn {last}, floor {}",
        rec.keys.len(),
        stops.len(),
        stops.last().unwrap().floor
    );
    let count = |event: &str| lines.iter().filter(|l| l.contains(&format!("\"event\":\"{event}\""))).count();
    assert!(count("attack") > 50, "{} attacks", count("attack"));
    assert!(count("death") > 10, "{} deaths", count("death"));
    let picked = lines.iter().filter(|l| l.contains("\"action\":\"pick_up\"")).count();
    assert!(picked > 3, "{picked} items picked up");
    assert!(stops.last().unwrap().floor >= 2, "the stairs were taken: floor {}", stops.last().unwrap().floor);

    let expected = straight(fresh(&rec, &plugins, &records), &rec.keys().unwrap(), &stops);
    // Turn 0, the last turn, then 300 other stops in a shuffled order (backwards too).
    let mut rng = RunRng::from_seed(11);
    let mut shuffled: Vec<usize> = (1..stops.len() - 1).collect();
    for i in (1..shuffled.len()).rev() {
        shuffled.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let mut order = vec![0, stops.len() - 1];
    order.extend(shuffled.into_iter().take(300));
    let mut backwards = 0;
    for pair in order.windows(2) {
        backwards += usize::from(pair[1] < pair[0]);
    }
    assert!(backwards > 10, "the order goes backwards often");
    for &stop in &order {
        timeline.seek_stop(stop).unwrap();
        let game = &timeline.app().game;
        let (want, bytes) = &expected[stop];
        assert_eq!(&state(game), want, "stop {stop} (turn {})", stops[stop].turn);
        assert!(save::encode(game) == *bytes, "stop {stop}: the whole game (map, RNG, log, stores) differs");
    }
    // By turn number: a turn played within a time-saver's key shows the state after it.
    for _ in 0..15 {
        let turn = u64::from(rng.below(last as u32 + 1));
        let stop = timeline.seek_turn(turn).unwrap();
        assert!(stops[stop].turn >= turn && (stop == 0 || stops[stop - 1].turn < turn), "turn {turn} -> stop {stop}");
        assert_eq!(state(&timeline.app().game), expected[stop].0, "turn {turn}");
    }
    assert_eq!(timeline.seek_turn(last + 1), Err(SeekError::PastTheEnd { asked: last + 1, last }));
    let (snapshots, bytes) = timeline.snapshot_memory();
    // One snapshot an interval, where a key ends within it: a time-saver's
    // key that plays many turns leaves the windows it jumps over empty.
    let windows: BTreeSet<u64> = stops.iter().map(|s| s.turn / timeline.interval()).collect();
    assert!(snapshots >= windows.len() / 2, "{snapshots} snapshots for {} windows with a stop", windows.len());
    assert!(bytes < 64 << 20);
}

#[test]
fn the_screen_steps_pages_and_goes_to_a_turn_and_refuses_what_is_not_there() {
    let (plugins, records) = world();
    let rec = key_player::play(SEED + 1, plugins.clone(), records.clone(), 300);
    let (timeline, _) = Timeline::build(&rec, plugins, records, Trace::console()).unwrap();
    let last_stop = timeline.stops().len() - 1;
    let last = timeline.turns().1;
    let mut screen = TimelineScreen::new(timeline, None).unwrap();
    assert_eq!(screen.stop(), last_stop, "it opens at the end");
    let turn = |s: &TimelineScreen| s.timeline().stops()[s.stop()].turn;
    assert!(screen.press(Key::Home));
    assert_eq!(screen.stop(), 0);
    screen.press(Key::Right);
    screen.press(Key::Char('.'));
    assert_eq!(screen.stop(), 2);
    screen.press(Key::Left);
    assert_eq!(screen.stop(), 1);
    let from = turn(&screen);
    screen.press(Key::PageDown);
    assert!(turn(&screen) >= from + 10, "ten on from {from}: {}", turn(&screen));
    let paged = screen.stop();
    screen.press(Key::PageUp);
    assert!(screen.stop() < paged);
    for key in [Key::Char('g'), Key::Char('1'), Key::Char('2'), Key::Char('0'), Key::Enter] {
        screen.press(key);
    }
    assert!(turn(&screen) >= 120 && screen.timeline().stops()[screen.stop() - 1].turn < 120);
    let (header, lines) = screen.pane();
    assert!(header.text.starts_with(&format!("Replay: turn {} of {last}", turn(&screen))), "{}", header.text);
    assert!(lines[0].text.starts_with("Keys since turn"), "{}", lines[0].text);
    // Huge numbers typed into "go to": one line, and the turn shown stays.
    let before = screen.stop();
    screen.press(Key::Char('g'));
    for _ in 0..100 {
        screen.press(Key::Char('9'));
    }
    screen.press(Key::Enter);
    assert_eq!(screen.stop(), before);
    let (_, lines) = screen.pane();
    assert!(lines[0].text.contains(&format!("its last turn is {last}")), "{}", lines[0].text);
    screen.press(Key::End);
    assert_eq!(screen.stop(), last_stop);
    assert!(!screen.press(Key::Esc), "Esc quits");
}

#[test]
fn a_small_memory_budget_keeps_fewer_snapshots_and_finds_events_again() {
    let (plugins, records) = world();
    let rec = key_player::play(SEED, plugins.clone(), records.clone(), 600);
    let (mut roomy, _) = Timeline::build(&rec, plugins.clone(), records.clone(), Trace::console()).unwrap();
    let (one, bytes) = roomy.snapshot_memory();
    let budget = Budget { snapshots: bytes / 5, events: 20_000 };
    let (mut tight, _) = Timeline::build_within(&rec, plugins, records, Trace::console(), budget).unwrap();
    let (fewer, kept) = tight.snapshot_memory();
    assert!(fewer * 4 <= one, "{fewer} snapshots kept of {one}");
    assert!(kept <= budget.snapshots, "{kept} bytes of snapshots, over {}", budget.snapshots);
    assert!(tight.interval() >= 4 * roomy.interval(), "the interval grew: {}", tight.interval());
    let stops = roomy.stops().len();
    for stop in [stops - 1, 0, stops / 2, stops / 3, stops - 2, 1] {
        roomy.seek_stop(stop).unwrap();
        tight.seek_stop(stop).unwrap();
        assert_eq!(state(&tight.app().game), state(&roomy.app().game), "stop {stop}");
        assert_eq!(tight.events_of(stop).unwrap(), roomy.events_of(stop).unwrap(), "the events of stop {stop}");
    }
}

#[test]
fn a_recording_that_went_on_from_a_save_starts_at_the_saved_turn() {
    let (plugins, records) = world();
    let whole = key_player::play(SEED + 4, plugins.clone(), records.clone(), 700);
    let keys = whole.keys().unwrap();
    let half = keys.len() / 2;
    let mut app = fresh(&whole, &plugins, &records);
    for &key in &keys[..half] {
        app.press(key);
    }
    let saved = String::from_utf8(save::encode(&app.game)).unwrap();
    let rec = Recording {
        keys: whole.keys[half..].to_vec(),
        start_save: Some(saved.clone()),
        start_offered: false,
        ..whole.clone()
    };
    let (mut timeline, _) = Timeline::build(&rec, plugins.clone(), records.clone(), Trace::console()).unwrap();
    let (first, last) = timeline.turns();
    assert_eq!(first, app.game.turn(), "the timeline starts where the save was");
    assert!(last > first + 100);
    assert_eq!(timeline.seek_turn(0), Err(SeekError::BeforeTheStart { asked: 0, first }));
    // The straight replay from the save, as `--replay` plays it.
    let name = Path::new("save");
    let mut game = save::load_bytes(saved.as_bytes(), name, plugins, records, Trace::console()).unwrap();
    game.announce_continue();
    let stops = timeline.stops().to_vec();
    let expected = straight(App::with_host_views(game), &keys[half..], &stops);
    for stop in [stops.len() - 1, 0, stops.len() / 2, 3, stops.len() - 3, 1] {
        timeline.seek_stop(stop).unwrap();
        assert_eq!(state(&timeline.app().game), expected[stop].0, "stop {stop}");
    }
}

#[test]
fn a_saved_run_offered_and_declined_gives_the_timeline_of_the_new_run() {
    let (plugins, records) = world();
    let whole = key_player::play(SEED + 5, plugins.clone(), records.clone(), 200);
    let mut app = fresh(&whole, &plugins, &records);
    for &key in &whole.keys().unwrap() {
        app.press(key);
    }
    let saved = String::from_utf8(save::encode(&app.game)).unwrap();
    let mut keys = vec!["n".to_string()];
    keys.extend(whole.keys.iter().take(40).cloned());
    let rec = Recording { keys, start_save: Some(saved), start_offered: true, ..whole.clone() };
    let (timeline, _) = Timeline::build(&rec, plugins, records, Trace::console()).unwrap();
    assert_eq!(timeline.turns().0, 0, "the new run's first turn, not the saved run's {}", app.game.turn());
    assert_eq!(timeline.stops()[0].first, 1, "the timeline starts after the answer");
    assert_ne!(timeline.app().game.seed(), whole.seed, "the new run has a seed of its own");
    assert_eq!(timeline.left_out, 0);
}

#[test]
fn keys_after_a_death_that_start_a_new_run_are_counted_not_shown() {
    let (plugins, records) = world();
    // Long enough that a player of 1 health meets a blow whatever the time-savers and allies do.
    let whole = key_player::play(SEED, plugins.clone(), records.clone(), 1500);
    let mut frail = fresh(&whole, &plugins, &records);
    // 1 health of 1: resting and the turns' healing give nothing back
    // before the first blow (the first monster may come a hundred turns in).
    frail.game.player_mut().hp = 1;
    frail.game.player_mut().max_hp = 1;
    let saved = String::from_utf8(save::encode(&frail.game)).unwrap();
    let all = whole.keys().unwrap();
    let dead = all.iter().position(|&key| {
        frail.press(key);
        frail.game.is_over()
    });
    let mut keys = whole.keys[..=dead.expect("the frail player dies")].to_vec();
    keys.extend(["R", ".", ".", "."].map(String::from));
    let rec = Recording { keys, start_save: Some(saved), start_offered: false, ..whole.clone() };
    let (timeline, _) = Timeline::build(&rec, plugins, records, Trace::console()).unwrap();
    let game = &timeline.app().game;
    assert!(game.is_over() && game.player().hp <= 0, "the timeline ends at the death");
    assert_eq!(timeline.left_out, 4, "R and the new run's keys are left out: {}", timeline.left_out);
    let screen = TimelineScreen::new(timeline, Some("tiles")).unwrap();
    let (_, lines) = screen.pane();
    assert!(lines.iter().any(|l| l.text.contains("goes on into a new run")), "{lines:?}");
}
