//! The `melee` brain: next to the nearest enemy it sees (the player, or
//! one of another side: the player's allies for a monster, the monsters for
//! an ally), attack; seeing it further off, step to the free neighbour
//! nearest it; seeing none, wander one random step, as the chapter has it
//! (a corner can save your life), unless the host gives the monster
//! somewhere to go: where a kind with the `tracks` trait last saw the
//! player, or a noise any kind heard and comes to look at, or where a blow
//! from the player came from. An ally with nothing to fight follows the
//! player (the host's step, `follow_player`).

use emberdeep_api::{Ctx, EntityId, MonsterBrain, PluginResult};

use crate::blow::strike;

/// The brain named `melee` in monster records.
pub struct Melee;

impl MonsterBrain for Melee {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(here) = ctx.position(me) else { return Ok(()) };
        // The nearest enemy it sees: the player, or (since sides) one of
        // the player's allies, or a monster when it is an ally itself.
        // Only places are asked for until a blow needs the two creatures'
        // numbers (`creature` copies names, and the player's defense costs
        // the plugins that derive it a call each).
        let target = ctx.nearest_enemy(me).and_then(|id| Some((id, ctx.position(id)?)));
        if let Some((target, there)) = target {
            if here.is_adjacent(there) {
                if let (Some(monster), Some(target)) = (ctx.creature(me), ctx.creature(target)) {
                    strike(ctx, &monster, &target);
                }
            } else if let Some(step) = ctx.step_toward(me, there) {
                ctx.move_creature(me, step);
            }
        } else if let Some(goal) = ctx.hunt_goal(me) {
            // The host keeps a goal only for what the rules say a monster
            // follows out of sight (see docs/rules.md, "The melee brain").
            if let Some(step) = ctx.step_toward(me, goal) {
                ctx.move_creature(me, step);
            }
        } else if !ctx.follow_player(me) {
            // An ally far from the player goes back to it; anyone else takes
            // one random step, if that way is free (the die is rolled either way).
            ctx.wander(me);
        }
        Ok(())
    }
}
