//! The shapes a record file is read into, as serde reads the TOML: every
//! field as written, with where it is (`Spanned`), nothing checked but its
//! TOML type and that no unknown field is there. [`check`](super::check)
//! turns them into records. The JSON Schema of a record file
//! ([`json_schema`]) is made from these very types, with the ranges
//! [`check`](super::check) holds each number to.

use std::collections::BTreeMap;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;
use toml::Spanned;

use crate::data::records::{ItemRole, MonsterTrait, DESCRIPTION_MAX};
use crate::data::records_schema::{self, Color, Glyph, Id, Int, IntOr, Numbers, Pair, PairOr};

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

/// A number as written, with where.
pub(super) type Num = Spanned<i64>;
/// A list of numbers as written (`[min, max]`, a colour), with where.
pub(super) type Nums = Spanned<Vec<i64>>;

/// The floors a record may name: 1 to this, the deepest a save holds.
pub(super) const DEEPEST: i64 = crate::data::bounds::MOST_FLOORS as i64;
/// The greatest number a plugin's setting or an item's parameter may hold.
pub(super) const PARAM_MAX: i64 = 1_000_000;

// The ranges the loader holds each number to, `(least, most)`, and the
// defaults of those that may be left out. The schema is built from the same
// constants (the `with` attributes below), so the two cannot disagree.
pub(super) const FLOORS: (i64, i64) = (1, DEEPEST);
pub(super) const FREQUENCY: (i64, i64) = (0, 10_000);
pub(super) const FREQUENCY_DEFAULT: i64 = 1;
pub(super) const HP: (i64, i64) = (1, 1_000_000);
pub(super) const DAMAGE: (i64, i64) = (0, 1000);
pub(super) const DEFENSE: (i64, i64) = (0, 1000);
pub(super) const DEFENSE_DEFAULT: i64 = 0;
pub(super) const SIGHT: (i64, i64) = (0, 30);
pub(super) const RANGE: (i64, i64) = (1, 30);
pub(super) const EVERY: (i64, i64) = (1, 1000);
/// How many of an item kind one carried entry may hold.
pub(super) const CARRIED_COUNT: (i64, i64) = (1, 99);
/// The most entries a monster's `carries` may list.
pub(super) const MOST_CARRIES: usize = 8;
/// The most entries a record's `deeper` may list.
pub(super) const MOST_DEEPER: usize = 8;
pub(super) const EVERY_DEFAULT: i64 = 1;
pub(super) const FOUND: (i64, i64) = (1, 1000);
pub(super) const FOUND_DEFAULT: (i64, i64) = (1, 1);
pub(super) const CHANCE: (i64, i64) = (0, 100);
pub(super) const CHANCE_DEFAULT: i64 = 100;
/// The widest and tallest a map piece may be: the largest room's floor.
pub(super) const PIECE_WIDTH: i64 = crate::core::mapgen::PIECE_MOST.0 as i64;
pub(super) const PIECE_HEIGHT: i64 = crate::core::mapgen::PIECE_MOST.1 as i64;

/// A file of records, `data/<plugin>/*.toml`: a `[settings]` table, any
/// number of `[[monster]]` tables, of `[[item]]` tables, of `[[piece]]`
/// tables and of `[[carried_by]]` tables, all optional. A name the loader does not know is an error.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Emberdeep records")]
pub(super) struct FileRaw {
    /// The plugin's own numbers, `name = number`, read by its code: each a
    /// whole number, and a `NAME_min` never above its `NAME_max`. A plugin
    /// that declares its settings (`emberdeep --list-plugins` shows them)
    /// is held to those names and their ranges. In `data/host/` these are
    /// the host's own settings instead.
    #[serde(default)]
    #[schemars(with = "Numbers<PARAM_MAX>")]
    pub(super) settings: BTreeMap<Spanned<String>, Num>,
    /// The kinds of monster, one `[[monster]]` table each.
    #[serde(default)]
    #[schemars(with = "Vec<MonsterRaw>", extend("default" = []))]
    pub(super) monster: Vec<Spanned<MonsterRaw>>,
    /// The kinds of item, one `[[item]]` table each.
    #[serde(default)]
    #[schemars(with = "Vec<ItemRaw>", extend("default" = []))]
    pub(super) item: Vec<Spanned<ItemRaw>>,
    /// The map pieces the host's generator may lay into a floor's rooms,
    /// one `[[piece]]` table each.
    #[serde(default)]
    #[schemars(with = "Vec<PieceRaw>", extend("default" = []))]
    pub(super) piece: Vec<Spanned<PieceRaw>>,
    /// Items other plugins' monsters carry, one `[[carried_by]]` table each.
    #[serde(default)]
    #[schemars(with = "Vec<CarriedByRaw>", extend("default" = []))]
    pub(super) carried_by: Vec<Spanned<CarriedByRaw>>,
}

