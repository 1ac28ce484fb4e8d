//! Scenario files: small text files that set up an exact situation (a
//! hand-drawn map, monsters, items, the player's pack) for tests and players.
//! Kinds (`jackal`, `healing_potion`) are not checked here: the host checks
//! them against its records and reports the `line` kept with each entry.
//!
//! # Format
//!
//! A file is made of sections, each opened by a line that is just its name
//! in brackets: `[map]` (required), `[legend]`, `[pack]` and `[options]`, in
//! any order, each at most once. Lines starting with `//` are comments
//! anywhere (`#` cannot be used: it is a wall). Blank lines are ignored,
//! except inside `[map]`, where a blank line is a row of wall.
//!
//! **`[map]`**: one text row per map row, from the top-left corner (0, 0).
//! Fixed symbols: `#` wall, `.` floor, `+` closed door, `'` open door,
//! `>` stairs down, `@` the player (exactly one, standing on floor), and a
//! space, which is wall too (handy for ragged outlines). Any other character
//! must be defined in `[legend]` and stands on floor. Rows may differ in
//! length; short rows are padded with wall, and the whole map is padded
//! with wall to at least 80 x 45 (the size of a generated floor). Trailing
//! spaces are ignored. A map may be at most 500 cells wide and 500 tall.
//!
//! **`[legend]`**: one line per symbol, `SYMBOL = monster KIND [STATE]
//! [side=SIDE] [carries=ITEMS]` or `SYMBOL = item KIND [COUNT]`. STATE is
//! `asleep`, `wandering` or `hunting` (the host's default when left out is
//! hunting); SIDE is `player` (an ally of the player), `monsters`, or a
//! side a loaded plugin declared (default: the record's side); ITEMS is
//! what the monster carries, `KIND[*COUNT]` entries joined by commas
//! (`carries=wand_of_sparks,darts*3`), given to it as it appears and
//! dropped where it dies; `side=` and `carries=` come after the state, in
//! either order; COUNT is a whole number from 1 to 9999, the most a heap
//! holds (default 1). The fixed symbols above cannot be redefined.
//!
//! **`[pack]`**: what the player carries, one line each: `KIND [COUNT]`
//! (COUNT as in the legend).
//!
//! **`[options]`**: `KEY = VALUE` lines: `seed` (a whole number, the run's
//! seed; random when left out) and `floor` (the floor's depth, from 1 to
//! 1000; default 1).
//!
//! Counts and the floor are held to what a save accepts
//! (`emberdeep_engine::data::bounds`) when the file is read, so a run a
//! scenario starts always saves.
//!
//! ```text
//! // A jackal and a sleeping goblin guard the stairs.
//! [map]
//! ##########
//! #@..j....#
//! #....+...#
//! #.!..#g.>#
//! ##########
//! [legend]
//! j = monster jackal
//! g = monster goblin asleep
//! w = monster wolf side=player
//! k = monster kobold carries=darts*3,healing_potion
//! ! = item arrows 12
//! [pack]
//! healing_potion 2
//! scroll_of_lightning
//! [options]
//! seed = 7
//! floor = 3
//! ```
//!
//! Every error names the line it is about, e.g.
//! `line 7: symbol 'q' is not in the [legend]`; [`load_scenario`] puts the
//! file's path in front.

use std::path::{Path, PathBuf};

use emberdeep_api::Point;
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::bounds::{self, MOST_FLOORS, MOST_IN_A_STACK};

/// Smallest size a scenario map is padded to: that of a generated floor.
pub const MIN_WIDTH: i32 = 80;
pub const MIN_HEIGHT: i32 = 45;
/// Largest map side a scenario may draw.
pub const MAX_SIDE: usize = 500;
/// The states a monster may be given in the legend.
pub const STATES: [&str; 3] = ["asleep", "wandering", "hunting"];
/// Map symbols with a fixed meaning, which the legend cannot redefine.
const FIXED_SYMBOLS: [char; 7] = ['#', '.', '+', '\'', '>', '@', ' '];

/// A parsed scenario.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub map: Map,
    pub player: Point,
    pub monsters: Vec<ScenarioMonster>,
    pub items: Vec<ScenarioItem>,
    /// Plugins' terrains drawn on the map (their cells are floor in `map`
    /// until the run starts and lays them).
    pub terrains: Vec<ScenarioTerrain>,
    /// The player's pack: kind and count, in file order.
    pub pack: Vec<(String, u32)>,
    /// The line of each `pack` entry, in the same order.
    pub pack_lines: Vec<usize>,
    /// Every kind the legend names, used on the map or not (what a monster
    /// carries among the items): whether it is a monster, the kind, and its
    /// line (so an unknown one is reported).
    pub legend_kinds: Vec<(bool, String, usize)>,
    /// Every terrain the legend names, used on the map or not, with its
    /// line (so an unknown one is refused even where no cell shows it).
    pub legend_terrains: Vec<(String, usize)>,
    pub seed: Option<u64>,
    pub floor: u32,
    /// The `[keys]` lines (the notation of `--keys`), with their line numbers:
    /// what `emberdeep check` plays.
    pub keys: Vec<(usize, String)>,
    /// The `[expect]` lines, with their line numbers: what `emberdeep check` checks.
    pub expect: Vec<(usize, String)>,
}

/// A plugin's terrain drawn on the map (`^ = terrain dart_trap [found]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioTerrain {
    /// The terrain's name.
    pub name: String,
    pub pos: Point,
    /// `found`: a terrain that hides shows from the start.
    pub found: bool,
    /// The legend line naming it.
    pub line: usize,
}

