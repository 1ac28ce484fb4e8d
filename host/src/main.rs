//! The `emberdeep` binary: parses the command line, loads the plugins and
//! records, and hands over to a driver: the trace tools, the bot, or a
//! session played in the window or headless.

use std::process::ExitCode;
use std::rc::Rc;

use anyhow::Context;
use clap::Parser;

use emberdeep::drivers::cli::{self, Cli};
use emberdeep::drivers::confine;
use emberdeep::drivers::lab::{balance, balance_parts, balance_report, bot, bot_jobs};
use emberdeep::drivers::packages;
use emberdeep::drivers::play::session::{Plan, SavedRun, Session};
use emberdeep::drivers::play::{headless, newrun, prefs, recording, save, watch};
use emberdeep::drivers::review::{check, replay, timeline_screen, trace_query, trace_tools};
use emberdeep::front::{atlas, keys, ui};
use emberdeep_engine::data::records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::discovery::{default_plugin_dir, PluginFolders};
use emberdeep_engine::plugins::loader::load_from_folders;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::plugins::trial::{run_trial, Handshakes, TrialEnd, TrialError, TOKEN_VARIABLE};

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    STARTED.with(|s| s.set(Some(started)));
    let cli = Cli::parse();
    // First of all, before a plugin is opened here or in a child: the
    // kernel's confinement (the trace tools open no plugin).
    // `balance` confines itself once its sets are checked (a refused
    // comparison begins no report folder), before it opens a plugin.
    let later = matches!(cli.command, Some(cli::Command::Balance { tool: None, .. }));
    let trace_tool = matches!(cli.command, Some(cli::Command::Trace { .. }));
    if !trace_tool && cli.probe_plugin.is_empty() {
        // What a `plugin add` or `remove` killed midway left in the player's
        // folder, removed while the folder may still be written.
        let player = cli.player_plugin_dir.clone();
        if let Some(player) = player.or_else(emberdeep_engine::plugins::discovery::default_player_plugin_dir) {
            packages::tidy(&player);
        }
    }
    if !trace_tool && !later {
        confine::confine(&confinement_plan(&cli), cli.unconfined);
    }
    if !cli.probe_plugin.is_empty() {
        let token = std::env::var(TOKEN_VARIABLE).unwrap_or_default();
        let registered = run_trial(&cli.probe_plugin, &token, &mut std::io::stdout().lock());
        return if registered { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    }
    // Kept to the end of main: dropping it finishes the Chrome trace file.
    let _chrome = match init_logging(cli.trace_chrome.as_deref()) {
        Ok(guard) => guard,
        Err(e) => {
            emberdeep::errln!("emberdeep: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    let handover = cli.handover.clone().filter(|_| !cli.check_handover);
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            emberdeep::errln!("emberdeep: {e:#}");
            // A restart after a reload that could not start: the run is still in its reload save.
            if let Some(save) = handover.and_then(|h| watch::Handover::read(&h).ok()).map(|h| h.save) {
                if save.exists() {
                    emberdeep::errln!("emberdeep: the run is kept in {}", save.display());
                }
            }
            ExitCode::FAILURE
        }
    }
}

/// Console output follows `RUST_LOG`, quiet (warnings only) by default;
/// `--trace-chrome FILE` adds a Chrome trace of every span (turns, monsters' turns).
fn init_logging(chrome: Option<&std::path::Path>) -> anyhow::Result<Option<tracing_chrome::FlushGuard>> {
    use tracing_subscriber::prelude::*;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let console = tracing_subscriber::fmt::layer().with_writer(std::io::stderr).without_time().with_filter(filter);
    let (layer, guard) = match chrome {
        Some(path) => {
            // Found out here, with the path, rather than as a panic inside the layer.
            std::fs::File::create(path).with_context(|| format!("cannot write the Chrome trace {}", path.display()))?;
            let (layer, guard) = tracing_chrome::ChromeLayerBuilder::new().file(path).include_args(true).build();
            (Some(layer), Some(guard))
        }
        None => (None, None),
    };
    tracing_subscriber::registry().with(console).with(layer).init();
    Ok(guard)
}

fn run(mut cli: Cli) -> anyhow::Result<()> {
    if let Some(cli::Command::Trace { tool }) = &cli.command {
        return run_trace_tool(tool);
    }
    if let Some(cli::Command::Check { .. }) = &cli.command {
        check::refuse_seed(cli.seed)?;
    }
    if let Some(cli::Command::Plugin { tool }) = &cli.command {
        return run_plugin_tool(&cli, tool);
    }
    if let Some(cli::Command::Balance { tool: Some(cli::BalanceTool::Merge { parts, report }), .. }) = &cli.command {
        return run_balance_merge(&cli, parts, report);
    }
    if let Some(cli::Command::Balance { sets, runs, report, shard, out, tool: None }) = &cli.command {
        let shard = shard.as_deref().map(balance_parts::parse_shard).transpose()?;
        return run_balance(&cli, sets, *runs, report, shard.zip(out.clone()));
    }
    let replay = cli.replay.as_deref().map(replay::load).transpose()?;
    if let Some(rec) = &replay {
        cli.seed = Some(rec.seed);
        cli.scenario = rec.scenario.clone().map(Into::into);
        if cli.plugins.is_none() {
            cli.plugins = Some(rec.plugins.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(","));
        }
    }
    let folders = plugin_folders(&cli);
    let plugin_dir = folders.game.clone();
    if cli.wants_new_run_screen() {
        return choose_new_run(&cli, &folders);
    }
    let wanted = cli.plugin_names();
    let plugins = if cli.watch {
        // Private copies, so a build written over a loaded file cannot reach the running game.
        let work = confine::work_folder().unwrap_or_else(std::env::temp_dir);
        let copies = work.join(format!("emberdeep-plugins-{}", std::process::id()));
        load_from_folders(&folders, wanted.as_deref(), Some(&probe_in_children), Some(&copies))?
    } else {
        load_from_folders(&folders, wanted.as_deref(), Some(&probe_in_children), None)?
    };
    if let Some(rec) = &replay {
        rec.check_plugins(&plugins)?;
    }
    for warning in &plugins.skipped {
        emberdeep::errln!("emberdeep: warning: {warning}");
    }
    let data_dir = cli.data_dir.clone().unwrap_or_else(records::default_data_dir);
    let records = records::check::load_game_records(&data_dir, &plugins.registered());
    if cli.list_plugins {
        emberdeep::out!("{}", list_plugins(&plugins, &folders, records.as_ref().ok()));
        return records.map(|_| ()).map_err(Into::into);
    }
    let mut records = records?;
    let assets_dir = cli.assets_dir.clone().unwrap_or_else(atlas::default_assets_dir);
    let mut atlas = atlas::Atlas::load(&assets_dir)?;
    let folders = records::check::plugin_folders(&data_dir, &plugins.registered());
    for refused in atlas.add_plugin_sheets(&folders) {
        emberdeep::errln!("emberdeep: warning: {refused}");
    }
    for missing in atlas.check(&records)? {
        emberdeep::errln!("emberdeep: warning: {missing}");
    }
    // The tiles a plugin may give a creature's look (api 1.6), the same for
    // every driver: the atlas's, whether or not a window draws it.
    records.add_sheet_tiles(atlas.index().tiles().map(|(name, ..)| name));
    let records = Rc::new(records);
    let plugins = Rc::new(plugins);
    if let Some(cli::Command::Check { files }) = &cli.command {
        return run_checks(files, plugins, &records);
    }
    let seed = cli.seed.unwrap_or_else(clock_seed);
    if let Some(runs) = cli.bot {
        return run_bot(&cli, runs, seed, plugins, records);
    }
    let trace = open_trace(&cli)?;
    if let Some(rec) = replay.as_ref().filter(|_| timeline_screen::wanted(&cli)) {
        return Ok(timeline_screen::run(&cli, rec, plugins, records, trace, &atlas)?);
    }
    let (mut session, keys) = match &cli.handover {
        Some(path) => {
            let handover = watch::Handover::read(path)?;
            let session = Session::resume(&handover, path, plugins.clone(), records, trace, cli.check_handover)?;
            (session, keys::Typed::each(&handover.keys()?))
        }
        None => {
            let mut plan = plan(&cli, replay.is_some(), seed);
            plan.recorded_start = replay.as_ref().and_then(|r| r.start());
            (Session::open(&plan, plugins.clone(), records, trace)?, Vec::new())
        }
    };
    if cli.check_handover {
        return Ok(());
    }
    if let Some(refused) = &session.refused {
        emberdeep::errln!("emberdeep: {refused}");
    }
    let start_seed = session.app.game.seed();
    if cli.bench_startup {
        return bench_startup(&mut session, &atlas);
    }
    if let Some(dir) = config_dir(&cli, replay.is_some()) {
        session.remember(&dir);
    }
    if let Some(view) = &cli.view {
        session.app.select_view(view)?;
    }
    if cli.watch {
        session.watch = Some(watch::Watcher::new(&plugins, &cli, &plugin_dir));
    }
    // A script stopped by its bound: said once the run is saved and traced.
    let mut spent = None;
    let keys = match &replay {
        Some(rec) => keys::Typed::each(&rec.keys()?),
        None if cli.handover.is_some() => keys,
        None => scripted_keys(&cli)?,
    };
    if let Some(from) = &cli.keys_from {
        if from != "-" {
            anyhow::bail!("--keys-from reads standard input only (`--keys-from -`); use --keys-file for a file");
        }
        headless::play_lines(&mut session, keys);
    } else if cli.headless {
        spent = headless::play_keys(&mut session, &keys).err();
    } else {
        // Scripted keys play first; one that quits means no window at all.
        // Keys past the script's bound are not played: the window opens there.
        let played = headless::play_script(&mut session, &keys);
        if let Err(e) = &played {
            emberdeep::errln!("emberdeep: {e}");
        }
        if !played.is_ok_and(|go_on| !go_on) {
            ui::run_window(&mut session, &atlas)?;
        }
    }
    if let Some(path) = &cli.screenshot {
        headless::screenshot(&mut session, &atlas, path)?;
    }
    if let Some(path) = &cli.record {
        let pressed = &session.app.pressed;
        let start = session.started_from.as_ref();
        recording::Recording::new(start_seed, session.app.game.plugins(), cli.scenario.as_deref(), pressed, start)
            .save(path)?;
    }
    // A save refused or failed is said once the trace is finished: the run itself went as traced.
    let stopped = session.stop();
    session.take_trace().finish().map_err(|e| anyhow::anyhow!("writing the trace failed: {e}"))?;
    stopped?;
    if let Some(spent) = spent {
        return Err(spent.into());
    }
    if session.app.new_run_wanted && !cli.headless {
        // `n` at the run's end: the game again, at the New Run screen.
        return Err(newrun::relaunch(newrun::relaunch_args(std::env::args_os().skip(1), &[])).into());
    }
    Ok(())
}

/// What the command line asks the session for. Saves are the player's: a
/// window run or `--continue` uses the platform's folder, a headless run
/// only the `--save-dir` it is given (so a scripted screenshot never
/// replaces a player's saved run), a replay none at all.
fn plan(cli: &Cli, replay: bool, seed: u64) -> Plan {
    let save_dir = match (&cli.save_dir, replay) {
        (_, true) => None,
        (Some(dir), false) => Some(dir.clone()),
        (None, false) if !cli.headless || cli.continue_run => Some(save::default_save_dir()),
        (None, false) => None,
    };
    let saved = if cli.continue_run {
        SavedRun::Resume
    } else if cli.headless || cli.fresh_run {
        SavedRun::Ignore
    } else {
        SavedRun::Offer
    };
    Plan { save_dir, saved, scenario: cli.scenario.clone(), seed, recorded_start: None }
}

/// The New Run screen ([`newrun`]): every plugin of `plugin_dir` (each
/// tried in a child first, as for a run), the presets, a saved run offered
/// first; the run chosen starts as this game started again with its
/// `--plugins` and `--seed`, and the set is remembered in the config folder.
fn choose_new_run(cli: &Cli, folders: &emberdeep_engine::plugins::discovery::PluginFolders) -> anyhow::Result<()> {
    use emberdeep::front::newrun::{Chosen, NewRun, SavedOffer};
    let warn = |e: newrun::NewRunError| {
        emberdeep::errln!("emberdeep: warning: {e}");
    };
    let rows = newrun::catalog(folders, Some(&probe_in_children))?;
    let config = cli.config_dir.clone().unwrap_or_else(prefs::default_config_dir);
    let remembered = newrun::read_remembered(&config).unwrap_or_else(|e| {
        warn(e);
        newrun::Remembered::default()
    });
    let data_dir = cli.data_dir.clone().unwrap_or_else(records::default_data_dir);
    let shipped = newrun::read_presets(&data_dir).unwrap_or_else(|e| {
        warn(e);
        Vec::new()
    });
    let presets = newrun::presets(&rows, shipped, &remembered);
    let save_dir = cli.save_dir.clone().unwrap_or_else(save::default_save_dir);
    let saved = save::peek(&save_dir.join("save.json"))
        .map(|(seed, plugins, _)| SavedOffer { seed, plugins: plugins.into_iter().map(|p| p.name).collect() });
    let start = if remembered.last.is_empty() { presets[0].plugins.clone() } else { remembered.last.clone() };
    let mut screen = NewRun::new(rows, presets, saved.clone(), &start);
    if let Some(in_force) = confine::in_force() {
        screen.confinement = (in_force.line(), in_force.whole());
    }
    let view = cli.view.clone().or_else(|| prefs::Remembered::open(&config).1.view);
    let style = if view.as_deref() == Some("tiles") { ui::Style::Tiles } else { ui::Style::Glyphs };
    let assets_dir = cli.assets_dir.clone().unwrap_or_else(atlas::default_assets_dir);
    let atlas = atlas::Atlas::load(&assets_dir)?;
    let args = std::env::args_os().skip(1);
    let chosen = ui::run_new_run(&mut screen, &atlas, style)?;
    let mut kept = remembered.clone();
    kept.presets.extend(screen.saved_presets.iter().cloned());
    let extra = match chosen {
        Chosen::Quit => {
            if !screen.saved_presets.is_empty() {
                newrun::keep_remembered(&config, &kept).unwrap_or_else(warn);
            }
            return Ok(());
        }
        Chosen::Continue => {
            if !screen.saved_presets.is_empty() {
                newrun::keep_remembered(&config, &kept).unwrap_or_else(warn);
            }
            let set = saved.map(|s| s.plugins.join(",")).unwrap_or_default();
            vec!["--continue".to_string(), "--plugins".to_string(), set]
        }
        Chosen::Run { plugins, seed } => {
            kept.last = plugins.clone();
            if let Err(e) = newrun::keep_remembered(&config, &kept) {
                warn(e);
            }
            let mut extra = vec!["--fresh-run".to_string(), "--plugins".to_string(), plugins.join(",")];
            if let Some(seed) = seed {
                extra.extend(["--seed".to_string(), seed.to_string()]);
            }
            extra
        }
    };
    Err(newrun::relaunch(newrun::relaunch_args(args, &extra)).into())
}

/// The rules the command line `cli` needs: what it reads (the game's
/// installation and folders, the files it names), the folders it writes
/// (saves, settings, the player's plugins, a balance report, this user's
/// work folder) and the files it writes (`--trace`, `--trace-chrome`,
/// `--screenshot`, `--record`, `balance --out`).
fn confinement_plan(cli: &Cli) -> confine::Plan {
    use cli::{BalanceTool, Command, PluginTool};
    use emberdeep_engine::plugins::discovery;
    use std::path::{Path, PathBuf};

    let data_dir = cli.data_dir.clone().unwrap_or_else(emberdeep_engine::data::records::default_data_dir);
    let assets_dir = cli.assets_dir.clone().unwrap_or_else(atlas::default_assets_dir);
    let game_plugins = cli.plugin_dir.clone().unwrap_or_else(discovery::default_plugin_dir);
    let player_plugins = cli.player_plugin_dir.clone().or_else(discovery::default_player_plugin_dir);
    let installation = [data_dir, assets_dir, game_plugins];
    let mut plan = confine::Plan { read: confine::system_and_installation(&installation), ..Default::default() };
    plan.read.extend(cli.probe_plugin.iter().cloned());
    for named in [&cli.keys_file, &cli.scenario, &cli.replay, &cli.handover].into_iter().flatten() {
        plan.read.push(named.clone());
    }
    // A recording's scenario, read when it is replayed.
    let recorded = cli.replay.as_deref().and_then(|r| replay::load(r).ok()).and_then(|r| r.scenario);
    plan.read.extend(recorded.map(PathBuf::from));
    // A restart's save and files lie beside its handover.
    plan.write_dirs.extend(cli.handover.as_ref().and_then(|h| h.parent()).map(Path::to_path_buf));
    // The game's own folder of the player's (saves, refused plugins'
    // reports, packages): written whenever it exists, made when a run saves there.
    let player_folder = save::default_save_dir();
    let saves_there = cli.save_dir.is_none() && (!cli.headless || cli.continue_run) && cli.command.is_none();
    if saves_there || player_folder.is_dir() {
        plan.write_dirs.push(player_folder);
    }
    plan.write_dirs.extend(cli.save_dir.clone());
    for folder in ["EMBERDEEP_SAVE_DIR", "EMBERDEEP_FRAME_DUMP"] {
        plan.write_dirs.extend(std::env::var_os(folder).map(PathBuf::from));
    }
    match &cli.config_dir {
        Some(dir) => plan.write_dirs.push(dir.clone()),
        None if !cli.headless && cli.command.is_none() => plan.write_dirs.push(prefs::default_config_dir()),
        None => {}
    }
    let adds_plugins =
        matches!(&cli.command, Some(Command::Plugin { tool: PluginTool::Add { .. } | PluginTool::Remove { .. } }));
    match player_plugins {
        Some(dir) if adds_plugins => plan.write_dirs.push(dir),
        Some(dir) => plan.read.push(dir),
        None => {}
    }
    match &cli.command {
        Some(Command::Plugin { tool: PluginTool::Add { path } }) => plan.read.push(path.clone()),
        Some(Command::Check { files }) => plan.read.extend(files.iter().cloned()),
        Some(Command::Balance { tool: Some(BalanceTool::Merge { parts, report }), .. }) => {
            plan.read.extend(parts.iter().cloned());
            plan.write_dirs.push(report.clone());
        }
        Some(Command::Balance { shard: None, report, .. }) => plan.write_dirs.push(report.clone()),
        Some(Command::Balance { out: Some(out), .. }) => plan.write_files.push(out.clone()),
        _ => {}
    }
    for named in [&cli.trace, &cli.trace_chrome, &cli.screenshot, &cli.record].into_iter().flatten() {
        plan.write_files.push(named.clone());
    }
    // Jobs' trace parts, `--watch`'s private copies and restarts.
    let works = cli.watch || cli.bot.is_some() || matches!(cli.command, Some(Command::Balance { .. }));
    if works {
        plan.write_dirs.extend(confine::work_folder());
    }
    plan
}

/// Where the game remembers the view and the hints given: `--config-dir`,
/// else the platform's config folder for a window run; a headless run
/// without `--config-dir` and a replay remember nothing (so a scripted run
/// or a replay never depends on, nor changes, what a player's game keeps).
fn config_dir(cli: &Cli, replay: bool) -> Option<std::path::PathBuf> {
    match (&cli.config_dir, replay) {
        (_, true) => None,
        (Some(dir), false) => Some(dir.clone()),
        (None, false) if !cli.headless => Some(prefs::default_config_dir()),
        (None, false) => None,
    }
}

/// Tries the plugin files in child processes (this binary,
/// `--probe-plugin`) until one child loads, in order, exactly the files
/// the game will load, and says after each that it registered: a file a
/// child refused is refused (never opened by the game), with the reason the
/// child gave; a file a child ended, crashed or hung on before saying so
/// is refused as damaged; each time, the others are tried again without it.
fn probe_in_children(paths: &[std::path::PathBuf]) -> Vec<Result<(), TrialError>> {
    probe_with(paths, trial)
}

/// What one trial child said of its files, in order (see [`Handshakes`]),
/// and how it ended: `Ok` only if it said it was done and exited as a
/// trial does (0, or 1 when it refused a file).
struct TrialRun {
    answers: Vec<Result<(), TrialError>>,
    end: Result<(), TrialError>,
}

/// [`probe_in_children`] with the trial given.
fn probe_with(
    paths: &[std::path::PathBuf],
    trial: impl Fn(&[std::path::PathBuf]) -> TrialRun + Sync,
) -> Vec<Result<(), TrialError>> {
    let mut answers: Vec<Option<Result<(), TrialError>>> = paths.iter().map(|_| None).collect();
    loop {
        let left: Vec<usize> = (0..paths.len()).filter(|&i| answers[i].is_none()).collect();
        if left.is_empty() {
            break;
        }
        let files: Vec<std::path::PathBuf> = left.iter().map(|&i| paths[i].clone()).collect();
        let run = trial(&files);
        let said = run.answers.len().min(left.len());
        let mut refused = false;
        for (&i, answer) in left.iter().zip(run.answers) {
            if let Err(e) = answer {
                answers[i] = Some(Err(e));
                refused = true;
            }
        }
        if said < left.len() {
            // The child ended, crashed or hung loading this file.
            answers[left[said]] = Some(Err(run.end.err().unwrap_or(TrialError::Ended { end: TrialEnd::Unknown })));
            continue;
        }
        if refused {
            // The game will load the others without these: try that.
            continue;
        }
        match run.end {
            Ok(()) => {
                for &i in &left {
                    answers[i] = Some(Ok(()));
                }
            }
            Err(end) => {
                // Every file registered, and then the child failed.
                let (at, e) = culprit(&files, &trial).unwrap_or((files.len() - 1, end));
                answers[left[at]] = Some(Err(e));
            }
        }
    }
    answers.into_iter().map(|a| a.unwrap_or(Ok(()))).collect()
}

/// Which of `files`, all of which registered in a child that then failed,
/// is at fault: one that fails alone (each tried in a child of its own, all
/// at once), else the one whose turn brings the failure when they are
/// tried in order, one more each time.
fn culprit(
    files: &[std::path::PathBuf],
    trial: &(impl Fn(&[std::path::PathBuf]) -> TrialRun + Sync),
) -> Option<(usize, TrialError)> {
    let failed = |run: TrialRun| run.answers.into_iter().find_map(Result::err).or(run.end.err());
    let alone: Vec<Option<TrialError>> = std::thread::scope(|scope| {
        let running: Vec<_> =
            files.iter().map(|f| scope.spawn(move || failed(trial(std::slice::from_ref(f))))).collect();
        running.into_iter().map(|t| t.join().unwrap_or(Some(TrialError::Lost))).collect()
    });
    if let Some((at, e)) = alone.into_iter().enumerate().find_map(|(at, e)| e.map(|e| (at, e))) {
        return Some((at, e));
    }
    (1..files.len()).find_map(|n| failed(trial(&files[..=n])).map(|e| (n, e)))
}

/// How long a trial may take before the file is taken to hang the game.
const TRIAL_SECONDS: u64 = 10;
/// The longest line of a trial child's output read at once.
const TRIAL_LINE: u64 = 4096;

/// One child process loading `paths` in order, read back line by line
/// until it says it is done, ends, or runs out of time.
fn trial(paths: &[std::path::PathBuf]) -> TrialRun {
    use std::io::{BufRead, Read};
    use std::sync::mpsc::RecvTimeoutError;
    use wait_timeout::ChildExt;
    let failed = |e| TrialRun { answers: Vec::new(), end: Err(e) };
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return failed(TrialError::NoGame(e)),
    };
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let token = format!("{:x}-{nanos:x}", std::process::id());
    let mut command = std::process::Command::new(exe);
    command
        .arg("--probe-plugin")
        .args(paths)
        .env("RUST_LOG", "off")
        .env(TOKEN_VARIABLE, &token)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    confine::own_program(&mut command);
    let child = command.spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => return failed(TrialError::NotStarted(e)),
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(TRIAL_SECONDS);
    let (send, lines) = std::sync::mpsc::channel::<String>();
    if let Some(out) = child.stdout.take() {
        // Left to end with the pipe: a grandchild may hold it open.
        std::thread::spawn(move || {
            let mut out = std::io::BufReader::new(out);
            let mut line = Vec::new();
            while matches!((&mut out).take(TRIAL_LINE).read_until(b'\n', &mut line), Ok(1..)) {
                if send.send(String::from_utf8_lossy(&line).into_owned()).is_err() {
                    break;
                }
                line.clear();
            }
        });
    }
    let mut said = Handshakes::new(&token);
    let mut in_time = true;
    loop {
        match lines.recv_timeout(deadline.saturating_duration_since(std::time::Instant::now())) {
            Ok(line) if said.read(&line) => break,
            Ok(_) => {}
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => {
                in_time = false;
                break;
            }
        }
    }
    let left = deadline.saturating_duration_since(std::time::Instant::now());
    let status = if in_time { child.wait_timeout(left).ok().flatten() } else { None };
    let end = match status {
        Some(status) if said.done && matches!(status.code(), Some(0 | 1)) => Ok(()),
        Some(status) => {
            use std::os::unix::process::ExitStatusExt;
            match (status.code(), status.signal()) {
                (_, Some(signal)) => Err(TrialError::Crashed { end: TrialEnd::Signal(signal) }),
                (Some(code), None) => Err(TrialError::Ended { end: TrialEnd::Code(code) }),
                (None, None) => Err(TrialError::Ended { end: TrialEnd::Unknown }),
            }
        }
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Err(TrialError::Hung { seconds: TRIAL_SECONDS })
        }
    };
    TrialRun { answers: said.answers, end }
}

