//! Turning the raw shapes of a record file ([`raw`](super::raw)) into
//! records: every number held to its range, every name (brain, ranged
//! kind, effect, setting, trait, role) to what is known or registered,
//! every id new. An error is one line naming the file, the line and the
//! field, with the nearest known name when a name is misspelled; what it
//! repeats of the file is capped ([`untrusted::shown`]). A plugin's data
//! folder that is there but cannot be read is refused by name, and the game
//! refuses records without the ember-heart ([`load_game_records`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use emberdeep_api::{Damage, RangedSpec, Rgba};
use toml::Spanned;

use crate::data::numbers::SETTINGS;
use crate::data::records::raw::{
    CarriedRaw, DeeperRaw, FileRaw, ItemRaw, MonsterRaw, Num, Nums, RangedRaw, CARRIED_COUNT, CHANCE, CHANCE_DEFAULT,
    DAMAGE, DEFENSE, DEFENSE_DEFAULT, EVERY, EVERY_DEFAULT, FLOORS, FOUND, FOUND_DEFAULT, FREQUENCY, FREQUENCY_DEFAULT,
    HP, MOST_CARRIES, MOST_DEEPER, PARAM_MAX, RANGE, SIGHT,
};
use crate::data::records::{
    article_for, Carried, ItemRecord, ItemRole, MonsterRecord, MonsterTrait, Records, Registered, RegisteredPlugin,
    DESCRIPTION_MAX, GOAL_ITEM,
};
use crate::data::untrusted::{self, limits, InputError};

mod pieces;

/// A problem in a data file, with where it is.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be read (not a regular file, too large, not text).
    #[error(transparent)]
    Read(#[from] InputError),
    /// `--data-dir` names no folder of records.
    #[error("{dir}: no such data folder (it should hold host/rules.toml and a folder per plugin)")]
    NoFolder {
        /// The folder asked for.
        dir: PathBuf,
    },
    /// A plugin's data folder (or the host's) is there but cannot be read:
    /// a FIFO, a link to nothing or to itself, a folder without permission.
    #[error("{}: cannot read the data folder of {whose}: {source}", dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// `plugin 'NAME'` or `the host`.
        whose: String,
        /// Why.
        source: std::io::Error,
    },
    /// The host's goal record is missing: no run could be won.
    #[error(
        "{}: no record `{GOAL_ITEM}` (the ember-heart, which says which floor is the deepest): \
         without it no run could be won; restore data/host/goal.toml",
        dir.display()
    )]
    NoGoal {
        /// The host's data folder.
        dir: PathBuf,
    },
    /// A field is wrong.
    #[error("{file}:{line}: field `{field}`: {message}")]
    Field {
        /// The file.
        file: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The field's name.
        field: String,
        /// What is wrong and what to do.
        message: String,
    },
}

/// Reads one file's text into the records, checking names against `plugins`.
struct FileReader<'a> {
    file: &'a Path,
    text: &'a str,
    plugin: &'a str,
    plugins: &'a Registered,
}

