//! Plain data that crosses the boundary: points, entity ids, damage ranges,
//! colors and the small records the host hands to plugins.

use abi_stable::{
    std_types::{RString, RVec},
    StableAbi,
};

use crate::scene::Look;
use crate::traits::Param;

/// A cell on the map, in whole cells; `x` grows to the right, `y` downwards.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Point {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }

    /// Steps between two cells when a diagonal step counts as one
    /// (the Chebyshev distance), the distance every rule of the game uses.
    pub fn steps_to(self, other: Point) -> i32 {
        (self.x - other.x).abs().max((self.y - other.y).abs())
    }

    /// The point moved by `dx`, `dy`.
    pub const fn offset(self, dx: i32, dy: i32) -> Self {
        Point { x: self.x + dx, y: self.y + dy }
    }

    /// Whether the two cells touch, diagonals included (and are not the same cell).
    pub fn is_adjacent(self, other: Point) -> bool {
        self != other && self.steps_to(other) == 1
    }
}

/// The eight directions, in a fixed order (N, NE, E, SE, S, SW, W, NW), so that
/// anything that walks them is deterministic.
pub const DIRECTIONS: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// A creature's identity for the whole run. The player is always `EntityId::PLAYER`.
#[repr(transparent)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityId(pub u32);

impl EntityId {
    /// The player's id.
    pub const PLAYER: EntityId = EntityId(0);

    /// Whether this id is the player's.
    pub fn is_player(self) -> bool {
        self == Self::PLAYER
    }
}

/// A damage range, both ends included.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Damage {
    /// Least damage a roll gives.
    pub min: i32,
    /// Most damage a roll gives.
    pub max: i32,
}

impl Damage {
    /// The range `min..=max`.
    pub const fn new(min: i32, max: i32) -> Self {
        Damage { min, max }
    }
}

/// An RGB color with alpha.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rgba {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
    /// Alpha: 255 is solid.
    pub a: u8,
}

impl Rgba {
    /// A solid color.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Rgba { r, g, b, a: 255 }
    }

    /// The same color with another alpha.
    pub const fn with_alpha(self, a: u8) -> Self {
        Rgba { a, ..self }
    }

    /// The color scaled towards black: `percent` 100 keeps it, 0 is black.
    pub fn dimmed(self, percent: u8) -> Self {
        let f = |c: u8| ((c as u32 * percent as u32) / 100) as u8;
        Rgba { r: f(self.r), g: f(self.g), b: f(self.b), a: self.a }
    }
}

/// What a monster is doing, as the host tracks it.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MonsterState {
    /// Does nothing until a noise or a blow wakes it.
    Asleep,
    /// Walks about at random.
    Wandering,
    /// Goes after the player.
    Hunting,
}

impl MonsterState {
    /// The state's name as the trace and the look panel write it.
    pub fn name(self) -> &'static str {
        match self {
            MonsterState::Asleep => "asleep",
            MonsterState::Wandering => "wandering",
            MonsterState::Hunting => "hunting",
        }
    }
}

/// What a plugin may read of a creature (the player or a monster).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct CreatureInfo {
    /// The creature's id.
    pub id: EntityId,
    /// Its record id (`jackal`), or `player`.
    pub kind: RString,
    /// Its name as messages write it (`jackal`, `you`).
    pub name: RString,
    /// The name used in the trace (`jackal#3`, `player`).
    pub trace_name: RString,
    /// Where it stands.
    pub pos: Point,
    /// Health left.
    pub hp: i32,
    /// Most health it can have.
    pub max_hp: i32,
    /// Taken off every blow it suffers.
    pub defense: i32,
    /// The blows it deals, before the defender's defense.
    pub damage: Damage,
    /// How far it sees, in cells.
    pub sight: i32,
    /// Asleep, wandering or hunting (the player is always `Hunting`).
    pub state: MonsterState,
}

/// A blow, shot or burst that a plugin decided; the host applies it, logs it,
/// traces it as an `attack` event and removes the dead.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Attack {
    /// Who struck.
    pub attacker: EntityId,
    /// Who was struck at.
    pub target: EntityId,
    /// `melee`, `arrow`, `lightning`, `fireball`...
    pub kind: RString,
    /// Whether it hit.
    pub hit: bool,
    /// Damage done, already after defense (0 on a miss).
    pub damage: i32,
    /// Chance to hit in percent, for missiles; negative when it does not apply.
    pub chance: i32,
    /// Distance in steps, for missiles; negative when it does not apply.
    pub distance: i32,
    /// What the death screen says if this kills the player ("a jackal").
    pub killer: RString,
    /// The log line; empty for the host's usual one ("The jackal hits you for 2.").
    pub message: RString,
}

impl Attack {
    /// A melee blow that hits for `damage` (already after defense).
    pub fn melee(attacker: EntityId, target: EntityId, damage: i32, killer: &str) -> Self {
        Attack {
            attacker,
            target,
            kind: RString::from("melee"),
            hit: true,
            damage,
            chance: -1,
            distance: -1,
            killer: RString::from(killer),
            message: RString::new(),
        }
    }
}

/// How important a message is, which decides its color in the log.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// Ordinary news.
    Info,
    /// Something good happened to the player.
    Good,
    /// The player is in danger (drawn in red).
    Danger,
}

/// One pack slot's contents, as [`GameCtx::pack_item`](crate::GameCtx::pack_item)
/// and [`GameCtx::pack_take`](crate::GameCtx::pack_take) report it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct PackEntry {
    /// The record id (`long_sword`).
    pub kind: RString,
    /// How many (1 for kinds that do not stack).
    pub count: u32,
}

/// An item kind's record, as [`GameCtx::item_info`](crate::GameCtx::item_info) reports it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct ItemInfo {
    /// The record id (`long_sword`).
    pub id: RString,
    /// The name of one (`long sword`).
    pub name: RString,
    /// The name of several (`arrows`, `potions of healing`).
    pub plural: RString,
    /// The article the name takes in running text: `a`, `an`, or empty for
    /// a name that takes none (`plate armor`).
    pub article: RString,
    /// The record's class (`potion`, `weapon`, `armor`...).
    pub class: RString,
    /// The record's `params` table, sorted by name.
    pub params: RVec<Param>,
    /// How the item looks (glyph, colour, atlas tile), for a missile's flight.
    pub look: Look,
}

impl ItemInfo {
    /// The value of a record parameter, if the record gives it.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|p| p.name.as_str() == name).map(|p| p.value)
    }

    /// The name with its article, as a sentence uses it: "a long sword", "plate armor".
    pub fn with_article(&self) -> String {
        if self.article.is_empty() {
            self.name.to_string()
        } else {
            format!("{} {}", self.article, self.name)
        }
    }

    /// `count` of them in words: "an arrow", "12 arrows", "plate armor".
    pub fn counted(&self, count: u32) -> String {
        if count == 1 {
            self.with_article()
        } else {
            format!("{count} {}", self.plural)
        }
    }
}
