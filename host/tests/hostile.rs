//! Hostile input, as a tester would bring it: every reproduction of the
//! hardening issue, and records with an unknown trait or an over-long
//! description, each refused with one clear line (the file, line, field or
//! key, and why), nothing crashed, nothing hung, no save lost.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use common::*;

/// Runs the game, killed after 20 s: a hang is a failure.
fn run_bounded(args: &[&str]) -> Output {
    run_within(args, Duration::from_secs(20))
}

/// Stderr of a run that must fail cleanly: a non-zero exit, no panic, one message.
fn refused(args: &[&str]) -> String {
    let out = run_bounded(args);
    let stderr = text(&out).1;
    assert!(!out.status.success(), "{args:?} was let in: {stderr}");
    assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?}: a clean exit, not a crash: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stderr
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().map(|s| s.success()).unwrap_or(false);
    assert!(ok, "mkfifo {}", path.display());
}

/// A copy of the repository's `data/` to change.
fn data_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in walk(&root().join("data")) {
        let rel = entry.strip_prefix(root().join("data")).unwrap();
        let to = dir.path().join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&entry, to).unwrap();
    }
    dir
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn a_save_from_another_plugin_set_is_kept_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    assert!(run_bounded(&["--headless", "--seed", "3", "--save-dir", saves, "--keys", "l l j"]).status.success());
    let main = dir.path().join("save.json");
    let before = std::fs::read(&main).unwrap();
    // A window run with another plugin set: Esc y quits before any window opens.
    let out = run_bounded(&["--save-dir", saves, "--plugins", "core_combat", "--keys", "l Esc y"]);
    let stderr = text(&out).1;
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("another plugin set") && stderr.contains("kept as it is"), "{stderr}");
    assert_eq!(std::fs::read(&main).unwrap(), before, "save.json is untouched");
    assert!(dir.path().join("save-2.json").exists(), "the new run saved beside it");
    // That run dies: its own save goes, the other stays.
    let s = scenario("jackal_then_goblin.txt");
    let out = run_bounded(&[
        "--headless",
        "--save-dir",
        saves,
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        "h h h h h 80*.",
    ]);
    assert!(out.status.success());
    assert_eq!(std::fs::read(&main).unwrap(), before, "a death elsewhere deletes nothing of it");
}

#[test]
fn a_cut_short_plugin_beside_the_real_ones_is_skipped_by_name() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("equipment")]);
    let bytes = std::fs::read(first_party("core_combat")).unwrap();
    std::fs::write(folder.path().join(lib_name("trunc")), &bytes[..4096]).unwrap();
    std::fs::write(folder.path().join(lib_name("words")), b"not a library at all\n").unwrap();
    mkfifo(&folder.path().join(lib_name("pipe")));
    let out = run_bounded(&["--plugin-dir", folder.path().to_str().unwrap(), "--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("core_combat 0.1.0") && stdout.contains("equipment 0.1.0"), "the others load: {stdout}");
    for (name, why) in [("trunc", "not a shared library"), ("words", "not a shared library"), ("pipe", "a FIFO")] {
        let line = stderr.lines().find(|l| l.contains(&format!("'{name}'"))).unwrap_or_default();
        assert!(line.contains(&lib_name(name)) && line.contains(why), "{name}: one line naming it: {stderr}");
    }
    assert_eq!(stderr.lines().count(), 3, "one line each: {stderr}");
    let err = refused(&["--plugin-dir", folder.path().to_str().unwrap(), "--plugins", "trunc", "--list-plugins"]);
    assert!(err.contains("trunc") && err.contains("cannot be used"), "{err}");
}

#[test]
fn huge_repeat_counts_are_refused_not_obeyed() {
    for keys in ["18446744073709551615*.", "4000000000000*.", "200000*."] {
        let err = refused(&["--headless", "--seed", "1", "--keys", keys]);
        assert!(err.contains(keys) && err.contains("more than 100000 times"), "{keys}: {err}");
    }
}

#[test]
fn files_that_are_not_files_are_refused_without_hanging() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let err = refused(&["--headless", "--keys-file", f]);
    assert!(err.contains("fifo") && err.contains("a FIFO"), "{err}");
    let err = refused(&["trace", "summary", f]);
    assert!(err.contains("a FIFO"), "{err}");
    let err = refused(&["--headless", "--replay", f]);
    assert!(err.contains("a FIFO"), "{err}");
    let err = refused(&["--headless", "--scenario", f]);
    assert!(err.contains("a FIFO"), "{err}");
    // A save that is a FIFO: reported, and a headless --continue stops with it named.
    let saves = tempfile::tempdir().unwrap();
    mkfifo(&saves.path().join("save.json"));
    let err = refused(&["--headless", "--continue", "--save-dir", saves.path().to_str().unwrap()]);
    assert!(err.contains("save.json") && err.contains("a FIFO"), "{err}");
    // A data file that is /dev/zero behind a link.
    let data = data_copy();
    let items = data.path().join("core_combat/items.toml");
    std::fs::remove_file(&items).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &items).unwrap();
    let err = refused(&["--headless", "--data-dir", data.path().to_str().unwrap()]);
    assert!(err.contains("items.toml") && err.contains("character device"), "{err}");
}

