//! The hand and the back, as they live in the host's per-entity store: the
//! player's text key `hand` holds the kind of the weapon wielded, `back` the
//! kind of the armor worn. Everything else is read from the records each
//! time, so the damage and defense can never fall out of step.
//!
//! The player starts wielding a short sword without anything being written:
//! while `hand` is unset, the hand holds [`START_WEAPON`]. Wielding stores the
//! new kind; an empty text would mean bare fists.

use emberdeep_api::{Ctx, Damage, EntityId, ItemInfo};

use crate::rules::{armor_defense, blow, weapon_damage, Outfit};

/// The player's text store key for the weapon in hand.
pub const HAND: &str = "hand";
/// The player's text store key for the armor worn.
pub const BACK: &str = "back";
/// The weapon the player starts with, in hand until something else is wielded.
pub const START_WEAPON: &str = "short_sword";

/// Where an item goes when used: in the hand or on the back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A weapon, wielded.
    Hand,
    /// Armor, worn.
    Back,
}

impl Place {
    /// Its key in the player's text store.
    pub fn key(self) -> &'static str {
        match self {
            Place::Hand => HAND,
            Place::Back => BACK,
        }
    }

    /// The kind held there now, if any.
    pub fn held(self, ctx: &Ctx<'_>) -> Option<String> {
        let stored = ctx.store_get_text(EntityId::PLAYER, self.key());
        let kind = match (self, stored) {
            (_, Some(kind)) => kind,
            (Place::Hand, None) => START_WEAPON.to_string(),
            (Place::Back, None) => String::new(),
        };
        (!kind.is_empty()).then_some(kind)
    }

    /// The record of what is held there now, if any (and if it has one).
    pub fn record(self, ctx: &Ctx<'_>) -> Option<ItemInfo> {
        let kind = self.held(ctx)?;
        ctx.item_info(&kind)
    }
}

/// The damage of bare fists: the `fist_damage_min/max` settings (1-2).
fn fists(ctx: &Ctx<'_>) -> Damage {
    let min = ctx.setting_value("fist_damage_min") as i32;
    let max = ctx.setting_value("fist_damage_max") as i32;
    Damage::new(min, max.max(min))
}

/// The player's strength: progression's number store key `strength` (read
/// only: progression declares and writes it), 0 until something raises it.
fn strength(ctx: &Ctx<'_>) -> i32 {
    ctx.store_get(EntityId::PLAYER, "strength").unwrap_or(0) as i32
}

/// What the player wields and wears now, and the numbers that follow from it.
pub fn outfit(ctx: &Ctx<'_>) -> Outfit {
    let weapon = Place::Hand.record(ctx);
    let armor = Place::Back.record(ctx);
    Outfit {
        damage: blow(weapon.as_ref().and_then(weapon_damage), fists(ctx), strength(ctx)),
        defense: armor.as_ref().and_then(armor_defense).unwrap_or(0),
        weapon: weapon.map(|w| w.with_article()),
        armor: armor.map(|a| a.with_article()),
    }
}
