//! Declares a setting whose default lies outside its own range: the host
//! could answer that default to a plugin whose records leave it out, so it
//! refuses the plugin when it registers.

use emberdeep_api::*;

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.setting("lamp", 500, 0, 100);
    Ok(())
}

export_plugin!(register);