#[test]
fn bad_data_is_refused_naming_the_file_line_and_field() {
    let cases = [
        ("host/rules.toml", "player_hp = 30", "player_hp = 0", "rules.toml:3: field `player_hp`: must be from 1"),
        ("host/rules.toml", "player_hp = 30", "player_hp = -1", "field `player_hp`: must be from 1"),
        ("host/rules.toml", "player_hp = 30", "player_hp = 4294967297", "not 4294967297"),
        (
            "host/rules.toml",
            "player_hp = 30",
            "player_hpp = 30",
            "field `player_hpp`: no host setting is called that; did you mean `player_hp`?",
        ),
        ("host/rules.toml", "pack_size = 26", "pack_size = 0", "field `pack_size`: must be from 1 to 26"),
        ("host/rules.toml", "fov_radius = 9", "fov_radius = 100000", "field `fov_radius`: must be from 1 to 30"),
        ("host/rules.toml", "map_width = 80", "map_width = 20000", "field `map_width`: must be from 20 to 250"),
        (
            "core_combat/items.toml",
            "floors = [1, 99]",
            "floors = [4, 1]",
            "field `floors`: the least must not be above",
        ),
        (
            "ranged_combat/rules.toml",
            "hit_near = 95",
            "hit_neer = 95",
            "field `hit_neer`: ranged_combat declares no setting called that; did you mean `hit_near`?",
        ),
        (
            "ranged_combat/rules.toml",
            "hit_near = 95",
            "hit_near = 150",
            "field `hit_near`: must be from 0 to 100, not 150",
        ),
        (
            "core_combat/monsters.toml",
            "player_damage_max = 6",
            "player_damage_max = 1",
            "field `player_damage_min`: 2 is above player_damage_max (1)",
        ),
    ];
    for (file, from, to, wanted) in cases {
        let data = data_copy();
        let path = data.path().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file} holds {from}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        let err = refused(&["--headless", "--data-dir", data.path().to_str().unwrap(), "--keys", "."]);
        assert!(err.contains(file) && err.contains(wanted), "{to}: wanted `{wanted}` in `{err}`");
    }
    let err = refused(&["--headless", "--data-dir", "/no/such/dir"]);
    assert!(err.contains("/no/such/dir: no such data folder"), "{err}");
}

#[test]
fn an_unknown_trait_or_a_keeps_distance_without_its_brain_is_one_clear_line() {
    let refused = |file: &str, from: &str, to: &str| {
        let data = data_with(file, |t| t.replacen(from, to, 1));
        let out = run(&["--headless", "--data-dir", data.path().to_str().unwrap(), "--keys", "."]);
        assert!(!out.status.success(), "{to}: the game refuses to start");
        let err = text(&out).1;
        let lines: Vec<&str> = err.lines().filter(|l| l.contains(file)).collect();
        assert_eq!(lines.len(), 1, "one line names the file: {err}");
        lines[0].to_string()
    };
    let line = refused("core_combat/monsters.toml", "traits = [\"tracks\"]", "traits = [\"tracks\", \"burrows\"]");
    assert!(line.contains("field `traits`") && line.contains("\"jackal\"") && line.contains("\"burrows\""), "{line}");
    assert!(line.contains("opens_doors, keeps_distance, tracks"), "the traits are listed: {line}");
    let line = refused(
        "ranged_combat/monsters.toml",
        "traits = [\"opens_doors\", \"keeps_distance\"]",
        "traits = [\"opens_doors\"]",
    );
    assert!(line.contains("\"archer\"") && line.contains("keeps_distance"), "{line}");
}

