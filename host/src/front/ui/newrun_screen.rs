//! The New Run screen in the window: [`draw_new_run`] draws the plain
//! model ([`NewRun`]) in a box like the help and the menus, in the glyph
//! view's style (text marks) or the tile view's (atlas tiles for the marks);
//! [`run_new_run`] opens the window and feeds it keys, clicks and the wheel
//! until the player chooses. The list scrolls to keep the cursor in sight.

use std::time::Duration;

use sdl3::event::Event;
use sdl3::keyboard::Keycode;
use sdl3::mouse::MouseButton;
use sdl3::render::{Canvas, RenderTarget};

use emberdeep_api::Rgba;

use super::error::{Doing, Result, Within};
use super::font::Font;
use super::input::KeyState;
use super::layout::{screen_h, screen_w, Area, LINE_STEP, TEXT_PX, TITLE_PX};
use super::painter::Painter;
use super::tiles::TileSheet;
use crate::front::atlas::Atlas;
use crate::front::newrun::{Chosen, Entry, NewRun};
use crate::front::screen::{palette, Line};

/// The screen's box.
fn box_area() -> Area {
    Area::new(40, 20, screen_w() - 80, screen_h() - 40)
}
/// Where the list starts in the box.
const LIST_TOP: i32 = 120;
/// The lines kept for what the last change did.
const NOTE_LINES: i32 = 6;
/// Where the list's text starts, right of the marks.
const TEXT_X: i32 = 56;
const BOX_BORDER: Rgba = Rgba::rgb(150, 110, 70);
const EMBER: Rgba = Rgba::rgb(235, 140, 60);
const CURSOR_BACK: Rgba = Rgba::rgb(60, 50, 40);

/// How the screen is drawn: as the glyph view or as the tile view draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Text marks: `[x]`, `[ ]`, `[-]`.
    Glyphs,
    /// Atlas tiles for the marks.
    Tiles,
}

/// The list's lines, each with the index of its entry.
fn flat(screen: &NewRun) -> Vec<(usize, Line)> {
    screen
        .entry_lines()
        .into_iter()
        .enumerate()
        .flat_map(|(i, (_, lines))| lines.into_iter().map(move |l| (i, l)))
        .collect()
}

/// Lines of the list that fit.
fn room() -> usize {
    let bottom = box_area().h as i32 - 24 - (NOTE_LINES + 2) * LINE_STEP;
    ((bottom - LIST_TOP) / LINE_STEP).max(1) as usize
}

/// The first line shown, moved from `first` only as far as keeps the cursor's entry in sight.
pub fn scrolled(screen: &NewRun, first: usize) -> usize {
    let lines = flat(screen);
    let room = room();
    let mine: Vec<usize> = lines.iter().enumerate().filter(|(_, (e, _))| *e == screen.cursor).map(|(i, _)| i).collect();
    let (top, bottom) = (mine.first().copied().unwrap_or(0), mine.last().copied().unwrap_or(0));
    let mut first = first.min(lines.len().saturating_sub(room));
    if top < first {
        first = top;
    }
    if bottom >= first + room {
        first = bottom + 1 - room;
    }
    first
}

/// The entry at logical point (x, y), with the list starting at line `first`.
pub fn entry_at(screen: &NewRun, first: usize, x: f32, y: f32) -> Option<usize> {
    if !box_area().contains(x, y) {
        return None;
    }
    let y = y as i32 - box_area().y - LIST_TOP;
    if y < 0 {
        return None;
    }
    let line = (y / LINE_STEP) as usize;
    if line >= room() {
        return None;
    }
    flat(screen).get(first + line).map(|(e, _)| *e)
}

