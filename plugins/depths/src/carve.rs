//! The two kinds of floor, with no game: plain functions of the size, the
//! depth and a stream of numbers, tested without a game.
//!
//! * [`lakes`]: rooms joined by corridors, then blobs of chasm, deep water
//!   or (from floor 10) lava laid over them, walls and all; a chasm gets a
//!   crumbling edge; wherever a blob of chasm or lava cut the floor in two,
//!   the shortest way across it becomes a bridge.
//! * [`ruins`]: the halls of a fallen keep: a maze of small halls on a
//!   grid, many of its walls fallen (loops), stray blocks of masonry
//!   crumbled, and a few halls whose floor collapsed into a chasm (bridged
//!   where they cut the way).
//!
//! On both the player starts in one place and the stairs lie at the cell
//! farthest from it on foot (never over a chasm or lava).

use std::collections::VecDeque;

/// One cell of a floor being carved.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Rock or masonry.
    Wall,
    /// Open ground.
    Floor,
    /// A chasm's edge: open ground.
    Edge,
    /// A chasm.
    Chasm,
    /// Lava.
    Lava,
    /// Deep water.
    Water,
    /// A bridge.
    Bridge,
}

impl Cell {
    /// Whether a walker crosses it (deep water: swimming).
    pub fn walked(self) -> bool {
        matches!(self, Cell::Floor | Cell::Edge | Cell::Water | Cell::Bridge)
    }

    /// Whether it is lost to a walker (a chasm, lava).
    pub fn deadly(self) -> bool {
        matches!(self, Cell::Chasm | Cell::Lava)
    }
}

/// A carved floor: its cells row by row, the start and the stairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Carved {
    /// Width in cells.
    pub width: i32,
    /// Height in cells.
    pub height: i32,
    /// The cells, row by row.
    pub cells: Vec<Cell>,
    /// Where the player starts.
    pub start: (i32, i32),
    /// Where the stairs go.
    pub stairs: (i32, i32),
}

impl Carved {
    /// The cell at `(x, y)` (wall off the floor).
    pub fn at(&self, x: i32, y: i32) -> Cell {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return Cell::Wall;
        }
        self.cells[(y * self.width + x) as usize]
    }

    /// How many cells are `c`.
    pub fn count(&self, c: Cell) -> usize {
        self.cells.iter().filter(|x| **x == c).count()
    }

    /// Steps on foot from the start to every cell (`None`: not reached).
    pub fn walk_from_start(&self) -> Vec<Option<u32>> {
        walk(self.width, self.height, &self.cells, self.start)
    }
}

/// Steps on foot (8 ways, only over walked cells) from `from`.
fn walk(w: i32, h: i32, cells: &[Cell], from: (i32, i32)) -> Vec<Option<u32>> {
    let mut dist = vec![None; cells.len()];
    let i0 = (from.1 * w + from.0) as usize;
    dist[i0] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some((x, y)) = queue.pop_front() {
        let d = dist[(y * w + x) as usize].unwrap_or(0);
        for (dx, dy) in DIRS {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= w || ny >= h {
                continue;
            }
            let n = (ny * w + nx) as usize;
            if dist[n].is_none() && cells[n].walked() {
                dist[n] = Some(d + 1);
                queue.push_back((nx, ny));
            }
        }
    }
    dist
}

const DIRS: [(i32, i32); 8] = [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)];

/// A rectangle of cells: left, top, width, height.
type Rect = (i32, i32, i32, i32);

/// Lays rooms joined by corridors on an all-wall grid; the rooms' list.
fn rooms(w: i32, h: i32, cells: &mut [Cell], roll: &mut impl FnMut(i32, i32) -> i32) -> Vec<Rect> {
    let mut made: Vec<Rect> = Vec::new();
    for _ in 0..200 {
        if made.len() >= 12 {
            break;
        }
        let (rw, rh) = (roll(4, 11), roll(3, 7));
        if rw + 2 >= w || rh + 2 >= h {
            continue;
        }
        let (x, y) = (roll(1, w - rw - 1), roll(1, h - rh - 1));
        let clear = made
            .iter()
            .all(|&(ox, oy, ow, oh)| x + rw + 1 < ox || ox + ow + 1 < x || y + rh + 1 < oy || oy + oh + 1 < y);
        if clear {
            made.push((x, y, rw, rh));
        }
    }
    for &(x, y, rw, rh) in &made {
        for yy in y..y + rh {
            for xx in x..x + rw {
                cells[(yy * w + xx) as usize] = Cell::Floor;
            }
        }
    }
    // Each room joined to the next by a corridor, along the row then the column.
    for pair in made.windows(2) {
        let (a, b) = (centre(pair[0]), centre(pair[1]));
        let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
        for x in x0..=x1 {
            cells[(a.1 * w + x) as usize] = Cell::Floor;
        }
        let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
        for y in y0..=y1 {
            cells[(y * w + b.0) as usize] = Cell::Floor;
        }
    }
    made
}

