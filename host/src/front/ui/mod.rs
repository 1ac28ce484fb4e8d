//! The SDL3 front end: the window loop, the frame drawing it shares with
//! screenshots, the canvas views draw on (with the tile atlas's texture), and
//! the host's built-in views: glyphs and tiles.
//!
//! The game implements [`Frontend`]; [`run_window`] drives it, and
//! [`screenshot()`] draws one frame to a PNG with no display at all.

mod cursor;
mod error;
mod font;
mod frame;
mod frontend;
mod glyph_view;
mod input;
mod layout;
mod map_layer;
mod newrun_screen;
mod painter;
pub(crate) mod panel;
mod screenshot;
mod tile_view;
mod tiles;
mod timeline_pane;
mod tinted;
mod window;

#[cfg(test)]
mod tests;

use emberdeep_api::abi::ViewBox;
use emberdeep_engine::data::records::Records;

pub use error::{DrawError, Result};
pub use frontend::{cell_size_of, Frontend, Views};
pub use glyph_view::{glyph_view, glyph_view_sized, CELL as GLYPH_CELL};
pub use newrun_screen::{run_new_run, Style};
pub use screenshot::{render_front, render_rgba, screenshot, screenshot_front, with_offscreen, Offscreen};
pub use tile_view::{tile_view, tile_view_sized, CELL as TILE_CELL};
pub use timeline_pane::{pane_chars, PANE_LINES};
pub use window::run_window;

/// The host's own views in `F2` order, by name: glyphs, then tiles (which
/// tints the tiles `records` say to).
pub fn host_views(records: &Records) -> Vec<(String, ViewBox)> {
    vec![("glyphs".to_string(), glyph_view()), ("tiles".to_string(), tile_view(records))]
}

pub use layout::{screen_h, screen_w};
