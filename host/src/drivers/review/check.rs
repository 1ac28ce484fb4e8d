//! `emberdeep check FILE...`: plays each scenario file's `[keys]` headless,
//! as a player would press them, then checks its `[expect]` lines against
//! the run: its trace events, its messages, and the creatures, floor, turn
//! and pack at the end. A failure names the file and line, what was
//! expected, what happened instead and on which turn, and the events
//! nearest to it.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde_json::Value;

use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::Game;

use crate::drivers::play::scenario::parse::load_scenario;
use crate::drivers::play::scenario::{game_from_scenario, ScenarioStartError};
use crate::drivers::play::session::Session;
use crate::drivers::review::expect::{parse_expectations, Expect, ExpectLineError, Expectation, Fact};
use crate::drivers::review::trace_query::{readable, EventPattern, Range};
use crate::front::app::Mode;
use crate::front::keys::{parse_script, KeyError, MOST_KEYS};

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
    /// A line the run's trace kept is not JSON (a bug in the trace).
    #[error(transparent)]
    Trace(#[from] serde_json::Error),
}

/// A message of the run and the turn it was shown on.
struct Said {
    turn: u64,
    text: String,
}

/// What the run left to check against.
struct Run<'a> {
    game: &'a Game,
    events: Vec<Value>,
    said: Vec<Said>,
}

/// Plays `path`'s keys and checks its expectations. `Err` when the file
/// cannot be checked at all (unreadable, a bad key or expectation line, a
/// kind no loaded plugin has), in one line naming the file and line.
pub fn check_file(path: &Path, plugins: Rc<Plugins>, records: Rc<Records>) -> Result<Checked, CheckError> {
    let scenario = load_scenario(path).map_err(ScenarioStartError::File)?;
    let expectations = parse_expectations(&scenario.expect)
        .map_err(|error| CheckError::Expectation { path: path.to_path_buf(), error })?;
    if expectations.is_empty() {
        return Err(CheckError::NothingToCheck { path: path.to_path_buf() });
    }
    let mut keys = Vec::new();
    for (line, text) in &scenario.keys {
        let read =
            parse_script(text).map_err(|error| CheckError::Keys { path: path.to_path_buf(), line: *line, error });
        keys.extend(read?);
        // Each line is held to the limit by itself; the section is too.
        if keys.len() > MOST_KEYS {
            return Err(CheckError::TooManyKeys { path: path.to_path_buf(), line: *line });
        }
    }
    let mut trace = Trace::console();
    trace.kept = Some(Vec::new());
    let game = game_from_scenario(path, DEFAULT_SEED, plugins, records, trace)?;
    let mut session = Session::unsaved(game);
    let mut said = Vec::new();
    let mut seen = Seen::of(&session.app.game);
    let mut at = 0;
    while at < keys.len() {
        // Messages are put on the turn the key was pressed on, as its events are.
        let turn = session.app.game.turn;
        let (go_on, used) = session.press_typed(&keys[at..]);
        seen.new_messages(&session.app.game, turn, &mut said);
        if !go_on {
            break;
        }
        at += used;
    }
    let mut events = Vec::new();
    if let Some(kept) = session.app.game.trace.kept.as_mut() {
        for line in kept.drain(..) {
            events.push(serde_json::from_str(&line)?);
        }
    }
    let game = &session.app.game;
    let run = Run { game, events, said };
    let failures = expectations.iter().filter_map(|e| run.failure(e).map(|why| describe(path, e, &why))).collect();
    let turns = game.turn;
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
        let messages = game.log.messages();
        Seen { len: messages.len(), last_count: messages.last().map_or(0, |m| m.count) }
    }

    /// Adds the messages shown since the last look (a repeat counts again).
    fn new_messages(&mut self, game: &Game, turn: u64, said: &mut Vec<Said>) {
        let messages = game.log.messages();
        if messages.len() < self.len {
            // The log dropped its oldest: take it all as new.
            self.len = 0;
        }
        if let (Some(last), true) = (messages.get(self.len.wrapping_sub(1)), self.len > 0) {
            if last.count > self.last_count {
                said.push(Said { turn, text: last.text.clone() });
            }
        }
        for m in &messages[self.len..] {
            said.push(Said { turn, text: m.text.clone() });
        }
        *self = Seen::of(game);
    }
}

/// A failure's report: where, what, and why.
fn describe(path: &Path, e: &Expectation, why: &str) -> String {
    let mut out = format!("  {}:{}: expected `{}`\n", path.display(), e.line, e.text);
    for line in why.lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out
}