impl FileReader<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].matches('\n').count() + 1
    }

    /// The error at `offset`, the field's name and the message capped, as
    /// both may repeat what the file says.
    fn error(&self, offset: usize, field: &str, message: String) -> DataError {
        DataError::Field {
            file: self.file.to_path_buf(),
            line: self.line_of(offset),
            field: untrusted::shown(field, limits::SHOWN_WORD),
            message: untrusted::shown(&message, limits::SHOWN_TEXT),
        }
    }

    fn glyph(&self, g: &Spanned<String>) -> Result<char, DataError> {
        let mut chars = g.get_ref().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(self.error(g.span().start, "glyph", format!("must be one character, not {:?}", g.get_ref()))),
        }
    }

    /// A whole number from `min` to `max`.
    fn int(&self, n: &Num, field: &str, min: i64, max: i64) -> Result<i64, DataError> {
        let v = *n.get_ref();
        if (min..=max).contains(&v) {
            Ok(v)
        } else {
            Err(self.error(n.span().start, field, format!("must be from {min} to {max}, not {v}")))
        }
    }

    /// An optional whole number, `default` when left out.
    fn int_or(&self, n: &Option<Num>, field: &str, default: i64, min: i64, max: i64) -> Result<i64, DataError> {
        n.as_ref().map_or(Ok(default), |n| self.int(n, field, min, max))
    }

    /// `[least, most]`, both from `min` to `max`, the first not above the second.
    fn pair(&self, n: &Nums, field: &str, min: i64, max: i64) -> Result<(i64, i64), DataError> {
        let at = n.span().start;
        let v = n.get_ref();
        let [lo, hi] = v[..] else {
            let message = format!("must be [least, most]: two numbers, not {} ({v:?})", v.len());
            return Err(self.error(at, field, message));
        };
        if !(min..=max).contains(&lo) || !(min..=max).contains(&hi) {
            return Err(self.error(at, field, format!("both numbers must be from {min} to {max}, not [{lo}, {hi}]")));
        }
        if lo > hi {
            return Err(self.error(at, field, format!("the least must not be above the most: [{lo}, {hi}]")));
        }
        Ok((lo, hi))
    }

    /// `[red, green, blue]`, each from 0 to 255.
    fn color(&self, n: &Nums) -> Result<Rgba, DataError> {
        match n.get_ref()[..] {
            [r, g, b] if [r, g, b].iter().all(|c| (0..=255).contains(c)) => Ok(Rgba::rgb(r as u8, g as u8, b as u8)),
            ref v => Err(self.error(
                n.span().start,
                "color",
                format!("must be [red, green, blue], each 0 to 255, not {v:?}"),
            )),
        }
    }

    /// A plugin's own numbers (settings, an item's `params`): from 0 to
    /// [`PARAM_MAX`], and a `NAME_min` never above its `NAME_max`.
    fn plugin_numbers(
        &self,
        numbers: &BTreeMap<Spanned<String>, Num>,
        what: &str,
    ) -> Result<BTreeMap<String, i64>, DataError> {
        let mut out = BTreeMap::new();
        for (key, value) in numbers {
            let field = format!("{what}{}", key.get_ref());
            out.insert(key.get_ref().clone(), self.int(value, &field, 0, PARAM_MAX)?);
        }
        for (key, value) in numbers {
            let Some(stem) = key.get_ref().strip_suffix("_min") else { continue };
            if let Some(most) = out.get(&format!("{stem}_max")) {
                if value.get_ref() > most {
                    let message = format!("{} is above {stem}_max ({most})", value.get_ref());
                    return Err(self.error(value.span().start, &format!("{what}{}", key.get_ref()), message));
                }
            }
        }
        Ok(out)
    }

    /// The host's `[settings]`: only names it knows, each within its range.
    fn host_settings(&self, settings: &BTreeMap<Spanned<String>, Num>) -> Result<BTreeMap<String, i64>, DataError> {
        let mut out = BTreeMap::new();
        for (key, value) in settings {
            let Some(known) = SETTINGS.iter().find(|s| s.name == key.get_ref()) else {
                let names: Vec<&str> = SETTINGS.iter().map(|s| s.name).collect();
                let message = format!("no host setting is called that{}", suggestion(key.get_ref(), &names));
                return Err(self.error(key.span().start, key.get_ref(), message));
            };
            out.insert(key.get_ref().clone(), self.int(value, key.get_ref(), known.min, known.max)?);
        }
        Ok(out)
    }

    /// A plugin's `[settings]`, held to what it declared (a plugin that
    /// declared none is held to the plain rule of [`Self::plugin_numbers`] only).
    fn declared_settings(&self, settings: &BTreeMap<Spanned<String>, Num>) -> Result<(), DataError> {
        let Some(plugin) = self.plugins.plugins.iter().find(|p| p.name == self.plugin) else { return Ok(()) };
        if plugin.settings.is_empty() {
            return Ok(());
        }
        for (key, value) in settings {
            match plugin.settings.iter().find(|s| s.0 == *key.get_ref()) {
                Some((_, _, min, max)) => {
                    self.int(value, key.get_ref(), *min, *max)?;
                }
                None => {
                    let names: Vec<&str> = plugin.settings.iter().map(|s| s.0.as_str()).collect();
                    let message = format!(
                        "{} declares no setting called that{} (its settings: {})",
                        self.plugin,
                        suggestion(key.get_ref(), &names),
                        names.join(", ")
                    );
                    return Err(self.error(key.span().start, key.get_ref(), message));
                }
            }
        }
        Ok(())
    }

    /// A record whose `needs` names a plugin not in the set is skipped.
    fn needs_met(&self, needs: &[String]) -> bool {
        needs.iter().all(|n| self.plugins.is_loaded(n))
    }

    fn unknown(&self, at: usize, field: &str, what: &str, name: &str, known: Vec<String>) -> DataError {
        let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
        self.error(
            at,
            field,
            format!(
                "no loaded plugin registered a {what} named \"{name}\" (registered: {known}). \
                 If it comes from a plugin left out of --plugins, add `needs = [\"that_plugin\"]` to the record"
            ),
        )
    }

    fn id(&self, id: &Spanned<String>) -> Result<String, DataError> {
        let text = id.get_ref();
        let most = crate::data::bounds::KIND_CHARS;
        let fine =
            !text.is_empty() && text.len() <= most && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if fine {
            Ok(text.clone())
        } else {
            let message = format!("must be 1 to {most} letters, digits or _, not {text:?}");
            Err(self.error(id.span().start, "id", message))
        }
    }

    fn monster(&self, raw: &Spanned<MonsterRaw>) -> Result<Option<MonsterRecord>, DataError> {
        let m = raw.get_ref();
        if !self.needs_met(&m.needs) {
            return Ok(None);
        }
        if !self.plugins.brains.contains(m.brain.get_ref()) {
            let known = self.plugins.brains.iter().cloned().collect();
            return Err(self.unknown(m.brain.span().start, "brain", "brain", m.brain.get_ref(), known));
        }
        let (lo, hi) = self.pair(&m.damage, "damage", DAMAGE.0, DAMAGE.1)?;
        let floors = self.pair(&m.floors, "floors", FLOORS.0, FLOORS.1)?;
        let ranged = m.ranged.as_ref().map(|r| self.ranged(r)).transpose()?;
        let traits = self.traits(m)?;
        let carries = self.carries(m)?;
        let side = match &m.side {
            None => emberdeep_api::MONSTERS_SIDE.to_string(),
            Some(side) if self.plugins.sides.contains(side.get_ref()) => side.get_ref().clone(),
            Some(side) => {
                let known = self.plugins.sides.iter().cloned().collect();
                return Err(self.unknown(side.span().start, "side", "side", side.get_ref(), known));
            }
        };
        Ok(Some(MonsterRecord {
            id: self.id(&m.id)?,
            name: m.name.clone(),
            glyph: self.glyph(&m.glyph)?,
            color: self.color(&m.color)?,
            tile: m.tile.clone(),
            tint: m.tint,
            floors: (floors.0 as u32, floors.1 as u32),
            frequency: self.int_or(&m.frequency, "frequency", FREQUENCY_DEFAULT, FREQUENCY.0, FREQUENCY.1)? as u32,
            deeper: self.deeper(&m.deeper, floors)?,
            hp: self.int(&m.hp, "hp", HP.0, HP.1)? as i32,
            damage: Damage::new(lo as i32, hi as i32),
            defense: self.int_or(&m.defense, "defense", DEFENSE_DEFAULT, DEFENSE.0, DEFENSE.1)? as i32,
            sight: self.int(&m.sight, "sight", SIGHT.0, SIGHT.1)? as i32,
            brain: m.brain.get_ref().clone(),
            side,
            peaceful: m.peaceful,
            carries,
            ranged,
            traits,
            description: self.description(&m.description)?,
            plugin: self.plugin.to_string(),
            file: self.file.to_path_buf(),
        }))
    }

    /// A monster's `carries`: at most [`MOST_CARRIES`] entries, each count
    /// in range. Whether each kind is an item is checked once every file is
    /// read ([`check_carried_kinds`]), since another plugin's records may have it.
    fn carries(&self, m: &MonsterRaw) -> Result<Vec<Carried>, DataError> {
        if let Some(extra) = m.carries.get(MOST_CARRIES) {
            let message = format!("lists {} entries; a monster carries at most {MOST_CARRIES}", m.carries.len());
            return Err(self.error(extra.span().start, "carries", message));
        }
        let carried = |c: &Spanned<CarriedRaw>| -> Result<Carried, DataError> {
            let raw = c.get_ref();
            let count = self.int_or(&raw.count, "carries.count", 1, CARRIED_COUNT.0, CARRIED_COUNT.1)? as u32;
            let chance = self.int_or(&raw.chance, "carries.chance", CHANCE_DEFAULT, CHANCE.0, CHANCE.1)? as u32;
            Ok(Carried { item: raw.item.get_ref().clone(), count, chance, line: self.line_of(raw.item.span().start) })
        };
        m.carries.iter().map(carried).collect()
    }

    /// A record's `deeper`: at most [`MOST_DEEPER`] entries, each `from`
    /// after the record's first floor, within its last, and deeper than the
    /// entry before.
    fn deeper(&self, raw: &[Spanned<DeeperRaw>], floors: (i64, i64)) -> Result<Vec<(u32, u32)>, DataError> {
        if let Some(extra) = raw.get(MOST_DEEPER) {
            let message = format!("lists {} entries; a record lists at most {MOST_DEEPER}", raw.len());
            return Err(self.error(extra.span().start, "deeper", message));
        }
        let mut steps: Vec<(u32, u32)> = Vec::new();
        for entry in raw {
            let d = entry.get_ref();
            let from = self.int(&d.from, "deeper.from", FLOORS.0, FLOORS.1)?;
            let frequency = self.int(&d.frequency, "deeper.frequency", FREQUENCY.0, FREQUENCY.1)?;
            let after = steps.last().map_or(floors.0, |&(f, _)| f as i64);
            if from <= after || from > floors.1 {
                let message = format!(
                    "from = {from}: must be deeper than floor {after} (the record's first floor, or the entry \
                     before) and no deeper than floor {} (its last)",
                    floors.1
                );
                return Err(self.error(d.from.span().start, "deeper.from", message));
            }
            steps.push((from as u32, frequency as u32));
        }
        Ok(steps)
    }

    /// A monster's `ranged` entry: its kind must be a registered `RangedKind`.
    fn ranged(&self, raw: &Spanned<RangedRaw>) -> Result<RangedSpec, DataError> {
        let r = raw.get_ref();
        if !self.plugins.ranged.contains(r.kind.get_ref()) {
            let known = self.plugins.ranged.iter().cloned().collect();
            return Err(self.unknown(r.kind.span().start, "ranged.kind", "ranged kind", r.kind.get_ref(), known));
        }
        let (min, max) = self.pair(&r.damage, "ranged.damage", DAMAGE.0, DAMAGE.1)?;
        Ok(RangedSpec {
            kind: r.kind.get_ref().as_str().into(),
            damage: Damage::new(min as i32, max as i32),
            range: self.int(&r.range, "ranged.range", RANGE.0, RANGE.1)? as i32,
            every: self.int_or(&r.every, "ranged.every", EVERY_DEFAULT, EVERY.0, EVERY.1)? as i32,
        })
    }

    /// A monster's `traits`: known names, each once; `keeps_distance` if
    /// and only if the brain is `keeps_distance`. A trait listed without
    /// its brain is the trait's fault (its line, `traits`); the brain
    /// without its trait is the brain's (its line, `brain`).
    fn traits(&self, m: &MonsterRaw) -> Result<BTreeSet<MonsterTrait>, DataError> {
        let mut traits = BTreeSet::new();
        let id = m.id.get_ref();
        for name in &m.traits {
            let Some(t) = MonsterTrait::from_name(name.get_ref()) else {
                let names: Vec<&str> = MonsterTrait::ALL.iter().map(|t| t.as_str()).collect();
                let message = format!(
                    "monster \"{id}\": no trait is called {:?}{} (the traits: {})",
                    name.get_ref(),
                    suggestion(name.get_ref(), &names),
                    names.join(", ")
                );
                return Err(self.error(name.span().start, "traits", message));
            };
            if !traits.insert(t) {
                let message = format!("monster \"{id}\": the trait \"{}\" is listed twice", t.as_str());
                return Err(self.error(name.span().start, "traits", message));
            }
        }
        let keeper =
            m.traits.iter().find(|t| MonsterTrait::from_name(t.get_ref()) == Some(MonsterTrait::KeepsDistance));
        let brain = m.brain.get_ref();
        match keeper {
            Some(t) if brain != "keeps_distance" => {
                let message = format!(
                    "monster \"{id}\": the trait \"keeps_distance\" needs brain = \"keeps_distance\", not \"{brain}\""
                );
                return Err(self.error(t.span().start, "traits", message));
            }
            None if brain == "keeps_distance" => {
                let message = format!(
                    "monster \"{id}\": the brain \"keeps_distance\" needs the trait: add traits = [\"keeps_distance\"]"
                );
                return Err(self.error(m.brain.span().start, "brain", message));
            }
            _ => {}
        }
        Ok(traits)
    }

    /// A record's `description`: up to [`DESCRIPTION_MAX`] characters, empty when left out.
    fn description(&self, text: &Option<Spanned<String>>) -> Result<String, DataError> {
        let Some(text) = text else { return Ok(String::new()) };
        let count = text.get_ref().chars().count();
        if count > DESCRIPTION_MAX {
            let message =
                format!("must be at most {DESCRIPTION_MAX} characters, not {count}: say it in a sentence or two");
            return Err(self.error(text.span().start, "description", message));
        }
        Ok(text.get_ref().trim().to_string())
    }

    /// An item's `role`: one of [`ItemRole::ALL`], `none` when left out.
    fn role(&self, role: &Option<Spanned<String>>) -> Result<ItemRole, DataError> {
        let Some(role) = role else { return Ok(ItemRole::None) };
        ItemRole::from_name(role.get_ref()).ok_or_else(|| {
            let names: Vec<&str> = ItemRole::ALL.iter().map(|r| r.as_str()).collect();
            let message = format!(
                "no item role is called {:?}{} (the roles: {})",
                role.get_ref(),
                suggestion(role.get_ref(), &names),
                names.join(", ")
            );
            self.error(role.span().start, "role", message)
        })
    }

    fn item(&self, raw: &Spanned<ItemRaw>) -> Result<Option<ItemRecord>, DataError> {
        let i = raw.get_ref();
        if !self.needs_met(&i.needs) {
            return Ok(None);
        }
        if let Some(effect) = &i.effect {
            if !self.plugins.effects.contains(effect.get_ref()) {
                let known = self.plugins.effects.iter().cloned().collect();
                return Err(self.unknown(effect.span().start, "effect", "item effect", effect.get_ref(), known));
            }
        }
        let found = match &i.found {
            Some(found) => self.pair(found, "found", FOUND.0, FOUND.1)?,
            None => FOUND_DEFAULT,
        };
        let floors = self.pair(&i.floors, "floors", FLOORS.0, FLOORS.1)?;
        Ok(Some(ItemRecord {
            id: self.id(&i.id)?,
            name: i.name.clone(),
            plural: i.plural.clone().unwrap_or_else(|| format!("{}s", i.name)),
            article: i.article.clone().unwrap_or_else(|| article_for(&i.name).to_string()),
            glyph: self.glyph(&i.glyph)?,
            color: self.color(&i.color)?,
            tile: i.tile.clone(),
            tint: i.tint,
            class: i.class.clone(),
            role: self.role(&i.role)?,
            stacks: i.stacks,
            effect: i.effect.as_ref().map(|e| e.get_ref().clone()),
            params: self.plugin_numbers(&i.params, "params.")?,
            floors: (floors.0 as u32, floors.1 as u32),
            frequency: self.int_or(&i.frequency, "frequency", FREQUENCY_DEFAULT, FREQUENCY.0, FREQUENCY.1)? as u32,
            deeper: self.deeper(&i.deeper, floors)?,
            found: (found.0 as u32, found.1 as u32),
            description: self.description(&i.description)?,
            plugin: self.plugin.to_string(),
            file: self.file.to_path_buf(),
        }))
    }

    /// What a TOML error is about: the key on its line, else the section's.
    fn field_at(&self, offset: usize) -> String {
        let before = &self.text[..offset.min(self.text.len())];
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let line = self.text[start..].lines().next().unwrap_or("");
        let key = line.split('=').next().unwrap_or("").trim();
        if line.contains('=')
            && !key.is_empty()
            && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.\"".contains(c))
        {
            return key.trim_matches('"').to_string();
        }
        let header = before.lines().rev().map(str::trim).find(|l| l.starts_with('['));
        header.map_or_else(|| "(file)".to_string(), |h| h.trim_matches(|c| c == '[' || c == ']').to_string())
    }

    /// Reads the file into `records`; what its pieces' legends name of
    /// monsters and items is returned, to be checked once every file is read.
    fn read_into(
        &self,
        records: &mut Records,
        carried_by: &mut Vec<CarriedBy>,
    ) -> Result<Vec<pieces::KindNamed>, DataError> {
        let raw: FileRaw = toml::from_str(self.text).map_err(|e| {
            let offset = e.span().map(|s| s.start).unwrap_or(0);
            // A syntax error's message is a line of what and a line of what was expected.
            let message = e.message().lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ");
            // serde names an unknown field and the known ones: name the nearest too.
            let (field, message) = match unknown_field(&message) {
                Some((field, known)) => {
                    let known: Vec<&str> = known.iter().map(String::as_str).collect();
                    let hint = suggestion(&field, &known);
                    (field.clone(), format!("no such field{hint} (the fields are {})", known.join(", ")))
                }
                None => (self.field_at(offset), message),
            };
            self.error(offset, &field, message)
        })?;
        let settings = if self.plugin == "host" {
            self.host_settings(&raw.settings)?
        } else {
            self.declared_settings(&raw.settings)?;
            self.plugin_numbers(&raw.settings, "")?
        };
        records.settings.entry(self.plugin.to_string()).or_default().extend(settings);
        for m in &raw.monster {
            if let Some(rec) = self.monster(m)? {
                self.check_new(records.monsters.contains_key(&rec.id), m.span().start, &rec.id)?;
                records.monsters.insert(rec.id.clone(), rec);
            }
        }
        for i in &raw.item {
            if let Some(rec) = self.item(i)? {
                self.check_new(records.items.contains_key(&rec.id), i.span().start, &rec.id)?;
                records.items.insert(rec.id.clone(), rec);
            }
        }
        let mut kinds = Vec::new();
        for p in &raw.piece {
            if let Some(rec) = self.piece(p, &mut kinds)? {
                self.check_new(records.pieces.contains_key(&rec.id), p.span().start, &rec.id)?;
                records.pieces.insert(rec.id.clone(), rec);
            }
        }
        for c in &raw.carried_by {
            let raw = c.get_ref();
            let count = self.int_or(&raw.count, "carried_by.count", 1, CARRIED_COUNT.0, CARRIED_COUNT.1)? as u32;
            let chance = self.int_or(&raw.chance, "carried_by.chance", CHANCE_DEFAULT, CHANCE.0, CHANCE.1)? as u32;
            let line = self.line_of(raw.item.span().start);
            carried_by.push(CarriedBy {
                monster: raw.monster.get_ref().clone(),
                carried: Carried { item: raw.item.get_ref().clone(), count, chance, line },
                file: self.file.to_path_buf(),
                line: self.line_of(c.span().start),
            });
        }
        Ok(kinds)
    }

    fn check_new(&self, exists: bool, at: usize, id: &str) -> Result<(), DataError> {
        if exists {
            Err(self.error(at, "id", format!("a record with id \"{id}\" already exists")))
        } else {
            Ok(())
        }
    }
}

