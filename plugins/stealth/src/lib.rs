//! # stealth: sneak attacks and noisy armor
//!
//! Two rules (docs/plugins/stealth.md):
//!
//! * **Sneak attack.** The player's melee blow on a monster that is asleep,
//!   or awake but not hunting the player (wandering, unaware of it), deals
//!   `sneak_multiplier` (3) times its damage: "You strike the sleeping orc
//!   unawares!", traced as a `sneak_attack` event. The look panel says so of
//!   such a monster ("Asleep: your blow would deal triple damage."). Both
//!   through the 1.3 hooks `attack_damage` and `creature_lines`.
//! * **Noisy armor.** Each step the player takes in armor whose record has
//!   a `noise` param N (equipment's plate armor: 6) gives it away to every
//!   enemy in view that is not hunting it and stands within N x
//!   `armor_notice_per_noise` (2) steps: it notices the player and hunts it,
//!   traced as a `heard_armor` event. The armor worn is read from the
//!   player's text store key `back` (equipment's, which it alone writes);
//!   without equipment nothing is worn and the rule never fires, so each
//!   plugin loads without the other.

#![allow(non_local_definitions)]

mod rules;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Sneak attacks on unaware monsters, and armor that makes noise", "");
    reg.setting("sneak_multiplier", 3, 1, 10).setting("armor_notice_per_noise", 2, 0, 10);
    reg.event("sneak_attack", &["target", "state", "damage", "dealt"]);
    reg.event("heard_armor", &["who", "distance", "noise"]);
    reg.hooks(rules::StealthHooks);
    tracing::debug!("stealth registered");
    Ok(())
}

export_plugin!(register);
