//! What the boundary calls and how: a registered implementation with the
//! plugin that brought it, and what a call may do to the run.

/// A registered implementation and the plugin that brought it. Only the
/// boundary reaches the implementation: every call goes through it.
pub struct Entry<T> {
    plugin: String,
    imp: T,
}

impl<T> Entry<T> {
    /// `imp`, registered by `plugin`.
    pub fn new(plugin: impl Into<String>, imp: T) -> Self {
        Entry { plugin: plugin.into(), imp }
    }

    /// The plugin's name (the trace's `source`).
    pub fn plugin(&self) -> &str {
        &self.plugin
    }

    /// The implementation, for the boundary's one call function alone.
    pub(super) fn imp(&self) -> &T {
        &self.imp
    }
}

/// What a call may do to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The game plays: rolls, changes and trace events are the plugin's to make.
    Play,
    /// A question while the screen is drawn: nothing may change, nothing is traced.
    Look,
    /// A question the bot asks (what would `f` aim?): as [`Access::Look`],
    /// and a refused change is expected, so it is not warned of.
    Probe,
}
