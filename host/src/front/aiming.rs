//! Aiming as the player drives it: the keys while the Targeting state runs
//! (the cursor, Tab, firing, the questions before firing a shot that would
//! end short of the cursor or into one's own burst), and the shading of the shot's path laid on the scene. The state
//! itself and the path are the engine's (`emberdeep_engine::world::targeting`).

use emberdeep_api::{MessageKind, Point, Rgba, Scene};
use emberdeep_engine::world::targeting::{FallsShort, Shading};
use emberdeep_engine::{Action, Game};

use super::app::{App, Mode, Question};
use super::keys::{direction, Key};

/// The shade of the cells a shot passes.
pub const PATH_SHADE: Rgba = Rgba::rgb(250, 220, 60).with_alpha(100);
/// The fainter shade of a burst's cells around the path's end.
pub const BURST_SHADE: Rgba = Rgba::rgb(255, 120, 30).with_alpha(45);

/// The shades to lay on the map while aiming, by the engine's shading.
pub fn aim_shades(game: &Game) -> Vec<(Point, Rgba)> {
    let colour = |s: Shading| match s {
        Shading::Path => PATH_SHADE,
        Shading::Burst => BURST_SHADE,
    };
    game.aim_shading().into_iter().map(|(p, s)| (p, colour(s))).collect()
}

/// Lays the cursor and the shades on a scene about to be drawn.
pub fn decorate_aim(game: &Game, scene: &mut Scene) {
    let Some(cursor) = game.aim_cursor() else { return };
    scene.cursor = Some(cursor).into();
    for (p, shade) in aim_shades(game) {
        let (x, y) = (p.x - scene.origin.x, p.y - scene.origin.y);
        if x >= 0 && y >= 0 && x < scene.width && y < scene.height {
            if let Some(cell) = scene.cells.get_mut((y * scene.width + x) as usize) {
                cell.shade = Some(shade).into();
            }
        }
    }
}

impl App {
    /// A key while aiming (or while asked whether to fire into one's own
    /// burst). Returns `false` when the player quits (never, here).
    pub(crate) fn press_aiming(&mut self, key: Key) -> bool {
        if self.mode == Mode::ConfirmFire {
            if key == Key::Char('y') {
                self.act_on_aim(Action::Shoot);
            } else {
                self.mode = Mode::Aim;
                self.game.say("You hold your fire.", MessageKind::Info);
            }
            return true;
        }
        match key {
            // Stopping an aim that would use the item up asks first.
            Key::Esc if self.asks.stop_aiming && self.game.aim_cancel_loses().is_some() => {
                self.mode = Mode::Ask(Question::StopAiming)
            }
            Key::Esc => self.act_on_aim(Action::CancelAim),
            Key::Enter | Key::Char('f') => self.fire_or_ask(),
            Key::Click(x, y) => {
                self.game.aim_at(Point::new(x, y));
                self.fire_or_ask();
            }
            Key::Hover(x, y) => self.game.aim_at(Point::new(x, y)),
            Key::Tab => self.game.aim_next_target(),
            k => {
                if let Some((dx, dy)) = direction(k) {
                    self.game.move_aim(dx, dy);
                }
            }
        }
        true
    }

    /// Fires, unless the look panel warns that the shot would end short of
    /// the cursor (a wall or door before it, out of range) or its burst would
    /// reach the player: then asks first. A shot with no cell to fly to is
    /// refused by the engine, in the panel's words, without a question.
    fn fire_or_ask(&mut self) {
        if self.asks.shoot_short && self.game.aim_falls_short().is_some() && !self.game.aim_path().is_empty() {
            self.mode = Mode::Ask(Question::ShootShort);
        } else {
            self.fire_or_confirm_burst();
        }
    }

    /// Fires, unless the shot's burst would reach the player: then asks first.
    pub(crate) fn fire_or_confirm_burst(&mut self) {
        if self.game.aim_burst_hits_player() {
            self.mode = Mode::ConfirmFire;
        } else {
            self.act_on_aim(Action::Shoot);
        }
    }

    /// Plays a shot or a cancel, then leaves aiming if it is over.
    pub(crate) fn act_on_aim(&mut self, action: Action) {
        self.game.player_action(action);
        self.mode = if self.game.is_over() {
            Mode::Dead
        } else if self.game.is_aiming() {
            Mode::Aim
        } else {
            Mode::Play
        };
    }

    /// Enters aiming if the last action started it.
    pub(crate) fn follow_aim(&mut self) {
        if self.game.is_aiming() && !self.game.is_over() {
            self.mode = Mode::Aim;
        }
    }

    /// `t`: the "throw which?" screen, unless nothing in the pack can be thrown.
    pub(crate) fn open_throw_screen(&mut self) {
        let items: Vec<_> = self.game.pack().slots().iter().flatten().cloned().collect();
        if items.iter().any(|i| self.game.is_throwable(i)) {
            self.mode = Mode::ThrowItem;
        } else {
            self.game.say("You have nothing to throw.", MessageKind::Info);
        }
    }

    /// The question asked before firing a shot that would end short of the
    /// cursor, from what the engine says stops it.
    pub(crate) fn shoot_short_question(&self) -> String {
        let why = match self.game.aim_falls_short() {
            Some(FallsShort::Solid { door }) => {
                format!("The shot would hit the {}.", if door { "door" } else { "wall" })
            }
            Some(FallsShort::OutOfRange(range)) => format!("Out of range ({range}): the shot would end short."),
            Some(FallsShort::Ally) => "An ally is in the way: the shot would stop at it.".to_string(),
            Some(FallsShort::Bystander) => {
                "A peaceful creature is in the way: the shot would stop at it, and anger it.".to_string()
            }
            None => "The shot would end short.".to_string(),
        };
        format!("{why} Shoot anyway? y: shoot   any other key: aim again")
    }

    /// The question asked before firing into one's own burst.
    pub(crate) fn confirm_fire_question() -> String {
        "The burst would reach you too. Fire anyway? y: fire   any other key: aim again".into()
    }
}

#[cfg(test)]
mod burst_tests;
#[cfg(test)]
pub(crate) mod tests;
