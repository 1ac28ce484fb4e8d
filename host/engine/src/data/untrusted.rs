//! Reading a file the game did not write itself: plugins, records, saves,
//! key scripts, recordings, scenarios, traces, the atlas. Every one is
//! hostile until checked: it must be a regular file (a FIFO would hang the
//! game, `/dev/zero` would fill its memory) no larger than the limit for
//! its kind, and it is read no further than that limit even if it grows.

use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file of each kind the game reads, in bytes. The README lists them.
pub mod limits {
    /// A plugin library.
    pub const PLUGIN: u64 = 256 << 20;
    /// A data file of records (`data/<plugin>/*.toml`).
    pub const RECORDS: u64 = 1 << 20;
    /// A save.
    pub const SAVE: u64 = 64 << 20;
    /// A key script (`--keys-file`).
    pub const KEYS: u64 = 1 << 20;
    /// A recording (`--replay`).
    pub const RECORDING: u64 = 16 << 20;
    /// A scenario.
    pub const SCENARIO: u64 = 1 << 20;
    /// A trace read by the trace tools (they stream it, a line at a time).
    pub const TRACE: u64 = 4 << 30;
    /// One line of a trace.
    pub const TRACE_LINE: usize = 1 << 20;
    /// A part of a balance comparison (`balance merge`).
    pub const BALANCE_PART: u64 = 256 << 20;
    /// The tile atlas's image.
    pub const ATLAS_IMAGE: u64 = 64 << 20;
    /// The tile atlas's index, and a plugin's `tiles.txt`.
    pub const ATLAS_INDEX: u64 = 1 << 20;
    /// A plugin's own tile sheet, `tiles.png` (its pixels are held to
    /// 1024x1024 by the front end, before it is decoded).
    pub const PLUGIN_TILES_IMAGE: u64 = 8 << 20;
    /// A text a plugin stores on an item, in characters (longer is cut).
    pub const STORED_TEXT_CHARS: usize = 4096;
    /// The statuses one creature may bear at once (more are refused).
    pub const STATUSES_PER_CREATURE: usize = 32;
    /// The most characters of one word the game did not write (a key, a
    /// field's name, a plugin name) that a message shows ([`shown`](super::shown)).
    pub const SHOWN_WORD: usize = 80;
    /// The most characters of a longer text the game did not write (a
    /// reason a parser or a library gave, a whole message about a file) that
    /// one message shows.
    pub const SHOWN_TEXT: usize = 1000;
}

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file system said no.
    #[error("{path}: cannot read the {what}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What it was to be (`save`, `data file`).
        what: &'static str,
        /// Why.
        source: std::io::Error,
    },
    /// A folder, a FIFO, a device or a socket.
    #[error("{path}: the {what} is not a regular file but {kind}")]
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What it was to be.
        what: &'static str,
        /// What it is instead.
        kind: &'static str,
    },
    /// Larger than its kind may be.
    #[error("{path}: the {what} is {size} bytes, over the limit of {limit} bytes")]
    TooBig {
        /// The file.
        path: PathBuf,
        /// What it was to be.
        what: &'static str,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Not UTF-8 text.
    #[error("{path}: the {what} is not UTF-8 text (byte {at} is not)")]
    NotText {
        /// The file.
        path: PathBuf,
        /// What it was to be.
        what: &'static str,
        /// Where the first bad byte is.
        at: usize,
    },
}

/// Checks `path` is a regular file of at most `limit` bytes (a link is
/// followed); its size. Nothing is opened, so a FIFO cannot block.
pub fn check_file(path: &Path, what: &'static str, limit: u64) -> Result<u64, InputError> {
    let meta = std::fs::metadata(path).map_err(|source| InputError::Io { path: path.into(), what, source })?;
    if !meta.is_file() {
        return Err(InputError::NotAFile { path: path.into(), what, kind: kind_of(&meta) });
    }
    if meta.len() > limit {
        return Err(InputError::TooBig { path: path.into(), what, size: meta.len(), limit });
    }
    Ok(meta.len())
}

/// The bytes of a checked file, never more than `limit` of them.
pub fn read_bytes(path: &Path, what: &'static str, limit: u64) -> Result<Vec<u8>, InputError> {
    let size = check_file(path, what, limit)?;
    let io = |source| InputError::Io { path: path.into(), what, source };
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooBig { path: path.into(), what, size: bytes.len() as u64, limit });
    }
    Ok(bytes)
}

/// The text of a checked file.
pub fn read_text(path: &Path, what: &'static str, limit: u64) -> Result<String, InputError> {
    let bytes = read_bytes(path, what, limit)?;
    String::from_utf8(bytes).map_err(|e| InputError::NotText {
        path: path.into(),
        what,
        at: e.utf8_error().valid_up_to(),
    })
}

