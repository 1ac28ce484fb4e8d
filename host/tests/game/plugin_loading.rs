//! Loading plugins as a player meets it: listing them, choosing a set, and
//! every way a plugin folder can be wrong, each with a message naming the
//! plugin at fault.

use crate::common;

use common::*;

#[test]
fn list_plugins_shows_core_combat_its_version_and_names_by_trait() {
    let out = run(&["--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("core_combat 0.1.0"), "{stdout}");
    assert!(stdout.contains("  MonsterBrain: melee"), "{stdout}");
    assert!(stdout.contains("  ItemEffect: heal"), "{stdout}");
}

#[test]
fn an_unknown_plugin_is_named_with_the_folder_searched() {
    let out = run(&["--plugins", "nosuchplugin", "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("nosuchplugin"), "{stderr}");
    assert!(stderr.contains(plugin_dir().to_str().unwrap()), "{stderr}");
}

#[test]
fn a_file_that_is_not_a_plugin_is_refused_by_name_and_the_rest_load() {
    let folder = plugin_folder(&[first_party("core_combat")]);
    std::fs::write(folder.path().join(lib_name("junk")), b"this is not a library").unwrap();
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("junk"), "the junk file is named: {stderr}");
    assert!(stdout.contains("core_combat 0.1.0"), "{stdout}");
}

#[test]
fn a_plugin_whose_register_panics_is_named_and_the_game_goes_on() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("panic_register")]);
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("panic_register"), "{stderr}");
    assert!(stderr.contains("fails on purpose"), "the panic's message is reported: {stderr}");
    assert!(stdout.contains("core_combat"), "{stdout}");
    assert!(!stdout.contains("panic_register 0.1.0"), "{stdout}");
}

#[test]
fn asking_by_name_for_a_plugin_that_panics_stops_the_start_with_its_name() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("panic_register")]);
    let dir = folder.path().to_str().unwrap();
    let out = run(&["--plugin-dir", dir, "--plugins", "core_combat,panic_register", "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("plugin 'panic_register'"), "{stderr}");
}

#[test]
fn two_plugins_registering_the_same_name_are_both_named() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("dup_melee")]);
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("'melee'"), "{stderr}");
    assert!(stderr.contains("core_combat") && stderr.contains("dup_melee"), "{stderr}");
}

#[test]
fn a_plugin_that_panics_mid_run_is_reported_and_the_run_survives() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("bad_bump")]);
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("t.jsonl");
    let scenario = scenario("jackal_then_goblin.txt");
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        "h h h h h 20*.",
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    let errors = events(&trace, "plugin_error");
    assert!(!errors.is_empty());
    assert_eq!(errors[0]["plugin"], "bad_bump");
    assert!(errors[0]["message"].as_str().unwrap().contains("trips over its own feet"));
    // The run went on: turns passed after the failure, and core_combat still fought.
    assert!(events(&trace, "attack").iter().any(|a| a["source"] == "core_combat"));
    assert!(events(&trace, "run_end")[0]["turns"].as_u64().unwrap() >= 10);
}

