//! The trap's numbers and words, kept apart from the game so that they are
//! tested without one. Nothing here touches a [`Ctx`](emberdeep_api::Ctx):
//! `lib.rs` reads the game, then asks these functions what follows.

use emberdeep_api::{Damage, Look, Point, Rgba, DIRECTIONS};

/// The terrain's name: in scenarios (`^ = terrain dart_trap`), in the
/// trace's `terrain` and `terrain_found` events, and in `terrain X,Y = NAME`.
pub const DART_TRAP: &str = "dart_trap";

/// How the look panel and the log write it ("You find a dart trap.").
pub const LABEL: &str = "a dart trap";

/// The look panel's description, once found.
pub const DESCRIPTION: &str = "A pressure plate set in the floor. Whoever steps on it is struck by a dart.";

/// The tile of this plugin's own sheet (`data/traps/tiles.txt`); named with
/// the plugin's prefix so that no other sheet has it.
pub const TILE: &str = "traps_dart";

/// How both views draw a found trap: a pink `^` in the glyph view, the
/// plugin's own tile in the tile view (whose rim is a magenta, 255 47 208,
/// of its own: not the glyph's colour, so a screenshot tells them apart).
/// Hidden, it is drawn as floor.
pub fn look() -> Look {
    Look::new('^', Rgba::rgb(240, 120, 200), TILE)
}

/// What a dart does, before nothing: it ignores armor (a trap's dart
/// finds the gaps).
pub const DART: Damage = Damage::new(1, 3);

/// The key that searches.
pub const SEARCH_KEY: char = 's';

/// The cells a search looks at: the eight around `at`.
pub fn searched_cells(at: Point) -> impl Iterator<Item = Point> {
    DIRECTIONS.into_iter().map(move |(dx, dy)| at.offset(dx, dy))
}

/// The log line after a search that found `found` hidden things (the host
/// says "You find a dart trap." for each one itself).
pub fn search_line(found: usize) -> Option<&'static str> {
    (found == 0).then_some("You search around you and find nothing.")
}

/// The log line of a dart striking `name` (`None`: the player) for `dealt`.
pub fn dart_line(name: Option<&str>, dealt: i32, kills: bool) -> String {
    match (name, kills) {
        (None, _) => format!("A dart shoots out of the floor and hits you for {dealt}!"),
        (Some(name), false) => format!("A dart shoots out of the floor and hits the {name} for {dealt}."),
        (Some(name), true) => format!("A dart shoots out of the floor and kills the {name}!"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_looks_at_the_eight_cells_around() {
        let cells: Vec<Point> = searched_cells(Point::new(4, 4)).collect();
        assert_eq!(cells.len(), 8);
        assert!(cells.iter().all(|c| c.is_adjacent(Point::new(4, 4))));
        assert!(!cells.contains(&Point::new(4, 4)), "not the searcher's own cell: a step found that");
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(search_line(0), Some("You search around you and find nothing."));
        assert_eq!(search_line(2), None);
        assert_eq!(dart_line(None, 2, false), "A dart shoots out of the floor and hits you for 2!");
        assert_eq!(dart_line(Some("goblin"), 3, false), "A dart shoots out of the floor and hits the goblin for 3.");
        assert_eq!(dart_line(Some("rat"), 3, true), "A dart shoots out of the floor and kills the rat!");
    }

    #[test]
    fn the_trap_is_drawn_with_its_own_tile() {
        assert_eq!((look().glyph, look().tile.as_str()), ('^' as u32, TILE));
        assert!(TILE.starts_with("traps_"), "the plugin's prefix");
    }
}
