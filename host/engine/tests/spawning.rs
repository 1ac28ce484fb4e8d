//! What a record's `floors` and `frequency` do when a floor is made: a kind
//! is placed only on its floors, a kind of frequency 0 never, and a floor
//! whose kinds all have frequency 0 gets none.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::rc::Rc;

use emberdeep_api::{Ctx, EntityId, MonsterBrain, PluginResult, Point, Registrar};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::bounds::{MOST_IDS, MOST_ITEM_IDS};
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::{Plugins, Registration};
use emberdeep_engine::rules::items::{ItemRefused, NO_MORE_ITEMS};
use emberdeep_engine::rules::spawn::NO_MORE_CREATURES;
use emberdeep_engine::world::creature::ChangeRefused;
use emberdeep_engine::Game;

/// A brain that does nothing.
struct Idle;

impl MonsterBrain for Idle {
    fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

/// The plugins of these tests: `test`, built in, with the brain `idle`.
fn plugins() -> Plugins {
    let mut reg = Registrar::new("test", "0.0.0");
    reg.brain("idle", Idle);
    let mut plugins = Plugins::default();
    plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("one brain");
    plugins
}

fn item(id: &str, floors: &str, frequency: u32) -> String {
    format!(
        "[[item]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"?\"\ncolor = [1, 2, 3]\ntile = \"scroll\"\n\
         class = \"test\"\nfloors = {floors}\nfrequency = {frequency}\n\n"
    )
}

fn monster(id: &str, floors: &str, frequency: u32) -> String {
    format!(
        "[[monster]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"m\"\ncolor = [1, 2, 3]\ntile = \"monster_rat\"\n\
         floors = {floors}\nfrequency = {frequency}\nhp = 3\ndamage = [1, 2]\nsight = 5\nbrain = \"idle\"\n\n"
    )
}

/// The kinds of item and of monster placed on `floor` over many floors made.
fn placed_on(floor: u32) -> (BTreeSet<String>, BTreeSet<String>) {
    placed_with(floor, "")
}

/// The plugins and the usual records of these tests, with `more` beside them.
fn world(more: &str) -> (Rc<Plugins>, Rc<Records>) {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir(dir.path().join("host")).unwrap();
    let records = [
        "[settings]\nitems_per_room = 4\nmonsters_per_room = 4\n\n".to_string(),
        item("common", "[1, 3]", 1),
        item("deep", "[3, 3]", 50),
        item("never", "[1, 4]", 0),
        monster("rat", "[1, 3]", 1),
        monster("ghost", "[1, 4]", 0),
        more.to_string(),
    ]
    .concat();
    std::fs::write(dir.path().join("host/records.toml"), records).unwrap();
    let plugins = plugins();
    let records = Rc::new(load_records(dir.path(), &plugins.registered()).expect("the records read"));
    (Rc::new(plugins), records)
}

/// As [`placed_on`], with `more` records beside the usual ones.
fn placed_with(floor: u32, more: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let (plugins, records) = world(more);
    let (mut items, mut monsters) = (BTreeSet::new(), BTreeSet::new());
    for seed in 0..40 {
        let map = Map::new_filled(5, 5, Tile::Floor);
        let mut game = Game::blank(seed, map, Point::new(1, 1), plugins.clone(), records.clone(), Trace::console());
        game.enter_new_floor(floor);
        items.extend(game.items().iter().map(|i| i.kind.clone()));
        monsters.extend(game.creatures().values().filter(|c| !c.id.is_player()).map(|c| c.kind.clone()));
    }
    (items, monsters)
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|n| n.to_string()).collect()
}

#[test]
fn a_kind_of_frequency_0_is_never_placed() {
    let (items, monsters) = placed_on(1);
    assert_eq!(items, set(&["common"]), "floor 1: `deep` is not on it, `never` has frequency 0");
    assert_eq!(monsters, set(&["rat"]), "floor 1: `ghost` has frequency 0");
    let (items, _) = placed_on(3);
    assert_eq!(items, set(&["common", "deep"]), "floor 3");
}

