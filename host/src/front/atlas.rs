//! The tile atlas: `assets/tiles.png` (RGBA) and its index `assets/tiles.txt`,
//! made by `cargo run -p xtask -- tiles` from the sprites in
//! `assets/sprites/` (the xtask's crate doc describes both formats), and the
//! sheets of the plugins that bring tiles of their own.
//!
//! It is read and checked once at startup: a game atlas that does not load,
//! or lacks a tile the host draws, stops the start with a message that names
//! the file and the tile. Then each loaded plugin's data folder may add a
//! sheet, `tiles.png` and `tiles.txt` in the game's format
//! ([`Atlas::add_plugin_sheets`]): its image is placed beside the game's in
//! one image (the game's pixels stay where they were), its names join the
//! index. A sheet the host cannot use (half of it missing, not a PNG, larger
//! than [`SHEET_SIDE`] pixels a side, a PNG that does not decode, a bad
//! index line, a tile outside its image, a name the game's or an earlier
//! plugin's sheet has, no room left) is refused as a whole in one line and
//! the plugin plays on; a record whose tile no sheet has is a warning, and
//! the tile view draws its glyph. The index and the records' check are the
//! engine's ([`emberdeep_engine::data::tile_index`], which decodes no image);
//! this module loads the images through SDL_image (needing no SDL
//! subsystem, so headless runs and `check` load them as well) and checks
//! each tile lies inside its image. The SDL side (`ui::tiles`) only uploads
//! the pixels this module decoded.

use std::path::{Path, PathBuf};

use emberdeep_engine::data::records::Records;
pub use emberdeep_engine::data::tile_index::{
    MissingTile, SheetError, TileIndex, TileIndexError, TileRect, HOST_TILES, INDEX,
};
use emberdeep_engine::data::untrusted::{self, limits, InputError};
use sdl3::image::ImageIOStream;
use sdl3::iostream::IOStream;
use sdl3::pixels::PixelFormat;
use sdl3::surface::SurfaceRef;

/// The atlas image's file name in the assets folder (and a plugin's sheet's in its data folder).
pub const IMAGE: &str = "tiles.png";
/// The most pixels a side of a plugin's sheet may have.
pub const SHEET_SIDE: u32 = 1024;
/// The most pixels a side of the atlas may have, with every plugin's sheet placed.
pub const ATLAS_SIDE: u32 = 4096;
/// What every PNG file starts with.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

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

/// A plugin's sheet refused, in one line: the plugin still plays, and its
/// records' tiles fall back to their glyphs (each a [`MissingTile`] warning).
#[derive(Debug, thiserror::Error)]
#[error("the tiles of plugin '{plugin}' are not used: {problem}")]
pub struct SheetRefused {
    /// The plugin.
    pub plugin: String,
    /// Why.
    pub problem: SheetProblem,
}

