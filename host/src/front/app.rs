//! The game as a player drives it: modes (playing, the pack, aiming, the
//! death screen), what each key does in each, and the views and `F2`.
//! Headless runs, the window and the tests all go through `App::press`, so
//! they play the same game. What a frame shows is built in [`super::model`].

use emberdeep_api::abi::ViewBox;
use emberdeep_api::{MessageKind, PluginError, Point};
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::boundary::Entry;
use emberdeep_engine::rules::travel::ExploreOptions;
use emberdeep_engine::world::animation::Animation;
use emberdeep_engine::{Action, Game};

use super::camera::Camera;
use super::keys::{direction, Key};
use super::screen::ScreenModel;
use super::ui::{Frontend, Views};

/// What the keys do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Moving about.
    Play,
    /// The pack is open: a letter opens that item's card.
    Pack,
    /// One item's card: what it is, and the keys that act on it.
    Card(usize),
    /// A quick key's list (`q`, `r`, `w`, `W`): a letter uses that item at once.
    Quick(Quick),
    /// "Drop which?": a letter drops that item (asking how many of a stack).
    DropItem,
    /// "Drop how many?": digits, then Enter (nothing typed drops them all).
    DropCount {
        /// The pack slot.
        slot: usize,
        /// The number typed so far (0: none).
        typed: u32,
    },
    /// "Throw which?": a letter throws that item (what cannot be thrown is dimmed).
    ThrowItem,
    /// Aiming a shot: the cursor moves, Tab cycles targets, Enter fires.
    Aim,
    /// The shot's burst would reach the player: `y` fires anyway.
    ConfirmFire,
    /// A question before something that cannot be undone: `y` does it.
    Ask(Question),
    /// A saved run was found: `y` continues it, `n` starts afresh.
    AskContinue,
    /// The message history: it scrolls; Esc closes it.
    History,
    /// The help screen: every key; it scrolls; Esc closes it.
    Help,
    /// Looking about (`x`): a cursor over the map, what is there in the panel.
    Look,
    /// The run is over (a death, or a victory: `game.won`): `R` for a new one, `n` for the New Run screen, `Esc` to quit.
    Dead,
}

/// What a quick key uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quick {
    /// `q`: drink.
    Quaff,
    /// `r`: read.
    Read,
    /// `z`: zap a wand (or a staff).
    Zap,
    /// `w`: wield a weapon or ready a bow.
    Wield,
    /// `W`: wear armor.
    Wear,
}

/// A question asked before something that cannot be undone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Esc in play: save the run and quit?
    Quit,
    /// Esc while aiming something that stopping would use up.
    StopAiming,
    /// Firing a shot the look panel warns would end short of the cursor
    /// (a wall or door before it, or out of range): `y` fires it anyway.
    ShootShort,
    /// Drinking a healing potion at full health.
    Drink(usize),
    /// A plugin's yes/no question ("Free the captive goblin?", api 1.3):
    /// the words wait in the game.
    Plugin,
    /// A drop a plugin asks about first (into deep water): the pack slot
    /// and how many (`u32::MAX`: all of it).
    Drop(usize, u32),
}

/// A view name that no view has (`--view`, a handover's view).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "no view named '{}'; the views are: {views}",
    emberdeep_engine::data::untrusted::shown(name, emberdeep_engine::data::untrusted::limits::SHOWN_WORD)
)]
pub struct NoSuchView {
    /// The name asked for.
    pub name: String,
    /// The views there are, joined by `, `.
    pub views: String,
}

/// A game in progress, with its screen state.
pub struct App {
    /// The run.
    pub game: Game,
    /// What the keys do now.
    pub mode: Mode,
    /// The host's own views, by name, before the plugins' in the `F2` cycle.
    host_views: Vec<(String, Entry<ViewBox>)>,
    view_index: usize,
    /// Every key pressed, for `--record`.
    pub pressed: Vec<Key>,
    /// The run is over and the player asked for the New Run screen (`n`).
    pub new_run_wanted: bool,
    /// Keys bound otherwise in play (the options file).
    pub bindings: super::bindings::Bindings,
    /// The questions asked before an item is wasted (the options file).
    pub asks: super::bindings::Asks,
    /// Auto-explore's choices (the options file's `[explore]`).
    pub explore: ExploreOptions,
    /// Which cells are shown.
    pub(crate) camera: Camera,
    /// Lines the front end itself has to say (a view that failed), shown
    /// under the log until the next key; never part of the run.
    pub(crate) notices: Vec<String>,
    /// The first line shown of a screen that scrolls (pack, help, history).
    pub(crate) scroll: usize,
    /// The look mode's cursor.
    pub(crate) look_cursor: Point,
    /// Rows of the look text scrolled past, and the cell looked at then:
    /// another cell starts at the top again.
    look_scroll: usize,
    look_scrolled_at: Option<Point>,
    /// The first-time hints already given this session.
    pub(crate) hints: std::collections::BTreeSet<&'static str>,
    /// The score table the end screen shows, as the session wrote it.
    pub scores: Vec<super::screen::Line>,
    /// The morgue file the session wrote for the run that ended, which the
    /// end screen names.
    pub morgue: Option<std::path::PathBuf>,
    /// The steps time-savers played within their one key (headless and in
    /// scripts: a whole rest or walk per key), which bound a script
    /// ([`super::keys::MOST_SCRIPT_STEPS`]).
    saver_steps: u64,
}

