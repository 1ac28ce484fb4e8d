//! What the bestiary's monsters do beyond their brains: the statuses their
//! blows leave (poison, webs, paralysis), a wraith's drain, an ooze's
//! split and a fire beetle's burst (the plugin's `hurt` and `died`
//! hooks), and the eels put into deep water when a floor is entered.

use std::collections::BTreeSet;

use emberdeep_api::{Attack, Ctx, Death, EntityId, Hurt, MessageKind, PluginResult, Point, Status};

use super::brains::is_deep_water;
use super::rules::{self, around, DRAINED_KEY};

/// `poisoned`: `poison_damage` each turn it lasts, armor no help.
pub struct Poison;

impl Status for Poison {
    fn each_turn(&self, ctx: &mut Ctx<'_>, who: EntityId, _turns_left: i32) -> PluginResult<()> {
        let Some(victim) = ctx.creature(who) else { return Ok(()) };
        let dealt = ctx.setting_value("poison_damage") as i32;
        let text = if who.is_player() {
            format!("The poison burns in your veins ({dealt}).")
        } else {
            format!("{} writhes with poison ({dealt}).", crate::the(ctx, who, &victim.name))
        };
        ctx.attack(Attack::new(who, who, "poison").hit_for(dealt).with_killer("poison").with_message(&text));
        Ok(())
    }
}

/// The kind of the creature `id`, if it lives.
fn kind_of(ctx: &mut Ctx<'_>, id: EntityId) -> Option<String> {
    ctx.creature(id).map(|c| c.kind.to_string())
}

/// A blow landed: a viper's bite poisons, a ghoul's claws may paralyse, a
/// wraith's touch drains the player's most health, and a struck ooze splits.
pub fn hurt(ctx: &mut Ctx<'_>, hurt: &Hurt) -> PluginResult<()> {
    if hurt.hp_left <= 0 {
        return Ok(());
    }
    let melee = hurt.how.as_str() == "melee";
    let attacker = kind_of(ctx, hurt.attacker);
    match attacker.as_deref() {
        Some("viper") if melee => {
            let turns = ctx.setting_value("poison_turns") as i32;
            ctx.add_status(hurt.target, "poisoned", turns);
        }
        Some("ghoul") if melee => {
            let percent = ctx.setting_value("paralyze_percent") as i32;
            if ctx.roll(1, 100) <= percent && ctx.status_turns(hurt.target, "paralyzed").is_none() {
                let turns = ctx.setting_value("paralyze_turns") as i32;
                ctx.add_status(hurt.target, "paralyzed", turns);
                if hurt.target.is_player() {
                    ctx.message("The ghoul's claws numb you: you cannot move!", MessageKind::Danger);
                }
            }
        }
        Some("wraith") if melee && hurt.target.is_player() => drain(ctx)?,
        _ => {}
    }
    if kind_of(ctx, hurt.target).as_deref() == Some("gray_ooze") && hurt.attacker != hurt.target {
        split(ctx, hurt.target);
    }
    Ok(())
}

/// A wraith's touch: the player's most health falls by `drain_per_hit`,
/// never below `drain_least`; the store key `drained` keeps the total.
fn drain(ctx: &mut Ctx<'_>) -> PluginResult<()> {
    let player = ctx.player()?;
    let per_hit = ctx.setting_value("drain_per_hit") as i32;
    let least = ctx.setting_value("drain_least") as i32;
    let amount = rules::drain(player.max_hp, per_hit, least);
    if amount == 0 {
        return Ok(());
    }
    ctx.set_max_hp(EntityId::PLAYER, player.max_hp - amount);
    let total = (ctx.store_get(EntityId::PLAYER, DRAINED_KEY).unwrap_or(0) + i64::from(amount)).min(1_000_000);
    ctx.store_set(EntityId::PLAYER, DRAINED_KEY, total);
    let text = format!("The wraith's touch chills you: your most health falls to {}.", player.max_hp - amount);
    ctx.message(&text, MessageKind::Danger);
    ctx.event("drain", &[("amount", i64::from(amount).into()), ("total", total.into())]);
    Ok(())
}

