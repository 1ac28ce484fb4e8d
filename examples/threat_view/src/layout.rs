//! Where and in what colour things go, as plain arithmetic on the scene's
//! numbers: tested without a game or a canvas. `lib.rs` reads the
//! [`Scene`](emberdeep_api::Scene), asks these functions, and draws.

use emberdeep_api::{MonsterState, Point, Rgba, Terrain};

/// The part of the map a view is handed: `width` by `height` cells, the
/// top-left one being map cell `origin`. (The fields of
/// [`Scene`](emberdeep_api::Scene) that placing things needs, so that the
/// tests need not build a whole scene.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The map cell in the top-left corner.
    pub origin: Point,
    /// Cells across.
    pub width: i32,
    /// Cells down.
    pub height: i32,
    /// Pixels per cell.
    pub cell: u32,
}

/// A rectangle in pixels, as the canvas takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

impl Window {
    /// The pixel position of map cell `p`'s top-left corner, whether or not
    /// it is inside the window (it may be negative, or past the edge).
    pub fn pixel_of(&self, p: Point) -> (i32, i32) {
        let c = self.cell as i32;
        ((p.x - self.origin.x) * c, (p.y - self.origin.y) * c)
    }

    /// The pixel at the middle of map cell `p`.
    pub fn centre_of(&self, p: Point) -> (i32, i32) {
        let (x, y) = self.pixel_of(p);
        let half = self.cell as i32 / 2;
        (x + half, y + half)
    }

    /// Whether map cell `p` is inside the window.
    pub fn holds(&self, p: Point) -> bool {
        let (x, y) = (p.x - self.origin.x, p.y - self.origin.y);
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }

    /// The square of cells a monster at `pos` can see, `sight` cells each
    /// way (the game's distance counts a diagonal step as one, so what is
    /// within sight is a square, not a circle), cut to the window. `None` if
    /// none of it is in the window. Walls still block a monster's sight: the
    /// square is how far it could see, not what it sees.
    pub fn sight_square(&self, pos: Point, sight: i32) -> Option<Rect> {
        let sight = sight.max(0);
        let left = (pos.x - sight).max(self.origin.x);
        let top = (pos.y - sight).max(self.origin.y);
        let right = (pos.x + sight).min(self.origin.x + self.width - 1);
        let bottom = (pos.y + sight).min(self.origin.y + self.height - 1);
        if left > right || top > bottom {
            return None;
        }
        let (x, y) = self.pixel_of(Point::new(left, top));
        let (cols, rows) = ((right - left + 1) as u32, (bottom - top + 1) as u32);
        Some(Rect { x, y, w: cols * self.cell, h: rows * self.cell })
    }
}

/// The terrain's character and colour, as the host's glyph view draws them.
pub fn terrain_glyph(terrain: Terrain) -> (char, Rgba) {
    match terrain {
        Terrain::Wall => ('#', Rgba::rgb(130, 130, 150)),
        Terrain::Floor => ('.', Rgba::rgb(90, 90, 90)),
        Terrain::DoorClosed => ('+', Rgba::rgb(180, 120, 60)),
        Terrain::DoorOpen => ('\'', Rgba::rgb(180, 120, 60)),
        Terrain::StairsDown => ('>', Rgba::rgb(240, 230, 140)),
    }
}

/// How a monster's sight square is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// The outline's colour.
    pub edge: Rgba,
    /// A faint fill inside the square, for a monster that sees the player.
    pub fill: Option<Rgba>,
    /// Whether to draw a line from the monster to the player.
    pub line_to_player: bool,
}

/// The red every threat is drawn in, at various strengths.
const RED: Rgba = Rgba::rgb(230, 40, 40);

/// How threatening a monster looks. One that sees the player (the game's
/// own answer: the player within its sight, in the open) is outlined bright
/// and its square filled faintly; if it is awake, a line runs from it to the
/// player too. A sleeper that sees the player is a threat to come (each
/// turn it may notice the player and wake) but is not watching yet, so it
/// gets no line. One that does not see the player is outlined half as
/// bright if awake, and barely if asleep.
pub fn threat(state: MonsterState, sees_player: bool) -> Threat {
    let awake = state != MonsterState::Asleep;
    if sees_player {
        return Threat { edge: RED.with_alpha(220), fill: Some(RED.with_alpha(28)), line_to_player: awake };
    }
    let alpha = if awake { 110 } else { 45 };
    Threat { edge: RED.with_alpha(alpha), fill: None, line_to_player: false }
}

/// How many of a health bar's `width` pixels are filled for `hp` of
/// `max_hp`: never more than the bar, and at least one while it lives.
pub fn bar_fill(hp: i32, max_hp: i32, width: u32) -> u32 {
    if max_hp <= 0 || hp <= 0 {
        return 0;
    }
    let hp = hp.min(max_hp) as u64;
    ((width as u64 * hp / max_hp as u64) as u32).max(1)
}

