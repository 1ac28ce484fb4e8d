//! The caves themselves, with no game: a grid of open and solid cells
//! seeded by a roll, smoothed by counting open neighbours, and cut down to
//! its largest open region, with a start and stairs far apart in it.

/// How many cells in a hundred are open before smoothing.
pub const OPEN_PERCENT: i32 = 55;
/// Smoothing passes.
pub const PASSES: usize = 3;
/// A cell is open after a pass when at least this many of the nine cells
/// around it (itself included) were.
pub const OPEN_AT: usize = 5;

/// A cave of `w` x `h` cells: which are open (row by row), the start and
/// the stairs. The border is always solid. `roll(min, max)` gives the
/// random numbers. `None` if no cell is open.
pub fn carve(w: i32, h: i32, mut roll: impl FnMut(i32, i32) -> i32) -> Option<Cave> {
    let at = |x: i32, y: i32| (y * w + x) as usize;
    let inside = |x: i32, y: i32| x > 0 && y > 0 && x < w - 1 && y < h - 1;
    let mut open = vec![false; (w * h).max(0) as usize];
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
    // Regions by flooding, in reading order; the largest is kept (ties: the first).
    let mut region = vec![usize::MAX; open.len()];
    let mut sizes: Vec<usize> = Vec::new();
    for first in 0..open.len() {
        if !open[first] || region[first] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let (mut stack, mut size) = (vec![first], 0);
        region[first] = id;
        while let Some(i) = stack.pop() {
            size += 1;
            let (x, y) = (i as i32 % w, i as i32 / w);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (x + dx, y + dy);
                if inside(nx, ny) && open[at(nx, ny)] && region[at(nx, ny)] == usize::MAX {
                    region[at(nx, ny)] = id;
                    stack.push(at(nx, ny));
                }
            }
        }
        sizes.push(size);
    }
    let biggest = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i)))?;
    let cells: Vec<usize> = (0..open.len()).filter(|&i| region[i] == biggest).collect();
    let kept: Vec<bool> = (0..open.len()).map(|i| region[i] == biggest).collect();
    let point = |i: usize| (i as i32 % w, i as i32 / w);
    Some(Cave { open: kept, start: point(cells[0]), stairs: point(cells[cells.len() - 1]) })
}

/// A cave: its open cells, row by row, and where the start and stairs are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cave {
    /// Whether each cell is open, row by row.
    pub open: Vec<bool>,
    /// The first open cell in reading order.
    pub start: (i32, i32),
    /// The last open cell in reading order.
    pub stairs: (i32, i32),
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
    fn the_border_is_solid_and_every_open_cell_is_one_region_with_start_and_stairs() {
        let (w, h) = (80, 45);
        let cave = carve(w, h, stream(3)).expect("an open cave");
        for y in 0..h {
            for x in 0..w {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    assert!(!cave.open[(y * w + x) as usize], "border {x},{y} solid");
                }
            }
        }
        let open = |(x, y): (i32, i32)| cave.open[(y * w + x) as usize];
        assert!(open(cave.start) && open(cave.stairs) && cave.start != cave.stairs);
        assert!(cave.open.iter().filter(|o| **o).count() > 300, "a cave, not a closet");
    }

    #[test]
    fn the_same_numbers_make_the_same_cave() {
        assert_eq!(carve(60, 30, stream(9)), carve(60, 30, stream(9)));
        assert_ne!(carve(60, 30, stream(9)), carve(60, 30, stream(10)));
    }

    #[test]
    fn a_floor_where_nothing_is_open_makes_no_cave() {
        assert_eq!(carve(20, 15, |_, max| max), None);
    }
}
