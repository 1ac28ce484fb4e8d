//! The wand of digging's numbers and words, kept apart from the game so
//! that they are tested without one (`digging.rs` reads the game).

use emberdeep_api::AimRequest;

/// The key the wand's charges are kept under, in the item's own store.
/// `made` rolls them when the wand comes into being; each zap takes one.
pub const CHARGES_KEY: &str = "dig_charges";

/// The most charges a wand may hold (the key's declared range).
pub const MOST_CHARGES: i64 = 100;

/// What the log says when a wand with no charges is used.
pub const SPENT: &str = "The wand of digging is spent.";
/// What the log says when the player picks the wand: aim it.
pub const AIM: &str = "The wand trembles. Aim it at a wall.";

/// The charges a fresh wand may hold when its record gives no
/// `charges_min` / `charges_max`.
const DEFAULT_CHARGES: (i64, i64) = (4, 8);
/// Steps a bolt flies when the record gives no `range`.
const DEFAULT_RANGE: i64 = 8;
/// Walls one bolt digs at most when the record gives no `walls`.
const DEFAULT_WALLS: i64 = 4;
/// The longest range the wand asks for.
const MOST_RANGE: i64 = 30;

/// A wand of digging as its record describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wand {
    /// The least and most charges a fresh wand is made with (the record's
    /// `charges_min` and `charges_max`).
    pub charges: (i64, i64),
    /// How far a bolt flies, in steps (the record's `range`, 1 to 30).
    pub range: i32,
    /// How many walls one bolt digs at most (the record's `walls`, at least 1).
    pub walls: usize,
}

impl Wand {
    /// Reads the record's params through `param` (pass `|n| item.param(n)`),
    /// with a default for each one left out.
    pub fn from_params(param: impl Fn(&str) -> Option<i64>) -> Self {
        let min = param("charges_min").unwrap_or(DEFAULT_CHARGES.0).min(MOST_CHARGES);
        let max = param("charges_max").unwrap_or(DEFAULT_CHARGES.1).clamp(min, MOST_CHARGES);
        Wand {
            charges: (min, max),
            range: param("range").unwrap_or(DEFAULT_RANGE).clamp(1, MOST_RANGE) as i32,
            walls: param("walls").unwrap_or(DEFAULT_WALLS).clamp(1, MOST_RANGE) as usize,
        }
    }

    /// How the host should aim a bolt: one that goes on through creatures
    /// (it harms nobody), and, since the effect says so, through walls.
    pub fn request(&self) -> AimRequest {
        AimRequest::bolt(self.range)
    }

    /// The charges a wand has left: what is stored on it, or none (a wand
    /// is always made with its charges rolled; one that somehow was not is
    /// spent, never a free supply).
    pub fn charges_left(stored: Option<i64>) -> i64 {
        stored.unwrap_or(0).max(0)
    }
}

/// The cells of `path` one bolt digs: the diggable ones on it (terrain
/// with the trait `diggable`: the host's wall, a cave's rock; a door is
/// left alone), in the bolt's order, `most` at most. `diggable` says
/// whether a cell is.
pub fn walls_to_dig<P: Copy>(path: &[P], most: usize, mut diggable: impl FnMut(P) -> bool) -> Vec<P> {
    path.iter().copied().filter(|&p| diggable(p)).take(most).collect()
}

/// The charges left after one zap (never below 0).
pub fn after_zap(left: i64) -> i64 {
    (left - 1).max(0)
}

/// What the pack writes after the wand's name: "wand of digging (5)".
pub fn suffix(left: i64) -> String {
    format!("({left})")
}

/// The log line after a bolt that dug `dug` walls.
pub fn dug_line(dug: usize) -> String {
    match dug {
        0 => "The bolt finds no wall to dig.".to_string(),
        1 => "The wall crumbles into dust.".to_string(),
        n => format!("{n} walls crumble into dust."),
    }
}

/// The card's lines about what the wand's numbers do.
pub fn facts(wand: &Wand) -> Vec<String> {
    vec![
        format!("Range {}.", wand.range),
        format!("Digs up to {} walls a zap.", wand.walls),
        format!("Made with {} to {} charges.", wand.charges.0, wand.charges.1),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params<'a>(list: &'a [(&'a str, i64)]) -> impl Fn(&str) -> Option<i64> + 'a {
        move |name| list.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    #[test]
    fn the_record_gives_the_numbers_and_defaults_fill_in() {
        let wand = Wand::from_params(params(&[("charges_min", 2), ("charges_max", 3), ("range", 9), ("walls", 5)]));
        assert_eq!(wand, Wand { charges: (2, 3), range: 9, walls: 5 });
        assert_eq!(wand.request(), AimRequest::bolt(9));
        assert_eq!(Wand::from_params(params(&[])), Wand { charges: (4, 8), range: 8, walls: 4 });
    }

    #[test]
    fn numbers_out_of_reason_are_held_in() {
        let wand = Wand::from_params(params(&[("charges_min", 9), ("charges_max", 3), ("range", 0), ("walls", 0)]));
        assert_eq!(wand, Wand { charges: (9, 9), range: 1, walls: 1 });
        let wand = Wand::from_params(params(&[("charges_min", 1_000_000), ("range", 1_000_000)]));
        assert_eq!((wand.charges, wand.range), ((MOST_CHARGES, MOST_CHARGES), 30));
    }

    #[test]
    fn a_bolt_digs_the_walls_on_its_path_and_no_more_than_its_number() {
        // A path of cells 1..=8: walls at 2, 3, 4 and 7.
        let diggable = |x: i32| [2, 3, 4, 7].contains(&x);
        let path: Vec<i32> = (1..=8).collect();
        assert_eq!(walls_to_dig(&path, 10, diggable), [2, 3, 4, 7]);
        assert_eq!(walls_to_dig(&path, 3, diggable), [2, 3, 4], "three at most");
        assert!(walls_to_dig(&path[4..6], 3, diggable).is_empty(), "no wall, nothing dug");
        assert!(walls_to_dig(&path, 3, |_| false).is_empty(), "nothing diggable, nothing dug");
    }

    #[test]
    fn charges_count_down_and_a_wand_never_rolled_is_spent() {
        assert_eq!(Wand::charges_left(Some(3)), 3);
        assert_eq!(Wand::charges_left(None), 0);
        assert_eq!(Wand::charges_left(Some(-1)), 0);
        let shown: Vec<String> = [2, 1, 0].into_iter().map(|n| suffix(after_zap(n + 1))).collect();
        assert_eq!(shown, ["(2)", "(1)", "(0)"]);
        assert_eq!(after_zap(0), 0);
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(dug_line(0), "The bolt finds no wall to dig.");
        assert_eq!(dug_line(1), "The wall crumbles into dust.");
        assert_eq!(dug_line(3), "3 walls crumble into dust.");
        let wand = Wand { charges: (4, 8), range: 8, walls: 4 };
        assert_eq!(facts(&wand), ["Range 8.", "Digs up to 4 walls a zap.", "Made with 4 to 8 charges."]);
    }
}
