//! The api's promise, kept by building plugins as their authors would and
//! loading them into this game:
//!
//! * a plugin built against the frozen copy of api 1.0
//!   (`host/tests/compat/api-1.0`, never edited) loads and plays in this
//!   host beside the first-party plugins, and the host calls the methods
//!   added since (api 1.1's `Hooks::key`) by their defaults;
//! * so does a plugin built against the frozen copy of api 1.1
//!   (`host/tests/compat/api-1.1`, never edited), whose `GameCtx` lacks
//!   every method 1.2 appended;
//! * and one built against the frozen copy of api 1.5
//!   (`host/tests/compat/api-1.5`, never edited), whose `WorldCtx`,
//!   `FloorMaker`, `Registry` and `HooksAbi` lack every method 1.6 appended;
//! * and one built against the frozen copy of api 1.6
//!   (`host/tests/compat/api-1.6`, never edited), whose `WorldCtx` lacks
//!   every method 1.7 appended;
//! * a plugin built against a later api than this game's (this api with
//!   methods added after the last ones, with defaults) loads, and its call
//!   of a method the host lacks gets the default;
//! * a plugin built against a copy whose `repr(C)` struct gained a field is
//!   refused, by name, in one line.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::*;

/// A frozen api (`1.0`, `1.1`, `1.5`, `1.6`), as shipped.
fn frozen(version: &str) -> PathBuf {
    root().join("host/tests/compat").join(format!("api-{version}"))
}

/// Rewrites one file of the api copy, insisting that the text to change is there.
fn change(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

/// This game's own api crate, as it is now.
fn current() -> PathBuf {
    root().join("api")
}

/// Builds the probe plugin as `compat_<variant>` against a copy of the api
/// at `base` that `edit` may change first; returns the library.
fn build_probe(variant: &str, base: &Path, edit: impl Fn(&Path), features: &[&str]) -> PathBuf {
    let work = root().join("target/compat").join(variant);
    let _ = std::fs::remove_dir_all(&work);
    copy_dir(base, &work.join("api"));
    // Outside the workspace, the copy names its dependencies itself.
    let manifest = work.join("api/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let text = text.replace("abi_stable = { workspace = true }", "abi_stable = \"0.11\"");
    std::fs::write(&manifest, text.replace("tracing = { workspace = true }", "tracing = \"0.1\"")).unwrap();
    edit(&work.join("api"));
    copy_dir(&root().join("host/tests/compat/plugin/src"), &work.join("plugin/src"));
    let name = format!("compat_{variant}");
    std::fs::write(
        work.join("plugin/Cargo.toml"),
        format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lib]\ncrate-type = [\"cdylib\"]\n\n\
             [features]\nv1_1 = []\n\n[dependencies]\nemberdeep_api = {{ path = \"../api\" }}\nabi_stable = \"0.11\"\n"
        ),
    )
    .unwrap();
    std::fs::write(work.join("Cargo.toml"), "[workspace]\nresolver = \"2\"\nmembers = [\"api\", \"plugin\"]\n")
        .unwrap();
    // The game's own lock file pins the same abi_stable and friends.
    std::fs::copy(root().join("Cargo.lock"), work.join("Cargo.lock")).unwrap();
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--manifest-path"])
        .arg(work.join("Cargo.toml"))
        .args(["-p", &name, "--target-dir"])
        .arg(shared_target())
        .args(features.iter().flat_map(|f| ["--features", f]))
        .status()
        .unwrap();
    assert!(status.success(), "building {name} failed");
    root().join("target/test-plugins/debug").join(lib_name(&name))
}

/// A plugin folder holding every first-party plugin and `probe`.
fn beside_first_party(probe: &Path) -> tempfile::TempDir {
    let mut files: Vec<PathBuf> = first_party_names().iter().map(|n| first_party(n)).collect();
    files.push(probe.to_path_buf());
    plugin_folder(&files)
}

/// Lists the plugins of a folder holding the first-party plugins and `probe`.
fn listing(probe: &Path) -> (bool, String, String) {
    let folder = beside_first_party(probe);
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--list-plugins"]);
    let (stdout, stderr) = text(&out);
    (out.status.success(), stdout, stderr)
}

/// Plays three waits with the first-party plugins and `probe`; the probe's `probe_turn` events.
fn three_turns(probe: &Path) -> Vec<serde_json::Value> {
    let folder = beside_first_party(probe);
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--seed",
        "5",
        "--keys",
        // `Q` is no host key: the host hands it to every plugin's `key`,
        // which a 1.0 plugin lacks (it passes, by the default). No turn.
        "Q 3*.",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    events(&read_trace(&trace), "probe_turn").into_iter().cloned().collect()
}

