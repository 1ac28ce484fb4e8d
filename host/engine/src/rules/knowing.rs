//! Known kinds (api 1.6): which item kinds the player knows. Every kind is
//! known unless a plugin marks it unknown (`WorldCtx::set_kind_known`: a
//! ring that comes unknown, the identify plugin's potions and scrolls), and
//! any plugin may make it known again (a scroll of identify), whichever
//! plugin marked it. What the plugins said is kept in
//! [`Game::kinds_known`](crate::world::game::Game), saved with the run, and
//! each change is traced as `kind_known` under the plugin that made it.
//! The host never names a kind unknown by itself: the plugins' item names
//! show an unknown kind by its look.

use crate::data::untrusted::shown;
use crate::fields;
use crate::world::game::Game;

/// Why a kind's knowing was not set (api 1.6).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KindRefused {
    /// No item record has the kind.
    #[error("no item record has the kind '{0}'")]
    NoRecord(String),
}

impl Game {
    /// Whether the player knows item kind `kind`: `None` for a kind no
    /// item record has; else false only if a plugin marked it unknown and
    /// nobody made it known since.
    pub fn kind_known(&self, kind: &str) -> Option<bool> {
        self.item_record(kind)?;
        Some(self.kinds_known.get(kind) != Some(&false))
    }

    /// The item kinds the player does not know now, in name order.
    pub fn unknown_kinds(&self) -> Vec<String> {
        self.kinds_known.iter().filter(|(_, known)| !**known).map(|(k, _)| k.clone()).collect()
    }

