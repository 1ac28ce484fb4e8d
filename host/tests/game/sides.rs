//! Who is in the world (api 1.2), played through the game: allies and
//! monsters fighting each other, a plugin making, removing and placing
//! creatures and changing their sides (the `world_changer` test plugin's
//! keys), refusals in one line, saves that keep sides, records and
//! scenarios that name them.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;
use serde_json::Value;

/// A plugin folder with the first-party plugins and `world_changer`.
fn with_changer() -> tempfile::TempDir {
    let mut files: Vec<PathBuf> = FIRST_FIVE.split(',').map(first_party).collect();
    files.push(test_plugin("world_changer"));
    plugin_folder(&files)
}

/// Plays `keys` on the scenario `name` with `folder`'s plugins; the trace and stderr.
fn play(folder: &Path, name: &str, keys: &str, extra: &[&str]) -> (Vec<Value>, String) {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let s = scenario(name);
    let mut args = vec![
        "--plugin-dir",
        folder.to_str().unwrap(),
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        keys,
        "--trace",
        trace.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = run(&args);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    (read_trace(&trace), stderr)
}

fn the_one<'a>(trace: &'a [Value], event: &str) -> &'a Value {
    let found = events(trace, event);
    assert_eq!(found.len(), 1, "one {event}: {found:?}");
    found[0]
}

#[test]
fn allies_fight_monsters_never_the_player_kill_for_themselves_swap_places_and_follow_down_the_stairs() {
    let files =
        ["allies_and_orc.txt", "ally_kills.txt", "ally_swap.txt"].map(|f| scenario(f).to_string_lossy().into_owned());
    let out = run(&["check", &files[0], &files[1], &files[2]]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
}

#[test]
fn a_blink_puts_the_player_on_a_cell_it_could_not_see_and_sight_follows_in_that_turn() {
    let folder = with_changer();
    let (trace, _) = play(folder.path(), "blink_rooms.txt", "F B F", &[]);
    let teleport = the_one(&trace, "teleport");
    assert_eq!((teleport["source"].as_str(), teleport["who"].as_str()), (Some("world_changer"), Some("player")));
    let blinked = the_one(&trace, "blinked");
    assert_eq!((blinked["moved"].as_bool(), blinked["seen_before"].as_bool()), (Some(true), Some(false)));
    assert_eq!(blinked["seen_after"], true, "sight is brought up to date in the same call");
    assert_eq!((teleport["x"].clone(), teleport["y"].clone()), (blinked["x"].clone(), blinked["y"].clone()));
    let floors = events(&trace, "floor").into_iter().filter(|e| e["source"] == "world_changer").collect::<Vec<_>>();
    assert_eq!(floors.len(), 2);
    assert_eq!((floors[0]["width"].as_i64(), floors[0]["height"].as_i64()), (Some(80), Some(45)));
    assert_eq!((floors[0]["creatures"].as_i64(), floors[0]["players_side"].as_i64()), (Some(3), Some(1)));
    // West: the player and the goblin seen; east, after the blink: the player and the jackal.
    assert_eq!((floors[0]["seen"].as_i64(), floors[1]["seen"].as_i64()), (Some(2), Some(2)));
}

#[test]
fn bad_world_changes_get_one_line_each_and_change_nothing() {
    let folder = with_changer();
    let (trace, stderr) = play(folder.path(), "blink_rooms.txt", "E", &[]);
    let refusals = the_one(&trace, "refusals");
    for field in ["unknown_kind", "on_wall", "onto_taken", "bad_side"] {
        assert_eq!(refusals[field], false, "{field}");
    }
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains("refused")).collect();
    assert_eq!(lines.len(), 4, "{stderr}");
    for (line, why) in lines.iter().zip([
        "spawn refused: no loaded plugin has a monster 'dragonfly'",
        "spawn refused: the cell 0,0 is not open floor",
        "place refused: the cell 4,3 is taken by goblin#1",
        "spawn refused: no loaded plugin declared a side 'fae'",
    ]) {
        assert!(line.contains(why) && line.contains("world_changer") && line.len() < 300, "{line}");
    }
    assert!(events(&trace, "teleport").is_empty() && events(&trace, "spawn").len() == 2, "only the scenario's spawns");
    assert_eq!(trace.iter().map(|e| e["turn"].as_u64().unwrap()).max(), Some(0), "no turn passed");
}

