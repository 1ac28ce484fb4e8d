//! The hooks: walking into a captive asks to free it, the answer frees it
//! or not, a fallen ally is counted, and the side panel and the morgue
//! tell of the allies.

use emberdeep_api::{Ctx, Death, EntityId, Hooks, MessageKind, PluginResult, PLAYER_SIDE};

use crate::rules::{
    self, Growth, ALLY_BRAIN, FALLEN_KEY, FREED_KEY, IDS_KEY, LEVEL_KEY, MOST_XP, SHACKLED_BRAIN, XP_KEY,
};

/// Adds `by` to the player's count under `key`.
pub fn add_count(ctx: &mut Ctx<'_>, key: &str, by: i64) {
    if by != 0 {
        let now = ctx.store_get(EntityId::PLAYER, key).unwrap_or(0);
        ctx.store_set(EntityId::PLAYER, key, (now + by).min(rules::MOST_COUNT));
    }
}

fn ally_ids(ctx: &Ctx<'_>) -> Vec<EntityId> {
    rules::ids_of(&ctx.store_get_text(EntityId::PLAYER, IDS_KEY).unwrap_or_default())
}

/// Keeps `id` among this plugin's allies in the world.
pub fn keep_ally(ctx: &mut Ctx<'_>, id: EntityId) {
    let mut ids = ally_ids(ctx);
    if !ids.contains(&id) {
        ids.push(id);
    }
    ctx.store_set_text(EntityId::PLAYER, IDS_KEY, &rules::ids_text(&ids));
}

/// Forgets `id` (faded or fallen); returns whether it was one of ours.
pub fn forget_ally(ctx: &mut Ctx<'_>, id: EntityId) -> bool {
    let mut ids = ally_ids(ctx);
    let was = ids.contains(&id);
    ids.retain(|&i| i != id);
    ctx.store_set_text(EntityId::PLAYER, IDS_KEY, &rules::ids_text(&ids));
    was
}

/// The growth numbers: the plugin's settings.
pub fn growth(ctx: &Ctx<'_>) -> Growth {
    Growth::from_settings(|key| ctx.setting(key))
}

/// An ally's level, kept in its own store (1 while nothing is).
pub fn level_of(ctx: &Ctx<'_>, id: EntityId) -> i64 {
    ctx.store_get(id, LEVEL_KEY).unwrap_or(1).max(1)
}

/// Ally `id` made a kill worth `amount`: its experience grows, and at a
/// threshold its level, its most health (healed as much) and its blow.
/// Each level says one line if the player sees it, and traces `ally_grew`.
pub fn gain(ctx: &mut Ctx<'_>, id: EntityId, amount: i64) -> PluginResult<()> {
    let xp = ctx.store_get(id, XP_KEY).unwrap_or(0).saturating_add(amount.max(0)).min(MOST_XP);
    ctx.store_set(id, XP_KEY, xp);
    let g = growth(ctx);
    let was = level_of(ctx, id);
    let now = g.level_for(xp).max(was);
    if now == was {
        return Ok(());
    }
    ctx.store_set(id, LEVEL_KEY, now);
    let Some(base) = ctx.base_numbers(id) else { return Ok(()) };
    let levels = now - was;
    let more_hp = (levels * g.hp).clamp(0, 1000) as i32;
    let more_damage = (levels * g.damage).clamp(0, 100) as i32;
    if more_hp > 0 {
        ctx.set_max_hp(id, base.max_hp.saturating_add(more_hp).min(10_000));
        ctx.heal(id, more_hp);
    }
    if more_damage > 0 {
        let blow = emberdeep_api::Damage::new(base.damage.min + more_damage, base.damage.max + more_damage);
        ctx.set_base_damage(id, blow);
    }
    let Some(me) = ctx.creature(id) else { return Ok(()) };
    if ctx.is_visible(me.pos) {
        let called = ctx.called(id).unwrap_or_else(|| format!("the {}", me.name));
        ctx.message(&rules::grew_line(&called, now), MessageKind::Good);
    }
    ctx.event("ally_grew", &[("creature", me.trace_name.as_str().into()), ("level", now.into())]);
    Ok(())
}

