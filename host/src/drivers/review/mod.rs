//! Looking back at runs.
//!
//! * [`trace_tools`]: `trace summary`, `trace events` and `trace diff`, over
//!   [`trace_query`]'s event patterns.
//! * [`check`]: scenario files' expectations (`emberdeep check`), their
//!   `[expect]` lines read by [`expect`].
//! * [`replay`]: what `--replay` reads (a recording, a trace or a save).
//! * [`timeline`]: a recorded run to step through, turn by turn (snapshots
//!   and seeking); [`timeline_screen`]: its screen and keys.

pub mod check;
pub mod expect;
pub mod replay;
pub mod timeline;
pub mod timeline_screen;
pub mod trace_query;
pub mod trace_tools;
