//! `--watch`: a plugin rebuilt while the game runs is tried, and reloaded
//! into the run under way with nothing of it lost; a broken build is
//! refused in one line and the run plays on with the build it has. The
//! game is driven live through a pipe (`--headless --keys-from -`).

mod common;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use common::*;

/// The longest the game may take to answer a line (a reload tries the new
/// build in a child and restarts).
const ANSWER: Duration = Duration::from_secs(60);

/// Builds `host/tests/plugins/reloadable` from a copy whose key says
/// `chime` and whose version is `version`; returns its library.
fn build_reloadable(chime: &str, version: &str) -> PathBuf {
    let source = root().join("host/tests/plugins/reloadable");
    let work = root().join("target/test-reload/reloadable");
    std::fs::create_dir_all(work.join("src")).unwrap();
    let api = root().join("api");
    let manifest = std::fs::read_to_string(source.join("Cargo.toml")).unwrap();
    let manifest = manifest
        .replace("version = \"0.1.0\"", &format!("version = \"{version}\""))
        .replace("\"../../../../api\"", &format!("{:?}", api.display().to_string()));
    std::fs::write(work.join("Cargo.toml"), manifest).unwrap();
    let lib = std::fs::read_to_string(source.join("src/lib.rs")).unwrap();
    let changed = lib.replace("\"The chime rings once.\"", &format!("{chime:?}"));
    assert!(changed.contains(chime), "the message was rewritten");
    std::fs::write(work.join("src/lib.rs"), changed).unwrap();
    // The test plugins' versions of abi_stable and the rest, so they compile once for all.
    std::fs::copy(root().join("host/tests/plugins/Cargo.lock"), work.join("Cargo.lock")).unwrap();
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--manifest-path"])
        .arg(work.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(shared_target())
        .status()
        .unwrap();
    assert!(status.success(), "building the reloadable plugin failed");
    shared_target().join("debug").join(lib_name("reloadable"))
}

/// Puts `bytes` in the plugin folder as `file`, replacing what is there at
/// once (written beside it, then renamed over it, as an installer does).
fn install(folder: &Path, file: &str, bytes: &[u8]) {
    let beside = folder.join(format!(".{file}.new"));
    std::fs::write(&beside, bytes).unwrap();
    std::fs::rename(&beside, folder.join(file)).unwrap();
}

/// A game played live: keys go in a line at a time, what it says comes back.
struct Live {
    child: Child,
    keys: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// What the game said after one line of keys.
#[derive(Debug)]
struct Answer {
    /// The new messages of the log.
    log: Vec<String>,
    /// The run's state: turn, health, floor, pack.
    state: String,
}

impl Live {
    fn start(args: &[&str]) -> Live {
        let mut child = Command::new(bin())
            .args(args)
            .env_remove("RUST_LOG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the game starts");
        let out = child.stdout.take().unwrap();
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        let keys = child.stdin.take();
        Live { child, keys, lines }
    }

    /// Plays one line of keys and reads what the game says, up to its state line.
    fn play(&mut self, keys: &str) -> Answer {
        let stdin = self.keys.as_mut().expect("still playing");
        writeln!(stdin, "{keys}").unwrap();
        stdin.flush().unwrap();
        let mut log = Vec::new();
        loop {
            match self.lines.recv_timeout(ANSWER) {
                Ok(line) => {
                    if let Some(state) = line.strip_prefix("state: ") {
                        return Answer { log, state: state.to_string() };
                    }
                    log.push(line.strip_prefix("log: ").unwrap_or(&line).to_string());
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("no answer to '{keys}' within {ANSWER:?}; said so far: {log:?}");
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let out = self.child.wait_with_output_now();
                    panic!("the game ended at '{keys}' ({out}); said so far: {log:?}");
                }
            }
        }
    }

    /// Ends the input; the game saves and exits.
    fn finish(mut self) -> std::process::ExitStatus {
        drop(self.keys.take());
        self.child.wait().unwrap()
    }
}

trait EndNow {
    fn wait_with_output_now(&mut self) -> String;
}

impl EndNow for Child {
    /// How the game ended, and its errors.
    fn wait_with_output_now(&mut self) -> String {
        let status = self.wait().map(|s| s.to_string()).unwrap_or_default();
        let mut err = String::new();
        if let Some(mut e) = self.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut e, &mut err);
        }
        format!("{status}: {err}")
    }
}

