//! The player's derived numbers as last asked (damage and defense), with
//! what they were derived from; [`crate::rules::stats`] asks the plugins for them.

use emberdeep_api::Damage;

/// What the player's derived numbers depend on: the pack, the plugins'
/// stored values and the player's base numbers. Hooks derive from those and
/// the records, so while they stay the same the last answers stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DerivedFrom {
    pub(crate) pack: u64,
    pub(crate) store: u64,
    pub(crate) base_defense: i32,
    pub(crate) base_damage: Damage,
}

/// The player's derived damage and defense as last asked, and what from.
#[derive(Debug, Default)]
pub struct Derived {
    pub(crate) damage: Option<(DerivedFrom, Option<Damage>)>,
    pub(crate) defense: Option<(DerivedFrom, i32)>,
}
