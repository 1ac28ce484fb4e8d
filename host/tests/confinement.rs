//! The kernel's confinement of the game and every plugin (docs/packages.md,
//! "What a plugin can do"): a hostile test plugin (`host/tests/plugins/spy`)
//! tries, from its constructor, its `register` and a hook during play, to
//! read a secret in a fake home, list that home, write outside the game's
//! folders, append to the shell profile, connect to a TCP port the test
//! listens on, open a UDP socket, start `/bin/sh`, fork and exec, and
//! ptrace its parent. Confined, the kernel refuses every attempt, in the
//! game, its trial child, its bot jobs, under `--watch` and in a window;
//! with `--unconfined` every attempt succeeds (so the test can fail); on a
//! kernel without Landlock the game says so in one line and plays.
#![cfg(target_os = "linux")]

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::os::unix::net::UnixDatagram;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::*;

/// Every attempt the spy makes, in its order.
const ATTEMPTS: [&str; 9] = [
    "read_secret",
    "list_home",
    "write_outside",
    "append_profile",
    "tcp_connect",
    "udp_socket",
    "start_shell",
    "fork_exec",
    "ptrace_parent",
];

/// One spy line: `spy pid=N stage=S attempt=A ok|refused: why`.
#[derive(Debug, Clone)]
struct Said {
    pid: u32,
    stage: String,
    attempt: String,
    ok: bool,
    line: String,
}

fn parse(line: &str) -> Option<Said> {
    let rest = line.strip_prefix("spy pid=")?;
    let (pid, rest) = rest.split_once(" stage=")?;
    let (stage, rest) = rest.split_once(" attempt=")?;
    let (attempt, rest) = rest.split_once(' ')?;
    Some(Said {
        pid: pid.parse().ok()?,
        stage: stage.to_string(),
        attempt: attempt.to_string(),
        ok: rest.starts_with("ok:"),
        line: line.to_string(),
    })
}

/// A fake home with a secret and a shell profile, a folder outside the
/// game's, a save folder, the report socket and the TCP listener.
struct Lair {
    root: tempfile::TempDir,
    plugins: tempfile::TempDir,
    said: Arc<Mutex<Vec<String>>>,
    connections: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    port: u16,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Lair {
    fn new() -> Lair {
        let root = tempfile::tempdir().expect("temp dir");
        for dir in ["home", "outside", "saves", "config"] {
            std::fs::create_dir(root.path().join(dir)).expect("folder");
        }
        std::fs::write(root.path().join("home/secret.txt"), "the player's secret\n").expect("secret");
        std::fs::write(root.path().join("home/.profile"), "# the player's profile\n").expect("profile");
        let plugins = plugin_folder(&[first_party("core_combat"), test_plugin("spy")]);
        let socket = UnixDatagram::bind(root.path().join("report.sock")).expect("report socket");
        socket.set_read_timeout(Some(Duration::from_millis(100))).expect("timeout");
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("listener");
        listener.set_nonblocking(true).expect("non-blocking");
        let port = listener.local_addr().expect("address").port();
        let said: Arc<Mutex<Vec<String>>> = Arc::default();
        let (connections, stop) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicBool::new(false)));
        let reader = {
            let (said, stop) = (Arc::clone(&said), Arc::clone(&stop));
            std::thread::spawn(move || {
                let mut buf = vec![0u8; 4096];
                while !stop.load(Ordering::SeqCst) {
                    if let Ok(n) = socket.recv(&mut buf) {
                        said.lock().unwrap().push(String::from_utf8_lossy(&buf[..n]).into_owned());
                    }
                }
            })
        };
        let accepter = {
            let (connections, stop) = (Arc::clone(&connections), Arc::clone(&stop));
            std::thread::spawn(move || {
                while !stop.load(Ordering::SeqCst) {
                    match listener.accept() {
                        Ok(_) => {
                            connections.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(20)),
                    }
                }
            })
        };
        Lair { root, plugins, said, connections, stop, port, threads: vec![reader, accepter] }
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.path().join(rel)
    }

    /// The game as the test starts it: the fake home, the spy's places.
    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(bin());
        cmd.arg("--plugin-dir")
            .arg(self.plugins.path())
            .args(["--plugins", "core_combat,spy"])
            .args(args)
            .env_remove("RUST_LOG")
            .env_remove("EMBERDEEP_UNCONFINED")
            .env("HOME", self.path("home"))
            .env("XDG_DATA_HOME", self.path("home/.local/share"))
            .env("XDG_CONFIG_HOME", self.path("home/.config"))
            .env("EMBERDEEP_PLAYER_PLUGIN_DIR", no_player_plugins())
            .env("SPY_REPORT", self.path("report.sock"))
            .env("SPY_PORT", self.port.to_string())
            .env("SPY_OUTSIDE", self.path("outside"))
            .stdin(Stdio::null());
        if !args.contains(&"--continue") {
            cmd.args(["--seed", "1"]);
        }
        cmd
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("the game runs")
    }

    /// Every spy line so far, once the reports in flight have arrived.
    fn said(&self) -> Vec<Said> {
        std::thread::sleep(Duration::from_millis(300));
        let lines = self.said.lock().unwrap().clone();
        lines.iter().map(|l| parse(l).unwrap_or_else(|| panic!("not a spy line: {l}"))).collect()
    }

    fn forget(&self) {
        std::thread::sleep(Duration::from_millis(300));
        self.said.lock().unwrap().clear();
    }

    /// Each file of the fake home and the outside folder, with its bytes.
    fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        for dir in ["home", "outside"] {
            walk(&self.path(dir), &mut files);
        }
        files
    }
}

