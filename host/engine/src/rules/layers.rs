//! Fields (api 1.7): per-cell amounts of a kind a plugin declared (fire,
//! smoke, a gas), any plugin reads and changes them
//! (`WorldCtx::field_at`, `set_field`, `add_field`) and asks the host to
//! spread and thin them over the floor in one fast pass
//! (`WorldCtx::spread_field`, [`emberdeep_api::FieldSpread::apply`]).
//! They lie in [`Game::field_layers`](crate::world::game::Game): one grid
//! of amounts per kind that was set on this floor, saved with the run and
//! emptied on a new floor. A change is traced as `field_set` (`field`,
//! `x`, `y`, `amount`), a spread as `field_spread` (`field`, `cells`,
//! `total`), both under the plugin that asked. A field that blocks sight
//! (smoke) stops the player's sight from the end of the turn on; one with the `hazard` trait is kept
//! out of by the time-savers and stepped around by the host's monsters.
//! The host never names a field.

use emberdeep_api::{FieldSpread, Point, FIELD_MOST};

use crate::data::untrusted::shown;
use crate::fields;
use crate::world::game::Game;

/// Why a field was not set or spread (api 1.7).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldRefused {
    /// No loaded plugin declared the field.
    #[error("no loaded plugin declares the field '{0}'")]
    Unknown(String),
    /// The cell is off the map or nothing could stand there.
    #[error("({0}, {1}) cannot hold a field (off the map or not open ground)")]
    Closed(i32, i32),
    /// A spread's numbers are out of range.
    #[error("share and thin must be 0-100, fade 0-{FIELD_MOST}")]
    BadSpread,
}

impl Game {
    /// The amount of field `name` at `p` (0 where none, off the map too);
    /// `None` for a field no loaded plugin declared.
    pub fn field_at(&self, name: &str, p: Point) -> Option<i32> {
        self.plugins.fields.get(name)?;
        // A cell that stopped being open ground (a door shut, a wall laid)
        // holds none: the next spread drops what it held.
        if !self.map.in_bounds(p) || !self.map.is_walkable(p) {
            return Some(0);
        }
        let i = (p.y * self.map.width() + p.x) as usize;
        Some(self.field_layers.get(name).map_or(0, |layer| layer[i]))
    }

    /// Field `name` at `p` holds `amount` from now on (clamped), traced as
    /// `field_set` under `source` when that changes anything. Refused,
    /// changing nothing, for a field nobody declared and a cell nothing
    /// could stand on.
    pub fn set_field(&mut self, name: &str, p: Point, amount: i32, source: &str) -> Result<i32, FieldRefused> {
        let Some(was) = self.field_at(name, p) else {
            return Err(FieldRefused::Unknown(shown(name, 40)));
        };
        if !self.map.in_bounds(p) || !self.map.is_walkable(p) {
            return Err(FieldRefused::Closed(p.x, p.y));
        }
        let amount = amount.clamp(0, FIELD_MOST);
        if amount != was {
            let cells = (self.map.width() * self.map.height()) as usize;
            let layer = self.field_layers.entry(name.to_string()).or_insert_with(|| vec![0; cells]);
            layer[(p.y * self.map.width() + p.x) as usize] = amount;
            self.emit("field_set", source, fields! {"field" => name, "x" => p.x, "y" => p.y, "amount" => amount});
        }
        Ok(amount)
    }

    /// Adds `delta` to field `name` at `p`, as [`Game::set_field`] sets the sum.
    pub fn add_field(&mut self, name: &str, p: Point, delta: i32, source: &str) -> Result<i32, FieldRefused> {
        let was = self.field_at(name, p).ok_or_else(|| FieldRefused::Unknown(shown(name, 40)))?;
        self.set_field(name, p, was.saturating_add(delta), source)
    }

