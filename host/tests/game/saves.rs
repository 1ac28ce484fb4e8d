//! Saves as a player meets them: stop and come back to the same run, death
//! deletes the save, and a damaged or foreign save is reported and kept.

use crate::common;

use std::path::Path;

use common::*;

fn run_ok(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stderr}");
    stdout
}

fn events_after(path: &Path, turn: u64) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["turn"].as_u64().unwrap() > turn)
        .map(String::from)
        .collect()
}

#[test]
fn a_run_saved_at_turn_100_and_continued_plays_on_as_if_it_never_stopped() {
    let scenario = scenario("sealed_rooms.txt");
    for seed in ["1", "2", "3"] {
        let dir = tempfile::tempdir().unwrap();
        let (whole, second) = (dir.path().join("whole.jsonl"), dir.path().join("second.jsonl"));
        let saves = dir.path().join("saves");
        let s = scenario.to_str().unwrap();
        // Wield the long sword, then wait: 100 turns, then 60 more and a potion.
        let (first_keys, second_keys) = ("i a Enter 99*.", "30*. i b Enter 29*.");
        run_ok(&[
            "--headless",
            "--seed",
            seed,
            "--scenario",
            s,
            "--keys",
            &format!("{first_keys} {second_keys}"),
            "--trace",
            whole.to_str().unwrap(),
        ]);
        run_ok(&[
            "--headless",
            "--seed",
            seed,
            "--scenario",
            s,
            "--keys",
            first_keys,
            "--save-dir",
            saves.to_str().unwrap(),
        ]);
        let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
        assert!(save.contains("\"turn\":100"), "saved at turn 100");
        assert!(save.contains("long_sword"), "the wielded sword is in the save");
        run_ok(&[
            "--headless",
            "--continue",
            "--save-dir",
            saves.to_str().unwrap(),
            "--keys",
            second_keys,
            "--trace",
            second.to_str().unwrap(),
        ]);
        let (a, b) = (events_after(&whole, 100), events_after(&second, 100));
        assert!(a.len() > 50, "seed {seed}: the run went on past turn 100");
        assert_eq!(a, b, "seed {seed}: the continued run differs from the unbroken one");
    }
}

#[test]
fn death_deletes_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    let s = scenario("jackal_then_goblin.txt");
    run_ok(&["--headless", "--scenario", s.to_str().unwrap(), "--keys", ".", "--save-dir", saves]);
    assert!(dir.path().join("save.json").exists());
    run_ok(&["--headless", "--continue", "--keys", "h h h h h 20*. 20*. 20*. 20*. 20*. 20*.", "--save-dir", saves]);
    assert!(!dir.path().join("save.json").exists(), "death deleted the save");
    let out = run(&["--headless", "--continue", "--save-dir", saves]);
    assert!(!out.status.success());
    assert!(text(&out).1.contains("no saved run"), "{}", text(&out).1);
}

#[test]
fn a_new_headless_run_saves_beside_a_save_already_there() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    run_ok(&["--headless", "--seed", "5", "--keys", "3*.", "--save-dir", saves]);
    let first = std::fs::read(dir.path().join("save.json")).unwrap();
    run_ok(&["--headless", "--seed", "6", "--keys", "5*.", "--save-dir", saves]);
    assert_eq!(std::fs::read(dir.path().join("save.json")).unwrap(), first, "the first run's save is untouched");
    assert!(dir.path().join("save-2.json").exists(), "the second run saved beside it");
}

#[test]
fn a_damaged_save_is_reported_kept_and_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    run_ok(&["--headless", "--seed", "5", "--keys", "3*.", "--save-dir", saves]);
    let path = dir.path().join("save.json");
    let mut bytes = std::fs::read(&path).unwrap();
    let cut = bytes.len() / 2;
    bytes.truncate(cut);
    std::fs::write(&path, &bytes).unwrap();
    let out = run(&["--headless", "--continue", "--save-dir", saves]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("is damaged") && stderr.contains("save.json"), "{stderr}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the damaged file is untouched");
    // Starting afresh keeps it too: the new run saves beside it.
    run_ok(&["--headless", "--seed", "6", "--keys", "3*.", "--save-dir", saves]);
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    assert!(dir.path().join("save-2.json").exists());
}

#[test]
fn a_save_from_another_plugin_set_or_format_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    run_ok(&["--headless", "--seed", "5", "--keys", "3*.", "--save-dir", saves]);
    let path = dir.path().join("save.json");
    let before = std::fs::read(&path).unwrap();
    let out = run(&["--headless", "--continue", "--plugins", "core_combat", "--save-dir", saves]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("equipment 0.1.0 was loaded when saved and is not now"), "{stderr}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let out = run(&["--headless", "--continue", "--plugins", "core_combat,equipment,fireball", "--save-dir", saves]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("ranged_combat 0.1.0 was loaded when saved and is not now"), "{stderr}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let other_format = String::from_utf8(before).unwrap().replacen("emberdeep-save 1 ", "emberdeep-save 2 ", 1);
    std::fs::write(&path, &other_format).unwrap();
    let out = run(&["--headless", "--continue", "--save-dir", saves]);
    assert!(text(&out).1.contains("save format 2"), "{}", text(&out).1);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), other_format);
}

/// The turn a save file holds.
fn saved_turn(path: &Path) -> u64 {
    let text = std::fs::read_to_string(path).unwrap();
    let body = text.split_once('\n').unwrap().1;
    serde_json::from_str::<serde_json::Value>(body).unwrap()["turn"].as_u64().unwrap()
}

#[test]
fn starting_again_offers_the_saved_run_and_esc_saves_it() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().to_str().unwrap();
    let path = dir.path().join("save.json");
    run_ok(&["--headless", "--seed", "5", "--keys", "7*.", "--save-dir", saves]);
    assert_eq!(saved_turn(&path), 7);
    // Not headless: the game asks first. `y` continues, five waits, Esc y quits and saves.
    let out = std::process::Command::new(bin())
        .args(["--plugin-dir", plugin_dir().to_str().unwrap(), "--save-dir", saves, "--keys", "y 5*. Esc y"])
        .env("SDL_VIDEO_DRIVER", "offscreen")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(saved_turn(&path), 12, "the continued run was saved on quitting");
    // `n` starts afresh: the new run is what gets saved.
    let out = std::process::Command::new(bin())
        .args(["--plugin-dir", plugin_dir().to_str().unwrap(), "--save-dir", saves, "--keys", "n 2*. Esc y"])
        .env("SDL_VIDEO_DRIVER", "offscreen")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out).1);
    assert_eq!(saved_turn(&path), 2);
}

#[test]
fn a_scroll_read_but_not_fired_when_the_game_stopped_is_back_in_the_pack() {
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    let s = scenario("lightning_mid_aim.txt");
    // Read the scroll of lightning, and stop while aiming.
    run_ok(&[
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        "i a Enter",
        "--save-dir",
        saves.to_str().unwrap(),
    ]);
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("\"kind\":\"scroll_of_lightning\",\"count\":1"), "the scroll is in the saved pack");
    // Continued, the scroll is there to read again, and fires.
    let trace_path = dir.path().join("t.jsonl");
    run_ok(&[
        "--headless",
        "--continue",
        "--save-dir",
        saves.to_str().unwrap(),
        "--keys",
        "i a Enter Enter",
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    let trace = read_trace(&trace_path);
    assert_eq!(events(&trace, "use")[0]["item"], "scroll_of_lightning");
    assert!(events(&trace, "attack").iter().any(|a| a["kind"] == "lightning"), "the bolt flew after continuing");
}
