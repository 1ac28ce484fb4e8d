//! A test plugin whose `register` panics: the host must name it and go on.
use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(_reg: &mut Registrar) -> Result<(), PluginError> {
    panic!("panic_register fails on purpose")
}

export_plugin!(register);
