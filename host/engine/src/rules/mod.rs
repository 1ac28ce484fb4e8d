//! The rules that change a [`Game`](crate::world::game::Game), one topic a
//! file. A turn reads from [`turn`] down: the player's action, then the
//! fixed order ([`monsters`] in id order, the turn counted, healing,
//! [`statuses`] counted down, one death check), with [`events`] told to
//! every plugin's hooks in load order.
//!
//! * [`turn`]: the player's action and the turn's fixed order.
//! * [`monsters`]: awareness, noise, moving, attacks applied.
//! * [`items`]: picking up, dropping, using; [`hooks`]: the pack header,
//!   picking up, throwable, the player's steps; [`stats`]: the player's
//!   damage and defense from the first plugin that answers.
//! * [`keeping`]: items that stay themselves: held by a plugin, put back,
//!   placed, given to a monster and dropped where it dies.
//! * [`statuses`]: registered statuses borne by creatures.
//! * [`terrain`]: terrain by name, laid by plugins, hidden terrain found,
//!   a terrain's code run when a creature steps on it.
//! * [`events`]: deaths, hurts, turn ends, new floors, pick-ups and uses.
//! * [`shaping`]: floors a plugin's level generator makes, checked;
//! * [`spawn`]: filling a floor; [`pieces`]: the map pieces laid into its
//!   rooms; [`goal`]: the deepest floor's ember-heart.
//! * [`aiming`]: the Targeting state's rules (cursor, Tab, the shot).
//! * [`asking`]: what the player may ask without a turn passing;
//!   [`questions`]: a plugin's yes/no question to the player, and the
//!   lines plugins add to the end of a run.
//! * [`travel`]: the time-savers, as runs of ordinary player actions.
//! * [`vetoes`]: the plugins' say over steps, uses and drops, and the
//!   falls they ask for.
//! * [`naming`]: how items are named to the player (a plugin's item names
//!   first, then the record's).
//! * [`looks`]: a creature's own name and look, and disguises (api 1.6).
//! * [`knowing`]: which item kinds the player knows (api 1.6).
//! * [`layers`]: the plugins' fields that spread (fire, gas; api 1.7).
//!
//! **Invariant:** the rules sit on top: nothing outside `rules/` imports
//! them (the import test holds the order of the engine's folders).

pub mod aiming;
pub mod asking;
pub mod events;
pub mod goal;
pub mod hooks;
pub mod items;
pub mod keeping;
pub mod knowing;
pub mod layers;
pub mod looks;
pub mod monsters;
pub mod naming;
pub mod pieces;
pub mod placing;
pub mod questions;
pub mod shaping;
pub mod sides;
pub mod spawn;
pub mod stats;
pub mod statuses;
pub mod terrain;
pub mod travel;
pub mod turn;
pub mod vetoes;
