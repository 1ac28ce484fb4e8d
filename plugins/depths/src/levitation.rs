//! The potion of levitation and the `levitating` status it lays: its
//! bearer flies (declared to the host, api 1.7), so it crosses chasms and
//! lava; the player is warned as it is about to end, and whoever it ends
//! over a chasm or lava meets it then.

use emberdeep_api::{Ctx, EntityId, ItemEffect, ItemUse, MessageKind, PluginResult, Status, UseOutcome};

use crate::{hazards, rules};

/// The turns a potion's record gives (`lasts`), else the plugin's own.
fn lasts(item: &ItemUse) -> i32 {
    item.param("lasts").map_or(rules::LEVITATION_TURNS, |t| t.clamp(1, 1000) as i32)
}

/// `levitate`: the player floats for the record's `lasts` turns.
pub struct Levitate;

impl ItemEffect for Levitate {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.add_status(EntityId::PLAYER, rules::LEVITATING, lasts(item));
        ctx.message(rules::FLOATING, MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec![format!(
            "You float for {} turns: over chasms, lava and deep water, unharmed. You are warned {} turns before you come down.",
            lasts(item),
            rules::WARN_TURNS
        )])
    }
}

/// The status: a warning before it ends, and the ground met when it does.
pub struct Levitating;

impl Status for Levitating {
    fn each_turn(&self, ctx: &mut Ctx<'_>, who: EntityId, turns_left: i32) -> PluginResult<()> {
        if who.is_player() && turns_left == rules::WARN_TURNS {
            ctx.message(rules::SINKING, MessageKind::Danger);
        }
        Ok(())
    }

    fn ended(&self, ctx: &mut Ctx<'_>, who: EntityId) -> PluginResult<()> {
        let Some(at) = ctx.position(who) else { return Ok(()) };
        if who.is_player() && !ctx.terrain_has(at, emberdeep_api::terrain_traits::DEADLY) {
            ctx.say(rules::LANDING);
        }
        hazards::befall(ctx, who, at);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hazards::tests::room;
    use emberdeep_api::Point;

    #[test]
    fn the_potion_lifts_the_player_for_its_turns_and_warns_before_the_end() {
        let mut game = room();
        let potion = game.item_use("potion_of_levitation", &[("lasts", 12)]);
        assert_eq!(Levitate.use_item(&mut game.ctx(), &potion).unwrap(), UseOutcome::Consumed);
        assert_eq!(game.statuses, [(EntityId::PLAYER, rules::LEVITATING.to_string(), 12)]);
        assert_eq!(game.ctx().flies(EntityId::PLAYER), Some(true));
        Levitating.each_turn(&mut game.ctx(), EntityId::PLAYER, 4).unwrap();
        assert_eq!(game.messages.last().map(String::as_str), Some(rules::FLOATING));
        Levitating.each_turn(&mut game.ctx(), EntityId::PLAYER, rules::WARN_TURNS).unwrap();
        assert_eq!(game.messages.last().map(String::as_str), Some(rules::SINKING));
    }

    #[test]
    fn a_levitation_that_ends_over_a_chasm_drops_the_player() {
        let mut game = room();
        let at = Point::new(3, 3);
        game.terrain.insert(at, rules::CHASM.into());
        game.creatures[0].pos = at;
        Levitating.ended(&mut game.ctx(), EntityId::PLAYER).unwrap();
        assert_eq!(game.descents, [rules::LANDED]);
        let mut game = room();
        Levitating.ended(&mut game.ctx(), EntityId::PLAYER).unwrap();
        assert!(game.descents.is_empty());
        assert_eq!(game.messages, [rules::LANDING]);
    }
}
