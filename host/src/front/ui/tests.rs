//! Tests of the front end: screenshots of small synthetic frames decoded and
//! checked pixel by pixel, text wrapping, key mapping and mouse cells.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{RNone, RSome, RVec};
use emberdeep_api::abi::{ViewAbi_TO, ViewBox};
use emberdeep_api::author::Adapter;
use emberdeep_api::{Canvas, Light, Look, PluginError, PluginResult, Point, Rgba, Scene, SceneCell, Terrain, View};
use sdl3::keyboard::{Keycode, Scancode};

use super::frame::{bar_fill, wrap};
use super::input::{KeyState, MapGeometry};
use super::*;
use crate::front::atlas::{read_image, Atlas};
use crate::front::keys::Key;
use crate::front::screen::{palette, Health, Line, Overlay, ScreenModel};
use emberdeep_engine::plugins::boundary::Entry;

/// SDL's software renderer is not meant to be driven from many threads at once.
static SDL: Mutex<()> = Mutex::new(());

/// A 10x10 room: walls round the edge, a door, stairs, the player at (3,3).
fn room() -> Scene {
    let mut cells = RVec::new();
    for y in 0..10 {
        for x in 0..10 {
            let edge = x == 0 || y == 0 || x == 9 || y == 9;
            let terrain = match (x, y) {
                (9, 5) => Terrain::DoorClosed,
                (7, 7) => Terrain::StairsDown,
                _ if edge => Terrain::Wall,
                _ => Terrain::Floor,
            };
            let light = if x > 6 { Light::Remembered } else { Light::Visible };
            let thing = match (x, y) {
                (3, 3) => RSome(look('@', Rgba::rgb(255, 255, 255))),
                (5, 2) => RSome(look('j', Rgba::rgb(200, 150, 90))),
                (8, 2) => RSome(look('!', Rgba::rgb(220, 60, 200))),
                _ => RNone,
            };
            let shade = if (x, y) == (4, 3) { RSome(Rgba::rgb(230, 80, 70).with_alpha(90)) } else { RNone };
            cells.push(SceneCell { terrain, light, thing, shade });
        }
    }
    Scene {
        origin: Point::new(0, 0),
        width: 10,
        height: 10,
        cells,
        cursor: RSome(Point::new(5, 2)),
        player: Point::new(2, 2),
        creatures: RVec::new(),
    }
}

fn look(ch: char, color: Rgba) -> Look {
    Look { glyph: ch as u32, color, tile: "".into() }
}

fn model(hp: i32, overlay: Overlay) -> ScreenModel {
    ScreenModel {
        scene: room(),
        health: Health { hp, max: 30 },
        panel: vec![
            Line::new("Turn 57", palette::TEXT),
            Line::new("Floor 2", palette::TEXT),
            Line::new("Seed 12345", palette::DIM),
            Line::new("Poisoned: a long line that must wrap", palette::DANGER),
        ],
        look: vec![Line::new("a jackal (hunting)", palette::TEXT), Line::new("hit 70%", palette::GOOD)],
        hints: Vec::new(),
        look_scroll: 0,
        log: (1..=14).map(|i| Line::new(format!("Message number {i} of the log."), palette::DIM)).collect(),
        overlay,
        allies: Vec::new(),
    }
}

fn menu() -> Overlay {
    Overlay::Menu {
        title: "Pack".into(),
        header: vec![Line::new("Wielding a dagger", palette::DIM)],
        lines: vec![
            Line::new("a - 2 potions of healing", palette::TEXT),
            Line::new("b - a scroll of lightning", palette::TEXT),
        ],
        more: (0, 0),
        footer: "a-z to use, Esc to close".into(),
    }
}

/// Renders `model` through `view` to a PNG in the target dir, decodes it, and
/// returns the pixels and the path.
fn shoot(name: &str, model: &ScreenModel, view: ViewBox) -> (Vec<u8>, PathBuf) {
    shoot_with(name, model, view, glyph_view())
}

/// As [`shoot`], with `fallback` in place of the glyph view should `view` fail.
fn shoot_with(name: &str, model: &ScreenModel, view: ViewBox, fallback: ViewBox) -> (Vec<u8>, PathBuf) {
    let path = std::env::temp_dir().join(format!("emberdeep-ui-{name}-{}.png", std::process::id()));
    let (current, fallback) = (Entry::new("test", view), Entry::new("host", fallback));
    {
        let _sdl = SDL.lock().unwrap_or_else(|e| e.into_inner());
        screenshot(model, Views { current: &current, fallback: &fallback, host_tiles: false }, repo_atlas(), &path)
            .expect("screenshot");
    }
    (decode(&path), path)
}

/// The repository's tile atlas, read once.
fn repo_atlas() -> &'static Atlas {
    static ATLAS: OnceLock<Atlas> = OnceLock::new();
    ATLAS.get_or_init(|| Atlas::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets")).expect("assets/ loads"))
}

/// The screenshot at `path` decoded by SDL_image, as RGBA.
fn decode(path: &Path) -> Vec<u8> {
    let bytes = std::fs::read(path).expect("the screenshot exists");
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{} is a PNG", path.display());
    let (width, height, rgba) = read_image(path).expect("the screenshot decodes");
    assert_eq!((width, height), (screen_w(), screen_h()));
    rgba
}

