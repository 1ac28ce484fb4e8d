//! The level feature that lays the plugin's terrain on floors 1 to 12:
//! hidden traps, patches of rubble, and now and then a pool of deep water.
//! It lays them only on open ground (the host's floor, a cave's ground,
//! any terrain with the trait `ground`), never on the start or the stairs
//! nor beside the start, so every way stays open (traps, rubble and water
//! are all walkable).

use emberdeep_api::terrain_traits::GROUND;
use emberdeep_api::{Floor, LevelFeature, PluginResult, Point, DIRECTIONS};

use crate::rules;

/// Tries at a free cell before giving up on a thing.
const TRIES: u32 = 40;

/// The feature.
pub struct Lay;

/// Whether `p` may take new terrain: open ground, not the start or the
/// stairs, nor beside the start.
fn open(floor: &Floor<'_>, p: Point) -> bool {
    let start = floor.start();
    floor.terrain_has(p, GROUND) && Some(p) != floor.stairs() && start.is_none_or(|s| s != p && !s.is_adjacent(p))
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
