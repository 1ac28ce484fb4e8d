//! The session: which run to play, and what happens to its save.
//!
//! The policy in one place, away from the keys and the screen:
//!
//! * A run plays from a saved run, a scenario or a fresh floor. A saved run
//!   in the save folder is resumed (`--continue`), offered (a window run:
//!   `y` continues it, `n` starts afresh) or left alone (headless runs, and
//!   any run from a scenario).
//! * A save the game will not load (another format, another plugin set,
//!   damage) is reported and never written over or deleted: a new run saves
//!   beside it (`save-2.json`). So does a new run that was not offered the
//!   save already there.
//! * Stopping saves the run, unless the player died or never answered
//!   whether to continue; death deletes the run's save, and only a file
//!   that loads as a save.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::PluginError;
use emberdeep_engine::animation::Animation;
use emberdeep_engine::loader::Plugins;
use emberdeep_engine::records::Records;
use emberdeep_engine::trace::Trace;
use emberdeep_engine::Game;

use super::save::{self, SaveError};
use super::scenario::game_from_scenario;
use crate::front::app::{App, Mode};
use crate::front::keys::Key;
use crate::front::screen::ScreenModel;
use crate::front::ui::{self, Frontend, Views};

/// How a saved run found in the save folder is treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SavedRun {
    /// Played on at once (`--continue`); a save that will not load is an error.
    Resume,
    /// Offered to the player, who may start afresh instead (a window run).
    Offer,
    /// Not looked at (headless runs, scenarios).
    Ignore,
}

/// What a session is asked to start.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Where saves live; `None`: this run is never saved (replays, scripted runs).
    pub save_dir: Option<PathBuf>,
    /// What to do with a saved run there.
    pub saved: SavedRun,
    /// A scenario to start from instead of a generated floor.
    pub scenario: Option<PathBuf>,
    /// The seed of a fresh run (a scenario's own seed wins).
    pub seed: u64,
}

/// The save file a run belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveSlot {
    /// The file.
    pub path: PathBuf,
}

impl SaveSlot {
    /// Death deletes the save, but only a save: a file that does not load
    /// as one is never deleted.
    fn forget(&self) {
        if save::is_save_file(&self.path) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// A run being played, the keys' front end around it, and its save.
pub struct Session {
    /// The game as the player drives it.
    pub app: App,
    slot: Option<SaveSlot>,
    /// The save that was found and would not load, reported to the player.
    pub refused: Option<SaveError>,
}

impl Session {
    /// Starts what `plan` asks for, with the host's views.
    pub fn open(plan: &Plan, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> anyhow::Result<Session> {
        let main = plan.save_dir.as_ref().map(|dir| dir.join("save.json"));
        let looked = match (&main, plan.saved) {
            (Some(path), SavedRun::Resume | SavedRun::Offer) if plan.scenario.is_none() => {
                Some(save::load(path, plugins.clone(), records.clone(), Trace::console()))
            }
            _ => None,
        };
        let mut trace = Some(trace);
        let mut refused = None;
        let (game, slot, ask) = match looked {
            Some(Ok(mut saved)) => {
                saved.trace = trace.take().unwrap_or_else(Trace::console);
                let resume = plan.saved == SavedRun::Resume;
                if resume {
                    saved.announce_continue();
                }
                (saved, main.clone(), !resume)
            }
            Some(Err(e)) if plan.saved == SavedRun::Resume => {
                anyhow::bail!("{e}. Start without --continue for a new run; the save is left as it is")
            }
            other => {
                if let Some(Err(e)) = other {
                    if !matches!(e, SaveError::Missing(_)) {
                        refused = Some(e);
                    }
                }
                let trace = trace.take().unwrap_or_else(Trace::console);
                let game = match &plan.scenario {
                    Some(path) => game_from_scenario(path, plan.seed, plugins, records, trace)?,
                    None => Game::fresh(plan.seed, plugins, records, trace),
                };
                (game, plan.save_dir.as_deref().map(new_run_save_path), false)
            }
        };
        let mut app = App::new(game, ui::host_views());
        if ask {
            app.offer_continue();
        }
        Ok(Session { app, slot: slot.map(|path| SaveSlot { path }), refused })
    }

    /// A session around a game that is never saved (the bot's, a replay's).
    pub fn unsaved(game: Game) -> Session {
        Session { app: App::new(game, ui::host_views()), slot: None, refused: None }
    }

    /// The file this run saves to, if it is saved.
    pub fn save_path(&self) -> Option<&Path> {
        self.slot.as_ref().map(|s| s.path.as_path())
    }

    /// One key; `false` when the player quits. A death deletes the save.
    pub fn press(&mut self, key: Key) -> bool {
        let go_on = self.app.press(key);
        if self.app.died() {
            if let Some(slot) = &self.slot {
                slot.forget();
            }
        }
        go_on
    }

    /// Stops the run: saves it, unless the player died (death deleted the
    /// save) or was still being asked whether to continue (nothing changed).
    pub fn stop(&mut self) -> Result<(), SaveError> {
        let died = self.app.died();
        self.app.game.quit_run();
        match &self.slot {
            Some(slot) if !died && self.app.mode != Mode::AskContinue => save::save(&self.app.game, &slot.path),
            _ => Ok(()),
        }
    }

    /// Takes the trace out of the game, to finish it.
    pub fn take_trace(&mut self) -> Trace {
        self.app.take_trace()
    }
}

/// The file a new run saves to: `save.json` if nothing is there, else the
/// first free `save-N.json`, so no file already there is written over.
pub fn new_run_save_path(dir: &Path) -> PathBuf {
    let main = dir.join("save.json");
    if !main.exists() {
        return main;
    }
    (2..).map(|n| dir.join(format!("save-{n}.json"))).find(|p| !p.exists()).unwrap_or(main)
}

/// The window drives a session as it would the app, but its keys go
/// through the session, so a death in the window deletes the save too.
impl Frontend for Session {
    fn model(&mut self) -> ScreenModel {
        self.app.model()
    }

    fn views(&self) -> Views<'_> {
        self.app.views()
    }

    fn view_failed(&mut self, error: &PluginError) {
        self.app.view_failed(error);
    }

    fn press(&mut self, key: Key) -> bool {
        Session::press(self, key)
    }

    fn hover(&mut self, cell: emberdeep_api::Point) {
        if self.app.mode == Mode::Aim && self.app.game.aim_cursor() != Some(cell) {
            Session::press(self, Key::Hover(cell.x, cell.y));
        }
    }

    fn close(&mut self) {
        self.app.close();
    }

    fn take_animations(&mut self) -> Vec<Animation> {
        self.app.take_animations()
    }
}
