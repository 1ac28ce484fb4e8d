//! What the loaded plugins registered: [`Plugins`], filled one plugin at a
//! time from a [`Registration`] (the host's side of the api's
//! [`Registry`]), refusing a name two plugins both register.
//!
//! Everything is kept in `BTreeMap`s, so nothing depends on the file
//! system's order.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{RStr, RString, RVec};
use emberdeep_api::abi::{
    HooksBox, ItemEffectBox, ItemNamesBox, LevelFeatureBox, LevelGenBox, MonsterBrainBox, RangedKindBox, Registry,
    Registry_TO, StatusBox, StatusDecl, TerrainBox, TerrainDecl, VetoesBox, ViewBox,
};
use emberdeep_api::{Registrar, Standing, MONSTERS_SIDE, PLAYER_SIDE};

use crate::core::map::{PluginTile, Tile};
use crate::data::records::{Registered, RegisteredPlugin};
use crate::data::untrusted::shown;
use crate::plugins::discovery::Origin;
use crate::plugins::entry::Entry;

/// Two plugins registered the same name for the same trait.
#[derive(Debug, thiserror::Error)]
#[error(
    "{what} '{name}' is registered by both {first} ({first_at}) and {second} ({second_file}); \
     leave one of them out with --plugins, or remove one file",
    first_at = .first_file.as_deref().map_or_else(|| "?".into(), |f| f.display().to_string())
)]
pub struct Duplicate {
    /// Which trait.
    pub what: Kind,
    /// The name.
    pub name: String,
    /// The plugin that registered it first.
    pub first: String,
    /// Its file, if it is a loaded plugin's (boxed, as the second's, to
    /// keep the error small).
    pub first_file: Option<Box<Path>>,
    /// The other plugin.
    pub second: String,
    /// Its file.
    pub second_file: Box<Path>,
}

/// A trait plugins register implementations of by name, as messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `ItemEffect`.
    ItemEffect,
    /// `RangedKind`.
    RangedKind,
    /// `MonsterBrain`.
    Brain,
    /// A registered status.
    Status,
    /// `View`.
    View,
    /// A key of the plugins' store (`Registrar::stored`).
    StoredKey,
    /// A registered terrain.
    Terrain,
    /// A level generator.
    LevelGen,
    /// A level feature.
    LevelFeature,
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Kind::ItemEffect => "item effect",
            Kind::RangedKind => "ranged kind",
            Kind::Brain => "brain",
            Kind::Status => "status",
            Kind::View => "view",
            Kind::Terrain => "terrain",
            Kind::LevelGen => "level generator",
            Kind::LevelFeature => "level feature",
            Kind::StoredKey => "stored key",
        })
    }
}

/// A plugin that loaded, and what it registered.
#[derive(Debug, Clone)]
pub struct LoadedPlugin {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// Its library file.
    pub path: PathBuf,
    /// The plugins it needs, with the oldest version of each.
    pub needs: Vec<(String, String)>,
    /// Registered names per trait, sorted.
    pub names: BTreeMap<&'static str, Vec<String>>,
    /// The settings it declared: name, default, least and greatest value.
    pub settings: Vec<(String, i64, i64, i64)>,
    /// The stored numbers it declared: key, least and greatest value. Each
    /// key is this plugin's alone ([`Plugins::may_write`]).
    pub stored: Vec<(String, i64, i64)>,
    /// The stored key it declared to be the player's level, if any.
    pub player_level: Option<String>,
    /// The events of its own it said it writes, with their fields; `None`
    /// when it did not say (built before 1.2, or not declaring them).
    pub events: Option<BTreeMap<String, Vec<String>>>,
    /// The sides of its own it declared (since 1.2).
    pub sides: Vec<String>,
    /// The standings it declared between sides: each pair as it gave it
    /// (since 1.6).
    pub standings: Vec<(String, String, Standing)>,
    /// The api version it was built against (`1.0.0`).
    pub api_version: String,
    // Since 1.4.
    /// What it is, in one line, as its `Registrar::describe` said (cleaned
    /// by [`clean_line`]); empty if it said nothing (built before 1.4).
    pub description: String,
    /// Where to read more of it, as it said (cleaned); empty for none.
    pub homepage: String,
    /// Which plugin folder it came from: the game's own or the player's.
    pub origin: Origin,

    // 1.6 (saves)
    /// The creatures' text keys it keeps an item kind in
    /// (`Registrar::stored_kind`). Each is this plugin's alone, as a
    /// stored number's key is.
    pub stored_kinds: Vec<String>,
}

/// The most characters of a plugin's description or homepage kept.
pub const DESCRIPTION_CHARS: usize = 160;

/// A plugin's own words made safe to show: control characters dropped,
/// white space runs made one space, one line of at most `most` characters
/// (a longer one cut, saying how long it was).
pub fn clean_line(text: &str, most: usize) -> String {
    let kept: String =
        text.chars().map(|c| if c.is_whitespace() { ' ' } else { c }).filter(|c| !c.is_control()).collect();
    crate::data::untrusted::shown(&kept, most)
}

/// A registered status: how it shows, what it does, and its code.
pub struct StatusKind {
    /// How it shows and what it does.
    pub decl: StatusDecl,
    /// Its code, behind the boundary.
    pub code: Entry<StatusBox>,
}

/// A terrain a plugin registered: its name, how it shows and behaves, and
/// its code. Its index in [`Plugins::terrains`] is the map's `PluginTile::kind`.
pub struct TerrainKind {
    /// The name calls, records and saves give it (`dart_trap`).
    pub name: String,
    /// How it shows and behaves.
    pub decl: TerrainDecl,
    /// Its code, behind the boundary.
    pub code: Entry<TerrainBox>,
    /// What it is, by meaning (since 1.6): its traits, sorted, each once.
    pub traits: Vec<String>,
}

// 1.7 (fields)
/// A kind of field a plugin declared (since 1.7).
#[derive(Debug, Clone)]
pub struct FieldKind {
    /// The plugin that declared it.
    pub plugin: String,
    /// How it shows and what it is.
    pub decl: emberdeep_api::FieldDecl,
    /// Whether it hurts whoever stands in it (the `hazard` trait).
    pub hazard: bool,
}

/// A plugin's generator of whole floors and the floors it claims.
pub struct LevelGenKind {
    /// Its name (the `floor` event's `generator`).
    pub name: String,
    /// The first and last floor it makes.
    pub floors: (u32, u32),
    /// Its code, behind the boundary.
    pub code: Entry<LevelGenBox>,
}

/// A plugin's code that changes floors once made, and the floors it claims.
pub struct LevelFeatureKind {
    /// Its name (the `feature` event's).
    pub name: String,
    /// The first and last floor it changes.
    pub floors: (u32, u32),
    /// Its code, behind the boundary.
    pub code: Entry<LevelFeatureBox>,
}

/// The host's own terrains' names, which no plugin may register.
pub const HOST_TERRAINS: [&str; 5] = ["wall", "floor", "door_closed", "door_open", "stairs_down"];