fn pixel(rgba: &[u8], x: u32, y: u32) -> Rgba {
    let at = ((y * screen_w() + x) * 4) as usize;
    Rgba { r: rgba[at], g: rgba[at + 1], b: rgba[at + 2], a: rgba[at + 3] }
}

/// How many pixels of the rectangle have exactly `color`.
fn count(rgba: &[u8], x0: u32, y0: u32, w: u32, h: u32, color: Rgba) -> usize {
    (y0..y0 + h).flat_map(|y| (x0..x0 + w).map(move |x| (x, y))).filter(|&(x, y)| pixel(rgba, x, y) == color).count()
}

#[test]
fn a_screenshot_shows_panel_bar_title_map_and_menu() {
    let (rgba, path) = shoot("menu", &model(5, menu()), glyph_view());
    eprintln!("screenshot: {}", path.display());
    // The panel's background, away from any text.
    assert_eq!(pixel(&rgba, 1590, 890), palette::PANEL_BG);
    // 5/30 is below a quarter: the bar's filled part is danger red, the rest dark.
    assert_eq!(Health { hp: 5, max: 30 }.color(), palette::HEALTH_DANGER);
    assert_eq!(pixel(&rgba, 1300, 90), palette::HEALTH_DANGER);
    assert_ne!(pixel(&rgba, 1500, 90), palette::HEALTH_DANGER);
    // The title is drawn in its colour; the health line in plain text.
    assert!(count(&rgba, 1280, 0, 320, 56, Rgba::rgb(235, 140, 60)) > 200);
    assert!(count(&rgba, 1280, 60, 320, 20, palette::TEXT) > 50);
    // The player's '@' is white in its cell (3,3); the menu's title text shows.
    assert!(count(&rgba, 48, 48, 16, 16, Rgba::rgb(255, 255, 255)) > 20);
    assert!(count(&rgba, 240, 60, 800, 70, palette::TEXT) > 100);
    // The log's background and its newest line at the bottom.
    assert_eq!(pixel(&rgba, 1270, 725), palette::PANEL_BG);
    assert!(count(&rgba, 0, 870, 700, 20, palette::DIM) > 100);
}

#[test]
fn remembered_cells_are_dimmed_and_walls_have_blocks() {
    let (rgba, _) = shoot("room", &model(30, Overlay::None), glyph_view());
    let wall = Rgba::rgb(40, 40, 55);
    assert!(count(&rgba, 0, 0, 16, 16, wall) > 50, "a visible wall's block");
    assert!(count(&rgba, 144, 0, 16, 16, wall.dimmed(45)) > 50, "a remembered wall's block");
    assert!(count(&rgba, 128, 32, 16, 16, Rgba::rgb(220, 60, 200).dimmed(45)) > 5, "a remembered item");
    // The cursor's yellow frame round (5,2), over the jackal.
    assert_eq!(pixel(&rgba, 79, 31), Rgba::rgb(250, 220, 60));
    assert_eq!(pixel(&rgba, 96, 48), Rgba::rgb(250, 220, 60));
    // Full health: green bar.
    assert_eq!(pixel(&rgba, 1580, 90), palette::HEALTH_GOOD);
}

#[test]
fn the_death_screen_fades_the_map_and_says_so() {
    let death = Overlay::Death {
        won: false,
        scores: Vec::new(),
        cause: "killed by a jackal, on turn 57".into(),
        details: vec![Line::new("R for a new run, Esc to quit", palette::DIM)],
    };
    let (rgba, path) = shoot("death", &model(0, death), glyph_view());
    eprintln!("screenshot: {}", path.display());
    assert!(count(&rgba, 0, 250, 1280, 200, palette::DANGER) > 300, "big red 'You died'");
    // Walls under the fade are darker than their block colour.
    let wall = pixel(&rgba, 2, 2);
    assert!(wall.r <= 45 && wall.b <= 55 && wall.b > 0, "faded wall {wall:?}");
    // Empty bar at 0 hp.
    assert_ne!(pixel(&rgba, 1300, 90), palette::HEALTH_DANGER);
}

#[test]
fn a_confirm_box_is_drawn() {
    let confirm = Overlay::Confirm { question: "Fire into the burst? y/n".into() };
    let (rgba, _) = shoot("confirm", &model(12, confirm), glyph_view());
    assert!(count(&rgba, 400, 320, 480, 80, palette::TEXT) > 100);
    assert_eq!(pixel(&rgba, 1300, 90), palette::HEALTH_LOW);
}

/// A view that draws a little, then fails.
struct Broken;

impl View for Broken {
    fn cell_size(&self) -> u32 {
        16
    }
    fn draw_map(&self, _scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        canvas.fill_rect(0, 0, 2000, 2000, Rgba::rgb(0, 0, 255));
        Err(PluginError::new("no tiles here"))
    }
}