impl Run<'_> {
    /// Why `e` does not hold, or `None` if it does.
    fn failure(&self, e: &Expectation) -> Option<String> {
        let end = self.game.turn;
        match &e.what {
            Expect::Events { pattern, count } => self.events_failure(pattern, *count),
            Expect::Message { text, shown } => self.message_failure(text, *shown),
            Expect::Creature { who, facts } => facts.iter().find_map(|f| self.fact_failure(who, f)),
            Expect::Floor(r) => (!r.holds(i64::from(self.game.floor)))
                .then(|| format!("the run is on floor {} at the end (turn {end})", self.game.floor)),
            Expect::Turn(r) => (!r.holds(end as i64)).then(|| format!("the run ends on turn {end}")),
            Expect::Pack { kind, count } => {
                let held: u32 =
                    self.game.pack.slots().iter().flatten().filter(|i| i.kind == *kind).map(|i| i.count).sum();
                (!count.holds(i64::from(held)))
                    .then(|| format!("the pack holds {held} {kind} at the end (turn {end}), not {count}"))
            }
        }
    }

    fn events_failure(&self, pattern: &EventPattern, count: Range) -> Option<String> {
        let matching: Vec<&Value> = self.events.iter().filter(|e| pattern.matches(e)).collect();
        if count.holds(matching.len() as i64) {
            return None;
        }
        let turns: Vec<String> = matching.iter().take(10).map(|e| e["turn"].to_string()).collect();
        Some(match (matching.first(), count.high) {
            (None, _) => {
                let mut out =
                    format!("no such event in the run's {} events (turns 0 to {})", self.events.len(), self.game.turn);
                out.push_str(&self.nearest_misses(pattern));
                out
            }
            (Some(first), Some(0)) => {
                let at = self.events.iter().position(|e| std::ptr::eq(e, *first)).unwrap_or(0);
                let mut out = format!("it happened on turn {}:\n  {}", first["turn"], readable(first));
                let before = &self.events[at.saturating_sub(NEAREST)..at];
                if !before.is_empty() {
                    out.push_str("\nthe events before it:");
                    for b in before {
                        out.push_str(&format!("\n  {}", readable(b)));
                    }
                }
                out
            }
            (Some(_), _) => format!(
                "{} events match (on turns {}{}), not {count}",
                matching.len(),
                turns.join(", "),
                if matching.len() > turns.len() { ", ..." } else { "" }
            ),
        })
    }

    /// The events nearest to matching `pattern`: the most tests passed, latest first among equals.
    fn nearest_misses(&self, pattern: &EventPattern) -> String {
        let mut ranked: Vec<(usize, usize)> =
            self.events.iter().enumerate().map(|(i, e)| (pattern.nearness(e), i)).filter(|(n, _)| *n > 0).collect();
        ranked.sort_by(|a, b| b.cmp(a));
        if ranked.is_empty() {
            let last = &self.events[self.events.len().saturating_sub(NEAREST)..];
            let mut out =
                format!("\nno event is even named '{}'; the last events:", pattern.event.as_deref().unwrap_or("*"));
            for e in last {
                out.push_str(&format!("\n  {}", readable(e)));
            }
            return out;
        }
        let mut out = String::from("\nthe nearest events:");
        for &(_, i) in ranked.iter().take(NEAREST) {
            let e = &self.events[i];
            let failed = pattern.failed_tests(e);
            let why = if failed.is_empty() { String::new() } else { format!("   (not {})", failed.join(", ")) };
            out.push_str(&format!("\n  {}{why}", readable(e)));
        }
        out
    }

    fn message_failure(&self, text: &str, shown: bool) -> Option<String> {
        let found = self.said.iter().find(|s| s.text.contains(text));
        match (found, shown) {
            (Some(_), true) | (None, false) => None,
            (Some(s), false) => Some(format!("it was shown on turn {}: \"{}\"", s.turn, s.text)),
            (None, true) => {
                let mut out = format!("no message says \"{text}\"");
                let last = &self.said[self.said.len().saturating_sub(NEAREST)..];
                if last.is_empty() {
                    out.push_str("; the keys brought no message at all");
                } else {
                    out.push_str("; the last messages:");
                    for s in last {
                        out.push_str(&format!("\n  turn {}  \"{}\"", s.turn, s.text));
                    }
                }
                Some(out)
            }
        }
    }

    fn fact_failure(&self, who: &str, fact: &Fact) -> Option<String> {
        let end = self.game.turn;
        let creature = self.game.creatures.values().find(|c| c.trace_name() == who);
        let spawned = who == "player"
            || self.events.iter().any(|e| e["event"] == "spawn" && e["monster"] == who)
            || creature.is_some();
        if !spawned {
            let names: Vec<String> = self.game.creatures.values().map(|c| c.trace_name()).collect();
            return Some(format!("no creature is called {who} in this run (there are: {})", names.join(", ")));
        }
        let alive = creature.is_some_and(|c| c.hp > 0);
        let problem = match (fact, creature) {
            (Fact::Alive, _) if alive => None,
            (Fact::Alive, _) => Some(format!("{who} is dead at the end (turn {end})")),
            (Fact::Dead, _) if !alive => None,
            (Fact::Dead, Some(c)) => {
                Some(format!("{who} lives at the end (turn {end}), with {}/{} hp", c.hp, c.max_hp))
            }
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
        }?;
        Some(problem + &self.events_naming(who))
    }

    /// The last few events with `who` in a field.
    fn events_naming(&self, who: &str) -> String {
        let naming = |e: &&Value| e.as_object().is_some_and(|o| o.values().any(|v| v == who));
        let mut last: Vec<&Value> = self.events.iter().rev().filter(naming).take(NEAREST).collect();
        if last.is_empty() {
            return String::new();
        }
        last.reverse();
        let mut out = String::from("\nits last events:");
        for e in last {
            out.push_str(&format!("\n  {}", readable(e)));
        }
        out
    }
}
