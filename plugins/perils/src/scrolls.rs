//! The malevolent scrolls: aggravate monsters, summon monsters and
//! translocation.

use emberdeep_api::terrain_traits::DEADLY;
use emberdeep_api::{Ctx, EntityId, ItemEffect, ItemUse, MessageKind, MonsterState, PluginResult, Point, UseOutcome};

use crate::rules::{around, counted, number};

/// `aggravate`: every monster of the floor that is the player's enemy
/// hunts the player, wherever it is; a great noise wakes the rest.
pub struct Aggravate;

impl ItemEffect for Aggravate {
    fn use_item(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        let me = ctx.player()?;
        let foes: Vec<EntityId> = ctx
            .floor_creatures()
            .into_iter()
            .map(|c| c.id)
            .filter(|&id| !id.is_player() && ctx.are_enemies(EntityId::PLAYER, id))
            .collect();
        let (w, h) = ctx.map_size();
        ctx.noise(me.pos, 2 * (w + h));
        for &id in &foes {
            ctx.set_state(id, MonsterState::Hunting);
        }
        ctx.message(
            "A piercing shriek rings out from the scroll: every monster of the floor hunts you!",
            MessageKind::Danger,
        );
        ctx.event("aggravate", &[("hunting", (foes.len() as i64).into())]);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Every monster of the floor wakes and hunts you.".to_string()])
    }
}

/// `summon_monsters`: `count_min` to `count_max` monsters, each of a kind
/// that is the player's enemy on this floor now, stand on free cells beside
/// the player, hunting.
pub struct Summon;

impl ItemEffect for Summon {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let p = |n: &str| item.param(n);
        let me = ctx.player()?;
        let mut kinds: Vec<(String, String)> = Vec::new();
        for c in ctx.floor_creatures() {
            if c.id.is_player() || !ctx.are_enemies(EntityId::PLAYER, c.id) || ctx.disguised_as(c.id).is_some() {
                continue;
            }
            let pair = (c.kind.to_string(), c.side.to_string());
            if !kinds.contains(&pair) {
                kinds.push(pair);
            }
        }
        kinds.sort();
        let least = number(&p, "count_min", 2, 0, 8);
        let most = number(&p, "count_max", 3, 0, 8).max(least);
        let want = ctx.roll(least, most) as usize;
        let mut free: Vec<Point> = around(me.pos).filter(|&c| ctx.is_free(c) && ctx.is_walkable(c)).collect();
        let mut called = 0;
        while called < want && !free.is_empty() && !kinds.is_empty() {
            let (kind, side) = kinds[ctx.roll(0, kinds.len() as i32 - 1) as usize].clone();
            let at = free.remove(0);
            if let Some(id) = ctx.spawn(&kind, at, &side) {
                ctx.set_state(id, MonsterState::Hunting);
                called += 1;
            }
        }
        let line = if called > 0 {
            format!("The scroll tears open a rift: {} step out beside you!", counted(called, "monster", "monsters"))
        } else {
            "The scroll tears open a rift, but nothing answers it.".to_string()
        };
        ctx.message(&line, MessageKind::Danger);
        ctx.event("summon", &[("count", (called as i64).into())]);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        let (least, most) = (number(&p, "count_min", 2, 0, 8), number(&p, "count_max", 3, 0, 8));
        Ok(vec![format!("Calls {least}-{most} monsters of this floor to stand beside you.")])
    }
}

/// `translocation`: the reader goes to a random free cell of the floor,
/// near or far (one roll of the run's dice among all of them), never into
/// a terrain that is `deadly` (a chasm, lava: any plugin's).
pub struct Translocation;

impl ItemEffect for Translocation {
    fn use_item(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        let (w, h) = ctx.map_size();
        let free: Vec<Point> = (1..h - 1)
            .flat_map(|y| (1..w - 1).map(move |x| Point::new(x, y)))
            .filter(|&p| ctx.is_free(p) && ctx.is_walkable(p) && !ctx.terrain_has(p, DEADLY))
            .collect();
        if free.is_empty() {
            ctx.message("The scroll crumbles, and you stay where you are.", MessageKind::Info);
            return Ok(UseOutcome::Consumed);
        }
        let at = free[ctx.roll(0, free.len() as i32 - 1) as usize];
        if ctx.place(EntityId::PLAYER, at) {
            ctx.message("Space folds round you: you are somewhere else on the floor.", MessageKind::Info);
        }
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Takes you to a random spot of the floor: far off, or beside a monster.".to_string()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;

    #[test]
    fn translocation_never_lands_in_a_deadly_terrain() {
        let mut game = TestGame::new(20, 8).with_terrain("chasm", &[DEADLY]);
        let player = game.player().pos;
        let safe = Point::new(15, 5);
        for y in 1..7 {
            for x in 1..19 {
                let p = Point::new(x, y);
                if p != player && p != safe {
                    game.terrain.insert(p, "chasm".into());
                }
            }
        }
        let scroll = game.item_use("scroll_of_translocation", &[]);
        assert_eq!(Translocation.use_item(&mut game.ctx(), &scroll).unwrap(), UseOutcome::Consumed);
        assert_eq!(game.player().pos, safe, "the one cell that is not a chasm");
    }
}
