//! Opening one plugin library: the ELF checks, then abi_stable's layout
//! check (each way round, as the api's growth rules allow), then its
//! `register` (the trial a child process makes with `--probe-plugin`,
//! [`run_trial`], does all of it for each file). Why a library is refused is a
//! [`Refusal`], in one line; abi_stable's long layout report goes to a
//! file in the [`report_folder`].
//!
//! The binary supplies the [`Probe`] that runs trials in child processes,
//! so a library damaged in a way no header check sees can take down a
//! trial, never the game; why a trial failed is a [`TrialError`]. A trial
//! child loads the files as the game will, in order, each kept loaded, and
//! says how each went in a handshake line written once its `register` has
//! run ([`run_trial`]); the parent reads the lines back ([`Handshakes`]), so
//! a child that ends before a file's line, with any status (a library that
//! calls `exit(0)` as it loads), has failed on that file.

use std::io::Write;
use std::path::{Path, PathBuf};

use abi_stable::library::{lib_header_from_path, AbiHeader, LibHeader, LibraryError};
use abi_stable::sabi_trait::TD_Opaque;
use emberdeep_api::abi::{PluginModRef, RawRegistry, Registry_TO};
use emberdeep_api::{HostLink, PluginError};

use crate::data::trace::plugin_log_callback;
use crate::data::untrusted::{self, limits};
use crate::plugins::discovery::{plugin_name_of, CopyError};
use crate::plugins::elf::{check_library, ElfError};
use crate::plugins::registry::Registration;

/// What a rebuilt plugin needs.
const REBUILD: &str = "rebuild the plugin against the api crate this game was built with";

/// Why one library was not registered: one short line.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// Its file failed the checks made before it is opened.
    #[error(transparent)]
    Check(#[from] ElfError),
    /// Its private copy could not be made.
    #[error(transparent)]
    Copy(#[from] CopyError),
    /// Its trial in a child process refused it, crashed, hung or could not run.
    #[error(transparent)]
    Trial(#[from] TrialError),
    /// The dynamic loader would not open it.
    #[error("not a loadable library: {0}")]
    Unloadable(String),
    /// A library, but no Emberdeep plugin.
    #[error("not an Emberdeep plugin (it exports no root module)")]
    NoRootModule,
    /// Built against an api whose types differ from this game's.
    #[error(
        "built against {theirs}, whose types differ from this game's api {api}; {REBUILD} ({report})",
        theirs = .theirs.as_deref().map_or_else(|| "an api".into(), |v| format!("api {v}")),
        api = emberdeep_api::API_VERSION,
        report = .report.as_deref().map_or_else(
            || "the report could not be written".into(),
            |r| format!("full report in {}", r.display()),
        )
    )]
    TypesDiffer {
        /// The api version it was built against, if it says.
        theirs: Option<String>,
        /// The file holding abi_stable's full report, if it could be written.
        report: Option<PathBuf>,
    },
    /// Built against an api version this game cannot load.
    #[error("built against api {theirs}, this game has api {ours}; {REBUILD}")]
    OtherApi {
        /// Its api version.
        theirs: String,
        /// This game's.
        ours: String,
    },
    /// Its root module's own initialization failed.
    #[error("its root module failed: {0}")]
    RootModule(String),
    /// Another failure of abi_stable's, in one line.
    #[error("{0}")]
    Library(String),
    /// Its `register` returned an error (or panicked).
    #[error("its register function failed: {0}")]
    Register(PluginError),
    /// Its `register` did not say what plugin it is.
    #[error("its register function gave no plugin name")]
    NoName,
    /// Its declared settings cannot be answered (a default outside its range).
    #[error(transparent)]
    Settings(#[from] crate::plugins::registry::SettingError),
}

impl Refusal {
    /// Built against another api: an error even when loading every plugin
    /// found, never a plugin left out quietly (the player must rebuild it).
    pub fn incompatible(&self) -> bool {
        matches!(
            self,
            Refusal::TypesDiffer { .. }
                | Refusal::OtherApi { .. }
                | Refusal::Trial(TrialError::Refused { incompatible: true, .. })
        )
    }
}

/// Why a trial in a child process did not pass.
#[derive(Debug, thiserror::Error)]
pub enum TrialError {
    /// The game's own executable, which runs the trial, was not found.
    #[error("cannot find the game to try it: {0}")]
    NoGame(std::io::Error),
    /// The child process did not start.
    #[error("cannot try it: {0}")]
    NotStarted(std::io::Error),
    /// The child process crashed.
    #[error("loading it crashed a trial run ({end}): the file is damaged")]
    Crashed {
        /// How it ended.
        end: TrialEnd,
    },
    /// The child process refused it, in the one line it gave.
    #[error("{reason}")]
    Refused {
        /// Why, as the child said (capped at [`REASON_LIMIT`] characters).
        reason: String,
        /// Whether it was built against another api ([`Refusal::incompatible`]).
        incompatible: bool,
    },
    /// The child process ended, with any exit code, before it said the
    /// file registered (a library that exits as it loads).
    #[error("loading it ended a trial run ({end}) before it registered: the file is damaged")]
    Ended {
        /// How it ended.
        end: TrialEnd,
    },
    /// The child process did not finish in time.
    #[error("loading it did not finish within {seconds} s in a trial run")]
    Hung {
        /// The time it had.
        seconds: u64,
    },
    /// The thread waiting for the trial failed.
    #[error("its trial failed")]
    Lost,
}

/// How a crashed trial ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrialEnd {
    /// Killed by a signal.
    Signal(i32),
    /// Exited with a code that is neither success nor refusal.
    Code(i32),
    /// Neither.
    Unknown,
}