/// A kind of monster: one `[[monster]]` table.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "monster")]
pub(super) struct MonsterRaw {
    /// The kind's id: 1 to 64 letters, digits or `_`, and no other monster
    /// of the loaded plugins may have it. The trace and scenarios name the
    /// kind by it.
    #[schemars(with = "Id")]
    pub(super) id: Spanned<String>,
    /// Its name in messages: "The jackal hits you."
    pub(super) name: String,
    /// The one character that shows it in the glyph view.
    #[schemars(with = "Glyph")]
    pub(super) glyph: Spanned<String>,
    /// Its colour in the glyph view, `[red, green, blue]` (its tile keeps
    /// the tile's own colours, unless `tint` says otherwise).
    #[schemars(with = "Color")]
    pub(super) color: Nums,
    /// The name of its tile in the tile view: a name in `assets/tiles.txt`,
    /// or in the `tiles.txt` of a loaded plugin's own sheet. A record naming
    /// a tile that no sheet has is a warning at start naming the record,
    /// its file and the tile, and the tile view draws its glyph.
    pub(super) tile: String,
    /// Whether the tile view tints its tile by `color`: for a tile drawn
    /// pale in the atlas so that one picture serves many kinds. The atlas
    /// has one picture per tile: once a record says `tint = true`, its tile
    /// is tinted for every record that uses it.
    #[serde(default)]
    pub(super) tint: bool,
    /// `[first, last]`: the floors it may be placed on, both counted, the
    /// first not above the last.
    #[schemars(with = "Pair<{ FLOORS.0 }, { FLOORS.1 }>")]
    pub(super) floors: Nums,
    /// Its weight when a monster is picked for a room of a floor it is found
    /// on: a kind of frequency 6 comes up twice as often as one of 3. 0: it
    /// is never placed when a floor is made (a scenario may still place one).
    #[schemars(with = "Option<IntOr<{ FREQUENCY.0 }, { FREQUENCY.1 }, FREQUENCY_DEFAULT>>")]
    pub(super) frequency: Option<Num>,
    /// Its frequency from deeper floors on, when it changes with depth:
    /// `deeper = [{ from = 6, frequency = 5 }, { from = 10, frequency = 2 }]`.
    /// On a floor, the last entry whose `from` is not below it gives the
    /// weight; above every entry's floor, `frequency` does. At most 8
    /// entries, each `from` deeper than the one before and within `floors`
    /// (after the first floor). Left out, `frequency` on every floor.
    #[serde(default)]
    #[schemars(with = "Vec<DeeperRaw>", extend("default" = []))]
    pub(super) deeper: Vec<Spanned<DeeperRaw>>,
    /// Its health when placed. It dies at 0.
    #[schemars(with = "Int<{ HP.0 }, { HP.1 }>")]
    pub(super) hp: Num,
    /// `[least, most]`: the roll of its blow in melee, the first not above
    /// the last. The shipped plugins take the player's defense off it,
    /// never leaving less than 1.
    #[schemars(with = "Pair<{ DAMAGE.0 }, { DAMAGE.1 }>")]
    pub(super) damage: Nums,
    /// Its armor: the shipped plugins take it off every blow and missile
    /// that strikes it, never leaving less than 1 (their lightning and fire
    /// ignore it).
    #[schemars(with = "Option<IntOr<{ DEFENSE.0 }, { DEFENSE.1 }, DEFENSE_DEFAULT>>")]
    pub(super) defense: Option<Num>,
    /// How many steps it sees: awake, it hunts the player when the player
    /// is within this many steps and in the player's view; asleep, it may
    /// then wake (the host's `notice_percent`). 0: it never sees the player.
    #[schemars(with = "Int<{ SIGHT.0 }, { SIGHT.1 }>")]
    pub(super) sight: Num,
    /// The name of the brain that runs its turns, registered by a loaded
    /// plugin (`melee`, `keeps_distance`, `ranged_melee` in the shipped set).
    #[schemars(with = "String")]
    pub(super) brain: Spanned<String>,
    /// Its side: creatures of different sides fight each other. `monsters`
    /// (left out), `player` (an ally of the player from the start), or a
    /// side a loaded plugin declared (`reg.side("undead")`).
    #[schemars(with = "Option<String>", extend("default" = "monsters"))]
    pub(super) side: Option<Spanned<String>>,
    /// Whether it is peaceful (since api 1.6): neutral to the player's
    /// side and the sides allied with it, whatever its own side's standing,
    /// until the player or one of its side attacks it; then it is hostile
    /// to them and fights back (the trace's `provoked`). It never hunts
    /// the player meanwhile, aiming and the time-savers pass it over, and
    /// walking into it asks first ("Really attack the peaceful trader?").
    #[serde(default)]
    pub(super) peaceful: bool,
    /// Its attack from afar, if it has one (left out, it has none).
    #[schemars(with = "Option<RangedRaw>")]
    pub(super) ranged: Option<Spanned<RangedRaw>>,
    /// What it carries from the moment it comes into being (at most 8
    /// entries): items of kinds any loaded plugin's records have, made as
    /// items are (their effect's `made` runs), dropped where it dies.
    /// `carries = [{ item = "darts", count = 3 }]`. Left out, nothing.
    #[serde(default)]
    #[schemars(with = "Vec<CarriedRaw>", extend("default" = []))]
    pub(super) carries: Vec<Spanned<CarriedRaw>>,
    /// What it can do that the host rules on, by name, each at most once:
    /// `opens_doors` (it opens closed doors; without it a closed door
    /// stops it), `keeps_distance` (it fights from afar and backs away:
    /// goes with the `keeps_distance` brain, both or neither), `tracks`
    /// (out of sight of the player it goes to where it last saw the
    /// player; without it, it wanders), `flies` (it crosses chasms, lava
    /// and deep water unharmed). Left out, none: a monster that cannot
    /// open doors and forgets the player once out of sight.
    #[serde(default)]
    #[schemars(with = "Vec<TraitName>", extend("default" = [], "uniqueItems" = true))]
    pub(super) traits: Vec<Spanned<String>>,
    /// A sentence or two the look mode shows: what it is, and what it does
    /// that a player should know (from afar, in a fight). At most 500
    /// characters. Every shipped monster has one.
    #[schemars(with = "Option<Description>")]
    pub(super) description: Option<Spanned<String>>,
    /// Plugins this record needs, by name. When one of them is not loaded
    /// (left out of `--plugins`), the record is skipped, not refused: use it
    /// for a record whose brain, effect or ranged kind another plugin brings.
    #[serde(default)]
    pub(super) needs: Vec<String>,
}

