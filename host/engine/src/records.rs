//! The records plugins bring: monsters, items and settings, read from
//! `data/<plugin>/*.toml`. Every record is checked against what the loaded
//! plugins registered; an error names the file, the line and the field.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use abi_stable::std_types::RVec;
use emberdeep_api::{Damage, Param, RangedSpec, Rgba};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;
use toml::Spanned;

use crate::input::{self, limits, InputError};
use crate::loader::Plugins;
use crate::records_schema::{self, Color, Glyph, Id, Int, IntOr, Numbers, Pair, PairOr};
use crate::rules::SETTINGS;

/// A problem in a data file, with where it is.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be read (not a regular file, too large, not text).
    #[error(transparent)]
    Read(#[from] InputError),
    /// `--data-dir` names no folder of records.
    #[error("{dir}: no such data folder (it should hold host/rules.toml and a folder per plugin)")]
    NoFolder {
        /// The folder asked for.
        dir: PathBuf,
    },
    /// A field is wrong.
    #[error("{file}:{line}: field `{field}`: {message}")]
    Field {
        /// The file.
        file: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The field's name.
        field: String,
        /// What is wrong and what to do.
        message: String,
    },
}

/// A monster kind.
#[derive(Debug, Clone)]
pub struct MonsterRecord {
    /// Id (`jackal`), used in the trace and scenarios.
    pub id: String,
    /// Name in messages.
    pub name: String,
    /// Glyph-view character.
    pub glyph: char,
    /// Color.
    pub color: Rgba,
    /// Atlas tile name.
    pub tile: String,
    /// Whether the tile view tints its tile by `color` (`tint` in the record).
    pub tint: bool,
    /// First and last floor it is found on.
    pub floors: (u32, u32),
    /// Weight among the kinds of a floor.
    pub frequency: u32,
    /// Starting health.
    pub hp: i32,
    /// Blow damage before defense.
    pub damage: Damage,
    /// Taken off blows it suffers.
    pub defense: i32,
    /// How far it sees.
    pub sight: i32,
    /// The registered brain it uses.
    pub brain: String,
    /// Its attack from afar, if it has one: a registered `RangedKind`'s
    /// name, damage, range and the turns between attacks.
    pub ranged: Option<RangedSpec>,
    /// What it can do that the host rules on: open doors, keep its
    /// distance, track the player out of sight.
    pub traits: BTreeSet<MonsterTrait>,
    /// A sentence or two for the look mode: what it is and what it does
    /// (empty when the record has none).
    pub description: String,
    /// The plugin whose folder it came from.
    pub plugin: String,
    /// The data file it was read from (for messages about it).
    pub file: PathBuf,
}

impl MonsterRecord {
    /// Whether the kind has trait `t`.
    pub fn has(&self, t: MonsterTrait) -> bool {
        self.traits.contains(&t)
    }
}

/// A monster trait, named in a record's `traits` list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MonsterTrait {
    /// `opens_doors`: walks into a closed door to open it; without it a
    /// closed door is as good as a wall to the monster.
    OpensDoors,
    /// `keeps_distance`: fights from afar and backs away; goes with the
    /// `keeps_distance` brain.
    KeepsDistance,
    /// `tracks`: having lost sight of the player, goes to where it last
    /// saw it; without it, the monster wanders.
    Tracks,
}

impl MonsterTrait {
    /// Every trait, in the order the reference lists them.
    pub const ALL: [MonsterTrait; 3] = [MonsterTrait::OpensDoors, MonsterTrait::KeepsDistance, MonsterTrait::Tracks];

    /// Its name in a record.
    pub fn as_str(self) -> &'static str {
        match self {
            MonsterTrait::OpensDoors => "opens_doors",
            MonsterTrait::KeepsDistance => "keeps_distance",
            MonsterTrait::Tracks => "tracks",
        }
    }

    /// The trait named `name`, if there is one.
    pub fn from_name(name: &str) -> Option<MonsterTrait> {
        MonsterTrait::ALL.into_iter().find(|t| t.as_str() == name)
    }

    /// What the trait does, in a line for authors (the schema's and the reference's text).
    pub fn meaning(self) -> &'static str {
        match self {
            MonsterTrait::OpensDoors => "it opens a closed door by walking into it; without this trait a closed door stops it",
            MonsterTrait::KeepsDistance => {
                "it fights from afar and backs away from the player; a record with it must use the `keeps_distance` brain, and one using that brain must have it"
            }
            MonsterTrait::Tracks => {
                "out of sight of the player, it goes to where it last saw the player; without it, it only chases what it sees (and noises) and otherwise wanders"
            }
        }
    }
}

/// The longest `description` a record may have, in characters.
pub const DESCRIPTION_MAX: usize = 500;

/// An item kind.
#[derive(Debug, Clone)]
pub struct ItemRecord {
    /// Id (`healing_potion`).
    pub id: String,
    /// Name of one.
    pub name: String,
    /// Name of several.
    pub plural: String,
    /// The article the name takes: `a`, `an`, or empty (`plate armor`).
    pub article: String,
    /// Glyph-view character.
    pub glyph: char,
    /// Color.
    pub color: Rgba,
    /// Atlas tile name.
    pub tile: String,
    /// Whether the tile view tints its tile by `color` (`tint` in the record).
    pub tint: bool,
    /// Class (`potion`, `scroll`, `weapon`...).
    pub class: String,
    /// What it is for (`role` in the record; [`ItemRole::None`] when left out).
    pub role: ItemRole,
    /// Whether several share a pack slot.
    pub stacks: bool,
    /// The registered effect using it runs, if any.
    pub effect: Option<String>,
    /// Whole-number parameters handed to the effect.
    pub params: BTreeMap<String, i64>,
    /// First and last floor it is found on.
    pub floors: (u32, u32),
    /// Weight among the items of a floor.
    pub frequency: u32,
    /// How many lie in one heap when found.
    pub found: (u32, u32),
    /// A sentence or two for the item's card and the look mode: what it is
    /// and what it does (empty when the record has none).
    pub description: String,
    /// The plugin whose folder it came from.
    pub plugin: String,
    /// The data file it was read from (for messages about it).
    pub file: PathBuf,
}

impl ItemRecord {
    /// "a potion of healing", "plate armor", "3 potions of healing".
    pub fn describe(&self, count: u32) -> String {
        if count == 1 && self.article.is_empty() {
            self.name.clone()
        } else if count == 1 {
            format!("{} {}", self.article, self.name)
        } else {
            format!("{count} {}", self.plural)
        }
    }

    /// Its `params` as they cross to plugins, sorted by name.
    pub fn params_for_plugins(&self) -> RVec<Param> {
        self.params.iter().map(|(k, v)| Param { name: k.as_str().into(), value: *v }).collect()
    }
}

/// What an item is for: its record's `role`, for the host and the bot to
/// know how an item is used without knowing the plugin behind its effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum ItemRole {
    /// `healing`: drunk to heal (the potion of healing).
    Healing,
    /// `melee_weapon`: wielded to fight in melee (the swords, the dagger).
    MeleeWeapon,
    /// `armor`: worn (leather armor, chain mail).
    Armor,
    /// `missile_weapon`: readied, then fires missiles from the quiver (a bow).
    MissileWeapon,
    /// `missile`: loaded into the quiver, for a missile weapon to fire (arrows).
    Missile,
    /// `thrown`: thrown by hand with `t` (darts).
    Thrown,
    /// `aimed`: used, then aimed at a target along a line (a scroll of lightning, a wand).
    Aimed,
    /// `burst`: used, then aimed, and bursts over an area (a scroll of fireball).
    Burst,
    /// `none`: nothing said; the host and the bot make no assumption.
    #[default]
    None,
}