#[test]
fn a_description_over_500_characters_is_refused_in_one_line() {
    let long = "x".repeat(501);
    let data = data_with("fireball/items.toml", |t| {
        let start = t.find("description = \"").unwrap();
        let end = start + t[start..].find('\n').unwrap();
        format!("{}description = \"{long}\"{}", &t[..start], &t[end..])
    });
    let out = run(&["--headless", "--data-dir", data.path().to_str().unwrap(), "--keys", "."]);
    assert!(!out.status.success());
    let err = text(&out).1;
    let line = err.lines().find(|l| l.contains("fireball/items.toml")).unwrap_or_else(|| panic!("{err}"));
    assert!(line.contains("field `description`") && line.contains("at most 500 characters, not 501"), "{line}");
}

#[test]
fn options_that_would_quietly_do_the_wrong_thing_are_refused_or_honest() {
    let dir = tempfile::tempdir().unwrap();
    let d = |name: &str| dir.path().join(name).display().to_string();
    let err = refused(&["--bot", "2", "--record", &d("bot.json")]);
    assert!(err.contains("--record") && err.contains("--bot"), "{err}");
    assert!(!dir.path().join("bot.json").exists());
    std::fs::write(d("empty.jsonl"), "").unwrap();
    let err = refused(&["trace", "summary", &d("empty.jsonl")]);
    assert!(err.contains("empty.jsonl: the trace is empty"), "{err}");
    // --continue --record: the replay starts where the continued run did.
    let saves = d("saves");
    assert!(run_bounded(&["--headless", "--seed", "3", "--keys", "10*l 5*j", "--save-dir", &saves]).status.success());
    let keys = "5*h 3*. 4*k i a Enter";
    let first = ["--headless", "--continue", "--save-dir", &saves, "--keys", keys, "--record", &d("rec.json")];
    assert!(run_bounded(&[&first[..], &["--trace", &d("a.jsonl")]].concat()).status.success());
    assert!(run_bounded(&["--headless", "--replay", &d("rec.json"), "--trace", &d("b.jsonl")]).status.success());
    let (a, b) = (std::fs::read_to_string(d("a.jsonl")).unwrap(), std::fs::read_to_string(d("b.jsonl")).unwrap());
    let opening = a.lines().next().unwrap_or_default();
    assert!(opening.contains("\"event\":\"run_continue\"") && !opening.contains("\"turn\":0,"), "{a}");
    assert_eq!(a, b, "the replay of a continued run gives its trace");
}

#[test]
fn what_a_killed_save_left_behind_is_cleaned_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    let stale = dir.path().join(".emberdeep-tmp-4000000-save.json");
    std::fs::write(&stale, vec![b'x'; 1000]).unwrap();
    assert!(run_bounded(&["--headless", "--seed", "2", "--keys", "3*.", "--save-dir", saves]).status.success());
    assert!(!stale.exists(), "the leftover is gone");
    assert!(dir.path().join("save.json").exists());
}

#[test]
fn a_stored_number_out_of_its_declared_range_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    let s = scenario("ranged_showcase.txt");
    // Ready the bow and fill the quiver: the store now holds quiver_count.
    let keys = "i a Enter i b Enter .";
    assert!(run_bounded(&["--headless", "--scenario", s.to_str().unwrap(), "--keys", keys, "--save-dir", saves])
        .status
        .success());
    let path = dir.path().join("save.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, body) = text.split_once('\n').unwrap();
    let at = body.find("\"quiver_count\",").expect("the quiver is stored") + "\"quiver_count\",".len();
    let end = at + body[at..].find(']').unwrap();
    let body = format!("{}-5{}", &body[..at], &body[end..]);
    let forged = String::from_utf8(emberdeep::drivers::play::save::seal(body.trim_end())).unwrap();
    std::fs::write(&path, &forged).unwrap();
    let err = refused(&["--headless", "--continue", "--save-dir", saves]);
    assert!(err.contains("a stored quiver_count of -5") && err.contains("ranged_combat keeps 0 to 9999"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), forged, "the save is left as it was");
}
