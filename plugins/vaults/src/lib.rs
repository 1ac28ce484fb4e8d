//! # vaults: map pieces and the terrains they are built of
//!
//! Fourteen map pieces in `data/vaults/pieces.toml`, which the game's
//! generator lays into the rooms of floors 1 to 12 (each piece `needs` the
//! plugins whose monsters and items it names, and is skipped without
//! them), and seven terrains of this plugin's own, each with a glyph, a
//! colour and a tile of its own sheet (`data/vaults/tiles.png`):
//!
//! * a **secret door** ([`rules::SECRET_DOOR`]) hides as wall
//!   ([`TerrainHidden::AsWall`]): it blocks steps and sight until found.
//!   A player who ends [`rules::DRAUGHT_TURNS`] turns in a row beside one
//!   finds it (a draught is felt after [`rules::DRAUGHT_HINT`]); stepping
//!   is then free;
//! * **altars** ([`rules::ALTAR`]), each with an offering on the cell below
//!   it: picking up one altar's offering turns it cold and slams iron
//!   bars ([`rules::BARS`]) down on the offering cell of every other altar
//!   of the choice (those within [`rules::CHOICE_REACH`]): the other item
//!   stays in sight, out of reach. A creature standing on that cell delays
//!   the bars to the end of a turn it has left;
//! * bookshelves, a shrine's pool and rubble, which only show and block.
//!
//! The hooks read the game and ask [`rules`] what follows.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{
    export_plugin, Ctx, EntityId, Hooks, MessageKind, PluginError, PluginResult, Point, Registrar, TerrainHidden,
    TerrainSpec,
};

use rules::{Draught, ALTAR, ALTAR_SPENT, BARS, DRAUGHT_KEY, SEAL_X, SEAL_Y, SECRET_DOOR};

/// The plugin's hooks: the draught of secret doors, the altars' choice.
pub struct Vaults;

impl Hooks for Vaults {
    /// Each turn: a seal still to lay is tried again, and the player's
    /// turns beside hidden secret doors are counted.
    fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        lay_pending_seal(ctx);
        let here = ctx.player()?.pos;
        let doors: Vec<Point> =
            rules::around(here).filter(|&p| ctx.terrain_hidden(p) && ctx.terrain_at(p) == SECRET_DOOR).collect();
        let count = ctx.store_get(EntityId::PLAYER, DRAUGHT_KEY).unwrap_or(0);
        let (next, what) = rules::draught(count, !doors.is_empty());
        if next != count {
            ctx.store_set(EntityId::PLAYER, DRAUGHT_KEY, next);
        }
        match what {
            Draught::Nothing => {}
            Draught::Hint => ctx.message(rules::HINT_LINE, MessageKind::Info),
            Draught::Found => {
                for door in doors {
                    ctx.reveal_terrain(door);
                }
            }
        }
        Ok(())
    }

    /// The player picked something up: standing on an altar's offering
    /// cell, the choice is made.
    fn picked_up(&self, ctx: &mut Ctx<'_>, kind: &str, _count: u32) -> PluginResult<()> {
        let here = ctx.player()?.pos;
        let altar = rules::altar_of(here);
        if ctx.terrain_at(altar) != ALTAR {
            return Ok(());
        }
        ctx.set_terrain(altar, ALTAR_SPENT);
        ctx.event("altar_chosen", &[("x", altar.x.into()), ("y", altar.y.into()), ("item", kind.into())]);
        let others: Vec<Point> = rules::choice_cells(altar).filter(|&p| ctx.terrain_at(p) == ALTAR).collect();
        for other in &others {
            ctx.set_terrain(*other, ALTAR_SPENT);
            seal(ctx, rules::offering_of(*other));
        }
        ctx.message(rules::choice_line(others.len()), MessageKind::Info);
        Ok(())
    }

    /// A new floor: nothing counted or pending is carried down.
    fn floor_entered(&self, ctx: &mut Ctx<'_>, _floor: u32) -> PluginResult<()> {
        for key in [DRAUGHT_KEY, SEAL_X, SEAL_Y] {
            ctx.store_remove(EntityId::PLAYER, key);
        }
        Ok(())
    }
}

/// Bars the offering cell `at`; if a creature stands there, the seal waits
/// in the player's store for the end of a turn the cell is free.
fn seal(ctx: &mut Ctx<'_>, at: Point) {
    if ctx.creature_at(at).is_none() && ctx.set_terrain(at, BARS) {
        ctx.event("altar_sealed", &[("x", at.x.into()), ("y", at.y.into())]);
    } else {
        ctx.store_set(EntityId::PLAYER, SEAL_X, i64::from(at.x));
        ctx.store_set(EntityId::PLAYER, SEAL_Y, i64::from(at.y));
    }
}

