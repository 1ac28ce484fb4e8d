//! Items that stay themselves, in the whole game (api 1.2): a thrown item
//! lands as the same item, its id kept, where an arrow from the quiver is
//! made anew.

use crate::common;

use common::*;

/// A jackal asleep four steps east; one dart (item #1, the scenario's only
/// item) in slot a.
const ONE_DART: &str = "[map]
##########
#........#
#.@...j..#
#........#
##########
[legend]
j = monster jackal asleep
[pack]
darts 1
[options]
seed = 5
";

#[test]
fn a_thrown_dart_lands_as_the_same_item() {
    let dir = tempfile::tempdir().unwrap();
    let (scen, trace) = (dir.path().join("s.txt"), dir.path().join("t.jsonl"));
    std::fs::write(&scen, ONE_DART).unwrap();
    let args = ["--headless", "--scenario", scen.to_str().unwrap(), "--keys", "t a Enter", "--trace"];
    let out = run(&[&args[..], &[trace.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{:?}", text(&out));
    let trace = read_trace(&trace);
    let landed = events(&trace, "missile_landed");
    assert_eq!(landed.len(), 1, "the dart lands: {trace:?}");
    let placed = events(&trace, "item_placed");
    assert_eq!(placed.len(), 1, "as an item the plugin held: {trace:?}");
    assert_eq!(placed[0]["source"], "ranged_combat");
    assert_eq!(placed[0]["item"], "darts");
    assert_eq!(placed[0]["id"], 1, "the dart the scenario put in the pack");
    assert_eq!(
        (placed[0]["x"].clone(), placed[0]["y"].clone()),
        (landed[0]["landed_x"].clone(), landed[0]["landed_y"].clone())
    );
}
