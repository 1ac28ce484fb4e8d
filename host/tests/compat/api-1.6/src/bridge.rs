//! The tracing bridge. Every cdylib carries its own copy of `tracing`'s
//! global dispatcher, so a plugin's `tracing::info!` would be lost. When a
//! plugin registers, `install` sets a small forwarding subscriber as that
//! plugin's global default; it turns each event into a [`LogRecord`] and hands
//! it to the host's callback, which files it under the plugin's name.

use std::fmt::Write as _;

use abi_stable::{
    std_types::{RString, RVec},
    StableAbi,
};
use tracing_core::{
    field::{Field, Visit},
    span, Event, Interest, Level, Metadata, Subscriber,
};

/// A field value of a plugin's trace event.
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub enum FieldValue {
    /// A whole number.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// Anything else, as text.
    Text(RString),
}

/// One named field of a plugin's trace event.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct LogField {
    /// The field's name.
    pub name: RString,
    /// Its value.
    pub value: FieldValue,
}

/// A plugin's `tracing` event on its way to the host.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct LogRecord {
    /// 1 = error, 2 = warn, 3 = info, 4 = debug, 5 = trace.
    pub level: u8,
    /// The event's target (usually the plugin's module path).
    pub target: RString,
    /// The event's message.
    pub message: RString,
    /// Its other fields, in the order they were written.
    pub fields: RVec<LogField>,
}

/// The host's side of the bridge: receives each event a plugin writes.
pub type HostLogFn = extern "C" fn(record: LogRecord);

/// What the host hands a plugin when it registers.
#[repr(C)]
#[derive(StableAbi, Clone, Copy)]
pub struct HostLink {
    /// Where the plugin's tracing events go.
    pub log: extern "C" fn(record: LogRecord),
}

/// Installs the forwarding subscriber in the calling plugin. Called by
/// [`crate::export_plugin!`]; installing twice keeps the first.
#[doc(hidden)]
pub fn install(link: HostLink) {
    let dispatch = tracing_core::Dispatch::new(Forwarder { log: link.log });
    let _ = tracing_core::dispatcher::set_global_default(dispatch);
    // The plugin's own copy of std would print every caught panic with a
    // backtrace; the guard already reports it, so send it to the trace instead.
    std::panic::set_hook(Box::new(|info| {
        let place = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        tracing::debug!(place = place.as_str(), "panic caught by the guard: {info}");
    }));
}

/// Numbers a level for the boundary: 1 error .. 5 trace.
#[doc(hidden)]
pub fn level_number(level: &Level) -> u8 {
    match *level {
        Level::ERROR => 1,
        Level::WARN => 2,
        Level::INFO => 3,
        Level::DEBUG => 4,
        _ => 5,
    }
}

struct Forwarder {
    log: HostLogFn,
}

impl Subscriber for Forwarder {
    fn register_callsite(&self, _: &'static Metadata<'static>) -> Interest {
        Interest::always()
    }
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }
    fn new_span(&self, _: &span::Attributes<'_>) -> span::Id {
        // Spans inside plugins are not forwarded; the host's turn span covers them.
        span::Id::from_u64(1)
    }
    fn record(&self, _: &span::Id, _: &span::Record<'_>) {}
    fn record_follows_from(&self, _: &span::Id, _: &span::Id) {}
    fn event(&self, event: &Event<'_>) {
        let meta = event.metadata();
        let mut visitor = Collect::default();
        event.record(&mut visitor);
        (self.log)(LogRecord {
            level: level_number(meta.level()),
            target: RString::from(meta.target()),
            message: RString::from(visitor.message),
            fields: RVec::from(visitor.fields),
        });
    }
    fn enter(&self, _: &span::Id) {}
    fn exit(&self, _: &span::Id) {}
}

#[derive(Default)]
struct Collect {
    message: String,
    fields: Vec<LogField>,
}

impl Collect {
    fn push(&mut self, field: &Field, value: FieldValue) {
        self.fields.push(LogField { name: RString::from(field.name()), value });
    }
}

impl Visit for Collect {
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.push(field, FieldValue::Int(value));
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.push(field, FieldValue::Int(value as i64));
    }
    fn record_bool(&mut self, field: &Field, value: bool) {
        self.push(field, FieldValue::Bool(value));
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message = value.to_string();
        } else {
            self.push(field, FieldValue::Text(RString::from(value)));
        }
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let mut text = String::new();
        let _ = write!(text, "{value:?}");
        if field.name() == "message" {
            self.message = text;
        } else {
            self.push(field, FieldValue::Text(RString::from(text)));
        }
    }
}
