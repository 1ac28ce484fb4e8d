//! The New Run screen's model, with no SDL: every plugin found (and those
//! refused, with why), which are turned on, the presets, the seed typed,
//! and a saved run offered first. Turning a plugin on turns on what it
//! needs; turning one off turns off what needs it; each such change is a
//! line on the screen. The window draws it with `ui::newrun_screen`; the
//! play driver (`drivers::play::newrun`) finds the plugins and the presets
//! and remembers the set played.

use std::path::PathBuf;

use super::keys::Key;
use super::screen::{palette, Line};

/// One plugin found in the plugin folders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginRow {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The api version it was built against (empty when it did not load far enough to say).
    pub api_version: String,
    /// Its one-line description, when it gives one.
    pub description: Option<String>,
    /// What it brings: a kind ("item effects") and how many.
    pub brings: Vec<(String, usize)>,
    /// The plugins it needs, with the oldest version of each.
    pub needs: Vec<(String, String)>,
    /// Its library file.
    pub from: PathBuf,
    /// Why it cannot be used, if it cannot.
    pub refused: Option<String>,
}

/// A named set of plugins to start from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preset {
    /// What the screen calls it.
    pub name: String,
    /// The plugins it turns on (those not found are said, and left out).
    pub plugins: Vec<String>,
}

/// A run saved and not finished: offered first, with the set it was played with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedOffer {
    /// Its seed.
    pub seed: u64,
    /// The plugins it was saved with.
    pub plugins: Vec<String>,
}

/// What the player chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chosen {
    /// A new run with these plugins (in the screen's order), and the seed typed, if any.
    Run {
        /// The plugins turned on.
        plugins: Vec<String>,
        /// The seed typed.
        seed: Option<u64>,
    },
    /// Go on with the saved run.
    Continue,
    /// Leave the game.
    Quit,
}

/// One line the cursor can stand on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// The saved run.
    Saved,
    /// A preset, by index.
    Preset(usize),
    /// A plugin, by index.
    Plugin(usize),
    /// The seed.
    Seed,
    /// Start.
    Start,
}

/// Why a plugin cannot be turned on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unavailable {
    /// It, or a plugin it needs, did not load.
    #[error("{name} is refused ({why})")]
    Refused {
        /// The plugin refused.
        name: String,
        /// Why.
        why: String,
    },
    /// It needs a plugin not found at all.
    #[error("it needs {need}, which is not in the plugin folders")]
    Missing {
        /// The plugin needed.
        need: String,
    },
}

/// The name of the preset that is the set last played.
pub const LAST_SET: &str = "the last set played";

/// The most digits a typed seed may have (a u64 has at most 20).
const SEED_DIGITS: usize = 20;
/// The most lines of what a change did that are kept on screen.
const MOST_NOTES: usize = 6;

/// The screen's state.
#[derive(Debug, Clone)]
pub struct NewRun {
    /// Every plugin found, in order.
    pub rows: Vec<PluginRow>,
    /// Which are on.
    pub on: Vec<bool>,
    /// The presets, in order.
    pub presets: Vec<Preset>,
    /// A saved run, if there is one.
    pub saved: Option<SavedOffer>,
    /// The seed as typed (empty: from the clock).
    pub seed: String,
    /// Where the cursor is (an index of [`NewRun::entries`]).
    pub cursor: usize,
    /// What the last change did, newest last.
    pub notes: Vec<String>,
    /// The presets the player saved on this screen (`s`), to be kept.
    pub saved_presets: Vec<Preset>,
    /// What keeps plugins from the player's files, the network and other
    /// programs, in one line, and whether all of it is in force (drawn
    /// in the warning colour otherwise); empty: not said.
    pub confinement: (String, bool),
}

impl NewRun {
    /// A screen over `rows`, with `presets`; `start` is the set turned on
    /// first (the last set played, or every plugin when there is none).
    pub fn new(rows: Vec<PluginRow>, presets: Vec<Preset>, saved: Option<SavedOffer>, start: &[String]) -> NewRun {
        let on = vec![false; rows.len()];
        let mut screen = NewRun {
            rows,
            on,
            presets,
            saved,
            seed: String::new(),
            cursor: 0,
            notes: Vec::new(),
            saved_presets: Vec::new(),
            confinement: (String::new(), true),
        };
        screen.set_to(start);
        screen.notes.clear();
        screen
    }

