//! The [`Registrar`] a plugin fills in to tell the host what it brings, and
//! [`export_plugin!`](crate::export_plugin), which exports it.

use abi_stable::{
    sabi_trait::TD_Opaque,
    std_types::{RResult, RString, RVec},
};

use crate::abi::{
    HooksAbi_TO, ItemEffectAbi_TO, ItemNamesAbi_TO, LevelFeatureAbi_TO, LevelGenAbi_TO, MonsterBrainAbi_TO,
    RangedKindAbi_TO, RawRegistry, StatusAbi_TO, StatusDecl, TerrainAbi_TO, TerrainDecl, TerrainHidden, VetoesAbi_TO,
    ViewAbi_TO,
};
use crate::author::{
    Adapter, Hooks, ItemEffect, ItemNames, LevelFeature, LevelGen, MonsterBrain, RangedKind, Status, TerrainCode,
    Vetoes, View,
};
use crate::bridge::HostLink;
use crate::error::{guard, PluginError};
use crate::types::{Look, Rgba, Standing, StatusEffect};

/// How a status shows and what it does, for [`Registrar::status`].
#[derive(Debug, Clone, PartialEq)]
pub struct StatusSpec {
    /// How the side panel and the look panel write it (`Frozen`).
    pub label: String,
    /// The mark drawn on the bearer's cell, in both views.
    pub mark: char,
    /// The mark's color.
    pub color: Rgba,
    /// What it does on the bearer's turns.
    pub effect: StatusEffect,
}

impl StatusSpec {
    /// A status written `label`, marked with `mark` in `color`, doing `effect`.
    pub fn new(label: &str, mark: char, color: Rgba, effect: StatusEffect) -> Self {
        StatusSpec { label: label.into(), mark, color, effect }
    }
}

/// How a terrain shows and behaves, for [`Registrar::terrain`] (since 1.2).
///
/// ```
/// use emberdeep_api::{Look, Rgba, TerrainHidden, TerrainSpec};
///
/// let trap = TerrainSpec::new("a dart trap", Look::new('^', Rgba::rgb(220, 60, 60), "trap_dart"), true, true)
///     .described("A plate that fires a dart at whoever steps on it.")
///     .hidden(TerrainHidden::AsFloor);
/// assert!(trap.walkable && trap.transparent);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct TerrainSpec {
    /// How the look panel and messages write it (`a dart trap`).
    pub label: String,
    /// How both views draw it (a tile the atlas lacks: its glyph).
    pub look: Look,
    /// Whether creatures can stand on it.
    pub walkable: bool,
    /// Whether sight passes through it.
    pub transparent: bool,
    /// The look panel's description.
    pub description: String,
    /// Whether, and as what, it hides until the player finds it.
    pub hidden: TerrainHidden,
    /// What it is, by meaning (since 1.6): [`crate::terrain_traits`]'s
    /// `ground`, `liquid`, ... or traits of the plugin's own.
    pub traits: Vec<String>,
}

impl TerrainSpec {
    /// A terrain written `label`, drawn as `look`, that creatures can stand
    /// on if `walkable` and sight passes through if `transparent`; no
    /// description, never hidden.
    pub fn new(label: &str, look: Look, walkable: bool, transparent: bool) -> Self {
        TerrainSpec {
            label: label.into(),
            look,
            walkable,
            transparent,
            description: String::new(),
            hidden: TerrainHidden::Shown,
            traits: Vec::new(),
        }
    }

    /// The same terrain with the traits `traits` (since 1.6): what rules
    /// ask of it instead of its name. A cave's ground is
    /// [`GROUND`](crate::terrain_traits::GROUND), so every plugin that lays
    /// things on open ground lays them there too; deep water is
    /// [`LIQUID`](crate::terrain_traits::LIQUID) and
    /// [`DEEP`](crate::terrain_traits::DEEP).
    ///
    /// ```
    /// use emberdeep_api::terrain_traits::{GROUND, BURNABLE};
    /// use emberdeep_api::{Look, Rgba, TerrainSpec};
    ///
    /// let grass = TerrainSpec::new("grass", Look::new('"', Rgba::rgb(60, 160, 60), "grass"), true, true)
    ///     .traits(&[GROUND, BURNABLE]);
    /// assert_eq!(grass.traits, ["ground", "burnable"]);
    /// ```
    pub fn traits(mut self, traits: &[&str]) -> Self {
        self.traits = traits.iter().map(|t| t.to_string()).collect();
        self
    }

