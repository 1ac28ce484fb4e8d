//! # threat_view: a view drawn from the game's data
//!
//! A [`View`] registered as `threats` (press `F2` in the game until it comes
//! up, or start with `--view threats`). It draws the map dim, so that what
//! threatens the player stands out on it:
//!
//! * every cell the player sees or remembers, as the host's glyph view does
//!   (`#` wall, `.` floor, `+` and `'` doors, `>` stairs), but darker;
//! * for each monster in sight, the square of cells within its `sight`, in
//!   red: bright and faintly filled for one that sees the player (the
//!   player is within its sight, in the open), with a line from it to the
//!   player if it is awake; otherwise stronger for one awake than for a
//!   sleeper;
//! * every creature in its own glyph and colour, and a health bar under each
//!   monster;
//! * the aiming cursor, while the player aims.
//!
//! Everything comes from the [`Scene`] the host hands the view each frame:
//! its cells (terrain, light, the thing on them, the shade of a line of
//! fire) and its creatures (where, health, state, sight, whether they see
//! the player, how they look). A view never gets a [`Ctx`](emberdeep_api::Ctx):
//! it only draws, and cannot change the game.
//!
//! A view is called for every frame, so it should be cheap: this one walks
//! the cells once, then the creatures a few times, and allocates nothing.
//! The arithmetic of where things go is in [`layout`], tested on its own.
#![allow(non_local_definitions)]

pub mod layout;

use emberdeep_api::{
    export_plugin, Canvas, Light, PluginError, PluginResult, Point, Registrar, Rgba, Scene, Terrain, View,
};

use layout::{Rect, Window};

/// Pixels per cell: the same as the host's glyph view, so as much of the map fits.
const CELL: u32 = 16;
/// Cells in sight keep this percentage of their colour: dimmed, not dark.
const SEEN: u8 = 55;
/// Remembered cells keep this much: darker still.
const REMEMBERED: u8 = 25;
/// Items on the floor keep this much while in sight (they are not threats).
const ITEM: u8 = 75;
/// The dark block under a wall's `#`, as the glyph view draws it.
const WALL_BLOCK: Rgba = Rgba::rgb(40, 40, 55);
/// The line from a monster that sees the player to the player.
const GAZE: Rgba = Rgba::rgb(255, 60, 60).with_alpha(170);
/// The empty part of a health bar.
const BAR_BACK: Rgba = Rgba::rgb(50, 15, 15).with_alpha(220);
/// The aiming cursor.
const CURSOR: Rgba = Rgba::rgb(250, 220, 60);

/// The view named `threats`. It keeps the default
/// [`View::keeps_map_layer`] (`false`): its sight squares and gaze lines
/// reach far beyond the cell they start from, so the whole map is drawn
/// every frame.
pub struct Threats;

impl View for Threats {
    fn cell_size(&self) -> u32 {
        CELL
    }

    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        let window = Window { origin: scene.origin, width: scene.width, height: scene.height, cell: CELL };
        draw_cells(scene, canvas);
        // Threats go under the creatures, so that every glyph stays readable.
        // `scene.creatures` holds only what the player sees, the player too.
        let monsters = || scene.creatures.iter().filter(|c| !c.id.is_player());
        for m in monsters() {
            let style = layout::threat(m.state, m.sees_player);
            if let Some(Rect { x, y, w, h }) = window.sight_square(m.pos, m.sight) {
                if let Some(fill) = style.fill {
                    canvas.fill_rect(x, y, w, h, fill);
                }
                canvas.outline(x, y, w, h, style.edge);
            }
        }
        for m in monsters() {
            if layout::threat(m.state, m.sees_player).line_to_player && window.holds(m.pos) {
                canvas.line(window.centre_of(m.pos), window.centre_of(scene.player), GAZE);
            }
        }
        for c in scene.creatures.iter() {
            // A creature may be in sight but outside the part of the map on screen.
            let Some((x, y)) = scene.origin_of(c.pos, CELL) else { continue };
            canvas.glyph_code(x, y, CELL, c.look.glyph, c.look.color);
            if !c.id.is_player() {
                draw_health_bar(canvas, x, y, c.hp, c.max_hp);
            }
        }
        if let Some(at) = scene.cursor() {
            draw_cursor(canvas, &window, at);
        }
        Ok(())
    }
}

/// Every cell the player knows, dimmed: terrain, the shade of a line of
/// fire, and the items lying there. Creatures are left to the caller.
fn draw_cells(scene: &Scene, canvas: &mut Canvas<'_>) {
    let width = scene.width.max(1) as usize;
    for (i, cell) in scene.cells.iter().enumerate() {
        let percent = match cell.light {
            Light::Unseen => continue,
            Light::Remembered => REMEMBERED,
            Light::Visible => SEEN,
        };
        let (x, y) = scene.cell_origin(i, CELL);
        if cell.terrain == Terrain::Wall {
            canvas.fill_rect(x, y, CELL, CELL, WALL_BLOCK.dimmed(percent));
        }
        if let Some(shade) = cell.shade() {
            canvas.fill_rect(x, y, CELL, CELL, shade);
        }
        // A cell's `thing` is the creature on it, or else its top item. A
        // creature is drawn later in full colour; an item is drawn here.
        // Only cells holding something pay for the look-up, which walks the
        // few creatures in sight without allocating.
        let point = Point::new(scene.origin.x + (i % width) as i32, scene.origin.y + (i / width) as i32);
        match cell.thing() {
            Some(_) if scene.creature_at(point).is_some() => {}
            Some(item) => {
                let percent = if cell.light == Light::Visible { ITEM } else { REMEMBERED };
                canvas.glyph_code(x, y, CELL, item.glyph, item.color.dimmed(percent));
            }
            None => {
                let (ch, colour) = layout::terrain_glyph(cell.terrain);
                canvas.glyph(x, y, CELL, ch, colour.dimmed(percent));
            }
        }
    }
}

