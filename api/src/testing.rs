//! A small stand-in for the game, so a plugin's effects, brains, statuses
//! and hooks can be unit-tested without the host: [`TestGame`] keeps
//! creatures, a walled room, a pack, item records, the stores and statuses,
//! the items a plugin holds and the creatures carry, and records what the
//! plugin did (messages, attacks, noises, events, creatures removed or
//! placed, items laid down, the looks creatures were given and the
//! disguises they wear, and the item kinds marked unknown or made known
//! ([`TestGame::kinds_known`]), since 1.6).
//!
//! It is not the host: lines of fire are straight lines, paths are greedy
//! steps, and no monster acts on its own. Its dice are a fixed, seeded
//! sequence, so a test gives the same numbers on every run. As the host
//! does, it answers a setting the plugin declared with its default once it
//! knows the declarations ([`TestGame::with_settings_of`]). [`TestCanvas`]
//! stands in for the screen a [`View`](crate::View) draws on, and (since
//! 1.6) [`TestFloor`] for the floor a level feature or generator is lent.
//!
//! ```
//! use emberdeep_api::testing::TestGame;
//! use emberdeep_api::*;
//!
//! struct Heal;
//! impl ItemEffect for Heal {
//!     fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
//!         let healed = ctx.heal(item.user, item.param_or("amount", 8) as i32);
//!         ctx.message(&format!("You feel better ({healed})."), MessageKind::Good);
//!         Ok(UseOutcome::Consumed)
//!     }
//! }
//!
//! let mut game = TestGame::new(10, 5);
//! game.hurt_player(10);
//! let item = game.item_use("potion", &[("amount", 4)]);
//! let outcome = Heal.use_item(&mut game.ctx(), &item).unwrap();
//! assert_eq!(outcome, UseOutcome::Consumed);
//! assert_eq!(game.player().hp, 24);
//! assert_eq!(game.messages, ["You feel better (4)."]);
//! ```

use std::collections::{BTreeMap, BTreeSet};

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{ROption, RSlice, RStr, RString, RVec, Tuple2};

use crate::abi::{Canvas as CanvasAbi, Canvas_TO, GameCtx, GameCtx_TO, RawWorld, WorldCtx, WorldCtx_TO};
use crate::bridge::LogField;
use crate::ctx::{Canvas, Ctx};
use crate::error::PluginError;
use crate::looks::{CreatureLook, MonsterInfo};
use crate::plugin::Registrar;
use crate::types::{
    Attack, CreatureInfo, Damage, EntityId, ItemId, ItemInfo, ItemUse, Look, MessageKind, MonsterState, PackEntry,
    Param, PlacedItem, Point, Rgba, StatusInfo, DIRECTIONS,
};
use crate::types::{FloorCreature, Standing, MONSTERS_SIDE, PLAYER_SIDE};

/// A walled room with creatures in it, standing in for the game.
pub struct TestGame {
    /// Cells across (the outermost ring is wall).
    pub width: i32,
    /// Cells down.
    pub height: i32,
    /// The current turn.
    pub turn: u64,
    /// The floor.
    pub floor: u32,
    /// Everyone alive, the player first.
    pub creatures: Vec<CreatureInfo>,
    /// Brains by monster.
    pub brains: BTreeMap<EntityId, String>,
    /// The messages written, in order.
    pub messages: Vec<String>,
    /// The attacks applied, in order.
    pub attacks: Vec<Attack>,
    /// The noises made: where and how loud.
    pub noises: Vec<(Point, i32)>,
    /// The plugin's own trace events: name and fields.
    pub events: Vec<(String, Vec<LogField>)>,
    /// The `[settings]` the plugin's records give.
    pub settings: BTreeMap<String, i64>,
    /// The defaults of the settings the plugin declared, answered when
    /// `settings` leaves one out (see [`TestGame::with_settings_of`]).
    pub declared: BTreeMap<String, i64>,
    /// Per-creature numbers.
    pub store: BTreeMap<(EntityId, String), i64>,
    /// Per-creature texts.
    pub store_text: BTreeMap<(EntityId, String), String>,
    /// Per-item numbers.
    pub item_store: BTreeMap<(ItemId, String), i64>,
    /// Per-item texts.
    pub item_text: BTreeMap<(ItemId, String), String>,
    /// Statuses borne: creature, name, turns left, in the order they came.
    pub statuses: Vec<(EntityId, String, i32)>,
    /// The pack's slots.
    pub pack: Vec<Option<PackEntry>>,
    /// Item records by id.
    pub items: BTreeMap<String, ItemInfo>,
    /// Items laid on the floor: kind, count, where.
    pub floor_items: Vec<(String, u32, Point)>,
    /// The player's blow, as plugins would derive it (`None`: not derived).
    pub player_damage: Option<Damage>,
    /// Cells the player cannot see.
    pub hidden: BTreeSet<Point>,
    /// Sides by creature, where not the host's default (the player's for
    /// the player, the monsters' for the rest).
    pub sides: BTreeMap<EntityId, String>,
    /// Creatures taken out by [`Ctx::remove`](crate::Ctx::remove), in order.
    pub removed: Vec<EntityId>,
    /// Creatures put somewhere by [`Ctx::place`](crate::Ctx::place): who and where.
    pub placed: Vec<(EntityId, Point)>,
    /// Items the plugin holds: taken out of the pack with
    /// [`Ctx::pack_take`](crate::Ctx::pack_take) and not yet put back,
    /// laid down or given (the game forgets them when the player's action
    /// ends; this one keeps them until the test looks).
    pub held: Vec<PackEntry>,
    /// What each creature carries ([`Ctx::give`](crate::Ctx::give)), in
    /// the order given.
    pub carried: BTreeMap<EntityId, Vec<PackEntry>>,
    /// Items lying on the floor with their ids, in the order they came:
    /// laid as themselves by
    /// [`Ctx::place_existing`](crate::Ctx::place_existing), dropped by a
    /// creature that carried them and died or was removed, or made by
    /// [`Ctx::place_item`](crate::Ctx::place_item) or (since 1.6)
    /// [`Ctx::place_item_id`](crate::Ctx::place_item_id), which join a
    /// heap of their kind there if the kind stacks ([`TestGame::stacking`])
    /// and the heap stores nothing. [`Ctx::items_at`](crate::Ctx::items_at)
    /// reads them.
    pub laid: Vec<(PackEntry, Point)>,
    /// Terrain by cell, where not the room's own (`wall` round the edge,
    /// `floor` within); laid by [`Ctx::set_terrain`](crate::Ctx::set_terrain)
    /// or by the test. `wall` and `door_closed` stop a step (since 1.2).
    pub terrain: BTreeMap<Point, String>,
    /// Cells whose terrain is hidden from the player, not yet found
    /// ([`Ctx::terrain_hidden`](crate::Ctx::terrain_hidden)); see
    /// [`TestGame::lay_hidden`] (since 1.2).
    pub unfound: BTreeSet<Point>,
    /// The terrain changes made, in order: where, from, to, as the game
    /// traces `terrain` (since 1.2).
    pub terrain_changes: Vec<(Point, String, String)>,
    /// Cells whose hidden terrain the player found, in order
    /// ([`Ctx::reveal_terrain`](crate::Ctx::reveal_terrain)) (since 1.2).
    pub found: Vec<Point>,
    /// The yes/no questions asked with [`Ctx::ask`](crate::Ctx::ask):
    /// question and topic, in order (since 1.3).
    pub asked: Vec<(String, String)>,
    /// The falls to the next floor asked for, in order, each with its line
    /// ([`Ctx::descend`](crate::Ctx::descend)); `floor` goes up by one for
    /// each (since 1.3).
    pub descents: Vec<String>,
    // 1.3 (potions)
    /// Whether this is the deepest floor: nothing goes further down (since 1.3).
    pub deepest: bool,
    /// How many times the map was revealed
    /// ([`Ctx::reveal_map`](crate::Ctx::reveal_map)), which answers the
    /// room's cells the first time and none after (since 1.3).
    pub maps_revealed: u32,
    // 1.3 (identify)
    /// The run's seed `Ctx::run_seed` answers (0 unless set).
    pub run_seed: u64,
    // 1.6 (terrain by meaning, knowing the world)
    /// The traits of the plugins' terrain kinds the test knows of, by name
    /// ([`TestGame::with_terrain`]); the host's own kinds carry
    /// [`host_traits`](crate::terrain_traits::host_traits) (since 1.6).
    pub terrain_kinds: BTreeMap<String, Vec<String>>,
    /// The plugins loaded, for [`Ctx::plugin_loaded`](crate::Ctx::plugin_loaded)
    /// (none unless the test says; since 1.6).
    pub plugins: BTreeSet<String>,
    /// What made the floor: plugin and generator (`host`, `rooms` unless
    /// the test says; since 1.6).
    pub generator: (String, String),

    // 1.6 (items)
    /// The item kinds whose records stack: what
    /// [`Ctx::item_stacks`](crate::Ctx::item_stacks) answers for a kind of
    /// `items` (none unless the test says).
    pub stacking: BTreeSet<String>,

    // 1.6 (standings)
    /// How pairs of sides stand, where not hostile: each pair once, its
    /// two names in order ([`Ctx::set_standing`](crate::Ctx::set_standing)
    /// writes here; a test may too) (since 1.6).
    pub standings: BTreeMap<(String, String), Standing>,
    /// The peaceful creatures ([`Ctx::is_peaceful`](crate::Ctx::is_peaceful)):
    /// neutral to the player's side and those allied with it (since 1.6).
    pub peaceful: BTreeSet<EntityId>,

    // 1.6 (looks)
    /// Monster records by id, which [`Ctx::monster_info`](crate::Ctx::monster_info)
    /// answers; add one with [`TestGame::add_monster_record`] (since 1.6).
    pub monsters: BTreeMap<String, MonsterInfo>,
    /// The names and looks creatures were given over their records'
    /// ([`Ctx::spawn_as`](crate::Ctx::spawn_as), [`Ctx::set_look`](crate::Ctx::set_look)),
    /// by creature (since 1.6).
    pub looks: BTreeMap<EntityId, CreatureLook>,
    /// The tiles the tile sheets have: a look naming another is refused,
    /// as the host refuses it. Empty (the default): any tile will do (since 1.6).
    pub tiles: BTreeSet<String>,
    /// What each disguised creature shows as ([`Ctx::disguise`](crate::Ctx::disguise)),
    /// until revealed (since 1.6).
    pub disguises: BTreeMap<EntityId, String>,
    /// The creatures revealed, in order: by [`Ctx::reveal`](crate::Ctx::reveal)
    /// or by the host's rule ([`TestGame::step_player`]) (since 1.6).
    pub revealed: Vec<EntityId>,

    // 1.6 (known kinds)
    /// The item kinds a plugin spoke of, and whether the player knows each
    /// ([`Ctx::set_kind_known`](crate::Ctx::set_kind_known) writes here; a
    /// test may too): a kind of `items` not here is known (since 1.6).
    pub kinds_known: BTreeMap<String, bool>,

    // 1.7 (depths)
    /// The monster kinds whose records have the trait `flies`, and the
    /// statuses that lift their bearer: a creature of such a kind, or
    /// bearing such a status, flies ([`Ctx::flies`](crate::Ctx::flies))
    /// (none unless the test says; since 1.7).
    pub flying_kinds: BTreeSet<String>,
    /// The statuses that lift their bearer (see `flying_kinds`; since 1.7).
    pub flying_statuses: BTreeSet<String>,
    // 1.7 (fields)
    /// The field kinds the game knows ([`TestGame::with_field`]), each with
    /// the cells holding it and how much (since 1.7). `set_field` and
    /// `spread_field` write here, and write `field_set` / `field_spread`
    /// to `events` as the game traces them.
    pub fields: BTreeMap<String, BTreeMap<Point, i32>>,
    dice: u64,
    next_id: u32,
}

