//! The map as plugins change it (api 1.2, part two): terrain laid by name
//! and traced, refusals that change nothing, hidden terrain found by a
//! step or a search, a terrain's code run once per step onto it, and sight
//! and paths that follow every change (a property test: after any sequence
//! of changes, the player's sight and every monster's path equal those of
//! a game built fresh on the same map).

use std::path::PathBuf;
use std::rc::Rc;

use emberdeep_api::{
    AimRequest, Ctx, EntityId, Hooks, ItemEffect, ItemUse, KeyAnswer, Look, MonsterBrain, PluginResult, Point,
    Registrar, Rgba, TerrainCode, TerrainHidden, TerrainSpec, UseOutcome,
};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::core::sight::field_of_view;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::{Plugins, Registration};
use emberdeep_engine::rules::terrain::TerrainRefused;
use emberdeep_engine::rules::turn::Action;
use emberdeep_engine::Game;
use proptest::prelude::*;

/// A trap that writes down who stepped on it.
struct Darts;

impl TerrainCode for Darts {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        ctx.event("sprung", &[("who", i64::from(who.0).into()), ("x", at.x.into())]);
        Ok(())
    }
    fn found(&self, ctx: &mut Ctx<'_>, at: Point) -> PluginResult<()> {
        ctx.event("noticed", &[("x", at.x.into())]);
        Ok(())
    }
}

/// A wand of digging: a bolt through walls that turns each wall on its
/// path into floor.
struct Digging;

impl ItemEffect for Digging {
    fn use_item(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        Ok(UseOutcome::Aim(AimRequest::bolt(4)))
    }
    fn aims_through_walls(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<bool> {
        Ok(true)
    }
    fn aimed(&self, ctx: &mut Ctx<'_>, _item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        for &p in path {
            if ctx.terrain_at(p) == "wall" {
                ctx.set_terrain(p, "floor");
            }
        }
        Ok(UseOutcome::Kept)
    }
}

/// A monster that stands still (the tests ask its path, not its moves).
struct Idle;

impl MonsterBrain for Idle {
    fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

/// `D` digs the three cells east of the player into floor; `S` finds
/// what hides around the player; `W` tries a change on the player's cell.
struct Keys;

impl Hooks for Keys {
    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        let here = ctx.player()?.pos;
        match key {
            'D' => {
                for dx in 1..=3 {
                    if !ctx.set_terrain(here.offset(dx, 0), "floor") {
                        return Err("a wall would not dig".into());
                    }
                }
            }
            'S' => {
                for (dx, dy) in emberdeep_api::DIRECTIONS {
                    let p = here.offset(dx, dy);
                    if ctx.terrain_hidden(p) {
                        ctx.reveal_terrain(p);
                    }
                }
            }
            'W' => {
                let laid = ctx.set_terrain(here, "wall");
                ctx.event("wall_under_player", &[("laid", laid.into())]);
            }
            _ => return Ok(KeyAnswer::Pass),
        }
        Ok(KeyAnswer::Done(true))
    }
}

fn plugins() -> Plugins {
    let look = |c: char| Look::new(c, Rgba::rgb(200, 60, 60), "trap");
    let mut reg = Registrar::new("earthworks", "0.0.0");
    reg.terrain(
        "dart_trap",
        TerrainSpec::new("a dart trap", look('^'), true, true).hidden(TerrainHidden::AsFloor),
        Darts,
    );
    reg.terrain(
        "secret_door",
        TerrainSpec::new("a secret door", look('+'), true, true).hidden(TerrainHidden::AsWall),
        (),
    );
    reg.terrain("rubble", TerrainSpec::new("rubble", look(':'), true, true).described("Loose stones."), ());
    reg.terrain("glass", TerrainSpec::new("a glass wall", look('='), false, true), ());
    reg.terrain("curtain", TerrainSpec::new("a curtain", look('|'), true, false), ());
    reg.brain("idle", Idle);
    reg.item_effect("digging", Digging);
    reg.hooks(Keys);
    reg.event("sprung", &["who", "x"]).event("noticed", &["x"]).event("wall_under_player", &["laid"]);
    let mut plugins = Plugins::default();
    plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("the test plugin");
    plugins
}

