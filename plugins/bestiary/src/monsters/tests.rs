//! The monsters' rules against the api's stand-in game.

use emberdeep_api::terrain_traits::{DEEP, GROUND, HAZARD, LIQUID};
use emberdeep_api::testing::TestGame;
use emberdeep_api::{Damage, Death, EntityId, Hurt, MonsterBrain, PluginError, Point, Registrar, Status, TerrainCode};

use super::brains::{Blinker, Cutpurse, Eel, Follower, Shaman, Slow, Spider, Summoned, FADES, SUMMONER};
use super::effects::{self, Poison};
use super::features::MimicChest;
use super::rules::DRAINED_KEY;

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    super::register(reg);
    Ok(())
}

fn game(w: i32, h: i32) -> TestGame {
    TestGame::new(w, h)
        .with_settings_of(register)
        .with_terrain("deep_water", &[LIQUID, DEEP])
        .with_terrain("caves_floor", &[GROUND])
        .with_terrain("trap_dart", &[HAZARD])
}

/// Every cell within the room's edge laid with `name`.
fn laid_all(g: &mut TestGame, name: &str) {
    for x in 1..g.width - 1 {
        for y in 1..g.height - 1 {
            g.terrain.insert(Point::new(x, y), name.into());
        }
    }
}

fn hurt(attacker: EntityId, target: EntityId, hp_left: i32) -> Hurt {
    Hurt { attacker, target, amount: 2, hp_left, how: "melee".into() }
}

#[test]
fn registers_its_brains_statuses_and_terrain() {
    let mut reg = Registrar::new("bestiary", "0.1.0");
    register(&mut reg).unwrap();
    let names = reg.names();
    for brain in ["erratic", "slow", "spider", "cutpurse", "shaman", "fleeting", "blinker", "eel", "follower"] {
        assert!(names.brains.iter().any(|b| b == brain), "{brain} in {:?}", names.brains);
    }
}

#[test]
fn a_golem_acts_one_turn_and_rests_the_next() {
    let mut g = game(8, 4);
    let golem = g.add_monster("stone_golem", Point::new(2, 1), 40, Damage::new(6, 6), "slow");
    for _ in 0..4 {
        Slow.act(&mut g.ctx(), golem).unwrap();
    }
    assert_eq!(g.attacks.len(), 2, "two blows in four turns");
}

#[test]
fn a_spider_webs_an_enemy_in_range_then_waits_its_turns() {
    let mut g = game(10, 3);
    let spider = g.add_monster("cave_spider", Point::new(4, 1), 8, Damage::new(1, 4), "spider");
    Spider.act(&mut g.ctx(), spider).unwrap();
    assert_eq!(g.statuses, [(EntityId::PLAYER, "webbed".to_string(), 2)]);
    assert_eq!(g.store.get(&(spider, "web_ready".to_string())), Some(&7));
    assert_eq!(g.events[0].0, "web");
    // Not ready again: it comes closer instead.
    g.statuses.clear();
    Spider.act(&mut g.ctx(), spider).unwrap();
    assert!(g.statuses.is_empty());
    assert_eq!(g.get(spider).unwrap().pos, Point::new(3, 1));
}

#[test]
fn a_spider_next_to_its_enemy_bites_rather_than_webs() {
    let mut g = game(10, 3);
    let spider = g.add_monster("cave_spider", Point::new(2, 1), 8, Damage::new(1, 4), "spider");
    Spider.act(&mut g.ctx(), spider).unwrap();
    assert!(g.statuses.is_empty());
    assert_eq!(g.attacks.len(), 1);
}

#[test]
fn a_vipers_bite_poisons_and_poison_burns_each_turn() {
    let mut g = game(8, 4);
    let viper = g.add_monster("viper", Point::new(2, 1), 6, Damage::new(1, 3), "melee");
    effects::hurt(&mut g.ctx(), &hurt(viper, EntityId::PLAYER, 20)).unwrap();
    assert_eq!(g.statuses, [(EntityId::PLAYER, "poisoned".to_string(), 4)]);
    Poison.each_turn(&mut g.ctx(), EntityId::PLAYER, 4).unwrap();
    assert_eq!(g.player().hp, 29);
    assert_eq!(g.attacks[0].kind.as_str(), "poison");
    // A bite that kills poisons nothing.
    g.statuses.clear();
    effects::hurt(&mut g.ctx(), &hurt(viper, EntityId::PLAYER, 0)).unwrap();
    assert!(g.statuses.is_empty());
}

