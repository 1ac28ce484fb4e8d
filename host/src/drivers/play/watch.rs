//! `--watch`: a rebuilt plugin reloaded into the run under way.
//!
//! The loaded plugins' library files are looked at about every [`POLL`]
//! (their size, time and inode; only those files, however full the folder).
//! A file that changed is left until it has looked the same for
//! [`SETTLE`] (a linker writes in pieces), then hashed: the same bytes as
//! the build running (a `touch`) or as the build last refused change
//! nothing. A new build is then:
//!
//! 1. tried: the run is saved to a file of its own (`reload-PID.json` in
//!    the save folder, or the temporary folder when the run has none), and
//!    a child process (this binary, `--handover FILE --check-handover`)
//!    starts exactly as the restart would: it tries every library in a
//!    child of its own, loads the plugin set with the new build, its
//!    records, and that save, then exits;
//! 2. if the child would play: the game restarts itself (`exec`) with the
//!    same flags and `--handover FILE`, which goes on with that save in
//!    place (same turn, health, pack, floor, log, view, window position)
//!    and says "Reloaded frost 0.1.1 (libfrost.so).";
//! 3. if not: the game plays on with the build it has, and says why in one
//!    line ("frost: the new build was refused: ...; still playing with 0.1.0").
//!
//! Only in play (no menu, no aim): a change found elsewhere waits.

use std::ffi::OsString;
use std::hash::Hasher;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use emberdeep_api::MessageKind;
use emberdeep_engine::data::untrusted::{self, limits, InputError};
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::{fields, Game};
use serde::{Deserialize, Serialize};

use crate::drivers::cli::Cli;
use crate::drivers::play::save;
use crate::front::keys::{parse_key, Key, KeyError};

/// How often the window looks at the files.
pub const POLL: Duration = Duration::from_millis(250);
/// How long a changed file must look the same before it is read.
pub const SETTLE: Duration = Duration::from_millis(300);
/// The longest a headless run waits, before a key, for a changing file to settle.
const HEADLESS_WAIT: Duration = Duration::from_secs(5);
/// The longest the child trying a new build may take (it tries each library
/// in a child of its own, for up to 10 s each).
const CHECK_TIME: Duration = Duration::from_secs(60);
/// The handover file's format.
const FORMAT: u32 = 1;
/// The largest handover file read.
const HANDOVER_LIMIT: u64 = 1 << 20;
/// The most of a refusal's reason shown in the log line.
const REASON_CHARS: usize = 300;

/// Why a new build was not taken up: the second half of the log line
/// "frost: the new build was refused: WHY; still playing with 0.1.0".
#[derive(Debug, thiserror::Error)]
enum Refusal {
    /// The new library file cannot be opened (gone, not a regular file, too large).
    #[error(transparent)]
    Open(InputError),
    /// Reading it stopped part way.
    #[error("{}: cannot read it: {error}", path.display())]
    Read {
        /// The library.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The run could not be saved for the restart (the save's own words).
    #[error("the run could not be saved for the restart ({0})")]
    NotSaved(String),
    /// The game's own file cannot be found, to try the build or to restart.
    #[error("cannot find the game to {doing} it: {error}")]
    NoGame {
        /// `try` or `restart`.
        doing: &'static str,
        /// Why.
        error: std::io::Error,
    },
    /// The trial's output file cannot be made.
    #[error("cannot try it: {}: {error}", path.display())]
    TrialOutput {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The trial cannot be started.
    #[error("cannot try it: {0}")]
    TrialStart(std::io::Error),
    /// The trial refused the build, and said why.
    #[error("{0}")]
    Said(String),
    /// The trial ended some other way.
    #[error("trying it crashed the trial ({0})")]
    Crashed(std::process::ExitStatus),
    /// The trial took too long.
    #[error("trying it did not finish within {} s", CHECK_TIME.as_secs())]
    TooSlow,
    /// The trace could not be written before the restart.
    #[error("the trace could not be written ({0})")]
    Trace(std::io::Error),
    /// The restart itself failed.
    #[error("the game could not restart ({0})")]
    Exec(std::io::Error),
}

/// How a file looks from outside, without opening it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

/// The stamp of a file, `None` if it is not there (or not a regular file).
fn stamp(path: &Path) -> Option<Stamp> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok().filter(|m| m.is_file())?;
    Some(Stamp { len: meta.len(), modified: meta.modified().ok(), inode: meta.ino() })
}

/// A hash of a library file's bytes, read as a stream within the plugin limit.
fn hash_file(path: &Path) -> Result<u64, Refusal> {
    let mut stream = untrusted::open_stream(path, "plugin", limits::PLUGIN).map_err(Refusal::Open)?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut buffer = vec![0u8; 64 << 10];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return Ok(hasher.finish()),
            Ok(n) => hasher.write(&buffer[..n]),
            Err(error) => return Err(Refusal::Read { path: path.to_path_buf(), error }),
        }
    }
}

