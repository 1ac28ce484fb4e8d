//! `emberdeep check FILE...`: plays each scenario file's `[keys]` headless,
//! as a player would press them, then checks its `[expect]` lines against
//! the run: its trace events, its messages, and the creatures, floor, turn,
//! pack, terrain, side panel and pack names at the end (the last two as
//! the screen writes them, by the same code). A failure names the file and
//! line, what was expected, what happened instead and on which turn, and
//! the events nearest to it.
//!
//! The events are checked as the run writes them, against the expectations
//! compiled once ([`Checker`]), so a run of any length is checked in the
//! same memory; names nothing loaded has are refused before anything plays
//! ([`Known`]).

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::Point;
use serde_json::Value;

use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::world::pack::slot_letter;
use emberdeep_engine::Game;

use crate::drivers::play::scenario::parse::load_scenario;
use crate::drivers::play::scenario::{game_from_scenario, ScenarioStartError};
use crate::drivers::play::session::Session;
use crate::drivers::review::expect::{parse_expectations, Expect, ExpectLineError, Expectation, Fact, Known};
use crate::drivers::review::trace_query::{field_text, readable, EventPattern, Range};
use crate::front::app::{App, Mode};
use crate::front::keys::{parse_script, KeyError, ScriptSpent, Typed, MOST_KEYS};

/// A scenario's seed when its `[options]` give none, so a check is the same every time.
const DEFAULT_SEED: u64 = 1;
/// How many nearby events a failure shows.
const NEAREST: usize = 3;

/// What checking one file found.
#[derive(Debug)]
pub struct Checked {
    /// The file.
    pub file: PathBuf,
    /// How many expectations it has.
    pub expectations: usize,
    /// The keys played.
    pub keys: usize,
    /// The turn the run ended on.
    pub turns: u64,
    /// One report per expectation that did not hold.
    pub failures: Vec<String>,
}

impl Checked {
    /// The file's report as `emberdeep check` prints it.
    pub fn report(&self) -> String {
        let file = self.file.display();
        let n = self.expectations;
        let played = format!("{}, {}", counted(self.keys as u64, "key"), counted(self.turns, "turn"));
        if self.failures.is_empty() {
            let holds = if n == 1 { "1 expectation holds".to_string() } else { format!("{n} expectations hold") };
            return format!("ok    {file}: {holds} ({played})\n");
        }
        let mut out = format!("FAIL  {file}: {} of {n} expectations failed ({played})\n", self.failures.len());
        for f in &self.failures {
            out.push_str(f);
        }
        out
    }
}

/// `1 key`, `3 keys`.
fn counted(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A scenario file that cannot be checked at all, in one line naming the
/// file and line.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// It does not read, or names a kind no loaded plugin has.
    #[error(transparent)]
    Scenario(#[from] ScenarioStartError),
    /// An `[expect]` line does not read.
    #[error("{}: {error}", path.display())]
    Expectation {
        /// The file.
        path: PathBuf,
        /// The line and what is wrong with it.
        error: ExpectLineError,
    },
    /// No `[expect]` lines.
    #[error("{}: no [expect] section: nothing to check", path.display())]
    NothingToCheck {
        /// The file.
        path: PathBuf,
    },
    /// A `[keys]` line does not read.
    #[error("{}: line {line}: in [keys]: {error}", path.display())]
    Keys {
        /// The file.
        path: PathBuf,
        /// The line.
        line: usize,
        /// What is wrong with it.
        error: KeyError,
    },
    /// The `[keys]` lines hold more keys in all than a script may.
    #[error("{}: line {line}: in [keys]: the section holds more than {MOST_KEYS} keys in all", path.display())]
    TooManyKeys {
        /// The file.
        path: PathBuf,
        /// The line that went over.
        line: usize,
    },
    /// The expectations were tested against the run more than [`MOST_TESTS`] times.
    #[error(
        "{}: line {line}: `{text}` and the other expectations were tested against the run more than {MOST_TESTS} \
         times by key {at}: too many patterns that no event name or field=value narrows, or texts never shown; \
         give them an event name or a field=value test", path.display()
    )]
    TooCostly {
        /// The file.
        path: PathBuf,
        /// The line of the expectation tested the most.
        line: usize,
        /// It, as written (cut).
        text: String,
        /// The keys played then.
        at: usize,
    },
    /// The `[keys]`' time-savers took more steps than a script's may.
    #[error("{}: line {line}: in [keys]: {spent}", path.display())]
    Spent {
        /// The file.
        path: PathBuf,
        /// The line of the key not played.
        line: usize,
        /// How far the keys went.
        spent: ScriptSpent,
    },
    /// A line the run's trace kept is not JSON (a bug in the trace).
    #[error(transparent)]
    Trace(#[from] serde_json::Error),
}

