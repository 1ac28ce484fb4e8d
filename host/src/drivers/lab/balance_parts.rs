//! A balance comparison in parts, for many machines: `emberdeep balance
//! --shard K/N --out FILE` plays only the K-th of N blocks of run numbers
//! ([`Shard::block`], the blocks `--jobs` splits runs into) with every set,
//! and writes a part file ([`Part`]); `emberdeep balance merge PARTS...`
//! checks the parts belong together ([`merge`]) and puts the runs back in
//! run order, so the table and the report are byte for byte those of the
//! same comparison played at once.
//!
//! A part file is JSON: its format and version, the game's version, the
//! sets as written, the seed, the runs of each set, the shard and the number
//! of shards, the first run of its block, and every run's result, a list
//! per set. A part file is hostile until checked: at most
//! [`limits::BALANCE_PART`] bytes, read once, every number in its range.

use std::path::{Path, PathBuf};

use emberdeep_engine::data::bounds::{KILL_KINDS, KIND_CHARS, MOST_FLOORS, MOST_TURNS};
use emberdeep_engine::data::untrusted::{self, limits, shown, InputError};

use crate::drivers::lab::balance::{parse_sets, PluginSet, SetFigures, MAX_SETS};
use crate::drivers::lab::bot::RunResult;
use crate::drivers::lab::bot_jobs;

/// What a part file says it is.
pub const FORMAT: &str = "emberdeep balance part";
/// Its version: a reader of another version refuses it.
pub const VERSION: u32 = 1;
/// The most shards one comparison is cut into.
pub const MAX_SHARDS: u32 = 100_000;
/// The longest killer's name a part file may hold, in characters.
const KILLER_CHARS: usize = 200;

/// The game's version, written in every part: parts of other builds are not merged.
fn game_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// `--shard K/N`: the K-th of N parts, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which part, 1 to `of`.
    pub k: u32,
    /// How many parts.
    pub of: u32,
}

/// What is wrong with `--shard` or `--out`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not `K/N`.
    #[error("--shard '{}': expected K/N, two whole numbers with 1 <= K <= N (e.g. 3/8)", shown(.0, limits::SHOWN_WORD))]
    NotAShard(String),
    /// More shards than [`MAX_SHARDS`].
    #[error("--shard {0}/{1}: at most {MAX_SHARDS} shards")]
    TooMany(u32, u32),
    /// More shards than runs: a shard would play nothing.
    #[error("--shard {k}/{of} with --runs {runs}: more shards than runs (each shard plays at least one run)")]
    MoreThanRuns {
        /// K.
        k: u32,
        /// N.
        of: u32,
        /// The runs of each set.
        runs: u32,
    },
    /// `--out` names something the part must not be written over.
    #[error("{0}: --out would write over {1}; only a regular file is written over")]
    NotAFile(String, &'static str),
    /// `--out`'s folder is not there (or is not a folder): the part could not be written.
    #[error("{0}: --out names a file in {1}, which is {2}; the part would not be written")]
    NoFolder(String, String, &'static str),
}

/// Reads `--shard K/N`.
pub fn parse_shard(text: &str) -> Result<Shard, ShardError> {
    let bad = || ShardError::NotAShard(text.to_string());
    let (k, n) = text.trim().split_once('/').ok_or_else(bad)?;
    let number = |s: &str| {
        let s = s.trim();
        if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<u32>().map_err(|_| bad())
    };
    let (k, of) = (number(k)?, number(n)?);
    if k == 0 || of == 0 || k > of {
        return Err(bad());
    }
    if of > MAX_SHARDS {
        return Err(ShardError::TooMany(k, of));
    }
    Ok(Shard { k, of })
}

impl Shard {
    /// The runs this shard plays of `runs`: (first run, how many), the K-th
    /// of the blocks `bot_jobs::blocks(runs, N)` makes; refused if there are
    /// more shards than runs.
    pub fn block(&self, runs: u32) -> Result<(u64, u32), ShardError> {
        if self.of > runs {
            return Err(ShardError::MoreThanRuns { k: self.k, of: self.of, runs });
        }
        Ok(bot_jobs::blocks(runs, self.of as usize)[self.k as usize - 1])
    }
}

/// Checks `--out` before any run: absent, or a regular file (never a link,
/// a FIFO, a folder), in a folder that is there, so a shard's runs are
/// never played for a part that could not be written.
pub fn check_out(path: &Path) -> Result<(), ShardError> {
    let shown = |p: &Path| shown(&p.display().to_string(), limits::SHOWN_TEXT);
    if let Some(kind) = untrusted::not_a_plain_file(path) {
        return Err(ShardError::NotAFile(shown(path), kind));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match std::fs::metadata(folder) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(meta) => Err(ShardError::NoFolder(shown(path), shown(folder), untrusted::kind_of(&meta))),
        Err(_) => Err(ShardError::NoFolder(shown(path), shown(folder), "not there")),
    }
}

/// One part of a comparison, as a part file holds it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Part {
    /// [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The game's version that played it.
    pub game: String,
    /// The sets, as their labels (`all` for every plugin found).
    pub sets: Vec<String>,
    /// The base seed: run `i` plays `seed + i`.
    pub seed: u64,
    /// Runs of each set in the whole comparison.
    pub runs: u32,
    /// K.
    pub shard: u32,
    /// N.
    pub shards: u32,
    /// The first run of this shard's block.
    pub first: u64,
    /// Each set's results, in run order, a list per set in the sets' order.
    pub results: Vec<Vec<RunResult>>,
}

