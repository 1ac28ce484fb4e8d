//! # ranged_combat: attacks from afar, the player's and the monsters'
//!
//! Everything here is aimed through the host's Targeting state: an effect
//! asks to aim (range, whether the shot passes through creatures), the host
//! runs the cursor and hands back the path, and the effect acts along it.
//!
//! * the scroll of `lightning`: a bolt along the line that strikes everyone
//!   on it, armor ignored; Esc after reading wastes it;
//! * bows (`bow`: using one readies it; `f` fires an arrow from the quiver),
//!   arrows (`quiver`: using them fills the quiver; picked up, they go
//!   straight to it when it holds their kind, or is empty with a bow
//!   ready, through the `pick_up` hook), darts and daggers
//!   (`throw`: `t` throws one). A missile hits with a chance that falls with
//!   distance, does its roll less the target's defense (at least 1), and
//!   lands where it stopped unless it is an arrow that breaks;
//! * monsters' attacks from afar, the `RangedKind`s `arrows`, `lightning`
//!   and `fire`, which a monster record names in its `ranged` entry;
//! * the brains `keeps_distance` (archers, mages) and `ranged_melee` (the
//!   dragon: breathes when it can, else fights like any monster).
//!
//! Records are in `data/ranged_combat/`; the numbers of the rules (the hit
//! table, the throw range, the distances kept) are its `[settings]`.
//!
//! The plugin keeps no state. The player's readied bow and quiver live in
//! the host's store (see [`gear`]; their kinds under keys declared to hold
//! item kinds, `Registrar::stored_kind`); each monster's next turn to attack from
//! afar is its number store key `ranged_ready` (see [`monsters`]).

#![allow(non_local_definitions)]

mod brains;
pub mod gear;
mod hooks;
mod lightning;
mod missiles;
pub mod monsters;
pub mod rules;

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Bows, arrows and thrown weapons, and monsters that shoot back", "");
    // The hit table's settings default to the standard table (docs/rules.md).
    let hits = rules::HitTable::STANDARD;
    reg.setting("hit_near", hits.near.into(), 0, 100).setting("hit_near_steps", hits.near_steps.into(), 0, 30);
    reg.setting("hit_step", hits.step.into(), 0, 100).setting("hit_min", hits.min.into(), 0, 100);
    reg.setting("throw_range", 6, 1, 30).setting("fight_noise", 4, 0, 100);
    reg.setting("keep_min", 3, 0, 30).setting("keep_max", 5, 0, 30);
    reg.stored(gear::QUIVER_COUNT, 0, gear::MOST_IN_QUIVER.into()).stored(monsters::READY, 0, monsters::MOST_READY);
    // The bow and the quiver hold item kinds: a save never holds one nobody has.
    reg.stored_kind(gear::BOW).stored_kind(gear::QUIVER);
    reg.item_effect("lightning", lightning::LightningScroll);
    reg.item_effect("bow", missiles::Bow);
    reg.event("arrow_broke", &["item", "x", "y"]).event("missile_lost", &["item", "x", "y"]);
    reg.event("missile_landed", &["item", "x", "y", "landed_x", "landed_y"]);
    reg.item_effect("quiver", missiles::Quiver);
    reg.item_effect("throw", missiles::Throw);
    reg.ranged_kind("arrows", monsters::Arrows);
    reg.ranged_kind("lightning", monsters::Lightning);
    reg.ranged_kind("fire", monsters::Fire);
    reg.brain("keeps_distance", brains::KeepsDistance);
    reg.brain("ranged_melee", brains::RangedMelee);
    reg.hooks(hooks::RangedHooks);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;

    #[test]
    fn the_settings_read_as_declared_when_the_records_leave_them_out() {
        let mut game = TestGame::new(8, 8).with_settings_of(register);
        let ctx = game.ctx();
        assert_eq!(rules::HitTable::from_settings(&ctx), rules::HitTable::STANDARD);
        let read = |key| rules::setting(&ctx, key);
        assert_eq!([read("throw_range"), read("fight_noise"), read("keep_min"), read("keep_max")], [6, 4, 3, 5]);
        drop(ctx);
        game.settings.insert("hit_min".into(), 30);
        assert_eq!(rules::HitTable::from_settings(&game.ctx()).min, 30, "the records' number wins");
    }
}
