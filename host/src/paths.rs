//! Distance maps ("Dijkstra maps"): for every cell, how far it is from a set
//! of goals. The host builds whole maps once and creatures just walk
//! downhill on them, which keeps pathfinding cheap with many monsters.
//! Movement is 8-way over passable cells (closed doors count, since walking
//! into one opens it), and a diagonal step may cut a corner.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::map::Map;
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
        DistanceMap {
            width: map.width(),
            height: map.height(),
            dist: vec![UNREACHABLE; cells],
        }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let inside = p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height;
        inside.then(|| (p.y * self.width + p.x) as usize)
    }

    /// Steps from every cell to the nearest of `goals` (each step costs 1).
    /// Goals off the map are ignored; a goal is 0 even if it is not passable.
    pub fn toward(map: &Map, goals: &[Point]) -> DistanceMap {
        let mut dm = DistanceMap::unreached(map);
        let mut queue = VecDeque::new();
        for &g in goals {
            if let Some(i) = dm.index(g) {
                if dm.dist[i] != 0 {
                    dm.dist[i] = 0;
                    queue.push_back(i);
                }
            }
        }
        while let Some(i) = queue.pop_front() {
            let next = dm.dist[i] + 1;
            for n in Self::passable_neighbours(map, i) {
                if dm.dist[n] == UNREACHABLE {
                    dm.dist[n] = next;
                    queue.push_back(n);
                }
            }
        }
        dm
    }

    /// The map a creature walks down to get away from `threat`. Values are
    /// in tenths of a step and negative; only their order matters.
    pub fn fleeing(map: &Map, threat: Point) -> DistanceMap {
        let mut dm = DistanceMap::toward(map, &[threat]);
        for d in dm.dist.iter_mut().filter(|d| **d != UNREACHABLE) {
            *d = d.saturating_mul(FLEE_FACTOR);
        }
        dm.relax(map);
        dm
    }

    /// Dijkstra from every cell at once with its current value as the seed,
    /// so each cell ends up at min(own seed, neighbour + one step).
    fn relax(&mut self, map: &Map) {
        let mut heap: BinaryHeap<Reverse<(i32, usize)>> = self
            .dist
            .iter()
            .enumerate()
            .filter(|(_, &d)| d != UNREACHABLE)
            .map(|(i, &d)| Reverse((d, i)))
            .collect();
        while let Some(Reverse((d, i))) = heap.pop() {
            if d > self.dist[i] {
                continue; // A better value was found after this was queued.
            }
            let next = d + FLEE_STEP;
            for n in Self::passable_neighbours(map, i) {
                if next < self.dist[n] {
                    self.dist[n] = next;
                    heap.push(Reverse((next, n)));
                }
            }
        }
    }

    /// Indices of the passable cells around cell `i`, in `DIRECTIONS` order.
    /// Takes the map only, not `self`, so callers may update `dist` meanwhile.
    fn passable_neighbours(map: &Map, i: usize) -> impl Iterator<Item = usize> + '_ {
        let w = map.width();
        let p = Point::new(i as i32 % w, i as i32 / w);
        DIRECTIONS
            .iter()
            .map(move |&(dx, dy)| p.offset(dx, dy))
            // Passable cells are always on the map, so the index is valid.
            .filter(|&n| map.is_passable(n))
            .map(move |n| (n.y * w + n.x) as usize)
    }

    /// The value at `p`; `None` off the map or where no goal can be reached.
    pub fn get(&self, p: Point) -> Option<i32> {
        self.index(p)
            .map(|i| self.dist[i])
            .filter(|&d| d != UNREACHABLE)
    }

    /// The best next step from `from`: the passable, not `blocked` neighbour
    /// with the lowest value strictly below `from`'s (ties go to the first in
    /// `DIRECTIONS` order), or `None` when no step leads downhill.
    pub fn step_down(
        &self,
        from: Point,
        blocked: impl Fn(Point) -> bool,
        map: &Map,
    ) -> Option<Point> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Tile;

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

    #[test]
    fn fleeing_moves_away_in_an_open_room() {
        let map = open_room(20, 20);
        let threat = p(10, 10);
        let flee = DistanceMap::fleeing(&map, threat);
        for start in [p(11, 10), p(8, 12), p(12, 7), p(10, 11)] {
            let next = flee.step_down(start, |_| false, &map);
            let next = next.unwrap_or_else(|| panic!("no step from {start:?}"));
            assert!(
                next.steps_to(threat) > start.steps_to(threat),
                "{start:?} -> {next:?}"
            );
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
        let flee = DistanceMap::fleeing(&map, p(5, 1));
        assert_eq!(flee.step_down(p(2, 1), |_| false, &map), Some(p(3, 1)));
        // With little room past the threat, backing off is still best.
        let flee = DistanceMap::fleeing(&map, p(45, 1));
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
