//! What the game remembers between runs: the view last chosen (`F2`) and
//! the first-time hints already given, in `prefs.json` in the config
//! folder (`--config-dir`, else the platform's config folder,
//! `~/.config/emberdeep` on Linux). A window run uses it; a headless run
//! only when given `--config-dir`, a replay or the bot never.
//!
//! The file is read as hostile: one that is too big, not JSON, of another
//! shape or version, or holding a name that is not a short line of text is
//! reported in one line, and the run starts from the defaults (the first
//! view, no hint given); the next change writes the file anew. A link, a
//! folder, a FIFO or a device at its name is reported in one line and left
//! as it is, never read into nor written over. The file is written
//! atomically (as a save is), and only when what it holds changes.

use std::path::{Path, PathBuf};

use emberdeep_engine::data::untrusted;
use serde::{Deserialize, Serialize};

use crate::drivers::play::save::{write_atomic, SaveError};

/// The file's name in the config folder.
pub const FILE_NAME: &str = "prefs.json";
/// The most the file may weigh.
const LIMIT: u64 = 16 << 10;
/// The longest name (of a view or a hint) the file may hold.
const NAME_LIMIT: usize = 100;
/// The most hint names the file may hold.
const MOST_HINTS: usize = 64;

/// What is remembered: the view's name (`None`: the first) and the names
/// of the hints already given, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Prefs {
    /// The view last chosen.
    pub view: Option<String>,
    /// The first-time hints already given.
    pub hints: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PrefsFile {
    version: u32,
    #[serde(default)]
    view: Option<String>,
    #[serde(default)]
    hints: Vec<String>,
}

/// Why the remembered settings were not read or not written, in one line.
#[derive(Debug, thiserror::Error)]
pub enum PrefsError {
    /// The file cannot be read (too large, not text, the file system said no).
    #[error("{0}; the defaults are used")]
    Read(untrusted::InputError),
    /// A link, a folder, a FIFO, a device: not a file the game wrote.
    #[error("the remembered settings {} are {kind}, not a file the game wrote; the defaults are used and it is left as it is", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What it is.
        kind: &'static str,
    },
    /// Not the settings' JSON.
    #[error("the remembered settings {} are damaged ({error}); the defaults are used", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Why it does not read.
        error: serde_json::Error,
    },
    /// Another version wrote it.
    #[error("the remembered settings {} are of version {found}, this game writes 1; the defaults are used", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
    },
    /// A name too long, holding a control character, or too many of them.
    #[error("the remembered settings {} are damaged (a name that is not a short line of text, or more than {MOST_HINTS} hints); the defaults are used", path.display())]
    BadName {
        /// The file.
        path: PathBuf,
    },
    /// Writing failed (the save code's words).
    #[error("the remembered settings were not written: {0}")]
    Write(#[from] SaveError),
    /// What would be written is what reading refuses (a view's name too
    /// long, say): the file is left as it is, never replaced by one the
    /// next run would refuse.
    #[error("the remembered settings were not written: {0}")]
    WouldRefuse(&'static str),
}

/// Why the settings `view` and `hints` would be refused when read, if they would.
fn refusal(view: &Option<String>, hints: &[String]) -> Option<&'static str> {
    let short = |s: &String| s.chars().count() <= NAME_LIMIT && !s.chars().any(char::is_control);
    if hints.len() > MOST_HINTS || !hints.iter().all(short) || !view.iter().all(short) {
        Some("a name that is not a short line of text, or too many hints")
    } else {
        None
    }
}

/// The config file of a session: where it is, what it last held, and
/// whether it may be written.
#[derive(Debug)]
pub struct Remembered {
    path: PathBuf,
    last: Prefs,
    writable: bool,
}

/// The platform's config folder for the game (`~/.config/emberdeep` on Linux).
pub fn default_config_dir() -> PathBuf {
    dirs::config_dir().unwrap_or_else(|| PathBuf::from(".")).join("emberdeep")
}

