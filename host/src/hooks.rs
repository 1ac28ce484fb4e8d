//! Asking the plugins' `Hooks`: the player's derived damage and defense, the
//! pack screen's header, and the news that the player took a step. The host
//! knows nothing of weapons or armor; it asks, in load order, and takes the
//! first answer.

use abi_stable::std_types::{ROption, RResult};
use emberdeep_api::{Ctx, Damage, HooksBox, PluginError, Point};

use crate::ctx::HostCtx;
use crate::world::Game;

/// What the player's derived numbers depend on: the pack, the plugins'
/// stored values and the player's base numbers. Hooks derive from those and
/// the records, so while they stay the same the last answers stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct DerivedFrom {
    pack: u64,
    store: u64,
    base_defense: i32,
    base_damage: Damage,
}

/// The player's derived damage and defense as last asked, and what from.
#[derive(Debug, Default)]
pub struct Derived {
    damage: Option<(DerivedFrom, Option<Damage>)>,
    defense: Option<(DerivedFrom, i32)>,
}

impl Game {
    fn derived_from(&self) -> DerivedFrom {
        let player = self.player();
        DerivedFrom {
            pack: self.pack.version(),
            store: self.store_version,
            base_defense: player.defense,
            base_damage: player.damage,
        }
    }

    /// The player's blow as the first plugin that derives it says (the
    /// weapon in hand); `None` when no plugin does. Asked again only when
    /// the pack, a stored value or the base numbers changed.
    pub fn player_damage(&mut self) -> Option<Damage> {
        let from = self.derived_from();
        if let Some((_, damage)) = self.derived.damage.filter(|(at, _)| *at == from) {
            return damage;
        }
        if self.deriving {
            return None;
        }
        let damage = self.first_answer(|hooks, ctx| hooks.player_damage(ctx));
        self.derived.damage = Some((from, damage));
        damage
    }

    /// The player's defense as the first plugin that derives it says (the
    /// armor worn), else the player's base defense (0). Cached as `player_damage` is.
    pub fn player_defense(&mut self) -> i32 {
        let from = self.derived_from();
        if let Some((_, defense)) = self.derived.defense.filter(|(at, _)| *at == from) {
            return defense;
        }
        if self.deriving {
            return from.base_defense;
        }
        let defense = self.first_answer(|hooks, ctx| hooks.player_defense(ctx)).unwrap_or(from.base_defense);
        self.derived.defense = Some((from, defense));
        defense
    }

    /// Every plugin's lines for the top of the pack screen, in load order.
    pub fn pack_header(&mut self) -> Vec<String> {
        let plugins = self.plugins.clone();
        let mut lines = Vec::new();
        for hook in &plugins.hooks {
            // Asked as the pack screen is drawn: a context that refuses changes.
            let result = hook.imp.pack_header(HostCtx::read_only(self, &hook.plugin).as_ctx());
            match result.into_result() {
                Ok(more) => lines.extend(more.into_iter().map(String::from)),
                Err(e) => self.plugin_error(&hook.plugin, &e),
            }
        }
        lines
    }

    /// Asks the plugins, in load order, whether one takes the `count` items
    /// of `kind` the player picks up itself (arrows into the quiver).
    pub fn plugin_picks_up(&mut self, kind: &str, count: u32) -> bool {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            let result = hook.imp.pick_up(HostCtx::new(self, &hook.plugin).as_ctx(), kind.into(), count);
            self.trace.drain_plugin_logs(self.turn, &hook.plugin);
            match result.into_result() {
                Ok(true) => return true,
                Ok(false) => {}
                Err(e) => self.plugin_error(&hook.plugin, &e),
            }
        }
        false
    }

    /// Whether some plugin says items of `kind` can be thrown (asked with a
    /// read-only context: the pack screen is being drawn).
    pub fn is_throwable(&mut self, kind: &str) -> bool {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            match hook.imp.throwable(HostCtx::read_only(self, &hook.plugin).as_ctx(), kind.into()).into_result() {
                Ok(true) => return true,
                Ok(false) => {}
                Err(e) => self.plugin_error(&hook.plugin, &e),
            }
        }
        false
    }

    /// Tells every plugin that the player stepped from `from` to `to`.
    pub fn player_stepped(&mut self, from: Point, to: Point) {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            let result = hook.imp.player_moved(HostCtx::new(self, &hook.plugin).as_ctx(), from, to);
            self.trace.drain_plugin_logs(self.turn, &hook.plugin);
            if let Err(e) = result.into_result() {
                self.plugin_error(&hook.plugin, &e);
            }
        }
    }

    /// The first `Some` the hooks give, in load order. While the hooks run,
    /// `deriving` is set: a hook that reads the player through its context
    /// gets the base numbers instead of asking the hooks (and itself) again.
    fn first_answer<T>(
        &mut self,
        ask: impl Fn(&HooksBox, Ctx<'_>) -> RResult<ROption<T>, PluginError>,
    ) -> Option<T> {
        if self.deriving {
            return None;
        }
        self.deriving = true;
        let plugins = self.plugins.clone();
        let mut answer = None;
        for hook in &plugins.hooks {
            let result = ask(&hook.imp, HostCtx::new(self, &hook.plugin).as_ctx());
            self.trace.drain_plugin_logs(self.turn, &hook.plugin);
            match result.into_result() {
                Ok(ROption::RSome(value)) => {
                    answer = Some(value);
                    break;
                }
                Ok(ROption::RNone) => {}
                Err(e) => self.plugin_error(&hook.plugin, &e),
            }
        }
        self.deriving = false;
        answer
    }
}
