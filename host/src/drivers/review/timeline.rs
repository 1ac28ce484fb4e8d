//! The replay timeline: a recorded run that can be stepped through, turn by
//! turn, backwards and forwards (docs/replay.md). No screen here: this is the
//! model; `timeline_screen` draws it and reads its keys.
//!
//! **A turn's state.** The recording's keys are played one after another;
//! after each key the game has a turn number. The state *at turn T* is the
//! game and its front end right after the last key that left the game at
//! turn T: as the player left it, just before the key that ended turn T
//! (a screen the player opened during turn T may still be open). The keys
//! *that led to it* are the keys pressed since the previous turn's state:
//! the key that ended the turn before, and any pressed during turn T. Its
//! events are the trace lines those keys wrote. A time-saver's key (`o`,
//! `Z`, `G`) plays many turns within one key, so the turns inside it have
//! no state of their own: going to one shows the state after the key.
//!
//! **Seeking.** At load the recording is played straight once (writing the
//! run's trace, if asked, exactly as `--replay --headless` does), keeping
//! every turn's events and, every [`Timeline::interval`] turns, a snapshot:
//! the save's bytes ([`save::encode`]: map, creatures, pack, RNG, plugins'
//! stores) and what a save does not hold (the last target, the hints given).
//! Snapshots are taken only where the front end is in play with nothing
//! open and the run not over, so playing on from one is playing on from the
//! run itself. Seeking loads the nearest snapshot at or before the turn
//! (or plays on from the state shown, when that is nearer) and presses the
//! keys up to it, into a trace that goes nowhere: seeking and drawing never
//! touch the run's trace. Memory is capped: past [`SNAPSHOT_BUDGET`] bytes
//! every other snapshot goes and the interval doubles; past
//! [`EVENT_BUDGET`] bytes of events, the rest are found again when shown.
//!
//! Any recording plugs in: the timeline needs only its seed, scenario,
//! saved start and keys ([`Recording`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::EntityId;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;

use crate::drivers::play::recording::{Recording, RecordingError};
use crate::drivers::play::save;
use crate::drivers::play::session::{Plan, SavedRun, Session, SessionError};
use crate::front::app::{App, Mode, NoSuchView};
use crate::front::keys::Key;

/// Turns between snapshots at first.
pub const INTERVAL: u64 = 32;
/// Keys between snapshots at most, however few turns they play.
pub const KEY_INTERVAL: usize = 256;
/// The most bytes of snapshots kept; past it the interval doubles.
pub const SNAPSHOT_BUDGET: usize = 64 << 20;
/// The most bytes of trace events kept; later turns' events are found again when shown.
pub const EVENT_BUDGET: usize = 64 << 20;
/// How much memory a timeline may keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Bytes of snapshots; past it every other one goes and the interval doubles.
    pub snapshots: usize,
    /// Bytes of trace events; later turns' events are found again when shown.
    pub events: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { snapshots: SNAPSHOT_BUDGET, events: EVENT_BUDGET }
    }
}

/// The most events one turn's pane holds (a time-saver's key can write many more).
pub const MOST_EVENTS: usize = 5_000;

/// The events the keys that led to a turn wrote: the first [`MOST_EVENTS`],
/// and how many more there were.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Events {
    /// The trace lines, in order.
    pub lines: Vec<String>,
    /// Lines past the first [`MOST_EVENTS`], not kept.
    pub more: usize,
}

/// One turn's state on the timeline.
#[derive(Debug, Clone)]
pub struct Stop {
    /// The game's turn.
    pub turn: u64,
    /// The floor then.
    pub floor: u32,
    /// The keys pressed to get there, counted from the recording's first.
    pub end: usize,
    /// The first of the keys that led here (`first..end`).
    pub first: usize,
    /// The trace lines those keys wrote, if kept.
    events: Option<Vec<String>>,
}

/// What a save does not hold but the front end and the rules go on from.
#[derive(Debug, Clone)]
struct Front {
    hints: BTreeSet<&'static str>,
    last_target: Option<EntityId>,
}