/// `emberdeep check --seed N`: refused, since each file plays its own seed.
#[derive(Debug, thiserror::Error)]
#[error(
    "check: --seed {0} is not used: each file plays the seed of its [options] (seed {DEFAULT_SEED} when it gives none); \
     write `seed = {0}` there"
)]
pub struct SeedRefused(pub u64);

/// Refuses `--seed` for `check`, before anything is loaded.
pub fn refuse_seed(seed: Option<u64>) -> Result<(), SeedRefused> {
    seed.map_or(Ok(()), |s| Err(SeedRefused(s)))
}

/// A message of the run and the turn it was shown on.
#[derive(Clone)]
struct Said {
    turn: u64,
    text: String,
}

/// What a run shows a checker as it goes: a trace event as it is written,
/// or a message as it is shown (with the turn its key was pressed on).
enum Shown<'a> {
    Event(&'a Value),
    Message(u64, &'a str),
}

/// How a play of the keys ended.
enum Played {
    /// Every key played, or one quit.
    Whole(Box<Session>),
    /// `on` said stop (its tests passed [`MOST_TESTS`]) after key `at`.
    Stopped {
        /// The keys played.
        at: usize,
    },
}

/// Plays `path`'s scenario with `keys`, handing `on` each trace event and
/// message as they come (none is kept), and returns the session at the
/// end; stops as soon as `on` says so. The keys' time-savers are bounded
/// as any script's ([`crate::front::keys::MOST_SCRIPT_STEPS`]): past that
/// the file is refused with the `[keys]` line of the key not played.
fn play(
    path: &Path,
    plugins: Rc<Plugins>,
    records: Rc<Records>,
    keys: &[(Typed, usize)],
    on: &mut dyn FnMut(Shown<'_>) -> bool,
) -> Result<Played, CheckError> {
    let mut trace = Trace::console();
    trace.kept = Some(Vec::new());
    let game = game_from_scenario(path, DEFAULT_SEED, plugins, records, trace)?;
    let mut session = Session::unsaved(game);
    let mut seen = Seen::of(&session.app.game);
    if !hand_over_events(&mut session.app.game, on)? {
        return Ok(Played::Stopped { at: 0 });
    }
    let typed: Vec<Typed> = keys.iter().map(|(k, _)| *k).collect();
    let start = session.app.saver_steps();
    let mut at = 0;
    while at < typed.len() {
        if let Some(steps) = session.script_spent(start) {
            let spent = ScriptSpent { at: at + 1, of: typed.len(), steps };
            return Err(CheckError::Spent { path: path.to_path_buf(), line: keys[at].1, spent });
        }
        // Messages are put on the turn the key was pressed on, as its events are.
        let turn = session.app.game.turn();
        // Keys typed ahead are dropped when a turn sounds the alarm, as in play.
        let (go_on, used) = session.press_typed(&typed[at..]);
        let events = hand_over_events(&mut session.app.game, on)?;
        if !(events && seen.new_messages(&session.app.game, turn, on)) {
            return Ok(Played::Stopped { at: at + 1 });
        }
        if !go_on {
            break;
        }
        at += used.max(1);
    }
    Ok(Played::Whole(Box::new(session)))
}

/// Hands `on` the events written since the last call, and forgets them;
/// `false` as soon as `on` says stop.
fn hand_over_events(game: &mut Game, on: &mut dyn FnMut(Shown<'_>) -> bool) -> Result<bool, CheckError> {
    for line in game.take_trace_lines() {
        let event: Value = serde_json::from_str(&line)?;
        if !on(Shown::Event(&event)) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Plays `path`'s keys and checks its expectations. `Err` when the file
/// cannot be checked at all (unreadable, a bad key or expectation line, a
/// kind no loaded plugin has), in one line naming the file and line.
///
/// The events are checked as they happen, against expectations compiled
/// into a [`Checker`]: nothing of the run is kept but what a failure would
/// show, so a run of any length is checked in the same memory. A failure to
/// find an event plays the keys again to show the events nearest to it.
pub fn check_file(path: &Path, plugins: Rc<Plugins>, records: Rc<Records>) -> Result<Checked, CheckError> {
    let scenario = load_scenario(path).map_err(ScenarioStartError::File)?;
    let known = Known {
        items: records.items.keys().cloned().collect(),
        monsters: records.monsters.keys().cloned().collect(),
        statuses: plugins.statuses.keys().cloned().collect(),
        terrains: Known::host_terrains().into_iter().chain(plugins.terrains.iter().map(|t| t.name.clone())).collect(),
        plugin_events: plugins.declared_events(),
    };
    let expectations = parse_expectations(&scenario.expect, &known)
        .map_err(|error| CheckError::Expectation { path: path.to_path_buf(), error })?;
    if expectations.is_empty() {
        return Err(CheckError::NothingToCheck { path: path.to_path_buf() });
    }
    // Each key with its `[keys]` line.
    let mut keys = Vec::new();
    for (line, text) in &scenario.keys {
        let read =
            parse_script(text).map_err(|error| CheckError::Keys { path: path.to_path_buf(), line: *line, error });
        keys.extend(read?.into_iter().map(|k| (k, *line)));
        // Each line is held to the limit by itself; the section is too.
        if keys.len() > MOST_KEYS {
            return Err(CheckError::TooManyKeys { path: path.to_path_buf(), line: *line });
        }
    }
    let mut checker = Checker::new(&expectations);
    let mut session = match play(path, plugins.clone(), records.clone(), &keys, &mut |shown| checker.see(shown))? {
        Played::Whole(session) => session,
        Played::Stopped { at } => {
            let (line, text) = checker.costliest(&expectations);
            return Err(CheckError::TooCostly { path: path.to_path_buf(), line, text: cut(&text), at });
        }
    };
    let missing = checker.missing();
    let mut nearest = Nearest::new(&expectations, &missing);
    if !missing.is_empty() {
        // Only a failure needs the events nearest to it: the same keys play
        // the same run again (within the tests the first play left).
        nearest.most = MOST_TESTS.saturating_sub(checker.tests);
        let again = play(path, plugins, records, &keys, &mut |shown| nearest.see(shown))?;
        if let Played::Whole(mut again) = again {
            again.app.game.quit_run();
        }
        if nearest.seen != checker.events {
            // Not seen whole (too costly to look through): no nearest events shown.
            nearest = Nearest::new(&expectations, &[]);
        }
    }
    let screen = OnScreen::read(&mut session.app, &expectations);
    let game = &session.app.game;
    let failures = expectations
        .iter()
        .enumerate()
        .filter_map(|(i, e)| checker.failure(i, e, game, &screen, &nearest).map(|why| describe(path, e, &why)))
        .collect();
    let turns = game.turn();
    if session.app.mode != Mode::Dead {
        session.app.game.quit_run();
    }
    Ok(Checked { file: path.to_path_buf(), expectations: expectations.len(), keys: keys.len(), turns, failures })
}

/// How far the message log had been read.
struct Seen {
    len: usize,
    last_count: u32,
}

impl Seen {
    fn of(game: &Game) -> Seen {
        let messages = game.log().messages();
        Seen { len: messages.len(), last_count: messages.last().map_or(0, |m| m.count) }
    }

    /// Hands `on` the messages shown since the last look (a repeat counts
    /// again); `false` as soon as `on` says stop.
    fn new_messages(&mut self, game: &Game, turn: u64, on: &mut dyn FnMut(Shown<'_>) -> bool) -> bool {
        let messages = game.log().messages();
        if messages.len() < self.len {
            // The log dropped its oldest: take it all as new.
            self.len = 0;
        }
        let mut go_on = true;
        if let (Some(last), true) = (messages.get(self.len.wrapping_sub(1)), self.len > 0) {
            if last.count > self.last_count {
                go_on = on(Shown::Message(turn, &last.text));
            }
        }
        for m in &messages[self.len..] {
            go_on = go_on && on(Shown::Message(turn, &m.text));
        }
        *self = Seen::of(game);
        go_on
    }
}

/// The last few of something, oldest first.
struct Last<T>(VecDeque<T>);

impl<T> Default for Last<T> {
    fn default() -> Self {
        Last(VecDeque::new())
    }
}

impl<T> Last<T> {
    fn push(&mut self, item: T) {
        if self.0.len() == NEAREST {
            self.0.pop_front();
        }
        self.0.push_back(item);
    }
}

/// What the run has shown of one expectation so far.
enum Watch {
    /// `event`, `no event`, `events N`: its pattern's [`Slot`].
    Events { slot: usize, count: Range },
    /// `message`, `no message`: its text's [`Said`] slot.
    Message { slot: usize },
    /// A creature's facts: whether it was ever spawned, its last events.
    Creature {
        spawned: bool,
        naming: Last<Value>,
        /// The number of the event last put in `naming`.
        at: Option<u64>,
    },
    /// Floor, turn, pack, terrain, panel, pack names: read at the end.
    AtEnd,
}

/// One pattern as written, however many expectations share it: what the
/// run has shown of it.
struct Slot {
    pattern: EventPattern,
    /// The first expectation that names it (its line is the one a refusal names).
    first_of: usize,
    /// How many events matched.
    matched: u64,
    /// The turns of the first few that did.
    turns: Vec<String>,
    /// For `no event`: the first that matched and the events before it.
    first: Option<(Value, Vec<Value>)>,
    /// Whether an expectation on it wants `first` (a `no event`).
    wants_first: bool,
    /// How many events it was tested against.
    tests: u64,
}

/// One text of `message` or `no message`, however many expectations share
/// it: the first message that contains it, once shown.
struct SaidSlot {
    text: String,
    found: Option<Said>,
}

/// The most times a check tests an event against a pattern or a message
/// against a text (in either play of the keys) before it refuses the file:
/// the expectations are indexed (by event name and `field=value`, one test
/// for patterns written alike, a text no longer looked for once found), so
/// an ordinary file makes a few thousand; this many would take seconds.
pub const MOST_TESTS: u64 = 20_000_000;

/// The expectations compiled: each event is looked up by its name and the
/// values of its fields, so it is tested only against the patterns it could
/// match; patterns written alike are one [`Slot`], tested once for all the
/// expectations that share it; and each keeps only what its report needs.
struct Checker {
    watches: Vec<Watch>,
    /// The distinct patterns.
    slots: Vec<Slot>,
    /// Patterns with a `field=text` test, by (event name or `*`, field, text).
    by_value: HashMap<(String, String, String), Vec<usize>>,
    /// Patterns without one, by event name (or `*`).
    by_name: HashMap<String, Vec<usize>>,
    /// Creature expectations, by the creature's name.
    creatures: HashMap<String, Vec<usize>>,
    /// The distinct texts of message expectations.
    said: Vec<SaidSlot>,
    /// Those not yet found (the only ones a message is tested against).
    unsaid: Vec<usize>,
    /// The events seen.
    events: u64,
    /// The tests made (see [`MOST_TESTS`]).
    tests: u64,
    /// The last few events and messages.
    last_events: Last<Value>,
    last_said: Last<Said>,
    /// A scratch list of the patterns an event may match.
    candidates: Vec<usize>,
}

impl Checker {
    fn new(expectations: &[Expectation]) -> Checker {
        let mut c = Checker {
            watches: Vec::with_capacity(expectations.len()),
            slots: Vec::new(),
            by_value: HashMap::new(),
            by_name: HashMap::new(),
            creatures: HashMap::new(),
            said: Vec::new(),
            unsaid: Vec::new(),
            events: 0,
            tests: 0,
            last_events: Last::default(),
            last_said: Last::default(),
            candidates: Vec::new(),
        };
        let mut slot_of: HashMap<String, usize> = HashMap::new();
        let mut said_of: HashMap<String, usize> = HashMap::new();
        // Each pattern is filed under its rarest `field=text` test, so an
        // event is tested against as few patterns as can be.
        let key = |pattern: &EventPattern, (field, text): (&str, &str)| {
            (pattern.event.clone().unwrap_or_else(|| "*".to_string()), field.to_string(), text.to_string())
        };
        let mut shared: HashMap<(String, String, String), usize> = HashMap::new();
        let mut counted = std::collections::HashSet::new();
        for e in expectations {
            if let Expect::Events { pattern, .. } = &e.what {
                if counted.insert(pattern.to_string()) {
                    for test in pattern.key_tests() {
                        *shared.entry(key(pattern, test)).or_default() += 1;
                    }
                }
            }
        }
        for (i, e) in expectations.iter().enumerate() {
            let watch = match &e.what {
                Expect::Events { pattern, count } => {
                    let slot = *slot_of.entry(pattern.to_string()).or_insert_with(|| {
                        let slot = c.slots.len();
                        let rarest = pattern.key_tests().map(|t| key(pattern, t)).min_by_key(|k| shared[k]);
                        match rarest {
                            Some(k) => c.by_value.entry(k).or_default().push(slot),
                            None => {
                                let name = pattern.event.clone().unwrap_or_else(|| "*".to_string());
                                c.by_name.entry(name).or_default().push(slot)
                            }
                        }
                        c.slots.push(Slot {
                            pattern: pattern.clone(),
                            first_of: i,
                            matched: 0,
                            turns: Vec::new(),
                            first: None,
                            wants_first: false,
                            tests: 0,
                        });
                        slot
                    });
                    c.slots[slot].wants_first |= count.high == Some(0);
                    Watch::Events { slot, count: *count }
                }
                Expect::Message { text, .. } => {
                    let slot = *said_of.entry(text.clone()).or_insert_with(|| {
                        c.said.push(SaidSlot { text: text.clone(), found: None });
                        c.unsaid.push(c.said.len() - 1);
                        c.said.len() - 1
                    });
                    Watch::Message { slot }
                }
                Expect::Creature { who, .. } => {
                    c.creatures.entry(who.clone()).or_default().push(i);
                    Watch::Creature { spawned: false, naming: Last::default(), at: None }
                }
                Expect::Floor(_)
                | Expect::Turn(_)
                | Expect::Pack { .. }
                | Expect::Terrain { .. }
                | Expect::Panel { .. }
                | Expect::PackName { .. } => Watch::AtEnd,
            };
            c.watches.push(watch);
        }
        c
    }

    /// Takes what the run shows; `false` once the tests made pass [`MOST_TESTS`].
    fn see(&mut self, shown: Shown<'_>) -> bool {
        match shown {
            Shown::Event(e) => self.event(e),
            Shown::Message(turn, text) => {
                self.tests += self.unsaid.len() as u64;
                let said = &mut self.said;
                self.unsaid.retain(|&i| {
                    if text.contains(said[i].text.as_str()) {
                        said[i].found = Some(Said { turn, text: text.to_string() });
                        false
                    } else {
                        true
                    }
                });
                self.last_said.push(Said { turn, text: text.to_string() });
            }
        }
        self.tests <= MOST_TESTS
    }

    /// The line of the expectation that made the most tests: the one a
    /// file refused for its cost names.
    fn costliest(&self, expectations: &[Expectation]) -> (usize, String) {
        // The first written among the costliest.
        let slot = self.slots.iter().max_by_key(|s| (s.tests, std::cmp::Reverse(s.first_of)));
        let messages = self.said.first().filter(|_| slot.is_none_or(|s| s.tests == 0));
        let at = match (slot, messages) {
            (_, Some(m)) => {
                expectations.iter().position(|e| matches!(&e.what, Expect::Message { text, .. } if *text == m.text))
            }
            (Some(s), None) => Some(s.first_of),
            (None, None) => None,
        };
        at.map_or((0, String::new()), |i| (expectations[i].line, expectations[i].text.clone()))
    }

    fn event(&mut self, e: &Value) {
        self.events += 1;
        let name = e["event"].as_str().unwrap_or("");
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        for n in [name, "*"] {
            candidates.extend(self.by_name.get(n).into_iter().flatten());
        }
        if let Value::Object(fields) = e {
            for (field, value) in fields {
                let values = match value {
                    Value::Array(items) => items.iter().collect(),
                    v => vec![v],
                };
                for text in values.into_iter().filter_map(field_text) {
                    // The creatures this event names.
                    if let Some(watching) = self.creatures.get(&text) {
                        let spawn = name == "spawn" && field == "monster";
                        for &i in watching {
                            if let Watch::Creature { spawned, naming, at, .. } = &mut self.watches[i] {
                                *spawned |= spawn;
                                if *at != Some(self.events) {
                                    *at = Some(self.events);
                                    naming.push(e.clone());
                                }
                            }
                        }
                    }
                    for n in [name, "*"] {
                        let key = (n.to_string(), field.clone(), text.clone());
                        candidates.extend(self.by_value.get(&key).into_iter().flatten());
                    }
                }
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        self.tests += candidates.len() as u64;
        for &i in &candidates {
            let slot = &mut self.slots[i];
            slot.tests += 1;
            if !slot.pattern.matches(e) {
                continue;
            }
            slot.matched += 1;
            if slot.turns.len() < 10 {
                slot.turns.push(e["turn"].to_string());
            }
            if slot.first.is_none() && slot.wants_first {
                slot.first = Some((e.clone(), self.last_events.0.iter().cloned().collect()));
            }
        }
        self.candidates = candidates;
        self.last_events.push(e.clone());
    }

    /// The event expectations that failed with no event matching at all,
    /// whose report shows the events nearest to matching.
    fn missing(&self) -> Vec<usize> {
        let missing = self.watches.iter().enumerate().filter_map(|(i, w)| match w {
            Watch::Events { slot, count } if self.slots[*slot].matched == 0 && !count.holds(0) => Some(i),
            _ => None,
        });
        missing.take(MOST_NEAREST).collect()
    }

    /// Why expectation `i` does not hold at the end of the run, or `None` if it does.
    fn failure(&self, i: usize, e: &Expectation, game: &Game, screen: &OnScreen, nearest: &Nearest) -> Option<String> {
        let end = game.turn();
        match (&e.what, &self.watches[i]) {
            (Expect::Events { pattern, .. }, Watch::Events { slot, count }) => {
                let s = &self.slots[*slot];
                self.events_failure(i, pattern, *count, s.matched, &s.turns, s.first.as_ref(), game, nearest)
            }
            (Expect::Message { text, shown }, Watch::Message { slot }) => {
                self.message_failure(text, *shown, self.said[*slot].found.as_ref())
            }
            (Expect::Creature { who, facts }, Watch::Creature { spawned, naming, .. }) => {
                facts.iter().find_map(|f| fact_failure(game, who, f, *spawned, naming))
            }
            (Expect::Floor(r), _) => (!r.holds(i64::from(game.floor())))
                .then(|| format!("the run is on floor {} at the end (turn {end})", game.floor())),
            (Expect::Turn(r), _) => (!r.holds(end as i64)).then(|| format!("the run ends on turn {end}")),
            (Expect::Pack { kind, count }, _) => {
                let held: u64 =
                    game.pack().slots().iter().flatten().filter(|i| i.kind == *kind).map(|i| u64::from(i.count)).sum();
                (!count.holds(held as i64))
                    .then(|| format!("the pack holds {held} {kind} at the end (turn {end}), not {count}"))
            }
            (Expect::Terrain { x, y, name }, _) => terrain_failure(game, Point::new(*x, *y), name),
            (Expect::Panel { text, shown: true }, _) => {
                (!screen.panel.iter().any(|l| l.contains(text.as_str()))).then(|| {
                    format!("no side panel line contains \"{text}\" at the end (turn {end}); {}", screen.panel_listed())
                })
            }
            (Expect::Panel { text, shown: false }, _) => {
                let line = screen.panel.iter().find(|l| l.contains(text.as_str()))?;
                Some(format!("the side panel shows \"{}\" at the end (turn {end})", cut(line)))
            }
            (Expect::PackName { name, held: true }, _) => (!screen.pack.iter().any(|(_, n)| n == name)).then(|| {
                format!("no item in the pack is named \"{name}\" at the end (turn {end}); {}", screen.pack_listed())
            }),
            (Expect::PackName { name, held: false }, _) => {
                let (slot, _) = screen.pack.iter().find(|(_, n)| n == name)?;
                Some(format!("the pack holds \"{name}\" in slot {} at the end (turn {end})", slot_letter(*slot)))
            }
            _ => None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn events_failure(
        &self,
        i: usize,
        pattern: &EventPattern,
        count: Range,
        matched: u64,
        turns: &[String],
        first: Option<&(Value, Vec<Value>)>,
        game: &Game,
        nearest: &Nearest,
    ) -> Option<String> {
        if count.holds(matched as i64) {
            return None;
        }
        Some(match (matched, first) {
            (0, _) => {
                let mut out = format!("no such event in the run's {} events (turns 0 to {})", self.events, game.turn());
                out.push_str(&nearest.report(i, pattern, &self.last_events));
                out
            }
            (_, Some((first, before))) => {
                let mut out = format!("it happened on turn {}:\n  {}", first["turn"], readable(first));
                if !before.is_empty() {
                    out.push_str("\nthe events before it:");
                    for b in before {
                        out.push_str(&format!("\n  {}", readable(b)));
                    }
                }
                out
            }
            (_, None) => format!(
                "{matched} events match (on turns {}{}), not {count}",
                turns.join(", "),
                if matched > turns.len() as u64 { ", ..." } else { "" }
            ),
        })
    }

    fn message_failure(&self, text: &str, shown: bool, found: Option<&Said>) -> Option<String> {
        match (found, shown) {
            (Some(_), true) | (None, false) => None,
            (Some(s), false) => Some(format!("it was shown on turn {}: \"{}\"", s.turn, s.text)),
            (None, true) => {
                let mut out = format!("no message says \"{text}\"");
                if self.last_said.0.is_empty() {
                    out.push_str("; the keys brought no message at all");
                } else {
                    out.push_str("; the last messages:");
                    for s in &self.last_said.0 {
                        out.push_str(&format!("\n  turn {}  \"{}\"", s.turn, s.text));
                    }
                }
                Some(out)
            }
        }
    }
}

/// The most failed event expectations whose nearest events are shown (each
/// is tested against every event of the run played again).
const MOST_NEAREST: usize = 100;

/// An event near to matching: how near, its number in the run, the event.
type Near = (usize, u64, Value);

/// The events nearest to matching each of the patterns no event matched:
/// those that pass the most of its tests, latest first among equals.
struct Nearest {
    /// (expectation, pattern, its best few: nearness and event number, oldest-ranked last).
    wanted: Vec<(usize, EventPattern, Vec<Near>)>,
    /// The events seen.
    seen: u64,
    /// The most events times patterns it may test before it gives up.
    most: u64,
}

impl Nearest {
    fn new(expectations: &[Expectation], missing: &[usize]) -> Nearest {
        let wanted = missing
            .iter()
            .filter_map(|&i| match &expectations[i].what {
                Expect::Events { pattern, .. } => Some((i, pattern.clone(), Vec::new())),
                _ => None,
            })
            .collect();
        Nearest { wanted, seen: 0, most: MOST_TESTS }
    }

    /// Takes an event; `false` once it has tested as many as it may.
    fn see(&mut self, shown: Shown<'_>) -> bool {
        let Shown::Event(e) = shown else { return true };
        let cost = self.wanted.len() as u64;
        if cost > self.most {
            return false;
        }
        self.most -= cost;
        let at = self.seen;
        self.seen += 1;
        for (_, pattern, best) in &mut self.wanted {
            let n = pattern.nearness(e);
            if n == 0 || (best.len() == NEAREST && best.last().is_some_and(|&(m, ..)| m > n)) {
                continue;
            }
            // Ranked by nearness, then by lateness: a later event ranks above an earlier one as near.
            let place = best.iter().position(|&(m, ..)| m <= n).unwrap_or(best.len());
            best.insert(place, (n, at, e.clone()));
            best.truncate(NEAREST);
        }
        true
    }

    /// The nearest events to expectation `i`'s pattern, as its report shows them.
    fn report(&self, i: usize, pattern: &EventPattern, last: &Last<Value>) -> String {
        let Some((_, _, best)) = self.wanted.iter().find(|(j, ..)| *j == i) else {
            return String::new();
        };
        if best.is_empty() {
            let mut out =
                format!("\nno event is even named '{}'; the last events:", pattern.event.as_deref().unwrap_or("*"));
            for e in &last.0 {
                out.push_str(&format!("\n  {}", readable(e)));
            }
            return out;
        }
        let mut out = String::from("\nthe nearest events:");
        for (_, _, e) in best {
            let failed = pattern.failed_tests(e);
            let why = if failed.is_empty() { String::new() } else { format!("   (not {})", failed.join(", ")) };
            out.push_str(&format!("\n  {}{why}", readable(e)));
        }
        out
    }
}

/// The most side panel lines or pack names a failure lists, and the most
/// characters of each.
const MOST_LISTED: usize = 12;
const LISTED_CHARS: usize = 60;

/// What the screen shows at the end, for the expectations that read it:
/// the side panel's lines and the pack's names, each from the code that
/// draws them ([`App::panel_lines`], [`App::pack_labels`]). Empty when no
/// expectation asks.
struct OnScreen {
    panel: Vec<String>,
    pack: Vec<(usize, String)>,
}

impl OnScreen {
    /// What the screen shows now, read only if an expectation needs it.
    fn read(app: &mut App, expectations: &[Expectation]) -> OnScreen {
        let wants = |f: fn(&Expect) -> bool| expectations.iter().any(|e| f(&e.what));
        let panel = if wants(|e| matches!(e, Expect::Panel { .. })) {
            app.panel_lines().into_iter().map(|l| l.text).filter(|t| !t.is_empty()).collect()
        } else {
            Vec::new()
        };
        let pack = if wants(|e| matches!(e, Expect::PackName { .. })) { app.pack_labels() } else { Vec::new() };
        OnScreen { panel, pack }
    }

    /// The panel's lines, listed on one line.
    fn panel_listed(&self) -> String {
        format!("its lines: {}", listed(self.panel.iter().map(String::as_str)))
    }

    /// The pack's names, listed on one line.
    fn pack_listed(&self) -> String {
        if self.pack.is_empty() {
            return "the pack is empty".to_string();
        }
        format!("it holds: {}", listed(self.pack.iter().map(|(_, n)| n.as_str())))
    }
}

/// `"a", "b", ...`: at most [`MOST_LISTED`] texts, each cut.
fn listed<'a>(texts: impl ExactSizeIterator<Item = &'a str>) -> String {
    let total = texts.len();
    let mut out: Vec<String> = texts.take(MOST_LISTED).map(|t| format!("\"{}\"", cut(t))).collect();
    if total > MOST_LISTED {
        out.push(format!("and {} more", total - MOST_LISTED));
    }
    out.join(", ")
}

/// `text` cut to [`LISTED_CHARS`] characters, on one line.
fn cut(text: &str) -> String {
    emberdeep_engine::data::untrusted::shown(text, LISTED_CHARS)
}

/// Why cell `at` is not of terrain `name` at the end, or `None` if it is.
fn terrain_failure(game: &Game, at: Point, name: &str) -> Option<String> {
    let end = game.turn();
    let (w, h) = (game.map().width(), game.map().height());
    if !game.map().in_bounds(at) {
        return Some(format!("cell {},{} is outside the map ({w} x {h}) at the end (turn {end})", at.x, at.y));
    }
    let there = game.terrain_name(at);
    (there != name).then(|| format!("cell {},{} is {there} at the end (turn {end}), not {name}", at.x, at.y))
}

/// A failure's report: where, what, and why.
fn describe(path: &Path, e: &Expectation, why: &str) -> String {
    let mut out = format!("  {}:{}: expected `{}`\n", path.display(), e.line, e.text);
    for line in why.lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out
}

/// Why `fact` does not hold of `who` at the end, with its last events.
fn fact_failure(game: &Game, who: &str, fact: &Fact, spawned: bool, naming: &Last<Value>) -> Option<String> {
    let end = game.turn();
    let creature = game.creatures().values().find(|c| c.trace_name() == who);
    if !(who == "player" || spawned || creature.is_some()) {
        let names: Vec<String> = game.creatures().values().map(|c| c.trace_name()).collect();
        return Some(format!("no creature is called {who} in this run (there are: {})", names.join(", ")));
    }
    let alive = creature.is_some_and(|c| c.hp > 0);
    let problem = match (fact, creature) {
        (Fact::Alive, _) if alive => None,
        (Fact::Alive, _) => Some(format!("{who} is dead at the end (turn {end})")),
        (Fact::Dead, _) if !alive => None,
        (Fact::Dead, Some(c)) => Some(format!("{who} lives at the end (turn {end}), with {}/{} hp", c.hp, c.max_hp)),
        (_, None) => Some(format!("{who} is gone at the end (turn {end}): it died")),
        (Fact::Hp(r), Some(c)) if r.holds(i64::from(c.hp)) => None,
        (Fact::Hp(r), Some(c)) => Some(format!("{who} has {} hp at the end (turn {end}), not {r}", c.hp)),
        (Fact::Has(s), Some(c)) if c.statuses.iter().any(|x| x.name == *s) => None,
        (Fact::Lacks(s), Some(c)) if !c.statuses.iter().any(|x| x.name == *s) => None,
        (Fact::Has(_) | Fact::Lacks(_), Some(c)) => {
            let on: Vec<&str> = c.statuses.iter().map(|x| x.name.as_str()).collect();
            let on = if on.is_empty() { "none".to_string() } else { on.join(", ") };
            Some(format!("{who}'s statuses at the end (turn {end}): {on}"))
        }
        (Fact::At(x, y), Some(c)) if (c.pos.x, c.pos.y) == (*x, *y) => None,
        (Fact::At(..), Some(c)) => Some(format!("{who} stands at {},{} at the end (turn {end})", c.pos.x, c.pos.y)),
        (Fact::Side(s), Some(c)) if c.side == *s => None,
        (Fact::Side(_), Some(c)) => Some(format!("{who} is on the side '{}' at the end (turn {end})", c.side)),
    }?;
    if naming.0.is_empty() {
        return Some(problem);
    }
    let mut out = problem + "\nits last events:";
    for e in &naming.0 {
        out.push_str(&format!("\n  {}", readable(e)));
    }
    Some(out)
}
