//! Unpacking a package's `.tar.gz`, which is not trusted: every entry a
//! plain file or folder under the folder it is unpacked into (no `..`, no
//! absolute path, no link), at most [`MOST_ENTRIES`] of them and
//! [`MOST_BYTES`] read from the decompressed stream in all, so no archive
//! can write outside its folder, fill the disk or the memory, or hang.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

/// The most entries a package's archive may hold.
pub const MOST_ENTRIES: usize = 4096;
/// The most bytes read from a package's decompressed archive, headers and all.
pub const MOST_BYTES: u64 = 512 << 20;

/// Why an archive was refused; nothing it held is to be used.
#[derive(Debug, thiserror::Error)]
pub enum TarballError {
    /// The archive cannot be opened or read (not gzip, not tar, cut short).
    #[error("{archive}: cannot be read as a .tar.gz: {reason}", archive = .archive.display())]
    Unreadable {
        /// The archive.
        archive: PathBuf,
        /// Why, in one line.
        reason: String,
    },
    /// An entry whose path leaves the package's folder or is no plain path.
    #[error("{archive}: the entry \"{entry}\" {why}; a package's paths stay inside it", archive = .archive.display())]
    Escapes {
        /// The archive.
        archive: PathBuf,
        /// The entry's path, as shown.
        entry: String,
        /// What is wrong with it.
        why: PathProblem,
    },
    /// An entry that is neither a plain file nor a folder.
    #[error("{archive}: the entry \"{entry}\" is {kind}; a package holds only files and folders", archive = .archive.display())]
    NotPlain {
        /// The archive.
        archive: PathBuf,
        /// The entry's path, as shown.
        entry: String,
        /// What it is.
        kind: &'static str,
    },
    /// More entries or bytes than a package may hold.
    #[error("{archive}: holds more than {what}", archive = .archive.display())]
    TooLarge {
        /// The archive.
        archive: PathBuf,
        /// The bound passed.
        what: String,
    },
    /// The same path twice.
    #[error("{archive}: the entry \"{entry}\" is there twice", archive = .archive.display())]
    Twice {
        /// The archive.
        archive: PathBuf,
        /// The entry's path, as shown.
        entry: String,
    },
    /// Unpacking could not write into the folder.
    #[error("cannot unpack into {dir}: {source}", dir = .dir.display())]
    Write {
        /// The folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// What is wrong with an entry's path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PathProblem {
    /// Not UTF-8.
    #[error("is not UTF-8")]
    NotUtf8,
    /// Empty.
    #[error("has an empty path")]
    Empty,
    /// A `..` part.
    #[error("climbs out with \"..\"")]
    ClimbsOut,
    /// Starts at the root.
    #[error("is an absolute path")]
    Absolute,
    /// Only `.` parts.
    #[error("names no file")]
    NoFile,
}

/// Entry text shown in a message: one line, capped.
fn shown(path: &[u8]) -> String {
    emberdeep_engine::data::untrusted::shown(&String::from_utf8_lossy(path), 200)
}

/// The entry's path as a relative path of plain parts, or why it is not one.
fn plain_path(raw: &[u8]) -> Result<PathBuf, PathProblem> {
    let text = std::str::from_utf8(raw).map_err(|_| PathProblem::NotUtf8)?;
    if text.is_empty() {
        return Err(PathProblem::Empty);
    }
    let mut out = PathBuf::new();
    for part in Path::new(text).components() {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            Component::ParentDir => return Err(PathProblem::ClimbsOut),
            Component::RootDir | Component::Prefix(_) => return Err(PathProblem::Absolute),
        }
    }
    if out.as_os_str().is_empty() {
        return Err(PathProblem::NoFile);
    }
    Ok(out)
}

