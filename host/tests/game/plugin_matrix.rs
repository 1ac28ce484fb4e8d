//! The plugin matrix: plugins compose. The bot plays each first-party
//! plugin alone on core_combat (`core_combat,NAME`; core_combat by itself)
//! and beside every other (all twelve), the same seeds in every set, and
//! each plugin's own trace events (those whose `source` is the plugin, by
//! event name) are counted per run in both. A rule that stops firing once
//! the other plugins are loaded (a rule testing a terrain's name, blind on
//! the caves plugin's floors; a hook another plugin's answer shadows) shows
//! as an event seen alone and missing, or far rarer, beside the others.
//!
//! Some of a plugin's work is written by the host: the floors its level
//! generators make (`floor` with `generator`) and the map pieces of its
//! records (`piece`). Those are counted too, as `floor by GENERATOR` and
//! `piece ID`, for the plugin whose alone set shows them and core_combat's
//! does not.
//!
//! The verdict, per plugin and event:
//! * judged: seen alone in at least [`MIN_RUNS`] runs (rarer is noise);
//! * vanished: judged, and never seen beside the others;
//! * dropped: judged, seen alone at least [`MIN_EVENTS`] times, and beside
//!   the others under [`DROP`] of the alone rate per run times how often
//!   the plugin's own items and monsters are made beside the others
//!   against alone (at most 1): a plugin's one wand among the others'
//!   many is found far less often, its rule intact.
//!
//! A rule blind on another plugin's floors only (the caves plugin's) keeps
//! its run rate on the others' floors, so the floors are compared too: for
//! each level generator of the every-plugin set (`caves` makes floors 3 and
//! 4, `caves_deep` 8 and 9), the share of arrivals on those floors' numbers
//! with the event, alone (the host's floors there) and beside the others
//! (the generator's). Beside the others the expected share is the alone
//! share times the event's change on the host's floors (floors no plugin
//! makes; at most 1): its items and monsters diluted among the others'.
//! The change on every floor but the generator's is taken too, and the
//! lesser of the two kept (an event of the middle floors, seldom on the
//! host's 1, 2 and 7, is diluted as much there as anywhere).
//! Judged when seen alone on at least [`MIN_FLOORS`] floors there and as
//! many expected beside the others: vanished there, or under [`DROP`] of
//! the expected share, fails.
//!
//! `EMBERDEEP_MATRIX_RUNS=N` plays N runs a set instead of [`RUNS`] (the
//! full-size matrix of docs/balance.md); `EMBERDEEP_MATRIX_SEED` the first
//! seed. The matrix is printed (`-- --nocapture`) as Markdown tables.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::BufRead;
use std::path::Path;
use std::time::Duration;

use common::*;
use serde_json::Value;

/// Runs a set in CI: enough for every event judged below to be seen in
/// many runs, at about a minute for the thirteen sets on two cores.
const RUNS: u32 = 30;

/// An event seen alone in fewer runs than this is not judged.
const MIN_RUNS: usize = 5;

/// An event seen alone fewer times than this is judged only for vanishing.
const MIN_EVENTS: u64 = 20;

/// Beside the others, under this share of the alone rate per run (or of
/// the expected share of floors) is a sharp drop. An eighth, not a
/// quarter: beside eleven other plugins a plugin's items and monsters are
/// diluted among theirs (allies' `spawn` and `use` measured at 0.24 to
/// 0.31 of the alone rate, core_combat's healing `use` at 0.35, their
/// rules intact); a rule that stopped firing falls far lower.
const DROP: f64 = 0.125;

/// Drops measured and understood, each with why: the event is still
/// judged for vanishing, never for dropping. Only for a drop that is the
/// bot's choice or the floors' shape, not a rule that stopped firing.
const KNOWN_DROPS: &[(&str, &str, &str)] = &[(
    "terrain",
    "terrain",
    "walls dug by the wand of digging: the bot zaps the wand at monsters, not at walls; beside the others it \
     holds other aimed items first and empties the wand on the caves' open floors, where a bolt crosses few \
     walls (the zaps, `dig`, stay at a third; cave walls are dug)",
)];

