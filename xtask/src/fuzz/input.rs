//! The fuzz harness's kinds for the player's own files and the commands'
//! output: `options` (the options file's values and key bindings, which
//! must never clash unsaid, lose the save-and-quit key or echo a value
//! whole), `pipe` (every command whose reader goes away before it writes
//! must end quietly, with its usual code and no panic) and `balance`
//! (balance parts, changed or put together wrong, and `--out` that cannot
//! be written, which must be refused before any run).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use rand::rngs::StdRng;
use rand::Rng;
use wait_timeout::ChildExt;

use super::{hold_memory, mutate, tally, Ending, FuzzError, Options, Tally, HANG};

/// The longest line the game may write about a file it was given: every
/// echo of the file is cut well below this (an option's name, a value).
const LONGEST_LINE: usize = 2_000;

/// The host's actions the options file may bind, by option name, with their keys.
const ACTIONS: [(&str, &str); 28] = [
    ("step_west", "h"),
    ("step_south", "j"),
    ("step_north", "k"),
    ("step_east", "l"),
    ("step_north_west", "y"),
    ("step_north_east", "u"),
    ("step_south_west", "b"),
    ("step_south_east", "n"),
    ("wait", "."),
    ("descend", ">"),
    ("rest", "Z"),
    ("explore", "o"),
    ("travel_to_stairs", "G"),
    ("fire", "f"),
    ("throw", "t"),
    ("pick_up", "g"),
    ("pack", "i"),
    ("quaff", "q"),
    ("read", "r"),
    ("wield", "w"),
    ("wear", "W"),
    ("drop", "d"),
    ("look", "x"),
    ("messages", "m"),
    ("help", "?"),
    ("switch_view", "F2"),
    ("cell_bigger", "+"),
    ("cell_smaller", "_"),
];

/// Keys no host action nor first-party plugin answers in play.
const FREE: [&str; 5] = ["O", "Q", "V", "X", "C"];

/// What this module's kinds start from.
pub(super) struct Seeds {
    /// Two parts of one balance comparison (shards 1/2 and 2/2).
    parts: [Vec<u8>; 2],
}

/// Plays the balance parts the `balance` kind changes (a few seconds).
pub(super) fn make_seeds(o: &Options, work: &Path) -> Result<Seeds, FuzzError> {
    let mut parts = [Vec::new(), Vec::new()];
    for (k, part) in parts.iter_mut().enumerate() {
        let out = work.join(format!("seed-part-{}.json", k + 1));
        let shard = format!("{}/2", k + 1);
        let args = ["balance", "--sets", "core_combat", "--runs", "2", "--seed", "3", "--shard", &shard];
        super::expect_ok(o, &[&args[..], &["--out", out.to_str().unwrap_or_default()]].concat())?;
        *part = std::fs::read(&out).map_err(|error| FuzzError::Read { path: out.clone(), error })?;
    }
    Ok(Seeds { parts })
}

/// How a run ended, with all it said on stderr (the first 1 MB).
fn run_full(o: &Options, args: &[&str], closed_stdout: bool, stdin: Option<&[u8]>) -> (Ending, String) {
    let mut cmd = Command::new(&o.game);
    if !args.contains(&"--plugin-dir") && args.first() != Some(&"trace") {
        cmd.arg("--plugin-dir").arg(&o.plugin_dir);
    }
    let stdout = if closed_stdout { Stdio::piped() } else { Stdio::null() };
    let input = if stdin.is_some() { Stdio::piped() } else { Stdio::null() };
    cmd.args(args).env_remove("RUST_LOG").stdin(input).stdout(stdout).stderr(Stdio::piped());
    hold_memory(&mut cmd);
    let Ok(mut child) = cmd.spawn() else { return (Ending::Crashed("the game did not start".into()), String::new()) };
    // The reader goes away before the game writes a thing.
    drop(child.stdout.take());
    if let (Some(mut pipe), Some(bytes)) = (child.stdin.take(), stdin) {
        use std::io::Write;
        let _ = pipe.write_all(bytes);
    }
    // Read as it comes, so a chatty run never stalls on a full pipe.
    let reader = child.stderr.take().map(|e| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = e.take(1 << 20).read_to_string(&mut text);
            text
        })
    });
    let status = match child.wait_timeout(HANG) {
        Ok(Some(status)) => status,
        _ => {
            let _ = child.kill();
            let _ = child.wait();
            return (Ending::Hung, String::new());
        }
    };
    let stderr = reader.and_then(|r| r.join().ok()).unwrap_or_default();
    let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("").to_string();
    let ending = match status.code() {
        Some(0) => Ending::Accepted,
        Some(1 | 2) if !stderr.contains("panicked") => Ending::Refused(first),
        Some(code) => Ending::Crashed(format!("exit {code}: {first}")),
        None => {
            use std::os::unix::process::ExitStatusExt;
            Ending::Crashed(format!("killed by signal {}: {first}", status.signal().unwrap_or(0)))
        }
    };
    (ending, stderr)
}

