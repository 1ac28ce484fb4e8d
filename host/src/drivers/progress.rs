//! Progress for the long commands (`--bot N`, `balance`, `plugin add`): a
//! bar on a terminal (indicatif, on stderr), plain lines on stderr when it
//! is not one (so tests and CI logs read them). Progress never goes to a
//! trace, a summary or a report: those are the same with or without it.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// Steps or runs counted to a known total.
pub struct Steps {
    what: String,
    total: u64,
    done: u64,
    bar: Option<ProgressBar>,
}

impl Steps {
    /// `total` steps of `what` (`plugin add`, `bot`): a bar if stderr is a terminal.
    pub fn new(what: &str, total: u64) -> Steps {
        Steps::with_terminal(what, total, std::io::stderr().is_terminal())
    }

    /// [`Steps::new`], saying whether stderr is a terminal.
    pub fn with_terminal(what: &str, total: u64, terminal: bool) -> Steps {
        let bar = terminal.then(|| {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(what.to_string());
            bar
        });
        Steps { what: what.into(), total, done: 0, bar }
    }

    /// The next step begins: `message` says what it is.
    pub fn step(&mut self, message: &str) {
        self.done += 1;
        match &self.bar {
            Some(bar) => {
                bar.set_position(self.done.saturating_sub(1));
                bar.set_message(message.to_string());
            }
            None => crate::errln!("{}: {}/{} {message}", self.what, self.done, self.total),
        }
    }

    /// `count` more done (runs finished), said as `done/total`.
    pub fn advance(&mut self, count: u64, message: &str) {
        self.done = (self.done + count).min(self.total);
        match &self.bar {
            Some(bar) => {
                bar.set_position(self.done);
                bar.set_message(message.to_string());
            }
            None => crate::errln!("{}: {}/{} {message}", self.what, self.done, self.total),
        }
    }

    /// All done: the bar cleared.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Steps {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_terminal_there_is_no_bar() {
        let mut steps = Steps::with_terminal("test", 3, false);
        assert!(steps.bar.is_none());
        steps.step("one");
        steps.advance(5, "runs");
        assert_eq!(steps.done, 3, "never past the total");
        let steps = Steps::with_terminal("test", 3, true);
        assert!(steps.bar.is_some());
    }
}
