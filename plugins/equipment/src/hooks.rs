//! The hooks: the player's blow and defense derived from the hand and the
//! back, the side panel's and the pack screen's lines, and the noise of a
//! step in noisy armor. All of them read the game; only the step writes,
//! through the host's noise.

use emberdeep_api::{Ctx, Damage, Hooks, PluginResult, Point};

use crate::gear::{outfit, Place};
use crate::rules::{header_lines, panel_lines, step_noise};

/// Equipment's answers to the host's hooks.
pub struct EquipmentHooks;

impl Hooks for EquipmentHooks {
    fn panel_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        Ok(panel_lines(&outfit(ctx)))
    }

    fn player_damage(&self, ctx: &mut Ctx<'_>) -> PluginResult<Option<Damage>> {
        Ok(Some(outfit(ctx).damage))
    }

    fn player_defense(&self, ctx: &mut Ctx<'_>) -> PluginResult<Option<i32>> {
        Ok(Some(outfit(ctx).defense))
    }

    fn pack_header(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        Ok(header_lines(&outfit(ctx)))
    }

    fn player_moved(&self, ctx: &mut Ctx<'_>, _from: Point, to: Point) -> PluginResult<()> {
        let loudness = Place::Back.record(ctx).map_or(0, |armor| step_noise(&armor));
        if loudness > 0 {
            ctx.noise(to, loudness);
        }
        Ok(())
    }
}
