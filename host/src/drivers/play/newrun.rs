//! What the New Run screen ([`crate::front::newrun`]) is shown and what it
//! leaves behind: every plugin of the plugin folder, those refused with
//! why ([`catalog`]); the presets (`presets.toml` in the data folder, and
//! those the player kept); the set last played, kept in `newrun.json` in
//! the config folder beside `prefs.json`; and the run then started, as a
//! fresh game process given `--plugins` and `--seed` ([`relaunch`]).
//!
//! `newrun.json` and `presets.toml` are read as hostile: a file too big, of
//! another shape, or naming what is not a short name is one line, and the
//! screen starts without it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use emberdeep_engine::data::untrusted;
use emberdeep_engine::plugins::discovery::{find_in_folders, NotLoaded, PluginFolders};
use emberdeep_engine::plugins::loader::{load_from_folders, LoadError};
use emberdeep_engine::plugins::registry::{LoadedPlugin, Plugins};
use emberdeep_engine::plugins::trial::Probe;
use serde::{Deserialize, Serialize};

use crate::drivers::play::save::{write_atomic, SaveError};
use crate::front::newrun::{PluginRow, Preset};

/// The remembered set's file in the config folder.
pub const SET_FILE: &str = "newrun.json";
/// The presets' file in the data folder.
pub const PRESETS_FILE: &str = "presets.toml";
/// The most either file may weigh.
const LIMIT: u64 = 64 << 10;
/// The longest name (of a plugin or a preset) either file may hold.
const NAME_LIMIT: usize = 100;
/// The most presets, and the most plugins in a set.
const MOST: usize = 64;
/// The version of `newrun.json` this game writes and reads.
const SET_VERSION: u32 = 1;

/// Why the plugins could not be listed, or a file not read or written, in one line.
#[derive(Debug, thiserror::Error)]
pub enum NewRunError {
    /// The plugin folder cannot be read.
    #[error("{0}")]
    Folder(Box<LoadError>),
    /// A file cannot be read (too large, not text, the file system said no).
    #[error("{0}; it is left out")]
    Read(untrusted::InputError),
    /// The remembered set is not its JSON.
    #[error("the remembered plugin set {} is damaged ({error}); it is left out", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Why.
        error: serde_json::Error,
    },
    /// The presets file is not its TOML.
    #[error("{}:{line}: {field}: {why}; the presets file is left out", path.display())]
    Presets {
        /// The file.
        path: PathBuf,
        /// Its line, from 1.
        line: usize,
        /// The field at fault.
        field: String,
        /// Why.
        why: String,
    },
    /// A name that is not a short line, or too many.
    #[error("{} names what is not a short name, or more than {MOST}; it is left out", path.display())]
    BadName {
        /// The file.
        path: PathBuf,
    },
    /// `newrun.json` of a version this game does not read (a newer game's).
    #[error("the remembered plugin set {} is of version {found}, and this game reads version {SET_VERSION}; it is left out", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version, as written (cut if long).
        found: String,
    },
    /// Writing the remembered set failed.
    #[error("the plugin set was not remembered: {0}")]
    Write(#[from] SaveError),
    /// The game could not be started again with the set chosen.
    #[error("the run could not be started: {0}")]
    Relaunch(std::io::Error),
}

/// The kinds a plugin registers, as the screen names them (the registry's words first).
const KINDS: &[(&str, &str)] = &[
    ("ItemEffect", "item effects"),
    ("RangedKind", "ranged kinds"),
    ("MonsterBrain", "monster brains"),
    ("Status", "statuses"),
    ("View", "views"),
    ("Terrain", "terrains"),
    ("LevelGen", "level makers"),
    ("LevelFeature", "map pieces"),
    ("Hooks", "hooks"),
    ("Vetoes", "vetoes"),
    ("ItemNames", "item namers"),
];

/// The screen's row of a plugin that loaded.
pub fn row_of(plugin: &LoadedPlugin) -> PluginRow {
    let mut brings: Vec<(String, usize)> =
        KINDS.iter().filter_map(|(kind, words)| plugin.names.get(kind).map(|n| (words.to_string(), n.len()))).collect();
    // Kinds a newer registry has that this list does not, under their own names.
    brings.extend(
        plugin
            .names
            .iter()
            .filter(|(k, _)| !KINDS.iter().any(|(kind, _)| kind == *k))
            .map(|(k, n)| (k.to_string(), n.len())),
    );
    PluginRow {
        name: plugin.name.clone(),
        version: plugin.version.clone(),
        api_version: plugin.api_version.clone(),
        description: (!plugin.description.is_empty()).then(|| plugin.description.clone()),
        brings,
        needs: plugin.needs.clone(),
        from: plugin.path.clone(),
        refused: None,
    }
}

