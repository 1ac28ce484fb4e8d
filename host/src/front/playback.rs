//! Animations shown frame by frame: a missile flying its path cell by cell
//! and a burst flashing, queued by the turn (`Game::animations`) and shown
//! by the window before the next frame. Made from what the turn already
//! decided, never from the run's RNG, never traced, and dropped unseen by
//! headless runs and screenshots (a key also skips them), so a run is the
//! same with or without them.
//!
//! An animation is drawn by changing the scene a view gets, not the view:
//! the missile becomes the `thing` of the cell it is in (its look has a
//! glyph for the glyph view and a tile such as `arrow_flight` for the tile
//! view), and a burst shades its cells and shows the `burst` tile. So every
//! view, plugins' included, animates with no change to the api. Cells the
//! player cannot see show nothing.

use std::time::Duration;

use emberdeep_api::{Light, Look, Point, Rgba, Scene};
use emberdeep_engine::animation::Animation;

/// How long each frame (one cell of flight, one flash of a burst) shows.
pub const FRAME: Duration = Duration::from_millis(35);
/// Frames a burst flashes for.
const BURST_FRAMES: usize = 4;
/// A burst's shade.
const BURST_SHADE: Rgba = Rgba::rgb(255, 120, 30).with_alpha(110);

/// How an animation is drawn, frame by frame.
pub trait Frames {
    /// How many frames it takes.
    fn frames(&self) -> usize;
    /// Draws frame `frame` into `scene`: the missile in its cell, or the burst.
    fn apply(&self, frame: usize, scene: &mut Scene);
}

impl Frames for Animation {
    fn frames(&self) -> usize {
        self.path.len() + if self.burst.is_empty() { 0 } else { BURST_FRAMES }
    }

    fn apply(&self, frame: usize, scene: &mut Scene) {
        if let Some(&at) = self.path.get(frame) {
            if let Some(cell) = visible_cell(scene, at) {
                cell.thing = Some(self.missile.clone()).into();
            }
            return;
        }
        let flash = Look { glyph: '*' as u32, color: Rgba::rgb(255, 160, 40), tile: "burst".into() };
        for &at in &self.burst {
            if let Some(cell) = visible_cell(scene, at) {
                cell.shade = Some(BURST_SHADE).into();
                cell.thing = Some(flash.clone()).into();
            }
        }
    }
}

/// The scene's cell at map point `at`, if it is on screen and in sight.
fn visible_cell(scene: &mut Scene, at: Point) -> Option<&mut emberdeep_api::SceneCell> {
    let (x, y) = (at.x - scene.origin.x, at.y - scene.origin.y);
    if x < 0 || y < 0 || x >= scene.width || y >= scene.height {
        return None;
    }
    let cell = scene.cells.get_mut((y * scene.width + x) as usize)?;
    (cell.light == Light::Visible).then_some(cell)
}

/// Animations being shown, frame by frame, one animation after another.
#[derive(Debug, Clone, Default)]
pub struct Playback {
    animations: Vec<Animation>,
    animation: usize,
    frame: usize,
}

impl Playback {
    /// Plays `animations` in order; none to play if they have no frames.
    pub fn new(animations: Vec<Animation>) -> Option<Playback> {
        let animations: Vec<Animation> = animations.into_iter().filter(|e| e.frames() > 0).collect();
        (!animations.is_empty()).then_some(Playback { animations, animation: 0, frame: 0 })
    }

    /// Draws the current frame into `scene`.
    pub fn apply(&self, scene: &mut Scene) {
        if let Some(animation) = self.animations.get(self.animation) {
            animation.apply(self.frame, scene);
        }
    }

