//! The scroll of lightning: read, aimed, and a bolt runs the whole line to
//! its range, through every creature on it, each struck for its own roll,
//! armor ignored. The strikes all land before any of them is heard, so no
//! monster wakes in the middle of the bolt that kills it. Esc after reading
//! wastes the scroll and the turn.

use emberdeep_api::{
    AimRequest, Attack, Ctx, Damage, EntityId, ItemEffect, ItemUse, Look, MessageKind, PluginResult, Point, Rgba,
    UseOutcome,
};

use crate::rules::{card_facts, setting};

/// The effect named `lightning` in scroll records (params `range`,
/// `bolt_min`, `bolt_max`).
pub struct LightningScroll;

/// How the bolt looks as it flies.
fn bolt_look() -> Look {
    Look::new('*', Rgba::rgb(150, 200, 255), "bolt")
}

/// How the bolt is aimed: through every creature, to the record's `range`.
fn bolt(item: &ItemUse) -> AimRequest {
    AimRequest::bolt(item.param_or("range", 8) as i32)
}

fn bolt_damage(item: &ItemUse) -> Damage {
    let min = item.param_or("bolt_min", 8) as i32;
    Damage::new(min, (item.param_or("bolt_max", 14) as i32).max(min))
}

impl ItemEffect for LightningScroll {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.message("Lightning crackles between your fingers. Aim it.", MessageKind::Info);
        Ok(UseOutcome::Aim(bolt(item)))
    }

    fn aim_preview(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        Ok(Some(bolt(item)))
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(card_facts(|name| item.param(name), "bolt"))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        let me = ctx.creature(EntityId::PLAYER).ok_or("no player")?;
        ctx.message("A bolt of lightning flashes out!", MessageKind::Info);
        ctx.animate(bolt_look(), path, &[]);
        let damage = bolt_damage(item);
        let struck: Vec<(EntityId, Point)> =
            path.iter().filter_map(|&p| ctx.creature_at(p).filter(|id| !id.is_player()).map(|id| (id, p))).collect();
        for &(id, at) in &struck {
            let Some(them) = ctx.creature(id) else { continue };
            let dealt = ctx.roll_damage(damage);
            let verb = if dealt >= them.hp { "kills" } else { "hits" };
            let message = if dealt >= them.hp {
                format!("The lightning {verb} the {}!", them.name)
            } else {
                format!("The lightning {verb} the {} for {dealt}.", them.name)
            };
            let bolt = Attack::new(EntityId::PLAYER, id, "lightning")
                .hit_for(dealt)
                .with_chance(100)
                .with_distance(me.pos.steps_to(at))
                .with_message(&message);
            ctx.attack(bolt);
        }
        // Heard only once every strike has landed.
        let loudness = setting(ctx, "fight_noise");
        for &(_, at) in &struck {
            ctx.noise(at, loudness);
        }
        Ok(UseOutcome::Consumed)
    }

    fn aim_cancelled(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.message("The lightning crackles away into nothing, and the scroll is dust.", MessageKind::Info);
        Ok(UseOutcome::Consumed)
    }

    fn describe_target(&self, _ctx: &mut Ctx<'_>, item: &ItemUse, _target: EntityId) -> PluginResult<Vec<String>> {
        let d = bolt_damage(item);
        Ok(vec![format!("Damage {}-{}, armor ignored", d.min, d.max), "Strikes all on the line".to_string()])
    }
}