#[test]
fn a_wraith_drains_most_health_down_to_the_floor_and_keeps_the_total() {
    let mut g = game(8, 4);
    let wraith = g.add_monster("wraith", Point::new(2, 1), 20, Damage::new(3, 6), "melee");
    effects::hurt(&mut g.ctx(), &hurt(wraith, EntityId::PLAYER, 20)).unwrap();
    effects::hurt(&mut g.ctx(), &hurt(wraith, EntityId::PLAYER, 20)).unwrap();
    assert_eq!(g.player().max_hp, 28);
    assert_eq!(g.store.get(&(EntityId::PLAYER, DRAINED_KEY.to_string())), Some(&2));
    g.creatures[0].max_hp = 10;
    effects::hurt(&mut g.ctx(), &hurt(wraith, EntityId::PLAYER, 9)).unwrap();
    assert_eq!(g.player().max_hp, 10, "never below 10");
    assert_eq!(g.store.get(&(EntityId::PLAYER, DRAINED_KEY.to_string())), Some(&2));
    // Its blow on a monster drains nothing.
    let rat = g.add_monster("giant_white_rat", Point::new(3, 1), 4, Damage::new(1, 3), "melee");
    effects::hurt(&mut g.ctx(), &hurt(wraith, rat, 3)).unwrap();
    assert_eq!(g.store.get(&(EntityId::PLAYER, DRAINED_KEY.to_string())), Some(&2));
}

#[test]
fn a_struck_ooze_splits_its_health_with_a_new_one() {
    let mut g = game(8, 5);
    let ooze = g.add_monster("gray_ooze", Point::new(3, 2), 9, Damage::new(1, 4), "melee");
    effects::hurt(&mut g.ctx(), &hurt(EntityId::PLAYER, ooze, 9)).unwrap();
    let oozes: Vec<_> = g.creatures.iter().filter(|c| c.kind.as_str() == "gray_ooze").collect();
    assert_eq!(oozes.len(), 2);
    assert_eq!((oozes[0].hp, oozes[1].hp), (5, 4));
    // Too small to split again.
    let small = oozes[1].id;
    g.creatures.iter_mut().find(|c| c.id == small).unwrap().hp = 5;
    effects::hurt(&mut g.ctx(), &hurt(EntityId::PLAYER, small, 5)).unwrap();
    assert_eq!(g.creatures.iter().filter(|c| c.kind.as_str() == "gray_ooze").count(), 2);
}

#[test]
fn an_ooze_splits_onto_any_plugin_s_open_ground_and_never_onto_a_trap() {
    // A cave's ground is open ground as the host's floor is.
    let mut g = game(8, 5);
    laid_all(&mut g, "caves_floor");
    let ooze = g.add_monster("gray_ooze", Point::new(3, 2), 9, Damage::new(1, 4), "melee");
    effects::hurt(&mut g.ctx(), &hurt(EntityId::PLAYER, ooze, 9)).unwrap();
    assert_eq!(g.creatures.iter().filter(|c| c.kind.as_str() == "gray_ooze").count(), 2, "split on cave ground");
    // Ringed by traps (walkable, but no open ground), it cannot split.
    let mut g = game(8, 5);
    laid_all(&mut g, "trap_dart");
    g.terrain.insert(Point::new(3, 2), "caves_floor".into());
    let ooze = g.add_monster("gray_ooze", Point::new(3, 2), 9, Damage::new(1, 4), "melee");
    effects::hurt(&mut g.ctx(), &hurt(EntityId::PLAYER, ooze, 9)).unwrap();
    assert_eq!(g.creatures.iter().filter(|c| c.kind.as_str() == "gray_ooze").count(), 1, "no room to split");
}

#[test]
fn a_chest_on_cave_ground_leaves_cave_ground() {
    let mut g = game(8, 4);
    laid_all(&mut g, "caves_floor");
    g.terrain.insert(Point::new(2, 1), "mimic_chest".into());
    g.creatures[0].pos = Point::new(2, 1);
    MimicChest.entered(&mut g.ctx(), EntityId::PLAYER, Point::new(2, 1)).unwrap();
    assert_eq!(g.terrain.get(&Point::new(2, 1)).map(String::as_str), Some("caves_floor"));
    assert!(g.creatures.iter().any(|c| c.kind.as_str() == "mimic"), "the mimic came out onto cave ground");
}

