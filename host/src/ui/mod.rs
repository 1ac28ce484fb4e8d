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

use emberdeep_api::{Point, ViewBox};

use crate::keys::Key;
use crate::screen::ScreenModel;

pub use glyph_view::glyph_view;
pub use tile_view::tile_view;
pub use screenshot::{render_rgba, screenshot, with_offscreen, Offscreen};
pub use window::run_window;

/// The host's own views in `F2` order, by name: glyphs, then tiles.
pub fn host_views() -> Vec<(String, ViewBox)> {
    vec![("glyphs".to_string(), glyph_view()), ("tiles".to_string(), tile_view())]
}

/// Logical screen width; the window scales it (letterboxed).
pub const SCREEN_W: u32 = 1600;
/// Logical screen height.
pub const SCREEN_H: u32 = 900;

/// What the window loop drives; the game implements it.
pub trait Frontend {
    /// What to draw now.
    fn model(&mut self) -> ScreenModel;
    /// The view that draws the map now (the game cycles views on F2 itself).
    fn view(&self) -> &ViewBox;
    /// A key or click; returns false when the game wants to quit.
    fn press(&mut self, key: Key) -> bool;
    /// The mouse is over map cell `cell` (map coordinates); used while aiming.
    fn hover(&mut self, cell: Point);
    /// The window is closing (the game saves).
    fn close(&mut self);
    /// The effects (shots, bursts) the last key caused, taken to be shown.
    fn take_effects(&mut self) -> Vec<crate::effects::Effect> {
        Vec::new()
    }
}