#[test]
fn a_failing_view_is_wiped_and_the_glyph_view_draws_the_map() {
    let broken = ViewAbi_TO::from_value(Adapter(Broken), TD_Opaque);
    let (rgba, _) = shoot("broken", &model(30, Overlay::None), broken);
    assert_eq!(count(&rgba, 0, 0, 1600, 900, Rgba::rgb(0, 0, 255)), 0, "what the broken view drew is gone");
    let (glyphs, _) = shoot("glyphs-for-broken", &model(30, Overlay::None), glyph_view());
    assert_eq!(&rgba[..1280 * 4 * 700], &glyphs[..1280 * 4 * 700], "the map is the glyph view's");
}

#[test]
fn when_the_fallback_fails_too_the_error_shows_in_red() {
    let (current, fallback) =
        (ViewAbi_TO::from_value(Adapter(Broken), TD_Opaque), ViewAbi_TO::from_value(Adapter(Broken), TD_Opaque));
    let (rgba, _) = shoot_with("broken-twice", &model(30, Overlay::None), current, fallback);
    assert!(count(&rgba, 0, 0, 1280, 30, palette::DANGER) > 100, "the error in red");
    assert_eq!(count(&rgba, 0, 0, 1600, 900, Rgba::rgb(0, 0, 255)), 0, "no half map");
}

#[test]
fn screenshot_names_the_path_it_cannot_write() {
    let path = Path::new("/nonexistent-dir/shot.png");
    let _sdl = SDL.lock().unwrap_or_else(|e| e.into_inner());
    let glyphs = Entry::new("host", glyph_view());
    let views = Views { current: &glyphs, fallback: &glyphs, host_tiles: false };
    let err = screenshot(&model(30, Overlay::None), views, repo_atlas(), path).unwrap_err();
    assert!(format!("{err:#}").contains("/nonexistent-dir/shot.png"), "{err:#}");
}

#[test]
fn a_scrolled_menu_says_how_many_more_above_and_below() {
    let lines: Vec<Line> = (5..35).map(|i| Line::new(format!("line {i}"), palette::TEXT)).collect();
    let menu =
        Overlay::Menu { title: "Messages".into(), header: vec![], lines, more: (5, 25), footer: "Esc to close".into() };
    let (rgba, path) = shoot("long-menu", &model(30, menu), glyph_view());
    eprintln!("screenshot: {}", path.display());
    // "... 5 more above" over the lines, "... 25 more below" under them, in dim.
    assert!(count(&rgba, 100, 78, 600, 18, palette::DIM) > 50);
    assert!(count(&rgba, 100, 636, 600, 18, palette::DIM) > 50);
    let none = Overlay::Menu {
        title: "Messages".into(),
        header: vec![],
        lines: vec![Line::new("only", palette::TEXT)],
        more: (0, 0),
        footer: "Esc to close".into(),
    };
    let (rgba, _) = shoot("short-menu", &model(30, none), glyph_view());
    assert_eq!(count(&rgba, 100, 78, 600, 18, palette::DIM), 0, "nothing above");
    assert_eq!(count(&rgba, 100, 636, 600, 18, palette::DIM), 0, "nothing below");
}

#[test]
fn unknown_chars_draw_as_question_marks() {
    let _sdl = SDL.lock().unwrap_or_else(|e| e.into_inner());
    let surface = sdl3::surface::Surface::new(8, 8, sdl3::pixels::PixelFormat::RGBA32).unwrap();
    let canvas = surface.into_canvas().unwrap();
    let creator = canvas.texture_creator();
    let font = super::font::Font::new(&creator, false).unwrap();
    let q = font.source('?');
    assert_eq!(font.source('\u{20ac}'), q);
    for ch in ['A', 'z', '#', '\u{e9}', '\u{2500}', '\u{2588}'] {
        assert_ne!(font.source(ch), q, "{ch}");
    }
}

#[test]
fn bar_is_proportional() {
    assert_eq!(bar_fill(Health { hp: 15, max: 30 }, 288), 144);
    assert_eq!(bar_fill(Health { hp: -3, max: 30 }, 288), 0);
    assert_eq!(bar_fill(Health { hp: 40, max: 30 }, 288), 288);
    assert_eq!(bar_fill(Health { hp: 1, max: 0 }, 288), 0);
}

#[test]
fn long_lines_wrap_at_spaces_with_an_indent() {
    assert_eq!(wrap("Turn 57", 19, 1), vec!["Turn 57"]);
    assert_eq!(
        wrap("Poisoned: a long line that must wrap", 19, 1),
        vec!["Poisoned: a long", " line that must", " wrap"]
    );
    assert_eq!(wrap("abcdefghijklmnopqrstuvwxyz", 19, 1), vec!["abcdefghijklmnopqrs", " tuvwxyz"]);
    assert!(wrap("x", 0, 5).len() == 1);
}

