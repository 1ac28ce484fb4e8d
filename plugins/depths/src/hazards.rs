//! Chasms and lava: what they do to whoever walks in, what they do to
//! whoever is left on them when the ground changes (a bridge burnt, a
//! levitation ended, a shove), and the player's refusal to walk into lava.

use emberdeep_api::terrain_traits::DEADLY;
use emberdeep_api::{Attack, Ctx, EntityId, FieldValue, MessageKind, PluginResult, Point, TerrainCode, Vetoes};

use crate::rules;

/// Whether `who` flies now (a record with `flies`, or levitating). An
/// older host has no fliers.
pub fn flies(ctx: &mut Ctx<'_>, who: EntityId) -> bool {
    ctx.flies(who).unwrap_or(false)
}

/// The chasm: whoever walks in falls through.
pub struct Chasm;

impl TerrainCode for Chasm {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        fall(ctx, who, at);
        Ok(())
    }
}

/// Lava: whoever walks in burns.
pub struct Lava;

impl TerrainCode for Lava {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        burn(ctx, who, at);
        Ok(())
    }
}

/// The `plunge` event: who fell or burnt, where, and how.
fn plunge(ctx: &mut Ctx<'_>, name: &str, at: Point, how: &str) {
    let fields: [(&str, FieldValue); 4] =
        [("creature", name.into()), ("x", at.x.into()), ("y", at.y.into()), ("into", how.into())];
    ctx.event(rules::PLUNGE, &fields);
}

