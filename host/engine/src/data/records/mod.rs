//! The records plugins bring, as the game uses them: monsters
//! ([`MonsterRecord`]), items ([`ItemRecord`]), map pieces
//! ([`PieceRecord`]) and settings, all in [`Records`], read from
//! `data/<plugin>/*.toml`.
//!
//! Reading them is apart from what they are: [`raw`] holds the shapes the
//! TOML is read into (and the JSON Schema made from them), and [`check`]
//! turns those into records ([`check::load_records`]), checking every field
//! against its range and every name against what the loaded plugins
//! registered ([`Registered`]); an error names the file, the line and the
//! field. The types here name neither.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use abi_stable::std_types::RVec;
use emberdeep_api::{Damage, MonsterState, Param, RangedSpec, Rgba};

pub mod check;
pub mod raw;

/// An item a monster record carries (`carries = [{ item = "darts", count = 3 }]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Carried {
    /// The item's kind.
    pub item: String,
    /// How many.
    pub count: u32,
    /// The chance, in percent (0 to 100), that a monster carries it,
    /// rolled when it comes into being (100: always, nothing rolled).
    pub chance: u32,
    /// The line of the record's file that names it.
    pub line: usize,
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
    /// The weight from deeper floors on: `(from, frequency)`, `from` rising.
    pub deeper: Vec<(u32, u32)>,
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
    /// Its side: `monsters` unless the record says otherwise (`player`,
    /// or a side a plugin declared).
    pub side: String,
    /// Whether it is peaceful (`peaceful = true`, api 1.6): neutral to the
    /// player's side until one of them attacks it.
    pub peaceful: bool,
    /// What it carries from the moment it comes into being.
    pub carries: Vec<Carried>,
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
    /// `flies` (1.7): it crosses chasms, lava and deep water unharmed,
    /// and goes over ground traps whose rules ask.
    Flies,
}

impl MonsterTrait {
    /// Every trait, in the order the reference lists them.
    pub const ALL: [MonsterTrait; 4] =
        [MonsterTrait::OpensDoors, MonsterTrait::KeepsDistance, MonsterTrait::Tracks, MonsterTrait::Flies];

    /// Its name in a record.
    pub fn as_str(self) -> &'static str {
        match self {
            MonsterTrait::OpensDoors => "opens_doors",
            MonsterTrait::KeepsDistance => "keeps_distance",
            MonsterTrait::Tracks => "tracks",
            MonsterTrait::Flies => "flies",
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
                "it fights from afar and backs away from the player; a record with it must use the `keeps_distance` brain (else its `traits` line is refused), and one using that brain must have it (else its `brain` line is refused)"
            }
            MonsterTrait::Tracks => {
                "out of sight of the player, it goes to where it last saw the player; without it, it only chases what it sees (and noises) and otherwise wanders"
            }
            MonsterTrait::Flies => {
                "it flies: it crosses chasms, lava and deep water unharmed (terrain with the trait `deadly` stops every monster that does not fly) and goes over ground traps whose rules ask (api 1.7)"
            }
        }
    }
}

/// The longest `description` a record may have, in characters.
pub const DESCRIPTION_MAX: usize = 500;

/// The record id of what the run is for, lying on the deepest floor: the
/// host's own record (`data/host/goal.toml`), which a game must have
/// ([`check::load_game_records`]).
pub const GOAL_ITEM: &str = "ember_heart";

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
    /// The weight from deeper floors on: `(from, frequency)`, `from` rising.
    pub deeper: Vec<(u32, u32)>,
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
    // Since 1.3.
    /// `escape`: used to get away from danger at once (a scroll of teleportation).
    Escape,
    /// `buff`: used before a fight to fight better for a while (a potion of haste).
    Buff,
    /// `detect`: used on arriving on a floor, to learn what is on it (magic mapping).
    Detect,
    /// `restore`: drunk to win back what was drained or cure what lingers.
    Restore,
    /// `descend`: used to go down to the next floor without stairs.
    Descend,
    // 1.7 (arsenal)
    /// `upgrade`: read when it is safe, to make something of the player's
    /// better for good (a scroll of enchanting).
    Upgrade,
    /// `none`: nothing said; the host and the bot make no assumption.
    #[default]
    None,
}

