//! `cargo run -p xtask -- fuzz`: the game's own fuzz harness. It mutates the
//! inputs a player or a stranger can hand the game (data files, saves, key
//! scripts, recordings, traces, plugin files), runs the built game on each,
//! and reports every crash (a signal, a panic), every hang (over 10 s), every
//! run that needed more than [`MEMORY`] of address space (it is held to that
//! and aborts past it), every input that had to be refused and was let in,
//! and every save the game changed or deleted when it was not the player's
//! to end. Scenario files for `emberdeep check` are inputs too, and score
//! tables: a run that ends must keep every row of a table it reads, and
//! leave one it will not read as it was.
//!
//! The player's options file, commands whose reader goes away (a closed
//! pipe) and balance parts are inputs too ([`input`]).
//!
//! `fuzz [--seconds N] [--game PATH] [--plugin-dir DIR] [--seed S] [--keep DIR]`:
//! by default one minute against `target/release/emberdeep`; what failed is
//! copied into `--keep` (default `target/fuzz-failures`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use wait_timeout::ChildExt;

mod input;

/// How long one run of the game may take before it counts as a hang.
const HANG: Duration = Duration::from_secs(10);
/// The address space one run of the game may take (a normal headless run
/// with every plugin takes under a quarter of it).
const MEMORY: u64 = 1 << 30;

/// Why the harness could not run, or what it found.
#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    /// A flag with nothing after it.
    #[error("{0} needs a value")]
    NoValue(String),
    /// `--seconds` or `--seed` that is not a number.
    #[error("{flag} {value:?}")]
    NotANumber {
        /// The flag.
        flag: &'static str,
        /// As written.
        value: String,
    },
    /// A flag the harness does not know.
    #[error("unknown fuzz option {0}")]
    UnknownOption(String),
    /// No game at `--game`.
    #[error("{} is not built (cargo build --workspace --release)", .0.display())]
    NotBuilt(PathBuf),
    /// The work or keep folders, or the data files, could not be made or read.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A data file outside the data folder (cannot be).
    #[error(transparent)]
    Outside(#[from] std::path::StripPrefixError),
    /// A seed input could not be read.
    #[error("{}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The game refused or crashed making the seed inputs.
    #[error("making the seed inputs: {args:?}: {why}")]
    SeedRefused {
        /// The game's arguments.
        args: Vec<String>,
        /// Its first line on stderr, or how it ended.
        why: String,
    },
    /// The game hung making the seed inputs.
    #[error("making the seed inputs: {0:?} hung")]
    SeedHung(Vec<String>),
    /// Inputs that crashed, hung, were let in or changed a save.
    #[error("{0} failures")]
    Failures(u32),
}

/// The harness's settings.
pub struct Options {
    seconds: u64,
    game: PathBuf,
    plugin_dir: PathBuf,
    seed: u64,
    keep: PathBuf,
}

impl Options {
    /// From the command line after `fuzz`.
    pub fn parse(args: &[&str], root: &Path) -> Result<Options, FuzzError> {
        let mut o = Options {
            seconds: 60,
            game: root.join("target/release/emberdeep"),
            plugin_dir: PathBuf::new(),
            seed: 1,
            keep: root.join("target/fuzz-failures"),
        };
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let value = it.next().ok_or_else(|| FuzzError::NoValue(flag.to_string()))?;
            let number = |flag: &'static str| FuzzError::NotANumber { flag, value: value.to_string() };
            match *flag {
                "--seconds" => o.seconds = value.parse().map_err(|_| number("--seconds"))?,
                "--game" => o.game = PathBuf::from(value),
                "--plugin-dir" => o.plugin_dir = PathBuf::from(value),
                "--seed" => o.seed = value.parse().map_err(|_| number("--seed"))?,
                "--keep" => o.keep = PathBuf::from(value),
                other => return Err(FuzzError::UnknownOption(other.to_string())),
            }
        }
        if o.plugin_dir.as_os_str().is_empty() {
            o.plugin_dir = o.game.parent().map(Path::to_path_buf).unwrap_or_default();
        }
        if !o.game.is_file() {
            return Err(FuzzError::NotBuilt(o.game));
        }
        Ok(o)
    }
}

