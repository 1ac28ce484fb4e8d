//! A wand of frost: aimed at a creature, it puts the status `frozen` on it
//! (it loses its turns) for the record's `turns`. A second plugin's status,
//! for the tests of statuses from two plugins on one creature.

use emberdeep_api::*;

struct Frost;

impl ItemEffect for Frost {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.say("You raise the wand. Choose a target.");
        Ok(UseOutcome::Aim(AimRequest::missile(item.param_or("range", 6) as i32)))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        let Some(victim) = path.iter().find_map(|p| ctx.creature_at(*p)) else {
            ctx.say("The frost falls on nothing.");
            return Ok(UseOutcome::Kept);
        };
        let turns = item.param_or("turns", 3) as i32;
        if !ctx.add_status(victim, "frozen", turns) {
            return Err("the host refused the frozen status".into());
        }
        let name = ctx.creature(victim).map(|c| c.name.to_string()).unwrap_or_default();
        ctx.message(&format!("{} is frozen solid.", the(&name)), MessageKind::Good);
        Ok(UseOutcome::Kept)
    }
}

/// What `frozen` does besides taking the turns: a line when it ends.
struct Thaw;

impl Status for Thaw {
    fn ended(&self, ctx: &mut Ctx<'_>, who: EntityId) -> PluginResult<()> {
        let name = ctx.creature(who).map(|c| c.name.to_string()).unwrap_or_default();
        ctx.say(&format!("{} thaws.", the(&name)));
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.item_effect("frost", Frost);
    let spec = StatusSpec::new("Frozen", '*', Rgba::rgb(140, 210, 255), StatusEffect::SkipsTurn);
    reg.status("frozen", spec, Thaw);
    Ok(())
}

export_plugin!(register);