#[test]
fn a_fire_beetle_burns_everyone_next_to_where_it_died() {
    let mut g = game(8, 5);
    let rat = g.add_monster("giant_white_rat", Point::new(3, 2), 4, Damage::new(1, 3), "melee");
    let far = g.add_monster("giant_white_rat", Point::new(5, 3), 4, Damage::new(1, 3), "melee");
    let death =
        Death::new(EntityId(99), "fire_beetle", Point::new(2, 2)).by(EntityId::PLAYER, "player", "melee", "you");
    effects::died(&mut g.ctx(), &death).unwrap();
    let burnt: Vec<EntityId> = g.attacks.iter().map(|a| a.target).collect();
    assert_eq!(
        burnt,
        [rat, EntityId::PLAYER],
        "the rat at 3,2 (east) and the player at 1,1 (north-west); not the far one"
    );
    assert!(!burnt.contains(&far));
    assert!(g.attacks.iter().all(|a| a.kind.as_str() == "fire" && (2..=6).contains(&a.damage)));
}

#[test]
fn eels_come_only_into_pools_of_deep_water_big_enough() {
    let mut g = game(20, 10);
    g.floor = 4;
    for x in 3..6 {
        for y in 2..4 {
            g.terrain.insert(Point::new(x, y), "deep_water".into()); // 6 cells: one eel
        }
    }
    for x in 12..14 {
        g.terrain.insert(Point::new(x, 5), "deep_water".into()); // 2 cells: none
    }
    effects::floor_entered(&mut g.ctx(), 4).unwrap();
    let eels: Vec<_> = g.creatures.iter().filter(|c| c.kind.as_str() == "eel").collect();
    assert_eq!(eels.len(), 1);
    assert!((3..6).contains(&eels[0].pos.x) && (2..4).contains(&eels[0].pos.y));
    // Without deep water, none; and none above the first floor for eels.
    let mut dry = game(20, 10);
    effects::floor_entered(&mut dry.ctx(), 4).unwrap();
    assert_eq!(dry.creatures.len(), 1);
    effects::floor_entered(&mut g.ctx(), 2).unwrap();
    assert_eq!(g.creatures.iter().filter(|c| c.kind.as_str() == "eel").count(), 1);
}

#[test]
fn an_eel_never_leaves_the_water() {
    let mut g = game(12, 5);
    for x in 2..6 {
        g.terrain.insert(Point::new(x, 3), "deep_water".into());
    }
    let eel = g.add_monster("eel", Point::new(5, 3), 14, Damage::new(3, 7), "eel");
    g.creatures[0].pos = Point::new(9, 1); // on land, in sight
    for _ in 0..20 {
        Eel.act(&mut g.ctx(), eel).unwrap();
        let at = g.get(eel).unwrap().pos;
        assert_eq!(g.terrain.get(&at).map(String::as_str), Some("deep_water"), "at {at:?}");
    }
    assert!(g.attacks.is_empty(), "the player is out of reach");
    // Beside the water, it bites.
    g.creatures[0].pos = Point::new(6, 2);
    Eel.act(&mut g.ctx(), eel).unwrap();
    assert_eq!(g.attacks.len(), 1);
}

#[test]
fn a_raider_goes_back_to_its_chief_and_stays_near() {
    let mut g = game(20, 5);
    g.creatures[0].pos = Point::new(1, 1);
    g.hidden.insert(Point::new(1, 1));
    let chief = g.add_monster("goblin_warchief", Point::new(8, 3), 18, Damage::new(3, 7), "melee");
    let raider = g.add_monster("goblin_raider", Point::new(14, 3), 8, Damage::new(2, 4), "follower");
    g.creatures.iter_mut().for_each(|c| c.sight = 3);
    for _ in 0..8 {
        Follower.act(&mut g.ctx(), raider).unwrap();
    }
    assert_eq!(g.get(raider).unwrap().pos.steps_to(Point::new(8, 3)), 2);
    assert_eq!(g.store.get(&(raider, "leader".to_string())), Some(&i64::from(chief.0)));
}

