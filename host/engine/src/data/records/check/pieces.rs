//! A `[[piece]]` table read into a [`PieceRecord`]: its size held to the
//! largest room's, every row as wide, every character fixed or in the
//! legend, every legend entry one the loader understands, and at least one
//! entrance. The terrains and sides a legend names are checked as it is
//! read; the monster and item kinds once every file is read
//! ([`check_kinds`]), since a piece may name another plugin's records.

use std::collections::BTreeMap;
use std::path::PathBuf;

use emberdeep_api::MonsterState;
use toml::Spanned;

use super::{suggestion, DataError, FileReader};
use crate::data::bounds::MOST_IN_A_STACK;
use crate::data::records::raw::{PieceRaw, CHANCE, CHANCE_DEFAULT, FLOORS, PIECE_HEIGHT, PIECE_WIDTH};
use crate::data::records::{PieceCell, PieceRecord, PieceValue, Records};
use crate::data::untrusted::{self, limits};

/// The map symbols every piece has: they cannot be redefined.
const FIXED: [(char, &str); 5] =
    [('#', "wall"), ('.', "floor"), ('+', "door_closed"), ('\'', "door_open"), (' ', "the room as it is")];

/// The host's terrains a piece may lay (the stairs are the generator's).
const HOST_TERRAINS: [&str; 4] = ["wall", "floor", "door_closed", "door_open"];

/// Why a legend entry is refused: the message, which [`DataError::Field`]
/// then places at the entry's line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Why(String);

/// The first entrance of a piece (its `cells`, rows `width` wide) that no
/// way reaches from outside the piece: from a cell on its edge, moving in
/// four directions (as the generator joins a floor) over every cell but
/// wall. A plugin's terrain counts as open here: whether it can be walked
/// is the plugin's to say, once a floor is made (`piece_skipped`).
fn walled_in(cells: &[PieceCell], width: usize) -> Option<usize> {
    let height = cells.len() / width.max(1);
    let open = |i: usize| !matches!(&cells[i], PieceCell::Terrain(name) if name == "wall");
    let mut reached = vec![false; cells.len()];
    let mut stack: Vec<usize> = (0..cells.len())
        .filter(|&i| {
            let (x, y) = (i % width, i / width);
            x == 0 || y == 0 || x + 1 == width || y + 1 == height
        })
        .collect();
    while let Some(i) = stack.pop() {
        if reached[i] || !open(i) {
            continue;
        }
        reached[i] = true;
        let (x, y) = (i % width, i / width);
        if x > 0 {
            stack.push(i - 1);
        }
        if x + 1 < width {
            stack.push(i + 1);
        }
        if y > 0 {
            stack.push(i - width);
        }
        if y + 1 < height {
            stack.push(i + width);
        }
    }
    (0..cells.len()).find(|&i| cells[i] == PieceCell::Entrance && !reached[i])
}

/// A monster or item kind a piece's legend names, checked once every file
/// is read.
#[derive(Debug)]
pub(super) struct KindNamed {
    file: PathBuf,
    line: usize,
    piece: String,
    what: &'static str,
    name: String,
}