/// Why a plugin's sheet cannot join the atlas.
#[derive(Debug, thiserror::Error)]
pub enum SheetProblem {
    /// One of its two files is there, the other not.
    #[error("{missing}: not there, though {present} is; a plugin's tiles need both")]
    Half {
        /// The file that is not there.
        missing: PathBuf,
        /// The name of the one that is.
        present: &'static str,
    },
    /// The image cannot be read (not a regular file, over its limit).
    #[error(transparent)]
    Read(#[from] InputError),
    /// The image does not start as a PNG does.
    #[error("{file}: not a PNG image (a plugin's tiles.png must be one)")]
    NotPng {
        /// The image.
        file: PathBuf,
    },
    /// The image is larger than [`SHEET_SIDE`] a side (found in its header, before decoding).
    #[error("{file}: the sheet is {width}x{height} pixels; at most {SHEET_SIDE}x{SHEET_SIDE}")]
    TooLarge {
        /// The image.
        file: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
    },
    /// SDL_image cannot decode it (truncated, damaged).
    #[error("{file}: cannot decode the PNG: {error}")]
    Decode {
        /// The image.
        file: PathBuf,
        /// Why.
        error: ImageError,
    },
    /// Its index cannot be read, a line of it is wrong, or a tile lies outside its image.
    #[error(transparent)]
    Index(#[from] TileIndexError),
    /// A name of it is the game's or an earlier plugin's.
    #[error(transparent)]
    Clash(#[from] SheetError),
    /// The atlas has no room left for it.
    #[error("{file}: no room left for it in the atlas, at most {ATLAS_SIDE}x{ATLAS_SIDE} pixels with every sheet")]
    Full {
        /// The image.
        file: PathBuf,
    },
}

/// A plugin's sheet, read and checked: its index and its pixels.
struct Sheet {
    index: TileIndex,
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

/// Where the next sheet goes: left to right in rows, the game's image first.
struct Shelf {
    /// The left edge of the next sheet in the current row.
    x: u32,
    /// The current row's top.
    y: u32,
    /// The current row's height so far.
    row: u32,
}

impl Shelf {
    /// Where a `width` x `height` sheet would go, if the atlas has room.
    fn fit(&self, width: u32, height: u32) -> Option<(u32, u32)> {
        let (x, y) = if self.x.saturating_add(width) <= ATLAS_SIDE {
            (self.x, self.y)
        } else {
            (0, self.y.saturating_add(self.row))
        };
        (x.saturating_add(width) <= ATLAS_SIDE && y.saturating_add(height) <= ATLAS_SIDE).then_some((x, y))
    }

    /// A `width` x `height` sheet put where [`Shelf::fit`] said.
    fn take(&mut self, (x, y): (u32, u32), width: u32, height: u32) {
        if y != self.y {
            (self.y, self.row) = (y, 0);
        }
        self.x = x + width;
        self.row = self.row.max(height);
    }
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

    /// Every tile the host draws is here, or the start stops; each loaded
    /// record whose tile is not is a warning (the engine's check:
    /// [`TileIndex::check`]).
    pub fn check(&self, records: &Records) -> Result<Vec<MissingTile>, TileIndexError> {
        self.index.check(records)
    }

    /// Adds the sheet of each plugin whose data folder (`folders`: each
    /// plugin and its folder, in load order) holds `tiles.txt` and
    /// `tiles.png`: its image placed beside the game's and the earlier
    /// sheets' in one image, its tiles added to the index. Answers each
    /// sheet refused, whole, in one line; the game's tiles stay where they
    /// were, so the tile view draws them as before.
    pub fn add_plugin_sheets(&mut self, folders: &[(String, PathBuf)]) -> Vec<SheetRefused> {
        let mut shelf = Shelf { x: self.width, y: 0, row: self.height };
        let mut placed = Vec::new();
        let mut refused = Vec::new();
        for (plugin, folder) in folders {
            let added = read_sheet(folder).and_then(|sheet| {
                let Some(sheet) = sheet else { return Ok(None) };
                let full = || SheetProblem::Full { file: folder.join(IMAGE) };
                let at = shelf.fit(sheet.width, sheet.height).ok_or_else(full)?;
                self.index.add_sheet(&sheet.index, at.0, at.1)?;
                shelf.take(at, sheet.width, sheet.height);
                Ok(Some((sheet, at)))
            });
            match added {
                Ok(Some(sheet)) => placed.push(sheet),
                Ok(None) => {}
                Err(problem) => refused.push(SheetRefused { plugin: plugin.clone(), problem }),
            }
        }
        if !placed.is_empty() {
            self.compose(&placed);
        }
        refused
    }

    /// One image of the game's and the `placed` sheets' pixels, each where it was put.
    fn compose(&mut self, placed: &[(Sheet, (u32, u32))]) {
        let far = placed.iter().map(|(s, (x, y))| (x + s.width, y + s.height));
        let (width, height) = far.fold((self.width, self.height), |(w, h), (x, y)| (w.max(x), h.max(y)));
        let mut rgba = vec![0u8; width as usize * height as usize * 4];
        let game = (&self.rgba[..], self.width, (0, 0));
        for (from, w, (x, y)) in std::iter::once(game).chain(placed.iter().map(|(s, at)| (&s.rgba[..], s.width, *at))) {
            let row = w as usize * 4;
            for (i, line) in from.chunks(row.max(1)).enumerate() {
                let at = ((y as usize + i) * width as usize + x as usize) * 4;
                rgba[at..at + line.len()].copy_from_slice(line);
            }
        }
        (self.width, self.height, self.rgba) = (width, height, rgba);
    }
}

/// The sheet in a plugin's data folder `folder`, if it has one: its index
/// read, its image read, checked as a PNG no larger than [`SHEET_SIDE`] a
/// side (from its header, before decoding) and decoded, and every tile of
/// the index inside the image.
fn read_sheet(folder: &Path) -> Result<Option<Sheet>, SheetProblem> {
    let (index_file, image_file) = (folder.join(INDEX), folder.join(IMAGE));
    let there = |p: &Path| std::fs::symlink_metadata(p).is_ok();
    match (there(&index_file), there(&image_file)) {
        (false, false) => return Ok(None),
        (false, true) => return Err(SheetProblem::Half { missing: index_file, present: IMAGE }),
        (true, false) => return Err(SheetProblem::Half { missing: image_file, present: INDEX }),
        (true, true) => {}
    }
    let bytes = untrusted::read_bytes(&image_file, "tile sheet", limits::PLUGIN_TILES_IMAGE)?;
    let Some((width, height)) = png_size(&bytes) else { return Err(SheetProblem::NotPng { file: image_file }) };
    if width > SHEET_SIDE || height > SHEET_SIDE {
        return Err(SheetProblem::TooLarge { file: image_file, width, height });
    }
    let (width, height, rgba) =
        decode(&bytes).map_err(|error| SheetProblem::Decode { file: image_file.clone(), error })?;
    if width > SHEET_SIDE || height > SHEET_SIDE {
        return Err(SheetProblem::TooLarge { file: image_file, width, height });
    }
    let index = TileIndex::read(&index_file)?;
    inside(&index, width, height)?;
    Ok(Some(Sheet { index, width, height, rgba }))
}

/// A PNG's width and height from its header (the signature, then the
/// `IHDR` chunk), or `None` if `bytes` do not start as a PNG does.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let header = bytes.get(..24).filter(|b| b.starts_with(PNG_SIGNATURE) && &b[12..16] == b"IHDR")?;
    let number = |at: usize| u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]]);
    Some((number(16), number(20)))
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
    decode(&untrusted::read_bytes(file, "tile image", limits::ATLAS_IMAGE)?)
}