/// The kinds of input, taken in turn.
const KINDS: [&str; 11] =
    ["data", "save", "keys", "recording", "trace", "plugin", "check", "scores", "options", "pipe", "balance"];

/// What one kind's runs came to.
#[derive(Default)]
struct Tally {
    runs: u32,
    accepted: u32,
    refused: u32,
    crashes: u32,
    hangs: u32,
    let_in: u32,
    saves_changed: u32,
}

/// How one run of the game ended.
enum Ending {
    /// Exit 0.
    Accepted,
    /// A clean refusal: exit 1 (the game's) or 2 (the command line's).
    Refused(String),
    /// A signal or a panic.
    Crashed(String),
    /// Killed after [`HANG`].
    Hung,
}

/// The untouched inputs every mutation starts from.
struct Seeds {
    data: Vec<(PathBuf, Vec<u8>)>,
    save: Vec<u8>,
    recording: Vec<u8>,
    trace: Vec<u8>,
    plugin: Vec<u8>,
    /// The scenario files of the game's own tests, by name.
    checks: Vec<(String, Vec<u8>)>,
    /// The options, closed pipes and balance parts' own ([`input`]).
    input: input::Seeds,
}

/// Runs the harness; `Err` if anything failed.
pub fn run(o: &Options, root: &Path) -> Result<(), FuzzError> {
    let work = std::env::temp_dir().join(format!("emberdeep-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    std::fs::create_dir_all(&o.keep)?;
    let seeds = make_seeds(o, root, &work)?;
    let mut rng = StdRng::seed_from_u64(o.seed);
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let started = Instant::now();
    let mut n = 0u64;
    while started.elapsed() < Duration::from_secs(o.seconds) {
        let kind = KINDS[(n % KINDS.len() as u64) as usize];
        let case = work.join(format!("case-{n}"));
        std::fs::create_dir_all(&case)?;
        let failure = one_case(kind, o, &seeds, &case, &mut rng, tallies.entry(kind).or_default());
        if let Some(why) = failure {
            let kept = o.keep.join(format!("{kind}-{n}"));
            let _ = copy_dir(&case, &kept);
            println!("FAIL {kind} #{n}: {why} (input kept in {})", kept.display());
        }
        let _ = std::fs::remove_dir_all(&case);
        n += 1;
    }
    let _ = std::fs::remove_dir_all(&work);
    println!("{n} inputs in {:.0} s", started.elapsed().as_secs_f64());
    println!(
        "{:<10} {:>6} {:>8} {:>8} {:>7} {:>6} {:>7} {:>13}",
        "kind", "runs", "accepted", "refused", "crashes", "hangs", "let in", "saves changed"
    );
    let mut bad = 0;
    for (kind, t) in &tallies {
        println!(
            "{kind:<10} {:>6} {:>8} {:>8} {:>7} {:>6} {:>7} {:>13}",
            t.runs, t.accepted, t.refused, t.crashes, t.hangs, t.let_in, t.saves_changed
        );
        bad += t.crashes + t.hangs + t.let_in + t.saves_changed;
    }
    if bad > 0 {
        Err(FuzzError::Failures(bad))
    } else {
        Ok(())
    }
}

fn make_seeds(o: &Options, root: &Path, work: &Path) -> Result<Seeds, FuzzError> {
    let mut data = Vec::new();
    collect(&root.join("data"), &root.join("data"), &mut data)?;
    let saves = work.join("seed-saves");
    let rec = work.join("seed.json");
    let trace = work.join("seed.jsonl");
    let s = saves.display().to_string();
    let args = ["--headless", "--seed", "7", "--keys", "6*l 4*j 3*. g i a", "--save-dir", &s];
    expect_ok(o, &args)?;
    let (r, t) = (rec.display().to_string(), trace.display().to_string());
    expect_ok(o, &["--headless", "--seed", "9", "--keys", "8*l 3*j 2*h . i a", "--record", &r, "--trace", &t])?;
    let read = |p: &Path| std::fs::read(p).map_err(|error| FuzzError::Read { path: p.to_path_buf(), error });
    let plugin = read(&o.plugin_dir.join(lib("core_combat")))?;
    let mut checks = Vec::new();
    for folder in ["host/tests/checks", "host/tests/scenarios"] {
        let mut files = Vec::new();
        collect(&root.join(folder), &root.join(folder), &mut files)?;
        checks.extend(files.into_iter().map(|(p, bytes)| (p.display().to_string(), bytes)));
    }
    Ok(Seeds {
        data,
        save: read(&saves.join("save.json"))?,
        recording: read(&rec)?,
        trace: read(&trace)?,
        plugin,
        checks,
        input: input::make_seeds(o, work)?,
    })
}

fn expect_ok(o: &Options, args: &[&str]) -> Result<(), FuzzError> {
    let owned = || args.iter().map(|a| a.to_string()).collect();
    match run_game(o, args, None) {
        Ending::Accepted => Ok(()),
        Ending::Refused(why) | Ending::Crashed(why) => Err(FuzzError::SeedRefused { args: owned(), why }),
        Ending::Hung => Err(FuzzError::SeedHung(owned())),
    }
}

fn lib(name: &str) -> String {
    format!("{}{name}.{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_EXTENSION)
}

fn collect(base: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) -> Result<(), FuzzError> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect(base, &p, out)?;
        } else {
            let bytes = std::fs::read(&p)?;
            out.push((p.strip_prefix(base)?.to_path_buf(), bytes));
        }
    }
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)?.flatten() {
        let p = e.path();
        let meta = std::fs::symlink_metadata(&p)?;
        if meta.is_dir() {
            copy_dir(&p, &to.join(e.file_name()))?;
        } else if meta.is_file() {
            std::fs::copy(&p, to.join(e.file_name()))?;
        }
    }
    Ok(())
}