impl Remembered {
    /// Reads the file in `dir`: what it remembers (the defaults when there
    /// is none or it will not read) and why it would not, if so.
    pub fn open(dir: &Path) -> (Remembered, Prefs, Option<PrefsError>) {
        let path = dir.join(FILE_NAME);
        let (prefs, problem) = match read(&path) {
            Ok(prefs) => (prefs, None),
            Err(e) => (Prefs::default(), Some(e)),
        };
        let writable = !matches!(problem, Some(PrefsError::NotAFile { .. }));
        (Remembered { path, last: prefs.clone(), writable }, prefs, problem)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `now` if it differs from what the file holds. After a
    /// failure, or for a file that is not the game's, nothing more is
    /// written this session (so the player is told once).
    pub fn keep(&mut self, now: &Prefs) -> Result<(), PrefsError> {
        if !self.writable || *now == self.last {
            return Ok(());
        }
        self.last = now.clone();
        if let Some(why) = refusal(&now.view, &now.hints) {
            self.writable = false;
            return Err(PrefsError::WouldRefuse(why));
        }
        let file = PrefsFile { version: 1, view: now.view.clone(), hints: now.hints.clone() };
        let text = serde_json::to_string_pretty(&file).map_err(|_| {
            self.writable = false;
            PrefsError::WouldRefuse("the settings do not encode")
        })? + "\n";
        if let Some(dir) = self.path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        write_atomic(&self.path, "remembered settings", text.as_bytes(), false).map_err(|e| {
            self.writable = false;
            PrefsError::Write(e)
        })
    }
}

/// Reads the file at `path` (none there: the defaults).
fn read(path: &Path) -> Result<Prefs, PrefsError> {
    let path_buf = || path.to_path_buf();
    if let Some(kind) = untrusted::not_a_plain_file(path) {
        return Err(PrefsError::NotAFile { path: path_buf(), kind });
    }
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(Prefs::default());
    }
    let text = untrusted::read_text(path, "remembered settings", LIMIT).map_err(PrefsError::Read)?;
    let file: PrefsFile =
        serde_json::from_str(&text).map_err(|error| PrefsError::Damaged { path: path_buf(), error })?;
    if file.version != 1 {
        return Err(PrefsError::Version { path: path_buf(), found: file.version });
    }
    if refusal(&file.view, &file.hints).is_some() {
        return Err(PrefsError::BadName { path: path_buf() });
    }
    Ok(Prefs { view: file.view, hints: file.hints })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prefs(view: &str, hints: &[&str]) -> Prefs {
        Prefs { view: Some(view.into()), hints: hints.iter().map(|h| h.to_string()).collect() }
    }

    #[test]
    fn settings_reading_would_refuse_are_never_written_over_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let (mut first, _, _) = Remembered::open(dir.path());
        first.keep(&prefs("tiles", &["monster"])).unwrap();
        let before = std::fs::read(first.path()).unwrap();
        let long = "v".repeat(NAME_LIMIT + 1);
        let refused = first.keep(&prefs(&long, &["monster"])).unwrap_err();
        assert!(matches!(refused, PrefsError::WouldRefuse(_)), "{refused}");
        assert_eq!(std::fs::read(first.path()).unwrap(), before, "the file is left as it was");
        let (_, read, problem) = Remembered::open(dir.path());
        assert_eq!((read, problem.is_none()), (prefs("tiles", &["monster"]), true));
    }

    #[test]
    fn what_is_kept_is_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let (mut first, read, problem) = Remembered::open(dir.path());
        assert_eq!((read, problem.is_none()), (Prefs::default(), true), "no file: the defaults, said nothing");
        first.keep(&prefs("tiles", &["monster", "pack"])).unwrap();
        let (_, read, problem) = Remembered::open(dir.path());
        assert!(problem.is_none(), "{problem:?}");
        assert_eq!(read, prefs("tiles", &["monster", "pack"]));
    }

    #[test]
    fn a_damaged_file_is_one_line_and_the_defaults_then_written_anew() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let long = format!(r#"{{"version":1,"view":"{}"}}"#, "v".repeat(NAME_LIMIT + 1));
        let cases = [
            "{\"version\":1,\"view\":".to_string(),
            "\u{0}\u{1}".to_string(),
            r#"{"version":2}"#.to_string(),
            r#"{"version":1,"colour":"red"}"#.to_string(),
            r#"{"version":1,"hints":["a\nb"]}"#.to_string(),
            r#"{"version":1,"view":7}"#.to_string(),
            long,
            "x".repeat(LIMIT as usize + 1),
        ];
        for text in cases {
            std::fs::write(&path, &text).unwrap();
            let (mut remembered, read, problem) = Remembered::open(dir.path());
            let line = problem.expect("reported").to_string();
            assert!(!line.contains('\n') && line.contains(FILE_NAME) && line.len() < 400, "{line}");
            assert!(line.contains("defaults"), "{line}");
            assert_eq!(read, Prefs::default());
            remembered.keep(&prefs("glyphs", &["stairs"])).unwrap();
            assert_eq!(Remembered::open(dir.path()).1, prefs("glyphs", &["stairs"]), "written anew");
        }
    }

    #[test]
    fn a_link_or_a_folder_at_its_name_is_left_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), &path).unwrap();
        let (mut remembered, read, problem) = Remembered::open(dir.path());
        assert!(problem.is_some_and(|p| p.to_string().contains("left as it is")));
        assert_eq!(read, Prefs::default());
        remembered.keep(&prefs("tiles", &[])).unwrap();
        assert!(std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink(), "not written over");
        assert!(!dir.path().join("elsewhere").exists(), "nor through");
    }
}