impl ItemRole {
    /// Every role, in the order the reference lists them.
    pub const ALL: [ItemRole; 9] = [
        ItemRole::Healing,
        ItemRole::MeleeWeapon,
        ItemRole::Armor,
        ItemRole::MissileWeapon,
        ItemRole::Missile,
        ItemRole::Thrown,
        ItemRole::Aimed,
        ItemRole::Burst,
        ItemRole::None,
    ];

    /// Its name in a record: `healing`, `melee_weapon`...
    pub fn as_str(self) -> &'static str {
        match self {
            ItemRole::Healing => "healing",
            ItemRole::MeleeWeapon => "melee_weapon",
            ItemRole::Armor => "armor",
            ItemRole::MissileWeapon => "missile_weapon",
            ItemRole::Missile => "missile",
            ItemRole::Thrown => "thrown",
            ItemRole::Aimed => "aimed",
            ItemRole::Burst => "burst",
            ItemRole::None => "none",
        }
    }

    /// The role named `name` in a record, if there is one.
    pub fn from_name(name: &str) -> Option<ItemRole> {
        ItemRole::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// What an item of this role is, in a line for plugin authors (the
    /// schema's and the reference's text).
    pub fn meaning(self) -> &'static str {
        match self {
            ItemRole::Healing => "drunk to heal (a potion of healing)",
            ItemRole::MeleeWeapon => "wielded to fight in melee (a sword, the dagger)",
            ItemRole::Armor => "worn (leather armor, chain mail)",
            ItemRole::MissileWeapon => "readied by using it, then fires missiles from the quiver (a bow)",
            ItemRole::Missile => "loaded into the quiver by using it, for a readied missile weapon to fire (arrows)",
            ItemRole::Thrown => "thrown by hand with `t` (darts)",
            ItemRole::Aimed => "used, then aimed at a target along a line (a scroll of lightning, a wand)",
            ItemRole::Burst => "used, then aimed, and bursts over an area where it stops (a scroll of fireball)",
            ItemRole::None => "nothing said: the host and the bot make no assumption about it",
        }
    }
}

impl std::fmt::Display for ItemRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The schema of a record's `role`: one of the names of [`ItemRole::ALL`].
struct RoleName;

impl JsonSchema for RoleName {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Role".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = ItemRole::ALL.iter().map(|r| r.as_str()).collect();
        let meanings: Vec<String> = ItemRole::ALL.iter().map(|r| format!("{}: {}", r.as_str(), r.meaning())).collect();
        json_schema!({
            "type": "string",
            "enum": names,
            // Shown beside each name by editors that read it (VS Code's JSON
            // and TOML extensions); validators ignore it.
            "enumDescriptions": meanings,
            "default": ItemRole::None.as_str(),
        })
    }
}

/// The schema of one name in a monster's `traits`: one of [`MonsterTrait::ALL`].
struct TraitName;

impl JsonSchema for TraitName {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Trait".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let names: Vec<&str> = MonsterTrait::ALL.iter().map(|t| t.as_str()).collect();
        let meanings: Vec<String> =
            MonsterTrait::ALL.iter().map(|t| format!("{}: {}", t.as_str(), t.meaning())).collect();
        json_schema!({ "type": "string", "enum": names, "enumDescriptions": meanings })
    }
}

/// The schema of a `description`: text of up to [`DESCRIPTION_MAX`] characters.
struct Description;

impl JsonSchema for Description {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Description".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "string", "maxLength": DESCRIPTION_MAX, "default": "" })
    }
}

/// The JSON Schema (draft 7) of a record file, `data/<plugin>/*.toml`,
/// derived from the very types the loader reads: every field with its type,
/// its range, its default and its meaning; no field the loader would refuse.
/// `docs/records.schema.json` is this, written out by `records_doc`.
pub fn json_schema() -> serde_json::Value {
    let schema = records_schema::generator().into_root_schema_for::<FileRaw>();
    let mut value = schema.to_value();
    records_schema::tidy(&mut value);
    value
}

/// All records of the loaded plugins, by id (sorted, so spawning is deterministic).
#[derive(Debug, Default)]
pub struct Records {
    /// Monster kinds.
    pub monsters: BTreeMap<String, MonsterRecord>,
    /// Item kinds.
    pub items: BTreeMap<String, ItemRecord>,
    /// Each plugin's `[settings]`.
    pub settings: BTreeMap<String, BTreeMap<String, i64>>,
}

impl Records {
    /// The tiles the tile view tints by their thing's colour: those of
    /// every record, monster or item, that says `tint = true`.
    pub fn tinted_tiles(&self) -> BTreeSet<String> {
        let monsters = self.monsters.values().filter(|m| m.tint).map(|m| m.tile.clone());
        monsters.chain(self.items.values().filter(|i| i.tint).map(|i| i.tile.clone())).collect()
    }
}

/// A number as written, with where.
type Num = Spanned<i64>;
/// A list of numbers as written (`[min, max]`, a colour), with where.
type Nums = Spanned<Vec<i64>>;

/// The floors a record may name: 1 to this.
const DEEPEST: i64 = 1000;
/// The greatest number a plugin's setting or an item's parameter may hold.
const PARAM_MAX: i64 = 1_000_000;

// The ranges the loader holds each number to, `(least, most)`, and the
// defaults of those that may be left out. The schema is built from the same
// constants (the `with` attributes below), so the two cannot disagree.
const FLOORS: (i64, i64) = (1, DEEPEST);
const FREQUENCY: (i64, i64) = (0, 10_000);
const FREQUENCY_DEFAULT: i64 = 1;
const HP: (i64, i64) = (1, 1_000_000);
const DAMAGE: (i64, i64) = (0, 1000);
const DEFENSE: (i64, i64) = (0, 1000);
const DEFENSE_DEFAULT: i64 = 0;
const SIGHT: (i64, i64) = (0, 30);
const RANGE: (i64, i64) = (1, 30);
const EVERY: (i64, i64) = (1, 1000);
const EVERY_DEFAULT: i64 = 1;
const FOUND: (i64, i64) = (1, 1000);
const FOUND_DEFAULT: (i64, i64) = (1, 1);

/// A file of records, `data/<plugin>/*.toml`: a `[settings]` table, any
/// number of `[[monster]]` tables and any number of `[[item]]` tables, all
/// three optional. A name the loader does not know is an error.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Emberdeep records")]
struct FileRaw {
    /// The plugin's own numbers, `name = number`, read by its code: each a
    /// whole number, and a `NAME_min` never above its `NAME_max`. A plugin
    /// that declares its settings (`emberdeep --list-plugins` shows them)
    /// is held to those names and their ranges. In `data/host/` these are
    /// the host's own settings instead.
    #[serde(default)]
    #[schemars(with = "Numbers<PARAM_MAX>")]
    settings: BTreeMap<Spanned<String>, Num>,
    /// The kinds of monster, one `[[monster]]` table each.
    #[serde(default)]
    #[schemars(with = "Vec<MonsterRaw>", extend("default" = []))]
    monster: Vec<Spanned<MonsterRaw>>,
    /// The kinds of item, one `[[item]]` table each.
    #[serde(default)]
    #[schemars(with = "Vec<ItemRaw>", extend("default" = []))]
    item: Vec<Spanned<ItemRaw>>,
}

