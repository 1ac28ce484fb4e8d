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
//!   makes the first unknown kind in the pack known, whichever plugin
//!   marked it unknown (another plugin's ring too).
//!
//! What is known is the game's (api 1.6's known kinds, shared by every
//! plugin): when a run starts the plugin marks every potion and scroll
//! kind unknown ([`knowing::mark`], traced as `kind_known` events), asks
//! `Ctx::kind_known`, and makes a kind known with `Ctx::set_kind_known`;
//! the game saves it with the run. A save from before 1.6, which kept what
//! was known in the player's store (`known_KIND` = 1), still knows it: the
//! keys are read once, at the first turn, and dropped. Each kind learnt is
//! traced as an `identified` event (`item`, `how`: `use` or `scroll`)
//! after the game's `kind_known`; traces keep the true kinds.

#![allow(non_local_definitions)]

pub mod knowing;
pub mod looks;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Unknown potions and scrolls, named by their looks until identified", "");
    reg.stored(knowing::MARKED, 0, 1);
    reg.item_names(knowing::Names);
    reg.hooks(knowing::ByUse);
    reg.item_effect("identify", knowing::Identify);
    reg.event("identified", &["item", "how"]);
    Ok(())
}

export_plugin!(register);
