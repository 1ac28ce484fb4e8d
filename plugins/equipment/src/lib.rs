//! # equipment: weapons, armor, and damage derived from what you hold
//!
//! The five weapons and three suits of armor are records in
//! `data/equipment/` (`class = "weapon"` with `damage_min`/`damage_max`
//! params, `class = "armor"` with `defense` and, for plate, `noise`). This
//! plugin brings what using them does and what follows from holding them:
//!
//! * the effects `wield` and `wear`: the item leaves the pack, what was in
//!   the hand (or on the back) goes back in, and the turn passes;
//! * the player's blow, derived every time it is asked for: the weapon's
//!   range, or the fists' (1-2), plus strength; and the defense of the armor;
//! * what each weapon or armor would give (`ItemEffect::gear`, for the bot)
//!   and the lines its card shows (`ItemEffect::facts`), from its params;
//! * noisy armor: every step makes a noise as loud as the armor's `noise`;
//! * the side panel's and the pack screen's lines about the hand and back.
//!
//! The plugin keeps no state: the hand and back are the player's text store
//! keys `hand` and `back` (see [`gear`]), declared to hold item kinds
//! (`Registrar::stored_kind`), so the host stores and a save holds only a
//! kind the records have there. The player starts with a short sword.
//!
//! Strength is progression's store key `strength`, which progression alone
//! declares and writes; equipment only reads it (0 while progression is not
//! loaded or has raised none), so either plugin loads without the other.

#![allow(non_local_definitions)]

mod equip;
pub mod gear;
mod hooks;
pub mod rules;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Weapons and armor to wield and wear, with their damage and defense", "");
    reg.setting("fist_damage_min", 1, 0, 1000).setting("fist_damage_max", 2, 0, 1000);
    // The hand and the back hold item kinds: a save never holds one nobody has.
    reg.stored_kind(gear::HAND).stored_kind(gear::BACK);
    reg.item_effect("wield", equip::Wield);
    reg.item_effect("wear", equip::Wear);
    reg.hooks(hooks::EquipmentHooks);
    reg.vetoes(hooks::EquipmentVetoes);
    reg.writes_no_events();
    Ok(())
}

export_plugin!(register);
