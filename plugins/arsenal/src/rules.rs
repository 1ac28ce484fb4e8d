//! The pure numbers of arsenal: what a level gives, how long a recharge
//! takes, and how an item's level is written. Nothing here reads the game,
//! so all of it is tested directly.

use emberdeep_api::Damage;

/// An item's store key: its level (a staff's, a ring's, a charm's, or the
/// enchantment of a weapon or armor).
pub const LEVEL: &str = "arsenal_level";
/// The same key, as declared.
pub const LEVEL_KEY_DECLARED: &str = LEVEL;
/// A staff's store key: the charges it holds now.
pub const CHARGES: &str = "arsenal_charges";
/// A staff's or charm's store key: tenths of a turn still to wait before
/// the next charge (a staff) or before it can be used again (a charm).
pub const WAIT: &str = "arsenal_wait";
/// A ring's store key: 1 while it is worn.
pub const WORN: &str = "arsenal_worn";

/// The most a level can reach, up or down.
pub const MOST_LEVEL: i64 = 20;
/// Tenths of a turn a wait can hold at most.
pub const MOST_WAIT: i64 = 1_000_000;

/// The staffs, by the effect their records name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bolt {
    /// Fire at the first creature on the line.
    Firebolt,
    /// Lightning through every creature on the line.
    Lightning,
    /// The zapper blinks along the line.
    Blinking,
    /// The first creature stands spellbound.
    Entrancement,
    /// Crystal grows where the bolt ends.
    Obstruction,
    /// The first creature acts every other turn.
    Slowness,
    /// The first creature is healed.
    HealingOther,
}

impl Bolt {
    /// Every staff, in the order the rules page lists them.
    pub const ALL: [Bolt; 7] = [
        Bolt::Firebolt,
        Bolt::Lightning,
        Bolt::Blinking,
        Bolt::Entrancement,
        Bolt::Obstruction,
        Bolt::Slowness,
        Bolt::HealingOther,
    ];

    /// The effect name its records use.
    pub fn effect(self) -> &'static str {
        match self {
            Bolt::Firebolt => "staff_firebolt",
            Bolt::Lightning => "staff_lightning",
            Bolt::Blinking => "staff_blinking",
            Bolt::Entrancement => "staff_entrancement",
            Bolt::Obstruction => "staff_obstruction",
            Bolt::Slowness => "staff_slowness",
            Bolt::HealingOther => "staff_healing_other",
        }
    }

    /// The damage its bolt deals at `level` (firebolt and lightning only).
    pub fn damage(self, level: i64) -> Option<Damage> {
        let l = level.clamp(1, MOST_LEVEL) as i32;
        match self {
            Bolt::Firebolt => Some(Damage::new(2 + 2 * l, 4 + 3 * l)),
            Bolt::Lightning => Some(Damage::new(1 + 2 * l, 3 + 2 * l)),
            _ => None,
        }
    }

    /// How many turns what it does lasts at `level` (entrancement,
    /// obstruction, slowness), or how many cells a blink goes.
    pub fn lasting(self, level: i64) -> i32 {
        let l = level.clamp(1, MOST_LEVEL) as i32;
        match self {
            Bolt::Blinking => 2 + 2 * l,
            Bolt::Entrancement => 1 + 2 * l,
            Bolt::Obstruction => 10 + 5 * l,
            Bolt::Slowness => 2 + 2 * l,
            Bolt::HealingOther => 5 + 5 * l,
            Bolt::Firebolt | Bolt::Lightning => 0,
        }
    }

    /// The crystal's reach around the bolt's end, at `level`.
    pub fn crystal_radius(level: i64) -> i32 {
        1 + (level.clamp(1, MOST_LEVEL) as i32) / 2
    }
}

/// A staff's turns for one charge at `level`, from the setting for level 1:
/// `base / level`, never under 5.
pub fn staff_turns(base: i64, level: i64) -> i64 {
    (base / level.max(1)).max(5)
}

/// A charm's turns of rest at `level`: the record's `recharge` at level 1,
/// `step` percent fewer for each level above, compounding, never under 10.
pub fn charm_turns(recharge: i64, step: i64, level: i64) -> i64 {
    let mut turns = recharge.max(1);
    for _ in 1..level.clamp(1, MOST_LEVEL) {
        turns = turns * (100 - step.clamp(0, 90)) / 100;
    }
    turns.max(10)
}