/// `who` falls into the chasm at `at` unless it flies: the player is hurt
/// for 1-3 and, alive, lands on the floor below; a monster is gone from
/// the floor. Whether it fell.
pub fn fall(ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> bool {
    if flies(ctx, who) {
        return false;
    }
    let Some(them) = ctx.creature(who) else { return false };
    plunge(ctx, them.trace_name.as_str(), at, "chasm");
    if who.is_player() {
        let dealt = ctx.roll_damage(rules::FALL);
        let hurt = Attack::new(who, who, "fall").hit_for(dealt).with_killer("a fall into a chasm");
        if ctx.attack(hurt.with_message(&rules::fall_line(dealt))) {
            return true;
        }
        if !ctx.descend(rules::LANDED) {
            // The deepest floor has nothing below: the player climbs out.
            ctx.say("You catch the chasm's lip and climb out.");
        }
        return true;
    }
    if ctx.is_visible(at) {
        ctx.message(&rules::monster_falls(them.name.as_str()), MessageKind::Info);
    }
    ctx.remove(who);
    true
}

/// `who` burns in the lava at `at` unless it flies. Whether it burnt.
pub fn burn(ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> bool {
    if flies(ctx, who) {
        return false;
    }
    let Some(them) = ctx.creature(who) else { return false };
    plunge(ctx, them.trace_name.as_str(), at, "lava");
    // No armor helps: the harm is the whole of its health and more.
    let mut burning = Attack::new(who, who, "burn").hit_for(them.hp.max(1) + them.max_hp).with_killer("lava");
    if who.is_player() {
        burning = burning.with_message(rules::PLAYER_BURNS);
    } else if ctx.is_visible(at) {
        burning = burning.with_message(&rules::monster_burns(them.name.as_str()));
    }
    ctx.attack(burning);
    true
}

/// What befalls `who`, standing on `at`, if the terrain there is deadly
/// and it does not fly: the chasm's fall or the lava's burning (by this
/// plugin's terrains; another plugin's deadly terrain is its own to rule).
pub fn befall(ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> bool {
    if !ctx.terrain_has(at, DEADLY) {
        return false;
    }
    match ctx.terrain_at(at).as_str() {
        rules::CHASM => fall(ctx, who, at),
        rules::LAVA => burn(ctx, who, at),
        _ => false,
    }
}

/// At the end of every turn, whoever stands on a chasm or lava without
/// flying meets it: the ground changed under it (a bridge burnt away, a
/// levitation ended, a shove), since a step in meets it at once.
pub fn sweep(ctx: &mut Ctx<'_>) {
    for c in ctx.floor_creatures() {
        befall(ctx, c.id, c.pos);
    }
}

/// The plugin's vetoes: the player does not walk into lava on foot.
pub struct NoLava;

impl Vetoes for NoLava {
    fn may_move(&self, ctx: &mut Ctx<'_>, who: EntityId, _from: Point, to: Point) -> PluginResult<Option<String>> {
        if !who.is_player() || ctx.terrain_at(to) != rules::LAVA || flies(ctx, who) {
            return Ok(None);
        }
        Ok(Some(rules::NO_LAVA.to_string()))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::Damage;

    /// A room that knows the plugin's terrains and the fliers.
    pub(crate) fn room() -> TestGame {
        let mut game = rules::KINDS.iter().fold(TestGame::new(12, 8), |g, k| g.with_terrain(k.name, k.traits));
        game.flying_kinds.insert("vampire_bat".into());
        game.flying_statuses.insert(rules::LEVITATING.into());
        game
    }

    #[test]
    fn the_player_who_walks_into_a_chasm_is_hurt_and_lands_a_floor_down() {
        let mut game = room();
        let at = Point::new(3, 3);
        game.terrain.insert(at, rules::CHASM.into());
        Chasm.entered(&mut game.ctx(), EntityId::PLAYER, at).unwrap();
        assert_eq!(game.descents, [rules::LANDED]);
        assert_eq!(game.floor, 2);
        assert!((1..=3).contains(&game.attacks[0].damage) && game.attacks[0].target == EntityId::PLAYER);
        assert_eq!(game.events[0].0, rules::PLUNGE);
    }

    #[test]
    fn a_monster_that_falls_is_gone_and_a_flier_crosses() {
        let mut game = room();
        let at = Point::new(4, 4);
        game.terrain.insert(at, rules::CHASM.into());
        let goblin = game.add_monster("goblin", at, 5, Damage::new(1, 2), "melee");
        let bat = game.add_monster("vampire_bat", Point::new(5, 4), 5, Damage::new(1, 2), "melee");
        Chasm.entered(&mut game.ctx(), bat, at).unwrap();
        assert!(game.removed.is_empty(), "the bat flies over");
        Chasm.entered(&mut game.ctx(), goblin, at).unwrap();
        assert_eq!(game.removed, [goblin]);
        assert!(game.attacks.is_empty(), "a monster is not hurt: it is gone");
    }

    #[test]
    fn lava_kills_a_walker_and_spares_a_flier() {
        let mut game = room();
        let at = Point::new(4, 4);
        game.terrain.insert(at, rules::LAVA.into());
        let troll = game.add_monster("troll", at, 40, Damage::new(1, 2), "melee");
        let bat = game.add_monster("vampire_bat", Point::new(5, 4), 5, Damage::new(1, 2), "melee");
        Lava.entered(&mut game.ctx(), bat, at).unwrap();
        assert!(game.attacks.is_empty(), "a flier crosses lava unharmed");
        Lava.entered(&mut game.ctx(), troll, at).unwrap();
        assert_eq!(game.attacks.len(), 1);
        assert!(game.attacks[0].damage >= 40, "the whole of its health: {}", game.attacks[0].damage);
        assert!(game.creatures.iter().all(|c| c.id != troll), "the troll is dead");
    }

    #[test]
    fn the_player_walks_into_lava_only_when_levitating() {
        let mut game = room();
        let (from, to) = (Point::new(2, 2), Point::new(3, 2));
        game.terrain.insert(to, rules::LAVA.into());
        let refused = NoLava.may_move(&mut game.ctx(), EntityId::PLAYER, from, to).unwrap();
        assert_eq!(refused.as_deref(), Some(rules::NO_LAVA));
        game.ctx().add_status(EntityId::PLAYER, rules::LEVITATING, 5);
        assert_eq!(NoLava.may_move(&mut game.ctx(), EntityId::PLAYER, from, to).unwrap(), None);
    }

    #[test]
    fn levitation_carries_the_player_over_a_chasm() {
        let mut game = room();
        let at = Point::new(3, 3);
        game.terrain.insert(at, rules::CHASM.into());
        game.ctx().add_status(EntityId::PLAYER, rules::LEVITATING, 5);
        Chasm.entered(&mut game.ctx(), EntityId::PLAYER, at).unwrap();
        assert!(game.descents.is_empty() && game.attacks.is_empty());
        // The levitation ends over the chasm: the turn's end drops the player.
        game.ctx().remove_status(EntityId::PLAYER, rules::LEVITATING);
        game.creatures[0].pos = at;
        sweep(&mut game.ctx());
        assert_eq!(game.descents, [rules::LANDED]);
    }

    #[test]
    fn a_monster_on_a_bridge_that_is_burnt_away_falls() {
        let mut game = room();
        let at = Point::new(6, 4);
        game.terrain.insert(at, rules::BRIDGE.into());
        let goblin = game.add_monster("goblin", at, 5, Damage::new(1, 2), "melee");
        sweep(&mut game.ctx());
        assert!(game.removed.is_empty(), "a bridge holds");
        game.ctx().set_terrain(at, rules::CHASM);
        sweep(&mut game.ctx());
        assert_eq!(game.removed, [goblin]);
    }
}
