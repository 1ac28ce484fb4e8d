//! `balance --shard K/N --out FILE` and `balance merge`: a comparison played
//! in four shards and merged prints the same table and writes the same
//! report, byte for byte, as the comparison played at once; parts that do
//! not make one comparison are refused in one line (docs/balance.md).
#![cfg(feature = "whole-game")]

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{plugin_dir, text};

const SETS: &str = "core_combat; core_combat,equipment";

/// The game run in `dir` with `args`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(common::bin())
        .current_dir(dir)
        .arg("--plugin-dir")
        .arg(plugin_dir())
        .args(args)
        .env_remove("RUST_LOG")
        .output()
        .expect("the game runs")
}

/// A refusal: failed, and its last line says `words`.
fn refused(out: &Output, words: &str) -> String {
    let (stdout, stderr) = text(out);
    assert!(!out.status.success(), "not refused: {stdout}{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains(words), "{words:?} not in: {stderr}");
    assert!(stdout.is_empty(), "nothing printed: {stdout}");
    stderr
}

#[test]
fn four_shards_merged_are_the_comparison_played_at_once_byte_for_byte() {
    let whole = tempfile::tempdir().unwrap();
    let args = ["balance", "--sets", SETS, "--runs", "8", "--seed", "5", "--jobs", "2", "--report", "report"];
    let at_once = run_in(whole.path(), &args);
    assert!(at_once.status.success(), "{}", text(&at_once).1);

    let shards = tempfile::tempdir().unwrap();
    let mut parts = Vec::new();
    for k in 1..=4 {
        let part = format!("part-{k}.json");
        let shard = format!("{k}/4");
        let args = ["balance", "--sets", SETS, "--runs", "8", "--seed", "5", "--shard", &shard, "--out", &part];
        let out = run_in(shards.path(), &args);
        assert!(out.status.success(), "{}", text(&out).1);
        assert!(
            text(&out).0.contains(&format!("shard {k}/4 (runs {} to {}", 2 * (k - 1), 2 * k - 1)),
            "{}",
            text(&out).0
        );
        parts.push(part);
    }
    // Given in another order than played.
    let mut args = vec!["balance", "merge", &parts[2], &parts[0], &parts[3], &parts[1], "--report", "report"];
    let merged = run_in(shards.path(), &args);
    assert!(merged.status.success(), "{}", text(&merged).1);
    assert!(text(&at_once).0.contains("runs             | 8"), "{}", text(&at_once).0);
    assert_eq!(text(&merged).0, text(&at_once).0, "the console's table and lines");
    for file in ["report.html", "floors.svg", "killers.svg", "damage.svg", "items.svg", "wins.svg"] {
        let a = std::fs::read(whole.path().join("report").join(file)).unwrap();
        let b = std::fs::read(shards.path().join("report").join(file)).unwrap();
        assert!(a == b, "{file} differs between the comparison at once and the merged parts");
    }

    // Refusals, each one line, nothing printed or written.
    let missing = run_in(shards.path(), &["balance", "merge", &parts[0], &parts[1], &parts[3], "--report", "r2"]);
    refused(&missing, "shard 3 of 4 missing");
    let twice = run_in(shards.path(), &["balance", "merge", &parts[0], &parts[1], &parts[1], &parts[3]]);
    refused(&twice, "part-2.json and part-2.json are both shard 2 of 4");
    assert!(!shards.path().join("r2").join("report.html").exists(), "no report from a refused merge");

    // A part of another comparison (another seed).
    let other = run_in(
        shards.path(),
        &["balance", "--sets", SETS, "--runs", "8", "--seed", "6", "--shard", "3/4", "--out", "other.json"],
    );
    assert!(other.status.success(), "{}", text(&other).1);
    let mixed = run_in(shards.path(), &["balance", "merge", &parts[0], &parts[1], "other.json", &parts[3]]);
    refused(&mixed, "other.json: not a part of the same comparison as part-1.json: the seeds differ");

    // A damaged part: cut short, as a copy interrupted would leave it.
    let whole_part = std::fs::read(shards.path().join(&parts[2])).unwrap();
    std::fs::write(shards.path().join("cut.json"), &whole_part[..whole_part.len() / 3]).unwrap();
    let cut = run_in(shards.path(), &["balance", "merge", &parts[0], &parts[1], "cut.json", &parts[3]]);
    refused(&cut, "cut.json: not a balance part file");
    args.truncate(2);
    args.push("/dev/zero");
    refused(&run_in(shards.path(), &args), "/dev/zero: the balance part is not a regular file but a character device");

    // The shard itself, checked before any run.
    let bad = run_in(shards.path(), &["balance", "--sets", SETS, "--runs", "3", "--shard", "1/4", "--out", "x.json"]);
    refused(&bad, "--shard 1/4 with --runs 3: more shards than runs");
    let bad = run_in(shards.path(), &["balance", "--sets", SETS, "--shard", "5/4", "--out", "x.json"]);
    refused(&bad, "--shard '5/4': expected K/N");
    std::fs::create_dir(shards.path().join("folder")).unwrap();
    let bad = run_in(shards.path(), &["balance", "--sets", SETS, "--shard", "1/4", "--out", "folder"]);
    refused(&bad, "folder: --out would write over a folder");
    // A part in a folder that is not there: refused before the shard's runs
    // (the one line is the refusal, no set was played).
    let bad = run_in(shards.path(), &["balance", "--sets", SETS, "--shard", "1/4", "--out", "no/such/part.json"]);
    refused(
        &bad,
        "no/such/part.json: --out names a file in no/such, which is not there; the part would not be written",
    );
    let bad = run_in(shards.path(), &["balance", "merge", &parts[0], "--seed", "3"]);
    refused(&bad, "--seed is the parts' own");
}
