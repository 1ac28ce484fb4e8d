//! The game context: the one door through which a plugin reads and changes
//! the game. The host implements it; plugins receive it as [`Ctx`].
//!
//! Plugins hold no game state of their own. What a plugin must remember about
//! a creature (a cooldown, turns of confusion) goes in the per-entity store
//! ([`GameCtx::store_get`] / [`GameCtx::store_set`] for numbers,
//! [`GameCtx::store_get_text`] / [`GameCtx::store_set_text`] for text), which
//! the host saves with the run.

use abi_stable::{
    sabi_trait,
    sabi_types::RMut,
    std_types::{ROption, RSlice, RStr, RString, RVec},
};

use crate::bridge::LogField;
use crate::scene::Look;
use crate::types::{Attack, CreatureInfo, Damage, EntityId, ItemInfo, MessageKind, MonsterState, PackEntry, Point};

/// The context as plugins receive it: a borrowed [`GameCtx`] trait object.
pub type Ctx<'a> = GameCtx_TO<'a, RMut<'a, ()>>;

/// Everything a plugin may ask of or do to the game.
///
/// Every random number a plugin needs comes from [`GameCtx::roll`], which draws
/// from the run's one seeded RNG, so a seed replays the same run.
#[sabi_trait]
pub trait GameCtx {
    /// A whole number in `min..=max` from the run's RNG.
    fn roll(&mut self, min: i32, max: i32) -> i32;

    /// The current turn, counting from 0 at the start of the run.
    fn turn(&self) -> u64;

    /// The floor the player is on, 1 for the first.
    fn floor(&self) -> u32;

    /// A creature's current state, or `None` if it is dead or never existed.
    ///
    /// The player's `defense` is derived: the first loaded plugin whose
    /// [`Hooks::player_defense`](crate::Hooks::player_defense) answers decides
    /// it (the armor worn), else the base 0. Asking may run those hooks,
    /// hence `&mut self`.
    fn creature(&mut self, id: EntityId) -> ROption<CreatureInfo>;

    /// The creature standing on `p`, if any.
    fn creature_at(&self, p: Point) -> ROption<EntityId>;

    /// The monsters the player can see, nearest first (ties: higher, then further left).
    fn monsters_in_view(&self) -> RVec<EntityId>;

    /// Whether monster `id` can see the player (in the player's field of view
    /// and within the monster's own sight).
    fn sees_player(&self, id: EntityId) -> bool;

    /// Whether the player can see the cell.
    fn is_visible(&self, p: Point) -> bool;

    /// Whether a creature could stand on the cell (ignoring creatures).
    fn is_walkable(&self, p: Point) -> bool;

    /// Whether the cell is walkable, or a closed door, and no creature stands there.
    fn is_free(&self, p: Point) -> bool;

    /// The line of fire from `from` towards `toward`, carried on to `range`
    /// steps, cut at walls and closed doors, `from` itself left out.
    fn line_of_fire(&self, from: Point, toward: Point, range: i32) -> RVec<Point>;

    /// The free neighbour of `id` that is nearest `goal` by walking distance,
    /// from a map the host computes once and shares; `None` if no step brings it closer.
    fn step_toward(&mut self, id: EntityId, goal: Point) -> ROption<Point>;

    /// The free neighbour of `id` that best gets away from `threat` (down a flee map).
    fn step_away(&mut self, id: EntityId, threat: Point) -> ROption<Point>;

    /// Where a hunting monster last saw or heard the player, if anywhere.
    fn hunt_goal(&self, id: EntityId) -> ROption<Point>;

    /// Moves a creature one step to a free neighbouring cell (a closed door
    /// there opens). Returns whether it moved.
    fn move_creature(&mut self, id: EntityId, to: Point) -> bool;

    /// Applies an attack the plugin decided: the damage, the log line, the
    /// `attack` trace event, the killer if the player dies, removal of the dead.
    /// Returns whether the target died.
    fn attack(&mut self, attack: Attack) -> bool;

    /// Heals a creature by up to `amount`; returns how much it healed.
    fn heal(&mut self, id: EntityId, amount: i32) -> i32;

    /// Sets a monster's state (waking it, or setting it on the player).
    fn set_state(&mut self, id: EntityId, state: MonsterState);

    /// Makes a noise: sleepers within `loudness / 2` steps wake and come,
    /// wanderers within `loudness` steps come to look.
    fn noise(&mut self, at: Point, loudness: i32);