/// A kind of monster: one `[[monster]]` table.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "monster")]
struct MonsterRaw {
    /// The kind's id: 1 to 64 letters, digits or `_`, and no other monster
    /// of the loaded plugins may have it. The trace and scenarios name the
    /// kind by it.
    #[schemars(with = "Id")]
    id: Spanned<String>,
    /// Its name in messages: "The jackal hits you."
    name: String,
    /// The one character that shows it in the glyph view.
    #[schemars(with = "Glyph")]
    glyph: Spanned<String>,
    /// Its colour in the glyph view, `[red, green, blue]` (its tile keeps
    /// the tile's own colours, unless `tint` says otherwise).
    #[schemars(with = "Color")]
    color: Nums,
    /// The name of its tile in the tile view: a name in `assets/tiles.txt`.
    /// A record naming a tile that is not there stops the game at start,
    /// naming the record and its file.
    tile: String,
    /// Whether the tile view tints its tile by `color`: for a tile drawn
    /// pale in the atlas so that one picture serves many kinds. The atlas
    /// has one picture per tile: once a record says `tint = true`, its tile
    /// is tinted for every record that uses it.
    #[serde(default)]
    tint: bool,
    /// `[first, last]`: the floors it may be placed on, both counted, the
    /// first not above the last.
    #[schemars(with = "Pair<{ FLOORS.0 }, { FLOORS.1 }>")]
    floors: Nums,
    /// Its weight when a monster is picked for a room of a floor it is found
    /// on: a kind of frequency 6 comes up twice as often as one of 3. 0: it
    /// is never placed when a floor is made (a scenario may still place one).
    #[schemars(with = "Option<IntOr<{ FREQUENCY.0 }, { FREQUENCY.1 }, FREQUENCY_DEFAULT>>")]
    frequency: Option<Num>,
    /// Its health when placed. It dies at 0.
    #[schemars(with = "Int<{ HP.0 }, { HP.1 }>")]
    hp: Num,
    /// `[least, most]`: the roll of its blow in melee, the first not above
    /// the last. The shipped plugins take the player's defense off it,
    /// never leaving less than 1.
    #[schemars(with = "Pair<{ DAMAGE.0 }, { DAMAGE.1 }>")]
    damage: Nums,
    /// Its armor: the shipped plugins take it off every blow and missile
    /// that strikes it, never leaving less than 1 (their lightning and fire
    /// ignore it).
    #[schemars(with = "Option<IntOr<{ DEFENSE.0 }, { DEFENSE.1 }, DEFENSE_DEFAULT>>")]
    defense: Option<Num>,
    /// How many steps it sees: awake, it hunts the player when the player
    /// is within this many steps and in the player's view; asleep, it may
    /// then wake (the host's `notice_percent`). 0: it never sees the player.
    #[schemars(with = "Int<{ SIGHT.0 }, { SIGHT.1 }>")]
    sight: Num,
    /// The name of the brain that runs its turns, registered by a loaded
    /// plugin (`melee`, `keeps_distance`, `ranged_melee` in the shipped set).
    #[schemars(with = "String")]
    brain: Spanned<String>,
    /// Its attack from afar, if it has one (left out, it has none).
    #[schemars(with = "Option<RangedRaw>")]
    ranged: Option<Spanned<RangedRaw>>,
    /// What it can do that the host rules on, by name, each at most once:
    /// `opens_doors` (it opens closed doors; without it a closed door
    /// stops it), `keeps_distance` (it fights from afar and backs away:
    /// goes with the `keeps_distance` brain, both or neither), `tracks`
    /// (out of sight of the player it goes to where it last saw the
    /// player; without it, it wanders). Left out, none: a monster that
    /// cannot open doors and forgets the player once out of sight.
    #[serde(default)]
    #[schemars(with = "Vec<TraitName>", extend("default" = [], "uniqueItems" = true))]
    traits: Vec<Spanned<String>>,
    /// A sentence or two the look mode shows: what it is, and what it does
    /// that a player should know (from afar, in a fight). At most 500
    /// characters. Every shipped monster has one.
    #[schemars(with = "Option<Description>")]
    description: Option<Spanned<String>>,
    /// Plugins this record needs, by name. When one of them is not loaded
    /// (left out of `--plugins`), the record is skipped, not refused: use it
    /// for a record whose brain, effect or ranged kind another plugin brings.
    #[serde(default)]
    needs: Vec<String>,
}

/// A monster's attack from afar:
/// `ranged = { kind = "arrows", damage = [2, 7], range = 7, every = 1 }`.
/// The host hands these numbers to the ranged kind named, which decides
/// whether and how to attack.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "ranged")]
struct RangedRaw {
    /// The name of the ranged kind, registered by a loaded plugin
    /// (`arrows`, `lightning`, `fire` in the shipped set).
    #[schemars(with = "String")]
    kind: Spanned<String>,
    /// `[least, most]`: the roll of one attack, the first not above the last.
    #[schemars(with = "Pair<{ DAMAGE.0 }, { DAMAGE.1 }>")]
    damage: Nums,
    /// The furthest the target may be, in steps (a diagonal step counts 1).
    #[schemars(with = "Int<{ RANGE.0 }, { RANGE.1 }>")]
    range: Num,
    /// The turns from one attack from afar to the next: 1 is every turn, 5
    /// is once in 5 turns. The host passes it on; the ranged kind keeps
    /// count (the shipped kinds of `ranged_combat` all do).
    #[schemars(with = "Option<IntOr<{ EVERY.0 }, { EVERY.1 }, EVERY_DEFAULT>>")]
    every: Option<Num>,
}

