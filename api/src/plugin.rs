//! The root module every plugin exports, and the [`Registrar`] a plugin fills
//! in to tell the host what it brings.

use abi_stable::{
    declare_root_module_statics,
    library::RootModule,
    package_version_strings,
    sabi_trait::TD_Opaque,
    sabi_types::VersionStrings,
    std_types::{ROption, RResult, RString, RVec, Tuple2},
    StableAbi,
};

use crate::bridge::HostLink;
use crate::guard::PluginError;
use crate::traits::*;

/// The root module a plugin library exports (see [`crate::export_plugin!`]).
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginModRef)))]
#[sabi(missing_field(panic))]
pub struct PluginMod {
    /// Builds the plugin's [`Registration`]. Runs under the panic guard.
    #[sabi(last_prefix_field)]
    pub register: extern "C" fn(HostLink) -> RResult<Registration, PluginError>,
}

impl RootModule for PluginModRef {
    declare_root_module_statics! {PluginModRef}
    const BASE_NAME: &'static str = "emberdeep_plugin";
    const NAME: &'static str = "emberdeep_plugin";
    const VERSION_STRINGS: VersionStrings = package_version_strings!();
}

/// Another plugin this one needs, with the oldest version that will do.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct Dependency {
    /// The plugin's name.
    pub name: RString,
    /// The oldest acceptable version (`0.1.0`).
    pub min_version: RString,
}

/// A number a plugin reads from its records' `[settings]` (through
/// `GameCtx::setting`): its name, the default the plugin uses when the
/// records leave it out, and the values it may take. The host refuses a
/// records file that names a setting its plugin did not declare (and
/// suggests the nearest), or holds one out of range.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct SettingDecl {
    /// The key in `[settings]`.
    pub name: RString,
    /// The value the plugin uses when the records leave it out.
    pub default: i64,
    /// The least value it may take.
    pub min: i64,
    /// The greatest value it may take.
    pub max: i64,
}

/// Everything a plugin registered, as the host receives it.
#[repr(C)]
#[derive(StableAbi)]
pub struct Registration {
    /// The plugin's name (`core_combat`); its records live in `data/<name>/`.
    pub name: RString,
    /// Its version (`0.1.0`).
    pub version: RString,
    /// Other plugins it needs.
    pub dependencies: RVec<Dependency>,
    /// Item effects by name (`heal`).
    pub item_effects: RVec<Tuple2<RString, ItemEffectBox>>,
    /// Monsters' attacks from afar by name (`arrows`).
    pub ranged_kinds: RVec<Tuple2<RString, RangedKindBox>>,
    /// Monster brains by name (`melee`).
    pub brains: RVec<Tuple2<RString, MonsterBrainBox>>,
    /// Views by name (`glyphs`).
    pub views: RVec<Tuple2<RString, ViewBox>>,
    /// Hooks into the host's own actions (bumping, the side panel, derived stats...).
    pub hooks: ROption<HooksBox>,
    /// The settings it reads, declared (none declared: any name is let in).
    pub settings: RVec<SettingDecl>,
    /// The numbers it keeps in the per-creature store, with their ranges
    /// (`default` unused): a save holding one out of range is refused.
    pub stored: RVec<SettingDecl>,
}

/// Collects what a plugin brings; `register` functions receive one.
///
/// ```
/// use emberdeep_api::*;
/// use abi_stable::std_types::RResult;
///
/// struct Idle;
/// impl MonsterBrain for Idle {
///     fn act(&self, _ctx: Ctx<'_>, _me: EntityId) -> RResult<(), PluginError> {
///         guard(|| Ok(()))
///     }
/// }
///
/// let mut reg = Registrar::new("idle_monsters", "0.1.0");
/// reg.brain("idle", Idle);
/// assert_eq!(reg.names().brains, vec!["idle".to_string()]);
/// ```
pub struct Registrar {
    reg: Registration,
}

/// The names a [`Registrar`] holds so far, per trait (for tests and listings).
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
}

impl Registrar {
    /// A registrar for the plugin `name` at `version`.
    pub fn new(name: &str, version: &str) -> Self {
        Registrar {
            reg: Registration {
                name: name.into(),
                version: version.into(),
                dependencies: RVec::new(),
                item_effects: RVec::new(),
                ranged_kinds: RVec::new(),
                brains: RVec::new(),
                views: RVec::new(),
                hooks: ROption::RNone,
                settings: RVec::new(),
                stored: RVec::new(),
            },
        }
    }