/// A checked file opened to read as a stream (a trace).
pub fn open_stream(path: &Path, what: &'static str, limit: u64) -> Result<impl Read, InputError> {
    check_file(path, what, limit)?;
    let file = std::fs::File::open(path).map_err(|source| InputError::Io { path: path.into(), what, source })?;
    Ok(file.take(limit))
}

/// Text the game did not write, as a message shows it: on one line (each
/// run of white space, line breaks included, becomes one space; any other
/// control character is escaped) and at most `most` characters of it, a
/// longer text cut with `…` and how many characters it had. Every refusal
/// that repeats what it refuses goes through this, so a megabyte of input
/// never becomes a megabyte of message.
pub fn shown(text: &str, most: usize) -> String {
    let mut out = String::new();
    let (mut kept, mut total) = (0usize, 0usize);
    for (i, word) in text.split_whitespace().enumerate() {
        let space = (i > 0).then_some(' ');
        for c in space.into_iter().chain(word.chars()) {
            total += 1;
            if kept < most {
                kept += 1;
                if c.is_control() {
                    out.extend(c.escape_default());
                } else {
                    out.push(c);
                }
            }
        }
    }
    if total > most {
        out.push_str(&format!("… ({total} characters)"));
    }
    out
}

/// What stands at `path` if it is something the game must neither take
/// for a file it wrote nor replace: a symbolic link (to anything, to
/// nothing, to itself), a folder, a FIFO, a device, a socket. `None` when
/// nothing is there, or a regular file is.
pub fn not_a_plain_file(path: &Path) -> Option<&'static str> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if meta.file_type().is_symlink() {
        Some("a symbolic link")
    } else if meta.is_file() {
        None
    } else {
        Some(kind_of(&meta))
    }
}

/// What a file is, in words (`a folder`, `a FIFO`, `a link` when read
/// with `symlink_metadata`), for a message saying it is not what it should be.
pub fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_file() {
        "a regular file"
    } else if t.is_symlink() {
        "a link"
    } else if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "something else"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_device_and_a_folder_are_refused_without_opening_them() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().map(|s| s.success()).unwrap_or(false);
        if made {
            let e = read_text(&fifo, "save", limits::SAVE).unwrap_err().to_string();
            assert!(e.contains("pipe") && e.contains("a FIFO"), "{e}");
        }
        let e = read_text(Path::new("/dev/zero"), "data file", limits::RECORDS).unwrap_err().to_string();
        assert!(e.contains("/dev/zero") && e.contains("character device"), "{e}");
        let e = read_text(dir.path(), "key script", limits::KEYS).unwrap_err().to_string();
        assert!(e.contains("a folder"), "{e}");
    }

    #[test]
    fn shown_text_is_one_line_and_capped() {
        assert_eq!(shown("  plain  words\n\tand lines \r\n", 80), "plain words and lines");
        assert_eq!(shown("bell\u{7}", 80), "bell\\u{7}");
        assert_eq!(shown("abcdef", 6), "abcdef");
        assert_eq!(shown("abcdefg", 6), "abcdef… (7 characters)");
        let huge = "x".repeat(1 << 20);
        let line = shown(&huge, limits::SHOWN_WORD);
        assert_eq!(line, format!("{}… (1048576 characters)", "x".repeat(80)));
        let lines = "why\n".repeat(1 << 18);
        let line = shown(&lines, limits::SHOWN_TEXT);
        assert!(!line.contains('\n') && line.chars().count() < limits::SHOWN_TEXT + 40, "{}", line.len());
    }

    #[test]
    fn a_link_to_a_device_is_refused_too() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("items.toml");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let e = read_text(&link, "data file", limits::RECORDS).unwrap_err().to_string();
        assert!(e.contains("items.toml") && e.contains("character device"), "{e}");
    }

    #[test]
    fn a_file_over_its_limit_is_refused_and_one_at_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys.txt");
        std::fs::write(&path, vec![b'.'; 11]).unwrap();
        let e = read_text(&path, "key script", 10).unwrap_err().to_string();
        assert!(e.contains("11 bytes") && e.contains("limit of 10"), "{e}");
        assert_eq!(read_text(&path, "key script", 11).unwrap().len(), 11);
        std::fs::write(&path, [b'a', 0xff, b'b']).unwrap();
        let e = read_text(&path, "key script", 10).unwrap_err().to_string();
        assert!(e.contains("not UTF-8") && e.contains("byte 1"), "{e}");
        let e = read_text(&dir.path().join("none"), "save", 10).unwrap_err().to_string();
        assert!(e.contains("none") && e.contains("cannot read the save"), "{e}");
    }
}