/// Every plugin of the game's folder and the player's, each tried by
/// `probe` as the game loads them: a row for each that loads, and one with
/// the reason for each refused (a damaged library, an api it cannot use, a
/// need not met, a name taken, a player's package without its library).
/// Refused plugins are left out one at a time and the rest tried again,
/// so each refusal is the one that plugin alone brings.
pub fn catalog(folders: &PluginFolders, probe: Option<Probe<'_>>) -> Result<Vec<PluginRow>, NewRunError> {
    let (found, problems) = find_in_folders(folders).map_err(|e| NewRunError::Folder(Box::new(LoadError::Find(e))))?;
    let mut refused: Vec<PluginRow> = problems.iter().filter_map(problem_row).collect();
    let mut left: Vec<(String, PathBuf)> = found.into_iter().map(|f| (f.name, f.path)).collect();
    let dir = folders.game.as_path();
    loop {
        if left.is_empty() {
            return Ok(sorted(Vec::new(), refused));
        }
        let names: Vec<String> = left.iter().map(|(n, _)| n.clone()).collect();
        let (name, why) = match load_from_folders(folders, Some(&names), probe, None) {
            Ok(plugins) => return Ok(sorted(rows(&plugins), refused)),
            Err(LoadError::Refused { name, reason, .. }) => (name, reason.to_string()),
            Err(LoadError::Dependency(e)) => (e.plugin.clone(), e.to_string()),
            Err(LoadError::Duplicate(e)) => (e.second.clone(), e.to_string()),
            Err(e) => return Err(NewRunError::Folder(Box::new(e))),
        };
        let Some(at) = left.iter().position(|(n, _)| *n == name) else {
            // A refusal naming no file asked for: nothing more can be learned.
            let missing = emberdeep_engine::plugins::discovery::FindError::Missing {
                name,
                dir: dir.to_path_buf(),
                found: String::new(),
            };
            return Err(NewRunError::Folder(Box::new(LoadError::Find(missing))));
        };
        let (name, path) = left.remove(at);
        refused.push(refused_row(name, path, why));
    }
}

/// The row of a plugin that cannot be used: its name, its file and why.
fn refused_row(name: String, from: PathBuf, why: String) -> PluginRow {
    PluginRow {
        name,
        version: String::new(),
        api_version: String::new(),
        description: None,
        brings: Vec::new(),
        needs: Vec::new(),
        from,
        refused: Some(why),
    }
}

/// A player's package the game does not load, as a refused row.
fn problem_row(problem: &NotLoaded) -> Option<PluginRow> {
    let (name, from) = match problem {
        NotLoaded::Taken { name, player, .. } => (name.clone(), player.clone()),
        NotLoaded::NoLibrary { folder, library } => {
            (folder.file_name()?.to_string_lossy().into_owned(), folder.join(library))
        }
        _ => return None,
    };
    Some(refused_row(name, from, problem.to_string()))
}

fn rows(plugins: &Plugins) -> Vec<PluginRow> {
    plugins.loaded.iter().map(row_of).collect()
}

/// Every row by name.
fn sorted(mut rows: Vec<PluginRow>, refused: Vec<PluginRow>) -> Vec<PluginRow> {
    rows.extend(refused);
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    rows
}

#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SetFile {
    version: u32,
    #[serde(default)]
    last: Vec<String>,
    #[serde(default)]
    presets: Vec<PresetFile>,
}

#[derive(Serialize, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct PresetFile {
    name: String,
    plugins: Vec<String>,
}

/// What the config folder remembers: the set last played and the player's own presets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Remembered {
    /// The set last played, in order.
    pub last: Vec<String>,
    /// The presets the player kept.
    pub presets: Vec<Preset>,
}

fn short(s: &str) -> bool {
    !s.is_empty() && s.chars().count() <= NAME_LIMIT && !s.chars().any(char::is_control)
}

fn sound(names: &[String]) -> bool {
    names.len() <= MOST && names.iter().all(|n| short(n))
}