/// A kind of item: one `[[item]]` table.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "item")]
struct ItemRaw {
    /// The kind's id: 1 to 64 letters, digits or `_`, and no other item of
    /// the loaded plugins may have it. Saves, scenarios and the trace name
    /// the kind by it.
    #[schemars(with = "Id")]
    id: Spanned<String>,
    /// The name of one: "potion of healing".
    name: String,
    /// The name of several: "potions of healing". Left out, it is the name
    /// with an `s`.
    plural: Option<String>,
    /// The word before the name of one: `a`, `an`, or `""` for none ("plate
    /// armor"). Left out, it is `an` before a vowel and `a` before anything
    /// else.
    article: Option<String>,
    /// The one character that shows it in the glyph view.
    #[schemars(with = "Glyph")]
    glyph: Spanned<String>,
    /// Its colour, `[red, green, blue]`: its glyph's in the glyph view, and
    /// in the tile view its tile's tint, if `tint` is set.
    #[schemars(with = "Color")]
    color: Nums,
    /// The name of its tile in the tile view: a name in `assets/tiles.txt`.
    /// A record naming a tile that is not there stops the game at start,
    /// naming the record and its file.
    tile: String,
    /// Whether the tile view tints its tile by `color`: for a tile drawn
    /// pale in the atlas so that one picture serves many kinds (the shipped
    /// potions and scrolls set it). The atlas has one picture per tile: once
    /// a record says `tint = true`, its tile is tinted for every record that
    /// uses it.
    #[serde(default)]
    tint: bool,
    /// A word for what sort of thing it is (`potion`, `scroll`, `weapon`,
    /// `armor`, `bow`, `missile`), shown in `--list-plugins` and handed to
    /// plugins; the host decides nothing by it.
    class: String,
    /// What the item is for, so that the host and the bot can tell how it
    /// is used without knowing the plugin behind its effect. It changes
    /// nothing about what the effect does.
    #[schemars(with = "Option<RoleName>")]
    role: Option<Spanned<String>>,
    /// Whether several share one pack slot and one heap on the floor (up to
    /// 9999). Things that do not stack take a slot each, and a floor cell
    /// holding one takes nothing else.
    #[serde(default)]
    stacks: bool,
    /// The name of the effect that runs when the player uses it, registered
    /// by a loaded plugin (`heal`, `wield`, `wear`, `bow`, `quiver`, `throw`,
    /// `lightning`, `fireball` in the shipped set). Left out, using it does
    /// nothing: the game says it cannot be used, and no turn passes.
    #[schemars(with = "Option<String>")]
    effect: Option<Spanned<String>>,
    /// Numbers handed to its effect (and to any plugin that asks about the
    /// item), `name = number`, each a whole number, and a `NAME_min` never
    /// above its `NAME_max`. Which names mean something is up to the
    /// plugins that read them: `amount` for `heal`, `damage_min` and
    /// `damage_max` for `wield`, `defense` for `wear`, `throwable` for `t`.
    #[serde(default)]
    #[schemars(with = "Numbers<PARAM_MAX>")]
    params: BTreeMap<Spanned<String>, Num>,
    /// `[first, last]`: the floors it may be placed on, both counted, the
    /// first not above the last.
    #[schemars(with = "Pair<{ FLOORS.0 }, { FLOORS.1 }>")]
    floors: Nums,
    /// Its weight when an item is picked for a room of a floor it is found
    /// on: a kind of frequency 4 comes up twice as often as one of 2. 0: it
    /// is never placed when a floor is made (scenarios and plugins may still
    /// place one).
    #[schemars(with = "Option<IntOr<{ FREQUENCY.0 }, { FREQUENCY.1 }, FREQUENCY_DEFAULT>>")]
    frequency: Option<Num>,
    /// `[least, most]`: how many lie in one heap when it is placed, rolled
    /// between the two, the first not above the last.
    #[schemars(with = "Option<PairOr<{ FOUND.0 }, { FOUND.1 }, { FOUND_DEFAULT.0 }, { FOUND_DEFAULT.1 }>>")]
    found: Option<Nums>,
    /// A sentence or two the item's card and the look mode show: what it
    /// is and what it does. At most 500 characters. Every shipped item has one.
    #[schemars(with = "Option<Description>")]
    description: Option<Spanned<String>>,
    /// Plugins this record needs, by name. When one of them is not loaded
    /// (left out of `--plugins`), the record is skipped, not refused: use it
    /// for a record whose effect another plugin brings.
    #[serde(default)]
    needs: Vec<String>,
}

/// Reads one file's text into the records, checking names against `plugins`.
struct FileReader<'a> {
    file: &'a Path,
    text: &'a str,
    plugin: &'a str,
    plugins: &'a Plugins,
}

