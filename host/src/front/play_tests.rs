//! Tests of the screens over play as a player meets them: Esc asks, the
//! help lists the host's keys and the plugins', unknown keys say so, the
//! pack opens cards, quick keys, "drop how many?", full-health drinking,
//! the look mode, and the screens that scroll to their last line.

use abi_stable::sabi_trait::TD_Opaque;
use emberdeep_api::abi::HooksAbi_TO;
use emberdeep_api::author::Adapter;
use emberdeep_api::{Ctx, Hooks, ItemId, KeyAnswer, KeyHelp, MessageKind, PluginResult, Point};
use emberdeep_engine::plugins::boundary::Entry;

use super::aiming::tests::{game_from, keys};
use super::app::{App, Mode, Question};
use super::keys::Key;
use super::screen::{Overlay, MENU_CHARS, MENU_ROWS};

/// A plugin's hooks that answer `T` (a turn passes) and list it.
struct TakeOff;

impl Hooks for TakeOff {
    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![KeyHelp::new("T", "items", "take off the armor you wear")])
    }

    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        if key != 'T' {
            return Ok(KeyAnswer::Pass);
        }
        ctx.message("You take it off.", MessageKind::Info);
        Ok(KeyAnswer::Done(true))
    }
}

/// The aiming tests' game (a wand, two scrolls, an orb; newts asleep at
/// `newts`) with a plugin answering `T`.
fn app(newts: &[(i32, i32)]) -> App {
    app_from(newts, |_| {})
}

/// [`app`], its records changed by `change` once read.
fn app_from(newts: &[(i32, i32)], change: impl FnOnce(&mut emberdeep_engine::data::records::Records)) -> App {
    let more = |plugins: &mut emberdeep_engine::plugins::registry::Plugins| {
        plugins.hooks.push(Entry::new("tailor", HooksAbi_TO::from_value(Adapter(TakeOff), TD_Opaque)));
    };
    App::with_host_views(game_from(newts, more, change))
}

/// Whether one of the last two messages (a first-time hint may follow) is `text`.
fn said(app: &App, text: &str) -> bool {
    app.game.log().messages().iter().rev().take(2).any(|m| m.text == text)
}

fn menu(app: &mut App) -> (Vec<String>, (usize, usize)) {
    match app.model().overlay {
        Overlay::Menu { lines, more, .. } => (lines.into_iter().map(|l| l.text).collect(), more),
        other => panic!("no menu open: {other:?}"),
    }
}

#[test]
fn esc_in_play_asks_and_n_keeps_playing() {
    let mut app = app(&[]);
    assert!(app.press(super::keys::Key::Esc), "Esc alone does not quit");
    assert_eq!(app.mode, Mode::Ask(Question::Quit));
    assert!(
        matches!(app.model().overlay, Overlay::Confirm { ref question } if question.contains("Save the run and quit?"))
    );
    assert!(app.press(super::keys::Key::Char('n')));
    assert_eq!(app.mode, Mode::Play);
    assert!(!app.game.is_over(), "still playing");
    keys(&mut app, "l");
    assert_eq!(app.game.turn(), 1, "and the keys play again");
    keys(&mut app, "Esc");
    assert!(!app.press(super::keys::Key::Char('y')), "y quits");
    assert!(app.game.is_over());
}

#[test]
fn help_lists_the_hosts_keys_and_the_plugins_and_scrolls_to_its_end() {
    let mut app = app(&[]);
    keys(&mut app, "?");
    assert_eq!(app.mode, Mode::Help);
    keys(&mut app, "End");
    let (lines, more) = menu(&mut app);
    assert_eq!(more.1, 0, "at the end nothing is below");
    let all = app.game.plugin_keys();
    assert_eq!(all.len(), 1);
    assert!(
        lines.iter().any(|l| l.contains("Esc") && l.contains("save and quit")),
        "the last group, screens, ends the list: {lines:?}"
    );
    keys(&mut app, "Home");
    let (top, more) = menu(&mut app);
    assert_eq!(more.0, 0);
    assert_eq!(top[0], "Moving");
    let mut whole = top.clone();
    while menu(&mut app).1 .1 > 0 {
        keys(&mut app, "Down");
        whole.push(menu(&mut app).0.last().cloned().unwrap());
    }
    assert!(whole.iter().any(|l| l.contains('T') && l.contains("take off the armor") && l.contains("(tailor)")));
    assert!(whole.iter().any(|l| l.contains("pick up what lies here")));
    keys(&mut app, "Esc");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 0), "reading the help costs nothing");
}

