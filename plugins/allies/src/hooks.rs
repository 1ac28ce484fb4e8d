//! The hooks: walking into a captive asks to free it, the answer frees it
//! or not, a fallen ally is counted, and the side panel and the morgue
//! tell of the allies.

use emberdeep_api::{Ctx, Death, EntityId, Hooks, MessageKind, PluginResult, PLAYER_SIDE};

use crate::rules::{self, ALLY_BRAIN, FALLEN_KEY, FREED_KEY, IDS_KEY, SHACKLED_BRAIN};

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

    /// An ally of this plugin died: counted for the morgue.
    fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
        if !death.victim.is_player() && forget_ally(ctx, death.victim) {
            add_count(ctx, FALLEN_KEY, 1);
        }
        Ok(())
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
        let allies: Vec<rules::PanelAlly> = on_side
            .into_iter()
            .filter_map(|(id, seen)| ctx.creature(id).map(|c| (c, seen)))
            .map(|(c, seen)| (c.name.to_string(), seen.then_some((c.hp, c.max_hp))))
            .collect();
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
}
