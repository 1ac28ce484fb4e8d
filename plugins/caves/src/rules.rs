//! The caves themselves, with no game: a grid of open and solid cells
//! seeded by a roll, smoothed by counting open neighbours, every open
//! region then joined to the others by tunnels, and a start and stairs at
//! the two ends of the cave's longest walk. Plain functions of the size and
//! a stream of numbers, so they are tested without a game.

use std::collections::VecDeque;

/// How many cells in a hundred are open before smoothing.
pub const OPEN_PERCENT: i32 = 54;
/// Smoothing passes.
pub const PASSES: usize = 4;
/// A cell is open after a pass when at least this many of the nine cells
/// around it (itself included) were.
pub const OPEN_AT: usize = 5;
/// The fewest open cells a cave may have; a sparser roll is rolled again.
pub const FEWEST_OPEN: usize = 200;
/// How many times the ground is rolled before giving up.
pub const ROLLS: usize = 5;

/// A cave: its open cells row by row, where the player starts and where
/// the stairs go, and how many tunnels joined its regions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cave {
    /// The width in cells.
    pub width: i32,
    /// Whether each cell is open, row by row.
    pub open: Vec<bool>,
    /// One end of the cave's longest walk.
    pub start: (i32, i32),
    /// The other end.
    pub stairs: (i32, i32),
    /// How many tunnels were dug to join the regions.
    pub tunnels: usize,
}

impl Cave {
    /// Whether the cell `(x, y)` is open.
    pub fn is_open(&self, x: i32, y: i32) -> bool {
        let h = self.open.len() as i32 / self.width.max(1);
        x >= 0 && y >= 0 && x < self.width && y < h && self.open[(y * self.width + x) as usize]
    }
}

/// A cave of `w` x `h` cells. The border is always solid; every open cell
/// reaches every other by steps along rows and columns. `roll(min, max)`
/// gives the random numbers. `None` if the map is too small for a cave or
/// [`ROLLS`] rolls in a row left fewer than [`FEWEST_OPEN`] cells open.
pub fn carve(w: i32, h: i32, mut roll: impl FnMut(i32, i32) -> i32) -> Option<Cave> {
    if w < 5 || h < 5 {
        return None;
    }
    for _ in 0..ROLLS {
        let mut open = ground(w, h, &mut roll);
        if open.iter().filter(|o| **o).count() < FEWEST_OPEN {
            continue;
        }
        let tunnels = join(w, h, &mut open);
        let (start, stairs) = ends(w, &open)?;
        return Some(Cave { width: w, open, start, stairs, tunnels });
    }
    None
}

/// Rolled ground, smoothed [`PASSES`] times; the border solid.
fn ground(w: i32, h: i32, roll: &mut impl FnMut(i32, i32) -> i32) -> Vec<bool> {
    let at = |x: i32, y: i32| (y * w + x) as usize;
    let inside = |x: i32, y: i32| x > 0 && y > 0 && x < w - 1 && y < h - 1;
    let mut open = vec![false; (w * h) as usize];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            open[at(x, y)] = roll(1, 100) <= OPEN_PERCENT;
        }
    }
    for _ in 0..PASSES {
        let before = open.clone();
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                let around = (-1..=1)
                    .flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
                    .filter(|&(nx, ny)| inside(nx, ny) && before[at(nx, ny)])
                    .count();
                open[at(x, y)] = around >= OPEN_AT;
            }
        }
    }
    open
}

/// The open regions (joined along rows and columns), each a list of cell
/// indices in reading order, the regions in the order of their first cell.
pub fn regions(w: i32, open: &[bool]) -> Vec<Vec<usize>> {
    let mut region = vec![usize::MAX; open.len()];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for first in 0..open.len() {
        if !open[first] || region[first] != usize::MAX {
            continue;
        }
        let id = out.len();
        let mut cells = Vec::new();
        let mut stack = vec![first];
        region[first] = id;
        while let Some(i) = stack.pop() {
            cells.push(i);
            for n in neighbours(w, open.len(), i) {
                if open[n] && region[n] == usize::MAX {
                    region[n] = id;
                    stack.push(n);
                }
            }
        }
        cells.sort_unstable();
        out.push(cells);
    }
    out
}

/// The cells beside `i` along its row and column, on the grid.
fn neighbours(w: i32, len: usize, i: usize) -> impl Iterator<Item = usize> {
    let (x, y, h) = (i as i32 % w, i as i32 / w, len as i32 / w);
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .map(move |(dx, dy)| (x + dx, y + dy))
        .filter(move |&(nx, ny)| nx >= 0 && ny >= 0 && nx < w && ny < h)
        .map(move |(nx, ny)| (ny * w + nx) as usize)
}

/// Joins every region to the first: while more than one is left, the cell
/// of the second region nearest (in steps along rows and columns) to any
/// cell of the first is found, and a tunnel is dug between the two, first
/// along the row, then along the column. Returns how many were dug.
fn join(w: i32, h: i32, open: &mut [bool]) -> usize {
    let mut tunnels = 0;
    loop {
        let found = regions(w, open);
        if found.len() <= 1 {
            return tunnels;
        }
        let point = |i: usize| (i as i32 % w, i as i32 / w);
        let (mut best, mut from, mut to) = (i32::MAX, 0, 0);
        for &a in &found[1] {
            for &b in &found[0] {
                let ((ax, ay), (bx, by)) = (point(a), point(b));
                let d = (ax - bx).abs() + (ay - by).abs();
                if d < best {
                    (best, from, to) = (d, a, b);
                }
            }
        }
        let ((mut x, mut y), (tx, ty)) = (point(from), point(to));
        while x != tx {
            x += (tx - x).signum();
            dig(w, h, open, x, y);
        }
        while y != ty {
            y += (ty - y).signum();
            dig(w, h, open, x, y);
        }
        tunnels += 1;
    }
}

