//! The drivers: what starts, stops and repeats runs, on top of the front end.
//!
//! * [`session`]: which run to play (a saved one, a scenario, a fresh one),
//!   saved when it stops, its save deleted when the player dies.
//! * [`save`]: the save file; [`scenario`]: runs from a drawn map;
//!   [`recording`]: a run's seed, plugins and keys, to replay; [`replay`]:
//!   what `--replay` reads (a recording, a trace or a save).
//! * [`morgue`]: what remains after a run, the morgue file and the scores.
//! * [`headless`]: scripted keys without a window; [`bot`]: a player that
//!   plays whole runs, [`bot_jobs`] on every core, [`balance`] compares
//!   plugin sets over its runs; [`trace_tools`]: `trace summary`, `trace events` and
//!   `trace diff`, over [`trace_query`]'s event patterns; [`check`]: scenario
//!   files' expectations (`emberdeep check`);
//!   [`cli`]: the command line; [`watch`]: `--watch`, a rebuilt plugin
//!   reloaded into the run under way.
//! * [`timeline`]: a recorded run to step through, turn by turn (snapshots
//!   and seeking); [`timeline_screen`]: its screen and keys; [`key_player`]:
//!   a player of keys whose runs the timeline's tests step through.

pub mod balance;
pub mod balance_report;
pub mod bot;
pub mod bot_jobs;
pub mod check;
pub mod cli;
pub mod headless;
pub mod key_player;
pub mod morgue;
pub mod recording;
pub mod replay;
pub mod save;
pub mod scenario;
pub mod session;
pub mod timeline;
pub mod timeline_screen;
pub mod trace_query;
pub mod trace_tools;
pub mod watch;