/// Runs the game (plugins from the harness's folder unless `args` name one).
fn run_game(o: &Options, args: &[&str], cwd: Option<&Path>) -> Ending {
    let mut cmd = Command::new(&o.game);
    if !args.contains(&"--plugin-dir") && args.first() != Some(&"trace") {
        cmd.arg("--plugin-dir").arg(&o.plugin_dir);
    }
    cmd.args(args).env_remove("RUST_LOG").stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    hold_memory(&mut cmd);
    if let Some(dir) = cwd {
        cmd.current_dir(dir);
    }
    let Ok(mut child) = cmd.spawn() else { return Ending::Crashed("the game did not start".into()) };
    let status = match child.wait_timeout(HANG) {
        Ok(Some(status)) => status,
        _ => {
            let _ = child.kill();
            let _ = child.wait();
            return Ending::Hung;
        }
    };
    let mut stderr = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.by_ref().take(64 * 1024).read_to_string(&mut stderr);
    }
    let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").to_string();
    match status.code() {
        Some(0) => Ending::Accepted,
        Some(1 | 2) if !stderr.contains("panicked") => Ending::Refused(first),
        Some(code) => Ending::Crashed(format!("exit {code}: {first}")),
        None => {
            use std::os::unix::process::ExitStatusExt;
            Ending::Crashed(format!("killed by signal {}: {first}", status.signal().unwrap_or(0)))
        }
    }
}

/// Holds the game's address space to [`MEMORY`]: past it an allocation
/// fails and the game aborts, which counts as a crash.
fn hold_memory(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    let limit = libc::rlimit { rlim_cur: MEMORY as libc::rlim_t, rlim_max: MEMORY as libc::rlim_t };
    // SAFETY: between fork and exec the closure only makes one system call,
    // which allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
}

