//! The host reads no plugin's private names: no first-party plugin's name,
//! store key, setting, constant or record param appears as a string literal
//! in the host's code (`host/src` and `host/engine/src`, outside tests and
//! comments). What the host needs from a plugin comes through the api (the
//! player's level a plugin declares, an item effect's `gear` and `facts`,
//! a record's `tint`), so renaming a plugin's key cannot silently change the
//! score, the bot or the art.
//!
//! The words are gathered from the plugins themselves, so a new key is
//! checked the day it is written: the folders under `plugins/` and
//! `examples/` (third parties' plugins: their names, keys, settings and
//! constants, but not their record params); in
//! `plugins/*/src`, the string literals (and `&str` constants) handed to
//! `stored`, `setting`, `setting_or`, `store_*`, `item_get*`/`item_set*`/
//! `item_remove` and `player_level`, and every `const NAME: &str` word;
//! in `data/<plugin>/*.toml`, the `params` of its records and its
//! `[settings]`. A word that is also the host's own (a trace field, a
//! record field of the host's schema) is allowed only where [`HOST_WORDS`]
//! says, and no more often.
//!
//! Nothing here runs the game: it reads files, so it runs in the fast loop.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Words the host has of its own that a plugin also uses: the word, the
/// host file (by name) it may appear in, the most times, and why it is the
/// host's. A use beyond these fails, and so does an entry no longer used.
const HOST_WORDS: &[(&str, &str, usize, &str)] = &[
    // A log line's level (`info`, `warn`) is a field of the trace's own `log` event.
    ("level", "trace.rs", 1, "the trace's `log` event field"),
    // The score table's column and the balance report's plot of the level
    // reached: the host's figures, read through `Game::player_level`.
    ("level", "morgue.rs", 1, "the score table's column header"),
    ("level", "balance_report.rs", 1, "the name of the balance report's level plot"),
    // A noise is the host's own rule (`Ctx::noise`): its trace event and field.
    ("noise", "monsters.rs", 2, "the trace's `noise` event and its source"),
    ("loudness", "monsters.rs", 1, "the `noise` event's field"),
    // The host's list of its own trace events and their fields, which `check` holds patterns to.
    ("noise", "trace.rs", 1, "the `noise` event in the host's event list"),
    ("loudness", "trace.rs", 1, "the `noise` event's field in the host's event list"),
    // A monster record's `defense` is a field of the host's record schema.
    ("defense", "check.rs", 1, "the monster record's `defense` field"),
    // The first-time hint about a missile weapon (a role), named by the host.
    ("bow", "menus.rs", 2, "the name of the host's hint about missile weapons"),
    // `terrain` is the host's own word for what a map cell is (api 1.2): its
    // trace events and field, the scenario legend's and a map piece's word,
    // the expectation `terrain X,Y = NAME`, a registered kind's name. The
    // first-party plugin that brings traps, rubble and water is named after it.
    ("terrain", "terrain.rs", 2, "the `terrain` event and the `terrain_found` event's field"),
    ("terrain", "trace.rs", 2, "the `terrain` event and the `terrain_found` field in the host's event list"),
    ("terrain", "parse.rs", 2, "a scenario legend's `terrain NAME`"),
    ("terrain", "pieces.rs", 1, "a map piece legend's `terrain NAME`"),
    ("terrain", "expect.rs", 1, "the expectation `terrain X,Y = NAME`"),
    ("terrain", "registry.rs", 1, "the kind `terrain` in a refusal of a name registered twice"),
    // The host's own action `fire` (a readied missile weapon, the ranged chapter's key).
    ("fire", "targeting.rs", 1, "the `action` event's `fire`, a shot of the readied weapon"),
    ("fire", "bindings.rs", 1, "the key binding's name `fire`"),
    // The host's `field_set` event (api 1.7's fields) has its own `amount`.
    ("amount", "trace.rs", 1, "the `field_set` event's field in the host's event list"),
    ("amount", "layers.rs", 1, "the `field_set` event's field"),
    // The balance report's health plot, the host's figure.
    ("health", "balance_report.rs", 1, "the axis of the balance report's health plot"),
    // The host's own `held` action: a veto refused the player's step (api 1.3).
    ("held", "turn.rs", 1, "the `action` event's `held`"),
];

