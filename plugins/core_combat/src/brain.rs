//! The `melee` brain: next to the player it sees, attack; seeing the player
//! further off, step to the free neighbour nearest it; not seeing it,
//! wander one random step, as the chapter has it (a corner can save your
//! life), unless the host gives the monster somewhere to go: where a kind
//! with the `tracks` trait last saw the player, or a noise any kind heard
//! and comes to look at, or where a blow from the player came from.

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
            // The host keeps a goal only for what the rules say a monster
            // follows out of sight (see docs/rules.md, "The melee brain").
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
