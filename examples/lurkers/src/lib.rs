//! # lurkers: names and looks of their own, and a monster disguised until found
//!
//! Two monsters that show the calls of api 1.6:
//!
//! * a **necromancer** (`necromancer` brain) that keeps its distance and
//!   raises whatever falls within its sight: the fallen comes back as a
//!   monster of record `risen`, named and drawn after what it was ("risen
//!   jackal", the jackal's glyph and tile in a corpse's pale green). The
//!   name comes from [`Ctx::monster_info`] of the dead kind, the new
//!   creature from [`Ctx::spawn_as`] with a [`CreatureLook`] built in plain
//!   Rust;
//! * a **rock-lurker** (`lurk` brain) that hides as a boulder,
//!   [`Ctx::disguise`] as this plugin's terrain `lurker_boulder`, which is
//!   declared secret ([`Registrar::secret_terrain`]) so the help screen's
//!   list of terrains does not give it away. The host drops the disguise
//!   when the player steps next to it (or into it, or a fight starts), and
//!   from then on it fights as core_combat's `melee`.
//!
//! The words and the looks are in plain functions ([`risen_look`],
//! [`raised_line`]), tested with the api's `TestGame`.
#![allow(non_local_definitions)]

use emberdeep_api::{
    export_plugin, CreatureLook, Ctx, Death, EntityId, Hooks, Look, MessageKind, MonsterBrain, MonsterInfo,
    MonsterState, PluginError, PluginResult, Registrar, Rgba, TerrainSpec,
};

/// The necromancer's record id.
pub const NECROMANCER: &str = "necromancer";
/// The record the fallen rise as.
pub const RISEN: &str = "risen";
/// The rock-lurker's record id.
pub const LURKER: &str = "rock_lurker";
/// The terrain a rock-lurker hides as: secret, never laid on a map.
pub const BOULDER: &str = "lurker_boulder";
/// The brain a woken lurker fights with (core_combat's).
pub const FIGHTING_BRAIN: &str = "melee";
/// Stored on a lurker once it has hidden: it hides once, and once found
/// it fights.
pub const HID_KEY: &str = "lurker_hid";
/// The pale green of the risen.
pub const RISEN_COLOR: Rgba = Rgba::rgb(170, 215, 160);

/// How the fallen rises: named "risen" and its own name, drawn with its
/// own glyph and tile, in the pale green of the risen.
pub fn risen_look(fallen: &MonsterInfo) -> CreatureLook {
    CreatureLook::named(&format!("risen {}", fallen.name))
        .plural(&format!("risen {}", fallen.plural))
        .glyph(fallen.glyph())
        .color(RISEN_COLOR)
        .tile(fallen.look.tile.as_str())
}

/// "The necromancer raises the jackal from the dead!"
pub fn raised_line(raiser: &str, fallen: &str) -> String {
    format!("The {raiser} raises the {fallen} from the dead!")
}

/// Whether a death is one a necromancer raises: a monster's, not one of
/// the risen (they stay down) nor a necromancer's.
pub fn rises(death: &Death) -> bool {
    let kind = death.victim_kind.as_str();
    !death.victim.is_player() && kind != RISEN && kind != NECROMANCER
}

/// The necromancer's mind: it keeps its distance (a step away when the
/// player is next to it) and never strikes; its work is done in
/// [`Necromancy::died`].
pub struct Necromancer;

impl MonsterBrain for Necromancer {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let (Some(at), Some(player)) = (ctx.position(me), ctx.position(EntityId::PLAYER)) else { return Ok(()) };
        if at.is_adjacent(player) {
            if let Some(step) = ctx.step_away(me, player) {
                ctx.move_creature(me, step);
            }
        }
        Ok(())
    }
}

/// A rock-lurker's mind: it hides as a boulder once, keeps still while
/// hidden, and fights once found.
pub struct Lurk;

/// Hides lurker `me` as a boulder, once in its life.
pub fn hide(ctx: &mut Ctx<'_>, me: EntityId) -> bool {
    if ctx.store_get(me, HID_KEY).is_some() || !ctx.disguise(me, BOULDER) {
        return false;
    }
    ctx.store_set(me, HID_KEY, 1);
    true
}

impl MonsterBrain for Lurk {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        if ctx.disguised_as(me).is_some() || hide(ctx, me) {
            return Ok(());
        }
        if !ctx.run_brain(me, FIGHTING_BRAIN) {
            ctx.wander(me);
        }
        Ok(())
    }
}

/// Raises the fallen, and hides the lurkers of a floor as it is entered.
pub struct Necromancy;

