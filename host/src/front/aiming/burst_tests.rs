//! Tests of a burst's preview that the fireball relies on, on the recording
//! effect's orb (range 8, a burst of 2 where the cursor is) of
//! [`super::tests`]: only the burst cells the player sees are shaded, and
//! the look panel warns when the burst would reach the player.

use emberdeep_api::Point;

use super::tests::{app, keys};
use super::{BURST_SHADE, PATH_SHADE};
use emberdeep_engine::core::map::Tile;

#[test]
fn only_the_burst_cells_the_player_sees_are_shaded() {
    let mut app = app(&[]);
    // A short wall south-east of the player hides cells the centre sees.
    for y in 11..=13 {
        app.game.set_tile(Point::new(7, y), Tile::Wall);
    }
    app.game.update_sight();
    keys(&mut app, "i c Enter 5*l");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(10, 10)));
    let path = app.game.aim_path();
    assert_eq!(path, (6..=10).map(|x| Point::new(x, 10)).collect::<Vec<_>>(), "the orb stops at the cursor");
    let burst = app.game.aim_burst();
    assert_eq!(burst, emberdeep_engine::core::sight::burst_cells(app.game.map(), Point::new(10, 10), 2));
    let hidden: Vec<Point> = burst.iter().copied().filter(|p| !app.game.fov().is_visible(*p)).collect();
    assert!(!hidden.is_empty(), "the wall hides some of the burst from the player");
    let shades = crate::front::aiming::aim_shades(&app.game);
    let of = |shade| shades.iter().filter(|(_, s)| *s == shade).map(|(p, _)| *p).collect::<Vec<_>>();
    assert_eq!(of(PATH_SHADE), path);
    let seen: Vec<Point> =
        burst.iter().copied().filter(|p| app.game.fov().is_visible(*p) && !path.contains(p)).collect();
    assert_eq!(of(BURST_SHADE), seen, "the burst's seen cells, fainter; the path's own keep the path's shade");
    assert_eq!(shades.len(), path.len() + seen.len(), "nothing shaded out of sight");
    const { assert!(BURST_SHADE.a < PATH_SHADE.a) };
}

#[test]
fn the_look_panel_warns_when_the_burst_would_reach_the_player() {
    let mut app = app(&[]);
    let warned = |app: &mut crate::front::app::App| app.model().look.iter().any(|l| l.text == "Burst reaches you!");
    keys(&mut app, "i c Enter l l");
    assert!(app.game.aim_burst_hits_player());
    assert!(warned(&mut app));
    keys(&mut app, "l");
    assert!(!app.game.aim_burst_hits_player());
    assert!(!warned(&mut app), "three steps off, the burst stops short");
    // A shot without a burst never warns, even point-blank.
    keys(&mut app, "Esc i a Enter");
    keys(&mut app, "l");
    assert!(!warned(&mut app));
}
