//! What the first-party plugins bring together, and that each stands on
//! its own: the counts a player choosing "every plugin" gets, and a bot
//! test of every first-party plugin loaded alone on top of core_combat.

use crate::common;

use common::{first_party_names, run, text};

/// Every name listed under `label:` in `--list-plugins`, over all plugins.
fn listed(listing: &str, label: &str) -> Vec<String> {
    let prefix = format!("  {label}: ");
    listing
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .flat_map(|names| names.split(", ").map(|n| n.split(' ').next().unwrap_or(n).to_string()))
        .collect()
}

fn listing(plugins: Option<&str>) -> String {
    let mut args = vec!["--list-plugins"];
    if let Some(set) = plugins {
        args.extend(["--plugins", set]);
    }
    let out = run(&args);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    stdout
}

#[test]
fn every_first_party_plugin_together_makes_a_varied_dungeon() {
    let all = listing(None);
    let monsters = listed(&all, "monsters");
    let items = listed(&all, "items");
    let pieces = listed(&all, "map pieces");
    let generators = listed(&all, "LevelGen");
    assert!(monsters.len() >= 24, "{} monster kinds: {monsters:?}", monsters.len());
    assert!(items.len() >= 25, "{} item kinds: {items:?}", items.len());
    assert!(pieces.len() >= 12, "{} map pieces: {pieces:?}", pieces.len());
    // The game's own rooms and corridors, and at least one plugin's floors.
    assert!(!generators.is_empty(), "no plugin makes floors of its own:\n{all}");
}

/// The plugins `name` needs, as `--list-plugins` names them, and theirs.
fn with_needs(all: &str, name: &str, set: &mut Vec<String>) {
    if set.iter().any(|s| s == name) {
        return;
    }
    set.push(name.to_string());
    let mut lines = all.lines().skip_while(|l| !l.starts_with(&format!("{name} ")));
    lines.next();
    for line in lines.take_while(|l| l.starts_with("  ")) {
        if let Some(needs) = line.strip_prefix("  needs: ") {
            for need in needs.split(", ").filter(|n| *n != "nothing") {
                let need = need.split(' ').next().unwrap_or(need).to_string();
                with_needs(all, &need, set);
            }
        }
    }
}

#[test]
fn each_first_party_plugin_alone_on_core_combat_plays_to_the_end() {
    let all = listing(None);
    for plugin in first_party_names().iter().filter(|p| *p != "core_combat") {
        let mut set = vec!["core_combat".to_string()];
        with_needs(&all, plugin, &mut set);
        let set = set.join(",");
        let out = run(&["--headless", "--plugins", &set, "--bot", "12", "--seed", "7", "--jobs", "2"]);
        let (summary, stderr) = text(&out);
        assert!(out.status.success(), "{set}: {stderr}");
        assert!(summary.contains("runs: 12"), "{set}:\n{summary}");
        let stalled = summary
            .lines()
            .find(|l| l.contains("survived (turn limit"))
            .map_or(0, |l| l.split_whitespace().next().and_then(|n| n.parse::<usize>().ok()).unwrap_or(0));
        assert_eq!(stalled, 0, "with '{set}' a run stalled to the turn limit:\n{summary}");
    }
}
