//! Looking at a plugin file before the dynamic loader may: a regular file
//! within the size limit, an ELF shared object for this machine, whose
//! headers and segments all lie inside the file (a cut-short library, once
//! mapped, would crash the game with SIGBUS rather than fail to load), with
//! no segment of a type a library for this machine does not have, and
//! whose dynamic section points only into what is loaded: its tables, and
//! every place its relocations write (a loadable segment whose type was
//! changed would leave the data the relocations write into unmapped, and
//! the dynamic loader would crash the game). The headers are read with
//! `object`, never by mapping the file.

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
    /// A segment of a type no library for this machine has.
    #[error("a segment of type {0:#x}, which no library for this machine has")]
    UnknownType(u32),
    /// More than one dynamic section.
    #[error("more than one dynamic section")]
    TwoDynamic,
    /// An entry of the dynamic section points outside what is loaded
    /// (with its size, for a table), or the section runs on without an end.
    #[error("the dynamic section's entry of tag {0:#x} points outside what is loaded")]
    DynamicOutside(u64),
    /// A relocation would write outside what is loaded.
    #[error("a relocation writes at {0:#x}, outside what is loaded")]
    RelocationOutside(u64),
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
        check_dynamic(elf, bytes)?;
    }
    Ok(())
}

/// The segment types a library for this machine may have: those linkers
/// write (loadable, dynamic, notes, TLS, the program headers, and GNU's
/// stack, read-only-after-relocation, unwind table, properties and SFrame)
/// and this machine's own.
fn known_segment_type(kind: u32) -> bool {
    use object::elf::{
        PT_DYNAMIC, PT_GNU_EH_FRAME, PT_GNU_PROPERTY, PT_GNU_RELRO, PT_GNU_STACK, PT_LOAD, PT_NOTE, PT_PHDR, PT_TLS,
    };
    /// GNU's SFrame stack trace table (binutils 2.40 on).
    const PT_GNU_SFRAME: u32 = 0x6474_e554;
    let machine: &[u32] = match std::env::consts::ARCH {
        "arm" => &[object::elf::PT_ARM_EXIDX],
        // Its architecture extensions, its memory tags.
        "aarch64" => &[0x7000_0000, 0x7000_0002],
        "riscv64" => &[0x7000_0003],
        _ => &[],
    };
    [PT_LOAD, PT_DYNAMIC, PT_NOTE, PT_PHDR, PT_TLS, PT_GNU_EH_FRAME, PT_GNU_STACK, PT_GNU_RELRO, PT_GNU_PROPERTY]
        .contains(&kind)
        || kind == PT_GNU_SFRAME
        || machine.contains(&kind)
}