impl FileReader<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].matches('\n').count() + 1
    }

    fn error(&self, offset: usize, field: &str, message: String) -> DataError {
        DataError::Field { file: self.file.to_path_buf(), line: self.line_of(offset), field: field.into(), message }
    }

    fn glyph(&self, g: &Spanned<String>) -> Result<char, DataError> {
        let mut chars = g.get_ref().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(self.error(g.span().start, "glyph", format!("must be one character, not {:?}", g.get_ref()))),
        }
    }

    /// A whole number from `min` to `max`.
    fn int(&self, n: &Num, field: &str, min: i64, max: i64) -> Result<i64, DataError> {
        let v = *n.get_ref();
        if (min..=max).contains(&v) {
            Ok(v)
        } else {
            Err(self.error(n.span().start, field, format!("must be from {min} to {max}, not {v}")))
        }
    }

    /// An optional whole number, `default` when left out.
    fn int_or(&self, n: &Option<Num>, field: &str, default: i64, min: i64, max: i64) -> Result<i64, DataError> {
        n.as_ref().map_or(Ok(default), |n| self.int(n, field, min, max))
    }

    /// `[least, most]`, both from `min` to `max`, the first not above the second.
    fn pair(&self, n: &Nums, field: &str, min: i64, max: i64) -> Result<(i64, i64), DataError> {
        let at = n.span().start;
        let v = n.get_ref();
        let [lo, hi] = v[..] else {
            let message = format!("must be [least, most]: two numbers, not {} ({v:?})", v.len());
            return Err(self.error(at, field, message));
        };
        if !(min..=max).contains(&lo) || !(min..=max).contains(&hi) {
            return Err(self.error(at, field, format!("both numbers must be from {min} to {max}, not [{lo}, {hi}]")));
        }
        if lo > hi {
            return Err(self.error(at, field, format!("the least must not be above the most: [{lo}, {hi}]")));
        }
        Ok((lo, hi))
    }

    /// `[red, green, blue]`, each from 0 to 255.
    fn color(&self, n: &Nums) -> Result<Rgba, DataError> {
        match n.get_ref()[..] {
            [r, g, b] if [r, g, b].iter().all(|c| (0..=255).contains(c)) => Ok(Rgba::rgb(r as u8, g as u8, b as u8)),
            ref v => Err(self.error(
                n.span().start,
                "color",
                format!("must be [red, green, blue], each 0 to 255, not {v:?}"),
            )),
        }
    }

    /// A plugin's own numbers (settings, an item's `params`): from 0 to
    /// [`PARAM_MAX`], and a `NAME_min` never above its `NAME_max`.
    fn plugin_numbers(
        &self,
        numbers: &BTreeMap<Spanned<String>, Num>,
        what: &str,
    ) -> Result<BTreeMap<String, i64>, DataError> {
        let mut out = BTreeMap::new();
        for (key, value) in numbers {
            let field = format!("{what}{}", key.get_ref());
            out.insert(key.get_ref().clone(), self.int(value, &field, 0, PARAM_MAX)?);
        }
        for (key, value) in numbers {
            let Some(stem) = key.get_ref().strip_suffix("_min") else { continue };
            if let Some(most) = out.get(&format!("{stem}_max")) {
                if value.get_ref() > most {
                    let message = format!("{} is above {stem}_max ({most})", value.get_ref());
                    return Err(self.error(value.span().start, &format!("{what}{}", key.get_ref()), message));
                }
            }
        }
        Ok(out)
    }

    /// The host's `[settings]`: only names it knows, each within its range.
    fn host_settings(&self, settings: &BTreeMap<Spanned<String>, Num>) -> Result<BTreeMap<String, i64>, DataError> {
        let mut out = BTreeMap::new();
        for (key, value) in settings {
            let Some(known) = SETTINGS.iter().find(|s| s.name == key.get_ref()) else {
                let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
                let message = format!("no host setting is called that{}", suggestion(key.get_ref(), &names));
                return Err(self.error(key.span().start, key.get_ref(), message));
            };
            out.insert(key.get_ref().clone(), self.int(value, key.get_ref(), known.min, known.max)?);
        }
        Ok(out)
    }

    /// A plugin's `[settings]`, held to what it declared (a plugin that
    /// declared none is held to the plain rule of [`Self::plugin_numbers`] only).
    fn declared_settings(&self, settings: &BTreeMap<Spanned<String>, Num>) -> Result<(), DataError> {
        let Some(plugin) = self.plugins.loaded.iter().find(|p| p.name == self.plugin) else { return Ok(()) };
        if plugin.settings.is_empty() {
            return Ok(());
        }
        for (key, value) in settings {
            match plugin.settings.iter().find(|s| s.0 == *key.get_ref()) {
                Some((_, _, min, max)) => {
                    self.int(value, key.get_ref(), *min, *max)?;
                }
                None => {
                    let names: Vec<&str> = plugin.settings.iter().map(|s| s.0.as_str()).collect();
                    let message = format!(
                        "{} declares no setting called that{} (its settings: {})",
                        self.plugin,
                        suggestion(key.get_ref(), &names),
                        names.join(", ")
                    );
                    return Err(self.error(key.span().start, key.get_ref(), message));
                }
            }
        }
        Ok(())
    }

    /// A record whose `needs` names a plugin not in the set is skipped.
    fn needs_met(&self, needs: &[String]) -> bool {
        needs.iter().all(|n| self.plugins.is_loaded(n))
    }

    fn unknown(&self, at: usize, field: &str, what: &str, name: &str, known: Vec<String>) -> DataError {
        let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
        self.error(
            at,
            field,
            format!(
                "no loaded plugin registered a {what} named \"{name}\" (registered: {known}). \
                 If it comes from a plugin left out of --plugins, add `needs = [\"that_plugin\"]` to the record"
            ),
        )
    }

    fn id(&self, id: &Spanned<String>) -> Result<String, DataError> {
        let text = id.get_ref();
        let fine = !text.is_empty() && text.len() <= 64 && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if fine {
            Ok(text.clone())
        } else {
            let message = format!("must be 1 to 64 letters, digits or _, not {text:?}");
            Err(self.error(id.span().start, "id", message))
        }
    }

    fn monster(&self, raw: &Spanned<MonsterRaw>) -> Result<Option<MonsterRecord>, DataError> {
        let m = raw.get_ref();
        if !self.needs_met(&m.needs) {
            return Ok(None);
        }
        if !self.plugins.brains.contains_key(m.brain.get_ref()) {
            let known = self.plugins.brains.keys().cloned().collect();
            return Err(self.unknown(m.brain.span().start, "brain", "brain", m.brain.get_ref(), known));
        }
        let (lo, hi) = self.pair(&m.damage, "damage", DAMAGE.0, DAMAGE.1)?;
        let floors = self.pair(&m.floors, "floors", FLOORS.0, FLOORS.1)?;
        let ranged = m.ranged.as_ref().map(|r| self.ranged(r)).transpose()?;
        let traits = self.traits(m)?;
        Ok(Some(MonsterRecord {
            id: self.id(&m.id)?,
            name: m.name.clone(),
            glyph: self.glyph(&m.glyph)?,
            color: self.color(&m.color)?,
            tile: m.tile.clone(),
            tint: m.tint,
            floors: (floors.0 as u32, floors.1 as u32),
            frequency: self.int_or(&m.frequency, "frequency", FREQUENCY_DEFAULT, FREQUENCY.0, FREQUENCY.1)? as u32,
            hp: self.int(&m.hp, "hp", HP.0, HP.1)? as i32,
            damage: Damage::new(lo as i32, hi as i32),
            defense: self.int_or(&m.defense, "defense", DEFENSE_DEFAULT, DEFENSE.0, DEFENSE.1)? as i32,
            sight: self.int(&m.sight, "sight", SIGHT.0, SIGHT.1)? as i32,
            brain: m.brain.get_ref().clone(),
            ranged,
            traits,
            description: self.description(&m.description)?,
            plugin: self.plugin.to_string(),
            file: self.file.to_path_buf(),
        }))
    }

    /// A monster's `ranged` entry: its kind must be a registered `RangedKind`.
    fn ranged(&self, raw: &Spanned<RangedRaw>) -> Result<RangedSpec, DataError> {
        let r = raw.get_ref();
        if !self.plugins.ranged.contains_key(r.kind.get_ref()) {
            let known = self.plugins.ranged.keys().cloned().collect();
            return Err(self.unknown(r.kind.span().start, "ranged.kind", "ranged kind", r.kind.get_ref(), known));
        }
        let (min, max) = self.pair(&r.damage, "ranged.damage", DAMAGE.0, DAMAGE.1)?;
        Ok(RangedSpec {
            kind: r.kind.get_ref().as_str().into(),
            damage: Damage::new(min as i32, max as i32),
            range: self.int(&r.range, "ranged.range", RANGE.0, RANGE.1)? as i32,
            every: self.int_or(&r.every, "ranged.every", EVERY_DEFAULT, EVERY.0, EVERY.1)? as i32,
        })
    }

    /// A monster's `traits`: known names, each once; `keeps_distance` if
    /// and only if the brain is `keeps_distance`.
    fn traits(&self, m: &MonsterRaw) -> Result<BTreeSet<MonsterTrait>, DataError> {
        let mut traits = BTreeSet::new();
        let id = m.id.get_ref();
        for name in &m.traits {
            let Some(t) = MonsterTrait::from_name(name.get_ref()) else {
                let names: Vec<&str> = MonsterTrait::ALL.iter().map(|t| t.as_str()).collect();
                let message = format!(
                    "monster \"{id}\": no trait is called {:?}{} (the traits: {})",
                    name.get_ref(),
                    suggestion(name.get_ref(), &names),
                    names.join(", ")
                );
                return Err(self.error(name.span().start, "traits", message));
            };
            if !traits.insert(t) {
                let message = format!("monster \"{id}\": the trait \"{}\" is listed twice", t.as_str());
                return Err(self.error(name.span().start, "traits", message));
            }
        }
        let keeps = traits.contains(&MonsterTrait::KeepsDistance);
        let brain = m.brain.get_ref();
        if keeps != (brain == "keeps_distance") {
            let message = if keeps {
                format!(
                    "monster \"{id}\": the trait \"keeps_distance\" needs brain = \"keeps_distance\", not \"{brain}\""
                )
            } else {
                format!(
                    "monster \"{id}\": the brain \"keeps_distance\" needs the trait: add traits = [\"keeps_distance\"]"
                )
            };
            return Err(self.error(m.brain.span().start, "traits", message));
        }
        Ok(traits)
    }

    /// A record's `description`: up to [`DESCRIPTION_MAX`] characters, empty when left out.
    fn description(&self, text: &Option<Spanned<String>>) -> Result<String, DataError> {
        let Some(text) = text else { return Ok(String::new()) };
        let count = text.get_ref().chars().count();
        if count > DESCRIPTION_MAX {
            let message =
                format!("must be at most {DESCRIPTION_MAX} characters, not {count}: say it in a sentence or two");
            return Err(self.error(text.span().start, "description", message));
        }
        Ok(text.get_ref().trim().to_string())
    }

    /// An item's `role`: one of [`ItemRole::ALL`], `none` when left out.
    fn role(&self, role: &Option<Spanned<String>>) -> Result<ItemRole, DataError> {
        let Some(role) = role else { return Ok(ItemRole::None) };
        ItemRole::from_name(role.get_ref()).ok_or_else(|| {
            let names: Vec<&str> = ItemRole::ALL.iter().map(|r| r.as_str()).collect();
            let message = format!(
                "no item role is called {:?}{} (the roles: {})",
                role.get_ref(),
                suggestion(role.get_ref(), &names),
                names.join(", ")
            );
            self.error(role.span().start, "role", message)
        })
    }

    fn item(&self, raw: &Spanned<ItemRaw>) -> Result<Option<ItemRecord>, DataError> {
        let i = raw.get_ref();
        if !self.needs_met(&i.needs) {
            return Ok(None);
        }
        if let Some(effect) = &i.effect {
            if !self.plugins.effects.contains_key(effect.get_ref()) {
                let known = self.plugins.effects.keys().cloned().collect();
                return Err(self.unknown(effect.span().start, "effect", "item effect", effect.get_ref(), known));
            }
        }
        let found = match &i.found {
            Some(found) => self.pair(found, "found", FOUND.0, FOUND.1)?,
            None => FOUND_DEFAULT,
        };
        let floors = self.pair(&i.floors, "floors", FLOORS.0, FLOORS.1)?;
        Ok(Some(ItemRecord {
            id: self.id(&i.id)?,
            name: i.name.clone(),
            plural: i.plural.clone().unwrap_or_else(|| format!("{}s", i.name)),
            article: i.article.clone().unwrap_or_else(|| crate::log::article_for(&i.name).to_string()),
            glyph: self.glyph(&i.glyph)?,
            color: self.color(&i.color)?,
            tile: i.tile.clone(),
            tint: i.tint,
            class: i.class.clone(),
            role: self.role(&i.role)?,
            stacks: i.stacks,
            effect: i.effect.as_ref().map(|e| e.get_ref().clone()),
            params: self.plugin_numbers(&i.params, "params.")?,
            floors: (floors.0 as u32, floors.1 as u32),
            frequency: self.int_or(&i.frequency, "frequency", FREQUENCY_DEFAULT, FREQUENCY.0, FREQUENCY.1)? as u32,
            found: (found.0 as u32, found.1 as u32),
            description: self.description(&i.description)?,
            plugin: self.plugin.to_string(),
            file: self.file.to_path_buf(),
        }))
    }

    /// What a TOML error is about: the key on its line, else the section's.
    fn field_at(&self, offset: usize) -> String {
        let before = &self.text[..offset.min(self.text.len())];
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = self.text[start..].lines().next().unwrap_or("");
        let key = line.split('=').next().unwrap_or("").trim();
        if line.contains('=')
            && !key.is_empty()
            && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.\"".contains(c))
        {
            return key.trim_matches('"').to_string();
        }
        let header = before.lines().rev().map(str::trim).find(|l| l.starts_with('['));
        header.map_or_else(|| "(file)".to_string(), |h| h.trim_matches(|c| c == '[' || c == ']').to_string())
    }

    fn read_into(&self, records: &mut Records) -> Result<(), DataError> {
        let raw: FileRaw = toml::from_str(self.text).map_err(|e| {
            let offset = e.span().map(|s| s.start).unwrap_or(0);
            let message = e.message().trim().to_string();
            // serde names an unknown field and the known ones: name the nearest too.
            let (field, message) = match unknown_field(&message) {
                Some((field, known)) => {
                    let known: Vec<&str> = known.iter().map(String::as_str).collect();
                    let hint = suggestion(&field, &known);
                    (field.clone(), format!("no such field{hint} (the fields are {})", known.join(", ")))
                }
                None => (self.field_at(offset), message),
            };
            self.error(offset, &field, message)
        })?;
        let settings = if self.plugin == "host" {
            self.host_settings(&raw.settings)?
        } else {
            self.declared_settings(&raw.settings)?;
            self.plugin_numbers(&raw.settings, "")?
        };
        records.settings.entry(self.plugin.to_string()).or_default().extend(settings);
        for m in &raw.monster {
            if let Some(rec) = self.monster(m)? {
                self.check_new(records.monsters.contains_key(&rec.id), m.span().start, &rec.id)?;
                records.monsters.insert(rec.id.clone(), rec);
            }
        }
        for i in &raw.item {
            if let Some(rec) = self.item(i)? {
                self.check_new(records.items.contains_key(&rec.id), i.span().start, &rec.id)?;
                records.items.insert(rec.id.clone(), rec);
            }
        }
        Ok(())
    }

    fn check_new(&self, exists: bool, at: usize, id: &str) -> Result<(), DataError> {
        if exists {
            Err(self.error(at, "id", format!("a record with id \"{id}\" already exists")))
        } else {
            Ok(())
        }
    }
}

