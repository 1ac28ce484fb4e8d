//! # cave_moss: glowing moss on cave floors only
//!
//! A level feature that acts on one generator's floors and leaves every
//! other floor alone, decided by what made the floor, not by guessing from
//! its terrain's names. It shows the calls of api 1.6 that let plugins
//! compose by meaning:
//!
//! * [`Floor::generator`] says what made the floor the feature is lent:
//!   the caves plugin's generator, or the host's rooms (`host`, `rooms`).
//!   The feature claims every floor and grows moss only where the caves
//!   plugin made it;
//! * [`Floor::terrain_has`] with [`GROUND`] finds open ground, whichever
//!   plugin's it is (a cave's `caves_floor` here), never by the name
//!   `floor`;
//! * [`TerrainSpec::traits`] says what the moss is: open ground itself,
//!   so monsters, items and other plugins' traps still come onto it;
//!
//! Each floor the moss grows on logs `moss` with the floor and the cells
//! grown over (`tracing`: a `log` event of this plugin's in the trace). The rules live in [`rules`], tested without a game.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::terrain_traits::GROUND;
use emberdeep_api::{export_plugin, Floor, LevelFeature, PluginError, PluginResult, Point, Registrar, TerrainSpec};

use rules::{MOSS, MOSS_CELLS, PATCHES};

/// The feature: moss on the caves plugin's floors.
pub struct Moss;

impl LevelFeature for Moss {
    fn shape(&self, floor: &mut Floor<'_>, depth: u32) -> PluginResult<()> {
        let Some(made_by) = floor.generator() else { return Ok(()) };
        if !rules::grows_on(&made_by.plugin) {
            return Ok(());
        }
        let (w, h) = floor.size();
        let mut grown = 0;
        for _ in 0..PATCHES {
            let mut at = Point::new(floor.roll(1, w - 2), floor.roll(1, h - 2));
            for _ in 0..MOSS_CELLS {
                if floor.terrain_has(at, GROUND) && Some(at) != floor.stairs() && Some(at) != floor.start() {
                    floor.set_terrain(at, MOSS);
                    grown += 1;
                }
                let (dx, dy) = emberdeep_api::DIRECTIONS[floor.roll(0, 7) as usize];
                at = at.offset(dx, dy);
            }
        }
        tracing::info!(floor = depth, cells = grown, "moss");
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: glowing moss that grows only on floors the caves plugin made", "");
    let spec =
        TerrainSpec::new(rules::LABEL, rules::look(), true, true).described(rules::DESCRIPTION).traits(&[GROUND]);
    reg.terrain(MOSS, spec, ());
    reg.level_feature("cave_moss", 1, 12, Moss);
    reg.writes_no_events();
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestFloor;

    /// A floor made of the caves plugin's ground, as its generator makes it.
    fn cave(by: &str) -> TestFloor {
        let mut made = TestFloor::made(30, 12, Point::new(1, 1), Point::new(28, 10))
            .with_terrain("caves_floor", &[GROUND])
            .by(by, "caves");
        for y in 1..11 {
            for x in 1..29 {
                if Some(Point::new(x, y)) != made.stairs {
                    made.terrain.insert(Point::new(x, y), "caves_floor".into());
                }
            }
        }
        made
    }

    #[test]
    fn moss_grows_on_the_caves_plugin_s_ground_and_nowhere_else() {
        let mut made = cave("caves");
        Moss.shape(&mut made.floor(), 3).unwrap();
        let moss = made.terrain.values().filter(|t| *t == MOSS).count();
        assert!(moss > 0 && moss <= (PATCHES * MOSS_CELLS) as usize, "{moss} cells of moss");
        assert_eq!(made.terrain.get(&made.stairs.unwrap()).map(String::as_str), Some("stairs_down"));
        // The same ground made by another plugin's generator: no moss.
        let mut other = cave("automata_caves");
        Moss.shape(&mut other.floor(), 3).unwrap();
        assert!(other.terrain.values().all(|t| t != MOSS));
    }
}