/// One set's counts: per key (plugin, event), the events in all and the
/// runs that had at least one.
#[derive(Debug, Default, Clone)]
struct Counts {
    runs: u32,
    /// (source, key) -> (events, runs with any).
    seen: BTreeMap<(String, String), (u64, usize)>,
    /// (source, key) -> on each floor number, the arrivals with any.
    by_floor: BTreeMap<(String, String), BTreeMap<u32, u64>>,
    /// Arrivals on each floor number.
    visits: BTreeMap<u32, u64>,
    /// Each floor number's maker (its `generator`, or `host`), the last seen.
    makers: BTreeMap<u32, String>,
    /// Kind -> how many were made (`spawn`: items by kind, monsters by
    /// kind without their number).
    made: BTreeMap<String, u64>,
}

impl Counts {
    fn events(&self, plugin: &str, key: &str) -> (u64, usize) {
        self.seen.get(&(plugin.to_string(), key.to_string())).copied().unwrap_or((0, 0))
    }

    /// The keys of `plugin`'s events.
    fn keys_of(&self, plugin: &str) -> BTreeSet<String> {
        self.seen.keys().filter(|(p, _)| p == plugin).map(|(_, k)| k.clone()).collect()
    }
}

/// The key an event is counted under: its source and name, or for the
/// host's events that show a plugin's work, `floor by GEN` / `piece ID`
/// (under the source `host`, attributed later).
fn key(event: &Value) -> Option<(String, String)> {
    let source = event["source"].as_str()?;
    let name = event["event"].as_str()?;
    if source != "host" {
        return Some((source.to_string(), name.to_string()));
    }
    match name {
        "floor" => event["generator"].as_str().map(|g| ("host".to_string(), format!("floor by {g}"))),
        "piece" => event["piece"].as_str().map(|p| ("host".to_string(), format!("piece {p}"))),
        _ => None,
    }
}

/// Counts a trace of `runs` runs (each starting with `run_start`).
fn count(trace: &Path) -> Counts {
    let file = std::fs::File::open(trace).expect("the trace");
    let mut counts = Counts::default();
    let mut this_run: BTreeMap<(String, String), u64> = BTreeMap::new();
    let close = |this_run: &mut BTreeMap<(String, String), u64>, counts: &mut Counts| {
        for (k, n) in std::mem::take(this_run) {
            let entry = counts.seen.entry(k).or_default();
            entry.0 += n;
            entry.1 += 1;
        }
    };
    // The floor the events happen on, and the keys seen on this arrival.
    let mut floor = 0u32;
    let mut this_floor: BTreeSet<(String, String)> = BTreeSet::new();
    let leave = |this_floor: &mut BTreeSet<(String, String)>, floor: u32, counts: &mut Counts| {
        for k in std::mem::take(this_floor) {
            *counts.by_floor.entry(k).or_default().entry(floor).or_default() += 1;
        }
    };
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a trace line");
        let event: Value = serde_json::from_str(&line).expect("each trace line is JSON");
        if event["event"] == "run_start" {
            if counts.runs > 0 {
                close(&mut this_run, &mut counts);
            }
            leave(&mut this_floor, floor, &mut counts);
            counts.runs += 1;
            floor = 0;
        }
        if event["event"] == "floor" && event["source"] == "host" {
            leave(&mut this_floor, floor, &mut counts);
            floor = event["floor"].as_u64().map_or(0, |f| f as u32);
            *counts.visits.entry(floor).or_default() += 1;
            counts.makers.insert(floor, event["generator"].as_str().unwrap_or("host").to_string());
        }
        if event["event"] == "spawn" {
            let kind = event["item"].as_str().or_else(|| event["monster"].as_str().and_then(|m| m.split('#').next()));
            if let Some(kind) = kind {
                *counts.made.entry(kind.to_string()).or_default() += 1;
            }
        }
        if let Some(k) = key(&event) {
            this_floor.insert(k.clone());
            *this_run.entry(k).or_default() += 1;
        }
    }
    close(&mut this_run, &mut counts);
    leave(&mut this_floor, floor, &mut counts);
    counts
}

