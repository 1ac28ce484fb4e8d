//! # bestiary: monsters and items with rules of their own
//!
//! The monsters are in [`monsters`] (records in `data/bestiary/monsters.toml`);
//! the items (potions of haste, descent, detect monsters, restore and vigor;
//! scrolls of teleportation, magic mapping and slumber; wands of slowing,
//! beckoning and banishment) in [`items`] (records in
//! `data/bestiary/items.toml`). Every rule and number is in
//! docs/plugins/bestiary.md.
//! A plugin has one set of hooks: [`Bestiary`] hands each to the half that
//! keeps it.
#![allow(non_local_definitions)]

pub mod items;
mod monsters;

/// How a line names `id` (else "the NAME"): "your spirit wolf", "the
/// allied goblin" or "the goblin", as the host's own lines do.
pub(crate) fn called(ctx: &mut Ctx<'_>, id: emberdeep_api::EntityId, name: &str) -> String {
    ctx.called(id).unwrap_or_else(|| format!("the {name}"))
}

/// [`called`] starting a sentence: "The allied goblin".
pub(crate) fn the(ctx: &mut Ctx<'_>, id: emberdeep_api::EntityId, name: &str) -> String {
    emberdeep_api::capitalized(&called(ctx, id, name))
}

use emberdeep_api::{export_plugin, Ctx, Death, Hooks, Hurt, PluginError, PluginResult, Registrar};

/// The plugin's hooks, handed on to the halves.
struct Bestiary;

impl Hooks for Bestiary {
    fn hurt(&self, ctx: &mut Ctx<'_>, hurt: &Hurt) -> PluginResult<()> {
        monsters::hurt(ctx, hurt)
    }
    fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
        monsters::died(ctx, death)
    }
    fn floor_entered(&self, ctx: &mut Ctx<'_>, floor: u32) -> PluginResult<()> {
        monsters::floor_entered(ctx, floor)
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("New monsters and new potions, scrolls and wands to find", "");
    // Declares the player's `drained` key, which the potion of restore reads.
    monsters::register(reg);
    items::register(reg);
    reg.hooks(Bestiary);
    Ok(())
}

export_plugin!(register);