/// A monster placed on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioMonster {
    pub kind: String,
    pub pos: Point,
    /// `asleep`, `wandering` or `hunting`; `None` when the legend gives none.
    pub state: Option<String>,
    /// Its side (`side=player`); `None`: its record's.
    pub side: Option<String>,
    /// What it carries (`carries=darts*3`): kind and count, in the legend's order.
    pub carries: Vec<(String, u32)>,
    /// The legend line that defines it (where its kind is written).
    pub line: usize,
}

/// An item lying on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioItem {
    pub kind: String,
    pub pos: Point,
    pub count: u32,
    /// The legend line that defines it (where its kind is written).
    pub line: usize,
}

/// What is wrong with a scenario's text. Lines are counted from 1.
#[derive(thiserror::Error, Debug, Clone, PartialEq, Eq)]
pub enum ScenarioError {
    #[error("line {line}: text before the first section (expected {SECTIONS_LISTED})")]
    OutsideSection { line: usize },
    #[error("line {line}: unknown section [{name}] (expected {SECTIONS_LISTED})")]
    UnknownSection { line: usize, name: String },
    #[error("line {second}: section [{name}] appears twice (lines {first} and {second})")]
    DuplicateSection { name: String, first: usize, second: usize },
    #[error("no [map] section")]
    NoMap,
    #[error("line {line}: the map is too large (at most {MAX_SIDE} x {MAX_SIDE} cells)")]
    MapTooLarge { line: usize },
    #[error("line {line}: symbol {symbol:?} is not in the [legend]")]
    UnknownSymbol { line: usize, symbol: char },
    #[error("no player '@' in [map]")]
    NoPlayer,
    #[error("line {second}: two players '@' (lines {first} and {second})")]
    TwoPlayers { first: usize, second: usize },
    #[error("line {line}: expected 'SYMBOL = monster KIND [STATE]' or 'SYMBOL = item KIND [COUNT]'")]
    LegendSyntax { line: usize },
    #[error("line {line}: a legend symbol is one character, not '{text}'")]
    BadSymbol { line: usize, text: String },
    #[error("line {line}: symbol {symbol:?} has a fixed meaning and cannot be redefined")]
    FixedSymbol { line: usize, symbol: char },
    #[error("line {second}: symbol {symbol:?} is defined twice (lines {first} and {second})")]
    DuplicateSymbol { symbol: char, first: usize, second: usize },
    #[error("line {line}: unknown entry '{word}' (expected monster or item)")]
    UnknownEntry { line: usize, word: String },
    #[error("line {line}: missing the {what} kind")]
    MissingKind { line: usize, what: &'static str },
    #[error("line {line}: unknown state '{state}' (expected asleep, wandering or hunting)")]
    UnknownState { line: usize, state: String },
    #[error("line {line}: bad side '{text}' (expected side=NAME: letters, digits or _)")]
    BadSide { line: usize, text: String },
    #[error("line {line}: bad count '{text}' (expected a whole number from 1 to {MOST_IN_A_STACK})")]
    BadCount { line: usize, text: String },
    #[error(
        "line {line}: bad carried item '{text}' ({why}; expected carries=KIND[*COUNT],... with COUNT from 1 to \
         {MOST_IN_A_STACK})"
    )]
    BadCarried { line: usize, text: String, why: &'static str },
    #[error("line {line}: unexpected '{text}' at the end of the line")]
    ExtraWords { line: usize, text: String },
    #[error("line {line}: expected 'KEY = VALUE' (keys: seed, floor)")]
    OptionSyntax { line: usize },
    #[error("line {line}: unknown option '{key}' (expected seed or floor)")]
    UnknownOption { line: usize, key: String },
    #[error("line {line}: bad value '{value}' for {key} (expected {expected})")]
    BadOption { line: usize, key: &'static str, value: String, expected: &'static str },
    #[error("line {line}: bad value '{value}' for floor (expected a whole number from 1 to {MOST_FLOORS})")]
    BadFloor { line: usize, value: String },
    #[error("line {second}: option '{key}' is given twice (lines {first} and {second})")]
    DuplicateOption { key: &'static str, first: usize, second: usize },
}

impl ScenarioError {
    /// The line the error is about, if there is one.
    #[cfg(test)]
    pub fn line(&self) -> Option<usize> {
        use ScenarioError::*;
        match self {
            NoMap | NoPlayer => None,
            OutsideSection { line }
            | UnknownSection { line, .. }
            | MapTooLarge { line }
            | UnknownSymbol { line, .. }
            | LegendSyntax { line }
            | BadSymbol { line, .. }
            | FixedSymbol { line, .. }
            | UnknownEntry { line, .. }
            | MissingKind { line, .. }
            | UnknownState { line, .. }
            | BadSide { line, .. }
            | BadCount { line, .. }
            | BadCarried { line, .. }
            | ExtraWords { line, .. }
            | OptionSyntax { line }
            | UnknownOption { line, .. }
            | BadOption { line, .. }
            | BadFloor { line, .. } => Some(*line),
            DuplicateSection { second, .. }
            | TwoPlayers { second, .. }
            | DuplicateSymbol { second, .. }
            | DuplicateOption { second, .. } => Some(*second),
        }
    }
}

/// A scenario file that could not be read or parsed; shown as
/// `PATH: line N: what is wrong`.
#[derive(thiserror::Error, Debug)]
pub enum ScenarioFileError {
    #[error("{}: cannot read: {error}", path.display())]
    Read { path: PathBuf, error: emberdeep_engine::data::untrusted::InputError },
    #[error("{}: {error}", path.display())]
    Parse { path: PathBuf, error: ScenarioError },
}

/// Reads and parses the scenario file at `path`.
pub fn load_scenario(path: &Path) -> Result<Scenario, ScenarioFileError> {
    use emberdeep_engine::data::untrusted::{limits, read_text};
    let text = read_text(path, "scenario", limits::SCENARIO)
        .map_err(|error| ScenarioFileError::Read { path: path.to_path_buf(), error })?;
    parse_scenario(&text).map_err(|error| ScenarioFileError::Parse { path: path.to_path_buf(), error })
}

/// Parses a scenario from its text (see the module docs for the format).
pub fn parse_scenario(text: &str) -> Result<Scenario, ScenarioError> {
    let sections = split_sections(text)?;
    let legend = parse_legend(&sections.legend)?;
    let (pack, pack_lines) = parse_pack(&sections.pack)?;
    let options = parse_options(&sections.options)?;
    if sections.map_start.is_none() {
        return Err(ScenarioError::NoMap);
    }
    let drawn = parse_map(&sections.map, &legend)?;
    Ok(Scenario {
        map: drawn.map,
        player: drawn.player,
        monsters: drawn.monsters,
        items: drawn.items,
        terrains: drawn.terrains,
        pack,
        pack_lines,
        legend_kinds: legend
            .iter()
            .flat_map(|(_, entry, line)| match entry {
                LegendEntry::Monster { kind, carries, .. } => {
                    let carried = carries.iter().map(|(kind, _)| (false, kind.clone(), *line));
                    std::iter::once((true, kind.clone(), *line)).chain(carried).collect()
                }
                LegendEntry::Item { kind, .. } => vec![(false, kind.clone(), *line)],
                LegendEntry::Terrain { .. } => Vec::new(),
            })
            .collect(),
        legend_terrains: legend
            .iter()
            .filter_map(|(_, entry, line)| match entry {
                LegendEntry::Terrain { name, .. } => Some((name.clone(), *line)),
                _ => None,
            })
            .collect(),
        seed: options.seed.map(|(v, _)| v),
        floor: options.floor.map_or(1, |(v, _)| v),
        keys: sections.keys.iter().map(|&(n, t)| (n, t.to_string())).collect(),
        expect: sections.expect.iter().map(|&(n, t)| (n, t.to_string())).collect(),
    })
}

/// A line of text with its 1-based line number.
type Numbered<'a> = (usize, &'a str);

