//! Saves: a run kept on disk so the player can stop and come back.
//!
//! A save file is one header line, `emberdeep-save <format> <crc32>`, then the
//! run as JSON: map, creatures, items, pack, RNG state, turn, log, the plugin
//! set with versions, and every plugin's per-creature store, so plugins need
//! no save code of their own. The checksum makes any damage (a cut-short
//! file, a flipped bit) a clear message instead of a strange run. Writing is
//! atomic: a new file, synced, then renamed over the old one. A file that
//! cannot be loaded is never deleted or overwritten.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::{Damage, EntityId, ItemId, Look, MessageKind, MonsterState, Point, Rgba};
use serde::{Deserialize, Serialize};

use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::core::rng::RunRng;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::data::untrusted::{self, limits, InputError};
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::rules::statuses::MOST_STATUS_TURNS;
use emberdeep_engine::world::creature::{Creature, StatusOn};
use emberdeep_engine::world::log::{Message, MessageLog, KEPT_MESSAGES};
use emberdeep_engine::world::pack::{FloorItem, Pack, PackItem, MOST_IN_A_STACK};
use emberdeep_engine::Game;

use crate::drivers::play::recording::{plugin_set_differences, plugin_versions, PluginVersion};

/// The save format this game writes and reads.
pub const SAVE_FORMAT: u32 = 1;
/// The first word of every save file.
const MAGIC: &str = "emberdeep-save";

/// Why a save could not be loaded. The file is left as it is.
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
        reason: String,
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
    /// The file could not be written.
    #[error("cannot write the save {path}: {reason}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
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
}

#[derive(Serialize, Deserialize)]
struct SavedMap {
    width: i32,
    height: i32,
    /// One character per cell: `#` wall, `.` floor, `+` closed door, `'` open door, `>` stairs.
    rows: Vec<String>,
    /// One character per cell: `1` remembered.
    seen: Vec<String>,
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
    fn of(game: &Game) -> SaveFile {
        let map = &game.map;
        let row = |y: i32, f: &dyn Fn(Point) -> char| (0..map.width()).map(|x| f(Point::new(x, y))).collect::<String>();
        SaveFile {
            plugins: plugin_versions(&game.plugins),
            seed: game.seed,
            rng: game.rng.clone(),
            turn: game.turn,
            floor: game.floor,
            next_id: game.next_id,
            map: SavedMap {
                width: map.width(),
                height: map.height(),
                rows: (0..map.height()).map(|y| row(y, &|p| tile_char(map.tile(p)))).collect(),
                seen: (0..map.height()).map(|y| row(y, &|p| if map.is_remembered(p) { '1' } else { '0' })).collect(),
            },
            creatures: game.creatures.values().map(saved_creature).collect(),
            items: game
                .items
                .iter()
                .map(|i| SavedItem { kind: i.kind.clone(), count: i.count, pos: Some((i.pos.x, i.pos.y)), id: i.id.0 })
                .collect(),
            pack: game
                .pack
                .slots()
                .iter()
                .map(|s| s.as_ref().map(|i| SavedItem { kind: i.kind.clone(), count: i.count, pos: None, id: i.id.0 }))
                .collect(),
            log: game
                .log
                .messages()
                .iter()
                .map(|m| SavedMessage { text: m.text.clone(), kind: kind_name(m.kind).into(), count: m.count })
                .collect(),
            store: game.store.iter().map(|((id, k), v)| (id.0, k.clone(), *v)).collect(),
            store_text: game.store_text.iter().map(|((id, k), v)| (id.0, k.clone(), v.clone())).collect(),
            killer: game.killer.clone(),
            next_item_id: game.next_item_id,
            item_store: game.item_store.iter().map(|((id, k), v)| (id.0, k.clone(), *v)).collect(),
            item_text: game.item_text.iter().map(|((id, k), v)| (id.0, k.clone(), v.clone())).collect(),
            kills: game.kills.iter().map(|(k, n)| (k.clone(), *n)).collect(),
        }
    }

