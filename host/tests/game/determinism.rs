//! Same seed, same plugins, same keys: the same run and the same trace, byte
//! for byte. Also the bot's long run finishes and prints its summary.

use crate::common;

use common::*;

fn trace_of(args: &[&str]) -> Vec<u8> {
    trace_and_summary(args).0
}

#[test]
fn the_same_seed_and_keys_give_the_same_trace() {
    let args = ["--headless", "--seed", "42", "--keys", "20*l 10*j 10*. 20*h g i a Enter 10*k > 30*."];
    let a = trace_of(&args);
    let b = trace_of(&args);
    assert!(a.len() > 200, "the trace has content");
    assert!(a == b, "two runs of seed 42 differ");
    let c = trace_of(&["--headless", "--seed", "43", "--keys", "20*l 10*j 10*. 20*h g i a Enter 10*k > 30*."]);
    assert!(a != c, "another seed plays another run");
}

/// The trace and the printed summary of a run.
fn trace_and_summary(args: &[&str]) -> (Vec<u8>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["--trace", path.to_str().unwrap()]);
    let out = run(&all);
    assert!(out.status.success(), "{}", text(&out).1);
    let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(leftovers, 1, "the jobs' parts of the trace are merged and removed");
    (std::fs::read(&path).unwrap(), text(&out).0)
}

#[test]
fn bot_runs_give_the_same_trace_and_summary_whatever_the_number_of_jobs() {
    let args = ["--headless", "--bot", "20", "--seed", "9", "--jobs"];
    let (one, one_summary) = trace_and_summary(&[&args[..], &["1"]].concat());
    assert!(one_summary.contains("runs: 20"), "{one_summary}");
    let starts = String::from_utf8_lossy(&one).matches("\"event\":\"run_start\"").count();
    assert_eq!(starts, 20, "one run_start per run");
    for jobs in ["2", "3"] {
        let (many, summary) = trace_and_summary(&[&args[..], &[jobs]].concat());
        assert!(many == one, "--jobs {jobs} wrote another trace than --jobs 1");
        assert_eq!(summary, one_summary, "--jobs {jobs}");
    }
}

#[test]
fn the_bot_plays_200_runs_and_prints_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.jsonl");
    // The five plugins of the design's chapters, whose numbers are checked
    // below (archers' and mages' floors, levels gained): every plugin's
    // runs are played by the every-set test below and by the trace's fifty
    // seeds, and take twice as long a turn.
    let five = "core_combat,equipment,ranged_combat,fireball,progression";
    let out = run(&["--headless", "--plugins", five, "--bot", "200", "--seed", "1", "--trace", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("runs: 200"), "{stdout}");
    assert!(stdout.contains("mean turns:"), "{stdout}");
    assert!(stdout.contains("deepest floor:"), "{stdout}");
    assert!(stdout.contains("ends of runs:") && stdout.contains("wins: "), "{stdout}");
    // With progression loaded (a first-party plugin), the bot gains levels.
    let level =
        stdout.lines().find_map(|l| l.trim().strip_prefix("level: mean ")).unwrap_or_else(|| panic!("{stdout}"));
    let mean: f64 = level.split(',').next().unwrap().parse().unwrap();
    assert!(mean > 1.5, "the bot's runs average above level 1.5: {stdout}");
    archers_and_mages_keep_to_their_floors_and_the_bot_shoots(&path, &stdout);
}

