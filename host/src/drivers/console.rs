//! What the commands print: reports on standard output, warnings and
//! refusals on standard error, through [`out!`](crate::out),
//! [`outln!`](crate::outln) and [`errln!`](crate::errln) and never
//! `print!`/`eprintln!` (a test in this module holds the drivers and
//! `main` to it).
//!
//! A reader may go away before a command is done (`emberdeep plugin list |
//! head -1`, `emberdeep check F | true`). Rust's runtime ignores `SIGPIPE`,
//! so the write then fails with a broken pipe, which `print!` turns into a
//! panic and a backtrace. Here the first failed write marks its stream as
//! gone and what follows for it is dropped: the command goes on to its own
//! end, and exits with its usual code, quietly.
//!
//! Why not `SIGPIPE` put back to its default at the start instead: the
//! signal kills the process at the write, wherever it is. A headless run
//! printing as it plays would die with its trace not finished (its last
//! events still in the buffer, no `run_end`), its save not written and a
//! morgue half made; `--bot` or `balance` would leave children and their
//! trace parts behind. Dropping the output keeps all of those whole: only
//! what nobody reads any more is lost.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether standard output's reader went away.
static OUT_GONE: AtomicBool = AtomicBool::new(false);
/// Whether standard error's reader went away.
static ERR_GONE: AtomicBool = AtomicBool::new(false);

/// Writes to standard output (see the module); nothing once its reader is gone.
pub fn write_out(args: std::fmt::Arguments<'_>) {
    write_to(&mut std::io::stdout().lock(), &OUT_GONE, args);
}

/// Writes to standard error (see the module); nothing once its reader is gone.
pub fn write_err(args: std::fmt::Arguments<'_>) {
    write_to(&mut std::io::stderr().lock(), &ERR_GONE, args);
}

/// Whether standard output's reader went away: a long command may stop
/// making what nobody will read (it still ends as it would).
pub fn out_gone() -> bool {
    OUT_GONE.load(Ordering::Relaxed)
}

/// Writes `args` to `w` and flushes, unless `gone`; a write that fails
/// (a broken pipe, or any other reason the stream cannot take it) marks it gone.
fn write_to(w: &mut impl Write, gone: &AtomicBool, args: std::fmt::Arguments<'_>) {
    if gone.load(Ordering::Relaxed) {
        return;
    }
    if w.write_fmt(args).and_then(|()| w.flush()).is_err() {
        gone.store(true, Ordering::Relaxed);
    }
}

/// Whether an error is a reader gone away: a closed pipe.
pub fn is_closed_pipe(e: &std::io::Error) -> bool {
    e.kind() == std::io::ErrorKind::BrokenPipe
}

/// `print!` that never panics: see [`crate::drivers::console`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::drivers::console::write_out(format_args!($($arg)*))
    };
}

/// `println!` that never panics: see [`crate::drivers::console`].
#[macro_export]
macro_rules! outln {
    () => {
        $crate::drivers::console::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::drivers::console::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` that never panics: see [`crate::drivers::console`].
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::drivers::console::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader went away after `room` bytes.
    struct Closed {
        room: usize,
        taken: Vec<u8>,
    }

    impl Write for Closed {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.room == 0 {
                return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            self.taken.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_reader_gone_drops_what_follows_and_nothing_panics() {
        let gone = AtomicBool::new(false);
        let mut w = Closed { room: 6, taken: Vec::new() };
        write_to(&mut w, &gone, format_args!("first\n"));
        assert!(!gone.load(Ordering::Relaxed));
        write_to(&mut w, &gone, format_args!("second\n"));
        assert!(gone.load(Ordering::Relaxed), "the broken pipe is noted");
        w.room = 100;
        write_to(&mut w, &gone, format_args!("third\n"));
        assert_eq!(String::from_utf8_lossy(&w.taken), "first\n", "nothing is written once the reader is gone");
    }

    /// The drivers and `main` print only through this module's macros: a
    /// `print!` left anywhere is a panic waiting for a closed pipe.
    #[test]
    fn no_driver_prints_but_through_this_module() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![src.join("main.rs")];
        let mut dirs = vec![src.join("drivers"), src.join("front")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let p = entry.path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|e| e == "rs") && !p.ends_with("console.rs") && !is_tests(&p) {
                    files.push(p);
                }
            }
        }
        let mut found = Vec::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            // Tests may print as they like: only the code before them counts.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for (n, line) in code.lines().enumerate() {
                let line = line.trim_start();
                if line.starts_with("//") {
                    continue;
                }
                for bad in ["print!(", "println!(", "eprint!(", "eprintln!("] {
                    let at = line.find(bad);
                    // `eprintln!(` contains `println!(`: only a whole macro name counts.
                    let whole = at.is_some_and(|i| i == 0 || !line.as_bytes()[i - 1].is_ascii_alphanumeric());
                    if whole {
                        found.push(format!("{}:{}: {line}", file.display(), n + 1));
                    }
                }
            }
        }
        assert!(found.is_empty(), "print through drivers::console instead:\n{}", found.join("\n"));
    }

    /// A file of tests only (`tests.rs`, `play_tests.rs`).
    fn is_tests(p: &std::path::Path) -> bool {
        p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n == "tests.rs" || n.ends_with("_tests.rs"))
    }
}
