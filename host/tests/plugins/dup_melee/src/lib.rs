//! A test plugin that registers a brain named `melee`, as core_combat does:
//! the host must report the clash, naming both plugins.
use abi_stable::std_types::RResult;
use emberdeep_api::{export_plugin, guard, Ctx, EntityId, MonsterBrain, PluginError, Registrar};

struct Still;

impl MonsterBrain for Still {
    fn act(&self, _ctx: Ctx<'_>, _me: EntityId) -> RResult<(), PluginError> {
        guard(|| Ok(()))
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.brain("melee", Still);
    Ok(())
}

export_plugin!(register);