/// A struck ooze with `ooze_split_least` health or more splits: a new ooze
/// on a free cell of open ground beside it (any plugin's ground), each
/// with half the health left.
fn split(ctx: &mut Ctx<'_>, ooze: EntityId) {
    let Some(this) = ctx.creature(ooze) else { return };
    let least = ctx.setting_value("ooze_split_least") as i32;
    let Some((keep, give)) = rules::split(this.hp, least) else { return };
    let Some(at) = around(this.pos).find(|&p| ctx.is_open_ground(p)) else { return };
    let side = ctx.side_of(ooze).unwrap_or_default();
    let Some(new) = ctx.spawn("gray_ooze", at, &side) else { return };
    ctx.set_max_hp(ooze, keep);
    ctx.set_max_hp(new, give);
    // The new half is as awake as the old: it does not wander off mid-fight.
    ctx.set_state(new, this.state);
    if ctx.is_visible(this.pos) {
        let line = format!("{} splits in two!", crate::the(ctx, ooze, &this.name));
        ctx.say(&line);
    }
    let name = ctx.creature(new).map(|c| c.trace_name.to_string()).unwrap_or_default();
    ctx.event("split", &[("monster", this.trace_name.as_str().into()), ("into", name.as_str().into())]);
}

/// A fire beetle bursts where it dies: `beetle_burst` damage (armor no
/// help) to every creature next to it, the killer included.
pub fn died(ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
    if death.victim_kind.as_str() != "fire_beetle" {
        return Ok(());
    }
    let caught: Vec<EntityId> = around(death.at).filter_map(|p| ctx.creature_at(p)).collect();
    let (least, most) = (ctx.setting_value("beetle_burst_min") as i32, ctx.setting_value("beetle_burst_max") as i32);
    let cells: Vec<Point> = around(death.at).collect();
    let fire = emberdeep_api::Look::new('*', emberdeep_api::Rgba::rgb(250, 140, 40), "burst");
    ctx.animate(fire, &[], &cells);
    ctx.event(
        "beetle_burst",
        &[
            ("x", i64::from(death.at.x).into()),
            ("y", i64::from(death.at.y).into()),
            ("caught", (caught.len() as i64).into()),
        ],
    );
    for id in caught {
        let Some(c) = ctx.creature(id) else { continue };
        let dealt = ctx.roll(least, most.max(least));
        let text = if id.is_player() {
            format!("The beetle bursts into flame and burns you ({dealt})!")
        } else {
            format!("The burst burns the {} ({dealt}).", c.name)
        };
        ctx.attack(Attack::new(id, id, "fire").hit_for(dealt).with_killer("a fire beetle's burst").with_message(&text));
    }
    Ok(())
}

/// On each new floor from `eel_first_floor` on: every pool of touching
/// deep water of `eel_pool_cells` cells or more gets eels (one, and one
/// more for each further `eel_pool_cells * 4` cells, at most three), on
/// random free cells of the pool. Without deep water, no eels.
pub fn floor_entered(ctx: &mut Ctx<'_>, floor: u32) -> PluginResult<()> {
    if i64::from(floor) < ctx.setting_value("eel_first_floor") {
        return Ok(());
    }
    let (w, h) = ctx.map_size();
    let mut water = BTreeSet::new();
    for y in 0..h {
        for x in 0..w {
            if is_deep_water(ctx, Point::new(x, y)) {
                water.insert((x, y));
            }
        }
    }
    let least = ctx.setting_value("eel_pool_cells") as usize;
    let mut placed = 0;
    for pool in rules::pools(&water) {
        for _ in 0..rules::eels_for(pool.len(), least) {
            let free: Vec<Point> = pool.iter().copied().filter(|&p| ctx.is_free(p)).collect();
            if free.is_empty() {
                break;
            }
            let at = free[ctx.roll(0, free.len() as i32 - 1) as usize];
            if ctx.spawn("eel", at, "").is_some() {
                placed += 1;
            }
        }
    }
    if placed > 0 {
        ctx.event("eels", &[("floor", i64::from(floor).into()), ("count", placed.into())]);
    }
    Ok(())
}
