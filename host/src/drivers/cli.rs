//! The command line. Players and tests depend on these flags (see README).

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Emberdeep: a turn-based roguelike whose feature sets are plugins.
#[derive(Parser, Debug, Clone)]
#[command(name = "emberdeep", version, about)]
pub struct Cli {
    /// The plugin set, comma separated (`core_combat,equipment`); empty for none. Default: every plugin found.
    #[arg(long, value_name = "A,B,C", global = true)]
    pub plugins: Option<String>,

    /// Where plugin libraries are looked for. Default: the folder of the executable.
    #[arg(long, value_name = "DIR", global = true)]
    pub plugin_dir: Option<PathBuf>,

    /// The player's plugin folder, where `emberdeep plugin add` installs
    /// packages; the game loads its plugins beside those of --plugin-dir (a
    /// name the game's own folder has is left out, with a warning). Default:
    /// `plugins/` in the platform's data folder (e.g. ~/.local/share/emberdeep/plugins).
    #[arg(long, value_name = "DIR", global = true, env = "EMBERDEEP_PLAYER_PLUGIN_DIR")]
    pub player_plugin_dir: Option<PathBuf>,

    /// Where the records are (`data/`). Default: the workspace's `data/`.
    #[arg(long, value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,

    /// Where the tile atlas is (`assets/`, holding tiles.png and tiles.txt). Default: the workspace's `assets/`.
    #[arg(long, value_name = "DIR")]
    pub assets_dir: Option<PathBuf>,

    /// Print each loaded plugin, its version and every name it registered, per trait; then exit.
    #[arg(long)]
    pub list_plugins: bool,

    /// The run's seed. Default: from the clock.
    #[arg(long, global = true)]
    pub seed: Option<u64>,

    /// Scripted keys, e.g. "l l j 3*h i a Esc" (see docs/keys.md).
    #[arg(long, value_name = "KEYS")]
    pub keys: Option<String>,

    /// Scripted keys from a file (same notation; `//` starts a comment).
    #[arg(long, value_name = "FILE")]
    pub keys_file: Option<PathBuf>,

    /// No window: play the scripted keys (or the bot) and exit.
    #[arg(long)]
    pub headless: bool,

    /// Write every turn event as JSON lines to FILE.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,

    /// Write a Chrome trace (open it in Perfetto): turns and monsters' turns as spans.
    #[arg(long, value_name = "FILE")]
    pub trace_chrome: Option<PathBuf>,

    /// Render the final frame to a PNG.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,

    /// A bot plays N whole runs headless and prints a summary.
    #[arg(long, value_name = "N")]
    pub bot: Option<u32>,

    /// With --bot: how many runs to play at once, each in a process of its
    /// own (default: one per core). The summary and the trace are the same
    /// whatever the number.
    #[arg(long, value_name = "N", global = true)]
    pub jobs: Option<usize>,

    /// With --bot: the number of the first run (a job plays runs K.. of a larger --bot).
    #[arg(long, value_name = "K", default_value_t = 0, hide = true)]
    pub bot_first: u64,

    /// With --bot: print each run's result as a JSON line instead of the summary (what a job reports).
    #[arg(long, hide = true)]
    pub bot_results: bool,

    /// Start from a scenario file (docs/scenario.md) instead of a generated floor.
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,

    /// Start in the named view (`glyphs`, `tiles`, or one a plugin registered).
    #[arg(long, value_name = "NAME")]
    pub view: Option<String>,

    /// Try to load plugin files and exit: 0 if all register, 1 if one is
    /// refused. The game runs this in a child process on the plugin files
    /// before it loads any, so a damaged library crashes the trial, not the game.
    #[arg(long, value_name = "FILE", num_args = 1.., hide = true)]
    pub probe_plugin: Vec<PathBuf>,

    /// Keep the seed, the plugin set and every key in FILE, to replay the run
    /// (from the saved run it went on from, with --continue). Not with --bot,
    /// whose runs are replayed from their seeds.
    #[arg(long, value_name = "FILE", conflicts_with = "bot")]
    pub record: Option<PathBuf>,

    /// Play a recorded run again (same plugins required); gives the same trace.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["keys", "keys_file", "seed", "scenario", "bot"])]
    pub replay: Option<PathBuf>,

