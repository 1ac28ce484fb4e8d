//! Small textures made once per key and kept: on the software renderer the
//! font and the tile sheet draw each (glyph or tile, size, tint) into a
//! texture of its own, already scaled and tinted, so that copying it is a
//! plain alpha blend instead of SDL's per-pixel scaling, tinting blit.

use std::collections::HashMap;
use std::hash::Hash;

use sdl3::pixels::PixelFormat;
use sdl3::render::{BlendMode, Texture, TextureCreator};

use super::error::{Doing, Result};

/// Makes a static RGBA texture of a size.
type MakeTexture<'tc> = Box<dyn Fn(u32, u32) -> Result<Texture<'tc>> + 'tc>;

/// Square textures by key, at most `most` of them (then the cache starts again).
pub(crate) struct Tinted<'tc, K> {
    make: MakeTexture<'tc>,
    kept: HashMap<K, Texture<'tc>>,
    most: usize,
}

impl<'tc, K: Hash + Eq + Clone> Tinted<'tc, K> {
    /// An empty cache of textures of `creator`'s renderer.
    pub fn new<C: 'tc>(creator: &'tc TextureCreator<C>, most: usize) -> Self {
        let make = Box::new(move |w: u32, h: u32| {
            let mut t = creator.create_texture_static(PixelFormat::RGBA32, w, h).doing("creating a texture")?;
            t.set_blend_mode(BlendMode::Blend);
            Ok(t)
        });
        Tinted { make, kept: HashMap::new(), most }
    }

    /// The texture kept for `key`, or one `size` pixels square made from the
    /// RGBA pixels `draw` gives for that size (row by row, no padding).
    pub fn get(&mut self, key: K, size: u32, draw: impl FnOnce(usize) -> Vec<u8>) -> Result<&Texture<'tc>> {
        if !self.kept.contains_key(&key) {
            if self.kept.len() >= self.most {
                self.kept.clear();
            }
            let n = size.max(1) as usize;
            let mut texture = (self.make)(n as u32, n as u32)?;
            texture.update(None, &draw(n), n * 4).doing("uploading a texture")?;
            self.kept.insert(key.clone(), texture);
        }
        Ok(&self.kept[&key])
    }
}
