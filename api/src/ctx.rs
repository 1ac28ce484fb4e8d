//! [`Ctx`]: the game as a plugin sees it, in plain Rust, and [`Canvas`], the
//! surface a view draws on.
//!
//! Both wrap the trait objects that cross the boundary
//! ([`crate::abi::GameCtx`], [`crate::abi::Canvas`]) and convert on the way:
//! `&str` in, `Option`, `String` and `Vec` out.
//!
//! Plugins hold no game state of their own. What a plugin must remember about
//! a creature (a cooldown, the turns of a spell) goes in the per-creature
//! store ([`Ctx::store_get`], [`Ctx::store_set`], and `_text` for texts), and
//! what is particular to one item (a wand's charges) in the item's store
//! ([`Ctx::item_get`], [`Ctx::item_set`]). The host saves both with the run.

use std::sync::Mutex;

use abi_stable::std_types::{ROption, RSlice, RString, RVec};

use crate::abi::{RawCanvas, RawCtx};

/// `text` with its first letter upper case: a sentence starting with what
/// [`Ctx::called`] gave ("the allied goblin" reads "The allied goblin").
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
use crate::bridge::{FieldValue, LogField};
use crate::error::{PluginError, PluginResult};
use crate::looks::{CreatureLook, MonsterInfo};
use crate::types::{
    Attack, CreatureInfo, Damage, EntityId, FloorCreature, Generator, ItemId, ItemInfo, Look, MessageKind,
    MonsterState, PackEntry, Point, Rgba, Standing, StatusInfo, MONSTERS_SIDE, PLAYER_SIDE,
};

/// The game lent to a plugin for one call: read it, and change it, through here.
///
/// Every random number comes from [`Ctx::roll`], which draws from the run's
/// one seeded RNG, so a seed replays the same run. While the screen is drawn
/// (panel lines, the look panel, an item's suffix) the host lends a context
/// that answers questions but refuses every roll (the least value comes
/// back) and every change.
pub struct Ctx<'a> {
    raw: RawCtx<'a>,
}

fn some<T>(o: ROption<T>) -> Option<T> {
    o.into_option()
}

/// The settings this plugin declared when it registered, with their
/// defaults. Every plugin library has its own copy of this crate, and so of
/// this list. A host from api 1.2 on answers a declared setting's default
/// itself; against an older host, [`Ctx::setting`] falls back on this.
static DECLARED: Mutex<Vec<(String, i64)>> = Mutex::new(Vec::new());

/// Keeps the settings a plugin declared, with their defaults (its
/// registration does this, before handing them to the host).
pub(crate) fn remember_declared(settings: Vec<(String, i64)>) {
    *DECLARED.lock().unwrap_or_else(|e| e.into_inner()) = settings;
}

/// The default this plugin declared for setting `key`, if it declared it.
fn declared_default(key: &str) -> Option<i64> {
    DECLARED.lock().unwrap_or_else(|e| e.into_inner()).iter().find(|(name, _)| name == key).map(|(_, d)| *d)
}

impl<'a> Ctx<'a> {
    /// Wraps the context the host lent (the adapters do this for you).
    #[doc(hidden)]
    #[inline]
    pub fn new(raw: RawCtx<'a>) -> Self {
        Ctx { raw }
    }

    /// A whole number in `min..=max` from the run's RNG.
    #[inline]
    pub fn roll(&mut self, min: i32, max: i32) -> i32 {
        self.raw.roll(min, max)
    }

    /// Rolls a damage range.
    #[inline]
    pub fn roll_damage(&mut self, damage: Damage) -> i32 {
        self.raw.roll(damage.min, damage.max)
    }

    /// True one time in `n` (always for `n` of 1 or less).
    #[inline]
    pub fn one_in(&mut self, n: i32) -> bool {
        n <= 1 || self.raw.roll(1, n) == 1
    }

    /// The current turn, counting from 0 at the start of the run.
    #[inline]
    pub fn turn(&self) -> u64 {
        self.raw.turn()
    }

    /// The floor the player is on, 1 for the first.
    #[inline]
    pub fn floor(&self) -> u32 {
        self.raw.floor()
    }

    /// A creature's current state, or `None` if it is dead or never existed.
    /// The player's `defense` is derived (the armor worn), which may run the
    /// plugins' hooks.
    #[inline]
    pub fn creature(&mut self, id: EntityId) -> Option<CreatureInfo> {
        some(self.raw.creature(id))
    }

    /// Where a creature stands, or `None` if it is dead or never existed:
    /// what [`Ctx::creature`] says of its place, without copying its names
    /// or deriving the player's numbers (a brain asks it for itself and its
    /// target every turn). Since 1.5; from an older host it asks `creature`.
    #[inline]
    pub fn position(&mut self, id: EntityId) -> Option<Point> {
        if let Some(w) = self.raw.world().into_option() {
            if let ROption::RSome(answer) = w.position(id) {
                return answer.into_option();
            }
        }
        self.creature(id).map(|c| c.pos)
    }

    /// The player's current state (an error if there is none, which cannot
    /// happen while a run is on).
    #[inline]
    pub fn player(&mut self) -> PluginResult<CreatureInfo> {
        self.creature(EntityId::PLAYER).ok_or_else(|| PluginError::new("the host lent a game with no player"))
    }

    /// A creature's base numbers, before any plugin derives them.
    #[inline]
    pub fn base_numbers(&self, id: EntityId) -> Option<CreatureInfo> {
        some(self.raw.base_numbers(id))
    }

    /// The creature standing on `p`, if any.
    #[inline]
    pub fn creature_at(&self, p: Point) -> Option<EntityId> {
        some(self.raw.creature_at(p))
    }

    /// The monsters the player can see, nearest first (ties: higher, then further left).
    #[inline]
    pub fn monsters_in_view(&self) -> Vec<EntityId> {
        self.raw.monsters_in_view().into_vec()
    }

    /// Whether monster `id` can see the player.
    #[inline]
    pub fn sees_player(&self, id: EntityId) -> bool {
        self.raw.sees_player(id)
    }

    /// Whether the player can see the cell.
    #[inline]
    pub fn is_visible(&self, p: Point) -> bool {
        self.raw.is_visible(p)
    }