/// Everything the loaded plugins registered.
#[derive(Default)]
pub struct Plugins {
    /// The plugins, in load order (sorted by name, then each after those it needs).
    pub loaded: Vec<LoadedPlugin>,
    /// Item effects by name.
    pub effects: BTreeMap<String, Entry<ItemEffectBox>>,
    /// Ranged kinds by name.
    pub ranged: BTreeMap<String, Entry<RangedKindBox>>,
    /// Brains by name.
    pub brains: BTreeMap<String, Entry<MonsterBrainBox>>,
    /// Views, in registration order.
    pub views: Vec<(String, Entry<ViewBox>)>,
    /// Hooks, in load order.
    pub hooks: Vec<Entry<HooksBox>>,
    /// Statuses by name.
    pub statuses: BTreeMap<String, StatusKind>,
    /// Terrains, in load order (a map cell names one by its index).
    pub terrains: Vec<TerrainKind>,
    /// Level generators, in load order.
    pub level_gens: Vec<LevelGenKind>,
    /// Level features, in load order.
    pub level_features: Vec<LevelFeatureKind>,
    // Since 1.3.
    /// Vetoes, in load order (since 1.3).
    pub vetoes: Vec<Entry<VetoesBox>>,
    /// Plugin files that were skipped, and why (shown as warnings).
    pub skipped: Vec<String>,
    // Since 1.3.
    /// Statuses that change how often their bearer acts, and by how much:
    /// 1 hastes the player, -1 slows a monster (`Registry::status_speed`).
    pub status_speeds: BTreeMap<String, i32>,
    /// Statuses that, borne by the player, sense every monster of the
    /// floor (`Registry::status_senses_monsters`).
    pub sensing_statuses: Vec<String>,
    // Since 1.3.
    /// How plugins name items to the player, in load order (since 1.3).
    pub item_names: Vec<Entry<ItemNamesBox>>,
    // 1.6 (standings)
    /// How pairs of sides stand from the start of a run, where a plugin
    /// said (`Registry::standing`): each pair once, its names in order,
    /// the first plugin in load order to speak of it kept (see
    /// [`Plugins::settle_standings`]).
    pub standings: BTreeMap<(String, String), Standing>,

    // 1.6 (looks)
    /// Terrains their plugins declared secret, which the help screen's
    /// lists leave out (`Registry::terrain_secret`, since 1.6).
    pub secret_terrains: BTreeSet<String>,

    // 1.7 (depths)
    /// Statuses that lift their bearer: a creature bearing one flies
    /// (`Registry::status_flies`, since 1.7).
    pub flying_statuses: BTreeSet<String>,
    // 1.7 (fields)
    /// The field kinds the plugins declared (`Registry::field`), by name.
    pub fields: BTreeMap<String, FieldKind>,
}

impl Plugins {
    /// The index of the terrain named `name`, if a plugin registered one.
    pub fn terrain_index(&self, name: &str) -> Option<u16> {
        self.terrains.iter().position(|t| t.name == name).map(|i| i as u16)
    }

    /// The tile a terrain name makes, freshly laid (a kind that hides,
    /// hidden): a host terrain or one a loaded plugin registered.
    pub fn tile_named(&self, name: &str) -> Option<Tile> {
        Tile::named(name).or_else(|| self.plugin_tile(name, true))
    }

    /// The tile of the terrain a loaded plugin registered as `name`: when
    /// `hidden`, hiding as the terrain declares; else shown (found).
    pub fn plugin_tile(&self, name: &str, hidden: bool) -> Option<Tile> {
        let kind = self.terrain_index(name)?;
        let terrain = &self.terrains[kind as usize];
        let decl = &terrain.decl;
        let hidden = if hidden { decl.hidden } else { emberdeep_api::TerrainHidden::Shown };
        let deadly = terrain.traits.iter().any(|t| t == emberdeep_api::terrain_traits::DEADLY);
        Some(Tile::Plugin(PluginTile { kind, walkable: decl.walkable, transparent: decl.transparent, hidden, deadly }))
    }

    /// The name of a tile: the host's, or the plugin terrain's (`wall` for
    /// one no loaded plugin has).
    pub fn tile_name(&self, tile: Tile) -> String {
        match tile {
            Tile::Plugin(t) => {
                self.terrains.get(t.kind as usize).map_or_else(|| "wall".to_string(), |k| k.name.clone())
            }
            host => host.name().unwrap_or("wall").to_string(),
        }
    }

    /// Whether the terrain `tile` has trait `name` (since 1.6): the host's
    /// terrains by [`host_traits`](emberdeep_api::terrain_traits::host_traits),
    /// a plugin's by what it declared.
    pub fn tile_has(&self, tile: Tile, name: &str) -> bool {
        match tile {
            Tile::Plugin(t) => self.terrains.get(t.kind as usize).is_some_and(|k| k.traits.iter().any(|x| x == name)),
            host => host
                .name()
                .and_then(emberdeep_api::terrain_traits::host_traits)
                .is_some_and(|traits| traits.contains(&name)),
        }
    }

    /// The traits of terrain kind `name`, sorted; `None` for a kind nobody has.
    pub fn terrain_traits(&self, name: &str) -> Option<Vec<String>> {
        if let Some(host) = emberdeep_api::terrain_traits::host_traits(name) {
            let mut traits: Vec<String> = host.iter().map(|t| t.to_string()).collect();
            traits.sort();
            return Some(traits);
        }
        self.terrains.iter().find(|t| t.name == name).map(|t| t.traits.clone())
    }

    /// Whether a plugin of that name is loaded.
    pub fn is_loaded(&self, name: &str) -> bool {
        self.loaded.iter().any(|p| p.name == name)
    }

    /// The plugin that declared stored key `key` (`Registrar::stored`, or
    /// since 1.6 `Registrar::stored_kind`), if any.
    pub fn declared_by(&self, key: &str) -> Option<&LoadedPlugin> {
        self.loaded
            .iter()
            .find(|p| p.stored.iter().any(|(k, _, _)| k == key) || p.stored_kinds.iter().any(|k| k == key))
    }

    /// Whether a plugin may store `text` under `key`, in a creature's
    /// store or an item's, as far as its length goes: at most
    /// [`bounds::STORED_TEXT_CHARS`](crate::data::bounds::STORED_TEXT_CHARS)
    /// characters ([`bounds::is_stored_text`](crate::data::bounds::is_stored_text)).
    /// `store_set_text` and `item_set_text` fail otherwise, and a save
    /// holding a longer one is refused.
    pub fn may_store_text(&self, key: &str, text: &str) -> Result<(), WriteRefused> {
        if crate::data::bounds::is_stored_text(text) {
            return Ok(());
        }
        Err(WriteRefused::LongText { key: shown(key, 40), chars: text.chars().count() })
    }

    /// The one rule for a creature's text under a key a plugin keeps an
    /// item kind in (`Registrar::stored_kind`, since 1.6): the empty text,
    /// or a kind `is_kind` knows (an item record's id). `store_set_text`
    /// fails otherwise, and a save holding another is refused.
    pub fn may_store_kind(&self, key: &str, text: &str, is_kind: impl Fn(&str) -> bool) -> Result<(), WriteRefused> {
        let keeper = self.loaded.iter().find(|p| p.stored_kinds.iter().any(|k| k == key));
        match keeper {
            Some(owner) if !text.is_empty() && !is_kind(text) => {
                Err(WriteRefused::NotAKind { key: shown(key, 40), kind: shown(text, 40), owner: owner.name.clone() })
            }
            _ => Ok(()),
        }
    }

