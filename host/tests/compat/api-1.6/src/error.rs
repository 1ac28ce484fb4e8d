//! Errors a plugin reports, and the panic guard.
//!
//! A panic must never cross the boundary (abi_stable aborts the process when
//! one does), so the adapters the [`Registrar`](crate::Registrar) wraps
//! around a plugin's traits run every method under a guard, which turns a
//! panic into a [`PluginError`]. Plugin code never calls it itself.

use std::panic::{catch_unwind, AssertUnwindSafe};

use abi_stable::{
    std_types::{RResult, RString},
    StableAbi,
};

/// An error a plugin reports to the host, which logs it with the plugin's
/// name, traces it as `plugin_error`, and keeps the run going.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct PluginError {
    /// What went wrong, in words for the player and the plugin author.
    pub message: RString,
    /// Whether it was a panic caught by the guard.
    pub panicked: bool,
}

impl PluginError {
    /// An error with a message.
    pub fn new(message: impl Into<String>) -> Self {
        PluginError { message: RString::from(message.into()), panicked: false }
    }
}

impl std::fmt::Display for PluginError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.panicked {
            write!(f, "panicked: {}", self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

/// What a plugin's methods return: a value, or an error the host reports by
/// the plugin's name (`?` works on anything that converts to a `PluginError`,
/// text included).
pub type PluginResult<T> = Result<T, PluginError>;

impl From<String> for PluginError {
    fn from(s: String) -> Self {
        PluginError::new(s)
    }
}

impl From<&str> for PluginError {
    fn from(s: &str) -> Self {
        PluginError::new(s)
    }
}

/// Runs `body`, turning both its `Err` and any panic inside it into an
/// `RErr(PluginError)` the host can report (the adapters' glue).
#[doc(hidden)]
#[inline(always)]
pub fn guard<T>(body: impl FnOnce() -> Result<T, PluginError>) -> RResult<T, PluginError> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(v)) => RResult::ROk(v),
        Ok(Err(e)) => RResult::RErr(e),
        Err(payload) => {
            RResult::RErr(PluginError { message: RString::from(panic_text(payload.as_ref())), panicked: true })
        }
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with no message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_with_its_message() {
        let r: RResult<i32, PluginError> = guard(|| panic!("the dragon ate the stack"));
        let e = r.into_result().unwrap_err();
        assert!(e.panicked);
        assert_eq!(e.message.as_str(), "the dragon ate the stack");
    }

    #[test]
    fn values_and_errors_pass_through() {
        assert_eq!(guard(|| Ok(3)).into_result().unwrap(), 3);
        let e = guard::<()>(|| Err("no arrows".into())).into_result().unwrap_err();
        assert!(!e.panicked);
        assert_eq!(e.to_string(), "no arrows");
    }
}
