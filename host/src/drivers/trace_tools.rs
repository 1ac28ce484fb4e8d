//! `emberdeep trace summary FILE` and `emberdeep trace diff A B`: reading a
//! trace after the fact. Both check every line and name the first bad one
//! (a truncated last line, a line that is not JSON, an event without `turn`).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

/// A trace that cannot be read, with the file and line at fault.
#[derive(Debug, thiserror::Error)]
pub enum TraceFileError {
    /// The file cannot be read.
    #[error("{file}: cannot read: {source}")]
    Read {
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

/// Reads and checks a whole trace file.
pub fn read_trace_file(path: &Path) -> Result<Vec<TraceLine>, TraceFileError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| TraceFileError::Read { file: file.clone(), source })?;
    let text = String::from_utf8_lossy(&bytes);
    let count = text.lines().count();
    let mut out = Vec::with_capacity(count);
    for (i, line) in text.lines().enumerate() {
        let bad = |problem: String| TraceFileError::Line { file: file.clone(), line: i + 1, problem };
        let event: Value = serde_json::from_str(line).map_err(|e| {
            if i + 1 == count && !text.ends_with('\n') {
                bad(format!("the last line is cut short (the trace was truncated): {e}"))
            } else {
                bad(format!("not a JSON trace event: {e}"))
            }
        })?;
        if event.get("turn").and_then(Value::as_u64).is_none() || event.get("event").and_then(Value::as_str).is_none() {
            return Err(bad("an event needs a numeric `turn` and an `event` name".into()));
        }
        out.push(TraceLine { line: i + 1, text: line.to_string(), event });
    }
    Ok(out)
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
pub fn summarize(lines: &[TraceLine]) -> BTreeMap<u64, TurnRow> {
    let mut rows: BTreeMap<u64, TurnRow> = BTreeMap::new();
    for l in lines {
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
    rows
}

/// The summary table as `emberdeep trace summary` prints it.
pub fn summary_table(lines: &[TraceLine]) -> String {
    let rows = summarize(lines);
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
    out
}

/// Lines of context shown around the first difference.
const CONTEXT: usize = 3;

/// Where two traces part, as `emberdeep trace diff` prints it.
pub fn diff(a_name: &str, a: &[TraceLine], b_name: &str, b: &[TraceLine]) -> String {
    let first = a.iter().zip(b).position(|(x, y)| x.text != y.text);
    let at = match first {
        Some(i) => i,
        None if a.len() == b.len() => return format!("the traces are identical ({} events)\n", a.len()),
        None => a.len().min(b.len()),
    };
    let parting = a.get(at).or(b.get(at));
    let turn = parting.map(|l| l.event["turn"].as_u64().unwrap_or(0)).unwrap_or(0);
    let line = parting.map(|l| l.line).unwrap_or(at + 1);
    let mut out = format!("the traces part at event {} (line {line}), turn {turn}\n", at + 1);
    for l in &a[at.saturating_sub(CONTEXT)..at] {
        out.push_str(&format!("  both  {}\n", l.text));
    }
    for (name, side) in [(a_name, a), (b_name, b)] {
        let shown: Vec<&TraceLine> = side.iter().skip(at).take(CONTEXT).collect();
        if shown.is_empty() {
            out.push_str(&format!("  {name}: (ends here)\n"));
        }
        for l in shown {
            out.push_str(&format!("  {name}: {}\n", l.text));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<TraceLine> {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.jsonl");
        std::fs::write(&p, text).unwrap();
        read_trace_file(&p).unwrap()
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
        let rows = summarize(&lines(T));
        assert_eq!(rows[&0], TurnRow { actions: 1, attacks: 2, dealt: 4, taken: 2, deaths: vec![] });
        assert_eq!(rows[&1].deaths, vec!["jackal#1".to_string()]);
        let table = summary_table(&lines(T));
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
        let a = lines(T);
        let changed = T.replace("\"damage\":2", "\"damage\":3");
        let b = lines(&changed);
        let d = diff("A", &a, "B", &b);
        assert!(d.starts_with("the traces part at event 3 (line 3), turn 0"), "{d}");
        assert!(d.contains("A: {\"turn\":0,\"event\":\"attack\",\"source\":\"core_combat\",\"attacker\":\"jackal#1\",\"target\":\"player\",\"damage\":2}"), "{d}");
        assert!(d.contains("\"damage\":3"), "{d}");
        assert_eq!(diff("A", &a, "B", &lines(T)), "the traces are identical (5 events)\n");
        let short = lines(&T[..T.find("{\"turn\":1").unwrap()]);
        assert!(diff("A", &a, "B", &short).contains("B: (ends here)"));
    }
}
