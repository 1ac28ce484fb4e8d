//! The three key tables agree: what the help lists for play (the host's
//! lines' `in_play` keys, and the keys the plugins list) is exactly what
//! play answers, through the app's play keys (`App::press`) and the
//! time-savers' (`autopilot::errand_for`). Every key a keyboard or a click
//! can give is pressed in play on a small game of its own; a key that play
//! does not answer says "Unknown key".

use abi_stable::sabi_trait::TD_Opaque;
use emberdeep_api::abi::HooksAbi_TO;
use emberdeep_api::author::Adapter;
use emberdeep_api::{Ctx, Hooks, KeyAnswer, KeyHelp, MessageKind, PluginResult};
use emberdeep_engine::plugins::boundary::Entry;

use super::HOST_KEYS;
use crate::front::aiming::tests::game_with;
use crate::front::app::{App, Mode};
use crate::front::keys::{parse_keys, Key};

/// A plugin's hooks that answer `L` and list it, so that the plugins' list
/// is part of the help the test reads.
struct Lantern;

impl Hooks for Lantern {
    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![KeyHelp::new("L", "items", "light the lantern")])
    }

    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        if key != 'L' {
            return Ok(KeyAnswer::Pass);
        }
        ctx.message("The lantern glows.", MessageKind::Info);
        Ok(KeyAnswer::Done(true))
    }
}

/// The aiming tests' game (a wand, two scrolls and an orb in the pack, on
/// an open floor) with the lantern's plugin, in play.
fn app() -> App {
    let game = game_with(&[], |plugins| {
        plugins.hooks.push(Entry::new("lantern", HooksAbi_TO::from_value(Adapter(Lantern), TD_Opaque)));
    });
    let app = App::with_host_views(game);
    assert_eq!(app.mode, Mode::Play);
    app
}

/// Every key the game can be given in play: the printable characters, the
/// named keys, the numpad, the function keys, and a click (on a floor
/// cell near the player; one stands for all). The mouse's hover is no key:
/// play drops it, aiming follows it.
fn every_key() -> Vec<Key> {
    let mut keys: Vec<Key> = (' '..='~').map(Key::Char).collect();
    keys.extend([
        Key::Tab,
        Key::Enter,
        Key::Esc,
        Key::Up,
        Key::Down,
        Key::Left,
        Key::Right,
        Key::PageUp,
        Key::PageDown,
        Key::Home,
        Key::End,
    ]);
    keys.extend((1..=9).map(Key::Numpad));
    keys.extend((1..=12).map(Key::F));
    keys.push(Key::Click(8, 10));
    keys
}

/// A key, with any click standing for every click.
fn kind(key: Key) -> Key {
    match key {
        Key::Click(..) => Key::Click(0, 0),
        other => other,
    }
}

/// Whether play answers `key`: pressed on a fresh game, it does not say
/// that it is unknown (the app says so for a key it has no use for, and
/// the engine for a character no plugin answers).
fn answered_in_play(key: Key) -> bool {
    let mut app = app();
    app.press(key);
    let unknown = format!("Unknown key '{key}'. Press ? for the keys.");
    !app.game.log().messages().iter().any(|m| m.text == unknown)
}

/// What the help lists for play: each key, with the line that lists it.
fn listed_for_play(app: &mut App) -> Vec<(Key, String)> {
    let mut listed = Vec::new();
    for line in HOST_KEYS {
        for key in parse_keys(line.in_play).unwrap_or_else(|e| panic!("{:?}: {e}", line.in_play)) {
            listed.push((kind(key), format!("the host's \"{}: {}\"", line.keys, line.what)));
        }
    }
    for k in app.game.plugin_keys() {
        let keys = parse_keys(k.help.key.as_str()).unwrap_or_else(|e| panic!("{}'s {:?}: {e}", k.plugin, k.help.key));
        for key in keys {
            listed.push((kind(key), format!("{}'s \"{}: {}\"", k.plugin, k.help.key, k.help.what)));
        }
    }
    listed
}

