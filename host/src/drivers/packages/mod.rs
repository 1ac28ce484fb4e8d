//! Plugin packages (docs/packages.md): `emberdeep plugin add` checks a
//! package, a folder or a `.tar.gz` of one holding the library
//! `libNAME.so` and its data folder `data/NAME/`, and installs it into the
//! player's plugin folder at once (staged in a hidden folder there, then
//! renamed: a package refused installs nothing); `plugin list` lists both
//! folders' plugins ([`catalog`]); `plugin remove` removes a player's one.
//! `tarball` unpacks an archive, which is not trusted. A package may not
//! take a name the game uses for its own files
//! ([`discovery::reserved_names`]), nor a tile name of a sheet a start
//! loads; what an add or a remove killed midway left is removed at the next
//! add, remove or start ([`tidy`]).

pub mod tarball;

use std::path::{Path, PathBuf};

use emberdeep_engine::data::records;
use emberdeep_engine::data::untrusted::shown;
use emberdeep_engine::plugins::catalog::catalog;
use emberdeep_engine::plugins::discovery::{self, library_file_name, Origin, PluginFolders};
use emberdeep_engine::plugins::loader::load_from_folders;
use emberdeep_engine::plugins::trial::Probe;

use crate::drivers::progress::Steps;
use crate::front::atlas;

/// What the package tools need of the game: its folders and its probe.
pub struct Context<'a> {
    /// The game's own plugin folder and the player's.
    pub folders: &'a PluginFolders,
    /// The game's records (`data/`).
    pub data_dir: &'a Path,
    /// The game's atlas (`assets/`).
    pub assets_dir: &'a Path,
    /// Tries libraries in a child process.
    pub probe: Probe<'a>,
}

/// The most files and bytes a package folder may hold (as an archive's).
const MOST_FILES: usize = tarball::MOST_ENTRIES;
/// The most characters of a refusal's echoed part (an entry's path, a name,
/// what the game's checks said of a file of the package).
const MOST_SHOWN: usize = 1000;

/// Why a package was refused, or a tool could not do its work: one line,
/// naming the package and, when it is about one, the entry as the package
/// has it (`x.tar.gz: blink/data/blink/items.toml:3: why`), never the
/// hidden folder it was checked in.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// The game has no player's plugin folder (no data folder on this platform).
    #[error("there is no player's plugin folder: give one with --player-plugin-dir or EMBERDEEP_PLAYER_PLUGIN_DIR")]
    NoPlayerFolder,
    /// The package is neither a folder nor a `.tar.gz`.
    #[error("{path}: a package is a folder or a .tar.gz of one (docs/packages.md)", path = .path.display())]
    NotAPackage {
        /// What was given.
        path: PathBuf,
    },
    /// The archive was refused.
    #[error(transparent)]
    Tarball(#[from] tarball::TarballError),
    /// The package's files are not laid out as docs/packages.md says, or
    /// one of them cannot be read or used (the entry named in `why`).
    #[error("{package}: {why}", package = .package.display())]
    Layout {
        /// The package.
        package: PathBuf,
        /// What is wrong, in one line.
        why: String,
    },
    /// Its name is one the game keeps for its own files.
    #[error(
        "{package}: the plugin name '{name}' is the game's own ({game}): a package of that name would be read as the game's own files; it needs a name of its own",
        package = .package.display(),
        game = .game.display()
    )]
    Reserved {
        /// The package.
        package: PathBuf,
        /// The name.
        name: String,
        /// The game's file or folder of that name.
        game: PathBuf,
    },
    /// Its name is another plugin's.
    #[error("{package}: the plugin '{name}' is taken by the {whose} plugin {other}", package = .package.display(), other = .other.display())]
    Taken {
        /// The package.
        package: PathBuf,
        /// The name.
        name: String,
        /// `game's own` or `player's`.
        whose: &'static str,
        /// The other plugin's library.
        other: PathBuf,
    },
    /// It loads, but not with the game's plugins (a dependency, a name registered twice).
    #[error("{package}: it does not load with the game's plugins: {why}", package = .package.display())]
    Load {
        /// The package.
        package: PathBuf,
        /// Why, its files named as the package has them.
        why: String,
    },
    /// The game's own atlas could not be loaded to check the tiles against.
    #[error(transparent)]
    Atlas(#[from] atlas::AtlasError),
    /// The atlas's index could not be checked against the records.
    #[error(transparent)]
    TileIndex(#[from] emberdeep_engine::data::tile_index::TileIndexError),
    /// The game's own plugin folder cannot be read.
    #[error("{0}")]
    Find(String),
    /// `plugin remove` of a text that is no plugin's name.
    #[error("{name} is not a plugin name: {why} (a plugin's name is letters, digits and _ alone)")]
    NotAName {
        /// The text, quoted and capped.
        name: String,
        /// What in it is not.
        why: String,
    },
    /// `plugin remove` of a plugin that is not the player's.
    #[error("'{name}' is not a plugin the player added{also}", also = .game.as_ref().map_or_else(String::new, |g| format!(": it is the game's own ({}), which is never removed", g.display())))]
    NotPlayers {
        /// The name.
        name: String,
        /// The game's own plugin of that name, if it is one.
        game: Option<PathBuf>,
    },
    /// The player's folder could not be written.
    #[error("cannot write {path}: {error}", path = .path.display())]
    Write {
        /// Where.
        path: PathBuf,
        /// Why, in one line.
        error: String,
    },
}

impl From<discovery::FindError> for PackageError {
    fn from(e: discovery::FindError) -> PackageError {
        // Its message says its cause; the cause is not said again.
        PackageError::Find(e.to_string())
    }
}

fn write_error(path: &Path) -> impl Fn(std::io::Error) -> PackageError + '_ {
    move |e| PackageError::Write { path: path.to_path_buf(), error: e.to_string() }
}

