//! Every plugin of both plugin folders, the game's own and the player's,
//! with what it says of itself (its name, version, api, description,
//! homepage and folder), or why it cannot be used: what a list of the
//! plugins to choose from shows (`emberdeep plugin list`, the New Run
//! screen). No screen here: plain data.

use std::path::PathBuf;

use crate::plugins::discovery::{self, FindError, NotLoaded, Origin, PluginFolders};
use crate::plugins::registry::{Duplicate, LoadedPlugin, Plugins};
use crate::plugins::trial::{self, Probe, Refusal};

/// Why a plugin found in a folder cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum Unavailable {
    /// A player's plugin left out (its name is the game's own plugin's or
    /// one the game keeps for its files), or a package folder without its
    /// library.
    #[error(transparent)]
    NotLoaded(NotLoaded),
    /// Its library was refused: its checks, its trial in a child process,
    /// its layout or its `register`.
    #[error(transparent)]
    Refused(Refusal),
    /// It registers one name twice.
    #[error(transparent)]
    Duplicate(Box<Duplicate>),
}

/// One plugin found: where, and what it registered or why it cannot be used.
#[derive(Debug)]
pub struct CatalogEntry {
    /// Its name (its library's file name's).
    pub name: String,
    /// Its library.
    pub path: PathBuf,
    /// Which folder.
    pub origin: Origin,
    /// What it registered, alone (its description, homepage, version,
    /// api, names, settings), or why it cannot be used, in one line.
    pub plugin: Result<LoadedPlugin, Unavailable>,
}

/// Everything found in both folders.
#[derive(Debug, Default)]
pub struct Catalog {
    /// Each plugin, sorted by name, the game's before the player's of the same name.
    pub entries: Vec<CatalogEntry>,
    /// A player's folder that is there but cannot be read.
    pub problems: Vec<NotLoaded>,
}

/// Lists every plugin of `folders`, each tried by `probe` in a child
/// process (all of them, as the game would load them), then opened and
/// registered on its own: its [`LoadedPlugin`] or why it is unavailable.
/// Fails only if the game's own folder cannot be read.
pub fn catalog(folders: &PluginFolders, probe: Option<Probe<'_>>) -> Result<Catalog, FindError> {
    let (found, left_out) = discovery::find_in_folders(folders)?;
    let paths: Vec<PathBuf> = found.iter().map(|f| f.path.clone()).collect();
    let mut tried = probe.map(|probe| probe(&paths)).unwrap_or_default();
    tried.resize_with(paths.len(), || Ok(()));
    let mut catalog = Catalog::default();
    for (f, trial) in found.into_iter().zip(tried) {
        let plugin =
            trial.map_err(Refusal::from).and_then(|()| trial::register_one(&f.path)).map_err(Unavailable::Refused);
        let plugin = plugin.and_then(|reg| {
            let mut alone = Plugins::default();
            alone.add_from(reg, f.path.clone(), f.origin).map_err(|e| Unavailable::Duplicate(Box::new(e)))?;
            Ok(alone.loaded.remove(0))
        });
        catalog.entries.push(CatalogEntry { name: f.name, path: f.path, origin: f.origin, plugin });
    }
    for problem in left_out {
        let (name, path) = match &problem {
            NotLoaded::Taken { name, player, .. } | NotLoaded::Reserved { name, player, .. } => {
                (name.clone(), player.clone())
            }
            NotLoaded::NoLibrary { folder, library } => {
                (folder.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), folder.join(library))
            }
            NotLoaded::Folder { .. } => {
                catalog.problems.push(problem);
                continue;
            }
        };
        let plugin = Err(Unavailable::NotLoaded(problem));
        catalog.entries.push(CatalogEntry { name, path, origin: Origin::Player, plugin });
    }
    catalog.entries.sort_by(|a, b| (&a.name, a.origin).cmp(&(&b.name, b.origin)));
    Ok(catalog)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::trial::TrialError;

    #[test]
    fn every_file_of_both_folders_is_listed_with_its_folder_and_why_it_cannot_be_used() {
        let game = tempfile::tempdir().unwrap();
        let player = tempfile::tempdir().unwrap();
        std::fs::write(game.path().join(discovery::library_file_name("alpha")), b"words").unwrap();
        for name in ["alpha", "beta"] {
            std::fs::create_dir(player.path().join(name)).unwrap();
            std::fs::write(player.path().join(name).join(discovery::library_file_name(name)), b"words").unwrap();
        }
        let folders = PluginFolders::both(game.path(), Some(player.path()));
        let probe = |paths: &[PathBuf]| paths.iter().map(|_| Err(TrialError::Hung { seconds: 3 })).collect();
        let listed = catalog(&folders, Some(&probe)).unwrap();
        let seen: Vec<(String, Origin, String)> = listed
            .entries
            .iter()
            .map(|e| (e.name.clone(), e.origin, e.plugin.as_ref().err().map(ToString::to_string).unwrap_or_default()))
            .collect();
        assert_eq!(seen.len(), 3, "{seen:?}");
        assert_eq!((seen[0].0.as_str(), seen[0].1), ("alpha", Origin::Game));
        assert_eq!(seen[0].2, "loading it did not finish within 3 s in a trial run");
        assert_eq!((seen[1].0.as_str(), seen[1].1), ("alpha", Origin::Player));
        assert!(seen[1].2.contains("the game's own plugin of that name is"), "{}", seen[1].2);
        assert_eq!((seen[2].0.as_str(), seen[2].1), ("beta", Origin::Player));
        // Without a probe, the words are refused by the ELF checks before they are opened.
        let listed = catalog(&folders, None).unwrap();
        let beta = listed.entries.iter().find(|e| e.name == "beta").unwrap();
        let why = beta.plugin.as_ref().err().unwrap().to_string();
        assert!(why.starts_with("not a shared library ("), "{why}");
    }
}
