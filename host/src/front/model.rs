//! The [`ScreenModel`] a frame is drawn from, built from the game each
//! frame: the map scene through the camera (with the aim laid on it), the
//! side panel (the host's lines, the plugins' lines, what is in sight), the
//! look panel, the log and any overlay.

use emberdeep_api::{
    EntityId, Light, Look, MessageKind, MonsterState, Point, Rgba, Scene, SceneCell, SceneCreature, Terrain,
};
use std::collections::BTreeMap;

use emberdeep_engine::core::map::Tile;
use emberdeep_engine::plugins::boundary::Access;
use emberdeep_engine::rules::looks::Disguise;
use emberdeep_engine::world::log::MessageLog;
use emberdeep_engine::world::pack::slot_letter;
use emberdeep_engine::world::targeting::LookLine;

use super::aiming::decorate_aim;
use super::app::{App, Mode, Question};
use super::help::{help_lines_bound, terrain_helps, TerrainHelp};
use super::look::look_lines;
use super::screen::{palette, wrap, Health, Icon, Line, Overlay, ScreenModel, MENU_CHARS, MENU_ROWS};
use super::ui::cell_size_of;

/// Pixels of the map area, which the view's cell size divides into cells.
pub const MAP_AREA: (u32, u32) = (1280, 720);

pub use super::screen_size::{map_area, screen_size, set_screen_size, DEFAULT_SCREEN, FRAME_EDGES, SMALLEST_SCREEN};

/// How the items a scene shows are drawn, by cell.
#[derive(Default)]
struct ShownItems {
    /// The top item of each cell.
    items: BTreeMap<Point, Look>,
    /// What a creature disguised as an item kind shows.
    disguises: BTreeMap<Point, Look>,
}

/// Log lines kept on screen.
const LOG_LINES: usize = 9;

impl App {
    /// The log lines on screen: the run's newest messages, then what the
    /// front end itself has to say.
    fn log_lines(&self) -> Vec<Line> {
        let mut lines = recent_lines(self.game.log(), LOG_LINES.saturating_sub(self.notices.len()));
        lines.extend(self.notices.iter().map(|n| Line::new(n.as_str(), palette::DANGER)));
        lines
    }

    /// What the screen shows now.
    pub fn model(&mut self) -> ScreenModel {
        let cell = cell_size_of(self.current_view());
        let scene = self.scene(cell);
        let allies = scene
            .creatures
            .iter()
            .map(|c| c.id)
            .filter(|&id| !id.is_player() && !self.game.are_enemies(EntityId::PLAYER, id))
            .filter(|id| !self.game.creatures().get(id).is_some_and(|c| self.game.is_bystander(c)))
            .collect();
        let health = Health { hp: self.game.player().hp.max(0), max: self.game.player().max_hp };
        let (look, hints) = self.look_panel();
        ScreenModel {
            scene,
            health,
            panel: self.panel_lines(),
            look,
            hints,
            look_scroll: self.look_scroll(),
            log: self.log_lines(),
            overlay: self.overlay(),
            allies,
        }
    }

    /// The look panel and its key hints: while aiming, the target (and
    /// what Esc costs), the keys among its first lines; while looking, what
    /// the cursor's cell holds, the keys apart.
    fn look_panel(&mut self) -> (Vec<Line>, Vec<Line>) {
        if let Some(cursor) = self.look_cursor() {
            let mut lines = vec![Line::new("Looking", palette::TEXT)];
            lines.extend(look_lines(&self.game.look_at(cursor)));
            let hints = vec![
                Line::new("", palette::TEXT),
                Line::new("moving keys: move, Tab: next monster", palette::DIM),
                Line::new("Esc or x: done", palette::DIM),
            ];
            return (lines, hints);
        }
        let mut aim = self.game.aim_look();
        if !aim.is_empty() {
            if let Some(what) = self.game.aim_cancel_loses() {
                for line in aim.iter_mut() {
                    if *line == LookLine::Hint("Esc: cancel".into()) {
                        *line = LookLine::Warning(format!("Esc: lose {what}"));
                    }
                }
            }
        }
        (look_lines(&aim), Vec::new())
    }

