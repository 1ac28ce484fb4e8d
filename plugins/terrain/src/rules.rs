//! The terrain's names, numbers and words, kept apart from the game so that
//! they are tested without one. Nothing here touches a `Ctx`: the other
//! modules read the game, then ask these functions what follows.

use emberdeep_api::terrain_traits::{DEEP, HAZARD, LIQUID};
use emberdeep_api::{Damage, Look, Point, Rgba};

/// The dart trap: a dart strikes whoever steps on it.
pub const DART_TRAP: &str = "trap_dart";
/// The net trap: a net holds whoever steps on it.
pub const NET_TRAP: &str = "trap_net";
/// The alarm trap: the player who steps on it wakes the floor.
pub const ALARM_TRAP: &str = "trap_alarm";
/// The pit trap: the player who steps on it falls to the next floor.
pub const PIT_TRAP: &str = "trap_pit";
/// Rubble: walkable, but climbing onto it costs a turn.
pub const RUBBLE: &str = "rubble";
/// Deep water: no reading in it, and what is dropped in it is lost.
/// Other plugins rely on this name.
pub const DEEP_WATER: &str = "deep_water";

/// The status a net puts on whoever it catches.
pub const NETTED: &str = "netted";
/// The status climbing onto rubble puts on the climber.
pub const CLAMBERING: &str = "clambering";

/// The traps, in the order the level feature's weights list them.
pub const TRAPS: [&str; 4] = [DART_TRAP, NET_TRAP, ALARM_TRAP, PIT_TRAP];

/// The search key.
pub const SEARCH_KEY: char = 's';

/// A dart's damage (armor does not stop it).
pub const DART: Damage = Damage::new(1, 4);
/// A fall into a pit's damage.
pub const FALL: Damage = Damage::new(1, 3);
/// The turns a net's status is put on for: counted down at the end of the
/// turn it catches, so the creature is held for this many turns less one
/// (three).
pub const NET_TURNS: i32 = 4;
/// The turns climbing onto rubble's status is put on for: the climber
/// loses the next turn (one extra turn).
pub const CLAMBER_TURNS: i32 = 2;
/// A search finds a hidden trap two cells away one time in this many.
pub const FAR_SEARCH_ONE_IN: i32 = 3;

/// How much louder than the floor is wide and high the alarm's noise is,
/// so that a sleeper in the farthest corner still wakes (the host wakes a
/// sleeper while 3 of a noise's loudness is left at its distance).
pub const ALARM_MARGIN: i32 = 3;

/// The deepest floor the level feature shapes.
pub const LAST_FLOOR: u32 = 12;

/// How each terrain is written and drawn.
pub struct Kind {
    /// Its terrain name.
    pub name: &'static str,
    /// How the log and the look panel write it.
    pub label: &'static str,
    /// The look panel's description.
    pub description: &'static str,
    /// The glyph view's character.
    pub glyph: char,
    /// The glyph's colour.
    pub color: (u8, u8, u8),
    /// The tile of the plugin's own sheet.
    pub tile: &'static str,
    /// What it is, by meaning (api 1.6's terrain traits).
    pub traits: &'static [&'static str],
}

impl Kind {
    /// Both views' look.
    pub fn look(&self) -> Look {
        let (r, g, b) = self.color;
        Look::new(self.glyph, Rgba::rgb(r, g, b), self.tile)
    }
}

