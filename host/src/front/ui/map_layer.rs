//! The map layer a view may keep (api 1.5, `View::keeps_map_layer`): what
//! the view drew of the map, kept as a texture between frames, so that a
//! frame redraws only the cells that changed and copies the rest.
//!
//! The layer remembers how it was framed (which view, the cell size, the
//! map area's size, the scene's corner and size): any change there redraws
//! the whole map. Otherwise it compares the scene's cells and cursor with
//! those it drew, and redraws the rectangle holding every change, one cell
//! wider on each side (a view may draw a little across a cell's edge, as
//! the glyph view's cursor does), painted the background colour first and
//! drawn from a scene of that rectangle alone. Drawing never touches the
//! game: the layer is the window's, like the font's textures.

use emberdeep_api::{Point, Scene, SceneCell};
use sdl3::render::{BlendMode, Texture, TextureAccess, TextureCreator};

use super::error::{Doing, Result};

/// Makes a target texture of a size.
type MakeTarget<'tc> = Box<dyn Fn(u32, u32) -> Result<Texture<'tc>> + 'tc>;

/// How the kept picture was framed: a change in any of these redraws the whole map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Framing {
    /// Which view drew it (its entry's address: the window's views stay put).
    pub view: usize,
    /// Pixels per cell.
    pub cell: u32,
    /// The map area's size in pixels.
    pub area: (u32, u32),
    /// The scene's top-left map cell, and its size in cells.
    pub origin: Point,
    pub width: i32,
    pub height: i32,
}

/// A rectangle of the scene's cells: first column and row, and how many of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cells {
    pub col: i32,
    pub row: i32,
    pub cols: i32,
    pub rows: i32,
}

impl Cells {
    /// How many cells the rectangle holds.
    pub fn count(self) -> usize {
        (self.cols.max(0) * self.rows.max(0)) as usize
    }

    /// Each of its rows as a range of indices into a scene's cells, row
    /// by row, `width` cells to a row.
    fn rows(self, width: i32) -> impl Iterator<Item = std::ops::Range<usize>> {
        let width = width.max(0) as usize;
        (self.row..self.row + self.rows).map(move |row| {
            let start = row as usize * width + self.col as usize;
            start..start + self.cols as usize
        })
    }
}

/// What this frame draws into the layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Nothing changed: copy the layer as it is.
    Keep,
    /// The whole map, the layer painted the background colour first.
    Whole,
    /// These cells changed (with their margin).
    Part(Cells),
}

/// The kept map layer of one renderer.
pub(crate) struct MapLayer<'tc> {
    make: MakeTarget<'tc>,
    texture: Option<Texture<'tc>>,
    /// How the picture was framed; `None` when it holds nothing to keep.
    framing: Option<Framing>,
    /// The cells it shows, row by row, and the cursor it shows.
    cells: Vec<SceneCell>,
    cursor: Option<Point>,
    /// The cells the last frame drew (for tests and benchmarks).
    drawn: usize,
}