/// The file's lines sorted into their sections, comments dropped.
#[derive(Default)]
struct Sections<'a> {
    map_start: Option<usize>,
    map: Vec<Numbered<'a>>,
    legend: Vec<Numbered<'a>>,
    pack: Vec<Numbered<'a>>,
    options: Vec<Numbered<'a>>,
    keys: Vec<Numbered<'a>>,
    expect: Vec<Numbered<'a>>,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Section {
    Map,
    Legend,
    Pack,
    Options,
    Keys,
    Expect,
}

const SECTION_NAMES: [(&str, Section); 6] = [
    ("map", Section::Map),
    ("legend", Section::Legend),
    ("pack", Section::Pack),
    ("options", Section::Options),
    ("keys", Section::Keys),
    ("expect", Section::Expect),
];

/// The sections, as error messages list them.
const SECTIONS_LISTED: &str = "[map], [legend], [pack], [options], [keys] or [expect]";

fn split_sections(text: &str) -> Result<Sections<'_>, ScenarioError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut sections = Sections::default();
    let mut opened: Vec<(Section, usize)> = Vec::new();
    let mut current: Option<Section> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim_start().starts_with("//") {
            continue;
        }
        if let Some(name) = section_header(raw) {
            let section = find_section(name, line)?;
            if let Some(&(_, first)) = opened.iter().find(|(s, _)| *s == section) {
                let name = name.to_ascii_lowercase();
                return Err(ScenarioError::DuplicateSection { name, first, second: line });
            }
            opened.push((section, line));
            if section == Section::Map {
                sections.map_start = Some(line);
            }
            current = Some(section);
            continue;
        }
        match current {
            Some(Section::Map) => sections.map.push((line, raw)),
            _ if raw.trim().is_empty() => {}
            None => return Err(ScenarioError::OutsideSection { line }),
            Some(Section::Legend) => sections.legend.push((line, raw.trim())),
            Some(Section::Pack) => sections.pack.push((line, raw.trim())),
            Some(Section::Options) => sections.options.push((line, raw.trim())),
            Some(Section::Keys) => sections.keys.push((line, raw.trim())),
            Some(Section::Expect) => sections.expect.push((line, raw.trim())),
        }
    }
    Ok(sections)
}

/// The name inside `[name]` when the line is just that (letters only, so a
/// map row such as `[..]` is not taken for a header).
fn section_header(raw: &str) -> Option<&str> {
    let name = raw.trim().strip_prefix('[')?.strip_suffix(']')?;
    let letters = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic());
    letters.then_some(name)
}

fn find_section(name: &str, line: usize) -> Result<Section, ScenarioError> {
    let lower = name.to_ascii_lowercase();
    SECTION_NAMES
        .iter()
        .find(|(n, _)| *n == lower)
        .map(|&(_, s)| s)
        .ok_or(ScenarioError::UnknownSection { line, name: name.to_string() })
}

