//! Distance maps ("Dijkstra maps"): for every cell, how far it is from a set
//! of goals. The host builds whole maps once and creatures just walk
//! downhill on them, which keeps pathfinding cheap with many monsters.
//! Movement is 8-way over passable cells (closed doors count, since walking
//! into one opens it), and a diagonal step may cut a corner. A walker's
//! maps leave out `deadly` cells (api 1.7: lava, a chasm); a flier's keep
//! them.

use std::collections::VecDeque;

use crate::core::map::{Map, Tile};
use emberdeep_api::{Point, DIRECTIONS};

/// Marks a cell no goal can be reached from.
pub const UNREACHABLE: i32 = i32::MAX;

/// What one step costs on a flee map, in tenths of a step.
const FLEE_STEP: i32 = 10;
/// A flee map's seed is the distance to the threat times this (-1.2 in tenths):
/// weighting far cells more than a step costs lets a creature go around or past
/// the threat towards open space instead of backing into the nearest corner.
const FLEE_FACTOR: i32 = -12;

/// A value for every cell of a map; lower is closer to the goal.
#[derive(Clone, Debug)]
pub struct DistanceMap {
    width: i32,
    height: i32,
    dist: Vec<i32>,
}

impl DistanceMap {
    fn unreached(map: &Map) -> DistanceMap {
        let cells = (map.width() as usize) * (map.height() as usize);
        DistanceMap { width: map.width(), height: map.height(), dist: vec![UNREACHABLE; cells] }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let inside = p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height;
        inside.then(|| (p.y * self.width + p.x) as usize)
    }

    /// Steps from every cell to the nearest of `goals` (each step costs 1)
    /// for a walker: never over a `deadly` cell. Goals off the map are
    /// ignored; a goal is 0 even if it is not passable.
    pub fn toward(map: &Map, goals: &[Point]) -> DistanceMap {
        Self::breadth_first(map, goals, false).0
    }

    /// [`DistanceMap::toward`] for a creature that walks or (`flies`) one
    /// that flies over `deadly` cells too.
    pub fn toward_by(map: &Map, goals: &[Point], flies: bool) -> DistanceMap {
        Self::breadth_first(map, goals, flies).0
    }

    /// `toward`, and the cells in the order they were reached (nearest first).
    fn breadth_first(map: &Map, goals: &[Point], flies: bool) -> (DistanceMap, Vec<usize>) {
        let mut dm = DistanceMap::unreached(map);
        let passable = Passable::of(map, flies);
        // The queue is the visit order: a cell is pushed once, when reached.
        let mut order = Vec::with_capacity(dm.dist.len());
        for &g in goals {
            if let Some(i) = dm.index(g) {
                if dm.dist[i] != 0 {
                    dm.dist[i] = 0;
                    order.push(i);
                }
            }
        }
        let mut head = 0;
        while let Some(&i) = order.get(head) {
            head += 1;
            let next = dm.dist[i] + 1;
            passable.each_neighbour(i, |n| {
                if dm.dist[n] == UNREACHABLE {
                    dm.dist[n] = next;
                    order.push(n);
                }
            });
        }
        (dm, order)
    }

    /// The map a creature walks down to get away from `threat`. Values are
    /// in tenths of a step and negative; only their order matters.
    pub fn fleeing(map: &Map, threat: Point, flies: bool) -> DistanceMap {
        let (mut dm, order) = Self::breadth_first(map, &[threat], flies);
        for d in dm.dist.iter_mut().filter(|d| **d != UNREACHABLE) {
            *d = d.saturating_mul(FLEE_FACTOR);
        }
        // The farthest cells have the lowest seeds: the visit order, reversed,
        // is the seeds sorted lowest first.
        let seeds: Vec<(i32, usize)> = order.into_iter().rev().map(|i| (dm.dist[i], i)).collect();
        dm.relax(map, &seeds, flies);
        dm
    }

