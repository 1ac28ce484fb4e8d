//! Finding, loading and registering plugins.
//!
//! Each plugin is a dynamic library in the plugin folder. Files are listed,
//! sorted, and loaded one by one with abi_stable, which checks every type's
//! layout and refuses an incompatible plugin with a reason. What the plugins
//! register is kept in `BTreeMap`s, so nothing depends on the file system's order.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use abi_stable::library::{lib_header_from_path, LibraryError};
use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::RStr;
use emberdeep_api::abi::{
    HooksBox, ItemEffectBox, MonsterBrainBox, PluginModRef, RangedKindBox, RawRegistry, Registry, Registry_TO,
    StatusBox, StatusDecl, ViewBox,
};
use emberdeep_api::{EntityId, HostLink, MonsterBrain, PluginResult, RangedKind, RangedSpec, Registrar};

use crate::boundary::entry::Entry;
use crate::input::{self, limits};
use crate::trace::plugin_log_callback;

/// Why the plugin set could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// `--plugins` named a plugin with no library in the folder.
    #[error("plugin '{name}' not found in {dir} (found: {found})")]
    Missing {
        /// The name asked for.
        name: String,
        /// The folder searched.
        dir: PathBuf,
        /// What is there.
        found: String,
    },
    /// The plugin folder cannot be read.
    #[error("cannot read the plugin folder {dir}: {source}")]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Two plugins registered the same name for the same trait.
    #[error("{what} '{name}' is registered by both {first} and {second}; leave one of them out with --plugins, or remove one file")]
    Duplicate {
        /// Which trait (`brain`, `item effect`...).
        what: &'static str,
        /// The name.
        name: String,
        /// The plugin that registered it first, and its file.
        first: String,
        /// The other one, and its file.
        second: String,
    },
    /// A plugin needs another that is not loaded, or is too old.
    #[error("plugin '{plugin}' needs '{needs}' {min_version} or newer, {problem}")]
    Dependency {
        /// The plugin with the need.
        plugin: String,
        /// The plugin it needs.
        needs: String,
        /// The oldest version that will do.
        min_version: String,
        /// What is wrong ("which is not loaded ...", "but core_combat is 0.1.0").
        problem: String,
    },
    /// A chosen plugin could not be loaded.
    #[error("plugin '{name}' ({path}) cannot be used: {reason}")]
    Refused {
        /// The plugin's name.
        name: String,
        /// Its file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
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
    /// The api version it was built against (`1.0.0`).
    pub api_version: String,
}

/// A registered status: how it shows, what it does, and its code.
pub struct StatusKind {
    /// How it shows and what it does.
    pub decl: StatusDecl,
    /// Its code, behind the boundary.
    pub code: Entry<StatusBox>,
}

/// Everything the loaded plugins registered.
#[derive(Default)]
pub struct Plugins {
    /// The plugins, in load order (sorted by name).
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
    /// Plugin files that were skipped, and why (shown as warnings).
    pub skipped: Vec<String>,
}

impl Plugins {
    /// Whether a plugin of that name is loaded.
    pub fn is_loaded(&self, name: &str) -> bool {
        self.loaded.iter().any(|p| p.name == name)
    }

    /// The plugin that declared stored key `key` ([`Registrar::stored`]), if any.
    pub fn declared_by(&self, key: &str) -> Option<&LoadedPlugin> {
        self.loaded.iter().find(|p| p.stored.iter().any(|(k, _, _)| k == key))
    }

    /// Whether plugin `writer` may write stored key `key`: a key nobody
    /// declared is anyone's, a declared one its owner's and the plugins that
    /// depend on the owner. `Err` says why not, for the writer's error.
    pub fn may_write(&self, writer: &str, key: &str) -> Result<(), String> {
        let Some(owner) = self.declared_by(key) else { return Ok(()) };
        let depends = || self.loaded.iter().any(|p| p.name == writer && p.needs.iter().any(|(n, _)| *n == owner.name));
        if owner.name == writer || depends() {
            return Ok(());
        }
        Err(format!(
            "wrote the store key '{key}', which {} declared; a plugin writes another's key only if it depends on it",
            owner.name
        ))
    }

