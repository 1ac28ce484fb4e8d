//! Saves: a run kept on disk so the player can stop and come back.
//!
//! A save file is one header line, `emberdeep-save <format> <crc32>` (the
//! format in plain digits, the checksum in eight lowercase hex digits, and
//! read only as written: `+1` or `01` is no header the game wrote), then the
//! run as JSON: map, creatures, items, pack, RNG state, turn, log, the
//! plugin set with versions, and every plugin's per-creature store (each
//! key once), so plugins need no save code of their own. The checksum
//! makes any damage (a cut-short file, a flipped bit) a clear message
//! instead of a strange run. Writing is atomic: a new file, synced, then
//! renamed over the old one. A file that cannot be loaded is never deleted
//! or overwritten, nor is anything at a save's name that is not a regular
//! file (a link, even one to nothing, is refused and left). The file being written has the game's own name,
//! `.emberdeep-tmp-<pid>-<name>` ([`TEMP_PREFIX`]); only such files, of
//! processes that are gone, are cleaned away at the next start.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::{
    Damage, EntityId, Generator, ItemId, Look, MessageKind, MonsterState, Point, Rgba, Standing, MONSTERS_SIDE,
    PLAYER_SIDE,
};
use serde::{Deserialize, Serialize};

use emberdeep_engine::core::map::Tile;
use emberdeep_engine::core::rng::RunRng;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::data::untrusted::{self, limits, InputError};
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::world::creature::{Creature, StatusOn, Temper};
use emberdeep_engine::world::log::Message;
use emberdeep_engine::world::pack::{FloorItem, PackItem};
use emberdeep_engine::world::restore::{MapParts, PlacedTerrain, RestoreError, RestoreParts};
use emberdeep_engine::Game;

use crate::drivers::play::recording::{plugin_set_differences, plugin_versions, PluginVersion};

/// The save format this game writes and reads.
pub const SAVE_FORMAT: u32 = 1;
/// The first word of every save file.
const MAGIC: &str = "emberdeep-save";

/// Why a save could not be loaded, or a run not saved. A file that is
/// there is left as it is.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// No save there.
    #[error("no saved run in {0}")]
    Missing(PathBuf),
    /// The file cannot be read.
    #[error("{reason}; the save {path} is kept as it is")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file is damaged (cut short, changed, not a save).
    #[error("the save {path} is damaged ({reason}); it is kept as it is")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: FileError,
    },
    /// The file reads, but the run it holds breaks a rule of the game.
    #[error("the save {path} is damaged (it holds {reason}); it is kept as it is")]
    Refused {
        /// The file.
        path: PathBuf,
        /// The rule broken.
        reason: RestoreError,
    },
    /// Another format version wrote it.
    #[error("the save {path} is save format {found}, and this game reads format {SAVE_FORMAT}; it is kept as it is")]
    Format {
        /// The file.
        path: PathBuf,
        /// Its format.
        found: u32,
    },
    /// It was played with another plugin set.
    #[error("the save {path} was played with another plugin set: {differences}; it is kept as it is (continue with --plugins \"{wanted}\")")]
    Plugins {
        /// The file.
        path: PathBuf,
        /// Each difference, in words.
        differences: String,
        /// The set it needs.
        wanted: String,
    },
    /// The run breaks a rule of the game, so its save would not load:
    /// nothing is written.
    #[error("the run is not saved to {path}: it holds {reason}, so the save would not load; the file there is left as it was")]
    Unsound {
        /// The file.
        path: PathBuf,
        /// The rule broken.
        reason: RestoreError,
    },
    /// The file could not be written.
    #[error("cannot write the {what} {path}: {reason}")]
    Write {
        /// What the file is (`save`, `morgue`, `score table`, `options file`).
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

/// What is wrong with a save file as a file of this format: its header,
/// its checksum, its JSON, or a field this format writes in no such way.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Not UTF-8.
    #[error("not text")]
    NotText,
    /// One line at most.
    #[error("no header line")]
    NoHeader,
    /// The first word is not the magic one.
    #[error("not an Emberdeep save")]
    NotASave,
    /// The header has no format number.
    #[error("no format number")]
    NoFormatNumber,
    /// Another format (see [`SaveError::Format`]).
    #[error("save format {0}")]
    Format(u32),
    /// The header's format number written otherwise than the game writes
    /// it (`+1`, `01`).
    #[error("its header gives the format as '{0}', which is not how the game writes a format number")]
    FormatWritten(String),
    /// A creature's or an item's stored value given twice under one key.
    #[error("it holds the stored {what} '{key}' of {whose} twice")]
    StoredTwice {
        /// `number` or `text`.
        what: &'static str,
        /// The key (cut short).
        key: String,
        /// `creature #0`, `item #3`.
        whose: String,
    },
    /// The header has no checksum.
    #[error("no checksum")]
    NoChecksum,
    /// The body does not end its line.
    #[error("cut short")]
    CutShort,
    /// The checksum does not match the body.
    #[error("its checksum does not match: it was cut short or changed")]
    Checksum,
    /// The body is no save's JSON.
    #[error("unreadable: {0}")]
    Unreadable(serde_json::Error),
    /// The map's rows are not its height.
    #[error("it holds a map whose rows do not match its height")]
    MapRows,
    /// A map row is not the map's width.
    #[error("it holds map row {y}, which is not {width} cells wide")]
    MapRowWidth {
        /// The row.
        y: usize,
        /// The map's width.
        width: i32,
    },
    /// A map cell no tile is written as.
    #[error("it holds an unknown map cell '{0}'")]
    MapCell(char),
    /// A monster state no state is named.
    #[error("it holds an unknown state '{0}'")]
    State(String),
    /// An item on the floor with no cell.
    #[error("it holds an item on the floor without a place")]
    NoPlace,
    /// A standing no standing is named (api 1.6).
    #[error("it holds an unknown standing '{0}' (expected hostile, neutral or allied)")]
    Standing(String),
    /// A creature's temper no temper is named (api 1.6).
    #[error("it holds an unknown temper '{0}' (expected peaceful or provoked)")]
    Temper(String),
}

