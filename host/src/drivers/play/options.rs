//! The player's options, `options.toml` in the config folder (beside
//! `prefs.json`): key bindings for the host's keys and the plugins', the
//! view to start in, the glyph view's cell size, the animation speed, what
//! stops auto-explore, and which questions are asked before an item is
//! wasted. The first time the game starts with a config folder the file is
//! written with every option commented out ([`template`]).
//!
//! The file is read as hostile: each bad value (a wrong type, out of range,
//! a key that is no key, an option that does not exist) is one line naming
//! the file, the line and the option, and that option keeps its default;
//! the rest are used and the game goes on. A file that is not TOML at all is
//! one line with its line, and every option keeps its default.

use std::path::{Path, PathBuf};

use emberdeep_engine::data::untrusted;
use emberdeep_engine::rules::asking::PluginKey;
use emberdeep_engine::rules::travel::ExploreOptions;
use toml_edit::{ImDocument, Item, Table};

use crate::front::app::{GLYPH_CELLS, TILE_CELLS};
use crate::front::bindings::{Asks, Bindings, HOST_ACTIONS};
use crate::front::keys::{parse_key, Key};

/// The file's name in the config folder.
pub const FILE_NAME: &str = "options.toml";
/// The most the file may weigh.
const LIMIT: u64 = 64 << 10;
/// The animation speeds allowed (1 is the game's).
const SPEEDS: std::ops::RangeInclusive<f64> = 0.1..=10.0;

/// What the options file chose; [`Options::default`] is the game as it is without one.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Keys bound otherwise.
    pub keys: Bindings,
    /// The view to start in (else the one last chosen).
    pub view: Option<String>,
    /// The glyph view's cell size in pixels.
    pub cell_size: Option<u32>,
    /// The tile view's cell size in pixels.
    pub tile_size: Option<u32>,
    /// How fast shots, bursts and time-savers' steps play (1: the game's pace).
    pub animation_speed: f64,
    /// Auto-explore's choices: whether it picks up what it sees (missiles
    /// too), and whether it stops for an item it will not pick up.
    pub explore: ExploreOptions,
    /// The questions asked before an item is wasted.
    pub ask: Asks,
    /// How near the map area's edge the player comes, in cells, before the
    /// camera moves (`[camera] margin`).
    pub camera_margin: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            keys: Bindings::default(),
            view: None,
            cell_size: None,
            tile_size: None,
            animation_speed: 1.0,
            explore: ExploreOptions::default(),
            ask: Asks::default(),
            camera_margin: crate::front::camera::MARGIN,
        }
    }
}

/// One option the file got wrong, in one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// A value of the wrong kind or out of range, or an option that does not exist.
    #[error("{}:{line}: option `{option}`: {why}; the default is used", path.display())]
    Bad {
        /// The file.
        path: PathBuf,
        /// Its line, from 1.
        line: usize,
        /// The option, with its table (`keys.explore`).
        option: String,
        /// Why.
        why: String,
    },
    /// Not TOML.
    #[error("{}:{line}: {why}; every option keeps its default", path.display())]
    NotToml {
        /// The file.
        path: PathBuf,
        /// Its line, from 1.
        line: usize,
        /// Why.
        why: String,
    },
    /// The file cannot be read (too big, not text, the file system said no).
    #[error("{0}; every option keeps its default")]
    Read(String),
    /// The first-time file could not be written.
    #[error("the options file {} was not written: {why}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        why: String,
    },
}

