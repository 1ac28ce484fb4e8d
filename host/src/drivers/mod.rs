//! The drivers: what starts, stops and repeats runs, on top of the front end.
//! Four folders, and the command line:
//!
//! * [`play`]: playing a run: which run to play, its saves, scenarios,
//!   recordings, headless keys, the morgue, reloads.
//! * [`lab`]: runs played by the game itself: the bot, its jobs, the balance
//!   lab and its report, a player of keys.
//! * [`review`]: looking back at runs: the trace tools and their event
//!   patterns, the timeline and its screen, replays, `emberdeep check`.
//! * [`cli`]: the command line; [`progress`]: the long commands' bars
//!   or lines; [`confine`]: the kernel's confinement of the game and its
//!   plugins; [`console`]: what the commands print, quietly dropped once
//!   its reader is gone.
//! * [`packages`]: plugin packages: `emberdeep plugin add|list|remove`.

pub mod cli;
pub mod confine;
pub mod console;
pub mod lab;
pub mod packages;
pub mod play;
pub mod progress;
pub mod review;