impl FileReader<'_> {
    /// One `[[piece]]` table; `None` when a plugin it needs is not loaded.
    pub(super) fn piece(
        &self,
        raw: &Spanned<PieceRaw>,
        kinds: &mut Vec<KindNamed>,
    ) -> Result<Option<PieceRecord>, DataError> {
        let p = raw.get_ref();
        if !self.needs_met(&p.needs) {
            return Ok(None);
        }
        let id = self.id(&p.id)?;
        let floors = self.pair(&p.floors, "floors", FLOORS.0, FLOORS.1)?;
        let chance = self.int_or(&p.chance, "chance", CHANCE_DEFAULT, CHANCE.0, CHANCE.1)? as u32;
        let at = raw.span().start;
        let Some(first) = p.map.first() else {
            return Err(self.error(at, "map", format!("piece \"{id}\": the map has no rows")));
        };
        if p.map.len() as i64 > PIECE_HEIGHT {
            let message = format!(
                "piece \"{id}\": {} rows; a piece is at most {PIECE_HEIGHT} tall (the tallest room's floor)",
                p.map.len()
            );
            return Err(self.error(first.span().start, "map", message));
        }
        let width = first.get_ref().chars().count();
        for (n, row) in p.map.iter().enumerate() {
            let w = row.get_ref().chars().count();
            if w as i64 > PIECE_WIDTH {
                let message = format!(
                    "piece \"{id}\": row {} is {w} wide; a piece is at most {PIECE_WIDTH} wide (the widest room's floor)",
                    n + 1
                );
                return Err(self.error(row.span().start, "map", message));
            }
            if w != width || w == 0 {
                let message =
                    format!("piece \"{id}\": row {} is {w} wide, row 1 is {width}: every row must be as wide", n + 1);
                return Err(self.error(row.span().start, "map", message));
            }
        }
        let legend = self.legend(&id, &p.legend, kinds)?;
        let mut cells = Vec::with_capacity(width * p.map.len());
        for (n, row) in p.map.iter().enumerate() {
            for c in row.get_ref().chars() {
                let cell = match FIXED.iter().find(|f| f.0 == c) {
                    Some((' ', _)) => PieceCell::Keep,
                    Some((_, name)) => PieceCell::Terrain(name.to_string()),
                    None => legend.get(&c).cloned().ok_or_else(|| {
                        let message = format!(
                            "piece \"{id}\": row {}: {c:?} is not in the legend (nor one of the fixed symbols \
                             # . + ' and space)",
                            n + 1
                        );
                        self.error(row.span().start, "map", message)
                    })?,
                };
                cells.push(cell);
            }
        }
        if !cells.contains(&PieceCell::Entrance) {
            let message = format!(
                "piece \"{id}\" has no entrance: mark the way in with a character whose legend entry is \"entrance\""
            );
            return Err(self.error(first.span().start, "map", message));
        }
        if let Some(at) = walled_in(&cells, width) {
            let (row, column) = (at / width + 1, at % width + 1);
            let message = format!(
                "piece \"{id}\": the entrance at row {row}, column {column} is walled in: no way reaches it from \
                 the piece's edge (in four directions, over anything but wall)"
            );
            return Err(self.error(p.map[row - 1].span().start, "map", message));
        }
        Ok(Some(PieceRecord {
            id,
            floors: (floors.0 as u32, floors.1 as u32),
            chance,
            width: width as i32,
            height: p.map.len() as i32,
            cells,
            plugin: self.plugin.to_string(),
            file: self.file.to_path_buf(),
        }))
    }

    /// The legend: one character to what it lays.
    fn legend(
        &self,
        id: &str,
        legend: &BTreeMap<Spanned<String>, Spanned<String>>,
        kinds: &mut Vec<KindNamed>,
    ) -> Result<BTreeMap<char, PieceCell>, DataError> {
        let mut out = BTreeMap::new();
        for (key, value) in legend {
            let field = format!("legend.{}", key.get_ref());
            let mut chars = key.get_ref().chars();
            let c = match (chars.next(), chars.next()) {
                (Some(c), None) => c,
                _ => {
                    let message = format!("piece \"{id}\": a legend key is one character, not {:?}", key.get_ref());
                    return Err(self.error(key.span().start, &field, message));
                }
            };
            if let Some((_, meaning)) = FIXED.iter().find(|f| f.0 == c) {
                let message = format!("piece \"{id}\": {c:?} is a fixed symbol ({meaning}) and cannot be redefined");
                return Err(self.error(key.span().start, &field, message));
            }
            let at = value.span().start;
            let cell = self.legend_entry(id, value.get_ref(), at, &field)?;
            if let PieceCell::Monster { kind, .. } | PieceCell::Item { kind, .. } = &cell {
                let what = if matches!(cell, PieceCell::Monster { .. }) { "monster" } else { "item" };
                kinds.push(KindNamed {
                    file: self.file.to_path_buf(),
                    line: self.line_of(at),
                    piece: id.to_string(),
                    what,
                    name: kind.clone(),
                });
            }
            out.insert(c, cell);
        }
        Ok(out)
    }

    /// One legend entry's text (at `at`, in `field`), or why it is wrong.
    fn legend_entry(&self, id: &str, text: &str, at: usize, field: &str) -> Result<PieceCell, DataError> {
        self.legend_words(id, text).map_err(|why| self.error(at, field, why.0))
    }

    /// [`Self::legend_entry`]'s reading, its refusal the message alone.
    fn legend_words(&self, id: &str, text: &str) -> Result<PieceCell, Why> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let shown = |s: &str| untrusted::shown(s, limits::SHOWN_WORD);
        match words[..] {
            ["entrance"] => Ok(PieceCell::Entrance),
            [name] if HOST_TERRAINS.contains(&name) => Ok(PieceCell::Terrain(name.to_string())),
            ["terrain", name] => self.terrain(id, name),
            ["monster", kind, ref rest @ ..] => {
                let mut state = MonsterState::Wandering;
                let mut side = None;
                for (i, word) in rest.iter().enumerate() {
                    if let Some(s) = word.strip_prefix("side=") {
                        if side.is_some() || !self.plugins.sides.contains(s) {
                            let known: Vec<&str> = self.plugins.sides.iter().map(String::as_str).collect();
                            return Err(Why(format!(
                                "piece \"{id}\": no loaded plugin declared a side {:?}{} (sides: {})",
                                shown(s),
                                suggestion(s, &known),
                                known.join(", ")
                            )));
                        }
                        side = Some(s.to_string());
                    } else if i == 0 {
                        state = match *word {
                            "asleep" => MonsterState::Asleep,
                            "wandering" => MonsterState::Wandering,
                            "hunting" => MonsterState::Hunting,
                            other => {
                                return Err(Why(format!(
                                    "piece \"{id}\": unknown state {:?} (expected asleep, wandering or hunting)",
                                    shown(other)
                                )))
                            }
                        };
                    } else {
                        return Err(Why(format!(
                            "piece \"{id}\": {:?} is not understood: expected \"monster KIND [STATE] [side=SIDE]\"",
                            shown(text)
                        )));
                    }
                }
                Ok(PieceCell::Monster { kind: kind.to_string(), state, side })
            }
            ["item", kind, ref rest @ ..] => {
                // The count, if the first word after the kind is no `key=value`.
                let (count, values) = match rest.split_first() {
                    Some((count, values)) if !count.contains('=') => match count.parse::<u32>() {
                        Ok(n) if (1..=MOST_IN_A_STACK).contains(&n) => (n, values),
                        _ => {
                            return Err(Why(format!(
                                "piece \"{id}\": the count must be from 1 to {MOST_IN_A_STACK}, not {:?}",
                                shown(count)
                            )))
                        }
                    },
                    _ => (1, rest),
                };
                let mut store: Vec<(String, PieceValue)> = Vec::new();
                for word in values {
                    let (key, value) = self.store_value(id, word)?;
                    if store.iter().any(|(k, _)| *k == key) {
                        return Err(Why(format!("piece \"{id}\": the key {:?} is given twice", shown(&key))));
                    }
                    store.push((key, value));
                }
                Ok(PieceCell::Item { kind: kind.to_string(), count, store })
            }
            [name] => self.terrain(id, name),
            _ => Err(Why(format!(
                "piece \"{id}\": {:?} is not understood: expected \"entrance\", a terrain (\"wall\", \"terrain NAME\"), \
                 \"monster KIND [STATE] [side=SIDE]\" or \"item KIND [COUNT] [KEY=VALUE...]\"",
                shown(text)
            ))),
        }
    }

    /// One `KEY=VALUE` of an item's legend entry (api 1.6): a value that
    /// starts with a digit or `-` is a whole number, any other a text. A
    /// key another plugin declared (`Registrar::stored`) is that plugin's,
    /// which the piece's plugin must depend on, and its number must lie in
    /// the declared range, as for a plugin's own write.
    fn store_value(&self, id: &str, word: &str) -> Result<(String, PieceValue), Why> {
        let shown = |s: &str| untrusted::shown(s, limits::SHOWN_WORD);
        let Some((key, value)) = word.split_once('=') else {
            return Err(Why(format!(
                "piece \"{id}\": {:?} is not understood: expected \"item KIND [COUNT] [KEY=VALUE...]\"",
                shown(word)
            )));
        };
        let key_ok = !key.is_empty()
            && key.len() <= limits::SHOWN_WORD
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !key_ok {
            return Err(Why(format!(
                "piece \"{id}\": {:?} is no store key (1 to {} letters, digits or _)",
                shown(key),
                limits::SHOWN_WORD
            )));
        }
        if value.is_empty() {
            return Err(Why(format!("piece \"{id}\": the key {key:?} is given no value")));
        }
        let owner = self.plugins.plugins.iter().find(|p| p.stored.iter().any(|(k, _, _)| k == key));
        if let Some(owner) = owner {
            let depends = self.plugins.plugins.iter().any(|p| p.name == self.plugin && p.needs.contains(&owner.name));
            if owner.name != self.plugin && !depends {
                return Err(Why(format!(
                    "piece \"{id}\": the key {key:?} is the {} plugin's (declared with Registrar::stored), and the \
                     {} plugin does not depend on it",
                    owner.name, self.plugin
                )));
            }
        }
        if !value.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
            if value.chars().count() > limits::STORED_TEXT_CHARS {
                let most = limits::STORED_TEXT_CHARS;
                return Err(Why(format!("piece \"{id}\": the text of {key:?} is longer than a store holds ({most})")));
            }
            return Ok((key.to_string(), PieceValue::Text(value.to_string())));
        }
        let Ok(n) = value.parse::<i64>() else {
            return Err(Why(format!(
                "piece \"{id}\": {key}={:?} is no whole number (a text must not start with a digit or -)",
                shown(value)
            )));
        };
        if let Some((_, lo, hi)) = owner.and_then(|o| o.stored.iter().find(|(k, _, _)| k == key)) {
            if !(*lo..=*hi).contains(&n) {
                return Err(Why(format!(
                    "piece \"{id}\": {key}={n} is outside the range {lo} to {hi} the {} plugin declared",
                    owner.map_or("", |o| o.name.as_str())
                )));
            }
        }
        Ok((key.to_string(), PieceValue::Number(n)))
    }

    /// A terrain by name: one of the host's a piece may lay, or a
    /// registered one.
    fn terrain(&self, id: &str, name: &str) -> Result<PieceCell, Why> {
        if HOST_TERRAINS.contains(&name) || self.plugins.terrains.contains(name) {
            return Ok(PieceCell::Terrain(name.to_string()));
        }
        if name == "stairs_down" {
            return Err(Why(format!("piece \"{id}\": the stairs are the generator's; a piece cannot lay them")));
        }
        let mut known: Vec<&str> = HOST_TERRAINS.to_vec();
        known.extend(self.plugins.terrains.iter().map(String::as_str));
        Err(Why(format!(
            "piece \"{id}\": no loaded plugin has a terrain {:?}{} (terrains: {}). If it comes from a plugin left \
             out of --plugins, add `needs = [\"that_plugin\"]` to the piece",
            untrusted::shown(name, limits::SHOWN_WORD),
            suggestion(name, &known),
            known.join(", ")
        )))
    }
}