/// Reads `newrun.json` in `dir` (none there: nothing remembered).
pub fn read_remembered(dir: &Path) -> Result<Remembered, NewRunError> {
    let path = dir.join(SET_FILE);
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(Remembered::default());
    }
    let text = untrusted::read_text(&path, "remembered plugin set", LIMIT).map_err(NewRunError::Read)?;
    let damaged = |error| NewRunError::Damaged { path: path.clone(), error };
    // The version first: another version's file is said to be one, whatever
    // else it holds (its fields may be ones this game does not know).
    let value: serde_json::Value = serde_json::from_str(&text).map_err(damaged)?;
    match value.get("version") {
        Some(v) if v.as_u64() != Some(u64::from(SET_VERSION)) => {
            let found = untrusted::shown(&v.to_string(), untrusted::limits::SHOWN_WORD);
            return Err(NewRunError::Version { path: path.clone(), found });
        }
        _ => {}
    }
    let file: SetFile = serde_json::from_value(value).map_err(damaged)?;
    let presets_sound = file.presets.len() <= MOST && file.presets.iter().all(|p| short(&p.name) && sound(&p.plugins));
    if !sound(&file.last) || !presets_sound {
        return Err(NewRunError::BadName { path });
    }
    let presets = file.presets.into_iter().map(|p| Preset { name: p.name, plugins: p.plugins }).collect();
    Ok(Remembered { last: file.last, presets })
}

