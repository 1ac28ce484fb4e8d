//! Map pieces laid when a floor is made: each piece the records allow on
//! the floor is tried at its chance, in id order, from the run's RNG (the
//! stream the floor itself was made from), so a seed makes the same
//! dungeon; with no piece for the floor nothing is drawn and the floor is
//! the one the generator made. A piece goes into a room it fits (one piece
//! a room, never over the start or the stairs); if the start would then no
//! longer reach the stairs (or the goal), the piece's entrances or any
//! other open cell, it is taken back. Each piece laid is traced as
//! `piece`, each taken back or without a room as `piece_skipped`, and its
//! monsters and items come into being as `spawn`s.

use std::collections::BTreeSet;
use std::rc::Rc;

use emberdeep_api::Point;

use crate::core::map::Tile;
use crate::core::mapgen::{first_unreached, piece_spot, Level};
use crate::data::records::{PieceCell, PieceRecord, PieceValue};

/// How many places a piece is tried in before it is skipped.
const PLACES_TRIED: u32 = 3;
use crate::fields;
use crate::world::game::Game;

/// Why a piece was not laid in a place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotLaid {
    /// No room without a piece is wide and tall enough (or every spot
    /// covered the start or the stairs).
    #[error("no room has space for it")]
    NoRoom,
    /// A terrain it draws is no loaded plugin's (only after a reload).
    #[error("it draws a terrain no loaded plugin has")]
    NoTerrain,
    /// The start would no longer reach `what` at `x`,`y`.
    #[error("it would cut off {what} ({x},{y})")]
    CutOff {
        /// `the stairs`, `the goal`, `its entrance` or `part of the floor`.
        what: &'static str,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
}

/// What became of a piece tried on a floor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceOutcome {
    /// Laid with its top-left cell at `at`.
    Laid {
        /// The piece's id.
        id: String,
        /// Its top-left cell.
        at: Point,
    },
    /// Tried and not laid.
    Skipped {
        /// The piece's id.
        id: String,
        /// Why, in a few words.
        why: String,
    },
}

impl Game {
    /// Lays the pieces tried on `floor` into `level`'s map (terrain only:
    /// [`Game::fill_pieces`] brings their monsters and items once the
    /// floor is the game's). Draws from the RNG only when a piece may be
    /// laid on the floor.
    pub fn lay_pieces(&mut self, level: &mut Level, floor: u32, deepest: bool) -> Vec<PieceOutcome> {
        let records = Rc::clone(&self.records);
        let mut out = Vec::new();
        let mut used = Vec::new();
        let allowed = records.pieces.values().filter(|p| p.chance > 0 && (p.floors.0..=p.floors.1).contains(&floor));
        for piece in allowed {
            if !self.rng.percent(piece.chance as i32) {
                continue;
            }
            let mut why = NotLaid::NoRoom;
            let mut laid = None;
            for _ in 0..PLACES_TRIED {
                let Some((room, at)) = piece_spot(&mut self.rng, level, &used, piece.width, piece.height) else {
                    break;
                };
                match self.try_piece(level, piece, at, deepest) {
                    Ok(()) => {
                        laid = Some((room, at));
                        break;
                    }
                    Err(e) => why = e,
                }
            }
            match laid {
                Some((room, at)) => {
                    used.push(room);
                    out.push(PieceOutcome::Laid { id: piece.id.clone(), at });
                }
                None => out.push(PieceOutcome::Skipped { id: piece.id.clone(), why: why.to_string() }),
            }
        }
        out
    }