    /// Rebuilds the game; `Err` names what in the file does not fit. A
    /// save is checked before it is played: one player, health within its
    /// bounds, every creature on a cell of its own that it can stand on,
    /// ids unique and below the next id, counts and floors within limits,
    /// and every item and brain known to the loaded plugins.
    fn into_game(self, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Result<Game, String> {
        let map = self.map.rebuild()?;
        let players = self.creatures.iter().filter(|c| c.id == 0).count();
        if players != 1 {
            return Err(format!("{players} players in it, not one"));
        }
        let player = self.creatures.iter().find(|c| c.id == 0).ok_or("no player in it")?;
        if !(1..=MOST_IDS).contains(&self.next_id) {
            return Err(format!("a next id of {}, not from 1 to {MOST_IDS}", self.next_id));
        }
        if !(1..=DEEPEST_FLOOR).contains(&self.floor) {
            return Err(format!("floor {}, not from 1 to {DEEPEST_FLOOR}", self.floor));
        }
        let start = Point::new(player.pos.0, player.pos.1);
        let mut game = Game::blank(self.seed, map, start, plugins, records, trace);
        game.rng = self.rng;
        game.turn = self.turn;
        game.floor = self.floor;
        game.next_id = self.next_id;
        game.next_item_id = self.next_item_id;
        let mut item_ids = ItemIds::new(self.next_item_id)?;
        let mut taken = std::collections::BTreeSet::new();
        let mut ids = std::collections::BTreeSet::new();
        for c in &self.creatures {
            if c.id != 0 && c.id >= self.next_id {
                return Err(format!("creature #{} at or above the next id {}", c.id, self.next_id));
            }
            if !ids.insert(c.id) {
                return Err(format!("two creatures with the id #{}", c.id));
            }
            if !taken.insert(c.pos) {
                return Err(format!("two creatures on the cell {},{}", c.pos.0, c.pos.1));
            }
        }
        game.creatures = self
            .creatures
            .into_iter()
            .map(|c| restore_creature(c, &game))
            .collect::<Result<emberdeep_engine::world::roster::Roster, String>>()?;
        for i in self.items {
            let (x, y) = i.pos.ok_or("an item on the floor without a place")?;
            let pos = Point::new(x, y);
            if !game.map.is_walkable(pos) {
                return Err(format!("{} lying at {x},{y}, which is not a floor cell of the map", i.kind));
            }
            known_item(&game, &i.kind)?;
            check_count(&i.kind, i.count)?;
            let id = item_ids.claim(i.id, &mut game)?;
            game.items.push(FloorItem { kind: i.kind, count: i.count, pos, id });
        }
        if self.pack.len() != game.numbers.pack_size {
            return Err(format!("a pack of {} slots, the game has {}", self.pack.len(), game.numbers.pack_size));
        }
        let mut slots = Vec::new();
        for s in self.pack {
            if let Some(i) = &s {
                known_item(&game, &i.kind)?;
                check_count(&i.kind, i.count)?;
                if i.count > 1 && !game.records.items[&i.kind].stacks {
                    return Err(format!("{} {} in one pack slot, which do not stack", i.count, i.kind));
                }
            }
            let item = match s {
                Some(i) => Some(PackItem { id: item_ids.claim(i.id, &mut game)?, kind: i.kind, count: i.count }),
                None => None,
            };
            slots.push(item);
        }
        game.pack = Pack::from_slots(slots);
        if self.log.len() > 2 * KEPT_MESSAGES {
            return Err(format!("{} messages in its log, more than {}", self.log.len(), 2 * KEPT_MESSAGES));
        }
        game.log = MessageLog::from_messages(
            self.log.into_iter().map(|m| Message { text: m.text, kind: kind_of(&m.kind), count: m.count }).collect(),
        );
        for (id, key) in
            self.store.iter().map(|(id, k, _)| (id, k)).chain(self.store_text.iter().map(|(id, k, _)| (id, k)))
        {
            if !game.creatures.contains_key(&EntityId(*id)) {
                return Err(format!("a stored value '{key}' for creature #{id}, which is not on the floor"));
            }
        }
        for (id, key, value) in &self.store {
            if let Some((plugin, lo, hi)) = out_of_declared_range(&game, key, *value) {
                return Err(format!("a stored {key} of {value} for creature #{id}, where {plugin} keeps {lo} to {hi}"));
            }
        }
        game.store = self.store.into_iter().map(|(id, k, v)| ((EntityId(id), k), v)).collect();
        game.store_text = self.store_text.into_iter().map(|(id, k, v)| ((EntityId(id), k), v)).collect();
        game.killer = self.killer;
        game.kills = checked_kills(self.kills)?;
        for (id, key, value) in &self.item_store {
            item_ids.check_stored(*id, key)?;
            if let Some((plugin, lo, hi)) = out_of_declared_range(&game, key, *value) {
                return Err(format!("a stored {key} of {value} on item #{id}, where {plugin} keeps {lo} to {hi}"));
            }
        }
        for (id, key, text) in &self.item_text {
            item_ids.check_stored(*id, key)?;
            if text.chars().count() > limits::STORED_TEXT_CHARS {
                return Err(format!(
                    "a text '{key}' on item #{id} longer than {} characters",
                    limits::STORED_TEXT_CHARS
                ));
            }
        }
        game.item_store = self.item_store.into_iter().map(|(id, k, v)| ((ItemId(id), k), v)).collect();
        game.item_text = self.item_text.into_iter().map(|(id, k, v)| ((ItemId(id), k), v)).collect();
        game.update_sight();
        Ok(game)
    }
}

/// The plugin that declared `key` (`Registrar::stored`) and its range, if
/// `value` lies outside it. A declared key is checked in the creatures' store
/// and the items' alike.
fn out_of_declared_range<'g>(game: &'g Game, key: &str, value: i64) -> Option<(&'g str, i64, i64)> {
    let declared = game
        .plugins
        .loaded
        .iter()
        .find_map(|p| p.stored.iter().find(|(k, _, _)| k == key).map(|(_, lo, hi)| (p.name.as_str(), *lo, *hi)));
    declared.filter(|(_, lo, hi)| !(*lo..=*hi).contains(&value))
}

