//! A plugin's own tiles: the `tiled` test plugin's data folder holds
//! `tiles.png` and `tiles.txt` beside its records, and its wisp is drawn
//! with them in the tile view. A sheet the host cannot use (a name the
//! game's atlas or another plugin's sheet has, a file that is not a PNG, a
//! truncated PNG, a sheet too large) is refused in one line and the run
//! goes on; a record whose tile no sheet has is warned of and drawn by its
//! glyph.

use crate::common;

use std::path::{Path, PathBuf};

use common::*;

/// The pink only the wisp's sprite is drawn in.
const PINK: [u8; 3] = [0xff, 0x00, 0xc8];
/// The wisp's colour, its glyph's when its tile is missing.
const YELLOW: [u8; 3] = [250, 250, 40];

/// The tiled plugin's data folder in the repository.
fn tiled_data() -> PathBuf {
    root().join("host/tests/plugins/tiled/data/tiled")
}

/// A plugin folder with core_combat, the tiled plugin and its data
/// folder, `edit` applied to that copy of the data folder.
fn folder_with(edit: impl Fn(&Path)) -> tempfile::TempDir {
    let libs = [first_party("core_combat"), test_plugin("tiled")];
    let folder = plugin_folder_with_data(&libs, &[tiled_data()]);
    edit(&folder.path().join("tiled"));
    folder
}

/// The wisp's scenario in the tile view, screenshot taken: the run's
/// stderr and how many pixels of the screenshot are `colour`.
fn shoot(folder: &Path, colour: [u8; 3]) -> (String, usize) {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("shot.png");
    let s = scenario("wisp.txt");
    let args = [
        "--plugin-dir",
        folder.to_str().unwrap(),
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--view",
        "tiles",
        "--screenshot",
        png.to_str().unwrap(),
    ];
    let out = run(&args);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "the run plays on: {stderr}");
    let (_, _, rgba) = decode_png(&png);
    (stderr, rgba.chunks(4).filter(|px| px[..3] == colour).count())
}

/// The lines of `stderr` that contain `what`.
fn lines_with<'a>(stderr: &'a str, what: &str) -> Vec<&'a str> {
    stderr.lines().filter(|l| l.contains(what)).collect()
}

/// The one warning that the wisp's tile is in no sheet, so it is drawn by its glyph.
fn assert_wisp_falls_back(stderr: &str) {
    let warned = lines_with(stderr, "monster 'wisp' names tile 'wisp'");
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(warned[0].starts_with("emberdeep: warning: ") && warned[0].contains("draws its glyph"), "{stderr}");
}

#[test]
fn a_plugins_own_tile_draws_its_monster_in_the_tile_view() {
    let folder = folder_with(|_| {});
    let (stderr, pink) = shoot(folder.path(), PINK);
    assert!(!stderr.contains("warning"), "{stderr}");
    // The sprite is mostly pink, doubled to 32x32.
    assert!(pink > 200, "the wisp is drawn with its own tile: {pink} pink pixels");
}

#[test]
fn a_tile_name_the_games_atlas_has_is_refused_in_one_line_naming_both() {
    let folder = folder_with(|data| {
        let index = std::fs::read_to_string(data.join("tiles.txt")).unwrap();
        std::fs::write(data.join("tiles.txt"), index.replace("wisp 0 0", "monster_rat 0 0")).unwrap();
    });
    let (stderr, pink) = shoot(folder.path(), PINK);
    let refused = lines_with(&stderr, "tile 'monster_rat'");
    assert_eq!(refused.len(), 1, "one line: {stderr}");
    let line = refused[0];
    assert!(line.contains("the tiles of plugin 'tiled' are not used"), "{line}");
    assert!(line.contains("tiled/tiles.txt:4: tile 'monster_rat'"), "the plugin's file and line: {line}");
    assert!(line.contains("assets/tiles.txt:"), "the game's atlas: {line}");
    assert_eq!(pink, 0, "the sheet is not used");
    assert_wisp_falls_back(&stderr);
}

#[test]
fn a_tile_name_another_plugins_sheet_has_is_refused_naming_both() {
    // frost loads first (by name) and brings a copy of the wisp's sheet.
    let libs = [first_party("core_combat"), test_plugin("frost"), test_plugin("tiled")];
    let frost = root().join("host/tests/plugins/frost/data/frost");
    let folder = plugin_folder_with_data(&libs, &[frost, tiled_data()]);
    for file in ["tiles.png", "tiles.txt"] {
        std::fs::copy(tiled_data().join(file), folder.path().join("frost").join(file)).unwrap();
    }
    let (stderr, pink) = shoot(folder.path(), PINK);
    let refused = lines_with(&stderr, "tile 'wisp'");
    assert_eq!(refused.len(), 1, "one line: {stderr}");
    let line = refused[0];
    assert!(line.contains("the tiles of plugin 'tiled' are not used"), "{line}");
    assert!(line.contains("tiled/tiles.txt:4:") && line.contains("frost/tiles.txt:4"), "both files: {line}");
    assert!(pink > 200, "frost's copy of the tile draws the wisp");
}

