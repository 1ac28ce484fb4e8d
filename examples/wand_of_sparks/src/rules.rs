//! The wand's numbers and words, kept apart from the game so that they are
//! tested without one. Nothing here touches a [`Ctx`](emberdeep_api::Ctx):
//! `lib.rs` reads the game, then asks these functions what follows.

use emberdeep_api::{AimRequest, Damage};

/// The key the wand's charges are kept under, in the item's own store
/// (`ctx.item_get(id, CHARGES_KEY)`). Each wand is an item of its own, with
/// its own store, so two wands in the pack count their charges apart. The
/// host saves the store with the run.
pub const CHARGES_KEY: &str = "charges";

/// What the log says when a wand with no charges is used.
pub const SPENT: &str = "The wand is spent.";

/// Charges a fresh wand holds when its record gives no `charges` param.
const DEFAULT_CHARGES: i64 = 3;
/// Steps a spark flies when the record gives no `range` param.
const DEFAULT_RANGE: i64 = 6;
/// A spark's damage when the record gives no `damage_min` / `damage_max`.
const DEFAULT_DAMAGE: (i64, i64) = (2, 5);
/// The longest range the wand asks for: the player never sees further.
const MOST_RANGE: i64 = 30;

/// A wand of sparks as its record describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wand {
    /// Charges a fresh wand holds (the record's `charges`).
    pub charges: i64,
    /// How far a spark flies, in steps (the record's `range`, 1 to 30).
    pub range: i32,
    /// What a spark rolls before the target's defense (`damage_min`, `damage_max`).
    pub damage: Damage,
}

impl Wand {
    /// Reads the record's params through `param` (pass `|n| item.param(n)`),
    /// with a default for each one left out. The host has already checked
    /// that every param is from 0 to 1,000,000 and that `damage_min` is not
    /// above `damage_max`; the range is still held to 1..=30 here.
    pub fn from_params(param: impl Fn(&str) -> Option<i64>) -> Self {
        let min = param("damage_min").unwrap_or(DEFAULT_DAMAGE.0);
        let max = param("damage_max").unwrap_or(DEFAULT_DAMAGE.1).max(min);
        Wand {
            charges: param("charges").unwrap_or(DEFAULT_CHARGES),
            range: param("range").unwrap_or(DEFAULT_RANGE).clamp(1, MOST_RANGE) as i32,
            damage: Damage::new(min as i32, max as i32),
        }
    }

    /// How the host should aim a spark: a missile, which stops at the first
    /// creature on the line.
    pub fn request(&self) -> AimRequest {
        AimRequest::missile(self.range)
    }

    /// The charges this wand has left: what is stored on the item, or the
    /// record's `charges` while nothing is stored yet (a wand nobody has used).
    pub fn charges_left(&self, stored: Option<i64>) -> i64 {
        stored.unwrap_or(self.charges).max(0)
    }
}

/// The charges left after one zap (never below 0).
pub fn after_zap(left: i64) -> i64 {
    (left - 1).max(0)
}

/// What the pack writes after the wand's name: "wand of sparks (3)".
pub fn suffix(left: i64) -> String {
    format!("({left})")
}

/// The log line of a spark that struck `name` for `dealt`.
pub fn hit_line(name: &str, dealt: i32, kills: bool) -> String {
    if kills {
        format!("The spark kills the {name}!")
    } else {
        format!("The spark hits the {name} for {dealt}.")
    }
}

/// The log line of a spark that struck nobody.
pub const FIZZLE: &str = "The spark crackles away into nothing.";

/// The log line after the last charge is used.
pub const LAST_CHARGE: &str = "The wand sputters and goes dark.";

/// The look panel's lines while aiming at a creature of defense `defense`.
pub fn describe(damage: Damage, defense: i32, left: i64) -> Vec<String> {
    vec![
        format!("Spark {}-{}, less its defense {defense}", damage.min, damage.max),
        format!("Always hits; {left} {} left", if left == 1 { "charge" } else { "charges" }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params<'a>(list: &'a [(&'a str, i64)]) -> impl Fn(&str) -> Option<i64> + 'a {
        move |name| list.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    #[test]
    fn the_record_gives_the_numbers() {
        let wand = Wand::from_params(params(&[("charges", 4), ("range", 7), ("damage_min", 1), ("damage_max", 9)]));
        assert_eq!(wand, Wand { charges: 4, range: 7, damage: Damage::new(1, 9) });
        assert_eq!(wand.request(), AimRequest::missile(7));
    }

    #[test]
    fn params_left_out_take_the_defaults() {
        let wand = Wand::from_params(params(&[]));
        assert_eq!(wand, Wand { charges: 3, range: 6, damage: Damage::new(2, 5) });
    }

    #[test]
    fn the_range_stays_within_sight() {
        assert_eq!(Wand::from_params(params(&[("range", 0)])).range, 1);
        assert_eq!(Wand::from_params(params(&[("range", 1_000_000)])).range, 30);
    }

    #[test]
    fn a_lone_damage_min_above_the_default_max_is_kept_whole() {
        let wand = Wand::from_params(params(&[("damage_min", 8)]));
        assert_eq!(wand.damage, Damage::new(8, 8));
    }

    #[test]
    fn stored_charges_win_over_the_record() {
        let wand = Wand::from_params(params(&[("charges", 3)]));
        assert_eq!(wand.charges_left(None), 3, "a fresh wand");
        assert_eq!(wand.charges_left(Some(1)), 1);
        assert_eq!(wand.charges_left(Some(0)), 0, "a spent wand stays spent");
        assert_eq!(wand.charges_left(Some(-2)), 0, "a damaged store never gives negative charges");
    }

    #[test]
    fn zaps_count_down_to_zero() {
        let wand = Wand::from_params(params(&[("charges", 3)]));
        let mut left = wand.charges_left(None);
        let mut shown = vec![suffix(left)];
        while left > 0 {
            left = after_zap(left);
            shown.push(suffix(left));
        }
        assert_eq!(shown, ["(3)", "(2)", "(1)", "(0)"]);
        assert_eq!(after_zap(0), 0);
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(hit_line("goblin", 4, false), "The spark hits the goblin for 4.");
        assert_eq!(hit_line("goblin", 9, true), "The spark kills the goblin!");
        assert_eq!(describe(Damage::new(2, 5), 1, 2), ["Spark 2-5, less its defense 1", "Always hits; 2 charges left"]);
        assert_eq!(describe(Damage::new(2, 5), 0, 1)[1], "Always hits; 1 charge left");
    }
}