/// One loaded plugin's library, as watched.
#[derive(Debug)]
struct Watched {
    name: String,
    version: String,
    path: PathBuf,
    /// The stamp last dealt with: the running build's, or one refused.
    settled: Option<Stamp>,
    /// The running build's bytes, hashed.
    running: Option<u64>,
    /// The last refused build's.
    refused: Option<u64>,
    /// A change seen, and since when the file has looked like this.
    moving: Option<(Option<Stamp>, Instant)>,
}

/// What a look at the files found: a plugin with a new build, or one whose
/// new file cannot be read.
type Found = (usize, Result<u64, Refusal>);

impl Watched {
    /// The plugin's file changed and has settled: its new hash.
    fn look(&mut self, now: Instant) -> Option<Result<u64, Refusal>> {
        let seen = stamp(&self.path);
        match self.moving {
            None if seen == self.settled => return None,
            Some((last, since)) if last == seen && now.duration_since(since) >= SETTLE => {}
            Some((last, _)) if last == seen => return None,
            _ => {
                self.moving = Some((seen, now));
                return None;
            }
        }
        self.moving = None;
        self.settled = seen;
        // Gone: the game goes on with the build it loaded; a new file is looked at when it comes.
        seen?;
        match hash_file(&self.path) {
            Ok(hash) if Some(hash) == self.running || Some(hash) == self.refused => None,
            other => Some(other),
        }
    }
}

/// The watch over the loaded plugins' files, and how to restart the game.
#[derive(Debug)]
pub struct Watcher {
    files: Vec<Watched>,
    /// The arguments the game restarts with (before `--handover`).
    args: Vec<OsString>,
    last_look: Option<Instant>,
    /// A headless run already waited for the files changing now: it does not
    /// wait again before every key for a file that never stops changing.
    waited: bool,
}

impl Watcher {
    /// Watches every loaded plugin's library; the restart keeps `cli`'s
    /// flags that carry over (see [`restart_args`]).
    pub fn new(plugins: &Plugins, cli: &Cli, plugin_dir: &Path) -> Watcher {
        let files = plugins
            .loaded
            .iter()
            .map(|p| Watched {
                name: p.name.clone(),
                version: p.version.clone(),
                path: p.path.clone(),
                settled: stamp(&p.path),
                running: hash_file(&p.path).ok(),
                refused: None,
                moving: None,
            })
            .collect();
        Watcher { files, args: restart_args(cli, plugin_dir, plugins), last_look: None, waited: false }
    }

    /// Looks at every file once; what settled into a new build.
    fn found(&mut self) -> Vec<Found> {
        let now = Instant::now();
        self.last_look = Some(now);
        self.files.iter_mut().enumerate().filter_map(|(i, w)| w.look(now).map(|h| (i, h))).collect()
    }

    /// Whether a file changed and has not settled yet.
    fn moving(&self) -> bool {
        self.files.iter().any(|w| w.moving.is_some())
    }
}

