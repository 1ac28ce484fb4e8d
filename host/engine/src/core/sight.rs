//! What can be seen from where: the field of view (recursive shadowcasting
//! over eight octants) and straight lines (Bresenham), including the line a
//! missile flies along until something solid stops it, and the line an
//! aimed shot takes when a wall's corner cuts that one but another straight
//! line as long gets through.

use crate::core::map::Map;
use emberdeep_api::Point;

/// The cells seen from one spot: a grid over the square the sight radius
/// reaches around it (clipped to the map), so making and reading one costs
/// what the radius holds, not the whole map.
#[derive(Clone, Debug)]
pub struct Visibility {
    /// The window's top-left corner on the map.
    left: i32,
    top: i32,
    width: i32,
    height: i32,
    visible: Vec<bool>,
}

impl Visibility {
    /// Nothing seen, over the cells within `radius` of `origin` that lie on `map`.
    fn around(map: &Map, origin: Point, radius: i32) -> Visibility {
        let clip = |lo: i32, hi: i32, size: i32| (lo.clamp(0, size), hi.clamp(0, size));
        let (left, right) =
            clip(origin.x.saturating_sub(radius), origin.x.saturating_add(radius).saturating_add(1), map.width());
        let (top, bottom) =
            clip(origin.y.saturating_sub(radius), origin.y.saturating_add(radius).saturating_add(1), map.height());
        let (width, height) = (right - left, bottom - top);
        Visibility { left, top, width, height, visible: vec![false; (width as usize) * (height as usize)] }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x.wrapping_sub(self.left), p.y.wrapping_sub(self.top));
        let inside = x >= 0 && y >= 0 && x < self.width && y < self.height;
        inside.then(|| (y * self.width + x) as usize)
    }

    fn mark(&mut self, p: Point) {
        if let Some(i) = self.index(p) {
            self.visible[i] = true;
        }
    }

    /// Whether `p` is seen (false off the map).
    pub fn is_visible(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.visible[i])
    }

    /// Every seen cell, row by row, left to right.
    pub fn visible_points(&self) -> impl Iterator<Item = Point> + '_ {
        let (w, left, top) = (self.width, self.left, self.top);
        self.visible
            .iter()
            .enumerate()
            .filter(|(_, &v)| v)
            .map(move |(i, _)| Point::new(left + i as i32 % w, top + i as i32 / w))
    }
}

/// How each octant's (column, row) maps onto the map's x and y:
/// x = col * xx + row * xy, y = col * yx + row * yy.
const OCTANTS: [(i32, i32, i32, i32); 8] = [
    (1, 0, 0, -1),
    (0, 1, -1, 0),
    (0, -1, -1, 0),
    (-1, 0, 0, -1),
    (-1, 0, 0, 1),
    (0, -1, 1, 0),
    (0, 1, 1, 0),
    (1, 0, 0, 1),
];

/// The cells seen from `origin` within `radius`. Cells that block sight
/// (walls, closed doors) are seen themselves but hide what lies behind them.
/// A cell is in range when dx² + dy² <= radius² + radius, which gives a
/// rounder circle than radius² alone. The origin is always seen.
pub fn field_of_view(map: &Map, origin: Point, radius: i32) -> Visibility {
    field_of_view_past(map, origin, radius, &[])
}

/// [`field_of_view`] with the cells `also` blocking sight as a wall does,
/// whatever the map holds there (a creature that passes for a wall): they
/// are seen, what lies behind them is not.
pub fn field_of_view_past(map: &Map, origin: Point, radius: i32, also: &[Point]) -> Visibility {
    let radius = radius.max(0);
    let mut vis = Visibility::around(map, origin, radius);
    vis.mark(origin);
    for octant in OCTANTS {
        let caster = Caster { map, origin, radius, octant, also };
        caster.cast(&mut vis, 1, 1.0, 0.0);
    }
    vis
}

/// One octant's shadowcasting pass.
struct Caster<'a> {
    map: &'a Map,
    /// Cells that block sight besides the map's.
    also: &'a [Point],
    origin: Point,
    radius: i32,
    octant: (i32, i32, i32, i32),
}

