//! [`Floor`]: what a [`LevelGen`](crate::LevelGen) is lent to make a floor on.

use abi_stable::std_types::ROption;

use crate::abi::RawFloorMaker;
use crate::types::{Generator, Point};

/// A floor being made: all wall at first; the generator lays terrain by
/// name and says where the player starts and where the stairs go. Every
/// random number comes from [`Floor::roll`], so a seed makes the same floor.
pub struct Floor<'a> {
    raw: RawFloorMaker<'a>,
}

impl<'a> Floor<'a> {
    /// Wraps the host's floor maker (the adapter does this).
    #[doc(hidden)]
    pub fn new(raw: RawFloorMaker<'a>) -> Self {
        Floor { raw }
    }

    /// Width and height in cells.
    pub fn size(&self) -> (i32, i32) {
        let p = self.raw.size();
        (p.x, p.y)
    }

    /// A whole number from `min` to `max`, both included.
    pub fn roll(&mut self, min: i32, max: i32) -> i32 {
        self.raw.roll(min, max)
    }

    /// The terrain at `at` by name (`wall` off the floor).
    pub fn terrain_at(&self, at: Point) -> String {
        self.raw.terrain_at(at).into()
    }

    /// Lays terrain `name` (`floor`, `wall`, `door_closed`, ..., or a
    /// registered one) at `at`; false off the floor or for an unknown name.
    pub fn set_terrain(&mut self, at: Point, name: &str) -> bool {
        self.raw.set_terrain(at, name.into())
    }

    /// Where the player arrives (it must be a cell one can stand on).
    pub fn set_start(&mut self, at: Point) {
        self.raw.set_start(at)
    }

    /// Where the stairs down go (on the deepest floor, the ember-heart):
    /// a cell one can stand on, reachable from the start.
    pub fn set_stairs(&mut self, at: Point) {
        self.raw.set_stairs(at)
    }

    /// Where the player arrives, if said yet (a feature is lent it).
    pub fn start(&self) -> Option<Point> {
        self.raw.start().into_option()
    }

    /// Where the stairs go, if said yet (a feature is lent them).
    pub fn stairs(&self) -> Option<Point> {
        self.raw.stairs().into_option()
    }

    /// A monster of record `kind` on `at`, on `side` (`""`: its record's),
    /// made once the floor is accepted, awake. If someone then stands on
    /// `at` (a map piece's monster), it goes to the first free open cell
    /// beside it; with none, it is skipped. It is skipped with one line if
    /// the cell is not floor, or nobody has the kind or side.
    pub fn monster(&mut self, kind: &str, at: Point, side: &str) {
        self.raw.monster(kind.into(), at, side.into())
    }

    // 1.6 (terrain by meaning, knowing the world)

    /// Whether the terrain at `at` has trait `name`
    /// ([`crate::terrain_traits`]): a feature that lays things on open
    /// ground asks `floor.terrain_has(p, GROUND)`, never for the name
    /// `floor`, so it works on every generator's ground. Since 1.6; from an
    /// older host, by the host's own terrains' traits.
    pub fn terrain_has(&self, at: Point, name: &str) -> bool {
        if let ROption::RSome(answer) = self.raw.terrain_has(at, name.into()) {
            return answer;
        }
        crate::terrain_traits::host_traits(&self.terrain_at(at)).is_some_and(|t| t.contains(&name))
    }

    /// What made this floor: for a level feature, the generator whose floor
    /// it changes (a plugin's, or the host's rooms). Since 1.6; `None` from
    /// an older host.
    pub fn generator(&self) -> Option<Generator> {
        self.raw.generator().into_option().map(|made| Generator::new(made.0.as_str(), made.1.as_str()))
    }

    /// Whether a terrain kind `name` exists in this run. Since 1.6; an
    /// older host is asked for its own terrains only.
    pub fn terrain_exists(&self, name: &str) -> bool {
        self.raw
            .terrain_exists(name.into())
            .into_option()
            .unwrap_or_else(|| crate::terrain_traits::host_traits(name).is_some())
    }

    /// Whether a plugin called `name` is loaded in this run. Since 1.6; an
    /// older host: false.
    pub fn plugin_loaded(&self, name: &str) -> bool {
        self.raw.plugin_loaded(name.into()).into_option().unwrap_or(false)
    }

    // 1.6 (items)

    /// `count` items of record `kind` on `at`, made once the floor is
    /// accepted, under this plugin's name, their effect's `made` run as for
    /// any new item. If another heap lies on `at` by then (a map piece's),
    /// they go to the first neighbour that can take them; with none, they
    /// are skipped. They are skipped with one line if the cell is not
    /// floor, nobody has the kind, or the count is 0 or over 9,999. A host
    /// older than 1.6 makes none. Since 1.6.
    pub fn item(&mut self, kind: &str, count: u32, at: Point) {
        self.raw.item(kind.into(), count, at)
    }
}
