//! Finding plugin files: the two plugin folders ([`PluginFolders`]: the
//! game's own, [`default_plugin_dir`], and the player's,
//! [`default_player_plugin_dir`]), the libraries in them by plugin name
//! ([`find_plugin_files`], [`find_player_packages`], [`find_in_folders`],
//! [`plugin_name_of`]), the ones asked for ([`choose`], [`choose_in`]), and
//! private copies of them ([`copy_library`]) for a game that watches the
//! folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::data::untrusted::{self, limits, InputError};

/// Why the plugin files could not be found.
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    /// `--plugins` named a plugin with no library in the folder.
    #[error("plugin '{name}' not found in {dir} (found: {found})")]
    Missing {
        /// The name asked for.
        name: String,
        /// The folder searched.
        dir: PathBuf,
        /// What is there.
        found: String,
    },
    /// The plugin folder cannot be read.
    #[error("cannot read the plugin folder {dir}: {source}")]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Which plugin folder a plugin's library is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Origin {
    /// The game's own plugin folder (`--plugin-dir`, else beside the executable).
    #[default]
    Game,
    /// The player's plugin folder, where `emberdeep plugin add` installs.
    Player,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(match self {
            Origin::Game => "game",
            Origin::Player => "player",
        })
    }
}

/// The two folders plugins are loaded from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginFolders {
    /// The game's own: every library in it (`libNAME.so`), its data folder
    /// beside it (`NAME/`) or in the game's `data/NAME/`.
    pub game: PathBuf,
    /// The player's, if any: one folder per installed package
    /// (`NAME/libNAME.so` and `NAME/data/NAME/`, docs/packages.md). A
    /// folder that is not there holds no plugins.
    pub player: Option<PathBuf>,
    /// A package being added (`emberdeep plugin add`): its folder `NAME/`,
    /// staged elsewhere, loaded as one of the player's.
    pub adding: Option<PathBuf>,
    /// The names the game keeps for itself ([`reserved_names`]), each with
    /// the game's file or folder that bears it: a player's package of one
    /// of these names is not loaded.
    pub reserved: BTreeMap<String, PathBuf>,
}

impl PluginFolders {
    /// The game's folder alone.
    pub fn game_only(game: &Path) -> PluginFolders {
        PluginFolders { game: game.to_path_buf(), player: None, adding: None, reserved: BTreeMap::new() }
    }

    /// The game's folder and the player's.
    pub fn both(game: &Path, player: Option<&Path>) -> PluginFolders {
        PluginFolders {
            game: game.to_path_buf(),
            player: player.map(Path::to_path_buf),
            adding: None,
            reserved: BTreeMap::new(),
        }
    }

    /// These folders, a player's package named as the game's files in
    /// `data_dir` are named ([`reserved_names`]) not loaded.
    pub fn reserving(mut self, data_dir: &Path) -> PluginFolders {
        self.reserved = reserved_names(data_dir);
        self
    }
}

/// The names the game uses for its own files, which no package may take,
/// each with the file or folder of the game's data (`data_dir`) that bears
/// it: `host` (the game's own records and settings, `data/host/`), every
/// folder under `data/` (a first-party plugin's data, whether or not its
/// library is there), and the name of every file at the top of `data/`
/// (`presets.toml`: `presets`). A package of such a name would have its
/// records and settings read as the game's.
pub fn reserved_names(data_dir: &Path) -> BTreeMap<String, PathBuf> {
    let mut names = BTreeMap::new();
    names.insert("host".to_string(), data_dir.join("host"));
    if let Ok(entries) = std::fs::read_dir(data_dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            let name = if path.is_dir() { path.file_name() } else { path.file_stem() };
            if let Some(name) = name.and_then(|n| n.to_str()).filter(|n| !n.starts_with('.')) {
                names.entry(name.to_string()).or_insert(path);
            }
        }
    }
    names
}

/// A plugin library found in one of the folders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The plugin's name, from its file's.
    pub name: String,
    /// Its library.
    pub path: PathBuf,
    /// Which folder.
    pub origin: Origin,
}

