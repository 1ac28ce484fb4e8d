//! The tile atlas: `assets/tiles.png` (RGBA) and its index `assets/tiles.txt`,
//! made by `cargo run -p xtask -- tiles` from the sprites in
//! `assets/sprites/` (the xtask's crate doc describes both formats).
//!
//! It is read and checked once at startup: an atlas that does not load, or a
//! record naming a tile the index lacks, stops the start with a message that
//! names the file, the record and the tile, never a blank square later. The
//! SDL side (`ui::tiles`) only uploads the pixels this module decoded.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use emberdeep_engine::records::Records;

/// The atlas image's file name in the assets folder.
pub const IMAGE: &str = "tiles.png";
/// The index's file name in the assets folder.
pub const INDEX: &str = "tiles.txt";
/// Tiles the host itself draws (terrain and the player), whatever the plugins.
pub const HOST_TILES: [&str; 6] = ["floor", "wall", "door_closed", "door_open", "stairs_down", "player"];

/// Why the atlas cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AtlasError {
    /// A file could not be read.
    #[error("{file}: cannot read the tile atlas: {message}")]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        message: String,
    },
    /// A line of the index is wrong.
    #[error("{file}:{line}: {message}")]
    Index {
        /// The index file.
        file: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A record names a tile the index does not have.
    #[error("{record_file}: {what} '{id}' names tile '{tile}', which {index} does not have")]
    MissingTile {
        /// The data file holding the record.
        record_file: PathBuf,
        /// `monster` or `item`.
        what: &'static str,
        /// The record's id.
        id: String,
        /// The tile it names.
        tile: String,
        /// The index file.
        index: PathBuf,
    },
    /// A tile the host draws itself is not in the index.
    #[error("{index} has no tile '{tile}', which the tile view draws; run `cargo run -p xtask -- tiles`")]
    MissingHostTile {
        /// The tile.
        tile: String,
        /// The index file.
        index: PathBuf,
    },
}

/// Where a tile's pixels are in the atlas image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileRect {
    /// Left pixel.
    pub x: u32,
    /// Top pixel.
    pub y: u32,
    /// Width and height.
    pub size: u32,
}

/// The decoded atlas: RGBA pixels and where each named tile sits.
#[derive(Debug, Clone, Default)]
pub struct Atlas {
    /// The index file it was read from (for messages).
    pub index_file: PathBuf,
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Pixels, RGBA, row by row.
    pub rgba: Vec<u8>,
    tiles: BTreeMap<String, TileRect>,
}

impl Atlas {
    /// Reads `tiles.png` and `tiles.txt` from the assets folder `dir`.
    pub fn load(dir: &Path) -> Result<Atlas, AtlasError> {
        let index_file = dir.join(INDEX);
        let text = std::fs::read_to_string(&index_file)
            .map_err(|e| AtlasError::Read { file: index_file.clone(), message: e.to_string() })?;
        let image_file = dir.join(IMAGE);
        let (width, height, rgba) = decode_png(&image_file)?;
        let tiles = parse_index(&text, &index_file, width, height)?;
        Ok(Atlas { index_file, width, height, rgba, tiles })
    }

    /// Where the named tile is, if the atlas has it.
    pub fn tile(&self, name: &str) -> Option<TileRect> {
        self.tiles.get(name).copied()
    }

    /// Every tile the host draws, and every tile a loaded record names, is here.
    pub fn check(&self, records: &Records) -> Result<(), AtlasError> {
        for tile in HOST_TILES {
            if self.tile(tile).is_none() {
                return Err(AtlasError::MissingHostTile { tile: tile.into(), index: self.index_file.clone() });
            }
        }
        let monsters = records.monsters.values().map(|m| ("monster", &m.id, &m.tile, &m.file));
        let items = records.items.values().map(|i| ("item", &i.id, &i.tile, &i.file));
        for (what, id, tile, file) in monsters.chain(items) {
            if self.tile(tile).is_none() {
                return Err(AtlasError::MissingTile {
                    record_file: file.clone(),
                    what,
                    id: id.clone(),
                    tile: tile.clone(),
                    index: self.index_file.clone(),
                });
            }
        }
        Ok(())
    }
}

