//! The tile atlas's index, `assets/tiles.txt`: which named tile sits where in
//! the atlas image `assets/tiles.png`, both made by `cargo run -p xtask --
//! tiles` from the sprites in `assets/sprites/` (the xtask's crate doc
//! describes both formats). A plugin's data folder may hold a sheet of its
//! own, `tiles.txt` and `tiles.png` in the same format; the front end places
//! its image beside the game's and adds its index here with
//! [`TileIndex::add_sheet`], which refuses a name another sheet has.
//!
//! The rules need only the names: [`TileIndex::check`] stops the start when a
//! tile the host draws is not in the index, and answers a warning for each
//! loaded record whose tile no sheet has, naming the record, its file and
//! the tile: the tile view draws that record's glyph.
//!
//! Invariant: nothing here opens or decodes the image, so the engine's
//! dependencies stay free of SDL and of image codecs. Whether each tile lies
//! inside the image is checked by the front end once it has loaded the image
//! (`emberdeep::front::atlas`), with [`TileIndex::tiles`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::data::records::Records;
use crate::data::untrusted::shown;

/// The most characters of a name or line from an index a message repeats.
const SHOWN: usize = 80;

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
    /// A tile the host draws itself is not in the index.
    #[error("{index} has no tile '{tile}', which the tile view draws; run `cargo run -p xtask -- tiles`")]
    MissingHostTile {
        /// The tile.
        tile: String,
        /// The index file.
        index: PathBuf,
    },
}

/// A record whose tile no sheet has: a warning, and the tile view draws
/// the record's glyph instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{record_file}: {what} '{id}' names tile '{tile}', which neither {index} nor a plugin's tiles.txt has; the tile view draws its glyph '{glyph}'"
)]
pub struct MissingTile {
    /// The data file holding the record.
    pub record_file: PathBuf,
    /// `monster` or `item`.
    pub what: &'static str,
    /// The record's id.
    pub id: String,
    /// The tile it names (as a message shows it).
    pub tile: String,
    /// The glyph drawn in its place.
    pub glyph: char,
    /// The game's index file.
    pub index: PathBuf,
}