/// One mutated input of `kind`, run; the reason if it is a failure.
fn one_case(kind: &str, o: &Options, seeds: &Seeds, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    match kind {
        "data" => data_case(o, seeds, case, rng, t),
        "save" => save_case(o, seeds, case, rng, t),
        "keys" => {
            let f = case.join("keys.txt");
            std::fs::write(&f, random_keys(rng)).ok()?;
            let seed = rng.gen_range(0..1000u32).to_string();
            let ending = run_game(o, &["--headless", "--seed", &seed, "--keys-file", f.to_str()?], None);
            tally(t, ending, false)
        }
        "recording" => {
            let f = case.join("rec.json");
            std::fs::write(&f, mutate(&seeds.recording, rng)).ok()?;
            tally(t, run_game(o, &["--headless", "--replay", f.to_str()?], None), false)
        }
        "trace" => {
            let (f, orig) = (case.join("t.jsonl"), case.join("orig.jsonl"));
            std::fs::write(&f, mutate(&seeds.trace, rng)).ok()?;
            std::fs::write(&orig, &seeds.trace).ok()?;
            let first = tally(t, run_game(o, &["trace", "summary", f.to_str()?], None), false);
            first.or_else(|| tally(t, run_game(o, &["trace", "diff", orig.to_str()?, f.to_str()?], None), false))
        }
        "check" => check_case(o, seeds, case, rng, t),
        "scores" => scores_case(o, case, rng, t),
        "options" => input::options_case(o, case, rng, t),
        "pipe" => input::pipe_case(o, seeds, case, rng, t),
        "balance" => input::balance_case(o, seeds, case, rng, t),
        _ => plugin_case(o, seeds, case, rng, t),
    }
}

/// Counts an ending; a failure's reason. `must_refuse`: letting it in is one.
fn tally(t: &mut Tally, ending: Ending, must_refuse: bool) -> Option<String> {
    t.runs += 1;
    match ending {
        Ending::Accepted if must_refuse => {
            t.let_in += 1;
            Some("let in, though it had to be refused".into())
        }
        Ending::Accepted => {
            t.accepted += 1;
            None
        }
        Ending::Refused(_) => {
            t.refused += 1;
            None
        }
        Ending::Crashed(why) => {
            t.crashes += 1;
            Some(format!("crash: {why}"))
        }
        Ending::Hung => {
            t.hangs += 1;
            Some("hang (over 10 s)".into())
        }
    }
}

/// A data folder with one file changed; some changes must be refused.
fn data_case(o: &Options, seeds: &Seeds, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let dir = case.join("data");
    for (rel, bytes) in &seeds.data {
        let to = dir.join(rel);
        std::fs::create_dir_all(to.parent()?).ok()?;
        std::fs::write(&to, bytes).ok()?;
    }
    let tomls: Vec<&(PathBuf, Vec<u8>)> =
        seeds.data.iter().filter(|(p, _)| p.extension().is_some_and(|e| e == "toml")).collect();
    let (rel, bytes) = tomls[rng.gen_range(0..tomls.len())];
    let text = String::from_utf8_lossy(bytes).into_owned();
    let (changed, must_refuse) = match rng.gen_range(0..4) {
        0 => (mutate(bytes, rng), false),
        1 => match extreme_number(&text, rng) {
            Some(t) => (t.into_bytes(), true),
            None => (mutate(bytes, rng), false),
        },
        2 => match misspelled_key(&text, rel, rng) {
            Some(t) => (t.into_bytes(), true),
            None => (mutate(bytes, rng), false),
        },
        _ => (drop_line(&text, rng).into_bytes(), false),
    };
    std::fs::write(dir.join(rel), changed).ok()?;
    let ending =
        run_game(o, &["--headless", "--seed", "3", "--data-dir", dir.to_str()?, "--keys", "5*l 5*j 5*."], None);
    tally(t, ending, must_refuse).map(|why| format!("{} ({why})", rel.display()))
}

/// A save changed; it must be refused or played, and a refused one never
/// changes, whatever runs next.
fn save_case(o: &Options, seeds: &Seeds, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let dir = case.join("saves");
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join("save.json");
    let raw = rng.gen_bool(0.5);
    let bytes = if raw { mutate(&seeds.save, rng) } else { resealed(&seeds.save, rng)? };
    if bytes == seeds.save {
        return None;
    }
    std::fs::write(&path, &bytes).ok()?;
    let d = dir.to_str()?;
    let ending = run_game(o, &["--headless", "--continue", "--save-dir", d, "--keys", "3*."], None);
    let refused = matches!(ending, Ending::Refused(_));
    // A checksum mismatch is damage: the game must say so.
    let must_refuse = raw;
    if let Some(why) = tally(t, ending, must_refuse) {
        return Some(why);
    }
    if refused {
        let unchanged = std::fs::read(&path).ok().as_deref() == Some(&bytes[..]);
        let after = run_game(o, &["--headless", "--save-dir", d, "--keys", "2*."], None);
        let still = std::fs::read(&path).ok().as_deref() == Some(&bytes[..]);
        if !unchanged || !still {
            t.saves_changed += 1;
            return Some("a save the game refused was changed or deleted".into());
        }
        return tally(t, after, false);
    }
    None
}

