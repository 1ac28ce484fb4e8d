//! Clicking a cell walks there, every time, in a real window (under Xvfb,
//! or SDL's offscreen driver where there is no Xvfb): the window loop of
//! the game, its session and the time-savers' steps one a frame, the
//! mouse moved and clicked through SDL's own event queue.
//!
//! A player clicks as a player does: looks at the map on screen, moves
//! the mouse onto a cell it shows (which takes a moment), and clicks; and
//! clicks again while still walking, having changed their mind. Twenty
//! cells are clicked so, each while the walk to another cell is under
//! way, and the player must stand on each in turn. Two things used to
//! lose such clicks: the camera centred on the player every step, so the
//! map slid under the mouse while the player aimed and the click landed on
//! another cell (a wall, a cell never seen: "You know of no way there."),
//! and a click during a walk only stopped it.
#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use emberdeep::drivers::play::session::Session;
use emberdeep::engine::core::map::{Map, Tile};
use emberdeep::engine::data::records::Records;
use emberdeep::engine::data::trace::Trace;
use emberdeep::engine::plugins::registry::Plugins;
use emberdeep::engine::rules::travel::Travel;
use emberdeep::engine::world::animation::Animation;
use emberdeep::engine::Game;
use emberdeep::front::atlas::Atlas;
use emberdeep::front::autopilot::Begin;
use emberdeep::front::keys::Key;
use emberdeep::front::screen::ScreenModel;
use emberdeep::front::ui::{cell_size_of, run_window, Frontend, Views};
use emberdeep_api::{Light, PluginError, Point, Terrain};
use sdl3::event::{Event, EventSender};
use sdl3::mouse::{MouseButton, MouseState};

/// The floor: 150x90, open, a pillar every ten cells, walls round it.
const WIDTH: i32 = 150;
const HEIGHT: i32 = 90;
/// Where the player starts.
const START: Point = Point { x: 75, y: 45 };
/// The cells clicked lie within this many cells of the start, across and down.
const BOX: (i32, i32) = (12, 8);

/// What the last frame drawn showed: where its corner was, where the
/// player stood, the cell size, and which cells were known floor.
#[derive(Debug, Clone, Default)]
struct Shown {
    origin: Point,
    width: i32,
    player: Point,
    cell: u32,
    floor: Vec<bool>,
    frames: u64,
}

impl Shown {
    /// Whether the frame showed `p` as floor the player has seen.
    fn known_floor(&self, p: Point) -> bool {
        let (col, row) = (p.x - self.origin.x, p.y - self.origin.y);
        col >= 0 && row >= 0 && col < self.width && self.floor.get((row * self.width + col) as usize) == Some(&true)
    }

    /// Where the centre of map cell `p` was on screen, in the window's
    /// pixels (the map area is the window's top-left corner).
    fn pixel(&self, p: Point) -> (f32, f32) {
        let c = self.cell as f32;
        ((p.x - self.origin.x) as f32 * c + c / 2.0, (p.y - self.origin.y) as f32 * c + c / 2.0)
    }
}

/// The game's own session, seen by the test as each frame is drawn.
struct Watched {
    session: Session,
    shown: Arc<Mutex<Shown>>,
}

impl Frontend for Watched {
    fn model(&mut self) -> ScreenModel {
        let model = self.session.model();
        let scene = &model.scene;
        let floor = scene.cells.iter().map(|c| c.light != Light::Unseen && c.terrain == Terrain::Floor).collect();
        let mut shown = self.shown.lock().unwrap();
        let frames = shown.frames + 1;
        *shown = Shown {
            origin: scene.origin,
            width: scene.width,
            player: scene.player,
            cell: cell_size_of(self.session.views().current),
            floor,
            frames,
        };
        model
    }
    fn views(&self) -> Views<'_> {
        self.session.views()
    }
    fn view_failed(&mut self, error: &PluginError) {
        self.session.view_failed(error)
    }
    fn press(&mut self, key: Key) -> bool {
        Frontend::press(&mut self.session, key)
    }
    fn hover(&mut self, cell: Point) {
        self.session.hover(cell)
    }
    fn close(&mut self) {
        self.session.close()
    }
    fn take_animations(&mut self) -> Vec<Animation> {
        self.session.take_animations()
    }
    fn begin_auto(&mut self, key: Key) -> Begin {
        self.session.begin_auto(key)
    }
    fn next_auto_key(&mut self, travel: &mut Travel) -> Option<Key> {
        self.session.next_auto_key(travel)
    }
    fn interrupt_auto(&mut self, travel: Travel) {
        self.session.interrupt_auto(travel)
    }
    fn take_alarm(&mut self) -> Option<String> {
        self.session.take_alarm()
    }
    fn keys_dropped(&mut self, why: &str) {
        self.session.keys_dropped(why)
    }
}

