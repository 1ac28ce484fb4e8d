//! The three monsters that fly (their records carry the host's `flies`
//! trait; `data/depths/monsters.toml`), what each does that a player
//! learns, and the plugin's hooks: the turn's end sweep of chasms and lava.
//!
//! * the vampire bat drinks: it heals by what its bite deals;
//! * the harpy's wings buffet: a hit shoves its target one cell straight
//!   back, one time in two, and a target shoved over a chasm falls;
//! * the ash phantom, hurt to half its health or less, flies over the
//!   nearest chasm or lava and hovers there healing until it is whole.

use emberdeep_api::terrain_traits::DEADLY;
use emberdeep_api::{Ctx, EntityId, Hooks, Hurt, MessageKind, MonsterBrain, PluginResult, Point};

use crate::{hazards, rules};

/// The vampire bat's kind.
pub const VAMPIRE_BAT: &str = "vampire_bat";
/// The harpy's kind.
pub const HARPY: &str = "harpy";
/// The ash phantom's kind.
pub const PHANTOM: &str = "ash_phantom";
/// The phantom's brain.
pub const PHANTOM_BRAIN: &str = "depths_phantom";

/// The plugin's hooks.
pub struct DepthsHooks;

impl Hooks for DepthsHooks {
    fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        hazards::sweep(ctx);
        for c in ctx.floor_creatures() {
            if c.kind.as_str() == PHANTOM && ctx.terrain_has(c.pos, DEADLY) {
                ctx.heal(c.id, rules::PHANTOM_HEALS);
            }
        }
        Ok(())
    }

    fn hurt(&self, ctx: &mut Ctx<'_>, hurt: &Hurt) -> PluginResult<()> {
        if hurt.amount <= 0 || hurt.attacker == hurt.target {
            return Ok(());
        }
        let Some(attacker) = ctx.creature(hurt.attacker) else { return Ok(()) };
        match attacker.kind.as_str() {
            VAMPIRE_BAT => {
                ctx.heal(hurt.attacker, hurt.amount * rules::BAT_DRINKS_PERCENT / 100);
            }
            HARPY if hurt.hp_left > 0 && ctx.roll(1, 100) <= rules::HARPY_SHOVE_PERCENT => {
                shove(ctx, attacker.pos, hurt.target);
            }
            _ => {}
        }
        Ok(())
    }
}

/// The cell one step from `target` straight away from `from`.
pub fn shoved_to(from: Point, target: Point) -> Point {
    target.offset((target.x - from.x).signum(), (target.y - from.y).signum())
}

/// The harpy's buffet: `target` goes one cell straight back from `from`
/// if that cell is free; over a chasm or lava, it meets it at once.
fn shove(ctx: &mut Ctx<'_>, from: Point, target: EntityId) {
    let Some(at) = ctx.position(target) else { return };
    let to = shoved_to(from, at);
    if !ctx.is_free(to) || !ctx.place(target, to) {
        return;
    }
    if target.is_player() {
        ctx.message("The harpy's wings buffet you back!", MessageKind::Danger);
    }
    hazards::befall(ctx, target, to);
}

/// The nearest cell of chasm or lava within `reach` of `from` (by steps;
/// ties in reading order), if any.
fn refuge(ctx: &mut Ctx<'_>, from: Point, reach: i32) -> Option<Point> {
    let mut best: Option<(i32, Point)> = None;
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let p = from.offset(dx, dy);
            let d = dx.abs().max(dy.abs());
            if best.is_some_and(|(b, _)| b <= d) || !ctx.terrain_has(p, DEADLY) || !ctx.is_free(p) {
                continue;
            }
            best = Some((d, p));
        }
    }
    best.map(|(_, p)| p)
}

/// The ash phantom's brain: fights as `melee` does, but hurt to half its
/// health or less it flies to a chasm or lava near it and hovers there
/// until whole (the hooks heal it there each turn).
pub struct Phantom;

impl MonsterBrain for Phantom {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(it) = ctx.creature(me) else { return Ok(()) };
        let over = ctx.terrain_has(it.pos, DEADLY);
        if over && it.hp < it.max_hp {
            return Ok(());
        }
        if !over && it.hp * 2 <= it.max_hp {
            if let Some(to) = refuge(ctx, it.pos, rules::PHANTOM_REFUGE_REACH) {
                if let Some(step) = ctx.step_toward(me, to) {
                    ctx.move_creature(me, step);
                    return Ok(());
                }
            }
        }
        ctx.run_brain(me, "melee");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hazards::tests::room;
    use emberdeep_api::Damage;

    fn hurt(attacker: EntityId, target: EntityId, amount: i32, hp_left: i32) -> Hurt {
        Hurt { attacker, target, amount, hp_left, how: "melee".into() }
    }

    #[test]
    fn the_vampire_bat_heals_by_its_bite() {
        let mut game = room();
        let bat = game.add_monster(VAMPIRE_BAT, Point::new(2, 1), 9, Damage::new(1, 4), "melee");
        game.creatures.iter_mut().find(|c| c.id == bat).unwrap().hp = 3;
        DepthsHooks.hurt(&mut game.ctx(), &hurt(bat, EntityId::PLAYER, 3, 10)).unwrap();
        assert_eq!(game.creatures.iter().find(|c| c.id == bat).unwrap().hp, 6);
    }

    #[test]
    fn a_harpy_shoves_the_player_over_a_chasm_who_falls() {
        let mut game = room();
        let harpy = game.add_monster(HARPY, Point::new(3, 3), 16, Damage::new(2, 5), "melee");
        game.creatures[0].pos = Point::new(4, 3);
        game.terrain.insert(Point::new(5, 3), rules::CHASM.into());
        for _ in 0..20 {
            DepthsHooks.hurt(&mut game.ctx(), &hurt(harpy, EntityId::PLAYER, 2, 10)).unwrap();
            if !game.descents.is_empty() {
                break;
            }
        }
        assert_eq!(game.placed.first(), Some(&(EntityId::PLAYER, Point::new(5, 3))));
        assert_eq!(game.descents, [rules::LANDED]);
    }

    #[test]
    fn a_phantom_hurt_badly_flies_to_the_chasm_and_heals_there() {
        let mut game = room();
        game.flying_kinds.insert(PHANTOM.into());
        let phantom = game.add_monster(PHANTOM, Point::new(3, 3), 24, Damage::new(3, 7), PHANTOM_BRAIN);
        game.terrain.insert(Point::new(6, 3), rules::CHASM.into());
        game.creatures.iter_mut().find(|c| c.id == phantom).unwrap().hp = 10;
        for _ in 0..6 {
            Phantom.act(&mut game.ctx(), phantom).unwrap();
        }
        let at = game.creatures.iter().find(|c| c.id == phantom).unwrap().pos;
        assert_eq!(at, Point::new(6, 3), "it hovers over the chasm");
        DepthsHooks.turn_ended(&mut game.ctx(), 1).unwrap();
        assert!(game.removed.is_empty(), "a flier does not fall");
        assert_eq!(game.creatures.iter().find(|c| c.id == phantom).unwrap().hp, 10 + rules::PHANTOM_HEALS);
    }
}