/// Plays `runs` bot runs of `plugins` from `seed`, and counts its trace.
fn play(plugins: &str, runs: u32, seed: u64, dir: &Path) -> Counts {
    let trace = dir.join(format!("{}.jsonl", plugins.replace(',', "+")));
    let trace_arg = trace.display().to_string();
    let (runs_arg, seed_arg) = (runs.to_string(), seed.to_string());
    let args = ["--plugins", plugins, "--bot", &runs_arg, "--jobs", "2", "--seed", &seed_arg, "--trace", &trace_arg];
    let out = run_within(&args, Duration::from_secs(1800));
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{plugins}: {stderr}");
    let counts = count(&trace);
    assert_eq!(counts.runs, runs, "{plugins}: every run in the trace");
    let _ = std::fs::remove_file(&trace);
    counts
}

/// One row of a plugin's table.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    key: String,
    /// Events and runs with any, alone.
    alone: (u64, usize),
    /// Events and runs with any, beside the others.
    all: (u64, usize),
    verdict: Verdict,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// Seen alone too seldom to judge.
    Rare,
    /// Seen beside the others only (it needs another plugin).
    OnlyBeside,
    Kept,
    Vanished,
    Dropped,
    /// Dropped, one of [`KNOWN_DROPS`].
    KnownDrop,
}

/// Compares a plugin's events alone and beside the others: `own` are the
/// keys counted as the plugin's in each set (its source, or the host's
/// events of its work), `alone_runs` and `all_runs` the runs of each set,
/// `found` how often its kinds are made beside the others against alone
/// (at most 1, from [`found_beside`]): a drop is judged against that.
fn judge(
    plugin: &str,
    alone: &BTreeMap<String, (u64, usize)>,
    all: &BTreeMap<String, (u64, usize)>,
    alone_runs: u32,
    all_runs: u32,
    found: f64,
) -> Vec<Row> {
    let keys: BTreeSet<&String> = alone.keys().chain(all.keys()).collect();
    keys.into_iter()
        .map(|k| {
            let a = alone.get(k).copied().unwrap_or((0, 0));
            let b = all.get(k).copied().unwrap_or((0, 0));
            let (rate_a, rate_b) = (a.0 as f64 / f64::from(alone_runs), b.0 as f64 / f64::from(all_runs));
            let verdict = if a.1 < MIN_RUNS {
                if a.0 == 0 {
                    Verdict::OnlyBeside
                } else {
                    Verdict::Rare
                }
            } else if b.0 == 0 {
                Verdict::Vanished
            } else if a.0 >= MIN_EVENTS && rate_b < DROP * rate_a * found {
                if KNOWN_DROPS.iter().any(|(p, e, _)| *p == plugin && e == k) {
                    Verdict::KnownDrop
                } else {
                    Verdict::Dropped
                }
            } else {
                Verdict::Kept
            };
            Row { key: k.clone(), alone: a, all: b, verdict }
        })
        .collect()
}

/// The failures among `rows`, one line each naming plugin, event and set.
fn failures(plugin: &str, set: &str, rows: &[Row], runs: (u32, u32)) -> Vec<String> {
    let per = |n: u64, r: u32| n as f64 / f64::from(r);
    rows.iter()
        .filter_map(|r| match r.verdict {
            Verdict::Vanished => Some(format!(
                "{plugin}: `{}` vanished in {set}: {:.2} a run alone ({} in {} of {} runs), none beside the others",
                r.key,
                per(r.alone.0, runs.0),
                r.alone.0,
                r.alone.1,
                runs.0
            )),
            Verdict::Dropped => Some(format!(
                "{plugin}: `{}` dropped in {set}: {:.2} a run alone, {:.2} beside the others (under {DROP} of it, \
                 its kinds made as often as alone allows)",
                r.key,
                per(r.alone.0, runs.0),
                per(r.all.0, runs.1)
            )),
            _ => None,
        })
        .collect()
}