    /// The same terrain with the look panel's description.
    pub fn described(mut self, description: &str) -> Self {
        self.description = description.into();
        self
    }

    /// The same terrain, hidden until found, looking (and for `AsWall`
    /// behaving) as `hidden` says.
    pub fn hidden(mut self, hidden: TerrainHidden) -> Self {
        self.hidden = hidden;
        self
    }
}

// 1.7 (fields)

/// How a field kind shows and what it is, for [`Registrar::field`] (since 1.7).
///
/// ```
/// use emberdeep_api::{FieldSpec, Look, Rgba};
///
/// let smoke = FieldSpec::new("smoke", Look::new('~', Rgba::rgb(150, 150, 150), "smoke"))
///     .blocks_sight(60)
///     .described("Thick smoke: nothing is seen through it.");
/// assert!(smoke.blocks_sight == 60 && smoke.traits.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FieldSpec {
    /// How the look panel writes it (`burning flames`).
    pub label: String,
    /// How both views draw a cell holding it, over the terrain.
    pub look: Look,
    /// The amount from which a cell holding it stops sight (smoke); 0: never.
    pub blocks_sight: i32,
    /// What it is by meaning: `hazard` (see [`crate::terrain_traits::HAZARD`])
    /// for one that hurts whoever stands in it.
    pub traits: Vec<String>,
    /// The look panel's description.
    pub description: String,
}

impl FieldSpec {
    /// A field written `label`, drawn as `look`; sight passes through it,
    /// no traits, no description.
    pub fn new(label: &str, look: Look) -> Self {
        FieldSpec { label: label.into(), look, blocks_sight: 0, traits: Vec::new(), description: String::new() }
    }

    /// The same field, stopping sight (smoke) where a cell holds `at_least`
    /// of it (clamped to 1 or more): thin wisps at the edge of a cloud let
    /// sight through.
    pub fn blocks_sight(mut self, at_least: i32) -> Self {
        self.blocks_sight = at_least.max(1);
        self
    }

    /// The same field with the traits `traits` (`hazard`).
    pub fn traits(mut self, traits: &[&str]) -> Self {
        self.traits = traits.iter().map(|t| t.to_string()).collect();
        self
    }

    /// The same field with the look panel's description.
    pub fn described(mut self, description: &str) -> Self {
        self.description = description.into();
        self
    }
}