/// Every terrain the plugin registers.
pub const KINDS: [Kind; 6] = [
    Kind {
        name: DART_TRAP,
        label: "a dart trap",
        description: "A pressure plate with holes around it. Whoever steps on it is struck by a dart for 1-4, armor or not.",
        glyph: '^',
        color: (240, 120, 200),
        tile: "terrain_dart_trap",
        traits: &[HAZARD],
    },
    Kind {
        name: NET_TRAP,
        label: "a net trap",
        description: "A loose plate under a weighted net. Whoever steps on it is held where they stand for 3 turns; they can still fight.",
        glyph: '^',
        color: (120, 200, 240),
        tile: "terrain_net_trap",
        traits: &[HAZARD],
    },
    Kind {
        name: ALARM_TRAP,
        label: "an alarm trap",
        description: "A tripwire to a bell. Stepped on, it rings through the whole floor: every monster wakes and hunts you.",
        glyph: '^',
        color: (250, 220, 80),
        tile: "terrain_alarm_trap",
        traits: &[HAZARD],
    },
    Kind {
        name: PIT_TRAP,
        label: "a pit trap",
        description: "A hidden shaft. Step on it and you fall to the next floor, hurt for 1-3. Monsters step round its edge.",
        glyph: '^',
        color: (170, 110, 60),
        tile: "terrain_pit_trap",
        traits: &[HAZARD],
    },
    Kind {
        name: RUBBLE,
        label: "rubble",
        description: "Fallen stone. Climbing onto it costs a turn more than a step.",
        glyph: ':',
        color: (160, 150, 130),
        tile: "terrain_rubble",
        traits: &[],
    },
    Kind {
        name: DEEP_WATER,
        label: "deep water",
        description: "Cold, dark water out of your depth. You cannot read while swimming, and what you drop here sinks out of reach.",
        glyph: '~',
        color: (60, 110, 230),
        tile: "terrain_deep_water",
        traits: &[LIQUID, DEEP, HAZARD],
    },
];

/// The kind named `name`.
pub fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

/// How far a search cell is from the searcher: 1 (found surely), 2 (found
/// one time in [`FAR_SEARCH_ONE_IN`]); the searcher's own cell is left out.
pub fn searched_cells(at: Point) -> Vec<(Point, i32)> {
    let mut cells = Vec::new();
    for dy in -2..=2 {
        for dx in -2..=2 {
            let reach = i32::max(i32::abs(dx), i32::abs(dy));
            if reach > 0 {
                cells.push((at.offset(dx, dy), reach));
            }
        }
    }
    cells
}

/// The log line after a search that found `found` hidden things (the host
/// says "You find a dart trap." for each one itself).
pub fn search_line(found: usize) -> Option<&'static str> {
    (found == 0).then_some("You search around you and find nothing.")
}

/// The log line of a dart striking `name` (`None`: the player) for `dealt`.
pub fn dart_line(name: Option<&str>, dealt: i32, kills: bool) -> String {
    match (name, kills) {
        (None, _) => format!("A dart shoots out of the floor and hits you for {dealt}!"),
        (Some(name), false) => format!("A dart shoots out of the floor and hits the {name} for {dealt}."),
        (Some(name), true) => format!("A dart shoots out of the floor and kills the {name}!"),
    }
}

/// The log line of a net falling on `name` (`None`: the player).
pub fn net_line(name: Option<&str>) -> String {
    match name {
        None => "A net drops over you! You are held fast.".to_string(),
        Some(name) => format!("A net drops over the {name}!"),
    }
}

/// What a netted player reads on trying to step away.
pub const NET_HOLDS: &str = "You struggle against the net.";
/// What the alarm says.
pub const ALARM: &str = "A bell clangs through the floor! Everything here is coming for you.";
/// What a pit says as the player falls (the host then says where they land).
pub const PIT: &str = "The floor gives way and you fall into a pit!";
/// What the player reads on climbing onto rubble.
pub const CLAMBER: &str = "You clamber over the rubble.";
/// What a player swimming in deep water reads on trying to read.
pub const NO_READING: &str = "You cannot read while swimming in deep water.";

/// The question before dropping `count` of an item named `name` (`plural`
/// for more than one) into deep water.
pub fn sink_question(name: &str, plural: &str, count: u32) -> String {
    match count {
        1 => format!("The {} will sink out of reach. Drop it anyway?", short(name)),
        _ => format!("The {} will sink out of reach. Drop them anyway?", short(plural)),
    }
}

/// The line as an item sinks.
pub fn sunk_line(name: &str, plural: &str, count: u32) -> String {
    match count {
        1 => format!("The {name} sinks out of reach."),
        _ => format!("The {plural} sink out of reach."),
    }
}

/// An item's name as the question says it: "potion" of "potion of healing".
fn short(name: &str) -> &str {
    name.split(" of ").next().unwrap_or(name)
}

/// How many traps floor `depth` gets: 2 on the first, one more every three
/// floors (6 on the twelfth).
pub fn traps_on(depth: u32) -> u32 {
    2 + depth / 3
}

