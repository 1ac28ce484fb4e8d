//! `emberdeep balance`: the bot plays the same seeds with each of several
//! plugin sets, and the sets are compared side by side, each figure with a
//! 95% margin (1.96 standard errors) so that a difference can be told from
//! noise. Run `i` of every set plays seed `seed + i`, as `--bot` does.
//! Everything is checked before the first run: the sets as written here
//! ([`parse_sets`]), each set's plugins and records loaded and the report's
//! folder ([`balance_report::prepare_folder`](super::balance_report::prepare_folder))
//! by the binary, `--runs` by the command line.

use std::collections::BTreeMap;

use emberdeep_engine::data::untrusted::{limits, shown};

use crate::drivers::lab::bot::{RunResult, TURN_LIMIT};
use crate::drivers::lab::bot_jobs::{self, ChildArgs, JobError};

/// The most sets one comparison takes.
pub const MAX_SETS: usize = 16;

/// One plugin set as asked for: its label and the `--plugins` value
/// (`None`: every plugin found, written `all`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginSet {
    /// As written.
    pub label: String,
    /// What `--plugins` gets.
    pub plugins: Option<String>,
}

/// What is wrong with `--sets`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetsError {
    /// A name with other characters than letters, digits and `_`.
    #[error("--sets: '{}' is not a plugin name (letters, digits and _)", shown(.0, limits::SHOWN_WORD))]
    NotAName(String),
    /// A set of only spaces and commas.
    #[error("--sets: the set '{}' names no plugin (`;` between sets, `,` between plugins)", shown(.0, limits::SHOWN_WORD))]
    NoName(String),
    /// The same set twice.
    #[error("--sets: the set '{}' is given twice", shown(.0, limits::SHOWN_WORD))]
    Twice(String),
    /// No set at all.
    #[error("--sets: no set given (e.g. --sets \"core_combat; core_combat,equipment; all\")")]
    None,
    /// More than [`MAX_SETS`].
    #[error("--sets: {0} sets, at most {MAX_SETS}")]
    TooMany(usize),
}

impl PluginSet {
    /// The plugins it names, as `--plugins` reads them (`None`: all).
    pub fn names(&self) -> Option<Vec<String>> {
        self.plugins.as_ref().map(|p| p.split(',').map(String::from).collect())
    }
}

/// `--runs 0`: nothing would be measured.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--runs 0: each set needs at least 1 run, or nothing is measured")]
pub struct NoRuns;

/// Checks `--runs`: at least 1.
pub fn check_runs(runs: u32) -> Result<(), NoRuns> {
    if runs == 0 {
        Err(NoRuns)
    } else {
        Ok(())
    }
}

/// A set whose runs could not be played.
#[derive(Debug, thiserror::Error)]
#[error("the set '{label}': {error}")]
pub struct SetFailed {
    /// The set, as written.
    pub label: String,
    /// Why.
    pub error: JobError,
}

/// Reads `--sets "core_combat; core_combat,equipment; all"`.
pub fn parse_sets(text: &str) -> Result<Vec<PluginSet>, SetsError> {
    let mut sets = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let names: Vec<&str> = part.split(',').map(str::trim).filter(|n| !n.is_empty()).collect();
        if names.is_empty() {
            return Err(SetsError::NoName(part.to_string()));
        }
        if let Some(bad) = names.iter().find(|n| !n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')) {
            return Err(SetsError::NotAName(bad.to_string()));
        }
        let plugins = if names == ["all"] { None } else { Some(names.join(",")) };
        let label = names.join(",");
        if sets.iter().any(|s: &PluginSet| s.label == label) {
            return Err(SetsError::Twice(label));
        }
        sets.push(PluginSet { label, plugins });
    }
    if sets.is_empty() {
        return Err(SetsError::None);
    }
    if sets.len() > MAX_SETS {
        return Err(SetsError::TooMany(sets.len()));
    }
    Ok(sets)
}

/// A mean and its 95% margin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// 1.96 standard errors of the mean.
    pub margin: f64,
}

