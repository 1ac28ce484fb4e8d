//! Floors a plugin makes (api 1.2, part two): a level generator makes the
//! floors it claims, from the run's random stream (a seed makes the same
//! floor), and the host fills them; a generator that makes a floor the host
//! cannot play (no stairs, an open border, stairs walled off) or fails is
//! refused in one line and the host makes the floor instead.

use std::path::PathBuf;
use std::rc::Rc;

use emberdeep_api::{Floor, LevelFeature, LevelGen, PluginResult, Point, Registrar, DIRECTIONS};
use emberdeep_engine::core::map::Tile;
use emberdeep_engine::core::paths::DistanceMap;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::{Plugins, Registration};
use emberdeep_engine::Game;

/// Caves: random open cells smoothed twice by the count of open
/// neighbours, then the largest open region kept; start and stairs in it,
/// far apart.
struct Caves;

impl LevelGen for Caves {
    fn generate(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        let (w, h) = floor.size();
        let mut open = vec![false; (w * h) as usize];
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                open[(y * w + x) as usize] = floor.roll(1, 100) <= 55;
            }
        }
        for _ in 0..2 {
            let before = open.clone();
            for y in 1..h - 1 {
                for x in 1..w - 1 {
                    let n = (-1..=1)
                        .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
                        .filter(|&(dx, dy)| before[((y + dy) * w + x + dx) as usize])
                        .count();
                    open[(y * w + x) as usize] = n >= 5;
                }
            }
        }
        // The largest region, found by flooding from each open cell.
        let mut region = vec![usize::MAX; open.len()];
        let mut sizes = Vec::new();
        for start in 0..open.len() {
            if !open[start] || region[start] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut stack = vec![start];
            region[start] = id;
            let mut size = 0;
            while let Some(i) = stack.pop() {
                size += 1;
                let (x, y) = ((i as i32) % w, (i as i32) / w);
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let n = ((y + dy) * w + x + dx) as usize;
                    if open[n] && region[n] == usize::MAX {
                        region[n] = id;
                        stack.push(n);
                    }
                }
            }
            sizes.push(size);
        }
        let biggest = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))).ok_or("no open cell")?;
        let cells: Vec<Point> =
            (0..open.len()).filter(|&i| region[i] == biggest).map(|i| Point::new(i as i32 % w, i as i32 / w)).collect();
        for &p in &cells {
            floor.set_terrain(p, "floor");
        }
        floor.set_start(cells[0]);
        floor.set_stairs(cells[cells.len() - 1]);
        Ok(())
    }
}

/// A floor with no stairs.
struct NoStairs;

impl LevelGen for NoStairs {
    fn generate(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        floor.set_terrain(Point::new(5, 5), "floor");
        floor.set_start(Point::new(5, 5));
        Ok(())
    }
}

/// Pillars: every floor cell with x and y both multiples of 4 (and no
/// neighbour of the start or the stairs) becomes wall, and a bat is asked
/// for on the first floor cell of the middle row.
struct Pillars;

impl LevelFeature for Pillars {
    fn shape(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        let (w, h) = floor.size();
        let (start, stairs) = (floor.start().ok_or("no start")?, floor.stairs().ok_or("no stairs")?);
        let near = |p: Point, q: Point| (p.x - q.x).abs() <= 1 && (p.y - q.y).abs() <= 1;
        for y in (4..h - 1).step_by(4) {
            for x in (4..w - 1).step_by(4) {
                let p = Point::new(x, y);
                if floor.terrain_at(p) == "floor" && !near(p, start) && !near(p, stairs) {
                    floor.set_terrain(p, "wall");
                }
            }
        }
        floor.set_start(Point::new(1, 1)); // a feature cannot move the start: ignored
        let middle = (1..w - 1).map(|x| Point::new(x, h / 2)).find(|&p| floor.terrain_at(p) == "floor" && p != start);
        if let Some(p) = middle {
            floor.monster("bat", p, "");
        }
        Ok(())
    }
}

/// Walls the stairs in: a floor the host must not take.
struct WallIn;

impl LevelFeature for WallIn {
    fn shape(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        let stairs = floor.stairs().ok_or("no stairs")?;
        for (dx, dy) in DIRECTIONS {
            floor.set_terrain(stairs.offset(dx, dy), "wall");
        }
        Ok(())
    }
}

/// One that panics.
struct Panics;

impl LevelGen for Panics {
    fn generate(&self, _floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        panic!("the cave fell in")
    }
}

const RECORDS: &str = "[[monster]]\nid = \"bat\"\nname = \"bat\"\nglyph = \"b\"\ncolor = [1, 2, 3]\n\
    tile = \"monster_bat\"\nfloors = [1, 9]\nfrequency = 1\nhp = 2\ndamage = [1, 1]\nsight = 5\nbrain = \"idle\"\n";

struct Idle;

impl emberdeep_api::MonsterBrain for Idle {
    fn act(&self, _ctx: &mut emberdeep_api::Ctx<'_>, _me: emberdeep_api::EntityId) -> PluginResult<()> {
        Ok(())
    }
}

