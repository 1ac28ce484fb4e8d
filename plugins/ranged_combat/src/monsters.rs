//! Monsters' attacks from afar, the `RangedKind`s a record's `ranged`
//! entry names: `arrows` (can miss, by the same table as the player's;
//! the player's armor counts), `lightning` (never misses, armor ignored)
//! and `fire` (bursts on every cell within 1 of the player: the player and
//! any other creature there burn, the breather never).
//!
//! Each aims at the nearest enemy the monster sees (the player, or since
//! sides anyone of another side; "the player" below), and is used only
//! when ready, in range (steps, a diagonal counting 1)
//! and with a clear shot: the line of fire reaches the player with no wall,
//! closed door or other creature on the way. Readiness is the monster's
//! number store key [`READY`]: the turn from which it may attack from afar
//! again, set to the turn of an attack plus the record's `every`.

use emberdeep_api::{
    blow_damage, Attack, CreatureInfo, Ctx, EntityId, Look, MessageKind, PluginResult, Point, RangedKind, RangedSpec,
    Rgba,
};

use crate::rules::{capitalized, flight_glyph, killer, setting, HitTable};

/// A monster's number store key: the turn it may next attack from afar.
pub const READY: &str = "ranged_ready";
/// The latest turn [`READY`] holds (its declared range's top): a run ends
/// at turn `u32::MAX`, so a monster ready no sooner is never ready again.
pub const MOST_READY: i64 = u32::MAX as i64;

/// The `arrows` ranged kind (archers).
pub struct Arrows;
/// The `lightning` ranged kind (dusk-elf mages).
pub struct Lightning;
/// The `fire` ranged kind (the young red dragon's breath).
pub struct Fire;

/// A monster ready to attack from afar, and the player it aims at.
struct Shot {
    me: CreatureInfo,
    player: CreatureInfo,
    /// The cells from the monster to the player, the player's last.
    path: Vec<Point>,
}

/// The shot monster `me` has now, if it is ready, in range and clear.
fn clear_shot(ctx: &mut Ctx<'_>, me: EntityId, spec: &RangedSpec) -> Option<Shot> {
    let monster = ctx.creature(me)?;
    let player = ctx.creature(EntityId::PLAYER)?;
    // The nearest enemy it sees: the player, or since sides anyone of another side.
    let player = match ctx.nearest_enemy(me)? {
        id if id == player.id => player,
        id => ctx.creature(id)?,
    };
    let ready = ctx.store_get(me, READY).unwrap_or(0);
    let distance = monster.pos.steps_to(player.pos);
    if (ctx.turn() as i64) < ready || distance > spec.range {
        return None;
    }
    let path = ctx.line_of_fire(monster.pos, player.pos, distance);
    let (&last, before) = path.split_last()?;
    let clear = last == player.pos && before.iter().all(|&p| ctx.creature_at(p).is_none());
    if !clear {
        tracing::debug!(monster = me.0, "no clear shot");
        return None;
    }
    let turn = i64::try_from(ctx.turn()).unwrap_or(i64::MAX);
    let ready = turn.saturating_add(spec.every.into()).min(MOST_READY);
    ctx.store_set(me, READY, ready);
    Some(Shot { me: monster, player, path })
}

/// An attack from afar on `target`, from the shot's distance; `kind`
/// names it in the trace and for the death screen ("an archer's arrow").
/// Say how it went and what the log says, then hand it to `ctx.attack`.
fn attack_on(shot: &Shot, target: &CreatureInfo, kind: &str) -> Attack {
    Attack::new(shot.me.id, target.id, kind)
        .with_distance(shot.me.pos.steps_to(target.pos))
        .with_killer(&killer(shot.me.name.as_str(), kind))
}

/// "you", "the wolf", "your spirit wolf" or "the allied goblin": how a
/// message names a creature, as the host's own lines do.
fn target_name(ctx: &mut Ctx<'_>, target: &CreatureInfo) -> String {
    ctx.called(target.id).unwrap_or_else(|| format!("the {}", target.name))
}

