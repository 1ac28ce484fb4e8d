//! The scroll of fireball as a player meets it, headless from the
//! scenarios `fireball_*.txt`: who a burst burns and who it spares (three
//! steps away, behind a wall), the reader burned and killed by their own
//! fireball, the noise after all the burning, the question asked before
//! firing into one's own burst (and only then), Esc after reading, and the
//! plugin played without ranged_combat.
//!
//! Aiming keys: `i a Enter` reads the scroll in slot a, direction keys move the
//! cursor (it starts on the nearest monster in sight, else on the player),
//! `Enter` fires, `y` answers the question yes, any other key no.

use crate::common;

use std::collections::BTreeMap;

use common::*;
use serde_json::Value;

/// Plays `keys` on the scenario file `name` with `extra` arguments; the trace.
fn play(name: &str, keys: &str, extra: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let scen = scenario(name);
    let mut args =
        vec!["--headless", "--scenario", scen.to_str().unwrap(), "--keys", keys, "--trace", trace.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = run(&args);
    let (o, e) = text(&out);
    assert!(out.status.success(), "{o}{e}");
    read_trace(&trace)
}

/// The scenario text of `name` with its seed replaced by `seed`, in a temp file.
fn reseeded(name: &str, seed: u64) -> (tempfile::TempDir, std::path::PathBuf) {
    let text = std::fs::read_to_string(scenario(name)).unwrap();
    let text = text
        .lines()
        .map(|l| if l.starts_with("seed") { format!("seed = {seed}") } else { l.to_string() })
        .collect::<Vec<_>>();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text.join("\n")).unwrap();
    (dir, path)
}

/// The fireball's burns, in order.
fn burns(trace: &[Value]) -> Vec<&Value> {
    events(trace, "attack").into_iter().filter(|a| a["kind"] == "fireball").collect()
}

/// Where each monster was spawned, by its trace name.
fn spawned(trace: &[Value]) -> BTreeMap<String, (i64, i64)> {
    events(trace, "spawn")
        .into_iter()
        .filter_map(|s| Some((s["monster"].as_str()?.to_string(), (s["x"].as_i64()?, s["y"].as_i64()?))))
        .collect()
}

/// The shots made from aiming (`action` `aim`), as cursor cells.
fn aims(trace: &[Value]) -> Vec<(i64, i64)> {
    events(trace, "action")
        .into_iter()
        .filter(|a| a["action"] == "aim")
        .map(|a| (a["x"].as_i64().unwrap(), a["y"].as_i64().unwrap()))
        .collect()
}

fn turns(trace: &[Value]) -> u64 {
    events(trace, "run_end")[0]["turns"].as_u64().unwrap()
}

fn steps(a: (i64, i64), b: (i64, i64)) -> i64 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

const CENTRE: (i64, i64) = (10, 5);

