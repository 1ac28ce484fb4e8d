//! bestiary's items as the bot meets them: with `core_combat,bestiary`, 20
//! bot runs end before the turn limit, the bot uses the new items by their
//! roles (a detect item on arrival, haste before fights, escapes in
//! danger), and a descent or a teleport never leaves it stuck. Each item's
//! own rule is held by its scenario check, `checks/bestiary_items_*.txt`.

use crate::common;

use common::*;

#[test]
fn the_bot_plays_the_item_half_to_the_end_of_every_run_and_uses_the_new_items() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.jsonl");
    let args = ["--plugins", "core_combat,bestiary", "--headless", "--bot", "20", "--seed", "1"];
    let out = run(&[&args[..], &["--trace", path.to_str().unwrap()]].concat());
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("runs: 20"), "{stdout}");
    assert!(!stdout.contains("survived (turn limit"), "no run may reach the turn limit:\n{stdout}");
    let trace = read_trace(&path);
    let used: Vec<String> = events(&trace, "use")
        .into_iter()
        .filter(|u| u["source"] == "bestiary")
        .map(|u| u["item"].as_str().unwrap_or_default().to_string())
        .collect();
    for item in ["scroll_of_magic_mapping", "potion_of_detect_monsters", "potion_of_haste"] {
        assert!(used.iter().any(|u| u == item), "the bot used a {item} in 20 runs: {used:?}");
    }
    assert!(
        used.iter().any(|u| u == "scroll_of_teleportation" || u == "scroll_of_slumber" || u == "potion_of_descent"),
        "the bot escaped danger at least once in 20 runs: {used:?}"
    );
}
