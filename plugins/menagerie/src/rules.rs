//! What the menagerie's brains and hooks share: names, settings, a blow,
//! the fight of a `melee` monster, and small arithmetic.

use emberdeep_api::terrain_traits::{DEEP, LIQUID};
use emberdeep_api::{blow_damage, with_article, Attack, CreatureInfo, Ctx, EntityId, Point, DIRECTIONS};

/// Warded: the store's [`WARD_KEY`] points soak up blows.
pub const WARDED: &str = "warded";
/// Quickened: a monster acts twice a turn.
pub const QUICKENED: &str = "quickened";
/// Weakened: its melee blows deal less.
pub const WEAKENED: &str = "weakened";
/// Held: cannot step away (a bog monster's grip), and drowns.
pub const HELD: &str = "held";
/// In its shell: a turtle that takes half and does nothing.
pub const SHELLED: &str = "shelled";
/// Stiffened: a basilisk's gaze; turns lost.
pub const STIFFENED: &str = "stiffened";

/// A creature's store: the ward points it has left.
pub const WARD_KEY: &str = "menagerie_ward";
/// A caster's store: the turn it may cast (or blink, or gaze) again.
pub const READY_KEY: &str = "menagerie_ready";
/// A dire wolf's store: 1 once it has howled.
pub const HOWLED_KEY: &str = "menagerie_howled";
/// A lurker's store: 1 while its next blow is from ambush.
pub const AMBUSH_KEY: &str = "menagerie_ambush";
/// A centipede's store: 1 while it gathers itself after a step.
pub const RESTING_KEY: &str = "menagerie_resting";

/// A bog monster's or lurker's store: 1 once it has hidden.
pub const SUNK_KEY: &str = "menagerie_sunk";

/// The bog monster's record id.
pub const BOG_KIND: &str = "bog_monster";

/// The plugin's settings: name, default, least, most.
pub const SETTINGS: [(&str, i64, i64, i64); 25] = [
    ("ward_points", 8, 0, 1000),
    ("ward_turns", 8, 1, 100),
    ("ward_every", 6, 1, 1000),
    ("quicken_turns", 6, 1, 100),
    ("quicken_every", 8, 1, 1000),
    ("mend_amount", 8, 0, 1000),
    ("mend_every", 4, 1, 1000),
    ("caster_range", 7, 1, 30),
    ("flee_percent", 40, 0, 100),
    ("flee_mend_every", 3, 1, 1000),
    ("bog_first_floor", 4, 1, 1000),
    ("bog_percent", 50, 0, 100),
    ("bog_pool_cells", 8, 1, 10000),
    ("hold_turns", 3, 1, 50),
    ("drown_damage", 2, 0, 100),
    ("weaken_turns", 10, 1, 100),
    ("weaken_by", 2, 0, 100),
    ("blink_every", 4, 1, 1000),
    ("blink_range", 5, 2, 12),
    ("howl_range", 10, 1, 60),
    ("thorn_min", 1, 0, 100),
    ("thorn_max", 3, 0, 100),
    ("gaze_every", 7, 1, 1000),
    ("gaze_turns", 1, 1, 20),
    ("shell_turns", 3, 1, 20),
];

/// A setting's value as an `i32`.
pub fn setting(ctx: &Ctx<'_>, key: &str) -> i32 {
    ctx.setting_value(key) as i32
}

/// The eight cells round `p`, in the api's fixed order.
pub fn around(p: Point) -> impl Iterator<Item = Point> {
    DIRECTIONS.iter().map(move |&(dx, dy)| p.offset(dx, dy))
}

/// Whether `at` is deep water: walkable, with the traits `liquid` and `deep`.
pub fn is_deep_water(ctx: &mut Ctx<'_>, at: Point) -> bool {
    ctx.terrain_has(at, DEEP) && ctx.terrain_has(at, LIQUID) && ctx.is_walkable(at)
}

/// The nearest enemy `me` sees.
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

/// Fights as core_combat's `melee` brain; should it be missing, strikes an
/// enemy beside it, steps toward one it sees, or wanders.
pub fn fight(ctx: &mut Ctx<'_>, me: EntityId) {
    if ctx.run_brain(me, "melee") {
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

/// Whether a store's "ready" turn has come.
pub fn ready(ctx: &Ctx<'_>, me: EntityId) -> bool {
    ctx.store_get(me, READY_KEY).unwrap_or(0) <= ctx.turn() as i64
}

/// Sets `me`'s next ready turn `every` turns from now.
pub fn wait_for(ctx: &mut Ctx<'_>, me: EntityId, every: i32) {
    let next = ctx.turn() as i64 + i64::from(every);
    ctx.store_set(me, READY_KEY, next);
}

/// Whether a creature of `hp` out of `max_hp` is below `percent` in 100.
pub fn below(hp: i32, max_hp: i32, percent: i32) -> bool {
    i64::from(hp) * 100 < i64::from(max_hp) * i64::from(percent)
}

/// What a ward of `points` leaves of a blow of `damage`: the blow after
/// the ward, and the points left.
pub fn soak(damage: i32, points: i32) -> (i32, i32) {
    let taken = damage.min(points).max(0);
    (damage - taken, points - taken)
}

/// A weakened creature's blow: `by` less, never below 1 (0 stays 0).
pub fn weakened_blow(damage: i32, by: i32) -> i32 {
    if damage <= 0 {
        damage
    } else {
        (damage - by).max(1)
    }
}

/// How many bog monsters a pool of `cells` deep-water cells holds: one
/// from `least` cells, two from four times that.
pub fn bogs_for(cells: usize, least: usize) -> usize {
    if cells < least.max(1) {
        0
    } else if cells >= least.max(1) * 4 {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ward_soaks_blows_until_its_points_are_spent() {
        assert_eq!(soak(5, 8), (0, 3));
        assert_eq!(soak(5, 3), (2, 0));
        assert_eq!(soak(0, 3), (0, 3));
    }

    #[test]
    fn a_weakened_blow_is_smaller_but_still_lands() {
        assert_eq!(weakened_blow(5, 2), 3);
        assert_eq!(weakened_blow(2, 2), 1);
        assert_eq!(weakened_blow(0, 2), 0);
    }

    #[test]
    fn flight_and_pools_count_as_the_page_says() {
        assert!(below(3, 10, 40));
        assert!(!below(4, 10, 40));
        assert_eq!(bogs_for(7, 8), 0);
        assert_eq!(bogs_for(8, 8), 1);
        assert_eq!(bogs_for(32, 8), 2);
    }
}
