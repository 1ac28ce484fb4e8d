//! # emberdeep_api: the plugin SDK of Emberdeep
//!
//! Emberdeep is a turn-based roguelike whose feature sets are plugins: dynamic
//! libraries the host loads at startup. This crate is the whole boundary
//! between them, built on [`abi_stable`] so that the host checks every type's
//! layout when it loads a plugin and refuses an incompatible one by name.
//!
//! A plugin is a `cdylib` that depends on this crate (and `abi_stable`), and
//! exports its root module with [`export_plugin!`]. Its `register` function
//! adds named implementations of the extension traits:
//!
//! * [`ItemEffect`]: what using an item does (at once, or after aiming);
//! * [`RangedKind`]: a monster's attack from afar;
//! * [`MonsterBrain`]: what a monster does on its turn;
//! * [`View`]: how the world is drawn;
//!
//! and optionally [`Hooks`] (bumping into monsters, side panel and pack
//! screen lines, the player's derived damage and defense, the player's steps,
//! the `f` and `t` keys, picking things up).
//! Start with the [`guide`]: from an empty folder to a plugin the game loads.
//! Records in `data/<plugin name>/*.toml` name these implementations
//! (`brain = "melee"`, `effect = "heal"`).
//!
//! Plugins keep no game state: they act through the [`Ctx`] they are handed
//! (dice from the run's RNG, the map, creatures, attacks, noise, messages, the
//! pack, item records and a per-creature store of numbers and texts the host
//! saves). Every method body runs under
//! [`guard()`], so a panic becomes a [`PluginError`] the host reports by the
//! plugin's name instead of taking the game down. `tracing` macros in a plugin
//! work as anywhere: [`export_plugin!`] installs a bridge that carries them to
//! the host's trace, under the plugin's name.
//!
//! ```no_run
//! use emberdeep_api::*;
//! use abi_stable::std_types::RResult;
//!
//! struct Idle;
//! impl MonsterBrain for Idle {
//!     fn act(&self, _ctx: Ctx<'_>, me: EntityId) -> RResult<(), PluginError> {
//!         guard(|| {
//!             tracing::info!(monster = me.0, "stays put");
//!             Ok(())
//!         })
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
#![deny(missing_docs)]
#![allow(non_local_definitions)]

pub mod bridge;
pub mod context;
pub mod guard;
pub mod guide;
pub mod plugin;
pub mod scene;
pub mod traits;
pub mod types;

pub use abi_stable;
pub use bridge::{FieldValue, HostLink, HostLogFn, LogField, LogRecord};
pub use context::{Ctx, GameCtx, GameCtx_TO};
pub use guard::{guard, PluginError};
pub use plugin::{Dependency, PluginMod, PluginModRef, RegisteredNames, Registrar, Registration, SettingDecl};
pub use scene::{Light, Look, Scene, SceneCell, Terrain};
pub use traits::*;
pub use types::*;

/// The api's version, which the host compares with a plugin's when it loads it:
/// a plugin built against another `0.y` line (0.1 against 0.2) is refused
/// with both versions named. 0.2 added the pack, item records, texts in the
/// store, derived stats and `ItemUse::slot`; 0.3 added aiming for any plugin
/// (`AimRequest::stops_at_cursor`, `KeyAnswer`, the `fire`, `throw`,
/// `throwable` and `pick_up` hooks, `ItemEffect::aim_cancelled` and
/// `describe_target`), item placement, monsters' attacks from afar
/// (`GameCtx::try_ranged`), bursts, animations and plugins' own trace events;
/// 0.4 added declared settings and stored numbers (`Registrar::setting` and
/// `stored`, `Registration::settings` and `stored`).
pub const API_VERSION: &str = env!("CARGO_PKG_VERSION");
