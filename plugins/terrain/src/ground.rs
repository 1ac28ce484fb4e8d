//! Rubble and deep water, and the plugin's vetoes: a net holds its bearer
//! in place, nobody reads swimming, and what is dropped in deep water sinks
//! (asked about first).

use emberdeep_api::terrain_traits::{DEEP, LIQUID};
use emberdeep_api::{Ctx, EntityId, ItemUse, PluginResult, Point, TerrainCode, Vetoes};

use crate::rules;

/// Rubble: whoever climbs onto it loses its next turn (`clambering`).
pub struct Rubble;

impl TerrainCode for Rubble {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, _at: Point) -> PluginResult<()> {
        ctx.add_status(who, rules::CLAMBERING, rules::CLAMBER_TURNS);
        if who.is_player() {
            ctx.say(rules::CLAMBER);
        }
        Ok(())
    }
}

/// Whether `at` is deep water: liquid and deep, this plugin's or any
/// other's (by its traits, never its name).
fn deep_water(ctx: &mut Ctx<'_>, at: Point) -> bool {
    ctx.terrain_has(at, DEEP) && ctx.terrain_has(at, LIQUID)
}

/// Whether creature `who` is swimming in deep water.
fn swimming(ctx: &mut Ctx<'_>, who: EntityId) -> bool {
    let Some(c) = ctx.creature(who) else { return false };
    deep_water(ctx, c.pos)
}

/// Whether item record `kind` is read (a scroll).
fn is_read(ctx: &Ctx<'_>, kind: &str) -> bool {
    ctx.item_info(kind).is_some_and(|i| i.class == "scroll")
}

/// The names an item record is written with, one and many.
fn names(ctx: &Ctx<'_>, item: &ItemUse) -> (String, String) {
    match ctx.item_info(item.kind.as_str()) {
        Some(info) => (info.name.to_string(), info.plural.to_string()),
        None => (item.name.to_string(), item.name.to_string()),
    }
}

/// The plugin's vetoes.
pub struct Ground;

impl Vetoes for Ground {
    /// A netted creature cannot step away: it spends the turn struggling.
    fn may_move(&self, ctx: &mut Ctx<'_>, who: EntityId, _from: Point, _to: Point) -> PluginResult<Option<String>> {
        Ok(ctx.status_turns(who, rules::NETTED).map(|_| rules::NET_HOLDS.to_string()))
    }

    /// No scroll is read by a player swimming in deep water.
    fn may_use(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let refused = is_read(ctx, item.kind.as_str()) && swimming(ctx, item.user);
        Ok(refused.then(|| rules::NO_READING.to_string()))
    }

    /// Before anything is dropped into deep water, the player is asked.
    fn drop_question(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32, at: Point) -> PluginResult<Option<String>> {
        if !deep_water(ctx, at) {
            return Ok(None);
        }
        let (one, many) = names(ctx, item);
        Ok(Some(rules::sink_question(&one, &many, count)))
    }

    /// What is dropped into deep water sinks out of reach.
    fn drop_lost(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32, at: Point) -> PluginResult<Option<String>> {
        if !deep_water(ctx, at) {
            return Ok(None);
        }
        let (one, many) = names(ctx, item);
        Ok(Some(rules::sunk_line(&one, &many, count)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;

    #[test]
    fn rubble_costs_its_climber_a_turn() {
        let mut game = TestGame::new(8, 5);
        Rubble.entered(&mut game.ctx(), EntityId::PLAYER, Point::new(1, 1)).unwrap();
        assert_eq!(game.statuses, [(EntityId::PLAYER, rules::CLAMBERING.to_string(), 2)]);
        assert_eq!(game.messages, [rules::CLAMBER]);
    }

    #[test]
    fn a_net_refuses_steps_only_while_it_holds() {
        let mut game = TestGame::new(8, 5);
        let (from, to) = (Point::new(1, 1), Point::new(2, 1));
        assert_eq!(Ground.may_move(&mut game.ctx(), EntityId::PLAYER, from, to).unwrap(), None);
        game.ctx().add_status(EntityId::PLAYER, rules::NETTED, 3);
        assert_eq!(
            Ground.may_move(&mut game.ctx(), EntityId::PLAYER, from, to).unwrap(),
            Some(rules::NET_HOLDS.into())
        );
        game.ctx().remove_status(EntityId::PLAYER, rules::NETTED);
        assert_eq!(Ground.may_move(&mut game.ctx(), EntityId::PLAYER, from, to).unwrap(), None);
    }

    /// A room whose game knows this plugin's terrains and their traits.
    fn room() -> TestGame {
        rules::KINDS.iter().fold(TestGame::new(8, 5), |game, k| game.with_terrain(k.name, k.traits))
    }

    #[test]
    fn no_scroll_is_read_swimming_and_nothing_else_is_refused() {
        let mut game = room();
        game.add_item_record("scroll_of_fireball", "scroll of fireball", "burst", &[]);
        game.items.get_mut("scroll_of_fireball").unwrap().class = "scroll".into();
        game.add_item_record("potion_of_healing", "potion of healing", "healing", &[]);
        let scroll = game.item_use("scroll_of_fireball", &[]);
        let potion = game.item_use("potion_of_healing", &[]);
        assert_eq!(Ground.may_use(&mut game.ctx(), &scroll).unwrap(), None, "on dry floor");
        game.terrain.insert(Point::new(1, 1), rules::DEEP_WATER.into());
        assert_eq!(Ground.may_use(&mut game.ctx(), &scroll).unwrap(), Some(rules::NO_READING.into()));
        assert_eq!(Ground.may_use(&mut game.ctx(), &potion).unwrap(), None, "a potion is drunk");
    }

    #[test]
    fn a_drop_into_deep_water_is_asked_about_and_lost() {
        let mut game = room();
        game.add_item_record("potion_of_healing", "potion of healing", "healing", &[]);
        let potion = game.item_use("potion_of_healing", &[]);
        let (dry, wet) = (Point::new(2, 2), Point::new(3, 2));
        game.terrain.insert(wet, rules::DEEP_WATER.into());
        assert_eq!(Ground.drop_question(&mut game.ctx(), &potion, 1, dry).unwrap(), None);
        assert_eq!(Ground.drop_lost(&mut game.ctx(), &potion, 1, dry).unwrap(), None);
        assert_eq!(
            Ground.drop_question(&mut game.ctx(), &potion, 1, wet).unwrap().as_deref(),
            Some("The potion will sink out of reach. Drop it anyway?")
        );
        assert_eq!(
            Ground.drop_lost(&mut game.ctx(), &potion, 1, wet).unwrap().as_deref(),
            Some("The potion of healing sinks out of reach.")
        );
        // Another plugin's deep water (liquid and deep) swallows it too;
        // its shallow water (liquid only) does not.
        let mut game = room().with_terrain("bog", &[LIQUID, DEEP]).with_terrain("puddle", &[LIQUID]);
        game.add_item_record("potion_of_healing", "potion of healing", "healing", &[]);
        game.terrain.insert(wet, "bog".into());
        game.terrain.insert(dry, "puddle".into());
        assert!(Ground.drop_lost(&mut game.ctx(), &potion, 1, wet).unwrap().is_some(), "a bog is deep water");
        assert_eq!(Ground.drop_lost(&mut game.ctx(), &potion, 1, dry).unwrap(), None, "a puddle is not deep");
    }
}
