//! The `fireball` effect: reading the scroll asks the host to aim; firing
//! bursts it at the end of the path the host hands back; Esc after reading
//! wastes it.
//!
//! The order of a burst is fixed: one trace event saying where it burst,
//! then every creature in it burned (each an `attack` of kind `fireball`,
//! with a roll of its own, armor ignored, the reader too), then one noise at
//! the centre, and last the survivors set on the player. So no monster
//! wakes to the blast in the middle of the burning that kills it.

use abi_stable::std_types::{RResult, RSlice, RString, RVec};
use emberdeep_api::{
    guard, Attack, Ctx, EntityId, FieldValue, ItemEffect, ItemUse, LogField, Look, MessageKind, MonsterState,
    PluginError, Point, Rgba, UseOutcome,
};

use crate::rules::{burn_message, caught, centre, describe, Fireball, KILLER, KIND};

/// The effect named `fireball` in scroll records.
pub struct FireballScroll;

/// How the fireball looks as it flies.
fn flying() -> Look {
    Look { glyph: '*' as u32, color: Rgba::rgb(255, 120, 30), tile: "fireball".into() }
}

fn numbers(item: &ItemUse) -> Fireball {
    Fireball::from_params(|name| item.param(name))
}

fn int(name: &str, value: i64) -> LogField {
    LogField { name: name.into(), value: FieldValue::Int(value) }
}

/// Bursts a fireball at `at`: burns everyone in reach, then the noise.
fn burst(ctx: &mut Ctx<'_>, fireball: &Fireball, path: &[Point], at: Point) {
    let cells = ctx.burst(at, fireball.radius).to_vec();
    ctx.animate(flying(), RSlice::from_slice(path), RSlice::from_slice(&cells));
    ctx.message("The fireball bursts!".into(), MessageKind::Info);
    let victims = caught(&cells, |p| ctx.creature_at(p).into_option());
    let fields = vec![
        int("x", at.x.into()),
        int("y", at.y.into()),
        int("radius", fireball.radius.into()),
        int("cells", cells.len() as i64),
        int("caught", victims.len() as i64),
    ];
    ctx.event("fireball_burst".into(), RVec::from(fields));
    let thrower = ctx.creature(EntityId::PLAYER).into_option().map(|p| p.pos).unwrap_or(at);
    let mut survivors = Vec::new();
    for &(id, pos) in &victims {
        let Some(victim) = ctx.creature(id).into_option() else { continue };
        let dealt = ctx.roll(fireball.burn.min, fireball.burn.max);
        let kills = dealt >= victim.hp;
        let name = (!id.is_player()).then_some(victim.name.as_str());
        let message = burn_message(name, dealt, kills);
        ctx.attack(Attack {
            attacker: EntityId::PLAYER,
            target: id,
            kind: KIND.into(),
            hit: true,
            damage: dealt,
            chance: 100,
            distance: thrower.steps_to(pos),
            killer: KILLER.into(),
            message: message.as_str().into(),
        });
        if !id.is_player() && !kills {
            survivors.push(id);
        }
    }
    // Heard once, from the centre, after all the burning.
    ctx.noise(at, fireball.loudness);
    for id in survivors {
        if ctx.creature(id).into_option().is_some() {
            ctx.set_state(id, MonsterState::Hunting);
        }
    }
}

impl ItemEffect for FireballScroll {
    fn use_item(&self, mut ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            ctx.message(
                "You read the scroll. Fire gathers in your hands: where will you throw it?".into(),
                MessageKind::Info,
            );
            Ok(UseOutcome::Aim(numbers(item).request()))
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
            let Some(at) = centre(path.as_slice()) else {
                // The host never fires along nothing; if it did, the scroll stays.
                return Ok(UseOutcome::NoTurn);
            };
            burst(&mut ctx, &numbers(item), path.as_slice(), at);
            Ok(UseOutcome::Consumed)
        })
    }

    fn aim_cancelled(&self, mut ctx: Ctx<'_>, _item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            ctx.message("The fire gutters out in your hands, and the scroll falls to ash.".into(), MessageKind::Info);
            Ok(UseOutcome::Consumed)
        })
    }

    fn describe_target(&self, _ctx: Ctx<'_>, item: &ItemUse, _target: EntityId) -> RResult<RVec<RString>, PluginError> {
        guard(|| Ok(describe(&numbers(item)).iter().map(|l| RString::from(l.as_str())).collect()))
    }
}
