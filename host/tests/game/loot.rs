//! Loot by records: a monster drops what its record `carries`, each entry
//! with its `chance` rolled when the monster is made; and `[[carried_by]]`,
//! by which one plugin's records give its items to another plugin's
//! monsters (equipment's dagger to core_combat's goblin) without either
//! needing the other (docs/records.md).

use crate::common;

use std::path::Path;

use common::*;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::plugins::loader::load_plugins;

/// The records of the shipped data (or `data`) with the plugins `names`.
fn records(names: &[&str], data: Option<&Path>) -> Result<emberdeep_engine::data::records::Records, String> {
    let wanted: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let plugins = load_plugins(&plugin_dir(), Some(&wanted)).expect("the plugins load");
    let data = data.map_or_else(|| root().join("data"), Path::to_path_buf);
    load_records(&data, &plugins.registered()).map_err(|e| e.to_string())
}

fn carries(r: &emberdeep_engine::data::records::Records, monster: &str) -> Vec<(String, u32, u32)> {
    r.monsters[monster].carries.iter().map(|c| (c.item.clone(), c.count, c.chance)).collect()
}

#[test]
fn equipment_gives_core_combats_monsters_its_weapons_only_when_both_are_loaded() {
    let both = records(&["core_combat", "equipment"], None).unwrap();
    assert_eq!(carries(&both, "goblin"), [("dagger".to_string(), 1, 20)]);
    assert_eq!(carries(&both, "kobold"), [("dagger".to_string(), 1, 15)]);
    assert_eq!(carries(&both, "orc"), [("mace".to_string(), 1, 15)]);
    let alone = records(&["core_combat"], None).unwrap();
    assert!(carries(&alone, "goblin").is_empty(), "without equipment a goblin carries nothing");
    let other = records(&["equipment"], None).unwrap();
    assert!(!other.monsters.contains_key("goblin"), "without core_combat its entries are left out, no error");
    let archers = records(&["ranged_combat"], None).unwrap();
    assert_eq!(carries(&archers, "archer"), [("short_bow".to_string(), 1, 25), ("arrows".to_string(), 4, 50)]);
}

#[test]
fn a_bad_chance_or_an_unknown_carried_item_is_refused_naming_the_file() {
    let data = data_with("equipment/loot.toml", |t| t.replacen("chance = 15", "chance = 101", 1));
    let e = records(&["core_combat", "equipment"], Some(data.path())).unwrap_err();
    assert!(e.contains("loot.toml") && e.contains("carried_by.chance") && e.contains("101"), "{e}");
    let data = data_with("equipment/loot.toml", |t| t.replacen("item = \"mace\"", "item = \"maze\"", 1));
    let e = records(&["core_combat", "equipment"], Some(data.path())).unwrap_err();
    assert!(e.contains("loot.toml") && e.contains("no loaded record has an item \"maze\""), "{e}");
    let data = data_with("ranged_combat/monsters.toml", |t| t.replacen("chance = 25", "chance = -1", 1));
    let e = records(&["ranged_combat"], Some(data.path())).unwrap_err();
    assert!(e.contains("carries.chance"), "{e}");
    let data = data_with("equipment/loot.toml", |t| t.replacen("monster = \"orc\"", "monster = \"nobody\"", 1));
    let r = records(&["core_combat", "equipment"], Some(data.path())).unwrap();
    assert!(carries(&r, "orc").is_empty(), "a monster no plugin has is left out");
}

const GOBLIN: &str = "// A goblin beside the player, killed; what it carried lies there.
[map]
#######
#.@g..#
#######
[legend]
g = monster goblin hunting
[options]
seed = 3
[keys]
l l l l l l l l l l
[expect]
event item_given item=dagger to=goblin#1 source=host
event death who=goblin#1 killer=player
event item_dropped item=dagger by=goblin#1
";

#[test]
fn a_goblin_always_carrying_a_dagger_drops_it_where_it_dies() {
    let data = data_with("equipment/loot.toml", |t| t.replacen("chance = 20", "chance = 100", 1));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("goblin.txt");
    std::fs::write(&file, GOBLIN).unwrap();
    let (file, data) = (file.to_str().unwrap(), data.path().to_str().unwrap());
    let args = ["--plugins", "core_combat,equipment", "--data-dir", data, "check", file];
    let out = run(&args);
    assert!(out.status.success(), "{}{}", text(&out).0, text(&out).1);
    // With the shipped chance of 0, never.
    let never = data_with("equipment/loot.toml", |t| t.replacen("chance = 20", "chance = 0", 1));
    let args = ["--plugins", "core_combat,equipment", "--data-dir", never.path().to_str().unwrap(), "check", file];
    let out = run(&args);
    assert!(!out.status.success(), "a goblin that never carries a dagger drops none");
    assert!(text(&out).0.contains("item_given item=dagger"), "{}", text(&out).0);
}

#[test]
fn the_chance_is_rolled_for_each_monster_from_the_runs_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("bot.jsonl");
    let args = ["--plugins", "core_combat,equipment", "--bot", "8", "--seed", "4", "--jobs", "2"];
    let out = run(&[&args[..], &["--trace", trace.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let events = read_trace(&trace);
    let goblins = common::events(&events, "spawn")
        .iter()
        .filter(|e| e["monster"].as_str().is_some_and(|m| m.starts_with("goblin#")))
        .count();
    let armed = common::events(&events, "item_given")
        .iter()
        .filter(|e| e["item"] == "dagger" && e["to"].as_str().is_some_and(|m| m.starts_with("goblin#")))
        .count();
    assert!(goblins >= 40, "enough goblins to see the chance: {goblins}");
    let share = armed as f64 / goblins as f64;
    assert!((0.08..=0.35).contains(&share), "{armed} of {goblins} goblins carry a dagger, not about 20%");
    let dropped = common::events(&events, "item_dropped")
        .iter()
        .filter(|e| e["item"] == "dagger" && e["by"].as_str().is_some_and(|m| m.starts_with("goblin#")))
        .count();
    assert!(dropped > 0 && dropped <= armed, "goblins killed drop their daggers: {dropped} of {armed}");
}
