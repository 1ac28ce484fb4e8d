//! A test plugin that registers a View, `checker`: the cells the player
//! knows as a checkerboard (bright in sight, dull remembered), things as
//! white squares. It proves a plugin's view joins the `F2` cycle and draws.
use emberdeep_api::{export_plugin, Canvas, Light, PluginError, PluginResult, Registrar, Rgba, Scene, View};

/// Pixels per cell: a size neither host view uses.
const CELL: u32 = 20;

struct Checker;

impl View for Checker {
    fn cell_size(&self) -> u32 {
        CELL
    }

    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        for (i, cell) in scene.cells.iter().enumerate() {
            let (x, y) = scene.cell_origin(i, CELL);
            let dark = (x / CELL as i32 + y / CELL as i32) % 2 == 0;
            let color = match (cell.light, dark) {
                (Light::Unseen, _) => continue,
                (Light::Visible, true) => Rgba::rgb(200, 40, 160),
                (Light::Visible, false) => Rgba::rgb(40, 200, 160),
                (Light::Remembered, true) => Rgba::rgb(80, 20, 64),
                (Light::Remembered, false) => Rgba::rgb(20, 80, 64),
            };
            canvas.fill_rect(x, y, CELL, CELL, color);
            if cell.thing.is_some() {
                canvas.fill_rect(x + 5, y + 5, CELL - 10, CELL - 10, Rgba::rgb(255, 255, 255));
            }
        }
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.view("checker", Checker);
    Ok(())
}

export_plugin!(register);
