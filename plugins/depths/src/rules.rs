//! The plugin's names, numbers, looks and words, with no game: every rule
//! of `docs/plugins/depths.md` that is a number or a line lives here.

use emberdeep_api::terrain_traits::{BURNABLE, DEADLY, DEEP, DIGGABLE, GROUND, HAZARD, LIQUID, WALL};
use emberdeep_api::{Damage, Look, Rgba};

/// A chasm: whoever walks in falls to the floor below.
pub const CHASM: &str = "depths_chasm";
/// The crumbling ground at a chasm's lip: open ground.
pub const CHASM_EDGE: &str = "depths_chasm_edge";
/// Lava: burns to ash whatever walks in.
pub const LAVA: &str = "depths_lava";
/// A bridge over a chasm or lava: walkable, and it burns.
pub const BRIDGE: &str = "depths_bridge";
/// A lake's deep water.
pub const LAKE_WATER: &str = "depths_lake_water";
/// The ruins' worn flagstones: open ground.
pub const FLAGSTONES: &str = "depths_flagstones";
/// The ruins' crumbling masonry: a wall.
pub const RUIN_WALL: &str = "depths_ruin_wall";

/// The status a potion of levitation lays: its bearer flies.
pub const LEVITATING: &str = "levitating";
/// The potion's effect name.
pub const LEVITATE: &str = "levitate";
/// How many turns a potion of levitation lasts when its record says none.
pub const LEVITATION_TURNS: i32 = 30;
/// How many turns before it ends the player is warned.
pub const WARN_TURNS: i32 = 3;

/// What a fall through a chasm does to the player.
pub const FALL: Damage = Damage { min: 1, max: 3 };
/// The `plunge` event a creature's fall or burning writes.
pub const PLUNGE: &str = "plunge";

/// One kind of terrain the plugin registers.
pub struct Kind {
    /// Its name.
    pub name: &'static str,
    /// What the player reads.
    pub label: &'static str,
    /// Its glyph.
    pub glyph: char,
    /// Its colour.
    pub color: (u8, u8, u8),
    /// Whether creatures stand on it.
    pub walkable: bool,
    /// Whether sight passes.
    pub transparent: bool,
    /// Its traits.
    pub traits: &'static [&'static str],
    /// The look panel's words.
    pub description: &'static str,
}

impl Kind {
    /// How it is drawn: its glyph and colour, its tile (its own name).
    pub fn look(&self) -> Look {
        let (r, g, b) = self.color;
        Look::new(self.glyph, Rgba::rgb(r, g, b), self.name)
    }
}

/// Every terrain of the plugin.
pub const KINDS: [Kind; 7] = [
    Kind {
        name: CHASM,
        label: "a chasm",
        glyph: ':',
        color: (120, 90, 200),
        walkable: true,
        transparent: true,
        traits: &[HAZARD, DEADLY],
        description: "A black drop to the floor below. Step in and you fall through, hurt for 1-3, and land one floor down; a monster that falls is gone from this floor. Whatever flies or levitates crosses it.",
    },
    Kind {
        name: CHASM_EDGE,
        label: "the edge of a chasm",
        glyph: '.',
        color: (130, 115, 150),
        walkable: true,
        transparent: true,
        traits: &[GROUND],
        description: "Cracked ground at the lip of a chasm. Safe to stand on; one more step and you fall.",
    },
    Kind {
        name: LAVA,
        label: "lava",
        glyph: '~',
        color: (250, 110, 30),
        walkable: true,
        transparent: true,
        traits: &[HAZARD, DEADLY],
        description: "Molten rock. Whatever walks into it burns to ash; only what flies or levitates crosses it. You will not step in on foot.",
    },
    Kind {
        name: BRIDGE,
        label: "a rope bridge",
        glyph: '=',
        color: (180, 130, 70),
        walkable: true,
        transparent: true,
        traits: &[BURNABLE],
        description: "Planks lashed with rope across the drop. It holds your weight, but it burns: whoever stands on it when it is gone falls.",
    },
    Kind {
        name: LAKE_WATER,
        label: "deep lake water",
        glyph: '~',
        color: (50, 90, 200),
        walkable: true,
        transparent: true,
        traits: &[LIQUID, DEEP, HAZARD],
        description: "Cold, dark lake water over your head. You swim through it; whatever flies crosses it dry.",
    },
    Kind {
        name: FLAGSTONES,
        label: "worn flagstones",
        glyph: '.',
        color: (160, 150, 120),
        walkable: true,
        transparent: true,
        traits: &[GROUND],
        description: "Flagstones of a fallen hall, worn smooth and cracked.",
    },
    Kind {
        name: RUIN_WALL,
        label: "crumbling masonry",
        glyph: '#',
        color: (150, 135, 100),
        walkable: false,
        transparent: false,
        traits: &[WALL, DIGGABLE],
        description: "Old dressed stone, mossy and crumbling: the walls of a hall long fallen.",
    },
];

