//! A test plugin that talks while the screen is drawn: its view, `noisy`,
//! logs with `tracing::info!` each time it draws, and its hooks log as they
//! give the side panel a line and the pack screen a header. What a plugin
//! says while drawing belongs on the console, never in the run's trace.
use emberdeep_api::{
    export_plugin, Canvas, Ctx, Hooks, Light, PluginError, PluginResult, Registrar, Rgba, Scene, View,
};

struct Noisy;

impl View for Noisy {
    fn cell_size(&self) -> u32 {
        16
    }

    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        tracing::info!(cells = scene.cells.len() as i64, "noisy draws the map");
        for (i, cell) in scene.cells.iter().enumerate() {
            if cell.light != Light::Unseen {
                let (x, y) = scene.cell_origin(i, 16);
                canvas.fill_rect(x, y, 16, 16, Rgba::rgb(90, 90, 200));
            }
        }
        Ok(())
    }
}

struct Talk;

impl Hooks for Talk {
    fn panel_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        tracing::info!(turn = ctx.turn() as i64, "noisy fills the panel");
        // Looking may not roll: the host hands back the least value and draws nothing.
        let roll = ctx.roll(1, 6);
        Ok(vec![format!("Noisy {roll}")])
    }

    fn pack_header(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        tracing::info!("noisy heads the pack");
        Ok(Vec::new())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.view("noisy", Noisy);
    reg.hooks(Talk);
    Ok(())
}

export_plugin!(register);