/// Draws the screen, its list from line `first`.
pub fn draw_new_run<T: RenderTarget>(
    p: &mut Painter<'_, '_, T>,
    screen: &NewRun,
    first: usize,
    style: Style,
) -> Result<()> {
    p.set_area(box_area(), true);
    p.fill(0, 0, box_area().w, box_area().h, palette::PANEL_BG)?;
    p.outline(0, 0, box_area().w, box_area().h, 2, BOX_BORDER)?;
    p.text_centred(16, TITLE_PX, "New Run", EMBER)?;
    let title_w = 7 * TITLE_PX as i32;
    let left = (box_area().w as i32 - title_w) / 2 - 48;
    let right = (box_area().w as i32 + title_w) / 2 + 16;
    match style {
        Style::Glyphs => {
            p.glyph(left, 16, TITLE_PX, '@', palette::TEXT)?;
            p.glyph(right, 16, TITLE_PX, '>', palette::TEXT)?;
        }
        Style::Tiles => {
            p.tile(left, 16, TITLE_PX, "player", Rgba::rgb(255, 255, 255))?;
            p.tile(right, 16, TITLE_PX, "stairs_down", Rgba::rgb(255, 255, 255))?;
        }
    }
    let keys = "Up/Down: move   Space/click: on or off, or a preset   digits: seed   a: every plugin";
    p.text_centred(16 + TITLE_PX as i32 + 12, TEXT_PX, keys, palette::DIM)?;
    let keys = if screen.saved.is_some() {
        "s: keep the set as a preset   Enter: start   c: the saved run   Esc: quit"
    } else {
        "s: keep the set as a preset   Enter: start   Esc: quit"
    };
    p.text_centred(16 + TITLE_PX as i32 + 12 + LINE_STEP, TEXT_PX, keys, palette::DIM)?;
    let lines = flat(screen);
    let room = room();
    let entries = screen.entries();
    if first > 0 {
        p.text(
            box_area().w as i32 - 360,
            LIST_TOP - LINE_STEP,
            TEXT_PX,
            &format!("... {first} lines above"),
            palette::DIM,
        )?;
    }
    let mut seen = None;
    let most = ((box_area().w as i32 - TEXT_X - 16) / TEXT_PX as i32) as usize;
    for (row, (e, line)) in lines.iter().enumerate().skip(first).take(room) {
        let y = LIST_TOP + (row - first) as i32 * LINE_STEP;
        let at_cursor = *e == screen.cursor;
        if at_cursor {
            p.fill(8, y - 1, box_area().w - 16, LINE_STEP as u32, CURSOR_BACK)?;
        }
        let first_line = seen != Some(*e);
        seen = Some(*e);
        if first_line && at_cursor {
            p.text(12, y, TEXT_PX, ">", EMBER)?;
        }
        let mut text = line.text.as_str();
        if let (true, Entry::Plugin(i)) = (first_line, entries[*e]) {
            if style == Style::Tiles {
                // The tile view's marks: an open door on, a closed one off, a wall refused.
                let tile = match (&screen.rows[i].refused, screen.on[i]) {
                    (Some(_), _) => "wall",
                    (None, true) => "door_open",
                    (None, false) => "door_closed",
                };
                p.tile(TEXT_X - 24, y, TEXT_PX, tile, Rgba::rgb(255, 255, 255))?;
                text = text.get(4..).unwrap_or(text);
            }
        }
        p.text(TEXT_X, y, TEXT_PX, &fitted(text, most), line.color)?;
    }
    let below = lines.len().saturating_sub(first + room);
    let notes_top = LIST_TOP + room as i32 * LINE_STEP + 4;
    if below > 0 {
        p.text(box_area().w as i32 - 360, notes_top, TEXT_PX, &format!("... {below} lines below"), palette::DIM)?;
    }
    let rule_y = notes_top + LINE_STEP + 4;
    p.fill(16, rule_y, box_area().w - 32, 2, BOX_BORDER)?;
    let (confinement, whole) = &screen.confinement;
    if !confinement.is_empty() {
        let color = if *whole { palette::DIM } else { palette::DANGER };
        let most = (box_area().w as usize).saturating_sub(48) / (TEXT_PX as usize).max(1);
        p.text(24, box_area().h as i32 - LINE_STEP - 6, TEXT_PX, &fitted(confinement, most), color)?;
    }
    for (i, note) in screen.notes.iter().rev().take(NOTE_LINES as usize).rev().enumerate() {
        p.text(24, rule_y + 10 + i as i32 * LINE_STEP, TEXT_PX, note, palette::GOOD)?;
    }
    Ok(())
}