    /// Whether plugin `writer` may write stored key `key`: a key nobody
    /// declared is anyone's, a declared one its owner's and the plugins that
    /// depend on the owner.
    pub fn may_write(&self, writer: &str, key: &str) -> Result<(), WriteRefused> {
        let Some(owner) = self.declared_by(key) else { return Ok(()) };
        let depends = || self.loaded.iter().any(|p| p.name == writer && p.needs.iter().any(|(n, _)| *n == owner.name));
        if owner.name == writer || depends() {
            return Ok(());
        }
        Err(WriteRefused::NotItsOwn { key: key.into(), owner: owner.name.clone() })
    }

    /// The one rule for a stored number: the plugin that declared stored
    /// key `key` (`Registrar::stored`) and the range it keeps, if `value`
    /// lies outside it. A save is held to it when read (`Game::restore`),
    /// and a plugin's write when made (`store_set`, `item_set`), so the
    /// game never writes a save it would refuse. A declared key is held in
    /// the creatures' store and the items' alike.
    pub fn out_of_declared_range(&self, key: &str, value: i64) -> Option<(&str, i64, i64)> {
        let owner = self.declared_by(key)?;
        let (_, lo, hi) = owner.stored.iter().find(|(k, _, _)| k == key)?;
        (!(*lo..=*hi).contains(&value)).then_some((owner.name.as_str(), *lo, *hi))
    }

    /// Whether a plugin may store `value` under `key` as far as its range
    /// goes ([`Plugins::out_of_declared_range`]); the call fails otherwise.
    pub fn may_store(&self, key: &str, value: i64) -> Result<(), WriteRefused> {
        match self.out_of_declared_range(key, value) {
            None => Ok(()),
            Some((owner, lo, hi)) => {
                Err(WriteRefused::OutOfRange { key: key.into(), value, owner: owner.into(), lo, hi })
            }
        }
    }

    /// Every loaded plugin's own events and their fields, once each has said
    /// which it writes (`Registrar::event`, `Registrar::writes_no_events`);
    /// `None` while one has not, so nobody can say an event name is unknown.
    pub fn declared_events(&self) -> Option<BTreeMap<String, Vec<String>>> {
        let mut all = BTreeMap::new();
        for p in &self.loaded {
            for (name, fields) in p.events.as_ref()? {
                all.entry(name.clone()).or_insert_with(Vec::new).extend(fields.iter().cloned());
            }
        }
        Some(all)
    }

    /// The player's level as declared (`Registrar::player_level`): the key,
    /// and its least and greatest value; the first plugin in load order wins.
    pub fn player_level_key(&self) -> Option<(&str, i64, i64)> {
        self.loaded.iter().find_map(|p| {
            let key = p.player_level.as_deref()?;
            p.stored.iter().find(|(k, _, _)| k == key).map(|(k, lo, hi)| (k.as_str(), *lo, *hi))
        })
    }

    /// The default plugin `plugin` declared for its setting `key`, if it
    /// declared one.
    pub fn declared_default(&self, plugin: &str, key: &str) -> Option<i64> {
        let plugin = self.loaded.iter().find(|p| p.name == plugin)?;
        plugin.settings.iter().find(|s| s.0 == key).map(|s| s.1)
    }

    /// The sorted names of the loaded plugins.
    pub fn names(&self) -> Vec<String> {
        self.loaded.iter().map(|p| p.name.clone()).collect()
    }

    /// Each loaded plugin's version, by name (the trace's `run_start` keeps
    /// them, so a trace can be replayed with the same builds).
    pub fn versions(&self) -> BTreeMap<String, String> {
        self.loaded.iter().map(|p| (p.name.clone(), p.version.clone())).collect()
    }

    /// What the records are checked against: the loaded plugins in load
    /// order and the names they registered.
    pub fn registered(&self) -> Registered {
        Registered {
            plugins: self
                .loaded
                .iter()
                .map(|p| RegisteredPlugin {
                    name: p.name.clone(),
                    library: p.path.clone(),
                    settings: p.settings.clone(),
                    stored: p.stored.clone(),
                    needs: p.needs.iter().map(|(name, _)| name.clone()).collect(),
                })
                .collect(),
            brains: self.brains.keys().cloned().collect(),
            ranged: self.ranged.keys().cloned().collect(),
            effects: self.effects.keys().cloned().collect(),
            sides: self.sides().into_iter().map(str::to_string).collect(),
            terrains: self.terrains.iter().map(|t| t.name.clone()).collect(),
        }
    }

    /// Every side creatures may be on: the host's two ([`PLAYER_SIDE`],
    /// [`MONSTERS_SIDE`]), then those the plugins declared, in load order.
    pub fn sides(&self) -> Vec<&str> {
        let mut sides = vec![PLAYER_SIDE, MONSTERS_SIDE];
        for side in self.loaded.iter().flat_map(|p| &p.sides) {
            if !sides.contains(&side.as_str()) {
                sides.push(side);
            }
        }
        sides
    }

    /// Whether creatures may be on `side`.
    pub fn knows_side(&self, side: &str) -> bool {
        side == PLAYER_SIDE || side == MONSTERS_SIDE || self.loaded.iter().any(|p| p.sides.iter().any(|s| s == side))
    }

    /// Adds what one plugin, whose library is `path`, registered. A name
    /// another plugin (or this one) already registered for the same trait
    /// is refused, naming both plugins and their files; the loader then
    /// stops, so what was added before the refusal is never used.
    pub fn add(&mut self, reg: Registration, path: PathBuf) -> Result<(), Duplicate> {
        self.add_from(reg, path, Origin::Game)
    }

