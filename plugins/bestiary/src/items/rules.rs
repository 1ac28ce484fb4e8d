//! The pure rules of bestiary's items: the numbers each record gives, the
//! far cell a teleport lands on, the cell a beckoned monster is pulled to,
//! what restoring gives back, a wand's charges, and the words of the
//! messages and cards. Nothing here touches the game.

use emberdeep_api::{AimRequest, Point};

/// The player's store key for the maximum health a wraith drained (kept by
/// this plugin: the monster half adds to it, a potion of restore gives it back).
pub const DRAINED_KEY: &str = "drained";

/// The most health a wraith may have drained, as the store holds it.
pub const MOST_DRAINED: i64 = 10_000;

/// The item store key a wand's charges are kept under.
pub const CHARGES_KEY: &str = "bestiary_charges";

/// The most charges a wand holds, as the store holds them.
pub const MOST_CHARGES: i64 = 100;

/// The status of a hasted player (api 1.3 `status_speed` 1).
pub const HASTED: &str = "hasted";
/// The status of a player who senses every monster of the floor (api 1.3
/// `status_senses_monsters`).
pub const SENSING: &str = "sensing";
/// The status of a slowed monster (api 1.3 `status_speed` -1).
pub const SLOWED: &str = "slowed";

/// What the log says when a spent wand is used.
pub const SPENT: &str = "The wand is spent.";

/// A param of `param`, or `default`, held to `lo..=hi`.
pub fn number(param: &impl Fn(&str) -> Option<i64>, name: &str, default: i64, lo: i64, hi: i64) -> i64 {
    param(name).unwrap_or(default).clamp(lo, hi)
}

/// Turns a status lasts: the record's `lasts` (1 to 500), else `default`.
pub fn turns(param: impl Fn(&str) -> Option<i64>, default: i64) -> i32 {
    number(&param, "lasts", default, 1, 500) as i32
}

/// Where a teleport lands: one of the `free` cells (in the order given)
/// at least `min_distance` steps from `from`, the one `pick(n)` chooses
/// among the `n` there are (`pick` answers 0 to n - 1); when none is that
/// far, the furthest free cell (the first of those tied); `None` if no cell
/// but `from` is free.
pub fn far_cell(free: &[Point], from: Point, min_distance: i32, pick: impl FnOnce(usize) -> usize) -> Option<Point> {
    let others: Vec<Point> = free.iter().copied().filter(|&p| p != from).collect();
    let far: Vec<Point> = others.iter().copied().filter(|p| from.steps_to(*p) >= min_distance).collect();
    if !far.is_empty() {
        return far.get(pick(far.len()).min(far.len() - 1)).copied();
    }
    let most = others.iter().map(|p| from.steps_to(*p)).max()?;
    others.into_iter().find(|p| from.steps_to(*p) == most)
}

/// Where a beckoned monster is pulled to: the first cell of the wand's
/// `path` (the one next to the player), if it is free; else the free cell
/// of the path nearest the player before the monster at `index`; `None`
/// when it stands next to the player already or nothing is free.
pub fn beckon_cell(path: &[Point], index: usize, is_free: impl Fn(Point) -> bool) -> Option<Point> {
    if index == 0 {
        return None;
    }
    path[..index.min(path.len())].iter().copied().find(|&p| is_free(p))
}

/// A wand of this plugin as its record gives it: how far it reaches and
/// how many charges a new one rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wand {
    /// Steps its bolt flies (1 to 30).
    pub range: i32,
    /// The fewest charges a new wand holds.
    pub charges_min: i64,
    /// The most charges a new wand holds.
    pub charges_max: i64,
}

impl Wand {
    /// From a record's params (`range`, `charges_min`, `charges_max`); 7
    /// steps and 3-5 charges for anything left out.
    pub fn from_params(param: impl Fn(&str) -> Option<i64>) -> Wand {
        let min = number(&param, "charges_min", 3, 0, MOST_CHARGES);
        Wand {
            range: number(&param, "range", 7, 1, 30) as i32,
            charges_min: min,
            charges_max: number(&param, "charges_max", 5, 0, MOST_CHARGES).max(min),
        }
    }

    /// The host's aim: a missile's flight that stops at the first creature.
    pub fn request(&self) -> AimRequest {
        AimRequest::missile(self.range)
    }

    /// Charges left: what the wand's store holds, or the fewest a new one
    /// holds while nothing is stored (a wand made before its roll).
    pub fn charges_left(&self, stored: Option<i64>) -> i64 {
        stored.unwrap_or(self.charges_min).clamp(0, MOST_CHARGES)
    }
}

/// The pack's suffix for a wand: its charges, "(3)".
pub fn charges_suffix(left: i64) -> String {
    format!("({left})")
}

/// The maximum health a potion of restore gives back: `drained` on top of
/// `max_hp` (nothing for nothing drained).
pub fn restored_max_hp(max_hp: i32, drained: i64) -> i32 {
    (i64::from(max_hp) + drained.clamp(0, MOST_DRAINED)).min(i64::from(i32::MAX)) as i32
}