/// Lays the seal still to lay, if the cell is free now.
fn lay_pending_seal(ctx: &mut Ctx<'_>) {
    let (Some(x), Some(y)) = (ctx.store_get(EntityId::PLAYER, SEAL_X), ctx.store_get(EntityId::PLAYER, SEAL_Y)) else {
        return;
    };
    let at = Point::new(x as i32, y as i32);
    if ctx.creature_at(at).is_none() && ctx.set_terrain(at, BARS) {
        ctx.store_remove(EntityId::PLAYER, SEAL_X);
        ctx.store_remove(EntityId::PLAYER, SEAL_Y);
        ctx.event("altar_sealed", &[("x", at.x.into()), ("y", at.y.into())]);
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Vaults laid into rooms: secret doors and altars with a choice", "");
    for (name, label, glyph, color, walkable, transparent, description) in rules::TERRAINS {
        let mut spec =
            TerrainSpec::new(label, rules::look(name, glyph, color), walkable, transparent).described(description);
        if name == SECRET_DOOR {
            spec = spec.hidden(TerrainHidden::AsWall);
        }
        reg.terrain(name, spec.traits(rules::traits_of(name)), ());
    }
    reg.hooks(Vaults);
    reg.stored(DRAUGHT_KEY, 0, rules::DRAUGHT_TURNS);
    reg.stored(SEAL_X, 0, 1000);
    reg.stored(SEAL_Y, 0, 1000);
    reg.event("altar_chosen", &["x", "y", "item"]);
    reg.event("altar_sealed", &["x", "y"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;

    #[test]
    fn registers_seven_terrains_the_secret_door_hidden_as_wall() {
        let mut reg = Registrar::new("vaults", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!(names.terrains.len(), 7);
        assert!(names.terrains.iter().all(|t| t.starts_with("vaults_")));
    }

    #[test]
    fn four_turns_beside_a_hidden_door_find_it_and_a_turn_away_starts_again() {
        let mut game = TestGame::new(10, 6);
        game.creatures[0].pos = Point::new(3, 3);
        game.lay_hidden(Point::new(4, 3), SECRET_DOOR);
        for turn in 1..=3 {
            Vaults.turn_ended(&mut game.ctx(), turn).unwrap();
        }
        assert!(game.found.is_empty(), "three turns are not enough");
        assert_eq!(game.messages, [rules::HINT_LINE], "a draught after two");
        Vaults.turn_ended(&mut game.ctx(), 4).unwrap();
        assert_eq!(game.found, [Point::new(4, 3)], "found on the fourth");
    }

    #[test]
    fn stepping_away_from_the_door_starts_the_count_again() {
        let mut game = TestGame::new(12, 6);
        game.creatures[0].pos = Point::new(3, 3);
        game.lay_hidden(Point::new(4, 3), SECRET_DOOR);
        for turn in 1..=3 {
            Vaults.turn_ended(&mut game.ctx(), turn).unwrap();
        }
        game.creatures[0].pos = Point::new(8, 3);
        Vaults.turn_ended(&mut game.ctx(), 4).unwrap();
        game.creatures[0].pos = Point::new(3, 3);
        for turn in 5..=7 {
            Vaults.turn_ended(&mut game.ctx(), turn).unwrap();
        }
        assert!(game.found.is_empty(), "the count began again after the step away");
        Vaults.turn_ended(&mut game.ctx(), 8).unwrap();
        assert_eq!(game.found, [Point::new(4, 3)]);
    }

    /// Two altars four cells apart, their offerings below them, the
    /// player on the left offering.
    fn altars() -> TestGame {
        let mut game = TestGame::new(12, 6);
        game.terrain.insert(Point::new(3, 1), ALTAR.into());
        game.terrain.insert(Point::new(7, 1), ALTAR.into());
        game.creatures[0].pos = Point::new(3, 2);
        game
    }

    #[test]
    fn taking_one_offering_bars_the_other_and_cools_both_altars() {
        let mut game = altars();
        Vaults.picked_up(&mut game.ctx(), "long_sword", 1).unwrap();
        assert_eq!(game.terrain[&Point::new(3, 1)], ALTAR_SPENT);
        assert_eq!(game.terrain[&Point::new(7, 1)], ALTAR_SPENT);
        assert_eq!(game.terrain[&Point::new(7, 2)], BARS, "the other offering is barred");
        assert!(!game.terrain.contains_key(&Point::new(3, 2)), "the player's own cell is left");
        let names: Vec<&str> = game.events.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["altar_chosen", "altar_sealed"]);
        assert_eq!(game.messages, [rules::choice_line(1)]);
        // A second pick-up there (the item dropped and taken again) does nothing.
        let changes = game.terrain_changes.len();
        Vaults.picked_up(&mut game.ctx(), "long_sword", 1).unwrap();
        assert_eq!(game.terrain_changes.len(), changes);
    }

    #[test]
    fn a_pick_up_away_from_an_altar_changes_nothing() {
        let mut game = altars();
        game.creatures[0].pos = Point::new(5, 3);
        Vaults.picked_up(&mut game.ctx(), "dagger", 1).unwrap();
        assert!(game.terrain_changes.is_empty() && game.events.is_empty());
    }

    #[test]
    fn a_creature_on_the_other_offering_delays_the_bars_until_it_leaves() {
        let mut game = altars();
        let rat = game.add_monster("rat", Point::new(7, 2), 3, emberdeep_api::Damage::new(1, 2), "melee");
        Vaults.picked_up(&mut game.ctx(), "long_sword", 1).unwrap();
        assert!(!game.terrain.contains_key(&Point::new(7, 2)), "not under the rat");
        assert_eq!(game.store.get(&(EntityId::PLAYER, SEAL_X.to_string())).copied(), Some(7));
        Vaults.turn_ended(&mut game.ctx(), 1).unwrap();
        assert!(!game.terrain.contains_key(&Point::new(7, 2)), "the rat is still there");
        game.creatures.iter_mut().find(|c| c.id == rat).unwrap().pos = Point::new(8, 3);
        Vaults.turn_ended(&mut game.ctx(), 2).unwrap();
        assert_eq!(game.terrain[&Point::new(7, 2)], BARS, "barred once it left");
        assert_eq!(game.store.get(&(EntityId::PLAYER, SEAL_X.to_string())).copied(), None);
    }
}
