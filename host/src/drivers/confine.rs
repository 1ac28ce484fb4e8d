//! Confinement: the kernel keeps the game, and so every plugin it loads,
//! from the player's files, the network and other programs (Linux only).
//!
//! The game confines itself first thing, before any plugin library is
//! opened anywhere: before the trial children are started, before SDL
//! opens the display (plugins are loaded before the window opens, so the
//! rules include what the display needs), and in every child it starts,
//! which inherits the confinement and then narrows it to its own rules.
//! Nothing can lift it: neither the process itself nor a program it starts.
//!
//! * **Files** (Landlock): read only the system's folders (libraries,
//!   settings, the display's and devices' files), the game's installation,
//!   the player's plugin folder and the files the command line names;
//!   write only the game's own folders (saves, settings, the player's
//!   plugin folder) and the outputs the command line names; execute only
//!   the game's own program.
//! * **Network** (Landlock, kernel 6.7 on, and seccomp): no TCP `bind` or
//!   `connect`; no IP, raw or packet socket at all. Local sockets (the
//!   display) and netlink (input devices) stay.
//! * **Programs** (seccomp): no `execve`, no `ptrace`, no `io_uring`; the
//!   game starts its own children only by `execveat` of a file descriptor
//!   it opened on its own program before confining.
//!
//! A kernel without a part plays on, and the game says once which part is
//! missing. `--unconfined` (or `EMBERDEEP_UNCONFINED=true`, which the game's
//! own children inherit) turns it all off, for a debugger or a profiler.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The environment variable `--unconfined` sets, so the children it starts
/// (trials, jobs, restarts) are not confined either.
pub const UNCONFINED_VARIABLE: &str = "EMBERDEEP_UNCONFINED";

/// What the process may touch: the rules one run's command line gives.
#[derive(Debug, Default, Clone)]
pub struct Plan {
    /// Files and folders read (a folder: everything beneath it).
    pub read: Vec<PathBuf>,
    /// Folders read and written, made if absent (saves, settings, reports).
    pub write_dirs: Vec<PathBuf>,
    /// Files written, made empty if absent (a trace, a screenshot).
    pub write_files: Vec<PathBuf>,
}

/// One part of the confinement: in force, or why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// The kernel enforces it.
    On,
    /// It is not in force, and why (one short phrase).
    Off(String),
}

impl Part {
    fn is_on(&self) -> bool {
        matches!(self, Part::On)
    }
}

/// The confinement this process runs under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InForce {
    /// The player's files (Landlock).
    pub files: Part,
    /// The network (Landlock's network rules and seccomp's socket rule).
    pub network: Part,
    /// Starting programs and tracing processes (seccomp).
    pub programs: Part,
    /// `--unconfined` asked for none.
    pub unconfined: bool,
}

impl InForce {
    /// None of it: `--unconfined`.
    fn unconfined() -> InForce {
        let off = || Part::Off("--unconfined".to_string());
        InForce { files: off(), network: off(), programs: off(), unconfined: true }
    }

    /// Every part in force.
    pub fn whole(&self) -> bool {
        self.files.is_on() && self.network.is_on() && self.programs.is_on()
    }

    /// The one line `--list-plugins`, `plugin list` and the New Run screen
    /// show: "plugins confined: files, network, programs", or what is
    /// missing and why.
    pub fn line(&self) -> String {
        if self.unconfined {
            return "plugins NOT confined (--unconfined): files, network and programs open to them".to_string();
        }
        let parts = [("files", &self.files), ("network", &self.network), ("programs", &self.programs)];
        let on: Vec<&str> = parts.iter().filter(|(_, p)| p.is_on()).map(|(n, _)| *n).collect();
        let off: Vec<String> = parts
            .iter()
            .filter_map(|(n, p)| match p {
                Part::Off(why) => Some(format!("{n} ({why})")),
                Part::On => None,
            })
            .collect();
        match (on.is_empty(), off.is_empty()) {
            (_, true) => format!("plugins confined: {}", on.join(", ")),
            (true, false) => format!("plugins NOT confined: {}", off.join(", ")),
            (false, false) => format!("plugins confined: {}; NOT confined: {}", on.join(", "), off.join(", ")),
        }
    }

