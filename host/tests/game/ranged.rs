//! Ranged combat as a player meets it, headless from scenarios: Tab's order,
//! the bolt of lightning, arrows stopped by the first monster, what Esc
//! costs, the hit table and breaking arrows measured over thousands of
//! shots, archers, mages and the dragon, and where archers and mages are
//! found in 200 bot runs.

use crate::common;

use common::*;
use serde_json::Value;

/// Plays `keys` on the scenario `text` with every first-party plugin; the trace.
fn play(text: &str, keys: &str) -> Vec<Value> {
    play_with(text, keys, &[])
}

/// Like [`play`], with extra arguments (another plugin folder, data).
fn play_with(text: &str, keys: &str, extra: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let (scen, trace) = (dir.path().join("s.txt"), dir.path().join("t.jsonl"));
    std::fs::write(&scen, text).unwrap();
    let mut args =
        vec!["--headless", "--scenario", scen.to_str().unwrap(), "--keys", keys, "--trace", trace.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = run(&args);
    assert!(out.status.success(), "{}", text_of(&out));
    read_trace(&trace)
}

fn text_of(out: &std::process::Output) -> String {
    let (o, e) = text(out);
    format!("{o}{e}")
}

/// The `attack` events, in order.
fn attacks(trace: &[Value]) -> Vec<&Value> {
    events(trace, "attack")
}

fn turns(trace: &[Value]) -> u64 {
    events(trace, "run_end")[0]["turns"].as_u64().unwrap()
}

/// Three sleepers: a jackal 2 steps east, a kobold and a goblin both 5
/// steps away, the kobold higher up. Darts in slot a.
const THREE: &str = "[map]
####################
#..................#
#..................#
#.......k..........#
#..................#
#..@.j.............#
#..................#
#.......g..........#
#..................#
####################
[legend]
k = monster kobold asleep
j = monster jackal asleep
g = monster goblin asleep
[pack]
darts 8
[options]
seed = 5
";

#[test]
fn tab_visits_three_monsters_nearest_first_higher_first_and_wraps() {
    let mut targets = Vec::new();
    for tabs in 0..4 {
        let keys = format!("t a {} Enter", "Tab ".repeat(tabs));
        let trace = play(THREE, &keys);
        let thrown = attacks(&trace);
        assert_eq!(thrown.len(), 1, "{keys}: one dart");
        assert_eq!(thrown[0]["kind"], "dart");
        targets.push(thrown[0]["target"].as_str().unwrap().to_string());
    }
    assert_eq!(targets, ["jackal#2", "kobold#1", "goblin#3", "jackal#2"]);
}

/// Two monsters of `kind` in a row east of the player, a scroll of lightning in slot a.
fn two_in_a_row(kind: &str, seed: Option<u64>) -> String {
    let seed = seed.map(|s| format!("[options]\nseed = {s}\n")).unwrap_or_default();
    format!(
        "[map]\n##############\n#............#\n#.@.ab.......#\n#............#\n##############\n\
         [legend]\na = monster {kind} asleep\nb = monster {kind} asleep\n[pack]\nscroll_of_lightning\n{seed}"
    )
}

#[test]
fn lightning_strikes_both_jackals_in_a_row_and_is_heard_only_after_both() {
    let trace = play(&two_in_a_row("jackal", Some(3)), "i a Enter Enter");
    let bolts: Vec<_> = attacks(&trace).into_iter().filter(|a| a["kind"] == "lightning").collect();
    let struck: Vec<&str> = bolts.iter().map(|a| a["target"].as_str().unwrap()).collect();
    assert_eq!(struck, ["jackal#1", "jackal#2"]);
    for b in &bolts {
        let d = b["damage"].as_i64().unwrap();
        assert!((8..=14).contains(&d) && b["hit"] == true, "{b}");
    }
    let position = |pred: &dyn Fn(&Value) -> bool| trace.iter().position(pred).unwrap();
    let last_strike = trace.iter().rposition(|e| e["event"] == "attack").unwrap();
    let first_noise = position(&|e: &Value| e["event"] == "noise");
    assert!(last_strike < first_noise, "the noise comes after both strikes");
    assert_eq!(events(&trace, "noise").len(), 2);
    assert_eq!(events(&trace, "death").len(), 2, "8-14 kills a jackal of 5 hp");
    assert_eq!(turns(&trace), 1);
}

#[test]
fn lightning_ignores_armor() {
    // Orcs have defense 2: through armor a bolt of 8-14 would do at most 12.
    let mut all = Vec::new();
    for seed in 1..=20 {
        let trace = play(&two_in_a_row("orc", Some(seed)), "i a Enter Enter");
        all.extend(attacks(&trace).iter().map(|a| a["damage"].as_i64().unwrap()));
    }
    assert_eq!(all.len(), 40);
    assert!(all.iter().all(|d| (8..=14).contains(d)), "{all:?}");
    assert!(all.iter().any(|d| *d > 12), "a 13 or 14 went through defense 2: {all:?}");
}

/// Two kobolds in a row 7 and 8 steps east (beyond their sight of 6, so
/// they sleep on); a short bow in slot a and arrows in slot b.
const BEHIND: &str = "[map]
##############
#............#
#.@......ab..#
#............#
##############
[legend]
a = monster kobold asleep
b = monster kobold asleep
[pack]
short_bow
arrows 10
[options]
seed = 9
";

#[test]
fn an_arrow_at_a_monster_behind_another_stops_at_the_first() {
    let trace = play(BEHIND, "i a Enter i b Enter f Tab Enter");
    let fired: Vec<_> = events(&trace, "action").into_iter().filter(|a| a["action"] == "fire").collect();
    assert_eq!(fired.len(), 1);
    assert_eq!((fired[0]["x"].as_i64(), fired[0]["y"].as_i64()), (Some(10), Some(2)), "aimed at the farther kobold");
    let shot = attacks(&trace);
    assert_eq!(shot.len(), 1);
    assert_eq!(shot[0]["target"], "kobold#1", "the nearer kobold took it");
    assert_eq!(
        (shot[0]["kind"].as_str(), shot[0]["distance"].as_i64(), shot[0]["chance"].as_i64()),
        (Some("arrow"), Some(7), Some(70))
    );
    let landed = events(&trace, "missile_landed").len() + events(&trace, "arrow_broke").len();
    assert_eq!(landed, 1, "the arrow landed or broke");
}

#[test]
fn esc_after_reading_lightning_wastes_the_scroll_and_the_turn() {
    let text = two_in_a_row("jackal", Some(4)).replace("scroll_of_lightning", "scroll_of_lightning 2");
    let trace = play(&text, "i a Enter Esc y i a Enter Esc y i a Enter Esc y");
    assert_eq!(events(&trace, "use").len(), 2, "two scrolls read; the third time the slot is empty");
    let cancels = events(&trace, "action").into_iter().filter(|a| a["action"] == "cancel_aim").count();
    assert_eq!(cancels, 2);
    assert_eq!(turns(&trace), 2, "each wasted scroll took its turn");
    assert!(attacks(&trace).is_empty());
}

#[test]
fn esc_from_f_costs_nothing_and_f_without_a_bow_takes_no_turn() {
    let trace = play(BEHIND, "f f i a Enter i b Enter f Esc f Esc");
    assert_eq!(turns(&trace), 2, "only readying the bow and filling the quiver took turns");
    assert!(attacks(&trace).is_empty());
    let fired = events(&trace, "action").into_iter().filter(|a| a["action"] == "fire").count();
    assert_eq!(fired, 0);
    // And after that the quiver is still full: ten arrows to shoot at the
    // east wall of an empty room, and no eleventh.
    let empty = BEHIND.replace("ab", "..").replace("a = monster kobold asleep\nb = monster kobold asleep\n", "");
    let trace = play(&empty, &format!("i a Enter i b Enter f Esc {}", "f l Enter ".repeat(11)));
    let fired = events(&trace, "action").into_iter().filter(|a| a["action"] == "fire").count();
    assert_eq!(fired, 10);
}

/// A plugin folder with ranged_combat and the test plugin whose brain does
/// nothing (a target that never moves), and a data folder with a dummy of
/// endless health and a test bow that reaches 14 steps.
fn range_of_targets() -> (tempfile::TempDir, tempfile::TempDir) {
    let plugins = plugin_folder(&[first_party("ranged_combat"), test_plugin("chatty_brain")]);
    let data = tempfile::tempdir().unwrap();
    for folder in ["host", "ranged_combat"] {
        std::fs::create_dir_all(data.path().join(folder)).unwrap();
        for f in std::fs::read_dir(root().join("data").join(folder)).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, data.path().join(folder).join(f.file_name().unwrap())).unwrap();
        }
    }
    let bow = "\n[[item]]\nid = \"test_bow\"\nname = \"test bow\"\nglyph = \"}\"\ncolor = [1, 2, 3]\ntile = \"bow_long\"\n\
               class = \"bow\"\neffect = \"bow\"\nfloors = [99, 99]\nparams = { shot_min = 1, shot_max = 1, range = 14 }\n";
    let items = data.path().join("ranged_combat/items.toml");
    let text = std::fs::read_to_string(&items).unwrap() + bow;
    std::fs::write(&items, text).unwrap();
    std::fs::create_dir_all(data.path().join("chatty_brain")).unwrap();
    std::fs::write(
        data.path().join("chatty_brain/monsters.toml"),
        "[[monster]]\nid = \"dummy\"\nname = \"dummy\"\nglyph = \"d\"\ncolor = [0, 200, 0]\ntile = \"monster_rat\"\n\
         floors = [99, 99]\nhp = 1000000\ndamage = [1, 1]\nsight = 1\nbrain = \"chatty\"\n",
    )
    .unwrap();
    (plugins, data)
}

