//! Playing a run.
//!
//! * [`session`]: which run to play (a saved one, a scenario, a fresh one),
//!   saved when it stops, its save deleted when the player dies.
//! * [`save`]: the save file; [`scenario`]: runs from a drawn map;
//!   [`recording`]: a run's seed, plugins and keys, to replay.
//! * [`headless`]: scripted keys without a window.
//! * [`morgue`]: what remains after a run, the morgue file and the scores.
//! * [`prefs`]: what the game remembers between runs (the view, the hints
//!   given), in the config folder.
//! * [`watch`]: `--watch`, a rebuilt plugin reloaded into the run under way.

pub mod headless;
pub mod morgue;
pub mod newrun;
pub mod options;
pub mod prefs;
pub mod recording;
pub mod save;
pub mod scenario;
pub mod session;
pub mod watch;
