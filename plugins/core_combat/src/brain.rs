//! The `melee` brain: can't see the player, wander one random step (or walk
//! to where the player was last seen or heard); next to the player, attack;
//! otherwise step to the free neighbour nearest the player.

use abi_stable::std_types::RResult;
use emberdeep_api::{guard, Ctx, EntityId, MonsterBrain, PluginError, DIRECTIONS};

use crate::blow::strike;

/// The brain named `melee` in monster records.
pub struct Melee;

impl MonsterBrain for Melee {
    fn act(&self, mut ctx: Ctx<'_>, me: EntityId) -> RResult<(), PluginError> {
        guard(|| {
            let Some(monster) = ctx.creature(me).into_option() else { return Ok(()) };
            let player = ctx.creature(EntityId::PLAYER).into_option().ok_or("no player")?;
            if ctx.sees_player(me) {
                if monster.pos.is_adjacent(player.pos) {
                    strike(&mut ctx, &monster, &player);
                } else if let Some(step) = ctx.step_toward(me, player.pos).into_option() {
                    ctx.move_creature(me, step);
                }
            } else if let Some(goal) = ctx.hunt_goal(me).into_option() {
                if let Some(step) = ctx.step_toward(me, goal).into_option() {
                    ctx.move_creature(me, step);
                }
            } else {
                wander(&mut ctx, me, monster.pos);
            }
            Ok(())
        })
    }
}

/// One random step, if that way is free; the die is rolled either way.
fn wander(ctx: &mut Ctx<'_>, me: EntityId, from: emberdeep_api::Point) {
    let (dx, dy) = DIRECTIONS[ctx.roll(0, 7) as usize];
    let to = from.offset(dx, dy);
    if ctx.is_free(to) {
        ctx.move_creature(me, to);
    }
}