fn centre((x, y, w, h): Rect) -> (i32, i32) {
    (x + w / 2, y + h / 2)
}

/// A round blob of `cell` laid at `(cx, cy)`: a few overlapping discs,
/// inside the border, never within 2 steps of `keep`.
fn blob(
    w: i32,
    h: i32,
    cells: &mut [Cell],
    (cx, cy): (i32, i32),
    cell: Cell,
    keep: (i32, i32),
    roll: &mut impl FnMut(i32, i32) -> i32,
) {
    let discs = roll(2, 4);
    let (mut x, mut y) = (cx, cy);
    for _ in 0..discs {
        let r = roll(2, 4);
        for dy in -r..=r {
            for dx in -r..=r {
                let (px, py) = (x + dx, y + dy);
                let inside = px > 0 && py > 0 && px < w - 1 && py < h - 1;
                let near_keep = (px - keep.0).abs() <= 2 && (py - keep.1).abs() <= 2;
                if inside && !near_keep && dx * dx + dy * dy <= r * r + 1 {
                    cells[(py * w + px) as usize] = cell;
                }
            }
        }
        x += roll(-3, 3);
        y += roll(-2, 2);
    }
}

/// Every cell that was open ground before the lakes (`before`) is reached
/// on foot from `start` again: for each cut-off one, the shortest way to
/// it over chasm or lava from what is reached becomes bridges.
fn bridge(w: i32, h: i32, cells: &mut [Cell], before: &[bool], start: (i32, i32)) -> usize {
    let mut bridges = 0;
    loop {
        let reached = walk(w, h, cells, start);
        let Some(cut) = (0..cells.len()).find(|&i| before[i] && cells[i].walked() && reached[i].is_none()) else {
            return bridges;
        };
        // Outward from the cut-off cell over anything open or deadly, to
        // the nearest reached cell; the deadly cells on the way become bridge.
        let mut via = vec![usize::MAX; cells.len()];
        via[cut] = cut;
        let mut queue = VecDeque::from([cut]);
        let mut found = None;
        while let Some(i) = queue.pop_front() {
            if reached[i].is_some() {
                found = Some(i);
                break;
            }
            let (x, y) = ((i as i32) % w, (i as i32) / w);
            // Along rows and columns only: a bridge is a line of planks.
            for (dx, dy) in &DIRS[..4] {
                let (nx, ny) = (x + dx, y + dy);
                if nx <= 0 || ny <= 0 || nx >= w - 1 || ny >= h - 1 {
                    continue;
                }
                let n = (ny * w + nx) as usize;
                if via[n] == usize::MAX && (cells[n].walked() || cells[n].deadly()) {
                    via[n] = i;
                    queue.push_back(n);
                }
            }
        }
        let Some(mut i) = found else {
            // Nothing reaches it (cannot happen on a floor that was one
            // piece); it is walled up so the floor stays one piece.
            cells[cut] = Cell::Wall;
            continue;
        };
        while i != cut {
            if cells[i].deadly() {
                cells[i] = Cell::Bridge;
                bridges += 1;
            }
            i = via[i];
        }
    }
}

/// The cell farthest on foot from the start (ties: reading order), not deep water.
fn farthest(w: i32, cells: &[Cell], dist: &[Option<u32>]) -> (i32, i32) {
    let mut best = (0u32, 0usize);
    for (i, d) in dist.iter().enumerate() {
        if let Some(d) = *d {
            if d > best.0 && matches!(cells[i], Cell::Floor | Cell::Edge) {
                best = (d, i);
            }
        }
    }
    ((best.1 as i32) % w, (best.1 as i32) / w)
}

/// Chasm cells' open neighbours become the chasm's edge.
fn edges(w: i32, h: i32, cells: &mut [Cell]) {
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = (y * w + x) as usize;
            if cells[i] != Cell::Floor {
                continue;
            }
            if DIRS.iter().any(|(dx, dy)| cells[((y + dy) * w + x + dx) as usize] == Cell::Chasm) {
                cells[i] = Cell::Edge;
            }
        }
    }
}

