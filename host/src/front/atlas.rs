//! The tile atlas: `assets/tiles.png` (RGBA) and its index `assets/tiles.txt`,
//! made by `cargo run -p xtask -- tiles` from the sprites in
//! `assets/sprites/` (the xtask's crate doc describes both formats).
//!
//! It is read and checked once at startup: an atlas that does not load, or a
//! record naming a tile the index lacks, stops the start with a message that
//! names the file, the record and the tile, never a blank square later. The
//! index and the records' check are the engine's
//! ([`emberdeep_engine::data::tile_index`], which decodes no image); this module
//! loads the image through SDL_image and checks each tile lies inside it. The
//! SDL side (`ui::tiles`) only uploads the pixels this module decoded.

use std::path::{Path, PathBuf};

use emberdeep_engine::data::records::Records;
pub use emberdeep_engine::data::tile_index::{TileIndex, TileIndexError, TileRect, HOST_TILES, INDEX};
use emberdeep_engine::data::untrusted::{self, limits, InputError};
use sdl3::image::ImageIOStream;
use sdl3::iostream::IOStream;
use sdl3::pixels::PixelFormat;
use sdl3::surface::SurfaceRef;

/// The atlas image's file name in the assets folder.
pub const IMAGE: &str = "tiles.png";

/// Why the atlas cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AtlasError {
    /// The image could not be read or decoded.
    #[error("{file}: cannot read the tile atlas: {error}")]
    Image {
        /// The image file.
        file: PathBuf,
        /// Why.
        error: ImageError,
    },
    /// The index cannot be read, a line of it is wrong, or a tile lies
    /// outside the image.
    #[error(transparent)]
    Index(#[from] TileIndexError),
}

/// Why an image could not be read into RGBA pixels.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// The file cannot be read (missing, not a regular file, too large).
    #[error(transparent)]
    Read(#[from] InputError),
    /// SDL_image cannot decode it.
    #[error("{0}")]
    Decode(sdl3::Error),
    /// SDL cannot convert its pixels.
    #[error("converting to RGBA: {0}")]
    Convert(sdl3::Error),
}

/// The decoded atlas: RGBA pixels and the index of where each named tile sits.
#[derive(Debug, Clone, Default)]
pub struct Atlas {
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Pixels, RGBA, row by row.
    pub rgba: Vec<u8>,
    index: TileIndex,
}

impl Atlas {
    /// Reads `tiles.txt` and `tiles.png` from the assets folder `dir`, and
    /// checks that every tile of the index lies inside the image.
    pub fn load(dir: &Path) -> Result<Atlas, AtlasError> {
        let index = TileIndex::read(&dir.join(INDEX))?;
        let image_file = dir.join(IMAGE);
        let (width, height, rgba) =
            read_image(&image_file).map_err(|error| AtlasError::Image { file: image_file, error })?;
        inside(&index, width, height)?;
        Ok(Atlas { width, height, rgba, index })
    }

    /// Where the named tile is, if the atlas has it.
    pub fn tile(&self, name: &str) -> Option<TileRect> {
        self.index.tile(name)
    }

    /// The index the tiles' places came from.
    pub fn index(&self) -> &TileIndex {
        &self.index
    }

    /// Every tile the host draws, and every tile a loaded record names, is
    /// here (the engine's check: [`TileIndex::check`]).
    pub fn check(&self, records: &Records) -> Result<(), TileIndexError> {
        self.index.check(records)
    }
}

/// Each tile of `index` lies inside a `width` x `height` image.
fn inside(index: &TileIndex, width: u32, height: u32) -> Result<(), TileIndexError> {
    // The index keeps every far edge within u32, so these sums cannot overflow.
    match index.tiles().find(|(_, r, _)| r.x + r.size > width || r.y + r.size > height) {
        Some((name, _, line)) => Err(TileIndexError::Index {
            file: index.file().to_path_buf(),
            line,
            message: format!("tile '{name}' lies outside the {width}x{height} image"),
        }),
        None => Ok(()),
    }
}

