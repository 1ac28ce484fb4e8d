//! The `fireball` effect: reading the scroll asks the host to aim; firing
//! bursts it at the end of the path the host hands back; Esc after reading
//! wastes it.
//!
//! The order of a burst is fixed: one trace event saying where it burst,
//! then every creature in it burned (each an `attack` of kind `fireball`,
//! with a roll of its own, armor ignored, the reader too), then one noise at
//! the centre, and last the survivors set on the player. So no monster
//! wakes to the blast in the middle of the burning that kills it.

use emberdeep_api::{
    AimRequest, Attack, Ctx, EntityId, FieldValue, ItemEffect, ItemUse, Look, MessageKind, MonsterState, PluginResult,
    Point, Rgba, UseOutcome,
};

use crate::rules::{burn_message, card_facts, caught, centre, describe, Fireball, KILLER, KIND};

/// The effect named `fireball` in scroll records.
pub struct FireballScroll;

/// How the fireball looks as it flies.
fn flying() -> Look {
    Look::new('*', Rgba::rgb(255, 120, 30), "fireball")
}

fn numbers(item: &ItemUse) -> Fireball {
    Fireball::from_params(|name| item.param(name))
}

/// Bursts a fireball at `at`: burns everyone in reach, then the noise.
fn burst(ctx: &mut Ctx<'_>, fireball: &Fireball, path: &[Point], at: Point) {
    let cells = ctx.burst(at, fireball.radius);
    ctx.animate(flying(), path, &cells);
    ctx.message("The fireball bursts!", MessageKind::Info);
    let victims = caught(&cells, |p| ctx.creature_at(p));
    let fields: [(&str, FieldValue); 5] = [
        ("x", at.x.into()),
        ("y", at.y.into()),
        ("radius", fireball.radius.into()),
        ("cells", (cells.len() as i64).into()),
        ("caught", (victims.len() as i64).into()),
    ];
    ctx.event("fireball_burst", &fields);
    let thrower = ctx.creature(EntityId::PLAYER).map(|p| p.pos).unwrap_or(at);
    let mut survivors = Vec::new();
    for &(id, pos) in &victims {
        let Some(victim) = ctx.creature(id) else { continue };
        let dealt = ctx.roll_damage(fireball.burn);
        let kills = dealt >= victim.hp;
        let name = (!id.is_player()).then_some(victim.name.as_str());
        let message = burn_message(name, dealt, kills);
        let burn = Attack::new(EntityId::PLAYER, id, KIND)
            .hit_for(dealt)
            .with_chance(100)
            .with_distance(thrower.steps_to(pos))
            .with_killer(KILLER)
            .with_message(&message);
        ctx.attack(burn);
        if !id.is_player() && !kills {
            survivors.push(id);
        }
    }
    // Heard once, from the centre, after all the burning.
    ctx.noise(at, fireball.loudness);
    for id in survivors {
        if ctx.creature(id).is_some() {
            ctx.set_state(id, MonsterState::Hunting);
        }
    }
}

impl ItemEffect for FireballScroll {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.message("You read the scroll. Fire gathers in your hands: where will you throw it?", MessageKind::Info);
        Ok(UseOutcome::Aim(numbers(item).request()))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        let Some(at) = centre(path) else {
            // The host never fires along nothing; if it did, the scroll stays.
            return Ok(UseOutcome::NoTurn);
        };
        burst(ctx, &numbers(item), path, at);
        Ok(UseOutcome::Consumed)
    }

    fn aim_preview(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        // What `use_item` would ask for, without reading the scroll (the bot plans its bursts with it).
        Ok(Some(numbers(item).request()))
    }

    fn aim_cancelled(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.message("The fire gutters out in your hands, and the scroll falls to ash.", MessageKind::Info);
        Ok(UseOutcome::Consumed)
    }

    fn describe_target(&self, _ctx: &mut Ctx<'_>, item: &ItemUse, _target: EntityId) -> PluginResult<Vec<String>> {
        Ok(describe(&numbers(item)).to_vec())
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(card_facts(|name| item.param(name)))
    }
}