/// The plugin's hooks.
pub struct AlliesHooks;

impl Hooks for AlliesHooks {
    /// Walking into a shackled captive asks whether to free it (no turn
    /// passes until the answer); any other monster is left to the next
    /// plugin (core_combat strikes it).
    fn bump(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
        if ctx.brain_of(target).as_deref() != Some(SHACKLED_BRAIN) {
            return Ok(false);
        }
        let Some(captive) = ctx.creature(target) else { return Ok(false) };
        if !ctx.ask(&rules::free_question(&captive.name), &rules::free_topic(target)) {
            // A host that cannot ask: the captive stays shackled, and the
            // bump is taken so nobody strikes it.
            ctx.message(&format!("The {} is shackled.", captive.name), MessageKind::Info);
            return Ok(true);
        }
        Ok(false)
    }

    /// `y` frees the captive: the player's side, the `companion` brain; that
    /// takes the turn. Anything else leaves it shackled, and no turn passes.
    fn answered(&self, ctx: &mut Ctx<'_>, topic: &str, yes: bool) -> PluginResult<bool> {
        let Some(id) = rules::topic_captive(topic) else { return Ok(false) };
        let Some(captive) = ctx.creature(id) else { return Ok(false) };
        if ctx.brain_of(id).as_deref() != Some(SHACKLED_BRAIN) {
            return Ok(false);
        }
        if !yes {
            ctx.message(&rules::left_line(&captive.name), MessageKind::Info);
            return Ok(false);
        }
        if !ctx.set_side(id, PLAYER_SIDE) || !ctx.set_brain(id, ALLY_BRAIN) {
            return Err("the host would not free the captive".into());
        }
        keep_ally(ctx, id);
        add_count(ctx, FREED_KEY, 1);
        ctx.message(&rules::freed_line(&captive.name), MessageKind::Good);
        Ok(true)
    }

