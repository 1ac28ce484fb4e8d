//! Drawing never changes the game or its trace. Plugins asked while a frame
//! is drawn (a view, the side panel's and the pack screen's hooks) may talk
//! on the console under their name, but what they say never reaches the
//! trace; a view that fails is named, the glyph view takes over, and the
//! run goes on as it would have.

use crate::common;

use std::path::Path;
use std::rc::Rc;

use common::*;
use emberdeep::front::app::App;
use emberdeep::front::atlas::{default_assets_dir, Atlas};
use emberdeep::front::keys::parse_keys;
use emberdeep::front::ui::{self, Frontend};
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::records::default_data_dir;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::Game;

/// Walks, opens the pack and closes it, waits: turns that play, screens that show.
const KEYS: &str = "l l j i Esc . h k . . l";

/// Plays `KEYS` with the plugins of `folder` in `view`, drawing `frames`
/// frames after every key; the trace, and the app for a look at the end.
fn play(folder: &Path, view: &str, frames: usize) -> (String, App) {
    let plugins = Rc::new(load_plugins(folder, None).expect("the plugins load"));
    let records = Rc::new(load_records(&default_data_dir(), &plugins.registered()).expect("the records load"));
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("trace.jsonl");
    let game = Game::fresh(8, plugins, records, Trace::to_file(&path).expect("a trace file"));
    let mut app = App::with_host_views(game);
    app.select_view(view).expect("the view is there");
    let atlas = Atlas::load(&default_assets_dir()).expect("the atlas loads");
    ui::with_offscreen(&atlas, |frame| {
        for key in parse_keys(KEYS).expect("keys") {
            app.press(key);
            for _ in 0..frames {
                let model = app.model();
                if let Some(e) = frame.draw(&model, app.views()).expect("a frame") {
                    app.view_failed(&e);
                }
            }
        }
    })
    .expect("an offscreen renderer");
    app.game.quit_run();
    app.take_trace().finish().expect("the trace is written");
    (std::fs::read_to_string(&path).expect("the trace"), app)
}

#[test]
fn a_thousand_frames_of_a_talkative_plugin_leave_the_trace_as_no_frame_does() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("noisy_view")]);
    let (unseen, _) = play(folder.path(), "noisy", 0);
    let (drawn, _) = play(folder.path(), "noisy", 100);
    assert!(unseen.lines().count() > 10, "the run traced its turns:\n{unseen}");
    assert!(!drawn.contains("\"source\":\"noisy_view\""), "nothing the plugin said while drawing is in the trace");
    assert_eq!(drawn, unseen, "the same trace, byte for byte");
}

#[test]
fn what_a_plugin_says_while_drawing_is_on_the_console_under_its_name() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("noisy_view")]);
    let dir = tempfile::tempdir().unwrap();
    let (plain, shot) = (dir.path().join("plain.jsonl"), dir.path().join("shot.jsonl"));
    let png = dir.path().join("shot.png");
    let args = |trace: &Path| {
        let mut a = vec!["--plugin-dir".to_string(), folder.path().display().to_string(), "--headless".into()];
        a.extend(["--seed", "8", "--view", "noisy", "--keys", KEYS, "--trace"].map(String::from));
        a.push(trace.display().to_string());
        a
    };
    let quiet = std::process::Command::new(bin()).args(args(&plain)).env_remove("RUST_LOG").output().unwrap();
    assert!(quiet.status.success(), "{}", text(&quiet).1);
    let talk = std::process::Command::new(bin())
        .args(args(&shot))
        .args(["--screenshot", png.to_str().unwrap()])
        .env("RUST_LOG", "info")
        .output()
        .unwrap();
    let stderr = text(&talk).1;
    assert!(talk.status.success(), "{stderr}");
    for said in ["[noisy_view] noisy draws the map", "[noisy_view] noisy fills the panel"] {
        assert!(stderr.contains(said), "'{said}' on the console:\n{stderr}");
    }
    assert!(stderr.contains("noisy_view") && stderr.contains("roll a die"), "the refused roll is named:\n{stderr}");
    assert_eq!(
        std::fs::read(&shot).unwrap(),
        std::fs::read(&plain).unwrap(),
        "the trace with --screenshot is the same"
    );
}

#[test]
fn a_view_that_panics_is_named_and_the_glyph_view_takes_over() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("panicky_view")]);
    let (untouched, _) = play(folder.path(), "panicky", 0);
    let (drawn, mut app) = play(folder.path(), "panicky", 3);
    assert_eq!(drawn, untouched, "the run's trace is unchanged");
    let views = app.views();
    assert_eq!(views.current.plugin(), "host", "the game went on in the host's view");
    assert_eq!(app.view_names()[0], "glyphs");
    // The notice lasts until the next key; the keys went on after it, so make the view fail once more.
    app.select_view("panicky").unwrap();
    let atlas = Atlas::load(&default_assets_dir()).unwrap();
    let rgba = ui::render_front(&mut app, &atlas).expect("a frame");
    let log: Vec<String> = app.model().log.iter().map(|l| l.text.clone()).collect();
    let notice = log.last().cloned().unwrap_or_default();
    assert!(notice.contains("panicky") && notice.contains("panicky_view") && notice.contains("panicked"), "{log:?}");
    assert!(notice.contains("glyph view"), "{notice}");
    let blue = rgba.chunks(4).filter(|p| p[..3] == [0, 0, 255]).count();
    assert_eq!(blue, 0, "nothing the failed view drew is left on screen");
    assert_eq!(Frontend::views(&app).current.plugin(), "host");
}

#[test]
fn a_headless_screenshot_through_a_panicking_view_names_the_plugin() {
    let folder = plugin_folder(&[first_party("core_combat"), test_plugin("panicky_view")]);
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    let (with_view, without) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    let base = ["--plugin-dir", folder.path().to_str().unwrap(), "--headless", "--seed", "8", "--keys", KEYS];
    let out = run(&[
        &base[..],
        &["--view", "panicky", "--screenshot", png.to_str().unwrap(), "--trace", with_view.to_str().unwrap()],
    ]
    .concat());
    let stderr = text(&out).1;
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("panicky_view") && stderr.contains("panicked"), "the console names the plugin:\n{stderr}");
    let (w, h, _) = decode_png(&png);
    assert_eq!((w, h), (1600, 900));
    assert!(run(&[&base[..], &["--trace", without.to_str().unwrap()]].concat()).status.success());
    assert_eq!(std::fs::read(&with_view).unwrap(), std::fs::read(&without).unwrap(), "the same run");
}
