//! # emberdeep_engine: the rules of Emberdeep and the state of a run
//!
//! Everything that decides what happens, and nothing that shows it: this
//! crate has no screen in its dependencies, so the compiler keeps drawing
//! out of the rules. The binary (`emberdeep`) puts a front end and the
//! drivers (sessions, saves, scenarios, replays, the bot) on top of it.
//!
//! * [`core`]: pure functions of their inputs: the map and its generation,
//!   sight and lines of fire, distance maps, the run's RNG.
//! * [`game`]: [`Game`](game::Game), one run's state; [`creature`],
//!   [`roster`], [`pack`], [`rules`] and [`log`] are its parts.
//! * [`asking`]: what the player may ask without playing a turn (look, item cards, plugin keys).
//! * [`turn`], [`monsters`], [`items`], [`spawn`], [`aiming`], [`stats`],
//!   [`statuses`], [`hooks`] and [`events`]: the rules that change a `Game`; [`targeting`] (the aim
//!   and its path) and [`derived`] (the player's derived numbers) are state.
//! * [`records`]: the plugins' data records; [`records_schema`] and
//!   [`records_doc`]: their JSON Schema and reference, made from the same
//!   types; [`tile_index`]: the tile atlas's index, which every record's
//!   tile must be in.
//! * [`travel`]: the time-savers (rest, auto-explore, travel), as runs of
//!   ordinary player actions.
//! * [`trace`]: the turn events; [`animation`]: what a turn asks the screen
//!   to show (never read back).
//! * [`loader`]: finding, checking and registering plugins; [`boundary`]:
//!   the context lent to them and the one function every call goes through.
//!
//! Dependencies inside the crate run one way: no module imports one that
//! imports it back (a test reads the `use crate::` lines and fails on a circle).

pub mod aiming;
pub mod animation;
pub mod asking;
pub mod boundary;
pub mod core;
pub mod creature;
pub mod derived;
pub mod events;
pub mod game;
pub mod goal;
pub mod hooks;
pub mod input;
pub mod items;
pub mod loader;
pub mod log;
pub mod monsters;
pub mod pack;
pub mod records;
pub mod records_doc;
pub mod records_schema;
pub mod roster;
pub mod rules;
pub mod spawn;
pub mod stats;
pub mod statuses;
pub mod targeting;
pub mod tile_index;
pub mod trace;
pub mod travel;
pub mod turn;

pub use game::Game;
pub use turn::Action;
