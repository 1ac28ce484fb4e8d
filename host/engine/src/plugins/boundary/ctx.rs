//! The context lent to a plugin: `HostCtx` implements the api's `GameCtx`
//! over a `Game`, remembering which plugin is calling so that what the
//! plugin causes is traced under its name.
//!
//! Lent to look ([`Access::Look`]: panel lines, the look panel while aiming)
//! it answers questions but refuses every roll and every change, so looking
//! never alters the run.

use std::sync::atomic::{AtomicU64, Ordering};

use abi_stable::{
    sabi_trait::TD_Opaque,
    std_types::{ROption, RSlice, RStr, RString, RVec, Tuple2},
};
use emberdeep_api::abi::{GameCtx, GameCtx_TO, RawCtx as Ctx, RawWorld, WorldCtx, WorldCtx_TO};
use emberdeep_api::{
    Attack, CreatureInfo, CreatureLook, Damage, EntityId, FieldValue, FloorCreature, ItemId, ItemInfo, LogField, Look,
    MessageKind, MonsterInfo, MonsterState, PackEntry, PlacedItem, Point, Standing, StatusInfo, DIRECTIONS,
};

use super::access::Access;
use crate::core::sight::{burst_cells, line_of_fire};
use crate::plugins::registry::WriteRefused;
use crate::world::animation::Animation;
use crate::world::creature::MOST_HEALTH;
use crate::world::game::Game;
use crate::world::pack::PackItem;

/// How many contexts have been lent to plugins since the process began: one
/// per call across the plugin boundary that may call back (brains, effects,
/// hooks, panels). The benchmarks read it before and after some turns. The
/// game runs on one thread, so it is bumped with a plain load and store (no
/// locked add on every plugin call); counts from several threads at once may
/// be short, which nothing relies on.
pub static BOUNDARY_CALLS: AtomicU64 = AtomicU64::new(0);

/// A game lent to a plugin for one call.
pub struct HostCtx<'a> {
    game: &'a mut Game,
    source: &'a str,
    /// Refuses rolls and changes (the screen is being drawn).
    read_only: bool,
    /// Refuses them without a warning (the bot asking what would happen).
    quiet: bool,
    /// The first refused write to the store this call made (another
    /// plugin's key, a number outside its declared range): the call fails
    /// with it ([`Game::call`]).
    trespass: Option<WriteRefused>,
}

impl<'a> HostCtx<'a> {
    /// Lends `game` to the plugin `source`. To look, a roll gives its least
    /// value without drawing from the run's RNG, and every change is ignored
    /// (each refusal is logged as a warning naming the plugin).
    #[inline]
    pub(crate) fn new(game: &'a mut Game, source: &'a str, access: Access) -> Self {
        HostCtx { game, source, read_only: access != Access::Play, quiet: access == Access::Probe, trespass: None }
    }

    /// A context for the benchmarks, which time a call across the boundary
    /// against a plain `dyn` one. The game lends one only through `Game::call`.
    #[doc(hidden)]
    #[inline]
    pub fn for_bench(game: &'a mut Game, source: &'a str) -> Self {
        HostCtx::new(game, source, Access::Play)
    }

    /// True (and a warning) if this context may not do `what`. Inlined:
    /// while the game plays it is one test of a flag.
    #[inline]
    fn refuses(&self, what: &str) -> bool {
        if self.read_only {
            self.warn_refused(what);
        }
        self.read_only
    }

    /// The warning of [`HostCtx::refuses`], unless the context is quiet.
    #[cold]
    fn warn_refused(&self, what: &str) {
        if !self.quiet {
            tracing::warn!(plugin = self.source, "a plugin tried to {what} while the screen was drawn; refused");
        }
    }

    /// True if the calling plugin may not write store key `key` (another
    /// plugin's, which it does not depend on); the call will fail saying so.
    fn trespasses(&mut self, key: &str) -> bool {
        let allowed = self.game.plugins.may_write(self.source, key);
        self.refused(allowed)
    }

    /// True if no creature `id` is on the floor, so a value stored for it
    /// would make a save the loader refuses; the call will fail saying so,
    /// and nothing is stored.
    fn not_here(&mut self, id: EntityId, key: &str) -> bool {
        let here = self.game.creatures.contains_key(&id);
        let key = crate::data::untrusted::shown(key, 64);
        self.refused(if here { Ok(()) } else { Err(WriteRefused::NoCreature { key, id: id.0 }) })
    }

    /// True if `value` lies outside the range the plugin that declared
    /// `key` keeps, so a save holding it would be refused; the call will
    /// fail saying so, and nothing is stored.
    fn out_of_range(&mut self, key: &str, value: i64) -> bool {
        let allowed = self.game.plugins.may_store(key, value);
        self.refused(allowed)
    }

    /// True if `text` is no text a store keeps under `key` (too long; for
    /// a creature, no item kind under a key a plugin keeps one in), so a
    /// save holding it would be refused; the call will fail saying so, and
    /// nothing is stored.
    fn unkept_text(&mut self, key: &str, text: &str, creature: bool) -> bool {
        let plugins = &self.game.plugins;
        let mut allowed = plugins.may_store_text(key, text);
        if creature && allowed.is_ok() {
            allowed = plugins.may_store_kind(key, text, |kind| self.game.records.items.contains_key(kind));
        }
        self.refused(allowed)
    }

    /// True if the write was refused, keeping the first refusal.
    fn refused(&mut self, allowed: Result<(), WriteRefused>) -> bool {
        match allowed {
            Ok(()) => false,
            Err(why) => {
                self.trespass.get_or_insert(why);
                true
            }
        }
    }

