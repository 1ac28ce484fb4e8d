//! The progression plugin in the game: kills give experience, a level
//! raises most health, the side panel says so, a save keeps it, and
//! without the plugin there is none of it.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep::drivers::play::save;
use emberdeep::drivers::play::scenario::game_from_scenario;
use emberdeep::front::app::App;
use emberdeep::front::keys::parse_keys;
use emberdeep_api::EntityId;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::loader::load_plugins;

/// The jackal corridor played with the plugins of `folder`, bumping east
/// 14 times. The data are the game's, but for progression's first level,
/// set to 20 experience (the shipped 60 would take more than four jackals).
fn fight(folder: &Path, trace: &Path) -> App {
    let plugins = Rc::new(load_plugins(folder, None).expect("the plugins load"));
    let data = tempfile::tempdir().unwrap();
    copy_dir(&root().join("data"), data.path());
    let settings = data.path().join("progression/progression.toml");
    let shipped = std::fs::read_to_string(&settings).unwrap();
    assert!(shipped.contains("\nxp_step = 65 "), "the shipped setting is where this test expects it");
    std::fs::write(&settings, shipped.replace("\nxp_step = 65 ", "\nxp_step = 20 ")).unwrap();
    let records = Rc::new(load_records(data.path(), &plugins.registered()).expect("the records load"));
    let trace = Trace::to_file(trace).expect("a trace file");
    let game = game_from_scenario(&scenario("jackal_pack.txt"), 1, plugins, records, trace).expect("the scenario");
    let mut app = App::with_host_views(game);
    for key in parse_keys("14*l").expect("keys") {
        app.press(key);
    }
    app
}

fn level_lines(app: &mut App) -> Vec<String> {
    app.model().panel.iter().map(|l| l.text.clone()).filter(|t| t.starts_with("Level")).collect()
}

fn finish(mut app: App, trace: &Path) -> Vec<serde_json::Value> {
    app.game.quit_run();
    app.take_trace().finish().expect("the trace is written");
    read_trace(trace)
}

#[test]
fn killing_jackals_reaches_level_2_with_more_health_and_says_so() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("progression")]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trace.jsonl");
    let mut app = fight(folder.path(), &path);
    assert!(app.game.player().hp > 0, "the player lived");
    assert_eq!(app.game.kills().get("jackal"), Some(&4), "all four jackals died");
    assert_eq!(app.game.player().max_hp, 35, "level 2: 30 + 5 most health");
    assert_eq!(level_lines(&mut app), ["Level 2, 32/60 xp"], "4 jackals of 8 each");
    let said: Vec<String> = app.game.log().messages().iter().map(|m| m.text.clone()).collect();
    assert!(said.iter().any(|m| m.starts_with("*** You reach level 2! Health ")), "{said:?}");
    let trace = finish(app, &path);
    let gains = events(&trace, "xp");
    assert_eq!(gains.len(), 4, "one xp event a kill");
    assert!(gains.iter().all(|g| g["source"] == "progression" && g["gain"] == 8 && g["from"] == "jackal"));
    let ups = events(&trace, "level_up");
    assert_eq!(ups.len(), 1);
    assert_eq!((ups[0]["level"].as_i64(), ups[0]["max_hp"].as_i64()), (Some(2), Some(35)));
}

#[test]
fn a_saved_and_continued_run_keeps_its_level_and_experience() {
    let folder = plugin_folder(&[first_party("core_combat"), first_party("progression")]);
    let dir = tempfile::tempdir().unwrap();
    let mut app = fight(folder.path(), &dir.path().join("trace.jsonl"));
    let before = level_lines(&mut app);
    let file = dir.path().join("save.json");
    save::save(&app.game, &file).expect("saved");
    let (plugins, records) = (app.game.plugins().clone(), app.game.records().clone());
    let game = save::load(&file, plugins, records, Trace::console()).expect("the save loads");
    assert_eq!(game.store().get(&(EntityId::PLAYER, "level".into())), Some(&2));
    assert_eq!(game.store().get(&(EntityId::PLAYER, "xp".into())), Some(&32));
    assert_eq!(game.player().max_hp, 35);
    assert_eq!(game.kills().get("jackal"), Some(&4), "the kills are saved for the morgue");
    let mut again = App::with_host_views(game);
    assert_eq!(level_lines(&mut again), before);
}

#[test]
fn without_the_plugin_there_is_no_level_and_no_more_health() {
    let folder = plugin_folder(&[first_party("core_combat")]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trace.jsonl");
    let mut app = fight(folder.path(), &path);
    assert_eq!(app.game.kills().get("jackal"), Some(&4));
    assert_eq!(app.game.player().max_hp, 30);
    assert!(level_lines(&mut app).is_empty(), "no level line on the panel");
    let trace = finish(app, &path);
    assert!(events(&trace, "xp").is_empty() && events(&trace, "level_up").is_empty());
}
