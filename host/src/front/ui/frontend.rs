//! What the window loop and screenshots drive: the game's front end, and
//! the views it draws the map with.

use emberdeep_api::abi::ViewBox;
use emberdeep_api::{PluginError, Point};
use emberdeep_engine::plugins::boundary::Entry;
use emberdeep_engine::world::animation::Animation;

use emberdeep_engine::rules::travel::Travel;

use crate::front::autopilot::Begin;
use crate::front::keys::Key;
use crate::front::screen::ScreenModel;

/// The view that draws the map, and the one that takes over if it fails.
#[derive(Clone, Copy)]
pub struct Views<'a> {
    /// The view chosen now.
    pub current: &'a Entry<ViewBox>,
    /// The host's glyph view.
    pub fallback: &'a Entry<ViewBox>,
    /// Whether the current view is the host's tile view, whose missiles
    /// the window draws itself, turned along their path.
    pub host_tiles: bool,
}

/// What the window loop drives; the game implements it.
pub trait Frontend {
    /// What to draw now.
    fn model(&mut self) -> ScreenModel;
    /// The views to draw the map with (the game cycles views on F2 itself).
    fn views(&self) -> Views<'_>;
    /// The current view failed to draw: say so and fall back to the glyph view.
    fn view_failed(&mut self, error: &PluginError);
    /// A key or click; returns false when the game wants to quit.
    fn press(&mut self, key: Key) -> bool;
    /// The mouse is over map cell `cell` (map coordinates); used while aiming.
    fn hover(&mut self, cell: Point);
    /// The window is closing (the game saves).
    fn close(&mut self);
    /// The animations (shots, bursts) the last key caused, taken to be shown.
    fn take_animations(&mut self) -> Vec<Animation> {
        Vec::new()
    }
    /// Whether `key` starts a time-saver (rest, explore, travel), started
    /// without pressing the key so the window can show it step by step.
    fn begin_auto(&mut self, _key: Key) -> Begin {
        Begin::NotMine
    }
    /// The key of the time-saver's next step (pressed and recorded as any
    /// key), or `None` once it stopped.
    fn next_auto_key(&mut self, _travel: &mut Travel) -> Option<Key> {
        None
    }
    /// A key stopped the time-saver under way.
    fn interrupt_auto(&mut self, _travel: Travel) {}

    /// Why keys typed ahead should stop, if the keys pressed since the
    /// last call sounded the alarm (see [`emberdeep_engine::Game::take_alarm`]).
    fn take_alarm(&mut self) -> Option<String> {
        None
    }

    /// The window dropped keys held or typed ahead because of the alarm
    /// `why`: tell the player (never part of the run).
    fn keys_dropped(&mut self, _why: &str) {}
    /// Called about every frame with the window's place and size (x, y,
    /// width, height), for work of the front end's own between keys
    /// (`--watch` looks for rebuilt plugins); true if the screen changed.
    fn watch(&mut self, _window: [i32; 4]) -> bool {
        false
    }
    /// How fast effects and a time-saver's steps play: 1 the game's pace, 2 twice as fast.
    fn pace(&self) -> f64 {
        1.0
    }
    /// Where the window opens (x, y, width, height), if not centered.
    fn window_at(&self) -> Option<[i32; 4]> {
        None
    }
}

/// Whether a view keeps its map layer (api 1.5), asked through the
/// boundary; a view that fails to answer does not.
pub fn keeps_map_layer(view: &Entry<ViewBox>) -> bool {
    emberdeep_engine::plugins::boundary::call_drawing(view, |v| {
        abi_stable::std_types::RResult::ROk(v.keeps_map_layer())
    })
    .unwrap_or(false)
}

/// A view's cell size in pixels, asked through the boundary: at least 1,
/// and the glyph view's if the view fails to answer.
pub fn cell_size_of(view: &Entry<ViewBox>) -> u32 {
    let size =
        emberdeep_engine::plugins::boundary::call_drawing(view, |v| abi_stable::std_types::RResult::ROk(v.cell_size()));
    size.unwrap_or(super::glyph_view::CELL).max(1)
}
