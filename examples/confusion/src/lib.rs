//! # confusion: a worked third-party plugin
//!
//! A scroll of confusion. Read, it asks the host to aim; the first monster on
//! the line gets its brain swapped for `confused`, which staggers one random
//! step a turn (bumping into whoever stands there) for the scroll's `turns`,
//! then hands the monster its own brain back. What the plugin must remember
//! (the turns left, the brain to give back) lives in the host's per-creature
//! store, so it is saved with the run and the plugin keeps no state.
#![allow(non_local_definitions)]

mod rules;

use abi_stable::std_types::{RResult, RSlice};
use emberdeep_api::{
    export_plugin, guard, AimRequest, Ctx, EntityId, ItemEffect, ItemUse, MessageKind, MonsterBrain, PluginError,
    Point, Registrar, UseOutcome, DIRECTIONS,
};

use rules::{BRAIN_KEY, TURNS_KEY};

/// The effect named `confuse` in item records.
struct Confuse;

impl ItemEffect for Confuse {
    fn use_item(&self, mut ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            ctx.message("You read the scroll. Choose a target.".into(), MessageKind::Info);
            let range = item.param("range").unwrap_or(8) as i32;
            Ok(UseOutcome::Aim(AimRequest::missile(range)))
        })
    }

    fn aimed(&self, mut ctx: Ctx<'_>, item: &ItemUse, path: RSlice<'_, Point>, _target: Point) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            let victim = path.iter().find_map(|p| ctx.creature_at(*p).into_option());
            let Some(victim) = victim.and_then(|id| ctx.creature(id).into_option()) else {
                ctx.message("The scroll's words fade into the air.".into(), MessageKind::Info);
                return Ok(UseOutcome::Consumed);
            };
            let turns = item.param("turns").unwrap_or(10);
            if ctx.store_get(victim.id, TURNS_KEY.into()).is_none() {
                let own = ctx.brain_of(victim.id).into_option().ok_or("the monster has no brain to swap")?;
                ctx.store_set_text(victim.id, BRAIN_KEY.into(), own.as_str().into());
            }
            if !ctx.set_brain(victim.id, "confused".into()) {
                return Err("the host refused the confused brain".into());
            }
            ctx.store_set(victim.id, TURNS_KEY.into(), turns);
            tracing::info!(monster = victim.trace_name.as_str(), turns, "confused");
            ctx.message(rules::confused_line(victim.name.as_str()).as_str().into(), MessageKind::Good);
            Ok(UseOutcome::Consumed)
        })
    }

    fn aim_cancelled(&self, mut ctx: Ctx<'_>, _item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            ctx.message("The scroll crumbles, its words unspoken.".into(), MessageKind::Info);
            Ok(UseOutcome::Consumed)
        })
    }
}

/// The brain named `confused`: one random step a turn, then the old brain back.
struct Confused;

impl MonsterBrain for Confused {
    fn act(&self, mut ctx: Ctx<'_>, me: EntityId) -> RResult<(), PluginError> {
        guard(|| {
            let Some(monster) = ctx.creature(me).into_option() else { return Ok(()) };
            let (dx, dy) = DIRECTIONS[ctx.roll(0, 7) as usize];
            let to = monster.pos.offset(dx, dy);
            match ctx.creature_at(to).into_option().and_then(|id| ctx.creature(id).into_option()) {
                Some(other) => {
                    tracing::info!(monster = monster.trace_name.as_str(), bumped = other.trace_name.as_str(), "staggers");
                    ctx.message(rules::bump_line(monster.name.as_str(), other.name.as_str(), other.id.is_player()).as_str().into(), MessageKind::Info);
                }
                None => {
                    let moved = ctx.is_free(to) && ctx.move_creature(me, to);
                    tracing::info!(monster = monster.trace_name.as_str(), moved, "staggers");
                }
            }
            let left = ctx.store_get(me, TURNS_KEY.into()).into_option().unwrap_or(1) - 1;
            if left > 0 {
                ctx.store_set(me, TURNS_KEY.into(), left);
            } else {
                recover(&mut ctx, me, monster.name.as_str())?;
            }
            Ok(())
        })
    }
}

/// Gives the monster its own brain back and forgets the confusion.
fn recover(ctx: &mut Ctx<'_>, me: EntityId, name: &str) -> Result<(), PluginError> {
    let own = ctx.store_get_text(me, BRAIN_KEY.into()).into_option().ok_or("the monster's own brain was not kept")?;
    ctx.set_brain(me, own.as_str().into());
    ctx.store_remove(me, TURNS_KEY.into());
    ctx.store_remove(me, BRAIN_KEY.into());
    ctx.message(rules::recovered_line(name).as_str().into(), MessageKind::Info);
    Ok(())
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.item_effect("confuse", Confuse);
    reg.brain("confused", Confused);
    Ok(())
}

export_plugin!(register);
