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
    /// Who died (the first [`MOST_NAMES`]).
    pub deaths: Vec<String>,
    /// How many more died than `deaths` names.
    pub more_deaths: u64,
}

/// The most deaths a row of the summary names; past them it counts.
pub const MOST_NAMES: usize = 20;
/// The most rows the summary holds at once, and the most bytes of names
/// in them: a trace with more turns than that is read again for the rest.
const MOST_ROWS: usize = 100_000;
const MOST_NAME_BYTES: usize = 32 << 20;

impl TurnRow {
    /// Adds one trace event to the row; `false` if the summary does not count it.
    fn add(&mut self, e: &Value) -> bool {
        match e["event"].as_str().unwrap_or("") {
            "action" => self.actions = self.actions.saturating_add(1),
            "attack" => {
                self.attacks = self.attacks.saturating_add(1);
                let damage = e["damage"].as_i64().unwrap_or(0);
                if e["attacker"] == "player" {
                    self.dealt = self.dealt.saturating_add(damage);
                }
                if e["target"] == "player" {
                    self.taken = self.taken.saturating_add(damage);
                }
            }
            "death" => {
                if self.deaths.len() < MOST_NAMES {
                    self.deaths.push(e["who"].as_str().unwrap_or("?").to_string());
                } else {
                    self.more_deaths += 1;
                }
            }
            _ => return false,
        }
        true
    }

    fn name_bytes(&self) -> usize {
        self.deaths.iter().map(String::len).sum()
    }

    /// Its line of the table.
    fn line(&self, turn: &dyn std::fmt::Display) -> String {
        let mut deaths = self.deaths.join(", ");
        if self.more_deaths > 0 {
            deaths.push_str(&format!(", and {} more", self.more_deaths));
        }
        format!("{turn:>6} {:>7} {:>7} {:>6} {:>6}  {deaths}\n", self.actions, self.attacks, self.dealt, self.taken)
    }
}

