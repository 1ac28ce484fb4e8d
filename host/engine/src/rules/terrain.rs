//! The map as plugins change it (api 1.2, part two): terrain read and laid
//! by name (`set_terrain`, traced as `terrain`), hidden terrain found
//! (`terrain_found`), and a terrain's code run when a creature steps on it.
//! The host's terrains (floor, wall, doors, stairs) keep their names;
//! plugins' terrains are named as they registered them. Every change
//! brings the player's sight, memory and the kept distance maps up to date
//! at once; every refusal is one line and changes nothing. The stairs down
//! stay (`data::bounds::covers_stairs`, which a save is held to as well).

use emberdeep_api::abi::TerrainDecl;
use emberdeep_api::{EntityId, Point, TerrainHidden};

use crate::core::map::Tile;
use crate::data::untrusted::shown;
use crate::fields;
use crate::plugins::boundary::Access;
use crate::world::game::Game;
use emberdeep_api::MessageKind;

/// The most characters of a plugin's terrain name a refusal repeats.
const SHOWN: usize = 40;

/// Why a change of terrain was refused (it changed nothing).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TerrainRefused {
    /// Off the map.
    #[error("the cell {x},{y} is off the map")]
    OffTheMap {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The map's outer ring stays wall, so nothing walks off the floor.
    #[error("the cell {x},{y} is on the map's border, which stays wall")]
    Border {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The stairs down stay, so the floor keeps its way down (since 1.6;
    /// a save with a terrain laid on them is refused).
    #[error("the cell {x},{y} holds the stairs down, which stay so the floor keeps its way down")]
    Stairs {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// No host terrain and no plugin's has the name.
    #[error("no loaded plugin has a terrain '{0}'")]
    Unknown(String),
    /// A creature stands there and could not stand on the new terrain.
    #[error("{who} stands on {x},{y} and could not stand on '{name}'")]
    Occupied {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// Who stands there (`orc#4`).
        who: String,
        /// The terrain asked for.
        name: String,
    },
}

impl Game {
    /// The tile a terrain name makes, freshly laid (a hidden kind hidden):
    /// a host terrain or one a loaded plugin registered.
    pub fn tile_named(&self, name: &str) -> Option<Tile> {
        self.plugins.tile_named(name)
    }

    /// The name of the terrain at `p` (`wall` off the map).
    pub fn terrain_name(&self, p: Point) -> String {
        self.plugins.tile_name(self.map.tile(p))
    }

    /// The name of a tile: the host's, or the plugin terrain's.
    pub fn tile_name(&self, tile: Tile) -> String {
        self.plugins.tile_name(tile)
    }

    /// How a plugin terrain at `p` shows, if the player would see it as
    /// itself (one there, and not hiding).
    pub fn shown_terrain(&self, p: Point) -> Option<&TerrainDecl> {
        match self.map.tile(p) {
            Tile::Plugin(t) if t.hidden == TerrainHidden::Shown => {
                self.plugins.terrains.get(t.kind as usize).map(|k| &k.decl)
            }
            _ => None,
        }
    }

    /// Whether the terrain at `p` still hides from the player.
    pub fn terrain_hidden(&self, p: Point) -> bool {
        matches!(self.map.tile(p), Tile::Plugin(t) if t.hidden != TerrainHidden::Shown)
    }

    /// Lays terrain `name` at `at` for `source` (a plugin), traced as
    /// `terrain`; sight, memory and paths follow at once.
    pub fn set_terrain(&mut self, at: Point, name: &str, source: &str) -> Result<(), TerrainRefused> {
        self.lay_terrain(at, name, source, false)
    }

    /// Lays terrain `name` at `at` as [`Game::set_terrain`] does, but shown
    /// at once if the kind hides (api 1.6's `set_terrain_found`): no "You
    /// find" line, no `found` code; the `terrain` event says `found`.
    pub fn set_terrain_found(&mut self, at: Point, name: &str, source: &str) -> Result<(), TerrainRefused> {
        self.lay_terrain(at, name, source, true)
    }

    /// Whether the terrain at `at` has trait `name` (api 1.6): what it is,
    /// not how it looks (a hidden trap answers its own traits).
    pub fn terrain_has(&self, at: Point, name: &str) -> bool {
        self.plugins.tile_has(self.map.tile(at), name)
    }

    fn lay_terrain(&mut self, at: Point, name: &str, source: &str, found: bool) -> Result<(), TerrainRefused> {
        if !self.map.in_bounds(at) {
            return Err(TerrainRefused::OffTheMap { x: at.x, y: at.y });
        }
        if at.x == 0 || at.y == 0 || at.x == self.map.width() - 1 || at.y == self.map.height() - 1 {
            return Err(TerrainRefused::Border { x: at.x, y: at.y });
        }
        let tile = if found {
            self.plugins.plugin_tile(name, false).or_else(|| self.tile_named(name))
        } else {
            self.tile_named(name)
        };
        let Some(tile) = tile else {
            return Err(TerrainRefused::Unknown(shown(name, SHOWN)));
        };
        if crate::data::bounds::covers_stairs(self.map.tile(at), tile) {
            return Err(TerrainRefused::Stairs { x: at.x, y: at.y });
        }
        if let Some(who) = self.creature_at(at).map(|c| c.trace_name()) {
            if !tile.is_walkable() {
                return Err(TerrainRefused::Occupied { x: at.x, y: at.y, who, name: shown(name, SHOWN) });
            }
        }
        let from = self.terrain_name(at);
        self.map.set_tile(at, tile);
        self.paths.clear();
        let mut laid = fields! {"x" => at.x, "y" => at.y, "from" => from, "to" => name.to_string()};
        if found {
            laid.insert("found".to_string(), serde_json::json!(true));
        }
        self.emit("terrain", source, laid);
        // Sight reaches no further than its radius, so a change beyond it
        // cannot change what the player sees.
        if self.player().pos.steps_to(at) <= self.numbers.fov_radius {
            self.update_sight();
        }
        Ok(())
    }

    /// The player finds the hidden terrain at `at`: it shows from now on
    /// (a secret door stops behaving as wall), `terrain_found` is traced,
    /// the log says what was found, and the terrain's `found` code runs.
    /// False if nothing hidden is there.
    pub fn reveal_terrain(&mut self, at: Point, source: &str) -> bool {
        let Tile::Plugin(mut t) = self.map.tile(at) else { return false };
        if t.hidden == TerrainHidden::Shown {
            return false;
        }
        let walled = t.hidden == TerrainHidden::AsWall;
        t.hidden = TerrainHidden::Shown;
        self.map.set_tile(at, Tile::Plugin(t));
        if walled {
            self.paths.clear();
        }
        let name = self.tile_name(Tile::Plugin(t));
        self.emit("terrain_found", source, fields! {"x" => at.x, "y" => at.y, "terrain" => name});
        let plugins = self.plugins.clone();
        if let Some(kind) = plugins.terrains.get(t.kind as usize) {
            self.log.add(format!("You find {}.", kind.decl.label), MessageKind::Info);
            self.update_sight();
            self.call(&kind.code, Access::Play, |imp, ctx| imp.found(ctx, at));
        }
        true
    }

    // Since 1.3.

    /// The player learns the floor's map (`reveal_map`): every cell one can
    /// walk on or see through, and every cell next to one, is remembered
    /// from now on, as it looks (hidden terrain stays hidden).
    /// `map_revealed` is traced under `source` with how many cells were new.
    pub fn reveal_map(&mut self, source: &str) -> u32 {
        let open = |map: &crate::core::map::Map, p: Point| map.is_walkable(p) || !map.blocks_sight(p);
        let cells: Vec<Point> = self
            .map
            .points()
            .filter(|&p| {
                !self.map.is_remembered(p)
                    && (open(&self.map, p)
                        || emberdeep_api::DIRECTIONS.iter().any(|(dx, dy)| open(&self.map, p.offset(*dx, *dy))))
            })
            .collect();
        for &p in &cells {
            self.map.remember(p);
        }
        let count = cells.len() as u32;
        self.emit("map_revealed", source, fields! {"cells" => count});
        count
    }

    /// Creature `who` has just arrived on `at` (a step, a swap, a
    /// placing): on a plugin's terrain its code's `entered` runs, after
    /// the player finds it if it was hidden there. A hidden terrain that
    /// springs on another creature in the player's sight (its code did
    /// anything the trace tells: a status, a blow, a noise) is found then,
    /// as a step finds it: the player saw it work.
    pub fn arrived(&mut self, who: EntityId, at: Point) {
        let Tile::Plugin(t) = self.map.tile(at) else { return };
        if who.is_player() && t.hidden != TerrainHidden::Shown {
            self.reveal_terrain(at, "host");
        }
        let watched = !who.is_player() && t.hidden != TerrainHidden::Shown && self.fov.is_visible(at);
        let before = self.events_emitted;
        let plugins = self.plugins.clone();
        if let Some(kind) = plugins.terrains.get(t.kind as usize) {
            self.call(&kind.code, Access::Play, |imp, ctx| imp.entered(ctx, who, at));
        }
        let sprang = self.events_emitted != before;
        if watched && sprang && self.map.tile(at) == Tile::Plugin(t) && self.fov.is_visible(at) {
            self.reveal_terrain(at, "host");
        }
    }
}
