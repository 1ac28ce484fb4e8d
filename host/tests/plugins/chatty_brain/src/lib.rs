//! A test plugin whose brain says what it thinks with `tracing::info!`:
//! the event must reach the host's trace under this plugin's name.
use emberdeep_api::{export_plugin, Ctx, EntityId, MonsterBrain, PluginError, PluginResult, Registrar};

struct Chatty;

impl MonsterBrain for Chatty {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let sees = ctx.sees_player(me);
        tracing::info!(monster = me.0, sees, "chatty ponders its next move");
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.brain("chatty", Chatty);
    Ok(())
}

export_plugin!(register);
