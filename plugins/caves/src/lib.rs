//! # caves: cave floors
//!
//! Floors 3 and 4, and 8 and 9, are caves instead of the game's rooms and
//! corridors ([`CAVE_FLOORS`]): ground rolled at random and smoothed by a
//! cellular automaton, every open region joined to the others by tunnels
//! (none is thrown away), the player arriving at one end of the cave's
//! longest walk and the stairs at the other ([`rules::carve`]).
//!
//! A cave has a look of its own: its rock is the terrain `caves_wall` and
//! its ground `caves_floor`, each with a glyph, a colour and a tile of this
//! plugin's sheet (`data/caves/tiles.png`, drawn from `sprites/caves.txt`).
//! The map's outer ring stays the host's wall, as the host asks of every
//! floor a generator makes. The host fills a cave with monsters and items
//! as it fills any generated floor (cut into blocks, each filled as a room),
//! and may lay map pieces in it.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::terrain_traits::{DIGGABLE, GROUND, WALL};
use emberdeep_api::{
    export_plugin, Floor, LevelGen, Look, PluginError, PluginResult, Point, Registrar, Rgba, TerrainSpec,
};

/// The cave's ground: walkable, seen through.
pub const CAVE_FLOOR: &str = "caves_floor";
/// The cave's rock: a wall.
pub const CAVE_WALL: &str = "caves_wall";
/// The floors that are caves, each run under its generator's name (which
/// the `floor` event names: `generator=caves`, `generator=caves_deep`):
/// two runs of two floors, so every run that goes deeper than floor 2
/// meets both kinds of floor. A generator's name is registered once, so
/// the deep run has a name of its own; both carve by the same rules.
pub const CAVE_FLOORS: [(&str, u32, u32); 2] = [("caves", 3, 4), ("caves_deep", 8, 9)];

/// How the cave's ground is drawn: a sandy `.` in glyphs, `caves_floor`
/// in tiles.
pub fn floor_look() -> Look {
    Look::new('.', Rgba::rgb(176, 140, 96), "caves_floor")
}

/// How the cave's rock is drawn: a brown `#` in glyphs, `caves_wall` in
/// tiles.
pub fn wall_look() -> Look {
    Look::new('#', Rgba::rgb(150, 100, 60), "caves_wall")
}

/// The look panel's words for the ground.
pub const FLOOR_DESCRIPTION: &str = "Uneven cave ground of packed grit and pebbles.";
/// The look panel's words for the rock.
pub const WALL_DESCRIPTION: &str = "The living rock of the cave, rough and damp.";

/// The generator: carves the cave the rules make on the floor it is lent.
pub struct Caves;

impl LevelGen for Caves {
    fn generate(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        let (w, h) = floor.size();
        let cave = rules::carve(w, h, |min, max| floor.roll(min, max)).ok_or("the floor is too small for a cave")?;
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                let name = if cave.is_open(x, y) { CAVE_FLOOR } else { CAVE_WALL };
                floor.set_terrain(Point::new(x, y), name);
            }
        }
        floor.set_start(Point::new(cave.start.0, cave.start.1));
        floor.set_stairs(Point::new(cave.stairs.0, cave.stairs.1));
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Cave floors grown by a cellular automaton on floors 3-4 and 8-9", "");
    // Open ground and diggable rock, as the host's floor and wall are: every
    // plugin that lays things on open ground, or digs, does so in caves too.
    let ground = TerrainSpec::new("cave ground", floor_look(), true, true).described(FLOOR_DESCRIPTION);
    reg.terrain(CAVE_FLOOR, ground.traits(&[GROUND]), ());
    let rock = TerrainSpec::new("cave rock", wall_look(), false, false).described(WALL_DESCRIPTION);
    reg.terrain(CAVE_WALL, rock.traits(&[WALL, DIGGABLE]), ());
    for (name, first, last) in CAVE_FLOORS {
        reg.level_gen(name, first, last, Caves);
    }
    reg.writes_no_events();
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_two_terrains_and_the_generator_for_both_runs_of_floors() {
        let mut reg = Registrar::new("caves", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!(names.terrains, [CAVE_FLOOR, CAVE_WALL]);
        assert_eq!(names.level_gens, ["caves", "caves_deep"]);
    }

    #[test]
    fn the_cave_floors_leave_floors_of_the_game_between_and_around_them() {
        let caves = |f: u32| CAVE_FLOORS.iter().any(|&(_, a, b)| (a..=b).contains(&f));
        assert!(!caves(1) && !caves(2) && caves(3) && caves(4) && !caves(5) && caves(8) && caves(9));
        assert!(!caves(12), "the deepest floor, with the goal, is the game's");
    }

    #[test]
    fn the_terrains_are_drawn_with_their_own_tiles() {
        assert_eq!(floor_look().tile.as_str(), "caves_floor");
        assert_eq!(wall_look().tile.as_str(), "caves_wall");
        assert_ne!(floor_look().color, wall_look().color);
    }
}