    /// [`Plugins::add`] for a library in the plugin folder `origin`.
    pub fn add_from(&mut self, reg: Registration, path: PathBuf, origin: Origin) -> Result<(), Duplicate> {
        let plugin = reg.name.clone();
        let (needs, settings, stored) = (reg.dependencies, reg.settings, reg.stored);
        let own_statuses: Vec<String> = reg.statuses.iter().map(|(n, _, _)| n.clone()).collect();
        let own_terrains: Vec<String> = reg.terrains.iter().map(|(n, _, _)| n.clone()).collect();
        let mut names: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
        let dup = |loaded: &[LoadedPlugin], what: Kind, name: &str, first: &str| Duplicate {
            what,
            name: name.into(),
            first: first.into(),
            first_file: loaded.iter().find(|p| p.name == first).map(|p| p.path.clone().into_boxed_path()),
            second: plugin.clone(),
            second_file: path.clone().into_boxed_path(),
        };
        for key in stored.iter().map(|(k, _, _)| k).chain(&reg.stored_kinds) {
            if let Some(first) = self.declared_by(key) {
                return Err(dup(&self.loaded, Kind::StoredKey, key, &first.name));
            }
        }
        for (name, imp) in reg.item_effects {
            names.entry("ItemEffect").or_default().push(name.clone());
            if let Some(first) = self.effects.get(&name) {
                return Err(dup(&self.loaded, Kind::ItemEffect, &name, first.plugin()));
            }
            self.effects.insert(name, Entry::new(plugin.clone(), imp));
        }
        for (name, imp) in reg.ranged_kinds {
            names.entry("RangedKind").or_default().push(name.clone());
            if let Some(first) = self.ranged.get(&name) {
                return Err(dup(&self.loaded, Kind::RangedKind, &name, first.plugin()));
            }
            self.ranged.insert(name, Entry::new(plugin.clone(), imp));
        }
        for (name, imp) in reg.brains {
            names.entry("MonsterBrain").or_default().push(name.clone());
            if let Some(first) = self.brains.get(&name) {
                return Err(dup(&self.loaded, Kind::Brain, &name, first.plugin()));
            }
            self.brains.insert(name, Entry::new(plugin.clone(), imp));
        }
        for (name, decl, imp) in reg.statuses {
            names.entry("Status").or_default().push(name.clone());
            if let Some(first) = self.statuses.get(&name) {
                return Err(dup(&self.loaded, Kind::Status, &name, first.code.plugin()));
            }
            self.statuses.insert(name, StatusKind { decl, code: Entry::new(plugin.clone(), imp) });
        }
        for (name, decl, imp) in reg.terrains {
            names.entry("Terrain").or_default().push(name.clone());
            if HOST_TERRAINS.contains(&name.as_str()) {
                return Err(dup(&self.loaded, Kind::Terrain, &name, "the host"));
            }
            if let Some(first) = self.terrains.iter().find(|t| t.name == name) {
                return Err(dup(&self.loaded, Kind::Terrain, &name, first.code.plugin()));
            }
            if self.terrains.len() >= u16::MAX as usize {
                return Err(dup(&self.loaded, Kind::Terrain, &name, "the host (too many terrains)"));
            }
            let mut traits: Vec<String> =
                reg.terrain_traits.iter().filter(|(t, _)| *t == name).flat_map(|(_, traits)| traits.clone()).collect();
            traits.sort();
            traits.dedup();
            self.terrains.push(TerrainKind { name, decl, code: Entry::new(plugin.clone(), imp), traits });
        }
        for (name, first_floor, last_floor, imp) in reg.level_gens {
            names.entry("LevelGen").or_default().push(name.clone());
            if let Some(first) = self.level_gens.iter().find(|g| g.name == name) {
                return Err(dup(&self.loaded, Kind::LevelGen, &name, first.code.plugin()));
            }
            let floors = (first_floor, last_floor);
            self.level_gens.push(LevelGenKind { name, floors, code: Entry::new(plugin.clone(), imp) });
        }
        for (name, first_floor, last_floor, imp) in reg.level_features {
            names.entry("LevelFeature").or_default().push(name.clone());
            if let Some(first) = self.level_features.iter().find(|g| g.name == name) {
                return Err(dup(&self.loaded, Kind::LevelFeature, &name, first.code.plugin()));
            }
            let floors = (first_floor, last_floor);
            self.level_features.push(LevelFeatureKind { name, floors, code: Entry::new(plugin.clone(), imp) });
        }
        for (name, imp) in reg.views {
            if let Some((_, first)) = self.views.iter().find(|(n, _)| *n == name) {
                return Err(dup(&self.loaded, Kind::View, &name, first.plugin()));
            }
            names.entry("View").or_default().push(name.clone());
            self.views.push((name, Entry::new(plugin.clone(), imp)));
        }
        if let Some(hooks) = reg.hooks {
            // A hooks object answers every hook point, most with the trait's defaults: no names to list.
            names.entry("Hooks").or_default().push("registered".into());
            self.hooks.push(Entry::new(plugin.clone(), hooks));
        }
        if let Some(vetoes) = reg.vetoes {
            names.entry("Vetoes").or_default().push("registered".into());
            self.vetoes.push(Entry::new(plugin.clone(), vetoes));
        }
        // Since 1.3.
        if let Some(item_names) = reg.item_names {
            names.entry("ItemNames").or_default().push("registered".into());
            self.item_names.push(Entry::new(plugin.clone(), item_names));
        }
        // Since 1.3: what a plugin says of its own statuses.
        for (name, speed) in reg.speeds {
            if !own_statuses.contains(&name) || !matches!(speed, -1 | 1) {
                tracing::warn!(
                    plugin = plugin.as_str(),
                    status = name.as_str(),
                    speed,
                    "a status speed must be 1 or -1, for a status the plugin registers; ignored"
                );
                continue;
            }
            self.status_speeds.insert(name, speed);
        }
        for name in reg.senses {
            if !own_statuses.contains(&name) {
                tracing::warn!(
                    plugin = plugin.as_str(),
                    status = name.as_str(),
                    "a status that senses monsters must be one the plugin registers; ignored"
                );
                continue;
            }
            if !self.sensing_statuses.contains(&name) {
                self.sensing_statuses.push(name);
            }
        }
        // 1.7 (depths)
        for name in reg.flying {
            if !own_statuses.contains(&name) {
                tracing::warn!(
                    plugin = plugin.as_str(),
                    status = crate::data::untrusted::shown(&name, 40).as_str(),
                    "a status that lifts its bearer must be one the plugin registers; ignored"
                );
                continue;
            }
            self.flying_statuses.insert(name);
        }

        // 1.7 (fields)
        for (name, decl) in reg.fields {
            let bad_trait = decl.traits.iter().find(|t| {
                t.is_empty()
                    || t.len() > emberdeep_api::terrain_traits::MOST_CHARS
                    || !t.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            });
            let why = if let Some(first) = self.fields.get(&name) {
                Some(format!("already declared by {}", first.plugin))
            } else if name.is_empty() || name.len() > 40 || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                Some("a field's name is lowercase letters and _".to_string())
            } else if decl.traits.len() > emberdeep_api::terrain_traits::MOST_TRAITS {
                Some("too many traits".to_string())
            } else {
                bad_trait.map(|t| format!("trait {:?} is not lowercase letters and _", t.as_str()))
            };
            if let Some(why) = why {
                tracing::warn!(
                    plugin = plugin.as_str(),
                    field = crate::data::untrusted::shown(&name, 40).as_str(),
                    "field left out: {why}"
                );
                continue;
            }
            let hazard = decl.traits.iter().any(|t| t.as_str() == emberdeep_api::terrain_traits::HAZARD);
            self.fields.insert(name, FieldKind { plugin: plugin.clone(), decl, hazard });
        }
        for name in reg.secret_terrains {
            if !own_terrains.contains(&name) {
                tracing::warn!(
                    plugin = plugin.as_str(),
                    terrain = crate::data::untrusted::shown(&name, 40).as_str(),
                    "a secret terrain must be one the plugin registers; ignored"
                );
                continue;
            }
            self.secret_terrains.insert(name);
        }
        names.values_mut().for_each(|v| v.sort());
        self.loaded.push(LoadedPlugin {
            name: plugin,
            version: reg.version,
            path,
            needs,
            names,
            settings,
            stored,
            player_level: reg.player_level,
            events: reg.events,
            sides: reg.sides,
            standings: reg.standings,
            api_version: reg.api_version,
            description: clean_line(&reg.description, DESCRIPTION_CHARS),
            homepage: clean_line(&reg.homepage, DESCRIPTION_CHARS),
            origin,

            stored_kinds: reg.stored_kinds,
        });
        self.settle_standings();
        Ok(())
    }

    // 1.6 (standings)

    /// Works out [`Plugins::standings`] from what every loaded plugin
    /// declared, in load order; returns one line for each declaration left
    /// out: one naming a side no loaded plugin declares (a side of a plugin
    /// not loaded this run), a side and itself, or a pair an earlier
    /// plugin already gave another standing.
    pub fn settle_standings(&mut self) -> Vec<String> {
        let mut settled: BTreeMap<(String, String), (Standing, &str)> = BTreeMap::new();
        let mut left_out = Vec::new();
        for p in &self.loaded {
            for (a, b, standing) in &p.standings {
                let (a_shown, b_shown) = (crate::data::untrusted::shown(a, 40), crate::data::untrusted::shown(b, 40));
                let unknown = [a, b].into_iter().find(|s| !self.knows_side(s));
                if let Some(side) = unknown {
                    left_out.push(format!(
                        "plugin '{}': the standing of '{a_shown}' and '{b_shown}' is left out: no loaded plugin declared a side '{}'",
                        p.name,
                        crate::data::untrusted::shown(side, 40)
                    ));
                    continue;
                }
                if a == b {
                    left_out.push(format!(
                        "plugin '{}': the standing of '{a_shown}' with itself is left out: a side is always allied with itself",
                        p.name
                    ));
                    continue;
                }
                let key = side_pair(a, b);
                match settled.get(&key) {
                    Some((first, by)) if first != standing => left_out.push(format!(
                        "plugin '{}': '{a_shown}' and '{b_shown}' {} is left out: plugin '{by}' made them {}",
                        p.name,
                        standing.name(),
                        first.name()
                    )),
                    Some(_) => {}
                    None => {
                        settled.insert(key, (*standing, p.name.as_str()));
                    }
                }
            }
        }
        self.standings = settled.into_iter().map(|(k, (s, _))| (k, s)).collect();
        left_out
    }
}

