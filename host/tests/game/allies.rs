//! The allies plugin in whole games: the bot plays with it (freeing the
//! captives it walks into) and no run stalls to the turn limit; its map
//! pieces are laid on their floors; the morgue tells of the allies. Its
//! rules one by one are the scenario checks `host/tests/checks/allies_*.txt`.

use crate::common;

use std::path::Path;

use common::*;

/// How many of a bot summary's runs reached the turn limit.
fn at_turn_limit(summary: &str) -> usize {
    summary
        .lines()
        .find(|l| l.contains("survived (turn limit"))
        .map_or(0, |l| l.split_whitespace().next().unwrap().parse().unwrap())
}

/// `runs` bot runs with `plugins` from `seed`: the summary and the trace.
fn bot(plugins: &str, runs: &str, seed: &str, dir: &Path) -> (String, Vec<serde_json::Value>) {
    let trace = dir.join(format!("bot-{seed}.jsonl"));
    let args = ["--plugins", plugins, "--headless", "--bot", runs, "--seed", seed, "--jobs", "2", "--trace"];
    let out = run(&[&args[..], &[trace.to_str().unwrap()]].concat());
    let (summary, stderr) = text(&out);
    assert!(out.status.success(), "{plugins}: {stderr}");
    (summary, read_trace(&trace))
}

#[test]
fn the_bot_plays_with_allies_to_the_end_and_frees_the_captives_it_meets() {
    let dir = tempfile::tempdir().unwrap();
    let (summary, trace) = bot("core_combat,allies", "20", "1", dir.path());
    assert_eq!(at_turn_limit(&summary), 0, "a run stalled to the turn limit:\n{summary}");
    let asked = events(&trace, "ask");
    assert!(!asked.is_empty(), "in 20 runs the bot walked into a captive");
    assert!(asked.iter().all(|a| a["source"] == "allies"));
    let answers: Vec<_> = events(&trace, "action").into_iter().filter(|a| a["action"] == "answer").collect();
    assert_eq!(answers.len(), asked.len(), "every question answered");
    let freed = events(&trace, "side").into_iter().filter(|s| s["source"] == "allies" && s["to"] == "player").count();
    assert_eq!(freed, asked.len(), "each yes freed its captive");
    // A freed captive fights: some monster is struck by one.
    let struck =
        events(&trace, "attack").into_iter().any(|a| a["attacker"].as_str().is_some_and(|s| s.starts_with("captive_")));
    assert!(struck, "a freed captive fought");
    assert!(
        events(&trace, "attack").iter().all(|a| !(a["target"] == "player"
            && a["attacker"].as_str().is_some_and(|s| s.starts_with("captive_") || s.starts_with("spirit_wolf")))),
        "no ally ever struck the player"
    );
}

#[test]
fn the_bot_plays_with_allies_and_every_other_first_party_plugin_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let every = "core_combat,equipment,ranged_combat,fireball,progression,allies";
    let (summary, _) = bot(every, "20", "2", dir.path());
    assert_eq!(at_turn_limit(&summary), 0, "a run stalled to the turn limit:\n{summary}");
}

#[test]
fn the_captives_cells_are_laid_on_their_floors_only() {
    let dir = tempfile::tempdir().unwrap();
    let (_, trace) = bot("core_combat,allies", "20", "3", dir.path());
    let mut floor = 0;
    let mut laid = 0;
    for e in &trace {
        match e["event"].as_str() {
            Some("floor") => floor = e["floor"].as_u64().unwrap(),
            Some("piece") => {
                let piece = e["piece"].as_str().unwrap();
                let floors = match piece {
                    "allies_goblin_cell" => 2..=6,
                    "allies_dwarf_cell" => 4..=10,
                    "allies_ogre_pen" => 6..=10,
                    other => panic!("a piece this plugin does not ship: {other}"),
                };
                assert!(floors.contains(&floor), "{piece} on floor {floor}");
                laid += 1;
            }
            _ => {}
        }
    }
    assert!(laid > 0, "some captive's cell was laid in 20 runs");
}

