//! The trace as a debugger meets it: replays give the same file byte for
//! byte, plugins' own `tracing` events land under their name, and the
//! summary and diff tools read traces, refusing damaged ones by line.

use crate::common;

use common::*;

fn run_ok(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}: {stderr}");
    stdout
}

#[test]
fn fifty_seeds_played_by_the_bot_twice_give_identical_traces() {
    // The bot's run `i` plays seed 1 + i: seeds 1 to 50, each played by two
    // processes (which share nothing: each hashes, allocates and loads the
    // plugins afresh), two runs at a time.
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    for path in [&a, &b] {
        run_ok(&["--headless", "--bot", "50", "--seed", "1", "--jobs", "2", "--trace", path.to_str().unwrap()]);
    }
    let (ta, tb) = (std::fs::read_to_string(&a).unwrap(), std::fs::read_to_string(&b).unwrap());
    let runs = |t: &str| t.matches("\"event\":\"run_start\"").count();
    assert_eq!((runs(&ta), runs(&tb)), (50, 50), "fifty runs in each trace");
    if ta != tb {
        let (mut seed, mut line) = (0, 0);
        for (i, (x, y)) in ta.lines().zip(tb.lines()).enumerate() {
            seed += usize::from(x.contains("\"event\":\"run_start\""));
            if x != y {
                line = i + 1;
                break;
            }
        }
        panic!("seed {seed} played two ways: the traces part at line {line}");
    }
}

#[test]
fn a_recorded_500_key_run_replays_to_the_same_trace() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, rec) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"), dir.path().join("run.json"));
    let keys = "5*l 5*j 5*h 5*k 5*y 5*u 5*b 5*n 10*. g i a Enter ".repeat(10);
    run_ok(&[
        "--headless",
        "--seed",
        "77",
        "--keys",
        &keys,
        "--trace",
        a.to_str().unwrap(),
        "--record",
        rec.to_str().unwrap(),
    ]);
    run_ok(&["--headless", "--replay", rec.to_str().unwrap(), "--trace", b.to_str().unwrap()]);
    let (ta, tb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(ta.len() > 1000);
    assert!(ta == tb, "the replay's trace differs");
    let diff = run_ok(&["trace", "diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(diff.starts_with("the traces are identical"), "{diff}");
}

#[test]
fn replaying_with_another_plugin_set_names_the_difference_and_stops() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("run.json");
    run_ok(&["--headless", "--seed", "1", "--keys", "l l", "--record", rec.to_str().unwrap()]);
    let out = run(&["--headless", "--replay", rec.to_str().unwrap(), "--plugins", ""]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("core_combat 0.1.0 was loaded when recording and is not now"), "{stderr}");
}

#[test]
fn a_plugins_tracing_event_lands_in_the_trace_under_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let scenario = scenario("potion.txt");
    run_ok(&[
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        "i a Enter y",
        "--trace",
        path.to_str().unwrap(),
    ]);
    let trace = read_trace(&path);
    let logs = events(&trace, "log");
    let healed =
        logs.iter().find(|e| e["message"] == "healed").expect("core_combat's tracing::info! reached the trace");
    assert_eq!(healed["source"], "core_combat");
    assert_eq!(healed["level"], "info");
    assert_eq!(healed["amount"], 0, "the player was at full health (and said yes when asked)");
    // And the same event reaches the console when RUST_LOG asks for it.
    let out = std::process::Command::new(bin())
        .args([
            "--plugin-dir",
            plugin_dir().to_str().unwrap(),
            "--headless",
            "--scenario",
            scenario.to_str().unwrap(),
            "--keys",
            "i a Enter y",
        ])
        .env("RUST_LOG", "info")
        .output()
        .unwrap();
    let (_, stderr) = text(&out);
    assert!(stderr.contains("[core_combat] healed"), "{stderr}");
}

