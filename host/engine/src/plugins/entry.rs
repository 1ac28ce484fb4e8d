//! A registered implementation with the plugin that brought it.
//!
//! The implementation is private to `plugins/`: the registry holds entries,
//! and only the boundary ([`super::boundary`]) calls one, so no other code
//! can call a plugin around it.

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
    pub(in crate::plugins) fn imp(&self) -> &T {
        &self.imp
    }
}