/// Rows PageDown and PageUp move a long look text.
const LOOK_SCROLL_STEP: usize = 4;

/// The glyph view's cell sizes the options and `+`/`_` allow, in pixels.
pub const GLYPH_CELLS: std::ops::RangeInclusive<u32> = 8..=48;
/// The tile view's cell sizes the options and `+`/`_` allow, in pixels.
pub const TILE_CELLS: std::ops::RangeInclusive<u32> = 16..=64;

impl App {
    /// An app around a started game; `host_views` are the built-in views
    /// (glyphs, tiles), the first of which it starts in.
    pub fn new(game: Game, host_views: Vec<(String, ViewBox)>) -> App {
        assert!(!host_views.is_empty(), "the host has a view of its own");
        let host_views = host_views.into_iter().map(|(name, view)| (name, Entry::new("host", view))).collect();
        App {
            game,
            mode: Mode::Play,
            host_views,
            view_index: 0,
            pressed: Vec::new(),
            new_run_wanted: false,
            bindings: Default::default(),
            asks: Default::default(),
            explore: ExploreOptions::default(),
            camera: Camera::default(),
            notices: Vec::new(),
            scroll: 0,
            look_cursor: Point::new(0, 0),
            look_scroll: 0,
            look_scrolled_at: None,
            hints: Default::default(),
            scores: Vec::new(),
            morgue: None,
            saver_steps: 0,
        }
    }

    /// An app around a started game with the host's own views (glyphs, then
    /// tiles tinted as the game's records say), starting in the glyphs.
    pub fn with_host_views(game: Game) -> App {
        let views = crate::front::ui::host_views(game.records());
        App::new(game, views)
    }

