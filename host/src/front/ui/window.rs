//! The window loop: opens the window, feeds keys, clicks and hovers to the
//! [`Frontend`] and redraws after anything happens, until the game or the
//! player closes it. Effects a key caused (a shot's flight, a burst) play
//! frame by frame before the game goes on; a key skips them. A time-saver
//! (rest, explore, travel) plays one step every [`STEP`], each pressed as
//! its play key (so recorded); any key stops it, and a click stops it and
//! walks to the cell clicked instead. A key whose turn
//! sounds the alarm (a monster comes into view, health falls below a third)
//! drops the keys typed ahead of it: those already queued behind it, and a
//! held key's repeats until a key is pressed afresh; dropped keys never
//! reach the game, so a recording holds none of them.

use std::time::{Duration, Instant};

use sdl3::event::{Event, WindowEvent};
use sdl3::image::SaveSurface;
use sdl3::keyboard::Keycode;
use sdl3::mouse::MouseButton;
use sdl3::render::{create_renderer, WindowCanvas};
use sdl3::sys::render::SDL_LOGICAL_PRESENTATION_LETTERBOX;
use sdl3::VideoSubsystem;

use emberdeep_engine::rules::travel::Travel;

use super::error::{Doing, Result};
use super::font::Font;
use super::frame::draw_frame;
use super::frontend::Frontend;
use super::input::{KeyState, MapGeometry};
use super::layout::{screen_h, screen_w};
use super::map_layer::MapLayer;
use super::tiles::TileSheet;
use crate::front::atlas::Atlas;
use crate::front::autopilot::Begin;
use crate::front::keys::Key;
use crate::front::playback::{self, Playback};

/// Longest wait for an event before the loop looks again (about 60 fps).
const FRAME: Duration = Duration::from_millis(16);
/// Redraw at least this often even when nothing happens.
const IDLE_REDRAW: Duration = Duration::from_millis(500);
/// The event wait while an effect plays, so its frames keep time.
const EFFECT_POLL: Duration = Duration::from_millis(5);
/// How long each step of a time-saver shows before the next.
pub const STEP: Duration = Duration::from_millis(40);

/// What one event asks of the loop.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    /// Nothing visible changed.
    Idle,
    /// Redraw.
    Changed,
    /// Leave the loop (the game has already been told).
    Quit,
}

/// Opens the window and runs until the game quits or the window is closed;
/// tile views draw from `atlas`.
pub fn run_window(front: &mut dyn Frontend, atlas: &Atlas) -> Result<()> {
    let sdl = sdl3::init().doing("starting SDL")?;
    let video = sdl.video().doing("starting SDL video")?;
    let mut canvas = open_window(&video, front.window_at())?;
    video.text_input().start(canvas.window());
    let creator = canvas.texture_creator();
    let software = canvas.renderer_name == "software";
    let mut font = Font::new(&creator, software)?;
    let mut tiles = TileSheet::new(&creator, atlas, software)?;
    let mut layer = MapLayer::new(&creator);
    let mut pump = sdl.event_pump().doing("opening the SDL event queue")?;
    let mut looper = Looper { pace: front.pace().clamp(0.1, 10.0), ..Looper::default() };
    let mut last_draw: Option<Instant> = None;
    loop {
        let mut changed = false;
        let busy = looper.playing.is_some() || looper.auto.is_some();
        let wait = if busy { EFFECT_POLL } else { FRAME };
        let first = pump.wait_event_timeout(wait);
        for event in first.into_iter().chain(pump.poll_iter()) {
            if let Event::KeyDown { keycode: Some(Keycode::F11), .. } = event {
                // Full screen on or off: the window's own, never the game's.
                let full = canvas.window().fullscreen_state() != sdl3::video::FullscreenType::Off;
                if let Err(e) = canvas.window_mut().set_fullscreen(!full) {
                    tracing::warn!(error = %e, "switching full screen failed");
                }
                changed = true;
                continue;
            }
            if matches!(event, Event::RenderTargetsReset { .. } | Event::RenderDeviceReset { .. }) {
                // The renderer lost what was drawn into textures: draw the map afresh.
                layer.forget();
                changed = true;
                continue;
            }
            match looper.handle(front, &canvas, event) {
                Flow::Quit => return Ok(()),
                Flow::Changed => changed = true,
                Flow::Idle => {}
            }
        }
        changed |= looper.end_of_queue(front);
        changed |= looper.tick();
        match looper.step(front) {
            Flow::Quit => return Ok(()),
            Flow::Changed => changed = true,
            Flow::Idle => {}
        }
        if looper.playing.is_none() && looper.auto.is_none() && front.watch(window_place(canvas.window())) {
            // Plugins may have been reloaded: a view at the same place may draw otherwise now.
            layer.forget();
            changed = true;
        }
        let due = last_draw.is_none_or(|t| t.elapsed() >= IDLE_REDRAW);
        if changed || due {
            fit_to_window(&mut canvas);
            looper.draw(front, &mut canvas, &mut font, &mut tiles, &mut layer)?;
            last_draw = Some(Instant::now());
        }
    }
}