    /// The warning said once at start when a part is missing (not for
    /// `--unconfined`, which says its own).
    fn warning(&self) -> Option<String> {
        (!self.whole() && !self.unconfined).then(|| format!("warning: {}", self.line()))
    }
}

static IN_FORCE: OnceLock<InForce> = OnceLock::new();
/// The file descriptor on the game's own program that children are started
/// from (`execveat`), once confined.
static OWN_PROGRAM: OnceLock<i32> = OnceLock::new();

/// The confinement in force, once [`confine`] ran (`None` for the commands
/// that never load a plugin, such as the trace tools).
pub fn in_force() -> Option<&'static InForce> {
    IN_FORCE.get()
}

/// Confines this process by `plan` (once; later calls return the first
/// answer) and says on standard error, in one line, what is missing.
/// With `unconfined`, confines nothing, says so, and makes the children
/// this process starts unconfined too.
pub fn confine(plan: &Plan, unconfined: bool) -> &'static InForce {
    IN_FORCE.get_or_init(|| {
        if unconfined {
            // Called on the main thread at start, before any thread exists.
            std::env::set_var(UNCONFINED_VARIABLE, "true");
            crate::errln!("emberdeep: warning: running unconfined (--unconfined): plugins can reach the player's files, the network and other programs");
            return InForce::unconfined();
        }
        let in_force = os::confine(plan);
        if let Some(warning) = in_force.warning() {
            crate::errln!("emberdeep: {warning}");
        }
        in_force
    })
}

/// Makes `command`, which starts this game's own program, start it the
/// only way a confined game may: by the file descriptor kept on the
/// program (see [`confine`]). Unconfined, `command` is left as it is.
pub fn own_program(command: &mut std::process::Command) {
    if let Some(&fd) = OWN_PROGRAM.get() {
        os::start_by_descriptor(command, fd);
    }
}

