//! Builds a new floor in the classic roguelike way: random rectangular rooms
//! that do not overlap, each joined to the one before by an L-shaped corridor,
//! a couple of extra corridors so the floor has loops, and doors where a
//! corridor enters a room through its wall. All randomness comes from the
//! run's RNG, so a seed always gives the same floor.

use crate::core::map::{Map, Tile};
use crate::core::rng::RunRng;
use emberdeep_api::Point;

/// How many random rooms are tried on every floor.
const ROOM_TRIES: u32 = 30;
/// Extra tries, only while the floor still has fewer than `MIN_ROOMS` rooms.
const EXTRA_ROOM_TRIES: u32 = 300;
/// Fewest rooms a floor should have; more tries are made until it does.
const MIN_ROOMS: usize = 4;
/// Inner room sizes, both ends included.
const ROOM_WIDTH: (i32, i32) = (4, 12);
const ROOM_HEIGHT: (i32, i32) = (3, 8);
/// The widest and tallest map piece: the largest room's floor, so a piece
/// can fit a room (the largest rooms are this size).
pub const PIECE_MOST: (i32, i32) = (ROOM_WIDTH.1, ROOM_HEIGHT.1);
/// Gap kept between two rooms' floors: each keeps its own one-cell wall.
const ROOM_GAP: i32 = 2;
/// Smallest map the generator builds; smaller requests are raised to this so
/// that at least one room always fits.
pub const MIN_WIDTH: i32 = 16;
pub const MIN_HEIGHT: i32 = 10;

/// A room's floor area: columns `x..x+w`, rows `y..y+h` (its walls lie
/// just outside).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    /// The rectangle with top-left cell (`x`, `y`), `w` wide and `h` tall.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The middle cell (rounded towards the bottom-right on even sizes).
    pub fn center(&self) -> Point {
        Point::new(self.x + self.w / 2, self.y + self.h / 2)
    }

    /// Whether the two rectangles overlap once `self` is grown by `margin`
    /// cells on every side, i.e. whether fewer than `margin` cells separate them.
    pub fn intersects(&self, other: &Rect, margin: i32) -> bool {
        self.x - margin < other.x + other.w
            && other.x < self.x + self.w + margin
            && self.y - margin < other.y + other.h
            && other.y < self.y + self.h + margin
    }

    /// Whether `p` is one of the rectangle's cells.
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.x < self.x + self.w && p.y >= self.y && p.y < self.y + self.h
    }

    /// Every cell of the rectangle, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let r = *self;
        (r.y..r.y + r.h).flat_map(move |y| (r.x..r.x + r.w).map(move |x| Point::new(x, y)))
    }
}

/// A generated floor: its map, its rooms in the order they were made,
/// where the player starts and where the stairs down are (on the deepest
/// floor, which has none, the cell they would be on: where the goal lies).
#[derive(Clone, Debug)]
pub struct Level {
    pub map: Map,
    pub rooms: Vec<Rect>,
    pub start: Point,
    pub stairs: Point,
}

/// Generates a `width` x `height` floor (80 x 45 in the game; sizes below
/// `MIN_WIDTH` x `MIN_HEIGHT` are raised to it).
pub fn generate(rng: &mut RunRng, width: i32, height: i32) -> Level {
    build(rng, width, height, true)
}

/// The deepest floor: made as any other from the same draws, but with no
/// stairs down; `stairs` is the cell they would be on, for the goal.
pub fn generate_deepest(rng: &mut RunRng, width: i32, height: i32) -> Level {
    build(rng, width, height, false)
}

fn build(rng: &mut RunRng, width: i32, height: i32, stairs_down: bool) -> Level {
    let width = width.max(MIN_WIDTH);
    let height = height.max(MIN_HEIGHT);
    let mut map = Map::new_filled(width, height, Tile::Wall);
    let rooms = place_rooms(rng, width, height);
    for room in &rooms {
        carve_room(&mut map, room);
    }
    connect_rooms(rng, &mut map, &rooms);
    place_doors(rng, &mut map, &rooms);
    let (start, stairs) = start_and_stairs(&rooms);
    if stairs_down {
        map.set_tile(stairs, Tile::StairsDown);
    }
    Level { map, rooms, start, stairs }
}

/// Tries random rooms and keeps those that do not crowd an earlier one.
fn place_rooms(rng: &mut RunRng, width: i32, height: i32) -> Vec<Rect> {
    let mut rooms: Vec<Rect> = Vec::new();
    let mut tries = 0;
    while tries < ROOM_TRIES || (rooms.len() < MIN_ROOMS && tries < ROOM_TRIES + EXTRA_ROOM_TRIES) {
        tries += 1;
        let room = random_room(rng, width, height);
        if rooms.iter().all(|r| !room.intersects(r, ROOM_GAP)) {
            rooms.push(room);
        }
    }
    rooms
}