#[test]
fn summary_and_diff_read_traces_and_name_the_bad_line() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    let scenario = scenario("jackal_then_goblin.txt");
    run_ok(&[
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        "h h h h h 20*. 20*. 20*. 20*. 20*. 20*.",
        "--trace",
        a.to_str().unwrap(),
    ]);
    let summary = run_ok(&["trace", "summary", a.to_str().unwrap()]);
    assert!(summary.contains("jackal#1"), "{summary}");
    assert!(summary.contains("player"), "the player's death is in the table: {summary}");
    run_ok(&[
        "--headless",
        "--scenario",
        scenario.to_str().unwrap(),
        "--keys",
        "h h h l 20*. 20*. 20*. 20*. 20*. 20*.",
        "--trace",
        b.to_str().unwrap(),
    ]);
    let diff = run_ok(&["trace", "diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(diff.starts_with("the traces part at event"), "{diff}");
    // A truncated trace is refused with its line number.
    let content = std::fs::read_to_string(&a).unwrap();
    std::fs::write(&b, &content[..content.len() - 10]).unwrap();
    let out = run(&["trace", "summary", b.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains(&format!("line {}", content.lines().count())) && stderr.contains("cut short"), "{stderr}");
}

#[test]
fn a_test_plugins_tracing_inside_monster_brain_act_reaches_trace_and_console() {
    let folder = plugin_folder(&[test_plugin("chatty_brain")]);
    let data = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(data.path().join("host")).unwrap();
    for host in ["rules.toml", "goal.toml"] {
        std::fs::copy(root().join("data/host").join(host), data.path().join("host").join(host)).unwrap();
    }
    std::fs::create_dir_all(data.path().join("chatty_brain")).unwrap();
    std::fs::write(
        data.path().join("chatty_brain/monsters.toml"),
        "[[monster]]\nid = \"parrot\"\nname = \"parrot\"\nglyph = \"p\"\ncolor = [0, 200, 0]\ntile = \"monster_rat\"\n\
         floors = [1, 1]\nhp = 3\ndamage = [1, 1]\nsight = 8\nbrain = \"chatty\"\n",
    )
    .unwrap();
    let scen = data.path().join("parrot.txt");
    std::fs::write(&scen, "[map]\n#######\n#@..p.#\n#######\n[legend]\np = monster parrot hunting\n").unwrap();
    let trace_path = data.path().join("t.jsonl");
    let args = [
        "--plugin-dir",
        folder.path().to_str().unwrap(),
        "--data-dir",
        data.path().to_str().unwrap(),
        "--headless",
        "--scenario",
        scen.to_str().unwrap(),
        "--keys",
        "3*.",
    ];
    let mut with_trace: Vec<&str> = args.to_vec();
    with_trace.extend(["--trace", trace_path.to_str().unwrap()]);
    run_ok(&with_trace);
    let trace = read_trace(&trace_path);
    let said: Vec<_> = events(&trace, "log").into_iter().filter(|e| e["source"] == "chatty_brain").collect();
    assert_eq!(said.len(), 3, "one event per monster turn");
    assert_eq!(said[0]["message"], "chatty ponders its next move");
    assert_eq!(said[0]["monster"], 1);
    assert_eq!(said[0]["sees"], true);
    assert_eq!(said[1]["turn"], 1);
    let out = std::process::Command::new(bin()).args(args).env("RUST_LOG", "info").output().unwrap();
    assert!(text(&out).1.contains("[chatty_brain] chatty ponders its next move"), "{}", text(&out).1);
    let quiet = std::process::Command::new(bin()).args(args).env_remove("RUST_LOG").output().unwrap();
    assert!(!text(&quiet).1.contains("chatty ponders"), "quiet by default");
}

#[test]
fn the_chrome_trace_is_json_with_one_span_per_turn() {
    let dir = tempfile::tempdir().unwrap();
    let (chrome, trace_path) = (dir.path().join("chrome.json"), dir.path().join("t.jsonl"));
    run_ok(&[
        "--headless",
        "--seed",
        "4",
        "--keys",
        "30*.",
        "--trace-chrome",
        chrome.to_str().unwrap(),
        "--trace",
        trace_path.to_str().unwrap(),
    ]);
    let events_json: serde_json::Value = serde_json::from_slice(&std::fs::read(&chrome).unwrap()).expect("valid JSON");
    let spans = events_json.as_array().expect("a JSON array of events");
    let turns_begun = spans.iter().filter(|e| e["name"] == "turn" && e["ph"] == "B").count();
    let turns_ended = spans.iter().filter(|e| e["name"] == "turn" && e["ph"] == "E").count();
    let played = events(&read_trace(&trace_path), "run_end")[0]["turns"].as_u64().unwrap();
    assert_eq!(turns_begun as u64, played, "one span per turn played");
    assert_eq!(turns_begun, turns_ended);
}

#[test]
fn docs_trace_md_documents_every_event_the_game_emits() {
    let doc = std::fs::read_to_string(root().join("docs/trace.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let bot = dir.path().join("bot.jsonl");
    run_ok(&["--headless", "--bot", "5", "--seed", "12", "--trace", bot.to_str().unwrap()]);
    let fight = dir.path().join("fight.jsonl");
    let s = scenario("jackal_then_goblin.txt");
    run_ok(&[
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        "h h h h h 20*. 20*. 20*. 20*. 20*. 20*.",
        "--trace",
        fight.to_str().unwrap(),
    ]);
    let potion = dir.path().join("potion.jsonl");
    let s = scenario("potion.txt");
    run_ok(&[
        "--headless",
        "--scenario",
        s.to_str().unwrap(),
        "--keys",
        "i a Enter d a g",
        "--trace",
        potion.to_str().unwrap(),
    ]);
    for path in [&bot, &fight, &potion] {
        for e in read_trace(path) {
            seen.insert(e["event"].as_str().unwrap().to_string());
            if e["event"] == "action" {
                seen.insert(format!("action:{}", e["action"].as_str().unwrap()));
            }
        }
    }
    for name in &seen {
        let documented = match name.strip_prefix("action:") {
            Some(action) => doc.contains(&format!("`{action}`")),
            None => doc.contains(&format!("| `{name}` |")),
        };
        assert!(documented, "docs/trace.md does not document `{name}`");
    }
    for must in ["run_start", "floor", "spawn", "action", "attack", "death", "noise", "wake", "use", "log", "run_end"] {
        assert!(seen.contains(must), "the runs never emitted `{must}`: {seen:?}");
    }
}

#[test]
fn trace_events_refuses_turns_that_run_backwards() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.jsonl");
    std::fs::write(&t, "{\"turn\":3,\"event\":\"action\",\"source\":\"host\",\"action\":\"wait\"}\n").unwrap();
    let out = run(&["trace", "events", t.to_str().unwrap(), "--turns", "5..2"]);
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "{stdout}{stderr}");
    assert!(
        stderr.contains("--turns 5..2: the first turn comes after the last") && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert!(run_ok(&["trace", "events", t.to_str().unwrap(), "--turns", "2..5"]).contains("\"turn\":3"));
}

#[test]
fn trace_summary_of_a_death_on_each_of_300000_turns_fits_in_80_mb() {
    // Every turn's row was held, and the whole table as one string:
    // 2M turns of deaths took 631 MB. Now at most 100,000 rows are held.
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("deaths.jsonl");
    let mut text_of = String::new();
    for turn in 0..300_000 {
        text_of.push_str(&format!(
            "{{\"turn\":{turn},\"event\":\"death\",\"source\":\"core_combat\",\"who\":\"jackal#{turn}\",\"killer\":\"player\"}}\n"
        ));
    }
    std::fs::write(&t, text_of).unwrap();
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c").arg("ulimit -v 80000; exec \"$0\" \"$@\"").arg(bin()).args(["trace", "summary"]).arg(&t);
    let out = cmd.output().expect("the shell runs");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stdout.lines().count(), 300_002, "a header, a row per turn, the totals");
    assert!(
        stdout.contains("\n299999       0       0      0      0  jackal#299999\n"),
        "{}",
        &stdout[stdout.len() - 200..]
    );
    assert!(
        stdout.ends_with(" total       0       0      0      0  300000 deaths\n"),
        "{}",
        &stdout[stdout.len() - 200..]
    );
}
