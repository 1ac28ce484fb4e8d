//! The monsters' arithmetic and choices, kept apart from the game so that
//! they are tested without one: nothing here touches a
//! [`Ctx`](emberdeep_api::Ctx).

use std::collections::BTreeSet;

use emberdeep_api::{Point, DIRECTIONS};

/// The player's store key for the most health wraiths have drained, in all.
pub const DRAINED_KEY: &str = "drained";

/// The eight cells round `p`, in the api's fixed order.
pub fn around(p: Point) -> impl Iterator<Item = Point> {
    DIRECTIONS.iter().map(move |&(dx, dy)| p.offset(dx, dy))
}

/// How much a wraith's touch takes off a most health of `max_hp`: `per_hit`,
/// but never leaving less than `least` (0 when already there).
pub fn drain(max_hp: i32, per_hit: i32, least: i32) -> i32 {
    per_hit.min(max_hp - least).max(0)
}

/// An ooze left with `hp_left` health splits in two when it has at least
/// `least` (and `least` is at least 2): the halves' health, the larger
/// first; `None` when it is too small to split.
pub fn split(hp_left: i32, least: i32) -> Option<(i32, i32)> {
    if hp_left < least.max(2) {
        return None;
    }
    let small = hp_left / 2;
    Some((hp_left - small, small))
}

/// The cells of `water` in groups that touch (diagonals count), each group
/// in row order, the groups in the order of their first cell.
pub fn pools(water: &BTreeSet<(i32, i32)>) -> Vec<Vec<Point>> {
    let mut left = water.clone();
    let mut found = Vec::new();
    while let Some(&first) = left.iter().next() {
        left.remove(&first);
        let mut pool = vec![first];
        let mut next = vec![first];
        while let Some((x, y)) = next.pop() {
            for n in around(Point::new(x, y)) {
                if left.remove(&(n.x, n.y)) {
                    pool.push((n.x, n.y));
                    next.push((n.x, n.y));
                }
            }
        }
        pool.sort_by_key(|&(x, y)| (y, x));
        found.push(pool.into_iter().map(|(x, y)| Point::new(x, y)).collect());
    }
    found.sort_by_key(|p: &Vec<Point>| (p[0].y, p[0].x));
    found
}

/// How many eels a pool of `cells` deep-water cells holds: none under
/// `least`, one, and one more for each further `least * 4` cells, at most 3.
pub fn eels_for(cells: usize, least: usize) -> usize {
    if least == 0 || cells < least {
        return 0;
    }
    (1 + (cells - least) / (least * 4)).min(3)
}

/// Of `options` (the free water cells round an eel at `from`), the one
/// nearest `goal`, if it is nearer than `from` (ties: the first).
pub fn water_step(from: Point, goal: Point, options: &[Point]) -> Option<Point> {
    let now = from.steps_to(goal);
    options.iter().copied().filter(|p| p.steps_to(goal) < now).min_by_key(|p| p.steps_to(goal))
}

/// A wisp at distance `from_target` picks a cell from `options`: next to
/// the target when far off (`close`), else 3 to 5 steps from it.
pub fn blink_cells(target: Point, close: bool, options: &[Point]) -> Vec<Point> {
    options
        .iter()
        .copied()
        .filter(|p| {
            let d = p.steps_to(target);
            if close {
                d == 1
            } else {
                (3..=5).contains(&d)
            }
        })
        .collect()
}

/// A follower of a war band: whether it goes back to its leader rather
/// than fight or wander, being `from_leader` steps from it.
pub fn back_to_leader(from_leader: i32, leash: i32) -> bool {
    from_leader > leash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wraith_never_drains_below_the_floor() {
        assert_eq!(drain(30, 1, 10), 1);
        assert_eq!(drain(11, 3, 10), 1);
        assert_eq!(drain(10, 3, 10), 0);
        assert_eq!(drain(5, 3, 10), 0, "already below: nothing");
    }

    #[test]
    fn an_ooze_splits_into_halves_only_when_big_enough() {
        assert_eq!(split(9, 4), Some((5, 4)));
        assert_eq!(split(4, 4), Some((2, 2)));
        assert_eq!(split(3, 4), None);
        assert_eq!(split(1, 0), None, "never into a creature of no health");
    }

    #[test]
    fn pools_are_the_groups_of_touching_water() {
        let water: BTreeSet<(i32, i32)> = [(1, 1), (2, 2), (3, 2), (8, 1), (8, 2), (5, 5)].into_iter().collect();
        let found = pools(&water);
        assert_eq!(found.len(), 3);
        assert_eq!(found[0], [Point::new(1, 1), Point::new(2, 2), Point::new(3, 2)], "diagonals touch");
        assert_eq!(found[1], [Point::new(8, 1), Point::new(8, 2)]);
        assert_eq!(found[2], [Point::new(5, 5)]);
        assert!(pools(&BTreeSet::new()).is_empty());
    }

    #[test]
    fn bigger_pools_hold_more_eels_up_to_three() {
        assert_eq!(eels_for(5, 6), 0);
        assert_eq!(eels_for(6, 6), 1);
        assert_eq!(eels_for(29, 6), 1);
        assert_eq!(eels_for(30, 6), 2);
        assert_eq!(eels_for(1000, 6), 3);
        assert_eq!(eels_for(1000, 0), 0);
    }

    #[test]
    fn an_eel_steps_only_nearer_through_the_cells_it_is_given() {
        let from = Point::new(5, 5);
        let goal = Point::new(9, 5);
        assert_eq!(water_step(from, goal, &[Point::new(4, 5), Point::new(6, 6)]), Some(Point::new(6, 6)));
        assert_eq!(water_step(from, goal, &[Point::new(4, 5), Point::new(5, 4)]), None, "no nearer water");
        assert_eq!(water_step(from, goal, &[]), None);
    }

    #[test]
    fn a_wisp_blinks_beside_or_well_away() {
        let target = Point::new(5, 5);
        let cells = [Point::new(6, 5), Point::new(7, 5), Point::new(8, 5), Point::new(11, 5)];
        assert_eq!(blink_cells(target, true, &cells), [Point::new(6, 5)]);
        assert_eq!(blink_cells(target, false, &cells), [Point::new(8, 5)]);
    }

    #[test]
    fn a_follower_goes_back_past_its_leash() {
        assert!(back_to_leader(3, 2));
        assert!(!back_to_leader(2, 2));
    }
}