#[test]
fn hit_rates_by_distance_and_one_arrow_in_four_breaking_over_thousands_of_shots() {
    const SHOTS: usize = 3000;
    let (plugins, data) = range_of_targets();
    let extra = ["--plugin-dir", plugins.path().to_str().unwrap(), "--data-dir", data.path().to_str().unwrap()];
    let (mut broke, mut fired) = (0, 0);
    let mut report = Vec::new();
    for (distance, expected) in [(2, 95.0), (5, 80.0), (8, 65.0), (12, 50.0)] {
        let row = format!("#@{}d#", ".".repeat(distance - 1));
        let wall = "#".repeat(row.len());
        let text = format!(
            "[map]\n{wall}\n{row}\n{wall}\n[legend]\nd = monster dummy\n\
             [pack]\ntest_bow\narrows {SHOTS}\n[options]\nseed = {distance}\n"
        );
        // Clicked at, since at 12 steps the dummy is beyond sight (9) and Tab cannot find it.
        let shot = format!("f Click:{},1 ", distance + 1);
        let trace = play_with(&text, &format!("i a Enter i b Enter {}", shot.repeat(SHOTS)), &extra);
        let shots: Vec<_> = attacks(&trace).into_iter().filter(|a| a["attacker"] == "player").collect();
        assert_eq!(shots.len(), SHOTS);
        assert!(shots.iter().all(|s| s["distance"] == distance as i64 && s["chance"] == expected as i64));
        let hits = shots.iter().filter(|s| s["hit"] == true).count();
        let rate = 100.0 * hits as f64 / SHOTS as f64;
        report.push(format!("{distance} steps: {rate:.1}% (table {expected}%)"));
        assert!((rate - expected).abs() <= 3.0, "{distance} steps: {rate:.1}% hit, expected {expected}%");
        broke += events(&trace, "arrow_broke").len();
        fired += SHOTS;
        assert_eq!(events(&trace, "arrow_broke").len() + events(&trace, "missile_landed").len(), SHOTS);
    }
    let rate = 100.0 * broke as f64 / fired as f64;
    eprintln!("hit rates: {}; arrows broken: {rate:.1}% of {fired}", report.join(", "));
    assert!((rate - 25.0).abs() <= 3.0, "{rate:.1}% of the arrows broke");
}

