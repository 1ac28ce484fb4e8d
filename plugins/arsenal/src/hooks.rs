//! The hooks: each turn the staffs and charms recharge, the rings work and
//! the crystal crumbles; blows are changed by enchanted gear and the ward;
//! a new floor may hold enchanted gear; the scroll's question is answered.

use emberdeep_api::{Attack, Ctx, Hooks, ItemUse, MessageKind, PackEntry, PluginResult, Point, Vetoes};

use crate::enchant::{self, BACK, HAND};
use crate::items::{self, ring, Sort, ME};
use crate::ring::{WARD, WARDED};
use crate::rules::{self, LEVEL, WORN};
use crate::{crystal, knowing};

/// The player's store key: the fact other plugins may read of how quiet
/// the player moves (the level of the rings of stealth worn).
pub const QUIET: &str = "quiet";

/// Arsenal's answers to the host's hooks.
pub struct ArsenalHooks;

/// The player's store key: the turn of the last heal a ring of regeneration gave.
const REGEN_AT: &str = "arsenal_regen_at";

impl Hooks for ArsenalHooks {
    fn turn_ended(&self, ctx: &mut Ctx<'_>, turn: u64) -> PluginResult<()> {
        knowing::mark(ctx);
        let base = ctx.setting_value("staff_recharge");
        let tick = rules::tick(items::ring_power(ctx, ring("wisdom")));
        for entry in items::recharge(ctx, base, tick) {
            let charges = items::charges(ctx, entry.item);
            ctx.event("recharged", &[("staff", entry.kind.as_str().into()), ("charges", charges.into())]);
            let shown = ctx.item_shown(&entry);
            ctx.say(&format!("Your {} gains a charge.", shown.trim_start_matches("a ").trim_start_matches("an ")));
        }
        crystal::crumble(ctx, turn);
        regenerate(ctx, turn);
        notice(ctx);
        let quiet = items::ring_power(ctx, ring("stealth")).clamp(-20, 20);
        if ctx.store_get(ME, QUIET).unwrap_or(0) != quiet {
            ctx.store_set(ME, QUIET, quiet);
        }
        enchant::watch(ctx);
        Ok(())
    }

    fn floor_entered(&self, ctx: &mut Ctx<'_>, floor: u32) -> PluginResult<()> {
        knowing::mark(ctx);
        crystal::forget(ctx);
        if items::ring_power(ctx, ring("clairvoyance")) > 0 {
            ctx.reveal_map();
            ctx.message("Your ring shows you the floor's map.", MessageKind::Good);
        }
        enchant_found_gear(ctx, floor);
        Ok(())
    }

    fn attack_damage(&self, ctx: &mut Ctx<'_>, attack: &Attack) -> PluginResult<Option<i32>> {
        if !attack.hit || attack.damage <= 0 {
            return Ok(None);
        }
        if attack.attacker.is_player() && attack.kind.as_str() == "melee" {
            let plus = enchant::plus(ctx, &HAND);
            return Ok(
                (plus != 0 && enchant::kind(ctx, &HAND).is_some()).then(|| rules::with_weapon(attack.damage, plus))
            );
        }
        if !attack.target.is_player() || attack.attacker.is_player() {
            return Ok(None);
        }
        let mut damage = attack.damage;
        let plus = enchant::plus(ctx, &BACK);
        if plus != 0 && enchant::kind(ctx, &BACK).is_some() && attack.kind.as_str() == "melee" {
            damage = rules::against_armor(damage, plus);
        }
        let ward = ctx.store_get(ME, WARD).unwrap_or(0);
        if ward > 0 && ctx.status_turns(ME, WARDED).is_some() {
            let taken = ward.min(i64::from(damage));
            damage -= taken as i32;
            ctx.store_set(ME, WARD, ward - taken);
            ctx.message(&format!("Your ward takes {taken} of the blow."), MessageKind::Good);
            if ward - taken == 0 {
                ctx.remove_status(ME, WARDED);
            }
        }
        Ok((damage != attack.damage).then_some(damage))
    }

    fn item_used(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        enchant::used(ctx, item);
        Ok(())
    }

    fn answered(&self, ctx: &mut Ctx<'_>, topic: &str, yes: bool) -> PluginResult<bool> {
        let Some(at) = topic.strip_prefix(enchant::TOPIC).and_then(|t| t.strip_prefix(':')) else { return Ok(false) };
        let Ok(at) = at.parse::<usize>() else { return Ok(false) };
        enchant::answered(ctx, at, yes)
    }