/// A monster's attack from afar:
/// `ranged = { kind = "arrows", damage = [2, 7], range = 7, every = 1 }`.
/// The host hands these numbers to the ranged kind named, which decides
/// whether and how to attack.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "ranged")]
pub(super) struct RangedRaw {
    /// The name of the ranged kind, registered by a loaded plugin
    /// (`arrows`, `lightning`, `fire` in the shipped set).
    #[schemars(with = "String")]
    pub(super) kind: Spanned<String>,
    /// `[least, most]`: the roll of one attack, the first not above the last.
    #[schemars(with = "Pair<{ DAMAGE.0 }, { DAMAGE.1 }>")]
    pub(super) damage: Nums,
    /// The furthest the target may be, in steps (a diagonal step counts 1).
    #[schemars(with = "Int<{ RANGE.0 }, { RANGE.1 }>")]
    pub(super) range: Num,
    /// The turns from one attack from afar to the next: 1 is every turn, 5
    /// is once in 5 turns. The host passes it on; the ranged kind keeps
    /// count (the shipped kinds of `ranged_combat` all do).
    #[schemars(with = "Option<IntOr<{ EVERY.0 }, { EVERY.1 }, EVERY_DEFAULT>>")]
    pub(super) every: Option<Num>,
}

/// One entry of a record's `deeper`: `{ from = 6, frequency = 5 }`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "deeper")]
pub(super) struct DeeperRaw {
    /// The first floor the frequency holds on (and every floor below,
    /// until the next entry).
    #[schemars(with = "Int<{ FLOORS.0 }, { FLOORS.1 }>")]
    pub(super) from: Num,
    /// The weight from that floor on, as `frequency`.
    #[schemars(with = "Int<{ FREQUENCY.0 }, { FREQUENCY.1 }>")]
    pub(super) frequency: Num,
}