#[test]
fn the_morgue_tells_of_the_freed_captive() {
    let dir = tempfile::tempdir().unwrap();
    let s = scenario("allies_last_stand.txt");
    let out = std::process::Command::new(bin())
        .current_dir(root())
        .args(["--plugins", "core_combat,allies", "--headless", "--scenario", s.to_str().unwrap()])
        .args(["--keys", "h y 40*. 40*.", "--save-dir", dir.path().to_str().unwrap()])
        .env_remove("RUST_LOG")
        .output()
        .expect("the game runs");
    assert!(out.status.success(), "{}", text(&out).1);
    let morgue = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with("morgue"))
        .expect("a death's morgue");
    let text = std::fs::read_to_string(morgue.path()).unwrap();
    assert!(text.contains("Killed by a troll"), "{text}");
    assert!(text.contains("Allies: freed 1 captive; 1 fell."), "{text}");
}

/// The trace lines of `path` after turn `turn`.
fn events_after(path: &Path, turn: u64) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["turn"].as_u64().unwrap() > turn)
        .map(String::from)
        .collect()
}

#[test]
fn a_grown_ally_keeps_its_level_and_experience_through_a_save() {
    // The check's wolf kills two jackals and reaches level 2 (16 xp); the
    // run is saved there, continued, and the wolf goes on to kill the two
    // jackals behind the door (16 more: 32, past 30) and reach level 3,
    // just as in the run played whole. Had the save lost its experience,
    // they would take it only to level 2 again.
    let dir = tempfile::tempdir().unwrap();
    let s = root().join("host/tests/checks/allies_grow.txt");
    let s = s.to_str().unwrap();
    let (whole, second) = (dir.path().join("whole.jsonl"), dir.path().join("second.jsonl"));
    let saves = dir.path().join("saves");
    let (first_keys, second_keys) = ("12*.", GROW_SECOND_KEYS);
    let play = |extra: &[&str]| {
        let out = run(&[&["--headless", "--scenario", s][..], extra].concat());
        assert!(out.status.success(), "{extra:?}: {}", text(&out).1);
    };
    play(&["--keys", &format!("{first_keys} {second_keys}"), "--trace", whole.to_str().unwrap()]);
    play(&["--keys", first_keys, "--save-dir", saves.to_str().unwrap()]);
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("allies_level") && save.contains("allies_xp"), "the wolf's growth is in the save");
    let out = run(&[
        "--headless",
        "--continue",
        "--save-dir",
        saves.to_str().unwrap(),
        "--keys",
        second_keys,
        "--trace",
        second.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let (a, b) = (events_after(&whole, 12), events_after(&second, 12));
    assert_eq!(a, b, "the continued run differs from the unbroken one");
    let grew: Vec<_> = read_trace(&second).into_iter().filter(|e| e["event"] == "ally_grew").collect();
    assert_eq!(grew.len(), 1, "{grew:?}");
    assert_eq!((grew[0]["creature"].as_str(), grew[0]["level"].as_i64()), (Some("spirit_wolf#1"), Some(3)));
}

/// After the save: open the door, walk on until the jackals come into view
/// (the rest of a repeat is dropped then), wait, and on again for the second.
const GROW_SECOND_KEYS: &str = "17*l 12*l 10*. 10*l 20*.";

#[test]
fn a_grown_ally_that_falls_leaves_no_growth_in_the_save() {
    let dir = tempfile::tempdir().unwrap();
    let s = scenario("allies_grown_falls.txt");
    let (trace, saves) = (dir.path().join("trace.jsonl"), dir.path().join("saves"));
    let saved = |keys: &str| {
        let _ = std::fs::remove_dir_all(&saves);
        let out = run(&[
            "--headless",
            "--scenario",
            s.to_str().unwrap(),
            "--keys",
            keys,
            "--trace",
            trace.to_str().unwrap(),
            "--save-dir",
            saves.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out).1);
        std::fs::read_to_string(saves.join("save.json")).unwrap()
    };
    let grown = saved("12*.");
    assert!(grown.contains("[1,\"allies_level\",2]") && grown.contains("[1,\"allies_xp\",16]"), "{grown}");
    let fallen = saved("12*. 30*l 4*l 20*.");
    let whole = read_trace(&trace);
    let deaths = events(&whole, "death");
    assert!(deaths.iter().any(|d| d["who"] == "spirit_wolf#1" && d["killer"] == "goblin#4"), "{deaths:?}");
    assert!(!fallen.contains("allies_level") && !fallen.contains("allies_xp"), "the fallen wolf's growth is kept");
}
