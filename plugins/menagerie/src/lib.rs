//! # menagerie: fifteen monster kinds with rules of their own
//!
//! Casters that help their side (a goblin mystic's ward, an ogre shaman's
//! haste, a dar priestess's mending), a monkey that steals and a kobold
//! that flees, a bog monster hidden in deep water, and the deep floors'
//! own (naga, dar blademaster, maw horror, thornback, basilisk...). Records
//! in `data/menagerie/monsters.toml`; brains in [`brains`], what blows and
//! deaths set off in [`effects`]; every rule and number in
//! docs/plugins/menagerie.md.
#![allow(non_local_definitions)]

pub mod brains;
pub mod effects;
pub mod rules;

use emberdeep_api::{
    export_plugin, Attack, Ctx, EntityId, Hooks, Hurt, PluginError, PluginResult, Point, Registrar, Rgba, StatusEffect,
    StatusSpec, Vetoes,
};

use rules::{HELD, QUICKENED, SHELLED, STIFFENED, WARDED, WEAKENED};

/// The plugin's hooks, handed to [`effects`].
struct Menagerie;

impl Hooks for Menagerie {
    fn hurt(&self, ctx: &mut Ctx<'_>, hurt: &Hurt) -> PluginResult<()> {
        effects::hurt(ctx, hurt);
        Ok(())
    }
    fn attack_damage(&self, ctx: &mut Ctx<'_>, attack: &Attack) -> PluginResult<Option<i32>> {
        Ok(effects::attack_damage(ctx, attack))
    }
    fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        effects::quickened_act(ctx);
        Ok(())
    }
    fn floor_entered(&self, ctx: &mut Ctx<'_>, floor: u32) -> PluginResult<()> {
        effects::floor_entered(ctx, floor);
        Ok(())
    }
}

/// A held creature cannot step away.
struct Holds;

impl Vetoes for Holds {
    fn may_move(&self, ctx: &mut Ctx<'_>, who: EntityId, _from: Point, _to: Point) -> PluginResult<Option<String>> {
        if ctx.status_turns(who, HELD).is_some() {
            return Ok(Some("Something holds you fast under the water: you cannot step away!".to_string()));
        }
        Ok(None)
    }
}

/// The ward's end takes its points away.
struct Ward;

impl emberdeep_api::Status for Ward {
    fn ended(&self, ctx: &mut Ctx<'_>, who: EntityId) -> PluginResult<()> {
        ctx.store_remove(who, rules::WARD_KEY);
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe(
        "Fifteen monster kinds: casters that help their side, thieves, a bog monster, the deep floors' own",
        "",
    );
    // Every brain here fights as core_combat's `melee` does.
    reg.depends_on("core_combat", "0.1.0");
    for (name, default, least, most) in rules::SETTINGS {
        reg.setting(name, default, least, most);
    }
    for key in
        [rules::WARD_KEY, rules::READY_KEY, rules::HOWLED_KEY, rules::AMBUSH_KEY, rules::RESTING_KEY, rules::SUNK_KEY]
    {
        reg.stored(key, -1, 1_000_000_000);
    }
    reg.brain("mystic", brains::Mystic)
        .brain("hastener", brains::Hastener)
        .brain("healer", brains::Healer)
        .brain("monkey", brains::Monkey)
        .brain("skulker", brains::Skulker)
        .brain("bog", brains::Bog)
        .brain("lasher", brains::Lasher)
        .brain("centipede", brains::Centipede)
        .brain("blademaster", brains::Blademaster)
        .brain("lurker", brains::Lurker)
        .brain("howler", brains::Howler)
        .brain("basilisk", brains::Basilisk);
    reg.status(WARDED, StatusSpec::new("Warded", ')', Rgba::rgb(140, 200, 255), StatusEffect::Marks), Ward);
    reg.status(QUICKENED, StatusSpec::new("Quickened", '>', Rgba::rgb(250, 200, 80), StatusEffect::Marks), ());
    reg.status(WEAKENED, StatusSpec::new("Weakened", 'w', Rgba::rgb(190, 160, 110), StatusEffect::Marks), ());
    reg.status(HELD, StatusSpec::new("Held", '@', Rgba::rgb(90, 140, 110), StatusEffect::Marks), ());
    reg.status(SHELLED, StatusSpec::new("In its shell", 'o', Rgba::rgb(150, 170, 90), StatusEffect::SkipsTurn), ());
    reg.status(STIFFENED, StatusSpec::new("Stiffened", '=', Rgba::rgb(170, 200, 160), StatusEffect::SkipsTurn), ());
    reg.event("ward", &["caster", "ally", "points"])
        .event("quicken", &["caster", "ally"])
        .event("mend", &["caster", "ally", "amount"])
        .event("steal", &["thief", "item"])
        .event("flee", &["monster"])
        .event("bog", &["floor", "count"])
        .event("hold", &["monster", "target"])
        .event("blink", &["monster"])
        .event("howl", &["monster", "roused"])
        .event("gaze", &["monster", "target"])
        .event("thorns", &["striker", "dealt"]);
    reg.hooks(Menagerie);
    reg.vetoes(Holds);
    Ok(())
}

export_plugin!(register);
