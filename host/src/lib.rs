//! # emberdeep: the host
//!
//! The game binary. It owns the dungeon, the turn, the screen and the trace;
//! everything else (melee, monsters, items' effects, views) comes from
//! plugins loaded at startup from dynamic libraries.
//!
//! A map of the code: `map`, `mapgen`, `sight` and `paths` are the dungeon;
//! `world` is a run's state; `turn`, `monsters`, `items` and `spawn` change it;
//! `ctx` lends it to plugins and `aiming` runs the cursor of a shot;
//! `plugins` loads the plugins and `data` reads their records; `app` turns
//! keys into actions and state into a `screen` model that `ui` draws;
//! `trace` writes the turn events; `bot`, `headless`, `setup` and
//! `scenario` drive runs without a person.

pub mod aiming;
pub mod app;
pub mod atlas;
pub mod bot;
pub mod cli;
pub mod ctx;
pub mod data;
pub mod effects;
pub mod headless;
pub mod hooks;
pub mod items;
pub mod keys;
pub mod log;
pub mod map;
pub mod mapgen;
pub mod monsters;
pub mod paths;
pub mod plugins;
pub mod record;
pub mod rng;
pub mod roster;
pub mod save;
pub mod scenario;
pub mod screen;
pub mod setup;
pub mod sight;
pub mod spawn;
pub mod trace;
pub mod trace_tools;
pub mod turn;
pub mod ui;
pub mod world;