/// A plugin's table, in Markdown.
fn table(plugin: &str, rows: &[Row], runs: (u32, u32)) -> String {
    let mut out = format!("**{plugin}**\n\n| event | alone (runs with it) | every plugin (runs with it) | ratio | verdict |\n|---|---|---|---|---|\n");
    for r in rows {
        let (a, b) = (r.alone.0 as f64 / f64::from(runs.0), r.all.0 as f64 / f64::from(runs.1));
        let ratio = if r.alone.0 > 0 { format!("{:.2}", b / a) } else { "-".to_string() };
        let verdict = match r.verdict {
            Verdict::Rare => "too rare alone to judge",
            Verdict::OnlyBeside => "only beside others",
            Verdict::Kept => "kept",
            Verdict::Vanished => "VANISHED",
            Verdict::Dropped => "DROPPED",
            Verdict::KnownDrop => "dropped, understood (below)",
        };
        out.push_str(&format!(
            "| `{}` | {a:.2} ({}) | {b:.2} ({}) | {ratio} | {verdict} |\n",
            r.key, r.alone.1, r.all.1
        ));
    }
    for r in rows.iter().filter(|r| r.verdict == Verdict::KnownDrop) {
        if let Some((_, _, why)) = KNOWN_DROPS.iter().find(|(p, e, _)| *p == plugin && *e == r.key) {
            out.push_str(&format!("\n`{}`: {why}.\n", r.key));
        }
    }
    out
}

/// The matrix: each plugin's rows, and the failures.
fn matrix(runs: u32, seed: u64) -> (String, Vec<String>) {
    let names = first_party_names();
    assert!(names.len() >= 12 && names.iter().any(|n| n == "core_combat"), "{names:?}");
    let dir = tempfile::tempdir().expect("a folder for the traces");
    let all_set = names.join(",");
    let everything = play(&all_set, runs, seed, dir.path());
    let bare = play("core_combat", runs, seed, dir.path());
    let mut report = format!(
        "{runs} bot runs a set from seed {seed}, every set; per run (runs with the event); ratio = every plugin / alone\n\n"
    );
    let mut failed = Vec::new();
    for plugin in &names {
        let (set, alone) = if plugin == "core_combat" {
            ("core_combat".to_string(), bare.clone())
        } else {
            let set = format!("core_combat,{plugin}");
            let counts = play(&set, runs, seed, dir.path());
            (set, counts)
        };
        // Its own events, and the host's events of its work: in its alone
        // set and not in core_combat's.
        let own = |counts: &Counts| -> BTreeMap<String, (u64, usize)> {
            let mut own: BTreeMap<String, (u64, usize)> =
                counts.keys_of(plugin).into_iter().map(|k| (k.clone(), counts.events(plugin, &k))).collect();
            if plugin != "core_combat" {
                for k in alone.keys_of("host").into_iter().filter(|k| bare.events("host", k).0 == 0) {
                    own.insert(k.clone(), counts.events("host", &k));
                }
            }
            own
        };
        let found = found_beside(plugin, &alone, &everything);
        let rows = judge(plugin, &own(&alone), &own(&everything), alone.runs, everything.runs, found);
        report.push_str(&table(plugin, &rows, (alone.runs, everything.runs)));
        report.push_str(&format!(
            "\nIts items and monsters are made {found:.2} times as often a run beside the others as alone.\n"
        ));
        report.push('\n');
        failed.extend(failures(
            plugin,
            &format!("the every-plugin set (alone: {set})"),
            &rows,
            (alone.runs, everything.runs),
        ));
        // The same floors' numbers, alone and beside the others, for each
        // plugin's level generator of the every-plugin set.
        let mut keys: Vec<(String, String)> =
            alone.keys_of(plugin).into_iter().map(|k| (plugin.to_string(), k)).collect();
        if plugin != "core_combat" {
            keys.extend(
                alone
                    .keys_of("host")
                    .into_iter()
                    .filter(|k| bare.events("host", k).0 == 0)
                    .map(|k| ("host".to_string(), k)),
            );
        }
        let (lines, lost) = judge_floors(plugin, &keys, &alone, &everything);
        report.push_str(&lines);
        report.push('\n');
        failed.extend(lost);
    }
    (report, failed)
}