impl TestGame {
    /// A `width` by `height` room (walls round the edge) with the player,
    /// 30 health and a blow of 1-2, at (1, 1).
    pub fn new(width: i32, height: i32) -> TestGame {
        let player = creature(EntityId::PLAYER, "player", "you", Point::new(1, 1), 30, Damage::new(1, 2));
        TestGame {
            width: width.max(3),
            height: height.max(3),
            turn: 0,
            floor: 1,
            creatures: vec![player],
            brains: BTreeMap::new(),
            messages: Vec::new(),
            attacks: Vec::new(),
            noises: Vec::new(),
            events: Vec::new(),
            settings: BTreeMap::new(),
            declared: BTreeMap::new(),
            store: BTreeMap::new(),
            store_text: BTreeMap::new(),
            item_store: BTreeMap::new(),
            item_text: BTreeMap::new(),
            statuses: Vec::new(),
            pack: vec![None; 26],
            items: BTreeMap::new(),
            floor_items: Vec::new(),
            player_damage: None,
            hidden: BTreeSet::new(),
            sides: BTreeMap::new(),
            removed: Vec::new(),
            placed: Vec::new(),
            held: Vec::new(),
            carried: BTreeMap::new(),
            laid: Vec::new(),
            terrain: BTreeMap::new(),
            unfound: BTreeSet::new(),
            terrain_changes: Vec::new(),
            found: Vec::new(),
            asked: Vec::new(),
            descents: Vec::new(),
            deepest: false,
            maps_revealed: 0,
            run_seed: 0,
            terrain_kinds: BTreeMap::new(),
            plugins: BTreeSet::new(),
            generator: ("host".into(), "rooms".into()),

            stacking: BTreeSet::new(),

            standings: BTreeMap::new(),
            peaceful: BTreeSet::new(),

            monsters: BTreeMap::new(),
            looks: BTreeMap::new(),
            tiles: BTreeSet::new(),
            disguises: BTreeMap::new(),
            revealed: Vec::new(),

            kinds_known: BTreeMap::new(),

            flying_kinds: BTreeSet::new(),
            flying_statuses: BTreeSet::new(),
            fields: BTreeMap::new(),
            dice: 0x9e37_79b9_7f4a_7c15,
            next_id: 1,
        }
    }

    /// The same game, knowing the settings the plugin's `register` declares
    /// (it is run on a [`Registrar`] of its own): a setting the records
    /// (`settings`) leave out then reads as its declared default, as in the
    /// game.
    ///
    /// ```
    /// use emberdeep_api::testing::TestGame;
    /// use emberdeep_api::*;
    ///
    /// fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    ///     reg.setting("glow_turns", 5, 1, 100);
    ///     Ok(())
    /// }
    ///
    /// let mut game = TestGame::new(8, 8).with_settings_of(register);
    /// assert_eq!(game.ctx().setting_value("glow_turns"), 5);
    /// game.settings.insert("glow_turns".into(), 9);
    /// assert_eq!(game.ctx().setting_value("glow_turns"), 9);
    /// ```
    ///
    /// # Panics
    ///
    /// If `register` fails.
    pub fn with_settings_of(mut self, register: fn(&mut Registrar) -> Result<(), PluginError>) -> Self {
        let mut reg = Registrar::new("test", "0.0.0");
        if let Err(e) = register(&mut reg) {
            panic!("the plugin's register failed: {e}");
        }
        self.declared.extend(reg.settings().into_iter().map(|(name, default, ..)| (name, default)));
        self
    }

    /// The context a plugin's method receives, lent from this game.
    pub fn ctx(&mut self) -> Ctx<'_> {
        Ctx::new(GameCtx_TO::from_ptr(self, TD_Opaque))
    }

    /// Adds a monster of record `kind` at `at`, hunting, with `hp` health and
    /// a blow of `damage`, thinking with `brain`; returns its id.
    pub fn add_monster(&mut self, kind: &str, at: Point, hp: i32, damage: Damage, brain: &str) -> EntityId {
        let id = EntityId(self.next_id);
        self.next_id += 1;
        self.creatures.push(creature(id, kind, kind, at, hp, damage));
        self.brains.insert(id, brain.to_string());
        id
    }

    /// How sides `a` and `b` stand: allied with itself, else as
    /// [`TestGame::standings`] says, else hostile (since 1.6).
    pub fn standing_of(&self, a: &str, b: &str) -> Standing {
        if a == b {
            return Standing::Allied;
        }
        let key = if a <= b { (a.to_string(), b.to_string()) } else { (b.to_string(), a.to_string()) };
        self.standings.get(&key).copied().unwrap_or_default()
    }

    /// Creature `id`'s side.
    pub fn side(&self, id: EntityId) -> String {
        let default = if id.is_player() { PLAYER_SIDE } else { MONSTERS_SIDE };
        self.sides.get(&id).cloned().unwrap_or_else(|| default.to_string())
    }

    /// The player.
    pub fn player(&self) -> &CreatureInfo {
        &self.creatures[0]
    }

    /// A creature, if alive.
    pub fn get(&self, id: EntityId) -> Option<&CreatureInfo> {
        self.creatures.iter().find(|c| c.id == id)
    }

    /// Takes `amount` off the player's health.
    pub fn hurt_player(&mut self, amount: i32) {
        self.creatures[0].hp -= amount;
    }

    /// Adds an item record ([`item_record`]), so `item_info` and
    /// `pack_add` know it.
    pub fn add_item_record(&mut self, id: &str, name: &str, role: &str, params: &[(&str, i64)]) {
        self.items.insert(id.into(), item_record(id, name, role, params));
    }

    /// What an effect is told of an item of record `kind` with `params`,
    /// used by the player from pack slot 0, as item 1.
    pub fn item_use(&self, kind: &str, params: &[(&str, i64)]) -> ItemUse {
        ItemUse {
            user: EntityId::PLAYER,
            kind: kind.into(),
            name: kind.replace('_', " ").into(),
            params: params_of(params),
            slot: ROption::RSome(0),
            item: ROption::RSome(ItemId(1)),
        }
    }

    /// Lays terrain `name` at `at`, hidden from the player until found (a
    /// trap a floor was made with), as a scenario's `terrain NAME` does.
    pub fn lay_hidden(&mut self, at: Point, name: &str) {
        self.terrain.insert(at, name.into());
        self.unfound.insert(at);
    }

    /// The same game knowing a plugin's terrain kind `name` with `traits`
    /// (since 1.6): [`Ctx::terrain_has`](crate::Ctx::terrain_has) and
    /// [`Ctx::terrain_exists`](crate::Ctx::terrain_exists) answer by it.
    pub fn with_terrain(mut self, name: &str, traits: &[&str]) -> TestGame {
        self.terrain_kinds.insert(name.into(), traits.iter().map(|t| t.to_string()).collect());
        self
    }

    // 1.7 (fields)
    /// The same game knowing field kind `name` (as if a loaded plugin
    /// declared it), holding nothing yet (since 1.7).
    pub fn with_field(mut self, name: &str) -> TestGame {
        self.fields.entry(name.into()).or_default();
        self
    }

    /// The traits of terrain kind `name`, sorted; `None` if neither the
    /// host nor the test knows it.
    fn traits_of(&self, name: &str) -> Option<Vec<String>> {
        let mut traits: Vec<String> = match crate::terrain_traits::host_traits(name) {
            Some(host) => host.iter().map(|t| t.to_string()).collect(),
            None => self.terrain_kinds.get(name)?.clone(),
        };
        traits.sort();
        Some(traits)
    }

    // 1.6 (looks)

    /// Adds a monster record ([`monster_record`]), so `monster_info` knows it
    /// (since 1.6).
    pub fn add_monster_record(&mut self, info: MonsterInfo) {
        self.monsters.insert(info.id.to_string(), info);
    }

    /// The player steps to the free cell `to` next to it, and the host's
    /// rule drops the disguise of every creature next to where it stands
    /// then (or, if a disguised creature stands on `to`, the step into it
    /// drops that one's, and the player stays). Returns whether it moved
    /// (since 1.6).
    pub fn step_player(&mut self, to: Point) -> bool {
        let at = self.player().pos;
        if !at.is_adjacent(to) {
            return false;
        }
        let into = self.creatures.iter().find(|c| c.pos == to).map(|c| c.id);
        if let Some(id) = into.filter(|id| self.disguises.contains_key(id)) {
            self.drop_disguise(id);
            return false;
        }
        let moved = GameCtx::move_creature(self, EntityId::PLAYER, to);
        let here = self.player().pos;
        let near: Vec<EntityId> = self
            .creatures
            .iter()
            .filter(|c| c.pos.is_adjacent(here) && self.disguises.contains_key(&c.id))
            .map(|c| c.id)
            .collect();
        for id in near {
            self.drop_disguise(id);
        }
        moved
    }

    fn drop_disguise(&mut self, id: EntityId) -> bool {
        let dropped = self.disguises.remove(&id).is_some();
        if dropped {
            self.revealed.push(id);
        }
        dropped
    }

    /// Whether `look` would be refused, as the host refuses it.
    fn look_refused(&self, look: &CreatureLook) -> bool {
        let unknown_tile = look.tile_name().is_some_and(|t| !self.tiles.is_empty() && !self.tiles.contains(t));
        look.problem().is_some() || unknown_tile
    }

    /// Gives creature `i` the name `look` says, else its record's.
    fn name_by(&mut self, i: usize, look: &CreatureLook) {
        let kind = self.creatures[i].kind.to_string();
        let record = self.monsters.get(&kind).map_or(kind, |m| m.name.to_string());
        self.creatures[i].name = look.name().map_or(record, str::to_string).into();
    }

    fn inside(&self, p: Point) -> bool {
        p.x > 0 && p.y > 0 && p.x < self.width - 1 && p.y < self.height - 1
    }

    fn walkable(&self, p: Point) -> bool {
        self.inside(p) && !matches!(self.terrain.get(&p).map(String::as_str), Some("wall" | "door_closed"))
    }

    /// The terrain at `p` by name: the room's own where none was laid.
    fn terrain_name(&self, p: Point) -> String {
        match self.terrain.get(&p) {
            Some(name) if self.inside(p) => name.clone(),
            _ if self.inside(p) => "floor".into(),
            _ => "wall".into(),
        }
    }

    fn index(&self, id: EntityId) -> Option<usize> {
        self.creatures.iter().position(|c| c.id == id)
    }

    fn step(&self, id: EntityId, better: impl Fn(Point) -> i32) -> Option<Point> {
        let from = self.get(id)?.pos;
        let now = better(from);
        DIRECTIONS
            .iter()
            .map(|&(dx, dy)| from.offset(dx, dy))
            .filter(|&p| GameCtx::is_free(self, p))
            .map(|p| (better(p), p))
            .filter(|(score, _)| *score < now)
            .min_by_key(|(score, _)| *score)
            .map(|(_, p)| p)
    }

    /// Creature `id`, gone from `at`, leaves what it carried there.
    fn drop_carried(&mut self, id: EntityId, at: Point) {
        for item in self.carried.remove(&id).unwrap_or_default() {
            self.laid.push((item, at));
        }
    }

    /// The index in `held` of exactly `item`, as the game checks it.
    fn held_index(&self, item: &PackEntry) -> Option<usize> {
        self.held.iter().position(|h| h == item)
    }

    /// Lays `count` new items of `kind` on `at` (in `laid`): onto a heap of
    /// the kind lying there if it stacks and the heap stores nothing, else
    /// as a new item. Returns the id of what lies there.
    fn lay_new(&mut self, kind: &str, count: u32, at: Point) -> ItemId {
        if self.stacking.contains(kind) {
            let stored: BTreeSet<ItemId> =
                self.item_store.keys().chain(self.item_text.keys()).map(|(id, _)| *id).collect();
            let heap =
                self.laid.iter_mut().find(|(e, p)| *p == at && e.kind.as_str() == kind && !stored.contains(&e.item));
            if let Some((heap, _)) = heap {
                heap.count = heap.count.saturating_add(count);
                return heap.item;
            }
        }
        self.next_id += 1;
        let id = ItemId(self.next_id);
        self.laid.push((PackEntry { kind: kind.into(), count, item: id }, at));
        id
    }
}