impl Hooks for Necromancy {
    fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
        if !rises(death) {
            return Ok(());
        }
        // The first necromancer (in id order) whose sight reaches the spot.
        let mut raiser = None;
        for c in ctx.floor_creatures() {
            if c.kind.as_str() != NECROMANCER {
                continue;
            }
            let Some(info) = ctx.creature(c.id) else { continue };
            if info.pos.steps_to(death.at) <= info.sight {
                raiser = Some(info);
                break;
            }
        }
        let Some(raiser) = raiser else { return Ok(()) };
        let Some(fallen) = ctx.monster_info(death.victim_kind.as_str()) else { return Ok(()) };
        let side = ctx.side_of(raiser.id).unwrap_or_default();
        let Some(risen) = ctx.spawn_as(RISEN, death.at, &side, &risen_look(&fallen)) else { return Ok(()) };
        ctx.set_state(risen, MonsterState::Hunting);
        ctx.message(&raised_line(raiser.name.as_str(), fallen.name.as_str()), MessageKind::Danger);
        let risen_name = ctx.creature(risen).map(|c| c.trace_name.to_string()).unwrap_or_default();
        ctx.event(
            "raised",
            &[
                ("by", raiser.trace_name.as_str().into()),
                ("fallen", death.victim_name.as_str().into()),
                ("risen", risen_name.as_str().into()),
            ],
        );
        Ok(())
    }

    fn floor_entered(&self, ctx: &mut Ctx<'_>, _floor: u32) -> PluginResult<()> {
        for c in ctx.floor_creatures() {
            if c.kind.as_str() == LURKER {
                hide(ctx, c.id);
            }
        }
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe(
        "Example: a necromancer raising the fallen under their own names, and a rock-lurker hiding as a boulder",
        "",
    );
    // `melee` comes from core_combat: load only beside it.
    reg.depends_on("core_combat", "0.1.0");
    reg.brain("necromancer", Necromancer).brain("lurk", Lurk);
    reg.hooks(Necromancy);
    let boulder = TerrainSpec::new("a boulder", Look::new('0', Rgba::rgb(150, 140, 128), "wall"), false, false)
        .described("A rounded lump of grey rock.");
    reg.terrain(BOULDER, boulder, ()).secret_terrain(BOULDER);
    reg.stored(HID_KEY, 1, 1);
    reg.event("raised", &["by", "fallen", "risen"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::{monster_record, TestGame};
    use emberdeep_api::{Damage, Point};

    fn death_of(victim: EntityId, kind: &str, at: Point) -> Death {
        Death::new(victim, kind, at).by(EntityId::PLAYER, "player", "melee", "you")
    }

    fn graveyard() -> (TestGame, EntityId) {
        let mut game = TestGame::new(12, 6);
        game.add_monster_record(monster_record("jackal", "jackal", 'j', 5, Damage::new(1, 3)));
        game.add_monster_record(monster_record(RISEN, "risen corpse", 'z', 4, Damage::new(1, 2)));
        let necromancer = game.add_monster(NECROMANCER, Point::new(8, 3), 12, Damage::new(1, 2), "necromancer");
        (game, necromancer)
    }

    #[test]
    fn the_fallen_rise_named_and_drawn_after_what_they_were() {
        let (mut game, _) = graveyard();
        Necromancy.died(&mut game.ctx(), &death_of(EntityId(9), "jackal", Point::new(3, 2))).unwrap();
        let risen = game.creatures.last().expect("raised").clone();
        assert_eq!((risen.kind.as_str(), risen.name.as_str(), risen.pos), (RISEN, "risen jackal", Point::new(3, 2)));
        let look = &game.looks[&risen.id];
        assert_eq!((look.glyph_char(), look.color_given()), (Some('j'), Some(RISEN_COLOR)));
        assert_eq!((look.tile_name(), look.plural_name().as_deref()), (Some("monster_jackal"), Some("risen jackals")));
        assert_eq!(game.messages, ["The necromancer raises the jackal from the dead!"]);
        assert_eq!(game.events[0].0, "raised");
    }

    #[test]
    fn the_risen_stay_down_and_nothing_rises_out_of_a_necromancers_sight() {
        let (mut game, _) = graveyard();
        let made = game.creatures.len();
        Necromancy.died(&mut game.ctx(), &death_of(EntityId(9), RISEN, Point::new(3, 2))).unwrap();
        Necromancy.died(&mut game.ctx(), &death_of(EntityId::PLAYER, "player", Point::new(3, 2))).unwrap();
        game.creatures[1].sight = 2;
        Necromancy.died(&mut game.ctx(), &death_of(EntityId(9), "jackal", Point::new(3, 2))).unwrap();
        assert_eq!(game.creatures.len(), made, "nothing raised");
        assert!(game.messages.is_empty());
    }

    #[test]
    fn a_lurker_hides_once_keeps_still_while_hidden_and_fights_once_found() {
        let mut game = TestGame::new(10, 5).with_terrain(BOULDER, &[]);
        let lurker = game.add_monster(LURKER, Point::new(6, 2), 12, Damage::new(2, 4), "lurk");
        Necromancy.floor_entered(&mut game.ctx(), 1).unwrap();
        assert_eq!(game.disguises.get(&lurker).map(String::as_str), Some(BOULDER));
        Lurk.act(&mut game.ctx(), lurker).unwrap();
        assert_eq!(game.get(lurker).unwrap().pos, Point::new(6, 2), "still as a stone");
        assert!(game.ctx().monsters_in_view().is_empty(), "the player sees a boulder");
        for x in 2..=5 {
            game.step_player(Point::new(x, 1));
        }
        assert_eq!(game.revealed, [lurker], "found by stepping beside it");
        Lurk.act(&mut game.ctx(), lurker).unwrap();
        assert!(game.disguises.is_empty(), "it hides once in its life");
    }

    #[test]
    fn registers_the_brains_the_secret_boulder_and_the_event() {
        let mut reg = Registrar::new("lurkers", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!((names.brains, names.terrains), (vec!["necromancer".into(), "lurk".into()], vec![BOULDER.into()]));
    }
}