/// A staging folder in the player's folder, removed unless kept.
struct Staging(PathBuf);

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What makes a hidden folder of the player's one that `plugin add`
/// (`.adding-PID-…`) or `plugin remove` (`.removing-NAME-PID`) works in:
/// the process's id.
fn worked_in_by(folder: &str) -> Option<u32> {
    if let Some(rest) = folder.strip_prefix(".adding-") {
        rest.split('-').next()?.parse().ok()
    } else if let Some(rest) = folder.strip_prefix(".removing-") {
        // A plugin name has no `-`: the id is what follows the last one.
        rest.rsplit('-').next()?.parse().ok()
    } else {
        None
    }
}

/// Whether process `pid` is running; `true` when it cannot be told.
fn running(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// Removes from the player's folder `player` what a `plugin add` or
/// `plugin remove` killed midway left: each hidden `.adding-PID-…` or
/// `.removing-NAME-PID` folder whose process is no longer running (the
/// player's packages themselves are always whole: one rename puts each in
/// place or out of it). Another process's work under way is left alone; a
/// folder that cannot be removed is left for the next time.
pub fn tidy(player: &Path) {
    let Ok(entries) = std::fs::read_dir(player) else { return };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(worked_in_by) else { continue };
        let folder = entry.path();
        let real_folder = std::fs::symlink_metadata(&folder).is_ok_and(|m| m.is_dir());
        if real_folder && pid != std::process::id() && !running(pid) {
            let _ = std::fs::remove_dir_all(&folder);
        }
    }
}

/// Whether a plugin name is one a package may have: letters, digits, `_`.
fn plain_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= 64 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What keeps `name` from being a plugin name ([`plain_name`]), in words.
fn not_plain(name: &str) -> String {
    let what = |c: char| match c {
        ' ' => "a space".to_string(),
        c if c.is_whitespace() || c.is_control() => format!("{:?}", c),
        c => format!("'{c}'"),
    };
    let first = name.chars().next();
    let last = name.chars().last();
    let bad = |c: &char| !(c.is_ascii_alphanumeric() || *c == '_');
    match (first, last) {
        (None, _) | (_, None) => "it is empty".to_string(),
        (_, Some(c)) if bad(&c) => format!("it ends with {}", what(c)),
        (Some(c), _) if bad(&c) => format!("it begins with {}", what(c)),
        _ => match name.chars().find(bad) {
            Some(c) => format!("it holds {}", what(c)),
            None => "it is longer than 64 characters".to_string(),
        },
    }
}

