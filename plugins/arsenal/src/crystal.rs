//! The crystal a staff of obstruction grows: a terrain of arsenal's own,
//! laid on open ground for a number of turns, then given back. Which cells
//! hold crystal, until when, and what they were before is kept in the
//! player's text store (`arsenal_crystal`: `x,y,until,terrain;...`), so a
//! saved run gives them back at the same turn.

use emberdeep_api::{Ctx, PluginResult, Point};

use crate::items::ME;

/// The terrain's name.
pub const CRYSTAL: &str = "arsenal_crystal";
/// The player's text store key of the crystals standing.
pub const KEY: &str = "arsenal_crystal";
/// The most characters the list may take.
const MOST_TEXT: usize = 4000;

/// One crystal cell: where, the turn it goes, what it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Where it stands.
    pub at: Point,
    /// The turn it crumbles at.
    pub until: u64,
    /// The terrain it was before.
    pub was: String,
}

/// Reads the list; a part that does not read is dropped.
pub fn parse(text: &str) -> Vec<Cell> {
    text.split(';')
        .filter_map(|part| {
            let mut f = part.split(',');
            let x = f.next()?.parse().ok()?;
            let y = f.next()?.parse().ok()?;
            let until = f.next()?.parse().ok()?;
            let was = f.next()?.to_string();
            (!was.is_empty()).then_some(Cell { at: Point::new(x, y), until, was })
        })
        .collect()
}

/// Writes the list.
pub fn write(cells: &[Cell]) -> String {
    cells.iter().map(|c| format!("{},{},{},{}", c.at.x, c.at.y, c.until, c.was)).collect::<Vec<_>>().join(";")
}

fn standing(ctx: &Ctx<'_>) -> Vec<Cell> {
    ctx.store_get_text(ME, KEY).map(|t| parse(&t)).unwrap_or_default()
}

/// Grows crystal on the open ground within `radius` of `center` for
/// `turns` turns; returns how many cells.
pub fn grow(ctx: &mut Ctx<'_>, center: Point, radius: i32, turns: i32) -> PluginResult<usize> {
    let mut cells = standing(ctx);
    let until = ctx.turn() + turns.max(1) as u64;
    let mut grown = 0;
    for p in ctx.burst(center, radius) {
        if !ctx.is_open_ground(p) || cells.iter().any(|c| c.at == p) {
            continue;
        }
        let was = ctx.terrain_at(p);
        let cell = Cell { at: p, until, was };
        if write(&cells).len() + write(std::slice::from_ref(&cell)).len() + 1 > MOST_TEXT {
            break;
        }
        if ctx.set_terrain(p, CRYSTAL) {
            cells.push(cell);
            grown += 1;
        }
    }
    ctx.store_set_text(ME, KEY, &write(&cells));
    Ok(grown)
}

/// Gives back the cells whose time is up (at turn `turn`).
pub fn crumble(ctx: &mut Ctx<'_>, turn: u64) {
    let cells = standing(ctx);
    if cells.is_empty() {
        return;
    }
    let (gone, stay): (Vec<Cell>, Vec<Cell>) = cells.into_iter().partition(|c| c.until <= turn);
    if gone.is_empty() {
        return;
    }
    for c in &gone {
        if ctx.terrain_at(c.at) == CRYSTAL {
            ctx.set_terrain(c.at, &c.was);
        }
    }
    ctx.say("The crystal crumbles away.");
    if stay.is_empty() {
        ctx.store_remove(ME, KEY);
    } else {
        ctx.store_set_text(ME, KEY, &write(&stay));
    }
}

/// A new floor: the old floor's crystals are gone with it.
pub fn forget(ctx: &mut Ctx<'_>) {
    ctx.store_remove(ME, KEY);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_reads_back_what_it_wrote_and_drops_what_does_not_read() {
        let cells = vec![
            Cell { at: Point::new(3, 4), until: 120, was: "floor".into() },
            Cell { at: Point::new(5, 6), until: 130, was: "caves_ground".into() },
        ];
        assert_eq!(parse(&write(&cells)), cells);
        assert_eq!(parse("1,2,x,floor;3,4,5,"), Vec::new());
    }
}
