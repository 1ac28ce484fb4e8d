//! Hears of every death and writes each to the trace, so a test
//! can match them against the host's own `death` events.

use emberdeep_api::*;

struct Witness;

impl Hooks for Witness {
    fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
        let killer = death.killer().and_then(|k| ctx.creature(k));
        let killer_trace = killer.as_ref().map(|k| k.trace_name.to_string()).unwrap_or_default();
        let killer_name = killer.as_ref().map(|k| k.name.to_string()).unwrap_or_default();
        ctx.event(
            "saw_death",
            &[
                ("victim", death.victim_name.as_str().into()),
                ("killer", killer_trace.as_str().into()),
                ("killer_name", killer_name.as_str().into()),
                ("killer_kind", death.killer_kind.as_str().into()),
                ("how", death.how.as_str().into()),
                ("killed_by", death.killed_by.as_str().into()),
            ],
        );
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.hooks(Witness);
    Ok(())
}

export_plugin!(register);