impl Caster<'_> {
    /// The map cell at octant column `col` (0 on the octant's axis, growing
    /// towards its diagonal) of row `row` (distance along the axis).
    fn cell(&self, col: i32, row: i32) -> Point {
        let (xx, xy, yx, yy) = self.octant;
        self.origin.offset(col * xx + row * xy, col * yx + row * yy)
    }

    fn in_radius(&self, col: i32, row: i32) -> bool {
        col * col + row * row <= self.radius * self.radius + self.radius
    }

    /// Scans rows from `first_row` outwards, lighting cells whose slopes lie
    /// between `start` (the high slope, towards the diagonal) and `end`.
    /// Slopes are col / row measured at cell edges.
    fn cast(&self, vis: &mut Visibility, first_row: i32, mut start: f64, end: f64) {
        if start < end {
            return;
        }
        for row in first_row..=self.radius {
            let mut blocked = false;
            let mut next_start = start;
            // Walk from the diagonal (col = row) back towards the axis (col = 0).
            for col in (0..=row).rev() {
                let high = (col as f64 + 0.5) / (row as f64 - 0.5);
                let low = (col as f64 - 0.5) / (row as f64 + 0.5);
                if low > start {
                    continue;
                }
                if high < end {
                    break;
                }
                let p = self.cell(col, row);
                if self.in_radius(col, row) {
                    vis.mark(p);
                }
                let opaque = self.map.blocks_sight(p) || self.also.contains(&p);
                if blocked {
                    if opaque {
                        next_start = low;
                    } else {
                        blocked = false;
                        start = next_start;
                    }
                } else if opaque && row < self.radius {
                    // The light above this blocker carries on in a narrower beam.
                    blocked = true;
                    self.cast(vis, row + 1, start, high);
                    next_start = low;
                }
            }
            if blocked {
                return;
            }
        }
    }
}

/// The Bresenham line from `a` to `b`, both ends included, in whole
/// numbers only, so the same two points always give the same cells.
pub fn bresenham(a: Point, b: Point) -> Vec<Point> {
    let dx = (b.x - a.x).abs();
    let dy = -(b.y - a.y).abs();
    let sx = if a.x < b.x { 1 } else { -1 };
    let sy = if a.y < b.y { 1 } else { -1 };
    let mut err = dx + dy;
    let mut p = a;
    let mut line = Vec::with_capacity(dx.max(-dy) as usize + 1);
    loop {
        line.push(p);
        if p == b {
            return line;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            p.x += sx;
        }
        if e2 <= dx {
            err += dx;
            p.y += sy;
        }
    }
}

/// The cells a missile crosses when shot from `from` at `toward` along the
/// chapter's line: the Bresenham line carried on past `toward` until
/// `range` steps from `from`, without `from` itself, stopping before the
/// first cell that blocks sight. Empty when `toward` is `from`. Creatures
/// in the way are the caller's to check. (The player's aimed shots take
/// [`aimed_line_of_fire`], which may choose another line.)
pub fn line_of_fire(map: &Map, from: Point, toward: Point, range: i32) -> Vec<Point> {
    chapter_line(map, from, toward, range).into_iter().take_while(|p| !map.blocks_sight(*p)).collect()
}

/// The chapter's straight line from `from` through `toward` to `range`
/// steps, through walls and closed doors alike, up to the map's edge (a
/// digging bolt's). Empty when `toward` is `from`.
pub fn line_through_walls(map: &Map, from: Point, toward: Point, range: i32) -> Vec<Point> {
    chapter_line(map, from, toward, range).into_iter().take_while(|p| map.in_bounds(*p)).collect()
}