#[test]
fn keys_come_from_key_presses_and_text() {
    let mut keys = KeyState::default();
    assert_eq!(keys.key_down(Some(Keycode::Up), Some(Scancode::Up)), Some(Key::Up));
    assert_eq!(keys.key_down(Some(Keycode::KpEnter), Some(Scancode::KpEnter)), Some(Key::Enter));
    assert_eq!(keys.key_down(Some(Keycode::F2), Some(Scancode::F2)), Some(Key::F(2)));
    assert_eq!(keys.key_down(Some(Keycode::Escape), Some(Scancode::Escape)), Some(Key::Esc));
    // A letter's key press gives nothing; its text gives the Char.
    assert_eq!(keys.key_down(Some(Keycode::R), Some(Scancode::R)), None);
    assert_eq!(keys.text("R"), vec![Key::Char('R')]);
    assert_eq!(keys.text(">"), vec![Key::Char('>')]);
    // A keypad digit is Numpad, and its text is dropped, Num Lock or not.
    assert_eq!(keys.key_down(Some(Keycode::Kp5), Some(Scancode::Kp5)), Some(Key::Numpad(5)));
    assert_eq!(keys.text("5"), vec![]);
    assert_eq!(keys.key_down(Some(Keycode::End), Some(Scancode::Kp1)), Some(Key::Numpad(1)));
    assert_eq!(keys.key_down(Some(Keycode::_5), Some(Scancode::_5)), None);
    assert_eq!(keys.text("5"), vec![Key::Char('5')]);
    assert_eq!(keys.text("\t"), vec![]);
}

#[test]
fn mouse_positions_become_map_cells() {
    let map = MapGeometry { origin: Point::new(10, 20), width: 80, height: 45 };
    assert_eq!(map.cell_at(0.0, 0.0, 16), Some(Point::new(10, 20)));
    assert_eq!(map.cell_at(33.0, 17.5, 16), Some(Point::new(12, 21)));
    assert_eq!(map.cell_at(1279.9, 719.9, 16), Some(Point::new(89, 64)));
    assert_eq!(map.cell_at(1300.0, 10.0, 16), None, "the panel");
    assert_eq!(map.cell_at(10.0, 800.0, 16), None, "the log");
    let small = MapGeometry { origin: Point::new(0, 0), width: 10, height: 10 };
    assert_eq!(small.cell_at(200.0, 10.0, 16), None, "beyond the scene");
    assert_eq!(small.cell_at(10.0, 10.0, 0), None);
}

/// How many pixels of the rectangle are within `tolerance` of `color` in each channel.
fn count_near(rgba: &[u8], x0: u32, y0: u32, w: u32, h: u32, color: Rgba, tolerance: u8) -> usize {
    let near = |a: u8, b: u8| a.abs_diff(b) <= tolerance;
    (y0..y0 + h)
        .flat_map(|y| (x0..x0 + w).map(move |x| (x, y)))
        .map(|(x, y)| pixel(rgba, x, y))
        .filter(|p| near(p.r, color.r) && near(p.g, color.g) && near(p.b, color.b))
        .count()
}

/// What SDL's colour modulation makes of `c`.
fn modulated(c: Rgba, by: Rgba) -> Rgba {
    let f = |a: u8, b: u8| ((a as u32 * b as u32) / 255) as u8;
    Rgba::rgb(f(c.r, by.r), f(c.g, by.g), f(c.b, by.b))
}

/// The room with its things given their atlas tiles, and a green potion in sight at (2,5).
fn tiled_model() -> ScreenModel {
    let mut m = model(30, Overlay::None);
    for cell in m.scene.cells.iter_mut() {
        if let RSome(look) = &mut cell.thing {
            look.tile = match char::from_u32(look.glyph) {
                Some('@') => "player",
                Some('j') => "monster_jackal",
                _ => "potion",
            }
            .into();
        }
    }
    let potion = Look { glyph: '!' as u32, color: Rgba::rgb(60, 200, 90), tile: "potion".into() };
    m.scene.cells[5 * 10 + 2].thing = RSome(potion);
    m
}

/// The tile view tinting the tiles of the potion records (their `tint = true`).
fn tinting_potions() -> ViewBox {
    tile_view::tile_view_tinting(["potion".to_string()].into(), tile_view::CELL)
}

#[test]
fn the_tile_view_draws_sprites_and_tints_only_potions() {
    let (rgba, path) = shoot("tiles", &tiled_model(), tinting_potions());
    eprintln!("screenshot: {}", path.display());
    let (stone, tan, pale) = (Rgba::rgb(0x6a, 0x66, 0x80), Rgba::rgb(0xc8, 0xa0, 0x70), Rgba::rgb(0xd2, 0xd2, 0xdc));
    let remembered = Rgba::rgb(110, 110, 134);
    assert!(count(&rgba, 0, 0, 32, 32, stone) > 100, "a visible wall in its stone");
    assert_eq!(count(&rgba, 288, 0, 32, 32, stone), 0, "a remembered wall is darker");
    assert!(count_near(&rgba, 288, 0, 32, 32, modulated(stone, remembered), 2) > 100, "and still drawn");
    assert!(count(&rgba, 160, 64, 32, 32, tan) > 20, "the jackal in its own colours");
    let green = Rgba::rgb(60, 200, 90);
    assert_eq!(count(&rgba, 64, 160, 32, 32, pale), 0, "the potion is tinted");
    assert!(count_near(&rgba, 64, 160, 32, 32, modulated(pale, green), 2) > 40, "by its colour");
    let far = modulated(modulated(pale, Rgba::rgb(220, 60, 200)), remembered);
    assert!(count_near(&rgba, 256, 64, 32, 32, far, 3) > 20, "a remembered potion: tinted and darkened");
    // The cursor's frame round (5,2), over the jackal.
    assert_eq!(pixel(&rgba, 160, 64), Rgba::rgb(250, 220, 60));
    assert_eq!(pixel(&rgba, 191, 95), Rgba::rgb(250, 220, 60));
}