/// The kind called `name`, if the plugin has one.
pub fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

/// The line when the player falls into a chasm, hurt for `dealt`.
pub fn fall_line(dealt: i32) -> String {
    format!("You plunge into the chasm and are hurt for {dealt} in the fall!")
}

/// The line the player reads as they land.
pub const LANDED: &str = "You tumble down through the dark and land on the floor below.";

/// The line when monster `name` falls into a chasm in sight.
pub fn monster_falls(name: &str) -> String {
    format!("The {name} plunges into the chasm!")
}

/// The line when monster `name` burns in lava in sight.
pub fn monster_burns(name: &str) -> String {
    format!("The {name} is consumed by the lava!")
}

/// The line when the player burns in lava.
pub const PLAYER_BURNS: &str = "You sink into the lava and burn to ash!";

/// Why the player does not step into lava on foot.
pub const NO_LAVA: &str = "The lava would burn you to ash. You stay where you are.";

/// The line when levitation starts.
pub const FLOATING: &str = "You float up into the air!";
/// The line when levitation is about to end.
pub const SINKING: &str = "You begin to drift back down.";
/// The line when levitation ends.
pub const LANDING: &str = "Your feet touch the ground again.";

/// The vampire bat heals by this share of what it bites, in percent.
pub const BAT_DRINKS_PERCENT: i32 = 100;
/// A harpy shoves what it strikes one cell back this often in 100 hits.
pub const HARPY_SHOVE_PERCENT: i32 = 50;
/// A phantom under half its health seeks a chasm or lava this near.
pub const PHANTOM_REFUGE_REACH: i32 = 8;
/// ...and heals this much each turn it hovers there.
pub const PHANTOM_HEALS: i32 = 2;

/// Which floors the plugin makes, each run under its generator's name.
pub const FLOORS: [(&str, u32, u32); 4] =
    [("depths_lakes", 5, 6), ("depths_ruins", 7, 7), ("depths_lakes_deep", 10, 10), ("depths_ruins_deep", 11, 11)];

/// Whether lava may be a lake on floor `depth`.
pub fn lava_from(depth: u32) -> bool {
    depth >= 10
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chasms_and_lava_are_deadly_hazards_and_a_bridge_burns() {
        let traits = |n: &str| kind(n).unwrap().traits;
        assert!(traits(CHASM).contains(&DEADLY) && traits(CHASM).contains(&HAZARD));
        assert!(traits(LAVA).contains(&DEADLY) && traits(LAVA).contains(&HAZARD));
        assert!(traits(BRIDGE).contains(&BURNABLE) && !traits(BRIDGE).contains(&HAZARD));
        assert!(!traits(LAKE_WATER).contains(&DEADLY), "one swims through a lake");
        assert!(KINDS.iter().all(|k| k.walkable != k.traits.contains(&WALL)));
    }

    #[test]
    fn the_floors_leave_the_first_two_and_the_deepest_to_the_game() {
        let made = |f: u32| FLOORS.iter().any(|&(_, a, b)| (a..=b).contains(&f));
        assert!(!made(1) && !made(2) && made(5) && made(7) && made(10) && made(11) && !made(12));
        assert!(!lava_from(9) && lava_from(10));
    }
}
