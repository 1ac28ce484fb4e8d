//! The identify plugin in whole games: the looks come from the run's seed
//! (the same seed, the same looks; another, others), what is known is kept
//! in a save, without the plugin every item has its true name, and the bot
//! plays runs with unknown items to their end. Each rule of its own is held
//! by a scenario check, `checks/identify_*.txt`.

mod common;

use std::path::{Path, PathBuf};

use common::*;

/// A scenario: two potions of haste, a scroll of teleportation and a potion
/// of vigor on the floor, picked up; its pack expectation never holds, so
/// `check` prints what the pack holds.
fn pack_scenario(dir: &Path, seed: u64) -> PathBuf {
    let text = format!(
        "[map]\n#########\n#@!.....#\n#########\n[legend]\n! = item potion_of_vigor\n[pack]\npotion_of_haste 2\n\
         scroll_of_teleportation\n[options]\nseed = {seed}\n[keys]\nl g\n[expect]\npack \"no such name\"\n"
    );
    let path = dir.join(format!("pack{seed}.txt"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The pack's names at the end of `pack_scenario` run with `plugins`.
fn pack_names(dir: &Path, seed: u64, plugins: &str) -> String {
    let file = pack_scenario(dir, seed);
    let out = run(&["--plugins", plugins, "check", file.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    let all = format!("{stdout}{stderr}");
    let line = all.lines().find(|l| l.contains("it holds:")).unwrap_or_else(|| panic!("{all}"));
    line.split("it holds:").nth(1).unwrap().trim().to_string()
}

const WITH: &str = "core_combat,bestiary,identify";

#[test]
fn the_same_seed_gives_the_same_looks_and_other_seeds_others() {
    let dir = tempfile::tempdir().unwrap();
    let four = pack_names(dir.path(), 4, WITH);
    assert!(four.contains("potions\"") && four.contains("\"a scroll labelled "), "{four}");
    for truly in ["haste", "vigor", "teleportation"] {
        assert!(!four.contains(truly), "no true name shows: {four}");
    }
    assert_eq!(pack_names(dir.path(), 4, WITH), four, "the same seed, the same looks");
    let others: Vec<String> = [5, 6, 7].iter().map(|&s| pack_names(dir.path(), s, WITH)).collect();
    assert!(others.iter().all(|o| *o != four), "other seeds, other looks: {four} / {others:?}");
}

#[test]
fn without_the_plugin_every_item_has_its_true_name() {
    let dir = tempfile::tempdir().unwrap();
    let names = pack_names(dir.path(), 4, "core_combat,bestiary");
    assert_eq!(names, "\"2 potions of haste\", \"a scroll of teleportation\", \"a potion of vigor\"");
}

#[test]
fn what_is_known_is_kept_in_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("known.txt");
    std::fs::write(&scen, "[map]\n#######\n#.@...#\n#######\n[pack]\npotion_of_haste 3\npotion_of_detect_monsters 2\n")
        .unwrap();
    let saves = dir.path().join("saves");
    let first = dir.path().join("first.jsonl");
    let (s, sv) = (scen.to_str().unwrap(), saves.to_str().unwrap());
    let args = ["--plugins", WITH, "--headless", "--seed", "3", "--scenario", s, "--save-dir", sv];
    let out = run(&[&args[..], &["--keys", "q a", "--trace", first.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let learnt = read_trace(&first);
    assert_eq!(events(&learnt, "identified").len(), 1, "the haste potion learnt by its use");
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("\"potion_of_haste\":true"), "what is known is in the save: {save}");
    assert!(save.contains("\"potion_of_detect_monsters\":false"), "and what is not: {save}");
    let second = dir.path().join("second.jsonl");
    let cont = ["--plugins", WITH, "--headless", "--continue", "--save-dir", sv, "--keys", "q a q b"];
    let out = run(&[&cont[..], &["--trace", second.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&second);
    let kinds: Vec<&str> = events(&trace, "identified").iter().map(|e| e["item"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["potion_of_detect_monsters"], "the haste potion stayed known after the load");
}

/// A save file's header (its format, without the checksum) and its body.
fn save_body(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let (header, body) = text.split_once('\n').unwrap();
    let format = header.rsplit_once(' ').unwrap().0.to_string();
    (format, body.trim_end().to_string())
}

#[test]
fn a_save_from_before_known_kinds_still_knows_what_its_store_knew() {
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("known.txt");
    std::fs::write(&scen, "[map]\n#######\n#.@...#\n#######\n[pack]\npotion_of_haste 3\npotion_of_detect_monsters 2\n")
        .unwrap();
    let saves = dir.path().join("saves");
    let (s, sv) = (scen.to_str().unwrap(), saves.to_str().unwrap());
    let args = ["--plugins", WITH, "--headless", "--seed", "3", "--scenario", s, "--save-dir", sv];
    let out = run(&[&args[..], &["--keys", "."]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    // The save as identify wrote it before 1.6: the haste potion known by
    // its store key, no known kinds in the game.
    let path = saves.join("save.json");
    let (header, save) = save_body(&path);
    let start = save.find(",\"kinds_known\":{").expect("the new save has them");
    let end = start + save[start..].find('}').unwrap() + 1;
    let body = format!("{}{}", &save[..start], &save[end..]);
    assert!(body.contains("[0,\"identify_marked\",1]"), "{body}");
    let body = body.replace("[0,\"identify_marked\",1]", "[0,\"known_potion_of_haste\",1]");
    let crc = crc32fast::hash(body.as_bytes());
    std::fs::write(&path, format!("{header} {crc:08x}\n{body}\n")).unwrap();
    let second = dir.path().join("second.jsonl");
    let cont = ["--plugins", WITH, "--headless", "--continue", "--save-dir", sv, "--keys", "q a q b"];
    let out = run(&[&cont[..], &["--trace", second.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&second);
    let kinds: Vec<&str> = events(&trace, "identified").iter().map(|e| e["item"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["potion_of_detect_monsters"], "the haste potion known from the old key");
    let marked: Vec<&str> = events(&trace, "kind_known").iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert!(!marked.contains(&"potion_of_haste"), "never marked unknown: {marked:?}");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(!saved.contains("known_potion_of_haste"), "the old key read once and dropped: {saved}");
}

/// `runs` bot runs with `plugins`: none at the turn limit; the trace.
fn bot(plugins: &str, runs: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.jsonl");
    let args = ["--plugins", plugins, "--headless", "--bot", runs, "--seed", "1", "--jobs", "2"];
    let out = run(&[&args[..], &["--trace", path.to_str().unwrap()]].concat());
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains(&format!("runs: {runs}")), "{stdout}");
    assert!(!stdout.contains("survived (turn limit"), "no run may reach the turn limit:\n{stdout}");
    read_trace(&path)
}

#[test]
fn the_bot_plays_unknown_items_to_the_end_of_every_run() {
    for plugins in ["core_combat,identify", WITH] {
        let trace = bot(plugins, "20");
        let learnt = events(&trace, "identified");
        assert!(learnt.iter().any(|e| e["how"] == "use"), "{plugins}: the bot used an unknown kind in 20 runs");
    }
}