/// An image file's bytes decoded through SDL_image: width, height, RGBA pixels.
fn decode(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), ImageError> {
    let stream = IOStream::from_bytes(bytes).map_err(ImageError::Decode)?;
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

    /// A plugin's data folder holding `index` and a `width` x `height` sheet of one `color`.
    fn sheet(index: &str, width: u32, height: u32, color: [u8; 4]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(INDEX), index).unwrap();
        let mut pixels: Vec<u8> = color.repeat((width * height) as usize);
        let surface = Surface::from_data(&mut pixels, width, height, width * 4, PixelFormat::RGBA32).unwrap();
        surface.save(dir.path().join(IMAGE)).unwrap();
        dir
    }

    fn folders(dirs: &[(&str, &tempfile::TempDir)]) -> Vec<(String, PathBuf)> {
        dirs.iter().map(|(name, d)| (name.to_string(), d.path().to_path_buf())).collect()
    }

    #[test]
    fn a_plugins_sheet_is_placed_beside_the_games_which_keeps_its_pixels() {
        let game = assets("atlas 16 18\nfloor 0 0\nwall 1 0\n", 36, 18);
        let mut atlas = Atlas::load(game.path()).unwrap();
        let before = atlas.rgba.clone();
        let (red, blue) = (
            sheet("atlas 16 16\nember 0 0\n", 16, 16, [255, 0, 0, 255]),
            sheet("atlas 8 8\nspark 0 1\n", 8, 16, [0, 0, 255, 255]),
        );
        let none = tempfile::tempdir().unwrap();
        let refused = atlas.add_plugin_sheets(&folders(&[("amber", &red), ("bare", &none), ("cinder", &blue)]));
        assert!(refused.is_empty(), "{refused:?}");
        // One row: the game's image, then each sheet to its right.
        assert_eq!((atlas.width, atlas.height), (36 + 16 + 8, 18));
        assert_eq!(atlas.tile("ember"), Some(TileRect { x: 36, y: 0, size: 16 }));
        assert_eq!(atlas.tile("spark"), Some(TileRect { x: 52, y: 8, size: 8 }));
        assert_eq!(atlas.tile("wall"), Some(TileRect { x: 19, y: 1, size: 16 }));
        let px = |x: u32, y: u32| &atlas.rgba[((y * atlas.width + x) * 4) as usize..][..4];
        assert_eq!(px(36, 0), [255, 0, 0, 255]);
        assert_eq!(px(59, 15), [0, 0, 255, 255]);
        assert_eq!(px(40, 17), [0, 0, 0, 0], "below the shorter sheet: nothing");
        for y in 0..18 {
            let row = (y * 36 * 4) as usize;
            assert_eq!(&atlas.rgba[(y * atlas.width * 4) as usize..][..36 * 4], &before[row..row + 36 * 4]);
        }
    }

    #[test]
    fn no_sheet_leaves_the_atlas_as_it_was() {
        let game = assets("atlas 16 18\nfloor 0 0\n", 18, 18);
        let mut atlas = Atlas::load(game.path()).unwrap();
        let before = atlas.rgba.clone();
        let none = tempfile::tempdir().unwrap();
        assert!(atlas.add_plugin_sheets(&folders(&[("bare", &none)])).is_empty());
        assert_eq!((atlas.width, atlas.height, &atlas.rgba), (18, 18, &before));
    }

    #[test]
    fn each_bad_sheet_is_refused_in_one_line_and_the_others_are_used() {
        let game = assets("atlas 16 18\nfloor 0 0\n", 18, 18);
        let mut atlas = Atlas::load(game.path()).unwrap();
        let good = sheet("atlas 16 16\nember 0 0\n", 16, 16, [255, 0, 0, 255]);
        let clash = sheet("atlas 16 16\nfloor 0 0\n", 16, 16, [255, 0, 0, 255]);
        let outside = sheet("atlas 16 16\nash 1 0\n", 16, 16, [255, 0, 0, 255]);
        let bad_line = sheet("atlas 16 16\nash 0\n", 16, 16, [255, 0, 0, 255]);
        let not_png = sheet("atlas 16 16\nash 0 0\n", 16, 16, [255, 0, 0, 255]);
        std::fs::write(not_png.path().join(IMAGE), b"BM not a png").unwrap();
        let huge = sheet("atlas 16 16\nash 0 0\n", 16, 16, [255, 0, 0, 255]);
        let mut bytes = std::fs::read(huge.path().join(IMAGE)).unwrap();
        bytes[16..24].copy_from_slice(&[0, 1, 0, 0, 0, 1, 0, 0]); // the header says 65536x65536
        std::fs::write(huge.path().join(IMAGE), &bytes).unwrap();
        let half = tempfile::tempdir().unwrap();
        std::fs::write(half.path().join(IMAGE), b"").unwrap();
        let dirs = [
            ("a", &clash),
            ("b", &good),
            ("c", &outside),
            ("d", &bad_line),
            ("e", &not_png),
            ("f", &huge),
            ("g", &half),
        ];
        let refused: Vec<String> = atlas.add_plugin_sheets(&folders(&dirs)).iter().map(|r| r.to_string()).collect();
        let at = |d: &tempfile::TempDir, f: &str| d.path().join(f).display().to_string();
        assert_eq!(
            refused,
            [
                format!("the tiles of plugin 'a' are not used: {}:2: tile 'floor' is already in {}:2; a tile's name may be in one sheet only", at(&clash, INDEX), at(&game, INDEX)),
                format!("the tiles of plugin 'c' are not used: {}:2: tile 'ash' lies outside the 16x16 image", at(&outside, INDEX)),
                format!("the tiles of plugin 'd' are not used: {}:2: expected `NAME COL ROW`, not \"ash 0\"", at(&bad_line, INDEX)),
                format!("the tiles of plugin 'e' are not used: {}: not a PNG image (a plugin's tiles.png must be one)", at(&not_png, IMAGE)),
                format!("the tiles of plugin 'f' are not used: {}: the sheet is 65536x65536 pixels; at most 1024x1024", at(&huge, IMAGE)),
                format!("the tiles of plugin 'g' are not used: {}: not there, though tiles.png is; a plugin's tiles need both", at(&half, INDEX)),
            ]
        );
        assert_eq!(atlas.tile("ember"), Some(TileRect { x: 18, y: 0, size: 16 }), "b's sheet, right after the game's");
        assert_eq!(atlas.tile("ash"), None);
        assert_eq!((atlas.width, atlas.height), (34, 18), "only b's pixels were added");
    }

    #[test]
    fn sheets_fill_rows_and_one_with_no_room_left_is_refused() {
        let mut shelf = Shelf { x: 144, y: 0, row: 90 };
        let mut placed = Vec::new();
        while let Some(at) = shelf.fit(SHEET_SIDE, SHEET_SIDE) {
            shelf.take(at, SHEET_SIDE, SHEET_SIDE);
            placed.push(at);
        }
        // Three beside the game's image, then four to a row.
        assert_eq!(placed.len(), 3 + 4 * 3);
        assert_eq!(&placed[..4], [(144, 0), (1168, 0), (2192, 0), (0, 1024)]);
        assert_eq!(placed.last(), Some(&(3072, 3072)));
        assert_eq!(shelf.fit(1, 1), None, "the last row is full to the right and nothing fits below");
    }
}
