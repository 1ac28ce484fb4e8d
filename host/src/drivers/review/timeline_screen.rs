//! The replay timeline on screen (`--replay FILE` in the window, or
//! `--replay FILE --at TURN` for one turn): the map as it was at a turn,
//! drawn through the ordinary screen model and views, and under it a pane
//! with the header, the keys that led to that turn and the events they
//! wrote. Its keys (docs/replay.md): Left/Right or `,`/`.` a turn,
//! PageUp/PageDown or `<`/`>` ten, `g` then digits and Enter a turn by
//! number, Home/End the start and the end, Up/Down scroll the events, F2
//! the view, Esc or `q` quit. Nothing here writes to the run's trace.

use std::rc::Rc;

use emberdeep_api::{PluginError, Point, Rgba};
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;
use serde_json::Value;

use crate::drivers::cli::Cli;
use crate::drivers::play::recording::Recording;
use crate::drivers::review::timeline::{Events, SeekError, Timeline, TimelineError};
use crate::front::atlas::Atlas;
use crate::front::keys::Key;
use crate::front::screen::{palette, wrap, Line, Overlay, ScreenModel};
use crate::front::ui::{self, pane_chars, Frontend, Views, PANE_LINES};

/// The most digits "go to" takes: more than any turn has.
const MOST_DIGITS: usize = 20;
/// The most keys the pane names for one turn.
const MOST_KEYS_SHOWN: usize = 40;
/// Turns PageUp and PageDown move.
const PAGE: u64 = 10;
/// The most rows one line of the pane (an event, the keys) takes.
const MOST_ROWS: usize = 3;
/// How far a line's rows after its first are indented.
const INDENT: usize = 4;

/// The timeline and what the screen remembers: the stop shown, the prompt,
/// the last error, the events' scroll, the view.
pub struct TimelineScreen {
    timeline: Timeline,
    stop: usize,
    /// The digits typed after `g`, while going to a turn.
    prompt: Option<String>,
    /// A line about the last key (a turn that is not there).
    message: Option<String>,
    scroll: usize,
    events: Events,
    /// The view chosen on the timeline (recorded F2 presses do not change it).
    view: Option<String>,
}

impl TimelineScreen {
    /// The timeline at its last turn, drawn in the view named `view` (or the first).
    pub fn new(timeline: Timeline, view: Option<&str>) -> Result<TimelineScreen, TimelineError> {
        let last = timeline.stops().len() - 1;
        let mut screen = TimelineScreen {
            timeline,
            stop: last,
            prompt: None,
            message: None,
            scroll: 0,
            events: Events::default(),
            view: view.map(String::from),
        };
        if let Some(name) = view {
            screen.timeline.app_mut().select_view(name)?;
        } else {
            screen.view = screen.timeline.app().view_names().into_iter().next();
        }
        screen.go(last)?;
        Ok(screen)
    }

    /// The timeline.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The stop shown.
    pub fn stop(&self) -> usize {
        self.stop
    }

    /// Shows turn `turn`, or says why not (and stays where it was).
    pub fn go_to_turn(&mut self, turn: u64) -> Result<(), SeekError> {
        let stop = self.timeline.stop_for_turn(turn)?;
        self.go(stop)
    }

    fn go(&mut self, stop: usize) -> Result<(), SeekError> {
        let stop = stop.min(self.timeline.stops().len() - 1);
        self.timeline.seek_stop(stop)?;
        self.events = self.timeline.events_of(stop)?;
        self.stop = stop;
        self.scroll = 0;
        if let Some(name) = &self.view {
            // The same views as when the timeline opened: the name is there.
            let _ = self.timeline.app_mut().select_view(name);
        }
        Ok(())
    }

    fn go_or_say(&mut self, stop: usize) {
        if let Err(e) = self.go(stop) {
            self.message = Some(e.to_string());
        }
    }

    /// Ten turns back or on (`forward`), at least one stop.
    fn page(&mut self, forward: bool) {
        let (first, last) = self.timeline.turns();
        let now = self.timeline.stops()[self.stop].turn;
        let target = if forward { now.saturating_add(PAGE).min(last) } else { now.saturating_sub(PAGE).max(first) };
        let Ok(found) = self.timeline.stop_for_turn(target) else { return };
        let stop = if forward { found.max(self.stop + 1) } else { found.min(self.stop.saturating_sub(1)) };
        self.go_or_say(stop);
    }