/// The calls whose string arguments name a store key or a setting.
const KEY_CALLS: &[&str] = &[
    "stored",
    "setting",
    "setting_or",
    "store_get",
    "store_set",
    "store_get_text",
    "store_set_text",
    "store_remove",
    "item_get",
    "item_set",
    "item_get_text",
    "item_set_text",
    "item_remove",
    "player_level",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("host is in the workspace").to_path_buf()
}

/// A token of Rust source, as far as this test needs: string literals (their
/// contents), identifiers and single punctuation characters, with the line.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Str(String),
    Ident(String),
    Punct(char),
}

/// The tokens of `text`, comments left out, each with its line (from 1).
fn tokens(text: &str) -> Vec<(Tok, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '/' if at(i + 1) == '/' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i + 1) == '*' => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && at(i + 1) == '*' {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && at(i + 1) == '/' {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(chars[i] == '\n');
                        i += 1;
                    }
                }
            }
            '"' => {
                let start = line;
                let (s, next) = quoted(&chars, i + 1, &mut line);
                out.push((Tok::Str(s), start));
                i = next;
            }
            '\'' => {
                // A char literal ('x', '\n', '"') or a lifetime ('a).
                if at(i + 1) == '\\' {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if at(i + 2) == '\'' {
                    i += 3;
                } else {
                    i += 1;
                }
            }
            c if c.is_alphabetic() || c == '_' => {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                let raw = matches!(word.as_str(), "r" | "br") && matches!(at(i), '"' | '#');
                if raw {
                    let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
                    let open = i + hashes;
                    if at(open) == '"' {
                        let start_line = line;
                        let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                        let rest: String = chars[open + 1..].iter().collect();
                        let end = rest.find(&close).expect("a raw string ends");
                        let body = &rest[..end];
                        line += body.matches('\n').count();
                        out.push((Tok::Str(body.to_string()), start_line));
                        i = open + 1 + body.chars().count() + close.chars().count();
                        continue;
                    }
                }
                if word == "b" && at(i) == '"' {
                    let start_line = line;
                    let (s, next) = quoted(&chars, i + 1, &mut line);
                    out.push((Tok::Str(s), start_line));
                    i = next;
                    continue;
                }
                out.push((Tok::Ident(word), line));
            }
            c if c.is_ascii_digit() => {
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
            c => {
                out.push((Tok::Punct(c), line));
                i += 1;
            }
        }
    }
    out
}

/// The contents of a `"..."` literal opened before `i` (escapes kept as
/// written), and where the source goes on.
fn quoted(chars: &[char], mut i: usize, line: &mut usize) -> (String, usize) {
    let mut s = String::new();
    while i < chars.len() && chars[i] != '"' {
        if chars[i] == '\\' {
            s.push(chars[i]);
            i += 1;
        }
        if let Some(&c) = chars.get(i) {
            *line += usize::from(c == '\n');
            s.push(c);
        }
        i += 1;
    }
    (s, i + 1)
}

