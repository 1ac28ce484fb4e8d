//! Plain data that crosses the boundary: points, ids, damage ranges, colors
//! and the small records the host and the plugins hand each other.
//!
//! Every struct here is `repr(C)` and frozen from api 1.0 on: a field added
//! to one would break every plugin already built. What will grow is passed
//! through methods instead (new [`GameCtx`](crate::abi::GameCtx) methods,
//! new defaulted trait methods).

use abi_stable::{
    std_types::{ROption, RString, RVec},
    StableAbi,
};

/// A cell on the map, in whole cells; `x` grows to the right, `y` downwards.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Point {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }

    /// Steps between two cells when a diagonal step counts as one
    /// (the Chebyshev distance), the distance every rule of the game uses.
    pub fn steps_to(self, other: Point) -> i32 {
        (self.x - other.x).abs().max((self.y - other.y).abs())
    }

    /// The point moved by `dx`, `dy`.
    pub const fn offset(self, dx: i32, dy: i32) -> Self {
        Point { x: self.x + dx, y: self.y + dy }
    }

    /// Whether the two cells touch, diagonals included (and are not the same cell).
    pub fn is_adjacent(self, other: Point) -> bool {
        self != other && self.steps_to(other) == 1
    }
}

/// The eight directions, in a fixed order (N, NE, E, SE, S, SW, W, NW), so that
/// anything that walks them is deterministic.
pub const DIRECTIONS: [(i32, i32); 8] = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)];

/// An item's identity for the whole run: every item on the floor or in the
/// pack has one, kept as it moves between them, and a store of numbers and
/// texts ([`Ctx::item_get`](crate::Ctx::item_get)) saved with the run.
#[repr(transparent)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub u32);

/// A creature's identity for the whole run. The player is always `EntityId::PLAYER`.
#[repr(transparent)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityId(pub u32);

impl EntityId {
    /// The player's id.
    pub const PLAYER: EntityId = EntityId(0);

    /// Whether this id is the player's.
    pub fn is_player(self) -> bool {
        self == Self::PLAYER
    }
}

/// A damage range, both ends included.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Damage {
    /// Least damage a roll gives.
    pub min: i32,
    /// Most damage a roll gives.
    pub max: i32,
}

impl Damage {
    /// The range `min..=max`.
    pub const fn new(min: i32, max: i32) -> Self {
        Damage { min, max }
    }
}

/// An RGB color with alpha.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rgba {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
    /// Alpha: 255 is solid.
    pub a: u8,
}

impl Rgba {
    /// A solid color.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Rgba { r, g, b, a: 255 }
    }

    /// The same color with another alpha.
    pub const fn with_alpha(self, a: u8) -> Self {
        Rgba { a, ..self }
    }

    /// The color scaled towards black: `percent` 100 keeps it, 0 is black.
    pub fn dimmed(self, percent: u8) -> Self {
        let f = |c: u8| ((c as u32 * percent as u32) / 100) as u8;
        Rgba { r: f(self.r), g: f(self.g), b: f(self.b), a: self.a }
    }
}

/// What a monster is doing, as the host tracks it.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MonsterState {
    /// Does nothing until a noise or a blow wakes it.
    Asleep,
    /// Walks about at random.
    Wandering,
    /// Goes after the player.
    Hunting,
}

impl MonsterState {
    /// The state's name as the trace and the look panel write it.
    pub fn name(self) -> &'static str {
        match self {
            MonsterState::Asleep => "asleep",
            MonsterState::Wandering => "wandering",
            MonsterState::Hunting => "hunting",
        }
    }
}

/// What a plugin may read of a creature (the player or a monster).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct CreatureInfo {
    /// The creature's id.
    pub id: EntityId,
    /// Its record id (`jackal`), or `player`.
    pub kind: RString,
    /// Its name as messages write it (`jackal`, `you`).
    pub name: RString,
    /// The name used in the trace (`jackal#3`, `player`).
    pub trace_name: RString,
    /// Where it stands.
    pub pos: Point,
    /// Health left.
    pub hp: i32,
    /// Most health it can have.
    pub max_hp: i32,
    /// Taken off every blow it suffers.
    pub defense: i32,
    /// The blows it deals, before the defender's defense.
    pub damage: Damage,
    /// How far it sees, in cells.
    pub sight: i32,
    /// Asleep, wandering or hunting (the player is always `Hunting`).
    pub state: MonsterState,
}

