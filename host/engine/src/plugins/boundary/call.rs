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
        let result = invoke(entry, |imp| call(imp, HostCtx::new(self, plugin, access).as_ctx()));
        match access {
            Access::Play => self.trace.drain_plugin_logs(self.turn, plugin),
            Access::Look | Access::Probe => trace::echo_plugin_logs(plugin),
        }
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