/// A name as a message quotes it: escaped, on one line, capped.
fn quoted(name: &str) -> String {
    let mut capped: String = name.chars().take(80).collect();
    if capped.len() < name.len() {
        capped.push('…');
    }
    format!("{capped:?}")
}

/// Copies a package folder, which is not trusted: plain files and folders
/// only (a link refused), within the bounds an archive has. `entry` is
/// `from`'s path in the package, which refusals name.
fn copy_package(
    package: &Path,
    from: &Path,
    to: &Path,
    entry: &Path,
    count: &mut usize,
    bytes: &mut u64,
) -> Result<(), PackageError> {
    let layout = |why: String| PackageError::Layout { package: package.to_path_buf(), why };
    // `ENTRY: ` (nothing for the package's own folder).
    let at = |entry: &Path| match shown(&entry.display().to_string(), 200) {
        top if top.is_empty() => top,
        named => format!("{named}: "),
    };
    std::fs::create_dir_all(to).map_err(|e| layout(format!("{}cannot be copied: {e}", at(entry))))?;
    let cannot_read = |e: std::io::Error| layout(format!("{}cannot be read: {e}", at(entry)));
    let entries = std::fs::read_dir(from).map_err(cannot_read)?;
    for dir_entry in entries {
        let dir_entry = dir_entry.map_err(cannot_read)?;
        *count += 1;
        if *count > MOST_FILES {
            return Err(layout(format!("holds more than {MOST_FILES} files")));
        }
        let (source, target) = (dir_entry.path(), to.join(dir_entry.file_name()));
        let inner = entry.join(dir_entry.file_name());
        let kind = dir_entry.file_type().map_err(|e| layout(format!("{}cannot be read: {e}", at(&inner))))?;
        if kind.is_dir() {
            copy_package(package, &source, &target, &inner, count, bytes)?;
        } else if kind.is_file() {
            *bytes += dir_entry.metadata().map(|m| m.len()).unwrap_or(0);
            if *bytes > tarball::MOST_BYTES {
                return Err(layout(format!("holds more than {} MiB", tarball::MOST_BYTES >> 20)));
            }
            std::fs::copy(&source, &target).map_err(|e| layout(format!("{}cannot be copied: {e}", at(&inner))))?;
        } else {
            return Err(layout(format!(
                "{}is not a plain file or folder; a package holds only files and folders",
                at(&inner)
            )));
        }
    }
    Ok(())
}