/// A blow, shot or burst that a plugin decided; the host applies it, logs it,
/// traces it as an `attack` event and removes the dead.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Attack {
    /// Who struck.
    pub attacker: EntityId,
    /// Who was struck at.
    pub target: EntityId,
    /// `melee`, `arrow`, `lightning`, `fireball`...
    pub kind: RString,
    /// Whether it hit.
    pub hit: bool,
    /// Damage done, already after defense (0 on a miss).
    pub damage: i32,
    /// Chance to hit in percent, for missiles; `None` when it does not apply.
    pub chance: ROption<i32>,
    /// Distance in steps, for missiles; `None` when it does not apply.
    pub distance: ROption<i32>,
    /// What the death screen says if this kills the player ("a jackal").
    pub killer: RString,
    /// The log line; empty for the host's usual one ("The jackal hits you for 2.").
    pub message: RString,
}

impl Attack {
    /// An attack of `kind` (`melee`, `arrow`, `lightning`...) from
    /// `attacker` at `target`; say how it went with [`hit_for`](Self::hit_for),
    /// [`missed`](Self::missed) or [`hit_or_miss`](Self::hit_or_miss), and add
    /// what applies:
    ///
    /// ```
    /// use emberdeep_api::{Attack, EntityId};
    ///
    /// let goblin = EntityId(3);
    /// let bolt = Attack::new(EntityId::PLAYER, goblin, "lightning")
    ///     .hit_for(9)
    ///     .with_chance(100)
    ///     .with_distance(4)
    ///     .with_killer("a bolt of lightning")
    ///     .with_message("The lightning hits the goblin for 9.");
    /// assert!(bolt.hit);
    /// assert_eq!((bolt.chance(), bolt.distance()), (Some(100), Some(4)));
    /// ```
    ///
    /// Until told otherwise it hits for 0, with no chance or distance (not
    /// a missile), nothing for the death screen, and the host's usual log
    /// line.
    pub fn new(attacker: EntityId, target: EntityId, kind: &str) -> Self {
        Attack {
            attacker,
            target,
            kind: RString::from(kind),
            hit: true,
            damage: 0,
            chance: ROption::RNone,
            distance: ROption::RNone,
            killer: RString::new(),
            message: RString::new(),
        }
    }

    /// The attack hits, for `damage` (already after defense).
    pub fn hit_for(mut self, damage: i32) -> Self {
        self.hit = true;
        self.damage = damage;
        self
    }

    /// The attack misses (and so does no damage).
    pub fn missed(mut self) -> Self {
        self.hit = false;
        self.damage = 0;
        self
    }

    /// The attack hits for `damage` if `hit`, else misses (doing none).
    pub fn hit_or_miss(self, hit: bool, damage: i32) -> Self {
        if hit {
            self.hit_for(damage)
        } else {
            self.missed()
        }
    }

    /// The chance it had to hit, in percent (a missile's).
    pub fn with_chance(mut self, chance: i32) -> Self {
        self.chance = ROption::RSome(chance);
        self
    }

    /// How far it flew, in steps (a missile's).
    pub fn with_distance(mut self, distance: i32) -> Self {
        self.distance = ROption::RSome(distance);
        self
    }

    /// What the death screen says if it kills the player ("an archer's arrow").
    pub fn with_killer(mut self, killer: &str) -> Self {
        self.killer = RString::from(killer);
        self
    }

    /// The same attack with its own log line instead of the host's usual one.
    pub fn with_message(mut self, message: &str) -> Self {
        self.message = RString::from(message);
        self
    }

    /// The chance it had to hit, in percent, if it is a missile's.
    pub fn chance(&self) -> Option<i32> {
        self.chance.into_option()
    }

    /// How far it flew, in steps, if it is a missile's.
    pub fn distance(&self) -> Option<i32> {
        self.distance.into_option()
    }

    /// A shot of `kind` (`arrow`, `bolt`...) from `attacker` at `target`,
    /// from `distance` steps with `chance` percent to hit: `damage` (after
    /// defense) if it hit. `killer` is what the death screen says if it
    /// kills the player ("an archer's arrow").
    ///
    /// Kept for plugins written against 1.0; [`Attack::new`] says the same
    /// by name: `Attack::new(attacker, target, kind).hit_or_miss(hit,
    /// damage).with_chance(chance).with_distance(distance).with_killer(killer)`.
    #[allow(clippy::too_many_arguments)]
    pub fn shot(
        attacker: EntityId,
        target: EntityId,
        kind: &str,
        hit: bool,
        damage: i32,
        chance: i32,
        distance: i32,
        killer: &str,
    ) -> Self {
        Attack::new(attacker, target, kind)
            .hit_or_miss(hit, damage)
            .with_chance(chance)
            .with_distance(distance)
            .with_killer(killer)
    }

