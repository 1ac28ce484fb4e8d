//! Patterns over trace events, shared by `emberdeep trace events` and the
//! expectations of scenario files (`event attack target=goblin#2 damage=3..6`).
//!
//! A pattern is an event name (or `*` for any) followed by `field=value`
//! tests, all of which must hold:
//!
//! * `target=goblin#2`: the field is that text (or that number, or `true`/`false`);
//! * `target=goblin#*`: a trailing `*` matches any text that starts so;
//! * `damage=3..6`, `damage=3..`, `damage=..6`: a number in that range, ends included;
//! * `target!=player`: the field is missing or is anything else;
//! * `message="The goblin dies."`: quotes keep spaces in a value;
//! * a list field (`plugins`) matches when one of its entries does.
//!
//! `turn`, `event` and `source` are fields like the others.

use serde_json::Value;

/// A number range, ends included; either end may be open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// The smallest value, if bounded below.
    pub low: Option<i64>,
    /// The largest value, if bounded above.
    pub high: Option<i64>,
}

impl Range {
    /// Parses `3`, `3..6`, `3..` or `..6`; `None` if it is none of these.
    pub fn parse(text: &str) -> Option<Range> {
        let bound = |s: &str| if s.is_empty() { Ok(None) } else { s.parse::<i64>().map(Some) };
        match text.split_once("..") {
            Some((lo, hi)) => {
                let range = Range { low: bound(lo).ok()?, high: bound(hi).ok()? };
                (range.low.is_some() || range.high.is_some()).then_some(range)
            }
            None => text.parse::<i64>().ok().map(|n| Range { low: Some(n), high: Some(n) }),
        }
    }

    /// Whether `n` lies in it.
    pub fn holds(&self, n: i64) -> bool {
        self.low.is_none_or(|lo| n >= lo) && self.high.is_none_or(|hi| n <= hi)
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.low, self.high) {
            (Some(lo), Some(hi)) if lo == hi => write!(f, "{lo}"),
            (lo, hi) => {
                write!(
                    f,
                    "{}..{}",
                    lo.map(|n| n.to_string()).unwrap_or_default(),
                    hi.map(|n| n.to_string()).unwrap_or_default()
                )
            }
        }
    }
}

/// What a field must be.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Want {
    /// This text (compared with numbers and booleans as they are written).
    Is(String),
    /// Text starting with this (written `prefix*`).
    Starts(String),
    /// A number in this range (written `a..b`).
    Within(Range),
}

/// One `field=value` (or `field!=value`) test.
#[derive(Debug, Clone, PartialEq, Eq)]
struct FieldTest {
    field: String,
    want: Want,
    negated: bool,
    /// As written, for messages.
    text: String,
}

impl FieldTest {
    fn holds(&self, event: &Value) -> bool {
        let found = match event.get(&self.field) {
            None | Some(Value::Null) => false,
            Some(Value::Array(items)) => items.iter().any(|v| self.want.holds(v)),
            Some(v) => self.want.holds(v),
        };
        found != self.negated
    }
}

/// A field's value as a test compares it: text as it is, numbers and
/// booleans as they are written; `None` for anything else.
pub fn field_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

impl Want {
    fn parse(value: &str) -> Want {
        if value.contains("..") {
            if let Some(range) = Range::parse(value) {
                return Want::Within(range);
            }
        }
        match value.strip_suffix('*') {
            Some(prefix) => Want::Starts(prefix.to_string()),
            None => Want::Is(value.to_string()),
        }
    }

    fn holds(&self, v: &Value) -> bool {
        let Some(text) = field_text(v) else { return false };
        match self {
            Want::Is(want) => text == *want,
            Want::Starts(prefix) => text.starts_with(prefix.as_str()),
            Want::Within(range) => v.as_i64().is_some_and(|n| range.holds(n)),
        }
    }
}

/// An event name and field tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventPattern {
    /// The event's name; `None` for any.
    pub event: Option<String>,
    tests: Vec<FieldTest>,
}

