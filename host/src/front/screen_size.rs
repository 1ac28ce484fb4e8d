//! The size of the logical screen the frame is laid out for: 1600x900,
//! or the window's once it says otherwise. A leaf: it imports nothing, so
//! the model (the camera's cells) and the drawing (the areas) both read it.
//! Drawing only: the run never reads it.

/// The logical screen's size when nothing else is said: the map area with
/// the side panel beside it and the log under it.
pub const DEFAULT_SCREEN: (u32, u32) = (1600, 900);
/// The side panel's width and the log's height, whatever the screen's size.
pub const FRAME_EDGES: (u32, u32) = (320, 180);
/// The smallest logical screen a window is laid out for; a smaller window
/// shows it scaled down.
pub const SMALLEST_SCREEN: (u32, u32) = (960, 540);

thread_local! {
    static SCREEN: std::cell::Cell<(u32, u32)> = const { std::cell::Cell::new(DEFAULT_SCREEN) };
}

/// The logical screen the frame is laid out for (1600x900 unless a window
/// of another size said otherwise: [`set_screen_size`]).
pub fn screen_size() -> (u32, u32) {
    SCREEN.with(|s| s.get())
}

/// Lays the frame out for a window of `w` by `h` pixels (at least
/// [`SMALLEST_SCREEN`]): the map area takes what the panel and the log
/// leave. Drawing only: the run never reads it.
pub fn set_screen_size(w: u32, h: u32) -> (u32, u32) {
    let size = (w.max(SMALLEST_SCREEN.0), h.max(SMALLEST_SCREEN.1));
    SCREEN.with(|s| s.set(size));
    size
}

/// The map area's size on the screen laid out now.
pub fn map_area() -> (u32, u32) {
    let (w, h) = screen_size();
    (w - FRAME_EDGES.0, h - FRAME_EDGES.1)
}