/// `text` cut to `most` characters, marked when cut.
fn fitted(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_string();
    }
    text.chars().take(most.saturating_sub(3)).collect::<String>() + "..."
}

/// Opens the window and runs the screen until the player chooses (closing
/// the window is leaving).
pub fn run_new_run(screen: &mut NewRun, atlas: &Atlas, style: Style) -> Result<Chosen> {
    let sdl = sdl3::init().doing("starting SDL")?;
    let video = sdl.video().doing("starting SDL video")?;
    let mut canvas = super::window::open_window(&video, None)?;
    video.text_input().start(canvas.window());
    let creator = canvas.texture_creator();
    let software = canvas.renderer_name == "software";
    let mut font = Font::new(&creator, software)?;
    let mut tiles = TileSheet::new(&creator, atlas, software)?;
    let mut pump = sdl.event_pump().doing("opening the SDL event queue")?;
    let mut keys = KeyState::default();
    let mut first = 0;
    let mut dumped = 0;
    let mut changed = true;
    loop {
        first = scrolled(screen, first);
        super::window::fit_to_window(&mut canvas);
        draw_into(&mut canvas, &mut font, &mut tiles, screen, first, style)?;
        if changed {
            super::window::dump_frame(&mut canvas, &mut dumped);
            changed = false;
        }
        if !canvas.present() {
            tracing::warn!(error = %sdl3::get_error(), "presenting a frame failed");
        }
        let Some(event) = pump.wait_event_timeout(Duration::from_millis(500)) else { continue };
        changed = true;
        for mut event in std::iter::once(event).chain(pump.poll_iter()) {
            if event.is_mouse() {
                event.convert_coords(&canvas);
            }
            let chosen = match event {
                Event::Quit { .. } => Some(Chosen::Quit),
                Event::KeyDown { keycode: Some(Keycode::Backspace), .. } => {
                    screen.backspace();
                    None
                }
                Event::KeyDown { keycode, scancode, .. } => {
                    keys.key_down(keycode, scancode).and_then(|key| screen.press(key))
                }
                Event::TextInput { text, .. } => keys.text(&text).into_iter().find_map(|key| screen.press(key)),
                Event::MouseButtonDown { mouse_btn: MouseButton::Left, x, y, .. } => {
                    entry_at(screen, first, x, y).and_then(|e| screen.click(e))
                }
                Event::MouseWheel { y, .. } => {
                    let by = if y < 0.0 { 3 } else { -3 };
                    let last = screen.entries().len() as isize - 1;
                    screen.cursor = (screen.cursor as isize + by).clamp(0, last) as usize;
                    None
                }
                _ => None,
            };
            if let Some(chosen) = chosen {
                return Ok(chosen);
            }
        }
    }
}

/// One frame of the screen onto `canvas`.
pub(crate) fn draw_into<'tc, T: RenderTarget>(
    canvas: &mut Canvas<T>,
    font: &mut Font<'tc>,
    tiles: &mut TileSheet<'tc>,
    screen: &NewRun,
    first: usize,
    style: Style,
) -> Result<()> {
    canvas.set_clip_rect(None);
    canvas.set_draw_color(sdl3::pixels::Color::RGB(0, 0, 0));
    canvas.clear();
    let mut p = Painter::new(canvas, font, tiles, Area::new(0, 0, screen_w(), screen_h()));
    draw_new_run(&mut p, screen, first, style).within("drawing the New Run screen")
}