#[test]
fn a_burst_in_the_open_burns_everyone_within_two_steps_and_nobody_at_three() {
    let trace = play("fireball_open.txt", "i a Enter n n n Enter", &[]);
    assert_eq!(aims(&trace), [CENTRE], "the cursor went from the nearest jackal to the empty centre");
    let at = spawned(&trace);
    let burned: Vec<&str> = burns(&trace).iter().map(|b| b["target"].as_str().unwrap()).collect();
    let within: Vec<&str> = at.iter().filter(|(_, p)| steps(**p, CENTRE) <= 2).map(|(n, _)| n.as_str()).collect();
    let at_three: Vec<&str> = at.iter().filter(|(_, p)| steps(**p, CENTRE) == 3).map(|(n, _)| n.as_str()).collect();
    assert_eq!(within.len(), 6);
    assert_eq!(at_three.len(), 4);
    let mut sorted = burned.clone();
    sorted.sort();
    assert_eq!(sorted, within, "every creature within 2 steps burned, each once");
    assert!(at_three.iter().all(|n| !burned.contains(n)), "nobody at 3 steps: {burned:?}");
    for b in burns(&trace) {
        assert_eq!(
            (b["attacker"].as_str(), b["hit"].as_bool(), b["chance"].as_i64()),
            (Some("player"), Some(true), Some(100))
        );
    }
    let burst = &events(&trace, "fireball_burst")[0];
    assert_eq!((burst["x"].as_i64(), burst["y"].as_i64(), burst["radius"].as_i64()), (Some(10), Some(5), Some(2)));
    assert_eq!(
        (burst["cells"].as_i64(), burst["caught"].as_i64()),
        (Some(25), Some(6)),
        "all 25 cells of the open 5x5"
    );
    // The survivors hunt the player.
    let hunting: Vec<&str> = events(&trace, "wake")
        .into_iter()
        .filter(|w| w["now"] == "hunting")
        .map(|w| w["monster"].as_str().unwrap())
        .collect();
    let dead: Vec<&str> = events(&trace, "death").iter().map(|d| d["who"].as_str().unwrap()).collect();
    for name in within.iter().filter(|n| !dead.contains(n)) {
        assert!(hunting.contains(name), "{name} lived and hunts");
    }
    assert_eq!(turns(&trace), 1);
}

#[test]
fn the_burn_is_six_to_ten_whatever_the_armor() {
    // Trolls have defense 3: through armor, 6-10 would do at most 7.
    let mut all = Vec::new();
    for seed in 1..=8 {
        let (_dir, path) = reseeded("fireball_open.txt", seed);
        let dir = tempfile::tempdir().unwrap();
        let trace = dir.path().join("t.jsonl");
        let out = run(&[
            "--headless",
            "--scenario",
            path.to_str().unwrap(),
            "--keys",
            "i a Enter n n n Enter",
            "--trace",
            trace.to_str().unwrap(),
        ]);
        assert!(out.status.success());
        let trace = read_trace(&trace);
        all.extend(
            burns(&trace)
                .iter()
                .filter(|b| b["target"].as_str().unwrap().starts_with("troll"))
                .map(|b| b["damage"].as_i64().unwrap()),
        );
    }
    assert_eq!(all.len(), 24, "three trolls burned in each of 8 runs");
    assert!(all.iter().all(|d| (6..=10).contains(d)), "{all:?}");
    assert!(all.iter().any(|d| *d > 7), "an 8 or more went through defense 3: {all:?}");
}

#[test]
fn a_wall_shelters_a_monster_two_steps_from_the_centre() {
    let trace = play("fireball_wall.txt", "i a Enter j j Enter", &[]);
    assert_eq!(aims(&trace), [CENTRE]);
    let at = spawned(&trace);
    let sheltered = at.iter().find(|(_, p)| **p == (12, 5)).map(|(n, _)| n.clone()).unwrap();
    let open = at.iter().find(|(_, p)| **p == (10, 3)).map(|(n, _)| n.clone()).unwrap();
    assert_eq!(steps(at[&sheltered], CENTRE), 2);
    let burned: Vec<&str> = burns(&trace).iter().map(|b| b["target"].as_str().unwrap()).collect();
    assert_eq!(burned, [open.as_str()], "the orc in the open burned, the one behind the wall did not");
    let burst = &events(&trace, "fireball_burst")[0];
    assert_eq!(burst["cells"].as_i64(), Some(23), "the wall and the cell behind it are out of the burst");
}

/// `n` scrolls read and thrown one step east of the player, each time
/// answering yes to the question.
fn thrown_at_my_feet(n: usize) -> String {
    vec!["i a Enter l Enter y"; n].join(" ")
}

