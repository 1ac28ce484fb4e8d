//! What a skittish monster decides, as plain logic on the numbers its brain
//! reads from the game: tested without one. `lib.rs` reads the game, asks
//! [`plan`], and acts.

/// Store key (number, on the monster): 1 once the monster has been seen to
/// turn and flee, so the log says so once, not every turn it runs.
pub const FLED_KEY: &str = "skittish.fled";

/// What the monster means to do this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Get away from the player.
    Flee,
    /// Do what a `melee` monster does: come at the player and strike.
    Fight,
}

/// Whether a monster with `hp` of `max_hp` is hurt below a third of its
/// health (7 of 24 is, 8 of 24 is not).
pub fn badly_hurt(hp: i32, max_hp: i32) -> bool {
    // Whole numbers only: `hp < max_hp / 3` would round the third down.
    (hp as i64) * 3 < max_hp as i64
}

/// Flee when badly hurt and the player is in sight; otherwise fight. A
/// monster that cannot see the player has nothing to run from, and goes on
/// as `melee` does (to where it last saw or heard the player, or wandering).
pub fn plan(hp: i32, max_hp: i32, sees_player: bool) -> Plan {
    if sees_player && badly_hurt(hp, max_hp) {
        Plan::Flee
    } else {
        Plan::Fight
    }
}

/// "The kobold turns to flee!", the first time it runs.
pub fn flee_line(name: &str) -> String {
    format!("The {name} turns to flee!")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_a_third_is_badly_hurt() {
        assert!(badly_hurt(2, 8), "2 of 8 is a quarter");
        assert!(!badly_hurt(3, 8), "3 of 8 is above a third (2.67)");
        assert!(badly_hurt(7, 24));
        assert!(!badly_hurt(8, 24), "exactly a third is not below it");
        assert!(!badly_hurt(8, 8));
        assert!(badly_hurt(0, 8));
        assert!(!badly_hurt(1, 1));
    }

    #[test]
    fn it_flees_only_what_it_sees() {
        assert_eq!(plan(2, 8, true), Plan::Flee);
        assert_eq!(plan(2, 8, false), Plan::Fight, "nothing in sight to run from");
        assert_eq!(plan(6, 8, true), Plan::Fight, "not hurt enough");
        assert_eq!(plan(8, 8, false), Plan::Fight);
    }

    #[test]
    fn the_line_reads_well() {
        assert_eq!(flee_line("skittish kobold"), "The skittish kobold turns to flee!");
    }
}