/// The item identities a save holds: each at most once, none above the
/// last one handed out; items saved without one get a new one.
struct ItemIds {
    last: u32,
    seen: std::collections::BTreeSet<u32>,
}

impl ItemIds {
    fn new(last: u32) -> Result<ItemIds, String> {
        if last > MOST_IDS * 100 {
            return Err(format!("a last item id of {last}, above {}", MOST_IDS * 100));
        }
        Ok(ItemIds { last, seen: Default::default() })
    }

    /// The id of a saved item: its own, checked, or (0) a new one.
    fn claim(&mut self, id: u32, game: &mut Game) -> Result<ItemId, String> {
        if id == 0 {
            let fresh = game.new_item_id();
            self.last = fresh.0;
            self.seen.insert(fresh.0);
            return Ok(fresh);
        }
        if id > self.last {
            return Err(format!("item #{id} above the last item id {}", self.last));
        }
        if !self.seen.insert(id) {
            return Err(format!("two items with the id #{id}"));
        }
        Ok(ItemId(id))
    }

    fn check_stored(&self, id: u32, key: &str) -> Result<(), String> {
        if self.seen.contains(&id) {
            Ok(())
        } else {
            Err(format!("a value '{key}' stored on item #{id}, which is neither on the floor nor in the pack"))
        }
    }
}

/// The most creature ids a run may hand out (the roster indexes by id).
const MOST_IDS: u32 = 1_000_000;
/// The deepest floor a save may be on.
const DEEPEST_FLOOR: u32 = 1000;

/// A heap or a stack holds at least one and at most the most a stack may.
fn check_count(kind: &str, count: u32) -> Result<(), String> {
    if (1..=MOST_IN_A_STACK).contains(&count) {
        Ok(())
    } else {
        Err(format!("{count} of {kind} in one place, not from 1 to {MOST_IN_A_STACK}"))
    }
}

fn known_item(game: &Game, kind: &str) -> Result<(), String> {
    if game.records.items.contains_key(kind) {
        Ok(())
    } else {
        Err(format!("an item '{kind}' that no loaded plugin has"))
    }
}

