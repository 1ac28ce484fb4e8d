//! Animations a turn asks for: a missile's flight along its path and a
//! burst where it lands, queued here by plugins (`GameCtx::animate`) while
//! the turn plays. They are decoration, made from what the turn already
//! decided: nothing in the engine reads them, none is traced, and the front
//! end shows or drops them, so a run is the same either way.
//!
//! Plugins ask for the flight before they apply what it does (the hit, the
//! death, the arrow landing), so each animation keeps the [`Scenery`] of
//! that moment: who stood where and what lay where. The front end draws the
//! flight over that, and the world as it is now only once it has landed.

use emberdeep_api::{EntityId, Look, Point};

/// One thing to show: a missile's flight, then an optional burst where it ends.
#[derive(Debug, Clone, PartialEq)]
pub struct Animation {
    /// What flies (glyph, colour and tile), one cell of `path` per frame.
    pub missile: Look,
    /// The cells it passes, in order, the shooter's own cell left out.
    pub path: Vec<Point>,
    /// The cells that flash when it lands (a fireball's), empty for none.
    pub burst: Vec<Point>,
    /// The floor when the shot was made, drawn while it flies (`None`: as it is now).
    pub before: Option<Scenery>,
}

/// What stood and lay on the floor at one moment, as the screen draws it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scenery {
    /// Every creature, the player included: who, where, how it looks.
    pub creatures: Vec<(EntityId, Point, Look)>,
    /// Every item on the floor, in the floor's order (the last on a cell is on top).
    pub items: Vec<(Point, Look)>,
}

impl Scenery {
    /// The creature standing on `p` then.
    pub fn creature_at(&self, p: Point) -> Option<&(EntityId, Point, Look)> {
        self.creatures.iter().find(|(_, at, _)| *at == p)
    }

    /// The look of the item on top at `p` then.
    pub fn item_at(&self, p: Point) -> Option<&Look> {
        self.items.iter().rev().find(|(at, _)| *at == p).map(|(_, look)| look)
    }
}
