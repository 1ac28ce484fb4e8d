//! Animations a turn asks for: a missile's flight along its path and a
//! burst where it lands, queued here by plugins (`GameCtx::animate`) while
//! the turn plays. They are decoration, made from what the turn already
//! decided: nothing in the engine reads them, none is traced, and the front
//! end shows or drops them, so a run is the same either way.

use emberdeep_api::{Look, Point};

/// One thing to show: a missile's flight, then an optional burst where it ends.
#[derive(Debug, Clone, PartialEq)]
pub struct Animation {
    /// What flies (glyph, colour and tile), one cell of `path` per frame.
    pub missile: Look,
    /// The cells it passes, in order, the shooter's own cell left out.
    pub path: Vec<Point>,
    /// The cells that flash when it lands (a fireball's), empty for none.
    pub burst: Vec<Point>,
}