#[test]
fn with_no_plugins_300_turns_pass_without_a_single_attack() {
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("t.jsonl");
    // Walk about and wait: 300 turns of keys that each take a turn or bump a wall.
    let keys = "50*l 50*j 50*h 50*k 100*.";
    let out =
        run(&["--plugins", "", "--headless", "--seed", "3", "--keys", keys, "--trace", trace_path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    assert_eq!(events(&trace, "run_start")[0]["plugins"], serde_json::json!([]));
    assert!(events(&trace, "attack").is_empty());
    assert!(events(&trace, "spawn").iter().all(|s| s.get("monster").is_none()), "no monster without core_combat");
    let turns = events(&trace, "run_end")[0]["turns"].as_u64().unwrap();
    assert!(turns >= 100, "at least the 100 waits took turns, got {turns}");
}

#[test]
fn a_missing_or_too_old_dependency_stops_the_start_naming_both() {
    let alone = plugin_folder(&[test_plugin("addon")]);
    let out = run(&["--plugin-dir", alone.path().to_str().unwrap(), "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("plugin 'addon' needs 'core_combat' 0.1.0 or newer, which is not loaded"), "{stderr}");

    let old = plugin_folder(&[first_party("core_combat"), test_plugin("too_new")]);
    let out = run(&["--plugin-dir", old.path().to_str().unwrap(), "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(
        stderr.contains("plugin 'too_new' needs 'core_combat' 9.0.0 or newer, but core_combat is 0.1.0"),
        "{stderr}"
    );

    let fine = plugin_folder(&[first_party("core_combat"), test_plugin("addon")]);
    let out = run(&["--plugin-dir", fine.path().to_str().unwrap(), "--list-plugins"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let core = stdout.find("core_combat 0.1.0").expect("core_combat listed");
    let addon = stdout.find("addon 0.1.0").expect("addon listed");
    assert!(core < addon, "a plugin loads after what it needs: {stdout}");
}

#[test]
fn a_plugin_that_needs_ranged_combat_left_out_of_plugins_names_both() {
    let folder =
        plugin_folder(&[first_party("core_combat"), first_party("ranged_combat"), test_plugin("needs_ranged")]);
    let dir = folder.path().to_str().unwrap();
    let out = run(&["--plugin-dir", dir, "--plugins", "core_combat,needs_ranged", "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(
        stderr.contains("plugin 'needs_ranged' needs 'ranged_combat' 0.1.0 or newer, which is not loaded"),
        "{stderr}"
    );
    let out = run(&["--plugin-dir", dir, "--plugins", "core_combat,ranged_combat,needs_ranged", "--list-plugins"]);
    assert!(out.status.success(), "{}", text(&out).1);
}

/// The New Run screen's list (`catalog`): every plugin of the folder, a
/// file that is no plugin refused with why, a plugin whose need is missing
/// refused naming it; on the screen, the needer goes off with its need.
#[test]
fn the_new_run_screen_lists_every_plugin_and_each_refused_with_why() {
    use emberdeep::drivers::play::newrun::catalog;
    use emberdeep::front::newrun::NewRun;
    use emberdeep_engine::plugins::discovery::PluginFolders;
    let folder = plugin_folder(&[first_party("core_combat"), first_party("bestiary")]);
    std::fs::write(folder.path().join(lib_name("junk")), b"this is not a library").unwrap();
    // The player's folder: a package without its library.
    let player = tempfile::tempdir().unwrap();
    std::fs::create_dir(player.path().join("ghost")).unwrap();
    let rows = catalog(&PluginFolders::both(folder.path(), Some(player.path())), None).expect("listed");
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["bestiary", "core_combat", "ghost", "junk"]);
    assert!(rows[2].refused.as_deref().is_some_and(|why| why.contains("holds no library")), "{:?}", rows[2]);
    assert!(rows[3].refused.as_deref().is_some_and(|why| why.contains("not a shared library")), "{:?}", rows[3]);
    assert!(
        rows[1].description.as_deref().is_some_and(|d| !d.is_empty()),
        "the plugin's own description: {:?}",
        rows[1]
    );
    assert_eq!(rows[0].needs, [("core_combat".to_string(), "0.1.0".to_string())]);
    assert!(rows[0].brings.iter().any(|(what, n)| what == "monster brains" && *n > 0), "{:?}", rows[0].brings);
    assert_eq!(rows[1].from, folder.path().join(lib_name("core_combat")));
    let mut screen = NewRun::new(rows, Vec::new(), None, &["bestiary".to_string()]);
    assert_eq!(screen.chosen(), ["bestiary", "core_combat"], "bestiary brought what it needs");
    screen.toggle(1);
    assert!(screen.chosen().is_empty());
    assert!(screen.notes.contains(&"bestiary turned off: it needs core_combat".to_string()), "{:?}", screen.notes);

    let alone = plugin_folder(&[first_party("bestiary")]);
    let rows = catalog(&PluginFolders::game_only(alone.path()), None).expect("listed");
    assert_eq!(rows.len(), 1);
    let why = rows[0].refused.as_deref().expect("refused");
    assert!(why.contains("needs 'core_combat'"), "{why}");
}
