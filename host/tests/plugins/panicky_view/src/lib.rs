//! A test plugin whose view, `panicky`, panics every time it draws: the
//! game must name the plugin, go on in the glyph view, and leave the run as
//! it was.
use emberdeep_api::{export_plugin, Canvas, PluginError, PluginResult, Registrar, Rgba, Scene, View};

struct Panicky;

impl View for Panicky {
    fn cell_size(&self) -> u32 {
        16
    }

    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        canvas.fill_rect(0, 0, 400, 400, Rgba::rgb(0, 0, 255));
        // One past the last cell: an index out of bounds, a panic.
        let past_the_end = scene.cells.len();
        let _cell = &scene.cells[past_the_end];
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.view("panicky", Panicky);
    Ok(())
}

export_plugin!(register);
