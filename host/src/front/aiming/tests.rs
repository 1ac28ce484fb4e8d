//! Tests of the Targeting state with a recording effect: the path shaded is
//! the path shot, Tab's order, the camera, cancelling, the mouse, and that
//! aiming never draws from the run's RNG.

use std::cell::RefCell;
use std::rc::Rc;

use abi_stable::sabi_trait::TD_Opaque;
use emberdeep_api::abi::ItemEffectAbi_TO;
use emberdeep_api::author::Adapter;
use emberdeep_api::{
    AimRequest, Ctx, EntityId, ItemEffect, ItemUse, MonsterBrain, MonsterState, PluginResult, Point, Registrar,
    UseOutcome,
};

use super::*;
use crate::front::app::{App, Mode};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::plugins::boundary::Entry;
use emberdeep_engine::plugins::registry::{Plugins, Registration};

thread_local! {
    /// The paths and cursors the recording effect was fired along.
    static FIRED: RefCell<Vec<(Vec<Point>, Point)>> = const { RefCell::new(Vec::new()) };
}

/// A brain that does nothing.
struct Idle;

impl MonsterBrain for Idle {
    fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        Ok(())
    }
}

/// An effect that aims (range and passing through from its record's
/// params), records the path it is fired along, and is wasted by Esc when
/// its record says `wasted = 1`.
struct Recorder;

impl ItemEffect for Recorder {
    fn use_item(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let range = item.param("range").unwrap_or(8) as i32;
        let passes_through = item.param("through") == Some(1);
        let burst_radius = item.param("burst").unwrap_or(0) as i32;
        let stops_at_cursor = burst_radius > 0;
        Ok(UseOutcome::Aim(AimRequest { range, passes_through, burst_radius, stops_at_cursor }))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, _item: &ItemUse, path: &[Point], target: Point) -> PluginResult<UseOutcome> {
        FIRED.with(|f| f.borrow_mut().push((path.to_vec(), target)));
        let look =
            emberdeep_api::Look { glyph: '*' as u32, color: emberdeep_api::Rgba::rgb(1, 2, 3), tile: "bolt".into() };
        ctx.animate(look, path, &[]);
        Ok(UseOutcome::Consumed)
    }

    fn aim_cancelled(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        Ok(if item.param("wasted") == Some(1) { UseOutcome::Consumed } else { UseOutcome::NoTurn })
    }

    fn describe_target(&self, ctx: &mut Ctx<'_>, _item: &ItemUse, _target: EntityId) -> PluginResult<Vec<String>> {
        // A roll here must not reach the run's RNG: the context refuses it.
        let roll = ctx.roll(1, 100);
        Ok(vec![format!("rolled {roll}")])
    }
}

/// The records: a "wand" aimed by the recorder (range 12), a "scroll" that
/// passes through and is wasted by Esc, and a monster kind.
const RECORDS: &str = r#"
[[item]]
id = "wand"
name = "wand"
glyph = "/"
color = [1, 2, 3]
tile = "wand"
class = "wand"
effect = "recorder"
floors = [1, 1]
params = { range = 12 }

[[item]]
id = "scroll"
name = "scroll"
glyph = "?"
color = [1, 2, 3]
tile = "scroll"
class = "scroll"
stacks = true
effect = "recorder"
floors = [1, 1]
params = { range = 8, through = 1, wasted = 1 }

[[item]]
id = "orb"
name = "orb"
glyph = "*"
color = [1, 2, 3]
tile = "orb"
class = "orb"
effect = "recorder"
floors = [1, 1]
params = { range = 8, burst = 2 }

[[item]]
id = "tonic"
name = "tonic"
glyph = "!"
color = [1, 2, 3]
tile = "tonic"
class = "potion"
role = "healing"
stacks = true
effect = "recorder"
floors = [1, 1]
frequency = 0

[[monster]]
id = "newt"
name = "newt"
description = "A small, slow newt."
glyph = "n"
color = [1, 2, 3]
tile = "newt"
floors = [1, 1]
hp = 5
damage = [1, 1]
sight = 5
brain = "idle"
"#;

/// A game on an open 40x20 floor (walls round it), the player at (5,10)
/// with a wand in slot a and two scrolls in slot b, newts at `newts`.
pub(crate) fn game(newts: &[(i32, i32)]) -> Game {
    game_with(newts, |_| {})
}

/// [`game`], with more registered in the plugins first.
pub(crate) fn game_with(newts: &[(i32, i32)], more: impl FnOnce(&mut Plugins)) -> Game {
    game_from(newts, more, |_| {})
}