    /// A melee blow that hits for `damage` (already after defense).
    pub fn melee(attacker: EntityId, target: EntityId, damage: i32, killer: &str) -> Self {
        Attack::new(attacker, target, "melee").hit_for(damage).with_killer(killer)
    }
}

/// How important a message is, which decides its color in the log.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// Ordinary news.
    Info,
    /// Something good happened to the player.
    Good,
    /// The player is in danger (drawn in red).
    Danger,
}

/// One pack slot's contents, as [`Ctx::pack_item`](crate::Ctx::pack_item)
/// and [`Ctx::pack_take`](crate::Ctx::pack_take) report it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct PackEntry {
    /// The record id (`long_sword`).
    pub kind: RString,
    /// How many (1 for kinds that do not stack).
    pub count: u32,
    /// The item's identity (a stack shares one).
    pub item: ItemId,
}

/// An item kind's record, as [`Ctx::item_info`](crate::Ctx::item_info) reports it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct ItemInfo {
    /// The record id (`long_sword`).
    pub id: RString,
    /// The name of one (`long sword`).
    pub name: RString,
    /// The name of several (`arrows`, `potions of healing`).
    pub plural: RString,
    /// The article the name takes in running text: `a`, `an`, or empty for
    /// a name that takes none (`plate armor`).
    pub article: RString,
    /// The record's class (`potion`, `weapon`, `armor`...).
    pub class: RString,
    /// What the item is for, as its record declares it (`healing`,
    /// `melee_weapon`, `armor`, `missile_weapon`, `missile`, `thrown`,
    /// `aimed`, `burst`, or `none`): the host and its bot go by this, never
    /// by a parameter's name.
    pub role: RString,
    /// The record's `params` table, sorted by name.
    pub params: RVec<Param>,
    /// How the item looks (glyph, colour, atlas tile), for a missile's flight.
    pub look: Look,
}

impl ItemInfo {
    /// The value of a record parameter, if the record gives it.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|p| p.name.as_str() == name).map(|p| p.value)
    }

    /// The name with its article, as a sentence uses it: "a long sword", "plate armor".
    pub fn with_article(&self) -> String {
        if self.article.is_empty() {
            self.name.to_string()
        } else {
            format!("{} {}", self.article, self.name)
        }
    }

    /// `count` of them in words: "an arrow", "12 arrows", "plate armor".
    pub fn counted(&self, count: u32) -> String {
        if count == 1 {
            self.with_article()
        } else {
            format!("{count} {}", self.plural)
        }
    }
}

/// How a thing (creature or item) looks, from its record.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Look {
    /// The character the glyph view draws (a Unicode scalar value).
    pub glyph: u32,
    /// Its color.
    pub color: Rgba,
    /// The atlas tile the tile view draws.
    pub tile: RString,
}

impl Look {
    /// Drawn as `glyph` in `color` by the glyph view, as the atlas tile
    /// `tile` by the tile view.
    pub fn new(glyph: char, color: Rgba, tile: &str) -> Self {
        Look { glyph: glyph as u32, color, tile: RString::from(tile) }
    }
}

/// One named whole-number parameter of an item record (`amount = 8`).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: RString,
    /// Its value.
    pub value: i64,
}

/// The item being used, as its record describes it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct ItemUse {
    /// Who uses it (the player).
    pub user: EntityId,
    /// The record id (`healing_potion`).
    pub kind: RString,
    /// The name messages use (`potion of healing`).
    pub name: RString,
    /// The record's `params` table, sorted by name.
    pub params: RVec<Param>,
    /// The pack slot the item is used from (0 is `a`), for effects that move
    /// the item themselves (wielding takes it out of the pack); `None` for an
    /// item that is not in the pack (the readied bow a shot is fired with).
    pub slot: ROption<u32>,
    /// The item's identity, whose store keeps what is particular to this one
    /// (a wand's charges); `None` for an item that is not in the pack or on
    /// the floor (a bow held in the store).
    pub item: ROption<ItemId>,
}

impl ItemUse {
    /// The player uses an item of record `info` that is in no pack slot and
    /// has no identity (the readied bow a shot is fired with); for one from
    /// the pack, add [`from_pack`](Self::from_pack).
    pub fn from_record(info: &ItemInfo) -> Self {
        ItemUse {
            user: EntityId::PLAYER,
            kind: info.id.clone(),
            name: info.name.clone(),
            params: info.params.clone(),
            slot: ROption::RNone,
            item: ROption::RNone,
        }
    }