/// The item and monster kinds of a first-party plugin's records
/// (`data/PLUGIN/*.toml`, `[[item]]` and `[[monster]]` ids).
fn kinds_of(plugin: &str) -> BTreeSet<String> {
    let mut kinds = BTreeSet::new();
    let Ok(files) = std::fs::read_dir(root().join("data").join(plugin)) else { return kinds };
    for file in files.flatten().filter(|f| f.path().extension().is_some_and(|e| e == "toml")) {
        let text = std::fs::read_to_string(file.path()).expect("a records file");
        let table: toml::Table = text.parse().unwrap_or_else(|e| panic!("{}: {e}", file.path().display()));
        for list in ["item", "monster"] {
            for record in table.get(list).and_then(|l| l.as_array()).into_iter().flatten() {
                if let Some(id) = record.get("id").and_then(|i| i.as_str()) {
                    kinds.insert(id.to_string());
                }
            }
        }
    }
    kinds
}

/// How often a plugin's own kinds are made a run beside the others
/// against alone, at most 1: its one wand among eight of others' found an
/// eighth as often, whatever its rules. 1 when it makes too few alone to
/// tell (fewer than [`MIN_EVENTS`]) or has no kinds of its own.
fn found_beside(plugin: &str, alone: &Counts, all: &Counts) -> f64 {
    let kinds = kinds_of(plugin);
    let made = |counts: &Counts| -> f64 {
        kinds.iter().filter_map(|k| counts.made.get(k)).sum::<u64>() as f64 / f64::from(counts.runs.max(1))
    };
    let (a, b) = (made(alone), made(all));
    if a * f64::from(alone.runs) < MIN_EVENTS as f64 {
        return 1.0;
    }
    (b / a).min(1.0)
}

/// Arrivals with the event, alone and expected beside the others (at the
/// alone share of arrivals), before its absence or drop on another
/// plugin's floors is judged. Arrivals, not events: one trap's alarm wakes
/// a floor at once, and a count of events would take one for many. Twelve,
/// not eight: an event on fewer floors follows one rare item found or not
/// (perils' scroll of aggravate monsters, one kind of its twelve beside 56
/// others: its `wake` on 12 of 41 lake-numbered floors alone, clumped by
/// run), and such a count moves by half between two seeds.
const MIN_FLOORS: f64 = 12.0;

/// Each floor-making plugin's floors of the every-plugin set (its level
/// generator's name -> the floors' numbers); the host's own floors left out.
fn generators(all: &Counts) -> BTreeMap<String, Vec<u32>> {
    let mut made: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for (floor, maker) in all.makers.iter().filter(|(_, m)| m.as_str() != "host") {
        made.entry(maker.clone()).or_default().push(*floor);
    }
    made
}

