//! The plugins: finding, checking, trying and registering them, and the
//! [`boundary`], the only place the engine lends the game to a plugin and
//! the one function every call goes through.
//!
//! Loading runs in this order ([`loader`] holds it, start to end):
//! [`discovery`] finds the plugin folder's libraries by plugin name (and
//! copies them for `--watch`); [`elf`] reads each file's ELF headers before
//! the dynamic loader may; [`trial`] tries each in a child process through
//! the binary's probe, then opens it and runs its `register`; [`registry`]
//! keeps what each registered in [`Plugins`](registry::Plugins), refusing a
//! name registered twice; [`order`] checks the dependencies and puts each
//! plugin after those it needs. A registered implementation sits in an
//! [`entry::Entry`] that only this folder can open. [`catalog`] lists
//! every plugin of both folders (the game's own and the player's) with what
//! it says of itself, or why it cannot be used.
//!
//! **Invariant:** a damaged library is refused in one line naming it; it can
//! crash a trial, never the game. Every call into a plugin goes through the
//! boundary. Everything here but the boundary sits below `world`.

pub mod boundary;
pub mod catalog;
pub mod discovery;
pub mod elf;
pub mod entry;
pub mod loader;
pub mod order;
pub mod registry;
pub mod trial;