/// Opens `(x, y)` unless it is on the border (a tunnel between two inner
/// cells never reaches it, but the border is kept whatever happens).
fn dig(w: i32, h: i32, open: &mut [bool], x: i32, y: i32) {
    if x > 0 && y > 0 && x < w - 1 && y < h - 1 {
        open[(y * w + x) as usize] = true;
    }
}

/// Steps along rows and columns from `from` to every open cell (`None`:
/// not reached).
pub fn distances(w: i32, open: &[bool], from: usize) -> Vec<Option<u32>> {
    let mut dist = vec![None; open.len()];
    let mut queue = VecDeque::from([from]);
    dist[from] = Some(0);
    while let Some(i) = queue.pop_front() {
        let d = dist[i].unwrap_or(0);
        for n in neighbours(w, open.len(), i) {
            if open[n] && dist[n].is_none() {
                dist[n] = Some(d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

/// The two ends of the cave's longest walk, as two sweeps find them: the
/// open cell farthest from the first open cell is the start, and the one
/// farthest from the start the stairs (ties: the first in reading order).
fn ends(w: i32, open: &[bool]) -> Option<((i32, i32), (i32, i32))> {
    let first = open.iter().position(|o| *o)?;
    let farthest = |from: usize| {
        let dist = distances(w, open, from);
        (0..open.len()).filter(|&i| dist[i].is_some()).max_by_key(|&i| (dist[i], std::cmp::Reverse(i)))
    };
    let start = farthest(first)?;
    let stairs = farthest(start)?;
    let point = |i: usize| (i as i32 % w, i as i32 / w);
    Some((point(start), point(stairs)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed stream of numbers, as the game's would be for a seed.
    fn stream(seed: u64) -> impl FnMut(i32, i32) -> i32 {
        let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        move |min, max| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            min + ((state >> 33) % (max - min + 1) as u64) as i32
        }
    }

    #[test]
    fn the_border_is_closed_on_every_seed() {
        let (w, h) = (80, 45);
        for seed in 0..40 {
            let cave = carve(w, h, stream(seed)).expect("a cave");
            for y in 0..h {
                for x in 0..w {
                    if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                        assert!(!cave.is_open(x, y), "seed {seed}: border {x},{y} closed");
                    }
                }
            }
        }
    }

    #[test]
    fn every_open_cell_is_joined_and_none_of_the_ground_is_thrown_away() {
        let (w, h) = (80, 45);
        let mut dug = 0;
        for seed in 0..40 {
            let cave = carve(w, h, stream(seed)).expect("a cave");
            assert_eq!(regions(w, &cave.open).len(), 1, "seed {seed}: one region");
            // The smoothed ground before joining, rolled from the same numbers:
            // every cell of it is still open (joined, not cut away).
            let before = ground(w, h, &mut stream(seed));
            assert!((0..before.len()).all(|i| !before[i] || cave.open[i]), "seed {seed}: no region dropped");
            dug += cave.tunnels;
        }
        assert!(dug > 0, "some seeds had regions apart that tunnels joined");
    }

    #[test]
    fn start_and_stairs_are_open_and_far_apart() {
        let (w, h) = (80, 45);
        for seed in 0..40 {
            let cave = carve(w, h, stream(seed)).expect("a cave");
            let (s, t) = (cave.start, cave.stairs);
            assert!(cave.is_open(s.0, s.1) && cave.is_open(t.0, t.1));
            let dist = distances(w, &cave.open, (s.1 * w + s.0) as usize);
            let walk = dist[(t.1 * w + t.0) as usize].expect("reached");
            let longest = dist.iter().flatten().max().copied().unwrap_or(0);
            assert_eq!(walk, longest, "seed {seed}: the stairs are the farthest cell from the start");
            assert!(walk >= 60, "seed {seed}: a long walk, not {walk} steps");
        }
    }

    #[test]
    fn tunnels_join_two_caves_that_are_apart() {
        // Two open pockets with solid rock between them.
        let (w, h) = (12, 5);
        let mut open = vec![false; (w * h) as usize];
        for x in [2, 3, 8, 9] {
            open[(2 * w + x) as usize] = true;
        }
        assert_eq!(regions(w, &open).len(), 2);
        assert_eq!(join(w, h, &mut open), 1);
        assert_eq!(regions(w, &open).len(), 1);
        assert!((4..8).all(|x| open[(2 * w + x) as usize]), "the tunnel runs between them");
    }

    #[test]
    fn the_same_numbers_make_the_same_cave() {
        assert_eq!(carve(60, 30, stream(9)), carve(60, 30, stream(9)));
        assert_ne!(carve(60, 30, stream(9)), carve(60, 30, stream(10)));
    }

    #[test]
    fn a_floor_where_nothing_is_open_or_too_small_makes_no_cave() {
        assert_eq!(carve(20, 15, |_, max| max), None);
        assert_eq!(carve(4, 40, |min, _| min), None);
    }
}