#[derive(Serialize, Deserialize)]
struct SaveFile {
    plugins: Vec<PluginVersion>,
    seed: u64,
    rng: RunRng,
    turn: u64,
    floor: u32,
    next_id: u32,
    map: SavedMap,
    creatures: Vec<SavedCreature>,
    items: Vec<SavedItem>,
    pack: Vec<Option<SavedItem>>,
    log: Vec<SavedMessage>,
    store: Vec<(u32, String, i64)>,
    store_text: Vec<(u32, String, String)>,
    killer: Option<String>,
    /// The last item identity handed out (saves from before items had one: 0).
    #[serde(default)]
    next_item_id: u32,
    /// Plugins' per-item numbers: item, key, value.
    #[serde(default)]
    item_store: Vec<(u32, String, i64)>,
    /// Plugins' per-item texts.
    #[serde(default)]
    item_text: Vec<(u32, String, String)>,
    /// The player's kills by kind, for the morgue (saves from before: none).
    #[serde(default)]
    kills: Vec<(String, u32)>,
    /// Of those, the ones a plugin had named: kind, name, how many (left
    /// out when none; saves from before: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    named_kills: Vec<(String, String, u32)>,
    /// What monsters carry: the carrier's id and the item (left out when
    /// none carries anything; saves from before: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    carried: Vec<(u32, SavedItem)>,
    /// What made the floor: plugin and generator (saves from before api
    /// 1.6: none, and the game works it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    generator: Option<(String, String)>,

    /// The standings between sides set during the run: the two sides, in
    /// name order, and the standing's name (left out when none was set;
    /// saves from before 1.6: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    standings: Vec<(String, String, String)>,

    /// The item kinds a plugin marked unknown or made known, by kind:
    /// whether the player knows it (left out when no plugin spoke of one;
    /// saves from before 1.6: none, every kind known).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    kinds_known: BTreeMap<String, bool>,

    /// The ids of the floor items the player dropped, which auto-explore
    /// leaves lying (left out when none; saves from before: none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    dropped: Vec<u32>,

    // 1.7 (fields)
    /// The floor's fields, by kind: each cell holding it, `[x, y, amount]`
    /// (left out when none; saves from before 1.7: none).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    fields: BTreeMap<String, Vec<(i32, i32, i32)>>,
}

#[derive(Serialize, Deserialize)]
struct SavedMap {
    width: i32,
    height: i32,
    /// One character per cell: `#` wall, `.` floor, `+` closed door, `'` open door, `>` stairs.
    rows: Vec<String>,
    /// One character per cell: `1` remembered.
    seen: Vec<String>,
    /// The plugins' terrains on it, by name (their cells are `.` in `rows`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    terrains: Vec<SavedTerrain>,
}

/// A plugin's terrain on the saved map.
#[derive(Serialize, Deserialize)]
struct SavedTerrain {
    x: i32,
    y: i32,
    name: String,
    /// Still hidden from the player.
    #[serde(default)]
    hidden: bool,
}

#[derive(Serialize, Deserialize)]
struct SavedCreature {
    id: u32,
    kind: String,
    name: String,
    hp: i32,
    max_hp: i32,
    defense: i32,
    damage: (i32, i32),
    sight: i32,
    pos: (i32, i32),
    state: String,
    goal: Option<(i32, i32)>,
    brain: Option<String>,
    glyph: u32,
    color: [u8; 4],
    tile: String,
    /// Statuses borne: name and turns left.
    #[serde(default)]
    statuses: Vec<(String, i32)>,
    /// Its side (saves from before sides: the player's for the player, the
    /// monsters' for the rest).
    #[serde(default)]
    side: Option<String>,
    /// How it stands toward the player's side on its own account:
    /// `peaceful` or `provoked` (left out: as its side stands; saves from
    /// before 1.6 have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    temper: Option<String>,

    /// Its plural, when a plugin gave it a name of its own (api 1.6; left
    /// out otherwise, and in saves from before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    plural: Option<String>,
    /// What it shows as until revealed (api 1.6; left out when nothing,
    /// and in saves from before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    disguise: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct SavedItem {
    kind: String,
    count: u32,
    pos: Option<(i32, i32)>,
    /// Its identity (0 in saves from before items had one: a new one is given).
    #[serde(default)]
    id: u32,
}

#[derive(Serialize, Deserialize)]
struct SavedMessage {
    text: String,
    kind: String,
    count: u32,
}

fn tile_char(t: Tile) -> char {
    match t {
        Tile::Wall => '#',
        Tile::Floor => '.',
        Tile::DoorClosed => '+',
        Tile::DoorOpen => '\'',
        Tile::StairsDown => '>',
        // Saved by name in the map's `terrains`, over floor.
        Tile::Plugin(_) => '.',
    }
}

fn char_tile(c: char) -> Option<Tile> {
    Some(match c {
        '#' => Tile::Wall,
        '.' => Tile::Floor,
        '+' => Tile::DoorClosed,
        '\'' => Tile::DoorOpen,
        '>' => Tile::StairsDown,
        _ => return None,
    })
}

fn state_name(s: MonsterState) -> &'static str {
    s.name()
}

fn state_of(name: &str) -> Option<MonsterState> {
    Some(match name {
        "asleep" => MonsterState::Asleep,
        "wandering" => MonsterState::Wandering,
        "hunting" => MonsterState::Hunting,
        _ => return None,
    })
}

fn kind_name(k: MessageKind) -> &'static str {
    match k {
        MessageKind::Info => "info",
        MessageKind::Good => "good",
        MessageKind::Danger => "danger",
    }
}

fn kind_of(name: &str) -> MessageKind {
    match name {
        "good" => MessageKind::Good,
        "danger" => MessageKind::Danger,
        _ => MessageKind::Info,
    }
}

