//! The boundary: the only place the engine lends the game to a plugin.
//!
//! [`call`] holds the one function every call into a plugin goes through
//! ([`Game::call`](crate::world::game::Game::call) when the plugin gets a context,
//! [`call_drawing`] when it only draws, [`call_generator`] when it makes a
//! floor on a [`HostFloor`]); [`ctx`] is the context it lends,
//! which answers the plugin's questions and carries out what it asks.
//! Registered implementations sit in [`Entry`]s whose implementation only
//! this module can reach, so no other code can call a plugin around it.

mod access;
mod call;
mod ctx;
mod floor;

pub use crate::plugins::entry::Entry;
pub use access::Access;
pub use call::{call_drawing, call_generator};
pub use ctx::{HostCtx, BOUNDARY_CALLS, CALLBACKS};
pub use floor::HostFloor;
