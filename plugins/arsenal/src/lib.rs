//! # arsenal: a character that grows by choices
//!
//! Brogue CE's enchanting, as a plugin: scrolls of enchanting that add a
//! level to one thing the player chooses; staffs whose charges are their
//! level and come back over time; rings worn for their powers, a few
//! cursed; charms used at will that rest after each use; and weapons and
//! armor found enchanted deeper down. Staffs and rings come unknown.
//!
//! Everything particular to an item (its level, a staff's charges, a wait,
//! a ring worn) is kept on the item itself (`Ctx::item_get`/`item_set`);
//! what the player wears and wields, which leaves the pack, has its level
//! kept in the player's store (see [`enchant`]). The rules and numbers are
//! in docs/plugins/arsenal.md and the records in `data/arsenal/`.

#![allow(non_local_definitions)]

pub mod crystal;
pub mod enchant;
pub mod hooks;
pub mod items;
pub mod knowing;
pub mod ring;
pub mod rules;
pub mod staff;
#[cfg(test)]
mod tests;

use emberdeep_api::terrain_traits::WALL;
use emberdeep_api::{
    export_plugin, Ctx, EntityId, Look, PluginError, PluginResult, Registrar, Rgba, Status, StatusEffect, StatusSpec,
    TerrainSpec,
};

/// The ward ends with its status.
struct Ward;

impl Status for Ward {
    fn ended(&self, ctx: &mut Ctx<'_>, who: EntityId) -> PluginResult<()> {
        if who.is_player() {
            ctx.store_remove(who, ring::WARD);
        }
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe(
        "Scrolls of enchanting, staffs that recharge, rings and charms: a character that grows by choices",
        "",
    );
    reg.setting("staff_recharge", 200, 10, 10_000)
        .setting("rings_worn", 2, 0, 10)
        .setting("enchanted_gear_floor", 3, 1, 100)
        .setting("enchanted_gear_chance", 20, 0, 100)
        .setting("cursed_gear_chance", 25, 0, 100);
    reg.stored(rules::LEVEL_KEY_DECLARED, -rules::MOST_LEVEL, rules::MOST_LEVEL)
        .stored(rules::CHARGES, 0, rules::MOST_LEVEL)
        .stored(rules::WAIT, 0, rules::MOST_WAIT)
        .stored(rules::WORN, 0, 1)
        .stored(ring::WARD, 0, 1000)
        .stored(hooks::QUIET, -rules::MOST_LEVEL, rules::MOST_LEVEL)
        .stored(knowing::MARKED, 0, 1)
        .stored(enchant::BACK.plus, -rules::MOST_LEVEL, rules::MOST_LEVEL)
        .stored(enchant::HAND.plus, -rules::MOST_LEVEL, rules::MOST_LEVEL)
        .stored(enchant::PENDING_PLUS, -rules::MOST_LEVEL, rules::MOST_LEVEL)
        .stored_kind(enchant::BACK.kind)
        .stored_kind(enchant::HAND.kind)
        .stored_kind(enchant::PENDING_KIND);
    for bolt in rules::Bolt::ALL {
        reg.item_effect(bolt.effect(), staff::Staff(bolt));
    }
    reg.item_effect("arsenal_ring", ring::Ring);
    reg.item_effect("arsenal_charm", ring::Charm);
    reg.item_effect("enchanting", enchant::Enchanting);
    reg.status(
        staff::ENTRANCED,
        StatusSpec::new("Entranced", '@', Rgba::rgb(250, 150, 220), StatusEffect::SkipsTurn),
        (),
    );
    reg.status(staff::SLOWED, StatusSpec::new("Slowed", '-', Rgba::rgb(120, 140, 200), StatusEffect::Marks), ());
    reg.status_speed(staff::SLOWED, -1);
    reg.status(ring::WARDED, StatusSpec::new("Warded", ']', Rgba::rgb(120, 200, 255), StatusEffect::Marks), Ward);
    reg.status(ring::FLOATING, StatusSpec::new("Floating", '^', Rgba::rgb(200, 230, 255), StatusEffect::Marks), ());
    reg.status_flies(ring::FLOATING);
    reg.terrain(
        crystal::CRYSTAL,
        TerrainSpec::new(
            "a mass of crystal",
            Look::new('#', Rgba::rgb(140, 230, 230), "arsenal_crystal"),
            false,
            false,
        )
        .traits(&[WALL])
        .described("Crystal grown by a staff of obstruction. It blocks the way and the sight, and crumbles in time."),
        (),
    );
    reg.hooks(hooks::ArsenalHooks);
    reg.vetoes(hooks::ArsenalVetoes);
    reg.item_names(knowing::Names);
    reg.event("zap", &["staff", "level", "charges", "target"]);
    reg.event("recharged", &["staff", "charges"]);
    reg.event("ring", &["ring", "level", "worn"]);
    reg.event("charm", &["charm", "level"]);
    reg.event("enchanted", &["item", "level", "scroll"]);
    Ok(())
}

export_plugin!(register);