impl SaveFile {
    /// The file's fields for a game: its parts, written as the file spells them.
    fn of(game: &Game) -> SaveFile {
        let parts = game.parts();
        let saved_item = |kind: String, count: u32, pos: Option<Point>, id: ItemId| SavedItem {
            kind,
            count,
            pos: pos.map(|p| (p.x, p.y)),
            id: id.0,
        };
        SaveFile {
            plugins: plugin_versions(game.plugins()),
            seed: parts.seed,
            rng: parts.rng,
            turn: parts.turn,
            floor: parts.floor,
            next_id: parts.next_id,
            map: SavedMap::of(&parts.map),
            creatures: parts.creatures.into_iter().map(saved_creature).collect(),
            items: parts.items.into_iter().map(|i| saved_item(i.kind, i.count, Some(i.pos), i.id)).collect(),
            pack: parts.pack.into_iter().map(|s| s.map(|i| saved_item(i.kind, i.count, None, i.id))).collect(),
            log: parts
                .log
                .into_iter()
                .map(|m| SavedMessage { text: m.text, kind: kind_name(m.kind).into(), count: m.count })
                .collect(),
            store: parts.store.into_iter().map(|((id, k), v)| (id.0, k, v)).collect(),
            store_text: parts.store_text.into_iter().map(|((id, k), v)| (id.0, k, v)).collect(),
            killer: parts.killer,
            next_item_id: parts.next_item_id,
            item_store: parts.item_store.into_iter().map(|((id, k), v)| (id.0, k, v)).collect(),
            item_text: parts.item_text.into_iter().map(|((id, k), v)| (id.0, k, v)).collect(),
            kills: parts.kills,
            named_kills: parts.named_kills,
            carried: parts
                .carried
                .into_iter()
                .map(|(who, i)| (who.0, saved_item(i.kind, i.count, None, i.id)))
                .collect(),
            generator: parts.generator.map(|g| (g.plugin, g.name)),

            standings: parts.standings.into_iter().map(|(a, b, s)| (a, b, s.name().to_string())).collect(),
            kinds_known: parts.kinds_known.into_iter().collect(),

            dropped: parts.dropped.into_iter().map(|id| id.0).collect(),

            fields: parts
                .fields
                .into_iter()
                .map(|(name, cells)| (name, cells.into_iter().map(|(p, a)| (p.x, p.y, a)).collect()))
                .collect(),
        }
    }

    /// The run's parts as the file spells them; `Err` names what the file
    /// writes in no way this format does. Whether the parts make a game
    /// is [`Game::restore`]'s to say.
    fn into_parts(self) -> Result<RestoreParts, FileError> {
        let items = self
            .items
            .into_iter()
            .map(|i| {
                let (x, y) = i.pos.ok_or(FileError::NoPlace)?;
                Ok(FloorItem { kind: i.kind, count: i.count, pos: Point::new(x, y), id: ItemId(i.id) })
            })
            .collect::<Result<Vec<_>, FileError>>()?;
        Ok(RestoreParts {
            seed: self.seed,
            rng: self.rng,
            turn: self.turn,
            floor: self.floor,
            next_id: self.next_id,
            next_item_id: self.next_item_id,
            map: self.map.parts()?,
            creatures: self.creatures.into_iter().map(restore_creature).collect::<Result<_, _>>()?,
            items,
            pack: self
                .pack
                .into_iter()
                .map(|s| s.map(|i| PackItem { kind: i.kind, count: i.count, id: ItemId(i.id) }))
                .collect(),
            log: self
                .log
                .into_iter()
                .map(|m| Message { text: m.text, kind: kind_of(&m.kind), count: m.count })
                .collect(),
            store: stored_once(self.store, "number", "creature", EntityId)?,
            store_text: stored_once(self.store_text, "text", "creature", EntityId)?,
            item_store: stored_once(self.item_store, "number", "item", ItemId)?,
            item_text: stored_once(self.item_text, "text", "item", ItemId)?,
            killer: self.killer,
            kills: self.kills,
            named_kills: self.named_kills,
            carried: self
                .carried
                .into_iter()
                .map(|(who, i)| (EntityId(who), PackItem { kind: i.kind, count: i.count, id: ItemId(i.id) }))
                .collect(),
            generator: self.generator.map(|(plugin, name)| Generator::new(&plugin, &name)),

            standings: self
                .standings
                .into_iter()
                .map(|(a, b, s)| match Standing::named(&s) {
                    Some(standing) => Ok((a, b, standing)),
                    None => Err(FileError::Standing(untrusted::shown(&s, 40))),
                })
                .collect::<Result<_, _>>()?,
            kinds_known: self.kinds_known.into_iter().collect(),

            dropped: self.dropped.into_iter().map(ItemId).collect(),

            fields: self
                .fields
                .into_iter()
                .map(|(name, cells)| (name, cells.into_iter().map(|(x, y, a)| (Point::new(x, y), a)).collect()))
                .collect(),
        })
    }
}

/// A store's entries as the game keeps them, each owner's key once: the
/// game keeps one value per key, so a file that gives one twice is no save
/// it wrote. `what` is `number` or `text`, `owner` `creature` or `item`.
fn stored_once<Id: Ord, V>(
    entries: Vec<(u32, String, V)>,
    what: &'static str,
    owner: &str,
    id: fn(u32) -> Id,
) -> Result<BTreeMap<(Id, String), V>, FileError> {
    let mut kept = BTreeMap::new();
    for (who, key, value) in entries {
        match kept.entry((id(who), key)) {
            std::collections::btree_map::Entry::Vacant(free) => {
                free.insert(value);
            }
            std::collections::btree_map::Entry::Occupied(taken) => {
                let key = untrusted::shown(&taken.key().1, 40);
                return Err(FileError::StoredTwice { what, key, whose: format!("{owner} #{who}") });
            }
        }
    }
    Ok(kept)
}

impl SavedMap {
    fn of(map: &MapParts) -> SavedMap {
        let width = map.width.max(1) as usize;
        SavedMap {
            width: map.width,
            height: map.height,
            rows: map.tiles.chunks(width).map(|row| row.iter().map(|t| tile_char(*t)).collect()).collect(),
            seen: map
                .remembered
                .chunks(width)
                .map(|row| row.iter().map(|r| if *r { '1' } else { '0' }).collect())
                .collect(),
            terrains: map
                .terrains
                .iter()
                .map(|t| SavedTerrain { x: t.at.x, y: t.at.y, name: t.name.clone(), hidden: t.hidden })
                .collect(),
        }
    }

    /// The map's cells, row by row, as its text spells them.
    fn parts(self) -> Result<MapParts, FileError> {
        let wide = |row: &str| row.chars().count() as i64 == i64::from(self.width);
        if self.rows.len() as i64 != i64::from(self.height) || self.seen.len() != self.rows.len() {
            return Err(FileError::MapRows);
        }
        let (mut tiles, mut remembered) = (Vec::new(), Vec::new());
        for (y, (row, seen)) in self.rows.iter().zip(&self.seen).enumerate() {
            if !wide(row) || !wide(seen) {
                return Err(FileError::MapRowWidth { y, width: self.width });
            }
            for c in row.chars() {
                tiles.push(char_tile(c).ok_or(FileError::MapCell(c))?);
            }
            remembered.extend(seen.chars().map(|s| s == '1'));
        }
        let terrains = self
            .terrains
            .into_iter()
            .map(|t| PlacedTerrain { at: Point::new(t.x, t.y), name: t.name, hidden: t.hidden })
            .collect();
        Ok(MapParts { width: self.width, height: self.height, tiles, remembered, terrains })
    }
}