/// A two-pixel bar along the bottom of a monster's cell at (`x`, `y`).
fn draw_health_bar(canvas: &mut Canvas<'_>, x: i32, y: i32, hp: i32, max_hp: i32) {
    let width = CELL - 2;
    let (bx, by) = (x + 1, y + CELL as i32 - 2);
    canvas.fill_rect(bx, by, width, 2, BAR_BACK);
    let filled = layout::bar_fill(hp, max_hp, width);
    if filled > 0 {
        canvas.fill_rect(bx, by, filled, 2, layout::bar_colour(hp, max_hp));
    }
}

/// The cursor: two outlines, one on the cell's edge and one just outside
/// it, so the frame is two pixels thick and hides little of the glyph.
fn draw_cursor(canvas: &mut Canvas<'_>, window: &Window, at: Point) {
    if !window.holds(at) {
        return;
    }
    let (x, y) = window.pixel_of(at);
    canvas.outline(x - 1, y - 1, CELL + 2, CELL + 2, CURSOR);
    canvas.outline(x, y, CELL, CELL, CURSOR);
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a view that draws each monster's sight, health and threat", "");
    reg.view("threats", Threats);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestCanvas;
    use emberdeep_api::{EntityId, Look, MonsterState, SceneCell, SceneCreature};

    fn creature(id: u32, at: Point, glyph: char, state: MonsterState, sees_player: bool) -> SceneCreature {
        let look = Look::new(glyph, Rgba::rgb(110, 200, 60), "monster_goblin");
        SceneCreature {
            hp: 4,
            max_hp: 8,
            state,
            sight: 2,
            sees_player,
            ..SceneCreature::new(EntityId(id), "goblin", at, look)
        }
    }

    /// A 6 by 1 strip of floor: the player at 0, a goblin that sees the
    /// player at 2, a sleeping one at 4, the last cell never seen.
    fn strip() -> Scene {
        let cell = |light| SceneCell::new(Terrain::Floor, light);
        let mut cells: Vec<SceneCell> = (0..5).map(|_| cell(Light::Visible)).collect();
        cells.push(cell(Light::Unseen));
        let player = SceneCreature { sight: 9, ..creature(0, Point::new(0, 0), '@', MonsterState::Hunting, false) };
        let awake = creature(3, Point::new(2, 0), 'g', MonsterState::Hunting, true);
        let asleep = creature(4, Point::new(4, 0), 'g', MonsterState::Asleep, false);
        for c in [&player, &awake, &asleep] {
            let at = c.pos.x as usize;
            cells[at] = cells[at].clone().with_thing(c.look.clone());
        }
        Scene::new(Point::new(0, 0), 6, 1, Point::new(0, 0))
            .with_cells(cells)
            .with_creatures(vec![player, awake, asleep])
            .with_cursor(Point::new(2, 0))
    }

    /// Draws the scene on the api's stand-in screen, which writes down
    /// what it was asked to draw.
    fn draw(scene: &Scene) -> TestCanvas {
        let mut screen = TestCanvas::new(800, 600);
        Threats.draw_map(scene, &mut screen.canvas()).expect("draws");
        screen
    }

    #[test]
    fn draws_terrain_and_creatures_once_each() {
        let drawn = draw(&strip());
        let glyphs: Vec<char> = drawn.glyphs.iter().map(|g| g.2).collect();
        // Two bare floor cells in sight (1 and 3), then the three creatures;
        // the unseen cell gets nothing.
        assert_eq!(glyphs, ['.', '.', '@', 'g', 'g']);
    }

    #[test]
    fn only_the_monster_that_sees_the_player_glares_at_it() {
        let drawn = draw(&strip());
        // From the middle of the goblin's cell to the middle of the player's.
        assert_eq!(drawn.lines, [(40, 8, 8, 8)]);
        // Its square (cells 0 to 4, one row: the strip is one cell high) is filled faintly.
        assert!(drawn.fills.iter().any(|f| (f.0, f.1, f.2, f.3) == (0, 0, 80, 16) && f.4.a < 64));
    }

    #[test]
    fn each_monster_gets_a_sight_square_and_a_health_bar() {
        let drawn = draw(&strip());
        // Two sight squares (cut at the strip's edges), then the cursor's two outlines.
        let squares: Vec<(i32, i32, u32, u32)> = drawn.outlines.iter().map(|o| (o.0, o.1, o.2, o.3)).collect();
        assert_eq!(squares, [(0, 0, 80, 16), (32, 0, 64, 16), (31, -1, 18, 18), (32, 0, 16, 16)]);
        let awake_edge = drawn.outlines[0].4.a;
        let asleep_edge = drawn.outlines[1].4.a;
        assert!(awake_edge > asleep_edge, "the goblin that sees the player is outlined brighter");
        // Health 4 of 8: the 14-pixel bar, then half of it filled.
        let bars: Vec<(i32, i32, u32)> = drawn.fills.iter().filter(|f| f.3 == 2).map(|f| (f.0, f.1, f.2)).collect();
        assert_eq!(bars, [(33, 14, 14), (33, 14, 7), (65, 14, 14), (65, 14, 7)]);
    }

    #[test]
    fn registers_the_threats_view() {
        let mut reg = Registrar::new("threat_view", "0.1.0");
        register(&mut reg).expect("register");
        assert_eq!(reg.names().views, ["threats"]);
        assert_eq!(Threats.cell_size(), 16);
    }
}