#[test]
fn a_summon_a_charm_and_a_removal_are_traced_under_the_plugin_and_a_removal_is_no_death() {
    let folder = with_changer();
    // Blink east (the jackal wakes and comes), charm it, summon one, remove the charmed one.
    let (trace, _) = play(folder.path(), "blink_rooms.txt", "B 3*. C M X 5*.", &[]);
    let side = the_one(&trace, "side");
    assert_eq!(
        (side["source"].as_str(), side["from"].as_str(), side["to"].as_str()),
        (Some("world_changer"), Some("monsters"), Some("player"))
    );
    let spawned: Vec<&Value> = events(&trace, "spawn").into_iter().filter(|e| e["source"] == "world_changer").collect();
    assert_eq!(spawned.len(), 1, "{spawned:?}");
    assert_eq!(spawned[0]["side"], "player");
    let removed = the_one(&trace, "removed");
    assert_eq!(removed["source"], "world_changer");
    assert!(events(&trace, "death").is_empty(), "a removal is no death");
    // From the charm on, neither the charmed jackal nor the summoned one
    // strikes the player (before it, the jackal was an enemy like any).
    let charmed_at = side["turn"].as_u64().unwrap();
    let allies = [side["creature"].as_str().unwrap(), spawned[0]["monster"].as_str().unwrap()];
    let attacks: Vec<&Value> = events(&trace, "attack")
        .into_iter()
        .filter(|a| a["turn"].as_u64().unwrap() >= charmed_at && allies.contains(&a["attacker"].as_str().unwrap_or("")))
        .collect();
    assert!(attacks.iter().all(|a| a["target"] != "player"), "allies never strike the player: {attacks:?}");
}

#[test]
fn save_and_continue_with_allies_sides_and_removals_plays_as_the_unbroken_run() {
    let folder = with_changer();
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    let (first, second) = ("B 3*. C M X", "10*. M 10*.");
    let (whole, _) = play(folder.path(), "blink_rooms.txt", &format!("{first} {second}"), &[]);
    play(folder.path(), "blink_rooms.txt", first, &["--save-dir", saves.to_str().unwrap()]);
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("\"side\":\"player\""), "the summoned ally's side is saved");
    let body = save.split_once('\n').unwrap().1;
    let turn = serde_json::from_str::<Value>(body).unwrap()["turn"].as_u64().unwrap();
    let trace = dir.path().join("second.jsonl");
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--continue",
        "--save-dir",
        saves.to_str().unwrap(),
        "--keys",
        second,
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let after =
        |t: &[Value]| t.iter().filter(|e| e["turn"].as_u64() > Some(turn)).map(|e| e.to_string()).collect::<Vec<_>>();
    let (a, b) = (after(&whole), after(&read_trace(&trace)));
    assert!(a.len() > 10 && a.iter().any(|l| l.contains("\"spawn\"")), "the run went on: {a:?}");
    assert_eq!(a, b, "the continued run differs from the unbroken one");
}

#[test]
fn a_save_with_an_unknown_side_is_refused_in_one_line_and_kept() {
    let folder = with_changer();
    let dir = tempfile::tempdir().unwrap();
    let saves = dir.path().join("saves");
    play(folder.path(), "blink_rooms.txt", "M", &["--save-dir", saves.to_str().unwrap()]);
    let path = saves.join("save.json");
    let text_before = std::fs::read_to_string(&path).unwrap();
    assert!(text_before.contains("\"side\":\"player\",") || text_before.contains("\"side\":\"player\"}"));
    let body = text_before.split_once('\n').unwrap().1.replacen("\"side\":\"monsters\"", "\"side\":\"fae\"", 1);
    assert!(body.contains("\"fae\""));
    let damaged = String::from_utf8(emberdeep::drivers::play::save::seal(body.trim_end())).unwrap();
    std::fs::write(&path, &damaged).unwrap();
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--continue",
        "--save-dir",
        saves.to_str().unwrap(),
    ]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success(), "{stderr}");
    let line = stderr.lines().find(|l| l.contains("'fae'")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(line.contains("side") && line.contains("save"), "{line}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged, "the save is left as it was");
}

#[test]
fn a_record_with_a_side_no_plugin_declared_is_refused_in_one_line() {
    let data =
        data_with("core_combat/monsters.toml", |t| t.replacen("id = \"goblin\"", "id = \"goblin\"\nside = \"fae\"", 1));
    let out = run(&["--data-dir", data.path().to_str().unwrap(), "--headless", "--keys", "."]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    let line = stderr.lines().find(|l| l.contains("\"fae\"")).unwrap_or_else(|| panic!("{stderr}"));
    let wanted = ["monsters.toml:64: field `side`", "\"fae\"", "(registered: monsters, player)"];
    assert!(wanted.iter().all(|w| line.contains(w)), "{line}");
}
