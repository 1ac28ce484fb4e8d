//! The host's tile view: every cell drawn as a picture from the tile atlas
//! (16x16 sprites, doubled to 32x32 unless the player chose another size). Terrain first, then the shade, then the
//! thing on it by its `Look.tile`.
//!
//! Tinting: the tiles of records that say `tint = true` (the potions and
//! scrolls) are drawn pale in the atlas and tinted by the thing's
//! `Look.color`, so one sprite serves every kind; all other tiles (monsters,
//! weapons, armour, bows, missiles) keep their own colours. The view is
//! made with those tiles' names ([`Records::tinted_tiles`]): it reads the
//! records' field, never guesses from a tile's name. A plugin's item look
//! (api 1.6: an unknown potion drawn by its appearance) is tinted by the
//! same rule. A creature with a look of its own (api 1.6 `spawn_as`,
//! `set_look`) in a colour no record drawing with its tile has is drawn
//! tinted by that colour, brightened so the sprite keeps its light: a pale
//! risen jackal on the jackal's sprite, a red dire wolf, as the glyph view
//! draws them. Remembered cells are
//! drawn tinted dark grey. The atlas holds the game's tiles and each
//! plugin's own sheet; a tile it lacks (a record's whose tile no sheet has,
//! warned of at startup, or one a plugin's view names) falls back to the
//! thing's glyph.

use std::collections::{BTreeMap, BTreeSet};

use abi_stable::sabi_trait::TD_Opaque;
use emberdeep_api::abi::{ViewAbi_TO, ViewBox};
use emberdeep_api::author::Adapter;
use emberdeep_api::{Canvas, Light, Look, PluginResult, Point, Rgba, Scene, SceneCell, Terrain, View};
use emberdeep_engine::data::records::Records;

/// Pixels per cell, unless the player chose another size.
pub const CELL: u32 = 32;
/// Draws a tile in its own colours.
const UNTINTED: Rgba = Rgba::rgb(255, 255, 255);
/// Remembered cells are multiplied by this: darker, a little cold.
const REMEMBERED: Rgba = Rgba::rgb(110, 110, 134);
/// Glyphs standing in for terrain tiles the atlas lacks.
const FALLBACK_TERRAIN: Rgba = Rgba::rgb(130, 130, 150);

/// Draws each cell as a picture from the atlas.
pub struct TileView {
    /// The tiles tinted by their look's colour.
    tinted: BTreeSet<String>,
    /// Each monster kind's record look, and the colours of the records
    /// drawing with each tile: a creature with a look of its own in a
    /// colour none of those has is tinted by it.
    records: RecordLooks,
    /// Pixels per cell.
    cell: u32,
}

/// The tile view, boxed as views are registered, tinting the tiles of the
/// records that say `tint` ([`Records::tinted_tiles`]).
pub fn tile_view(records: &Records) -> ViewBox {
    tile_view_sized(records, CELL)
}

/// The tile view with cells `cell` pixels square (the options' `tile_size`, `+` and `_`).
pub fn tile_view_sized(records: &Records, cell: u32) -> ViewBox {
    let mut looks = RecordLooks::default();
    for m in records.monsters.values() {
        looks.add(&m.id, Look { glyph: m.glyph as u32, color: m.color, tile: m.tile.as_str().into() });
    }
    let view = TileView::new(records.tinted_tiles(), cell).with_record_looks(looks);
    ViewAbi_TO::from_value(Adapter(view), TD_Opaque)
}

/// The tile view tinting the tiles named in `tinted`, `cell` pixels square.
#[cfg(test)]
pub(crate) fn tile_view_tinting(tinted: BTreeSet<String>, cell: u32) -> ViewBox {
    ViewAbi_TO::from_value(Adapter(TileView::new(tinted, cell)), TD_Opaque)
}

impl View for TileView {
    fn cell_size(&self) -> u32 {
        self.cell
    }

    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        let own = self.own_colours(scene);
        for (i, cell) in scene.cells.iter().enumerate() {
            let (x, y) = scene.cell_origin(i, self.cell);
            let at = Point::new(
                scene.origin.x + i as i32 % scene.width.max(1),
                scene.origin.y + i as i32 / scene.width.max(1),
            );
            self.draw_cell(canvas, x, y, cell, own.get(&at));
        }
        super::cursor::draw_cursor(canvas, scene, self.cell, false);
        Ok(())
    }

    /// Each cell is drawn from itself alone, inside it.
    fn keeps_map_layer(&self) -> bool {
        true
    }
}

/// The terrain's tile name, and the glyph drawn if the atlas lacks it.
pub(crate) fn terrain_tile(terrain: Terrain) -> (&'static str, char) {
    match terrain {
        Terrain::Wall => ("wall", '#'),
        Terrain::Floor => ("floor", '.'),
        Terrain::DoorClosed => ("door_closed", '+'),
        Terrain::DoorOpen => ("door_open", '\''),
        Terrain::StairsDown => ("stairs_down", '>'),
    }
}