fn creature(id: EntityId, kind: &str, name: &str, pos: Point, hp: i32, damage: Damage) -> CreatureInfo {
    CreatureInfo {
        id,
        kind: kind.into(),
        name: name.into(),
        trace_name: if id.is_player() { "player".into() } else { format!("{kind}#{}", id.0).into() },
        pos,
        hp,
        max_hp: hp,
        defense: 0,
        damage,
        sight: 8,
        state: MonsterState::Hunting,
    }
}

/// A monster record as [`Ctx::monster_info`](crate::Ctx::monster_info)
/// gives it (since 1.6): record `id`, called `name` (plural: with an `s`),
/// drawn as `glyph` (grey, tile `monster_ID`), with `hp` health and a blow
/// of `damage`, defense 0, sight 8, on the monsters' side, thinking with
/// `melee`. Change what matters with struct update syntax.
///
/// ```
/// use emberdeep_api::testing::monster_record;
/// use emberdeep_api::{Damage, MonsterInfo};
///
/// let goblin = MonsterInfo { defense: 1, ..monster_record("goblin", "goblin", 'g', 8, Damage::new(1, 4)) };
/// assert_eq!((goblin.plural.as_str(), goblin.glyph(), goblin.defense), ("goblins", 'g', 1));
/// ```
pub fn monster_record(id: &str, name: &str, glyph: char, hp: i32, damage: Damage) -> MonsterInfo {
    MonsterInfo {
        id: id.into(),
        name: name.into(),
        plural: format!("{name}s").into(),
        look: Look::new(glyph, Rgba::rgb(180, 180, 180), &format!("monster_{id}")),
        hp,
        damage,
        defense: 0,
        sight: 8,
        side: MONSTERS_SIDE.into(),
        brain: "melee".into(),
    }
}

/// An item record as [`Ctx::item_info`](crate::Ctx::item_info) gives it,
/// for tests of what reads one: record `id`, called `name` (plural: with an
/// `s`; article: `a`, or `an` before a vowel), of role `role`, class `test`,
/// with `params`. Change what matters with struct update syntax:
///
/// ```
/// use emberdeep_api::testing::item_record;
/// use emberdeep_api::ItemInfo;
///
/// let plate = ItemInfo { article: "".into(), ..item_record("plate_armor", "plate armor", "armor", &[("defense", 5)]) };
/// assert_eq!((plate.with_article(), plate.param("defense")), ("plate armor".to_string(), Some(5)));
/// ```
pub fn item_record(id: &str, name: &str, role: &str, params: &[(&str, i64)]) -> ItemInfo {
    ItemInfo {
        id: id.into(),
        name: name.into(),
        plural: format!("{name}s").into(),
        article: if "aeiou".contains(name.chars().next().unwrap_or('x')) { "an" } else { "a" }.into(),
        class: "test".into(),
        role: role.into(),
        params: params_of(params),
        look: Look { glyph: '?' as u32, color: Rgba::rgb(200, 200, 200), tile: "scroll".into() },
    }
}

fn params_of(params: &[(&str, i64)]) -> RVec<Param> {
    let mut v: Vec<Param> = params.iter().map(|(n, v)| Param { name: (*n).into(), value: *v }).collect();
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v.into()
}

fn opt<T>(o: Option<T>) -> ROption<T> {
    o.into()
}

/// A whole number in `min..=max` from `dice`, a xorshift64* stream: the
/// same numbers on every run (the stand-in game's and floor's dice).
fn roll_dice(dice: &mut u64, min: i32, max: i32) -> i32 {
    *dice ^= *dice >> 12;
    *dice ^= *dice << 25;
    *dice ^= *dice >> 27;
    let r = dice.wrapping_mul(0x2545_f491_4f6c_dd1d);
    if max <= min {
        return min;
    }
    min + (r % (max - min + 1) as u64) as i32
}

impl GameCtx for TestGame {
    fn roll(&mut self, min: i32, max: i32) -> i32 {
        roll_dice(&mut self.dice, min, max)
    }
    fn turn(&self) -> u64 {
        self.turn
    }
    fn floor(&self) -> u32 {
        self.floor
    }
    fn creature(&mut self, id: EntityId) -> ROption<CreatureInfo> {
        opt(self.get(id).cloned())
    }
    fn creature_at(&self, p: Point) -> ROption<EntityId> {
        opt(self.creatures.iter().find(|c| c.pos == p).map(|c| c.id))
    }
    fn monsters_in_view(&self) -> RVec<EntityId> {
        let me = self.player().pos;
        let mut seen: Vec<&CreatureInfo> =
            self.creatures.iter().filter(|c| !c.id.is_player() && !self.hidden.contains(&c.pos)).collect();
        // A disguised creature passes for what it shows (since 1.6).
        seen.retain(|c| !self.disguises.contains_key(&c.id));
        seen.sort_by_key(|c| (c.pos.steps_to(me), c.pos.y, c.pos.x));
        seen.into_iter().map(|c| c.id).collect()
    }
    fn sees_player(&self, id: EntityId) -> bool {
        self.get(id).is_some_and(|c| !self.hidden.contains(&c.pos) && c.pos.steps_to(self.player().pos) <= c.sight)
    }
    fn is_visible(&self, p: Point) -> bool {
        !self.hidden.contains(&p)
    }
    fn is_walkable(&self, p: Point) -> bool {
        self.walkable(p)
    }
    fn is_free(&self, p: Point) -> bool {
        self.walkable(p) && self.creatures.iter().all(|c| c.pos != p)
    }
    fn line_of_fire(&self, from: Point, toward: Point, range: i32) -> RVec<Point> {
        let (dx, dy) = (toward.x - from.x, toward.y - from.y);
        let steps = dx.abs().max(dy.abs()).max(1);
        let mut line = Vec::new();
        for i in 1..=range.max(0) {
            let p = Point::new(
                from.x + (dx * i + steps / 2 * dx.signum()) / steps,
                from.y + (dy * i + steps / 2 * dy.signum()) / steps,
            );
            if !self.walkable(p) {
                break;
            }
            line.push(p);
        }
        line.into()
    }
    fn step_toward(&mut self, id: EntityId, goal: Point) -> ROption<Point> {
        opt(self.step(id, |p| p.steps_to(goal)))
    }
    fn step_away(&mut self, id: EntityId, threat: Point) -> ROption<Point> {
        opt(self.step(id, |p| -p.steps_to(threat)))
    }
    fn hunt_goal(&self, _id: EntityId) -> ROption<Point> {
        ROption::RNone
    }
    fn move_creature(&mut self, id: EntityId, to: Point) -> bool {
        let Some(i) = self.index(id) else { return false };
        if !self.creatures[i].pos.is_adjacent(to) || !GameCtx::is_free(self, to) {
            return false;
        }
        self.creatures[i].pos = to;
        true
    }
    fn attack(&mut self, attack: Attack) -> bool {
        // The host's rule (since 1.6): a fight drops both sides' disguises.
        self.drop_disguise(attack.attacker);
        self.drop_disguise(attack.target);
        let died = match self.index(attack.target) {
            Some(i) if attack.hit => {
                self.creatures[i].hp -= attack.damage.max(0);
                self.creatures[i].hp <= 0
            }
            _ => false,
        };
        if died && !attack.target.is_player() {
            let at = self.get(attack.target).map(|c| c.pos);
            self.creatures.retain(|c| c.id != attack.target);
            self.statuses.retain(|(id, _, _)| *id != attack.target);
            self.looks.remove(&attack.target);
            if let Some(at) = at {
                self.drop_carried(attack.target, at);
            }
        }
        self.attacks.push(attack);
        died
    }
    fn heal(&mut self, id: EntityId, amount: i32) -> i32 {
        let Some(i) = self.index(id) else { return 0 };
        let c = &mut self.creatures[i];
        let healed = amount.clamp(0, c.max_hp - c.hp);
        c.hp += healed;
        healed
    }
    fn set_state(&mut self, id: EntityId, state: MonsterState) {
        if let Some(i) = self.index(id) {
            self.creatures[i].state = state;
        }
    }
    fn noise(&mut self, at: Point, loudness: i32) {
        self.noises.push((at, loudness));
    }
    fn message(&mut self, text: RStr<'_>, _kind: MessageKind) {
        self.messages.push(text.into());
    }
    fn store_get(&self, id: EntityId, key: RStr<'_>) -> ROption<i64> {
        opt(self.store.get(&(id, key.into())).copied())
    }
    fn store_set(&mut self, id: EntityId, key: RStr<'_>, value: i64) {
        self.store.insert((id, key.into()), value);
    }
    fn store_remove(&mut self, id: EntityId, key: RStr<'_>) {
        self.store.remove(&(id, key.into()));
        self.store_text.remove(&(id, key.into()));
    }
    fn setting(&self, key: RStr<'_>) -> ROption<i64> {
        let key = key.as_str();
        opt(self.settings.get(key).or_else(|| self.declared.get(key)).copied())
    }
    fn store_get_text(&self, id: EntityId, key: RStr<'_>) -> ROption<RString> {
        opt(self.store_text.get(&(id, key.into())).map(|t| t.as_str().into()))
    }
    fn store_set_text(&mut self, id: EntityId, key: RStr<'_>, value: RStr<'_>) {
        self.store_text.insert((id, key.into()), value.into());
    }
    fn pack_item(&self, slot: u32) -> ROption<PackEntry> {
        opt(self.pack.get(slot as usize).cloned().flatten())
    }
    fn pack_take(&mut self, slot: u32, count: u32) -> ROption<PackEntry> {
        let Some(Some(entry)) = self.pack.get_mut(slot as usize) else { return ROption::RNone };
        let taken = count.min(entry.count);
        entry.count -= taken;
        let mut out = PackEntry { kind: entry.kind.clone(), count: taken, item: entry.item };
        if entry.count == 0 {
            self.pack[slot as usize] = None;
        } else {
            // Part of a stack is an item of its own, as in the game.
            self.next_id += 1;
            out.item = ItemId(self.next_id);
        }
        self.held.push(out.clone());
        ROption::RSome(out)
    }
    fn pack_add(&mut self, kind: RStr<'_>, count: u32) -> ROption<u32> {
        if !self.items.contains_key(kind.as_str()) {
            return ROption::RNone;
        }
        let Some(slot) = self.pack.iter().position(Option::is_none) else { return ROption::RNone };
        self.next_id += 1;
        self.pack[slot] = Some(PackEntry { kind: kind.into(), count, item: ItemId(self.next_id) });
        ROption::RSome(slot as u32)
    }
    fn item_info(&self, kind: RStr<'_>) -> ROption<ItemInfo> {
        opt(self.items.get(kind.as_str()).cloned())
    }
    fn player_damage(&mut self) -> ROption<Damage> {
        opt(self.player_damage)
    }
    fn place_item(&mut self, kind: RStr<'_>, count: u32, at: Point) -> ROption<Point> {
        if !self.walkable(at) {
            return ROption::RNone;
        }
        self.floor_items.push((kind.into(), count, at));
        self.lay_new(kind.as_str(), count, at);
        ROption::RSome(at)
    }
    fn try_ranged(&mut self, _me: EntityId) -> bool {
        false
    }
    fn burst(&self, center: Point, radius: i32) -> RVec<Point> {
        let mut cells = Vec::new();
        for y in center.y - radius..=center.y + radius {
            for x in center.x - radius..=center.x + radius {
                if self.walkable(Point::new(x, y)) {
                    cells.push(Point::new(x, y));
                }
            }
        }
        cells.into()
    }
    fn animate(&mut self, _missile: Look, _path: RSlice<'_, Point>, _burst: RSlice<'_, Point>) {}
    fn brain_of(&self, id: EntityId) -> ROption<RString> {
        opt(self.brains.get(&id).map(|b| b.as_str().into()))
    }
    fn set_brain(&mut self, id: EntityId, brain: RStr<'_>) -> bool {
        self.brains.insert(id, brain.into()).is_some()
    }
    fn event(&mut self, name: RStr<'_>, fields: RVec<LogField>) {
        self.events.push((name.into(), fields.into_vec()));
    }
    fn add_status(&mut self, id: EntityId, name: RStr<'_>, turns: i32) -> bool {
        if self.index(id).is_none() {
            return false;
        }
        match self.statuses.iter_mut().find(|(who, n, _)| *who == id && n == name.as_str()) {
            Some(s) => s.2 = turns.max(1),
            None => self.statuses.push((id, name.into(), turns.max(1))),
        }
        true
    }
    fn remove_status(&mut self, id: EntityId, name: RStr<'_>) -> bool {
        let before = self.statuses.len();
        self.statuses.retain(|(who, n, _)| !(*who == id && n == name.as_str()));
        self.statuses.len() != before
    }
    fn statuses(&self, id: EntityId) -> RVec<StatusInfo> {
        self.statuses
            .iter()
            .filter(|(who, _, _)| *who == id)
            .map(|(_, name, turns)| StatusInfo {
                name: name.as_str().into(),
                label: name.as_str().into(),
                mark: '*' as u32,
                color: Rgba::rgb(255, 255, 255),
                turns: *turns,
                plugin: "test".into(),
            })
            .collect()
    }
    fn run_brain(&mut self, _id: EntityId, _brain: RStr<'_>) -> bool {
        // No brains are registered in the stand-in: the caller's fallback runs.
        false
    }
    fn wander(&mut self, id: EntityId) -> bool {
        let Some(from) = self.get(id).map(|c| c.pos) else { return false };
        let (dx, dy) = DIRECTIONS[GameCtx::roll(self, 0, 7) as usize];
        GameCtx::move_creature(self, id, from.offset(dx, dy))
    }
    fn set_max_hp(&mut self, id: EntityId, max_hp: i32) -> bool {
        let Some(i) = self.index(id) else { return false };
        let c = &mut self.creatures[i];
        c.max_hp = max_hp.max(1);
        c.hp = c.hp.min(c.max_hp);
        true
    }
    fn set_base_damage(&mut self, id: EntityId, damage: Damage) -> bool {
        let Some(i) = self.index(id) else { return false };
        self.creatures[i].damage = damage;
        true
    }
    fn set_base_defense(&mut self, id: EntityId, defense: i32) -> bool {
        let Some(i) = self.index(id) else { return false };
        self.creatures[i].defense = defense.max(0);
        true
    }
    fn base_numbers(&self, id: EntityId) -> ROption<CreatureInfo> {
        opt(self.get(id).cloned())
    }
    fn item_get(&self, item: ItemId, key: RStr<'_>) -> ROption<i64> {
        opt(self.item_store.get(&(item, key.into())).copied())
    }
    fn item_set(&mut self, item: ItemId, key: RStr<'_>, value: i64) -> bool {
        self.item_store.insert((item, key.into()), value);
        true
    }
    fn item_get_text(&self, item: ItemId, key: RStr<'_>) -> ROption<RString> {
        opt(self.item_text.get(&(item, key.into())).map(|t| t.as_str().into()))
    }
    fn item_set_text(&mut self, item: ItemId, key: RStr<'_>, value: RStr<'_>) -> bool {
        self.item_text.insert((item, key.into()), value.into());
        true
    }
    fn item_remove(&mut self, item: ItemId, key: RStr<'_>) {
        self.item_store.remove(&(item, key.into()));
        self.item_text.remove(&(item, key.into()));
    }

