//! The drivers: what starts, stops and repeats runs, on top of the front end.
//! Three folders, and the command line:
//!
//! * [`play`]: playing a run: which run to play, its saves, scenarios,
//!   recordings, headless keys, the morgue, reloads.
//! * [`lab`]: runs played by the game itself: the bot, its jobs, the balance
//!   lab and its report, a player of keys.
//! * [`review`]: looking back at runs: the trace tools and their event
//!   patterns, the timeline and its screen, replays, `emberdeep check`.
//! * [`cli`]: the command line.

pub mod cli;
pub mod lab;
pub mod play;
pub mod review;
