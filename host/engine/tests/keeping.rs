//! Items that stay themselves (api 1.2): an item a plugin takes out of the
//! pack goes back on the floor, into the pack or to a monster as the same
//! item, its id and store kept; a monster drops what it carries where it
//! dies; an item's effect hears when it is made; a dying monster's store
//! and statuses are readable in `died`, and each of its statuses ends.

use std::path::PathBuf;
use std::rc::Rc;

use emberdeep_api::{
    Attack, Ctx, Death, EntityId, Hooks, ItemEffect, ItemId, ItemUse, KeyAnswer, MonsterBrain, MonsterState, PackEntry,
    PluginResult, Point, Registrar, Rgba, Status, StatusEffect, StatusSpec, UseOutcome,
};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::{Plugins, Registration};
use emberdeep_engine::rules::turn::Action;
use emberdeep_engine::Game;

/// A wand whose suffix is its charges: "(2)".
struct Sparks;

impl ItemEffect for Sparks {
    fn use_item(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        Ok(UseOutcome::NoTurn)
    }
    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let id = item.item.into_option().ok_or("no id")?;
        Ok(ctx.item_get(id, "charges").map(|n| format!("({n})")))
    }
    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let id = item.item.into_option().ok_or("no id")?;
        let charges = ctx.roll(2, 2) as i64;
        ctx.item_set(id, "charges", charges);
        Ok(())
    }
}

/// A thief: on its first turn it takes what is in pack slot `a` and carries it.
struct Thief;

impl MonsterBrain for Thief {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        if ctx.store_get(me, "stole").is_some() {
            return Ok(());
        }
        let taken = ctx.pack_take(0, 1).ok_or("nothing to steal")?;
        if !ctx.give(me, taken) {
            return Err("the thief could not carry it".into());
        }
        ctx.store_set(me, "stole", 1);
        Ok(())
    }
}

/// A status that does nothing but mark its bearer.
struct Marked;

impl Status for Marked {}

/// Keys: `P` takes slot a and lays it back where the player stands; `U`
/// takes it and puts it back; `X` places an item it does not hold; `L`
/// takes it and keeps it. Bumping kills. A death is written down with the
/// victim's store and statuses as `died` saw them.
struct Keys;

impl Hooks for Keys {
    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        let here = ctx.player()?.pos;
        match key {
            'P' => {
                let taken = ctx.pack_take(0, 1).ok_or("empty")?;
                ctx.place_existing(taken, here).ok_or("not placed")?;
            }
            'U' => {
                let taken = ctx.pack_take(0, 1).ok_or("empty")?;
                ctx.pack_put(taken).ok_or("not put")?;
            }
            'X' => {
                let bogus = PackEntry { kind: "wand".into(), count: 1, item: ItemId(999) };
                if ctx.place_existing(bogus.clone(), here).is_some() || ctx.pack_put(bogus).is_some() {
                    return Err("an item it does not hold was placed".into());
                }
            }
            'L' => {
                ctx.pack_take(0, 1).ok_or("empty")?;
            }
            _ => return Ok(KeyAnswer::Pass),
        }
        Ok(KeyAnswer::Done(true))
    }
    fn bump(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
        ctx.attack(Attack::new(EntityId::PLAYER, target, "stab").hit_for(100));
        Ok(true)
    }
    fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
        let stole = ctx.store_get(death.victim, "stole").unwrap_or(-1);
        let marks = ctx.statuses(death.victim).len() as i64;
        ctx.event("heard_death", &[("stole", stole.into()), ("statuses", marks.into())]);
        Ok(())
    }
}

fn plugins() -> Plugins {
    let mut reg = Registrar::new("keeper", "0.0.0");
    reg.item_effect("sparks", Sparks);
    reg.brain("thief", Thief);
    reg.hooks(Keys);
    reg.status("marked", StatusSpec::new("Marked", '!', Rgba::rgb(1, 2, 3), StatusEffect::Marks), Marked);
    let mut plugins = Plugins::default();
    plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("the test plugin");
    plugins
}

const RECORDS: &str = "[[item]]\nid = \"wand\"\nname = \"wand of sparks\"\nglyph = \"/\"\ncolor = [1, 2, 3]\n\
    tile = \"wand\"\nclass = \"wand\"\neffect = \"sparks\"\nfloors = [1, 1]\nfrequency = 0\n\n\
    [[monster]]\nid = \"thief\"\nname = \"thief\"\nglyph = \"t\"\ncolor = [1, 2, 3]\ntile = \"monster_rat\"\n\
    floors = [1, 1]\nfrequency = 0\nhp = 3\ndamage = [0, 0]\nsight = 5\nbrain = \"thief\"\n";

