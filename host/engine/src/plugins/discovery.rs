//! Finding plugin files: the plugin folder ([`default_plugin_dir`]), the
//! libraries in it by plugin name ([`find_plugin_files`],
//! [`plugin_name_of`]), the ones asked for ([`choose`]), and private copies
//! of them ([`copy_library`]) for a game that watches the folder.

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
}