    /// Why the call must fail, if it made a write the store refused.
    pub(crate) fn take_trespass(&mut self) -> Option<WriteRefused> {
        self.trespass.take()
    }

    /// The context as the trait object plugins receive. Not inlined: the
    /// table of the context's methods is made here, in the engine, where
    /// each of its entries can inline the method it stands for.
    #[inline(never)]
    pub fn as_ctx(&mut self) -> Ctx<'_> {
        GameCtx_TO::from_ptr(self, TD_Opaque)
    }
}

/// How many calls plugins have made back into the host through a context
/// (`roll`, `creature`, `step_toward`, ...) since the process began; counted
/// as `BOUNDARY_CALLS` is.
pub static CALLBACKS: AtomicU64 = AtomicU64::new(0);

#[inline]
fn count_callback() {
    CALLBACKS.store(CALLBACKS.load(Ordering::Relaxed).wrapping_add(1), Ordering::Relaxed);
}

#[inline]
pub(crate) fn count_boundary_call() {
    BOUNDARY_CALLS.store(BOUNDARY_CALLS.load(Ordering::Relaxed).wrapping_add(1), Ordering::Relaxed);
}

fn opt<T>(o: Option<T>) -> ROption<T> {
    o.into()
}

impl GameCtx for HostCtx<'_> {
    fn roll(&mut self, min: i32, max: i32) -> i32 {
        count_callback();
        if self.refuses("roll a die") {
            return min;
        }
        self.game.rng.range(min, max)
    }

    fn turn(&self) -> u64 {
        count_callback();
        self.game.turn
    }

    fn floor(&self) -> u32 {
        count_callback();
        self.game.floor
    }

    fn creature(&mut self, id: EntityId) -> ROption<CreatureInfo> {
        count_callback();
        let mut info = self.game.creatures.get(&id).map(|c| c.info());
        if let Some(player) = info.as_mut().filter(|i| i.id.is_player()) {
            player.defense = self.game.player_defense();
        }
        opt(info)
    }

    fn creature_at(&self, p: Point) -> ROption<EntityId> {
        count_callback();
        opt(self.game.creature_at(p).map(|c| c.id))
    }

    fn monsters_in_view(&self) -> RVec<EntityId> {
        count_callback();
        self.game.monsters_in_view().into()
    }

    fn sees_player(&self, id: EntityId) -> bool {
        count_callback();
        self.game.sees_player(id)
    }

    fn is_visible(&self, p: Point) -> bool {
        count_callback();
        self.game.fov.is_visible(p)
    }

    fn is_walkable(&self, p: Point) -> bool {
        count_callback();
        self.game.map.is_walkable(p)
    }

    fn is_free(&self, p: Point) -> bool {
        count_callback();
        self.game.is_free(p)
    }

    fn line_of_fire(&self, from: Point, toward: Point, range: i32) -> RVec<Point> {
        count_callback();
        line_of_fire(&self.game.map, from, toward, range).into()
    }

    fn step_toward(&mut self, id: EntityId, goal: Point) -> ROption<Point> {
        count_callback();
        opt(self.game.step_toward(id, goal))
    }

    fn step_away(&mut self, id: EntityId, threat: Point) -> ROption<Point> {
        count_callback();
        opt(self.game.step_away(id, threat))
    }

    fn hunt_goal(&self, id: EntityId) -> ROption<Point> {
        count_callback();
        opt(self.game.creatures.get(&id).and_then(|c| c.goal))
    }

    fn move_creature(&mut self, id: EntityId, to: Point) -> bool {
        count_callback();
        !self.refuses("move a creature") && self.game.move_creature(id, to)
    }

    fn attack(&mut self, attack: Attack) -> bool {
        count_callback();
        !self.refuses("attack") && self.game.apply_attack(attack, self.source)
    }

    fn heal(&mut self, id: EntityId, amount: i32) -> i32 {
        count_callback();
        if self.refuses("heal") {
            return 0;
        }
        let Some(mut c) = self.game.creatures.get_mut(&id) else { return 0 };
        let healed = amount.clamp(0, c.max_hp - c.hp);
        c.hp += healed;
        healed
    }

    fn set_state(&mut self, id: EntityId, state: MonsterState) {
        count_callback();
        if self.refuses("change a monster's state") {
            return;
        }
        self.game.set_state(id, state, "plugin", self.source);
    }

    fn noise(&mut self, at: Point, loudness: i32) {
        count_callback();
        if self.refuses("make a noise") {
            return;
        }
        self.game.noise(at, loudness, self.source);
    }

    fn message(&mut self, text: RStr<'_>, kind: MessageKind) {
        count_callback();
        if self.refuses("write a message") {
            return;
        }
        self.game.log.add(text.as_str(), kind);
    }

    fn store_get(&self, id: EntityId, key: RStr<'_>) -> ROption<i64> {
        count_callback();
        opt(self.game.store.get(&(id, key.to_string())).copied())
    }

    fn store_set(&mut self, id: EntityId, key: RStr<'_>, value: i64) {
        count_callback();
        if self.refuses("store a number")
            || self.trespasses(&key)
            || self.out_of_range(&key, value)
            || self.not_here(id, &key)
        {
            return;
        }
        self.game.store.insert((id, key.to_string()), value);
        self.game.stored_changed();
    }

    fn store_remove(&mut self, id: EntityId, key: RStr<'_>) {
        count_callback();
        if self.refuses("remove a stored value") || self.trespasses(&key) {
            return;
        }
        let key = (id, key.to_string());
        self.game.store.remove(&key);
        self.game.store_text.remove(&key);
        self.game.stored_changed();
    }

    /// The records' number (held to the declared range when they were
    /// read), else the default the plugin declared (held to the same range
    /// when the plugin registered).
    fn setting(&self, key: RStr<'_>) -> ROption<i64> {
        count_callback();
        let key = key.as_str();
        let found = self.game.records.settings.get(self.source).and_then(|s| s.get(key)).copied();
        opt(found.or_else(|| self.game.plugins.declared_default(self.source, key)))
    }

    fn store_get_text(&self, id: EntityId, key: RStr<'_>) -> ROption<RString> {
        count_callback();
        opt(self.game.store_text.get(&(id, key.to_string())).map(|t| t.as_str().into()))
    }

    fn store_set_text(&mut self, id: EntityId, key: RStr<'_>, value: RStr<'_>) {
        count_callback();
        if self.refuses("store a text")
            || self.trespasses(&key)
            || self.unkept_text(&key, &value, true)
            || self.not_here(id, &key)
        {
            return;
        }
        self.game.store_text.insert((id, key.to_string()), value.to_string());
        self.game.stored_changed();
    }

    fn pack_item(&self, slot: u32) -> ROption<PackEntry> {
        count_callback();
        opt(self.game.pack.get(slot as usize).map(|i| PackEntry {
            kind: i.kind.as_str().into(),
            count: i.count,
            item: i.id,
        }))
    }

    fn pack_take(&mut self, slot: u32, count: u32) -> ROption<PackEntry> {
        count_callback();
        if self.refuses("take from the pack") {
            return ROption::RNone;
        }
        let Some(fresh) = self.game.id_for_part(slot as usize, count) else {
            tracing::warn!(
                plugin = self.source,
                "pack_take refused: part of a stack needs an item id, and none is left"
            );
            return ROption::RNone;
        };
        let taken = self.game.pack.take(slot as usize, count, fresh);
        let entry = taken.as_ref().map(PackItem::entry);
        if let Some(item) = taken {
            self.game.hold(self.source, item);
        }
        opt(entry)
    }

    fn pack_add(&mut self, kind: RStr<'_>, count: u32) -> ROption<u32> {
        count_callback();
        if self.refuses("add to the pack") {
            return ROption::RNone;
        }
        opt(self.game.add_to_pack(kind.as_str(), count).map(|slot| slot as u32))
    }

    fn item_info(&self, kind: RStr<'_>) -> ROption<ItemInfo> {
        count_callback();
        opt(self.game.item_record(kind.as_str()).map(|rec| ItemInfo {
            id: rec.id.as_str().into(),
            name: rec.name.as_str().into(),
            plural: rec.plural.as_str().into(),
            article: rec.article.as_str().into(),
            class: rec.class.as_str().into(),
            role: rec.role.as_str().into(),
            params: rec.params_for_plugins(),
            look: Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() },
        }))
    }

    fn player_damage(&mut self) -> ROption<Damage> {
        count_callback();
        opt(self.game.player_damage())
    }

    fn place_item(&mut self, kind: RStr<'_>, count: u32, at: Point) -> ROption<Point> {
        count_callback();
        if self.refuses("place an item") {
            return ROption::RNone;
        }
        opt(self.game.place_item(kind.as_str(), count, at))
    }

    fn try_ranged(&mut self, me: EntityId) -> bool {
        count_callback();
        if self.refuses("attack from afar") {
            return false;
        }
        // What the caller logged so far is the caller's, not the ranged kind's.
        self.game.trace.drain_plugin_logs(self.game.turn, self.source);
        self.game.try_ranged(me)
    }

    fn burst(&self, center: Point, radius: i32) -> RVec<Point> {
        count_callback();
        burst_cells(&self.game.map, center, radius).into()
    }

    fn animate(&mut self, missile: Look, path: RSlice<'_, Point>, burst: RSlice<'_, Point>) {
        count_callback();
        if self.read_only {
            return;
        }
        // The shot is asked for before it lands: keep the floor as it is now.
        let before = Some(self.game.scenery());
        self.game.animations.push(Animation { missile, path: path.to_vec(), burst: burst.to_vec(), before });
    }

    fn brain_of(&self, id: EntityId) -> ROption<RString> {
        count_callback();
        opt(self.game.creatures.get(&id).and_then(|c| c.brain.as_deref().map(RString::from)))
    }

    fn set_brain(&mut self, id: EntityId, brain: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("change a monster's brain") || !self.game.plugins.brains.contains_key(brain.as_str()) {
            return false;
        }
        if id.is_player() {
            return false;
        }
        let Some(mut monster) = self.game.creatures.get_mut(&id) else { return false };
        let from = monster.brain.replace(brain.to_string()).unwrap_or_default();
        let name = monster.trace_name();
        drop(monster);
        self.game.emit(
            "brain",
            self.source,
            crate::fields! {"monster" => name, "from" => from, "to" => brain.as_str()},
        );
        true
    }

    fn event(&mut self, name: RStr<'_>, fields: RVec<LogField>) {
        count_callback();
        if self.refuses("write a trace event") {
            return;
        }
        let mut out = crate::data::trace::Fields::new();
        for f in fields {
            let value = match f.value {
                FieldValue::Int(i) => serde_json::Value::from(i),
                FieldValue::Bool(b) => serde_json::Value::from(b),
                FieldValue::Text(t) => serde_json::Value::from(t.as_str()),
            };
            out.insert(f.name.into(), value);
        }
        self.game.emit(name.as_str(), self.source, out);
    }

    fn add_status(&mut self, id: EntityId, name: RStr<'_>, turns: i32) -> bool {
        count_callback();
        !self.refuses("add a status") && self.game.add_status(id, name.as_str(), turns, self.source)
    }

    fn remove_status(&mut self, id: EntityId, name: RStr<'_>) -> bool {
        count_callback();
        !self.refuses("remove a status") && self.game.remove_status(id, name.as_str(), "removed", self.source)
    }

    fn statuses(&self, id: EntityId) -> RVec<StatusInfo> {
        count_callback();
        self.game.statuses_of(id).into()
    }

    fn run_brain(&mut self, id: EntityId, brain: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("run a brain") || id.is_player() || !self.game.creatures.contains_key(&id) {
            return false;
        }
        let plugins = self.game.plugins.clone();
        let Some(entry) = plugins.brains.get(brain.as_str()) else { return false };
        if self.game.brain_depth >= MOST_NESTED_BRAINS {
            tracing::warn!(plugin = self.source, brain = brain.as_str(), "brains run brains too deep; refused");
            return false;
        }
        // What the caller logged so far is the caller's, not the brain's.
        self.game.trace.drain_plugin_logs(self.game.turn, self.source);
        self.game.brain_depth += 1;
        self.game.call(entry, Access::Play, |imp, ctx| imp.act(ctx, id));
        self.game.brain_depth -= 1;
        true
    }

    fn wander(&mut self, id: EntityId) -> bool {
        count_callback();
        if self.refuses("move a creature") {
            return false;
        }
        let Some(from) = self.game.creatures.get(&id).map(|c| c.pos) else { return false };
        let (dx, dy) = DIRECTIONS[self.game.rng.range(0, 7) as usize];
        let to = from.offset(dx, dy);
        self.game.is_free(to) && self.game.move_creature(id, to)
    }

    fn set_max_hp(&mut self, id: EntityId, max_hp: i32) -> bool {
        count_callback();
        if self.refuses("change a creature's health") {
            return false;
        }
        let Some(mut c) = self.game.creatures.get_mut(&id) else { return false };
        c.max_hp = max_hp.clamp(1, MOST_HEALTH);
        c.hp = c.hp.min(c.max_hp);
        drop(c);
        self.game.stored_changed();
        true
    }

    fn set_base_damage(&mut self, id: EntityId, damage: Damage) -> bool {
        count_callback();
        if self.refuses("change a creature's blow") || damage.min < 0 || damage.min > damage.max {
            return false;
        }
        let Some(mut c) = self.game.creatures.get_mut(&id) else { return false };
        c.damage = Damage::new(damage.min.min(MOST_HEALTH), damage.max.min(MOST_HEALTH));
        drop(c);
        self.game.stored_changed();
        true
    }

    fn set_base_defense(&mut self, id: EntityId, defense: i32) -> bool {
        count_callback();
        if self.refuses("change a creature's defense") {
            return false;
        }
        let Some(mut c) = self.game.creatures.get_mut(&id) else { return false };
        c.defense = defense.clamp(0, MOST_HEALTH);
        drop(c);
        self.game.stored_changed();
        true
    }

    fn base_numbers(&self, id: EntityId) -> ROption<CreatureInfo> {
        count_callback();
        opt(self.game.creatures.get(&id).map(|c| c.info()))
    }

    fn item_get(&self, item: ItemId, key: RStr<'_>) -> ROption<i64> {
        count_callback();
        opt(self.game.item_store.get(&(item, key.to_string())).copied())
    }

    fn item_set(&mut self, item: ItemId, key: RStr<'_>, value: i64) -> bool {
        count_callback();
        if self.refuses("store a number on an item")
            || self.trespasses(&key)
            || self.out_of_range(&key, value)
            || !self.game.item_exists(item)
        {
            return false;
        }
        self.game.item_store.insert((item, key.to_string()), value);
        self.game.pack.touch();
        true
    }

    fn item_get_text(&self, item: ItemId, key: RStr<'_>) -> ROption<RString> {
        count_callback();
        opt(self.game.item_text.get(&(item, key.to_string())).map(|t| t.as_str().into()))
    }

    fn item_set_text(&mut self, item: ItemId, key: RStr<'_>, value: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("store a text on an item")
            || self.trespasses(&key)
            || self.unkept_text(&key, &value, false)
            || !self.game.item_exists(item)
        {
            return false;
        }
        self.game.item_text.insert((item, key.to_string()), value.to_string());
        self.game.pack.touch();
        true
    }

    fn item_remove(&mut self, item: ItemId, key: RStr<'_>) {
        count_callback();
        if self.refuses("remove a value stored on an item") || self.trespasses(&key) {
            return;
        }
        let key = (item, key.to_string());
        self.game.item_store.remove(&key);
        self.game.item_text.remove(&key);
        self.game.pack.touch();
    }

    fn world(&mut self) -> ROption<RawWorld<'_>> {
        count_callback();
        ROption::RSome(WorldCtx_TO::from_ptr(self, TD_Opaque))
    }

    fn held_items(&self) -> RVec<PackEntry> {
        count_callback();
        self.game.held_by(self.source).into()
    }

    fn place_existing(&mut self, item: PackEntry, at: Point) -> ROption<Point> {
        count_callback();
        if self.refuses("place an item") {
            return ROption::RNone;
        }
        opt(self.game.place_existing(self.source, &item, at))
    }

    fn pack_put(&mut self, item: PackEntry) -> ROption<u32> {
        count_callback();
        if self.refuses("put an item in the pack") {
            return ROption::RNone;
        }
        opt(self.game.pack_put(self.source, &item).map(|slot| slot as u32))
    }

    fn give(&mut self, to: EntityId, item: PackEntry) -> bool {
        count_callback();
        !self.refuses("give an item") && self.game.give(self.source, to, &item)
    }

    fn carried(&self, id: EntityId) -> RVec<PackEntry> {
        count_callback();
        self.game.carried_by(id).into()
    }
}