#[test]
fn an_unknown_key_says_so_and_points_at_help_and_a_plugins_key_plays() {
    let mut app = app(&[]);
    keys(&mut app, "Q");
    assert!(said(&app, "Unknown key 'Q'. Press ? for the keys."));
    keys(&mut app, "F7");
    assert!(said(&app, "Unknown key 'F7'. Press ? for the keys."));
    assert_eq!(app.game.turn(), 0);
    keys(&mut app, "T");
    assert!(said(&app, "You take it off.") && app.game.turn() == 1);
}

#[test]
fn a_letter_in_the_pack_opens_the_card_and_spends_nothing() {
    let mut app = app(&[]);
    keys(&mut app, "i b");
    assert_eq!((app.mode, app.game.turn()), (Mode::Card(1), 0));
    let Overlay::Menu { title, lines, .. } = app.model().overlay else { panic!("a card") };
    assert_eq!(title, "2 scrolls");
    assert!(lines.iter().any(|l| l.text.starts_with("Enter")), "the card says which key uses it");
    assert!(lines.iter().any(|l| l.text.starts_with("d: drop some or all")));
    keys(&mut app, "Esc");
    assert_eq!(app.mode, Mode::Pack, "Esc goes back to the pack");
    keys(&mut app, "Esc");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 0));
    assert_eq!(app.game.pack().get(1).map(|i| i.count), Some(2), "browsing used nothing");
    keys(&mut app, "i b Enter");
    assert_eq!(app.mode, Mode::Aim, "Enter on the card uses it");
}

#[test]
fn a_full_pack_scrolls_to_its_last_line() {
    let mut app = app(&[]);
    for i in 3..26 {
        app.game.put_in_pack("wand", 1, false, ItemId(200 + i));
    }
    keys(&mut app, "i End");
    let (lines, more) = menu(&mut app);
    assert_eq!(more.1, 0);
    assert_eq!(lines.last().map(String::as_str), Some("z - a wand"), "{lines:?}");
    assert!(lines.len() <= MENU_ROWS);
}

#[test]
fn the_history_opens_on_its_newest_line_wraps_long_ones_and_scrolls_to_the_first() {
    let mut app = app(&[]);
    for i in 0..120 {
        app.game.say(format!("message number {i}"), MessageKind::Info);
    }
    let long = "a very long message ".repeat(10);
    app.game.say(long.trim(), MessageKind::Danger);
    keys(&mut app, "m");
    let (lines, more) = menu(&mut app);
    assert_eq!(more.1, 0, "it opens at the newest");
    assert!(lines.iter().all(|l| l.chars().count() <= MENU_CHARS), "long lines wrap: {lines:?}");
    assert!(
        lines[lines.len() - 4].starts_with("a very long") && lines[lines.len() - 3].starts_with("  long"),
        "{lines:?}"
    );
    assert!(more.0 > 90, "the whole kept log is there to scroll back through");
    keys(&mut app, "Home");
    let (lines, more) = menu(&mut app);
    assert_eq!(more.0, 0);
    assert!(lines.iter().any(|l| l == "message number 0"), "{lines:?}");
    keys(&mut app, "Esc");
    assert_eq!(app.mode, Mode::Play);
}

#[test]
fn quick_keys_drop_counts_and_drinking_at_full_health_ask_first() {
    let mut app = app(&[]);
    keys(&mut app, "q");
    assert!(said(&app, "You have nothing to drink."));
    app.game.put_in_pack("tonic", 1, true, ItemId(300));
    keys(&mut app, "q d");
    assert_eq!(app.mode, Mode::Ask(Question::Drink(3)), "full health: it asks");
    keys(&mut app, "n");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 0));
    assert!(app.game.pack().get(3).is_some(), "kept");
    app.game.player_mut().hp -= 5;
    keys(&mut app, "q d");
    assert_eq!(app.mode, Mode::Aim, "hurt, it is used at once (this tonic's effect aims)");
    keys(&mut app, "Esc y");
    // Two scrolls in slot b: drop asks how many.
    keys(&mut app, "d b");
    assert!(matches!(app.mode, Mode::DropCount { slot: 1, .. }));
    keys(&mut app, "1 Enter");
    assert_eq!(app.game.pack().get(1).map(|i| i.count), Some(1), "one dropped, one kept");
    let here = app.game.player().pos;
    assert_eq!(app.game.items().iter().filter(|i| i.pos == here).map(|i| i.count).sum::<u32>(), 1);
    keys(&mut app, "d b");
    assert_eq!(app.game.pack().get(1), None, "the last one drops without asking");
}