    fn world(&mut self) -> ROption<RawWorld<'_>> {
        ROption::RSome(WorldCtx_TO::from_ptr(self, TD_Opaque))
    }

    fn held_items(&self) -> RVec<PackEntry> {
        self.held.iter().cloned().collect()
    }

    /// Lays a held item on `at` if it is open floor (no neighbour is tried).
    fn place_existing(&mut self, item: PackEntry, at: Point) -> ROption<Point> {
        let Some(i) = self.held_index(&item) else { return ROption::RNone };
        if !self.walkable(at) {
            return ROption::RNone;
        }
        self.laid.push((self.held.remove(i), at));
        ROption::RSome(at)
    }

    fn pack_put(&mut self, item: PackEntry) -> ROption<u32> {
        let Some(i) = self.held_index(&item) else { return ROption::RNone };
        let Some(slot) = self.pack.iter().position(Option::is_none) else { return ROption::RNone };
        self.pack[slot] = Some(self.held.remove(i));
        ROption::RSome(slot as u32)
    }

    fn give(&mut self, to: EntityId, item: PackEntry) -> bool {
        let Some(i) = self.held_index(&item) else { return false };
        if to.is_player() || self.index(to).is_none() {
            return false;
        }
        let item = self.held.remove(i);
        self.carried.entry(to).or_default().push(item);
        true
    }

    fn carried(&self, id: EntityId) -> RVec<PackEntry> {
        self.carried.get(&id).map_or_else(RVec::new, |items| items.iter().cloned().collect())
    }
}

impl WorldCtx for TestGame {
    /// A monster of any kind (10 health, a blow of 1-2, the `melee` brain)
    /// on a free cell.
    fn spawn(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>) -> ROption<EntityId> {
        if !GameCtx::is_free(self, at) {
            return ROption::RNone;
        }
        let id = self.add_monster(kind.as_str(), at, 10, Damage::new(1, 2), "melee");
        if !side.is_empty() {
            self.sides.insert(id, side.to_string());
        }
        ROption::RSome(id)
    }

    fn remove(&mut self, id: EntityId) -> bool {
        if id.is_player() || self.index(id).is_none() {
            return false;
        }
        let at = self.get(id).map_or(Point::new(0, 0), |c| c.pos);
        self.creatures.retain(|c| c.id != id);
        self.statuses.retain(|(who, _, _)| *who != id);
        self.looks.remove(&id);
        self.disguises.remove(&id);
        self.removed.push(id);
        self.drop_carried(id, at);
        true
    }

    fn place(&mut self, id: EntityId, at: Point) -> bool {
        let Some(i) = self.index(id) else { return false };
        if !GameCtx::is_free(self, at) {
            return false;
        }
        self.creatures[i].pos = at;
        self.placed.push((id, at));
        true
    }

    fn map_size(&self) -> Point {
        Point::new(self.width, self.height)
    }

    fn floor_creatures(&mut self) -> RVec<FloorCreature> {
        let mut all: Vec<&CreatureInfo> = self.creatures.iter().collect();
        all.sort_by_key(|c| c.id);
        all.into_iter()
            .map(|c| FloorCreature {
                id: c.id,
                kind: c.kind.clone(),
                pos: c.pos,
                side: self.side(c.id).into(),
                seen: !self.hidden.contains(&c.pos),
            })
            .collect()
    }

    fn side_of(&self, id: EntityId) -> ROption<RString> {
        opt(self.get(id).map(|_| self.side(id).into()))
    }

    fn set_side(&mut self, id: EntityId, side: RStr<'_>) -> bool {
        if id.is_player() || self.index(id).is_none() || side.is_empty() {
            return false;
        }
        self.sides.insert(id, side.to_string());
        true
    }

    /// The nearest creature of another side within `id`'s sight (the room
    /// has no walls inside; hidden cells hide the player only).
    fn nearest_enemy(&mut self, id: EntityId) -> ROption<EntityId> {
        let Some(me) = self.get(id).cloned() else { return ROption::RNone };
        let seen = |c: &&CreatureInfo| {
            if c.id.is_player() {
                GameCtx::sees_player(self, id)
            } else {
                c.pos.steps_to(me.pos) <= me.sight
            }
        };
        let nearest = self
            .creatures
            .iter()
            .filter(|c| c.id != id && WorldCtx::are_enemies(self, id, c.id))
            .filter(seen)
            .min_by_key(|c| (c.pos.steps_to(me.pos), c.pos.y, c.pos.x));
        opt(nearest.map(|c| c.id))
    }

    /// Different sides, hostile to each other; a peaceful creature is
    /// nobody's enemy on the player's side or one allied with it (since 1.6).
    fn are_enemies(&self, a: EntityId, b: EntityId) -> bool {
        let (side_a, side_b) = (self.side(a), self.side(b));
        if side_a == side_b || self.get(a).is_none() || self.get(b).is_none() {
            return false;
        }
        let friendly = |side: &str| self.standing_of(side, PLAYER_SIDE) == Standing::Allied;
        if (self.peaceful.contains(&a) && friendly(&side_b)) || (self.peaceful.contains(&b) && friendly(&side_a)) {
            return false;
        }
        self.standing_of(&side_a, &side_b) == Standing::Hostile
    }

    fn terrain_at(&self, at: Point) -> RString {
        self.terrain_name(at).into()
    }

    /// Any name within the room's edge but over the stairs down (the game
    /// also refuses a name nobody registered, and terrain a creature there
    /// could not stand on: here, `wall` under a creature).
    fn set_terrain(&mut self, at: Point, name: RStr<'_>) -> bool {
        let occupied = self.creatures.iter().any(|c| c.pos == at);
        let over_stairs = self.terrain_name(at) == "stairs_down" && name != "stairs_down";
        if !self.inside(at) || name.is_empty() || (occupied && name == "wall") || over_stairs {
            return false;
        }
        let from = self.terrain_name(at);
        self.terrain.insert(at, name.to_string());
        self.unfound.remove(&at);
        self.terrain_changes.push((at, from, name.to_string()));
        true
    }

    fn terrain_hidden(&self, at: Point) -> bool {
        self.unfound.contains(&at)
    }

    fn reveal_terrain(&mut self, at: Point) -> bool {
        if !self.unfound.remove(&at) {
            return false;
        }
        self.found.push(at);
        true
    }

    // 1.3 (allies)
    fn ask(&mut self, question: RStr<'_>, topic: RStr<'_>) -> bool {
        if question.is_empty() || topic.len() > 64 {
            return false;
        }
        self.asked.push((question.to_string(), topic.to_string()));
        true
    }

