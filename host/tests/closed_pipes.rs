//! A reader that goes away (`emberdeep plugin list | head -1`, `check F |
//! true`): every command ends quietly, with its usual exit code, no panic
//! and no backtrace, and what it writes to files (a trace) is whole
//! (host/src/drivers/console.rs says why a closed pipe is met this way).
#![cfg(feature = "whole-game")]

mod common;

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{bin, no_player_plugins, plugin_dir};
use wait_timeout::ChildExt;

/// Runs the game with `args`, its standard output's reader gone before it
/// writes a thing (and `stdin` given); its exit code and stderr.
fn with_reader_gone(args: &[&str], stdin: &[u8]) -> (Option<i32>, String) {
    let mut cmd = Command::new(bin());
    if !args.contains(&"--plugin-dir") && args.first() != Some(&"trace") {
        cmd.arg("--plugin-dir").arg(plugin_dir());
    }
    let mut child = cmd
        .args(args)
        .env_remove("RUST_LOG")
        .env("EMBERDEEP_PLAYER_PLUGIN_DIR", no_player_plugins())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game runs");
    drop(child.stdout.take());
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin);
    }
    let mut stderr = String::new();
    let reader = child.stderr.take().map(|mut e| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = e.read_to_string(&mut text);
            text
        })
    });
    let status = child.wait_timeout(Duration::from_secs(120)).expect("waited").unwrap_or_else(|| {
        let _ = child.kill();
        panic!("{args:?} hung with its reader gone");
    });
    if let Some(r) = reader {
        stderr = r.join().unwrap_or_default();
    }
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), None, "{args:?} was killed by a signal: {stderr}");
    (status.code(), stderr)
}

/// `args` with its reader gone ends with `code`, quietly.
fn quiet(args: &[&str], code: i32) -> String {
    let (got, stderr) = with_reader_gone(args, b"");
    assert!(!stderr.contains("panicked") && !stderr.contains("backtrace"), "{args:?} panicked:\n{stderr}");
    assert!(!stderr.contains("Broken pipe"), "{args:?} complained of the pipe:\n{stderr}");
    assert_eq!(got, Some(code), "{args:?}: {stderr}");
    stderr
}

/// A trace of a few keys, a recording and a scenario that holds, in `dir`.
fn inputs(dir: &Path) {
    let (t, r) = (dir.join("t.jsonl"), dir.join("r.json"));
    let out = common::run(&[
        "--headless",
        "--seed",
        "3",
        "--keys",
        "4*l 2*j .",
        "--trace",
        t.to_str().unwrap(),
        "--record",
        r.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::text(&out).1);
}

#[test]
fn every_command_ends_quietly_when_its_reader_goes_away() {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    let d = |name: &str| dir.path().join(name).display().to_string();
    let (t, r) = (d("t.jsonl"), d("r.json"));
    let player = d("player-plugins");
    let check = common::root().join("host/tests/checks/aim_after_kill.txt").display().to_string();
    let failing = d("failing.txt");
    std::fs::write(&failing, std::fs::read_to_string(&check).unwrap() + "turn 999\n").unwrap();
    quiet(&["--player-plugin-dir", &player, "plugin", "list"], 0);
    quiet(&["--player-plugin-dir", &player, "--list-plugins"], 0);
    quiet(&["--bot", "2", "--seed", "4"], 0);
    quiet(&["check", &check], 0);
    // The usual code of a check that fails, and of a file that cannot be read.
    quiet(&["check", &failing], 1);
    quiet(&["check", &d("no-such.txt")], 1);
    quiet(&["trace", "summary", &t], 0);
    quiet(&["trace", "diff", &t, &t], 0);
    quiet(&["trace", "events", &t, "--event", "press"], 0);
    quiet(&["--replay", &r, "--headless", "--at", "2"], 0);
    let (code, stderr) = with_reader_gone(&["--headless", "--seed", "2", "--keys-from", "-"], b"l l\nj\n");
    assert_eq!(code, Some(0), "{stderr}");
    let report = d("report");
    quiet(&["balance", "--sets", "core_combat", "--runs", "2", "--report", &report], 0);
}

#[test]
fn a_bot_whose_reader_went_away_writes_its_trace_whole() {
    let dir = tempfile::tempdir().unwrap();
    let (gone, read) = (dir.path().join("gone.jsonl"), dir.path().join("read.jsonl"));
    quiet(&["--bot", "2", "--seed", "6", "--jobs", "1", "--trace", gone.to_str().unwrap()], 0);
    let out = common::run(&["--bot", "2", "--seed", "6", "--jobs", "1", "--trace", read.to_str().unwrap()]);
    assert!(out.status.success());
    let (gone, read) = (std::fs::read(&gone).unwrap(), std::fs::read(&read).unwrap());
    assert!(!read.is_empty());
    assert_eq!(gone, read, "the same trace, to its last run_end, whether or not anyone read the summary");
}
