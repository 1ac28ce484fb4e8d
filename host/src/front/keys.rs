//! Keys, as the game understands them, and the small notation scripts use
//! (`--keys "l l j 3*h Tab Enter i a Esc"`).
//!
//! Tokens are separated by spaces. A single character is that character's key
//! (`l`, `>`, `R`, `.`). Names: `Tab`, `Enter`, `Esc`, `Space`, `Up`, `Down`,
//! `Left`, `Right`, `PageUp`, `PageDown`, `Home`, `End`, `F1`..`F12`, `KP1`..`KP9` (numpad), `Click:X,Y` (a left
//! click on map cell X,Y), `Hover:X,Y` (the mouse moved onto map cell X,Y,
//! which moves the aiming or looking cursor). `N*TOKEN` repeats a token N times (`20*.` waits
//! twenty turns). Text after `//` on a line of a keys file is a comment.

use std::fmt;

use emberdeep_engine::data::untrusted::{limits, shown};

/// One key press (or click) the game reacts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character, as typed (`h`, `>`, `R`).
    Char(char),
    /// Tab.
    Tab,
    /// Enter / Return.
    Enter,
    /// Escape.
    Esc,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
    /// A numpad digit (1-9).
    Numpad(u8),
    /// A function key (1-12).
    F(u8),
    /// A left click on a map cell.
    Click(i32, i32),
    /// The mouse moved onto a map cell (kept only while aiming or looking, where it moves the cursor).
    Hover(i32, i32),
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Key::Char(' ') => f.write_str("Space"),
            Key::Char(c) => write!(f, "{c}"),
            Key::Tab => f.write_str("Tab"),
            Key::Enter => f.write_str("Enter"),
            Key::Esc => f.write_str("Esc"),
            Key::Up => f.write_str("Up"),
            Key::Down => f.write_str("Down"),
            Key::Left => f.write_str("Left"),
            Key::Right => f.write_str("Right"),
            Key::PageUp => f.write_str("PageUp"),
            Key::PageDown => f.write_str("PageDown"),
            Key::Home => f.write_str("Home"),
            Key::End => f.write_str("End"),
            Key::Numpad(n) => write!(f, "KP{n}"),
            Key::F(n) => write!(f, "F{n}"),
            Key::Click(x, y) => write!(f, "Click:{x},{y}"),
            Key::Hover(x, y) => write!(f, "Hover:{x},{y}"),
        }
    }
}

/// The most times one word may repeat its key (`N*KEY`).
pub const MOST_REPEATS: usize = 100_000;
/// The most keys a script may hold, repeats counted.
pub const MOST_KEYS: usize = 1_000_000;

/// The most steps the time-savers of one script (`--keys`, `--keys-file`,
/// a scenario's `[keys]`, a line of `--keys-from -`, a replay) may play in
/// all: rest, explore and travel play up to 1,000 turns within one key, so
/// a script's count of keys alone does not bound its turns. Before each key
/// a script whose time-savers have taken this many stops (docs/keys.md).
pub const MOST_SCRIPT_STEPS: u64 = 100_000;

/// A script stopped by [`MOST_SCRIPT_STEPS`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the keys stopped before key {at} of {of}: their time-savers (rest, explore, travel) took {steps} steps, \
     and one script's take at most {MOST_SCRIPT_STEPS} (docs/keys.md)"
)]
pub struct ScriptSpent {
    /// The key not played, from 1.
    pub at: usize,
    /// The script's keys.
    pub of: usize,
    /// The steps its time-savers took.
    pub steps: u64,
}

/// A key script that could not be read. The word at fault is shown capped
/// ([`shown`]): a megabyte of word is a line of a hundred characters.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KeyError {
    /// A word that is no key.
    #[error("unknown key '{}' (word {position}); use a single character or one of Tab Enter Esc Space Up Down Left Right PageUp PageDown Home End F1-F12 KP1-KP9 Click:X,Y Hover:X,Y, and N*KEY to repeat", shown(token, limits::SHOWN_WORD))]
    Unknown {
        /// The word as written.
        token: String,
        /// Its position among the words, from 1.
        position: usize,
    },
    /// `N*KEY` with N above [`MOST_REPEATS`].
    #[error("'{}' (word {position}) repeats its key more than {MOST_REPEATS} times", shown(token, limits::SHOWN_WORD))]
    TooManyRepeats {
        /// The word as written.
        token: String,
        /// Its position among the words, from 1.
        position: usize,
    },
    /// A recorded key that is not exactly one key.
    #[error("'{token}' is not one key (a single character or one of Tab Enter Esc Space Up Down Left Right PageUp PageDown Home End F1-F12 KP1-KP9 Click:X,Y Hover:X,Y)")]
    NotOneKey {
        /// The entry as written (its first characters).
        token: String,
    },
    /// More than [`MOST_KEYS`] keys in all.
    #[error("the script holds more than {MOST_KEYS} keys (at word {position})")]
    TooLong {
        /// The word that went over.
        position: usize,
    },
}