/// Why `trace summary` stopped.
#[derive(Debug, thiserror::Error)]
pub enum SummaryError {
    /// The trace could not be read.
    #[error(transparent)]
    Trace(#[from] TraceFileError),
    /// The table could not be written out.
    #[error(transparent)]
    Write(#[from] std::io::Error),
}

/// The totals of the rows written.
#[derive(Default)]
struct Totals {
    actions: u64,
    attacks: u64,
    dealt: i64,
    taken: i64,
    deaths: u64,
}

impl Totals {
    fn write(&mut self, turn: u64, row: &TurnRow, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        self.actions += u64::from(row.actions);
        self.attacks += u64::from(row.attacks);
        self.dealt = self.dealt.saturating_add(row.dealt);
        self.taken = self.taken.saturating_add(row.taken);
        self.deaths += row.deaths.len() as u64 + row.more_deaths;
        out.write_all(row.line(&turn).as_bytes())
    }
}

/// `emberdeep trace summary`: a per-turn table of the trace `open` reads
/// (turns with nothing in them are left out; a trace of several runs adds
/// up each turn's rows), then the totals, written to `out`.
///
/// It holds at most [`MOST_ROWS`] rows at once: a trace with more turns
/// than that is read again from the first turn not yet written (`open` is
/// called once per reading), and a trace whose turns only go up is written
/// as it is read from the second reading on. Nothing is written until the
/// whole trace has been read once and found good.
pub fn write_summary<I>(
    open: impl FnMut() -> Result<I, TraceFileError>,
    out: &mut dyn std::io::Write,
) -> Result<(), SummaryError>
where
    I: IntoIterator<Item = Result<TraceLine, TraceFileError>>,
{
    write_summary_within(open, out, MOST_ROWS, MOST_NAME_BYTES)
}

/// [`write_summary`], holding at most `most_rows` rows and `most_bytes` bytes of names.
fn write_summary_within<I>(
    mut open: impl FnMut() -> Result<I, TraceFileError>,
    out: &mut dyn std::io::Write,
    most_rows: usize,
    most_bytes: usize,
) -> Result<(), SummaryError>
where
    I: IntoIterator<Item = Result<TraceLine, TraceFileError>>,
{
    let mut totals = Totals::default();
    // The first turn not yet written, and whether the turns only go up (known after one reading).
    let mut start = 0u64;
    let mut rising: Option<bool> = None;
    loop {
        let mut rows: BTreeMap<u64, TurnRow> = BTreeMap::new();
        let mut name_bytes = 0usize;
        // Turns above `cutoff` are left for another reading.
        let mut cutoff = u64::MAX;
        let mut more = false;
        let (mut last, mut up) = (0u64, true);
        for l in open()? {
            let l = l?;
            let turn = l.event["turn"].as_u64().unwrap_or(0);
            up &= turn >= last;
            last = turn;
            if turn < start {
                continue;
            }
            if turn > cutoff {
                more = true;
                continue;
            }
            if rising == Some(true) {
                // The turns only go up: the rows before this turn are complete.
                while let Some(first) = rows.first_entry().filter(|e| *e.key() < turn) {
                    let (t, row) = first.remove_entry();
                    name_bytes -= row.name_bytes();
                    totals.write(t, &row, out)?;
                }
            }
            let row = rows.entry(turn).or_default();
            let before = row.name_bytes();
            if !row.add(&l.event) && row == &TurnRow::default() {
                rows.remove(&turn);
                continue;
            }
            name_bytes += rows[&turn].name_bytes() - before;
            while rows.len() > most_rows || (name_bytes > most_bytes && rows.len() > 1) {
                let Some((t, row)) = rows.pop_last() else { break };
                name_bytes -= row.name_bytes();
                cutoff = t - 1;
                more = true;
            }
        }
        if rising.is_none() {
            out.write_all(
                format!("{:>6} {:>7} {:>7} {:>6} {:>6}  deaths\n", "turn", "actions", "attacks", "dealt", "taken")
                    .as_bytes(),
            )?;
        }
        rising = Some(up);
        for (t, row) in &rows {
            totals.write(*t, row, out)?;
        }
        if !more {
            break;
        }
        start = cutoff + 1;
    }
    let t = totals;
    let line = format!(
        "{:>6} {:>7} {:>7} {:>6} {:>6}  {} deaths\n",
        "total", t.actions, t.attacks, t.dealt, t.taken, t.deaths
    );
    out.write_all(line.as_bytes())?;
    Ok(())
}

/// The summary table of `lines` as a string (read once: for a trace of at
/// most [`MOST_ROWS`] turns, as tests hold).
pub fn summary_table(
    lines: impl IntoIterator<Item = Result<TraceLine, TraceFileError>>,
) -> Result<String, SummaryError> {
    let mut once = Some(lines);
    let mut out = Vec::new();
    write_summary(|| Ok(once.take().into_iter().flatten()), &mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
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
        let table = summary_table(lines(T)).unwrap();
        let rows: Vec<&str> = table.lines().collect();
        assert_eq!(rows[1], "     0       1       2      4      2  ", "{table}");
        assert_eq!(rows[2], "     1       1       0      0      0  jackal#1", "{table}");
        assert_eq!(rows[3], " total       2       2      4      2  1 deaths", "{table}");
    }

    /// A trace of `runs` runs, each a death on every turn from 0 to `turns - 1`.
    fn deaths(runs: u64, turns: u64) -> String {
        let mut out = String::new();
        for run in 0..runs {
            for t in 0..turns {
                out.push_str(&format!("{{\"turn\":{t},\"event\":\"death\",\"source\":\"x\",\"who\":\"r{run}\"}}\n"));
            }
        }
        out
    }

    #[test]
    fn a_summary_of_more_turns_than_it_holds_reads_the_trace_again_and_writes_the_same_table() {
        // Held to 4 rows at a time, a trace of 3 runs of 10 turns is read 3 times, and 2 of 10 turns in one run twice.
        for (runs, turns, readings) in [(3, 10, 3), (1, 10, 2), (2, 3, 1)] {
            let text = deaths(runs, turns);
            let mut opened = 0;
            let mut small = Vec::new();
            let open = || {
                opened += 1;
                Ok(lines(&text))
            };
            write_summary_within(open, &mut small, 4, usize::MAX).unwrap();
            let all = summary_table(lines(&text)).unwrap();
            assert_eq!(String::from_utf8(small).unwrap(), all);
            assert_eq!(opened, readings, "{runs} runs of {turns} turns");
            let names: Vec<String> = (0..runs).map(|r| format!("r{r}")).collect();
            assert!(all.contains(&format!("     0       0       0      0      0  {}\n", names.join(", "))), "{all}");
            assert!(all.ends_with(&format!("{} deaths\n", runs * turns)), "{all}");
        }
    }

    #[test]
    fn a_turn_with_many_deaths_names_the_first_and_counts_the_rest() {
        let text = deaths(MOST_NAMES as u64 + 5, 1);
        let table = summary_table(lines(&text)).unwrap();
        assert!(table.contains("r19, and 5 more\n"), "{table}");
        assert!(table.ends_with("25 deaths\n"), "{table}");
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