/// The flags a restart carries over: where plugins, data, the atlas,
/// saves and the remembered settings are, the trace (which the restart goes on appending to),
/// `--screenshot`, `--headless`, `--keys-from` and `--watch`, and the
/// plugin set as loaded (so a file new in the folder does not join the run).
/// What only starts a run (`--seed`, `--scenario`, `--keys`, `--continue`,
/// `--view`) is not repeated: the handover carries the run and its view.
pub fn restart_args(cli: &Cli, plugin_dir: &Path, plugins: &Plugins) -> Vec<OsString> {
    let mut args: Vec<OsString> = Vec::new();
    let mut flag = |name: &str, value: Option<&Path>| {
        if let Some(value) = value {
            args.push(name.into());
            args.push(value.into());
        }
    };
    flag("--plugin-dir", Some(plugin_dir));
    flag("--player-plugin-dir", cli.player_plugin_dir.as_deref());
    flag("--data-dir", cli.data_dir.as_deref());
    flag("--assets-dir", cli.assets_dir.as_deref());
    flag("--save-dir", cli.save_dir.as_deref());
    flag("--config-dir", cli.config_dir.as_deref());
    flag("--trace", cli.trace.as_deref());
    flag("--screenshot", cli.screenshot.as_deref());
    args.push(format!("--plugins={}", plugins.names().join(",")).into());
    if let Some(from) = &cli.keys_from {
        args.push(format!("--keys-from={from}").into());
    }
    for (on, name) in [(cli.headless, "--headless"), (cli.watch, "--watch")] {
        if on {
            args.push(name.into());
        }
    }
    args
}

/// A handover file (`--handover`) that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum HandoverError {
    /// The file cannot be read (missing, not a regular file, too large).
    #[error(transparent)]
    Read(#[from] InputError),
    /// It is not a handover's JSON.
    #[error("{}: not a reload's handover: {error}", path.display())]
    NotAHandover {
        /// The file.
        path: PathBuf,
        /// Why it does not read.
        error: serde_json::Error,
    },
    /// Another format version wrote it.
    #[error("{}: handover format {found} (this game reads {FORMAT})", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// Its format.
        found: u32,
    },
    /// A key left to play is not one key.
    #[error("in the handover's keys: key {entry}: {error}")]
    Keys {
        /// Its place in the list, from 1.
        entry: usize,
        /// Why it does not read.
        error: KeyError,
    },
}

/// What a restarted game goes on from: written by the game that reloads,
/// read by the one it execs.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Handover {
    /// Format version.
    pub format: u32,
    /// The run, saved for the restart (deleted once loaded).
    pub save: PathBuf,
    /// The run's own save file, which it saves to on stopping, if any.
    pub slot: Option<PathBuf>,
    /// Where the morgue and the scores go, if anywhere.
    pub data_dir: Option<PathBuf>,
    /// The view the map was drawn with.
    pub view: String,
    /// The window's position and size (x, y, width, height), if in a window.
    pub window: Option<[i32; 4]>,
    /// The plugins whose new builds the restart loads.
    pub rebuilt: Vec<String>,
    /// Keys read and not yet played (headless), in the notation of --keys.
    pub keys: Vec<String>,
    /// The first-time hints already given.
    #[serde(default)]
    pub hints: Vec<String>,
    /// How much of the log a headless run had printed: messages, and the
    /// last one's count (so the restart prints what came after).
    #[serde(default)]
    pub told: Option<(usize, u32)>,
}

impl Handover {
    /// Reads one, checking its format and its keys.
    pub fn read(path: &Path) -> Result<Handover, HandoverError> {
        let text = untrusted::read_text(path, "handover", HANDOVER_LIMIT)?;
        let handover: Handover = serde_json::from_str(&text)
            .map_err(|error| HandoverError::NotAHandover { path: path.to_path_buf(), error })?;
        if handover.format != FORMAT {
            return Err(HandoverError::Format { path: path.to_path_buf(), found: handover.format });
        }
        handover.keys()?;
        Ok(handover)
    }

    /// The keys still to play.
    pub fn keys(&self) -> Result<Vec<Key>, HandoverError> {
        // Each entry is one key, as the game wrote it (never joined and read again).
        let read = self.keys.iter().enumerate();
        read.map(|(i, k)| parse_key(k).map_err(|error| HandoverError::Keys { entry: i + 1, error })).collect()
    }

