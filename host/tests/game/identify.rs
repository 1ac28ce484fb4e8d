//! The identify plugin in whole games: the looks come from the run's seed
//! (the same seed, the same looks; another, others), what is known is kept
//! in a save, without the plugin every item has its true name, and the bot
//! plays runs with unknown items to their end. Each rule of its own is held
//! by a scenario check, `checks/identify_*.txt`.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;

/// A scenario: two potions of haste, a scroll of teleportation and a potion
/// of vigor on the floor, picked up; its pack expectation never holds, so
/// `check` prints what the pack holds.
fn pack_scenario(dir: &Path, seed: u64) -> PathBuf {
    let text = format!(
        "[map]\n#########\n#@!.....#\n#########\n[legend]\n! = item potion_of_vigor\n[pack]\npotion_of_haste 2\n\
         scroll_of_teleportation\n[options]\nseed = {seed}\n[keys]\nl g\n[expect]\npack \"no such name\"\n"
    );
    let path = dir.join(format!("pack{seed}.txt"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The pack's names at the end of `pack_scenario` run with `plugins`.
fn pack_names(dir: &Path, seed: u64, plugins: &str) -> String {
    let file = pack_scenario(dir, seed);
    let out = run(&["--plugins", plugins, "check", file.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    let all = format!("{stdout}{stderr}");
    let line = all.lines().find(|l| l.contains("it holds:")).unwrap_or_else(|| panic!("{all}"));
    line.split("it holds:").nth(1).unwrap().trim().to_string()
}

const WITH: &str = "core_combat,bestiary,identify";

#[test]
fn the_same_seed_gives_the_same_looks_and_other_seeds_others() {
    let dir = tempfile::tempdir().unwrap();
    let four = pack_names(dir.path(), 4, WITH);
    assert!(four.contains("potions\"") && four.contains("\"a scroll labelled "), "{four}");
    for truly in ["haste", "vigor", "teleportation"] {
        assert!(!four.contains(truly), "no true name shows: {four}");
    }
    assert_eq!(pack_names(dir.path(), 4, WITH), four, "the same seed, the same looks");
    let others: Vec<String> = [5, 6, 7].iter().map(|&s| pack_names(dir.path(), s, WITH)).collect();
    assert!(others.iter().all(|o| *o != four), "other seeds, other looks: {four} / {others:?}");
}

#[test]
fn without_the_plugin_every_item_has_its_true_name() {
    let dir = tempfile::tempdir().unwrap();
    let names = pack_names(dir.path(), 4, "core_combat,bestiary");
    assert_eq!(names, "\"2 potions of haste\", \"a scroll of teleportation\", \"a potion of vigor\"");
}

#[test]
fn what_is_known_is_kept_in_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("known.txt");
    std::fs::write(&scen, "[map]\n#######\n#.@...#\n#######\n[pack]\npotion_of_haste 3\npotion_of_detect_monsters 2\n")
        .unwrap();
    let saves = dir.path().join("saves");
    let first = dir.path().join("first.jsonl");
    let (s, sv) = (scen.to_str().unwrap(), saves.to_str().unwrap());
    let args = ["--plugins", WITH, "--headless", "--seed", "3", "--scenario", s, "--save-dir", sv];
    let out = run(&[&args[..], &["--keys", "q a", "--trace", first.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let learnt = read_trace(&first);
    assert_eq!(events(&learnt, "identified").len(), 1, "the haste potion learnt by its use");
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("\"potion_of_haste\":true"), "what is known is in the save: {save}");
    assert!(save.contains("\"potion_of_detect_monsters\":false"), "and what is not: {save}");
    let second = dir.path().join("second.jsonl");
    let cont = ["--plugins", WITH, "--headless", "--continue", "--save-dir", sv, "--keys", "q a q b"];
    let out = run(&[&cont[..], &["--trace", second.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&second);
    let kinds: Vec<&str> = events(&trace, "identified").iter().map(|e| e["item"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["potion_of_detect_monsters"], "the haste potion stayed known after the load");
}

/// A save file's header (its format, without the checksum) and its body.
fn save_body(path: &Path) -> (String, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let (header, body) = text.split_once('\n').unwrap();
    let format = header.rsplit_once(' ').unwrap().0.to_string();
    (format, body.trim_end().to_string())
}

#[test]
fn a_save_from_before_known_kinds_still_knows_what_its_store_knew() {
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("known.txt");
    std::fs::write(&scen, "[map]\n#######\n#.@...#\n#######\n[pack]\npotion_of_haste 3\npotion_of_detect_monsters 2\n")
        .unwrap();
    let saves = dir.path().join("saves");
    let (s, sv) = (scen.to_str().unwrap(), saves.to_str().unwrap());
    let args = ["--plugins", WITH, "--headless", "--seed", "3", "--scenario", s, "--save-dir", sv];
    let out = run(&[&args[..], &["--keys", "."]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    // The save as identify wrote it before 1.6: the haste potion known by
    // its store key, no known kinds in the game.
    let path = saves.join("save.json");
    let (header, save) = save_body(&path);
    let start = save.find(",\"kinds_known\":{").expect("the new save has them");
    let end = start + save[start..].find('}').unwrap() + 1;
    let body = format!("{}{}", &save[..start], &save[end..]);
    assert!(body.contains("[0,\"identify_marked\",1]"), "{body}");
    let body = body.replace("[0,\"identify_marked\",1]", "[0,\"known_potion_of_haste\",1]");
    let crc = crc32fast::hash(body.as_bytes());
    std::fs::write(&path, format!("{header} {crc:08x}\n{body}\n")).unwrap();
    let second = dir.path().join("second.jsonl");
    let cont = ["--plugins", WITH, "--headless", "--continue", "--save-dir", sv, "--keys", "q a q b"];
    let out = run(&[&cont[..], &["--trace", second.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&second);
    let kinds: Vec<&str> = events(&trace, "identified").iter().map(|e| e["item"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["potion_of_detect_monsters"], "the haste potion known from the old key");
    let marked: Vec<&str> = events(&trace, "kind_known").iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert!(!marked.contains(&"potion_of_haste"), "never marked unknown: {marked:?}");
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(!saved.contains("known_potion_of_haste"), "the old key read once and dropped: {saved}");
}

/// `runs` bot runs with `plugins`: none at the turn limit; the trace.
fn bot(plugins: &str, runs: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.jsonl");
    let args = ["--plugins", plugins, "--headless", "--bot", runs, "--seed", "1", "--jobs", "2"];
    let out = run(&[&args[..], &["--trace", path.to_str().unwrap()]].concat());
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains(&format!("runs: {runs}")), "{stdout}");
    assert!(!stdout.contains("survived (turn limit"), "no run may reach the turn limit:\n{stdout}");
    read_trace(&path)
}

#[test]
fn the_bot_plays_unknown_items_to_the_end_of_every_run() {
    for plugins in ["core_combat,identify", WITH] {
        let trace = bot(plugins, "20");
        let learnt = events(&trace, "identified");
        assert!(learnt.iter().any(|e| e["how"] == "use"), "{plugins}: the bot used an unknown kind in 20 runs");
    }
}

/// A room lit all round the player: four unknown potions and scrolls of
/// every plugin's on the floor, more in the pack.
const UNKNOWN_ROOM: &str = "[map]\n###########\n#.a.b.c.d.#\n#.e.f.@.g.#\n#.h.i.j.k.#\n###########\n[legend]\n\
    a = item healing_potion\nb = item potion_of_haste\nc = item potion_of_descent\nd = item potion_of_detect_monsters\n\
    e = item potion_of_restore\nf = item potion_of_vigor\ng = item scroll_of_teleportation\n\
    h = item scroll_of_magic_mapping\ni = item scroll_of_slumber\nj = item scroll_of_fireball\n\
    k = item scroll_of_lightning\n[pack]\npotion_of_haste 2\npotion_of_vigor\nscroll_of_slumber\n\
    scroll_of_summoning\nscroll_of_identify\nhealing_potion 3\n[options]\nseed = 4\n";

/// What the player must never be shown of an unknown kind: its names and
/// its record's colour (its sprite is checked by class: every unknown
/// potion or scroll is drawn with the one of its class).
struct Secret {
    kind: String,
    names: [String; 2],
    color: emberdeep_api::Rgba,
}

#[test]
fn no_view_card_pack_or_line_the_player_sees_gives_an_unknown_kind_away() {
    use emberdeep::front::app::App;
    use emberdeep::front::atlas::{default_assets_dir, Atlas};
    use emberdeep::front::keys::parse_keys;
    use emberdeep::front::screen::Overlay;
    use emberdeep::front::ui::{cell_size_of, render_rgba};
    use emberdeep_api::{Light, Rgba};
    use emberdeep_engine::data::records::{check::load_records, default_data_dir};
    use emberdeep_engine::data::trace::Trace;
    use emberdeep_engine::plugins::loader::load_plugins;
    use std::rc::Rc;

    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("unknown.txt");
    std::fs::write(&scenario, UNKNOWN_ROOM).unwrap();
    let plugins = Rc::new(load_plugins(&plugin_dir(), None).expect("the plugins load"));
    let records = Rc::new(load_records(&default_data_dir(), &plugins.registered()).expect("the records load"));
    let game = emberdeep::drivers::play::scenario::game_from_scenario(
        &scenario,
        1,
        plugins,
        records.clone(),
        Trace::in_memory(),
    )
    .expect("the scenario starts");
    let mut app = App::with_host_views(game);
    let press = |app: &mut App, keys: &str| {
        for key in parse_keys(keys).unwrap() {
            app.press(key);
        }
    };
    press(&mut app, ".");
    let secrets: Vec<Secret> = app
        .game
        .kinds_known()
        .iter()
        .filter(|(_, known)| !**known)
        .map(|(kind, _)| {
            let rec = &records.items[kind];
            let names = [rec.name.clone(), rec.plural.clone()];
            Secret { kind: kind.clone(), names, color: rec.color }
        })
        .collect();
    assert!(secrets.len() >= 10, "every potion and scroll kind is unknown: {}", secrets.len());
    let tells = |text: &str| secrets.iter().find(|s| s.names.iter().any(|n| text.contains(n.as_str())));
    let told = |what: &str, lines: &[String]| {
        for line in lines {
            if let Some(s) = tells(line) {
                panic!("{what} names the unknown {}: {line:?}", s.kind);
            }
        }
    };

    // Both views draw every unknown item by its appearance: a colour that
    // is not its record's, and the one sprite and glyph of its class.
    let atlas = Atlas::load(&default_assets_dir()).expect("the atlas loads");
    let items: Vec<(emberdeep_api::Point, String)> = app.game.items().iter().map(|i| (i.pos, i.kind.clone())).collect();
    assert_eq!(items.len(), 11, "every item lies on the floor");
    for view in ["glyphs", "tiles"] {
        app.select_view(view).unwrap();
        let model = app.model();
        let scene = &model.scene;
        let cell = cell_size_of(app.views().current);
        let rgba = render_rgba(&model, app.views(), &atlas).expect("a frame");
        let pixel = |x: u32, y: u32| {
            let at = ((y * emberdeep::front::ui::screen_w() + x) * 4) as usize;
            Rgba::rgb(rgba[at], rgba[at + 1], rgba[at + 2])
        };
        for (at, kind) in &items {
            let secret = secrets.iter().find(|s| &s.kind == kind).expect("an unknown kind");
            let index = ((at.y - scene.origin.y) * scene.width + (at.x - scene.origin.x)) as usize;
            let shown = &scene.cells[index];
            assert_eq!(shown.light, Light::Visible, "{view}: {kind} in sight");
            let look = shown.thing().expect("the item is drawn");
            assert_ne!(look.color, secret.color, "{view}: {kind} drawn in its record's colour");
            let class = &records.items[kind].class;
            let (glyph, tile) = if class == "potion" { ('!', "potion") } else { ('?', "scroll") };
            assert_eq!((char::from_u32(look.glyph), look.tile.as_str()), (Some(glyph), tile), "{view}: {kind}");
            let (x0, y0) = (((at.x - scene.origin.x) as u32) * cell, ((at.y - scene.origin.y) as u32) * cell);
            let mut in_record = 0;
            let mut in_look = 0;
            for y in y0..y0 + cell {
                for x in x0..x0 + cell {
                    in_record += usize::from(pixel(x, y) == secret.color);
                    in_look += usize::from(pixel(x, y) == look.color);
                }
            }
            assert_eq!(in_record, 0, "{view}: {kind} shows its record's colour on screen");
            assert!(in_look > 0, "{view}: {kind} shows its appearance's colour on screen");
        }
    }
    app.select_view("glyphs").unwrap();

    // The pack and every card: no name, and each item drawn by its appearance.
    let menu = |app: &mut App| match app.model().overlay {
        Overlay::Menu { title, header, lines, .. } => (title, header, lines),
        other => panic!("no menu: {other:?}"),
    };
    press(&mut app, "i");
    let (_, _, lines) = menu(&mut app);
    let slots = lines.len();
    told("the pack", &lines.iter().map(|l| l.text.clone()).collect::<Vec<_>>());
    let held: Vec<String> = app.game.pack().slots().iter().flatten().map(|i| i.kind.clone()).collect();
    let secret_of = |kind: &str| secrets.iter().find(|s| s.kind == kind);
    for (line, kind) in lines.iter().zip(&held) {
        let icon = line.icon.as_ref().unwrap_or_else(|| panic!("{}: drawn beside its name", line.text));
        let secret = secret_of(kind).unwrap_or_else(|| panic!("{kind} is unknown"));
        assert_ne!(icon.look.color, secret.color, "{}: drawn in its record's colour", line.text);
        assert!(["potion", "scroll"].contains(&icon.look.tile.as_str()), "{}: {:?}", line.text, icon.look);
    }
    press(&mut app, "Esc");
    assert_eq!(held.len(), slots, "a line for each slot");
    for (slot, kind) in held.iter().enumerate() {
        let letter = (b'a' + slot as u8) as char;
        press(&mut app, &format!("i {letter}"));
        let (title, header, lines) = menu(&mut app);
        let mut texts = vec![title];
        texts.extend(header.iter().chain(&lines).map(|l| l.text.clone()));
        told(&format!("the card of slot {letter}"), &texts);
        let icon = header[0].icon.as_ref().expect("the card draws its item");
        let secret = secret_of(kind).expect("unknown");
        assert_ne!(icon.look.color, secret.color, "card {letter}: drawn in its record's colour");
        press(&mut app, "Esc Esc");
    }

    // Looking at each, walking onto each and picking it up: no line names it.
    press(&mut app, "x");
    let mut looked = Vec::new();
    for (at, _) in &items {
        press(&mut app, &format!("Hover:{},{}", at.x, at.y));
        looked.extend(app.model().look.into_iter().map(|l| l.text));
    }
    told("the look panel", &looked);
    press(&mut app, "Esc k g h h g h h g j g l l g j g h h g l l l l g l l g k g k g");
    assert_eq!(app.game.items().iter().count(), 0, "every item picked up");
    let messages: Vec<String> = app.game.log().messages().iter().map(|m| m.text.clone()).collect();
    assert!(messages.iter().filter(|m| m.starts_with("You see a")).count() >= 11, "{messages:?}");
    told("the log", &messages);
    told("the side panel", &app.model().panel.into_iter().map(|l| l.text).collect::<Vec<_>>());
}

#[test]
fn the_headless_state_line_names_the_pack_as_the_player_sees_it_never_by_an_unknown_kinds_id() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let scen = dir.path().join("state.txt");
    let kinds = ["potion_of_haste", "scroll_of_teleportation"];
    std::fs::write(&scen, format!("[map]\n#######\n#.@...#\n#######\n[pack]\n{} 2\n{}\n", kinds[0], kinds[1])).unwrap();
    let s = scen.to_str().unwrap();
    let mut child = Command::new(bin())
        .args(["--plugin-dir", plugin_dir().to_str().unwrap(), "--plugins", WITH, "--headless", "--seed", "4"])
        .args(["--scenario", s, "--keys-from", "-"])
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game starts");
    // identify marks the kinds unknown at the end of the first turn.
    child.stdin.take().expect("its input").write_all(b".\n.\n").expect("the keys are written");
    let out = child.wait_with_output().expect("its output");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let state =
        stdout.lines().filter_map(|l| l.strip_prefix("state: ")).next_back().unwrap_or_else(|| panic!("{stdout}"));
    for kind in kinds {
        assert!(!state.contains(kind), "the state line names the unknown {kind}: {state}");
    }
    assert!(state.contains("pack: a - 2 ") && state.contains(", b - a scroll labelled "), "{state}");
    assert!(!state.contains("haste") && !state.contains("teleportation"), "{state}");
}