    /// Field `name` spreads and thins for one turn over the whole floor,
    /// traced as `field_spread` under `source` when it held anything.
    pub fn spread_field(&mut self, name: &str, spread: &FieldSpread, source: &str) -> Result<(), FieldRefused> {
        if !self.plugins.fields.contains_key(name) {
            return Err(FieldRefused::Unknown(shown(name, 40)));
        }
        if !spread.is_valid() {
            return Err(FieldRefused::BadSpread);
        }
        let Some(layer) = self.field_layers.get_mut(name) else { return Ok(()) };
        let width = self.map.width() as usize;
        // Where a field may lie: the cells a creature could stand on.
        let open: Vec<bool> = self.map.tiles().iter().map(|t| t.is_walkable()).collect();
        let (cells, total) = spread.apply(layer, &mut self.field_scratch, width, &open);
        if cells == 0 {
            self.field_layers.remove(name);
        }
        self.emit_with("field_spread", source, || fields! {"field" => name, "cells" => cells, "total" => total});
        Ok(())
    }

    /// Every cell holding field `name`, row by row, with its amount.
    pub fn field_cells(&self, name: &str) -> Vec<(Point, i32)> {
        let Some(layer) = self.field_layers.get(name) else { return Vec::new() };
        let w = self.map.width().max(1);
        let at = |i: usize| Point::new(i as i32 % w, i as i32 / w);
        let open = self.map.tiles();
        layer.iter().enumerate().filter(|(i, a)| **a > 0 && open[*i].is_walkable()).map(|(i, a)| (at(i), *a)).collect()
    }

    /// The fields at `p` and their amounts, most first (ties by name).
    pub fn fields_here(&self, p: Point) -> Vec<(&str, i32)> {
        if !self.map.in_bounds(p) || !self.map.is_walkable(p) || self.field_layers.is_empty() {
            return Vec::new();
        }
        let i = (p.y * self.map.width() + p.x) as usize;
        let mut here: Vec<(&str, i32)> =
            self.field_layers.iter().filter(|(_, l)| l[i] > 0).map(|(n, l)| (n.as_str(), l[i])).collect();
        here.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        here
    }

    /// The look of the field both views draw over the terrain at `p`, if
    /// any: a harmful one first (fire under its smoke), then the one most
    /// of which lies there.
    pub fn field_look(&self, p: Point) -> Option<&emberdeep_api::FieldDecl> {
        let here = self.fields_here(p);
        let kind = |name: &str| self.plugins.fields.get(name);
        let hazard = here.iter().find(|(name, _)| kind(name).is_some_and(|k| k.hazard));
        let (name, _) = *hazard.or(here.first())?;
        kind(name).map(|k| &k.decl)
    }

    /// The label of a harmful (`hazard`) field at `p`, if one lies there.
    pub fn hazard_field_at(&self, p: Point) -> Option<String> {
        if self.field_layers.is_empty() {
            return None;
        }
        self.fields_here(p).into_iter().find_map(|(name, _)| {
            let kind = self.plugins.fields.get(name)?;
            kind.hazard.then(|| kind.decl.label.to_string())
        })
    }

    /// The cells within `radius` of `origin` holding a field that blocks sight.
    pub(crate) fn sight_blocking_fields(&self, origin: Point, radius: i32) -> Vec<Point> {
        let mut out = Vec::new();
        for (name, layer) in &self.field_layers {
            let from = self.plugins.fields.get(name).map_or(0, |k| k.decl.blocks_sight);
            if from <= 0 {
                continue;
            }
            let w = self.map.width();
            for y in (origin.y - radius).max(0)..=(origin.y + radius).min(self.map.height() - 1) {
                for x in (origin.x - radius).max(0)..=(origin.x + radius).min(w - 1) {
                    let p = Point::new(x, y);
                    let held = layer[(y * w + x) as usize] >= from && self.map.is_walkable(p);
                    if held && p != origin && !out.contains(&p) {
                        out.push(p);
                    }
                }
            }
        }
        out
    }

