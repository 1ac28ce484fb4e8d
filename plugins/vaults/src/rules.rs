//! The vaults' numbers, words and geometry, kept apart from the game so
//! that they are tested without one. Nothing here touches a
//! [`Ctx`](emberdeep_api::Ctx): `lib.rs` reads the game, then asks these
//! functions what follows.

use emberdeep_api::{Look, Point, Rgba, DIRECTIONS};

/// A secret door: hidden as wall (it blocks sight and steps) until found.
pub const SECRET_DOOR: &str = "vaults_secret_door";
/// An altar with an offering lying at its foot.
pub const ALTAR: &str = "vaults_altar";
/// An altar whose choice is made.
pub const ALTAR_SPENT: &str = "vaults_altar_spent";
/// Iron bars: seen through, never passed.
pub const BARS: &str = "vaults_bars";
/// A bookshelf of a library.
pub const SHELF: &str = "vaults_shelf";
/// The still water of a shrine's pool.
pub const POOL: &str = "vaults_pool";
/// Fallen stone of a collapsed hall.
pub const RUBBLE: &str = "vaults_rubble";

/// One terrain of the plugin: name, label, glyph, colour, walkable,
/// transparent, description.
pub type TerrainRow = (&'static str, &'static str, char, (u8, u8, u8), bool, bool, &'static str);

/// Each terrain of the plugin.
pub const TERRAINS: [TerrainRow; 7] = [
    (
        SECRET_DOOR,
        "a secret door",
        '+',
        (230, 190, 90),
        true,
        false,
        "A slab of wall that swings on a hidden pivot. Once found, it lets you through.",
    ),
    (
        ALTAR,
        "an altar",
        '_',
        (200, 160, 255),
        false,
        true,
        "A carved altar with an offering at its foot. Take one altar's offering and the others are barred.",
    ),
    (
        ALTAR_SPENT,
        "a cold altar",
        '_',
        (120, 110, 140),
        false,
        true,
        "An altar whose offering was chosen. It is cold now.",
    ),
    (
        BARS,
        "iron bars",
        '#',
        (170, 180, 200),
        false,
        true,
        "Iron bars that slammed down when a choice was made. Nothing passes them.",
    ),
    (SHELF, "a bookshelf", '=', (170, 110, 60), false, false, "Shelves of mouldering books, floor to ceiling."),
    (POOL, "a shrine pool", '~', (90, 150, 230), false, true, "Still, clear water too deep to wade."),
    (RUBBLE, "rubble", '%', (150, 140, 130), false, false, "Fallen stone from a collapsed ceiling."),
];

/// What a terrain of [`TERRAINS`] is, by meaning (api 1.6's traits): the
/// secret door a door, the shelves a burnable wall, the rubble diggable
/// wall, the pool deep water, a live altar a choice (api 1.7: auto-explore
/// leaves its offering to the player's hand); a cold altar and bars none.
pub fn traits_of(name: &str) -> &'static [&'static str] {
    use emberdeep_api::terrain_traits::{BURNABLE, CHOICE, DEEP, DIGGABLE, DOOR, LIQUID, WALL};
    match name {
        ALTAR => &[CHOICE],
        SECRET_DOOR => &[DOOR],
        SHELF => &[WALL, BURNABLE],
        RUBBLE => &[WALL, DIGGABLE],
        POOL => &[LIQUID, DEEP],
        _ => &[],
    }
}

/// How a terrain of [`TERRAINS`] is drawn: its glyph and colour in the
/// glyph view, the tile of the same name (this plugin's sheet) in tiles.
pub fn look(name: &str, glyph: char, (r, g, b): (u8, u8, u8)) -> Look {
    Look::new(glyph, Rgba::rgb(r, g, b), name)
}

/// How many turns in a row the player must end beside a hidden secret
/// door to find it.
pub const DRAUGHT_TURNS: i64 = 4;
/// After this many turns in a row, the player feels a draught (a hint).
pub const DRAUGHT_HINT: i64 = 2;

/// The player's store key counting turns in a row ended beside a hidden
/// secret door.
pub const DRAUGHT_KEY: &str = "vaults_draught";
/// The player's store keys of a seal still to lay (a creature stood on
/// the barred offering): its column and row.
pub const SEAL_X: &str = "vaults_seal_x";
/// See [`SEAL_X`].
pub const SEAL_Y: &str = "vaults_seal_y";

