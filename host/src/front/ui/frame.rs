//! One frame: the map through the view, the side panel, the log and the
//! overlay. The window and screenshots both draw with [`draw_frame`], so a
//! screenshot shows exactly what a player sees.

use abi_stable::sabi_trait::TD_Opaque;
use emberdeep_api::abi::{Canvas_TO, ViewBox};
use emberdeep_api::{MonsterState, PluginError, Rgba, Scene};
use emberdeep_engine::plugins::boundary::{call_drawing, Entry};
use sdl3::pixels::Color;
use sdl3::render::{Canvas, RenderTarget};

use super::error::{Doing, Result, Within};
use super::font::Font;
use super::frontend::{cell_size_of, keeps_map_layer, Views};
use super::layout::{log_area, map_area, panel_area, screen_h, screen_w, Area, LINE_STEP, TEXT_PX, TITLE_PX};
use super::map_layer::{part_of, Framing, MapLayer, Plan};
use super::painter::Painter;
use super::panel::{self, PANEL_PAD, ROWS_TOP};
use super::tiles::TileSheet;
pub(crate) use crate::front::screen::wrap;
use crate::front::screen::{palette, Health, Line, Overlay, ScreenModel, MENU_ROWS};

/// Characters of a log line before wrapping.
const LOG_CHARS: usize = 78;
/// Characters of a view's error message per line.
const ERROR_CHARS: usize = 78;
/// The health bar's size.
const BAR_W: u32 = 288;
const BAR_H: u32 = 12;
/// Behind the empty part of the health bar.
const BAR_BACK: Rgba = Rgba::rgb(60, 30, 34);
/// Rules between the areas, and box borders.
const RULE: Rgba = Rgba::rgb(48, 48, 62);
const BOX_BORDER: Rgba = Rgba::rgb(150, 110, 70);
/// The title's colour.
const EMBER: Rgba = Rgba::rgb(235, 140, 60);
/// Behind a status mark on a creature's cell.
const MARK_BACKING: Rgba = Rgba::rgb(0, 0, 0).with_alpha(200);
/// The mark of an ally (a creature on the player's side): its bar and heart.
pub(crate) const ALLY_MARK: Rgba = Rgba::rgb(90, 230, 120);
/// The mark of a sleeping monster.
pub(crate) const ASLEEP_MARK: Rgba = Rgba::rgb(140, 170, 255);
/// The mark of a wandering monster.
pub(crate) const WANDERING_MARK: Rgba = Rgba::rgb(240, 220, 90);
/// A menu box's width.
const MENU_W: u32 = 1120;
/// The death screen's fade over the map.
const FADE: Rgba = Rgba::rgb(0, 0, 0).with_alpha(170);

/// Draws the whole frame for `model` onto `canvas` (1600x900 logical
/// pixels). If the current view fails, the fallback draws the map instead
/// and the view's error comes back, for the front end to name and to switch.
///
/// With a `layer`, a view that keeps its map layer (api 1.5) draws only the
/// cells that changed into it, and the layer is copied to the map area.
pub(crate) fn draw_frame<'tc, T: RenderTarget>(
    canvas: &mut Canvas<T>,
    font: &mut Font<'tc>,
    tiles: &mut TileSheet<'tc>,
    layer: Option<&mut MapLayer<'tc>>,
    model: &ScreenModel,
    views: Views<'_>,
) -> Result<Option<PluginError>> {
    canvas.set_clip_rect(None);
    canvas.set_draw_color(to_color(palette::BACKGROUND));
    canvas.clear();
    let kept = match layer {
        Some(layer) if keeps_map_layer(views.current) => {
            Some(draw_kept(canvas, font, tiles, layer, model, views.current).within("drawing the map layer")?)
        }
        Some(layer) => {
            layer.unused();
            None
        }
        None => None,
    };
    let mut p = Painter::new(canvas, font, tiles, whole_screen());
    let failed = draw_map(&mut p, model, views, kept).within("drawing the map")?;
    draw_panel(&mut p, model).within("drawing the side panel")?;
    draw_log(&mut p, &model.log).within("drawing the log")?;
    draw_overlay(&mut p, &model.overlay, views.host_tiles).within("drawing the overlay")?;
    p.set_area(whole_screen(), false);
    Ok(failed)
}

