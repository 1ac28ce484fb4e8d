//! The bitmap font: an atlas texture built once per render target from the
//! `font8x8` glyphs (ASCII, Latin-1, box drawing, blocks), white on clear so
//! that the texture's colour and alpha mods tint it.

use std::collections::HashMap;

use anyhow::{Context, Result};
use emberdeep_api::Rgba;
use font8x8::{UnicodeFonts, BASIC_FONTS, BLOCK_FONTS, BOX_FONTS, LATIN_FONTS};
use sdl3::pixels::PixelFormat;
use sdl3::render::{BlendMode, FRect, ScaleMode, Texture, TextureCreator};

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
    basic
        .chain(latin)
        .chain(BOX_FONTS.iter())
        .chain(BLOCK_FONTS.iter())
        .map(|f| (f.char(), f.byte_array()))
        .collect()
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

/// The atlas as a texture of one render target.
pub(crate) struct Font<'tc> {
    texture: Texture<'tc>,
    slots: HashMap<char, usize>,
    fallback: usize,
}

impl<'tc> Font<'tc> {
    /// Uploads the atlas to a texture of `creator`'s renderer.
    pub fn new<C>(creator: &'tc TextureCreator<C>) -> Result<Self> {
        let image = build_atlas();
        let (w, h) = (image.width as u32, image.height as u32);
        let mut texture = creator
            .create_texture_static(PixelFormat::RGBA32, w, h)
            .context("creating the font atlas texture")?;
        texture.update(None, &image.rgba, image.width * BPP).context("uploading the font atlas")?;
        texture.set_blend_mode(BlendMode::Blend);
        texture.set_scale_mode(ScaleMode::Nearest);
        let fallback = image.slots.get(&'?').copied().unwrap_or(0);
        Ok(Font { texture, slots: image.slots, fallback })
    }

    /// The texture, for copying from.
    pub fn texture(&self) -> &Texture<'tc> {
        &self.texture
    }

    /// Where `ch` sits in the atlas; chars it lacks show as '?'.
    pub fn source(&self, ch: char) -> FRect {
        let slot = self.slots.get(&ch).copied().unwrap_or(self.fallback);
        let (x, y) = slot_origin(slot);
        FRect::new(x as f32, y as f32, 8.0, 8.0)
    }

    /// Tints what is drawn next.
    pub fn tint(&mut self, color: Rgba) {
        self.texture.set_color_mod(color.r, color.g, color.b);
        self.texture.set_alpha_mod(color.a);
    }
}
