//! The moss's numbers, words and look, and which floors it grows on:
//! nothing here needs a game.

use emberdeep_api::{Look, Rgba};

/// The terrain's name.
pub const MOSS: &str = "cave_moss";
/// How the look panel writes it.
pub const LABEL: &str = "glowing moss";
/// The look panel's description.
pub const DESCRIPTION: &str = "A carpet of pale moss that glows faintly green. It grows only in caves.";
/// Patches of moss on a cave floor.
pub const PATCHES: u32 = 4;
/// Steps of one patch's random walk (each on open ground grows moss).
pub const MOSS_CELLS: u32 = 6;
/// The plugin whose floors the moss grows on.
pub const CAVES: &str = "caves";

/// How both views draw the moss: a green `"` (no tile of its own: the
/// glyph is drawn in the tile view too).
pub fn look() -> Look {
    Look::new('"', Rgba::rgb(120, 230, 140), MOSS)
}

/// Whether moss grows on a floor made by `plugin`'s generator: the caves
/// plugin's only, never the host's rooms or another plugin's floors.
pub fn grows_on(plugin: &str) -> bool {
    plugin == CAVES
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::Generator;

    #[test]
    fn moss_grows_on_the_caves_plugin_s_floors_only() {
        assert!(grows_on(&Generator::new("caves", "caves_deep").plugin));
        assert!(!grows_on(&Generator::new("host", "rooms").plugin));
        assert!(!grows_on(&Generator::new("automata_caves", "caves").plugin), "another plugin's caves are not these");
    }
}
