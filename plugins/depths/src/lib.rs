//! # depths: chasms, lava and levitation, lake floors and ruins
//!
//! * Terrains of its own, by meaning (api 1.6 traits, 1.7 `deadly`): a
//!   chasm (whoever walks in falls to the floor below, the player hurt for
//!   1-3; a monster that falls is gone), its edge, lava (burns to ash what
//!   walks in), a rope bridge (`burnable`: whoever stands on it when it is
//!   gone falls), deep lake water, and the ruins' flagstones and masonry
//!   ([`hazards`]).
//! * Flying (api 1.7): the potion of levitation and its status
//!   ([`levitation`]); three monsters that fly, each with a rule of its
//!   own ([`fliers`]).
//! * Two kinds of floor: lakes and chasms cut through rooms on floors 5-6
//!   and 10, ruins on floors 7 and 11 ([`carve`]).
//!
//! Every rule and number is in `docs/plugins/depths.md`.
#![allow(non_local_definitions)]

pub mod carve;
pub mod fliers;
pub mod hazards;
pub mod levitation;
pub mod rules;

use carve::Cell;
use emberdeep_api::{
    export_plugin, Floor, LevelGen, PluginError, PluginResult, Point, Registrar, Rgba, StatusEffect, StatusSpec,
    TerrainCode, TerrainSpec,
};

/// Which kind of floor a generator makes.
#[derive(Clone, Copy)]
pub enum Kind {
    /// Rooms with lakes laid over them.
    Lakes,
    /// A fallen keep's halls.
    Ruins,
}

/// A generator of the plugin's floors.
pub struct Depths(pub Kind);

impl LevelGen for Depths {
    fn generate(&self, floor: &mut Floor<'_>, depth: u32) -> PluginResult<()> {
        let (w, h) = floor.size();
        let roll = |min: i32, max: i32| floor.roll(min, max);
        let (carved, ground, wall) = match self.0 {
            Kind::Lakes => (carve::lakes(w, h, depth, roll), "floor", "wall"),
            Kind::Ruins => (carve::ruins(w, h, roll), rules::FLAGSTONES, rules::RUIN_WALL),
        };
        let carved = carved.ok_or("the floor is too small")?;
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                let name = match carved.at(x, y) {
                    Cell::Wall => wall,
                    Cell::Floor => ground,
                    Cell::Edge => rules::CHASM_EDGE,
                    Cell::Chasm => rules::CHASM,
                    Cell::Lava => rules::LAVA,
                    Cell::Water => rules::LAKE_WATER,
                    Cell::Bridge => rules::BRIDGE,
                };
                floor.set_terrain(Point::new(x, y), name);
            }
        }
        floor.set_start(Point::new(carved.start.0, carved.start.1));
        floor.set_stairs(Point::new(carved.stairs.0, carved.stairs.1));
        Ok(())
    }
}

/// Registers one terrain of [`rules::KINDS`] with its code.
fn terrain(reg: &mut Registrar, name: &str, code: impl TerrainCode) {
    let Some(kind) = rules::kind(name) else { return };
    let spec = TerrainSpec::new(kind.label, kind.look(), kind.walkable, kind.transparent)
        .described(kind.description)
        .traits(kind.traits);
    reg.terrain(name, spec, code);
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Chasms, lava and bridges, levitation and monsters that fly, lake floors and ruins", "");
    terrain(reg, rules::CHASM, hazards::Chasm);
    terrain(reg, rules::CHASM_EDGE, ());
    terrain(reg, rules::LAVA, hazards::Lava);
    terrain(reg, rules::BRIDGE, ());
    terrain(reg, rules::LAKE_WATER, ());
    terrain(reg, rules::FLAGSTONES, ());
    terrain(reg, rules::RUIN_WALL, ());
    let floating = StatusSpec::new("Levitating", '^', Rgba::rgb(170, 220, 255), StatusEffect::Marks);
    reg.status(rules::LEVITATING, floating, levitation::Levitating);
    reg.status_flies(rules::LEVITATING);
    reg.item_effect(rules::LEVITATE, levitation::Levitate);
    reg.brain(fliers::PHANTOM_BRAIN, fliers::Phantom);
    reg.hooks(fliers::DepthsHooks);
    reg.vetoes(hazards::NoLava);
    for (name, first, last) in rules::FLOORS {
        let kind = if name.starts_with("depths_lakes") { Kind::Lakes } else { Kind::Ruins };
        reg.level_gen(name, first, last, Depths(kind));
    }
    reg.event(rules::PLUNGE, &["creature", "x", "y", "into"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_its_terrains_status_brain_and_floors() {
        let mut reg = Registrar::new("depths", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!(names.terrains.len(), rules::KINDS.len());
        assert_eq!(names.statuses, [rules::LEVITATING]);
        assert_eq!(names.item_effects, [rules::LEVITATE]);
        assert_eq!(names.brains, [fliers::PHANTOM_BRAIN]);
        assert_eq!(names.level_gens, ["depths_lakes", "depths_ruins", "depths_lakes_deep", "depths_ruins_deep"]);
    }
}