/// What is wrong with a pattern as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// A `"` with no `"` after it.
    #[error("a quote is not closed")]
    OpenQuote,
    /// Nothing written.
    #[error("an event pattern needs an event name (or *)")]
    NoEventName,
    /// A `field=value` test where the event's name goes.
    #[error("'{0}': a pattern starts with the event's name (or *), then field=value")]
    TestFirst(String),
    /// A test that is not `field=value` or `field!=value`.
    #[error("'{0}' is not field=value")]
    NotATest(String),
    /// `=value` with no field before it.
    #[error("'{0}' names no field")]
    NoField(String),
    /// `--turns` that is neither a turn nor a range.
    #[error("--turns {0}: expected a turn or a range such as 10..20")]
    Turns(String),
    /// `--turns` whose first turn comes after its last.
    #[error("--turns {low}..{high}: the first turn comes after the last, so no turn is in it")]
    EmptyTurns {
        /// The first turn.
        low: i64,
        /// The last.
        high: i64,
    },
    /// A bad `--field` test.
    #[error("--field {0}")]
    Field(Box<PatternError>),
}

/// Splits a line into words, keeping quoted values whole
/// (`message="The goblin dies."` is one word, its quotes dropped).
pub fn words(text: &str) -> Result<Vec<String>, PatternError> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if quoted {
        return Err(PatternError::OpenQuote);
    }
    if started {
        out.push(word);
    }
    Ok(out)
}

impl EventPattern {
    /// Any event, until tests are added.
    pub fn any() -> EventPattern {
        EventPattern { event: None, tests: Vec::new() }
    }

    /// Parses `EVENT field=value ...` (see the module docs).
    pub fn parse(text: &str) -> Result<EventPattern, PatternError> {
        let words = words(text)?;
        let (first, rest) = words.split_first().ok_or(PatternError::NoEventName)?;
        if first.contains('=') {
            return Err(PatternError::TestFirst(first.clone()));
        }
        let mut pattern = EventPattern::any();
        if first != "*" {
            pattern.event = Some(first.clone());
        }
        for word in rest {
            pattern.add_test(word)?;
        }
        Ok(pattern)
    }

    /// The pattern of `trace events`' filters: turns (`10..20`), source,
    /// event name and `field=value` tests.
    pub fn from_filters(
        turns: Option<&str>,
        source: &Option<String>,
        event: &Option<String>,
        fields: &[String],
    ) -> Result<EventPattern, PatternError> {
        let mut pattern = EventPattern { event: event.clone(), tests: Vec::new() };
        if let Some(turns) = turns {
            let range = Range::parse(turns).ok_or_else(|| PatternError::Turns(turns.to_string()))?;
            if let (Some(low), Some(high)) = (range.low, range.high) {
                if low > high {
                    return Err(PatternError::EmptyTurns { low, high });
                }
            }
            pattern.add_test(&format!("turn={turns}"))?;
        }
        if let Some(source) = source {
            pattern.add_test(&format!("source={source}"))?;
        }
        for field in fields {
            pattern.add_test(field).map_err(|e| PatternError::Field(Box::new(e)))?;
        }
        Ok(pattern)
    }

    /// Adds one `field=value` or `field!=value` test.
    pub fn add_test(&mut self, word: &str) -> Result<(), PatternError> {
        let (field, value, negated) = match word.split_once("!=") {
            Some((f, v)) => (f, v, true),
            None => match word.split_once('=') {
                Some((f, v)) => (f, v, false),
                None => return Err(PatternError::NotATest(word.to_string())),
            },
        };
        if field.is_empty() {
            return Err(PatternError::NoField(word.to_string()));
        }
        let test = FieldTest { field: field.to_string(), want: Want::parse(value), negated, text: word.to_string() };
        self.tests.push(test);
        Ok(())
    }

    /// The tests that ask a field to be exactly some text, as (field,
    /// text): an event can only match if each such field holds its text, so
    /// a checker may look the pattern up by any of them.
    pub fn key_tests(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tests.iter().filter_map(|t| match (&t.want, t.negated) {
            (Want::Is(text), false) => Some((t.field.as_str(), text.as_str())),
            _ => None,
        })
    }

    /// The fields its tests name, as written.
    pub fn fields(&self) -> impl Iterator<Item = &str> {
        self.tests.iter().map(|t| t.field.as_str())
    }

    /// Whether `event` (a trace line's object) matches.
    pub fn matches(&self, event: &Value) -> bool {
        self.event.as_deref().is_none_or(|name| event["event"] == name) && self.tests.iter().all(|t| t.holds(event))
    }

