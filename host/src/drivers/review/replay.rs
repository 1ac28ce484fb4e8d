//! What `--replay FILE` plays: a recording (`--record`), a trace written
//! with `--trace` (its `run_start` and `press` events are a recording), or a
//! save (the run as it was saved, with no keys to play).

use std::path::Path;

use crate::drivers::play::recording::{PluginVersion, Recording, FORMAT};
use crate::drivers::play::save;
use crate::front::keys::parse_keys;

/// What `--replay FILE` plays: a recording, a trace written with
/// `--trace` (its `run_start` and its `press` events are a recording),
/// or a save (the run as it was saved, no keys).
pub fn load(path: &Path) -> anyhow::Result<Recording> {
    if let Some((seed, plugins, save)) = save::peek(path) {
        let keys = Vec::new();
        let start_save = Some(save);
        return Ok(Recording { format: FORMAT, seed, plugins, scenario: None, keys, start_save, start_offered: false });
    }
    if looks_like_trace(path) {
        return from_trace(path);
    }
    Recording::load(path)
}

/// A trace as a recording: the seed, plugins and scenario of its first
/// `run_start`, and the key of every `press` event.
pub fn from_trace(path: &Path) -> anyhow::Result<Recording> {
    use crate::drivers::review::trace_tools::TraceReader;
    let name = path.display();
    let mut start: Option<Recording> = None;
    for line in TraceReader::open(path)? {
        let line = line?;
        let event = &line.event;
        match (event["event"].as_str().unwrap_or(""), &mut start) {
            ("run_continue", None) => anyhow::bail!(
                "{name}: line {}: the trace goes on from a saved run, which a trace does not hold: \
                 replay the run's --record recording or its save instead",
                line.line
            ),
            ("run_start", None) => start = Some(recording_of_start(&name.to_string(), line.line, event)?),
            ("reload", Some(_)) => anyhow::bail!(
                "{name}: line {}: the run went on with a new build of {} (--watch) from there: \
                 no one set of plugin builds plays it again",
                line.line,
                event["plugin"].as_str().unwrap_or("a plugin")
            ),
            ("press", Some(rec)) => {
                let key = event["key"].as_str().unwrap_or("");
                parse_keys(key).map_err(|e| anyhow::anyhow!("{name}: line {}: key '{key}': {e}", line.line))?;
                if rec.keys.len() >= MAX_KEYS {
                    anyhow::bail!("{name}: more than {MAX_KEYS} key presses: too many to replay");
                }
                rec.keys.push(key.to_string());
            }
            _ => {}
        }
    }
    let rec = start.ok_or_else(|| anyhow::anyhow!("{name}: no run_start event: not the trace of a run"))?;
    if rec.keys.is_empty() {
        anyhow::bail!(
            "{name}: no key presses in it (a bot's trace, or one from before keys were traced): \
             nothing to replay; a bot's run replays with --bot and its seed"
        );
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
fn recording_of_start(file: &str, line: usize, event: &serde_json::Value) -> anyhow::Result<Recording> {
    let seed = event["seed"].as_u64().ok_or_else(|| anyhow::anyhow!("{file}: line {line}: run_start has no seed"))?;
    let versions = event["versions"].as_object().ok_or_else(|| {
        anyhow::anyhow!("{file}: line {line}: run_start has no plugin versions (a trace from an older game)")
    })?;
    let mut plugins = Vec::new();
    for (name, version) in versions {
        let version = version
            .as_str()
            .ok_or_else(|| anyhow::anyhow!("{file}: line {line}: the version of plugin '{name}' is not text"))?;
        plugins.push(PluginVersion { name: name.clone(), version: version.to_string() });
    }
    let scenario = event["scenario"].as_str().map(String::from);
    Ok(Recording { format: FORMAT, seed, plugins, scenario, keys: Vec::new(), start_save: None, start_offered: false })
}