    /// The same use, of the item `item` in pack slot `slot` (0 is `a`).
    pub fn from_pack(mut self, slot: u32, item: ItemId) -> Self {
        self.slot = ROption::RSome(slot);
        self.item = ROption::RSome(item);
        self
    }

    /// The value of a record parameter, if the record gives it.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|p| p.name.as_str() == name).map(|p| p.value)
    }

    /// The value of a record parameter, or `default` if the record leaves it out.
    pub fn param_or(&self, name: &str, default: i64) -> i64 {
        self.param(name).unwrap_or(default)
    }

    /// The pack slot, if the item is used from the pack.
    pub fn slot(&self) -> Option<u32> {
        self.slot.into_option()
    }

    /// The item's identity, if it has one.
    pub fn item(&self) -> Option<ItemId> {
        self.item.into_option()
    }
}

/// What the host should do to aim an item for the player.
///
/// The host runs the cursor and works out the path the shot takes: the line
/// of fire from the player through the cursor, carried on to `range` steps,
/// cut at walls and closed doors, at the first creature unless
/// `passes_through`, and at the cursor if `stops_at_cursor`. It shades that
/// path (and a burst of `burst_radius` around its end) as far as the player
/// can see, and hands the same path to the effect's `aimed`.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AimRequest {
    /// How far the shot flies, in steps.
    pub range: i32,
    /// Whether the shot goes on through creatures (lightning) or stops at the first.
    pub passes_through: bool,
    /// Radius of the burst to preview at the end of the path, 0 for none.
    /// When the player would stand in it, the host asks before firing.
    pub burst_radius: i32,
    /// Whether the shot goes no further than the cursor (a fireball bursts
    /// where it is aimed) instead of flying on to its full range.
    pub stops_at_cursor: bool,
}

impl AimRequest {
    /// A shot of `range` steps that stops at the first creature, with no
    /// burst, flying on past the cursor (an arrow, a thrown dart).
    pub const fn missile(range: i32) -> Self {
        AimRequest { range, passes_through: false, burst_radius: 0, stops_at_cursor: false }
    }

    /// A bolt of `range` steps that goes on through every creature in its way.
    pub const fn bolt(range: i32) -> Self {
        AimRequest { range, passes_through: true, burst_radius: 0, stops_at_cursor: false }
    }

    /// A burst of `radius` where the cursor is, up to `range` steps away.
    pub const fn burst(range: i32, radius: i32) -> Self {
        AimRequest { range, passes_through: false, burst_radius: radius, stops_at_cursor: true }
    }
}

/// What the host should aim for a plugin that answered one of its keys
/// (`f` fires the readied bow, `t` throws): the host runs the cursor as for
/// [`UseOutcome::Aim`], then calls `aimed` on the effect registered as
/// `effect`, with `item`.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct AimOrder {
    /// The registered name of the effect to call back (`bow`, `throw`).
    pub effect: RString,
    /// The item the shot is made with, as the effect will be told of it.
    pub item: ItemUse,
    /// How to aim.
    pub request: AimRequest,
}

impl AimOrder {
    /// Aim as `request` says, then call the effect registered as `effect`
    /// back with `item`.
    pub fn new(effect: &str, item: ItemUse, request: AimRequest) -> Self {
        AimOrder { effect: RString::from(effect), item, request }
    }
}

/// A plugin's answer to a key the host hands to the plugins (`f`, `t`).
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub enum KeyAnswer {
    /// Not this plugin's business: the host asks the next plugin.
    Pass,
    /// Dealt with, without aiming (the plugin wrote why in the log);
    /// `true` if a turn passes.
    Done(bool),
    /// Aim, then call the effect back.
    Aim(AimOrder),
}

impl KeyAnswer {
    /// Aim as `request` says, then call the effect registered as `effect`
    /// back with `item` (`f` aims the readied bow for the `bow` effect).
    pub fn aim(effect: &str, item: ItemUse, request: AimRequest) -> Self {
        KeyAnswer::Aim(AimOrder::new(effect, item, request))
    }
}

/// A key a plugin answers, as the help screen (`?`) lists it. Added in 1.1.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct KeyHelp {
    /// The key as the help shows it: one character (`T`), or the host's name
    /// for a key it hands on (`f`, `t`).
    pub key: RString,
    /// The help screen's group: `moving`, `fighting`, `items`, `aiming` or
    /// `screens` (anything else is listed under "other").
    pub group: RString,
    /// What it does, in a few words ("take off the armor you wear").
    pub what: RString,
}

