//! What the api gives a plugin, seen from the game: every death reaches the
//! plugins with the right killer; the bot goes by declared item roles; a
//! declared setting the records leave out reads as its default (1.2), and a
//! default outside its own range refuses the plugin; an item's card lines
//! and gear numbers are its effect's answers, and the player's level is
//! where a plugin declares it (1.2).

use crate::common;

use common::*;

/// Every first-party plugin, plus `extra`, in a fresh folder.
fn with_first_party(extra: &[std::path::PathBuf]) -> tempfile::TempDir {
    let mut files: Vec<_> =
        ["core_combat", "equipment", "fireball", "ranged_combat"].iter().map(|n| first_party(n)).collect();
    files.extend_from_slice(extra);
    plugin_folder(&files)
}

#[test]
fn a_plugin_hears_of_every_death_in_twenty_bot_runs_with_the_right_killer() {
    let folder = with_first_party(&[test_plugin("death_counter")]);
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("bot.jsonl");
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--bot",
        "20",
        "--seed",
        "3",
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    // Per run, what the host traced as `death` and what the plugin heard,
    // as (run, victim, killer) in the host's words.
    let (mut run_no, mut host, mut heard) = (0, Vec::new(), Vec::new());
    for e in &trace {
        match e["event"].as_str() {
            Some("run_start") => run_no += 1,
            Some("death") => host.push((run_no, e["who"].to_string(), e["killer"].as_str().unwrap().to_string())),
            Some("saw_death") => {
                assert_eq!(e["source"], "death_counter");
                let killer = if e["victim"] == "player" {
                    // The death screen's words: "a jackal", "an archer's arrow".
                    e["killed_by"].as_str().unwrap().to_string()
                } else {
                    e["killer"].as_str().unwrap().to_string()
                };
                heard.push((run_no, e["victim"].to_string(), killer));
            }
            _ => {}
        }
    }
    assert_eq!(run_no, 20);
    assert!(host.len() > 100, "twenty runs hold many deaths: {}", host.len());
    host.sort();
    heard.sort();
    assert_eq!(host.len(), heard.len(), "one event per death");
    assert_eq!(host, heard, "each death heard, with its killer");
    let deaths = events(&trace, "death");
    let player_deaths = deaths.iter().filter(|d| d["who"] == "player").count();
    assert!(player_deaths > 0, "some of the twenty runs end in a death");
}

/// Twenty bot runs with the frost test plugin, whose rod of static gives
/// damage numbers but declares no role; the trace.
fn bot_runs_with_the_rod() -> Vec<serde_json::Value> {
    let folder = with_first_party(&[test_plugin("frost")]);
    copy_dir(&root().join("host/tests/plugins/frost/data/frost"), &folder.path().join("frost"));
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("bot.jsonl");
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--bot",
        "20",
        "--seed",
        "1",
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    read_trace(&trace_path)
}

#[test]
fn the_bot_goes_by_declared_roles_and_leaves_a_rod_with_damage_numbers_alone() {
    let trace = bot_runs_with_the_rod();
    let picked =
        events(&trace, "action").into_iter().filter(|e| e["action"] == "pick_up" && e["item"] == "rod_of_static");
    assert!(picked.count() > 0, "the bot picks the rod up (anything without a role is worth carrying)");
    let used: Vec<_> = events(&trace, "use").into_iter().filter(|e| e["item"] == "rod_of_static").collect();
    assert!(used.is_empty(), "a rod that declares no role is never used: {used:?}");
    let at_limit = events(&trace, "run_end").iter().filter(|e| e["cause"] == "quit").count();
    assert!(at_limit <= 6, "the bot is not stuck: {at_limit} of 20 runs reached the turn limit");
    // With the first-party plugins it still uses what they declare.
    let effects: Vec<&str> = events(&trace, "use").iter().filter_map(|e| e["effect"].as_str()).collect();
    for effect in ["bow", "quiver", "lightning", "fireball", "heal", "wield", "wear"] {
        assert!(effects.contains(&effect), "the bot used no item with effect {effect}");
    }
    assert!(events(&trace, "action").iter().any(|e| e["action"] == "fire"), "it fires bows");
    assert!(events(&trace, "action").iter().any(|e| e["action"] == "throw"), "it throws darts");
}

#[test]
fn a_declared_setting_the_records_leave_out_reads_as_its_default() {
    let data = root().join("host/tests/plugins/settled/data/settled");
    let folder = plugin_folder_with_data(&[first_party("core_combat"), test_plugin("settled")], &[data]);
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("t.jsonl");
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--seed",
        "2",
        "--keys",
        "2*.",
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    let reads = events(&trace, "settings_read");
    assert_eq!(reads.len(), 2, "{reads:?}");
    for read in reads {
        // `lamp` is left out of the records: the host answers the declared
        // 7 across the boundary itself; `wick` is the records' 5, not the
        // declared 2; `oil` was never declared nor given.
        let got = ["lamp", "raw_lamp", "wick", "oil"].map(|k| read[k].as_i64());
        assert_eq!(got, [Some(7), Some(7), Some(5), Some(-1)], "{read}");
    }
}

