//! The replay timeline from the command line (`--replay FILE --at TURN`,
//! docs/replay.md): it writes the replay's trace and nothing else, drawn
//! or not; a turn past the end, a number that is none and a damaged
//! recording each get one line. The timeline itself, seeked in process, is
//! in `timeline.rs`.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use common::{plugin_dir, root, run, text};
use emberdeep::drivers::lab::key_player;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::plugins::loader::load_plugins;

/// The recorded runs' seeds start here.
const SEED: u64 = 3;

/// A recording of a run, in a file.
fn recorded(dir: &Path, seed: u64, turns: u64) -> std::path::PathBuf {
    let plugins = Rc::new(load_plugins(&plugin_dir(), None).expect("the plugins load"));
    let records = Rc::new(load_records(&root().join("data"), &plugins.registered()).expect("the records load"));
    let path = dir.join("run.json");
    key_player::play(seed, plugins, records, turns).save(&path).unwrap();
    path
}

#[test]
fn the_timeline_writes_the_replays_trace_and_seeking_or_drawing_writes_nothing_more() {
    let dir = tempfile::tempdir().unwrap();
    let rec = recorded(dir.path(), SEED + 2, 400);
    let (plain, timeline) = (dir.path().join("plain.jsonl"), dir.path().join("timeline.jsonl"));
    let rec = rec.to_str().unwrap();
    let out = run(&["--headless", "--replay", rec, "--trace", plain.to_str().unwrap()]);
    assert!(out.status.success(), "{:?}", text(&out));
    let png = dir.path().join("at-200.png");
    let out = run(&["--headless", "--replay", rec, "--at", "200", "--trace", timeline.to_str().unwrap()]);
    assert!(out.status.success(), "{:?}", text(&out));
    let drawn = dir.path().join("drawn.jsonl");
    let args = ["--headless", "--replay", rec, "--at", "150", "--screenshot", png.to_str().unwrap()];
    let drawing = run(&[&args[..], &["--trace", drawn.to_str().unwrap()]].concat());
    assert!(drawing.status.success(), "{:?}", text(&drawing));
    assert!(std::fs::metadata(&png).unwrap().len() > 10_000, "the turn was drawn");
    assert!(
        std::fs::read(&drawn).unwrap() == std::fs::read(&plain).unwrap(),
        "drawing the timeline wrote nothing more"
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.starts_with("Replay: turn 2"), "{stdout}");
    let (a, b) = (std::fs::read(&plain).unwrap(), std::fs::read(&timeline).unwrap());
    assert!(a.len() > 10_000, "the trace has the run");
    assert!(a == b, "the timeline's trace is the replay's, byte for byte");
}

#[test]
fn a_turn_past_the_end_or_a_damaged_recording_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let rec = recorded(dir.path(), SEED + 3, 60);
    let rec = rec.to_str().unwrap();
    let out = run(&["--headless", "--replay", rec, "--at", "0"]);
    assert!(out.status.success(), "{:?}", text(&out));
    let last: u64 = {
        let (stdout, _) = text(&out);
        let words: Vec<&str> = stdout.split_whitespace().collect();
        words[4].parse().unwrap()
    };
    for at in [format!("{}", last + 1), "99999999999999999999999999".into(), "-3".into(), "ten".into()] {
        let out = run(&["--headless", "--replay", rec, &format!("--at={at}")]);
        let (_, stderr) = text(&out);
        assert!(!out.status.success(), "--at {at} is refused");
        assert_eq!(stderr.lines().count(), 1, "one line for --at {at}: {stderr}");
        assert!(stderr.contains(&format!("{last}")), "the last turn is named: {stderr}");
    }
    let whole = std::fs::read_to_string(rec).unwrap();
    let cut = dir.path().join("cut.json");
    std::fs::write(&cut, &whole[..whole.len() / 2]).unwrap();
    let out = run(&["--headless", "--replay", cut.to_str().unwrap(), "--at", "3"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("not a recording"), "{stderr}");
}