    /// Whether a creature could stand on the cell (ignoring creatures).
    #[inline]
    pub fn is_walkable(&self, p: Point) -> bool {
        self.raw.is_walkable(p)
    }

    /// Whether the cell is walkable, or a closed door, and no creature stands there.
    #[inline]
    pub fn is_free(&self, p: Point) -> bool {
        self.raw.is_free(p)
    }

    /// The line of fire from `from` towards `toward`, carried on to `range`
    /// steps, cut at walls and closed doors, `from` itself left out.
    #[inline]
    pub fn line_of_fire(&self, from: Point, toward: Point, range: i32) -> Vec<Point> {
        self.raw.line_of_fire(from, toward, range).into_vec()
    }

    /// The cells a burst centred on `center` reaches (walls shelter), the centre included.
    #[inline]
    pub fn burst(&self, center: Point, radius: i32) -> Vec<Point> {
        self.raw.burst(center, radius).into_vec()
    }

    /// The free neighbour of `id` nearest `goal` by walking distance; `None`
    /// if no step brings it closer.
    #[inline]
    pub fn step_toward(&mut self, id: EntityId, goal: Point) -> Option<Point> {
        some(self.raw.step_toward(id, goal))
    }

    /// The free neighbour of `id` that best gets away from `threat`.
    #[inline]
    pub fn step_away(&mut self, id: EntityId, threat: Point) -> Option<Point> {
        some(self.raw.step_away(id, threat))
    }

    /// Where a hunting monster last saw or heard the player, if anywhere.
    #[inline]
    pub fn hunt_goal(&self, id: EntityId) -> Option<Point> {
        some(self.raw.hunt_goal(id))
    }

    /// Moves a creature one step to a free neighbouring cell (a closed door
    /// there opens). Returns whether it moved.
    #[inline]
    pub fn move_creature(&mut self, id: EntityId, to: Point) -> bool {
        self.raw.move_creature(id, to)
    }

    /// Monster `id` takes one random step if that way is free (the die is
    /// rolled either way): what a monster with no goal does. Returns whether it moved.
    #[inline]
    pub fn wander(&mut self, id: EntityId) -> bool {
        self.raw.wander(id)
    }

    /// Runs the brain registered as `brain` (by any plugin) for monster `id`,
    /// this turn only: a brain that flees when hurt can fight as `melee`
    /// does otherwise. Returns false if there is no such brain.
    #[inline]
    pub fn run_brain(&mut self, id: EntityId, brain: &str) -> bool {
        self.raw.run_brain(id, brain.into())
    }

    /// Applies an attack the plugin decided: the damage, the log line, the
    /// `attack` trace event, the killer if the player dies, removal of the
    /// dead, and the `hurt` and `died` events. Returns whether the target died.
    #[inline]
    pub fn attack(&mut self, attack: Attack) -> bool {
        self.raw.attack(attack)
    }

    /// Heals a creature by up to `amount`; returns how much it healed.
    #[inline]
    pub fn heal(&mut self, id: EntityId, amount: i32) -> i32 {
        self.raw.heal(id, amount)
    }

    /// Sets a monster's state (waking it, or setting it on the player).
    #[inline]
    pub fn set_state(&mut self, id: EntityId, state: MonsterState) {
        self.raw.set_state(id, state)
    }

    /// Makes a noise: sleepers within `loudness / 2` steps wake and come,
    /// wanderers within `loudness` steps come to look.
    #[inline]
    pub fn noise(&mut self, at: Point, loudness: i32) {
        self.raw.noise(at, loudness)
    }

    /// Adds a line to the message log.
    #[inline]
    pub fn message(&mut self, text: &str, kind: MessageKind) {
        self.raw.message(text.into(), kind)
    }

    /// Adds an ordinary line to the message log.
    #[inline]
    pub fn say(&mut self, text: &str) {
        self.raw.message(text.into(), MessageKind::Info)
    }

    /// A balance number of the plugin's: the `[settings]` of its data
    /// files, or when they leave it out, the default it declared with
    /// [`Registrar::setting`](crate::Registrar::setting). Most plugins want
    /// [`Ctx::setting_value`], which needs no `Option`; this one is for
    /// numbers a plugin reads without declaring them (`None` when the
    /// records leave one out).
    #[inline]
    pub fn setting(&self, key: &str) -> Option<i64> {
        some(self.raw.setting(key.into())).or_else(|| declared_default(key))
    }

    /// A setting the plugin declared with
    /// [`Registrar::setting`](crate::Registrar::setting): the number its
    /// records' `[settings]` give, else the declared default. The default
    /// is written once, where it is declared:
    ///
    /// ```no_run
    /// # use emberdeep_api::*;
    /// # fn register(reg: &mut Registrar) {
    /// reg.setting("fight_noise", 4, 0, 100);
    /// # }
    /// # fn blow(ctx: &mut Ctx<'_>, at: Point) {
    /// let loudness = ctx.setting_value("fight_noise") as i32;
    /// ctx.noise(at, loudness);
    /// # }
    /// ```
    ///
    /// # Panics
    ///
    /// If the plugin declared no setting `key` and its records give none: a
    /// mistake in the plugin, which the host reports under its name (the run
    /// goes on).
    #[inline]
    pub fn setting_value(&self, key: &str) -> i64 {
        self.setting(key).unwrap_or_else(|| {
            panic!("the plugin reads the setting '{key}', which it never declared (Registrar::setting)")
        })
    }

    /// A setting, or `default` when neither the records nor the plugin's
    /// declaration give one. For a declared setting, [`Ctx::setting_value`]
    /// says the same without repeating the default.
    #[inline]
    pub fn setting_or(&self, key: &str, default: i64) -> i64 {
        self.setting(key).unwrap_or(default)
    }

    /// A number the plugin stored for a creature under `key`.
    #[inline]
    pub fn store_get(&self, id: EntityId, key: &str) -> Option<i64> {
        some(self.raw.store_get(id, key.into()))
    }

