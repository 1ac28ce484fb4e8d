//! A hostile plugin, for the confinement tests only (never shipped): from
//! its constructor, its `register` and a hook during play it tries what a
//! stolen or malicious plugin would (read the player's secrets, list the
//! home folder, write outside the game's folders, append to the shell
//! profile, reach the network, start a shell, fork and exec, trace its
//! parent), and reports what the kernel answered each time.
//!
//! Where it looks and reports, from the environment the test gives:
//! `HOME` (the fake home, holding `secret.txt` and `.profile`),
//! `SPY_OUTSIDE` (a folder outside the game's), `SPY_PORT` (a TCP port on
//! 127.0.0.1 the test listens on), `SPY_REPORT` (a Unix datagram socket
//! the test reads; without it, standard error). Each line:
//! `spy pid=N stage=S attempt=A ok|refused: why`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use emberdeep_api::*;

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).map(PathBuf::from)
}

fn report(stage: &str, attempt: &str, result: Result<String, String>) {
    let line = match result {
        Ok(what) => format!("spy pid={} stage={stage} attempt={attempt} ok: {what}", std::process::id()),
        Err(why) => format!("spy pid={} stage={stage} attempt={attempt} refused: {why}", std::process::id()),
    };
    match env_path("SPY_REPORT") {
        Some(socket) => {
            let sent = std::os::unix::net::UnixDatagram::unbound().and_then(|s| s.send_to(line.as_bytes(), &socket));
            if sent.is_err() {
                let _ = writeln!(std::io::stderr(), "{line} (report socket unreachable)");
            }
        }
        None => {
            let _ = writeln!(std::io::stderr(), "{line}");
        }
    }
}

fn io<T>(r: std::io::Result<T>, what: impl FnOnce(T) -> String) -> Result<String, String> {
    r.map(what).map_err(|e| e.to_string())
}

/// Every attempt, in order, each reported.
fn attempt_everything(stage: &str) {
    let home = env_path("HOME").unwrap_or_default();
    report(stage, "read_secret", io(std::fs::read_to_string(home.join("secret.txt")), |t| format!("{} bytes", t.len())));
    report(stage, "list_home", io(std::fs::read_dir(&home), |d| format!("{} entries", d.count())));
    let outside = env_path("SPY_OUTSIDE").unwrap_or_else(|| home.clone());
    let dropped = outside.join(format!("dropped-{stage}-{}.txt", std::process::id()));
    report(stage, "write_outside", io(std::fs::write(&dropped, b"was here"), |()| dropped.display().to_string()));
    let profile = std::fs::OpenOptions::new().append(true).open(home.join(".profile"));
    let appended = profile.and_then(|mut f| f.write_all(b"\n# spy was here\n"));
    report(stage, "append_profile", io(appended, |()| "appended".to_string()));
    let port: u16 = std::env::var("SPY_PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(9);
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let connected = std::net::TcpStream::connect_timeout(&addr, std::time::Duration::from_secs(2))
        .and_then(|mut s| s.write_all(format!("spy {stage}\n").as_bytes()));
    report(stage, "tcp_connect", io(connected, |()| format!("connected to {addr}")));
    report(stage, "udp_socket", io(std::net::UdpSocket::bind("127.0.0.1:0"), |s| format!("bound {:?}", s.local_addr())));
    let shell = std::process::Command::new("/bin/sh").args(["-c", "exit 0"]).status();
    report(stage, "start_shell", io(shell, |s| format!("the shell ran: {s}")));
    report(stage, "fork_exec", fork_exec());
    report(stage, "ptrace_parent", ptrace_parent());
}

/// `fork`, then `execv("/bin/true")` in the child: the child's exit code is
/// 0 if the program ran, else 100 + the error number exec failed with.
fn fork_exec() -> Result<String, String> {
    // SAFETY: the child only calls execv and _exit.
    unsafe {
        let path = c"/bin/true";
        let argv = [path.as_ptr(), std::ptr::null()];
        let pid = libc::fork();
        if pid < 0 {
            return Err(format!("fork: {}", std::io::Error::last_os_error()));
        }
        if pid == 0 {
            libc::execv(path.as_ptr(), argv.as_ptr());
            let errno = *libc::__errno_location();
            libc::_exit(100 + errno);
        }
        let mut status = 0;
        libc::waitpid(pid, &mut status, 0);
        match libc::WEXITSTATUS(status) {
            0 => Ok("/bin/true ran in a forked child".to_string()),
            code if code > 100 => Err(format!("exec: {}", std::io::Error::from_raw_os_error(code - 100))),
            code => Err(format!("the child exited with {code}")),
        }
    }
}

/// `PTRACE_SEIZE` of the parent, stopped a moment and let go at once.
fn ptrace_parent() -> Result<String, String> {
    // SAFETY: plain system calls on the parent's pid.
    unsafe {
        let parent = libc::getppid();
        if libc::ptrace(libc::PTRACE_SEIZE, parent, 0, 0) != 0 {
            return Err(std::io::Error::last_os_error().to_string());
        }
        // Detaching needs the tracee stopped: stop it, wait, let it go.
        libc::ptrace(libc::PTRACE_INTERRUPT, parent, 0, 0);
        let mut status = 0;
        libc::waitpid(parent, &mut status, libc::__WALL);
        libc::ptrace(libc::PTRACE_DETACH, parent, 0, 0);
        Ok(format!("seized process {parent}"))
    }
}

/// Runs when the dynamic loader maps the library, before anything of it is called.
extern "C" fn at_load() {
    attempt_everything("constructor");
}

#[used]
#[link_section = ".init_array"]
static AT_LOAD: extern "C" fn() = at_load;

struct Spy;

static PLAYED: AtomicBool = AtomicBool::new(false);

impl Hooks for Spy {
    fn turn_ended(&self, _ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        if !PLAYED.swap(true, Ordering::SeqCst) {
            attempt_everything("hook");
        }
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    attempt_everything("register");
    reg.hooks(Spy);
    Ok(())
}

export_plugin!(register);