/// Sides `a` and `b` as a pair, in name order: the key every table of
/// standings keeps a pair under, whichever way it was given.
pub fn side_pair(a: &str, b: &str) -> (String, String) {
    if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    }
}

/// What one plugin's `register` handed over, as the host's side of the
/// api's [`Registry`] collects it.
#[derive(Default)]
pub struct Registration {
    name: String,
    version: String,
    api_version: String,
    dependencies: Vec<(String, String)>,
    item_effects: Vec<(String, ItemEffectBox)>,
    ranged_kinds: Vec<(String, RangedKindBox)>,
    brains: Vec<(String, MonsterBrainBox)>,
    views: Vec<(String, ViewBox)>,
    statuses: Vec<(String, StatusDecl, StatusBox)>,
    terrains: Vec<(String, TerrainDecl, TerrainBox)>,
    level_gens: Vec<(String, u32, u32, LevelGenBox)>,
    level_features: Vec<(String, u32, u32, LevelFeatureBox)>,
    hooks: Option<HooksBox>,
    vetoes: Option<VetoesBox>,
    settings: Vec<(String, i64, i64, i64)>,
    stored: Vec<(String, i64, i64)>,
    player_level: Option<String>,
    events: Option<BTreeMap<String, Vec<String>>>,
    sides: Vec<String>,
    // Since 1.3.
    speeds: Vec<(String, i32)>,
    senses: Vec<String>,
    // Since 1.3.
    item_names: Option<ItemNamesBox>,
    // Since 1.4.
    description: String,
    homepage: String,
    // Since 1.6.
    terrain_traits: Vec<(String, Vec<String>)>,

    // 1.6 (standings)
    standings: Vec<(String, String, Standing)>,

    // 1.6 (looks)
    secret_terrains: Vec<String>,

    // 1.6 (saves)
    stored_kinds: Vec<String>,

    // 1.7 (depths)
    flying: Vec<String>,
    // 1.7 (fields)
    fields: Vec<(String, emberdeep_api::FieldDecl)>,
}

impl Registration {
    /// An empty registration for a library built against `api_version`,
    /// for its `register` to fill in.
    pub(super) fn for_api(api_version: String) -> Registration {
        Registration { api_version, ..Registration::default() }
    }

    /// What `registrar` holds, collected in this process as a library's
    /// `register` hands it over (for a plugin built into a test of the host).
    pub fn from_registrar(registrar: Registrar) -> Registration {
        let mut collected = Registration::for_api(emberdeep_api::API_VERSION.into());
        registrar.deliver(&mut Registry_TO::from_ptr(&mut collected, TD_Opaque));
        collected
    }

    /// The plugin's name, as its `register` gave it (empty if it gave none).
    pub fn plugin_name(&self) -> &str {
        &self.name
    }

    /// What it declared, held to the api's rules: each setting once, with
    /// a range that is not empty and a default within it (the host answers
    /// the default when the records leave a setting out, so it must be a
    /// value the records could give); the player's level in a key it
    /// declared with `stored`.
    pub fn check_declarations(&self) -> Result<(), SettingError> {
        check_settings(&self.settings)?;
        self.check_terrain_traits()?;
        match &self.player_level {
            Some(key) if !self.stored.iter().any(|(s, _, _)| s == key) => {
                Err(SettingError::LevelUndeclared { key: key.clone() })
            }
            _ => Ok(()),
        }
    }
}

impl Registration {
    /// The traits a plugin gave its terrains (since 1.6): each a name
    /// [`trait_refused`](emberdeep_api::terrain_traits::trait_refused) lets
    /// through, at most [`MOST_TRAITS`](emberdeep_api::terrain_traits::MOST_TRAITS)
    /// to a terrain, and only for terrains it registers.
    fn check_terrain_traits(&self) -> Result<(), SettingError> {
        use emberdeep_api::terrain_traits::{trait_refused, MOST_TRAITS};
        for (terrain, traits) in &self.terrain_traits {
            let shown = || crate::data::untrusted::shown(terrain, 40);
            if !self.terrains.iter().any(|(name, _, _)| name == terrain) {
                return Err(SettingError::TraitsOfAnother { terrain: shown() });
            }
            let all = self.terrain_traits.iter().filter(|(t, _)| t == terrain).map(|(_, t)| t.len()).sum::<usize>();
            if all > MOST_TRAITS {
                return Err(SettingError::BadTrait {
                    terrain: shown(),
                    why: format!("more than {MOST_TRAITS} traits"),
                });
            }
            if let Some(why) = traits.iter().find_map(|t| trait_refused(t)) {
                return Err(SettingError::BadTrait { terrain: shown(), why });
            }
        }
        Ok(())
    }
}

/// A write to the store that is refused, and fails the call that made it:
/// nothing is stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteRefused {
    /// A value stored for a creature that is not on the floor (dead, gone,
    /// never was), which a save would be refused for.
    #[error("stored '{key}' for creature #{id}, which is not on the floor; nothing was stored")]
    NoCreature {
        /// The key (cut short).
        key: String,
        /// The id asked for.
        id: u32,
    },
    /// A stored key another plugin declared, by a plugin that does not
    /// depend on it.
    #[error(
        "wrote the store key '{key}', which {owner} declared; a plugin writes another's key only if it depends on it"
    )]
    NotItsOwn {
        /// The key.
        key: String,
        /// The plugin that declared it.
        owner: String,
    },
    /// A text longer than a store keeps, which a save would be refused for
    /// (since 1.6).
    #[error(
        "stored a text of {chars} characters under '{key}', more than a store keeps ({}); nothing was stored",
        crate::data::bounds::STORED_TEXT_CHARS
    )]
    LongText {
        /// The key (cut short).
        key: String,
        /// How many characters the text had.
        chars: usize,
    },
    /// A creature's text that is no item kind, under a key a plugin keeps
    /// an item kind in, which a save would be refused for (since 1.6).
    #[error("stored '{kind}' under '{key}', where {owner} keeps an item kind, and no loaded plugin has an item '{kind}'; nothing was stored")]
    NotAKind {
        /// The key (cut short).
        key: String,
        /// The text (cut short).
        kind: String,
        /// The plugin that keeps an item kind there.
        owner: String,
    },
    /// A number outside the range its plugin declared, which a save would
    /// be refused for.
    #[error("stored {key} = {value}, where {owner} keeps {lo} to {hi}; nothing was stored")]
    OutOfRange {
        /// The key.
        key: String,
        /// The number.
        value: i64,
        /// The plugin that declared the key.
        owner: String,
        /// The least it keeps.
        lo: i64,
        /// The most it keeps.
        hi: i64,
    },
}

