//! The binary interface between the host and its plugins: the traits that
//! cross as abi_stable trait objects, and the root module a plugin exports.
//!
//! Plugin authors never touch this module: they implement the plain traits of
//! [`crate::author`] and use [`crate::Ctx`], and the [`Registrar`](crate::Registrar)
//! wraps them. The host implements [`GameCtx`], [`Canvas`] and [`Registry`],
//! and calls the `*Abi` traits.
//!
//! # The promise
//!
//! From 1.0 on no change here breaks a plugin already built:
//!
//! * every trait's `#[sabi(last_prefix_field)]` stays on the method it marks
//!   in 1.0, for good. A new method goes after it, **with a default body**:
//!   a plugin built against an older 1.x has no such method in its vtable,
//!   and abi_stable then runs the default; a plugin built against a newer 1.y
//!   calling a host method the host lacks gets the default too (which
//!   answers "not done", never a wrong number).
//! * no `repr(C)` struct or enum that crosses gains a field or a variant;
//!   data that grows goes through new methods.
//!
//! `host/tests/compat/api-1.0` is a copy of this crate as 1.0 shipped; the host's tests
//! build plugins against it (and against a 1.1 copy with a method added)
//! and load them.

use abi_stable::{
    declare_root_module_statics,
    library::RootModule,
    package_version_strings, sabi_trait,
    sabi_types::{RMut, VersionStrings},
    std_types::{RBox, ROption, RResult, RSlice, RStr, RString, RVec, Tuple2},
    StableAbi,
};

use crate::bridge::{HostLink, LogField};
use crate::error::PluginError;
use crate::looks::{CreatureLook, MonsterInfo};
use crate::scene::Scene;
use crate::types::{
    AimRequest, Attack, CreatureInfo, Damage, Death, EntityId, FloorCreature, GearNumbers, Hurt, ItemId, ItemInfo,
    ItemUse, KeyAnswer, KeyHelp, Look, MessageKind, MonsterState, PackEntry, PlacedItem, Point, RangedSpec, Rgba,
    Standing, StatusEffect, StatusInfo, UseOutcome,
};

/// The context as it crosses: a borrowed [`GameCtx`] trait object. Plugins
/// receive it wrapped in a [`Ctx`](crate::Ctx).
pub type RawCtx<'a> = GameCtx_TO<'a, RMut<'a, ()>>;