#[test]
fn a_tile_the_atlas_lacks_falls_back_to_the_glyph() {
    let mut m = tiled_model();
    m.scene.cells[5 * 10 + 2].thing =
        RSome(Look { glyph: 'Q' as u32, color: Rgba::rgb(0, 0, 255), tile: "no_such_tile".into() });
    let (rgba, _) = shoot("tiles-fallback", &m, tinting_potions());
    assert!(count(&rgba, 64, 160, 32, 32, Rgba::rgb(0, 0, 255)) > 40, "the blue Q");
}

#[test]
fn the_tile_view_tints_by_the_records_field_not_by_the_tiles_name() {
    // No record says `tint`: the potion keeps its pale picture.
    let (rgba, _) = shoot("tiles-untinted", &tiled_model(), tile_view(&Default::default()));
    let (pale, green) = (Rgba::rgb(0xd2, 0xd2, 0xdc), Rgba::rgb(60, 200, 90));
    assert!(count(&rgba, 64, 160, 32, 32, pale) > 40, "the potion is drawn as the atlas has it");
    assert_eq!(count_near(&rgba, 64, 160, 32, 32, modulated(pale, green), 2), 0, "not in its colour");
}

#[test]
fn the_tile_view_tints_a_creature_drawn_in_a_colour_of_its_own_and_no_other() {
    use emberdeep_api::{EntityId, MonsterState, SceneCreature};
    let record = Rgba::rgb(200, 150, 90);
    let jackal = |id: u32, x: i32, color: Rgba| SceneCreature {
        id: EntityId(id),
        kind: "jackal".into(),
        pos: Point::new(x, 2),
        hp: 5,
        max_hp: 5,
        state: MonsterState::Hunting,
        sight: 6,
        sees_player: false,
        statuses: RVec::new(),
        look: Look { glyph: 'j' as u32, color, tile: "monster_jackal".into() },
    };
    // A jackal in its record's colour at (5,2); at (3,2) one risen from
    // the dead, drawn as the jackal in the risen's sickly green.
    let green = Rgba::rgb(40, 200, 40);
    let mut m = tiled_model();
    let (plain, mut own) = (jackal(1, 5, record), jackal(2, 3, green));
    own.kind = "risen".into();
    m.scene.cells[2 * 10 + 3].thing = RSome(own.look.clone());
    m.scene.cells[2 * 10 + 5].thing = RSome(plain.look.clone());
    m.scene.creatures = vec![plain, own].into();
    m.scene.cursor = RNone;
    let mut records = tile_view::RecordLooks::default();
    records.add("jackal", Look { glyph: 'j' as u32, color: record, tile: "monster_jackal".into() });
    // A record of its own drawn in that green, but with another sprite: the green is still its own on this one.
    records.add("risen", Look { glyph: 'z' as u32, color: green, tile: "monster_rat".into() });
    let view = tile_view::TileView::new(["potion".to_string()].into(), 32).with_record_looks(records);
    let (rgba, _) = shoot("tiles-own-colour", &m, ViewAbi_TO::from_value(Adapter(view), TD_Opaque));
    let tan = Rgba::rgb(0xc8, 0xa0, 0x70);
    assert!(count(&rgba, 160, 64, 32, 32, tan) > 20, "the record's jackal in its sprite's own colours");
    assert_eq!(count(&rgba, 96, 64, 32, 32, tan), 0, "the other is tinted");
    // Green brightened to full light: (51, 255, 51).
    assert!(count_near(&rgba, 96, 64, 32, 32, modulated(tan, Rgba::rgb(51, 255, 51)), 2) > 20, "by its own colour");
}

#[test]
fn the_tile_view_is_a_view_of_32_pixel_cells() {
    assert_eq!(tile_view(&Default::default()).cell_size(), 32);
    let names: Vec<String> = host_views(&Default::default()).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["glyphs", "tiles"]);
}

#[test]
fn the_glyph_view_is_a_view() {
    let view = glyph_view();
    assert_eq!(view.cell_size(), 16);
}

