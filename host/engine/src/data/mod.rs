//! What comes into a run as text and goes out of it as text: the plugins'
//! records ([`records`]: the record types the game uses, apart from the
//! shapes the TOML is read into, [`records::raw`], and the checks that turn
//! those into records, [`records::check`]; their JSON Schema and reference
//! are made from the raw types with [`records_schema`] and
//! [`records_doc`]), the host's own numbers ([`numbers`]), the tile atlas's
//! index ([`tile_index`]), the trace format and the queue plugins' log
//! lines wait in ([`trace`]), and the one way a file the game did not write
//! is read ([`untrusted`]); and what a save accepts, which the running game
//! is held to as well ([`bounds`]).
//!
//! **Invariant:** nothing here knows of the run in progress: `data` imports
//! only `core` (the import test holds it).

pub mod bounds;
pub mod numbers;
pub mod records;
pub mod records_doc;
pub mod records_schema;
pub mod tile_index;
pub mod trace;
pub mod untrusted;