impl<'tc> MapLayer<'tc> {
    /// An empty layer for textures of `creator`'s renderer.
    pub fn new<C: 'tc>(creator: &'tc TextureCreator<C>) -> Self {
        let make = Box::new(move |w: u32, h: u32| {
            let mut t = creator
                .create_texture(None, TextureAccess::Target, w.max(1), h.max(1))
                .doing("creating the map layer's texture")?;
            // The layer is opaque: copied over the screen, never blended.
            t.set_blend_mode(BlendMode::None);
            Ok(t)
        });
        MapLayer { make, texture: None, framing: None, cells: Vec::new(), cursor: None, drawn: 0 }
    }

    /// Forgets what the layer holds: the next frame draws the whole map
    /// (a view that failed, plugins reloaded, the renderer's targets lost).
    pub fn forget(&mut self) {
        self.framing = None;
    }

    /// This frame's view keeps no layer: it drew no cell into it.
    pub fn unused(&mut self) {
        self.drawn = 0;
    }

    /// The cells the last frame drew into the layer.
    pub fn drawn(&self) -> usize {
        self.drawn
    }

    /// What to draw for `scene` framed as `framing`, making the texture
    /// (again) if the map area has another size.
    pub fn plan(&mut self, framing: Framing, scene: &Scene) -> Result<Plan> {
        let fits = self.texture.as_ref().is_some_and(|t| (t.width(), t.height()) == framing.area);
        if !fits {
            self.texture = Some((self.make)(framing.area.0, framing.area.1)?);
            self.framing = None;
        }
        if self.framing != Some(framing) || self.cells.len() != scene.cells.len() {
            return Ok(Plan::Whole);
        }
        Ok(match changed(&self.cells, self.cursor, scene) {
            None => Plan::Keep,
            Some(cells) if cells.count() == scene.cells.len() => Plan::Whole,
            Some(cells) => Plan::Part(cells),
        })
    }

    /// The texture to draw into and copy from (made by [`plan`](Self::plan)).
    pub fn texture_mut(&mut self) -> Option<&mut Texture<'tc>> {
        self.texture.as_mut()
    }

    /// The layer now shows `scene` framed as `framing`, `plan` having been drawn.
    pub fn drew(&mut self, framing: Framing, scene: &Scene, plan: Plan) {
        self.drawn = match plan {
            Plan::Keep => 0,
            Plan::Whole => {
                self.cells.clear();
                self.cells.extend(scene.cells.iter().cloned());
                scene.cells.len()
            }
            Plan::Part(cells) => {
                for range in cells.rows(scene.width) {
                    self.cells[range.clone()].clone_from_slice(&scene.cells[range]);
                }
                cells.count()
            }
        };
        self.cursor = scene.cursor.into_option();
        self.framing = Some(framing);
    }
}

/// The rectangle of `scene`'s cells that differ from `kept` (the same
/// number of cells) or that the cursor left or reached, one cell wider on
/// each side and within the scene; `None` when nothing changed.
pub(crate) fn changed(kept: &[SceneCell], kept_cursor: Option<Point>, scene: &Scene) -> Option<Cells> {
    let width = scene.width.max(1);
    let mut span: Option<(i32, i32, i32, i32)> = None;
    let mut take = |col: i32, row: i32| {
        span = Some(match span {
            None => (col, row, col, row),
            Some((c0, r0, c1, r1)) => (c0.min(col), r0.min(row), c1.max(col), r1.max(row)),
        });
    };
    for (i, (old, new)) in kept.iter().zip(scene.cells.iter()).enumerate() {
        if old != new {
            take(i as i32 % width, i as i32 / width);
        }
    }
    let cursor = scene.cursor.into_option();
    if cursor != kept_cursor {
        for at in [kept_cursor, cursor].into_iter().flatten() {
            let (col, row) = (at.x - scene.origin.x, at.y - scene.origin.y);
            if (0..scene.width).contains(&col) && (0..scene.height).contains(&row) {
                take(col, row);
            }
        }
    }
    let (c0, r0, c1, r1) = span?;
    let (c0, r0) = ((c0 - 1).max(0), (r0 - 1).max(0));
    let (c1, r1) = ((c1 + 1).min(scene.width - 1), (r1 + 1).min(scene.height - 1));
    Some(Cells { col: c0, row: r0, cols: c1 - c0 + 1, rows: r1 - r0 + 1 })
}