/// Hands one named implementation to the host's registry.
type Deliver = Box<dyn FnOnce(&mut RawRegistry<'_>, &str)>;

enum Item {
    Needs(String, String),
    Effect(String, Deliver),
    Ranged(String, Deliver),
    Brain(String, Deliver),
    View(String, Deliver),
    Status(String, Deliver),
    Terrain(String, Deliver),
    LevelGen(String, Deliver),
    LevelFeature(String, Deliver),
    Hooks(Box<dyn FnOnce(&mut RawRegistry<'_>)>),
    Setting(String, i64, i64, i64),
    Stored(String, i64, i64),
    PlayerLevel(String),
    Event(String, Vec<String>),
    Side(String),
    // 1.3 (terrain)
    Vetoes(Box<dyn FnOnce(&mut RawRegistry<'_>)>),
    // 1.3 (potions)
    StatusSpeed(String, i32),
    StatusSenses(String),
    // 1.3 (identify)
    Names(Box<dyn FnOnce(&mut RawRegistry<'_>)>),
    // 1.4 (packages)
    Describe(String, String),
    // 1.6 (standings)
    Standing(String, String, Standing),

    // 1.6 (looks)
    SecretTerrain(String),

    // 1.6 (saves)
    StoredKind(String),

    // 1.7 (depths)
    StatusFlies(String),
    // 1.7 (fields)
    Field(String, crate::types::FieldDecl),
}

/// Collects what a plugin brings; `register` functions receive one.
///
/// ```
/// use emberdeep_api::*;
///
/// struct Idle;
/// impl MonsterBrain for Idle {
///     fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
///         Ok(())
///     }
/// }
///
/// let mut reg = Registrar::new("idle_monsters", "0.1.0");
/// reg.brain("idle", Idle).setting("patience", 3, 1, 10);
/// reg.status("frozen", StatusSpec::new("Frozen", '*', Rgba::rgb(150, 220, 255), StatusEffect::SkipsTurn), ());
/// assert_eq!(reg.names().brains, vec!["idle".to_string()]);
/// assert_eq!(reg.names().statuses, vec!["frozen".to_string()]);
/// ```
pub struct Registrar {
    name: String,
    version: String,
    items: Vec<Item>,
    /// [`Registrar::writes_no_events`] was called.
    events_declared: bool,
}

/// The names a [`Registrar`] holds so far, per kind (for tests and listings).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RegisteredNames {
    /// Item effect names.
    pub item_effects: Vec<String>,
    /// Ranged kind names.
    pub ranged_kinds: Vec<String>,
    /// Brain names.
    pub brains: Vec<String>,
    /// View names.
    pub views: Vec<String>,
    /// Status names.
    pub statuses: Vec<String>,
    /// Terrain names (since 1.2).
    pub terrains: Vec<String>,
    /// Level generator names (since 1.2).
    pub level_gens: Vec<String>,
    /// Level feature names (since 1.2).
    pub level_features: Vec<String>,
    /// Setting names.
    pub settings: Vec<String>,
}

impl Registrar {
    /// A registrar for the plugin `name` at `version`.
    pub fn new(name: &str, version: &str) -> Self {
        Registrar { name: name.into(), version: version.into(), items: Vec::new(), events_declared: false }
    }

    /// The plugin's name.
    pub fn plugin_name(&self) -> &str {
        &self.name
    }

    /// Registers an item effect; records name it as `effect = "name"`.
    pub fn item_effect(&mut self, name: &str, effect: impl ItemEffect) -> &mut Self {
        let f = move |r: &mut RawRegistry<'_>, n: &str| {
            r.item_effect(n.into(), ItemEffectAbi_TO::from_value(Adapter(effect), TD_Opaque))
        };
        self.items.push(Item::Effect(name.into(), Box::new(f)));
        self
    }

    /// Registers a monster's attack from afar; records name it as `ranged = { kind = "name", ... }`.
    pub fn ranged_kind(&mut self, name: &str, kind: impl RangedKind) -> &mut Self {
        let f = move |r: &mut RawRegistry<'_>, n: &str| {
            r.ranged_kind(n.into(), RangedKindAbi_TO::from_value(Adapter(kind), TD_Opaque))
        };
        self.items.push(Item::Ranged(name.into(), Box::new(f)));
        self
    }

    /// Registers a monster brain; records name it as `brain = "name"`, and
    /// any plugin may run it with [`Ctx::run_brain`](crate::Ctx::run_brain).
    pub fn brain(&mut self, name: &str, brain: impl MonsterBrain) -> &mut Self {
        let f = move |r: &mut RawRegistry<'_>, n: &str| {
            r.brain(n.into(), MonsterBrainAbi_TO::from_value(Adapter(brain), TD_Opaque))
        };
        self.items.push(Item::Brain(name.into(), Box::new(f)));
        self
    }

    /// Registers a view; `F2` cycles through the views of every plugin.
    pub fn view(&mut self, name: &str, view: impl View) -> &mut Self {
        let f =
            move |r: &mut RawRegistry<'_>, n: &str| r.view(n.into(), ViewAbi_TO::from_value(Adapter(view), TD_Opaque));
        self.items.push(Item::View(name.into(), Box::new(f)));
        self
    }

    /// Registers a status any plugin may put on a creature with
    /// [`Ctx::add_status`](crate::Ctx::add_status): how it shows, what it
    /// does, and its own code (`()` for none).
    pub fn status(&mut self, name: &str, spec: StatusSpec, code: impl Status) -> &mut Self {
        let decl =
            StatusDecl { label: spec.label.into(), mark: spec.mark as u32, color: spec.color, effect: spec.effect };
        let f = move |r: &mut RawRegistry<'_>, n: &str| {
            r.status(n.into(), &decl, StatusAbi_TO::from_value(Adapter(code), TD_Opaque))
        };
        self.items.push(Item::Status(name.into(), Box::new(f)));
        self
    }

    /// Registers a kind of terrain (since 1.2) that plugins may lay with
    /// [`Ctx::set_terrain`](crate::Ctx::set_terrain), map pieces may draw,
    /// and scenario files may name: how it shows and behaves, and its code
    /// (`()` for none). The host's own terrains (`wall`, `floor`,
    /// `door_closed`, `door_open`, `stairs_down`) cannot be registered.
    pub fn terrain(&mut self, name: &str, spec: TerrainSpec, code: impl TerrainCode) -> &mut Self {
        let decl = TerrainDecl {
            label: spec.label.into(),
            look: spec.look,
            walkable: spec.walkable,
            transparent: spec.transparent,
            description: spec.description.into(),
            hidden: spec.hidden,
        };
        let traits: RVec<RString> = spec.traits.iter().map(|t| RString::from(t.as_str())).collect();
        let f = move |r: &mut RawRegistry<'_>, n: &str| {
            r.terrain(n.into(), &decl, TerrainAbi_TO::from_value(Adapter(code), TD_Opaque));
            if !traits.is_empty() {
                r.terrain_traits(n.into(), traits);
            }
        };
        self.items.push(Item::Terrain(name.into(), Box::new(f)));
        self
    }

    /// Declares terrain `name`, which this plugin registers with
    /// [`Registrar::terrain`], secret (since 1.6): the help screen's lists
    /// of terrains leave it out, so a terrain made only for a monster to be
    /// disguised as ([`Ctx::disguise`](crate::Ctx::disguise)) does not give
    /// it away. A host older than 1.6 lists it.
    pub fn secret_terrain(&mut self, name: &str) -> &mut Self {
        self.items.push(Item::SecretTerrain(name.into()));
        self
    }

    /// Registers a generator of whole floors (since 1.2) for floors
    /// `first` to `last`: the first loaded plugin whose generator claims a
    /// floor makes it; the host makes the rest, and any floor a generator
    /// makes wrong (see [`LevelGen`]).
    pub fn level_gen(&mut self, name: &str, first: u32, last: u32, gen: impl LevelGen) -> &mut Self {
        let f = move |r: &mut RawRegistry<'_>, n: &str| {
            r.level_gen(n.into(), first, last, LevelGenAbi_TO::from_value(Adapter(gen), TD_Opaque))
        };
        self.items.push(Item::LevelGen(name.into(), Box::new(f)));
        self
    }

    /// Registers code that changes floors `first` to `last` once they are
    /// made (since 1.2): every loaded plugin's features that claim a floor
    /// run on it, in load order, then in the order registered (see
    /// [`LevelFeature`]).
    pub fn level_feature(&mut self, name: &str, first: u32, last: u32, feature: impl LevelFeature) -> &mut Self {
        let f = move |r: &mut RawRegistry<'_>, n: &str| {
            r.level_feature(n.into(), first, last, LevelFeatureAbi_TO::from_value(Adapter(feature), TD_Opaque))
        };
        self.items.push(Item::LevelFeature(name.into(), Box::new(f)));
        self
    }

    /// Sets the plugin's hooks (one set per plugin; a second call replaces the first).
    pub fn hooks(&mut self, hooks: impl Hooks) -> &mut Self {
        self.items.retain(|i| !matches!(i, Item::Hooks(_)));
        let f = move |r: &mut RawRegistry<'_>| r.hooks(HooksAbi_TO::from_value(Adapter(hooks), TD_Opaque));
        self.items.push(Item::Hooks(Box::new(f)));
        self
    }

    // 1.3 (terrain)

    /// Sets the plugin's vetoes (one set per plugin; a second call replaces
    /// the first): steps and uses it refuses, drops it asks about or
    /// swallows (see [`Vetoes`]). A host older than 1.3 never asks them.
    /// Since 1.3.
    pub fn vetoes(&mut self, vetoes: impl Vetoes) -> &mut Self {
        self.items.retain(|i| !matches!(i, Item::Vetoes(_)));
        let f = move |r: &mut RawRegistry<'_>| r.vetoes(VetoesAbi_TO::from_value(Adapter(vetoes), TD_Opaque));
        self.items.push(Item::Vetoes(Box::new(f)));
        self
    }

    /// Declares a setting the plugin reads from its records' `[settings]`:
    /// its name, the default it uses when they leave it out, and its range.
    /// Once a plugin declares one, the host refuses any other name in its
    /// `[settings]` and any value out of range, naming the file and line.
    pub fn setting(&mut self, name: &str, default: i64, min: i64, max: i64) -> &mut Self {
        self.items.push(Item::Setting(name.into(), default, min, max));
        self
    }

    /// Declares a number the plugin keeps in the store, a creature's or an
    /// item's (a wand's `charges`), and the values it may hold: a write out
    /// of range stores nothing and fails the call that made it, and a save
    /// holding one is refused, by the key and its owner.
    /// The key is then this plugin's: no other plugin may declare it, and
    /// one that writes it (number or text, on a creature or an item)
    /// without [`depends_on`](Registrar::depends_on) this one is refused,
    /// like a failed call. Any plugin may read it.
    pub fn stored(&mut self, key: &str, min: i64, max: i64) -> &mut Self {
        self.items.push(Item::Stored(key.into(), min, max));
        self
    }

    /// Declares a text the plugin keeps in a creature's store under `key`
    /// that names an item kind (the weapon in hand, the arrows in the
    /// quiver), since 1.6: only the empty text or the id of an item record
    /// the loaded plugins have is stored there. A write of any other stores
    /// nothing and fails the call, naming the key; a save holding one is
    /// refused, by the key and the kind, so a run never goes on holding an
    /// item nobody has. The key is then this plugin's, as with
    /// [`Registrar::stored`]: no other plugin may declare it, nor write it
    /// without depending on this one. A host older than 1.6 stores any text.
    pub fn stored_kind(&mut self, key: &str) -> &mut Self {
        self.items.push(Item::StoredKind(key.into()));
        self
    }

    // 1.7 (depths)

    /// Says that a creature bearing status `name`, which this plugin
    /// registers, flies ([`Ctx::flies`](crate::Ctx::flies): a potion of
    /// levitation lifts the player over chasms and lava). Added in 1.7; a
    /// host older than 1.7 ignores it.
    pub fn status_flies(&mut self, name: &str) -> &mut Self {
        self.items.push(Item::StatusFlies(name.into()));
        self
    }

    // 1.7 (fields)

    /// Declares a kind of field `name` this plugin owns (since 1.7): a
    /// per-cell amount (fire, smoke, a gas) that any plugin reads and
    /// changes with [`Ctx::field_at`](crate::Ctx::field_at),
    /// [`Ctx::set_field`](crate::Ctx::set_field) and spreads with
    /// [`Ctx::spread_field`](crate::Ctx::spread_field); saved with the run,
    /// drawn by both views over the terrain, named in the look panel. A
    /// field with the `hazard` trait is kept out of by the time-savers and
    /// stepped around by monsters; one that [`FieldSpec::blocks_sight`]
    /// stops sight. A host older than 1.7 ignores it.
    pub fn field(&mut self, name: &str, spec: FieldSpec) -> &mut Self {
        let decl = crate::types::FieldDecl {
            label: spec.label.into(),
            look: spec.look,
            blocks_sight: spec.blocks_sight,
            traits: spec.traits.iter().map(|t| RString::from(t.as_str())).collect(),
            description: spec.description.into(),
        };
        self.items.push(Item::Field(name.into(), decl));
        self
    }

    /// Declares that the player's level is this plugin's stored number `key`
    /// (declared with [`Registrar::stored`]; its least value while nothing
    /// is stored): the score, the morgue and the bot read it there. The
    /// first plugin in load order that declares one is believed. Since 1.2.
    pub fn player_level(&mut self, key: &str) -> &mut Self {
        self.items.push(Item::PlayerLevel(key.into()));
        self
    }

    /// Declares an event of the plugin's own that it writes with
    /// [`Ctx::event`](crate::Ctx::event), and the fields it may carry.
    /// Once every loaded plugin has said which events it writes (this, or
    /// [`Registrar::writes_no_events`]), `emberdeep check` refuses an
    /// expectation naming an event or field nobody writes (`no event
    /// atack`), instead of letting it hold. Since 1.2.
    pub fn event(&mut self, name: &str, fields: &[&str]) -> &mut Self {
        self.items.push(Item::Event(name.into(), fields.iter().map(|f| f.to_string()).collect()));
        self
    }

    /// Declares that the plugin writes no events of its own (the host's
    /// events, such as `attack`, that its calls cause are the host's).
    /// Since 1.2.
    pub fn writes_no_events(&mut self) -> &mut Self {
        self.events_declared = true;
        self
    }

    /// Declares a side of the plugin's own (`undead`): records may then
    /// give it as a monster's `side`, and calls as a creature's. Creatures
    /// of different sides are enemies; the host's own sides are
    /// [`PLAYER_SIDE`](crate::PLAYER_SIDE) and
    /// [`MONSTERS_SIDE`](crate::MONSTERS_SIDE). Since 1.2.
    pub fn side(&mut self, name: &str) -> &mut Self {
        self.items.push(Item::Side(name.into()));
        self
    }

    // 1.3 (potions)

    /// Says that status `name`, which this plugin registers, changes how
    /// often its bearer acts (since 1.3): `1` hastes the player (the
    /// monsters act on every other turn only while the player bears it),
    /// `-1` slows a monster (it acts on every other turn only). Any other
    /// speed is refused by the host in one line and ignored.
    ///
    /// ```no_run
    /// # use emberdeep_api::*;
    /// # fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    /// reg.status("hasted", StatusSpec::new("Hasted", '>', Rgba::rgb(250, 220, 90), StatusEffect::Marks), ());
    /// reg.status_speed("hasted", 1);
    /// # Ok(()) }
    /// ```
    pub fn status_speed(&mut self, name: &str, speed: i32) -> &mut Self {
        self.items.push(Item::StatusSpeed(name.into(), speed));
        self
    }

    /// Says that while the player bears status `name`, which this plugin
    /// registers, every monster of the floor is drawn where it stands, in
    /// sight or not (since 1.3).
    pub fn status_senses_monsters(&mut self, name: &str) -> &mut Self {
        self.items.push(Item::StatusSenses(name.into()));
        self
    }

    // 1.3 (identify)

    /// Sets how the plugin names items to the player (one set per plugin; a
    /// second call replaces the first): the items of any plugin, as an
    /// unknown potion is named by its look (see [`ItemNames`]). A host
    /// older than 1.3 never asks it. Since 1.3.
    pub fn item_names(&mut self, names: impl ItemNames) -> &mut Self {
        self.items.retain(|i| !matches!(i, Item::Names(_)));
        let f = move |r: &mut RawRegistry<'_>| r.item_names(ItemNamesAbi_TO::from_value(Adapter(names), TD_Opaque));
        self.items.push(Item::Names(Box::new(f)));
        self
    }

    // 1.4 (packages)

    /// Says what the plugin is, in one line (`description`: "Traps hidden
    /// in the floor, found by searching"), and where to read more of it
    /// (`homepage`, a web address; `""` for none). `--list-plugins`,
    /// `emberdeep plugin list` and the New Run screen show them; the host
    /// cuts a long line and drops control characters. A second call
    /// replaces the first; a plugin that never calls it is listed with an
    /// empty description. A host older than 1.4 ignores it. Since 1.4.
    ///
    /// ```
    /// let mut reg = emberdeep_api::Registrar::new("lantern", "0.1.0");
    /// reg.describe("A lantern that lights the rooms you walk through", "https://example.org/lantern");
    /// assert_eq!(reg.description(), ("A lantern that lights the rooms you walk through", "https://example.org/lantern"));
    /// ```
    pub fn describe(&mut self, description: &str, homepage: &str) -> &mut Self {
        self.items.retain(|i| !matches!(i, Item::Describe(..)));
        self.items.push(Item::Describe(description.into(), homepage.into()));
        self
    }

    /// The description and homepage given to [`Registrar::describe`], empty
    /// if it was not called. Since 1.4.
    pub fn description(&self) -> (&str, &str) {
        self.items
            .iter()
            .find_map(|i| match i {
                Item::Describe(d, h) => Some((d.as_str(), h.as_str())),
                _ => None,
            })
            .unwrap_or(("", ""))
    }

    // 1.6 (standings)

    /// Declares how sides `a` and `b` stand toward each other from the
    /// start of every run, both ways (`reg.standing("traders", MONSTERS_SIDE,
    /// Standing::Neutral)`): the host's sides or any loaded plugin's. A
    /// standing naming a side no loaded plugin declares is left out, with
    /// one line in the log (a side of a plugin not loaded this run), and
    /// so is a second word on a pair another plugin already gave. Sides no
    /// one speaks of stay hostile. A host older than 1.6 ignores it.
    /// Since 1.6.
    pub fn standing(&mut self, a: &str, b: &str, standing: Standing) -> &mut Self {
        self.items.push(Item::Standing(a.into(), b.into(), standing));
        self
    }

    /// Declares that this plugin needs plugin `name` at `min_version` or newer.
    pub fn depends_on(&mut self, name: &str, min_version: &str) -> &mut Self {
        self.items.push(Item::Needs(name.into(), min_version.into()));
        self
    }

    /// The settings declared so far, in the order they were: name,
    /// default, least and greatest value.
    ///
    /// ```
    /// let mut reg = emberdeep_api::Registrar::new("lantern", "0.1.0");
    /// reg.setting("glow_turns", 5, 1, 100);
    /// assert_eq!(reg.settings(), [("glow_turns".to_string(), 5, 1, 100)]);
    /// ```
    pub fn settings(&self) -> Vec<(String, i64, i64, i64)> {
        let declared = self.items.iter().filter_map(|item| match item {
            Item::Setting(n, d, lo, hi) => Some((n.clone(), *d, *lo, *hi)),
            _ => None,
        });
        declared.collect()
    }

    /// The names registered so far.
    pub fn names(&self) -> RegisteredNames {
        let mut names = RegisteredNames::default();
        for item in &self.items {
            match item {
                Item::Effect(n, _) => names.item_effects.push(n.clone()),
                Item::Ranged(n, _) => names.ranged_kinds.push(n.clone()),
                Item::Brain(n, _) => names.brains.push(n.clone()),
                Item::View(n, _) => names.views.push(n.clone()),
                Item::Status(n, _) => names.statuses.push(n.clone()),
                Item::Terrain(n, _) => names.terrains.push(n.clone()),
                Item::LevelGen(n, _) => names.level_gens.push(n.clone()),
                Item::LevelFeature(n, _) => names.level_features.push(n.clone()),
                Item::Setting(n, ..) => names.settings.push(n.clone()),
                Item::Needs(..)
                | Item::Hooks(_)
                | Item::Stored(..)
                | Item::PlayerLevel(_)
                | Item::Event(..)
                | Item::Side(_)
                | Item::Vetoes(_)
                | Item::StatusSpeed(..)
                | Item::StatusSenses(_)
                | Item::Names(_)
                | Item::Describe(..)
                | Item::Standing(..) => {}

                Item::SecretTerrain(_) => {}

                Item::StoredKind(_) => {}

                Item::StatusFlies(_) => {}
                Item::Field(..) => {}
            }
        }
        names
    }

    /// Hands everything to the host's registry.
    #[doc(hidden)]
    pub fn deliver(self, registry: &mut RawRegistry<'_>) {
        registry.plugin(self.name.as_str().into(), self.version.as_str().into());
        if self.events_declared || self.items.iter().any(|i| matches!(i, Item::Event(..))) {
            registry.events_declared();
        }
        for item in self.items {
            match item {
                Item::Needs(n, v) => registry.depends_on(n.as_str().into(), v.as_str().into()),
                Item::Effect(n, f)
                | Item::Ranged(n, f)
                | Item::Brain(n, f)
                | Item::View(n, f)
                | Item::Status(n, f)
                | Item::Terrain(n, f)
                | Item::LevelGen(n, f)
                | Item::LevelFeature(n, f) => f(registry, &n),
                Item::Hooks(f) | Item::Vetoes(f) | Item::Names(f) => f(registry),
                Item::Setting(n, d, lo, hi) => registry.setting(n.as_str().into(), d, lo, hi),
                Item::Stored(n, lo, hi) => registry.stored(n.as_str().into(), lo, hi),
                Item::PlayerLevel(key) => registry.player_level(key.as_str().into()),
                Item::Event(name, fields) => {
                    registry.event(name.as_str().into(), fields.into_iter().map(RString::from).collect())
                }
                Item::Side(name) => registry.side(name.as_str().into()),
                Item::StatusSpeed(name, speed) => registry.status_speed(name.as_str().into(), speed),
                Item::StatusSenses(name) => registry.status_senses_monsters(name.as_str().into()),
                Item::Describe(text, home) => registry.describe(text.as_str().into(), home.as_str().into()),
                Item::Standing(a, b, standing) => registry.standing(a.as_str().into(), b.as_str().into(), standing),

                Item::SecretTerrain(name) => registry.terrain_secret(name.as_str().into()),

                Item::StoredKind(key) => registry.stored_kind(key.as_str().into()),

                Item::StatusFlies(name) => registry.status_flies(name.as_str().into()),
                Item::Field(name, decl) => registry.field(name.as_str().into(), &decl),
            }
        }
    }
}

