//! Tests of the camera: it holds still until the player nears the map
//! area's edge, in every size of view, a new floor centres it, and it never
//! changes the run or its trace.

use emberdeep_api::Point;
use emberdeep_engine::Game;

use super::aiming::tests::{game, keys};
use super::app::App;
use super::camera::{Camera, MARGIN};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::trace::Trace;

/// The aiming tests' game on an open 200x120 floor, the player in the middle.
fn wide() -> Game {
    let mut game = game(&[]);
    let mut map = Map::new_filled(200, 120, Tile::Floor);
    map.set_tile(Point::new(0, 0), Tile::Wall);
    game.set_map(map);
    game.player_mut().pos = Point::new(100, 60);
    game.update_sight();
    game
}

/// The cells the map area shows: each view's cells (glyphs 16 and 8
/// to 48, tiles 32 and 16 to 64) in windows from the smallest layout
/// (640x360 of map) to a 1920x1080 screen's (1600x900 of map).
fn shown_sizes() -> Vec<(i32, i32)> {
    let areas = [(640, 360), (680, 440), (1280, 720), (1600, 900)];
    let cells = [8, 16, 32, 48, 64];
    areas.iter().flat_map(|&(w, h)| cells.iter().map(move |&c| (w / c, h / c))).collect()
}

#[test]
fn the_camera_holds_still_until_the_player_nears_the_edge_in_every_size() {
    for (w, h) in shown_sizes() {
        let mut game = wide();
        let mut camera = Camera::default();
        let (mx, my) = ((MARGIN as i32).min(w / 4), (MARGIN as i32).min(h / 4));
        let mut origin = camera.origin(&game, w, h, None);
        let mut moves = 0;
        // A walk east, then south-west, then north: across many views' worth of cells.
        let legs = [((1, 0), 70), ((-1, 1), 50), ((0, -1), 100)];
        for ((dx, dy), steps) in legs {
            for _ in 0..steps {
                let before = game.player().pos;
                game.player_mut().pos = before.offset(dx, dy);
                let p = game.player().pos;
                let now = camera.origin(&game, w, h, None);
                let near_x = p.x < origin.x + mx || p.x >= origin.x + w - mx;
                let near_y = p.y < origin.y + my || p.y >= origin.y + h - my;
                if !near_x {
                    assert_eq!(now.x, origin.x, "{w}x{h}: the player at {p:?} is clear of the edge across");
                }
                if !near_y {
                    assert_eq!(now.y, origin.y, "{w}x{h}: the player at {p:?} is clear of the edge down");
                }
                // When it moves, it centres on the player along that axis.
                if now.x != origin.x {
                    assert_eq!(now.x, (p.x - w / 2).clamp(0, 200 - w), "{w}x{h} at {p:?}");
                    moves += 1;
                }
                if now.y != origin.y {
                    assert_eq!(now.y, (p.y - h / 2).clamp(0, 120 - h), "{w}x{h} at {p:?}");
                    moves += 1;
                }
                assert!((now.x..now.x + w).contains(&p.x) && (now.y..now.y + h).contains(&p.y), "{w}x{h}");
                origin = now;
            }
        }
        assert!(moves > 0, "{w}x{h}: the walk took the player near the edge");
        // Centred, the player walks half the view less the margin before it moves again.
        let free = (w / 2 - mx).min(h / 2 - my).max(1);
        assert!(moves <= 220 / free + 3, "{w}x{h}: the camera moved {moves} times in 220 steps");
    }
}

#[test]
fn a_new_floor_centres_the_camera_and_a_margin_too_big_is_a_quarter_of_the_view() {
    let mut game = wide();
    let mut camera = Camera::with_margin(40);
    assert_eq!(camera.origin(&game, 80, 45, None), Point::new(60, 38));
    // A quarter of 80 across is 20: 19 steps east keep the view, the 20th moves it.
    for _ in 0..19 {
        let p = game.player().pos;
        game.player_mut().pos = p.offset(1, 0);
        assert_eq!(camera.origin(&game, 80, 45, None), Point::new(60, 38));
    }
    game.player_mut().pos = Point::new(120, 60);
    assert_eq!(camera.origin(&game, 80, 45, None), Point::new(80, 38));
    // Another floor (another map): centred on the player, though the
    // corner kept would have shown them clear of the edge.
    game.set_map(Map::new_filled(201, 120, Tile::Floor));
    game.player_mut().pos = Point::new(110, 50);
    assert_eq!(camera.origin(&game, 80, 45, None), Point::new(70, 28));
}

/// The run's trace with `margin`, a frame drawn after every key if `draw`.
fn trace_of(margin: u32, draw: bool) -> Vec<String> {
    let mut game = wide();
    game.replace_trace(Trace::in_memory());
    let mut app = App::with_host_views(game);
    app.camera = Camera::with_margin(margin);
    for key in "60*l 30*j 40*y 5*. 20*k".split(' ') {
        keys(&mut app, key);
        if draw {
            app.model();
        }
    }
    app.game.replace_trace(Trace::console()).take_kept()
}

#[test]
fn the_camera_never_changes_the_run_or_its_trace() {
    let plain = trace_of(MARGIN, false);
    assert!(plain.len() > 150, "the walk is traced: {}", plain.len());
    assert_eq!(trace_of(0, true), plain, "a camera at the edge");
    assert_eq!(trace_of(40, true), plain, "a camera near the middle");
    assert_eq!(trace_of(MARGIN, true), plain, "the default");
}
