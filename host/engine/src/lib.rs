//! # emberdeep_engine: the rules of Emberdeep and the state of a run
//!
//! Everything that decides what happens, and nothing that shows it: this
//! crate has no screen in its dependencies, so the compiler keeps drawing
//! out of the rules. The binary (`emberdeep`) puts a front end and the
//! drivers (sessions, saves, scenarios, replays, the bot) on top of it.
//!
//! The folders, lowest first; a folder imports only those before it (a
//! test reads the `use crate::` lines and fails on an import against this
//! order, and on any import circle):
//!
//! * [`core`]: pure functions of their inputs: the map and its generation,
//!   sight and lines of fire, distance maps, the run's RNG.
//! * [`data`]: what comes in and goes out as text: the plugins' records
//!   (checked, with their schema and reference), the host's numbers, the
//!   atlas's index, the trace, and reading untrusted files.
//! * [`plugins`]: the plugin loader and registry, then (above the world)
//!   the [`boundary`](plugins::boundary), the one way into a plugin.
//! * [`world`]: [`Game`](world::game::Game), one run's state, and its parts.
//! * [`rules`]: the rules that change a `Game`, from [`turn`](rules::turn)
//!   down.

pub mod core;
pub mod data;
pub mod plugins;
pub mod rules;
pub mod world;

pub use rules::turn::Action;
pub use world::game::Game;