    /// Stores a number for a creature (saved with the run, dropped when it
    /// dies). A key a plugin declared ([`Registrar::stored`](crate::Registrar::stored))
    /// holds only numbers in its range: a number outside it is not stored,
    /// and the call fails, naming the key and the number.
    #[inline]
    pub fn store_set(&mut self, id: EntityId, key: &str, value: i64) {
        self.raw.store_set(id, key.into(), value)
    }

    /// A text the plugin stored for a creature under `key`.
    #[inline]
    pub fn store_get_text(&self, id: EntityId, key: &str) -> Option<String> {
        some(self.raw.store_get_text(id, key.into())).map(String::from)
    }

    /// Stores a text for a creature. The same key may hold a number and a text.
    /// A text of more than 4,096 characters, or one that is no item kind
    /// under a key declared with
    /// [`Registrar::stored_kind`](crate::Registrar::stored_kind), is not
    /// stored, and the call fails naming the key (since 1.6; an older host
    /// stores it).
    #[inline]
    pub fn store_set_text(&mut self, id: EntityId, key: &str, value: &str) {
        self.raw.store_set_text(id, key.into(), value.into())
    }

    /// Removes what is stored for a creature under `key`, number or text.
    #[inline]
    pub fn store_remove(&mut self, id: EntityId, key: &str) {
        self.raw.store_remove(id, key.into())
    }

    /// A number stored on an item under `key`.
    #[inline]
    pub fn item_get(&self, item: ItemId, key: &str) -> Option<i64> {
        some(self.raw.item_get(item, key.into()))
    }

    /// Stores a number on an item (saved with the run; an item with stored
    /// values no longer stacks with others). False if the item is gone. A
    /// declared key's range holds as for [`Ctx::store_set`]: false, and
    /// the call fails.
    #[inline]
    pub fn item_set(&mut self, item: ItemId, key: &str, value: i64) -> bool {
        self.raw.item_set(item, key.into(), value)
    }

    /// A text stored on an item under `key`.
    #[inline]
    pub fn item_get_text(&self, item: ItemId, key: &str) -> Option<String> {
        some(self.raw.item_get_text(item, key.into())).map(String::from)
    }

    /// Stores a text on an item. False if the item is gone. A text of more
    /// than 4,096 characters is not stored: false, and the call fails
    /// naming the key (since 1.6; an older host stores its first 4,096).
    #[inline]
    pub fn item_set_text(&mut self, item: ItemId, key: &str, value: &str) -> bool {
        self.raw.item_set_text(item, key.into(), value.into())
    }

    /// Removes what is stored on an item under `key`.
    #[inline]
    pub fn item_remove(&mut self, item: ItemId, key: &str) {
        self.raw.item_remove(item, key.into())
    }

    /// What the player's pack holds in `slot` (0 is `a`), if anything.
    #[inline]
    pub fn pack_item(&self, slot: u32) -> Option<PackEntry> {
        some(self.raw.pack_item(slot))
    }

    /// Takes up to `count` items out of pack slot `slot`.
    #[inline]
    pub fn pack_take(&mut self, slot: u32, count: u32) -> Option<PackEntry> {
        some(self.raw.pack_take(slot, count))
    }

    /// Puts `count` items of record `kind` in the pack (onto a stack of the
    /// same kind if it stacks). Returns the slot, `None` if the pack is full
    /// or no record has that id.
    #[inline]
    pub fn pack_add(&mut self, kind: &str, count: u32) -> Option<u32> {
        some(self.raw.pack_add(kind.into(), count))
    }

    /// Lays `count` items of record `kind` on the floor at `at`, or on the
    /// first neighbour that can take them. Returns where they landed;
    /// `None` if nowhere could, or `count` is 0 or more than a heap holds
    /// (9,999).
    #[inline]
    pub fn place_item(&mut self, kind: &str, count: u32, at: Point) -> Option<Point> {
        some(self.raw.place_item(kind.into(), count, at))
    }

    /// The record of an item kind, `None` if no loaded plugin's data has it.
    #[inline]
    pub fn item_info(&self, kind: &str) -> Option<ItemInfo> {
        some(self.raw.item_info(kind.into()))
    }

    /// `entry`'s item as the player is shown it, with its article or
    /// number: "a murky potion", "3 murky potions" while the potion is
    /// unknown, "a potion of healing" once known (every plugin's item names
    /// applied, as the pack writes it). For a message about the player's
    /// things, which must not name what the player has not learnt. Since
    /// 1.5; from an older host, the record's own name ([`ItemInfo::counted`]).
    #[inline]
    pub fn item_shown(&mut self, entry: &PackEntry) -> String {
        if let Some(mut w) = self.raw.world().into_option() {
            if let ROption::RSome(name) = w.item_shown(entry.kind.as_str().into(), entry.count, entry.item) {
                return name.into();
            }
        }
        match self.item_info(&entry.kind) {
            Some(info) => info.counted(entry.count),
            None => entry.kind.to_string(),
        }
    }

    /// The run's seed, the number it was started from (the same after a
    /// save is loaded): for deciding something once a run without drawing
    /// its random numbers. Since 1.3; a host older than that answers 0.
    #[inline]
    pub fn run_seed(&mut self) -> u64 {
        self.raw.world().into_option().map_or(0, |w| w.run_seed())
    }

    /// The ids of every item record the loaded plugins' data holds, sorted
    /// (read with [`Ctx::item_info`]). Since 1.3; a host older than that
    /// answers none.
    #[inline]
    pub fn item_kinds(&mut self) -> Vec<String> {
        self.raw.world().into_option().map_or_else(Vec::new, |w| w.item_kinds().into_iter().map(String::from).collect())
    }

    /// The player's blow as the loaded plugins derive it (the weapon in
    /// hand); `None` when no plugin derives it.
    #[inline]
    pub fn player_damage(&mut self) -> Option<Damage> {
        some(self.raw.player_damage())
    }

    /// Monster `me` tries its attack from afar (its record's `ranged`).
    #[inline]
    pub fn try_ranged(&mut self, me: EntityId) -> bool {
        self.raw.try_ranged(me)
    }

    /// Shows a missile flying along `path`, then `burst` flashing. Pure
    /// decoration: headless runs skip it, nothing reads it.
    #[inline]
    pub fn animate(&mut self, missile: Look, path: &[Point], burst: &[Point]) {
        self.raw.animate(missile, RSlice::from_slice(path), RSlice::from_slice(burst))
    }

