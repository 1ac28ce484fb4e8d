//! # summoning: allies for a number of turns, then out of the world
//!
//! A scroll of summoning (the item effect `summon`) that calls spirit
//! wolves onto the free cells beside the reader, on the player's side, and
//! the brain they think with (`summoned`), which takes each out of the
//! world when its time is up. It shows the calls of api 1.2 that change
//! who is in the world:
//!
//! * [`Ctx::spawn`] makes a creature of a record on a free cell, on a side
//!   ([`PLAYER_SIDE`]: an ally), and gives its id (`None`, and one line in
//!   the console, for a wall, a taken cell or an unknown kind). The host
//!   traces `spawn` under this plugin's name;
//! * [`Ctx::remove`] takes a creature out of the world without a death: a
//!   `removed` event, no `death`, no kill, no experience for anyone;
//! * sides: the host's `melee` brain (core_combat's, run here with
//!   [`Ctx::run_brain`]) fights the nearest *enemy* it sees, so an ally
//!   fights the monsters and never the player, and follows the player when
//!   it has nothing to fight ([`Ctx::follow_player`]);
//! * what a summons must remember, its turns left, lives in its own store
//!   ([`Ctx::store_set`]), so the plugin keeps no state and a saved run
//!   comes back with the same turns left.
//!
//! The numbers and words are in [`rules`], tested without a game.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{
    export_plugin, Ctx, EntityId, ItemEffect, ItemUse, MessageKind, MonsterBrain, PluginError, PluginResult, Registrar,
    UseOutcome, PLAYER_SIDE,
};

use rules::{Call, Turn, MOST_TURNS, SUMMONED_KIND, TURNS_KEY};

/// The plural the log uses for several of the summoned kind.
const SUMMONED_PLURAL: &str = "spirit wolves";

/// The brain a summons fights with, registered by core_combat.
const FIGHTING_BRAIN: &str = "melee";

/// The effect named `summon` in item records (params `count`, `turns`).
pub struct Summon;

impl ItemEffect for Summon {
    /// The player reads the scroll: up to `count` allies on the free cells
    /// next to the player, each with `turns` turns to stay.
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
                called.push(id);
            }
        }
        let name = called.first().and_then(|&id| ctx.creature(id)).map_or(String::new(), |c| c.name.to_string());
        ctx.message(&rules::called_line(&name, SUMMONED_PLURAL, called.len()), MessageKind::Good);
        tracing::info!(called = called.len() as i64, turns = call.turns, "summoned");
        // Read, the scroll is gone, whether anything came or not.
        Ok(UseOutcome::Consumed)
    }
}

/// The brain named `summoned` in monster records.
pub struct Summoned;

impl MonsterBrain for Summoned {
    /// A summons' turn: gone when its time is up, else a fight as `melee`
    /// fights (the nearest enemy it sees, or after the player).
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        match rules::turn(ctx.store_get(me, TURNS_KEY)) {
            Turn::Fade => {
                // Read before it goes: a removed creature is no longer there.
                let seen = ctx.is_visible(this.pos);
                if !ctx.remove(me) {
                    return Err(PluginError::new("the host would not take the summons out of the world"));
                }
                if seen {
                    ctx.message(&rules::fade_line(&this.name), MessageKind::Info);
                }
                return Ok(());
            }
            Turn::Act(Some(left)) => ctx.store_set(me, TURNS_KEY, left),
            Turn::Act(None) => {}
        }
        if !ctx.run_brain(me, FIGHTING_BRAIN) && !ctx.follow_player(me) {
            tracing::warn!(brain = FIGHTING_BRAIN, "no such brain loaded; wandering instead");
            ctx.wander(me);
        }
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a scroll that summons allies to fight for the player", "");
    // `melee` comes from core_combat: load only beside it.
    reg.depends_on("core_combat", "0.1.0");
    reg.item_effect("summon", Summon);
    reg.brain("summoned", Summoned);
    // The turns a summons has left: a save holding more, or fewer than none, is refused.
    reg.stored(TURNS_KEY, 0, MOST_TURNS);
    // Its trace is the host's `spawn` and `removed` (and `log` lines).
    reg.writes_no_events();
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::Point;

    fn scroll(game: &TestGame) -> ItemUse {
        game.item_use("scroll_of_summoning", &[("count", 2), ("turns", 2)])
    }

    #[test]
    fn the_scroll_calls_allies_beside_the_reader_each_with_its_turns() {
        let mut game = TestGame::new(8, 6);
        game.creatures[0].pos = Point::new(3, 3);
        let item = scroll(&game);
        assert_eq!(Summon.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::Consumed);
        let allies: Vec<EntityId> = game.creatures.iter().skip(1).map(|c| c.id).collect();
        assert_eq!(allies.len(), 2);
        for &id in &allies {
            assert_eq!(game.side(id), PLAYER_SIDE);
            assert!(game.get(id).unwrap().pos.is_adjacent(Point::new(3, 3)));
            assert_eq!(game.store.get(&(id, TURNS_KEY.to_string())), Some(&2));
        }
        assert_eq!(game.messages, ["Two spirit wolves answer the call."]);
    }

    #[test]
    fn with_no_room_beside_the_reader_nothing_comes_and_the_scroll_is_gone() {
        // A 3 by 3 room is one cell of floor: the player's.
        let mut game = TestGame::new(3, 3);
        let item = scroll(&game);
        assert_eq!(Summon.use_item(&mut game.ctx(), &item).unwrap(), UseOutcome::Consumed);
        assert_eq!(game.creatures.len(), 1);
        assert!(game.messages[0].contains("Nothing answers"), "{:?}", game.messages);
    }

    #[test]
    fn a_summons_stays_its_turns_then_is_removed_not_killed() {
        let mut game = TestGame::new(8, 6);
        let wolf = game.add_monster(SUMMONED_KIND, Point::new(4, 2), 12, emberdeep_api::Damage::new(2, 5), "summoned");
        game.store.insert((wolf, TURNS_KEY.to_string()), 2);
        for _ in 0..2 {
            Summoned.act(&mut game.ctx(), wolf).unwrap();
            assert!(game.get(wolf).is_some(), "still here");
        }
        assert_eq!(game.store.get(&(wolf, TURNS_KEY.to_string())), Some(&0));
        Summoned.act(&mut game.ctx(), wolf).unwrap();
        assert_eq!(game.removed, [wolf], "taken out of the world");
        assert!(game.attacks.is_empty(), "no blow, no death");
        assert_eq!(game.messages, ["The spirit_wolf fades away."]);
    }

    #[test]
    fn one_the_scroll_did_not_call_stays_for_good() {
        let mut game = TestGame::new(8, 6);
        let wolf = game.add_monster(SUMMONED_KIND, Point::new(4, 2), 12, emberdeep_api::Damage::new(2, 5), "summoned");
        for _ in 0..20 {
            Summoned.act(&mut game.ctx(), wolf).unwrap();
        }
        assert!(game.removed.is_empty());
    }

    #[test]
    fn registers_the_effect_and_the_brain() {
        let mut reg = Registrar::new("summoning", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!((names.item_effects, names.brains), (vec!["summon".into()], vec!["summoned".into()]));
    }
}