    /// The cells on screen: all of the map if it fits, else around the
    /// player; while aiming, the camera holds still until the cursor leaves
    /// it, and the line of fire and the cursor are laid on the cells.
    fn scene(&mut self, cell_size: u32) -> Scene {
        let area = map_area();
        let (w, h) = ((area.0 / cell_size) as i32, (area.1 / cell_size) as i32);
        let (w, h) = (w.min(self.game.map().width()), h.min(self.game.map().height()));
        let cursor = self.cursor();
        let origin = self.camera.origin(&self.game, w, h, cursor);
        let shown = self.shown_item_looks(origin, w, h);
        let mut cells = Vec::with_capacity((w * h) as usize);
        for y in origin.y..origin.y + h {
            for x in origin.x..origin.x + w {
                cells.push(self.scene_cell(Point::new(x, y), &shown));
            }
        }
        let player = self.game.player().pos;
        let mut scene = Scene {
            origin,
            width: w,
            height: h,
            cells: cells.into(),
            cursor: None.into(),
            player,
            creatures: self.scene_creatures().into(),
        };
        decorate_aim(&self.game, &mut scene);
        if let Some(cursor) = self.look_cursor() {
            scene.cursor = Some(cursor).into();
        }
        scene
    }

    /// The player, then every monster the player sees, nearest first.
    fn scene_creatures(&self) -> Vec<SceneCreature> {
        let g = &self.game;
        let ids = std::iter::once(EntityId::PLAYER).chain(g.monsters_in_view()).chain(g.sensed_monsters());
        ids.filter_map(|id| {
            let c = g.creatures().get(&id)?;
            Some(SceneCreature {
                id,
                kind: c.kind.as_str().into(),
                pos: c.pos,
                hp: c.hp,
                max_hp: c.max_hp,
                state: c.state,
                sight: c.sight,
                sees_player: !id.is_player() && g.sees_player(id),
                statuses: g.statuses_of(id).into(),
                look: c.look.clone(),
            })
        })
        .collect()
    }

    /// How the items on the cells of the `w` by `h` view from `origin` are
    /// drawn, the top item of each cell (and what a creature disguised as
    /// an item shows): as a plugin's item names draw them (api 1.6: an
    /// unknown potion by its appearance), else as their records say.
    fn shown_item_looks(&mut self, origin: Point, w: i32, h: i32) -> ShownItems {
        let inside = |p: Point| (origin.x..origin.x + w).contains(&p.x) && (origin.y..origin.y + h).contains(&p.y);
        let mut tops: BTreeMap<Point, (String, emberdeep_api::ItemId)> = BTreeMap::new();
        for item in self.game.items().iter().filter(|i| inside(i.pos)) {
            // The last item of a cell is the one on top.
            tops.insert(item.pos, (item.kind.clone(), item.id));
        }
        let disguised: Vec<(Point, String)> = self
            .game
            .creatures()
            .values()
            .filter(|c| inside(c.pos))
            .filter_map(|c| match self.game.disguise_of(c) {
                Some(Disguise::Item(rec)) => Some((c.pos, rec.id.clone())),
                _ => None,
            })
            .collect();
        let mut shown = ShownItems::default();
        for (at, (kind, id)) in tops {
            if let Some(look) = self.game.item_shown_look(&kind, Some(id)) {
                shown.items.insert(at, look);
            }
        }
        for (at, kind) in disguised {
            if let Some(look) = self.game.item_shown_look(&kind, None) {
                shown.disguises.insert(at, look);
            }
        }
        shown
    }