/// Why a plugin's declarations are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// Traits given to a terrain the plugin does not register (since 1.6).
    #[error("it gives traits to the terrain '{terrain}', which it does not register")]
    TraitsOfAnother {
        /// The terrain named.
        terrain: String,
    },
    /// A terrain trait the api's rules refuse (since 1.6).
    #[error("its terrain '{terrain}' declares {why}")]
    BadTrait {
        /// The terrain.
        terrain: String,
        /// What is wrong.
        why: String,
    },
    /// The same name declared twice.
    #[error("it declares the setting '{name}' twice")]
    Twice {
        /// The setting.
        name: String,
    },
    /// A range whose least value is above its greatest.
    #[error("its setting '{name}' has an empty range ({min} to {max})")]
    EmptyRange {
        /// The setting.
        name: String,
        /// The least value declared.
        min: i64,
        /// The greatest value declared.
        max: i64,
    },
    /// The player's level declared in a key the plugin did not declare.
    #[error("it declares the player's level as the store key '{key}', which it did not declare")]
    LevelUndeclared {
        /// The key.
        key: String,
    },
    /// A default the range does not hold.
    #[error("its setting '{name}' has the default {default}, outside its range {min} to {max}")]
    DefaultOutside {
        /// The setting.
        name: String,
        /// The default declared.
        default: i64,
        /// The least value declared.
        min: i64,
        /// The greatest value declared.
        max: i64,
    },
}

fn check_settings(settings: &[(String, i64, i64, i64)]) -> Result<(), SettingError> {
    for (i, (name, default, min, max)) in settings.iter().enumerate() {
        let name = name.clone();
        if settings[..i].iter().any(|s| s.0 == name) {
            return Err(SettingError::Twice { name });
        }
        if min > max {
            return Err(SettingError::EmptyRange { name, min: *min, max: *max });
        }
        if !(min..=max).contains(&default) {
            return Err(SettingError::DefaultOutside { name, default: *default, min: *min, max: *max });
        }
    }
    Ok(())
}

impl Registry for Registration {
    fn plugin(&mut self, name: RStr<'_>, version: RStr<'_>) {
        self.name = name.into();
        self.version = version.into();
    }
    fn depends_on(&mut self, name: RStr<'_>, min_version: RStr<'_>) {
        self.dependencies.push((name.into(), min_version.into()));
    }
    fn item_effect(&mut self, name: RStr<'_>, imp: ItemEffectBox) {
        self.item_effects.push((name.into(), imp));
    }
    fn ranged_kind(&mut self, name: RStr<'_>, imp: RangedKindBox) {
        self.ranged_kinds.push((name.into(), imp));
    }
    fn brain(&mut self, name: RStr<'_>, imp: MonsterBrainBox) {
        self.brains.push((name.into(), imp));
    }
    fn view(&mut self, name: RStr<'_>, imp: ViewBox) {
        self.views.push((name.into(), imp));
    }
    fn hooks(&mut self, imp: HooksBox) {
        self.hooks = Some(imp);
    }
    fn setting(&mut self, name: RStr<'_>, default: i64, min: i64, max: i64) {
        self.settings.push((name.into(), default, min, max));
    }
    fn stored(&mut self, key: RStr<'_>, min: i64, max: i64) {
        self.stored.push((key.into(), min, max));
    }
    fn status(&mut self, name: RStr<'_>, decl: &StatusDecl, imp: StatusBox) {
        self.statuses.push((name.into(), decl.clone(), imp));
    }
    fn player_level(&mut self, key: RStr<'_>) {
        self.player_level.get_or_insert_with(|| key.into());
    }
    fn events_declared(&mut self) {
        self.events.get_or_insert_with(BTreeMap::new);
    }
    fn event(&mut self, name: RStr<'_>, fields: RVec<RString>) {
        let fields = fields.into_iter().map(String::from).collect();
        self.events.get_or_insert_with(BTreeMap::new).insert(name.into(), fields);
    }
    fn terrain(&mut self, name: RStr<'_>, decl: &TerrainDecl, imp: TerrainBox) {
        self.terrains.push((name.into(), decl.clone(), imp));
    }
    fn level_gen(&mut self, name: RStr<'_>, first: u32, last: u32, imp: LevelGenBox) {
        self.level_gens.push((name.into(), first, last, imp));
    }
    fn level_feature(&mut self, name: RStr<'_>, first: u32, last: u32, imp: LevelFeatureBox) {
        self.level_features.push((name.into(), first, last, imp));
    }
    fn describe(&mut self, description: RStr<'_>, homepage: RStr<'_>) {
        // Bounded before it is kept: a plugin's words are not trusted.
        self.description = description.as_str().chars().take(DESCRIPTION_CHARS * 8).collect();
        self.homepage = homepage.as_str().chars().take(DESCRIPTION_CHARS * 8).collect();
    }
    fn vetoes(&mut self, imp: VetoesBox) {
        self.vetoes = Some(imp);
    }
    fn terrain_traits(&mut self, name: RStr<'_>, traits: RVec<RString>) {
        use emberdeep_api::terrain_traits::{MOST_CHARS, MOST_TRAITS};
        // Bounded as it comes in (a plugin's words are not trusted); what is
        // over the bounds is still seen, and refused, by the check.
        if self.terrain_traits.len() <= self.terrains.len() + MOST_TRAITS {
            let cut = |t: &RString| t.as_str().chars().take(MOST_CHARS + 1).collect::<String>();
            let traits = traits.iter().take(MOST_TRAITS + 1).map(cut).collect();
            self.terrain_traits.push((name.as_str().chars().take(MOST_CHARS * 4).collect(), traits));
        }
    }
    fn side(&mut self, name: RStr<'_>) {
        if !self.sides.iter().any(|s| s == name.as_str()) {
            self.sides.push(name.into());
        }
    }
    // Since 1.3.
    fn status_speed(&mut self, name: RStr<'_>, speed: i32) {
        self.speeds.push((name.into(), speed));
    }
    fn status_senses_monsters(&mut self, name: RStr<'_>) {
        self.senses.push(name.into());
    }
    // 1.6 (looks)
    fn terrain_secret(&mut self, name: RStr<'_>) {
        self.secret_terrains.push(name.into());
    }
    // 1.7 (fields)
    fn field(&mut self, name: RStr<'_>, decl: &emberdeep_api::FieldDecl) {
        // Bounded as it comes in: a plugin's words are not trusted.
        if self.fields.len() < 64 {
            let mut decl = decl.clone();
            decl.label = decl.label.as_str().chars().take(60).collect::<String>().into();
            decl.description = decl.description.as_str().chars().take(DESCRIPTION_CHARS * 4).collect::<String>().into();
            self.fields.push((name.as_str().chars().take(41).collect(), decl));
        }
    }
    // Since 1.3.
    fn item_names(&mut self, imp: ItemNamesBox) {
        self.item_names = Some(imp);
    }
    // 1.6 (standings)
    fn standing(&mut self, a: RStr<'_>, b: RStr<'_>, standing: Standing) {
        // Bounded: a plugin's words are not trusted; more than a side's
        // name could be is no side's name.
        if self.standings.len() < 1000 {
            self.standings.push((
                a.as_str().chars().take(200).collect(),
                b.as_str().chars().take(200).collect(),
                standing,
            ));
        }
    }