    fn press_prompt(&mut self, key: Key) {
        let typed = self.prompt.get_or_insert_with(String::new);
        match key {
            Key::Char(c) if c.is_ascii_digit() && typed.len() < MOST_DIGITS => typed.push(c),
            Key::Enter => {
                let typed = self.prompt.take().unwrap_or_default();
                if typed.is_empty() {
                    return;
                }
                let last = self.timeline.turns().1;
                let outcome = match typed.parse::<u64>() {
                    Ok(turn) => self.go_to_turn(turn).map_err(|e| e.to_string()),
                    Err(_) => Err(format!("turn {typed} is past the end of the run: its last turn is {last}")),
                };
                if let Err(e) = outcome {
                    self.message = Some(e);
                }
            }
            Key::Esc => self.prompt = None,
            _ => {}
        }
    }

    /// One key; `false` to quit.
    pub fn press(&mut self, key: Key) -> bool {
        if self.prompt.is_some() {
            self.press_prompt(key);
            return true;
        }
        self.message = None;
        let last = self.timeline.stops().len() - 1;
        match key {
            Key::Esc | Key::Char('q') => return false,
            Key::Left | Key::Char(',') => self.go_or_say(self.stop.saturating_sub(1)),
            Key::Right | Key::Char('.') => self.go_or_say((self.stop + 1).min(last)),
            Key::PageUp | Key::Char('<') => self.page(false),
            Key::PageDown | Key::Char('>') => self.page(true),
            Key::Home => self.go_or_say(0),
            Key::End => self.go_or_say(last),
            Key::Char('g') => self.prompt = Some(String::new()),
            Key::Up => self.scroll = self.scroll.saturating_sub(1),
            Key::Down => self.scroll = (self.scroll + 1).min(self.events.lines.len().saturating_sub(1)),
            Key::F(2) => self.next_view(),
            _ => {}
        }
        true
    }

    fn next_view(&mut self) {
        let names = self.timeline.app().view_names();
        let now = self.view.as_ref().and_then(|v| names.iter().position(|n| n == v)).unwrap_or(0);
        let next = names[(now + 1) % names.len()].clone();
        let _ = self.timeline.app_mut().select_view(&next);
        self.view = Some(next);
    }

    /// The pane: its header and its lines, as shown now.
    pub fn pane(&self) -> (Line, Vec<Line>) {
        let stops = self.timeline.stops();
        let here = &stops[self.stop];
        let last = stops[stops.len() - 1].turn;
        let header = match &self.prompt {
            Some(typed) => {
                Line::new(format!("Go to turn: {typed}_   (digits, Enter to go, Esc to cancel)"), palette::TEXT)
            }
            None => Line::new(
                format!(
                    "Replay: turn {} of {last} (floor {}) - Left/Right step, PgUp/PgDn 10, g go to, Home/End, Esc quit",
                    here.turn, here.floor
                ),
                palette::TEXT,
            ),
        };
        let mut lines = Vec::new();
        if let Some(message) = &self.message {
            lines.extend(rows(message, palette::DANGER, MOST_ROWS));
        }
        lines.extend(rows(&self.keys_line(), palette::GOOD, 2));
        if self.stop == stops.len() - 1 && self.timeline.left_out > 0 {
            let text = format!("The recording goes on into a new run for {} keys, not shown.", self.timeline.left_out);
            lines.push(Line::new(text, palette::DIM));
        }
        let room = PANE_LINES.saturating_sub(lines.len());
        lines.extend(event_rows(&self.events.lines, self.events.more, self.scroll, room));
        (header, lines)
    }

    fn keys_line(&self) -> String {
        let stops = self.timeline.stops();
        let keys = self.timeline.keys_of(self.stop);
        if self.stop == 0 {
            let mut text = "The run's start".to_string();
            if !keys.is_empty() {
                text.push_str(&format!("; keys: {}", key_list(keys)));
            }
            return text;
        }
        let before = stops[self.stop - 1].turn;
        let now = stops[self.stop].turn;
        let within = if now > before + 1 {
            format!(" (turns {}-{} passed within them)", before + 1, now - 1)
        } else {
            String::new()
        };
        format!("Keys since turn {before}{within}: {}", key_list(keys))
    }
}

/// Keys in the notation of `--keys`, at most [`MOST_KEYS_SHOWN`].
fn key_list(keys: &[Key]) -> String {
    let mut words: Vec<String> = keys.iter().take(MOST_KEYS_SHOWN).map(Key::to_string).collect();
    if keys.len() > MOST_KEYS_SHOWN {
        words.push(format!("... ({} more)", keys.len() - MOST_KEYS_SHOWN));
    }
    if words.is_empty() {
        return "none".into();
    }
    words.join(" ")
}

