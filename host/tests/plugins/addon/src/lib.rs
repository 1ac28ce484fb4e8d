//! A test plugin that needs core_combat 0.1.0 or newer; its name sorts
//! before core_combat, so loading it after proves dependencies order the load.
use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.depends_on("core_combat", "0.1.0");
    Ok(())
}

export_plugin!(register);
