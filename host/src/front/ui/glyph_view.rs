//! The host's built-in view: the classic one-character-per-cell map. Walls,
//! floors, doors and stairs as glyphs, things in their own colours,
//! remembered cells dimmed, shades and the aiming cursor on top.

use abi_stable::sabi_trait::TD_Opaque;
use emberdeep_api::abi::{ViewAbi_TO, ViewBox};
use emberdeep_api::author::Adapter;
use emberdeep_api::{Canvas, Light, PluginResult, Rgba, Scene, SceneCell, Terrain, View};

/// The glyph view's cell size in pixels (also the size used when a view fails to answer).
pub const CELL: u32 = 16;
/// Remembered cells keep this percentage of their colour.
const REMEMBERED: u8 = 45;
const WALL: Rgba = Rgba::rgb(130, 130, 150);
const WALL_BLOCK: Rgba = Rgba::rgb(40, 40, 55);
const FLOOR: Rgba = Rgba::rgb(90, 90, 90);
const DOOR: Rgba = Rgba::rgb(180, 120, 60);
const STAIRS: Rgba = Rgba::rgb(240, 230, 140);

/// Draws each cell as a character, `cell` pixels square.
pub struct GlyphView {
    cell: u32,
}

impl GlyphView {
    /// The glyph view, unboxed, with cells `cell` pixels square.
    pub(crate) fn new(cell: u32) -> Self {
        GlyphView { cell: cell.max(1) }
    }
}

/// The glyph view, boxed as views are registered.
pub fn glyph_view() -> ViewBox {
    glyph_view_sized(CELL)
}

/// The glyph view with cells `cell` pixels square (the options' `cell_size`, `+` and `_`).
pub fn glyph_view_sized(cell: u32) -> ViewBox {
    ViewAbi_TO::from_value(Adapter(GlyphView::new(cell)), TD_Opaque)
}

impl View for GlyphView {
    fn cell_size(&self) -> u32 {
        self.cell
    }

    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        for (i, cell) in scene.cells.iter().enumerate() {
            let (x, y) = scene.cell_origin(i, self.cell);
            draw_cell(canvas, x, y, self.cell, cell);
        }
        super::cursor::draw_cursor(canvas, scene, self.cell, true);
        Ok(())
    }

    /// Each cell is drawn from itself alone, inside it (the cursor's
    /// outline one pixel across its edge).
    fn keeps_map_layer(&self) -> bool {
        true
    }
}

/// The terrain's character and colour.
fn terrain_glyph(terrain: Terrain) -> (char, Rgba) {
    match terrain {
        Terrain::Wall => ('#', WALL),
        Terrain::Floor => ('.', FLOOR),
        Terrain::DoorClosed => ('+', DOOR),
        Terrain::DoorOpen => ('\'', DOOR),
        Terrain::StairsDown => ('>', STAIRS),
    }
}

/// One cell: the wall block, the shade, then the thing's glyph or the terrain's.
fn draw_cell(canvas: &mut Canvas<'_>, x: i32, y: i32, size: u32, cell: &SceneCell) {
    let dim = |c: Rgba| match cell.light {
        Light::Remembered => c.dimmed(REMEMBERED),
        _ => c,
    };
    if cell.light == Light::Unseen {
        return;
    }
    if cell.terrain == Terrain::Wall {
        canvas.fill_rect(x, y, size, size, dim(WALL_BLOCK));
    }
    if let Some(shade) = cell.shade() {
        canvas.fill_rect(x, y, size, size, shade);
    }
    // The game only hands remembered cells the items the player recalls.
    let (ch, color) = match cell.thing() {
        Some(look) => (look.glyph, look.color),
        None => {
            let (ch, color) = terrain_glyph(cell.terrain);
            (ch as u32, color)
        }
    };
    canvas.glyph_code(x, y, size, ch, dim(color));
}