#[test]
fn the_reader_one_step_from_the_centre_burns_and_at_last_dies_of_their_own_fireball() {
    let trace = play("fireball_self.txt", &thrown_at_my_feet(6), &[]);
    let burned = burns(&trace);
    assert!(burned.len() >= 3 && burned.len() <= 5, "30 health lasts 3 to 5 burns of 6-10: {}", burned.len());
    let mut hp = 30;
    for b in &burned {
        assert_eq!((b["attacker"].as_str(), b["target"].as_str()), (Some("player"), Some("player")));
        let d = b["damage"].as_i64().unwrap();
        assert!((6..=10).contains(&d), "{b}");
        hp -= d;
    }
    assert!(hp <= 0, "the last burn took the last of the player's health");
    let death = events(&trace, "death");
    assert_eq!(death.len(), 1);
    assert_eq!((death[0]["who"].as_str(), death[0]["killer"].as_str()), (Some("player"), Some("your own fireball")));
    assert_eq!(events(&trace, "run_end")[0]["cause"], "killed by your own fireball");
    assert_eq!(aims(&trace).len(), burned.len(), "no scroll was read after death");
}

#[test]
fn the_blast_is_heard_once_after_every_burn() {
    let traces = [
        play("fireball_open.txt", "i a Enter n n n Enter", &[]),
        play("fireball_wall.txt", "i a Enter j j Enter", &[]),
        play("fireball_self.txt", &thrown_at_my_feet(3), &[]),
    ];
    for trace in &traces {
        let bursts = events(trace, "fireball_burst");
        assert!(!bursts.is_empty());
        for burst in bursts {
            let turn = &burst["turn"];
            let of_turn: Vec<&Value> = trace.iter().filter(|e| &e["turn"] == turn).collect();
            let pos = |pred: &dyn Fn(&Value) -> bool| of_turn.iter().position(|e| pred(e));
            let last_burn = of_turn.iter().rposition(|e| e["event"] == "attack" && e["kind"] == "fireball").unwrap();
            let noises: Vec<usize> = of_turn
                .iter()
                .enumerate()
                .filter(|(_, e)| e["event"] == "noise" && e["source"] == "fireball")
                .map(|(i, _)| i)
                .collect();
            assert_eq!(noises.len(), 1, "one noise per burst");
            assert!(noises[0] > last_burn, "the noise follows every burn");
            let noise = of_turn[noises[0]];
            assert_eq!(
                (noise["x"].clone(), noise["y"].clone(), noise["loudness"].as_i64()),
                (burst["x"].clone(), burst["y"].clone(), Some(15))
            );
            // use (effect fireball), then the burns, then the noise.
            let used = pos(&|e| e["event"] == "use" && e["effect"] == "fireball").unwrap();
            let first_burn = pos(&|e| e["event"] == "attack").unwrap();
            assert!(used < first_burn);
        }
    }
}

#[test]
fn firing_asks_first_when_the_player_is_in_the_burst_and_not_otherwise() {
    // The centre 2 steps east: the player is in the burst. Enter asks, and no shot is made.
    let asked = play("fireball_self.txt", "i a Enter l l Enter", &[]);
    assert!(aims(&asked).is_empty(), "Enter only asked");
    assert!(burns(&asked).is_empty());
    // `y` fires.
    let yes = play("fireball_self.txt", "i a Enter l l Enter y", &[]);
    assert_eq!(aims(&yes), [(4, 2)]);
    assert_eq!(burns(&yes).len(), 1);
    // Anything else holds the fire and aims again: Esc, then y, wastes the scroll.
    let no = play("fireball_self.txt", "i a Enter l l Enter n Esc y", &[]);
    assert!(aims(&no).is_empty() && burns(&no).is_empty());
    assert_eq!(events(&no, "action").iter().filter(|a| a["action"] == "cancel_aim").count(), 1);
    assert_eq!(turns(&no), 1);
    // Aimed 3 steps east, the burst stops short of the player: Enter fires at once.
    let away = play("fireball_self.txt", "i a Enter l l l Enter", &[]);
    assert_eq!(aims(&away), [(5, 2)]);
    assert!(burns(&away).is_empty(), "nobody in the burst");
    assert_eq!(events(&away, "noise").len(), 1);
    // And over a crowd 7 steps away, no question either.
    let crowd = play("fireball_open.txt", "i a Enter n n n Enter", &[]);
    assert_eq!(aims(&crowd), [CENTRE]);
}

