//! `--bot N` on every core: the runs are split into `--jobs` blocks of
//! consecutive run numbers, each played by a child process of this binary
//! (`--bot COUNT --bot-first K --bot-results`), which prints each run's
//! result as a JSON line and writes its own trace file. The parent puts the
//! results and the traces back in run order. Run `i` always plays seed
//! `seed + i`, so the summary and the trace are the same byte for byte
//! whatever the number of jobs.
//!
//! Children and not threads: a game holds its plugins and records in `Rc`s,
//! and a child that crashes takes only its block with it (named in the error).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;

use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::Game;

use crate::drivers::lab::bot::{self, RunResult};

/// Why the bot's runs could not be played or reported, naming the job.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The game's own file cannot be found, to start the jobs.
    #[error("cannot find the game to start jobs: {0}")]
    NoGame(std::io::Error),
    /// A job cannot be started.
    #[error("cannot start job {job}: {error}")]
    Start {
        /// The job, from 1.
        job: usize,
        /// Why.
        error: std::io::Error,
    },
    /// A job could not be waited for.
    #[error("job for runs {first}-{last}: {error}")]
    Wait {
        /// Its first run.
        first: u64,
        /// Its last run.
        last: u64,
        /// Why.
        error: std::io::Error,
    },
    /// A job failed.
    #[error("the job playing runs {first} to {last} failed ({status})")]
    Failed {
        /// Its first run.
        first: u64,
        /// Its last run.
        last: u64,
        /// How it ended.
        status: std::process::ExitStatus,
    },
    /// A job printed something that is not a run's result.
    #[error("the job playing runs {first} to {last} said something else: {error}")]
    SaidElse {
        /// Its first run.
        first: u64,
        /// Its last run.
        last: u64,
        /// Why the line does not read.
        error: serde_json::Error,
    },
    /// A job reported another number of runs than it was given.
    #[error("the job playing runs {first} to {last} reported {reported} runs, not {count}")]
    Count {
        /// Its first run.
        first: u64,
        /// Its last run.
        last: u64,
        /// How many it reported.
        reported: usize,
        /// How many it played.
        count: u32,
    },
    /// The trace could not be written.
    #[error("writing the trace failed: {0}")]
    Trace(std::io::Error),
    /// The merged trace file cannot be made.
    #[error("cannot write the trace file {}: {error}", path.display())]
    CreateTrace {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The merged trace file could not be finished.
    #[error("writing the trace file {} failed: {error}", path.display())]
    FlushTrace {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A job's output or trace part could not be read, or a result written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A result could not be turned into JSON.
    #[error(transparent)]
    Encode(#[from] serde_json::Error),
}

/// The most jobs `--jobs` may ask for.
pub const MAX_JOBS: usize = 256;

/// The jobs to use: the number asked for, or one per core; never more than the runs.
pub fn jobs_for(asked: Option<usize>, runs: u32) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    asked.unwrap_or(cores).clamp(1, MAX_JOBS).min(runs.max(1) as usize)
}

/// Runs `first..first + count` in this process, one after another, their
/// events going to `trace`.
pub fn play_block(
    first: u64,
    count: u32,
    seed: u64,
    plugins: &Rc<Plugins>,
    records: &Rc<Records>,
    mut trace: Trace,
    on_run: &mut dyn FnMut(&RunResult),
) -> Result<Vec<RunResult>, JobError> {
    let mut results = Vec::with_capacity(count as usize);
    for i in first..first + u64::from(count) {
        let mut game = Game::fresh(seed.wrapping_add(i), plugins.clone(), records.clone(), trace);
        let result = bot::play_run(&mut game);
        on_run(&result);
        results.push(result);
        trace = game.replace_trace(Trace::console());
    }
    trace.finish().map_err(JobError::Trace)?;
    Ok(results)
}

/// The blocks of consecutive runs: (first run, how many), as even as can be.
pub fn blocks(runs: u32, jobs: usize) -> Vec<(u64, u32)> {
    let jobs = jobs.max(1) as u32;
    let (each, extra) = (runs / jobs, runs % jobs);
    let mut first = 0u64;
    (0..jobs)
        .map(|j| {
            let count = each + u32::from(j < extra);
            let block = (first, count);
            first += u64::from(count);
            block
        })
        .filter(|&(_, count)| count > 0)
        .collect()
}

/// What a child needs besides its block: the game's own flags, passed on.
pub struct ChildArgs {
    /// `--plugins`, `--plugin-dir`, `--data-dir`, `--assets-dir` and their values.
    pub passed_on: Vec<String>,
    /// The base seed.
    pub seed: u64,
    /// Where the merged trace goes, if anywhere.
    pub trace: Option<PathBuf>,
}

/// Plays `runs` runs in `jobs` child processes and returns their results in run order.
pub fn play_in_children(
    runs: u32,
    jobs: usize,
    args: &ChildArgs,
    on_run: &mut dyn FnMut(),
) -> Result<Vec<RunResult>, JobError> {
    play_from_in_children(0, runs, jobs, args, on_run)
}

/// Plays runs `start..start + runs` in `jobs` child processes (a shard of
/// a balance comparison starts past 0) and returns their results in run
/// order; `on_run` hears of each run as a child reports it.
pub fn play_from_in_children(
    start: u64,
    runs: u32,
    jobs: usize,
    args: &ChildArgs,
    on_run: &mut dyn FnMut(),
) -> Result<Vec<RunResult>, JobError> {
    let exe = std::env::current_exe().map_err(JobError::NoGame)?;
    let mut children = Vec::new();
    for (n, (first, count)) in blocks(runs, jobs).into_iter().enumerate() {
        let first = start + first;
        let mut cmd = Command::new(&exe);
        cmd.args(&args.passed_on)
            .args(["--bot", &count.to_string(), "--bot-first", &first.to_string()])
            .args(["--seed", &args.seed.to_string(), "--bot-results", "--jobs", "1"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped());
        // Each job's trace goes beside the merged one, and is removed once merged.
        let part = args.trace.as_ref().map(|t| part_path(t, n));
        if let Some(part) = &part {
            cmd.arg("--trace").arg(part);
        }
        crate::drivers::confine::own_program(&mut cmd);
        let child = cmd.spawn().map_err(|error| JobError::Start { job: n + 1, error })?;
        children.push((first, count, part, child));
    }
    // Each child's lines read as they come, on a thread of its own, so the
    // runs are counted as they end and no child waits on a full pipe.
    let (send, said) = std::sync::mpsc::channel::<(usize, std::io::Result<String>)>();
    for (n, (_, _, _, child)) in children.iter_mut().enumerate() {
        let Some(out) = child.stdout.take() else { continue };
        let send = send.clone();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(out).lines() {
                if send.send((n, line)).is_err() {
                    break;
                }
            }
        });
    }
    drop(send);
    let mut lines: Vec<Vec<std::io::Result<String>>> = children.iter().map(|_| Vec::new()).collect();
    for (n, line) in said {
        lines[n].push(line);
        on_run();
    }
    let mut results = Vec::with_capacity(runs as usize);
    let mut parts_in_order: Vec<PathBuf> = Vec::new();
    for ((first, count, part, mut child), said) in children.into_iter().zip(lines) {
        let last = first + u64::from(count) - 1;
        let status = child.wait().map_err(|error| JobError::Wait { first, last, error })?;
        if !status.success() {
            return Err(JobError::Failed { first, last, status });
        }
        let mut block = Vec::new();
        for line in said {
            let line = line?;
            let result: RunResult =
                serde_json::from_str(&line).map_err(|error| JobError::SaidElse { first, last, error })?;
            block.push(result);
        }
        if block.len() != count as usize {
            return Err(JobError::Count { first, last, reported: block.len(), count });
        }
        results.extend(block);
        parts_in_order.extend(part);
    }
    if let Some(trace) = &args.trace {
        let merged = merge(&parts_in_order, trace);
        for part in &parts_in_order {
            let _ = std::fs::remove_file(part);
        }
        merged?;
    }
    Ok(results)
}