/// The cells of the chapter's straight line from `from` through `toward`,
/// carried on to `range` steps, without `from`, walls and all: the
/// Bresenham line to a far end on the same ideal line. Empty when `toward`
/// is `from` or `range` is not positive.
fn chapter_line(map: &Map, from: Point, toward: Point, range: i32) -> Vec<Point> {
    let (dx, dy) = (toward.x - from.x, toward.y - from.y);
    let dist = dx.abs().max(dy.abs());
    // Past this many steps every cell is off the map, which blocks anyway;
    // the cap keeps the arithmetic below far from overflow.
    let reach = map.width().max(map.height()).saturating_add(from.x.abs().max(from.y.abs()));
    let range = range.min(reach);
    if dist == 0 || range <= 0 {
        return Vec::new();
    }
    // Stretch the aim so the line is at least `range` long; the stretched
    // end lies on the same ideal line, so the cells up to `toward` are the same.
    let scale = (range + dist - 1) / dist;
    let end = from.offset(dx * scale.max(1), dy * scale.max(1));
    bresenham(from, end).into_iter().skip(1).take_while(|p| p.steps_to(from) <= range).collect()
}

/// How finely the other lines' slants and starts are tried: in steps of
/// a quarter of a cell across over the line's length.
const SLANT_STEPS: i64 = 4;

/// The other straight lines from `from` through `toward`, each as many
/// steps long, in a fixed order, each carried on past `toward` at its
/// slant to `range` steps. With `n` steps along the main axis and `m`
/// across, a line is a rising `p / q` across per step along (`q` is `n *`
/// [`SLANT_STEPS`], `p` within `SLANT_STEPS - 1` of `m * SLANT_STEPS`,
/// never steeper than one across per step) and a start `c / q` of a cell
/// across (`c` from 0 to `q - 1`): its `i`-th cell is `i` along and
/// `(i * p + c) / q`, rounded down, across. Only the lines that meet
/// `toward` at step `n` are kept. Each is a straight line from a point of
/// the player's cell to a point of the target's, as Brogue's bolts try; the
/// nearest to the straight line between the two cells' centres comes
/// first (the farther of its two ends from the centres, then both ends,
/// then the smaller `p`, then the smaller `c`).
fn candidate_lines(map: &Map, from: Point, toward: Point, range: i32) -> impl Iterator<Item = Vec<Point>> {
    let (dx, dy) = (toward.x - from.x, toward.y - from.y);
    let (n, m) = (i64::from(dx.abs().max(dy.abs())), i64::from(dx.abs().min(dy.abs())));
    let reach = map.width().max(map.height()).saturating_add(from.x.abs().max(from.y.abs()));
    let range = i64::from(range.min(reach));
    let q = n * SLANT_STEPS;
    let mut order = Vec::new();
    if n > 0 && range > 0 {
        for p in (m * SLANT_STEPS - SLANT_STEPS + 1).max(0)..=(m * SLANT_STEPS + SLANT_STEPS - 1).min(q) {
            for c in (0..q).filter(|c| (n * p + c) / q == m) {
                // How far each end lies from its cell's centre, in 1 / (2q) of a cell.
                let (start, end) = ((2 * c - q).abs(), (2 * n * p + 2 * c - q - 2 * m * q).abs());
                order.push((start.max(end), start + end, p, c));
            }
        }
    }
    order.sort_unstable();
    let (sx, sy, steep) = (dx.signum(), dy.signum(), dy.abs() > dx.abs());
    order.into_iter().map(move |(_, _, p, c)| {
        let cell = |i: i64| {
            let (along, across) = (i as i32, ((i * p + c) / q) as i32);
            if steep {
                from.offset(sx * across, sy * along)
            } else {
                from.offset(sx * along, sy * across)
            }
        };
        (1..=range).map(cell).collect()
    })
}

/// The line a shot from `from` aimed at `toward` takes, to `range` steps,
/// walls and all (cut it at the first that blocks): the chapter's line
/// ([`line_of_fire`]'s), unless a wall or closed door cuts that short of
/// `toward` (or of `range`, if nearer) while another straight line as many
/// steps long ([`candidate_lines`], in their fixed order) reaches it open;
/// then the first such. This game's extension of the chapter (docs/rules.md,
/// Aiming), as Brogue's bolts choose among candidate lines.
pub fn aim_line(map: &Map, from: Point, toward: Point, range: i32) -> Vec<Point> {
    let chapter = chapter_line(map, from, toward, range);
    let reach = from.steps_to(toward).min(range).max(0) as usize;
    let open = |line: &[Point]| line.len() >= reach && line[..reach].iter().all(|p| !map.blocks_sight(*p));
    if open(&chapter) {
        return chapter;
    }
    candidate_lines(map, from, toward, range).find(|line| open(line)).unwrap_or(chapter)
}