/// The line (from 1) of byte `at` in `text`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The options file's text with every option commented out: what each is,
/// and its default; `plugin_keys` are the keys the loaded plugins declare.
pub fn template(plugin_keys: &[PluginKey]) -> String {
    let mut t = String::from(
        "# Emberdeep's options. Remove the `#` before an option to change it;\n\
         # a bad value is reported in one line and its default used.\n\n\
         # The view the game starts in: \"glyphs\", \"tiles\" or a plugin's view\n\
         # (without it: the view last chosen with F2).\n\
         # view = \"glyphs\"\n\n\
         # The glyph view's cell size in pixels, 8 to 48 (`+` and `_` change it in play).\n\
         # cell_size = 16\n\n\
         # The tile view's cell size in pixels, 16 to 64 (`+` and `_` change it in play).\n\
         # tile_size = 32\n\n\
         # How fast shots, bursts and auto-explore's steps play: 2 is twice as fast, 0.5 half.\n\
         # animation_speed = 1.0\n\n\
         [camera]\n\
         # The map holds still while you walk; it moves (centring on you) only when\n\
         # you come within this many cells of the map area's edge, 0 to 40 (never\n\
         # more than a quarter of the cells shown across).\n\
         # margin = 6\n\n\
         [explore]\n\
         # Whether auto-explore (o) walks to the items it sees and picks them up\n\
         # (never what you dropped, nor what the pack has no room for).\n\
         # pick_up_items = true\n\
         # Whether, picking up items, it picks up missiles too (arrows, darts).\n\
         # pick_up_missiles = true\n\
         # Whether auto-explore stops when an item comes into view that it will\n\
         # not pick up (every item, with pick_up_items off).\n\
         # stop_for_items = true\n\n\
         [ask]\n\
         # The questions asked before an item is wasted (false: never asked, done at once).\n\
         # drink_at_full_health = true\n\
         # shoot_short = true\n\
         # stop_aiming = true\n\n\
         [keys]\n\
         # The host's keys in play, each bound to another key (a character, or\n\
         # Tab Enter Space Up Down Left Right PageUp PageDown Home End F1-F12 KP1-KP9).\n\
         # The key it replaces then does nothing in play. A key something else\n\
         # answers (Esc, another option's key unless that one is bound elsewhere\n\
         # too, a key an earlier line took) is refused, and the option keeps its key.\n",
    );
    for (name, key, what) in HOST_ACTIONS {
        t.push_str(&format!("# {name} = \"{key}\"  # {what}\n"));
    }
    t.push_str("\n[plugin_keys]\n# The plugins' keys, by the key each declares, each bound to another key.\n");
    for k in plugin_keys {
        t.push_str(&format!("# \"{}\" = \"{}\"  # {} ({})\n", k.help.key, k.help.key, k.help.what, k.plugin));
    }
    t
}

/// Reads `options.toml` in `dir`, writing the commented-out file first if
/// there is none; the options, and a line for each problem.
pub fn load(dir: &Path, plugin_keys: &[PluginKey]) -> (Options, Vec<OptionError>) {
    let path = dir.join(FILE_NAME);
    if std::fs::symlink_metadata(&path).is_err() {
        let _ = std::fs::create_dir_all(dir);
        let written =
            crate::drivers::play::save::write_atomic(&path, "options file", template(plugin_keys).as_bytes(), false);
        return match written {
            Ok(()) => (Options::default(), Vec::new()),
            Err(e) => (Options::default(), vec![OptionError::Write { path, why: e.to_string() }]),
        };
    }
    match untrusted::read_text(&path, "options", LIMIT) {
        Ok(text) => read(&path, &text, plugin_keys),
        Err(e) => (Options::default(), vec![OptionError::Read(e.to_string())]),
    }
}

