//! What the player sees within a shot's range, the shot reaches: over 500
//! generated floors (seeds 1 to 500, the game's 80 x 45), with the player
//! and monsters on floor cells drawn from each floor's seed, every monster
//! the player sees within range is either on the shot's path or has a
//! creature or a closed door truly between (the shot stops at it). The
//! cases where the chapter's line is cut by a wall but another straight
//! line of the same length reaches the monster (docs/rules.md, Aiming) are
//! counted and printed (`--nocapture`).

use std::collections::BTreeSet;

use emberdeep_api::{AimRequest, Point};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::core::mapgen;
use emberdeep_engine::core::rng::RunRng;
use emberdeep_engine::core::sight::{field_of_view, line_of_fire};
use emberdeep_engine::world::targeting::{shot_path, solid_on_line};

const FLOORS: u64 = 500;
/// The player's sight radius (`fov_radius` in data/host/rules.toml).
const SIGHT: i32 = 9;
/// A throw, a short bow, a long bow.
const RANGES: [i32; 3] = [6, 8, 10];
const PLAYER_SPOTS: u32 = 8;
const MONSTERS: u32 = 40;

/// What the test found over every floor.
#[derive(Default, Debug)]
struct Tally {
    /// Monsters seen within range, over every spot and range.
    cases: u32,
    /// ... that the shot reaches.
    reached: u32,
    /// ... with a creature on the way.
    creature_between: u32,
    /// ... with a closed door on the way.
    door_between: u32,
    /// ... that the chapter's line alone would not reach for a wall.
    rescued: u32,
    /// Neither reached nor truly shielded: (seed, player, monster, range).
    failures: Vec<(u64, Point, Point, i32)>,
}

/// The floor's cells a creature may stand on (no doors, no stairs).
fn floor_cells(map: &Map) -> Vec<Point> {
    map.points().filter(|&p| map.tile(p) == Tile::Floor).collect()
}

fn survey(seed: u64, tally: &mut Tally) {
    let mut rng = RunRng::from_seed(seed);
    let level = mapgen::generate(&mut rng, 80, 45);
    let map = &level.map;
    let cells = floor_cells(map);
    let pick = |rng: &mut RunRng| cells[rng.below(cells.len() as u32) as usize];
    let monsters: BTreeSet<Point> = (0..MONSTERS).map(|_| pick(&mut rng)).collect();
    for _ in 0..PLAYER_SPOTS {
        let me = pick(&mut rng);
        let occupied = |p: Point| p != me && monsters.contains(&p);
        let fov = field_of_view(map, me, SIGHT);
        for &m in monsters.iter().filter(|&&m| m != me && fov.is_visible(m)) {
            for range in RANGES.into_iter().filter(|&r| me.steps_to(m) <= r) {
                tally.cases += 1;
                let request = AimRequest::missile(range);
                let path = shot_path(map, me, m, &request, occupied);
                let bare = shot_path(map, me, m, &request, |_| false);
                if bare.contains(&m) && !line_of_fire(map, me, m, range).contains(&m) {
                    tally.rescued += 1;
                }
                if path.contains(&m) {
                    tally.reached += 1;
                } else if path.last().is_some_and(|&end| occupied(end)) {
                    tally.creature_between += 1;
                } else if solid_on_line(map, me, m, range)
                    .is_some_and(|s| map.tile(s) == Tile::DoorClosed && me.steps_to(s) < me.steps_to(m))
                {
                    tally.door_between += 1;
                } else {
                    tally.failures.push((seed, me, m, range));
                }
            }
        }
    }
}

#[test]
fn every_monster_in_sight_and_range_can_be_shot_or_is_truly_shielded() {
    let mut tally = Tally::default();
    for seed in 1..=FLOORS {
        survey(seed, &mut tally);
    }
    println!(
        "{FLOORS} floors: {} monsters in sight and range; {} reached, {} behind a creature, {} behind a closed door; \
         {} reached only by the rescued line; {} neither",
        tally.cases,
        tally.reached,
        tally.creature_between,
        tally.door_between,
        tally.rescued,
        tally.failures.len()
    );
    assert!(tally.cases > 10_000, "the floors give enough cases: {tally:?}");
    let first: Vec<_> = tally.failures.iter().take(8).collect();
    assert!(
        tally.failures.is_empty(),
        "{} monsters in sight and range that no shot reaches (seed, player, monster, range): {first:?}",
        tally.failures.len()
    );
    assert!(tally.rescued > 0, "the rescued line reaches some monsters the chapter's line does not");
}
