//! Playback frame by frame, and that showing animations leaves the run's trace as it was.
use super::*;
use abi_stable::std_types::{RNone, RVec};
use emberdeep_api::{SceneCell, Terrain};

/// A 6x1 corridor at map (10,5)..(15,5), in sight but for its last cell.
fn corridor() -> Scene {
    let cells: RVec<SceneCell> = (0..6)
        .map(|x| SceneCell {
            terrain: Terrain::Floor,
            light: if x == 5 { Light::Remembered } else { Light::Visible },
            thing: RNone,
            shade: RNone,
        })
        .collect();
    Scene {
        origin: Point::new(10, 5),
        width: 6,
        height: 1,
        cells,
        cursor: RNone,
        player: Point::new(10, 5),
        creatures: abi_stable::std_types::RVec::new(),
    }
}

fn arrow() -> Look {
    Look { glyph: '-' as u32, color: Rgba::rgb(200, 200, 200), tile: "arrow_flight".into() }
}

/// A missile flying `path`, with no burst.
fn flight(missile: Look, path: Vec<Point>) -> Animation {
    Animation { missile, path, burst: Vec::new(), before: None }
}

fn things(scene: &Scene) -> Vec<bool> {
    scene.cells.iter().map(|c| c.thing.is_some()).collect()
}

#[test]
fn a_missile_is_drawn_one_cell_of_its_path_per_frame() {
    let path: Vec<Point> = (11..16).map(|x| Point::new(x, 5)).collect();
    let animation = flight(arrow(), path);
    assert_eq!(animation.frames(), 5);
    let mut scene = corridor();
    animation.apply(0, &mut scene);
    assert_eq!(things(&scene), [false, true, false, false, false, false]);
    let mut scene = corridor();
    animation.apply(3, &mut scene);
    assert_eq!(things(&scene), [false, false, false, false, true, false]);
    let mut scene = corridor();
    animation.apply(4, &mut scene);
    assert_eq!(things(&scene), [false; 6], "a cell out of sight shows nothing");
}

#[test]
fn a_burst_flashes_its_cells_after_the_flight() {
    let animation = Animation {
        missile: arrow(),
        path: vec![Point::new(11, 5)],
        burst: vec![Point::new(12, 5), Point::new(13, 5), Point::new(40, 40)],
        before: None,
    };
    assert_eq!(animation.frames(), 1 + BURST_FRAMES);
    let mut scene = corridor();
    animation.apply(1, &mut scene);
    let shaded: Vec<bool> = scene.cells.iter().map(|c| c.shade.is_some()).collect();
    assert_eq!(shaded, [false, false, true, true, false, false]);
    assert_eq!(scene.cells[2].thing.as_ref().map(|l| l.tile.to_string()).into_option().as_deref(), Some("burst"));
}

/// A short walk on an open floor; after each key a shot is queued, as a
/// ranged plugin's would be, and shown frame by frame if `animate`.
fn walk_trace(animate: bool) -> String {
    use std::rc::Rc;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("trace.jsonl");
    let trace = emberdeep_engine::data::trace::Trace::to_file(&path).expect("trace file");
    let map = emberdeep_engine::core::map::Map::new_filled(12, 5, emberdeep_engine::core::map::Tile::Floor);
    let plugins = Rc::new(emberdeep_engine::plugins::registry::Plugins::default());
    let game = emberdeep_engine::Game::blank(7, map, Point::new(2, 2), plugins, Rc::default(), trace);
    let mut app = crate::front::app::App::with_host_views(game);
    for key in ["l", "l", ".", "h", "j"] {
        app.press(crate::front::keys::parse_keys(key).expect("a key")[0]);
        app.game.queue_animation(flight(arrow(), vec![Point::new(3, 2), Point::new(4, 2), Point::new(5, 2)]));
        if animate {
            let mut playback =
                Playback::new(crate::front::ui::Frontend::take_animations(&mut app)).expect("a shot to show");
            loop {
                let mut model = app.model();
                playback.apply(&mut model.scene);
                if !playback.advance() {
                    break;
                }
            }
        }
    }
    app.take_trace().finish().expect("trace written");
    std::fs::read_to_string(path).expect("trace read")
}

#[test]
fn a_run_leaves_the_same_trace_whether_its_animations_are_shown_or_not() {
    let (shown, unseen) = (walk_trace(true), walk_trace(false));
    assert!(shown.lines().count() >= 5, "{shown}");
    assert_eq!(shown, unseen);
}

#[test]
fn playback_runs_every_frame_of_every_animation_then_stops() {
    let one = flight(arrow(), vec![Point::new(11, 5), Point::new(12, 5)]);
    let none = flight(arrow(), Vec::new());
    let mut playback = Playback::new(vec![one.clone(), none, one]).expect("something to show");
    let mut frames = 1;
    while playback.advance() {
        frames += 1;
    }
    assert_eq!(frames, 4);
    assert!(Playback::new(vec![flight(arrow(), Vec::new())]).is_none());
}

#[test]
fn a_flight_shows_the_floor_as_it_was_when_fired_and_turns_its_missile() {
    use emberdeep_engine::world::animation::Scenery;
    let goblin = Look { glyph: 'g' as u32, color: Rgba::rgb(0, 200, 0), tile: "monster_goblin".into() };
    // Now: the goblin at (13,5) is dead and the arrow lies there; when fired it stood there.
    let mut now = corridor();
    now.cells[3].thing = Some(arrow()).into();
    let before =
        Scenery { creatures: vec![(emberdeep_api::EntityId(4), Point::new(13, 5), goblin.clone())], items: vec![] };
    let path: Vec<Point> = (11..14).map(|x| Point::new(x, 5)).collect();
    let animation = Animation { missile: arrow(), path, burst: Vec::new(), before: Some(before) };
    let mut scene = now.clone();
    animation.apply(0, &mut scene);
    assert_eq!(scene.cells[3].thing.as_ref().into_option(), Some(&goblin), "the target still stands");
    assert_eq!(scene.cells[1].thing.as_ref().into_option(), Some(&arrow()), "the arrow in flight");
    let playback = Playback::new(vec![animation]).unwrap();
    let mut scene = now.clone();
    let flying = playback.apply_turned(&mut scene).expect("in flight");
    assert_eq!((flying.at, flying.degrees), (Point::new(11, 5), 0.0));
    assert!(scene.cells[1].thing.is_none(), "the window draws the turned missile itself");
    let up =
        Animation { missile: arrow(), path: vec![Point::new(11, 5), Point::new(11, 4)], burst: vec![], before: None };
    let flying = Playback::new(vec![up]).unwrap().apply_turned(&mut corridor());
    assert!(flying.is_none_or(|f| (f.degrees + 90.0).abs() < 1e-9), "north is a quarter turn anticlockwise");
}