    /// Moves to the next frame; false once everything has been shown.
    pub fn advance(&mut self) -> bool {
        self.frame += 1;
        if self.frame >= self.animations[self.animation].frames() {
            self.frame = 0;
            self.animation += 1;
        }
        self.animation < self.animations.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abi_stable::std_types::{RNone, RVec};
    use emberdeep_api::{SceneCell, Terrain};

    /// A 6x1 corridor at map (10,5)..(15,5), in sight but for its last cell.
    fn corridor() -> Scene {
        let cells: RVec<SceneCell> = (0..6)
            .map(|x| SceneCell {
                terrain: Terrain::Floor,
                light: if x == 5 { Light::Remembered } else { Light::Visible },
                thing: RNone,
                shade: RNone,
            })
            .collect();
        Scene { origin: Point::new(10, 5), width: 6, height: 1, cells, cursor: RNone }
    }

    fn arrow() -> Look {
        Look { glyph: '-' as u32, color: Rgba::rgb(200, 200, 200), tile: "arrow_flight".into() }
    }

    /// A missile flying `path`, with no burst.
    fn flight(missile: Look, path: Vec<Point>) -> Animation {
        Animation { missile, path, burst: Vec::new() }
    }

    fn things(scene: &Scene) -> Vec<bool> {
        scene.cells.iter().map(|c| c.thing.is_some()).collect()
    }

    #[test]
    fn a_missile_is_drawn_one_cell_of_its_path_per_frame() {
        let path: Vec<Point> = (11..16).map(|x| Point::new(x, 5)).collect();
        let animation = flight(arrow(), path);
        assert_eq!(animation.frames(), 5);
        let mut scene = corridor();
        animation.apply(0, &mut scene);
        assert_eq!(things(&scene), [false, true, false, false, false, false]);
        let mut scene = corridor();
        animation.apply(3, &mut scene);
        assert_eq!(things(&scene), [false, false, false, false, true, false]);
        let mut scene = corridor();
        animation.apply(4, &mut scene);
        assert_eq!(things(&scene), [false; 6], "a cell out of sight shows nothing");
    }

    #[test]
    fn a_burst_flashes_its_cells_after_the_flight() {
        let animation = Animation {
            missile: arrow(),
            path: vec![Point::new(11, 5)],
            burst: vec![Point::new(12, 5), Point::new(13, 5), Point::new(40, 40)],
        };
        assert_eq!(animation.frames(), 1 + BURST_FRAMES);
        let mut scene = corridor();
        animation.apply(1, &mut scene);
        let shaded: Vec<bool> = scene.cells.iter().map(|c| c.shade.is_some()).collect();
        assert_eq!(shaded, [false, false, true, true, false, false]);
        assert_eq!(scene.cells[2].thing.as_ref().map(|l| l.tile.to_string()).into_option().as_deref(), Some("burst"));
    }

    /// A short walk on an open floor; after each key a shot is queued, as a
    /// ranged plugin's would be, and shown frame by frame if `animate`.
    fn walk_trace(animate: bool) -> String {
        use std::rc::Rc;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("trace.jsonl");
        let trace = emberdeep_engine::trace::Trace::to_file(&path).expect("trace file");
        let map = emberdeep_engine::core::map::Map::new_filled(12, 5, emberdeep_engine::core::map::Tile::Floor);
        let plugins = Rc::new(emberdeep_engine::loader::Plugins::default());
        let game = emberdeep_engine::Game::blank(7, map, Point::new(2, 2), plugins, Rc::default(), trace);
        let mut app = crate::front::app::App::new(game, crate::front::ui::host_views());
        for key in ["l", "l", ".", "h", "j"] {
            app.press(crate::front::keys::parse_keys(key).expect("a key")[0]);
            app.game.animations.push(flight(arrow(), vec![Point::new(3, 2), Point::new(4, 2), Point::new(5, 2)]));
            if animate {
                let mut playback = Playback::new(crate::front::ui::Frontend::take_animations(&mut app)).expect("a shot to show");
                loop {
                    let mut model = app.model();
                    playback.apply(&mut model.scene);
                    if !playback.advance() {
                        break;
                    }
                }
            }
        }
        app.take_trace().finish().expect("trace written");
        std::fs::read_to_string(path).expect("trace read")
    }

    #[test]
    fn a_run_leaves_the_same_trace_whether_its_animations_are_shown_or_not() {
        let (shown, unseen) = (walk_trace(true), walk_trace(false));
        assert!(shown.lines().count() >= 5, "{shown}");
        assert_eq!(shown, unseen);
    }

    #[test]
    fn playback_runs_every_frame_of_every_animation_then_stops() {
        let one = flight(arrow(), vec![Point::new(11, 5), Point::new(12, 5)]);
        let none = flight(arrow(), Vec::new());
        let mut playback = Playback::new(vec![one.clone(), none, one]).expect("something to show");
        let mut frames = 1;
        while playback.advance() {
            frames += 1;
        }
        assert_eq!(frames, 4);
        assert!(Playback::new(vec![flight(arrow(), Vec::new())]).is_none());
    }
}
