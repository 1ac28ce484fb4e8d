//! Refusals that come first and say why in one line: `balance` checks every
//! set, the report's folder and `--runs` before it plays a run; a plugin's
//! data folder that cannot be read and a missing goal are refused by name;
//! what a refusal repeats of its input is capped (docs/balance.md,
//! docs/records.md).

use crate::common;

use std::path::Path;
use std::process::Output;

use common::{copy_dir, lib_name, plugin_dir, root, run, text};

/// `emberdeep balance` with these arguments after the report folder, one job.
fn balance(report: &Path, args: &[&str]) -> Output {
    let mut all = vec!["balance", "--report", report.to_str().expect("a UTF-8 path")];
    all.extend_from_slice(args);
    let mut with_jobs = vec!["--jobs", "1"];
    with_jobs.extend(all);
    run(&with_jobs)
}

/// The one line a refused run printed, after checking it was refused before any run.
fn refused_first(out: &Output) -> String {
    let (stdout, stderr) = text(out);
    assert!(!out.status.success(), "refused: {stdout}{stderr}");
    assert!(!stderr.contains("balance: set "), "no set was played: {stderr}");
    assert!(stdout.is_empty(), "no table: {stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    lines[0].to_string()
}

#[test]
fn balance_refuses_an_unknown_plugin_in_any_set_before_any_run() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report");
    let line = refused_first(&balance(&report, &["--sets", "core_combat; nosuch", "--runs", "2"]));
    assert!(line.contains("the set 'nosuch'") && line.contains("plugin 'nosuch' not found"), "{line}");
    assert!(!report.exists(), "no report was begun");
}

#[test]
fn balance_refuses_a_report_path_that_is_no_folder_before_any_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.txt");
    std::fs::write(&file, "mine").unwrap();
    let line = refused_first(&balance(&file, &["--sets", "core_combat", "--runs", "2"]));
    assert!(line.contains("report.txt") && line.contains("not a folder"), "{line}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine", "left as it was");
    let fifo = dir.path().join("pipe");
    if std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        let line = refused_first(&balance(&fifo, &["--sets", "core_combat", "--runs", "2"]));
        assert!(line.contains("pipe") && line.contains("a FIFO"), "{line}");
    }
}

#[test]
fn balance_refuses_zero_runs_and_a_set_of_no_names() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report");
    let line = refused_first(&balance(&report, &["--sets", "core_combat", "--runs", "0"]));
    assert!(line.contains("--runs") && line.contains('0'), "{line}");
    let line = refused_first(&balance(&report, &["--sets", "core_combat; , ,", "--runs", "2"]));
    assert!(line.contains("names no plugin"), "{line}");
    assert!(!report.exists(), "no report was written");
}

/// The shipped data folder copied, then changed by `edit`.
fn data_edited(edit: impl FnOnce(&Path)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("data"), dir.path());
    edit(dir.path());
    dir
}

/// A headless run of one key with the data of `data`: its one line of refusal.
fn refused_with_data(data: &Path) -> String {
    let out = run(&["--headless", "--seed", "1", "--keys", ".", "--data-dir", data.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "refused: {stdout}{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    lines[0].to_string()
}

#[test]
fn a_plugin_data_folder_that_cannot_be_read_is_refused_by_name() {
    let looped = data_edited(|d| {
        std::fs::remove_dir_all(d.join("core_combat")).unwrap();
        std::os::unix::fs::symlink("core_combat", d.join("core_combat")).unwrap();
    });
    let line = refused_with_data(looped.path());
    assert!(line.contains("core_combat: cannot read the data folder of plugin 'core_combat'"), "{line}");
    let piped = data_edited(|d| {
        std::fs::remove_dir_all(d.join("core_combat")).unwrap();
        let made = std::process::Command::new("mkfifo").arg(d.join("core_combat")).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    });
    let line = refused_with_data(piped.path());
    assert!(line.contains("cannot read the data folder of plugin 'core_combat'"), "{line}");
}

#[test]
fn a_missing_goal_is_refused() {
    let data = data_edited(|d| std::fs::remove_file(d.join("host/goal.toml")).unwrap());
    let line = refused_with_data(data.path());
    assert!(line.contains("goal.toml") && line.contains("ember_heart"), "{line}");
    let out = run(&["--bot", "1", "--seed", "1", "--data-dir", data.path().to_str().unwrap()]);
    assert!(!out.status.success(), "the bot is refused too");
}

#[test]
fn a_data_file_with_a_syntax_error_is_refused_in_one_line() {
    let data = data_edited(|d| std::fs::write(d.join("core_combat/broken.toml"), "[[monster]]\nid = \n").unwrap());
    let line = refused_with_data(data.path());
    assert!(line.contains("broken.toml:2: field `id`: invalid string; expected"), "{line}");
}

#[test]
fn a_plugin_whose_abi_header_is_damaged_is_refused_with_the_reason() {
    let library = plugin_dir().join(lib_name("core_combat"));
    let mut bytes = std::fs::read(&library).unwrap();
    let magic = b"abi stable library for Rust     ";
    let at = bytes.windows(magic.len()).position(|w| w == magic).expect("the library carries abi_stable's header");
    bytes[at] ^= 1;
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join(lib_name("core_combat")), bytes).unwrap();
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--plugins", "core_combat", "--headless"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {stderr}");
    assert!(lines[0].contains("cannot be used: its abi_stable header is damaged"), "{stderr}");
}

#[test]
fn an_unknown_key_of_a_megabyte_is_refused_in_one_short_line() {
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys.txt");
    std::fs::write(&keys, format!("l {}", "x".repeat((1 << 20) - 2))).unwrap();
    let out = run(&["--headless", "--seed", "1", "--keys-file", keys.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.len() < 500 && stderr.lines().count() == 1, "{} bytes", stderr.len());
    assert!(stderr.contains("unknown key 'xxxx") && stderr.contains("(1048574 characters)' (word 2)"), "{stderr}");
}