impl SavedMap {
    fn rebuild(&self) -> Result<Map, String> {
        if self.width <= 0 || self.height <= 0 || self.width > 1000 || self.height > 1000 {
            return Err(format!("a map of {}x{}", self.width, self.height));
        }
        if self.rows.len() != self.height as usize || self.seen.len() != self.height as usize {
            return Err("a map whose rows do not match its height".into());
        }
        let mut map = Map::new_filled(self.width, self.height, Tile::Wall);
        for (y, (row, seen)) in self.rows.iter().zip(&self.seen).enumerate() {
            if row.chars().count() != self.width as usize || seen.chars().count() != self.width as usize {
                return Err(format!("map row {y} is not {} cells wide", self.width));
            }
            for (x, (c, s)) in row.chars().zip(seen.chars()).enumerate() {
                let p = Point::new(x as i32, y as i32);
                map.set_tile(p, char_tile(c).ok_or_else(|| format!("an unknown map cell '{c}'"))?);
                if s == '1' {
                    map.remember(p);
                }
            }
        }
        Ok(map)
    }
}

fn saved_creature(c: &Creature) -> SavedCreature {
    let col = c.look.color;
    SavedCreature {
        id: c.id.0,
        kind: c.kind.clone(),
        name: c.name.clone(),
        hp: c.hp,
        max_hp: c.max_hp,
        defense: c.defense,
        damage: (c.damage.min, c.damage.max),
        sight: c.sight,
        pos: (c.pos.x, c.pos.y),
        state: state_name(c.state).into(),
        goal: c.goal.map(|g| (g.x, g.y)),
        brain: c.brain.clone(),
        glyph: c.look.glyph,
        color: [col.r, col.g, col.b, col.a],
        tile: c.look.tile.to_string(),
        statuses: c.statuses.iter().map(|s| (s.name.clone(), s.turns)).collect(),
    }
}

fn restore_creature(c: SavedCreature, game: &Game) -> Result<(EntityId, Creature), String> {
    let who = if c.id == 0 { "the player".to_string() } else { format!("{}#{}", c.kind, c.id) };
    if c.id != 0 && !game.records.monsters.contains_key(&c.kind) {
        return Err(format!("a monster '{}' that no loaded plugin has", c.kind));
    }
    if c.id == 0 && (c.kind != "player" || c.brain.is_some()) {
        return Err("a player that is not the player (another kind, or a brain)".into());
    }
    if c.id != 0 {
        match &c.brain {
            Some(brain) if game.plugins.brains.contains_key(brain) => {}
            Some(brain) => return Err(format!("{who} thinks with the brain '{brain}', which no loaded plugin has")),
            None => return Err(format!("{who} has no brain")),
        }
    }
    let pos = Point::new(c.pos.0, c.pos.1);
    if !game.map.in_bounds(pos) {
        return Err(format!("{who} stands off the map"));
    }
    if !game.map.is_passable(pos) || game.map.tile(pos) == Tile::DoorClosed {
        return Err(format!("{who} stands inside a wall at {},{}", pos.x, pos.y));
    }
    if !(1..=1_000_000).contains(&c.max_hp) || !(1..=c.max_hp).contains(&c.hp) {
        return Err(format!("{who} with health {}/{}, not from 1 to its most (at most 1000000)", c.hp, c.max_hp));
    }
    if c.damage.0 < 0 || c.damage.0 > c.damage.1 || c.damage.1 > 1000 || !(0..=1000).contains(&c.defense) {
        return Err(format!("{who} with a blow of {}-{} and defense {}", c.damage.0, c.damage.1, c.defense));
    }
    if !(0..=30).contains(&c.sight) {
        return Err(format!("{who} with a sight of {}", c.sight));
    }
    if c.goal.is_some_and(|(x, y)| !game.map.in_bounds(Point::new(x, y))) {
        return Err(format!("{who} heading off the map"));
    }
    if c.statuses.len() > limits::STATUSES_PER_CREATURE {
        return Err(format!(
            "{who} bearing {} statuses, more than {}",
            c.statuses.len(),
            limits::STATUSES_PER_CREATURE
        ));
    }
    let mut statuses: Vec<StatusOn> = Vec::new();
    for (name, turns) in &c.statuses {
        if !game.plugins.statuses.contains_key(name) {
            return Err(format!("{who} bearing the status '{name}', which no loaded plugin registers"));
        }
        if !(1..=MOST_STATUS_TURNS).contains(turns) {
            return Err(format!("{who} bearing '{name}' for {turns} turns, not from 1 to {MOST_STATUS_TURNS}"));
        }
        if statuses.iter().any(|s| &s.name == name) {
            return Err(format!("{who} bearing the status '{name}' twice"));
        }
        statuses.push(StatusOn { name: name.clone(), turns: *turns });
    }
    let creature = Creature {
        id: EntityId(c.id),
        kind: c.kind,
        name: c.name,
        hp: c.hp,
        max_hp: c.max_hp,
        defense: c.defense,
        damage: Damage::new(c.damage.0, c.damage.1),
        sight: c.sight,
        pos: Point::new(c.pos.0, c.pos.1),
        state: state_of(&c.state).ok_or_else(|| format!("an unknown state '{}'", c.state))?,
        goal: c.goal.map(|(x, y)| Point::new(x, y)),
        brain: c.brain,
        look: Look {
            glyph: c.glyph,
            color: Rgba { r: c.color[0], g: c.color[1], b: c.color[2], a: c.color[3] },
            tile: c.tile.into(),
        },
        statuses,
    };
    Ok((creature.id, creature))
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
    format!("{MAGIC} {SAVE_FORMAT} {crc:08x}\n{body}\n").into_bytes()
}