fn saved_creature(c: Creature) -> SavedCreature {
    let col = c.look.color;
    SavedCreature {
        id: c.id.0,
        kind: c.kind,
        name: c.name,
        hp: c.hp,
        max_hp: c.max_hp,
        defense: c.defense,
        damage: (c.damage.min, c.damage.max),
        sight: c.sight,
        pos: (c.pos.x, c.pos.y),
        state: state_name(c.state).into(),
        goal: c.goal.map(|g| (g.x, g.y)),
        brain: c.brain,
        glyph: c.look.glyph,
        color: [col.r, col.g, col.b, col.a],
        tile: c.look.tile.to_string(),
        statuses: c.statuses.into_iter().map(|s| (s.name, s.turns)).collect(),
        side: Some(c.side),
        temper: c.temper.name().map(str::to_string),
        plural: c.plural,
        disguise: c.disguise,
    }
}

fn restore_creature(c: SavedCreature) -> Result<Creature, FileError> {
    Ok(Creature {
        id: EntityId(c.id),
        kind: c.kind,
        name: c.name,
        hp: c.hp,
        max_hp: c.max_hp,
        defense: c.defense,
        damage: Damage::new(c.damage.0, c.damage.1),
        sight: c.sight,
        pos: Point::new(c.pos.0, c.pos.1),
        state: state_of(&c.state).ok_or(FileError::State(c.state))?,
        goal: c.goal.map(|(x, y)| Point::new(x, y)),
        brain: c.brain,
        look: Look {
            glyph: c.glyph,
            color: Rgba { r: c.color[0], g: c.color[1], b: c.color[2], a: c.color[3] },
            tile: c.tile.into(),
        },
        statuses: c.statuses.into_iter().map(|(name, turns)| StatusOn { name, turns }).collect(),
        side: c.side.unwrap_or_else(|| {
            let default = if c.id == EntityId::PLAYER.0 { PLAYER_SIDE } else { MONSTERS_SIDE };
            default.to_string()
        }),
        temper: match c.temper {
            None => Temper::AsItsSide,
            Some(name) => Temper::named(&name).ok_or_else(|| FileError::Temper(untrusted::shown(&name, 40)))?,
        },

        plural: c.plural,
        disguise: c.disguise,
    })
}

/// The save file's bytes for a game.
pub fn encode(game: &Game) -> Vec<u8> {
    seal(&serde_json::to_string(&SaveFile::of(game)).unwrap_or_default())
}

/// A save file's bytes around a JSON body: the header line with the format
/// and the body's checksum. (Tests use it to forge saves that pass the
/// checksum, so the game's own checks are what must catch them.)
pub fn seal(body: &str) -> Vec<u8> {
    let crc = crc32fast::hash(body.as_bytes());
    format!("{MAGIC} {} {crc:08x}\n{body}\n", format_word(SAVE_FORMAT)).into_bytes()
}

/// How a save's header writes its format number: plain decimal digits, no
/// sign, no leading zero. The one form [`seal`] writes and `decode` reads.
fn format_word(format: u32) -> String {
    format.to_string()
}

/// Reads a save: checks the header, the checksum, the format and the
/// plugin set, then hands the run's parts to [`Game::restore`], which
/// checks them against the rules of the game and the loaded records.
pub fn load(path: &Path, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Result<Game, SaveError> {
    load_bytes(&read_save(path)?, path, plugins, records, trace)
}

/// A save file's bytes, checked as any file the game did not write.
fn read_save(path: &Path) -> Result<Vec<u8>, SaveError> {
    if let Some(kind) = untrusted::not_a_plain_file(path) {
        let reason = format!("{}: the save is {kind}, not a file the game wrote", path.display());
        return Err(SaveError::Unreadable { path: path.into(), reason });
    }
    match untrusted::read_bytes(path, "save", limits::SAVE) {
        Ok(b) => Ok(b),
        Err(InputError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            Err(SaveError::Missing(path.into()))
        }
        Err(e) => Err(SaveError::Unreadable { path: path.into(), reason: e.to_string() }),
    }
}

/// Reads a save from its bytes (`path` names it in messages): a
/// recording's start, or a file already read.
pub fn load_bytes(
    bytes: &[u8],
    path: &Path,
    plugins: Rc<Plugins>,
    records: Rc<Records>,
    trace: Trace,
) -> Result<Game, SaveError> {
    let save = decode(bytes).map_err(|e| decode_error(e, path))?;
    load_decoded(save, path, plugins, records, trace, &[])
}

/// Reads the save a run restarted after a reload went on from: as
/// [`load_bytes`], except that the plugins in `rebuilt` may have another
/// version than when it was saved (the new builds are why it restarted).
pub fn load_rebuilt(
    path: &Path,
    plugins: Rc<Plugins>,
    records: Rc<Records>,
    trace: Trace,
    rebuilt: &[String],
) -> Result<Game, SaveError> {
    let save = decode(&read_save(path)?).map_err(|e| decode_error(e, path))?;
    load_decoded(save, path, plugins, records, trace, rebuilt)
}

fn decode_error(e: FileError, path: &Path) -> SaveError {
    match e {
        FileError::Format(found) => SaveError::Format { path: path.into(), found },
        reason => SaveError::Damaged { path: path.into(), reason },
    }
}

/// Checks a decoded save's plugin set (a plugin in `rebuilt` may have
/// changed its version) and rebuilds the game from it.
fn load_decoded(
    mut save: SaveFile,
    path: &Path,
    plugins: Rc<Plugins>,
    records: Rc<Records>,
    trace: Trace,
    rebuilt: &[String],
) -> Result<Game, SaveError> {
    let now = plugin_versions(&plugins);
    for saved in save.plugins.iter_mut().filter(|p| rebuilt.contains(&p.name)) {
        if let Some(loaded) = now.iter().find(|n| n.name == saved.name) {
            saved.version = loaded.version.clone();
        }
    }
    let differences = plugin_set_differences(&save.plugins, &now, "when saved");
    if !differences.is_empty() {
        let wanted = save.plugins.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(",");
        return Err(SaveError::Plugins { path: path.into(), differences: differences.join("; "), wanted });
    }
    let parts = save.into_parts().map_err(|reason| SaveError::Damaged { path: path.into(), reason })?;
    Game::restore(parts, plugins, records, trace).map_err(|reason| SaveError::Refused { path: path.into(), reason })
}

fn decode(bytes: &[u8]) -> Result<SaveFile, FileError> {
    let text = std::str::from_utf8(bytes).map_err(|_| FileError::NotText)?;
    let (header, body) = text.split_once('\n').ok_or(FileError::NoHeader)?;
    let mut words = header.split(' ');
    if words.next() != Some(MAGIC) {
        return Err(FileError::NotASave);
    }
    let word = words.next().ok_or(FileError::NoFormatNumber)?;
    let format: u32 = word.parse().map_err(|_| FileError::NoFormatNumber)?;
    // Read as the writer writes it ([`seal`]): `+1` or `01` is no header this game wrote.
    if format_word(format) != word {
        return Err(FileError::FormatWritten(untrusted::shown(word, 20)));
    }
    if format != SAVE_FORMAT {
        return Err(FileError::Format(format));
    }
    let crc = words.next().ok_or(FileError::NoChecksum)?;
    let body = body.strip_suffix('\n').ok_or(FileError::CutShort)?;
    // Compared as written (lowercase hex), so even a changed letter case counts as damage.
    if words.next().is_some() || format!("{:08x}", crc32fast::hash(body.as_bytes())) != crc {
        return Err(FileError::Checksum);
    }
    serde_json::from_str(body).map_err(FileError::Unreadable)
}

/// The first part of the name of every file the game writes before it
/// takes its place (a save, the score table, a morgue): `.emberdeep-tmp-`,
/// then the process's id, `-` and the name it is written for.
pub const TEMP_PREFIX: &str = ".emberdeep-tmp-";

/// The temp file `path` is written as by this process.
fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!("{TEMP_PREFIX}{}-{name}", std::process::id()))
}

