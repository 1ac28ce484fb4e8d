//! bestiary's items: the effects their records name, the statuses they
//! lay (hasted, sensing, slowed, with what each does to the turn declared
//! through api 1.3), and a wand's charges.

pub mod potions;
pub mod rules;
pub mod scrolls;
pub mod wands;

use emberdeep_api::{Registrar, Rgba, StatusEffect, StatusSpec};

use rules::{CHARGES_KEY, HASTED, MOST_CHARGES, SENSING, SLOWED};
use wands::{WandOf, Zap};

/// Registers the item half: effects, statuses, the wands' charges key and
/// its events (`wand_zap`, `slumber`). The crate's `register` calls it.
pub fn register(reg: &mut Registrar) {
    reg.item_effect("haste", potions::Haste)
        .item_effect("descent", potions::Descent)
        .item_effect("detect_monsters", potions::DetectMonsters)
        .item_effect("restore", potions::Restore)
        .item_effect("vigor", potions::Vigor)
        .item_effect("teleport", scrolls::Teleport)
        .item_effect("magic_mapping", scrolls::MagicMapping)
        .item_effect("slumber", scrolls::Slumber)
        .item_effect("slowing", WandOf(Zap::Slowing))
        .item_effect("beckoning", WandOf(Zap::Beckoning))
        .item_effect("banishment", WandOf(Zap::Banishment));
    let hasted = StatusSpec::new("Hasted", 'h', Rgba::rgb(250, 210, 80), StatusEffect::Marks);
    let sensing = StatusSpec::new("Sensing", 'e', Rgba::rgb(200, 120, 240), StatusEffect::Marks);
    let slowed = StatusSpec::new("Slowed", 's', Rgba::rgb(120, 160, 255), StatusEffect::Marks);
    reg.status(HASTED, hasted, ()).status(SENSING, sensing, ()).status(SLOWED, slowed, ());
    reg.status_speed(HASTED, 1).status_speed(SLOWED, -1).status_senses_monsters(SENSING);
    reg.stored(CHARGES_KEY, 0, MOST_CHARGES);
    reg.event("wand_zap", &["charges_left", "target"]).event("slumber", &["asleep"]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_every_item_effect_and_status() {
        let mut reg = Registrar::new("bestiary", "0.1.0");
        register(&mut reg);
        let names = reg.names();
        assert_eq!(names.item_effects.len(), 11);
        assert_eq!(names.statuses, [HASTED, SENSING, SLOWED]);
    }
}