/// serde's "unknown field `x`, expected one of `a`, `b`": the field and the known names.
fn unknown_field(message: &str) -> Option<(String, Vec<String>)> {
    let rest = message.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let known = rest.split('`').skip(1).step_by(2).map(str::to_string).collect();
    Some((field.to_string(), known))
}

/// "; did you mean `player_hp`?" for the known name nearest `name`, if one is near.
pub fn suggestion(name: &str, known: &[&str]) -> String {
    let nearest = known.iter().map(|k| (edit_distance(name, k), *k)).min();
    match nearest {
        Some((d, k)) if d <= 2.max(name.len() / 3) => format!("; did you mean `{k}`?"),
        _ => String::new(),
    }
}

/// Levenshtein distance: the fewest one-letter changes from `a` to `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Reads the host's folder and the folder of every loaded plugin, in sorted order.
///
/// A plugin's records are in `data/<plugin>/`, or, for a plugin dropped into
/// the plugin folder by a third party, in a folder named after it beside its
/// library (`plugins/libconfusion.so` and `plugins/confusion/items.toml`).
/// A plugin with neither has no records; a folder that is there (a name in
/// the folder, even a link to nothing) but cannot be read is an error
/// naming it, never a plugin quietly without its records.
pub fn load_records(data_dir: &Path, plugins: &Registered) -> Result<Records, DataError> {
    if !data_dir.is_dir() {
        return Err(DataError::NoFolder { dir: data_dir.to_path_buf() });
    }
    let mut records = Records::default();
    let mut folders = vec![("host".to_string(), "the host".to_string(), data_dir.join("host"))];
    for (name, folder) in plugin_folders(data_dir, plugins) {
        // Its own tile sheet's names, for the looks plugins give creatures
        // (api 1.6); a sheet that cannot be read is the front end's to report.
        let sheet = folder.join(crate::data::tile_index::INDEX);
        if is_there(&sheet) {
            if let Ok(index) = crate::data::tile_index::TileIndex::read(&sheet) {
                records.add_sheet_tiles(index.tiles().map(|(name, ..)| name));
            }
        }
        let whose = format!("plugin '{name}'");
        folders.push((name, whose, folder));
    }
    let mut kinds = Vec::new();
    let mut carried_by = Vec::new();
    for (plugin, whose, folder) in folders {
        let files = toml_files(&folder).map_err(|source| DataError::Folder { dir: folder.clone(), whose, source })?;
        for file in files {
            let reader = FileReader { file: &file, text: &text_of(&file)?, plugin: &plugin, plugins }
                .read_into(&mut records, &mut carried_by)?;
            kinds.extend(reader);
        }
    }
    check_carried_kinds(&records)?;
    add_carried_by(&mut records, carried_by)?;
    pieces::check_kinds(&records, &kinds)?;
    Ok(records)
}