    /// Removes the handover and its save once the restart holds the run:
    /// only files named as a reload names them (`reload-PID.json`, and
    /// `reload-PID.handover.json`), and the save only if it is one, so a
    /// handover naming any other file deletes nothing.
    pub fn remove(&self, path: &Path) {
        let named = |p: &Path, end: &str| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix("reload-"))
                .and_then(|n| n.strip_suffix(end))
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        };
        if named(path, ".handover.json") {
            let _ = std::fs::remove_file(path);
        }
        if named(&self.save, ".json") && save::is_save_file(&self.save) {
            let _ = std::fs::remove_file(&self.save);
        }
    }
}

/// The restarted game's first words: the log line and the trace's `reload`
/// event, naming each plugin reloaded, its version and its file.
pub fn announce_reloaded(game: &mut Game, rebuilt: &[String]) {
    let plugins = game.plugins().clone();
    for p in plugins.loaded.iter().filter(|p| rebuilt.contains(&p.name)) {
        let file = p.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        game.emit("reload", "host", fields! {"plugin" => p.name, "version" => p.version, "file" => file});
        game.say(format!("Reloaded {} {} ({file}).", p.name, p.version), MessageKind::Good);
    }
}

impl Watcher {
    /// Whether it is time to look again: always before a headless key, in
    /// the window once [`POLL`] has passed.
    pub fn due(&self, wait: bool) -> bool {
        wait || self.last_look.is_none_or(|t| t.elapsed() >= POLL)
    }

    /// Looks for rebuilt plugins, and reloads or refuses them; the caller
    /// has made sure the run is at a point it can be handed over. The
    /// window calls it about every frame (`wait` false: at most every
    /// [`POLL`], never waiting); a headless run before every key (`wait`
    /// true: a file that changed is waited for until it settles, up to a
    /// few seconds, once). `run` is the run's handover but for the save and
    /// the plugins rebuilt (where it saves, its view, window, keys left).
    /// Returns whether the log changed (a refusal); a reload does not return.
    pub fn look(&mut self, game: &mut Game, run: Handover, wait: bool) -> bool {
        if !self.due(wait) {
            return false;
        }
        let mut found = self.found();
        let started = Instant::now();
        while wait && !self.waited && found.is_empty() && self.moving() && started.elapsed() < HEADLESS_WAIT {
            std::thread::sleep(Duration::from_millis(50));
            found = self.found();
        }
        self.waited = self.moving();
        if found.is_empty() {
            return false;
        }
        let mut builds: Vec<(usize, u64)> = Vec::new();
        for (i, hash) in found {
            match hash {
                Ok(hash) => builds.push((i, hash)),
                Err(reason) => self.refuse(game, &[(i, 0)], &reason),
            }
        }
        if !builds.is_empty() {
            let reason = self.reload(game, &builds, run);
            self.refuse(game, &builds, &reason);
        }
        true
    }

    /// Says in the log that these builds were refused, and remembers them so
    /// the same bytes are not tried again.
    fn refuse(&mut self, game: &mut Game, builds: &[(usize, u64)], reason: &Refusal) {
        let mut names = Vec::new();
        let mut versions = Vec::new();
        for &(i, hash) in builds {
            let w = &mut self.files[i];
            if hash != 0 {
                w.refused = Some(hash);
            }
            names.push(w.name.clone());
            versions.push(if builds.len() == 1 { w.version.clone() } else { format!("{} {}", w.name, w.version) });
        }
        let (names, versions) = (names.join(", "), versions.join(", "));
        let reason: String = reason.to_string().chars().take(REASON_CHARS).collect();
        let builds = if builds.len() == 1 { "build was" } else { "builds were" };
        let line = format!("{names}: the new {builds} refused: {reason}; still playing with {versions}");
        tracing::warn!("{line}");
        game.say(line, MessageKind::Danger);
    }