impl Part {
    /// The part of `shard` holding `results` (a list per set).
    pub fn new(sets: &[PluginSet], seed: u64, runs: u32, shard: Shard, results: Vec<Vec<RunResult>>) -> Part {
        let first = shard.block(runs).map_or(0, |(first, _)| first);
        Part {
            format: FORMAT.to_string(),
            version: VERSION,
            game: game_version(),
            sets: sets.iter().map(label_of).collect(),
            seed,
            runs,
            shard: shard.k,
            shards: shard.of,
            first,
            results,
        }
    }
}

/// A set as a part names it: its label, `all` for every plugin.
fn label_of(set: &PluginSet) -> String {
    match set.plugins {
        Some(_) => set.label.clone(),
        None => "all".to_string(),
    }
}

/// Why parts cannot be written or merged. Each names the file.
#[derive(Debug, thiserror::Error)]
pub enum PartError {
    /// The file could not be read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// Not a part file, or a damaged one.
    #[error("{}: not a balance part file ({})", .0.display(), shown(.1, limits::SHOWN_TEXT))]
    Damaged(PathBuf, String),
    /// A part of another format version.
    #[error("{}: a balance part of version {}; this game reads version {VERSION}", .0.display(), .1)]
    Version(PathBuf, u32),
    /// A number or a list out of its range, or not as its shard says.
    #[error("{}: a damaged balance part: {}", .0.display(), .1)]
    Inconsistent(PathBuf, Inconsistency),
    /// Two parts of different comparisons.
    #[error("{}: not a part of the same comparison as {}: {what} differ", .b.display(), .a.display())]
    Mismatch {
        /// The first part.
        a: PathBuf,
        /// The part that differs from it.
        b: PathBuf,
        /// What differs.
        what: &'static str,
    },
    /// The same shard twice.
    #[error("{} and {} are both shard {k} of {of}", .a.display(), .b.display())]
    Twice {
        /// The first.
        a: PathBuf,
        /// The second.
        b: PathBuf,
        /// K.
        k: u32,
        /// N.
        of: u32,
    },
    /// Shards missing.
    #[error("shard{} {} of {of} missing: every shard 1 to {of} is needed once", if .missing.len() > 1 { "s" } else { "" }, listed(.missing))]
    Missing {
        /// The first few missing.
        missing: Vec<u32>,
        /// N.
        of: u32,
    },
    /// More part files than a comparison has shards.
    #[error("{given} part files given; a comparison has at most {MAX_SHARDS} shards")]
    TooManyFiles {
        /// How many.
        given: usize,
    },
    /// The part could not be written.
    #[error("cannot write the balance part {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// Numbers as a list, the first ten and how many more.
fn listed(numbers: &[u32]) -> String {
    let mut text: Vec<String> = numbers.iter().take(10).map(u32::to_string).collect();
    if numbers.len() > 10 {
        text.push(format!("and {} more", numbers.len() - 10));
    }
    text.join(", ")
}

/// Writes `part` to `path`: beside it first, then moved in place, so a
/// killed job never leaves a half part under the name (confined, where
/// only the named file may be written, in place).
pub fn write_part(path: &Path, part: &Part) -> Result<(), PartError> {
    let fail = |error| PartError::Write { path: path.to_path_buf(), error };
    check_out(path).map_err(|e| fail(std::io::Error::other(e.to_string())))?;
    let text = serde_json::to_string(part).map_err(|e| fail(std::io::Error::other(e)))?;
    let name = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    match std::fs::write(&tmp, text.clone() + "\n") {
        Ok(()) => {}
        // Confined, the game may write the file named and nothing beside
        // it (made empty before the confinement): written in place.
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied && path.is_file() => {
            return std::fs::write(path, text + "\n").map_err(fail);
        }
        Err(e) => return Err(fail(e)),
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        fail(e)
    })
}

