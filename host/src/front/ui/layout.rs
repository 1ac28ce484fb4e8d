//! Where things go on the 1600x900 logical screen: the map area, the side
//! panel and the log, plus the text sizes the host uses.

/// Logical screen width; the window scales it (letterboxed).
pub const SCREEN_W: u32 = 1600;
/// Logical screen height.
pub const SCREEN_H: u32 = 900;

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

/// The map view's area.
pub(crate) const MAP: Area = Area::new(0, 0, 1280, 720);
/// The side panel, full height at the right.
pub(crate) const PANEL: Area = Area::new(1280, 0, 320, SCREEN_H);
/// The message log, under the map.
pub(crate) const LOG: Area = Area::new(0, 720, 1280, 180);

/// Ordinary text: 8x8 glyphs doubled.
pub(crate) const TEXT_PX: u32 = 16;
/// Titles: 8x8 glyphs at four times.
pub(crate) const TITLE_PX: u32 = 32;
/// Distance between the tops of two lines of ordinary text.
pub(crate) const LINE_STEP: i32 = TEXT_PX as i32 + 2;
