//! No module of the engine imports one that imports it back.

mod imports;

use std::path::Path;

#[test]
fn the_engine_has_no_import_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let krate = imports::read_crate(&src);
    assert!(krate.files.len() > 20, "the engine's modules were read: {:?}", krate.files.keys().collect::<Vec<_>>());
    let circles = imports::circles(&krate);
    let text: Vec<String> = circles.iter().map(|c| imports::describe(c)).collect();
    assert!(circles.is_empty(), "import circles in the engine:\n  {}", text.join("\n\n  "));
}

#[test]
fn a_circle_is_found_and_named() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let src = dir.path();
    std::fs::write(src.join("lib.rs"), "pub mod a;\npub mod b;\npub mod c;\n").unwrap();
    std::fs::write(src.join("a.rs"), "use crate::b::Thing;\n// use crate::c::Nothing;\n").unwrap();
    std::fs::write(src.join("b.rs"), "pub struct Thing;\nfn f() { crate::c::g(); }\n").unwrap();
    std::fs::write(src.join("c.rs"), "use crate::{a, b::Thing};\npub fn g() {}\n").unwrap();
    let circles = imports::circles(&imports::read_crate(src));
    assert_eq!(circles.len(), 1, "one circle");
    let text = imports::describe(&circles[0]);
    assert_eq!(
        text,
        "a  (use crate::b::Thing;)\n  -> b  (fn f() { crate::c::g(); })\n  -> c  (use crate::{a, b::Thing};)\n  -> a"
    );
}
