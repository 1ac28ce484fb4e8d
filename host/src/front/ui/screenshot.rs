//! Screenshots: one frame drawn by the same code as the window, into a
//! software canvas over an SDL surface (no display needed), saved as a PNG
//! through SDL_image.

use std::path::Path;

use emberdeep_api::PluginError;
use emberdeep_engine::data::untrusted;
use sdl3::image::SaveSurface;
use sdl3::pixels::PixelFormat;
use sdl3::render::Canvas;
use sdl3::surface::Surface;

use super::error::{Doing, DrawError, Result, Within};
use super::font::Font;
use super::frame::draw_frame;
use super::frontend::{Frontend, Views};
use super::layout::{screen_h, screen_w};
use super::map_layer::MapLayer;
use super::tiles::TileSheet;
use crate::front::atlas::{surface_rgba, Atlas};
use crate::front::screen::ScreenModel;

/// Draws the frame `model` and `views` make (with the tiles of `atlas`) and
/// writes it to `path` as a 1600x900 RGBA PNG.
pub fn screenshot(model: &ScreenModel, views: Views<'_>, atlas: &Atlas, path: &Path) -> Result<()> {
    let mut rgba = render_rgba(model, views, atlas)?;
    write_png(path, &mut rgba).within(format!("writing the screenshot {}", path.display()))
}

/// The frame's pixels, RGBA, row by row without padding.
pub fn render_rgba(model: &ScreenModel, views: Views<'_>, atlas: &Atlas) -> Result<Vec<u8>> {
    with_offscreen(atlas, |frame| {
        frame.draw(model, views)?;
        frame.pixels()
    })?
}

/// The frame the front end shows now, as a screenshot at `path`.
pub fn screenshot_front(front: &mut dyn Frontend, atlas: &Atlas, path: &Path) -> Result<()> {
    let mut rgba = render_front(front, atlas)?;
    write_png(path, &mut rgba).within(format!("writing the screenshot {}", path.display()))
}

/// The front end's frame, RGBA. A view that fails is told to the front end,
/// and the frame drawn again as it then is: the glyph view, the failure named.
pub fn render_front(front: &mut dyn Frontend, atlas: &Atlas) -> Result<Vec<u8>> {
    with_offscreen(atlas, |frame| {
        let model = front.model();
        if let Some(e) = frame.draw(&model, front.views())? {
            front.view_failed(&e);
            let model = front.model();
            frame.draw(&model, front.views())?;
        }
        frame.pixels()
    })?
}

/// A software renderer over a 1600x900 surface, with the font and tile
/// textures made once: frames drawn through it cost what the window's
/// steady frames cost (the benchmarks use it).
pub struct Offscreen<'a, 'tc> {
    canvas: &'a mut Canvas<Surface<'static>>,
    font: &'a mut Font<'tc>,
    tiles: &'a mut TileSheet<'tc>,
    /// The map layer a view keeps between frames (api 1.5), as the window keeps it.
    layer: MapLayer<'tc>,
}

impl Offscreen<'_, '_> {
    /// Draws one frame and presents it, as the window does: the software
    /// renderer queues drawing and runs the queue when presented, so a frame
    /// has cost all it costs only then. The current view's error, if it
    /// failed and the fallback drew.
    pub fn draw(&mut self, model: &ScreenModel, views: Views<'_>) -> Result<Option<PluginError>> {
        let failed = draw_frame(self.canvas, self.font, self.tiles, Some(&mut self.layer), model, views)?;
        if !self.canvas.present() {
            return Err(sdl3::get_error()).doing("presenting the frame");
        }
        Ok(failed)
    }

    /// How many map cells the last frame drew into the kept map layer:
    /// all of them when the map was drawn afresh, those that changed (and
    /// their margin) otherwise, and 0 for a view that keeps no layer.
    pub fn cells_drawn(&self) -> usize {
        self.layer.drawn()
    }

    /// The last frame's pixels, RGBA, row by row without padding.
    pub fn pixels(&mut self) -> Result<Vec<u8>> {
        let pixels = self.canvas.read_pixels(None).doing("reading the frame back")?;
        surface_rgba(&pixels).map_err(DrawError::ReadBack)
    }
}

/// Makes an offscreen renderer with the tiles of `atlas` and hands it to `f`.
pub fn with_offscreen<R>(atlas: &Atlas, f: impl FnOnce(&mut Offscreen<'_, '_>) -> R) -> Result<R> {
    let surface = Surface::new(screen_w(), screen_h(), PixelFormat::RGBA32).doing("creating the offscreen surface")?;
    let mut canvas = surface.into_canvas().doing("creating the software renderer")?;
    let creator = canvas.texture_creator();
    let mut font = Font::new(&creator, true)?;
    let mut tiles = TileSheet::new(&creator, atlas, true)?;
    let mut offscreen =
        Offscreen { canvas: &mut canvas, font: &mut font, tiles: &mut tiles, layer: MapLayer::new(&creator) };
    let result = f(&mut offscreen);
    drop(offscreen);
    Ok(result)
}

/// Writes next to `path` first (a new file of the game's own name,
/// `.emberdeep-tmp-<pid>-<name>`), then renames, so a failed write leaves
/// no half file. A regular file at `path` is replaced; anything else there
/// (a link, even one to nothing, a folder, a FIFO, a device) is refused
/// before anything is written.
fn write_png(path: &Path, rgba: &mut [u8]) -> Result<()> {
    let refuse = || untrusted::not_a_plain_file(path).map(|kind| DrawError::NotAFile { kind });
    if let Some(refused) = refuse() {
        return Err(refused);
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".emberdeep-tmp-{}-{name}", std::process::id()));
    // Made new here, so SDL writes into a file of ours and nothing it points to.
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
        Ok(_) => {}
        // Confined, the game may write the file the command line named and
        // nothing beside it (it was made before, so it is a file of ours).
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied && path.is_file() => return encode(path, rgba),
        Err(e) => return Err::<(), _>(e).doing("making the file to write"),
    }
    let written = encode(&tmp, rgba).and_then(|()| match refuse() {
        Some(refused) => Err(refused),
        None => std::fs::rename(&tmp, path).doing("moving the finished file into place"),
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Saves a frame's RGBA pixels as a PNG at `path` with SDL_image.
fn encode(path: &Path, rgba: &mut [u8]) -> Result<()> {
    // SDL reads exactly a frame's worth from the pointer it is given.
    if rgba.len() != (screen_w() * screen_h() * 4) as usize {
        return Err(DrawError::FrameSize(rgba.len()));
    }
    // SDL opens files by UTF-8 name (and the binding would panic on another).
    let name = path.to_str().filter(|name| !name.contains('\0')).ok_or(DrawError::PathNotText)?;
    let surface = Surface::from_data(rgba, screen_w(), screen_h(), screen_w() * 4, PixelFormat::RGBA32)
        .doing("wrapping the frame in a surface")?;
    surface.save(name).doing("writing the PNG")
}