    /// The registered brain monster `id` thinks with (`melee`).
    #[inline]
    pub fn brain_of(&self, id: EntityId) -> Option<String> {
        some(self.raw.brain_of(id)).map(String::from)
    }

    /// Gives monster `id` another registered brain for good (traced as
    /// `brain`). For a while only, a status with [`StatusEffect::Brain`](crate::StatusEffect::Brain)
    /// is simpler: the host gives the own brain back.
    #[inline]
    pub fn set_brain(&mut self, id: EntityId, brain: &str) -> bool {
        self.raw.set_brain(id, brain.into())
    }

    /// Puts status `name` (registered by any plugin) on creature `id` for
    /// `turns` turns, or sets the turns if it bears it already. The host
    /// counts it down, shows it, saves it, and traces `status_start`.
    #[inline]
    pub fn add_status(&mut self, id: EntityId, name: &str, turns: i32) -> bool {
        self.raw.add_status(id, name.into(), turns)
    }

    /// Takes status `name` off creature `id`. Returns whether it bore it.
    #[inline]
    pub fn remove_status(&mut self, id: EntityId, name: &str) -> bool {
        self.raw.remove_status(id, name.into())
    }

    /// The statuses creature `id` bears, in the order they came.
    #[inline]
    pub fn statuses(&self, id: EntityId) -> Vec<StatusInfo> {
        self.raw.statuses(id).into_vec()
    }

    /// Turns left of status `name` on creature `id`, if it bears it.
    #[inline]
    pub fn status_turns(&self, id: EntityId, name: &str) -> Option<i32> {
        self.statuses(id).into_iter().find(|s| s.name.as_str() == name).map(|s| s.turns)
    }

    /// Sets a creature's most health (its health cut down if above it).
    #[inline]
    pub fn set_max_hp(&mut self, id: EntityId, max_hp: i32) -> bool {
        self.raw.set_max_hp(id, max_hp)
    }

    /// Sets a creature's base blow.
    #[inline]
    pub fn set_base_damage(&mut self, id: EntityId, damage: Damage) -> bool {
        self.raw.set_base_damage(id, damage)
    }

    /// Sets a creature's base defense.
    #[inline]
    pub fn set_base_defense(&mut self, id: EntityId, defense: i32) -> bool {
        self.raw.set_base_defense(id, defense)
    }

    /// Writes an event of the plugin's own to the trace, under its name,
    /// with `fields` in order: `ctx.event("arrow_broke", &[("x", 3.into())])`.
    #[inline]
    pub fn event(&mut self, name: &str, fields: &[(&str, FieldValue)]) {
        let fields: RVec<LogField> =
            fields.iter().map(|(n, v)| LogField { name: RString::from(*n), value: v.clone() }).collect();
        self.raw.event(name.into(), fields)
    }

    /// A new monster of record `kind` on the free walkable cell `at`, on
    /// `side` (`""`: its record's side); `None` (and a line in the log
    /// saying why) for an unknown kind, a wall, an occupied cell or an
    /// undeclared side. Since 1.2.
    #[inline]
    pub fn spawn(&mut self, kind: &str, at: Point, side: &str) -> Option<EntityId> {
        self.raw.world().into_option()?.spawn(kind.into(), at, side.into()).into_option()
    }

