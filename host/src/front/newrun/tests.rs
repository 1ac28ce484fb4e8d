use super::*;

fn row(name: &str, needs: &[&str]) -> PluginRow {
    PluginRow {
        name: name.into(),
        version: "0.1.0".into(),
        api_version: "1.3.0".into(),
        description: None,
        brings: vec![("item effects".into(), 2)],
        needs: needs.iter().map(|n| (n.to_string(), "0.1.0".to_string())).collect(),
        from: PathBuf::from(format!("/plugins/lib{name}.so")),
        refused: None,
    }
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// alpha; beta needs alpha; gamma needs beta; broken is refused; orphan needs one not there.
fn screen() -> NewRun {
    let mut broken = row("broken", &[]);
    broken.refused = Some("not a shared library".into());
    let rows =
        vec![row("alpha", &[]), row("beta", &["alpha"]), row("gamma", &["beta"]), broken, row("orphan", &["ghost"])];
    let presets = vec![Preset { name: "first two".into(), plugins: names(&["alpha", "beta"]) }];
    NewRun::new(rows, presets, None, &names(&["alpha"]))
}

fn plugin(s: &NewRun, name: &str) -> usize {
    s.rows.iter().position(|r| r.name == name).unwrap()
}

#[test]
fn space_toggles_a_plugin() {
    let mut s = screen();
    assert_eq!(s.chosen(), names(&["alpha"]));
    let alpha = plugin(&s, "alpha");
    s.toggle(alpha);
    assert!(s.chosen().is_empty());
    assert_eq!(s.notes.last().unwrap(), "alpha turned off");
    s.cursor = s.entries().iter().position(|e| *e == Entry::Plugin(alpha)).unwrap();
    assert_eq!(s.press(Key::Char(' ')), None);
    assert_eq!(s.chosen(), names(&["alpha"]), "Space on the plugin's line turned it back on");
}

#[test]
fn turning_one_on_turns_on_what_it_needs_saying_so() {
    let mut s = screen();
    s.toggle(plugin(&s, "alpha"));
    s.toggle(plugin(&s, "gamma"));
    assert_eq!(s.chosen(), names(&["alpha", "beta", "gamma"]));
    assert!(s.notes.contains(&"alpha turned on: beta needs it".to_string()), "{:?}", s.notes);
    assert!(s.notes.contains(&"beta turned on: gamma needs it".to_string()), "{:?}", s.notes);
    assert_eq!(s.notes.last().unwrap(), "gamma turned on");
}

#[test]
fn turning_one_off_turns_off_what_needs_it_saying_so() {
    let mut s = screen();
    s.toggle(plugin(&s, "gamma"));
    s.toggle(plugin(&s, "alpha"));
    assert!(s.chosen().is_empty(), "{:?}", s.chosen());
    assert!(s.notes.contains(&"beta turned off: it needs alpha".to_string()), "{:?}", s.notes);
    assert!(s.notes.contains(&"gamma turned off: it needs beta".to_string()), "{:?}", s.notes);
}

#[test]
fn a_refused_plugin_cannot_be_turned_on_nor_one_whose_need_is_missing() {
    let mut s = screen();
    s.toggle(plugin(&s, "broken"));
    assert_eq!(s.chosen(), names(&["alpha"]));
    assert_eq!(s.notes.last().unwrap(), "broken cannot be turned on: not a shared library");
    s.toggle(plugin(&s, "orphan"));
    assert_eq!(s.chosen(), names(&["alpha"]));
    assert!(s.notes.last().unwrap().contains("needs ghost"), "{:?}", s.notes);
    let lines = s.plugin_lines(plugin(&s, "broken"));
    assert!(lines[0].text.starts_with("[-] broken"), "{:?}", lines);
    assert_eq!(lines[1].text.trim(), "refused: not a shared library");
    // Every plugin (`a`) leaves the refused one out too.
    s.press(Key::Char('a'));
    assert_eq!(s.chosen(), names(&["alpha", "beta", "gamma"]));
}

#[test]
fn a_preset_turns_on_its_set_and_nothing_else() {
    let mut s = screen();
    s.toggle(plugin(&s, "gamma"));
    s.cursor = s.entries().iter().position(|e| *e == Entry::Preset(0)).unwrap();
    s.press(Key::Enter);
    assert_eq!(s.chosen(), names(&["alpha", "beta"]));
    assert_eq!(s.notes.last().unwrap(), "preset 'first two': 2 plugins on");
    // A preset naming a plugin not found says so and leaves it out.
    s.presets.push(Preset { name: "odd".into(), plugins: names(&["beta", "nowhere"]) });
    s.apply_preset(1);
    assert_eq!(s.chosen(), names(&["alpha", "beta"]));
    assert!(s.notes.iter().any(|n| n == "nowhere left off: it is not in the plugin folders"), "{:?}", s.notes);
}

#[test]
fn enter_starts_with_the_set_and_the_seed_typed() {
    let mut s = screen();
    for c in "1234".chars() {
        s.press(Key::Char(c));
    }
    s.backspace();
    assert_eq!(s.current(), Entry::Seed);
    assert_eq!(s.press(Key::Enter), Some(Chosen::Run { plugins: names(&["alpha"]), seed: Some(123) }));
    s.toggle(plugin(&s, "alpha"));
    assert_eq!(s.press(Key::Enter), None, "nothing on: no run");
    assert!(s.notes.last().unwrap().contains("at least one plugin"));
    assert_eq!(s.press(Key::Esc), Some(Chosen::Quit));
}

#[test]
fn a_saved_run_is_offered_first() {
    let mut s = screen();
    s.saved = Some(SavedOffer { seed: 9, plugins: names(&["alpha"]) });
    assert_eq!(s.entries()[0], Entry::Saved);
    assert_eq!(s.current(), Entry::Saved);
    assert!(s.entry_lines()[0].1[1].text.contains("alpha"));
    assert_eq!(s.press(Key::Enter), Some(Chosen::Continue));
}

#[test]
fn s_keeps_the_set_on_as_a_preset_of_the_players() {
    let mut s = screen();
    s.toggle(plugin(&s, "gamma"));
    s.cursor = s.entries().iter().position(|e| *e == Entry::Plugin(0)).unwrap();
    s.press(Key::Char('s'));
    assert_eq!(s.current(), Entry::Plugin(0), "the cursor stays on its line");
    assert_eq!(s.notes.last().unwrap(), "saved as the preset 'my set 1'");
    assert_eq!(s.saved_presets, [Preset { name: "my set 1".into(), plugins: names(&["alpha", "beta", "gamma"]) }]);
    assert_eq!(s.presets.last().unwrap().name, "my set 1");
    s.press(Key::Char('s'));
    assert!(s.notes.last().unwrap().contains("already the preset 'my set 1'"));
    assert_eq!(s.saved_presets.len(), 1);
}
