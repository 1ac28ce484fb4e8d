//! # bestiary: new monsters and new items
//!
//! The item half (`items`): potions of haste, descent, detect monsters,
//! restore and vigor; scrolls of teleportation, magic mapping and slumber;
//! wands of slowing, beckoning and banishment. Every rule and number is in
//! docs/plugins/bestiary.md; the records are in `data/bestiary/`.

#![allow(non_local_definitions)]

pub mod items;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    // The maximum health a wraith drained from the player, given back by a
    // potion of restore: the key is this plugin's own.
    reg.stored(items::rules::DRAINED_KEY, 0, items::rules::MOST_DRAINED);
    items::register(reg);
    Ok(())
}

export_plugin!(register);