/// The first fields of a part, read before the rest so that another file
/// or version is said so rather than as a missing field.
#[derive(serde::Deserialize)]
struct Head {
    format: Option<serde_json::Value>,
    version: Option<serde_json::Value>,
}

/// Reads and checks one part file on its own.
pub fn read_part(path: &Path) -> Result<Part, PartError> {
    let bytes = untrusted::read_bytes(path, "balance part", limits::BALANCE_PART)?;
    let damaged = |e: serde_json::Error| PartError::Damaged(path.to_path_buf(), e.to_string());
    let head: Head = serde_json::from_slice(&bytes).map_err(damaged)?;
    if head.format.as_ref().and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(PartError::Damaged(path.to_path_buf(), format!("its \"format\" is not \"{FORMAT}\"")));
    }
    match head.version.as_ref().and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        Some(v) => return Err(PartError::Version(path.to_path_buf(), v.min(u64::from(u32::MAX)) as u32)),
        None => return Err(PartError::Damaged(path.to_path_buf(), "no whole-number \"version\"".to_string())),
    }
    let part: Part = serde_json::from_slice(&bytes).map_err(damaged)?;
    drop(bytes);
    check_part(&part).map_err(|why| PartError::Inconsistent(path.to_path_buf(), why))?;
    Ok(part)
}

/// What is wrong inside a part: which number or name is out of what a
/// comparison can hold, in words for the one line that refuses it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Inconsistency(String);

impl From<String> for Inconsistency {
    fn from(why: String) -> Self {
        Inconsistency(why)
    }
}

impl From<&str> for Inconsistency {
    fn from(why: &str) -> Self {
        Inconsistency(why.to_string())
    }
}