fn game() -> Game {
    let mut map = Map::new_filled(WIDTH, HEIGHT, Tile::Wall);
    for y in 1..HEIGHT - 1 {
        for x in 1..WIDTH - 1 {
            let pillar = x % 10 == 5 && y % 10 == 5;
            map.set_tile(Point::new(x, y), if pillar { Tile::Wall } else { Tile::Floor });
        }
    }
    let plugins = Rc::new(Plugins::default());
    let mut game = Game::blank(7, map, START, plugins, Rc::new(Records::default()), Trace::in_memory());
    game.update_sight();
    game
}

/// A virtual display, stopped when dropped; `None` where Xvfb cannot run.
struct Xvfb(Child);

impl Xvfb {
    fn start() -> Option<(Xvfb, String)> {
        for n in 0..50 {
            let number = 600 + (std::process::id() % 300) + n;
            if Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
                continue;
            }
            let child = Command::new("Xvfb")
                .arg(format!(":{number}"))
                .args(["-screen", "0", "1600x900x24", "-nolisten", "tcp"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .ok()?;
            let until = Instant::now() + Duration::from_secs(10);
            while Instant::now() < until && !Path::new(&format!("/tmp/.X11-unix/X{number}")).exists() {
                std::thread::sleep(Duration::from_millis(50));
            }
            return Some((Xvfb(child), format!(":{number}")));
        }
        None
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The mouse: moves onto the pixel, and clicks there.
fn click(sender: &EventSender, (x, y): (f32, f32)) {
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
    let down =
        Event::MouseButtonDown { timestamp: 0, window_id: 0, which: 0, mouse_btn: MouseButton::Left, clicks: 1, x, y };
    sender.push_event(moved).expect("the mouse moved");
    sender.push_event(down).expect("the mouse clicked");
}

/// Waits until the player has stood still for a while (a walk's steps
/// come one every 40 ms), and gives what the screen shows then.
fn settled(shown: &Arc<Mutex<Shown>>) -> Shown {
    let mut last = (shown.lock().unwrap().player, Instant::now());
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        std::thread::sleep(Duration::from_millis(20));
        let now = shown.lock().unwrap().clone();
        if now.player != last.0 {
            last = (now.player, Instant::now());
        } else if last.1.elapsed() > Duration::from_millis(400) && now.frames > 0 {
            return now;
        }
        assert!(Instant::now() < until, "the player never stood still");
    }
}

/// A cell the screen shows as known floor, within the box around the
/// start, `near` to `far` steps from `from`: the `pick`th of them.
fn a_cell(shown: &Shown, from: Point, near: i32, far: i32, pick: usize) -> Point {
    let mut cells = Vec::new();
    for y in START.y - BOX.1..=START.y + BOX.1 {
        for x in START.x - BOX.0..=START.x + BOX.0 {
            let p = Point::new(x, y);
            let steps = (p.x - from.x).abs().max((p.y - from.y).abs());
            if (near..=far).contains(&steps) && shown.known_floor(p) {
                cells.push(p);
            }
        }
    }
    assert!(!cells.is_empty(), "no known floor {near} to {far} steps from {from:?}");
    cells[pick % cells.len()]
}

#[test]
fn twenty_cells_clicked_while_walking_are_each_walked_to() {
    let display = Xvfb::start();
    match &display {
        // Set before SDL starts, in this test's own process (one test: no other thread).
        Some((_, name)) => std::env::set_var("DISPLAY", name),
        None => {
            sdl3::hint::set("SDL_VIDEO_DRIVER", "offscreen");
        }
    }
    let sdl = sdl3::init().expect("SDL starts");
    let sender = sdl.event().expect("SDL events").event_sender();
    let shown = Arc::new(Mutex::new(Shown::default()));
    let mut front = Watched { session: Session::unsaved(game()), shown: shown.clone() };
    let mouse = std::thread::spawn(move || {
        let mut missed = Vec::new();
        let mut seed = 12345usize;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed >> 33
        };
        for _ in 0..20 {
            let now = settled(&shown);
            // Off somewhere first...
            let decoy = a_cell(&now, now.player, 6, 24, next());
            click(&sender, now.pixel(decoy));
            std::thread::sleep(Duration::from_millis(80));
            // ...then, still walking, the player looks at the map, picks a
            // cell near where they are, and moves the mouse there.
            let seen = shown.lock().unwrap().clone();
            let target = a_cell(&seen, seen.player, 2, 8, next());
            std::thread::sleep(Duration::from_millis(100));
            click(&sender, seen.pixel(target));
            let stood = settled(&shown).player;
            if stood != target {
                missed.push((target, stood));
            }
        }
        sender.push_event(Event::Quit { timestamp: 0 }).expect("the window closed");
        missed
    });
    run_window(&mut front, &Atlas::default()).expect("the window runs");
    let missed = mouse.join().expect("the mouse's thread");
    assert!(missed.is_empty(), "clicked cells not walked to (clicked, stood): {missed:?}");
    drop(display);
}