/// A plugin's events on each generator's floors beside the others against
/// the same floors' numbers alone (the host's floors there), per arrival:
/// a rule blind on another plugin's floors (a terrain's name tested) loses
/// its events there while keeping them elsewhere. Returns the report's
/// lines and the failures.
fn judge_floors(plugin: &str, keys: &[(String, String)], alone: &Counts, all: &Counts) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut failed = Vec::new();
    let sum = |counts: &Counts, key: &(String, String), floors: &[u32]| -> (u64, u64) {
        let events = counts.by_floor.get(key).map_or(0, |f| floors.iter().filter_map(|n| f.get(n)).sum());
        (events, floors.iter().filter_map(|n| counts.visits.get(n)).sum())
    };
    let made = generators(all);
    // The host's floors in both sets: how the event changes beside the
    // others where no plugin makes the floor (its items diluted among the
    // others', its monsters among theirs), at most unchanged.
    // Only floor numbers both sets reached: beside the others a run may
    // go deeper than alone, and an event there is no change on the same
    // floors.
    let both: Vec<u32> = all.visits.keys().copied().filter(|n| alone.visits.contains_key(n)).collect();
    let host_floors: Vec<u32> =
        both.iter().copied().filter(|n| !made.values().any(|floors| floors.contains(n))).collect();
    for (generator, floors) in made {
        let mut judged = Vec::new();
        for key in keys {
            let ((a, a_visits), (b, b_visits)) = (sum(alone, key, &floors), sum(all, key, &floors));
            if a_visits == 0 || b_visits == 0 {
                continue;
            }
            // How the event changes beside the others away from these
            // floors: on the host's floors when it is seen there alone
            // often enough to tell, and on every floor but these (an event
            // of the middle floors, seldom on the host's 1, 2 and 7, is
            // diluted as much as anywhere); the lesser, at most unchanged.
            let others: Vec<u32> = both.iter().copied().filter(|n| !floors.contains(n)).collect();
            let change = |away: &[u32]| -> Option<f64> {
                let ((ha, ha_visits), (hb, hb_visits)) = (sum(alone, key, away), sum(all, key, away));
                (ha > 0 && ha_visits > 0 && hb_visits > 0)
                    .then(|| (hb as f64 / hb_visits as f64) / (ha as f64 / ha_visits as f64))
            };
            let on_host = change(&host_floors).filter(|_| sum(alone, key, &host_floors).0 as f64 >= MIN_FLOORS);
            let elsewhere = match (on_host, change(&others)) {
                (Some(h), Some(o)) => h.min(o),
                (Some(c), None) | (None, Some(c)) => c,
                (None, None) => 1.0,
            }
            .min(1.0);
            // The share of floors with it: alone, and as expected beside
            // the others from the change on the host's floors.
            let (rate_a, rate_b) = (a as f64 / a_visits as f64, b as f64 / b_visits as f64);
            let expected = rate_a * elsewhere;
            if (a as f64) < MIN_FLOORS || expected * (b_visits as f64) < MIN_FLOORS {
                continue;
            }
            let known = KNOWN_DROPS.iter().any(|(p, e, _)| *p == plugin && *e == key.1);
            let floors_named = floors.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
            if b == 0 {
                failed.push(format!(
                    "{plugin}: `{}` vanished on the floors `{generator}` makes ({floors_named}) beside the others: \
                     on {a} of {a_visits} floors alone there, on none of {b_visits} ({:.1} expected from its other \
                     floors)",
                    key.1,
                    expected * b_visits as f64
                ));
            } else if !known && rate_b < DROP * expected {
                failed.push(format!(
                    "{plugin}: `{}` dropped on the floors `{generator}` makes ({floors_named}) beside the others: \
                     on {rate_a:.2} of the floors alone there, {rate_b:.2} beside, {expected:.2} expected from \
                     its other floors (under {DROP} of it)",
                    key.1
                ));
            }
            judged.push(format!("`{}` {rate_a:.2} → {rate_b:.2} ({expected:.2})", key.1));
        }
        let floors_named = floors.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        if judged.is_empty() {
            out.push_str(&format!(
                "On the floors `{generator}` makes ({floors_named}): none seen often enough alone to judge.\n"
            ));
        } else {
            out.push_str(&format!(
                "On the floors `{generator}` makes ({floors_named}), the share of floors with it, alone → beside the others (expected from its other floors): {}.\n",
                judged.join(", ")
            ));
        }
    }
    (out, failed)
}