/// What a legend symbol puts on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
enum LegendEntry {
    Monster { kind: String, state: Option<String>, side: Option<String>, carries: Vec<(String, u32)> },
    Item { kind: String, count: u32 },
    Terrain { name: String, found: bool },
}

/// The legend: symbol, entry and defining line, in file order.
type Legend = Vec<(char, LegendEntry, usize)>;

fn parse_legend(lines: &[Numbered<'_>]) -> Result<Legend, ScenarioError> {
    let mut legend: Legend = Vec::new();
    for &(line, text) in lines {
        let (symbol, rest) = split_legend_line(line, text)?;
        if let Some(&(_, _, first)) = legend.iter().find(|(s, _, _)| *s == symbol) {
            return Err(ScenarioError::DuplicateSymbol { symbol, first, second: line });
        }
        legend.push((symbol, parse_entry(line, rest)?, line));
    }
    Ok(legend)
}

/// Splits `S = rest` into the symbol and the rest.
fn split_legend_line(line: usize, text: &str) -> Result<(char, &str), ScenarioError> {
    // The symbol is taken as the first character so that `=` itself can be one.
    let mut chars = text.chars();
    let symbol = chars.next().ok_or(ScenarioError::LegendSyntax { line })?;
    if let Some(rest) = chars.as_str().trim_start().strip_prefix('=') {
        if FIXED_SYMBOLS.contains(&symbol) {
            return Err(ScenarioError::FixedSymbol { line, symbol });
        }
        return Ok((symbol, rest));
    }
    match text.split_once('=') {
        Some((before, _)) => Err(ScenarioError::BadSymbol { line, text: before.trim().to_string() }),
        None => Err(ScenarioError::LegendSyntax { line }),
    }
}

/// Parses `monster KIND [STATE] [side=SIDE] [carries=ITEMS]`, `item KIND [COUNT]`
/// or `terrain NAME [found]`.
fn parse_entry(line: usize, rest: &str) -> Result<LegendEntry, ScenarioError> {
    let mut words = rest.split_whitespace();
    let entry = match words.next() {
        Some("monster") => {
            let kind = next_kind(&mut words, line, "monster")?;
            // `[STATE]`, then `side=SIDE` and `carries=ITEMS` in either
            // order; each at most once.
            let (mut state, mut side, mut carries) = (None, None, None);
            while let Some(word) = words.clone().next() {
                if let Some(name) = word.strip_prefix("side=") {
                    if side.is_some() {
                        break;
                    }
                    side = Some(parse_side(line, name)?);
                } else if let Some(list) = word.strip_prefix("carries=") {
                    if carries.is_some() {
                        break;
                    }
                    carries = Some(parse_carries(line, list)?);
                } else if state.is_none() && side.is_none() && carries.is_none() {
                    state = Some(parse_state(line, word)?);
                } else {
                    break;
                }
                words.next();
            }
            LegendEntry::Monster { kind, state, side, carries: carries.unwrap_or_default() }
        }
        Some("item") => {
            let kind = next_kind(&mut words, line, "item")?;
            let count = words.next().map_or(Ok(1), |c| parse_count(line, c))?;
            LegendEntry::Item { kind, count }
        }
        Some("terrain") => {
            let name = next_kind(&mut words, line, "terrain")?;
            let found = words.clone().next() == Some("found");
            if found {
                words.next();
            }
            LegendEntry::Terrain { name, found }
        }
        Some(word) => return Err(ScenarioError::UnknownEntry { line, word: word.to_string() }),
        None => return Err(ScenarioError::LegendSyntax { line }),
    };
    no_more_words(line, words)?;
    Ok(entry)
}

fn next_kind<'a>(
    words: &mut impl Iterator<Item = &'a str>,
    line: usize,
    what: &'static str,
) -> Result<String, ScenarioError> {
    words.next().map(str::to_string).ok_or(ScenarioError::MissingKind { line, what })
}

fn parse_state(line: usize, word: &str) -> Result<String, ScenarioError> {
    if STATES.contains(&word) {
        Ok(word.to_string())
    } else {
        Err(ScenarioError::UnknownState { line, state: word.to_string() })
    }
}

fn parse_side(line: usize, name: &str) -> Result<String, ScenarioError> {
    let fine = !name.is_empty()
        && name.len() <= bounds::KIND_CHARS
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if fine {
        Ok(name.to_string())
    } else {
        Err(ScenarioError::BadSide { line, text: emberdeep_engine::data::untrusted::shown(name, 40) })
    }
}

/// Parses `carries=`'s `KIND[*COUNT],...`: each kind with its count (1
/// when left out). Kinds are checked against the records later.
fn parse_carries(line: usize, list: &str) -> Result<Vec<(String, u32)>, ScenarioError> {
    let bad = |text: &str, why| ScenarioError::BadCarried {
        line,
        text: emberdeep_engine::data::untrusted::shown(text, 40),
        why,
    };
    if list.is_empty() {
        return Err(bad(list, "nothing after carries="));
    }
    list.split(',')
        .map(|entry| {
            let (kind, count) = match entry.split_once('*') {
                Some((kind, count)) => {
                    let count = count.parse::<u32>().ok().filter(|&n| bounds::is_stack(n));
                    (kind, count.ok_or_else(|| bad(entry, "a bad count"))?)
                }
                None => (entry, 1),
            };
            if kind.is_empty() {
                return Err(bad(entry, "a missing kind"));
            }
            Ok((kind.to_string(), count))
        })
        .collect()
}