/// The options `text` (the file at `path`) chooses, and a line for each problem.
pub fn read(path: &Path, text: &str, plugin_keys: &[PluginKey]) -> (Options, Vec<OptionError>) {
    let mut options = Options::default();
    let mut problems = Vec::new();
    let doc = match ImDocument::parse(text) {
        Ok(doc) => doc,
        Err(e) => {
            let line = e.span().map_or(1, |s| line_of(text, s.start));
            let why = e.message().lines().next().unwrap_or("not TOML");
            let why = untrusted::shown(why, untrusted::limits::SHOWN_TEXT);
            return (options, vec![OptionError::NotToml { path: path.into(), line, why }]);
        }
    };
    let mut reader = Reader { path, text, problems: &mut problems };
    let mut wanted = Vec::new();
    for (name, item) in doc.as_table().iter() {
        match name {
            "view" => {
                options.view = reader
                    .value(item, name, |v| v.as_str().map(str::to_string).ok_or(Expected("a view's name in quotes")))
            }
            "cell_size" => {
                options.cell_size =
                    reader.value(item, name, |v| whole_in(v, &GLYPH_CELLS, Expected("a whole number from 8 to 48")))
            }
            "tile_size" => {
                options.tile_size =
                    reader.value(item, name, |v| whole_in(v, &TILE_CELLS, Expected("a whole number from 16 to 64")))
            }
            "animation_speed" => {
                let speed = reader.value(item, name, |v| {
                    v.as_float()
                        .or_else(|| v.as_integer().map(|n| n as f64))
                        .filter(|s| SPEEDS.contains(s))
                        .ok_or(Expected("a number from 0.1 to 10"))
                });
                options.animation_speed = speed.unwrap_or(1.0);
            }
            "camera" => reader.table(item, name, |reader, key, item| match key {
                "margin" => {
                    let margins = &crate::front::camera::MARGINS;
                    if let Some(m) = reader
                        .value(item, "camera.margin", |v| whole_in(v, margins, Expected("a whole number from 0 to 40")))
                    {
                        options.camera_margin = m;
                    }
                    true
                }
                _ => false,
            }),
            "explore" => reader.table(item, name, |reader, key, item| {
                let slot = match key {
                    "stop_for_items" => &mut options.explore.stop_for_items,
                    "pick_up_items" => &mut options.explore.pick_up_items,
                    "pick_up_missiles" => &mut options.explore.pick_up_missiles,
                    _ => return false,
                };
                if let Some(b) =
                    reader.value(item, &format!("explore.{key}"), |v| v.as_bool().ok_or(Expected("true or false")))
                {
                    *slot = b;
                }
                true
            }),
            "ask" => reader.table(item, name, |reader, key, item| {
                let slot = match key {
                    "drink_at_full_health" => &mut options.ask.drink_at_full_health,
                    "shoot_short" => &mut options.ask.shoot_short,
                    "stop_aiming" => &mut options.ask.stop_aiming,
                    _ => return false,
                };
                if let Some(b) =
                    reader.value(item, &format!("ask.{key}"), |v| v.as_bool().ok_or(Expected("true or false")))
                {
                    *slot = b;
                }
                true
            }),
            "keys" => reader.table(item, name, |reader, key, item| {
                let Some((_, game, _)) = HOST_ACTIONS.iter().find(|(n, _, _)| *n == key) else { return false };
                // The host's own keys always parse (a test holds them); one
                // that did not would leave the option unknown, not panic.
                let Ok(game) = parse_key(game) else { return false };
                let option = format!("keys.{key}");
                if let Some(to) = reader.value(item, &option, one_key) {
                    wanted.push(Wanted { option, line: reader.line(item), game, to });
                }
                true
            }),
            "plugin_keys" => reader.table(item, name, |reader, key, item| {
                let declared = plugin_keys.iter().find(|k| k.help.key.as_str() == key);
                let Some(game) = declared.and_then(|_| parse_key(key).ok()) else { return false };
                let option = format!("plugin_keys.\"{key}\"");
                if let Some(to) = reader.value(item, &option, one_key) {
                    wanted.push(Wanted { option, line: reader.line(item), game, to });
                }
                true
            }),
            other => reader.bad(item, other, "no such option (see the comments the game wrote in this file)"),
        }
    }
    for binding in resolve(&wanted, plugin_keys) {
        match binding {
            Ok(w) => options.keys.bind(w.game, w.to),
            Err((w, why)) => reader.problems.push(OptionError::Bad {
                path: path.into(),
                line: w.line,
                option: w.option.clone(),
                why,
            }),
        }
    }
    // The clashes are found once every binding is read: said in the file's order.
    problems.sort_by_key(|p| match p {
        OptionError::Bad { line, .. } => *line,
        _ => 0,
    });
    (options, problems)
}

/// A key binding the file asks for: its option, line, the game's key and the key bound to it.
#[derive(Debug, Clone)]
struct Wanted {
    option: String,
    line: usize,
    game: Key,
    to: Key,
}

/// What a key does in play when nothing is bound otherwise: an option's
/// action (the host's or a plugin's key, which the file may move), or one
/// of the host's keys that are never moved (Esc, the arrows and numpad, the
/// second keys of some actions, F1, F11).
enum Owner {
    /// The key of an option (`keys.explore`, `plugin_keys."s"`), and what it does.
    Option(String, String),
    /// A key of the host's that no option moves, and what it does.
    Fixed(String),
}