impl KeyHelp {
    /// A key's help line.
    pub fn new(key: impl Into<String>, group: impl Into<String>, what: impl Into<String>) -> Self {
        KeyHelp { key: key.into().into(), group: group.into().into(), what: what.into().into() }
    }
}

/// What came of using an item.
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub enum UseOutcome {
    /// One of the item was used up, and the turn passes.
    Consumed,
    /// The item stays (or the plugin moved it itself), and the turn passes.
    Kept,
    /// Nothing happened (the effect said why in the log); no turn passes.
    NoTurn,
    /// Ask the host to aim; the effect's `aimed` is called with the path.
    Aim(AimRequest),
}

/// A monster's attack from afar, as a record's `ranged` entry describes it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct RangedSpec {
    /// The registered kind's name (`arrows`).
    pub kind: RString,
    /// Damage before defense.
    pub damage: Damage,
    /// Range in steps.
    pub range: i32,
    /// Turns between attacks.
    pub every: i32,
}

/// What a status does to the creature that bears it, on each of its turns.
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub enum StatusEffect {
    /// Nothing by itself: it shows, counts down, and runs the status's
    /// per-turn code if it has any (a poison).
    Marks,
    /// The creature loses its turns while it lasts (frozen, stunned). A
    /// player who bears it can only wait.
    SkipsTurn,
    /// A monster acts with the registered brain of this name instead of its
    /// own (confused, charmed), and has its own back when the status ends.
    Brain(RString),
}

impl StatusEffect {
    /// A monster acts with the brain registered as `name` while it lasts.
    pub fn brain(name: &str) -> Self {
        StatusEffect::Brain(name.into())
    }
}

/// A status a creature bears, as [`Ctx::statuses`](crate::Ctx::statuses) and
/// the scene report it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct StatusInfo {
    /// The registered name (`frozen`).
    pub name: RString,
    /// How the side panel and the look panel write it (`Frozen`).
    pub label: RString,
    /// The mark drawn on the creature's cell (a Unicode scalar value).
    pub mark: u32,
    /// The mark's color.
    pub color: Rgba,
    /// Turns left, counting this one.
    pub turns: i32,
    /// The plugin that registered it.
    pub plugin: RString,
}

/// A creature died: what [`Hooks::died`](crate::Hooks::died) is told.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Death {
    /// Who died (no longer in the game when the hook runs, unless the player).
    pub victim: EntityId,
    /// Its record id (`jackal`), or `player`.
    pub victim_kind: RString,
    /// Its trace name (`jackal#3`).
    pub victim_name: RString,
    /// Where it died.
    pub at: Point,
    /// Who killed it, if a creature did.
    pub killer: ROption<EntityId>,
    /// The killer's record id, or `player`; empty if no creature did.
    pub killer_kind: RString,
    /// How: the attack's kind (`melee`, `arrow`, `fireball`...).
    pub how: RString,
    /// The killer in words, as the death screen writes it ("a jackal",
    /// "an archer's arrow"): the attack's `killer`.
    pub killed_by: RString,
}

impl Death {
    /// A death of `victim`, of record `kind` (`player` for the player), at
    /// `at`, that no creature dealt (its trace name is `kind#N`, or
    /// `player`); add the killer with [`Death::by`]. What a test hands a
    /// plugin's `died` hook, in plain Rust.
    ///
    /// ```
    /// use emberdeep_api::{Death, EntityId, Point};
    ///
    /// let death = Death::new(EntityId(7), "fire_beetle", Point::new(2, 2)).by(EntityId::PLAYER, "player", "melee", "you");
    /// assert_eq!((death.victim_name.as_str(), death.killer()), ("fire_beetle#7", Some(EntityId::PLAYER)));
    /// ```
    pub fn new(victim: EntityId, kind: &str, at: Point) -> Self {
        let victim_name = if victim.is_player() { "player".to_string() } else { format!("{kind}#{}", victim.0) };
        Death {
            victim,
            victim_kind: kind.into(),
            victim_name: victim_name.into(),
            at,
            killer: ROption::RNone,
            killer_kind: RString::new(),
            how: RString::new(),
            killed_by: RString::new(),
        }
    }

    /// The same death dealt by `killer`, of record `killer_kind`
    /// (`player` for the player), with an attack of kind `how` (`melee`),
    /// `killed_by` in words ("a jackal").
    pub fn by(mut self, killer: EntityId, killer_kind: &str, how: &str, killed_by: &str) -> Self {
        self.killer = ROption::RSome(killer);
        self.killer_kind = killer_kind.into();
        self.how = how.into();
        self.killed_by = killed_by.into();
        self
    }

