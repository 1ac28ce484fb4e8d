//! The `[expect]` lines of a scenario file: what must hold once its
//! `[keys]` are played (`emberdeep check`). One expectation per line:
//!
//! * `event PATTERN`: at least one trace event matches (see
//!   [`crate::drivers::review::trace_query`]: `event attack target=goblin#1 damage=3..6`);
//! * `no event PATTERN`: none does; `events N PATTERN`: exactly N do
//!   (or a range: `events 2..4 attack attacker=player`);
//! * `message TEXT` / `no message TEXT`: a message of the run contains the
//!   text (or none does); quotes are optional;
//! * `player FACT...` or `NAME#N FACT...` (a creature by its trace name,
//!   `goblin#1`), at the end: `alive`, `dead`, `hp=RANGE`, `has=STATUS`,
//!   `lacks=STATUS`, `at=X,Y`, `side=SIDE`;
//! * `floor RANGE`, `turn RANGE`: where and when the run is at the end;
//! * `pack KIND=RANGE`: how many of a kind the pack holds (0: none);
//! * `terrain X,Y = NAME`: the map's terrain at that cell at the end
//!   (`wall`, `floor`, `door_closed`, `door_open`, `stairs_down`);
//! * `panel TEXT` / `no panel TEXT`: a line of the side panel at the end
//!   contains the text (or none does); quotes are optional;
//! * `pack "NAME"` / `no pack "NAME"`: an item in the pack at the end is
//!   named exactly so, as the pack screen writes it after its letter
//!   (`pack "a wand of sparks (2)"`); the quotes are needed.
//!
//! The last three read what the player sees through the same code the
//! screen uses ([`crate::front::app::App::panel_lines`],
//! [`crate::front::app::App::pack_labels`]).

use std::collections::{BTreeMap, BTreeSet};

use emberdeep_engine::core::map::Tile;
use emberdeep_engine::data::trace::{HOST_EVENTS, OPEN_EVENTS};

use crate::drivers::review::trace_query::{words, EventPattern, PatternError, Range};

/// One expectation and the line it was written on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    /// Its line in the file.
    pub line: usize,
    /// As written.
    pub text: String,
    /// What it asks.
    pub what: Expect,
}

/// What an expectation asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// As many trace events as the range says match the pattern.
    Events {
        /// The events.
        pattern: EventPattern,
        /// How many (`event`: 1.., `no event`: 0).
        count: Range,
    },
    /// A message containing the text was (or was not) shown.
    Message {
        /// Part of its text.
        text: String,
        /// Whether it must have been shown.
        shown: bool,
    },
    /// Facts about a creature at the end.
    Creature {
        /// `player`, or a trace name (`goblin#1`).
        who: String,
        /// What must hold of it.
        facts: Vec<Fact>,
    },
    /// The floor at the end.
    Floor(Range),
    /// The turn at the end.
    Turn(Range),
    /// How many of a kind the pack holds.
    Pack {
        /// The item kind.
        kind: String,
        /// How many.
        count: Range,
    },
    /// The terrain of a cell at the end.
    Terrain {
        /// The cell's column.
        x: i32,
        /// The cell's row.
        y: i32,
        /// The terrain's name.
        name: String,
    },
    /// A side panel line containing the text is (or is not) shown at the end.
    Panel {
        /// Part of the line.
        text: String,
        /// Whether such a line must be shown.
        shown: bool,
    },
    /// An item named so is (or is not) in the pack at the end.
    PackName {
        /// The whole name, as the pack writes it.
        name: String,
        /// Whether such an item must be there.
        held: bool,
    },
}

/// A fact about a creature at the end of the keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// It lives.
    Alive,
    /// It died (or, for a monster, is gone from the floor).
    Dead,
    /// Its health is in the range.
    Hp(Range),
    /// It bears the status.
    Has(String),
    /// It does not bear the status.
    Lacks(String),
    /// It stands there.
    At(i32, i32),
    /// It is on the side.
    Side(String),
}