/// The resizable window and its renderer, scaled from 1600x900 with
/// letterboxing; centered, or at `at` (x, y, width, height) if given.
pub(super) fn open_window(video: &VideoSubsystem, at: Option<[i32; 4]>) -> Result<WindowCanvas> {
    // Vsync if the driver has it; the event wait paces the loop otherwise.
    sdl3::hint::set("SDL_RENDER_VSYNC", "1");
    let (width, height) =
        at.map_or((screen_w(), screen_h()), |[_, _, w, h]| (w.clamp(1, 16384) as u32, h.clamp(1, 16384) as u32));
    let mut builder = video.window("Emberdeep", width, height);
    builder.resizable();
    match at {
        Some([x, y, _, _]) => builder.position(x, y),
        None => builder.position_centered(),
    };
    let window = builder.build().doing("creating the window")?;
    let mut canvas = create_renderer(window, None).doing("creating the renderer")?;
    canvas
        .set_logical_size(screen_w(), screen_h(), SDL_LOGICAL_PRESENTATION_LETTERBOX)
        .doing("setting the logical screen size")?;
    tracing::debug!(renderer = %canvas.renderer_name, "window open");
    Ok(canvas)
}

/// Lays the frame out for the window's size in pixels (at least 960x540;
/// a smaller window shows that scaled down): the map area grows or shrinks
/// with the window, the side panel and the log keep their size. Drawing
/// only: the run never reads it.
pub(super) fn fit_to_window(canvas: &mut WindowCanvas) {
    let (w, h) = canvas.window().size_in_pixels();
    let (lw, lh) = crate::front::screen_size::set_screen_size(w, h);
    let (cw, ch, _) = canvas.logical_size();
    if (cw, ch) != (lw, lh) {
        if let Err(error) = canvas.set_logical_size(lw, lh, SDL_LOGICAL_PRESENTATION_LETTERBOX) {
            tracing::warn!(%error, "laying the frame out for the window's size failed");
        }
    }
}

/// The loop's memory between events.
#[derive(Default)]
struct Looper {
    keys: KeyState,
    map: MapGeometry,
    hovered: Option<emberdeep_api::Point>,
    /// Effects being shown, and when their current frame reached the screen.
    playing: Option<(Playback, Option<Instant>)>,
    /// The time-saver under way, and when its last step was pressed.
    auto: Option<(Travel, Instant)>,
    /// Frames written by `EMBERDEEP_FRAME_DUMP`.
    dumped: u32,
    /// Keys are being dropped after an alarm.
    halt: Option<Halt>,
    /// How fast effects and steps play (the options' animation speed; 0: not set, the game's).
    pace: f64,
}

/// Dropping keys typed ahead of an alarm: every key still queued when it
/// sounded, then a held key's repeats, until a key is pressed afresh.
struct Halt {
    /// Why ("a goblin comes into view").
    why: String,
    /// Whether the keys queued when it sounded are still being read.
    queued: bool,
    /// Whether any key was dropped (the player is then told, once).
    dropped: bool,
    /// Whether the last key down was dropped, so its text goes too.
    text_too: bool,
}