/// The fight's noise at the player, after the attack.
fn noise(ctx: &mut Ctx<'_>, at: Point) {
    let loudness = setting(ctx, "fight_noise");
    ctx.noise(at, loudness);
}

impl RangedKind for Arrows {
    fn try_attack(&self, ctx: &mut Ctx<'_>, me: EntityId, spec: &RangedSpec) -> PluginResult<bool> {
        let Some(shot) = clear_shot(ctx, me, spec) else { return Ok(false) };
        let glyph = flight_glyph(shot.me.pos, shot.player.pos);
        let look = Look::new(glyph, Rgba::rgb(200, 180, 140), "arrow_flight");
        ctx.animate(look, &shot.path, &[]);
        let chance = HitTable::from_settings(ctx).chance(shot.me.pos.steps_to(shot.player.pos));
        let name = capitalized(&target_name(ctx, &shot.me));
        let (player, player_pos) = (shot.player.clone(), shot.player.pos);
        let whom = target_name(ctx, &player);
        let arrow = attack_on(&shot, &player, "arrow").with_chance(chance);
        if ctx.roll(1, 100) > chance {
            // A miss flies past in silence: only a hit is heard.
            ctx.attack(arrow.missed().with_message(&format!("{name}'s arrow misses {whom}.")));
        } else {
            let dealt = blow_damage(ctx.roll_damage(spec.damage), player.defense);
            ctx.attack(arrow.hit_for(dealt).with_message(&format!("{name}'s arrow hits {whom} for {dealt}.")));
            noise(ctx, player_pos);
        }
        Ok(true)
    }
}

impl RangedKind for Lightning {
    fn try_attack(&self, ctx: &mut Ctx<'_>, me: EntityId, spec: &RangedSpec) -> PluginResult<bool> {
        let Some(shot) = clear_shot(ctx, me, spec) else { return Ok(false) };
        let look = Look::new('*', Rgba::rgb(150, 200, 255), "bolt");
        ctx.animate(look, &shot.path, &[]);
        let dealt = ctx.roll_damage(spec.damage);
        let name = capitalized(&target_name(ctx, &shot.me));
        let player = shot.player.clone();
        let message = format!("{name} casts lightning at {}, for {dealt}!", target_name(ctx, &player));
        ctx.attack(attack_on(&shot, &player, "lightning").hit_for(dealt).with_chance(100).with_message(&message));
        noise(ctx, player.pos);
        Ok(true)
    }
}

impl RangedKind for Fire {
    fn try_attack(&self, ctx: &mut Ctx<'_>, me: EntityId, spec: &RangedSpec) -> PluginResult<bool> {
        let Some(shot) = clear_shot(ctx, me, spec) else { return Ok(false) };
        let burst = ctx.burst(shot.player.pos, 1);
        let look = Look::new('*', Rgba::rgb(255, 120, 30), "fireball");
        ctx.animate(look, &shot.path, &burst);
        let name = capitalized(&target_name(ctx, &shot.me));
        ctx.message(&format!("{name} breathes fire!"), MessageKind::Danger);
        // Everyone in the burst burns, each for a roll of their own, armor
        // ignored; the breather, standing in it or not, does not.
        for cell in &burst {
            let Some(id) = ctx.creature_at(*cell).filter(|id| *id != me) else { continue };
            let Some(target) = ctx.creature(id) else { continue };
            let dealt = ctx.roll_damage(spec.damage);
            let message = if id.is_player() {
                format!("The fire burns you for {dealt}!")
            } else if dealt >= target.hp {
                format!("The fire kills {}!", target_name(ctx, &target))
            } else {
                format!("The fire burns {} for {dealt}.", target_name(ctx, &target))
            };
            let burn = attack_on(&shot, &target, "fire").hit_for(dealt).with_chance(100);
            ctx.attack(burn.with_message(&capitalized(&message)));
        }
        noise(ctx, shot.player.pos);
        Ok(true)
    }
}