/// `emberdeep trace summary|diff`.
fn run_trace_tool(tool: &cli::TraceTool) -> anyhow::Result<()> {
    match tool {
        cli::TraceTool::Summary { file } => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let written = trace_tools::write_summary(|| trace_tools::TraceReader::open(file), &mut out);
            match written.and_then(|()| std::io::Write::flush(&mut out).map_err(Into::into)) {
                // The reader has seen enough (`| head`): stop quietly.
                Err(trace_tools::SummaryError::Write(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
        }
        cli::TraceTool::Events { file, turns, source, event, fields, readable } => {
            let pattern = trace_query::EventPattern::from_filters(turns.as_deref(), source, event, fields)?;
            let stdout = std::io::stdout();
            let matched = trace_tools::write_matching(
                trace_tools::TraceReader::open(file)?,
                &pattern,
                *readable,
                &mut stdout.lock(),
            )?;
            if matched == 0 {
                emberdeep::errln!("emberdeep: no event in {} matches {pattern}", file.display());
            }
        }
        cli::TraceTool::Diff { a, b } => {
            let (la, lb) = (trace_tools::TraceReader::open(a)?, trace_tools::TraceReader::open(b)?);
            emberdeep::out!("{}", trace_tools::diff(&a.display().to_string(), la, &b.display().to_string(), lb)?);
        }
    }
    Ok(())
}

/// `emberdeep balance`: everything checked before the first run (`--runs`,
/// every set as written, each set's plugins loaded, tried and given their
/// records as a job of it will load them, the report's folder, or with
/// `--shard` the shard and `--out`), then each set's runs in child
/// processes, and the table and the report, or with `--shard` the part file.
fn run_balance(
    cli: &Cli,
    sets: &str,
    runs: u32,
    report: &std::path::Path,
    shard: Option<(balance_parts::Shard, std::path::PathBuf)>,
) -> anyhow::Result<()> {
    balance::check_runs(runs)?;
    let sets = balance::parse_sets(sets)?;
    let block = match &shard {
        Some((shard, out)) => {
            balance_parts::check_out(out)?;
            shard.block(runs)?
        }
        None => (0, runs),
    };
    let folders = plugin_folders(cli);
    for set in &sets {
        emberdeep_engine::plugins::discovery::choose_in(&folders, set.names().as_deref())
            .with_context(|| format!("balance: the set '{}'", set.label))?;
    }
    confine::confine(&confinement_plan(cli), cli.unconfined);
    let data_dir = cli.data_dir.clone().unwrap_or_else(records::default_data_dir);
    let atlas = atlas::Atlas::load(&cli.assets_dir.clone().unwrap_or_else(atlas::default_assets_dir))?;
    for set in &sets {
        let names = set.names();
        let loaded = load_from_folders(&folders, names.as_deref(), Some(&probe_in_children), None)
            .map_err(anyhow::Error::from)
            .and_then(|plugins| Ok(records::check::load_game_records(&data_dir, &plugins.registered())?))
            // Only the host's own tiles can stop a run; the bot draws nothing.
            .and_then(|records| Ok(atlas.check(&records).map(|_| ())?));
        loaded.with_context(|| format!("balance: the set '{}'", set.label))?;
    }
    if shard.is_none() {
        balance_report::prepare_folder(report)?;
    }
    let jobs = bot_jobs::jobs_for(cli.jobs, block.1);
    let mut passed = passed_on(cli);
    if cli.plugins.is_some() {
        passed.drain(..2); // --plugins: each set says its own
    }
    let seed = cli.seed.unwrap_or(1);
    let compared = balance::compare_runs(&sets, block, jobs, seed, &passed)?;
    if let Some((shard, out)) = shard {
        let results = compared.into_iter().map(|(_, runs)| runs).collect();
        balance_parts::write_part(&out, &balance_parts::Part::new(&sets, seed, runs, shard, results))?;
        let (first, count) = block;
        emberdeep::outln!(
            "balance: shard {}/{} (runs {first} to {} of each set) written to {}",
            shard.k,
            shard.of,
            first + u64::from(count) - 1,
            out.display()
        );
        return Ok(());
    }
    balance_finish(report, &compared)
}

/// The table and the report of a comparison, played at once or merged.
fn balance_finish(report: &std::path::Path, compared: &balance_parts::Compared) -> anyhow::Result<()> {
    let figures: Vec<_> = compared.iter().map(|(f, _)| f.clone()).collect();
    emberdeep::out!("{}", balance::table(&figures));
    let page = balance_report::write_report(report, compared)?;
    emberdeep::outln!("report: {} (its plots beside it as SVG files)", page.display());
    Ok(())
}

/// `emberdeep balance merge PARTS...`: the report's folder, then every
/// part checked and put back in run order, then the table and the report.
fn run_balance_merge(cli: &Cli, parts: &[std::path::PathBuf], report: &std::path::Path) -> anyhow::Result<()> {
    if cli.seed.is_some() {
        anyhow::bail!("balance merge: --seed is the parts' own (written when they were played); give no --seed");
    }
    balance_report::prepare_folder(report)?;
    let compared = balance_parts::merge(parts)?;
    balance_finish(report, &compared)
}

/// `emberdeep check FILE...`: each file's report; fails if one fails.
fn run_checks(
    files: &[std::path::PathBuf],
    plugins: Rc<Plugins>,
    records: &Rc<records::Records>,
) -> anyhow::Result<()> {
    let (mut passed, mut failed) = (0, 0);
    for file in files {
        match check::check_file(file, plugins.clone(), records.clone()) {
            Ok(checked) => {
                emberdeep::out!("{}", checked.report());
                if checked.failures.is_empty() {
                    passed += 1;
                } else {
                    failed += 1;
                }
            }
            Err(e) => {
                emberdeep::outln!("FAIL  {:#}", anyhow::Error::from(e));
                failed += 1;
            }
        }
    }
    emberdeep::outln!("{} files: {passed} passed, {failed} failed", files.len());
    if failed > 0 {
        anyhow::bail!("{failed} of {} scenario files failed their checks", files.len());
    }
    Ok(())
}

/// The trace file of `--trace`; a restart after a reload goes on at its end,
/// and the trial of one writes none.
fn open_trace(cli: &Cli) -> anyhow::Result<Trace> {
    match &cli.trace {
        _ if cli.check_handover => Ok(Trace::console()),
        Some(path) if cli.handover.is_some() => {
            Trace::append_to_file(path).with_context(|| format!("cannot write the trace file {}", path.display()))
        }
        Some(path) => Trace::to_file(path).with_context(|| format!("cannot write the trace file {}", path.display())),
        None => Ok(Trace::console()),
    }
}

fn scripted_keys(cli: &Cli) -> anyhow::Result<Vec<keys::Typed>> {
    let mut script = cli.keys.clone().unwrap_or_default();
    if let Some(path) = &cli.keys_file {
        let text = emberdeep_engine::data::untrusted::read_text(
            path,
            "key script",
            emberdeep_engine::data::untrusted::limits::KEYS,
        )?;
        script.push('\n');
        script.push_str(&text);
    }
    keys::parse_script(&script).map_err(|e| anyhow::anyhow!("in the scripted keys: {e}"))
}

fn run_bot(cli: &Cli, runs: u32, seed: u64, plugins: Rc<Plugins>, records: Rc<records::Records>) -> anyhow::Result<()> {
    let clock = std::time::Instant::now();
    // A Chrome trace is one process's: with one, the runs stay in this one.
    let jobs = if cli.trace_chrome.is_some() { 1 } else { bot_jobs::jobs_for(cli.jobs, runs) };
    if cli.bot_results {
        // A job's report, one line as each run ends (its parent counts them).
        let mut said = Ok(());
        let mut report = |r: &bot::RunResult| {
            if said.is_ok() {
                said = bot_jobs::print_results(std::slice::from_ref(r));
            }
        };
        bot_jobs::play_block(cli.bot_first, runs, seed, &plugins, &records, open_trace(cli)?, &mut report)?;
        return Ok(said?);
    }
    // Progress on stderr only: the summary and the trace never hear of it.
    let mut steps = emberdeep::drivers::progress::Steps::new("bot", u64::from(runs));
    let results = if jobs > 1 {
        let args = bot_jobs::ChildArgs { passed_on: passed_on(cli), seed, trace: cli.trace.clone() };
        bot_jobs::play_in_children(runs, jobs, &args, &mut || steps.advance(1, "runs"))?
    } else {
        let trace = open_trace(cli)?;
        bot_jobs::play_block(cli.bot_first, runs, seed, &plugins, &records, trace, &mut |_| steps.advance(1, "runs"))?
    };
    steps.finish();
    emberdeep::out!("{}", bot::summary(&results));
    let turns: u64 = results.iter().map(|r| r.turns).sum();
    let seconds = clock.elapsed().as_secs_f64().max(1e-9);
    // The clock's figures go to stderr: the summary itself is the same on every machine.
    emberdeep::errln!(
        "  turns per second: {:.0} ({turns} turns in {seconds:.2} s, {jobs} jobs)",
        turns as f64 / seconds
    );
    Ok(())
}

/// The flags a bot job needs to load the same game: plugins, data, assets.
fn passed_on(cli: &Cli) -> Vec<String> {
    let mut args = Vec::new();
    let mut pass = |flag: &str, value: Option<String>| {
        if let Some(v) = value {
            args.push(flag.to_string());
            args.push(v);
        }
    };
    pass("--plugins", cli.plugins.clone());
    pass("--plugin-dir", cli.plugin_dir.as_ref().map(|p| p.display().to_string()));
    pass("--player-plugin-dir", cli.player_plugin_dir.as_ref().map(|p| p.display().to_string()));
    pass("--data-dir", cli.data_dir.as_ref().map(|p| p.display().to_string()));
    pass("--assets-dir", cli.assets_dir.as_ref().map(|p| p.display().to_string()));
    args
}

thread_local! {
    /// When `main` began, for `--bench-startup`.
    static STARTED: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
}

/// `--bench-startup`: draws the first frame offscreen and prints how long it took to get there.
fn bench_startup(session: &mut Session, atlas: &atlas::Atlas) -> anyhow::Result<()> {
    ui::render_front(session, atlas)?;
    let app = &session.app;
    let started = STARTED.with(|s| s.get()).unwrap_or_else(std::time::Instant::now);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    emberdeep::outln!(
        "startup to first frame: {ms:.1} ms ({} plugins, {} monster kinds, {} item kinds)",
        app.game.plugins().loaded.len(),
        app.game.records().monsters.len(),
        app.game.records().items.len()
    );
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(1)
}

/// The two plugin folders: `--plugin-dir` (else beside the executable) and
/// `--player-plugin-dir` (else the platform's data folder's `plugins/`),
/// with the names the game's data keeps for itself, which no player's
/// package may take.
fn plugin_folders(cli: &Cli) -> PluginFolders {
    let player = cli.player_plugin_dir.clone().or_else(emberdeep_engine::plugins::discovery::default_player_plugin_dir);
    let data_dir = cli.data_dir.clone().unwrap_or_else(records::default_data_dir);
    PluginFolders::both(&cli.plugin_dir.clone().unwrap_or_else(default_plugin_dir), player.as_deref())
        .reserving(&data_dir)
}

/// `emberdeep plugin add|list|remove`.
fn run_plugin_tool(cli: &Cli, tool: &cli::PluginTool) -> anyhow::Result<()> {
    let folders = plugin_folders(cli);
    let data_dir = cli.data_dir.clone().unwrap_or_else(records::default_data_dir);
    let assets_dir = cli.assets_dir.clone().unwrap_or_else(atlas::default_assets_dir);
    let context = packages::Context {
        folders: &folders,
        data_dir: &data_dir,
        assets_dir: &assets_dir,
        probe: &probe_in_children,
    };
    match tool {
        cli::PluginTool::Add { path } => {
            let installed = packages::add(&context, path)?;
            emberdeep::outln!("{installed}");
        }
        cli::PluginTool::List => {
            if let Some(in_force) = confine::in_force() {
                emberdeep::outln!("{}", in_force.line());
            }
            emberdeep::out!("{}", packages::list(&context)?)
        }
        cli::PluginTool::Remove { name } => emberdeep::outln!("{}", packages::remove(&context, name)?),
    }
    Ok(())
}

/// `--list-plugins`: each plugin, its version, its folder, what it says it
/// is, its names per trait, its records.
fn list_plugins(plugins: &Plugins, folders: &PluginFolders, records: Option<&records::Records>) -> String {
    let mut out = format!("plugins in {}:\n", folders.game.display());
    if let Some(in_force) = confine::in_force() {
        out.push_str(&format!("{}\n", in_force.line()));
    }
    if let Some(player) = &folders.player {
        out.push_str(&format!("player's plugins in {}\n", player.display()));
    }
    if plugins.loaded.is_empty() {
        out.push_str("  (none loaded)\n");
    }
    for p in &plugins.loaded {
        let file = p.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        let whose = match p.origin {
            emberdeep_engine::plugins::discovery::Origin::Game => String::new(),
            emberdeep_engine::plugins::discovery::Origin::Player => ", the player's".to_string(),
        };
        out.push_str(&format!("{} {} ({file}, api {}{whose})\n", p.name, p.version, p.api_version));
        if !p.description.is_empty() {
            out.push_str(&format!("  description: {}\n", p.description));
        }
        if !p.homepage.is_empty() {
            out.push_str(&format!("  homepage: {}\n", p.homepage));
        }
        for (trait_name, names) in &p.names {
            out.push_str(&format!("  {trait_name}: {}\n", names.join(", ")));
        }
        let needs: Vec<String> = p.needs.iter().map(|(n, v)| format!("{n} {v} or newer")).collect();
        let needs = if needs.is_empty() { "nothing".to_string() } else { needs.join(", ") };
        out.push_str(&format!("  needs: {needs}\n"));
        if !p.settings.is_empty() {
            let settings: Vec<String> =
                p.settings.iter().map(|(n, d, lo, hi)| format!("{n} = {d} ({lo} to {hi})")).collect();
            out.push_str(&format!("  settings: {}\n", settings.join(", ")));
        }
        if !p.stored.is_empty() {
            let level = |k: &str| if p.player_level.as_deref() == Some(k) { ", the player's level" } else { "" };
            let stored: Vec<String> =
                p.stored.iter().map(|(k, lo, hi)| format!("{k} ({lo} to {hi}{})", level(k))).collect();
            out.push_str(&format!("  stored (its own keys): {}\n", stored.join(", ")));
        }
        if let Some(records) = records {
            let monsters: Vec<&str> =
                records.monsters.values().filter(|m| m.plugin == p.name).map(|m| m.id.as_str()).collect();
            let items: Vec<String> = records
                .items
                .values()
                .filter(|i| i.plugin == p.name)
                .map(|i| format!("{} ({})", i.id, i.class))
                .collect();
            if !monsters.is_empty() {
                out.push_str(&format!("  monsters: {}\n", monsters.join(", ")));
            }
            if !items.is_empty() {
                out.push_str(&format!("  items: {}\n", items.join(", ")));
            }
            let pieces: Vec<&str> =
                records.pieces.values().filter(|r| r.plugin == p.name).map(|r| r.id.as_str()).collect();
            if !pieces.is_empty() {
                out.push_str(&format!("  map pieces: {}\n", pieces.join(", ")));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// A trial as a child makes it, in which `bad` crashes, `quits` exits
    /// 0 as it loads, `refused` is refused, `b` crashes once `a` is loaded
    /// before it, and `late` registers but fails the child once `c` has
    /// too; every set tried is kept in `tried`.
    fn fake(tried: &std::sync::Mutex<Vec<Vec<String>>>, paths: &[PathBuf]) -> TrialRun {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        tried.lock().unwrap().push(names.clone());
        let mut answers = Vec::new();
        for (at, name) in names.iter().enumerate() {
            let end = match name.as_str() {
                "bad" => TrialError::Crashed { end: TrialEnd::Signal(11) },
                "quits" => TrialError::Ended { end: TrialEnd::Code(0) },
                "b" if names[..at].contains(&"a".to_string()) => TrialError::Crashed { end: TrialEnd::Signal(11) },
                "refused" => {
                    answers.push(Err(TrialError::Refused { reason: "no".into(), incompatible: false }));
                    continue;
                }
                _ => {
                    answers.push(Ok(()));
                    continue;
                }
            };
            return TrialRun { answers, end: Err(end) };
        }
        let late = names.contains(&"late".to_string()) && names.contains(&"c".to_string());
        TrialRun { answers, end: if late { Err(TrialError::Hung { seconds: 1 }) } else { Ok(()) } }
    }

    fn probed(names: &[&str]) -> (Vec<String>, Vec<Vec<String>>) {
        let tried = std::sync::Mutex::new(Vec::new());
        let paths: Vec<PathBuf> = names.iter().map(PathBuf::from).collect();
        let answers = probe_with(&paths, |p: &[PathBuf]| fake(&tried, p));
        let said = answers.iter().map(|a| a.as_ref().err().map_or("ok".into(), ToString::to_string)).collect();
        (said, tried.into_inner().unwrap())
    }

    #[test]
    fn every_file_a_child_did_not_say_registered_is_refused_and_the_rest_tried_as_the_game_loads_them() {
        let (said, tried) = probed(&["a", "refused", "b", "c", "quits", "bad"]);
        assert_eq!(
            said,
            [
                "ok",
                "no",
                "loading it crashed a trial run (signal 11): the file is damaged",
                "ok",
                "loading it ended a trial run (exit code 0) before it registered: the file is damaged",
                "loading it crashed a trial run (signal 11): the file is damaged",
            ]
        );
        assert_eq!(tried.last().unwrap(), &["a", "c"], "the last trial held what the game loads: {tried:?}");
    }

    #[test]
    fn a_child_that_fails_after_all_registered_is_found_by_trying_in_order() {
        let (said, _) = probed(&["c", "a", "late"]);
        assert_eq!(said, ["ok", "ok", "loading it did not finish within 1 s in a trial run"]);
        let (said, tried) = probed(&["a", "c"]);
        assert_eq!(said, ["ok", "ok"]);
        assert_eq!(tried.len(), 1, "one child when all is well");
    }
}