#[test]
fn a_plugin_whose_setting_default_lies_outside_its_range_is_refused() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("bad_setting")]);
    let dir = folder.path().to_str().unwrap();
    let out = run(&["--plugin-dir", dir, "--plugins", "core_combat,bad_setting", "--headless", "--keys", "."]);
    assert!(!out.status.success(), "a plugin whose default its records could never give must not load");
    let (_, stderr) = text(&out);
    assert!(
        stderr.contains("plugin 'bad_setting'")
            && stderr.contains("its setting 'lamp' has the default 500, outside its range 0 to 100"),
        "{stderr}"
    );
}

/// A game of every first-party plugin and the shipped records, in process.
fn shipped_game() -> emberdeep_engine::Game {
    use std::rc::Rc;
    let plugins =
        Rc::new(emberdeep_engine::plugins::loader::load_plugins(&plugin_dir(), None).expect("the plugins load"));
    let records = emberdeep_engine::data::records::check::load_records(&root().join("data"), &plugins.registered())
        .expect("the records load");
    let trace = emberdeep_engine::data::trace::Trace::console();
    emberdeep_engine::Game::fresh(1, plugins, Rc::new(records), trace)
}

#[test]
fn an_items_card_says_what_its_effect_says_of_its_numbers() {
    let mut game = shipped_game();
    let card = |game: &mut emberdeep_engine::Game, kind: &str| {
        game.set_pack(emberdeep_engine::world::pack::Pack::new(26));
        let slot = game.add_to_pack(kind, 1).expect("room in the pack");
        game.item_facts(slot)
    };
    // The host's line for the role, then the effect's lines (the plugin's `facts`).
    let expected: [(&str, &[&str]); 9] = [
        ("healing_potion", &["Drink it to heal.", "Heals 20."]),
        ("dagger", &["A weapon to wield.", "Damage 1-4."]),
        ("long_sword", &["A weapon to wield.", "Damage 3-9."]),
        ("plate_armor", &["Armor to wear.", "Defense 5.", "Noisy: each step makes a noise of 6."]),
        ("short_bow", &["Ready it to shoot missiles with f.", "Damage 2-7.", "Range 8."]),
        ("darts", &["Throw it with t.", "Damage 1-3."]),
        ("scroll_of_lightning", &["Read it, then aim it at a target.", "Damage 8-14.", "Range 8."]),
        (
            "scroll_of_fireball",
            &[
                "Read it, then aim where it bursts.",
                "Damage 6-10.",
                "Range 8.",
                "Bursts 2 cells around where it lands.",
            ],
        ),
        (
            "arrows",
            &[
                "Missiles: use them to ready them; f fires them from the missile weapon readied.",
                "Using them fills the quiver; a ready bow fires them from it.",
                "Picked up, they go straight to the quiver if it holds their kind, or is empty with a bow ready.",
                "Not for throwing.",
            ],
        ),
    ];
    for (kind, lines) in expected {
        assert_eq!(card(&mut game, kind), lines, "{kind}'s card");
    }
    // A wand is zapped, not read, whoever made it.
    for wand in ["wand_of_slowing", "digging_wand"] {
        assert_eq!(
            card(&mut game, wand).first().map(String::as_str),
            Some("Zap it, then aim it at a target."),
            "{wand}"
        );
    }
}

#[test]
fn an_items_gear_is_what_its_effect_says_it_would_give() {
    let mut game = shipped_game();
    let mut gear = |kind: &str| {
        let g = game.item_gear(kind);
        (g.blow().map(|d| (d.min, d.max)), g.defense())
    };
    assert_eq!(gear("short_sword"), (Some((2, 6)), None));
    assert_eq!(gear("long_sword"), (Some((3, 9)), None));
    assert_eq!(gear("chain_mail"), (None, Some(3)));
    assert_eq!(gear("plate_armor"), (None, Some(5)));
    assert_eq!(gear("healing_potion"), (None, None), "no gear");
    assert_eq!(gear("short_bow"), (None, None), "a bow is not wielded");
    assert_eq!(gear("no_such_kind"), (None, None));
}

#[test]
fn the_players_level_is_where_progression_declares_it_and_absent_without_it() {
    use emberdeep_api::EntityId;
    let mut game = shipped_game();
    assert_eq!(game.player_level(), Some(1), "declared, nothing stored yet: its least");
    game.set_stored(EntityId::PLAYER, "level", 4);
    assert_eq!(game.player_level(), Some(4));
    let without = std::rc::Rc::new(
        emberdeep_engine::plugins::loader::load_plugins(&plugin_dir(), Some(&["core_combat".to_string()])).unwrap(),
    );
    let records =
        emberdeep_engine::data::records::check::load_records(&root().join("data"), &without.registered()).unwrap();
    let game = emberdeep_engine::Game::fresh(
        1,
        without,
        std::rc::Rc::new(records),
        emberdeep_engine::data::trace::Trace::console(),
    );
    assert_eq!(game.player_level(), None, "no loaded plugin declares a level");
}
