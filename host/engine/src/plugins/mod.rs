//! The plugins: finding, checking, trying and registering them
//! ([`loader`]), and the [`boundary`], the only place the engine lends the
//! game to a plugin and the one function every call goes through.
//!
//! **Invariant:** a damaged library is refused in one line naming it; it can
//! crash a trial, never the game. Every call into a plugin goes through the
//! boundary.

pub mod boundary;
pub mod entry;
pub mod loader;
