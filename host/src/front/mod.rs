//! The front end: the game as a person sees and drives it. It reads the
//! engine's [`Game`](emberdeep_engine::Game) and turns keys into its
//! actions; it never decides a rule. Drawing changes neither the game nor
//! its trace: plugins asked while a frame is drawn are asked to look.
//!
//! * [`app`]: the modes and what each key does in each.
//! * [`model`]: the [`screen::ScreenModel`] a frame is drawn from (the map
//!   scene, the side panel, the log, overlays); [`look`]: the look panel;
//!   [`camera`]: which cells are shown.
//! * [`playback`]: animations shown frame by frame.
//! * [`autopilot`]: the time-savers' keys (rest, explore, travel) and how
//!   their steps are pressed.
//! * [`keys`]: the keys and the notation of scripted keys.
//! * [`atlas`]: the tile atlas's image; [`ui`]: SDL3 (window, screenshots,
//!   the host's glyph and tile views).

pub mod aiming;
pub mod app;
pub mod atlas;
pub mod autopilot;
pub mod bindings;
pub mod camera;
pub mod help;
pub mod keys;
pub mod look;
pub mod menus;
pub mod model;
pub mod newrun;
pub mod playback;
pub mod screen;
pub mod screen_size;
pub mod ui;

#[cfg(test)]
mod camera_tests;
#[cfg(test)]
mod play_tests;
