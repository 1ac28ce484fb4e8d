//! Map pieces laid by the generator: over 500 floors made through the
//! engine, a piece allowed only on floors 2 to 4 is laid there and on no
//! other floor; every floor still has its stairs (or, on the deepest, its
//! goal) and every open cell outside a piece's inside reachable from the
//! start; the same seed makes the same floors, pieces and all; and a piece
//! for floors that are not made draws nothing from the RNG, so the floors
//! are those made with no pieces at all.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::rc::Rc;

use emberdeep_api::{Ctx, EntityId, Look, MonsterBrain, PluginResult, Point, Registrar, Rgba, TerrainSpec};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::{Plugins, Registration};
use emberdeep_engine::Game;
use serde_json::Value;

struct Idle;

impl MonsterBrain for Idle {
    fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

/// The test plugin: a brain and two terrains, a web (walkable) and a
/// pillar (not).
fn plugins() -> Plugins {
    let look = |c: char| Look::new(c, Rgba::rgb(200, 200, 200), "web");
    let mut reg = Registrar::new("test", "0.0.0");
    reg.brain("idle", Idle);
    reg.terrain("web", TerrainSpec::new("a web", look('"'), true, true), ());
    reg.terrain("pillar", TerrainSpec::new("a pillar", look('I'), false, false), ());
    let mut plugins = Plugins::default();
    plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("the test plugin");
    plugins
}

/// The deepest floor of these tests.
const DEEPEST: u32 = 5;

const KINDS: &str = r#"
[[monster]]
id = "guard"
name = "guard"
glyph = "g"
color = [1, 2, 3]
tile = "monster_orc"
floors = [1, 1]
frequency = 0
hp = 9
damage = [1, 2]
sight = 5
brain = "idle"

[[item]]
id = "coin"
name = "coin"
glyph = "$"
color = [1, 2, 3]
tile = "gold"
class = "treasure"
stacks = true
floors = [1, 1]
frequency = 0

[[item]]
id = "ember_heart"
name = "ember-heart"
glyph = "*"
color = [1, 2, 3]
tile = "fireball"
class = "treasure"
floors = [5, 5]
frequency = 0
"#;

/// The guard post, only on floors 2 to 4; a ring of pillars round its
/// entrance anywhere, which is always taken back.
const PIECES: &str = r######"
[[piece]]
id = "guard_post"
floors = [2, 4]
map = [
  "#####",
  "#g\"$#",
  "##E##",
]
legend = { g = "monster guard asleep side=player", "\"" = "terrain web", "$" = "item coin 7", E = "entrance" }

[[piece]]
id = "sealed"
floors = [1, 5]
chance = 50
map = [
  "III",
  "IEI",
  "III",
]
legend = { I = "terrain pillar", E = "entrance" }
"######;

/// A piece for floors no test makes.
const FAR_PIECE: &str = r######"
[[piece]]
id = "far"
floors = [9, 9]
map = ["#E#"]
legend = { E = "entrance" }
"######;

/// The game's records: the kinds, and `pieces`.
fn records(pieces: &str) -> Rc<emberdeep_engine::data::records::Records> {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir(dir.path().join("host")).unwrap();
    std::fs::write(dir.path().join("host/records.toml"), format!("{KINDS}{pieces}")).unwrap();
    Rc::new(load_records(dir.path(), &plugins().registered()).expect("the records read"))
}

/// Floor `floor` made from `seed`: the game and its trace's events.
fn make(
    seed: u64,
    floor: u32,
    plugins: &Rc<Plugins>,
    records: &Rc<emberdeep_engine::data::records::Records>,
) -> (Game, Vec<Value>) {
    let map = Map::new_filled(5, 5, Tile::Floor);
    let mut game = Game::blank(seed, map, Point::new(1, 1), plugins.clone(), records.clone(), Trace::in_memory());
    game.enter_new_floor(floor);
    let lines = game.trace.take_kept();
    (game, lines.iter().map(|l| serde_json::from_str(l).expect("a trace line is JSON")).collect())
}

/// Every cell the player's cell reaches over passable cells, 4 ways.
fn reached(map: &Map, start: Point) -> Vec<bool> {
    let w = map.width();
    let mut seen = vec![false; (w * map.height()) as usize];
    let mut stack = vec![start];
    while let Some(p) = stack.pop() {
        if !map.in_bounds(p) || !map.is_passable(p) || seen[(p.y * w + p.x) as usize] {
            continue;
        }
        seen[(p.y * w + p.x) as usize] = true;
        stack.extend([p.offset(1, 0), p.offset(-1, 0), p.offset(0, 1), p.offset(0, -1)]);
    }
    seen
}

fn int(v: &Value, key: &str) -> i32 {
    v[key].as_i64().unwrap_or_else(|| panic!("{key} in {v}")) as i32
}

#[test]
fn a_piece_is_laid_only_on_its_floors_and_every_floor_stays_connected() {
    let plugins = Rc::new(plugins());
    let records = records(PIECES);
    // (piece, floor) -> times laid; (piece, why) -> times skipped.
    let mut laid: BTreeMap<(String, u32), u32> = BTreeMap::new();
    let mut skipped: BTreeMap<String, u32> = BTreeMap::new();
    let mut floors = 0;
    for seed in 0..100 {
        for floor in 1..=DEEPEST {
            floors += 1;
            // A seed of its own for each floor, so that no two floors are one map.
            let (game, events) = make(seed * 16 + u64::from(floor), floor, &plugins, &records);
            let map = &game.map;
            let start = game.player().pos;
            let seen = reached(map, start);
            let at = |p: Point| seen[(p.y * map.width() + p.x) as usize];
            let ev = |name: &'static str| events.iter().filter(move |e| e["event"] == name);
            let head = ev("floor").next().expect("a floor event");
            let target = if floor == DEEPEST {
                Point::new(int(head, "goal_x"), int(head, "goal_y"))
            } else {
                Point::new(int(head, "stairs_x"), int(head, "stairs_y"))
            };
            assert!(at(target), "seed {seed} floor {floor}: the stairs or goal {target:?} out of reach");
            // The cells inside laid pieces that need not be reached: the guard post's inside.
            let mut inside = Vec::new();
            for e in ev("piece") {
                let (id, x, y) = (e["piece"].as_str().unwrap().to_string(), int(e, "x"), int(e, "y"));
                *laid.entry((id.clone(), floor)).or_default() += 1;
                if id == "guard_post" {
                    assert_eq!(map.tile(Point::new(x, y)), Tile::Wall, "seed {seed}: its corner");
                    assert_eq!(game.terrain_name(Point::new(x + 2, y + 1)), "web", "seed {seed}: its web");
                    assert_eq!(map.tile(Point::new(x + 2, y + 2)), Tile::Floor, "seed {seed}: its entrance");
                    let guard = game.creature_at(Point::new(x + 1, y + 1)).expect("its guard");
                    assert_eq!((guard.kind.as_str(), guard.side.as_str()), ("guard", "player"));
                    assert!(game
                        .items
                        .iter()
                        .any(|i| i.kind == "coin" && i.count == 7 && i.pos == Point::new(x + 3, y + 1)));
                    inside.extend((x..x + 5).flat_map(|cx| (y..y + 3).map(move |cy| Point::new(cx, cy))));
                    inside.retain(|p| *p != Point::new(x + 2, y + 2));
                }
            }
            for e in ev("piece_skipped") {
                let why = e["why"].as_str().unwrap();
                let why = why.split(" (").next().unwrap();
                *skipped.entry(format!("{}: {why}", e["piece"].as_str().unwrap())).or_default() += 1;
            }
            for p in map.points().filter(|p| map.is_passable(*p) && !inside.contains(p)) {
                assert!(at(p), "seed {seed} floor {floor}: {p:?} out of reach");
            }
        }
    }
    println!("{floors} floors made; pieces laid by floor: {laid:?}; skipped: {skipped:?}");
    for floor in 1..=DEEPEST {
        let n = laid.get(&("guard_post".to_string(), floor)).copied().unwrap_or(0);
        if (2..=4).contains(&floor) {
            assert!(n > 50, "floor {floor}: the guard post laid {n} times in 100");
        } else {
            assert_eq!(n, 0, "floor {floor}: the guard post is not allowed there");
        }
    }
    assert!(!laid.keys().any(|k| k.0 == "sealed"), "a piece whose entrance is shut in is never laid");
    let cut = skipped.get("sealed: it would cut off its entrance").copied().unwrap_or(0);
    assert!(cut > 100, "the sealed piece was tried and taken back ({cut})");
}

/// A floor as text: its tiles' names, row by row, and where the player stands.
fn picture(game: &Game) -> String {
    let map = &game.map;
    let rows: Vec<String> = (0..map.height())
        .map(|y| (0..map.width()).map(|x| game.terrain_name(Point::new(x, y))).collect::<Vec<_>>().join(","))
        .collect();
    format!("{:?}\n{}", game.player().pos, rows.join("\n"))
}

#[test]
fn the_same_seed_makes_the_same_floors_with_their_pieces() {
    let plugins = Rc::new(plugins());
    let records = records(PIECES);
    let mut any = 0;
    for seed in 0..10 {
        for floor in 1..=DEEPEST {
            let (a, ta) = make(seed, floor, &plugins, &records);
            let (b, tb) = make(seed, floor, &plugins, &records);
            assert_eq!(ta, tb, "seed {seed} floor {floor}: the trace");
            assert_eq!(picture(&a), picture(&b), "seed {seed} floor {floor}: the map");
            any += ta.iter().filter(|e| e["event"] == "piece").count();
        }
    }
    assert!(any > 0, "pieces were laid");
}

#[test]
fn a_piece_for_other_floors_changes_nothing() {
    let plugins = Rc::new(plugins());
    let (none, far) = (records(""), records(FAR_PIECE));
    for seed in 0..20 {
        for floor in 1..=DEEPEST {
            let (a, ta) = make(seed, floor, &plugins, &none);
            let (b, tb) = make(seed, floor, &plugins, &far);
            assert_eq!(ta, tb, "seed {seed} floor {floor}: the trace");
            assert_eq!(picture(&a), picture(&b), "seed {seed} floor {floor}: the map");
        }
    }
}
