//! A test plugin that registers a brain named `melee`, as core_combat does:
//! the host must report the clash, naming both plugins.
use emberdeep_api::{export_plugin, Ctx, EntityId, MonsterBrain, PluginError, PluginResult, Registrar};

struct Still;

impl MonsterBrain for Still {
    fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.brain("melee", Still);
    Ok(())
}

export_plugin!(register);