/// What [`export_plugin!`](crate::export_plugin) runs when the host registers
/// the plugin: installs the tracing bridge, runs `register`, and delivers.
#[doc(hidden)]
pub fn run_register(
    link: HostLink,
    mut registry: RawRegistry<'_>,
    name: &str,
    version: &str,
    register: fn(&mut Registrar) -> Result<(), PluginError>,
) -> RResult<(), PluginError> {
    guard(|| {
        crate::bridge::install(link);
        let mut registrar = Registrar::new(name, version);
        register(&mut registrar)?;
        crate::ctx::remember_declared(registrar.settings().into_iter().map(|(n, d, ..)| (n, d)).collect());
        registrar.deliver(&mut registry);
        Ok(())
    })
}

/// Exports a plugin's root module. Give it a function
/// `fn(&mut Registrar) -> Result<(), PluginError>`; the plugin's name and
/// version are its crate's (`CARGO_PKG_NAME`, `CARGO_PKG_VERSION`). The macro
/// installs the tracing bridge and runs the function under the panic guard.
///
/// ```no_run
/// use emberdeep_api::{PluginError, Registrar};
///
/// fn register(reg: &mut Registrar) -> Result<(), PluginError> {
///     // reg.brain("melee", Melee); and so on
///     let _ = reg;
///     Ok(())
/// }
/// emberdeep_api::export_plugin!(register);
/// ```
#[macro_export]
macro_rules! export_plugin {
    ($register:path) => {
        /// The plugin's root module, found by the host when it loads the library.
        #[::abi_stable::export_root_module]
        pub fn get_root_module() -> $crate::abi::PluginModRef {
            use ::abi_stable::prefix_type::PrefixTypeTrait;
            $crate::abi::PluginMod { register: __emberdeep_register }.leak_into_prefix()
        }

        extern "C" fn __emberdeep_register(
            link: $crate::HostLink,
            registry: $crate::abi::RawRegistry<'_>,
        ) -> ::abi_stable::std_types::RResult<(), $crate::PluginError> {
            $crate::plugin::run_register(link, registry, env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"), $register)
        }
    };
}
