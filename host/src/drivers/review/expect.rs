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
//!   `lacks=STATUS`, `at=X,Y`;
//! * `floor RANGE`, `turn RANGE`: where and when the run is at the end;
//! * `pack KIND=RANGE`: how many of a kind the pack holds (0: none).

use crate::drivers::review::trace_query::{words, EventPattern, Range};

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
}

const KINDS: &str = "event, no event, events N, message, no message, player, NAME#N, floor, turn or pack";

/// Parses the `[expect]` lines.
pub fn parse_expectations(lines: &[(usize, String)]) -> Result<Vec<Expectation>, String> {
    lines
        .iter()
        .map(|(line, text)| {
            let what = parse_one(text).map_err(|e| format!("line {line}: {e}"))?;
            Ok(Expectation { line: *line, text: text.clone(), what })
        })
        .collect()
}

fn range(text: &str, what: &str) -> Result<Range, String> {
    Range::parse(text).ok_or(format!("{what} '{text}' is not a number or a range such as 3..6"))
}

fn parse_one(text: &str) -> Result<Expect, String> {
    let (first, rest) = text.split_once(char::is_whitespace).map_or((text, ""), |(a, b)| (a, b.trim()));
    let at_least_one = Range { low: Some(1), high: None };
    let none = Range { low: Some(0), high: Some(0) };
    Ok(match first {
        "event" => Expect::Events { pattern: EventPattern::parse(rest)?, count: at_least_one },
        "events" => {
            let (n, pattern) = rest.split_once(char::is_whitespace).ok_or("events N PATTERN: missing the pattern")?;
            Expect::Events { pattern: EventPattern::parse(pattern)?, count: range(n, "the count")? }
        }
        "message" => Expect::Message { text: message_text(rest)?, shown: true },
        "no" => {
            let (what, rest) = rest.split_once(char::is_whitespace).map_or((rest, ""), |(a, b)| (a, b.trim()));
            match what {
                "event" => Expect::Events { pattern: EventPattern::parse(rest)?, count: none },
                "message" => Expect::Message { text: message_text(rest)?, shown: false },
                _ => return Err(format!("'no {what}': expected 'no event PATTERN' or 'no message TEXT'")),
            }
        }
        "floor" => Expect::Floor(range(rest, "the floor")?),
        "turn" => Expect::Turn(range(rest, "the turn")?),
        "pack" => {
            let (kind, count) = rest.split_once('=').ok_or("expected 'pack KIND=COUNT' (a count or a range)")?;
            Expect::Pack { kind: kind.trim().to_string(), count: range(count.trim(), "the count")? }
        }
        who if who == "player" || who.contains('#') => {
            let facts = words(rest)?.iter().map(|w| parse_fact(w)).collect::<Result<Vec<_>, _>>()?;
            if facts.is_empty() {
                return Err(format!(
                    "'{who}': say what must hold (alive, dead, hp=RANGE, has=STATUS, lacks=STATUS, at=X,Y)"
                ));
            }
            Expect::Creature { who: who.to_string(), facts }
        }
        other => return Err(format!("unknown expectation '{other}' (expected {KINDS})")),
    })
}

fn message_text(rest: &str) -> Result<String, String> {
    let text = words(rest)?.join(" ");
    if text.is_empty() {
        return Err("a message expectation needs the text to look for".into());
    }
    Ok(text)
}

fn parse_fact(word: &str) -> Result<Fact, String> {
    let bad = || format!("'{word}' is not a fact (alive, dead, hp=RANGE, has=STATUS, lacks=STATUS, at=X,Y)");
    Ok(match word.split_once('=') {
        None if word == "alive" => Fact::Alive,
        None if word == "dead" => Fact::Dead,
        None => return Err(bad()),
        Some(("hp", r)) => Fact::Hp(range(r, "hp")?),
        Some(("has", s)) if !s.is_empty() => Fact::Has(s.to_string()),
        Some(("lacks", s)) if !s.is_empty() => Fact::Lacks(s.to_string()),
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

    fn one(text: &str) -> Result<Expect, String> {
        parse_expectations(&[(9, text.to_string())]).map(|mut v| v.remove(0).what)
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
    fn a_bad_expectation_names_its_line_and_what_is_wrong() {
        assert_eq!(one("goblin dead").unwrap_err(), format!("line 9: unknown expectation 'goblin' (expected {KINDS})"));
        assert!(one("player sleepy").unwrap_err().contains("'sleepy' is not a fact"));
        assert!(one("player").unwrap_err().contains("say what must hold"));
        assert!(one("floor deep").unwrap_err().contains("not a number or a range"));
        assert!(one("no way").unwrap_err().contains("'no way'"));
        assert!(one("events 2").unwrap_err().contains("missing the pattern"));
        assert!(one("message").unwrap_err().contains("needs the text"));
        assert!(one("pack arrows").unwrap_err().contains("pack KIND=COUNT"));
    }
}
