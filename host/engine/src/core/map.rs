//! The dungeon floor as a grid of tiles, plus what the player remembers of it.
//! Everything outside the grid behaves as solid wall, so callers never need
//! to bounds-check before asking about a cell.

use emberdeep_api::{Point, TerrainHidden};

/// What one cell of the floor is made of.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tile {
    /// Solid rock: blocks movement and sight.
    Wall,
    /// Open ground.
    Floor,
    /// A shut door: blocks sight; creatures open it by walking into it.
    DoorClosed,
    /// An open door: behaves like floor.
    DoorOpen,
    /// The way down to the next floor.
    StairsDown,
    /// A terrain a plugin registered (a trap, water, rubble).
    Plugin(PluginTile),
}

/// A cell of a plugin's terrain: which one (its index in the loaded
/// plugins' terrains), what it lets through, and whether it still hides.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PluginTile {
    /// The terrain's index among the loaded plugins' terrains.
    pub kind: u16,
    /// Whether creatures can stand on it.
    pub walkable: bool,
    /// Whether sight passes through it.
    pub transparent: bool,
    /// How it hides from the player now (`Shown` once found).
    pub hidden: TerrainHidden,
    /// Whether its kind has the trait `deadly` (api 1.7: lava, a chasm):
    /// a creature that does not fly never walks onto it of its own accord.
    pub deadly: bool,
}

impl PluginTile {
    /// Whether it behaves as a wall for now (a secret door not yet found).
    pub(crate) fn walled(self) -> bool {
        self.hidden == TerrainHidden::AsWall
    }
}

impl Tile {
    /// Every terrain the host has, in a fixed order.
    pub const ALL: [Tile; 5] = [Tile::Wall, Tile::Floor, Tile::DoorClosed, Tile::DoorOpen, Tile::StairsDown];

    /// Its name where a file names a terrain (`check`'s `terrain X,Y =
    /// NAME`): the name of its tile in the atlas, `wall`, `floor`,
    /// `door_closed`, `door_open` or `stairs_down`; `None` for a plugin's
    /// terrain, whose name the loaded plugins know.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Tile::Wall => Some("wall"),
            Tile::Floor => Some("floor"),
            Tile::DoorClosed => Some("door_closed"),
            Tile::DoorOpen => Some("door_open"),
            Tile::StairsDown => Some("stairs_down"),
            Tile::Plugin(_) => None,
        }
    }

    /// The host terrain called `name` ([`Tile::name`]), if the host has one.
    pub fn named(name: &str) -> Option<Tile> {
        Tile::ALL.into_iter().find(|t| t.name() == Some(name))
    }

    /// Whether a creature can move into it (a closed door opens as it does).
    pub fn is_passable(self) -> bool {
        match self {
            Tile::Floor | Tile::DoorOpen | Tile::StairsDown | Tile::DoorClosed => true,
            Tile::Plugin(t) => t.walkable && !t.walled(),
            Tile::Wall => false,
        }
    }

    /// Whether a creature that does not fly moves into it of its own
    /// accord (api 1.7): passable, and not `deadly` (lava, a chasm).
    pub fn is_safe_step(self) -> bool {
        self.is_passable() && !matches!(self, Tile::Plugin(t) if t.deadly)
    }

    /// Whether a creature can stand on it.
    pub fn is_walkable(self) -> bool {
        self.is_passable() && self != Tile::DoorClosed
    }

    /// Whether it stops a line of sight.
    pub fn blocks_sight(self) -> bool {
        match self {
            Tile::Wall | Tile::DoorClosed => true,
            Tile::Plugin(t) => !t.transparent || t.walled(),
            Tile::Floor | Tile::DoorOpen | Tile::StairsDown => false,
        }
    }
}

/// A rectangular floor of tiles and the cells the player has seen before.
#[derive(Clone, Debug)]
pub struct Map {
    width: i32,
    height: i32,
    tiles: Vec<Tile>,
    remembered: Vec<bool>,
}

impl Map {
    /// A `width` x `height` map where every cell is `tile`
    /// (negative sizes are treated as 0).
    pub fn new_filled(width: i32, height: i32, tile: Tile) -> Map {
        let width = width.max(0);
        let height = height.max(0);
        let cells = (width as usize) * (height as usize);
        Map { width, height, tiles: vec![tile; cells], remembered: vec![false; cells] }
    }