/// An open room with the player at (10,5) and `monster` placed `dx` steps east.
fn facing(monster: &str, state: &str, dx: usize) -> String {
    let row = format!("#.........@{}m{}#", ".".repeat(dx - 1), ".".repeat(16 - dx));
    let open = format!("#{}#", ".".repeat(row.len() - 2));
    let wall = "#".repeat(row.len());
    let rows = [
        wall.clone(),
        open.clone(),
        open.clone(),
        open.clone(),
        open.clone(),
        row,
        open.clone(),
        open.clone(),
        open.clone(),
        open,
        wall,
    ];
    format!("[map]\n{}\n[legend]\nm = monster {monster} {state}\n[options]\nseed = 2\n", rows.join("\n"))
}

/// The `keeps_distance` decisions on turn `turn`.
fn decisions(trace: &[Value], turn: u64) -> Vec<String> {
    events(trace, "log")
        .into_iter()
        .filter(|e| e["message"] == "keeps_distance" && e["turn"] == turn)
        .map(|e| e["decision"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn an_archer_backs_away_within_two_steps_and_shoots_from_three_to_seven() {
    for dx in [1, 2] {
        let trace = play(&facing("archer", "hunting", dx), ".");
        assert_eq!(decisions(&trace, 0), ["back_away"], "at {dx} steps");
        assert!(attacks(&trace).is_empty(), "at {dx} steps it steps back instead of shooting");
    }
    for dx in 3..=7 {
        let trace = play(&facing("archer", "hunting", dx), ".");
        assert_eq!(decisions(&trace, 0), ["attack_from_afar"], "at {dx} steps");
        let shot = attacks(&trace);
        assert_eq!(shot.len(), 1);
        assert_eq!((shot[0]["attacker"].as_str(), shot[0]["kind"].as_str()), (Some("archer#1"), Some("arrow")));
        assert_eq!(shot[0]["distance"], dx as i64);
    }
    // At 8 steps it is out of range, and comes closer.
    let trace = play(&facing("archer", "hunting", 8), ".");
    assert_eq!(decisions(&trace, 0), ["approach"]);
}

#[test]
fn an_archer_holds_fire_when_another_monster_stands_on_the_line() {
    // The archer, five steps west, has a sleeping kobold between it and the player.
    let text = "[map]\n###########\n#.........#\n#.a..k@...#\n#.........#\n###########\n\
                [legend]\na = monster archer hunting\nk = monster kobold asleep\n[options]\nseed = 1\n";
    let trace = play(text, ".");
    assert_eq!(decisions(&trace, 0), ["hold"]);
    assert!(attacks(&trace).iter().all(|a| a["attacker"] != "archer#1"), "no arrow through the kobold");
}

#[test]
fn an_archer_kills_with_its_arrow_and_the_death_screen_says_so() {
    let trace = play(&facing("archer", "hunting", 4), &"50*. ".repeat(2));
    let death = events(&trace, "death").into_iter().find(|d| d["who"] == "player").expect("the player died");
    assert_eq!(death["killer"], "an archer's arrow");
}

#[test]
fn a_dusk_elf_mage_casts_no_more_than_once_every_six_turns() {
    let trace = play(&facing("dusk_elf_mage", "hunting", 4), "20*.");
    let casts: Vec<u64> = attacks(&trace)
        .into_iter()
        .filter(|a| a["kind"] == "lightning" && a["attacker"] == "dusk_elf_mage#1")
        .map(|a| a["turn"].as_u64().unwrap())
        .collect();
    assert!(casts.len() >= 3, "{casts:?}");
    assert!(casts.windows(2).all(|w| w[1] - w[0] >= 6), "{casts:?}");
    assert_eq!(casts.windows(2).map(|w| w[1] - w[0]).max(), Some(6), "ready again after six turns: {casts:?}");
    assert!(attacks(&trace).iter().filter(|a| a["kind"] == "lightning").all(|a| a["hit"] == true));
}

#[test]
fn a_dragons_fire_burns_a_jackal_next_to_the_player_and_not_the_dragon() {
    let text = "[map]\n#########\n#.......#\n#..j@D..#\n#.......#\n#########\n\
                [legend]\nj = monster jackal asleep\nD = monster young_red_dragon hunting\n[options]\nseed = 6\n";
    let trace = play(text, ".");
    let burned: Vec<&str> =
        attacks(&trace).into_iter().filter(|a| a["kind"] == "fire").map(|a| a["target"].as_str().unwrap()).collect();
    assert!(burned.contains(&"jackal#1") && burned.contains(&"player"), "{burned:?}");
    assert!(!burned.iter().any(|t| t.starts_with("young_red_dragon")), "{burned:?}");
    let noise = trace.iter().position(|e| e["event"] == "noise").unwrap();
    let last_burn = trace.iter().rposition(|e| e["event"] == "attack" && e["kind"] == "fire").unwrap();
    assert!(last_burn < noise, "the roar of the fire comes after the burning");
}

// The archers' and mages' floors and the bot's shots over 200 bot runs
// are checked in `determinism.rs`, on the same 200 runs as the summary.

/// A mage five steps east of a player with a bow, arrows and a scroll of lightning.
const DUEL: &str = "[map]\n##############\n#............#\n#.@....h.....#\n#............#\n##############\n\
                    [legend]\nh = monster dusk_elf_mage hunting\n\
                    [pack]\nshort_bow\narrows 10\nscroll_of_lightning\n[options]\nseed = 8\n";

#[test]
fn the_bow_the_quiver_and_a_mages_cooldown_survive_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let (scen, saves) = (dir.path().join("duel.txt"), dir.path().join("saves"));
    std::fs::write(&scen, DUEL).unwrap();
    let (whole, second) = (dir.path().join("whole.jsonl"), dir.path().join("second.jsonl"));
    let (first_keys, second_keys) = ("i a Enter i b Enter f Enter .", "f Enter 8*. f Enter");
    let s = scen.to_str().unwrap();
    let both = format!("{first_keys} {second_keys}");
    assert!(run(&["--headless", "--scenario", s, "--keys", &both, "--trace", whole.to_str().unwrap()])
        .status
        .success());
    assert!(run(&["--headless", "--scenario", s, "--keys", first_keys, "--save-dir", saves.to_str().unwrap()])
        .status
        .success());
    let out = run(&[
        "--headless",
        "--continue",
        "--save-dir",
        saves.to_str().unwrap(),
        "--keys",
        second_keys,
        "--trace",
        second.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text_of(&out));
    let after = |path: &std::path::Path| -> Vec<Value> {
        read_trace(path)
            .into_iter()
            .filter(|e| {
                e["turn"].as_u64().unwrap() >= 4
                    && !["run_start", "run_continue", "run_end"].contains(&e["event"].as_str().unwrap())
            })
            .collect()
    };
    let (a, b) = (after(&whole), after(&second));
    assert!(a.iter().any(|e| e["event"] == "attack" && e["attacker"] == "player"), "the quiver still had arrows");
    assert_eq!(a, b, "the continued duel is the unbroken one");
}

#[test]
fn a_scroll_being_aimed_when_the_run_is_saved_is_still_in_the_pack() {
    let dir = tempfile::tempdir().unwrap();
    let (scen, saves, trace) = (dir.path().join("duel.txt"), dir.path().join("saves"), dir.path().join("t.jsonl"));
    std::fs::write(&scen, DUEL).unwrap();
    assert!(run(&[
        "--headless",
        "--scenario",
        scen.to_str().unwrap(),
        "--keys",
        "i c Enter",
        "--save-dir",
        saves.to_str().unwrap()
    ])
    .status
    .success());
    let save = std::fs::read_to_string(saves.join("save.json")).unwrap();
    assert!(save.contains("scroll_of_lightning"), "the scroll went back... it never left the pack");
    let out = run(&[
        "--headless",
        "--continue",
        "--save-dir",
        saves.to_str().unwrap(),
        "--keys",
        "i c Enter Enter",
        "--trace",
        trace.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text_of(&out));
    let bolts = attacks(&read_trace(&trace))
        .into_iter()
        .filter(|a| a["kind"] == "lightning" && a["attacker"] == "player")
        .count();
    assert_eq!(bolts, 1, "read again after continuing, and fired");
}

#[test]
fn a_monsters_arrow_is_heard_only_when_it_hits() {
    // Eight shots from seven steps (70% to hit), over several seeds: misses and hits both.
    let (mut hits_seen, mut misses_seen) = (0, 0);
    for seed in 1..=4 {
        let scenario = facing("archer", "hunting", 7).replace("seed = 2", &format!("seed = {seed}"));
        let trace = play(&scenario, "8*.");
        let arrows: Vec<&Value> = attacks(&trace).into_iter().filter(|a| a["attacker"] == "archer#1").collect();
        let hits = arrows.iter().filter(|a| a["hit"] == true).count();
        let noises: Vec<&Value> = events(&trace, "noise");
        assert_eq!(noises.len(), hits, "seed {seed}: one noise per arrow that hit, none for a miss: {noises:?}");
        assert!(noises.iter().all(|n| n["source"] == "ranged_combat" && n["loudness"] == 4));
        hits_seen += hits;
        misses_seen += arrows.len() - hits;
    }
    assert!(hits_seen > 0 && misses_seen > 0, "{hits_seen} hits, {misses_seen} misses");
}
