//! Known kinds (api 1.6) in whole games, with the `jeweller` test plugin
//! (`host/tests/plugins/jeweller`), whose ring of seeing comes unknown
//! ("a jade ring"), and identify: identify's scroll makes known another
//! plugin's unknown kind (`scenarios/known_kinds.txt`), the morgue lists
//! unknown kinds as the player knew them, and a run saved and continued
//! plays on as the unbroken run, what is known and unknown kept.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;

/// A plugin folder with core_combat, bestiary, identify and `jeweller`,
/// with the jeweller's records (its ring).
fn with_jeweller() -> tempfile::TempDir {
    let mut files: Vec<PathBuf> = ["core_combat", "bestiary", "identify"].into_iter().map(first_party).collect();
    files.push(test_plugin("jeweller"));
    plugin_folder_with_data(&files, &[root().join("host/tests/plugins/jeweller/data/jeweller")])
}

/// Runs the game with `folder`'s plugins and `args`; its stderr.
fn play(folder: &Path, args: &[&str]) -> String {
    let out = run(&[&["--plugin-dir", folder.to_str().unwrap(), "--headless"][..], args].concat());
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stdout}{stderr}");
    stderr
}

#[test]
fn identifys_scroll_makes_another_plugins_unknown_ring_known() {
    let folder = with_jeweller();
    let file = scenario("known_kinds.txt");
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "check", file.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("known_kinds.txt: 9 expectations hold"), "{stdout}");
}

#[test]
fn the_morgue_lists_unknown_kinds_as_the_player_knew_them() {
    let folder = with_jeweller();
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("troll.txt");
    std::fs::write(
        &scen,
        "[map]\n########\n#@T....#\n########\n[legend]\nT = monster troll\n[pack]\nring_of_seeing\n\
         potion_of_vigor\nscroll_of_identify\n[options]\nseed = 3\nfloor = 3\n",
    )
    .unwrap();
    let saves = dir.path().join("saves");
    let s = scen.to_str().unwrap();
    play(folder.path(), &["--scenario", s, "--keys", "30*. 30*. 30*.", "--save-dir", saves.to_str().unwrap()]);
    let morgue = std::fs::read_dir(&saves)
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with("morgue"))
        .expect("a death's morgue");
    let text = std::fs::read_to_string(morgue.path()).unwrap();
    let pack: Vec<&str> = text.lines().skip_while(|l| *l != "The pack:").take(4).collect();
    assert_eq!(pack[1], "  a - a jade ring", "{text}");
    assert!(pack[2].starts_with("  b - a ") && pack[2].ends_with(" potion"), "the potion by its look: {text}");
    assert!(pack[3].starts_with("  c - a scroll labelled "), "the scroll by its label: {text}");
    for truly in ["ring of seeing", "potion of vigor", "scroll of identify"] {
        assert!(!text.contains(truly), "no true name of an unknown kind: {truly} in {text}");
    }
}

#[test]
fn a_run_saved_and_continued_knows_what_it_knew_and_plays_on_as_the_unbroken_run() {
    let folder = with_jeweller();
    let dir = tempfile::tempdir().unwrap();
    let s = scenario("known_kinds.txt");
    let (whole, second) = (dir.path().join("whole.jsonl"), dir.path().join("second.jsonl"));
    let saves = dir.path().join("saves");
    // Turn 1 marks the kinds, turn 2 reads (the ring known), then a wait;
    // after the save, a second reading makes the potion known.
    let (first_keys, second_keys) = (". r a .", "r a 3*.");
    let s = s.to_str().unwrap();
    let all = format!("{first_keys} {second_keys}");
    play(folder.path(), &["--scenario", s, "--keys", &all, "--trace", whole.to_str().unwrap()]);
    play(folder.path(), &["--scenario", s, "--keys", first_keys, "--save-dir", saves.to_str().unwrap()]);
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("\"kinds_known\""), "what is known and unknown is in the save");
    assert!(!save.contains("known_potion"), "not in identify's old store keys");
    let sv = saves.to_str().unwrap();
    play(folder.path(), &["--continue", "--save-dir", sv, "--keys", second_keys, "--trace", second.to_str().unwrap()]);
    let after = |path: &Path| -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["turn"].as_u64().unwrap() >= 3)
            .filter(|l| !l.contains("\"run_continue\""))
            .map(String::from)
            .collect()
    };
    let (a, b) = (after(&whole), after(&second));
    assert!(a.iter().any(|l| l.contains("\"identified\"") && l.contains("potion_of_vigor")), "{a:?}");
    assert!(!a.iter().any(|l| l.contains("\"identified\"") && l.contains("ring_of_seeing")), "{a:?}");
    assert_eq!(a, b, "the continued run differs from the unbroken one");
}