/// `text` as rows of the pane: wrapped to its width at spaces, the rows
/// after the first indented; at most `most` rows, the last of them ending
/// in "..." when some of the text is left out.
fn rows(text: &str, color: Rgba, most: usize) -> Vec<Line> {
    let mut parts = wrap(text, pane_chars(), INDENT);
    if parts.len() > most {
        parts.truncate(most);
        if let Some(last) = parts.last_mut() {
            let kept: String = last.chars().take(pane_chars() - 3).collect();
            *last = kept + "...";
        }
    }
    parts.into_iter().map(|p| Line::new(p, color)).collect()
}

/// The events from `scroll` on as rows of the pane, as many whole events
/// as fit in `room` rows (each wrapped, see [`rows`]), and a last row
/// saying how many more there are (`more` of them not kept) when some do
/// not fit.
fn event_rows(events: &[String], more: usize, scroll: usize, room: usize) -> Vec<Line> {
    if events.is_empty() {
        return vec![Line::new("No events.", palette::DIM)];
    }
    let left = events.len().saturating_sub(scroll) + more;
    let mut out = Vec::new();
    let mut shown = 0;
    for event in events.iter().skip(scroll) {
        let wrapped = rows(&event_text(event), palette::TEXT, MOST_ROWS);
        // Room for the "more" row unless this is the last event of all.
        let budget = if shown + 1 < left { room.saturating_sub(1) } else { room };
        if out.len() + wrapped.len() > budget {
            // A first event too long for the room shows as much as fits.
            if shown == 0 {
                out.extend(rows(&event_text(event), palette::TEXT, budget.max(1)));
                shown = 1;
            }
            break;
        }
        out.extend(wrapped);
        shown += 1;
    }
    if left > shown {
        let not_kept = match more {
            0 => String::new(),
            more => format!(", {more} of them not kept"),
        };
        let text = format!("... {} more events{not_kept} (Down scrolls; {scroll} above)", left - shown);
        out.push(Line::new(text, palette::DIM));
    }
    out
}

/// A trace line as the pane shows it: `source event: field=value ...`
/// (the turn too when it is not the stop's own), at most as long as the
/// pane's rows for one event hold.
pub fn event_text(line: &str) -> String {
    let most = pane_chars() * MOST_ROWS;
    let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(line) else {
        return line.chars().take(most).collect();
    };
    let word = |k: &str| match fields.get(k) {
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
        None => String::new(),
    };
    let mut text = format!("[{}] {} {}:", word("turn"), word("source"), word("event"));
    for (k, v) in fields.iter().filter(|(k, _)| !matches!(k.as_str(), "turn" | "event" | "source")) {
        let v = match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        text.push_str(&format!(" {k}={v}"));
        if text.len() > most * 4 {
            break;
        }
    }
    text.chars().take(most).collect()
}

impl Frontend for TimelineScreen {
    fn model(&mut self) -> ScreenModel {
        let (header, lines) = self.pane();
        let mut model = self.timeline.app_mut().model();
        let under = Box::new(std::mem::replace(&mut model.overlay, Overlay::None));
        model.overlay = Overlay::Timeline { header, lines, under };
        model
    }

    fn views(&self) -> Views<'_> {
        self.timeline.app().views()
    }

    fn view_failed(&mut self, error: &PluginError) {
        self.timeline.app_mut().view_failed(error);
        self.view = self.timeline.app().view_names().into_iter().next();
    }

    fn press(&mut self, key: Key) -> bool {
        TimelineScreen::press(self, key)
    }

    fn hover(&mut self, _cell: Point) {}

    fn close(&mut self) {}
}

