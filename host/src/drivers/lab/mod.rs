//! Runs the game plays by itself, to measure it.
//!
//! * [`bot`]: a player that plays whole runs; [`bot_jobs`]: its runs on
//!   every core, put back in run order.
//! * [`balance`]: plugin sets compared over the bot's runs;
//!   [`balance_report`]: its plots and HTML page; [`balance_parts`]: a
//!   comparison played in shards on many machines and merged.
//! * [`key_player`]: a player of keys whose runs the timeline's tests and
//!   benchmark step through.

pub mod balance;
pub mod balance_parts;
pub mod balance_report;
pub mod bot;
pub mod bot_jobs;
pub mod key_player;