impl Estimate {
    /// Of a sample.
    pub fn of(values: &[f64]) -> Estimate {
        let n = values.len() as f64;
        if values.is_empty() {
            return Estimate { mean: 0.0, margin: 0.0 };
        }
        let mean = values.iter().sum::<f64>() / n;
        let var =
            if values.len() > 1 { values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
        Estimate { mean, margin: 1.96 * (var / n).sqrt() }
    }
}

/// The figures of one set's runs.
#[derive(Debug, Clone, PartialEq)]
pub struct SetFigures {
    /// The set.
    pub label: String,
    /// Runs played.
    pub runs: usize,
    /// The share of runs won (0 to 1), with its margin.
    pub wins: Estimate,
    /// The deepest floor reached.
    pub floor: Estimate,
    /// The median of the deepest floor.
    pub median_floor: f64,
    /// Turns survived.
    pub turns: Estimate,
    /// The level reached, if a plugin keeps one.
    pub level: Option<Estimate>,
    /// Runs that reached the bot's turn limit.
    pub at_limit: usize,
    /// Deaths by killer, most first.
    pub killers: Vec<(String, usize)>,
}

/// The median of a sample (the mean of the middle two for an even count).
pub fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

impl SetFigures {
    /// Works out the figures of `results`.
    pub fn of(label: &str, results: &[RunResult]) -> SetFigures {
        let floats = |f: &dyn Fn(&RunResult) -> f64| results.iter().map(f).collect::<Vec<f64>>();
        let floors = floats(&|r| f64::from(r.floor));
        let levels: Vec<f64> = results.iter().filter_map(|r| r.level).map(|l| l as f64).collect();
        let mut killers: BTreeMap<&str, usize> = BTreeMap::new();
        for k in results.iter().filter_map(|r| r.killer.as_deref()) {
            *killers.entry(k).or_default() += 1;
        }
        let mut killers: Vec<(String, usize)> = killers.into_iter().map(|(k, n)| (k.to_string(), n)).collect();
        killers.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        SetFigures {
            label: label.to_string(),
            runs: results.len(),
            wins: Estimate::of(&floats(&|r| f64::from(u8::from(r.won)))),
            median_floor: median(&floors),
            floor: Estimate::of(&floors),
            turns: Estimate::of(&floats(&|r| r.turns as f64)),
            level: (!levels.is_empty()).then(|| Estimate::of(&levels)),
            at_limit: results.iter().filter(|r| r.killer.is_none() && !r.won && r.turns >= TURN_LIMIT).count(),
            killers,
        }
    }