/// How a host line names `key` among its keys' words (`g or ,`, `arrows, numpad`).
fn named_in(keys: &str, key: Key) -> bool {
    let name = match key {
        Key::Char(c) => c.to_string(),
        Key::Numpad(_) => "numpad".into(),
        Key::Up | Key::Down | Key::Left | Key::Right => "arrows".into(),
        Key::Click(..) => "click".into(),
        other => other.to_string(),
    };
    keys.split_whitespace().map(|w| if w.len() > 1 { w.trim_end_matches(',') } else { w }).any(|w| w == name)
}

#[test]
fn every_key_the_help_lists_for_play_is_answered_there_and_every_key_play_answers_is_listed() {
    let listed = listed_for_play(&mut app());
    assert!(listed.iter().any(|(k, _)| *k == Key::Char('L')), "the plugin's key is listed: {listed:?}");
    let keys = every_key();
    for (key, line) in &listed {
        assert!(keys.iter().any(|k| kind(*k) == *key), "{line} lists {key}, which this test never presses");
    }
    let mut wrong = Vec::new();
    for key in keys {
        match (listed.iter().find(|(k, _)| *k == kind(key)), answered_in_play(key)) {
            (Some((_, line)), false) => wrong.push(format!("{key}: {line} lists it, but play does not answer it")),
            (None, true) => wrong.push(format!("{key}: play answers it, but the help lists it nowhere")),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "the help and the keys of play disagree:\n  {}", wrong.join("\n  "));
}

#[test]
fn each_host_line_names_the_keys_it_stands_for_in_play() {
    for line in HOST_KEYS {
        for key in parse_keys(line.in_play).expect("the keys notation") {
            assert!(
                named_in(line.keys, key),
                "the help's line \"{}\" stands for {key} but does not name it",
                line.keys
            );
        }
    }
}

#[test]
fn the_loaded_plugins_terrains_are_listed_last_under_terrain_with_their_plugin() {
    use super::{help_lines, TerrainHelp};
    let trap =
        TerrainHelp { glyph: '^', label: "a dart trap".into(), description: "A plate.".into(), plugin: "traps".into() };
    let rubble = TerrainHelp { glyph: ':', label: "rubble".into(), description: String::new(), plugin: "mines".into() };
    let lines: Vec<String> = help_lines(&[], &[trap, rubble]).into_iter().map(|l| l.text).collect();
    let heading = lines.iter().position(|l| l == "Terrain").unwrap_or_else(|| panic!("a Terrain group: {lines:?}"));
    let group = &lines[heading + 1..];
    assert_eq!(group.len(), 2, "one line each, the last group: {group:?}");
    assert!(group[0].trim_start().starts_with('^'), "{group:?}");
    assert!(group[0].contains("a dart trap: A plate. (traps)"), "{group:?}");
    assert!(group[1].trim_start().starts_with(':') && group[1].ends_with("rubble (mines)"), "{group:?}");
    let none: Vec<String> = help_lines(&[], &[]).into_iter().map(|l| l.text).collect();
    assert!(!none.iter().any(|l| l == "Terrain"), "no group without plugin terrains");
}

#[test]
fn a_terrain_its_plugin_declared_secret_is_left_out_of_the_help() {
    use emberdeep_api::{Look, Registrar, Rgba, TerrainSpec};
    use emberdeep_engine::plugins::registry::{Plugins, Registration};
    let mut reg = Registrar::new("lurkers", "0.1.0");
    let boulder = TerrainSpec::new("a boulder", Look::new('0', Rgba::rgb(120, 120, 120), "wall"), false, false);
    let moss = TerrainSpec::new("moss", Look::new('"', Rgba::rgb(40, 160, 40), "floor"), true, true);
    reg.terrain("lurker_boulder", boulder, ()).terrain("moss", moss, ()).secret_terrain("lurker_boulder");
    // Another plugin's terrain, or one nobody registered, cannot be made secret.
    reg.secret_terrain("dart_trap");
    let mut plugins = Plugins::default();
    plugins.add(Registration::from_registrar(reg), std::path::PathBuf::new()).expect("one plugin");
    let listed: Vec<String> = super::terrain_helps(&plugins).into_iter().map(|t| t.label).collect();
    assert_eq!(listed, ["moss"], "the boulder a lurker hides as is left out");
    assert_eq!(plugins.secret_terrains.len(), 1);
}