impl ItemRole {
    /// Every role, in the order the reference lists them.
    pub const ALL: [ItemRole; 15] = [
        ItemRole::Healing,
        ItemRole::MeleeWeapon,
        ItemRole::Armor,
        ItemRole::MissileWeapon,
        ItemRole::Missile,
        ItemRole::Thrown,
        ItemRole::Aimed,
        ItemRole::Burst,
        ItemRole::Escape,
        ItemRole::Buff,
        ItemRole::Detect,
        ItemRole::Restore,
        ItemRole::Descend,
        ItemRole::Upgrade,
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
            ItemRole::Escape => "escape",
            ItemRole::Buff => "buff",
            ItemRole::Detect => "detect",
            ItemRole::Restore => "restore",
            ItemRole::Descend => "descend",
            ItemRole::Upgrade => "upgrade",
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
            ItemRole::Escape => "used to get away from danger at once (a scroll of teleportation)",
            ItemRole::Buff => "used before a fight, to fight better for a while (a potion of haste)",
            ItemRole::Detect => "used on arriving on a floor, to learn what is on it (a scroll of magic mapping)",
            ItemRole::Restore => "drunk to win back health drained and cure what lingers (a potion of restore)",
            ItemRole::Descend => "used to go down to the next floor without stairs (a potion of descent)",
            ItemRole::Upgrade => {
                "used when it is safe, to make something the player has better for good (a scroll of enchanting)"
            }
            ItemRole::None => "nothing said: the host and the bot make no assumption about it",
        }
    }
}

impl std::fmt::Display for ItemRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A map piece (`[[piece]]`): a small map the generator may lay into a
/// room of a floor it allows.
#[derive(Debug, Clone)]
pub struct PieceRecord {
    /// Id (`guard_post`), used in the trace.
    pub id: String,
    /// First and last floor it may be laid on.
    pub floors: (u32, u32),
    /// The chance in 100 that a floor it may be laid on tries it.
    pub chance: u32,
    /// Its columns.
    pub width: i32,
    /// Its rows.
    pub height: i32,
    /// Its cells, row by row (`width * height` of them).
    pub cells: Vec<PieceCell>,
    /// The plugin whose folder it came from.
    pub plugin: String,
    /// The data file it was read from (for messages about it).
    pub file: PathBuf,
}

impl PieceRecord {
    /// Each cell with its place in the piece (column, row), row by row.
    pub fn cells_at(&self) -> impl Iterator<Item = (i32, i32, &PieceCell)> {
        let w = self.width.max(1);
        self.cells.iter().enumerate().map(move |(i, c)| (i as i32 % w, i as i32 / w, c))
    }
}

/// What one cell of a map piece lays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceCell {
    /// A space: the room's cell as the generator made it.
    Keep,
    /// A terrain by name: the host's (`wall`, `floor`, `door_closed`,
    /// `door_open`) or one a loaded plugin registered.
    Terrain(String),
    /// Floor that is a way into the piece: it must be reachable.
    Entrance,
    /// A monster of record `kind` on floor.
    Monster {
        /// The monster record.
        kind: String,
        /// Its state when laid.
        state: MonsterState,
        /// Its side; `None`: the record's.
        side: Option<String>,
    },
    /// A heap of `count` of item record `kind` on floor.
    Item {
        /// The item record.
        kind: String,
        /// How many.
        count: u32,
        /// What its store holds from the start (api 1.6), by key, in the
        /// order the legend gives them.
        store: Vec<(String, PieceValue)>,
    },
}

/// A value a map piece's legend puts in its item's store (api 1.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceValue {
    /// A number (`charges=3`).
    Number(i64),
    /// A text (`owner=orc`).
    Text(String),
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
    /// Map pieces.
    pub pieces: BTreeMap<String, PieceRecord>,
    // 1.6 (looks)
    /// The tiles the tile sheets name: each loaded plugin's own
    /// `tiles.txt` (read with the records), and the game's atlas index
    /// once the front end adds it ([`Records::add_sheet_tiles`]). A look a
    /// plugin gives a creature may name one of these, one the host draws,
    /// or one a record or terrain names.
    pub sheet_tiles: BTreeSet<String>,
}

impl Records {
    /// Adds the tiles of a sheet's index (the game's atlas) to those a
    /// creature's look may name.
    pub fn add_sheet_tiles<'a>(&mut self, names: impl IntoIterator<Item = &'a str>) {
        self.sheet_tiles.extend(names.into_iter().map(str::to_string));
    }

    /// The tiles the tile view tints by their thing's colour: those of
    /// every record, monster or item, that says `tint = true`.
    pub fn tinted_tiles(&self) -> BTreeSet<String> {
        let monsters = self.monsters.values().filter(|m| m.tint).map(|m| m.tile.clone());
        monsters.chain(self.items.values().filter(|i| i.tint).map(|i| i.tile.clone())).collect()
    }
}

/// Whether items of record class `class` are zapped (`z`) rather than
/// read: wands and staffs, as in the roguelikes players know. The item's
/// card and the front end's quick keys both ask this.
pub fn is_zapped(class: &str) -> bool {
    matches!(class, "wand" | "staff")
}