/// What is wrong inside a part, if anything.
fn check_part(part: &Part) -> Result<(), Inconsistency> {
    if part.sets.is_empty() || part.sets.len() > MAX_SETS {
        return Err(format!("{} sets (1 to {MAX_SETS})", part.sets.len()).into());
    }
    let written = part.sets.join(";");
    let sets = parse_sets(&written).map_err(|e| Inconsistency(e.to_string()))?;
    if sets.iter().map(label_of).collect::<Vec<_>>() != part.sets {
        return Err("its sets are not as `--sets` writes them".to_string().into());
    }
    if part.runs == 0 {
        return Err("0 runs".to_string().into());
    }
    let shard = Shard { k: part.shard, of: part.shards };
    if part.shard == 0 || part.shard > part.shards || part.shards > MAX_SHARDS {
        return Err(format!("shard {} of {} (1 <= K <= N <= {MAX_SHARDS})", part.shard, part.shards).into());
    }
    let (first, count) = shard.block(part.runs).map_err(|e| Inconsistency(e.to_string()))?;
    if part.first != first {
        return Err(format!("shard {} of {} starts at run {first}, not {}", part.shard, part.shards, part.first).into());
    }
    if part.results.len() != part.sets.len() {
        return Err(format!("results for {} sets, not {}", part.results.len(), part.sets.len()).into());
    }
    for (set, results) in part.sets.iter().zip(&part.results) {
        if results.len() != count as usize {
            let set = shown(set, limits::SHOWN_WORD);
            return Err(format!("the set '{set}' has {} runs, not its shard's {count}", results.len()).into());
        }
        for (i, r) in results.iter().enumerate() {
            check_result(r).map_err(|why| Inconsistency(format!("run {}: {why}", first + i as u64)))?;
        }
    }
    Ok(())
}

/// What is wrong with one run's result, if anything: every number within
/// what a run can reach, so no plot or figure is asked to do the impossible.
fn check_result(r: &RunResult) -> Result<(), Inconsistency> {
    if !(1..=MOST_FLOORS).contains(&r.floor) {
        return Err(format!("floor {} (1 to {MOST_FLOORS})", r.floor).into());
    }
    if r.turns > MOST_TURNS {
        return Err(format!("{} turns (at most {MOST_TURNS})", r.turns).into());
    }
    if r.dealt.len() > MOST_FLOORS as usize || r.taken.len() > MOST_FLOORS as usize {
        return Err(format!("damage for more than {MOST_FLOORS} floors").into());
    }
    if r.killer.as_ref().is_some_and(|k| k.chars().count() > KILLER_CHARS) {
        return Err(format!("a killer's name over {KILLER_CHARS} characters").into());
    }
    if r.used.len() > KILL_KINDS || r.used.keys().any(|k| k.chars().count() > KIND_CHARS) {
        return Err(format!("more than {KILL_KINDS} kinds used, or a kind over {KIND_CHARS} characters").into());
    }
    Ok(())
}

/// A merged comparison: each set's figures with its runs in run order.
pub type Compared = Vec<(SetFigures, Vec<RunResult>)>;

