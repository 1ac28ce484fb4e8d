//! The binary's layers: no module imports one that imports it back, and
//! dependencies run one way: drivers, then the front end, then the engine.

#[path = "../../engine/tests/imports/mod.rs"]
mod imports;

use std::path::Path;

fn binary() -> imports::Crate {
    imports::read_crate(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn the_binary_has_no_import_circles() {
    let krate = binary();
    assert!(krate.files.len() > 20, "the binary's modules were read");
    let circles = imports::circles(&krate);
    let text: Vec<String> = circles.iter().map(|c| imports::describe(c)).collect();
    assert!(circles.is_empty(), "import circles in the binary:\n  {}", text.join("\n\n  "));
}

#[test]
fn the_front_end_never_reaches_up_into_the_drivers() {
    let krate = binary();
    let mut wrong = Vec::new();
    for (module, imported) in &krate.imports {
        if module.first().map(String::as_str) != Some("front") {
            continue;
        }
        for (target, line) in imported {
            if target.first().map(String::as_str) == Some("drivers") {
                wrong.push(format!("{} -> {}  ({line})", imports::name(module), imports::name(target)));
            }
        }
    }
    assert!(wrong.is_empty(), "the front end imports drivers:\n  {}", wrong.join("\n  "));
}

/// The drivers' folders in order, lowest first: the command line (and the
/// progress it shows, the confinement, and the console every report is
/// printed through), playing a run, the lab's runs, looking back at runs,
/// then plugin packages.
const DRIVER_LAYERS: [imports::Layer; 5] = [
    imports::Layer {
        name: "the command line",
        prefixes: &["drivers::cli", "drivers::progress", "drivers::confine", "drivers::console"],
    },
    imports::Layer { name: "play", prefixes: &["drivers::play"] },
    imports::Layer { name: "lab", prefixes: &["drivers::lab"] },
    imports::Layer { name: "review", prefixes: &["drivers::review"] },
    imports::Layer { name: "packages", prefixes: &["drivers::packages"] },
];

#[test]
fn the_driver_folders_import_only_those_before_them() {
    let krate = binary();
    let unplaced: Vec<String> = krate
        .files
        .keys()
        .filter(|m| m.first().map(String::as_str) == Some("drivers") && m.len() > 1)
        .filter(|m| imports::layer_of(&DRIVER_LAYERS, m).is_none())
        .map(imports::name)
        .collect();
    assert!(unplaced.is_empty(), "driver modules in no folder of the order: {unplaced:?}");
    let wrong = imports::imports_against(&krate, &DRIVER_LAYERS);
    assert!(wrong.is_empty(), "imports against the drivers' folder order:\n  {}", wrong.join("\n  "));
}