    // 1.6 (saves)
    fn stored_kind(&mut self, key: RStr<'_>) {
        if !self.stored_kinds.iter().any(|k| k == key.as_str()) {
            self.stored_kinds.push(key.into());
        }
    }

    // 1.7 (depths)
    fn status_flies(&mut self, name: RStr<'_>) {
        self.flying.push(name.into());
    }
}

#[cfg(test)]
mod tests {

    /// What `register` hands over for plugin `name` (in process, as a library's would).
    fn declaring(name: &str, register: impl FnOnce(&mut emberdeep_api::Registrar)) -> super::Registration {
        let mut reg = emberdeep_api::Registrar::new(name, "0.1.0");
        register(&mut reg);
        super::Registration::from_registrar(reg)
    }

    #[test]
    fn a_description_is_kept_as_one_clean_bounded_line_and_none_is_empty() {
        let hostile = format!("Traps\n\tand\u{1b}[31m red\u{7} {}", "x".repeat(100_000));
        let described = declaring("traps", |r| {
            r.describe("first", "");
            r.describe(&hostile, "https://example.org/\r\ntraps");
        });
        let plain = declaring("plain", |_| {});
        let mut plugins = super::Plugins::default();
        plugins.add_from(described, "a/libtraps.so".into(), super::Origin::Player).unwrap();
        plugins.add(plain, "libplain.so".into()).unwrap();
        let traps = &plugins.loaded[0];
        assert!(traps.description.starts_with("Traps and[31m red xxx"), "{}", traps.description);
        assert!(traps.description.chars().all(|c| !c.is_control()), "{:?}", traps.description);
        assert!(
            traps.description.ends_with("… (1277 characters)"),
            "cut at 1280 kept, less the dropped: {}",
            traps.description
        );
        assert!(traps.description.chars().count() < super::DESCRIPTION_CHARS + 30);
        assert_eq!(traps.homepage, "https://example.org/ traps");
        assert_eq!(traps.origin, super::Origin::Player);
        let plain = &plugins.loaded[1];
        assert_eq!((plain.description.as_str(), plain.homepage.as_str(), plain.origin), ("", "", super::Origin::Game));
    }

    fn loaded_all(regs: Vec<super::Registration>) -> Result<super::Plugins, super::Duplicate> {
        let mut plugins = super::Plugins::default();
        for reg in regs {
            let path = std::path::PathBuf::from(format!("lib{}.so", reg.plugin_name()));
            plugins.add(reg, path)?;
        }
        Ok(plugins)
    }

    #[test]
    fn a_stored_key_is_its_declarers_and_those_that_depend_on_it() {
        let plugins = loaded_all(vec![
            declaring("growth", |r| {
                r.stored("strength", 0, 100);
            }),
            declaring("gear", |r| {
                r.depends_on("growth", "0.1.0");
            }),
            declaring("thief", |_| {}),
        ])
        .unwrap();
        assert_eq!(plugins.declared_by("strength").map(|p| p.name.as_str()), Some("growth"));
        assert_eq!(plugins.may_write("growth", "strength"), Ok(()));
        assert_eq!(plugins.may_write("gear", "strength"), Ok(()), "it depends on the owner");
        let refused = plugins.may_write("thief", "strength").unwrap_err().to_string();
        assert!(refused.contains("'strength'") && refused.contains("growth declared"), "{refused}");
        assert_eq!(plugins.may_write("thief", "anything_undeclared"), Ok(()));
    }

    #[test]
    fn two_plugins_declaring_one_key_are_refused_by_both_names() {
        let key = |name: &str| {
            declaring(name, |r| {
                r.stored("strength", 0, 100);
            })
        };
        let Err(duplicate) = loaded_all(vec![key("equipment"), key("growth")]) else {
            panic!("a key declared twice must not load")
        };
        assert_eq!((duplicate.what, duplicate.name.as_str()), (super::Kind::StoredKey, "strength"));
        assert_eq!((duplicate.first.as_str(), duplicate.second.as_str()), ("equipment", "growth"));
    }

    #[test]
    fn the_players_level_is_a_declared_key_the_first_plugin_names() {
        let plugins = loaded_all(vec![
            declaring("growth", |r| {
                r.stored("level", 1, 100).player_level("level");
            }),
            declaring("later", |r| {
                r.stored("rank", 1, 9).player_level("rank");
            }),
        ])
        .unwrap();
        assert_eq!(plugins.player_level_key(), Some(("level", 1, 100)));
        assert_eq!(loaded_all(vec![declaring("none", |_| {})]).unwrap().player_level_key(), None);
        let sloppy = declaring("sloppy", |r| {
            r.player_level("level");
        });
        let refused = sloppy.check_declarations().unwrap_err().to_string();
        assert_eq!(refused, "it declares the player's level as the store key 'level', which it did not declare");
    }

