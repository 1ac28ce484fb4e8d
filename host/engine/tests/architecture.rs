//! ARCHITECTURE.md held to the tree, and the rules it states that a test can
//! hold by reading files: the code map names every folder and module, every
//! path it names exists, every entry point is a real function; the engine
//! names no screen and no hash map; `Game` has no public field; plugins,
//! examples and the template depend on the api alone and never name its
//! `abi`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository")
}

fn page() -> String {
    std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// The text between the heading `## {title}` and the next `## ` heading.
fn section<'a>(text: &'a str, title: &str) -> &'a str {
    let start = text.find(&format!("\n## {title}\n")).unwrap_or_else(|| panic!("a section '## {title}'"));
    let rest = &text[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

/// Every `code span` of a markdown text.
fn code_spans(text: &str) -> BTreeSet<String> {
    text.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

/// Files and folders under `dir`, recursively, sorted.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).expect("a folder").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.push(path.clone());
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// A file of tests only (`tests.rs`, `burst_tests.rs`), or a folder of them.
fn only_tests(path: &Path) -> bool {
    if path.is_dir() {
        let mut inside = Vec::new();
        walk(path, &mut inside);
        return inside.iter().filter(|p| p.is_file()).all(|p| only_tests(p));
    }
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    stem == "tests" || stem.ends_with("_tests") && !stem.starts_with("play")
}

/// The names the code map must hold for the modules and folders of `root`.
fn module_names(root: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    walk(&repo().join(root), &mut found);
    let mut names = Vec::new();
    for path in found {
        let is_rust = path.extension().is_some_and(|e| e == "rs");
        if !(path.is_dir() || is_rust) || only_tests(&path) {
            continue;
        }
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if matches!(stem.as_str(), "mod" | "lib") {
            continue;
        }
        let shown = path.strip_prefix(repo()).unwrap().display().to_string();
        names.push((stem, shown));
    }
    names
}

fn named(spans: &BTreeSet<String>, stem: &str) -> bool {
    spans.iter().any(|s| {
        let s = s.trim_end_matches('/');
        s == stem
            || s == format!("{stem}.rs")
            || s.ends_with(&format!("/{stem}"))
            || s.ends_with(&format!("/{stem}.rs"))
            || s.ends_with(&format!("::{stem}"))
    })
}

#[test]
fn the_code_map_names_every_folder_and_module() {
    let text = page();
    let spans = code_spans(section(&text, "Code map"));
    let mut missing = Vec::new();
    for root in ["api/src", "host/engine/src", "host/src", "host/benches", "host/examples", "xtask/src"] {
        for (stem, shown) in module_names(root) {
            if !named(&spans, &stem) {
                missing.push(shown);
            }
        }
    }
    for folder in ["plugins", "examples"] {
        for entry in std::fs::read_dir(repo().join(folder)).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() && !named(&spans, &name) {
                missing.push(format!("{folder}/{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name these (add a line for each, in its folder's entry):\n  {}",
        missing.join("\n  ")
    );
}

/// Whether a code span reads as a path from the repository's root.
fn repo_path(span: &str) -> Option<&str> {
    const ROOTS: [&str; 11] = [
        "api/",
        "host/",
        "plugins/",
        "docs/",
        "data/",
        "scripts/",
        "xtask/",
        "examples/",
        "templates/",
        "assets/",
        ".ci/",
    ];
    let clean = !span.contains(['<', '*', ' ', '(']);
    (clean && ROOTS.iter().any(|r| span.starts_with(r))).then(|| span.trim_end_matches('/'))
}

/// Every markdown link of a text: (its text, its target).
fn links(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("](") {
        let before = &rest[..open];
        let label = before.rfind('[').map(|i| &before[i + 1..]).unwrap_or_default();
        let after = &rest[open + 2..];
        let close = after.find(')').unwrap_or(after.len());
        out.push((label.to_string(), after[..close].to_string()));
        rest = &after[close..];
    }
    out
}

#[test]
fn every_path_the_page_names_exists() {
    let text = page();
    let mut missing = Vec::new();
    for span in code_spans(&text) {
        if let Some(path) = repo_path(&span) {
            if !repo().join(path).exists() {
                missing.push(format!("`{span}`"));
            }
        }
    }
    for (label, target) in links(&text) {
        if !target.starts_with("http") && !repo().join(&target).exists() {
            missing.push(format!("[{label}]({target})"));
        }
    }
    assert!(missing.is_empty(), "ARCHITECTURE.md names paths that are not there:\n  {}", missing.join("\n  "));
}

#[test]
fn the_entry_points_name_real_functions() {
    let text = page();
    let entries = links(section(&text, "Entry points"));
    assert!(entries.len() >= 8, "the entry points link their functions: {entries:?}");
    let mut wrong = Vec::new();
    for (label, target) in entries {
        let name = label.trim_matches('`');
        let function = name.rsplit("::").next().unwrap_or(name);
        let code = std::fs::read_to_string(repo().join(&target)).unwrap_or_default();
        let defined = [format!("fn {function}("), format!("fn {function}<")].iter().any(|d| code.contains(d.as_str()));
        if !defined {
            wrong.push(format!("{name} is not a function of {target}"));
        }
    }
    assert!(wrong.is_empty(), "ARCHITECTURE.md's entry points:\n  {}", wrong.join("\n  "));
}

/// The dependency names of a manifest, normal and dev.
fn dependencies(manifest: &Path) -> Vec<(String, toml::Value)> {
    let text = std::fs::read_to_string(manifest).unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
    let value: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
    let mut out = Vec::new();
    for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(deps) = value.get(table).and_then(|d| d.as_table()) {
            out.extend(deps.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
    }
    out
}

#[test]
fn the_engine_names_no_screen_and_no_hash_map() {
    let screen: Vec<String> = dependencies(&repo().join("host/engine/Cargo.toml"))
        .into_iter()
        .map(|(name, _)| name)
        .filter(|name| name.contains("sdl"))
        .collect();
    assert!(screen.is_empty(), "the engine depends on a screen: {screen:?}");
    let mut files = Vec::new();
    walk(&repo().join("host/engine/src"), &mut files);
    let mut wrong = Vec::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs")) {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if ["HashMap", "HashSet", "sdl3"].iter().any(|w| code.contains(w)) {
                wrong.push(format!("{}:{}: {}", file.strip_prefix(repo()).unwrap().display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the engine names a screen or a hash map (whose order could reach the trace):\n  {}",
        wrong.join("\n  ")
    );
}

/// The plugin crates an author's view of the api must cover: first-party
/// plugins, examples, the template.
fn plugin_crates() -> Vec<PathBuf> {
    let mut crates = Vec::new();
    for folder in ["plugins", "examples"] {
        for entry in std::fs::read_dir(repo().join(folder)).unwrap().flatten() {
            if entry.path().join("Cargo.toml").is_file() {
                crates.push(entry.path());
            }
        }
    }
    crates.push(repo().join("templates/plugin"));
    crates.sort();
    crates
}

#[test]
fn plugins_examples_and_the_template_use_the_api_alone_and_never_its_abi() {
    let crates = plugin_crates();
    assert!(crates.len() >= 9, "the plugin crates were found: {crates:?}");
    let mut wrong = Vec::new();
    for krate in &crates {
        let shown = krate.strip_prefix(repo()).unwrap().display().to_string();
        for (name, spec) in dependencies(&krate.join("Cargo.toml")) {
            let path = spec.get("path").and_then(|p| p.as_str());
            if path.is_some_and(|p| !p.trim_end_matches('/').ends_with("api"))
                || name.starts_with("emberdeep") && name != "emberdeep_api"
            {
                wrong.push(format!("{shown} depends on {name} ({spec})"));
            }
            if name.contains("sdl") {
                wrong.push(format!("{shown} links a screen: {name}"));
            }
        }
        let mut files = Vec::new();
        walk(krate, &mut files);
        for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs")) {
            let text = std::fs::read_to_string(file).unwrap();
            for (i, line) in text.lines().enumerate() {
                if line.split("//").next().unwrap_or_default().contains("emberdeep_api::abi") {
                    let at = file.strip_prefix(repo()).unwrap().display();
                    wrong.push(format!("{at}:{}: names the api's abi: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "plugin crates reach past the api:\n  {}", wrong.join("\n  "));
}

/// Whether a line of code names a random number crate (`rand::`,
/// `rand_core`, `rand_pcg`), not a word that ends in "rand" (`Errand::`).
fn names_a_random_crate(code: &str) -> bool {
    let bytes = code.as_bytes();
    code.match_indices("rand").any(|(i, _)| {
        let before_ok = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let rest = &code[i + 4..];
        before_ok && (rest.starts_with("::") || rest.starts_with("_core") || rest.starts_with("_pcg"))
    })
}

#[test]
fn every_random_draw_of_the_game_is_the_runs_rng() {
    assert!(names_a_random_crate("use rand_pcg::Pcg64;") && names_a_random_crate("let x = rand::random();"));
    assert!(!names_a_random_crate("Errand::Rest => REST_TURNS,"));
    let mut files = Vec::new();
    for root in ["host/engine/src", "host/src", "api/src"] {
        walk(&repo().join(root), &mut files);
    }
    for krate in plugin_crates() {
        walk(&krate.join("src"), &mut files);
    }
    let mut wrong = Vec::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "rs")) {
        let shown = file.strip_prefix(repo()).unwrap().display().to_string();
        if shown == "host/engine/src/core/rng.rs" {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            if names_a_random_crate(line.split("//").next().unwrap_or_default()) {
                wrong.push(format!("{shown}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "random numbers drawn outside the run's RNG (core/rng.rs, reached through Game::rng):\n  {}",
        wrong.join("\n  ")
    );
}

/// The fields of `pub struct Game` in `code` that are public outside the
/// engine (`pub`, `pub(super)` and `pub(crate)` being the engine's own).
fn public_game_fields(code: &str) -> Vec<String> {
    let start = code.find("\npub struct Game {").expect("`pub struct Game` in world/game.rs");
    let body = &code[start..];
    let body = &body[..body.find("\n}").expect("the end of `Game`")];
    body.lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix("pub "))
        .filter_map(|l| l.split_once(':').map(|(name, _)| name.trim().to_string()))
        .collect()
}

#[test]
fn a_game_has_no_public_field() {
    let example =
        "x\npub struct Game {\n    /// Turns.\n    pub turn: u64,\n    pub(crate) map: Map,\n    seed: u64,\n}\n";
    assert_eq!(public_game_fields(example), ["turn"]);
    let code = std::fs::read_to_string(repo().join("host/engine/src/world/game.rs")).unwrap();
    let public = public_game_fields(&code);
    assert!(
        public.is_empty(),
        "`Game` is read through its methods and changed through the engine's calls; public fields: {}",
        public.join(", ")
    );
}