/// [`game_with`], its records changed by `change` once read (to what no
/// record file may say: a description longer than the loader lets in).
pub(crate) fn game_from(
    newts: &[(i32, i32)],
    more: impl FnOnce(&mut Plugins),
    change: impl FnOnce(&mut emberdeep_engine::data::records::Records),
) -> Game {
    let mut plugins = Plugins::default();
    more(&mut plugins);
    let mut reg = Registrar::new("test", "0.0.0");
    reg.brain("idle", Idle);
    plugins.add(Registration::from_registrar(reg), std::path::PathBuf::new()).expect("one brain");
    let imp = ItemEffectAbi_TO::from_value(Adapter(Recorder), TD_Opaque);
    plugins.effects.insert("recorder".into(), Entry::new("test", imp));
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("host")).expect("host folder");
    std::fs::write(dir.path().join("host/records.toml"), RECORDS).expect("records");
    let mut records = emberdeep_engine::data::records::check::load_records(dir.path(), &plugins.registered())
        .expect("the records read");
    change(&mut records);
    let mut map = Map::new_filled(40, 20, Tile::Wall);
    for y in 1..19 {
        for x in 1..39 {
            map.set_tile(Point::new(x, y), Tile::Floor);
        }
    }
    let mut game = Game::blank(
        7,
        map,
        Point::new(5, 10),
        Rc::new(plugins),
        Rc::new(records),
        emberdeep_engine::data::trace::Trace::console(),
    );
    for &(x, y) in newts {
        game.spawn_monster("newt", Point::new(x, y), Some(MonsterState::Asleep));
    }
    game.put_in_pack("wand", 1, false, emberdeep_api::ItemId(90 + 1));
    game.put_in_pack("scroll", 2, true, emberdeep_api::ItemId(90 + 2));
    game.put_in_pack("orb", 1, false, emberdeep_api::ItemId(90 + 1));
    game.update_sight();
    FIRED.with(|f| f.borrow_mut().clear());
    game
}

/// An app around [`game`], in the glyph view.
pub(crate) fn app(newts: &[(i32, i32)]) -> App {
    App::with_host_views(game(newts))
}

/// Presses the keys of `script`, in the notation of `--keys`.
pub(crate) fn keys(app: &mut App, script: &str) {
    for key in crate::front::keys::parse_keys(script).expect("keys") {
        app.press(key);
    }
}

/// Every shot the recording effect was fired with, on this thread: path and cursor.
pub(crate) fn fired() -> Vec<(Vec<Point>, Point)> {
    FIRED.with(|f| f.borrow().clone())
}

fn shaded(app: &mut App) -> Vec<Point> {
    let scene = app.model().scene;
    let mut cells = Vec::new();
    for (i, cell) in scene.cells.iter().enumerate() {
        if cell.shade.is_some() {
            let w = scene.width as usize;
            cells.push(scene.origin.offset((i % w) as i32, (i / w) as i32));
        }
    }
    cells
}

#[test]
fn the_shaded_line_is_the_path_the_shot_takes_and_stops_at_the_first_monster() {
    // Two newts in a row east of the player; the wand stops at the first.
    let mut app = app(&[(8, 10), (11, 10)]);
    keys(&mut app, "i a Enter");
    assert_eq!(app.mode, Mode::Aim);
    assert_eq!(app.game.aim_cursor(), Some(Point::new(8, 10)), "aiming starts on the nearest");
    keys(&mut app, "Tab");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(11, 10)));
    let shade = shaded(&mut app);
    assert_eq!(shade, [Point::new(6, 10), Point::new(7, 10), Point::new(8, 10)], "cut at the first newt");
    assert_eq!(app.game.aim_path(), shade);
    keys(&mut app, "Enter");
    assert_eq!(fired(), [(shade.clone(), Point::new(11, 10))], "the effect got the very cells shaded");
    let shown = crate::front::ui::Frontend::take_animations(&mut app);
    assert_eq!(shown.len(), 1, "the effect's animation waits for the window");
    assert_eq!(shown[0].path, shade, "flying the same cells");
    assert_eq!(app.mode, Mode::Play);
    assert_eq!(app.game.turn(), 1, "the shot took the turn");
    assert!(app.game.pack().get(0).is_none(), "Consumed took the wand from its slot");
}

