//! Unpacking a package's `.tar.gz`, which is not trusted: every entry a
//! plain file or folder under the folder it is unpacked into (no `..`, no
//! absolute path, no link), at most [`MOST_ENTRIES`] of them and
//! [`MOST_BYTES`] read from the decompressed stream in all, so no archive
//! can write outside its folder, fill the disk or the memory, or hang.
//! The archive is read to its last byte: after the tar's end only zeros,
//! and every gzip member's trailer (its CRC-32 and length) checked, so a
//! damaged archive is refused rather than unpacked into damaged files.
//! Each refusal names the archive and, when it is about one, the entry as
//! the archive has it (`x.tar.gz: blink/doc: why`).

use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use emberdeep_engine::data::untrusted;

/// The most entries a package's archive may hold.
pub const MOST_ENTRIES: usize = 4096;
/// The most bytes read from a package's decompressed archive, headers and all.
pub const MOST_BYTES: u64 = 512 << 20;
/// The most characters of an entry's path a message shows.
const SHOWN_ENTRY: usize = 200;

/// Why an archive was refused; nothing it held is to be used.
#[derive(Debug, thiserror::Error)]
pub enum TarballError {
    /// The archive cannot be opened or read (not gzip, not tar, cut short).
    #[error("{archive}: {}cannot be read as a .tar.gz: {reason}", at(.entry), archive = .archive.display())]
    Unreadable {
        /// The archive.
        archive: PathBuf,
        /// The entry being read, as shown, if one was.
        entry: Option<String>,
        /// Why, in one line.
        reason: String,
    },
    /// A gzip trailer's checksum or length is not what the archive holds.
    #[error(
        "{archive}: its gzip checksum (the CRC-32 and length in its trailer) does not match what it holds: the archive is damaged",
        archive = .archive.display()
    )]
    Damaged {
        /// The archive.
        archive: PathBuf,
    },
    /// Bytes other than zeros after the tar's end.
    #[error("{archive}: holds {count} bytes that are not zeros after the tar's end; a package's archive ends with its tar", archive = .archive.display())]
    AfterTheEnd {
        /// The archive.
        archive: PathBuf,
        /// How many of its bytes after the end are not zeros.
        count: u64,
    },
    /// An entry whose path leaves the package's folder or is no plain path.
    #[error("{archive}: {entry}: {why}; a package's paths stay inside it", archive = .archive.display())]
    Escapes {
        /// The archive.
        archive: PathBuf,
        /// The entry's path, as shown.
        entry: String,
        /// What is wrong with it.
        why: PathProblem,
    },
    /// An entry that is neither a plain file nor a folder.
    #[error("{archive}: {entry}: is {kind}; a package holds only files and folders", archive = .archive.display())]
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
    #[error("{archive}: {entry}: is there twice", archive = .archive.display())]
    Twice {
        /// The archive.
        archive: PathBuf,
        /// The entry's path, as shown.
        entry: String,
    },
    /// An entry could not be written where it is unpacked (a name too
    /// long, a file where its folder should be, the disk full).
    #[error("{archive}: {entry}: cannot be unpacked: {error}", archive = .archive.display())]
    Write {
        /// The archive.
        archive: PathBuf,
        /// The entry's path, as shown.
        entry: String,
        /// Why, in one line.
        error: String,
    },
    /// The folder to unpack into could not be made.
    #[error("cannot unpack into {dir}: {error}", dir = .dir.display())]
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Why, in one line.
        error: String,
    },
}

/// `"ENTRY: "` before a message about one entry, nothing otherwise.
fn at(entry: &Option<String>) -> String {
    entry.as_ref().map_or_else(String::new, |e| format!("{e}: "))
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

/// Entry text shown in a message: one line, capped; `""` for an empty one.
fn shown(path: &[u8]) -> String {
    match untrusted::shown(&String::from_utf8_lossy(path), SHOWN_ENTRY) {
        empty if empty.is_empty() => "\"\"".to_string(),
        text => text,
    }
}

/// An error's message and those of its causes, each once, in one line.
fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut said: Vec<String> = Vec::new();
    let mut next = Some(error);
    while let Some(e) = next {
        let text = e.to_string();
        if !said.iter().any(|s| s.contains(&text)) {
            said.push(text);
        }
        next = e.source();
    }
    untrusted::shown(&said.join(": "), 300)
}

