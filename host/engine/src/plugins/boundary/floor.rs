//! The floor a plugin's level generator is lent: a map (all wall at first),
//! the run's random stream, and where the start and the stairs go. Terrain
//! is laid by name as the loaded plugins know it. What the generator made
//! is checked by the rules (`rules::shaping`), not here.

use abi_stable::std_types::{ROption, RStr, RString, Tuple2};
use emberdeep_api::abi::FloorMaker;
use emberdeep_api::{Generator, Point};

use crate::core::map::{Map, Tile};
use crate::core::rng::RunRng;
use crate::plugins::registry::Plugins;

/// What a generator is making: the map, where the start and stairs go.
pub struct HostFloor<'a> {
    /// The map as made so far.
    pub map: Map,
    /// Where the player arrives, once the generator says.
    pub start: Option<Point>,
    /// Where the stairs go, once the generator says.
    pub stairs: Option<Point>,
    /// The monsters asked for: kind, cell, side (empty: the record's).
    pub monsters: Vec<(String, Point, String)>,
    /// The items asked for (api 1.6): kind, count, cell.
    pub items: Vec<(String, u32, Point)>,
    /// A feature's floor: the start and the stairs stay where they are.
    fixed_ends: bool,
    /// What makes (or made) the floor, for `FloorMaker::generator`.
    generator: Generator,
    rng: &'a mut RunRng,
    plugins: &'a Plugins,
}

/// The most monsters one generator or feature may ask for on a floor.
pub const MOST_MONSTERS: usize = 200;

/// The most items one generator or feature may ask for on a floor (api 1.6).
pub const MOST_ITEMS: usize = 200;

impl<'a> HostFloor<'a> {
    /// A `width` x `height` floor of wall, drawing from `rng`.
    pub fn new(width: i32, height: i32, rng: &'a mut RunRng, plugins: &'a Plugins) -> Self {
        let map = Map::new_filled(width, height, Tile::Wall);
        HostFloor {
            map,
            start: None,
            stairs: None,
            monsters: Vec::new(),
            items: Vec::new(),
            fixed_ends: false,
            generator: Generator::new("host", "rooms"),
            rng,
            plugins,
        }
    }

    /// A floor already made, for a feature to change: its start and stairs stay.
    pub fn made(map: Map, start: Point, stairs: Point, rng: &'a mut RunRng, plugins: &'a Plugins) -> Self {
        let (start, stairs) = (Some(start), Some(stairs));
        let generator = Generator::new("host", "rooms");
        let (monsters, items) = (Vec::new(), Vec::new());
        HostFloor { map, start, stairs, monsters, items, fixed_ends: true, generator, rng, plugins }
    }

    /// The same floor, made by `generator` (what `FloorMaker::generator` answers).
    pub fn by(mut self, generator: Generator) -> Self {
        self.generator = generator;
        self
    }
}

impl FloorMaker for HostFloor<'_> {
    fn size(&self) -> Point {
        Point::new(self.map.width(), self.map.height())
    }

    fn roll(&mut self, min: i32, max: i32) -> i32 {
        if min > max {
            return min;
        }
        self.rng.range(min, max)
    }

    fn terrain_at(&self, at: Point) -> RString {
        self.plugins.tile_name(self.map.tile(at)).into()
    }

    fn set_terrain(&mut self, at: Point, name: RStr<'_>) -> bool {
        match self.plugins.tile_named(name.as_str()) {
            Some(tile) if self.map.in_bounds(at) => {
                self.map.set_tile(at, tile);
                true
            }
            _ => false,
        }
    }

    fn set_start(&mut self, at: Point) {
        if !self.fixed_ends {
            self.start = Some(at);
        }
    }

    fn set_stairs(&mut self, at: Point) {
        if !self.fixed_ends {
            self.stairs = Some(at);
        }
    }

    fn start(&self) -> ROption<Point> {
        self.start.into()
    }

    fn stairs(&self) -> ROption<Point> {
        self.stairs.into()
    }

    fn monster(&mut self, kind: RStr<'_>, at: Point, side: RStr<'_>) {
        if self.monsters.len() < MOST_MONSTERS {
            self.monsters.push((kind.as_str().to_string(), at, side.as_str().to_string()));
        }
    }

    // Since 1.6.
    fn terrain_has(&self, at: Point, name: RStr<'_>) -> ROption<bool> {
        ROption::RSome(self.plugins.tile_has(self.map.tile(at), name.as_str()))
    }

    fn generator(&self) -> ROption<Tuple2<RString, RString>> {
        ROption::RSome(Tuple2(self.generator.plugin.as_str().into(), self.generator.name.as_str().into()))
    }

    fn terrain_exists(&self, name: RStr<'_>) -> ROption<bool> {
        ROption::RSome(self.plugins.tile_named(name.as_str()).is_some())
    }

    fn plugin_loaded(&self, name: RStr<'_>) -> ROption<bool> {
        ROption::RSome(self.plugins.is_loaded(name.as_str()))
    }

    // 1.6 (items)
    fn item(&mut self, kind: RStr<'_>, count: u32, at: Point) {
        if self.items.len() < MOST_ITEMS {
            self.items.push((kind.as_str().to_string(), count, at));
        }
    }
}