/// Draws a missile in flight over the map, its tile turned along its path:
/// the window does this for the host's tile view, whose tiles cannot turn
/// through a view's canvas (every other view gets the missile in its scene,
/// with a slanted glyph). A tile the atlas lacks draws nothing.
pub(crate) fn draw_flying<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    tiles: &mut TileSheet<'_>,
    scene: &emberdeep_api::Scene,
    cell: u32,
    missile: &crate::front::playback::Flying,
) -> Result<()> {
    let Some((x, y)) = scene.origin_of(missile.at, cell) else { return Ok(()) };
    let Some((texture, src)) = tiles.prepare(&missile.look.tile, cell, Rgba::rgb(255, 255, 255))? else {
        return Ok(());
    };
    canvas.set_clip_rect(Some(sdl3::rect::Rect::new(map_area().x, map_area().y, map_area().w, map_area().h)));
    let dst = sdl3::render::FRect::new((map_area().x + x) as f32, (map_area().y + y) as f32, cell as f32, cell as f32);
    let drawn = canvas.copy_ex(texture, src, dst, missile.degrees, None, false, false);
    canvas.set_clip_rect(None);
    drawn.doing(format!("drawing the missile '{}'", missile.look.tile))
}

fn whole_screen() -> Area {
    Area::new(0, 0, screen_w(), screen_h())
}

fn to_color(c: Rgba) -> Color {
    Color::RGBA(c.r, c.g, c.b, c.a)
}

/// The view draws the map, clipped to the map area. If it fails, what it
/// drew is wiped (a half map misleads) and the fallback draws instead; the
/// view's error is returned. Should the fallback fail too, its error shows
/// in red where the map would be.
///
/// `kept` is the outcome of the current view's drawing into its kept map
/// layer, already copied to the map area, if it keeps one.
fn draw_map<T: RenderTarget>(
    p: &mut Painter<'_, '_, T>,
    model: &ScreenModel,
    views: Views<'_>,
    kept: Option<std::result::Result<(), PluginError>>,
) -> Result<Option<PluginError>> {
    p.set_area(map_area(), true);
    let outcome = match kept {
        Some(outcome) => outcome,
        None => draw_with(p, &model.scene, views.current)?,
    };
    let Err(failed) = outcome else {
        draw_status_marks(p, model, cell_size_of(views.current))?;
        return Ok(None);
    };
    p.fill(0, 0, map_area().w, map_area().h, palette::BACKGROUND)?;
    if let Err(e) = draw_with(p, &model.scene, views.fallback)? {
        p.fill(0, 0, map_area().w, map_area().h, palette::BACKGROUND)?;
        let lines = wrap(&format!("The map view failed: {e}"), ERROR_CHARS, 2);
        for (i, line) in lines.iter().enumerate() {
            p.text(8, 8 + i as i32 * LINE_STEP, TEXT_PX, line, palette::DANGER)?;
        }
    } else {
        draw_status_marks(p, model, cell_size_of(views.fallback))?;
    }
    Ok(Some(failed))
}