fn parse_count(line: usize, word: &str) -> Result<u32, ScenarioError> {
    match word.parse::<u32>() {
        Ok(n) if bounds::is_stack(n) => Ok(n),
        _ => Err(ScenarioError::BadCount { line, text: word.to_string() }),
    }
}

fn no_more_words<'a>(line: usize, words: impl Iterator<Item = &'a str>) -> Result<(), ScenarioError> {
    let extra: Vec<&str> = words.collect();
    if extra.is_empty() {
        Ok(())
    } else {
        Err(ScenarioError::ExtraWords { line, text: extra.join(" ") })
    }
}

type Pack = (Vec<(String, u32)>, Vec<usize>);

fn parse_pack(lines: &[Numbered<'_>]) -> Result<Pack, ScenarioError> {
    let mut pack = Vec::new();
    let mut pack_lines = Vec::new();
    for &(line, text) in lines {
        let mut words = text.split_whitespace();
        let kind = next_kind(&mut words, line, "item")?;
        let count = words.next().map_or(Ok(1), |c| parse_count(line, c))?;
        no_more_words(line, words)?;
        pack.push((kind, count));
        pack_lines.push(line);
    }
    Ok((pack, pack_lines))
}

/// Options with the line each was set on.
#[derive(Default)]
struct Options {
    seed: Option<(u64, usize)>,
    floor: Option<(u32, usize)>,
}

fn parse_options(lines: &[Numbered<'_>]) -> Result<Options, ScenarioError> {
    let mut options = Options::default();
    for &(line, text) in lines {
        let (key, value) = text.split_once('=').ok_or(ScenarioError::OptionSyntax { line })?;
        let (key, value) = (key.trim(), value.trim());
        match key {
            "seed" => {
                let seed = parse_option(line, "seed", value, "a whole number", |v| v.parse::<u64>().ok())?;
                set_once(&mut options.seed, "seed", seed, line)?;
            }
            "floor" => {
                let floor = value
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| bounds::is_floor(n))
                    .ok_or_else(|| ScenarioError::BadFloor { line, value: value.to_string() })?;
                set_once(&mut options.floor, "floor", floor, line)?;
            }
            "" => return Err(ScenarioError::OptionSyntax { line }),
            _ => return Err(ScenarioError::UnknownOption { line, key: key.to_string() }),
        }
    }
    Ok(options)
}

fn parse_option<T>(
    line: usize,
    key: &'static str,
    value: &str,
    expected: &'static str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<T, ScenarioError> {
    parse(value).ok_or_else(|| ScenarioError::BadOption { line, key, value: value.to_string(), expected })
}

fn set_once<T>(slot: &mut Option<(T, usize)>, key: &'static str, value: T, line: usize) -> Result<(), ScenarioError> {
    if let Some((_, first)) = slot {
        return Err(ScenarioError::DuplicateOption { key, first: *first, second: line });
    }
    *slot = Some((value, line));
    Ok(())
}

/// The map section turned into a map and what stands on it.
struct Drawn {
    map: Map,
    player: Point,
    monsters: Vec<ScenarioMonster>,
    items: Vec<ScenarioItem>,
    terrains: Vec<ScenarioTerrain>,
}

fn parse_map(rows: &[Numbered<'_>], legend: &Legend) -> Result<Drawn, ScenarioError> {
    // Trailing whitespace (and blank rows at the end) only add wall.
    let rows: Vec<(usize, Vec<char>)> =
        rows.iter().map(|&(line, text)| (line, text.trim_end().chars().collect())).collect();
    check_map_size(&rows)?;
    let width = rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0) as i32;
    let height = rows.len() as i32;
    let mut drawn = Drawn {
        map: Map::new_filled(width.max(MIN_WIDTH), height.max(MIN_HEIGHT), Tile::Wall),
        player: Point::default(),
        monsters: Vec::new(),
        items: Vec::new(),
        terrains: Vec::new(),
    };
    let mut player_line: Option<usize> = None;
    for (y, (line, row)) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let p = Point::new(x as i32, y as i32);
            if c == '@' {
                if let Some(first) = player_line {
                    return Err(ScenarioError::TwoPlayers { first, second: *line });
                }
                player_line = Some(*line);
                drawn.player = p;
            }
            place_symbol(&mut drawn, legend, c, p, *line)?;
        }
    }
    player_line.ok_or(ScenarioError::NoPlayer)?;
    Ok(drawn)
}

fn check_map_size(rows: &[(usize, Vec<char>)]) -> Result<(), ScenarioError> {
    if let Some((line, _)) = rows.iter().find(|(_, r)| r.len() > MAX_SIDE) {
        return Err(ScenarioError::MapTooLarge { line: *line });
    }
    match rows.get(MAX_SIDE) {
        Some((line, _)) => Err(ScenarioError::MapTooLarge { line: *line }),
        None => Ok(()),
    }
}

/// Sets the tile for `c` at `p` and records any monster or item it stands for.
fn place_symbol(drawn: &mut Drawn, legend: &Legend, c: char, p: Point, line: usize) -> Result<(), ScenarioError> {
    let tile = match c {
        '#' | ' ' => Tile::Wall,
        '.' | '@' => Tile::Floor,
        '+' => Tile::DoorClosed,
        '\'' => Tile::DoorOpen,
        '>' => Tile::StairsDown,
        _ => {
            let (_, entry, def_line) =
                legend.iter().find(|(s, _, _)| *s == c).ok_or(ScenarioError::UnknownSymbol { line, symbol: c })?;
            add_entry(drawn, entry, p, *def_line);
            Tile::Floor
        }
    };
    drawn.map.set_tile(p, tile);
    Ok(())
}

