//! The record files' JSON Schema and reference: the committed
//! `docs/records.schema.json` and `docs/records.md` are what the code makes,
//! the schema takes every shipped record file, and it refuses the mistakes
//! the loader refuses.
//!
//! After changing a record field, write both files anew with
//! `EMBERDEEP_BLESS=1 cargo test -p emberdeep_engine --test records_schema`
//! and commit them.

use std::path::{Path, PathBuf};

use emberdeep_engine::data::records_doc;
use serde_json::Value;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository")
}

/// Compares a committed file with what the code makes; writes it instead
/// under `EMBERDEEP_BLESS=1`.
fn check_committed(relative: &str, made: &str) {
    let path = repo().join(relative);
    if std::env::var_os("EMBERDEEP_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, made).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != made {
        let line = committed
            .lines()
            .zip(made.lines())
            .position(|(a, b)| a != b)
            .map_or_else(|| committed.lines().count().min(made.lines().count()) + 1, |i| i + 1);
        panic!(
            "{relative} is not what the code makes (first difference at line {line}).\n\
             Write it anew with `EMBERDEEP_BLESS=1 cargo test -p emberdeep_engine --test records_schema` \
             and commit it."
        );
    }
}

#[test]
fn the_committed_schema_is_what_the_code_makes() {
    check_committed("docs/records.schema.json", &records_doc::schema_text());
}

#[test]
fn the_committed_reference_is_what_the_code_makes() {
    check_committed("docs/records.md", &records_doc::reference());
}

/// The record files under `data/`, but the host's, sorted.
fn shipped_record_files() -> Vec<PathBuf> {
    let data = repo().join("data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&data)
        .expect("the data folder")
        .flatten()
        .map(|e| e.path())
        .filter(|d| d.is_dir() && !d.ends_with("host"))
        .flat_map(|d| std::fs::read_dir(d).expect("a plugin's data folder").flatten().map(|e| e.path()))
        .filter(|f| f.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// A record file's TOML as JSON, for the schema.
fn as_json(text: &str) -> Value {
    let value: toml::Value = toml::from_str(text).expect("a record file is TOML");
    serde_json::to_value(value).expect("TOML is JSON")
}

fn validator() -> jsonschema::Validator {
    let schema = emberdeep_engine::data::records::raw::json_schema();
    assert!(jsonschema::meta::is_valid(&schema), "the schema is a JSON Schema");
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// Why the schema refuses `text`, one line per error; empty if it takes it.
fn refusals(validator: &jsonschema::Validator, text: &str) -> String {
    let json = as_json(text);
    validator.iter_errors(&json).map(|e| format!("{}: {e}", e.instance_path())).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_schema_takes_every_shipped_record_file() {
    let validator = validator();
    let files = shipped_record_files();
    assert!(files.len() >= 8, "the shipped record files were found: {files:?}");
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let errors = refusals(&validator, &text);
        assert!(errors.is_empty(), "{} is refused:\n{errors}", file.display());
    }
    // The host's rules file holds only settings: the schema takes it too,
    // though only the loader knows the host's names and ranges.
    let rules = std::fs::read_to_string(repo().join("data/host/rules.toml")).unwrap();
    assert_eq!(refusals(&validator, &rules), "");
}

/// Every shipped item names its role, one the host knows: what it is for
/// (`healing`, `aimed`...), or, written out, `none` for a thing the bot
/// and the host must assume nothing of (a ring worn for good, a staff of
/// blinking, a charm of negation). A record that leaves the role out
/// fails: it may be one its author forgot.
#[test]
fn every_shipped_item_says_what_it_is_for() {
    for file in shipped_record_files() {
        let json = as_json(&std::fs::read_to_string(&file).unwrap());
        for item in json["item"].as_array().into_iter().flatten() {
            let role = item["role"].as_str().unwrap_or("(left out)");
            let known = emberdeep_engine::data::records::ItemRole::from_name(role);
            assert!(known.is_some(), "{}: {} has no role the host knows: {role}", file.display(), item["id"]);
        }
    }
}

/// One of the shipped files with `from` replaced by `to`.
fn mutated(file: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(repo().join("data").join(file)).unwrap();
    assert!(text.contains(from), "{file} holds `{from}`");
    text.replacen(from, to, 1)
}

#[test]
fn the_schema_refuses_broken_records() {
    let validator = validator();
    let cases = [
        ("core_combat/monsters.toml", "sight = 6\n", "sight = 6\nsigth = 6\n", "sigth"),
        ("core_combat/items.toml", "stacks = true\n", "stacks = true\nstack = true\n", "stack"),
        ("core_combat/monsters.toml", "color = [225, 225, 215]", "color = [225, 225, 215, 255]", "/monster/0/color"),
        ("core_combat/items.toml", "color = [220, 60, 100]", "color = [220, 60, 300]", "/item/0/color/2"),
        ("core_combat/items.toml", "role = \"healing\"", "role = \"heling\"", "/item/0/role"),
        ("equipment/weapons.toml", "floors = [1, 6]", "floors = [0, 6]", "/item/0/floors/0"),
        ("core_combat/monsters.toml", "floors = [1, 3]", "floors = [0, 3]", "/monster/0/floors/0"),
        ("ranged_combat/monsters.toml", "every = 1 }", "every = 0 }", "/monster/0/ranged/every"),
        ("ranged_combat/monsters.toml", "range = 7, every", "reach = 7, every", "reach"),
        ("ranged_combat/items.toml", "found = [6, 12]", "found = [6, 12, 18]", "/item/3/found"),
        ("equipment/weapons.toml", "fist_damage_max = 2", "fist_damage_max = -2", "/settings/fist_damage_max"),
        ("fireball/items.toml", "radius = 2", "radius = 2000000", "/item/0/params/radius"),
        ("core_combat/monsters.toml", "glyph = \"r\"", "glyph = \"rr\"", "/monster/0/glyph"),
        ("core_combat/monsters.toml", "id = \"jackal\"", "id = \"jack al\"", "/monster/1/id"),
        ("core_combat/monsters.toml", "hp = 4\n", "", "hp"),
        ("core_combat/monsters.toml", "[settings]", "[setting]", "setting"),
    ];
    for (file, from, to, wanted) in cases {
        let errors = refusals(&validator, &mutated(file, from, to));
        assert!(!errors.is_empty(), "{file} with `{to}` is taken");
        assert!(errors.contains(wanted), "{file} with `{to}`: wanted an error about `{wanted}`, got:\n{errors}");
    }
}
