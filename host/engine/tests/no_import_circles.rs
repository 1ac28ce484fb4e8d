//! The engine's imports: no module imports one that imports it back, and
//! the folders keep their order (lowest first): `core`, `data`, the plugin
//! loader and registry (`plugins/` but its boundary), `world`, the boundary
//! (`plugins/boundary`), `rules`. A folder imports only those before it.

mod imports;

use std::path::Path;

use imports::Layer;

/// The engine's folders in order, lowest first (ARCHITECTURE.md and the
/// crate's own docs say the same).
const ENGINE_LAYERS: [Layer; 6] = [
    Layer { name: "core", prefixes: &["core"] },
    Layer { name: "data", prefixes: &["data"] },
    Layer { name: "plugins", prefixes: &["plugins"] },
    Layer { name: "world", prefixes: &["world"] },
    Layer { name: "the boundary", prefixes: &["plugins::boundary"] },
    Layer { name: "rules", prefixes: &["rules"] },
];

fn engine() -> imports::Crate {
    imports::read_crate(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn the_engine_has_no_import_circles() {
    let krate = engine();
    assert!(krate.files.len() > 20, "the engine's modules were read: {:?}", krate.files.keys().collect::<Vec<_>>());
    let circles = imports::circles(&krate);
    let text: Vec<String> = circles.iter().map(|c| imports::describe(c)).collect();
    assert!(circles.is_empty(), "import circles in the engine:\n  {}", text.join("\n\n  "));
}

#[test]
fn the_engine_folders_import_only_those_before_them() {
    let krate = engine();
    let unplaced: Vec<String> = krate
        .files
        .keys()
        .filter(|m| !m.is_empty() && imports::layer_of(&ENGINE_LAYERS, m).is_none())
        .map(imports::name)
        .collect();
    assert!(unplaced.is_empty(), "modules in no folder of the order (add them to a folder): {unplaced:?}");
    let wrong = imports::imports_against(&krate, &ENGINE_LAYERS);
    assert!(wrong.is_empty(), "imports against the engine's folder order:\n  {}", wrong.join("\n  "));
}

#[test]
fn an_import_against_the_order_is_found_and_named() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let src = dir.path();
    for folder in ["core", "world", "rules"] {
        std::fs::create_dir(src.join(folder)).unwrap();
    }
    std::fs::write(src.join("lib.rs"), "pub mod core;\npub mod rules;\npub mod world;\n").unwrap();
    std::fs::write(src.join("core/mod.rs"), "pub mod map;\n").unwrap();
    std::fs::write(src.join("core/map.rs"), "pub struct Map;\n").unwrap();
    std::fs::write(src.join("world/mod.rs"), "pub mod game;\n").unwrap();
    std::fs::write(src.join("world/game.rs"), "use crate::core::map::Map;\nuse crate::rules::turn::Action;\n").unwrap();
    std::fs::write(src.join("rules/mod.rs"), "pub mod turn;\n").unwrap();
    std::fs::write(src.join("rules/turn.rs"), "use crate::world::game::Game;\npub enum Action {}\n").unwrap();
    let wrong = imports::imports_against(&imports::read_crate(src), &ENGINE_LAYERS);
    assert_eq!(wrong, vec!["`world::game` (world) imports `rules::turn` (rules): use crate::rules::turn::Action;"]);
}
