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

/// Equipment's say over the host's time-savers (api 1.7): auto-explore
/// leaves a weapon or armor of the very kind the player wields or wears
/// (a second short sword would only fill a slot); `g` still takes it.
pub struct EquipmentVetoes;

impl emberdeep_api::Vetoes for EquipmentVetoes {
    fn explore_declines(&self, ctx: &mut Ctx<'_>, item: &emberdeep_api::ItemUse) -> PluginResult<Option<String>> {
        Ok(declines(ctx, item.kind.as_str()))
    }
}

/// Why auto-explore should leave an item of kind `kind`, if it should.
fn declines(ctx: &Ctx<'_>, kind: &str) -> Option<String> {
    if Place::Hand.held(ctx).as_deref() == Some(kind) {
        return Some("You wield one already.".into());
    }
    (Place::Back.held(ctx).as_deref() == Some(kind)).then(|| "You wear one already.".into())
}

#[cfg(test)]
mod tests {
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::EntityId;

    #[test]
    fn explore_leaves_a_second_of_what_is_wielded_or_worn_and_takes_the_rest() {
        let mut game = TestGame::new(5, 5);
        let mut ctx = game.ctx();
        assert!(super::declines(&ctx, "short_sword").is_some(), "the short sword starts in hand");
        assert!(super::declines(&ctx, "spear").is_none());
        assert!(super::declines(&ctx, "leather_armor").is_none(), "nothing worn");
        ctx.store_set_text(EntityId::PLAYER, "back", "leather_armor");
        ctx.store_set_text(EntityId::PLAYER, "hand", "spear");
        assert!(super::declines(&ctx, "leather_armor").is_some());
        assert!(super::declines(&ctx, "spear").is_some());
        assert!(super::declines(&ctx, "short_sword").is_none(), "the sword was put down");
    }
}