impl WorldCtx for HostCtx<'_> {
    fn spawn(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>) -> ROption<EntityId> {
        count_callback();
        if self.refuses("make a creature") {
            return ROption::RNone;
        }
        let made = self.game.spawn_creature(kind.as_str(), at, side.as_str(), self.source);
        opt(self.done(made, "spawn"))
    }

    fn remove(&mut self, id: EntityId) -> bool {
        count_callback();
        if self.refuses("remove a creature") {
            return false;
        }
        let removed = self.game.remove_creature(id, self.source);
        self.done(removed, "remove").is_some()
    }

    fn place(&mut self, id: EntityId, at: Point) -> bool {
        count_callback();
        if self.refuses("place a creature") {
            return false;
        }
        let placed = self.game.place_creature(id, at, self.source);
        self.done(placed, "place").is_some()
    }

    fn map_size(&self) -> Point {
        count_callback();
        Point::new(self.game.map.width(), self.game.map.height())
    }

    fn floor_creatures(&mut self) -> RVec<FloorCreature> {
        count_callback();
        self.game.floor_creatures().iter().cloned().collect()
    }

    fn side_of(&self, id: EntityId) -> ROption<RString> {
        count_callback();
        opt(self.game.side_of(id).map(RString::from))
    }

    fn set_side(&mut self, id: EntityId, side: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("change a creature's side") {
            return false;
        }
        let changed = self.game.set_creature_side(id, side.as_str(), self.source);
        self.done(changed, "set_side").is_some()
    }

    fn nearest_enemy(&mut self, id: EntityId) -> ROption<EntityId> {
        count_callback();
        opt(self.game.nearest_enemy(id))
    }

    fn are_enemies(&self, a: EntityId, b: EntityId) -> bool {
        count_callback();
        self.game.are_enemies(a, b)
    }

    fn follow_player(&mut self, id: EntityId) -> bool {
        count_callback();
        !self.refuses("move a creature") && self.game.follow_player(id)
    }

    fn terrain_at(&self, at: Point) -> RString {
        count_callback();
        self.game.terrain_name(at).into()
    }

    fn set_terrain(&mut self, at: Point, name: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("change the terrain") {
            return false;
        }
        let laid = self.game.set_terrain(at, name.as_str(), self.source);
        self.done(laid, "set_terrain").is_some()
    }

    fn terrain_hidden(&self, at: Point) -> bool {
        count_callback();
        self.game.terrain_hidden(at)
    }

    fn reveal_terrain(&mut self, at: Point) -> bool {
        count_callback();
        !self.refuses("reveal a terrain") && self.game.reveal_terrain(at, self.source)
    }

    // Since 1.3.
    fn ask(&mut self, question: RStr<'_>, topic: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("ask the player a question") {
            return false;
        }
        let asked = self.game.ask(self.source, question.as_str(), topic.as_str());
        self.done(asked, "a question").is_some()
    }

    // Since 1.3.
    fn descend(&mut self, why: RStr<'_>) -> bool {
        count_callback();
        !self.refuses("send the player down") && self.game.ask_fall(why.as_str(), self.source)
    }

    // Since 1.3.
    fn reveal_map(&mut self) -> u32 {
        count_callback();
        if self.refuses("reveal the map") {
            return 0;
        }
        self.game.reveal_map(self.source)
    }

    // Since 1.3.
    fn item_kinds(&self) -> RVec<RString> {
        count_callback();
        self.game.records.items.keys().map(|k| RString::from(k.as_str())).collect()
    }

    fn run_seed(&self) -> u64 {
        count_callback();
        self.game.seed
    }

    // Since 1.5.
    fn position(&self, id: EntityId) -> ROption<ROption<Point>> {
        count_callback();
        ROption::RSome(opt(self.game.creatures.get(&id).map(|c| c.pos)))
    }

    fn item_shown(&mut self, kind: RStr<'_>, count: u32, item: ItemId) -> ROption<RString> {
        count_callback();
        let records = self.game.records.clone();
        let Some(rec) = records.items.get(kind.as_str()) else { return ROption::RNone };
        ROption::RSome(self.game.item_phrase(rec, count.max(1), Some(item)).into())
    }

    // Since 1.6.
    fn terrain_has(&self, at: Point, name: RStr<'_>) -> ROption<bool> {
        count_callback();
        ROption::RSome(self.game.terrain_has(at, name.as_str()))
    }

    fn terrain_traits(&self, name: RStr<'_>) -> ROption<RVec<RString>> {
        count_callback();
        let traits = self.game.plugins.terrain_traits(name.as_str()).unwrap_or_default();
        ROption::RSome(traits.into_iter().map(RString::from).collect())
    }

    fn terrain_exists(&self, name: RStr<'_>) -> ROption<bool> {
        count_callback();
        ROption::RSome(self.game.tile_named(name.as_str()).is_some())
    }

    fn plugin_loaded(&self, name: RStr<'_>) -> ROption<bool> {
        count_callback();
        ROption::RSome(self.game.plugins.is_loaded(name.as_str()))
    }

    fn floor_generator(&self) -> ROption<Tuple2<RString, RString>> {
        count_callback();
        let made_by = self.game.generator();
        ROption::RSome(Tuple2(made_by.plugin.as_str().into(), made_by.name.as_str().into()))
    }

    fn sees(&self, who: EntityId, at: Point) -> ROption<bool> {
        count_callback();
        ROption::RSome(self.game.sees_cell(who, at))
    }

    fn set_terrain_found(&mut self, at: Point, name: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("change the terrain") {
            return false;
        }
        let laid = self.game.set_terrain_found(at, name.as_str(), self.source);
        self.done(laid, "set_terrain_found").is_some()
    }

    // 1.6 (items)
    fn place_item_id(&mut self, kind: RStr<'_>, count: u32, at: Point) -> ROption<PlacedItem> {
        count_callback();
        if self.refuses("place an item") {
            return ROption::RNone;
        }
        let placed = self.game.place_new_item(kind.as_str(), count, at);
        opt(self.done(placed, "place_item_id").map(|(item, at)| PlacedItem { item, at }))
    }

    fn items_at(&self, at: Point) -> RVec<PackEntry> {
        count_callback();
        self.done(self.game.items_on(at), "items_at").unwrap_or_default().into()
    }

    fn item_stacks(&self, kind: RStr<'_>) -> ROption<bool> {
        count_callback();
        opt(self.game.item_record(kind.as_str()).map(|rec| rec.stacks))
    }

    // 1.6 (standings)

    fn standing(&self, a: RStr<'_>, b: RStr<'_>) -> ROption<Standing> {
        count_callback();
        let known = |s: &str| self.game.plugins.knows_side(s);
        opt((known(a.as_str()) && known(b.as_str())).then(|| self.game.side_standing(a.as_str(), b.as_str())))
    }

    fn set_standing(&mut self, a: RStr<'_>, b: RStr<'_>, standing: Standing) -> bool {
        count_callback();
        if self.refuses("change a standing between sides") {
            return false;
        }
        let set = self.game.set_standing(a.as_str(), b.as_str(), standing, self.source);
        self.done(set, "set_standing").is_some()
    }

    fn is_peaceful(&self, id: EntityId) -> bool {
        count_callback();
        self.game.is_peaceful(id)
    }

    // 1.6 (looks)
    fn spawn_as(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>, look: &CreatureLook) -> ROption<EntityId> {
        count_callback();
        if self.refuses("make a creature") {
            return ROption::RNone;
        }
        let made = self.game.spawn_with_look(kind.as_str(), at, side.as_str(), look, self.source);
        opt(self.done(made, "spawn_as"))
    }

    fn set_look(&mut self, id: EntityId, look: &CreatureLook) -> bool {
        count_callback();
        if self.refuses("change a creature's look") {
            return false;
        }
        let changed = self.game.set_creature_look(id, look, self.source);
        self.done(changed, "set_look").is_some()
    }

    fn monster_info(&self, kind: RStr<'_>) -> ROption<MonsterInfo> {
        count_callback();
        opt(self.game.monster_info(kind.as_str()))
    }

    fn disguise(&mut self, id: EntityId, as_kind: RStr<'_>) -> bool {
        count_callback();
        if self.refuses("disguise a creature") {
            return false;
        }
        let disguised = self.game.disguise_creature(id, as_kind.as_str(), self.source);
        self.done(disguised, "disguise").is_some()
    }

    fn reveal(&mut self, id: EntityId) -> bool {
        count_callback();
        !self.refuses("reveal a creature") && self.game.reveal_creature(id, "plugin", self.source)
    }

    fn disguised_as(&self, id: EntityId) -> ROption<RString> {
        count_callback();
        opt(self.game.creatures.get(&id).and_then(|c| c.disguise.as_deref()).map(RString::from))
    }

    // 1.6 (known kinds)

    fn kind_known(&self, kind: RStr<'_>) -> ROption<bool> {
        count_callback();
        opt(self.game.kind_known(kind.as_str()))
    }

    fn set_kind_known(&mut self, kind: RStr<'_>, known: bool) -> bool {
        count_callback();
        if self.refuses("change whether an item kind is known") {
            return false;
        }
        let set = self.game.set_kind_known(kind.as_str(), known, self.source);
        self.done(set, "set_kind_known").is_some()
    }

    fn unknown_kinds(&self) -> RVec<RString> {
        count_callback();
        self.game.unknown_kinds().into_iter().map(RString::from).collect()
    }

    // 1.7 (names)

    fn called(&self, id: EntityId) -> ROption<RString> {
        count_callback();
        opt(self.game.creatures.get(&id).map(|c| RString::from(self.game.the_name_of(c))))
    }

    // 1.7 (depths)
    fn flies(&self, id: EntityId) -> ROption<bool> {
        count_callback();
        if !self.game.creatures.contains_key(&id) {
            return ROption::RNone;
        }
        ROption::RSome(self.game.flies(id))
    }

    // 1.7 (fields)
    fn field_at(&self, name: RStr<'_>, at: Point) -> ROption<i32> {
        count_callback();
        opt(self.game.field_at(name.as_str(), at))
    }

    fn set_field(&mut self, name: RStr<'_>, at: Point, amount: i32) -> bool {
        count_callback();
        if self.refuses("set a field") {
            return false;
        }
        let set = self.game.set_field(name.as_str(), at, amount, self.source);
        self.done(set, "set_field").is_some()
    }

    fn add_field(&mut self, name: RStr<'_>, at: Point, delta: i32) -> ROption<i32> {
        count_callback();
        if self.refuses("add to a field") {
            return ROption::RNone;
        }
        let added = self.game.add_field(name.as_str(), at, delta, self.source);
        opt(self.done(added, "add_field"))
    }

    fn spread_field(&mut self, name: RStr<'_>, spread: &emberdeep_api::FieldSpread) -> bool {
        count_callback();
        if self.refuses("spread a field") {
            return false;
        }
        let spread = self.game.spread_field(name.as_str(), spread, self.source);
        self.done(spread, "spread_field").is_some()
    }

    fn field_cells(&self, name: RStr<'_>) -> RVec<emberdeep_api::FieldCell> {
        count_callback();
        let cells = self.game.field_cells(name.as_str());
        cells.into_iter().map(|(at, amount)| emberdeep_api::FieldCell { at, amount }).collect()
    }
}

