//! The game as a player drives it: modes (playing, the pack, the death
//! screen), what each key does in each, the views and `F2`, and the
//! [`ScreenModel`] every frame is drawn from. Headless runs, the window and
//! the tests all go through `App::press`, so they play the same game.

use std::rc::Rc;

use emberdeep_api::{Light, Look, MessageKind, Point, Scene, SceneCell, Terrain, ViewBox};

use crate::data::Records;
use crate::items::slot_letter;
use crate::keys::{direction, Key};
use crate::map::Tile;
use crate::plugins::Plugins;
use crate::screen::{palette, Health, Line, Overlay, ScreenModel};
use crate::trace::Trace;
use crate::turn::Action;
use crate::world::Game;

/// Pixels of the map area, which the view's cell size divides into cells.
pub const MAP_AREA: (u32, u32) = (1280, 720);
/// Log lines kept on screen.
const LOG_LINES: usize = 9;
/// Lines of the message history screen.
const HISTORY_LINES: usize = 26;

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
    host_views: Vec<(String, ViewBox)>,
    view_index: usize,
    /// Every key pressed, for `--record`.
    pub pressed: Vec<Key>,
    /// The save file this run belongs to (none for replays and bots).
    pub save_slot: Option<crate::save::SaveSlot>,
}

impl App {
    /// An app around a started game; `host_views` are the built-in views
    /// (glyphs, tiles), the first of which it starts in.
    pub fn new(game: Game, host_views: Vec<(String, ViewBox)>) -> App {
        assert!(!host_views.is_empty(), "the host has a view of its own");
        App { game, mode: Mode::Play, host_views, view_index: 0, pressed: Vec::new(), save_slot: None }
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

    /// The view drawing the map now.
    pub fn current_view(&self) -> &ViewBox {
        match self.host_views.get(self.view_index) {
            Some((_, view)) => view,
            None => &self.game.plugins.views[self.view_index - self.host_views.len()].1.imp,
        }
    }

    /// Handles one key. Returns `false` when the player quits.
    pub fn press(&mut self, key: Key) -> bool {
        self.pressed.push(key);
        let go_on = self.dispatch(key);
        if self.game.over && self.game.player().hp <= 0 {
            if let Some(slot) = &self.save_slot {
                slot.forget();
            }
        }
        go_on
    }

    /// Offers the player the saved run already in `self.game`: `y` continues
    /// it, `n` starts a fresh one with `fresh_seed`.
    pub fn offer_continue(&mut self) {
        self.mode = Mode::AskContinue;
    }

    /// Stops the run: saves it, unless the player died (death deleted the save).
    pub fn stop(&mut self) -> Result<(), crate::save::SaveError> {
        let died = self.game.player().hp <= 0;
        self.game.quit_run();
        match (&self.save_slot, died, self.mode) {
            (Some(slot), false, m) if m != Mode::AskContinue => slot.keep(&self.game),
            _ => Ok(()),
        }
    }

    fn answer_continue(&mut self, key: Key) -> bool {
        match key {
            Key::Char('y') | Key::Char('c') => {
                self.mode = Mode::Play;
                crate::save::announce_continue(&mut self.game);
            }
            Key::Char('n') => {
                let seed = crate::save::fresh_seed(&self.game);
                let (plugins, records) = (self.game.plugins.clone(), self.game.records.clone());
                self.game = fresh_game(seed, plugins, records, self.take_trace());
                self.mode = Mode::Play;
            }
            Key::Esc => return false,
            _ => {}
        }
        true
    }

    fn dispatch(&mut self, key: Key) -> bool {
        // Effects of the last key that the window did not take (headless) go unseen.
        self.game.effects.clear();
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
            Key::Char('R') => {
                let seed = self.game.rng.next_raw() >> 1;
                self.game = fresh_game(seed, self.game.plugins.clone(), self.game.records.clone(), self.take_trace());
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

    /// What the screen shows now.
    pub fn model(&mut self) -> ScreenModel {
        let cell = self.current_view().cell_size().max(1);
        let scene = self.scene(cell);
        let player = self.game.player();
        ScreenModel {
            scene,
            health: Health { hp: player.hp.max(0), max: player.max_hp },
            panel: self.panel_lines(),
            look: self.game.aim_look(),
            log: self.game.log.recent_lines(LOG_LINES),
            overlay: self.overlay(),
        }
    }

    /// The cells on screen: all of the map if it fits, else around the
    /// player; while aiming, the camera holds still until the cursor leaves
    /// it, and the line of fire and the cursor are laid on the cells.
    fn scene(&mut self, cell_size: u32) -> Scene {
        let (w, h) = ((MAP_AREA.0 / cell_size) as i32, (MAP_AREA.1 / cell_size) as i32);
        let (w, h) = (w.min(self.game.map.width()), h.min(self.game.map.height()));
        let origin = self.game.camera_origin(w, h);
        let mut cells = Vec::with_capacity((w * h) as usize);
        for y in origin.y..origin.y + h {
            for x in origin.x..origin.x + w {
                cells.push(self.scene_cell(Point::new(x, y)));
            }
        }
        let mut scene = Scene { origin, width: w, height: h, cells: cells.into(), cursor: None.into() };
        self.game.decorate_aim(&mut scene);
        scene
    }

    fn scene_cell(&self, p: Point) -> SceneCell {
        let g = &self.game;
        let light = if g.fov.is_visible(p) {
            Light::Visible
        } else if g.map.is_remembered(p) {
            Light::Remembered
        } else {
            Light::Unseen
        };
        let terrain = match g.map.tile(p) {
            Tile::Wall => Terrain::Wall,
            Tile::Floor => Terrain::Floor,
            Tile::DoorClosed => Terrain::DoorClosed,
            Tile::DoorOpen => Terrain::DoorOpen,
            Tile::StairsDown => Terrain::StairsDown,
        };
        let thing = match light {
            Light::Unseen => None,
            Light::Visible => g.creature_at(p).map(|c| c.look.clone()).or_else(|| self.item_look(p)),
            Light::Remembered => self.item_look(p),
        };
        SceneCell { terrain, light, thing: thing.into(), shade: None.into() }
    }

    fn item_look(&self, p: Point) -> Option<Look> {
        let item = self.game.items.iter().rev().find(|i| i.pos == p)?;
        let rec = self.game.records.items.get(&item.kind)?;
        Some(Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() })
    }

    fn panel_lines(&mut self) -> Vec<Line> {
        let g = &self.game;
        let mut lines = vec![
            Line::new(format!("Turn {}", g.turn), palette::TEXT),
            Line::new(format!("Floor {}", g.floor), palette::TEXT),
            Line::new(format!("Seed {}", g.seed), palette::DIM),
        ];
        lines.extend(self.plugin_panel_lines());
        let seen = self.game.monsters_in_view();
        if !seen.is_empty() {
            lines.push(Line::new("", palette::TEXT));
            lines.push(Line::new("In sight:", palette::DIM));
            for id in seen {
                if let Some(m) = self.game.creatures.get(&id) {
                    let text = format!("{} {} {}/{}", char::from_u32(m.look.glyph).unwrap_or('?'), m.name, m.hp, m.max_hp);
                    lines.push(Line::new(text, m.look.color));
                }
            }
        }
        lines
    }

    fn plugin_panel_lines(&mut self) -> Vec<Line> {
        let plugins = self.game.plugins.clone();
        let mut lines = Vec::new();
        for hook in &plugins.hooks {
            let result = hook.imp.panel_lines(crate::ctx::HostCtx::read_only(&mut self.game, &hook.plugin).as_ctx());
            match result.into_result() {
                Ok(more) => lines.extend(more.iter().map(|l| Line::new(l.as_str(), palette::TEXT))),
                Err(e) => self.game.plugin_error(&hook.plugin, &e),
            }
        }
        lines
    }

    fn overlay(&mut self) -> Overlay {
        match self.mode {
            Mode::Play => Overlay::None,
            Mode::UseItem | Mode::DropItem | Mode::ThrowItem => self.pack_overlay(),
            Mode::Aim => Overlay::None,
            Mode::ConfirmFire => Overlay::Confirm { question: App::confirm_fire_question() },
            Mode::History => self.history_overlay(),
            Mode::AskContinue => Overlay::Confirm {
                question: format!(
                    "A saved run waits on floor {}, turn {}. Continue it? y: continue   n: a new run",
                    self.game.floor, self.game.turn
                ),
            },
            Mode::Dead => {
                let killer = self.game.killer.clone().unwrap_or_else(|| "something unseen".into());
                Overlay::Death {
                    cause: format!("Killed by {killer}, on turn {}.", self.game.turn),
                    details: vec![
                        Line::new(format!("Floor {}, seed {}", self.game.floor, self.game.seed), palette::DIM),
                        Line::new("R: a new run    Esc: quit", palette::TEXT),
                    ],
                }
            }
        }
    }

    /// The newest messages that fit the box, oldest first.
    fn history_overlay(&self) -> Overlay {
        let messages = self.game.log.messages();
        let start = messages.len().saturating_sub(HISTORY_LINES);
        let lines = messages[start..]
            .iter()
            .map(|m| {
                let color = match m.kind {
                    MessageKind::Info => palette::TEXT,
                    MessageKind::Good => palette::GOOD,
                    MessageKind::Danger => palette::DANGER,
                };
                let text = if m.count > 1 { format!("{} x{}", m.text, m.count) } else { m.text.clone() };
                Line::new(text, color)
            })
            .collect();
        Overlay::Menu { title: "Messages".into(), header: Vec::new(), lines, footer: "any key: close".into() }
    }

    fn pack_overlay(&mut self) -> Overlay {
        let header = self.game.pack_header().into_iter().map(|l| Line::new(l, palette::TEXT)).collect();
        let throwing = self.mode == Mode::ThrowItem;
        let slots = self.game.pack.slots().to_vec();
        let mut lines = Vec::new();
        for (i, slot) in slots.iter().enumerate() {
            if let Some(item) = slot {
                let g = &self.game;
                let text = g.records.items.get(&item.kind).map(|r| r.describe(item.count)).unwrap_or(item.kind.clone());
                // Choosing what to throw, what cannot be thrown is dimmed.
                let color = if throwing && !self.game.is_throwable(&item.kind) { palette::DIM } else { palette::TEXT };
                lines.push(Line::new(format!("{} - {text}", slot_letter(i)), color));
            }
        }
        if lines.is_empty() {
            lines.push(Line::new("Your pack is empty.", palette::DIM));
        }
        let (title, footer) = match self.mode {
            Mode::UseItem => ("Pack", "a-z: use    Esc: close"),
            Mode::ThrowItem => ("Throw which?", "a-z: throw    Esc: cancel"),
            _ => ("Drop which?", "a-z: drop    Esc: cancel"),
        };
        Overlay::Menu { title: title.into(), header, lines, footer: footer.into() }
    }
}

/// A new run on a generated first floor.
pub fn fresh_game(seed: u64, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Game {
    let map = crate::map::Map::new_filled(1, 1, Tile::Wall);
    let mut game = Game::blank(seed, map, Point::new(0, 0), plugins, records, trace);
    game.start_run();
    game
}

impl crate::ui::Frontend for App {
    fn model(&mut self) -> ScreenModel {
        App::model(self)
    }

    fn view(&self) -> &ViewBox {
        self.current_view()
    }

    fn press(&mut self, key: Key) -> bool {
        App::press(self, key)
    }

    fn hover(&mut self, cell: Point) {
        // While aiming the cursor follows the mouse; the move is kept with
        // the keys so a recording replays the shot where it went.
        if self.mode == Mode::Aim && self.game.aim_cursor() != Some(cell) {
            self.press(Key::Hover(cell.x, cell.y));
        }
    }

    fn close(&mut self) {
        self.game.quit_run();
    }

    fn take_effects(&mut self) -> Vec<crate::effects::Effect> {
        std::mem::take(&mut self.game.effects)
    }
}