/// Who answers `key` in play by default (see [`Owner`]); `None` for a key play has no use for.
fn owner_of(key: Key, plugin_keys: &[PluginKey]) -> Option<Owner> {
    if let Some((name, _, what)) = HOST_ACTIONS.iter().find(|(_, k, _)| parse_key(k) == Ok(key)) {
        return Some(Owner::Option(format!("keys.{name}"), what.to_string()));
    }
    if let Some(k) = plugin_keys.iter().find(|k| parse_key(k.help.key.as_str()) == Ok(key)) {
        // The first words of what it does, as the Fixed keys' are (a plugin's text, so cut too).
        let what = k.help.what.as_str().split([':', ';', '(']).next().unwrap_or("").trim();
        let (plugin, what) = (untrusted::shown(k.plugin.as_str(), 40), untrusted::shown(what, 60));
        return Some(Owner::Option(format!("plugin_keys.\"{key}\""), format!("the {plugin} plugin's key: {what}")));
    }
    if key == Key::Esc {
        return Some(Owner::Fixed("save and quit".into()));
    }
    if key == Key::F(11) {
        return Some(Owner::Fixed("full screen on or off".into()));
    }
    let fixed = crate::front::help::HOST_KEYS
        .iter()
        .find(|line| crate::front::keys::parse_keys(line.in_play).is_ok_and(|keys| keys.contains(&key)));
    fixed.map(|line| Owner::Fixed(line.what.split(['(', ';']).next().unwrap_or(line.what).trim().to_string()))
}

/// Which of the bindings `wanted` are kept, in the file's order, and why
/// each other is not: a binding may not take Esc (the save-and-quit key is
/// never lost), a key an earlier binding took, nor a key another option or
/// the host answers in play, unless that option is itself bound to another
/// key here (two keys swapped are fine). A binding refused leaves its key
/// where it was, which may refuse another in turn: the refusals are found
/// again until none is new. One key bound to everything therefore takes the
/// first option alone, and every other key still does what it did.
fn resolve<'a>(wanted: &'a [Wanted], plugin_keys: &[PluginKey]) -> Vec<Result<&'a Wanted, (&'a Wanted, String)>> {
    let mut refused: Vec<Option<String>> = vec![None; wanted.len()];
    loop {
        let mut new = false;
        for (i, w) in wanted.iter().enumerate() {
            if refused[i].is_some() || w.game == w.to {
                continue;
            }
            let kept = |j: usize| refused[j].is_none() && wanted[j].game != wanted[j].to;
            let earlier = (0..i).filter(|&j| kept(j));
            let why = if let Some(j) = earlier.clone().find(|&j| wanted[j].game == w.game) {
                Some(format!(
                    "`{}` is already bound to another key by option `{}` (line {})",
                    w.game, wanted[j].option, wanted[j].line
                ))
            } else if let Some(j) = earlier.clone().find(|&j| wanted[j].to == w.to) {
                Some(format!("`{}` is already bound by option `{}` (line {})", w.to, wanted[j].option, wanted[j].line))
            } else {
                let moved = |key: Key| (0..wanted.len()).any(|j| kept(j) && wanted[j].game == key);
                match owner_of(w.to, plugin_keys) {
                    Some(Owner::Fixed(what)) => {
                        Some(format!("`{}` is one of the host's own keys in play ({what}), never bound otherwise", w.to))
                    }
                    Some(Owner::Option(option, what)) if !moved(w.to) => Some(format!(
                        "`{}` is the key of option `{option}` ({what}); bind that to another key first, or choose a free key",
                        w.to
                    )),
                    _ => None,
                }
            };
            if let Some(why) = why {
                refused[i] = Some(why);
                new = true;
            }
        }
        if !new {
            break;
        }
    }
    wanted
        .iter()
        .zip(refused)
        .map(|(w, why)| match why {
            Some(why) => Err((w, why)),
            None => Ok(w),
        })
        .collect()
}