/// The cells a shot aimed from `from` at `toward` crosses: [`aim_line`]
/// up to, not including, its first cell that blocks sight.
pub fn aimed_line_of_fire(map: &Map, from: Point, toward: Point, range: i32) -> Vec<Point> {
    aim_line(map, from, toward, range).into_iter().take_while(|p| !map.blocks_sight(*p)).collect()
}

/// The cells a burst centred on `center` reaches within `radius` steps:
/// every cell that does not block sight and that the centre sees along the
/// Bresenham line to it (a wall or closed door between shelters it). The
/// centre is in unless it is solid itself. Row by row, left to right.
pub fn burst_cells(map: &Map, center: Point, radius: i32) -> Vec<Point> {
    let radius = radius.clamp(0, map.width().max(map.height()));
    let mut cells = Vec::new();
    for y in center.y - radius..=center.y + radius {
        for x in center.x - radius..=center.x + radius {
            let cell = Point::new(x, y);
            let open = |p: &Point| !map.blocks_sight(*p);
            if map.in_bounds(cell) && open(&cell) && bresenham(center, cell).iter().all(open) {
                cells.push(cell);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::map::Tile;

    /// An open room: floor inside, one ring of wall.
    fn room(w: i32, h: i32) -> Map {
        let mut m = Map::new_filled(w, h, Tile::Wall);
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                m.set_tile(Point::new(x, y), Tile::Floor);
            }
        }
        m
    }

    fn p(x: i32, y: i32) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn open_room_sees_a_round_circle() {
        let map = room(30, 30);
        let o = p(15, 15);
        let vis = field_of_view(&map, o, 9);
        assert!(vis.is_visible(o));
        for (dx, dy) in [(9, 0), (-9, 0), (0, 9), (0, -9)] {
            assert!(vis.is_visible(o.offset(dx, dy)), "{dx},{dy}");
        }
        assert!(!vis.is_visible(o.offset(9, 9)));
        assert!(!vis.is_visible(o.offset(10, 0)));
        // Everything in range is seen, nothing out of it.
        for q in map.points() {
            let (dx, dy) = (q.x - o.x, q.y - o.y);
            assert_eq!(vis.is_visible(q), dx * dx + dy * dy <= 90, "{q:?}");
        }
    }

    #[test]
    fn pillar_hides_the_cell_behind_it() {
        let mut map = room(30, 30);
        let o = p(15, 15);
        for (dx, dy) in emberdeep_api::DIRECTIONS {
            let pillar = o.offset(2 * dx, 2 * dy);
            map.set_tile(pillar, Tile::Wall);
            let vis = field_of_view(&map, o, 9);
            assert!(vis.is_visible(pillar), "pillar {dx},{dy}");
            assert!(!vis.is_visible(o.offset(3 * dx, 3 * dy)), "behind {dx},{dy}");
            assert!(!vis.is_visible(o.offset(5 * dx, 5 * dy)), "far behind {dx},{dy}");
            map.set_tile(pillar, Tile::Floor);
        }
    }

    #[test]
    fn walls_next_to_seen_floor_are_seen() {
        let map = room(12, 8);
        let vis = field_of_view(&map, p(5, 4), 20);
        for q in map.points().filter(|&q| map.tile(q) == Tile::Wall) {
            let corner = (q.x == 0 || q.x == 11) && (q.y == 0 || q.y == 7);
            if !corner {
                assert!(vis.is_visible(q), "{q:?}");
            }
        }
        assert!(vis.is_visible(p(0, 4)) && vis.is_visible(p(5, 0)));
    }

    #[test]
    fn closed_door_blocks_and_open_door_does_not() {
        let mut map = room(20, 5);
        map.set_tile(p(10, 1), Tile::Wall);
        map.set_tile(p(10, 3), Tile::Wall);
        map.set_tile(p(10, 2), Tile::DoorClosed);
        let vis = field_of_view(&map, p(5, 2), 10);
        assert!(vis.is_visible(p(10, 2)));
        assert!(!vis.is_visible(p(11, 2)));
        map.set_tile(p(10, 2), Tile::DoorOpen);
        let vis = field_of_view(&map, p(5, 2), 10);
        assert!(vis.is_visible(p(11, 2)) && vis.is_visible(p(14, 2)));
    }

    #[test]
    fn visible_points_are_row_major_and_origin_is_seen_in_a_wall() {
        let map = Map::new_filled(5, 5, Tile::Wall);
        let vis = field_of_view(&map, p(2, 2), 3);
        let pts: Vec<Point> = vis.visible_points().collect();
        assert!(pts.contains(&p(2, 2)));
        assert!(pts.windows(2).all(|w| (w[0].y, w[0].x) < (w[1].y, w[1].x)));
        // Only the ring of touching walls: nothing beyond them.
        assert_eq!(pts.len(), 9);
        assert!(!vis.is_visible(p(-1, 2)));
    }

    #[test]
    fn bresenham_all_octants() {
        assert_eq!(bresenham(p(0, 0), p(0, 0)), [p(0, 0)]);
        assert_eq!(bresenham(p(0, 0), p(3, 0)), [p(0, 0), p(1, 0), p(2, 0), p(3, 0)]);
        assert_eq!(bresenham(p(0, 0), p(-2, -2)), [p(0, 0), p(-1, -1), p(-2, -2)]);
        // Half-way cells (x = 1 and 3) are ties; the rule settles them the same way every time.
        assert_eq!(bresenham(p(0, 0), p(4, 2)), [p(0, 0), p(1, 1), p(2, 1), p(3, 2), p(4, 2)]);
        assert_eq!(bresenham(p(0, 0), p(1, 3)), [p(0, 0), p(0, 1), p(1, 2), p(1, 3)]);
        for (dx, dy) in [(5, 2), (2, 5), (-2, 5), (-5, 2), (-5, -2), (-2, -5), (2, -5), (5, -2)] {
            let line = bresenham(p(10, 10), p(10 + dx, 10 + dy));
            assert_eq!(line.len() as i32, dx.abs().max(dy.abs()) + 1);
            assert_eq!(line[0], p(10, 10));
            assert_eq!(*line.last().unwrap(), p(10 + dx, 10 + dy));
            assert!(line.windows(2).all(|w| w[0].is_adjacent(w[1])));
        }
    }

    #[test]
    fn fire_horizontal_and_extended_past_the_cursor() {
        let map = room(30, 10);
        let line = line_of_fire(&map, p(5, 5), p(7, 5), 6);
        assert_eq!(line, (6..=11).map(|x| p(x, 5)).collect::<Vec<_>>());
    }

    #[test]
    fn fire_diagonal() {
        let map = room(30, 30);
        let line = line_of_fire(&map, p(5, 5), p(6, 6), 4);
        assert_eq!(line, [p(6, 6), p(7, 7), p(8, 8), p(9, 9)]);
    }

    #[test]
    fn fire_steep_line_passes_through_the_cursor() {
        let map = room(30, 30);
        let from = p(10, 5);
        let toward = p(11, 8);
        let line = line_of_fire(&map, from, toward, 9);
        assert_eq!(line.len(), 9);
        assert!(line.contains(&toward));
        assert!(line.contains(&p(13, 14)));
        assert!(line.windows(2).all(|w| w[0].is_adjacent(w[1])));
        assert_eq!(line.last().map(|q| q.steps_to(from)), Some(9));
    }

    #[test]
    fn fire_stops_before_a_wall_or_closed_door() {
        let mut map = room(30, 10);
        map.set_tile(p(9, 5), Tile::DoorClosed);
        assert_eq!(line_of_fire(&map, p(5, 5), p(6, 5), 10), [p(6, 5), p(7, 5), p(8, 5)]);
        // The room's east wall at x = 29.
        let line = line_of_fire(&map, p(25, 3), p(26, 3), 10);
        assert_eq!(line, [p(26, 3), p(27, 3), p(28, 3)]);
    }

    #[test]
    fn fire_at_yourself_or_with_no_range_is_empty() {
        let map = room(10, 10);
        assert!(line_of_fire(&map, p(5, 5), p(5, 5), 5).is_empty());
        assert!(line_of_fire(&map, p(5, 5), p(6, 5), 0).is_empty());
        // A huge range is safe and still ends at the wall.
        assert_eq!(line_of_fire(&map, p(5, 5), p(6, 5), i32::MAX).len(), 3);
    }

    /// The cells of a shot from (10,10) toward (10+dx,10+dy), as offsets.
    fn shot(dx: i32, dy: i32, range: i32) -> Vec<(i32, i32)> {
        let map = room(40, 40);
        let from = p(10, 10);
        line_of_fire(&map, from, from.offset(dx, dy), range).iter().map(|q| (q.x - 10, q.y - 10)).collect()
    }

    #[test]
    fn fire_along_the_axes_and_both_diagonals() {
        assert_eq!(shot(0, 3, 4), [(0, 1), (0, 2), (0, 3), (0, 4)], "down");
        assert_eq!(shot(0, -1, 3), [(0, -1), (0, -2), (0, -3)], "up, past the cursor");
        assert_eq!(shot(-2, 0, 3), [(-1, 0), (-2, 0), (-3, 0)], "left");
        assert_eq!(shot(4, 4, 3), [(1, 1), (2, 2), (3, 3)], "down-right, cut to the range");
        assert_eq!(shot(-1, -1, 3), [(-1, -1), (-2, -2), (-3, -3)], "up-left");
        assert_eq!(shot(2, -2, 3), [(1, -1), (2, -2), (3, -3)], "up-right");
        assert_eq!(shot(-3, 3, 3), [(-1, 1), (-2, 2), (-3, 3)], "down-left");
    }

    #[test]
    fn fire_shallow_and_steep_in_all_eight_octants() {
        // Worked by hand from the error sums: (5,2) is shallow, (2,5) steep.
        let shallow = [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)];
        let steep = [(0, 1), (1, 2), (1, 3), (2, 4), (2, 5)];
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            let flip = |cells: &[(i32, i32)]| cells.iter().map(|(x, y)| (x * sx, y * sy)).collect::<Vec<_>>();
            assert_eq!(shot(5 * sx, 2 * sy, 5), flip(&shallow), "shallow {sx},{sy}");
            assert_eq!(shot(2 * sx, 5 * sy, 5), flip(&steep), "steep {sx},{sy}");
        }
    }

    #[test]
    fn fire_runs_on_past_the_cursor_along_the_same_slope() {
        let long = shot(5, 2, 10);
        assert_eq!(long, [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3), (8, 3), (9, 4), (10, 4)]);
        assert_eq!(long[..5], shot(5, 2, 5)[..], "the cells up to the cursor do not change");
        assert_eq!(shot(1, 0, 0), [], "no range, no cells");
        assert_eq!(shot(0, 0, 8), [], "a zero-length line");
    }

    #[test]
    fn an_aimed_shot_goes_round_a_corner_that_cuts_the_chapters_line() {
        let mut map = room(20, 10);
        let (from, toward) = (p(2, 5), p(8, 3));
        // A wall on the chapter's line, the step before the target: the line is cut there.
        let chapter = line_of_fire(&map, from, toward, 8);
        assert_eq!(aimed_line_of_fire(&map, from, toward, 8), chapter, "an open line is the chapter's");
        let corner = chapter[4];
        map.set_tile(corner, Tile::Wall);
        assert!(!line_of_fire(&map, from, toward, 8).contains(&toward));
        let aimed = aimed_line_of_fire(&map, from, toward, 8);
        assert_eq!(aimed.iter().position(|&q| q == toward), Some(5), "reached at its 6th step, as the chapter's");
        assert!(!aimed.contains(&corner) && aimed[0].is_adjacent(from));
        assert!(aimed.windows(2).all(|w| w[0].is_adjacent(w[1])));
        assert_eq!(aimed, aimed_line_of_fire(&map, from, toward, 8), "the same line every time");
        // Walled in on every line: the chapter's line, cut.
        for y in 1..9 {
            map.set_tile(p(5, y), Tile::Wall);
        }
        assert_eq!(aimed_line_of_fire(&map, from, toward, 8), line_of_fire(&map, from, toward, 8));
    }

    #[test]
    fn a_burst_is_what_its_centre_sees_within_the_radius() {
        let mut map = room(20, 20);
        let c = p(10, 10);
        assert_eq!(burst_cells(&map, c, 1).len(), 9);
        assert_eq!(burst_cells(&map, c, 2).len(), 25);
        assert_eq!(burst_cells(&map, c, 0), [c]);
        // A wall east of the centre shelters the cell behind it and is not itself burned.
        map.set_tile(p(11, 10), Tile::Wall);
        let cells = burst_cells(&map, c, 2);
        assert!(!cells.contains(&p(11, 10)) && !cells.contains(&p(12, 10)));
        assert!(cells.contains(&p(12, 11)) && cells.contains(&p(9, 10)));
        // Against the room's edge the wall ring is left out.
        assert_eq!(burst_cells(&map, p(1, 1), 1).len(), 4);
    }

    proptest::proptest! {
        #[test]
        fn bresenham_is_a_connected_line(ax in -50..50i32, ay in -50..50i32, bx in -50..50i32, by in -50..50i32) {
            let (a, b) = (p(ax, ay), p(bx, by));
            let line = bresenham(a, b);
            proptest::prop_assert_eq!(line.len() as i32, a.steps_to(b) + 1);
            proptest::prop_assert_eq!(line.first(), Some(&a));
            proptest::prop_assert_eq!(line.last(), Some(&b));
            proptest::prop_assert!(line.windows(2).all(|w| w[0].is_adjacent(w[1])));
            proptest::prop_assert_eq!(&line, &bresenham(a, b));
        }

        #[test]
        fn every_other_line_is_straight_and_meets_the_target(dx in -9..=9i32, dy in -9..=9i32, range in 1..12i32) {
            proptest::prop_assume!(dx != 0 || dy != 0);
            let map = room(40, 40);
            let from = p(20, 20);
            let toward = from.offset(dx, dy);
            let n = from.steps_to(toward) as usize;
            for line in candidate_lines(&map, from, toward, range).take(200) {
                proptest::prop_assert_eq!(line.len() as i32, range);
                proptest::prop_assert!(line[0].is_adjacent(from));
                proptest::prop_assert!(line.windows(2).all(|w| w[0].is_adjacent(w[1])));
                proptest::prop_assert!(line.iter().enumerate().all(|(i, q)| q.steps_to(from) as usize == i + 1));
                if n <= line.len() {
                    proptest::prop_assert_eq!(line[n - 1], toward);
                }
            }
        }

        #[test]
        fn fire_in_the_open_runs_the_full_range(dx in -8..=8i32, dy in -8..=8i32, range in 1..12i32) {
            proptest::prop_assume!(dx != 0 || dy != 0);
            let map = room(40, 40);
            let from = p(20, 20);
            let toward = from.offset(dx, dy);
            let line = line_of_fire(&map, from, toward, range);
            proptest::prop_assert_eq!(line.len() as i32, range);
            proptest::prop_assert!(line[0].is_adjacent(from));
            proptest::prop_assert!(line.windows(2).all(|w| w[0].is_adjacent(w[1])));
            proptest::prop_assert!(line.iter().all(|q| q.steps_to(from) <= range));
            if from.steps_to(toward) <= range {
                proptest::prop_assert!(line.contains(&toward));
            }
        }
    }
}
