//! What a [`crate::View`] is given to draw: the part of the map on screen,
//! cell by cell, with what the player knows of each cell, and every
//! creature the player can see.

use abi_stable::{
    std_types::{ROption, RString, RVec},
    StableAbi,
};

use crate::types::{EntityId, Look, MonsterState, Point, Rgba, StatusInfo};

/// The ground of a cell.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Solid rock.
    Wall,
    /// Open floor.
    Floor,
    /// A closed door (blocks sight).
    DoorClosed,
    /// An open door.
    DoorOpen,
    /// Stairs down.
    StairsDown,
}

/// How much the player knows of a cell.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Light {
    /// Never seen: draw nothing.
    Unseen,
    /// Seen before, not now: draw the terrain dimmed, no creatures.
    Remembered,
    /// In sight now.
    Visible,
}

/// One cell of the scene.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct SceneCell {
    /// The ground.
    pub terrain: Terrain,
    /// What the player knows of it.
    pub light: Light,
    /// The creature, or else the top item, the player can see (or remembers, for items).
    pub thing: ROption<Look>,
    /// A highlight laid over the cell (the line of fire, a burst), if any.
    pub shade: ROption<Rgba>,
}

impl SceneCell {
    /// The creature, or else the top item, on the cell, if the player sees (or recalls) one.
    pub fn thing(&self) -> Option<&Look> {
        self.thing.as_ref().into_option()
    }

    /// The highlight laid over the cell, if any.
    pub fn shade(&self) -> Option<Rgba> {
        self.shade.into_option()
    }
}

/// A creature the player can see (the player included), as the scene holds it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct SceneCreature {
    /// Its id ([`EntityId::PLAYER`] for the player).
    pub id: EntityId,
    /// Its record id (`jackal`), or `player`.
    pub kind: RString,
    /// Where it stands, in map coordinates.
    pub pos: Point,
    /// Health left.
    pub hp: i32,
    /// Most health it can have.
    pub max_hp: i32,
    /// Asleep, wandering or hunting (the player is `Hunting`).
    pub state: MonsterState,
    /// How far it sees, in cells.
    pub sight: i32,
    /// Whether it can see the player now.
    pub sees_player: bool,
    /// The statuses it bears, in the order they came.
    pub statuses: RVec<StatusInfo>,
    /// How it looks.
    pub look: Look,
}

/// The map as a view draws it: `width` by `height` cells starting at `origin`.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Scene {
    /// The map cell in the top-left corner of the view.
    pub origin: Point,
    /// Cells across.
    pub width: i32,
    /// Cells down.
    pub height: i32,
    /// The cells, row by row (`width * height` of them).
    pub cells: RVec<SceneCell>,
    /// The aiming cursor, in map coordinates, if the player is aiming.
    pub cursor: ROption<Point>,
    /// Where the player stands, in map coordinates.
    pub player: Point,
    /// Every creature the player can see, inside the scene or not, nearest first.
    pub creatures: RVec<SceneCreature>,
}

impl Scene {
    /// The pixel position of cell number `index` for cells `cell_size` pixels square.
    pub fn cell_origin(&self, index: usize, cell_size: u32) -> (i32, i32) {
        let w = self.width.max(1) as usize;
        let (col, row) = (index % w, index / w);
        (col as i32 * cell_size as i32, row as i32 * cell_size as i32)
    }

    /// The pixel position of map point `p` for cells `cell_size` pixels
    /// square, if it is inside the scene.
    pub fn origin_of(&self, p: Point, cell_size: u32) -> Option<(i32, i32)> {
        let (x, y) = (p.x - self.origin.x, p.y - self.origin.y);
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        Some((x * cell_size as i32, y * cell_size as i32))
    }

    /// The aiming cursor, in map coordinates, if the player is aiming.
    pub fn cursor(&self) -> Option<Point> {
        self.cursor.into_option()
    }

    /// The creature the player sees on map point `p`, if any.
    pub fn creature_at(&self, p: Point) -> Option<&SceneCreature> {
        self.creatures.iter().find(|c| c.pos == p)
    }

    /// Whether the player sees map point `p` now (the field of view).
    pub fn in_view(&self, p: Point) -> bool {
        self.cell(p).is_some_and(|c| c.light == Light::Visible)
    }

    /// The cell at map point `p`, if it is inside the scene.
    pub fn cell(&self, p: Point) -> Option<&SceneCell> {
        let (x, y) = (p.x - self.origin.x, p.y - self.origin.y);
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        self.cells.get((y * self.width + x) as usize)
    }
}