#[test]
fn look_mode_walks_a_cursor_and_describes_what_is_there() {
    let mut app = app(&[(8, 10)]);
    keys(&mut app, "x");
    assert_eq!(app.mode, Mode::Look);
    assert_eq!(app.look_cursor(), Some(Point::new(5, 10)));
    keys(&mut app, "l l l");
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"n newt (asleep)".to_string()), "{look:?}");
    assert!(look.contains(&"Health 5/5".to_string()), "{look:?}");
    assert!(look.contains(&"A small, slow newt.".to_string()), "its record's description: {look:?}");
    assert_eq!(app.model().scene.cursor.into_option(), Some(Point::new(8, 10)), "the cursor is on the map");
    keys(&mut app, "h");
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"Floor.".to_string()), "{look:?}");
    keys(&mut app, "Tab");
    assert_eq!(app.look_cursor(), Some(Point::new(8, 10)), "Tab goes to a monster in sight");
    keys(&mut app, "Esc");
    assert_eq!((app.mode, app.game.turn()), (Mode::Play, 0), "looking costs nothing");
    assert_eq!(app.model().scene.cursor.into_option(), None);
}

#[test]
fn a_sleeping_monster_says_so_in_the_in_sight_list() {
    let mut app = app(&[(8, 10)]);
    let panel: Vec<String> = app.model().panel.into_iter().map(|l| l.text).collect();
    assert!(panel.iter().any(|l| l == "n newt 5/5 (asleep)"), "{panel:?}");
}

#[test]
fn the_mouse_moves_the_look_cursor_as_it_moves_the_aim() {
    use super::ui::Frontend;
    let mut app = app(&[(8, 10)]);
    keys(&mut app, "x");
    Frontend::hover(&mut app, Point::new(8, 10));
    assert_eq!(app.look_cursor(), Some(Point::new(8, 10)), "the look cursor follows the mouse");
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"n newt (asleep)".to_string()), "the panel describes the cell pointed at: {look:?}");
    assert_eq!(app.pressed.last(), Some(&super::keys::Key::Hover(8, 10)), "kept with the keys, for replays");
    let pressed = app.pressed.len();
    Frontend::hover(&mut app, Point::new(8, 10));
    assert_eq!(app.pressed.len(), pressed, "staying on a cell is no new key");
    assert_eq!(app.game.turn(), 0, "looking takes no turn");
    keys(&mut app, "Esc");
    Frontend::hover(&mut app, Point::new(9, 10));
    assert_eq!(app.pressed.len(), pressed + 1, "out of looking the mouse is not kept");
}

#[test]
fn page_down_scrolls_a_long_look_text_and_another_cell_starts_at_its_top() {
    let long = "A newt of the deep ways, slick and grey, that remembers every boot that ever stepped on it. ";
    let mut app = app_from(&[(8, 10)], |records| {
        records.monsters.get_mut("newt").unwrap().description = long.repeat(12);
    });
    keys(&mut app, "x l l l");
    assert_eq!(app.model().look_scroll, 0);
    keys(&mut app, "PageDown PageDown");
    assert_eq!(app.model().look_scroll, 8, "two pages of four rows");
    keys(&mut app, "PageUp");
    assert_eq!(app.model().look_scroll, 4);
    for _ in 0..100 {
        keys(&mut app, "PageDown");
    }
    let most = app.model().look_scroll;
    keys(&mut app, "PageUp");
    assert_eq!(app.model().look_scroll, most - 4, "one PageUp back from the end, however many PageDowns");
    assert_eq!((app.game.turn(), app.look_cursor()), (0, Some(Point::new(8, 10))), "scrolling moves nothing");
    keys(&mut app, "h");
    assert_eq!(app.model().look_scroll, 0, "another cell starts at the top");
    keys(&mut app, "l PageDown");
    assert_eq!(app.model().look_scroll, 4);
    // The floor's short text does not scroll.
    keys(&mut app, "h PageDown");
    assert_eq!(app.model().look_scroll, 0);
}

