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
//! * A session given a config folder ([`Session::remember`]) starts in the
//!   view and with the hints it remembers, and keeps them there as they
//!   change ([`prefs`]).

use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::PluginError;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::world::animation::Animation;
use emberdeep_engine::world::log::capitalized;
use emberdeep_engine::Game;

use crate::drivers::play::prefs::{Prefs, Remembered};
use crate::drivers::play::recording::SavedStart;
use crate::drivers::play::save::{self, SaveError};
use crate::drivers::play::scenario::{game_from_scenario, ScenarioStartError};
use crate::drivers::play::watch::{announce_reloaded, Handover, Watcher};
use crate::drivers::play::{morgue, options};
use crate::front::app::{App, Mode};
use crate::front::keys::{Key, Typed, MOST_SCRIPT_STEPS};
use crate::front::screen::ScreenModel;
use crate::front::ui::{Frontend, Views};

/// Why a session could not start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// `--continue`, and the save will not load (the save's own words).
    #[error("{0}. Start without --continue for a new run; the save is left as it is")]
    Resume(String),
    /// A save a replay or a restart goes on from will not load (the save's own words).
    #[error("{0}")]
    Save(String),
    /// The scenario cannot start a run.
    #[error(transparent)]
    Scenario(#[from] ScenarioStartError),
}

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
    /// A replay's start: the saved run its recording began from, played
    /// from these bytes instead of any save folder.
    pub recorded_start: Option<SavedStart>,
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
    /// The saved run this session began from, for a recording to keep.
    pub started_from: Option<SavedStart>,
    /// Where the morgue and the scores go (the save folder), if anywhere.
    data_dir: Option<PathBuf>,
    /// What the run that ended last left (its morgue, the scores).
    pub report: Option<morgue::RunReport>,
    /// `--watch`: the loaded plugins' files, looked at for new builds.
    pub watch: Option<Watcher>,
    /// Where the window opens (x, y, width, height): a restarted game's last place.
    pub window_at: Option<[i32; 4]>,
    /// How much of the log a headless run has printed (`--keys-from`):
    /// messages, and the last one's count.
    pub told: Option<(usize, u32)>,
    /// Where the view and the hints given are remembered, if anywhere.
    remembered: Option<Remembered>,
    /// How fast animations and time-savers' steps play in the window (the options).
    pace: f64,
}