/// Reads a save: checks the header, the checksum, the format, the plugin
/// set, and that everything in it exists in the loaded records.
pub fn load(path: &Path, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Result<Game, SaveError> {
    load_bytes(&read_save(path)?, path, plugins, records, trace)
}

/// A save file's bytes, checked as any file the game did not write.
fn read_save(path: &Path) -> Result<Vec<u8>, SaveError> {
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

fn decode_error(e: Decode, path: &Path) -> SaveError {
    match e {
        Decode::Format(found) => SaveError::Format { path: path.into(), found },
        Decode::Damaged(reason) => SaveError::Damaged { path: path.into(), reason },
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
    save.into_game(plugins, records, trace)
        .map_err(|reason| SaveError::Damaged { path: path.into(), reason: format!("it holds {reason}") })
}

enum Decode {
    Format(u32),
    Damaged(String),
}

fn decode(bytes: &[u8]) -> Result<SaveFile, Decode> {
    let damaged = |why: &str| Decode::Damaged(why.to_string());
    let text = std::str::from_utf8(bytes).map_err(|_| damaged("not text"))?;
    let (header, body) = text.split_once('\n').ok_or_else(|| damaged("no header line"))?;
    let mut words = header.split(' ');
    if words.next() != Some(MAGIC) {
        return Err(damaged("not an Emberdeep save"));
    }
    let format: u32 = words.next().and_then(|w| w.parse().ok()).ok_or_else(|| damaged("no format number"))?;
    if format != SAVE_FORMAT {
        return Err(Decode::Format(format));
    }
    let crc = words.next().ok_or_else(|| damaged("no checksum"))?;
    let body = body.strip_suffix('\n').ok_or_else(|| damaged("cut short"))?;
    // Compared as written (lowercase hex), so even a changed letter case counts as damage.
    if words.next().is_some() || format!("{:08x}", crc32fast::hash(body.as_bytes())) != crc {
        return Err(damaged("its checksum does not match: it was cut short or changed"));
    }
    serde_json::from_str(body).map_err(|e| Decode::Damaged(format!("unreadable: {e}")))
}

/// Removes what a save cut short by a kill left behind in `dir`: the
/// `*.tmp-PID` files of processes that are gone. Returns how many.
pub fn clean_leftovers(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else { return 0 };
    let mut removed = 0;
    for path in entries.flatten().map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let Some((_, pid)) = name.rsplit_once(".tmp-") else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        let alive = pid == std::process::id() || Path::new(&format!("/proc/{pid}")).exists();
        if !alive && std::fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Writes `bytes` to `path` atomically: a new file beside it, synced, then
/// renamed over the old one. `fail_before_rename` stops after the sync, as a
/// crash would (for tests).
pub fn write_atomic(path: &Path, bytes: &[u8], fail_before_rename: bool) -> Result<(), SaveError> {
    let err = |e: std::io::Error| SaveError::Write { path: path.into(), reason: e.to_string() };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let mut file = std::fs::File::create(&tmp).map_err(err)?;
    file.write_all(bytes).map_err(err)?;
    file.sync_all().map_err(err)?;
    drop(file);
    if fail_before_rename {
        return Err(SaveError::Write { path: path.into(), reason: "stopped before the rename (test)".into() });
    }
    std::fs::rename(&tmp, path).map_err(err)?;
    if let Some(dir) = path.parent().and_then(|d| std::fs::File::open(d).ok()) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Saves a game.
pub fn save(game: &Game, path: &Path) -> Result<(), SaveError> {
    write_atomic(path, &encode(game), false)
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

/// The most kinds a save's kill list may name, and the longest name.
const KILL_KINDS: usize = 1000;
const KIND_CHARS: usize = 64;

/// The kill list of a save, checked: kinds named in short words, each once.
pub fn checked_kills(kills: Vec<(String, u32)>) -> Result<std::collections::BTreeMap<String, u32>, String> {
    if kills.len() > KILL_KINDS {
        return Err(format!("kills of {} kinds, more than {KILL_KINDS}", kills.len()));
    }
    let mut out = std::collections::BTreeMap::new();
    for (kind, n) in kills {
        let fine = !kind.is_empty()
            && kind.chars().count() <= KIND_CHARS
            && kind.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !fine {
            return Err(format!("a kill of a kind named {kind:?}, not a record id"));
        }
        if out.insert(kind.clone(), n).is_some() {
            return Err(format!("the kills of {kind} given twice"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_engine::plugins::registry::Registration;
    use proptest::prelude::*;

    fn sample_game() -> Game {
        let records = Rc::new(Records::default());
        let plugins = Rc::new(Plugins::default());
        let mut map = Map::new_filled(10, 6, Tile::Floor);
        map.set_tile(Point::new(0, 0), Tile::Wall);
        map.set_tile(Point::new(3, 3), Tile::DoorClosed);
        let mut game = Game::blank(99, map, Point::new(2, 2), plugins, records, Trace::console());
        game.turn = 41;
        game.log.add("hello", MessageKind::Danger);
        game.store.insert((EntityId::PLAYER, "strength".into()), 2);
        game.store_text.insert((EntityId::PLAYER, "hand".into()), "long_sword".into());
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
        let mut game = sample_game();
        let bytes = encode(&game);
        let mut back = reload(&bytes).unwrap();
        assert_eq!(back.turn, 41);
        assert_eq!(back.map.tile(Point::new(3, 3)), Tile::DoorClosed);
        assert_eq!(back.store_text[&(EntityId::PLAYER, "hand".to_string())], "long_sword");
        assert_eq!(back.log.messages()[0].kind, MessageKind::Danger);
        assert_eq!(back.rng.range(1, 1000), game.rng.range(1, 1000), "the RNG goes on where it was");
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
        write_atomic(&p, &old, false).unwrap();
        let mut newer = sample_game();
        newer.turn = 500;
        assert!(write_atomic(&p, &encode(&newer), true).is_err());
        assert_eq!(std::fs::read(&p).unwrap(), old);
        assert_eq!(reload(&std::fs::read(&p).unwrap()).unwrap().turn, 41);
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
        game.map.set_tile(Point::new(0, 0), Tile::Wall);
        game.spawn_monster("rat", Point::new(6, 3), Some(MonsterState::Wandering)).unwrap();
        let id = game.new_item_id();
        game.drop_on_floor("potion", 3, Point::new(4, 4), id);
        let id = game.new_item_id();
        game.pack.add("sword", 1, false, id);
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
    fn an_untouched_save_of_the_rich_game_loads() {
        assert_eq!(tampered(|_| {}), "");
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
                "a charge on no item",
                Box::new(|b| b["item_store"] = json!([[55, "charges", 3]])),
                "stored on item #55, which is neither on the floor nor in the pack",
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
}
