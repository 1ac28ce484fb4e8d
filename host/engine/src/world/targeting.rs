//! The Targeting state as data: the shot being aimed (which effect, what
//! item, how it flies, what started it), where the cursor is, the creature
//! last shot at, and the path a shot takes. The rules that run it are in
//! [`crate::rules::aiming`]; how it looks on screen is the front end's.
//!
//! The path is [`shot_path`], one function for the shading, the look panel
//! and the shot: the line of fire from the player through the cursor
//! (Bresenham, or another straight line as long when a wall's corner cuts
//! that one: `sight::aimed_line_of_fire`), carried on to the range, cut at
//! walls and closed doors, at the first creature unless the shot passes
//! through, and at the cursor when the shot stops there.

use emberdeep_api::{AimRequest, EntityId, ItemUse, Look, Point};

use crate::core::map::Map;
use crate::core::sight::{aim_line, aimed_line_of_fire, line_through_walls};

/// How a cell lies on the aimed shot, for the front end to shade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shading {
    /// On the path the shot would take.
    Path,
    /// In the burst round the path's end.
    Burst,
}

/// One line of the look panel, as plain values: what it says and what kind
/// of thing it is; the front end picks the colours and draws the bar.
#[derive(Debug, Clone, PartialEq)]
pub enum LookLine {
    /// A heading or a plain fact ("Aiming", "Nothing there").
    Text(String),
    /// A hint or something unknown ("Tab: next target", "Out of sight").
    Hint(String),
    /// The creature under the cursor: its look, then its name and state.
    Creature {
        /// How it looks (its glyph and colour head the line).
        look: Look,
        /// "goblin (hunting)".
        text: String,
    },
    /// The creature's health.
    Health {
        /// Health left (never below 0).
        hp: i32,
        /// Most health.
        max: i32,
    },
    /// What the effect says of a shot at it (chance, damage).
    Effect(String),
    /// Why the shot would not go where the cursor is, or a danger to the player.
    Warning(String),
    /// That the creature is peaceful, not the player's enemy (api 1.6).
    Peaceful(String),
}

/// Why a shot fired now would end short of the cursor: what the look
/// panel warns of, and what firing asks about first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FallsShort {
    /// A wall or closed door (that the player sees or remembers) is on the
    /// line no further than the cursor: the shot hits it.
    Solid {
        /// A closed door rather than a wall.
        door: bool,
    },
    /// The cursor lies further than the shot's range.
    OutOfRange(i32),
    /// One of the player's allies stands on the line before the cursor:
    /// the shot would stop at it.
    Ally,
    /// One that is not the player's enemy nor its ally (a peaceful
    /// trader) stands on the line before the cursor: the shot would stop
    /// at it, and provoke it (api 1.6).
    Bystander,
}

impl FallsShort {
    /// The look panel's warning: "Blocked by a wall", "Out of range (8)".
    pub fn warning(self) -> String {
        match self {
            FallsShort::Solid { door } => format!("Blocked by {}", if door { "a door" } else { "a wall" }),
            FallsShort::OutOfRange(range) => format!("Out of range ({range})"),
            FallsShort::Ally => "An ally is in the way".to_string(),
            FallsShort::Bystander => "A peaceful creature is in the way".to_string(),
        }
    }
}

/// What started the aim, which decides what the trace calls the shot and
/// which pack slot a `Consumed` outcome takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AimSource {
    /// An item used from the pack (a scroll read).
    Read,
    /// `f`: the readied missile weapon.
    Fire,
    /// `t`: something thrown from the pack.
    Throw,
    /// A key a plugin answers (api 1.1's `Hooks::key`).
    Key,
}

impl AimSource {
    /// The `action` the trace writes when the shot is made.
    pub fn action(self) -> &'static str {
        match self {
            AimSource::Read => "aim",
            AimSource::Fire => "fire",
            AimSource::Throw => "throw",
            AimSource::Key => "key",
        }
    }
}

/// A shot waiting for its target: the effect to call back and how to aim.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingAim {
    /// The registered effect's name.
    pub effect: String,
    /// The plugin that registered it (the trace's `source`).
    pub plugin: String,
    /// The item, as the effect is told of it.
    pub item: ItemUse,
    /// Range, passing through, burst, stopping at the cursor.
    pub request: AimRequest,
    /// What started it.
    pub source: AimSource,
    /// The effect asked for a line through walls (a digging bolt).
    pub through_walls: bool,
    /// The item's kind was unknown until this use (its first reading): Esc
    /// puts it away, known now, for a turn and nothing else.
    pub first_use: bool,
}

impl PendingAim {
    /// A shot for `effect` (registered by `plugin`) with `item`, stopped by walls.
    pub fn new(effect: &str, plugin: &str, item: ItemUse, request: AimRequest, source: AimSource) -> PendingAim {
        PendingAim {
            effect: effect.into(),
            plugin: plugin.into(),
            item,
            request,
            source,
            through_walls: false,
            first_use: false,
        }
    }
}

/// The shot being aimed and where the cursor is.
#[derive(Debug, Clone, PartialEq)]
pub struct Aim {
    /// The shot.
    pub pending: PendingAim,
    /// The cell aimed at.
    pub cursor: Point,
}

/// The Targeting state's memory, kept on the game.
#[derive(Debug, Clone, Default)]
pub struct Targeting {
    /// The shot being aimed, if the player is aiming.
    pub aim: Option<Aim>,
    /// The creature last shot at: the next aim starts on it while it is in sight.
    pub last_target: Option<EntityId>,
}

/// The cells a shot from `from` at `cursor` passes: the line of fire to the
/// request's range, cut at the cursor if the shot stops there, and after the
/// first cell `occupied` says holds a creature unless the shot passes through.
pub fn shot_path(
    map: &Map,
    from: Point,
    cursor: Point,
    request: &AimRequest,
    occupied: impl Fn(Point) -> bool,
) -> Vec<Point> {
    shot_path_through(map, from, cursor, request, false, occupied)
}

/// [`shot_path`], or, when `through_walls`, the straight line through walls
/// and doors alike to the request's range or the map's edge.
pub fn shot_path_through(
    map: &Map,
    from: Point,
    cursor: Point,
    request: &AimRequest,
    through_walls: bool,
    occupied: impl Fn(Point) -> bool,
) -> Vec<Point> {
    let mut path = if through_walls {
        line_through_walls(map, from, cursor, request.range)
    } else {
        aimed_line_of_fire(map, from, cursor, request.range)
    };
    if request.stops_at_cursor {
        let reach = from.steps_to(cursor);
        path.retain(|p| p.steps_to(from) <= reach);
    }
    if !request.passes_through {
        if let Some(first) = path.iter().position(|&p| occupied(p)) {
            path.truncate(first + 1);
        }
    }
    path
}

/// The wall or closed door that cuts the shot's line from `from` through
/// `cursor` within `range` steps, if one does: the first cell of
/// [`aim_line`] that blocks sight, the one just past the end of the path.
pub fn solid_on_line(map: &Map, from: Point, cursor: Point, range: i32) -> Option<Point> {
    aim_line(map, from, cursor, range).into_iter().find(|p| map.blocks_sight(*p))
}
