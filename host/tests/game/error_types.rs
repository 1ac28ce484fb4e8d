//! Errors have types (ARCHITECTURE.md, "Cross-cutting / Errors"): no
//! `Result<_, String>` in the code the game, its plugins, the examples,
//! the template and xtask are built from (tests aside), and `anyhow` only at
//! the top of the binary, `host/src/main.rs`. Read from the sources: a
//! comment or a string that names them does not count.

use std::path::{Path, PathBuf};

/// Where the shipped code is, from the repository's root.
const SOURCES: [&str; 7] = ["api/src", "host/src", "host/engine/src", "plugins", "examples", "templates", "xtask/src"];

/// The one file that may use `anyhow`: the binary's top, where each command's
/// error is printed.
const ANYHOW_AT: &str = "host/src/main.rs";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("host is inside the repository").to_path_buf()
}

/// Every `.rs` file under `dir` but build output, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text with comments, and the insides of strings and character
/// literals, turned to spaces (lines kept), so that only code is left.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !word_before(&chars, i) {
            // A raw string: r"..." or r#"..."#.
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let open = i + 2 + hashes;
            out.push('"');
            let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            let mut j = open;
            while j < chars.len() && !chars[j..].starts_with(&close) {
                j += 1;
            }
            out.extend(std::iter::repeat_n(' ', hashes + 1));
            out.extend(chars[open..j.min(chars.len())].iter().map(|&c| blank(c)));
            out.push('"');
            out.extend(std::iter::repeat_n(' ', hashes));
            i = j + 1 + hashes;
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let step = if chars[i] == '\\' { 2 } else { 1 };
                for k in 0..step {
                    if let Some(&c) = chars.get(i + k) {
                        out.push(blank(c));
                    }
                }
                i += step;
            }
            out.push('"');
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            // An escaped character: '\n', '\'', '\u{7f}'.
            let end = chars[i + 3..].iter().position(|&c| c == '\'').map_or(chars.len(), |p| i + 4 + p);
            out.push_str("' '");
            i = end;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether the character before `i` continues a word (`for` in `r"..."` is not a raw string's `r`).
fn word_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The code of a file without its `#[cfg(test)]` items; the files of
/// `#[cfg(test)] mod NAME;` are added to `test_files`.
fn without_tests(path: &Path, code: &str, test_files: &mut Vec<PathBuf>) -> String {
    const MARK: &str = "#[cfg(test)]";
    let mut out = code.to_string();
    let mut from = 0;
    while let Some(found) = out[from..].find(MARK) {
        let start = from + found;
        let after = start + MARK.len();
        let end_of_head = out[after..].find(['{', ';']).map_or(out.len(), |p| after + p);
        let end = if out[end_of_head..].starts_with(';') {
            let head = &out[after..end_of_head];
            if let Some(name) = head.split_whitespace().skip_while(|w| *w != "mod").nth(1) {
                let dir = module_dir(path);
                test_files.push(dir.join(format!("{name}.rs")));
                test_files.push(dir.join(name).join("mod.rs"));
            }
            end_of_head + 1
        } else {
            matching_brace(&out, end_of_head)
        };
        let blanked: String = out[start..end].chars().map(|c| if c == '\n' { '\n' } else { ' ' }).collect();
        out.replace_range(start..end, &blanked);
        from = end;
    }
    out
}

/// Where a file's child modules live: beside a `mod.rs`, `lib.rs` or
/// `main.rs`, in a folder named after any other file.
fn module_dir(path: &Path) -> PathBuf {
    let parent = path.parent().expect("a file is in a folder");
    match path.file_stem().and_then(|s| s.to_str()) {
        Some("mod" | "lib" | "main") => parent.to_path_buf(),
        Some(stem) => parent.join(stem),
        None => parent.to_path_buf(),
    }
}

/// Just past the `}` that closes the `{` at `open` (code only: no strings or comments).
fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// Each `Result<..., E>` whose error type `E` is text, with its line.
fn text_errors(code: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("Result<") {
        let start = from + at;
        from = start + "Result<".len();
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue; // PluginResult<...>, RResult<...>
        }
        let (mut depth, mut args, mut arg) = (1, Vec::new(), String::new());
        for (i, c) in code[from..].char_indices() {
            match c {
                '<' | '(' | '[' => depth += 1,
                '>' if code[..from + i].ends_with('-') => {}
                '>' | ')' | ']' => depth -= 1,
                ';' | '{' => break,
                _ => {}
            }
            if depth == 0 {
                args.push(std::mem::take(&mut arg));
                break;
            }
            if c == ',' && depth == 1 {
                args.push(std::mem::take(&mut arg));
            } else {
                arg.push(c);
            }
        }
        let error = args.last().filter(|_| args.len() == 2).map(|e| e.split_whitespace().collect::<String>());
        if let Some(error) = error {
            if matches!(error.as_str(), "String" | "std::string::String" | "&str" | "&'staticstr") {
                let line = code[..start].matches('\n').count() + 1;
                let text: String = code[start..from].to_string() + &args.join(",");
                found.push((line, text.split_whitespace().collect::<Vec<_>>().join(" ") + ">"));
            }
        }
    }
    found
}