const KINDS: &str =
    "event, no event, events N, message, no message, player, NAME#N, floor, turn, pack, terrain, panel or no panel";
/// The facts a creature's line may state.
const FACTS: &str = "alive, dead, hp=RANGE, has=STATUS, lacks=STATUS, at=X,Y, side=SIDE";

/// An `[expect]` line that does not read, and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct ExpectLineError {
    /// The line in the file.
    pub line: usize,
    /// What is wrong with it.
    pub problem: ExpectError,
}

/// What is wrong with one expectation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExpectError {
    /// The first word is no kind of expectation.
    #[error("unknown expectation '{0}' (expected {KINDS})")]
    Unknown(String),
    /// Its event pattern does not read.
    #[error(transparent)]
    Pattern(#[from] PatternError),
    /// `events N` with nothing after.
    #[error("events N PATTERN: missing the pattern")]
    NoPattern,
    /// A count, floor, turn or health that is not a number or a range.
    #[error("{what} '{text}' is not a number or a range such as 3..6")]
    NotARange {
        /// What it was to be (`the count`, `hp`).
        what: &'static str,
        /// As written.
        text: String,
    },
    /// `no` followed by none of `event`, `message`, `panel`, `pack`.
    #[error("'no {0}': expected 'no event PATTERN', 'no message TEXT', 'no panel TEXT' or 'no pack \"NAME\"'")]
    BadNo(String),
    /// `pack` without `KIND=COUNT` or `"NAME"`.
    #[error("expected 'pack KIND=COUNT' (a count or a range) or 'pack \"NAME\"' (the name in quotes)")]
    PackSyntax,
    /// `message` or `panel` with no text.
    #[error("a {0} expectation needs the text to look for")]
    NoText(&'static str),
    /// `terrain` not followed by `X,Y = NAME`.
    #[error("expected 'terrain X,Y = NAME' (X and Y whole numbers from 0, NAME a terrain such as floor)")]
    TerrainSyntax,
    /// A creature named with no fact about it.
    #[error("'{0}': say what must hold ({FACTS})")]
    NoFacts(String),
    /// A word that is not a fact.
    #[error("'{0}' is not a fact ({FACTS})")]
    NotAFact(String),
    /// A name that nothing loaded has.
    #[error(transparent)]
    UnknownName(#[from] UnknownName),
}

/// The most characters of a name a refusal shows.
const SHOWN: usize = 40;

/// `name`, cut to its first characters for a message.
fn shown(name: &str) -> String {
    let mut out: String = name.chars().take(SHOWN).collect();
    if out.len() < name.len() {
        out.push_str("...");
    }
    out
}

/// The names expectations may use: the item and monster kinds of the
/// loaded records, the statuses the loaded plugins registered, and the
/// host's own trace events and their fields ([`HOST_EVENTS`]).
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// Item kinds.
    pub items: BTreeSet<String>,
    /// Monster kinds.
    pub monsters: BTreeSet<String>,
    /// Status names.
    pub statuses: BTreeSet<String>,
    /// Terrain names (the host's: [`Tile::name`]).
    pub terrains: BTreeSet<String>,
    /// The plugins' own events and their fields, once every loaded plugin
    /// has said which it writes; `None` while one has not (then an event
    /// that is not the host's is taken on trust).
    pub plugin_events: Option<BTreeMap<String, Vec<String>>>,
}

/// A name an expectation uses that nothing loaded has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnknownName {
    /// A field the host's event does not have.
    #[error("the '{event}' event has no field '{field}' (its fields: {fields})")]
    Field {
        /// The event.
        event: String,
        /// The field, as written (its first characters).
        field: String,
        /// The fields it has.
        fields: String,
    },
    /// An event neither the host nor any loaded plugin writes.
    #[error("neither the host nor any loaded plugin writes an event '{0}'")]
    Event(String),
    /// An item kind no loaded record has.
    #[error("no loaded plugin has an item '{0}'")]
    Item(String),
    /// A monster kind no loaded record has.
    #[error("no loaded plugin has a monster '{0}' (a creature is player or KIND#N)")]
    Monster(String),
    /// A status no loaded plugin registered.
    #[error("no loaded plugin has a status '{0}'")]
    Status(String),
    /// A terrain there is not.
    #[error("there is no terrain '{name}' (terrains: {known})")]
    Terrain {
        /// The name, as written (its first characters).
        name: String,
        /// The terrains there are.
        known: String,
    },
}