/// A lake floor of `w` x `h` on floor `depth`; `None` if too small.
pub fn lakes(w: i32, h: i32, depth: u32, mut roll: impl FnMut(i32, i32) -> i32) -> Option<Carved> {
    if w < 20 || h < 12 {
        return None;
    }
    let mut cells = vec![Cell::Wall; (w * h) as usize];
    let made = rooms(w, h, &mut cells, &mut roll);
    if made.len() < 2 {
        return None;
    }
    let start = centre(made[0]);
    let before: Vec<bool> = cells.iter().map(|c| *c == Cell::Floor).collect();
    let lakes = roll(3, 5);
    for _ in 0..lakes {
        let kind = match roll(1, 10) {
            1..=5 => Cell::Chasm,
            6..=8 if lava_ok(depth) => Cell::Lava,
            _ => Cell::Water,
        };
        let at = (roll(3, w - 4), roll(3, h - 4));
        blob(w, h, &mut cells, at, kind, start, &mut roll);
    }
    wreath(w, h, &mut cells);
    finish(w, h, cells, &before, start)
}

/// The rock round a lake crumbles: a wall beside a lake's cell (8 ways),
/// inside the border, is open ground, so a lake lies in a clearing.
fn wreath(w: i32, h: i32, cells: &mut [Cell]) {
    let lake = |c: Cell| matches!(c, Cell::Chasm | Cell::Lava | Cell::Water);
    let mut open = Vec::new();
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = (y * w + x) as usize;
            if cells[i] == Cell::Wall && DIRS.iter().any(|(dx, dy)| lake(cells[((y + dy) * w + x + dx) as usize])) {
                open.push(i);
            }
        }
    }
    for i in open {
        cells[i] = Cell::Floor;
    }
}

fn lava_ok(depth: u32) -> bool {
    crate::rules::lava_from(depth)
}

/// Edges, bridges, and the stairs at the far end.
fn finish(w: i32, h: i32, mut cells: Vec<Cell>, before: &[bool], start: (i32, i32)) -> Option<Carved> {
    bridge(w, h, &mut cells, before, start);
    // A pocket of water a lake opened in the rock, reached from nowhere,
    // is rock again: nothing is laid where nobody can go.
    let reached = walk(w, h, &cells, start);
    for (cell, r) in cells.iter_mut().zip(&reached) {
        if cell.walked() && r.is_none() {
            *cell = Cell::Wall;
        }
    }
    edges(w, h, &mut cells);
    let dist = walk(w, h, &cells, start);
    let stairs = farthest(w, &cells, &dist);
    if stairs == start {
        return None;
    }
    Some(Carved { width: w, height: h, cells, start, stairs })
}

/// The side of a ruins' hall, in cells, and the wall between halls.
const HALL: i32 = 3;

