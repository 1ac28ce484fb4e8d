//! The brains of monsters that fight from afar.
//!
//! `keeps_distance` (archers, mages): closer than `keep_min` steps (3), back
//! away down the flee map if it can; else attack from afar if it can; else
//! further than `keep_max` (5), come closer; next to the player (and so
//! cornered), fight; otherwise hold, waiting for the attack to come ready.
//!
//! `ranged_melee` (the dragon): attack from afar when it can, else fight
//! like any monster: strike when next to the player, else come closer.
//!
//! Each fights the nearest enemy it sees: the player, or since sides
//! anyone of another side (named `player` below). Neither sees one: walk to the goal the host keeps (where a kind
//! with the `tracks` trait last saw the player, a noise it heard, where a
//! blow from the player came from), else wander a random step. Every choice is a `tracing` event (`decision`), so
//! the trace shows why a monster did what it did.

use emberdeep_api::{
    blow_damage, with_article, Attack, CreatureInfo, Ctx, EntityId, MonsterBrain, PluginResult, Point,
};

use crate::rules::setting;

/// The brain named `keeps_distance`.
pub struct KeepsDistance;

/// The brain named `ranged_melee`.
pub struct RangedMelee;

impl MonsterBrain for KeepsDistance {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some((monster, player)) = both(ctx, me) else { return Ok(()) };
        let Some(player) = nearest_enemy(ctx, me, player) else {
            search(ctx, me);
            return Ok(());
        };
        let distance = monster.pos.steps_to(player.pos);
        let decision = keep_distance(ctx, &monster, &player);
        tracing::info!(monster = me.0, distance, decision, "keeps_distance");
        Ok(())
    }
}

impl MonsterBrain for RangedMelee {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some((monster, player)) = both(ctx, me) else { return Ok(()) };
        let Some(player) = nearest_enemy(ctx, me, player) else {
            search(ctx, me);
            return Ok(());
        };
        let decision = if ctx.try_ranged(me) {
            "attack_from_afar"
        } else if monster.pos.is_adjacent(player.pos) {
            strike(ctx, &monster, &player);
            "melee"
        } else {
            approach(ctx, me, player.pos);
            "approach"
        };
        tracing::info!(monster = me.0, distance = monster.pos.steps_to(player.pos), decision, "ranged_melee");
        Ok(())
    }
}

/// The monster and the player, if both are there.
fn both(ctx: &mut Ctx<'_>, me: EntityId) -> Option<(CreatureInfo, CreatureInfo)> {
    Some((ctx.creature(me)?, ctx.creature(EntityId::PLAYER)?))
}

/// The nearest enemy `me` sees (the player, or since sides anyone of
/// another side), given the player as already read.
fn nearest_enemy(ctx: &mut Ctx<'_>, me: EntityId, player: CreatureInfo) -> Option<CreatureInfo> {
    match ctx.nearest_enemy(me)? {
        id if id == player.id => Some(player),
        id => ctx.creature(id),
    }
}

/// One turn of keeping distance with the player in sight; returns the choice made.
fn keep_distance(ctx: &mut Ctx<'_>, monster: &CreatureInfo, player: &CreatureInfo) -> &'static str {
    let me = monster.id;
    let distance = monster.pos.steps_to(player.pos);
    if distance < setting(ctx, "keep_min") {
        let away = ctx.step_away(me, player.pos);
        // A step down the flee map that does not bring it closer.
        if let Some(step) = away.filter(|s| s.steps_to(player.pos) >= distance) {
            if ctx.move_creature(me, step) {
                return "back_away";
            }
        }
    }
    if ctx.try_ranged(me) {
        return "attack_from_afar";
    }
    if distance > setting(ctx, "keep_max") {
        approach(ctx, me, player.pos);
        "approach"
    } else if monster.pos.is_adjacent(player.pos) {
        strike(ctx, monster, player);
        "melee"
    } else {
        "hold"
    }
}

/// A step toward `goal`, if one brings it closer.
fn approach(ctx: &mut Ctx<'_>, me: EntityId, goal: Point) {
    if let Some(step) = ctx.step_toward(me, goal) {
        ctx.move_creature(me, step);
    }
}

/// Out of sight of the player: go to the host's goal for it (a tracker's
/// last sight of the player, a noise, a blow's origin), else (an ally far
/// from the player) follow it, else wander one random step (if that way is
/// free; the die is rolled either way).
fn search(ctx: &mut Ctx<'_>, me: EntityId) {
    if let Some(goal) = ctx.hunt_goal(me) {
        approach(ctx, me, goal);
        return;
    }
    if !ctx.follow_player(me) {
        ctx.wander(me);
    }
}

/// A melee blow: the roll less the defender's defense, at least 1, and the
/// fight's noise.
fn strike(ctx: &mut Ctx<'_>, attacker: &CreatureInfo, target: &CreatureInfo) {
    let roll = ctx.roll_damage(attacker.damage);
    let dealt = blow_damage(roll, target.defense);
    ctx.attack(Attack::melee(attacker.id, target.id, dealt, &with_article(attacker.name.as_str())));
    let loudness = setting(ctx, "fight_noise");
    ctx.noise(target.pos, loudness);
}