/// The log line for a potion of restore.
pub fn restore_message(given_back: i64, cured: usize) -> String {
    match (given_back > 0, cured > 0) {
        (true, true) => format!("Your strength returns (+{given_back} maximum health), and what ailed you is gone."),
        (true, false) => format!("Your strength returns (+{given_back} maximum health)."),
        (false, true) => "You feel cleansed: what ailed you is gone.".to_string(),
        (false, false) => "You feel refreshed.".to_string(),
    }
}

/// The log line for a potion of detect monsters that senses `count`.
pub fn sense_message(count: usize) -> String {
    match count {
        0 => "You sense no monster on this floor.".to_string(),
        1 => "You sense one monster on this floor.".to_string(),
        n => format!("You sense {n} monsters on this floor."),
    }
}

/// The log line for a scroll of slumber that put `count` to sleep.
pub fn slumber_message(count: usize) -> String {
    match count {
        0 => "A soft lullaby drifts by, but nothing in sight listens.".to_string(),
        1 => "A soft lullaby: the monster in sight falls asleep.".to_string(),
        n => format!("A soft lullaby: {n} monsters in sight fall asleep."),
    }
}

/// A card's line from a record's param `name`, worded by `words`.
pub fn fact(param: &impl Fn(&str) -> Option<i64>, name: &str, words: impl Fn(i64) -> String) -> Option<String> {
    param(name).map(words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_teleport_lands_far_and_free_or_on_the_furthest_free_cell() {
        let p = Point::new;
        let from = p(2, 2);
        let free = [p(3, 3), p(30, 15), p(35, 10), p(2, 2)];
        assert_eq!(far_cell(&free, from, 10, |_| 0), Some(p(30, 15)), "the near cell is passed over");
        assert_eq!(far_cell(&free, from, 10, |n| n - 1), Some(p(35, 10)));
        assert_eq!(far_cell(&free, from, 10, |n| n + 7), Some(p(35, 10)), "a pick past the end takes the last");
        // Nothing far enough: the furthest free one.
        assert_eq!(far_cell(&[p(3, 3), p(5, 4), p(2, 2)], from, 10, |_| 0), Some(p(5, 4)));
        // Nothing free at all but where it stands.
        assert_eq!(far_cell(&[from], from, 10, |_| 0), None);
        assert_eq!(far_cell(&[], from, 10, |_| 0), None);
    }

    #[test]
    fn a_beckoned_monster_comes_to_the_first_free_cell_of_the_path() {
        let path = [Point::new(2, 1), Point::new(3, 1), Point::new(4, 1), Point::new(5, 1)];
        assert_eq!(beckon_cell(&path, 3, |_| true), Some(Point::new(2, 1)));
        assert_eq!(beckon_cell(&path, 3, |p| p.x != 2), Some(Point::new(3, 1)));
        assert_eq!(beckon_cell(&path, 0, |_| true), None, "already next to the player");
        assert_eq!(beckon_cell(&path, 2, |p| p.x > 3), None, "nothing free between");
    }

    #[test]
    fn restore_gives_back_what_was_drained_and_never_takes() {
        assert_eq!(restored_max_hp(24, 6), 30);
        assert_eq!(restored_max_hp(24, 0), 24);
        assert_eq!(restored_max_hp(24, -5), 24);
        assert_eq!(restore_message(6, 1), "Your strength returns (+6 maximum health), and what ailed you is gone.");
        assert_eq!(restore_message(0, 0), "You feel refreshed.");
    }

    #[test]
    fn wands_read_their_numbers_and_count_their_charges() {
        let w = Wand::from_params(|n| match n {
            "range" => Some(9),
            "charges_min" => Some(4),
            "charges_max" => Some(2),
            _ => None,
        });
        assert_eq!(w, Wand { range: 9, charges_min: 4, charges_max: 4 });
        assert_eq!(w.charges_left(None), 4);
        assert_eq!(w.charges_left(Some(1)), 1);
        assert_eq!(w.charges_left(Some(-3)), 0);
        assert_eq!(charges_suffix(2), "(2)");
        assert_eq!(w.request(), AimRequest::missile(9));
    }

    #[test]
    fn messages_read_as_english() {
        assert_eq!(sense_message(1), "You sense one monster on this floor.");
        assert_eq!(sense_message(4), "You sense 4 monsters on this floor.");
        assert_eq!(slumber_message(0), "A soft lullaby drifts by, but nothing in sight listens.");
        assert_eq!(slumber_message(2), "A soft lullaby: 2 monsters in sight fall asleep.");
        assert_eq!(turns(|_| None, 20), 20);
        assert_eq!(turns(|_| Some(9999), 20), 500);
    }

    proptest! {
        #[test]
        fn a_teleport_lands_on_a_free_cell_far_enough_when_there_is_one(
            cells in proptest::collection::vec((0..60i32, 0..40i32), 0..50),
            pick in 0..100usize,
        ) {
            let free: Vec<Point> = cells.iter().map(|&(x, y)| Point::new(x, y)).collect();
            let from = Point::new(1, 1);
            match far_cell(&free, from, 10, |n| pick % n.max(1)) {
                Some(p) => {
                    prop_assert!(free.contains(&p) && p != from);
                    let far_exists = free.iter().any(|q| from.steps_to(*q) >= 10);
                    prop_assert!(!far_exists || from.steps_to(p) >= 10);
                }
                None => prop_assert!(free.iter().all(|&q| q == from)),
            }
        }
    }
}