/// serde's "unknown field `x`, expected one of `a`, `b`": the field and the known names.
fn unknown_field(message: &str) -> Option<(String, Vec<String>)> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let known = rest.split('`').skip(1).step_by(2).map(str::to_string).collect();
    Some((field.to_string(), known))
}

/// "; did you mean `player_hp`?" for the known name nearest `name`, if one is near.
pub fn suggestion(name: &str, known: &[&str]) -> String {
    let nearest = known.iter().map(|k| (edit_distance(name, k), *k)).min();
    match nearest {
        Some((d, k)) if d <= 2.max(name.len() / 3) => format!("; did you mean `{k}`?"),
        _ => String::new(),
    }
}

/// Levenshtein distance: the fewest one-letter changes from `a` to `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Reads the host's folder and the folder of every loaded plugin, in sorted order.
///
/// A plugin's records are in `data/<plugin>/`, or, for a plugin dropped into
/// the plugin folder by a third party, in a folder named after it beside its
/// library (`plugins/libconfusion.so` and `plugins/confusion/items.toml`).
pub fn load_records(data_dir: &Path, plugins: &Plugins) -> Result<Records, DataError> {
    if !data_dir.is_dir() {
        return Err(DataError::NoFolder { dir: data_dir.to_path_buf() });
    }
    let mut records = Records::default();
    let mut folders = vec![("host".to_string(), data_dir.join("host"))];
    for p in &plugins.loaded {
        let shipped = data_dir.join(&p.name);
        let beside = p.path.parent().map(|d| d.join(&p.name));
        let folder = match beside {
            Some(b) if !shipped.is_dir() && b.is_dir() => b,
            _ => shipped,
        };
        folders.push((p.name.clone(), folder));
    }
    for (plugin, folder) in folders {
        for file in toml_files(&folder) {
            let text = input::read_text(&file, "data file", limits::RECORDS)?;
            FileReader { file: &file, text: &text, plugin: &plugin, plugins }.read_into(&mut records)?;
        }
    }
    Ok(records)
}