/// The package's root once unpacked into `unpacked`: the folder itself, or
/// its one folder when it holds nothing else (a `.tar.gz` of the folder).
fn package_root(unpacked: &Path) -> PathBuf {
    let entries: Vec<PathBuf> =
        std::fs::read_dir(unpacked).map(|e| e.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    match entries.as_slice() {
        [one] if one.is_dir() && one.file_name().is_some_and(|n| n != "data") => one.clone(),
        _ => unpacked.to_path_buf(),
    }
}

/// The layout docs/packages.md gives: one library `libNAME.so` at the top,
/// its data (if any) in `data/NAME/` and nowhere else, no records at the
/// top. The plugin's name, or why the layout is refused.
fn check_layout(root: &Path, package: &Path) -> Result<String, PackageError> {
    let err = |why: String| Err(PackageError::Layout { package: package.to_path_buf(), why });
    let mut names: Vec<String> = std::fs::read_dir(root)
        .map_err(|e| PackageError::Layout { package: package.to_path_buf(), why: format!("cannot be read: {e}") })?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    if let Some(why) = platform_refusal(root, &names) {
        return err(why);
    }
    let libraries: Vec<String> = names.iter().filter_map(|n| discovery::plugin_name_of(Path::new(n))).collect();
    let name = match libraries.as_slice() {
        [one] => one.clone(),
        [] => return err(no_library(&names)),
        more => {
            let listed = shown(&more.join(", "), 200);
            return err(format!("holds {} libraries ({listed}); a package holds one", more.len()));
        }
    };
    if !plain_name(&name) {
        let shown = shown(&name, 80);
        return err(format!("the plugin name \"{shown}\" is not letters, digits and _ alone"));
    }
    for entry in &names {
        let path = root.join(entry);
        if *entry == library_file_name(&name) || (!path.is_dir() && !entry.ends_with(".toml")) {
            continue;
        }
        let entry = shown(entry, 200);
        if entry.ends_with(".toml") {
            return err(format!("{entry} is at the top; records go in data/{name}/"));
        }
        if entry != "data" {
            return err(format!("the folder {entry}/ is at the top; a package's data goes in data/{name}/"));
        }
    }
    let data = root.join("data");
    if data.is_dir() {
        for entry in std::fs::read_dir(&data)
            .map_err(|e| PackageError::Layout {
                package: package.to_path_buf(),
                why: format!("data/ cannot be read: {e}"),
            })?
            .flatten()
        {
            let other = entry.file_name().to_string_lossy().into_owned();
            if other != name {
                let other = shown(&other, 200);
                return err(format!("data/{other} is not this plugin's; its data goes in data/{name}/ alone"));
            }
        }
    }
    Ok(name)
}

/// The file at a package's top that names the platform its library was
/// built for (`linux x86_64`), as the template's `package.sh` writes it.
pub const PLATFORM_FILE: &str = "platform";

/// The platform this game runs on, as a package's [`PLATFORM_FILE`] says it.
pub fn this_platform() -> String {
    format!("{} {}", std::env::consts::OS, std::env::consts::ARCH)
}

/// Why a package that says it was built for another platform is refused
/// (before its library is looked at), if it is; one that says nothing is
/// judged by its library alone (its ELF header names its machine).
fn platform_refusal(root: &Path, names: &[String]) -> Option<String> {
    if !names.iter().any(|n| n == PLATFORM_FILE) {
        return None;
    }
    let path = root.join(PLATFORM_FILE);
    let mut text = String::new();
    let read = std::fs::File::open(&path).and_then(|f| {
        use std::io::Read;
        f.take(200).read_to_string(&mut text)
    });
    if let Err(e) = read {
        return Some(format!("{PLATFORM_FILE}: cannot be read as text: {e}"));
    }
    let said = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let here = this_platform();
    if said != here {
        let said = shown(&said, 60);
        return Some(format!(
            "{PLATFORM_FILE}: it was built for \"{said}\"; this game runs on \"{here}\": \
             ask its author for a package built for {here}"
        ));
    }
    None
}

/// Why a package with no library at its top is refused: a plugin's source
/// is told how to build a package of it, a library for another system is
/// named as such.
fn no_library(names: &[String]) -> String {
    let wanted = library_file_name("NAME");
    if names.iter().any(|n| n == "Cargo.toml") {
        return format!(
            "holds a plugin's source (Cargo.toml) but no built library ({wanted}): build the package first, \
             with ./package.sh in that folder (the plugin template's), or cargo build --release and the \
             layout of docs/packages.md"
        );
    }
    let foreign = names.iter().find_map(|n| {
        let system = if n.ends_with(".dll") {
            "Windows"
        } else if n.ends_with(".dylib") {
            "macOS"
        } else {
            return None;
        };
        Some((n, system))
    });
    if let Some((file, system)) = foreign {
        let file = shown(file, 80);
        return format!(
            "holds {file}, a library for {system}; this game runs on {} and loads {wanted}",
            this_platform()
        );
    }
    format!("holds no plugin library ({wanted}) at its top")
}

/// How the messages of the game's checks, which name the files of the
/// package where it is checked (a hidden folder in the player's), name
/// them in a refusal: as the package has them.
struct InPackage {
    /// The folder the package is checked in, as messages show it, with its `/`.
    hidden: String,
    /// The package's root in the package (`blink/` for a `.tar.gz` of the
    /// folder `blink`, nothing for its contents at the top).
    prefix: String,
    /// Its library's entry.
    library: String,
    /// Its data folder's entry, with its `/`.
    data: String,
}

impl InPackage {
    fn new(hidden: &Path, prefix: &Path, name: &str) -> InPackage {
        let prefix = if prefix.as_os_str().is_empty() { String::new() } else { format!("{}/", prefix.display()) };
        InPackage {
            hidden: format!("{}/", hidden.display()),
            library: format!("{prefix}{}", library_file_name(name)),
            data: format!("{prefix}data/{name}/"),
            prefix,
        }
    }

    /// `text` with each file of the package named as the package has it,
    /// on one line, capped.
    fn text(&self, text: &str) -> String {
        let hidden_folder = self.hidden.trim_end_matches('/');
        let prefix_folder = match self.prefix.trim_end_matches('/') {
            "" => ".",
            folder => folder,
        };
        let renamed = text.replace(&self.hidden, &self.prefix).replace(hidden_folder, prefix_folder);
        shown(&renamed, MOST_SHOWN)
    }

    /// What a check of the package's data said: `ENTRY: why` when it names
    /// an entry of its data folder first, else `{what}: why`.
    fn data(&self, what: &str, said: &str) -> String {
        let text = self.text(said);
        if text.starts_with(&self.data) {
            text
        } else {
            format!("{what}: {text}")
        }
    }

    /// Why its library was refused: `LIBRARY: why`, the library named once.
    fn library(&self, said: &str) -> String {
        let text = self.text(said).replace(&format!("{}: ", self.library), "");
        format!("{}: {text}", self.library)
    }
}

/// `emberdeep plugin add PATH`: the package checked, each step said (a
/// bar on a terminal, lines otherwise), then installed into the player's
/// folder. What it says once installed.
pub fn add(context: &Context<'_>, package: &Path) -> Result<String, PackageError> {
    let player = context.folders.player.clone().ok_or(PackageError::NoPlayerFolder)?;
    let mut steps = Steps::new("plugin add", 6);
    std::fs::create_dir_all(&player).map_err(write_error(&player))?;
    tidy(&player);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let staging = Staging(player.join(format!(".adding-{}-{nanos:x}", std::process::id())));
    let unpacked = staging.0.join("unpacked");
    std::fs::create_dir_all(&unpacked).map_err(write_error(&player))?;
    steps.step("reading the package");
    let text = package.to_string_lossy();
    if package.is_dir() {
        copy_package(package, package, &unpacked, Path::new(""), &mut 0, &mut 0)?;
    } else if package.is_file() && (text.ends_with(".tar.gz") || text.ends_with(".tgz")) {
        tarball::unpack(package, &unpacked)?;
    } else {
        return Err(PackageError::NotAPackage { path: package.to_path_buf() });
    }
    let root = package_root(&unpacked);
    let layout = |why: String| PackageError::Layout { package: package.to_path_buf(), why };
    let name = check_layout(&root, package)?;
    let game_has = discovery::find_plugin_files(&context.folders.game)?;
    if let Some((_, other)) = game_has.iter().find(|(n, _)| *n == name) {
        return Err(PackageError::Taken { package: package.into(), name, whose: "game's own", other: other.clone() });
    }
    if let Some(game) = discovery::reserved_names(context.data_dir).remove(&name) {
        return Err(PackageError::Reserved { package: package.into(), name, game });
    }
    let installed = player.join(&name);
    if std::fs::symlink_metadata(&installed).is_ok() {
        let other = installed.join(library_file_name(&name));
        return Err(PackageError::Taken { package: package.into(), name, whose: "player's", other });
    }
    // The package as it will sit in the player's folder, in a folder of its own.
    let placed = staging.0.join("player");
    let staged = placed.join(&name);
    std::fs::create_dir_all(&placed).map_err(write_error(&player))?;
    std::fs::rename(&root, &staged).map_err(write_error(&player))?;
    let in_package = InPackage::new(&staged, root.strip_prefix(&unpacked).unwrap_or(Path::new("")), &name);
    steps.step("trying the library in a child process");
    let alone = catalog(&PluginFolders::game_only(&staged), Some(context.probe))?;
    let plugin = match alone.entries.into_iter().find(|e| e.name == name).map(|e| e.plugin) {
        Some(Ok(plugin)) => plugin,
        Some(Err(why)) => return Err(layout(in_package.library(&why.to_string()))),
        None => return Err(layout(format!("holds no plugin library {}", library_file_name(&name)))),
    };
    if plugin.name != name {
        let registers = shown(&plugin.name, 80);
        return Err(layout(format!("{}: registers the plugin '{registers}'", in_package.library)));
    }
    steps.step("loading it with the game's plugins");
    let folders = PluginFolders {
        game: context.folders.game.clone(),
        player: Some(player.clone()),
        adding: Some(staged.clone()),
        reserved: context.folders.reserved.clone(),
    };
    let loaded = load_from_folders(&folders, None, Some(context.probe), None)
        .map_err(|why| PackageError::Load { package: package.into(), why: in_package.text(&why.to_string()) })?;
    if !loaded.loaded.iter().any(|p| p.name == name && p.origin == Origin::Player) {
        let why = loaded.skipped.iter().find(|s| s.contains(&format!("'{name}'"))).cloned().unwrap_or_default();
        return Err(layout(format!("it was left out of the game's plugins: {}", in_package.text(&why))));
    }
    steps.step("checking its records");
    let registered = loaded.registered();
    let records = records::check::load_game_records(context.data_dir, &registered)
        .map_err(|why| layout(in_package.data("its records are refused", &why.to_string())))?;
    steps.step("checking its tiles");
    let mut atlas = atlas::Atlas::load(context.assets_dir)?;
    // Every sheet a start loads, the package's last: a name another has
    // already is the package's to give up, never the other's.
    let (own, others): (Vec<_>, Vec<_>) =
        records::check::plugin_folders(context.data_dir, &registered).into_iter().partition(|(n, _)| *n == name);
    let _ = atlas.add_plugin_sheets(&others);
    if let Some(refused) = atlas.add_plugin_sheets(&own).into_iter().next() {
        return Err(layout(in_package.data("its tiles are refused", &refused.problem.to_string())));
    }
    let missing = atlas.check(&records)?;
    steps.step("installing");
    std::fs::rename(&staged, &installed).map_err(write_error(&installed))?;
    steps.finish();
    let mut said =
        format!("installed {name} {} (api {}) into {}", plugin.version, plugin.api_version, installed.display());
    if !plugin.description.is_empty() {
        said.push_str(&format!(": {}", plugin.description));
    }
    said.push_str(
        "\nA plugin is a program: add only plugins from people you trust. Every run confines it \
         (docs/packages.md, \"What a plugin can do\").",
    );
    let (hidden, there) = (staged.display().to_string(), installed.display().to_string());
    for warning in missing.iter().map(ToString::to_string).filter(|m| m.contains(&name)) {
        said.push_str(&format!("\nwarning: {}", warning.replace(&hidden, &there)));
    }
    Ok(said)
}

/// `emberdeep plugin list`: every plugin of both folders, where it comes
/// from, its file, version, api and description, or why it cannot be used.
pub fn list(context: &Context<'_>) -> Result<String, PackageError> {
    let listed = catalog(context.folders, Some(context.probe))?;
    let mut out = format!("the game's plugins: {}\n", context.folders.game.display());
    match &context.folders.player {
        Some(player) => out.push_str(&format!("the player's plugins: {}\n", player.display())),
        None => out.push_str("the player's plugins: (no folder)\n"),
    }
    for problem in &listed.problems {
        out.push_str(&format!("warning: {problem}\n"));
    }
    for entry in &listed.entries {
        match &entry.plugin {
            Ok(p) => {
                out.push_str(&format!(
                    "{:<7} {} {} (api {}) {}\n",
                    entry.origin,
                    p.name,
                    p.version,
                    p.api_version,
                    entry.path.display()
                ));
                if !p.description.is_empty() {
                    out.push_str(&format!("        {}\n", p.description));
                }
                if !p.homepage.is_empty() {
                    out.push_str(&format!("        {}\n", p.homepage));
                }
            }
            Err(why) => out.push_str(&format!(
                "{:<7} {} {}: cannot be used: {why}\n",
                entry.origin,
                entry.name,
                entry.path.display()
            )),
        }
    }
    Ok(out)
}

/// `emberdeep plugin remove NAME`: the player's package folder removed
/// (renamed out of the way first, so a failure never leaves half of it);
/// the game's own plugins are never removed.
pub fn remove(context: &Context<'_>, name: &str) -> Result<String, PackageError> {
    if !plain_name(name) {
        return Err(PackageError::NotAName { name: quoted(name), why: not_plain(name) });
    }
    let game =
        discovery::find_plugin_files(&context.folders.game)?.into_iter().find(|(n, _)| n == name).map(|(_, p)| p);
    let not_players = || PackageError::NotPlayers { name: name.to_string(), game: game.clone() };
    let player = context.folders.player.as_ref().ok_or(PackageError::NoPlayerFolder)?;
    tidy(player);
    let folder = player.join(name);
    if !std::fs::symlink_metadata(&folder).is_ok_and(|m| m.is_dir()) {
        return Err(not_players());
    }
    let gone = player.join(format!(".removing-{name}-{}", std::process::id()));
    std::fs::rename(&folder, &gone).map_err(write_error(&folder))?;
    std::fs::remove_dir_all(&gone).map_err(write_error(&gone))?;
    Ok(format!("removed {name} from {}", player.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_folder_of_an_add_or_a_remove_names_its_process() {
        assert_eq!(worked_in_by(".adding-4242-18eef84a0e86ae19"), Some(4242));
        assert_eq!(worked_in_by(".removing-blink-77"), Some(77));
        assert_eq!(worked_in_by(".removing-wand_of_sparks_2-9"), Some(9));
        for other in ["blink", ".adding-", ".adding-x-1", ".removing-blink", ".cache", "adding-1-a"] {
            assert_eq!(worked_in_by(other), None, "{other}");
        }
    }

    #[test]
    fn tidying_removes_what_ended_processes_left_and_nothing_else() {
        let player = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let gone = [format!(".adding-{dead}-1a"), format!(".removing-blink-{dead}")];
        let kept = [
            format!(".adding-{}-2b", std::process::id()),
            ".adding-1-3c".to_string(), // the first process, always running
            "blink".to_string(),
            ".adding-x-4d".to_string(),
        ];
        for folder in gone.iter().chain(&kept) {
            std::fs::create_dir_all(player.path().join(folder).join("data")).unwrap();
            std::fs::write(player.path().join(folder).join("data/items.toml"), b"x").unwrap();
        }
        // Not a folder of its own: a file, and a link to another folder.
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::write(player.path().join(format!(".adding-{dead}-5e")), b"a file").unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), player.path().join(format!(".adding-{dead}-6f"))).unwrap();
        tidy(player.path());
        let mut left: Vec<String> =
            std::fs::read_dir(player.path()).unwrap().flatten().map(|e| e.file_name().into_string().unwrap()).collect();
        left.sort();
        let mut expected: Vec<String> = kept.to_vec();
        expected.extend([format!(".adding-{dead}-5e"), format!(".adding-{dead}-6f")]);
        expected.sort();
        assert_eq!(left, expected);
        assert!(elsewhere.path().exists(), "a link is never followed");
        tidy(&player.path().join("absent"));
    }

    #[test]
    fn a_text_that_is_no_plugin_name_is_told_why() {
        assert_eq!(not_plain("blink "), "it ends with a space");
        assert_eq!(not_plain(" blink"), "it begins with a space");
        assert_eq!(not_plain(""), "it is empty");
        assert_eq!(not_plain("a/b"), "it holds '/'");
        assert_eq!(not_plain("a\tb"), "it holds '\\t'");
        assert_eq!(not_plain("blink\n"), "it ends with '\\n'");
        assert_eq!(not_plain(&"a".repeat(65)), "it is longer than 64 characters");
        assert_eq!(quoted("blink "), "\"blink \"");
        assert_eq!(quoted("a\nb"), "\"a\\nb\"");
        let long = quoted(&"x".repeat(5000));
        assert!(long.chars().count() < 90 && long.ends_with("…\""), "{long}");
    }

    #[test]
    fn the_checks_messages_name_the_files_as_the_package_has_them() {
        let hidden = Path::new("/home/p/plugins/.adding-12-ab/player/blink");
        let archive_of_folder = InPackage::new(hidden, Path::new("blink"), "blink");
        let record = "/home/p/plugins/.adding-12-ab/player/blink/data/blink/items.toml:3: field `glyph`: wrong";
        assert_eq!(archive_of_folder.text(record), "blink/data/blink/items.toml:3: field `glyph`: wrong");
        assert_eq!(archive_of_folder.data("its records are refused", record), archive_of_folder.text(record));
        let elsewhere = "/game/data/host/goal.toml: no goal";
        assert_eq!(
            archive_of_folder.data("its records are refused", elsewhere),
            format!("its records are refused: {elsewhere}")
        );
        let library = "not a loadable library: /home/p/plugins/.adding-12-ab/player/blink/libblink.so: cannot open";
        assert_eq!(archive_of_folder.library(library), "blink/libblink.so: not a loadable library: cannot open");
        let at_the_top = InPackage::new(hidden, Path::new(""), "blink");
        assert_eq!(at_the_top.text(record), "data/blink/items.toml:3: field `glyph`: wrong");
        assert_eq!(
            at_the_top.text("the folder /home/p/plugins/.adding-12-ab/player/blink holds"),
            "the folder . holds"
        );
        let long = at_the_top.text(&"y".repeat(10_000));
        assert!(long.chars().count() < MOST_SHOWN + 40, "capped");
    }

    #[test]
    fn a_plugins_source_a_foreign_library_or_another_platform_is_told_in_one_line() {
        let refusal = |files: &[(&str, &str)]| {
            let package = tempfile::tempdir().unwrap();
            for (file, text) in files {
                std::fs::create_dir_all(package.path().join(file).parent().unwrap()).unwrap();
                std::fs::write(package.path().join(file), text).unwrap();
            }
            check_layout(package.path(), Path::new("lantern")).map_err(|e| e.to_string())
        };
        let source = refusal(&[("Cargo.toml", "[package]"), ("src/lib.rs", "")]).unwrap_err();
        assert!(source.starts_with("lantern: holds a plugin's source (Cargo.toml) but no built library"), "{source}");
        assert!(source.contains("./package.sh") && !source.contains('\n'), "{source}");
        let mac = refusal(&[("liblantern.dylib", "")]).unwrap_err();
        assert!(mac.contains("holds liblantern.dylib, a library for macOS; this game runs on linux"), "{mac}");
        let windows = refusal(&[("lantern.dll", "")]).unwrap_err();
        assert!(windows.contains("a library for Windows"), "{windows}");
        let other = refusal(&[("liblantern.so", ""), ("platform", "windows x86_64\n")]).unwrap_err();
        let here = this_platform();
        assert_eq!(
            other,
            format!(
                "lantern: platform: it was built for \"windows x86_64\"; this game runs on \"{here}\": ask its \
                 author for a package built for {here}"
            )
        );
        let ours = refusal(&[("liblantern.so", ""), ("platform", &format!("{here}\n"))]);
        assert_eq!(ours.unwrap(), "lantern", "its own platform: on to the library's checks");
        assert_eq!(refusal(&[("liblantern.so", "")]).unwrap(), "lantern", "no platform file: the library decides");
    }

    #[test]
    fn a_folder_package_is_copied_and_what_it_holds_besides_files_is_named_by_its_path_in_it() {
        let package = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(package.path().join("data/blink")).unwrap();
        std::fs::write(package.path().join("libblink.so"), b"elf").unwrap();
        std::fs::write(package.path().join("data/blink/items.toml"), b"x").unwrap();
        let hidden = tempfile::tempdir().unwrap();
        let to = hidden.path().join("unpacked");
        copy_package(package.path(), package.path(), &to, Path::new(""), &mut 0, &mut 0).unwrap();
        assert_eq!(std::fs::read(to.join("data/blink/items.toml")).unwrap(), b"x");
        std::os::unix::fs::symlink("/etc/passwd", package.path().join("data/blink/link.toml")).unwrap();
        let err =
            copy_package(package.path(), package.path(), &hidden.path().join("again"), Path::new(""), &mut 0, &mut 0)
                .unwrap_err()
                .to_string();
        assert_eq!(
            err,
            format!(
                "{}: data/blink/link.toml: is not a plain file or folder; a package holds only files and folders",
                package.path().display()
            )
        );
    }
}
