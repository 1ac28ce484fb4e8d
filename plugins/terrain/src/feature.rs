//! The level feature that lays the plugin's terrain on floors 1 to 12:
//! hidden traps, patches of rubble, and now and then a pool of deep water.
//! It lays them only on plain floor, never on the start or the stairs nor
//! beside the start, so every way stays open (traps, rubble and water are
//! all walkable).

use emberdeep_api::{Floor, LevelFeature, PluginResult, Point, DIRECTIONS};

use crate::rules;

/// Tries at a free cell before giving up on a thing.
const TRIES: u32 = 40;

/// The feature.
pub struct Lay;

/// Whether `p` may take new terrain: plain floor, not the start or the
/// stairs, nor beside the start.
fn open(floor: &Floor<'_>, p: Point) -> bool {
    let start = floor.start();
    floor.terrain_at(p) == "floor" && Some(p) != floor.stairs() && start.is_none_or(|s| s != p && !s.is_adjacent(p))
}

/// A random cell of `floor` that [`open`] allows, within `TRIES` rolls.
fn some_open_cell(floor: &mut Floor<'_>) -> Option<Point> {
    let (w, h) = floor.size();
    (0..TRIES).find_map(|_| {
        let p = Point::new(floor.roll(1, (w - 2).max(1)), floor.roll(1, (h - 2).max(1)));
        open(floor, p).then_some(p)
    })
}

impl LevelFeature for Lay {
    fn shape(&self, floor: &mut Floor<'_>, depth: u32) -> PluginResult<()> {
        lay_traps(floor, depth);
        lay_rubble(floor, depth);
        lay_pool(floor);
        Ok(())
    }
}

/// [`rules::traps_on`] traps, each picked by [`rules::trap_weights`].
pub fn lay_traps(floor: &mut Floor<'_>, depth: u32) {
    let weights = rules::trap_weights(depth);
    let total: u32 = weights.iter().sum();
    for _ in 0..rules::traps_on(depth) {
        let name = rules::pick_trap(weights, floor.roll(1, total as i32) as u32);
        if let Some(p) = some_open_cell(floor) {
            floor.set_terrain(p, name);
        }
    }
}

/// [`rules::rubble_patches`] patches, each a short walk of rubble.
pub fn lay_rubble(floor: &mut Floor<'_>, depth: u32) {
    for _ in 0..rules::rubble_patches(depth) {
        let Some(mut p) = some_open_cell(floor) else { continue };
        let cells = floor.roll(rules::RUBBLE_CELLS.0, rules::RUBBLE_CELLS.1);
        for _ in 0..cells {
            if open(floor, p) {
                floor.set_terrain(p, rules::RUBBLE);
            }
            let (dx, dy) = DIRECTIONS[floor.roll(0, DIRECTIONS.len() as i32 - 1) as usize];
            p = p.offset(dx, dy);
        }
    }
}

/// A pool of deep water, on two floors in five: the open cells within its
/// radius of a centre.
pub fn lay_pool(floor: &mut Floor<'_>) {
    if floor.roll(1, rules::POOL_CHANCE.1) > rules::POOL_CHANCE.0 {
        return;
    }
    let Some(centre) = some_open_cell(floor) else { return };
    let radius = floor.roll(rules::POOL_RADIUS.0, rules::POOL_RADIUS.1);
    for dy in -radius..=radius {
        for dx in -radius..=radius {
            // Round: the corners of the square are left dry.
            if dx * dx + dy * dy > radius * radius + 1 {
                continue;
            }
            let p = centre.offset(dx, dy);
            if open(floor, p) {
                floor.set_terrain(p, rules::DEEP_WATER);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::abi::{FloorMaker, FloorMaker_TO};
    use emberdeep_api::abi_stable::sabi_trait::TD_Opaque;
    use emberdeep_api::abi_stable::std_types::{ROption, RStr, RString};
    use std::collections::BTreeMap;

    /// A 30 x 12 room: floor inside a wall ring, the start at 2,2 and
    /// the stairs at 27,9; rolls from a small fixed generator.
    struct Room {
        cells: BTreeMap<Point, String>,
        dice: u64,
    }

    impl Room {
        fn new(seed: u64) -> Room {
            let mut cells = BTreeMap::new();
            for y in 0..12 {
                for x in 0..30 {
                    let edge = x == 0 || y == 0 || x == 29 || y == 11;
                    cells.insert(Point::new(x, y), if edge { "wall" } else { "floor" }.to_string());
                }
            }
            Room { cells, dice: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1 }
        }
        fn count(&self, name: &str) -> usize {
            self.cells.values().filter(|n| *n == name).count()
        }
    }

    impl FloorMaker for Room {
        fn size(&self) -> Point {
            Point::new(30, 12)
        }
        fn roll(&mut self, min: i32, max: i32) -> i32 {
            self.dice ^= self.dice << 13;
            self.dice ^= self.dice >> 7;
            self.dice ^= self.dice << 17;
            min + (self.dice % ((max - min + 1).max(1) as u64)) as i32
        }
        fn terrain_at(&self, at: Point) -> RString {
            self.cells.get(&at).cloned().unwrap_or_else(|| "wall".into()).into()
        }
        fn set_terrain(&mut self, at: Point, name: RStr<'_>) -> bool {
            self.cells.insert(at, name.into()).is_some()
        }
        fn set_start(&mut self, _at: Point) {}
        fn set_stairs(&mut self, _at: Point) {}
        fn start(&self) -> ROption<Point> {
            ROption::RSome(Point::new(2, 2))
        }
        fn stairs(&self) -> ROption<Point> {
            ROption::RSome(Point::new(27, 9))
        }
        fn monster(&mut self, _kind: RStr<'_>, _at: Point, _side: RStr<'_>) {}
    }

    fn shaped(seed: u64, depth: u32) -> Room {
        let mut room = Room::new(seed);
        Lay.shape(&mut Floor::new(FloorMaker_TO::from_ptr(&mut room, TD_Opaque)), depth).unwrap();
        room
    }

    #[test]
    fn traps_rubble_and_pools_are_laid_on_plain_floor_only() {
        let mut pools = 0;
        for seed in 1..40 {
            let room = shaped(seed, 6);
            let traps: usize = rules::TRAPS.iter().map(|t| room.count(t)).sum();
            assert!(traps >= 3 && traps <= rules::traps_on(6) as usize, "seed {seed}: {traps}");
            assert!(room.count(rules::RUBBLE) >= 1, "seed {seed}");
            pools += usize::from(room.count(rules::DEEP_WATER) > 0);
            assert_eq!(room.count("wall"), 2 * 30 + 2 * 10, "no wall touched");
            for p in [Point::new(2, 2), Point::new(27, 9), Point::new(3, 3), Point::new(1, 1)] {
                assert_eq!(room.cells[&p], "floor", "seed {seed}: the start, its ring and the stairs stay floor");
            }
        }
        assert!(pools > 5 && pools < 30, "some floors have a pool: {pools} of 39");
    }

    #[test]
    fn the_first_floor_has_darts_only_and_deeper_floors_more_kinds() {
        let first: usize =
            (1..30).map(|s| shaped(s, 1)).map(|r| r.count(rules::PIT_TRAP) + r.count(rules::NET_TRAP)).sum();
        assert_eq!(first, 0);
        let deep: Vec<Room> = (1..30).map(|s| shaped(s, 12)).collect();
        for trap in rules::TRAPS {
            assert!(deep.iter().any(|r| r.count(trap) > 0), "{trap} on floor 12");
        }
    }
}