    /// Adds a line to the message log.
    fn message(&mut self, text: RStr<'_>, kind: MessageKind);

    /// A number the plugin stored for a creature under `key`.
    fn store_get(&self, id: EntityId, key: RStr<'_>) -> ROption<i64>;

    /// Stores a number for a creature under `key`; it is saved with the run
    /// and dropped when the creature dies.
    fn store_set(&mut self, id: EntityId, key: RStr<'_>, value: i64);

    /// Removes what is stored for a creature under `key`, number or text.
    fn store_remove(&mut self, id: EntityId, key: RStr<'_>);

    /// A balance number from the `[settings]` table of the calling plugin's
    /// data files (`fight_noise = 4`).
    fn setting(&self, key: RStr<'_>) -> ROption<i64>;

    /// A text the plugin stored for a creature under `key` (the kind of the
    /// weapon in the player's hand, say).
    fn store_get_text(&self, id: EntityId, key: RStr<'_>) -> ROption<RString>;

    /// Stores a text for a creature under `key`; like numbers, it is saved
    /// with the run and dropped when the creature dies. Numbers and texts
    /// live side by side: the same key may hold one of each.
    fn store_set_text(&mut self, id: EntityId, key: RStr<'_>, value: RStr<'_>);

    /// What the player's pack holds in `slot` (0 is `a`), if anything.
    fn pack_item(&self, slot: u32) -> ROption<PackEntry>;

    /// Takes up to `count` items out of pack slot `slot`; the slot empties
    /// when none are left. Returns what was taken, `None` for an empty slot.
    fn pack_take(&mut self, slot: u32, count: u32) -> ROption<PackEntry>;

    /// Puts `count` items of record `kind` in the pack: onto a stack of the
    /// same kind if the kind stacks, else into the first free slot. Returns
    /// the slot, or `None` if the pack is full or no record has that id.
    fn pack_add(&mut self, kind: RStr<'_>, count: u32) -> ROption<u32>;

    /// The record of an item kind (`long_sword`), `None` if no loaded
    /// plugin's data has it.
    fn item_info(&self, kind: RStr<'_>) -> ROption<ItemInfo>;

    /// The player's blow as the loaded plugins derive it: the first plugin
    /// (in load order) whose [`Hooks::player_damage`](crate::Hooks::player_damage)
    /// answers decides it (the weapon in hand, plus strength). `None` when no
    /// plugin derives it: the fighting plugin then uses its own numbers.
    fn player_damage(&mut self) -> ROption<Damage>;

    /// Lays `count` items of record `kind` on the floor at `at`, or if that
    /// cell cannot take them, on the first neighbour (in
    /// [`DIRECTIONS`](crate::DIRECTIONS) order) that can. A cell takes them
    /// if it is walkable and holds nothing, or holds a heap of the same kind
    /// that stacks (they join it). Returns where they landed; `None` if no
    /// cell could take them (they are lost) or no record has that id.
    fn place_item(&mut self, kind: RStr<'_>, count: u32, at: Point) -> ROption<Point>;

    /// Monster `me` tries its attack from afar: the host reads the `ranged`
    /// entry of its record and calls the [`RangedKind`](crate::RangedKind)
    /// registered under that entry's `kind`. Returns whether it attacked
    /// (false when its record has none, or the kind declined).
    fn try_ranged(&mut self, me: EntityId) -> bool;

    /// The cells a burst centred on `center` reaches: every walkable cell
    /// within `radius` steps that the centre can see (walls shelter), the
    /// centre included, row by row.
    fn burst(&self, center: Point, radius: i32) -> RVec<Point>;

    /// Shows a missile flying along `path` (one cell per frame, drawn with
    /// `missile`), then `burst` flashing, if not empty. Pure decoration: the
    /// window plays it, headless runs skip it, nothing reads it.
    fn animate(&mut self, missile: Look, path: RSlice<'_, Point>, burst: RSlice<'_, Point>);

    /// The registered brain monster `id` thinks with now (`melee`).
    fn brain_of(&self, id: EntityId) -> ROption<RString>;

    /// Gives monster `id` another registered brain (a confusion, a charm),
    /// traced as a `brain` event. Returns false if no plugin registered
    /// `brain` or `id` is not a living monster. Keep the old name in the store
    /// to give it back.
    fn set_brain(&mut self, id: EntityId, brain: RStr<'_>) -> bool;

    /// Writes an event of the plugin's own to the trace, under the plugin's
    /// name, with `fields` in order (`arrow_broke` with `item`, `x`, `y`).
    /// Document it in `docs/trace.md`.
    #[sabi(last_prefix_field)]
    fn event(&mut self, name: RStr<'_>, fields: RVec<LogField>);
}
