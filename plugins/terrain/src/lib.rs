//! # terrain: traps, rubble, deep water and the wand of digging
//!
//! The dungeon's ground, as a plugin the game plays whole without:
//!
//! * four traps hidden as floor until found, by a step or by searching
//!   (`s`): a dart trap (1-4), a net trap (held in place 3 turns), an
//!   alarm trap (the floor wakes and hunts the player) and a pit trap (the
//!   player falls to the next floor, hurt for 1-3) ([`traps`]);
//! * rubble, whose climber loses a turn, and deep water (`deep_water`),
//!   where nobody reads and what is dropped sinks ([`ground`]);
//! * a level feature laying them on floors 1 to 12 ([`feature`]);
//! * the wand of digging, whose bolt turns walls to floor ([`digging`],
//!   its numbers in [`wand`]).
//!
//! Every rule and number is in `docs/plugins/terrain.md`; the numbers and
//! words live in [`rules`], tested without a game.
#![allow(non_local_definitions)]

pub mod digging;
pub mod feature;
pub mod ground;
pub mod rules;
pub mod traps;
pub mod wand;

use emberdeep_api::{
    export_plugin, PluginError, Registrar, Rgba, StatusEffect, StatusSpec, TerrainCode, TerrainHidden, TerrainSpec,
};

/// Registers one terrain of [`rules::KINDS`] with its code.
fn terrain(reg: &mut Registrar, name: &str, hidden: bool, code: impl TerrainCode) {
    let Some(kind) = rules::kind(name) else { return };
    let mut spec =
        TerrainSpec::new(kind.label, kind.look(), true, true).described(kind.description).traits(kind.traits);
    if hidden {
        spec = spec.hidden(TerrainHidden::AsFloor);
    }
    reg.terrain(name, spec, code);
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Traps, rubble and deep water, the search key and the wand of digging", "");
    terrain(reg, rules::DART_TRAP, true, traps::DartTrap);
    terrain(reg, rules::NET_TRAP, true, traps::NetTrap);
    terrain(reg, rules::ALARM_TRAP, true, traps::AlarmTrap);
    terrain(reg, rules::PIT_TRAP, true, traps::PitTrap);
    terrain(reg, rules::RUBBLE, false, ground::Rubble);
    terrain(reg, rules::DEEP_WATER, false, ());
    let net = StatusSpec::new("Netted", '#', Rgba::rgb(120, 200, 240), StatusEffect::Marks);
    reg.status(rules::NETTED, net, ());
    let climb = StatusSpec::new("Clambering", ':', Rgba::rgb(160, 150, 130), StatusEffect::SkipsTurn);
    reg.status(rules::CLAMBERING, climb, ());
    reg.level_feature("terrain", 1, rules::LAST_FLOOR, feature::Lay);
    reg.hooks(traps::Search);
    reg.vetoes(ground::Ground);
    reg.item_effect("dig", digging::Digging);
    reg.stored(wand::CHARGES_KEY, 0, wand::MOST_CHARGES);
    reg.event("alarm", &["x", "y", "woken"]);
    reg.event("dig", &["dug"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_every_terrain_status_and_the_wand() {
        let mut reg = Registrar::new("terrain", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!(names.terrains, ["trap_dart", "trap_net", "trap_alarm", "trap_pit", "rubble", "deep_water"]);
        assert_eq!(names.statuses, ["netted", "clambering"]);
        assert_eq!(names.item_effects, ["dig"]);
        assert_eq!(names.level_features, ["terrain"]);
    }
}