#[test]
fn a_shot_through_creatures_is_shaded_through_them_and_only_as_far_as_the_player_sees() {
    let mut app = app(&[(8, 10), (11, 10)]);
    keys(&mut app, "i b Enter");
    let path = app.game.aim_path();
    assert_eq!(path.len(), 8, "a scroll's bolt runs its whole range through both newts");
    assert_eq!(shaded(&mut app), path);
    keys(&mut app, "Esc y");
    // The wand reaches 12 steps but sight only 9: the shading stops at the edge of sight.
    keys(&mut app, "i a Enter h h h h");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(4, 10)));
    let path = app.game.aim_path();
    assert_eq!(
        path,
        [Point::new(4, 10), Point::new(3, 10), Point::new(2, 10), Point::new(1, 10)],
        "cut at the west wall"
    );
    keys(&mut app, "Esc");
    let mut app = super::tests::app(&[]);
    keys(&mut app, "i a Enter 6*Right");
    let path = app.game.aim_path();
    assert_eq!(path.len(), 12);
    let shade = shaded(&mut app);
    assert_eq!(shade.len(), 9, "sight's radius");
    assert_eq!(shade[..], path[..9]);
    assert!(path[9..].iter().all(|p| !app.game.fov().is_visible(*p)));
}

#[test]
fn tab_visits_monsters_by_squared_distance_then_higher_then_left_and_wraps() {
    // From the player at (5,10): (7,10) is 4 away squared, (1,10) 16, and
    // (9,8) and (9,12) both 20, so the higher of those comes first. (By
    // steps, (9,8), (1,10) and (9,12) would all tie at 4.)
    let mut app = app(&[(9, 12), (1, 10), (9, 8), (7, 10)]);
    keys(&mut app, "i a Enter");
    let mut visited = vec![app.game.aim_cursor().unwrap()];
    for _ in 0..4 {
        keys(&mut app, "Tab");
        visited.push(app.game.aim_cursor().unwrap());
    }
    let p = Point::new;
    assert_eq!(visited, [p(7, 10), p(1, 10), p(9, 8), p(9, 12), p(7, 10)]);
}

#[test]
fn aiming_starts_on_the_last_target_while_it_is_in_sight() {
    let mut app = app(&[(7, 10), (9, 8)]);
    keys(&mut app, "i a Enter Tab Enter");
    assert_eq!(fired()[0].1, Point::new(9, 8));
    app.game.put_in_pack("wand", 1, false, emberdeep_api::ItemId(90 + 1));
    keys(&mut app, "i a Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(9, 8)), "the last target again, not the nearest");
    keys(&mut app, "Esc");
    // Out of sight, it is forgotten: the nearest is chosen.
    let id = app.game.creature_at(Point::new(9, 8)).unwrap().id;
    app.game.creature_mut(id).unwrap().pos = Point::new(30, 3);
    keys(&mut app, "i a Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(7, 10)));
}

#[test]
fn esc_wastes_what_the_effect_says_is_wasted_and_nothing_else() {
    let mut app = app(&[(8, 10)]);
    keys(&mut app, "i a Enter Esc");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 0), "putting the wand away costs nothing");
    assert!(app.game.pack().get(0).is_some());
    keys(&mut app, "i b Enter");
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"Esc: lose the scroll".to_string()), "the panel says what Esc costs: {look:?}");
    keys(&mut app, "Esc");
    assert_eq!((app.mode, app.game.turn()), (Mode::Ask(crate::front::app::Question::StopAiming), 0), "Esc asks first");
    keys(&mut app, "n");
    assert_eq!((app.mode, app.game.turn()), (Mode::Aim, 0), "any other key: aiming on, nothing lost");
    keys(&mut app, "Esc y");
    assert_eq!(app.game.turn(), 1, "the scroll was read: the turn is spent");
    assert_eq!(app.game.pack().get(1).map(|i| i.count), Some(1), "and one scroll is gone");
    assert!(fired().is_empty());
}

#[test]
fn firing_at_yourself_or_into_a_wall_says_why_and_goes_on_aiming() {
    let mut app = app(&[]);
    keys(&mut app, "i a Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(5, 10)), "no monster: the cursor starts on the player");
    keys(&mut app, "Enter");
    assert_eq!((app.mode, app.game.turn()), (Mode::Aim, 0));
    assert_eq!(app.game.log().messages().last().unwrap().text, "There is no target in sight.");
    keys(&mut app, "l Enter");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 1));
    // A monster in sight: the cursor moved back onto the player says to move it.
    let mut app = crate::front::aiming::tests::app(&[(9, 10)]);
    keys(&mut app, "i a Enter h h h h Enter");
    assert_eq!(app.game.log().messages().last().unwrap().text, "Move the cursor off yourself first.");
    // A wall right in front: the panel's words, no question, no turn.
    app.game.set_tile(Point::new(4, 10), Tile::Wall);
    keys(&mut app, "h Enter");
    assert_eq!((app.mode, app.game.turn()), (Mode::Aim, 0));
    assert_eq!(app.game.log().messages().last().unwrap().text, "Blocked by a wall, right in front of you.");
    assert!(fired().is_empty());
}