    /// Lays `piece` with its top-left cell at `at` if the start still
    /// reaches everything it must; otherwise puts the cells back and says why.
    fn try_piece(&self, level: &mut Level, piece: &PieceRecord, at: Point, deepest: bool) -> Result<(), NotLaid> {
        // Each cell the piece draws: where, what it lays, what was there.
        let mut drawn = Vec::new();
        let mut entrances = Vec::new();
        for (x, y, cell) in piece.cells_at() {
            let p = at.offset(x, y);
            let tile = match cell {
                PieceCell::Keep => continue,
                PieceCell::Terrain(name) => self.tile_named(name).ok_or(NotLaid::NoTerrain)?,
                PieceCell::Entrance => {
                    entrances.push(p);
                    Tile::Floor
                }
                PieceCell::Monster { .. } | PieceCell::Item { .. } => Tile::Floor,
            };
            drawn.push((p, tile, level.map.tile(p)));
        }
        for &(p, tile, _) in &drawn {
            level.map.set_tile(p, tile);
        }
        // Inside the piece only its entrances must be reached (a vault may
        // be shut); outside it, every open cell still must.
        let inside: BTreeSet<(i32, i32)> =
            drawn.iter().map(|d| (d.0.x, d.0.y)).filter(|&(x, y)| !entrances.contains(&Point::new(x, y))).collect();
        let open = level.map.points().filter(|&p| level.map.is_passable(p) && !inside.contains(&(p.x, p.y)));
        let wanted = std::iter::once(level.stairs).chain(entrances.iter().copied()).chain(open);
        let Some(cut) = first_unreached(&level.map, level.start, wanted) else { return Ok(()) };
        for &(p, _, was) in &drawn {
            level.map.set_tile(p, was);
        }
        let what = if cut == level.stairs {
            if deepest {
                "the goal"
            } else {
                "the stairs"
            }
        } else if entrances.contains(&cut) {
            "its entrance"
        } else {
            "part of the floor"
        };
        Err(NotLaid::CutOff { what, x: cut.x, y: cut.y })
    }

    /// Traces what became of the pieces of the floor just made and brings
    /// the monsters and items of those laid, in row order.
    pub fn fill_pieces(&mut self, outcomes: Vec<PieceOutcome>) {
        let records = Rc::clone(&self.records);
        for outcome in outcomes {
            let (id, at) = match outcome {
                PieceOutcome::Skipped { id, why } => {
                    self.emit("piece_skipped", "host", fields! {"piece" => id, "why" => why});
                    continue;
                }
                PieceOutcome::Laid { id, at } => (id, at),
            };
            let Some(piece) = records.pieces.get(&id) else { continue };
            self.emit("piece", "host", fields! {"piece" => id, "x" => at.x, "y" => at.y});
            for (x, y, cell) in piece.cells_at() {
                let p = at.offset(x, y);
                match cell {
                    PieceCell::Monster { kind, state, side } => {
                        // A follower may stand there; the piece's monster then stays away.
                        let side = side.as_deref().unwrap_or("");
                        let _ = self.spawn_creature_as(kind, p, side, *state, "host");
                    }
                    PieceCell::Item { kind, count, store } if self.records.items.contains_key(kind) => {
                        // None left: the log said so as the last was made.
                        let Some(item) = self.new_item_id() else { continue };
                        // Its values first: an item with stored values joins
                        // no heap, and its `made` reads them.
                        self.store_piece_values(item, store);
                        self.drop_on_floor(kind, *count, p, item);
                        self.emit("spawn", "host", fields! {"item" => kind, "count" => count, "x" => p.x, "y" => p.y});
                        self.made_event(kind, item);
                        // And the legend's values stand over what `made` wrote under their keys.
                        self.store_piece_values(item, store);
                    }
                    _ => {}
                }
            }
        }
    }

    /// Puts the values a piece's legend gives (api 1.6) in item `id`'s
    /// store; the loader held them to the store's rules.
    fn store_piece_values(&mut self, id: emberdeep_api::ItemId, store: &[(String, PieceValue)]) {
        for (key, value) in store {
            match value {
                PieceValue::Number(n) => {
                    self.item_store.insert((id, key.clone()), *n);
                }
                PieceValue::Text(t) => {
                    self.item_text.insert((id, key.clone()), t.clone());
                }
            }
        }
    }
}