/// A key of a script, and whether it was typed ahead: the second to last
/// key of an `N*KEY` repeat, dropped when a turn of the repeat before it
/// brings a monster into view or the player's health below a third
/// ([`crate::drivers::play::session::Session::press_typed`], docs/keys.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Typed {
    /// The key.
    pub key: Key,
    /// Whether it repeats the key before it in an `N*KEY`.
    pub ahead: bool,
}

impl Typed {
    /// Keys pressed one at a time (a recording's), none typed ahead.
    pub fn each(keys: &[Key]) -> Vec<Typed> {
        keys.iter().map(|&key| Typed { key, ahead: false }).collect()
    }
}

/// Reads a key script in the notation above.
pub fn parse_keys(script: &str) -> Result<Vec<Key>, KeyError> {
    Ok(parse_script(script)?.into_iter().map(|t| t.key).collect())
}

/// Reads a key script, knowing which keys repeat the one before them.
pub fn parse_script(script: &str) -> Result<Vec<Typed>, KeyError> {
    let mut keys = Vec::new();
    let tokens = script.lines().map(|line| line.split("//").next().unwrap_or("")).flat_map(str::split_whitespace);
    for (i, token) in tokens.enumerate() {
        let position = i + 1;
        let err = || KeyError::Unknown { token: token.to_string(), position };
        let too_many = || KeyError::TooManyRepeats { token: token.to_string(), position };
        let (count, name) = match token.split_once('*') {
            Some((n, name)) if !n.is_empty() && !name.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                (n.parse::<usize>().map_err(|_| too_many())?, name)
            }
            Some((n, name)) if !n.is_empty() && !name.is_empty() => return Err(err()),
            _ => (1, token),
        };
        let key = parse_one(name).ok_or_else(err)?;
        if count > MOST_REPEATS {
            return Err(too_many());
        }
        if keys.len() + count > MOST_KEYS {
            return Err(KeyError::TooLong { position });
        }
        keys.extend((0..count).map(|i| Typed { key, ahead: i > 0 }));
    }
    Ok(keys)
}

/// The most characters of a word a refusal shows.
const SHOWN: usize = 40;

/// Reads exactly one key, as a recording's entry or a trace's `press`
/// holds it: no repeat, no comment, no second word (`l l`, `//` and
/// `3*l` are refused, not read as other keys).
pub fn parse_key(word: &str) -> Result<Key, KeyError> {
    parse_one(word).ok_or_else(|| {
        let mut token: String = word.chars().take(SHOWN).collect();
        if token.len() < word.len() {
            token.push_str("...");
        }
        KeyError::NotOneKey { token }
    })
}

fn parse_one(name: &str) -> Option<Key> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(Key::Char(c));
    }
    let key = match name {
        "Tab" => Key::Tab,
        "Enter" | "Return" => Key::Enter,
        "Esc" | "Escape" => Key::Esc,
        "Space" => Key::Char(' '),
        "Up" => Key::Up,
        "Down" => Key::Down,
        "Left" => Key::Left,
        "Right" => Key::Right,
        "PageUp" => Key::PageUp,
        "PageDown" => Key::PageDown,
        "Home" => Key::Home,
        "End" => Key::End,
        _ => return parse_numbered(name),
    };
    Some(key)
}

fn parse_numbered(name: &str) -> Option<Key> {
    if let Some(n) = name.strip_prefix("KP") {
        let n: u8 = n.parse().ok()?;
        return (1..=9).contains(&n).then_some(Key::Numpad(n));
    }
    if let Some(xy) = name.strip_prefix("Click:") {
        let (x, y) = xy.split_once(',')?;
        return Some(Key::Click(x.parse().ok()?, y.parse().ok()?));
    }
    if let Some(xy) = name.strip_prefix("Hover:") {
        let (x, y) = xy.split_once(',')?;
        return Some(Key::Hover(x.parse().ok()?, y.parse().ok()?));
    }
    let n: u8 = name.strip_prefix('F')?.parse().ok()?;
    (1..=12).contains(&n).then_some(Key::F(n))
}