/// The host marks every status of a creature in sight over whatever the
/// view drew, the same in every view: each status's mark, small, along the
/// top of the creature's cell from the right, on a dark backing. A monster
/// asleep gets a small `z`, one wandering a small `?`, at the top left; one
/// that hunts has no mark. An ally (on the player's side) has a mark of its
/// own instead ([`draw_ally_mark`]), and never an asleep or wandering mark.
fn draw_status_marks<T: RenderTarget>(p: &mut Painter<'_, '_, T>, model: &ScreenModel, cell: u32) -> Result<()> {
    let scene = &model.scene;
    let size = (cell / 2).max(6);
    for c in scene.creatures.iter() {
        let Some((x, y)) = scene.origin_of(c.pos, cell) else { continue };
        let ally = model.allies.contains(&c.id);
        if ally {
            draw_ally_mark(p, x, y, cell)?;
        }
        let state = match c.state {
            _ if c.id.is_player() || ally => None,
            MonsterState::Asleep => Some(('z', ASLEEP_MARK)),
            MonsterState::Wandering => Some(('?', WANDERING_MARK)),
            MonsterState::Hunting => None,
        };
        if let Some((ch, color)) = state {
            p.fill(x, y, size, size, MARK_BACKING)?;
            p.glyph(x, y, size, ch, color)?;
        }
        for (i, status) in c.statuses.iter().take(2).enumerate() {
            let mx = x + cell as i32 - size as i32 * (i as i32 + 1);
            p.fill(mx, y, size, size, MARK_BACKING)?;
            let ch = char::from_u32(status.mark).unwrap_or('*');
            p.glyph(mx, y, size, ch, status.color)?;
        }
    }
    Ok(())
}

/// The ally's mark, its own and the same in every view: a green bar
/// under the whole cell (on a dark edge, so it shows on any tile) and a
/// small green heart at the top left, where an enemy's asleep or
/// wandering mark would be. Only allies carry green there, so an ally
/// reads as one at a glance, whatever it looks like (a spirit wolf beside
/// a shaman's spirit hound, a freed goblin beside a goblin).
fn draw_ally_mark<T: RenderTarget>(p: &mut Painter<'_, '_, T>, x: i32, y: i32, cell: u32) -> Result<()> {
    let thick = (cell / 10).max(2);
    let (c, t) = (cell as i32, thick as i32);
    p.fill(x, y + c - t - 1, cell, thick + 1, MARK_BACKING)?;
    p.fill(x, y + c - t, cell, thick, ALLY_MARK)?;
    // The heart, drawn in squares of `dot` pixels on its backing.
    const HEART: [&str; 4] = [".#.#.", "#####", ".###.", "..#.."];
    let dot = ((cell / 2).max(6) / 6).max(1) as i32;
    p.fill(x, y, (7 * dot) as u32, (6 * dot) as u32, MARK_BACKING)?;
    for (row, line) in HEART.iter().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch == '#' {
                let (hx, hy) = (x + dot * (col as i32 + 1), y + dot * (row as i32 + 1));
                p.fill(hx, hy, dot as u32, dot as u32, ALLY_MARK)?;
            }
        }
    }
    Ok(())
}

/// One view's drawing of the scene, through the boundary: the outer error
/// is SDL's, the inner the view's own.
fn draw_with<T: RenderTarget>(
    p: &mut Painter<'_, '_, T>,
    scene: &Scene,
    view: &Entry<ViewBox>,
) -> Result<Result<(), PluginError>> {
    let outcome = call_drawing(view, |v| v.draw_map(scene, Canvas_TO::from_ptr(&mut *p, TD_Opaque)));
    if let Some(e) = p.take_view_error() {
        return Err(e);
    }
    Ok(outcome)
}

