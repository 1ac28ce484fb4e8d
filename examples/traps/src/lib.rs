//! # traps: a hidden dart trap with a tile of its own
//!
//! A kind of terrain, `dart_trap`, that hides as floor until the player
//! finds it, by stepping on it or by searching (`s`), and strikes whoever
//! steps on it with a dart. It shows the calls of api 1.2 that add to the
//! map:
//!
//! * [`Registrar::terrain`] registers the kind: its label, its look (the
//!   glyph `^`, and `traps_dart`, a tile of this plugin's own sheet in
//!   `data/traps/tiles.png`), walkable, transparent, its description, and
//!   [`TerrainHidden::AsFloor`]: drawn and described as floor until found,
//!   though it still springs;
//! * [`TerrainCode::entered`] runs once each time a creature steps onto it
//!   (standing on it does not run it again): the dart is an
//!   [`Attack`] the host applies, logs and traces;
//! * the host finds a hidden trap the player steps on (a `terrain_found`
//!   event from `host`, "You find a dart trap."), before the dart flies;
//! * a search is a key of the plugin's own ([`Hooks::keys`] lists it in
//!   the help, [`Hooks::key`] answers it): [`Ctx::terrain_hidden`] asks each
//!   cell around the player, [`Ctx::reveal_terrain`] finds it (a
//!   `terrain_found` event under this plugin's name).
//!
//! The numbers and words live in [`rules`], tested without a game.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{
    export_plugin, Attack, Ctx, EntityId, Hooks, KeyAnswer, KeyHelp, PluginError, PluginResult, Point, Registrar,
    TerrainCode, TerrainHidden, TerrainSpec,
};

use rules::{DART_TRAP, SEARCH_KEY};

/// The dart trap's code.
pub struct DartTrap;

impl TerrainCode for DartTrap {
    /// `who` stepped onto the trap at `at`: a dart strikes it.
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        let Some(them) = ctx.creature(who) else { return Ok(()) };
        let dealt = ctx.roll_damage(rules::DART);
        let kills = dealt >= them.hp;
        let name = (!them.id.is_player()).then_some(them.name.as_str());
        // The trap is no creature: the stepper is the attacker of record,
        // so the trace reads `attacker=goblin#1 target=goblin#1 kind=dart`.
        let mut dart = Attack::new(who, who, "dart").hit_for(dealt).with_killer(rules::LABEL);
        // A dart the player cannot see is not told in the log.
        if them.id.is_player() || ctx.is_visible(at) {
            dart = dart.with_message(&rules::dart_line(name, dealt, kills));
        }
        ctx.attack(dart);
        ctx.event("dart", &[("x", at.x.into()), ("y", at.y.into()), ("damage", dealt.into())]);
        Ok(())
    }
}

/// The search key.
pub struct Search;

impl Hooks for Search {
    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![KeyHelp::new(SEARCH_KEY.to_string(), "moving", "search the cells around you for hidden traps")])
    }

    /// `s`: every hidden terrain around the player is found; a turn passes
    /// whether or not anything was.
    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        if key != SEARCH_KEY {
            return Ok(KeyAnswer::Pass);
        }
        let here = ctx.player()?.pos;
        let mut found = 0;
        for p in rules::searched_cells(here) {
            if ctx.terrain_hidden(p) && ctx.reveal_terrain(p) {
                found += 1;
            }
        }
        if let Some(line) = rules::search_line(found) {
            ctx.say(line);
        }
        Ok(KeyAnswer::Done(true))
    }
}

/// The dart trap: walkable, hidden as floor until found, and a hazard by
/// meaning (api 1.6), so once found travel and auto-explore go round it.
fn dart_trap() -> TerrainSpec {
    TerrainSpec::new(rules::LABEL, rules::look(), true, true)
        .traits(&[emberdeep_api::terrain_traits::HAZARD])
        .described(rules::DESCRIPTION)
        .hidden(TerrainHidden::AsFloor)
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a dart trap hidden in the floor, with its own tile", "");
    reg.terrain(DART_TRAP, dart_trap(), DartTrap);
    reg.hooks(Search);
    reg.event("dart", &["x", "y", "damage"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;

    #[test]
    fn a_step_onto_the_trap_fires_one_dart_at_the_stepper() {
        let mut game = TestGame::new(8, 5);
        let at = Point::new(2, 1);
        DartTrap.entered(&mut game.ctx(), EntityId::PLAYER, at).unwrap();
        assert_eq!(game.attacks.len(), 1);
        let dart = &game.attacks[0];
        assert_eq!((dart.target, dart.kind.as_str(), dart.hit), (EntityId::PLAYER, "dart", true));
        assert!((1..=3).contains(&dart.damage), "{dart:?}");
        assert_eq!(game.events.len(), 1, "one dart a step");
        assert!(dart.message.starts_with("A dart shoots out of the floor and hits you for "), "{dart:?}");
    }

    #[test]
    fn a_search_finds_the_hidden_traps_around_the_player_and_nothing_further() {
        let mut game = TestGame::new(10, 6);
        game.creatures[0].pos = Point::new(3, 3);
        game.lay_hidden(Point::new(4, 4), DART_TRAP);
        game.lay_hidden(Point::new(6, 3), DART_TRAP);
        assert_eq!(Search.key(&mut game.ctx(), 's').unwrap(), KeyAnswer::Done(true));
        assert_eq!(game.found, [Point::new(4, 4)], "the one beside the player");
        assert!(game.unfound.contains(&Point::new(6, 3)), "the far one stays hidden");
        assert!(game.messages.is_empty(), "the host tells of what was found");
        assert_eq!(Search.key(&mut game.ctx(), 's').unwrap(), KeyAnswer::Done(true));
        assert_eq!(game.found.len(), 1, "found once");
        assert_eq!(game.messages, ["You search around you and find nothing."]);
        assert_eq!(Search.key(&mut game.ctx(), 'x').unwrap(), KeyAnswer::Pass);
    }

    #[test]
    fn registers_the_trap_the_search_and_the_event() {
        let mut reg = Registrar::new("traps", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!(names.terrains, [DART_TRAP]);
    }

    #[test]
    fn the_trap_is_a_hazard_the_time_savers_go_round_once_found() {
        assert_eq!(dart_trap().traits, [emberdeep_api::terrain_traits::HAZARD]);
    }
}