/// Removes what a save cut short by a kill left behind in `dir`: the
/// game's own temp files ([`TEMP_PREFIX`]), regular files, of processes
/// that are gone. Nothing else is touched. Returns how many.
pub fn clean_leftovers(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let Some((pid, _)) = name.strip_prefix(TEMP_PREFIX).and_then(|rest| rest.split_once('-')) else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        let plain = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file());
        let alive = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        if plain && !alive && std::fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Writes `bytes` to `path` atomically: a new file beside it (the game's
/// own temp name, made new), synced, then renamed over the old one. A
/// link, folder, FIFO or device at `path` is refused and left as it is.
/// `fail_before_rename` stops after the sync, as a crash would (for tests).
pub fn write_atomic(path: &Path, what: &'static str, bytes: &[u8], fail_before_rename: bool) -> Result<(), SaveError> {
    let tmp = write_temp(path, what, bytes)?;
    if fail_before_rename {
        return Err(SaveError::Write { what, path: path.into(), reason: "stopped before the rename (test)".into() });
    }
    if let Some(refused) = not_replaceable(path, what) {
        let _ = std::fs::remove_file(&tmp);
        return Err(refused);
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(SaveError::Write { what, path: path.into(), reason: e.to_string() });
    }
    sync_folder(path);
    Ok(())
}

/// Writes `bytes` to `path`, which must not exist (a morgue): as
/// [`write_atomic`], but the finished file takes its name only if nothing
/// has it (a hard link, which never replaces), so nothing is written over.
pub fn write_new(path: &Path, what: &'static str, bytes: &[u8]) -> Result<(), SaveError> {
    let tmp = write_temp(path, what, bytes)?;
    let linked = match std::fs::hard_link(&tmp, path) {
        // A file system without hard links: made new in place, never over another.
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all())),
        linked => linked,
    };
    let _ = std::fs::remove_file(&tmp);
    linked.map_err(|e| SaveError::Write { what, path: path.into(), reason: e.to_string() })?;
    sync_folder(path);
    Ok(())
}

/// Why nothing may be renamed over `path`: something there that is not a regular file.
fn not_replaceable(path: &Path, what: &'static str) -> Option<SaveError> {
    untrusted::not_a_plain_file(path).map(|kind| SaveError::Write {
        what,
        path: path.into(),
        reason: format!("it is {kind}, not a file the game wrote, and is left as it is"),
    })
}

/// `bytes` written and synced to a new temp file for `path`; its name.
fn write_temp(path: &Path, what: &'static str, bytes: &[u8]) -> Result<PathBuf, SaveError> {
    let err = |e: std::io::Error| SaveError::Write { what, path: path.into(), reason: e.to_string() };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    if let Some(refused) = not_replaceable(path, what) {
        return Err(refused);
    }
    let tmp = temp_path(path);
    // One this process left (a write that failed before): ours to remove.
    if std::fs::symlink_metadata(&tmp).is_ok_and(|m| m.file_type().is_file()) {
        let _ = std::fs::remove_file(&tmp);
    }
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(err)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(err(e));
    }
    Ok(tmp)
}

/// Syncs the folder of `path`, so a rename in it lasts.
fn sync_folder(path: &Path) {
    if let Some(dir) = path.parent().and_then(|d| std::fs::File::open(d).ok()) {
        let _ = dir.sync_all();
    }
}

/// Saves a game, if it keeps every rule a save is loaded by
/// ([`Game::check`]): a run that breaks one is not written, and the file
/// at `path` is left as it was.
pub fn save(game: &Game, path: &Path) -> Result<(), SaveError> {
    game.check().map_err(|reason| SaveError::Unsound { path: path.into(), reason })?;
    write_atomic(path, "save", &encode(game), false)
}

/// Where saves go: `--save-dir`, else the platform's data folder.
pub fn default_save_dir() -> PathBuf {
    dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("emberdeep")
}

/// What a save says of its run without loading it: the seed and the
/// plugin set it was saved with, and its text (for a replay that starts
/// from it). `None` if the file is no undamaged save of this format.
pub fn peek(path: &Path) -> Option<(u64, Vec<PluginVersion>, String)> {
    let bytes = untrusted::read_bytes(path, "save", limits::SAVE).ok()?;
    let save = decode(&bytes).ok()?;
    Some((save.seed, save.plugins, String::from_utf8(bytes).ok()?))
}

