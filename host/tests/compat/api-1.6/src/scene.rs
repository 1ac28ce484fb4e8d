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
    /// The creature, or else the top item, the player can see (or remembers,
    /// for items), or else, on a plugin's terrain (a trap found, rubble,
    /// water), that terrain's look; `terrain` is then the host's ground it
    /// lies on (floor where one can walk or see through, else wall).
    pub thing: ROption<Look>,
    /// A highlight laid over the cell (the line of fire, a burst), if any.
    pub shade: ROption<Rgba>,
}

impl SceneCell {
    /// A cell of `terrain` the player knows as `light`, with nothing on it
    /// and no highlight (the host builds the scene; a view's tests build their own).
    pub fn new(terrain: Terrain, light: Light) -> Self {
        SceneCell { terrain, light, thing: ROption::RNone, shade: ROption::RNone }
    }

    /// The same cell with `thing` (a creature, or the top item) on it.
    pub fn with_thing(mut self, thing: Look) -> Self {
        self.thing = ROption::RSome(thing);
        self
    }

    /// The same cell with a highlight laid over it.
    pub fn with_shade(mut self, shade: Rgba) -> Self {
        self.shade = ROption::RSome(shade);
        self
    }

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

impl SceneCreature {
    /// Creature `id` of record `kind` at `pos`, looking like `look`: at 1
    /// health of 1, hunting, seeing nothing, bearing no status. Change the
    /// fields that matter with struct update syntax:
    /// `SceneCreature { hp: 4, max_hp: 8, ..SceneCreature::new(id, "goblin", at, look) }`.
    pub fn new(id: EntityId, kind: &str, pos: Point, look: Look) -> Self {
        SceneCreature {
            id,
            kind: RString::from(kind),
            pos,
            hp: 1,
            max_hp: 1,
            state: MonsterState::Hunting,
            sight: 0,
            sees_player: false,
            statuses: RVec::new(),
            look,
        }
    }
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
    /// A scene of `width` by `height` cells from `origin`, every cell an
    /// unseen wall, no cursor, no creature, the player at `player` (the host
    /// builds the scene; a view's tests build their own, with
    /// [`with_cells`](Self::with_cells) and the rest).
    pub fn new(origin: Point, width: i32, height: i32, player: Point) -> Self {
        let count = (width.max(0) * height.max(0)) as usize;
        Scene {
            origin,
            width,
            height,
            cells: vec![SceneCell::new(Terrain::Wall, Light::Unseen); count].into(),
            cursor: ROption::RNone,
            player,
            creatures: RVec::new(),
        }
    }

    /// The same scene with these cells, row by row.
    pub fn with_cells(mut self, cells: Vec<SceneCell>) -> Self {
        self.cells = cells.into();
        self
    }

    /// The same scene with these creatures in sight, nearest first.
    pub fn with_creatures(mut self, creatures: Vec<SceneCreature>) -> Self {
        self.creatures = creatures.into();
        self
    }

    /// The same scene with the aiming cursor on map point `cursor`.
    pub fn with_cursor(mut self, cursor: Point) -> Self {
        self.cursor = ROption::RSome(cursor);
        self
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scene_built_for_a_test_answers_as_the_hosts_does() {
        let look = Look::new('g', Rgba::rgb(1, 2, 3), "monster_goblin");
        let goblin = SceneCreature {
            hp: 4,
            max_hp: 8,
            ..SceneCreature::new(EntityId(3), "goblin", Point::new(2, 0), look.clone())
        };
        assert_eq!((goblin.kind.as_str(), goblin.state, goblin.statuses.len()), ("goblin", MonsterState::Hunting, 0));
        let cells = vec![
            SceneCell::new(Terrain::Floor, Light::Visible),
            SceneCell::new(Terrain::Floor, Light::Remembered).with_shade(Rgba::rgb(9, 9, 9)),
            SceneCell::new(Terrain::Floor, Light::Visible).with_thing(look.clone()),
        ];
        let blank = Scene::new(Point::new(10, 5), 3, 1, Point::new(10, 5));
        assert_eq!((blank.cells.len(), blank.cursor(), blank.creatures.len()), (3, None, 0));
        assert!(blank.cells.iter().all(|c| c.terrain == Terrain::Wall && c.light == Light::Unseen));
        let scene = Scene::new(Point::new(0, 0), 3, 1, Point::new(0, 0))
            .with_cells(cells)
            .with_creatures(vec![goblin])
            .with_cursor(Point::new(2, 0));
        assert_eq!(scene.cursor(), Some(Point::new(2, 0)));
        assert_eq!(scene.cell(Point::new(2, 0)).and_then(SceneCell::thing), Some(&look));
        assert_eq!(scene.cell(Point::new(1, 0)).and_then(SceneCell::shade), Some(Rgba::rgb(9, 9, 9)));
        assert!(scene.in_view(Point::new(0, 0)) && !scene.in_view(Point::new(1, 0)));
        assert_eq!(scene.creature_at(Point::new(2, 0)).map(|c| c.hp), Some(4));
    }
}
