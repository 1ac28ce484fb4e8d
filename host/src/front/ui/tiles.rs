//! The tile atlas as a texture of one render target (window or screenshot
//! surface), uploaded from the pixels `crate::front::atlas` decoded at startup.
//! Sprites are copied with nearest scaling, so 16-pixel art stays crisp at 32.

use emberdeep_api::Rgba;
use sdl3::pixels::PixelFormat;
use sdl3::render::{BlendMode, FRect, ScaleMode, Texture, TextureCreator};

use super::error::{Doing, Result};
use super::tinted::Tinted;
use crate::front::atlas::Atlas;

/// Most pre-tinted tiles kept before the cache starts again.
const MOST_TINTED: usize = 1024;

/// The atlas texture and where each tile is; empty when there is no atlas.
///
/// As with the font, on the software renderer each (tile, size, tint) is
/// made once as its own texture, already scaled and tinted, so drawing it is
/// a plain alpha blend rather than SDL's per-pixel scaling, tinting blit.
pub(crate) struct TileSheet<'tc> {
    texture: Option<Texture<'tc>>,
    atlas: Atlas,
    /// Set on the software renderer: the tiles made so far, by name, size and tint.
    tinted: Option<Tinted<'tc, (String, u32, [u8; 4])>>,
}

impl<'tc> TileSheet<'tc> {
    /// Uploads `atlas` to a texture of `creator`'s renderer; `pretint` (for
    /// the software renderer) makes scaled, tinted tiles instead.
    pub fn new<C: 'tc>(creator: &'tc TextureCreator<C>, atlas: &Atlas, pretint: bool) -> Result<Self> {
        if atlas.width == 0 || atlas.height == 0 {
            return Ok(TileSheet { texture: None, atlas: Atlas::default(), tinted: None });
        }
        let mut texture = creator
            .create_texture_static(PixelFormat::RGBA32, atlas.width, atlas.height)
            .doing("creating the tile atlas texture")?;
        texture.update(None, &atlas.rgba, atlas.width as usize * 4).doing("uploading the tile atlas")?;
        texture.set_blend_mode(BlendMode::Blend);
        texture.set_scale_mode(ScaleMode::Nearest);
        let tinted = pretint.then(|| Tinted::new(creator, MOST_TINTED));
        Ok(TileSheet { texture: Some(texture), atlas: atlas.clone(), tinted })
    }

    /// What to copy to draw the named tile `size` pixels square tinted by
    /// `tint`: a texture and the rectangle of it, if the atlas has the tile.
    pub fn prepare(&mut self, name: &str, size: u32, tint: Rgba) -> Result<Option<(&Texture<'tc>, FRect)>> {
        let Some(rect) = self.atlas.tile(name) else { return Ok(None) };
        let Some(tinted) = &mut self.tinted else {
            let Some(texture) = self.texture.as_mut() else { return Ok(None) };
            texture.set_color_mod(tint.r, tint.g, tint.b);
            texture.set_alpha_mod(tint.a);
            let src = FRect::new(rect.x as f32, rect.y as f32, rect.size as f32, rect.size as f32);
            return Ok(Some((texture, src)));
        };
        let atlas = &self.atlas;
        let texture = tinted.get((name.to_string(), size, [tint.r, tint.g, tint.b, tint.a]), size, |n| {
            let from = rect.size.max(1) as usize;
            let m = [tint.r, tint.g, tint.b, tint.a].map(u32::from);
            let mut rgba = vec![0u8; n * n * 4];
            for y in 0..n {
                for x in 0..n {
                    // Nearest sampling, then modulation as SDL does it: c * m / 255.
                    let (sx, sy) = (rect.x as usize + x * from / n, rect.y as usize + y * from / n);
                    let at = (sy * atlas.width as usize + sx) * 4;
                    for (c, px) in rgba[(y * n + x) * 4..][..4].iter_mut().enumerate() {
                        *px = (u32::from(atlas.rgba[at + c]) * m[c] / 255) as u8;
                    }
                }
            }
            rgba
        })?;
        Ok(Some((texture, FRect::new(0.0, 0.0, size as f32, size as f32))))
    }
}
