//! # allies: friends on the player's side
//!
//! Two ways to have allies, both on the host's player side (`PLAYER_SIDE`),
//! which the monsters fight and the allies fight back:
//!
//! * the **scroll of summoning** (item effect `summon`): spirit wolves on
//!   the free cells beside the reader, each for a count of its own turns,
//!   then taken out of the world (`removed`, never a death);
//! * **captives**: monsters found shackled (brain `shackled`, which does
//!   nothing) in this plugin's map pieces. Walking into one asks "Free the
//!   captive goblin mercenary?" (api 1.3's `Ctx::ask`); `y` breaks the
//!   shackles: it joins the player's side and thinks with the `companion` brain.
//!
//! The `companion` brain counts a summons' turns, then fights as core_combat's
//! `melee` does (the nearest enemy it sees, never the player; with nothing
//! to fight it follows the player). The side panel names every ally with
//! its health; the morgue tells how many were freed, called and fell.
//! The numbers and words are in [`rules`], tested without a game.
#![allow(non_local_definitions)]

pub mod brains;
pub mod hooks;
pub mod rules;
pub mod summon;

use emberdeep_api::{export_plugin, PluginError, Registrar};

use rules::{
    Growth, ALLY_BRAIN, CALLED_KEY, FALLEN_KEY, FREED_KEY, GROW_DAMAGE, GROW_HP, GROW_XP_1, GROW_XP_2, GROW_XP_3,
    LEVEL_KEY, MOST_COUNT, MOST_TURNS, MOST_XP, SHACKLED_BRAIN, TOP_LEVEL, TURNS_KEY, XP_KEY,
};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Captives to free and spirit wolves to summon, who fight at your side", "");
    // No `depends_on("core_combat")`: the plugins are ordered by name where
    // no dependency says otherwise, so this plugin's bump (walking into a
    // captive asks) answers before core_combat's (walking into a monster
    // strikes it). Without core_combat the allies follow and never fight.
    reg.item_effect("summon", summon::Summon);
    reg.brain(ALLY_BRAIN, brains::Ally);
    reg.brain(SHACKLED_BRAIN, brains::Shackled);
    reg.hooks(hooks::AlliesHooks);
    reg.stored(TURNS_KEY, 0, MOST_TURNS);
    reg.stored(FREED_KEY, 0, MOST_COUNT);
    reg.stored(CALLED_KEY, 0, MOST_COUNT);
    reg.stored(FALLEN_KEY, 0, MOST_COUNT);
    // An ally's growth, kept in its own store (saved with the run, dropped
    // when it dies or fades), by the settings below.
    reg.stored(XP_KEY, 0, MOST_XP);
    reg.stored(LEVEL_KEY, 1, TOP_LEVEL);
    let g = Growth::default();
    reg.setting(GROW_XP_1, g.thresholds[0], 1, MOST_XP)
        .setting(GROW_XP_2, g.thresholds[1], 1, MOST_XP)
        .setting(GROW_XP_3, g.thresholds[2], 1, MOST_XP)
        .setting(GROW_HP, g.hp, 0, 100)
        .setting(GROW_DAMAGE, g.damage, 0, 10);
    // Besides the host's `spawn`, `removed`, `side`, `ask` and `log`, its
    // trace has `ally_grew` when an ally reaches a level.
    reg.event("ally_grew", &["creature", "level"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_the_effect_the_brains_and_the_hooks() {
        let mut reg = Registrar::new("allies", "0.1.0");
        register(&mut reg).expect("register");
        let names = reg.names();
        assert_eq!(names.item_effects, vec!["summon".to_string()]);
        assert_eq!(names.brains, vec![ALLY_BRAIN.to_string(), SHACKLED_BRAIN.to_string()]);
    }
}
