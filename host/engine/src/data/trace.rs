//! The turn trace: one JSON object per line, `turn`, `event`, `source` first,
//! then the event's own fields, never a wall-clock time, so the same seed,
//! plugins and keys give the same file byte for byte. Each event is also
//! echoed to the console through `tracing` (shown when `RUST_LOG` asks).
//!
//! Plugins' own `tracing` events come in through [`plugin_log_callback`];
//! they wait in a queue until the host files them under the plugin's name,
//! before the next event, so their order among the host's events is kept.

use std::cell::RefCell;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use emberdeep_api::{FieldValue, LogRecord};
use serde_json::{Map, Value};

thread_local! {
    static PENDING: RefCell<Vec<LogRecord>> = const { RefCell::new(Vec::new()) };
}

/// The host's end of the tracing bridge: queues a plugin's event.
pub extern "C" fn plugin_log_callback(record: LogRecord) {
    PENDING.with(|p| p.borrow_mut().push(record));
}

/// The fields of an event, in the order written.
pub type Fields = Map<String, Value>;

/// Builds the fields of an event: `fields!{"attacker" => "player", "damage" => 3}`.
#[macro_export]
macro_rules! fields {
    ($($k:expr => $v:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut m = $crate::data::trace::Fields::new();
        $( m.insert($k.to_string(), serde_json::json!($v)); )*
        m
    }};
}

/// The events the host writes and the fields each may carry (besides
/// `turn`, `event` and `source`), as docs/trace.md lists them: what
/// `emberdeep check` holds an expectation's event pattern to. Plugins write
/// events of their own besides these.
pub const HOST_EVENTS: &[(&str, &[&str])] = &[
    ("run_start", &["seed", "plugins", "versions", "scenario"]),
    ("press", &["key"]),
    ("run_continue", &["seed", "floor", "plugins"]),
    ("reload", &["plugin", "version", "file"]),
    ("floor", &["floor", "stairs_x", "stairs_y", "goal_x", "goal_y", "generator", "pieces"]),
    ("generator_refused", &["generator", "floor", "why"]),
    ("piece", &["piece", "x", "y"]),
    ("feature", &["feature", "floor"]),
    ("feature_refused", &["feature", "floor", "why"]),
    ("piece_skipped", &["piece", "why"]),
    ("spawn", &["monster", "item", "count", "x", "y", "state", "side", "name", "glyph", "color", "tile"]),
    ("removed", &["who", "x", "y"]),
    ("teleport", &["who", "from_x", "from_y", "x", "y"]),
    ("side", &["creature", "from", "to"]),
    ("terrain", &["x", "y", "from", "to", "found"]),
    ("terrain_found", &["x", "y", "terrain"]),
    ("action", &["action", "x", "y", "target", "item", "count", "status", "key", "yes", "topic"]),
    ("ask", &["question", "topic"]),
    ("standing", &["a", "b", "from", "to"]),
    ("provoked", &["creature", "by", "was"]),
    ("kind_known", &["kind", "known"]),
    // 1.7 (fields)
    ("field_set", &["field", "x", "y", "amount"]),
    ("field_spread", &["field", "cells", "total"]),
    ("map_revealed", &["cells"]),
    ("use", &["item", "effect"]),
    ("attack", &["attacker", "target", "kind", "hit", "damage", "chance", "distance"]),
    ("death", &["who", "killer"]),
    ("noise", &["x", "y", "loudness"]),
    ("wake", &["monster", "cause", "was", "now"]),
    ("log", &[]),
    ("brain", &["monster", "from", "to"]),
    ("status_start", &["creature", "status", "turns"]),
    ("status_end", &["creature", "status", "why"]),
    ("plugin_error", &["plugin", "message"]),
    ("goal", &["item", "x", "y", "guardian"]),
    ("item_placed", &["item", "id", "count", "x", "y"]),
    ("item_put", &["item", "id", "count", "slot"]),
    ("item_given", &["item", "id", "count", "to"]),
    ("item_dropped", &["item", "id", "count", "by", "x", "y"]),
    ("item_lost", &["item", "id", "count", "by", "x", "y"]),
    // Since 1.3.
    ("step_refused", &["creature", "x", "y"]),
    ("use_refused", &["item"]),
    ("fall", &["from", "to"]),
    ("victory", &["turn", "floor"]),
    ("run_end", &["turns", "cause", "floor"]),
    // 1.6 (looks)
    ("look", &["creature", "name", "glyph", "color", "tile"]),
    ("disguise", &["creature", "as", "x", "y"]),
    ("reveal", &["creature", "as", "cause", "x", "y"]),
];

/// Host events whose fields are the plugin's own: a `log` event carries a
/// plugin's `tracing` event's fields.
pub const OPEN_EVENTS: &[&str] = &["log"];

/// Where trace events go.
pub struct Trace {
    out: Option<BufWriter<File>>,
    /// Lines kept in memory too (for the bot and tests), if asked.
    pub kept: Option<Vec<String>>,
    /// The first write that failed, kept for [`Trace::finish`] to report.
    failed: Option<std::io::Error>,
}

impl Trace {
    /// A trace that only echoes to the console.
    pub fn console() -> Self {
        Trace { out: None, kept: None, failed: None }
    }