    fn scene_cell(&self, p: Point, shown_items: &ShownItems) -> SceneCell {
        let g = &self.game;
        // A monster sensed out of sight (1.3) shows where it stands, dimmed as memory is.
        let sensed = || g.creature_at(p).filter(|c| g.sensed_monsters().contains(&c.id)).map(|c| c.look.clone());
        let light = if g.fov().is_visible(p) {
            Light::Visible
        } else if g.map().is_remembered(p) || sensed().is_some() {
            Light::Remembered
        } else {
            Light::Unseen
        };
        // A plugin's terrain is drawn as the host's ground under it (floor
        // where one can walk or see through, else wall) with its own look
        // as the cell's thing, under any creature or item; while it hides,
        // as what it hides as.
        let shown = g.shown_terrain(p);
        // A disguised creature (api 1.6) is drawn as what it shows, where
        // the player sees or remembers its cell: a wall's ground, a chest.
        let disguise = match light {
            Light::Unseen => None,
            _ => g.disguised_at(p).and_then(|c| g.disguise_drawn(c)),
        };
        if let Some((ground, thing)) = disguise {
            // An item it shows as is drawn as the item would be (an unknown potion by its appearance).
            let thing = shown_items.disguises.get(&p).cloned().or(thing);
            let terrain = match ground.unwrap_or(Tile::Floor) {
                Tile::Wall => Terrain::Wall,
                Tile::DoorClosed => Terrain::DoorClosed,
                Tile::DoorOpen => Terrain::DoorOpen,
                Tile::StairsDown => Terrain::StairsDown,
                _ => Terrain::Floor,
            };
            return SceneCell { terrain, light, thing: thing.into(), shade: None.into() };
        }
        let terrain = match g.map().tile(p) {
            Tile::Wall => Terrain::Wall,
            Tile::Floor => Terrain::Floor,
            Tile::DoorClosed => Terrain::DoorClosed,
            Tile::DoorOpen => Terrain::DoorOpen,
            Tile::StairsDown => Terrain::StairsDown,
            Tile::Plugin(t) => match shown {
                Some(decl) if decl.walkable || decl.transparent => Terrain::Floor,
                None if t.hidden == emberdeep_api::TerrainHidden::AsFloor => Terrain::Floor,
                _ => Terrain::Wall,
            },
        };
        let ground = || shown.map(|decl| decl.look.clone());
        let item = || shown_items.items.get(&p).cloned();
        // 1.7 (fields): a field in sight is drawn over the ground, and as a
        // shade of its colour under a creature or an item.
        let field = if light == Light::Visible { g.field_look(p) } else { None };
        let field_look = || field.map(|f| f.look.clone());
        let thing = match light {
            Light::Unseen => None,
            Light::Visible => {
                g.creature_at(p).map(|c| c.look.clone()).or_else(&item).or_else(field_look).or_else(ground)
            }
            Light::Remembered => sensed().or_else(item).or_else(ground),
        };
        let covered = field.is_some() && thing.as_ref() != field_look().as_ref();
        let shade = field.filter(|_| covered).map(|f| emberdeep_api::Rgba { a: 90, ..f.look.color });
        SceneCell { terrain, light, thing: thing.into(), shade: shade.into() }
    }