/// The eight cells around `at`.
pub fn around(at: Point) -> impl Iterator<Item = Point> {
    DIRECTIONS.into_iter().map(move |(dx, dy)| at.offset(dx, dy))
}

/// What a turn ended beside hidden secret doors (`beside`: whether any)
/// does to the count: the new count, and what to do.
pub fn draught(count: i64, beside: bool) -> (i64, Draught) {
    if !beside {
        return (0, Draught::Nothing);
    }
    let count = count + 1;
    match count {
        c if c >= DRAUGHT_TURNS => (0, Draught::Found),
        DRAUGHT_HINT => (count, Draught::Hint),
        _ => (count, Draught::Nothing),
    }
}

/// What a turn beside a hidden secret door brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Draught {
    /// Nothing yet.
    Nothing,
    /// The log says the player feels a draught.
    Hint,
    /// The doors beside the player are found.
    Found,
}

/// The hint's line.
pub const HINT_LINE: &str = "You feel a faint draught from the wall.";

/// The offering of an altar lies on the cell below it.
pub fn offering_of(altar: Point) -> Point {
    altar.offset(0, 1)
}

/// The altar whose offering lies at `at`.
pub fn altar_of(offering: Point) -> Point {
    offering.offset(0, -1)
}

/// How far, left and right, and up and down, other altars of one choice
/// are looked for: a piece is at most 12 cells wide and 8 tall.
pub const CHOICE_REACH: (i32, i32) = (11, 2);

/// The cells where the other altars of a choice made at `altar` may be,
/// row by row (the altar itself left out).
pub fn choice_cells(altar: Point) -> impl Iterator<Item = Point> {
    let (rx, ry) = CHOICE_REACH;
    (-ry..=ry).flat_map(move |dy| (-rx..=rx).map(move |dx| altar.offset(dx, dy))).filter(move |p| *p != altar)
}

/// The log line when the player takes an altar's offering and `sealed`
/// others are barred.
pub fn choice_line(sealed: usize) -> &'static str {
    match sealed {
        0 => "The altar grows cold.",
        1 => "The altar grows cold, and iron bars slam down over the other offering!",
        _ => "The altar grows cold, and iron bars slam down over the other offerings!",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_door_is_found_after_four_turns_in_a_row_beside_it_with_a_hint_at_two() {
        let mut count = 0;
        let mut seen = Vec::new();
        for _ in 0..4 {
            let (next, what) = draught(count, true);
            count = next;
            seen.push(what);
        }
        assert_eq!(seen, [Draught::Nothing, Draught::Hint, Draught::Nothing, Draught::Found]);
        assert_eq!(count, 0, "counted afresh after a find");
        assert_eq!(draught(3, false), (0, Draught::Nothing), "a turn away starts the count again");
    }

    #[test]
    fn an_offering_lies_below_its_altar_and_the_other_altars_are_looked_for_nearby() {
        let altar = Point::new(10, 5);
        assert_eq!(offering_of(altar), Point::new(10, 6));
        assert_eq!(altar_of(offering_of(altar)), altar);
        let cells: Vec<Point> = choice_cells(altar).collect();
        assert_eq!(cells.len(), 23 * 5 - 1);
        assert!(!cells.contains(&altar));
        assert!(cells.contains(&Point::new(21, 5)) && cells.contains(&Point::new(-1, 3)));
        assert!(!cells.contains(&Point::new(22, 5)) && !cells.contains(&Point::new(10, 8)));
    }

    #[test]
    fn every_terrain_has_its_own_tile_and_words() {
        for (name, label, glyph, color, _, _, description) in TERRAINS {
            assert!(name.starts_with("vaults_"), "{name}: the plugin's prefix");
            assert_eq!(look(name, glyph, color).tile.as_str(), name);
            assert!(!label.is_empty() && description.ends_with('.'));
        }
        let (_, _, _, _, walkable, transparent, _) = TERRAINS[0];
        assert!(walkable && !transparent, "a found secret door is passed, not seen through");
        assert!(TERRAINS.iter().filter(|t| t.0 == BARS).all(|t| !t.4 && t.5), "bars: seen through, not passed");
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(choice_line(1), "The altar grows cold, and iron bars slam down over the other offering!");
        assert_eq!(choice_line(0), "The altar grows cold.");
        assert_eq!(around(Point::new(3, 3)).count(), 8);
    }
}
