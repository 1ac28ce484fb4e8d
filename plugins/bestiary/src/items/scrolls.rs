//! The scrolls: teleportation, magic mapping and slumber.

use emberdeep_api::terrain_traits::DEADLY;
use emberdeep_api::{
    Ctx, EntityId, FieldValue, ItemEffect, ItemUse, MessageKind, MonsterState, PluginResult, Point, UseOutcome,
};

use super::rules::{fact, far_cell, number, slumber_message};

/// Moves creature `who` to a far free cell, at least `min_distance` steps
/// from where the player stands (or the furthest there is), one roll of
/// the run's dice choosing among them. Returns whether it moved.
pub fn send_far(ctx: &mut Ctx<'_>, who: EntityId, min_distance: i32) -> bool {
    let Some(from) = ctx.creature(EntityId::PLAYER).map(|p| p.pos) else { return false };
    let (w, h) = ctx.map_size();
    let free: Vec<Point> =
        // Free and walkable: `is_free` also counts a closed door, where no
        // creature may be put; never a `deadly` terrain (a chasm, lava).
        (1..h - 1)
            .flat_map(|y| (1..w - 1).map(move |x| Point::new(x, y)))
            .filter(|&p| ctx.is_free(p) && ctx.is_walkable(p) && !ctx.terrain_has(p, DEADLY))
            .collect();
    let far = free.iter().filter(|p| from.steps_to(**p) >= min_distance).count();
    let pick = if far > 0 { ctx.roll(0, far as i32 - 1) as usize } else { 0 };
    far_cell(&free, from, min_distance, |_| pick).is_some_and(|at| ctx.place(who, at))
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
        let fields: [(&str, FieldValue); 1] = [("asleep", (foes.len() as i64).into())];
        ctx.event("slumber", &fields);
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
    use emberdeep_api::Damage;

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
        assert_eq!(
            game.messages,
            ["A map of this floor unrolls in your mind.", "The scroll shows a map you know already."]
        );
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
