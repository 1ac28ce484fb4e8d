//! Which cells of the map are shown: all of it if it fits, else a window
//! of it that holds still while the player walks about inside it. Only
//! when the player comes within the margin (the options' `[camera]
//! margin`, in cells) of the map area's edge does the camera move, and
//! then it centres on the player along that axis alone, so the map never
//! slides under the player's eyes (or under the mouse) step by step, as
//! Brogue's and DCSS's keep still. A new floor, or another run, centres
//! the camera again.
//!
//! While aiming or looking, the window holds still until the cursor leaves
//! it, then centres on the cursor, so the map never slides under the mouse.
//!
//! The camera is drawing state: it reads the game and never changes it,
//! nor its trace.

use emberdeep_api::Point;
use emberdeep_engine::Game;

/// The margin, in cells, when the options file names none.
pub const MARGIN: u32 = 6;
/// The margins the options file may choose.
pub const MARGINS: std::ops::RangeInclusive<u32> = 0..=40;

/// The camera's memory between frames.
#[derive(Debug, Clone)]
pub struct Camera {
    /// The corner shown last, and the run and floor it was shown on.
    kept: Option<(Point, Place)>,
    /// How near the map area's edge the player may come before the camera
    /// moves, in cells (at most a quarter of the cells shown across that axis).
    margin: u32,
}

/// The run and floor a corner was kept on: another floor is another map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Place {
    seed: u64,
    floor: u32,
    size: (i32, i32),
}

impl Default for Camera {
    fn default() -> Self {
        Camera { kept: None, margin: MARGIN }
    }
}

impl Camera {
    /// A camera that moves when the player comes within `margin` cells of the edge.
    pub fn with_margin(margin: u32) -> Self {
        Camera { kept: None, margin: margin.min(*MARGINS.end()) }
    }

    /// The margin chosen, in cells.
    pub fn margin(&self) -> u32 {
        self.margin
    }

    /// The top-left cell of a `w` by `h` view of `game`'s map; `cursor`
    /// the aiming or looking cursor, if one is on.
    pub fn origin(&mut self, game: &Game, w: i32, h: i32, cursor: Option<Point>) -> Point {
        let (mw, mh) = (game.map().width(), game.map().height());
        let place = Place { seed: game.seed(), floor: game.floor(), size: (mw, mh) };
        let clamp = |p: Point| Point::new(p.x.clamp(0, (mw - w).max(0)), p.y.clamp(0, (mh - h).max(0)));
        let centred = |p: Point| clamp(Point::new(p.x - w / 2, p.y - h / 2));
        let kept = match self.kept {
            Some((corner, at)) if at == place => Some(clamp(corner)),
            _ => None,
        };
        let origin = match (kept, cursor) {
            (None, Some(cursor)) => {
                // Aiming from a first frame: the player's view, unless the cursor is off it.
                let on_player = centred(game.player().pos);
                if shows(on_player, w, h, cursor) {
                    on_player
                } else {
                    centred(cursor)
                }
            }
            (None, None) => centred(game.player().pos),
            (Some(kept), Some(cursor)) if shows(kept, w, h, cursor) => kept,
            (Some(_), Some(cursor)) => centred(cursor),
            (Some(kept), None) => {
                let player = game.player().pos;
                let (mx, my) = (self.margin.min(w as u32 / 4) as i32, self.margin.min(h as u32 / 4) as i32);
                let centre = centred(player);
                // Each axis moves alone, and only when the player is within its margin.
                let x = if (kept.x + mx..kept.x + w - mx).contains(&player.x) { kept.x } else { centre.x };
                let y = if (kept.y + my..kept.y + h - my).contains(&player.y) { kept.y } else { centre.y };
                Point::new(x, y)
            }
        };
        self.kept = Some((origin, place));
        origin
    }
}

/// Whether the `w` by `h` view from `corner` shows `p`.
fn shows(corner: Point, w: i32, h: i32, p: Point) -> bool {
    (corner.x..corner.x + w).contains(&p.x) && (corner.y..corner.y + h).contains(&p.y)
}