/// Tenths of a turn a wait goes down by in one turn, with rings of wisdom
/// of total level `wisdom` worn: 10, and 3 more for each level (3 fewer for
/// each cursed one, never under 2).
pub fn tick(wisdom: i64) -> i64 {
    (10 + 3 * wisdom.clamp(-MOST_LEVEL, MOST_LEVEL)).max(2)
}

/// How a level is written before a name: "+2", "-1", "+0".
pub fn signed(level: i64) -> String {
    if level < 0 {
        format!("{level}")
    } else {
        format!("+{level}")
    }
}

/// What a staff's suffix shows: "[2/3]" (charges of level).
pub fn staff_suffix(charges: i64, level: i64) -> String {
    format!("[{charges}/{level}]")
}

/// Turns between two heals of a ring of regeneration at `level` (none
/// below 1): 12 / level, never under 1.
pub fn regeneration_every(level: i64) -> Option<u64> {
    (level >= 1).then(|| (12 / level).max(1) as u64)
}

/// The ward a charm of protection gives at `level`.
pub fn ward(level: i64) -> i64 {
    3 + 4 * level.clamp(1, MOST_LEVEL)
}

/// What a charm of health heals at `level`.
pub fn charm_heal(level: i64) -> i32 {
    6 + 6 * level.clamp(1, MOST_LEVEL) as i32
}

/// A blow of `damage` against armor enchanted `plus`: each level takes one
/// off (a cursed one adds), never below 1 for a blow that did harm.
pub fn against_armor(damage: i32, plus: i64) -> i32 {
    if damage <= 0 {
        return damage;
    }
    (i64::from(damage) - plus.clamp(-MOST_LEVEL, MOST_LEVEL)).max(1) as i32
}

/// A blow of `damage` with a weapon enchanted `plus`: each level adds one
/// (a cursed one takes one off), never below 1.
pub fn with_weapon(damage: i32, plus: i64) -> i32 {
    if damage <= 0 {
        return damage;
    }
    (i64::from(damage) + plus.clamp(-MOST_LEVEL, MOST_LEVEL)).max(1) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staff_recharges_faster_at_higher_levels_and_never_too_fast() {
        assert_eq!(staff_turns(200, 1), 200);
        assert_eq!(staff_turns(200, 2), 100);
        assert_eq!(staff_turns(200, 3), 66);
        assert_eq!(staff_turns(200, 100), 5);
        assert_eq!(staff_turns(200, 0), 200, "a level under 1 counts as 1");
    }

    #[test]
    fn a_charm_rests_less_at_each_level() {
        assert_eq!(charm_turns(250, 20, 1), 250);
        assert_eq!(charm_turns(250, 20, 2), 200);
        assert_eq!(charm_turns(250, 20, 3), 160);
        assert_eq!(charm_turns(250, 20, 20), 10);
    }

    #[test]
    fn wisdom_speeds_the_wait_and_a_cursed_ring_slows_it() {
        assert_eq!(tick(0), 10);
        assert_eq!(tick(2), 16);
        assert_eq!(tick(-2), 4);
        assert_eq!(tick(-10), 2);
    }

    #[test]
    fn levels_are_written_with_their_sign() {
        assert_eq!(signed(2), "+2");
        assert_eq!(signed(0), "+0");
        assert_eq!(signed(-1), "-1");
        assert_eq!(staff_suffix(1, 3), "[1/3]");
    }

    #[test]
    fn enchanted_armor_and_weapons_change_a_blow_by_their_level() {
        assert_eq!(against_armor(5, 2), 3);
        assert_eq!(against_armor(2, 3), 1, "never below 1");
        assert_eq!(against_armor(4, -1), 5, "a cursed armor lets more through");
        assert_eq!(against_armor(0, 2), 0, "a miss stays a miss");
        assert_eq!(with_weapon(4, 2), 6);
        assert_eq!(with_weapon(1, -3), 1);
    }

    #[test]
    fn the_bolts_grow_with_their_level() {
        assert_eq!(Bolt::Firebolt.damage(2), Some(Damage::new(6, 10)));
        assert_eq!(Bolt::Lightning.damage(3), Some(Damage::new(7, 9)));
        assert_eq!(Bolt::Blinking.damage(3), None);
        assert_eq!(Bolt::Entrancement.lasting(2), 5);
        assert_eq!(Bolt::Slowness.lasting(2), 6);
        assert_eq!(Bolt::crystal_radius(3), 2);
        assert_eq!(regeneration_every(2), Some(6));
        assert_eq!(regeneration_every(0), None);
        assert_eq!(ward(2), 11);
    }
}