    // 1.3 (terrain)
    fn descend(&mut self, why: RStr<'_>) -> bool {
        if self.deepest {
            return false;
        }
        self.descents.push(why.into());
        self.floor += 1;
        true
    }

    // 1.3 (identify)
    fn item_kinds(&self) -> RVec<RString> {
        self.items.keys().map(|k| RString::from(k.as_str())).collect()
    }
    fn run_seed(&self) -> u64 {
        self.run_seed
    }

    // 1.6 (standings)
    fn standing(&self, a: RStr<'_>, b: RStr<'_>) -> ROption<Standing> {
        if a.is_empty() || b.is_empty() {
            return ROption::RNone;
        }
        ROption::RSome(self.standing_of(a.as_str(), b.as_str()))
    }
    /// Any two different sides with names (the game also refuses a side
    /// no loaded plugin declared).
    fn set_standing(&mut self, a: RStr<'_>, b: RStr<'_>, standing: Standing) -> bool {
        if a.is_empty() || b.is_empty() || a == b {
            return false;
        }
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.standings.insert((a.to_string(), b.to_string()), standing);
        true
    }
    fn is_peaceful(&self, id: EntityId) -> bool {
        self.peaceful.contains(&id)
    }

    // 1.5
    fn position(&self, id: EntityId) -> ROption<ROption<Point>> {
        ROption::RSome(opt(self.get(id).map(|c| c.pos)))
    }
    fn item_shown(&mut self, kind: RStr<'_>, count: u32, item: ItemId) -> ROption<RString> {
        let _ = item;
        opt(self.items.get(kind.as_str()).map(|info| info.counted(count.max(1)).into()))
    }

    // 1.6 (terrain by meaning, knowing the world)
    fn terrain_has(&self, at: Point, name: RStr<'_>) -> ROption<bool> {
        let traits = self.traits_of(&self.terrain_name(at)).unwrap_or_default();
        ROption::RSome(traits.iter().any(|t| t == name.as_str()))
    }
    fn terrain_traits(&self, name: RStr<'_>) -> ROption<RVec<RString>> {
        let traits = self.traits_of(name.as_str()).unwrap_or_default();
        ROption::RSome(traits.into_iter().map(RString::from).collect())
    }
    fn terrain_exists(&self, name: RStr<'_>) -> ROption<bool> {
        ROption::RSome(self.traits_of(name.as_str()).is_some())
    }
    fn plugin_loaded(&self, name: RStr<'_>) -> ROption<bool> {
        ROption::RSome(self.plugins.contains(name.as_str()))
    }
    fn floor_generator(&self) -> ROption<Tuple2<RString, RString>> {
        ROption::RSome(Tuple2(self.generator.0.as_str().into(), self.generator.1.as_str().into()))
    }
    /// The player sees every cell not marked hidden; a monster, every cell
    /// within its sight (no walls block it here).
    fn sees(&self, who: EntityId, at: Point) -> ROption<bool> {
        ROption::RSome(match self.get(who) {
            Some(_) if who.is_player() => !self.hidden.contains(&at),
            Some(c) => c.pos.steps_to(at) <= c.sight,
            None => false,
        })
    }
    fn set_terrain_found(&mut self, at: Point, name: RStr<'_>) -> bool {
        let laid = WorldCtx::set_terrain(self, at, name);
        if laid {
            self.unfound.remove(&at);
        }
        laid
    }

    // 1.6 (items)
    /// As the game: a kind of `items`, a count from 1 to 9,999, open floor
    /// at `at` (no neighbour is tried); it joins a heap as
    /// [`TestGame::laid`] says, and is listed in `floor_items` too.
    fn place_item_id(&mut self, kind: RStr<'_>, count: u32, at: Point) -> ROption<PlacedItem> {
        if !self.items.contains_key(kind.as_str()) || !(1..=9_999).contains(&count) || !self.walkable(at) {
            return ROption::RNone;
        }
        self.floor_items.push((kind.into(), count, at));
        let item = self.lay_new(kind.as_str(), count, at);
        ROption::RSome(PlacedItem { item, at })
    }
    fn items_at(&self, at: Point) -> RVec<PackEntry> {
        self.laid.iter().filter(|(_, p)| *p == at).map(|(e, _)| e.clone()).collect()
    }
    fn item_stacks(&self, kind: RStr<'_>) -> ROption<bool> {
        opt(self.items.contains_key(kind.as_str()).then(|| self.stacking.contains(kind.as_str())))
    }

    // 1.6 (looks)
    /// [`WorldCtx::spawn`]'s monster with its own name and look; a look the
    /// host would refuse makes none.
    fn spawn_as(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>, look: &CreatureLook) -> ROption<EntityId> {
        if self.look_refused(look) {
            return ROption::RNone;
        }
        let made = WorldCtx::spawn(self, kind, at, side);
        if let ROption::RSome(id) = made {
            if let Some(i) = self.index(id) {
                self.name_by(i, look);
            }
            if !look.is_empty() {
                self.looks.insert(id, look.clone());
            }
        }
        made
    }
    fn set_look(&mut self, id: EntityId, look: &CreatureLook) -> bool {
        let Some(i) = self.index(id) else { return false };
        if id.is_player() || self.look_refused(look) {
            return false;
        }
        self.name_by(i, look);
        if look.is_empty() {
            self.looks.remove(&id);
        } else {
            self.looks.insert(id, look.clone());
        }
        true
    }
    fn monster_info(&self, kind: RStr<'_>) -> ROption<MonsterInfo> {
        opt(self.monsters.get(kind.as_str()).cloned())
    }
    /// A terrain of the host's, one in `terrain_kinds`, or an item record.
    fn disguise(&mut self, id: EntityId, as_kind: RStr<'_>) -> bool {
        let known = self.traits_of(as_kind.as_str()).is_some() || self.items.contains_key(as_kind.as_str());
        if id.is_player() || self.index(id).is_none() || !known {
            return false;
        }
        self.disguises.insert(id, as_kind.to_string());
        true
    }
    fn reveal(&mut self, id: EntityId) -> bool {
        self.drop_disguise(id)
    }
    fn disguised_as(&self, id: EntityId) -> ROption<RString> {
        opt(self.disguises.get(&id).map(|k| RString::from(k.as_str())))
    }

    // 1.6 (known kinds)
    fn kind_known(&self, kind: RStr<'_>) -> ROption<bool> {
        let known = self.items.contains_key(kind.as_str()).then(|| self.kinds_known.get(kind.as_str()) != Some(&false));
        opt(known)
    }
    /// Any kind of `items`; a change is written to `events` as the game
    /// traces it (`kind_known`, with `kind` and `known`).
    fn set_kind_known(&mut self, kind: RStr<'_>, known: bool) -> bool {
        if !self.items.contains_key(kind.as_str()) {
            return false;
        }
        let was = self.kinds_known.get(kind.as_str()) != Some(&false);
        self.kinds_known.insert(kind.to_string(), known);
        if was != known {
            let fields = vec![
                LogField { name: "kind".into(), value: kind.as_str().into() },
                LogField { name: "known".into(), value: known.into() },
            ];
            self.events.push(("kind_known".into(), fields));
        }
        true
    }
    fn unknown_kinds(&self) -> RVec<RString> {
        self.kinds_known.iter().filter(|(_, known)| !**known).map(|(k, _)| RString::from(k.as_str())).collect()
    }

    // 1.7 (names)
    /// "you"; "your NAME" for a creature on the player's side; else "the NAME".
    fn called(&self, id: EntityId) -> ROption<RString> {
        if id.is_player() {
            return ROption::RSome("you".into());
        }
        let Some(c) = self.get(id) else { return ROption::RNone };
        let own = if self.side(id) == PLAYER_SIDE { "your" } else { "the" };
        ROption::RSome(format!("{own} {}", c.name).into())
    }

    // 1.7 (depths)
    fn flies(&self, id: EntityId) -> ROption<bool> {
        let Some(c) = self.get(id) else { return ROption::RNone };
        let lifted = self.statuses.iter().any(|(who, name, _)| *who == id && self.flying_statuses.contains(name));
        ROption::RSome(self.flying_kinds.contains(c.kind.as_str()) || lifted)
    }

    // 1.7 (fields)
    fn field_at(&self, name: RStr<'_>, at: Point) -> ROption<i32> {
        opt(self.fields.get(name.as_str()).map(|cells| cells.get(&at).copied().unwrap_or(0)))
    }
    fn set_field(&mut self, name: RStr<'_>, at: Point, amount: i32) -> bool {
        let open = self.walkable(at);
        let Some(cells) = self.fields.get_mut(name.as_str()) else { return false };
        if !open {
            return false;
        }
        let amount = amount.clamp(0, crate::types::FIELD_MOST);
        let was = cells.get(&at).copied().unwrap_or(0);
        if amount == 0 {
            cells.remove(&at);
        } else {
            cells.insert(at, amount);
        }
        if was != amount {
            let fields = vec![
                LogField { name: "field".into(), value: name.as_str().into() },
                LogField { name: "x".into(), value: at.x.into() },
                LogField { name: "y".into(), value: at.y.into() },
                LogField { name: "amount".into(), value: amount.into() },
            ];
            self.events.push(("field_set".into(), fields));
        }
        true
    }
    fn add_field(&mut self, name: RStr<'_>, at: Point, delta: i32) -> ROption<i32> {
        let was = match self.field_at(name, at) {
            ROption::RSome(was) => was,
            ROption::RNone => return ROption::RNone,
        };
        let sum = was.saturating_add(delta).clamp(0, crate::types::FIELD_MOST);
        if self.set_field(name, at, sum) {
            ROption::RSome(sum)
        } else {
            ROption::RNone
        }
    }
    /// The game's own pass ([`crate::types::FieldSpread::apply`]) over the room.
    fn spread_field(&mut self, name: RStr<'_>, spread: &crate::types::FieldSpread) -> bool {
        if !spread.is_valid() || !self.fields.contains_key(name.as_str()) {
            return false;
        }
        let (w, h) = (self.width as usize, self.height as usize);
        let at = |i: usize| Point::new((i % w) as i32, (i / w) as i32);
        let open: Vec<bool> = (0..w * h).map(|i| self.walkable(at(i))).collect();
        let cells = self.fields.get_mut(name.as_str()).expect("known");
        if cells.is_empty() {
            return true;
        }
        let mut grid = vec![0; w * h];
        for (p, a) in cells.iter() {
            if p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h {
                grid[p.y as usize * w + p.x as usize] = *a;
            }
        }
        let (count, total) = spread.apply(&mut grid, &mut Vec::new(), w, &open);
        *cells = grid.iter().enumerate().filter(|(_, a)| **a > 0).map(|(i, a)| (at(i), *a)).collect();
        let fields = vec![
            LogField { name: "field".into(), value: name.as_str().into() },
            LogField { name: "cells".into(), value: (count as i64).into() },
            LogField { name: "total".into(), value: total.into() },
        ];
        self.events.push(("field_spread".into(), fields));
        true
    }
    fn field_cells(&self, name: RStr<'_>) -> RVec<crate::types::FieldCell> {
        let Some(cells) = self.fields.get(name.as_str()) else { return RVec::new() };
        let mut out: Vec<crate::types::FieldCell> =
            cells.iter().map(|(at, amount)| crate::types::FieldCell { at: *at, amount: *amount }).collect();
        out.sort_by_key(|c| (c.at.y, c.at.x));
        out.into()
    }