/// The part of `scene` in `cells`: its cells, the creatures standing in
/// it, the same cursor and player (map coordinates stay map coordinates).
pub(crate) fn part_of(scene: &Scene, cells: Cells) -> Scene {
    let origin = Point { x: scene.origin.x + cells.col, y: scene.origin.y + cells.row };
    let mut part = Vec::with_capacity(cells.count());
    for range in cells.rows(scene.width) {
        part.extend(scene.cells[range].iter().cloned());
    }
    let inside =
        |p: Point| (origin.x..origin.x + cells.cols).contains(&p.x) && (origin.y..origin.y + cells.rows).contains(&p.y);
    let creatures = scene.creatures.iter().filter(|c| inside(c.pos)).cloned().collect::<Vec<_>>();
    let mut part = Scene::new(origin, cells.cols, cells.rows, scene.player).with_cells(part).with_creatures(creatures);
    part.cursor = scene.cursor;
    part
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::{Light, Look, Rgba, Terrain};

    fn scene(width: i32, height: i32) -> Scene {
        let cells = vec![SceneCell::new(Terrain::Floor, Light::Visible); (width * height) as usize];
        Scene::new(Point { x: 10, y: 20 }, width, height, Point { x: 12, y: 22 }).with_cells(cells)
    }

    fn goblin() -> Look {
        Look::new('g', Rgba::rgb(0, 200, 0), "goblin")
    }

    #[test]
    fn an_unchanged_scene_redraws_nothing() {
        let s = scene(8, 6);
        assert_eq!(changed(&s.cells, None, &s), None);
    }

    #[test]
    fn a_creature_s_step_redraws_its_two_cells_and_a_cell_around_them() {
        let before = scene(8, 6);
        let mut after = before.clone();
        // A goblin steps from column 3 to column 4 of row 2.
        after.cells[2 * 8 + 4] = after.cells[2 * 8 + 4].clone().with_thing(goblin());
        let mut earlier = before.clone();
        earlier.cells[2 * 8 + 3] = earlier.cells[2 * 8 + 3].clone().with_thing(goblin());
        let cells = changed(&earlier.cells, None, &after).expect("a change");
        assert_eq!(cells, Cells { col: 2, row: 1, cols: 4, rows: 3 });
    }

    #[test]
    fn the_margin_stops_at_the_scene_s_edge() {
        let before = scene(8, 6);
        let mut after = before.clone();
        after.cells[0] = after.cells[0].clone().with_shade(Rgba::rgb(255, 0, 0));
        assert_eq!(changed(&before.cells, None, &after), Some(Cells { col: 0, row: 0, cols: 2, rows: 2 }));
    }

    #[test]
    fn the_cursor_s_old_and_new_cells_are_redrawn() {
        let before = scene(8, 6);
        let after = before.clone().with_cursor(Point { x: 16, y: 25 });
        let was = Some(Point { x: 11, y: 21 });
        // Old at column 1 row 1, new at column 6 row 5.
        assert_eq!(changed(&before.cells, was, &after), Some(Cells { col: 0, row: 0, cols: 8, rows: 6 }));
        let moved = before.clone().with_cursor(Point { x: 12, y: 21 });
        assert_eq!(changed(&before.cells, was, &moved), Some(Cells { col: 0, row: 0, cols: 4, rows: 3 }));
    }

    #[test]
    fn a_part_holds_its_cells_and_the_creatures_in_it() {
        let mut s = scene(8, 6);
        s.cells[3 * 8 + 5] = s.cells[3 * 8 + 5].clone().with_thing(goblin());
        let look = goblin();
        let inside = emberdeep_api::SceneCreature::new(
            emberdeep_api::EntityId(7),
            "goblin",
            Point { x: 15, y: 23 },
            look.clone(),
        );
        let outside =
            emberdeep_api::SceneCreature::new(emberdeep_api::EntityId(8), "goblin", Point { x: 10, y: 20 }, look);
        let s = s.with_creatures(vec![outside, inside.clone()]).with_cursor(Point { x: 11, y: 21 });
        let part = part_of(&s, Cells { col: 4, row: 2, cols: 3, rows: 2 });
        assert_eq!((part.origin, part.width, part.height), (Point { x: 14, y: 22 }, 3, 2));
        assert_eq!(part.cells.len(), 6);
        assert_eq!(part.cells[4].thing(), Some(&goblin()), "map cell (15, 23) is the part's second row, column 1");
        assert_eq!(part.creatures.to_vec(), vec![inside]);
        assert_eq!(part.cursor(), Some(Point { x: 11, y: 21 }));
        assert_eq!(part.player, s.player);
    }
}
