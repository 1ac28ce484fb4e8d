//! The `melee` brain: can't see the player, wander one random step (or walk
//! to where the player was last seen or heard); next to the player, attack;
//! otherwise step to the free neighbour nearest the player.

use emberdeep_api::{Ctx, EntityId, MonsterBrain, PluginResult};

use crate::blow::strike;

/// The brain named `melee` in monster records.
pub struct Melee;

impl MonsterBrain for Melee {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(monster) = ctx.creature(me) else { return Ok(()) };
        let player = ctx.creature(EntityId::PLAYER).ok_or("no player")?;
        if ctx.sees_player(me) {
            if monster.pos.is_adjacent(player.pos) {
                strike(ctx, &monster, &player);
            } else if let Some(step) = ctx.step_toward(me, player.pos) {
                ctx.move_creature(me, step);
            }
        } else if let Some(goal) = ctx.hunt_goal(me) {
            if let Some(step) = ctx.step_toward(me, goal) {
                ctx.move_creature(me, step);
            }
        } else {
            // One random step, if that way is free; the die is rolled either way.
            ctx.wander(me);
        }
        Ok(())
    }
}