#[test]
fn a_plugin_built_against_the_frozen_1_0_api_loads_and_plays() {
    let probe = build_probe("1_0", &frozen("1.0"), |_| {}, &[]);
    let (ok, stdout, stderr) = listing(&probe);
    assert!(ok, "{stderr}");
    let line = stdout.lines().find(|l| l.starts_with("compat_1_0 ")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("api 1.0.0"), "{line}");
    assert!(stdout.contains("Status: probed") && stdout.contains("MonsterBrain: probe_statue"), "{stdout}");
    let turns = three_turns(&probe);
    assert_eq!(turns.len(), 3, "{turns:?}");
    assert!(turns.iter().all(|t| t["source"] == "compat_1_0" && t["wind"] == -1 && t["hp"].as_i64() > Some(0)));
    assert_eq!(turns.iter().map(|t| t["turn"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2]);
}

#[test]
fn a_plugin_built_against_the_frozen_1_0_api_hears_of_a_pick_up_by_its_own_hooks() {
    // The host of api 1.6 asks `pick_up_item` and tells `picked_up_item`,
    // which a 1.0 plugin lacks: their defaults pass the kind and count on
    // to its `pick_up` and `picked_up`.
    let probe = build_probe("1_0", &frozen("1.0"), |_| {}, &[]);
    let folder = beside_first_party(&probe);
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("t.jsonl");
    let s = scenario("pick_up_total.txt");
    let args = ["--headless", "--scenario", s.to_str().unwrap(), "--keys", "l g", "--trace", trace.to_str().unwrap()];
    let mut all = vec!["--plugin-dir", folder.path().to_str().unwrap()];
    all.extend(args);
    let out = run(&all);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace);
    for name in ["probe_pick_up", "probe_picked_up"] {
        let seen = events(&trace, name);
        assert_eq!(seen.len(), 1, "{name}: {seen:?}");
        assert_eq!((seen[0]["item"].as_str(), seen[0]["count"].as_i64()), (Some("darts"), Some(1)), "{name}");
    }
}