/// A line of `stderr` longer than [`LONGEST_LINE`]: an echo not cut.
fn uncut(stderr: &str) -> Option<String> {
    let long = stderr.lines().find(|l| l.len() > LONGEST_LINE)?;
    Some(format!("a line of {} bytes: an echo of the input not cut ({}...)", long.len(), &long[..80]))
}

/// An options file: bindings that clash (each must be said, naming both
/// options, and keep its default), the save-and-quit key taken, one key
/// for everything, changed bytes, values of tens of kilobytes. The game
/// must start, say each problem in one short line and play on.
pub(super) fn options_case(o: &Options, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let cfg = case.join("cfg");
    std::fs::create_dir_all(&cfg).ok()?;
    let (saves, trace) = (case.join("saves"), case.join("t.jsonl"));
    // What the file is, the keys played, and what must hold of stderr and the trace.
    let (text, keys, check): (String, &str, Check) = match rng.gen_range(0..5) {
        0 => {
            let a = rng.gen_range(0..ACTIONS.len());
            let b = (a + rng.gen_range(1..ACTIONS.len())) % ACTIONS.len();
            let (name, other) = (ACTIONS[a].0, ACTIONS[b].0);
            let text = format!("[keys]\n{name} = \"{}\"\n", ACTIONS[b].1);
            (text, ". .", Check::Said(vec![format!("`keys.{name}`"), format!("`keys.{other}`")]))
        }
        1 => {
            let (name, _) = ACTIONS[rng.gen_range(0..ACTIONS.len())];
            (format!("[keys]\n{name} = \"Esc\"\n"), "Esc y l l", Check::Quits)
        }
        2 => {
            let all = FREE[rng.gen_range(0..FREE.len())];
            let mut text = String::from("[keys]\n");
            for (name, _) in ACTIONS {
                text.push_str(&format!("{name} = \"{all}\"\n"));
            }
            (text, ". .", Check::AllButOne)
        }
        3 => {
            let good = "view = \"tiles\"\ncell_size = 20\nanimation_speed = 2.0\n[explore]\nstop_for_items = false\n\
                        [ask]\nshoot_short = false\n[keys]\nexplore = \"O\"\nstep_west = \"Q\"\n[plugin_keys]\n\"s\" = \"V\"\n";
            let bytes = mutate(good.as_bytes(), rng);
            (String::from_utf8_lossy(&bytes).into_owned(), "5*.", Check::Plays)
        }
        _ => {
            let huge = "x".repeat(rng.gen_range(10_000..70_000));
            let text = match rng.gen_range(0..4) {
                0 => format!("view = \"{huge}\"\n"),
                1 => format!("[keys]\n\"{huge}\" = \"a\"\n"),
                2 => format!("{huge} = 1\n"),
                _ => format!("[keys]\nexplore = \"{huge}\"\n"),
            };
            (text, "3*.", Check::Plays)
        }
    };
    std::fs::write(cfg.join("options.toml"), &text).ok()?;
    let args = [
        "--headless",
        "--seed",
        "5",
        "--config-dir",
        cfg.to_str()?,
        "--save-dir",
        saves.to_str()?,
        "--trace",
        trace.to_str()?,
        "--keys",
        keys,
    ];
    let (ending, stderr) = run_full(o, &args, false, None);
    let accepted = matches!(ending, Ending::Accepted);
    if let Some(why) = tally(t, ending, false) {
        return Some(why);
    }
    if let Some(why) = uncut(&stderr) {
        let_in_after_all(t, accepted);
        return Some(why);
    }
    if !accepted {
        return None;
    }
    let presses: Vec<String> = std::fs::read_to_string(&trace)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["event"] == "press")
        .map(|e| e["key"].as_str().unwrap_or("").to_string())
        .collect();
    let problem = match check {
        Check::Said(names) => {
            let said = stderr.lines().any(|l| names.iter().all(|n| l.contains(n.as_str())));
            (!said).then(|| format!("a clash not said naming both options {names:?}: {stderr}"))
        }
        Check::Quits => (presses != ["Esc", "y"]).then(|| format!("Esc did not save and quit: pressed {presses:?}")),
        Check::AllButOne => {
            let said = stderr.lines().filter(|l| l.contains("is already bound by option `keys.step_west`")).count();
            let waited = presses.first().is_some_and(|k| k == ".");
            (said != ACTIONS.len() - 1 || !waited)
                .then(|| format!("one key for everything: {said} lines said, pressed {presses:?}"))
        }
        Check::Plays => None,
    };
    if problem.is_some() {
        let_in_after_all(t, true);
    }
    problem
}

/// A run [`tally`] counted as accepted (or refused) that let in what it
/// had to refuse or say: counted as let in instead.
fn let_in_after_all(t: &mut Tally, accepted: bool) {
    if accepted {
        t.accepted -= 1;
    } else {
        t.refused -= 1;
    }
    t.let_in += 1;
}