    /// An ally of this plugin died: counted for the morgue. A kill by a
    /// creature thinking with `companion` (freed, called, or placed) gives
    /// it the victim's worth in experience, by the victim's record.
    fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
        if !death.victim.is_player() && forget_ally(ctx, death.victim) {
            add_count(ctx, FALLEN_KEY, 1);
        }
        let Some(killer) = death.killer() else { return Ok(()) };
        if killer.is_player() || death.victim.is_player() || ctx.brain_of(killer).as_deref() != Some(ALLY_BRAIN) {
            return Ok(());
        }
        let Some(victim) = ctx.monster_info(death.victim_kind.as_str()) else { return Ok(()) };
        gain(ctx, killer, rules::worth(victim.hp, victim.damage.max, victim.defense))
    }

    /// "Allies (2):", then each ally on the player's side: this plugin's
    /// own (freed or called: the player knows them), and any other on the
    /// player's side while in view (a prisoner in a vault's cell is not
    /// named before the player has found it). Its health while in sight;
    /// out of sight "(out of sight)": how a fight the player does not see
    /// went is not told here any more than in the log.
    fn panel_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let ours = ally_ids(ctx);
        let on_side: Vec<(EntityId, bool)> = ctx
            .floor_creatures()
            .into_iter()
            .filter(|c| !c.id.is_player() && c.side.as_str() == PLAYER_SIDE)
            .map(|c| (c.id, ctx.is_visible(c.pos)))
            .filter(|(id, seen)| ours.contains(id) || *seen)
            .collect();
        let mut allies: Vec<rules::PanelAlly> = Vec::new();
        for (id, seen) in on_side {
            if let Some(c) = ctx.creature(id) {
                allies.push((c.name.to_string(), level_of(ctx, id), seen.then_some((c.hp, c.max_hp))));
            }
        }
        Ok(rules::panel(&allies))
    }

    /// "Allies: freed 2 captives, called 4 spirit wolves; 1 fell."
    fn morgue_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let count = |key| ctx.store_get(EntityId::PLAYER, key).unwrap_or(0);
        let (freed, called, fallen) = (count(FREED_KEY), count(rules::CALLED_KEY), count(FALLEN_KEY));
        Ok(rules::morgue(freed, called, fallen).into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, Point};

    fn with_captive() -> (TestGame, EntityId) {
        let mut game = TestGame::new(8, 6);
        let goblin = game.add_monster("captive_goblin", Point::new(2, 1), 15, Damage::new(2, 5), SHACKLED_BRAIN);
        (game, goblin)
    }

    #[test]
    fn walking_into_a_captive_asks_and_takes_no_turn() {
        let (mut game, goblin) = with_captive();
        assert!(!AlliesHooks.bump(&mut game.ctx(), goblin).unwrap());
        let name = game.get(goblin).unwrap().name.to_string();
        assert_eq!(game.asked, [(format!("Free the captive {name}?"), format!("free {}", goblin.0))]);
    }

    #[test]
    fn the_panel_names_its_own_allies_and_others_on_the_player_s_side_only_in_view() {
        let (mut game, goblin) = with_captive();
        let prisoner = game.add_monster("goblin", Point::new(6, 4), 9, Damage::new(1, 4), "melee");
        game.sides.insert(prisoner, PLAYER_SIDE.to_string());
        game.hidden.insert(Point::new(6, 4));
        assert!(AlliesHooks.panel_lines(&mut game.ctx()).unwrap().is_empty(), "the prisoner is out of view");
        assert!(AlliesHooks.answered(&mut game.ctx(), &rules::free_topic(goblin), true).unwrap());
        // The freed goblin is named wherever it is, its health only in
        // sight; the prisoner once in view.
        assert_eq!(AlliesHooks.panel_lines(&mut game.ctx()).unwrap(), ["Allies (1):", " captive_goblin 15/15"]);
        game.hidden.insert(Point::new(2, 1));
        assert_eq!(
            AlliesHooks.panel_lines(&mut game.ctx()).unwrap(),
            ["Allies (1):", " captive_goblin (out of sight)"]
        );
        game.hidden.clear();
        assert_eq!(AlliesHooks.panel_lines(&mut game.ctx()).unwrap()[0], "Allies (2):");
    }

    #[test]
    fn walking_into_any_other_monster_is_left_to_the_next_plugin() {
        let mut game = TestGame::new(8, 6);
        let orc = game.add_monster("orc", Point::new(2, 1), 14, Damage::new(2, 5), "melee");
        assert!(!AlliesHooks.bump(&mut game.ctx(), orc).unwrap());
        assert!(game.asked.is_empty());
    }

    #[test]
    fn yes_frees_it_onto_the_players_side_and_takes_the_turn() {
        let (mut game, goblin) = with_captive();
        assert!(AlliesHooks.answered(&mut game.ctx(), &rules::free_topic(goblin), true).unwrap());
        assert_eq!(game.side(goblin), PLAYER_SIDE);
        assert_eq!(game.brains.get(&goblin).map(String::as_str), Some(ALLY_BRAIN));
        assert_eq!(game.store.get(&(EntityId::PLAYER, FREED_KEY.to_string())), Some(&1));
        // Asked again (a stale answer), nothing more happens.
        assert!(!AlliesHooks.answered(&mut game.ctx(), &rules::free_topic(goblin), true).unwrap());
        assert_eq!(game.store.get(&(EntityId::PLAYER, FREED_KEY.to_string())), Some(&1));
    }

    #[test]
    fn no_leaves_it_shackled_and_takes_no_turn() {
        let (mut game, goblin) = with_captive();
        assert!(!AlliesHooks.answered(&mut game.ctx(), &rules::free_topic(goblin), false).unwrap());
        assert_ne!(game.side(goblin), PLAYER_SIDE);
        assert_eq!(game.brains.get(&goblin).map(String::as_str), Some(SHACKLED_BRAIN));
        assert!(game.messages[0].contains("in its shackles"), "{:?}", game.messages);
    }

    #[test]
    fn a_fallen_ally_is_counted_once_and_the_morgue_tells() {
        let (mut game, goblin) = with_captive();
        AlliesHooks.answered(&mut game.ctx(), &rules::free_topic(goblin), true).unwrap();
        let death = Death {
            victim: goblin,
            victim_kind: "captive_goblin".into(),
            victim_name: "captive_goblin#1".into(),
            at: Point::new(2, 1),
            killer: None.into(),
            killer_kind: "".into(),
            how: "melee".into(),
            killed_by: "an orc".into(),
        };
        AlliesHooks.died(&mut game.ctx(), &death).unwrap();
        AlliesHooks.died(&mut game.ctx(), &death).unwrap();
        assert_eq!(game.store.get(&(EntityId::PLAYER, FALLEN_KEY.to_string())), Some(&1));
        assert_eq!(AlliesHooks.morgue_lines(&mut game.ctx()).unwrap(), ["Allies: freed 1 captive; 1 fell."]);
    }

    #[test]
    fn the_panel_lists_the_allies_with_their_health() {
        let (mut game, goblin) = with_captive();
        assert!(AlliesHooks.panel_lines(&mut game.ctx()).unwrap().is_empty(), "a captive is no ally yet");
        AlliesHooks.answered(&mut game.ctx(), &rules::free_topic(goblin), true).unwrap();
        let lines = AlliesHooks.panel_lines(&mut game.ctx()).unwrap();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[1].ends_with(" 15/15"), "{lines:?}");
    }

    fn jackal_killed_by(game: &mut TestGame, killer: EntityId) {
        let jackal = game.add_monster("jackal", Point::new(5, 4), 5, Damage::new(1, 3), "melee");
        let death = Death::new(jackal, "jackal", Point::new(5, 4)).by(killer, "spirit_wolf", "melee", "a spirit wolf");
        game.creatures.retain(|c| c.id != jackal);
        AlliesHooks.died(&mut game.ctx(), &death).unwrap();
    }

    #[test]
    fn an_ally_s_kills_make_it_grow_at_the_threshold_once() {
        let mut game = TestGame::new(8, 6).with_settings_of(crate::register);
        game.add_monster_record(emberdeep_api::testing::monster_record("jackal", "jackal", 'j', 5, Damage::new(1, 3)));
        let wolf = game.add_monster("spirit_wolf", Point::new(2, 1), 10, Damage::new(2, 4), ALLY_BRAIN);
        game.sides.insert(wolf, PLAYER_SIDE.to_string());
        jackal_killed_by(&mut game, wolf);
        assert_eq!(game.store.get(&(wolf, XP_KEY.to_string())), Some(&8));
        assert!(game.messages.is_empty(), "8 is short of 10");
        jackal_killed_by(&mut game, wolf);
        let grown = game.get(wolf).unwrap().clone();
        assert_eq!((grown.max_hp, grown.hp, grown.damage), (14, 14, Damage::new(3, 5)));
        assert_eq!(game.messages, ["Your spirit_wolf grows stronger (level 2)."]);
        assert_eq!(game.events.iter().filter(|(name, _)| name == "ally_grew").count(), 1);
        jackal_killed_by(&mut game, wolf);
        assert_eq!(game.messages.len(), 1, "24 is short of 30: no second level");
        assert_eq!(level_of(&game.ctx(), wolf), 2);
        assert_eq!(AlliesHooks.panel_lines(&mut game.ctx()).unwrap(), ["Allies (1):", " spirit_wolf L2 14/14"]);
    }

    #[test]
    fn the_player_s_kills_and_other_brains_kills_give_no_ally_anything() {
        let mut game = TestGame::new(8, 6).with_settings_of(crate::register);
        game.add_monster_record(emberdeep_api::testing::monster_record("jackal", "jackal", 'j', 5, Damage::new(1, 3)));
        let orc = game.add_monster("orc", Point::new(2, 1), 14, Damage::new(2, 5), "melee");
        jackal_killed_by(&mut game, orc);
        jackal_killed_by(&mut game, EntityId::PLAYER);
        assert!(game.store.keys().all(|(_, key)| key != XP_KEY), "{:?}", game.store);
    }
}
