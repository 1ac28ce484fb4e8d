//! The [`ScreenModel`] a frame is drawn from, built from the game each
//! frame: the map scene through the camera (with the aim laid on it), the
//! side panel (the host's lines, the plugins' lines, what is in sight), the
//! look panel, the log and any overlay.

use emberdeep_api::{EntityId, Light, Look, MessageKind, Point, Scene, SceneCell, SceneCreature, Terrain};
use emberdeep_engine::boundary::Access;
use emberdeep_engine::core::map::Tile;
use emberdeep_engine::log::MessageLog;
use emberdeep_engine::pack::slot_letter;

use super::aiming::decorate_aim;
use super::app::{App, Mode};
use super::look::look_lines;
use super::screen::{palette, Health, Line, Overlay, ScreenModel};
use super::ui::cell_size_of;

/// Pixels of the map area, which the view's cell size divides into cells.
pub const MAP_AREA: (u32, u32) = (1280, 720);
/// Log lines kept on screen.
const LOG_LINES: usize = 9;
/// Lines of the message history screen.
const HISTORY_LINES: usize = 26;

impl App {
    /// The log lines on screen: the run's newest messages, then what the
    /// front end itself has to say.
    fn log_lines(&self) -> Vec<Line> {
        let mut lines = recent_lines(&self.game.log, LOG_LINES.saturating_sub(self.notices.len()));
        lines.extend(self.notices.iter().map(|n| Line::new(n.as_str(), palette::DANGER)));
        lines
    }

    /// What the screen shows now.
    pub fn model(&mut self) -> ScreenModel {
        let cell = cell_size_of(self.current_view());
        let scene = self.scene(cell);
        let player = self.game.player();
        ScreenModel {
            scene,
            health: Health { hp: player.hp.max(0), max: player.max_hp },
            panel: self.panel_lines(),
            look: look_lines(&self.game.aim_look()),
            log: self.log_lines(),
            overlay: self.overlay(),
        }
    }

    /// The cells on screen: all of the map if it fits, else around the
    /// player; while aiming, the camera holds still until the cursor leaves
    /// it, and the line of fire and the cursor are laid on the cells.
    fn scene(&mut self, cell_size: u32) -> Scene {
        let (w, h) = ((MAP_AREA.0 / cell_size) as i32, (MAP_AREA.1 / cell_size) as i32);
        let (w, h) = (w.min(self.game.map.width()), h.min(self.game.map.height()));
        let origin = self.camera.origin(&self.game, w, h);
        let mut cells = Vec::with_capacity((w * h) as usize);
        for y in origin.y..origin.y + h {
            for x in origin.x..origin.x + w {
                cells.push(self.scene_cell(Point::new(x, y)));
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
        scene
    }

    /// The player, then every monster the player sees, nearest first.
    fn scene_creatures(&self) -> Vec<SceneCreature> {
        let g = &self.game;
        let ids = std::iter::once(EntityId::PLAYER).chain(g.monsters_in_view());
        ids.filter_map(|id| {
            let c = g.creatures.get(&id)?;
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
        let own = self.game.statuses_of(EntityId::PLAYER);
        if !own.is_empty() {
            lines.push(Line::new("", palette::TEXT));
            for s in own {
                lines.push(Line::new(format!("{} ({})", s.label, s.turns), s.color));
            }
        }
        let seen = self.game.monsters_in_view();
        if !seen.is_empty() {
            lines.push(Line::new("", palette::TEXT));
            lines.push(Line::new("In sight:", palette::DIM));
            for id in seen {
                if let Some(m) = self.game.creatures.get(&id) {
                    let mut text =
                        format!("{} {} {}/{}", char::from_u32(m.look.glyph).unwrap_or('?'), m.name, m.hp, m.max_hp);
                    let marks: Vec<String> = self.game.statuses_of(id).iter().map(|s| s.label.to_string()).collect();
                    if !marks.is_empty() {
                        text = format!("{text} {}", marks.join(", "));
                    }
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
            // Asked while the frame is drawn: to look, never to change or trace.
            if let Some(more) = self.game.call(hook, Access::Look, |imp, ctx| imp.panel_lines(ctx)) {
                lines.extend(more.iter().map(|l| Line::new(l.as_str(), palette::TEXT)));
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
                    "A saved run waits on floor {}, turn {}. Continue it? y: continue   n: end it, start a new run",
                    self.game.floor, self.game.turn
                ),
            },
            Mode::Dead => {
                let killer = self.game.killer.clone().unwrap_or_else(|| "something unseen".into());
                let won = self.game.won;
                let cause = if won {
                    format!("You hold the ember-heart. Victory on turn {}.", self.game.turn)
                } else {
                    format!("Killed by {killer}, on turn {}.", self.game.turn)
                };
                Overlay::Death {
                    won,
                    cause,
                    details: vec![
                        Line::new(format!("Floor {}, seed {}", self.game.floor, self.game.seed), palette::DIM),
                        Line::new("r: a new run    Esc: quit", palette::TEXT),
                    ],
                    scores: self.scores.clone(),
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
                let text = self.game.item_label(&item.kind, item.count, item.id);
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