/// Whether the file is an undamaged save of this format (whatever its plugins).
pub fn is_save_file(path: &Path) -> bool {
    untrusted::read_bytes(path, "save", limits::SAVE).ok().is_some_and(|b| decode(&b).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_engine::core::map::Map;
    use emberdeep_engine::plugins::registry::Registration;
    use proptest::prelude::*;

    fn sample_game() -> Game {
        let records = Rc::new(Records::default());
        let plugins = Rc::new(Plugins::default());
        let mut map = Map::new_filled(10, 6, Tile::Floor);
        map.set_tile(Point::new(0, 0), Tile::Wall);
        map.set_tile(Point::new(3, 3), Tile::DoorClosed);
        let mut game = Game::blank(99, map, Point::new(2, 2), plugins, records, Trace::console());
        game.set_turn(41);
        game.say("hello", MessageKind::Danger);
        game.set_stored(EntityId::PLAYER, "strength", 2);
        game.set_stored_text(EntityId::PLAYER, "hand", "long_sword");
        game
    }

    fn reload(bytes: &[u8]) -> Result<Game, SaveError> {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("save.json");
        std::fs::write(&p, bytes).unwrap();
        load(&p, Rc::new(Plugins::default()), Rc::new(Records::default()), Trace::console())
    }

    #[test]
    fn a_game_round_trips() {
        let game = sample_game();
        let bytes = encode(&game);
        let back = reload(&bytes).unwrap();
        assert_eq!(back.turn(), 41);
        assert_eq!(back.map().tile(Point::new(3, 3)), Tile::DoorClosed);
        assert_eq!(back.store_text()[&(EntityId::PLAYER, "hand".to_string())], "long_sword");
        assert_eq!(back.log().messages()[0].kind, MessageKind::Danger);
        assert_eq!(
            back.rng().clone().range(1, 1000),
            game.rng().clone().range(1, 1000),
            "the RNG goes on where it was"
        );
        assert_eq!(encode(&back).len(), encode(&game).len());
    }

    #[test]
    fn another_format_is_named() {
        let bytes =
            String::from_utf8(encode(&sample_game())).unwrap().replacen("emberdeep-save 1 ", "emberdeep-save 7 ", 1);
        let e = reload(bytes.as_bytes()).err().unwrap().to_string();
        assert!(e.contains("save format 7") && e.contains("kept as it is"), "{e}");
    }

    #[test]
    fn a_checksum_with_its_letters_in_capitals_is_damage() {
        let good = String::from_utf8(encode(&sample_game())).unwrap();
        let (header, body) = good.split_once('\n').unwrap();
        let shouting = format!("{}\n{body}", header.to_uppercase().replacen("EMBERDEEP-SAVE", "emberdeep-save", 1));
        if shouting != good {
            assert!(reload(shouting.as_bytes()).err().unwrap().to_string().contains("damaged"));
        }
    }

    #[test]
    fn a_failure_before_the_rename_leaves_the_old_save_whole() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("save.json");
        let old = encode(&sample_game());
        write_atomic(&p, "save", &old, false).unwrap();
        let mut newer = sample_game();
        newer.set_turn(500);
        assert!(write_atomic(&p, "save", &encode(&newer), true).is_err());
        assert_eq!(std::fs::read(&p).unwrap(), old);
        assert_eq!(reload(&std::fs::read(&p).unwrap()).unwrap().turn(), 41);
    }

    /// A brain that does nothing.
    struct Idle;

    impl emberdeep_api::MonsterBrain for Idle {
        fn act(&self, _ctx: &mut emberdeep_api::Ctx<'_>, _me: EntityId) -> emberdeep_api::PluginResult<()> {
            Ok(())
        }
    }

    /// Records with a sword, a stack of potions and a rat that thinks with `idle`.
    fn rich_records() -> (Rc<Plugins>, Rc<Records>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("host")).unwrap();
        let item = |id: &str, stacks: bool| {
            format!(
                "[[item]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"?\"\ncolor = [1, 2, 3]\ntile = \"{id}\"\n\
                 class = \"test\"\nstacks = {stacks}\nfloors = [1, 1]\n"
            )
        };
        let rat = "[[monster]]\nid = \"rat\"\nname = \"rat\"\nglyph = \"r\"\ncolor = [1, 2, 3]\ntile = \"rat\"\n\
                   floors = [1, 1]\nhp = 3\ndamage = [1, 2]\nsight = 5\nbrain = \"idle\"\n";
        std::fs::write(
            dir.path().join("host/things.toml"),
            format!("{}\n{}\n{rat}", item("sword", false), item("potion", true)),
        )
        .unwrap();
        let mut reg = emberdeep_api::Registrar::new("test", "0.0.0");
        reg.brain("idle", Idle);
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("one brain");
        let records = emberdeep_engine::data::records::check::load_records(dir.path(), &plugins.registered()).unwrap();
        (Rc::new(plugins), Rc::new(records))
    }

    /// A good save of a game with a rat, a potion on the floor and a sword in the pack, changed by `change`;
    /// what loading it says.
    fn tampered(change: impl Fn(&mut serde_json::Value)) -> String {
        let (plugins, records) = rich_records();
        let map = Map::new_filled(10, 6, Tile::Floor);
        let mut game = Game::blank(5, map, Point::new(2, 2), plugins.clone(), records.clone(), Trace::console());
        game.set_tile(Point::new(0, 0), Tile::Wall);
        game.spawn_monster("rat", Point::new(6, 3), Some(MonsterState::Wandering)).unwrap();
        let id = game.new_item_id().unwrap();
        game.drop_on_floor("potion", 3, Point::new(4, 4), id);
        let id = game.new_item_id().unwrap();
        game.put_in_pack("sword", 1, false, id);
        let text = String::from_utf8(encode(&game)).unwrap();
        let body = text.split_once('\n').unwrap().1.trim_end();
        // The RNG's 128-bit state is more than a JSON value holds: it is set aside, then put back.
        let (rng_at, rng_end) = (body.find("\"rng\":").unwrap(), body.find("},\"turn\"").unwrap() + 1);
        let rng = &body[rng_at..rng_end];
        let mut value: serde_json::Value = serde_json::from_str(&body.replacen(rng, "\"rng\":0", 1)).unwrap();
        change(&mut value);
        let body = value.to_string().replacen("\"rng\":0", rng, 1);
        let bytes = String::from_utf8(seal(&body)).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        std::fs::write(&path, &bytes).unwrap();
        let result = load(&path, plugins, records, Trace::console());
        assert_eq!(std::fs::read(&path).unwrap(), bytes.as_bytes(), "the file is left as it was");
        result.err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn a_creature_s_own_look_and_disguise_are_saved_and_a_save_from_before_has_none() {
        let (plugins, records) = rich_records();
        let map = Map::new_filled(10, 6, Tile::Floor);
        let mut game = Game::blank(5, map, Point::new(2, 2), plugins.clone(), records.clone(), Trace::console());
        let look =
            emberdeep_api::CreatureLook::named("plague rat").glyph('R').color(emberdeep_api::Rgba::rgb(9, 99, 9));
        let rat = game.spawn_with_look("rat", Point::new(6, 3), "", &look, "test").expect("spawned");
        game.disguise_creature(rat, "sword", "test").expect("disguised as an item");
        let bytes = encode(&game);
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.contains("\"plural\":\"plague rats\"") && text.contains("\"disguise\":\"sword\""));
        assert_eq!(text.matches("\"disguise\"").count(), 1, "left out for creatures without one");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        std::fs::write(&path, &bytes).unwrap();
        let back = load(&path, plugins, records, Trace::console()).expect("loads");
        let c = &back.creatures()[&rat];
        assert_eq!(
            (c.name.as_str(), c.plural.as_deref(), c.look.glyph),
            ("plague rat", Some("plague rats"), 'R' as u32)
        );
        assert_eq!(c.disguise.as_deref(), Some("sword"));
        // A save from before 1.6 has neither field: the rat is itself.
        let old = tampered(|b| {
            let rat = b["creatures"][1].as_object_mut().unwrap();
            assert!(rat.remove("plural").is_none() && rat.remove("disguise").is_none());
        });
        assert_eq!(old, "");
    }

    #[test]
    fn an_untouched_save_of_the_rich_game_loads() {
        assert_eq!(tampered(|_| {}), "");
    }

    #[test]
    fn standings_set_during_the_run_and_a_provoked_monster_are_saved_and_a_run_without_them_saves_as_before() {
        use serde_json::json;
        // A run with neither writes neither: saves stay as they were before 1.6.
        let plain = String::from_utf8(encode(&sample_game())).unwrap();
        assert!(!plain.contains("\"standings\"") && !plain.contains("\"temper\""), "{plain}");
        assert_eq!(
            tampered(|b| {
                b["standings"] = json!([["monsters", "player", "neutral"]]);
                b["creatures"][1]["temper"] = json!("provoked");
            }),
            "",
            "both load"
        );
        let (plugins, records) = rich_records();
        let map = Map::new_filled(10, 6, Tile::Floor);
        let mut game = Game::blank(5, map, Point::new(2, 2), plugins.clone(), records.clone(), Trace::console());
        let rat = game.spawn_monster("rat", Point::new(6, 3), Some(MonsterState::Wandering)).unwrap();
        game.set_standing("player", "monsters", emberdeep_api::Standing::Neutral, "test").unwrap();
        if let Some(mut c) = game.creature_mut(rat) {
            c.temper = Temper::Peaceful;
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        std::fs::write(&path, encode(&game)).unwrap();
        let back = load(&path, plugins, records, Trace::console()).unwrap();
        assert_eq!(back.standings(), game.standings());
        assert!(back.is_peaceful(rat) && !back.are_enemies(rat, EntityId::PLAYER));
    }

    #[test]
    fn known_kinds_are_saved_and_a_run_without_them_saves_as_before() {
        use serde_json::json;
        let plain = String::from_utf8(encode(&sample_game())).unwrap();
        assert!(!plain.contains("\"kinds_known\""), "{plain}");
        assert_eq!(tampered(|b| b["kinds_known"] = json!({"potion": false, "sword": true})), "", "loads");
        let (plugins, records) = rich_records();
        let map = Map::new_filled(10, 6, Tile::Floor);
        let mut game = Game::blank(5, map, Point::new(2, 2), plugins.clone(), records.clone(), Trace::console());
        game.set_kind_known("potion", false, "test").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        std::fs::write(&path, encode(&game)).unwrap();
        let back = load(&path, plugins, records, Trace::console()).unwrap();
        assert_eq!(back.kind_known("potion"), Some(false));
        assert_eq!(back.kinds_known(), game.kinds_known());
    }

    #[test]
    fn what_the_player_dropped_is_saved_and_a_mark_on_no_floor_item_is_refused() {
        use serde_json::json;
        let plain = String::from_utf8(encode(&sample_game())).unwrap();
        assert!(!plain.contains("\"dropped\""), "none dropped, none written: {plain}");
        assert_eq!(tampered(|b| b["dropped"] = json!([b["items"][0]["id"].clone()])), "", "the potion's mark loads");
        let err = tampered(|b| b["dropped"] = json!([999]));
        assert!(err.contains("item #999 marked as dropped by the player, which lies on no floor cell"), "{err}");
        let (plugins, records) = rich_records();
        let map = Map::new_filled(10, 6, Tile::Floor);
        let mut game = Game::blank(5, map, Point::new(2, 2), plugins.clone(), records.clone(), Trace::console());
        let id = game.new_item_id().expect("an id");
        game.put_in_pack("sword", 1, false, id);
        assert!(game.drop_slot(0));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        std::fs::write(&path, encode(&game)).unwrap();
        let back = load(&path, plugins, records, Trace::console()).unwrap();
        assert_eq!(back.parts().dropped, game.parts().dropped);
        assert_eq!(back.parts().dropped.len(), 1);
    }

    #[test]
    fn saves_that_break_the_rules_are_refused_by_what_is_wrong() {
        use serde_json::json;
        type Change = Box<dyn Fn(&mut serde_json::Value)>;
        let cases: Vec<(&str, Change, &str)> = vec![
            ("health 0", Box::new(|b| b["creatures"][0]["hp"] = json!(0)), "health 0/30"),
            ("health -1", Box::new(|b| b["creatures"][0]["hp"] = json!(-1)), "health -1/30"),
            ("over its most", Box::new(|b| b["creatures"][1]["hp"] = json!(50)), "rat#1 with health 50/3"),
            (
                "two players",
                Box::new(|b| {
                    let mut twin = b["creatures"][0].clone();
                    twin["pos"] = json!([3, 1]);
                    b["creatures"].as_array_mut().unwrap().push(twin);
                }),
                "2 players in it",
            ),
            (
                "no player",
                Box::new(|b| {
                    b["creatures"].as_array_mut().unwrap().remove(0);
                }),
                "0 players",
            ),
            ("in a wall", Box::new(|b| b["creatures"][1]["pos"] = json!([0, 0])), "rat#1 stands inside a wall"),
            ("a shared cell", Box::new(|b| b["creatures"][1]["pos"] = json!([2, 2])), "two creatures on the cell 2,2"),
            ("off the map", Box::new(|b| b["items"][0]["pos"] = json!([40, 1])), "potion lying at 40,1"),
            ("unknown brain", Box::new(|b| b["creatures"][1]["brain"] = json!("telepathy")), "brain 'telepathy'"),
            ("null brain", Box::new(|b| b["creatures"][1]["brain"] = json!(null)), "rat#1 has no brain"),
            ("unknown item in hand", Box::new(|b| b["pack"][0]["kind"] = json!("excalibur")), "'excalibur'"),
            ("next id 0", Box::new(|b| b["next_id"] = json!(0)), "a next id of 0"),
            ("id above next", Box::new(|b| b["creatures"][1]["id"] = json!(4294967295u32)), "at or above the next id"),
            ("deepest floor", Box::new(|b| b["floor"] = json!(4294967295u32)), "floor 4294967295"),
            ("a huge stack", Box::new(|b| b["items"][0]["count"] = json!(4294967295u32)), "4294967295 of potion"),
            ("none at all", Box::new(|b| b["items"][0]["count"] = json!(0)), "0 of potion"),
            ("swords stacked", Box::new(|b| b["pack"][0]["count"] = json!(2)), "2 sword in one pack slot"),
            ("a store for nobody", Box::new(|b| b["store"] = json!([[77, "quiver_count", -5]])), "creature #77"),
            (
                "an unknown status",
                Box::new(|b| b["creatures"][1]["statuses"] = json!([["petrified", 3]])),
                "rat#1 bearing the status 'petrified', which no loaded plugin registers",
            ),
            (
                "two items, one id",
                Box::new(|b| b["pack"][0]["id"] = b["items"][0]["id"].clone()),
                "two items with the id",
            ),
            ("an item id from nowhere", Box::new(|b| b["items"][0]["id"] = json!(999)), "item #999 above the last"),
            (
                "a disguise as nothing loaded",
                Box::new(|b| b["creatures"][1]["disguise"] = json!("dragon_hoard")),
                "rat#1 disguised as 'dragon_hoard'",
            ),
            ("a disguised player", Box::new(|b| b["creatures"][0]["disguise"] = json!("wall")), "the player disguised"),
            (
                "a plural with a newline",
                Box::new(|b| b["creatures"][1]["plural"] = json!("ra\nts")),
                "rat#1 with a look no plugin could give it: its plural holds a control character",
            ),
            (
                "a charge on no item",
                Box::new(|b| b["item_store"] = json!([[55, "charges", 3]])),
                "stored on item #55, which is neither on the floor nor in the pack",
            ),
            // 1.6 (standings)
            (
                "a standing of an undeclared side",
                Box::new(|b| b["standings"] = json!([["fae", "player", "neutral"]])),
                "a standing of 'fae' and 'player' (no loaded plugin declared a side 'fae')",
            ),
            (
                "a standing of a side and itself",
                Box::new(|b| b["standings"] = json!([["player", "player", "allied"]])),
                "a standing of 'player' and 'player' (not two sides in name order)",
            ),
            (
                "an unknown standing",
                Box::new(|b| b["standings"] = json!([["monsters", "player", "friendly"]])),
                "an unknown standing 'friendly' (expected hostile, neutral or allied)",
            ),
            (
                "an unknown temper",
                Box::new(|b| b["creatures"][1]["temper"] = json!("grumpy")),
                "an unknown temper 'grumpy' (expected peaceful or provoked)",
            ),
            ("a peaceful player", Box::new(|b| b["creatures"][0]["temper"] = json!("peaceful")), "the player"),
            // 1.6 (known kinds)
            (
                "a known kind no record has",
                Box::new(|b| b["kinds_known"] = json!({"ring_of_nothing": false})),
                "a kind 'ring_of_nothing' marked known or unknown that no item record has, or twice",
            ),
        ];
        for (what, change, wanted) in cases {
            let err = tampered(change);
            assert!(err.contains(wanted), "{what}: wanted `{wanted}`, got `{err}`");
            assert!(err.contains("save.json"), "{what}: the file is named: {err}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        // Cut short, a flipped bit, or random bytes: never a panic, always the message.
        #[test]
        fn damaged_files_give_the_message(cut in 0usize..4000, flip in 0usize..4000, bit in 0u8..8, junk in proptest::collection::vec(any::<u8>(), 0..300)) {
            let good = encode(&sample_game());
            let truncated = &good[..cut.min(good.len().saturating_sub(1))];
            let mut flipped = good.clone();
            let i = flip % flipped.len();
            flipped[i] ^= 1 << bit;
            for bytes in [truncated.to_vec(), flipped, junk] {
                let dir = tempfile::tempdir().unwrap();
                let p = dir.path().join("save.json");
                std::fs::write(&p, &bytes).unwrap();
                let r = load(&p, Rc::new(Plugins::default()), Rc::new(Records::default()), Trace::console());
                let message = r.err().map(|e| e.to_string()).unwrap_or_default();
                prop_assert!(message.contains("save.json"), "no message for damaged bytes");
                prop_assert_eq!(std::fs::read(&p).unwrap(), bytes, "the file was changed");
            }
        }
    }

    #[test]
    fn only_the_games_own_temp_files_of_gone_processes_are_cleaned() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        let gone = format!("{TEMP_PREFIX}4000000-save.json");
        let mine = temp_path(&at("save.json")).file_name().unwrap().to_string_lossy().into_owned();
        for name in [gone.as_str(), &mine, "notes.tmp-999999", "save.tmp-4000000", ".emberdeep-tmp-x-save.json"] {
            std::fs::write(at(name), b"x").unwrap();
        }
        std::os::unix::fs::symlink(at("notes.tmp-999999"), at(&format!("{TEMP_PREFIX}4000001-link"))).unwrap();
        assert_eq!(clean_leftovers(dir.path()), 1);
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        let mut kept = vec![
            format!("{TEMP_PREFIX}4000001-link"),
            ".emberdeep-tmp-x-save.json".to_string(),
            mine,
            "notes.tmp-999999".to_string(),
            "save.tmp-4000000".to_string(),
        ];
        kept.sort();
        assert_eq!(left, kept);
    }

    #[test]
    fn a_link_at_a_saves_name_is_never_read_nor_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.json");
        std::os::unix::fs::symlink(dir.path().join("nowhere"), &path).unwrap();
        let err = write_atomic(&path, "save", b"new", false).unwrap_err().to_string();
        assert!(err.contains("a symbolic link") && err.contains("left as it is"), "{err}");
        let err = read_save(&path).unwrap_err().to_string();
        assert!(err.contains("a symbolic link") && err.contains("kept as it is"), "{err}");
        assert!(std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temp file left");
        let morgue = dir.path().join("morgue.txt");
        write_new(&morgue, "morgue", b"one").unwrap();
        assert!(write_new(&morgue, "morgue", b"two").is_err(), "never written over");
        assert_eq!(std::fs::read(&morgue).unwrap(), b"one");
    }
}
