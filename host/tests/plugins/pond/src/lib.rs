//! A test plugin: the terrain `pond_water` (walkable, seen through, no
//! rules of its own, and the traits `liquid` and `deep`), standing in for
//! the terrain plugin's deep water under a name of its own, so that the
//! bestiary's eels are tested without it, by what water is, not its name. No generator lays it: the
//! tests' scenarios draw it.
#![allow(non_local_definitions)]

use emberdeep_api::terrain_traits::{DEEP, LIQUID};
use emberdeep_api::{export_plugin, Look, PluginError, Registrar, Rgba, TerrainSpec};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    let look = Look::new('~', Rgba::rgb(40, 90, 200), "pond_water");
    // Deep water by what it is (api 1.6's traits): the eels go by these,
    // not by the name.
    let water = TerrainSpec::new("deep water", look, true, true).traits(&[LIQUID, DEEP]);
    reg.terrain("pond_water", water, ());
    reg.writes_no_events();
    Ok(())
}

export_plugin!(register);