/// A random room whose floor and walls fit inside the map.
fn random_room(rng: &mut RunRng, width: i32, height: i32) -> Rect {
    // The outer ring of the map stays wall, so a room's floor spans at most
    // `width - 2` columns and `height - 2` rows.
    let w = rng.range(ROOM_WIDTH.0, ROOM_WIDTH.1.min(width - 2));
    let h = rng.range(ROOM_HEIGHT.0, ROOM_HEIGHT.1.min(height - 2));
    let x = rng.range(1, width - w - 1);
    let y = rng.range(1, height - h - 1);
    Rect::new(x, y, w, h)
}

fn carve_room(map: &mut Map, room: &Rect) {
    for p in room.points() {
        map.set_tile(p, Tile::Floor);
    }
}

/// Joins each room to the one before, then adds one or two loops.
fn connect_rooms(rng: &mut RunRng, map: &mut Map, rooms: &[Rect]) {
    for pair in rooms.windows(2) {
        carve_corridor(rng, map, pair[0].center(), pair[1].center());
    }
    if rooms.len() < 3 {
        // With two rooms any extra corridor would just double the first one.
        return;
    }
    let extra = rng.range(1, 2);
    for _ in 0..extra {
        let a = rng.below(rooms.len() as u32) as usize;
        // Picking from the other rooms keeps `b` different from `a`.
        let mut b = rng.below(rooms.len() as u32 - 1) as usize;
        if b >= a {
            b += 1;
        }
        carve_corridor(rng, map, rooms[a].center(), rooms[b].center());
    }
}

/// An L-shaped corridor: horizontal then vertical, or the reverse, by a coin flip.
fn carve_corridor(rng: &mut RunRng, map: &mut Map, from: Point, to: Point) {
    if rng.below(2) == 0 {
        carve_horizontal(map, from.x, to.x, from.y);
        carve_vertical(map, from.y, to.y, to.x);
    } else {
        carve_vertical(map, from.y, to.y, from.x);
        carve_horizontal(map, from.x, to.x, to.y);
    }
}

fn carve_horizontal(map: &mut Map, x1: i32, x2: i32, y: i32) {
    for x in x1.min(x2)..=x1.max(x2) {
        map.set_tile(Point::new(x, y), Tile::Floor);
    }
}

fn carve_vertical(map: &mut Map, y1: i32, y2: i32, x: i32) {
    for y in y1.min(y2)..=y1.max(y2) {
        map.set_tile(Point::new(x, y), Tile::Floor);
    }
}

/// Puts a door in each narrow gap where a corridor crosses a room's wall.
fn place_doors(rng: &mut RunRng, map: &mut Map, rooms: &[Rect]) {
    for room in rooms {
        for (p, along) in wall_ring(room) {
            if is_door_spot(map, p, along) {
                // Closed one time in three.
                let tile = if rng.below(3) == 0 { Tile::DoorClosed } else { Tile::DoorOpen };
                map.set_tile(p, tile);
            }
        }
    }
}

/// The cells of a room's wall, corners left out, each with the direction
/// that runs along that wall: (1, 0) for the top and bottom walls, (0, 1)
/// for the sides.
fn wall_ring(room: &Rect) -> Vec<(Point, (i32, i32))> {
    let mut ring = Vec::with_capacity(2 * (room.w + room.h) as usize);
    for x in room.x..room.x + room.w {
        ring.push((Point::new(x, room.y - 1), (1, 0)));
        ring.push((Point::new(x, room.y + room.h), (1, 0)));
    }
    for y in room.y..room.y + room.h {
        ring.push((Point::new(room.x - 1, y), (0, 1)));
        ring.push((Point::new(room.x + room.w, y), (0, 1)));
    }
    ring
}

/// A wall cell a corridor has opened, with wall on both sides along the
/// wall, floor through it, and no door next to it.
fn is_door_spot(map: &Map, p: Point, along: (i32, i32)) -> bool {
    let (ax, ay) = along;
    // Across the wall: the room on one side, the corridor on the other.
    let (cx, cy) = (ay, ax);
    map.tile(p) == Tile::Floor
        && map.tile(p.offset(ax, ay)) == Tile::Wall
        && map.tile(p.offset(-ax, -ay)) == Tile::Wall
        && map.is_walkable(p.offset(cx, cy))
        && map.is_walkable(p.offset(-cx, -cy))
        && !has_door_next_to(map, p)
}

