//! `emberdeep trace summary FILE` and `emberdeep trace diff A B`: reading a
//! trace after the fact. Both check every line and name the first bad one
//! (a truncated last line, a line that is not JSON, an event without `turn`).

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use emberdeep_engine::data::untrusted::{self, limits, InputError};
use serde_json::Value;

/// A trace that cannot be read, with the file and line at fault.
#[derive(Debug, thiserror::Error)]
pub enum TraceFileError {
    /// The file cannot be read (missing, not a regular file, too large).
    #[error(transparent)]
    Read(#[from] InputError),
    /// Reading stopped part way.
    #[error("{file}: cannot read on: {source}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not a trace event.
    #[error("{file}: line {line}: {problem}")]
    Line {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// No events at all.
    #[error("{file}: the trace is empty: no events in it")]
    Empty {
        /// The file.
        file: String,
    },
}

/// Why `trace events` stopped.
#[derive(Debug, thiserror::Error)]
pub enum EventsError {
    /// The trace could not be read.
    #[error(transparent)]
    Trace(#[from] TraceFileError),
    /// The events could not be written out.
    #[error(transparent)]
    Write(#[from] std::io::Error),
}

/// One event of a trace file, with its line.
pub struct TraceLine {
    /// The line number, from 1.
    pub line: usize,
    /// The text as written.
    pub text: String,
    /// The parsed event.
    pub event: Value,
}

/// The events of a trace file, read a line at a time (so a trace of any
/// size is read in the memory of one line), each checked as it comes.
pub struct TraceReader {
    file: String,
    input: BufReader<Box<dyn Read>>,
    line: usize,
    done: bool,
}

impl TraceReader {
    /// Opens a trace file, checked as every file the game reads is.
    pub fn open(path: &Path) -> Result<TraceReader, TraceFileError> {
        let input: Box<dyn Read> = Box::new(untrusted::open_stream(path, "trace", limits::TRACE)?);
        Ok(TraceReader::over(&path.display().to_string(), input))
    }

    /// Events read from `input`, named `file` in messages.
    pub fn over(file: &str, input: Box<dyn Read>) -> TraceReader {
        TraceReader { file: file.to_string(), input: BufReader::new(input), line: 0, done: false }
    }

    fn bad(&self, problem: String) -> TraceFileError {
        TraceFileError::Line { file: self.file.clone(), line: self.line, problem }
    }

    fn next_line(&mut self) -> Result<Option<TraceLine>, TraceFileError> {
        let mut bytes = Vec::new();
        let limit = limits::TRACE_LINE as u64 + 1;
        let read = (&mut self.input).take(limit).read_until(b'\n', &mut bytes);
        let read = read.map_err(|source| TraceFileError::Io { file: self.file.clone(), source })?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        let ended = bytes.last() == Some(&b'\n');
        if !ended && bytes.len() as u64 >= limit {
            return Err(self.bad(format!("longer than {} bytes: not a trace line", limits::TRACE_LINE)));
        }
        let text = String::from_utf8(bytes).map_err(|_| self.bad("not UTF-8 text".into()))?;
        let text = text.trim_end_matches(['\n', '\r']).to_string();
        let event: Value = serde_json::from_str(&text).map_err(|e| {
            if ended {
                self.bad(format!("not a JSON trace event: {e}"))
            } else {
                self.bad(format!("the last line is cut short (the trace was truncated): {e}"))
            }
        })?;
        if event.get("turn").and_then(Value::as_u64).is_none() || event.get("event").and_then(Value::as_str).is_none() {
            return Err(self.bad("an event needs a numeric `turn` and an `event` name".into()));
        }
        Ok(Some(TraceLine { line: self.line, text, event }))
    }
}

impl Iterator for TraceReader {
    type Item = Result<TraceLine, TraceFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_line().transpose();
        if !matches!(next, Some(Ok(_))) {
            self.done = true;
        }
        if next.is_none() && self.line == 0 {
            return Some(Err(TraceFileError::Empty { file: self.file.clone() }));
        }
        next
    }
}

/// What happened on one turn.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TurnRow {
    /// The player's actions.
    pub actions: u32,
    /// Attacks by anyone.
    pub attacks: u32,
    /// Damage the player dealt.
    pub dealt: i64,
    /// Damage the player took.
    pub taken: i64,
    /// Who died.
    pub deaths: Vec<String>,
}

/// The per-turn rows of a trace (turns with nothing in them are left out).
pub fn summarize(
    lines: impl IntoIterator<Item = Result<TraceLine, TraceFileError>>,
) -> Result<BTreeMap<u64, TurnRow>, TraceFileError> {
    let mut rows: BTreeMap<u64, TurnRow> = BTreeMap::new();
    for l in lines {
        let l = l?;
        let e = &l.event;
        let turn = e["turn"].as_u64().unwrap_or(0);
        let row = || -> TurnRow { TurnRow::default() };
        match e["event"].as_str().unwrap_or("") {
            "action" => rows.entry(turn).or_insert_with(row).actions += 1,
            "attack" => {
                let r = rows.entry(turn).or_insert_with(row);
                r.attacks += 1;
                let damage = e["damage"].as_i64().unwrap_or(0);
                if e["attacker"] == "player" {
                    r.dealt += damage;
                }
                if e["target"] == "player" {
                    r.taken += damage;
                }
            }
            "death" => {
                let who = e["who"].as_str().unwrap_or("?").to_string();
                rows.entry(turn).or_insert_with(row).deaths.push(who);
            }
            _ => {}
        }
    }
    Ok(rows)
}

/// The summary table as `emberdeep trace summary` prints it.
pub fn summary_table(
    lines: impl IntoIterator<Item = Result<TraceLine, TraceFileError>>,
) -> Result<String, TraceFileError> {
    let rows = summarize(lines)?;
    let mut out = format!("{:>6} {:>7} {:>7} {:>6} {:>6}  deaths\n", "turn", "actions", "attacks", "dealt", "taken");
    let mut total = TurnRow::default();
    for (turn, r) in &rows {
        out.push_str(&format!(
            "{turn:>6} {:>7} {:>7} {:>6} {:>6}  {}\n",
            r.actions,
            r.attacks,
            r.dealt,
            r.taken,
            r.deaths.join(", ")
        ));
        total.actions += r.actions;
        total.attacks += r.attacks;
        total.dealt += r.dealt;
        total.taken += r.taken;
        total.deaths.extend(r.deaths.iter().cloned());
    }
    out.push_str(&format!(
        "{:>6} {:>7} {:>7} {:>6} {:>6}  {} deaths\n",
        "total",
        total.actions,
        total.attacks,
        total.dealt,
        total.taken,
        total.deaths.len()
    ));
    Ok(out)
}

/// Lines of context shown around the first difference.
const CONTEXT: usize = 3;

/// Where two traces part, as `emberdeep trace diff` prints it. Both are
/// read side by side, keeping only the last few common lines.
pub fn diff(
    a_name: &str,
    a: impl IntoIterator<Item = Result<TraceLine, TraceFileError>>,
    b_name: &str,
    b: impl IntoIterator<Item = Result<TraceLine, TraceFileError>>,
) -> Result<String, TraceFileError> {
    let (mut a, mut b) = (a.into_iter(), b.into_iter());
    let mut before: VecDeque<TraceLine> = VecDeque::with_capacity(CONTEXT + 1);
    let mut count = 0usize;
    // The last key both runs pressed, and how many they pressed.
    let mut last_press: Option<Value> = None;
    let mut presses = 0usize;
    let (first_a, first_b) = loop {
        match (a.next().transpose()?, b.next().transpose()?) {
            (None, None) => return Ok(format!("the traces are identical ({count} events)\n")),
            (Some(x), Some(y)) if x.text == y.text => {
                count += 1;
                if x.event["event"] == "press" {
                    last_press = Some(x.event.clone());
                    presses += 1;
                }
                before.push_back(x);
                if before.len() > CONTEXT {
                    before.pop_front();
                }
            }
            (x, y) => break (x, y),
        }
    };
    let parting = first_a.as_ref().or(first_b.as_ref()).expect("one side goes on");
    let turn = parting.event["turn"].as_u64().unwrap_or(0);
    let mut out = format!("the traces part at event {} (line {}), turn {turn}\n", count + 1, parting.line);
    for (name, first) in [(a_name, &first_a), (b_name, &first_b)] {
        out.push_str(&format!("  {name}: {}\n", led_to_by(first.as_ref(), last_press.as_ref(), presses)));
    }
    for l in &before {
        out.push_str(&format!("  both  {}\n", l.text));
    }
    for (name, first, rest) in [(a_name, first_a, &mut a as &mut dyn Iterator<Item = _>), (b_name, first_b, &mut b)] {
        let Some(first) = first else {
            out.push_str(&format!("  {name}: (ends here)\n"));
            continue;
        };
        out.push_str(&format!("  {name}: {}\n", first.text));
        for l in rest.take(CONTEXT - 1) {
            out.push_str(&format!("  {name}: {}\n", l?.text));
        }
    }
    Ok(out)
}

/// Which key led to a run's first event past the parting: the parting
/// event itself if it is a key press, else the last key both runs pressed.
fn led_to_by(first: Option<&TraceLine>, last_press: Option<&Value>, presses: usize) -> String {
    let key_on = |e: &Value, n: usize| format!("key {n} '{}' on turn {}", e["key"].as_str().unwrap_or("?"), e["turn"]);
    match (first, last_press) {
        (None, _) => "the trace ends before this".into(),
        (Some(f), _) if f.event["event"] == "press" => format!("pressed {} here", key_on(&f.event, presses + 1)),
        (Some(_), Some(e)) => format!("after {}, the last key both runs pressed", key_on(e, presses)),
        (Some(_), None) => "before any key was pressed (or the trace keeps no keys: a bot's run)".into(),
    }
}

/// `emberdeep trace events`: writes each event of `lines` that `pattern`
/// matches to `out`, as written (so the output is itself a trace) or, with
/// `readable`, one short line each. Returns how many matched.
pub fn write_matching(
    lines: impl IntoIterator<Item = Result<TraceLine, TraceFileError>>,
    pattern: &crate::drivers::review::trace_query::EventPattern,
    readable: bool,
    out: &mut dyn std::io::Write,
) -> Result<usize, EventsError> {
    let mut matched = 0;
    for l in lines {
        let l = l?;
        if pattern.matches(&l.event) {
            matched += 1;
            let written = if readable {
                writeln!(out, "line {}: {}", l.line, crate::drivers::review::trace_query::readable(&l.event))
            } else {
                writeln!(out, "{}", l.text)
            };
            match written {
                // The reader has seen enough (`| head`): stop quietly.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => break,
                other => other?,
            }
        }
    }
    Ok(matched)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> TraceReader {
        TraceReader::over("t.jsonl", Box::new(std::io::Cursor::new(text.as_bytes().to_vec())))
    }

    fn read_trace_file(path: &Path) -> Result<Vec<TraceLine>, TraceFileError> {
        TraceReader::open(path)?.collect()
    }

    const T: &str = concat!(
        "{\"turn\":0,\"event\":\"action\",\"source\":\"host\",\"action\":\"attack\"}\n",
        "{\"turn\":0,\"event\":\"attack\",\"source\":\"core_combat\",\"attacker\":\"player\",\"target\":\"jackal#1\",\"damage\":4}\n",
        "{\"turn\":0,\"event\":\"attack\",\"source\":\"core_combat\",\"attacker\":\"jackal#1\",\"target\":\"player\",\"damage\":2}\n",
        "{\"turn\":1,\"event\":\"action\",\"source\":\"host\",\"action\":\"attack\"}\n",
        "{\"turn\":1,\"event\":\"death\",\"source\":\"core_combat\",\"who\":\"jackal#1\",\"killer\":\"player\"}\n",
    );

    #[test]
    fn the_summary_counts_per_turn() {
        let rows = summarize(lines(T)).unwrap();
        assert_eq!(rows[&0], TurnRow { actions: 1, attacks: 2, dealt: 4, taken: 2, deaths: vec![] });
        assert_eq!(rows[&1].deaths, vec!["jackal#1".to_string()]);
        let table = summary_table(lines(T)).unwrap();
        assert!(table.contains("total"), "{table}");
    }

    #[test]
    fn a_truncated_or_malformed_file_names_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.jsonl");
        std::fs::write(&p, &T[..T.len() - 20]).unwrap();
        let e = read_trace_file(&p).err().unwrap().to_string();
        assert!(e.contains("line 5") && e.contains("cut short"), "{e}");
        std::fs::write(&p, "{\"turn\":0,\"event\":\"a\"}\nnot json\n{}\n").unwrap();
        let e = read_trace_file(&p).err().unwrap().to_string();
        assert!(e.contains("line 2") && e.contains("not a JSON"), "{e}");
        std::fs::write(&p, "{\"event\":\"a\"}\n").unwrap();
        let e = read_trace_file(&p).err().unwrap().to_string();
        assert!(e.contains("line 1") && e.contains("turn"), "{e}");
    }

    #[test]
    fn diff_shows_the_first_parting_with_context() {
        let changed = T.replace("\"damage\":2", "\"damage\":3");
        let d = diff("A", lines(T), "B", lines(&changed)).unwrap();
        assert!(d.starts_with("the traces part at event 3 (line 3), turn 0"), "{d}");
        assert!(d.contains("A: {\"turn\":0,\"event\":\"attack\",\"source\":\"core_combat\",\"attacker\":\"jackal#1\",\"target\":\"player\",\"damage\":2}"), "{d}");
        assert!(d.contains("\"damage\":3"), "{d}");
        assert_eq!(diff("A", lines(T), "B", lines(T)).unwrap(), "the traces are identical (5 events)\n");
        let short = &T[..T.find("{\"turn\":1").unwrap()];
        assert!(diff("A", lines(T), "B", lines(short)).unwrap().contains("B: (ends here)"));
    }

    const KEYS: &str = concat!(
        "{\"turn\":0,\"event\":\"run_start\",\"source\":\"host\",\"seed\":1}\n",
        "{\"turn\":0,\"event\":\"press\",\"source\":\"host\",\"key\":\"l\"}\n",
        "{\"turn\":0,\"event\":\"action\",\"source\":\"host\",\"action\":\"move\"}\n",
        "{\"turn\":1,\"event\":\"press\",\"source\":\"host\",\"key\":\"i\"}\n",
        "{\"turn\":1,\"event\":\"press\",\"source\":\"host\",\"key\":\"a\"}\n",
        "{\"turn\":1,\"event\":\"use\",\"source\":\"fireball\",\"item\":\"scroll\"}\n",
    );

    #[test]
    fn diff_names_the_key_each_run_pressed_where_they_part() {
        // Another key: each side's own press is named, with its number and turn.
        let other = KEYS.replace("\"key\":\"a\"", "\"key\":\"b\"");
        let d = diff("A", lines(KEYS), "B", lines(&other)).unwrap();
        assert!(d.contains("A: pressed key 3 'a' on turn 1 here"), "{d}");
        assert!(d.contains("B: pressed key 3 'b' on turn 1 here"), "{d}");
        // The same keys, another outcome: the last key both pressed led there.
        let outcome = KEYS.replace("fireball", "lightning");
        let d = diff("A", lines(KEYS), "B", lines(&outcome)).unwrap();
        assert!(d.contains("A: after key 3 'a' on turn 1, the last key both runs pressed"), "{d}");
        assert!(d.contains("B: after key 3 'a' on turn 1"), "{d}");
        // No keys at all (a bot's trace): said so.
        let d = diff("A", lines(T), "B", lines(&T.replace("\"damage\":2", "\"damage\":3"))).unwrap();
        assert!(d.contains("before any key was pressed"), "{d}");
    }

    #[test]
    fn events_are_filtered_by_turn_source_name_and_field() {
        use crate::drivers::review::trace_query::EventPattern;
        let run = |turns: Option<&str>, source: Option<&str>, event: Option<&str>, fields: &[&str]| {
            let fields: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
            let p = EventPattern::from_filters(turns, &source.map(String::from), &event.map(String::from), &fields)
                .unwrap();
            let mut out = Vec::new();
            let n = write_matching(lines(T), &p, false, &mut out).unwrap();
            (n, String::from_utf8(out).unwrap())
        };
        assert_eq!(run(Some("1"), None, None, &[]).0, 2);
        assert_eq!(run(Some("0..0"), None, None, &[]).0, 3);
        assert_eq!(run(None, Some("core_combat"), None, &[]).0, 3);
        assert_eq!(run(None, None, Some("attack"), &[]).0, 2);
        let (n, out) = run(None, None, Some("attack"), &["target=player"]);
        assert_eq!(n, 1);
        assert_eq!(out, T.lines().nth(2).unwrap().to_string() + "\n", "matching lines come out as written");
        assert_eq!(run(None, None, None, &["damage=3.."]).0, 1);
        assert_eq!(run(Some("1"), Some("core_combat"), Some("death"), &["who=jackal#*"]).0, 1);
        let bad = EventPattern::from_filters(Some("soon"), &None, &None, &[]).unwrap_err().to_string();
        assert!(bad.contains("--turns soon"), "{bad}");
        let p = EventPattern::from_filters(None, &None, &Some("death".into()), &[]).unwrap();
        let mut out = Vec::new();
        write_matching(lines(T), &p, true, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, "line 5: turn 1  death (core_combat)  who=jackal#1 killer=player\n");
    }

    #[test]
    fn an_empty_file_or_one_that_is_no_trace_is_said_so() {
        let e = summary_table(lines("")).unwrap_err().to_string();
        assert!(e.contains("t.jsonl: the trace is empty"), "{e}");
        let e = summary_table(lines("hello\n")).unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("not a JSON"), "{e}");
        let e = diff("A", lines(T), "B", lines("")).unwrap_err().to_string();
        assert!(e.contains("empty"), "{e}");
        let huge = "x".repeat(limits::TRACE_LINE + 10);
        let e = summary_table(lines(&huge)).unwrap_err().to_string();
        assert!(e.contains("longer than"), "{e}");
    }
}