/// What a value should have been ("a key in quotes").
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("{0}")]
struct Expected(&'static str);

/// A whole number within `sizes` (a cell size in pixels, a margin in cells).
fn whole_in(v: &toml_edit::Value, sizes: &std::ops::RangeInclusive<u32>, otherwise: Expected) -> Result<u32, Expected> {
    v.as_integer().and_then(|n| u32::try_from(n).ok()).filter(|n| sizes.contains(n)).ok_or(otherwise)
}

/// A key in the `--keys` notation, as an option's value.
fn one_key(v: &toml_edit::Value) -> Result<Key, Expected> {
    let word = v.as_str().ok_or(Expected("a key in quotes"))?;
    match parse_key(word) {
        Ok(Key::Click(..)) => Err(Expected("a key, not a click")),
        Ok(Key::Hover(..)) => Err(Expected("a key, not the mouse")),
        Ok(key) => Ok(key),
        Err(_) => Err(Expected("a character or a key's name (Tab, Enter, Space, Up, F1, KP1...)")),
    }
}

/// Reads values, noting a line for each bad one.
struct Reader<'a> {
    path: &'a Path,
    text: &'a str,
    problems: &'a mut Vec<OptionError>,
}

impl Reader<'_> {
    /// The line (from 1) `item` starts on.
    fn line(&self, item: &Item) -> usize {
        item.span().map_or(1, |s| line_of(self.text, s.start))
    }

    /// One line for `item`: its option's name as the file wrote it, cut
    /// as every echo is ([`untrusted::shown`]), so a name of a megabyte is
    /// a line of a hundred characters.
    fn bad(&mut self, item: &Item, option: &str, why: &str) {
        let line = self.line(item);
        let option = untrusted::shown(option, untrusted::limits::SHOWN_WORD);
        self.problems.push(OptionError::Bad { path: self.path.into(), line, option, why: why.into() });
    }

    /// The value `read` makes of `item`, or `None` with a line said.
    fn value<T>(
        &mut self,
        item: &Item,
        option: &str,
        read: impl FnOnce(&toml_edit::Value) -> Result<T, Expected>,
    ) -> Option<T> {
        let result = item.as_value().ok_or(Expected("a value, not a table")).and_then(read);
        match result {
            Ok(v) => Some(v),
            Err(why) => {
                self.bad(item, option, &format!("should be {why}"));
                None
            }
        }
    }

    /// Each entry of the table `item` (`name`) given to `each`, which says
    /// whether it knows it; one it does not is said.
    fn table(&mut self, item: &Item, name: &str, mut each: impl FnMut(&mut Self, &str, &Item) -> bool) {
        let Some(table): Option<&Table> = item.as_table() else {
            self.bad(item, name, "should be a table ([name])");
            return;
        };
        for (key, entry) in table.iter() {
            if !each(self, key, entry) {
                self.bad(
                    entry,
                    &format!("{name}.{key}"),
                    "no such option (see the comments the game wrote in this file)",
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Options, Vec<String>) {
        let (options, problems) = read(Path::new("/cfg/options.toml"), text, &[]);
        (options, problems.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn the_file_written_first_holds_every_host_key_and_reads_as_the_defaults() {
        let text = template(&[]);
        for (name, _, _) in HOST_ACTIONS {
            assert!(text.contains(&format!("# {name} = ")), "{name}");
        }
        assert_eq!(parse(&text), (Options::default(), Vec::new()));
        // Every option uncommented is a good value too.
        let uncommented: String = text
            .lines()
            .map(|l| if l.starts_with("# ") && l.contains(" = ") { &l[2..] } else { l })
            .collect::<Vec<_>>()
            .join("\n");
        let (_, problems) = parse(&uncommented);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn a_bad_value_is_one_line_naming_file_line_and_option_and_the_rest_are_used() {
        let text = "view = \"tiles\"\ncell_size = 400\n[keys]\nexplore = \"O\"\nfire = \"Click:1,2\"\n[ask]\nshoot_short = 3\nwhat = 1\n";
        let (options, problems) = parse(text);
        assert_eq!(
            problems,
            [
                "/cfg/options.toml:2: option `cell_size`: should be a whole number from 8 to 48; the default is used",
                "/cfg/options.toml:5: option `keys.fire`: should be a key, not a click; the default is used",
                "/cfg/options.toml:7: option `ask.shoot_short`: should be true or false; the default is used",
                "/cfg/options.toml:8: option `ask.what`: no such option (see the comments the game wrote in this file); the default is used",
            ]
        );
        assert_eq!(options.view.as_deref(), Some("tiles"));
        assert_eq!(options.cell_size, None);
        assert!(options.ask.shoot_short);
        assert_eq!(options.keys.in_play(Key::Char('O')), Some(Key::Char('o')));
        assert_eq!(options.keys.in_play(Key::Char('f')), Some(Key::Char('f')), "fire keeps its key");
    }

    #[test]
    fn explore_s_pick_ups_are_read_and_a_bad_one_keeps_its_default() {
        let text = "[explore]\npick_up_items = true\npick_up_missiles = false\nstop_for_items = false\n";
        let (options, problems) = parse(text);
        assert!(problems.is_empty(), "{problems:?}");
        let chosen = ExploreOptions { stop_for_items: false, pick_up_items: true, pick_up_missiles: false };
        assert_eq!(options.explore, chosen);
        let (options, problems) = parse("[explore]\npick_up_items = \"no\"\npick_up_missles = false\n");
        assert_eq!(
            problems,
            [
                "/cfg/options.toml:2: option `explore.pick_up_items`: should be true or false; the default is used",
                "/cfg/options.toml:3: option `explore.pick_up_missles`: no such option (see the comments the game wrote in this file); the default is used",
            ]
        );
        assert_eq!(options.explore, ExploreOptions::default(), "both on, as by default");
    }

    #[test]
    fn each_view_s_cell_size_is_read_within_its_own_sizes() {
        let (options, problems) = parse("cell_size = 40\ntile_size = 48\n");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!((options.cell_size, options.tile_size), (Some(40), Some(48)));
        // 12 is a glyph size but too small a tile; 64 a tile size but too big a glyph.
        let (options, problems) = parse("tile_size = 12\ncell_size = 64\n");
        assert_eq!(
            problems,
            [
                "/cfg/options.toml:1: option `tile_size`: should be a whole number from 16 to 64; the default is used",
                "/cfg/options.toml:2: option `cell_size`: should be a whole number from 8 to 48; the default is used",
            ]
        );
        assert_eq!((options.cell_size, options.tile_size), (None, None));
    }

    #[test]
    fn the_camera_s_margin_is_read_within_its_range_and_a_bad_one_is_one_line() {
        let (options, problems) = parse("[camera]\nmargin = 12\n");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(options.camera_margin, 12);
        let (options, problems) = parse("[camera]\nmargin = 41\n");
        assert_eq!(
            problems,
            ["/cfg/options.toml:2: option `camera.margin`: should be a whole number from 0 to 40; the default is used"]
        );
        assert_eq!(options.camera_margin, crate::front::camera::MARGIN);
        let (_, problems) = parse("[camera]\nmargin = \"wide\"\nedge = 3\n");
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[1].contains("option `camera.edge`: no such option"), "{problems:?}");
    }

    #[test]
    fn a_file_that_is_not_toml_is_one_line_and_the_defaults() {
        let (options, problems) = parse("view = \"tiles\"\n[keys\n");
        assert_eq!(options, Options::default());
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("/cfg/options.toml:2: "), "{problems:?}");
        assert!(!problems[0].contains('\n'));
    }

    /// The help screen's lines, all of them (it scrolls).
    fn help(app: &mut crate::front::app::App) -> Vec<String> {
        use crate::front::screen::Overlay;
        keys(app, "?");
        let mut all = Vec::new();
        loop {
            let Overlay::Menu { lines, more, .. } = app.model().overlay else { panic!("no help") };
            all.extend(lines.into_iter().map(|l| l.text));
            if more.1 == 0 {
                break;
            }
            keys(app, "PageDown");
        }
        keys(app, "Esc");
        all
    }

    use crate::front::aiming::tests::{game_with, keys};
    use crate::front::app::App;

    #[test]
    fn rebinding_explore_to_capital_o_makes_it_explore_and_the_help_list_it() {
        let (options, problems) = parse("[keys]\nexplore = \"O\"\n");
        assert!(problems.is_empty(), "{problems:?}");
        let mut game_keys = App::with_host_views(game_with(&[], |_| {}));
        keys(&mut game_keys, "o");
        let mut bound = App::with_host_views(game_with(&[], |_| {}));
        bound.bindings = options.keys;
        keys(&mut bound, "o");
        assert_eq!(bound.game.turn(), 0, "o is bound away: it does nothing");
        keys(&mut bound, "O");
        assert!(game_keys.game.turn() > 0, "o explores in the game's keys");
        assert_eq!(
            (bound.game.turn(), bound.game.player().pos),
            (game_keys.game.turn(), game_keys.game.player().pos),
            "O explored as o does"
        );
        assert_eq!(bound.pressed.last(), Some(&Key::Char('o')), "the run holds the game's key");
        let lines = help(&mut bound);
        let explore = lines.iter().find(|l| l.contains("explore: walk to")).expect("explore's line");
        assert!(explore.trim_start().starts_with("O "), "{explore}");
        let unbound = help(&mut game_keys);
        let explore = unbound.iter().find(|l| l.contains("explore: walk to")).expect("explore's line");
        assert!(explore.trim_start().starts_with("o "), "{explore}");
    }

    #[test]
    fn a_bad_option_is_one_line_and_the_game_plays_with_its_default() {
        let (options, problems) = parse("[keys]\nexplore = 5\n");
        assert_eq!(
            problems,
            ["/cfg/options.toml:2: option `keys.explore`: should be a key in quotes; the default is used"]
        );
        let mut app = App::with_host_views(game_with(&[], |_| {}));
        app.bindings = options.keys;
        keys(&mut app, "o");
        assert!(app.game.turn() > 0, "o still explores");
    }

    #[test]
    fn turning_a_question_off_does_without_asking() {
        let (options, _) = parse("[ask]\ndrink_at_full_health = false\n");
        let mut app = App::with_host_views(game_with(&[], |_| {}));
        app.asks = options.ask;
        app.game.put_in_pack("tonic", 1, true, emberdeep_api::ItemId(300));
        keys(&mut app, "q d");
        assert_ne!(app.mode, crate::front::app::Mode::Ask(crate::front::app::Question::Drink(3)), "not asked");
    }

    /// The terrain plugin's search key, as a loaded plugin declares it.
    fn search() -> PluginKey {
        PluginKey {
            plugin: "terrain".into(),
            help: emberdeep_api::KeyHelp::new("s".to_string(), "moving", "search for hidden traps"),
        }
    }

    fn parse_with(text: &str, plugin_keys: &[PluginKey]) -> (Options, Vec<String>) {
        let (options, problems) = read(Path::new("/cfg/options.toml"), text, plugin_keys);
        (options, problems.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn a_binding_that_takes_another_option_s_key_names_both_and_keeps_its_default() {
        let (options, problems) = parse_with("[keys]\nexplore = \"s\"\n", &[search()]);
        assert_eq!(
            problems,
            ["/cfg/options.toml:2: option `keys.explore`: `s` is the key of option `plugin_keys.\"s\"` (the terrain \
              plugin's key: search for hidden traps); bind that to another key first, or choose a free key; the \
              default is used"]
        );
        assert_eq!(options.keys, Bindings::default(), "explore keeps o, search keeps s");
        // A host action's key, and a plugin's key bound onto a host action's.
        let (options, problems) = parse_with("[keys]\nwait = \"h\"\n[plugin_keys]\ns = \"o\"\n", &[search()]);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[0].contains(":2: option `keys.wait`: `h` is the key of option `keys.step_west`"),
            "{problems:?}"
        );
        assert!(problems[1].contains(":4: option `plugin_keys.\"s\"`: `o` is the key of option `keys.explore`"));
        assert_eq!(options.keys, Bindings::default());
        // Freed in the same file, the key may be taken: two keys swapped.
        let (options, problems) = parse_with("[keys]\nexplore = \"s\"\n[plugin_keys]\ns = \"o\"\n", &[search()]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(options.keys.in_play(Key::Char('s')), Some(Key::Char('o')));
        assert_eq!(options.keys.in_play(Key::Char('o')), Some(Key::Char('s')));
    }

    #[test]
    fn the_save_and_quit_key_can_never_be_lost() {
        let (options, problems) = parse("[keys]\nwait = \"Esc\"\n");
        assert_eq!(
            problems,
            ["/cfg/options.toml:2: option `keys.wait`: `Esc` is one of the host's own keys in play (save and quit), \
              never bound otherwise; the default is used"]
        );
        let mut app = App::with_host_views(game_with(&[], |_| {}));
        app.bindings = options.keys;
        keys(&mut app, "Esc");
        assert_eq!(app.mode, crate::front::app::Mode::Ask(crate::front::app::Question::Quit), "Esc still asks to quit");
        // Nor by a chain: step_west refused, so h is not freed for explore.
        let (options, problems) = parse("[keys]\nexplore = \"h\"\nstep_west = \"Esc\"\n");
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[0].contains("option `keys.explore`: `h` is the key of option `keys.step_west`"),
            "{problems:?}"
        );
        assert_eq!(options.keys, Bindings::default());
        // The host's keys that no option moves.
        for fixed in ["5", "Up", "KP5", ",", "F1", "F11"] {
            let (_, problems) = parse(&format!("[keys]\nexplore = \"{fixed}\"\n"));
            assert_eq!(problems.len(), 1, "{fixed}");
            assert!(problems[0].contains("is one of the host's own keys in play"), "{fixed}: {problems:?}");
        }
    }

    #[test]
    fn one_key_bound_to_everything_moves_the_first_and_every_other_key_still_plays() {
        let mut text = String::from("[keys]\n");
        for (name, _, _) in HOST_ACTIONS {
            text.push_str(&format!("{name} = \"O\"\n"));
        }
        let (options, problems) = parse(&text);
        assert_eq!(problems.len(), HOST_ACTIONS.len() - 1, "{problems:?}");
        assert!(problems.iter().all(|p| p.contains("`O` is already bound by option `keys.step_west` (line 2)")));
        assert_eq!(options.keys.in_play(Key::Char('O')), Some(Key::Char('h')), "O steps west");
        assert_eq!(options.keys.in_play(Key::Char('h')), None, "h was moved to O");
        for (_, key, _) in &HOST_ACTIONS[1..] {
            let key = parse_key(key).unwrap();
            assert_eq!(options.keys.in_play(key), Some(key), "{key} still plays");
        }
        let mut plain = App::with_host_views(game_with(&[], |_| {}));
        let mut bound = App::with_host_views(game_with(&[], |_| {}));
        bound.bindings = options.keys;
        keys(&mut plain, "j l");
        keys(&mut bound, "j l");
        assert_eq!(bound.game.player().pos, plain.game.player().pos, "j and l still step");
        assert!(bound.game.turn() > 0);
    }

    #[test]
    fn what_a_line_repeats_of_the_file_is_capped() {
        let huge = "x".repeat(60_000);
        let (_, problems) = parse(&format!("{huge} = 1\n[keys]\n\"{huge}\" = \"a\"\n"));
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems[0].starts_with("/cfg/options.toml:1: option `xxx")
                && problems[0].contains("… (60000 characters)`")
        );
        assert!(
            problems[1].starts_with("/cfg/options.toml:3: option `keys.xxx")
                && problems[1].contains("… (60005 characters)`")
        );
        assert!(problems.iter().all(|p| p.len() < 300), "{problems:?}");
        let view = crate::front::app::NoSuchView { name: huge.clone(), views: "glyphs, tiles".into() };
        let line = view.to_string();
        assert!(line.len() < 300 && line.contains("… (60000 characters)"), "{line}");
    }

    #[test]
    fn the_first_start_writes_the_file_and_a_later_one_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        let (options, problems) = load(dir.path(), &[]);
        assert_eq!((options, problems), (Options::default(), Vec::new()));
        let written = std::fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
        assert!(written.contains("# explore = \"o\""), "{written}");
        std::fs::write(dir.path().join(FILE_NAME), written.replace("# explore = \"o\"", "explore = \"O\"")).unwrap();
        let (options, problems) = load(dir.path(), &[]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(options.keys.shown(Key::Char('o')), Key::Char('O'));
    }
}
