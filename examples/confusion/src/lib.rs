//! # confusion: a worked third-party plugin
//!
//! A scroll of confusion. Read, it asks the host to aim; the first monster on
//! the line is put under the status `confused` for the scroll's `turns`. The
//! plugin registers that status with [`StatusEffect::Brain`]: while it lasts,
//! the host has the monster think with the brain `confused` instead of its
//! own, which staggers one random step a turn (bumping into whoever stands
//! there). The host counts the turns down, marks the monster with a purple
//! `?`, saves the status with the run, traces `status_start` and
//! `status_end`, and gives the monster its own brain back when it runs out;
//! the status's [`Status::ended`] code then says so in the log. The plugin
//! keeps no state, and stores nothing.
#![allow(non_local_definitions)]

mod rules;

use emberdeep_api::{
    export_plugin, AimRequest, Ctx, EntityId, ItemEffect, ItemUse, MessageKind, MonsterBrain, PluginError,
    PluginResult, Point, Registrar, Rgba, Status, StatusEffect, StatusSpec, UseOutcome, DIRECTIONS,
};

use rules::{BRAIN, STATUS};

/// The effect named `confuse` in item records.
struct Confuse;

/// The scroll flies as a missile would, to the first creature, up to its `range`.
fn aim(item: &ItemUse) -> AimRequest {
    AimRequest::missile(item.param_or("range", 8) as i32)
}

impl ItemEffect for Confuse {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.message("You read the scroll. Choose a target.", MessageKind::Info);
        Ok(UseOutcome::Aim(aim(item)))
    }

    /// How the scroll would be aimed, asked without reading it (the bot plans with it).
    fn aim_preview(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        Ok(Some(aim(item)))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        let victim = path.iter().find_map(|p| ctx.creature_at(*p));
        let Some(victim) = victim.and_then(|id| ctx.creature(id)) else {
            ctx.message("The scroll's words fade into the air.", MessageKind::Info);
            return Ok(UseOutcome::Consumed);
        };
        let turns = item.param_or("turns", 10) as i32;
        // A monster confused already is confused for the new turns instead.
        if !ctx.add_status(victim.id, STATUS, turns) {
            return Err("the host refused the confused status".into());
        }
        tracing::info!(monster = victim.trace_name.as_str(), turns, "confused");
        ctx.message(&rules::confused_line(&victim.name), MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn aim_cancelled(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.message("The scroll crumbles, its words unspoken.", MessageKind::Info);
        Ok(UseOutcome::Consumed)
    }
}

/// The brain named `confused`, which the status lends: one random step a
/// turn, or a stumble into whoever stands that way.
struct Confused;

impl MonsterBrain for Confused {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(monster) = ctx.creature(me) else { return Ok(()) };
        let (dx, dy) = DIRECTIONS[ctx.roll(0, 7) as usize];
        let to = monster.pos.offset(dx, dy);
        match ctx.creature_at(to).and_then(|id| ctx.creature(id)) {
            Some(other) => {
                tracing::info!(monster = monster.trace_name.as_str(), bumped = other.trace_name.as_str(), "staggers");
                let line = rules::bump_line(&monster.name, &other.name, other.id.is_player());
                ctx.message(&line, MessageKind::Info);
            }
            None => {
                let moved = ctx.is_free(to) && ctx.move_creature(me, to);
                tracing::info!(monster = monster.trace_name.as_str(), moved, "staggers");
            }
        }
        Ok(())
    }
}

/// The status's own code: when it runs out (the host has given the monster
/// its own brain back), the monster comes to its senses.
struct Confusion;

impl Status for Confusion {
    fn ended(&self, ctx: &mut Ctx<'_>, who: EntityId) -> PluginResult<()> {
        if let Some(monster) = ctx.creature(who) {
            ctx.message(&rules::recovered_line(&monster.name), MessageKind::Info);
        }
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a potion of confusion, a status that makes steps stagger", "");
    reg.item_effect("confuse", Confuse);
    reg.brain(BRAIN, Confused);
    let purple = Rgba::rgb(200, 120, 240);
    reg.status(STATUS, StatusSpec::new("Confused", '?', purple, StatusEffect::brain(BRAIN)), Confusion);
    Ok(())
}

export_plugin!(register);