#[test]
fn an_ally_is_named_so_and_never_a_target() {
    let mut app = app(&[(8, 10)]);
    let newt = app.game.monsters_in_view()[0];
    app.game.set_creature_side(newt, emberdeep_api::PLAYER_SIDE, "test").expect("a side every game has");
    let panel: Vec<String> = app.model().panel.into_iter().map(|l| l.text).collect();
    assert!(panel.iter().any(|l| l == "n newt 5/5 (ally)"), "the in-sight list: {panel:?}");
    keys(&mut app, "x l l l");
    let look: Vec<String> = app.model().look.into_iter().map(|l| l.text).collect();
    assert!(look.contains(&"n newt (ally)".to_string()), "the look panel: {look:?}");
    keys(&mut app, "Esc i a Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(5, 10)), "aiming does not start on an ally");
    keys(&mut app, "Tab");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(5, 10)), "Tab skips the ally");
}

#[test]
fn a_peaceful_creature_says_so_in_its_own_colour_is_never_a_target_and_walking_into_it_asks_first() {
    use super::screen::palette;
    let mut app = app(&[(6, 10), (8, 10)]);
    let newt = app.game.creature_at(Point::new(6, 10)).expect("a newt beside the player").id;
    if let Some(mut c) = app.game.creature_mut(newt) {
        c.temper = emberdeep_engine::world::creature::Temper::Peaceful;
    }
    let panel = app.model().panel;
    let line = panel.iter().find(|l| l.text.starts_with("n newt") && l.text.contains("(peaceful)"));
    assert_eq!(line.map(|l| l.color), Some(palette::PEACEFUL), "the in-sight list: {panel:?}");
    keys(&mut app, "x l");
    let look = app.model().look;
    assert!(look.iter().any(|l| l.text == "n newt (peaceful)"), "the look panel: {look:?}");
    let said_peaceful = look.iter().find(|l| l.text.starts_with("Peaceful"));
    assert_eq!(said_peaceful.map(|l| l.color), Some(palette::PEACEFUL), "in its own colour: {look:?}");
    keys(&mut app, "Esc i a Enter");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(8, 10)), "aiming starts on the other newt");
    keys(&mut app, "Tab");
    assert_eq!(app.game.aim_cursor(), Some(Point::new(8, 10)), "Tab skips the peaceful one");
    keys(&mut app, "Esc");
    let turn = app.game.turn();
    keys(&mut app, "l");
    assert_eq!(app.mode, Mode::Ask(Question::Plugin), "walking into it asks");
    match app.model().overlay {
        Overlay::Confirm { question } => {
            assert_eq!(question, "Really attack the peaceful newt? y: yes   any other key: no")
        }
        other => panic!("no question: {other:?}"),
    }
    keys(&mut app, "n");
    assert_eq!((app.game.turn(), app.game.is_peaceful(newt)), (turn, true), "no: no turn, still peaceful");
}

#[test]
fn n_at_the_runs_end_asks_for_the_new_run_screen_and_leaves() {
    let mut app = app(&[]);
    app.mode = Mode::Dead;
    assert!(app.press(super::keys::Key::Char('x')), "another key stays on the end screen");
    assert!(!app.new_run_wanted);
    assert!(!app.press(super::keys::Key::Char('n')), "n leaves this run");
    assert!(app.new_run_wanted, "and asks for the New Run screen");
}

#[test]
fn plus_and_underscore_size_the_cells_of_the_view_shown_and_take_no_turn() {
    let mut app = app(&[]);
    let turn = app.game.turn();
    app.select_view("tiles").expect("the host's tile view");
    app.press(Key::Char('+'));
    assert_eq!(app.host_view_cell("tiles"), Some(40), "tiles grow by 8");
    assert_eq!(app.host_view_cell("glyphs"), Some(16), "the glyph view keeps its size");
    for _ in 0..5 {
        app.press(Key::Char('_'));
    }
    assert_eq!(app.host_view_cell("tiles"), Some(16), "no smaller than 16");
    assert!(app.views().host_tiles, "the window knows the host's tile view is shown");
    app.select_view("glyphs").expect("the glyph view");
    app.press(Key::Char('+'));
    assert_eq!(app.host_view_cell("glyphs"), Some(20), "glyphs grow by 4");
    assert!(!app.views().host_tiles);
    assert_eq!(app.game.turn(), turn, "drawing only: no turn passed");
}

/// The panel's lines as text.
fn panel_text(app: &mut App) -> Vec<String> {
    app.panel_lines().into_iter().map(|l| l.text).collect()
}

