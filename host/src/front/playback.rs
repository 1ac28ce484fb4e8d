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
//!
//! The order is the world's: while a missile flies, every cell shows what
//! stood and lay there when the shot was made (the animation's
//! [`Scenery`]: the target still standing, the arrow not yet on the floor);
//! the world as it is now shows once the flight (and its burst) ends. The
//! missile points along its path: the plugins give slanted glyphs (`-`,
//! `|`, `/`, `\`), and in the host's tile view the window draws the missile's
//! tile itself, turned by [`Flying::degrees`].

use std::time::Duration;

use emberdeep_api::{Light, Look, Point, Rgba, Scene};
use emberdeep_engine::world::animation::{Animation, Scenery};

/// How long each frame (one cell of flight, one flash of a burst) shows.
pub const FRAME: Duration = Duration::from_millis(35);
/// Frames a burst flashes for.
const BURST_FRAMES: usize = 4;
/// A burst's shade.
const BURST_SHADE: Rgba = Rgba::rgb(255, 120, 30).with_alpha(110);

/// A missile in flight that the window draws itself, turned along its path.
#[derive(Debug, Clone, PartialEq)]
pub struct Flying {
    /// The map cell it is in.
    pub at: Point,
    /// How it looks.
    pub look: Look,
    /// Clockwise from pointing right (east), in degrees, along its whole path.
    pub degrees: f64,
}

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
        if let Some(before) = &self.before {
            show_scenery(before, scene);
        }
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

/// The missile of `animation` at `frame`, while it flies: its cell and its slant.
fn flying(animation: &Animation, frame: usize) -> Option<Flying> {
    let &at = animation.path.get(frame)?;
    let (first, last) = (animation.path[0], *animation.path.last()?);
    let (dx, dy) = (last.x - first.x, last.y - first.y);
    let degrees = if (dx, dy) == (0, 0) { 0.0 } else { f64::from(dy).atan2(f64::from(dx)).to_degrees() };
    Some(Flying { at, look: animation.missile.clone(), degrees })
}

/// Lays `before` on the scene: every cell in sight shows the creature that
/// stood there then, or the item on top then; remembered cells the items.
/// The creatures' list (status marks) follows them back to where they stood.
fn show_scenery(before: &Scenery, scene: &mut Scene) {
    for i in 0..scene.cells.len() {
        let at = Point::new(scene.origin.x + i as i32 % scene.width, scene.origin.y + i as i32 / scene.width);
        let cell = &mut scene.cells[i];
        let thing = match cell.light {
            Light::Unseen => continue,
            Light::Visible => before.creature_at(at).map(|(_, _, look)| look).or_else(|| before.item_at(at)),
            Light::Remembered => before.item_at(at),
        };
        cell.thing = thing.cloned().into();
    }
    let mut creatures: Vec<emberdeep_api::SceneCreature> = scene.creatures.iter().cloned().collect();
    creatures.retain_mut(|c| match before.creatures.iter().find(|(id, _, _)| *id == c.id) {
        Some((_, at, _)) => {
            c.pos = *at;
            true
        }
        None => false,
    });
    scene.creatures = creatures.into();
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

    /// Draws the current frame into `scene` but for the missile, which comes
    /// back (if one flies now and is in sight) for the window to draw turned.
    pub fn apply_turned(&self, scene: &mut Scene) -> Option<Flying> {
        let animation = self.animations.get(self.animation)?;
        match flying(animation, self.frame) {
            Some(missile) => {
                if let Some(before) = &animation.before {
                    show_scenery(before, scene);
                }
                visible_cell(scene, missile.at).is_some().then_some(missile)
            }
            None => {
                animation.apply(self.frame, scene);
                None
            }
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
mod tests;