#[test]
fn every_plugin_keeps_its_own_events_beside_every_other() {
    let runs = std::env::var("EMBERDEEP_MATRIX_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(RUNS);
    let seed = std::env::var("EMBERDEEP_MATRIX_SEED").ok().and_then(|r| r.parse().ok()).unwrap_or(1);
    let (report, failed) = matrix(runs, seed);
    println!("{report}");
    assert!(failed.is_empty(), "behaviour lost beside the other plugins:\n{}\n\n{report}", failed.join("\n"));
}

#[test]
fn the_matrix_names_a_vanished_or_dropped_event_and_keeps_the_rest() {
    let alone = BTreeMap::from([
        ("split".to_string(), (40, 12)),
        ("web".to_string(), (100, 20)),
        ("drain".to_string(), (60, 15)),
        ("mimic".to_string(), (3, 3)),
        ("terrain".to_string(), (50, 10)),
    ]);
    let all = BTreeMap::from([
        ("web".to_string(), (10, 6)),
        ("drain".to_string(), (50, 14)),
        ("eels".to_string(), (9, 4)),
        ("terrain".to_string(), (1, 1)),
    ]);
    let rows = judge("bestiary", &alone, &all, 20, 20, 1.0);
    let verdicts: BTreeMap<&str, Verdict> = rows.iter().map(|r| (r.key.as_str(), r.verdict)).collect();
    assert_eq!(verdicts["split"], Verdict::Vanished, "present alone, absent beside the others");
    assert_eq!(verdicts["web"], Verdict::Dropped, "a tenth of the alone rate");
    assert_eq!(verdicts["drain"], Verdict::Kept);
    assert_eq!(verdicts["mimic"], Verdict::Rare, "three runs alone is too few to judge");
    assert_eq!(verdicts["eels"], Verdict::OnlyBeside);
    let lines = failures("bestiary", "all", &rows, (20, 20));
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("bestiary: `split` vanished in all"), "{lines:?}");
    assert!(lines[1].starts_with("bestiary: `terrain` dropped in all"), "{lines:?}");
    assert!(lines[2].starts_with("bestiary: `web` dropped in all"), "{lines:?}");
    assert_eq!(verdicts["terrain"], Verdict::Dropped, "another plugin's known drop is not this one's");
    // A known drop is not a failure; vanishing still is.
    let known = judge("terrain", &alone, &all, 20, 20, 1.0);
    assert_eq!(known.iter().find(|r| r.key == "terrain").map(|r| r.verdict), Some(Verdict::KnownDrop));
    let gone = judge("terrain", &alone, &BTreeMap::new(), 20, 20, 1.0);
    assert_eq!(gone.iter().find(|r| r.key == "terrain").map(|r| r.verdict), Some(Verdict::Vanished));
    // Its kinds made a twentieth as often beside the others (one wand
    // among many): a twentieth of the events is what that leaves, kept;
    // a fortieth of that is still a drop, and none still vanished.
    let rows = judge("bestiary", &alone, &all, 20, 20, 0.05);
    let verdict = |rows: &[Row], key: &str| rows.iter().find(|r| r.key == key).map(|r| r.verdict);
    assert_eq!(verdict(&rows, "web"), Some(Verdict::Kept), "{rows:?}");
    let fortieth = BTreeMap::from([("drain".to_string(), (1, 1))]);
    let rows = judge("bestiary", &BTreeMap::from([("drain".to_string(), (1000, 20))]), &fortieth, 20, 20, 0.05);
    assert_eq!(verdict(&rows, "drain"), Some(Verdict::Dropped), "{rows:?}");
    let rows = judge("bestiary", &alone, &BTreeMap::new(), 20, 20, 0.05);
    assert_eq!(verdict(&rows, "web"), Some(Verdict::Vanished), "{rows:?}");
}

