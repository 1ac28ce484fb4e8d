//! The sneak attack and the noisy armor, as hooks.

use emberdeep_api::{Attack, CreatureInfo, Ctx, EntityId, Hooks, MonsterState, PluginResult, Point};

/// The player's text store key naming the armor worn (equipment's; only read here).
pub const WORN_ARMOR_KEY: &str = "back";
/// An armor record's param: the loudness of each step in it.
pub const NOISE_PARAM: &str = "noise";

/// Whether a blow of the player's on `target` would be a sneak attack:
/// an enemy of the player, asleep or not hunting it.
pub fn unaware(ctx: &mut Ctx<'_>, target: &CreatureInfo) -> bool {
    !target.id.is_player() && target.state != MonsterState::Hunting && ctx.are_enemies(EntityId::PLAYER, target.id)
}

/// The multiplier in words: "double", "triple", "quadruple", else "5x".
pub fn times(n: i64) -> String {
    match n {
        2 => "double".into(),
        3 => "triple".into(),
        4 => "quadruple".into(),
        n => format!("{n}x"),
    }
}

/// The sneak attack's message.
pub fn sneak_message(target: &CreatureInfo) -> String {
    match target.state {
        MonsterState::Asleep => format!("You strike the sleeping {} unawares!", target.name),
        _ => format!("You strike the {} unawares!", target.name),
    }
}

/// The look panel's line about an unaware monster.
pub fn look_line(state: MonsterState, multiplier: i64) -> String {
    let word = times(multiplier);
    match state {
        MonsterState::Asleep => format!("Asleep: your blow would deal {word} damage."),
        _ => format!("Unaware of you: your blow would deal {word} damage."),
    }
}

/// The loudness of each step in the armor the player wears (0: none, or quiet).
pub fn worn_noise(ctx: &Ctx<'_>) -> i64 {
    ctx.store_get_text(EntityId::PLAYER, WORN_ARMOR_KEY)
        .and_then(|kind| ctx.item_info(&kind))
        .and_then(|armor| armor.param(NOISE_PARAM))
        .unwrap_or(0)
        .max(0)
}

/// The player's store fact `quiet`, which any plugin may declare and keep
/// (arsenal's rings of stealth): the steps fewer (or, below 0, more) that
/// the player's noisy armor gives them away from. 0 while nobody keeps it.
pub const QUIET_KEY: &str = "quiet";

/// How quiet the player moves, by the fact [`QUIET_KEY`].
pub fn quiet(ctx: &Ctx<'_>) -> i64 {
    ctx.store_get(EntityId::PLAYER, QUIET_KEY).unwrap_or(0).clamp(-100, 100)
}

/// Stealth's answers to the host's hooks.
pub struct StealthHooks;

impl Hooks for StealthHooks {
    fn attack_damage(&self, ctx: &mut Ctx<'_>, attack: &Attack) -> PluginResult<Option<i32>> {
        if !attack.attacker.is_player() || attack.kind.as_str() != "melee" || !attack.hit {
            return Ok(None);
        }
        let Some(target) = ctx.creature(attack.target) else { return Ok(None) };
        if !unaware(ctx, &target) {
            return Ok(None);
        }
        let multiplier = ctx.setting_value("sneak_multiplier").max(1);
        let dealt = (i64::from(attack.damage) * multiplier).min(i64::from(i32::MAX)) as i32;
        ctx.say(&sneak_message(&target));
        ctx.event(
            "sneak_attack",
            &[
                ("target", target.trace_name.as_str().into()),
                ("state", target.state.name().into()),
                ("damage", i64::from(attack.damage).into()),
                ("dealt", i64::from(dealt).into()),
            ],
        );
        Ok(Some(dealt))
    }

    fn creature_lines(&self, ctx: &mut Ctx<'_>, id: EntityId) -> PluginResult<Vec<String>> {
        let Some(c) = ctx.creature(id) else { return Ok(Vec::new()) };
        let multiplier = ctx.setting_value("sneak_multiplier");
        if multiplier <= 1 || !unaware(ctx, &c) {
            return Ok(Vec::new());
        }
        Ok(vec![look_line(c.state, multiplier)])
    }

