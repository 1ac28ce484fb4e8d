//! The hooks: the player's blow and defense derived from the hand and the
//! back, the side panel's and the pack screen's lines, and the noise of a
//! step in noisy armor. All of them read the game; only the step writes,
//! through the host's noise.

use abi_stable::std_types::{ROption, RResult, RString, RVec};
use emberdeep_api::{guard, Ctx, Damage, Hooks, PluginError, Point};

use crate::gear::{outfit, Place};
use crate::rules::{header_lines, panel_lines, step_noise};

/// Equipment's answers to the host's hooks.
pub struct EquipmentHooks;

fn texts(lines: Vec<String>) -> RVec<RString> {
    lines.into_iter().map(RString::from).collect()
}

impl Hooks for EquipmentHooks {
    fn panel_lines(&self, ctx: Ctx<'_>) -> RResult<RVec<RString>, PluginError> {
        guard(|| Ok(texts(panel_lines(&outfit(&ctx)))))
    }

    fn player_damage(&self, ctx: Ctx<'_>) -> RResult<ROption<Damage>, PluginError> {
        guard(|| Ok(ROption::RSome(outfit(&ctx).damage)))
    }

    fn player_defense(&self, ctx: Ctx<'_>) -> RResult<ROption<i32>, PluginError> {
        guard(|| Ok(ROption::RSome(outfit(&ctx).defense)))
    }

    fn pack_header(&self, ctx: Ctx<'_>) -> RResult<RVec<RString>, PluginError> {
        guard(|| Ok(texts(header_lines(&outfit(&ctx)))))
    }

    fn player_moved(&self, mut ctx: Ctx<'_>, _from: Point, to: Point) -> RResult<(), PluginError> {
        guard(|| {
            let loudness = Place::Back.record(&ctx).map_or(0, |armor| step_noise(&armor));
            if loudness > 0 {
                ctx.noise(to, loudness);
            }
            Ok(())
        })
    }
}
