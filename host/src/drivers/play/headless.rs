//! Playing without a window: the scripted keys of `--keys`, or keys read a
//! line at a time (`--keys-from -`), then the end of the run, and a
//! screenshot of the last frame if asked.

use std::path::Path;

use crate::drivers::play::session::Session;
use crate::front::app::Mode;
use crate::front::atlas::Atlas;
use crate::front::keys::{ScriptSpent, Typed};
use crate::front::ui;

/// Plays the keys in order, dropping those typed ahead of an alarm
/// ([`Session::press_typed`]); stops early if a key quits, or once the
/// keys' time-savers have taken the most steps a script may (the run then
/// ends there as it would at the script's end, and the error says where).
pub fn play_keys(session: &mut Session, keys: &[Typed]) -> Result<(), ScriptSpent> {
    let played = play_script(session, keys);
    if played.as_ref().is_ok_and(|&go_on| !go_on) {
        return Ok(());
    }
    if session.app.mode != Mode::Dead {
        session.app.game.quit_run();
    }
    played.map(|_| ())
}

/// Plays a script's keys until they end, a key quits (`Ok(false)`), or
/// their time-savers have taken [`crate::front::keys::MOST_SCRIPT_STEPS`]
/// (`Err`, before the next key).
pub fn play_script(session: &mut Session, keys: &[Typed]) -> Result<bool, ScriptSpent> {
    let start = session.app.saver_steps();
    let mut at = 0;
    while at < keys.len() {
        if let Some(steps) = session.script_spent(start) {
            return Err(ScriptSpent { at: at + 1, of: keys.len(), steps });
        }
        let (go_on, used) = session.press_typed(&keys[at..]);
        if !go_on {
            return Ok(false);
        }
        at += used;
    }
    Ok(true)
}

/// Renders the current frame to a PNG, tiles from `atlas`.
pub fn screenshot(session: &mut Session, atlas: &Atlas, path: &Path) -> Result<(), ui::DrawError> {
    ui::screenshot_front(session, atlas, path)
}

/// One line to standard output, flushed; a reader gone (a closed pipe) is
/// no reason to stop the run, which ends when its input does.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, $($arg)*).and_then(|()| out.flush());
    }};
}

/// The longest line of keys read from the input; a longer one is refused.
const MOST_LINE: usize = 64 << 10;

/// `--keys-from -`: the keys of `first` (a restart's keys not yet played),
/// then a line at a time from standard input, in the notation of `--keys`,
/// until it ends or a key quits. After each line: every new message of the
/// log (`log: ...`), then one `state: ...` line. With `--watch`, the plugin
/// files are looked at before each key (see [`Session::look_for_builds`]).
pub fn play_lines(session: &mut Session, first: Vec<Typed>) {
    let mut printed = match session.told {
        Some((len, last_count)) => LogMark { len, last_count },
        None => LogMark::of(session),
    };
    printed.keep(session);
    let mut input = Input::stdin();
    let mut keys = first;
    loop {
        if keys.is_empty() {
            match input.line() {
                Ok(Some(line)) => match crate::front::keys::parse_script(&line) {
                    Ok(read) => keys = read,
                    Err(e) => say!("error: {e}"),
                },
                Ok(None) => break,
                Err(e) if e.kind() == std::io::ErrorKind::Other => {
                    say!("error: {e}");
                    continue;
                }
                Err(e) => {
                    say!("error: reading the keys failed: {e}");
                    break;
                }
            }
        }
        let line = std::mem::take(&mut keys);
        let mut quit = false;
        let plain: Vec<_> = line.iter().map(|t| t.key).collect();
        // Each line is a script of its own, bounded as one.
        let start = session.app.saver_steps();
        let mut at = 0;
        while at < line.len() {
            if let Some(steps) = session.script_spent(start) {
                say!("error: {}", ScriptSpent { at: at + 1, of: line.len(), steps });
                break;
            }
            session.look_for_builds(None, &plain[at..], true);
            let (go_on, used) = session.press_typed(&line[at..]);
            if !go_on {
                quit = true;
                break;
            }
            at += used;
        }
        printed.print_new(session);
        say!("state: {}", state_line(session));
        if quit {
            return;
        }
    }
    if session.app.mode != Mode::Dead {
        session.app.game.quit_run();
    }
}

/// How far the log has been printed.
struct LogMark {
    len: usize,
    last_count: u32,
}

impl LogMark {
    fn of(session: &Session) -> LogMark {
        let messages = session.app.game.log().messages();
        LogMark { len: messages.len(), last_count: messages.last().map_or(0, |m| m.count) }
    }

    /// Prints what was said since, a repeat with its count.
    fn print_new(&mut self, session: &mut Session) {
        let messages = session.app.game.log().messages();
        let print = |m: &emberdeep_engine::world::log::Message| {
            let times = if m.count > 1 { format!(" (x{})", m.count) } else { String::new() };
            say!("log: {}{times}", m.text);
        };
        // The log drops its oldest messages in batches; then the mark is lost, and only the last is told.
        let from = if self.len <= messages.len() { self.len } else { messages.len().saturating_sub(1) };
        if let Some(last) =
            messages.get(self.len.wrapping_sub(1)).filter(|m| self.len <= messages.len() && m.count != self.last_count)
        {
            print(last);
        }
        messages[from..].iter().for_each(print);
        *self = LogMark::of(session);
        self.keep(session);
    }

    /// Where the session keeps it, for a restart.
    fn keep(&self, session: &mut Session) {
        session.told = Some((self.len, self.last_count));
    }
}

/// The run's state in one line: turn, health, floor and pack. The pack
/// names each item as the pack screen does, after its slot's letter (`a - 2
/// scrolls labelled NOOR MOR`): a kind the player does not know is never
/// named by its record id.
pub fn state_line(session: &mut Session) -> String {
    let pack: Vec<String> = session
        .app
        .pack_labels()
        .into_iter()
        .map(|(slot, label)| format!("{} - {label}", emberdeep_engine::world::pack::slot_letter(slot)))
        .collect();
    let pack = if pack.is_empty() { "empty".to_string() } else { pack.join(", ") };
    let game = &session.app.game;
    let player = game.player();
    format!("turn {}, hp {}/{}, floor {}, pack: {pack}", game.turn(), player.hp, player.max_hp, game.floor())
}

/// Standard input, read a byte at a time, so no key read ahead is lost
/// when the game restarts itself (a buffer would go with the process).
struct Input {
    file: Option<std::fs::File>,
}

impl Input {
    fn stdin() -> Input {
        use std::os::fd::AsFd;
        let file = std::io::stdin().as_fd().try_clone_to_owned().ok().map(std::fs::File::from);
        Input { file }
    }

    /// The next line, `None` at the end; a line too long is an error (and skipped).
    fn line(&mut self) -> std::io::Result<Option<String>> {
        use std::io::Read;
        let Some(file) = &mut self.file else { return Ok(None) };
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        let mut too_long = false;
        loop {
            match file.read(&mut byte) {
                Ok(0) if line.is_empty() && !too_long => return Ok(None),
                Ok(0) => break,
                Ok(_) if byte[0] == b'\n' => break,
                Ok(_) if line.len() >= MOST_LINE => too_long = true,
                Ok(_) => line.push(byte[0]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        if too_long {
            return Err(std::io::Error::other(format!("a line of keys longer than {MOST_LINE} bytes")));
        }
        String::from_utf8(line).map(Some).map_err(|_| std::io::Error::other("a line of keys that is not UTF-8"))
    }
}
