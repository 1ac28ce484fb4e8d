//! A run put back together from plain parts, checked: what a save holds
//! ([`RestoreParts`]) becomes a [`Game`] only through [`Game::restore`],
//! which refuses parts that break a rule the game keeps, naming the part
//! and why ([`RestoreError`]). [`Game::check`] holds a live game to the
//! same rules, so the game never writes a save it would refuse. The
//! numbers are `data::bounds`'s, which the running game is held to when a
//! value is set, and a stored number's range is the one rule
//! `Plugins::out_of_declared_range` gives, which `store_set` and
//! `item_set` ask too; so are a stored text's (`Plugins::may_store_text`,
//! `Plugins::may_store_kind`) and a look's (`Game::worn_look_refused`,
//! the rule a plugin's look is held to).
//!
//! The rules: one player (of kind `player`, with no brain), every creature
//! on a cell of its own that it can stand on, ids unique and below the next
//! id, health, blow, defense, sight and statuses within their bounds, a
//! name, plural, glyph and tile its record's or one a plugin's look may
//! give, every monster, brain, status and item known to the loaded
//! plugins, heaps and stacks of 1 to [`MOST_IN_A_STACK`] (more than one in
//! a pack slot only of a kind that stacks), items on floor cells, a pack of
//! the game's size, item ids unique and at most the last one handed out,
//! stored values only for creatures and items there are and within the
//! range their plugin declared, stored texts a store keeps (under a key a
//! plugin keeps an item kind in, one the records have), no plugin terrain
//! on the stairs down, and the log, the turn, the floor, the map and the
//! kill list within their limits.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use emberdeep_api::{EntityId, Generator, ItemId, Point, Standing, TerrainHidden};

use crate::core::map::{Map, Tile};
use crate::core::rng::RunRng;
use crate::data::bounds::{self, MOST_HEALTH, MOST_IN_A_STACK, MOST_SIGHT, MOST_STATUS_TURNS, MOST_TURNS};
use crate::data::records::Records;
use crate::data::trace::Trace;
use crate::data::untrusted::{limits, shown};
use crate::plugins::registry::{Plugins, WriteRefused};
use crate::world::creature::Creature;
use crate::world::game::Game;
use crate::world::log::{Message, MessageLog, KEPT_MESSAGES};
use crate::world::pack::{FloorItem, Pack, PackItem};

/// The limits a save's run is held to (`data::bounds`, where they live).
pub use crate::data::bounds::{KILL_KINDS, KIND_CHARS, MOST_FLOORS, MOST_IDS, MOST_ITEM_IDS, MOST_MAP_SIDE};

/// A map as plain data: its size and its cells row by row.
#[derive(Debug, Clone, PartialEq)]
pub struct MapParts {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// Every cell's tile, row by row (`width * height` of them).
    pub tiles: Vec<Tile>,
    /// Whether the player remembers each cell, row by row.
    pub remembered: Vec<bool>,
    /// The plugins' terrains on it, by name, in row order (their cells in
    /// `tiles` hold floor until [`MapParts::build`] lays them).
    pub terrains: Vec<PlacedTerrain>,
}

/// A plugin's terrain on a map, by name, as a save keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedTerrain {
    /// Where.
    pub at: Point,
    /// The terrain's name.
    pub name: String,
    /// Whether it still hides from the player.
    pub hidden: bool,
}

impl MapParts {
    /// A map's parts, its plugins' terrains named from `plugins`.
    pub fn of(map: &Map, plugins: &Plugins) -> MapParts {
        let mut terrains = Vec::new();
        let tiles = map
            .points()
            .map(|p| match map.tile(p) {
                Tile::Plugin(t) => {
                    let name = plugins.terrains.get(t.kind as usize).map_or_else(String::new, |k| k.name.clone());
                    terrains.push(PlacedTerrain { at: p, name, hidden: t.hidden != TerrainHidden::Shown });
                    Tile::Floor
                }
                tile => tile,
            })
            .collect();
        MapParts {
            width: map.width(),
            height: map.height(),
            tiles,
            remembered: map.points().map(|p| map.is_remembered(p)).collect(),
            terrains,
        }
    }

    /// The map, if its size is within bounds, it has a cell for each, and
    /// every plugin terrain on it is one `plugins` registered.
    fn build(&self, plugins: &Plugins) -> Result<Map, RestoreError> {
        check_map_size(self.width, self.height)?;
        let cells = self.width as usize * self.height as usize;
        if self.tiles.len() != cells || self.remembered.len() != cells {
            return Err(RestoreError::MapCells {
                width: self.width,
                height: self.height,
                tiles: self.tiles.len(),
                remembered: self.remembered.len(),
            });
        }
        let mut map = Map::new_filled(self.width, self.height, Tile::Wall);
        let cells: Vec<Point> = map.points().collect();
        for ((p, tile), remembered) in cells.into_iter().zip(&self.tiles).zip(&self.remembered) {
            map.set_tile(p, *tile);
            if *remembered {
                map.remember(p);
            }
        }
        for placed in &self.terrains {
            let unknown = || RestoreError::UnknownTerrain {
                x: placed.at.x,
                y: placed.at.y,
                name: crate::data::untrusted::shown(&placed.name, 40),
            };
            if !map.in_bounds(placed.at) {
                return Err(unknown());
            }
            let tile = plugins.plugin_tile(&placed.name, placed.hidden).ok_or_else(unknown)?;
            if bounds::covers_stairs(map.tile(placed.at), tile) {
                let name = crate::data::untrusted::shown(&placed.name, 40);
                return Err(RestoreError::TerrainOnStairs { x: placed.at.x, y: placed.at.y, name });
            }
            map.set_tile(placed.at, tile);
        }
        Ok(map)
    }
}

/// Everything a save holds of a run, as plain data: what
/// [`Game::restore`] checks and makes a game of, and what [`Game::parts`]
/// gives back.
#[derive(Debug, Clone, PartialEq)]
pub struct RestoreParts {
    /// The run's seed.
    pub seed: u64,
    /// The RNG, where it stood.
    pub rng: RunRng,
    /// Turns played.
    pub turn: u64,
    /// The floor, from 1.
    pub floor: u32,
    /// The next monster id.
    pub next_id: u32,
    /// The last item identity handed out.
    pub next_item_id: u32,
    /// The floor's map.
    pub map: MapParts,
    /// Everyone alive, the player (id 0) included.
    pub creatures: Vec<Creature>,
    /// Items lying on the floor, in the order they came. An id of 0 (a save
    /// from before items had one) is given a new one.
    pub items: Vec<FloorItem>,
    /// The pack's slots, as many as the game's pack has (ids as for `items`).
    pub pack: Vec<Option<PackItem>>,
    /// The log's messages, oldest first.
    pub log: Vec<Message>,
    /// Plugins' per-creature numbers.
    pub store: BTreeMap<(EntityId, String), i64>,
    /// Plugins' per-creature texts.
    pub store_text: BTreeMap<(EntityId, String), String>,
    /// Plugins' per-item numbers.
    pub item_store: BTreeMap<(ItemId, String), i64>,
    /// Plugins' per-item texts.
    pub item_text: BTreeMap<(ItemId, String), String>,
    /// What killed the player, once dead.
    pub killer: Option<String>,
    /// The player's kills: the victims' record ids, each once, and how many.
    pub kills: Vec<(String, u32)>,
    /// Of those, the victims a plugin had named: kind, name, how many.
    pub named_kills: Vec<(String, String, u32)>,
    /// What monsters carry: the carrier and the item, in the order each
    /// was given (ids as for `items`).
    pub carried: Vec<(EntityId, PackItem)>,
    /// What made the floor (api 1.6's `floor_generator`): a loaded
    /// plugin's generator, or the host's (`rooms`, `deepest`, `scenario`).
    /// `None` (a save from before 1.6): the generator that claims the
    /// floor if one does, else the host's.
    pub generator: Option<Generator>,