/// An open 7x3 floor, the player at 1,1, a wand of sparks with 2 charges in
/// slot a, its trace kept in memory.
fn game() -> (Game, ItemId) {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir(dir.path().join("host")).unwrap();
    std::fs::write(dir.path().join("host/records.toml"), RECORDS).unwrap();
    let plugins = plugins();
    let records = Rc::new(load_records(dir.path(), &plugins.registered()).expect("the records read"));
    let map = Map::new_filled(7, 3, Tile::Floor);
    let mut game = Game::blank(1, map, Point::new(1, 1), Rc::new(plugins), records, Trace::in_memory());
    game.add_to_pack("wand", 1).expect("room for the wand");
    let id = game.pack().get(0).unwrap().id;
    (game, id)
}

fn events(game: &mut Game, name: &str) -> Vec<serde_json::Value> {
    game.trace()
        .kept
        .as_ref()
        .unwrap()
        .iter()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["event"] == name)
        .collect()
}

fn label(game: &mut Game, slot: usize) -> String {
    let item = game.pack().get(slot).cloned().expect("an item in the slot");
    game.item_label(&item.kind, item.count, item.id)
}

#[test]
fn a_wand_is_made_with_its_charges_rolled() {
    let (mut game, id) = game();
    assert_eq!(game.item_store().get(&(id, "charges".to_string())), Some(&2), "made rolled them");
    assert_eq!(label(&mut game, 0), "a wand of sparks (2)");
    let at = game.place_item("wand", 1, Point::new(4, 1)).expect("placed");
    let placed = game.items().iter().find(|i| i.pos == at).unwrap().id;
    assert_eq!(game.item_store().get(&(placed, "charges".to_string())), Some(&2));
}

#[test]
fn an_item_taken_from_the_pack_goes_back_on_the_floor_and_in_the_pack_as_itself() {
    let (mut game, id) = game();
    game.set_item_number(id, "charges", 5);
    assert!(game.player_action(Action::Key('U')));
    assert_eq!(game.pack().get(0).map(|i| i.id), Some(id), "put back, the same item");
    assert_eq!(label(&mut game, 0), "a wand of sparks (5)");
    assert!(game.player_action(Action::Key('P')));
    assert!(game.pack().get(0).is_none());
    let lying = game.items().iter().find(|i| i.pos == Point::new(1, 1)).expect("on the floor").clone();
    assert_eq!(lying.id, id, "placed, the same item");
    assert_eq!(game.item_store().get(&(id, "charges".to_string())), Some(&5));
    let placed = events(&mut game, "item_placed");
    assert_eq!(placed.len(), 1);
    assert_eq!((placed[0]["source"].as_str(), placed[0]["id"].as_u64()), (Some("keeper"), Some(id.0 as u64)));
    assert_eq!(events(&mut game, "item_put").len(), 1);
}

#[test]
fn an_item_the_plugin_does_not_hold_is_refused_and_changes_nothing() {
    let (mut game, id) = game();
    let before = (game.items().clone(), game.pack().slots().to_vec(), game.last_item_id());
    assert!(game.player_action(Action::Key('X')), "the plugin saw both calls refused");
    assert_eq!((game.items().clone(), game.pack().slots().to_vec(), game.last_item_id()), before);
    assert!(events(&mut game, "plugin_error").is_empty());
    // Held in an earlier action, an item is no longer held: it was lost
    // when that action ended, and cannot be placed in a later one.
    assert!(game.player_action(Action::Key('L')));
    assert!(game.held().is_empty(), "what is held ends with the action");
    assert!(!game.item_exists(id));
}

/// A thief next to the player steals the wand on its turn.
fn robbed() -> (Game, ItemId, EntityId) {
    let (mut game, id) = game();
    let thief = game.spawn_monster("thief", Point::new(2, 1), Some(MonsterState::Hunting)).expect("a thief");
    game.update_sight();
    assert!(game.player_action(Action::Wait));
    (game, id, thief)
}

