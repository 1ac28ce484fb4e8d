//! The scroll of summoning: spirit wolves beside the reader, for a while.

use emberdeep_api::{Ctx, ItemEffect, ItemUse, MessageKind, PluginResult, UseOutcome, PLAYER_SIDE};

use crate::hooks::{add_count, keep_ally};
use crate::rules::{self, Call, CALLED_KEY, SUMMONED_KIND, TURNS_KEY};

/// The effect named `summon` in item records (params `count`, `turns`).
pub struct Summon;

impl ItemEffect for Summon {
    /// Up to `count` spirit wolves on the free cells next to the reader,
    /// each with `turns` turns to stay. The scroll is gone either way.
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let call = Call::from_params(|name| item.param(name));
        let player = ctx.player()?;
        let mut called = Vec::new();
        for at in rules::cells_around(player.pos) {
            if called.len() == call.count {
                break;
            }
            // `spawn` refuses a wall or a taken cell with a line in the
            // console; asking first keeps the console quiet.
            if !ctx.is_walkable(at) || !ctx.is_free(at) {
                continue;
            }
            if let Some(id) = ctx.spawn(SUMMONED_KIND, at, PLAYER_SIDE) {
                ctx.store_set(id, TURNS_KEY, call.turns);
                keep_ally(ctx, id);
                called.push(id);
            }
        }
        add_count(ctx, CALLED_KEY, called.len() as i64);
        let name = called.first().and_then(|&id| ctx.creature(id)).map_or(String::new(), |c| c.name.to_string());
        ctx.message(&rules::called_line(&name, called.len()), MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let call = Call::from_params(|name| item.param(name));
        Ok(vec![format!("Calls {} spirit wolves beside you.", call.count), format!("They stay {} turns.", call.turns)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{EntityId, Point};

    fn scroll(game: &TestGame) -> ItemUse {
        game.item_use("scroll_of_summoning", &[("wolves", 2), ("stay_turns", 15)])
    }

    #[test]
    fn the_scroll_calls_two_wolves_beside_the_reader_each_with_its_turns() {
        let mut game = TestGame::new(8, 6);
        game.creatures[0].pos = Point::new(3, 3);
        let item = scroll(&game);
        assert_eq!(Summon.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::Consumed);
        let wolves: Vec<EntityId> = game.creatures.iter().skip(1).map(|c| c.id).collect();
        assert_eq!(wolves.len(), 2);
        for &id in &wolves {
            assert_eq!(game.side(id), PLAYER_SIDE);
            assert!(game.get(id).unwrap().pos.is_adjacent(Point::new(3, 3)));
            assert_eq!(game.store.get(&(id, TURNS_KEY.to_string())), Some(&15));
        }
        assert_eq!(game.store.get(&(EntityId::PLAYER, CALLED_KEY.to_string())), Some(&2));
        assert_eq!(game.messages, ["Two spirit wolves answer the call."]);
    }

    #[test]
    fn with_no_room_beside_the_reader_nothing_comes_and_the_scroll_is_gone() {
        let mut game = TestGame::new(3, 3);
        let item = scroll(&game);
        assert_eq!(Summon.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::Consumed);
        assert_eq!(game.creatures.len(), 1);
        assert!(game.messages[0].contains("Nothing answers"), "{:?}", game.messages);
    }
}
