//! Where things go on the logical screen (1600x900, or the window's size): the map area, the side
//! panel and the log, plus the text sizes the host uses.

use crate::front::screen_size::{map_area as map_size, screen_size, FRAME_EDGES};

/// Logical screen width: 1600, or the window's ([`crate::front::screen_size::set_screen_size`]).
pub fn screen_w() -> u32 {
    screen_size().0
}

/// Logical screen height: 900, or the window's.
pub fn screen_h() -> u32 {
    screen_size().1
}

/// A rectangle in logical pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Area {
    pub x: i32,
    pub y: i32,
    pub w: u32,
    pub h: u32,
}

impl Area {
    pub const fn new(x: i32, y: i32, w: u32, h: u32) -> Self {
        Area { x, y, w, h }
    }

    /// Whether the logical point lies inside.
    pub fn contains(self, x: f32, y: f32) -> bool {
        let (x0, y0) = (self.x as f32, self.y as f32);
        x >= x0 && y >= y0 && x < x0 + self.w as f32 && y < y0 + self.h as f32
    }

    /// A `w` by `h` area centred in this one.
    pub fn centred(self, w: u32, h: u32) -> Area {
        let x = self.x + (self.w as i32 - w as i32) / 2;
        let y = self.y + (self.h as i32 - h as i32) / 2;
        Area::new(x, y, w, h)
    }
}

/// The map view's area: what the panel and the log leave.
pub(crate) fn map_area() -> Area {
    let (w, h) = map_size();
    Area::new(0, 0, w, h)
}

/// The side panel, full height at the right.
pub(crate) fn panel_area() -> Area {
    let (w, _) = map_size();
    Area::new(w as i32, 0, FRAME_EDGES.0, screen_h())
}

/// The message log, under the map.
pub(crate) fn log_area() -> Area {
    let (w, h) = map_size();
    Area::new(0, h as i32, w, FRAME_EDGES.1)
}

/// Ordinary text: 8x8 glyphs doubled.
pub(crate) const TEXT_PX: u32 = 16;
/// Titles: 8x8 glyphs at four times.
pub(crate) const TITLE_PX: u32 = 32;
/// Distance between the tops of two lines of ordinary text.
pub(crate) const LINE_STEP: i32 = TEXT_PX as i32 + 2;