#[test]
fn a_thief_carries_the_wand_drops_it_where_it_dies_and_it_is_picked_up_the_same() {
    let (mut game, id, thief) = robbed();
    assert!(game.pack().get(0).is_none(), "stolen");
    let carried = game.carried_by(thief);
    assert_eq!(carried.iter().map(|e| (e.kind.as_str(), e.item)).collect::<Vec<_>>(), [("wand", id)]);
    let look: Vec<String> = game.look_at(Point::new(2, 1)).iter().map(|l| format!("{l:?}")).collect();
    assert!(look.iter().any(|l| l.contains("Carries a wand of sparks (2).")), "{look:?}");
    assert!(game.add_status(thief, "marked", 5, "keeper"));
    assert!(game.player_action(Action::Move(1, 0)), "the player kills the thief");
    assert!(game.creatures().get(&thief).is_none());
    let dropped = events(&mut game, "item_dropped");
    assert_eq!(dropped.len(), 1);
    assert_eq!((dropped[0]["id"].as_u64(), dropped[0]["x"].as_i64()), (Some(id.0 as u64), Some(2)));
    let heard = events(&mut game, "heard_death");
    assert_eq!((heard[0]["stole"].as_i64(), heard[0]["statuses"].as_i64()), (Some(1), Some(1)), "died read both");
    let ended = events(&mut game, "status_end");
    assert_eq!((ended.len(), ended[0]["why"].as_str()), (1, Some("died")));
    assert!(!game.store().keys().any(|(owner, _)| *owner == thief), "the store goes after died");
    assert!(game.player_action(Action::Move(1, 0)));
    assert!(game.player_action(Action::PickUp));
    assert_eq!(game.pack().get(0).map(|i| i.id), Some(id), "the same item");
    assert_eq!(label(&mut game, 0), "a wand of sparks (2)");
}

#[test]
fn a_continued_run_with_a_carried_wand_plays_as_the_unbroken_one() {
    let keys = [Action::Wait, Action::Move(1, 0), Action::Move(1, 0), Action::PickUp, Action::Wait];
    let (mut unbroken, _, _) = robbed();
    let (saved, _, _) = robbed();
    let parts = saved.parts();
    assert_eq!(parts.carried.len(), 1, "the save holds the carried wand");
    let mut continued =
        Game::restore(parts, saved.plugins().clone(), saved.records().clone(), Trace::in_memory()).expect("restores");
    unbroken.take_trace_lines();
    for key in keys {
        assert_eq!(unbroken.player_action(key), continued.player_action(key));
    }
    let (a, b) = (unbroken.take_trace_lines(), continued.take_trace_lines());
    assert!(a.iter().any(|l| l.contains("item_dropped")), "{a:?}");
    assert_eq!(a, b, "byte for byte");
    assert_eq!(unbroken.parts(), continued.parts());
}

/// The records with a monster that carries a wand of sparks and three of a kind that does not exist yet.
fn carrying_records(carries: &str) -> Result<emberdeep_engine::data::records::Records, String> {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir(dir.path().join("host")).unwrap();
    let text = format!("{RECORDS}carries = {carries}\n");
    std::fs::write(dir.path().join("host/records.toml"), text).unwrap();
    load_records(dir.path(), &plugins().registered()).map_err(|e| e.to_string())
}

#[test]
fn a_monster_whose_record_carries_a_wand_comes_with_it_made_and_charged() {
    let records = carrying_records("[{ item = \"wand\" }]").expect("the records read");
    let map = Map::new_filled(7, 3, Tile::Floor);
    let mut game = Game::blank(1, map, Point::new(1, 1), Rc::new(plugins()), Rc::new(records), Trace::in_memory());
    let thief = game.spawn_monster("thief", Point::new(3, 1), Some(MonsterState::Hunting)).expect("the thief");
    let carried = game.carried_by(thief);
    assert_eq!(carried.len(), 1, "{carried:?}");
    assert_eq!(game.item_label("wand", 1, carried[0].item), "a wand of sparks (2)", "made rolled its charges");
    let given = events(&mut game, "item_given");
    assert_eq!((given.len(), &given[0]["source"]), (1, &"host".into()));
}

#[test]
fn a_record_carrying_a_kind_no_record_has_is_refused_with_its_line() {
    let error = carrying_records("[{ item = \"wand\" }, { item = \"scroll_of_nothing\", count = 3 }]").unwrap_err();
    assert!(error.contains("records.toml:") && error.contains("scroll_of_nothing"), "{error}");
    assert!(error.contains("carries.item") && !error.contains('\n'), "{error}");
    let error = carrying_records("[{ item = \"wand\", count = 0 }]").unwrap_err();
    assert!(error.contains("carries.count"), "{error}");
}
