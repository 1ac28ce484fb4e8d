//! The bitmap font: an atlas texture built once per render target from the
//! `font8x8` glyphs (ASCII, Latin-1, box drawing, blocks), white on clear so
//! that the texture's colour and alpha mods tint it.

use std::collections::HashMap;

use emberdeep_api::Rgba;
use font8x8::{UnicodeFonts, BASIC_FONTS, BLOCK_FONTS, BOX_FONTS, LATIN_FONTS};
use sdl3::pixels::PixelFormat;
use sdl3::render::{BlendMode, FRect, ScaleMode, Texture, TextureCreator};

use super::error::{Doing, Result};
use super::tinted::Tinted;

/// Glyph cells per atlas row.
const COLUMNS: usize = 32;
/// Pixels per glyph cell: the 8x8 glyph plus a clear border, so that scaled
/// sampling never bleeds a neighbour in.
const PITCH: usize = 10;
/// Bytes per RGBA pixel.
const BPP: usize = 4;

/// The glyph images in CPU memory: RGBA bytes and where each char sits.
pub(crate) struct AtlasImage {
    pub width: usize,
    pub height: usize,
    pub rgba: Vec<u8>,
    pub slots: HashMap<char, usize>,
}

/// Every glyph the atlas holds, in slot order.
fn glyphs() -> Vec<(char, [u8; 8])> {
    let basic = BASIC_FONTS.iter().filter(|f| !f.char().is_control());
    let latin = LATIN_FONTS.iter();
    basic.chain(latin).chain(BOX_FONTS.iter()).chain(BLOCK_FONTS.iter()).map(|f| (f.char(), f.byte_array())).collect()
}

/// Lays the glyphs out in a grid, white where a bit is set (bit 0 is the left pixel).
pub(crate) fn build_atlas() -> AtlasImage {
    let glyphs = glyphs();
    let rows = glyphs.len().div_ceil(COLUMNS);
    let (width, height) = (COLUMNS * PITCH, rows * PITCH);
    let mut rgba = vec![0u8; width * height * BPP];
    let mut slots = HashMap::with_capacity(glyphs.len());
    for (slot, (ch, bits)) in glyphs.into_iter().enumerate() {
        slots.insert(ch, slot);
        let (x0, y0) = slot_origin(slot);
        for (dy, row) in bits.iter().enumerate() {
            for dx in 0..8 {
                if row & (1 << dx) != 0 {
                    let at = ((y0 + dy) * width + x0 + dx) * BPP;
                    rgba[at..at + BPP].copy_from_slice(&[255; BPP]);
                }
            }
        }
    }
    AtlasImage { width, height, rgba, slots }
}

/// Top-left pixel of a slot's 8x8 glyph in the atlas.
fn slot_origin(slot: usize) -> (usize, usize) {
    ((slot % COLUMNS) * PITCH + 1, (slot / COLUMNS) * PITCH + 1)
}

/// Most pre-tinted glyphs kept before the cache starts again.
const MOST_TINTED: usize = 4096;

/// The atlas as a texture of one render target.
///
/// On the software renderer a glyph copied from the atlas with a colour mod
/// and scaling goes through SDL's slowest blit, pixel by pixel; there the
/// font instead makes each (glyph, size, colour) once as a small texture
/// already tinted and sized, so a copy is a plain alpha blend. Renderers on
/// a GPU tint and scale for free and batch copies from one texture, so they
/// keep copying from the atlas.
pub(crate) struct Font<'tc> {
    texture: Texture<'tc>,
    slots: HashMap<char, usize>,
    fallback: usize,
    color: Rgba,
    /// Set on the software renderer: the glyphs made so far, by char, size and tint.
    tinted: Option<Tinted<'tc, (char, u32, [u8; 4])>>,
    bits: HashMap<char, [u8; 8]>,
}

impl<'tc> Font<'tc> {
    /// Uploads the atlas to a texture of `creator`'s renderer; `pretint`
    /// (for the software renderer) makes tinted glyphs instead of tinting copies.
    pub fn new<C: 'tc>(creator: &'tc TextureCreator<C>, pretint: bool) -> Result<Self> {
        let image = build_atlas();
        let (w, h) = (image.width as u32, image.height as u32);
        let mut texture =
            creator.create_texture_static(PixelFormat::RGBA32, w, h).doing("creating the font atlas texture")?;
        texture.update(None, &image.rgba, image.width * BPP).doing("uploading the font atlas")?;
        texture.set_blend_mode(BlendMode::Blend);
        texture.set_scale_mode(ScaleMode::Nearest);
        let fallback = image.slots.get(&'?').copied().unwrap_or(0);
        let bits = glyphs().into_iter().collect();
        Ok(Font {
            texture,
            slots: image.slots,
            fallback,
            color: Rgba::rgb(255, 255, 255),
            tinted: pretint.then(|| Tinted::new(creator, MOST_TINTED)),
            bits,
        })
    }

    /// Where `ch` sits in the atlas; chars it lacks show as '?'.
    pub fn source(&self, ch: char) -> FRect {
        let slot = self.slots.get(&ch).copied().unwrap_or(self.fallback);
        let (x, y) = slot_origin(slot);
        FRect::new(x as f32, y as f32, 8.0, 8.0)
    }

    /// Tints what is drawn next.
    pub fn tint(&mut self, color: Rgba) {
        self.color = color;
        if self.tinted.is_none() {
            self.texture.set_color_mod(color.r, color.g, color.b);
            self.texture.set_alpha_mod(color.a);
        }
    }

    /// What to copy to draw `ch` `size` pixels square in the tint: a texture
    /// and the rectangle of it to copy.
    pub fn glyph(&mut self, ch: char, size: u32) -> Result<(&Texture<'tc>, FRect)> {
        let atlas_rect = self.source(ch);
        let Some(tinted) = self.tinted.as_mut() else { return Ok((&self.texture, atlas_rect)) };
        let ch = if self.bits.contains_key(&ch) { ch } else { '?' };
        let (c, bits) = (self.color, self.bits.get(&ch).copied().unwrap_or([0; 8]));
        let texture = tinted.get((ch, size, [c.r, c.g, c.b, c.a]), size, |n| {
            let mut rgba = vec![0u8; n * n * BPP];
            for y in 0..n {
                for x in 0..n {
                    // Nearest sampling, as the renderer scales the atlas.
                    if bits[y * 8 / n] & (1 << (x * 8 / n)) != 0 {
                        rgba[(y * n + x) * BPP..][..BPP].copy_from_slice(&[c.r, c.g, c.b, c.a]);
                    }
                }
            }
            rgba
        })?;
        Ok((texture, FRect::new(0.0, 0.0, size as f32, size as f32)))
    }
}
