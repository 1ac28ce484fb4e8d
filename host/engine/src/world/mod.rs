//! One run's state: [`game::Game`] and its parts, each plain data with no
//! rule of its own: [`creature`]s in a [`roster`] (by id, with an occupancy
//! grid), the [`pack`], the heaps on the floor ([`floor_items`]), the message [`log`], the player's
//! [`derived`] numbers as last asked, the [`targeting`] state (the aim and
//! its path), and the [`animation`]s a turn asks the screen to show; and
//! [`restore`], a run put back together from plain parts (a save's), held
//! to the rules a `Game` keeps, which [`Game::check`](game::Game::check)
//! holds a live run to as well.
//!
//! **Invariant:** the world changes only through the rules (`rules/`), the
//! boundary (`plugins::boundary`) and the few calls of [`game::Game`] the
//! front end and the drivers make (a line in the log, a scene laid out
//! before play), its fields being the engine's own; it imports `core`,
//! `data` and the plugin registry, never the rules.

pub mod animation;
pub mod creature;
pub mod derived;
pub mod floor_items;
pub mod game;
pub mod log;
pub mod pack;
pub mod restore;
pub mod roster;
pub mod targeting;