impl std::fmt::Display for TrialEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrialEnd::Signal(signal) => write!(f, "signal {signal}"),
            TrialEnd::Code(code) => write!(f, "exit code {code}"),
            TrialEnd::Unknown => f.write_str("an unknown end"),
        }
    }
}

/// A trial load of plugin files somewhere they cannot hurt (a child
/// process): for each file, `Err` says why it must not be opened here.
pub type Probe<'a> = &'a dyn Fn(&[PathBuf]) -> Vec<Result<(), TrialError>>;

/// The longest refusal a trial child's line carries back, in characters.
pub const REASON_LIMIT: usize = 400;
/// The environment variable a trial child finds its handshake's token in.
pub const TOKEN_VARIABLE: &str = "EMBERDEEP_TRIAL_TOKEN";
/// The first word of every handshake line.
const HANDSHAKE: &str = "emberdeep-trial";

/// The trial a child process makes (`--probe-plugin`): opens and registers
/// each file of `paths` in order, each kept loaded as the game keeps it,
/// and after each writes its handshake line to `out` (`<token> <index> ok`,
/// or `refused` with the reason), then a last `done` line. A line is
/// written only once the file's `register` has returned, so a child that
/// ends early leaves the file it was loading without one. Whether every
/// file registered.
pub fn run_trial(paths: &[PathBuf], token: &str, out: &mut dyn Write) -> bool {
    let mut kept = Vec::new();
    let mut all = true;
    for (index, path) in paths.iter().enumerate() {
        let line = match register_one(path) {
            Ok(registration) => {
                kept.push(registration);
                format!("{HANDSHAKE} {token} {index} ok")
            }
            Err(refusal) => {
                all = false;
                let reason: String = one_line(&refusal.to_string()).chars().take(REASON_LIMIT).collect();
                format!("{HANDSHAKE} {token} {index} refused {} {reason}", u8::from(refusal.incompatible()))
            }
        };
        // A line that cannot be written leaves the parent short of it: a failed trial.
        if writeln!(out, "\n{line}").and_then(|()| out.flush()).is_err() {
            return false;
        }
    }
    let _ = writeln!(out, "\n{HANDSHAKE} {token} done").and_then(|()| out.flush());
    // The libraries stay loaded until the process ends, as in the game.
    std::mem::forget(kept);
    all
}

/// What a trial child said, line by line, as the parent reads it back: for
/// each file in order, how it went; then whether the child said it was done.
#[derive(Debug)]
pub struct Handshakes {
    token: String,
    /// How each file went, for those the child gave a line.
    pub answers: Vec<Result<(), TrialError>>,
    /// Whether the last line, `done`, came.
    pub done: bool,
}

impl Handshakes {
    /// Ready to read a child's lines carrying `token`.
    pub fn new(token: &str) -> Handshakes {
        Handshakes { token: token.to_string(), answers: Vec::new(), done: false }
    }

