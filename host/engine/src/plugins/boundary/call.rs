//! The one way into a plugin: lend the context, run the call, file what the
//! plugin logged under its name, and report a failure by the plugin's name.
//!
//! A call made while the game plays ([`Access::Play`]) may roll and change the
//! run; its `tracing` events land in the trace, and a failure is told in the
//! message log, the console and the trace (`plugin_error`). A call made to
//! look ([`Access::Look`]: panel lines, the pack header, what a shot would
//! do, a view drawing) changes nothing: its context refuses rolls and
//! changes, its events and failures go to the console only, so a run's trace
//! is the same whether no frame or a thousand frames were drawn.

use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use abi_stable::std_types::RResult;
use emberdeep_api::abi::RawCtx as Ctx;
use emberdeep_api::PluginError;

use super::access::Access;
use super::ctx::{count_boundary_call, HostCtx};
use crate::data::trace;
use crate::plugins::entry::Entry;
use crate::world::game::Game;

impl Game {
    /// Calls the plugin behind `entry` with the game lent for `access`.
    /// `None` when the plugin failed or panicked, which has been reported by
    /// its name (as [`Access`] says where).
    pub fn call<I, T>(
        &mut self,
        entry: &Entry<I>,
        access: Access,
        call: impl FnOnce(&I, Ctx<'_>) -> RResult<T, PluginError>,
    ) -> Option<T> {
        let plugin = entry.plugin();
        // What the plugin whose call this one is made from logged so far is
        // its own, not this plugin's.
        if let Some(outer) = self.calling.last() {
            match access {
                Access::Play => self.trace.drain_plugin_logs(self.turn, outer),
                Access::Look | Access::Probe => trace::echo_plugin_logs(outer),
            }
        }
        self.calling.push(entry.plugin_shared().clone());
        let mut trespass = None;
        let result = invoke(entry, |imp| {
            let mut ctx = HostCtx::new(self, plugin, access);
            let result = call(imp, ctx.as_ctx());
            trespass = ctx.take_trespass();
            result
        });
        // A refused write to the store (another plugin's key, a number out of
        // its range) fails the call, whatever it returned.
        let result = match trespass {
            Some(why) if result.is_ok() => Err(PluginError::new(why.to_string())),
            _ => result,
        };
        match access {
            Access::Play => self.trace.drain_plugin_logs(self.turn, plugin),
            Access::Look | Access::Probe => trace::echo_plugin_logs(plugin),
        }
        self.calling.pop();
        match result {
            Ok(value) => Some(value),
            Err(e) if access == Access::Play => {
                self.plugin_error(plugin, &e);
                None
            }
            Err(e) => {
                report_on_console(plugin, &e);
                None
            }
        }
    }
}

/// Calls a plugin that gets no context: a [`View`](emberdeep_api::View)
/// drawing a scene. What it logs goes to the console under its name, and so
/// does a failure, once; the error comes back for the screen to name.
pub fn call_drawing<I, T>(
    entry: &Entry<I>,
    call: impl FnOnce(&I) -> RResult<T, PluginError>,
) -> Result<T, PluginError> {
    let result = invoke(entry, call);
    trace::echo_plugin_logs(entry.plugin());
    if let Err(e) = &result {
        report_on_console(entry.plugin(), e);
    }
    result
}

/// A level generator's call: counted and guarded as every call; what it
/// logs goes to the trace under its name for turn `turn`. Its floor is the
/// caller's to check.
pub fn call_generator<I, T>(
    game_trace: &mut trace::Trace,
    turn: u64,
    entry: &Entry<I>,
    call: impl FnOnce(&I) -> RResult<T, PluginError>,
) -> Result<T, PluginError> {
    let result = invoke(entry, call);
    game_trace.drain_plugin_logs(turn, entry.plugin());
    result
}

/// Runs one call into a plugin: counted, and a panic that escaped the
/// plugin's own guard (a host-side implementation's) caught as an error.
fn invoke<I, T>(entry: &Entry<I>, call: impl FnOnce(&I) -> RResult<T, PluginError>) -> Result<T, PluginError> {
    count_boundary_call();
    match catch_unwind(AssertUnwindSafe(|| call(entry.imp()))) {
        Ok(result) => result.into_result(),
        Err(payload) => {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".into());
            Err(PluginError::new(format!("panicked: {text}")))
        }
    }
}

/// A failure while looking, on the console once per plugin and message: a
/// panel asked every frame would otherwise repeat it sixty times a second.
fn report_on_console(plugin: &str, e: &PluginError) {
    static TOLD: Mutex<BTreeSet<(String, String)>> = Mutex::new(BTreeSet::new());
    let first = TOLD.lock().map(|mut told| told.insert((plugin.to_string(), e.to_string()))).unwrap_or(true);
    if first {
        tracing::error!(plugin, "plugin failed while the screen was drawn: {e}");
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;
    use std::rc::Rc;

    use abi_stable::sabi_trait::TD_Opaque;
    use emberdeep_api::abi::HooksAbi_TO;
    use emberdeep_api::author::Adapter;
    use emberdeep_api::{Ctx, EntityId, Hooks, Point};

    use super::*;
    use crate::plugins::registry::{LoadedPlugin, Plugins};

    /// Sets the player's `strength` to 3 at the end of a turn, then (while
    /// the call goes on) its own `mood`.
    struct Writer;

    impl Hooks for Writer {
        fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> emberdeep_api::PluginResult<()> {
            ctx.store_set(EntityId::PLAYER, "strength", 3);
            ctx.store_set(EntityId::PLAYER, "mood", 1);
            Ok(())
        }
    }

    fn plugin(name: &str, needs: &[&str], stored: &[&str]) -> LoadedPlugin {
        LoadedPlugin {
            name: name.into(),
            version: "0.1.0".into(),
            path: PathBuf::from(format!("lib{name}.so")),
            needs: needs.iter().map(|n| (n.to_string(), "0.1.0".to_string())).collect(),
            names: BTreeMap::new(),
            settings: Vec::new(),
            stored: stored.iter().map(|k| (k.to_string(), 0, 100)).collect(),
            player_level: None,
            events: None,
            sides: Vec::new(),
            standings: Vec::new(),
            api_version: emberdeep_api::API_VERSION.into(),
            description: String::new(),
            homepage: String::new(),
            origin: Default::default(),
            stored_kinds: Vec::new(),
        }
    }

    /// `writer` (needing `needs`) ends a turn in a game where `growth` declared `strength`.
    fn turn_of(needs: &[&str]) -> Game {
        let loaded = vec![plugin("growth", &[], &["strength"]), plugin("writer", needs, &[])];
        let mut plugins = Plugins { loaded, ..Plugins::default() };
        plugins.hooks.push(Entry::new("writer", HooksAbi_TO::from_value(Adapter(Writer), TD_Opaque)));
        let map = crate::core::map::Map::new_filled(5, 3, crate::core::map::Tile::Floor);
        let mut game = Game::blank(
            1,
            map,
            Point::new(1, 1),
            Rc::new(plugins),
            Rc::default(),
            crate::data::trace::Trace::console(),
        );
        let plugins = game.plugins.clone();
        game.call(&plugins.hooks[0], Access::Play, |imp, ctx| imp.turn_ended(ctx, 0));
        game
    }

    fn stored(game: &Game, key: &str) -> Option<i64> {
        game.store.get(&(EntityId::PLAYER, key.to_string())).copied()
    }

    #[test]
    fn writing_another_plugins_key_without_depending_on_it_fails_the_call() {
        let game = turn_of(&[]);
        assert_eq!(stored(&game, "strength"), None, "the write is refused");
        assert_eq!(stored(&game, "mood"), Some(1), "its own undeclared key is written");
        let said: Vec<&str> = game.log.messages().iter().map(|m| m.text.as_str()).collect();
        assert_eq!(
            said,
            ["The writer plugin failed: wrote the store key 'strength', which growth declared; \
              a plugin writes another's key only if it depends on it"]
        );
    }

    /// Its owner writes `strength` (declared 0 to 100) out of range: 101 on
    /// the player, then -1 on item #1; then its own `mood`.
    struct Overreach;

    impl Hooks for Overreach {
        fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> emberdeep_api::PluginResult<()> {
            ctx.store_set(EntityId::PLAYER, "strength", 101);
            ctx.item_set(emberdeep_api::ItemId(1), "strength", -1);
            ctx.store_set(EntityId::PLAYER, "mood", 1);
            Ok(())
        }
    }

    #[test]
    fn a_stored_number_outside_its_declared_range_is_refused_and_fails_the_call() {
        let loaded = vec![plugin("growth", &[], &["strength"])];
        let mut plugins = Plugins { loaded, ..Plugins::default() };
        plugins.hooks.push(Entry::new("growth", HooksAbi_TO::from_value(Adapter(Overreach), TD_Opaque)));
        let map = crate::core::map::Map::new_filled(5, 3, crate::core::map::Tile::Floor);
        let trace = crate::data::trace::Trace::console();
        let mut game = Game::blank(1, map, Point::new(1, 1), Rc::new(plugins), Rc::default(), trace);
        game.pack.add("stone", 1, false, emberdeep_api::ItemId(1));
        game.next_item_id = 1;
        let plugins = game.plugins.clone();
        game.call(&plugins.hooks[0], Access::Play, |imp, ctx| imp.turn_ended(ctx, 0));
        assert_eq!(stored(&game, "strength"), None, "nothing stored");
        assert!(game.item_store.is_empty(), "nothing stored on the item");
        assert_eq!(stored(&game, "mood"), Some(1), "an undeclared key is anyone's");
        let said: Vec<&str> = game.log.messages().iter().map(|m| m.text.as_str()).collect();
        assert_eq!(
            said,
            ["The growth plugin failed: stored strength = 101, where growth keeps 0 to 100; nothing was stored"]
        );
    }

    #[test]
    fn a_plugin_that_depends_on_the_owner_writes_its_key() {
        let game = turn_of(&["growth"]);
        assert_eq!(stored(&game, "strength"), Some(3));
        assert!(game.log.messages().is_empty());
    }
}