    /// The side panel's lines, as the screen shows them: the host's
    /// (health when low, turn, floor, seed), the plugins' `panel_lines`,
    /// the player's statuses and what is in sight. `check`'s `panel`
    /// expectations read these same lines.
    pub fn panel_lines(&mut self) -> Vec<Line> {
        let g = &self.game;
        let mut lines = Vec::new();
        let me = g.player();
        if me.hp > 0 && emberdeep_engine::rules::travel::is_low(me.hp, me.max_hp) {
            lines.push(Line::new(format!("Low health! {}/{}", me.hp, me.max_hp), palette::DANGER));
        }
        lines.extend([
            Line::new(format!("Turn {}", g.turn()), palette::TEXT),
            Line::new(format!("Floor {}", g.floor()), palette::TEXT),
            Line::new(format!("Seed {}", g.seed()), palette::DIM),
        ]);
        lines.extend(self.plugin_panel_lines());
        let own = self.game.statuses_of(EntityId::PLAYER);
        if !own.is_empty() {
            lines.push(Line::new("", palette::TEXT));
            for s in own {
                lines.push(Line::new(format!("{} ({})", s.label, s.turns), s.color));
            }
        }
        let sensed = self.game.sensed_monsters().len();
        if sensed > 0 {
            let many = if sensed == 1 { "monster" } else { "monsters" };
            lines.push(Line::new(format!("You sense {sensed} {many} out of sight."), palette::DIM));
        }
        let seen = self.game.monsters_in_view();
        if !seen.is_empty() {
            lines.push(Line::new("", palette::TEXT));
            lines.push(Line::new("In sight:", palette::DIM));
            for id in seen {
                if let Some(m) = self.game.creatures().get(&id) {
                    let glyph = char::from_u32(m.look.glyph).unwrap_or('?');
                    let state = match m.state {
                        MonsterState::Hunting if self.game.are_enemies(EntityId::PLAYER, id) => String::new(),
                        _ => self.game.standing(m),
                    };
                    let health = format!("{}/{}", m.hp, m.max_hp);
                    let (text, moved) = in_sight_entry(glyph, &m.name, &health, &state, PANEL_CHARS);
                    let marks: Vec<String> = moved
                        .into_iter()
                        .chain(self.game.statuses_of(id).iter().map(|s| s.label.to_string()))
                        .collect();
                    let marks = marks.join(", ");
                    // One that is neither enemy nor ally (peaceful) in a colour of its own.
                    let color = if self.game.is_bystander(m) { palette::PEACEFUL } else { m.look.color };
                    // Its statuses after it on its row if they fit, else on a row of their own.
                    if marks.is_empty() {
                        lines.push(Line::new(text, color));
                    } else if text.chars().count() + 1 + marks.chars().count() <= PANEL_CHARS {
                        lines.push(Line::new(format!("{text} {marks}"), color));
                    } else {
                        lines.push(Line::new(text, color));
                        lines.push(Line::new(format!("  {marks}"), color));
                    }
                }
            }
        }
        lines
    }

    fn plugin_panel_lines(&mut self) -> Vec<Line> {
        let plugins = self.game.plugins().clone();
        let mut lines = Vec::new();
        for hook in &plugins.hooks {
            // Asked while the frame is drawn: to look, never to change or trace.
            if let Some(more) = self.game.call(hook, Access::Look, |imp, ctx| imp.panel_lines(ctx)) {
                lines.extend(more.iter().map(|l| Line::new(l.as_str(), palette::TEXT)));
            }
        }
        lines
    }

    fn overlay(&mut self) -> Overlay {
        match self.mode {
            Mode::Play | Mode::Aim | Mode::Look => Overlay::None,
            Mode::Pack | Mode::Quick(_) | Mode::DropItem | Mode::ThrowItem => self.pack_overlay(),
            Mode::Card(slot) => self.card_overlay(slot),
            Mode::DropCount { slot, typed } => {
                let item = self.game.pack().get(slot).cloned();
                let what = item.map(|i| self.game.item_label(&i.kind, i.count, i.id)).unwrap_or_default();
                let typed = if typed == 0 { String::new() } else { format!(" {typed}") };
                Overlay::Confirm {
                    question: format!("Drop how many of {what}?{typed}_   (digits, Enter: that many, or all if none typed; Esc: none)"),
                }
            }
            Mode::ConfirmFire => Overlay::Confirm { question: App::confirm_fire_question() },
            Mode::Ask(question) => Overlay::Confirm { question: self.question_text(question) },
            Mode::History => self.history_overlay(),
            Mode::Help => self.help_overlay(),
            Mode::AskContinue => Overlay::Confirm {
                question: format!(
                    "A saved run waits on floor {}, turn {}. Continue it? y: continue   n: end it, start a new run",
                    self.game.floor(),
                    self.game.turn()
                ),
            },
            Mode::Dead => {
                let killer = self.game.killer().unwrap_or("something unseen").to_string();
                let won = self.game.won();
                let cause = if won {
                    format!("You hold the ember-heart. Victory on turn {}.", self.game.turn())
                } else if self.game.at_turn_limit() && self.game.player().hp > 0 {
                    format!("The run ends on turn {}, the most a run may last.", self.game.turn())
                } else {
                    format!("Killed by {killer}, on turn {}.", self.game.turn())
                };
                let mut details =
                    vec![Line::new(format!("Floor {}, seed {}", self.game.floor(), self.game.seed()), palette::DIM)];
                // What the plugins add to the run's end (api 1.3).
                details.extend(self.game.morgue_lines().into_iter().map(|l| Line::new(l, palette::TEXT)));
                if let Some(path) = &self.morgue {
                    details.push(Line::new(format!("Morgue: {}", path.display()), palette::DIM));
                }
                details.push(Line::new(
                    "r: a new run with these plugins    n: choose a new run    Esc: quit",
                    palette::TEXT,
                ));
                Overlay::Death { won, cause, details, scores: self.scores.clone() }
            }
        }
    }