#[test]
fn a_rebuilt_plugin_is_reloaded_into_the_run_and_a_broken_build_is_refused() {
    let first = build_reloadable("The chime rings once.", "0.1.0");
    let folder = plugin_folder(&[first_party("core_combat"), first]);
    let saves = tempfile::tempdir().unwrap();
    let trace = saves.path().join("trace.jsonl");
    let s = scenario("potion.txt");
    let mut game = Live::start(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--watch",
        "--keys-from",
        "-",
        "--scenario",
        s.to_str().unwrap(),
        "--save-dir",
        saves.path().to_str().unwrap(),
        "--trace",
        trace.to_str().unwrap(),
    ]);
    let a = game.play("C");
    assert!(a.log.contains(&"The chime rings once.".to_string()), "{a:?}");
    let before = game.play("2*. q a y");
    assert!(before.state.starts_with("turn 3, "), "{before:?}");
    assert!(before.state.ends_with("pack: a - a potion of healing"), "one potion drunk: {before:?}");

    // Rebuilt with another message and version, and written over the loaded
    // file in place (as `cp` does; the game runs on copies of its own): the
    // next C plays on the new build.
    let second = build_reloadable("The chime rings twice.", "0.1.1");
    std::fs::copy(second, folder.path().join(lib_name("reloadable"))).unwrap();
    let b = game.play("C");
    assert_eq!(
        b.log,
        ["Reloaded reloadable 0.1.1 (libreloadable.so).", "The chime rings twice."],
        "the reload is named, then the new build answers"
    );
    assert_eq!(b.state, before.state, "turn, health, floor and pack are as they were");

    // A build that is no library: refused, said in one line, the run goes on with 0.1.1.
    install(folder.path(), &lib_name("reloadable"), b"\x7fELF cut short by a linker that died");
    let c = game.play("C .");
    let refusal: Vec<&String> = c.log.iter().filter(|l| l.contains("refused")).collect();
    assert_eq!(refusal.len(), 1, "{c:?}");
    assert!(refusal[0].starts_with("reloadable: the new build was refused: "), "{}", refusal[0]);
    assert!(refusal[0].contains("not a shared library"), "the reason: {}", refusal[0]);
    assert!(refusal[0].ends_with("; still playing with 0.1.1"), "{}", refusal[0]);
    assert!(c.log.contains(&"The chime rings twice.".to_string()), "the old build still answers: {c:?}");
    assert!(c.state.starts_with("turn 4, "), "and the run goes on: {c:?}");

    assert!(game.finish().success(), "the game ends well");
    let mut left: Vec<String> =
        std::fs::read_dir(saves.path()).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    left.sort();
    assert_eq!(left, ["save.json", "trace.jsonl"], "the run's own save and trace, nothing of the reload");
    let events = read_trace(&trace);
    let reloads = common::events(&events, "reload");
    assert_eq!(reloads.len(), 1, "{reloads:?}");
    assert_eq!((reloads[0]["plugin"].as_str(), reloads[0]["version"].as_str()), (Some("reloadable"), Some("0.1.1")));
    assert_eq!(reloads[0]["turn"], 3);
    assert_eq!(common::events(&events, "run_start").len(), 1, "one run, its trace going on across the restart");
    assert_eq!(common::events(&events, "run_end").len(), 1);
    let (_, stderr) = text(&run(&["--headless", "--replay", trace.to_str().unwrap()]));
    assert!(stderr.contains("a new build of reloadable (--watch)"), "a trace with a reload does not replay: {stderr}");
}
