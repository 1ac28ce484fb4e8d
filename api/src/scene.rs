//! What a [`crate::View`] is given to draw: the part of the map on screen,
//! cell by cell, with what the player knows of each cell.

use abi_stable::{
    std_types::{ROption, RString, RVec},
    StableAbi,
};

use crate::types::{Point, Rgba};

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

/// How a thing (creature or item) looks, from its record.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Look {
    /// The character the glyph view draws (a Unicode scalar value).
    pub glyph: u32,
    /// Its color.
    pub color: Rgba,
    /// The atlas tile the tile view draws.
    pub tile: RString,
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
}

impl Scene {
    /// The pixel position of cell number `index` for cells `cell_size` pixels square.
    pub fn cell_origin(&self, index: usize, cell_size: u32) -> (i32, i32) {
        let w = self.width.max(1) as usize;
        let (col, row) = (index % w, index / w);
        (col as i32 * cell_size as i32, row as i32 * cell_size as i32)
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
