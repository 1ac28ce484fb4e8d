//! Changes who is in the world through api 1.2, on keys of its own, for
//! the tests of spawning, removing, placing and sides:
//!
//! * `B` blinks the player to the free floor cell furthest from it that it
//!   cannot see, and traces `blinked` with whether it saw the cell before
//!   and after;
//! * `M` summons a jackal on the player's side on the first free
//!   neighbour of the player;
//! * `X` removes the monster nearest the player that it sees;
//! * `C` charms it (moves it to the player's side);
//! * `E` tries what must be refused: a kind nobody has, a wall, the
//!   player onto a taken cell, an undeclared side; traces `refusals`;
//! * `F` traces `floor` with the map's size and how many creatures the
//!   floor has, of each side.

use emberdeep_api::*;

struct Changer;

fn nearest_seen(ctx: &mut Ctx<'_>) -> Option<EntityId> {
    ctx.monsters_in_view().first().copied()
}

impl Hooks for Changer {
    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![KeyHelp::new("B", "items", "blink out of sight")])
    }

    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        let player = ctx.player()?;
        match key {
            'B' => {
                let (w, h) = ctx.map_size();
                let mut best: Option<(i32, Point)> = None;
                for y in 0..h {
                    for x in 0..w {
                        let p = Point::new(x, y);
                        let far = p.steps_to(player.pos);
                        if ctx.is_walkable(p) && ctx.is_free(p) && !ctx.is_visible(p) && best.is_none_or(|(d, _)| far > d) {
                            best = Some((far, p));
                        }
                    }
                }
                let Some((_, to)) = best else { return Ok(KeyAnswer::Done(false)) };
                let before = ctx.is_visible(to);
                let moved = ctx.place(EntityId::PLAYER, to);
                let after = ctx.is_visible(to);
                ctx.event(
                    "blinked",
                    &[("x", to.x.into()), ("y", to.y.into()), ("moved", moved.into()), ("seen_before", before.into()), ("seen_after", after.into())],
                );
                Ok(KeyAnswer::Done(true))
            }
            'M' => {
                let at = DIRECTIONS.iter().map(|&(dx, dy)| player.pos.offset(dx, dy)).find(|&p| ctx.is_walkable(p) && ctx.is_free(p));
                if let Some(at) = at {
                    ctx.spawn("jackal", at, PLAYER_SIDE);
                }
                Ok(KeyAnswer::Done(true))
            }
            'X' => {
                if let Some(m) = nearest_seen(ctx) {
                    ctx.remove(m);
                }
                Ok(KeyAnswer::Done(true))
            }
            'C' => {
                if let Some(m) = nearest_seen(ctx) {
                    ctx.set_side(m, PLAYER_SIDE);
                }
                Ok(KeyAnswer::Done(true))
            }
            'E' => {
                let taken = nearest_seen(ctx).and_then(|m| ctx.creature(m)).map(|c| c.pos).unwrap_or(player.pos);
                let free = DIRECTIONS.iter().map(|&(dx, dy)| player.pos.offset(dx, dy)).find(|&p| ctx.is_walkable(p) && ctx.is_free(p)).unwrap_or(player.pos);
                let unknown = ctx.spawn("dragonfly", free, "").is_some();
                let wall = ctx.spawn("jackal", Point::new(0, 0), "").is_some();
                let onto = ctx.place(EntityId::PLAYER, taken);
                let side = ctx.spawn("jackal", free, "fae").is_some();
                ctx.event(
                    "refusals",
                    &[("unknown_kind", unknown.into()), ("on_wall", wall.into()), ("onto_taken", onto.into()), ("bad_side", side.into())],
                );
                Ok(KeyAnswer::Done(false))
            }
            'F' => {
                let (w, h) = ctx.map_size();
                let all = ctx.floor_creatures();
                let allies = all.iter().filter(|c| c.side.as_str() == PLAYER_SIDE).count() as i64;
                let seen = all.iter().filter(|c| c.seen).count() as i64;
                ctx.event(
                    "floor",
                    &[("width", w.into()), ("height", h.into()), ("creatures", (all.len() as i64).into()), ("players_side", allies.into()), ("seen", seen.into())],
                );
                Ok(KeyAnswer::Done(false))
            }
            _ => Ok(KeyAnswer::Pass),
        }
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.hooks(Changer).side("undead");
    reg.event("blinked", &["x", "y", "moved", "seen_before", "seen_after"]);
    reg.event("refusals", &["unknown_kind", "on_wall", "onto_taken", "bad_side"]);
    reg.event("floor", &["width", "height", "creatures", "players_side", "seen"]);
    Ok(())
}

export_plugin!(register);
