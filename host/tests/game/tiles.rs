//! The tile atlas against the records: every tile any first-party record
//! names is in `assets/tiles.txt`; a broken atlas stops the start with a
//! message naming the file, and a record's missing tile is a warning naming
//! the record, the file and the tile (the tile view draws its glyph).

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::*;
use emberdeep_engine::data::tile_index::{TileIndex, HOST_TILES};

/// The tile names of the atlas index, as the engine reads it.
fn atlas_tiles() -> BTreeSet<String> {
    let index = TileIndex::read(&root().join("assets/tiles.txt")).expect("assets/tiles.txt");
    index.tiles().map(|(name, _, _)| name.to_string()).collect()
}

/// Every `.toml` file under `dir`, at any depth.
fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(toml_files(&path));
        } else if path.extension().is_some_and(|x| x == "toml") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// Every `tile = "..."` of a TOML value, with the record's id.
fn tiles_in(value: &toml::Value, out: &mut Vec<(String, String)>) {
    match value {
        toml::Value::Table(t) => {
            if let Some(toml::Value::String(tile)) = t.get("tile") {
                let id = t.get("id").and_then(|v| v.as_str()).unwrap_or("?").to_string();
                out.push((id, tile.clone()));
            }
            t.values().for_each(|v| tiles_in(v, out));
        }
        toml::Value::Array(a) => a.iter().for_each(|v| tiles_in(v, out)),
        _ => {}
    }
}

#[test]
fn every_record_of_every_plugin_names_a_tile_the_atlas_has() {
    let atlas = atlas_tiles();
    let mut checked = 0;
    for file in toml_files(&root().join("data")) {
        let value: toml::Value = toml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let mut tiles = Vec::new();
        tiles_in(&value, &mut tiles);
        // A plugin's own sheet, beside its records, adds to the atlas.
        let own = file.parent().unwrap().join("tiles.txt");
        let mut known = atlas.clone();
        if own.exists() {
            let index = TileIndex::read(&own).unwrap_or_else(|e| panic!("{}: {e}", own.display()));
            known.extend(index.tiles().map(|(name, _, _)| name.to_string()));
        }
        for (id, tile) in tiles {
            assert!(
                known.contains(&tile),
                "{}: '{id}' names tile '{tile}', in neither assets/tiles.txt nor its plugin's tiles.txt",
                file.display()
            );
            checked += 1;
        }
    }
    // core_combat alone has seven monsters and a potion.
    assert!(checked >= 8, "only {checked} records checked");
    for tile in HOST_TILES {
        assert!(atlas.contains(tile), "{tile}");
    }
}

/// A copy of the repository's `data/` in a temp folder, as `<tmp>/data`.
fn data_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    for file in toml_files(&root().join("data")) {
        let rel = file.strip_prefix(root().join("data")).unwrap();
        std::fs::create_dir_all(data.join(rel).parent().unwrap()).unwrap();
        std::fs::copy(&file, data.join(rel)).unwrap();
    }
    (tmp, data)
}

#[test]
fn a_record_naming_a_missing_tile_is_a_warning_naming_record_file_and_tile() {
    let (_tmp, data) = data_copy();
    let monsters = data.join("core_combat/monsters.toml");
    let records = std::fs::read_to_string(&monsters).unwrap();
    std::fs::write(&monsters, records.replace("tile = \"monster_jackal\"", "tile = \"monster_jackall\"")).unwrap();
    let out = run(&["--plugins", "core_combat", "--data-dir", data.to_str().unwrap(), "--headless"]);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "the game starts: {stderr}");
    let warned: Vec<&str> = stderr.lines().filter(|l| l.contains("monster_jackall")).collect();
    assert_eq!(warned.len(), 1, "one line: {stderr}");
    assert!(
        warned[0].contains("data/core_combat/monsters.toml: monster 'jackal' names tile 'monster_jackall', which"),
        "{stderr}"
    );
    assert!(warned[0].contains("assets/tiles.txt nor a plugin's tiles.txt has; the tile view draws its glyph 'j'"));
}

#[test]
fn an_atlas_that_does_not_load_is_named() {
    let assets = tempfile::tempdir().unwrap();
    std::fs::copy(root().join("assets/tiles.txt"), assets.path().join("tiles.txt")).unwrap();
    std::fs::write(assets.path().join("tiles.png"), b"not a png").unwrap();
    let out = run(&["--assets-dir", assets.path().to_str().unwrap(), "--headless"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("tiles.png: cannot read the tile atlas"), "{stderr}");
    std::fs::remove_file(assets.path().join("tiles.txt")).unwrap();
    let out = run(&["--assets-dir", assets.path().to_str().unwrap(), "--headless"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("tiles.txt: cannot read the tile atlas"), "{stderr}");
}

#[test]
fn a_tile_outside_the_atlas_image_is_named_with_its_index_line() {
    let assets = tempfile::tempdir().unwrap();
    std::fs::copy(root().join("assets/tiles.png"), assets.path().join("tiles.png")).unwrap();
    let index = std::fs::read_to_string(root().join("assets/tiles.txt")).unwrap();
    let line = index.lines().count() + 1;
    std::fs::write(assets.path().join("tiles.txt"), format!("{index}far_away 999 0\n")).unwrap();
    let out = run(&["--assets-dir", assets.path().to_str().unwrap(), "--headless"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains(&format!("tiles.txt:{line}: tile 'far_away' lies outside the ")), "{stderr}");
}

#[test]
fn the_atlas_loads_and_the_tile_view_screenshot_works() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("tiles.png");
    let scenario = scenario("potion.txt");
    let out = run(&[
        "--plugins",
        "core_combat",
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--view",
        "tiles",
        "--screenshot",
        png.to_str().unwrap(),
    ]);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let (width, height, rgba) = decode_png(&png);
    assert_eq!((width, height), (1600, 900));
    let first = &rgba[..4];
    assert!(rgba.chunks(4).any(|px| px != first), "the screenshot is not one flat color");
}
