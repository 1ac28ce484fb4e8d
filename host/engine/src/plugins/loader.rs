//! Loading the plugin set, start to end: the files of the plugin folder
//! ([`discovery`](super::discovery)), each perhaps copied, then tried in a
//! child process through the binary's [`Probe`], opened and registered
//! ([`trial`](super::trial)) into the [`Plugins`] registry
//! ([`registry`](super::registry)), and last the dependencies checked and
//! the plugins put in their order ([`order`](super::order)).

use std::path::{Path, PathBuf};

use crate::plugins::discovery::{self, FindError, PluginFolders};
use crate::plugins::order::{self, DependencyError};
use crate::plugins::registry::{Duplicate, Plugins};
use crate::plugins::trial::{self, Probe, Refusal, TrialError};

/// Why the plugin set could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A plugin asked for is not in the folder, or the folder cannot be read.
    #[error(transparent)]
    Find(#[from] FindError),
    /// Two plugins registered the same name for the same trait.
    #[error(transparent)]
    Duplicate(#[from] Duplicate),
    /// A plugin needs another that is not loaded, or is too old.
    #[error(transparent)]
    Dependency(#[from] DependencyError),
    /// A chosen plugin could not be loaded.
    #[error("plugin '{name}' ({path}) cannot be used: {reason}")]
    Refused {
        /// The plugin's name.
        name: String,
        /// Its file.
        path: PathBuf,
        /// Why.
        reason: Refusal,
    },
}

/// Loads the plugins of `dir`: all of them, or those `wanted` names.
///
/// A file that is not a plugin is skipped with a warning when loading every
/// plugin found, and is an error when it was asked for by name. A plugin
/// whose `register` fails or panics is skipped the same way.
pub fn load_plugins(dir: &Path, wanted: Option<&[String]>) -> Result<Plugins, LoadError> {
    load_plugins_probed(dir, wanted, None)
}

/// [`load_plugins`], with the chosen files first tried by `probe`, all of
/// them in the order the game loads them: a file whose trial refused it,
/// ended early, crashed or hung is refused with that reason and never
/// opened here, so a library damaged in a way no header check sees can
/// take down the trial, never the game.
pub fn load_plugins_probed(
    dir: &Path,
    wanted: Option<&[String]>,
    probe: Option<Probe<'_>>,
) -> Result<Plugins, LoadError> {
    load_chosen(&PluginFolders::game_only(dir), wanted, probe, None)
}

/// [`load_plugins_probed`] from both plugin folders, the game's own and
/// the player's ([`PluginFolders`]); with `copies`, as
/// [`load_plugins_copied`] does. A player's plugin whose name the game's
/// own folder has is left out with a warning naming both files
/// ([`Plugins::skipped`]); each plugin's `origin` says its folder.
pub fn load_from_folders(
    folders: &PluginFolders,
    wanted: Option<&[String]>,
    probe: Option<Probe<'_>>,
    copies: Option<&Path>,
) -> Result<Plugins, LoadError> {
    let Some(copies) = copies else { return load_chosen(folders, wanted, probe, None) };
    let _ = std::fs::remove_dir_all(copies);
    let loaded = load_chosen(folders, wanted, probe, Some(copies));
    // Loaded libraries stay mapped once their files are gone.
    let _ = std::fs::remove_dir_all(copies);
    loaded
}

/// [`load_plugins_probed`], each library first copied into the folder
/// `copies` (made, then removed once all are loaded), and the copy tried
/// and loaded: a new build written into the plugin folder later, even over
/// the file in place, cannot reach the libraries the game runs (`--watch`).
/// Each plugin's `path` is still its file in `dir`.
pub fn load_plugins_copied(
    dir: &Path,
    wanted: Option<&[String]>,
    probe: Option<Probe<'_>>,
    copies: &Path,
) -> Result<Plugins, LoadError> {
    load_from_folders(&PluginFolders::game_only(dir), wanted, probe, Some(copies))
}

fn load_chosen(
    folders: &PluginFolders,
    wanted: Option<&[String]>,
    probe: Option<Probe<'_>>,
    copies: Option<&Path>,
) -> Result<Plugins, LoadError> {
    let (chosen, left_out) = discovery::choose_in(folders, wanted)?;
    let opened: Vec<Result<PathBuf, Refusal>> = chosen
        .iter()
        .map(|found| &found.path)
        .map(|path| match copies {
            None => Ok(path.clone()),
            Some(copies) => discovery::copy_library(path, copies).map_err(Refusal::from),
        })
        .collect();
    // Tried: exactly the files the game will open, in its order.
    let paths: Vec<PathBuf> = opened.iter().filter_map(|o| o.as_ref().ok().cloned()).collect();
    let mut tried = match probe {
        Some(probe) => probe(&paths),
        None => Vec::new(),
    };
    tried.resize_with(paths.len(), || Ok(()));
    let mut tried = tried.into_iter();
    let trials: Vec<Result<(), TrialError>> =
        opened.iter().map(|o| if o.is_ok() { tried.next().unwrap_or(Ok(())) } else { Ok(()) }).collect();
    let mut plugins = Plugins::default();
    plugins.skipped.extend(left_out.iter().map(ToString::to_string));
    for ((found, trial), opened) in chosen.into_iter().zip(trials).zip(opened) {
        let discovery::Found { name, path, origin } = found;
        let registered = opened
            .and_then(|copy| trial.map(|()| copy).map_err(Refusal::from))
            .and_then(|copy| trial::register_one(&copy));
        match registered {
            Ok(reg) => plugins.add_from(reg, path, origin)?,
            // A plugin built for another api is never left out quietly: the player must rebuild it.
            Err(reason) if wanted.is_some() || reason.incompatible() => {
                return Err(LoadError::Refused { name, path, reason })
            }
            Err(reason) => plugins.skipped.push(format!("skipped plugin '{name}' ({}): {reason}", path.display())),
        }
    }
    order::check_dependencies(&plugins.loaded)?;
    order::order_by_dependencies(&mut plugins);
    for line in plugins.settle_standings() {
        tracing::warn!("{line}");
    }
    Ok(plugins)
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::plugins::trial::TrialEnd;

    /// `name`'s library file name on this system.
    fn lib(name: &str) -> String {
        format!("{}{name}.{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_EXTENSION)
    }

    /// A plugin folder whose "libraries" are words, never opened.
    fn folder(names: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for name in names {
            std::fs::write(dir.path().join(lib(name)), format!("not really {name}")).unwrap();
        }
        dir
    }

    #[test]
    fn a_file_that_is_no_plugin_is_skipped_when_all_are_loaded_and_refused_when_asked_for() {
        let dir = folder(&["beta", "alpha"]);
        let plugins = load_plugins(dir.path(), None).expect("skipped, not an error");
        assert!(plugins.loaded.is_empty());
        assert_eq!(plugins.skipped.len(), 2);
        let first =
            format!("skipped plugin 'alpha' ({}): not a shared library (", dir.path().join(lib("alpha")).display());
        assert!(plugins.skipped[0].starts_with(&first), "{:?}", plugins.skipped);
        let err = load_plugins(dir.path(), Some(&["beta".to_string()])).err().expect("asked for by name");
        assert!(matches!(&err, LoadError::Refused { name, .. } if name == "beta"), "{err:?}");
        let wanted = format!(
            "plugin 'beta' ({}) cannot be used: not a shared library (",
            dir.path().join(lib("beta")).display()
        );
        assert!(err.to_string().starts_with(&wanted), "{err}");
        let err = load_plugins(dir.path(), Some(&["gamma".to_string()])).err().expect("not there");
        assert!(err.to_string().starts_with("plugin 'gamma' not found in "), "{err}");
    }

    #[test]
    fn the_probe_tries_every_chosen_file_and_a_failed_trial_is_its_reason() {
        let dir = folder(&["alpha", "beta"]);
        let tried = RefCell::new(Vec::new());
        let probe = |paths: &[PathBuf]| {
            tried.borrow_mut().extend(paths.iter().cloned());
            vec![Ok(()), Err(TrialError::Crashed { end: TrialEnd::Signal(7) })]
        };
        let plugins = load_plugins_probed(dir.path(), None, Some(&probe)).unwrap();
        assert_eq!(*tried.borrow(), [dir.path().join(lib("alpha")), dir.path().join(lib("beta"))]);
        assert!(plugins.skipped[0].contains("not a shared library"), "alpha passed its trial: {:?}", plugins.skipped);
        assert!(
            plugins.skipped[1].ends_with("): loading it crashed a trial run (signal 7): the file is damaged"),
            "beta's trial crashed, and it is not opened: {:?}",
            plugins.skipped
        );
    }

    #[test]
    fn copies_are_what_is_tried_and_are_gone_after_loading() {
        let dir = folder(&["alpha"]);
        let copies = dir.path().join("copies");
        std::fs::create_dir(&copies).unwrap();
        std::fs::write(copies.join("stale"), b"").unwrap();
        let tried = RefCell::new(Vec::new());
        let probe = |paths: &[PathBuf]| {
            tried.borrow_mut().extend(paths.iter().map(|p| (p.clone(), std::fs::read(p).ok())));
            vec![Err(TrialError::Hung { seconds: 10 })]
        };
        let plugins = load_plugins_copied(dir.path(), None, Some(&probe), &copies).unwrap();
        assert_eq!(*tried.borrow(), [(copies.join(lib("alpha")), Some(b"not really alpha".to_vec()))]);
        let path = dir.path().join(lib("alpha"));
        assert_eq!(
            plugins.skipped,
            [format!(
                "skipped plugin 'alpha' ({}): loading it did not finish within 10 s in a trial run",
                path.display()
            )],
            "named by its own file, not the copy"
        );
        assert!(!copies.exists(), "the copies are removed");
    }
}
