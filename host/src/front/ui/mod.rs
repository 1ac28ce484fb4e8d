//! The SDL3 front end: the window loop, the frame drawing it shares with
//! screenshots, the canvas views draw on (with the tile atlas's texture), and
//! the host's built-in views: glyphs and tiles.
//!
//! The game implements [`Frontend`]; [`run_window`] drives it, and
//! [`screenshot()`] draws one frame to a PNG with no display at all.

mod cursor;
mod font;
mod frame;
mod glyph_view;
mod input;
mod layout;
mod painter;
mod screenshot;
mod tile_view;
mod tiles;
mod tinted;
mod window;

#[cfg(test)]
mod tests;

use emberdeep_api::{PluginError, Point, ViewBox};
use emberdeep_engine::animation::Animation;
use emberdeep_engine::boundary::Entry;

use super::keys::Key;
use super::screen::ScreenModel;

pub use glyph_view::glyph_view;
pub use tile_view::tile_view;
pub use screenshot::{render_front, render_rgba, screenshot, screenshot_front, with_offscreen, Offscreen};
pub use window::run_window;

/// The host's own views in `F2` order, by name: glyphs, then tiles.
pub fn host_views() -> Vec<(String, ViewBox)> {
    vec![("glyphs".to_string(), glyph_view()), ("tiles".to_string(), tile_view())]
}

/// Logical screen width; the window scales it (letterboxed).
pub const SCREEN_W: u32 = 1600;
/// Logical screen height.
pub const SCREEN_H: u32 = 900;

/// The view that draws the map, and the one that takes over if it fails.
#[derive(Clone, Copy)]
pub struct Views<'a> {
    /// The view chosen now.
    pub current: &'a Entry<ViewBox>,
    /// The host's glyph view.
    pub fallback: &'a Entry<ViewBox>,
}

/// What the window loop drives; the game implements it.
pub trait Frontend {
    /// What to draw now.
    fn model(&mut self) -> ScreenModel;
    /// The views to draw the map with (the game cycles views on F2 itself).
    fn views(&self) -> Views<'_>;
    /// The current view failed to draw: say so and fall back to the glyph view.
    fn view_failed(&mut self, error: &PluginError);
    /// A key or click; returns false when the game wants to quit.
    fn press(&mut self, key: Key) -> bool;
    /// The mouse is over map cell `cell` (map coordinates); used while aiming.
    fn hover(&mut self, cell: Point);
    /// The window is closing (the game saves).
    fn close(&mut self);
    /// The animations (shots, bursts) the last key caused, taken to be shown.
    fn take_animations(&mut self) -> Vec<Animation> {
        Vec::new()
    }
}
