//! Plugin trials that cannot be fooled, and files the game did not write
//! left alone: a damaged plugin refused whatever its trial did, a library
//! that ends its process at load refused, and saves, scores, morgues,
//! temp files and screenshots that never replace what is not the game's.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::*;

/// Runs the game, killed after 120 s: a hang is a failure.
fn run_bounded(args: &[&str]) -> Output {
    run_within(args, std::time::Duration::from_secs(120))
}

/// How a run ended, for messages: the code, or the signal that ended it.
fn ending(out: &Output) -> String {
    use std::os::unix::process::ExitStatusExt;
    format!("{:?} (signal {:?})", out.status.code(), out.status.signal())
}

/// The type of the last loadable segment of a copy of `library` flipped by
/// one bit (PT_LOAD, 1, becomes PT_NULL, 0): the dynamic loader then maps
/// the library without its data, which its relocations still write into.
fn without_its_last_segment(library: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(library).unwrap();
    let u16_at = |b: &[u8], at: usize| u16::from_le_bytes(b[at..at + 2].try_into().unwrap()) as usize;
    let phoff = u64::from_le_bytes(bytes[32..40].try_into().unwrap()) as usize;
    let (size, count) = (u16_at(&bytes, 54), u16_at(&bytes, 56));
    let last = (0..count)
        .map(|i| phoff + i * size)
        .rfind(|&at| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) == 1)
        .expect("a loadable segment");
    bytes[last] ^= 1;
    bytes
}