/// The PNG's size and RGBA pixels (8-bit RGBA only: what the xtask writes).
fn decode_png(file: &Path) -> Result<(u32, u32, Vec<u8>), AtlasError> {
    let fail = |message: String| AtlasError::Read { file: file.to_path_buf(), message };
    let reader = File::open(file).map_err(|e| fail(e.to_string()))?;
    let mut reader = png::Decoder::new(BufReader::new(reader)).read_info().map_err(|e| fail(e.to_string()))?;
    let mut rgba = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgba).map_err(|e| fail(e.to_string()))?;
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return Err(fail(format!("must be 8-bit RGBA, not {:?} {:?}", info.color_type, info.bit_depth)));
    }
    rgba.truncate(info.buffer_size());
    Ok((info.width, info.height, rgba))
}

/// The index: `atlas SIZE PITCH`, then `NAME COL ROW` per tile; `#` comments.
fn parse_index(text: &str, file: &Path, width: u32, height: u32) -> Result<BTreeMap<String, TileRect>, AtlasError> {
    let fail = |line: usize, message: String| AtlasError::Index { file: file.to_path_buf(), line, message };
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
    let (size, pitch) = match lines.next() {
        Some((i, line)) => match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["atlas", size, pitch] => match (size.parse::<u32>(), pitch.parse::<u32>()) {
                (Ok(s), Ok(p)) if s > 0 && p >= s => (s, p),
                _ => return Err(fail(i + 1, format!("expected `atlas SIZE PITCH` with PITCH >= SIZE > 0, not {line:?}"))),
            },
            _ => return Err(fail(i + 1, format!("the first line must be `atlas SIZE PITCH`, not {line:?}"))),
        },
        None => return Err(fail(1, "the index is empty".into())),
    };
    let border = (pitch - size) / 2;
    let mut tiles = BTreeMap::new();
    for (i, line) in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [name, col, row] = words.as_slice() else {
            return Err(fail(i + 1, format!("expected `NAME COL ROW`, not {line:?}")));
        };
        let (Ok(col), Ok(row)) = (col.parse::<u32>(), row.parse::<u32>()) else {
            return Err(fail(i + 1, format!("column and row must be whole numbers: {line:?}")));
        };
        let rect = TileRect { x: col * pitch + border, y: row * pitch + border, size };
        if rect.x + size > width || rect.y + size > height {
            return Err(fail(i + 1, format!("tile '{name}' lies outside the {width}x{height} image")));
        }
        if tiles.insert(name.to_string(), rect).is_some() {
            return Err(fail(i + 1, format!("tile '{name}' is listed twice")));
        }
    }
    Ok(tiles)
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
    use super::*;

    fn index(text: &str) -> Result<BTreeMap<String, TileRect>, AtlasError> {
        parse_index(text, Path::new("assets/tiles.txt"), 36, 18)
    }

    #[test]
    fn the_index_places_tiles_inside_their_cells() {
        let tiles = index("# made by xtask\natlas 16 18\nfloor 0 0\nwall 1 0\n").unwrap();
        assert_eq!(tiles["floor"], TileRect { x: 1, y: 1, size: 16 });
        assert_eq!(tiles["wall"], TileRect { x: 19, y: 1, size: 16 });
    }

    #[test]
    fn a_bad_index_line_names_the_file_and_line() {
        let err = index("atlas 16 18\nfloor 0 0\nwall one 0\n").unwrap_err().to_string();
        assert!(err.starts_with("assets/tiles.txt:3:"), "{err}");
        let err = index("atlas 16 18\nfloor 2 0\n").unwrap_err().to_string();
        assert!(err.contains("outside"), "{err}");
        let err = index("floor 0 0\n").unwrap_err().to_string();
        assert!(err.contains("atlas SIZE PITCH"), "{err}");
    }

    #[test]
    fn the_repository_atlas_loads_with_every_host_tile() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets");
        let atlas = Atlas::load(&dir).unwrap();
        assert_eq!(atlas.rgba.len() as u32, atlas.width * atlas.height * 4);
        for tile in HOST_TILES {
            assert!(atlas.tile(tile).is_some(), "{tile}");
        }
        atlas.check(&Records::default()).unwrap();
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = Atlas::load(Path::new("/nonexistent/assets")).unwrap_err().to_string();
        assert!(err.starts_with("/nonexistent/assets/tiles.txt: cannot read"), "{err}");
    }
}
