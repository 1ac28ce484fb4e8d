//! Reading and writing what is kept on the items: their levels, a staff's
//! charges, a wait, a ring worn; and finding them in the pack.
//!
//! What kind of thing an item is, arsenal reads from its record: its
//! `class` (`staff`, `ring`, `charm`, `weapon`, `armor`) and, for rings and
//! charms, which power param it has. It never reads another plugin's names.

use emberdeep_api::{Ctx, EntityId, ItemId, ItemInfo, PackEntry};

use crate::rules::{self, Bolt, CHARGES, LEVEL, MOST_LEVEL, WAIT, WORN};

/// The most pack slots looked through.
pub const MOST_SLOTS: u32 = 52;

/// The ring powers, by the param a ring's record has.
pub const RING_POWERS: [&str; 6] = ["clairvoyance", "stealth", "regeneration", "light", "awareness", "wisdom"];
/// The charm powers, by the param a charm's record has.
pub const CHARM_POWERS: [&str; 6] = ["health", "protection", "recharging", "teleportation", "levitation", "negation"];

/// What arsenal makes of an item by its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// A staff of arsenal's (by its record's `class`).
    Staff,
    /// A ring, with the index of its power in [`RING_POWERS`].
    Ring(usize),
    /// A charm, with the index of its power in [`CHARM_POWERS`].
    Charm(usize),
    /// A weapon (class `weapon`): its level adds to each blow.
    Weapon,
    /// Armor (class `armor`): its level takes from each blow suffered.
    Armor,
}

impl Sort {
    /// What `info` is to arsenal, if anything it enchants.
    pub fn of(info: &ItemInfo) -> Option<Sort> {
        match info.class.as_str() {
            "staff" => Some(Sort::Staff),
            "ring" => RING_POWERS.iter().position(|p| info.param(p).is_some()).map(Sort::Ring),
            "charm" => CHARM_POWERS.iter().position(|p| info.param(p).is_some()).map(Sort::Charm),
            "weapon" => Some(Sort::Weapon),
            "armor" => Some(Sort::Armor),
            _ => None,
        }
    }

    /// What `kind` is to arsenal.
    pub fn of_kind(ctx: &Ctx<'_>, kind: &str) -> Option<Sort> {
        ctx.item_info(kind).as_ref().and_then(Sort::of)
    }
}

/// The level an item starts at when nothing is stored: a staff 2, a ring or
/// charm 1, a weapon or armor 0.
pub fn default_level(sort: Sort) -> i64 {
    match sort {
        Sort::Staff => 2,
        Sort::Ring(_) | Sort::Charm(_) => 1,
        Sort::Weapon | Sort::Armor => 0,
    }
}

/// The item's level.
pub fn level(ctx: &Ctx<'_>, item: ItemId, sort: Sort) -> i64 {
    ctx.item_get(item, LEVEL).unwrap_or_else(|| default_level(sort)).clamp(-MOST_LEVEL, MOST_LEVEL)
}

/// A staff's charges now (its level while nothing is stored).
pub fn charges(ctx: &Ctx<'_>, item: ItemId) -> i64 {
    let level = level(ctx, item, Sort::Staff).max(0);
    ctx.item_get(item, CHARGES).unwrap_or(level).clamp(0, level.max(0))
}

/// Tenths of a turn the item still waits (0: ready, or a staff full).
pub fn wait(ctx: &Ctx<'_>, item: ItemId) -> i64 {
    ctx.item_get(item, WAIT).unwrap_or(0).max(0)
}

/// Whether a ring is worn.
pub fn worn(ctx: &Ctx<'_>, item: ItemId) -> bool {
    ctx.item_get(item, WORN).unwrap_or(0) == 1
}

/// Every item in the pack with its slot and record, in slot order.
pub fn pack(ctx: &Ctx<'_>) -> Vec<(u32, PackEntry, ItemInfo)> {
    (0..MOST_SLOTS)
        .filter_map(|slot| {
            let entry = ctx.pack_item(slot)?;
            let info = ctx.item_info(entry.kind.as_str())?;
            Some((slot, entry, info))
        })
        .collect()
}

/// Every item in the pack arsenal makes something of, with what it is.
pub fn sorted_pack(ctx: &Ctx<'_>) -> Vec<(u32, PackEntry, Sort)> {
    pack(ctx).into_iter().filter_map(|(slot, entry, info)| Sort::of(&info).map(|s| (slot, entry, s))).collect()
}

/// The sum of the levels of the rings of power `power` worn.
pub fn ring_power(ctx: &Ctx<'_>, power: usize) -> i64 {
    sorted_pack(ctx)
        .into_iter()
        .filter(|(_, e, s)| *s == Sort::Ring(power) && worn(ctx, e.item))
        .map(|(_, e, s)| level(ctx, e.item, s))
        .sum()
}

/// The power index of a ring power by name.
pub fn ring(name: &str) -> usize {
    RING_POWERS.iter().position(|p| *p == name).unwrap_or(0)
}

/// The rings worn now.
pub fn rings_worn(ctx: &Ctx<'_>) -> usize {
    sorted_pack(ctx).into_iter().filter(|(_, e, s)| matches!(s, Sort::Ring(_)) && worn(ctx, e.item)).count()
}

/// Counts down the waits of every staff and charm in the pack by one turn
/// (`tick` tenths), giving a staff back a charge when its wait runs out.
/// Returns the staffs that won a charge.
pub fn recharge(ctx: &mut Ctx<'_>, staff_base: i64, tick: i64) -> Vec<PackEntry> {
    let mut charged = Vec::new();
    for (_, entry, sort) in sorted_pack(ctx) {
        let id = entry.item;
        match sort {
            Sort::Staff => {
                let level = level(ctx, id, sort);
                let now = charges(ctx, id);
                if level < 1 || now >= level {
                    continue;
                }
                let left = match ctx.item_get(id, WAIT) {
                    Some(w) => w - tick,
                    None => rules::staff_turns(staff_base, level) * 10 - tick,
                };
                if left <= 0 {
                    ctx.item_set(id, CHARGES, now + 1);
                    let next = if now + 1 < level { rules::staff_turns(staff_base, level) * 10 } else { 0 };
                    ctx.item_set(id, WAIT, next.min(rules::MOST_WAIT));
                    charged.push(entry.clone());
                } else {
                    ctx.item_set(id, WAIT, left.min(rules::MOST_WAIT));
                }
            }
            Sort::Charm(_) => {
                let w = wait(ctx, id);
                if w > 0 {
                    ctx.item_set(id, WAIT, (w - tick).max(0));
                }
            }
            _ => {}
        }
    }
    charged
}

/// The staff effect named `effect`, if it is one.
pub fn bolt_of(effect: &str) -> Option<Bolt> {
    Bolt::ALL.into_iter().find(|b| b.effect() == effect)
}

/// The player, for short.
pub const ME: EntityId = EntityId::PLAYER;