/// The real window loop, under Xvfb (or SDL's offscreen driver when there is
/// no display): while the player aims, the mouse is moved over a newt and
/// clicked, through SDL's own event queue, and the shot goes where it was
/// clicked. The only test that opens a window (SDL starts once per process).
#[test]
fn mouse_aiming_in_a_real_window_fires_at_the_newt_clicked() {
    use sdl3::event::Event;
    use sdl3::mouse::{MouseButton, MouseState};
    use std::time::Duration;

    let _sdl = SDL.lock().unwrap_or_else(|e| e.into_inner());
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        sdl3::hint::set("SDL_VIDEO_DRIVER", "offscreen");
    }
    let mut app = crate::front::aiming::tests::app(&[(12, 6), (8, 12)]);
    crate::front::aiming::tests::keys(&mut app, "i a Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(8, 12)), "aiming starts on the nearer newt");
    let sdl = sdl3::init().expect("SDL starts");
    let sender = sdl.event().expect("SDL events").event_sender();
    // The centre of map cell (12, 6) in the glyph view's 16-pixel cells.
    let (x, y) = (12.0 * 16.0 + 8.0, 6.0 * 16.0 + 8.0);
    let mouse = std::thread::spawn(move || {
        let pause = |ms| std::thread::sleep(Duration::from_millis(ms));
        let moved = Event::MouseMotion {
            timestamp: 0,
            window_id: 0,
            which: 0,
            mousestate: MouseState::from_sdl_state(0),
            x,
            y,
            xrel: 0.0,
            yrel: 0.0,
        };
        let click = Event::MouseButtonDown {
            timestamp: 0,
            window_id: 0,
            which: 0,
            mouse_btn: MouseButton::Left,
            clicks: 1,
            x,
            y,
        };
        pause(700);
        sender.push_event(moved).expect("mouse moved");
        pause(300);
        sender.push_event(click).expect("mouse clicked");
        pause(500);
        sender.push_event(Event::Quit { timestamp: 0 }).expect("window closed");
    });
    run_window(&mut app, repo_atlas()).expect("the window runs");
    mouse.join().expect("the mouse thread");
    let pressed: Vec<String> = app.pressed.iter().map(|k| k.to_string()).collect();
    assert!(pressed.ends_with(&["Hover:12,6".to_string(), "Click:12,6".to_string()]), "{pressed:?}");
    let fired = crate::front::aiming::tests::fired();
    assert_eq!(fired.len(), 1, "one shot");
    assert_eq!(fired[0].1, Point::new(12, 6), "at the newt under the mouse");
    assert_eq!(fired[0].0.last(), Some(&Point::new(12, 6)), "and it flew to that newt");
    eprintln!(
        "window test ran with the {} video driver",
        sdl.video().map(|v| v.current_video_driver().to_string()).unwrap_or_default()
    );
}

#[test]
fn sleeping_and_wandering_monsters_carry_a_mark_and_hunters_none() {
    use emberdeep_api::{EntityId, MonsterState, SceneCreature};
    let creature = |id: u32, x: i32, state: MonsterState| SceneCreature {
        id: EntityId(id),
        kind: "jackal".into(),
        pos: Point::new(x, 2),
        hp: 5,
        max_hp: 5,
        state,
        sight: 6,
        sees_player: false,
        statuses: RVec::new(),
        look: look('j', Rgba::rgb(200, 150, 90)),
    };
    let with = |states: &[(i32, MonsterState)]| {
        let mut m = model(30, Overlay::None);
        m.scene.creatures = states.iter().enumerate().map(|(i, &(x, s))| creature(i as u32 + 1, x, s)).collect();
        m
    };
    let map = |rgba: &[u8], color: Rgba| count(rgba, 0, 0, 1280, 720, color);
    for (name, view) in [("glyphs", glyph_view()), ("tiles", tinting_potions())] {
        let (marked, _) = shoot(
            &format!("state-marks-{name}"),
            &with(&[(5, MonsterState::Asleep), (7, MonsterState::Wandering)]),
            view,
        );
        assert!(map(&marked, super::frame::ASLEEP_MARK) > 4, "{name}: the sleeper's z");
        assert!(map(&marked, super::frame::WANDERING_MARK) > 4, "{name}: the wanderer's ?");
    }
    let (hunting, _) = shoot("state-marks-none", &with(&[(5, MonsterState::Hunting)]), glyph_view());
    assert_eq!(map(&hunting, super::frame::ASLEEP_MARK) + map(&hunting, super::frame::WANDERING_MARK), 0);
}

#[test]
fn allies_carry_a_green_bar_and_heart_in_both_views_and_no_state_mark() {
    use emberdeep_api::{EntityId, MonsterState, SceneCreature};
    let jackal = |id: u32, x: i32| SceneCreature {
        id: EntityId(id),
        kind: "jackal".into(),
        pos: Point::new(x, 2),
        hp: 5,
        max_hp: 5,
        state: MonsterState::Asleep,
        sight: 6,
        sees_player: false,
        statuses: RVec::new(),
        look: look('j', Rgba::rgb(200, 150, 90)),
    };
    let mut m = model(30, Overlay::None);
    m.scene.creatures = vec![jackal(1, 5), jackal(2, 7)].into();
    let map = |rgba: &[u8], color: Rgba| count(rgba, 0, 0, 1280, 720, color);
    let (no_allies, _) = shoot("ally-marks-none", &m, glyph_view());
    assert_eq!(map(&no_allies, super::frame::ALLY_MARK), 0, "no ally, no mark");
    m.allies = vec![EntityId(2)];
    for (name, view) in [("glyphs", glyph_view()), ("tiles", tinting_potions())] {
        let (marked, _) = shoot(&format!("ally-marks-{name}"), &m, view);
        let cell: u32 = match name {
            "glyphs" => 16,
            _ => 32,
        };
        let in_cell = |x: u32| count(&marked, x * cell, 2 * cell, cell, cell, super::frame::ALLY_MARK);
        assert!(in_cell(7) > 8, "{name}: the ally's mark");
        assert_eq!(in_cell(5), 0, "{name}: the enemy has none");
        // The bar runs under the whole cell: its first, middle and last columns.
        let bottom = 3 * cell - 1;
        for col in [7 * cell, 7 * cell + cell / 2, 8 * cell - 1] {
            assert_eq!(pixel(&marked, col, bottom), super::frame::ALLY_MARK, "{name}: the bar at column {col}");
        }
        // The heart sits in the top-left quarter, where an enemy's z would be.
        let heart = count(&marked, 7 * cell, 2 * cell, cell / 2, cell / 2, super::frame::ALLY_MARK);
        assert!(heart >= 11, "{name}: the heart ({heart} pixels)");
        let asleep = |x: u32| count(&marked, x * cell, 2 * cell, cell, cell, super::frame::ASLEEP_MARK);
        assert!(asleep(5) > 0 && asleep(7) == 0, "{name}: the sleeping enemy's z, none on the ally");
    }
}

