//! The scroll of lightning: read, aimed, and a bolt runs the whole line to
//! its range, through every creature on it, each struck for its own roll,
//! armor ignored. The strikes all land before any of them is heard, so no
//! monster wakes in the middle of the bolt that kills it. Esc after reading
//! wastes the scroll and the turn.

use abi_stable::std_types::{RResult, RSlice, RString, RVec};
use emberdeep_api::{
    guard, AimRequest, Attack, Ctx, Damage, EntityId, ItemEffect, ItemUse, Look, MessageKind, PluginError, Point, Rgba,
    UseOutcome,
};

use crate::rules::setting;

/// The effect named `lightning` in scroll records (params `range`,
/// `bolt_min`, `bolt_max`).
pub struct LightningScroll;

/// How the bolt looks as it flies.
const BOLT: Look =
    Look { glyph: '*' as u32, color: Rgba::rgb(150, 200, 255), tile: abi_stable::std_types::RString::new() };

fn bolt_damage(item: &ItemUse) -> Damage {
    let min = item.param("bolt_min").unwrap_or(8) as i32;
    Damage::new(min, (item.param("bolt_max").unwrap_or(14) as i32).max(min))
}

impl ItemEffect for LightningScroll {
    fn use_item(&self, mut ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            ctx.message("Lightning crackles between your fingers. Aim it.".into(), MessageKind::Info);
            let range = item.param("range").unwrap_or(8) as i32;
            Ok(UseOutcome::Aim(AimRequest { range, passes_through: true, burst_radius: 0, stops_at_cursor: false }))
        })
    }

    fn aimed(
        &self,
        mut ctx: Ctx<'_>,
        item: &ItemUse,
        path: RSlice<'_, Point>,
        _target: Point,
    ) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            let me = ctx.creature(EntityId::PLAYER).into_option().ok_or("no player")?;
            ctx.message("A bolt of lightning flashes out!".into(), MessageKind::Info);
            let look = Look { tile: "bolt".into(), ..BOLT };
            ctx.animate(look, path, RSlice::from_slice(&[]));
            let damage = bolt_damage(item);
            let struck: Vec<(EntityId, Point)> = path
                .iter()
                .filter_map(|&p| ctx.creature_at(p).into_option().filter(|id| !id.is_player()).map(|id| (id, p)))
                .collect();
            for &(id, at) in &struck {
                let Some(them) = ctx.creature(id).into_option() else { continue };
                let dealt = ctx.roll(damage.min, damage.max);
                let verb = if dealt >= them.hp { "kills" } else { "hits" };
                let message = if dealt >= them.hp {
                    format!("The lightning {verb} the {}!", them.name)
                } else {
                    format!("The lightning {verb} the {} for {dealt}.", them.name)
                };
                ctx.attack(Attack {
                    attacker: EntityId::PLAYER,
                    target: id,
                    kind: "lightning".into(),
                    hit: true,
                    damage: dealt,
                    chance: 100,
                    distance: me.pos.steps_to(at),
                    killer: RString::new(),
                    message: message.as_str().into(),
                });
            }
            // Heard only once every strike has landed.
            let loudness = setting(&ctx, "fight_noise", 4);
            for &(_, at) in &struck {
                ctx.noise(at, loudness);
            }
            Ok(UseOutcome::Consumed)
        })
    }

    fn aim_cancelled(&self, mut ctx: Ctx<'_>, _item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            ctx.message("The lightning crackles away into nothing, and the scroll is dust.".into(), MessageKind::Info);
            Ok(UseOutcome::Consumed)
        })
    }

    fn describe_target(&self, _ctx: Ctx<'_>, item: &ItemUse, _target: EntityId) -> RResult<RVec<RString>, PluginError> {
        guard(|| {
            let d = bolt_damage(item);
            let lines = [format!("Damage {}-{}, armor ignored", d.min, d.max), "Strikes all on the line".to_string()];
            Ok(lines.iter().map(|l| RString::from(l.as_str())).collect())
        })
    }
}
