//! Floors a plugin makes (api 1.2, part two): the first loaded level
//! generator that claims a floor is lent it, all wall, with the run's
//! random stream; the host then checks what came back (a closed border of
//! wall, the start and the stairs on cells one can stand on, the stairs
//! reachable from the start) and, when anything is wrong or the generator
//! failed, says so in one line (`generator_refused`) and makes the floor
//! itself. The floor is then filled as the host fills its own, room by room,
//! the rooms being the floor cut into blocks (at most ten of them, spread
//! over the floor, so a generated floor is about as full as one of rooms).

use emberdeep_api::abi::FloorMaker_TO;
use emberdeep_api::{Generator, Point, DIRECTIONS};

use crate::core::map::{Map, Tile};
use crate::core::mapgen::{Level, Rect};
use crate::core::paths::DistanceMap;
use crate::fields;
use crate::plugins::boundary::{call_generator, HostFloor};
use crate::world::creature::ChangeRefused;
use crate::world::game::Game;

/// The blocks a generated floor is cut into to be filled, in cells.
const BLOCK: (i32, i32) = (10, 8);

/// The most blocks of a generated floor that are filled (and may hold a map
/// piece), about as many as the host's own floors have rooms: a whole
/// 80 x 45 floor is 47 blocks besides the start's, and filling each as a
/// room would crowd a cave with four times the monsters of a floor of rooms.
const MOST_BLOCKS: usize = 10;

