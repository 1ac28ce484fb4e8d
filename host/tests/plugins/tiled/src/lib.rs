//! A plugin with tiles of its own: its data folder holds `tiles.png` and
//! `tiles.txt` beside its records, and its monster, the wisp, names the
//! tile `wisp` from them. The wisp's brain keeps it where it is, so a
//! screenshot finds it where the scenario put it.

use emberdeep_api::*;

/// Stays put.
struct Hover;

impl MonsterBrain for Hover {
    fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.brain("hover", Hover);
    Ok(())
}

export_plugin!(register);