/// Ranged combat over the same 200 runs: archers only on floors 4 to 6,
/// mages on 7 to 9, and the bot fires its bow and throws darts.
/// The trace is read a line at a time (200 runs write about 140 MB).
fn archers_and_mages_keep_to_their_floors_and_the_bot_shoots(trace: &std::path::Path, summary: &str) {
    use std::io::BufRead;
    let (mut floor, mut seen) = (0, std::collections::BTreeMap::<String, Vec<u64>>::new());
    let mut actions = std::collections::BTreeMap::<String, usize>::new();
    let file = std::io::BufReader::new(std::fs::File::open(trace).expect("the bot's trace"));
    for line in file.lines() {
        let e: serde_json::Value = serde_json::from_str(&line.expect("a line of the trace")).expect("JSON");
        match e["event"].as_str().unwrap() {
            "floor" => floor = e["floor"].as_u64().unwrap(),
            "spawn" if e.get("monster").is_some() => {
                let kind = e["monster"].as_str().unwrap().split('#').next().unwrap().to_string();
                seen.entry(kind).or_default().push(floor);
            }
            "action" => *actions.entry(e["action"].as_str().unwrap().to_string()).or_default() += 1,
            _ => {}
        }
    }
    let archers = seen.get("archer").cloned().unwrap_or_default();
    let mages = seen.get("dusk_elf_mage").cloned().unwrap_or_default();
    eprintln!(
        "{summary}archers: {}, mages: {}, dragons: {}; actions: {actions:?}",
        archers.len(),
        mages.len(),
        seen.get("young_red_dragon").map_or(0, Vec::len)
    );
    assert!(!archers.is_empty() && archers.iter().all(|f| (4..=6).contains(f)), "archers on floors {archers:?}");
    assert!(!mages.is_empty() && mages.iter().all(|f| (7..=9).contains(f)), "mages on floors {mages:?}");
    assert!(actions.get("fire").copied().unwrap_or(0) > 100, "the bot fires its bow: {actions:?}");
    assert!(actions.get("throw").copied().unwrap_or(0) > 100, "the bot throws darts: {actions:?}");
}

/// How many of a bot summary's runs reached the turn limit.
fn at_turn_limit(summary: &str) -> usize {
    summary
        .lines()
        .find(|l| l.contains("survived (turn limit"))
        .map_or(0, |l| l.split_whitespace().next().unwrap().parse().unwrap())
}

#[test]
fn the_bot_plays_to_the_end_with_every_set_of_the_combat_plugins() {
    // A run that stalls (a chase after an archer that keeps its distance,
    // a step back and forth) reaches the turn limit; none may, whatever the plugins.
    let combat = ["core_combat", "equipment", "ranged_combat", "fireball"];
    for mask in 0..16usize {
        let set: Vec<&str> = combat.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, p)| *p).collect();
        let set = set.join(",");
        let out = run(&["--plugins", &set, "--bot", "10", "--seed", "1", "--jobs", "2"]);
        let (summary, stderr) = text(&out);
        assert!(out.status.success(), "{set}: {stderr}");
        assert_eq!(at_turn_limit(&summary), 0, "with '{set}' a run stalled to the turn limit:\n{summary}");
    }
    let out = run(&["--bot", "40", "--seed", "101", "--jobs", "2"]);
    let summary = text(&out).0;
    assert_eq!(at_turn_limit(&summary), 0, "with every plugin a run stalled to the turn limit:\n{summary}");
}

#[test]
fn balance_compares_plugin_sets_side_by_side_on_the_same_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report");
    let args = ["balance", "--runs", "6", "--sets", "core_combat; core_combat,equipment", "--jobs", "2", "--report"];
    let out = run(&[&args[..], &[report.to_str().unwrap()]].concat());
    let (table, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let header = table.lines().next().unwrap();
    assert!(header.contains("| core_combat ") && header.ends_with("| core_combat,equipment"), "{table}");
    let runs = table.lines().find(|l| l.starts_with("runs")).unwrap();
    assert_eq!(runs.matches("| 6").count(), 2, "{table}");
    assert!(table.contains("deepest floor") && table.contains(" ± ") && table.contains("top killers"), "{table}");
    // The same seeds as --bot: core_combat's column is --bot 6's deaths.
    let bot = text(&run(&["--plugins", "core_combat", "--bot", "6", "--seed", "1"])).0;
    let deaths: usize = bot
        .lines()
        .skip_while(|l| !l.contains("ends of runs"))
        .skip(1)
        .filter_map(|l| l.split_whitespace().next()?.parse::<usize>().ok())
        .sum();
    let balance_deaths = table.lines().find(|l| l.starts_with("deaths")).unwrap();
    assert!(balance_deaths.contains(&format!("| {deaths} ")), "{balance_deaths} vs {bot}");
    let page = std::fs::read_to_string(report.join("report.html")).unwrap();
    assert_eq!(page.matches("<svg").count(), 7, "the report holds its seven plots");
    let bad = run(&["balance", "--sets", "core-combat"]);
    assert!(!bad.status.success() && text(&bad).1.contains("'core-combat' is not a plugin name"));
}
