//! A registered implementation with the plugin that brought it.
//!
//! The implementation is private to `plugins/`: the registry holds entries,
//! and only the boundary ([`super::boundary`]) calls one, so no other code
//! can call a plugin around it.

use std::rc::Rc;

/// A registered implementation and the plugin that brought it. Only the
/// boundary reaches the implementation: every call goes through it.
pub struct Entry<T> {
    /// Shared, so the boundary notes who is calling without copying the name.
    plugin: Rc<str>,
    imp: T,
}

impl<T> Entry<T> {
    /// `imp`, registered by `plugin`.
    pub fn new(plugin: impl Into<String>, imp: T) -> Self {
        Entry { plugin: Rc::from(plugin.into()), imp }
    }

    /// The plugin's name (the trace's `source`).
    pub fn plugin(&self) -> &str {
        &self.plugin
    }

    /// The plugin's name, shared (the boundary keeps it while the call runs).
    pub(in crate::plugins) fn plugin_shared(&self) -> &Rc<str> {
        &self.plugin
    }

    /// The implementation, for the boundary's one call function alone.
    #[inline]
    pub(in crate::plugins) fn imp(&self) -> &T {
        &self.imp
    }
}