#[test]
fn esc_after_reading_wastes_the_scroll_and_the_turn() {
    let trace = play("fireball_open.txt", "i a Enter Esc y i a Enter Esc y i a Enter Esc y", &[]);
    assert_eq!(events(&trace, "use").len(), 2, "two scrolls read; the third time the slot is empty");
    assert_eq!(events(&trace, "action").iter().filter(|a| a["action"] == "cancel_aim").count(), 2);
    assert!(burns(&trace).is_empty() && events(&trace, "fireball_burst").is_empty());
    assert_eq!(turns(&trace), 2, "each wasted scroll took its turn");
}

#[test]
fn the_fireball_plays_with_core_combat_alone() {
    let set = ["--plugins", "core_combat,fireball"];
    let trace = play("fireball_open.txt", "i a Enter n n n Enter", &set);
    assert_eq!(events(&trace, "run_start")[0]["plugins"], serde_json::json!(["core_combat", "fireball"]));
    assert_eq!(events(&trace, "use")[0]["effect"], "fireball");
    assert_eq!(aims(&trace), [CENTRE]);
    assert_eq!(burns(&trace).len(), 6);
    assert_eq!(events(&trace, "noise").iter().filter(|n| n["loudness"] == 15).count(), 1);
    let out = run(&["--plugins", "core_combat,fireball", "--list-plugins"]);
    let (listing, err) = text(&out);
    assert!(out.status.success(), "{err}");
    assert!(listing.contains("fireball 0.1.0") && listing.contains("ItemEffect: fireball"), "{listing}");
    assert!(listing.contains("scroll_of_fireball"), "{listing}");
    assert!(!listing.contains("ranged_combat"), "{listing}");
}

#[test]
fn every_event_a_fireball_writes_is_documented() {
    let doc = std::fs::read_to_string(root().join("docs/trace.md")).unwrap();
    let traces = [
        play("fireball_open.txt", "i a Enter n n n Enter i a Enter Esc y", &[]),
        play("fireball_self.txt", &thrown_at_my_feet(6), &[]),
    ];
    for e in traces.iter().flatten() {
        let name = e["event"].as_str().unwrap();
        assert!(doc.contains(&format!("| `{name}` |")), "docs/trace.md does not document `{name}`");
        if name == "action" {
            let action = e["action"].as_str().unwrap();
            assert!(doc.contains(&format!("`{action}`")), "docs/trace.md does not document the action `{action}`");
        }
    }
    for word in ["`fireball`", "`fireball_burst`", "your own fireball"] {
        assert!(doc.contains(word), "docs/trace.md does not mention {word}");
    }
}

// The showcase's burst (the four round the cell burn, the goblin behind the
// pillar and the orc do not) is checked by host/tests/checks/fireball_showcase.txt.

#[test]
fn the_bot_reads_fireballs_at_groups_and_never_burns_itself() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.jsonl");
    let out = run(&["--headless", "--bot", "20", "--seed", "1", "--trace", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&path);
    let bursts = events(&trace, "fireball_burst");
    assert!(!bursts.is_empty(), "the bot found a group to burn in 20 runs");
    assert!(bursts.iter().all(|b| b["caught"].as_i64().unwrap() >= 2), "only at groups");
    assert!(burns(&trace).iter().all(|b| b["target"] != "player"), "the bot stays out of its own bursts");
    let wasted = events(&trace, "action")
        .iter()
        .filter(|a| a["action"] == "cancel_aim" && a["item"] == "scroll_of_fireball")
        .count();
    assert_eq!(wasted, 0, "every scroll the bot read, it fired");
}