    /// Item kind `kind` is known (`known`) or unknown from now on, traced
    /// as `kind_known` under `source` when that changes anything. Refused,
    /// changing nothing, for a kind no item record has.
    pub fn set_kind_known(&mut self, kind: &str, known: bool, source: &str) -> Result<(), KindRefused> {
        let Some(was) = self.kind_known(kind) else {
            return Err(KindRefused::NoRecord(shown(kind, 40)));
        };
        self.kinds_known.insert(kind.to_string(), known);
        if was != known {
            self.emit("kind_known", source, fields! {"kind" => kind, "known" => known});
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;
    use std::rc::Rc;

    use emberdeep_api::{Ctx, ItemEffect, ItemUse, PluginResult, Point, Registrar, UseOutcome};

    use super::*;
    use abi_stable::std_types::{ROption, RString};
    use emberdeep_api::abi::WorldCtx;

    use crate::core::map::{Map, Tile};
    use crate::plugins::registry::{Plugins, Registration};

    struct Worn;
    impl ItemEffect for Worn {
        fn use_item(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
            Ok(UseOutcome::Kept)
        }
    }

    /// A floor with a plugin `jeweller` whose records hold two rings; the
    /// trace kept in memory.
    fn jeweller_game() -> Game {
        let mut reg = Registrar::new("jeweller", "0.1.0");
        reg.item_effect("worn", Worn);
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("one plugin");
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("host folder");
        let ring = |id: &str| {
            format!(
                "[[item]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"=\"\ncolor = [1, 2, 3]\ntile = \"ring\"\n\
                 class = \"ring\"\neffect = \"worn\"\nfloors = [1, 1]\nfrequency = 0\n"
            )
        };
        let text = format!("{}\n{}", ring("ring_of_seeing"), ring("ring_of_warding"));
        std::fs::write(dir.path().join("host/items.toml"), text).expect("records");
        let records =
            crate::data::records::check::load_records(dir.path(), &plugins.registered()).expect("the records read");
        let map = Map::new_filled(8, 5, Tile::Floor);
        let trace = crate::data::trace::Trace::in_memory();
        let mut game = Game::blank(1, map, Point::new(1, 1), Rc::new(plugins), Rc::new(records), trace);
        game.update_sight();
        game
    }

    #[test]
    fn a_kind_marked_unknown_stays_so_until_made_known_each_change_traced_once() {
        let mut game = jeweller_game();
        let _ = game.trace.take_kept();
        assert_eq!(game.kind_known("ring_of_seeing"), Some(true), "every kind known unless marked");
        game.set_kind_known("ring_of_seeing", false, "jeweller").unwrap();
        game.set_kind_known("ring_of_seeing", false, "jeweller").unwrap();
        assert_eq!(game.kind_known("ring_of_seeing"), Some(false));
        assert_eq!(game.kind_known("ring_of_warding"), Some(true), "the other ring stays known");
        assert_eq!(game.unknown_kinds(), ["ring_of_seeing"]);
        game.set_kind_known("ring_of_seeing", true, "identify").unwrap();
        assert_eq!(game.kind_known("ring_of_seeing"), Some(true), "made known by another plugin");
        let traced = game.trace.take_kept();
        assert_eq!(traced.len(), 2, "{traced:?}");
        assert!(traced[0].contains("\"kind_known\"") && traced[0].contains("\"source\":\"jeweller\""), "{traced:?}");
        assert!(traced[0].contains("\"kind\":\"ring_of_seeing\"") && traced[0].contains("\"known\":false"));
        assert!(traced[1].contains("\"source\":\"identify\"") && traced[1].contains("\"known\":true"), "{traced:?}");
    }

    #[test]
    fn a_kind_no_record_has_is_refused_in_one_line_and_changes_nothing() {
        let mut game = jeweller_game();
        let _ = game.trace.take_kept();
        let err = game.set_kind_known("ring_of_nothing", false, "jeweller").unwrap_err();
        assert_eq!(err.to_string(), "no item record has the kind 'ring_of_nothing'");
        assert_eq!(game.kind_known("ring_of_nothing"), None);
        assert!(game.kinds_known.is_empty() && game.trace.take_kept().is_empty());
    }

    #[test]
    fn known_kinds_are_saved_with_the_run_and_a_kind_no_record_has_is_refused() {
        let mut game = jeweller_game();
        game.set_kind_known("ring_of_seeing", false, "jeweller").unwrap();
        game.set_kind_known("ring_of_warding", false, "jeweller").unwrap();
        game.set_kind_known("ring_of_warding", true, "jeweller").unwrap();
        let (plugins, records) = (game.plugins.clone(), game.records.clone());
        let trace = crate::data::trace::Trace::in_memory;
        let back = Game::restore(game.parts(), plugins.clone(), records.clone(), trace()).expect("restores");
        assert_eq!(back.kinds_known, game.kinds_known);
        assert_eq!(back.kind_known("ring_of_seeing"), Some(false));
        let mut parts = game.parts();
        parts.kinds_known.push(("ring_of_nothing".into(), false));
        let err = Game::restore(parts, plugins, records, trace()).err().expect("refused").to_string();
        assert_eq!(err, "a kind 'ring_of_nothing' marked known or unknown that no item record has, or twice");
    }

    #[test]
    fn a_kind_is_marked_and_made_known_only_by_a_call_that_plays_and_traced_under_its_plugin() {
        let mut game = jeweller_game();
        let _ = game.trace.take_kept();
        let mut look =
            crate::plugins::boundary::HostCtx::new(&mut game, "jeweller", crate::plugins::boundary::Access::Look);
        assert!(!WorldCtx::set_kind_known(&mut look, "ring_of_seeing".into(), false), "refused while drawing");
        assert_eq!(WorldCtx::kind_known(&look, "ring_of_seeing".into()), ROption::RSome(true));
        let mut play =
            crate::plugins::boundary::HostCtx::new(&mut game, "jeweller", crate::plugins::boundary::Access::Play);
        assert!(!WorldCtx::set_kind_known(&mut play, "ring_of_nothing".into(), false), "no such record");
        assert!(WorldCtx::set_kind_known(&mut play, "ring_of_seeing".into(), false));
        assert_eq!(WorldCtx::kind_known(&play, "ring_of_seeing".into()), ROption::RSome(false));
        assert_eq!(WorldCtx::kind_known(&play, "ring_of_nothing".into()), ROption::RNone);
        assert_eq!(WorldCtx::unknown_kinds(&play).into_vec(), [RString::from("ring_of_seeing")]);
        let traced = game.trace.take_kept();
        assert_eq!(traced.len(), 1, "{traced:?}");
        assert!(traced[0].contains("\"kind_known\"") && traced[0].contains("\"source\":\"jeweller\""));
    }
}
