//! Playing without a window: the scripted keys of `--keys`, then the end of
//! the run, and a screenshot of the last frame if asked.

use std::path::Path;

use crate::app::{App, Mode};
use crate::atlas::Atlas;
use crate::keys::Key;

/// Plays the keys in order; stops early if a key quits.
pub fn play_keys(app: &mut App, keys: &[Key]) {
    for &key in keys {
        if !app.press(key) {
            return;
        }
    }
    if app.mode != Mode::Dead {
        app.game.quit_run();
    }
}

/// Renders the current frame to a PNG, tiles from `atlas`.
pub fn screenshot(app: &mut App, atlas: &Atlas, path: &Path) -> anyhow::Result<()> {
    let model = app.model();
    crate::ui::screenshot(&model, app.current_view(), atlas, path)
}
