//! Looking at a plugin file before the dynamic loader may: a regular file
//! within the size limit, an ELF shared object for this machine, whose
//! headers and segments all lie inside the file (a cut-short library, once
//! mapped, would crash the game with SIGBUS rather than fail to load). The
//! headers are read with `object`, never by mapping the file.

use std::path::Path;

use crate::data::untrusted::{self, limits, InputError};

/// The most memory a plugin's segments may ask for.
const MOST_MEMORY: u64 = 1 << 30;

/// Why a file is not a library this game may open.
#[derive(Debug, thiserror::Error)]
pub enum ElfError {
    /// The file could not be read (not a regular file, too large).
    #[error(transparent)]
    Read(#[from] InputError),
    /// Its headers do not parse as an object file.
    #[error("not a shared library ({0})")]
    Unreadable(object::read::Error),
    /// An object file, but not a shared library (`executable`, `relocatable`...).
    #[error("not a shared library but {kind}")]
    NotShared {
        /// Its kind, as `object` names it, in lower case.
        kind: String,
    },
    /// Built for another machine.
    #[error("built for {found:?}, not for this machine ({})", std::env::consts::ARCH)]
    OtherMachine {
        /// The machine it was built for.
        found: object::Architecture,
    },
    /// A segment or section reaches past the end of the file.
    #[error("cut short: its headers reach past its {len} bytes")]
    CutShort {
        /// The file's length.
        len: u64,
    },
    /// The program headers are not what a linker writes.
    #[error("damaged program headers: {0}")]
    ProgramHeaders(#[from] BadSegments),
}

/// What is wrong with a library's program headers.
#[derive(Debug, thiserror::Error)]
pub enum BadSegments {
    /// No loadable segment.
    #[error("nothing to load")]
    NothingToLoad,
    /// A loadable segment's offset and address disagree modulo its alignment.
    #[error("segment {0} is not aligned")]
    NotAligned(usize),
    /// A loadable segment asks for more memory than its bytes (and is not
    /// writable), less, or more than any plugin needs.
    #[error("segment {index} asks for {memory} bytes of memory for {file} in the file")]
    Memory {
        /// Which loadable segment.
        index: usize,
        /// Its size in memory.
        memory: u64,
        /// Its size in the file.
        file: u64,
    },
    /// Loadable segments out of order or overlapping.
    #[error("segment {0} overlaps the one before it")]
    Overlaps(usize),
    /// A loadable segment ends past the end of the address space.
    #[error("segment {0} wraps")]
    Wraps(usize),
    /// The loadable segments together span too much memory.
    #[error("its segments span {0} bytes of memory")]
    Span(u64),
    /// Another segment (TLS, dynamic, notes) reaches past the file or asks for too much.
    #[error("a segment of type {0:#x} is out of bounds")]
    OutOfBounds(u32),
    /// Another segment is not inside a loadable one, at the same place in the file as in memory.
    #[error("a segment of type {0:#x} lies outside what is loaded")]
    Outside(u32),
}

/// Checks the plugin file at `path` (see the module's docs).
pub fn check_library(path: &Path) -> Result<(), ElfError> {
    let bytes = untrusted::read_bytes(path, "plugin", limits::PLUGIN)?;
    check_bytes(&bytes)
}

/// Checks a plugin file's bytes: an ELF shared object for this machine,
/// every header and segment inside them.
pub fn check_bytes(bytes: &[u8]) -> Result<(), ElfError> {
    use object::{Object, ObjectKind, ObjectSection, ObjectSegment};
    let file = object::File::parse(bytes).map_err(ElfError::Unreadable)?;
    if file.kind() != ObjectKind::Dynamic {
        return Err(ElfError::NotShared { kind: format!("{:?}", file.kind()).to_lowercase() });
    }
    let wanted = host_architecture();
    if wanted.is_some() && Some(file.architecture()) != wanted {
        return Err(ElfError::OtherMachine { found: file.architecture() });
    }
    let len = bytes.len() as u64;
    let outside =
        |range: Option<(u64, u64)>| range.is_some_and(|(at, size)| at.checked_add(size).is_none_or(|end| end > len));
    let cut =
        file.segments().any(|s| outside(Some(s.file_range()))) || file.sections().any(|s| outside(s.file_range()));
    if cut {
        return Err(ElfError::CutShort { len });
    }
    if let object::File::Elf64(elf) = &file {
        check_program_headers(elf, len)?;
    }
    Ok(())
}

/// The program headers the dynamic loader maps by, held to what a linker
/// writes: loadable segments in order, aligned, no larger in memory than
/// the file unless writable (zeroed data), within a sane size; and every
/// other segment (TLS, dynamic, notes) inside a loadable one, at the same
/// place in the file as in memory. A damaged header here can make the
/// loader map garbage that crashes the game only some of the time.
fn check_program_headers(elf: &object::read::elf::ElfFile64<'_>, len: u64) -> Result<(), BadSegments> {
    use object::elf::{PF_W, PT_DYNAMIC, PT_GNU_EH_FRAME, PT_LOAD, PT_NOTE, PT_PHDR, PT_TLS};
    use object::read::elf::ProgramHeader;
    let endian = elf.endian();
    let headers = elf.elf_program_headers();
    let loads: Vec<_> = headers.iter().filter(|h| h.p_type(endian) == PT_LOAD).collect();
    if loads.is_empty() {
        return Err(BadSegments::NothingToLoad);
    }
    let mut last_end = 0u64;
    for (i, h) in loads.iter().enumerate() {
        let (offset, vaddr) = (h.p_offset(endian), h.p_vaddr(endian));
        let (filesz, memsz, align) = (h.p_filesz(endian), h.p_memsz(endian), h.p_align(endian));
        if !align.is_power_of_two() || offset % align != vaddr % align {
            return Err(BadSegments::NotAligned(i));
        }
        let writable = h.p_flags(endian) & PF_W != 0;
        if memsz < filesz || (memsz > filesz && !writable) || memsz > MOST_MEMORY {
            return Err(BadSegments::Memory { index: i, memory: memsz, file: filesz });
        }
        if vaddr < last_end {
            return Err(BadSegments::Overlaps(i));
        }
        last_end = vaddr.checked_add(memsz).ok_or(BadSegments::Wraps(i))?;
    }
    if last_end > MOST_MEMORY {
        return Err(BadSegments::Span(last_end));
    }
    for h in
        headers.iter().filter(|h| [PT_TLS, PT_DYNAMIC, PT_GNU_EH_FRAME, PT_NOTE, PT_PHDR].contains(&h.p_type(endian)))
    {
        let (offset, vaddr, filesz) = (h.p_offset(endian), h.p_vaddr(endian), h.p_filesz(endian));
        if h.p_memsz(endian) < filesz || h.p_memsz(endian) > MOST_MEMORY || offset.saturating_add(filesz) > len {
            return Err(BadSegments::OutOfBounds(h.p_type(endian)));
        }
        let inside = loads.iter().any(|l| {
            let (lo, lv, lf) = (l.p_offset(endian), l.p_vaddr(endian), l.p_filesz(endian));
            offset >= lo
                && offset.saturating_add(filesz) <= lo.saturating_add(lf)
                && vaddr.checked_sub(lv) == Some(offset - lo)
        });
        if !inside {
            return Err(BadSegments::Outside(h.p_type(endian)));
        }
    }
    Ok(())
}

/// The architecture this game was built for, as the `object` crate names it.
fn host_architecture() -> Option<object::Architecture> {
    use object::Architecture::*;
    Some(match std::env::consts::ARCH {
        "x86_64" => X86_64,
        "aarch64" => Aarch64,
        "x86" => I386,
        "arm" => Arm,
        "riscv64" => Riscv64,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use object::elf::{EM_AARCH64, EM_X86_64, ET_DYN, ET_EXEC, PF_R, PF_W, PT_DYNAMIC, PT_LOAD};

    use super::*;

    /// This machine's ELF `e_machine`, and another one's.
    const HERE: u16 = if cfg!(target_arch = "aarch64") { EM_AARCH64 } else { EM_X86_64 };
    const ELSEWHERE: u16 = if cfg!(target_arch = "aarch64") { EM_X86_64 } else { EM_AARCH64 };

    /// One program header: type, flags, offset, address, size in the file, in memory, alignment.
    #[derive(Clone, Copy)]
    struct Segment {
        kind: u32,
        flags: u32,
        offset: u64,
        vaddr: u64,
        filesz: u64,
        memsz: u64,
        align: u64,
    }

    /// A loadable segment: `size` bytes at `at` in the file and in memory, read-only.
    fn load(at: u64, size: u64) -> Segment {
        Segment { kind: PT_LOAD, flags: PF_R, offset: at, vaddr: at, filesz: size, memsz: size, align: 0x1000 }
    }

    /// A little-endian ELF64 file of `len` bytes: the 64-byte header, then
    /// the program headers, then zeros; no section headers.
    fn elf(e_type: u16, machine: u16, segments: &[Segment], len: usize) -> Vec<u8> {
        let mut b = vec![0u8; len.max(64 + 56 * segments.len())];
        b[..4].copy_from_slice(b"\x7fELF");
        b[4] = 2; // 64-bit
        b[5] = 1; // little-endian
        b[6] = 1; // version
        b[16..18].copy_from_slice(&e_type.to_le_bytes());
        b[18..20].copy_from_slice(&machine.to_le_bytes());
        b[20..24].copy_from_slice(&1u32.to_le_bytes());
        b[32..40].copy_from_slice(&64u64.to_le_bytes()); // e_phoff
        b[52..54].copy_from_slice(&64u16.to_le_bytes()); // e_ehsize
        b[54..56].copy_from_slice(&56u16.to_le_bytes()); // e_phentsize
        b[56..58].copy_from_slice(&(segments.len() as u16).to_le_bytes());
        b[58..60].copy_from_slice(&64u16.to_le_bytes()); // e_shentsize
        for (i, s) in segments.iter().enumerate() {
            let at = 64 + 56 * i;
            let fields = [s.offset, s.vaddr, s.vaddr, s.filesz, s.memsz, s.align];
            b[at..at + 4].copy_from_slice(&s.kind.to_le_bytes());
            b[at + 4..at + 8].copy_from_slice(&s.flags.to_le_bytes());
            for (j, f) in fields.iter().enumerate() {
                b[at + 8 + 8 * j..at + 16 + 8 * j].copy_from_slice(&f.to_le_bytes());
            }
        }
        b
    }

    /// A library as a linker would write it: one segment loading the whole file.
    fn good() -> Vec<u8> {
        elf(ET_DYN, HERE, &[load(0, 4096)], 4096)
    }

    fn refusal(bytes: &[u8]) -> String {
        check_bytes(bytes).expect_err("refused").to_string()
    }

    #[test]
    fn a_library_as_a_linker_writes_it_passes() {
        check_bytes(&good()).expect("a sound library");
        // Writable data may ask for more memory than its bytes (zeroed), after the code.
        let data = Segment { flags: PF_R | PF_W, memsz: 8192, ..load(4096, 4096) };
        let dynamic = Segment { kind: PT_DYNAMIC, flags: PF_R | PF_W, ..load(4096, 256) };
        check_bytes(&elf(ET_DYN, HERE, &[load(0, 4096), data, dynamic], 8192)).expect("code, data and dynamic");
    }

    #[test]
    fn a_truncated_header_is_not_a_shared_library() {
        let good = good();
        for cut in [0, 3, 16, 40, 63] {
            let err = refusal(&good[..cut]);
            assert!(err.starts_with("not a shared library ("), "{cut} bytes: {err}");
        }
        assert!(refusal(b"\x7fELF cut short by a linker that died").starts_with("not a shared library ("));
    }

    #[test]
    fn an_executable_or_another_machine_is_refused_by_name() {
        assert_eq!(refusal(&elf(ET_EXEC, HERE, &[load(0, 4096)], 4096)), "not a shared library but executable");
        let err = refusal(&elf(ET_DYN, ELSEWHERE, &[load(0, 4096)], 4096));
        let theirs = if ELSEWHERE == EM_AARCH64 { "Aarch64" } else { "X86_64" };
        assert_eq!(err, format!("built for {theirs}, not for this machine ({})", std::env::consts::ARCH));
    }

    #[test]
    fn program_headers_past_the_end_are_refused() {
        // The table of program headers itself reaches past the file.
        let mut short = good();
        short[56..58].copy_from_slice(&200u16.to_le_bytes());
        assert!(refusal(&short).starts_with("not a shared library ("), "{}", refusal(&short));
        // A segment whose bytes reach past the file.
        assert_eq!(
            refusal(&elf(ET_DYN, HERE, &[load(0, 8192)], 4096)),
            "cut short: its headers reach past its 4096 bytes"
        );
        let wrapping = Segment { offset: u64::MAX - 10, ..load(0, 4096) };
        assert_eq!(refusal(&elf(ET_DYN, HERE, &[wrapping], 4096)), "cut short: its headers reach past its 4096 bytes");
    }

    #[test]
    fn damaged_program_headers_are_named() {
        let cases: [(&[Segment], &str); 8] = [
            (&[], "nothing to load"),
            (&[Segment { align: 3, ..load(0, 4096) }], "segment 0 is not aligned"),
            (&[Segment { vaddr: 8, ..load(0, 4096) }], "segment 0 is not aligned"),
            (
                &[Segment { memsz: 8192, ..load(0, 4096) }],
                "segment 0 asks for 8192 bytes of memory for 4096 in the file",
            ),
            (&[load(0, 4096), load(0, 4096)], "segment 1 overlaps the one before it"),
            (&[Segment { vaddr: u64::MAX - 4095, ..load(0, 4096) }], "segment 0 wraps"),
            (&[Segment { vaddr: 2 << 30, ..load(0, 4096) }], "its segments span 2147487744 bytes of memory"),
            (
                &[load(0, 2048), Segment { kind: PT_DYNAMIC, ..load(3072, 256) }],
                "a segment of type 0x2 lies outside what is loaded",
            ),
        ];
        for (segments, wanted) in cases {
            let err = refusal(&elf(ET_DYN, HERE, segments, 4096));
            assert_eq!(err, format!("damaged program headers: {wanted}"));
        }
        let huge = Segment { kind: PT_DYNAMIC, memsz: 2 << 30, ..load(0, 256) };
        let err = refusal(&elf(ET_DYN, HERE, &[load(0, 4096), huge], 4096));
        assert_eq!(err, "damaged program headers: a segment of type 0x2 is out of bounds");
    }

    #[test]
    fn a_file_is_read_as_untrusted_input_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("libgood.so");
        std::fs::write(&path, good()).unwrap();
        check_library(&path).expect("the file passes as its bytes do");
        let err = check_library(dir.path()).unwrap_err();
        assert!(matches!(err, ElfError::Read(_)), "a folder is not read: {err:?}");
    }
}
