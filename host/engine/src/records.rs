//! The records plugins bring: monsters, items and settings, read from
//! `data/<plugin>/*.toml`. Every record is checked against what the loaded
//! plugins registered; an error names the file, the line and the field.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use abi_stable::std_types::RVec;
use emberdeep_api::{Damage, Param, RangedSpec, Rgba};
use serde::Deserialize;
use toml::Spanned;

use crate::loader::Plugins;

/// A problem in a data file, with where it is.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
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

/// A monster kind.
#[derive(Debug, Clone)]
pub struct MonsterRecord {
    /// Id (`jackal`), used in the trace and scenarios.
    pub id: String,
    /// Name in messages.
    pub name: String,
    /// Glyph-view character.
    pub glyph: char,
    /// Color.
    pub color: Rgba,
    /// Atlas tile name.
    pub tile: String,
    /// First and last floor it is found on.
    pub floors: (u32, u32),
    /// Weight among the kinds of a floor.
    pub frequency: u32,
    /// Starting health.
    pub hp: i32,
    /// Blow damage before defense.
    pub damage: Damage,
    /// Taken off blows it suffers.
    pub defense: i32,
    /// How far it sees.
    pub sight: i32,
    /// The registered brain it uses.
    pub brain: String,
    /// Its attack from afar, if it has one: a registered `RangedKind`'s
    /// name, damage, range and the turns between attacks.
    pub ranged: Option<RangedSpec>,
    /// The plugin whose folder it came from.
    pub plugin: String,
    /// The data file it was read from (for messages about it).
    pub file: PathBuf,
}

/// An item kind.
#[derive(Debug, Clone)]
pub struct ItemRecord {
    /// Id (`healing_potion`).
    pub id: String,
    /// Name of one.
    pub name: String,
    /// Name of several.
    pub plural: String,
    /// The article the name takes: `a`, `an`, or empty (`plate armor`).
    pub article: String,
    /// Glyph-view character.
    pub glyph: char,
    /// Color.
    pub color: Rgba,
    /// Atlas tile name.
    pub tile: String,
    /// Class (`potion`, `scroll`, `weapon`...).
    pub class: String,
    /// Whether several share a pack slot.
    pub stacks: bool,
    /// The registered effect using it runs, if any.
    pub effect: Option<String>,
    /// Whole-number parameters handed to the effect.
    pub params: BTreeMap<String, i64>,
    /// First and last floor it is found on.
    pub floors: (u32, u32),
    /// Weight among the items of a floor.
    pub frequency: u32,
    /// How many lie in one heap when found.
    pub found: (u32, u32),
    /// The plugin whose folder it came from.
    pub plugin: String,
    /// The data file it was read from (for messages about it).
    pub file: PathBuf,
}

impl ItemRecord {
    /// "a potion of healing", "plate armor", "3 potions of healing".
    pub fn describe(&self, count: u32) -> String {
        if count == 1 && self.article.is_empty() {
            self.name.clone()
        } else if count == 1 {
            format!("{} {}", self.article, self.name)
        } else {
            format!("{count} {}", self.plural)
        }
    }

    /// Its `params` as they cross to plugins, sorted by name.
    pub fn params_for_plugins(&self) -> RVec<Param> {
        self.params.iter().map(|(k, v)| Param { name: k.as_str().into(), value: *v }).collect()
    }
}

/// All records of the loaded plugins, by id (sorted, so spawning is deterministic).
#[derive(Debug, Default)]
pub struct Records {
    /// Monster kinds.
    pub monsters: BTreeMap<String, MonsterRecord>,
    /// Item kinds.
    pub items: BTreeMap<String, ItemRecord>,
    /// Each plugin's `[settings]`.
    pub settings: BTreeMap<String, BTreeMap<String, i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileRaw {
    #[serde(default)]
    settings: BTreeMap<String, i64>,
    #[serde(default)]
    monster: Vec<Spanned<MonsterRaw>>,
    #[serde(default)]
    item: Vec<Spanned<ItemRaw>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MonsterRaw {
    id: String,
    name: String,
    glyph: Spanned<String>,
    color: [u8; 3],
    tile: String,
    floors: [u32; 2],
    #[serde(default = "one")]
    frequency: u32,
    hp: i32,
    damage: [i32; 2],
    #[serde(default)]
    defense: i32,
    sight: i32,
    brain: Spanned<String>,
    ranged: Option<Spanned<RangedRaw>>,
    #[serde(default)]
    needs: Vec<String>,
}

/// `ranged = { kind = "arrows", damage = [2, 7], range = 7, every = 1 }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RangedRaw {
    kind: Spanned<String>,
    damage: [i32; 2],
    range: i32,
    #[serde(default = "one_turn")]
    every: i32,
}

fn one_turn() -> i32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemRaw {
    id: String,
    name: String,
    plural: Option<String>,
    article: Option<String>,
    glyph: Spanned<String>,
    color: [u8; 3],
    tile: String,
    class: String,
    #[serde(default)]
    stacks: bool,
    effect: Option<Spanned<String>>,
    #[serde(default)]
    params: BTreeMap<String, i64>,
    floors: [u32; 2],
    #[serde(default = "one")]
    frequency: u32,
    found: Option<[u32; 2]>,
    #[serde(default)]
    needs: Vec<String>,
}

fn one() -> u32 {
    1
}

/// Reads one file's text into the records, checking names against `plugins`.
struct FileReader<'a> {
    file: &'a Path,
    text: &'a str,
    plugin: &'a str,
    plugins: &'a Plugins,
}

