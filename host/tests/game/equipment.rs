//! The equipment plugin as a player meets it: wielding and wearing from the
//! pack (a full one too), blows that follow the weapon in hand, armor that
//! softens every blow, noisy plate, the drop rule for things that do not
//! stack, the bot's choices, and a game without the plugin that never shows
//! a weapon or armor.

use crate::common;

use std::collections::BTreeMap;

use common::*;
use serde_json::Value;

/// Plays `keys` on a scenario with the given extra arguments; returns the trace.
fn play(scenario_name: &str, keys: &str, extra: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("trace.jsonl");
    let scenario = scenario(scenario_name);
    let mut args = vec![
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        keys,
        "--trace",
        trace_path.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "{}", text(&out).1);
    read_trace(&trace_path)
}

/// The `action` events of one kind.
fn actions<'a>(trace: &'a [Value], action: &str) -> Vec<&'a Value> {
    events(trace, "action").into_iter().filter(|e| e["action"] == action).collect()
}

/// The `use` events' items, in order.
fn used_items(trace: &[Value]) -> Vec<String> {
    events(trace, "use").iter().map(|e| e["item"].as_str().unwrap().to_string()).collect()
}

/// The number of a JSON field.
fn num(v: &Value, field: &str) -> i64 {
    v[field].as_i64().unwrap_or_else(|| panic!("{field} in {v}"))
}

/// Every record id in a plugin's data folder, by the TOML table it is in (`monster`, `item`).
fn records(plugin: &str, table: &str) -> Vec<toml::Value> {
    let dir = root().join("data").join(plugin);
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let doc: toml::Value = toml::from_str(&text).unwrap();
        if let Some(list) = doc.get(table).and_then(|t| t.as_array()) {
            found.extend(list.iter().cloned());
        }
    }
    found
}

/// A monster kind's numbers from core_combat's and ranged_combat's records.
#[derive(Debug, Clone, Copy)]
struct Kind {
    defense: i64,
    damage: (i64, i64),
}

/// Every monster kind by id.
fn monster_kinds() -> BTreeMap<String, Kind> {
    let int = |v: &toml::Value| v.as_integer().unwrap();
    let mut monsters = records("core_combat", "monster");
    monsters.extend(records("ranged_combat", "monster"));
    monsters
        .iter()
        .map(|m| {
            let damage = m["damage"].as_array().unwrap();
            let defense = m.get("defense").map_or(0, int);
            (m["id"].as_str().unwrap().to_string(), Kind { defense, damage: (int(&damage[0]), int(&damage[1])) })
        })
        .collect()
}

/// The kind of a traced creature (`kobold#3`).
fn kind_of(kinds: &BTreeMap<String, Kind>, traced: &str) -> Kind {
    let kind = traced.split('#').next().unwrap();
    *kinds.get(kind).unwrap_or_else(|| panic!("no record for {traced}"))
}

/// The ids of a plugin's item records.
fn item_ids(plugin: &str) -> Vec<String> {
    records(plugin, "item").iter().map(|i| i["id"].as_str().unwrap().to_string()).collect()
}

/// The damage a blow of `min..=max` can do against `defense`: max(1, roll - defense).
fn blow_range(min: i64, max: i64, defense: i64) -> std::ops::RangeInclusive<i64> {
    (min - defense).max(1)..=(max - defense).max(1)
}