/// Brings the view's kept map layer up to date with the scene (the cells
/// that changed, or all of it) and copies it to the map area. The view's
/// own failure comes back inside, and the layer is then forgotten; the
/// outer error is SDL's.
fn draw_kept<'tc, T: RenderTarget>(
    canvas: &mut Canvas<T>,
    font: &mut Font<'tc>,
    tiles: &mut TileSheet<'tc>,
    layer: &mut MapLayer<'tc>,
    model: &ScreenModel,
    view: &Entry<ViewBox>,
) -> Result<std::result::Result<(), PluginError>> {
    let scene = &model.scene;
    let area = map_area();
    let cell = cell_size_of(view);
    let framing = Framing {
        view: view as *const Entry<ViewBox> as usize,
        cell,
        area: (area.w, area.h),
        origin: scene.origin,
        width: scene.width,
        height: scene.height,
    };
    let plan = layer.plan(framing, scene)?;
    let Some(texture) = layer.texture_mut() else { return Ok(Ok(())) };
    let mut drawn: Result<std::result::Result<(), PluginError>> = Ok(Ok(()));
    if plan != Plan::Keep {
        canvas
            .with_texture_canvas(texture, |target| {
                let mut p = Painter::new(target, font, tiles, Area::new(0, 0, area.w, area.h));
                drawn = draw_layer_part(&mut p, scene, view, plan, cell);
            })
            .doing("drawing into the map layer")?;
    }
    let outcome = drawn?;
    let copied = canvas.copy(
        &*texture,
        None,
        sdl3::render::FRect::new(area.x as f32, area.y as f32, area.w as f32, area.h as f32),
    );
    match &outcome {
        Ok(()) => layer.drew(framing, scene, plan),
        Err(_) => layer.forget(),
    }
    copied.doing("copying the map layer")?;
    Ok(outcome)
}

/// Draws `plan`'s cells of `scene` into the layer the painter is over: the
/// whole layer, or the rectangle of the cells that changed, painted the
/// background colour first.
fn draw_layer_part<T: RenderTarget>(
    p: &mut Painter<'_, '_, T>,
    scene: &Scene,
    view: &Entry<ViewBox>,
    plan: Plan,
    cell: u32,
) -> Result<std::result::Result<(), PluginError>> {
    let (w, h) = p.area_size();
    match plan {
        Plan::Keep => Ok(Ok(())),
        Plan::Whole => {
            p.set_area(Area::new(0, 0, w, h), true);
            p.fill(0, 0, w, h, palette::BACKGROUND)?;
            draw_with(p, scene, view)
        }
        Plan::Part(cells) => {
            let size = cell as i32;
            let rect =
                Area::new(cells.col * size, cells.row * size, cells.cols as u32 * cell, cells.rows as u32 * cell);
            p.set_area(rect, true);
            p.fill(0, 0, rect.w, rect.h, palette::BACKGROUND)?;
            draw_with(p, &part_of(scene, cells), view)
        }
    }
}

/// Title, health and bar, then the rows [`panel::layout`] gives: the panel
/// lines, the look lines and the look's key hints.
fn draw_panel<T: RenderTarget>(p: &mut Painter<'_, '_, T>, model: &ScreenModel) -> Result<()> {
    p.set_area(panel_area(), true);
    p.fill(0, 0, panel_area().w, panel_area().h, palette::PANEL_BG)?;
    p.fill(0, 0, 1, panel_area().h, RULE)?;
    p.text_centred(14, TITLE_PX, "Emberdeep", EMBER)?;
    let y = draw_health(p, model.health, 64)?;
    debug_assert!(y + 14 <= ROWS_TOP, "the panel's rows start under the bar");
    panel::draw(p, model)
}

/// The "Health 28/30" line and the bar under it; returns the y below them.
fn draw_health<T: RenderTarget>(p: &mut Painter<'_, '_, T>, health: Health, y: i32) -> Result<i32> {
    let label = format!("Health {}/{}", health.hp, health.max);
    p.text(PANEL_PAD, y, TEXT_PX, &label, palette::TEXT)?;
    let bar_x = (panel_area().w - BAR_W) as i32 / 2;
    let bar_y = y + LINE_STEP + 2;
    p.fill(bar_x, bar_y, BAR_W, BAR_H, BAR_BACK)?;
    p.fill(bar_x, bar_y, bar_fill(health, BAR_W), BAR_H, health.color())?;
    Ok(bar_y + BAR_H as i32)
}