impl FileReader<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].matches('\n').count() + 1
    }

    fn error(&self, offset: usize, field: &str, message: String) -> DataError {
        DataError::Field { file: self.file.to_path_buf(), line: self.line_of(offset), field: field.into(), message }
    }

    fn glyph(&self, g: &Spanned<String>) -> Result<char, DataError> {
        let mut chars = g.get_ref().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(self.error(g.span().start, "glyph", format!("must be one character, not {:?}", g.get_ref()))),
        }
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

    fn monster(&self, raw: &Spanned<MonsterRaw>) -> Result<Option<MonsterRecord>, DataError> {
        let m = raw.get_ref();
        if !self.needs_met(&m.needs) {
            return Ok(None);
        }
        if !self.plugins.brains.contains_key(m.brain.get_ref()) {
            let known = self.plugins.brains.keys().cloned().collect();
            return Err(self.unknown(m.brain.span().start, "brain", "brain", m.brain.get_ref(), known));
        }
        if m.damage[0] > m.damage[1] || m.hp < 1 {
            return Err(self.error(
                raw.span().start,
                "damage",
                "damage must be [min, max] with min <= max, and hp at least 1".into(),
            ));
        }
        let ranged = m.ranged.as_ref().map(|r| self.ranged(r)).transpose()?;
        Ok(Some(MonsterRecord {
            id: m.id.clone(),
            name: m.name.clone(),
            glyph: self.glyph(&m.glyph)?,
            color: Rgba::rgb(m.color[0], m.color[1], m.color[2]),
            tile: m.tile.clone(),
            floors: (m.floors[0], m.floors[1]),
            frequency: m.frequency,
            hp: m.hp,
            damage: Damage::new(m.damage[0], m.damage[1]),
            defense: m.defense,
            sight: m.sight,
            brain: m.brain.get_ref().clone(),
            ranged,
            plugin: self.plugin.to_string(),
            file: self.file.to_path_buf(),
        }))
    }

    /// A monster's `ranged` entry: its kind must be a registered `RangedKind`.
    fn ranged(&self, raw: &Spanned<RangedRaw>) -> Result<RangedSpec, DataError> {
        let r = raw.get_ref();
        if !self.plugins.ranged.contains_key(r.kind.get_ref()) {
            let known = self.plugins.ranged.keys().cloned().collect();
            return Err(self.unknown(r.kind.span().start, "ranged.kind", "ranged kind", r.kind.get_ref(), known));
        }
        let [min, max] = r.damage;
        if min < 0 || min > max || r.range < 1 || r.every < 1 {
            return Err(self.error(
                raw.span().start,
                "ranged",
                format!(
                    "must be {{ kind = \"arrows\", damage = [min, max], range = R, every = N }} with 0 <= min <= max, \
                     range and every at least 1 (got damage [{min}, {max}], range {}, every {})",
                    r.range, r.every
                ),
            ));
        }
        Ok(RangedSpec {
            kind: r.kind.get_ref().as_str().into(),
            damage: Damage::new(min, max),
            range: r.range,
            every: r.every,
        })
    }

    fn item(&self, raw: &Spanned<ItemRaw>) -> Result<Option<ItemRecord>, DataError> {
        let i = raw.get_ref();
        if !self.needs_met(&i.needs) {
            return Ok(None);
        }
        if let Some(effect) = &i.effect {
            if !self.plugins.effects.contains_key(effect.get_ref()) {
                let known = self.plugins.effects.keys().cloned().collect();
                return Err(self.unknown(effect.span().start, "effect", "item effect", effect.get_ref(), known));
            }
        }
        let found = i.found.unwrap_or([1, 1]);
        Ok(Some(ItemRecord {
            id: i.id.clone(),
            name: i.name.clone(),
            plural: i.plural.clone().unwrap_or_else(|| format!("{}s", i.name)),
            article: i.article.clone().unwrap_or_else(|| crate::log::article_for(&i.name).to_string()),
            glyph: self.glyph(&i.glyph)?,
            color: Rgba::rgb(i.color[0], i.color[1], i.color[2]),
            tile: i.tile.clone(),
            class: i.class.clone(),
            stacks: i.stacks,
            effect: i.effect.as_ref().map(|e| e.get_ref().clone()),
            params: i.params.clone(),
            floors: (i.floors[0], i.floors[1]),
            frequency: i.frequency,
            found: (found[0], found[1].max(found[0])),
            plugin: self.plugin.to_string(),
            file: self.file.to_path_buf(),
        }))
    }

    fn read_into(&self, records: &mut Records) -> Result<(), DataError> {
        let raw: FileRaw = toml::from_str(self.text).map_err(|e| {
            let offset = e.span().map(|s| s.start).unwrap_or(0);
            let field = e.message().split('`').nth(1).unwrap_or("?").to_string();
            self.error(offset, &field, e.message().to_string())
        })?;
        records.settings.entry(self.plugin.to_string()).or_default().extend(raw.settings);
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
        Ok(())
    }

    fn check_new(&self, exists: bool, at: usize, id: &str) -> Result<(), DataError> {
        if exists {
            Err(self.error(at, "id", format!("a record with id \"{id}\" already exists")))
        } else {
            Ok(())
        }
    }
}