/// The article a name takes when nothing says otherwise: "an" before a vowel, else "a".
pub fn article_for(name: &str) -> &'static str {
    match name.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) => "an",
        _ => "a",
    }
}

/// What the records are checked against: the loaded plugins, in load order,
/// and the names they registered. The loader makes it
/// ([`Plugins::registered`](crate::plugins::registry::Plugins::registered)); a
/// test makes its own.
#[derive(Debug, Default, Clone)]
pub struct Registered {
    /// The loaded plugins, in load order.
    pub plugins: Vec<RegisteredPlugin>,
    /// Registered brain names.
    pub brains: BTreeSet<String>,
    /// Registered ranged kinds.
    pub ranged: BTreeSet<String>,
    /// Registered item effects.
    pub effects: BTreeSet<String>,
    /// The sides creatures may be on: the host's two and those plugins declared.
    pub sides: BTreeSet<String>,
    /// Registered terrain names (the plugins', not the host's own).
    pub terrains: BTreeSet<String>,
}

/// One loaded plugin, as its records are read.
#[derive(Debug, Clone)]
pub struct RegisteredPlugin {
    /// Its name (its records are in `data/<name>/`).
    pub name: String,
    /// Its library file (a third party's records may sit beside it).
    pub library: PathBuf,
    /// The settings it declared: name, default, least and greatest value.
    pub settings: Vec<(String, i64, i64, i64)>,
    /// The store keys it declared its own (`Registrar::stored`): key,
    /// least and greatest value (a map piece's item may be given them).
    pub stored: Vec<(String, i64, i64)>,
    /// The plugins it depends on, by name.
    pub needs: Vec<String>,
}

impl Registered {
    /// Whether a plugin of that name is loaded.
    pub fn is_loaded(&self, name: &str) -> bool {
        self.plugins.iter().any(|p| p.name == name)
    }
}

/// Where the `data/` folder is: `--data-dir`, else next to the executable's
/// workspace (for `cargo run`), else `./data`.
pub fn default_data_dir() -> PathBuf {
    let from_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().map(|a| a.join("data")).find(|d| d.join("host").is_dir()));
    from_exe.unwrap_or_else(|| PathBuf::from("data"))
}

/// A record's weight on `floor`: the last `deeper` entry whose first floor
/// is not below it, else its `frequency`.
pub fn frequency_on(frequency: u32, deeper: &[(u32, u32)], floor: u32) -> u32 {
    deeper.iter().rev().find(|(from, _)| *from <= floor).map_or(frequency, |&(_, f)| f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_article_follows_the_first_letter() {
        assert_eq!(article_for("ogre"), "an");
        assert_eq!(article_for("potion of healing"), "a");
        assert_eq!(article_for("Urn of ashes"), "an", "a capital vowel too");
        assert_eq!(article_for(""), "a");
    }

    #[test]
    fn a_trait_and_a_role_go_by_their_names_both_ways() {
        for t in MonsterTrait::ALL {
            assert_eq!(MonsterTrait::from_name(t.as_str()), Some(t));
        }
        assert_eq!(MonsterTrait::from_name("opens_door"), None);
        assert_eq!(MonsterTrait::OpensDoors.as_str(), "opens_doors");
        for r in ItemRole::ALL {
            assert_eq!(ItemRole::from_name(r.as_str()), Some(r));
            assert_eq!(r.to_string(), r.as_str());
        }
        assert_eq!(ItemRole::from_name("heling"), None);
    }

    #[test]
    fn an_item_is_described_with_its_article_or_its_count() {
        let record = |article: &str| ItemRecord {
            id: "potion".into(),
            name: "potion of healing".into(),
            plural: "potions of healing".into(),
            article: article.into(),
            glyph: '!',
            color: Rgba::rgb(1, 2, 3),
            tile: "potion".into(),
            tint: true,
            class: "potion".into(),
            role: ItemRole::Healing,
            stacks: true,
            effect: None,
            params: BTreeMap::from([("amount".to_string(), 10), ("a_first".to_string(), 1)]),
            floors: (1, 1),
            frequency: 1,
            deeper: Vec::new(),
            found: (1, 1),
            description: String::new(),
            plugin: "test".into(),
            file: PathBuf::from("items.toml"),
        };
        assert_eq!(record("a").describe(1), "a potion of healing");
        assert_eq!(record("").describe(1), "potion of healing");
        assert_eq!(record("a").describe(3), "3 potions of healing");
        let params: Vec<(String, i64)> =
            record("a").params_for_plugins().iter().map(|p| (p.name.to_string(), p.value)).collect();
        assert_eq!(params, [("a_first".to_string(), 1), ("amount".to_string(), 10)], "sorted by name");
    }
}
