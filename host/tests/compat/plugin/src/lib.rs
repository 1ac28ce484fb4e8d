//! The compatibility probe: a small plugin built, by the tests in
//! `host/tests/compat.rs`, against the frozen copy of the 1.0 api, against a
//! later api with methods added, and against a copy with a changed struct.
//! It registers a brain, a status, an item effect and hooks, and traces what
//! it sees each turn, so a test can tell its calls crossed both ways.

use emberdeep_api::*;

/// Stands still; traces that it was asked.
struct Statue;

impl MonsterBrain for Statue {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        ctx.event("probe_brain", &[("monster", i64::from(me.0).into())]);
        Ok(())
    }
}

/// Each turn: the turn, the player's health, and (built against a later api) what
/// its added method answers: the default when the host is older.
struct Probe;

impl Hooks for Probe {
    fn turn_ended(&self, ctx: &mut Ctx<'_>, turn: u64) -> PluginResult<()> {
        let hp = ctx.player()?.hp;
        let damage = Damage::new(1, 2);
        #[cfg(feature = "v1_1")]
        let answer = i64::from(ctx.wind());
        #[cfg(not(feature = "v1_1"))]
        let answer = -1;
        ctx.event(
            "probe_turn",
            &[("turn", (turn as i64).into()), ("hp", hp.into()), ("wind", answer.into()), ("min", damage.min.into())],
        );
        Ok(())
    }

    /// Asked by a host of api 1.6 through `pick_up_item`, which a plugin
    /// built before answers by this one.
    fn pick_up(&self, ctx: &mut Ctx<'_>, kind: &str, count: u32) -> PluginResult<bool> {
        ctx.event("probe_pick_up", &[("item", kind.into()), ("count", i64::from(count).into())]);
        Ok(false)
    }

    /// Told by a host of api 1.6 through `picked_up_item`, likewise.
    fn picked_up(&self, ctx: &mut Ctx<'_>, kind: &str, count: u32) -> PluginResult<()> {
        ctx.event("probe_picked_up", &[("item", kind.into()), ("count", i64::from(count).into())]);
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.brain("probe_statue", Statue);
    reg.status("probed", StatusSpec::new("Probed", '!', Rgba::rgb(200, 200, 80), StatusEffect::Marks), ());
    reg.hooks(Probe);
    Ok(())
}

export_plugin!(register);