/// The direction a moving key stands for: vi-keys, arrows, numpad.
pub fn direction(key: Key) -> Option<(i32, i32)> {
    let d = match key {
        Key::Char('h') | Key::Left | Key::Numpad(4) => (-1, 0),
        Key::Char('l') | Key::Right | Key::Numpad(6) => (1, 0),
        Key::Char('k') | Key::Up | Key::Numpad(8) => (0, -1),
        Key::Char('j') | Key::Down | Key::Numpad(2) => (0, 1),
        Key::Char('y') | Key::Numpad(7) => (-1, -1),
        Key::Char('u') | Key::Numpad(9) => (1, -1),
        Key::Char('b') | Key::Numpad(1) => (-1, 1),
        Key::Char('n') | Key::Numpad(3) => (1, 1),
        _ => return None,
    };
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_notation() {
        let typed = parse_script("l 3*h Tab").unwrap();
        let ahead: Vec<bool> = typed.iter().map(|t| t.ahead).collect();
        assert_eq!(ahead, [false, false, true, true, false], "the 2nd and 3rd h repeat the 1st");
        let keys = parse_keys("l l j 3*h Tab Enter i a Esc KP5 F2 > Click:4,7").unwrap();
        assert_eq!(keys.len(), 15);
        assert_eq!(keys[0], Key::Char('l'));
        assert_eq!(keys[3..6], [Key::Char('h'); 3]);
        assert_eq!(keys[6], Key::Tab);
        assert_eq!(keys[10], Key::Esc);
        assert_eq!(keys[11], Key::Numpad(5));
        assert_eq!(keys[12], Key::F(2));
        assert_eq!(keys[13], Key::Char('>'));
        assert_eq!(keys[14], Key::Click(4, 7));
    }

    #[test]
    fn comments_and_lines_are_allowed() {
        let keys = parse_keys("l l // walk east\nj\n").unwrap();
        assert_eq!(keys, vec![Key::Char('l'), Key::Char('l'), Key::Char('j')]);
    }

    #[test]
    fn bad_tokens_are_named() {
        let e = parse_keys("l Jump").unwrap_err();
        assert_eq!(e, KeyError::Unknown { token: "Jump".into(), position: 2 });
        assert!(parse_keys("x*l").is_err());
        assert!(parse_keys("KP0").is_err());
    }

    #[test]
    fn huge_repeats_are_refused_with_the_limit_named() {
        for script in ["18446744073709551615*.", "4000000000000*.", "99999999999999999999999*.", "100001*."] {
            let e = parse_keys(&format!("l {script}")).unwrap_err();
            assert_eq!(e, KeyError::TooManyRepeats { token: script.into(), position: 2 }, "{script}");
            assert!(e.to_string().contains("more than 100000 times"), "{e}");
        }
        assert_eq!(parse_keys("100000*.").unwrap().len(), MOST_REPEATS);
        let e = parse_keys(&"100000*. ".repeat(11)).unwrap_err();
        assert_eq!(e, KeyError::TooLong { position: 11 });
        assert!(parse_keys("-3*l").is_err(), "a negative count is no count");
    }

    #[test]
    fn a_huge_word_is_refused_in_one_short_line() {
        let word = "Jump".repeat(1 << 18);
        let e = parse_keys(&format!("l {word}")).unwrap_err().to_string();
        let start: String = e.chars().take(120).collect();
        assert!(e.len() < 500, "{} bytes: {start}", e.len());
        assert!(e.starts_with("unknown key 'JumpJump") && e.contains("… (1048576 characters)' (word 2)"), "{e}");
        let count = "9".repeat(1 << 20);
        let e = parse_keys(&format!("{count}*.")).unwrap_err().to_string();
        assert!(e.len() < 500 && e.contains("(word 1) repeats its key more than 100000 times"), "{}", e.len());
        let e = parse_keys("l \u{1b}[2J").unwrap_err().to_string();
        assert!(e.contains("unknown key '\\u{1b}[2J'"), "a terminal's escape is shown, not sent: {e}");
    }

    #[test]
    fn every_key_prints_back_in_the_notation() {
        for k in
            parse_keys("a Space Tab Enter Esc Up Down Left Right PageUp PageDown Home End KP3 F12 Click:1,2 Hover:3,4")
                .unwrap()
        {
            assert_eq!(parse_keys(&k.to_string()).unwrap(), vec![k]);
        }
    }
}