    /// The player's level as declared (`Registrar::player_level`): the key,
    /// and its least and greatest value; the first plugin in load order wins.
    pub fn player_level_key(&self) -> Option<(&str, i64, i64)> {
        self.loaded.iter().find_map(|p| {
            let key = p.player_level.as_deref()?;
            p.stored.iter().find(|(k, _, _)| k == key).map(|(k, lo, hi)| (k.as_str(), *lo, *hi))
        })
    }

    /// The sorted names of the loaded plugins.
    pub fn names(&self) -> Vec<String> {
        self.loaded.iter().map(|p| p.name.clone()).collect()
    }

    /// Each loaded plugin's version, by name (the trace's `run_start` keeps
    /// them, so a trace can be replayed with the same builds).
    pub fn versions(&self) -> std::collections::BTreeMap<String, String> {
        self.loaded.iter().map(|p| (p.name.clone(), p.version.clone())).collect()
    }

    /// Registers a brain that does nothing, as plugin `test` (for tests of
    /// the host alone, without plugin libraries).
    pub fn fake_brain(&mut self, name: &str) {
        let mut collector = Registration::default();
        let mut reg = Registrar::new("test", "0.0.0");
        reg.brain(name, Idle);
        reg.deliver(&mut Registry_TO::from_ptr(&mut collector, TD_Opaque));
        self.brains.append(&mut collector.brains.into_iter().map(|(n, b)| (n, Entry::new("test", b))).collect());
    }

    /// Registers a ranged kind that never attacks, as plugin `test` (for
    /// tests of the host alone).
    pub fn fake_ranged(&mut self, name: &str) {
        let mut collector = Registration::default();
        let mut reg = Registrar::new("test", "0.0.0");
        reg.ranged_kind(name, Holds);
        reg.deliver(&mut Registry_TO::from_ptr(&mut collector, TD_Opaque));
        self.ranged.append(&mut collector.ranged_kinds.into_iter().map(|(n, b)| (n, Entry::new("test", b))).collect());
    }

    fn add(&mut self, reg: Registration, path: PathBuf) -> Result<(), LoadError> {
        let plugin = reg.name.clone();
        let (needs, settings, stored) = (reg.dependencies, reg.settings, reg.stored);
        for (key, _, _) in &stored {
            if let Some(first) = self.declared_by(key) {
                return Err(dup("stored key", key, &first.name, &plugin));
            }
        }
        if let Some(key) = reg.player_level.as_ref().filter(|k| !stored.iter().any(|(s, _, _)| s == *k)) {
            let reason = format!("it declares the player's level as the store key '{key}', which it did not declare");
            return Err(LoadError::Refused { name: plugin, path, reason });
        }
        let mut names: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
        for (name, imp) in reg.item_effects {
            names.entry("ItemEffect").or_default().push(name.clone());
            insert_unique(&mut self.effects, "item effect", name, &plugin, imp)?;
        }
        for (name, imp) in reg.ranged_kinds {
            names.entry("RangedKind").or_default().push(name.clone());
            insert_unique(&mut self.ranged, "ranged kind", name, &plugin, imp)?;
        }
        for (name, imp) in reg.brains {
            names.entry("MonsterBrain").or_default().push(name.clone());
            insert_unique(&mut self.brains, "brain", name, &plugin, imp)?;
        }
        for (name, decl, imp) in reg.statuses {
            names.entry("Status").or_default().push(name.clone());
            if let Some(first) = self.statuses.get(&name) {
                return Err(dup("status", &name, first.code.plugin(), &plugin));
            }
            self.statuses.insert(name, StatusKind { decl, code: Entry::new(plugin.clone(), imp) });
        }
        for (name, imp) in reg.views {
            if let Some((_, first)) = self.views.iter().find(|(n, _)| *n == name) {
                return Err(dup("view", &name, first.plugin(), &plugin));
            }
            names.entry("View").or_default().push(name.clone());
            self.views.push((name, Entry::new(plugin.clone(), imp)));
        }
        if let Some(hooks) = reg.hooks {
            // A hooks object answers every hook point, most with the trait's defaults: no names to list.
            names.entry("Hooks").or_default().push("registered".into());
            self.hooks.push(Entry::new(plugin.clone(), hooks));
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
            api_version: reg.api_version,
        });
        Ok(())
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
    hooks: Option<HooksBox>,
    settings: Vec<(String, i64, i64, i64)>,
    stored: Vec<(String, i64, i64)>,
    player_level: Option<String>,
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
}

