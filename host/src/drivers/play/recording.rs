//! `--record FILE` keeps what a run needs to be played again: the seed, the
//! plugin set with versions, the scenario if any, and every key. `--replay
//! FILE` checks the plugin set is the same (naming any difference) and plays
//! the keys again, which gives the same trace byte for byte.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

#[cfg(test)]
use crate::front::keys::parse_keys;
use crate::front::keys::{parse_key, Key, KeyError, MOST_KEYS};
use emberdeep_engine::data::untrusted::InputError;
use emberdeep_engine::plugins::registry::Plugins;

/// The recording's format version.
pub const FORMAT: u32 = 1;

/// A recording that cannot be written, read or played.
#[derive(Debug, thiserror::Error)]
pub enum RecordingError {
    /// The file cannot be read (missing, not a regular file, too large).
    #[error(transparent)]
    Read(#[from] InputError),
    /// The recording cannot be turned into JSON.
    #[error(transparent)]
    Encode(#[from] serde_json::Error),
    /// The file cannot be written.
    #[error("cannot write the recording {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a recording's JSON.
    #[error("{}: not a recording: {error}", path.display())]
    NotARecording {
        /// The file.
        path: PathBuf,
        /// Why it does not read.
        error: serde_json::Error,
    },
    /// Another format version wrote it.
    #[error("{}: recording format {found} (this game reads format {FORMAT})", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// Its format.
        found: u32,
    },
    /// A key in it is not one key.
    #[error("in the recording's keys: key {entry}: {error}")]
    Keys {
        /// Its place in the list, from 1.
        entry: usize,
        /// Why it does not read.
        error: KeyError,
    },
    /// More keys than a replay takes.
    #[error("the recording holds more than {MOST_KEYS} keys: too many to replay")]
    TooManyKeys,
    /// It was played with another plugin set.
    #[error("cannot replay: the plugin set differs: {differences}. Replay with --plugins \"{set}\" and the same plugin versions")]
    Plugins {
        /// Each difference, in words, joined by `; `.
        differences: String,
        /// The set it was recorded with, as `--plugins` takes it.
        set: String,
    },
}

/// A plugin and its version, as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PluginVersion {
    /// Name.
    pub name: String,
    /// Version.
    pub version: String,
}

/// The saved run a session began from, as a recording keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedStart {
    /// The save file's text when the run began.
    pub save: String,
    /// Whether it was offered (the first key answered) or resumed at once.
    pub offered: bool,
}

/// A recorded run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recording {
    /// Format version.
    pub format: u32,
    /// The seed the run started from.
    pub seed: u64,
    /// The plugin set, sorted.
    pub plugins: Vec<PluginVersion>,
    /// The scenario file it started from, if any.
    pub scenario: Option<String>,
    /// Every key, in the notation of `--keys`.
    pub keys: Vec<String>,
    /// The save the run went on from (`--continue`, or a saved run the
    /// player was offered), so the replay starts where it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_save: Option<String>,
    /// Whether that save was offered (its first key answers the offer).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub start_offered: bool,
}

/// The loaded plugins as a recording lists them.
pub fn plugin_versions(plugins: &Plugins) -> Vec<PluginVersion> {
    plugins.loaded.iter().map(|p| PluginVersion { name: p.name.clone(), version: p.version.clone() }).collect()
}

/// Every way the plugin set `now` differs from the one a run was played
/// with, in words ("core_combat 0.1.0 was loaded when recording and is not now").
pub fn plugin_set_differences(then: &[PluginVersion], now: &[PluginVersion], when: &str) -> Vec<String> {
    let mut differences = Vec::new();
    for r in then {
        match now.iter().find(|p| p.name == r.name) {
            None => differences.push(format!("{} {} was loaded {when} and is not now", r.name, r.version)),
            Some(p) if p.version != r.version => {
                differences.push(format!("{} was {} {when} and is {} now", r.name, r.version, p.version))
            }
            Some(_) => {}
        }
    }
    for p in now.iter().filter(|p| !then.iter().any(|r| r.name == p.name)) {
        differences.push(format!("{} {} is loaded now and was not {when}", p.name, p.version));
    }
    differences
}