    // 1.3 (potions)
    fn reveal_map(&mut self) -> u32 {
        self.maps_revealed += 1;
        if self.maps_revealed == 1 {
            (self.width * self.height) as u32
        } else {
            0
        }
    }

    fn follow_player(&mut self, id: EntityId) -> bool {
        let target = self.player().pos;
        let Some(from) = self.get(id).map(|c| c.pos) else { return false };
        if id.is_player() || from.steps_to(target) <= 2 {
            return false;
        }
        match self.step(id, |p| p.steps_to(target)) {
            Some(to) => GameCtx::move_creature(self, id, to),
            None => false,
        }
    }
}

// 1.6 (items)

/// A floor being made, standing in for the game's, so a
/// [`LevelFeature`](crate::LevelFeature) or [`LevelGen`](crate::LevelGen)
/// can be unit-tested (since 1.6): it keeps the terrain laid, the start and
/// the stairs, and the monsters and items asked for, for the test to read.
/// Unlike the game it takes any terrain name and checks nothing; its dice
/// are a fixed sequence, as [`TestGame`]'s.
///
/// ```
/// use emberdeep_api::testing::TestFloor;
/// use emberdeep_api::*;
///
/// /// A coin on the start of every floor.
/// struct Welcome;
/// impl LevelFeature for Welcome {
///     fn shape(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
///         let start = floor.start().ok_or("no start")?;
///         floor.item("coin", 1, start);
///         Ok(())
///     }
/// }
///
/// let mut made = TestFloor::made(10, 6, Point::new(2, 2), Point::new(7, 3));
/// Welcome.shape(&mut made.floor(), 1).unwrap();
/// assert_eq!(made.items, [("coin".to_string(), 1, Point::new(2, 2))]);
/// ```
#[derive(Debug, Clone)]
pub struct TestFloor {
    /// Cells across.
    pub width: i32,
    /// Cells down.
    pub height: i32,
    /// Terrain by cell, where not `wall`.
    pub terrain: BTreeMap<Point, String>,
    /// Where the player arrives, once said.
    pub start: Option<Point>,
    /// Where the stairs go, once said.
    pub stairs: Option<Point>,
    /// The monsters asked for ([`Floor::monster`](crate::Floor::monster)):
    /// kind, cell, side.
    pub monsters: Vec<(String, Point, String)>,
    /// The items asked for ([`Floor::item`](crate::Floor::item)): kind,
    /// count, cell.
    pub items: Vec<(String, u32, Point)>,
    /// A feature's floor: the start and the stairs stay where they are.
    fixed_ends: bool,
    /// The plugins' terrain kinds and their traits
    /// ([`TestFloor::with_terrain`]); the host's carry theirs (since 1.6).
    pub terrain_kinds: BTreeMap<String, Vec<String>>,
    /// What made the floor: plugin and generator (`host`, `rooms` unless
    /// the test says, [`TestFloor::by`]; since 1.6).
    pub generator: (String, String),
    dice: u64,
}

impl TestFloor {
    /// A `width` by `height` floor of wall, as a generator is lent it.
    pub fn new(width: i32, height: i32) -> TestFloor {
        TestFloor {
            width,
            height,
            terrain: BTreeMap::new(),
            start: None,
            stairs: None,
            monsters: Vec::new(),
            items: Vec::new(),
            fixed_ends: false,
            terrain_kinds: BTreeMap::new(),
            generator: ("host".into(), "rooms".into()),
            dice: 0x9e37_79b9_7f4a_7c15,
        }
    }

    /// The same floor knowing a plugin's terrain kind `name` with `traits`
    /// (since 1.6): [`Floor::terrain_has`](crate::Floor::terrain_has) and
    /// [`Floor::terrain_exists`](crate::Floor::terrain_exists) answer by it.
    pub fn with_terrain(mut self, name: &str, traits: &[&str]) -> TestFloor {
        self.terrain_kinds.insert(name.into(), traits.iter().map(|t| t.to_string()).collect());
        self
    }

    /// The same floor, made by `plugin`'s generator `name` (what
    /// [`Floor::generator`](crate::Floor::generator) answers; since 1.6).
    pub fn by(mut self, plugin: &str, name: &str) -> TestFloor {
        self.generator = (plugin.into(), name.into());
        self
    }

    /// The traits of terrain kind `name`; `None` if neither the host nor
    /// the test knows it.
    fn traits_of(&self, name: &str) -> Option<Vec<String>> {
        match crate::terrain_traits::host_traits(name) {
            Some(host) => Some(host.iter().map(|t| t.to_string()).collect()),
            None => self.terrain_kinds.get(name).cloned(),
        }
    }

    /// A floor already made, as a feature is lent it: floor within a ring
    /// of wall, the start and the stairs where given (a feature cannot
    /// move them).
    pub fn made(width: i32, height: i32, start: Point, stairs: Point) -> TestFloor {
        let mut floor = TestFloor::new(width, height);
        for y in 1..height - 1 {
            for x in 1..width - 1 {
                floor.terrain.insert(Point::new(x, y), "floor".into());
            }
        }
        floor.terrain.insert(stairs, "stairs_down".into());
        floor.start = Some(start);
        floor.stairs = Some(stairs);
        floor.fixed_ends = true;
        floor
    }

    /// The floor a feature's or generator's method receives, lent from this one.
    pub fn floor(&mut self) -> crate::Floor<'_> {
        crate::Floor::new(crate::abi::FloorMaker_TO::from_ptr(self, TD_Opaque))
    }

    fn inside(&self, p: Point) -> bool {
        p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height
    }
}

impl crate::abi::FloorMaker for TestFloor {
    fn size(&self) -> Point {
        Point::new(self.width, self.height)
    }
    fn roll(&mut self, min: i32, max: i32) -> i32 {
        roll_dice(&mut self.dice, min, max)
    }
    fn terrain_at(&self, at: Point) -> RString {
        self.terrain.get(&at).map_or("wall", String::as_str).into()
    }
    fn set_terrain(&mut self, at: Point, name: RStr<'_>) -> bool {
        if !self.inside(at) || name.is_empty() {
            return false;
        }
        if name == "wall" {
            self.terrain.remove(&at);
        } else {
            self.terrain.insert(at, name.into());
        }
        true
    }
    fn set_start(&mut self, at: Point) {
        if !self.fixed_ends {
            self.start = Some(at);
        }
    }
    fn set_stairs(&mut self, at: Point) {
        if !self.fixed_ends {
            self.stairs = Some(at);
        }
    }
    fn start(&self) -> ROption<Point> {
        opt(self.start)
    }
    fn stairs(&self) -> ROption<Point> {
        opt(self.stairs)
    }
    fn monster(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>) {
        self.monsters.push((kind.into(), at, side.into()));
    }
    fn item(&mut self, kind: RStr<'_>, count: u32, at: Point) {
        self.items.push((kind.into(), count, at));
    }

    // 1.6 (terrain by meaning, knowing the world)
    fn terrain_has(&self, at: Point, name: RStr<'_>) -> ROption<bool> {
        let terrain = self.terrain.get(&at).map_or("wall", String::as_str);
        ROption::RSome(self.traits_of(terrain).unwrap_or_default().iter().any(|t| t == name.as_str()))
    }
    fn generator(&self) -> ROption<Tuple2<RString, RString>> {
        ROption::RSome(Tuple2(self.generator.0.as_str().into(), self.generator.1.as_str().into()))
    }
    fn terrain_exists(&self, name: RStr<'_>) -> ROption<bool> {
        ROption::RSome(self.traits_of(name.as_str()).is_some())
    }
}

/// A screen for a [`View`](crate::View)'s tests: it draws nothing and
/// writes down what it was asked to draw, in order.
///
/// ```
/// use emberdeep_api::testing::TestCanvas;
/// use emberdeep_api::*;
///
/// let mut screen = TestCanvas::new(800, 600);
/// screen.canvas().glyph(16, 0, 16, '@', Rgba::rgb(255, 255, 255));
/// assert_eq!(screen.glyphs, [(16, 0, '@')]);
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestCanvas {
    /// Width and height, in pixels.
    pub size: (u32, u32),
    /// Rectangles filled: `x`, `y`, width, height, color.
    pub fills: Vec<(i32, i32, u32, u32, Rgba)>,
    /// Characters drawn: `x`, `y`, the character (`?` for a number that is none).
    pub glyphs: Vec<(i32, i32, char)>,
    /// Lines of text drawn: `x`, `y`, the text.
    pub texts: Vec<(i32, i32, String)>,
    /// Atlas tiles asked for: `x`, `y`, the tile's name (none is found).
    pub tiles: Vec<(i32, i32, String)>,
    /// Straight lines drawn: from `x`, `y` to `x`, `y`.
    pub lines: Vec<(i32, i32, i32, i32)>,
    /// Rectangles outlined: `x`, `y`, width, height, color.
    pub outlines: Vec<(i32, i32, u32, u32, Rgba)>,
}

impl TestCanvas {
    /// A screen `width` by `height` pixels, nothing drawn yet.
    pub fn new(width: u32, height: u32) -> TestCanvas {
        TestCanvas { size: (width, height), ..TestCanvas::default() }
    }

    /// The canvas a view's `draw_map` receives, drawing onto this screen.
    pub fn canvas(&mut self) -> Canvas<'_> {
        Canvas::new(Canvas_TO::from_ptr(self, TD_Opaque))
    }
}