/// Unpacks the `.tar.gz` `archive` into the folder `into` (made if absent),
/// refusing it whole at the first entry that breaks a rule. On an error,
/// what was unpacked is left in `into` for the caller to remove.
pub fn unpack(archive: &Path, into: &Path) -> Result<(), TarballError> {
    let unreadable = |e: &dyn std::fmt::Display| TarballError::Unreadable {
        archive: archive.to_path_buf(),
        reason: emberdeep_engine::data::untrusted::shown(&e.to_string(), 300),
    };
    let file = std::fs::File::open(archive).map_err(|e| unreadable(&e))?;
    let write = |source| TarballError::Write { dir: into.to_path_buf(), source };
    std::fs::create_dir_all(into).map_err(write)?;
    // The bound holds whatever tar reads: headers, long names, data.
    let stream = flate2::read::GzDecoder::new(file).take(MOST_BYTES + 1);
    let mut tar = tar::Archive::new(stream);
    let entries = tar.entries().map_err(|e| unreadable(&e))?;
    let too_large = |what: String| TarballError::TooLarge { archive: archive.to_path_buf(), what };
    let mut written: u64 = 0;
    for (count, entry) in entries.enumerate() {
        if count >= MOST_ENTRIES {
            return Err(too_large(format!("{MOST_ENTRIES} entries")));
        }
        let mut entry = entry.map_err(|e| unreadable(&e))?;
        let raw = entry.path_bytes().into_owned();
        let path = plain_path(&raw).map_err(|why| TarballError::Escapes {
            archive: archive.to_path_buf(),
            entry: shown(&raw),
            why,
        })?;
        let kind = entry.header().entry_type();
        let target = into.join(&path);
        if kind.is_dir() {
            std::fs::create_dir_all(&target).map_err(write)?;
            continue;
        }
        if !kind.is_file() {
            let kind = if kind.is_symlink() {
                "a symbolic link"
            } else if kind.is_hard_link() {
                "a hard link"
            } else {
                "neither a file nor a folder"
            };
            return Err(TarballError::NotPlain { archive: archive.to_path_buf(), entry: shown(&raw), kind });
        }
        let size = entry.header().size().map_err(|e| unreadable(&e))?;
        written = written.saturating_add(size);
        if written > MOST_BYTES {
            return Err(too_large(format!("{} MiB", MOST_BYTES >> 20)));
        }
        if let Some(parent) = target.parent() {
            // No link is ever made, so every folder under `into` is a real one made here.
            std::fs::create_dir_all(parent).map_err(write)?;
        }
        let mut out = match std::fs::OpenOptions::new().write(true).create_new(true).open(&target) {
            Ok(out) => out,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(TarballError::Twice { archive: archive.to_path_buf(), entry: shown(&raw) })
            }
            Err(e) => return Err(write(e)),
        };
        let copied = std::io::copy(&mut (&mut entry).take(size), &mut out).map_err(|e| unreadable(&e))?;
        if copied != size {
            return Err(unreadable(&format!("the entry \"{}\" is cut short", shown(&raw))));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `.tar.gz` at `dir/name` of `entries`: (path bytes, kind, data);
    /// written header by header, so paths `tar` itself would refuse to add
    /// are there as a hostile archive would have them.
    fn archive(dir: &Path, name: &str, entries: &[(&[u8], tar::EntryType, &[u8])]) -> PathBuf {
        let path = dir.join(name);
        let gz = flate2::write::GzEncoder::new(std::fs::File::create(&path).unwrap(), flate2::Compression::fast());
        let mut builder = tar::Builder::new(gz);
        for (name, kind, data) in entries {
            let mut header = tar::Header::new_old();
            let field = &mut header.as_old_mut().name;
            field[..name.len()].copy_from_slice(name);
            header.set_entry_type(*kind);
            header.set_size(data.len() as u64);
            header.set_mode(0o644);
            if kind.is_symlink() {
                header.set_link_name("/etc/passwd").unwrap();
            }
            header.set_cksum();
            builder.append(&header, *data).unwrap();
        }
        builder.into_inner().unwrap().finish().unwrap();
        path
    }

    const FILE: tar::EntryType = tar::EntryType::Regular;

    #[test]
    fn plain_files_and_folders_are_unpacked_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let a = archive(
            dir.path(),
            "ok.tar.gz",
            &[
                (b"p/libp.so", FILE, b"elf"),
                (b"p/data/", tar::EntryType::Directory, b""),
                (b"./p/data/p/items.toml", FILE, b"x"),
            ],
        );
        let into = dir.path().join("out");
        unpack(&a, &into).unwrap();
        assert_eq!(std::fs::read(into.join("p/libp.so")).unwrap(), b"elf");
        assert_eq!(std::fs::read(into.join("p/data/p/items.toml")).unwrap(), b"x");
    }

    #[test]
    fn paths_that_climb_out_are_absolute_or_links_are_refused_and_nothing_lands_outside() {
        let dir = tempfile::tempdir().unwrap();
        let cases: [(&[u8], tar::EntryType, &str); 5] = [
            (b"../evil.txt", FILE, "climbs out with \"..\""),
            (b"p/../../evil.txt", FILE, "climbs out with \"..\""),
            (b"/tmp/evil.txt", FILE, "is an absolute path"),
            (b"p/link", tar::EntryType::Symlink, "is a symbolic link"),
            (b"p/hard", tar::EntryType::Link, "is a hard link"),
        ];
        for (i, (name, kind, why)) in cases.into_iter().enumerate() {
            let a =
                archive(dir.path(), &format!("bad{i}.tar.gz"), &[(b"p/libp.so", FILE, b"elf"), (name, kind, b"boo")]);
            let into = dir.path().join(format!("out{i}"));
            let err = unpack(&a, &into).unwrap_err().to_string();
            assert!(err.contains(why) && !err.contains('\n'), "{err}");
            assert!(err.starts_with(&a.display().to_string()), "names the archive: {err}");
        }
        assert!(!dir.path().join("evil.txt").exists(), "nothing written beside the folder");
    }

    #[test]
    fn too_many_entries_an_entry_twice_and_garbage_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let names: Vec<String> = (0..=MOST_ENTRIES).map(|i| format!("f{i}")).collect();
        let many: Vec<(&[u8], tar::EntryType, &[u8])> = names.iter().map(|n| (n.as_bytes(), FILE, &b""[..])).collect();
        let a = archive(dir.path(), "many.tar.gz", &many);
        let err = unpack(&a, &dir.path().join("many")).unwrap_err().to_string();
        assert!(err.ends_with(&format!("holds more than {MOST_ENTRIES} entries")), "{err}");
        let a = archive(dir.path(), "twice.tar.gz", &[(b"a", FILE, b"1"), (b"./a", FILE, b"2")]);
        let err = unpack(&a, &dir.path().join("twice")).unwrap_err().to_string();
        assert!(err.ends_with("the entry \"./a\" is there twice"), "{err}");
        let junk = dir.path().join("junk.tar.gz");
        std::fs::write(&junk, b"not gzip at all").unwrap();
        let err = unpack(&junk, &dir.path().join("junk")).unwrap_err().to_string();
        assert!(err.contains("cannot be read as a .tar.gz"), "{err}");
    }
}