/// How many of `width` pixels the bar fills.
pub(crate) fn bar_fill(health: Health, width: u32) -> u32 {
    if health.max <= 0 {
        return 0;
    }
    let hp = health.hp.clamp(0, health.max) as u64;
    (hp * width as u64 / health.max as u64) as u32
}

/// The newest log lines at the bottom of the log area, as many as fit; a
/// line too long for the area goes on, indented, on the next.
fn draw_log<T: RenderTarget>(p: &mut Painter<'_, '_, T>, log: &[Line]) -> Result<()> {
    p.set_area(log_area(), true);
    p.fill(0, 0, log_area().w, log_area().h, palette::PANEL_BG)?;
    p.fill(0, 0, log_area().w, 1, RULE)?;
    let pad = 9;
    let fits = ((log_area().h as i32 - 2 * pad + 2) / LINE_STEP) as usize;
    let wrapped: Vec<Line> =
        log.iter().flat_map(|l| wrap(&l.text, LOG_CHARS, 2).into_iter().map(|t| Line::new(t, l.color))).collect();
    let shown = &wrapped[wrapped.len().saturating_sub(fits)..];
    let bottom = log_area().h as i32 - pad - TEXT_PX as i32;
    for (i, line) in shown.iter().rev().enumerate() {
        p.text(8, bottom - i as i32 * LINE_STEP, TEXT_PX, &line.text, line.color)?;
    }
    Ok(())
}

/// The overlay; `tiles`: the host's tile view draws the map, so items
/// beside their lines are drawn as tiles too.
fn draw_overlay<T: RenderTarget>(p: &mut Painter<'_, '_, T>, overlay: &Overlay, tiles: bool) -> Result<()> {
    match overlay {
        Overlay::None => Ok(()),
        Overlay::Menu { title, header, lines, more, footer } => {
            draw_menu(p, (title, footer), header, lines, more, tiles)
        }
        Overlay::Death { won, cause, details, scores } => draw_death(p, *won, cause, details, scores),
        Overlay::Confirm { question } => draw_confirm(p, question),
        Overlay::Timeline { header, lines, under } => {
            draw_overlay(p, under, tiles)?;
            super::timeline_pane::draw(p, header, lines)
        }
    }
}

/// A bordered box centred on the map; drawing then happens inside it.
fn open_box<T: RenderTarget>(p: &mut Painter<'_, '_, T>, w: u32, h: u32) -> Result<Area> {
    let area = map_area().centred(w, h);
    p.set_area(area, true);
    p.fill(0, 0, w, h, palette::PANEL_BG.with_alpha(245))?;
    p.outline(0, 0, w, h, 2, BOX_BORDER)?;
    Ok(area)
}

/// Pack, cards, help, message history: title, header, lines, footer, and
/// a mark above and below when there is more to scroll to.
fn draw_menu<T: RenderTarget>(
    p: &mut Painter<'_, '_, T>,
    (title, footer): (&str, &str),
    header: &[Line],
    lines: &[Line],
    more: &(usize, usize),
    tiles: bool,
) -> Result<()> {
    let body = 16 + TITLE_PX as i32 + 16 + (MENU_ROWS as i32 + 2) * LINE_STEP + LINE_STEP / 2;
    let area = open_box(p, MENU_W, (body + 16 + TEXT_PX as i32 + 8) as u32)?;
    p.text_centred(16, TITLE_PX, title, palette::TEXT)?;
    let mut y = 16 + TITLE_PX as i32 + 16;
    for line in header {
        menu_line(p, y, line, tiles)?;
        y += LINE_STEP;
    }
    if !header.is_empty() {
        y += LINE_STEP / 2;
    }
    let &(above, below) = more;
    if above > 0 {
        p.text(24, y, TEXT_PX, &format!("... {above} more above (Up, PgUp)"), palette::DIM)?;
    }
    y += LINE_STEP;
    for line in lines.iter().take(MENU_ROWS.saturating_sub(header.len())) {
        menu_line(p, y, line, tiles)?;
        y += LINE_STEP;
    }
    if below > 0 {
        p.text(24, y, TEXT_PX, &format!("... {below} more below (Down, PgDn)"), palette::DIM)?;
    }
    let footer_y = area.h as i32 - 16 - TEXT_PX as i32;
    p.text_centred(footer_y, TEXT_PX, footer, palette::DIM)
}