/// A ruined floor of `w` x `h`; `None` if too small.
pub fn ruins(w: i32, h: i32, mut roll: impl FnMut(i32, i32) -> i32) -> Option<Carved> {
    if w < 20 || h < 12 {
        return None;
    }
    let (gw, gh) = ((w - 1) / (HALL + 1), (h - 1) / (HALL + 1));
    let mut cells = vec![Cell::Wall; (w * h) as usize];
    let hall_at = |gx: i32, gy: i32| (1 + gx * (HALL + 1), 1 + gy * (HALL + 1));
    for gy in 0..gh {
        for gx in 0..gw {
            let (x, y) = hall_at(gx, gy);
            for yy in y..y + HALL {
                for xx in x..x + HALL {
                    cells[(yy * w + xx) as usize] = Cell::Floor;
                }
            }
        }
    }
    // A maze over the halls (depth first), then a third of the other walls fallen.
    let mut seen = vec![false; (gw * gh) as usize];
    let mut stack = vec![(0, 0)];
    seen[0] = true;
    let open_between = |cells: &mut Vec<Cell>, a: (i32, i32), b: (i32, i32)| {
        let (ax, ay) = hall_at(a.0, a.1);
        let (bx, by) = hall_at(b.0, b.1);
        let (x0, y0) = (ax.min(bx), ay.min(by));
        let (x1, y1) = (ax.max(bx) + HALL - 1, ay.max(by) + HALL - 1);
        // The middle cell of the wall between the two halls.
        for y in y0..=y1 {
            for x in x0..=x1 {
                let between = (a.0 != b.0 && x == x0 + HALL) || (a.1 != b.1 && y == y0 + HALL);
                let end = if a.0 != b.0 { y == y0 || y == y1 } else { x == x0 || x == x1 };
                if between && !end {
                    cells[(y * w + x) as usize] = Cell::Floor;
                }
            }
        }
    };
    while let Some(&(gx, gy)) = stack.last() {
        let next: Vec<(i32, i32)> = [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .iter()
            .map(|(dx, dy)| (gx + dx, gy + dy))
            .filter(|&(x, y)| x >= 0 && y >= 0 && x < gw && y < gh && !seen[(y * gw + x) as usize])
            .collect();
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let n = next[roll(0, next.len() as i32 - 1) as usize];
        seen[(n.1 * gw + n.0) as usize] = true;
        open_between(&mut cells, (gx, gy), n);
        stack.push(n);
    }
    for gy in 0..gh {
        for gx in 0..gw {
            for n in [(gx + 1, gy), (gx, gy + 1)] {
                if n.0 < gw && n.1 < gh && roll(1, 3) == 1 {
                    open_between(&mut cells, (gx, gy), n);
                }
            }
        }
    }
    // Stray masonry crumbled: a wall inside the border falls one time in 12.
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = (y * w + x) as usize;
            if cells[i] == Cell::Wall && roll(1, 12) == 1 {
                cells[i] = Cell::Floor;
            }
        }
    }
    let start = (hall_at(0, 0).0 + 1, hall_at(0, 0).1 + 1);
    let before: Vec<bool> = cells.iter().map(|c| *c == Cell::Floor).collect();
    // A few halls collapsed into a chasm.
    for _ in 0..roll(2, 4) {
        let (gx, gy) = (roll(1, gw - 1), roll(0, gh - 1));
        let (x, y) = hall_at(gx, gy);
        blob(w, h, &mut cells, (x + 1, y + 1), Cell::Chasm, start, &mut |a, b| roll(a, b).min(2));
    }
    finish(w, h, cells, &before, start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small stream of numbers for a seed.
    pub fn dice(seed: u64) -> impl FnMut(i32, i32) -> i32 {
        let mut s = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        move |min, max| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            if max <= min {
                return min;
            }
            min + (s % (max - min + 1) as u64) as i32
        }
    }

    /// Every open cell of the floor as it was before the lakes is reached
    /// on foot from the start, the border is wall, the stairs are reached.
    fn holds(c: &Carved) {
        let reached = c.walk_from_start();
        for y in 0..c.height {
            for x in 0..c.width {
                let cell = c.at(x, y);
                if x == 0 || y == 0 || x == c.width - 1 || y == c.height - 1 {
                    assert_eq!(cell, Cell::Wall, "border at {x},{y}");
                }
                if cell.walked() {
                    assert!(reached[(y * c.width + x) as usize].is_some(), "{x},{y} ({cell:?}) is cut off");
                }
            }
        }
        assert!(reached[(c.stairs.1 * c.width + c.stairs.0) as usize].is_some());
        assert!(matches!(c.at(c.start.0, c.start.1), Cell::Floor | Cell::Edge));
    }

    #[test]
    fn a_lake_floor_stays_one_piece_on_foot_over_many_seeds() {
        let (mut chasms, mut bridges, mut lava) = (0, 0, 0);
        for seed in 0..200 {
            let depth = if seed % 2 == 0 { 5 } else { 10 };
            let c = lakes(80, 45, depth, dice(seed)).expect("a lake floor");
            holds(&c);
            chasms += c.count(Cell::Chasm);
            bridges += c.count(Cell::Bridge);
            lava += c.count(Cell::Lava);
            if depth < 10 {
                assert_eq!(c.count(Cell::Lava), 0, "no lava above floor 10");
            }
        }
        assert!(chasms > 0 && bridges > 0 && lava > 0, "chasms {chasms}, bridges {bridges}, lava {lava}");
    }

    #[test]
    fn ruins_stay_one_piece_and_the_stairs_are_far() {
        for seed in 0..100 {
            let c = ruins(80, 45, dice(seed)).expect("ruins");
            holds(&c);
            let steps = c.walk_from_start()[(c.stairs.1 * c.width + c.stairs.0) as usize].unwrap();
            assert!(steps >= 40, "seed {seed}: the stairs {steps} steps off");
        }
    }

    #[test]
    fn the_same_numbers_make_the_same_floor() {
        assert_eq!(lakes(80, 45, 6, dice(7)), lakes(80, 45, 6, dice(7)));
        assert_ne!(lakes(80, 45, 6, dice(7)), lakes(80, 45, 6, dice(8)));
        assert_eq!(ruins(80, 45, dice(3)), ruins(80, 45, dice(3)));
        assert!(lakes(10, 10, 5, dice(1)).is_none());
    }
}