/// A data file's text, read as every untrusted file is.
fn text_of(file: &Path) -> Result<String, DataError> {
    Ok(untrusted::read_text(file, "data file", limits::RECORDS)?)
}

/// A `[[carried_by]]` entry as read, waiting for every file to be read.
pub(crate) struct CarriedBy {
    /// The monster's kind.
    monster: String,
    /// What it carries.
    carried: Carried,
    /// The file that says so, and the line of its table.
    file: PathBuf,
    line: usize,
}

/// Each `[[carried_by]]` entry joins the end of its monster's `carries`,
/// in the order read; one whose monster no loaded record has is left out
/// (that monster's plugin is not loaded). Its item must be a loaded one, and
/// a monster carries at most [`MOST_CARRIES`] entries in all.
fn add_carried_by(records: &mut Records, entries: Vec<CarriedBy>) -> Result<(), DataError> {
    for e in entries {
        if !records.items.contains_key(&e.carried.item) {
            let known: Vec<&str> = records.items.keys().map(String::as_str).collect();
            let message = format!("no loaded record has an item \"{}\" (items: {})", e.carried.item, known.join(", "));
            return Err(DataError::Field {
                file: e.file,
                line: e.carried.line,
                field: "carried_by.item".into(),
                message: untrusted::shown(&message, limits::SHOWN_TEXT),
            });
        }
        let Some(monster) = records.monsters.get_mut(&e.monster) else { continue };
        if monster.carries.len() >= MOST_CARRIES {
            let message = format!("\"{}\" would carry more than {MOST_CARRIES} entries", e.monster);
            return Err(DataError::Field {
                file: e.file,
                line: e.line,
                field: "carried_by".into(),
                message: untrusted::shown(&message, limits::SHOWN_TEXT),
            });
        }
        monster.carries.push(e.carried);
    }
    Ok(())
}