    /// The names of every view, host's first: the `F2` cycle.
    pub fn view_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.host_views.iter().map(|(n, _)| n.clone()).collect();
        names.extend(self.game.plugins().views.iter().map(|(n, _)| n.clone()));
        names
    }

    /// Switches to the named view; on an unknown name, says which there are.
    pub fn select_view(&mut self, name: &str) -> Result<(), NoSuchView> {
        let names = self.view_names();
        match names.iter().position(|n| n == name) {
            Some(i) => {
                self.view_index = i;
                Ok(())
            }
            None => Err(NoSuchView { name: name.to_string(), views: names.join(", ") }),
        }
    }

    /// The name of the view drawing the map now.
    pub fn current_view_name(&self) -> String {
        self.view_names().get(self.view_index).cloned().unwrap_or_default()
    }

    /// The view drawing the map now, and the plugin it comes from.
    pub fn current_view(&self) -> &Entry<ViewBox> {
        match self.host_views.get(self.view_index) {
            Some((_, view)) => view,
            None => &self.game.plugins().views[self.view_index - self.host_views.len()].1,
        }
    }

    /// The view drawing the map now, and the host's glyph view to fall back on.
    pub fn views(&self) -> Views<'_> {
        let host_tiles = self.host_views.get(self.view_index).is_some_and(|(name, _)| name == "tiles");
        Views { current: self.current_view(), fallback: &self.host_views[0].1, host_tiles }
    }

    /// The current view failed to draw: named on screen, and the glyph view
    /// takes over. The run is untouched.
    pub fn view_failed(&mut self, error: &PluginError) {
        let names = self.view_names();
        let name = names.get(self.view_index).cloned().unwrap_or_default();
        let plugin = self.current_view().plugin().to_string();
        self.notices
            .push(format!("The view '{name}' of the {plugin} plugin failed ({error}); back to the glyph view."));
        self.view_index = 0;
    }

    /// Handles one key. Returns `false` when the player quits.
    pub fn press(&mut self, key: Key) -> bool {
        // A key bound otherwise is pressed as the game's key it stands for,
        // so the run and its recording hold the game's keys.
        let key = match self.in_play(key) {
            Some(key) => key,
            None => return true,
        };
        self.pressed.push(key);
        // Every key of the run reaches the trace, so a trace replays as a
        // recording does. Once the run has ended (its `run_end` written), the
        // trace is done: the end screen's keys are not the run's, and a
        // replay refuses a press after `run_end`.
        if !self.game.is_over() {
            self.game.emit("press", "host", emberdeep_engine::fields! {"key" => key.to_string()});
        }
        if !matches!(key, Key::Hover(..)) {
            self.notices.clear();
        }
        self.dispatch(key)
    }

    /// The steps time-savers have played within their one key so far (see
    /// [`super::keys::MOST_SCRIPT_STEPS`]).
    pub fn saver_steps(&self) -> u64 {
        self.saver_steps
    }

    /// The cell size of the host's view `name` (`glyphs` or `tiles`) now.
    pub fn host_view_cell(&self, name: &str) -> Option<u32> {
        self.host_views.iter().find(|(n, _)| n == name).map(|(_, v)| super::ui::cell_size_of(v))
    }

    /// The glyph view's cell size now.
    pub fn glyph_cell(&self) -> u32 {
        self.host_view_cell("glyphs").unwrap_or(super::ui::GLYPH_CELL)
    }

    /// Makes the host's glyph view draw cells `cell` pixels square (kept
    /// within [`GLYPH_CELLS`]); drawing only, never the run.
    pub fn set_glyph_cell(&mut self, cell: u32) {
        let cell = cell.clamp(*GLYPH_CELLS.start(), *GLYPH_CELLS.end());
        if let Some(slot) = self.host_views.iter_mut().find(|(name, _)| name == "glyphs") {
            slot.1 = Entry::new("host", super::ui::glyph_view_sized(cell));
        }
    }

    /// Makes the host's tile view draw cells `cell` pixels square (kept
    /// within [`TILE_CELLS`]); drawing only, never the run.
    pub fn set_tile_cell(&mut self, cell: u32) {
        let cell = cell.clamp(*TILE_CELLS.start(), *TILE_CELLS.end());
        let records = self.game.records();
        if let Some(slot) = self.host_views.iter_mut().find(|(name, _)| name == "tiles") {
            slot.1 = Entry::new("host", super::ui::tile_view_sized(records, cell));
        }
    }

    /// `+` (`bigger`) or `_`: the shown host view's cells a step bigger or
    /// smaller (glyphs by 4 pixels, tiles by 8); a plugin's view keeps its
    /// own size, and says so. Drawing only, no turn.
    fn step_cell_size(&mut self, bigger: bool) {
        let name = self.current_view_name();
        let step = |cell: u32, by: u32| if bigger { cell + by } else { cell.saturating_sub(by) };
        match (name.as_str(), self.view_index < self.host_views.len()) {
            ("glyphs", true) => self.set_glyph_cell(step(self.glyph_cell(), 4)),
            ("tiles", true) => {
                let cell = self.host_view_cell("tiles").unwrap_or(super::ui::TILE_CELL);
                self.set_tile_cell(step(cell, 8));
            }
            _ => self.notices.push(format!("The view '{name}' keeps its own cell size.")),
        }
    }

    /// The game's key `key` stands for: in play, as the player bound it
    /// ([`super::bindings::Bindings`]); elsewhere, itself. `None`: a game
    /// key bound to another, which does nothing in play.
    pub fn in_play(&self, key: Key) -> Option<Key> {
        if self.mode == Mode::Play {
            self.bindings.in_play(key)
        } else {
            Some(key)
        }
    }

    /// Offers the player the saved run already in `self.game`: `y` continues
    /// it, `n` starts a fresh one with `fresh_seed`.
    pub fn offer_continue(&mut self) {
        self.mode = Mode::AskContinue;
    }

    /// Whether the player died (the run is over for good).
    pub fn died(&self) -> bool {
        self.game.is_over() && self.game.player().hp <= 0
    }

    fn answer_continue(&mut self, key: Key) -> bool {
        match key {
            Key::Char('y') | Key::Char('c') => {
                self.mode = Mode::Play;
                self.game.announce_continue();
            }
            Key::Char('n') => {
                let seed = fresh_seed(&self.game);
                let (plugins, records) = (self.game.plugins().clone(), self.game.records().clone());
                self.game = Game::fresh(seed, plugins, records, self.take_trace());
                self.mode = Mode::Play;
            }
            Key::Esc => return false,
            _ => {}
        }
        true
    }

    fn dispatch(&mut self, key: Key) -> bool {
        // Animations of the last key that the window did not take (headless) go unseen.
        self.game.take_animations();
        if key == Key::F(2) {
            self.view_index = (self.view_index + 1) % self.view_names().len();
            return true;
        }
        if self.scroll_look(key) {
            return true;
        }
        let going = match self.mode {
            Mode::Play => self.press_playing(key),
            Mode::Pack | Mode::Card(_) | Mode::Quick(_) | Mode::DropItem | Mode::DropCount { .. } | Mode::ThrowItem => {
                self.press_in_pack(key);
                true
            }
            Mode::Aim | Mode::ConfirmFire => self.press_aiming(key),
            Mode::Ask(question) => self.answer(question, key),
            Mode::History | Mode::Help => {
                self.press_scrolling(key);
                true
            }
            Mode::Look => {
                self.press_looking(key);
                true
            }
            Mode::Dead => self.press_dead(key),
            Mode::AskContinue => self.answer_continue(key),
        };
        if going && self.mode == Mode::Play {
            self.give_hints();
        }
        going
    }

    /// PageDown and PageUp while looking or aiming scroll a look text too
    /// long for the panel, a few rows at a time; the scroll stays within the
    /// text and starts again at its top for another cell. Returns whether
    /// the key scrolled.
    fn scroll_look(&mut self, key: Key) -> bool {
        let at = self.cursor();
        if at != self.look_scrolled_at {
            self.look_scroll = 0;
            self.look_scrolled_at = at;
        }
        if at.is_none() || !matches!(key, Key::PageUp | Key::PageDown) {
            return false;
        }
        self.look_scroll = match key {
            Key::PageDown => self.look_scroll + LOOK_SCROLL_STEP,
            _ => self.look_scroll.saturating_sub(LOOK_SCROLL_STEP),
        };
        let most = super::ui::panel::look_scroll_room(&self.model());
        self.look_scroll = self.look_scroll.min(most);
        true
    }

    /// The cell the look panel describes: the look cursor's while looking,
    /// the aim's while aiming.
    pub(crate) fn cursor(&self) -> Option<Point> {
        self.look_cursor().or_else(|| self.game.aim_cursor())
    }

    /// The look text's scroll the panel shows: none once the cursor has
    /// moved to another cell.
    pub(crate) fn look_scroll(&self) -> usize {
        let at = self.cursor();
        if at.is_some() && at == self.look_scrolled_at {
            self.look_scroll
        } else {
            0
        }
    }

    fn press_playing(&mut self, key: Key) -> bool {
        // Time-savers (rest, explore, travel; docs/time-savers.md): the whole
        // run plays within this key, each step pressed as its play key.
        if let Some(errand) = super::autopilot::errand_for(&self.game, key) {
            if let Some(mut travel) = self.game.begin_travel_with(errand, self.explore) {
                while let Some(step) = super::autopilot::next_key(&mut self.game, &mut travel) {
                    self.saver_steps += 1;
                    self.press_playing(step);
                }
            }
            return true;
        }
        let action = match key {
            Key::Char('.') | Key::Numpad(5) => Some(Action::Wait),
            Key::Char('g') | Key::Char(',') => Some(Action::PickUp),
            Key::Char('>') => Some(Action::Descend),
            Key::Char('f') => Some(Action::Fire),
            Key::Char('i') => self.open(Mode::Pack),
            Key::Char('d') => self.open(Mode::DropItem),
            Key::Char('t') => {
                self.open_throw_screen();
                None
            }
            Key::Char('q') => self.open_quick(Quick::Quaff),
            Key::Char('r') => self.open_quick(Quick::Read),
            Key::Char('z') => self.open_quick(Quick::Zap),
            Key::Char('w') => self.open_quick(Quick::Wield),
            Key::Char('W') => self.open_quick(Quick::Wear),
            Key::Char('m') => {
                self.open_history();
                None
            }
            Key::Char('?') | Key::F(1) => self.open(Mode::Help),
            // The shown host view's cells: drawing only, no turn.
            Key::Char('+') => {
                self.step_cell_size(true);
                None
            }
            Key::Char('_') => {
                self.step_cell_size(false);
                None
            }
            Key::Char('x') => {
                self.look_cursor = self.game.player().pos;
                self.open(Mode::Look)
            }
            Key::Esc => self.open(Mode::Ask(Question::Quit)),
            k => match direction(k) {
                Some((dx, dy)) => Some(Action::Move(dx, dy)),
                // A character the host has no use for goes to the plugins,
                // which say it is unknown if none of them answers it.
                None => match k {
                    Key::Char(c) if !c.is_whitespace() => Some(Action::Key(c)),
                    Key::Hover(..) => None,
                    other => {
                        self.game.say(format!("Unknown key '{other}'. Press ? for the keys."), MessageKind::Info);
                        None
                    }
                },
            },
        };
        if let Some(action) = action {
            self.game.player_action(action);
        }
        self.after_action();
        true
    }

    /// Opens a screen (or a question) over play; returns no action.
    pub(crate) fn open(&mut self, mode: Mode) -> Option<Action> {
        self.mode = mode;
        self.scroll = 0;
        None
    }

    /// After an action: aiming if it started an aim, the death screen if it ended the run.
    pub(crate) fn after_action(&mut self) {
        self.follow_aim();
        if self.game.waiting_question().is_some() && self.mode == Mode::Play {
            self.mode = Mode::Ask(Question::Plugin);
        }
        if self.game.is_over() {
            self.mode = Mode::Dead;
        }
    }

    /// A question's answer: `y` does it, anything else does not.
    fn answer(&mut self, question: Question, key: Key) -> bool {
        let yes = key == Key::Char('y') || key == Key::Char('Y');
        match question {
            Question::Quit => {
                self.mode = Mode::Play;
                if yes {
                    self.game.quit_run();
                    return false;
                }
                self.game.say("You keep playing.", MessageKind::Info);
            }
            Question::StopAiming => {
                self.mode = Mode::Aim;
                if yes {
                    self.act_on_aim(Action::CancelAim);
                }
            }
            Question::ShootShort => {
                self.mode = Mode::Aim;
                if yes {
                    self.fire_or_confirm_burst();
                } else {
                    self.game.say("You hold your fire.", MessageKind::Info);
                }
            }
            Question::Plugin => {
                self.mode = Mode::Play;
                self.game.player_action(Action::Answer(yes));
                self.after_action();
            }
            Question::Drink(slot) => {
                self.mode = Mode::Play;
                if yes {
                    self.game.player_action(Action::Use(slot));
                    self.after_action();
                }
            }
            Question::Drop(slot, count) => {
                self.mode = Mode::Play;
                if yes {
                    self.game.player_action(drop_action(slot, count));
                    self.after_action();
                } else {
                    self.game.say("You keep it.", MessageKind::Info);
                }
            }
        }
        true
    }

    fn press_dead(&mut self, key: Key) -> bool {
        match key {
            Key::Char('R' | 'r') => {
                let seed = self.game.draw_seed() >> 1;
                self.game =
                    Game::fresh(seed, self.game.plugins().clone(), self.game.records().clone(), self.take_trace());
                self.mode = Mode::Play;
                true
            }
            Key::Char('N' | 'n') => {
                self.new_run_wanted = true;
                false
            }
            Key::Esc => false,
            _ => true,
        }
    }

    /// Takes the trace out of the game (for a new run, or to finish it).
    pub fn take_trace(&mut self) -> Trace {
        self.game.replace_trace(Trace::console())
    }
}