    /// Takes monster `id` out of the world without a death (a `removed`
    /// event; no `death`, no kill). What it carried ([`Ctx::give`]) lies
    /// where it stood, the same items (`item_dropped`). Since 1.2.
    #[inline]
    pub fn remove(&mut self, id: EntityId) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.remove(id))
    }

    /// Puts creature `id` on the free walkable cell `at` at once (a
    /// `teleport` event; the player's sight follows in the same call).
    /// Since 1.2.
    #[inline]
    pub fn place(&mut self, id: EntityId, at: Point) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.place(id, at))
    }

    /// The floor's width and height in cells. Since 1.2.
    #[inline]
    pub fn map_size(&mut self) -> (i32, i32) {
        let size = self.raw.world().into_option().map_or(Point::new(0, 0), |w| w.map_size());
        (size.x, size.y)
    }

    /// Every creature on the floor, the player first, then in id order,
    /// with its side and whether the player sees it. Since 1.2.
    #[inline]
    pub fn floor_creatures(&mut self) -> Vec<FloorCreature> {
        self.raw.world().into_option().map_or_else(Vec::new, |mut w| w.floor_creatures().into_vec())
    }

    /// Creature `id`'s side (`player`, `monsters`, or a plugin's); a host
    /// older than 1.2 answers by the 1.1 rule. Since 1.2.
    #[inline]
    pub fn side_of(&mut self, id: EntityId) -> Option<String> {
        match self.raw.world().into_option() {
            Some(w) => w.side_of(id).into_option().map(|s| s.into_string()),
            // A host older than 1.2: the player's side and the monsters'.
            None => Some(if id.is_player() { PLAYER_SIDE } else { MONSTERS_SIDE }.to_string()),
        }
    }

    /// Moves monster `id` to `side` (a charm: `ctx.set_side(wolf,
    /// PLAYER_SIDE)`). Since 1.2.
    #[inline]
    pub fn set_side(&mut self, id: EntityId, side: &str) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.set_side(id, side.into()))
    }

    /// The nearest creature of another side that `id` sees (ties: the
    /// higher, then the further left); a host older than 1.2 answers the
    /// player if `id` sees it. Since 1.2.
    #[inline]
    pub fn nearest_enemy(&mut self, id: EntityId) -> Option<EntityId> {
        if let Some(mut w) = self.raw.world().into_option() {
            return w.nearest_enemy(id).into_option();
        }
        // A host older than 1.2: the player, if `id` sees it.
        (!id.is_player() && self.raw.sees_player(id)).then_some(EntityId::PLAYER)
    }

    /// Whether `a` and `b` are on different sides. Since 1.2.
    #[inline]
    pub fn are_enemies(&mut self, a: EntityId, b: EntityId) -> bool {
        match self.raw.world().into_option() {
            Some(w) => w.are_enemies(a, b),
            // A host older than 1.2: the player against everyone else.
            None => a.is_player() != b.is_player(),
        }
    }

    /// The host's step for an ally with nothing to fight: toward the
    /// player when further than two steps. Since 1.2.
    #[inline]
    pub fn follow_player(&mut self, id: EntityId) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.follow_player(id))
    }

    /// The terrain at `at` by name (`floor`, `wall`, `door_closed`,
    /// `door_open`, `stairs_down`, or a registered one); `wall` off the
    /// map, and from a host older than 1.2. Since 1.2.
    #[inline]
    pub fn terrain_at(&mut self, at: Point) -> String {
        self.raw.world().into_option().map_or_else(|| "wall".to_string(), |w| w.terrain_at(at).into())
    }

    /// Makes the cell at `at` terrain `name` (a wand of digging:
    /// `ctx.set_terrain(p, &ctx.ground_near(p))`), traced; sight and paths
    /// follow at once. A kind that hides (a trap) is laid hidden: the
    /// player does not see it until found ([`Ctx::set_terrain_found`] lays
    /// it shown). False, with the reason logged, off the map, on its border,
    /// on the stairs down (since 1.6: they stay, so the floor keeps its way
    /// down), for an unknown name, or for terrain the creature standing
    /// there could not stand on. Since 1.2.
    #[inline]
    pub fn set_terrain(&mut self, at: Point, name: &str) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.set_terrain(at, name.into()))
    }

    /// Whether the terrain at `at` is hidden from the player (a trap not
    /// yet found). Since 1.2.
    #[inline]
    pub fn terrain_hidden(&mut self, at: Point) -> bool {
        self.raw.world().into_option().is_some_and(|w| w.terrain_hidden(at))
    }

    /// The player finds the hidden terrain at `at` (a search key's work):
    /// it shows from now on and its code's `found` runs. False if nothing
    /// hidden is there. Since 1.2.
    #[inline]
    pub fn reveal_terrain(&mut self, at: Point) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.reveal_terrain(at))
    }

    // 1.3 (allies)

    /// Asks the player a yes/no `question` ("Free the captive goblin?"):
    /// the player's current action ends without a turn, the host shows
    /// the question, and the answer comes to this plugin's
    /// [`Hooks::answered`](crate::Hooks::answered) with `topic` (up to 64
    /// bytes: what the question is about, in the plugin's own words).
    /// Only during the player's own action; false (logged) otherwise, for
    /// an empty question, or when a question already waits. Since 1.3.
    #[inline]
    pub fn ask(&mut self, question: &str, topic: &str) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.ask(question.into(), topic.into()))
    }

    // 1.3 (terrain)

    /// The player goes down to the next floor once the action under way is
    /// over, wherever they stand (a pit trap): `why` is the log's line,
    /// and the trace a `fall` event (`from`, `to`) under this plugin.
    /// False on the floor of the ember-heart or the deepest floor, in a
    /// call that may only look, and from a host older than 1.3. Since 1.3.
    #[inline]
    pub fn descend(&mut self, why: &str) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.descend(why.into()))
    }

    // 1.3 (potions)

    /// The player learns the whole floor's map (a scroll of magic mapping);
    /// returns how many cells were new to it (0 from a host older than
    /// 1.3). Since 1.3.
    #[inline]
    pub fn reveal_map(&mut self) -> u32 {
        self.raw.world().into_option().map_or(0, |mut w| w.reveal_map())
    }

    /// The items this plugin took out of the pack during the player's
    /// current action and has not yet put back, placed or given (since
    /// 1.2). Each keeps its id and store until the action ends; what is
    /// still held then is lost.
    #[inline]
    pub fn held_items(&self) -> Vec<PackEntry> {
        self.raw.held_items().into_vec()
    }

    /// Lays an item this plugin holds (as [`Ctx::pack_take`] gave it) on
    /// the floor at `at`, or the first neighbour that can take it, keeping
    /// its id and store (since 1.2). Returns where it landed; `None` if
    /// the item is not one it holds (nothing changes) or nowhere could
    /// take it (it stays held).
    #[inline]
    pub fn place_existing(&mut self, item: PackEntry, at: Point) -> Option<Point> {
        some(self.raw.place_existing(item, at))
    }

    /// Puts an item this plugin holds back in the pack, keeping its id and
    /// store (since 1.2). Returns the slot; `None` if it is not held or the
    /// pack is full.
    #[inline]
    pub fn pack_put(&mut self, item: PackEntry) -> Option<u32> {
        some(self.raw.pack_put(item))
    }

    /// Gives an item this plugin holds to monster `to`, which carries it
    /// and drops it, the same item, where it dies (since 1.2). False if it
    /// is not held or `to` is not a living monster.
    #[inline]
    pub fn give(&mut self, to: EntityId, item: PackEntry) -> bool {
        self.raw.give(to, item)
    }

    /// What creature `id` carries, in the order it was given (since 1.2).
    #[inline]
    pub fn carried(&self, id: EntityId) -> Vec<PackEntry> {
        self.raw.carried(id).into_vec()
    }

    // 1.6 (terrain by meaning, knowing the world)

    /// Whether the terrain at `at` has trait `name`
    /// ([`crate::terrain_traits`]): ask `ctx.terrain_has(p, GROUND)` where a
    /// rule wants open ground, never `terrain_at(p) == "floor"`, so the rule
    /// holds on every plugin's ground (a cave's too). A hidden trap answers
    /// its own traits. Since 1.6; from an older host, by the host's own
    /// terrains' traits (a plugin's terrain then has none).
    #[inline]
    pub fn terrain_has(&mut self, at: Point, name: &str) -> bool {
        if let Some(w) = self.raw.world().into_option() {
            if let ROption::RSome(answer) = w.terrain_has(at, name.into()) {
                return answer;
            }
        }
        let terrain = self.terrain_at(at);
        crate::terrain_traits::host_traits(&terrain).is_some_and(|t| t.contains(&name))
    }

    /// Whether `at` is open ground, free of creatures: where a rule may put
    /// a creature or lay something (a split ooze, a blink's landing).
    /// [`Ctx::terrain_has`] `GROUND` and [`Ctx::is_free`]. Since 1.6.
    #[inline]
    pub fn is_open_ground(&mut self, at: Point) -> bool {
        self.raw.is_free(at) && self.terrain_has(at, crate::terrain_traits::GROUND)
    }

    /// The open ground that belongs beside `at`: the terrain of the first
    /// of its neighbours (in [`DIRECTIONS`](crate::DIRECTIONS) order) that
    /// is open ground, else the host's `floor`. What a cell that stops
    /// being something else turns into (a dug wall, a chest that woke), so
    /// a cave stays cave ground. Since 1.6.
    pub fn ground_near(&mut self, at: Point) -> String {
        for (dx, dy) in crate::DIRECTIONS {
            let p = at.offset(dx, dy);
            if self.terrain_has(p, crate::terrain_traits::GROUND) {
                return self.terrain_at(p);
            }
        }
        "floor".into()
    }

    /// The traits of terrain kind `name`, sorted (none for a kind nobody
    /// has). Since 1.6; from an older host, the host's terrains' only.
    #[inline]
    pub fn terrain_traits(&mut self, name: &str) -> Vec<String> {
        if let Some(w) = self.raw.world().into_option() {
            if let ROption::RSome(traits) = w.terrain_traits(name.into()) {
                return traits.into_iter().map(String::from).collect();
            }
        }
        let mut traits: Vec<String> =
            crate::terrain_traits::host_traits(name).unwrap_or(&[]).iter().map(|t| t.to_string()).collect();
        traits.sort();
        traits
    }

    /// Whether a terrain kind `name` exists in this run (the host's, or a
    /// loaded plugin's): ask this before laying another plugin's terrain,
    /// instead of trying [`Ctx::set_terrain`] and reading the refusal.
    /// Since 1.6; an older host is asked for its own terrains only.
    #[inline]
    pub fn terrain_exists(&mut self, name: &str) -> bool {
        if let Some(w) = self.raw.world().into_option() {
            if let ROption::RSome(answer) = w.terrain_exists(name.into()) {
                return answer;
            }
        }
        crate::terrain_traits::host_traits(name).is_some()
    }

    /// Whether a plugin called `name` is loaded in this run (never guess
    /// it from one of its records). Since 1.6; an older host: false.
    #[inline]
    pub fn plugin_loaded(&mut self, name: &str) -> bool {
        self.raw.world().into_option().and_then(|w| w.plugin_loaded(name.into()).into_option()).unwrap_or(false)
    }

    /// What made the floor the player is on: a plugin's generator, or the
    /// host's rooms (see [`Generator`]). Since 1.6; `None` from an older host.
    #[inline]
    pub fn floor_generator(&mut self) -> Option<Generator> {
        let w = self.raw.world().into_option()?;
        w.floor_generator().into_option().map(|made| Generator::new(made.0.as_str(), made.1.as_str()))
    }

    /// Whether creature `who` sees cell `at`, by the host's own rule (the
    /// player: its field of view; a monster: within its sight, nothing
    /// that blocks sight between); false for no such creature. Since 1.6;
    /// from an older host, the player's field of view, or for a monster,
    /// within its sight and on a line of fire.
    #[inline]
    pub fn sees(&mut self, who: EntityId, at: Point) -> bool {
        if let Some(w) = self.raw.world().into_option() {
            if let ROption::RSome(answer) = w.sees(who, at) {
                return answer;
            }
        }
        if who.is_player() {
            return self.raw.is_visible(at);
        }
        let Some(c) = self.creature(who) else { return false };
        c.pos == at
            || (c.pos.steps_to(at) <= c.sight
                && self.raw.line_of_fire(c.pos, at, c.pos.steps_to(at)).into_iter().any(|p| p == at))
    }

    /// Lays terrain `name` at `at` already found: a kind that hides shows
    /// at once, with no "You find" line and no `found` code (a trap the
    /// player saw being set). Otherwise as [`Ctx::set_terrain`]. Since
    /// 1.6; an older host lays it as `set_terrain` does (hidden).
    #[inline]
    pub fn set_terrain_found(&mut self, at: Point, name: &str) -> bool {
        let Some(mut w) = self.raw.world().into_option() else { return false };
        // A host that cannot say whether a terrain exists is older than 1.6.
        if w.terrain_exists(name.into()).is_none() {
            return w.set_terrain(at, name.into());
        }
        w.set_terrain_found(at, name.into())
    }

    // 1.6 (items)

    /// Lays `count` items of record `kind` on the floor at `at` (or the
    /// first neighbour that can take them), as [`Ctx::place_item`] does,
    /// and answers the item's id with the cell it landed on: the new
    /// item's id, or the heap's own when they joined a heap of their kind
    /// lying there. Its effect's `made` runs as for any new item. `None`
    /// (one line on the console, nothing changed) for an unknown kind, a
    /// count of 0 or over 9,999, or nowhere to land; and from a host older
    /// than 1.6, which has no way to say the id (call [`Ctx::place_item`]
    /// there). Since 1.6.
    ///
    /// ```no_run
    /// # use emberdeep_api::*;
    /// # fn drop_loot(ctx: &mut Ctx<'_>, at: Point) {
    /// if let Some((item, landed)) = ctx.place_item_id("wand_of_sparks", 1, at) {
    ///     ctx.item_set(item, "cursed", 1);
    ///     assert!(ctx.items_at(landed).iter().any(|lying| lying.item == item));
    /// }
    /// # }
    /// ```
    #[inline]
    pub fn place_item_id(&mut self, kind: &str, count: u32, at: Point) -> Option<(ItemId, Point)> {
        let placed = self.raw.world().into_option()?.place_item_id(kind.into(), count, at).into_option()?;
        Some((placed.item, placed.at))
    }

    /// The items lying on cell `at`, each with its kind, count and id, in
    /// the order they came (the last is the one `g` picks up); none off the
    /// map, and from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn items_at(&mut self, at: Point) -> Vec<PackEntry> {
        self.raw.world().into_option().map_or_else(Vec::new, |w| w.items_at(at).into_vec())
    }

    /// Whether items of record `kind` stack (join a heap or a pack slot of
    /// their kind), as the record says; `None` for a kind no record has,
    /// and from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn item_stacks(&mut self, kind: &str) -> Option<bool> {
        self.raw.world().into_option()?.item_stacks(kind.into()).into_option()
    }

    // 1.6 (standings)

    /// How sides `a` and `b` stand toward each other now (a side and
    /// itself: allied; sides no one spoke of: hostile). `None` for a side
    /// no loaded plugin declared, and from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn standing(&mut self, a: &str, b: &str) -> Option<Standing> {
        self.raw.world().into_option().and_then(|w| w.standing(a.into(), b.into()).into_option())
    }

    /// Sides `a` and `b` stand so from now on, both ways (a trader
    /// angered: `ctx.set_standing("traders", PLAYER_SIDE,
    /// Standing::Hostile)`), kept by a save and traced as `standing`.
    /// False (logged), changing nothing, for a side no loaded plugin
    /// declared, a side and itself, or from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn set_standing(&mut self, a: &str, b: &str, standing: Standing) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.set_standing(a.into(), b.into(), standing))
    }

    /// Whether creature `id` is peaceful: its record says so and no one of
    /// the player's side has attacked it yet (false from a host older than
    /// 1.6). Since 1.6.
    #[inline]
    pub fn is_peaceful(&mut self, id: EntityId) -> bool {
        self.raw.world().into_option().is_some_and(|w| w.is_peaceful(id))
    }

    // 1.6 (looks)

    /// A new monster of record `kind` on the free walkable cell `at`, on
    /// `side` (`""`: its record's), with a name and look of its own over
    /// the record's: `ctx.spawn_as("risen", at, "", &CreatureLook::named("risen goblin").glyph('g'))`.
    /// Messages, both views, the look panel, the in-sight list and the
    /// morgue show them; the trace keeps the record id. `None` (one line
    /// saying why, nothing changed) as for [`Ctx::spawn`], and for a look
    /// the host refuses (see [`CreatureLook`]); from a host older than
    /// 1.6 too. Since 1.6.
    #[inline]
    pub fn spawn_as(&mut self, kind: &str, at: Point, side: &str, look: &CreatureLook) -> Option<EntityId> {
        self.raw.world().into_option()?.spawn_as(kind.into(), at, side.into(), look).into_option()
    }

    /// Gives monster `id` the name and look `look` over its record's, in
    /// place of any it had ([`CreatureLook::new`], no part given: the
    /// record's again); saved with the run, traced as `look`. False (one
    /// line, nothing changed) for the player, no such creature, a look the
    /// host refuses, and from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn set_look(&mut self, id: EntityId, look: &CreatureLook) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.set_look(id, look))
    }

    /// The record of monster kind `kind` (`goblin`): name, plural, look,
    /// health, blow, defense, sight, side and brain. `None` for a kind no
    /// loaded record has, and from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn monster_info(&mut self, kind: &str) -> Option<MonsterInfo> {
        some(self.raw.world().into_option()?.monster_info(kind.into()))
    }

    /// Shows monster `id` as `as_kind` until it is revealed: a terrain
    /// (`wall`, or one a plugin registered) or else an item kind (a mimic
    /// as a chest). The host drops the disguise when the player steps next
    /// to it or into it, and when it attacks or is attacked; until then the
    /// player's screen, the in-sight list and the time-savers take it for
    /// what it shows. Traced as `disguise`. False (one line, nothing
    /// changed) for the player, no such creature, an unknown kind, and from
    /// a host older than 1.6. Since 1.6.
    #[inline]
    pub fn disguise(&mut self, id: EntityId, as_kind: &str) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.disguise(id, as_kind.into()))
    }

    /// Creature `id` drops its disguise now (traced as `reveal`). False if
    /// it wears none, and from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn reveal(&mut self, id: EntityId) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.reveal(id))
    }

    /// What creature `id` is disguised as (`wall`, `gold_pile`), if it is.
    /// `None` from a host older than 1.6. Since 1.6.
    #[inline]
    pub fn disguised_as(&mut self, id: EntityId) -> Option<String> {
        some(self.raw.world().into_option()?.disguised_as(id)).map(String::from)
    }

    // 1.6 (known kinds)

    /// Whether the player knows item kind `kind` (`ring_of_seeing`): every
    /// kind is known unless a plugin marked it unknown
    /// ([`Ctx::set_kind_known`]) and nobody has made it known since. `None`
    /// for a kind no item record has. From a host older than 1.6, where no
    /// kind can be marked unknown, `Some(true)` for every kind a record has.
    /// Since 1.6.
    #[inline]
    pub fn kind_known(&mut self, kind: &str) -> Option<bool> {
        if let Some(w) = self.raw.world().into_option() {
            if let ROption::RSome(known) = w.kind_known(kind.into()) {
                return Some(known);
            }
        }
        self.item_info(kind).map(|_| true)
    }

    /// Item kind `kind` is known to the player from now on (`known`: a
    /// scroll of identify), or unknown (a ring that comes unknown, marked
    /// when the run starts), whichever plugin marked it before; saved with
    /// the run, traced as `kind_known` when it changes anything. False
    /// (logged), changing nothing, for a kind no item record has, and from
    /// a host older than 1.6. Since 1.6.
    #[inline]
    pub fn set_kind_known(&mut self, kind: &str, known: bool) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.set_kind_known(kind.into(), known))
    }

    /// The item kinds the player does not know now, in name order (empty
    /// from a host older than 1.6). Since 1.6.
    #[inline]
    pub fn unknown_kinds(&mut self) -> Vec<String> {
        match self.raw.world().into_option() {
            Some(w) => w.unknown_kinds().into_iter().map(String::from).collect(),
            None => Vec::new(),
        }
    }

    // 1.7 (names)

    /// How the host's own lines name creature `id`, to use in a plugin's
    /// message so that it reads as the host's do: "you", "your spirit
    /// wolf" (called up for the player), "the allied goblin" (won over),
    /// "the goblin" (anyone else). Lower case: [`capitalized`] starts a
    /// sentence with it. `None` for no such creature. From a host older
    /// than 1.7, "the " and the creature's name (as before). Since 1.7.
    pub fn called(&mut self, id: EntityId) -> Option<String> {
        if let Some(w) = self.raw.world().into_option() {
            if let ROption::RSome(name) = w.called(id) {
                return Some(name.into());
            }
        }
        let c = self.creature(id)?;
        Some(if id.is_player() { "you".into() } else { format!("the {}", c.name) })
    }

    // 1.7 (depths)

    /// Whether creature `id` flies now: its monster record has the trait
    /// `flies` (a bat), or it bears a status a plugin declared lifting
    /// ([`Registrar::status_flies`](crate::Registrar::status_flies): a
    /// potion of levitation). A flier crosses chasms, lava and deep water
    /// unharmed; a ground trap's rule asks this to let it pass. `None` for
    /// no such creature, and from a host older than 1.7 (which has no
    /// fliers). Added in 1.7.
    #[inline]
    pub fn flies(&mut self, id: EntityId) -> Option<bool> {
        self.raw.world().into_option().and_then(|w| w.flies(id).into_option())
    }

    // 1.7 (fields)

    /// How much of field `name` (a kind a loaded plugin declared with
    /// [`Registrar::field`](crate::Registrar::field)) lies at `at`: 0 where
    /// there is none and off the map. `None` for a field nobody declared,
    /// and from a host older than 1.7. Since 1.7.
    #[inline]
    pub fn field_at(&mut self, name: &str, at: Point) -> Option<i32> {
        some(self.raw.world().into_option()?.field_at(name.into(), at))
    }

    /// Field `name` at `at` holds `amount` from now on (clamped to
    /// `0..=`[`FIELD_MOST`](crate::types::FIELD_MOST)): saved with the run,
    /// traced as `field_set` when it changes anything. False (logged),
    /// changing nothing, off the map or on a cell no creature could stand
    /// on, for a field nobody declared, and from a host older than 1.7.
    /// Since 1.7.
    #[inline]
    pub fn set_field(&mut self, name: &str, at: Point, amount: i32) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.set_field(name.into(), at, amount))
    }

    /// Adds `delta` (negative takes away) to field `name` at `at`; the
    /// amount there then, or `None` where [`Ctx::set_field`] would refuse.
    /// Since 1.7.
    #[inline]
    pub fn add_field(&mut self, name: &str, at: Point, delta: i32) -> Option<i32> {
        some(self.raw.world().into_option()?.add_field(name.into(), at, delta))
    }

    /// Field `name` spreads to the open cells around and thins over the
    /// whole floor, one turn's worth, in the host's fast pass (call it
    /// once a turn, from [`Hooks::turn_ended`](crate::Hooks::turn_ended)).
    /// False (logged) for a field nobody declared, numbers out of range,
    /// and from a host older than 1.7. Since 1.7.
    #[inline]
    pub fn spread_field(&mut self, name: &str, spread: crate::types::FieldSpread) -> bool {
        self.raw.world().into_option().is_some_and(|mut w| w.spread_field(name.into(), &spread))
    }

    /// Every cell of the floor holding field `name` and its amount, row by
    /// row (empty for a field nobody declared and from a host older than
    /// 1.7). Since 1.7.
    #[inline]
    pub fn field_cells(&mut self, name: &str) -> Vec<(Point, i32)> {
        match self.raw.world().into_option() {
            Some(w) => w.field_cells(name.into()).into_iter().map(|c| (c.at, c.amount)).collect(),
            None => Vec::new(),
        }
    }

    /// The context as it crosses, for what this wrapper does not cover.
    #[doc(hidden)]
    #[inline]
    pub fn raw(&mut self) -> &mut RawCtx<'a> {
        &mut self.raw
    }
}