/// A plugin folder with core_combat and a damaged copy of it.
fn plugin_case(o: &Options, seeds: &Seeds, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let dir = case.join("plugins");
    std::fs::create_dir_all(&dir).ok()?;
    std::fs::write(dir.join(lib("core_combat")), &seeds.plugin).ok()?;
    let mut bytes = seeds.plugin.clone();
    let cut = rng.gen_bool(0.6);
    if cut {
        bytes.truncate(rng.gen_range(0..bytes.len()));
    } else {
        // Flips in the ELF header and program headers: what the loader reads first.
        for _ in 0..rng.gen_range(1..6) {
            let at = rng.gen_range(0..bytes.len().min(1024));
            bytes[at] ^= 1 << rng.gen_range(0..8);
        }
    }
    std::fs::write(dir.join(lib("mutant")), &bytes).ok()?;
    let ending = run_game(o, &["--plugin-dir", dir.to_str()?, "--headless", "--seed", "2", "--keys", "3*."], None);
    tally(t, ending, false)
}

/// A scenario file of the game's tests, changed, played by `emberdeep
/// check`: it may hold or fail (exit 1) or be refused, never crash, hang or
/// run out of memory; an expectation naming an event no one writes must be
/// refused.
fn check_case(o: &Options, seeds: &Seeds, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let (name, bytes) = &seeds.checks[rng.gen_range(0..seeds.checks.len())];
    let text = String::from_utf8_lossy(bytes).into_owned();
    let (changed, must_refuse) = match rng.gen_range(0..5) {
        0 | 1 => (mutate(bytes, rng), false),
        2 => {
            // Many keys: a long run, in bounded memory.
            let keys = format!("[keys]\n{}*. {}*l\n", rng.gen_range(1..40_000), rng.gen_range(1..1000));
            (with_section(&text, "[keys]", &keys).into_bytes(), false)
        }
        3 => {
            let line = ["no event atack", "event dath who=player", "events 2 nosuch_event"][rng.gen_range(0..3)];
            (with_section(&text, "[expect]", &format!("[expect]\n{line}\n")).into_bytes(), true)
        }
        _ => {
            let extreme = ["10000", "1001", "4294967296", "-1", "0", "18446744073709551615"][rng.gen_range(0..6)];
            let line = ["floor = ", "seed = "][rng.gen_range(0..2)];
            (with_section(&text, "[options]", &format!("[options]\n{line}{extreme}\n")).into_bytes(), false)
        }
    };
    let file = case.join("scenario.txt");
    std::fs::write(&file, changed).ok()?;
    // `check` exits 1 when an expectation fails, as when it refuses.
    let ending = run_game(o, &["check", file.to_str()?], None);
    tally(t, ending, must_refuse).map(|why| format!("{name} ({why})"))
}

/// A floor where the player dies within a few turns of waiting.
const DEADLY: &str = "[map]\n#####\n#T@T#\n#.T.#\n#####\n[legend]\nT = monster troll hunting\n[options]\nseed = 5\n";