struct Snapshot {
    /// Keys pressed when it was taken.
    keys: usize,
    /// The game's turn then.
    turn: u64,
    save: Vec<u8>,
    front: Front,
}

/// Why the timeline cannot show a turn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeekError {
    /// After the run's last turn.
    #[error("turn {asked} is past the end of the run: its last turn is {last}")]
    PastTheEnd {
        /// The turn asked for.
        asked: u64,
        /// The last one there is.
        last: u64,
    },
    /// Before the run's first turn (a run that went on from a save).
    #[error("turn {asked} is before the run's first turn, {first}")]
    BeforeTheStart {
        /// The turn asked for.
        asked: u64,
        /// The first one there is.
        first: u64,
    },
    /// The replay itself failed (a snapshot that would not load).
    #[error("the replay failed: {0}")]
    Replay(String),
}

/// Why a timeline cannot be built or opened on screen.
#[derive(Debug, thiserror::Error)]
pub enum TimelineError {
    /// The recording's keys do not read.
    #[error(transparent)]
    Recording(#[from] RecordingError),
    /// The run's start cannot be opened (its scenario, its saved start).
    #[error(transparent)]
    Open(#[from] SessionError),
    /// The last turn cannot be shown.
    #[error(transparent)]
    Seek(#[from] SeekError),
    /// The view asked for is not there.
    #[error(transparent)]
    View(#[from] NoSuchView),
}

/// A recorded run to step through.
pub struct Timeline {
    plan: Plan,
    plugins: Rc<Plugins>,
    records: Rc<Records>,
    keys: Vec<Key>,
    stops: Vec<Stop>,
    snapshots: Vec<Snapshot>,
    interval: u64,
    snapshot_bytes: usize,
    budget: Budget,
    /// Keys of the recording after the run the timeline shows (a new run
    /// started after a death), not shown.
    pub left_out: usize,
    /// The state shown, and how many keys it has had.
    app: App,
    at: usize,
}

impl Timeline {
    /// Plays `recording` straight once, writing its events to `trace` (the
    /// run's trace: a file, or the console) as a replay would, and keeping
    /// what seeking needs. Hands the trace back, to be finished.
    pub fn build(
        recording: &Recording,
        plugins: Rc<Plugins>,
        records: Rc<Records>,
        trace: Trace,
    ) -> Result<(Timeline, Trace), TimelineError> {
        Timeline::build_within(recording, plugins, records, trace, Budget::default())
    }

    /// [`Timeline::build`] within another memory budget.
    pub fn build_within(
        recording: &Recording,
        plugins: Rc<Plugins>,
        records: Rc<Records>,
        mut trace: Trace,
        budget: Budget,
    ) -> Result<(Timeline, Trace), TimelineError> {
        let keys = recording.keys()?;
        let plan = Plan {
            save_dir: None,
            saved: SavedRun::Ignore,
            scenario: recording.scenario.as_ref().map(PathBuf::from),
            seed: recording.seed,
            recorded_start: recording.start(),
        };
        trace.kept = Some(Vec::new());
        let mut app = open(&plan, &plugins, &records, trace)?;
        let start = Stop {
            turn: app.game.turn(),
            floor: app.game.floor(),
            end: 0,
            first: 0,
            events: Some(app.game.take_trace_lines()),
        };
        let shown = open(&plan, &plugins, &records, Trace::console())?;
        let mut timeline = Timeline {
            plan,
            plugins,
            records,
            keys,
            stops: vec![start],
            snapshots: Vec::new(),
            interval: INTERVAL,
            budget,
            snapshot_bytes: 0,
            left_out: 0,
            app: shown,
            at: 0,
        };
        let mut event_bytes = 0usize;
        let mut ended = None;
        let mut quit = false;
        for i in 0..timeline.keys.len() {
            let key = timeline.keys[i];
            let (seed, turn) = (app.game.seed(), app.game.turn());
            let going = app.press(key);
            let mut lines = app.game.take_trace_lines();
            if ended.is_some() {
                if !going {
                    quit = true;
                    break;
                }
                continue;
            }
            let new_run = app.game.seed() != seed || app.game.turn() < turn;
            if new_run && timeline.stops.len() > 1 {
                // A new run after this one ended: the timeline shows this one.
                ended = Some(i);
            } else if new_run {
                // A new run before any turn of the first (`n` to a saved run
                // offered): the timeline starts with it.
                timeline.stops = vec![Stop {
                    turn: app.game.turn(),
                    floor: app.game.floor(),
                    end: i + 1,
                    first: i + 1,
                    events: Some(lines),
                }];
                timeline.snapshots.clear();
                timeline.snapshot_bytes = 0;
            } else {
                let last = timeline.stops.last_mut().expect("the timeline has a first stop");
                if event_bytes > budget.events {
                    lines.clear();
                }
                event_bytes += lines.iter().map(String::len).sum::<usize>();
                let kept = event_bytes <= budget.events;
                if app.game.turn() == last.turn {
                    last.end = i + 1;
                    last.floor = app.game.floor();
                    match (&mut last.events, kept) {
                        (Some(events), true) if events.len() + lines.len() <= MOST_EVENTS => events.extend(lines),
                        (events, _) => *events = None,
                    }
                } else {
                    let first = last.end;
                    let events = (kept && lines.len() <= MOST_EVENTS).then_some(lines);
                    timeline.stops.push(Stop {
                        turn: app.game.turn(),
                        floor: app.game.floor(),
                        end: i + 1,
                        first,
                        events,
                    });
                }
                timeline.maybe_snapshot(&app, i + 1);
            }
            if !going {
                quit = true;
                break;
            }
        }
        if let Some(i) = ended {
            timeline.left_out = timeline.keys.len() - i;
        }
        if !quit && app.mode != Mode::Dead {
            app.game.quit_run();
        }
        let trace = app.take_trace();
        timeline.seek_stop(timeline.stops.len() - 1)?;
        Ok((timeline, trace))
    }

    /// Keeps a snapshot after `keys` keys if one is due and the state is one
    /// to play on from; thins them out past the budget.
    fn maybe_snapshot(&mut self, app: &App, keys: usize) {
        let settled = app.mode == Mode::Play && !app.game.is_over() && app.game.targeting().aim.is_none();
        if !settled {
            return;
        }
        let (last_keys, last_turn) = match self.snapshots.last() {
            Some(s) => (s.keys, s.turn),
            None => (self.stops[0].first, self.stops[0].turn),
        };
        let due = app.game.turn() >= last_turn + self.interval || keys >= last_keys + KEY_INTERVAL;
        if !due {
            return;
        }
        let front = Front { hints: app.hints.clone(), last_target: app.game.targeting().last_target };
        let snapshot = Snapshot { keys, turn: app.game.turn(), save: save::encode(&app.game), front };
        self.snapshot_bytes += snapshot.save.len();
        self.snapshots.push(snapshot);
        while self.snapshot_bytes > self.budget.snapshots && self.snapshots.len() > 1 {
            let mut index = 0;
            self.snapshots.retain(|_| {
                index += 1;
                index % 2 == 0
            });
            self.snapshot_bytes = self.snapshots.iter().map(|s| s.save.len()).sum();
            self.interval = self.interval.saturating_mul(2);
        }
    }

    /// Every turn's state, in order.
    pub fn stops(&self) -> &[Stop] {
        &self.stops
    }

    /// The turns between snapshots now.
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// How many snapshots are kept, and their bytes.
    pub fn snapshot_memory(&self) -> (usize, usize) {
        (self.snapshots.len(), self.snapshot_bytes)
    }

    /// The first turn and the last.
    pub fn turns(&self) -> (u64, u64) {
        (self.stops[0].turn, self.stops[self.stops.len() - 1].turn)
    }

    /// The stop that shows turn `turn`: its own, or, for a turn played
    /// within a time-saver's key, the state after that key.
    pub fn stop_for_turn(&self, turn: u64) -> Result<usize, SeekError> {
        let (first, last) = self.turns();
        if turn > last {
            return Err(SeekError::PastTheEnd { asked: turn, last });
        }
        if turn < first {
            return Err(SeekError::BeforeTheStart { asked: turn, first });
        }
        Ok(self.stops.partition_point(|s| s.turn < turn))
    }

    /// Shows turn `turn` (see [`Timeline::stop_for_turn`]); returns its stop.
    pub fn seek_turn(&mut self, turn: u64) -> Result<usize, SeekError> {
        let stop = self.stop_for_turn(turn)?;
        self.seek_stop(stop)?;
        Ok(stop)
    }

    /// Shows the state of stop `stop` (clamped to the last): from the
    /// nearest snapshot at or before it, or from the state shown if nearer.
    pub fn seek_stop(&mut self, stop: usize) -> Result<(), SeekError> {
        let target = self.stops[stop.min(self.stops.len() - 1)].end;
        self.play_to(target)
    }

    fn play_to(&mut self, target: usize) -> Result<(), SeekError> {
        let nearest = self.snapshots.partition_point(|s| s.keys <= target).checked_sub(1);
        let from_snapshot = nearest.map_or(0, |i| self.snapshots[i].keys);
        if self.at > target || self.at < from_snapshot {
            let restored = match nearest {
                Some(i) => self.restore(i),
                None => open(&self.plan, &self.plugins, &self.records, Trace::console()),
            };
            self.app = restored.map_err(|e| SeekError::Replay(e.to_string()))?;
            self.at = from_snapshot;
        }
        while self.at < target {
            self.press_next();
        }
        self.app.pressed.clear();
        self.app.camera = Default::default();
        Ok(())
    }

    /// Presses the next key on the state shown.
    fn press_next(&mut self) {
        let key = self.keys[self.at];
        self.app.press(key);
        self.at += 1;
    }

    fn restore(&self, index: usize) -> Result<App, SessionError> {
        let snapshot = &self.snapshots[index];
        let name = Path::new("the timeline's snapshot");
        let mut game =
            save::load_bytes(&snapshot.save, name, self.plugins.clone(), self.records.clone(), Trace::console())
                .map_err(|e| SessionError::Save(e.to_string()))?;
        game.set_last_target(snapshot.front.last_target);
        let mut app = App::with_host_views(game);
        app.hints = snapshot.front.hints.clone();
        Ok(app)
    }

    /// The state shown.
    pub fn app(&self) -> &App {
        &self.app
    }

    /// The state shown, to draw (drawing moves the camera, nothing else).
    pub fn app_mut(&mut self) -> &mut App {
        &mut self.app
    }

    /// The keys that led to stop `stop`.
    pub fn keys_of(&self, stop: usize) -> &[Key] {
        let s = &self.stops[stop];
        &self.keys[s.first..s.end]
    }

    /// The trace lines the keys that led to stop `stop` wrote. Kept ones
    /// come from memory; others are found by playing those keys again into
    /// a trace kept in memory (the state shown moves to that stop), the
    /// first [`MOST_EVENTS`] kept.
    pub fn events_of(&mut self, stop: usize) -> Result<Events, SeekError> {
        if let Some(lines) = &self.stops[stop].events {
            return Ok(Events { lines: lines.clone(), more: 0 });
        }
        let (first, end) = (self.stops[stop].first, self.stops[stop].end);
        self.play_to(first)?;
        self.app.game.replace_trace(Trace::in_memory());
        let mut events = Events::default();
        while self.at < end {
            self.press_next();
            let lines = self.app.game.take_trace_lines();
            let room = MOST_EVENTS - events.lines.len();
            events.more += lines.len().saturating_sub(room);
            events.lines.extend(lines.into_iter().take(room));
        }
        self.app.game.replace_trace(Trace::console());
        Ok(events)
    }
}

/// The run's start as a replay's session opens it (a fresh floor, the
/// scenario, or the saved run the recording began from), into `trace`.
fn open(plan: &Plan, plugins: &Rc<Plugins>, records: &Rc<Records>, trace: Trace) -> Result<App, SessionError> {
    Ok(Session::open(plan, plugins.clone(), records.clone(), trace)?.app)
}