    /// The floor's fields as a save keeps them: each kind, its cells and amounts.
    pub fn field_parts(&self) -> Vec<(String, Vec<(Point, i32)>)> {
        self.field_layers.keys().map(|name| (name.clone(), self.field_cells(name))).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::rc::Rc;

    use abi_stable::std_types::ROption;
    use emberdeep_api::abi::WorldCtx;
    use emberdeep_api::{FieldSpec, Look, Point, Registrar, Rgba};

    use super::*;
    use crate::core::map::{Map, Tile};
    use crate::plugins::registry::{Plugins, Registration};

    /// A 12 x 9 room (walls round it) with a plugin `weather` declaring
    /// `smoke` (blocks sight) and `fire` (a hazard); the trace kept in memory.
    fn weather_game() -> Game {
        let mut reg = Registrar::new("weather", "0.1.0");
        reg.field("smoke", FieldSpec::new("smoke", Look::new('~', Rgba::rgb(9, 9, 9), "smoke")).blocks_sight(50));
        reg.field("fire", FieldSpec::new("flames", Look::new('^', Rgba::rgb(250, 90, 0), "fire")).traits(&["hazard"]));
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("one plugin");
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("host folder");
        let records =
            crate::data::records::check::load_records(dir.path(), &plugins.registered()).expect("the records read");
        let mut map = Map::new_filled(12, 9, Tile::Floor);
        for p in map.points().collect::<Vec<_>>() {
            if p.x == 0 || p.y == 0 || p.x == 11 || p.y == 8 {
                map.set_tile(p, Tile::Wall);
            }
        }
        let trace = crate::data::trace::Trace::in_memory();
        let mut game = Game::blank(1, map, Point::new(1, 4), Rc::new(plugins), Rc::new(records), trace);
        game.update_sight();
        let _ = game.trace.take_kept();
        game
    }

    #[test]
    fn a_field_is_set_on_open_ground_only_and_each_change_traced_once() {
        let mut game = weather_game();
        assert_eq!(game.set_field("fire", Point::new(3, 3), 40, "weather"), Ok(40));
        assert_eq!(game.set_field("fire", Point::new(3, 3), 40, "weather"), Ok(40), "no change");
        assert_eq!(game.add_field("fire", Point::new(3, 3), 5000, "weather"), Ok(FIELD_MOST), "clamped");
        assert_eq!(game.field_at("fire", Point::new(3, 3)), Some(FIELD_MOST));
        assert_eq!(game.field_at("steam", Point::new(3, 3)), None);
        let err = game.set_field("fire", Point::new(0, 3), 5, "weather").unwrap_err().to_string();
        assert_eq!(err, "(0, 3) cannot hold a field (off the map or not open ground)");
        assert!(game.set_field("steam", Point::new(3, 3), 5, "weather").is_err());
        let traced = game.trace.take_kept();
        assert_eq!(traced.len(), 2, "{traced:?}");
        assert!(traced[0].contains("\"field_set\"") && traced[0].contains("\"amount\":40"), "{traced:?}");
        assert_eq!(game.hazard_field_at(Point::new(3, 3)).as_deref(), Some("flames"));
        assert_eq!(game.hazard_field_at(Point::new(4, 3)), None);
    }

    #[test]
    fn smoke_hides_what_lies_behind_it_from_the_next_sight_on() {
        let mut game = weather_game();
        assert!(game.fov().is_visible(Point::new(8, 4)));
        for y in 1..8 {
            game.set_field("smoke", Point::new(4, y), 100, "weather").unwrap();
        }
        game.update_sight();
        assert!(game.fov().is_visible(Point::new(4, 4)), "the smoke itself is seen");
        assert!(!game.fov().is_visible(Point::new(8, 4)), "what is behind it is not");
        for y in 1..8 {
            game.set_field("smoke", Point::new(4, y), 49, "weather").unwrap();
        }
        game.update_sight();
        assert!(game.fov().is_visible(Point::new(8, 4)), "thinner than 50, it lets sight through");
    }

    #[test]
    fn a_spread_is_one_event_and_a_field_thins_away() {
        let mut game = weather_game();
        game.set_field("smoke", Point::new(5, 4), 900, "weather").unwrap();
        let _ = game.trace.take_kept();
        let spread = FieldSpread { share: 50, thin: 0, fade: 0 };
        game.spread_field("smoke", &spread, "weather").unwrap();
        assert_eq!(game.field_cells("smoke").len(), 9);
        assert_eq!(game.field_cells("smoke").iter().map(|c| c.1).sum::<i32>(), 900);
        let traced = game.trace.take_kept();
        assert_eq!(traced.len(), 1, "{traced:?}");
        assert!(traced[0].contains("\"field_spread\"") && traced[0].contains("\"cells\":9"), "{traced:?}");
        let err = game.spread_field("smoke", &FieldSpread { share: 0, thin: 120, fade: 0 }, "weather").unwrap_err();
        assert_eq!(err, FieldRefused::BadSpread);
        for _ in 0..30 {
            game.spread_field("smoke", &FieldSpread { share: 20, thin: 20, fade: 1 }, "weather").unwrap();
        }
        assert!(game.field_cells("smoke").is_empty() && game.field_layers.is_empty(), "thinned to nothing");
    }

    #[test]
    fn fields_are_saved_with_the_run_and_a_bad_cell_is_refused() {
        let mut game = weather_game();
        game.set_field("fire", Point::new(3, 3), 40, "weather").unwrap();
        game.set_field("smoke", Point::new(6, 2), 7, "weather").unwrap();
        let (plugins, records) = (game.plugins.clone(), game.records.clone());
        let trace = crate::data::trace::Trace::in_memory;
        let back = Game::restore(game.parts(), plugins.clone(), records.clone(), trace()).expect("restores");
        assert_eq!(back.field_layers, game.field_layers);
        let refused = |edit: &dyn Fn(&mut crate::world::restore::RestoreParts)| {
            let mut parts = game.parts();
            edit(&mut parts);
            Game::restore(parts, plugins.clone(), records.clone(), trace()).err().map(|e| e.to_string())
        };
        let why = refused(&|p| p.fields[0].1.push((Point::new(0, 0), 5))).expect("a wall is refused");
        assert!(why.contains("a field 'fire'"), "{why}");
        assert!(refused(&|p| p.fields[0].1.push((Point::new(40, 3), 5))).is_some(), "off the map");
        assert!(refused(&|p| p.fields[0].1[0].1 = 1001).is_some(), "too much");
        assert!(refused(&|p| p.fields[0].1.push((Point::new(3, 3), 5))).is_some(), "twice");
        assert!(refused(&|p| p.fields.push(("steam".into(), vec![]))).is_some(), "nobody declares it");
        assert!(refused(&|p| p.fields.clear()).is_none(), "a save without fields loads");
    }

    #[test]
    fn a_field_is_set_only_by_a_call_that_plays() {
        let mut game = weather_game();
        let mut look =
            crate::plugins::boundary::HostCtx::new(&mut game, "weather", crate::plugins::boundary::Access::Look);
        assert!(!WorldCtx::set_field(&mut look, "fire".into(), Point::new(3, 3), 5), "refused while drawing");
        assert_eq!(WorldCtx::field_at(&look, "fire".into(), Point::new(3, 3)), ROption::RSome(0));
        let mut play =
            crate::plugins::boundary::HostCtx::new(&mut game, "weather", crate::plugins::boundary::Access::Play);
        assert!(WorldCtx::set_field(&mut play, "fire".into(), Point::new(3, 3), 5));
        assert_eq!(WorldCtx::add_field(&mut play, "fire".into(), Point::new(3, 3), 2), ROption::RSome(7));
        assert_eq!(WorldCtx::field_cells(&play, "fire".into()).len(), 1);
    }
}