/// The tokens that are not under `#[cfg(test)]`, and the names of the
/// modules declared `#[cfg(test)] mod name;` (whose files are tests).
fn outside_tests(toks: &[(Tok, usize)]) -> (Vec<(Tok, usize)>, Vec<String>) {
    let cfg_test = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    let (mut kept, mut test_mods) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < toks.len() {
        let is_cfg_test = toks.len() - i >= cfg_test.len() && toks[i..i + 7].iter().map(|t| &t.0).eq(cfg_test.iter());
        if !is_cfg_test {
            kept.push(toks[i].clone());
            i += 1;
            continue;
        }
        // Skip the item it marks: `mod name;` (its file is a test), up to
        // `;`, or a `{ ... }` block.
        i += cfg_test.len();
        let mut j = i;
        if toks.get(j).map(|t| &t.0) == Some(&Tok::Ident("pub".into())) {
            j += 1;
            if toks.get(j).map(|t| &t.0) == Some(&Tok::Punct('(')) {
                while toks.get(j).is_some_and(|t| t.0 != Tok::Punct(')')) {
                    j += 1;
                }
                j += 1;
            }
        }
        if let (Some((Tok::Ident(m), _)), Some((Tok::Ident(name), _)), Some((Tok::Punct(';'), _))) =
            (toks.get(j), toks.get(j + 1), toks.get(j + 2))
        {
            if m == "mod" {
                test_mods.push(name.clone());
                i = j + 3;
                continue;
            }
        }
        let mut depth = 0;
        while i < toks.len() {
            match toks[i].0 {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                Tok::Punct(';') if depth == 0 => {
                    i += 1;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
    }
    (kept, test_mods)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Where a word comes from, for the failure message.
type Words = BTreeMap<String, String>;

fn add(words: &mut Words, word: &str, whence: String) {
    let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        words.entry(word.to_string()).or_insert(whence);
    }
}

/// The words of the plugin in `dir` (`plugins/<name>`), named in its
/// sources: keys and settings handed to the store and setting calls, and
/// its `&str` constants.
fn source_words(plugin: &str, dir: &Path, words: &mut Words) {
    let mut files = Vec::new();
    rust_files(&dir.join("src"), &mut files);
    let mut consts: BTreeMap<String, String> = BTreeMap::new();
    let mut sources = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let (toks, _) = outside_tests(&tokens(&text));
        // `const NAME: &str = "word";`
        for w in toks.windows(7) {
            if let [(Tok::Ident(c), _), (Tok::Ident(name), _), (Tok::Punct(':'), _), (Tok::Punct('&'), _), (Tok::Ident(ty), _), (Tok::Punct('='), _), (Tok::Str(value), _)] =
                w
            {
                if c == "const" && ty == "str" {
                    consts.insert(name.clone(), value.clone());
                    add(words, value, format!("{plugin}'s constant {name}"));
                }
            }
        }
        sources.push(toks);
    }
    for toks in &sources {
        for (i, (tok, _)) in toks.iter().enumerate() {
            let Tok::Ident(call) = tok else { continue };
            if !KEY_CALLS.contains(&call.as_str()) || toks.get(i + 1).map(|t| &t.0) != Some(&Tok::Punct('(')) {
                continue;
            }
            let mut depth = 0;
            for (arg, _) in &toks[i + 1..] {
                match arg {
                    Tok::Punct('(') => depth += 1,
                    Tok::Punct(')') => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    Tok::Str(s) => add(words, s, format!("{plugin}'s store key or setting (in a {call} call)")),
                    Tok::Ident(name) => {
                        if let Some(value) = consts.get(name) {
                            add(words, value, format!("{plugin}'s store key {name} (in a {call} call)"));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The params of the plugin's records (unless `params` is false) and its
/// settings, from the `*.toml` files of `dir` (`data/<plugin>`, or an
/// example's `data/<example>`).
fn data_words(plugin: &str, dir: &Path, params: bool, words: &mut Words) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "toml")) {
        let value: toml::Value = toml::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for kind in ["item", "monster"].into_iter().filter(|_| params) {
            for record in value.get(kind).and_then(|v| v.as_array()).into_iter().flatten() {
                for param in record.get("params").and_then(|p| p.as_table()).into_iter().flat_map(|t| t.keys()) {
                    add(words, param, format!("a param of {plugin}'s records ({name})"));
                }
            }
        }
        for setting in value.get("settings").and_then(|s| s.as_table()).into_iter().flat_map(|t| t.keys()) {
            add(words, setting, format!("a setting of {plugin} ({name})"));
        }
    }
}

/// The folders under `folder` (`plugins`, `examples`), sorted.
fn subfolders(folder: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> =
        std::fs::read_dir(root().join(folder)).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    dirs
}

/// Every first-party plugin's words, and every example's (a third party's
/// plugin, which the host can know no better), with where each comes from.
/// An example's record params are left out: a third party names them with
/// everyday words (`turns`, `count`) that are also the host's own trace
/// fields, and the host, which never reads a param by name (the records'
/// schema has no such field), could not hold to them.
fn plugin_words() -> Words {
    let mut words = Words::new();
    for dir in subfolders("plugins") {
        let plugin = dir.file_name().unwrap().to_string_lossy().to_string();
        add(&mut words, &plugin, "a first-party plugin's name".to_string());
        source_words(&plugin, &dir, &mut words);
        data_words(&plugin, &root().join("data").join(&plugin), true, &mut words);
    }
    for dir in subfolders("examples") {
        let example = dir.file_name().unwrap().to_string_lossy().to_string();
        add(&mut words, &example, "an example plugin's name".to_string());
        source_words(&example, &dir, &mut words);
        data_words(&example, &dir.join("data").join(&example), false, &mut words);
    }
    words
}

/// A string literal of the host's that is a plugin's word.
#[derive(Debug)]
struct Use {
    file: PathBuf,
    line: usize,
    word: String,
}

/// Every plugin word written as a string literal in the non-test code of
/// the host's source folders.
fn uses_in(folders: &[PathBuf], words: &Words) -> Vec<Use> {
    let mut files = Vec::new();
    for folder in folders {
        rust_files(folder, &mut files);
    }
    // Files of `#[cfg(test)] mod name;` and test folders hold tests.
    let mut test_files: BTreeSet<PathBuf> = BTreeSet::new();
    let mut found = Vec::new();
    let mut kept = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let (toks, test_mods) = outside_tests(&tokens(&text));
        let here = if file.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs") {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for m in test_mods {
            test_files.insert(here.join(format!("{m}.rs")));
            test_files.insert(here.join(&m));
        }
        kept.push((file.clone(), toks));
    }
    for (file, toks) in kept {
        let is_test = file.components().any(|c| c.as_os_str() == "tests")
            || test_files.iter().any(|t| file == *t || file.starts_with(t));
        if is_test {
            continue;
        }
        for (tok, line) in toks {
            if let Tok::Str(s) = tok {
                if words.contains_key(&s) {
                    found.push(Use { file: file.clone(), line, word: s });
                }
            }
        }
    }
    found
}

#[test]
fn the_host_writes_no_plugins_name_key_setting_or_param() {
    let words = plugin_words();
    // The gathering itself: a name, a store key, a setting and a param of each kind.
    for word in ["progression", "level", "strength", "quiver_count", "fight_noise", "damage_min", "amount", "hand"] {
        assert!(words.contains_key(word), "the plugins' words lack {word:?}: the gathering is broken");
    }
    // And the examples': names, store keys, a constant.
    for word in ["thief", "summon_turns", "spirit_wolf", "charges"] {
        assert!(words.contains_key(word), "the plugins' words lack {word:?}: the gathering is broken");
    }
    let root = root();
    let uses = uses_in(&[root.join("host/src"), root.join("host/engine/src")], &words);
    // Each word's uses, file by file (a file's lines in order).
    let mut by_file: BTreeMap<(String, PathBuf), Vec<usize>> = BTreeMap::new();
    for u in &uses {
        by_file.entry((u.word.clone(), u.file.clone())).or_default().push(u.line);
    }
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut problems = Vec::new();
    for ((word, file), lines) in &by_file {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        *counts.entry((word.clone(), name.clone())).or_default() += lines.len();
        let allowed = HOST_WORDS.iter().find(|(w, f, _, _)| w == word && *f == name);
        if lines.len() > allowed.map_or(0, |a| a.2) {
            let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            let host = allowed.map_or(String::new(), |a| format!(" (HOST_WORDS allows {} here: {})", a.2, a.3));
            problems.push(format!(
                "{}:{}: \"{word}\" is {}: the host must not name it; ask the plugin through the api{host}",
                file.strip_prefix(&root).unwrap().display(),
                lines.join(","),
                words[word]
            ));
        }
    }
    for (word, file, times, why) in HOST_WORDS {
        if !counts.contains_key(&(word.to_string(), file.to_string())) {
            problems
                .push(format!("HOST_WORDS allows \"{word}\" {times} times in {file} ({why}), which no longer uses it"));
        }
    }
    assert!(problems.is_empty(), "plugin words in the host:\n{}", problems.join("\n"));
}

#[test]
fn the_scanner_reads_literals_and_skips_comments_and_tests() {
    let source = r####"
// "level" in a comment
/* "strength" /* nested */ in a block */
/// "xp" in a doc comment
fn a() -> &'static str { let c = '"'; let d = '\''; "level" }
fn b() { let _ = r#"quiver "strength""#; let _ = b"xp"; }
#[cfg(test)]
mod tests { fn t() { "amount"; } }
#[cfg(test)]
fn helper() -> &'static str { "noise" }
#[cfg(test)]
mod more;
#[cfg(test)]
pub(crate) mod other;
fn c() { "hand" }
"####;
    let (toks, mods) = outside_tests(&tokens(source));
    let strings: Vec<(String, usize)> =
        toks.into_iter().filter_map(|(t, line)| if let Tok::Str(s) = t { Some((s, line)) } else { None }).collect();
    let expected = [("level", 5), (r#"quiver "strength""#, 6), ("xp", 6), ("hand", 15)];
    assert_eq!(strings, expected.map(|(s, l)| (s.to_string(), l)));
    assert_eq!(mods, ["more", "other"]);
}