/// One line of a menu at `y`: the item it names first, if it names one,
/// as the map draws it (its tile when `tiles`, its glyph else), then the text.
fn menu_line<T: RenderTarget>(p: &mut Painter<'_, '_, T>, y: i32, line: &Line, tiles: bool) -> Result<()> {
    let Some(icon) = &line.icon else { return p.text(24, y, TEXT_PX, &line.text, line.color) };
    let look = &icon.look;
    let drawn = tiles && p.tile(24, y, TEXT_PX, &look.tile, icon.tint)?;
    if !drawn {
        p.glyph(24, y, TEXT_PX, char::from_u32(look.glyph).unwrap_or('?'), look.color)?;
    }
    p.text(24 + TEXT_PX as i32 + 8, y, TEXT_PX, &line.text, line.color)
}

/// The end of a run: the map faded, then on a backdrop box "You died" (or
/// "Victory"), the cause, the details and the score table.
fn draw_death<T: RenderTarget>(
    p: &mut Painter<'_, '_, T>,
    won: bool,
    cause: &str,
    details: &[Line],
    scores: &[Line],
) -> Result<()> {
    p.set_area(map_area(), true);
    p.fill(0, 0, map_area().w, map_area().h, FADE)?;
    let table_gap = if scores.is_empty() { 0 } else { LINE_STEP };
    let text_h =
        TITLE_PX as i32 + 24 + LINE_STEP * (2 + details.len() as i32) + table_gap + LINE_STEP * scores.len() as i32;
    let widest = std::iter::once(cause.chars().count())
        .chain(details.iter().chain(scores).map(|l| l.text.chars().count()))
        .max()
        .unwrap_or(0) as u32
        * TEXT_PX;
    let w = (widest + 96).clamp(640, map_area().w - 32);
    let h = (text_h + 64).clamp(0, map_area().h as i32 - 32) as u32;
    let area = open_box(p, w, h)?;
    let mut y = 32;
    let (title, color) = if won { ("Victory", EMBER) } else { ("You died", palette::DANGER) };
    p.text_centred(y, TITLE_PX, title, color)?;
    y += TITLE_PX as i32 + 24;
    p.text_centred(y, TEXT_PX, cause, palette::TEXT)?;
    y += LINE_STEP * 2;
    for line in details {
        p.text_centred(y, TEXT_PX, &line.text, line.color)?;
        y += LINE_STEP;
    }
    y += table_gap;
    // The table's columns line up: every row starts at the same place.
    let table_w = scores.iter().map(|l| l.text.chars().count()).max().unwrap_or(0) as i32 * TEXT_PX as i32;
    let x = ((area.w as i32 - table_w) / 2).max(16);
    for line in scores {
        p.text(x, y, TEXT_PX, &line.text, line.color)?;
        y += LINE_STEP;
    }
    Ok(())
}

/// A small box with a yes/no question.
fn draw_confirm<T: RenderTarget>(p: &mut Painter<'_, '_, T>, question: &str) -> Result<()> {
    // A question wider than the map goes on over more lines, each centred.
    let most = ((map_area().w - 64) / TEXT_PX) as usize;
    let lines = wrap(question, most, 0);
    let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32 * TEXT_PX;
    let w = (widest + 64).clamp(400, map_area().w);
    open_box(p, w, 56 + lines.len() as u32 * LINE_STEP as u32)?;
    for (i, line) in lines.iter().enumerate() {
        p.text_centred(32 + i as i32 * LINE_STEP, TEXT_PX, line, palette::TEXT)?;
    }
    Ok(())
}
