//! The side panel's layout, worked out from the screen model alone (no
//! SDL): under the title and the health bar, the panel's lines, then the
//! look text, then the look's key hints (at the foot of the panel when the
//! rest is long), every line
//! wrapped to the panel's width. When they do not all fit, the look text
//! keeps its room first and the panel's lines give way; what is left out
//! is cut with a row saying how many rows are not shown, and the key hints
//! always stay on screen. A look text longer than its room scrolls
//! (PageDown, PageUp: [`ScreenModel::look_scroll`]), its first and last
//! rows saying how many rows are above and below. [`draw`] paints what [`layout`] decides, so tests
//! of the layout are tests of what the player sees.

use emberdeep_api::Rgba;
use sdl3::render::RenderTarget;

use super::error::Result;
use super::layout::panel_area;
use super::painter::Painter;
use crate::front::screen::{palette, wrap, Line, ScreenModel};

/// Panel text's size in pixels (a glyph is this square): a little smaller
/// than the log's, so that a panel row holds [`PANEL_CHARS`].
pub(crate) const PANEL_PX: u32 = 14;
/// Distance between the tops of two panel rows.
pub(crate) const PANEL_STEP: i32 = PANEL_PX as i32 + 2;
/// Panel text's margin, left and right.
pub(crate) const PANEL_PAD: i32 = 6;
/// Characters of panel text per row before wrapping.
pub(crate) const PANEL_CHARS: usize =
    ((crate::front::screen_size::FRAME_EDGES.0 as i32 - 2 * PANEL_PAD) / PANEL_PX as i32) as usize;
/// Where the first row under the health bar starts.
pub(crate) const ROWS_TOP: i32 = 110;
/// The last row's foot is at most this far above the panel's.
const FOOT: i32 = 8;
/// The room the rule over the look section takes.
const RULE_GAP: i32 = 16;
/// The panel's lines kept, at the least, however long the look text
/// (turn, floor, seed and the mark of what is cut).
const PANEL_KEPT: usize = 4;

/// One row of panel text as drawn: its top, its text and its colour.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PanelRow {
    pub y: i32,
    pub text: String,
    pub color: Rgba,
    /// Whether the row is part of the look text (which scrolls).
    pub look: bool,
}

/// The panel's rows and the rule over the look section, if there is one.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct PanelLayout {
    pub rows: Vec<PanelRow>,
    pub rule: Option<i32>,
}

/// Lines wrapped to the panel's width, each part keeping its line's colour.
fn wrapped(lines: &[Line]) -> Vec<Line> {
    lines.iter().flat_map(|l| wrap(&l.text, PANEL_CHARS, 1).into_iter().map(|t| Line::new(t, l.color))).collect()
}

/// The first `room` of `rows`; when that leaves some out, the last kept
/// row says how many.
fn cut(mut rows: Vec<Line>, room: usize) -> Vec<Line> {
    if rows.len() <= room {
        return rows;
    }
    let kept = room.saturating_sub(1);
    let left_out = rows.len() - kept;
    rows.truncate(kept);
    if room > 0 {
        rows.push(Line::new(format!("... {left_out} more rows"), palette::DIM));
    }
    rows
}

/// `room` rows of `rows` from the `scroll`th on (kept within the rows), the
/// first saying how many are above when scrolled and the last how many are
/// below, with the keys that show them.
fn scrolled(rows: Vec<Line>, room: usize, scroll: usize) -> Vec<Line> {
    if rows.len() <= room || room < 3 {
        return cut(rows, room);
    }
    let total = rows.len();
    // Once scrolled, the first row shown is the mark of what is above.
    let scroll = scroll.min(total - room);
    let mut shown: Vec<Line> = Vec::with_capacity(room);
    let mut from = 0;
    if scroll > 0 {
        from = scroll + 1;
        shown.push(Line::new(format!("... {from} above, PgUp"), palette::DIM));
    }
    let left = room - shown.len();
    let below = total.saturating_sub(from + left);
    let take = if below > 0 { left - 1 } else { left };
    shown.extend(rows.into_iter().skip(from).take(take));
    if below > 0 {
        let below = total - from - take;
        shown.push(Line::new(format!("... {below} more, PgDn"), palette::DIM));
    }
    shown
}

/// How far the look text of `model` can be scrolled: past that, PageDown
/// shows nothing new.
pub(crate) fn look_scroll_room(model: &ScreenModel) -> usize {
    let (room, look) = look_room(model);
    if room < 3 {
        0
    } else {
        look.saturating_sub(room)
    }
}

/// The rows the look text has on the panel of `model`, and how many it needs.
fn look_room(model: &ScreenModel) -> (usize, usize) {
    let laid = layout(&ScreenModel { look_scroll: 0, ..model.clone() });
    let look = wrapped(&model.look).len();
    let shown = laid.rows.iter().filter(|r| r.look).count();
    (shown, look)
}

/// Where every row of the panel goes for `model`.
pub(crate) fn layout(model: &ScreenModel) -> PanelLayout {
    let panel = wrapped(&model.panel);
    let look = wrapped(&model.look);
    let hints = wrapped(&model.hints);
    let looking = !look.is_empty() || !hints.is_empty();
    let bottom = panel_area().h as i32 - FOOT;
    let hints_top = bottom - hints.len() as i32 * PANEL_STEP;
    let room = ((hints_top - ROWS_TOP - if looking { RULE_GAP } else { 0 }) / PANEL_STEP).max(0) as usize;
    // The look text first; the panel's lines keep what it leaves, and a few at the least.
    let panel_room = room.saturating_sub(look.len()).max(PANEL_KEPT.min(panel.len())).min(room);
    let panel = cut(panel, panel_room);
    let look = scrolled(look, room - panel.len(), model.look_scroll);
    let mut out = PanelLayout::default();
    let mut y = ROWS_TOP;
    let mut put = |rows: Vec<Line>, y: &mut i32, look: bool| {
        for row in rows {
            out.rows.push(PanelRow { y: *y, text: row.text, color: row.color, look });
            *y += PANEL_STEP;
        }
    };
    put(panel, &mut y, false);
    let rule = looking.then_some(y + 6);
    y += if looking { RULE_GAP } else { 0 };
    put(look, &mut y, true);
    // Under the look text when all fits, else at the foot of the panel.
    let mut hints_y = y.min(hints_top);
    put(hints, &mut hints_y, false);
    out.rule = rule;
    out
}

/// Draws the rows and the rule `layout` gives; the painter's area is the panel.
pub(crate) fn draw<T: RenderTarget>(p: &mut Painter<'_, '_, T>, model: &ScreenModel) -> Result<()> {
    let laid = layout(model);
    if let Some(y) = laid.rule {
        p.fill(PANEL_PAD, y, panel_area().w - 2 * PANEL_PAD as u32, 1, palette::DIM)?;
    }
    for row in &laid.rows {
        p.text(PANEL_PAD, row.y, PANEL_PX, &row.text, row.color)?;
    }
    Ok(())
}
