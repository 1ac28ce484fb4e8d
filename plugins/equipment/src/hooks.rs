//! The hooks: the player's blow and defense derived from the hand and the
//! back, the side panel's and the pack screen's lines, the noise of a
//! step in noisy armor, and the keys `T` (take off the armor) and `-` (put
//! the weapon away). The step writes only through the host's noise; the
//! keys move what is worn or wielded back into the pack.

use emberdeep_api::{Ctx, Damage, Hooks, KeyAnswer, KeyHelp, PluginResult, Point};

use crate::equip::take_off;

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

    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![
            KeyHelp::new("T", "items", "take off the armor you wear"),
            KeyHelp::new("-", "items", "put your weapon away (bare fists)"),
        ])
    }

    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        match key {
            'T' => take_off(ctx, Place::Back),
            '-' => take_off(ctx, Place::Hand),
            _ => Ok(KeyAnswer::Pass),
        }
    }

    fn player_moved(&self, ctx: &mut Ctx<'_>, _from: Point, to: Point) -> PluginResult<()> {
        let loudness = Place::Back.record(ctx).map_or(0, |armor| step_noise(&armor));
        if loudness > 0 {
            ctx.noise(to, loudness);
        }
        Ok(())
    }
}