impl CanvasAbi for TestCanvas {
    fn size(&self) -> Tuple2<u32, u32> {
        Tuple2(self.size.0, self.size.1)
    }
    fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        self.fills.push((x, y, w, h, color));
    }
    fn glyph(&mut self, x: i32, y: i32, _size: u32, ch: u32, _color: Rgba) {
        self.glyphs.push((x, y, char::from_u32(ch).unwrap_or('?')));
    }
    fn text(&mut self, x: i32, y: i32, _size: u32, text: RStr<'_>, _color: Rgba) {
        self.texts.push((x, y, text.into()));
    }
    fn tile(&mut self, x: i32, y: i32, _size: u32, name: RStr<'_>, _tint: Rgba) -> bool {
        self.tiles.push((x, y, name.into()));
        false
    }
    fn line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, _color: Rgba) {
        self.lines.push((x0, y0, x1, y1));
    }
    fn outline(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        self.outlines.push((x, y, w, h, color));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{StatusSpec, *};

    #[test]
    fn a_brain_moves_and_strikes_through_the_stand_in() {
        let mut game = TestGame::new(10, 5);
        let rat = game.add_monster("rat", Point::new(5, 1), 3, Damage::new(1, 1), "test");
        let mut ctx = game.ctx();
        let step = ctx.step_toward(rat, Point::new(1, 1)).expect("a step closer");
        assert!(ctx.move_creature(rat, step));
        let died = ctx.attack(Attack::melee(EntityId::PLAYER, rat, 5, "you"));
        assert!(died);
        assert!(ctx.creature(rat).is_none());
        drop(ctx);
        assert_eq!(game.attacks.len(), 1);
    }

    #[test]
    fn standings_and_a_peaceful_creature_answer_as_the_game_does() {
        let mut game = TestGame::new(10, 5);
        let trader = game.add_monster("trader", Point::new(2, 1), 9, Damage::new(1, 2), "test");
        let rat = game.add_monster("rat", Point::new(4, 1), 3, Damage::new(1, 1), "test");
        game.sides.insert(trader, "traders".into());
        let mut ctx = game.ctx();
        assert_eq!(ctx.standing("traders", MONSTERS_SIDE), Some(Standing::Hostile), "hostile unless said");
        assert_eq!(ctx.standing("traders", "traders"), Some(Standing::Allied));
        assert!(ctx.are_enemies(trader, rat) && ctx.are_enemies(trader, EntityId::PLAYER));
        assert!(ctx.set_standing(MONSTERS_SIDE, "traders", Standing::Neutral));
        assert!(!ctx.set_standing("traders", "traders", Standing::Hostile), "a side and itself");
        assert_eq!(ctx.standing("traders", MONSTERS_SIDE), Some(Standing::Neutral), "both ways");
        assert!(!ctx.are_enemies(trader, rat));
        assert!(ctx.nearest_enemy(rat) == Some(EntityId::PLAYER) || ctx.nearest_enemy(rat).is_none());
        drop(ctx);
        game.peaceful.insert(trader);
        let mut ctx = game.ctx();
        assert!(ctx.is_peaceful(trader) && !ctx.are_enemies(trader, EntityId::PLAYER), "peaceful");
        assert_ne!(ctx.nearest_enemy(EntityId::PLAYER), Some(trader));
    }

    fn declares(reg: &mut Registrar) -> Result<(), PluginError> {
        reg.setting("fight_noise", 4, 0, 100).setting("throw_range", 6, 1, 30);
        Ok(())
    }

    // One test for all that reads settings: the plugin's own declarations
    // are one list per library (here, per test binary).
    #[test]
    fn a_declared_setting_reads_as_the_records_give_it_else_as_declared() {
        // As the game does: the records' number, else the declared default.
        let mut game = TestGame::new(8, 8).with_settings_of(declares);
        game.settings.insert("throw_range".into(), 9);
        let ctx = game.ctx();
        assert_eq!((ctx.setting_value("fight_noise"), ctx.setting_value("throw_range")), (4, 9));
        assert_eq!((ctx.setting("fight_noise"), ctx.setting("unheard_of")), (Some(4), None));
        assert_eq!(ctx.setting_or("unheard_of", 3), 3);
        let undeclared = std::panic::catch_unwind(|| TestGame::new(8, 8).ctx().setting_value("fight_noise"));
        let message = undeclared.expect_err("a setting nobody declared has no value");
        assert!(message.downcast_ref::<String>().is_some_and(|m| m.contains("'fight_noise'")));

        // A host older than 1.2 gives no default: the plugin's own
        // declaration, kept when it registered, stands in.
        let mut older_host = TestGame::new(8, 8);
        let mut reg = Registrar::new("test", "0.0.0");
        declares(&mut reg).unwrap();
        crate::ctx::remember_declared(reg.settings().into_iter().map(|(n, d, ..)| (n, d)).collect());
        let read = {
            let ctx = older_host.ctx();
            (ctx.setting_value("fight_noise"), ctx.setting("unheard_of"))
        };
        older_host.settings.insert("fight_noise".into(), 7);
        let overridden = older_host.ctx().setting_value("fight_noise");
        crate::ctx::remember_declared(Vec::new());
        assert_eq!(read, (4, None));
        assert_eq!(overridden, 7);
    }

    #[test]
    fn stores_statuses_and_dice_behave_as_the_host_promises() {
        let mut game = TestGame::new(8, 8);
        let mut ctx = game.ctx();
        ctx.item_set(ItemId(1), "charges", 2);
        assert_eq!(ctx.item_get(ItemId(1), "charges"), Some(2));
        assert!(ctx.add_status(EntityId::PLAYER, "frozen", 3));
        assert_eq!(ctx.status_turns(EntityId::PLAYER, "frozen"), Some(3));
        let rolls: Vec<i32> = (0..50).map(|_| ctx.roll(1, 6)).collect();
        assert!(rolls.iter().all(|r| (1..=6).contains(r)));
        let again: Vec<i32> = {
            let mut other = TestGame::new(8, 8);
            let mut c = other.ctx();
            (0..50).map(|_| c.roll(1, 6)).collect()
        };
        assert_eq!(rolls, again, "the same dice every run");
        let _ = StatusSpec::new("Frozen", '*', Rgba::rgb(1, 2, 3), StatusEffect::SkipsTurn);
    }

    #[test]
    fn an_item_taken_from_the_pack_stays_itself_as_the_host_keeps_it() {
        let mut game = TestGame::new(8, 5);
        game.pack[0] = Some(PackEntry { kind: "wand".into(), count: 1, item: ItemId(7) });
        game.pack[1] = Some(PackEntry { kind: "dart".into(), count: 5, item: ItemId(8) });
        let thief = game.add_monster("thief", Point::new(3, 1), 2, Damage::new(1, 1), "test");
        let mut ctx = game.ctx();
        let wand = ctx.pack_take(0, 1).expect("the whole slot");
        assert_eq!(wand.item, ItemId(7), "the whole slot keeps its id");
        let darts = ctx.pack_take(1, 2).expect("part of a stack");
        assert_ne!(darts.item, ItemId(8), "part of a stack is an item of its own");
        assert_eq!(ctx.held_items(), [wand.clone(), darts.clone()]);
        let forged = PackEntry { count: 3, ..darts.clone() };
        assert!(!ctx.give(thief, forged), "only what is held, exactly");
        assert!(!ctx.give(EntityId::PLAYER, wand.clone()), "a monster carries, not the player");
        assert!(ctx.give(thief, wand.clone()));
        assert_eq!(ctx.carried(thief), std::slice::from_ref(&wand));
        assert_eq!(ctx.pack_put(darts.clone()), Some(0), "back in the first free slot");
        assert!(ctx.held_items().is_empty());
        ctx.attack(Attack::melee(EntityId::PLAYER, thief, 5, "you"));
        drop(ctx);
        assert_eq!(game.laid, [(wand, Point::new(3, 1))], "dropped where it died, the same item");
        assert_eq!(game.pack[0], Some(darts));
    }

    // 1.6 (items)
    #[test]
    fn an_item_placed_by_id_lies_where_it_landed_and_joins_a_heap_only_if_it_stacks() {
        let mut game = TestGame::new(8, 5);
        game.add_item_record("dart", "dart", "thrown", &[]);
        game.add_item_record("wand", "wand", "aimed", &[]);
        game.stacking.insert("dart".into());
        let at = Point::new(3, 2);
        let mut ctx = game.ctx();
        let (darts, landed) = ctx.place_item_id("dart", 4, at).expect("open floor takes them");
        assert_eq!(landed, at);
        let (more, _) = ctx.place_item_id("dart", 2, at).expect("they join the heap");
        assert_eq!(more, darts, "darts stack: the heap's own id");
        let (wand, _) = ctx.place_item_id("wand", 1, at).expect("a wand of its own");
        let (other, _) = ctx.place_item_id("wand", 1, at).expect("and another");
        assert_ne!(wand, other, "wands do not stack: each its own id");
        let lying = ctx.items_at(at);
        let ids: Vec<(String, u32, ItemId)> = lying.iter().map(|e| (e.kind.to_string(), e.count, e.item)).collect();
        assert_eq!(ids, [("dart".into(), 6, darts), ("wand".into(), 1, wand), ("wand".into(), 1, other)]);
        assert_eq!(
            (ctx.item_stacks("dart"), ctx.item_stacks("wand"), ctx.item_stacks("rock")),
            (Some(true), Some(false), None)
        );
        // A heap with a value stored on it stacks with nothing.
        assert!(ctx.item_set(darts, "poisoned", 1));
        let (fresh, _) = ctx.place_item_id("dart", 1, at).unwrap();
        assert_ne!(fresh, darts);
        // The old call lays items the new one lists, with ids of their own.
        assert_eq!(ctx.place_item("wand", 1, Point::new(5, 2)), Some(Point::new(5, 2)));
        assert_eq!(ctx.items_at(Point::new(5, 2)).len(), 1);
        drop(ctx);
        assert_eq!(game.floor_items.len(), 6, "every one is listed where tests looked before");
    }

    /// A quiver written before 1.6: it knows `pick_up` and `picked_up` only.
    struct OldQuiver;
    impl Hooks for OldQuiver {
        fn pick_up(&self, ctx: &mut Ctx<'_>, kind: &str, count: u32) -> PluginResult<bool> {
            ctx.say(&format!("quiver takes {count} {kind}"));
            Ok(kind == "arrow")
        }
        fn picked_up(&self, ctx: &mut Ctx<'_>, kind: &str, count: u32) -> PluginResult<()> {
            ctx.say(&format!("picked up {count} {kind}"));
            Ok(())
        }
        fn throwable(&self, _ctx: &mut Ctx<'_>, kind: &str) -> PluginResult<bool> {
            Ok(kind == "dart")
        }
    }

    /// One written for 1.6: it reads the item's id.
    struct Tagger;
    impl Hooks for Tagger {
        fn pick_up_item(&self, ctx: &mut Ctx<'_>, item: &PackEntry) -> PluginResult<bool> {
            Ok(ctx.item_get(item.item, "tagged").is_some())
        }
    }

    #[test]
    fn the_hooks_by_id_answer_by_the_old_hooks_unless_a_plugin_writes_them() {
        use crate::abi::HooksAbi;
        use crate::author::Adapter;
        let mut game = TestGame::new(8, 5);
        let arrows = PackEntry { kind: "arrow".into(), count: 12, item: ItemId(4) };
        let dart = PackEntry { kind: "dart".into(), count: 1, item: ItemId(5) };
        // In plain Rust, and across the boundary as the host calls them.
        assert!(OldQuiver.pick_up_item(&mut game.ctx(), &arrows).unwrap());
        assert!(!OldQuiver.pick_up_item(&mut game.ctx(), &dart).unwrap());
        OldQuiver.picked_up_item(&mut game.ctx(), &dart).unwrap();
        let raw = Adapter(OldQuiver);
        let crossed = raw.pick_up_item(GameCtx_TO::from_ptr(&mut game, TD_Opaque), &arrows).into_result();
        assert_eq!(crossed, Ok(true));
        let thrown = raw.throwable_item(GameCtx_TO::from_ptr(&mut game, TD_Opaque), &dart).into_result();
        assert_eq!(thrown, Ok(true));
        assert_eq!(
            game.messages,
            ["quiver takes 12 arrow", "quiver takes 1 dart", "picked up 1 dart", "quiver takes 12 arrow"]
        );
        // A plugin of 1.6 goes by the id.
        game.item_store.insert((ItemId(5), "tagged".into()), 1);
        assert!(Tagger.pick_up_item(&mut game.ctx(), &dart).unwrap());
        assert!(!Tagger.pick_up_item(&mut game.ctx(), &arrows).unwrap());
    }

    #[test]
    fn bad_input_to_the_item_calls_is_refused_and_changes_nothing() {
        let mut game = TestGame::new(8, 5);
        game.add_item_record("dart", "dart", "thrown", &[]);
        let mut ctx = game.ctx();
        assert_eq!(ctx.place_item_id("rock", 1, Point::new(2, 2)), None, "an unknown kind");
        assert_eq!(ctx.place_item_id("dart", 0, Point::new(2, 2)), None, "none of them");
        assert_eq!(ctx.place_item_id("dart", 10_000, Point::new(2, 2)), None, "more than a heap holds");
        assert_eq!(ctx.place_item_id("dart", 1, Point::new(0, 2)), None, "a wall");
        assert!(ctx.items_at(Point::new(-4, 99)).is_empty(), "off the map: nothing");
        drop(ctx);
        assert!(game.laid.is_empty() && game.floor_items.is_empty());
    }

    #[test]
    fn terrain_is_laid_read_hidden_and_found_as_the_host_keeps_it() {
        let mut game = TestGame::new(8, 5);
        game.lay_hidden(Point::new(3, 2), "dart_trap");
        let mut ctx = game.ctx();
        assert_eq!(
            (ctx.terrain_at(Point::new(2, 2)), ctx.terrain_at(Point::new(0, 2))),
            ("floor".into(), "wall".into())
        );
        assert_eq!(ctx.terrain_at(Point::new(3, 2)), "dart_trap", "the rules know a hidden terrain");
        assert!(ctx.terrain_hidden(Point::new(3, 2)));
        assert!(ctx.set_terrain(Point::new(4, 2), "wall"));
        assert!(!ctx.is_walkable(Point::new(4, 2)), "a wall stops a step");
        assert!(!ctx.set_terrain(Point::new(0, 2), "floor"), "the border stays wall");
        assert!(!ctx.set_terrain(Point::new(1, 1), "wall"), "no wall under the player");
        assert!(ctx.reveal_terrain(Point::new(3, 2)));
        assert!(!ctx.reveal_terrain(Point::new(3, 2)), "found once");
        drop(ctx);
        assert_eq!(game.terrain_changes, [(Point::new(4, 2), "floor".to_string(), "wall".to_string())]);
        assert_eq!(game.found, [Point::new(3, 2)]);
    }

    // 1.6 (saves)

    #[test]
    fn the_stairs_down_stay_as_the_host_keeps_them() {
        let mut game = TestGame::new(8, 5);
        game.terrain.insert(Point::new(5, 2), "stairs_down".into());
        let mut ctx = game.ctx();
        assert!(!ctx.set_terrain(Point::new(5, 2), "wall"), "no terrain over the stairs");
        assert!(!ctx.set_terrain_found(Point::new(5, 2), "floor"));
        assert!(ctx.set_terrain(Point::new(5, 2), "stairs_down"), "the stairs on the stairs change nothing");
        assert!(ctx.set_terrain(Point::new(4, 2), "stairs_down"), "more stairs may be laid");
        drop(ctx);
        assert_eq!(game.terrain[&Point::new(5, 2)], "stairs_down");
    }

    // 1.7 (names)

    #[test]
    fn a_creature_is_called_as_the_host_calls_it_yours_or_the_enemy_s() {
        let mut game = TestGame::new(8, 5);
        let wolf = game.add_monster("wolf", Point::new(2, 2), 5, Damage::new(1, 2), "melee");
        let goblin = game.add_monster("goblin", Point::new(4, 2), 5, Damage::new(1, 2), "melee");
        game.sides.insert(wolf, PLAYER_SIDE.into());
        let mut ctx = game.ctx();
        assert_eq!(ctx.called(EntityId::PLAYER).as_deref(), Some("you"));
        assert_eq!(ctx.called(wolf).as_deref(), Some("your wolf"));
        assert_eq!(ctx.called(goblin).as_deref(), Some("the goblin"));
        assert_eq!(ctx.called(EntityId(999)), None, "no such creature");
        assert_eq!(crate::capitalized("the allied goblin"), "The allied goblin");
    }

    // 1.6 (known kinds)

    #[test]
    fn every_kind_is_known_until_marked_unknown_and_a_kind_no_record_has_is_refused() {
        let mut game = TestGame::new(8, 5);
        game.add_item_record("ring_of_seeing", "ring of seeing", "none", &[]);
        game.add_item_record("dagger", "dagger", "none", &[]);
        let mut ctx = game.ctx();
        assert_eq!(ctx.kind_known("ring_of_seeing"), Some(true), "known unless marked");
        assert_eq!(ctx.kind_known("no_such_ring"), None);
        assert!(!ctx.set_kind_known("no_such_ring", false), "no record: refused");
        assert!(ctx.set_kind_known("ring_of_seeing", false));
        assert_eq!(ctx.kind_known("ring_of_seeing"), Some(false));
        assert_eq!(ctx.kind_known("dagger"), Some(true), "the others stay known");
        assert_eq!(ctx.unknown_kinds(), ["ring_of_seeing"]);
        assert!(ctx.set_kind_known("ring_of_seeing", false), "again: nothing changes");
        assert!(ctx.set_kind_known("ring_of_seeing", true));
        assert_eq!(ctx.kind_known("ring_of_seeing"), Some(true));
        assert!(ctx.unknown_kinds().is_empty());
        drop(ctx);
        let traced: Vec<&str> = game.events.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(traced, ["kind_known", "kind_known"], "each change once, none for no change");
        assert_eq!(game.events[1].1[1].value, true.into());
    }

    // 1.7 (fields)

    #[test]
    fn a_field_is_set_read_and_refused_where_it_cannot_be() {
        let mut game = TestGame::new(8, 6).with_field("smoke");
        let mut ctx = game.ctx();
        assert_eq!(ctx.field_at("smoke", Point::new(2, 2)), Some(0), "known, empty");
        assert_eq!(ctx.field_at("steam", Point::new(2, 2)), None, "nobody declared it");
        assert!(ctx.set_field("smoke", Point::new(2, 2), 50));
        assert_eq!(ctx.field_at("smoke", Point::new(2, 2)), Some(50));
        assert_eq!(ctx.add_field("smoke", Point::new(2, 2), 2000), Some(crate::types::FIELD_MOST), "clamped");
        assert_eq!(ctx.add_field("smoke", Point::new(2, 2), -5000), Some(0));
        assert!(!ctx.set_field("smoke", Point::new(0, 0), 5), "a wall holds no field");
        assert!(!ctx.set_field("steam", Point::new(2, 2), 5));
        assert_eq!(ctx.add_field("smoke", Point::new(-1, 2), 5), None);
        drop(ctx);
        let traced: Vec<&str> = game.events.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(traced, ["field_set", "field_set", "field_set"]);
    }

    #[test]
    fn a_gas_spreads_to_open_cells_conserving_then_thins() {
        let mut game = TestGame::new(7, 7).with_field("gas");
        let mut ctx = game.ctx();
        ctx.set_field("gas", Point::new(3, 3), 800);
        let even = crate::types::FieldSpread { share: 80, thin: 0, fade: 0 };
        assert!(ctx.spread_field("gas", even));
        let cells = ctx.field_cells("gas");
        assert_eq!(cells.len(), 9, "the cell and its eight neighbours: {cells:?}");
        assert_eq!(cells.iter().map(|c| c.1).sum::<i32>(), 800, "nothing lost while it only spreads");
        assert_eq!(ctx.field_at("gas", Point::new(2, 2)), Some(80));
        assert_eq!(ctx.field_at("gas", Point::new(3, 3)), Some(160));
        // Next to the wall, nothing flows into it.
        ctx.set_field("gas", Point::new(1, 1), 900);
        assert!(ctx.spread_field("gas", even));
        assert_eq!(ctx.field_at("gas", Point::new(0, 0)), Some(0));
        let thin = crate::types::FieldSpread { share: 0, thin: 50, fade: 1 };
        let before = ctx.field_at("gas", Point::new(3, 3)).unwrap();
        assert!(ctx.spread_field("gas", thin));
        assert_eq!(ctx.field_at("gas", Point::new(3, 3)), Some(before - before / 2 - 1), "halved, less one");
        assert!(!ctx.spread_field("gas", crate::types::FieldSpread { share: 101, thin: 0, fade: 0 }));
        for _ in 0..20 {
            ctx.spread_field("gas", thin);
        }
        assert!(ctx.field_cells("gas").is_empty(), "thinned away");
    }

    // 1.6 (looks)

    #[test]
    fn a_creature_raised_with_a_look_of_its_own_is_named_by_it_and_by_its_record_again() {
        let mut game = TestGame::new(8, 5);
        game.add_monster_record(monster_record("goblin", "goblin", 'g', 8, Damage::new(1, 4)));
        game.add_monster_record(monster_record("risen", "risen dead", 'z', 6, Damage::new(1, 3)));
        game.tiles.insert("monster_goblin".into());
        let mut ctx = game.ctx();
        let goblin = ctx.monster_info("goblin").expect("the record");
        assert_eq!((goblin.name.as_str(), goblin.glyph(), goblin.hp), ("goblin", 'g', 8));
        assert_eq!(ctx.monster_info("dragon"), None, "no such record");
        let look = CreatureLook::named(&format!("risen {}", goblin.name)).glyph(goblin.glyph()).tile("monster_goblin");
        let risen = ctx.spawn_as("risen", Point::new(3, 2), "", &look).expect("raised");
        assert_eq!(ctx.creature(risen).map(|c| c.name.to_string()), Some("risen goblin".into()));
        let refused = [
            CreatureLook::named(" "),
            CreatureLook::new().plural("risen"),
            CreatureLook::named("risen").glyph('\n'),
            CreatureLook::named("risen").tile("no_such_tile"),
        ];
        for bad in &refused {
            assert_eq!(ctx.spawn_as("risen", Point::new(4, 2), "", bad), None, "{bad:?}");
            assert!(!ctx.set_look(risen, bad), "{bad:?}");
        }
        assert_eq!(ctx.creature(risen).map(|c| c.name.to_string()), Some("risen goblin".into()), "unchanged");
        assert_eq!(ctx.creature_at(Point::new(4, 2)), None, "nothing made");
        assert!(!ctx.set_look(EntityId::PLAYER, &look), "the player keeps its own");
        assert!(ctx.set_look(risen, &CreatureLook::new()), "no part given: the record's again");
        assert_eq!(ctx.creature(risen).map(|c| c.name.to_string()), Some("risen dead".into()));
        drop(ctx);
        assert!(game.looks.is_empty());
    }

    #[test]
    fn a_disguised_creature_passes_unseen_until_the_player_steps_beside_it() {
        let mut game = TestGame::new(10, 5);
        game.add_item_record("chest", "chest", "none", &[]);
        let mut game = game.with_terrain("boulder", &[]);
        let mimic = game.add_monster("mimic", Point::new(5, 1), 10, Damage::new(1, 4), "lurk");
        let lurker = game.add_monster("lurker", Point::new(8, 3), 10, Damage::new(1, 4), "lurk");
        let mut ctx = game.ctx();
        assert!(!ctx.disguise(mimic, "dragon_hoard"), "neither a terrain nor an item");
        assert!(!ctx.disguise(EntityId::PLAYER, "chest"), "not the player");
        assert!(!ctx.disguise(EntityId(99), "chest"), "no such creature");
        assert!(ctx.disguise(mimic, "chest") && ctx.disguise(lurker, "boulder"));
        assert_eq!(ctx.disguised_as(mimic).as_deref(), Some("chest"));
        assert!(ctx.monsters_in_view().is_empty(), "both pass for what they show");
        drop(ctx);
        assert!(game.step_player(Point::new(2, 1)) && game.step_player(Point::new(3, 1)));
        assert_eq!(game.disguises.len(), 2, "two steps away, still a chest");
        assert!(game.step_player(Point::new(4, 1)), "beside it");
        assert_eq!(game.ctx().disguised_as(mimic), None, "dropped");
        assert_eq!(game.revealed, [mimic]);
        assert_eq!(game.ctx().monsters_in_view(), [mimic]);
        let mut ctx = game.ctx();
        assert!(ctx.reveal(lurker) && !ctx.reveal(lurker), "revealed once");
        assert!(ctx.disguise(lurker, "wall"));
        ctx.attack(Attack::melee(lurker, EntityId::PLAYER, 2, "a lurker"));
        assert_eq!(ctx.disguised_as(lurker), None, "a blow drops it");
    }
}
