//! The monsters the floors get beyond the host's rooms: a goblin war band
//! laid together, and a mimic lying as a chest (a terrain of this plugin
//! that wakes into a monster when the player steps on it).

use emberdeep_api::terrain_traits::GROUND;
use emberdeep_api::{Ctx, EntityId, Floor, LevelFeature, MessageKind, PluginResult, Point, TerrainCode};

use super::brains::CHIEF;
use super::fight::strike;
use super::rules::around;

/// The floors a war band may be laid on, and its chance in 100 on each.
pub const WAR_BAND_FLOORS: (u32, u32) = (3, 9);
/// The chance in 100 of a war band on a floor it may be laid on.
pub const WAR_BAND_PERCENT: i32 = 35;
/// The floors a mimic may lie on.
pub const MIMIC_FLOORS: (u32, u32) = (3, 10);
/// The chance in 100 of a mimic on a floor it may lie on.
pub const MIMIC_PERCENT: i32 = 40;
/// The fewest steps between the player's start and a band or a mimic.
const AWAY_FROM_START: i32 = 10;
/// The terrain a mimic lies as.
pub const MIMIC_CHEST: &str = "mimic_chest";

/// A random cell of open ground (any generator's: the host's floor, a
/// cave's) at least [`AWAY_FROM_START`] steps from the start with `room`
/// cells of open ground round it; `None` after 200 tries.
fn open_cell(floor: &mut Floor<'_>, room: usize) -> Option<Point> {
    let (w, h) = floor.size();
    let start = floor.start()?;
    let stairs = floor.stairs();
    for _ in 0..200 {
        let p = Point::new(floor.roll(1, w - 2), floor.roll(1, h - 2));
        if !floor.terrain_has(p, GROUND) || p.steps_to(start) < AWAY_FROM_START || Some(p) == stairs {
            continue;
        }
        if around(p).filter(|&n| floor.terrain_has(n, GROUND)).count() >= room {
            return Some(p);
        }
    }
    None
}

/// Lays a goblin war band: a war chief and 2 to 3 raiders on the floor
/// cells round it.
pub struct WarBand;

impl LevelFeature for WarBand {
    fn shape(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        if floor.roll(1, 100) > WAR_BAND_PERCENT {
            return Ok(());
        }
        let Some(at) = open_cell(floor, 5) else { return Ok(()) };
        floor.monster(CHIEF, at, "");
        let raiders = floor.roll(2, 3) as usize;
        let round: Vec<Point> = around(at).filter(|&n| floor.terrain_has(n, GROUND)).collect();
        for n in round.into_iter().take(raiders) {
            floor.monster("goblin_raider", n, "");
        }
        Ok(())
    }
}

/// Lays one mimic chest on a floor cell.
pub struct MimicLair;

impl LevelFeature for MimicLair {
    fn shape(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        if floor.roll(1, 100) > MIMIC_PERCENT {
            return Ok(());
        }
        if let Some(at) = open_cell(floor, 3) {
            floor.set_terrain(at, MIMIC_CHEST);
        }
        Ok(())
    }
}

/// The chest: the player stepping on it wakes it. The cell turns to the
/// ground round it, a mimic stands on a free cell of open ground beside
/// the player and bites at once. Monsters pass over it: it waits for the
/// player.
pub struct MimicChest;

impl TerrainCode for MimicChest {
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        if !who.is_player() {
            return Ok(());
        }
        let ground = ctx.ground_near(at);
        ctx.set_terrain(at, &ground);
        let Some(cell) = around(at).find(|&p| ctx.is_open_ground(p)) else {
            ctx.message(
                "The chest snaps at you, but there is no room for it to come out: it falls still.",
                MessageKind::Info,
            );
            return Ok(());
        };
        let Some(mimic) = ctx.spawn("mimic", cell, "") else { return Ok(()) };
        ctx.message("The chest sprouts teeth and legs: a mimic!", MessageKind::Danger);
        ctx.event("mimic", &[("x", i64::from(at.x).into()), ("y", i64::from(at.y).into())]);
        let (Some(m), Ok(player)) = (ctx.creature(mimic), ctx.player()) else { return Ok(()) };
        ctx.set_state(mimic, emberdeep_api::MonsterState::Hunting);
        strike(ctx, &m, &player);
        Ok(())
    }
}