impl Known {
    /// The host's terrains' names ([`Tile::name`]).
    pub fn host_terrains() -> BTreeSet<String> {
        Tile::ALL.iter().filter_map(|t| t.name()).map(str::to_string).collect()
    }

    /// Refuses `what` if it names an item, monster, status, or a field of
    /// one of the host's events, that does not exist.
    pub fn check(&self, what: &Expect) -> Result<(), UnknownName> {
        match what {
            Expect::Events { pattern, .. } => self.check_pattern(pattern),
            Expect::Pack { kind, .. } if !self.items.contains(kind) => Err(UnknownName::Item(shown(kind))),
            Expect::Terrain { name, .. } if !self.terrains.contains(name) => {
                let known = self.terrains.iter().map(String::as_str).collect::<Vec<_>>().join(", ");
                Err(UnknownName::Terrain { name: shown(name), known })
            }
            Expect::Creature { who, facts } => {
                if who != "player" {
                    let kind = who.rsplit_once('#').map_or(who.as_str(), |(k, _)| k);
                    if !self.monsters.contains(kind) {
                        return Err(UnknownName::Monster(shown(kind)));
                    }
                }
                for f in facts {
                    if let Fact::Has(s) | Fact::Lacks(s) = f {
                        if !self.statuses.contains(s) {
                            return Err(UnknownName::Status(shown(s)));
                        }
                    }
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn check_pattern(&self, pattern: &EventPattern) -> Result<(), UnknownName> {
        let Some(name) = pattern.event.as_deref() else { return Ok(()) };
        let fields: Vec<&str> = match HOST_EVENTS.iter().find(|(n, _)| *n == name) {
            Some(_) if OPEN_EVENTS.contains(&name) => return Ok(()),
            Some((_, fields)) => fields.to_vec(),
            None => match &self.plugin_events {
                None => return Ok(()),
                Some(events) => match events.get(name) {
                    Some(fields) => fields.iter().map(String::as_str).collect(),
                    None => return Err(UnknownName::Event(shown(name))),
                },
            },
        };
        let common = ["turn", "event", "source"];
        for field in pattern.fields() {
            if !common.contains(&field) && !fields.contains(&field) {
                return Err(UnknownName::Field {
                    event: shown(name),
                    field: shown(field),
                    fields: common.iter().chain(fields.iter()).copied().collect::<Vec<_>>().join(", "),
                });
            }
        }
        Ok(())
    }
}

/// Parses the `[expect]` lines, each checked against the names in `known`.
pub fn parse_expectations(lines: &[(usize, String)], known: &Known) -> Result<Vec<Expectation>, ExpectLineError> {
    lines
        .iter()
        .map(|(line, text)| {
            let err = |problem| ExpectLineError { line: *line, problem };
            let what = parse_one(text).map_err(err)?;
            known.check(&what).map_err(|e| err(e.into()))?;
            Ok(Expectation { line: *line, text: text.clone(), what })
        })
        .collect()
}

fn range(text: &str, what: &'static str) -> Result<Range, ExpectError> {
    Range::parse(text).ok_or_else(|| ExpectError::NotARange { what, text: text.to_string() })
}

fn parse_one(text: &str) -> Result<Expect, ExpectError> {
    let (first, rest) = text.split_once(char::is_whitespace).map_or((text, ""), |(a, b)| (a, b.trim()));
    let at_least_one = Range { low: Some(1), high: None };
    let none = Range { low: Some(0), high: Some(0) };
    Ok(match first {
        "event" => Expect::Events { pattern: EventPattern::parse(rest)?, count: at_least_one },
        "events" => {
            let (n, pattern) = rest.split_once(char::is_whitespace).ok_or(ExpectError::NoPattern)?;
            Expect::Events { pattern: EventPattern::parse(pattern)?, count: range(n, "the count")? }
        }
        "message" => Expect::Message { text: some_text(rest, "message")?, shown: true },
        "panel" => Expect::Panel { text: some_text(rest, "panel")?, shown: true },
        "no" => {
            let (what, rest) = rest.split_once(char::is_whitespace).map_or((rest, ""), |(a, b)| (a, b.trim()));
            match what {
                "event" => Expect::Events { pattern: EventPattern::parse(rest)?, count: none },
                "message" => Expect::Message { text: some_text(rest, "message")?, shown: false },
                "panel" => Expect::Panel { text: some_text(rest, "panel")?, shown: false },
                "pack" => Expect::PackName { name: pack_name(rest)?, held: false },
                _ => return Err(ExpectError::BadNo(what.to_string())),
            }
        }
        "floor" => Expect::Floor(range(rest, "the floor")?),
        "turn" => Expect::Turn(range(rest, "the turn")?),
        "pack" if rest.starts_with('"') => Expect::PackName { name: pack_name(rest)?, held: true },
        "pack" => {
            let (kind, count) = rest.split_once('=').ok_or(ExpectError::PackSyntax)?;
            Expect::Pack { kind: kind.trim().to_string(), count: range(count.trim(), "the count")? }
        }
        "terrain" => terrain(rest)?,
        who if who == "player" || who.contains('#') => {
            let facts = words(rest)?.iter().map(|w| parse_fact(w)).collect::<Result<Vec<_>, _>>()?;
            if facts.is_empty() {
                return Err(ExpectError::NoFacts(who.to_string()));
            }
            Expect::Creature { who: who.to_string(), facts }
        }
        other => return Err(ExpectError::Unknown(other.to_string())),
    })
}

/// The text a `message` or `panel` line looks for: its words, quotes optional.
fn some_text(rest: &str, what: &'static str) -> Result<String, ExpectError> {
    let text = words(rest)?.join(" ");
    if text.is_empty() {
        return Err(ExpectError::NoText(what));
    }
    Ok(text)
}

/// `"NAME"`: a whole item name, in quotes, and nothing after.
fn pack_name(rest: &str) -> Result<String, ExpectError> {
    match (rest.starts_with('"'), words(rest)?.as_slice()) {
        (true, [name]) if !name.is_empty() => Ok(name.clone()),
        _ => Err(ExpectError::PackSyntax),
    }
}

/// `X,Y = NAME`.
fn terrain(rest: &str) -> Result<Expect, ExpectError> {
    let (xy, name) = rest.split_once('=').ok_or(ExpectError::TerrainSyntax)?;
    let (x, y) = xy.split_once(',').ok_or(ExpectError::TerrainSyntax)?;
    let number = |n: &str| n.trim().parse::<i32>().ok().filter(|n| *n >= 0).ok_or(ExpectError::TerrainSyntax);
    let name = name.trim();
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(ExpectError::TerrainSyntax);
    }
    Ok(Expect::Terrain { x: number(x)?, y: number(y)?, name: name.to_string() })
}

fn parse_fact(word: &str) -> Result<Fact, ExpectError> {
    let bad = || ExpectError::NotAFact(word.to_string());
    Ok(match word.split_once('=') {
        None if word == "alive" => Fact::Alive,
        None if word == "dead" => Fact::Dead,
        None => return Err(bad()),
        Some(("hp", r)) => Fact::Hp(range(r, "hp")?),
        Some(("has", s)) if !s.is_empty() => Fact::Has(s.to_string()),
        Some(("lacks", s)) if !s.is_empty() => Fact::Lacks(s.to_string()),
        Some(("side", s)) if !s.is_empty() => Fact::Side(s.to_string()),
        Some(("at", xy)) => {
            let (x, y) = xy.split_once(',').ok_or_else(bad)?;
            Fact::At(x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?)
        }
        Some(_) => return Err(bad()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of a small game: arrows, goblins, two statuses.
    fn known() -> Known {
        let set = |names: &[&str]| names.iter().map(|n| n.to_string()).collect();
        Known {
            items: set(&["arrows"]),
            monsters: set(&["goblin"]),
            statuses: set(&["frozen", "confused"]),
            terrains: Known::host_terrains(),
            plugin_events: Some(BTreeMap::from([("missile_lost".to_string(), vec!["item".to_string()])])),
        }
    }

    fn one(text: &str) -> Result<Expect, ExpectLineError> {
        parse_expectations(&[(9, text.to_string())], &known()).map(|mut v| v.remove(0).what)
    }

    /// The one line `text`'s error reads as.
    fn error(text: &str) -> String {
        one(text).unwrap_err().to_string()
    }

    #[test]
    fn every_kind_of_expectation_reads() {
        assert!(
            matches!(one("event attack target=goblin#1 damage=3..6"), Ok(Expect::Events { count, .. }) if count.holds(1) && count.holds(50) && !count.holds(0))
        );
        assert!(
            matches!(one("no event death who=player"), Ok(Expect::Events { count, .. }) if count.holds(0) && !count.holds(1))
        );
        assert!(
            matches!(one("events 2..3 attack"), Ok(Expect::Events { count, .. }) if count.holds(3) && !count.holds(4))
        );
        assert_eq!(
            one("message \"The goblin dies\"").unwrap(),
            Expect::Message { text: "The goblin dies".into(), shown: true }
        );
        assert_eq!(one("no message glows").unwrap(), Expect::Message { text: "glows".into(), shown: false });
        assert_eq!(one("goblin#1 dead").unwrap(), Expect::Creature { who: "goblin#1".into(), facts: vec![Fact::Dead] });
        assert_eq!(
            one("player alive hp=5.. has=frozen lacks=confused at=3,4").unwrap(),
            Expect::Creature {
                who: "player".into(),
                facts: vec![
                    Fact::Alive,
                    Fact::Hp(Range { low: Some(5), high: None }),
                    Fact::Has("frozen".into()),
                    Fact::Lacks("confused".into()),
                    Fact::At(3, 4)
                ]
            }
        );
        assert_eq!(one("floor 2").unwrap(), Expect::Floor(Range { low: Some(2), high: Some(2) }));
        assert_eq!(
            one("pack arrows=0").unwrap(),
            Expect::Pack { kind: "arrows".into(), count: Range { low: Some(0), high: Some(0) } }
        );
    }

    #[test]
    fn terrain_panel_and_pack_name_expectations_read() {
        assert_eq!(one("terrain 4,2 = floor").unwrap(), Expect::Terrain { x: 4, y: 2, name: "floor".into() });
        assert_eq!(one("terrain 0,10=door_open").unwrap(), Expect::Terrain { x: 0, y: 10, name: "door_open".into() });
        assert_eq!(one("panel \"Turn 12\"").unwrap(), Expect::Panel { text: "Turn 12".into(), shown: true });
        assert_eq!(one("panel Turn 12").unwrap(), Expect::Panel { text: "Turn 12".into(), shown: true });
        assert_eq!(one("no panel \"Poisoned\"").unwrap(), Expect::Panel { text: "Poisoned".into(), shown: false });
        assert_eq!(
            one("pack \"a wand of sparks (2)\"").unwrap(),
            Expect::PackName { name: "a wand of sparks (2)".into(), held: true }
        );
        assert_eq!(one("no pack \"3 arrows\"").unwrap(), Expect::PackName { name: "3 arrows".into(), held: false });
        // A count is still a count.
        assert!(matches!(one("pack arrows=3").unwrap(), Expect::Pack { .. }));
    }

    #[test]
    fn a_bad_terrain_panel_or_pack_name_line_is_refused_in_one_line() {
        let syntax = "expected 'terrain X,Y = NAME' (X and Y whole numbers from 0, NAME a terrain such as floor)";
        for bad in ["terrain", "terrain 4,2", "terrain 4 = floor", "terrain -1,2 = floor", "terrain a,b = wall"] {
            assert_eq!(error(bad), format!("line 9: {syntax}"), "{bad}");
        }
        assert_eq!(error("terrain 4,2 = open door"), format!("line 9: {syntax}"));
        assert_eq!(
            error("terrain 4,2 = flor"),
            "line 9: there is no terrain 'flor' (terrains: door_closed, door_open, floor, stairs_down, wall)"
        );
        assert!(error(&format!("terrain 1,1 = {}", "x".repeat(1 << 20))).len() < 200, "a long name is cut");
        assert_eq!(error("panel"), "line 9: a panel expectation needs the text to look for");
        assert_eq!(error("no panel \"\""), "line 9: a panel expectation needs the text to look for");
        let pack = "line 9: expected 'pack KIND=COUNT' (a count or a range) or 'pack \"NAME\"' (the name in quotes)";
        assert_eq!(error("pack \"3 arrows\" 4"), pack);
        assert_eq!(error("pack \"\""), pack);
        assert_eq!(error("no pack 3 arrows"), pack, "the quotes are needed");
        assert_eq!(error("pack \"3 arrows"), "line 9: a quote is not closed");
        assert!(error("no potion").contains("'no panel TEXT' or 'no pack \"NAME\"'"));
    }

    #[test]
    fn a_bad_expectation_names_its_line_and_what_is_wrong() {
        assert_eq!(error("goblin dead"), format!("line 9: unknown expectation 'goblin' (expected {KINDS})"));
        assert!(error("player sleepy").contains("'sleepy' is not a fact"));
        assert!(error("player").contains("say what must hold"));
        assert!(error("floor deep").contains("not a number or a range"));
        assert!(error("no way").contains("'no way'"));
        assert!(error("events 2").contains("missing the pattern"));
        assert!(error("message").contains("needs the text"));
        assert!(error("pack arrows").contains("pack KIND=COUNT"));
        assert_eq!(error("event"), "line 9: an event pattern needs an event name (or *)");
    }

    #[test]
    fn a_name_nothing_loaded_has_is_refused_with_its_line() {
        assert_eq!(error("pack arrow=1"), "line 9: no loaded plugin has an item 'arrow'");
        assert_eq!(
            error("goblim#1 dead"),
            "line 9: no loaded plugin has a monster 'goblim' (a creature is player or KIND#N)"
        );
        assert_eq!(error("player has=frozn"), "line 9: no loaded plugin has a status 'frozn'");
        assert!(error("goblin#1 lacks=sleepy").contains("status 'sleepy'"));
        let field = error("no event death whom=player");
        assert!(field.starts_with("line 9: the 'death' event has no field 'whom' (its fields: turn"), "{field}");
        assert_eq!(error("no event atack"), "line 9: neither the host nor any loaded plugin writes an event 'atack'");
        assert!(one("no event missile_lost item=arrows").is_ok(), "a plugin's declared event and field");
        assert!(error("event missile_lost itme=arrows").contains("'missile_lost' event has no field 'itme'"));
        let trusting = Known { plugin_events: None, ..known() };
        assert!(trusting.check(&parse_one("no event atack").unwrap()).is_ok(), "while a plugin has not said, on trust");
        assert!(one("no event log source=x anything=1").is_ok(), "a log event's fields are the plugin's own");
        assert!(one("event death who=goblin#1 turn=3 source=host").is_ok());
        assert!(error(&format!("pack {}=1", "x".repeat(1 << 20))).len() < 200, "a long name is cut");
        let e = parse_expectations(&[(4, "player hp=lots".into())], &known()).unwrap_err();
        assert_eq!(e, ExpectLineError { line: 4, problem: ExpectError::NotARange { what: "hp", text: "lots".into() } });
    }
}