#[test]
fn a_plugin_built_against_the_frozen_1_1_api_loads_and_plays_beside_the_first_party_plugins() {
    let probe = build_probe("1_1", &frozen("1.1"), |_| {}, &[]);
    let (ok, stdout, stderr) = listing(&probe);
    assert!(ok, "{stderr}");
    let line = stdout.lines().find(|l| l.starts_with("compat_1_1 ")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("api 1.1.0"), "{line}");
    for name in first_party_names() {
        assert!(stdout.lines().any(|l| l.starts_with(&format!("{name} "))), "{name} not listed: {stdout}");
    }
    let turns = three_turns(&probe);
    assert_eq!(turns.len(), 3, "{turns:?}");
    assert!(turns.iter().all(|t| t["source"] == "compat_1_1" && t["wind"] == -1 && t["hp"].as_i64() > Some(0)));
    assert_eq!(turns.iter().map(|t| t["turn"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2]);
}

#[test]
fn a_plugin_built_against_the_frozen_1_5_api_loads_and_plays_beside_the_first_party_plugins() {
    let probe = build_probe("1_5", &frozen("1.5"), |_| {}, &[]);
    let (ok, stdout, stderr) = listing(&probe);
    assert!(ok, "{stderr}");
    let line = stdout.lines().find(|l| l.starts_with("compat_1_5 ")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("api 1.5.0"), "{line}");
    let turns = three_turns(&probe);
    assert_eq!(turns.len(), 3, "{turns:?}");
    assert!(turns.iter().all(|t| t["source"] == "compat_1_5" && t["wind"] == -1 && t["hp"].as_i64() > Some(0)));
    assert_eq!(turns.iter().map(|t| t["turn"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2]);
}

#[test]
fn a_plugin_built_against_the_frozen_1_6_api_loads_and_plays_beside_the_first_party_plugins() {
    let probe = build_probe("1_6", &frozen("1.6"), |_| {}, &[]);
    let (ok, stdout, stderr) = listing(&probe);
    assert!(ok, "{stderr}");
    let line = stdout.lines().find(|l| l.starts_with("compat_1_6 ")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("api 1.6.0"), "{line}");
    let turns = three_turns(&probe);
    assert_eq!(turns.len(), 3, "{turns:?}");
    assert!(turns.iter().all(|t| t["source"] == "compat_1_6" && t["wind"] == -1 && t["hp"].as_i64() > Some(0)));
    assert_eq!(turns.iter().map(|t| t["turn"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2]);
}

#[test]
fn a_plugin_built_against_a_later_api_loads_into_this_host_and_gets_the_defaults() {
    let probe = build_probe(
        "later",
        &current(),
        |api| {
            let manifest = api.join("Cargo.toml");
            let text = std::fs::read_to_string(&manifest).unwrap();
            let now = text.lines().find(|l| l.starts_with("version = ")).unwrap().to_string();
            std::fs::write(&manifest, text.replacen(&now, "version = \"1.99.0\"", 1)).unwrap();
            // After the last method of `GameCtx`, whatever it is now: the
            // trait's end is followed by the 1.2 world's type.
            change(
                &api.join("src/abi.rs"),
                "\n}\n\n/// The world as it crosses",
                "\n\n    /// Added later: how hard the wind blows. Older hosts lack it: 7.\n    \
                 fn wind(&self) -> u32 {\n        7\n    }\n}\n\n/// The world as it crosses",
            );
            change(
                &api.join("src/abi.rs"),
                // The end of `HooksAbi`, whatever its last method is now: the
                // trait's end is followed by the 1.3 vetoes.
                "    }\n}\n\n// 1.3 (terrain)\n",
                "    }\n\n    \
                 /// Added later: a gust. Older hosts never call it.\n    \
                 fn gust(&self, ctx: RawCtx<'_>) -> RResult<(), PluginError> {\n        \
                 let _ = ctx;\n        RResult::ROk(())\n    }\n}\n\n// 1.3 (terrain)\n",
            );
            change(
                &api.join("src/ctx.rs"),
                "    /// The context as it crosses, for what this wrapper does not cover.",
                "    /// Added later: how hard the wind blows.\n    pub fn wind(&self) -> u32 {\n        \
                 self.raw.wind()\n    }\n\n    /// The context as it crosses, for what this wrapper does not cover.",
            );
        },
        &["v1_1"],
    );
    let (ok, stdout, stderr) = listing(&probe);
    assert!(ok, "{stderr}");
    let line = stdout.lines().find(|l| l.starts_with("compat_later ")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("api 1.99.0"), "{line}");
    let turns = three_turns(&probe);
    assert_eq!(turns.len(), 3, "{turns:?}");
    // This host has no `wind`: the plugin's call got the later api's default.
    assert!(turns.iter().all(|t| t["source"] == "compat_later" && t["wind"] == 7), "{turns:?}");
}

#[test]
fn a_plugin_whose_repr_c_struct_gained_a_field_is_refused_in_one_line() {
    let probe = build_probe(
        "changed",
        &frozen("1.0"),
        |api| {
            let types = api.join("src/types.rs");
            change(
                &types,
                "    /// Most damage a roll gives.\n    pub max: i32,\n}",
                "    /// Most damage a roll gives.\n    pub max: i32,\n    /// A field 1.0 does not have.\n    pub bonus: i32,\n}",
            );
            change(&types, "Damage { min, max }", "Damage { min, max, bonus: 0 }");
        },
        &[],
    );
    let (ok, _, stderr) = listing(&probe);
    assert!(!ok, "a plugin with a changed struct must not load quietly: {stderr}");
    let line = stderr.lines().find(|l| l.contains("plugin 'compat_changed'")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(line.contains("types differ") && line.contains("api 1.0.0"), "{line}");
}

/// A 64-bit FNV-1a hash of every file of a frozen api, by path.
fn frozen_hash(version: &str) -> u64 {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), out);
            } else {
                out.push(entry.path());
            }
        }
    }
    let mut files = Vec::new();
    let frozen = frozen(version);
    walk(&frozen, &mut files);
    files.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for file in files {
        let name = file.strip_prefix(&frozen).unwrap().to_string_lossy().replace('\\', "/");
        for byte in name.bytes().chain(std::fs::read(&file).unwrap()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

#[test]
fn the_frozen_1_0_api_is_never_edited() {
    assert_eq!(
        frozen_hash("1.0"),
        FROZEN_1_0,
        "host/tests/compat/api-1.0 changed: it is the api as 1.0 shipped, which built plugins depend on; \
         put it back (git checkout) and grow the api itself instead"
    );
}

/// The hash of the frozen 1.0 api, taken when it was frozen.
const FROZEN_1_0: u64 = 13715684932897331353;

#[test]
fn the_frozen_1_1_api_is_never_edited() {
    assert_eq!(
        frozen_hash("1.1"),
        FROZEN_1_1,
        "host/tests/compat/api-1.1 changed: it is the api as 1.1 shipped, which built plugins depend on; \
         put it back (git checkout) and grow the api itself instead"
    );
}

/// The hash of the frozen 1.1 api, taken when it was frozen.
const FROZEN_1_1: u64 = 4293178098122009315;

#[test]
fn the_frozen_1_5_api_is_never_edited() {
    assert_eq!(
        frozen_hash("1.5"),
        FROZEN_1_5,
        "host/tests/compat/api-1.5 changed: it is the api as 1.5 shipped, which built plugins depend on; \
         put it back (git checkout) and grow the api itself instead"
    );
}

/// The hash of the frozen 1.5 api, taken when it was frozen.
const FROZEN_1_5: u64 = 6229603127557589830;

#[test]
fn the_frozen_1_6_api_is_never_edited() {
    assert_eq!(
        frozen_hash("1.6"),
        FROZEN_1_6,
        "host/tests/compat/api-1.6 changed: it is the api as 1.6 shipped, which built plugins depend on; \
         put it back (git checkout) and grow the api itself instead"
    );
}

/// The hash of the frozen 1.6 api, taken when it was frozen.
const FROZEN_1_6: u64 = 3722362792057927439;
