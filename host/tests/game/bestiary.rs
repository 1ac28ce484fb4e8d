//! The bestiary plugin in whole games: bot runs with it (none stuck at the
//! turn limit, no one new monster the death of most), and its eels, which
//! need deep water: a walkable terrain that is `liquid` and `deep` (the
//! pond test plugin's `pond_water` stands in for the terrain plugin's).

use crate::common;

use std::collections::BTreeMap;

use common::*;

/// A record field's values, in the order of the bestiary's monster records.
fn bestiary_field(field: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("data/bestiary/monsters.toml")).unwrap();
    let prefix = format!("{field} = \"");
    text.lines().filter_map(|l| l.strip_prefix(prefix.as_str())).map(|l| l.trim_end_matches('"').to_string()).collect()
}

/// The bestiary's monster kinds.
fn bestiary_kinds() -> Vec<String> {
    bestiary_field("id")
}

/// How the death screen names a bestiary monster as the killer ("a viper").
fn killer_words() -> Vec<String> {
    bestiary_field("name")
        .iter()
        .map(|n| if "aeiou".contains(&n[..1]) { format!("an {n}") } else { format!("a {n}") })
        .collect()
}

/// `runs` bot runs from `seed` with `plugins`: the trace.
fn bot(plugins: &str, runs: &str, seed: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.jsonl");
    let out =
        run(&["--headless", "--plugins", plugins, "--bot", runs, "--seed", seed, "--trace", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out).1);
    read_trace(&path)
}

/// Each bot run ends (none at the turn limit), the bestiary's monsters
/// are met, and none of them is the death of more than a quarter of the
/// runs that ended in a death.
fn sane(trace: &[serde_json::Value], runs: usize) -> BTreeMap<String, usize> {
    let ends = events(trace, "run_end");
    assert_eq!(ends.len(), runs);
    let stuck = ends.iter().filter(|e| e["cause"] == "turn limit").count();
    assert_eq!(stuck, 0, "{stuck} of {runs} runs reached the turn limit");
    let kinds = bestiary_kinds();
    let mut killers: BTreeMap<String, usize> = BTreeMap::new();
    for d in events(trace, "death").iter().filter(|d| d["who"] == "player") {
        *killers.entry(d["killer"].as_str().unwrap_or_default().to_string()).or_default() += 1;
    }
    let deaths: usize = killers.values().sum();
    let ours = killer_words();
    assert_eq!(ours.len(), kinds.len());
    for (killer, n) in &killers {
        if ours.contains(killer) {
            assert!(n * 4 <= runs, "{killer} killed {n} of {runs} runs ({deaths} deaths): {killers:?}");
        }
    }
    let met: Vec<&str> = events(trace, "attack")
        .iter()
        .filter_map(|a| a["attacker"].as_str())
        .filter_map(|a| a.split('#').next())
        .filter(|k| kinds.iter().any(|x| x == k))
        .collect();
    assert!(met.len() > 50, "the bot meets the bestiary's monsters: {} blows", met.len());
    killers
}

#[test]
fn fifty_bot_runs_with_core_combat_and_the_bestiary_all_end_with_a_sane_spread_of_deaths() {
    let trace = bot("core_combat,bestiary", "50", "1");
    let killers = sane(&trace, 50);
    eprintln!("deaths: {killers:?}");
    // The level features lay war bands and mimics in fifty runs.
    let spawned =
        |kind: &str| events(&trace, "spawn").iter().any(|s| s["monster"].as_str().is_some_and(|m| m.starts_with(kind)));
    assert!(spawned("goblin_warchief#") && spawned("goblin_raider#"), "a war band was laid");
    assert!(events(&trace, "feature").iter().any(|f| f["feature"] == "mimic_lair"), "a mimic lay somewhere");
}

#[test]
fn fifty_bot_runs_with_every_combat_plugin_and_the_bestiary_all_end_with_a_sane_spread_of_deaths() {
    let trace = bot("core_combat,equipment,ranged_combat,fireball,bestiary", "50", "2");
    let killers = sane(&trace, 50);
    eprintln!("deaths: {killers:?}");
}

#[test]
fn an_eel_keeps_to_deep_water_and_bites_from_it() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("bestiary"), test_plugin("pond")]);
    let scen = scenario("bestiary_eel.txt");
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "check", scen.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", text(&out).0, text(&out).1);
}