    /// Saves the run for a restart, tries the restart in a child, and execs
    /// it. Returns only if the new builds are refused: why.
    fn reload(&self, game: &mut Game, builds: &[(usize, u64)], mut handover: Handover) -> Refusal {
        let folder =
            handover.data_dir.clone().or_else(crate::drivers::confine::work_folder).unwrap_or_else(std::env::temp_dir);
        let pid = std::process::id();
        let handover_path = folder.join(format!("reload-{pid}.handover.json"));
        handover.format = FORMAT;
        handover.save = folder.join(format!("reload-{pid}.json"));
        handover.rebuilt = builds.iter().map(|&(i, _)| self.files[i].name.clone()).collect();
        let written = save::save(game, &handover.save).map_err(|e| e.to_string()).and_then(|()| {
            let text = serde_json::to_string(&handover).map_err(|e| e.to_string())?;
            save::write_atomic(&handover_path, "handover", text.as_bytes(), false).map_err(|e| e.to_string())
        });
        let tried = written.map_err(Refusal::NotSaved).and_then(|()| check(&self.args, &handover_path, &folder));
        let refusal = match tried {
            Ok(()) => restart(game, &self.args, &handover_path),
            Err(refusal) => refusal,
        };
        // Still here: refused, and the run goes on in this process.
        handover.remove(&handover_path);
        refusal
    }
}

/// Starts the restart in a child process that stops before playing: `Ok`
/// if it would play, else the reason it gave, or how it ended.
fn check(args: &[OsString], handover: &Path, folder: &Path) -> Result<(), Refusal> {
    use wait_timeout::ChildExt;
    let exe = std::env::current_exe().map_err(|error| Refusal::NoGame { doing: "try", error })?;
    let said = folder.join(format!("reload-{}.check.txt", std::process::id()));
    let out = std::fs::File::create(&said).map_err(|error| Refusal::TrialOutput { path: said.clone(), error })?;
    let mut command = std::process::Command::new(exe);
    command
        .args(args)
        .arg("--handover")
        .arg(handover)
        .arg("--check-handover")
        .env("RUST_LOG", "off")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(out);
    crate::drivers::confine::own_program(&mut command);
    let spawned = command.spawn();
    let result = match spawned {
        Err(e) => Err(Refusal::TrialStart(e)),
        Ok(mut child) => match child.wait_timeout(CHECK_TIME) {
            Ok(Some(status)) if status.success() => Ok(()),
            Ok(Some(status)) if status.code() == Some(1) => Err(Refusal::Said(reason_said(&said))),
            Ok(Some(status)) => Err(Refusal::Crashed(status)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                Err(Refusal::TooSlow)
            }
        },
    };
    let _ = std::fs::remove_file(&said);
    result
}

/// The reason a child that refused gave: its last line of error, short.
fn reason_said(path: &Path) -> String {
    let text = untrusted::read_bytes(path, "trial's output", 64 << 10).unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let line = text.lines().rev().find(|l| l.starts_with("emberdeep: ") && !l.starts_with("emberdeep: warning"));
    let Some(line) = line.map(|l| l.trim_start_matches("emberdeep: ").trim()) else {
        return "the trial gave no reason".into();
    };
    // The log line names the plugin already: "plugin 'frost' (FILE) cannot be used: WHY" is WHY.
    match line.strip_prefix("plugin '").and_then(|rest| rest.split_once(") cannot be used: ")) {
        Some((_, why)) => why.to_string(),
        None => line.to_string(),
    }
}