/// Every kind a monster record carries is an item some loaded record has.
fn check_carried_kinds(records: &Records) -> Result<(), DataError> {
    for m in records.monsters.values() {
        if let Some(c) = m.carries.iter().find(|c| !records.items.contains_key(&c.item)) {
            let known: Vec<&str> = records.items.keys().map(String::as_str).collect();
            let message = format!("no loaded record has an item \"{}\" (items: {})", c.item, known.join(", "));
            return Err(DataError::Field {
                file: m.file.clone(),
                line: c.line,
                field: "carries.item".into(),
                message: untrusted::shown(&message, limits::SHOWN_TEXT),
            });
        }
    }
    Ok(())
}

/// Each loaded plugin's data folder, in load order: an installed
/// package's own `data/<plugin>/` beside its library (docs/packages.md);
/// else `data/<plugin>/` in the game's data folder, or, when that is not
/// there, the folder named after it beside its library.
/// Its records are there (read by [`load_records`]), and its own tiles, if
/// it has any (`tiles.txt` and `tiles.png`, which the front end adds to the
/// atlas). The folder need not exist.
pub fn plugin_folders(data_dir: &Path, plugins: &Registered) -> Vec<(String, PathBuf)> {
    let folder = |p: &RegisteredPlugin| {
        // An installed package's own (docs/packages.md): `NAME/data/NAME/` beside `NAME/libNAME.so`.
        let packaged = p.library.parent().map(|d| d.join("data").join(&p.name));
        if let Some(packaged) = packaged.filter(|d| is_there(d)) {
            return packaged;
        }
        let shipped = data_dir.join(&p.name);
        let beside = p.library.parent().map(|d| d.join(&p.name));
        match beside {
            Some(b) if !is_there(&shipped) && is_there(&b) => b,
            _ => shipped,
        }
    };
    plugins.plugins.iter().map(|p| (p.name.clone(), folder(p))).collect()
}

/// [`load_records`] for a game to play: the host's goal record, the
/// ember-heart, must be among them. It is the host's own
/// (`data/host/goal.toml`), not a plugin's, so every plugin set has it, and
/// without it no floor is the deepest and no run could be won (the game's
/// `deepest_floor` is that record's last floor): a refusal, not a run that
/// cannot end.
pub fn load_game_records(data_dir: &Path, plugins: &Registered) -> Result<Records, DataError> {
    let records = load_records(data_dir, plugins)?;
    if !records.items.contains_key(GOAL_ITEM) {
        return Err(DataError::NoGoal { dir: data_dir.join("host") });
    }
    Ok(records)
}