    /// Who killed it, if a creature did.
    pub fn killer(&self) -> Option<EntityId> {
        self.killer.into_option()
    }
}

/// A creature was struck and hurt: what [`Hooks::hurt`](crate::Hooks::hurt) is told.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Hurt {
    /// Who struck.
    pub attacker: EntityId,
    /// Who was hurt.
    pub target: EntityId,
    /// The damage done, after defense.
    pub amount: i32,
    /// Health left (0 or less: it died, and [`Death`] follows).
    pub hp_left: i32,
    /// The attack's kind (`melee`, `arrow`...).
    pub how: RString,
}

/// What an item would give the player once used as gear: the blow of a
/// weapon in hand, the defense of armor worn, each `None` when the item
/// gives none. Its own numbers, before anything the player adds (strength).
/// What [`ItemEffect::gear`](crate::ItemEffect::gear) answers; the bot
/// compares them with the player's blow and defense to pick better gear.
/// Since 1.2.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GearNumbers {
    blow: ROption<Damage>,
    defense: ROption<i32>,
}

impl GearNumbers {
    /// Nothing: the item is no gear.
    pub const NONE: GearNumbers = GearNumbers { blow: ROption::RNone, defense: ROption::RNone };

    /// A blow, a defense, either or both.
    pub fn new(blow: Option<Damage>, defense: Option<i32>) -> Self {
        GearNumbers { blow: blow.into(), defense: defense.into() }
    }

    /// A weapon's: its blow in hand.
    pub fn weapon(blow: Damage) -> Self {
        GearNumbers::new(Some(blow), None)
    }

    /// Armor's: its defense worn.
    pub fn armor(defense: i32) -> Self {
        GearNumbers::new(None, Some(defense))
    }

    /// The blow it gives in hand, if it is a weapon.
    pub fn blow(&self) -> Option<Damage> {
        self.blow.into_option()
    }

    /// The defense it gives worn, if it is armor.
    pub fn defense(&self) -> Option<i32> {
        self.defense.into_option()
    }
}

/// The player's side: the player, and its allies (since 1.2).
pub const PLAYER_SIDE: &str = "player";

/// The monsters' side, every monster's unless its record or a plugin says
/// otherwise (since 1.2).
pub const MONSTERS_SIDE: &str = "monsters";

// 1.6 (standings)

/// How two sides stand toward each other (since 1.6). Standings are
/// symmetric: `traders` neutral to `monsters` is `monsters` neutral to
/// `traders`. Sides no one said anything about are hostile, as every two
/// sides were before 1.6; a side is always allied with itself.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Standing {
    /// Enemies: each attacks the other (the default).
    #[default]
    Hostile,
    /// Neither attacks the other nor counts it as an enemy.
    Neutral,
    /// Friends: not enemies, and a peaceful creature is neutral to the
    /// sides allied with the player's as it is to the player's own.
    Allied,
}

impl Standing {
    /// Every standing, in the order of their names.
    pub const ALL: [Standing; 3] = [Standing::Hostile, Standing::Neutral, Standing::Allied];

    /// The standing's name as the trace, a save and a record write it.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Hostile => "hostile",
            Standing::Neutral => "neutral",
            Standing::Allied => "allied",
        }
    }

    /// The standing named `name` (`hostile`, `neutral`, `allied`); `None`
    /// for any other.
    pub fn named(name: &str) -> Option<Standing> {
        Standing::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A creature on the floor, as [`Ctx::floor_creatures`](crate::Ctx::floor_creatures)
/// lists them (since 1.2).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct FloorCreature {
    /// Its id.
    pub id: EntityId,
    /// Its record id (`jackal`), or `player`.
    pub kind: RString,
    /// Where it stands.
    pub pos: Point,
    /// Its side (`player`, `monsters`, or one a plugin declared).
    pub side: RString,
    /// Whether the player sees it now (the player sees itself; a disguised
    /// creature is not seen, since 1.6: the player sees what it passes for).
    pub seen: bool,
}

// 1.6 (items)

