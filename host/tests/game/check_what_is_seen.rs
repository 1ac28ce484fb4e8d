//! `emberdeep check`'s expectations on what the player sees (a cell's
//! terrain, a side panel line, an item's name as the pack writes it) and a
//! scenario's legend creatures that carry items: each holds on a right
//! scenario and fails in one clear line when the text differs.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;

/// The check file these tests change, one line at a time.
fn seen() -> String {
    std::fs::read_to_string(root().join("host/tests/checks/what_the_player_sees.txt")).unwrap()
}

fn carried() -> String {
    std::fs::read_to_string(root().join("host/tests/checks/carried_items.txt")).unwrap()
}

/// Checks `text` written as `name` in `dir`: whether it passed, and all it printed.
fn check(dir: &Path, name: &str, body: &str) -> (bool, String) {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, body).unwrap();
    let out = run(&["check", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    (out.status.success(), format!("{stdout}{stderr}"))
}

/// The number of `line` in `text`, counted from 1.
fn line_of(text: &str, line: &str) -> usize {
    text.lines().position(|l| l == line).unwrap_or_else(|| panic!("no line {line:?}")) + 1
}

#[test]
fn the_right_scenarios_hold() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, out) = check(dir.path(), "seen.txt", &seen());
    assert!(ok && out.contains("seen.txt: 14 expectations hold (3 keys, 3 turns)"), "{out}");
    let (ok, out) = check(dir.path(), "carried.txt", &carried());
    assert!(ok && out.contains("carried.txt: 9 expectations hold"), "{out}");
}

#[test]
fn an_expectation_on_what_is_seen_fails_in_one_line_when_the_text_differs() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("terrain 4,1 = door_open", "terrain 4,1 = door_closed", "cell 4,1 is door_open at the end (turn 3), not door_closed"),
        ("terrain 0,0 = wall", "terrain 90,0 = wall", "cell 90,0 is outside the map (80 x 45) at the end (turn 3)"),
        (
            "panel \"Turn 3\"",
            "panel \"Turn 4\"",
            "no side panel line contains \"Turn 4\" at the end (turn 3); its lines: \"Turn 3\", \"Floor 1\", \"Seed 3\", \
             \"Damage 2-6\", \"Defense 0\", \"Wielding a short sword\", \"Wearing no armor\", \"Level 1, 0/65 xp\", \
             \"No bow ready\", \"In sight:\", \"j jackal 5/5\"",
        ),
        ("panel \"Level 1, 0/65 xp\"", "panel \"Level 2\"", "no side panel line contains \"Level 2\" at the end (turn 3);"),
        ("no panel \"Low health!\"", "no panel \"Floor\"", "the side panel shows \"Floor 1\" at the end (turn 3)"),
        (
            "pack \"3 darts\"",
            "pack \"2 darts\"",
            // Then the potion, by whatever name the plugins give it.
            "no item in the pack is named \"2 darts\" at the end (turn 3); it holds: \"3 darts\", \"",
        ),
        ("pack \"3 darts\"", "pack \"darts\"", "no item in the pack is named \"darts\""),
        ("no pack \"2 darts\"", "no pack \"3 darts\"", "the pack holds \"3 darts\" in slot a at the end (turn 3)"),
    ];
    for (i, (right, wrong, why)) in cases.iter().enumerate() {
        let text = seen();
        let line = line_of(&text, right);
        let (ok, out) = check(dir.path(), &format!("case{i}.txt"), &text.replace(right, wrong));
        assert!(!ok, "case {i} must fail:\n{out}");
        assert!(out.contains(&format!("case{i}.txt: 1 of 14 expectations failed")), "case {i}:\n{out}");
        let lines: Vec<&str> = out.lines().collect();
        let at = lines.iter().position(|l| l.ends_with(&format!("case{i}.txt:{line}: expected `{wrong}`")));
        let at = at.unwrap_or_else(|| panic!("case {i}: the file, line and expectation named:\n{out}"));
        let said = lines[at + 1].trim_start();
        assert!(said.starts_with(why), "case {i}: expected {why:?}, got:\n{out}");
        assert!(!lines[at + 2].starts_with("    "), "case {i}: the reason is one line:\n{out}");
    }
}

#[test]
fn a_bad_terrain_or_carried_item_is_refused_in_one_line_before_anything_plays() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            seen().replace("terrain 2,1 = floor", "terrain 2,1 = flor"),
            "line 23: there is no terrain 'flor' (terrains: ",
        ),
        (
            seen().replace("terrain 2,1 = floor", "terrain 2 1 = floor"),
            "line 23: expected 'terrain X,Y = NAME' (X and Y whole numbers from 0, NAME a terrain such as floor)",
        ),
        (seen().replace("pack \"3 darts\"", "pack 3 darts"), "line 31: expected 'pack KIND=COUNT' (a count or a range) or 'pack \"NAME\"'"),
        (
            carried().replace("carries=darts*3,dagger", "carries=darts*3,dager"),
            "line 11: no loaded plugin has an item 'dager' (loaded items: ",
        ),
        (
            carried().replace("carries=darts*3,dagger", "carries=darts*0,dagger"),
            "line 11: bad carried item 'darts*0' (a bad count; expected carries=KIND[*COUNT],... with COUNT from 1 to 9999)",
        ),
        (
            carried().replace("carries=darts*3,dagger", "carries=darts*3,dagger*26"),
            "line 11: carries= makes 27 items, and a monster carries at most 26",
        ),
    ];
    for (i, (text, said)) in cases.iter().enumerate() {
        let (ok, out) = check(dir.path(), &format!("bad{i}.txt"), text);
        assert!(!ok, "case {i} must be refused:\n{out}");
        let line = out.lines().find(|l| l.contains(said)).unwrap_or_else(|| panic!("case {i}: {said:?} in:\n{out}"));
        assert!(line.contains(&format!("bad{i}.txt: {said}")), "the file named first: {line}");
        assert!(!out.contains("expectations hold") && !out.contains("keys,"), "nothing played:\n{out}");
    }
}