/// A plugin of the player's folder that is not loaded, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotLoaded {
    /// The game's own folder has a plugin of that name.
    #[error(
        "the player's plugin '{name}' ({player}) is not loaded: the game's own plugin of that name is ({game})",
        player = .player.display(),
        game = .game.display()
    )]
    Taken {
        /// The name.
        name: String,
        /// The player's library.
        player: PathBuf,
        /// The game's.
        game: PathBuf,
    },
    /// Its name is one the game keeps for its own files ([`reserved_names`]).
    #[error(
        "the player's plugin '{name}' ({player}) is not loaded: its name is the game's own ({game}); remove it with `emberdeep plugin remove {name}`",
        player = .player.display(),
        game = .game.display()
    )]
    Reserved {
        /// The name.
        name: String,
        /// The player's library.
        player: PathBuf,
        /// The game's file or folder of that name.
        game: PathBuf,
    },
    /// A package folder without its library.
    #[error("the player's plugin folder {folder} holds no library {library}", folder = .folder.display())]
    NoLibrary {
        /// The package's folder.
        folder: PathBuf,
        /// The library it should hold.
        library: String,
    },
    /// The player's folder is there but cannot be read.
    #[error("cannot read the player's plugin folder {dir}: {reason}", dir = .dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why, in one line.
        reason: String,
    },
}

/// The environment variable naming the player's plugin folder (the
/// `--player-plugin-dir` flag's).
pub const PLAYER_PLUGIN_DIR_VARIABLE: &str = "EMBERDEEP_PLAYER_PLUGIN_DIR";

/// The player's plugin folder: `plugins/` in the game's data folder
/// (`$XDG_DATA_HOME/emberdeep/plugins`, `~/.local/share/emberdeep/plugins`
/// on Linux); `None` if the platform has no data folder.
pub fn default_player_plugin_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("emberdeep").join("plugins"))
}

/// The library file name of plugin `name` on this platform (`libNAME.so`).
pub fn library_file_name(name: &str) -> String {
    format!("{}{name}.{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_EXTENSION)
}

/// The packages installed in the player's folder `dir`, sorted by name:
/// each folder `NAME` (not hidden: `.`-folders are installs under way)
/// holding `libNAME.so`. A folder without its library is a [`NotLoaded`];
/// a folder `dir` that is not there holds none.
pub fn find_player_packages(dir: &Path) -> (Vec<(String, PathBuf)>, Vec<NotLoaded>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Vec::new(), Vec::new()),
        Err(e) => return (Vec::new(), vec![NotLoaded::Folder { dir: dir.into(), reason: e.to_string() }]),
    };
    let mut found = Vec::new();
    let mut problems = Vec::new();
    let mut folders: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    folders.sort();
    for folder in folders {
        let Some(name) = folder.file_name().and_then(|n| n.to_str()).map(str::to_string) else { continue };
        if name.starts_with('.') || !std::fs::symlink_metadata(&folder).is_ok_and(|m| m.is_dir()) {
            continue;
        }
        let library = folder.join(library_file_name(&name));
        if std::fs::symlink_metadata(&library).is_ok() {
            found.push((name, library));
        } else {
            problems.push(NotLoaded::NoLibrary { folder, library: library_file_name(&name) });
        }
    }
    (found, problems)
}

/// Every plugin of both folders, sorted by name, and the player's that are
/// not loaded (a name the game's own folder has: the game's wins).
pub fn find_in_folders(folders: &PluginFolders) -> Result<(Vec<Found>, Vec<NotLoaded>), FindError> {
    let game = find_plugin_files(&folders.game)?;
    let mut found: Vec<Found> = game
        .iter()
        .map(|(name, path)| Found { name: name.clone(), path: path.clone(), origin: Origin::Game })
        .collect();
    let mut problems = Vec::new();
    let mut packages = Vec::new();
    if let Some(dir) = &folders.player {
        let (found, trouble) = find_player_packages(dir);
        packages.extend(found);
        problems.extend(trouble);
    }
    if let Some(adding) = &folders.adding {
        let name = adding.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let library = adding.join(library_file_name(&name));
        packages.retain(|(n, _)| *n != name);
        packages.push((name, library));
    }
    {
        for (name, path) in packages {
            if let Some(own) = folders.reserved.get(&name) {
                problems.push(NotLoaded::Reserved { name, player: path, game: own.clone() });
                continue;
            }
            match game.iter().find(|(n, _)| *n == name) {
                Some((_, taken)) => problems.push(NotLoaded::Taken { name, player: path, game: taken.clone() }),
                None => found.push(Found { name, path, origin: Origin::Player }),
            }
        }
    }
    found.sort_by(|a, b| a.name.cmp(&b.name));
    Ok((found, problems))
}

