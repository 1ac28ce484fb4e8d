//! # blink: a teleport to a cell out of sight
//!
//! A scroll of blinking (the item effect `blink`) that puts the player at
//! once on a free floor cell it cannot see, within the record's `range`.
//! It shows the calls of api 1.2 that move a creature anywhere:
//!
//! * [`Ctx::map_size`] gives the floor's size, so the plugin looks only at
//!   cells that exist (never a guessed 250 by 250);
//! * [`Ctx::place`] puts a creature on any free open cell at once: the host
//!   traces `teleport` under this plugin's name, and for the player brings
//!   its sight and memory up to date in the same call, so
//!   [`Ctx::is_visible`] and [`Ctx::monsters_in_view`] answer from the new
//!   cell right after it;
//! * the plugin's own event, `blinked`, says where it landed, whether the
//!   player could see that cell before (never: that is the rule) and after,
//!   and how many monsters are in view from there.
//!
//! The choice of cells and the words are in [`rules`], tested without a game.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{
    export_plugin, Ctx, EntityId, ItemEffect, ItemUse, MessageKind, PluginError, PluginResult, Point, Registrar,
    UseOutcome,
};

/// The effect named `blink` in item records (param `range`).
pub struct Blink;

/// The free open cells within `range` of `from` that the player cannot see.
fn out_of_sight(ctx: &mut Ctx<'_>, from: Point, range: i32) -> Vec<Point> {
    let size = ctx.map_size();
    rules::cells_within(from, range, size)
        .filter(|&p| ctx.is_walkable(p) && ctx.is_free(p) && !ctx.is_visible(p))
        .collect()
}

impl ItemEffect for Blink {
    /// The player reads the scroll: off to a cell out of sight, at once.
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let range = rules::range(item.param("range"));
        let from = ctx.player()?.pos;
        let cells = out_of_sight(ctx, from, range);
        if cells.is_empty() {
            ctx.say(rules::NOWHERE);
            return Ok(UseOutcome::Consumed);
        }
        let at = cells[ctx.roll(0, cells.len() as i32 - 1) as usize];
        let seen_before = ctx.is_visible(at);
        if !ctx.place(EntityId::PLAYER, at) {
            return Err(PluginError::new("the host would not put the player on the cell"));
        }
        // The host brought the player's sight up to date in `place`: these
        // answer from the new cell already.
        let seen_after = ctx.is_visible(at);
        let in_view = ctx.monsters_in_view();
        ctx.message(rules::BLINKED, MessageKind::Info);
        let names: Vec<String> =
            in_view.iter().filter_map(|&id| ctx.creature(id)).map(|c| emberdeep_api::with_article(&c.name)).collect();
        if let Some(line) = rules::seen_line(&names) {
            ctx.message(&line, MessageKind::Danger);
        }
        ctx.event(
            "blinked",
            &[
                ("x", at.x.into()),
                ("y", at.y.into()),
                ("seen_before", seen_before.into()),
                ("seen_after", seen_after.into()),
                ("in_view", (in_view.len() as i64).into()),
            ],
        );
        Ok(UseOutcome::Consumed)
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a scroll of blinking that puts the player somewhere unseen", "");
    reg.item_effect("blink", Blink);
    reg.event("blinked", &["x", "y", "seen_before", "seen_after", "in_view"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::Damage;

    #[test]
    fn the_reader_lands_on_a_cell_it_could_not_see_and_the_scroll_is_gone() {
        let mut game = TestGame::new(12, 8);
        // Only the far corner is out of sight.
        let corner = [Point::new(9, 5), Point::new(10, 5), Point::new(9, 6), Point::new(10, 6)];
        game.hidden.extend(corner);
        let item = game.item_use("scroll_of_blinking", &[("range", 12)]);
        assert_eq!(Blink.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::Consumed);
        let [(who, at)] = game.placed[..] else { panic!("one place: {:?}", game.placed) };
        assert_eq!(who, EntityId::PLAYER);
        assert!(corner.contains(&at), "{at:?}");
        assert_eq!(game.player().pos, at);
        let (name, fields) = game.events.last().expect("a blinked event");
        assert_eq!(name, "blinked");
        let seen_before = fields.iter().find(|f| f.name.as_str() == "seen_before").unwrap();
        assert_eq!(seen_before.value, false.into());
    }

    #[test]
    fn a_taken_cell_out_of_sight_is_not_chosen() {
        let mut game = TestGame::new(12, 8);
        game.hidden.extend([Point::new(9, 5), Point::new(10, 5)]);
        game.add_monster("goblin", Point::new(9, 5), 5, Damage::new(1, 2), "melee");
        let item = game.item_use("scroll_of_blinking", &[("range", 12)]);
        Blink.use_item(&mut game.ctx(), &item).unwrap();
        assert_eq!(game.player().pos, Point::new(10, 5));
    }

    #[test]
    fn with_nowhere_out_of_sight_the_reader_stays() {
        let mut game = TestGame::new(12, 8);
        let item = game.item_use("scroll_of_blinking", &[("range", 12)]);
        assert_eq!(Blink.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::Consumed);
        assert!(game.placed.is_empty());
        assert_eq!(game.messages, [rules::NOWHERE]);
    }

    #[test]
    fn registers_the_effect_and_its_event() {
        let mut reg = Registrar::new("blink", "0.1.0");
        register(&mut reg).expect("register");
        assert_eq!(reg.names().item_effects, ["blink"]);
    }
}