const RECORDS: &str = "[[item]]\nid = \"wand\"\nname = \"wand of digging\"\nglyph = \"/\"\ncolor = [1, 2, 3]\n\
    tile = \"wand\"\nclass = \"wand\"\neffect = \"digging\"\nfloors = [1, 1]\nfrequency = 0\n\n\
    [[monster]]\nid = \"orc\"\nname = \"orc\"\nglyph = \"o\"\ncolor = [1, 2, 3]\n\
    tile = \"monster_orc\"\nfloors = [1, 1]\nfrequency = 0\nhp = 9\ndamage = [1, 2]\nsight = 30\nbrain = \"idle\"\n";

/// A `width` x `height` floor walled round, the player at `start`.
fn game(width: i32, height: i32, start: Point) -> Game {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir(dir.path().join("host")).unwrap();
    std::fs::write(dir.path().join("host/records.toml"), RECORDS).unwrap();
    let plugins = plugins();
    let records = Rc::new(load_records(dir.path(), &plugins.registered()).expect("the records read"));
    let mut map = Map::new_filled(width, height, Tile::Floor);
    for p in map.points().collect::<Vec<_>>() {
        if p.x == 0 || p.y == 0 || p.x == width - 1 || p.y == height - 1 {
            map.set_tile(p, Tile::Wall);
        }
    }
    let mut game = Game::blank(1, map, start, Rc::new(plugins), records, Trace::in_memory());
    game.update_sight();
    game
}

fn events(game: &Game, name: &str) -> Vec<serde_json::Value> {
    let kept = game.trace().kept.as_ref().unwrap();
    kept.iter().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()).filter(|e| e["event"] == name).collect()
}

/// Two rooms with three walls between them, the player in the west one,
/// an orc in the east one.
fn two_rooms() -> (Game, EntityId) {
    let mut game = game(12, 5, Point::new(2, 2));
    for x in 3..=5 {
        for y in 1..=3 {
            game.set_tile(Point::new(x, y), Tile::Wall);
        }
    }
    game.update_sight();
    let orc = game.spawn_creature("orc", Point::new(9, 2), "", "test").expect("the orc");
    (game, orc)
}

#[test]
fn digging_opens_a_corridor_that_sight_and_a_monsters_path_go_through_the_same_turn() {
    let (mut game, orc) = two_rooms();
    assert!(!game.fov().is_visible(Point::new(9, 2)), "the orc is out of sight behind the walls");
    assert_eq!(game.step_toward(orc, Point::new(2, 2)), None, "and has no way to the player");
    game.player_action(Action::Key('D'));
    let dug = events(&game, "terrain");
    assert_eq!(dug.len(), 3, "{dug:?}");
    for (e, x) in dug.iter().zip(3..) {
        assert_eq!(
            (&e["x"], &e["from"], &e["to"], &e["source"]),
            (&x.into(), &"wall".into(), &"floor".into(), &"earthworks".into())
        );
    }
    assert!(game.fov().is_visible(Point::new(9, 2)), "sight goes through the corridor that turn");
    let step = game.step_toward(orc, Point::new(2, 2));
    assert!(step.is_some_and(|p| p.x == 8), "the orc's way is the corridor: {step:?}");
    assert_eq!(game.terrain_name(Point::new(4, 2)), "floor");
}

#[test]
fn a_digging_bolt_aims_through_walls_even_the_one_beside_the_player() {
    let (mut game, orc) = two_rooms();
    game.add_to_pack("wand", 1).expect("room for the wand");
    game.player_action(Action::Use(0));
    game.aim_at(Point::new(3, 2));
    assert_eq!(game.aim_falls_short(), None, "a wall is no obstacle to it");
    assert_eq!(
        game.aim_path(),
        (3..=6).map(|x| Point::new(x, 2)).collect::<Vec<_>>(),
        "through the walls to its range"
    );
    assert!(game.player_action(Action::Shoot), "the bolt takes the turn");
    assert_eq!(events(&game, "terrain").len(), 3, "three walls dug");
    assert!(game.fov().is_visible(Point::new(9, 2)));
    assert!(game.step_toward(orc, Point::new(2, 2)).is_some());
}

