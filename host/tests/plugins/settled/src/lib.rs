//! Declares two settings, `lamp` (default 7) and `wick` (default 2), whose
//! records give `wick = 5` only, and traces what it reads of them each turn:
//! through `Ctx::setting_value`, and as the host answers across the
//! boundary (`raw_*`), so a test can tell the host applied the default.

use emberdeep_api::abi::GameCtx;
use emberdeep_api::*;

struct Reader;

impl Hooks for Reader {
    fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        let (lamp, wick) = (ctx.setting_value("lamp"), ctx.setting_value("wick"));
        let undeclared = ctx.setting("oil").unwrap_or(-1);
        let raw_lamp = ctx.raw().setting("lamp".into()).into_option().unwrap_or(-1);
        let fields = [("lamp", lamp), ("wick", wick), ("oil", undeclared), ("raw_lamp", raw_lamp)];
        let fields: Vec<(&str, FieldValue)> = fields.iter().map(|(n, v)| (*n, (*v).into())).collect();
        ctx.event("settings_read", &fields);
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.setting("lamp", 7, 0, 100).setting("wick", 2, 0, 10);
    reg.hooks(Reader);
    Ok(())
}

export_plugin!(register);
