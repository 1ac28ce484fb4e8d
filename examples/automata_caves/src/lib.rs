//! An example Emberdeep plugin, `automata_caves`: cave floors. Floors 2 to 4 are caves made
//! by a cellular automaton ([`rules::carve`]) instead of the game's rooms
//! and corridors; every other floor is the game's own. The game fills the
//! caves with monsters and items as it fills its rooms, checks what the
//! generator made (a closed border, the stairs reachable from the start),
//! and makes the floor itself, with one line saying why, if it were wrong.

use emberdeep_api::{export_plugin, Floor, LevelGen, PluginError, PluginResult, Point, Registrar};

pub mod rules;

/// The generator: carves the cave the rules make on the floor it is lent.
pub struct Caves;

impl LevelGen for Caves {
    fn generate(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        let (w, h) = floor.size();
        let cave = rules::carve(w, h, |min, max| floor.roll(min, max)).ok_or("no cell of the cave is open")?;
        for (i, _) in cave.open.iter().enumerate().filter(|(_, open)| **open) {
            floor.set_terrain(Point::new(i as i32 % w, i as i32 / w), "floor");
        }
        floor.set_start(Point::new(cave.start.0, cave.start.1));
        floor.set_stairs(Point::new(cave.stairs.0, cave.stairs.1));
        Ok(())
    }
}

/// The first and last floor that are caves.
pub const CAVE_FLOORS: (u32, u32) = (2, 4);

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: cave floors made by a cellular automaton on floors 2 to 4", "");
    reg.level_gen("automata_caves", CAVE_FLOORS.0, CAVE_FLOORS.1, Caves).writes_no_events();
    Ok(())
}

export_plugin!(register);