    /// Takes one line of the child's output: a handshake line is one only
    /// with the token and the next file's index, in order; anything else
    /// (what a library printed as it loaded) is passed over. Whether the
    /// line was the last, `done`.
    pub fn read(&mut self, line: &str) -> bool {
        let start = format!("{HANDSHAKE} {} ", self.token);
        let Some(at) = line.find(&start) else { return false };
        let rest = line[at + start.len()..].trim_end();
        if self.done {
            return true;
        }
        if rest == "done" {
            self.done = true;
            return true;
        }
        let index = self.answers.len().to_string();
        let Some(rest) = rest.strip_prefix(&index).and_then(|r| r.strip_prefix(' ')) else { return false };
        if rest == "ok" {
            self.answers.push(Ok(()));
        } else if let Some(refused) = rest.strip_prefix("refused ") {
            let (incompatible, reason) = refused.split_once(' ').unwrap_or((refused, ""));
            let reason = reason.chars().take(REASON_LIMIT).collect();
            self.answers.push(Err(TrialError::Refused { reason, incompatible: incompatible == "1" }));
        }
        false
    }
}

/// Opens one library, checks it, and runs its `register`.
pub(super) fn register_one(path: &Path) -> Result<Registration, Refusal> {
    check_library(path)?;
    let reports = report_folder();
    let header = lib_header_from_path(path).map_err(|e| describe_library_error(&e, path, None, &reports))?;
    let api_version = header.version_strings().version.to_string();
    let module = root_module(header).map_err(|e| describe_library_error(&e, path, Some(&api_version), &reports))?;
    let register = module.register();
    let mut collected = Registration::for_api(api_version);
    let registry: RawRegistry<'_> = Registry_TO::from_ptr(&mut collected, TD_Opaque);
    register(HostLink { log: plugin_log_callback }, registry).into_result().map_err(Refusal::Register)?;
    if collected.plugin_name().is_empty() {
        return Err(Refusal::NoName);
    }
    collected.check_declarations()?;
    Ok(collected)
}

/// The plugin's root module, once its types are found to fit this game's.
///
/// abi_stable lets a library's prefix types (the traits' tables of methods)
/// be longer than the loader's, for a library newer than its user, but not
/// shorter. The api promises both ways within 1.x: a plugin built against
/// an older 1.x has fewer methods, and the host then runs their defaults;
/// one built against a newer 1.x has more, which this host never calls. So
/// the layout is checked as abi_stable checks it, and if that fails, the
/// other way round. Any change that is not growth at the end of a prefix
/// type (a field added to a struct, a method changed) fails both ways.
fn root_module(header: &'static LibHeader) -> Result<PluginModRef, LibraryError> {
    use abi_stable::abi_stability::abi_checking::{check_layout_compatibility_with_globals, CheckingGlobals};
    use abi_stable::StableAbi;
    // Each check on its own: abi_stable's shared record of the prefix types
    // it has seen would hold one plugin's shorter table against the next.
    let fits = |interface, implementation| {
        check_layout_compatibility_with_globals(interface, implementation, &CheckingGlobals::new())
    };
    if let Some(found) = header.layout() {
        let expected = <PluginModRef as StableAbi>::LAYOUT;
        if let Err(e) = fits(expected, found) {
            if fits(found, expected).is_err() {
                return Err(LibraryError::AbiInstability(abi_stable::std_types::RBoxError::from_fmt(&e)));
            }
        }
    }
    // SAFETY: the layout was checked just above (when the library carries
    // one), each way round as the api's growth rules allow.
    unsafe { header.init_root_module_with_unchecked_layout::<PluginModRef>() }
}

/// A long message of abi_stable's on one line, capped: all of its lines,
/// as the reason is often after the first (`Could not open library at:`,
/// the path, `because:`, the reason).
fn one_line(text: &str) -> String {
    untrusted::shown(text, limits::SHOWN_TEXT)
}

/// Why a library's abi_stable header is not this game's, in words: a
/// damaged magic string, or another abi_stable version.
fn abi_header_reason(found: &AbiHeader) -> String {
    let ours = AbiHeader::VALUE;
    if found.magic_string != ours.magic_string {
        return "its abi_stable header is damaged (its magic string is not abi_stable's): the file is damaged".into();
    }
    format!(
        "built with abi_stable {}.{}, whose libraries this game (abi_stable {}.{}) cannot load; {REBUILD}",
        found.abi_major, found.abi_minor, ours.abi_major, ours.abi_minor
    )
}