/// Why the timeline command stopped.
#[derive(Debug, thiserror::Error)]
pub enum TimelineRunError {
    /// The timeline cannot be built or shown.
    #[error(transparent)]
    Timeline(#[from] TimelineError),
    /// The run's trace could not be written.
    #[error("writing the trace failed: {0}")]
    Trace(std::io::Error),
    /// `--at` a turn the run does not have.
    #[error("--at {at}: {error}")]
    At {
        /// As written.
        at: String,
        /// Why not.
        error: SeekError,
    },
    /// `--at` a number too large to be any turn.
    #[error("--at {at}: turn {at} is past the end of the run: its last turn is {last}")]
    AtPastTheEnd {
        /// As written.
        at: String,
        /// The run's last turn.
        last: u64,
    },
    /// `--at` something that is not a number.
    #[error("--at wants a turn number (up to {last}), not '{at}'")]
    AtNotATurn {
        /// As written.
        at: String,
        /// The run's last turn.
        last: u64,
    },
    /// The window or the screenshot failed.
    #[error(transparent)]
    Draw(#[from] ui::DrawError),
}

/// Whether the command line asks for the timeline: a replay in the window
/// (not re-recorded), or any replay `--at` a turn.
pub fn wanted(cli: &Cli) -> bool {
    cli.replay.is_some() && (cli.at.is_some() || (!cli.headless && cli.record.is_none()))
}

/// The timeline of `recording`: played straight once (its events to
/// `trace`, as `--replay` writes them), then shown `--at` a turn (drawn to
/// `--screenshot`, or printed headless) or in the window.
pub fn run(
    cli: &Cli,
    recording: &Recording,
    plugins: Rc<Plugins>,
    records: Rc<Records>,
    trace: Trace,
    atlas: &Atlas,
) -> Result<(), TimelineRunError> {
    let (timeline, mut trace) = Timeline::build(recording, plugins, records, trace)?;
    trace.finish().map_err(TimelineRunError::Trace)?;
    let mut screen = TimelineScreen::new(timeline, cli.view.as_deref())?;
    if let Some(at) = &cli.at {
        let at = at.trim();
        let last = screen.timeline().turns().1;
        let digits = !at.is_empty() && at.bytes().all(|b| b.is_ascii_digit());
        match at.parse::<u64>() {
            Ok(turn) => screen.go_to_turn(turn).map_err(|error| TimelineRunError::At { at: at.to_string(), error })?,
            Err(_) if digits => return Err(TimelineRunError::AtPastTheEnd { at: at.to_string(), last }),
            Err(_) => return Err(TimelineRunError::AtNotATurn { at: at.to_string(), last }),
        }
    }
    if let Some(path) = &cli.screenshot {
        return Ok(ui::screenshot_front(&mut screen, atlas, path)?);
    }
    if cli.headless {
        let (header, lines) = screen.pane();
        crate::outln!("{}", header.text);
        for line in &lines {
            crate::outln!("{}", line.text);
        }
        return Ok(());
    }
    Ok(ui::run_window(&mut screen, atlas)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trace line with many fields, the last of them `last=END`.
    fn long_event(turn: u32) -> String {
        let mut fields = serde_json::Map::new();
        fields.insert("turn".into(), turn.into());
        fields.insert("source".into(), "core_combat".into());
        fields.insert("event".into(), "attack".into());
        for i in 0..4 {
            fields.insert(format!("field_{i}"), format!("a value of some length number {i}").into());
        }
        fields.insert("zz_last".into(), "END".into());
        Value::Object(fields).to_string()
    }

    #[test]
    fn a_long_event_line_is_wrapped_in_the_pane_not_cut() {
        let events: Vec<String> = (0..3).map(long_event).collect();
        let rows = event_rows(&events, 0, 0, PANE_LINES);
        for row in &rows {
            assert!(row.text.chars().count() <= pane_chars(), "{:?} is wider than the pane", row.text);
        }
        let first: Vec<&str> = rows.iter().map(|r| r.text.trim()).take_while(|t| !t.ends_with("zz_last=END")).collect();
        assert!(first.len() < rows.len(), "the first event's end shows: {rows:?}");
        assert!(first.len() > 1, "over more than one row: {rows:?}");
        assert!(
            rows[1].text.starts_with("    ") && !rows[1].text.starts_with("     "),
            "later rows indented: {rows:?}"
        );
        assert!(rows.len() <= PANE_LINES, "no more rows than the pane has: {}", rows.len());
        assert!(
            rows.last().unwrap().text.starts_with("... 1 more events"),
            "the event that does not fit is counted: {rows:?}"
        );
    }

    #[test]
    fn the_pane_wraps_at_the_window_s_width() {
        let events: Vec<String> = (0..1).map(long_event).collect();
        let widest = |w: u32| {
            crate::front::screen_size::set_screen_size(w, 900);
            let rows = event_rows(&events, 0, 0, PANE_LINES);
            crate::front::screen_size::set_screen_size(1600, 900);
            rows.iter().map(|r| r.text.chars().count()).max().unwrap_or(0)
        };
        // 1600 pixels hold 99 characters of 16 after the margins; 1000 hold 61; 1900 hold 117.
        assert!((45..=61).contains(&widest(1000)), "a narrow window's rows fit it: {}", widest(1000));
        assert!(widest(1600) > 61 && widest(1600) <= 99, "the default width's rows fit it");
        assert!(widest(1900) > widest(1600), "a wide window's rows use its room");
    }

    #[test]
    fn short_events_each_take_one_row_and_all_fit_when_they_can() {
        let events: Vec<String> =
            (0..3).map(|t| format!("{{\"turn\":{t},\"source\":\"host\",\"event\":\"press\",\"key\":\"h\"}}")).collect();
        let rows = event_rows(&events, 0, 0, PANE_LINES);
        let texts: Vec<&str> = rows.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["[0] host press: key=h", "[1] host press: key=h", "[2] host press: key=h"]);
        assert_eq!(event_rows(&[], 0, 0, 4)[0].text, "No events.");
    }
}