#[test]
fn a_shot_the_panel_calls_blocked_or_out_of_range_asks_first() {
    use crate::front::app::Question;
    let mut app = app(&[]);
    app.game.set_tile(Point::new(9, 10), Tile::Wall);
    app.game.update_sight();
    // The wand (range 12) at a cell behind the wall.
    keys(&mut app, "i a Enter l l l l l l");
    assert_eq!(app.mode, Mode::Aim, "{:?}", app.game.log().messages());
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"Blocked by a wall".to_string()), "{look:?}");
    for no in ["Enter", "f", "Click:11,10"] {
        keys(&mut app, no);
        assert_eq!(app.mode, Mode::Ask(Question::ShootShort), "{no} asks first");
        let question = app.model().overlay;
        assert!(format!("{question:?}").contains("The shot would hit the wall. Shoot anyway?"), "{question:?}");
        keys(&mut app, if no == "f" { "Esc" } else { "n" });
        assert_eq!((app.mode, app.game.turn()), (Mode::Aim, 0), "no: aiming on, no turn");
        assert_eq!(app.game.log().messages().last().unwrap().text, "You hold your fire.");
    }
    assert!(fired().is_empty(), "nothing was fired");
    keys(&mut app, "f y");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 1), "yes: the shot goes");
    assert_eq!(
        fired().last().map(|f| f.0.clone()),
        Some(vec![Point::new(6, 10), Point::new(7, 10), Point::new(8, 10)])
    );
    // Out of range: a scroll (the wand is used up) reaches 8 steps; the cursor is 10 off.
    app.game.set_tile(Point::new(9, 10), Tile::Floor);
    keys(&mut app, "i b Enter");
    keys(&mut app, &["l"; 10].join(" "));
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"Out of range (8)".to_string()), "{look:?}");
    keys(&mut app, "Enter");
    assert!(format!("{:?}", app.model().overlay).contains("Out of range (8): the shot would end short."));
    keys(&mut app, "y");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 2));
    assert_eq!(fired().len(), 2);
}

#[test]
fn the_mouse_moves_the_cursor_and_a_click_fires_where_it_is() {
    use crate::front::ui::Frontend;
    let mut app = app(&[(12, 6), (8, 12)]);
    keys(&mut app, "i a Enter");
    Frontend::hover(&mut app, Point::new(12, 6));
    assert_eq!(app.game.aim_cursor(), Some(Point::new(12, 6)));
    assert_eq!(app.pressed.last(), Some(&crate::front::keys::Key::Hover(12, 6)), "kept with the keys, for replays");
    keys(&mut app, "Click:8,12");
    assert_eq!(fired().last().map(|f| f.1), Some(Point::new(8, 12)));
    // Out of aiming the mouse changes nothing and is not kept.
    let before = app.pressed.len();
    Frontend::hover(&mut app, Point::new(3, 3));
    assert_eq!(app.pressed.len(), before);
}

#[test]
fn looking_and_aiming_never_touch_the_runs_rng() {
    let mut app = app(&[(8, 10), (11, 10), (9, 13)]);
    let mut before = app.game.rng().clone();
    keys(&mut app, "i a Enter Tab Tab l l k Hover:20,5 Tab");
    let model = app.model();
    assert!(model.look.iter().any(|l| l.text == "rolled 1"), "the plugin's roll was refused: {:?}", model.look);
    keys(&mut app, "Esc");
    let _ = app.model();
    assert_eq!(app.game.rng().clone().next_raw(), before.next_raw());
}

#[test]
fn the_look_panel_names_the_target_its_health_and_what_stands_in_the_way() {
    let mut app = app(&[(8, 10), (11, 10)]);
    keys(&mut app, "i a Enter Tab");
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"n newt (asleep)".to_string()), "{look:?}");
    assert!(look.contains(&"Health 5/5".to_string()), "{look:?}");
    assert!(look.contains(&"In the way: the newt".to_string()), "{look:?}");
}

