//! Rings and charms: a ring is put on and taken off by using it (it stays
//! in the pack, marked worn); a charm is used at will, then rests.

use emberdeep_api::{Ctx, ItemEffect, ItemUse, MessageKind, PluginResult, UseOutcome};

use crate::items::{self, Sort, CHARM_POWERS, ME, RING_POWERS};
use crate::knowing;
use crate::rules::{self, LEVEL, WAIT, WORN};

/// The status a charm of protection's ward shows as.
pub const WARDED: &str = "charm_warded";
/// The player's store key: the harm the ward still takes.
pub const WARD: &str = "arsenal_ward";
/// Turns a ward lasts.
pub const WARD_TURNS: i32 = 20;

/// The effect named `arsenal_ring`.
pub struct Ring;

fn ring_sort(ctx: &Ctx<'_>, item: &ItemUse) -> Option<(usize, emberdeep_api::ItemId)> {
    match Sort::of_kind(ctx, item.kind.as_str())? {
        Sort::Ring(power) => Some((power, item.item()?)),
        _ => None,
    }
}

impl ItemEffect for Ring {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let (power, id) = ring_sort(ctx, item).ok_or("the ring's record has no power param, or it has no identity")?;
        if items::worn(ctx, id) {
            ctx.item_set(id, WORN, 0);
            let name = ctx.item_shown(&emberdeep_api::PackEntry { kind: item.kind.clone(), count: 1, item: id });
            ctx.say(&format!("You take off {name}."));
            return Ok(UseOutcome::Kept);
        }
        let most = ctx.setting_value("rings_worn").max(0) as usize;
        if items::rings_worn(ctx) >= most {
            ctx.say(&format!("You already wear {most} rings: take one off first."));
            return Ok(UseOutcome::NoTurn);
        }
        ctx.item_set(id, WORN, 1);
        knowing::learn(ctx, item.kind.as_str());
        let level = items::level(ctx, id, Sort::Ring(power));
        let name = ctx.item_shown(&emberdeep_api::PackEntry { kind: item.kind.clone(), count: 1, item: id });
        if level < 0 {
            ctx.message(&format!("You put on {name}. It feels wrong: it is cursed."), MessageKind::Danger);
        } else {
            ctx.say(&format!("You put on {name}."));
        }
        if RING_POWERS[power] == "clairvoyance" && level > 0 {
            ctx.reveal_map();
            ctx.message("The floor's map unfolds in your mind.", MessageKind::Good);
        }
        ctx.event("ring", &[("ring", item.kind.as_str().into()), ("level", level.into()), ("worn", true.into())]);
        Ok(UseOutcome::Kept)
    }

    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let Some((power, id)) = ring_sort(ctx, item) else { return Ok(None) };
        let worn = if items::worn(ctx, id) { " (worn)" } else { "" };
        if !knowing::known(ctx, item.kind.as_str()) {
            return Ok((!worn.is_empty()).then(|| worn.trim().to_string()));
        }
        Ok(Some(format!("{}{worn}", rules::signed(items::level(ctx, id, Sort::Ring(power))))))
    }

    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let Some((_, id)) = ring_sort(ctx, item) else { return Ok(Vec::new()) };
        let worn = if items::worn(ctx, id) { "Worn: use it to take it off." } else { "Use it to put it on." };
        Ok(vec![worn.to_string()])
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let Some(id) = item.item() else { return Ok(()) };
        let level = i64::from(ctx.roll(1, 3));
        let level = if ctx.one_in(4) { -level } else { level };
        ctx.item_set(id, LEVEL, level);
        Ok(())
    }
}

/// The effect named `arsenal_charm`.
pub struct Charm;

fn charm_sort(ctx: &Ctx<'_>, item: &ItemUse) -> Option<(usize, emberdeep_api::ItemId)> {
    match Sort::of_kind(ctx, item.kind.as_str())? {
        Sort::Charm(power) => Some((power, item.item()?)),
        _ => None,
    }
}

/// A charm's turns of rest at its level, from its record.
fn rest(item: &ItemUse, level: i64) -> i64 {
    rules::charm_turns(item.param_or("recharge", 300), item.param_or("recharge_step", 20), level)
}

impl ItemEffect for Charm {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let (power, id) =
            charm_sort(ctx, item).ok_or("the charm's record has no power param, or it has no identity")?;
        let wait = items::wait(ctx, id);
        if wait > 0 {
            ctx.say(&format!("The charm is still recharging ({} turns).", (wait + 9) / 10));
            return Ok(UseOutcome::NoTurn);
        }
        let level = items::level(ctx, id, Sort::Charm(power));
        match CHARM_POWERS[power] {
            "health" => {
                let healed = ctx.heal(ME, rules::charm_heal(level));
                ctx.message(&format!("The charm glows warm: you feel better (+{healed})."), MessageKind::Good);
            }
            "protection" => {
                ctx.store_set(ME, WARD, rules::ward(level));
                ctx.add_status(ME, WARDED, WARD_TURNS);
                ctx.message("A shimmering ward wraps around you.", MessageKind::Good);
            }
            _ => {
                let mut filled = 0;
                for (_, entry, sort) in items::sorted_pack(ctx) {
                    if sort == Sort::Staff {
                        let l = items::level(ctx, entry.item, sort).max(0);
                        ctx.item_set(entry.item, rules::CHARGES, l);
                        ctx.item_set(entry.item, WAIT, 0);
                        filled += 1;
                    }
                }
                ctx.message(&format!("Your staffs hum with power ({filled} filled)."), MessageKind::Good);
            }
        }
        ctx.item_set(id, WAIT, rest(item, level) * 10);
        ctx.event("charm", &[("charm", item.kind.as_str().into()), ("level", level.into())]);
        Ok(UseOutcome::Kept)
    }

    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let Some((power, id)) = charm_sort(ctx, item) else { return Ok(None) };
        let level = rules::signed(items::level(ctx, id, Sort::Charm(power)));
        let wait = items::wait(ctx, id);
        Ok(Some(if wait > 0 { format!("{level} (rests {})", (wait + 9) / 10) } else { format!("{level} (ready)") }))
    }

    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let Some((power, id)) = charm_sort(ctx, item) else { return Ok(Vec::new()) };
        let level = items::level(ctx, id, Sort::Charm(power));
        let what = match CHARM_POWERS[power] {
            "health" => format!("Heals {}.", rules::charm_heal(level)),
            "protection" => format!("A ward that takes {} harm, for {WARD_TURNS} turns.", rules::ward(level)),
            _ => "Fills every staff you carry.".to_string(),
        };
        Ok(vec![what, format!("Rests {} turns after use.", rest(item, level))])
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        if let Some(id) = item.item() {
            ctx.item_set(id, LEVEL, 1);
        }
        Ok(())
    }
}