/// The weights of [`TRAPS`] on floor `depth`: darts everywhere, nets from
/// floor 2, alarms from floor 3, pits from floor 4, the nasty ones
/// weighing more the deeper.
pub fn trap_weights(depth: u32) -> [u32; 4] {
    let d = depth as i64;
    let w = |from: i64, grow: i64| if d >= from { (1 + (d - from) / grow).min(6) as u32 } else { 0 };
    [4, w(2, 3) * 2, w(3, 3), w(4, 3)]
}

/// The trap a roll of `1..=total` of [`trap_weights`] picks.
pub fn pick_trap(weights: [u32; 4], roll: u32) -> &'static str {
    let mut left = roll;
    for (i, w) in weights.iter().enumerate() {
        if left <= *w {
            return TRAPS[i];
        }
        left -= w;
    }
    DART_TRAP
}

/// Patches of rubble on floor `depth`: 1 on floors 1-4, 2 deeper.
pub fn rubble_patches(depth: u32) -> u32 {
    if depth <= 4 {
        1
    } else {
        2
    }
}

/// Cells a rubble patch tries to cover.
pub const RUBBLE_CELLS: (i32, i32) = (3, 6);
/// A pool of deep water lies on a floor when a roll of 1..=5 is at most 2
/// (two floors in five); its radius is 1 or 2.
pub const POOL_CHANCE: (i32, i32) = (2, 5);
/// The radius a pool may have.
pub const POOL_RADIUS: (i32, i32) = (1, 2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_looks_two_cells_round_and_knows_how_far_each_is() {
        let cells = searched_cells(Point::new(5, 5));
        assert_eq!(cells.len(), 24);
        assert_eq!(cells.iter().filter(|(_, r)| *r == 1).count(), 8);
        assert!(cells.iter().all(|(p, _)| *p != Point::new(5, 5)));
        assert!(cells.contains(&(Point::new(7, 3), 2)));
    }

    #[test]
    fn deeper_floors_have_more_and_nastier_traps() {
        assert_eq!((traps_on(1), traps_on(3), traps_on(12)), (2, 3, 6));
        assert_eq!(trap_weights(1), [4, 0, 0, 0], "darts alone on the first floor");
        assert_eq!(trap_weights(2), [4, 2, 0, 0]);
        assert_eq!(trap_weights(4), [4, 2, 1, 1]);
        let deep = trap_weights(12);
        assert!(deep[2] > trap_weights(4)[2] && deep[3] > trap_weights(4)[3], "{deep:?}");
        for depth in 1..=LAST_FLOOR {
            let w = trap_weights(depth);
            let total: u32 = w.iter().sum();
            let picks: Vec<&str> = (1..=total).map(|r| pick_trap(w, r)).collect();
            for (i, name) in TRAPS.iter().enumerate() {
                assert_eq!(picks.iter().filter(|p| *p == name).count() as u32, w[i], "floor {depth}");
            }
        }
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(search_line(0), Some("You search around you and find nothing."));
        assert_eq!(search_line(1), None);
        assert_eq!(dart_line(None, 2, false), "A dart shoots out of the floor and hits you for 2!");
        assert_eq!(dart_line(Some("rat"), 3, true), "A dart shoots out of the floor and kills the rat!");
        assert_eq!(net_line(Some("goblin")), "A net drops over the goblin!");
        assert_eq!(
            sink_question("potion of healing", "potions of healing", 1),
            "The potion will sink out of reach. Drop it anyway?"
        );
        assert_eq!(sink_question("arrow", "arrows", 5), "The arrows will sink out of reach. Drop them anyway?");
        assert_eq!(
            sunk_line("potion of healing", "potions of healing", 1),
            "The potion of healing sinks out of reach."
        );
        assert_eq!(sunk_line("arrow", "arrows", 3), "The arrows sink out of reach.");
    }

    #[test]
    fn every_kind_has_its_own_tile_and_a_description() {
        for k in &KINDS {
            assert!(k.tile.starts_with("terrain_"), "{}", k.name);
            assert!(!k.description.is_empty());
            assert_eq!(kind(k.name).map(|k| k.tile), Some(k.tile));
        }
        assert_eq!(kind(DEEP_WATER).map(|k| k.name), Some("deep_water"), "other plugins rely on the name");
    }
}
