//! # progression: experience and levels
//!
//! The player's kills give experience, worth the victim's record numbers
//! (its most health, the top of its blow, twice its defense), read at the
//! killing blow (the `hurt` event, while the victim still stands). Enough
//! experience raises the level: each level gives `hp_per_level` more most
//! health (and heals that much), and every `strength_every` levels one
//! strength, which the equipment plugin adds to both ends of the blow.
//!
//! Everything is kept in the player's store (`xp`, `level`, `strength`), so
//! it is saved with the run. Those keys are this plugin's: it declares them
//! (`reg.stored`), so no plugin writes them without depending on this one;
//! equipment reads `strength`. It declares `level` as the player's level
//! (`reg.player_level`), which the host's score, morgue and bot read. The
//! side panel says "Level 3, 175/300 xp"; the trace has `xp` and `level_up`
//! events under this plugin's name.

#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{export_plugin, Ctx, EntityId, Hooks, Hurt, MessageKind, PluginError, PluginResult, Registrar};

use rules::{worth, Numbers};

/// The numbers of growth: the settings, declared in `register` with
/// [`Numbers::default`] as their defaults.
fn numbers(ctx: &Ctx<'_>) -> Numbers {
    Numbers {
        xp_step: ctx.setting_value("xp_step"),
        hp_per_level: ctx.setting_value("hp_per_level"),
        strength_every: ctx.setting_value("strength_every"),
        max_level: ctx.setting_value("max_level"),
    }
}

fn level(ctx: &Ctx<'_>) -> i64 {
    ctx.store_get(EntityId::PLAYER, "level").unwrap_or(1).max(1)
}

/// The player's growth, told of every blow that hurts.
pub struct Progression;

impl Progression {
    fn gain(&self, ctx: &mut Ctx<'_>, from: &str, amount: i64) -> PluginResult<()> {
        let n = numbers(ctx);
        let xp = ctx.store_get(EntityId::PLAYER, "xp").unwrap_or(0).saturating_add(amount).min(1_000_000_000);
        ctx.store_set(EntityId::PLAYER, "xp", xp);
        ctx.event("xp", &[("from", from.into()), ("gain", amount.into()), ("xp", xp.into())]);
        let was = level(ctx);
        let now = n.level_for(xp).max(was);
        if now == was {
            return Ok(());
        }
        ctx.store_set(EntityId::PLAYER, "level", now);
        let gained = (now - was) * n.hp_per_level;
        let player = ctx.base_numbers(EntityId::PLAYER).ok_or("the host lent a game with no player")?;
        ctx.set_max_hp(EntityId::PLAYER, (player.max_hp as i64 + gained).min(10_000) as i32);
        ctx.heal(EntityId::PLAYER, gained as i32);
        let more = n.strength_at(now) - n.strength_at(was);
        if more > 0 {
            let strength = ctx.store_get(EntityId::PLAYER, "strength").unwrap_or(0);
            ctx.store_set(EntityId::PLAYER, "strength", (strength + more).min(100));
        }
        let player = ctx.player()?;
        let stronger = if more > 0 { ", and you hit harder" } else { "" };
        ctx.message(
            &format!("*** You reach level {now}! Health {}/{}{stronger}. ***", player.hp, player.max_hp),
            MessageKind::Good,
        );
        ctx.event(
            "level_up",
            &[("level", now.into()), ("max_hp", player.max_hp.into()), ("strength_gain", more.into())],
        );
        Ok(())
    }
}

impl Hooks for Progression {
    fn hurt(&self, ctx: &mut Ctx<'_>, hurt: &Hurt) -> PluginResult<()> {
        if hurt.hp_left > 0 || !hurt.attacker.is_player() || hurt.target.is_player() {
            return Ok(());
        }
        // The killing blow: the victim still stands, with its record's numbers.
        let Some(victim) = ctx.creature(hurt.target) else { return Ok(()) };
        let amount = worth(victim.max_hp, victim.damage.max, victim.defense);
        self.gain(ctx, victim.kind.as_str(), amount)
    }

    fn panel_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let xp = ctx.store_get(EntityId::PLAYER, "xp").unwrap_or(0);
        Ok(vec![numbers(ctx).panel_line(level(ctx), xp)])
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Experience and levels: the player grows stronger with each kill", "");
    let d = Numbers::default();
    reg.event("xp", &["from", "gain", "xp"]).event("level_up", &["level", "max_hp", "strength_gain"]);
    reg.hooks(Progression)
        .setting("xp_step", d.xp_step, 1, 10_000)
        .setting("hp_per_level", d.hp_per_level, 0, 100)
        .setting("strength_every", d.strength_every, 1, 100)
        .setting("max_level", d.max_level, 1, 100)
        .stored("xp", 0, 1_000_000_000)
        .stored("level", 1, 100)
        .stored("strength", 0, 100)
        .player_level("level");
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, Point};

    fn kill(game: &mut TestGame, hp: i32, damage: Damage) {
        let m = game.add_monster("ogre", Point::new(3, 2), hp, damage, "melee");
        let hurt = Hurt { attacker: EntityId::PLAYER, target: m, amount: hp, hp_left: 0, how: "melee".into() };
        Progression.hurt(&mut game.ctx(), &hurt).unwrap();
    }

    #[test]
    fn a_kill_gives_experience_and_enough_a_level() {
        let mut game = TestGame::new(10, 6).with_settings_of(register);
        kill(&mut game, 5, Damage::new(1, 3));
        assert_eq!(game.store.get(&(EntityId::PLAYER, "xp".into())), Some(&8));
        assert!(game.messages.is_empty());
        kill(&mut game, 24, Damage::new(4, 9));
        kill(&mut game, 24, Damage::new(4, 9));
        assert_eq!(game.player().max_hp, 35);
        assert_eq!(game.messages, ["*** You reach level 2! Health 35/35. ***"]);
        let lines = Progression.panel_lines(&mut game.ctx()).unwrap();
        assert_eq!(lines, ["Level 2, 74/180 xp"], "8 for the jackal, 24 + 9 for each ogre of defense 0");
    }

    #[test]
    fn blows_that_do_not_kill_or_are_not_the_players_give_nothing() {
        let mut game = TestGame::new(10, 6).with_settings_of(register);
        let m = game.add_monster("ogre", Point::new(3, 2), 24, Damage::new(4, 9), "melee");
        let wound = Hurt { attacker: EntityId::PLAYER, target: m, amount: 3, hp_left: 21, how: "melee".into() };
        Progression.hurt(&mut game.ctx(), &wound).unwrap();
        let other = Hurt { attacker: m, target: m, amount: 30, hp_left: -6, how: "fire".into() };
        Progression.hurt(&mut game.ctx(), &other).unwrap();
        assert_eq!(game.store.get(&(EntityId::PLAYER, "xp".into())), None);
    }
}
