//! Playing without a window: the scripted keys of `--keys`, then the end of
//! the run, and a screenshot of the last frame if asked.

use std::path::Path;

use super::session::Session;
use crate::front::app::Mode;
use crate::front::atlas::Atlas;
use crate::front::keys::Key;
use crate::front::ui;

/// Plays the keys in order; stops early if a key quits.
pub fn play_keys(session: &mut Session, keys: &[Key]) {
    for &key in keys {
        if !session.press(key) {
            return;
        }
    }
    if session.app.mode != Mode::Dead {
        session.app.game.quit_run();
    }
}

/// Renders the current frame to a PNG, tiles from `atlas`.
pub fn screenshot(session: &mut Session, atlas: &Atlas, path: &Path) -> anyhow::Result<()> {
    ui::screenshot_front(session, atlas, path)
}