impl HostCtx<'_> {
    /// What a change gave, or `None` with its refusal in one line on the
    /// console under the plugin's name (the run and its trace unchanged).
    fn done<T, E: std::fmt::Display>(&self, result: Result<T, E>, what: &str) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(why) => {
                tracing::warn!(plugin = self.source, "{what} refused: {why}");
                None
            }
        }
    }
}

/// How deep brains may run brains (a brain that runs itself stops here).
const MOST_NESTED_BRAINS: u32 = 4;

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::data::records::Records;
    use crate::plugins::registry::{LoadedPlugin, Plugins};

    /// A game whose plugin `lantern` declared `glow_turns` (5) and
    /// `brightness` (3), and whose records give `brightness = 8`.
    fn lantern_game() -> Game {
        let mut plugins = Plugins::default();
        plugins.loaded.push(LoadedPlugin {
            player_level: None,
            events: None,
            sides: Vec::new(),
            standings: Vec::new(),
            name: "lantern".into(),
            version: "0.1.0".into(),
            path: "liblantern.so".into(),
            needs: Vec::new(),
            names: Default::default(),
            settings: vec![("glow_turns".into(), 5, 1, 100), ("brightness".into(), 3, 0, 10)],
            stored: Vec::new(),
            api_version: "1.2.0".into(),
            description: String::new(),
            homepage: String::new(),
            origin: Default::default(),
            stored_kinds: Vec::new(),
        });
        let mut records = Records::default();
        records.settings.insert("lantern".into(), [("brightness".to_string(), 8)].into());
        records.settings.insert("other".into(), [("glow_turns".to_string(), 9)].into());
        let map = crate::core::map::Map::new_filled(5, 3, crate::core::map::Tile::Floor);
        Game::blank(1, map, Point::new(1, 1), Rc::new(plugins), Rc::new(records), crate::data::trace::Trace::console())
    }

    /// A game whose plugin `wands` keeps an item kind under the creatures'
    /// text `wielded`, and whose records have a sword (in the pack).
    fn wands_game() -> Game {
        let mut plugins = Plugins::default();
        plugins.loaded.push(LoadedPlugin {
            player_level: None,
            events: None,
            sides: Vec::new(),
            standings: Vec::new(),
            name: "wands".into(),
            version: "0.1.0".into(),
            path: "libwands.so".into(),
            needs: Vec::new(),
            names: Default::default(),
            settings: Vec::new(),
            stored: Vec::new(),
            api_version: "1.6.0".into(),
            description: String::new(),
            homepage: String::new(),
            origin: Default::default(),
            stored_kinds: vec!["wielded".into()],
        });
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("the host folder");
        let sword = "[[item]]\nid = \"sword\"\nname = \"sword\"\nglyph = \"/\"\ncolor = [1, 2, 3]\ntile = \"sword\"\n\
                     class = \"test\"\nfloors = [1, 1]\n";
        std::fs::write(dir.path().join("host/things.toml"), sword).expect("the records");
        let records =
            crate::data::records::check::load_records(dir.path(), &plugins.registered()).expect("the records read");
        let map = crate::core::map::Map::new_filled(5, 3, crate::core::map::Tile::Floor);
        let trace = crate::data::trace::Trace::console();
        let mut game = Game::blank(1, map, Point::new(1, 1), Rc::new(plugins), Rc::new(records), trace);
        game.add_to_pack("sword", 1).expect("a sword in the pack");
        game
    }

    #[test]
    fn a_text_a_plugin_may_not_store_is_refused_and_a_save_holding_it_by_the_same_rule() {
        let long = "x".repeat(5000);
        let cases = [
            (
                "wielded",
                "excalibur",
                "stored 'excalibur' under 'wielded', where wands keeps an item kind, and no loaded plugin has an \
                 item 'excalibur'; nothing was stored",
                "a text 'wielded' for creature #0 naming the item 'excalibur', which no loaded plugin has (wands \
                 keeps an item kind there)",
            ),
            (
                "motto",
                long.as_str(),
                "stored a text of 5000 characters under 'motto', more than a store keeps (4096); nothing was stored",
                "a text 'motto' of 5000 characters for creature #0, more than 4096",
            ),
        ];
        for (key, text, refused, held) in cases {
            // The running game: the write stores nothing, and the call fails with its line.
            let mut game = wands_game();
            let mut ctx = HostCtx::new(&mut game, "wands", Access::Play);
            GameCtx::store_set_text(&mut ctx, EntityId::PLAYER, key.into(), text.into());
            assert_eq!(ctx.take_trespass().map(|w| w.to_string()).as_deref(), Some(refused));
            drop(ctx);
            assert!(game.store_text.is_empty(), "nothing stored");
            // A save holding it: refused by the same rule.
            let mut parts = game.parts();
            parts.store_text.insert((EntityId::PLAYER, key.into()), text.into());
            let (plugins, records) = (game.plugins.clone(), game.records.clone());
            let back = Game::restore(parts, plugins, records, crate::data::trace::Trace::console());
            assert_eq!(back.err().map(|e| e.to_string()).as_deref(), Some(held));
        }
        // What the rule lets in: an item kind, or nothing, under `wielded`; 4,096 characters anywhere.
        let mut game = wands_game();
        let mut ctx = HostCtx::new(&mut game, "wands", Access::Play);
        GameCtx::store_set_text(&mut ctx, EntityId::PLAYER, "wielded".into(), "sword".into());
        GameCtx::store_set_text(&mut ctx, EntityId::PLAYER, "motto".into(), "x".repeat(4096).as_str().into());
        assert!(ctx.take_trespass().is_none());
        GameCtx::store_set_text(&mut ctx, EntityId::PLAYER, "wielded".into(), "".into());
        assert!(ctx.take_trespass().is_none(), "nothing in hand");
        // An item's text is held to the same length: not cut, refused.
        let sword = ctx.game.pack.get(0).expect("the sword").id;
        assert!(!GameCtx::item_set_text(&mut ctx, sword, "motto".into(), long.as_str().into()));
        assert!(ctx.take_trespass().is_some());
        drop(ctx);
        assert!(game.item_text.is_empty(), "nothing stored on the sword");
        assert_eq!(game.check(), Ok(()));
        let (plugins, records) = (game.plugins.clone(), game.records.clone());
        assert!(Game::restore(game.parts(), plugins, records, crate::data::trace::Trace::console()).is_ok());
    }

    #[test]
    fn a_value_stored_for_a_creature_not_on_the_floor_is_refused_so_the_run_still_saves() {
        let mut game = wands_game();
        let mut ctx = HostCtx::new(&mut game, "wands", Access::Play);
        let gone = EntityId(4242);
        GameCtx::store_set(&mut ctx, gone, "motto".into(), 3);
        let said = ctx.take_trespass().map(|w| w.to_string());
        assert_eq!(
            said.as_deref(),
            Some("stored 'motto' for creature #4242, which is not on the floor; nothing was stored")
        );
        GameCtx::store_set_text(&mut ctx, gone, "motto".into(), "hi".into());
        assert!(ctx.take_trespass().is_some(), "a text neither");
        GameCtx::store_set(&mut ctx, EntityId::PLAYER, "motto".into(), 3);
        assert!(ctx.take_trespass().is_none(), "the player is here");
        drop(ctx);
        assert!(game.store.keys().all(|(id, _)| *id == EntityId::PLAYER) && game.store_text.is_empty());
        let (plugins, records) = (game.plugins.clone(), game.records.clone());
        assert!(
            Game::restore(game.parts(), plugins, records, crate::data::trace::Trace::console()).is_ok(),
            "it saves"
        );
    }

    #[test]
    fn a_setting_is_the_records_number_else_the_default_its_plugin_declared() {
        let mut game = lantern_game();
        let ctx = HostCtx::new(&mut game, "lantern", Access::Look);
        let read = |key: &str| GameCtx::setting(&ctx, key.into()).into_option();
        assert_eq!(read("brightness"), Some(8), "the records give it");
        assert_eq!(read("glow_turns"), Some(5), "left out of the records: the declared default");
        assert_eq!(read("wick"), None, "neither declared nor given");
        // Another plugin's declarations and records are not this one's.
        let mut game = lantern_game();
        let other = HostCtx::new(&mut game, "other", Access::Look);
        assert_eq!(GameCtx::setting(&other, "glow_turns".into()).into_option(), Some(9));
        assert_eq!(GameCtx::setting(&other, "brightness".into()).into_option(), None);
    }

    #[test]
    fn a_1_6_host_answers_traits_plugins_the_floor_s_maker_and_sight() {
        let mut game = lantern_game();
        game.map.set_tile(Point::new(3, 1), crate::core::map::Tile::Wall);
        game.update_sight();
        let ctx = HostCtx::new(&mut game, "lantern", Access::Look);
        let has = |at: Point, t: &str| WorldCtx::terrain_has(&ctx, at, t.into()).into_option();
        assert_eq!(has(Point::new(1, 1), "ground"), Some(true), "the host's floor is open ground");
        assert_eq!(has(Point::new(3, 1), "wall"), Some(true));
        assert_eq!(has(Point::new(3, 1), "ground"), Some(false));
        assert_eq!(has(Point::new(-4, 99), "wall"), Some(true), "off the map: wall");
        let exists = |name: &str| WorldCtx::terrain_exists(&ctx, name.into()).into_option();
        assert_eq!((exists("floor"), exists("caves_floor")), (Some(true), Some(false)));
        let loaded = |name: &str| WorldCtx::plugin_loaded(&ctx, name.into()).into_option();
        assert_eq!((loaded("lantern"), loaded("caves")), (Some(true), Some(false)));
        let made = WorldCtx::floor_generator(&ctx).into_option().map(|t| (t.0.to_string(), t.1.to_string()));
        assert_eq!(made, Some(("host".into(), "scenario".into())), "a floor drawn, not generated");
        let sees = |who: EntityId, at: Point| WorldCtx::sees(&ctx, who, at).into_option();
        assert_eq!(sees(EntityId::PLAYER, Point::new(2, 1)), Some(true));
        assert_eq!(sees(EntityId::PLAYER, Point::new(4, 1)), Some(false), "behind the wall");
        assert_eq!(sees(EntityId(77), Point::new(2, 1)), Some(false), "nobody sees nothing");
    }

    #[test]
    fn a_creature_s_position_is_where_it_stands_and_nobody_s_is_none() {
        let mut game = lantern_game();
        let ctx = HostCtx::new(&mut game, "lantern", Access::Look);
        let at = |id: EntityId| WorldCtx::position(&ctx, id).into_option().map(ROption::into_option);
        assert_eq!(at(EntityId::PLAYER), Some(Some(Point::new(1, 1))), "a 1.5 host knows the answer");
        assert_eq!(at(EntityId(4242)), Some(None), "no such creature");
    }
}