/// The `.toml` files of a folder, sorted; none if the folder is absent.
fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// Where the `data/` folder is: `--data-dir`, else next to the executable's
/// workspace (for `cargo run`), else `./data`.
pub fn default_data_dir() -> PathBuf {
    let from_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().map(|a| a.join("data")).find(|d| d.join("host").is_dir()));
    from_exe.unwrap_or_else(|| PathBuf::from("data"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, plugins: &Plugins) -> Result<Records, DataError> {
        let mut records = Records::default();
        let file = Path::new("data/test/monsters.toml");
        FileReader { file, text, plugin: "test", plugins }.read_into(&mut records)?;
        Ok(records)
    }

    const RAT: &str = r#"
[[monster]]
id = "rat"
name = "rat"
glyph = "r"
color = [1, 2, 3]
tile = "monster_rat"
floors = [1, 2]
hp = 3
damage = [1, 2]
sight = 5
brain = "dreaming"
"#;

    #[test]
    fn an_unknown_brain_names_file_line_and_field() {
        let err = read(RAT, &Plugins::default()).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:12: field `brain`"), "{err}");
        assert!(err.contains("\"dreaming\""), "{err}");
        assert!(err.contains("needs"), "{err}");
    }

    #[test]
    fn a_record_whose_plugin_is_absent_never_appears() {
        let text = format!("{RAT}needs = [\"dream_plugin\"]\n");
        let records = read(&text, &Plugins::default()).unwrap();
        assert!(records.monsters.is_empty());
    }

    #[test]
    fn a_syntax_error_names_the_line() {
        let err = read("[[monster]]\nid = \n", &Plugins::default()).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:2:"), "{err}");
    }

    #[test]
    fn a_ranged_attack_names_a_registered_kind_and_sane_numbers() {
        let mut plugins = Plugins::default();
        plugins.fake_brain("dreaming");
        let text = format!("{RAT}ranged = {{ kind = \"spit\", damage = [2, 4], range = 4 }}\n");
        let err = read(&text, &plugins).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:13: field `ranged.kind`"), "{err}");
        assert!(err.contains("ranged kind named \"spit\""), "{err}");
        plugins.fake_ranged("spit");
        let rat = read(&text, &plugins).unwrap().monsters.remove("rat").unwrap();
        let spec = rat.ranged.expect("the rat spits");
        assert_eq!((spec.kind.as_str(), spec.damage, spec.range, spec.every), ("spit", Damage::new(2, 4), 4, 1));
        let backwards = text.replace("[2, 4]", "[4, 2]");
        let err = read(&backwards, &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:13: field `ranged.damage`") && err.contains("[4, 2]"), "{err}");
    }

    /// The error reading `RAT` with one line replaced, or nothing if it reads.
    fn rat_with(from: &str, to: &str) -> String {
        let mut plugins = Plugins::default();
        plugins.fake_brain("dreaming");
        assert!(RAT.contains(from), "{from}");
        read(&RAT.replace(from, to), &plugins).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn numbers_out_of_their_range_name_the_line_the_field_and_the_range() {
        let cases = [
            ("hp = 3", "hp = 0", "monsters.toml:9: field `hp`: must be from 1 to 1000000, not 0"),
            ("hp = 3", "hp = 4294967297", "field `hp`: must be from 1 to 1000000, not 4294967297"),
            ("damage = [1, 2]", "damage = [3, 2]", "monsters.toml:10: field `damage`: the least must not be above"),
            ("damage = [1, 2]", "damage = [1, 2, 3]", "field `damage`: must be [least, most]: two numbers, not 3"),
            ("damage = [1, 2]", "damage = [-1, 2]", "field `damage`: both numbers must be from 0 to 1000"),
            ("floors = [1, 2]", "floors = [4, 1]", "monsters.toml:8: field `floors`: the least must not be above"),
            ("floors = [1, 2]", "floors = [0, 2]", "field `floors`: both numbers must be from 1 to 1000"),
            ("sight = 5", "sight = 100000", "monsters.toml:11: field `sight`: must be from 0 to 30"),
            ("color = [1, 2, 3]", "color = [1, 2, 300]", "monsters.toml:6: field `color`"),
            ("hp = 3", "hp = 3\ndefense = -2", "monsters.toml:10: field `defense`: must be from 0 to 1000, not -2"),
            ("id = \"rat\"", "id = \"\"", "monsters.toml:3: field `id`: must be 1 to 64 letters"),
        ];
        for (from, to, wanted) in cases {
            let err = rat_with(from, &to.replace("\\n", "\n"));
            assert!(err.contains(wanted), "{to}: wanted `{wanted}`, got `{err}`");
        }
    }

    #[test]
    fn a_misspelled_field_is_named_with_the_nearest_known_one() {
        let err = rat_with("sight = 5", "sight = 5\nsigth = 4");
        assert!(err.contains("field `sigth`: no such field; did you mean `sight`?"), "{err}");
        let err = rat_with("hp = 3", "hp = ]");
        assert!(err.contains("monsters.toml:9: field `hp`"), "{err}");
    }

    #[test]
    fn host_settings_are_known_names_within_their_ranges() {
        let host = |text: &str| {
            let mut records = Records::default();
            let file = Path::new("data/host/rules.toml");
            let reader = FileReader { file, text, plugin: "host", plugins: &Plugins::default() };
            reader.read_into(&mut records).err().map(|e| e.to_string()).unwrap_or_default()
        };
        assert_eq!(host("[settings]\nplayer_hp = 30\n"), "");
        let err = host("[settings]\nplayer_hpp = 30\n");
        assert!(err.contains("rules.toml:2: field `player_hpp`") && err.contains("did you mean `player_hp`?"), "{err}");
        for bad in [
            "player_hp = 0",
            "player_hp = -1",
            "player_hp = 4294967297",
            "pack_size = 0",
            "pack_size = 100",
            "fov_radius = 100000",
            "map_width = 20000",
        ] {
            let err = host(&format!("[settings]\n{bad}\n"));
            assert!(err.contains("rules.toml:2: field `") && err.contains("must be from"), "{bad}: {err}");
        }
    }

    #[test]
    fn plugin_numbers_are_not_negative_and_a_min_is_not_above_its_max() {
        let plugins = Plugins::default();
        let item = |params: &str| {
            let text = format!(
                "[[item]]\nid = \"wand\"\nname = \"wand\"\nglyph = \"/\"\ncolor = [1, 2, 3]\ntile = \"t\"\n\
                 class = \"wand\"\nfloors = [1, 1]\nfound = [1, 1]\n{params}\n"
            );
            read(&text, &plugins).err().map(|e| e.to_string()).unwrap_or_default()
        };
        assert_eq!(item("params = { amount = 10 }"), "");
        let err = item("params = { amount = -10 }");
        assert!(err.contains("monsters.toml:10: field `params.amount`: must be from 0 to 1000000"), "{err}");
        let err = item("params = { damage_min = 9, damage_max = 3 }");
        assert!(err.contains("field `params.damage_min`: 9 is above damage_max (3)"), "{err}");
        let err = item("params = { amount = 1 }\nfound = [12, 6]").to_string();
        assert!(err.contains("found"), "{err}");
    }

    /// An item with no effect, its last line 8: `floors`.
    const WAND: &str = "[[item]]\nid = \"wand\"\nname = \"wand\"\nglyph = \"/\"\ncolor = [1, 2, 3]\ntile = \"t\"\n\
                        class = \"wand\"\nfloors = [1, 1]\n";

    #[test]
    fn an_item_role_is_read_and_is_none_when_left_out() {
        let plugins = Plugins::default();
        let role = |line: &str| read(&format!("{WAND}{line}"), &plugins).unwrap().items.remove("wand").unwrap().role;
        assert_eq!(role(""), ItemRole::None);
        assert_eq!(role("role = \"healing\"\n"), ItemRole::Healing);
        assert_eq!(role("role = \"missile_weapon\"\n"), ItemRole::MissileWeapon);
        for r in ItemRole::ALL {
            assert_eq!(role(&format!("role = \"{}\"\n", r.as_str())), r);
            assert_eq!(ItemRole::from_name(r.as_str()), Some(r));
        }
        assert_eq!(ItemRole::default(), ItemRole::None);
        assert_eq!(ItemRole::MeleeWeapon.as_str(), "melee_weapon");
    }

    #[test]
    fn the_tinted_tiles_are_those_of_the_records_that_say_tint() {
        let mut plugins = Plugins::default();
        plugins.fake_brain("dreaming");
        let stick = WAND.replace("\"wand\"", "\"stick\"").replace("tile = \"t\"", "tile = \"u\"");
        let records = read(&format!("{WAND}tint = true\n{stick}{RAT}"), &plugins).unwrap();
        assert!(records.items["wand"].tint && !records.items["stick"].tint && !records.monsters["rat"].tint);
        assert_eq!(records.tinted_tiles(), BTreeSet::from(["t".to_string()]));
        let records = read(&format!("{RAT}tint = true\n"), &plugins).unwrap();
        assert_eq!(records.tinted_tiles(), BTreeSet::from(["monster_rat".to_string()]));
        let err = read(&format!("{WAND}tint = 1\n"), &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:9: field `tint`"), "{err}");
    }

    #[test]
    fn a_misspelled_role_names_file_line_field_and_the_nearest_role() {
        let err = read(&format!("{WAND}role = \"heling\"\n"), &Plugins::default()).unwrap_err().to_string();
        let wanted =
            "data/test/monsters.toml:9: field `role`: no item role is called \"heling\"; did you mean `healing`?";
        assert!(err.starts_with(wanted), "{err}");
        assert!(err.contains("(the roles: healing, melee_weapon, armor,"), "{err}");
        let err = read(&format!("{WAND}role = 3\n"), &Plugins::default()).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:9: field `role`"), "{err}");
    }

    /// Whether the schema takes a file's text (as TOML turned into JSON).
    fn schema_takes(validator: &jsonschema::Validator, text: &str) -> bool {
        let value: toml::Value = toml::from_str(text).expect("the mutated text is TOML");
        validator.is_valid(&serde_json::to_value(value).expect("TOML is JSON"))
    }

    #[test]
    fn the_schema_and_the_loader_agree_on_every_range_and_shape() {
        let validator = jsonschema::validator_for(&json_schema()).expect("the schema is a schema");
        let mut plugins = Plugins::default();
        plugins.fake_brain("dreaming");
        plugins.fake_ranged("spit");
        let rat = format!("{RAT}ranged = {{ kind = \"spit\", damage = [2, 4], range = 4 }}\n");
        let wand = format!("{WAND}found = [1, 1]\nparams = {{ amount = 10 }}\n[settings]\nsome = 1\n");
        assert!(read(&rat, &plugins).is_ok() && schema_takes(&validator, &rat));
        assert!(read(&wand, &plugins).is_ok() && schema_takes(&validator, &wand));
        let id65 = format!("id = \"{}\"", "a".repeat(65));
        let id64 = format!("id = \"{}\"", "a".repeat(64));
        // (record, line in it, what it becomes): each on both sides of its range.
        let mut cases: Vec<(&str, &str, String)> = Vec::new();
        let mut around = |record: &'static str, from: &'static str, field: &str, values: &[&str]| {
            for v in values {
                cases.push((record, from, format!("{field} = {v}")));
            }
        };
        around("rat", "hp = 3", "hp", &["0", "1", "1000000", "1000001", "\"3\"", "2.5"]);
        around("rat", "sight = 5", "sight", &["-1", "0", "30", "31"]);
        around("rat", "hp = 3", "hp = 3\nfrequency", &["-1", "0", "10000", "10001"]);
        around("rat", "hp = 3", "hp = 3\ndefense", &["-1", "0", "1000", "1001"]);
        around(
            "rat",
            "damage = [1, 2]",
            "damage",
            &["[-1, 2]", "[0, 0]", "[1000, 1000]", "[0, 1001]", "[1]", "[1, 2, 3]"],
        );
        around("rat", "floors = [1, 2]", "floors", &["[0, 1]", "[1, 1]", "[1000, 1000]", "[1, 1001]", "[1, 2, 3]"]);
        around("rat", "color = [1, 2, 3]", "color", &["[0, 0, 0]", "[255, 255, 255]", "[256, 0, 0]", "[-1, 0, 0]"]);
        around("rat", "color = [1, 2, 3]", "color", &["[1, 2]", "[1, 2, 3, 4]", "\"red\""]);
        around("rat", "glyph = \"r\"", "glyph", &["\"\"", "\"rr\"", "\"é\"", "1"]);
        around("rat", "id = \"rat\"", "id", &["\"\"", "\"a_1\"", "\"a-b\"", "\"a b\""]);
        around("rat", "sight = 5", "sight = 5\nsigth", &["5"]);
        around("rat", "sight = 5", "sight = 5\nneeds", &["[]", "[\"test\"]", "\"test\""]);
        let ranged = "ranged = { kind = \"spit\", damage = [2, 4], range = 4 }";
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 0 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 30 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 31 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, every = 0 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, every = 1000 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, every = 1001 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 1001], range = 4 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, often = 2 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4] }"]);
        around("wand", "found = [1, 1]", "found", &["[0, 1]", "[1000, 1000]", "[1, 1001]", "[1, 2, 3]"]);
        around("wand", "params = { amount = 10 }", "params", &["{ amount = -1 }", "{ amount = 1000000 }"]);
        around("wand", "params = { amount = 10 }", "params", &["{ amount = 1000001 }", "{ amount = \"x\" }"]);
        around("wand", "some = 1", "some", &["-1", "0", "1000000", "1000001"]);
        around("wand", "class = \"wand\"", "class = \"wand\"\nrole", &["\"heling\"", "\"aimed\"", "\"none\"", "3"]);
        around("wand", "class = \"wand\"", "class = \"wand\"\nstacks", &["true", "\"yes\""]);
        around("wand", "class = \"wand\"", "class = \"wand\"\narticle", &["\"\"", "1"]);
        around("wand", "class = \"wand\"", "class = \"wand\"\nclasss", &["\"wand\""]);
        let mut outcomes = [0, 0];
        for (record, from, to) in cases.iter().map(|(r, f, t)| (*r, *f, t.as_str())).chain([
            ("rat", "id = \"rat\"", id64.as_str()),
            ("rat", "id = \"rat\"", id65.as_str()),
            ("rat", "sight = 5", ""),
            ("wand", "class = \"wand\"", ""),
            ("wand", "[settings]", "[setting]"),
        ]) {
            let text = if record == "rat" { &rat } else { &wand };
            assert!(text.contains(from), "{from}");
            let text = text.replacen(from, to, 1);
            let (loads, takes) = (read(&text, &plugins).is_ok(), schema_takes(&validator, &text));
            let said = |yes: bool, word: &'static str| if yes { word } else { "refuses" };
            assert_eq!(
                loads,
                takes,
                "`{to}`: the loader {}, the schema {}",
                said(loads, "reads"),
                said(takes, "takes")
            );
            outcomes[loads as usize] += 1;
        }
        assert!(outcomes[0] > 30 && outcomes[1] > 20, "both sides of the ranges were tried: {outcomes:?}");
    }

    #[test]
    fn what_the_schema_cannot_know_only_the_loader_refuses() {
        let validator = jsonschema::validator_for(&json_schema()).expect("the schema is a schema");
        let plugins = Plugins::default();
        for text in [
            RAT.to_string(),
            RAT.replace("damage = [1, 2]", "damage = [2, 1]"),
            format!("{WAND}effect = \"no_such_effect\"\n"),
            format!("{WAND}params = {{ shot_min = 5, shot_max = 4 }}\n"),
            format!("{WAND}{WAND}"),
        ] {
            assert!(read(&text, &plugins).is_err(), "{text}");
            assert!(schema_takes(&validator, &text), "{text}");
        }
    }

    #[test]
    fn a_missing_data_folder_is_an_error() {
        let err = load_records(Path::new("/no/such/dir"), &Plugins::default()).unwrap_err().to_string();
        assert!(err.contains("/no/such/dir: no such data folder"), "{err}");
    }

    #[test]
    fn a_wrong_glyph_is_reported() {
        let text = RAT.replace("glyph = \"r\"", "glyph = \"rr\"");
        let mut plugins = Plugins::default();
        plugins.fake_brain("dreaming");
        let err = read(&text, &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:5: field `glyph`"), "{err}");
    }
}
