//! The plugin's rules in a stand-in game: enchanted armor against a blow,
//! a ring's power, a charm's rest.

use emberdeep_api::testing::TestGame;
use emberdeep_api::{Attack, Damage, EntityId, Hooks, ItemEffect, ItemId, PackEntry, Point, UseOutcome, Vetoes};

use crate::hooks::{ArsenalHooks, ArsenalVetoes};
use crate::ring::Charm;
use crate::rules::{LEVEL, WAIT, WORN};

fn game() -> TestGame {
    TestGame::new(20, 10).with_settings_of(crate::register)
}

/// Lays item `kind` of `class` with `params` in pack slot `slot` as item `id`.
fn carry(g: &mut TestGame, slot: usize, kind: &str, class: &str, params: &[(&str, i64)], id: u32) {
    g.add_item_record(kind, &kind.replace('_', " "), "none", params);
    g.items.get_mut(kind).unwrap().class = class.into();
    while g.pack.len() <= slot {
        g.pack.push(None);
    }
    g.pack[slot] = Some(PackEntry { kind: kind.into(), count: 1, item: ItemId(id) });
}

fn use_of(g: &TestGame, kind: &str, slot: u32, id: u32) -> emberdeep_api::ItemUse {
    let params: Vec<(String, i64)> = g.items[kind].params.iter().map(|p| (p.name.to_string(), p.value)).collect();
    let params: Vec<(&str, i64)> = params.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    let mut item = g.item_use(kind, &params);
    item.slot = Some(slot).into();
    item.item = Some(ItemId(id)).into();
    item
}

#[test]
fn enchanted_armor_worn_takes_its_level_off_every_melee_blow_suffered() {
    let mut g = game();
    let orc = g.add_monster("orc", Point::new(2, 1), 20, Damage::new(2, 6), "melee");
    carry(&mut g, 0, "chain_mail", "armor", &[("defense", 3)], 5);
    g.item_store.insert((ItemId(5), LEVEL.into()), 2);
    let blow = Attack::melee(orc, EntityId::PLAYER, 5, "an orc");
    assert_eq!(ArsenalHooks.attack_damage(&mut g.ctx(), &blow).unwrap(), None, "nothing worn: the blow stands");
    // Put on: the level is read as it leaves the pack, then kept.
    let wear = use_of(&g, "chain_mail", 0, 5);
    assert_eq!(ArsenalVetoes.may_use(&mut g.ctx(), &wear).unwrap(), None);
    g.pack[0] = None;
    ArsenalHooks.item_used(&mut g.ctx(), &wear).unwrap();
    assert_eq!(ArsenalHooks.attack_damage(&mut g.ctx(), &blow).unwrap(), Some(3), "5 less 2");
    let weak = Attack::melee(orc, EntityId::PLAYER, 2, "an orc");
    assert_eq!(ArsenalHooks.attack_damage(&mut g.ctx(), &weak).unwrap(), Some(1), "never below 1");
    let mine = Attack::melee(EntityId::PLAYER, orc, 5, "you");
    assert_eq!(ArsenalHooks.attack_damage(&mut g.ctx(), &mine).unwrap(), None, "the player's own blows: the weapon's");
    let panel = ArsenalHooks.panel_lines(&mut g.ctx()).unwrap();
    assert_eq!(panel, ["Enchanted armor +2"]);
    // Swapped for leather armor: the chain mail back in the pack is +2 again.
    carry(&mut g, 1, "leather_armor", "armor", &[("defense", 1)], 6);
    let swap = use_of(&g, "leather_armor", 1, 6);
    ArsenalVetoes.may_use(&mut g.ctx(), &swap).unwrap();
    g.pack[1] = None;
    g.pack[0] = Some(PackEntry { kind: "chain_mail".into(), count: 1, item: ItemId(7) });
    ArsenalHooks.item_used(&mut g.ctx(), &swap).unwrap();
    assert_eq!(g.item_store.get(&(ItemId(7), LEVEL.into())), Some(&2), "the level went back onto the chain mail");
    assert_eq!(ArsenalHooks.attack_damage(&mut g.ctx(), &blow).unwrap(), None, "plain leather armor");
}

#[test]
fn a_worn_ring_of_regeneration_heals_one_every_twelve_turns_over_its_level() {
    let mut g = game();
    carry(&mut g, 0, "ring_of_regeneration", "ring", &[("regeneration", 1)], 5);
    g.item_store.insert((ItemId(5), LEVEL.into()), 2);
    g.hurt_player(10);
    let hp = g.player().hp;
    for turn in 1..=12 {
        ArsenalHooks.turn_ended(&mut g.ctx(), turn).unwrap();
    }
    assert_eq!(g.player().hp, hp, "not worn: no healing of its own");
    g.item_store.insert((ItemId(5), WORN.into()), 1);
    for turn in 13..=24 {
        ArsenalHooks.turn_ended(&mut g.ctx(), turn).unwrap();
    }
    assert_eq!(g.player().hp, hp + 2, "worn at +2: 1 every 6 turns");
    g.item_store.insert((ItemId(5), LEVEL.into()), -1);
    for turn in 25..=48 {
        ArsenalHooks.turn_ended(&mut g.ctx(), turn).unwrap();
    }
    assert_eq!(g.player().hp, hp + 2, "a cursed one heals nothing");
}