impl Drop for Lair {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

fn walk(dir: &Path, files: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for entry in std::fs::read_dir(dir).expect("folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.insert(path.clone(), std::fs::read(&path).expect("file"));
        }
    }
}

/// Every attempt of every stage `said` refused; the stages and processes seen.
fn all_refused(said: &[Said], how: &str) -> (BTreeSet<String>, BTreeSet<u32>) {
    assert!(!said.is_empty(), "{how}: the spy said nothing");
    let let_in: Vec<&str> = said.iter().filter(|s| s.ok).map(|s| s.line.as_str()).collect();
    assert!(let_in.is_empty(), "{how}: the kernel let the plugin do these:\n{}", let_in.join("\n"));
    for s in said {
        assert!(ATTEMPTS.contains(&s.attempt.as_str()), "{how}: unknown attempt in {}", s.line);
    }
    // Each stage made every attempt.
    let mut per_stage: BTreeMap<(u32, &str), usize> = BTreeMap::new();
    for s in said {
        *per_stage.entry((s.pid, s.stage.as_str())).or_default() += 1;
    }
    for ((pid, stage), n) in &per_stage {
        assert_eq!(*n, ATTEMPTS.len(), "{how}: process {pid}'s {stage} reported {n} attempts");
    }
    (said.iter().map(|s| s.stage.clone()).collect(), said.iter().map(|s| s.pid).collect())
}