fn has_door_next_to(map: &Map, p: Point) -> bool {
    emberdeep_api::DIRECTIONS
        .iter()
        .any(|&(dx, dy)| matches!(map.tile(p.offset(dx, dy)), Tile::DoorClosed | Tile::DoorOpen))
}

/// The start at the first room's centre, the stairs at the last room's.
/// With a single room (only on tiny maps) the stairs go to its far corner.
fn start_and_stairs(rooms: &[Rect]) -> (Point, Point) {
    // `generate` never sees an empty list at its minimum size, but a room of
    // the minimum size keeps this total anyway.
    let first = rooms.first().copied().unwrap_or(Rect::new(1, 1, ROOM_WIDTH.0, ROOM_HEIGHT.0));
    let start = first.center();
    match rooms.last() {
        Some(last) if rooms.len() > 1 => (start, last.center()),
        _ => (start, Point::new(first.x + first.w - 1, first.y + first.h - 1)),
    }
}

/// Where a `w` x `h` piece may go on `level`: a random room not in `used`
/// whose floor it fits, at a random place in it that covers neither the
/// start nor the stairs (a few tries); the room's index and the piece's
/// top-left cell. Draws nothing when no room is wide and tall enough.
pub fn piece_spot(rng: &mut RunRng, level: &Level, used: &[usize], w: i32, h: i32) -> Option<(usize, Point)> {
    let fits: Vec<usize> = (0..level.rooms.len())
        .filter(|i| !used.contains(i) && level.rooms[*i].w >= w && level.rooms[*i].h >= h)
        .collect();
    if fits.is_empty() {
        return None;
    }
    for _ in 0..PIECE_TRIES {
        let i = fits[rng.below(fits.len() as u32) as usize];
        let room = level.rooms[i];
        let at = Point::new(rng.range(room.x, room.x + room.w - w), rng.range(room.y, room.y + room.h - h));
        let area = Rect::new(at.x, at.y, w, h);
        if !area.contains(level.start) && !area.contains(level.stairs) {
            return Some((i, at));
        }
    }
    None
}

/// How many places [`piece_spot`] tries.
const PIECE_TRIES: u32 = 4;

