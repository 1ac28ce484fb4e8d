//! The summons' numbers and words, kept apart from the game so that they
//! are tested without one. Nothing here touches a [`Ctx`](emberdeep_api::Ctx):
//! `lib.rs` reads the game, then asks these functions what follows.

use emberdeep_api::{Point, DIRECTIONS};

/// The monster record the scroll calls (this plugin's own, in
/// `data/summoning/monsters.toml`).
pub const SUMMONED_KIND: &str = "spirit_wolf";

/// The key a summoned creature's turns left are kept under, in its own
/// store. A creature without it (one a scenario placed) stays for good.
pub const TURNS_KEY: &str = "summon_turns";

/// The most turns a summons may be given (the key's declared range).
pub const MOST_TURNS: i64 = 1000;

/// Allies one scroll calls when its record gives no `count`.
const DEFAULT_COUNT: i64 = 2;
/// Turns a summons stays when the record gives no `turns`.
const DEFAULT_TURNS: i64 = 12;

/// A scroll of summoning as its record describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    /// How many allies it calls, at most (the record's `count`, 1 to 8:
    /// one for each neighbouring cell).
    pub count: usize,
    /// How many of its own turns each ally stays (the record's `turns`).
    pub turns: i64,
}

impl Call {
    /// Reads the record's params through `param` (pass `|n| item.param(n)`),
    /// with a default for each one left out.
    pub fn from_params(param: impl Fn(&str) -> Option<i64>) -> Self {
        Call {
            count: param("count").unwrap_or(DEFAULT_COUNT).clamp(1, 8) as usize,
            turns: param("turns").unwrap_or(DEFAULT_TURNS).clamp(1, MOST_TURNS),
        }
    }
}

/// The cells next to `at`, in the order the allies take them: north first,
/// then round clockwise.
pub fn cells_around(at: Point) -> impl Iterator<Item = Point> {
    DIRECTIONS.into_iter().map(move |(dx, dy)| at.offset(dx, dy))
}

/// What a summoned creature does on its turn, given the turns it has left
/// (`None`: not one the scroll called).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Its time is up: it leaves the world now.
    Fade,
    /// It acts, and then has this many turns left.
    Act(Option<i64>),
}

/// This turn, for a creature with `left` turns.
pub fn turn(left: Option<i64>) -> Turn {
    match left {
        Some(left) if left <= 0 => Turn::Fade,
        Some(left) => Turn::Act(Some(left - 1)),
        None => Turn::Act(None),
    }
}

/// The log line after reading the scroll, when `called` of `name`s came.
pub fn called_line(name: &str, plural: &str, called: usize) -> String {
    match called {
        0 => "The scroll crumbles. Nothing answers: there is no room beside you.".to_string(),
        1 => format!("A {name} answers the call."),
        n => format!("{} {plural} answer the call.", number_word(n)),
    }
}

/// The log line when a summons the player sees fades away.
pub fn fade_line(name: &str) -> String {
    format!("The {name} fades away.")
}

fn number_word(n: usize) -> String {
    const WORDS: [&str; 9] = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"];
    WORDS.get(n).map_or_else(|| n.to_string(), |w| w.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params<'a>(list: &'a [(&'a str, i64)]) -> impl Fn(&str) -> Option<i64> + 'a {
        move |name| list.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    #[test]
    fn the_record_gives_the_numbers_and_defaults_fill_in() {
        assert_eq!(Call::from_params(params(&[("count", 3), ("turns", 5)])), Call { count: 3, turns: 5 });
        assert_eq!(Call::from_params(params(&[])), Call { count: 2, turns: 12 });
        assert_eq!(Call::from_params(params(&[("count", 50), ("turns", 0)])), Call { count: 8, turns: 1 });
        assert_eq!(Call::from_params(params(&[("turns", 1_000_000)])).turns, MOST_TURNS);
    }

    #[test]
    fn a_summons_acts_its_turns_then_fades_on_the_next() {
        let mut left = Some(3);
        let mut acted = 0;
        while let Turn::Act(next) = turn(left) {
            acted += 1;
            left = next;
        }
        assert_eq!(acted, 3);
        assert_eq!(turn(Some(-4)), Turn::Fade, "a store below none fades too");
        assert_eq!(turn(None), Turn::Act(None), "one the scroll did not call stays");
    }

    #[test]
    fn the_cells_go_round_the_reader() {
        let cells: Vec<Point> = cells_around(Point::new(5, 5)).collect();
        assert_eq!(cells.len(), 8);
        assert_eq!(cells[0], Point::new(5, 4), "north first");
        assert!(cells.iter().all(|c| c.is_adjacent(Point::new(5, 5))));
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(called_line("spirit wolf", "spirit wolves", 2), "Two spirit wolves answer the call.");
        assert_eq!(called_line("spirit wolf", "spirit wolves", 1), "A spirit wolf answers the call.");
        assert!(called_line("spirit wolf", "spirit wolves", 0).starts_with("The scroll crumbles."));
        assert_eq!(fade_line("spirit wolf"), "The spirit wolf fades away.");
    }
}