/// Where the full reports of refused plugins go: `reports/` in the game's
/// data folder, where saves go too (`$EMBERDEEP_SAVE_DIR` if set, else the
/// platform's data folder: `~/.local/share/emberdeep` on Linux).
pub fn report_folder() -> PathBuf {
    let data = std::env::var_os("EMBERDEEP_SAVE_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("emberdeep")))
        .unwrap_or_else(std::env::temp_dir);
    data.join("reports")
}

/// One short line for a load failure; abi_stable's long layout report
/// goes to a file in `reports`.
fn describe_library_error(e: &LibraryError, path: &Path, plugin_api: Option<&str>, reports: &Path) -> Refusal {
    match e {
        // The dynamic loader's own words name the file and say why.
        LibraryError::OpenError { err, .. } => Refusal::Unloadable(one_line(&err.to_string())),
        LibraryError::InvalidAbiHeader(found) => Refusal::Library(abi_header_reason(found)),
        LibraryError::GetSymbolError { .. } => Refusal::NoRootModule,
        LibraryError::AbiInstability(_) => {
            let name = plugin_name_of(path).unwrap_or_else(|| "plugin".into());
            let report = reports.join(format!("{name}-abi-report.txt"));
            let written = std::fs::create_dir_all(reports).is_ok() && std::fs::write(&report, e.to_string()).is_ok();
            Refusal::TypesDiffer { theirs: plugin_api.map(str::to_string), report: written.then_some(report) }
        }
        LibraryError::IncompatibleVersionNumber { expected_version, actual_version, .. } => {
            Refusal::OtherApi { theirs: actual_version.to_string(), ours: expected_version.to_string() }
        }
        LibraryError::RootModule { err, .. } => Refusal::RootModule(one_line(&err.to_string())),
        other => Refusal::Library(one_line(&other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use abi_stable::sabi_types::VersionNumber;
    use abi_stable::std_types::RBoxError;

    use super::*;

    #[test]
    fn a_file_that_is_no_library_is_refused_before_it_is_opened() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("libwords.so");
        std::fs::write(&path, "a plugin, honestly").unwrap();
        let refusal = register_one(&path).err().expect("refused");
        assert!(matches!(refusal, Refusal::Check(ElfError::Unreadable(_))), "{refusal:?}");
        assert!(refusal.to_string().starts_with("not a shared library ("), "{refusal}");
        assert!(!refusal.incompatible(), "a damaged file is skipped, not an api to rebuild against");
        let refusal = register_one(&dir.path().join("libabsent.so")).err().expect("refused");
        assert!(matches!(refusal, Refusal::Check(ElfError::Read(_))), "{refusal:?}");
    }

    #[test]
    fn another_api_version_is_incompatible_and_says_to_rebuild() {
        let e = LibraryError::IncompatibleVersionNumber {
            library_name: "emberdeep plugin",
            expected_version: VersionNumber { major: 1, minor: 0, patch: 0 },
            actual_version: VersionNumber { major: 2, minor: 3, patch: 0 },
        };
        let refusal = describe_library_error(&e, Path::new("libnew.so"), None, Path::new("/nowhere"));
        assert!(refusal.incompatible());
        assert_eq!(
            refusal.to_string(),
            "built against api 2.3.0, this game has api 1.0.0; \
             rebuild the plugin against the api crate this game was built with"
        );
    }

    #[test]
    fn types_that_differ_put_the_long_report_in_a_file_and_name_it() {
        let dir = tempfile::tempdir().unwrap();
        let e = LibraryError::AbiInstability(RBoxError::from_fmt(&"field 3 of Ctx: expected u32, found u64\nmore"));
        let refusal = describe_library_error(&e, Path::new("/p/libchanged.so"), Some("1.4.0"), dir.path());
        assert!(refusal.incompatible());
        let report = dir.path().join("changed-abi-report.txt");
        assert_eq!(
            refusal.to_string(),
            format!(
                "built against api 1.4.0, whose types differ from this game's api {}; rebuild the plugin against \
                 the api crate this game was built with (full report in {})",
                emberdeep_api::API_VERSION,
                report.display()
            )
        );
        assert!(std::fs::read_to_string(&report).unwrap().contains("expected u32, found u64\nmore"));
        // A report folder that cannot be made: said so, still one line.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, b"").unwrap();
        let refusal = describe_library_error(&e, Path::new("libchanged.so"), None, &blocked.join("reports"));
        let text = refusal.to_string();
        assert!(text.starts_with("built against an api, whose types differ"), "{text}");
        assert!(text.ends_with("(the report could not be written)"), "{text}");
    }

    #[test]
    fn a_long_message_becomes_one_capped_line() {
        assert_eq!(one_line("\n  first   line here \nsecond"), "first line here second");
        assert_eq!(one_line(""), "");
        let long = one_line(&"why\n".repeat(100_000));
        assert!(long.ends_with("… (399999 characters)") && long.len() < 1100, "{}", long.len());
    }

    #[test]
    fn abi_stable_errors_of_many_lines_keep_their_reason_on_one_line() {
        use abi_stable::library::{RawLibrary, RootModuleError};
        let refused = |e: &LibraryError| {
            let text = describe_library_error(e, Path::new("libodd.so"), None, Path::new("/nowhere")).to_string();
            assert!(!text.contains('\n') && !text.trim_end().ends_with(':'), "{text:?}");
            text
        };
        let mut damaged = AbiHeader::VALUE;
        damaged.magic_string[0] ^= 1;
        let text = refused(&LibraryError::InvalidAbiHeader(damaged));
        assert!(text.contains("abi_stable header is damaged"), "{text}");
        let mut older = AbiHeader::VALUE;
        older.abi_minor += 1;
        let text = refused(&LibraryError::InvalidAbiHeader(older));
        let ours = format!("{}.{}", AbiHeader::VALUE.abi_major, AbiHeader::VALUE.abi_minor);
        assert!(text.contains(&format!("abi_stable {}.{}", older.abi_major, older.abi_minor)), "{text}");
        assert!(text.contains(&format!("abi_stable {ours}")) && text.contains(REBUILD), "{text}");
        let failed = RootModuleError::Returned(RBoxError::from_fmt(&"the moon\nis wrong"));
        let e = LibraryError::RootModule {
            err: failed,
            module_name: "emberdeep plugin",
            version: abi_stable::package_version_strings!(),
        };
        let text = refused(&e);
        assert!(text.starts_with("its root module failed: ") && text.contains("the moon is wrong"), "{text}");
        let e = RawLibrary::load_at(Path::new("/no/such/libodd.so")).err().expect("no such file");
        let text = refused(&e);
        assert!(text.starts_with("not a loadable library: ") && text.contains("No such file"), "{text}");
    }

    /// A library file that is nothing but words, at `dir/lib<name>.so`.
    fn words(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(format!("lib{name}.so"));
        std::fs::write(&path, "a plugin, honestly").unwrap();
        path
    }

    #[test]
    fn a_trial_says_how_each_file_went_after_it_and_then_that_it_is_done() {
        let dir = tempfile::tempdir().unwrap();
        let paths = [words(dir.path(), "one"), words(dir.path(), "two")];
        let mut out = Vec::new();
        assert!(!run_trial(&paths, "t0k", &mut out), "neither registers");
        let text = String::from_utf8(out).unwrap();
        let mut read = Handshakes::new("t0k");
        let mut done = false;
        for line in text.lines() {
            done = read.read(line);
        }
        assert!(done && read.done, "{text}");
        assert_eq!(read.answers.len(), 2, "{text}");
        for answer in &read.answers {
            let Err(TrialError::Refused { reason, incompatible: false }) = answer else { panic!("{answer:?}") };
            assert!(reason.starts_with("not a shared library ("), "{reason}");
        }
        assert!(Refusal::from(TrialError::Refused { reason: "x".into(), incompatible: true }).incompatible());
    }

    #[test]
    fn only_lines_with_the_token_and_the_next_index_count() {
        let mut read = Handshakes::new("abc");
        for line in [
            "emberdeep-trial other 0 ok",
            "emberdeep-trial abc 1 ok",
            "what a library printed without a new line, emberdeep-trial abc 0 ok",
            "emberdeep-trial abc 0 ok",
            "emberdeep-trial abc 1 refused 0 its register function failed: no",
        ] {
            assert!(!read.read(line), "{line}");
        }
        assert_eq!(read.answers.len(), 2, "another token, an index out of turn, one said twice: passed over");
        assert!(read.answers[0].is_ok());
        assert_eq!(read.answers[1].as_ref().unwrap_err().to_string(), "its register function failed: no");
        assert!(!read.done);
        assert!(read.read("emberdeep-trial abc done"));
    }

    #[test]
    fn a_failed_trial_says_how() {
        let crashed = Refusal::from(TrialError::Crashed { end: TrialEnd::Signal(11) });
        assert_eq!(crashed.to_string(), "loading it crashed a trial run (signal 11): the file is damaged");
        assert!(!crashed.incompatible());
        let code = TrialError::Crashed { end: TrialEnd::Code(101) }.to_string();
        assert_eq!(code, "loading it crashed a trial run (exit code 101): the file is damaged");
        let ended = TrialError::Ended { end: TrialEnd::Code(0) }.to_string();
        assert_eq!(ended, "loading it ended a trial run (exit code 0) before it registered: the file is damaged");
        let hung = TrialError::Hung { seconds: 10 }.to_string();
        assert_eq!(hung, "loading it did not finish within 10 s in a trial run");
    }
}