/// The colour of the look's key hints in [`long_look`], found nowhere else.
const HINT: Rgba = Rgba::rgb(120, 220, 70);

/// Looking at something with a very long description, a dozen monsters in
/// sight, a plugin's long line, and the look's key hints.
fn long_look() -> ScreenModel {
    let mut m = model(30, Overlay::None);
    m.panel.push(Line::new("Wielding a short sword", palette::TEXT));
    m.panel.push(Line::new("Level 6, 756/1050 xp", palette::TEXT));
    m.panel.push(Line::new("In sight:", palette::DIM));
    for i in 0..12 {
        m.panel.push(Line::new(format!("o orc number {i} 12/12 (asleep)"), palette::DANGER));
    }
    m.look = vec![Line::new("Looking", palette::TEXT), Line::new("o an orc (asleep)", palette::DANGER)];
    let words = "A broad-shouldered orc in scraps of mail, who fights with whatever it has stolen last. ";
    m.look.push(Line::new(words.repeat(8), palette::TEXT));
    m.hints = vec![
        Line::new("", palette::TEXT),
        Line::new("moving keys: move, Tab: next monster", HINT),
        Line::new("Esc or x: done", HINT),
    ];
    m
}

#[test]
fn a_long_look_text_keeps_the_key_hints_inside_the_window() {
    let m = long_look();
    let laid = super::panel::layout(&m);
    let bottom = super::layout::panel_area().h as i32;
    for row in &laid.rows {
        assert!(row.y + super::panel::PANEL_PX as i32 <= bottom, "row {:?} is below the window", row);
    }
    let hints: Vec<&str> = laid.rows.iter().filter(|r| r.color == HINT).map(|r| r.text.trim()).collect();
    assert_eq!(hints.join(" "), "moving keys: move, Tab: next monster Esc or x: done", "every hint, whole");
    let more: Vec<&str> = laid.rows.iter().filter(|r| r.text.starts_with("...")).map(|r| r.text.as_str()).collect();
    assert!(!more.is_empty(), "what is cut is marked: {:?}", laid.rows);
    assert!(laid.rows.windows(2).all(|w| w[1].y >= w[0].y + super::panel::PANEL_STEP), "no rows overlap");
    // What the player sees, in both views: the hints are drawn in the panel.
    for (name, view) in [("glyphs", glyph_view()), ("tiles", tile_view(&Default::default()))] {
        let (rgba, _) = shoot(&format!("long-look-{name}"), &m, view);
        assert!(count(&rgba, 1280, 0, 320, screen_h(), HINT) > 100, "the {name} frame shows the key hints");
    }
}

#[test]
fn no_panel_row_is_wider_than_the_panel_and_a_level_line_keeps_to_one_row() {
    use super::panel::{layout, PANEL_PAD, PANEL_PX};
    let laid = layout(&long_look());
    for row in &laid.rows {
        let right = PANEL_PAD + row.text.chars().count() as i32 * PANEL_PX as i32;
        assert!(right <= super::layout::panel_area().w as i32, "{:?} ends at {right}, past the panel", row.text);
    }
    // With a short look text everything fits.
    let mut short = long_look();
    short.look.truncate(2);
    let laid = layout(&short);
    let texts: Vec<&str> = laid.rows.iter().map(|r| r.text.as_str()).collect();
    assert!(!texts.iter().any(|t| t.starts_with("...")), "nothing is cut: {texts:?}");
    assert!(texts.contains(&"Level 6, 756/1050 xp"), "the level line is one row: {texts:?}");
    assert!(texts.contains(&"Wielding a short sword"), "as is what is wielded: {texts:?}");
}