/// Reads `paths`, checks they are every shard of one comparison once, and
/// puts each set's runs back in run order.
pub fn merge(paths: &[PathBuf]) -> Result<Compared, PartError> {
    if paths.len() > MAX_SHARDS as usize {
        return Err(PartError::TooManyFiles { given: paths.len() });
    }
    let mut parts: Vec<(PathBuf, Part)> = Vec::with_capacity(paths.len());
    for path in paths {
        let part = read_part(path)?;
        if let Some((first_path, first)) = parts.first() {
            let differs = |what| PartError::Mismatch { a: first_path.clone(), b: path.clone(), what };
            if part.game != first.game {
                return Err(differs("the game's versions"));
            }
            if part.sets != first.sets {
                return Err(differs("the sets"));
            }
            if part.seed != first.seed {
                return Err(differs("the seeds"));
            }
            if part.runs != first.runs {
                return Err(differs("the runs"));
            }
            if part.shards != first.shards {
                return Err(differs("the numbers of shards"));
            }
        }
        if let Some((twin, _)) = parts.iter().find(|(_, p)| p.shard == part.shard) {
            return Err(PartError::Twice { a: twin.clone(), b: path.clone(), k: part.shard, of: part.shards });
        }
        parts.push((path.clone(), part));
    }
    let of = parts.first().map_or(1, |(_, p)| p.shards);
    let mut have = vec![false; of as usize];
    for (_, p) in &parts {
        have[p.shard as usize - 1] = true;
    }
    let missing: Vec<u32> = (1..=of).filter(|k| !have[*k as usize - 1]).collect();
    if !missing.is_empty() || parts.is_empty() {
        return Err(PartError::Missing { missing: if parts.is_empty() { vec![1] } else { missing }, of });
    }
    parts.sort_by_key(|(_, p)| p.shard);
    let labels = parts[0].1.sets.clone();
    let mut runs: Vec<Vec<RunResult>> = labels.iter().map(|_| Vec::new()).collect();
    for (_, part) in parts {
        for (set, results) in runs.iter_mut().zip(part.results) {
            set.extend(results);
        }
    }
    Ok(labels.iter().zip(runs).map(|(label, results)| (SetFigures::of(label, &results), results)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(floor: u32) -> RunResult {
        RunResult { turns: 100 * u64::from(floor), floor, killer: Some("an orc".into()), ..RunResult::default() }
    }

    /// The parts of a comparison of two sets, `runs` runs, cut in `of`.
    fn parts(runs: u32, of: u32) -> Vec<Part> {
        let sets = parse_sets("core_combat; all").unwrap();
        (1..=of)
            .map(|k| {
                let shard = Shard { k, of };
                let (first, count) = shard.block(runs).unwrap();
                let results = (0..2).map(|s| (0..count).map(|i| run(1 + s + first as u32 + i)).collect()).collect();
                Part::new(&sets, 7, runs, shard, results)
            })
            .collect()
    }

    fn write_all(dir: &Path, parts: &[Part]) -> Vec<PathBuf> {
        parts
            .iter()
            .map(|p| {
                let path = dir.join(format!("part-{}.json", p.shard));
                write_part(&path, p).unwrap();
                path
            })
            .collect()
    }

    #[test]
    fn out_is_checked_before_any_run_folder_and_all() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(check_out(&dir.path().join("part.json")), Ok(()));
        let missing = dir.path().join("no/such/part.json");
        let line = check_out(&missing).unwrap_err().to_string();
        assert!(line.ends_with("/no/such, which is not there; the part would not be written"), "{line}");
        std::fs::write(dir.path().join("file"), "").unwrap();
        let line = check_out(&dir.path().join("file/part.json")).unwrap_err().to_string();
        assert!(line.ends_with("/file, which is a regular file; the part would not be written"), "{line}");
        assert_eq!(check_out(Path::new("part.json")), Ok(()), "a bare name is in the working folder");
    }

    #[test]
    fn shards_are_read_and_cover_every_run_once() {
        assert_eq!(parse_shard("3/8"), Ok(Shard { k: 3, of: 8 }));
        for bad in ["0/4", "5/4", "4", "a/b", "-1/4", "1/0", "+1/4", "1/99999999999"] {
            assert!(parse_shard(bad).unwrap_err().to_string().contains("expected K/N"), "{bad}");
        }
        assert!(parse_shard("1/100001").unwrap_err().to_string().contains("at most 100000 shards"));
        let runs: Vec<u64> = (1..=3)
            .flat_map(|k| {
                let (first, count) = Shard { k, of: 3 }.block(8).unwrap();
                first..first + u64::from(count)
            })
            .collect();
        assert_eq!(runs, (0..8).collect::<Vec<_>>());
        assert!(Shard { k: 1, of: 9 }.block(8).unwrap_err().to_string().contains("more shards than runs"));
    }

    #[test]
    fn parts_merge_into_the_whole_in_run_order_whatever_order_given() {
        let dir = tempfile::tempdir().unwrap();
        let mut paths = write_all(dir.path(), &parts(7, 3));
        paths.reverse();
        let merged = merge(&paths).unwrap();
        assert_eq!(merged.len(), 2);
        assert_eq!(merged[0].0.label, "core_combat");
        assert_eq!(merged[1].0.label, "all");
        assert_eq!(merged[0].1.iter().map(|r| r.floor).collect::<Vec<_>>(), (1..=7).collect::<Vec<_>>());
        assert_eq!(merged[1].1.iter().map(|r| r.floor).collect::<Vec<_>>(), (2..=8).collect::<Vec<_>>());
    }

    #[test]
    fn a_missing_a_twice_given_or_a_foreign_part_is_refused_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let paths = write_all(dir.path(), &parts(8, 4));
        let refusal = |paths: &[PathBuf]| {
            let e = merge(paths).map(|_| "merged".to_string()).unwrap_or_else(|e| e.to_string());
            assert_eq!(e.lines().count(), 1, "{e}");
            e
        };
        assert!(refusal(&paths[..3]).starts_with("shard 4 of 4 missing"));
        assert!(refusal(&[paths[0].clone()]).starts_with("shards 2, 3, 4 of 4 missing"));
        let twice = refusal(&[paths[0].clone(), paths[1].clone(), paths[1].clone(), paths[2].clone()]);
        assert!(twice.ends_with("part-2.json are both shard 2 of 4"), "{twice}");
        let mut other = parts(8, 4)[3].clone();
        other.seed = 8;
        let foreign = dir.path().join("other.json");
        write_part(&foreign, &other).unwrap();
        let e = refusal(&[paths[0].clone(), paths[1].clone(), paths[2].clone(), foreign.clone()]);
        assert!(
            e.contains("other.json: not a part of the same comparison as") && e.ends_with("the seeds differ"),
            "{e}"
        );
        other.seed = 7;
        other.sets = vec!["core_combat".into(), "equipment".into()];
        write_part(&foreign, &other).unwrap();
        assert!(refusal(&[paths[0].clone(), foreign.clone()]).ends_with("the sets differ"));
        let other = parts(8, 2)[1].clone();
        write_part(&foreign, &other).unwrap();
        assert!(refusal(&[paths[0].clone(), foreign.clone()]).ends_with("the numbers of shards differ"));
    }

    #[test]
    fn a_damaged_part_file_is_refused_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let good = std::fs::read_to_string(&write_all(dir.path(), &parts(4, 2))[0]).unwrap();
        let path = dir.path().join("bad.json");
        let refused = |text: &str| {
            std::fs::write(&path, text).unwrap();
            let e = read_part(&path).map(|_| "read".to_string()).unwrap_or_else(|e| e.to_string());
            assert_eq!(e.lines().count(), 1, "{e}");
            assert!(e.len() < 1300, "{e}");
            e
        };
        assert!(refused(&good[..good.len() / 2]).contains("bad.json: not a balance part file (EOF"));
        assert!(refused("").contains("not a balance part file"));
        assert!(refused("{\"format\":\"a save\"}").contains("its \"format\" is not"));
        let v2 = good.replace("\"version\":1", "\"version\":2");
        assert!(refused(&v2).contains("a balance part of version 2; this game reads version 1"));
        let far = good.replacen("\"floor\":1", "\"floor\":4000000000", 1);
        assert!(refused(&far).contains("a damaged balance part: run 0: floor 4000000000"), "{}", refused(&far));
        let short = good.replacen("\"first\":0", "\"first\":1", 1);
        assert!(refused(&short).contains("shard 1 of 2 starts at run 0, not 1"));
        let k = good.replacen("\"shard\":1", "\"shard\":3", 1);
        assert!(refused(&k).contains("shard 3 of 2"));
        let extra = good.replacen("{", "{\"more\":1,", 1);
        assert!(refused(&extra).contains("unknown field `more`"));
        let huge = format!("{{\"format\":\"{FORMAT}\",\"version\":1,\"sets\":[\"{}\"]}}", "x".repeat(100_000));
        refused(&huge);
        std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero")).unwrap();
        let e = read_part(&dir.path().join("zero")).unwrap_err().to_string();
        assert!(e.contains("is not a regular file but a character device"), "{e}");
    }
}