    /// Deaths in all.
    pub fn deaths(&self) -> usize {
        self.killers.iter().map(|(_, n)| n).sum()
    }
}

fn pm(e: Estimate, decimals: usize) -> String {
    format!("{:.*} ± {:.*}", decimals, e.mean, decimals, e.margin)
}

/// The sets side by side, as the console shows them.
pub fn table(sets: &[SetFigures]) -> String {
    let width = sets.iter().map(|s| s.label.len()).max().unwrap_or(0).max(22);
    let row = |name: &str, cells: Vec<String>| {
        let mut line = format!("{name:<16}");
        for c in cells {
            line.push_str(&format!(" | {c:<width$}"));
        }
        line.trim_end().to_string() + "\n"
    };
    let mut out = row("plugin set", sets.iter().map(|s| s.label.clone()).collect());
    out.push_str(&row("runs", sets.iter().map(|s| s.runs.to_string()).collect()));
    let wins = |s: &SetFigures| format!("{:.1}% ± {:.1}", 100.0 * s.wins.mean, 100.0 * s.wins.margin);
    out.push_str(&row("wins", sets.iter().map(wins).collect()));
    out.push_str(&row("deepest floor", sets.iter().map(|s| pm(s.floor, 2)).collect()));
    out.push_str(&row("  median", sets.iter().map(|s| format!("{:.1}", s.median_floor)).collect()));
    out.push_str(&row("turns survived", sets.iter().map(|s| pm(s.turns, 0)).collect()));
    let level = |s: &SetFigures| s.level.map_or("-".to_string(), |l| pm(l, 2));
    out.push_str(&row("level reached", sets.iter().map(level).collect()));
    out.push_str(&row("at turn limit", sets.iter().map(|s| s.at_limit.to_string()).collect()));
    out.push_str(&row("deaths", sets.iter().map(|s| s.deaths().to_string()).collect()));
    let top = sets.iter().map(|s| s.killers.len()).max().unwrap_or(0).min(5);
    for i in 0..top {
        let killer = |s: &SetFigures| {
            s.killers
                .get(i)
                .map_or(String::new(), |(k, n)| format!("{k} {:.0}%", 100.0 * *n as f64 / s.deaths().max(1) as f64))
        };
        out.push_str(&row(if i == 0 { "top killers" } else { "" }, sets.iter().map(killer).collect()));
    }
    out.push_str("(± is a 95% margin: 1.96 standard errors of the mean; killers as a share of deaths)\n");
    out
}

/// Plays `runs` runs of each set in `jobs` child processes and returns
/// each set's figures with its runs.
pub fn compare(
    sets: &[PluginSet],
    runs: u32,
    jobs: usize,
    seed: u64,
    passed_on: &[String],
) -> Result<Vec<(SetFigures, Vec<RunResult>)>, SetFailed> {
    compare_runs(sets, (0, runs), jobs, seed, passed_on)
}

/// Plays the runs `first..first + count` of each set (one shard of a
/// comparison, or all of it) in `jobs` child processes and returns each
/// set's figures with its runs.
pub fn compare_runs(
    sets: &[PluginSet],
    (first, runs): (u64, u32),
    jobs: usize,
    seed: u64,
    passed_on: &[String],
) -> Result<Vec<(SetFigures, Vec<RunResult>)>, SetFailed> {
    let mut figures = Vec::new();
    // Progress on stderr only: the table and the report never hear of it.
    let mut steps = crate::drivers::progress::Steps::new("balance", sets.len() as u64 * u64::from(runs));
    for (i, set) in sets.iter().enumerate() {
        crate::errln!("balance: set {} of {}: {} ({runs} runs)", i + 1, sets.len(), set.label);
        let mut args = passed_on.to_vec();
        if let Some(plugins) = &set.plugins {
            args.extend(["--plugins".to_string(), plugins.clone()]);
        }
        let child = ChildArgs { passed_on: args, seed, trace: None };
        let mut on_run = || steps.advance(1, &set.label);
        let results = bot_jobs::play_from_in_children(first, runs, jobs.max(1), &child, &mut on_run)
            .map_err(|error| SetFailed { label: set.label.clone(), error })?;
        figures.push((SetFigures::of(&set.label, &results), results));
    }
    steps.finish();
    Ok(figures)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(floor: u32, won: bool, killer: Option<&str>) -> RunResult {
        RunResult {
            turns: 100 * u64::from(floor),
            floor,
            killer: killer.map(String::from),
            won,
            level: Some(2),
            ..RunResult::default()
        }
    }

    #[test]
    fn sets_are_read_and_bad_ones_named() {
        let sets = parse_sets("core_combat; core_combat, equipment ;all").unwrap();
        assert_eq!(sets.len(), 3);
        assert_eq!(
            sets[1],
            PluginSet { label: "core_combat,equipment".into(), plugins: Some("core_combat,equipment".into()) }
        );
        assert_eq!(sets[2].plugins, None);
        assert!(parse_sets("").unwrap_err().to_string().contains("no set given"));
        assert_eq!(parse_sets("a; a"), Err(SetsError::Twice("a".into())));
        assert!(parse_sets("a; a").unwrap_err().to_string().contains("given twice"));
        let bad = parse_sets("core-combat").unwrap_err().to_string();
        assert!(bad.contains("'core-combat' is not a plugin name"), "{bad}");
    }

    #[test]
    fn a_set_of_no_plugin_names_is_refused() {
        for text in [" , ", "core_combat; , ,", ",;core_combat", "core_combat; ,\t"] {
            let e = parse_sets(text).map(|sets| format!("read as {sets:?}")).unwrap_or_else(|e| e.to_string());
            assert!(e.contains("names no plugin"), "{text:?}: {e}");
        }
        assert_eq!(parse_sets("core_combat;;").unwrap().len(), 1, "an empty place between `;` is no set");
        let long = parse_sets(&"x-".repeat(1 << 19)).unwrap_err().to_string();
        assert!(long.len() < 300 && long.contains("is not a plugin name"), "{}", long.len());
    }

    #[test]
    fn figures_have_means_margins_medians_and_killers_by_share() {
        let results = [
            run(2, false, Some("an orc")),
            run(4, false, Some("an orc")),
            run(9, false, Some("a troll")),
            run(12, true, None),
        ];
        let f = SetFigures::of("x", &results);
        assert_eq!(f.runs, 4);
        assert_eq!(f.median_floor, 6.5);
        assert!((f.floor.mean - 6.75).abs() < 1e-9);
        // sd of 2,4,9,12 is 4.5735; its standard error 2.2867; the margin 1.96 of those.
        assert!((f.floor.margin - 4.4820).abs() < 1e-3, "{:?}", f.floor);
        assert!((f.wins.mean - 0.25).abs() < 1e-9);
        assert_eq!(f.killers, [("an orc".to_string(), 2), ("a troll".to_string(), 1)]);
        assert_eq!(f.deaths(), 3);
        let t = table(&[f.clone(), SetFigures::of("y", &results[..2])]);
        assert!(t.contains("25.0% ±"), "{t}");
        assert!(t.contains("an orc 67%"), "{t}");
        assert!(t.lines().next().unwrap().contains("| x") && t.lines().next().unwrap().contains("| y"), "{t}");
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    }
}
