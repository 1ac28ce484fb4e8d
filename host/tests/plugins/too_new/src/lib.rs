//! A test plugin that needs a core_combat far newer than any there is.
use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.depends_on("core_combat", "9.0.0");
    Ok(())
}

export_plugin!(register);