/// An item a plugin laid on the floor (since 1.6): its id, as
/// [`Ctx::items_at`](crate::Ctx::items_at) lists it, and the cell it
/// landed on. Answered by [`Ctx::place_item_id`](crate::Ctx::place_item_id).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedItem {
    /// The item's id: the new item's, or the heap's own when the new items
    /// joined a heap of their kind lying there.
    pub item: ItemId,
    /// Where it landed.
    pub at: Point,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_attack_builder_says_what_the_old_positional_constructors_said() {
        let (me, them) = (EntityId::PLAYER, EntityId(4));
        // The 1.0 constructors, field by field, as plugins built against 1.0 have them.
        let shot = Attack {
            attacker: me,
            target: them,
            kind: "arrow".into(),
            hit: false,
            damage: 0,
            chance: ROption::RSome(80),
            distance: ROption::RSome(3),
            killer: "an arrow".into(),
            message: RString::new(),
        };
        assert_eq!(Attack::shot(me, them, "arrow", false, 7, 80, 3, "an arrow"), shot);
        let built = Attack::new(me, them, "arrow").hit_or_miss(false, 7).with_chance(80).with_distance(3);
        assert_eq!(built.with_killer("an arrow"), shot);
        let melee = Attack {
            kind: "melee".into(),
            hit: true,
            damage: 5,
            chance: ROption::RNone,
            distance: ROption::RNone,
            killer: "you".into(),
            ..shot.clone()
        };
        assert_eq!(Attack::melee(me, them, 5, "you"), melee);
        assert_eq!(Attack::new(me, them, "melee").hit_for(5).with_killer("you"), melee);
        let hit = Attack::new(me, them, "bolt").missed().hit_or_miss(true, 9).with_message("Zap.");
        assert!(hit.hit && hit.damage == 9 && hit.message.as_str() == "Zap.");
        assert_eq!((hit.chance(), hit.distance()), (None, None));
        assert_eq!((shot.chance(), shot.distance()), (Some(80), Some(3)));
    }

    #[test]
    fn an_item_use_from_a_record_has_no_slot_until_it_comes_from_the_pack() {
        let info = ItemInfo {
            id: "dart".into(),
            name: "dart".into(),
            plural: "darts".into(),
            article: "a".into(),
            class: "weapon".into(),
            role: "thrown".into(),
            params: vec![Param { name: "thrown_min".into(), value: 1 }].into(),
            look: Look::new(')', Rgba::rgb(1, 2, 3), "dart"),
        };
        let readied = ItemUse::from_record(&info);
        assert_eq!(
            (readied.user, readied.kind.as_str(), readied.param("thrown_min")),
            (EntityId::PLAYER, "dart", Some(1))
        );
        assert_eq!((readied.slot(), readied.item()), (None, None));
        let thrown = readied.from_pack(2, ItemId(9));
        assert_eq!((thrown.slot(), thrown.item()), (Some(2), Some(ItemId(9))));
        let answer = KeyAnswer::aim("throw", thrown.clone(), AimRequest::missile(6));
        let order = AimOrder { effect: "throw".into(), item: thrown, request: AimRequest::missile(6) };
        assert_eq!(answer, KeyAnswer::Aim(order));
        assert_eq!(info.look, Look { glyph: ')' as u32, color: Rgba::rgb(1, 2, 3), tile: "dart".into() });
    }
}

/// What made a floor (since 1.6, [`Ctx::floor_generator`](crate::Ctx::floor_generator)):
/// a plugin's level generator, by the plugin's name and the generator's,
/// or the host (`host`, `rooms`; the ember-heart's floor: `host`, `deepest`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Generator {
    /// The plugin that registered the generator, or `host`.
    pub plugin: String,
    /// The generator's name as its plugin registered it (`rooms` or
    /// `deepest` for the host's).
    pub name: String,
}

impl Generator {
    /// The generator `name` of `plugin`.
    pub fn new(plugin: &str, name: &str) -> Self {
        Generator { plugin: plugin.into(), name: name.into() }
    }

    /// Whether the host made the floor (rooms and corridors, or the deepest floor).
    pub fn is_host(&self) -> bool {
        self.plugin == "host"
    }

    /// Whether `plugin`'s generator `name` made the floor.
    pub fn is(&self, plugin: &str, name: &str) -> bool {
        self.plugin == plugin && self.name == name
    }
}

// 1.7 (fields)

/// The most a field may hold in one cell (since 1.7): amounts are clamped
/// to `0..=FIELD_MOST`.
pub const FIELD_MOST: i32 = 1000;

