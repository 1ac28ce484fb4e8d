//! The fields' rules in a stand-in game.

use emberdeep_api::testing::TestGame;
use emberdeep_api::{Point, Registrar};

use super::*;

/// A 12 x 8 room knowing the plugin's fields and terrains, a strip of
/// grass along row 3 from x 2 to 9, and a pool of water at (6, 5).
fn meadow() -> TestGame {
    let mut game = TestGame::new(12, 8)
        .with_terrain(GRASS, &[GROUND, BURNABLE])
        .with_terrain(BURNT, &[GROUND])
        .with_terrain("pool", &[emberdeep_api::terrain_traits::LIQUID]);
    for name in [FIRE, SMOKE, POISON_GAS, CONFUSION_GAS, METHANE] {
        game = game.with_field(name);
    }
    for x in 2..=9 {
        game.terrain.insert(Point::new(x, 3), GRASS.into());
    }
    game.terrain.insert(Point::new(6, 5), "pool".into());
    game.creatures[0].pos = Point::new(10, 6);
    game
}

fn burning(game: &TestGame) -> Vec<Point> {
    game.fields[FIRE].keys().copied().collect()
}

#[test]
fn registers_its_fields_terrains_and_brains() {
    let mut reg = Registrar::new("fields", "0.1.0");
    register(&mut reg).expect("register");
    let names = reg.names();
    assert_eq!(names.terrains, [GRASS, BURNT, GAS_TRAP, FIRE_TRAP]);
    assert_eq!(names.brains, [STAGGER_BRAIN, SALAMANDER, ZOMBIE]);
}

#[test]
fn fire_spreads_along_the_grass_only_and_burns_out_to_burnt_ground() {
    let mut game = meadow();
    assert!(spread::ignite(&mut game.ctx(), Point::new(2, 3), FIRE_CATCH, "test"));
    let mut most_x = 2;
    for _ in 0..60 {
        spread::turn(&mut game.ctx());
        for p in burning(&game) {
            assert!(p.y == 3, "fire only on the grass: {p:?}");
            most_x = most_x.max(p.x);
        }
    }
    assert_eq!(most_x, 9, "the fire ran the length of the grass");
    assert!(burning(&game).is_empty(), "and burnt out");
    for x in 2..=9 {
        assert_eq!(game.terrain[&Point::new(x, 3)], BURNT, "burnt at {x}");
    }
    assert!(game.events.iter().any(|(name, _)| name == "ignited"));
}

#[test]
fn fire_on_bare_floor_does_not_spread_and_goes_out() {
    let mut game = meadow();
    assert!(spread::ignite(&mut game.ctx(), Point::new(5, 1), FIRE_FLASH, "test"));
    spread::turn(&mut game.ctx());
    assert_eq!(burning(&game), [Point::new(5, 1)]);
    for _ in 0..4 {
        spread::turn(&mut game.ctx());
    }
    assert!(burning(&game).is_empty());
    assert!(!game.fields[SMOKE].is_empty(), "it left smoke");
}

#[test]
fn water_puts_fire_out_and_never_catches() {
    let mut game = meadow();
    assert!(!spread::ignite(&mut game.ctx(), Point::new(6, 5), FIRE_CATCH, "test"), "water does not burn");
    // Fire laid on the water by another plugin goes out at the turn's end.
    game.fields.get_mut(FIRE).unwrap().insert(Point::new(6, 5), 100);
    spread::turn(&mut game.ctx());
    assert!(burning(&game).is_empty());
}

#[test]
fn caustic_gas_drifts_thins_and_harms_whoever_stands_in_it() {
    let mut game = meadow();
    let hp = game.player().hp;
    game.ctx().set_field(POISON_GAS, Point::new(10, 6), TRAP_GAS);
    spread::turn(&mut game.ctx());
    assert!(game.fields[POISON_GAS].len() >= 4, "it drifted: {:?}", game.fields[POISON_GAS]);
    assert!(game.player().hp < hp, "it harmed the player");
    let total = |g: &TestGame| g.fields[POISON_GAS].values().sum::<i32>();
    let before = total(&game);
    spread::turn(&mut game.ctx());
    assert!(total(&game) < before, "it thins");
    for _ in 0..80 {
        spread::turn(&mut game.ctx());
    }
    assert!(game.fields[POISON_GAS].is_empty(), "and is gone");
}

#[test]
fn fire_touching_methane_bursts_the_whole_cloud() {
    let mut game = meadow();
    for x in 3..=7 {
        game.ctx().set_field(METHANE, Point::new(x, 1), 100);
    }
    spread::ignite(&mut game.ctx(), Point::new(2, 1), FIRE_FLASH, "test");
    spread::turn(&mut game.ctx());
    assert!(game.fields[METHANE].is_empty(), "the cloud is gone");
    for x in 3..=7 {
        assert!(game.fields[FIRE].contains_key(&Point::new(x, 1)), "fire at {x}");
    }
    assert!(game.events.iter().any(|(name, _)| name == "gas_burst"));
}
