//! A test plugin: the terrain `deep_water` (walkable, seen through, no
//! rules of its own), standing in for the terrain plugin's, so that the
//! bestiary's eels can be tested without it. No generator lays it: the
//! tests' scenarios draw it.
#![allow(non_local_definitions)]

use emberdeep_api::{export_plugin, Look, PluginError, Registrar, Rgba, TerrainSpec};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    let look = Look::new('~', Rgba::rgb(40, 90, 200), "pond_water");
    reg.terrain("deep_water", TerrainSpec::new("deep water", look, true, true), ());
    reg.writes_no_events();
    Ok(())
}

export_plugin!(register);