    /// The words of a question before something that cannot be undone.
    fn question_text(&mut self, question: Question) -> String {
        match question {
            Question::Quit => "Save the run and quit? y: save and quit   any other key: keep playing".into(),
            Question::StopAiming => {
                let what = self.game.aim_cancel_loses().unwrap_or_else(|| "the item".into());
                format!("Stop aiming? That loses {what}. y: lose it   any other key: aim on")
            }
            Question::ShootShort => self.shoot_short_question(),
            Question::Plugin => {
                let asked = self.game.waiting_question().map_or(String::new(), |q| q.question.clone());
                format!("{asked} y: yes   any other key: no")
            }
            Question::Drink(slot) => {
                let item = self.game.pack().get(slot).cloned();
                let what = item.map(|i| self.game.item_label(&i.kind, 1, i.id)).unwrap_or_default();
                format!("You are at full health. Drink {what} anyway? y: drink it   any other key: keep it")
            }
            Question::Drop(slot, count) => {
                let asked = self.game.drop_question(slot, count).unwrap_or_else(|| "Drop it?".into());
                format!("{asked} y: drop it   any other key: keep it")
            }
        }
    }

    /// A scrolling menu of `all` lines from `self.scroll` (clamped, and
    /// written back so the keys scroll from where the screen shows).
    fn scrolled(&mut self, title: &str, header: Vec<Line>, all: Vec<Line>, footer: &str) -> Overlay {
        let room = MENU_ROWS.saturating_sub(header.len()).max(1);
        let last_start = all.len().saturating_sub(room);
        self.scroll = self.scroll.min(last_start);
        let start = self.scroll;
        let end = (start + room).min(all.len());
        let more = (start, all.len() - end);
        let lines = all[start..end].to_vec();
        Overlay::Menu { title: title.into(), header, lines, more, footer: footer.into() }
    }

    /// The whole kept log, lines wrapped to the box, oldest first.
    fn history_overlay(&mut self) -> Overlay {
        let mut lines = Vec::new();
        for m in self.game.log().messages() {
            let color = match m.kind {
                MessageKind::Info => palette::TEXT,
                MessageKind::Good => palette::GOOD,
                MessageKind::Danger => palette::DANGER,
            };
            let text = if m.count > 1 { format!("{} x{}", m.text, m.count) } else { m.text.clone() };
            lines.extend(wrap(&text, MENU_CHARS, 2).into_iter().map(|t| Line::new(t, color)));
        }
        self.scrolled("Messages", Vec::new(), lines, "Up/Down, PgUp/PgDn, Home/End: scroll    Esc: close")
    }

    /// Every key, the host's and the plugins'.
    fn help_overlay(&mut self) -> Overlay {
        let keys = self.game.plugin_keys();
        let terrains: Vec<TerrainHelp> = terrain_helps(self.game.plugins());
        let lines = help_lines_bound(&keys, &terrains, &self.bindings);
        self.scrolled("Keys", Vec::new(), lines, "Up/Down, PgUp/PgDn: scroll    Esc: close")
    }