/// One entry of a monster's `carries`: `{ item = "darts", count = 3 }`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "carried")]
pub(super) struct CarriedRaw {
    /// The item's kind: the id of an `[[item]]` record of any loaded plugin.
    #[schemars(with = "String")]
    pub(super) item: Spanned<String>,
    /// How many: a kind that stacks is one item of that many, another that
    /// many items. Left out, 1.
    #[schemars(with = "Option<IntOr<{ CARRIED_COUNT.0 }, { CARRIED_COUNT.1 }, 1>>")]
    pub(super) count: Option<Num>,
    /// The chance, in percent, that a monster of the kind carries it:
    /// rolled once when the monster comes into being, from the run's random
    /// numbers (an entry of 100 rolls nothing). Left out, 100: always.
    #[schemars(with = "Option<IntOr<{ CHANCE.0 }, { CHANCE.1 }, CHANCE_DEFAULT>>")]
    pub(super) chance: Option<Num>,
}

/// An item another kind of monster carries, from the records of the plugin
/// whose item it is: `[[carried_by]]` with `monster = "goblin"`, `item =
/// "dagger"`, `chance = 20`. It joins the end of that monster's `carries`
/// when a loaded plugin's records have the monster; when none has (its
/// plugin is not loaded), it is left out, so that neither plugin needs the
/// other. Entries join in load order, then in file order.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "carried_by")]
pub(super) struct CarriedByRaw {
    /// The monster's kind: the id of a `[[monster]]` record, of any plugin.
    #[schemars(with = "String")]
    pub(super) monster: Spanned<String>,
    /// The item's kind: the id of an `[[item]]` record of any loaded plugin.
    #[schemars(with = "String")]
    pub(super) item: Spanned<String>,
    /// How many, as in `carries`. Left out, 1.
    #[schemars(with = "Option<IntOr<{ CARRIED_COUNT.0 }, { CARRIED_COUNT.1 }, 1>>")]
    pub(super) count: Option<Num>,
    /// The chance in percent, as in `carries`. Left out, 100.
    #[schemars(with = "Option<IntOr<{ CHANCE.0 }, { CHANCE.1 }, CHANCE_DEFAULT>>")]
    pub(super) chance: Option<Num>,
}