    /// A trace kept only in memory (in [`Trace::kept`]), written nowhere:
    /// what the replay timeline files each turn's events from.
    pub fn in_memory() -> Self {
        Trace { out: None, kept: Some(Vec::new()), failed: None }
    }

    /// The lines kept in memory since the last call (none if not keeping).
    pub fn take_kept(&mut self) -> Vec<String> {
        self.kept.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// A trace written to `path` (created or truncated).
    pub fn to_file(path: &Path) -> std::io::Result<Self> {
        let file = File::create(path)?;
        Ok(Trace { out: Some(BufWriter::new(file)), kept: None, failed: None })
    }

    /// A trace that goes on at the end of `path` (a run restarted after a
    /// reload); the file is created if it is not there.
    pub fn append_to_file(path: &Path) -> std::io::Result<Self> {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Trace { out: Some(BufWriter::new(file)), kept: None, failed: None })
    }

    /// Whether an event goes anywhere: a file, the kept lines, or the
    /// console at `RUST_LOG=emberdeep::trace=debug`. When not, callers may
    /// skip building its fields.
    pub fn wanted(&self) -> bool {
        self.out.is_some()
            || self.kept.is_some()
            || tracing::enabled!(target: "emberdeep::trace", tracing::Level::DEBUG)
    }

    /// Writes one event.
    pub fn event(&mut self, turn: u64, event: &str, source: &str, fields: Fields) {
        if !self.wanted() {
            return;
        }
        let mut obj = Map::new();
        obj.insert("turn".into(), turn.into());
        obj.insert("event".into(), event.into());
        obj.insert("source".into(), source.into());
        obj.extend(fields);
        let line = Value::Object(obj).to_string();
        tracing::debug!(target: "emberdeep::trace", "{line}");
        if let Some(out) = &mut self.out {
            if let Err(e) = writeln!(out, "{line}") {
                self.failed.get_or_insert(e);
            }
        }
        if let Some(kept) = &mut self.kept {
            kept.push(line);
        }
    }

    /// Files the plugins' queued `tracing` events under `plugin`.
    pub fn drain_plugin_logs(&mut self, turn: u64, plugin: &str) {
        // Most calls log nothing: then there is nothing to take and put back.
        if PENDING.with(|p| p.borrow().is_empty()) {
            return;
        }
        let mut records = PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()));
        for r in records.drain(..) {
            echo_to_console(plugin, &r);
            if r.level > 3 {
                continue; // debug and trace stay on the console, as RUST_LOG chooses
            }
            let mut fields = fields! {"level" => level_name(r.level), "message" => r.message.as_str()};
            for f in r.fields.iter() {
                let v = match &f.value {
                    FieldValue::Int(i) => Value::from(*i),
                    FieldValue::Bool(b) => Value::from(*b),
                    FieldValue::Text(t) => Value::from(t.as_str()),
                };
                fields.insert(f.name.to_string(), v);
            }
            self.event(turn, "log", plugin, fields);
        }
        // The queue's room is kept for the next call's events.
        PENDING.with(|p| {
            let mut p = p.borrow_mut();
            if p.is_empty() {
                *p = records;
            }
        });
    }

    /// Flushes the file; reports a write error seen on the way.
    pub fn finish(&mut self) -> std::io::Result<()> {
        if let Some(out) = &mut self.out {
            out.flush()?;
        }
        match self.failed.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Shows the plugins' queued `tracing` events on the console under
/// `plugin`, and nowhere else: for calls made to look, which never reach the trace.
pub fn echo_plugin_logs(plugin: &str) {
    if PENDING.with(|p| p.borrow().is_empty()) {
        return;
    }
    let records = PENDING.with(|p| std::mem::take(&mut *p.borrow_mut()));
    for r in &records {
        echo_to_console(plugin, r);
    }
}

fn level_name(level: u8) -> &'static str {
    match level {
        1 => "error",
        2 => "warn",
        3 => "info",
        4 => "debug",
        _ => "trace",
    }
}

fn echo_to_console(plugin: &str, r: &LogRecord) {
    // The line is built only when someone listens at its level: a debug
    // line for every blow costs a turn of a crowd's fight otherwise.
    let wanted = match r.level {
        1 => tracing::enabled!(target: "emberdeep::plugin", tracing::Level::ERROR),
        2 => tracing::enabled!(target: "emberdeep::plugin", tracing::Level::WARN),
        3 => tracing::enabled!(target: "emberdeep::plugin", tracing::Level::INFO),
        4 => tracing::enabled!(target: "emberdeep::plugin", tracing::Level::DEBUG),
        _ => tracing::enabled!(target: "emberdeep::plugin", tracing::Level::TRACE),
    };
    if !wanted {
        return;
    }
    let fields: Vec<String> = r.fields.iter().map(|f| format!("{}={:?}", f.name, f.value)).collect();
    let text = format!("[{plugin}] {} {}", r.message, fields.join(" "));
    match r.level {
        1 => tracing::error!(target: "emberdeep::plugin", "{text}"),
        2 => tracing::warn!(target: "emberdeep::plugin", "{text}"),
        3 => tracing::info!(target: "emberdeep::plugin", "{text}"),
        4 => tracing::debug!(target: "emberdeep::plugin", "{text}"),
        _ => tracing::trace!(target: "emberdeep::plugin", "{text}"),
    }
}
