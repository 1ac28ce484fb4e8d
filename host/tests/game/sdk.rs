//! The SDK as a plugin author meets it: a plugin built against a different
//! api is refused with one short line naming it and the report file, and the
//! template builds into a plugin the game lists.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use common::*;

/// Builds `oldie`, a plugin compiled against a copy of the api crate whose
/// `MessageKind` has one more variant than the game's: a layout change.
fn build_against_changed_api() -> PathBuf {
    let work = root().join("target/test-changed-api");
    let api = work.join("api");
    let _ = std::fs::remove_dir_all(&api);
    copy_dir(&root().join("api"), &api);
    let types = api.join("src/types.rs");
    let text = std::fs::read_to_string(&types).unwrap();
    let changed = text.replacen(
        "    /// The player is in danger (drawn in red).\n    Danger,\n}",
        "    /// The player is in danger (drawn in red).\n    Danger,\n    /// A variant the game's api does not have.\n    Whisper,\n}",
        1,
    );
    assert_ne!(text, changed, "the api copy was changed");
    std::fs::write(&types, changed).unwrap();
    let oldie = work.join("oldie");
    std::fs::create_dir_all(oldie.join("src")).unwrap();
    std::fs::write(
        work.join("Cargo.toml"),
        "[workspace]\nresolver = \"2\"\nmembers = [\"api\", \"oldie\"]\n\n[workspace.dependencies]\n\
         abi_stable = \"0.11\"\ntracing = \"0.1\"\nserde = { version = \"1\", features = [\"derive\"] }\n",
    )
    .unwrap();
    std::fs::write(
        oldie.join("Cargo.toml"),
        "[package]\nname = \"oldie\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lib]\ncrate-type = [\"cdylib\"]\n\n\
         [dependencies]\nemberdeep_api = { path = \"../api\" }\nabi_stable = \"0.11\"\n",
    )
    .unwrap();
    std::fs::write(
        oldie.join("src/lib.rs"),
        "use emberdeep_api::{export_plugin, PluginError, Registrar};\n\
         fn register(_reg: &mut Registrar) -> Result<(), PluginError> { Ok(()) }\n\
         export_plugin!(register);\n",
    )
    .unwrap();
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "--manifest-path"])
        .arg(work.join("Cargo.toml"))
        .args(["-p", "oldie", "--target-dir"])
        .arg(shared_target())
        .status()
        .unwrap();
    assert!(status.success(), "building the plugin against the changed api failed");
    shared_target().join("debug").join(lib_name("oldie"))
}

#[test]
fn a_plugin_built_against_a_changed_api_is_refused_in_one_line_with_a_report() {
    let oldie = build_against_changed_api();
    let folder = plugin_folder(&[first_party("core_combat"), oldie]);
    // Loading every plugin found: the game does not start without it quietly.
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--list-plugins"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success(), "the game must not start with the plugin silently missing");
    let line = stderr.lines().find(|l| l.contains("plugin 'oldie'")).unwrap_or_else(|| panic!("{stderr}"));
    assert!(line.contains("types differ") && line.contains("rebuild the plugin"), "{line}");
    assert!(stderr.lines().count() <= 2, "one short message, not the layout report: {stderr}");
    let report = line.split("full report in ").nth(1).expect("the report's path").trim_end_matches(')');
    let report_text = std::fs::read_to_string(report).expect("the report file exists");
    assert!(report_text.len() > 200, "abi_stable's full report is in the file");
}

#[test]
fn the_confusion_example_confuses_the_goblin_for_ten_turns_through_a_status() {
    let lib = build_example("confusion");
    let folder = plugin_folder(&[first_party("core_combat"), lib]);
    copy_dir(&root().join("examples/confusion/data/confusion"), &folder.path().join("confusion"));
    let dir = tempfile::tempdir().unwrap();
    let trace_path = dir.path().join("t.jsonl");
    let s = scenario("confusion.txt");
    let out = run(&[
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        "i a Enter Enter 14*.",
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let trace = read_trace(&trace_path);
    let uses = events(&trace, "use");
    assert_eq!(uses[0]["effect"], "confuse");
    assert_eq!(uses[0]["source"], "confusion");
    // The confusion is a status the host runs: no brain swapped by hand.
    assert!(events(&trace, "brain").is_empty(), "the host lends the brain while the status lasts");
    let starts = events(&trace, "status_start");
    let ends = events(&trace, "status_end");
    assert_eq!((starts.len(), ends.len()), (1, 1), "{starts:?} {ends:?}");
    assert_eq!((starts[0]["creature"].as_str(), starts[0]["status"].as_str()), (Some("goblin#1"), Some("confused")));
    assert_eq!(starts[0]["turns"], 10);
    assert_eq!((ends[0]["status"].as_str(), ends[0]["why"].as_str()), (Some("confused"), Some("ran out")));
    let staggers: Vec<_> = events(&trace, "log").into_iter().filter(|e| e["message"] == "staggers").collect();
    assert_eq!(staggers.len(), 10, "ten turns of confused steps");
    assert!(staggers.iter().all(|e| e["source"] == "confusion"));
    let (start, end) = (starts[0]["turn"].as_u64().unwrap(), ends[0]["turn"].as_u64().unwrap());
    assert_eq!(end - start, 9, "confused from turn {start} to turn {end}");
    // Its own brain is back: the goblin hunts and fights through core_combat again.
    let after: Vec<_> = trace.iter().filter(|e| e["turn"].as_u64().unwrap() > end).collect();
    assert!(!after.iter().any(|e| e["message"] == "staggers"));
}