    /// Dijkstra from every cell at once with its current value as the seed,
    /// so each cell ends up at min(own seed, neighbour + one step). `seeds`
    /// lists the seeded cells with their seeds, lowest first. Every step costs the same,
    /// so the cells reached by a step come out of a plain queue in order too,
    /// and merging the two lists replaces the priority queue.
    fn relax(&mut self, map: &Map, seeds: &[(i32, usize)], flies: bool) {
        let passable = Passable::of(map, flies);
        let mut reached: VecDeque<(i32, usize)> = VecDeque::new();
        let mut s = 0;
        loop {
            let seed = seeds.get(s).copied();
            let (d, i) = match (seed, reached.front().copied()) {
                (Some(a), Some(b)) if b.0 < a.0 => {
                    reached.pop_front();
                    b
                }
                (Some(a), _) => {
                    s += 1;
                    a
                }
                (None, Some(b)) => {
                    reached.pop_front();
                    b
                }
                (None, None) => break,
            };
            if d > self.dist[i] {
                continue; // A better value was found after this was queued.
            }
            let next = d + FLEE_STEP;
            passable.each_neighbour(i, |n| {
                if next < self.dist[n] {
                    self.dist[n] = next;
                    reached.push_back((next, n));
                }
            });
        }
    }

    /// The value at `p`; `None` off the map or where no goal can be reached.
    pub fn get(&self, p: Point) -> Option<i32> {
        self.index(p).map(|i| self.dist[i]).filter(|&d| d != UNREACHABLE)
    }

    /// The best next step from `from`: the passable, not `blocked` neighbour
    /// with the lowest value strictly below `from`'s (ties go to the first in
    /// `DIRECTIONS` order), or `None` when no step leads downhill.
    pub fn step_down(&self, from: Point, blocked: impl Fn(Point) -> bool, map: &Map) -> Option<Point> {
        let here = self.index(from).map_or(UNREACHABLE, |i| self.dist[i]);
        let mut best: Option<(i32, Point)> = None;
        for (dx, dy) in DIRECTIONS {
            let n = from.offset(dx, dy);
            let Some(d) = self.get(n) else { continue };
            let better = best.is_none_or(|(b, _)| d < b);
            if d < here && better && map.is_passable(n) && !blocked(n) {
                best = Some((d, n));
            }
        }
        best.map(|(_, p)| p)
    }
}

/// The first step of a shortest walk from `from` to the nearest of
/// `goals`: a search outward from `from` that stops at the first goal it
/// reaches, so a near goal costs little however large the floor. The first
/// step may not be onto a `blocked` cell unless that cell is a goal; `None`
/// when `from` is a goal or no goal can be reached (a goal in a wall never is).
pub fn first_step(map: &Map, from: Point, goals: &[Point], blocked: impl Fn(Point) -> bool) -> Option<Point> {
    let passable = Passable::of(map, false);
    let w = passable.width;
    let index = |p: Point| map.in_bounds(p).then(|| (p.y as usize) * w + p.x as usize);
    let start = index(from)?;
    let mut goal = vec![false; passable.tiles.len()];
    for i in goals.iter().filter_map(|&g| index(g)) {
        goal[i] = true;
    }
    if goal[start] {
        return None;
    }
    // For each cell reached, the first step that led there (plus one).
    let mut via = vec![0u32; goal.len()];
    via[start] = u32::MAX;
    let mut queue = VecDeque::new();
    passable.each_neighbour(start, |n| {
        let p = Point::new((n % w) as i32, (n / w) as i32);
        if goal[n] || !blocked(p) {
            via[n] = n as u32 + 1;
            queue.push_back(n);
        }
    });
    while let Some(i) = queue.pop_front() {
        if goal[i] {
            let step = via[i] as usize - 1;
            return Some(Point::new((step % w) as i32, (step / w) as i32));
        }
        let first = via[i];
        passable.each_neighbour(i, |n| {
            if via[n] == 0 {
                via[n] = first;
                queue.push_back(n);
            }
        });
    }
    None
}

/// How many distance maps of each kind a floor keeps: monsters hunting
/// different places (where each last saw the player) share a few goals.
const KEPT_MAPS: usize = 8;

/// The distance maps built on the floor as it is now, by goal, so monsters
/// sharing a goal (the player) share one map. Cleared when the floor changes
/// (a door opens, a new floor); the oldest goes when too many are kept.
#[derive(Default)]
pub struct PathCache {
    toward: Vec<((Point, bool), DistanceMap)>,
    away: Vec<((Point, bool), DistanceMap)>,
}

impl PathCache {
    /// Forgets every map: the floor changed.
    pub fn clear(&mut self) {
        self.toward.clear();
        self.away.clear();
    }