#[test]
fn a_look_text_too_long_for_the_panel_scrolls_to_its_last_row_and_back() {
    use super::panel::{layout, look_scroll_room};
    let mut m = long_look();
    let text = |m: &ScreenModel| -> Vec<String> {
        layout(m).rows.into_iter().filter(|r| r.look).map(|r| r.text.trim().to_string()).collect()
    };
    let top = text(&m);
    assert!(top.last().unwrap().ends_with("more, PgDn"), "{top:?}");
    assert_eq!(top[0], "Looking");
    let most = look_scroll_room(&m);
    assert!(most > 0, "the text is longer than its room");
    m.look_scroll = most;
    let end = text(&m);
    assert!(end[0].ends_with("above, PgUp"), "{end:?}");
    assert!(end.last().unwrap().ends_with("stolen last."), "the text's last words are shown: {end:?}");
    assert_eq!(end.len(), top.len(), "scrolled, the look text keeps its room");
    // Past the end shows the same rows; the hints stay whole and on screen.
    m.look_scroll = most + 50;
    assert_eq!(text(&m), end);
    let hints = |m: &ScreenModel| -> Vec<String> {
        layout(m).rows.into_iter().filter(|r| r.color == HINT).map(|r| r.text).collect()
    };
    assert_eq!(hints(&m), hints(&long_look()), "the hints stay whole");
    // What the player sees: the end of the text, the mark above it, the hints.
    m.look_scroll = most;
    let (rgba, path) = shoot("long-look-scrolled", &m, glyph_view());
    assert!(count(&rgba, 1280, 0, 320, screen_h(), HINT) > 100, "the scrolled frame shows the key hints: {path:?}");
}

/// A view drawn as every view before api 1.5 is: the whole map every frame.
struct EveryFrame<V: View>(V);

impl<V: View> View for EveryFrame<V> {
    fn cell_size(&self) -> u32 {
        self.0.cell_size()
    }
    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        self.0.draw_map(scene, canvas)
    }
}

/// The scenes of a few turns in the room: a jackal steps, the cursor
/// moves and goes, a burst's shade lands, the door opens far from the
/// rest, and the camera moves.
fn turns_in_the_room() -> Vec<Scene> {
    let first = room();
    let mut stepped = first.clone();
    let jackal = stepped.cells[2 * 10 + 5].thing.take();
    stepped.cells[2 * 10 + 6].thing = jackal;
    let aimed = Scene { cursor: RSome(Point::new(3, 4)), ..stepped.clone() };
    let unaimed = Scene { cursor: RNone, ..aimed.clone() };
    let mut burst = unaimed.clone();
    burst.cells[10 + 1].shade = RSome(Rgba::rgb(250, 120, 40).with_alpha(120));
    let mut door = burst.clone();
    door.cells[5 * 10 + 9].terrain = Terrain::DoorOpen;
    let moved = Scene { origin: Point::new(1, 0), ..door.clone() };
    vec![first, stepped.clone(), stepped, aimed, unaimed, burst, door, moved]
}

#[test]
fn a_kept_map_layer_shows_frame_after_frame_what_drawing_the_whole_map_shows() {
    let tinted: std::collections::BTreeSet<String> = ["potion".to_string()].into();
    let views: [(&str, ViewBox, ViewBox); 2] = [
        (
            "glyphs",
            ViewAbi_TO::from_value(Adapter(glyph_view::GlyphView::new(16)), TD_Opaque),
            ViewAbi_TO::from_value(Adapter(EveryFrame(glyph_view::GlyphView::new(16))), TD_Opaque),
        ),
        (
            "tiles",
            ViewAbi_TO::from_value(Adapter(tile_view::TileView::new(tinted.clone(), 32)), TD_Opaque),
            ViewAbi_TO::from_value(Adapter(EveryFrame(tile_view::TileView::new(tinted, 32))), TD_Opaque),
        ),
    ];
    let _sdl = SDL.lock().unwrap_or_else(|e| e.into_inner());
    for (name, kept, whole) in views {
        let (kept, whole) = (Entry::new("host", kept), Entry::new("test", whole));
        let fallback = Entry::new("host", glyph_view());
        let kept_views = Views { current: &kept, fallback: &fallback, host_tiles: false };
        let whole_views = Views { current: &whole, fallback: &fallback, host_tiles: false };
        let mut drawn = Vec::new();
        with_offscreen(repo_atlas(), |kept_frame| {
            with_offscreen(repo_atlas(), |whole_frame| {
                for (turn, scene) in turns_in_the_room().into_iter().enumerate() {
                    let m = ScreenModel { scene, ..model(30, Overlay::None) };
                    assert_eq!(kept_frame.draw(&m, kept_views).expect("drawing"), None);
                    assert_eq!(whole_frame.draw(&m, whole_views).expect("drawing"), None);
                    drawn.push(kept_frame.cells_drawn());
                    assert_eq!(whole_frame.cells_drawn(), 0, "a view that keeps no layer draws none into it");
                    let (a, b) = (kept_frame.pixels().expect("pixels"), whole_frame.pixels().expect("pixels"));
                    let differ = a.chunks(4).zip(b.chunks(4)).filter(|(x, y)| x != y).count();
                    assert_eq!(differ, 0, "{name}, turn {turn}: pixels that differ from drawing the whole map");
                }
            })
            .expect("an offscreen renderer");
        })
        .expect("an offscreen renderer");
        // All 100 cells first; the jackal's step redraws its two cells and a
        // cell around (4x3); the same scene again nothing; the cursor from
        // (5,2) to (3,4): 5x5; gone from (3,4): 3x3; one shade at (1,1):
        // 3x3; the door on the east wall: 2x3 (the edge stops the margin);
        // the camera moved: all.
        assert_eq!(drawn, vec![100, 12, 0, 25, 9, 9, 6, 100], "{name}: cells drawn each frame");
    }
}