/// The read rules every confined run has: the system's folders (programs'
/// libraries, settings, devices, the display's files) and the game's
/// installation.
pub fn system_and_installation(installation: &[PathBuf]) -> Vec<PathBuf> {
    let mut read: Vec<PathBuf> = [
        "/usr",
        "/lib",
        "/lib32",
        "/lib64",
        "/libx32",
        "/bin",
        "/sbin",
        "/etc",
        "/opt",
        "/nix",
        "/proc",
        "/sys",
        "/dev",
        "/run",
        "/var/lib/dbus",
        "/var/cache/fontconfig",
        "/tmp/.X11-unix",
        "/tmp/.ICE-unix",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    // The display's key (X11) and its runtime folder (Wayland).
    if let Some(auth) = std::env::var_os("XAUTHORITY") {
        read.push(PathBuf::from(auth));
    } else if let Some(home) = dirs::home_dir() {
        read.push(home.join(".Xauthority"));
    }
    if let Some(runtime) = std::env::var_os("XDG_RUNTIME_DIR") {
        read.push(PathBuf::from(runtime));
    }
    if let Ok(exe) = std::env::current_exe() {
        read.extend(exe.parent().map(Path::to_path_buf));
        read.push(exe);
    }
    read.extend(installation.iter().cloned());
    read
}

/// This user's work folder in the system's temporary folder: made (private
/// to the user) if absent, refused if it is anybody else's or a link.
pub fn work_folder() -> Option<PathBuf> {
    os::work_folder()
}

#[cfg(target_os = "linux")]
mod os {
    use std::collections::BTreeMap;
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    use std::os::unix::process::CommandExt;
    use std::path::{Path, PathBuf};

    use landlock::{
        Access, AccessFs, AccessNet, BitFlags, PathBeneath, PathFd, Ruleset, RulesetAttr, RulesetCreatedAttr,
        RulesetStatus, Scope, ABI,
    };
    use seccompiler::{
        SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule, TargetArch,
    };

    use super::{InForce, Part, Plan, OWN_PROGRAM};

    /// The newest Landlock ABI whose rights the rules below were written for.
    const ABI_WRITTEN_FOR: ABI = ABI::V7;

    pub(super) fn confine(plan: &Plan) -> InForce {
        // The outputs exist before the rules are made: a rule holds a file.
        for dir in &plan.write_dirs {
            let _ = std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir);
        }
        for file in &plan.write_files {
            if !file.exists() {
                let _ = std::fs::OpenOptions::new().write(true).create_new(true).open(file);
            }
        }
        let own = keep_own_program();
        let interpreter = std::env::current_exe().ok().and_then(|exe| interpreter_of(&exe));
        let (files, network_rules) = landlock_rules(plan, interpreter.as_deref());
        let programs = match (seccomp_rules(own), own) {
            (Ok(()), Some(fd)) => {
                let _ = OWN_PROGRAM.set(fd);
                Part::On
            }
            (Ok(()), None) => Part::On,
            (Err(e), _) => Part::Off(format!("the kernel took no seccomp filter: {e}")),
        };
        // Sockets of the internet's families are refused by the same filter.
        let network = match (&network_rules, &programs) {
            (_, Part::On) => Part::On,
            (Part::On, Part::Off(_)) => Part::Off("TCP only (no seccomp filter)".to_string()),
            (Part::Off(why), Part::Off(_)) => Part::Off(why.clone()),
        };
        InForce { files, network, programs, unconfined: false }
    }

    /// A descriptor on this program, opened before the rules (`O_PATH`,
    /// closed at exec), moved high so it stays out of the plugins' way.
    fn keep_own_program() -> Option<i32> {
        let exe = std::env::current_exe().ok()?;
        let path = CString::new(exe.as_os_str().as_bytes()).ok()?;
        // SAFETY: plain system calls on a NUL-terminated path and our own descriptor.
        unsafe {
            let fd = libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
            if fd < 0 {
                return None;
            }
            let high = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 700);
            libc::close(fd);
            (high >= 0).then_some(high)
        }
    }

    /// The program's interpreter (the dynamic loader), which `execveat`
    /// runs too: it must be executable under the rules.
    fn interpreter_of(exe: &Path) -> Option<PathBuf> {
        use object::read::elf::{FileHeader, ProgramHeader};
        // The headers and the interpreter's name lie at the file's start:
        // read that much, not the whole program.
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::Read::take(std::fs::File::open(exe).ok()?, 64 << 10), &mut bytes)
            .ok()?;
        let header = object::elf::FileHeader64::<object::Endianness>::parse(&*bytes).ok()?;
        let endian = header.endian().ok()?;
        for segment in header.program_headers(endian, &*bytes).ok()? {
            if segment.p_type(endian) == object::elf::PT_INTERP {
                let data = segment.data(endian, &*bytes).ok()?;
                let name = data.split(|&b| b == 0).next()?;
                return Some(PathBuf::from(std::ffi::OsStr::from_bytes(name)));
            }
        }
        None
    }

    /// The file and network rules; answers the files' part and the TCP part.
    fn landlock_rules(plan: &Plan, interpreter: Option<&Path>) -> (Part, Part) {
        let abi = ABI_WRITTEN_FOR;
        let read: BitFlags<AccessFs> = AccessFs::ReadFile | AccessFs::ReadDir;
        // Devices: the display's and input's, opened to read and write.
        let device = read | AccessFs::WriteFile | AccessFs::IoctlDev;
        let all = AccessFs::from_all(abi);
        let mut rules: Vec<PathBeneath<PathFd>> = Vec::new();
        let mut rule = |path: &Path, access: BitFlags<AccessFs>| {
            let Ok(fd) = PathFd::new(path) else { return };
            let file = std::fs::metadata(path).is_ok_and(|m| !m.is_dir());
            let access = if file { access & AccessFs::from_file(abi) } else { access };
            rules.push(PathBeneath::new(fd, access));
        };
        for path in &plan.read {
            let access = if path == Path::new("/dev") { device } else { read };
            rule(path, access);
        }
        for dir in &plan.write_dirs {
            rule(dir, all & !AccessFs::Execute);
        }
        for file in &plan.write_files {
            rule(file, AccessFs::ReadFile | AccessFs::WriteFile | AccessFs::Truncate);
        }
        // Executed: the game's own program (its children) and its loader.
        if let Ok(exe) = std::env::current_exe() {
            rule(&exe, AccessFs::Execute | AccessFs::ReadFile);
        }
        if let Some(interpreter) = interpreter {
            rule(interpreter, AccessFs::Execute | AccessFs::ReadFile);
        }
        let made = Ruleset::default()
            .handle_access(all)
            .and_then(|r| r.handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp))
            // No signal to a process outside (kernel 6.12 on). Abstract local
            // sockets stay: X11's client library tries the display's
            // abstract socket first and gives up on a refusal.
            .and_then(|r| r.scope(Scope::Signal))
            .and_then(|r| r.create())
            .and_then(|r| r.add_rules(rules.into_iter().map(Ok::<_, landlock::RulesetError>)))
            .and_then(|r| r.restrict_self());
        match made {
            Err(e) => (Part::Off(format!("Landlock refused the rules: {e}")), Part::Off("no Landlock".to_string())),
            Ok(status) => {
                let files = match status.ruleset {
                    RulesetStatus::NotEnforced => Part::Off("this kernel has no Landlock".to_string()),
                    _ => Part::On,
                };
                let network = match status.landlock {
                    landlock::LandlockStatus::Available { effective_abi, .. } if effective_abi >= ABI::V4 => Part::On,
                    landlock::LandlockStatus::Available { .. } => {
                        Part::Off("this kernel's Landlock has no network rules".to_string())
                    }
                    _ => Part::Off("this kernel has no Landlock".to_string()),
                };
                (files, network)
            }
        }
    }

    /// The seccomp filter: no program started but through `own`, no
    /// tracing, no io_uring, no socket but local and netlink ones.
    fn seccomp_rules(own: Option<i32>) -> Result<(), seccompiler::Error> {
        let arch: TargetArch = std::env::consts::ARCH.try_into()?;
        let cond =
            |arg: u8, op: SeccompCmpOp, value: u64| SeccompCondition::new(arg, SeccompCmpArgLen::Dword, op, value);
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
        for refused in [
            libc::SYS_execve,
            libc::SYS_ptrace,
            libc::SYS_process_vm_readv,
            libc::SYS_process_vm_writev,
            libc::SYS_io_uring_setup,
        ] {
            rules.insert(refused, vec![]);
        }
        // execveat: refused unless it is (own, "", .., AT_EMPTY_PATH).
        let execveat = match own {
            Some(fd) => vec![
                SeccompRule::new(vec![cond(0, SeccompCmpOp::Ne, fd as u64)?])?,
                SeccompRule::new(vec![cond(4, SeccompCmpOp::Ne, libc::AT_EMPTY_PATH as u64)?])?,
            ],
            None => vec![],
        };
        rules.insert(libc::SYS_execveat, execveat);
        // socket and socketpair: refused unless local or netlink.
        for call in [libc::SYS_socket, libc::SYS_socketpair] {
            let family = SeccompRule::new(vec![
                cond(0, SeccompCmpOp::Ne, libc::AF_UNIX as u64)?,
                cond(0, SeccompCmpOp::Ne, libc::AF_NETLINK as u64)?,
            ])?;
            rules.insert(call, vec![family]);
        }
        let filter = SeccompFilter::new(rules, SeccompAction::Allow, SeccompAction::Errno(libc::EPERM as u32), arch)?;
        let program: seccompiler::BpfProgram = filter.try_into()?;
        seccompiler::apply_filter(&program)
    }

    /// Sets `command` to start by `execveat(fd, "", argv, envp, AT_EMPTY_PATH)`.
    pub(super) fn start_by_descriptor(command: &mut std::process::Command, fd: i32) {
        let to_c = |s: &std::ffi::OsStr| CString::new(s.as_bytes()).unwrap_or_default();
        let mut argv = vec![to_c(command.get_program())];
        argv.extend(command.get_args().map(to_c));
        let mut env: BTreeMap<std::ffi::OsString, std::ffi::OsString> = std::env::vars_os().collect();
        for (key, value) in command.get_envs() {
            match value {
                Some(value) => env.insert(key.to_os_string(), value.to_os_string()),
                None => env.remove(key),
            };
        }
        let envp: Vec<CString> = env
            .into_iter()
            .map(|(k, v)| {
                let mut bytes = k.as_bytes().to_vec();
                bytes.push(b'=');
                bytes.extend_from_slice(v.as_bytes());
                CString::new(bytes).unwrap_or_default()
            })
            .collect();
        let call = Exec::new(argv, envp);
        // SAFETY: the closure runs in the child between fork and exec; it
        // only makes the one system call, on memory prepared before the fork.
        unsafe {
            command.pre_exec(move || Err(call.run(fd)));
        }
    }

    /// The argument and environment tables for `execveat`, made before the fork.
    struct Exec {
        _strings: Vec<CString>,
        argv: Vec<*const libc::c_char>,
        envp: Vec<*const libc::c_char>,
    }

    // SAFETY: the pointers point into `_strings`, owned by the same value and never changed.
    unsafe impl Send for Exec {}
    unsafe impl Sync for Exec {}

    impl Exec {
        fn new(argv: Vec<CString>, envp: Vec<CString>) -> Exec {
            let mut a: Vec<*const libc::c_char> = argv.iter().map(|s| s.as_ptr()).collect();
            a.push(std::ptr::null());
            let mut e: Vec<*const libc::c_char> = envp.iter().map(|s| s.as_ptr()).collect();
            e.push(std::ptr::null());
            let mut strings = argv;
            strings.extend(envp);
            Exec { _strings: strings, argv: a, envp: e }
        }

        /// `execveat(fd, "", argv, envp, AT_EMPTY_PATH)`: returns only if it failed, with why.
        fn run(&self, fd: i32) -> std::io::Error {
            let empty = c"";
            // SAFETY: every pointer points into strings this value owns, each table ends in null.
            unsafe {
                libc::syscall(
                    libc::SYS_execveat,
                    fd,
                    empty.as_ptr(),
                    self.argv.as_ptr(),
                    self.envp.as_ptr(),
                    libc::AT_EMPTY_PATH,
                )
            };
            std::io::Error::last_os_error()
        }
    }

    pub(super) fn work_folder() -> Option<PathBuf> {
        // SAFETY: getuid cannot fail.
        let uid = unsafe { libc::getuid() };
        let dir = std::env::temp_dir().join(format!("emberdeep-{uid}"));
        let _ = std::fs::DirBuilder::new().mode(0o700).create(&dir);
        let meta = std::fs::symlink_metadata(&dir).ok()?;
        (meta.is_dir() && meta.uid() == uid && meta.mode() & 0o077 == 0).then_some(dir)
    }
}

