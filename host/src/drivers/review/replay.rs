//! What `--replay FILE` plays: a recording (`--record`), a trace written
//! with `--trace` (its `run_start` and `press` events are a recording), or a
//! save (the run as it was saved, with no keys to play).

use std::path::Path;

use crate::drivers::play::recording::{PluginVersion, Recording, RecordingError, FORMAT};
use crate::drivers::play::save;
use crate::drivers::review::trace_tools::TraceFileError;
use crate::front::keys::{parse_key, KeyError};

/// A file `--replay` cannot play, naming the file (and the trace's line).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// A recording that does not read.
    #[error(transparent)]
    Recording(#[from] RecordingError),
    /// A trace that does not read.
    #[error(transparent)]
    Trace(#[from] TraceFileError),
    /// The trace goes on from a saved run, which it does not hold.
    #[error(
        "{file}: line {line}: the trace goes on from a saved run, which a trace does not hold: \
         replay the run's --record recording or its save instead"
    )]
    GoesOnFromSave {
        /// The trace.
        file: String,
        /// The `run_continue` event's line.
        line: usize,
    },
    /// The run took a new build of a plugin part way (`--watch`).
    #[error(
        "{file}: line {line}: the run went on with a new build of {plugin} (--watch) from there: \
         no one set of plugin builds plays it again"
    )]
    Reloaded {
        /// The trace.
        file: String,
        /// The `reload` event's line.
        line: usize,
        /// The plugin reloaded.
        plugin: String,
    },
    /// A `press` event's key is not one key.
    #[error("{file}: line {line}: the press event's key: {error}")]
    Key {
        /// The trace.
        file: String,
        /// The event's line.
        line: usize,
        /// Why it does not read.
        error: KeyError,
    },
    /// More key presses than a replay takes.
    #[error("{file}: more than {MAX_KEYS} key presses: too many to replay")]
    TooManyKeys {
        /// The trace.
        file: String,
    },
    /// A second run begins in the file (two traces put end to end).
    #[error(
        "{file}: line {line}: a second run begins here (the first began on line {first}): \
         a trace replays one run; give each run its own file"
    )]
    SecondRun {
        /// The trace.
        file: String,
        /// The second `run_start`'s (or `run_continue`'s) line.
        line: usize,
        /// The first `run_start`'s line.
        first: usize,
    },
    /// A key pressed after the run ended: no run of the game writes one.
    #[error(
        "{file}: line {line}: a key pressed after the run ended (run_end on line {end}): \
         the game traces no key once its run is over"
    )]
    PressAfterEnd {
        /// The trace.
        file: String,
        /// The `press` event's line.
        line: usize,
        /// The `run_end` event's line.
        end: usize,
    },
    /// No `run_start` event.
    #[error("{file}: no run_start event: not the trace of a run")]
    NoStart {
        /// The trace.
        file: String,
    },
    /// No `press` events.
    #[error(
        "{file}: no key presses in it (a bot's trace, or one from before keys were traced): \
         nothing to replay; a bot's run replays with --bot and its seed"
    )]
    NoKeys {
        /// The trace.
        file: String,
    },
    /// A `run_start` without what a replay starts from.
    #[error("{file}: line {line}: {problem}")]
    Start {
        /// The trace.
        file: String,
        /// The event's line.
        line: usize,
        /// What it lacks.
        problem: StartProblem,
    },
}

/// What a trace's `run_start` lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartProblem {
    /// No seed.
    #[error("run_start has no seed")]
    NoSeed,
    /// No plugin versions.
    #[error("run_start has no plugin versions (a trace from an older game)")]
    NoVersions,
    /// A version that is not text.
    #[error("the version of plugin '{0}' is not text")]
    VersionNotText(String),
}

/// What `--replay FILE` plays: a recording, a trace written with
/// `--trace` (its `run_start` and its `press` events are a recording),
/// or a save (the run as it was saved, no keys).
pub fn load(path: &Path) -> Result<Recording, ReplayError> {
    if let Some((seed, plugins, save)) = save::peek(path) {
        let keys = Vec::new();
        let start_save = Some(save);
        return Ok(Recording { format: FORMAT, seed, plugins, scenario: None, keys, start_save, start_offered: false });
    }
    if looks_like_trace(path) {
        return from_trace(path);
    }
    Ok(Recording::load(path)?)
}

