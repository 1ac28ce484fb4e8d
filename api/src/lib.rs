//! # emberdeep_api: the plugin SDK of Emberdeep
//!
//! Emberdeep is a turn-based roguelike whose feature sets are plugins: dynamic
//! libraries the host loads at startup. This crate is the whole boundary
//! between them, built on [`abi_stable`] so that the host checks every type's
//! layout when it loads a plugin and refuses an incompatible one by name.
//!
//! A plugin is a `cdylib` that depends on this crate (and `abi_stable`), and
//! exports its root module with [`export_plugin!`]. Its `register` function
//! adds named implementations of plain Rust traits:
//!
//! * [`ItemEffect`]: what using an item does (at once, or after aiming);
//! * [`RangedKind`]: a monster's attack from afar;
//! * [`MonsterBrain`]: what a monster does on its turn (and may run another
//!   brain for the fighting part);
//! * [`View`]: how the world is drawn, from a [`Scene`] of cells and creatures;
//! * [`Status`]: what a status (frozen, confused, poisoned) does each turn;
//! * [`Hooks`]: questions (the player's derived damage and defense, what
//!   can be thrown), screen text (side panel and pack lines), keys (bumping
//!   into monsters, `f`, `t`, picking up, and keys of its own), and the
//!   events of a run (a step, a death, a hurt, the end of a turn, a new
//!   floor, an item picked up or used).
//!
//! Start with the [`guide`]: from an empty folder to a plugin the game loads.
//! Records in `data/<plugin name>/*.toml` name these implementations
//! (`brain = "melee"`, `effect = "heal"`); `docs/records.md` in the
//! repository lists every field.
//!
//! Plugins keep no game state: they act through the [`Ctx`] they are handed
//! (dice from the run's RNG, the map, creatures, attacks, noise, messages,
//! statuses, the pack, item records, its settings, and stores of numbers
//! and texts on creatures and on items, which the host saves). A method returns a
//! [`PluginResult`]; an error or a panic inside it is reported by the
//! plugin's name and the run goes on. `tracing` macros in a plugin work as
//! anywhere: [`export_plugin!`] installs a bridge that carries them to the
//! host's trace, under the plugin's name.
//!
//! ```no_run
//! use emberdeep_api::*;
//!
//! struct Idle;
//! impl MonsterBrain for Idle {
//!     fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
//!         tracing::info!(monster = me.0, "stays put");
//!         if !ctx.sees_player(me) {
//!             ctx.wander(me);
//!         }
//!         Ok(())
//!     }
//! }
//!
//! fn register(reg: &mut Registrar) -> Result<(), PluginError> {
//!     reg.brain("idle", Idle);
//!     Ok(())
//! }
//!
//! export_plugin!(register);
//! ```
//!
//! # Versions
//!
//! From 1.0 on, a plugin built against any 1.x loads into a host of any
//! other 1.y: methods added later have defaults, and structs that cross
//! never change (see [`abi`]). A plugin built against another major
//! version is refused with one line naming both versions.
#![deny(missing_docs)]
#![allow(non_local_definitions)]

pub mod abi;
pub mod author;
pub mod bridge;
pub mod ctx;
pub mod error;
pub mod floor;
pub mod guide;
pub mod looks;
pub mod plugin;
pub mod rules;
pub mod scene;
pub mod terrain_traits;
pub mod testing;
pub mod types;

pub use abi::TerrainHidden;
pub use abi_stable;
/// The FFI-safe standard types some of the api's structs hold. A plugin
/// reads them (`as_str()`, `to_string()`, the accessors that give an
/// `Option`) and never needs to build one: the constructors and builders
/// take `&str`, `Option` and `Vec`.
pub use abi_stable::std_types::{ROption, RString, RVec};
pub use author::{
    Hooks, ItemEffect, ItemNames, LevelFeature, LevelGen, MonsterBrain, RangedKind, Status, TerrainCode, Vetoes, View,
};
pub use bridge::{FieldValue, HostLink, HostLogFn, LogField, LogRecord};
pub use ctx::{capitalized, Canvas, Ctx};
pub use error::{PluginError, PluginResult};
pub use floor::Floor;
pub use looks::{CreatureLook, MonsterInfo};
pub use plugin::{RegisteredNames, Registrar, StatusSpec, TerrainSpec};
// 1.7 (fields)
pub use plugin::FieldSpec;
pub use rules::{blow_damage, the, with_article};
pub use scene::{Light, Scene, SceneCell, SceneCreature, Terrain};
pub use types::*;

/// The api's version, which the host compares with a plugin's when it loads
/// it. 1.0 is the first stable line: plain traits for authors, statuses,
/// events, items with identity, brains on brains, views that see creatures,
/// item roles. 1.1 adds a plugin's own keys (`Hooks::key`, `Hooks::keys`).
/// 1.2 has the host answer a declared setting's default
/// ([`Ctx::setting_value`]), builders so that no author writes the FFI
/// types ([`Attack::new`], [`ItemUse::from_record`], [`KeyAnswer::aim`],
/// [`Look::new`], the scene's constructors, [`testing::TestCanvas`]), what
/// an item's effect says of its numbers (`ItemEffect::gear`,
/// `ItemEffect::facts`), the player's level a plugin declares
/// (`Registrar::player_level`) and the events it writes
/// (`Registrar::event`, `Registrar::writes_no_events`).
pub const API_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The major version: plugins of another major version are refused.
pub const API_MAJOR: u32 = 1;