#[test]
fn a_sheet_that_is_not_a_png_is_refused_in_one_line() {
    let folder = folder_with(|data| std::fs::write(data.join("tiles.png"), b"GIF89a, not a PNG at all").unwrap());
    let (stderr, pink) = shoot(folder.path(), PINK);
    let refused = lines_with(&stderr, "tiles.png");
    assert_eq!(refused.len(), 1, "one line: {stderr}");
    assert!(refused[0].contains("the tiles of plugin 'tiled' are not used"), "{stderr}");
    assert!(refused[0].contains("tiled/tiles.png: not a PNG image"), "{stderr}");
    assert_eq!(pink, 0);
    assert_wisp_falls_back(&stderr);
}

#[test]
fn a_truncated_png_is_refused_in_one_line() {
    let folder = folder_with(|data| {
        let png = std::fs::read(data.join("tiles.png")).unwrap();
        std::fs::write(data.join("tiles.png"), &png[..png.len() / 2]).unwrap();
    });
    let (stderr, pink) = shoot(folder.path(), PINK);
    let refused = lines_with(&stderr, "tiles.png");
    assert_eq!(refused.len(), 1, "one line: {stderr}");
    assert!(refused[0].contains("the tiles of plugin 'tiled' are not used"), "{stderr}");
    assert!(refused[0].contains("tiled/tiles.png: cannot decode the PNG"), "{stderr}");
    assert_eq!(pink, 0);
    assert_wisp_falls_back(&stderr);
}

/// A PNG `width` x `height`, every pixel pink, written by SDL_image.
fn pink_png(path: &Path, width: u32, height: u32) {
    use sdl3::image::SaveSurface;
    let mut pixels: Vec<u8> = [0xff, 0x00, 0xc8, 0xff].repeat((width * height) as usize);
    let format = sdl3::pixels::PixelFormat::RGBA32;
    let surface = sdl3::surface::Surface::from_data(&mut pixels, width, height, width * 4, format).unwrap();
    surface.save(path).unwrap();
}

#[test]
fn a_sheet_too_large_is_refused_in_one_line() {
    let folder = folder_with(|data| pink_png(&data.join("tiles.png"), 1025, 18));
    let (stderr, pink) = shoot(folder.path(), PINK);
    let refused = lines_with(&stderr, "tiles.png");
    assert_eq!(refused.len(), 1, "one line: {stderr}");
    assert!(refused[0].contains("the tiles of plugin 'tiled' are not used"), "{stderr}");
    assert!(refused[0].contains("tiled/tiles.png: the sheet is 1025x18 pixels; at most 1024x1024"), "{stderr}");
    assert_eq!(pink, 0);
    assert_wisp_falls_back(&stderr);
    // As large as allowed, it is used.
    let folder = folder_with(|data| pink_png(&data.join("tiles.png"), 1024, 1024));
    let (stderr, pink) = shoot(folder.path(), PINK);
    assert!(!stderr.contains("warning"), "{stderr}");
    assert!(pink >= 32 * 32, "the wisp's cell is the sheet's pink: {pink}");
}

#[test]
fn a_record_whose_tile_no_sheet_has_is_warned_and_drawn_by_its_glyph() {
    let folder = folder_with(|data| {
        let records = std::fs::read_to_string(data.join("monsters.toml")).unwrap();
        std::fs::write(data.join("monsters.toml"), records.replace("tile = \"wisp\"", "tile = \"wisp_gone\"")).unwrap();
    });
    let (stderr, yellow) = shoot(folder.path(), YELLOW);
    let warned = lines_with(&stderr, "tile 'wisp_gone'");
    assert_eq!(warned.len(), 1, "{stderr}");
    assert!(warned[0].contains("tiled/monsters.toml: monster 'wisp' names tile 'wisp_gone'"), "{stderr}");
    assert!(warned[0].contains("draws its glyph 'w'"), "{stderr}");
    assert!(yellow > 10, "the yellow w is drawn: {yellow}");
    let (_, pink) = shoot(folder.path(), PINK);
    assert_eq!(pink, 0, "not another tile");
}

#[test]
fn half_a_sheet_is_refused_in_one_line() {
    let folder = folder_with(|data| std::fs::remove_file(data.join("tiles.txt")).unwrap());
    let (stderr, _) = shoot(folder.path(), PINK);
    let refused = lines_with(&stderr, "are not used");
    assert_eq!(refused.len(), 1, "one line: {stderr}");
    assert!(refused[0].contains("tiled/tiles.txt: not there, though tiles.png is"), "{stderr}");
    assert_wisp_falls_back(&stderr);
}
