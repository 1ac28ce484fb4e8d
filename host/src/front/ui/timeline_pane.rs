//! The replay timeline's pane: the whole width of the screen under the map,
//! over the log and the foot of the side panel; its header in ember, then
//! as many lines as fit (the timeline scrolls the rest).

use emberdeep_api::Rgba;
use sdl3::render::RenderTarget;

use super::error::Result;
use super::layout::{log_area, screen_w, Area, LINE_STEP, TEXT_PX};
use super::painter::Painter;
use crate::front::screen::{palette, Line};

/// The pane: from the top of the log to the foot of the screen, full width.
fn pane_area() -> Area {
    Area::new(0, log_area().y, screen_w(), log_area().h)
}
/// The pane's margin.
const PAD: i32 = 8;
/// Characters a pane line holds: as many as the screen's width has room
/// for (the window's, when it was made wider or narrower).
pub fn pane_chars() -> usize {
    ((screen_w() as i32 - 2 * PAD) / TEXT_PX as i32).max(8) as usize
}
/// Lines under the header that fit.
pub const PANE_LINES: usize =
    ((crate::front::screen_size::FRAME_EDGES.1 as i32 - 2 * PAD - LINE_STEP) / LINE_STEP) as usize;
/// The header's colour.
const HEADER: Rgba = Rgba::rgb(235, 140, 60);
/// The rule over the pane.
const RULE: Rgba = Rgba::rgb(150, 110, 70);

/// Draws the pane: the header, then the lines that fit, each cut to the width.
pub(crate) fn draw<T: RenderTarget>(p: &mut Painter<'_, '_, T>, header: &Line, lines: &[Line]) -> Result<()> {
    p.set_area(pane_area(), true);
    p.fill(0, 0, pane_area().w, pane_area().h, palette::PANEL_BG)?;
    p.fill(0, 0, pane_area().w, 2, RULE)?;
    let color = if header.color == palette::TEXT { HEADER } else { header.color };
    p.text(PAD, PAD, TEXT_PX, &cut(&header.text), color)?;
    for (i, line) in lines.iter().take(PANE_LINES).enumerate() {
        p.text(PAD, PAD + (i as i32 + 1) * LINE_STEP, TEXT_PX, &cut(&line.text), line.color)?;
    }
    Ok(())
}

fn cut(text: &str) -> String {
    text.chars().take(pane_chars()).collect()
}