impl Looper {
    /// Draws the game's current model and shows it.
    fn draw<'tc>(
        &mut self,
        front: &mut dyn Frontend,
        canvas: &mut WindowCanvas,
        font: &mut Font<'tc>,
        tiles: &mut TileSheet<'tc>,
        layer: &mut MapLayer<'tc>,
    ) -> Result<()> {
        let mut model = front.model();
        let views = front.views();
        let cell = super::frontend::cell_size_of(views.current);
        // The host's tile view cannot turn a tile: the window draws its missile.
        let turns_missile = views.host_tiles;
        let mut flying = None;
        if let Some((playback, shown)) = &mut self.playing {
            if turns_missile {
                flying = playback.apply_turned(&mut model.scene);
            } else {
                playback.apply(&mut model.scene);
            }
            shown.get_or_insert_with(Instant::now);
        }
        if let Some(e) = draw_frame(canvas, font, tiles, Some(layer), &model, front.views())? {
            // The glyph view drew this frame; the next one says why.
            front.view_failed(&e);
        } else if let Some(missile) = &flying {
            super::frame::draw_flying(canvas, tiles, &model.scene, cell, missile)?;
        }
        self.dump_frame(canvas);
        self.map = MapGeometry::of(&model.scene);
        // A failed present only loses this frame; the next one tries again.
        if !canvas.present() {
            tracing::warn!(error = %sdl3::get_error(), "presenting a frame failed");
        }
        Ok(())
    }

    /// With `EMBERDEEP_FRAME_DUMP=DIR`, writes every frame drawn to
    /// `DIR/frame-NNNNN.png`, in order (to look at animations frame by
    /// frame); a failed write is only logged. Never touches the game.
    fn dump_frame(&mut self, canvas: &mut WindowCanvas) {
        dump_frame(canvas, &mut self.dumped);
    }

    fn handle(&mut self, front: &mut dyn Frontend, canvas: &WindowCanvas, mut event: Event) -> Flow {
        if event.is_mouse() {
            // Mouse positions arrive in window pixels; the map is laid out in logical ones.
            event.convert_coords(canvas);
        }
        match event {
            Event::Quit { .. } => {
                front.close();
                Flow::Quit
            }
            Event::KeyDown { keycode, scancode, repeat, .. } => {
                let key = self.keys.key_down(keycode, scancode);
                if let Some(halt) = &mut self.halt {
                    if halt.queued || repeat {
                        (halt.dropped, halt.text_too) = (true, true);
                        return Flow::Idle;
                    }
                    self.halt = None;
                }
                self.press_all(front, key)
            }
            Event::TextInput { text, .. } => {
                let keys = self.keys.text(&text);
                if let Some(halt) = &mut self.halt {
                    if halt.queued || halt.text_too {
                        (halt.dropped, halt.text_too) = (true, false);
                        return Flow::Idle;
                    }
                }
                self.press_all(front, keys)
            }
            Event::MouseMotion { x, y, .. } => self.hover(front, x, y),
            Event::MouseButtonDown { mouse_btn: MouseButton::Left, x, y, .. } => self.click(front, x, y),
            Event::Window { win_event, .. } => window_flow(win_event),
            _ => Flow::Idle,
        }
    }

    /// Hands keys to the game in order; stops if it wants to quit. While an
    /// effect plays, a key only skips it, and a key stops a time-saver
    /// under way; a click does both and goes on: it walks to the cell
    /// clicked, whatever was under way when the player clicked.
    fn press_all(&mut self, front: &mut dyn Frontend, keys: impl IntoIterator<Item = Key>) -> Flow {
        let mut keys = keys.into_iter().peekable();
        let Some(&first) = keys.peek() else { return Flow::Idle };
        let click = matches!(first, Key::Click(..));
        if self.playing.take().is_some() && !click {
            return Flow::Changed;
        }
        if let Some((travel, _)) = self.auto.take() {
            front.interrupt_auto(travel);
            if !click {
                return Flow::Changed;
            }
        }
        let mut flow = Flow::Idle;
        while let Some(key) = keys.next() {
            match front.begin_auto(key) {
                Begin::NotMine => {}
                Begin::Refused => return Flow::Changed,
                Begin::Started(travel) => {
                    // Its first step goes at once; the keys after it are dropped.
                    self.auto = Some((*travel, Instant::now().checked_sub(STEP).unwrap_or_else(Instant::now)));
                    return Flow::Changed;
                }
            }
            if !front.press(key) {
                return Flow::Quit;
            }
            self.playing = Playback::new(front.take_animations()).map(|p| (p, None));
            flow = Flow::Changed;
            if self.alarmed(front) {
                // The keys that came with this one were typed ahead of the alarm.
                if let (Some(halt), Some(_)) = (&mut self.halt, keys.peek()) {
                    halt.dropped = true;
                }
                break;
            }
        }
        flow
    }

    /// After a key: whether its turn sounded the alarm; if so, keys are
    /// dropped from here on (see [`Halt`]).
    fn alarmed(&mut self, front: &mut dyn Frontend) -> bool {
        let Some(why) = front.take_alarm() else { return false };
        self.halt = Some(Halt { why, queued: true, dropped: false, text_too: false });
        true
    }

    /// Every queued event is read: keys typed later are not dropped for
    /// being queued, only a held key's repeats. Tells the player once that
    /// keys were dropped; true when that changed the screen.
    fn end_of_queue(&mut self, front: &mut dyn Frontend) -> bool {
        let Some(halt) = &mut self.halt else { return false };
        halt.queued = false;
        if !halt.dropped {
            return false;
        }
        halt.dropped = false;
        let why = std::mem::take(&mut halt.why);
        if why.is_empty() {
            return false;
        }
        front.keys_dropped(&why);
        true
    }

    /// Moves the playing effect on once its frame has shown long enough;
    /// true when the screen changes.
    fn tick(&mut self) -> bool {
        let Some((playback, Some(shown))) = &mut self.playing else { return false };
        if shown.elapsed() < playback::FRAME.div_f64(self.pace.max(0.1)) {
            return false;
        }
        if playback.advance() {
            self.playing = self.playing.take().map(|(p, _)| (p, None));
        } else {
            self.playing = None;
        }
        true
    }

    /// Presses the next step of the time-saver under way once the last has
    /// shown for [`STEP`] (and any effect it caused has played).
    fn step(&mut self, front: &mut dyn Frontend) -> Flow {
        let Some((travel, last)) = &mut self.auto else { return Flow::Idle };
        if self.playing.is_some() || last.elapsed() < STEP.div_f64(self.pace.max(0.1)) {
            return Flow::Idle;
        }
        let Some(key) = front.next_auto_key(travel) else {
            self.auto = None;
            return Flow::Changed;
        };
        *last = Instant::now();
        if !front.press(key) {
            return Flow::Quit;
        }
        self.playing = Playback::new(front.take_animations()).map(|p| (p, None));
        self.alarmed(front);
        Flow::Changed
    }

    /// Tells the game when the mouse moves onto another map cell.
    fn hover(&mut self, front: &mut dyn Frontend, x: f32, y: f32) -> Flow {
        let cell = self.map.cell_at(x, y, super::frontend::cell_size_of(front.views().current));
        if cell == self.hovered {
            return Flow::Idle;
        }
        self.hovered = cell;
        match cell {
            Some(cell) => {
                front.hover(cell);
                Flow::Changed
            }
            None => Flow::Idle,
        }
    }

    fn click(&mut self, front: &mut dyn Frontend, x: f32, y: f32) -> Flow {
        match self.map.cell_at(x, y, super::frontend::cell_size_of(front.views().current)) {
            Some(cell) => self.press_all(front, [Key::Click(cell.x, cell.y)]),
            None => Flow::Idle,
        }
    }
}