/// Why a plugin's sheet cannot join the atlas's index.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    /// One of its names is another sheet's already.
    #[error(
        "{file}:{line}: tile '{tile}' is already in {other_file}:{other_line}; a tile's name may be in one sheet only"
    )]
    Clash {
        /// The plugin's index file.
        file: PathBuf,
        /// Its line naming the tile.
        line: usize,
        /// The tile (as a message shows it).
        tile: String,
        /// The index that has it already: the game's or another plugin's.
        other_file: PathBuf,
        /// That index's line.
        other_line: usize,
    },
    /// Placed where it was asked to go, a tile's far edge would be no pixel.
    #[error("{file}: placed at ({x}, {y}), its tiles would lie beyond any image")]
    Beyond {
        /// The plugin's index file.
        file: PathBuf,
        /// Where its image's left edge was to go.
        x: u32,
        /// Where its image's top edge was to go.
        y: u32,
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

/// The parsed index: each named tile's rectangle and the line that placed
/// it; with plugins' sheets added, each tile's sheet too.
#[derive(Debug, Clone, Default)]
pub struct TileIndex {
    /// The index files, the first read, then each sheet added.
    files: Vec<PathBuf>,
    /// Each tile: its rectangle, its line, and which of `files` placed it.
    tiles: BTreeMap<String, (TileRect, usize, usize)>,
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
                            format!("expected `atlas SIZE PITCH` with PITCH >= SIZE > 0, not {:?}", shown(line, SHOWN)),
                        ))
                    }
                },
                _ => {
                    return Err(fail(
                        i + 1,
                        format!("the first line must be `atlas SIZE PITCH`, not {:?}", shown(line, SHOWN)),
                    ))
                }
            },
            None => return Err(fail(1, "the index is empty".into())),
        };
        let border = (pitch - size) / 2;
        let mut tiles = BTreeMap::new();
        for (i, line) in lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            let [name, col, row] = words.as_slice() else {
                return Err(fail(i + 1, format!("expected `NAME COL ROW`, not {:?}", shown(line, SHOWN))));
            };
            let (Ok(col), Ok(row)) = (col.parse::<u32>(), row.parse::<u32>()) else {
                return Err(fail(i + 1, format!("column and row must be whole numbers: {:?}", shown(line, SHOWN))));
            };
            // Its far edge must be a pixel position too, so the image check cannot overflow.
            let at = |cell: u32| cell.checked_mul(pitch)?.checked_add(border).filter(|p| p.checked_add(size).is_some());
            let (Some(x), Some(y)) = (at(col), at(row)) else {
                return Err(fail(
                    i + 1,
                    format!("tile '{}' lies beyond any image: {:?}", shown(name, SHOWN), shown(line, SHOWN)),
                ));
            };
            if tiles.insert(name.to_string(), (TileRect { x, y, size }, i + 1, 0)).is_some() {
                return Err(fail(i + 1, format!("tile '{}' is listed twice", shown(name, SHOWN))));
            }
        }
        Ok(TileIndex { files: vec![file.to_path_buf()], tiles })
    }

    /// The file the index was read from (for messages).
    pub fn file(&self) -> &Path {
        self.files.first().map_or(Path::new(""), PathBuf::as_path)
    }

    /// Where the named tile is, if the index has it.
    pub fn tile(&self, name: &str) -> Option<TileRect> {
        self.tiles.get(name).map(|&(rect, _, _)| rect)
    }

    /// Every tile, by name: its rectangle and the index line (from 1) placing it.
    pub fn tiles(&self) -> impl Iterator<Item = (&str, TileRect, usize)> + '_ {
        self.tiles.iter().map(|(name, &(rect, line, _))| (name.as_str(), rect, line))
    }

    /// Adds the tiles of a plugin's `sheet`, whose image is placed with its
    /// top-left pixel at (`x`, `y`) of the atlas image, or none of them:
    /// a name this index has already refuses the whole sheet, naming the
    /// sheet's line and the line that has it (the first such name, in
    /// name order).
    pub fn add_sheet(&mut self, sheet: &TileIndex, x: u32, y: u32) -> Result<(), SheetError> {
        for (name, &(_, line, _)) in &sheet.tiles {
            if let Some(&(_, other_line, other)) = self.tiles.get(name) {
                return Err(SheetError::Clash {
                    file: sheet.file().to_path_buf(),
                    line,
                    tile: shown(name, SHOWN),
                    other_file: self.files.get(other).cloned().unwrap_or_default(),
                    other_line,
                });
            }
        }
        let beyond = || SheetError::Beyond { file: sheet.file().to_path_buf(), x, y };
        let moved = |r: TileRect| {
            let (left, top) = (r.x.checked_add(x)?, r.y.checked_add(y)?);
            left.checked_add(r.size)?;
            top.checked_add(r.size)?;
            Some(TileRect { x: left, y: top, size: r.size })
        };
        let mut placed = Vec::with_capacity(sheet.tiles.len());
        for (name, &(rect, line, _)) in &sheet.tiles {
            placed.push((name.clone(), (moved(rect).ok_or_else(beyond)?, line, self.files.len())));
        }
        self.files.push(sheet.file().to_path_buf());
        self.tiles.extend(placed);
        Ok(())
    }

    /// Every tile the host draws is here, or the start stops; and each
    /// loaded record whose tile is not here, monsters then items, each in
    /// id order, as a warning (the tile view draws its glyph).
    pub fn check(&self, records: &Records) -> Result<Vec<MissingTile>, TileIndexError> {
        for tile in HOST_TILES {
            if self.tile(tile).is_none() {
                return Err(TileIndexError::MissingHostTile { tile: tile.into(), index: self.file().to_path_buf() });
            }
        }
        let monsters = records.monsters.values().map(|m| ("monster", &m.id, &m.tile, m.glyph, &m.file));
        let items = records.items.values().map(|i| ("item", &i.id, &i.tile, i.glyph, &i.file));
        let missing = monsters.chain(items).filter(|(_, _, tile, _, _)| self.tile(tile).is_none());
        Ok(missing
            .map(|(what, id, tile, glyph, file)| MissingTile {
                record_file: file.clone(),
                what,
                id: shown(id, SHOWN),
                tile: shown(tile, SHOWN),
                glyph,
                index: self.file().to_path_buf(),
            })
            .collect())
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
            deeper: Vec::new(),
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
            let name = tile.name().unwrap();
            assert!(HOST_TILES.contains(&name), "{name}");
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
    fn a_record_whose_tile_no_sheet_has_is_a_warning_naming_it_its_file_and_the_tile() {
        let mut records = Records::default();
        records.items.insert("healing_potion".into(), potion("item_potion"));
        assert_eq!(host_index("item_potion 0 1\n").check(&records).unwrap(), []);
        let missing = host_index("").check(&records).unwrap();
        assert_eq!(missing.len(), 1);
        assert_eq!(
            missing[0].to_string(),
            "data/core_combat/items.toml: item 'healing_potion' names tile 'item_potion', which neither assets/tiles.txt nor a plugin's tiles.txt has; the tile view draws its glyph '!'"
        );
        // A plugin's sheet that has it answers for it.
        let mut index = host_index("");
        let sheet = TileIndex::parse("atlas 16 18\nitem_potion 0 0\n", Path::new("data/glow/tiles.txt")).unwrap();
        index.add_sheet(&sheet, 0, 90).unwrap();
        assert_eq!(index.check(&records).unwrap(), []);
    }

    #[test]
    fn a_sheet_adds_its_tiles_moved_to_where_its_image_is_placed() {
        let mut index = host_index("");
        let sheet = TileIndex::parse("atlas 32 32\nwisp 0 0\nember 1 0\n", Path::new("data/glow/tiles.txt")).unwrap();
        index.add_sheet(&sheet, 144, 0).unwrap();
        assert_eq!(index.tile("wisp"), Some(TileRect { x: 144, y: 0, size: 32 }));
        assert_eq!(index.tile("ember"), Some(TileRect { x: 176, y: 0, size: 32 }));
        assert_eq!(index.tile("floor"), Some(TileRect { x: 1, y: 1, size: 16 }), "the game's stay where they were");
        assert_eq!(index.file(), Path::new("assets/tiles.txt"));
    }

    #[test]
    fn a_name_another_sheet_has_refuses_the_whole_sheet_naming_both_lines() {
        let mut index = host_index("");
        let clash = "atlas 16 18\nember 0 0\nwall 1 0\n";
        let sheet = TileIndex::parse(clash, Path::new("data/glow/tiles.txt")).unwrap();
        let err = index.add_sheet(&sheet, 0, 90).unwrap_err().to_string();
        assert_eq!(
            err,
            "data/glow/tiles.txt:3: tile 'wall' is already in assets/tiles.txt:3; a tile's name may be in one sheet only"
        );
        assert_eq!(index.tile("ember"), None, "none of its tiles is added");
        let first = TileIndex::parse("atlas 16 18\nember 0 0\n", Path::new("data/amber/tiles.txt")).unwrap();
        index.add_sheet(&first, 0, 90).unwrap();
        let second = TileIndex::parse("atlas 16 18\n# its\nember 0 0\n", Path::new("data/glow/tiles.txt")).unwrap();
        let err = index.add_sheet(&second, 18, 90).unwrap_err().to_string();
        assert_eq!(
            err,
            "data/glow/tiles.txt:3: tile 'ember' is already in data/amber/tiles.txt:2; a tile's name may be in one sheet only"
        );
        assert_eq!(index.tile("ember"), Some(TileRect { x: 1, y: 91, size: 16 }), "the first sheet's");
    }

    #[test]
    fn a_sheet_placed_beyond_any_image_is_refused() {
        let mut index = host_index("");
        let sheet = TileIndex::parse("atlas 16 18\nember 0 0\n", Path::new("data/glow/tiles.txt")).unwrap();
        let err = index.add_sheet(&sheet, u32::MAX - 8, 0).unwrap_err().to_string();
        assert!(err.starts_with("data/glow/tiles.txt: placed at (") && err.contains("beyond"), "{err}");
        assert_eq!(index.tile("ember"), None);
    }

    #[test]
    fn what_an_index_message_repeats_of_its_line_is_capped() {
        let long = "n".repeat(1 << 20);
        for text in [format!("{long}\n"), format!("atlas 16 18\n{long} x 0\n"), format!("atlas 16 18\n{long} 1 2 3\n")]
        {
            let err = index(&text).unwrap_err().to_string();
            assert!(err.len() < 300 && !err.contains('\n'), "{}", &err[..300.min(err.len())]);
        }
    }
}
