//! The scrolls: teleportation, magic mapping and slumber.

use emberdeep_api::{Ctx, EntityId, ItemEffect, ItemUse, MessageKind, MonsterState, PluginResult, UseOutcome};

use super::rules::{fact, far_cell, number, slumber_message};

/// Moves creature `who` to a far free cell, at least `min_distance` steps
/// from where the player stands (or the furthest the draws found). Returns
/// whether it moved.
pub fn send_far(ctx: &mut Ctx<'_>, who: EntityId, min_distance: i32) -> bool {
    let Some(from) = ctx.creature(EntityId::PLAYER).map(|p| p.pos) else { return false };
    let size = ctx.map_size();
    let size = emberdeep_api::Point::new(size.0, size.1);
    let cell = {
        let free: Vec<bool> = (0..size.x * size.y)
            .map(|i| ctx.is_free(emberdeep_api::Point::new(i % size.x, i / size.x)))
            .collect();
        let is_free = |p: emberdeep_api::Point| free[(p.y * size.x + p.x) as usize];
        let mut draws = Vec::new();
        // Draw the candidates first, so the rule stays pure.
        for _ in 0..super::rules::TELEPORT_TRIES {
            draws.push(ctx.roll(1, (size.x - 2).max(1)));
            draws.push(ctx.roll(1, (size.y - 2).max(1)));
        }
        let mut next = draws.into_iter();
        far_cell(size, from, min_distance, is_free, |lo, _| next.next().unwrap_or(lo))
    };
    cell.is_some_and(|at| ctx.place(who, at))
}

/// `teleport`: the reader is put on a random free cell at least the
/// record's `min_distance` steps away.
pub struct Teleport;

impl ItemEffect for Teleport {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let p = |n: &str| item.param(n);
        if send_far(ctx, EntityId::PLAYER, number(&p, "min_distance", 10, 1, 200) as i32) {
            ctx.message("The world twists: you are somewhere else.", MessageKind::Good);
        } else {
            ctx.message("The scroll crumbles, and you stay where you are.", MessageKind::Info);
        }
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        Ok(fact(&p, "min_distance", |d| format!("Takes you to a random spot of the floor, {d} or more steps away."))
            .into_iter()
            .collect())
    }
}

/// `magic_mapping`: the reader learns the floor's map.
pub struct MagicMapping;

impl ItemEffect for MagicMapping {
    fn use_item(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        let learnt = ctx.reveal_map();
        let line = if learnt > 0 {
            "A map of this floor unrolls in your mind."
        } else {
            "The scroll shows a map you know already."
        };
        ctx.message(line, MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Shows you the whole floor's map: rooms, corridors, doors and the stairs.".to_string()])
    }
}

/// `slumber`: every monster in sight that is the player's enemy falls asleep.
pub struct Slumber;

impl ItemEffect for Slumber {
    fn use_item(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        let foes: Vec<EntityId> =
            ctx.monsters_in_view().into_iter().filter(|&id| ctx.are_enemies(EntityId::PLAYER, id)).collect();
        for &id in &foes {
            ctx.set_state(id, MonsterState::Asleep);
        }
        ctx.message(&slumber_message(foes.len()), MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Every monster in sight falls asleep (a noise or a blow wakes it).".to_string()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, Point};

    #[test]
    fn teleport_puts_the_reader_far_away_on_a_free_cell() {
        let mut game = TestGame::new(40, 20);
        let scroll = game.item_use("scroll_of_teleportation", &[("min_distance", 10)]);
        assert_eq!(Teleport.use_item(&mut game.ctx(), &scroll).unwrap(), UseOutcome::Consumed);
        let at = game.player().pos;
        assert!(Point::new(1, 1).steps_to(at) >= 10, "{at:?}");
        assert_eq!(game.placed, [(EntityId::PLAYER, at)]);
    }

    #[test]
    fn magic_mapping_reveals_the_map_once() {
        let mut game = TestGame::new(12, 8);
        let scroll = game.item_use("scroll_of_magic_mapping", &[]);
        MagicMapping.use_item(&mut game.ctx(), &scroll).unwrap();
        MagicMapping.use_item(&mut game.ctx(), &scroll).unwrap();
        assert_eq!(game.maps_revealed, 2);
        assert_eq!(game.messages, ["A map of this floor unrolls in your mind.", "The scroll shows a map you know already."]);
    }

    #[test]
    fn slumber_puts_the_enemies_in_sight_to_sleep_and_no_others() {
        let mut game = TestGame::new(20, 8);
        let orc = game.add_monster("orc", Point::new(5, 1), 10, Damage::new(1, 2), "melee");
        let far = game.add_monster("orc", Point::new(15, 5), 10, Damage::new(1, 2), "melee");
        let friend = game.add_monster("wolf", Point::new(3, 3), 10, Damage::new(1, 2), "melee");
        game.hidden.insert(Point::new(15, 5));
        game.sides.insert(friend, "player".into());
        let scroll = game.item_use("scroll_of_slumber", &[]);
        Slumber.use_item(&mut game.ctx(), &scroll).unwrap();
        let state = |g: &TestGame, id| g.get(id).unwrap().state;
        assert_eq!(state(&game, orc), MonsterState::Asleep);
        assert_ne!(state(&game, far), MonsterState::Asleep);
        assert_ne!(state(&game, friend), MonsterState::Asleep);
        assert_eq!(game.messages.last().unwrap(), "A soft lullaby: the monster in sight falls asleep.");
    }
}