    /// An item's card: its name, its description, what it does, the keys.
    fn card_overlay(&mut self, slot: usize) -> Overlay {
        let Some(item) = self.game.pack().get(slot).cloned() else { return Overlay::None };
        let title = emberdeep_engine::world::log::capitalized(&self.game.item_label(&item.kind, item.count, item.id));
        let mut lines = Vec::new();
        // A plugin's card (an unknown potion's) stands in place of the
        // record's description and what it does (api 1.3).
        if let Some(text) = self.game.item_card(slot) {
            lines.extend(wrap(&text, MENU_CHARS, 0).into_iter().map(|t| Line::new(t, palette::TEXT)));
        } else {
            if let Some(text) = self.game.item_description(&item.kind) {
                lines.extend(wrap(&text, MENU_CHARS, 0).into_iter().map(|t| Line::new(t, palette::TEXT)));
                lines.push(Line::new("", palette::TEXT));
            }
            for fact in self.game.item_facts(slot) {
                lines.push(Line::new(fact, palette::GOOD));
            }
        }
        lines.push(Line::new("", palette::TEXT));
        let verb = self.quick_for(slot).map_or("use", |q| q.verb());
        let quick = self.quick_for(slot).map(|q| format!(" or {}", q.key())).unwrap_or_default();
        lines.push(Line::new(format!("Enter{quick}: {verb} it"), palette::TEXT));
        let drop = if item.count > 1 { "d: drop some or all" } else { "d: drop it" };
        lines.push(Line::new(drop, palette::TEXT));
        if self.can_throw(slot) {
            lines.push(Line::new("t: throw it", palette::TEXT));
        }
        let mut header = Line::new(format!("{} - in your pack", slot_letter(slot)), palette::DIM);
        if let Some(icon) = self.item_icon(&item.kind, item.id) {
            header = header.with_icon(icon);
        }
        let header = vec![header];
        self.scrolled(&title, header, lines, "Esc: back to the pack")
    }

    fn pack_overlay(&mut self) -> Overlay {
        let header = self.game.pack_header().into_iter().map(|l| Line::new(l, palette::TEXT)).collect();
        let mut lines = Vec::new();
        for (i, text) in self.pack_labels() {
            let Some(item) = self.game.pack().get(i).cloned() else { continue };
            // Choosing what to throw or to use, what will not do is dimmed.
            let fits = match self.mode {
                Mode::ThrowItem => self.game.is_throwable(&item),
                Mode::Quick(quick) => self.quick_takes(quick, i),
                _ => true,
            };
            let color = if fits { palette::TEXT } else { palette::DIM };
            let line = Line::new(format!("{} - {text}", slot_letter(i)), color);
            lines.push(match self.item_icon(&item.kind, item.id) {
                Some(icon) => line.with_icon(icon),
                None => line,
            });
        }
        if lines.is_empty() {
            lines.push(Line::new("Your pack is empty.", palette::DIM));
        }
        let (title, footer) = match self.mode {
            Mode::Pack => ("Pack", "a-z: what it is, what it does    Esc: close"),
            Mode::Quick(quick) => (quick.title(), "a-z: use it at once    Esc: cancel"),
            Mode::ThrowItem => ("Throw which?", "a-z: throw    Esc: cancel"),
            _ => ("Drop which?", "a-z: drop    Esc: cancel"),
        };
        self.scrolled(title, header, lines, footer)
    }

    /// How item `id` (of `kind`) is drawn beside its name: as both views
    /// draw it on the floor (a plugin's look, an unknown potion's
    /// appearance, else its record's), with the tint the tile view gives
    /// its tile (its colour if a record with `tint` draws with that tile).
    fn item_icon(&mut self, kind: &str, id: emberdeep_api::ItemId) -> Option<Icon> {
        let look = self.game.item_shown_look(kind, Some(id))?;
        let records = self.game.records();
        let tinted = records.items.values().any(|r| r.tint && r.tile == look.tile.as_str())
            || records.monsters.values().any(|r| r.tint && r.tile == look.tile.as_str());
        let tint = if tinted { look.color } else { Rgba::rgb(255, 255, 255) };
        Some(Icon { look, tint })
    }