#[test]
fn a_newt_with_a_name_of_its_own_is_drawn_listed_and_looked_at_by_it() {
    let mut app = app(&[]);
    let look = emberdeep_api::CreatureLook::named("risen newt").glyph('N').color(emberdeep_api::Rgba::rgb(9, 200, 9));
    let newt = app.game.spawn_with_look("newt", Point::new(7, 10), "", &look, "test").expect("spawned");
    // Hunting, its row has no state word: the whole name fits the row.
    app.game.set_state(newt, emberdeep_api::MonsterState::Hunting, "test", "test");
    app.game.update_sight();
    let scene = app.model().scene;
    let drawn = scene.creature_at(Point::new(7, 10)).expect("in the scene");
    assert_eq!((drawn.id, drawn.look.glyph, drawn.look.color), (newt, 'N' as u32, emberdeep_api::Rgba::rgb(9, 200, 9)));
    assert_eq!(scene.cell(Point::new(7, 10)).and_then(|c| c.thing()).map(|l| l.glyph), Some('N' as u32));
    assert!(panel_text(&mut app).iter().any(|l| l.starts_with("N risen newt 5/5")), "{:?}", panel_text(&mut app));
    let looked = app.game.look_at(Point::new(7, 10));
    assert!(format!("{looked:?}").contains("risen newt"), "{looked:?}");
}

#[test]
fn a_disguised_newt_is_drawn_listed_and_looked_at_as_what_it_shows_until_the_step_beside_it() {
    let mut app = app(&[]);
    let wall = app.game.spawn_creature("newt", Point::new(8, 10), "", "test").expect("spawned");
    let orb = app.game.spawn_creature("newt", Point::new(5, 13), "", "test").expect("spawned");
    app.game.disguise_creature(wall, "wall", "test").expect("as a wall");
    app.game.disguise_creature(orb, "orb", "test").expect("as an item");
    app.game.update_sight();
    let scene = app.model().scene;
    assert!(scene.creatures.iter().all(|c| c.id.is_player()), "no monster in the scene: {:?}", scene.creatures);
    let cell = scene.cell(Point::new(8, 10)).expect("on screen");
    assert_eq!((cell.terrain, cell.thing()), (emberdeep_api::Terrain::Wall, None), "drawn as a wall");
    let cell = scene.cell(Point::new(5, 13)).expect("on screen");
    assert_eq!(cell.thing().map(|l| l.tile.to_string()), Some("orb".into()), "drawn as an orb");
    assert!(!panel_text(&mut app).iter().any(|l| l.contains("newt") || l.contains("In sight")));
    let looked = format!("{:?}", app.game.look_at(Point::new(8, 10)));
    assert!(looked.contains("A wall.") && !looked.contains("newt"), "{looked}");
    let looked = format!("{:?}", app.game.look_at(Point::new(5, 13)));
    assert!(looked.contains("An orb") && !looked.contains("newt"), "{looked}");
    keys(&mut app, "l");
    assert!(panel_text(&mut app).iter().all(|l| !l.contains("newt")), "two steps away: still a wall");
    keys(&mut app, "l");
    let found = app.game.log().messages().iter().any(|m| m.text == "The wall was a newt!");
    assert!(found, "found by the step beside it");
    assert!(panel_text(&mut app).iter().any(|l| l.contains("newt")));
    let scene = app.model().scene;
    assert!(scene.creature_at(Point::new(8, 10)).is_some() && scene.creature_at(Point::new(5, 13)).is_none());
}

#[test]
fn travel_stops_for_a_disguise_that_looks_like_an_item_as_for_an_item() {
    use emberdeep_engine::rules::travel::Errand;
    let mut app = app(&[]);
    let newt = app.game.spawn_creature("newt", Point::new(25, 10), "", "test").expect("spawned");
    app.game.disguise_creature(newt, "orb", "test").expect("as an orb");
    app.game.update_sight();
    assert!(!app.game.map().is_remembered(Point::new(25, 10)), "out of sight at first");
    // The way there is known (a map read, say); the orb's cell is not.
    for x in 5..=22 {
        app.game.remember_cell(Point::new(x, 10));
    }
    app.game.travel(Errand::To(Point::new(22, 10)));
    let stopped = app.game.log().messages().iter().any(|m| m.text == "You stop: you see an orb.");
    assert!(stopped, "{:?}", app.game.log().messages().iter().map(|m| m.text.clone()).collect::<Vec<_>>());
    assert!(app.game.player().pos.x < 22 && app.game.creatures()[&newt].is_disguised(), "stopped short, still an orb");
}

