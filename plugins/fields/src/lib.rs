//! # fields: fire, smoke and gases that spread
//!
//! Fields (api 1.7) of the plugin's own, each a per-cell amount the host
//! keeps, saves, draws and spreads:
//!
//! * fire, which catches the `burnable` ground around it (this plugin's
//!   grass, any plugin's wooden things), leaves burnt ground, is put out
//!   on `liquid` terrain and gives off smoke ([`spread`]);
//! * smoke, which blocks sight and thins;
//! * caustic gas and confusion gas, which drift and thin;
//! * methane, harmless until fire touches it: then the whole cloud bursts
//!   into flame.
//!
//! Creatures standing in them take their effects each turn (burning,
//! choking, staggering). A level feature lays grass, a gas trap and a fire
//! trap on open ground ([`feature`]); a pocket of methane waits on some
//! deeper floors. Two monsters use them ([`monsters`]): the salamander
//! leaves fire where it walks, the zombie's stench (confusion gas)
//! surrounds it. Every rule and number is in `docs/plugins/fields.md` and
//! [`rules`].
#![allow(non_local_definitions)]

pub mod feature;
pub mod monsters;
pub mod rules;
pub mod spread;

use emberdeep_api::terrain_traits::{BURNABLE, GROUND, HAZARD};
use emberdeep_api::{
    export_plugin, Ctx, EntityId, FieldSpec, Hooks, Look, PluginError, PluginResult, Point, Registrar, Rgba, Status,
    StatusEffect, StatusSpec, TerrainHidden, TerrainSpec, Vetoes, DIRECTIONS,
};

use rules::*;

/// The plugin's hooks: the fields' turn, and methane on a new floor.
pub struct Turn;

impl Hooks for Turn {
    fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        spread::turn(ctx);
        Ok(())
    }

    fn floor_entered(&self, ctx: &mut Ctx<'_>, floor: u32) -> PluginResult<()> {
        feature::methane_pocket(ctx, floor);
        Ok(())
    }
}

/// Burning: harm each turn, put out by liquid.
pub struct Burning;

impl Status for Burning {
    fn each_turn(&self, ctx: &mut Ctx<'_>, who: EntityId, _turns_left: i32) -> PluginResult<()> {
        let Some(at) = ctx.position(who) else { return Ok(()) };
        if ctx.terrain_has(at, emberdeep_api::terrain_traits::LIQUID) {
            ctx.remove_status(who, BURNING);
            if who.is_player() {
                ctx.say("The water puts out the flames.");
            }
            return Ok(());
        }
        // In the fire itself the fire's harm is enough.
        if ctx.field_at(FIRE, at).unwrap_or(0) == 0 {
            spread::burn(ctx, who, at, BURN_HARM, "burning");
        }
        Ok(())
    }
}

/// A staggering player's steps go astray half the time.
pub struct Stagger;

impl Vetoes for Stagger {
    fn may_move(&self, ctx: &mut Ctx<'_>, who: EntityId, from: Point, _to: Point) -> PluginResult<Option<String>> {
        if !who.is_player() || ctx.status_turns(who, CONFUSED).is_none() {
            return Ok(None);
        }
        if ctx.roll(1, 100) > STAGGER_PERCENT {
            return Ok(None);
        }
        let (dx, dy) = DIRECTIONS[ctx.roll(0, DIRECTIONS.len() as i32 - 1) as usize];
        let astray = from.offset(dx, dy);
        if ctx.is_free(astray) {
            ctx.move_creature(who, astray);
        }
        Ok(Some("You stagger.".to_string()))
    }
}

fn field(reg: &mut Registrar, name: &str, label: &str, look: Look, text: &str, hazard: bool, blind: i32) {
    let mut spec = FieldSpec::new(label, look).described(text);
    if hazard {
        spec = spec.traits(&[HAZARD]);
    }
    if blind > 0 {
        spec = spec.blocks_sight(blind);
    }
    reg.field(name, spec);
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe(
        "Fire that spreads over grass, smoke, caustic and confusion gas, methane, and the salamander and zombie",
        "",
    );
    reg.depends_on("core_combat", "0.1.0");
    let fire = Look::new('^', Rgba::rgb(255, 120, 30), "fields_fire");
    field(reg, FIRE, "flames", fire, "Fire: it burns whoever stands in it and spreads over grass and wood.", true, 0);
    let smoke = Look::new('~', Rgba::rgb(150, 150, 160), "fields_smoke");
    field(reg, SMOKE, "smoke", smoke, "Thick smoke: nothing is seen through it. It thins away.", false, SMOKE_BLINDS);
    let gas = Look::new('~', Rgba::rgb(140, 220, 60), "fields_caustic_gas");
    field(reg, POISON_GAS, "caustic gas", gas, "A green gas that burns the lungs of whoever breathes it.", true, 0);
    let conf = Look::new('~', Rgba::rgb(220, 120, 230), "fields_confusion_gas");
    let text = "A shimmering gas: whoever breathes it staggers about.";
    field(reg, CONFUSION_GAS, "confusion gas", conf, text, true, 0);
    let methane = Look::new('~', Rgba::rgb(110, 160, 150), "fields_methane");
    let text = "Swamp gas. Harmless to breathe, but a spark sets the whole cloud ablaze.";
    field(reg, METHANE, "methane", methane, text, false, 0);

    let grass = Look::new('"', Rgba::rgb(70, 170, 60), "fields_grass");
    let spec =
        TerrainSpec::new("grass", grass, true, true).described("Dry grass. It burns.").traits(&[GROUND, BURNABLE]);
    reg.terrain(GRASS, spec, ());
    let burnt = Look::new('.', Rgba::rgb(90, 80, 70), "fields_burnt_ground");
    let spec =
        TerrainSpec::new("burnt ground", burnt, true, true).described("Ash, where something burnt.").traits(&[GROUND]);
    reg.terrain(BURNT, spec, ());
    let trap = Look::new('^', Rgba::rgb(140, 220, 60), "fields_gas_trap");
    let spec = TerrainSpec::new("a gas trap", trap, true, true)
        .described("A plate that lets out a cloud of caustic gas when stepped on.")
        .hidden(TerrainHidden::AsFloor)
        .traits(&[HAZARD]);
    reg.terrain(GAS_TRAP, spec, feature::GasTrap);
    let trap = Look::new('^', Rgba::rgb(255, 120, 30), "fields_fire_trap");
    let spec = TerrainSpec::new("a fire trap", trap, true, true)
        .described("A plate that bursts into flame when stepped on.")
        .hidden(TerrainHidden::AsFloor)
        .traits(&[HAZARD]);
    reg.terrain(FIRE_TRAP, spec, feature::FireTrap);

    reg.status(BURNING, StatusSpec::new("Burning", '*', Rgba::rgb(255, 140, 40), StatusEffect::Marks), Burning);
    let confused = StatusSpec::new("Confused", '?', Rgba::rgb(220, 120, 230), StatusEffect::brain(STAGGER_BRAIN));
    reg.status(CONFUSED, confused, ());
    reg.brain(STAGGER_BRAIN, monsters::Staggering);
    reg.brain(SALAMANDER, monsters::Salamander);
    reg.brain(ZOMBIE, monsters::Zombie);
    reg.level_feature("fields", 1, LAST_FLOOR, feature::Lay);
    reg.hooks(Turn);
    reg.vetoes(Stagger);
    reg.event("ignited", &["x", "y", "cause"]);
    reg.event("gas_burst", &["x", "y", "cells"]);
    reg.event("trap_gas", &["x", "y"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests;