#[cfg(not(target_os = "linux"))]
mod os {
    use std::path::PathBuf;

    use super::{InForce, Part, Plan};

    pub(super) fn confine(_plan: &Plan) -> InForce {
        let off = || Part::Off(format!("not on {}", std::env::consts::OS));
        InForce { files: off(), network: off(), programs: off(), unconfined: false }
    }

    pub(super) fn start_by_descriptor(_command: &mut std::process::Command, _fd: i32) {}

    pub(super) fn work_folder() -> Option<PathBuf> {
        Some(std::env::temp_dir())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_what_is_in_force_and_what_is_missing() {
        let whole = InForce { files: Part::On, network: Part::On, programs: Part::On, unconfined: false };
        assert_eq!(whole.line(), "plugins confined: files, network, programs");
        assert_eq!(whole.warning(), None);
        let no_landlock = InForce {
            files: Part::Off("this kernel has no Landlock".into()),
            network: Part::On,
            programs: Part::On,
            unconfined: false,
        };
        assert_eq!(
            no_landlock.line(),
            "plugins confined: network, programs; NOT confined: files (this kernel has no Landlock)"
        );
        assert!(no_landlock.warning().unwrap().starts_with("warning: "));
        let none = InForce::unconfined();
        assert!(none.line().starts_with("plugins NOT confined (--unconfined)"), "{}", none.line());
        assert_eq!(none.warning(), None);
    }
}