#[test]
fn the_camera_holds_still_while_aiming_until_the_cursor_leaves_the_view() {
    // The tile view shows 40x22 cells of a 40x20 map: all of it. Make the map wide.
    let mut game = game(&[]);
    let mut map = Map::new_filled(120, 60, Tile::Floor);
    map.set_tile(Point::new(0, 0), Tile::Wall);
    game.set_map(map);
    game.player_mut().pos = Point::new(60, 30);
    game.update_sight();
    let mut app = App::with_host_views(game);
    app.select_view("tiles").unwrap();
    let start = app.model().scene.origin;
    keys(&mut app, "i a Enter");
    for _ in 0..15 {
        keys(&mut app, "l");
        assert_eq!(app.model().scene.origin, start, "the cursor is still in view");
    }
    for _ in 0..10 {
        keys(&mut app, "l");
    }
    let moved = app.model().scene.origin;
    assert_ne!(moved, start, "the cursor left the view, so the camera followed it");
    keys(&mut app, "h");
    assert_eq!(app.model().scene.origin, moved, "and holds still again");
    keys(&mut app, "Esc");
    assert_eq!(app.model().scene.origin, start, "back on the player after aiming");
}

#[test]
fn a_burst_is_previewed_fainter_and_firing_into_your_own_asks_first() {
    let mut app = app(&[(12, 10)]);
    keys(&mut app, "i c Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(12, 10)));
    let path = app.game.aim_path();
    assert_eq!(path.last(), Some(&Point::new(12, 10)), "it bursts on the newt");
    let shades = crate::front::aiming::aim_shades(&app.game);
    let faint: Vec<Point> = shades.iter().filter(|(_, s)| s.a < 100).map(|(p, _)| *p).collect();
    assert_eq!(faint.len(), 25 - 3, "the burst's 5x5 cells, less the path's three inside it");
    assert!(!app.game.aim_burst_hits_player());
    // Two steps off, the burst would reach the player: the game asks, and only `y` fires.
    keys(&mut app, "h h h h h");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(7, 10)));
    keys(&mut app, "Enter");
    assert_eq!(app.mode, Mode::ConfirmFire);
    assert!(matches!(app.model().overlay, crate::front::screen::Overlay::Confirm { .. }));
    keys(&mut app, "n");
    assert_eq!((app.mode, app.game.turn()), (Mode::Aim, 0), "held: still aiming");
    keys(&mut app, "Enter y");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 1));
    assert_eq!(fired().last().map(|f| f.1), Some(Point::new(7, 10)));
}

#[test]
fn a_burst_out_of_sight_is_not_previewed() {
    let mut app = app(&[]);
    keys(&mut app, "i c Enter 8*l");
    // The orb flies 8 steps to the cursor; the last cell is in sight, so the burst shows.
    assert!(crate::front::aiming::aim_shades(&app.game).iter().any(|(_, s)| s.a < 100));
    // A wall-less hall beyond sight: put the player so the path's end is unseen.
    app.game.set_fov(emberdeep_engine::core::sight::field_of_view(app.game.map(), app.game.player().pos, 4));
    assert!(
        crate::front::aiming::aim_shades(&app.game).iter().all(|(_, s)| s.a >= 100),
        "no burst shaded when the path runs out of sight"
    );
}

#[test]
fn after_a_death_r_or_shift_r_starts_a_new_run() {
    for key in ['r', 'R'] {
        let mut app = app(&[(3, 1)]);
        app.game.player_mut().hp = 0;
        app.game.player_action(emberdeep_engine::Action::Wait);
        assert!(app.game.is_over());
        app.mode = Mode::Dead;
        assert!(app.press(crate::front::keys::Key::Char(key)), "{key}: the game goes on");
        assert_eq!(app.mode, Mode::Play, "{key}: a new run");
        assert!(!app.game.is_over() && app.game.turn() == 0, "{key}: from its first turn");
    }
}

#[test]
fn a_shot_that_would_stop_at_an_ally_asks_first() {
    use crate::front::app::Question;
    // An allied newt two steps east, an enemy newt behind it.
    let mut app = app(&[(7, 10), (10, 10)]);
    let ally = app.game.creature_at(Point::new(7, 10)).map(|c| c.id).unwrap();
    app.game.set_creature_side(ally, emberdeep_api::PLAYER_SIDE, "test").unwrap();
    keys(&mut app, "i a Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(10, 10)), "aiming starts on the enemy, past the ally");
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"An ally is in the way".to_string()), "{look:?}");
    keys(&mut app, "Enter");
    assert_eq!(app.mode, Mode::Ask(Question::ShootShort));
    assert!(format!("{:?}", app.model().overlay).contains("An ally is in the way: the shot would stop at it."));
    keys(&mut app, "n");
    assert_eq!((app.mode, app.game.turn()), (Mode::Aim, 0), "no: aiming on, no turn");
    assert!(fired().is_empty(), "nothing was fired");
    // With no ally between, the same shot goes without a question.
    app.game.set_creature_side(ally, emberdeep_api::MONSTERS_SIDE, "test").unwrap();
    keys(&mut app, "Enter");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 1));
}