#[test]
fn an_ally_in_view_gives_no_hint_to_fight_it_and_an_enemy_does() {
    const HINT: &str = "Hint: walk into a monster to fight it; x looks at it first.";
    let mut app = app(&[]);
    let ally = app.game.spawn_creature("newt", Point::new(7, 10), "player", "test").expect("room for a newt");
    app.game.update_sight();
    keys(&mut app, ".");
    assert!(app.game.monsters_in_view().contains(&ally), "the ally is in view");
    assert!(!app.game.log().messages().iter().any(|m| m.text == HINT), "no hint to fight an ally");
    app.game.spawn_monster("newt", Point::new(9, 10), Some(emberdeep_api::MonsterState::Asleep));
    app.game.update_sight();
    keys(&mut app, ".");
    assert!(app.game.log().messages().iter().any(|m| m.text == HINT), "the hint, for the enemy");
}

#[test]
fn an_in_sight_entry_fits_one_panel_row_whatever_its_name() {
    use super::model::in_sight_entry;
    let width = super::ui::panel::PANEL_CHARS;
    assert_eq!(width, 22, "the panel's row at 1600x900");
    let one = |text: &str| (text.to_string(), None);
    assert_eq!(in_sight_entry('n', "newt", "5/5", "asleep", width), one("n newt 5/5 (asleep)"), "a short one as it is");
    assert_eq!(in_sight_entry('g', "goblin", "9/9", "", width), one("g goblin 9/9"));
    assert_eq!(in_sight_entry('b', "giant bat", "5/5", "asleep", width), one("b giant bat 5/5 asleep"));
    assert_eq!(in_sight_entry('g', "goblin", "9/9", "wandering", width), one("g goblin 9/9 wandering"));
    // The name stays whole (a vampire bat is not a giant bat): the state goes below.
    let moved = |text: &str, state: &str| (text.to_string(), Some(state.to_string()));
    assert_eq!(in_sight_entry('b', "giant bat", "5/5", "wandering", width), moved("b giant bat 5/5", "wandering"));
    assert_eq!(
        in_sight_entry('r', "giant white rat", "4/4", "asleep", width),
        moved("r giant white rat 4/4", "asleep")
    );
    let (cut, state) = in_sight_entry('s', "salamanderqueenmotherofall", "19/19", "wandering", width);
    assert!(cut.chars().count() <= width && cut.ends_with(". 19/19"), "{cut}");
    assert_eq!(state.as_deref(), Some("wandering"));
    // In the panel: the sleeping giant bat's state on its own row.
    let mut app = app(&[]);
    let look = emberdeep_api::CreatureLook::named("giant bat").glyph('b');
    let bat = app.game.spawn_with_look("newt", Point::new(7, 10), "", &look, "test").expect("spawned");
    app.game.set_state(bat, emberdeep_api::MonsterState::Asleep, "test", "test");
    app.game.update_sight();
    let panel = panel_text(&mut app);
    let row = panel.iter().find(|l| l.starts_with("b ")).unwrap_or_else(|| panic!("{panel:?}"));
    assert!(row.chars().count() <= width && row.starts_with("b giant bat"), "{panel:?}");
    assert!(panel.iter().any(|l| l.contains("asleep")), "its state shown: {panel:?}");
    let wrapped = crate::front::screen::wrap(row, width, 1);
    assert_eq!(wrapped.len(), 1, "one row: {wrapped:?}");
}

#[test]
fn no_hint_to_pick_up_while_explore_steps_onto_what_it_picks_up_and_one_for_a_step_by_hand() {
    use super::autopilot::{begin, next_key, Begin};
    const HINT: &str = "Hint: g picks up what lies here.";
    let hinted = |app: &App| app.game.log().messages().iter().any(|m| m.text == HINT);
    let mut app = app(&[]);
    app.game.drop_on_floor("scroll", 1, Point::new(6, 10), ItemId(700));
    let Begin::Started(mut travel) = begin(&mut app.game, true, Key::Char('o')) else { panic!("explore starts") };
    // Stepped as the window steps it: one key at a time, each pressed.
    let step = next_key(&mut app.game, &mut travel).expect("a step");
    app.press(step);
    assert_eq!(app.game.player().pos, Point::new(6, 10), "on the scroll");
    assert!(!hinted(&app), "explore picks it up by itself");
    assert_eq!(next_key(&mut app.game, &mut travel), Some(Key::Char(',')));
    app.game.interrupt_travel(*travel);
    // By hand, the hint is given.
    app.game.drop_on_floor("scroll", 1, Point::new(7, 10), ItemId(701));
    app.press(Key::Char('l'));
    assert!(hinted(&app), "{:?}", app.game.log().messages());
}
