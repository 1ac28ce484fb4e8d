//! Items on the floor by id (api 1.6), played through the game with the
//! `floor_items` test plugin (`host/tests/plugins/floor_items`): a token
//! laid by `place_item_id` is listed by `items_at` under the id it was
//! given, and the hooks by id are handed that id when it is picked up; a
//! level feature's item (`Floor::item`) lies on the start of the floor it
//! shaped, made under its plugin; a map piece's item arrives with the
//! values its legend gives; bad input gets one line each and changes
//! nothing.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;
use serde_json::Value;

/// A plugin folder with the first-party plugins of the first waves and
/// `floor_items`, with its records (the token, the cache piece).
fn with_floor_items() -> tempfile::TempDir {
    let mut files: Vec<PathBuf> = FIRST_FIVE.split(',').map(first_party).collect();
    files.push(test_plugin("floor_items"));
    plugin_folder_with_data(&files, &[root().join("host/tests/plugins/floor_items/data/floor_items")])
}

/// Plays `keys` on `floor_items.txt` with `folder`'s plugins; the trace and stderr.
fn play(folder: &Path, keys: &str) -> (Vec<Value>, String) {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let s = scenario("floor_items.txt");
    let out = run(&[
        "--plugin-dir",
        folder.to_str().unwrap(),
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        keys,
        "--trace",
        trace.to_str().unwrap(),
    ]);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    (read_trace(&trace), stderr)
}

#[test]
fn the_floor_items_check_holds() {
    let folder = with_floor_items();
    let file = scenario("floor_items.txt");
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "check", file.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("ok    ") && stdout.contains("floor_items.txt: 12 expectations hold"), "{stdout}");
}

#[test]
fn the_id_place_item_id_gives_is_the_one_items_at_lists_and_the_pick_up_hooks_are_handed() {
    let folder = with_floor_items();
    let (trace, _) = play(folder.path(), "P g");
    let placed = events(&trace, "placed");
    assert_eq!(placed.len(), 1, "{placed:?}");
    let id = placed[0]["item"].as_u64().expect("an id");
    assert_eq!(placed[0]["mark"], 1, "its effect's `made` ran");
    let lying = events(&trace, "lying");
    assert_eq!((lying[0]["found"].as_bool(), lying[0]["count"].as_u64()), (Some(true), Some(1)));
    for hook in ["pick_up_seen", "picked_up_seen"] {
        let seen = events(&trace, hook);
        assert_eq!(seen.len(), 1, "{hook}: {seen:?}");
        assert_eq!(seen[0]["item"].as_u64(), Some(id), "{hook} is handed the id the token was laid with");
    }
    // The old hooks still run for a plugin that knows only them: the host's
    // pick-up is traced as before.
    let picked = events(&trace, "action").into_iter().filter(|e| e["action"] == "pick_up").count();
    assert_eq!(picked, 1);
}

#[test]
fn bad_item_calls_get_one_line_each_and_change_nothing() {
    let folder = with_floor_items();
    let (trace, stderr) = play(folder.path(), "E");
    let refusals = events(&trace, "refusals");
    assert_eq!(refusals.len(), 1);
    for field in ["off_map_empty", "unknown_kind", "zero_count", "nothing_laid"] {
        assert_eq!(refusals[0][field], true, "{field}");
    }
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains("refused")).collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    for (line, why) in lines.iter().zip([
        "items_at refused: the cell -3,900 is off the map",
        "place_item_id refused: no loaded plugin has an item 'floor_items_nosuch'",
        "place_item_id refused: 0 is no count of a heap (from 1 to 9999)",
    ]) {
        assert!(line.contains(why) && line.contains("floor_items") && line.len() < 300, "{line}");
    }
    assert_eq!(trace.iter().map(|e| e["turn"].as_u64().unwrap()).max(), Some(0), "no turn passed");
    assert!(events(&trace, "spawn").is_empty(), "no item was made");

    // The feature's two items that cannot be made: one line each, under its name.
    let (trace, stderr) = play(folder.path(), "l >");
    let skipped: Vec<&str> = stderr.lines().filter(|l| l.contains("an item the floor asked for is not made")).collect();
    assert_eq!(skipped.len(), 2, "{stderr}");
    assert!(
        skipped[0].contains("no loaded plugin has an item 'floor_items_nosuch'") && skipped[0].contains("floor_items")
    );
    assert!(skipped[1].contains("0 is no count of a heap"), "{}", skipped[1]);
    let made: Vec<&Value> = events(&trace, "spawn").into_iter().filter(|e| e["source"] == "floor_items").collect();
    assert_eq!(made.len(), 1, "only the token is made: {made:?}");
}