/// Everything a plugin may ask of or do to the game; the host implements it.
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
    ///
    /// A key another plugin declared ([`Registry::stored`]) is that plugin's:
    /// the host refuses the write, and fails the call by the writer's name,
    /// unless the writer depends on the owner ([`Registry::depends_on`]).
    /// The same holds for every write to the stores (texts, removals, items).
    fn store_set(&mut self, id: EntityId, key: RStr<'_>, value: i64);

    /// Removes what is stored for a creature under `key`, number or text.
    fn store_remove(&mut self, id: EntityId, key: RStr<'_>);

    /// A balance number from the `[settings]` table of the calling plugin's
    /// data files (`fight_noise = 4`), or, when they leave it out, the
    /// default the plugin declared for it with [`Registry::setting`] (a
    /// host older than api 1.2 answers `None` then; the plugin's
    /// [`Ctx::setting`](crate::Ctx::setting) falls back on its own
    /// declaration).
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
    fn event(&mut self, name: RStr<'_>, fields: RVec<LogField>);

    /// Puts the status registered as `name` on creature `id` for `turns`
    /// turns (at least 1), or sets its turns if it bears it already. Returns
    /// false if no plugin registered `name` or `id` is not alive.
    fn add_status(&mut self, id: EntityId, name: RStr<'_>, turns: i32) -> bool;

    /// Takes the status `name` off creature `id` (its `ended` code runs).
    /// Returns whether it bore it.
    fn remove_status(&mut self, id: EntityId, name: RStr<'_>) -> bool;

    /// The statuses creature `id` bears, in the order they came.
    fn statuses(&self, id: EntityId) -> RVec<StatusInfo>;

    /// Runs the brain registered as `brain` for monster `id`, this turn only
    /// (a brain that fights as `melee` does). Returns false if no plugin
    /// registered it, `id` is not a living monster, or brains are nested too deep.
    fn run_brain(&mut self, id: EntityId, brain: RStr<'_>) -> bool;

    /// Monster `id` takes one random step, if that way is free (the die is
    /// rolled either way). Returns whether it moved.
    fn wander(&mut self, id: EntityId) -> bool;

    /// Sets creature `id`'s most health (at least 1); its health is kept,
    /// cut down to the new most if above it. Returns false if it is not alive.
    fn set_max_hp(&mut self, id: EntityId, max_hp: i32) -> bool;

    /// Sets creature `id`'s base blow (before what plugins derive for the
    /// player). Returns false if it is not alive or the range is empty.
    fn set_base_damage(&mut self, id: EntityId, damage: Damage) -> bool;

    /// Sets creature `id`'s base defense (the player's derived defense is
    /// worked out from it again). Returns false if it is not alive.
    fn set_base_defense(&mut self, id: EntityId, defense: i32) -> bool;

    /// The player's base numbers, before any plugin derives them: most
    /// health, blow and defense.
    fn base_numbers(&self, id: EntityId) -> ROption<CreatureInfo>;

    /// A number stored on item `item` under `key`.
    fn item_get(&self, item: ItemId, key: RStr<'_>) -> ROption<i64>;

    /// Stores a number on item `item` (saved with the run; an item with
    /// stored values no longer stacks). Returns false if no such item exists.
    fn item_set(&mut self, item: ItemId, key: RStr<'_>, value: i64) -> bool;

    /// A text stored on item `item` under `key`.
    fn item_get_text(&self, item: ItemId, key: RStr<'_>) -> ROption<RString>;

    /// Stores a text on item `item`. Returns false if no such item exists.
    fn item_set_text(&mut self, item: ItemId, key: RStr<'_>, value: RStr<'_>) -> bool;

    /// Removes what is stored on item `item` under `key`, number or text.
    #[sabi(last_prefix_field)]
    fn item_remove(&mut self, item: ItemId, key: RStr<'_>);

    /// Added in 1.2: the part of the context that changes who is in the
    /// world (creatures in and out, the whole floor, sides): [`WorldCtx`].
    /// `None` from a host older than 1.2; the [`Ctx`](crate::Ctx) wrapper
    /// then answers each of its calls by the 1.1 rule or "not done".
    ///
    /// A prefix trait holds at most 62 methods (abi_stable's vtable keeps a
    /// 64-bit mask of its fields), so the 1.2 additions live in a trait of
    /// their own, reached through this one slot; later additions can follow
    /// in [`WorldCtx`] or in another trait reached the same way.
    fn world(&mut self) -> ROption<RawWorld<'_>> {
        ROption::RNone
    }

    /// Added in 1.2: the items the calling plugin holds: taken out of the
    /// pack ([`GameCtx::pack_take`]) during the player's current action
    /// and not yet put back, placed or given. Each keeps its id and its
    /// store until the action ends; what is still held then is lost. A
    /// host older than 1.2 answers none.
    fn held_items(&self) -> RVec<PackEntry> {
        RVec::new()
    }

    /// Added in 1.2: lays an item the plugin holds on the floor at `at`
    /// (or on the first neighbour that can take it, as
    /// [`GameCtx::place_item`]), keeping its id and its store. `item` must
    /// be exactly what [`GameCtx::held_items`] lists (id, kind and count);
    /// anything else is refused and changes nothing. Returns where it
    /// landed; `None` if refused or no cell could take it (it stays held).
    /// Traced as `item_placed`. A host older than 1.2 answers `None`.
    fn place_existing(&mut self, item: PackEntry, at: Point) -> ROption<Point> {
        let _ = (item, at);
        ROption::RNone
    }

    /// Added in 1.2: puts an item the plugin holds back in the player's
    /// pack, keeping its id and its store (it joins a stack only if it
    /// stacks and stores nothing). Returns the slot; `None` if refused (as
    /// [`GameCtx::place_existing`]) or the pack is full (it stays held).
    /// Traced as `item_put`. A host older than 1.2 answers `None`.
    fn pack_put(&mut self, item: PackEntry) -> ROption<u32> {
        let _ = item;
        ROption::RNone
    }

    /// Added in 1.2: gives an item the plugin holds to monster `to`, which
    /// carries it (saved with the run) and drops it where it dies, same id
    /// and store. Returns false if refused (as [`GameCtx::place_existing`]),
    /// or `to` is not a living monster (it stays held). Traced as
    /// `item_given`. A host older than 1.2 answers false.
    fn give(&mut self, to: EntityId, item: PackEntry) -> bool {
        let _ = (to, item);
        false
    }

    /// Added in 1.2: what creature `id` carries, in the order it was
    /// given. A host older than 1.2 answers none.
    fn carried(&self, id: EntityId) -> RVec<PackEntry> {
        let _ = id;
        RVec::new()
    }
}

/// The world as it crosses (since 1.2): a borrowed [`WorldCtx`] trait
/// object, lent by [`GameCtx::world`].
pub type RawWorld<'a> = WorldCtx_TO<'a, RMut<'a, ()>>;

/// Who is in the world, since api 1.2: creatures made, taken out and put
/// somewhere, the whole floor, sides. The host implements it; plugins
/// reach it through [`Ctx`](crate::Ctx)'s methods of the same names.
/// Growing it: a method after [`WorldCtx::follow_player`], with a default.
#[sabi_trait]
pub trait WorldCtx {
    /// A new monster of record `kind` on the free walkable
    /// cell `at`, awake, on `side` (empty: its record's side), traced as a
    /// `spawn` event under the calling plugin. `None`, with the reason
    /// logged in one line and nothing changed, for a kind no record has, a
    /// cell that is not walkable or where a creature stands, or a side
    /// nobody declared.
    fn spawn(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>) -> ROption<EntityId>;

    /// Takes monster `id` out of the world without a death: a
    /// `removed` event, no `death`, no kill for anyone; what plugins stored
    /// for it goes with it; what it carried lies where it stood, the same
    /// items. False (logged) for the player or no such monster.
    fn remove(&mut self, id: EntityId) -> bool;

    /// Puts creature `id` on any free walkable cell `at`, at
    /// once (a `teleport` event); for the player, what it sees and remembers
    /// is brought up to date in the same call. False (logged) for a wall, an
    /// occupied cell or no such creature.
    fn place(&mut self, id: EntityId, at: Point) -> bool;

    /// The floor's width and height, in cells (as a point:
    /// `x` the width, `y` the height).
    fn map_size(&self) -> Point;

    /// Every creature on the floor, the player first, then in
    /// id order, with its side and whether the player sees it. The host
    /// builds the list once and keeps it until a creature comes, goes,
    /// moves or changes side, or the player's sight changes: asking again
    /// in between costs a copy, never a walk of the map.
    fn floor_creatures(&mut self) -> RVec<FloorCreature>;

    /// Creature `id`'s side (`player`, `monsters`, or one a
    /// plugin declared).
    fn side_of(&self, id: EntityId) -> ROption<RString>;

    /// Moves monster `id` to `side` (a charm), traced as a
    /// `side` event. False (logged) for the player, no such monster, or a
    /// side nobody declared.
    fn set_side(&mut self, id: EntityId, side: RStr<'_>) -> bool;

    /// The nearest creature of another side that `id` sees
    /// (within its sight, nothing in the way; the player by the rule of
    /// [`GameCtx::sees_player`]); ties go to the higher, then the further
    /// left.
    fn nearest_enemy(&mut self, id: EntityId) -> ROption<EntityId>;

    /// Whether `a` and `b` are on different sides.
    fn are_enemies(&self, a: EntityId, b: EntityId) -> bool;

    /// The host's step for an ally with nothing to fight: a
    /// step toward the player when further than two steps from it. Returns
    /// whether it moved.
    #[sabi(last_prefix_field)]
    fn follow_player(&mut self, id: EntityId) -> bool;

    /// Added in 1.2 (part two): the terrain at `at` by name: the host's
    /// `wall`, `floor`, `door_closed`, `door_open`, `stairs_down`, or a
    /// terrain a plugin registered; `wall` off the map. A hidden terrain
    /// answers its own name (the rules know it; the player does not).
    fn terrain_at(&self, at: Point) -> RString {
        let _ = at;
        RString::from("wall")
    }

    /// Added in 1.2 (part two): makes the cell at `at` terrain `name` (a
    /// host terrain or a registered one), traced as a `terrain` event
    /// under the calling plugin; sight, memory and paths follow at once.
    /// A kind that hides is laid hidden (see [`WorldCtx::set_terrain_found`]).
    /// False (logged in one line, nothing changed) off the map, on the
    /// map's border, for a name nobody registered, or for terrain a
    /// creature standing there could not stand on.
    fn set_terrain(&mut self, at: Point, name: RStr<'_>) -> bool {
        let _ = (at, name);
        false
    }

    /// Added in 1.2 (part two): whether the terrain at `at` is hidden
    /// from the player (a trap not yet found).
    fn terrain_hidden(&self, at: Point) -> bool {
        let _ = at;
        false
    }

    /// Added in 1.2 (part two): the player finds the hidden terrain at
    /// `at` (a search): it shows from now on, its code's `found` runs, and
    /// a `terrain_found` event is traced. False if nothing hidden is there.
    fn reveal_terrain(&mut self, at: Point) -> bool {
        let _ = at;
        false
    }

    // 1.3 (allies)

    /// Added in 1.3: asks the player a yes/no `question` for the calling
    /// plugin (Brogue's "Free the captive goblin? y/n"). Only during the
    /// player's own action (a [`HooksAbi::bump`], a key, an item's use):
    /// the host ends that action without a turn, shows the question, and
    /// hands the answer with `topic` (the plugin's own words, up to 64
    /// bytes) to the plugin's [`HooksAbi::answered`]. Traced as an `ask`
    /// event under the plugin. False (logged), changing nothing, outside
    /// the player's action, for an empty question, a topic too long, or
    /// when a question is already waiting. A host older than 1.3 answers
    /// false.
    fn ask(&mut self, question: RStr<'_>, topic: RStr<'_>) -> bool {
        let _ = (question, topic);
        false
    }

    // 1.3 (terrain)

    /// Added in 1.3: the player goes down to the next floor (a pit trap),
    /// once the action under way is over, as if by the stairs but wherever
    /// they stand: `why` is the log's line ("You fall through a pit!"),
    /// and the trace has a `fall` event (`from`, `to`: the floors) under
    /// the calling plugin. Asked twice in one action, it takes the player down
    /// once. False (nothing changes) on the floor of the ember-heart or the
    /// deepest floor, in a call that may only look, or from a host older
    /// than 1.3.
    fn descend(&mut self, why: RStr<'_>) -> bool {
        let _ = why;
        false
    }

    // 1.3 (potions)

    /// Since 1.3: the player learns the floor's map (a scroll of magic
    /// mapping): every cell that can be walked on or seen through, and
    /// every wall next to one, is remembered from now on (hidden terrain
    /// stays hidden: it is remembered as what it looks like). Traced as
    /// `map_revealed`. Returns how many cells were not remembered before.
    /// A host older than 1.3 answers 0.
    fn reveal_map(&mut self) -> u32 {
        0
    }

    // 1.3 (identify)

    /// Added in 1.3: the ids of every item record the loaded plugins' data
    /// holds, sorted (for a plugin that deals with items of every plugin,
    /// as one that names unknown potions does). A host older than 1.3
    /// answers none.
    fn item_kinds(&self) -> RVec<RString> {
        RVec::new()
    }

    /// Added in 1.3: the run's seed, the number the run was started from
    /// (the same after a save is loaded), for a plugin that decides
    /// something once a run without drawing the run's random numbers (a
    /// shuffle of the looks of unknown potions). A host older than 1.3
    /// answers 0.
    fn run_seed(&self) -> u64 {
        0
    }

    // 1.5

    /// Added in 1.5: where creature `id` stands, `RSome(RNone)` for no
    /// such creature: the question a brain asks every turn, without the
    /// names and numbers [`GameCtx::creature`] copies. A host older than
    /// 1.5 answers `RNone` (not known here), and [`crate::Ctx::position`]
    /// asks `creature` instead.
    fn position(&self, id: EntityId) -> ROption<ROption<Point>> {
        let _ = id;
        ROption::RNone
    }

    /// Added in 1.5: `count` of item `item` of record `kind` named as the
    /// player is shown them, with the article or number ("a murky potion",
    /// "3 murky potions": the loaded plugins' item names applied, as in the
    /// pack). `RNone` for a kind no record has, and from a host older than
    /// 1.5 ([`crate::Ctx::item_shown`] then names it by its record).
    fn item_shown(&mut self, kind: RStr<'_>, count: u32, item: ItemId) -> ROption<RString> {
        let _ = (kind, count, item);
        ROption::RNone
    }

    // 1.6 (terrain by meaning, knowing the world)

    /// Added in 1.6: whether the terrain at `at` has trait `name`
    /// ([`crate::terrain_traits`]: `ground`, `liquid`, `wall`, ... or one a
    /// plugin declared), by what it is, not how it looks (a hidden trap
    /// answers its own traits). Off the map: the host's `wall`. A host
    /// older than 1.6 answers `RNone` ([`crate::Ctx::terrain_has`] then
    /// goes by the host's own names).
    fn terrain_has(&self, at: Point, name: RStr<'_>) -> ROption<bool> {
        let _ = (at, name);
        ROption::RNone
    }

    /// Added in 1.6: the traits of terrain kind `name`, sorted; `RSome`
    /// of none for a kind nobody has. A host older than 1.6 answers `RNone`.
    fn terrain_traits(&self, name: RStr<'_>) -> ROption<RVec<RString>> {
        let _ = name;
        ROption::RNone
    }

    /// Added in 1.6: whether a terrain kind `name` exists (the host's, or
    /// one a loaded plugin registered). A host older than 1.6 answers `RNone`.
    fn terrain_exists(&self, name: RStr<'_>) -> ROption<bool> {
        let _ = name;
        ROption::RNone
    }

    /// Added in 1.6: whether a plugin called `name` is loaded in this run.
    /// A host older than 1.6 answers `RNone`.
    fn plugin_loaded(&self, name: RStr<'_>) -> ROption<bool> {
        let _ = name;
        ROption::RNone
    }

    /// Added in 1.6: what made the floor the player is on: the plugin and
    /// its generator's name, or (`host`, `rooms`) for the host's rooms and
    /// corridors (and `host`, `deepest` for the ember-heart's floor). A
    /// host older than 1.6 answers `RNone`.
    fn floor_generator(&self) -> ROption<Tuple2<RString, RString>> {
        ROption::RNone
    }

    /// Added in 1.6: whether creature `who` sees cell `at`, by the rule the
    /// host uses (the player: its field of view; a monster: within its
    /// sight, nothing that blocks sight between). `RSome(false)` for no such
    /// creature. A host older than 1.6 answers `RNone`.
    fn sees(&self, who: EntityId, at: Point) -> ROption<bool> {
        let _ = (who, at);
        ROption::RNone
    }

    /// Added in 1.6: lays terrain `name` at `at` as [`WorldCtx::set_terrain`]
    /// does, but already found: a kind that hides shows at once, with no
    /// "You find" line and no `found` code (a trap the player watched being
    /// set). Traced as `terrain`, with `found` true. False (logged) as
    /// `set_terrain`. A host older than 1.6 answers false.
    fn set_terrain_found(&mut self, at: Point, name: RStr<'_>) -> bool {
        let _ = (at, name);
        false
    }

    // 1.6 (items)

    /// Added in 1.6: lays `count` items of record `kind` on the floor at
    /// `at` as [`GameCtx::place_item`] does (or on the first neighbour, in
    /// [`DIRECTIONS`](crate::DIRECTIONS) order, that can take them), and
    /// answers the id of what lies there now and the cell: the new item's
    /// id, or the heap's own when they joined a heap of their kind. The
    /// new item's effect's `made` runs as for any new item (not when they
    /// joined a heap). `RNone`, with one line on the console naming the
    /// plugin and nothing changed, for a kind no record has, a count of 0
    /// or more than a heap holds (9,999), or when no cell could take them;
    /// and from a host older than 1.6.
    fn place_item_id(&mut self, kind: RStr<'_>, count: u32, at: Point) -> ROption<PlacedItem> {
        let _ = (kind, count, at);
        ROption::RNone
    }

    /// Added in 1.6: the items lying on cell `at`, each as kind, count and
    /// id, in the order they came (the last is the one `g` picks up). Off
    /// the map: none (one line on the console naming the plugin). A host
    /// older than 1.6 answers none.
    fn items_at(&self, at: Point) -> RVec<PackEntry> {
        let _ = at;
        RVec::new()
    }

    /// Added in 1.6: whether items of record `kind` stack (join a heap or
    /// a pack slot of their kind), as their record says. `RNone` for a kind
    /// no record has, and from a host older than 1.6.
    fn item_stacks(&self, kind: RStr<'_>) -> ROption<bool> {
        let _ = kind;
        ROption::RNone
    }

    // 1.6 (looks)

    /// Added in 1.6: [`WorldCtx::spawn`] with a name and look of its own
    /// over the record's (`look`'s parts left out are the record's): "a
    /// risen goblin". Messages, the views, the look panel, the in-sight
    /// list and the morgue show them; the trace keeps the record id
    /// (`goblin#7`) and the `spawn` event gains a `name` field (and
    /// `glyph`, `tile` for those given). `None`, with the reason in one
    /// line and nothing changed, as for `spawn`, and for a look the host
    /// refuses ([`CreatureLook`]'s rules: a blank name, a glyph that is no
    /// printable character, a tile no sheet has...). A host older than 1.6
    /// answers `None`.
    fn spawn_as(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>, look: &CreatureLook) -> ROption<EntityId> {
        let _ = (kind, at, side, look);
        ROption::RNone
    }

    /// Added in 1.6: gives creature `id` (a monster) the name and look
    /// `look` over its record's, in place of any it had (an empty look
    /// gives the record's back); saved with the run, traced as `look`.
    /// False (one line, nothing changed) for the player, no such creature,
    /// or a look the host refuses. A host older than 1.6 answers false.
    fn set_look(&mut self, id: EntityId, look: &CreatureLook) -> bool {
        let _ = (id, look);
        false
    }

    /// Added in 1.6: the record of monster kind `kind` (`goblin`): its
    /// name, plural, look and numbers. `None` if no loaded plugin's data
    /// has it, and from a host older than 1.6.
    fn monster_info(&self, kind: RStr<'_>) -> ROption<MonsterInfo> {
        let _ = kind;
        ROption::RNone
    }

    // 1.6 (standings)

    /// Added in 1.6: how sides `a` and `b` stand toward each other now:
    /// what a plugin declared ([`Registry::standing`]) or a call set
    /// ([`WorldCtx::set_standing`]), else [`Standing::Hostile`]; a side
    /// and itself are [`Standing::Allied`]. `RNone` for a side no loaded
    /// plugin declared, and from a host older than 1.6.
    fn standing(&self, a: RStr<'_>, b: RStr<'_>) -> ROption<Standing> {
        let _ = (a, b);
        ROption::RNone
    }

    /// Added in 1.6: sides `a` and `b` stand so from now on (a trader
    /// angered: `traders` and `player` hostile), both ways, for the rest of
    /// the run (a save keeps it). Traced as a `standing` event under the
    /// calling plugin when it changes anything. False (logged), changing
    /// nothing, for a side no loaded plugin declared, a side and itself,
    /// in a call that may only look, and from a host older than 1.6.
    fn set_standing(&mut self, a: RStr<'_>, b: RStr<'_>, standing: Standing) -> bool {
        let _ = (a, b, standing);
        false
    }

    /// Added in 1.6: whether creature `id` is peaceful now: its record
    /// says `peaceful = true` and nobody of the player's side has attacked
    /// it yet, so it is neutral to the player's side (and the sides allied
    /// with it). False for anyone else, and from a host older than 1.6.
    fn is_peaceful(&self, id: EntityId) -> bool {
        let _ = id;
        false
    }

    /// Added in 1.6: shows creature `id` (a monster) as `as_kind` until it
    /// is revealed: a terrain (the host's `wall`, `floor`, `door_closed`,
    /// `door_open`, `stairs_down`, or one a plugin registered) or else an
    /// item kind. While disguised, the views draw the disguise, the look
    /// panel describes it, and the in-sight list, `monsters_in_view`, the
    /// alarm and the time-savers (rest, explore, travel) do not see the
    /// creature; its messages are not written. The host's rule: the
    /// disguise drops when the player steps next to it or into it (the
    /// step into it takes the turn, no blow), and when it attacks or is
    /// attacked. Traced as `disguise`; the reveal as `reveal`. False (one
    /// line, nothing changed) for the player, no such creature, or a kind
    /// that is neither a terrain nor an item. A host older than 1.6
    /// answers false.
    fn disguise(&mut self, id: EntityId, as_kind: RStr<'_>) -> bool {
        let _ = (id, as_kind);
        false
    }

    /// Added in 1.6: creature `id` drops its disguise ("The chest was a
    /// mimic!" is the plugin's to say), traced as `reveal` under the
    /// calling plugin. False if it wears none. A host older than 1.6
    /// answers false.
    fn reveal(&mut self, id: EntityId) -> bool {
        let _ = id;
        false
    }

    /// Added in 1.6: what creature `id` is disguised as, if it is. `None`
    /// from a host older than 1.6.
    fn disguised_as(&self, id: EntityId) -> ROption<RString> {
        let _ = id;
        ROption::RNone
    }

    // 1.6 (known kinds)

    /// Added in 1.6: whether the player knows item kind `kind`. Every kind
    /// is known unless a plugin marked it unknown
    /// ([`WorldCtx::set_kind_known`]) and nobody has made it known since.
    /// `RNone` for a kind no item record has, and from a host older than
    /// 1.6.
    fn kind_known(&self, kind: RStr<'_>) -> ROption<bool> {
        let _ = kind;
        ROption::RNone
    }

    /// Added in 1.6: item kind `kind` is known to the player (`known`
    /// true: a scroll of identify) or unknown (false: a ring that comes
    /// unknown, marked at the start of a run) from now on, whichever
    /// plugin marked it before; a save keeps it. Traced as a `kind_known`
    /// event (`kind`, `known`) under the calling plugin when it changes
    /// anything. False (one line in the log), changing nothing, for a kind
    /// no item record has, in a call that may only look, and from a host
    /// older than 1.6.
    fn set_kind_known(&mut self, kind: RStr<'_>, known: bool) -> bool {
        let _ = (kind, known);
        false
    }

    /// Added in 1.6: the item kinds the player does not know now, in
    /// name order. Empty from a host older than 1.6.
    fn unknown_kinds(&self) -> RVec<RString> {
        RVec::new()
    }

    // 1.7 (names)

    /// Added in 1.7: how the host's own lines name creature `id` for the
    /// player: "you"; "your spirit wolf" (called up for the player); "the
    /// allied goblin" (won over, or of a side allied with the player's);
    /// else "the goblin". Lower case, to put in a sentence. `RNone` for no
    /// such creature, and from a host older than 1.7.
    fn called(&self, id: EntityId) -> ROption<RString> {
        let _ = id;
        ROption::RNone
    }

    // 1.7 (depths)

    /// Added in 1.7: whether creature `id` flies now: its monster record
    /// has the trait `flies`, or it bears a status a plugin declared
    /// lifting its bearer ([`Registry::status_flies`], a levitation). A
    /// flier crosses chasms, lava and deep water unharmed and goes over
    /// ground traps whose rules ask. `RNone` for no such creature, and from
    /// a host older than 1.7.
    fn flies(&self, id: EntityId) -> ROption<bool> {
        let _ = id;
        ROption::RNone
    }

    // 1.7 (fields)

    /// Added in 1.7: how much of field `name` (a kind a loaded plugin
    /// declared, [`Registry::field`]) lies at `at`: 0 where there is none
    /// and off the map. `RNone` for a field nobody declared, and from a
    /// host older than 1.7.
    fn field_at(&self, name: RStr<'_>, at: Point) -> ROption<i32> {
        let _ = (name, at);
        ROption::RNone
    }

    /// Added in 1.7: field `name` at `at` holds `amount` from now on
    /// (clamped to `0..=`[`crate::types::FIELD_MOST`]); saved with the run
    /// and traced as `field_set` (`field`, `x`, `y`, `amount`) under the
    /// calling plugin when it changes anything. False (one line in the
    /// log), changing nothing, off the map or on a cell no creature could
    /// stand on, for a field nobody declared, in a call that may only look,
    /// and from a host older than 1.7.
    fn set_field(&mut self, name: RStr<'_>, at: Point, amount: i32) -> bool {
        let _ = (name, at, amount);
        false
    }

    /// Added in 1.7: adds `delta` (negative takes away) to field `name` at
    /// `at`, as [`WorldCtx::set_field`] would set the sum; the amount it
    /// holds then. `RNone` where `set_field` would refuse, and from a host
    /// older than 1.7.
    fn add_field(&mut self, name: RStr<'_>, at: Point, delta: i32) -> ROption<i32> {
        let _ = (name, at, delta);
        ROption::RNone
    }

    /// Added in 1.7: field `name` spreads and thins over the whole floor
    /// for one turn, as `spread` says, in the host's own fast pass (a
    /// 500 x 500 floor costs little); traced as one `field_spread` event
    /// (`field`, `cells`, `total` after) under the calling plugin when it
    /// holds anything. False (one line in the log) for a field nobody
    /// declared, numbers out of range, a call that may only look, and from
    /// a host older than 1.7.
    fn spread_field(&mut self, name: RStr<'_>, spread: &crate::types::FieldSpread) -> bool {
        let _ = (name, spread);
        false
    }

    /// Added in 1.7: every cell of the floor holding field `name`, row by
    /// row. Empty for a field nobody declared, and from a host older than 1.7.
    fn field_cells(&self, name: RStr<'_>) -> RVec<crate::types::FieldCell> {
        let _ = name;
        RVec::new()
    }
}

/// The surface a view draws on, in pixels; the host implements it over SDL.
#[sabi_trait]
pub trait Canvas {
    /// Width and height of the area the view owns, in pixels.
    fn size(&self) -> Tuple2<u32, u32>;
    /// Fills a rectangle (alpha blends).
    fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba);
    /// Draws one character (a Unicode scalar value), `size` pixels square.
    fn glyph(&mut self, x: i32, y: i32, size: u32, ch: u32, color: Rgba);
    /// Draws a line of text, each character `size` pixels square.
    fn text(&mut self, x: i32, y: i32, size: u32, text: RStr<'_>, color: Rgba);
    /// Draws a tile of the atlas by name, tinted; returns false if there is no such tile.
    fn tile(&mut self, x: i32, y: i32, size: u32, name: RStr<'_>, tint: Rgba) -> bool;
    /// Draws a straight line one pixel wide from `(x0, y0)` to `(x1, y1)`.
    fn line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, color: Rgba);
    /// Draws the outline of a rectangle, one pixel wide.
    #[sabi(last_prefix_field)]
    fn outline(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba);
}

/// The canvas as it crosses.
pub type RawCanvas<'a> = Canvas_TO<'a, RMut<'a, ()>>;

/// What using an item does (see [`crate::ItemEffect`]).
#[sabi_trait]
pub trait ItemEffectAbi: Send + Sync {
    /// The player uses the item.
    fn use_item(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError>;
    /// The player aimed.
    fn aimed(
        &self,
        ctx: RawCtx<'_>,
        item: &ItemUse,
        path: RSlice<'_, Point>,
        target: Point,
    ) -> RResult<UseOutcome, PluginError>;
    /// The player put the shot away.
    fn aim_cancelled(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError>;
    /// Look-panel lines while aiming at `target`.
    fn describe_target(&self, ctx: RawCtx<'_>, item: &ItemUse, target: EntityId)
        -> RResult<RVec<RString>, PluginError>;
    /// How the item would be aimed if used now, without using it.
    fn aim_preview(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<AimRequest>, PluginError>;
    /// What the pack, the floor and the look panel write after the item's name.
    #[sabi(last_prefix_field)]
    fn suffix(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError>;

    /// Added in 1.2: what the item would give as gear (a weapon's blow, armor's
    /// defense). Plugins built against 1.1 or older give nothing.
    fn gear(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<GearNumbers, PluginError> {
        let _ = (ctx, item);
        RResult::ROk(GearNumbers::NONE)
    }

    /// Added in 1.2: the lines the item's card shows about its numbers.
    /// Plugins built against 1.1 or older show none.
    fn facts(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<RVec<RString>, PluginError> {
        let _ = (ctx, item);
        RResult::ROk(RVec::new())
    }

    /// Added in 1.2: an item of this effect came into being (`item.item`
    /// is its id). Plugins built against 1.1 or older do nothing.
    fn made(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<(), PluginError> {
        let _ = (ctx, item);
        RResult::ROk(())
    }

    /// Added in 1.2 (part two): whether the item's shot goes through walls
    /// and closed doors (a digging bolt) instead of stopping at the first.
    /// Asked when aiming starts. Plugins built before answer no.
    fn aims_through_walls(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<bool, PluginError> {
        let _ = (ctx, item);
        RResult::ROk(false)
    }
}

/// A monster's attack from afar (see [`crate::RangedKind`]).
#[sabi_trait]
pub trait RangedKindAbi: Send + Sync {
    /// Monster `me` tries to attack the player from afar.
    #[sabi(last_prefix_field)]
    fn try_attack(&self, ctx: RawCtx<'_>, me: EntityId, spec: &RangedSpec) -> RResult<bool, PluginError>;
}

/// What a monster does on its turn (see [`crate::MonsterBrain`]).
#[sabi_trait]
pub trait MonsterBrainAbi: Send + Sync {
    /// Monster `me` takes its turn.
    #[sabi(last_prefix_field)]
    fn act(&self, ctx: RawCtx<'_>, me: EntityId) -> RResult<(), PluginError>;
}

/// A floor being made by a plugin's generator, since 1.2: the host
/// implements it; [`crate::Floor`] wraps it for authors.
#[sabi_trait]
pub trait FloorMaker {
    /// The floor's width and height (as a point: `x` the width).
    fn size(&self) -> Point;
    /// A whole number from `min` to `max`, both included, from the run's
    /// random stream (so a seed makes the same floor).
    fn roll(&mut self, min: i32, max: i32) -> i32;
    /// The terrain at `at` by name (`wall` off the floor).
    fn terrain_at(&self, at: Point) -> RString;
    /// Lays terrain `name` at `at` (any host or registered terrain);
    /// false off the floor or for a name nobody has.
    fn set_terrain(&mut self, at: Point, name: RStr<'_>) -> bool;
    /// Where the player arrives (a level feature cannot move it).
    fn set_start(&mut self, at: Point);
    /// Where the stairs down go (on the deepest floor: the ember-heart; a
    /// level feature cannot move them).
    fn set_stairs(&mut self, at: Point);
    /// Where the player arrives, if said yet.
    fn start(&self) -> ROption<Point>;
    /// Where the stairs go, if said yet.
    fn stairs(&self) -> ROption<Point>;
    /// A monster of record `kind` on `at`, on `side` (empty: its record's),
    /// made once the floor is accepted (skipped, with one line, if the cell
    /// is then not free floor or nobody has the kind or side).
    #[sabi(last_prefix_field)]
    fn monster(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>);

    // 1.6 (terrain by meaning, knowing the world)

    /// Added in 1.6: whether the terrain at `at` has trait `name` (see
    /// [`WorldCtx::terrain_has`]). A host older than 1.6 answers `RNone`.
    fn terrain_has(&self, at: Point, name: RStr<'_>) -> ROption<bool> {
        let _ = (at, name);
        ROption::RNone
    }

    /// Added in 1.6: what made this floor (see [`WorldCtx::floor_generator`]):
    /// for a level feature, the generator whose floor it changes. A host
    /// older than 1.6 answers `RNone`.
    fn generator(&self) -> ROption<Tuple2<RString, RString>> {
        ROption::RNone
    }

    /// Added in 1.6: whether a terrain kind `name` exists. A host older
    /// than 1.6 answers `RNone`.
    fn terrain_exists(&self, name: RStr<'_>) -> ROption<bool> {
        let _ = name;
        ROption::RNone
    }

    /// Added in 1.6: whether a plugin called `name` is loaded. A host
    /// older than 1.6 answers `RNone`.
    fn plugin_loaded(&self, name: RStr<'_>) -> ROption<bool> {
        let _ = name;
        ROption::RNone
    }

    // 1.6 (items)

    /// Added in 1.6: `count` items of record `kind` on `at`, made once the
    /// floor is accepted, under the calling plugin's name (a `spawn`
    /// event), their effect's `made` run as for any new item. If `at`
    /// cannot take them then (another heap lies there), they go to the
    /// first neighbour that can; with none, they are skipped. They are
    /// skipped with one line if `at` is not floor, nobody has the kind, or
    /// the count is 0 or over 9,999. A host older than 1.6 ignores it.
    fn item(&mut self, kind: RStr<'_>, count: u32, at: Point) {
        let _ = (kind, count, at);
    }
}

/// The floor maker as it crosses (since 1.2).
pub type RawFloorMaker<'a> = FloorMaker_TO<'a, RMut<'a, ()>>;

/// A plugin's whole-floor generator (see [`crate::LevelGen`]), since 1.2.
#[sabi_trait]
pub trait LevelGenAbi: Send + Sync {
    /// Makes floor number `floor` on the map it is lent, all wall at first.
    #[sabi(last_prefix_field)]
    fn generate(&self, maker: RawFloorMaker<'_>, floor: u32) -> RResult<(), PluginError>;
}

/// A plugin's change to floors already made (see [`crate::LevelFeature`]), since 1.2.
#[sabi_trait]
pub trait LevelFeatureAbi: Send + Sync {
    /// Changes floor number `floor`, lent as made.
    #[sabi(last_prefix_field)]
    fn shape(&self, maker: RawFloorMaker<'_>, floor: u32) -> RResult<(), PluginError>;
}

/// A terrain's own code (see [`crate::TerrainCode`]), since 1.2.
#[sabi_trait]
pub trait TerrainAbi: Send + Sync {
    /// Creature `who` stepped onto the terrain at `at`.
    fn entered(&self, ctx: RawCtx<'_>, who: EntityId, at: Point) -> RResult<(), PluginError>;
    /// The player found the hidden terrain at `at`.
    #[sabi(last_prefix_field)]
    fn found(&self, ctx: RawCtx<'_>, at: Point) -> RResult<(), PluginError>;
}

/// How the world is drawn (see [`crate::View`]).
#[sabi_trait]
pub trait ViewAbi: Send + Sync {
    /// Pixels per map cell.
    fn cell_size(&self) -> u32;
    /// Draws the part of the map the scene holds.
    #[sabi(last_prefix_field)]
    fn draw_map(&self, scene: &Scene, canvas: RawCanvas<'_>) -> RResult<(), PluginError>;

    /// Added in 1.5: whether the host may keep what this view drew of the
    /// map between frames and ask it again only for the cells that changed
    /// (see [`crate::View::keeps_map_layer`]). Views built before 1.5 do
    /// not: they draw the whole map every frame.
    fn keeps_map_layer(&self) -> bool {
        false
    }
}

/// A status's own code (see [`crate::Status`]).
#[sabi_trait]
pub trait StatusAbi: Send + Sync {
    /// Once a turn, at the host's fixed point, for each creature bearing it.
    fn each_turn(&self, ctx: RawCtx<'_>, who: EntityId, turns_left: i32) -> RResult<(), PluginError>;
    /// The status ran out or was taken off.
    #[sabi(last_prefix_field)]
    fn ended(&self, ctx: RawCtx<'_>, who: EntityId) -> RResult<(), PluginError>;
}

/// Hooks into the host's own actions and the events of a run (see
/// [`crate::Hooks`], which tells them in their four kinds: questions, screen
/// text, keys and events). The order of the methods is the table's layout:
/// never change it.
#[sabi_trait]
pub trait HooksAbi: Send + Sync {
    /// The player walked into monster `target`.
    fn bump(&self, ctx: RawCtx<'_>, target: EntityId) -> RResult<bool, PluginError>;
    /// Side panel lines.
    fn panel_lines(&self, ctx: RawCtx<'_>) -> RResult<RVec<RString>, PluginError>;
    /// The player's blow, if this plugin derives it.
    fn player_damage(&self, ctx: RawCtx<'_>) -> RResult<ROption<Damage>, PluginError>;
    /// The player's defense, if this plugin derives it.
    fn player_defense(&self, ctx: RawCtx<'_>) -> RResult<ROption<i32>, PluginError>;
    /// Pack screen lines above the slots.
    fn pack_header(&self, ctx: RawCtx<'_>) -> RResult<RVec<RString>, PluginError>;
    /// The player stepped.
    fn player_moved(&self, ctx: RawCtx<'_>, from: Point, to: Point) -> RResult<(), PluginError>;
    /// The player pressed `f`.
    fn fire(&self, ctx: RawCtx<'_>) -> RResult<KeyAnswer, PluginError>;
    /// The player chose something to throw.
    fn throw(&self, ctx: RawCtx<'_>, slot: u32) -> RResult<KeyAnswer, PluginError>;
    /// Whether items of record `kind` can be thrown.
    fn throwable(&self, ctx: RawCtx<'_>, kind: RStr<'_>) -> RResult<bool, PluginError>;
    /// The player picks up items; true if the plugin took them itself.
    fn pick_up(&self, ctx: RawCtx<'_>, kind: RStr<'_>, count: u32) -> RResult<bool, PluginError>;
    /// A creature died.
    fn died(&self, ctx: RawCtx<'_>, death: &Death) -> RResult<(), PluginError>;
    /// A creature was hurt.
    fn hurt(&self, ctx: RawCtx<'_>, hurt: &Hurt) -> RResult<(), PluginError>;
    /// A turn ended.
    fn turn_ended(&self, ctx: RawCtx<'_>, turn: u64) -> RResult<(), PluginError>;
    /// The player came to a new floor.
    fn floor_entered(&self, ctx: RawCtx<'_>, floor: u32) -> RResult<(), PluginError>;
    /// The player picked up items.
    fn picked_up(&self, ctx: RawCtx<'_>, kind: RStr<'_>, count: u32) -> RResult<(), PluginError>;
    /// The player used an item, and a turn passed.
    #[sabi(last_prefix_field)]
    fn item_used(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<(), PluginError>;

    /// Added in 1.1: the keys this plugin answers, for the help screen.
    /// Plugins built against 1.0 list none.
    fn keys(&self, ctx: RawCtx<'_>) -> RResult<RVec<KeyHelp>, PluginError> {
        let _ = ctx;
        RResult::ROk(RVec::new())
    }

    /// Added in 1.1: the player pressed character `key` (a `char` as `u32`),
    /// which the host does not use itself. Plugins built against 1.0 pass.
    fn key(&self, ctx: RawCtx<'_>, key: u32) -> RResult<KeyAnswer, PluginError> {
        let _ = (ctx, key);
        RResult::ROk(KeyAnswer::Pass)
    }

    // 1.3 (allies)

    /// Added in 1.3: the player answered the question this plugin asked
    /// ([`WorldCtx::ask`]): `topic` as the plugin gave it, `yes` for `y`
    /// (any other key is no). Returns whether a turn passed. Plugins
    /// built before 1.3 never ask, and answer false.
    fn answered(&self, ctx: RawCtx<'_>, topic: RStr<'_>, yes: bool) -> RResult<bool, PluginError> {
        let _ = (ctx, topic, yes);
        RResult::ROk(false)
    }

    /// Added in 1.3: lines the plugin adds to the morgue file and the end
    /// screen when a run is over (asked with a context that refuses
    /// changes). Plugins built before 1.3 add none.
    fn morgue_lines(&self, ctx: RawCtx<'_>) -> RResult<RVec<RString>, PluginError> {
        let _ = ctx;
        RResult::ROk(RVec::new())
    }

    // 1.3 (stealth)

    /// Added in 1.3: the damage `attack` (a hit) deals as it lands, if this
    /// plugin changes it. Plugins built before 1.3 leave it.
    fn attack_damage(&self, ctx: RawCtx<'_>, attack: &Attack) -> RResult<ROption<i32>, PluginError> {
        let _ = (ctx, attack);
        RResult::ROk(ROption::RNone)
    }

    /// Added in 1.3: look panel lines about creature `id`. Plugins built
    /// before 1.3 add none.
    fn creature_lines(&self, ctx: RawCtx<'_>, id: EntityId) -> RResult<RVec<RString>, PluginError> {
        let _ = (ctx, id);
        RResult::ROk(RVec::new())
    }

    // 1.6 (items)

    /// Added in 1.6: the player picks up `item` (`g`): its kind, count and
    /// id. True if the plugin took it itself. The host asks this one; a
    /// plugin built before 1.6 answers by its [`HooksAbi::pick_up`], with
    /// the kind and count.
    fn pick_up_item(&self, ctx: RawCtx<'_>, item: &PackEntry) -> RResult<bool, PluginError> {
        self.pick_up(ctx, item.kind.as_rstr(), item.count)
    }

    /// Added in 1.6: the player picked up `item` (its id as it lay). The
    /// host tells this one; a plugin built before 1.6 hears it by its
    /// [`HooksAbi::picked_up`], with the kind and count.
    fn picked_up_item(&self, ctx: RawCtx<'_>, item: &PackEntry) -> RResult<(), PluginError> {
        self.picked_up(ctx, item.kind.as_rstr(), item.count)
    }

    /// Added in 1.6: whether `item` (a pack slot's kind, count and id) can
    /// be thrown. The host asks this one; a plugin built before 1.6
    /// answers by its [`HooksAbi::throwable`], with the kind.
    fn throwable_item(&self, ctx: RawCtx<'_>, item: &PackEntry) -> RResult<bool, PluginError> {
        self.throwable(ctx, item.kind.as_rstr())
    }

    // 1.6 (standings)

    /// Added in 1.6: the player walked into `target`, a creature that is
    /// neither its enemy nor on its side (a peaceful trader). True when
    /// this plugin dealt with it (a trade, a word) and a turn passed; a
    /// question asked ([`WorldCtx::ask`]) ends the bump without a turn.
    /// False leaves it to the next plugin, then to the host, which asks
    /// the player whether to attack it. Plugins built before 1.6 answer
    /// false.
    fn meet(&self, ctx: RawCtx<'_>, target: EntityId) -> RResult<bool, PluginError> {
        let _ = (ctx, target);
        RResult::ROk(false)
    }

    /// Added in 1.6: creature `who`, which was not the player's enemy
    /// (peaceful, or of a side neutral to or allied with the player's),
    /// was attacked by `by` (the player or one of its side) and is hostile
    /// to the player's side from now on. Plugins built before 1.6 do
    /// nothing.
    fn provoked(&self, ctx: RawCtx<'_>, who: EntityId, by: EntityId) -> RResult<(), PluginError> {
        let _ = (ctx, who, by);
        RResult::ROk(())
    }

    /// Added in 1.6: asked before creature `who`, which is not the
    /// player's enemy, is provoked by `by`'s blow (the blow has landed and
    /// `who` lives). True when this plugin answers instead (a trader that
    /// shrugs off a first stray blow, a side that calls its guards): the
    /// host then leaves its standing as it was, traces nothing and calls no
    /// `provoked`. Asked in load order; the first true decides. Plugins
    /// built before 1.6 answer false.
    fn provoking(&self, ctx: RawCtx<'_>, who: EntityId, by: EntityId) -> RResult<bool, PluginError> {
        let _ = (ctx, who, by);
        RResult::ROk(false)
    }
}

// 1.3 (terrain)

/// A plugin's say over what the host does (since 1.3): a step refused (a
/// net), an item's use refused (no reading under water), a question
/// before a drop, and a drop lost (into deep water). Registered with
/// [`Registry::vetoes`]; the host asks every plugin's in load order and
/// the first `Some` decides.
#[sabi_trait]
pub trait VetoesAbi: Send + Sync {
    /// Creature `who` would step from `from` to `to`.
    fn may_move(
        &self,
        ctx: RawCtx<'_>,
        who: EntityId,
        from: Point,
        to: Point,
    ) -> RResult<ROption<RString>, PluginError>;
    /// The player would use `item`.
    fn may_use(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError>;
    /// The player would drop `count` of `item` at `at` (asked to look only).
    fn drop_question(
        &self,
        ctx: RawCtx<'_>,
        item: &ItemUse,
        count: u32,
        at: Point,
    ) -> RResult<ROption<RString>, PluginError>;
    /// The player drops `count` of `item` at `at`: whether they are lost.
    #[sabi(last_prefix_field)]
    fn drop_lost(
        &self,
        ctx: RawCtx<'_>,
        item: &ItemUse,
        count: u32,
        at: Point,
    ) -> RResult<ROption<RString>, PluginError>;

    // 1.7 (time-savers)

    /// Added in 1.7: auto-explore would walk to `item` on the floor and
    /// pick it up (asked to look only). `Some(why)` leaves it where it
    /// lies, and the run does not stop for it: the player has no use for
    /// it that the plugin knows of ("you wield one already"); `g` still
    /// takes it. `None`: no say. Plugins built before 1.7 answer `None`,
    /// and a host older than 1.7 never asks.
    fn explore_declines(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError> {
        let _ = (ctx, item);
        RResult::ROk(ROption::RNone)
    }
}

/// A boxed set of vetoes, as registered (since 1.3).
pub type VetoesBox = VetoesAbi_TO<'static, RBox<()>>;

// 1.3 (identify)

/// How items are named to the player (since 1.3): one plugin may name the
/// items of others (an unknown potion shown as `murky potion`). Registered
/// with [`Registry::item_names`]; the host asks every plugin's in load
/// order wherever it names an item to the player, and the first `Some`
/// decides. Traces keep the record ids.
#[sabi_trait]
pub trait ItemNamesAbi: Send + Sync {
    /// The name of `count` of `item`, without article or number (`murky
    /// potion` for one, `murky potions` for several); `None`: the record's.
    fn name(&self, ctx: RawCtx<'_>, item: &ItemUse, count: u32) -> RResult<ROption<RString>, PluginError>;
    /// The text of `item`'s card, in place of its record's description and
    /// of what its role and effect say it does; `None`: those.
    #[sabi(last_prefix_field)]
    fn card(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError>;

    // 1.6 (item looks)

    /// Added in 1.6: how `item` is drawn (both views, the pack, its card),
    /// in place of its record's glyph, colour and tile (see
    /// [`crate::ItemNames::look`]); `None`: the record's. Plugins built
    /// before 1.6 answer `None`.
    fn look(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<Look>, PluginError> {
        let _ = (ctx, item);
        RResult::ROk(ROption::RNone)
    }

    // 1.7 (perils)

    /// Added in 1.7: a short mark written after `item`'s name wherever the
    /// host names it with its suffix (the pack, the floor, the look panel):
    /// `malevolent`, `benevolent` (see [`crate::ItemNames::mark`]). Every
    /// plugin's mark is written, in load order, not only the first.
    /// `None`: no mark. Plugins built before 1.7 answer `None`, and a host
    /// older than 1.7 never asks.
    fn mark(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError> {
        let _ = (ctx, item);
        RResult::ROk(ROption::RNone)
    }
}

/// A boxed set of item names, as registered (since 1.3).
pub type ItemNamesBox = ItemNamesAbi_TO<'static, RBox<()>>;

/// A boxed item effect, as registered.
pub type ItemEffectBox = ItemEffectAbi_TO<'static, RBox<()>>;
/// A boxed ranged kind, as registered.
pub type RangedKindBox = RangedKindAbi_TO<'static, RBox<()>>;
/// A boxed brain, as registered.
pub type MonsterBrainBox = MonsterBrainAbi_TO<'static, RBox<()>>;
/// A boxed view, as registered.
pub type ViewBox = ViewAbi_TO<'static, RBox<()>>;
/// A boxed set of hooks, as registered.
pub type HooksBox = HooksAbi_TO<'static, RBox<()>>;
/// A boxed status's code, as registered.
pub type StatusBox = StatusAbi_TO<'static, RBox<()>>;
/// A boxed level feature, as registered (since 1.2).
pub type LevelFeatureBox = LevelFeatureAbi_TO<'static, RBox<()>>;
/// A boxed level generator, as registered (since 1.2).
pub type LevelGenBox = LevelGenAbi_TO<'static, RBox<()>>;
/// A boxed terrain's code, as registered (since 1.2).
pub type TerrainBox = TerrainAbi_TO<'static, RBox<()>>;

/// How a terrain hides until the player finds it (since 1.2).
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TerrainHidden {
    /// Never hidden: seen as itself.
    Shown,
    /// Looks like floor until found, and behaves as itself (a trap: it
    /// still springs on whoever steps on it).
    AsFloor,
    /// Looks and behaves like wall until found (a secret door).
    AsWall,
}

/// How a registered terrain shows and behaves (since 1.2).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct TerrainDecl {
    /// How the look panel and messages write it (`a dart trap`).
    pub label: RString,
    /// How it looks in both views (glyph, colour, atlas tile).
    pub look: Look,
    /// Whether creatures can stand on it.
    pub walkable: bool,
    /// Whether sight passes through it.
    pub transparent: bool,
    /// The look panel's description.
    pub description: RString,
    /// Whether, and as what, it hides until found.
    pub hidden: TerrainHidden,
}

/// How a registered status shows and what it does.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct StatusDecl {
    /// How the side panel and the look panel write it (`Frozen`).
    pub label: RString,
    /// The mark drawn on the bearer's cell (a Unicode scalar value).
    pub mark: u32,
    /// The mark's color.
    pub color: Rgba,
    /// What it does on the bearer's turns.
    pub effect: StatusEffect,
}

/// Where a plugin's `register` hands what it brings; the host implements it.
/// Every call is checked when the plugin has finished: a name registered
/// twice, a setting with an empty range, and so on refuse the plugin by name.
#[sabi_trait]
pub trait Registry {
    /// The plugin's name and version.
    fn plugin(&mut self, name: RStr<'_>, version: RStr<'_>);
    /// Another plugin this one needs, and the oldest version that will do.
    fn depends_on(&mut self, name: RStr<'_>, min_version: RStr<'_>);
    /// An item effect, by the name records give as `effect`.
    fn item_effect(&mut self, name: RStr<'_>, imp: ItemEffectBox);
    /// A monster's attack from afar, by the name records give as `ranged.kind`.
    fn ranged_kind(&mut self, name: RStr<'_>, imp: RangedKindBox);
    /// A monster brain, by the name records give as `brain`.
    fn brain(&mut self, name: RStr<'_>, imp: MonsterBrainBox);
    /// A view, by name.
    fn view(&mut self, name: RStr<'_>, imp: ViewBox);
    /// The plugin's hooks (one set per plugin).
    fn hooks(&mut self, imp: HooksBox);
    /// A setting of the plugin's `[settings]`, its default and range.
    fn setting(&mut self, name: RStr<'_>, default: i64, min: i64, max: i64);
    /// A number kept in the per-creature store, and its range; the key is
    /// the plugin's own (see [`Registrar::stored`](crate::Registrar::stored)).
    fn stored(&mut self, key: RStr<'_>, min: i64, max: i64);
    /// A status, how it shows, what it does, and its code.
    #[sabi(last_prefix_field)]
    fn status(&mut self, name: RStr<'_>, decl: &StatusDecl, imp: StatusBox);

    /// Added in 1.2: the player's level is the plugin's stored number `key`
    /// (declared with [`Registry::stored`]). A host older than 1.2 ignores it.
    fn player_level(&mut self, key: RStr<'_>) {
        let _ = key;
    }

    /// Added in 1.2: the plugin says which events of its own it writes
    /// with `Ctx::event`: this call opens the list (an empty list: none),
    /// and [`Registry::event`] adds to it. A host older than 1.2 ignores it.
    fn events_declared(&mut self) {}

    /// Added in 1.2: an event the plugin writes and the fields it may
    /// carry. A host older than 1.2 ignores it.
    fn event(&mut self, name: RStr<'_>, fields: RVec<RString>) {
        let _ = (name, fields);
    }

    /// Added in 1.2: a side of the plugin's own (`undead`), which records
    /// and calls may then name. A host older than 1.2 ignores it.
    fn side(&mut self, name: RStr<'_>) {
        let _ = name;
    }

    /// Added in 1.2 (part two): a kind of terrain (a trap, rubble, water),
    /// how it shows and behaves, and its code. A host older than that
    /// ignores it.
    fn terrain(&mut self, name: RStr<'_>, decl: &TerrainDecl, imp: TerrainBox) {
        let _ = (name, decl, imp);
    }

    /// Added in 1.2 (part two): a generator that makes whole floors, from
    /// floor `first` to floor `last`. A host older than that ignores it.
    fn level_gen(&mut self, name: RStr<'_>, first: u32, last: u32, imp: LevelGenBox) {
        let _ = (name, first, last, imp);
    }

    /// Added in 1.2 (part two): code that changes floors already made,
    /// from floor `first` to floor `last`. A host older than that ignores it.
    fn level_feature(&mut self, name: RStr<'_>, first: u32, last: u32, imp: LevelFeatureBox) {
        let _ = (name, first, last, imp);
    }

    // 1.3 (terrain)

    /// Added in 1.3: the plugin's vetoes (one set per plugin): steps and
    /// uses it refuses, drops it asks about or swallows. A host older than
    /// 1.3 ignores it.
    fn vetoes(&mut self, imp: VetoesBox) {
        let _ = imp;
    }

    // 1.3 (potions)

    /// Since 1.3: status `name`, which this plugin registers, changes how
    /// often its bearer acts: `speed` 1 (hasted: while the player bears
    /// it, the monsters act on every other turn only, so the player has
    /// two actions to their one) or -1 (slowed: a monster bearing it acts
    /// on every other turn only). Any other speed, or a status the plugin
    /// did not register, is refused in one line and ignored. A host older
    /// than 1.3 ignores it.
    fn status_speed(&mut self, name: RStr<'_>, speed: i32) {
        let _ = (name, speed);
    }

    /// Since 1.3: while the player bears status `name`, which this plugin
    /// registers, the player senses every monster of the floor: each is
    /// drawn where it stands, in sight or not (a potion of detect
    /// monsters). A host older than 1.3 ignores it.
    fn status_senses_monsters(&mut self, name: RStr<'_>) {
        let _ = name;
    }

    // 1.3 (identify)

    /// Since 1.3: the plugin's item names (one set per plugin): how it
    /// names items, its own or others', to the player. A host older than
    /// 1.3 ignores it.
    fn item_names(&mut self, imp: ItemNamesBox) {
        let _ = imp;
    }

    // 1.4 (packages)

    /// Since 1.4: what the plugin is, in one line (`description`), and
    /// where to read more of it (`homepage`, a web address; empty for
    /// none). The host cleans both to one line of its own length. A host
    /// older than 1.4 ignores it.
    fn describe(&mut self, description: RStr<'_>, homepage: RStr<'_>) {
        let _ = (description, homepage);
    }

    // 1.6 (terrain by meaning)

    /// Since 1.6: the traits of terrain `name`, which this plugin
    /// registers ([`crate::terrain_traits`]). A trait name that breaks
    /// the rules, or a terrain the plugin did not register, refuses the
    /// plugin in one line. A host older than 1.6 ignores it.
    fn terrain_traits(&mut self, name: RStr<'_>, traits: RVec<RString>) {
        let _ = (name, traits);
    }

    // 1.6 (standings)

    /// Since 1.6: sides `a` and `b` stand so toward each other from the
    /// start of every run (`traders` neutral to `monsters`), both ways.
    /// Either may be the host's or any loaded plugin's side; a standing
    /// naming a side no loaded plugin declares is left out, with one line
    /// in the log, and so is a second word on a pair another plugin
    /// already gave. A host older than 1.6 ignores it.
    fn standing(&mut self, a: RStr<'_>, b: RStr<'_>, standing: Standing) {
        let _ = (a, b, standing);
    }

    // 1.6 (looks)

    /// Since 1.6: terrain `name`, which this plugin registers, is secret:
    /// the help screen's lists of terrains leave it out (a terrain made
    /// only to disguise a monster as). A name the plugin does not register
    /// is refused in one line and ignored. A host older than 1.6 ignores it.
    fn terrain_secret(&mut self, name: RStr<'_>) {
        let _ = name;
    }

    // 1.6 (saves)

    /// Added in 1.6: the creatures' text store key `key` holds an item kind
    /// (the weapon in hand; see
    /// [`Registrar::stored_kind`](crate::Registrar::stored_kind)): only the
    /// empty text or an item record's id is stored under it, and a save
    /// holding another is refused. The key is then the plugin's own, as a
    /// key declared with [`Registry::stored`] is. A host older than 1.6
    /// ignores it.
    fn stored_kind(&mut self, key: RStr<'_>) {
        let _ = key;
    }

    // 1.7 (depths)

    /// Added in 1.7: a creature bearing status `name`, which this plugin
    /// registers, flies ([`WorldCtx::flies`]: a potion of levitation). A
    /// name the plugin does not register is refused in one line and
    /// ignored. A host older than 1.7 ignores it.
    fn status_flies(&mut self, name: RStr<'_>) {
        let _ = name;
    }

    // 1.7 (fields)

    /// Added in 1.7: a kind of field `name` this plugin owns: a per-cell
    /// amount any plugin may read and change ([`WorldCtx::field_at`]),
    /// saved with the run, drawn by both views over the terrain as `decl`
    /// says and shown in the look panel. A name another plugin declared
    /// already, or one with a bad trait, is left out with one line in the
    /// log. A host older than 1.7 ignores it.
    fn field(&mut self, name: RStr<'_>, decl: &crate::types::FieldDecl) {
        let _ = (name, decl);
    }
}

/// The registry as it crosses.
pub type RawRegistry<'a> = Registry_TO<'a, RMut<'a, ()>>;

/// The root module a plugin library exports (see [`crate::export_plugin!`]).
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginModRef)))]
#[sabi(missing_field(panic))]
pub struct PluginMod {
    /// Hands the plugin's implementations to `registry`. Runs under the panic guard.
    #[sabi(last_prefix_field)]
    pub register: extern "C" fn(HostLink, RawRegistry<'_>) -> RResult<(), PluginError>,
}

impl RootModule for PluginModRef {
    declare_root_module_statics! {PluginModRef}
    const BASE_NAME: &'static str = "emberdeep_plugin";
    const NAME: &'static str = "emberdeep_plugin";
    const VERSION_STRINGS: VersionStrings = package_version_strings!();
}