/// Counts of one key on floors 1 to 4: arrivals on each, and the arrivals
/// with the event; floors 3 and 4 made by `caves` when `caves` is given.
fn floors(with: [u64; 4], caves: bool) -> Counts {
    let makers = if caves { ["host", "host", "caves", "caves"] } else { ["host"; 4] };
    made_floors(&with, &makers, 20)
}

/// Counts of one key on floors 1, 2...: `visits` arrivals on each,
/// `with[i]` of them with the event, floor i + 1 made by `makers[i]`.
fn made_floors(with: &[u64], makers: &[&str], visits: u64) -> Counts {
    let mut counts = Counts { runs: 20, ..Counts::default() };
    for (i, (n, maker)) in with.iter().zip(makers).enumerate() {
        let floor = i as u32 + 1;
        counts.visits.insert(floor, visits);
        counts.by_floor.entry(("bestiary".to_string(), "split".to_string())).or_default().insert(floor, *n);
        counts.makers.insert(floor, maker.to_string());
    }
    counts
}

#[test]
fn an_event_lost_on_the_caves_floors_alone_fails_and_dilution_does_not() {
    let key = [("bestiary".to_string(), "split".to_string())];
    let alone = floors([10, 10, 10, 10], false);
    // Kept on the host's floors, gone on the caves' floors 3 and 4.
    let (lines, failed) = judge_floors("bestiary", &key, &alone, &floors([10, 10, 0, 0], true));
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(failed[0].starts_with("bestiary: `split` vanished on the floors `caves` makes (3, 4)"), "{failed:?}");
    assert!(lines.contains("`split` 0.50 → 0.00 (0.50)"), "{lines}");
    // A tenth there: dropped.
    let (_, failed) = judge_floors("bestiary", &key, &alone, &floors([10, 10, 1, 1], true));
    assert!(failed.len() == 1 && failed[0].contains("`split` dropped on the floors `caves` makes"), "{failed:?}");
    // A half everywhere beside the others (diluted): as expected, kept.
    let makers = ["host", "host", "caves", "caves"];
    let (alone40, half) = (made_floors(&[20; 4], &["host"; 4], 40), made_floors(&[10; 4], &makers, 40));
    let (lines, failed) = judge_floors("bestiary", &key, &alone40, &half);
    assert!(failed.is_empty(), "{failed:?}");
    assert!(lines.contains("`split` 0.50 → 0.25 (0.25)"), "{lines}");
    // Seen alone on too few floors there: not judged.
    let (lines, failed) = judge_floors("bestiary", &key, &floors([10, 10, 3, 3], false), &floors([10, 10, 0, 0], true));
    assert!(failed.is_empty() && lines.contains("none seen often enough"), "{failed:?} {lines}");
}

#[test]
fn an_event_of_the_middle_floors_is_diluted_as_its_other_floors_say() {
    let key = [("bestiary".to_string(), "split".to_string())];
    // Seldom on the host's floors 1 and 2 (too seldom to tell a change
    // there), often from floor 3 down; beside the others floors 3-4 are
    // the caves' and 5-6 the lakes'.
    let alone = made_floors(&[3, 3, 50, 50, 50, 50], &["host"; 6], 100);
    let makers = ["host", "host", "caves", "caves", "lakes", "lakes"];
    // A fifth as often everywhere (its kind one among many): expected.
    let (lines, failed) = judge_floors("bestiary", &key, &alone, &made_floors(&[1, 1, 10, 10, 10, 10], &makers, 100));
    assert!(failed.is_empty(), "{failed:?}");
    assert!(lines.contains("`split` 0.50 → 0.10 (0.10)"), "{lines}");
    // Kept on the caves' floors, gone on the lakes': still lost there.
    let (_, failed) = judge_floors("bestiary", &key, &alone, &made_floors(&[3, 3, 50, 50, 0, 0], &makers, 100));
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(failed[0].starts_with("bestiary: `split` vanished on the floors `lakes` makes (5, 6)"), "{failed:?}");
}
