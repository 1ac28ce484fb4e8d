//! The hooks: `f` and `t` (the host's keys, which it lists on the help screen), what `t` may throw, arrows
//! picked up into the quiver, and the lines about the bow on the side panel and the pack screen.

use emberdeep_api::{Ctx, Hooks, KeyAnswer, PluginResult};

use crate::gear;
use crate::missiles;
use crate::rules::bow_line;

/// ranged_combat's answers to the host's hooks.
pub struct RangedHooks;

impl Hooks for RangedHooks {
    fn panel_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let bow = gear::bow(ctx).map(|b| b.with_article());
        let line = bow_line(bow.as_deref(), gear::quiver_text(ctx).as_deref());
        Ok(vec![line])
    }

    fn pack_header(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let bow = gear::bow(ctx).map_or("none".to_string(), |b| b.with_article());
        let quiver = gear::quiver_text(ctx).unwrap_or_else(|| "empty".to_string());
        Ok(vec![format!("Bow: {bow}"), format!("Quiver: {quiver}")])
    }

    fn fire(&self, ctx: &mut Ctx<'_>) -> PluginResult<KeyAnswer> {
        missiles::fire(ctx)
    }

    fn throw(&self, ctx: &mut Ctx<'_>, slot: u32) -> PluginResult<KeyAnswer> {
        missiles::throw(ctx, slot)
    }

    fn throwable(&self, ctx: &mut Ctx<'_>, kind: &str) -> PluginResult<bool> {
        Ok(ctx.item_info(kind).is_some_and(|info| gear::is_throwable(&info)))
    }

    fn pick_up(&self, ctx: &mut Ctx<'_>, kind: &str, count: u32) -> PluginResult<bool> {
        Ok(missiles::pick_up(ctx, kind, count))
    }
}
