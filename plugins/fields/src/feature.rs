//! What starts the fields: the level feature that lays grass and the two
//! traps on open ground (any terrain with the trait `ground`), the traps'
//! code, and the pocket of methane some deeper floors hold.

use emberdeep_api::terrain_traits::GROUND;
use emberdeep_api::{Ctx, EntityId, Floor, LevelFeature, MessageKind, PluginResult, Point, TerrainCode, DIRECTIONS};

use crate::rules::{self, FIRE_TRAP, GAS_TRAP, GRASS, METHANE, POISON_GAS};
use crate::spread;

/// Tries at a free cell before giving up on a thing.
const TRIES: u32 = 40;

/// The level feature.
pub struct Lay;

/// Whether `p` may take new terrain: open ground, not the start, nor
/// beside it, nor the stairs.
fn open(floor: &Floor<'_>, p: Point) -> bool {
    let start = floor.start();
    floor.terrain_has(p, GROUND) && Some(p) != floor.stairs() && start.is_none_or(|s| s != p && !s.is_adjacent(p))
}

fn some_open_cell(floor: &mut Floor<'_>) -> Option<Point> {
    let (w, h) = floor.size();
    (0..TRIES).find_map(|_| {
        let p = Point::new(floor.roll(1, (w - 2).max(1)), floor.roll(1, (h - 2).max(1)));
        open(floor, p).then_some(p)
    })
}

impl LevelFeature for Lay {
    fn shape(&self, floor: &mut Floor<'_>, depth: u32) -> PluginResult<()> {
        for _ in 0..rules::grass_patches(depth) {
            let Some(mut p) = some_open_cell(floor) else { continue };
            let cells = floor.roll(8, 20);
            for _ in 0..cells {
                if open(floor, p) {
                    floor.set_terrain(p, GRASS);
                }
                let (dx, dy) = DIRECTIONS[floor.roll(0, DIRECTIONS.len() as i32 - 1) as usize];
                p = p.offset(dx, dy);
            }
        }
        for (count, name) in [(rules::gas_traps(depth), GAS_TRAP), (rules::fire_traps(depth), FIRE_TRAP)] {
            for _ in 0..count {
                if let Some(p) = some_open_cell(floor) {
                    floor.set_terrain(p, name);
                }
            }
        }
        Ok(())
    }
}

/// On some deeper floors, a pocket of methane somewhere on open ground
/// out of the player's sight.
pub fn methane_pocket(ctx: &mut Ctx<'_>, floor: u32) {
    let roll = ctx.roll(1, 100);
    if !rules::has_methane(floor, roll) {
        return;
    }
    let (w, h) = ctx.map_size();
    for _ in 0..TRIES {
        let p = Point::new(ctx.roll(1, (w - 2).max(1)), ctx.roll(1, (h - 2).max(1)));
        if ctx.is_free(p) && ctx.terrain_has(p, GROUND) && !ctx.is_visible(p) {
            ctx.set_field(METHANE, p, rules::METHANE_POCKET);
            for (dx, dy) in DIRECTIONS {
                let n = p.offset(dx, dy);
                if ctx.is_walkable(n) {
                    ctx.set_field(METHANE, n, rules::METHANE_POCKET / 2);
                }
            }
            return;
        }
    }
}

/// The gas trap: the player who steps on it lets out caustic gas.
/// Monsters know their own traps and step over it.
pub struct GasTrap;

impl TerrainCode for GasTrap {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        if !who.is_player() {
            return Ok(());
        }
        ctx.message("A cloud of caustic gas billows up around you!", MessageKind::Danger);
        ctx.add_field(POISON_GAS, at, rules::TRAP_GAS);
        ctx.event("trap_gas", &[("x", at.x.into()), ("y", at.y.into())]);
        Ok(())
    }
}

/// The fire trap: the player who steps on it bursts into flame, and the
/// cells around with it.
pub struct FireTrap;

impl TerrainCode for FireTrap {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        if !who.is_player() {
            return Ok(());
        }
        ctx.message("Flames burst up around you!", MessageKind::Danger);
        spread::ignite(ctx, at, rules::FIRE_FLASH, "trap");
        for (dx, dy) in DIRECTIONS {
            spread::ignite(ctx, at.offset(dx, dy), rules::FIRE_FLASH, "trap");
        }
        Ok(())
    }
}