/// [`choose`] over both folders: the plugins to load, each with its
/// folder, and the player's left out.
pub fn choose_in(
    folders: &PluginFolders,
    wanted: Option<&[String]>,
) -> Result<(Vec<Found>, Vec<NotLoaded>), FindError> {
    let (files, problems) = find_in_folders(folders)?;
    let Some(names) = wanted else { return Ok((files, problems)) };
    let mut names: Vec<&String> = names.iter().collect();
    names.sort();
    names.dedup();
    let chosen = names
        .into_iter()
        .map(|name| {
            files.iter().find(|f| f.name == *name).cloned().ok_or_else(|| FindError::Missing {
                name: name.clone(),
                dir: folders.game.clone(),
                found: files.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", "),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // Only the player's plugins asked for, or all of them, are worth a word.
    let problems = problems
        .into_iter()
        .filter(|p| match p {
            NotLoaded::Taken { name, .. } => chosen.iter().any(|f| f.name == *name),
            _ => false,
        })
        .collect();
    Ok((chosen, problems))
}

/// Why a library could not be copied.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The library could not be read (not a regular file, too large).
    #[error(transparent)]
    Read(#[from] InputError),
    /// The copy could not be written.
    #[error("cannot copy it to {copy}: {source}")]
    Write {
        /// Where the copy was to go.
        copy: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// The plugin name a library file stands for: `libcore_combat.so` → `core_combat`.
pub fn plugin_name_of(path: &Path) -> Option<String> {
    let ext = path.extension()?.to_str()?;
    if ext != std::env::consts::DLL_EXTENSION {
        return None;
    }
    let stem = path.file_stem()?.to_str()?;
    Some(stem.strip_prefix(std::env::consts::DLL_PREFIX).unwrap_or(stem).to_string())
}

/// The plugin libraries in a folder, sorted by plugin name.
pub fn find_plugin_files(dir: &Path) -> Result<Vec<(String, PathBuf)>, FindError> {
    let entries = std::fs::read_dir(dir).map_err(|source| FindError::Folder { dir: dir.into(), source })?;
    let mut files: Vec<(String, PathBuf)> =
        entries.flatten().map(|e| e.path()).filter_map(|p| plugin_name_of(&p).map(|n| (n, p))).collect();
    files.sort();
    Ok(files)
}

/// The plugin files to load from `dir`: all of them, or those `wanted`
/// (each once, sorted by name); a name with no library is an error that
/// lists what is there.
pub fn choose(dir: &Path, wanted: Option<&[String]>) -> Result<Vec<(String, PathBuf)>, FindError> {
    let files = find_plugin_files(dir)?;
    let Some(names) = wanted else { return Ok(files) };
    let mut names: Vec<&String> = names.iter().collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .map(|name| {
            files.iter().find(|(n, _)| n == name).cloned().ok_or_else(|| FindError::Missing {
                name: name.clone(),
                dir: dir.to_path_buf(),
                found: files.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", "),
            })
        })
        .collect()
}

/// Where plugins are looked for by default: the folder of the executable
/// (cargo puts the plugin libraries next to the binary), or its parent when
/// the executable is a test harness in `deps/`.
pub fn default_plugin_dir() -> PathBuf {
    let exe_dir = std::env::current_exe().ok().and_then(|e| e.parent().map(Path::to_path_buf));
    match exe_dir {
        Some(d) if d.ends_with("deps") => d.parent().map(Path::to_path_buf).unwrap_or(d),
        Some(d) => d,
        None => PathBuf::from("."),
    }
}

/// A private copy of a library, in `copies` (made if absent), read as
/// any plugin file is: a regular file within the size limit.
pub fn copy_library(path: &Path, copies: &Path) -> Result<PathBuf, CopyError> {
    let bytes = untrusted::read_bytes(path, "plugin", limits::PLUGIN)?;
    let copy = copies.join(path.file_name().unwrap_or_default());
    std::fs::create_dir_all(copies)
        .and_then(|()| std::fs::write(&copy, bytes))
        .map_err(|source| CopyError::Write { copy: copy.clone(), source })?;
    Ok(copy)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `name`'s library file name on this system (`libname.so` on Linux).
    fn lib(name: &str) -> String {
        format!("{}{name}.{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_EXTENSION)
    }

    #[test]
    fn a_library_file_names_its_plugin_and_other_files_none() {
        assert_eq!(plugin_name_of(&Path::new("/p").join(lib("core_combat"))).as_deref(), Some("core_combat"));
        assert_eq!(plugin_name_of(Path::new("core_combat.toml")), None);
        assert_eq!(plugin_name_of(Path::new("README")), None);
        assert_eq!(plugin_name_of(&Path::new("d").join(format!("{}.1", lib("versioned")))), None);
        if !std::env::consts::DLL_PREFIX.is_empty() {
            let bare = format!("bare.{}", std::env::consts::DLL_EXTENSION);
            assert_eq!(plugin_name_of(Path::new(&bare)).as_deref(), Some("bare"), "no prefix: the stem as it is");
        }
    }

    /// A folder holding libraries (empty files) of `names`, and `others`.
    fn folder(names: &[&str], others: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("a temp dir");
        for name in names {
            std::fs::write(dir.path().join(lib(name)), b"").unwrap();
        }
        for other in others {
            std::fs::write(dir.path().join(other), b"").unwrap();
        }
        dir
    }

    #[test]
    fn the_libraries_of_a_folder_are_found_sorted_by_name() {
        let dir = folder(&["zeta", "alpha", "mid"], &["notes.txt", "alpha.toml"]);
        let found = find_plugin_files(dir.path()).unwrap();
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["alpha", "mid", "zeta"]);
        assert!(found.iter().all(|(n, p)| *p == dir.path().join(lib(n))), "{found:?}");
        let err = find_plugin_files(&dir.path().join("absent")).unwrap_err().to_string();
        assert!(err.starts_with("cannot read the plugin folder ") && err.contains("absent"), "{err}");
    }

    #[test]
    fn the_players_packages_are_found_beside_the_games_and_a_taken_name_is_left_out_naming_both() {
        let game = folder(&["alpha", "beta"], &[]);
        let player = tempfile::tempdir().unwrap();
        for name in ["beta", "gamma"] {
            std::fs::create_dir(player.path().join(name)).unwrap();
            std::fs::write(player.path().join(name).join(lib(name)), b"").unwrap();
        }
        std::fs::create_dir(player.path().join("empty")).unwrap();
        std::fs::create_dir(player.path().join(".staging")).unwrap();
        let folders = PluginFolders::both(game.path(), Some(player.path()));
        let (found, problems) = find_in_folders(&folders).unwrap();
        let names: Vec<(&str, Origin)> = found.iter().map(|f| (f.name.as_str(), f.origin)).collect();
        assert_eq!(names, [("alpha", Origin::Game), ("beta", Origin::Game), ("gamma", Origin::Player)]);
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                format!(
                    "the player's plugin folder {} holds no library {}",
                    player.path().join("empty").display(),
                    lib("empty")
                ),
                format!(
                    "the player's plugin 'beta' ({}) is not loaded: the game's own plugin of that name is ({})",
                    player.path().join("beta").join(lib("beta")).display(),
                    game.path().join(lib("beta")).display()
                ),
            ]
        );
        let absent = PluginFolders::both(game.path(), Some(&player.path().join("absent")));
        assert_eq!(find_in_folders(&absent).unwrap().0.len(), 2, "no player's folder, no player's plugins");
        let (chosen, problems) = choose_in(&folders, Some(&["gamma".to_string()])).unwrap();
        assert_eq!(chosen[0].path, player.path().join("gamma").join(lib("gamma")));
        assert!(problems.is_empty(), "beta was not asked for: {problems:?}");
    }

    #[test]
    fn the_plugins_asked_for_are_chosen_once_each_and_a_missing_one_lists_what_is_there() {
        let dir = folder(&["alpha", "beta", "gamma"], &[]);
        let all: Vec<String> = choose(dir.path(), None).unwrap().into_iter().map(|(n, _)| n).collect();
        assert_eq!(all, ["alpha", "beta", "gamma"]);
        let wanted = ["gamma".to_string(), "alpha".into(), "gamma".into()];
        let some: Vec<String> = choose(dir.path(), Some(&wanted)).unwrap().into_iter().map(|(n, _)| n).collect();
        assert_eq!(some, ["alpha", "gamma"]);
        let err = choose(dir.path(), Some(&["delta".to_string()])).unwrap_err().to_string();
        assert_eq!(err, format!("plugin 'delta' not found in {} (found: alpha, beta, gamma)", dir.path().display()));
    }

    #[test]
    fn a_copy_holds_the_same_bytes_and_a_copy_that_cannot_be_written_says_where() {
        let dir = tempfile::tempdir().unwrap();
        let original = dir.path().join(lib("alpha"));
        std::fs::write(&original, b"\x7fELF and the rest").unwrap();
        let copies = dir.path().join("copies");
        let copy = copy_library(&original, &copies).unwrap();
        assert_eq!(copy, copies.join(lib("alpha")));
        assert_eq!(std::fs::read(&copy).unwrap(), b"\x7fELF and the rest");
        // A file where the folder of copies should be.
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, b"").unwrap();
        let err = copy_library(&original, &blocked).unwrap_err();
        assert!(matches!(err, CopyError::Write { .. }), "{err:?}");
        assert!(err.to_string().starts_with(&format!("cannot copy it to {}: ", blocked.join(lib("alpha")).display())));
        let err = copy_library(&dir.path().join("absent"), &copies).unwrap_err();
        assert!(matches!(err, CopyError::Read(_)), "{err:?}");
    }

    #[test]
    fn the_names_of_the_games_own_files_are_kept_from_the_players_packages() {
        let data = tempfile::tempdir().unwrap();
        for folder in ["host", "traps", ".git"] {
            std::fs::create_dir(data.path().join(folder)).unwrap();
        }
        std::fs::write(data.path().join("presets.toml"), b"").unwrap();
        let reserved = reserved_names(data.path());
        let names: Vec<&str> = reserved.keys().map(String::as_str).collect();
        assert_eq!(names, ["host", "presets", "traps"]);
        assert_eq!(reserved["presets"], data.path().join("presets.toml"));
        assert_eq!(reserved_names(&data.path().join("absent")).keys().collect::<Vec<_>>(), ["host"]);

        let game = folder(&["alpha"], &[]);
        let player = tempfile::tempdir().unwrap();
        for name in ["traps", "host", "gamma"] {
            std::fs::create_dir(player.path().join(name)).unwrap();
            std::fs::write(player.path().join(name).join(lib(name)), b"").unwrap();
        }
        let folders = PluginFolders::both(game.path(), Some(player.path())).reserving(data.path());
        let (found, problems) = find_in_folders(&folders).unwrap();
        let names: Vec<&str> = found.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["alpha", "gamma"]);
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                format!(
                    "the player's plugin 'host' ({}) is not loaded: its name is the game's own ({}); remove it with `emberdeep plugin remove host`",
                    player.path().join("host").join(lib("host")).display(),
                    data.path().join("host").display()
                ),
                format!(
                    "the player's plugin 'traps' ({}) is not loaded: its name is the game's own ({}); remove it with `emberdeep plugin remove traps`",
                    player.path().join("traps").join(lib("traps")).display(),
                    data.path().join("traps").display()
                ),
            ]
        );
    }
}