/// A brain that does nothing (for tests of the host alone).
struct Idle;

impl MonsterBrain for Idle {
    fn act(&self, _ctx: &mut emberdeep_api::Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

/// A ranged kind that never attacks (for tests of the host alone).
struct Holds;

impl RangedKind for Holds {
    fn try_attack(&self, _ctx: &mut emberdeep_api::Ctx<'_>, _me: EntityId, _spec: &RangedSpec) -> PluginResult<bool> {
        Ok(false)
    }
}

fn dup(what: &'static str, name: &str, first: &str, second: &str) -> LoadError {
    LoadError::Duplicate { what, name: name.into(), first: first.into(), second: second.into() }
}

fn insert_unique<T>(
    map: &mut BTreeMap<String, Entry<T>>,
    what: &'static str,
    name: String,
    plugin: &str,
    imp: T,
) -> Result<(), LoadError> {
    if let Some(first) = map.get(&name) {
        return Err(dup(what, &name, first.plugin(), plugin));
    }
    map.insert(name, Entry::new(plugin, imp));
    Ok(())
}

/// The plugin name a library file stands for: `libcore_combat.so` → `core_combat`.
pub fn plugin_name_of(path: &Path) -> Option<String> {
    let ext = path.extension()?.to_str()?;
    if ext != std::env::consts::DLL_EXTENSION {
        return None;
    }
    let stem = path.file_stem()?.to_str()?;
    Some(stem.strip_prefix(std::env::consts::DLL_PREFIX).unwrap_or(stem).to_string())
}

/// The plugin libraries in a folder, sorted by plugin name.
pub fn find_plugin_files(dir: &Path) -> Result<Vec<(String, PathBuf)>, LoadError> {
    let entries = std::fs::read_dir(dir).map_err(|source| LoadError::Folder { dir: dir.into(), source })?;
    let mut files: Vec<(String, PathBuf)> =
        entries.flatten().map(|e| e.path()).filter_map(|p| plugin_name_of(&p).map(|n| (n, p))).collect();
    files.sort();
    Ok(files)
}

/// Where plugins are looked for by default: the folder of the executable
/// (cargo puts the plugin libraries next to the binary), or its parent when
/// the executable is a test harness in `deps/`.
pub fn default_plugin_dir() -> PathBuf {
    let exe_dir = std::env::current_exe().ok().and_then(|e| e.parent().map(Path::to_path_buf));
    match exe_dir {
        Some(d) if d.ends_with("deps") => d.parent().map(Path::to_path_buf).unwrap_or(d),
        Some(d) => d,
        None => PathBuf::from("."),
    }
}

/// Loads the plugins of `dir`: all of them, or those `wanted` names.
///
/// A file that is not a plugin is skipped with a warning when loading every
/// plugin found, and is an error when it was asked for by name. A plugin
/// whose `register` fails or panics is skipped the same way.
pub fn load_plugins(dir: &Path, wanted: Option<&[String]>) -> Result<Plugins, LoadError> {
    load_plugins_probed(dir, wanted, None)
}

/// A trial load of plugin files somewhere they cannot hurt (a child
/// process): for each file, `Err` says why it must not be opened here.
pub type Probe<'a> = &'a dyn Fn(&[PathBuf]) -> Vec<Result<(), String>>;

/// [`load_plugins`], with the chosen files first tried by `probe`: a file
/// whose trial crashed or hung is refused like a file that is not a
/// plugin, so a library damaged in a way no header check sees can take
/// down the trial, never the game.
pub fn load_plugins_probed(
    dir: &Path,
    wanted: Option<&[String]>,
    probe: Option<Probe<'_>>,
) -> Result<Plugins, LoadError> {
    load_chosen(dir, wanted, probe, None)
}

/// [`load_plugins_probed`], each library first copied into the folder
/// `copies` (made, then removed once all are loaded), and the copy tried
/// and loaded: a new build written into the plugin folder later, even over
/// the file in place, cannot reach the libraries the game runs (`--watch`).
/// Each plugin's `path` is still its file in `dir`.
pub fn load_plugins_copied(
    dir: &Path,
    wanted: Option<&[String]>,
    probe: Option<Probe<'_>>,
    copies: &Path,
) -> Result<Plugins, LoadError> {
    let _ = std::fs::remove_dir_all(copies);
    let loaded = load_chosen(dir, wanted, probe, Some(copies));
    // Loaded libraries stay mapped once their files are gone.
    let _ = std::fs::remove_dir_all(copies);
    loaded
}

/// A private copy of a library, in `copies`.
fn copy_library(path: &Path, copies: &Path) -> Result<PathBuf, String> {
    let bytes = input::read_bytes(path, "plugin", limits::PLUGIN).map_err(|e| e.to_string())?;
    let copy = copies.join(path.file_name().unwrap_or_default());
    std::fs::create_dir_all(copies)
        .and_then(|()| std::fs::write(&copy, bytes))
        .map_err(|e| format!("cannot copy it to {}: {e}", copy.display()))?;
    Ok(copy)
}

fn load_chosen(
    dir: &Path,
    wanted: Option<&[String]>,
    probe: Option<Probe<'_>>,
    copies: Option<&Path>,
) -> Result<Plugins, LoadError> {
    let files = find_plugin_files(dir)?;
    let chosen: Vec<(String, PathBuf)> = match wanted {
        None => files,
        Some(names) => {
            let mut names: Vec<&String> = names.iter().collect();
            names.sort();
            names.dedup();
            names
                .into_iter()
                .map(|name| {
                    files.iter().find(|(n, _)| n == name).cloned().ok_or_else(|| LoadError::Missing {
                        name: name.clone(),
                        dir: dir.to_path_buf(),
                        found: files.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", "),
                    })
                })
                .collect::<Result<_, _>>()?
        }
    };
    let opened: Vec<Result<PathBuf, String>> = chosen
        .iter()
        .map(|(_, path)| copies.map_or_else(|| Ok(path.clone()), |copies| copy_library(path, copies)))
        .collect();
    let paths: Vec<PathBuf> =
        opened.iter().zip(&chosen).map(|(o, (_, path))| o.clone().unwrap_or_else(|_| path.clone())).collect();
    let mut trials = match probe {
        Some(probe) => probe(&paths),
        None => Vec::new(),
    };
    trials.resize_with(chosen.len(), || Ok(()));
    let mut plugins = Plugins::default();
    for (((name, path), trial), opened) in chosen.into_iter().zip(trials).zip(opened) {
        let registered = opened
            .and_then(|copy| trial.map(|()| copy))
            .map_err(|reason| Refusal { reason, incompatible: false })
            .and_then(|copy| register_one(&copy));
        match registered {
            Ok(reg) => plugins.add(reg, path.clone()).map_err(|e| plugins.with_files(e, &path))?,
            // A plugin built for another api is never left out quietly: the player must rebuild it.
            Err(Refusal { reason, incompatible }) if wanted.is_some() || incompatible => {
                return Err(LoadError::Refused { name, path, reason })
            }
            Err(Refusal { reason, .. }) => {
                plugins.skipped.push(format!("skipped plugin '{name}' ({}): {reason}", path.display()))
            }
        }
    }
    check_dependencies(&plugins)?;
    plugins.order_by_dependencies();
    Ok(plugins)
}

/// A version as numbers (`0.1.0` → [0, 1, 0]); parts that are not numbers count as 0.
fn version_numbers(v: &str) -> Vec<u64> {
    v.split(['.', '-', '+']).take(3).map(|p| p.parse().unwrap_or(0)).collect()
}

/// Every plugin's needs are loaded, at their oldest version or newer.
fn check_dependencies(plugins: &Plugins) -> Result<(), LoadError> {
    for p in &plugins.loaded {
        for (needs, min_version) in &p.needs {
            let problem = match plugins.loaded.iter().find(|q| &q.name == needs) {
                None => {
                    "which is not loaded (add it to --plugins, or put its library in the plugin folder)".to_string()
                }
                Some(q) if version_numbers(&q.version) < version_numbers(min_version) => {
                    format!("but {needs} is {}; update {needs}", q.version)
                }
                Some(_) => continue,
            };
            return Err(LoadError::Dependency {
                plugin: p.name.clone(),
                needs: needs.clone(),
                min_version: min_version.clone(),
                problem,
            });
        }
    }
    Ok(())
}

impl Plugins {
    /// A duplicate's error with both plugins' files named.
    fn with_files(&self, e: LoadError, second: &Path) -> LoadError {
        match e {
            LoadError::Duplicate { what, name, first, second: second_name } => {
                let first_file = self.loaded.iter().find(|p| p.name == first).map(|p| p.path.display().to_string());
                let first = format!("{first} ({})", first_file.unwrap_or_else(|| "?".into()));
                let second = format!("{second_name} ({})", second.display());
                LoadError::Duplicate { what, name, first, second }
            }
            other => other,
        }
    }