    /// Number of columns.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// Whether `p` lies on the map.
    pub fn in_bounds(&self, p: Point) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }

    /// The index of `p` in the row-major vectors, if it is on the map.
    fn index(&self, p: Point) -> Option<usize> {
        if self.in_bounds(p) {
            Some((p.y * self.width + p.x) as usize)
        } else {
            None
        }
    }

    /// The tile at `p`; `Wall` off the map.
    pub fn tile(&self, p: Point) -> Tile {
        self.index(p).map_or(Tile::Wall, |i| self.tiles[i])
    }

    /// Changes the tile at `p`; does nothing off the map.
    pub fn set_tile(&mut self, p: Point, t: Tile) {
        if let Some(i) = self.index(p) {
            self.tiles[i] = t;
        }
    }

    /// Whether a creature can stand at `p` right now.
    pub fn is_walkable(&self, p: Point) -> bool {
        self.tile(p).is_walkable()
    }

    /// Whether a creature can move into `p`, counting a closed door as
    /// passable because walking into it opens it.
    pub fn is_passable(&self, p: Point) -> bool {
        self.tile(p).is_passable()
    }

    /// Every tile, row by row.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// Whether `p` stops a line of sight (off the map always does).
    pub fn blocks_sight(&self, p: Point) -> bool {
        self.tile(p).blocks_sight()
    }

    /// Whether the player has seen `p` before (false off the map).
    pub fn is_remembered(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.remembered[i])
    }

    /// Marks `p` as seen; does nothing off the map.
    pub fn remember(&mut self, p: Point) {
        if let Some(i) = self.index(p) {
            self.remembered[i] = true;
        }
    }

    /// Every cell of the map, row by row, left to right.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_filled_has_the_size_and_tile() {
        let m = Map::new_filled(5, 3, Tile::Floor);
        assert_eq!((m.width(), m.height()), (5, 3));
        assert!(m.points().all(|p| m.tile(p) == Tile::Floor));
        assert_eq!(m.points().count(), 15);
    }

    #[test]
    fn off_the_map_is_wall_and_set_is_ignored() {
        let mut m = Map::new_filled(3, 3, Tile::Floor);
        for p in [Point::new(-1, 0), Point::new(0, -1), Point::new(3, 0), Point::new(0, 3)] {
            assert!(!m.in_bounds(p));
            assert_eq!(m.tile(p), Tile::Wall);
            assert!(m.blocks_sight(p));
            assert!(!m.is_passable(p));
            m.set_tile(p, Tile::Floor);
            m.remember(p);
            assert!(!m.is_remembered(p));
        }
    }

    #[test]
    fn tile_properties() {
        let mut m = Map::new_filled(5, 1, Tile::Wall);
        let tiles = [Tile::Wall, Tile::Floor, Tile::DoorClosed, Tile::DoorOpen, Tile::StairsDown];
        for (x, t) in tiles.iter().enumerate() {
            m.set_tile(Point::new(x as i32, 0), *t);
        }
        let walk: Vec<bool> = (0..5).map(|x| m.is_walkable(Point::new(x, 0))).collect();
        let pass: Vec<bool> = (0..5).map(|x| m.is_passable(Point::new(x, 0))).collect();
        let block: Vec<bool> = (0..5).map(|x| m.blocks_sight(Point::new(x, 0))).collect();
        assert_eq!(walk, [false, true, false, true, true]);
        assert_eq!(pass, [false, true, true, true, true]);
        assert_eq!(block, [true, false, true, false, false]);
    }

    #[test]
    fn each_terrain_is_found_by_its_name_and_no_other() {
        for tile in Tile::ALL {
            assert_eq!(Tile::named(tile.name().unwrap()), Some(tile));
        }
        assert_eq!(Tile::named("door"), None);
        assert_eq!(Tile::named("Floor"), None);
    }

    #[test]
    fn points_are_row_major() {
        let m = Map::new_filled(2, 2, Tile::Wall);
        let pts: Vec<Point> = m.points().collect();
        assert_eq!(pts, [Point::new(0, 0), Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)]);
    }

    #[test]
    fn remembering_and_forgetting() {
        let mut m = Map::new_filled(4, 4, Tile::Floor);
        let p = Point::new(2, 3);
        assert!(!m.is_remembered(p));
        m.remember(p);
        assert!(m.is_remembered(p));
        assert!(!m.is_remembered(Point::new(p.x + 1, p.y)));
    }

    #[test]
    fn negative_size_is_empty() {
        let m = Map::new_filled(-3, 4, Tile::Floor);
        assert_eq!(m.width(), 0);
        assert_eq!(m.points().count(), 0);
    }
}
