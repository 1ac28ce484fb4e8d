//! Asking the plugins' `Hooks` what the host cannot know: the pack screen's
//! header, whether a plugin takes what the player picks up (arrows into the
//! quiver), whether a kind can be thrown, and the news of the player's step.
//! Each is asked in load order; the derived numbers are in [`crate::world::derived`].

use emberdeep_api::{EntityId, PackEntry, Point};

use crate::plugins::boundary::Access;
use crate::world::game::Game;
use crate::world::pack::PackItem;

impl Game {
    /// Every plugin's lines for the top of the pack screen, in load order.
    pub fn pack_header(&mut self) -> Vec<String> {
        let plugins = self.plugins.clone();
        let mut lines = Vec::new();
        for hook in &plugins.hooks {
            // Asked as the pack screen is drawn: a context that refuses changes.
            if let Some(more) = self.call(hook, Access::Look, |imp, ctx| imp.pack_header(ctx)) {
                lines.extend(more.into_iter().map(String::from));
            }
        }
        lines
    }

    /// Every plugin's lines for the look panel about creature `id`, in
    /// load order (asked as the panel is drawn: a context that refuses changes).
    pub fn creature_lines(&mut self, id: EntityId) -> Vec<String> {
        let plugins = self.plugins.clone();
        let mut lines = Vec::new();
        for hook in &plugins.hooks {
            if let Some(more) = self.call(hook, Access::Look, |imp, ctx| imp.creature_lines(ctx, id)) {
                lines.extend(more.into_iter().map(String::from));
            }
        }
        lines
    }

    /// Asks the plugins, in load order, whether one takes the `item` the
    /// player picks up itself (arrows into the quiver): by `pick_up_item`
    /// (api 1.6), which a plugin built before answers by its `pick_up`.
    pub fn plugin_picks_up(&mut self, item: &PackEntry) -> bool {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            if self.call(hook, Access::Play, |imp, ctx| imp.pick_up_item(ctx, item)) == Some(true) {
                return true;
            }
        }
        false
    }

    /// Whether some plugin says `item` can be thrown (asked with a looking
    /// context: the pack screen is being drawn): by `throwable_item` (api
    /// 1.6), which a plugin built before answers by its `throwable`.
    pub fn is_throwable(&mut self, item: &PackItem) -> bool {
        let plugins = self.plugins.clone();
        let item = item.entry();
        for hook in &plugins.hooks {
            if self.call(hook, Access::Look, |imp, ctx| imp.throwable_item(ctx, &item)) == Some(true) {
                return true;
            }
        }
        false
    }

    /// Tells every plugin that the player stepped from `from` to `to`.
    pub fn player_stepped(&mut self, from: Point, to: Point) {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            self.call(hook, Access::Play, |imp, ctx| imp.player_moved(ctx, from, to));
        }
    }
}
