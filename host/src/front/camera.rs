//! Which cells of the map are shown: all of it if it fits, else a window
//! centred on the player; while aiming the window holds still until the
//! cursor leaves it, then centres on the cursor, so the map never slides
//! under the mouse.

use emberdeep_api::Point;
use emberdeep_engine::Game;

/// The camera's memory between frames.
#[derive(Debug, Clone, Default)]
pub struct Camera {
    /// The corner kept while aiming.
    kept: Option<Point>,
}

impl Camera {
    /// The top-left cell of a `w` by `h` view of `game`'s map.
    pub fn origin(&mut self, game: &Game, w: i32, h: i32, cursor: Option<Point>) -> Point {
        let (mw, mh) = (game.map().width(), game.map().height());
        let centred =
            |p: Point| Point::new((p.x - w / 2).clamp(0, (mw - w).max(0)), (p.y - h / 2).clamp(0, (mh - h).max(0)));
        let on_player = centred(game.player().pos);
        let Some(cursor) = cursor else {
            self.kept = None;
            return on_player;
        };
        let kept = self.kept.unwrap_or(on_player);
        let kept = Point::new(kept.x.clamp(0, (mw - w).max(0)), kept.y.clamp(0, (mh - h).max(0)));
        let shows = (kept.x..kept.x + w).contains(&cursor.x) && (kept.y..kept.y + h).contains(&cursor.y);
        let origin = if shows { kept } else { centred(cursor) };
        self.kept = Some(origin);
        origin
    }
}
