//! Lichen: sown by the potion of creeping death, and found on deeper
//! floors. It never moves; it strikes whoever stands beside it, and its
//! touch sickens; now and then it grows onto a free cell beside it.

use emberdeep_api::{Attack, Ctx, EntityId, Hurt, MessageKind, MonsterBrain, PluginResult, Point};

use crate::rules::{around, SICKENED};

/// The lichen's record id (data/perils/monsters.toml).
pub const KIND: &str = "lichen";
/// Its brain.
pub const BRAIN: &str = "lichen";

/// The lichen's brain: it strikes the first enemy beside it (in the api's
/// order of directions); else, one turn in `lichen_spread_every`, while
/// the floor holds fewer than `lichen_most` lichen, it grows onto a random
/// free cell of open ground beside it.
pub struct Lichen;

impl MonsterBrain for Lichen {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let near: Vec<EntityId> = around(this.pos).filter_map(|p| ctx.creature_at(p)).collect();
        let foe = near.into_iter().find(|&id| ctx.are_enemies(me, id));
        if let Some(foe) = foe.and_then(|id| ctx.creature(id)) {
            let roll = ctx.roll_damage(this.damage);
            let dealt = emberdeep_api::blow_damage(roll, foe.defense);
            ctx.attack(Attack::melee(me, foe.id, dealt, "lichen"));
            return Ok(());
        }
        let every = ctx.setting_value("lichen_spread_every") as i32;
        if ctx.roll(1, every.max(1)) != 1 {
            return Ok(());
        }
        let count = ctx.floor_creatures().iter().filter(|c| c.kind.as_str() == KIND).count() as i64;
        if count >= ctx.setting_value("lichen_most") {
            return Ok(());
        }
        let free: Vec<Point> = around(this.pos).filter(|&p| ctx.is_free(p) && ctx.is_open_ground(p)).collect();
        if free.is_empty() {
            return Ok(());
        }
        let at = free[ctx.roll(0, free.len() as i32 - 1) as usize];
        let side = ctx.side_of(me).unwrap_or_default();
        if ctx.spawn(KIND, at, &side).is_some() {
            if ctx.is_visible(at) {
                ctx.say("The lichen spreads.");
            }
            ctx.event("lichen_spread", &[("x", i64::from(at.x).into()), ("y", i64::from(at.y).into())]);
        }
        Ok(())
    }
}

/// A lichen's blow that leaves its target alive sickens it for
/// `sickness_turns` (a new touch sets the count again).
pub fn hurt(ctx: &mut Ctx<'_>, hurt: &Hurt) {
    if hurt.hp_left <= 0 || hurt.how.as_str() != "melee" || hurt.attacker == hurt.target {
        return;
    }
    if ctx.creature(hurt.attacker).is_none_or(|c| c.kind.as_str() != KIND) {
        return;
    }
    let turns = ctx.setting_value("sickness_turns") as i32;
    let fresh = ctx.status_turns(hurt.target, SICKENED).is_none();
    ctx.add_status(hurt.target, SICKENED, turns);
    if fresh && hurt.target.is_player() {
        ctx.message("The lichen's touch leaves spores in the wound: you feel sick.", MessageKind::Danger);
    }
}
