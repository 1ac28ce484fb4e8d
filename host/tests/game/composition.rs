//! Plugins compose by meaning, not by name (api 1.6). A rule that lays
//! something on open ground, digs a wall or finds deep water asks the
//! terrain's traits (`ground`, `diggable`, `liquid` and `deep`), so it
//! holds on every generator's floors and beside every other plugin:
//!
//! * no first-party plugin's rule names another plugin's terrain, or
//!   compares a cell with the host's own terrain names, in its code
//!   (tests apart): the sources are read, so a new test of `== "floor"`
//!   fails the day it is written;
//! * with every first-party plugin loaded, the terrain plugin lays its
//!   traps, rubble and pools on cave floors about as often as on floors of
//!   rooms, and the bestiary's mimics and war bands come to caves too;
//! * the engine knows what made each floor (`floor_generator`): the caves
//!   plugin's generator on its floors, the host's rooms on the others.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use common::*;
use emberdeep_api::Point;
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::records::check::load_game_records;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::Game;

/// The host's own terrains' names: a plugin that compares a cell with one
/// of them tests a name where a trait would do.
const HOST_NAMES: [&str; 5] = ["floor", "wall", "door_closed", "door_open", "stairs_down"];

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The code of a source file that runs in the game: no test module or
/// test file, no comments.
fn game_code(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The string literals of `code` (between double quotes, on one line) on
/// lines that use them as a name: a comparison, a `const`, or a call about
/// terrain (a label or a message that happens to read `rubble` is no name).
fn literals(code: &str) -> Vec<String> {
    let naming = |line: &&str| ["==", "!=", "const ", "terrain"].iter().any(|w| line.contains(w));
    code.lines()
        .filter(naming)
        .flat_map(|line| line.split('"').skip(1).step_by(2).map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// The places in `code` where a cell is compared with a host terrain's name
/// (`== "floor"`, `!= "wall"`), each as the text found.
fn name_tests(code: &str) -> Vec<String> {
    let flat: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut found = Vec::new();
    for name in HOST_NAMES {
        for op in ["==", "!="] {
            for spaced in [format!("{op} \"{name}\""), format!("\"{name}\" {op}")] {
                if flat.contains(&spaced) {
                    found.push(spaced);
                }
            }
        }
    }
    found
}

/// Each first-party plugin's terrains, by the plugin: what a loaded game's
/// registry says they registered.
fn terrains_by_plugin(plugins: &Plugins) -> BTreeMap<String, Vec<String>> {
    let mut by = BTreeMap::<String, Vec<String>>::new();
    for t in &plugins.terrains {
        by.entry(t.code.plugin().to_string()).or_default().push(t.name.clone());
    }
    by
}

/// Every first-party plugin, loaded in the engine with the game's records.
fn every_plugin() -> (tempfile::TempDir, Rc<Plugins>, Rc<Records>) {
    let libraries: Vec<_> = first_party_names().iter().map(|n| first_party(n)).collect();
    let folder = plugin_folder(&libraries);
    let plugins = Rc::new(load_plugins(folder.path(), None).expect("the plugins load"));
    let records = Rc::new(load_game_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    (folder, plugins, records)
}

#[test]
fn no_plugin_s_rule_names_another_plugin_s_terrain_or_tests_the_host_s_names() {
    let (_folder, plugins, _) = every_plugin();
    let terrains = terrains_by_plugin(&plugins);
    assert!(terrains.len() >= 4, "the terrain, caves, vaults and bestiary plugins register terrains: {terrains:?}");
    let mut wrong = Vec::new();
    for plugin in first_party_names() {
        let others: Vec<&String> =
            terrains.iter().filter(|(owner, _)| **owner != plugin).flat_map(|(_, names)| names).collect();
        for file in sources(&root().join("plugins").join(&plugin).join("src")) {
            let code = game_code(&file);
            let shown = file.strip_prefix(root()).unwrap().display().to_string();
            for lit in literals(&code) {
                if others.contains(&&lit) {
                    wrong.push(format!("{shown}: names \"{lit}\", another plugin's terrain (ask its traits)"));
                }
            }
            for test in name_tests(&code) {
                wrong
                    .push(format!("{shown}: `{test}` tests the host's terrain by name (ask a trait: ground, wall...)"));
            }
        }
    }
    assert!(wrong.is_empty(), "rules that go by name, not by meaning:\n{}", wrong.join("\n"));
}

#[test]
fn the_scan_sees_a_rule_that_tests_a_name() {
    // What the scan above would say of the rule it keeps out, so it cannot
    // hold by looking at nothing.
    let rule = "fn open(ctx: &mut Ctx, p: Point) -> bool {\n    ctx.terrain_at(p) ==\n \"floor\"\n}";
    assert_eq!(name_tests(rule), ["== \"floor\""]);
    assert_eq!(literals("if t == \"deep_water\" { x(\"a\", \"b\") }"), ["deep_water", "a", "b"]);
    assert_eq!(literals("const WATER: &str = \"deep_water\";\n(\"rubble\", '%')"), ["deep_water"]);
    let test_only =
        "fn f() {}\n#[cfg(test)]\nmod tests { const F: &str = \"floor\"; fn t() { assert!(x == \"floor\") } }";
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.rs"), test_only).unwrap();
    assert!(name_tests(&game_code(&dir.path().join("lib.rs"))).is_empty(), "tests may name what they lay");
}

/// Floor `floor` made from `seed`.
fn make(seed: u64, floor: u32, plugins: &Rc<Plugins>, records: &Rc<Records>) -> Game {
    let map = Map::new_filled(5, 5, Tile::Floor);
    let mut game = Game::blank(seed, map, Point::new(1, 1), plugins.clone(), records.clone(), Trace::in_memory());
    game.enter_new_floor(floor);
    game
}

#[test]
fn with_every_plugin_cave_floors_get_traps_rubble_pools_and_mimics_as_floors_of_rooms_do() {
    let (_folder, plugins, records) = every_plugin();
    let laid = ["trap_dart", "trap_net", "trap_alarm", "trap_pit", "rubble", "deep_water", "mimic_chest"];
    // Per kind of floor: floors made, and cells of each terrain laid on them.
    let mut counts: BTreeMap<&str, (u32, BTreeMap<String, u32>)> = BTreeMap::new();
    let mut pooled: BTreeMap<&str, u32> = BTreeMap::new();
    for seed in 0..10u64 {
        // The caves plugin makes floors 3, 4, 8 and 9; the depths plugin
        // lake floors (rooms of the host's floor, lakes over them) on 5, 6
        // and 10 and ruins on 7 and 11; the host the rest.
        for floor in [2u32, 3, 4, 5, 6, 7, 8, 9, 10, 11] {
            let game = make(seed * 1000 + u64::from(floor), floor, &plugins, &records);
            let made_by = game.generator();
            let kind = match floor {
                3 | 4 | 8 | 9 => "caves",
                7 | 11 => "ruins",
                _ => "rooms",
            };
            let maker = match floor {
                3 | 4 | 8 | 9 => "caves",
                5 | 6 | 7 | 10 | 11 => "depths",
                _ => "host",
            };
            assert_eq!(made_by.plugin, maker, "floor {floor}: made by {made_by:?}");
            let entry = counts.entry(kind).or_default();
            entry.0 += 1;
            let pool = game.map().points().any(|p| game.terrain_name(p) == "deep_water");
            *pooled.entry(kind).or_default() += u32::from(pool);
            for p in game.map().points() {
                let name = game.terrain_name(p);
                if laid.contains(&name.as_str()) {
                    *entry.1.entry(name).or_default() += 1;
                }
            }
        }
    }
    let per_floor = |kind: &str, names: &[&str]| {
        let (floors, cells) = &counts[kind];
        names.iter().map(|n| cells.get(*n).copied().unwrap_or(0)).sum::<u32>() as f64 / f64::from(*floors)
    };
    // A pool spreads over the open cells it finds, and a cave has more of
    // them than a room: pools are counted by the floors that have one.
    let pools = |kind: &str| f64::from(pooled[kind]) / f64::from(counts[kind].0);
    let (caves, rooms) = (pools("caves"), pools("rooms"));
    assert!(rooms > 0.0 && caves >= rooms * 0.5, "floors with a pool: {caves:.2} of cave floors, {rooms:.2} of rooms");
    for names in [&["trap_dart", "trap_net", "trap_alarm", "trap_pit"][..], &["rubble"]] {
        let (caves, rooms) = (per_floor("caves", names), per_floor("rooms", names));
        assert!(rooms > 0.0, "{names:?} are laid on floors of rooms: {counts:?}");
        assert!(
            caves >= rooms * 0.5 && caves <= rooms * 2.0,
            "{names:?}: {caves:.2} cells a cave floor, {rooms:.2} a floor of rooms: {counts:?}"
        );
    }
    assert!(per_floor("caves", &["mimic_chest"]) > 0.0, "mimics lie in caves too: {counts:?}");
    let traps = ["trap_dart", "trap_net", "trap_alarm", "trap_pit"];
    assert!(per_floor("ruins", &traps) > 1.0, "traps are laid on the ruins' flagstones too: {counts:?}");
}

#[test]
fn a_trap_laid_found_shows_at_once_without_a_find_and_one_laid_plainly_hides() {
    let (_folder, plugins, records) = every_plugin();
    let map = Map::new_filled(9, 5, Tile::Floor);
    let mut game = Game::blank(3, map, Point::new(1, 1), plugins, records, Trace::in_memory());
    let (found, hidden) = (Point::new(3, 2), Point::new(5, 2));
    assert_eq!(game.set_terrain_found(found, "trap_dart", "lantern"), Ok(()));
    assert_eq!(game.set_terrain(hidden, "trap_dart", "lantern"), Ok(()));
    assert!(!game.terrain_hidden(found), "laid found: it shows");
    assert!(game.terrain_hidden(hidden), "laid plainly: a trap hides");
    assert!(
        game.terrain_has(found, "hazard") && game.terrain_has(hidden, "hazard"),
        "a trap is a hazard, shown or not"
    );
    assert!(!game.terrain_has(found, "ground"), "no open ground: nothing else is laid on it");
    assert!(game.log().messages().iter().all(|m| !m.text.starts_with("You find")), "no find was made");
    let lines = game.take_trace_lines();
    let laid: Vec<&String> = lines.iter().filter(|l| l.contains("\"event\":\"terrain\"")).collect();
    assert_eq!(laid.len(), 2, "{lines:?}");
    assert!(laid[0].contains("\"found\":true") && !laid[1].contains("found"), "{laid:?}");
    // What cannot be laid, found or not, changes nothing.
    assert!(game.set_terrain_found(Point::new(40, 40), "trap_dart", "lantern").is_err());
    assert!(game.set_terrain_found(Point::new(2, 2), "no_such_terrain", "lantern").is_err());
    assert_eq!(game.terrain_name(Point::new(2, 2)), "floor");
}

#[test]
fn every_terrain_has_the_traits_its_plugin_gave_it_and_the_host_s_have_theirs() {
    let (_folder, plugins, _) = every_plugin();
    let traits = |name: &str| plugins.terrain_traits(name).unwrap_or_else(|| panic!("{name} exists"));
    assert_eq!(traits("floor"), ["ground"]);
    assert_eq!(traits("wall"), ["diggable", "wall"]);
    assert_eq!(traits("caves_floor"), ["ground"], "a cave's ground is open ground");
    assert_eq!(traits("caves_wall"), ["diggable", "wall"], "cave rock digs as a wall does");
    assert_eq!(traits("deep_water"), ["deep", "hazard", "liquid"]);
    assert_eq!(traits("trap_pit"), ["hazard"]);
    assert_eq!(traits("vaults_pool"), ["deep", "liquid"]);
    assert_eq!(plugins.terrain_traits("no_such_terrain"), None);
}

/// A trap (a terrain that hides as floor until found) is a `hazard`
/// whichever plugin lays it, so the time-savers go round every found one.
#[test]
fn every_terrain_hidden_as_floor_is_a_hazard_the_time_savers_go_round() {
    let (_folder, plugins, _) = every_plugin();
    let traps: Vec<&str> = plugins
        .terrains
        .iter()
        .filter(|t| t.decl.hidden == emberdeep_api::TerrainHidden::AsFloor)
        .map(|t| t.name.as_str())
        .collect();
    assert!(traps.len() >= 6, "the terrain plugin's four traps and the fields plugin's two: {traps:?}");
    let not: Vec<&&str> = traps
        .iter()
        .filter(|t| !plugins.terrain_traits(t).unwrap_or_default().contains(&"hazard".to_string()))
        .collect();
    assert!(not.is_empty(), "traps that are no hazard: {not:?}");
}

/// abi_stable's types an author never needs to write (api 1.6: builders
/// and accessors cover them).
const FFI_WORDS: [&str; 4] = ["ROption", "RSome", "RNone", "into_option()"];

/// The places in a source's whole text (tests included) that write one of
/// [`FFI_WORDS`], outside comments.
fn ffi_uses(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .filter_map(|l| FFI_WORDS.iter().find(|w| l.contains(*w)).map(|w| format!("{w}: {}", l.trim())))
        .collect()
}

#[test]
fn no_plugin_example_or_template_writes_the_ffi_types_tests_included() {
    let mut wrong = Vec::new();
    for dir in ["plugins", "examples", "templates"] {
        for file in sources(&root().join(dir)) {
            if file.components().any(|c| c.as_os_str() == "target") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let shown = file.strip_prefix(root()).unwrap().display().to_string();
            wrong.extend(ffi_uses(&text).into_iter().map(|u| format!("{shown}: {u}")));
        }
    }
    assert!(wrong.is_empty(), "author code writing abi_stable's types (use the api's builders):\n{}", wrong.join("\n"));
    // The scan sees what it keeps out.
    assert_eq!(ffi_uses("let own = item.slot.into_option();\n// ROption in a comment").len(), 1);
}