/// What the test reads: each shipped source file's code, tests left out.
fn shipped_code() -> Vec<(String, String)> {
    let root = root();
    let mut files = Vec::new();
    for dir in SOURCES {
        rust_files(&root.join(dir), &mut files);
    }
    let mut test_files = Vec::new();
    let mut code = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        code.push((path.clone(), without_tests(path, &code_only(&text), &mut test_files)));
    }
    let is_test = |p: &Path| {
        test_files.iter().any(|t| t == p)
            || p.components().any(|c| c.as_os_str() == "tests" || c.as_os_str() == "benches")
    };
    code.into_iter()
        .filter(|(path, _)| !is_test(path))
        .map(|(path, code)| {
            let name = path.strip_prefix(&root).expect("under the root").to_string_lossy().replace('\\', "/");
            (name, code)
        })
        .collect()
}

#[test]
fn no_shipped_code_has_an_error_of_plain_text() {
    let code = shipped_code();
    assert!(code.len() > 100, "the sources were read ({} files)", code.len());
    let mut wrong = Vec::new();
    for (file, text) in &code {
        wrong.extend(text_errors(text).iter().map(|(line, t)| format!("{file}:{line}: {t}")));
    }
    assert!(
        wrong.is_empty(),
        "errors as plain text (give them a thiserror enum, ARCHITECTURE.md \"Errors\"):\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn anyhow_is_only_at_the_top_of_the_binary() {
    let mut wrong = Vec::new();
    for (file, text) in shipped_code() {
        if file == ANYHOW_AT {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            if line.contains("anyhow") {
                wrong.push(format!("{file}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(wrong.is_empty(), "anyhow below {ANYHOW_AT} (return a thiserror enum instead):\n  {}", wrong.join("\n  "));
}

#[test]
fn the_reader_sees_code_and_not_comments_strings_or_tests() {
    let text = r##"
/// A doc comment: Result<(), String>
fn a() -> Result<u8, String> { let s = "Result<(), String> {"; let c = '{'; Ok(1) }
fn b() -> Result<Box<dyn Fn() -> u8>, &'static str> { Err(r#"}"#) }
fn c() -> io::Result<String> { Ok(String::new()) }
fn d() -> PluginResult<String> { Ok(String::new()) }
#[cfg(test)]
mod tests {
    fn e() -> Result<(), String> { if true { Ok(()) } else { Err("}".into()) } }
}
fn f() -> Vec<Result<(), String>> { anyhow() }
#[cfg(test)]
mod more;
"##;
    let mut test_files = Vec::new();
    let code = without_tests(Path::new("x/lib.rs"), &code_only(text), &mut test_files);
    let found: Vec<usize> = text_errors(&code).into_iter().map(|(line, _)| line).collect();
    assert_eq!(found, [3, 4, 11], "{code}");
    assert!(test_files.contains(&PathBuf::from("x/more.rs")), "{test_files:?}");
    assert_eq!(code.lines().filter(|l| l.contains("anyhow")).count(), 1);
}
