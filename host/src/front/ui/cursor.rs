//! The aiming cursor's outline, shared by the host's views.

use emberdeep_api::{Canvas, Rgba, Scene};

/// The cursor's colour.
pub const CURSOR: Rgba = Rgba::rgb(250, 220, 60);
/// The outline's thickness.
const LINE: u32 = 2;

/// Outlines the cursor's cell, if the cursor is in the scene. With
/// `straddle`, the frame sits across the cell's edge so it hides little of a
/// small glyph; without, it lies inside the cell (tiles fill the whole cell).
pub fn draw_cursor(canvas: &mut Canvas<'_>, scene: &Scene, cell: u32, straddle: bool) {
    let Some(at) = scene.cursor() else { return };
    let (col, row) = (at.x - scene.origin.x, at.y - scene.origin.y);
    if col < 0 || row < 0 || col >= scene.width || row >= scene.height {
        return;
    }
    let grow = if straddle { 1 } else { 0 };
    let (x, y) = (col * cell as i32 - grow, row * cell as i32 - grow);
    let size = cell + 2 * grow as u32;
    let far = (size - LINE) as i32;
    canvas.fill_rect(x, y, size, LINE, CURSOR);
    canvas.fill_rect(x, y + far, size, LINE, CURSOR);
    canvas.fill_rect(x, y + LINE as i32, LINE, size - 2 * LINE, CURSOR);
    canvas.fill_rect(x + far, y + LINE as i32, LINE, size - 2 * LINE, CURSOR);
}