    fn picked_up_item(&self, ctx: &mut Ctx<'_>, item: &PackEntry) -> PluginResult<()> {
        // A ring lying on the floor is worn by nobody.
        if matches!(Sort::of_kind(ctx, item.kind.as_str()), Some(Sort::Ring(_))) && items::worn(ctx, item.item) {
            ctx.item_set(item.item, WORN, 0);
        }
        Ok(())
    }

    fn panel_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let mut lines = Vec::new();
        let gear: Vec<String> = [(&BACK, "armor"), (&HAND, "weapon")]
            .into_iter()
            .filter(|(p, _)| enchant::kind(ctx, p).is_some() && enchant::plus(ctx, p) != 0)
            .map(|(p, word)| format!("{word} {}", rules::signed(enchant::plus(ctx, p))))
            .collect();
        if !gear.is_empty() {
            lines.push(format!("Enchanted {}", gear.join(", ")));
        }
        let ward = ctx.store_get(ME, WARD).unwrap_or(0);
        if ward > 0 && ctx.status_turns(ME, WARDED).is_some() {
            lines.push(format!("Ward {ward}"));
        }
        Ok(lines)
    }

    fn pack_header(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let mut lines = Vec::new();
        for (place, verb) in [(&BACK, "worn"), (&HAND, "in hand")] {
            let Some(kind) = enchant::kind(ctx, place) else { continue };
            let plus = enchant::plus(ctx, place);
            if plus == 0 {
                continue;
            }
            let name = ctx.item_info(&kind).map_or(kind.clone(), |i| i.name.to_string());
            lines.push(format!("{} {name} ({verb})", rules::signed(plus)));
        }
        Ok(lines)
    }
}

/// A ring of regeneration heals 1 every few turns.
fn regenerate(ctx: &mut Ctx<'_>, turn: u64) {
    let Some(every) = rules::regeneration_every(items::ring_power(ctx, ring("regeneration"))) else { return };
    let last = ctx.store_get(ME, REGEN_AT).unwrap_or(0).max(0) as u64;
    if turn < last + every {
        return;
    }
    ctx.store_set(ME, REGEN_AT, turn.min(i64::MAX as u64) as i64);
    if let Some(me) = ctx.creature(ME) {
        if me.hp < me.max_hp {
            ctx.heal(ME, 1);
        }
    }
}

/// Rings of light and awareness find hidden things near the player.
fn notice(ctx: &mut Ctx<'_>) {
    let light = items::ring_power(ctx, ring("light"));
    let awareness = items::ring_power(ctx, ring("awareness"));
    if light <= 0 && awareness <= 0 {
        return;
    }
    let Some(me) = ctx.position(ME) else { return };
    let reach = if awareness > 0 { 5 } else { 1 + light as i32 }.max(if light > 0 { 1 + light as i32 } else { 0 });
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let p = Point::new(me.x + dx, me.y + dy);
            if !ctx.terrain_hidden(p) {
                continue;
            }
            let d = me.steps_to(p);
            let lit = light > 0 && d <= 1 + light as i32;
            let noticed = !lit && awareness > 0 && d <= 5 && ctx.roll(1, 100) <= (awareness * 10).min(100) as i32;
            if lit || noticed {
                ctx.reveal_terrain(p);
            }
        }
    }
}

/// On floors from `enchanted_gear_floor` on, some weapons and armor lying
/// there come enchanted, a few cursed.
fn enchant_found_gear(ctx: &mut Ctx<'_>, floor: u32) {
    if i64::from(floor) < ctx.setting_value("enchanted_gear_floor") {
        return;
    }
    let chance = ctx.setting_value("enchanted_gear_chance") as i32;
    let cursed = ctx.setting_value("cursed_gear_chance") as i32;
    let (w, h) = ctx.map_size();
    for y in 0..h {
        for x in 0..w {
            for entry in ctx.items_at(Point::new(x, y)) {
                if !matches!(Sort::of_kind(ctx, entry.kind.as_str()), Some(Sort::Weapon | Sort::Armor))
                    || ctx.item_get(entry.item, LEVEL).is_some()
                    || ctx.roll(1, 100) > chance
                {
                    continue;
                }
                let most = (1 + floor as i32 / 4).min(3);
                let level = i64::from(ctx.roll(1, most));
                let level = if ctx.roll(1, 100) <= cursed { -level } else { level };
                ctx.item_set(entry.item, LEVEL, level);
            }
        }
    }
}

/// Arsenal's say before a use: notes the level of gear about to leave the pack.
pub struct ArsenalVetoes;

impl Vetoes for ArsenalVetoes {
    fn may_use(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        enchant::about_to_use(ctx, item);
        Ok(None)
    }
}
