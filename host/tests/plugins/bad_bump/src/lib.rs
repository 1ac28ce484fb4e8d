//! A test plugin whose bump hook panics: the host must report it by name,
//! trace a `plugin_error`, and keep the run going.
use emberdeep_api::{export_plugin, Ctx, EntityId, Hooks, PluginError, PluginResult, Registrar};

struct Clumsy;

impl Hooks for Clumsy {
    fn bump(&self, _ctx: &mut Ctx<'_>, _target: EntityId) -> PluginResult<bool> {
        // The adapter the Registrar wraps around the hooks catches the panic.
        panic!("bad_bump trips over its own feet")
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.hooks(Clumsy);
    Ok(())
}

export_plugin!(register);