/// Reads the image file `file` through SDL_image (a PNG, as the xtask writes
/// it; other formats SDL_image knows load too): its width, height and
/// pixels, RGBA, row by row without padding. Needs no SDL subsystem.
pub fn read_image(file: &Path) -> Result<(u32, u32, Vec<u8>), ImageError> {
    // Read by std (any path, its own error message), decoded from memory.
    let bytes = untrusted::read_bytes(file, "tile image", limits::ATLAS_IMAGE)?;
    let stream = IOStream::from_bytes(&bytes).map_err(ImageError::Decode)?;
    let surface = stream.load().map_err(ImageError::Decode)?;
    let rgba = surface_rgba(&surface)?;
    Ok((surface.width(), surface.height(), rgba))
}

/// A surface's pixels converted to RGBA, row by row without padding.
pub(crate) fn surface_rgba(surface: &SurfaceRef) -> Result<Vec<u8>, ImageError> {
    let rgba = surface.convert_format(PixelFormat::RGBA32).map_err(ImageError::Convert)?;
    let row = rgba.width() as usize * 4;
    let pitch = rgba.pitch() as usize;
    // Locking a fresh, non-RLE surface cannot fail.
    Ok(rgba.with_lock(|bytes| {
        bytes.chunks(pitch.max(1)).take(rgba.height() as usize).flat_map(|r| &r[..row.min(r.len())]).copied().collect()
    }))
}

/// Where the `assets/` folder is: `--assets-dir`, else next to the
/// executable's workspace (for `cargo run`), else `./assets`.
pub fn default_assets_dir() -> PathBuf {
    let from_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().map(|a| a.join("assets")).find(|d| d.join(INDEX).is_file()));
    from_exe.unwrap_or_else(|| PathBuf::from("assets"))
}

#[cfg(test)]
mod tests {
    use sdl3::image::SaveSurface;
    use sdl3::surface::Surface;

    use super::*;

    /// An assets folder holding `index` and a `width` x `height` image of one color.
    fn assets(index: &str, width: u32, height: u32) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(INDEX), index).unwrap();
        let mut pixels: Vec<u8> = [10, 20, 30, 255].repeat((width * height) as usize);
        let surface = Surface::from_data(&mut pixels, width, height, width * 4, PixelFormat::RGBA32).unwrap();
        surface.save(dir.path().join(IMAGE)).unwrap();
        dir
    }

    #[test]
    fn the_repository_atlas_loads_with_every_host_tile() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
        let atlas = Atlas::load(&dir).unwrap();
        assert!(atlas.width > 0 && atlas.height > 0);
        assert_eq!(atlas.rgba.len() as u32, atlas.width * atlas.height * 4);
        for tile in HOST_TILES {
            assert!(atlas.tile(tile).is_some(), "{tile}");
        }
        atlas.check(&Records::default()).unwrap();
    }

    #[test]
    fn the_image_decodes_to_rgba_and_its_tiles_are_placed() {
        let dir = assets("atlas 16 18\nfloor 0 0\nwall 1 0\n", 36, 18);
        let atlas = Atlas::load(dir.path()).unwrap();
        assert_eq!((atlas.width, atlas.height), (36, 18));
        assert_eq!(atlas.rgba, [10, 20, 30, 255].repeat(36 * 18));
        assert_eq!(atlas.tile("wall"), Some(TileRect { x: 19, y: 1, size: 16 }));
        assert_eq!(atlas.index().file(), dir.path().join(INDEX));
    }

    #[test]
    fn a_tile_outside_the_image_names_the_index_line() {
        let dir = assets("atlas 16 18\nfloor 0 0\nwall 2 0\n", 36, 18);
        let err = Atlas::load(dir.path()).unwrap_err().to_string();
        let at = format!("{}:3: tile 'wall' lies outside the 36x18 image", dir.path().join(INDEX).display());
        assert_eq!(err, at);
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = Atlas::load(Path::new("/nonexistent/assets")).unwrap_err().to_string();
        assert!(err.starts_with("/nonexistent/assets/tiles.txt: cannot read"), "{err}");
        let dir = assets("atlas 16 18\nfloor 0 0\n", 18, 18);
        std::fs::write(dir.path().join(IMAGE), b"not a png").unwrap();
        let err = Atlas::load(dir.path()).unwrap_err().to_string();
        let at = format!("{}: cannot read the tile atlas: ", dir.path().join(IMAGE).display());
        assert!(err.starts_with(&at), "{err}");
        std::fs::remove_file(dir.path().join(IMAGE)).unwrap();
        let err = Atlas::load(dir.path()).unwrap_err().to_string();
        assert!(err.starts_with(&at), "{err}");
    }
}