/// Reads the host's folder and the folder of every loaded plugin, in sorted order.
///
/// A plugin's records are in `data/<plugin>/`, or, for a plugin dropped into
/// the plugin folder by a third party, in a folder named after it beside its
/// library (`plugins/libconfusion.so` and `plugins/confusion/items.toml`).
pub fn load_records(data_dir: &Path, plugins: &Plugins) -> Result<Records, DataError> {
    let mut records = Records::default();
    let mut folders = vec![("host".to_string(), data_dir.join("host"))];
    for p in &plugins.loaded {
        let shipped = data_dir.join(&p.name);
        let beside = p.path.parent().map(|d| d.join(&p.name));
        let folder = match beside {
            Some(b) if !shipped.is_dir() && b.is_dir() => b,
            _ => shipped,
        };
        folders.push((p.name.clone(), folder));
    }
    for (plugin, folder) in folders {
        for file in toml_files(&folder) {
            let text =
                std::fs::read_to_string(&file).map_err(|source| DataError::Read { file: file.clone(), source })?;
            FileReader { file: &file, text: &text, plugin: &plugin, plugins }.read_into(&mut records)?;
        }
    }
    Ok(records)
}

/// The `.toml` files of a folder, sorted; none if the folder is absent.
fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// Where the `data/` folder is: `--data-dir`, else next to the executable's
/// workspace (for `cargo run`), else `./data`.
pub fn default_data_dir() -> PathBuf {
    let from_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.ancestors().map(|a| a.join("data")).find(|d| d.join("host").is_dir()));
    from_exe.unwrap_or_else(|| PathBuf::from("data"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, plugins: &Plugins) -> Result<Records, DataError> {
        let mut records = Records::default();
        let file = Path::new("data/test/monsters.toml");
        FileReader { file, text, plugin: "test", plugins }.read_into(&mut records)?;
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
        let err = read(RAT, &Plugins::default()).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:12: field `brain`"), "{err}");
        assert!(err.contains("\"dreaming\""), "{err}");
        assert!(err.contains("needs"), "{err}");
    }

    #[test]
    fn a_record_whose_plugin_is_absent_never_appears() {
        let text = format!("{RAT}needs = [\"dream_plugin\"]\n");
        let records = read(&text, &Plugins::default()).unwrap();
        assert!(records.monsters.is_empty());
    }

    #[test]
    fn a_syntax_error_names_the_line() {
        let err = read("[[monster]]\nid = \n", &Plugins::default()).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:2:"), "{err}");
    }

    #[test]
    fn a_ranged_attack_names_a_registered_kind_and_sane_numbers() {
        let mut plugins = Plugins::default();
        plugins.fake_brain("dreaming");
        let text = format!("{RAT}ranged = {{ kind = \"spit\", damage = [2, 4], range = 4 }}\n");
        let err = read(&text, &plugins).unwrap_err().to_string();
        assert!(err.starts_with("data/test/monsters.toml:13: field `ranged.kind`"), "{err}");
        assert!(err.contains("ranged kind named \"spit\""), "{err}");
        plugins.fake_ranged("spit");
        let rat = read(&text, &plugins).unwrap().monsters.remove("rat").unwrap();
        let spec = rat.ranged.expect("the rat spits");
        assert_eq!((spec.kind.as_str(), spec.damage, spec.range, spec.every), ("spit", Damage::new(2, 4), 4, 1));
        let backwards = text.replace("[2, 4]", "[4, 2]");
        let err = read(&backwards, &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:13: field `ranged`") && err.contains("damage [4, 2]"), "{err}");
    }

    #[test]
    fn a_wrong_glyph_is_reported() {
        let text = RAT.replace("glyph = \"r\"", "glyph = \"rr\"");
        let mut plugins = Plugins::default();
        plugins.fake_brain("dreaming");
        let err = read(&text, &plugins).unwrap_err().to_string();
        assert!(err.contains("monsters.toml:5: field `glyph`"), "{err}");
    }
}