/// A kind of item: one `[[item]]` table.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "item")]
pub(super) struct ItemRaw {
    /// The kind's id: 1 to 64 letters, digits or `_`, and no other item of
    /// the loaded plugins may have it. Saves, scenarios and the trace name
    /// the kind by it.
    #[schemars(with = "Id")]
    pub(super) id: Spanned<String>,
    /// The name of one: "potion of healing".
    pub(super) name: String,
    /// The name of several: "potions of healing". Left out, it is the name
    /// with an `s`.
    pub(super) plural: Option<String>,
    /// The word before the name of one: `a`, `an`, or `""` for none ("plate
    /// armor"). Left out, it is `an` before a vowel and `a` before anything
    /// else.
    pub(super) article: Option<String>,
    /// The one character that shows it in the glyph view.
    #[schemars(with = "Glyph")]
    pub(super) glyph: Spanned<String>,
    /// Its colour, `[red, green, blue]`: its glyph's in the glyph view, and
    /// in the tile view its tile's tint, if `tint` is set.
    #[schemars(with = "Color")]
    pub(super) color: Nums,
    /// The name of its tile in the tile view: a name in `assets/tiles.txt`,
    /// or in the `tiles.txt` of a loaded plugin's own sheet. A record naming
    /// a tile that no sheet has is a warning at start naming the record,
    /// its file and the tile, and the tile view draws its glyph.
    pub(super) tile: String,
    /// Whether the tile view tints its tile by `color`: for a tile drawn
    /// pale in the atlas so that one picture serves many kinds (the shipped
    /// potions and scrolls set it). The atlas has one picture per tile: once
    /// a record says `tint = true`, its tile is tinted for every record that
    /// uses it.
    #[serde(default)]
    pub(super) tint: bool,
    /// A word for what sort of thing it is (`potion`, `scroll`, `wand`,
    /// `staff`, `weapon`, `armor`, `bow`, `missile`), shown in
    /// `--list-plugins` and handed to plugins. The host decides only which
    /// quick key uses it: every `potion` is drunk (`q`), every `scroll`
    /// read (`r`), every `wand` or `staff` zapped (`z`), whatever its role.
    pub(super) class: String,
    /// What the item is for, so that the host and the bot can tell how it
    /// is used without knowing the plugin behind its effect. It changes
    /// nothing about what the effect does.
    #[schemars(with = "Option<RoleName>")]
    pub(super) role: Option<Spanned<String>>,
    /// Whether several share one pack slot and one heap on the floor (up to
    /// 9999). Things that do not stack take a slot each, and a floor cell
    /// holding one takes nothing else.
    #[serde(default)]
    pub(super) stacks: bool,
    /// The name of the effect that runs when the player uses it, registered
    /// by a loaded plugin (`heal`, `wield`, `wear`, `bow`, `quiver`, `throw`,
    /// `lightning`, `fireball` in the shipped set). Left out, using it does
    /// nothing: the game says it cannot be used, and no turn passes.
    #[schemars(with = "Option<String>")]
    pub(super) effect: Option<Spanned<String>>,
    /// Numbers handed to its effect (and to any plugin that asks about the
    /// item), `name = number`, each a whole number, and a `NAME_min` never
    /// above its `NAME_max`. Which names mean something is up to the
    /// plugins that read them: `amount` for `heal`, `damage_min` and
    /// `damage_max` for `wield`, `defense` for `wear`, `throwable` for `t`.
    #[serde(default)]
    #[schemars(with = "Numbers<PARAM_MAX>")]
    pub(super) params: BTreeMap<Spanned<String>, Num>,
    /// `[first, last]`: the floors it may be placed on, both counted, the
    /// first not above the last.
    #[schemars(with = "Pair<{ FLOORS.0 }, { FLOORS.1 }>")]
    pub(super) floors: Nums,
    /// Its weight when an item is picked for a room of a floor it is found
    /// on: a kind of frequency 4 comes up twice as often as one of 2. 0: it
    /// is never placed when a floor is made (scenarios and plugins may still
    /// place one).
    #[schemars(with = "Option<IntOr<{ FREQUENCY.0 }, { FREQUENCY.1 }, FREQUENCY_DEFAULT>>")]
    pub(super) frequency: Option<Num>,
    /// Its frequency from deeper floors on, when it changes with depth:
    /// `deeper = [{ from = 6, frequency = 5 }, { from = 10, frequency = 2 }]`.
    /// On a floor, the last entry whose `from` is not below it gives the
    /// weight; above every entry's floor, `frequency` does. At most 8
    /// entries, each `from` deeper than the one before and within `floors`
    /// (after the first floor). Left out, `frequency` on every floor.
    #[serde(default)]
    #[schemars(with = "Vec<DeeperRaw>", extend("default" = []))]
    pub(super) deeper: Vec<Spanned<DeeperRaw>>,
    /// `[least, most]`: how many lie in one heap when it is placed, rolled
    /// between the two, the first not above the last.
    #[schemars(with = "Option<PairOr<{ FOUND.0 }, { FOUND.1 }, { FOUND_DEFAULT.0 }, { FOUND_DEFAULT.1 }>>")]
    pub(super) found: Option<Nums>,
    /// A sentence or two the item's card and the look mode show: what it
    /// is and what it does. At most 500 characters. Every shipped item has one.
    #[schemars(with = "Option<Description>")]
    pub(super) description: Option<Spanned<String>>,
    /// Plugins this record needs, by name. When one of them is not loaded
    /// (left out of `--plugins`), the record is skipped, not refused: use it
    /// for a record whose effect another plugin brings.
    #[serde(default)]
    pub(super) needs: Vec<String>,
}

/// The schema of a piece's `map`: 1 to [`PIECE_HEIGHT`] rows of 1 to
/// [`PIECE_WIDTH`] characters (that they are all as wide, a schema cannot
/// say; the loader checks it).
struct PieceRows;

impl JsonSchema for PieceRows {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PieceRows".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "array",
            "items": { "type": "string", "minLength": 1, "maxLength": PIECE_WIDTH },
            "minItems": 1,
            "maxItems": PIECE_HEIGHT,
        })
    }
}

/// The schema of a piece's `legend`: one character to what it lays.
struct PieceLegend;

impl JsonSchema for PieceLegend {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PieceLegend".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "object",
            "propertyNames": { "minLength": 1, "maxLength": 1 },
            "additionalProperties": { "type": "string" },
            "default": {},
        })
    }
}