/// A score table, made up or changed, in the save folder of a run that ends
/// in a death: the game may take it or leave it, but a table it took keeps
/// every row that still ranks, best first, and one it left is unchanged.
fn scores_case(o: &Options, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let dir = case.join("saves");
    std::fs::create_dir_all(&dir).ok()?;
    let scenario = case.join("deadly.txt");
    std::fs::write(&scenario, DEADLY).ok()?;
    let rows: Vec<String> = (0..rng.gen_range(0..14))
        .map(|i| {
            let score = [rng.gen_range(0..500u64), rng.gen(), 100][rng.gen_range(0..3)];
            format!(
                r#"{{"score":{score},"seed":{i},"turn":{},"floor":1,"level":1,"end":"killed by a jackal"}}"#,
                rng.gen_range(0..10_000)
            )
        })
        .collect();
    let table = format!(r#"{{"version":1,"scores":[{}]}}"#, rows.join(","));
    let bytes = if rng.gen_bool(0.3) { mutate(table.as_bytes(), rng) } else { table.into_bytes() };
    let file = dir.join("scores.json");
    std::fs::write(&file, &bytes).ok()?;
    let (d, s) = (dir.to_str()?, scenario.to_str()?);
    let ending = run_game(o, &["--headless", "--scenario", s, "--keys", "300*.", "--save-dir", d], None);
    if let Some(why) = tally(t, ending, false) {
        return Some(why);
    }
    let after = std::fs::read(&file).ok()?;
    if after == bytes {
        return None;
    }
    let scores = |b: &[u8]| -> Option<Vec<serde_json::Value>> {
        let v: serde_json::Value = serde_json::from_slice(b).ok()?;
        v.get("scores")?.as_array().cloned()
    };
    let Some(old) = scores(&bytes) else {
        t.saves_changed += 1;
        return Some("a score table the game could not read was written over".into());
    };
    let Some(new) = scores(&after) else { return Some("the game wrote a score table it cannot read".into()) };
    let value = |row: &serde_json::Value| row.get("score").and_then(serde_json::Value::as_u64).unwrap_or(0);
    if new.windows(2).any(|w| value(&w[0]) < value(&w[1])) {
        return Some("the game wrote a score table out of order".into());
    }
    let lowest = new.iter().map(value).min().unwrap_or(0);
    let full = new.len() >= 10;
    if let Some(lost) = old.iter().find(|row| !new.contains(row) && (!full || value(row) > lowest)) {
        t.saves_changed += 1;
        return Some(format!("a row that still ranked was dropped from the score table: {lost}"));
    }
    None
}

/// `text` with its section `header` replaced by `section` (added when missing).
fn with_section(text: &str, header: &str, section: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') && trimmed.ends_with(']') {
            skipping = trimmed == header;
        }
        if !skipping {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(section);
    out
}

/// Bytes changed a little: flips, a cut, a run of junk, a repeat.
fn mutate(bytes: &[u8], rng: &mut StdRng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    if out.is_empty() {
        return vec![rng.gen()];
    }
    match rng.gen_range(0..5) {
        0 => {
            for _ in 0..rng.gen_range(1..8) {
                let at = rng.gen_range(0..out.len());
                out[at] ^= 1 << rng.gen_range(0..8);
            }
        }
        1 => out.truncate(rng.gen_range(0..out.len())),
        2 => {
            let at = rng.gen_range(0..out.len());
            let junk: Vec<u8> = (0..rng.gen_range(1..64)).map(|_| rng.gen()).collect();
            out.splice(at..at, junk);
        }
        3 => {
            let at = rng.gen_range(0..out.len());
            let len = rng.gen_range(1..200).min(out.len() - at);
            let piece = out[at..at + len].to_vec();
            out.splice(at..at, piece);
        }
        _ => {
            let at = rng.gen_range(0..out.len());
            let len = rng.gen_range(1..50).min(out.len() - at);
            out.drain(at..at + len);
        }
    }
    out
}

/// Numbers no rule allows anywhere in the records.
const EXTREMES: [&str; 5] = ["-1", "-7", "4294967297", "18446744073709551615", "9999999999"];

/// A number of the text (after an `=` or in a list) swapped for one no rule allows.
fn extreme_number(text: &str, rng: &mut StdRng) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let numeric: Vec<usize> = (0..lines.len())
        .filter(|&i| {
            let l = lines[i];
            let code = l.split('#').next().unwrap_or("");
            // A number inside a quoted text (a description's "heals 20") is
            // words, not a setting: any number may be written there.
            let value = code.split_once('=').map_or("", |(_, v)| v).trim_start();
            !l.trim_start().starts_with('#')
                && l.contains('=')
                && !value.starts_with('"')
                && value.chars().any(|c| c.is_ascii_digit())
        })
        .collect();
    let i = *numeric.get(rng.gen_range(0..numeric.len().max(1)))?;
    let line = lines[i];
    let (code, comment) = line.split_once('#').map_or((line, ""), |(a, b)| (a, b));
    let (key, value) = code.split_once('=')?;
    // Swap the first run of digits in the value.
    let start = value.find(|c: char| c.is_ascii_digit())?;
    let end = value[start..].find(|c: char| !c.is_ascii_digit()).map_or(value.len(), |e| start + e);
    let new_value = format!("{}{}{}", &value[..start], EXTREMES[rng.gen_range(0..EXTREMES.len())], &value[end..]);
    let comment = if comment.is_empty() { String::new() } else { format!("#{comment}") };
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    out[i] = format!("{key}={new_value}{comment}");
    Some(out.join("\n") + "\n")
}

