//! # fireball: the scroll of fireball
//!
//! One item effect, `fireball`, aimed through the host's Targeting state, so
//! the plugin needs no other plugin (`--plugins core_combat,fireball` plays
//! it without ranged_combat):
//!
//! * reading the scroll asks the host to aim: the flight stops at the first
//!   creature and never passes the cursor, up to the record's `range`; the
//!   host shades the path and, fainter, the burst around its end, and asks
//!   before firing when the reader would stand in the burst;
//! * firing bursts it where the flight ends: every walkable cell within
//!   `radius` steps that the centre can see (the host's `burst`, so walls
//!   shelter). Everyone there, the reader too, takes `burn_min`-`burn_max`,
//!   armor ignored; the reader who dies of it was "killed by your own
//!   fireball". Then one noise of `loudness` at the centre, and the
//!   monsters that live hunt the player;
//! * Esc after reading wastes the scroll and the turn.
//!
//! The numbers are the scroll record's params, in `data/fireball/`. The
//! plugin keeps no state at all.

#![allow(non_local_definitions)]

pub mod rules;
mod scroll;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("The scroll of fireball: aimed, it bursts where it lands", "");
    reg.item_effect("fireball", scroll::FireballScroll);
    reg.event("fireball_burst", &["x", "y", "radius", "cells", "caught"]);
    Ok(())
}

export_plugin!(register);