/// The monster and item kinds the pieces' legends name, each a record of
/// the loaded plugins; the first that is not is the error, at its legend line.
pub(super) fn check_kinds(records: &Records, kinds: &[KindNamed]) -> Result<(), DataError> {
    for k in kinds {
        let known = match k.what {
            "monster" => records.monsters.contains_key(&k.name),
            _ => records.items.contains_key(&k.name),
        };
        if !known {
            let names: Vec<&str> = match k.what {
                "monster" => records.monsters.keys().map(String::as_str).collect(),
                _ => records.items.keys().map(String::as_str).collect(),
            };
            let message = format!(
                "piece \"{}\": no loaded plugin has {} record {:?}{}. If it comes from a plugin left out of \
                 --plugins, add `needs = [\"that_plugin\"]` to the piece",
                k.piece,
                emberdeep_api::with_article(k.what),
                untrusted::shown(&k.name, limits::SHOWN_WORD),
                suggestion(&k.name, &names)
            );
            return Err(DataError::Field {
                file: k.file.clone(),
                line: k.line,
                field: "legend".to_string(),
                message: untrusted::shown(&message, limits::SHOWN_TEXT),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::data::records::Registered;

    fn read(text: &str, plugins: &Registered) -> Result<Records, DataError> {
        let mut records = Records::default();
        let file = Path::new("data/test/pieces.toml");
        let kinds = FileReader { file, text, plugin: "test", plugins }.read_into(&mut records, &mut Vec::new())?;
        check_kinds(&records, &kinds)?;
        Ok(records)
    }

    /// A rat and a potion to name, then a guard post: the map's rows are lines 27 to 30, the legend line 32.
    const RECORDS: &str = r######"[[monster]]
id = "rat"
name = "rat"
glyph = "r"
color = [1, 2, 3]
tile = "monster_rat"
floors = [1, 2]
hp = 3
damage = [1, 2]
sight = 5
brain = "idle"

[[item]]
id = "potion"
name = "potion"
glyph = "!"
color = [1, 2, 3]
tile = "potion"
class = "potion"
floors = [1, 2]

[[piece]]
id = "post"
floors = [2, 4]
chance = 50
map = [
  "#####",
  "#r.!#",
  "#.~.#",
  "##E##",
]
legend = { r = "monster rat asleep side=player", "!" = "item potion 3", "~" = "terrain web", E = "entrance" }
"######;

    fn plugins() -> Registered {
        let mut plugins = Registered::default();
        plugins.brains.insert("idle".into());
        plugins.terrains.insert("web".into());
        plugins.sides.extend(["player".to_string(), "monsters".to_string()]);
        plugins
    }

    /// The error of `RECORDS` with `from` replaced by `to`, or "" if it reads.
    fn with(from: &str, to: &str) -> String {
        assert!(RECORDS.contains(from), "{from}");
        read(&RECORDS.replacen(from, to, 1), &plugins()).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn a_piece_is_read_with_its_cells_in_row_order() {
        let records = read(RECORDS, &plugins()).expect("the piece reads");
        let post = &records.pieces["post"];
        assert_eq!((post.width, post.height, post.floors, post.chance), (5, 4, (2, 4), 50));
        let at = |x: i32, y: i32| post.cells_at().find(|c| (c.0, c.1) == (x, y)).map(|c| c.2.clone()).unwrap();
        assert_eq!(at(0, 0), PieceCell::Terrain("wall".into()));
        let rat = PieceCell::Monster { kind: "rat".into(), state: MonsterState::Asleep, side: Some("player".into()) };
        assert_eq!(at(1, 1), rat);
        assert_eq!(at(2, 1), PieceCell::Terrain("floor".into()));
        assert_eq!(at(3, 1), PieceCell::Item { kind: "potion".into(), count: 3, store: Vec::new() });
        assert_eq!(at(2, 2), PieceCell::Terrain("web".into()));
        assert_eq!(at(2, 3), PieceCell::Entrance);
        let open = with("chance = 50\n", "").is_empty();
        assert!(open && read(&RECORDS.replace("chance = 50\n", ""), &plugins()).unwrap().pieces["post"].chance == 100);
    }

    #[test]
    fn bad_pieces_are_refused_with_file_line_and_why() {
        let cases = [
            // Too big: a row too wide, too many rows.
            ("\"#.~.#\",", "\"#.~.#........\",", "pieces.toml:29: field `map`: piece \"post\": row 3 is 13 wide; a piece is at most 12 wide (the widest room's floor)"),
            ("  \"#####\",\n", "  \"#####\",\n  \"#...#\",\n  \"#...#\",\n  \"#...#\",\n  \"#...#\",\n  \"#...#\",\n", "pieces.toml:27: field `map`: piece \"post\": 9 rows; a piece is at most 8 tall (the tallest room's floor)"),
            // Rows of different widths.
            ("\"#.~.#\",", "\"#.~.\",", "pieces.toml:29: field `map`: piece \"post\": row 3 is 4 wide, row 1 is 5: every row must be as wide"),
            // No entrance.
            ("\"##E##\",", "\"#####\",", "pieces.toml:27: field `map`: piece \"post\" has no entrance"),
            // An entrance walled in: inside the walls, or in a closed corner of the edge.
            ("\"#.~.#\",\n  \"##E##\",", "\"#.E.#\",\n  \"#####\",", "pieces.toml:29: field `map`: piece \"post\": the entrance at row 3, column 3 is walled in: no way reaches it from the piece's edge (in four directions, over anything but wall)"),
            // A character with no legend entry.
            ("\"#.~.#\",", "\"#.x.#\",", "pieces.toml:29: field `map`: piece \"post\": row 3: 'x' is not in the legend"),
            // Unknown legend names: a terrain, a monster, an item, a side.
            ("terrain web", "terrain webb", "pieces.toml:32: field `legend.~`: piece \"post\": no loaded plugin has a terrain \"webb\"; did you mean `web`?"),
            ("monster rat", "monster bat", "pieces.toml:32: field `legend`: piece \"post\": no loaded plugin has a monster record \"bat\"; did you mean `rat`?"),
            ("item potion 3", "item potoin 3", "pieces.toml:32: field `legend`: piece \"post\": no loaded plugin has an item record \"potoin\""),
            ("side=player", "side=elves", "pieces.toml:32: field `legend.r`: piece \"post\": no loaded plugin declared a side \"elves\""),
            // Entries the loader does not understand.
            ("item potion 3", "item potion 0", "field `legend.!`: piece \"post\": the count must be from 1 to 9999, not \"0\""),
            ("asleep side", "dozing side", "field `legend.r`: piece \"post\": unknown state \"dozing\""),
            ("terrain web", "stairs_down", "field `legend.~`: piece \"post\": the stairs are the generator's"),
            ("E = \"entrance\"", "E = \"entrance\", \"#\" = \"floor\"", "field `legend.#`: piece \"post\": '#' is a fixed symbol (wall)"),
            ("E = \"entrance\"", "E = \"entrance\", EE = \"floor\"", "field `legend.EE`: piece \"post\": a legend key is one character"),
            ("floors = [2, 4]", "floors = [4, 2]", "pieces.toml:24: field `floors`: the least must not be above the most"),
            ("chance = 50", "chance = 101", "pieces.toml:25: field `chance`: must be from 0 to 100, not 101"),
        ];
        for (from, to, wanted) in cases {
            let err = with(from, to);
            assert!(err.starts_with("data/test/pieces.toml:") && !err.contains('\n'), "{to}: {err}");
            assert!(err.contains(wanted), "{to}:\nwanted `{wanted}`\ngot    `{err}`");
        }
        let twice = format!("{RECORDS}{}", &RECORDS[RECORDS.find("[[piece]]").unwrap()..]);
        let err = read(&twice, &plugins()).unwrap_err().to_string();
        assert!(err.contains("pieces.toml:33: field `id`: a record with id \"post\" already exists"), "{err}");
    }

    #[test]
    fn an_items_legend_gives_its_store_numbers_and_texts_held_to_the_store_s_rules() {
        let given = RECORDS.replace("item potion 3", "item potion 3 charges=-4 owner=orc");
        let records = read(&given, &plugins()).expect("the piece reads");
        let cell = records.pieces["post"].cells_at().find(|c| (c.0, c.1) == (3, 1)).map(|c| c.2.clone()).unwrap();
        let store = vec![("charges".into(), PieceValue::Number(-4)), ("owner".into(), PieceValue::Text("orc".into()))];
        assert_eq!(cell, PieceCell::Item { kind: "potion".into(), count: 3, store });
        let one = read(&RECORDS.replace("item potion 3", "item potion mark=2"), &plugins()).unwrap();
        let cell = one.pieces["post"].cells_at().find(|c| (c.0, c.1) == (3, 1)).map(|c| c.2.clone()).unwrap();
        assert!(matches!(cell, PieceCell::Item { count: 1, ref store, .. } if store.len() == 1), "{cell:?}");

        // A key another plugin declared is that plugin's: the piece's
        // plugin must depend on it, and its number lie in the range.
        let mut declared = plugins();
        let owner = |name: &str, needs: &[&str]| crate::data::records::RegisteredPlugin {
            name: name.into(),
            library: PathBuf::new(),
            settings: Vec::new(),
            stored: vec![(format!("{name}_charges"), 0, 9)],
            needs: needs.iter().map(|n| n.to_string()).collect(),
        };
        declared.plugins.extend([owner("wands", &[]), owner("test", &["wands"])]);
        let read_with = |entry: &str| {
            let text = RECORDS.replace("item potion 3", entry);
            read(&text, &declared).err().map(|e| e.to_string()).unwrap_or_default()
        };
        assert_eq!(read_with("item potion 3 wands_charges=9 test_charges=0"), "", "its own, and one it depends on");
        let cases = [
            ("item potion 3 wands_charges=10", "field `legend.!`: piece \"post\": wands_charges=10 is outside the range 0 to 9 the wands plugin declared"),
            ("item potion 3 charges=4x", "field `legend.!`: piece \"post\": charges=\"4x\" is no whole number"),
            ("item potion 3 charges=", "field `legend.!`: piece \"post\": the key \"charges\" is given no value"),
            ("item potion 3 ch-arges=1", "field `legend.!`: piece \"post\": \"ch-arges\" is no store key"),
            ("item potion 3 owner=a owner=b", "field `legend.!`: piece \"post\": the key \"owner\" is given twice"),
            ("item potion 3 loose", "field `legend.!`: piece \"post\": \"loose\" is not understood: expected \"item KIND [COUNT] [KEY=VALUE...]\""),
        ];
        for (entry, wanted) in cases {
            let err = read_with(entry);
            assert!(err.starts_with("data/test/pieces.toml:32: ") && !err.contains('\n'), "{entry}: {err}");
            assert!(err.contains(wanted), "{entry}:\nwanted `{wanted}`\ngot    `{err}`");
        }
        let mut alone = declared.clone();
        alone.plugins.retain(|p| p.name != "test");
        let text = RECORDS.replace("item potion 3", "item potion 3 wands_charges=1");
        let err = read(&text, &alone).unwrap_err().to_string();
        assert!(err.contains("the key \"wands_charges\" is the wands plugin's (declared with Registrar::stored), and the test plugin does not depend on it"), "{err}");
    }

    #[test]
    fn a_piece_whose_plugin_is_absent_is_skipped_and_what_it_repeats_is_capped() {
        let absent =
            RECORDS.replace("chance = 50", "chance = 50\nneeds = [\"webs\"]").replace("terrain web", "terrain x");
        assert!(read(&absent, &plugins()).unwrap().pieces.is_empty());
        let huge = "w".repeat(1 << 16);
        for (from, to) in [("terrain web", format!("terrain {huge}")), ("monster rat", format!("monster {huge}"))] {
            let err = with(from, &to);
            assert!(err.len() < 2 * limits::SHOWN_TEXT && !err.contains('\n'), "{} bytes", err.len());
        }
    }
}