#[test]
fn a_charm_rests_after_use_and_rests_less_at_a_higher_level() {
    let mut g = game();
    carry(&mut g, 0, "charm_of_health", "charm", &[("health", 1), ("recharge", 250), ("recharge_step", 20)], 5);
    g.item_store.insert((ItemId(5), LEVEL.into()), 1);
    g.hurt_player(20);
    let charm = use_of(&g, "charm_of_health", 0, 5);
    assert_eq!(Charm.use_item(&mut g.ctx(), &charm).unwrap(), UseOutcome::Kept);
    assert_eq!(g.player().hp, 22, "healed 12 at +1");
    assert_eq!(Charm.use_item(&mut g.ctx(), &charm).unwrap(), UseOutcome::NoTurn, "resting");
    for turn in 1..250 {
        ArsenalHooks.turn_ended(&mut g.ctx(), turn).unwrap();
    }
    assert_eq!(Charm.use_item(&mut g.ctx(), &charm).unwrap(), UseOutcome::NoTurn, "one turn of rest left");
    ArsenalHooks.turn_ended(&mut g.ctx(), 250).unwrap();
    assert_eq!(g.item_store.get(&(ItemId(5), WAIT.into())), Some(&0));
    // At +2 the rest is 200 turns.
    g.item_store.insert((ItemId(5), LEVEL.into()), 2);
    assert_eq!(Charm.use_item(&mut g.ctx(), &charm).unwrap(), UseOutcome::Kept);
    assert_eq!(g.item_store.get(&(ItemId(5), WAIT.into())), Some(&2000));
    let suffix = Charm.suffix(&mut g.ctx(), &charm).unwrap();
    assert_eq!(suffix.as_deref(), Some("+2 (rests 200)"));
}

#[test]
fn deeper_floors_hold_some_weapons_and_armor_already_enchanted_a_few_cursed() {
    let count = |floor: u32| -> (usize, usize, usize) {
        let mut g = game();
        g.add_item_record("chain_mail", "chain mail", "armor", &[("defense", 3)]);
        g.items.get_mut("chain_mail").unwrap().class = "armor".into();
        g.add_item_record("potion", "potion", "healing", &[]);
        let mut ids = Vec::new();
        for x in 1..19 {
            for y in 1..9 {
                let (id, _) = g.ctx().place_item_id("chain_mail", 1, Point::new(x, y)).unwrap();
                ids.push(id);
            }
        }
        let (potion, _) = g.ctx().place_item_id("potion", 1, Point::new(1, 1)).unwrap();
        ArsenalHooks.floor_entered(&mut g.ctx(), floor).unwrap();
        assert_eq!(g.item_store.get(&(potion, LEVEL.into())), None, "a potion is no gear");
        let levels: Vec<i64> = ids.iter().filter_map(|id| g.item_store.get(&(*id, LEVEL.into())).copied()).collect();
        assert!(levels.iter().all(|l| (-3..=3).contains(l) && *l != 0), "{levels:?}");
        (ids.len(), levels.len(), levels.iter().filter(|l| **l < 0).count())
    };
    assert_eq!(count(2).1, 0, "none above floor 3");
    let (all, enchanted, cursed) = count(8);
    assert!(enchanted * 100 > all * 10 && enchanted * 100 < all * 30, "about a fifth: {enchanted} of {all}");
    assert!(cursed > 0 && cursed * 2 < enchanted, "a few of them cursed: {cursed} of {enchanted}");
}

#[test]
fn a_charm_of_teleportation_lands_far_and_never_in_a_chasm() {
    let mut g = game().with_terrain("chasm", &[emberdeep_api::terrain_traits::DEADLY]);
    let from = g.player().pos;
    // Every cell 10 or more steps away is a chasm but one.
    let safe = Point::new(from.x + 12, from.y.clamp(1, 8));
    for y in 1..9 {
        for x in 1..19 {
            let p = Point::new(x, y);
            if from.steps_to(p) >= crate::ring::TELEPORT_AWAY && p != safe {
                g.terrain.insert(p, "chasm".into());
            }
        }
    }
    carry(&mut g, 0, "charm_of_teleportation", "charm", &[("teleportation", 1), ("recharge", 800)], 5);
    g.item_store.insert((ItemId(5), LEVEL.into()), 1);
    let charm = use_of(&g, "charm_of_teleportation", 0, 5);
    assert_eq!(Charm.use_item(&mut g.ctx(), &charm).unwrap(), UseOutcome::Kept);
    assert_eq!(g.player().pos, safe, "the one far cell that is not a chasm");
}

#[test]
fn a_charm_of_levitation_makes_the_player_float_longer_at_a_higher_level() {
    let mut g = game();
    carry(&mut g, 0, "charm_of_levitation", "charm", &[("levitation", 1), ("recharge", 500)], 5);
    g.item_store.insert((ItemId(5), LEVEL.into()), 2);
    let charm = use_of(&g, "charm_of_levitation", 0, 5);
    assert_eq!(Charm.use_item(&mut g.ctx(), &charm).unwrap(), UseOutcome::Kept);
    assert!(g.statuses.contains(&(EntityId::PLAYER, crate::ring::FLOATING.to_string(), 20)), "{:?}", g.statuses);
}

#[test]
fn a_charm_of_negation_ends_the_spells_on_the_player_and_on_what_it_sees() {
    let mut g = game();
    let orc = g.add_monster("orc", Point::new(4, 2), 20, Damage::new(2, 6), "melee");
    g.ctx().add_status(orc, "hasted", 10);
    g.ctx().add_status(EntityId::PLAYER, "poisoned", 5);
    carry(&mut g, 0, "charm_of_negation", "charm", &[("negation", 1), ("recharge", 600)], 5);
    g.item_store.insert((ItemId(5), LEVEL.into()), 1);
    let charm = use_of(&g, "charm_of_negation", 0, 5);
    assert_eq!(Charm.use_item(&mut g.ctx(), &charm).unwrap(), UseOutcome::Kept);
    assert!(g.statuses.is_empty(), "{:?}", g.statuses);
}