    /// The map toward `goal` on `map` for a walker or (`flies`) a flier,
    /// built if not kept.
    pub fn toward(&mut self, map: &Map, goal: Point, flies: bool) -> &DistanceMap {
        Self::kept(&mut self.toward, (goal, flies), || DistanceMap::toward_by(map, &[goal], flies))
    }

    /// The map away from `threat` on `map` for a walker or (`flies`) a
    /// flier, built if not kept.
    pub fn fleeing(&mut self, map: &Map, threat: Point, flies: bool) -> &DistanceMap {
        Self::kept(&mut self.away, (threat, flies), || DistanceMap::fleeing(map, threat, flies))
    }

    fn kept(
        maps: &mut Vec<((Point, bool), DistanceMap)>,
        key: (Point, bool),
        build: impl FnOnce() -> DistanceMap,
    ) -> &DistanceMap {
        let i = match maps.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                if maps.len() >= KEPT_MAPS {
                    maps.remove(0);
                }
                maps.push((key, build()));
                maps.len() - 1
            }
        };
        &maps[i].1
    }
}

/// Which cells of a map can be moved into, as a flat grid, with the
/// neighbours of a cell found by index arithmetic.
struct Passable<'m> {
    width: usize,
    height: usize,
    tiles: &'m [Tile],
    flies: bool,
}