impl App {
    /// The key the mouse moving onto `cell` stands for, if any: while
    /// aiming the aim follows the mouse, while looking the look cursor.
    /// The move is kept with the keys, so a recording replays the shot
    /// where it went.
    pub fn hover_key(&self, cell: Point) -> Option<Key> {
        let moves = match self.mode {
            Mode::Aim => self.game.aim_cursor() != Some(cell),
            Mode::Look => self.look_cursor() != Some(cell),
            _ => false,
        };
        moves.then_some(Key::Hover(cell.x, cell.y))
    }
}

/// The action that drops `count` of pack slot `slot` (`u32::MAX`: all).
pub(crate) fn drop_action(slot: usize, count: u32) -> Action {
    if count == u32::MAX {
        Action::Drop(slot)
    } else {
        Action::DropSome(slot, count)
    }
}

/// A seed for the fresh run that replaces a saved one the player declined:
/// from the saved run, not the clock, so tests replay.
fn fresh_seed(saved: &Game) -> u64 {
    saved.seed().rotate_left(17) ^ 0x9E37_79B9_7F4A_7C15 ^ saved.turn()
}

impl Frontend for App {
    fn model(&mut self) -> ScreenModel {
        App::model(self)
    }

    fn views(&self) -> Views<'_> {
        App::views(self)
    }

    fn view_failed(&mut self, error: &PluginError) {
        App::view_failed(self, error);
    }

    fn press(&mut self, key: Key) -> bool {
        App::press(self, key)
    }

    fn hover(&mut self, cell: Point) {
        if let Some(key) = self.hover_key(cell) {
            Frontend::press(self, key);
        }
    }

    fn close(&mut self) {
        self.game.quit_run();
    }

    fn take_animations(&mut self) -> Vec<Animation> {
        self.game.take_animations()
    }
}