#[test]
fn refused_changes_say_why_and_change_nothing() {
    let (mut game, orc) = two_rooms();
    game.set_tile(Point::new(10, 3), Tile::StairsDown);
    let before = game.map().tiles().to_vec();
    let stairs = |x, y| TerrainRefused::Stairs { x, y };
    let tries = [
        // The stairs stay (1.6): a floor never loses its way down.
        (Point::new(10, 3), "wall", stairs(10, 3)),
        (Point::new(10, 3), "floor", stairs(10, 3)),
        (Point::new(10, 3), "dart_trap", stairs(10, 3)),
        (Point::new(40, 2), "floor", TerrainRefused::OffTheMap { x: 40, y: 2 }),
        (Point::new(0, 2), "floor", TerrainRefused::Border { x: 0, y: 2 }),
        (Point::new(4, 2), "lava", TerrainRefused::Unknown("lava".into())),
        (
            Point::new(9, 2),
            "glass",
            TerrainRefused::Occupied { x: 9, y: 2, who: format!("orc#{}", orc.0), name: "glass".into() },
        ),
    ];
    for (at, name, why) in tries {
        assert_eq!(game.set_terrain(at, name, "test"), Err(why.clone()), "{name} at {at:?}");
        assert!(!why.to_string().contains('\n'), "one line: {why}");
    }
    assert_eq!(game.map().tiles(), &before[..], "nothing changed");
    assert!(events(&game, "terrain").is_empty());
    assert_eq!(
        stairs(10, 3).to_string(),
        "the cell 10,3 holds the stairs down, which stay so the floor keeps its way down"
    );
    game.set_terrain(Point::new(10, 3), "stairs_down", "test").expect("the stairs on the stairs change nothing");
    game.set_terrain(Point::new(10, 2), "stairs_down", "test").expect("more stairs may be laid");
    game.player_action(Action::Key('W'));
    assert_eq!(events(&game, "wall_under_player")[0]["laid"], false, "no wall under the player");
}

#[test]
fn a_hidden_trap_looks_like_floor_until_stepped_on_then_springs_on_every_step() {
    let mut game = game(9, 5, Point::new(2, 2));
    game.set_terrain(Point::new(3, 2), "dart_trap", "test").unwrap();
    assert!(game.terrain_hidden(Point::new(3, 2)));
    assert!(game.shown_terrain(Point::new(3, 2)).is_none(), "drawn as floor while hidden");
    assert!(game.look_at(Point::new(3, 2)).iter().any(|l| format!("{l:?}").contains("Floor.")));
    game.player_action(Action::Move(1, 0));
    assert!(!game.terrain_hidden(Point::new(3, 2)), "found by stepping on it");
    assert_eq!(events(&game, "terrain_found").len(), 1);
    assert_eq!(events(&game, "noticed").len(), 1, "found runs once");
    assert_eq!(events(&game, "sprung").len(), 1);
    assert!(game.log().messages().iter().any(|m| m.text == "You find a dart trap."));
    game.player_action(Action::Wait);
    assert_eq!(events(&game, "sprung").len(), 1, "standing still springs nothing");
    game.player_action(Action::Move(1, 0));
    game.player_action(Action::Move(-1, 0));
    assert_eq!(events(&game, "sprung").len(), 2, "every step onto it springs it");
    assert_eq!(events(&game, "terrain_found").len(), 1, "found once");
    assert_eq!(game.shown_terrain(Point::new(3, 2)).map(|d| d.label.to_string()), Some("a dart trap".into()));
}