/// How a field kind shows and what it is (since 1.7,
/// [`Registrar::field`](crate::Registrar::field)).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct FieldDecl {
    /// How the look panel writes it (`burning flames`).
    pub label: RString,
    /// How both views draw a cell that holds it, over the terrain.
    pub look: Look,
    /// The amount from which a cell holding it stops sight (smoke); 0:
    /// sight passes however much lies there.
    pub blocks_sight: i32,
    /// What it is by meaning: `hazard` for one that hurts whoever stands in
    /// it (the time-savers keep out of it, monsters step around it), or
    /// traits of the plugin's own.
    pub traits: RVec<RString>,
    /// The look panel's description.
    pub description: RString,
}

/// How a field spreads and thins for one turn (since 1.7,
/// [`Ctx::spread_field`](crate::Ctx::spread_field)). Every number is whole
/// and the host does the sums in a fixed order, so a run replays alike.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FieldSpread {
    /// Percent (0-100) of each cell's amount that flows out, shared evenly
    /// among its open neighbours (the eight around it a creature could
    /// stand on); what cannot be shared evenly stays. 0: it does not move.
    pub share: i32,
    /// Percent (0-100) of each cell's amount lost each turn (smoke thinning).
    pub thin: i32,
    /// Amount each cell holding the field loses each turn, after thinning
    /// (a fire burning out).
    pub fade: i32,
}

/// One cell of a field and the amount it holds (since 1.7).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FieldCell {
    /// The cell.
    pub at: Point,
    /// How much of the field it holds (1 to [`FIELD_MOST`]).
    pub amount: i32,
}

impl FieldSpread {
    /// Whether every number is in range (`share` and `thin` 0-100, `fade`
    /// 0 to [`FIELD_MOST`]).
    pub fn is_valid(&self) -> bool {
        (0..=100).contains(&self.share) && (0..=100).contains(&self.thin) && (0..=FIELD_MOST).contains(&self.fade)
    }

    /// One turn of spreading and thinning over a `width` x `height` grid of
    /// amounts, row by row, where `open[i]` says whether cell `i` may hold
    /// the field (a cell that may not loses what it held); `scratch` is
    /// reused between calls. Only the rows and columns around cells holding
    /// something are visited. Answers how many cells hold the field after,
    /// and their total. The host's pass and [`crate::testing::TestGame`]'s
    /// are this one.
    pub fn apply(&self, amounts: &mut [i32], scratch: &mut Vec<i32>, width: usize, open: &[bool]) -> (u32, i64) {
        let width = width.max(1);
        let height = amounts.len() / width;
        let cells = width * height;
        if open.len() < cells || !self.is_valid() {
            return (0, 0);
        }
        // The box holding every non-empty cell, one cell wider all round.
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0usize, 0usize);
        for (y, row) in amounts[..cells].chunks(width).enumerate() {
            if let Some(first) = row.iter().position(|&a| a > 0) {
                let last = row.iter().rposition(|&a| a > 0).unwrap_or(first);
                x0 = x0.min(first);
                x1 = x1.max(last);
                y0 = y0.min(y);
                y1 = y.max(y1);
            }
        }
        if x0 == usize::MAX {
            return (0, 0);
        }
        let (x0, y0) = (x0.saturating_sub(1), y0.saturating_sub(1));
        let (x1, y1) = ((x1 + 1).min(width - 1), (y1 + 1).min(height - 1));
        scratch.clear();
        scratch.resize(cells, 0);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let i = y * width + x;
                let a = amounts[i];
                if a <= 0 {
                    continue;
                }
                if !open[i] {
                    continue;
                }
                let give = a * self.share / 100;
                let (ny0, ny1) = (y.saturating_sub(1), (y + 1).min(height - 1));
                let (nx0, nx1) = (x.saturating_sub(1), (x + 1).min(width - 1));
                let mut n = 0;
                if give > 0 {
                    for ny in ny0..=ny1 {
                        for nx in nx0..=nx1 {
                            let j = ny * width + nx;
                            if j != i && open[j] {
                                n += 1;
                            }
                        }
                    }
                }
                let each = if n > 0 { give / n } else { 0 };
                scratch[i] += a - each * n;
                if each > 0 {
                    for ny in ny0..=ny1 {
                        for nx in nx0..=nx1 {
                            let j = ny * width + nx;
                            if j != i && open[j] {
                                scratch[j] += each;
                            }
                        }
                    }
                }
            }
        }
        let (mut count, mut total) = (0u32, 0i64);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let i = y * width + x;
                let mut v = scratch[i];
                if v > 0 {
                    v = (v - v * self.thin / 100 - self.fade).clamp(0, FIELD_MOST);
                }
                amounts[i] = v;
                if v > 0 {
                    count += 1;
                    total += v as i64;
                }
            }
        }
        (count, total)
    }
}
