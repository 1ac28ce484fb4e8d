//! The two brains: `shackled` (a captive waiting to be freed) and `companion`
//! (every ally of this plugin: a summons' count of turns, then a fight).

use emberdeep_api::{Ctx, EntityId, MessageKind, MonsterBrain, PluginError, PluginResult};

use crate::hooks::forget_ally;
use crate::rules::{self, Turn, FIGHTING_BRAIN, TURNS_KEY};

/// The brain named `shackled`: the captive does nothing at all.
pub struct Shackled;

impl MonsterBrain for Shackled {
    fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

/// The brain named `companion`.
pub struct Ally;

impl MonsterBrain for Ally {
    /// Gone when a summons' time is up; else a fight as `melee` fights (the
    /// nearest enemy it sees, or after the player); without core_combat,
    /// after the player only.
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        match rules::turn(ctx.store_get(me, TURNS_KEY)) {
            Turn::Fade => {
                let seen = ctx.is_visible(this.pos);
                forget_ally(ctx, me);
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
            ctx.wander(me);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ALLY_BRAIN, IDS_KEY, SUMMONED_KIND};
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, Point};

    #[test]
    fn a_summons_stays_its_turns_then_is_removed_not_killed() {
        let mut game = TestGame::new(8, 6);
        let wolf = game.add_monster(SUMMONED_KIND, Point::new(4, 2), 10, Damage::new(2, 4), ALLY_BRAIN);
        game.store.insert((wolf, TURNS_KEY.to_string()), 2);
        game.store_text.insert((EntityId::PLAYER, IDS_KEY.to_string()), wolf.0.to_string());
        for _ in 0..2 {
            Ally.act(&mut game.ctx(), wolf).unwrap();
            assert!(game.get(wolf).is_some(), "still here");
        }
        Ally.act(&mut game.ctx(), wolf).unwrap();
        assert_eq!(game.removed, [wolf], "taken out of the world");
        assert!(game.attacks.is_empty(), "no blow, no death");
        assert_eq!(game.store_text.get(&(EntityId::PLAYER, IDS_KEY.to_string())).map(String::as_str), Some(""));
    }

    #[test]
    fn a_shackled_captive_does_nothing_however_long_it_waits() {
        let mut game = TestGame::new(8, 6);
        let goblin = game.add_monster("captive_goblin", Point::new(2, 1), 15, Damage::new(2, 5), "shackled");
        for _ in 0..10 {
            Shackled.act(&mut game.ctx(), goblin).unwrap();
        }
        assert_eq!(game.get(goblin).unwrap().pos, Point::new(2, 1));
        assert!(game.attacks.is_empty() && game.messages.is_empty());
    }
}