#[test]
fn a_floor_whose_kinds_all_have_frequency_0_gets_none() {
    let (items, monsters) = placed_on(4);
    assert!(items.is_empty() && monsters.is_empty(), "floor 4: {items:?} {monsters:?}");
}

#[test]
fn a_kind_whose_frequency_changes_deeper_is_placed_by_the_floor_s_own_weight() {
    // `fading` is common on floors 1 and 2 and never from floor 3 on;
    // `rising` never before floor 3, then common; with `deeper` left out
    // either would be the same on every floor.
    let more = [
        item("fading", "[1, 4]", 50)
            .replace("frequency = 50\n", "frequency = 50\ndeeper = [{ from = 3, frequency = 0 }]\n"),
        monster("bat", "[1, 4]", 0)
            .replace("frequency = 0\n", "frequency = 0\ndeeper = [{ from = 3, frequency = 20 }]\n"),
    ]
    .concat();
    for floor in [1, 2] {
        let (items, monsters) = placed_with(floor, &more);
        assert!(items.contains("fading"), "floor {floor}: {items:?}");
        assert!(!monsters.contains("bat"), "floor {floor}: {monsters:?}");
    }
    for floor in [3, 4] {
        let (items, monsters) = placed_with(floor, &more);
        assert!(!items.contains("fading"), "floor {floor}: {items:?}");
        assert!(monsters.contains("bat"), "floor {floor}: {monsters:?}");
    }
}

#[test]
fn a_run_that_hands_out_its_last_ids_goes_on_and_every_floor_keeps_the_rules_a_save_is_read_by() {
    let (plugins, records) = world("");
    let map = Map::new_filled(5, 5, Tile::Floor);
    let fresh = Game::blank(3, map, Point::new(1, 1), plugins.clone(), records.clone(), Trace::console());
    // A run three ids short of the most a save holds, of creatures and of items.
    let mut parts = fresh.parts();
    (parts.next_id, parts.next_item_id) = (MOST_IDS - 3, MOST_ITEM_IDS - 3);
    let mut game = Game::restore(parts, plugins.clone(), records.clone(), Trace::console()).expect("a save holds it");
    let mut made = (0, 0);
    for floor in 1..=3 {
        game.enter_new_floor(floor);
        made.0 += game.creatures().len() - 1;
        made.1 += game.items().len();
        // What a save of it now would be, and what loading that gives back.
        assert_eq!(game.check(), Ok(()), "floor {floor}: the run keeps the rules a save is read by");
        let back = Game::restore(game.parts(), plugins.clone(), records.clone(), Trace::console());
        let back = back.unwrap_or_else(|e| panic!("floor {floor}: its save would be refused: it holds {e}"));
        assert_eq!(back.parts(), game.parts(), "floor {floor}: the save loads as the run saved");
    }
    let parts = game.parts();
    assert_eq!((parts.next_id, parts.next_item_id), (MOST_IDS, MOST_ITEM_IDS), "every id handed out, none past");
    assert!(made.0 >= 3 && made.1 >= 3, "the floors asked for more than were left: {made:?}");
    let said = |line: &str| game.log().messages().iter().filter(|m| m.text == line).count();
    assert_eq!((said(NO_MORE_CREATURES), said(NO_MORE_ITEMS)), (1, 1), "each said once, as the last went");
    assert_eq!(MOST_IDS - 1, 999_999, "the line's number");
    assert_eq!(MOST_ITEM_IDS, 100_000_000, "the line's number");
    // A plugin's spawn and item are refused with their lines; the run goes on.
    let here = game.player().pos;
    let beside = emberdeep_api::DIRECTIONS
        .iter()
        .map(|&(dx, dy)| here.offset(dx, dy))
        .find(|&p| game.map().is_walkable(p) && game.creature_at(p).is_none())
        .expect("a free cell beside the player");
    assert_eq!(game.spawn_creature("rat", beside, "", "test"), Err(ChangeRefused::NoIdLeft));
    assert_eq!(game.place_new_item("common", 1, beside), Err(ItemRefused::NoIdLeft));
    assert_eq!(game.check(), Ok(()));
}