fn game(seed: u64) -> Game {
    let mut reg = Registrar::new("underground", "0.0.0");
    reg.level_gen("caves", 2, 3, Caves).level_gen("no_stairs", 4, 4, NoStairs).level_gen("panics", 5, 5, Panics);
    reg.level_feature("pillars", 6, 7, Pillars).level_feature("wall_in", 8, 8, WallIn);
    reg.brain("idle", Idle);
    let mut plugins = Plugins::default();
    plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("the test plugin");
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir(dir.path().join("host")).unwrap();
    std::fs::write(dir.path().join("host/records.toml"), RECORDS).unwrap();
    let records = Rc::new(load_records(dir.path(), &plugins.registered()).expect("the records read"));
    Game::fresh(seed, Rc::new(plugins), records, Trace::in_memory())
}

fn floor_events(game: &Game) -> Vec<serde_json::Value> {
    let kept = game.trace().kept.as_ref().unwrap();
    let all = kept.iter().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
    let kinds = ["floor", "generator_refused", "feature", "feature_refused"];
    all.filter(|e| kinds.iter().any(|k| e["event"] == *k)).collect()
}

/// Whether the floor is one the host plays: closed border, stairs reachable.
fn playable(game: &Game) -> bool {
    let map = game.map();
    let (w, h) = (map.width(), map.height());
    let mut border = map.points().filter(|p| p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1);
    let stairs = map.points().find(|&p| map.tile(p) == Tile::StairsDown);
    border.all(|p| map.tile(p) == Tile::Wall)
        && stairs.is_some_and(|s| DistanceMap::toward(map, &[game.player().pos]).get(s).is_some())
}

#[test]
fn a_generator_makes_the_floors_it_claims_and_the_host_fills_them() {
    let mut game = game(7);
    for floor in 2..=3 {
        game.enter_new_floor(floor);
        let last = floor_events(&game).pop().unwrap();
        assert_eq!(
            (&last["floor"], &last["generator"], &last["source"]),
            (&floor.into(), &"caves".into(), &"host".into())
        );
        assert!(playable(&game), "floor {floor} plays");
        // No room of the host's: caves have no long straight walls of rooms.
        assert!(game.creatures().len() > 1, "the host filled the caves with monsters");
    }
    let first = floor_events(&game).into_iter().next().unwrap();
    assert!(first.get("generator").is_none(), "the host's own floor 1 names no generator: {first}");
}

#[test]
fn the_same_seed_makes_the_same_caves() {
    let (mut a, mut b) = (game(11), game(11));
    a.enter_new_floor(2);
    b.enter_new_floor(2);
    assert_eq!(a.map().tiles(), b.map().tiles());
    assert_eq!(a.player().pos, b.player().pos);
    let mut c = game(12);
    c.enter_new_floor(2);
    assert_ne!(a.map().tiles(), c.map().tiles(), "another seed, other caves");
}

#[test]
fn a_broken_or_failing_generator_is_refused_in_one_line_and_the_host_makes_the_floor() {
    let mut game = game(3);
    for (floor, why) in [(4, "it set no stairs"), (5, "it failed: panicked: the cave fell in")] {
        game.enter_new_floor(floor);
        let events = floor_events(&game);
        let refused = &events[events.len() - 2];
        assert_eq!(refused["event"], "generator_refused");
        assert_eq!(refused["why"], why);
        assert!(!refused["why"].as_str().unwrap().contains('\n'));
        let made = &events[events.len() - 1];
        assert!(made.get("generator").is_none(), "the host made floor {floor}: {made}");
        assert!(playable(&game), "and it plays");
    }
}

fn spawns(game: &Game) -> Vec<serde_json::Value> {
    let kept = game.trace().kept.as_ref().unwrap();
    let all = kept.iter().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
    all.filter(|e| e["event"] == "spawn").collect()
}

#[test]
fn a_feature_changes_the_floor_made_and_asks_for_a_monster_but_never_moves_the_start() {
    let mut game = game(5);
    game.enter_new_floor(6);
    let events = floor_events(&game);
    let feature = events.iter().find(|e| e["event"] == "feature").expect("the feature ran");
    assert_eq!(
        (&feature["feature"], &feature["source"], &feature["floor"]),
        (&"pillars".into(), &"underground".into(), &6.into())
    );
    let pillars = game
        .map()
        .points()
        .filter(|p| p.x % 4 == 0 && p.y % 4 == 0 && p.x > 0 && p.y > 0)
        .filter(|&p| game.map().tile(p) == Tile::Wall)
        .count();
    assert!(pillars > 20, "{pillars} pillars");
    assert_ne!(game.player().pos, Point::new(1, 1), "the start stays where the floor put it");
    assert!(spawns(&game)
        .iter()
        .any(|e| e["source"] == "underground" && e["monster"].as_str().is_some_and(|m| m.starts_with("bat#"))));
    assert!(playable(&game));
}

#[test]
fn a_feature_that_walls_the_stairs_in_is_undone_in_one_line() {
    let mut game = game(5);
    game.enter_new_floor(8);
    let events = floor_events(&game);
    let refused = events.iter().find(|e| e["event"] == "feature_refused").expect("refused");
    assert_eq!(refused["feature"], "wall_in");
    let why = refused["why"].as_str().unwrap();
    assert!(why.contains("cannot be reached") && !why.contains('\n'), "{why}");
    assert!(playable(&game), "the floor as it was, stairs reachable");
}
