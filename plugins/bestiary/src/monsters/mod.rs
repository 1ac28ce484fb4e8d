//! The bestiary's monsters: their brains ([`brains`]), the statuses and
//! hooks their blows and deaths set off ([`effects`]), what a floor gets
//! beyond its rooms ([`features`]), and the arithmetic of it all
//! ([`rules`]). Their records are `data/bestiary/monsters.toml`; the rules
//! and numbers, in words, are `docs/plugins/bestiary.md` ("Monsters").

pub mod brains;
pub mod effects;
pub mod features;
pub mod fight;
pub mod rules;

use emberdeep_api::{Look, Registrar, Rgba, StatusEffect, StatusSpec, TerrainSpec};

pub use effects::{died, floor_entered, hurt};

/// Registers the monsters' brains, statuses, settings, events, store key,
/// the mimic's terrain and the two level features.
pub fn register(reg: &mut Registrar) {
    // Every brain here fights as core_combat's `melee` does.
    reg.depends_on("core_combat", "0.1.0");
    for (name, default, least, most) in [
        ("poison_turns", 4, 1, 100),
        ("poison_damage", 1, 1, 100),
        ("web_turns", 2, 1, 20),
        ("web_every", 7, 1, 1000),
        ("web_range", 5, 2, 30),
        ("bat_erratic_percent", 50, 0, 100),
        ("shaman_every", 10, 1, 1000),
        ("shaman_most", 2, 0, 8),
        ("summoned_turns", 15, 1, 1000),
        ("drain_per_hit", 1, 0, 100),
        ("drain_least", 10, 1, 10000),
        ("wisp_blink_percent", 40, 0, 100),
        ("wisp_blink_range", 6, 1, 12),
        ("paralyze_percent", 25, 0, 100),
        ("paralyze_turns", 1, 1, 20),
        ("ooze_split_least", 6, 2, 1000),
        ("beetle_burst_min", 2, 0, 1000),
        ("beetle_burst_max", 6, 0, 1000),
        ("eel_first_floor", 3, 1, 1000),
        ("eel_pool_cells", 6, 1, 10000),
        ("band_leash", 2, 1, 20),
    ] {
        reg.setting(name, default, least, most);
    }
    reg.stored(rules::DRAINED_KEY, 0, 1_000_000);
    reg.brain("erratic", brains::Erratic)
        .brain("slow", brains::Slow)
        .brain("spider", brains::Spider)
        .brain("cutpurse", brains::Cutpurse)
        .brain("shaman", brains::Shaman)
        .brain("fleeting", brains::Summoned)
        .brain("blinker", brains::Blinker)
        .brain("eel", brains::Eel)
        .brain("follower", brains::Follower);
    reg.status(
        "poisoned",
        StatusSpec::new("Poisoned", '%', Rgba::rgb(120, 220, 80), StatusEffect::Marks),
        effects::Poison,
    );
    reg.status("webbed", StatusSpec::new("Webbed", '#', Rgba::rgb(235, 235, 235), StatusEffect::SkipsTurn), ());
    reg.status("paralyzed", StatusSpec::new("Paralyzed", '=', Rgba::rgb(170, 210, 150), StatusEffect::SkipsTurn), ());
    let chest = Look::new('=', Rgba::rgb(230, 180, 60), "bestiary_mimic_chest");
    let spec = TerrainSpec::new("a small chest", chest, true, true)
        .described("A small iron-bound chest, its lid ajar. Something glints inside.");
    reg.terrain(features::MIMIC_CHEST, spec, features::MimicChest);
    let (first, last) = features::WAR_BAND_FLOORS;
    reg.level_feature("war_band", first, last, features::WarBand);
    let (first, last) = features::MIMIC_FLOORS;
    reg.level_feature("mimic_lair", first, last, features::MimicLair);
    reg.event("web", &["spider", "target"])
        .event("drain", &["amount", "total"])
        .event("split", &["monster", "into"])
        .event("beetle_burst", &["x", "y", "caught"])
        .event("eels", &["floor", "count"])
        .event("mimic", &["x", "y"]);
}

#[cfg(test)]
mod tests;
