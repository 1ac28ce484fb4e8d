//! A test plugin that needs ranged_combat.
use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.depends_on("ranged_combat", "0.1.0");
    Ok(())
}

export_plugin!(register);
