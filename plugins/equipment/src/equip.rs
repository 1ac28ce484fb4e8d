//! The `wield` and `wear` effects: the item leaves the pack first, then what
//! was in its place goes back in, so a full pack loses nothing. Each takes a
//! turn and says so in the log.

use emberdeep_api::{
    Ctx, EntityId, GearNumbers, ItemEffect, ItemInfo, ItemUse, KeyAnswer, MessageKind, PluginResult, UseOutcome,
};

use crate::gear::{outfit, Place};
use crate::rules::{armor_defense, armor_facts, the_name, weapon_damage, weapon_facts};

/// The effect named `wield` in weapon records.
pub struct Wield;

/// The effect named `wear` in armor records.
pub struct Wear;

impl ItemEffect for Wield {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        equip(ctx, item, Place::Hand)
    }

    /// The weapon's own blow, before strength.
    fn gear(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<GearNumbers> {
        let blow = ctx.item_info(item.kind.as_str()).as_ref().and_then(weapon_damage);
        Ok(blow.map_or(GearNumbers::NONE, GearNumbers::weapon))
    }

    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(ctx.item_info(item.kind.as_str()).as_ref().map(weapon_facts).unwrap_or_default())
    }
}

impl ItemEffect for Wear {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        equip(ctx, item, Place::Back)
    }

    /// The armor's defense.
    fn gear(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<GearNumbers> {
        let defense = ctx.item_info(item.kind.as_str()).as_ref().and_then(armor_defense);
        Ok(defense.map_or(GearNumbers::NONE, GearNumbers::armor))
    }

    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(ctx.item_info(item.kind.as_str()).as_ref().map(armor_facts).unwrap_or_default())
    }
}

/// Whether the record has what its place needs (a weapon's damage, armor's defense).
fn fits(place: Place, info: &ItemInfo) -> bool {
    match place {
        Place::Hand => weapon_damage(info).is_some(),
        Place::Back => armor_defense(info).is_some(),
    }
}

/// Moves the item in `item.slot` to `place`, and what was there to the pack.
fn equip(ctx: &mut Ctx<'_>, item: &ItemUse, place: Place) -> PluginResult<UseOutcome> {
    let kind = item.kind.as_str();
    let info = ctx.item_info(kind).ok_or_else(|| format!("no record for '{kind}'"))?;
    if !fits(place, &info) {
        let needs = if place == Place::Hand { "damage_min and damage_max" } else { "defense" };
        return Err(format!("the record '{kind}' is used by {} but has no {needs} params", effect_name(place)).into());
    }
    let slot = item.slot().ok_or_else(|| format!("the {kind} to {} is not in the pack", effect_name(place)))?;
    let taken = ctx.pack_take(slot, 1).ok_or_else(|| format!("pack slot {slot} is empty"))?;
    if taken.kind.as_str() != kind {
        ctx.pack_add(taken.kind.as_str(), taken.count);
        return Err(format!("pack slot {slot} holds '{}', not '{kind}'", taken.kind).into());
    }
    let old = place.record(ctx);
    if let Some(old) = &old {
        if ctx.pack_add(old.id.as_str(), 1).is_none() {
            // Only a stacking item could leave the pack full here; undo, and no turn passes.
            ctx.pack_add(kind, 1);
            let text = format!("There is no room in your pack for {}.", the_name(old));
            ctx.message(&text, MessageKind::Info);
            return Ok(UseOutcome::NoTurn);
        }
    }
    ctx.store_set_text(EntityId::PLAYER, place.key(), kind);
    say_swap(ctx, place, old.as_ref(), &info);
    let now = outfit(ctx);
    match place {
        Place::Hand => tracing::info!(item = kind, damage_min = now.damage.min, damage_max = now.damage.max, "wielded"),
        Place::Back => tracing::info!(item = kind, defense = now.defense, "worn"),
    }
    Ok(UseOutcome::Kept)
}

fn effect_name(place: Place) -> &'static str {
    match place {
        Place::Hand => "wield",
        Place::Back => "wear",
    }
}

/// "You put away the short sword." then "You wield the long sword."
fn say_swap(ctx: &mut Ctx<'_>, place: Place, old: Option<&ItemInfo>, new: &ItemInfo) {
    let (off, on) = match place {
        Place::Hand => ("You put away", "You wield"),
        Place::Back => ("You take off", "You put on"),
    };
    if let Some(old) = old {
        ctx.message(&format!("{off} {}.", the_name(old)), MessageKind::Info);
    }
    ctx.message(&format!("{on} {}.", the_name(new)), MessageKind::Info);
}

/// `T` (armor) or `-` (weapon): what is at `place` goes back into the pack,
/// leaving no armor on, or bare fists. A turn passes; with nothing there,
/// or no room in the pack, it says why and no turn passes.
pub fn take_off(ctx: &mut Ctx<'_>, place: Place) -> PluginResult<KeyAnswer> {
    let Some(old) = place.record(ctx) else {
        let nothing = match place {
            Place::Hand => "You are already fighting with bare fists.",
            Place::Back => "You wear no armor.",
        };
        ctx.message(nothing, MessageKind::Info);
        return Ok(KeyAnswer::Done(false));
    };
    if ctx.pack_add(old.id.as_str(), 1).is_none() {
        ctx.message(&format!("There is no room in your pack for {}.", the_name(&old)), MessageKind::Info);
        return Ok(KeyAnswer::Done(false));
    }
    ctx.store_set_text(EntityId::PLAYER, place.key(), "");
    let said = match place {
        Place::Hand => format!("You put away {}; you fight with bare fists.", the_name(&old)),
        Place::Back => format!("You take off {}.", the_name(&old)),
    };
    ctx.message(&said, MessageKind::Info);
    let now = outfit(ctx);
    match place {
        Place::Hand => {
            tracing::info!(item = old.id.as_str(), damage_min = now.damage.min, damage_max = now.damage.max, "put_away")
        }
        Place::Back => tracing::info!(item = old.id.as_str(), defense = now.defense, "taken_off"),
    }
    Ok(KeyAnswer::Done(true))
}