    /// How many of its tests `event` passes, the name counting as one: how
    /// near a miss is, for showing the nearest events.
    pub fn nearness(&self, event: &Value) -> usize {
        let name = self.event.as_deref().is_none_or(|name| event["event"] == name);
        usize::from(name) * (1 + self.tests.len()) + self.tests.iter().filter(|t| t.holds(event)).count()
    }

    /// The tests that `event` fails, as written.
    pub fn failed_tests(&self, event: &Value) -> Vec<&str> {
        self.tests.iter().filter(|t| !t.holds(event)).map(|t| t.text.as_str()).collect()
    }
}

impl std::fmt::Display for EventPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.event.as_deref().unwrap_or("*"))?;
        for t in &self.tests {
            write!(f, " {}", t.text)?;
        }
        Ok(())
    }
}

/// An event as a person reads it: `turn 3  attack (core_combat)  attacker=player target=goblin#1 damage=4`.
pub fn readable(event: &Value) -> String {
    let mut out = format!(
        "turn {}  {} ({})",
        event["turn"],
        event["event"].as_str().unwrap_or("?"),
        event["source"].as_str().unwrap_or("?")
    );
    let mut first = true;
    if let Value::Object(fields) = event {
        for (k, v) in fields.iter().filter(|(k, _)| !matches!(k.as_str(), "turn" | "event" | "source")) {
            out.push_str(if first { "  " } else { " " });
            first = false;
            match v {
                Value::String(s) if !s.contains(' ') => out.push_str(&format!("{k}={s}")),
                other => out.push_str(&format!("{k}={other}")),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(text: &str) -> Value {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_pattern_tests_names_texts_prefixes_ranges_and_lists() {
        let hit =
            ev(r#"{"turn":3,"event":"attack","source":"frost","attacker":"player","target":"goblin#2","damage":4}"#);
        let p = EventPattern::parse("attack source=frost target=goblin#2 damage=3..6").unwrap();
        assert!(p.matches(&hit));
        assert!(!EventPattern::parse("attack damage=5..").unwrap().matches(&hit));
        assert!(EventPattern::parse("attack damage=..4 target=goblin#*").unwrap().matches(&hit));
        assert!(EventPattern::parse("* turn=3").unwrap().matches(&hit));
        assert!(!EventPattern::parse("death").unwrap().matches(&hit));
        assert!(EventPattern::parse("attack target!=player missing!=x").unwrap().matches(&hit));
        assert!(!EventPattern::parse("attack weapon=sword").unwrap().matches(&hit));
        let start = ev(r#"{"turn":0,"event":"run_start","source":"host","plugins":["core_combat","equipment"]}"#);
        assert!(EventPattern::parse("run_start plugins=equipment").unwrap().matches(&start));
        let log = ev(r#"{"turn":1,"event":"log","source":"frost","message":"The goblin is frozen."}"#);
        assert!(EventPattern::parse(r#"log message="The goblin is frozen.""#).unwrap().matches(&log));
        assert_eq!(p.nearness(&hit), 7);
        let miss = ev(r#"{"turn":3,"event":"attack","source":"frost","target":"goblin#1","damage":9}"#);
        assert_eq!(p.failed_tests(&miss), ["target=goblin#2", "damage=3..6"]);
    }

    #[test]
    fn bad_patterns_say_what_is_wrong() {
        let error = |text: &str| EventPattern::parse(text).unwrap_err().to_string();
        assert!(error("").contains("event name"));
        assert!(error("damage=3").contains("starts with the event"));
        assert!(error("attack damage").contains("not field=value"));
        assert!(error("attack =3").contains("names no field"));
        assert!(error("log message=\"open").contains("quote"));
        assert_eq!(EventPattern::parse("attack =3"), Err(PatternError::NoField("=3".into())));
        let field = EventPattern::from_filters(None, &None, &None, &["hp".into()]).unwrap_err();
        assert_eq!(field.to_string(), "--field 'hp' is not field=value");
        assert_eq!(Range::parse("3..6"), Some(Range { low: Some(3), high: Some(6) }));
        assert_eq!(Range::parse(".."), None);
        assert_eq!(Range::parse("x"), None);
    }
}