/// Writes `remembered` to `newrun.json` in `dir` (made if need be).
pub fn keep_remembered(dir: &Path, remembered: &Remembered) -> Result<(), NewRunError> {
    let path = dir.join(SET_FILE);
    let presets = remembered.presets.iter().map(|p| PresetFile { name: p.name.clone(), plugins: p.plugins.clone() });
    let file = SetFile { version: SET_VERSION, last: remembered.last.clone(), presets: presets.collect() };
    let text =
        serde_json::to_string_pretty(&file).map_err(|error| NewRunError::Damaged { path: path.clone(), error })?;
    let _ = std::fs::create_dir_all(dir);
    write_atomic(&path, "remembered plugin set", (text + "\n").as_bytes(), false)?;
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PresetsToml {
    #[serde(default)]
    preset: Vec<PresetFile>,
}

/// The presets the game ships, from `presets.toml` in `data_dir` (none there: none).
pub fn read_presets(data_dir: &Path) -> Result<Vec<Preset>, NewRunError> {
    let path = data_dir.join(PRESETS_FILE);
    if std::fs::symlink_metadata(&path).is_err() {
        return Ok(Vec::new());
    }
    let text = untrusted::read_text(&path, "presets", LIMIT).map_err(NewRunError::Read)?;
    let file: PresetsToml = toml::from_str(&text).map_err(|e| {
        let line = e.span().map_or(1, |s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        // The parser's reason may run over lines: said on one, and cut.
        let why = untrusted::shown(e.message(), untrusted::limits::SHOWN_TEXT);
        NewRunError::Presets { path: path.clone(), line, field: "preset".into(), why }
    })?;
    if file.preset.len() > MOST || !file.preset.iter().all(|p| short(&p.name) && sound(&p.plugins)) {
        return Err(NewRunError::BadName { path });
    }
    Ok(file.preset.into_iter().map(|p| Preset { name: p.name, plugins: p.plugins }).collect())
}

/// The presets the screen offers: every plugin that loads, those shipped,
/// the player's own, and the set last played.
pub fn presets(rows: &[PluginRow], shipped: Vec<Preset>, remembered: &Remembered) -> Vec<Preset> {
    let every = rows.iter().filter(|r| r.refused.is_none()).map(|r| r.name.clone()).collect();
    let mut all = vec![Preset { name: "every plugin".into(), plugins: every }];
    all.extend(shipped);
    all.extend(remembered.presets.iter().cloned());
    if !remembered.last.is_empty() {
        all.push(Preset { name: crate::front::newrun::LAST_SET.into(), plugins: remembered.last.clone() });
    }
    all
}

/// The arguments that chose a run and take a value.
const CHOSE_WITH_VALUE: &[&str] = &["--plugins", "--seed", "--scenario", "--keys", "--keys-file"];

/// The arguments this game was started with, less those that chose a run
/// (`--plugins`, `--seed`, `--continue`, a scenario, scripted keys), with
/// `extra` after them.
pub fn relaunch_args(args: impl IntoIterator<Item = OsString>, extra: &[String]) -> Vec<OsString> {
    let mut out = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if CHOSE_WITH_VALUE.contains(&text.as_ref()) {
            args.next();
            continue;
        }
        let with_value = CHOSE_WITH_VALUE.iter().any(|a| text.starts_with(&format!("{a}=")));
        if with_value || text == "--continue" || text == "--fresh-run" {
            continue;
        }
        out.push(arg);
    }
    out.extend(extra.iter().map(OsString::from));
    out
}

/// Replaces this process by the game started again with `args` (see
/// [`relaunch_args`]); returns only if that failed.
pub fn relaunch(args: Vec<OsString>) -> NewRunError {
    use std::os::unix::process::CommandExt;
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return NewRunError::Relaunch(e),
    };
    let mut command = std::process::Command::new(exe);
    command.args(args);
    crate::drivers::confine::own_program(&mut command);
    NewRunError::Relaunch(command.exec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_set_played_is_read_back_and_offered_as_a_preset() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read_remembered(dir.path()).unwrap(), Remembered::default(), "nothing there: nothing remembered");
        let kept = Remembered {
            last: strings(&["alpha", "beta"]),
            presets: vec![Preset { name: "mine".into(), plugins: strings(&["beta"]) }],
        };
        keep_remembered(dir.path(), &kept).unwrap();
        let read = read_remembered(dir.path()).unwrap();
        assert_eq!(read, kept);
        let rows = Vec::new();
        let offered = presets(&rows, Vec::new(), &read);
        let names: Vec<&str> = offered.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["every plugin", "mine", "the last set played"]);
        assert_eq!(offered[2].plugins, strings(&["alpha", "beta"]));
    }

    #[test]
    fn a_damaged_set_file_is_one_line_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        for text in ["{", r#"{"version":1,"last":["a\nb"]}"#, r#"{"version":1,"colour":1}"#] {
            std::fs::write(dir.path().join(SET_FILE), text).unwrap();
            let line = read_remembered(dir.path()).unwrap_err().to_string();
            assert!(line.contains(SET_FILE) && !line.contains('\n'), "{line}");
        }
    }

    #[test]
    fn a_set_file_of_another_version_is_said_to_be_one() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(SET_FILE);
        std::fs::write(&file, r#"{"version":2,"last":["alpha"],"colour":"blue"}"#).unwrap();
        assert_eq!(
            read_remembered(dir.path()).unwrap_err().to_string(),
            format!(
                "the remembered plugin set {} is of version 2, and this game reads version 1; it is left out",
                file.display()
            )
        );
        std::fs::write(&file, format!(r#"{{"version":"{}"}}"#, "9".repeat(5000))).unwrap();
        let line = read_remembered(dir.path()).unwrap_err().to_string();
        assert!(line.contains("is of version \"999") && line.len() < 300, "{line}");
    }

    #[test]
    fn a_presets_syntax_error_is_one_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(PRESETS_FILE), "[[preset]\nname = \"x\"\n").unwrap();
        let line = read_presets(dir.path()).unwrap_err().to_string();
        assert!(line.contains("presets.toml:1: preset: ") && !line.contains('\n'), "{line}");
    }

    #[test]
    fn a_bad_presets_file_names_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(PRESETS_FILE), "[[preset]]\nname = \"x\"\nplugins = 7\n").unwrap();
        let line = read_presets(dir.path()).unwrap_err().to_string();
        assert!(line.contains("presets.toml:3:"), "{line}");
        std::fs::write(dir.path().join(PRESETS_FILE), "[[preset]]\nname = \"x\"\nplugins = [\"a\"]\n").unwrap();
        assert_eq!(read_presets(dir.path()).unwrap(), vec![Preset { name: "x".into(), plugins: strings(&["a"]) }]);
    }

    #[test]
    fn the_shipped_presets_read_and_name_plugins_that_exist() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace");
        let presets = read_presets(&root.join("data")).expect("the shipped presets read");
        assert!(presets.len() >= 2, "{presets:?}");
        for name in presets.iter().flat_map(|p| &p.plugins) {
            assert!(
                root.join("plugins").join(name).is_dir(),
                "the preset names '{name}', which is no first-party plugin"
            );
        }
    }

    #[test]
    fn the_run_is_started_again_without_what_chose_the_last_one() {
        let args =
            ["--plugin-dir", "p", "--plugins", "a,b", "--seed=4", "--continue", "--keys", "h j", "--view", "tiles"];
        let out = relaunch_args(args.iter().map(OsString::from), &strings(&["--plugins", "c"]));
        let out: Vec<String> = out.iter().map(|a| a.to_string_lossy().into_owned()).collect();
        assert_eq!(out, strings(&["--plugin-dir", "p", "--view", "tiles", "--plugins", "c"]));
    }
}