#[test]
fn a_secret_door_is_a_wall_until_searched_then_a_way_through() {
    let mut game = game(9, 5, Point::new(2, 2));
    for y in 1..=3 {
        game.set_tile(Point::new(3, y), Tile::Wall);
    }
    game.set_terrain(Point::new(3, 2), "secret_door", "test").unwrap();
    game.update_sight();
    assert!(!game.map().is_walkable(Point::new(3, 2)) && game.map().blocks_sight(Point::new(3, 2)));
    assert!(!game.fov().is_visible(Point::new(5, 2)));
    game.player_action(Action::Move(1, 0));
    assert_eq!(game.player().pos, Point::new(2, 2), "it stops the player as a wall does");
    game.player_action(Action::Key('S'));
    assert_eq!(events(&game, "terrain_found").len(), 1);
    assert!(game.fov().is_visible(Point::new(5, 2)), "found, it lets sight through at once");
    game.player_action(Action::Move(1, 0));
    assert_eq!(game.player().pos, Point::new(3, 2), "and the player through");
    game.player_action(Action::Key('S'));
    assert_eq!(events(&game, "terrain_found").len(), 1, "nothing more to find");
}

const NAMES: [&str; 5] = ["floor", "wall", "rubble", "glass", "curtain"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// After any sequence of changes, the player's sight and each
    /// monster's next step toward the player equal those of a game built
    /// fresh on the same map: nothing kept goes stale.
    #[test]
    fn sight_and_paths_always_equal_those_computed_fresh(
        changes in proptest::collection::vec((1i32..15, 1i32..9, 0usize..NAMES.len()), 1..30),
    ) {
        let mut game = game(16, 10, Point::new(2, 2));
        let orcs: Vec<EntityId> = [Point::new(13, 7), Point::new(8, 5), Point::new(13, 2)]
            .iter()
            .map(|&p| game.spawn_creature("orc", p, "", "test").expect("an orc"))
            .collect();
        for (x, y, name) in changes {
            let player = game.player().pos;
            // Ask first, so any map kept from before the change would show.
            for &orc in &orcs {
                game.step_toward(orc, player);
            }
            let _ = game.set_terrain(Point::new(x, y), NAMES[name], "test");
            let fresh_sight = field_of_view(game.map(), player, game.numbers().fov_radius);
            let seen: Vec<Point> = game.fov().visible_points().collect();
            prop_assert_eq!(seen, fresh_sight.visible_points().collect::<Vec<_>>());
            let mut fresh = self::game(16, 10, player);
            fresh.set_map(game.map().clone());
            let twins: Vec<EntityId> = orcs
                .iter()
                .map(|orc| game.creatures().get(orc).map(|c| c.pos).unwrap())
                .map(|at| fresh.spawn_creature("orc", at, "", "test").expect("a twin"))
                .collect();
            for (&orc, &twin) in orcs.iter().zip(&twins) {
                prop_assert_eq!(game.step_toward(orc, player), fresh.step_toward(twin, player));
            }
        }
    }
}

#[test]
fn a_monster_stepping_on_a_hidden_trap_springs_it_and_the_player_finds_it_only_if_seen() {
    let mut game = game(9, 5, Point::new(1, 1));
    game.set_terrain(Point::new(5, 2), "dart_trap", "test").unwrap();
    game.set_terrain(Point::new(6, 3), "dart_trap", "test").unwrap();
    let orc = game.spawn_creature("orc", Point::new(4, 2), "", "test").expect("the orc");
    // Unseen (the player's sight narrowed to its own cell): sprung, not found.
    game.set_fov(field_of_view(game.map(), Point::new(1, 1), 0));
    assert!(game.move_creature(orc, Point::new(5, 2)), "the orc steps onto the trap");
    let sprung = events(&game, "sprung");
    assert_eq!(sprung.len(), 1, "{sprung:?}");
    assert_eq!(sprung[0]["who"], i64::from(orc.0));
    assert!(game.terrain_hidden(Point::new(5, 2)), "a step the player does not see finds nothing for it");
    assert!(events(&game, "terrain_found").is_empty());
    // Seen: the trap that springs in front of the player is found.
    game.update_sight();
    assert!(game.move_creature(orc, Point::new(6, 3)), "the orc steps onto the other trap");
    assert!(!game.terrain_hidden(Point::new(6, 3)), "seen springing, it is found");
    let found = events(&game, "terrain_found");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0]["x"].as_i64(), found[0]["source"].as_str()), (Some(6), Some("host")));
}