impl Session {
    /// Starts what `plan` asks for, with the host's views.
    pub fn open(
        plan: &Plan,
        plugins: Rc<Plugins>,
        records: Rc<Records>,
        trace: Trace,
    ) -> Result<Session, SessionError> {
        if let Some(start) = &plan.recorded_start {
            return Session::from_recorded_start(start, plugins, records, trace);
        }
        if let Some(dir) = &plan.save_dir {
            let removed = save::clean_leftovers(dir);
            if removed > 0 {
                tracing::info!(removed, "removed what saves cut short left in {}", dir.display());
            }
        }
        let main = plan.save_dir.as_ref().map(|dir| dir.join("save.json"));
        let looked = match (&main, plan.saved) {
            (Some(path), SavedRun::Resume | SavedRun::Offer) if plan.scenario.is_none() => {
                Some(save::load(path, plugins.clone(), records.clone(), Trace::console()))
            }
            _ => None,
        };
        let mut trace = Some(trace);
        let mut refused = None;
        let mut started_from = None;
        let (game, slot, ask) = match looked {
            Some(Ok(mut saved)) => {
                let text = main.as_deref().and_then(|p| std::fs::read_to_string(p).ok()).unwrap_or_default();
                started_from = Some(SavedStart { save: text, offered: plan.saved == SavedRun::Offer });
                saved.replace_trace(trace.take().unwrap_or_else(Trace::console));
                let resume = plan.saved == SavedRun::Resume;
                if resume {
                    saved.announce_continue();
                }
                (saved, main.clone(), !resume)
            }
            Some(Err(e)) if plan.saved == SavedRun::Resume => return Err(SessionError::Resume(e.to_string())),
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
        let mut app = App::with_host_views(game);
        if ask {
            app.offer_continue();
        }
        let slot = slot.map(|path| SaveSlot { path });
        Ok(Session {
            app,
            slot,
            refused,
            started_from,
            data_dir: plan.save_dir.clone(),
            report: None,
            watch: None,
            window_at: None,
            told: None,
            remembered: None,
            pace: 1.0,
        })
    }

    /// A replay of a run that began from a saved one: the save comes from
    /// the recording, and nothing is saved.
    fn from_recorded_start(
        start: &SavedStart,
        plugins: Rc<Plugins>,
        records: Rc<Records>,
        trace: Trace,
    ) -> Result<Session, SessionError> {
        let name = Path::new("the recording's saved start");
        let mut game = save::load_bytes(start.save.as_bytes(), name, plugins, records, trace)
            .map_err(|e| SessionError::Save(e.to_string()))?;
        if !start.offered {
            game.announce_continue();
        }
        let mut app = App::with_host_views(game);
        if start.offered {
            app.offer_continue();
        }
        Ok(Session {
            app,
            slot: None,
            refused: None,
            started_from: Some(start.clone()),
            data_dir: None,
            report: None,
            watch: None,
            window_at: None,
            told: None,
            remembered: None,
            pace: 1.0,
        })
    }

    /// A session around a game that is never saved (the bot's, a replay's).
    pub fn unsaved(game: Game) -> Session {
        let app = App::with_host_views(game);
        Session {
            app,
            slot: None,
            refused: None,
            started_from: None,
            data_dir: None,
            report: None,
            watch: None,
            window_at: None,
            told: None,
            remembered: None,
            pace: 1.0,
        }
    }

    /// A run restarted after a reload (`--handover`): the run saved for the
    /// restart, loaded with the new builds of the plugins it names, its own
    /// save file, view and window place as they were. `check`: only tried
    /// (the child a reload asks first), so nothing is said or removed.
    pub fn resume(
        handover: &Handover,
        path: &Path,
        plugins: Rc<Plugins>,
        records: Rc<Records>,
        trace: Trace,
        check: bool,
    ) -> Result<Session, SessionError> {
        let mut game = save::load_rebuilt(&handover.save, plugins, records, trace, &handover.rebuilt)
            .map_err(|e| SessionError::Save(e.to_string()))?;
        let told = handover.told;
        if !check {
            announce_reloaded(&mut game, &handover.rebuilt);
            handover.remove(path);
        }
        let mut app = App::with_host_views(game);
        // A view the new build no longer has: the first one's.
        let _ = app.select_view(&handover.view);
        app.hints_were_given(&handover.hints);
        let slot = handover.slot.clone().map(|path| SaveSlot { path });
        let window_at = handover.window;
        let data_dir = handover.data_dir.clone();
        Ok(Session {
            app,
            slot,
            refused: None,
            started_from: None,
            data_dir,
            report: None,
            watch: None,
            window_at,
            told,
            remembered: None,
            pace: 1.0,
        })
    }

    /// `--watch`: looks for rebuilt plugins (see [`Watcher::look`]) when
    /// the run is at a point it can be handed over: in play, no menu, no
    /// aim. `window` is the window's place and size; `keys_left` the keys
    /// read and not yet played (headless), carried over a restart. Whether
    /// the log changed; a reload does not return.
    pub fn look_for_builds(&mut self, window: Option<[i32; 4]>, keys_left: &[Key], wait: bool) -> bool {
        let ready = self.app.mode == Mode::Play && !self.app.game.is_over() && !self.app.game.is_aiming();
        let Some(watch) = self.watch.as_mut().filter(|w| ready && w.due(wait)) else { return false };
        let run = Handover {
            format: 0,
            save: PathBuf::new(),
            slot: self.slot.as_ref().map(|s| s.path.clone()),
            data_dir: self.data_dir.clone(),
            view: self.app.current_view_name(),
            window,
            rebuilt: Vec::new(),
            keys: keys_left.iter().map(Key::to_string).collect(),
            hints: self.app.hints_given(),
            told: self.told,
        };
        watch.look(&mut self.app.game, run, wait)
    }

    /// Remembers the view and the hints given in the config folder `dir`
    /// from now on: starts in the view it remembers (a view not loaded
    /// leaves the one there is) with its hints counted as given. A file
    /// that will not read is said in one line, on the console and under the
    /// log, and the defaults are kept.
    pub fn remember(&mut self, dir: &Path) {
        let (remembered, prefs, problem) = Remembered::open(dir);
        if let Some(problem) = problem {
            crate::errln!("emberdeep: {problem}");
            self.app.notices.push(capitalized(&problem.to_string()));
        }
        if let Some(view) = &prefs.view {
            let _ = self.app.select_view(view);
        }
        self.app.hints_were_given(&prefs.hints);
        self.remembered = Some(remembered);
        self.use_options(dir);
        self.keep_prefs();
    }

    /// Reads the options file in `dir` (written, commented out, the first
    /// time) and uses it: key bindings, the view, the glyph view's cell
    /// size, the animation speed, explore's stops, the questions asked. Each
    /// bad value is one line (printed and shown), and its default is used.
    pub fn use_options(&mut self, dir: &Path) {
        let plugin_keys = self.app.game.plugin_keys();
        let (chosen, problems) = options::load(dir, &plugin_keys);
        for problem in problems {
            crate::errln!("emberdeep: {problem}");
            self.app.notices.push(problem.to_string());
        }
        if let Some(view) = &chosen.view {
            if let Err(e) = self.app.select_view(view) {
                let line = format!(
                    "{}: option `view`: {e}; the view last chosen is used",
                    dir.join(options::FILE_NAME).display()
                );
                crate::errln!("emberdeep: {line}");
                self.app.notices.push(line);
            }
        }
        if let Some(cell) = chosen.cell_size {
            self.app.set_glyph_cell(cell);
        }
        if let Some(cell) = chosen.tile_size {
            self.app.set_tile_cell(cell);
        }
        self.app.bindings = chosen.keys;
        self.app.asks = chosen.ask;
        self.app.explore = chosen.explore;
        self.app.camera = crate::front::camera::Camera::with_margin(chosen.camera_margin);
        self.pace = chosen.animation_speed;
    }

    /// Writes the view and the hints given to the config folder, if they
    /// changed; a failure is said once.
    fn keep_prefs(&mut self) {
        let Some(remembered) = self.remembered.as_mut() else { return };
        let now = Prefs { view: Some(self.app.current_view_name()), hints: self.app.hints_given() };
        if let Err(problem) = remembered.keep(&now) {
            crate::errln!("emberdeep: {problem}");
            self.app.notices.push(capitalized(&problem.to_string()));
        }
    }

    /// The file this run saves to, if it is saved.
    pub fn save_path(&self) -> Option<&Path> {
        self.slot.as_ref().map(|s| s.path.as_path())
    }

    /// One key; `false` when the player quits. A death or a victory
    /// deletes the save, and writes the morgue and the score once.
    pub fn press(&mut self, key: Key) -> bool {
        let go_on = self.app.press(key);
        self.keep_prefs();
        if self.app.died() || self.app.game.won() {
            if let Some(slot) = &self.slot {
                slot.forget();
            }
            if self.report.is_none() {
                let report = match &self.data_dir {
                    Some(dir) => morgue::report_run(&mut self.app.game, dir),
                    None => morgue::RunReport::default(),
                };
                self.app.scores = morgue::table_lines(&report);
                self.app.morgue = report.morgue.clone();
                self.report = Some(report);
            }
        } else if !self.app.game.is_over() {
            self.report = None;
        }
        go_on
    }

    /// The steps the time-savers of a script begun when the app had played
    /// `start` of them ([`App::saver_steps`]) have taken, if that is the
    /// most a script may ([`MOST_SCRIPT_STEPS`]): then the script stops
    /// before its next key. Checked between keys, never within one, so a
    /// recording of what was played replays the same.
    pub fn script_spent(&self, start: u64) -> Option<u64> {
        let steps = self.app.saver_steps().saturating_sub(start);
        (steps >= MOST_SCRIPT_STEPS).then_some(steps)
    }

    /// Presses the first of `keys`; when its turn sounded the alarm (a
    /// monster came into view, or health fell below a third), the keys typed
    /// ahead right behind it (the rest of its `N*KEY` repeat) are dropped
    /// unpressed, and the log says so ("A goblin comes into view: 7 keys
    /// typed ahead dropped."). Returns whether the player goes on, and how
    /// many of `keys` it used (1 and the dropped ones).
    pub fn press_typed(&mut self, keys: &[Typed]) -> (bool, usize) {
        let Some(first) = keys.first() else { return (true, 0) };
        let go_on = self.press(first.key);
        let Some(why) = self.app.game.take_alarm() else { return (go_on, 1) };
        let dropped = keys[1..].iter().take_while(|k| k.ahead).count();
        if dropped > 0 && go_on {
            let keys = if dropped == 1 { "1 key".to_string() } else { format!("{dropped} keys") };
            let text = format!("{}: {keys} typed ahead dropped.", capitalized(&why));
            self.app.game.say(text, emberdeep_api::MessageKind::Danger);
        }
        (go_on, 1 + dropped)
    }

    /// Stops the run: saves it, unless the player died (death deleted the
    /// save) or was still being asked whether to continue (nothing changed).
    pub fn stop(&mut self) -> Result<(), SaveError> {
        let died = self.app.died() || self.app.game.won();
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
/// first free `save-N.json`, so nothing already there is written over (a
/// link to nothing, or to itself, is something there).
pub fn new_run_save_path(dir: &Path) -> PathBuf {
    let free = |p: &PathBuf| std::fs::symlink_metadata(p).is_err();
    let main = dir.join("save.json");
    if free(&main) {
        return main;
    }
    (2..).map(|n| dir.join(format!("save-{n}.json"))).find(free).unwrap_or(main)
}

/// The window drives a session as it would the app, but its keys go
/// through the session, so a death in the window deletes the save too.
impl Frontend for Session {
    fn model(&mut self) -> ScreenModel {
        self.app.model()
    }

    fn pace(&self) -> f64 {
        self.pace
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
        if let Some(key) = self.app.hover_key(cell) {
            Session::press(self, key);
        }
    }

    fn close(&mut self) {
        self.app.close();
    }

    fn watch(&mut self, window: [i32; 4]) -> bool {
        self.look_for_builds(Some(window), &[], false)
    }

    fn window_at(&self) -> Option<[i32; 4]> {
        self.window_at
    }

    fn take_animations(&mut self) -> Vec<Animation> {
        self.app.take_animations()
    }

    // The time-savers, step by step in the window (front/autopilot.rs).
    fn begin_auto(&mut self, key: Key) -> crate::front::autopilot::Begin {
        let playing = self.app.mode == Mode::Play;
        let Some(key) = self.app.in_play(key) else { return crate::front::autopilot::Begin::NotMine };
        let explore = self.app.explore;
        crate::front::autopilot::begin_with(&mut self.app.game, playing, key, explore)
    }

    fn next_auto_key(&mut self, travel: &mut emberdeep_engine::rules::travel::Travel) -> Option<Key> {
        crate::front::autopilot::next_key(&mut self.app.game, travel)
    }

    fn interrupt_auto(&mut self, travel: emberdeep_engine::rules::travel::Travel) {
        self.app.game.interrupt_travel(travel);
    }

    fn take_alarm(&mut self) -> Option<String> {
        self.app.game.take_alarm()
    }

    fn keys_dropped(&mut self, why: &str) {
        self.app
            .notices
            .push(format!("{}: keys held or typed ahead are dropped until a key is pressed again.", capitalized(why)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::keys::parse_keys;

    /// A session with no plugins and no records: an empty dungeon.
    fn open(dir: &Path, saved: SavedRun, seed: u64) -> Result<Session, SessionError> {
        let plan = Plan { save_dir: Some(dir.to_path_buf()), saved, scenario: None, seed, recorded_start: None };
        Session::open(&plan, Rc::new(Plugins::default()), Rc::new(Records::default()), Trace::console())
    }

    fn press(session: &mut Session, keys: &str) {
        for key in parse_keys(keys).expect("keys") {
            session.press(key);
        }
    }

    fn die(session: &mut Session) {
        session.app.game.player_mut().hp = 0;
        press(session, ".");
        assert!(session.app.died(), "the player is dead");
    }

    /// A save of a run played with `core_combat`, which this test's game does not load.
    fn save_from_another_plugin_set(dir: &Path) -> Vec<u8> {
        let mut other = open(dir, SavedRun::Ignore, 9).unwrap();
        press(&mut other, "3*.");
        let bytes = String::from_utf8(save::encode(&other.app.game)).unwrap();
        let (_, body) = bytes.split_once('\n').unwrap();
        let body = body.trim_end().replacen(
            "\"plugins\":[]",
            "\"plugins\":[{\"name\":\"core_combat\",\"version\":\"0.1.0\"}]",
            1,
        );
        assert!(body.contains("core_combat"), "the plugin set was changed");
        let text = String::from_utf8(save::seal(&body)).unwrap();
        std::fs::write(dir.join("save.json"), &text).unwrap();
        text.into_bytes()
    }

    #[test]
    fn stopping_saves_the_run_where_it_stood() {
        let dir = tempfile::tempdir().unwrap();
        let mut session = open(dir.path(), SavedRun::Ignore, 3).unwrap();
        press(&mut session, "4*.");
        session.stop().unwrap();
        let mut again = open(dir.path(), SavedRun::Resume, 99).unwrap();
        assert_eq!((again.app.game.turn(), again.app.game.seed()), (4, 3), "the saved run goes on");
        assert_eq!(again.save_path(), Some(dir.path().join("save.json").as_path()));
        press(&mut again, "2*.");
        again.stop().unwrap();
        let third = open(dir.path(), SavedRun::Resume, 1).unwrap();
        assert_eq!(third.app.game.turn(), 6, "continuing saves over its own save");
    }

    #[test]
    fn death_deletes_the_save_and_stopping_after_it_writes_none() {
        let dir = tempfile::tempdir().unwrap();
        let mut session = open(dir.path(), SavedRun::Ignore, 3).unwrap();
        press(&mut session, "2*.");
        session.stop().unwrap();
        let main = dir.path().join("save.json");
        assert!(main.exists());
        let mut resumed = open(dir.path(), SavedRun::Resume, 3).unwrap();
        die(&mut resumed);
        assert!(!main.exists(), "death deleted the save at once");
        resumed.stop().unwrap();
        assert!(!main.exists(), "and stopping did not write it again");
        let mut left: Vec<String> =
            std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
        left.sort();
        assert_eq!(left, ["morgue-3-3.txt", "scores.json"], "what a run leaves, and no save");
    }

    #[test]
    fn a_save_from_another_plugin_set_is_reported_and_never_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let kept = save_from_another_plugin_set(dir.path());
        let main = dir.path().join("save.json");
        let err = open(dir.path(), SavedRun::Resume, 1).err().expect("--continue refuses it").to_string();
        assert!(err.contains("another plugin set") && err.contains("left as it is"), "{err}");
        let mut fresh = open(dir.path(), SavedRun::Offer, 1).unwrap();
        let refused = fresh.refused.as_ref().map(|e| e.to_string()).unwrap_or_default();
        assert!(refused.contains("another plugin set"), "the player is told: {refused}");
        assert_eq!(fresh.app.mode, Mode::Play, "nothing to offer: a fresh run starts");
        assert_eq!(fresh.save_path(), Some(dir.path().join("save-2.json").as_path()));
        press(&mut fresh, "3*.");
        fresh.stop().unwrap();
        assert_eq!(std::fs::read(&main).unwrap(), kept, "the refused save is untouched");
        assert!(dir.path().join("save-2.json").exists(), "the new run saved beside it");
        let mut third = open(dir.path(), SavedRun::Offer, 2).unwrap();
        assert_eq!(third.save_path(), Some(dir.path().join("save-3.json").as_path()));
        die(&mut third);
        third.stop().unwrap();
        assert_eq!(std::fs::read(&main).unwrap(), kept, "a death elsewhere deletes nothing of it");
    }

    #[test]
    fn a_damaged_save_is_never_deleted_nor_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let main = dir.path().join("save.json");
        std::fs::write(&main, b"emberdeep-save 1 0000\n{cut").unwrap();
        let mut fresh = open(dir.path(), SavedRun::Offer, 5).unwrap();
        assert!(fresh.refused.as_ref().is_some_and(|e| e.to_string().contains("damaged")));
        press(&mut fresh, "2*.");
        fresh.stop().unwrap();
        assert_eq!(std::fs::read(&main).unwrap(), b"emberdeep-save 1 0000\n{cut");
    }

    #[test]
    fn a_run_that_breaks_a_rule_is_not_saved_over_the_save_it_came_from() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = open(dir.path(), SavedRun::Ignore, 3).unwrap();
        press(&mut first, "2*.");
        first.stop().unwrap();
        let main = dir.path().join("save.json");
        let before = std::fs::read(&main).unwrap();
        let mut resumed = open(dir.path(), SavedRun::Resume, 3).unwrap();
        press(&mut resumed, "3*.");
        // A value stored for a creature that is not there: a save the game would refuse.
        resumed.app.game.set_stored(emberdeep_api::EntityId(77), "quiver", 5);
        let err = resumed.stop().expect_err("the save is refused").to_string();
        assert!(!err.contains('\n'), "one line: {err}");
        assert!(err.contains("save.json") && err.contains("for creature #77, which is not on the floor"), "{err}");
        assert_eq!(std::fs::read(&main).unwrap(), before, "the save it came from is untouched");
        assert_eq!(open(dir.path(), SavedRun::Resume, 3).unwrap().app.game.turn(), 2, "and still loads");
    }

    #[test]
    fn a_saved_run_offered_and_not_answered_is_left_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let mut first = open(dir.path(), SavedRun::Ignore, 3).unwrap();
        press(&mut first, "2*.");
        first.stop().unwrap();
        let before = std::fs::read(dir.path().join("save.json")).unwrap();
        let mut offered = open(dir.path(), SavedRun::Offer, 3).unwrap();
        assert_eq!(offered.app.mode, Mode::AskContinue);
        offered.stop().unwrap();
        assert_eq!(std::fs::read(dir.path().join("save.json")).unwrap(), before);
    }

    #[test]
    fn a_new_run_never_takes_the_name_of_a_file_already_there() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(new_run_save_path(dir.path()), dir.path().join("save.json"));
        std::fs::write(dir.path().join("save.json"), b"junk").unwrap();
        assert_eq!(new_run_save_path(dir.path()), dir.path().join("save-2.json"));
        std::fs::write(dir.path().join("save-2.json"), b"junk").unwrap();
        assert_eq!(new_run_save_path(dir.path()), dir.path().join("save-3.json"));
    }

    #[test]
    fn the_death_screen_names_the_morgue_it_wrote() {
        let dir = tempfile::tempdir().unwrap();
        let mut session = open(dir.path(), SavedRun::Ignore, 3).unwrap();
        die(&mut session);
        let morgue = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("morgue-")))
            .expect("a morgue");
        let crate::front::screen::Overlay::Death { details, .. } = session.app.model().overlay else {
            panic!("the death screen")
        };
        let want = format!("Morgue: {}", morgue.display());
        assert!(details.iter().any(|l| l.text == want), "{want:?} in {details:?}");
        let text = std::fs::read_to_string(&morgue).unwrap();
        assert!(text.contains("Wielded and worn:\n  (nothing: no loaded plugin keeps gear)"), "{text}");
    }

    #[test]
    fn a_session_keeps_the_view_and_the_hints_for_the_next() {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config");
        let mut first = open(dir.path(), SavedRun::Ignore, 3).unwrap();
        first.remember(&config);
        first.app.hints_were_given(&["stairs".to_string()]);
        press(&mut first, "F2 .");
        assert_eq!(first.app.current_view_name(), "tiles");
        let mut next = open(dir.path(), SavedRun::Ignore, 4).unwrap();
        assert_eq!(next.app.current_view_name(), "glyphs", "a session not told where remembers nothing");
        next.remember(&config);
        assert_eq!(next.app.current_view_name(), "tiles");
        assert_eq!(next.app.hints_given(), ["stairs"]);
    }

    #[test]
    fn a_run_without_a_save_folder_writes_nothing() {
        let plan = Plan { save_dir: None, saved: SavedRun::Offer, scenario: None, seed: 1, recorded_start: None };
        let mut session =
            Session::open(&plan, Rc::new(Plugins::default()), Rc::new(Records::default()), Trace::console()).unwrap();
        press(&mut session, "3*.");
        assert_eq!(session.save_path(), None);
        session.stop().unwrap();
    }
}