impl From<i64> for FieldValue {
    fn from(v: i64) -> Self {
        FieldValue::Int(v)
    }
}

impl From<i32> for FieldValue {
    fn from(v: i32) -> Self {
        FieldValue::Int(v as i64)
    }
}

impl From<bool> for FieldValue {
    fn from(v: bool) -> Self {
        FieldValue::Bool(v)
    }
}

impl From<&str> for FieldValue {
    fn from(v: &str) -> Self {
        FieldValue::Text(v.into())
    }
}

/// The surface a [`View`](crate::View) draws on, in pixels.
pub struct Canvas<'a> {
    raw: RawCanvas<'a>,
}

impl<'a> Canvas<'a> {
    /// Wraps the canvas the host lent (the adapters do this for you).
    #[doc(hidden)]
    #[inline]
    pub fn new(raw: RawCanvas<'a>) -> Self {
        Canvas { raw }
    }

    /// Width and height of the area the view owns, in pixels.
    #[inline]
    pub fn size(&self) -> (u32, u32) {
        let s = self.raw.size();
        (s.0, s.1)
    }

    /// Fills a rectangle (alpha blends).
    #[inline]
    pub fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        self.raw.fill_rect(x, y, w, h, color)
    }

    /// Draws one character, `size` pixels square.
    #[inline]
    pub fn glyph(&mut self, x: i32, y: i32, size: u32, ch: char, color: Rgba) {
        self.raw.glyph(x, y, size, ch as u32, color)
    }

    /// Draws one character given as a Unicode scalar value (as a [`Look`] holds it).
    #[inline]
    pub fn glyph_code(&mut self, x: i32, y: i32, size: u32, ch: u32, color: Rgba) {
        self.raw.glyph(x, y, size, ch, color)
    }

    /// Draws a line of text, each character `size` pixels square.
    #[inline]
    pub fn text(&mut self, x: i32, y: i32, size: u32, text: &str, color: Rgba) {
        self.raw.text(x, y, size, text.into(), color)
    }

    /// Draws an atlas tile by name, tinted; false if there is no such tile.
    #[inline]
    pub fn tile(&mut self, x: i32, y: i32, size: u32, name: &str, tint: Rgba) -> bool {
        self.raw.tile(x, y, size, name.into(), tint)
    }

    /// Draws a straight line one pixel wide.
    #[inline]
    pub fn line(&mut self, from: (i32, i32), to: (i32, i32), color: Rgba) {
        self.raw.line(from.0, from.1, to.0, to.1, color)
    }

    /// Draws the outline of a rectangle, one pixel wide.
    #[inline]
    pub fn outline(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        self.raw.outline(x, y, w, h, color)
    }
}