#[test]
fn a_plugin_without_its_last_loadable_segment_is_refused_and_never_crashes_the_game() {
    // The damaged copy sorts first, so it would be loaded before the others.
    let folder = plugin_folder(&first_party_names().iter().map(|n| first_party(n)).collect::<Vec<_>>());
    let damaged = folder.path().join(lib_name("aaa_damaged"));
    std::fs::write(&damaged, without_its_last_segment(&first_party("progression"))).unwrap();
    let out = run_bounded(&["--plugin-dir", folder.path().to_str().unwrap(), "--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "the game starts: {} {stderr}", ending(&out));
    for name in first_party_names() {
        assert!(stdout.contains(&format!("{name} 0.1.0")), "{name} loads: {stdout}");
    }
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("aaa_damaged")).collect();
    assert_eq!(said.len(), 1, "one line about it: {stderr}");
    assert!(said[0].contains("damaged program headers"), "refused by its headers: {}", said[0]);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// A folder holding core_combat and the library that exits at load.
fn with_a_library_that_exits() -> tempfile::TempDir {
    plugin_folder(&[first_party("core_combat"), test_plugin("exit_early")])
}

#[test]
fn a_library_that_exits_as_it_loads_is_refused_and_the_game_goes_on() {
    let folder = with_a_library_that_exits();
    let dir = folder.path().to_str().unwrap();
    let out = run_bounded(&["--plugin-dir", dir, "--bot", "1", "--seed", "3", "--jobs", "1"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{} {stderr}", ending(&out));
    assert!(!stdout.trim().is_empty(), "the bot's summary is printed: {stdout}");
    let said: Vec<&str> = stderr.lines().filter(|l| l.contains("exit_early")).collect();
    assert_eq!(said.len(), 1, "one line about it: {stderr}");
    assert!(said[0].contains("before it registered"), "{}", said[0]);
    // Asked for by name, it stops the start.
    let out = run_bounded(&["--plugin-dir", dir, "--plugins", "core_combat,exit_early", "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("plugin 'exit_early'") && stderr.contains("before it registered"), "{stderr}");
}

#[test]
fn a_check_that_fails_still_fails_beside_a_library_that_exits_as_it_loads() {
    let folder = with_a_library_that_exits();
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("fails.txt");
    let check = "[map]\n#####\n#.@.#\n#####\n[keys]\n.\n[expect]\nplayer dead\n";
    std::fs::write(&file, check).unwrap();
    let out = run_bounded(&["--plugin-dir", folder.path().to_str().unwrap(), "check", file.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{} {stdout} {stderr}", ending(&out));
    assert!(stdout.contains("1 files: 0 passed, 1 failed"), "{stdout}");
}

/// Plays a troll scenario to its end with `dir` as the save folder: a
/// morgue and a score written there.
fn die_in(dir: &Path) -> Output {
    let s = scenario("troll_end.txt");
    let out = Command::new(bin())
        .current_dir(root())
        .args(["--plugin-dir", plugin_dir().to_str().unwrap(), "--headless", "--scenario", s.to_str().unwrap()])
        .args(["--keys", "30*. 30*. 30*.", "--save-dir", dir.to_str().unwrap()])
        .env_remove("RUST_LOG")
        .output()
        .expect("the game runs");
    assert!(out.status.success(), "{}", text(&out).1);
    out
}

#[test]
fn a_score_table_out_of_order_is_damaged_kept_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let scores = dir.path().join("scores.json");
    let row = |score: u64| format!(r#"{{"score":{score},"seed":1,"turn":5,"floor":3,"level":1,"end":"won"}}"#);
    let table = format!(r#"{{"version":1,"scores":[{},{},{}]}}"#, row(100), row(9000), row(50));
    std::fs::write(&scores, &table).unwrap();
    let (_, err) = text(&die_in(dir.path()));
    assert_eq!(std::fs::read_to_string(&scores).unwrap(), table, "not written over, the best row kept");
    let said: Vec<&str> = err.lines().filter(|l| l.contains("scores.json")).collect();
    assert_eq!(said.len(), 1, "one line about it: {err}");
    assert!(said[0].contains("out of order") && said[0].contains("left as it is"), "{}", said[0]);
}

#[test]
fn only_the_games_own_temp_files_are_cleaned() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.tmp-999999");
    std::fs::write(&notes, b"a player's notes").unwrap();
    let out = run_bounded(&["--headless", "--seed", "2", "--keys", "3*.", "--save-dir", dir.path().to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(std::fs::read(&notes).unwrap(), b"a player's notes", "a file the game did not write is kept");
    assert!(dir.path().join("save.json").exists());
}

/// Names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn a_save_or_score_table_that_is_a_broken_link_is_refused_and_never_replaced() {
    for target in ["nowhere", "save.json", "scores.json"] {
        // Dangling, and (the link to its own name) looping.
        let dir = tempfile::tempdir().unwrap();
        let (save, scores) = (dir.path().join("save.json"), dir.path().join("scores.json"));
        let link_to = dir.path().join(target);
        std::os::unix::fs::symlink(&link_to, &save).unwrap();
        std::os::unix::fs::symlink(&link_to, &scores).unwrap();
        let saves = dir.path().to_str().unwrap();
        let out = run_bounded(&["--headless", "--keys", "3*.", "--save-dir", saves, "--continue"]);
        let (_, stderr) = text(&out);
        assert!(!out.status.success(), "{target}: there is no run to continue: {stderr}");
        assert!(stderr.contains("save.json") && stderr.contains("link"), "{target}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        // A new run saves beside it.
        let out = run_bounded(&["--headless", "--seed", "2", "--keys", "3*.", "--save-dir", saves]);
        assert!(out.status.success(), "{}", text(&out).1);
        die_in(dir.path());
        for link in [&save, &scores] {
            let meta = std::fs::symlink_metadata(link).unwrap();
            assert!(meta.file_type().is_symlink(), "{target}: {} is still the link", link.display());
            assert_eq!(std::fs::read_link(link).unwrap(), link_to);
        }
        assert!(dir.path().join("save-2.json").exists(), "{target}: {:?}", names(dir.path()));
        assert!(!dir.path().join("nowhere").exists(), "nothing written through the link");
    }
}

/// A headless screenshot to `path`, and how the game ended.
fn screenshot_to(path: &Path) -> Output {
    run_bounded(&["--headless", "--seed", "2", "--keys", ".", "--screenshot", path.to_str().unwrap()])
}

#[test]
fn a_screenshot_never_replaces_a_link_a_fifo_or_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.txt");
    std::fs::write(&kept, b"kept").unwrap();
    let link = dir.path().join("link.png");
    std::os::unix::fs::symlink(&kept, &link).unwrap();
    let dangling = dir.path().join("dangling.png");
    std::os::unix::fs::symlink(dir.path().join("nowhere.png"), &dangling).unwrap();
    let fifo = dir.path().join("fifo.png");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let folder = dir.path().join("folder.png");
    std::fs::create_dir(&folder).unwrap();
    let before = names(dir.path());
    for path in [&link, &dangling, &fifo, &folder] {
        let out = screenshot_to(path);
        let (_, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(1), "{}: {} {stderr}", path.display(), ending(&out));
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(path.to_str().unwrap()) && stderr.contains("not a regular file"), "{stderr}");
    }
    assert_eq!(names(dir.path()), before, "nothing made or replaced");
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    assert_eq!(std::fs::read(&kept).unwrap(), b"kept");
    // A regular file there is replaced: that is what a screenshot asks for.
    let png = dir.path().join("shot.png");
    std::fs::write(&png, b"old").unwrap();
    let out = screenshot_to(&png);
    assert!(out.status.success(), "{}", text(&out).1);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let mut after = before.clone();
    after.push("shot.png".into());
    after.sort();
    assert_eq!(names(dir.path()), after, "no temp file left");
}
