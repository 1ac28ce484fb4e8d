//! The game's integration tests, one binary: each module was its own test
//! target once; together they build and link once and share two test
//! threads. Those that time a real process or window (a click, a watch,
//! a slow input, confinement) stay their own binaries beside this one.
//! The whole-game modules (`--features emberdeep/whole-game`) run the
//! game's binary or build plugins with cargo.

#[path = "../common/mod.rs"]
mod common;

mod allies;
#[cfg(feature = "whole-game")]
mod api_features;
#[cfg(feature = "whole-game")]
mod arsenal;
mod balance_shards;
#[cfg(feature = "whole-game")]
mod bestiary;
#[cfg(feature = "whole-game")]
mod bestiary_items;
#[cfg(feature = "whole-game")]
mod caves_and_vaults;
mod chapters;
#[cfg(feature = "whole-game")]
mod chapters_bot;
#[cfg(feature = "whole-game")]
mod check;
#[cfg(feature = "whole-game")]
mod check_what_is_seen;
#[cfg(feature = "whole-game")]
mod combat;
#[cfg(feature = "whole-game")]
mod compat;
#[cfg(feature = "whole-game")]
mod composition;
#[cfg(feature = "whole-game")]
mod content;
#[cfg(feature = "whole-game")]
mod depths;
#[cfg(feature = "whole-game")]
mod determinism;
#[cfg(feature = "whole-game")]
mod drawing;
#[cfg(feature = "whole-game")]
mod equipment;
mod error_types;
#[cfg(feature = "whole-game")]
mod examples;
#[cfg(feature = "whole-game")]
mod fields;
#[cfg(feature = "whole-game")]
mod fireball;
mod floor_items;
#[cfg(feature = "whole-game")]
mod goal;
#[cfg(feature = "whole-game")]
mod identify;
#[cfg(feature = "whole-game")]
mod keeping;
mod known_kinds;
mod layers;
mod loot;
#[cfg(feature = "whole-game")]
mod plugin_loading;
#[cfg(feature = "whole-game")]
mod plugin_matrix;
#[cfg(feature = "whole-game")]
mod plugin_tiles;
mod plugin_words;
mod progression;
#[cfg(feature = "whole-game")]
mod ranged;
#[cfg(feature = "whole-game")]
mod refusals;
mod rules_match_docs;
#[cfg(feature = "whole-game")]
mod saves;
#[cfg(feature = "whole-game")]
mod saves_held;
#[cfg(feature = "whole-game")]
mod sdk;
#[cfg(feature = "whole-game")]
mod sides;
#[cfg(feature = "whole-game")]
mod statuses;
mod stealth;
#[cfg(feature = "whole-game")]
mod terrain_plugin;
#[cfg(feature = "whole-game")]
mod tiles;
#[cfg(feature = "whole-game")]
mod time_savers;
mod timeline;
#[cfg(feature = "whole-game")]
mod timeline_replay;
#[cfg(feature = "whole-game")]
mod trace;
#[cfg(feature = "whole-game")]
mod trials_and_files;
#[cfg(feature = "whole-game")]
mod views;