    /// Each filled pack slot and the item's name as the pack screen writes
    /// it after the slot's letter ("a wand of sparks (2)"), first slot
    /// first. `check`'s `pack "NAME"` expectations read these same names.
    pub fn pack_labels(&mut self) -> Vec<(usize, String)> {
        let slots = self.game.pack().slots().to_vec();
        let filled = slots.iter().enumerate().filter_map(|(i, slot)| slot.as_ref().map(|item| (i, item)));
        filled.map(|(i, item)| (i, self.game.item_label(&item.kind, item.count, item.id))).collect()
    }
}

/// Characters of a side panel row (the in-sight entries are made to fit one).
const PANEL_CHARS: usize = super::ui::panel::PANEL_CHARS;

/// An in-sight entry of the side panel, `b giant bat 5/5 (asleep)`, made to
/// fit a row of `width` characters, and what did not fit on it. Too long,
/// it gives way step by step: the state loses its brackets (`b giant bat
/// 5/5 asleep`), then goes to the row below with the creature's statuses
/// (`r giant white rat 4/4`, then `asleep`), so the name stays whole and
/// two kinds whose names end alike ("giant bat", "vampire bat") never
/// read the same; only a name too long for a row by itself is cut short
/// with a dot. `state`: a word (`asleep`), or empty for none.
pub(crate) fn in_sight_entry(
    glyph: char,
    name: &str,
    health: &str,
    state: &str,
    width: usize,
) -> (String, Option<String>) {
    let fits = |text: &String| text.chars().count() <= width;
    let bare = format!("{glyph} {name} {health}");
    if state.is_empty() {
        if fits(&bare) {
            return (bare, None);
        }
    } else {
        for full in [format!("{bare} ({state})"), format!("{bare} {state}")] {
            if fits(&full) {
                return (full, None);
            }
        }
    }
    let moved = (!state.is_empty()).then(|| state.to_string());
    if fits(&bare) {
        return (bare, moved);
    }
    let room = width.saturating_sub(bare.chars().count() - name.chars().count());
    if room < 2 {
        return (bare, moved);
    }
    let cut: String = name.chars().take(room - 1).collect();
    (format!("{glyph} {cut}. {health}"), moved)
}

/// The newest `n` messages as coloured lines, oldest first; older lines dimmer.
pub fn recent_lines(log: &MessageLog, n: usize) -> Vec<Line> {
    let messages = log.messages();
    let start = messages.len().saturating_sub(n);
    let shown = &messages[start..];
    shown
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let age = shown.len() - 1 - i;
            let base = match m.kind {
                MessageKind::Info => palette::TEXT,
                MessageKind::Good => palette::GOOD,
                MessageKind::Danger => palette::DANGER,
            };
            let percent = 100u8.saturating_sub((age as u8).saturating_mul(9)).max(40);
            let text = if m.count > 1 { format!("{} x{}", m.text, m.count) } else { m.text.clone() };
            Line::new(text, base.dimmed(percent))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_of_another_size_gives_the_map_what_the_panel_and_log_leave() {
        assert_eq!(screen_size(), DEFAULT_SCREEN, "untouched, the frame is 1600x900");
        assert_eq!(map_area(), MAP_AREA);
        assert_eq!(set_screen_size(1900, 1060), (1900, 1060));
        assert_eq!(map_area(), (1580, 880), "a bigger window: a bigger map, the panel and log as they were");
        assert_eq!(set_screen_size(1000, 620), (1000, 620));
        assert_eq!(map_area(), (680, 440));
        assert_eq!(set_screen_size(300, 200), SMALLEST_SCREEN, "a tiny window shows the smallest layout scaled down");
        assert_eq!(map_area(), (640, 360));
        set_screen_size(DEFAULT_SCREEN.0, DEFAULT_SCREEN.1);
    }
}
