//! # perils: identification with risk
//!
//! Potions and scrolls that hurt when tried (incineration, caustic gas,
//! confusion, paralysis, creeping death; aggravate monsters, summon
//! monsters, translocation), the lichen that creeping death sows, and a
//! potion of detect magic that tells good items from bad by the fact an
//! item's record declares (`malevolent`, `benevolent` in its `params`),
//! whichever plugin's item it is. Records in `data/perils/`; every rule and
//! number in docs/plugins/perils.md.
#![allow(non_local_definitions)]

pub mod lichen;
pub mod magic;
pub mod potions;
pub mod rules;
pub mod scrolls;

use emberdeep_api::{
    export_plugin, Attack, Ctx, EntityId, Hooks, Hurt, PluginError, PluginResult, Point, Registrar, Rgba, Status,
    StatusEffect, StatusSpec,
};

use rules::{BURNING, CAUSTIC, DAZED, MAGIC_KEY, SICKENED, STAGGER_BRAIN, STUPOR};

/// The plugin's hooks: a confused player staggers; lichen's touch sickens.
struct Perils;

impl Hooks for Perils {
    fn player_moved(&self, ctx: &mut Ctx<'_>, _from: Point, to: Point) -> PluginResult<()> {
        potions::stagger_player(ctx, to);
        Ok(())
    }
    fn hurt(&self, ctx: &mut Ctx<'_>, hurt: &Hurt) -> PluginResult<()> {
        lichen::hurt(ctx, hurt);
        Ok(())
    }
}

/// A status that hurts its bearer each turn: `kind` of attack, `key` the
/// setting of its harm, `killer` and the lines it writes.
pub struct Harm {
    /// The attack's kind (`fire`, `poison`).
    pub kind: &'static str,
    /// The setting that says how much each turn.
    pub key: &'static str,
    /// Who the morgue names as the killer.
    pub killer: &'static str,
    /// The player's line, `{}` the harm.
    pub you: &'static str,
    /// A monster's line, the first `{}` its name, the second the harm.
    pub it: &'static str,
}

impl Status for Harm {
    fn each_turn(&self, ctx: &mut Ctx<'_>, who: EntityId, _turns_left: i32) -> PluginResult<()> {
        let Some(victim) = ctx.creature(who) else { return Ok(()) };
        let dealt = ctx.setting_value(self.key) as i32;
        let text = if who.is_player() {
            self.you.replace("{}", &dealt.to_string())
        } else {
            self.it.replacen("{}", &victim.name, 1).replacen("{}", &dealt.to_string(), 1)
        };
        ctx.attack(Attack::new(who, who, self.kind).hit_for(dealt).with_killer(self.killer).with_message(&text));
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Potions and scrolls that hurt when tried, lichen, and detect magic to tell good from bad", "");
    for (name, default, least, most) in [
        ("burn_damage", 1, 0, 100),
        ("caustic_damage", 1, 0, 100),
        ("sickness_damage", 1, 0, 100),
        ("sickness_turns", 5, 1, 100),
        ("lichen_spread_every", 12, 1, 1000),
        ("lichen_most", 12, 0, 200),
        ("stagger_percent", 50, 0, 100),
    ] {
        reg.setting(name, default, least, most);
    }
    reg.item_effect("incineration", potions::Incineration)
        .item_effect("caustic", potions::Cloud(potions::CloudKind::Caustic))
        .item_effect("confusion", potions::Cloud(potions::CloudKind::Confusion))
        .item_effect("paralysis", potions::Cloud(potions::CloudKind::Paralysis))
        .item_effect("creeping_death", potions::CreepingDeath)
        .item_effect("detect_magic", magic::DetectMagic)
        .item_effect("aggravate", scrolls::Aggravate)
        .item_effect("summon_monsters", scrolls::Summon)
        .item_effect("translocation", scrolls::Translocation);
    let burning = StatusSpec::new("Burning", '^', Rgba::rgb(250, 130, 40), StatusEffect::Marks);
    let burn =
        Harm { kind: "fire", key: "burn_damage", killer: "flames", you: "You burn ({}).", it: "The {} burns ({})." };
    reg.status(BURNING, burning, burn);
    let caustic = StatusSpec::new("Caustic", '%', Rgba::rgb(150, 200, 60), StatusEffect::Marks);
    let gas = Harm {
        kind: "poison",
        key: "caustic_damage",
        killer: "caustic gas",
        you: "The caustic gas eats at you ({}).",
        it: "The {} chokes on caustic gas ({}).",
    };
    reg.status(CAUSTIC, caustic, gas);
    let sick = StatusSpec::new("Sickened", '~', Rgba::rgb(170, 120, 200), StatusEffect::Marks);
    let sickness = Harm {
        kind: "poison",
        key: "sickness_damage",
        killer: "lichen",
        you: "The lichen's spores sicken you ({}).",
        it: "The {} is sick with lichen ({}).",
    };
    reg.status(SICKENED, sick, sickness);
    reg.status(DAZED, StatusSpec::new("Dazed", '?', Rgba::rgb(230, 120, 230), StatusEffect::brain(STAGGER_BRAIN)), ());
    reg.status(STUPOR, StatusSpec::new("Paralyzed", '&', Rgba::rgb(200, 230, 255), StatusEffect::SkipsTurn), ());
    reg.brain(STAGGER_BRAIN, potions::Stagger).brain(lichen::BRAIN, lichen::Lichen);
    reg.stored(MAGIC_KEY, 0, 2);
    reg.item_names(magic::Marks);
    reg.event("peril", &["kind", "caught"])
        .event("detect_magic", &["good", "bad"])
        .event("aggravate", &["hunting"])
        .event("summon", &["count"])
        .event("lichen_spread", &["x", "y"]);
    reg.hooks(Perils);
    Ok(())
}

export_plugin!(register);
