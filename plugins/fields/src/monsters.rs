//! The brains of the plugin's monsters, and of a staggering one.

use emberdeep_api::terrain_traits::LIQUID;
use emberdeep_api::{Ctx, EntityId, MonsterBrain, PluginResult, DIRECTIONS};

use crate::rules::{self, CONFUSION_GAS};
use crate::spread;

/// The brain the monsters fight with, registered by core_combat.
const MELEE: &str = "melee";

/// Fights as a `melee` monster does; should that brain be missing, wanders.
fn fight(ctx: &mut Ctx<'_>, me: EntityId) {
    if !ctx.run_brain(me, MELEE) {
        ctx.wander(me);
    }
}

/// `salamander`: fights as `melee`, and leaves fire on the cell it left.
pub struct Salamander;

impl MonsterBrain for Salamander {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let before = ctx.position(me);
        fight(ctx, me);
        if let (Some(was), Some(now)) = (before, ctx.position(me)) {
            if was != now && !ctx.terrain_has(was, LIQUID) {
                spread::ignite(ctx, was, rules::FIRE_FLASH, "salamander");
            }
        }
        Ok(())
    }
}

/// `zombie`: fights as `melee`, breathing its stench (confusion gas) out
/// on the cells around it.
pub struct Zombie;

impl MonsterBrain for Zombie {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        fight(ctx, me);
        let Some(at) = ctx.position(me) else { return Ok(()) };
        ctx.add_field(CONFUSION_GAS, at, rules::ZOMBIE_GAS);
        Ok(())
    }
}

/// A confused monster: it staggers one step at random, or, half the time,
/// fights as it would.
pub struct Staggering;

impl MonsterBrain for Staggering {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        if ctx.roll(1, 100) <= rules::STAGGER_PERCENT {
            let Some(at) = ctx.position(me) else { return Ok(()) };
            let (dx, dy) = DIRECTIONS[ctx.roll(0, DIRECTIONS.len() as i32 - 1) as usize];
            let to = at.offset(dx, dy);
            if ctx.is_free(to) {
                ctx.move_creature(me, to);
            }
        } else {
            fight(ctx, me);
        }
        Ok(())
    }
}
