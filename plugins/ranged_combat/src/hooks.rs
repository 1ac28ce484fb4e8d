//! The hooks: `f` and `t`, what `t` may throw, arrows picked up into the
//! quiver, and the lines about the bow on the side panel and the pack screen.

use abi_stable::std_types::{RResult, RStr, RString, RVec};
use emberdeep_api::{guard, Ctx, Hooks, KeyAnswer, PluginError};

use crate::gear;
use crate::missiles;
use crate::rules::bow_line;

/// ranged_combat's answers to the host's hooks.
pub struct RangedHooks;

impl Hooks for RangedHooks {
    fn panel_lines(&self, ctx: Ctx<'_>) -> RResult<RVec<RString>, PluginError> {
        guard(|| {
            let bow = gear::bow(&ctx).map(|b| b.with_article());
            let line = bow_line(bow.as_deref(), gear::quiver_text(&ctx).as_deref());
            Ok(RVec::from(vec![RString::from(line)]))
        })
    }

    fn pack_header(&self, ctx: Ctx<'_>) -> RResult<RVec<RString>, PluginError> {
        guard(|| {
            let bow = gear::bow(&ctx).map_or("none".to_string(), |b| b.with_article());
            let quiver = gear::quiver_text(&ctx).unwrap_or_else(|| "empty".to_string());
            Ok(RVec::from(vec![RString::from(format!("Bow: {bow}")), RString::from(format!("Quiver: {quiver}"))]))
        })
    }

    fn fire(&self, mut ctx: Ctx<'_>) -> RResult<KeyAnswer, PluginError> {
        guard(|| missiles::fire(&mut ctx))
    }

    fn throw(&self, mut ctx: Ctx<'_>, slot: u32) -> RResult<KeyAnswer, PluginError> {
        guard(|| missiles::throw(&mut ctx, slot))
    }

    fn throwable(&self, ctx: Ctx<'_>, kind: RStr<'_>) -> RResult<bool, PluginError> {
        guard(|| Ok(ctx.item_info(kind).into_option().is_some_and(|info| gear::is_throwable(&info))))
    }

    fn pick_up(&self, mut ctx: Ctx<'_>, kind: RStr<'_>, count: u32) -> RResult<bool, PluginError> {
        guard(|| Ok(missiles::pick_up(&mut ctx, kind.as_str(), count)))
    }
}
