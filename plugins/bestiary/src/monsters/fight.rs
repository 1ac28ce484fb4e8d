//! What the monsters' brains share: a blow, the fight of a `melee`
//! monster, and the target.

use emberdeep_api::{blow_damage, with_article, Attack, CreatureInfo, Ctx, EntityId};

/// The brain a bestiary monster fights with, registered by core_combat.
pub const MELEE: &str = "melee";

/// The nearest enemy `me` sees, as it stands now.
pub fn target(ctx: &mut Ctx<'_>, me: EntityId) -> Option<CreatureInfo> {
    let id = ctx.nearest_enemy(me)?;
    ctx.creature(id)
}

/// `attacker` strikes `target` once: its blow less the target's defense,
/// never less than 1. Returns whether the target died.
pub fn strike(ctx: &mut Ctx<'_>, attacker: &CreatureInfo, target: &CreatureInfo) -> bool {
    let roll = ctx.roll_damage(attacker.damage);
    let dealt = blow_damage(roll, target.defense);
    let killer = with_article(attacker.name.as_str());
    ctx.attack(Attack::melee(attacker.id, target.id, dealt, &killer))
}

/// Fights as a `melee` monster does (core_combat's brain); should it be
/// missing, strikes the nearest enemy next to it, steps toward one it
/// sees, or wanders.
pub fn fight(ctx: &mut Ctx<'_>, me: EntityId) {
    if ctx.run_brain(me, MELEE) {
        return;
    }
    let Some(this) = ctx.creature(me) else { return };
    match target(ctx, me) {
        Some(t) if this.pos.is_adjacent(t.pos) => {
            strike(ctx, &this, &t);
        }
        Some(t) => {
            if let Some(step) = ctx.step_toward(me, t.pos) {
                ctx.move_creature(me, step);
            }
        }
        None => {
            ctx.wander(me);
        }
    }
}

/// A creature's stored id (a leader, a summoner), if it is still alive.
pub fn stored_creature(ctx: &mut Ctx<'_>, me: EntityId, key: &str) -> Option<CreatureInfo> {
    let id = ctx.store_get(me, key)?;
    let id = u32::try_from(id).ok()?;
    ctx.creature(EntityId(id))
}
