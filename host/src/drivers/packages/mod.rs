//! Plugin packages (docs/packages.md): `emberdeep plugin add` checks a
//! package, a folder or a `.tar.gz` of one holding the library
//! `libNAME.so` and its data folder `data/NAME/`, and installs it into the
//! player's plugin folder at once (staged in a hidden folder there, then
//! renamed: a package refused installs nothing); `plugin list` lists both
//! folders' plugins ([`catalog`]); `plugin remove` removes a player's one.
//! `tarball` unpacks an archive, which is not trusted.

pub mod tarball;

use std::path::{Path, PathBuf};

use emberdeep_engine::data::records;
use emberdeep_engine::plugins::catalog::{catalog, Unavailable};
use emberdeep_engine::plugins::discovery::{self, library_file_name, Origin, PluginFolders};
use emberdeep_engine::plugins::loader::{load_from_folders, LoadError};
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

/// Why a package was refused, or a tool could not do its work: one line.
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
    /// The package's files are not laid out as docs/packages.md says.
    #[error("{package}: {why}", package = .package.display())]
    Layout {
        /// The package.
        package: PathBuf,
        /// What is wrong, in one line.
        why: String,
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
    /// Its library was refused (ELF checks, trial, layout, register).
    #[error("{package}: its library is refused: {why}", package = .package.display())]
    Library {
        /// The package.
        package: PathBuf,
        /// Why.
        why: Box<Unavailable>,
    },
    /// It loads, but not with the game's plugins (a dependency, a name registered twice).
    #[error("{package}: it does not load with the game's plugins: {why}", package = .package.display())]
    Load {
        /// The package.
        package: PathBuf,
        /// Why.
        why: Box<LoadError>,
    },
    /// Its records were refused, as the game would refuse them.
    #[error("{package}: its records are refused: {why}", package = .package.display())]
    Records {
        /// The package.
        package: PathBuf,
        /// Why (file, line, field).
        why: Box<records::check::DataError>,
    },
    /// Its tiles were refused.
    #[error("{package}: its tiles are refused: {why}", package = .package.display())]
    Tiles {
        /// The package.
        package: PathBuf,
        /// Why.
        why: String,
    },
    /// The game's own atlas could not be loaded to check the tiles against.
    #[error(transparent)]
    Atlas(#[from] atlas::AtlasError),
    /// The atlas's index could not be checked against the records.
    #[error(transparent)]
    TileIndex(#[from] emberdeep_engine::data::tile_index::TileIndexError),
    /// The game's own plugin folder cannot be read.
    #[error(transparent)]
    Find(#[from] discovery::FindError),
    /// `plugin remove` of a plugin that is not the player's.
    #[error("'{name}' is not a plugin the player added{also}", also = .game.as_ref().map_or_else(String::new, |g| format!(": it is the game's own ({}), which is never removed", g.display())))]
    NotPlayers {
        /// The name.
        name: String,
        /// The game's own plugin of that name, if it is one.
        game: Option<PathBuf>,
    },
    /// The player's folder could not be written.
    #[error("cannot write {path}: {source}", path = .path.display())]
    Write {
        /// Where.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

fn write_error(path: &Path) -> impl Fn(std::io::Error) -> PackageError + '_ {
    move |source| PackageError::Write { path: path.to_path_buf(), source }
}

/// A staging folder in the player's folder, removed unless kept.
struct Staging(PathBuf);

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether a plugin name is one a package may have: letters, digits, `_`.
fn plain_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= 64 && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Copies a package folder, which is not trusted: plain files and folders
/// only (a link refused), within the bounds an archive has.
fn copy_package(from: &Path, to: &Path, count: &mut usize, bytes: &mut u64) -> Result<(), PackageError> {
    let layout = |why: String| PackageError::Layout { package: from.to_path_buf(), why };
    std::fs::create_dir_all(to).map_err(write_error(to))?;
    let entries = std::fs::read_dir(from).map_err(|e| layout(format!("cannot be read: {e}")))?;
    for entry in entries {
        let entry = entry.map_err(|e| layout(format!("cannot be read: {e}")))?;
        *count += 1;
        if *count > MOST_FILES {
            return Err(layout(format!("holds more than {MOST_FILES} files")));
        }
        let kind = entry.file_type().map_err(|e| layout(format!("cannot be read: {e}")))?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if kind.is_dir() {
            copy_package(&source, &target, count, bytes)?;
        } else if kind.is_file() {
            *bytes += entry.metadata().map(|m| m.len()).unwrap_or(0);
            if *bytes > tarball::MOST_BYTES {
                return Err(layout(format!("holds more than {} MiB", tarball::MOST_BYTES >> 20)));
            }
            std::fs::copy(&source, &target).map_err(write_error(&target))?;
        } else {
            let shown = emberdeep_engine::data::untrusted::shown(&source.display().to_string(), 200);
            return Err(layout(format!(
                "{shown} is not a plain file or folder; a package holds only files and folders"
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
    let libraries: Vec<String> = names.iter().filter_map(|n| discovery::plugin_name_of(Path::new(n))).collect();
    let name = match libraries.as_slice() {
        [one] => one.clone(),
        [] => return err(format!("holds no plugin library ({}) at its top", library_file_name("NAME"))),
        more => return err(format!("holds {} libraries ({}); a package holds one", more.len(), more.join(", "))),
    };
    if !plain_name(&name) {
        let shown = emberdeep_engine::data::untrusted::shown(&name, 80);
        return err(format!("the plugin name \"{shown}\" is not letters, digits and _ alone"));
    }
    for entry in &names {
        let path = root.join(entry);
        if *entry == library_file_name(&name) || (!path.is_dir() && !entry.ends_with(".toml")) {
            continue;
        }
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
                return err(format!("data/{other} is not this plugin's; its data goes in data/{name}/ alone"));
            }
        }
    }
    Ok(name)
}

/// `emberdeep plugin add PATH`: the package checked, each step said (a
/// bar on a terminal, lines otherwise), then installed into the player's
/// folder. What it says once installed.
pub fn add(context: &Context<'_>, package: &Path) -> Result<String, PackageError> {
    let player = context.folders.player.clone().ok_or(PackageError::NoPlayerFolder)?;
    let mut steps = Steps::new("plugin add", 6);
    std::fs::create_dir_all(&player).map_err(write_error(&player))?;
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let staging = Staging(player.join(format!(".adding-{}-{nanos:x}", std::process::id())));
    let unpacked = staging.0.join("unpacked");
    steps.step("reading the package");
    let text = package.to_string_lossy();
    if package.is_dir() {
        copy_package(package, &unpacked, &mut 0, &mut 0)?;
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
    let installed = player.join(&name);
    if std::fs::symlink_metadata(&installed).is_ok() {
        let other = installed.join(library_file_name(&name));
        return Err(PackageError::Taken { package: package.into(), name, whose: "player's", other });
    }
    // The package as it will sit in the player's folder, in a folder of its own.
    let placed = staging.0.join("player");
    let staged = placed.join(&name);
    std::fs::create_dir_all(&placed).map_err(write_error(&placed))?;
    std::fs::rename(&root, &staged).map_err(write_error(&staged))?;
    steps.step("trying the library in a child process");
    let alone = catalog(&PluginFolders::game_only(&staged), Some(context.probe))?;
    let library_refused = |why| PackageError::Library { package: package.into(), why: Box::new(why) };
    let plugin = match alone.entries.into_iter().find(|e| e.name == name).map(|e| e.plugin) {
        Some(Ok(plugin)) => plugin,
        Some(Err(why)) => return Err(library_refused(why)),
        None => return Err(layout(format!("holds no plugin library {}", library_file_name(&name)))),
    };
    if plugin.name != name {
        return Err(layout(format!("the library {} registers the plugin '{}'", library_file_name(&name), plugin.name)));
    }
    steps.step("loading it with the game's plugins");
    let folders = PluginFolders {
        game: context.folders.game.clone(),
        player: Some(player.clone()),
        adding: Some(staged.clone()),
    };
    let loaded = load_from_folders(&folders, None, Some(context.probe), None)
        .map_err(|why| PackageError::Load { package: package.into(), why: Box::new(why) })?;
    if !loaded.loaded.iter().any(|p| p.name == name && p.origin == Origin::Player) {
        let why = loaded.skipped.iter().find(|s| s.contains(&format!("'{name}'"))).cloned().unwrap_or_default();
        return Err(layout(format!("it was left out of the game's plugins: {why}")));
    }
    steps.step("checking its records");
    let registered = loaded.registered();
    let records = records::check::load_game_records(context.data_dir, &registered)
        .map_err(|why| PackageError::Records { package: package.into(), why: Box::new(why) })?;
    steps.step("checking its tiles");
    let mut atlas = atlas::Atlas::load(context.assets_dir)?;
    let own: Vec<(String, PathBuf)> =
        records::check::plugin_folders(context.data_dir, &registered).into_iter().filter(|(n, _)| *n == name).collect();
    if let Some(refused) = atlas.add_plugin_sheets(&own).into_iter().next() {
        return Err(PackageError::Tiles { package: package.into(), why: refused.to_string() });
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
    for warning in missing.iter().filter(|m| m.to_string().contains(&name)) {
        said.push_str(&format!("\nwarning: {warning}"));
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
    let game =
        discovery::find_plugin_files(&context.folders.game)?.into_iter().find(|(n, _)| n == name).map(|(_, p)| p);
    let not_players =
        || PackageError::NotPlayers { name: emberdeep_engine::data::untrusted::shown(name, 80), game: game.clone() };
    let player = context.folders.player.as_ref().ok_or(PackageError::NoPlayerFolder)?;
    if !plain_name(name) {
        return Err(not_players());
    }
    let folder = player.join(name);
    if !std::fs::symlink_metadata(&folder).is_ok_and(|m| m.is_dir()) {
        return Err(not_players());
    }
    let gone = player.join(format!(".removing-{name}-{}", std::process::id()));
    std::fs::rename(&folder, &gone).map_err(write_error(&folder))?;
    std::fs::remove_dir_all(&gone).map_err(write_error(&gone))?;
    Ok(format!("removed {name} from {}", player.display()))
}
