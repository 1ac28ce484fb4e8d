//! The fields plugin's names and numbers, and the rules that need no game.
//! Every one of them is in `docs/plugins/fields.md`.

use emberdeep_api::{Damage, FieldSpread};

/// Fire: burns whoever stands in it, spreads over `burnable` ground.
pub const FIRE: &str = "fire";
/// Smoke: rises from fire, blocks sight, thins.
pub const SMOKE: &str = "smoke";
/// Caustic gas: poisons whoever breathes it.
pub const POISON_GAS: &str = "caustic_gas";
/// Confusion gas: whoever breathes it staggers.
pub const CONFUSION_GAS: &str = "confusion_gas";
/// Methane: harmless until fire touches it; then it bursts into flame.
pub const METHANE: &str = "methane";

/// Grass: open ground that burns.
pub const GRASS: &str = "fields_grass";
/// What fire leaves of burnable ground.
pub const BURNT: &str = "fields_burnt_ground";
/// A hidden plate that lets out caustic gas.
pub const GAS_TRAP: &str = "fields_gas_trap";
/// A hidden plate that bursts into flame.
pub const FIRE_TRAP: &str = "fields_fire_trap";

/// The burning status (a creature set alight).
pub const BURNING: &str = "burning";
/// The staggering status (confusion gas breathed).
pub const CONFUSED: &str = "confused";
/// The brain a confused monster staggers with.
pub const STAGGER_BRAIN: &str = "staggering";

/// The salamander: leaves fire where it walked; fire does not hurt it.
pub const SALAMANDER: &str = "salamander";
/// The zombie: its stench (confusion gas) surrounds it; it does not mind it.
pub const ZOMBIE: &str = "zombie";

/// Fire a burnable cell takes when it catches.
pub const FIRE_CATCH: i32 = 100;
/// Fire laid where nothing burns (a trap, a salamander's step): it goes out soon.
pub const FIRE_FLASH: i32 = 60;
/// In 100, the chance each turn that fire catches a burnable neighbour.
pub const CATCH_PERCENT: i32 = 35;
/// Smoke each burning cell gives off each turn.
pub const SMOKE_PER_FIRE: i32 = 25;
/// Smoke stops sight where a cell holds this much or more.
pub const SMOKE_BLINDS: i32 = 60;
/// Gas a gas trap lets out.
pub const TRAP_GAS: i32 = 900;
/// Gas a zombie breathes out around itself each turn.
pub const ZOMBIE_GAS: i32 = 60;
/// Methane in a pocket's middle cell.
pub const METHANE_POCKET: i32 = 400;

/// How each field moves each turn.
pub const FIRE_SPREAD: FieldSpread = FieldSpread { share: 0, thin: 0, fade: 20 };
/// Smoke: drifts and thins fast.
pub const SMOKE_SPREAD: FieldSpread = FieldSpread { share: 30, thin: 20, fade: 3 };
/// The gases: drift and thin slowly.
pub const GAS_SPREAD: FieldSpread = FieldSpread { share: 50, thin: 6, fade: 2 };
/// Methane: drifts slowly and stays.
pub const METHANE_SPREAD: FieldSpread = FieldSpread { share: 20, thin: 0, fade: 0 };

/// Fire's harm to whoever stands in it, each turn.
pub const FIRE_HARM: Damage = Damage { min: 2, max: 4 };
/// Burning's harm each turn, after leaving the fire.
pub const BURN_HARM: Damage = Damage { min: 1, max: 2 };
/// Turns a creature burns after leaving the fire.
pub const BURN_TURNS: i32 = 3;
/// Caustic gas at least this thick harms one a turn; twice as thick, two.
pub const GAS_HARMS_AT: i32 = 40;
/// Turns of staggering a breath of confusion gas gives.
pub const CONFUSED_TURNS: i32 = 3;
/// In 100, the chance a staggering player's step goes astray.
pub const STAGGER_PERCENT: i32 = 50;

/// The floors the feature lays grass, traps and methane on.
pub const LAST_FLOOR: u32 = 12;

/// Caustic gas's harm for `amount` of it: none below [`GAS_HARMS_AT`].
pub fn gas_harm(amount: i32) -> i32 {
    (amount / GAS_HARMS_AT).min(2)
}

/// Grass patches on floor `depth`.
pub fn grass_patches(depth: u32) -> i32 {
    if depth <= 6 {
        3
    } else {
        2
    }
}

/// Gas traps on floor `depth` (one from floor 2).
pub fn gas_traps(depth: u32) -> i32 {
    i32::from(depth >= 2)
}

/// Fire traps on floor `depth` (one from floor 3).
pub fn fire_traps(depth: u32) -> i32 {
    i32::from(depth >= 3)
}

/// Whether floor `depth` holds a pocket of methane, for a roll of 1-100.
pub fn has_methane(depth: u32, roll: i32) -> bool {
    depth >= 4 && roll <= 35
}

/// What a creature standing in fire is told.
pub fn burn_line(name: Option<&str>, dealt: i32) -> String {
    match name {
        None => format!("You are burning! ({dealt})"),
        Some(n) => format!("The {n} burns! ({dealt})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thin_gas_does_not_harm_and_thick_gas_harms_at_most_two() {
        assert_eq!(gas_harm(GAS_HARMS_AT - 1), 0);
        assert_eq!(gas_harm(GAS_HARMS_AT), 1);
        assert_eq!(gas_harm(1000), 2);
    }

    #[test]
    fn every_spread_is_in_range_and_fire_burns_out_in_five_turns() {
        for s in [FIRE_SPREAD, SMOKE_SPREAD, GAS_SPREAD, METHANE_SPREAD] {
            assert!(s.is_valid());
        }
        assert_eq!(FIRE_CATCH / FIRE_SPREAD.fade, 5);
    }
}