    /// The standings between sides set during the run (api 1.6): each pair
    /// once, its two names in order.
    pub standings: Vec<(String, String, Standing)>,

    /// The item kinds a plugin marked unknown or made known (api 1.6), in
    /// name order, and whether the player knows each.
    pub kinds_known: Vec<(String, bool)>,

    // 1.6 (rough edges)
    /// The floor items the player dropped, which auto-explore leaves
    /// lying: each the id of an item in `items` (none in a save from
    /// before).
    pub dropped: Vec<ItemId>,

    // 1.7 (fields)
    /// The floor's fields (api 1.7): each kind a loaded plugin declared,
    /// its cells and amounts (none in a save from before).
    pub fields: Vec<(String, Vec<(Point, i32)>)>,
}

/// Why parts do not make a game: the part, and the rule it breaks. Each
/// reads after "it holds".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// The floor is said to be made by a generator no loaded plugin has.
    #[error("a floor made by the generator '{name}' of '{plugin}', which no loaded plugin has")]
    UnknownGenerator {
        /// The plugin named.
        plugin: String,
        /// The generator named.
        name: String,
    },

    // 1.6 (looks)
    /// A creature's own name, plural, glyph or tile that no plugin could
    /// have given (held to the rule a plugin's look is held to).
    #[error("{who} with a look no plugin could give it: {why}")]
    BadLook {
        /// The creature.
        who: String,
        /// What is wrong with the look, as a plugin's look would be refused.
        why: String,
    },
    /// A creature disguised as what no loaded plugin has, or the player disguised.
    #[error("{who} disguised as '{kind}', neither a terrain nor an item kind of the loaded plugins")]
    UnknownDisguise {
        /// The creature.
        who: String,
        /// What it shows as (cut short).
        kind: String,
    },
    /// A cell holds a terrain no loaded plugin registered (or lies off the map).
    #[error("the cell {x},{y} is terrain '{name}', which no loaded plugin has")]
    UnknownTerrain {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// The terrain's name (cut short).
        name: String,
    },
    /// A plugin's terrain laid on the stairs down (since 1.6: the stairs
    /// stay, so a floor never loses its way down).
    #[error("terrain '{name}' laid on the stairs at {x},{y}, which would leave the floor no way down")]
    TerrainOnStairs {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// The terrain's name (cut short).
        name: String,
    },
    /// The map is empty or too large.
    #[error("a map of {width}x{height}")]
    MapSize {
        /// Columns.
        width: i32,
        /// Rows.
        height: i32,
    },
    /// The map's cells are not `width * height`.
    #[error("a map of {width}x{height} with {tiles} tiles and {remembered} remembered cells")]
    MapCells {
        /// Columns.
        width: i32,
        /// Rows.
        height: i32,
        /// Tiles given.
        tiles: usize,
        /// Remembered marks given.
        remembered: usize,
    },
    /// Not one player.
    #[error("{0} players in it, not one")]
    Players(usize),
    /// The next id is 0 or too large.
    #[error("a next id of {0}, not from 1 to {MOST_IDS}")]
    NextId(u32),
    /// The floor is 0 or too deep.
    #[error("floor {0}, not from 1 to {MOST_FLOORS}")]
    Floor(u32),
    /// The turn is past the most a run may last.
    #[error("turn {0}, past the last a run may play ({MOST_TURNS})")]
    Turn(u64),
    /// The last item id is too large.
    #[error("a last item id of {0}, above {MOST_ITEM_IDS}")]
    LastItemId(u32),
    /// A creature's id was not handed out yet.
    #[error("creature #{id} at or above the next id {next}")]
    IdAboveNext {
        /// Its id.
        id: u32,
        /// The next id.
        next: u32,
    },
    /// Two creatures share an id.
    #[error("two creatures with the id #{0}")]
    TwoWithId(u32),
    /// Two creatures share a cell.
    #[error("two creatures on the cell {x},{y}")]
    SharedCell {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A monster of a kind no plugin has.
    #[error("a monster '{0}' that no loaded plugin has")]
    UnknownMonster(String),
    /// The player is of another kind, or has a brain.
    #[error("a player that is not the player (another kind, or a brain)")]
    NotThePlayer,
    /// A monster thinks with a brain no plugin has.
    #[error("{who} thinks with the brain '{brain}', which no loaded plugin has")]
    UnknownBrain {
        /// The monster.
        who: String,
        /// Its brain.
        brain: String,
    },
    /// A creature is on a side no loaded plugin declared, or the player
    /// is not on its own.
    #[error("{who} is on the side '{side}', which no loaded plugin declared")]
    UnknownSide {
        /// The creature.
        who: String,
        /// Its side (cut short).
        side: String,
    },
    /// A standing between sides names a side no loaded plugin declared,
    /// a side and itself, or a pair twice (api 1.6).
    #[error("a standing of '{a}' and '{b}' ({why})")]
    BadStanding {
        /// One side (cut short).
        a: String,
        /// The other (cut short).
        b: String,
        /// What is wrong with it.
        why: String,
    },
    /// A monster has no brain.
    #[error("{0} has no brain")]
    NoBrain(String),
    /// A creature stands off the map.
    #[error("{0} stands off the map")]
    OffTheMap(String),
    /// A creature stands where none can.
    #[error("{who} stands inside a wall at {x},{y}")]
    InAWall {
        /// The creature.
        who: String,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Health out of its bounds.
    #[error("{who} with health {hp}/{max_hp}, not from 1 to its most (at most {MOST_HEALTH})")]
    Health {
        /// The creature.
        who: String,
        /// Health left.
        hp: i32,
        /// Most health.
        max_hp: i32,
    },
    /// A blow or defense out of its bounds.
    #[error("{who} with a blow of {min}-{max} and defense {defense}")]
    Blow {
        /// The creature.
        who: String,
        /// Least damage.
        min: i32,
        /// Most damage.
        max: i32,
        /// Defense.
        defense: i32,
    },
    /// Sight out of its bounds.
    #[error("{who} with a sight of {sight}")]
    Sight {
        /// The creature.
        who: String,
        /// Its sight.
        sight: i32,
    },
    /// A creature heads for a cell off the map.
    #[error("{0} heading off the map")]
    GoalOffTheMap(String),
    /// More statuses than a creature may bear.
    #[error("{who} bearing {count} statuses, more than {}", limits::STATUSES_PER_CREATURE)]
    TooManyStatuses {
        /// The creature.
        who: String,
        /// How many.
        count: usize,
    },
    /// A status no plugin registers.
    #[error("{who} bearing the status '{status}', which no loaded plugin registers")]
    UnknownStatus {
        /// The creature.
        who: String,
        /// The status.
        status: String,
    },
    /// A status's turns out of bounds.
    #[error("{who} bearing '{status}' for {turns} turns, not from 1 to {MOST_STATUS_TURNS}")]
    StatusTurns {
        /// The creature.
        who: String,
        /// The status.
        status: String,
        /// Its turns.
        turns: i32,
    },
    /// One status borne twice.
    #[error("{who} bearing the status '{status}' twice")]
    StatusTwice {
        /// The creature.
        who: String,
        /// The status.
        status: String,
    },
    /// An item kind no plugin has.
    #[error("an item '{0}' that no loaded plugin has")]
    UnknownItem(String),
    /// A mark of an item the player dropped on an id no floor item has.
    #[error("item #{0} marked as dropped by the player, which lies on no floor cell")]
    DroppedNowhere(u32),
    // 1.7 (fields)
    /// A field no loaded plugin declares, or a cell of one that is off the
    /// map, not open ground, named twice, or with an amount out of range.
    #[error("a field '{0}' that no loaded plugin declares, or a cell of it off the map, not open ground, twice or with an amount outside 1-1000")]
    BadField(String),
    /// A kind marked known or unknown that no item record has, or named
    /// twice (api 1.6).
    #[error("a kind '{0}' marked known or unknown that no item record has, or twice")]
    BadKindKnown(String),
    /// An item lying where nothing can lie.
    #[error("{kind} lying at {x},{y}, which is not a floor cell of the map (nor a plugin's terrain)")]
    NotOnFloor {
        /// Its kind.
        kind: String,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// A heap or stack of none, or of too many.
    #[error("{count} of {kind} in one place, not from 1 to {MOST_IN_A_STACK}")]
    Count {
        /// Its kind.
        kind: String,
        /// How many.
        count: u32,
    },
    /// The pack has another number of slots than the game's.
    #[error("a pack of {slots} slots, the game has {wanted}")]
    PackSize {
        /// Slots given.
        slots: usize,
        /// The game's pack size.
        wanted: usize,
    },
    /// Several of a kind that does not stack in one pack slot.
    #[error("{count} {kind} in one pack slot, which do not stack")]
    DoNotStack {
        /// Its kind.
        kind: String,
        /// How many.
        count: u32,
    },
    /// An item id not handed out yet.
    #[error("item #{id} above the last item id {last}")]
    ItemAboveLast {
        /// Its id.
        id: u32,
        /// The last one handed out.
        last: u32,
    },
    /// Two items share an id.
    #[error("two items with the id #{0}")]
    TwoItemsWithId(u32),
    /// An item without an id (a save from before items had one), and no
    /// id left to give it.
    #[error("an item without an id, and no item id left to give it (at most {MOST_ITEM_IDS})")]
    NoItemIdLeft,
    /// The log is longer than the game keeps.
    #[error("{0} messages in its log, more than {most}", most = 2 * KEPT_MESSAGES)]
    LongLog(usize),
    /// A value stored for a creature that is not there.
    #[error("a stored value '{key}' for creature #{id}, which is not on the floor")]
    StoreForNobody {
        /// The key.
        key: String,
        /// The creature's id.
        id: u32,
    },
    /// A creature's stored number outside its declared range.
    #[error("a stored {key} of {value} for creature #{id}, where {plugin} keeps {lo} to {hi}")]
    StoreOutOfRange {
        /// The key.
        key: String,
        /// The value.
        value: i64,
        /// The creature's id.
        id: u32,
        /// The plugin that declared the key.
        plugin: String,
        /// The least it keeps.
        lo: i64,
        /// The most it keeps.
        hi: i64,
    },
    /// A value stored on an item that is not there.
    #[error("a value '{key}' stored on item #{id}, which is neither on the floor nor in the pack")]
    StoreOnNoItem {
        /// The key.
        key: String,
        /// The item's id.
        id: u32,
    },
    /// An item's stored number outside its declared range.
    #[error("a stored {key} of {value} on item #{id}, where {plugin} keeps {lo} to {hi}")]
    ItemStoreOutOfRange {
        /// The key.
        key: String,
        /// The value.
        value: i64,
        /// The item's id.
        id: u32,
        /// The plugin that declared the key.
        plugin: String,
        /// The least it keeps.
        lo: i64,
        /// The most it keeps.
        hi: i64,
    },
    /// An item's stored text longer than a plugin may store.
    #[error("a text '{key}' on item #{id} longer than {} characters", limits::STORED_TEXT_CHARS)]
    LongItemText {
        /// The key.
        key: String,
        /// The item's id.
        id: u32,
    },
    /// A creature's stored text longer than a store keeps (since 1.6).
    #[error("a text '{key}' of {chars} characters for creature #{id}, more than {}", bounds::STORED_TEXT_CHARS)]
    LongText {
        /// The key (cut short).
        key: String,
        /// The creature's id.
        id: u32,
        /// How many characters it has.
        chars: usize,
    },
    /// A creature's stored text that is no item kind, under a key a plugin
    /// keeps an item kind in (`Registrar::stored_kind`, since 1.6).
    #[error("a text '{key}' for creature #{id} naming the item '{kind}', which no loaded plugin has ({owner} keeps an item kind there)")]
    NotAKind {
        /// The key (cut short).
        key: String,
        /// The creature's id.
        id: u32,
        /// The text (cut short).
        kind: String,
        /// The plugin that keeps an item kind there.
        owner: String,
    },
    /// The kill list names too many kinds.
    #[error("kills of {0} kinds, more than {KILL_KINDS}")]
    KillKinds(usize),
    /// The kill list names a kind that is no record id.
    #[error("a kill of a kind named {0:?}, not a record id")]
    KillName(String),
    /// The kill list names a kind twice.
    #[error("the kills of {0} given twice")]
    KillsTwice(String),
    /// A named kill the list cannot hold.
    #[error("the kill of {kind} named {name:?}: {why}")]
    NamedKill {
        /// The kind.
        kind: String,
        /// The name, shortened.
        name: String,
        /// Why.
        why: &'static str,
    },
    /// An item carried by no monster there is.
    #[error("{kind} carried by creature #{id}, which is not a monster on the floor")]
    CarriedByNobody {
        /// Its kind.
        kind: String,
        /// The carrier's id.
        id: u32,
    },
}

impl Game {
    /// A run put back together from its parts (a save's), with the
    /// loaded plugins and their records; `Err` names the first rule of
    /// the game the parts break.
    pub fn restore(
        parts: RestoreParts,
        plugins: Rc<Plugins>,
        records: Rc<Records>,
        trace: Trace,
    ) -> Result<Game, RestoreError> {
        parts.restore(plugins, records, trace)
    }

    /// The run's parts, as [`Game::restore`] takes them back.
    pub fn parts(&self) -> RestoreParts {
        RestoreParts::of(self)
    }

    /// Whether the run keeps every rule [`Game::restore`] holds parts to:
    /// `Err` is what a save of it now would be refused for.
    pub fn check(&self) -> Result<(), RestoreError> {
        check(&Contents::of(self), self).map(|_| ())
    }
}

impl RestoreParts {
    /// A game's parts (see [`Game::parts`]).
    pub fn of(game: &Game) -> RestoreParts {
        RestoreParts {
            seed: game.seed,
            rng: game.rng.clone(),
            turn: game.turn,
            floor: game.floor,
            next_id: game.next_id,
            next_item_id: game.next_item_id,
            map: MapParts::of(&game.map, &game.plugins),
            creatures: game.creatures.values().cloned().collect(),
            items: game.items.to_vec(),
            pack: game.pack.slots().to_vec(),
            log: game.log.messages().to_vec(),
            store: game.store.clone(),
            store_text: game.store_text.clone(),
            item_store: game.item_store.clone(),
            item_text: game.item_text.clone(),
            killer: game.killer.clone(),
            kills: game.kills.iter().map(|(k, n)| (k.clone(), *n)).collect(),
            named_kills: game.named_kills.iter().map(|((k, name), n)| (k.clone(), name.clone(), *n)).collect(),
            carried: game.carried.iter().flat_map(|(who, items)| items.iter().map(|i| (*who, i.clone()))).collect(),
            generator: Some(game.generator.clone()),

            standings: game.standings.iter().map(|((a, b), s)| (a.clone(), b.clone(), *s)).collect(),
            kinds_known: game.kinds_known.iter().map(|(k, known)| (k.clone(), *known)).collect(),

            dropped: game.dropped.iter().copied().filter(|id| game.items.contains(*id)).collect(),

            fields: game.field_parts(),
        }
    }

    /// The game these parts make, or the first rule they break.
    fn restore(self, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Result<Game, RestoreError> {
        let map = self.map.build(&plugins)?;
        let start = self.creatures.iter().find(|c| c.id.is_player()).map_or(Point::default(), |c| c.pos);
        let mut game = Game::blank(self.seed, map, start, plugins, records, trace);
        let contents = Contents {
            turn: self.turn,
            floor: self.floor,
            next_id: self.next_id,
            next_item_id: self.next_item_id,
            creatures: self.creatures.iter().collect(),
            items: &self.items,
            pack: &self.pack,
            log: &self.log,
            store: &self.store,
            store_text: &self.store_text,
            item_store: &self.item_store,
            item_text: &self.item_text,
            kills: self.kills.iter().map(|(k, n)| (k.as_str(), *n)).collect(),
            named_kills: self.named_kills.iter().map(|(k, name, n)| (k.as_str(), name.as_str(), *n)).collect(),
            carried: self.carried.iter().map(|(who, i)| (*who, i)).collect(),
            standings: self.standings.iter().map(|(a, b, s)| (a.as_str(), b.as_str(), *s)).collect(),
            kinds_known: self.kinds_known.iter().map(|(k, _)| k.as_str()).collect(),
        };
        let ids = check(&contents, &game)?;
        if let Some(nowhere) = self.dropped.iter().find(|id| id.0 == 0 || !self.items.iter().any(|i| i.id == **id)) {
            return Err(RestoreError::DroppedNowhere(nowhere.0));
        }
        game.rng = self.rng;
        game.turn = self.turn;
        game.floor = self.floor;
        game.next_id = self.next_id;
        game.next_item_id = ids.next_item_id;
        game.creatures = self.creatures.into_iter().map(|c| (c.id, c)).collect();
        let mut given = ids.items.into_iter();
        let mut id = |old: ItemId| given.next().unwrap_or(old);
        game.items = self.items.into_iter().map(|i| FloorItem { id: id(i.id), ..i }).collect();
        game.pack =
            Pack::from_slots(self.pack.into_iter().map(|s| s.map(|i| PackItem { id: id(i.id), ..i })).collect());
        for (who, item) in self.carried {
            game.carried.entry(who).or_default().push(PackItem { id: id(item.id), ..item });
        }
        game.log = MessageLog::from_messages(self.log);
        game.store = self.store;
        game.store_text = self.store_text;
        game.item_store = self.item_store;
        game.item_text = self.item_text;
        game.killer = self.killer;
        game.kills = self.kills.into_iter().collect();
        game.named_kills = self.named_kills.into_iter().map(|(k, name, n)| ((k, name), n)).collect();
        game.generator = match self.generator {
            Some(made_by) => known_generator(made_by, &game.plugins)?,
            None => {
                let claims =
                    |g: &&crate::plugins::registry::LevelGenKind| (g.floors.0..=g.floors.1).contains(&game.floor);
                match game.plugins.level_gens.iter().find(claims) {
                    Some(g) => Generator::new(g.code.plugin(), &g.name),
                    None => Generator::new("host", if game.is_deepest(game.floor) { "deepest" } else { "rooms" }),
                }
            }
        };

        game.standings = self.standings.into_iter().map(|(a, b, s)| ((a, b), s)).collect();
        game.kinds_known = self.kinds_known.into_iter().collect();
        game.dropped = self.dropped.into_iter().collect();
        // 1.7 (fields)
        let cells = (game.map.width() * game.map.height()) as usize;
        for (name, held) in self.fields {
            let bad = || RestoreError::BadField(shown(&name, 40));
            if !game.plugins.fields.contains_key(&name) || game.field_layers.contains_key(&name) {
                return Err(bad());
            }
            let mut layer = vec![0; cells];
            for (p, amount) in held {
                let open = game.map.in_bounds(p) && game.map.is_walkable(p);
                let i = (p.y.max(0) * game.map.width() + p.x.max(0)) as usize;
                if !open || !(1..=emberdeep_api::FIELD_MOST).contains(&amount) || layer[i] != 0 {
                    return Err(bad());
                }
                layer[i] = amount;
            }
            game.field_layers.insert(name, layer);
        }
        game.update_sight();
        Ok(game)
    }
}

/// `made_by` if it names a generator of this game: one of the host's, or
/// one a loaded plugin registered.
fn known_generator(made_by: Generator, plugins: &Plugins) -> Result<Generator, RestoreError> {
    let host = made_by.is_host() && ["rooms", "deepest", "scenario"].contains(&made_by.name.as_str());
    if host || plugins.level_gens.iter().any(|g| made_by.is(g.code.plugin(), &g.name)) {
        return Ok(made_by);
    }
    Err(RestoreError::UnknownGenerator { plugin: shown(&made_by.plugin, 40), name: shown(&made_by.name, 40) })
}

/// What a run holds that the rules speak of, borrowed from parts or from
/// a live game, so both are checked by the one [`check`].
struct Contents<'a> {
    turn: u64,
    floor: u32,
    next_id: u32,
    next_item_id: u32,
    creatures: Vec<&'a Creature>,
    items: &'a [FloorItem],
    pack: &'a [Option<PackItem>],
    log: &'a [Message],
    store: &'a BTreeMap<(EntityId, String), i64>,
    store_text: &'a BTreeMap<(EntityId, String), String>,
    item_store: &'a BTreeMap<(ItemId, String), i64>,
    item_text: &'a BTreeMap<(ItemId, String), String>,
    kills: Vec<(&'a str, u32)>,
    named_kills: Vec<(&'a str, &'a str, u32)>,
    carried: Vec<(EntityId, &'a PackItem)>,
    standings: Vec<(&'a str, &'a str, Standing)>,
    kinds_known: Vec<&'a str>,
}

impl<'a> Contents<'a> {
    fn of(game: &'a Game) -> Contents<'a> {
        Contents {
            turn: game.turn,
            floor: game.floor,
            next_id: game.next_id,
            next_item_id: game.next_item_id,
            creatures: game.creatures.values().collect(),
            items: &game.items,
            pack: game.pack.slots(),
            log: game.log.messages(),
            store: &game.store,
            store_text: &game.store_text,
            item_store: &game.item_store,
            item_text: &game.item_text,
            kills: game.kills.iter().map(|(k, n)| (k.as_str(), *n)).collect(),
            named_kills: game.named_kills.iter().map(|((k, name), n)| (k.as_str(), name.as_str(), *n)).collect(),
            carried: game.carried.iter().flat_map(|(who, items)| items.iter().map(|i| (*who, i))).collect(),
            standings: game.standings.iter().map(|((a, b), s)| (a.as_str(), b.as_str(), *s)).collect(),
            kinds_known: game.kinds_known.keys().map(String::as_str).collect(),
        }
    }
}

/// The item ids the checked contents hold: each floor item's, then each
/// pack item's, with a new one where it had none; and the last one handed out.
struct ItemIdsGiven {
    items: Vec<ItemId>,
    next_item_id: u32,
}

/// Every rule, in the order a save's reader meets the parts; `game` gives
/// the map, the loaded plugins, their records and the pack's size.
fn check(c: &Contents<'_>, game: &Game) -> Result<ItemIdsGiven, RestoreError> {
    let map = &game.map;
    check_map_size(map.width(), map.height())?;
    let players = c.creatures.iter().filter(|c| c.id.is_player()).count();
    if players != 1 {
        return Err(RestoreError::Players(players));
    }
    if !bounds::is_next_id(c.next_id) {
        return Err(RestoreError::NextId(c.next_id));
    }
    if !bounds::is_floor(c.floor) {
        return Err(RestoreError::Floor(c.floor));
    }
    if !bounds::is_turn(c.turn) {
        return Err(RestoreError::Turn(c.turn));
    }
    let mut item_ids = ItemIds::new(c.next_item_id)?;
    let mut taken = BTreeSet::new();
    let mut ids = BTreeSet::new();
    for creature in &c.creatures {
        let id = creature.id.0;
        if id != 0 && id >= c.next_id {
            return Err(RestoreError::IdAboveNext { id, next: c.next_id });
        }
        if !ids.insert(id) {
            return Err(RestoreError::TwoWithId(id));
        }
        if !taken.insert(creature.pos) {
            return Err(RestoreError::SharedCell { x: creature.pos.x, y: creature.pos.y });
        }
    }
    for creature in &c.creatures {
        check_creature(creature, game)?;
    }
    check_standings(&c.standings, game)?;
    let mut kinds = BTreeSet::new();
    for &kind in &c.kinds_known {
        if game.item_record(kind).is_none() || !kinds.insert(kind) {
            return Err(RestoreError::BadKindKnown(shown(kind, 40)));
        }
    }
    for item in c.items {
        // A plugin's terrain may cover what lies on it (bars over an
        // altar's offering): the item is still where it was laid.
        if !map.is_walkable(item.pos) && !matches!(map.tile(item.pos), Tile::Plugin(_)) {
            return Err(RestoreError::NotOnFloor { kind: shown(&item.kind, 40), x: item.pos.x, y: item.pos.y });
        }
        known_item(game, &item.kind)?;
        check_count(&item.kind, item.count)?;
        item_ids.claim(item.id)?;
    }
    if c.pack.len() != game.numbers.pack_size {
        return Err(RestoreError::PackSize { slots: c.pack.len(), wanted: game.numbers.pack_size });
    }
    for item in c.pack.iter().flatten() {
        known_item(game, &item.kind)?;
        check_count(&item.kind, item.count)?;
        if item.count > 1 && !game.records.items[&item.kind].stacks {
            return Err(RestoreError::DoNotStack { kind: item.kind.clone(), count: item.count });
        }
        item_ids.claim(item.id)?;
    }
    for (who, item) in &c.carried {
        if !c.creatures.iter().any(|c| c.id == *who && !c.id.is_player()) {
            return Err(RestoreError::CarriedByNobody { kind: shown(&item.kind, 40), id: who.0 });
        }
        known_item(game, &item.kind)?;
        check_count(&item.kind, item.count)?;
        if item.count > 1 && !game.records.items[&item.kind].stacks {
            return Err(RestoreError::DoNotStack { kind: item.kind.clone(), count: item.count });
        }
        item_ids.claim(item.id)?;
    }
    if c.log.len() > 2 * KEPT_MESSAGES {
        return Err(RestoreError::LongLog(c.log.len()));
    }
    let owners = c.store.keys().chain(c.store_text.keys());
    if let Some((id, key)) = owners.into_iter().find(|(id, _)| !c.creatures.iter().any(|c| c.id == *id)) {
        return Err(RestoreError::StoreForNobody { key: shown(key, 40), id: id.0 });
    }
    for ((id, key), value) in c.store {
        if let Some((plugin, lo, hi)) = game.plugins.out_of_declared_range(key, *value) {
            let (key, plugin) = (key.clone(), plugin.to_string());
            return Err(RestoreError::StoreOutOfRange { key, value: *value, id: id.0, plugin, lo, hi });
        }
    }
    for ((id, key), text) in c.store_text {
        let plugins = &game.plugins;
        let kept = plugins
            .may_store_text(key, text)
            .and_then(|()| plugins.may_store_kind(key, text, |kind| game.records.items.contains_key(kind)));
        match kept {
            Ok(()) => {}
            Err(WriteRefused::LongText { key, chars }) => return Err(RestoreError::LongText { key, id: id.0, chars }),
            Err(WriteRefused::NotAKind { key, kind, owner }) => {
                return Err(RestoreError::NotAKind { key, id: id.0, kind, owner })
            }
            // Only the two above are asked here.
            Err(_) => {}
        }
    }
    check_kills(&c.kills)?;
    check_named_kills(&c.kills, &c.named_kills)?;
    for ((id, key), value) in c.item_store {
        item_ids.check_stored(*id, key)?;
        if let Some((plugin, lo, hi)) = game.plugins.out_of_declared_range(key, *value) {
            let (key, plugin) = (key.clone(), plugin.to_string());
            return Err(RestoreError::ItemStoreOutOfRange { key, value: *value, id: id.0, plugin, lo, hi });
        }
    }
    for ((id, key), text) in c.item_text {
        item_ids.check_stored(*id, key)?;
        if game.plugins.may_store_text(key, text).is_err() {
            return Err(RestoreError::LongItemText { key: shown(key, 40), id: id.0 });
        }
    }
    Ok(ItemIdsGiven { items: item_ids.given, next_item_id: item_ids.counter })
}

fn check_map_size(width: i32, height: i32) -> Result<(), RestoreError> {
    let side = 1..=MOST_MAP_SIDE;
    if side.contains(&width) && side.contains(&height) {
        Ok(())
    } else {
        Err(RestoreError::MapSize { width, height })
    }
}

/// How the errors name a creature: "the player", or "rat#3".
fn who(c: &Creature) -> String {
    if c.id.is_player() {
        "the player".to_string()
    } else {
        format!("{}#{}", c.kind, c.id.0)
    }
}

/// The standings set during the run (api 1.6): each between two sides
/// the loaded plugins know, not a side and itself, each pair once and in
/// name order.
fn check_standings(standings: &[(&str, &str, Standing)], game: &Game) -> Result<(), RestoreError> {
    let mut pairs = BTreeSet::new();
    for &(a, b, _) in standings {
        let bad = |why: String| RestoreError::BadStanding {
            a: crate::data::untrusted::shown(a, 40),
            b: crate::data::untrusted::shown(b, 40),
            why,
        };
        if let Some(side) = [a, b].into_iter().find(|s| !game.plugins.knows_side(s)) {
            let side = crate::data::untrusted::shown(side, 40);
            return Err(bad(format!("no loaded plugin declared a side '{side}'")));
        }
        if a >= b {
            return Err(bad("not two sides in name order".into()));
        }
        if !pairs.insert((a, b)) {
            return Err(bad("the pair twice".into()));
        }
    }
    Ok(())
}

/// One creature's own rules: its kind and brain, where it stands, its
/// numbers, its goal and its statuses.
fn check_creature(c: &Creature, game: &Game) -> Result<(), RestoreError> {
    let who = who(c);
    let player = c.id.is_player();
    if !player && !game.records.monsters.contains_key(&c.kind) {
        return Err(RestoreError::UnknownMonster(shown(&c.kind, 40)));
    }
    if player
        && (c.kind != "player"
            || c.brain.is_some()
            || c.side != emberdeep_api::PLAYER_SIDE
            || c.temper != crate::world::creature::Temper::AsItsSide)
    {
        return Err(RestoreError::NotThePlayer);
    }
    if !game.plugins.knows_side(&c.side) {
        return Err(RestoreError::UnknownSide { who, side: crate::data::untrusted::shown(&c.side, 40) });
    }
    if !player {
        match &c.brain {
            Some(brain) if game.plugins.brains.contains_key(brain) => {}
            Some(brain) => return Err(RestoreError::UnknownBrain { who, brain: shown(brain, 40) }),
            None => return Err(RestoreError::NoBrain(who)),
        }
    }
    let (map, pos) = (&game.map, c.pos);
    if !map.in_bounds(pos) {
        return Err(RestoreError::OffTheMap(who));
    }
    if !map.is_passable(pos) || map.tile(pos) == Tile::DoorClosed {
        return Err(RestoreError::InAWall { who, x: pos.x, y: pos.y });
    }
    if !(1..=MOST_HEALTH).contains(&c.max_hp) || !(1..=c.max_hp).contains(&c.hp) {
        return Err(RestoreError::Health { who, hp: c.hp, max_hp: c.max_hp });
    }
    let (min, max) = (c.damage.min, c.damage.max);
    if min < 0 || min > max || max > MOST_HEALTH || !(0..=MOST_HEALTH).contains(&c.defense) {
        return Err(RestoreError::Blow { who, min, max, defense: c.defense });
    }
    if !(0..=MOST_SIGHT).contains(&c.sight) {
        return Err(RestoreError::Sight { who, sight: c.sight });
    }
    if c.goal.is_some_and(|g| !map.in_bounds(g)) {
        return Err(RestoreError::GoalOffTheMap(who));
    }
    // 1.6 (looks): a name, plural, glyph and tile its record's or as a
    // plugin may give them, and a disguise only a monster may have.
    if let Some(why) = game.worn_look_refused(c) {
        return Err(RestoreError::BadLook { who, why });
    }
    if let Some(kind) = &c.disguise {
        if player || game.disguise_named(kind).is_none() {
            return Err(RestoreError::UnknownDisguise { who, kind: crate::data::untrusted::shown(kind, 40) });
        }
    }
    if c.statuses.len() > limits::STATUSES_PER_CREATURE {
        return Err(RestoreError::TooManyStatuses { who, count: c.statuses.len() });
    }
    for (i, s) in c.statuses.iter().enumerate() {
        let status = shown(&s.name, 40);
        if !game.plugins.statuses.contains_key(&s.name) {
            return Err(RestoreError::UnknownStatus { who, status });
        }
        if !(1..=MOST_STATUS_TURNS).contains(&s.turns) {
            return Err(RestoreError::StatusTurns { who, status, turns: s.turns });
        }
        if c.statuses[..i].iter().any(|t| t.name == s.name) {
            return Err(RestoreError::StatusTwice { who, status });
        }
    }
    Ok(())
}

/// A heap or a stack holds at least one and at most the most a stack may.
fn check_count(kind: &str, count: u32) -> Result<(), RestoreError> {
    if bounds::is_stack(count) {
        Ok(())
    } else {
        Err(RestoreError::Count { kind: kind.to_string(), count })
    }
}

fn known_item(game: &Game, kind: &str) -> Result<(), RestoreError> {
    if game.records.items.contains_key(kind) {
        Ok(())
    } else {
        Err(RestoreError::UnknownItem(shown(kind, 40)))
    }
}

/// The kill list: kinds named as record ids are (short words), each once.
fn check_kills(kills: &[(&str, u32)]) -> Result<(), RestoreError> {
    if kills.len() > KILL_KINDS {
        return Err(RestoreError::KillKinds(kills.len()));
    }
    let mut seen = BTreeSet::new();
    for (kind, _) in kills {
        let fine = !kind.is_empty()
            && kind.chars().count() <= KIND_CHARS
            && kind.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !fine {
            return Err(RestoreError::KillName(kind.chars().take(KIND_CHARS + 1).collect()));
        }
        if !seen.insert(*kind) {
            return Err(RestoreError::KillsTwice(kind.to_string()));
        }
    }
    Ok(())
}

/// The named kills: each a kind the kill list counts, a name a plugin may
/// give (as a look's), each pair once, and no more of a kind than the
/// list counts.
fn check_named_kills(kills: &[(&str, u32)], named: &[(&str, &str, u32)]) -> Result<(), RestoreError> {
    if named.len() > KILL_KINDS {
        return Err(RestoreError::KillKinds(named.len()));
    }
    let mut seen = BTreeSet::new();
    let mut per_kind: BTreeMap<&str, u64> = BTreeMap::new();
    for &(kind, name, n) in named {
        let shown = crate::data::untrusted::shown(name, 40);
        if emberdeep_api::CreatureLook::named(name).problem().is_some() || n == 0 {
            return Err(RestoreError::NamedKill {
                kind: kind.to_string(),
                name: shown,
                why: "not a name a creature may have",
            });
        }
        if !seen.insert((kind, name)) {
            return Err(RestoreError::NamedKill { kind: kind.to_string(), name: shown, why: "given twice" });
        }
        *per_kind.entry(kind).or_default() += u64::from(n);
        let counted = kills.iter().find(|(k, _)| *k == kind).map_or(0, |(_, n)| u64::from(*n));
        if per_kind[kind] > counted {
            return Err(RestoreError::NamedKill {
                kind: kind.to_string(),
                name: shown,
                why: "more than the kills of its kind",
            });
        }
    }
    Ok(())
}

/// The item identities a run holds: each at most once, none above the
/// last one handed out; an item without one (id 0) is given the next.
struct ItemIds {
    /// The last id handed out, counting those given here.
    counter: u32,
    seen: BTreeSet<u32>,
    /// Each item's id in the order claimed.
    given: Vec<ItemId>,
}

impl ItemIds {
    fn new(last: u32) -> Result<ItemIds, RestoreError> {
        if !bounds::is_last_item_id(last) {
            return Err(RestoreError::LastItemId(last));
        }
        Ok(ItemIds { counter: last, seen: BTreeSet::new(), given: Vec::new() })
    }

    /// The id of an item: its own, checked, or (0) a new one, handed out
    /// as the running game hands them out.
    fn claim(&mut self, id: ItemId) -> Result<(), RestoreError> {
        let id = if id.0 == 0 {
            bounds::hand_out_item_id(&mut self.counter).ok_or(RestoreError::NoItemIdLeft)?.0
        } else if id.0 > self.counter {
            return Err(RestoreError::ItemAboveLast { id: id.0, last: self.counter });
        } else {
            id.0
        };
        if !self.seen.insert(id) {
            return Err(RestoreError::TwoItemsWithId(id));
        }
        self.given.push(ItemId(id));
        Ok(())
    }

    fn check_stored(&self, id: ItemId, key: &str) -> Result<(), RestoreError> {
        if self.seen.contains(&id.0) {
            Ok(())
        } else {
            Err(RestoreError::StoreOnNoItem { key: key.to_string(), id: id.0 })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use emberdeep_api::abi::{MonsterBrainAbi_TO, StatusAbi_TO, StatusDecl};
    use emberdeep_api::abi_stable::sabi_trait::TD_Opaque;
    use emberdeep_api::author::Adapter;
    use emberdeep_api::{MessageKind, MonsterBrain, MonsterState, PluginResult, Rgba, StatusEffect};

    use crate::data::records::check::load_records;
    use crate::plugins::entry::Entry;
    use crate::plugins::registry::{LoadedPlugin, StatusKind};
    use crate::world::creature::StatusOn;

    struct Idle;

    impl MonsterBrain for Idle {
        fn act(&self, _ctx: &mut emberdeep_api::Ctx<'_>, _me: EntityId) -> PluginResult<()> {
            Ok(())
        }
    }

    /// Plugins with the brain `idle`, the status `frozen`, and a plugin
    /// `wands` that keeps `charges` from 0 to 1000; records with a sword
    /// (it does not stack), a potion (it does) and a rat.
    fn loaded() -> (Rc<Plugins>, Rc<Records>) {
        let mut plugins = Plugins::default();
        let brain = MonsterBrainAbi_TO::from_value(Adapter(Idle), TD_Opaque);
        plugins.brains.insert("idle".into(), Entry::new("test", brain));
        let decl = StatusDecl {
            label: "Frozen".into(),
            mark: '*' as u32,
            color: Rgba::rgb(1, 2, 3),
            effect: StatusEffect::Marks,
        };
        let code = Entry::new("test", StatusAbi_TO::from_value(Adapter(()), TD_Opaque));
        plugins.statuses.insert("frozen".into(), StatusKind { decl, code });
        plugins.loaded.push(LoadedPlugin {
            player_level: None,
            events: None,
            sides: Vec::new(),
            standings: Vec::new(),
            name: "wands".into(),
            version: "0.1.0".into(),
            path: "libwands.so".into(),
            needs: Vec::new(),
            names: BTreeMap::new(),
            settings: Vec::new(),
            stored: vec![("charges".into(), 0, 1000)],
            api_version: "1.0.0".into(),
            description: String::new(),
            homepage: String::new(),
            origin: Default::default(),
            stored_kinds: Vec::new(),
        });
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("the host folder");
        let item = |id: &str, stacks: bool| {
            format!(
                "[[item]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"?\"\ncolor = [1, 2, 3]\ntile = \"{id}\"\n\
                 class = \"test\"\nstacks = {stacks}\nfloors = [1, 1]\n"
            )
        };
        let rat = "[[monster]]\nid = \"rat\"\nname = \"rat\"\nglyph = \"r\"\ncolor = [1, 2, 3]\ntile = \"rat\"\n\
                   floors = [1, 1]\nhp = 3\ndamage = [1, 2]\nsight = 5\nbrain = \"idle\"\n";
        let text = format!("{}\n{}\n{rat}", item("sword", false), item("potion", true));
        std::fs::write(dir.path().join("host/things.toml"), text).expect("the records");
        let records = load_records(dir.path(), &plugins.registered()).expect("the records read");
        (Rc::new(plugins), Rc::new(records))
    }

    /// A game on a 10x6 floor (a wall at 0,0, a closed door at 3,3): the
    /// player at 2,2, a frozen rat at 6,3, three potions at 4,4, a sword
    /// with charges in the pack, a log, stored values, kills and a killer.
    fn game() -> Game {
        let (plugins, records) = loaded();
        let mut map = Map::new_filled(10, 6, Tile::Floor);
        map.set_tile(Point::new(0, 0), Tile::Wall);
        map.set_tile(Point::new(3, 3), Tile::DoorClosed);
        let mut game = Game::blank(7, map, Point::new(2, 2), plugins, records.clone(), Trace::console());
        let mut rat = Creature::monster(EntityId(1), &records.monsters["rat"], Point::new(6, 3), MonsterState::Hunting);
        rat.statuses.push(StatusOn { name: "frozen".into(), turns: 3 });
        rat.goal = Some(Point::new(2, 2));
        game.creatures.insert(EntityId(1), rat);
        game.next_id = 2;
        game.items.push(FloorItem { kind: "potion".into(), count: 3, pos: Point::new(4, 4), id: ItemId(1) });
        game.pack.add("sword", 1, false, ItemId(2));
        game.next_item_id = 2;
        game.turn = 41;
        game.floor = 3;
        game.rng.range(1, 100);
        game.log.add("The rat bites you.", MessageKind::Danger);
        game.log.add("The rat bites you.", MessageKind::Danger);
        game.store.insert((EntityId::PLAYER, "charges".into()), 4);
        game.store_text.insert((EntityId(1), "hand".into()), "teeth".into());
        game.item_store.insert((ItemId(2), "charges".into()), 9);
        game.item_text.insert((ItemId(2), "name".into()), "Biter".into());
        game.kills.insert("jackal".into(), 2);
        game.killer = Some("a rat".into());
        game.update_sight();
        game
    }

    fn restored(parts: RestoreParts) -> Result<Game, RestoreError> {
        let (plugins, records) = loaded();
        Game::restore(parts, plugins, records, Trace::console())
    }

    #[test]
    fn what_made_the_floor_is_kept_and_a_maker_nobody_has_is_refused() {
        let mut parts = game().parts();
        assert_eq!(parts.generator, Some(Generator::new("host", "scenario")));
        parts.generator = Some(Generator::new("host", "rooms"));
        let Ok(back) = restored(parts.clone()) else { panic!("the host's rooms restore") };
        assert_eq!(back.generator(), &Generator::new("host", "rooms"));
        // A save from before 1.6 says nothing: no generator claims floor 3, so the host's rooms.
        parts.generator = None;
        let Ok(back) = restored(parts.clone()) else { panic!("an older save restores") };
        assert_eq!(back.generator(), &Generator::new("host", "rooms"));
        parts.generator = Some(Generator::new("caves", "caves"));
        let refused = restored(parts).err().map(|e| e.to_string());
        assert_eq!(
            refused.as_deref(),
            Some("a floor made by the generator 'caves' of 'caves', which no loaded plugin has")
        );
    }

    #[test]
    fn parts_restore_to_the_game_they_came_from() {
        let game = game();
        assert_eq!(game.check(), Ok(()), "the game keeps the rules");
        let parts = game.parts();
        let Ok(back) = restored(parts.clone()) else { panic!("the parts restore") };
        assert_eq!(back.parts(), parts, "every part as it was");
        assert!(back.fov.visible_points().eq(game.fov.visible_points()), "and the player sees what it saw");
        assert_eq!(back.check(), Ok(()));
    }

    #[test]
    fn items_without_an_id_are_given_the_next_ones() {
        let mut parts = game().parts();
        parts.items[0].id = ItemId(0);
        parts.item_store.clear();
        parts.item_text.clear();
        if let Some(sword) = parts.pack[0].as_mut() {
            sword.id = ItemId(0);
        }
        let Ok(back) = restored(parts) else { panic!("the parts restore") };
        assert_eq!(back.items[0].id, ItemId(3), "the floor's first");
        assert_eq!(back.pack.get(0).map(|i| i.id), Some(ItemId(4)), "then the pack's");
        assert_eq!(back.next_item_id, 4, "and the last one handed out counts them");
    }

    #[test]
    fn parts_that_break_a_rule_are_refused_by_name() {
        type Change = Box<dyn Fn(&mut RestoreParts)>;
        // The creatures in id order: the player, then the rat.
        const RAT: usize = 1;
        let cases: Vec<(Change, &str)> = vec![
            (Box::new(|p| p.map.width = 0), "a map of 0x6"),
            (Box::new(|p| p.map.height = 1001), "a map of 10x1001"),
            (
                Box::new(|p| {
                    p.map.tiles.pop();
                }),
                "a map of 10x6 with 59 tiles and 60 remembered cells",
            ),
            (
                Box::new(|p| {
                    let mut twin = p.creatures[0].clone();
                    twin.pos = Point::new(3, 1);
                    p.creatures.push(twin);
                }),
                "2 players in it, not one",
            ),
            (
                Box::new(|p| {
                    p.creatures.remove(0);
                }),
                "0 players in it, not one",
            ),
            (Box::new(|p| p.next_id = 0), "a next id of 0, not from 1 to 1000000"),
            (Box::new(|p| p.floor = 0), "floor 0, not from 1 to 1000"),
            (Box::new(|p| p.floor = 1001), "floor 1001, not from 1 to 1000"),
            (Box::new(|p| p.turn = 4_294_967_296), "turn 4294967296, past the last a run may play (4294967295)"),
            (Box::new(|p| p.turn = u64::MAX), "turn 18446744073709551615, past the last a run may play (4294967295)"),
            (Box::new(|p| p.next_item_id = 100_000_001), "a last item id of 100000001, above 100000000"),
            (Box::new(|p| p.creatures[RAT].id = EntityId(2)), "creature #2 at or above the next id 2"),
            (
                Box::new(|p| {
                    let mut twin = p.creatures[RAT].clone();
                    twin.pos = Point::new(7, 3);
                    p.creatures.push(twin);
                }),
                "two creatures with the id #1",
            ),
            (Box::new(|p| p.creatures[RAT].pos = Point::new(2, 2)), "two creatures on the cell 2,2"),
            (Box::new(|p| p.creatures[RAT].kind = "dragon".into()), "a monster 'dragon' that no loaded plugin has"),
            (
                Box::new(|p| p.creatures[0].brain = Some("idle".into())),
                "a player that is not the player (another kind, or a brain)",
            ),
            (
                Box::new(|p| p.creatures[0].kind = "rat".into()),
                "a player that is not the player (another kind, or a brain)",
            ),
            (
                Box::new(|p| p.creatures[RAT].brain = Some("telepathy".into())),
                "rat#1 thinks with the brain 'telepathy', which no loaded plugin has",
            ),
            (Box::new(|p| p.creatures[RAT].brain = None), "rat#1 has no brain"),
            (Box::new(|p| p.creatures[RAT].pos = Point::new(40, 1)), "rat#1 stands off the map"),
            (Box::new(|p| p.creatures[RAT].pos = Point::new(0, 0)), "rat#1 stands inside a wall at 0,0"),
            (Box::new(|p| p.creatures[RAT].pos = Point::new(3, 3)), "rat#1 stands inside a wall at 3,3"),
            (
                Box::new(|p| p.creatures[0].hp = 0),
                "the player with health 0/30, not from 1 to its most (at most 1000000)",
            ),
            (
                Box::new(|p| p.creatures[RAT].hp = 50),
                "rat#1 with health 50/3, not from 1 to its most (at most 1000000)",
            ),
            (
                Box::new(|p| p.creatures[0].max_hp = 1_000_001),
                "the player with health 30/1000001, not from 1 to its most (at most 1000000)",
            ),
            (
                Box::new(|p| p.creatures[RAT].damage = emberdeep_api::Damage::new(3, 2)),
                "rat#1 with a blow of 3-2 and defense 0",
            ),
            (
                Box::new(|p| p.creatures[RAT].damage = emberdeep_api::Damage::new(-1, 2)),
                "rat#1 with a blow of -1-2 and defense 0",
            ),
            (Box::new(|p| p.creatures[RAT].defense = 1_000_001), "rat#1 with a blow of 1-2 and defense 1000001"),
            (Box::new(|p| p.creatures[RAT].sight = 31), "rat#1 with a sight of 31"),
            (Box::new(|p| p.creatures[RAT].goal = Some(Point::new(-1, 0))), "rat#1 heading off the map"),
            (
                Box::new(|p| {
                    p.creatures[RAT].statuses = vec![StatusOn { name: "frozen".into(), turns: 1 }; 33];
                }),
                "rat#1 bearing 33 statuses, more than 32",
            ),
            (
                Box::new(|p| {
                    p.creatures[RAT].statuses[0].name = "petrified".into();
                }),
                "rat#1 bearing the status 'petrified', which no loaded plugin registers",
            ),
            (
                Box::new(|p| {
                    p.creatures[RAT].statuses[0].turns = 0;
                }),
                "rat#1 bearing 'frozen' for 0 turns, not from 1 to 10000",
            ),
            (
                Box::new(|p| {
                    p.creatures[RAT].statuses.push(StatusOn { name: "frozen".into(), turns: 5 });
                }),
                "rat#1 bearing the status 'frozen' twice",
            ),
            (
                Box::new(|p| p.items[0].pos = Point::new(0, 0)),
                "potion lying at 0,0, which is not a floor cell of the map (nor a plugin's terrain)",
            ),
            (
                Box::new(|p| p.items[0].pos = Point::new(40, 1)),
                "potion lying at 40,1, which is not a floor cell of the map (nor a plugin's terrain)",
            ),
            (Box::new(|p| p.items[0].kind = "excalibur".into()), "an item 'excalibur' that no loaded plugin has"),
            (Box::new(|p| p.items[0].count = 0), "0 of potion in one place, not from 1 to 9999"),
            (Box::new(|p| p.items[0].count = 10_000), "10000 of potion in one place, not from 1 to 9999"),
            (Box::new(|p| p.pack.push(None)), "a pack of 27 slots, the game has 26"),
            (
                Box::new(|p| {
                    p.pack.pop();
                }),
                "a pack of 25 slots, the game has 26",
            ),
            (
                Box::new(|p| p.pack[1] = Some(PackItem { kind: "excalibur".into(), count: 1, id: ItemId(0) })),
                "an item 'excalibur' that no loaded plugin has",
            ),
            (Box::new(|p| p.pack[0].as_mut().unwrap().count = 2), "2 sword in one pack slot, which do not stack"),
            (Box::new(|p| p.items[0].id = ItemId(999)), "item #999 above the last item id 2"),
            (Box::new(|p| p.pack[0].as_mut().unwrap().id = ItemId(1)), "two items with the id #1"),
            (
                Box::new(|p| {
                    p.log = vec![Message { text: "hello".into(), kind: MessageKind::Info, count: 1 }; 2001];
                }),
                "2001 messages in its log, more than 2000",
            ),
            (
                Box::new(|p| {
                    p.store.insert((EntityId(77), "quiver".into()), 5);
                }),
                "a stored value 'quiver' for creature #77, which is not on the floor",
            ),
            (
                Box::new(|p| {
                    p.store_text.insert((EntityId(5), "hand".into()), "axe".into());
                }),
                "a stored value 'hand' for creature #5, which is not on the floor",
            ),
            (
                Box::new(|p| {
                    p.store.insert((EntityId::PLAYER, "charges".into()), -5);
                }),
                "a stored charges of -5 for creature #0, where wands keeps 0 to 1000",
            ),
            (
                Box::new(|p| {
                    p.kills.push(("jackal".into(), 1));
                }),
                "the kills of jackal given twice",
            ),
            (
                Box::new(|p| p.kills = vec![("bad\nname".into(), 1)]),
                "a kill of a kind named \"bad\\nname\", not a record id",
            ),
            (Box::new(|p| p.kills = vec![(String::new(), 1)]), "a kill of a kind named \"\", not a record id"),
            (
                Box::new(|p| p.kills = (0..1001).map(|i| (format!("kind{i}"), 1)).collect()),
                "kills of 1001 kinds, more than 1000",
            ),
            (
                Box::new(|p| {
                    p.item_store.insert((ItemId(55), "charges".into()), 3);
                }),
                "a value 'charges' stored on item #55, which is neither on the floor nor in the pack",
            ),
            (
                Box::new(|p| {
                    p.item_store.insert((ItemId(2), "charges".into()), 5000);
                }),
                "a stored charges of 5000 on item #2, where wands keeps 0 to 1000",
            ),
            (
                Box::new(|p| {
                    p.item_text.insert((ItemId(56), "name".into()), "x".into());
                }),
                "a value 'name' stored on item #56, which is neither on the floor nor in the pack",
            ),
            (
                Box::new(|p| {
                    p.item_text.insert((ItemId(1), "name".into()), "x".repeat(4097));
                }),
                "a text 'name' on item #1 longer than 4096 characters",
            ),
        ];
        let good = game().parts();
        for (change, wanted) in cases {
            let mut parts = good.clone();
            change(&mut parts);
            match restored(parts) {
                Ok(_) => panic!("restored, though it holds {wanted}"),
                Err(e) => assert_eq!(e.to_string(), wanted),
            }
        }
    }

    #[test]
    fn a_name_or_tile_no_plugin_could_give_is_refused_and_one_a_plugin_may_give_is_kept() {
        // The creatures in id order: the player, then the rat.
        const PLAYER: usize = 0;
        const RAT: usize = 1;
        let good = game().parts();
        type Change = Box<dyn Fn(&mut Creature)>;
        let cases: Vec<(usize, Change, &str)> = vec![
            (
                RAT,
                Box::new(|c| c.name = "r".repeat(5000)),
                "rat#1 with a look no plugin could give it: its name is longer than 40 characters",
            ),
            (
                RAT,
                Box::new(|c| c.look.tile = "t".repeat(5000).as_str().into()),
                "rat#1 with a look no plugin could give it: its tile 'tttttttttttttttttttttttttttttttttttttttt… (5000 \
                 characters)' is in no tile sheet and no record names it",
            ),
            (
                RAT,
                Box::new(|c| c.look.glyph = 0x7),
                "rat#1 with a look no plugin could give it: its glyph 0x7 is not a printable character",
            ),
            (
                PLAYER,
                Box::new(|c| c.plural = Some("rats".into())),
                "the player with a look no plugin could give it: no plugin gives the player a name",
            ),
        ];
        for (who, change, wanted) in cases {
            let mut parts = good.clone();
            change(&mut parts.creatures[who]);
            assert_eq!(restored(parts).err().map(|e| e.to_string()).as_deref(), Some(wanted));
        }
        let mut parts = good.clone();
        parts.creatures[RAT].name = "plague rat".into();
        assert!(restored(parts).is_ok(), "a name a plugin may give is kept");
    }

    #[test]
    fn a_live_game_is_held_to_the_same_rules() {
        let mut game = game();
        game.store.insert((EntityId(77), "quiver".into()), 5);
        assert_eq!(game.check(), Err(RestoreError::StoreForNobody { key: "quiver".into(), id: 77 }));
        let mut game = self::game();
        if let Some(mut rat) = game.creatures.get_mut(&EntityId(1)) {
            rat.defense = 2000;
        }
        assert_eq!(game.check(), Ok(()), "a defense a plugin may give is kept");
        game.floor = 1001;
        assert_eq!(game.check().map_err(|e| e.to_string()), Err("floor 1001, not from 1 to 1000".to_string()));
        let mut game = self::game();
        game.pack.add("sword", 1, false, ItemId(1));
        assert_eq!(game.check(), Err(RestoreError::TwoItemsWithId(1)));
    }
}