/// A map piece: one `[[piece]]` table. A small map drawn in text rows,
/// which the host's generator may lay into a room of a floor it allows
/// (inside the room's floor, never over the start or the stairs), then
/// checks that the start still reaches the stairs (or the goal), the
/// piece's entrances and the rest of the floor: a piece that would cut any
/// of them off is taken back (the trace's `piece_skipped`). A room holds
/// at most one piece. The fixed symbols of a `map` are `#` (wall), `.`
/// (floor), `+` (closed door), `'` (open door) and a space (the room's
/// floor left as it is); every other character is the `legend`'s.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "piece")]
pub(super) struct PieceRaw {
    /// The piece's id: 1 to 64 letters, digits or `_`, and no other piece
    /// of the loaded plugins may have it. The trace names the piece by it.
    #[schemars(with = "Id")]
    pub(super) id: Spanned<String>,
    /// `[first, last]`: the floors it may be laid on, both counted, the
    /// first not above the last.
    #[schemars(with = "Pair<{ FLOORS.0 }, { FLOORS.1 }>")]
    pub(super) floors: Nums,
    /// The chance in 100 that the generator tries to lay it on a floor it
    /// may be laid on (it is laid if a room has space for it and nothing
    /// is cut off). 0: never laid.
    #[schemars(with = "Option<IntOr<{ CHANCE.0 }, { CHANCE.1 }, CHANCE_DEFAULT>>")]
    pub(super) chance: Option<Num>,
    /// The piece drawn in rows of text, top row first, every row as wide:
    /// at most 12 wide and 8 tall (the largest room's floor; a larger piece
    /// is refused). At least one cell must be an entrance (a legend entry
    /// `"entrance"`), the way in, which must be reachable from outside the
    /// piece: an entrance that no way reaches from the piece's edge (moving
    /// in four directions over every cell but wall) is refused.
    #[schemars(with = "PieceRows")]
    pub(super) map: Vec<Spanned<String>>,
    /// What each character of `map` other than the fixed symbols lays, one
    /// character to one entry: `"entrance"` (floor, the way in);
    /// `"wall"`, `"floor"`, `"door_closed"`, `"door_open"` (the host's
    /// terrains); `"terrain NAME"` (a terrain a loaded plugin registered,
    /// or one of the host's); `"monster KIND [STATE] [side=SIDE]"` (a
    /// monster of that record on floor: STATE `asleep`, `wandering` or
    /// `hunting`, left out wandering; SIDE `player`, `monsters` or one a
    /// plugin declared, left out the record's); `"item KIND [COUNT]
    /// [KEY=VALUE...]"` (a heap of that item record on floor, COUNT 1 to
    /// 9999, left out 1; each `KEY=VALUE` goes in the new item's store from
    /// the start, since api 1.6: a whole number when VALUE starts with a
    /// digit or `-`, else a text, standing over what the item's effect
    /// writes under that key when the item is made; a key another plugin
    /// declared is that plugin's: the piece's plugin must depend on it, and
    /// the number lie in its range). A kind, terrain or side no loaded
    /// plugin has is refused, naming it.
    #[serde(default)]
    #[schemars(with = "PieceLegend")]
    pub(super) legend: BTreeMap<Spanned<String>, Spanned<String>>,
    /// Plugins this piece needs, by name. When one of them is not loaded
    /// (left out of `--plugins`), the piece is skipped, not refused: use it
    /// for a piece that draws another plugin's terrain or monster.
    #[serde(default)]
    pub(super) needs: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_is_no_records_and_an_unknown_table_is_refused() {
        let empty: FileRaw = toml::from_str("").expect("every table may be left out");
        assert!(empty.settings.is_empty() && empty.monster.is_empty() && empty.item.is_empty());
        let err = toml::from_str::<FileRaw>("[setting]\nx = 1\n").err().expect("a misspelled table").to_string();
        assert!(err.contains("unknown field `setting`"), "{err}");
        let err = toml::from_str::<FileRaw>("[[item]]\nid = \"x\"\nnme = \"x\"\n").err().expect("a field").to_string();
        assert!(err.contains("unknown field `nme`"), "{err}");
    }

    #[test]
    fn the_schema_holds_the_ranges_the_loader_checks() {
        let schema = json_schema();
        let monster = &schema["definitions"]["monster"]["properties"];
        assert_eq!(monster["hp"]["minimum"], HP.0);
        assert_eq!(monster["hp"]["maximum"], HP.1);
        assert_eq!(monster["sight"]["maximum"], SIGHT.1);
        let item = &schema["definitions"]["item"]["properties"];
        assert_eq!(item["description"]["maxLength"], DESCRIPTION_MAX);
        assert!(schema["properties"]["monster"].is_object() && schema["properties"]["item"].is_object());
    }
}