impl Passable<'_> {
    /// The cells a walker moves into, or (`flies`) a flier: `deadly` ones too.
    fn of(map: &Map, flies: bool) -> Passable<'_> {
        Passable { width: map.width() as usize, height: map.height() as usize, tiles: map.tiles(), flies }
    }

    /// Calls `f` with each passable neighbour of cell `i`, in `DIRECTIONS` order.
    #[inline]
    fn each_neighbour(&self, i: usize, mut f: impl FnMut(usize)) {
        let (x, y) = ((i % self.width) as i32, (i / self.width) as i32);
        for (dx, dy) in DIRECTIONS {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx as usize >= self.width || ny as usize >= self.height {
                continue;
            }
            let n = ny as usize * self.width + nx as usize;
            let tile = self.tiles[n];
            if if self.flies { tile.is_passable() } else { tile.is_safe_step() } {
                f(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::map::Tile;

    fn p(x: i32, y: i32) -> Point {
        Point::new(x, y)
    }

    /// Builds a map from rows of `#` (wall), `+` (closed door) and anything else (floor).
    fn parse(rows: &[&str]) -> Map {
        let mut m = Map::new_filled(rows[0].len() as i32, rows.len() as i32, Tile::Wall);
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let t = match c {
                    '#' => Tile::Wall,
                    '+' => Tile::DoorClosed,
                    _ => Tile::Floor,
                };
                m.set_tile(p(x as i32, y as i32), t);
            }
        }
        m
    }

    fn open_room(w: i32, h: i32) -> Map {
        let mut m = Map::new_filled(w, h, Tile::Wall);
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                m.set_tile(p(x, y), Tile::Floor);
            }
        }
        m
    }

    /// Walks down from `from` until no step is left, at most `limit` steps.
    fn walk(dm: &DistanceMap, map: &Map, from: Point, limit: usize) -> Vec<Point> {
        let mut path = vec![from];
        let mut at = from;
        while let Some(next) = dm.step_down(at, |_| false, map) {
            path.push(next);
            at = next;
            if path.len() > limit {
                break;
            }
        }
        path
    }

    #[test]
    fn distances_on_a_small_map() {
        let map = parse(&["#######", "#.....#", "#.###.#", "#..+..#", "#######"]);
        let dm = DistanceMap::toward(&map, &[p(1, 1)]);
        assert_eq!(dm.get(p(1, 1)), Some(0));
        assert_eq!(dm.get(p(2, 1)), Some(1));
        assert_eq!(dm.get(p(5, 1)), Some(4));
        assert_eq!(dm.get(p(1, 3)), Some(2));
        // Through the closed door.
        assert_eq!(dm.get(p(3, 3)), Some(3));
        assert_eq!(dm.get(p(5, 3)), Some(5)); // (5,1) -> (5,2) -> (5,3) would be 6
        assert_eq!(dm.get(p(0, 0)), None);
        assert_eq!(dm.get(p(-1, 3)), None);
        assert_eq!(dm.get(p(3, 2)), None);
    }

    #[test]
    fn several_goals_take_the_nearest() {
        let map = open_room(12, 5);
        let dm = DistanceMap::toward(&map, &[p(1, 2), p(10, 2), p(50, 50)]);
        assert_eq!(dm.get(p(3, 2)), Some(2));
        assert_eq!(dm.get(p(8, 2)), Some(2));
        assert_eq!(dm.get(p(5, 1)), Some(4));
    }

    #[test]
    fn cut_off_cells_are_unreachable() {
        let map = parse(&["#####", "#.#.#", "#####"]);
        let dm = DistanceMap::toward(&map, &[p(1, 1)]);
        assert_eq!(dm.get(p(3, 1)), None);
        assert_eq!(dm.step_down(p(3, 1), |_| false, &map), None);
    }

    #[test]
    fn step_down_goes_toward_the_goal() {
        let map = open_room(12, 8);
        let dm = DistanceMap::toward(&map, &[p(9, 3)]);
        // Along the top row north and north-east are wall: east is the one best step.
        let top = DistanceMap::toward(&map, &[p(9, 1)]);
        assert_eq!(top.step_down(p(2, 1), |_| false, &map), Some(p(3, 1)));
        // Ties go to the first direction in DIRECTIONS order: NE before E and SE.
        assert_eq!(dm.step_down(p(2, 3), |_| false, &map), Some(p(3, 2)));
        assert_eq!(dm.step_down(p(2, 5), |_| false, &map), Some(p(3, 4)));
        assert_eq!(dm.step_down(p(9, 3), |_| false, &map), None);
    }

    #[test]
    fn step_down_goes_around_a_wall() {
        let map = parse(&[
            "#########", //
            "#.......#",
            "#...#...#",
            "#...#...#",
            "#...#...#",
            "#########",
        ]);
        let goal = p(6, 3);
        let dm = DistanceMap::toward(&map, &[goal]);
        assert_eq!(dm.step_down(p(2, 3), |_| false, &map), Some(p(3, 2)));
        let path = walk(&dm, &map, p(2, 3), 50);
        assert_eq!(path, [p(2, 3), p(3, 2), p(4, 1), p(5, 2), p(6, 3)]);
    }

    #[test]
    fn step_down_respects_blocked() {
        let map = open_room(12, 8);
        let dm = DistanceMap::toward(&map, &[p(9, 3)]);
        let from = p(2, 3);
        // NE is the first of three equal steps; blocking it leaves E.
        let step = dm.step_down(from, |q| q == p(3, 2), &map);
        assert_eq!(step, Some(p(3, 3)));
        let all_blocked = dm.step_down(from, |q| q.x == 3, &map);
        assert_eq!(all_blocked, None);
    }

    /// The flee map by the definition: seeds, then every cell lowered to a
    /// neighbour plus one step until nothing changes.
    fn fleeing_by_definition(map: &Map, threat: Point) -> Vec<i32> {
        let seeded = DistanceMap::toward(map, &[threat]);
        let mut dist: Vec<i32> =
            seeded.dist.iter().map(|&d| if d == UNREACHABLE { d } else { d * FLEE_FACTOR }).collect();
        let w = map.width();
        loop {
            let mut changed = false;
            for q in map.points().filter(|q| map.is_passable(*q)) {
                let i = (q.y * w + q.x) as usize;
                for (dx, dy) in DIRECTIONS {
                    let n = q.offset(dx, dy);
                    if !map.is_passable(n) || dist[i] == UNREACHABLE {
                        continue;
                    }
                    let j = (n.y * w + n.x) as usize;
                    if dist[i] + FLEE_STEP < dist[j] {
                        dist[j] = dist[i] + FLEE_STEP;
                        changed = true;
                    }
                }
            }
            if !changed {
                return dist;
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn the_flee_map_is_the_one_its_definition_gives(
            walls in proptest::collection::vec((1..19i32, 1..11i32), 0..60),
            doors in proptest::collection::vec((1..19i32, 1..11i32), 0..6),
            threat in (1..19i32, 1..11i32),
        ) {
            let mut map = open_room(20, 12);
            for (x, y) in walls {
                map.set_tile(p(x, y), Tile::Wall);
            }
            for (x, y) in doors {
                map.set_tile(p(x, y), Tile::DoorClosed);
            }
            let threat = p(threat.0, threat.1);
            map.set_tile(threat, Tile::Floor);
            let fast = DistanceMap::fleeing(&map, threat, false);
            proptest::prop_assert_eq!(fast.dist, fleeing_by_definition(&map, threat));
        }
    }

    proptest::proptest! {
        #[test]
        fn the_first_step_goes_down_the_distance_map(
            walls in proptest::collection::vec((1..19i32, 1..11i32), 0..80),
            goals in proptest::collection::vec((0..20i32, 0..12i32), 0..5),
            from in (1..19i32, 1..11i32),
        ) {
            let mut map = open_room(20, 12);
            for (x, y) in walls {
                map.set_tile(p(x, y), Tile::Wall);
            }
            let from = p(from.0, from.1);
            map.set_tile(from, Tile::Floor);
            // Goals stand on open cells (on the edge of the map too).
            let goals: Vec<Point> = goals.into_iter().map(|(x, y)| p(x, y)).collect();
            for g in &goals {
                map.set_tile(*g, Tile::Floor);
            }
            let dm = DistanceMap::toward(&map, &goals);
            let step = first_step(&map, from, &goals, |_| false);
            match dm.get(from) {
                Some(d) if d > 0 && dm.step_down(from, |_| false, &map).is_some() => {
                    let s = step.expect("a goal is reachable");
                    proptest::prop_assert!(from.is_adjacent(s));
                    proptest::prop_assert_eq!(dm.get(s), Some(d - 1));
                }
                _ => proptest::prop_assert_eq!(step, None),
            }
        }
    }

    #[test]
    fn the_first_step_avoids_blocked_cells_but_not_a_blocked_goal() {
        let map = parse(&["#####", "#...#", "#...#", "#####"]);
        let blocked = |q: Point| q == p(2, 1);
        assert_eq!(first_step(&map, p(1, 1), &[p(3, 1)], blocked), Some(p(2, 2)));
        assert_eq!(first_step(&map, p(1, 1), &[p(2, 1)], blocked), Some(p(2, 1)));
        assert_eq!(first_step(&map, p(1, 1), &[p(1, 1)], blocked), None);
    }

    #[test]
    fn fleeing_moves_away_in_an_open_room() {
        let map = open_room(20, 20);
        let threat = p(10, 10);
        let flee = DistanceMap::fleeing(&map, threat, false);
        for start in [p(11, 10), p(8, 12), p(12, 7), p(10, 11)] {
            let next = flee.step_down(start, |_| false, &map);
            let next = next.unwrap_or_else(|| panic!("no step from {start:?}"));
            assert!(next.steps_to(threat) > start.steps_to(threat), "{start:?} -> {next:?}");
        }
        assert!(flee.get(threat).is_some_and(|v| v < 0));
    }

    #[test]
    fn fleeing_leaves_a_dead_end_for_open_space() {
        // A long corridor: the creature at x = 2 is cornered near the dead end
        // at x = 1, while far more room lies past the threat at x = 5.
        let mut map = Map::new_filled(52, 3, Tile::Wall);
        for x in 1..=50 {
            map.set_tile(p(x, 1), Tile::Floor);
        }
        let flee = DistanceMap::fleeing(&map, p(5, 1), false);
        assert_eq!(flee.step_down(p(2, 1), |_| false, &map), Some(p(3, 1)));
        // With little room past the threat, backing off is still best.
        let flee = DistanceMap::fleeing(&map, p(45, 1), false);
        assert_eq!(flee.step_down(p(44, 1), |_| false, &map), Some(p(43, 1)));
    }

    proptest::proptest! {
        #[test]
        fn open_room_distance_is_chebyshev(gx in 1..14i32, gy in 1..9i32, x in 1..14i32, y in 1..9i32) {
            let map = open_room(15, 10);
            let dm = DistanceMap::toward(&map, &[p(gx, gy)]);
            proptest::prop_assert_eq!(dm.get(p(x, y)), Some(p(x, y).steps_to(p(gx, gy))));
            if let Some(next) = dm.step_down(p(x, y), |_| false, &map) {
                proptest::prop_assert_eq!(next.steps_to(p(gx, gy)) + 1, p(x, y).steps_to(p(gx, gy)));
            }
        }
    }
}
