//! `--record FILE` keeps what a run needs to be played again: the seed, the
//! plugin set with versions, the scenario if any, and every key. `--replay
//! FILE` checks the plugin set is the same (naming any difference) and plays
//! the keys again, which gives the same trace byte for byte.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::front::keys::{parse_keys, Key};
use emberdeep_engine::plugins::registry::Plugins;

/// The recording's format version.
pub const FORMAT: u32 = 1;

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
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        let text = serde_json::to_string_pretty(self)?;
        std::fs::write(path, text + "\n")
            .map_err(|e| anyhow::anyhow!("cannot write the recording {}: {e}", path.display()))
    }

    /// Reads one, checking its format.
    pub fn load(path: &Path) -> anyhow::Result<Recording> {
        use emberdeep_engine::data::untrusted::{limits, read_text};
        let text = read_text(path, "recording", limits::RECORDING)?;
        let rec: Recording =
            serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{}: not a recording: {e}", path.display()))?;
        if rec.format != FORMAT {
            anyhow::bail!("{}: recording format {} (this game reads format {FORMAT})", path.display(), rec.format);
        }
        Ok(rec)
    }

    /// The keys, read back.
    pub fn keys(&self) -> anyhow::Result<Vec<Key>> {
        parse_keys(&self.keys.join(" ")).map_err(|e| anyhow::anyhow!("in the recording's keys: {e}"))
    }

    /// Refuses to replay with another plugin set, naming every difference.
    pub fn check_plugins(&self, plugins: &Plugins) -> anyhow::Result<()> {
        let differences = plugin_set_differences(&self.plugins, &plugin_versions(plugins), "when recording");
        if differences.is_empty() {
            return Ok(());
        }
        let set: Vec<&str> = self.plugins.iter().map(|p| p.name.as_str()).collect();
        anyhow::bail!(
            "cannot replay: the plugin set differs: {}. Replay with --plugins \"{}\" and the same plugin versions",
            differences.join("; "),
            set.join(",")
        )
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
    fn another_plugin_set_is_named() {
        let mut rec = Recording::new(7, &Plugins::default(), None, &[], None);
        rec.plugins.push(PluginVersion { name: "core_combat".into(), version: "0.1.0".into() });
        let e = rec.check_plugins(&Plugins::default()).unwrap_err().to_string();
        assert!(e.contains("core_combat 0.1.0 was loaded when recording"), "{e}");
        assert!(e.contains("--plugins \"core_combat\""), "{e}");
    }
}