/// The first of `wanted` that `start` does not reach over passable cells
/// (moving in 4 directions, as the generator's own corridors join), if any.
pub fn first_unreached(map: &Map, start: Point, wanted: impl IntoIterator<Item = Point>) -> Option<Point> {
    let w = map.width();
    let mut seen = vec![false; (w * map.height()).max(0) as usize];
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if !map.in_bounds(p) || !map.is_passable(p) {
            continue;
        }
        let i = (p.y * w + p.x) as usize;
        if seen[i] {
            continue;
        }
        seen[i] = true;
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            stack.push(p.offset(dx, dy));
        }
    }
    wanted.into_iter().find(|p| !map.in_bounds(*p) || !seen[(p.y * w + p.x) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::DIRECTIONS;

    /// Cells reachable from `start` over passable cells, moving in 4 directions
    /// only (stricter than the game's 8).
    fn flood(map: &Map, start: Point) -> Vec<bool> {
        let w = map.width();
        let mut seen = vec![false; (w * map.height()) as usize];
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            let i = (p.y * w + p.x) as usize;
            if !map.is_passable(p) || seen[i] {
                continue;
            }
            seen[i] = true;
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                stack.push(p.offset(dx, dy));
            }
        }
        seen
    }

    fn is_door(t: Tile) -> bool {
        matches!(t, Tile::DoorClosed | Tile::DoorOpen)
    }

    #[test]
    fn rect_geometry() {
        let r = Rect::new(2, 3, 4, 3);
        assert_eq!(r.center(), Point::new(4, 4));
        assert!(r.contains(Point::new(2, 3)) && r.contains(Point::new(5, 5)));
        assert!(!r.contains(Point::new(6, 5)) && !r.contains(Point::new(1, 3)));
        assert_eq!(r.points().count(), 12);
        assert!(r.points().all(|p| r.contains(p)));
        // A second room starting two columns past the first's last column.
        let right = Rect::new(8, 3, 3, 3);
        assert!(!r.intersects(&right, 2));
        assert!(r.intersects(&right, 3));
        assert!(r.intersects(&Rect::new(5, 5, 1, 1), 0));
        assert!(!r.intersects(&Rect::new(6, 3, 1, 1), 0));
    }

    #[test]
    fn many_seeds_give_sound_floors() {
        for seed in 0..200 {
            let level = generate(&mut RunRng::from_seed(seed), 80, 45);
            check_level(&level, seed);
        }
    }

    #[test]
    fn the_deepest_floor_is_the_same_floor_without_stairs() {
        for seed in 0..20 {
            let usual = generate(&mut RunRng::from_seed(seed), 80, 45);
            let deepest = generate_deepest(&mut RunRng::from_seed(seed), 80, 45);
            assert!(!deepest.map.tiles().contains(&Tile::StairsDown), "seed {seed}: no stairs down");
            assert_eq!((deepest.start, deepest.stairs, &deepest.rooms), (usual.start, usual.stairs, &usual.rooms));
            assert_eq!(deepest.map.tile(deepest.stairs), Tile::Floor, "seed {seed}: the goal's cell is floor");
        }
    }

    fn check_level(level: &Level, seed: u64) {
        let map = &level.map;
        assert!(level.rooms.len() >= MIN_ROOMS, "seed {seed}: {} rooms", level.rooms.len());
        assert_ne!(level.start, level.stairs, "seed {seed}");
        assert!(map.is_walkable(level.start), "seed {seed}");
        assert_eq!(map.tile(level.stairs), Tile::StairsDown, "seed {seed}");
        assert_eq!(level.start, level.rooms[0].center());
        assert_eq!(level.stairs, level.rooms[level.rooms.len() - 1].center());
        let reach = flood(map, level.start);
        for p in map.points() {
            let border = p.x == 0 || p.y == 0 || p.x == map.width() - 1 || p.y == map.height() - 1;
            if border {
                assert_eq!(map.tile(p), Tile::Wall, "seed {seed}: border {p:?}");
            }
            if map.is_passable(p) {
                assert!(reach[(p.y * map.width() + p.x) as usize], "seed {seed}: {p:?} unreachable");
            }
        }
    }

    #[test]
    fn rooms_keep_their_walls_apart() {
        let level = generate(&mut RunRng::from_seed(3), 80, 45);
        for (i, a) in level.rooms.iter().enumerate() {
            for b in &level.rooms[i + 1..] {
                assert!(!a.intersects(b, ROOM_GAP));
            }
            assert!((ROOM_WIDTH.0..=ROOM_WIDTH.1).contains(&a.w));
            assert!((ROOM_HEIGHT.0..=ROOM_HEIGHT.1).contains(&a.h));
        }
    }

    #[test]
    fn doors_sit_in_narrow_gaps_and_never_touch() {
        let mut closed = 0;
        let mut open = 0;
        for seed in 0..50 {
            let level = generate(&mut RunRng::from_seed(seed), 80, 45);
            let map = &level.map;
            for p in map.points().filter(|&p| is_door(map.tile(p))) {
                if map.tile(p) == Tile::DoorClosed {
                    closed += 1;
                } else {
                    open += 1;
                }
                let walls_ns = !map.is_passable(p.offset(0, -1)) && !map.is_passable(p.offset(0, 1));
                let walls_we = !map.is_passable(p.offset(-1, 0)) && !map.is_passable(p.offset(1, 0));
                assert!(walls_ns || walls_we, "seed {seed}: door {p:?} not in a wall");
                for (dx, dy) in DIRECTIONS {
                    assert!(!is_door(map.tile(p.offset(dx, dy))), "seed {seed}: doors touch at {p:?}");
                }
            }
        }
        // Roughly one door in three is closed.
        assert!(closed > 0 && open > closed, "closed {closed}, open {open}");
    }

    #[test]
    fn same_seed_same_floor() {
        let a = generate(&mut RunRng::from_seed(99), 80, 45);
        let b = generate(&mut RunRng::from_seed(99), 80, 45);
        assert_eq!(a.rooms, b.rooms);
        assert!(a.map.points().all(|p| a.map.tile(p) == b.map.tile(p)));
        let c = generate(&mut RunRng::from_seed(100), 80, 45);
        assert_ne!(a.rooms, c.rooms);
    }

    #[test]
    fn tiny_sizes_are_raised_and_still_sound() {
        for seed in 0..50 {
            let level = generate(&mut RunRng::from_seed(seed), 0, -5);
            assert_eq!((level.map.width(), level.map.height()), (MIN_WIDTH, MIN_HEIGHT));
            assert!(!level.rooms.is_empty());
            assert_ne!(level.start, level.stairs);
            assert!(level.map.is_walkable(level.start));
            assert_eq!(level.map.tile(level.stairs), Tile::StairsDown);
        }
    }
}
