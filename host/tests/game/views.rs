//! The views as a player meets them: `F2` cycles the host's glyph and tile
//! views and then the views plugins registered, `--view NAME` starts in one,
//! and each draws the map its own way (screenshots decoded and compared).

use crate::common;

use std::path::Path;

use common::*;

/// A plugin folder with core_combat and the test plugin whose view is `checker`.
fn folder_with_checker() -> tempfile::TempDir {
    plugin_folder(&[first_party("core_combat"), test_plugin("checker_view")])
}

/// A screenshot's RGBA pixels after the scripted `keys`, with `extra` arguments.
fn shot(plugins: &Path, keys: &str, extra: &[&str]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    let scenario = scenario("jackal_then_goblin.txt");
    let mut args = vec![
        "--plugin-dir",
        plugins.to_str().unwrap(),
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        keys,
        "--screenshot",
        png.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let out = run(&args);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stderr}");
    let (width, height, rgba) = decode_png(&png);
    assert_eq!((width, height), (1600, 900));
    rgba
}

/// How many pixels two screenshots differ in.
fn differing(a: &[u8], b: &[u8]) -> usize {
    a.chunks(4).zip(b.chunks(4)).filter(|(x, y)| x != y).count()
}

#[test]
fn f2_cycles_glyphs_tiles_then_the_plugin_view_and_back() {
    let folder = folder_with_checker();
    let dir = folder.path();
    let glyphs = shot(dir, "h", &["--view", "glyphs"]);
    let tiles = shot(dir, "h", &["--view", "tiles"]);
    let checker = shot(dir, "h", &["--view", "checker"]);
    assert_eq!(differing(&shot(dir, "h", &[]), &glyphs), 0, "the game starts in the glyph view");
    assert_eq!(differing(&shot(dir, "h F2", &[]), &tiles), 0, "F2 once: tiles");
    assert_eq!(differing(&shot(dir, "h F2 F2", &[]), &checker), 0, "F2 twice: the plugin's view");
    assert_eq!(differing(&shot(dir, "h F2 F2 F2", &[]), &glyphs), 0, "F2 thrice: back to glyphs");
}

#[test]
fn the_three_views_draw_the_same_scenario_differently() {
    let folder = folder_with_checker();
    let dir = folder.path();
    let glyphs = shot(dir, "h", &["--view", "glyphs"]);
    let tiles = shot(dir, "h", &["--view", "tiles"]);
    let checker = shot(dir, "h", &["--view", "checker"]);
    // The map area differs (thousands of pixels), the panel and log do not.
    for (a, b, what) in
        [(&glyphs, &tiles, "glyphs/tiles"), (&glyphs, &checker, "glyphs/checker"), (&tiles, &checker, "tiles/checker")]
    {
        let n = differing(a, b);
        assert!(n > 2000, "{what}: only {n} pixels differ");
    }
    // The checker view's magenta squares are its own.
    let magenta = |rgba: &[u8]| rgba.chunks(4).filter(|p| p[..3] == [200, 40, 160]).count();
    assert!(magenta(&checker) > 1000, "the checkerboard is drawn");
    assert_eq!(magenta(&glyphs) + magenta(&tiles), 0);
}

#[test]
fn an_unknown_view_lists_the_views_there_are() {
    let folder = folder_with_checker();
    let out = run(&["--plugin-dir", folder.path().to_str().unwrap(), "--headless", "--view", "nosuch"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("no view named 'nosuch'"), "{stderr}");
    assert!(stderr.contains("glyphs, tiles, checker"), "{stderr}");
}