    /// With --replay: show the replay's timeline at this turn (with
    /// --screenshot: draw it to the PNG; with --headless alone: print its
    /// pane). A turn past the run's end is refused, naming the last turn.
    #[arg(long, value_name = "TURN", requires = "replay", conflicts_with = "record")]
    pub at: Option<String>,

    /// Where saves go. Default: the platform's data folder (e.g. ~/.local/share/emberdeep)
    /// for window runs and --continue; headless runs save only when given this.
    #[arg(long, value_name = "DIR", env = "EMBERDEEP_SAVE_DIR")]
    pub save_dir: Option<PathBuf>,

    /// Where the game remembers the view chosen and the first-time hints
    /// given, between runs. Default: the platform's config folder (e.g.
    /// ~/.config/emberdeep) for window runs; headless runs remember only in
    /// the folder given here; replays never.
    #[arg(long, value_name = "DIR", env = "EMBERDEEP_CONFIG_DIR")]
    pub config_dir: Option<PathBuf>,

    /// Continue the saved run (headless or not).
    #[arg(long = "continue", conflicts_with_all = ["scenario", "replay", "seed", "bot"])]
    pub continue_run: bool,

    /// Watch the loaded plugins' library files: when one is rebuilt, try the
    /// new build in a child process and, if it passes, restart with it and
    /// go on with the run where it stood (docs/reload.md).
    #[arg(long, conflicts_with_all = ["record", "replay", "bot", "trace_chrome"])]
    pub watch: bool,

    /// Headless: read keys from standard input (`-`), one line at a time in
    /// the notation of --keys, printing each new message and the run's state
    /// after each line, until the input ends.
    #[arg(long, value_name = "-", requires = "headless", conflicts_with_all = ["replay", "bot"])]
    pub keys_from: Option<String>,

    /// A restart after a reload: the run to go on with (docs/reload.md).
    #[arg(long, value_name = "FILE", hide = true, conflicts_with_all = ["continue_run", "scenario", "replay", "seed"])]
    pub handover: Option<PathBuf>,

    /// With --handover: start as the restart would, then exit, 0 if it would
    /// play (the check a rebuilt plugin passes in a child process first).
    #[arg(long, hide = true, requires = "handover")]
    pub check_handover: bool,

    /// The New Run screen chose this run: a saved run is not offered again
    /// (it was offered on the screen); the new run saves beside it.
    #[arg(long, hide = true, conflicts_with_all = ["continue_run", "handover"])]
    pub fresh_run: bool,

    /// Run without the kernel's confinement of plugins (files, network,
    /// programs), for a debugger or a profiler; the children the game
    /// starts inherit it. Says so in a warning and on the New Run screen.
    #[arg(long, global = true, env = "EMBERDEEP_UNCONFINED")]
    pub unconfined: bool,

    /// Print the time from start to the first frame drawn (plugins and data loaded), headless; then exit.
    #[arg(long)]
    pub bench_startup: bool,

