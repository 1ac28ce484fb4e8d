//! The game as a player drives it: modes (playing, the pack, aiming, the
//! death screen), what each key does in each, and the views and `F2`.
//! Headless runs, the window and the tests all go through `App::press`, so
//! they play the same game. What a frame shows is built in [`super::model`].

use emberdeep_api::abi::ViewBox;
use emberdeep_api::{MessageKind, PluginError, Point};
use emberdeep_engine::animation::Animation;
use emberdeep_engine::boundary::Entry;
use emberdeep_engine::trace::Trace;
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
    /// The pack is open: a letter uses that item.
    UseItem,
    /// "Drop which?": a letter drops that item.
    DropItem,
    /// "Throw which?": a letter throws that item (what cannot be thrown is dimmed).
    ThrowItem,
    /// Aiming a shot: the cursor moves, Tab cycles targets, Enter fires.
    Aim,
    /// The shot's burst would reach the player: `y` fires anyway.
    ConfirmFire,
    /// A saved run was found: `y` continues it, `n` starts afresh.
    AskContinue,
    /// The message history: any key closes it.
    History,
    /// The run is over: `R` for a new one, `Esc` to quit.
    Dead,
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
    /// Which cells are shown.
    pub(crate) camera: Camera,
    /// Lines the front end itself has to say (a view that failed), shown
    /// under the log until the next key; never part of the run.
    pub(crate) notices: Vec<String>,
}

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
            camera: Camera::default(),
            notices: Vec::new(),
        }
    }

    /// The names of every view, host's first: the `F2` cycle.
    pub fn view_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.host_views.iter().map(|(n, _)| n.clone()).collect();
        names.extend(self.game.plugins.views.iter().map(|(n, _)| n.clone()));
        names
    }

    /// Switches to the named view; on an unknown name, says which there are.
    pub fn select_view(&mut self, name: &str) -> Result<(), String> {
        let names = self.view_names();
        match names.iter().position(|n| n == name) {
            Some(i) => {
                self.view_index = i;
                Ok(())
            }
            None => Err(format!("no view named '{name}'; the views are: {}", names.join(", "))),
        }
    }

    /// The view drawing the map now, and the plugin it comes from.
    pub fn current_view(&self) -> &Entry<ViewBox> {
        match self.host_views.get(self.view_index) {
            Some((_, view)) => view,
            None => &self.game.plugins.views[self.view_index - self.host_views.len()].1,
        }
    }

    /// The view drawing the map now, and the host's glyph view to fall back on.
    pub fn views(&self) -> Views<'_> {
        Views { current: self.current_view(), fallback: &self.host_views[0].1 }
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
        self.pressed.push(key);
        if !matches!(key, Key::Hover(..)) {
            self.notices.clear();
        }
        self.dispatch(key)
    }

    /// Offers the player the saved run already in `self.game`: `y` continues
    /// it, `n` starts a fresh one with `fresh_seed`.
    pub fn offer_continue(&mut self) {
        self.mode = Mode::AskContinue;
    }

    /// Whether the player died (the run is over for good).
    pub fn died(&self) -> bool {
        self.game.over && self.game.player().hp <= 0
    }

    fn answer_continue(&mut self, key: Key) -> bool {
        match key {
            Key::Char('y') | Key::Char('c') => {
                self.mode = Mode::Play;
                self.game.announce_continue();
            }
            Key::Char('n') => {
                let seed = fresh_seed(&self.game);
                let (plugins, records) = (self.game.plugins.clone(), self.game.records.clone());
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
        self.game.animations.clear();
        if key == Key::F(2) {
            self.view_index = (self.view_index + 1) % self.view_names().len();
            return true;
        }
        match self.mode {
            Mode::Play => self.press_playing(key),
            Mode::UseItem | Mode::DropItem | Mode::ThrowItem => {
                self.press_in_pack(key);
                true
            }
            Mode::Aim | Mode::ConfirmFire => self.press_aiming(key),
            Mode::History => {
                self.mode = Mode::Play;
                true
            }
            Mode::Dead => self.press_dead(key),
            Mode::AskContinue => self.answer_continue(key),
        }
    }

    fn press_playing(&mut self, key: Key) -> bool {
        // Time-savers (rest, explore, travel; docs/time-savers.md): the whole
        // run plays within this key, each step pressed as its play key.
        if let Some(errand) = super::autopilot::errand_for(&self.game, key) {
            if let Some(mut travel) = self.game.begin_travel(errand) {
                while let Some(step) = super::autopilot::next_key(&mut self.game, &mut travel) {
                    self.press_playing(step);
                }
            }
            return true;
        }
        let action = match key {
            Key::Char('.') | Key::Numpad(5) => Some(Action::Wait),
            Key::Char('g') | Key::Char(',') => Some(Action::PickUp),
            Key::Char('>') => Some(Action::Descend),
            Key::Char('i') => {
                self.mode = Mode::UseItem;
                None
            }
            Key::Char('d') => {
                self.mode = Mode::DropItem;
                None
            }
            Key::Char('f') => Some(Action::Fire),
            Key::Char('t') => {
                self.open_throw_screen();
                None
            }
            Key::Char('m') => {
                self.mode = Mode::History;
                None
            }
            Key::Esc => {
                self.game.quit_run();
                return false;
            }
            k => direction(k).map(|(dx, dy)| Action::Move(dx, dy)),
        };
        if let Some(action) = action {
            self.game.player_action(action);
        }
        self.follow_aim();
        if self.game.over {
            self.mode = Mode::Dead;
        }
        true
    }

    fn press_in_pack(&mut self, key: Key) {
        let mode = self.mode;
        self.mode = Mode::Play;
        let Key::Char(c @ 'a'..='z') = key else { return };
        let slot = (c as u8 - b'a') as usize;
        if self.game.pack.get(slot).is_none() {
            self.game.log.add(format!("You have nothing in slot {c}."), MessageKind::Info);
            return;
        }
        let action = match mode {
            Mode::UseItem => Action::Use(slot),
            Mode::ThrowItem => Action::Throw(slot),
            _ => Action::Drop(slot),
        };
        self.game.player_action(action);
        self.follow_aim();
        if self.game.over {
            self.mode = Mode::Dead;
        }
    }

    fn press_dead(&mut self, key: Key) -> bool {
        match key {
            Key::Char('R' | 'r') => {
                let seed = self.game.rng.next_raw() >> 1;
                self.game = Game::fresh(seed, self.game.plugins.clone(), self.game.records.clone(), self.take_trace());
                self.mode = Mode::Play;
                true
            }
            Key::Esc => false,
            _ => true,
        }
    }

    /// Takes the trace out of the game (for a new run, or to finish it).
    pub fn take_trace(&mut self) -> Trace {
        std::mem::replace(&mut self.game.trace, Trace::console())
    }
}

/// A seed for the fresh run that replaces a saved one the player declined:
/// from the saved run, not the clock, so tests replay.
fn fresh_seed(saved: &Game) -> u64 {
    saved.seed.rotate_left(17) ^ 0x9E37_79B9_7F4A_7C15 ^ saved.turn
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
        // While aiming the cursor follows the mouse; the move is kept with
        // the keys so a recording replays the shot where it went.
        if self.mode == Mode::Aim && self.game.aim_cursor() != Some(cell) {
            Frontend::press(self, Key::Hover(cell.x, cell.y));
        }
    }

    fn close(&mut self) {
        self.game.quit_run();
    }

    fn take_animations(&mut self) -> Vec<Animation> {
        std::mem::take(&mut self.game.animations)
    }
}