/// What an options case must show.
enum Check {
    /// A line of stderr names all of these.
    Said(Vec<String>),
    /// `Esc y` saved and quit: nothing pressed after.
    Quits,
    /// One key for every action: every option but the first said, and `.` still waits.
    AllButOne,
    /// It plays (any problem said in short lines).
    Plays,
}

/// A command whose reader goes away before it writes: it must end with
/// its usual code, no panic, no signal.
pub(super) fn pipe_case(
    o: &Options,
    seeds: &super::Seeds,
    case: &Path,
    rng: &mut StdRng,
    t: &mut Tally,
) -> Option<String> {
    let player = case.join("player-plugins");
    let trace = case.join("t.jsonl");
    std::fs::write(&trace, &seeds.trace).ok()?;
    let (name, bytes) = &seeds.checks[rng.gen_range(0..seeds.checks.len())];
    let check = case.join(Path::new(name).file_name()?);
    std::fs::write(&check, bytes).ok()?;
    let parts: Vec<PathBuf> = (0..2).map(|k| case.join(format!("p{}.json", k + 1))).collect();
    for (p, bytes) in parts.iter().zip(&seeds.input.parts) {
        std::fs::write(p, bytes).ok()?;
    }
    let report = case.join("report");
    let (t_, c, r) = (trace.to_str()?, check.to_str()?, report.to_str()?);
    let (p1, p2, pp) = (parts[0].to_str()?, parts[1].to_str()?, player.to_str()?);
    let commands: [Vec<&str>; 10] = [
        vec!["--player-plugin-dir", pp, "plugin", "list"],
        vec!["--player-plugin-dir", pp, "--list-plugins"],
        vec!["--bot", "2", "--seed", "4"],
        vec!["check", c],
        vec!["trace", "summary", t_],
        vec!["trace", "diff", t_, t_],
        vec!["trace", "events", t_, "--event", "press"],
        vec!["balance", "merge", p1, p2, "--report", r],
        vec!["--headless", "--seed", "2", "--keys-from", "-"],
        vec!["--replay", t_, "--headless", "--at", "3"],
    ];
    let args = &commands[rng.gen_range(0..commands.len())];
    let stdin = args.contains(&"--keys-from").then_some(&b"l l\nj\n. .\n"[..]);
    let (ending, stderr) = run_full(o, args, true, stdin);
    if stderr.contains("panicked") || stderr.contains("Broken pipe") {
        t.runs += 1;
        t.crashes += 1;
        return Some(format!("{args:?} with its reader gone: {}", stderr.lines().next().unwrap_or("")));
    }
    tally(t, ending, false).map(|why| format!("{args:?} with its reader gone: {why}"))
}

/// Balance parts changed or put together wrong, and `--shard`/`--out`
/// that cannot be played or written: never a crash or a hang; parts that
/// are not one comparison, and an `--out` in no folder, refused (the
/// latter before a single run is played).
pub(super) fn balance_case(
    o: &Options,
    seeds: &super::Seeds,
    case: &Path,
    rng: &mut StdRng,
    t: &mut Tally,
) -> Option<String> {
    let parts: Vec<PathBuf> = (0..2).map(|k| case.join(format!("p{}.json", k + 1))).collect();
    for (p, bytes) in parts.iter().zip(&seeds.input.parts) {
        std::fs::write(p, bytes).ok()?;
    }
    let report = case.join("report");
    let (p1, p2, r) = (parts[0].to_str()?, parts[1].to_str()?, report.to_str()?);
    match rng.gen_range(0..4) {
        0 => {
            let which = rng.gen_range(0..2);
            std::fs::write(&parts[which], mutate(&seeds.input.parts[which], rng)).ok()?;
            tally(t, run_full(o, &["balance", "merge", p1, p2, "--report", r], false, None).0, false)
        }
        1 => {
            // One shard twice, or one alone: not one comparison.
            let args: Vec<&str> = if rng.gen_bool(0.5) {
                vec!["balance", "merge", p1, p1, "--report", r]
            } else {
                vec!["balance", "merge", p2, "--report", r]
            };
            tally(t, run_full(o, &args, false, None).0, true)
        }
        2 => {
            let out = case.join("no/such/part.json");
            let args = ["balance", "--sets", "core_combat", "--runs", "2", "--shard", "1/2", "--out", out.to_str()?];
            let (ending, stderr) = run_full(o, &args, false, None);
            let played = stderr.contains("balance: set");
            let why = tally(t, ending, true);
            if why.is_none() && played {
                let_in_after_all(t, false);
                return Some("--out in no folder was refused only after the shard's runs".into());
            }
            why
        }
        _ => {
            let shard = ["0/2", "3/2", "1/0", "1/100001", "4294967296/1", "1/2/3", "-1/2", "1/"][rng.gen_range(0..8)];
            let out = case.join("part.json");
            let args = ["balance", "--sets", "core_combat", "--runs", "2", "--shard", shard, "--out", out.to_str()?];
            tally(t, run_full(o, &args, false, None).0, true)
        }
    }
}