impl Recording {
    /// A recording of a run.
    pub fn new(
        seed: u64,
        plugins: &Plugins,
        scenario: Option<&Path>,
        keys: &[Key],
        start: Option<&SavedStart>,
    ) -> Recording {
        Recording {
            format: FORMAT,
            seed,
            plugins: plugin_versions(plugins),
            scenario: scenario.map(|p| p.display().to_string()),
            keys: keys.iter().map(Key::to_string).collect(),
            start_save: start.map(|s| s.save.clone()),
            start_offered: start.is_some_and(|s| s.offered),
        }
    }

    /// The saved run it began from, if it did.
    pub fn start(&self) -> Option<SavedStart> {
        self.start_save.as_ref().map(|save| SavedStart { save: save.clone(), offered: self.start_offered })
    }

    /// Writes it as JSON.
    pub fn save(&self, path: &Path) -> Result<(), RecordingError> {
        let text = serde_json::to_string_pretty(self)?;
        std::fs::write(path, text + "\n").map_err(|error| RecordingError::Write { path: path.to_path_buf(), error })
    }

    /// Reads one, checking its format.
    pub fn load(path: &Path) -> Result<Recording, RecordingError> {
        use emberdeep_engine::data::untrusted::{limits, read_text};
        let text = read_text(path, "recording", limits::RECORDING)?;
        let rec: Recording = serde_json::from_str(&text)
            .map_err(|error| RecordingError::NotARecording { path: path.to_path_buf(), error })?;
        if rec.format != FORMAT {
            return Err(RecordingError::Format { path: path.to_path_buf(), found: rec.format });
        }
        Ok(rec)
    }

    /// The keys, read back: each entry is one key, as the game wrote it
    /// (an entry that is not, `l l`, `//` or `3*l`, is refused, not read as
    /// other keys).
    pub fn keys(&self) -> Result<Vec<Key>, RecordingError> {
        if self.keys.len() > MOST_KEYS {
            return Err(RecordingError::TooManyKeys);
        }
        let read = self.keys.iter().enumerate();
        read.map(|(i, k)| parse_key(k).map_err(|error| RecordingError::Keys { entry: i + 1, error })).collect()
    }

    /// Refuses to replay with another plugin set, naming every difference.
    pub fn check_plugins(&self, plugins: &Plugins) -> Result<(), RecordingError> {
        let differences = plugin_set_differences(&self.plugins, &plugin_versions(plugins), "when recording");
        if differences.is_empty() {
            return Ok(());
        }
        let set: Vec<&str> = self.plugins.iter().map(|p| p.name.as_str()).collect();
        Err(RecordingError::Plugins { differences: differences.join("; "), set: set.join(",") })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recording_round_trips() {
        let keys = parse_keys("l l j F2 Click:3,4 Esc").unwrap();
        let rec = Recording::new(7, &Plugins::default(), None, &keys, None);
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("r.json");
        rec.save(&p).unwrap();
        let back = Recording::load(&p).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back.keys().unwrap(), keys);
    }

    #[test]
    fn each_entry_is_one_key() {
        let mut rec = Recording::new(7, &Plugins::default(), None, &[], None);
        rec.keys = vec!["l".into(), "Space".into(), "/".into(), "*".into(), "Click:-1,2".into()];
        assert_eq!(rec.keys().unwrap(), parse_keys("l Space / * Click:-1,2").unwrap());
        for (bad, shown) in [("//", "'//'"), ("l l", "'l l'"), ("3*l", "'3*l'"), ("", "''")] {
            rec.keys = vec!["l".into(), bad.into(), "j".into()];
            let e = rec.keys().unwrap_err().to_string();
            assert!(e.contains("key 2: ") && e.contains(shown) && e.contains("is not one key"), "{e}");
        }
        rec.keys = vec!["x".repeat(1 << 20)];
        let e = rec.keys().unwrap_err().to_string();
        assert!(e.len() < 400 && !e.contains('\n'), "{e}");
    }

    #[test]
    fn another_plugin_set_is_named() {
        let mut rec = Recording::new(7, &Plugins::default(), None, &[], None);
        rec.plugins.push(PluginVersion { name: "core_combat".into(), version: "0.1.0".into() });
        let e = rec.check_plugins(&Plugins::default()).unwrap_err().to_string();
        assert!(e.contains("core_combat 0.1.0 was loaded when recording"), "{e}");
        assert!(e.contains("--plugins \"core_combat\""), "{e}");
    }
}