    #[test]
    fn terrain_traits_are_kept_sorted_and_bad_ones_refuse_the_plugin_in_one_line() {
        use emberdeep_api::terrain_traits::{DEEP, GROUND, LIQUID};
        use emberdeep_api::{Look, TerrainSpec};
        let spec = |traits: &[&str]| {
            TerrainSpec::new("a bog", Look::new('~', Rgba::rgb(0, 90, 60), "bog"), true, true).traits(traits)
        };
        let bog = declaring("bogs", |r| {
            r.terrain("bog", spec(&[LIQUID, GROUND, DEEP, LIQUID]), ());
        });
        assert_eq!(bog.check_declarations(), Ok(()));
        let mut plugins = Plugins::default();
        plugins.add(bog, PathBuf::from("libbogs.so")).unwrap();
        assert_eq!(plugins.terrain_traits("bog"), Some(vec!["deep".into(), "ground".into(), "liquid".into()]));
        let tile = plugins.tile_named("bog").unwrap();
        assert!(plugins.tile_has(tile, GROUND) && !plugins.tile_has(tile, "wall"));
        assert!(plugins.tile_has(Tile::Floor, GROUND) && plugins.tile_has(Tile::Wall, "diggable"));
        assert_eq!(plugins.terrain_traits("floor"), Some(vec!["ground".into()]));
        let refused = |traits: &[&str]| {
            let reg = declaring("bogs", |r| {
                r.terrain("bog", spec(traits), ());
            });
            reg.check_declarations().unwrap_err().to_string()
        };
        assert_eq!(
            refused(&["Open Ground"]),
            "its terrain 'bog' declares the trait 'Open Ground' (only lowercase letters, digits and _)"
        );
        assert_eq!(refused(&[""]), "its terrain 'bog' declares a trait with an empty name");
        let many: Vec<String> = (0..17).map(|i| format!("t{i}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert_eq!(refused(&many), "its terrain 'bog' declares more than 16 traits");
        // Traits for a terrain the plugin does not register.
        let mut stray = Registration::for_api(emberdeep_api::API_VERSION.into());
        Registry::terrain_traits(&mut stray, "floor".into(), vec![RString::from("hot")].into());
        assert_eq!(
            stray.check_declarations().unwrap_err().to_string(),
            "it gives traits to the terrain 'floor', which it does not register"
        );
    }

    #[test]
    fn a_setting_needs_a_range_with_its_default_in_it_and_one_declaration() {
        let setting = |name: &str, default, min, max| (name.to_string(), default, min, max);
        assert_eq!(super::check_settings(&[setting("a", 4, 0, 100), setting("b", 0, 0, 0)]), Ok(()));
        let refused = |settings: &[(String, i64, i64, i64)]| super::check_settings(settings).unwrap_err().to_string();
        assert_eq!(refused(&[setting("a", 4, 5, 1)]), "its setting 'a' has an empty range (5 to 1)");
        assert_eq!(refused(&[setting("a", 0, 1, 30)]), "its setting 'a' has the default 0, outside its range 1 to 30");
        assert_eq!(refused(&[setting("a", 4, 0, 9), setting("a", 4, 0, 9)]), "it declares the setting 'a' twice");
    }

    use emberdeep_api::{
        Canvas, Ctx, EntityId, ItemEffect, ItemUse, MonsterBrain, PluginResult, RangedKind, RangedSpec, Rgba, Scene,
        StatusEffect, StatusSpec, UseOutcome, View,
    };

    use super::*;

    struct Idle;
    impl MonsterBrain for Idle {
        fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
            Ok(())
        }
    }

    struct Holds;
    impl RangedKind for Holds {
        fn try_attack(&self, _ctx: &mut Ctx<'_>, _me: EntityId, _spec: &RangedSpec) -> PluginResult<bool> {
            Ok(false)
        }
    }

    struct Nothing;
    impl ItemEffect for Nothing {
        fn use_item(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
            Ok(UseOutcome::NoTurn)
        }
    }

    struct Blank;
    impl View for Blank {
        fn cell_size(&self) -> u32 {
            8
        }
        fn draw_map(&self, _scene: &Scene, _canvas: &mut Canvas<'_>) -> PluginResult<()> {
            Ok(())
        }
    }

    fn frozen() -> StatusSpec {
        StatusSpec::new("Frozen", '*', Rgba::rgb(150, 220, 255), StatusEffect::SkipsTurn)
    }

    /// Adds plugin `name` (file `lib<name>.so`) with what `fill` registers.
    fn add(plugins: &mut Plugins, name: &str, fill: impl FnOnce(&mut Registrar)) -> Result<(), Duplicate> {
        let mut reg = Registrar::new(name, "0.1.0");
        fill(&mut reg);
        plugins.add(Registration::from_registrar(reg), PathBuf::from(format!("lib{name}.so")))
    }

    #[test]
    fn what_a_plugin_registers_is_kept_by_name_with_the_plugin_that_brought_it() {
        let mut plugins = Plugins::default();
        add(&mut plugins, "monsters", |r| {
            r.brain("zig", Idle).brain("idle", Idle).ranged_kind("spit", Holds).setting("patience", 3, 1, 10);
            r.depends_on("base", "0.2.0").stored("anger", 0, 9).status("frozen", frozen(), ());
        })
        .unwrap();
        add(&mut plugins, "things", |r| {
            r.item_effect("nothing", Nothing).view("blank", Blank);
        })
        .unwrap();
        assert_eq!(plugins.names(), ["monsters", "things"]);
        assert!(plugins.is_loaded("things") && !plugins.is_loaded("base"));
        let monsters = &plugins.loaded[0];
        assert_eq!(monsters.names["MonsterBrain"], ["idle", "zig"], "sorted");
        assert_eq!(monsters.names["RangedKind"], ["spit"]);
        assert_eq!(monsters.names["Status"], ["frozen"]);
        assert_eq!(monsters.needs, [("base".to_string(), "0.2.0".to_string())]);
        assert_eq!(monsters.settings, [("patience".to_string(), 3, 1, 10)]);
        assert_eq!(monsters.stored, [("anger".to_string(), 0, 9)]);
        assert_eq!(
            (monsters.path.to_str(), monsters.api_version.as_str()),
            (Some("libmonsters.so"), emberdeep_api::API_VERSION)
        );
        assert_eq!(plugins.brains["idle"].plugin(), "monsters");
        assert_eq!(plugins.effects["nothing"].plugin(), "things");
        assert_eq!(plugins.views[0].0, "blank");
        assert_eq!(plugins.statuses["frozen"].decl.label.as_str(), "Frozen");
        let registered = plugins.registered();
        assert_eq!(registered.plugins.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["monsters", "things"]);
        assert_eq!(registered.plugins[0].library, PathBuf::from("libmonsters.so"));
        assert_eq!(registered.brains.iter().collect::<Vec<_>>(), ["idle", "zig"]);
        assert!(registered.ranged.contains("spit") && registered.effects.contains("nothing"));
        assert_eq!(plugins.versions()["things"], "0.1.0");
    }

    #[test]
    fn a_name_registered_twice_names_both_plugins_and_their_files() {
        let mut plugins = Plugins::default();
        add(&mut plugins, "first", |r| {
            r.brain("idle", Idle).ranged_kind("spit", Holds).item_effect("heal", Nothing);
            r.view("glyphs", Blank).status("frozen", frozen(), ());
        })
        .unwrap();
        type Fill = fn(&mut Registrar);
        let clashes: [(&str, Fill); 5] = [
            ("brain 'idle'", |r| {
                r.brain("idle", Idle);
            }),
            ("ranged kind 'spit'", |r| {
                r.ranged_kind("spit", Holds);
            }),
            ("item effect 'heal'", |r| {
                r.item_effect("heal", Nothing);
            }),
            ("view 'glyphs'", |r| {
                r.view("glyphs", Blank);
            }),
            ("status 'frozen'", |r| {
                r.status("frozen", frozen(), ());
            }),
        ];
        for (what, fill) in clashes {
            let err = add(&mut plugins, "second", fill).expect_err(what);
            assert_eq!(
                err.to_string(),
                format!(
                    "{what} is registered by both first (libfirst.so) and second (libsecond.so); \
                     leave one of them out with --plugins, or remove one file"
                )
            );
        }
    }

    #[test]
    fn the_same_name_for_different_traits_is_no_clash_but_twice_in_one_plugin_is() {
        let mut plugins = Plugins::default();
        add(&mut plugins, "one", |r| {
            r.brain("fire", Idle).ranged_kind("fire", Holds).item_effect("fire", Nothing).view("fire", Blank);
        })
        .expect("one name per trait");
        let err = add(&mut plugins, "twice", |r| {
            r.brain("sleep", Idle).brain("sleep", Idle);
        })
        .unwrap_err();
        assert_eq!(err.first, "twice");
        assert_eq!(err.first_file, None, "the plugin is not loaded yet: its file is not known as the first's");
        assert!(err.to_string().starts_with("brain 'sleep' is registered by both twice (?) and twice (libtwice.so)"));
    }

    #[test]
    fn a_registration_made_in_process_is_the_plugins_own() {
        let mut reg = Registrar::new("inproc", "2.0.0");
        reg.brain("idle", Idle);
        let registration = Registration::from_registrar(reg);
        assert_eq!(registration.plugin_name(), "inproc");
        assert_eq!(Registration::default().plugin_name(), "", "no register, no name");
    }
}