/// The window's place and size: x, y, width, height.
fn window_place(window: &sdl3::video::Window) -> [i32; 4] {
    let ((x, y), (w, h)) = (window.position(), window.size());
    [x, y, w as i32, h as i32]
}

/// With `EMBERDEEP_FRAME_DUMP=DIR`, writes the frame on `canvas` to
/// `DIR/frame-NNNNN.png`, numbered on from `dumped`; a failed write is only
/// logged. Never touches the game.
pub(super) fn dump_frame(canvas: &mut WindowCanvas, dumped: &mut u32) {
    let Some(dir) = std::env::var_os("EMBERDEEP_FRAME_DUMP") else { return };
    *dumped += 1;
    let path = std::path::Path::new(&dir).join(format!("frame-{:05}.png", dumped));
    let saved = canvas
        .read_pixels(None)
        .map_err(|e| e.to_string())
        .and_then(|s| s.save(path.to_string_lossy().as_ref()).map_err(|e| e.to_string()));
    if let Err(error) = saved {
        tracing::warn!(%error, path = %path.display(), "dumping a frame failed");
    }
}

/// Window changes that need the frame drawn again.
fn window_flow(event: WindowEvent) -> Flow {
    match event {
        WindowEvent::Exposed
        | WindowEvent::Resized(..)
        | WindowEvent::PixelSizeChanged(..)
        | WindowEvent::Shown
        | WindowEvent::Restored
        | WindowEvent::Maximized => Flow::Changed,
        _ => Flow::Idle,
    }
}
