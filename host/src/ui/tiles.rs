//! The tile atlas as a texture of one render target (window or screenshot
//! surface), uploaded from the pixels `crate::atlas` decoded at startup.
//! Sprites are copied with nearest scaling, so 16-pixel art stays crisp at 32.

use anyhow::{Context, Result};
use emberdeep_api::Rgba;
use sdl3::pixels::PixelFormat;
use sdl3::render::{BlendMode, FRect, ScaleMode, Texture, TextureCreator};

use crate::atlas::Atlas;

/// The atlas texture and where each tile is; empty when there is no atlas.
pub(crate) struct TileSheet<'tc> {
    texture: Option<Texture<'tc>>,
    atlas: Atlas,
}

impl<'tc> TileSheet<'tc> {
    /// Uploads `atlas` to a texture of `creator`'s renderer.
    pub fn new<C>(creator: &'tc TextureCreator<C>, atlas: &Atlas) -> Result<Self> {
        if atlas.width == 0 || atlas.height == 0 {
            return Ok(TileSheet { texture: None, atlas: Atlas::default() });
        }
        let mut texture = creator
            .create_texture_static(PixelFormat::RGBA32, atlas.width, atlas.height)
            .context("creating the tile atlas texture")?;
        texture.update(None, &atlas.rgba, atlas.width as usize * 4).context("uploading the tile atlas")?;
        texture.set_blend_mode(BlendMode::Blend);
        texture.set_scale_mode(ScaleMode::Nearest);
        Ok(TileSheet { texture: Some(texture), atlas: atlas.clone() })
    }

    /// The texture tinted by `tint` and where the named tile is in it, if there is one.
    pub fn prepare(&mut self, name: &str, tint: Rgba) -> Option<(&Texture<'tc>, FRect)> {
        let rect = self.atlas.tile(name)?;
        let texture = self.texture.as_mut()?;
        texture.set_color_mod(tint.r, tint.g, tint.b);
        texture.set_alpha_mod(tint.a);
        let src = FRect::new(rect.x as f32, rect.y as f32, rect.size as f32, rect.size as f32);
        Some((texture, src))
    }
}