    /// Puts every plugin after the plugins it needs, otherwise keeping name
    /// order; hooks follow the same order, so a dependency's hooks answer first.
    fn order_by_dependencies(&mut self) {
        let mut ordered: Vec<LoadedPlugin> = Vec::new();
        let mut left = std::mem::take(&mut self.loaded);
        while !left.is_empty() {
            let ready = left
                .iter()
                .position(|p| {
                    p.needs
                        .iter()
                        .all(|(n, _)| ordered.iter().any(|o| &o.name == n) || !left.iter().any(|l| &l.name == n))
                })
                .unwrap_or(0);
            ordered.push(left.remove(ready));
        }
        self.loaded = ordered;
        let rank = |plugin: &str| self.loaded.iter().position(|p| p.name == plugin).unwrap_or(usize::MAX);
        let mut hooks = std::mem::take(&mut self.hooks);
        hooks.sort_by_key(|h| rank(h.plugin()));
        self.hooks = hooks;
    }
}

/// Why one library was not registered.
struct Refusal {
    /// One short line.
    reason: String,
    /// Built against another api: an error even when loading every plugin found.
    incompatible: bool,
}

/// Checks, opens and registers one plugin file, then forgets it: the
/// trial a child process makes (`--probe-plugin`). `Err` is one line.
pub fn try_one(path: &Path) -> Result<(), String> {
    register_one(path).map(|_| ()).map_err(|r| r.reason)
}

/// Opens one library, checks it, and runs its `register`.
fn register_one(path: &Path) -> Result<Registration, Refusal> {
    check_library(path).map_err(|reason| Refusal { reason, incompatible: false })?;
    let header = lib_header_from_path(path).map_err(|e| describe_library_error(&e, path, None))?;
    let api_version = header.version_strings().version.to_string();
    let module = root_module(header).map_err(|e| describe_library_error(&e, path, Some(&api_version)))?;
    let register = module.register();
    let mut collected = Registration { api_version, ..Registration::default() };
    let registry: RawRegistry<'_> = Registry_TO::from_ptr(&mut collected, TD_Opaque);
    register(HostLink { log: plugin_log_callback }, registry)
        .into_result()
        .map_err(|e| Refusal { reason: format!("its register function failed: {e}"), incompatible: false })?;
    if collected.name.is_empty() {
        return Err(Refusal { reason: "its register function gave no plugin name".into(), incompatible: false });
    }
    Ok(collected)
}

/// The plugin's root module, once its types are found to fit this game's.
///
/// abi_stable lets a library's prefix types (the traits' tables of methods)
/// be longer than the loader's, for a library newer than its user, but not
/// shorter. The api promises both ways within 1.x: a plugin built against
/// an older 1.x has fewer methods, and the host then runs their defaults;
/// one built against a newer 1.x has more, which this host never calls. So
/// the layout is checked as abi_stable checks it, and if that fails, the
/// other way round. Any change that is not growth at the end of a prefix
/// type (a field added to a struct, a method changed) fails both ways.
fn root_module(header: &'static abi_stable::library::LibHeader) -> Result<PluginModRef, LibraryError> {
    use abi_stable::abi_stability::abi_checking::{check_layout_compatibility_with_globals, CheckingGlobals};
    use abi_stable::StableAbi;
    // Each check on its own: abi_stable's shared record of the prefix types
    // it has seen would hold one plugin's shorter table against the next.
    let fits = |interface, implementation| {
        check_layout_compatibility_with_globals(interface, implementation, &CheckingGlobals::new())
    };
    if let Some(found) = header.layout() {
        let expected = <PluginModRef as StableAbi>::LAYOUT;
        if let Err(e) = fits(expected, found) {
            if fits(found, expected).is_err() {
                return Err(LibraryError::AbiInstability(abi_stable::std_types::RBoxError::from_fmt(&e)));
            }
        }
    }
    // SAFETY: the layout was checked just above (when the library carries
    // one), each way round as the api's growth rules allow.
    unsafe { header.init_root_module_with_unchecked_layout::<PluginModRef>() }
}

/// Looks at a plugin file before the dynamic loader may: a regular file
/// within the size limit, an ELF shared object for this machine, whose
/// headers and segments all lie inside the file (a cut-short library, once
/// mapped, would crash the game with SIGBUS rather than fail to load).
pub fn check_library(path: &Path) -> Result<(), String> {
    use object::{Object, ObjectKind, ObjectSection, ObjectSegment};
    let bytes = input::read_bytes(path, "plugin", limits::PLUGIN).map_err(|e| e.to_string())?;
    let file = object::File::parse(&*bytes).map_err(|e| format!("not a shared library ({e})"))?;
    if file.kind() != ObjectKind::Dynamic {
        return Err(format!("not a shared library but {:?}", file.kind()).to_lowercase());
    }
    let wanted = host_architecture();
    if wanted.is_some() && Some(file.architecture()) != wanted {
        return Err(format!("built for {:?}, not for this machine ({})", file.architecture(), std::env::consts::ARCH));
    }
    let len = bytes.len() as u64;
    let outside =
        |range: Option<(u64, u64)>| range.is_some_and(|(at, size)| at.checked_add(size).is_none_or(|end| end > len));
    let cut =
        file.segments().any(|s| outside(Some(s.file_range()))) || file.sections().any(|s| outside(s.file_range()));
    if cut {
        return Err(format!("cut short: its headers reach past its {len} bytes"));
    }
    if let object::File::Elf64(elf) = &file {
        check_program_headers(elf, len)?;
    }
    Ok(())
}

/// The program headers the dynamic loader maps by, held to what a linker
/// writes: loadable segments in order, aligned, no larger in memory than
/// the file unless writable (zeroed data), within a sane size; and every
/// other segment (TLS, dynamic, notes) inside a loadable one, at the same
/// place in the file as in memory. A damaged header here can make the
/// loader map garbage that crashes the game only some of the time.
fn check_program_headers(elf: &object::read::elf::ElfFile64<'_>, len: u64) -> Result<(), String> {
    use object::elf::{PF_W, PT_DYNAMIC, PT_GNU_EH_FRAME, PT_LOAD, PT_NOTE, PT_PHDR, PT_TLS};
    use object::read::elf::ProgramHeader;
    /// The most memory a plugin's segments may ask for.
    const MOST_MEMORY: u64 = 1 << 30;
    let endian = elf.endian();
    let bad = |what: String| Err(format!("damaged program headers: {what}"));
    let headers = elf.elf_program_headers();
    let loads: Vec<_> = headers.iter().filter(|h| h.p_type(endian) == PT_LOAD).collect();
    if loads.is_empty() {
        return bad("nothing to load".into());
    }
    let mut last_end = 0u64;
    for (i, h) in loads.iter().enumerate() {
        let (offset, vaddr) = (h.p_offset(endian), h.p_vaddr(endian));
        let (filesz, memsz, align) = (h.p_filesz(endian), h.p_memsz(endian), h.p_align(endian));
        if !align.is_power_of_two() || offset % align != vaddr % align {
            return bad(format!("segment {i} is not aligned"));
        }
        let writable = h.p_flags(endian) & PF_W != 0;
        if memsz < filesz || (memsz > filesz && !writable) || memsz > MOST_MEMORY {
            return bad(format!("segment {i} asks for {memsz} bytes of memory for {filesz} in the file"));
        }
        if vaddr < last_end {
            return bad(format!("segment {i} overlaps the one before it"));
        }
        last_end = vaddr.checked_add(memsz).ok_or_else(|| format!("damaged program headers: segment {i} wraps"))?;
    }
    if last_end > MOST_MEMORY {
        return bad(format!("its segments span {last_end} bytes of memory"));
    }
    for h in
        headers.iter().filter(|h| [PT_TLS, PT_DYNAMIC, PT_GNU_EH_FRAME, PT_NOTE, PT_PHDR].contains(&h.p_type(endian)))
    {
        let (offset, vaddr, filesz) = (h.p_offset(endian), h.p_vaddr(endian), h.p_filesz(endian));
        if h.p_memsz(endian) < filesz || h.p_memsz(endian) > MOST_MEMORY || offset.saturating_add(filesz) > len {
            return bad(format!("a segment of type {:#x} is out of bounds", h.p_type(endian)));
        }
        let inside = loads.iter().any(|l| {
            let (lo, lv, lf) = (l.p_offset(endian), l.p_vaddr(endian), l.p_filesz(endian));
            offset >= lo
                && offset.saturating_add(filesz) <= lo.saturating_add(lf)
                && vaddr.checked_sub(lv) == Some(offset - lo)
        });
        if !inside {
            return bad(format!("a segment of type {:#x} lies outside what is loaded", h.p_type(endian)));
        }
    }
    Ok(())
}

/// The architecture this game was built for, as the `object` crate names it.
fn host_architecture() -> Option<object::Architecture> {
    use object::Architecture::*;
    Some(match std::env::consts::ARCH {
        "x86_64" => X86_64,
        "aarch64" => Aarch64,
        "x86" => I386,
        "arm" => Arm,
        "riscv64" => Riscv64,
        _ => return None,
    })
}

/// The first line of a long message, spaces run together.
fn one_line(text: &str) -> String {
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where the full reports of refused plugins go: `reports/` in the game's
/// data folder, where saves go too (`$EMBERDEEP_SAVE_DIR` if set, else the
/// platform's data folder: `~/.local/share/emberdeep` on Linux).
pub fn report_folder() -> PathBuf {
    let data = std::env::var_os("EMBERDEEP_SAVE_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("emberdeep")))
        .unwrap_or_else(std::env::temp_dir);
    data.join("reports")
}

/// One short line for a load failure; abi_stable's long layout report goes to a file.
fn describe_library_error(e: &LibraryError, path: &Path, plugin_api: Option<&str>) -> Refusal {
    let plain = |reason: String| Refusal { reason, incompatible: false };
    let api = emberdeep_api::API_VERSION;
    let theirs = plugin_api.map(|v| format!("api {v}")).unwrap_or_else(|| "an api".into());
    let rebuild = "rebuild the plugin against the api crate this game was built with";
    match e {
        LibraryError::OpenError { .. } => plain(format!("not a loadable library: {}", one_line(&e.to_string()))),
        LibraryError::GetSymbolError { .. } => plain("not an Emberdeep plugin (it exports no root module)".into()),
        LibraryError::AbiInstability(_) => {
            let name = plugin_name_of(path).unwrap_or_else(|| "plugin".into());
            let folder = report_folder();
            let report = folder.join(format!("{name}-abi-report.txt"));
            let written = std::fs::create_dir_all(&folder).is_ok() && std::fs::write(&report, e.to_string()).is_ok();
            let where_ = if written {
                format!("full report in {}", report.display())
            } else {
                "the report could not be written".into()
            };
            Refusal {
                reason: format!(
                    "built against {theirs}, whose types differ from this game's api {api}; {rebuild} ({where_})"
                ),
                incompatible: true,
            }
        }
        LibraryError::IncompatibleVersionNumber { expected_version, actual_version, .. } => Refusal {
            reason: format!("built against api {actual_version}, this game has api {expected_version}; {rebuild}"),
            incompatible: true,
        },
        LibraryError::RootModule { err, .. } => {
            plain(format!("its root module failed: {}", one_line(&err.to_string())))
        }
        other => plain(one_line(&other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `register` hands over for plugin `name` (in process, as a library's would).
    fn registration(name: &str, register: impl FnOnce(&mut Registrar)) -> Registration {
        let mut reg = Registrar::new(name, "0.1.0");
        register(&mut reg);
        let mut collected = Registration::default();
        reg.deliver(&mut Registry_TO::from_ptr(&mut collected, TD_Opaque));
        collected
    }

    fn loaded(regs: Vec<Registration>) -> Result<Plugins, LoadError> {
        let mut plugins = Plugins::default();
        for reg in regs {
            let path = PathBuf::from(format!("lib{}.so", reg.name));
            plugins.add(reg, path)?;
        }
        Ok(plugins)
    }

    #[test]
    fn a_stored_key_is_its_declarers_and_those_that_depend_on_it() {
        let plugins = loaded(vec![
            registration("growth", |r| {
                r.stored("strength", 0, 100);
            }),
            registration("gear", |r| {
                r.depends_on("growth", "0.1.0");
            }),
            registration("thief", |_| {}),
        ])
        .unwrap();
        assert_eq!(plugins.declared_by("strength").map(|p| p.name.as_str()), Some("growth"));
        assert_eq!(plugins.may_write("growth", "strength"), Ok(()));
        assert_eq!(plugins.may_write("gear", "strength"), Ok(()), "it depends on the owner");
        let refused = plugins.may_write("thief", "strength").unwrap_err();
        assert!(refused.contains("'strength'") && refused.contains("growth declared"), "{refused}");
        assert_eq!(plugins.may_write("thief", "anything_undeclared"), Ok(()));
    }

    #[test]
    fn two_plugins_declaring_one_key_are_refused_by_both_names() {
        let key = |name: &str| {
            registration(name, |r| {
                r.stored("strength", 0, 100);
            })
        };
        let Err(LoadError::Duplicate { what, name, first, second }) = loaded(vec![key("equipment"), key("growth")])
        else {
            panic!("a key declared twice must not load")
        };
        assert_eq!((what, name.as_str()), ("stored key", "strength"));
        assert_eq!((first.as_str(), second.as_str()), ("equipment", "growth"));
    }

    #[test]
    fn the_players_level_is_a_declared_key_the_first_plugin_names() {
        let plugins = loaded(vec![
            registration("growth", |r| {
                r.stored("level", 1, 100).player_level("level");
            }),
            registration("later", |r| {
                r.stored("rank", 1, 9).player_level("rank");
            }),
        ])
        .unwrap();
        assert_eq!(plugins.player_level_key(), Some(("level", 1, 100)));
        assert_eq!(loaded(vec![registration("none", |_| {})]).unwrap().player_level_key(), None);
        let sloppy = registration("sloppy", |r| {
            r.player_level("level");
        });
        let Err(LoadError::Refused { name, reason, .. }) = loaded(vec![sloppy]) else {
            panic!("a level in a key it did not declare must not load")
        };
        assert_eq!(name, "sloppy");
        assert!(reason.contains("'level'"), "{reason}");
    }
}