/// The health bar's colour: green above two thirds, yellow above one
/// third, red below.
pub fn bar_colour(hp: i32, max_hp: i32) -> Rgba {
    let (hp, max) = (hp.max(0) as i64, max_hp.max(1) as i64);
    if hp * 3 > max * 2 {
        Rgba::rgb(70, 200, 70)
    } else if hp * 3 > max {
        Rgba::rgb(230, 200, 50)
    } else {
        Rgba::rgb(230, 50, 40)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window of 10 by 8 cells of 16 pixels, whose top-left is map cell (20, 5).
    const W: Window = Window { origin: Point::new(20, 5), width: 10, height: 8, cell: 16 };

    #[test]
    fn cells_map_to_pixels() {
        assert_eq!(W.pixel_of(Point::new(20, 5)), (0, 0));
        assert_eq!(W.pixel_of(Point::new(23, 7)), (48, 32));
        assert_eq!(W.pixel_of(Point::new(19, 5)), (-16, 0), "left of the window");
        assert_eq!(W.centre_of(Point::new(23, 7)), (56, 40));
        assert!(W.holds(Point::new(29, 12)));
        assert!(!W.holds(Point::new(30, 12)));
        assert!(!W.holds(Point::new(25, 4)));
    }

    #[test]
    fn a_sight_square_inside_the_window_is_whole() {
        // A monster at (24, 8) with sight 2 sees from (22, 6) to (26, 10): 5 by 5 cells.
        assert_eq!(W.sight_square(Point::new(24, 8), 2), Some(Rect { x: 32, y: 16, w: 80, h: 80 }));
        // Sight 0: its own cell.
        assert_eq!(W.sight_square(Point::new(24, 8), 0), Some(Rect { x: 64, y: 48, w: 16, h: 16 }));
    }

    #[test]
    fn a_sight_square_is_cut_at_the_window_edges() {
        // At the top-left corner with sight 3: only the 4 by 4 cells inside.
        assert_eq!(W.sight_square(Point::new(20, 5), 3), Some(Rect { x: 0, y: 0, w: 64, h: 64 }));
        // Seeing past every edge: the whole window.
        assert_eq!(W.sight_square(Point::new(24, 8), 30), Some(Rect { x: 0, y: 0, w: 160, h: 128 }));
        // A monster outside the window whose sight reaches into it.
        assert_eq!(W.sight_square(Point::new(18, 6), 2), Some(Rect { x: 0, y: 0, w: 16, h: 64 }));
    }

    #[test]
    fn a_sight_square_wholly_outside_is_not_drawn() {
        assert_eq!(W.sight_square(Point::new(10, 6), 2), None);
        assert_eq!(W.sight_square(Point::new(24, 30), 7), None);
        assert_eq!(W.sight_square(Point::new(24, 8), -1), Some(Rect { x: 64, y: 48, w: 16, h: 16 }));
    }

    #[test]
    fn the_terrain_looks_as_in_the_glyph_view() {
        let glyphs: Vec<char> =
            [Terrain::Wall, Terrain::Floor, Terrain::DoorClosed, Terrain::DoorOpen, Terrain::StairsDown]
                .into_iter()
                .map(|t| terrain_glyph(t).0)
                .collect();
        assert_eq!(glyphs, ['#', '.', '+', '\'', '>']);
    }

    #[test]
    fn a_monster_that_sees_the_player_stands_out() {
        let seeing = threat(MonsterState::Hunting, true);
        let blind = threat(MonsterState::Hunting, false);
        let asleep = threat(MonsterState::Asleep, false);
        assert!(seeing.edge.a > blind.edge.a && blind.edge.a > asleep.edge.a);
        assert!(seeing.fill.is_some() && seeing.line_to_player);
        assert!(blind.fill.is_none() && !blind.line_to_player);
        assert!(seeing.fill.is_some_and(|f| f.a < 64), "the fill stays faint");
    }

    #[test]
    fn a_sleeper_in_reach_is_marked_but_does_not_glare() {
        let sleeper = threat(MonsterState::Asleep, true);
        assert_eq!(sleeper.edge, threat(MonsterState::Wandering, true).edge);
        assert!(sleeper.fill.is_some());
        assert!(!sleeper.line_to_player);
    }

    #[test]
    fn health_bars_fill_by_the_health_left() {
        assert_eq!(bar_fill(10, 10, 14), 14);
        assert_eq!(bar_fill(5, 10, 14), 7);
        assert_eq!(bar_fill(1, 100, 14), 1, "a sliver while it lives");
        assert_eq!(bar_fill(0, 10, 14), 0);
        assert_eq!(bar_fill(-3, 10, 14), 0);
        assert_eq!(bar_fill(15, 10, 14), 14, "never past the bar");
        assert_eq!(bar_fill(5, 0, 14), 0, "no most health, no bar");
    }

    #[test]
    fn health_bars_turn_red_as_it_weakens() {
        assert_eq!(bar_colour(9, 9), Rgba::rgb(70, 200, 70));
        assert_eq!(bar_colour(6, 9), Rgba::rgb(230, 200, 50), "exactly two thirds is no longer green");
        assert_eq!(bar_colour(4, 9), Rgba::rgb(230, 200, 50));
        assert_eq!(bar_colour(3, 9), Rgba::rgb(230, 50, 40), "exactly a third is red");
        assert_eq!(bar_colour(0, 0), Rgba::rgb(230, 50, 40));
    }
}
