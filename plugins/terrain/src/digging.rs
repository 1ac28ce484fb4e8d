//! The wand of digging: its bolt goes through walls (any terrain with the
//! trait `diggable`) and turns each on its path into the open ground
//! beside it, up to the record's `walls` a zap. Its charges are
//! rolled when it comes into being and kept on the wand.

use emberdeep_api::terrain_traits::DIGGABLE;
use emberdeep_api::{
    AimRequest, Ctx, ItemEffect, ItemUse, Look, MessageKind, PluginError, PluginResult, Point, Rgba, UseOutcome,
};

use crate::wand::{self, Wand, CHARGES_KEY};

/// The effect named `dig` in item records (params `charges_min`,
/// `charges_max`, `range`, `walls`).
pub struct Digging;

/// How a bolt looks as it flies: the atlas's `bolt` tile, in earth's brown.
fn bolt_look() -> Look {
    Look::new('*', Rgba::rgb(200, 150, 90), "bolt")
}

/// The charges this wand has left (only reads: fine in look-only contexts).
fn charges_left(ctx: &Ctx<'_>, item: &ItemUse) -> i64 {
    Wand::charges_left(item.item().and_then(|id| ctx.item_get(id, CHARGES_KEY)))
}

impl ItemEffect for Digging {
    /// A wand came into being: roll its charges.
    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let wand = Wand::from_params(|name| item.param(name));
        let id = item.item().ok_or("a wand made without an item identity")?;
        let charges = i64::from(ctx.roll(wand.charges.0 as i32, wand.charges.1 as i32));
        if !ctx.item_set(id, CHARGES_KEY, charges) {
            return Err(PluginError::new("the host would not store the wand's charges"));
        }
        Ok(())
    }

    /// The player chose the wand in the pack: aim if it has a charge left.
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        if charges_left(ctx, item) == 0 {
            ctx.say(wand::SPENT);
            return Ok(UseOutcome::NoTurn);
        }
        ctx.say(wand::AIM);
        Ok(UseOutcome::Aim(Wand::from_params(|name| item.param(name)).request()))
    }

    /// The bolt goes on through walls: the host's path does not stop at them.
    fn aims_through_walls(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<bool> {
        Ok(true)
    }

    /// The player fired: each wall on `path`, up to the record's `walls`,
    /// becomes floor.
    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        let wand = Wand::from_params(|name| item.param(name));
        let id = item.item().ok_or("the wand has no item identity to keep its charges on")?;
        let left = charges_left(ctx, item);
        if left == 0 {
            ctx.say(wand::SPENT);
            return Ok(UseOutcome::NoTurn);
        }
        if !ctx.item_set(id, CHARGES_KEY, wand::after_zap(left)) {
            return Err(PluginError::new("the host would not store the wand's charges"));
        }
        ctx.animate(bolt_look(), path, &[]);
        let walls = wand::walls_to_dig(path, wand.walls, |p| ctx.terrain_has(p, DIGGABLE));
        let mut dug = 0;
        let (w, h) = ctx.map_size();
        for p in walls {
            // The map's border stays wall (the host would refuse it): the
            // bolt stops there, as it would at the edge of the world.
            if p.x <= 0 || p.y <= 0 || p.x >= w - 1 || p.y >= h - 1 {
                break;
            }
            // The wall becomes the ground beside it (the way the bolt came):
            // the host's floor among rooms, a cave's ground in a cave.
            let ground = ctx.ground_near(p);
            if !ctx.set_terrain(p, &ground) {
                break;
            }
            dug += 1;
        }
        ctx.message(&wand::dug_line(dug), if dug > 0 { MessageKind::Good } else { MessageKind::Info });
        ctx.event("dig", &[("dug", (dug as i64).into())]);
        Ok(UseOutcome::Kept)
    }

    /// How the wand would be aimed now: as `use_item` would ask, if charged.
    fn aim_preview(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        Ok((charges_left(ctx, item) > 0).then(|| Wand::from_params(|name| item.param(name)).request()))
    }

    /// "(5)" after the name, in the pack, on the floor and in the look panel.
    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        Ok(Some(wand::suffix(charges_left(ctx, item))))
    }

    /// The card's lines: the range, the walls a zap digs, the charges.
    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(wand::facts(&Wand::from_params(|name| item.param(name))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;

    fn wand(game: &TestGame) -> ItemUse {
        game.item_use("digging_wand", &[("charges_min", 2), ("charges_max", 2), ("range", 8), ("walls", 3)])
    }

    #[test]
    fn a_made_wand_holds_rolled_charges_and_says_so() {
        let mut game = TestGame::new(12, 5);
        let item = wand(&game);
        Digging.made(&mut game.ctx(), &item).unwrap();
        assert_eq!(Digging.suffix(&mut game.ctx(), &item).unwrap(), Some("(2)".into()));
        assert!(Digging.aims_through_walls(&mut game.ctx(), &item).unwrap());
    }

    #[test]
    fn a_zap_turns_the_walls_on_its_path_into_floor_and_spends_a_charge() {
        let mut game = TestGame::new(12, 5);
        let item = wand(&game);
        Digging.made(&mut game.ctx(), &item).unwrap();
        let path: Vec<Point> = (2..=9).map(|x| Point::new(x, 2)).collect();
        for p in &path[1..5] {
            game.ctx().set_terrain(*p, "wall");
        }
        assert!(matches!(Digging.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::Aim(_)));
        assert_eq!(Digging.aimed(&mut game.ctx(), &item, &path, path[7]).unwrap(), UseOutcome::Kept);
        let now: Vec<String> = path.iter().map(|&p| game.ctx().terrain_at(p)).collect();
        assert_eq!(
            now,
            ["floor", "floor", "floor", "floor", "wall", "floor", "floor", "floor"],
            "three walls, no more"
        );
        assert_eq!(Digging.suffix(&mut game.ctx(), &item).unwrap(), Some("(1)".into()));
        assert_eq!(game.messages.last().map(String::as_str), Some("3 walls crumble into dust."));
    }

    #[test]
    fn a_spent_wand_takes_no_turn() {
        let mut game = TestGame::new(12, 5);
        let item = game.item_use("digging_wand", &[("charges_min", 1), ("charges_max", 1)]);
        Digging.made(&mut game.ctx(), &item).unwrap();
        let path = [Point::new(2, 2)];
        assert_eq!(Digging.aimed(&mut game.ctx(), &item, &path, path[0]).unwrap(), UseOutcome::Kept);
        assert_eq!(Digging.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::NoTurn);
        assert_eq!(game.messages.last().map(String::as_str), Some(wand::SPENT));
    }
}
