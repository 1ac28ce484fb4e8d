//! # identify: potions and scrolls come unknown
//!
//! Every potion and scroll of every plugin (by its record's `class`,
//! `potion` or `scroll`, never by its id) is shown by a look until the
//! player knows its kind: `a murky red potion`, `a scroll labelled XOTH
//! KRA`. The looks are shuffled each run from the run's seed (the same
//! seed, the same looks), so the run's random numbers are never drawn for
//! them and a save needs to keep none.
//!
//! * [`knowing::Names`] names unknown items wherever the host names an
//!   item to the player (api 1.3's item names), and gives their card:
//!   "A murky red potion. Drink it to learn what it is.";
//! * [`knowing::ByUse`] makes a kind known once used: "It was a potion of
//!   haste.";
//! * [`knowing::Identify`], the scroll of identify (`data/identify/`),
//!   makes the first unknown kind in the pack known.
//!
//! What is known is kept in the player's store (`known_KIND`), so it is
//! saved with the run. Each kind learnt is traced as an `identified` event
//! (`item`, `how`: `use` or `scroll`); traces keep the true kinds.

#![allow(non_local_definitions)]

pub mod knowing;
pub mod looks;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Unknown potions and scrolls, named by their looks until identified", "");
    reg.item_names(knowing::Names);
    reg.hooks(knowing::ByUse);
    reg.item_effect("identify", knowing::Identify);
    reg.event("identified", &["item", "how"]);
    Ok(())
}

export_plugin!(register);
