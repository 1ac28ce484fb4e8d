//! # core_combat: the first Emberdeep plugin
//!
//! Melee blows (walk into a monster to hit it), the `melee` monster brain,
//! the healing potion's `heal` effect. The monsters themselves are records in
//! `data/core_combat/`. The rule of a blow: roll the attacker's damage, take
//! off the defender's defense, never less than 1 (the api's
//! [`emberdeep_api::blow_damage`]); melee always hits.

#![allow(non_local_definitions)]

mod blow;
mod brain;
mod heal;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Melee blows, the melee monster brain and the healing potion", "");
    reg.setting("player_damage_min", 2, 0, 1000).setting("player_damage_max", 6, 0, 1000);
    reg.setting("fight_noise", 4, 0, 100);
    reg.brain("melee", brain::Melee);
    reg.item_effect("heal", heal::Heal);
    reg.hooks(blow::MeleeHooks);
    reg.writes_no_events();
    tracing::debug!("core_combat registered");
    Ok(())
}

export_plugin!(register);
