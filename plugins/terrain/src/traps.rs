//! The four traps' code, and the search key that finds them.

use emberdeep_api::{Attack, Ctx, EntityId, Hooks, KeyAnswer, KeyHelp, MonsterState, PluginResult, Point, TerrainCode};

use crate::rules;

/// The dart trap: a dart strikes whoever steps on it, player or monster.
pub struct DartTrap;

impl TerrainCode for DartTrap {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        let Some(them) = ctx.creature(who) else { return Ok(()) };
        let dealt = ctx.roll_damage(rules::DART);
        let kills = dealt >= them.hp;
        let name = (!who.is_player()).then_some(them.name.as_str());
        // The trap is no creature: the stepper is the attacker of record.
        let mut dart = Attack::new(who, who, "dart").hit_for(dealt).with_killer("a dart trap");
        if who.is_player() || ctx.is_visible(at) {
            dart = dart.with_message(&rules::dart_line(name, dealt, kills));
        }
        ctx.attack(dart);
        Ok(())
    }
}

/// The net trap: whoever steps on it is `netted` (held in place; the
/// plugin's vetoes refuse its steps while it lasts).
pub struct NetTrap;

impl TerrainCode for NetTrap {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        let Some(them) = ctx.creature(who) else { return Ok(()) };
        ctx.add_status(who, rules::NETTED, rules::NET_TURNS);
        if who.is_player() || ctx.is_visible(at) {
            let name = (!who.is_player()).then_some(them.name.as_str());
            ctx.say(&rules::net_line(name));
        }
        Ok(())
    }
}

/// The alarm trap: the player who steps on it wakes every monster on the
/// floor and sets it hunting the player. Monsters know their own alarms
/// and step over the wire.
pub struct AlarmTrap;

impl TerrainCode for AlarmTrap {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        // A player who flies (api 1.7: levitating) floats over the wire.
        if !who.is_player() || ctx.flies(who) == Some(true) {
            return Ok(());
        }
        ctx.message(rules::ALARM, emberdeep_api::MessageKind::Danger);
        // A noise heard across the floor first, so every sleeper and
        // wanderer has the player's cell to go to; then each is set hunting.
        let (w, h) = ctx.map_size();
        ctx.noise(at, w + h + rules::ALARM_MARGIN);
        let mut woken = 0i64;
        for c in ctx.floor_creatures() {
            if c.id.is_player() || !ctx.are_enemies(EntityId::PLAYER, c.id) {
                continue;
            }
            ctx.set_state(c.id, MonsterState::Hunting);
            woken += 1;
        }
        ctx.event("alarm", &[("x", at.x.into()), ("y", at.y.into()), ("woken", woken.into())]);
        Ok(())
    }
}

/// The pit trap: the player who steps on it is hurt and falls to the next
/// floor. A monster steps round its edge: nothing happens to it.
pub struct PitTrap;

impl TerrainCode for PitTrap {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, _at: Point) -> PluginResult<()> {
        // A player who flies (api 1.7: levitating) floats over the pit.
        if !who.is_player() || ctx.flies(who) == Some(true) {
            return Ok(());
        }
        let dealt = ctx.roll_damage(rules::FALL);
        let fall = Attack::new(who, who, "fall").hit_for(dealt).with_killer("a fall into a pit");
        if ctx.attack(fall.with_message(&format!("You are hurt for {dealt} in the fall."))) {
            return Ok(());
        }
        if !ctx.descend(rules::PIT) {
            // The deepest floor has no floor below: the pit is only a hole.
            ctx.say("You climb out of a shallow pit.");
        }
        Ok(())
    }
}

/// The search key, `s`.
pub struct Search;

impl Search {
    /// A search around the player: a turn; every hidden terrain in the
    /// eight cells around is found, and each two cells away one time in
    /// [`rules::FAR_SEARCH_ONE_IN`].
    pub fn search(ctx: &mut Ctx<'_>) -> PluginResult<KeyAnswer> {
        let here = ctx.player()?.pos;
        let mut found = 0;
        for (p, reach) in rules::searched_cells(here) {
            if !ctx.terrain_hidden(p) {
                continue;
            }
            if (reach == 1 || ctx.one_in(rules::FAR_SEARCH_ONE_IN)) && ctx.reveal_terrain(p) {
                found += 1;
            }
        }
        if let Some(line) = rules::search_line(found) {
            ctx.say(line);
        }
        Ok(KeyAnswer::Done(true))
    }
}