fn add_entry(drawn: &mut Drawn, entry: &LegendEntry, pos: Point, line: usize) {
    match entry {
        LegendEntry::Monster { kind, state, side, carries } => {
            let (kind, state, side, carries) = (kind.clone(), state.clone(), side.clone(), carries.clone());
            drawn.monsters.push(ScenarioMonster { kind, pos, state, side, carries, line });
        }
        LegendEntry::Item { kind, count } => {
            drawn.items.push(ScenarioItem { kind: kind.clone(), pos, count: *count, line });
        }
        LegendEntry::Terrain { name, found } => {
            drawn.terrains.push(ScenarioTerrain { name: name.clone(), pos, found: *found, line });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "\
// A jackal and a sleeping goblin guard the stairs.
[map]
##########
#@..j....#
#....+...#
#.!..#g.>#
##########
[legend]
j = monster jackal
g = monster goblin asleep
! = item arrows 12
[pack]
healing_potion 2
scroll_of_lightning
[options]
seed = 7
floor = 3
";

    fn p(x: i32, y: i32) -> Point {
        Point::new(x, y)
    }

    fn err(text: &str) -> ScenarioError {
        match parse_scenario(text) {
            Ok(_) => panic!("expected an error for:\n{text}"),
            Err(e) => e,
        }
    }

    /// A valid map with the given extra text after it.
    fn with_map(rest: &str) -> String {
        format!("[map]\n#####\n#@.x#\n#####\n{rest}")
    }

    #[test]
    fn example_parses() {
        let s = parse_scenario(EXAMPLE).expect("example parses");
        assert_eq!(s.player, p(1, 1));
        assert_eq!((s.map.width(), s.map.height()), (80, 45));
        assert_eq!(s.map.tile(p(1, 1)), Tile::Floor);
        assert_eq!(s.map.tile(p(0, 0)), Tile::Wall);
        assert_eq!(s.map.tile(p(5, 2)), Tile::DoorClosed);
        assert_eq!(s.map.tile(p(8, 3)), Tile::StairsDown);
        assert_eq!(s.map.tile(p(4, 1)), Tile::Floor);
        assert_eq!(s.map.tile(p(40, 30)), Tile::Wall);
        assert_eq!(
            s.monsters,
            [
                ScenarioMonster {
                    kind: "jackal".into(),
                    pos: p(4, 1),
                    state: None,
                    side: None,
                    carries: vec![],
                    line: 9
                },
                ScenarioMonster {
                    kind: "goblin".into(),
                    pos: p(6, 3),
                    state: Some("asleep".into()),
                    side: None,
                    carries: vec![],
                    line: 10
                },
            ]
        );
        assert_eq!(s.items, [ScenarioItem { kind: "arrows".into(), pos: p(2, 3), count: 12, line: 11 }]);
        assert_eq!(s.pack, [("healing_potion".to_string(), 2), ("scroll_of_lightning".to_string(), 1)]);
        assert_eq!(s.pack_lines, [13, 14]);
        assert_eq!(s.seed, Some(7));
        assert_eq!(s.floor, 3);
    }

    #[test]
    fn defaults_ragged_rows_comments_and_open_doors() {
        let text = "\n// note\n[map]\n###\n#@'..\n// a comment row\n\n  #>#\n";
        let s = parse_scenario(text).expect("parses");
        assert_eq!(s.seed, None);
        assert_eq!(s.floor, 1);
        assert!(s.pack.is_empty() && s.monsters.is_empty() && s.items.is_empty());
        assert_eq!(s.map.tile(p(2, 1)), Tile::DoorOpen);
        assert_eq!(s.map.tile(p(4, 1)), Tile::Floor);
        // The blank row is wall; the comment row is not a row at all.
        assert_eq!(s.map.tile(p(1, 2)), Tile::Wall);
        assert_eq!(s.map.tile(p(0, 3)), Tile::Wall);
        assert_eq!(s.map.tile(p(3, 3)), Tile::StairsDown);
    }

    #[test]
    fn sections_in_any_order_with_windows_line_ends() {
        let text = "[legend]\r\nx = item gold 3\r\n[map]\r\n#@x#\r\n";
        let s = parse_scenario(text).expect("parses");
        assert_eq!(s.items, [ScenarioItem { kind: "gold".into(), pos: p(2, 0), count: 3, line: 2 }]);
        assert_eq!(s.map.tile(p(2, 0)), Tile::Floor);
        assert_eq!(s.map.tile(p(3, 0)), Tile::Wall);
    }

    #[test]
    fn large_maps_keep_their_size() {
        let row = format!("#@{}#", ".".repeat(100));
        let s = parse_scenario(&format!("[map]\n{row}\n")).expect("parses");
        assert_eq!((s.map.width(), s.map.height()), (103, 45));
        let wide = format!("[map]\n@{}\n", ".".repeat(MAX_SIDE));
        assert_eq!(err(&wide), ScenarioError::MapTooLarge { line: 2 });
        let tall = format!("[map]\n@\n{}", ".\n".repeat(MAX_SIDE));
        assert_eq!(err(&tall), ScenarioError::MapTooLarge { line: 2 + MAX_SIDE });
    }

    #[test]
    fn symbol_not_in_legend() {
        let e = err(&with_map("[legend]\ny = monster rat\n"));
        assert_eq!(e, ScenarioError::UnknownSymbol { line: 3, symbol: 'x' });
        assert_eq!(e.to_string(), "line 3: symbol 'x' is not in the [legend]");
    }

    #[test]
    fn player_errors() {
        assert_eq!(err("[map]\n###\n#.#\n").to_string(), "no player '@' in [map]");
        let e = err("[map]\n#@#\n#.#\n#@#\n");
        assert_eq!(e, ScenarioError::TwoPlayers { first: 2, second: 4 });
        assert_eq!(e.to_string(), "line 4: two players '@' (lines 2 and 4)");
        assert_eq!(err("[legend]\nx = item gold\n"), ScenarioError::NoMap);
    }

    #[test]
    fn section_errors() {
        assert_eq!(err("#@#\n[map]\n"), ScenarioError::OutsideSection { line: 1 });
        let e = err(&with_map("[monsters]\n"));
        assert_eq!(
            e.to_string(),
            "line 5: unknown section [monsters] (expected [map], [legend], [pack], [options], [keys] or [expect])"
        );
        let e = err(&with_map("[pack]\ngold\n[PACK]\n"));
        assert_eq!(e, ScenarioError::DuplicateSection { name: "pack".into(), first: 5, second: 7 });
    }

    #[test]
    fn legend_errors() {
        let legend = |line: &str| err(&with_map(&format!("[legend]\n{line}\n")));
        assert_eq!(legend("x monster rat"), ScenarioError::LegendSyntax { line: 6 });
        assert_eq!(legend("xy = monster rat"), ScenarioError::BadSymbol { line: 6, text: "xy".into() });
        assert_eq!(legend("# = monster rat"), ScenarioError::FixedSymbol { line: 6, symbol: '#' });
        assert_eq!(legend("x = monstr rat"), ScenarioError::UnknownEntry { line: 6, word: "monstr".into() });
        assert_eq!(legend("x ="), ScenarioError::LegendSyntax { line: 6 });
        assert_eq!(legend("x = monster"), ScenarioError::MissingKind { line: 6, what: "monster" });
        assert_eq!(legend("x = item"), ScenarioError::MissingKind { line: 6, what: "item" });
        let e = legend("x = monster rat sleepy");
        assert_eq!(e.to_string(), "line 6: unknown state 'sleepy' (expected asleep, wandering or hunting)");
        assert_eq!(legend("x = item arrows 0"), ScenarioError::BadCount { line: 6, text: "0".into() });
        assert_eq!(legend("x = item arrows lots"), ScenarioError::BadCount { line: 6, text: "lots".into() });
        assert_eq!(legend("x = monster rat asleep now"), ScenarioError::ExtraWords { line: 6, text: "now".into() });
        let twice = err(&with_map("[legend]\nx = item a\n\nx = item b\n"));
        assert_eq!(twice, ScenarioError::DuplicateSymbol { symbol: 'x', first: 6, second: 8 });
    }

    #[test]
    fn every_state_is_accepted_and_equals_can_be_a_symbol() {
        for state in STATES {
            let s = parse_scenario(&with_map(&format!("[legend]\nx = monster rat {state}\n"))).expect("parses");
            assert_eq!(s.monsters[0].state.as_deref(), Some(state));
        }
        let s = parse_scenario("[map]\n@=\n[legend]\n= = item coin\n").expect("parses");
        assert_eq!(s.items[0].pos, p(1, 0));
    }

    #[test]
    fn a_legend_creature_may_name_its_side_after_its_state() {
        let side = |line: &str| {
            let s = parse_scenario(&with_map(&format!("[legend]\nx = {line}\n"))).expect("parses");
            (s.monsters[0].state.clone(), s.monsters[0].side.clone())
        };
        assert_eq!(side("monster wolf side=player"), (None, Some("player".into())));
        assert_eq!(side("monster wolf asleep side=undead"), (Some("asleep".into()), Some("undead".into())));
        assert_eq!(side("monster wolf"), (None, None));
        let legend = |line: &str| err(&with_map(&format!("[legend]\n{line}\n")));
        let e = legend("x = monster wolf side=");
        assert_eq!(e.to_string(), "line 6: bad side '' (expected side=NAME: letters, digits or _)");
        let e = legend(&format!("x = monster wolf side={}", "z".repeat(100_000))).to_string();
        assert!(e.len() < 150, "one capped line: {e}");
        assert_eq!(
            legend("x = monster wolf side=player asleep"),
            ScenarioError::ExtraWords { line: 6, text: "asleep".into() }
        );
        assert_eq!(
            legend("x = monster wolf side=player side=monsters"),
            ScenarioError::ExtraWords { line: 6, text: "side=monsters".into() }
        );
    }

    #[test]
    fn a_legend_creature_may_carry_items_after_its_state_and_around_its_side() {
        let carried = |line: &str| {
            let s = parse_scenario(&with_map(&format!("[legend]\nx = {line}\n"))).expect("parses");
            let m = &s.monsters[0];
            (m.state.clone(), m.side.clone(), m.carries.clone(), s.legend_kinds)
        };
        let (state, side, carries, kinds) = carried("monster goblin asleep carries=wand_of_sparks,darts*3 side=player");
        assert_eq!((state.as_deref(), side.as_deref()), (Some("asleep"), Some("player")));
        assert_eq!(carries, [("wand_of_sparks".to_string(), 1), ("darts".to_string(), 3)]);
        let kinds: Vec<(bool, &str, usize)> = kinds.iter().map(|(m, k, l)| (*m, k.as_str(), *l)).collect();
        assert_eq!(kinds, [(true, "goblin", 6), (false, "wand_of_sparks", 6), (false, "darts", 6)], "checked as items");
        assert_eq!(carried("monster goblin side=player carries=darts").2, [("darts".to_string(), 1)]);
        assert_eq!(carried("monster goblin").2, []);
        let legend = |line: &str| err(&with_map(&format!("[legend]\nx = {line}\n")));
        let e = legend("monster goblin carries=darts*0");
        assert_eq!(
            e.to_string(),
            "line 6: bad carried item 'darts*0' (a bad count; expected carries=KIND[*COUNT],... with COUNT from 1 \
             to 9999)"
        );
        let e = legend("monster goblin carries=darts*10000");
        assert_eq!(e, ScenarioError::BadCarried { line: 6, text: "darts*10000".into(), why: "a bad count" });
        let e = legend("monster goblin carries=darts*lots");
        assert_eq!(e, ScenarioError::BadCarried { line: 6, text: "darts*lots".into(), why: "a bad count" });
        let e = legend("monster goblin carries=darts,,arrows");
        assert_eq!(e, ScenarioError::BadCarried { line: 6, text: "".into(), why: "a missing kind" });
        let e = legend("monster goblin carries=*3");
        assert_eq!(e, ScenarioError::BadCarried { line: 6, text: "*3".into(), why: "a missing kind" });
        let e = legend("monster goblin carries=");
        assert_eq!(e, ScenarioError::BadCarried { line: 6, text: "".into(), why: "nothing after carries=" });
        let e = legend(&format!("monster goblin carries=darts*{}", "9".repeat(100_000))).to_string();
        assert!(e.len() < 200, "one capped line: {e}");
        assert_eq!(
            legend("monster goblin carries=darts asleep"),
            ScenarioError::ExtraWords { line: 6, text: "asleep".into() }
        );
        assert_eq!(
            legend("monster goblin carries=darts carries=arrows"),
            ScenarioError::ExtraWords { line: 6, text: "carries=arrows".into() }
        );
        // An item on the floor carries nothing.
        assert_eq!(
            legend("item darts carries=arrows"),
            ScenarioError::BadCount { line: 6, text: "carries=arrows".into() }
        );
    }

    #[test]
    fn pack_errors() {
        let pack = |line: &str| err(&with_map(&format!("[legend]\nx = item a\n[pack]\n{line}\n")));
        assert_eq!(pack("arrows -3"), ScenarioError::BadCount { line: 8, text: "-3".into() });
        assert_eq!(pack("arrows 3 4"), ScenarioError::ExtraWords { line: 8, text: "4".into() });
    }

    #[test]
    fn option_errors() {
        let opt = |line: &str| err(&with_map(&format!("[legend]\nx = item a\n[options]\n{line}\n")));
        assert_eq!(opt("seed 7"), ScenarioError::OptionSyntax { line: 8 });
        assert_eq!(opt("= 7"), ScenarioError::OptionSyntax { line: 8 });
        assert_eq!(opt("speed = 7"), ScenarioError::UnknownOption { line: 8, key: "speed".into() });
        let e = opt("floor = 0");
        assert_eq!(e.to_string(), "line 8: bad value '0' for floor (expected a whole number from 1 to 1000)");
        assert!(matches!(opt("seed = -1"), ScenarioError::BadOption { key: "seed", .. }));
        let twice = err(&with_map("[legend]\nx = item a\n[options]\nseed = 1\nseed = 2\n"));
        assert_eq!(twice, ScenarioError::DuplicateOption { key: "seed", first: 8, second: 9 });
    }

    #[test]
    fn error_lines() {
        assert_eq!(ScenarioError::NoPlayer.line(), None);
        assert_eq!(ScenarioError::TwoPlayers { first: 2, second: 5 }.line(), Some(5));
        assert_eq!(ScenarioError::BadCount { line: 4, text: "x".into() }.line(), Some(4));
    }

    #[test]
    fn load_puts_the_path_first() {
        let dir = std::env::temp_dir().join(format!("emberdeep-scenario-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let good = dir.join("good.txt");
        std::fs::write(&good, EXAMPLE).expect("write");
        assert_eq!(load_scenario(&good).expect("loads").floor, 3);
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "[map]\n#@q#\n").expect("write");
        let e = load_scenario(&bad).expect_err("bad symbol");
        assert_eq!(e.to_string(), format!("{}: line 2: symbol 'q' is not in the [legend]", bad.display()));
        let missing = dir.join("missing.txt");
        let e = load_scenario(&missing).expect_err("missing file");
        assert!(e.to_string().starts_with(&format!("{}: cannot read: ", missing.display())));
        std::fs::remove_dir_all(&dir).ok();
    }

    proptest::proptest! {
        #[test]
        fn any_text_gives_a_scenario_or_an_error(text in "(\\[map\\]|\\[legend\\]|\\[pack\\]|\\[options\\]|[#.+'>@ xq=0-9a-z/\n\r]|monster |item |seed = |floor = ){0,80}") {
            if let Ok(s) = parse_scenario(&text) {
                proptest::prop_assert!(s.map.width() >= MIN_WIDTH && s.map.height() >= MIN_HEIGHT);
                proptest::prop_assert!(s.map.is_walkable(s.player));
            }
        }

        #[test]
        fn arbitrary_unicode_never_panics(text in "\\PC{0,200}") {
            let _ = parse_scenario(&text);
        }
    }
}