/// Colour modulation `by` applied to `c` (what SDL's colour mod does).
fn modulate(c: Rgba, by: Rgba) -> Rgba {
    let f = |a: u8, b: u8| ((a as u32 * b as u32) / 255) as u8;
    Rgba { r: f(c.r, by.r), g: f(c.g, by.g), b: f(c.b, by.b), a: c.a }
}

/// The monster records' looks, as the tile view tells a creature's own
/// colour from a record's.
#[derive(Debug, Clone, Default)]
pub struct RecordLooks {
    /// Each kind's record look.
    by_kind: BTreeMap<String, Look>,
    /// The colours of the records that draw with each tile.
    by_tile: BTreeMap<String, BTreeSet<[u8; 4]>>,
}

impl RecordLooks {
    /// Monster kind `kind`'s record is drawn `look`.
    pub fn add(&mut self, kind: &str, look: Look) {
        let c = look.color;
        self.by_tile.entry(look.tile.to_string()).or_default().insert([c.r, c.g, c.b, c.a]);
        self.by_kind.insert(kind.to_string(), look);
    }

    /// Whether a creature of `kind` drawn `look` has a colour of its own:
    /// a look other than its record's, in a colour no record drawing with
    /// its tile has (a pale risen jackal on the jackal's sprite).
    fn own_colour(&self, kind: &str, look: &Look) -> bool {
        let Some(record) = self.by_kind.get(kind) else { return false };
        let c = look.color;
        record != look && !self.by_tile.get(look.tile.as_str()).is_some_and(|cs| cs.contains(&[c.r, c.g, c.b, c.a]))
    }
}

/// `c` scaled up until its brightest channel is full: the hue of a
/// creature's own colour, tinting a sprite without darkening it.
fn brightened(c: Rgba) -> Rgba {
    let most = c.r.max(c.g).max(c.b).max(1) as u32;
    let up = |v: u8| (v as u32 * 255 / most).min(255) as u8;
    Rgba { r: up(c.r), g: up(c.g), b: up(c.b), a: c.a }
}

impl TileView {
    /// The tile view, unboxed, tinting the tiles named in `tinted`, `cell` pixels square.
    pub fn new(tinted: BTreeSet<String>, cell: u32) -> Self {
        TileView { tinted, records: RecordLooks::default(), cell: cell.max(1) }
    }

    /// The same view, knowing the monster records' looks.
    pub fn with_record_looks(mut self, records: RecordLooks) -> Self {
        self.records = records;
        self
    }

    /// The looks of the scene's creatures drawn in a colour of their own,
    /// by where they stand.
    fn own_colours(&self, scene: &Scene) -> BTreeMap<Point, Look> {
        scene
            .creatures
            .iter()
            .filter(|c| self.records.own_colour(&c.kind, &c.look))
            .map(|c| (c.pos, c.look.clone()))
            .collect()
    }

    /// One cell: terrain, shade, then the creature or item on it; `own`
    /// the look of a creature standing there in a colour of its own.
    fn draw_cell(&self, canvas: &mut Canvas<'_>, x: i32, y: i32, cell: &SceneCell, own: Option<&Look>) {
        let light = match cell.light {
            Light::Unseen => return,
            Light::Remembered => REMEMBERED,
            Light::Visible => UNTINTED,
        };
        let (tile, glyph) = terrain_tile(cell.terrain);
        if !canvas.tile(x, y, self.cell, tile, light) {
            canvas.glyph(x, y, self.cell, glyph, modulate(FALLBACK_TERRAIN, light));
        }
        if let Some(shade) = cell.shade() {
            canvas.fill_rect(x, y, self.cell, self.cell, shade);
        }
        if let Some(look) = cell.thing() {
            // The creature's own look, when that is what the cell shows.
            let own = own.is_some_and(|own| own == look);
            self.draw_thing(canvas, x, y, look, light, own);
        }
    }

    fn draw_thing(&self, canvas: &mut Canvas<'_>, x: i32, y: i32, look: &Look, light: Rgba, own: bool) {
        let tint = if self.tinted.contains(look.tile.as_str()) {
            look.color
        } else if own {
            brightened(look.color)
        } else {
            UNTINTED
        };
        if !canvas.tile(x, y, self.cell, &look.tile, modulate(tint, light)) {
            canvas.glyph_code(x, y, self.cell, look.glyph, modulate(look.color, light));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_brightened_keeps_its_hue_at_full_light() {
        assert_eq!(brightened(Rgba::rgb(170, 200, 170)), Rgba::rgb(216, 255, 216));
        assert_eq!(brightened(Rgba::rgb(255, 10, 0)), Rgba::rgb(255, 10, 0));
        assert_eq!(brightened(Rgba::rgb(0, 0, 0)), Rgba::rgb(0, 0, 0));
    }

    #[test]
    fn modulating_by_white_keeps_a_colour() {
        let c = Rgba::rgb(220, 60, 100);
        assert_eq!(modulate(c, UNTINTED), c);
        assert_eq!(modulate(UNTINTED, c), c);
    }
}