#[test]
fn list_plugins_shows_equipment_its_names_and_records() {
    let out = run(&["--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let section = stdout.split("equipment 0.1.0").nth(1).unwrap_or_else(|| panic!("no equipment: {stdout}"));
    assert!(section.contains("  ItemEffect: wear, wield"), "{stdout}");
    assert!(section.contains("  Hooks: registered"), "{stdout}");
    for item in ["dagger (weapon)", "short_sword (weapon)", "spear (weapon)", "mace (weapon)", "long_sword (weapon)"] {
        assert!(section.contains(item), "{item}: {stdout}");
    }
    for item in ["leather_armor (armor)", "chain_mail (armor)", "plate_armor (armor)"] {
        assert!(section.contains(item), "{item}: {stdout}");
    }
}

#[test]
fn the_player_starts_wielding_a_short_sword_and_hits_for_2_6() {
    // With equipment: the short sword's 2-6 from the first turn; without it: core_combat's own 2-6.
    for plugins in ["core_combat,equipment", "core_combat"] {
        let trace = play("jackal_then_goblin.txt", "h h h h h", &["--plugins", plugins]);
        let blows: Vec<_> = events(&trace, "attack").into_iter().filter(|a| a["attacker"] == "player").collect();
        assert!(!blows.is_empty() && num(blows[0], "turn") == 0, "the first blow is on turn 0");
        for b in blows {
            assert!((2..=6).contains(&num(b, "damage")), "{plugins}: {b} against a jackal (defense 0)");
        }
    }
    // The first weapon wielded sends the short sword back to the pack, where it can be wielded again.
    let trace = play("weapon_drop.txt", "i a Enter i a Enter", &[]);
    assert_eq!(used_items(&trace), ["long_sword", "short_sword"]);
}

#[test]
fn a_wielded_long_sword_decides_every_later_blow() {
    let trace = play("long_sword_fight.txt", &format!("l g i a Enter {}", "l ".repeat(30)), &[]);
    assert_eq!(actions(&trace, "pick_up")[0]["item"], "long_sword");
    let uses = events(&trace, "use");
    assert_eq!(uses.len(), 1);
    assert_eq!((uses[0]["item"].as_str(), uses[0]["effect"].as_str()), (Some("long_sword"), Some("wield")));
    assert_eq!(uses[0]["source"], "equipment");
    let wielded_on = num(uses[0], "turn");

    // What the panel's "Damage 3-9" is made from: the plugin's derived blow.
    let wielded =
        events(&trace, "log").into_iter().find(|l| l["message"] == "wielded").expect("the plugin says what it wielded");
    assert_eq!((num(wielded, "damage_min"), num(wielded, "damage_max")), (3, 9));

    let kinds = monster_kinds();
    let blows: Vec<_> = events(&trace, "attack").into_iter().filter(|a| a["attacker"] == "player").collect();
    assert!(blows.len() >= 8, "the player fought: {} blows", blows.len());
    let mut beyond_short_sword = 0;
    for b in &blows {
        assert!(num(b, "turn") > wielded_on);
        let def = kind_of(&kinds, b["target"].as_str().unwrap()).defense;
        let d = num(b, "damage");
        assert!(blow_range(3, 9, def).contains(&d), "a blow of {d} against defense {def} is outside 3-9");
        if d > 6 - def {
            beyond_short_sword += 1;
        }
    }
    assert!(beyond_short_sword > 0, "some blow went beyond what the short sword can do");
}

#[test]
fn swaps_with_a_full_pack_lose_nothing() {
    // Pack: a long sword, b..y daggers, z plate armor; a potion lies east.
    let trace = play("full_pack_swap.txt", "i a Enter i a Enter i a Enter l g i z Enter g i a Enter i y Enter", &[]);
    assert_eq!(
        used_items(&trace),
        ["long_sword", "short_sword", "long_sword", "plate_armor", "short_sword", "dagger"],
        "each wield put the old weapon back in the freed slot a, and the daggers stayed"
    );
    let effects: Vec<_> = events(&trace, "use").iter().map(|e| e["effect"].as_str().unwrap().to_string()).collect();
    assert_eq!(effects, ["wield", "wield", "wield", "wear", "wield", "wield"]);
    // Each use took a turn of its own.
    let turns: Vec<i64> = events(&trace, "use").iter().map(|e| num(e, "turn")).collect();
    assert_eq!(turns, [0, 1, 2, 4, 6, 7]);
    // After the swaps the pack was still full, so the potion stayed on the
    // floor; wearing the plate freed slot z, and then it fitted.
    let picked = actions(&trace, "pick_up");
    assert_eq!(picked.len(), 1);
    assert_eq!((picked[0]["item"].as_str(), num(picked[0], "turn")), (Some("healing_potion"), 5));
    assert!(events(&trace, "plugin_error").is_empty());
}

#[test]
fn plate_makes_defense_5_and_every_monster_blow_loses_5() {
    let trace = play("plate_ogre.txt", "i a Enter 25*.", &[]);
    let worn =
        events(&trace, "log").into_iter().find(|l| l["message"] == "worn").expect("the plugin says what it wore");
    assert_eq!(worn["item"], "plate_armor");
    assert_eq!(num(worn, "defense"), 5, "the equipment chapter: plate armor takes 5 off every blow");
    let blows: Vec<_> = events(&trace, "attack").into_iter().filter(|a| a["target"] == "player").collect();
    assert!(blows.len() >= 10, "the ogre fought: {} blows", blows.len());
    let damage: Vec<i64> = blows.iter().map(|b| num(b, "damage")).collect();
    assert!(damage.iter().all(|d| blow_range(3, 8, 5).contains(d)), "ogre 3-8 against plate: {damage:?}");
    assert!(damage.iter().any(|d| *d > 1), "a roll above 6 shows through the plate: {damage:?}");

    // The same ogre against no armor: 3-8 in full.
    let bare = play("plate_ogre.txt", "25*.", &[]);
    let bare: Vec<i64> =
        events(&bare, "attack").into_iter().filter(|a| a["target"] == "player").map(|b| num(b, "damage")).collect();
    assert!(!bare.is_empty() && bare.iter().all(|d| (3..=8).contains(d)), "{bare:?}");
}

#[test]
fn three_steps_in_plate_make_three_noises_and_waiting_none() {
    let trace = play("plate_steps.txt", "i a Enter l l l . . .", &[]);
    let noises = events(&trace, "noise");
    assert_eq!(noises.len(), 3, "{noises:?}");
    let moves = actions(&trace, "move");
    for (noise, step) in noises.iter().zip(&moves) {
        assert_eq!(noise["source"], "equipment");
        assert_eq!(num(noise, "loudness"), 6);
        assert_eq!(
            (num(noise, "x"), num(noise, "y"), num(noise, "turn")),
            (num(step, "x"), num(step, "y"), num(step, "turn"))
        );
    }
    assert_eq!(actions(&trace, "wait").len(), 3);

    // Plate carried in the pack makes no sound.
    let carried = play("plate_steps.txt", "l l l . . .", &[]);
    assert!(events(&carried, "noise").is_empty());
}

#[test]
fn a_step_in_plate_wakes_a_sleeper_3_steps_away_but_not_one_5_away() {
    let trace = play("plate_sleepers.txt", "i a Enter l 5*.", &[]);
    let spawned = |x: i64| {
        events(&trace, "spawn").into_iter().find(|s| num(s, "x") == x).unwrap()["monster"].as_str().unwrap().to_string()
    };
    let (near, far) = (spawned(5), spawned(7));
    let wakes = events(&trace, "wake");
    assert_eq!(wakes.len(), 1, "{wakes:?}");
    assert_eq!(wakes[0]["monster"], near.as_str());
    assert_eq!(wakes[0]["cause"], "noise");
    assert_eq!(wakes[0]["source"], "equipment");
    assert!(wakes.iter().all(|w| w["monster"] != far.as_str()));

    // Without the plate on, the same step wakes nobody.
    let quiet = play("plate_sleepers.txt", "l 5*.", &[]);
    assert!(events(&quiet, "wake").is_empty());
}

#[test]
fn a_weapon_cannot_be_dropped_onto_an_occupied_cell_and_that_takes_no_turn() {
    // East onto the potion; drop (refused); back west; drop (done); drop the other sword there (refused).
    let trace = play("weapon_drop.txt", "l d a h d a d b", &[]);
    let drops = actions(&trace, "drop");
    assert_eq!(drops.len(), 1);
    assert_eq!((drops[0]["item"].as_str(), num(drops[0], "turn")), (Some("long_sword"), 2));
    let back_west = &actions(&trace, "move")[1];
    assert_eq!((num(back_west, "x"), num(back_west, "turn")), (1, 1), "the refused drop took no turn");
    assert_eq!(num(events(&trace, "run_end")[0], "turns"), 3);
}

#[test]
fn two_long_swords_take_two_slots() {
    // The pack holds two long swords (a, b); two more lie east, one to a cell.
    let trace = play("weapon_drop.txt", "l l l g l g i c Enter i d Enter i e Enter", &[]);
    let picked = actions(&trace, "pick_up");
    assert_eq!(picked.len(), 2);
    assert!(picked.iter().all(|p| p["item"] == "long_sword" && p["count"] == 1));
    assert_eq!(used_items(&trace), ["long_sword", "long_sword"], "slots c and d hold a long sword each; e is empty");
}

#[test]
fn without_equipment_no_weapon_or_armor_appears_in_50_bot_runs_and_blows_are_2_6() {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("bot.jsonl");
    let out = run(&[
        "--plugins",
        "core_combat",
        "--headless",
        "--bot",
        "50",
        "--seed",
        "1",
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    assert_eq!(events(&trace, "run_start").len(), 50);

    let gear = item_ids("equipment");
    assert!(gear.contains(&"long_sword".to_string()));
    let core_items = item_ids("core_combat");
    for rec in records("core_combat", "item") {
        assert!(![")", "["].contains(&rec["glyph"].as_str().unwrap()), "core_combat brings no weapon or armor glyph");
    }
    let items_seen: Vec<&str> = trace.iter().filter_map(|e| e.get("item").and_then(Value::as_str)).collect();
    assert!(!items_seen.is_empty());
    for item in items_seen {
        assert!(!gear.iter().any(|g| g == item), "{item} appeared without the equipment plugin");
        assert!(core_items.iter().any(|c| c == item), "{item} is not core_combat's");
    }

    let kinds = monster_kinds();
    let blows: Vec<_> = events(&trace, "attack").into_iter().filter(|a| a["attacker"] == "player").collect();
    assert!(blows.len() > 100);
    for b in blows {
        let def = kind_of(&kinds, b["target"].as_str().unwrap()).defense;
        let d = num(b, "damage");
        assert!(blow_range(2, 6, def).contains(&d), "a blow of {d} against defense {def} is outside 2-6");
    }
}

#[test]
fn the_bot_wields_and_wears_only_what_is_better_and_its_blows_follow_the_hand() {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("bot.jsonl");
    // The plugins whose blows this test knows (stealth would triple some,
    // and the bestiary's monsters have records of their own).
    let set = "core_combat,equipment,ranged_combat,fireball,progression";
    let args = ["--headless", "--plugins", set, "--bot", "20", "--seed", "1", "--trace"];
    let out = run(&[&args[..], &[trace_path.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    let kinds = monster_kinds();
    let (mut wields, mut wears, mut blows) = (0, 0, 0);
    // Each run starts with a short sword (2-6) and no armor.
    let (mut hand, mut defense) = ((2, 6), 0);
    for e in &trace {
        match (e["event"].as_str().unwrap(), e["message"].as_str()) {
            ("run_start", _) => (hand, defense) = ((2, 6), 0),
            ("log", Some("wielded")) => {
                let now = (num(e, "damage_min"), num(e, "damage_max"));
                assert!(now.0 + now.1 > hand.0 + hand.1, "the bot swapped {hand:?} for the worse {now:?}");
                hand = now;
                wields += 1;
            }
            // A level's strength (progression) adds to both ends of the blow;
            // a `wielded` event's numbers already hold the strength so far.
            ("level_up", _) => {
                let gain = num(e, "strength_gain");
                hand = (hand.0 + gain, hand.1 + gain);
            }
            ("log", Some("worn")) => {
                assert!(num(e, "defense") > defense, "the bot wore worse armor: {e}");
                defense = num(e, "defense");
                wears += 1;
            }
            // Blows only: shots from afar (ranged_combat) follow their own rules.
            ("attack", _) if e["kind"] != "melee" => {}
            ("attack", _) if e["attacker"] == "player" => {
                let def = kind_of(&kinds, e["target"].as_str().unwrap()).defense;
                let d = num(e, "damage");
                assert!(blow_range(hand.0, hand.1, def).contains(&d), "{d} against {def} with {hand:?}");
                blows += 1;
            }
            ("attack", _) if e["target"] == "player" => {
                let (min, max) = kind_of(&kinds, e["attacker"].as_str().unwrap()).damage;
                assert!(blow_range(min, max, defense).contains(&num(e, "damage")), "{e} against defense {defense}");
            }
            _ => {}
        }
    }
    assert!(wields > 0 && wears > 0, "the bot found and used better gear: {wields} wields, {wears} wears");
    assert!(blows > 100);
}

#[test]
fn plate_taken_off_with_t_is_silent_again_and_the_sword_put_away_leaves_fists() {
    // Wear the plate (a turn), take it off (a turn), step: no noise. Then `-`
    // puts the short sword away (a turn), and a second `-` says so (no turn).
    let trace = play("plate_steps.txt", "i a Enter T l - - l", &[]);
    let said = |message: &str| -> Vec<Value> {
        events(&trace, "log").into_iter().filter(|e| e["message"] == message).cloned().collect()
    };
    let taken = said("taken_off");
    assert_eq!(taken.len(), 1, "{taken:?}");
    assert_eq!((taken[0]["item"].as_str(), num(&taken[0], "defense")), (Some("plate_armor"), 0));
    assert!(events(&trace, "noise").is_empty(), "no plate on: silent steps");
    let away = said("put_away");
    assert_eq!(away.len(), 1, "the second - finds nothing in hand: {away:?}");
    assert_eq!((num(&away[0], "damage_min"), num(&away[0], "damage_max")), (1, 2), "bare fists");
    let keys: Vec<&str> = actions(&trace, "key").iter().filter_map(|a| a["key"].as_str()).collect();
    assert_eq!(keys, ["T", "-"], "the host traces each key a plugin played");
    let end = events(&trace, "run_end");
    assert_eq!(num(end[0], "turns"), 5, "wear, take off, step, put away, step: the second - took no turn");
}