    /// The lines the cursor can stand on, top to bottom.
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        if self.saved.is_some() {
            entries.push(Entry::Saved);
        }
        entries.extend((0..self.presets.len()).map(Entry::Preset));
        entries.extend((0..self.rows.len()).map(Entry::Plugin));
        entries.push(Entry::Seed);
        entries.push(Entry::Start);
        entries
    }

    /// The entry under the cursor.
    pub fn current(&self) -> Entry {
        let entries = self.entries();
        entries[self.cursor.min(entries.len() - 1)]
    }

    /// The plugins turned on, in the screen's order.
    pub fn chosen(&self) -> Vec<String> {
        self.rows.iter().zip(&self.on).filter(|(_, on)| **on).map(|(r, _)| r.name.clone()).collect()
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.rows.iter().position(|r| r.name == name)
    }

    fn note(&mut self, line: String) {
        self.notes.push(line);
        let extra = self.notes.len().saturating_sub(MOST_NOTES);
        self.notes.drain(..extra);
    }

    /// Turns plugin `i` on or off (Space). On: what it needs goes on too;
    /// off: what needs it goes off too; each said in a line. A refused
    /// plugin stays off, and says why.
    pub fn toggle(&mut self, i: usize) {
        let Some(row) = self.rows.get(i) else { return };
        let name = row.name.clone();
        if self.on[i] {
            self.turn_off(i);
            self.note(format!("{name} turned off"));
        } else if let Some(why) = &row.refused {
            let line = format!("{name} cannot be turned on: {why}");
            self.note(line);
        } else {
            match self.turn_on(i, &mut Vec::new()) {
                Ok(()) => self.note(format!("{name} turned on")),
                Err(why) => self.note(format!("{name} cannot be turned on: {why}")),
            }
        }
    }

    /// Turns `i` and what it needs on, saying so for each need; an error
    /// (a need that is missing or refused) turns nothing on.
    fn turn_on(&mut self, i: usize, seen: &mut Vec<usize>) -> Result<(), Unavailable> {
        let mut wanted = Vec::new();
        self.needed_by(i, seen, &mut wanted)?;
        for j in wanted {
            if !self.on[j] {
                self.on[j] = true;
                if j != i {
                    let line = format!("{} turned on: {} needs it", self.rows[j].name, self.needer_of(j, i));
                    self.note(line);
                }
            }
        }
        Ok(())
    }

    /// The plugin (from `i` down) that needs `j` directly.
    fn needer_of(&self, j: usize, i: usize) -> String {
        let target = &self.rows[j].name;
        let mut stack = vec![i];
        let mut seen = Vec::new();
        while let Some(k) = stack.pop() {
            if seen.contains(&k) {
                continue;
            }
            seen.push(k);
            if self.rows[k].needs.iter().any(|(n, _)| n == target) {
                return self.rows[k].name.clone();
            }
            stack.extend(self.rows[k].needs.iter().filter_map(|(n, _)| self.index_of(n)));
        }
        self.rows[i].name.clone()
    }

    /// `i` and everything it needs, needs first; why not, if one cannot be had.
    fn needed_by(&self, i: usize, seen: &mut Vec<usize>, out: &mut Vec<usize>) -> Result<(), Unavailable> {
        if seen.contains(&i) {
            return Ok(());
        }
        seen.push(i);
        let row = &self.rows[i];
        if let Some(why) = &row.refused {
            return Err(Unavailable::Refused { name: row.name.clone(), why: why.clone() });
        }
        for (need, _) in &row.needs {
            match self.index_of(need) {
                Some(j) => self.needed_by(j, seen, out)?,
                None => return Err(Unavailable::Missing { need: need.clone() }),
            }
        }
        out.push(i);
        Ok(())
    }

    /// Turns `i` off, and whatever is on and needs it, saying so for each.
    fn turn_off(&mut self, i: usize) {
        self.on[i] = false;
        let name = self.rows[i].name.clone();
        let needers: Vec<usize> = (0..self.rows.len())
            .filter(|&j| self.on[j] && self.rows[j].needs.iter().any(|(n, _)| *n == name))
            .collect();
        for j in needers {
            if self.on[j] {
                let line = format!("{} turned off: it needs {name}", self.rows[j].name);
                self.note(line);
                self.turn_off(j);
            }
        }
    }

    /// Turns on exactly `names` (and what they need), saying what could not be.
    fn set_to(&mut self, names: &[String]) {
        self.on.iter_mut().for_each(|o| *o = false);
        for name in names {
            match self.index_of(name) {
                Some(i) if self.rows[i].refused.is_some() => {
                    let why = self.rows[i].refused.clone().unwrap_or_default();
                    self.note(format!("{name} left off: {why}"));
                }
                Some(i) => {
                    if let Err(why) = self.turn_on(i, &mut Vec::new()) {
                        self.note(format!("{name} left off: {why}"));
                    }
                }
                None => self.note(format!("{name} left off: it is not in the plugin folders")),
            }
        }
    }

    /// Turns on the set of preset `p`, and nothing else.
    pub fn apply_preset(&mut self, p: usize) {
        let Some(preset) = self.presets.get(p).cloned() else { return };
        self.notes.clear();
        self.set_to(&preset.plugins);
        let count = self.on.iter().filter(|o| **o).count();
        self.note(format!("preset '{}': {count} plugins on", preset.name));
    }

    /// Keeps the set on as a preset of the player's (`s`), named "my set N".
    pub fn save_preset(&mut self) {
        let plugins = self.chosen();
        if plugins.is_empty() {
            self.note("turn at least one plugin on (Space) to save a preset".into());
            return;
        }
        if let Some(same) = self.presets.iter().find(|p| p.plugins == plugins) {
            let line = format!("this set is already the preset '{}'", same.name);
            self.note(line);
            return;
        }
        let n = (1..).find(|n| !self.presets.iter().any(|p| p.name == format!("my set {n}"))).unwrap_or(1);
        let preset = Preset { name: format!("my set {n}"), plugins };
        self.note(format!("saved as the preset '{}'", preset.name));
        // Before "the last set played", if it is there, so it stays last.
        let at = self.presets.iter().position(|p| p.name == LAST_SET).unwrap_or(self.presets.len());
        self.presets.insert(at, preset.clone());
        self.saved_presets.push(preset);
        // The cursor stays on the line it was on, now one further down.
        let entry = at + usize::from(self.saved.is_some());
        if self.cursor >= entry {
            self.cursor += 1;
        }
    }

    /// Moves the cursor by `by` entries, kept on the list.
    fn move_by(&mut self, by: isize) {
        let last = self.entries().len() as isize - 1;
        self.cursor = (self.cursor as isize + by).clamp(0, last) as usize;
    }

    /// The seed typed, if any (a seed too large for the game is said).
    fn typed_seed(&mut self) -> Result<Option<u64>, ()> {
        if self.seed.is_empty() {
            return Ok(None);
        }
        match self.seed.parse::<u64>() {
            Ok(seed) => Ok(Some(seed)),
            Err(_) => {
                self.note(format!("the seed {} is too large (at most {})", self.seed, u64::MAX));
                Err(())
            }
        }
    }

    /// Starts a run with the set on, if any is and the seed reads.
    fn start(&mut self) -> Option<Chosen> {
        let plugins = self.chosen();
        if plugins.is_empty() {
            self.note("turn at least one plugin on (Space) to start".into());
            return None;
        }
        let seed = self.typed_seed().ok()?;
        Some(Chosen::Run { plugins, seed })
    }

    /// Removes the seed's last digit (Backspace).
    pub fn backspace(&mut self) {
        self.seed.pop();
    }

    /// A key: what the player chose, if this key chose.
    pub fn press(&mut self, key: Key) -> Option<Chosen> {
        match key {
            Key::Up | Key::Char('k') => self.move_by(-1),
            Key::Down | Key::Char('j') | Key::Tab => self.move_by(1),
            Key::PageUp => self.move_by(-10),
            Key::PageDown => self.move_by(10),
            Key::Home => self.cursor = 0,
            Key::End => self.cursor = self.entries().len() - 1,
            Key::Esc => return Some(Chosen::Quit),
            Key::Char(c @ '0'..='9') => {
                if self.seed.len() < SEED_DIGITS {
                    self.seed.push(c);
                }
                self.cursor = self.entries().iter().position(|e| *e == Entry::Seed).unwrap_or(self.cursor);
            }
            Key::Char(' ') => return self.activate(false),
            Key::Enter => return self.activate(true),
            Key::Char('a') => {
                let every: Vec<String> =
                    self.rows.iter().filter(|r| r.refused.is_none()).map(|r| r.name.clone()).collect();
                self.notes.clear();
                self.set_to(&every);
                self.note("every plugin turned on".into());
            }
            Key::Char('c') if self.saved.is_some() => return Some(Chosen::Continue),
            Key::Char('s') => self.save_preset(),
            _ => {}
        }
        None
    }

    /// Space or Enter on the entry under the cursor: a plugin toggles
    /// (Enter starts), a preset is applied, the saved run goes on, Start starts.
    fn activate(&mut self, enter: bool) -> Option<Chosen> {
        match self.current() {
            Entry::Saved => return Some(Chosen::Continue),
            Entry::Preset(p) => self.apply_preset(p),
            Entry::Plugin(i) if !enter => self.toggle(i),
            Entry::Plugin(_) | Entry::Seed | Entry::Start if enter => return self.start(),
            Entry::Seed => self.seed.clear(),
            Entry::Start | Entry::Plugin(_) => return self.start(),
        }
        None
    }

    /// A click on entry `e`: the cursor goes there and it is activated as by Space.
    pub fn click(&mut self, e: usize) -> Option<Chosen> {
        if e >= self.entries().len() {
            return None;
        }
        self.cursor = e;
        if self.current() == Entry::Start {
            return self.activate(true);
        }
        self.activate(false)
    }

    /// The text of each entry, as the screen shows it (without the cursor
    /// mark), and its colour; `details` gives each plugin its second line.
    pub fn entry_lines(&self) -> Vec<(Entry, Vec<Line>)> {
        self.entries().into_iter().map(|e| (e, self.lines_of(e))).collect()
    }

    fn lines_of(&self, entry: Entry) -> Vec<Line> {
        match entry {
            Entry::Saved => {
                // Listed only when there is one.
                let Some(saved) = self.saved.as_ref() else { return Vec::new() };
                vec![
                    Line::new(format!("Continue the saved run (seed {})  [c or Enter]", saved.seed), palette::GOOD),
                    Line::new(format!("    with {}", saved.plugins.join(", ")), palette::DIM),
                ]
            }
            Entry::Preset(p) => {
                let preset = &self.presets[p];
                let names = if preset.plugins.is_empty() { "none".to_string() } else { preset.plugins.join(", ") };
                vec![Line::new(format!("Preset: {} ({names})", preset.name), palette::TEXT)]
            }
            Entry::Plugin(i) => self.plugin_lines(i),
            Entry::Seed => {
                let seed = if self.seed.is_empty() { "from the clock (type digits)".into() } else { self.seed.clone() };
                vec![Line::new(format!("Seed: {seed}"), palette::TEXT)]
            }
            Entry::Start => {
                let count = self.on.iter().filter(|o| **o).count();
                vec![Line::new(format!("Start a run with {count} plugins  [Enter]"), palette::GOOD)]
            }
        }
    }

    fn plugin_lines(&self, i: usize) -> Vec<Line> {
        let row = &self.rows[i];
        let mark = match (&row.refused, self.on[i]) {
            (Some(_), _) => "[-]",
            (None, true) => "[x]",
            (None, false) => "[ ]",
        };
        let version = if row.version.is_empty() { String::new() } else { format!(" {}", row.version) };
        let api = if row.api_version.is_empty() { String::new() } else { format!(", api {}", row.api_version) };
        let colour = match (&row.refused, self.on[i]) {
            (Some(_), _) => palette::DANGER,
            (None, true) => palette::TEXT,
            (None, false) => palette::DIM,
        };
        let description = row.description.as_deref().unwrap_or("no description");
        let mut lines = vec![Line::new(format!("{mark} {}{version}{api}: {description}", row.name), colour)];
        if let Some(why) = &row.refused {
            lines.push(Line::new(format!("      refused: {why}"), palette::DANGER));
        } else {
            let brings: Vec<String> = row.brings.iter().map(|(what, n)| format!("{n} {what}")).collect();
            let brings = if brings.is_empty() { "nothing registered".into() } else { brings.join(", ") };
            let needs = if row.needs.is_empty() {
                "nothing".to_string()
            } else {
                row.needs.iter().map(|(n, v)| format!("{n} {v}+")).collect::<Vec<_>>().join(", ")
            };
            lines.push(Line::new(format!("      brings {brings}; needs {needs}"), palette::DIM));
        }
        lines.push(Line::new(format!("      from {}", row.from.display()), palette::DIM));
        lines
    }
}

#[cfg(test)]
mod tests;