/// Where job `n` writes its part of the trace `trace`: this user's work
/// folder (the only place besides the trace a confined game may write it),
/// else beside the trace.
fn part_path(trace: &Path, n: usize) -> PathBuf {
    let name = trace.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let part = format!("{name}.job-{n}.{}", std::process::id());
    match crate::drivers::confine::work_folder() {
        Some(work) => work.join(part),
        None => trace.with_file_name(part),
    }
}

/// Writes the parts one after another into `to`.
fn merge(parts: &[PathBuf], to: &Path) -> Result<(), JobError> {
    let file = std::fs::File::create(to).map_err(|error| JobError::CreateTrace { path: to.to_path_buf(), error })?;
    let mut out = std::io::BufWriter::new(file);
    for part in parts {
        let mut input = std::fs::File::open(part)?;
        std::io::copy(&mut input, &mut out)?;
    }
    out.flush().map_err(|error| JobError::FlushTrace { path: to.to_path_buf(), error })
}

/// A child's report: one JSON line per run.
pub fn print_results(results: &[RunResult]) -> Result<(), JobError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for r in results {
        writeln!(out, "{}", serde_json::to_string(r)?)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_every_run_once_in_order() {
        assert_eq!(blocks(200, 2), [(0, 100), (100, 100)]);
        assert_eq!(blocks(7, 3), [(0, 3), (3, 2), (5, 2)]);
        assert_eq!(blocks(2, 8), [(0, 1), (1, 1)]);
        assert_eq!(blocks(0, 2), []);
        assert_eq!(jobs_for(Some(64), 3), 3);
        assert_eq!(jobs_for(Some(0), 30), 1);
        assert_eq!(jobs_for(Some(100_000), 100_000), MAX_JOBS);
    }
}