/// A trace as a recording: the seed, plugins and scenario of its
/// `run_start`, and the key of every `press` event. A trace is one run: a
/// second `run_start` (two traces put end to end) or a key pressed after
/// its `run_end` is refused, naming the line, never played as that run's.
pub fn from_trace(path: &Path) -> Result<Recording, ReplayError> {
    use crate::drivers::review::trace_tools::TraceReader;
    let file = path.display().to_string();
    let mut start: Option<Recording> = None;
    // The lines of the run's `run_start` and of its `run_end`.
    let (mut began, mut ended) = (0, None);
    for line in TraceReader::open(path)? {
        let line = line?;
        let event = &line.event;
        match (event["event"].as_str().unwrap_or(""), &mut start) {
            ("run_continue", None) => return Err(ReplayError::GoesOnFromSave { file, line: line.line }),
            ("run_start" | "run_continue", Some(_)) => {
                return Err(ReplayError::SecondRun { file, line: line.line, first: began });
            }
            ("run_end", Some(_)) => ended = ended.or(Some(line.line)),
            ("press", Some(_)) if ended.is_some() => {
                let end = ended.unwrap_or_default();
                return Err(ReplayError::PressAfterEnd { file, line: line.line, end });
            }
            ("run_start", None) => {
                began = line.line;
                let rec = recording_of_start(event).map_err(|problem| ReplayError::Start {
                    file: file.clone(),
                    line: line.line,
                    problem,
                })?;
                start = Some(rec);
            }
            ("reload", Some(_)) => {
                let plugin = event["plugin"].as_str().unwrap_or("a plugin").to_string();
                return Err(ReplayError::Reloaded { file, line: line.line, plugin });
            }
            ("press", Some(rec)) => {
                // One press is one key: `100000*.` or `l l` in a press is refused, not played as many.
                let key = event["key"].as_str().unwrap_or("");
                if let Err(error) = parse_key(key) {
                    return Err(ReplayError::Key { file, line: line.line, error });
                }
                if rec.keys.len() >= MAX_KEYS {
                    return Err(ReplayError::TooManyKeys { file });
                }
                rec.keys.push(key.to_string());
            }
            _ => {}
        }
    }
    let Some(rec) = start else { return Err(ReplayError::NoStart { file }) };
    if rec.keys.is_empty() {
        return Err(ReplayError::NoKeys { file });
    }
    Ok(rec)
}

/// The most key presses a trace may hand a replay.
const MAX_KEYS: usize = 1_000_000;

/// Whether the file's first line is a trace event (`{"turn":...`).
fn looks_like_trace(path: &Path) -> bool {
    use std::io::Read;
    // Only a regular file is opened here: a pipe or a device would block (the
    // readers that follow refuse those in one line).
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = [0u8; 9];
    let read = std::fs::File::open(path).and_then(|mut f| f.read(&mut head)).unwrap_or(0);
    head[..read].starts_with(b"{\"turn\":")
}

/// The recording a trace's `run_start` begins.
fn recording_of_start(event: &serde_json::Value) -> Result<Recording, StartProblem> {
    let seed = event["seed"].as_u64().ok_or(StartProblem::NoSeed)?;
    let versions = event["versions"].as_object().ok_or(StartProblem::NoVersions)?;
    let mut plugins = Vec::new();
    for (name, version) in versions {
        let version = version.as_str().ok_or_else(|| StartProblem::VersionNotText(name.clone()))?;
        plugins.push(PluginVersion { name: name.clone(), version: version.to_string() });
    }
    let scenario = event["scenario"].as_str().map(String::from);
    Ok(Recording { format: FORMAT, seed, plugins, scenario, keys: Vec::new(), start_save: None, start_offered: false })
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = r#"{"turn":0,"event":"run_start","source":"host","seed":4,"plugins":["core_combat"],"versions":{"core_combat":"0.1.0"}}"#;
    const PRESS: &str = r#"{"turn":0,"event":"press","source":"host","key":"l"}"#;
    const END: &str = r#"{"turn":1,"event":"run_end","source":"host","turns":1,"cause":"quit","floor":1}"#;

    /// Why the trace of `lines` does not replay, or its keys.
    fn replayed(lines: &[&str]) -> Result<Vec<String>, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        from_trace(&path).map(|r| r.keys).map_err(|e| e.to_string().replace(&path.display().to_string(), "t.jsonl"))
    }

    #[test]
    fn a_trace_is_one_run_two_put_end_to_end_are_refused() {
        assert_eq!(replayed(&[START, PRESS, END]), Ok(vec!["l".to_string()]));
        assert_eq!(
            replayed(&[START, PRESS, END, START, PRESS, END]),
            Err("t.jsonl: line 4: a second run begins here (the first began on line 1): a trace replays one run; \
                 give each run its own file"
                .to_string())
        );
    }

    #[test]
    fn a_key_pressed_after_the_run_ended_is_refused() {
        assert_eq!(
            replayed(&[START, PRESS, END, PRESS]),
            Err("t.jsonl: line 4: a key pressed after the run ended (run_end on line 3): the game traces no key \
                 once its run is over"
                .to_string())
        );
    }
}
