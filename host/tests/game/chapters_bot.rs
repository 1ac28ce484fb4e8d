//! The ranged combat chapter's frequencies, as the bot meets them: over 300
//! bot runs of the classic set (core_combat, equipment, ranged_combat,
//! fireball), the chapter's six items (the scrolls of lightning and
//! fireball, the bows, arrows and darts) are laid on the floors in the
//! proportions their records' frequencies give, floor by floor. The
//! numbers themselves, and every other rule of the chapters, are held in
//! process by `chapters.rs`.

use crate::common;

use std::collections::BTreeMap;

use common::*;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::records::frequency_on;
use emberdeep_engine::plugins::loader::load_plugins;
use serde_json::Value;

/// The chapters' own plugin set.
const CLASSIC: &str = "core_combat,equipment,ranged_combat,fireball";

/// The chapters' items, by the frequency the chapter gives each.
const CHAPTER_ITEMS: [(&str, u32); 6] = [
    ("scroll_of_lightning", 4),
    ("scroll_of_fireball", 3),
    ("short_bow", 2),
    ("long_bow", 1),
    ("arrows", 3),
    ("darts", 2),
];

#[test]
fn the_bots_floors_hold_the_chapters_items_in_their_frequencies_over_300_runs() {
    use std::io::BufRead;
    let wanted: Vec<String> = CLASSIC.split(',').map(String::from).collect();
    let plugins = load_plugins(&plugin_dir(), Some(&wanted)).expect("the classic set loads");
    let records = load_records(&root().join("data"), &plugins.registered()).expect("the records load");
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("bot.jsonl");
    let out = run(&[
        "--headless",
        "--plugins",
        CLASSIC,
        "--bot",
        "300",
        "--seed",
        "1",
        "--jobs",
        "2",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    // The six kinds laid on each floor (the floor's event comes first, then what is laid on it).
    let mut laid: BTreeMap<u32, BTreeMap<&str, u32>> = BTreeMap::new();
    let mut floor = 0;
    let file = std::io::BufReader::new(std::fs::File::open(&trace).unwrap());
    for line in file.lines() {
        let line = line.unwrap();
        let floor_line = line.contains(r#""event":"floor""#);
        let item_laid = line.contains(r#""event":"spawn""#) && line.contains(r#""item""#);
        if !floor_line && !item_laid {
            continue;
        }
        let event: Value = serde_json::from_str(&line).unwrap();
        if event["event"] == "floor" {
            floor = event["floor"].as_u64().unwrap() as u32;
        } else if let Some(&(kind, _)) = CHAPTER_ITEMS.iter().find(|(k, _)| event["item"] == *k) {
            *laid.entry(floor).or_default().entry(kind).or_default() += 1;
        }
    }
    // Each kind's share on a floor: its weight there among the six's
    // (the records' floors decide which of them a floor may hold).
    let mut report = Vec::new();
    let mut outside = Vec::new();
    for (kind, frequency) in CHAPTER_ITEMS {
        let (mut seen, mut expected, mut variance) = (0.0, 0.0, 0.0);
        for (&f, counts) in &laid {
            let weight = |id: &str| {
                let r = &records.items[id];
                if (r.floors.0..=r.floors.1).contains(&f) {
                    f64::from(frequency_on(r.frequency, &r.deeper, f))
                } else {
                    0.0
                }
            };
            let all: f64 = CHAPTER_ITEMS.iter().map(|(k, _)| weight(k)).sum();
            let n = f64::from(counts.values().sum::<u32>());
            let p = weight(kind) / all;
            seen += f64::from(counts.get(kind).copied().unwrap_or(0));
            expected += n * p;
            variance += n * p * (1.0 - p);
        }
        let z = (seen - expected) / variance.sqrt();
        report.push(format!(
            "{kind} (frequency {frequency}): {seen} laid, {expected:.1} expected, {z:+.2} standard errors"
        ));
        // Three standard errors: six kinds each within two would miss one
        // time in four by chance alone, with any change to the dice.
        if z.abs() > 3.0 {
            outside.push(kind);
        }
    }
    eprintln!("the chapters' items over 300 bot runs of the classic set:\n{}", report.join("\n"));
    let total: u32 = laid.values().flat_map(|c| c.values()).sum();
    assert!(total > 2000, "{total} of the chapters' items laid");
    assert!(
        outside.is_empty(),
        "the ranged combat chapter: the items are found in the records' frequencies (lightning 4, fireball 3, short bow 2, long bow 1, \
         arrows 3, darts 2); {outside:?} laid outside three standard errors:\n{}",
        report.join("\n")
    );
}
