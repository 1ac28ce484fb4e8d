//! The `emberdeep` binary: parses the command line and runs the host library.

use std::process::ExitCode;
use std::rc::Rc;

use anyhow::Context;
use clap::Parser;

use emberdeep::app::App;
use emberdeep::{atlas, bot, cli, data, headless, keys, record, save, setup, trace_tools, ui};
use emberdeep::cli::Cli;
use emberdeep::plugins::{default_plugin_dir, load_plugins, Plugins};
use emberdeep::trace::Trace;

fn main() -> ExitCode {
    let started = std::time::Instant::now();
    STARTED.with(|s| s.set(Some(started)));
    let cli = Cli::parse();
    // Kept to the end of main: dropping it finishes the Chrome trace file.
    let _chrome = match init_logging(cli.trace_chrome.as_deref()) {
        Ok(guard) => guard,
        Err(e) => {
            eprintln!("emberdeep: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("emberdeep: {e:#}");
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
    let replay = cli.replay.as_deref().map(record::Recording::load).transpose()?;
    if let Some(rec) = &replay {
        cli.seed = Some(rec.seed);
        cli.scenario = rec.scenario.clone().map(Into::into);
        if cli.plugins.is_none() {
            cli.plugins = Some(rec.plugins.iter().map(|p| p.name.as_str()).collect::<Vec<_>>().join(","));
        }
    }
    let plugin_dir = cli.plugin_dir.clone().unwrap_or_else(default_plugin_dir);
    let plugins = load_plugins(&plugin_dir, cli.plugin_names().as_deref())?;
    if let Some(rec) = &replay {
        rec.check_plugins(&plugins)?;
    }
    for warning in &plugins.skipped {
        eprintln!("emberdeep: warning: {warning}");
    }
    let data_dir = cli.data_dir.clone().unwrap_or_else(data::default_data_dir);
    let records = data::load_records(&data_dir, &plugins);
    if cli.list_plugins {
        print!("{}", list_plugins(&plugins, &plugin_dir, records.as_ref().ok()));
        return records.map(|_| ()).map_err(Into::into);
    }
    let records = Rc::new(records?);
    let assets_dir = cli.assets_dir.clone().unwrap_or_else(atlas::default_assets_dir);
    let atlas = atlas::Atlas::load(&assets_dir)?;
    atlas.check(&records)?;
    let plugins = Rc::new(plugins);
    let seed = cli.seed.unwrap_or_else(clock_seed);
    if let Some(runs) = cli.bot {
        return run_bot(&cli, runs, seed, plugins, records);
    }
    let trace = open_trace(&cli)?;
    // Saves are the player's: a window run or --continue uses the platform's
    // folder, a headless run only the --save-dir it is given (so a scripted
    // screenshot never replaces a player's saved run), a replay none at all.
    let save_dir = match (&cli.save_dir, replay.is_some()) {
        (_, true) => None,
        (Some(dir), false) => Some(dir.clone()),
        (None, false) if !cli.headless || cli.continue_run => Some(save::default_save_dir()),
        (None, false) => None,
    };
    let main_save = save_dir.as_ref().map(|d| d.join("save.json")).unwrap_or_default();
    let found = if save_dir.is_some() && cli.scenario.is_none() && (cli.continue_run || !cli.headless) {
        Some(save::load(&main_save, plugins.clone(), records.clone(), Trace::console()))
    } else {
        None
    };
    let mut trace = Some(trace);
    let (game, slot_path, ask) = match found {
        Some(Ok(mut saved)) => {
            saved.trace = trace.take().unwrap_or_else(Trace::console);
            if cli.continue_run {
                save::announce_continue(&mut saved);
            }
            (saved, Some(main_save.clone()), !cli.continue_run)
        }
        Some(Err(e)) if cli.continue_run => {
            anyhow::bail!("{e}. Start without --continue for a new run; the save is left as it is")
        }
        other => {
            let main_loadable = save::is_save_file(&main_save);
            if let Some(Err(e)) = &other {
                if !matches!(e, save::SaveError::Missing(_)) {
                    eprintln!("emberdeep: {e}");
                }
            }
            let trace = trace.take().unwrap_or_else(Trace::console);
            let game = match &cli.scenario {
                Some(path) => setup::game_from_scenario(path, seed, plugins, records, trace)?,
                None => setup::game_from_seed(seed, plugins, records, trace),
            };
            let path = save_dir.as_deref().map(|d| save::new_run_save_path(d, main_loadable));
            (game, path, false)
        }
    };
    let start_seed = game.seed;
    let mut app = App::new(game, ui::host_views());
    if cli.bench_startup {
        return bench_startup(&mut app, &atlas);
    }
    app.save_slot = slot_path.map(|path| save::SaveSlot { path });
    if ask {
        app.offer_continue();
    }
    if let Some(view) = &cli.view {
        app.select_view(view).map_err(anyhow::Error::msg)?;
    }
    let keys = match &replay {
        Some(rec) => rec.keys()?,
        None => scripted_keys(&cli)?,
    };
    if cli.headless {
        headless::play_keys(&mut app, &keys);
    } else {
        // Scripted keys play first; one that quits means no window at all.
        let quit = keys.iter().any(|&key| !app.press(key));
        if !quit {
            ui::run_window(&mut app, &atlas)?;
        }
    }
    if let Some(path) = &cli.screenshot {
        headless::screenshot(&mut app, &atlas, path)?;
    }
    if let Some(path) = &cli.record {
        record::Recording::new(start_seed, &app.game.plugins, cli.scenario.as_deref(), &app.pressed).save(path)?;
    }
    app.stop()?;
    app.take_trace().finish().map_err(|e| anyhow::anyhow!("writing the trace failed: {e}"))
}

/// `emberdeep trace summary|diff`.
fn run_trace_tool(tool: &cli::TraceTool) -> anyhow::Result<()> {
    match tool {
        cli::TraceTool::Summary { file } => {
            let lines = trace_tools::read_trace_file(file)?;
            print!("{}", trace_tools::summary_table(&lines));
        }
        cli::TraceTool::Diff { a, b } => {
            let (la, lb) = (trace_tools::read_trace_file(a)?, trace_tools::read_trace_file(b)?);
            print!("{}", trace_tools::diff(&a.display().to_string(), &la, &b.display().to_string(), &lb));
        }
    }
    Ok(())
}

fn open_trace(cli: &Cli) -> anyhow::Result<Trace> {
    match &cli.trace {
        Some(path) => Trace::to_file(path).with_context(|| format!("cannot write the trace file {}", path.display())),
        None => Ok(Trace::console()),
    }
}

fn scripted_keys(cli: &Cli) -> anyhow::Result<Vec<keys::Key>> {
    let mut script = cli.keys.clone().unwrap_or_default();
    if let Some(path) = &cli.keys_file {
        let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the keys file {}", path.display()))?;
        script.push('\n');
        script.push_str(&text);
    }
    keys::parse_keys(&script).map_err(|e| anyhow::anyhow!("in the scripted keys: {e}"))
}

fn run_bot(cli: &Cli, runs: u32, seed: u64, plugins: Rc<Plugins>, records: Rc<data::Records>) -> anyhow::Result<()> {
    let mut trace = open_trace(cli)?;
    let mut results = Vec::new();
    let clock = std::time::Instant::now();
    for i in 0..runs as u64 {
        let mut game = setup::game_from_seed(seed.wrapping_add(i), plugins.clone(), records.clone(), trace);
        results.push(bot::play_run(&mut game));
        trace = std::mem::replace(&mut game.trace, Trace::console());
    }
    trace.finish().map_err(|e| anyhow::anyhow!("writing the trace failed: {e}"))?;
    print!("{}", bot::summary(&results));
    let turns: u64 = results.iter().map(|r| r.turns).sum();
    let seconds = clock.elapsed().as_secs_f64().max(1e-9);
    println!("  turns per second: {:.0} ({turns} turns in {seconds:.2} s)", turns as f64 / seconds);
    Ok(())
}

thread_local! {
    /// When `main` began, for `--bench-startup`.
    static STARTED: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
}

/// `--bench-startup`: draws the first frame offscreen and prints how long it took to get there.
fn bench_startup(app: &mut App, atlas: &atlas::Atlas) -> anyhow::Result<()> {
    let model = app.model();
    ui::render_rgba(&model, app.current_view(), atlas)?;
    let started = STARTED.with(|s| s.get()).unwrap_or_else(std::time::Instant::now);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    println!("startup to first frame: {ms:.1} ms ({} plugins, {} monster kinds, {} item kinds)",
        app.game.plugins.loaded.len(), app.game.records.monsters.len(), app.game.records.items.len());
    Ok(())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(1)
}

/// `--list-plugins`: each plugin, its version, its names per trait, its records.
fn list_plugins(plugins: &Plugins, dir: &std::path::Path, records: Option<&data::Records>) -> String {
    let mut out = format!("plugins in {}:\n", dir.display());
    if plugins.loaded.is_empty() {
        out.push_str("  (none loaded)\n");
    }
    for p in &plugins.loaded {
        let file = p.path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
        out.push_str(&format!("{} {} ({file})\n", p.name, p.version));
        for (trait_name, names) in &p.names {
            out.push_str(&format!("  {trait_name}: {}\n", names.join(", ")));
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
        }
    }
    out
}