/// The program headers the dynamic loader maps by, held to what a linker
/// writes: no segment of a type it does not know, loadable segments in
/// order, aligned, no larger in memory than the file unless writable
/// (zeroed data), within a sane size; and every other segment (TLS,
/// dynamic, notes, the part made read-only after relocation) inside a
/// loadable one, at the same place in the file as in memory. A damaged
/// header here can make the loader map garbage that crashes the game only
/// some of the time.
fn check_program_headers(elf: &object::read::elf::ElfFile64<'_>, len: u64) -> Result<(), BadSegments> {
    use object::elf::{PF_W, PT_DYNAMIC, PT_GNU_EH_FRAME, PT_GNU_RELRO, PT_LOAD, PT_NOTE, PT_PHDR, PT_TLS};
    use object::read::elf::ProgramHeader;
    let endian = elf.endian();
    let headers = elf.elf_program_headers();
    if let Some(h) = headers.iter().find(|h| !known_segment_type(h.p_type(endian))) {
        return Err(BadSegments::UnknownType(h.p_type(endian)));
    }
    if headers.iter().filter(|h| h.p_type(endian) == PT_DYNAMIC).count() > 1 {
        return Err(BadSegments::TwoDynamic);
    }
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
    let others = [PT_TLS, PT_DYNAMIC, PT_GNU_EH_FRAME, PT_NOTE, PT_PHDR, PT_GNU_RELRO];
    for h in headers.iter().filter(|h| others.contains(&h.p_type(endian))) {
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

/// The loadable segments' ranges: (address in memory, size in memory, offset in the file, size in the file).
fn loaded_ranges(elf: &object::read::elf::ElfFile64<'_>) -> Vec<(u64, u64, u64, u64)> {
    use object::read::elf::ProgramHeader;
    let endian = elf.endian();
    elf.elf_program_headers()
        .iter()
        .filter(|h| h.p_type(endian) == object::elf::PT_LOAD)
        .map(|h| (h.p_vaddr(endian), h.p_memsz(endian), h.p_offset(endian), h.p_filesz(endian)))
        .collect()
}

/// Whether `size` bytes at address `at` lie inside one loadable segment's memory.
fn is_loaded(loads: &[(u64, u64, u64, u64)], at: u64, size: u64) -> bool {
    at.checked_add(size).is_some_and(|end| loads.iter().any(|&(v, m, _, _)| at >= v && end <= v.saturating_add(m)))
}

/// Where in the file `size` bytes at address `at` come from, if they lie
/// inside the file's part of one loadable segment.
fn file_offset(loads: &[(u64, u64, u64, u64)], at: u64, size: u64) -> Option<usize> {
    let end = at.checked_add(size)?;
    let &(v, _, o, _) = loads.iter().find(|&&(v, _, _, f)| at >= v && end <= v.saturating_add(f))?;
    usize::try_from(o.checked_add(at - v)?).ok()
}

/// The dynamic section, held to what the dynamic loader will do with it:
/// it ends (a null entry within its segment), every address it gives lies
/// inside a loadable segment, every table it gives (with its size) inside
/// the file's part of one, and every place a relocation writes (the RELA,
/// REL, PLT and RELR tables) inside a loadable segment. The segments
/// themselves were checked first ([`check_program_headers`]), so the
/// dynamic segment lies inside the file.
fn check_dynamic(elf: &object::read::elf::ElfFile64<'_>, bytes: &[u8]) -> Result<(), BadSegments> {
    use object::elf::*;
    use object::read::elf::ProgramHeader;
    use object::Endian;
    /// The packed relative relocations and their size (glibc 2.36 on).
    const DT_RELRSZ: u32 = 35;
    const DT_RELR: u32 = 36;
    let endian = elf.endian();
    let Some(dynamic) = elf.elf_program_headers().iter().find(|h| h.p_type(endian) == PT_DYNAMIC) else {
        return Ok(());
    };
    let word = |at: usize| -> Option<u64> {
        let b: [u8; 8] = bytes.get(at..at.checked_add(8)?)?.try_into().ok()?;
        Some(endian.read_u64_bytes(b))
    };
    let loads = loaded_ranges(elf);
    let (start, size) = (dynamic.p_offset(endian) as usize, dynamic.p_filesz(endian) as usize);
    let mut entries: Vec<(u64, u64)> = Vec::new();
    let mut ended = false;
    for at in (start..start.saturating_add(size)).step_by(16) {
        let (Some(tag), Some(value)) = (word(at), word(at + 8)) else { break };
        if tag == u64::from(DT_NULL) {
            ended = true;
            break;
        }
        entries.push((tag, value));
    }
    if !ended {
        return Err(BadSegments::DynamicOutside(u64::from(DT_NULL)));
    }
    let value = |tag: u32| entries.iter().find(|(t, _)| *t == u64::from(tag)).map(|&(_, v)| v);
    // Addresses the loader reads or calls on its own.
    for tag in [DT_PLTGOT, DT_HASH, DT_GNU_HASH, DT_SYMTAB, DT_INIT, DT_FINI, DT_VERSYM, DT_VERDEF, DT_VERNEED] {
        if value(tag).is_some_and(|at| !is_loaded(&loads, at, 1)) {
            return Err(BadSegments::DynamicOutside(u64::from(tag)));
        }
    }
    // Tables with their sizes: read from the file.
    let table = |tag: u32, size_tag: u32| -> Result<Option<(usize, u64)>, BadSegments> {
        let Some(at) = value(tag) else { return Ok(None) };
        let size = value(size_tag).unwrap_or(0);
        let offset = file_offset(&loads, at, size).ok_or(BadSegments::DynamicOutside(u64::from(tag)))?;
        Ok(Some((offset, size)))
    };
    for (tag, size_tag) in [
        (DT_STRTAB, DT_STRSZ),
        (DT_INIT_ARRAY, DT_INIT_ARRAYSZ),
        (DT_FINI_ARRAY, DT_FINI_ARRAYSZ),
        (DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ),
    ] {
        table(tag, size_tag)?;
    }
    let writes = |target: u64| {
        if is_loaded(&loads, target, 8) {
            Ok(())
        } else {
            Err(BadSegments::RelocationOutside(target))
        }
    };
    let plt_entry = if value(DT_PLTREL) == Some(u64::from(DT_REL)) { 16 } else { 24 };
    for (tag, size_tag, entry) in
        [(DT_RELA, DT_RELASZ, 24), (DT_REL, DT_RELSZ, 16), (DT_JMPREL, DT_PLTRELSZ, plt_entry)]
    {
        let Some((offset, size)) = table(tag, size_tag)? else { continue };
        for at in (offset..offset + size as usize).step_by(entry) {
            if at + entry <= offset + size as usize {
                writes(word(at).ok_or(BadSegments::DynamicOutside(u64::from(tag)))?)?;
            }
        }
    }
    // RELR: an address, then bitmaps of the words after it that are relocated too.
    if let Some((offset, size)) = table(DT_RELR, DT_RELRSZ)? {
        let mut next = 0u64;
        for at in (offset..offset + size as usize).step_by(8) {
            let Some(entry) = word(at).filter(|_| at + 8 <= offset + size as usize) else { break };
            if entry & 1 == 0 {
                writes(entry)?;
                next = entry.wrapping_add(8);
            } else {
                for bit in 1..64 {
                    if entry >> bit & 1 == 1 {
                        writes(next.wrapping_add((bit - 1) * 8))?;
                    }
                }
                next = next.wrapping_add(63 * 8);
            }
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

    /// A library whose dynamic section (at 1024) gives a RELA table (at
    /// 2048) of one relocation writing at `target`, and `extra` after it.
    fn relocating(target: u64, extra: &[Segment]) -> Vec<u8> {
        let data = Segment { flags: PF_R | PF_W, ..load(0, 4096) };
        let dynamic = Segment { kind: PT_DYNAMIC, flags: PF_R | PF_W, ..load(1024, 64) };
        let mut segments = vec![data, dynamic];
        segments.extend_from_slice(extra);
        let mut b = elf(ET_DYN, HERE, &segments, 4096);
        let words: [(usize, u64); 7] = [
            (1024, u64::from(object::elf::DT_RELA)),
            (1032, 2048),
            (1040, u64::from(object::elf::DT_RELASZ)),
            (1048, 24),
            (1056, 0),
            (2048, target),
            (2056, 8), // R_X86_64_RELATIVE
        ];
        for (at, word) in words {
            b[at..at + 8].copy_from_slice(&word.to_le_bytes());
        }
        b
    }

    #[test]
    fn relocations_write_only_into_what_is_loaded() {
        check_bytes(&relocating(0x100, &[])).expect("a relocation inside its segment");
        let err = refusal(&relocating(0x5000, &[]));
        assert_eq!(err, "damaged program headers: a relocation writes at 0x5000, outside what is loaded");
        // The segment it wrote into made something else (one bit of its type): then it writes outside.
        let gone = Segment { kind: object::elf::PT_NULL, flags: PF_R | PF_W, ..load(4096, 0) };
        let err = refusal(&relocating(0x100, &[gone]));
        assert_eq!(err, "damaged program headers: a segment of type 0x0, which no library for this machine has");
        let mut no_end = relocating(0x100, &[]);
        no_end[1056..1064].copy_from_slice(&7u64.to_le_bytes());
        no_end[1064..1088].fill(1);
        let err = refusal(&no_end);
        assert!(err.starts_with("damaged program headers: the dynamic section's entry of tag "), "{err}");
    }

    #[test]
    fn a_segment_type_no_library_has_is_refused() {
        let odd = Segment { kind: 0x6000_0000, ..load(0, 16) };
        let err = refusal(&elf(ET_DYN, HERE, &[load(0, 4096), odd], 4096));
        assert_eq!(err, "damaged program headers: a segment of type 0x60000000, which no library for this machine has");
        let stack = Segment { kind: object::elf::PT_GNU_STACK, ..load(0, 0) };
        check_bytes(&elf(ET_DYN, HERE, &[load(0, 4096), stack], 4096)).expect("a stack segment is known");
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