#[test]
fn a_shaman_calls_two_hounds_on_its_own_side_which_fade() {
    let mut g = game(12, 6);
    let shaman = g.add_monster("goblin_shaman", Point::new(5, 3), 10, Damage::new(1, 3), "shaman");
    g.sides.insert(shaman, "player".into());
    let _kobold = g.add_monster("kobold", Point::new(9, 3), 7, Damage::new(2, 4), "melee");
    Shaman.act(&mut g.ctx(), shaman).unwrap();
    let hounds: Vec<EntityId> =
        g.creatures.iter().filter(|c| c.kind.as_str() == "spirit_hound").map(|c| c.id).collect();
    assert_eq!(hounds.len(), 2);
    for &h in &hounds {
        assert_eq!(g.side(h), "player");
        assert_eq!(g.store.get(&(h, SUMMONER.to_string())), Some(&i64::from(shaman.0)));
    }
    // Two live: no more called, even once ready.
    g.turn = 20;
    Shaman.act(&mut g.ctx(), shaman).unwrap();
    assert_eq!(g.creatures.iter().filter(|c| c.kind.as_str() == "spirit_hound").count(), 2);
    let fades = g.store[&(hounds[0], FADES.to_string())];
    assert_eq!(fades, 15);
    Summoned.act(&mut g.ctx(), hounds[0]).unwrap();
    assert_eq!(g.removed, [hounds[0]]);
}

#[test]
fn a_cutpurse_takes_a_stack_and_runs() {
    let mut g = game(10, 3);
    g.add_item_record("healing_potion", "potion of healing", "healing", &[]);
    g.pack[0] =
        Some(emberdeep_api::PackEntry { kind: "healing_potion".into(), count: 2, item: emberdeep_api::ItemId(3) });
    let thief = g.add_monster("cutpurse", Point::new(2, 1), 8, Damage::new(1, 3), "cutpurse");
    Cutpurse.act(&mut g.ctx(), thief).unwrap();
    assert!(g.pack[0].is_none());
    assert_eq!(g.carried[&thief].len(), 1);
    assert!(g.attacks.is_empty());
    Cutpurse.act(&mut g.ctx(), thief).unwrap();
    assert_eq!(g.get(thief).unwrap().pos, Point::new(3, 1), "it runs");
}

#[test]
fn a_wisp_far_off_blinks_beside_its_enemy_sooner_or_later() {
    let mut g = game(16, 8);
    let wisp = g.add_monster("will_o_wisp", Point::new(6, 5), 9, Damage::new(2, 5), "blinker");
    g.creatures.iter_mut().for_each(|c| c.sight = 9);
    for _ in 0..10 {
        Blinker.act(&mut g.ctx(), wisp).unwrap();
        if !g.placed.is_empty() {
            break;
        }
    }
    let (_, at) = g.placed[0];
    assert!(at.steps_to(Point::new(1, 1)) == 1 || at.steps_to(Point::new(1, 1)) >= 3, "{at:?}");
}

#[test]
fn a_chest_the_player_steps_on_becomes_a_mimic_that_bites() {
    let mut g = game(8, 4);
    g.terrain.insert(Point::new(2, 1), "mimic_chest".into());
    g.creatures[0].pos = Point::new(2, 1);
    MimicChest.entered(&mut g.ctx(), EntityId::PLAYER, Point::new(2, 1)).unwrap();
    assert_eq!(g.terrain.get(&Point::new(2, 1)).map(String::as_str), Some("floor"));
    let mimic = g.creatures.iter().find(|c| c.kind.as_str() == "mimic").expect("a mimic").id;
    assert_eq!(g.attacks.len(), 1);
    assert_eq!((g.attacks[0].attacker, g.attacks[0].target), (mimic, EntityId::PLAYER));
    // A monster passing over a chest wakes nothing.
    let mut h = game(8, 4);
    h.terrain.insert(Point::new(3, 2), "mimic_chest".into());
    let rat = h.add_monster("giant_white_rat", Point::new(3, 2), 4, Damage::new(1, 3), "melee");
    MimicChest.entered(&mut h.ctx(), rat, Point::new(3, 2)).unwrap();
    assert_eq!(h.creatures.len(), 2);
}