/// A key of a record (or of the host's settings) with one letter changed:
/// it must be refused. Plugins' own settings are theirs to name, so left alone.
fn misspelled_key(text: &str, file: &Path, rng: &mut StdRng) -> Option<String> {
    let host = file.starts_with("host");
    let mut section = String::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut candidates = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        if t.starts_with('[') {
            section = t.to_string();
            continue;
        }
        let in_record = section == "[[monster]]" || section == "[[item]]";
        let key = t.split('=').next().unwrap_or("").trim();
        let plain = !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '_') && t.contains('=');
        if plain && (in_record || (host && section == "[settings]")) && !t.contains('{') {
            candidates.push(i);
        }
    }
    let i = *candidates.get(rng.gen_range(0..candidates.len().max(1)))?;
    let line = lines[i];
    let eq = line.find('=')?;
    let key = line[..eq].trim_end();
    let mut chars: Vec<char> = key.chars().collect();
    let at = rng.gen_range(0..chars.len());
    chars[at] = if chars[at] == 'q' { 'z' } else { 'q' };
    let misspelled: String = chars.into_iter().collect();
    let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    out[i] = format!("{misspelled}{}", &line[key.len()..]);
    Some(out.join("\n") + "\n")
}

fn drop_line(text: &str, rng: &mut StdRng) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    if !lines.is_empty() {
        lines.remove(rng.gen_range(0..lines.len()));
    }
    lines.join("\n") + "\n"
}

/// A save with one number of its body changed and its checksum made right
/// again, so the game's own checks, not the checksum, must catch it.
fn resealed(save: &[u8], rng: &mut StdRng) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(save).ok()?;
    let (header, body) = text.split_once('\n')?;
    let body = body.strip_suffix('\n')?;
    let digits: Vec<usize> = body.char_indices().filter(|(_, c)| c.is_ascii_digit()).map(|(i, _)| i).collect();
    let at = *digits.get(rng.gen_range(0..digits.len().max(1)))?;
    let end = body[at..].find(|c: char| !c.is_ascii_digit()).map_or(body.len(), |e| at + e);
    let start = body[..at].rfind(|c: char| !c.is_ascii_digit()).map_or(0, |s| s + 1);
    let replacement = ["0", "-5", "4294967295", "1000001", "99", "18446744073709551616"][rng.gen_range(0..6)];
    let new_body = format!("{}{replacement}{}", &body[..start], &body[end..]);
    let mut words = header.split(' ');
    let (magic, format) = (words.next()?, words.next()?);
    Some(format!("{magic} {format} {:08x}\n{new_body}\n", crc32fast::hash(new_body.as_bytes())).into_bytes())
}

/// A key script of words good and bad.
fn random_keys(rng: &mut StdRng) -> String {
    const WORDS: [&str; 24] = [
        "l", "h", "j", "k", "y", "u", "b", "n", ".", "g", "i", "a", "b", "d", "f", "t", "Tab", "Enter", "Esc", ">",
        "m", "F2", "KP5", "R",
    ];
    const ODD: [&str; 10] = [
        "18446744073709551615*.",
        "4000000000000*.",
        "100001*l",
        "Click:-5,99999",
        "Hover:2147483647,-2147483648",
        "KP0",
        "F99",
        "💥",
        "*",
        "3*",
    ];
    let mut out = String::new();
    for _ in 0..rng.gen_range(1..120) {
        let word =
            if rng.gen_bool(0.05) { ODD[rng.gen_range(0..ODD.len())] } else { WORDS[rng.gen_range(0..WORDS.len())] };
        if rng.gen_bool(0.1) {
            out.push_str(&format!("{}*", rng.gen_range(1..40)));
        }
        out.push_str(word);
        out.push(if rng.gen_bool(0.05) { '\n' } else { ' ' });
    }
    out
}