/// Why the host did not take a floor a generator made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FloorRefused {
    /// The generator failed (an error or a panic).
    #[error("it failed: {0}")]
    Failed(String),
    /// It never said where the player starts.
    #[error("it set no start")]
    NoStart,
    /// It never said where the stairs go.
    #[error("it set no stairs")]
    NoStairs,
    /// A cell of the border is not wall.
    #[error("the border is open at {x},{y}")]
    OpenBorder {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The start or the stairs are not a cell one can stand on.
    #[error("the {what} at {x},{y} is not open floor")]
    Closed {
        /// `start` or `stairs`.
        what: &'static str,
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// No way leads from the start to the stairs.
    #[error("the stairs at {x},{y} cannot be reached from the start")]
    Unreachable {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
}

impl Game {
    /// Floor `floor` as the first generator claiming it makes it, checked,
    /// with what made it and the monsters and items it asked for; `None`
    /// when no generator claims it or the one that does made it wrong
    /// (said in one line, and traced).
    pub fn plugin_level(&mut self, floor: u32, deepest: bool) -> Option<(Level, Generator, Asked)> {
        let plugins = self.plugins.clone();
        let gen = plugins.level_gens.iter().find(|g| (g.floors.0..=g.floors.1).contains(&floor))?;
        let (width, height) = (self.numbers.map_width.max(20), self.numbers.map_height.max(15));
        let mut made =
            HostFloor::new(width, height, &mut self.rng, &plugins).by(Generator::new(gen.code.plugin(), &gen.name));
        let outcome = call_generator(&mut self.trace, self.turn, &gen.code, |imp| {
            imp.generate(FloorMaker_TO::from_ptr(&mut made, abi_stable::sabi_trait::TD_Opaque), floor)
        });
        let checked = match outcome {
            Ok(()) => check_floor(&made.map, made.start, made.stairs),
            Err(e) => Err(FloorRefused::Failed(crate::data::untrusted::shown(&e.to_string(), 200))),
        };
        let (start, stairs) = match checked {
            Ok(ends) => ends,
            Err(why) => {
                tracing::warn!(
                    plugin = gen.code.plugin(),
                    "floor {floor} as the generator '{}' made it is refused: {why}; the host makes the floor instead",
                    gen.name
                );
                let (name, why) = (gen.name.clone(), why.to_string());
                self.emit(
                    "generator_refused",
                    gen.code.plugin(),
                    fields! {"generator" => name, "floor" => floor, "why" => why},
                );
                return None;
            }
        };
        let mut map = made.map;
        if !deepest {
            map.set_tile(stairs, Tile::StairsDown);
        }
        let rooms = blocks(&map, start);
        let mut asked = Asked::default();
        asked.take(made.monsters, made.items, gen.code.plugin());
        let made_by = Generator::new(gen.code.plugin(), &gen.name);
        Some((Level { map, rooms, start, stairs }, made_by, asked))
    }

    /// Runs every level feature that claims floor `floor` on `level`, in
    /// load order: each is lent the floor as made so far, and what it made
    /// is kept if the floor still plays (traced `feature`), else undone
    /// (one line, traced `feature_refused`). The monsters and items the
    /// kept ones asked for come back, to be made once the floor is entered.
    pub fn shape_level(&mut self, level: &mut Level, floor: u32, deepest: bool) -> Asked {
        let plugins = self.plugins.clone();
        let mut asked = Asked::default();
        for feature in plugins.level_features.iter().filter(|f| (f.floors.0..=f.floors.1).contains(&floor)) {
            let mut made = HostFloor::made(level.map.clone(), level.start, level.stairs, &mut self.rng, &plugins)
                .by(self.generator.clone());
            let outcome = call_generator(&mut self.trace, self.turn, &feature.code, |imp| {
                imp.shape(FloorMaker_TO::from_ptr(&mut made, abi_stable::sabi_trait::TD_Opaque), floor)
            });
            let stairs_kept = deepest || made.map.tile(level.stairs) == Tile::StairsDown;
            let checked = match outcome {
                Ok(()) if !stairs_kept => {
                    Err(FloorRefused::Closed { what: "stairs", x: level.stairs.x, y: level.stairs.y })
                }
                Ok(()) => check_floor(&made.map, Some(level.start), Some(level.stairs)),
                Err(e) => Err(FloorRefused::Failed(crate::data::untrusted::shown(&e.to_string(), 200))),
            };
            let (plugin, name) = (feature.code.plugin(), feature.name.clone());
            match checked {
                Ok(_) => {
                    level.map = made.map;
                    asked.take(made.monsters, made.items, plugin);
                    self.emit("feature", plugin, fields! {"feature" => name, "floor" => floor});
                }
                Err(why) => {
                    tracing::warn!(plugin, "the change the feature '{name}' made to floor {floor} is undone: {why}");
                    let why = why.to_string();
                    self.emit("feature_refused", plugin, fields! {"feature" => name, "floor" => floor, "why" => why});
                }
            }
        }
        asked
    }

    /// Makes the monsters a generator or feature asked for, each under its
    /// plugin's name; one that cannot be made (a taken or closed cell, an
    /// unknown kind or side) is skipped with one line.
    pub fn make_asked(&mut self, asked: Vec<AskedMonster>) {
        for (kind, at, side, plugin) in asked {
            // A cell someone already holds (a map piece's monster, an ally
            // come down) is nobody's fault: the first free cell beside it.
            let mut made = self.spawn_creature(&kind, at, &side, &plugin);
            if matches!(made, Err(ChangeRefused::Occupied { .. })) {
                let beside = DIRECTIONS
                    .iter()
                    .map(|&(dx, dy)| at.offset(dx, dy))
                    .find(|&p| self.map.is_walkable(p) && self.creature_at(p).is_none());
                if let Some(p) = beside {
                    made = self.spawn_creature(&kind, p, &side, &plugin);
                }
            }
            match made {
                Ok(_) => {}
                Err(why @ ChangeRefused::Occupied { .. }) => {
                    tracing::debug!(plugin = plugin.as_str(), "a monster the floor asked for found no room: {why}")
                }
                Err(why) => {
                    tracing::warn!(plugin = plugin.as_str(), "a monster the floor asked for is not made: {why}")
                }
            }
        }
    }

    /// Makes the items a generator or feature asked for (api 1.6), each
    /// under its plugin's name (a `spawn` event), its effect's `made` run:
    /// on its cell, or if a heap lies there that it would not join, the
    /// first neighbour that can take it. One that cannot be made (a cell
    /// that is not floor, an unknown kind, a bad count) is skipped with
    /// one line; one with no room, with a quieter one.
    pub fn make_asked_items(&mut self, asked: Vec<AskedItem>) {
        for (kind, count, at, plugin) in asked {
            let known = self.item_record(&kind).is_some();
            let why = if !known {
                Some(format!("no loaded plugin has an item '{}'", crate::data::untrusted::shown(&kind, 40)))
            } else if !crate::data::bounds::is_stack(count) {
                Some(format!("{count} is no count of a heap (from 1 to 9999)"))
            } else if !self.map.is_walkable(at) {
                Some(format!("the cell {},{} is not open floor", at.x, at.y))
            } else {
                None
            };
            if let Some(why) = why {
                tracing::warn!(plugin = plugin.as_str(), "an item the floor asked for is not made: {why}");
                continue;
            }
            let Some(id) = self.new_item_id() else {
                tracing::debug!(
                    plugin = plugin.as_str(),
                    "an item the floor asked for is not made: no item id is left"
                );
                continue;
            };
            let Some(cell) = self.landing_cell(&kind, id, at) else {
                tracing::debug!(
                    plugin = plugin.as_str(),
                    "an item the floor asked for found no room at {},{}",
                    at.x,
                    at.y
                );
                continue;
            };
            self.drop_on_floor(&kind, count, cell, id);
            self.emit("spawn", &plugin, fields! {"item" => kind, "count" => count, "x" => cell.x, "y" => cell.y});
            self.made_event(&kind, id);
        }
    }
}

/// A monster a generator or feature asked for: kind, cell, side (empty:
/// its record's), and the plugin that asked.
pub type AskedMonster = (String, Point, String, String);

/// An item a generator or feature asked for (api 1.6): kind, count, cell,
/// and the plugin that asked.
pub type AskedItem = (String, u32, Point, String);

/// What the generator and the features of a floor asked for, to be made
/// once the floor is entered.
#[derive(Debug, Default)]
pub struct Asked {
    /// The monsters.
    pub monsters: Vec<AskedMonster>,
    /// The items (api 1.6).
    pub items: Vec<AskedItem>,
}

impl Asked {
    /// Adds what `plugin`'s floor maker was asked for.
    fn take(&mut self, monsters: Vec<(String, Point, String)>, items: Vec<(String, u32, Point)>, plugin: &str) {
        self.monsters.extend(monsters.into_iter().map(|(kind, at, side)| (kind, at, side, plugin.to_string())));
        self.items.extend(items.into_iter().map(|(kind, count, at)| (kind, count, at, plugin.to_string())));
    }

    /// Adds what a later maker asked for.
    pub fn extend(&mut self, more: Asked) {
        self.monsters.extend(more.monsters);
        self.items.extend(more.items);
    }
}

/// The start and the stairs, if the floor is one the host can play.
fn check_floor(map: &Map, start: Option<Point>, stairs: Option<Point>) -> Result<(Point, Point), FloorRefused> {
    let start = start.ok_or(FloorRefused::NoStart)?;
    let stairs = stairs.ok_or(FloorRefused::NoStairs)?;
    let (w, h) = (map.width(), map.height());
    if let Some(p) =
        map.points().find(|p| (p.x == 0 || p.y == 0 || p.x == w - 1 || p.y == h - 1) && map.tile(*p) != Tile::Wall)
    {
        return Err(FloorRefused::OpenBorder { x: p.x, y: p.y });
    }
    for (what, p) in [("start", start), ("stairs", stairs)] {
        if !map.is_walkable(p) {
            return Err(FloorRefused::Closed { what, x: p.x, y: p.y });
        }
    }
    if DistanceMap::toward(map, &[start]).get(stairs).is_none() {
        return Err(FloorRefused::Unreachable { x: stairs.x, y: stairs.y });
    }
    Ok((start, stairs))
}

/// The fewest cells one can stand on (not deadly) that a block holds to
/// be filled: a block of rock, or of a lake with a sliver of shore, is
/// left out, so the blocks filled are the floor's open places.
const MIN_OPEN: usize = 6;

/// The cells of `room` one can stand on that are not deadly.
fn open_cells(map: &Map, room: &Rect) -> usize {
    (room.y..room.y + room.h)
        .flat_map(|y| (room.x..room.x + room.w).map(move |x| Point::new(x, y)))
        .filter(|&p| map.is_walkable(p) && map.tile(p).is_safe_step())
        .count()
}

/// The floor cut into blocks to fill, row by row, leaving out the one the
/// player starts in and those with fewer than [`MIN_OPEN`] open cells; of
/// more than [`MOST_BLOCKS`], that many spread evenly over the row order
/// are kept (no random draw).
fn blocks(map: &Map, start: Point) -> Vec<Rect> {
    let mut rooms = Vec::new();
    let mut y = 1;
    while y < map.height() - 1 {
        let mut x = 1;
        while x < map.width() - 1 {
            let room = Rect::new(x, y, BLOCK.0.min(map.width() - 1 - x), BLOCK.1.min(map.height() - 1 - y));
            let holds_start = (x..x + room.w).contains(&start.x) && (y..y + room.h).contains(&start.y);
            if !holds_start && open_cells(map, &room) >= MIN_OPEN {
                rooms.push(room);
            }
            x += BLOCK.0;
        }
        y += BLOCK.1;
    }
    if rooms.len() > MOST_BLOCKS {
        let all = std::mem::take(&mut rooms);
        rooms = (0..MOST_BLOCKS).map(|i| all[i * all.len() / MOST_BLOCKS]).collect();
    }
    rooms
}