/// Replaces this process with the game started again on the handover.
/// Returns only if that could not be done: why.
fn restart(game: &mut Game, args: &[OsString], handover: &Path) -> Refusal {
    use std::io::Write;
    use std::os::unix::process::CommandExt;
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(error) => return Refusal::NoGame { doing: "restart", error },
    };
    if let Err(e) = game.finish_trace() {
        return Refusal::Trace(e);
    }
    let _ = std::io::stdout().flush();
    let mut command = std::process::Command::new(exe);
    command.args(args).arg("--handover").arg(handover);
    crate::drivers::confine::own_program(&mut command);
    Refusal::Exec(command.exec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn watched(path: &Path) -> Watched {
        Watched {
            name: "frost".into(),
            version: "0.1.0".into(),
            path: path.to_path_buf(),
            settled: stamp(path),
            running: hash_file(path).ok(),
            refused: None,
            moving: None,
        }
    }

    #[test]
    fn a_change_is_read_only_once_it_has_settled_and_only_if_its_bytes_are_new() {
        let dir = tempfile::tempdir().unwrap();
        let lib = dir.path().join("libfrost.so");
        std::fs::write(&lib, b"first build").unwrap();
        let mut w = watched(&lib);
        let t0 = Instant::now();
        assert!(w.look(t0).is_none(), "nothing changed");
        std::fs::write(&lib, b"second build, longer").unwrap();
        assert!(w.look(t0).is_none(), "a change is seen");
        assert!(w.look(t0 + SETTLE / 2).is_none(), "and left while it may still be written");
        std::fs::write(&lib, b"second build, longer still").unwrap();
        assert!(w.look(t0 + SETTLE).is_none(), "changing again starts the wait again");
        let built = w.look(t0 + SETTLE * 2).expect("settled").expect("readable");
        assert_eq!(built, hash_file(&lib).unwrap());
        assert!(w.look(t0 + SETTLE * 3).is_none(), "told once");
        // The same bytes as the build running: nothing to do.
        let mut w = watched(&lib);
        let bytes = std::fs::read(&lib).unwrap();
        std::fs::remove_file(&lib).unwrap();
        std::fs::write(&lib, bytes).unwrap();
        assert!(w.look(t0).is_none());
        assert!(w.look(t0 + SETTLE).is_none(), "a new file with the running build's bytes is no new build");
    }

    #[test]
    fn a_file_gone_or_not_regular_is_no_build() {
        let dir = tempfile::tempdir().unwrap();
        let lib = dir.path().join("libfrost.so");
        std::fs::write(&lib, b"build").unwrap();
        let mut w = watched(&lib);
        let t0 = Instant::now();
        std::fs::remove_file(&lib).unwrap();
        std::fs::create_dir(&lib).unwrap();
        assert!(w.look(t0).is_none());
        assert!(w.look(t0 + SETTLE).is_none(), "a folder where the library was is never read");
    }

    #[test]
    fn a_handover_deletes_only_a_reload_save() {
        let dir = tempfile::tempdir().unwrap();
        let player = dir.path().join("save.json");
        let game =
            Game::fresh(1, Default::default(), Default::default(), emberdeep_engine::data::trace::Trace::console());
        save::save(&game, &player).unwrap();
        let named = dir.path().join("reload-12.handover.json");
        std::fs::write(&named, b"{}").unwrap();
        let handover = Handover {
            format: FORMAT,
            save: player.clone(),
            slot: None,
            data_dir: None,
            view: "glyphs".into(),
            window: None,
            rebuilt: vec![],
            keys: vec![],
            hints: vec![],
            told: None,
        };
        handover.remove(&named);
        assert!(player.exists(), "the player's save is never deleted by a handover");
        assert!(!named.exists());
        let reload = dir.path().join("reload-12.json");
        save::save(&game, &reload).unwrap();
        Handover { save: reload.clone(), ..handover }.remove(&dir.path().join("other.json"));
        assert!(!reload.exists(), "the reload's own save is");
    }

    #[test]
    fn a_restart_carries_the_flags_that_say_where_things_are_and_not_those_that_start_a_run() {
        let cli = Cli::parse_from([
            "emberdeep",
            "--save-dir",
            "/s",
            "--config-dir",
            "/c",
            "--trace",
            "t.jsonl",
            "--seed",
            "5",
            "--keys",
            "l l",
            "--headless",
            "--watch",
            "--keys-from",
            "-",
        ]);
        let args: Vec<String> = restart_args(&cli, Path::new("/p"), &Plugins::default())
            .into_iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "--plugin-dir",
                "/p",
                "--save-dir",
                "/s",
                "--config-dir",
                "/c",
                "--trace",
                "t.jsonl",
                "--plugins=",
                "--keys-from=-",
                "--headless",
                "--watch"
            ]
        );
    }
}
