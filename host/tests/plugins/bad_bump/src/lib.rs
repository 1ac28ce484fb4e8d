//! A test plugin whose bump hook panics: the host must report it by name,
//! trace a `plugin_error`, and keep the run going.
use abi_stable::std_types::RResult;
use emberdeep_api::{export_plugin, guard, Ctx, EntityId, Hooks, PluginError, Registrar};

struct Clumsy;

impl Hooks for Clumsy {
    fn bump(&self, _ctx: Ctx<'_>, _target: EntityId) -> RResult<bool, PluginError> {
        guard(|| panic!("bad_bump trips over its own feet"))
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.hooks(Clumsy);
    Ok(())
}

export_plugin!(register);