/// Whether anything is at `path`, a link to nothing included.
fn is_there(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// The `.toml` files of a folder, sorted; none if nothing is there. A
/// folder that is there but cannot be read (or listed) is an error.
fn toml_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    if !is_there(dir) {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|x| x == "toml") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::records::raw::json_schema;
    use crate::data::records::RegisteredPlugin;

    fn read(text: &str, plugins: &Registered) -> Result<Records, DataError> {
        let mut records = Records::default();
        let file = Path::new("data/test/monsters.toml");
        let kinds = FileReader { file, text, plugin: "test", plugins }.read_into(&mut records, &mut Vec::new())?;
        pieces::check_kinds(&records, &kinds)?;
        Ok(records)
    }

    const RAT: &str = r#"
[[monster]]
id = "rat"
name = "rat"
glyph = "r"
color = [1, 2, 3]
tile = "monster_rat"
floors = [1, 2]
hp = 3
damage = [1, 2]
sight = 5
brain = "dreaming"
"#;

    #[test]
    fn an_unknown_brain_names_file_line_and_field() {
        let err = read(RAT, &Registered::default()).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:12: field `brain`"), "{err}");
        assert!(err.contains("\"dreaming\""), "{err}");
        assert!(err.contains("needs"), "{err}");
    }

    #[test]
    fn a_record_whose_plugin_is_absent_never_appears() {
        let text = format!("{RAT}needs = [\"dream_plugin\"]\n");
        let records = read(&text, &Registered::default()).unwrap();
        assert!(records.monsters.is_empty());
    }

    #[test]
    fn a_syntax_error_names_the_line() {
        let err = read("[[monster]]\nid = \n", &Registered::default()).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:2:"), "{err}");
    }

    #[test]
    fn a_syntax_error_is_one_line_with_its_reason() {
        for text in ["[[monster]]\nid = \n", "[[monster]\n", "[[monster]]\nid = \"rat\nname = 1\n", "x = [1, 2\n"] {
            let err = read(text, &Registered::default()).unwrap_err().to_string();
            assert!(!err.contains('\n') && err.starts_with("data/test/monsters.toml:"), "{text:?}: {err:?}");
        }
        let err = read("[[monster]]\nid = \n", &Registered::default()).unwrap_err().to_string();
        assert!(err.contains("field `id`: invalid string; expected"), "{err}");
    }

    #[test]
    fn a_brain_and_a_trait_that_disagree_name_the_line_and_field_at_fault() {
        let mut plugins = Registered::default();
        plugins.brains.extend(["dreaming".to_string(), "keeps_distance".to_string()]);
        let keeper = RAT.replace("brain = \"dreaming\"", "brain = \"keeps_distance\"");
        let err = read(&keeper, &plugins).unwrap_err().to_string();
        let wanted = "data/test/monsters.toml:12: field `brain`: monster \"rat\": the brain \"keeps_distance\" needs";
        assert!(err.starts_with(wanted), "the brain's line, and the brain: {err}");
        let err = read(&format!("{RAT}traits = [\"keeps_distance\"]\n"), &plugins).unwrap_err().to_string();
        let wanted = "data/test/monsters.toml:13: field `traits`: monster \"rat\": the trait \"keeps_distance\" needs";
        assert!(err.starts_with(wanted), "the trait's line, and the traits: {err}");
        assert!(read(&format!("{keeper}traits = [\"keeps_distance\"]\n"), &plugins).is_ok());
    }

    #[test]
    fn what_a_data_error_repeats_of_the_file_is_capped() {
        let mut plugins = Registered::default();
        plugins.brains.insert("dreaming".into());
        let huge = "g".repeat(1 << 20);
        for text in [
            RAT.replace("glyph = \"r\"", &format!("glyph = \"{huge}\"")),
            RAT.replace("sight = 5", &format!("sight = 5\n{huge} = 1")),
            format!("[settings]\n{huge} = -1\n"),
            format!("{RAT}traits = [\"{huge}\"]\n"),
            RAT.replace("brain = \"dreaming\"", &format!("brain = \"{huge}\"")),
        ] {
            let err = read(&text, &plugins).unwrap_err().to_string();
            let start: String = err.chars().take(100).collect();
            assert!(err.len() < 2 * limits::SHOWN_TEXT && !err.contains('\n'), "{} bytes: {start}", err.len());
            assert!(err.starts_with("data/test/monsters.toml:") && err.contains(" characters)"), "{start}");
        }
    }

    #[test]
    fn a_data_folder_that_cannot_be_read_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("host")).unwrap();
        let mut plugins = Registered::default();
        plugins.plugins.push(RegisteredPlugin {
            name: "loopy".into(),
            library: PathBuf::new(),
            settings: Vec::new(),
            stored: Vec::new(),
            needs: Vec::new(),
        });
        let folder = dir.path().join("loopy");
        assert!(load_records(dir.path(), &plugins).is_ok(), "no folder at all: a plugin without records");
        std::os::unix::fs::symlink("loopy", &folder).unwrap();
        let err = load_records(dir.path(), &plugins).unwrap_err().to_string();
        let wanted = format!("{}: cannot read the data folder of plugin 'loopy': ", folder.display());
        assert!(err.starts_with(&wanted), "a link to itself: {err}");
        std::fs::remove_file(&folder).unwrap();
        if std::process::Command::new("mkfifo").arg(&folder).status().is_ok_and(|s| s.success()) {
            let err = load_records(dir.path(), &plugins).unwrap_err().to_string();
            assert!(err.starts_with(&wanted), "a FIFO: {err}");
            std::fs::remove_file(&folder).unwrap();
        }
        std::os::unix::fs::symlink("nowhere", &folder).unwrap();
        let err = load_records(dir.path(), &plugins).unwrap_err().to_string();
        assert!(err.starts_with(&wanted), "a link to nothing: {err}");
        std::fs::remove_file(&folder).unwrap();
        std::fs::remove_dir(dir.path().join("host")).unwrap();
        std::os::unix::fs::symlink("host", dir.path().join("host")).unwrap();
        let err = load_records(dir.path(), &plugins).unwrap_err().to_string();
        assert!(err.contains("cannot read the data folder of the host: "), "{err}");
    }

    #[test]
    fn a_ranged_attack_names_a_registered_kind_and_sane_numbers() {
        let mut plugins = Registered::default();
        plugins.brains.insert("dreaming".into());
        let text = format!("{RAT}ranged = {{ kind = \"spit\", damage = [2, 4], range = 4 }}\n");
        let err = read(&text, &plugins).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:13: field `ranged.kind`"), "{err}");
        assert!(err.contains("ranged kind named \"spit\""), "{err}");
        plugins.ranged.insert("spit".into());
        let rat = read(&text, &plugins).unwrap().monsters.remove("rat").unwrap();
        let spec = rat.ranged.expect("the rat spits");
        assert_eq!((spec.kind.as_str(), spec.damage, spec.range, spec.every), ("spit", Damage::new(2, 4), 4, 1));
        let backwards = text.replace("[2, 4]", "[4, 2]");
        let err = read(&backwards, &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:13: field `ranged.damage`") && err.contains("[4, 2]"), "{err}");
    }

    /// The error reading `RAT` with one line replaced, or nothing if it reads.
    fn rat_with(from: &str, to: &str) -> String {
        let mut plugins = Registered::default();
        plugins.brains.insert("dreaming".into());
        assert!(RAT.contains(from), "{from}");
        read(&RAT.replace(from, to), &plugins).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn numbers_out_of_their_range_name_the_line_the_field_and_the_range() {
        let cases = [
            ("hp = 3", "hp = 0", "monsters.toml:9: field `hp`: must be from 1 to 1000000, not 0"),
            ("hp = 3", "hp = 4294967297", "field `hp`: must be from 1 to 1000000, not 4294967297"),
            ("damage = [1, 2]", "damage = [3, 2]", "monsters.toml:10: field `damage`: the least must not be above"),
            ("damage = [1, 2]", "damage = [1, 2, 3]", "field `damage`: must be [least, most]: two numbers, not 3"),
            ("damage = [1, 2]", "damage = [-1, 2]", "field `damage`: both numbers must be from 0 to 1000"),
            ("floors = [1, 2]", "floors = [4, 1]", "monsters.toml:8: field `floors`: the least must not be above"),
            ("floors = [1, 2]", "floors = [0, 2]", "field `floors`: both numbers must be from 1 to 1000"),
            ("sight = 5", "sight = 100000", "monsters.toml:11: field `sight`: must be from 0 to 30"),
            ("color = [1, 2, 3]", "color = [1, 2, 300]", "monsters.toml:6: field `color`"),
            ("hp = 3", "hp = 3\ndefense = -2", "monsters.toml:10: field `defense`: must be from 0 to 1000, not -2"),
            ("id = \"rat\"", "id = \"\"", "monsters.toml:3: field `id`: must be 1 to 64 letters"),
            ("hp = 3", "hp = 3\ndeeper = [{ from = 1, frequency = 2 }]", "monsters.toml:10: field `deeper.from`"),
            ("hp = 3", "hp = 3\ndeeper = [{ from = 3, frequency = 2 }]", "no deeper than floor 2 (its last)"),
            ("hp = 3", "hp = 3\ndeeper = [{ from = 2, frequency = -1 }]", "field `deeper.frequency`: must be from 0"),
            (
                "floors = [1, 2]",
                "floors = [1, 9]\ndeeper = [{ from = 5, frequency = 1 }, { from = 4, frequency = 1 }]",
                "deeper than floor 5",
            ),
        ];
        for (from, to, wanted) in cases {
            let err = rat_with(from, &to.replace("\\n", "\n"));
            assert!(err.contains(wanted), "{to}: wanted `{wanted}`, got `{err}`");
        }
    }

    #[test]
    fn a_misspelled_field_is_named_with_the_nearest_known_one() {
        let err = rat_with("sight = 5", "sight = 5\nsigth = 4");
        assert!(err.contains("field `sigth`: no such field; did you mean `sight`?"), "{err}");
        let err = rat_with("hp = 3", "hp = ]");
        assert!(err.contains("monsters.toml:9: field `hp`"), "{err}");
    }

    #[test]
    fn host_settings_are_known_names_within_their_ranges() {
        let host = |text: &str| {
            let mut records = Records::default();
            let file = Path::new("data/host/rules.toml");
            let reader = FileReader { file, text, plugin: "host", plugins: &Registered::default() };
            reader.read_into(&mut records, &mut Vec::new()).err().map(|e| e.to_string()).unwrap_or_default()
        };
        assert_eq!(host("[settings]\nplayer_hp = 30\n"), "");
        let err = host("[settings]\nplayer_hpp = 30\n");
        assert!(err.contains("rules.toml:2: field `player_hpp`") && err.contains("did you mean `player_hp`?"), "{err}");
        for bad in [
            "player_hp = 0",
            "player_hp = -1",
            "player_hp = 4294967297",
            "pack_size = 0",
            "pack_size = 100",
            "fov_radius = 100000",
            "map_width = 20000",
        ] {
            let err = host(&format!("[settings]\n{bad}\n"));
            assert!(err.contains("rules.toml:2: field `") && err.contains("must be from"), "{bad}: {err}");
        }
    }

    #[test]
    fn plugin_numbers_are_not_negative_and_a_min_is_not_above_its_max() {
        let plugins = Registered::default();
        let item = |params: &str| {
            let text = format!(
                "[[item]]\nid = \"wand\"\nname = \"wand\"\nglyph = \"/\"\ncolor = [1, 2, 3]\ntile = \"t\"\n\
                 class = \"wand\"\nfloors = [1, 1]\nfound = [1, 1]\n{params}\n"
            );
            read(&text, &plugins).err().map(|e| e.to_string()).unwrap_or_default()
        };
        assert_eq!(item("params = { amount = 10 }"), "");
        let err = item("params = { amount = -10 }");
        assert!(err.contains("monsters.toml:10: field `params.amount`: must be from 0 to 1000000"), "{err}");
        let err = item("params = { damage_min = 9, damage_max = 3 }");
        assert!(err.contains("field `params.damage_min`: 9 is above damage_max (3)"), "{err}");
        let err = item("params = { amount = 1 }\nfound = [12, 6]").to_string();
        assert!(err.contains("found"), "{err}");
    }

    /// An item with no effect, its last line 8: `floors`.
    const WAND: &str = "[[item]]\nid = \"wand\"\nname = \"wand\"\nglyph = \"/\"\ncolor = [1, 2, 3]\ntile = \"t\"\n\
                        class = \"wand\"\nfloors = [1, 1]\n";

    #[test]
    fn an_item_role_is_read_and_is_none_when_left_out() {
        let plugins = Registered::default();
        let role = |line: &str| read(&format!("{WAND}{line}"), &plugins).unwrap().items.remove("wand").unwrap().role;
        assert_eq!(role(""), ItemRole::None);
        assert_eq!(role("role = \"healing\"\n"), ItemRole::Healing);
        assert_eq!(role("role = \"missile_weapon\"\n"), ItemRole::MissileWeapon);
        for r in ItemRole::ALL {
            assert_eq!(role(&format!("role = \"{}\"\n", r.as_str())), r);
            assert_eq!(ItemRole::from_name(r.as_str()), Some(r));
        }
        assert_eq!(ItemRole::default(), ItemRole::None);
        assert_eq!(ItemRole::MeleeWeapon.as_str(), "melee_weapon");
    }

    #[test]
    fn the_tinted_tiles_are_those_of_the_records_that_say_tint() {
        let mut plugins = Registered::default();
        plugins.brains.insert("dreaming".into());
        let stick = WAND.replace("\"wand\"", "\"stick\"").replace("tile = \"t\"", "tile = \"u\"");
        let records = read(&format!("{WAND}tint = true\n{stick}{RAT}"), &plugins).unwrap();
        assert!(records.items["wand"].tint && !records.items["stick"].tint && !records.monsters["rat"].tint);
        assert_eq!(records.tinted_tiles(), BTreeSet::from(["t".to_string()]));
        let records = read(&format!("{RAT}tint = true\n"), &plugins).unwrap();
        assert_eq!(records.tinted_tiles(), BTreeSet::from(["monster_rat".to_string()]));
        let err = read(&format!("{WAND}tint = 1\n"), &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:9: field `tint`"), "{err}");
    }

    #[test]
    fn a_misspelled_role_names_file_line_field_and_the_nearest_role() {
        let err = read(&format!("{WAND}role = \"heling\"\n"), &Registered::default()).unwrap_err().to_string();
        let wanted =
            "data/test/monsters.toml:9: field `role`: no item role is called \"heling\"; did you mean `healing`?";
        assert!(err.starts_with(wanted), "{err}");
        assert!(err.contains("(the roles: healing, melee_weapon, armor,"), "{err}");
        let err = read(&format!("{WAND}role = 3\n"), &Registered::default()).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:9: field `role`"), "{err}");
    }

    /// Whether the schema takes a file's text (as TOML turned into JSON).
    fn schema_takes(validator: &jsonschema::Validator, text: &str) -> bool {
        let value: toml::Value = toml::from_str(text).expect("the mutated text is TOML");
        validator.is_valid(&serde_json::to_value(value).expect("TOML is JSON"))
    }

    #[test]
    fn the_schema_and_the_loader_agree_on_every_range_and_shape() {
        let validator = jsonschema::validator_for(&json_schema()).expect("the schema is a schema");
        let mut plugins = Registered::default();
        plugins.brains.insert("dreaming".into());
        plugins.ranged.insert("spit".into());
        let rat = format!("{RAT}ranged = {{ kind = \"spit\", damage = [2, 4], range = 4 }}\n");
        let wand = format!("{WAND}found = [1, 1]\nparams = {{ amount = 10 }}\n[settings]\nsome = 1\n");
        assert!(read(&rat, &plugins).is_ok() && schema_takes(&validator, &rat));
        assert!(read(&wand, &plugins).is_ok() && schema_takes(&validator, &wand));
        let id65 = format!("id = \"{}\"", "a".repeat(65));
        let id64 = format!("id = \"{}\"", "a".repeat(64));
        // (record, line in it, what it becomes): each on both sides of its range.
        let mut cases: Vec<(&str, &str, String)> = Vec::new();
        let mut around = |record: &'static str, from: &'static str, field: &str, values: &[&str]| {
            for v in values {
                cases.push((record, from, format!("{field} = {v}")));
            }
        };
        around("rat", "hp = 3", "hp", &["0", "1", "1000000", "1000001", "\"3\"", "2.5"]);
        around("rat", "sight = 5", "sight", &["-1", "0", "30", "31"]);
        around("rat", "hp = 3", "hp = 3\nfrequency", &["-1", "0", "10000", "10001"]);
        around("rat", "hp = 3", "hp = 3\ndefense", &["-1", "0", "1000", "1001"]);
        around(
            "rat",
            "damage = [1, 2]",
            "damage",
            &["[-1, 2]", "[0, 0]", "[1000, 1000]", "[0, 1001]", "[1]", "[1, 2, 3]"],
        );
        around("rat", "floors = [1, 2]", "floors", &["[0, 1]", "[1, 1]", "[1000, 1000]", "[1, 1001]", "[1, 2, 3]"]);
        around("rat", "color = [1, 2, 3]", "color", &["[0, 0, 0]", "[255, 255, 255]", "[256, 0, 0]", "[-1, 0, 0]"]);
        around("rat", "color = [1, 2, 3]", "color", &["[1, 2]", "[1, 2, 3, 4]", "\"red\""]);
        around("rat", "glyph = \"r\"", "glyph", &["\"\"", "\"rr\"", "\"é\"", "1"]);
        around("rat", "id = \"rat\"", "id", &["\"\"", "\"a_1\"", "\"a-b\"", "\"a b\""]);
        around("rat", "sight = 5", "sight = 5\nsigth", &["5"]);
        around("rat", "sight = 5", "sight = 5\nneeds", &["[]", "[\"test\"]", "\"test\""]);
        let ranged = "ranged = { kind = \"spit\", damage = [2, 4], range = 4 }";
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 0 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 30 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 31 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, every = 0 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, every = 1000 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, every = 1001 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 1001], range = 4 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4], range = 4, often = 2 }"]);
        around("rat", ranged, "ranged", &["{ kind = \"spit\", damage = [2, 4] }"]);
        around("wand", "found = [1, 1]", "found", &["[0, 1]", "[1000, 1000]", "[1, 1001]", "[1, 2, 3]"]);
        around("wand", "params = { amount = 10 }", "params", &["{ amount = -1 }", "{ amount = 1000000 }"]);
        around("wand", "params = { amount = 10 }", "params", &["{ amount = 1000001 }", "{ amount = \"x\" }"]);
        around("wand", "some = 1", "some", &["-1", "0", "1000000", "1000001"]);
        around("wand", "class = \"wand\"", "class = \"wand\"\nrole", &["\"heling\"", "\"aimed\"", "\"none\"", "3"]);
        around("wand", "class = \"wand\"", "class = \"wand\"\nstacks", &["true", "\"yes\""]);
        around("wand", "class = \"wand\"", "class = \"wand\"\narticle", &["\"\"", "1"]);
        around("wand", "class = \"wand\"", "class = \"wand\"\nclasss", &["\"wand\""]);
        let mut outcomes = [0, 0];
        for (record, from, to) in cases.iter().map(|(r, f, t)| (*r, *f, t.as_str())).chain([
            ("rat", "id = \"rat\"", id64.as_str()),
            ("rat", "id = \"rat\"", id65.as_str()),
            ("rat", "sight = 5", ""),
            ("wand", "class = \"wand\"", ""),
            ("wand", "[settings]", "[setting]"),
        ]) {
            let text = if record == "rat" { &rat } else { &wand };
            assert!(text.contains(from), "{from}");
            let text = text.replacen(from, to, 1);
            let (loads, takes) = (read(&text, &plugins).is_ok(), schema_takes(&validator, &text));
            let said = |yes: bool, word: &'static str| if yes { word } else { "refuses" };
            assert_eq!(
                loads,
                takes,
                "`{to}`: the loader {}, the schema {}",
                said(loads, "reads"),
                said(takes, "takes")
            );
            outcomes[loads as usize] += 1;
        }
        assert!(outcomes[0] > 30 && outcomes[1] > 20, "both sides of the ranges were tried: {outcomes:?}");
    }

    #[test]
    fn what_the_schema_cannot_know_only_the_loader_refuses() {
        let validator = jsonschema::validator_for(&json_schema()).expect("the schema is a schema");
        let plugins = Registered::default();
        for text in [
            RAT.to_string(),
            RAT.replace("damage = [1, 2]", "damage = [2, 1]"),
            format!("{WAND}effect = \"no_such_effect\"\n"),
            format!("{WAND}params = {{ shot_min = 5, shot_max = 4 }}\n"),
            format!("{WAND}{WAND}"),
        ] {
            assert!(read(&text, &plugins).is_err(), "{text}");
            assert!(schema_takes(&validator, &text), "{text}");
        }
    }

    #[test]
    fn a_missing_data_folder_is_an_error() {
        let err = load_records(Path::new("/no/such/dir"), &Registered::default()).unwrap_err().to_string();
        assert!(err.contains("/no/such/dir: no such data folder"), "{err}");
    }

    #[test]
    fn a_wrong_glyph_is_reported() {
        let text = RAT.replace("glyph = \"r\"", "glyph = \"rr\"");
        let mut plugins = Registered::default();
        plugins.brains.insert("dreaming".into());
        let err = read(&text, &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:5: field `glyph`"), "{err}");
    }
}
