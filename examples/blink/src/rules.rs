//! The blink's numbers, the choice of where to land and the words, kept
//! apart from the game so that they are tested without one. Nothing here
//! touches a [`Ctx`](emberdeep_api::Ctx): `lib.rs` reads the game, then asks
//! these functions what follows.

use emberdeep_api::Point;

/// Steps a blink may go when the record gives no `range`.
const DEFAULT_RANGE: i64 = 10;
/// The furthest a blink goes, whatever the record says.
const MOST_RANGE: i64 = 30;

/// How far the record lets a blink go (its `range` param, 1 to 30).
pub fn range(param: Option<i64>) -> i32 {
    param.unwrap_or(DEFAULT_RANGE).clamp(1, MOST_RANGE) as i32
}

/// The cells within `range` steps of `from` (any of the eight directions)
/// that lie on a map of `size` (width, height), row by row, `from` itself
/// left out. Which of them the blink may land on is for the game to say.
pub fn cells_within(from: Point, range: i32, size: (i32, i32)) -> impl Iterator<Item = Point> {
    let (width, height) = size;
    let ys = (from.y - range).max(0)..=(from.y + range).min(height - 1);
    ys.flat_map(move |y| {
        let xs = (from.x - range).max(0)..=(from.x + range).min(width - 1);
        xs.map(move |x| Point::new(x, y))
    })
    .filter(move |&p| p != from)
}

/// The log line after a blink.
pub const BLINKED: &str = "You blink, and stand somewhere you could not see.";

/// The log line when there is nowhere out of sight within range.
pub const NOWHERE: &str = "The scroll crumbles. Everywhere near is in plain sight: you stay where you are.";

/// The line naming what the player sees on landing ("You see a goblin.").
pub fn seen_line(names: &[String]) -> Option<String> {
    match names {
        [] => None,
        [one] => Some(format!("You see {one}.")),
        [rest @ .., last] => Some(format!("You see {} and {last}.", rest.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_range_comes_from_the_record_within_bounds() {
        assert_eq!(range(Some(6)), 6);
        assert_eq!(range(None), 10);
        assert_eq!(range(Some(0)), 1);
        assert_eq!(range(Some(1_000_000)), 30);
    }

    #[test]
    fn the_cells_stay_on_the_map_and_leave_the_reader_out() {
        let cells: Vec<Point> = cells_within(Point::new(1, 1), 2, (10, 10)).collect();
        // x and y each from 0 to 3: 16 cells, less the reader's.
        assert_eq!(cells.len(), 15);
        assert!(!cells.contains(&Point::new(1, 1)));
        assert!(cells.iter().all(|p| (0..=3).contains(&p.x) && (0..=3).contains(&p.y)));
        let far: Vec<Point> = cells_within(Point::new(5, 5), 30, (8, 6)).collect();
        assert_eq!(far.len(), 8 * 6 - 1, "the whole map, and no more");
    }

    #[test]
    fn the_seen_line_names_each() {
        assert_eq!(seen_line(&[]), None);
        assert_eq!(seen_line(&["a goblin".into()]).unwrap(), "You see a goblin.");
        assert_eq!(
            seen_line(&["a goblin".into(), "a jackal".into(), "an orc".into()]).unwrap(),
            "You see a goblin, a jackal and an orc."
        );
    }
}
