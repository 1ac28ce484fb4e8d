//! The painter: rectangles and bitmap text over an SDL canvas of any render
//! target (window or software surface), relative to an origin. It is also the
//! `emberdeep_api::Canvas` views draw on.

use abi_stable::std_types::{RStr, Tuple2};
use emberdeep_api::abi::Canvas as ViewCanvas;
use emberdeep_api::Rgba;
use sdl3::pixels::Color;
use sdl3::rect::Rect;
use sdl3::render::{BlendMode, Canvas, FPoint, FRect, RenderTarget};

use super::error::{Doing, DrawError, Result};
use super::font::Font;
use super::layout::Area;
use super::tiles::TileSheet;

/// Draws into an area of an SDL canvas; coordinates are relative to the area.
pub(crate) struct Painter<'p, 'tc, T: RenderTarget> {
    canvas: &'p mut Canvas<T>,
    font: &'p mut Font<'tc>,
    tiles: &'p mut TileSheet<'tc>,
    area: Area,
    /// The first failure while a view drew (the `Canvas` trait cannot return one).
    view_error: Option<DrawError>,
}

impl<'p, 'tc, T: RenderTarget> Painter<'p, 'tc, T> {
    /// A painter over the whole of `area`, with alpha blending on.
    pub fn new(canvas: &'p mut Canvas<T>, font: &'p mut Font<'tc>, tiles: &'p mut TileSheet<'tc>, area: Area) -> Self {
        canvas.set_blend_mode(BlendMode::Blend);
        Painter { canvas, font, tiles, area, view_error: None }
    }

    /// Moves the origin to another area, clipping drawing to it if `clip`.
    pub fn set_area(&mut self, area: Area, clip: bool) {
        self.area = area;
        let rect = clip.then(|| Rect::new(area.x, area.y, area.w, area.h));
        self.canvas.set_clip_rect(rect);
    }

    /// Fills a rectangle (blended by the colour's alpha).
    pub fn fill(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) -> Result<()> {
        if w == 0 || h == 0 {
            return Ok(());
        }
        self.canvas.set_draw_color(Color::RGBA(color.r, color.g, color.b, color.a));
        let rect = self.dest(x, y, w, h);
        // An opaque fill is a plain copy: blending it costs more and changes nothing.
        let opaque = color.a == u8::MAX;
        if opaque {
            self.canvas.set_blend_mode(BlendMode::None);
        }
        let filled = self.canvas.fill_rect(rect).doing("fill_rect");
        if opaque {
            self.canvas.set_blend_mode(BlendMode::Blend);
        }
        filled
    }

    /// A `thickness`-pixel frame just inside the rectangle.
    pub fn outline(&mut self, x: i32, y: i32, w: u32, h: u32, thickness: u32, color: Rgba) -> Result<()> {
        let t = thickness.min(w / 2).min(h / 2);
        let inner_h = h.saturating_sub(2 * t);
        self.fill(x, y, w, t, color)?;
        self.fill(x, y + (h - t) as i32, w, t, color)?;
        self.fill(x, y + t as i32, t, inner_h, color)?;
        self.fill(x + (w - t) as i32, y + t as i32, t, inner_h, color)
    }

    /// A straight line one pixel wide, between two points relative to the area.
    pub fn line(&mut self, from: (i32, i32), to: (i32, i32), color: Rgba) -> Result<()> {
        self.canvas.set_draw_color(Color::RGBA(color.r, color.g, color.b, color.a));
        let at = |(x, y): (i32, i32)| FPoint::new((self.area.x + x) as f32 + 0.5, (self.area.y + y) as f32 + 0.5);
        self.canvas.draw_line(at(from), at(to)).doing("draw_line")
    }

    /// One character, `size` pixels square.
    pub fn glyph(&mut self, x: i32, y: i32, size: u32, ch: char, color: Rgba) -> Result<()> {
        self.font.tint(color);
        self.copy_glyph(x, y, size, ch)
    }

    /// A line of text, each character `size` pixels square.
    pub fn text(&mut self, x: i32, y: i32, size: u32, text: &str, color: Rgba) -> Result<()> {
        self.font.tint(color);
        for (i, ch) in text.chars().enumerate() {
            if ch != ' ' {
                self.copy_glyph(x + i as i32 * size as i32, y, size, ch)?;
            }
        }
        Ok(())
    }

    /// Text centred horizontally in the current area.
    pub fn text_centred(&mut self, y: i32, size: u32, text: &str, color: Rgba) -> Result<()> {
        let width = text.chars().count() as i32 * size as i32;
        self.text((self.area.w as i32 - width) / 2, y, size, text, color)
    }

    /// The current area's size.
    pub fn area_size(&self) -> (u32, u32) {
        (self.area.w, self.area.h)
    }

    /// Takes the first error a view's drawing hit, if any.
    pub fn take_view_error(&mut self) -> Option<DrawError> {
        self.view_error.take()
    }

    /// The named atlas tile scaled to `size` pixels square, colour-modulated by
    /// `tint`; false (nothing drawn) when the atlas has no such tile.
    pub fn tile(&mut self, x: i32, y: i32, size: u32, name: &str, tint: Rgba) -> Result<bool> {
        let dst = self.dest(x, y, size, size);
        let Some((texture, src)) = self.tiles.prepare(name, size, tint)? else { return Ok(false) };
        self.canvas.copy(texture, src, dst).doing(format!("drawing the tile '{name}'"))?;
        Ok(true)
    }

    fn copy_glyph(&mut self, x: i32, y: i32, size: u32, ch: char) -> Result<()> {
        let dst = self.dest(x, y, size, size);
        let (texture, src) = self.font.glyph(ch, size)?;
        self.canvas.copy(texture, src, dst).doing("drawing a glyph")
    }

    /// A rectangle relative to the area, in canvas coordinates.
    fn dest(&self, x: i32, y: i32, w: u32, h: u32) -> FRect {
        let (x, y) = (self.area.x + x, self.area.y + y);
        FRect::new(x as f32, y as f32, w as f32, h as f32)
    }

    /// Keeps the first error from a view's call.
    fn note(&mut self, result: Result<()>) {
        if let (Err(e), None) = (result, &self.view_error) {
            self.view_error = Some(e);
        }
    }
}

impl<T: RenderTarget> ViewCanvas for Painter<'_, '_, T> {
    fn size(&self) -> Tuple2<u32, u32> {
        let (w, h) = self.area_size();
        Tuple2(w, h)
    }

    fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        let result = self.fill(x, y, w, h, color);
        self.note(result);
    }

    fn glyph(&mut self, x: i32, y: i32, size: u32, ch: u32, color: Rgba) {
        let ch = char::from_u32(ch).unwrap_or('?');
        let result = Painter::glyph(self, x, y, size, ch, color);
        self.note(result);
    }

    fn text(&mut self, x: i32, y: i32, size: u32, text: RStr<'_>, color: Rgba) {
        let result = Painter::text(self, x, y, size, text.as_str(), color);
        self.note(result);
    }

    fn line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, color: Rgba) {
        let result = Painter::line(self, (x0, y0), (x1, y1), color);
        self.note(result);
    }

    fn outline(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba) {
        let result = Painter::outline(self, x, y, w, h, 1, color);
        self.note(result);
    }

    fn tile(&mut self, x: i32, y: i32, size: u32, name: RStr<'_>, tint: Rgba) -> bool {
        match Painter::tile(self, x, y, size, name.as_str(), tint) {
            Ok(drawn) => drawn,
            Err(e) => {
                // Drawn or not, the view should not also draw a fallback over a failure.
                self.note(Err(e));
                true
            }
        }
    }
}
