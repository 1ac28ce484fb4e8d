//! The potions: haste, descent, detect monsters, restore and vigor.

use emberdeep_api::{Ctx, EntityId, ItemEffect, ItemUse, MessageKind, PluginResult, UseOutcome};

use super::rules::{fact, restore_message, restored_max_hp, sense_message, turns, DRAINED_KEY, HASTED, SENSING};

/// `haste`: the player is hasted for the record's `turns` (the monsters act
/// on every other turn only meanwhile).
pub struct Haste;

impl ItemEffect for Haste {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let turns = turns(|n| item.param(n), 20);
        ctx.add_status(EntityId::PLAYER, HASTED, turns);
        ctx.message("The world slows around you: you are hasted.", MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        Ok(fact(&p, "lasts", |t| format!("Two actions to the monsters' one, for {t} turns.")).into_iter().collect())
    }
}

/// `descent`: the player sinks to the next floor once the drink is done;
/// on the deepest floor the potion is not drunk.
pub struct Descent;

impl ItemEffect for Descent {
    fn use_item(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        if !ctx.descend("The potion tastes of earth; the floor gives way beneath you.") {
            ctx.message("The ground below is solid rock all the way down: you keep the potion.", MessageKind::Info);
            return Ok(UseOutcome::NoTurn);
        }
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Takes you down one floor at once; the monsters act again there.".to_string()])
    }
}

/// `detect_monsters`: the player senses every monster of the floor for the
/// record's `turns`.
pub struct DetectMonsters;

impl ItemEffect for DetectMonsters {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let turns = turns(|n| item.param(n), 30);
        ctx.add_status(EntityId::PLAYER, SENSING, turns);
        let count = ctx.floor_creatures().iter().filter(|c| !c.id.is_player()).count();
        ctx.message(&sense_message(count), MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        Ok(fact(&p, "lasts", |t| format!("Shows every monster of the floor for {t} turns.")).into_iter().collect())
    }
}

/// The statuses of this plugin a potion of restore leaves on the player.
const BOONS: [&str; 2] = [HASTED, SENSING];

/// `restore`: gives back the maximum health drained, ends every status on
/// the player but this plugin's boons, and heals the record's `heal`.
pub struct Restore;

impl ItemEffect for Restore {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let me = ctx.player()?;
        let drained = ctx.store_get(EntityId::PLAYER, DRAINED_KEY).unwrap_or(0).max(0);
        if drained > 0 {
            ctx.set_max_hp(EntityId::PLAYER, restored_max_hp(me.max_hp, drained));
            ctx.store_remove(EntityId::PLAYER, DRAINED_KEY);
        }
        let ailments: Vec<String> = ctx
            .statuses(EntityId::PLAYER)
            .into_iter()
            .map(|s| s.name.to_string())
            .filter(|name| !BOONS.contains(&name.as_str()))
            .collect();
        for name in &ailments {
            ctx.remove_status(EntityId::PLAYER, name);
        }
        ctx.heal(EntityId::PLAYER, item.param_or("mends", 5).clamp(0, 1000) as i32);
        ctx.message(&restore_message(drained, ailments.len()), MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        let mut lines = vec!["Gives back all maximum health drained, and ends what ails you.".to_string()];
        lines.extend(fact(&p, "mends", |h| format!("Heals {h}.")));
        Ok(lines)
    }
}

/// `vigor`: the maximum health grows by the record's `gain`, and the
/// player is healed to it.
pub struct Vigor;

impl ItemEffect for Vigor {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let me = ctx.player()?;
        let gain = item.param_or("gain", 2).clamp(0, 100) as i32;
        ctx.set_max_hp(EntityId::PLAYER, me.max_hp.saturating_add(gain));
        ctx.heal(EntityId::PLAYER, i32::MAX);
        ctx.message(&format!("Vigor floods you: +{gain} maximum health, and every wound closes."), MessageKind::Good);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        Ok(fact(&p, "gain", |g| format!("+{g} maximum health for good, and heals you fully.")).into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, Point};

    #[test]
    fn haste_and_detection_put_their_status_on_the_player_for_the_records_turns() {
        let mut game = TestGame::new(12, 8);
        let haste = game.item_use("potion_of_haste", &[("lasts", 20)]);
        assert_eq!(Haste.use_item(&mut game.ctx(), &haste).unwrap(), UseOutcome::Consumed);
        game.add_monster("orc", Point::new(8, 5), 10, Damage::new(1, 2), "melee");
        let detect = game.item_use("potion_of_detect_monsters", &[("lasts", 30)]);
        assert_eq!(DetectMonsters.use_item(&mut game.ctx(), &detect).unwrap(), UseOutcome::Consumed);
        assert!(game.statuses.contains(&(EntityId::PLAYER, HASTED.to_string(), 20)), "{:?}", game.statuses);
        assert!(game.statuses.contains(&(EntityId::PLAYER, SENSING.to_string(), 30)), "{:?}", game.statuses);
        assert_eq!(game.messages.last().unwrap(), "You sense one monster on this floor.");
    }

    #[test]
    fn descent_sends_the_player_down_and_is_kept_on_the_deepest_floor() {
        let mut game = TestGame::new(12, 8);
        let potion = game.item_use("potion_of_descent", &[]);
        assert_eq!(Descent.use_item(&mut game.ctx(), &potion).unwrap(), UseOutcome::Consumed);
        assert_eq!(game.descents.len(), 1);
        game.deepest = true;
        assert_eq!(Descent.use_item(&mut game.ctx(), &potion).unwrap(), UseOutcome::NoTurn);
        assert_eq!(game.descents.len(), 1);
    }

    #[test]
    fn restore_gives_back_the_drained_health_and_cures_all_but_the_boons() {
        let mut game = TestGame::new(12, 8);
        game.creatures[0].max_hp = 24;
        game.creatures[0].hp = 10;
        game.store.insert((EntityId::PLAYER, DRAINED_KEY.to_string()), 6);
        game.statuses.push((EntityId::PLAYER, "poisoned".into(), 5));
        game.statuses.push((EntityId::PLAYER, HASTED.into(), 5));
        let potion = game.item_use("potion_of_restore", &[("mends", 5)]);
        assert_eq!(Restore.use_item(&mut game.ctx(), &potion).unwrap(), UseOutcome::Consumed);
        assert_eq!((game.player().max_hp, game.player().hp), (30, 15));
        assert_eq!(game.store.get(&(EntityId::PLAYER, DRAINED_KEY.to_string())), None);
        assert_eq!(game.statuses, [(EntityId::PLAYER, HASTED.to_string(), 5)]);
    }

    #[test]
    fn vigor_raises_the_maximum_and_heals_fully() {
        let mut game = TestGame::new(12, 8);
        game.creatures[0].hp = 3;
        let potion = game.item_use("potion_of_vigor", &[("gain", 2)]);
        Vigor.use_item(&mut game.ctx(), &potion).unwrap();
        assert_eq!((game.player().max_hp, game.player().hp), (32, 32));
    }
}