/// Whether a read failed on a gzip trailer's (or header's) checksum.
fn checksum_failed(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(e) = next {
        // flate2's words for a trailer (CRC-32, length) or header CRC that does not match.
        if e.to_string().contains("does not have a matching checksum") {
            return true;
        }
        next = e.source();
    }
    false
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
/// refusing it whole at the first entry that breaks a rule, and, once the
/// tar has ended, unless the rest of the archive is zeros to the end of its
/// gzip stream and every checksum holds. A folder entry of `.` alone (the
/// first entry of `tar -C DIR -czf x.tar.gz .`) is the folder itself. On an
/// error, what was unpacked is left in `into` for the caller to remove.
pub fn unpack(archive: &Path, into: &Path) -> Result<(), TarballError> {
    let reading = |entry: Option<&[u8]>, e: &std::io::Error| {
        if checksum_failed(e) {
            TarballError::Damaged { archive: archive.to_path_buf() }
        } else {
            TarballError::Unreadable { archive: archive.to_path_buf(), entry: entry.map(shown), reason: chain(e) }
        }
    };
    let file = std::fs::File::open(archive).map_err(|e| reading(None, &e))?;
    std::fs::create_dir_all(into)
        .map_err(|e| TarballError::Folder { dir: into.to_path_buf(), error: e.to_string() })?;
    // Every member of the gzip stream, each trailer checked; the bound holds
    // whatever tar reads: headers, long names, data, the rest after its end.
    let gzip = flate2::bufread::MultiGzDecoder::new(std::io::BufReader::new(file));
    let mut tar = tar::Archive::new(gzip.take(MOST_BYTES + 1));
    let too_large = |what: String| TarballError::TooLarge { archive: archive.to_path_buf(), what };
    let mut written: u64 = 0;
    let mut buffer = vec![0u8; 64 * 1024];
    for (count, entry) in tar.entries().map_err(|e| reading(None, &e))?.enumerate() {
        if count >= MOST_ENTRIES {
            return Err(too_large(format!("{MOST_ENTRIES} entries")));
        }
        let mut entry = entry.map_err(|e| reading(None, &e))?;
        let raw = entry.path_bytes().into_owned();
        let kind = entry.header().entry_type();
        let path = match plain_path(&raw) {
            Ok(path) => path,
            // `./`: the package's own folder, there already.
            Err(PathProblem::NoFile) if kind.is_dir() => continue,
            Err(why) => return Err(TarballError::Escapes { archive: archive.to_path_buf(), entry: shown(&raw), why }),
        };
        let target = into.join(&path);
        let write = |e: std::io::Error| TarballError::Write {
            archive: archive.to_path_buf(),
            entry: shown(&raw),
            error: e.to_string(),
        };
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
        let size = entry.header().size().map_err(|e| reading(Some(&raw), &e))?;
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
        let mut left = size;
        while left > 0 {
            let want = buffer.len().min(usize::try_from(left).unwrap_or(usize::MAX));
            let got = entry.read(&mut buffer[..want]).map_err(|e| reading(Some(&raw), &e))?;
            if got == 0 {
                return Err(reading(Some(&raw), &std::io::ErrorKind::UnexpectedEof.into()));
            }
            out.write_all(&buffer[..got]).map_err(write)?;
            left -= got as u64;
        }
    }
    // The tar has ended: what is left of the stream must be zeros (the end's
    // second block, the padding), read to the gzip stream's end, where its
    // trailer is checked.
    let mut rest = tar.into_inner();
    let mut not_zeros = 0u64;
    loop {
        let got = rest.read(&mut buffer).map_err(|e| reading(None, &e))?;
        if got == 0 {
            break;
        }
        not_zeros += buffer[..got].iter().filter(|b| **b != 0).count() as u64;
    }
    if rest.limit() == 0 {
        return Err(too_large(format!("{} MiB", MOST_BYTES >> 20)));
    }
    if not_zeros > 0 {
        return Err(TarballError::AfterTheEnd { archive: archive.to_path_buf(), count: not_zeros });
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
        archive_at(dir, name, entries, flate2::Compression::fast())
    }

    /// [`archive`], compressed at `level` (`none`: the data stored as it is).
    fn archive_at(
        dir: &Path,
        name: &str,
        entries: &[(&[u8], tar::EntryType, &[u8])],
        level: flate2::Compression,
    ) -> PathBuf {
        let path = dir.join(name);
        let gz = flate2::write::GzEncoder::new(std::fs::File::create(&path).unwrap(), level);
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
        assert!(err.ends_with(": ./a: is there twice"), "{err}");
        let junk = dir.path().join("junk.tar.gz");
        std::fs::write(&junk, b"not gzip at all").unwrap();
        let err = unpack(&junk, &dir.path().join("junk")).unwrap_err().to_string();
        assert!(err.contains("cannot be read as a .tar.gz"), "{err}");
    }

    #[test]
    fn a_bit_flipped_in_the_data_or_the_trailer_is_refused_naming_the_checksum() {
        let dir = tempfile::tempdir().unwrap();
        let library: Vec<u8> = (0..4000u32).map(|i| (i * 7 % 251) as u8).collect();
        let entries: [(&[u8], tar::EntryType, &[u8]); 2] =
            [(b"p/libp.so", FILE, &library), (b"p/data/p/items.toml", FILE, b"[[item]]\n")];
        // Stored, not compressed: a flip in the data still decompresses,
        // into a library one bit wrong, which only the checksum can tell.
        let good = std::fs::read(archive_at(dir.path(), "good.tar.gz", &entries, flate2::Compression::none())).unwrap();
        let in_data = good.windows(16).position(|w| w == &library[..16]).expect("the library's bytes are there") + 100;
        let trailer = good.len() - 8;
        for (i, at) in [in_data, trailer, trailer + 3, good.len() - 4, good.len() - 1].into_iter().enumerate() {
            let mut bytes = good.clone();
            bytes[at] ^= 0x10;
            let flipped = dir.path().join(format!("flipped{i}.tar.gz"));
            std::fs::write(&flipped, &bytes).unwrap();
            let err = unpack(&flipped, &dir.path().join(format!("flipped{i}"))).unwrap_err().to_string();
            assert!(err.starts_with(&flipped.display().to_string()), "names the archive: {err}");
            assert!(err.contains("its gzip checksum (the CRC-32 and length in its trailer) does not match"), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
        let same = dir.path().join("same.tar.gz");
        std::fs::write(&same, &good).unwrap();
        unpack(&same, &dir.path().join("same")).unwrap();
        assert_eq!(std::fs::read(dir.path().join("same/p/libp.so")).unwrap(), library);
    }

    #[test]
    fn bytes_after_the_gzip_stream_or_after_the_tars_end_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let good = std::fs::read(archive(dir.path(), "good.tar.gz", &[(b"p/libp.so", FILE, b"elf")])).unwrap();
        let mut junk = good.clone();
        junk.extend_from_slice(b"and then some words");
        let after = dir.path().join("after.tar.gz");
        std::fs::write(&after, &junk).unwrap();
        let err = unpack(&after, &dir.path().join("after")).unwrap_err().to_string();
        assert!(err.contains("cannot be read as a .tar.gz"), "{err}");
        // A tar followed, inside the gzip stream, by what is not zeros.
        let mut tar_bytes = Vec::new();
        flate2::read::GzDecoder::new(&good[..]).read_to_end(&mut tar_bytes).unwrap();
        tar_bytes.extend_from_slice(b"hidden");
        let padded = dir.path().join("padded.tar.gz");
        let mut gz =
            flate2::write::GzEncoder::new(std::fs::File::create(&padded).unwrap(), flate2::Compression::fast());
        gz.write_all(&tar_bytes).unwrap();
        gz.finish().unwrap();
        let err = unpack(&padded, &dir.path().join("padded")).unwrap_err().to_string();
        assert!(
            err.ends_with(
                "holds 6 bytes that are not zeros after the tar's end; a package's archive ends with its tar"
            ),
            "{err}"
        );
    }

    #[test]
    fn a_first_entry_of_dot_is_the_folder_itself() {
        let dir = tempfile::tempdir().unwrap();
        let a = archive(
            dir.path(),
            "dot.tar.gz",
            &[
                (b"./", tar::EntryType::Directory, b""),
                (b"./libp.so", FILE, b"elf"),
                (b".", tar::EntryType::Directory, b""),
            ],
        );
        let into = dir.path().join("out");
        unpack(&a, &into).unwrap();
        assert_eq!(std::fs::read(into.join("libp.so")).unwrap(), b"elf");
        // A file that names no file is still refused.
        let a = archive(dir.path(), "dotfile.tar.gz", &[(b"./", FILE, b"x")]);
        let err = unpack(&a, &dir.path().join("dotfile")).unwrap_err().to_string();
        assert!(err.contains(": ./: names no file"), "{err}");
    }

    #[test]
    fn an_entry_that_cannot_be_written_is_named_as_the_archive_has_it_and_the_reason_said_once() {
        let dir = tempfile::tempdir().unwrap();
        let a = archive(dir.path(), "clash.tar.gz", &[(b"p/doc", FILE, b"words"), (b"p/doc/more", FILE, b"x")]);
        let into = dir.path().join("hidden-staging");
        let err = unpack(&a, &into).unwrap_err().to_string();
        assert!(err.starts_with(&format!("{}: p/doc/more: cannot be unpacked: ", a.display())), "{err}");
        assert!(!err.contains("hidden-staging"), "the folder it was unpacked into is not the player's business: {err}");
        let reason = err.rsplit(": cannot be unpacked: ").next().unwrap();
        assert_eq!(err.matches(reason).count(), 1, "said once: {err}");
    }
}