    /// Tools that do not start the game.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `emberdeep trace ...`, `emberdeep check ...`
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Read trace files written by --trace.
    Trace {
        /// What to do with them.
        #[command(subcommand)]
        tool: TraceTool,
    },
    /// The bot plays the same seeds with each plugin set; the sets side by
    /// side, each figure with a 95% margin (docs/balance.md). --seed (default
    /// 1), --jobs, --plugin-dir and --data-dir apply.
    #[command(args_conflicts_with_subcommands = true)]
    Balance {
        /// The sets, `;` between sets, `,` between plugins; `all` is every plugin found.
        #[arg(long, default_value = "core_combat; core_combat,equipment; all")]
        sets: String,
        /// Runs for each set.
        #[arg(long, default_value_t = 200)]
        runs: u32,
        /// Where the report goes: report.html (self-contained) and its plots as SVG files.
        #[arg(long, value_name = "DIR", default_value = "balance-report")]
        report: PathBuf,
        /// Play only the K-th of N parts of the runs (a block of run
        /// numbers) and write them to --out, for `balance merge`.
        #[arg(long, value_name = "K/N", requires = "out", conflicts_with = "report")]
        shard: Option<String>,
        /// With --shard: the part file to write.
        #[arg(long, value_name = "FILE", requires = "shard")]
        out: Option<PathBuf>,
        /// `merge`: the parts put together.
        #[command(subcommand)]
        tool: Option<BalanceTool>,
    },
    /// The player's plugins: add a package, list every plugin and where it
    /// comes from, remove one the player added (docs/packages.md).
    Plugin {
        /// What to do.
        #[command(subcommand)]
        tool: PluginTool,
    },
    /// Play scenario files headless and check their [expect] lines
    /// (docs/scenario.md); exits 1 if one does not hold. The plugins are
    /// those of --plugins and --plugin-dir.
    Check {
        /// The scenario files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// `emberdeep plugin ...`.
#[derive(Subcommand, Debug, Clone)]
pub enum PluginTool {
    /// Check a plugin package (a folder, or a `.tar.gz` of one: the library
    /// `libNAME.so` and its data folder `data/NAME/`) and install it into
    /// the player's plugin folder; a package refused installs nothing.
    Add {
        /// The package: a folder or a `.tar.gz`.
        path: PathBuf,
    },
    /// Every plugin of both folders: where it comes from (game or player),
    /// its file, version, api and description, or why it cannot be used.
    List,
    /// Remove a plugin the player added (never one of the game's own).
    Remove {
        /// The plugin's name.
        name: String,
    },
}

/// What `balance` does besides playing.
#[derive(Subcommand, Debug, Clone)]
pub enum BalanceTool {
    /// Put the parts written by `balance --shard K/N --out FILE` together:
    /// checked to be every shard of one comparison once, then the table and
    /// the report, byte for byte those of the comparison played at once.
    Merge {
        /// The part files, in any order.
        #[arg(required = true, value_name = "PARTS")]
        parts: Vec<PathBuf>,
        /// Where the report goes.
        #[arg(long, value_name = "DIR", default_value = "balance-report")]
        report: PathBuf,
    },
}

/// The trace tools.
#[derive(Subcommand, Debug, Clone)]
pub enum TraceTool {
    /// A per-turn table: actions, attacks, damage dealt and taken, deaths.
    Summary {
        /// The trace file.
        file: PathBuf,
    },
    /// The events that match every filter given, as written (or --readable).
    Events {
        /// The trace file.
        file: PathBuf,
        /// Only these turns: `12`, `10..20`, `100..` or `..5`.
        #[arg(long, value_name = "RANGE")]
        turns: Option<String>,
        /// Only events decided by this source (`host` or a plugin's name).
        #[arg(long)]
        source: Option<String>,
        /// Only events of this name (`attack`, `death`, `press`...).
        #[arg(long)]
        event: Option<String>,
        /// Only events whose field matches: `target=goblin#2`, `damage=3..6`,
        /// `target=goblin#*`, `who!=player`. May be given several times.
        #[arg(long = "field", value_name = "FIELD=VALUE")]
        fields: Vec<String>,
        /// One short line per event (`line 12: turn 3  attack (core_combat)  target=...`).
        #[arg(long)]
        readable: bool,
    },
    /// The first event where two traces part, with context and the keys that led there.
    Diff {
        /// The first trace.
        a: PathBuf,
        /// The second trace.
        b: PathBuf,
    },
}

impl Cli {
    /// The plugin names asked for, or `None` for every plugin found.
    /// Whether a window run is to begin at the New Run screen: nothing on
    /// the command line chose the run (no --plugins, --seed, scenario,
    /// replay, saved run, scripted keys, tool).
    pub fn wants_new_run_screen(&self) -> bool {
        !self.headless
            && self.plugins.is_none()
            && self.seed.is_none()
            && self.command.is_none()
            && self.replay.is_none()
            && self.handover.is_none()
            && self.scenario.is_none()
            && !self.continue_run
            && !self.list_plugins
            && self.bot.is_none()
            && self.keys.is_none()
            && self.keys_file.is_none()
            && self.keys_from.is_none()
            && self.screenshot.is_none()
            && !self.bench_startup
            && !self.fresh_run
    }

    pub fn plugin_names(&self) -> Option<Vec<String>> {
        self.plugins.as_ref().map(|s| s.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from).collect())
    }
}
