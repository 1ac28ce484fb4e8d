//! A plugin rebuilt while the game runs (the tests of `--watch`): its key
//! `C` says [`CHIME`], a constant the test rewrites before building it again.

use emberdeep_api::*;

/// What `C` says; the test changes this line.
const CHIME: &str = "The chime rings once.";

struct Chime;

impl Hooks for Chime {
    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![KeyHelp::new("C", "other", "ring the chime")])
    }

    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        if key != 'C' {
            return Ok(KeyAnswer::Pass);
        }
        ctx.message(CHIME, MessageKind::Info);
        Ok(KeyAnswer::Done(false))
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.hooks(Chime);
    Ok(())
}

export_plugin!(register);
