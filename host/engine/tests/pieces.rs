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

use emberdeep_api::{
    Ctx, EntityId, Floor, ItemEffect, ItemUse, LevelFeature, Look, MonsterBrain, PluginResult, Point, Registrar, Rgba,
    TerrainSpec, UseOutcome,
};
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

/// A coin's effect: its `made` stamps it and marks it 1.
struct Stamp;

impl ItemEffect for Stamp {
    fn use_item(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        Ok(UseOutcome::NoTurn)
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        if let Some(id) = item.item() {
            ctx.item_set(id, "mark", 1);
            ctx.item_set(id, "stamped", 1);
        }
        Ok(())
    }
}

/// On floor 3: four coins on the start (api 1.6), and two items that
/// cannot be made (an unknown kind, none of them).
struct Gift;

impl LevelFeature for Gift {
    fn shape(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        let start = floor.start().ok_or("a feature is lent the start")?;
        floor.item("coin", 4, start);
        floor.item("nosuch", 1, start);
        floor.item("coin", 0, start);
        Ok(())
    }
}

/// The test plugin: a brain, two terrains, a web (walkable) and a
/// pillar (not), the coins' effect and a feature that lays coins.
fn plugins() -> Plugins {
    let look = |c: char| Look::new(c, Rgba::rgb(200, 200, 200), "web");
    let mut reg = Registrar::new("test", "0.0.0");
    reg.brain("idle", Idle).item_effect("stamp", Stamp).level_feature("gift", 3, 3, Gift);
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
effect = "stamp"
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
legend = { g = "monster guard asleep side=player", "\"" = "terrain web", "$" = "item coin 7 mark=3 owner=guard", E = "entrance" }

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
    let lines = game.take_trace_lines();
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
            let map = game.map();
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
                        .items()
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

#[test]
fn a_piece_s_item_arrives_with_its_legend_s_values_and_a_feature_s_item_lies_on_the_start() {
    let plugins = Rc::new(plugins());
    let records = records(PIECES);
    let mut checked = 0;
    for seed in 0..20 {
        let (game, events) = make(seed, 2, &plugins, &records);
        for e in events.iter().filter(|e| e["event"] == "piece" && e["piece"] == "guard_post") {
            let at = Point::new(int(e, "x") + 3, int(e, "y") + 1);
            let coin = game.items().at(at).next().expect("its coins").1.id;
            let number = |key: &str| game.item_store().get(&(coin, key.to_string())).copied();
            assert_eq!(number("mark"), Some(3), "seed {seed}: the legend's number stands over what `made` wrote");
            assert_eq!(number("stamped"), Some(1), "seed {seed}: its `made` ran");
            assert_eq!(game.item_text().get(&(coin, "owner".to_string())).map(String::as_str), Some("guard"));
            checked += 1;
        }
    }
    assert!(checked > 10, "the guard post was laid {checked} times in 20");

    // Floor 3: the feature's coins lie on the start, made under its plugin.
    for seed in 0..5 {
        let (game, events) = make(seed, 3, &plugins, &records);
        let start = game.player().pos;
        let here: Vec<(String, u32, _)> =
            game.items().at(start).map(|(_, i)| (i.kind.clone(), i.count, i.id)).collect();
        assert_eq!(here.len(), 1, "seed {seed}: {here:?}");
        assert_eq!((here[0].0.as_str(), here[0].1), ("coin", 4));
        assert_eq!(game.item_store().get(&(here[0].2, "stamped".to_string())), Some(&1), "its `made` ran");
        let made: Vec<&Value> = events.iter().filter(|e| e["event"] == "spawn" && e["source"] == "test").collect();
        assert_eq!(made.len(), 1, "seed {seed}: only the coins are made: {made:?}");
        assert_eq!((made[0]["item"].as_str(), int(made[0], "count")), (Some("coin"), 4));
        assert_eq!(Point::new(int(made[0], "x"), int(made[0], "y")), start);
    }
}

/// A floor as text: its tiles' names, row by row, and where the player stands.
fn picture(game: &Game) -> String {
    let map = game.map();
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