impl Hooks for Search {
    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![KeyHelp::new(
            rules::SEARCH_KEY.to_string(),
            "moving",
            "search for hidden traps: a turn; finds those beside you, and those two cells off one time in three",
        )])
    }

    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        if key != rules::SEARCH_KEY {
            return Ok(KeyAnswer::Pass);
        }
        Search::search(ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;

    #[test]
    fn a_dart_strikes_the_stepper_for_one_to_four() {
        let mut game = TestGame::new(8, 5);
        for _ in 0..40 {
            DartTrap.entered(&mut game.ctx(), EntityId::PLAYER, Point::new(2, 1)).unwrap();
        }
        assert_eq!(game.attacks.len(), 40);
        assert!(game.attacks.iter().all(|a| a.target == EntityId::PLAYER && (1..=4).contains(&a.damage)));
        assert!(game.attacks.iter().any(|a| a.damage == 4) && game.attacks.iter().any(|a| a.damage == 1));
    }

    #[test]
    fn a_net_holds_whoever_steps_on_it() {
        let mut game = TestGame::new(8, 5);
        let goblin = game.add_monster("goblin", Point::new(3, 2), 5, emberdeep_api::Damage::new(1, 2), "melee");
        NetTrap.entered(&mut game.ctx(), goblin, Point::new(3, 2)).unwrap();
        NetTrap.entered(&mut game.ctx(), EntityId::PLAYER, Point::new(1, 1)).unwrap();
        assert_eq!(
            game.statuses,
            [(goblin, rules::NETTED.to_string(), rules::NET_TURNS), (EntityId::PLAYER, rules::NETTED.to_string(), 4)]
        );
        assert_eq!(game.messages.last().map(String::as_str), Some("A net drops over you! You are held fast."));
    }

    #[test]
    fn the_pit_hurts_the_player_and_sends_them_down_but_not_a_monster() {
        let mut game = TestGame::new(8, 5);
        let goblin = game.add_monster("goblin", Point::new(3, 2), 5, emberdeep_api::Damage::new(1, 2), "melee");
        PitTrap.entered(&mut game.ctx(), goblin, Point::new(3, 2)).unwrap();
        assert!(game.descents.is_empty() && game.attacks.is_empty(), "a monster steps round it");
        // A levitating player floats over it (api 1.7).
        game.flying_statuses.insert("levitating".into());
        game.ctx().add_status(EntityId::PLAYER, "levitating", 5);
        PitTrap.entered(&mut game.ctx(), EntityId::PLAYER, Point::new(1, 1)).unwrap();
        assert!(game.descents.is_empty() && game.attacks.is_empty(), "a flier floats over a pit");
        game.ctx().remove_status(EntityId::PLAYER, "levitating");
        PitTrap.entered(&mut game.ctx(), EntityId::PLAYER, Point::new(1, 1)).unwrap();
        assert_eq!(game.descents, [rules::PIT]);
        assert!((1..=3).contains(&game.attacks[0].damage));
        assert_eq!(game.floor, 2);
    }

    #[test]
    fn the_alarm_sets_every_monster_hunting() {
        let mut game = TestGame::new(30, 10);
        let far = game.add_monster("goblin", Point::new(28, 8), 5, emberdeep_api::Damage::new(1, 2), "melee");
        game.ctx().set_state(far, MonsterState::Asleep);
        AlarmTrap.entered(&mut game.ctx(), far, Point::new(28, 8)).unwrap();
        assert!(game.events.is_empty(), "a monster steps over the wire");
        AlarmTrap.entered(&mut game.ctx(), EntityId::PLAYER, Point::new(1, 1)).unwrap();
        assert_eq!(game.creatures.iter().find(|c| c.id == far).map(|c| c.state), Some(MonsterState::Hunting));
        assert_eq!(game.events.len(), 1);
    }

    #[test]
    fn a_search_finds_what_is_beside_surely_and_further_off_by_chance() {
        let mut game = TestGame::new(12, 12);
        let here = Point::new(5, 5);
        game.creatures[0].pos = here;
        let ring: Vec<Point> =
            rules::searched_cells(here).into_iter().filter(|(_, r)| *r == 2).map(|(p, _)| p).collect();
        game.lay_hidden(Point::new(6, 6), rules::NET_TRAP);
        for p in &ring {
            game.lay_hidden(*p, rules::DART_TRAP);
        }
        game.lay_hidden(Point::new(9, 5), rules::PIT_TRAP);
        assert_eq!(Search.key(&mut game.ctx(), 's').unwrap(), KeyAnswer::Done(true));
        assert!(game.found.contains(&Point::new(6, 6)), "beside: surely");
        let far = game.found.iter().filter(|p| ring.contains(p)).count();
        assert!((2..=10).contains(&far), "two cells off: about one in three of 16, found {far}");
        assert!(game.unfound.contains(&Point::new(9, 5)), "four cells off: never");
        assert_eq!(Search.key(&mut game.ctx(), 'x').unwrap(), KeyAnswer::Pass);
    }
}
