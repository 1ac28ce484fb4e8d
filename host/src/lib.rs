//! # emberdeep: the game binary's library
//!
//! The rules live in the engine crate ([`emberdeep_engine`], re-exported as
//! [`engine`]); this crate puts the rest on top, in two layers:
//!
//! * [`front`]: the game as a person sees and drives it: modes and keys,
//!   the screen model (map scene, panels, the look panel, overlays), the
//!   camera, animation playback, the tile atlas, and SDL3 (`front::ui`).
//! * [`drivers`]: what starts, stops and repeats runs: the session (continue,
//!   scenario or a fresh run; save on stop, delete on death), saves,
//!   scenarios, recordings and replays, headless runs, the bot, the trace
//!   tools and the command line.
//!
//! Dependencies run one way: drivers, then front, then engine, then api.

pub use emberdeep_engine as engine;

pub mod drivers;
pub mod front;