    /// Registers an item effect under `name`; records name it as `effect = "name"`.
    pub fn item_effect(&mut self, name: &str, effect: impl ItemEffect + 'static) -> &mut Self {
        let boxed = ItemEffect_TO::from_value(effect, TD_Opaque);
        self.reg.item_effects.push(Tuple2(name.into(), boxed));
        self
    }

    /// Registers a monster's attack from afar; records name it as `ranged = { kind = "name", ... }`.
    pub fn ranged_kind(&mut self, name: &str, kind: impl RangedKind + 'static) -> &mut Self {
        let boxed = RangedKind_TO::from_value(kind, TD_Opaque);
        self.reg.ranged_kinds.push(Tuple2(name.into(), boxed));
        self
    }

    /// Registers a monster brain; records name it as `brain = "name"`.
    pub fn brain(&mut self, name: &str, brain: impl MonsterBrain + 'static) -> &mut Self {
        let boxed = MonsterBrain_TO::from_value(brain, TD_Opaque);
        self.reg.brains.push(Tuple2(name.into(), boxed));
        self
    }

    /// Registers a view; `F2` cycles through the views of every plugin.
    pub fn view(&mut self, name: &str, view: impl View + 'static) -> &mut Self {
        let boxed = View_TO::from_value(view, TD_Opaque);
        self.reg.views.push(Tuple2(name.into(), boxed));
        self
    }

    /// Sets the plugin's hooks (bumping into monsters, panel and pack lines,
    /// the player's derived damage and defense, the player's steps).
    pub fn hooks(&mut self, hooks: impl Hooks + 'static) -> &mut Self {
        self.reg.hooks = ROption::RSome(Hooks_TO::from_value(hooks, TD_Opaque));
        self
    }

    /// Declares a setting the plugin reads from its records' `[settings]`:
    /// its name, the default it uses when they leave it out, and its range.
    /// Once a plugin declares one, the host refuses any other name in its
    /// `[settings]` and any value out of range, naming the file and line.
    pub fn setting(&mut self, name: &str, default: i64, min: i64, max: i64) -> &mut Self {
        self.reg.settings.push(SettingDecl { name: name.into(), default, min, max });
        self
    }

    /// Declares a number the plugin keeps in the per-creature store
    /// (`GameCtx::store_set`) and the values it may hold: a save whose store
    /// holds that key out of range is refused, by the key and the creature.
    pub fn stored(&mut self, key: &str, min: i64, max: i64) -> &mut Self {
        self.reg.stored.push(SettingDecl { name: key.into(), default: min, min, max });
        self
    }

    /// Declares that this plugin needs plugin `name` at `min_version` or newer.
    pub fn depends_on(&mut self, name: &str, min_version: &str) -> &mut Self {
        self.reg.dependencies.push(Dependency { name: name.into(), min_version: min_version.into() });
        self
    }

    /// The names registered so far.
    pub fn names(&self) -> RegisteredNames {
        let names = |v: Vec<String>| v;
        RegisteredNames {
            item_effects: names(self.reg.item_effects.iter().map(|t| t.0.to_string()).collect()),
            ranged_kinds: names(self.reg.ranged_kinds.iter().map(|t| t.0.to_string()).collect()),
            brains: names(self.reg.brains.iter().map(|t| t.0.to_string()).collect()),
            views: names(self.reg.views.iter().map(|t| t.0.to_string()).collect()),
        }
    }

    /// The finished registration, handed to the host.
    pub fn finish(self) -> Registration {
        self.reg
    }
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
        pub fn get_root_module() -> $crate::PluginModRef {
            use ::abi_stable::prefix_type::PrefixTypeTrait;
            $crate::PluginMod { register: __emberdeep_register }.leak_into_prefix()
        }

        extern "C" fn __emberdeep_register(
            link: $crate::HostLink,
        ) -> ::abi_stable::std_types::RResult<$crate::Registration, $crate::PluginError> {
            $crate::guard(|| {
                $crate::bridge::install(link);
                let mut registrar = $crate::Registrar::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
                $register(&mut registrar)?;
                Ok(registrar.finish())
            })
        }
    };
}
