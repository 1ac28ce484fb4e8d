//! The tile atlas's index, `assets/tiles.txt`: which named tile sits where in
//! the atlas image `assets/tiles.png`, both made by `cargo run -p xtask --
//! tiles` from the sprites in `assets/sprites/` (the xtask's crate doc
//! describes both formats).
//!
//! The rules need only the names: [`TileIndex::check`] stops the start when a
//! tile the host draws, or a tile a loaded record names, is not in the index,
//! with a message naming the record, its file and the tile, never a blank
//! square later.
//!
//! Invariant: nothing here opens or decodes the image, so the engine's
//! dependencies stay free of SDL and of image codecs. Whether each tile lies
//! inside the image is checked by the front end once it has loaded the image
//! (`emberdeep::front::atlas`), with [`TileIndex::tiles`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::data::records::Records;

/// The index's file name in the assets folder.
pub const INDEX: &str = "tiles.txt";
/// Tiles the host itself draws (terrain and the player), whatever the plugins.
pub const HOST_TILES: [&str; 6] = ["floor", "wall", "door_closed", "door_open", "stairs_down", "player"];

/// Why the index cannot be used, or a record's tile is not in it.
#[derive(Debug, thiserror::Error)]
pub enum TileIndexError {
    /// The index file could not be read.
    #[error("{file}: cannot read the tile atlas: {message}")]
    Read {
        /// The index file.
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

/// The parsed index: each named tile's rectangle and the line that placed it.
#[derive(Debug, Clone, Default)]
pub struct TileIndex {
    file: PathBuf,
    tiles: BTreeMap<String, (TileRect, usize)>,
}

impl TileIndex {
    /// Reads and parses the index file `file`.
    pub fn read(file: &Path) -> Result<TileIndex, TileIndexError> {
        let text = crate::data::untrusted::read_text(file, "tile index", crate::data::untrusted::limits::ATLAS_INDEX)
            .map_err(|e| TileIndexError::Read { file: file.to_path_buf(), message: e.to_string() })?;
        TileIndex::parse(&text, file)
    }

    /// Parses the index text read from `file` (named in messages): `atlas
    /// SIZE PITCH`, then `NAME COL ROW` per tile; `#` starts a comment line.
    pub fn parse(text: &str, file: &Path) -> Result<TileIndex, TileIndexError> {
        let fail = |line: usize, message: String| TileIndexError::Index { file: file.to_path_buf(), line, message };
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
        let (size, pitch) = match lines.next() {
            Some((i, line)) => match line.split_whitespace().collect::<Vec<_>>().as_slice() {
                ["atlas", size, pitch] => match (size.parse::<u32>(), pitch.parse::<u32>()) {
                    (Ok(s), Ok(p)) if s > 0 && p >= s => (s, p),
                    _ => {
                        return Err(fail(
                            i + 1,
                            format!("expected `atlas SIZE PITCH` with PITCH >= SIZE > 0, not {line:?}"),
                        ))
                    }
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
            // Its far edge must be a pixel position too, so the image check cannot overflow.
            let at = |cell: u32| cell.checked_mul(pitch)?.checked_add(border).filter(|p| p.checked_add(size).is_some());
            let (Some(x), Some(y)) = (at(col), at(row)) else {
                return Err(fail(i + 1, format!("tile '{name}' lies beyond any image: {line:?}")));
            };
            if tiles.insert(name.to_string(), (TileRect { x, y, size }, i + 1)).is_some() {
                return Err(fail(i + 1, format!("tile '{name}' is listed twice")));
            }
        }
        Ok(TileIndex { file: file.to_path_buf(), tiles })
    }

    /// The file the index was read from (for messages).
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Where the named tile is, if the index has it.
    pub fn tile(&self, name: &str) -> Option<TileRect> {
        self.tiles.get(name).map(|&(rect, _)| rect)
    }

    /// Every tile, by name: its rectangle and the index line (from 1) placing it.
    pub fn tiles(&self) -> impl Iterator<Item = (&str, TileRect, usize)> + '_ {
        self.tiles.iter().map(|(name, &(rect, line))| (name.as_str(), rect, line))
    }

    /// Every tile the host draws, and every tile a loaded record names, is here.
    pub fn check(&self, records: &Records) -> Result<(), TileIndexError> {
        for tile in HOST_TILES {
            if self.tile(tile).is_none() {
                return Err(TileIndexError::MissingHostTile { tile: tile.into(), index: self.file.clone() });
            }
        }
        let monsters = records.monsters.values().map(|m| ("monster", &m.id, &m.tile, &m.file));
        let items = records.items.values().map(|i| ("item", &i.id, &i.tile, &i.file));
        for (what, id, tile, file) in monsters.chain(items) {
            if self.tile(tile).is_none() {
                return Err(TileIndexError::MissingTile {
                    record_file: file.clone(),
                    what,
                    id: id.clone(),
                    tile: tile.clone(),
                    index: self.file.clone(),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use emberdeep_api::Rgba;

    use super::*;
    use crate::data::records::ItemRecord;

    fn index(text: &str) -> Result<TileIndex, TileIndexError> {
        TileIndex::parse(text, Path::new("assets/tiles.txt"))
    }

    /// An index with every host tile, in 16-pixel tiles on an 18-pixel pitch.
    fn host_index(extra: &str) -> TileIndex {
        let mut text = String::from("atlas 16 18\n");
        for (col, tile) in HOST_TILES.iter().enumerate() {
            text.push_str(&format!("{tile} {col} 0\n"));
        }
        index(&(text + extra)).unwrap()
    }

    fn potion(tile: &str) -> ItemRecord {
        ItemRecord {
            id: "healing_potion".into(),
            name: "potion of healing".into(),
            plural: "potions of healing".into(),
            article: "a".into(),
            glyph: '!',
            color: Rgba::rgb(220, 60, 200),
            tile: tile.into(),
            tint: true,
            class: "potion".into(),
            role: crate::data::records::ItemRole::Healing,
            stacks: true,
            effect: None,
            params: BTreeMap::new(),
            floors: (1, 5),
            frequency: 1,
            found: (1, 1),
            description: String::new(),
            plugin: "core_combat".into(),
            file: PathBuf::from("data/core_combat/items.toml"),
        }
    }

    #[test]
    fn the_index_places_tiles_inside_their_cells() {
        let tiles = index("# made by xtask\natlas 16 18\nfloor 0 0\n\nwall 1 0\n").unwrap();
        assert_eq!(tiles.tile("floor"), Some(TileRect { x: 1, y: 1, size: 16 }));
        assert_eq!(tiles.tile("wall"), Some(TileRect { x: 19, y: 1, size: 16 }));
        assert_eq!(tiles.tile("door_open"), None);
        let listed: Vec<_> = tiles.tiles().collect();
        assert_eq!(
            listed,
            [("floor", TileRect { x: 1, y: 1, size: 16 }, 3), ("wall", TileRect { x: 19, y: 1, size: 16 }, 5)]
        );
        assert_eq!(tiles.file(), Path::new("assets/tiles.txt"));
    }

    #[test]
    fn a_bad_index_line_names_the_file_and_line() {
        let err = index("atlas 16 18\nfloor 0 0\nwall one 0\n").unwrap_err().to_string();
        assert!(err.starts_with("assets/tiles.txt:3:"), "{err}");
        let err = index("floor 0 0\n").unwrap_err().to_string();
        assert!(err.contains("atlas SIZE PITCH"), "{err}");
        let err = index("atlas 18 16\n").unwrap_err().to_string();
        assert!(err.contains("PITCH >= SIZE"), "{err}");
        let err = index("# nothing\n").unwrap_err().to_string();
        assert!(err.contains("empty"), "{err}");
        let err = index("atlas 16 18\nfloor 0 0\nfloor 1 0\n").unwrap_err().to_string();
        assert!(err.starts_with("assets/tiles.txt:3:") && err.contains("twice"), "{err}");
        let err = index("atlas 16 18\nfloor 0 0 0\n").unwrap_err().to_string();
        assert!(err.contains("NAME COL ROW"), "{err}");
        let err = index("atlas 16 18\nfloor 300000000 0\n").unwrap_err().to_string();
        assert!(err.starts_with("assets/tiles.txt:2:") && err.contains("beyond"), "{err}");
    }

    #[test]
    fn a_missing_index_file_is_named() {
        let err = TileIndex::read(Path::new("/nonexistent/assets/tiles.txt")).unwrap_err().to_string();
        assert!(err.starts_with("/nonexistent/assets/tiles.txt: cannot read the tile atlas"), "{err}");
    }

    #[test]
    fn each_host_terrain_is_named_as_its_tile() {
        for tile in crate::core::map::Tile::ALL {
            assert!(HOST_TILES.contains(&tile.name()), "{}", tile.name());
        }
    }

    #[test]
    fn the_repository_index_has_every_host_tile() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets").join(INDEX);
        let index = TileIndex::read(&file).unwrap();
        for tile in HOST_TILES {
            assert!(index.tile(tile).is_some(), "{tile}");
        }
        index.check(&Records::default()).unwrap();
    }

    #[test]
    fn the_check_names_a_missing_host_tile() {
        let err = index("atlas 16 18\nfloor 0 0\n").unwrap().check(&Records::default()).unwrap_err().to_string();
        assert_eq!(
            err,
            "assets/tiles.txt has no tile 'wall', which the tile view draws; run `cargo run -p xtask -- tiles`"
        );
    }

    #[test]
    fn the_check_names_the_record_its_file_and_the_missing_tile() {
        let mut records = Records::default();
        records.items.insert("healing_potion".into(), potion("item_potion"));
        host_index("item_potion 0 1\n").check(&records).unwrap();
        let err = host_index("").check(&records).unwrap_err().to_string();
        assert_eq!(
            err,
            "data/core_combat/items.toml: item 'healing_potion' names tile 'item_potion', which assets/tiles.txt does not have"
        );
    }
}