fn stages(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_hostile_plugin_is_refused_everything_in_every_process_the_game_starts() {
    let lair = Lair::new();
    let before = lair.files();
    let saves = lair.path("saves");
    let saves_arg = saves.to_str().unwrap();

    // Headless: the trial child (constructor, register) and the game
    // (constructor, register, a hook during play); the game saves.
    let out = lair.run(&["--headless", "--keys", "3*o Esc y", "--save-dir", saves_arg]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "the game did not play on: {stdout}{stderr}");
    assert!(saves.join("save.json").is_file(), "the run was not saved: {stderr}");
    let (seen, pids) = all_refused(&lair.said(), "headless");
    assert_eq!(seen, stages(&["constructor", "register", "hook"]));
    assert!(pids.len() >= 2, "the trial child and the game both load the plugin: {pids:?}");
    let resumed = lair.run(&["--headless", "--continue", "--keys", "2*o Esc y", "--save-dir", saves_arg]);
    assert!(resumed.status.success(), "the saved run did not continue: {}", text(&resumed).1);
    lair.forget();

    // The bot's jobs: each a child started by the confined game.
    let out = lair.run(&["--bot", "2", "--jobs", "2"]);
    assert!(out.status.success(), "the bot did not play: {}", text(&out).1);
    let said = lair.said();
    let (seen, _) = all_refused(&said, "--bot 2 --jobs 2");
    assert!(seen.contains("hook"), "the jobs played no turn");
    let playing: BTreeSet<u32> = said.iter().filter(|s| s.stage == "hook").map(|s| s.pid).collect();
    assert_eq!(playing.len(), 2, "two jobs played, each in its own process: {playing:?}");
    lair.forget();

    // --watch: the plugins are private copies, the game watches the builds.
    let out = lair.run(&["--headless", "--watch", "--keys", "3*o Esc y", "--save-dir", saves_arg]);
    assert!(out.status.success(), "--watch did not play: {}", text(&out).1);
    let (seen, _) = all_refused(&lair.said(), "--watch");
    assert_eq!(seen, stages(&["constructor", "register", "hook"]));
    lair.forget();

    // A window (under Xvfb), closed as a desktop closes it.
    let display = Xvfb::start();
    let window_saves = lair.path("window-saves");
    let mut child = lair
        .command(&["--keys", "3*o", "--save-dir", window_saves.to_str().unwrap()])
        .arg("--config-dir")
        .arg(lair.path("config"))
        .env("DISPLAY", &display.name)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    let played = wait_for(|| lair.said.lock().unwrap().iter().any(|l| l.contains("stage=hook")), 30);
    std::thread::sleep(Duration::from_secs(2));
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let out = wait_within(&mut child, 30);
    assert!(played, "the window run played no turn: {}", text(&out).1);
    assert!(out.status.success(), "the window run did not end well: {}", text(&out).1);
    assert!(window_saves.join("save.json").is_file(), "the window run was not saved: {}", text(&out).1);
    let (seen, _) = all_refused(&lair.said(), "a window run");
    assert_eq!(seen, stages(&["constructor", "register", "hook"]));

    assert_eq!(lair.connections.load(Ordering::SeqCst), 0, "the listener saw a connection");
    assert!(lair.files() == before, "the fake home or the outside folder changed");
}

#[test]
fn unconfined_the_same_plugin_does_everything_it_tries() {
    let lair = Lair::new();
    let before = lair.files();
    let saves = lair.path("saves");
    let out = lair.run(&["--unconfined", "--headless", "--keys", "3*o Esc y", "--save-dir", saves.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let warned: Vec<&str> = stderr.lines().filter(|l| l.contains("--unconfined")).collect();
    assert_eq!(warned.len(), 1, "one warning line: {stderr}");
    let said = lair.said();
    for stage in ["constructor", "register", "hook"] {
        for attempt in ATTEMPTS {
            let got = said.iter().filter(|s| s.stage == stage && s.attempt == attempt).collect::<Vec<_>>();
            assert!(!got.is_empty(), "{stage} did not try {attempt}");
            assert!(got.iter().all(|s| s.ok), "unconfined, {stage}'s {attempt} failed: {:?}", got);
        }
    }
    assert!(lair.connections.load(Ordering::SeqCst) >= 3, "the listener saw no connection");
    let after = lair.files();
    assert!(after != before, "unconfined, the plugin changed nothing");
    let profile = String::from_utf8_lossy(&after[&lair.path("home/.profile")]).into_owned();
    assert!(profile.contains("spy was here"), "{profile}");
}

#[test]
fn a_kernel_without_landlock_plays_on_and_says_so_in_one_line() {
    use seccompiler::{SeccompAction, SeccompFilter, TargetArch};
    use std::os::unix::process::CommandExt;
    let lair = Lair::new();
    // The child's kernel answers Landlock's three calls "no such call",
    // as a kernel built without it does.
    let arch: TargetArch = std::env::consts::ARCH.try_into().expect("a seccomp architecture");
    let rules = [444i64, 445, 446].into_iter().map(|call| (call, vec![])).collect();
    let filter = SeccompFilter::new(rules, SeccompAction::Allow, SeccompAction::Errno(libc::ENOSYS as u32), arch)
        .expect("filter");
    let program: seccompiler::BpfProgram = filter.try_into().expect("program");
    let saves = lair.path("saves");
    let mut cmd = lair.command(&["--headless", "--keys", "3*o Esc y", "--save-dir", saves.to_str().unwrap()]);
    // SAFETY: between fork and exec only the filter is installed.
    unsafe {
        cmd.pre_exec(move || seccompiler::apply_filter(&program).map_err(std::io::Error::other));
    }
    let out = cmd.output().expect("the game runs");
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(saves.join("save.json").is_file(), "{stderr}");
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("confined")).collect();
    assert_eq!(
        said,
        ["emberdeep: warning: plugins confined: network, programs; NOT confined: files (this kernel has no Landlock)"],
        "{stderr}"
    );
    // What the kernel still refuses, and what it no longer can.
    let said = lair.said();
    let hook = |attempt: &str| said.iter().find(|s| s.stage == "hook" && s.attempt == attempt).cloned().unwrap();
    assert!(hook("read_secret").ok, "without Landlock the files are open: {:?}", hook("read_secret"));
    for attempt in ["tcp_connect", "udp_socket", "start_shell", "fork_exec", "ptrace_parent"] {
        assert!(!hook(attempt).ok, "{:?}", hook(attempt));
    }
    assert_eq!(lair.connections.load(Ordering::SeqCst), 0);
}

#[test]
fn the_plugin_lists_say_what_confines_the_plugins() {
    let lair = Lair::new();
    let out = lair.run(&["--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.lines().any(|l| l == "plugins confined: files, network, programs"), "{stdout}");
    let out = lair.run(&["plugin", "list"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stdout.lines().next(), Some("plugins confined: files, network, programs"), "{stdout}");
    let out = lair.run(&["--unconfined", "--list-plugins"]);
    let (stdout, _) = text(&out);
    assert!(stdout.lines().any(|l| l.starts_with("plugins NOT confined (--unconfined)")), "{stdout}");
}

/// A virtual display for a window run, stopped when dropped.
struct Xvfb {
    name: String,
    child: std::process::Child,
}

impl Xvfb {
    fn start() -> Xvfb {
        for n in 0..50 {
            let number = 140 + (std::process::id() % 400) + n;
            if Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
                continue;
            }
            let child = Command::new("Xvfb")
                .arg(format!(":{number}"))
                .args(["-screen", "0", "1280x800x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb runs (scripts/install-deps.sh installs it)");
            let up = wait_for(|| Path::new(&format!("/tmp/.X11-unix/X{number}")).exists(), 10);
            assert!(up, "Xvfb :{number} did not start");
            return Xvfb { name: format!(":{number}"), child };
        }
        panic!("no free display number for Xvfb");
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn wait_for(mut done: impl FnMut() -> bool, seconds: u64) -> bool {
    let until = std::time::Instant::now() + Duration::from_secs(seconds);
    while std::time::Instant::now() < until {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    done()
}

fn wait_within(child: &mut std::process::Child, seconds: u64) -> Output {
    let ended = wait_for(|| matches!(child.try_wait(), Ok(Some(_))), seconds);
    if !ended {
        let _ = child.kill();
    }
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    use std::io::Read;
    if let Some(mut out) = child.stdout.take() {
        let _ = out.read_to_end(&mut stdout);
    }
    if let Some(mut err) = child.stderr.take() {
        let _ = err.read_to_end(&mut stderr);
    }
    let status = child.wait().expect("waited");
    assert!(ended, "the game did not end within {seconds} s");
    Output { status, stdout, stderr }
}