    fn player_moved(&self, ctx: &mut Ctx<'_>, _from: Point, to: Point) -> PluginResult<()> {
        let noise = worn_noise(ctx);
        if noise <= 0 {
            return Ok(());
        }
        let reach = noise * ctx.setting_value("armor_notice_per_noise") - quiet(ctx);
        if reach <= 0 {
            return Ok(());
        }
        for id in ctx.monsters_in_view() {
            let Some(m) = ctx.creature(id) else { continue };
            let distance = i64::from(m.pos.steps_to(to));
            if distance > reach || !unaware(ctx, &m) {
                continue;
            }
            ctx.event(
                "heard_armor",
                &[("who", m.trace_name.as_str().into()), ("distance", distance.into()), ("noise", noise.into())],
            );
            ctx.set_state(id, MonsterState::Hunting);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, MonsterState};

    fn game() -> TestGame {
        TestGame::new(30, 10).with_settings_of(|reg| {
            reg.setting("sneak_multiplier", 3, 1, 10).setting("armor_notice_per_noise", 2, 0, 10);
            Ok(())
        })
    }

    #[test]
    fn a_blow_on_a_sleeper_or_a_wanderer_deals_triple_and_says_so() {
        let mut g = game();
        let orc = g.add_monster("orc", Point::new(2, 1), 20, Damage::new(2, 4), "melee");
        let mut blow = Attack::melee(EntityId::PLAYER, orc, 4, "you");
        for (state, dealt, says) in [
            (MonsterState::Asleep, Some(12), "You strike the sleeping orc unawares!"),
            (MonsterState::Wandering, Some(12), "You strike the orc unawares!"),
            (MonsterState::Hunting, None, ""),
        ] {
            g.messages.clear();
            g.ctx().set_state(orc, state);
            assert_eq!(StealthHooks.attack_damage(&mut g.ctx(), &blow).unwrap(), dealt, "{state:?}");
            assert_eq!(g.messages.first().map_or("", String::as_str), says);
        }
        assert_eq!(g.events.len(), 2, "a sneak_attack event each time");
        assert_eq!(g.events[0].0, "sneak_attack");
        g.ctx().set_state(orc, MonsterState::Asleep);
        blow.kind = "arrow".into();
        assert_eq!(StealthHooks.attack_damage(&mut g.ctx(), &blow).unwrap(), None, "melee only");
        let back = Attack::melee(orc, EntityId::PLAYER, 4, "an orc");
        assert_eq!(StealthHooks.attack_damage(&mut g.ctx(), &back).unwrap(), None, "the player's blows only");
    }

    #[test]
    fn the_look_panel_says_it_of_an_unaware_enemy_only() {
        let mut g = game();
        let orc = g.add_monster("orc", Point::new(2, 1), 20, Damage::new(2, 4), "melee");
        g.ctx().set_state(orc, MonsterState::Asleep);
        let lines = StealthHooks.creature_lines(&mut g.ctx(), orc).unwrap();
        assert_eq!(lines, ["Asleep: your blow would deal triple damage."]);
        g.ctx().set_state(orc, MonsterState::Hunting);
        assert!(StealthHooks.creature_lines(&mut g.ctx(), orc).unwrap().is_empty());
        assert_eq!(times(2), "double");
        assert_eq!(times(7), "7x");
    }

    #[test]
    fn plate_gives_the_wearer_away_to_the_unaware_within_twice_its_noise() {
        let mut g = game();
        g.add_item_record("plate_armor", "plate armor", "armor", &[("defense", 5), ("noise", 6)]);
        let near = g.add_monster("orc", Point::new(12, 1), 20, Damage::new(2, 4), "melee");
        let far = g.add_monster("orc", Point::new(20, 1), 20, Damage::new(2, 4), "melee");
        for id in [near, far] {
            g.ctx().set_state(id, MonsterState::Asleep);
        }
        let (from, to) = (g.player().pos, g.player().pos);
        StealthHooks.player_moved(&mut g.ctx(), from, to).unwrap();
        assert_eq!(g.get(near).unwrap().state, MonsterState::Asleep, "no armor worn: nobody notices");
        g.store_text.insert((EntityId::PLAYER, WORN_ARMOR_KEY.into()), "plate_armor".into());
        StealthHooks.player_moved(&mut g.ctx(), from, to).unwrap();
        assert_eq!(g.get(near).unwrap().state, MonsterState::Hunting, "within 12 steps");
        assert_eq!(g.get(far).unwrap().state, MonsterState::Asleep, "further than 12 steps");
        assert_eq!(g.events.iter().filter(|(n, _)| n == "heard_armor").count(), 1);
    }

    #[test]
    fn the_players_quiet_fact_takes_steps_off_what_plate_gives_away() {
        let mut g = game();
        g.add_item_record("plate_armor", "plate armor", "armor", &[("defense", 5), ("noise", 6)]);
        let orc = g.add_monster("orc", Point::new(12, 1), 20, Damage::new(2, 4), "melee");
        g.ctx().set_state(orc, MonsterState::Asleep);
        g.store_text.insert((EntityId::PLAYER, WORN_ARMOR_KEY.into()), "plate_armor".into());
        g.store.insert((EntityId::PLAYER, QUIET_KEY.into()), 2);
        let (from, to) = (g.player().pos, g.player().pos);
        StealthHooks.player_moved(&mut g.ctx(), from, to).unwrap();
        assert_eq!(g.get(orc).unwrap().state, MonsterState::Asleep, "11 steps away, heard within 12 - 2");
        g.store.insert((EntityId::PLAYER, QUIET_KEY.into()), 1);
        StealthHooks.player_moved(&mut g.ctx(), from, to).unwrap();
        assert_eq!(g.get(orc).unwrap().state, MonsterState::Hunting, "heard within 12 - 1");
    }
}
