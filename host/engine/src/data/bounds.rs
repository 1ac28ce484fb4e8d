//! What a save accepts, in one place: the numbers [`Game::restore`] holds a
//! save's run to, and so the numbers the running game is held to when a
//! value is set (a stack, a floor, the turn, a scenario's options and
//! heaps), so that the game never writes a save it would refuse. A stored
//! number's range is its plugin's to declare; the one rule for it is
//! [`Plugins::out_of_declared_range`], which the loader and `store_set`
//! and `item_set` both ask.
//!
//! [`Game::restore`]: crate::world::game::Game::restore
//! [`Plugins::out_of_declared_range`]: crate::plugins::registry::Plugins::out_of_declared_range

/// The most of one kind in one pack slot or one heap on the floor.
pub const MOST_IN_A_STACK: u32 = 9999;
/// The deepest floor a run may be on (and a record may name).
pub const MOST_FLOORS: u32 = 1000;
/// The most turns a run may last: reaching it ends the run with a line;
/// the count never wraps. It is the largest number a `u32` holds, so a
/// plugin may keep a turn in a number it declared from 0 to `u32::MAX`.
pub const MOST_TURNS: u64 = u32::MAX as u64;
/// The most creature ids a run may hand out (the roster indexes by id).
pub const MOST_IDS: u32 = 1_000_000;
/// The most item ids a run may hand out.
pub const MOST_ITEM_IDS: u32 = MOST_IDS * 100;
/// The widest and the tallest map.
pub const MOST_MAP_SIDE: i32 = 1000;
/// The most kinds the kill list may name.
pub const KILL_KINDS: usize = 1000;
/// The longest kind name in the kill list: a record id's most.
pub const KIND_CHARS: usize = 64;
/// The most health, blow or defense a creature may have (a plugin's
/// changes are held to it).
pub const MOST_HEALTH: i32 = 1_000_000;
/// The farthest a creature may see.
pub const MOST_SIGHT: i32 = 30;
/// The most turns a status may be given (a plugin's are held to it).
pub const MOST_STATUS_TURNS: i32 = 10_000;

/// Whether `count` is a stack or heap a save holds: 1 to [`MOST_IN_A_STACK`].
pub fn is_stack(count: u32) -> bool {
    (1..=MOST_IN_A_STACK).contains(&count)
}

/// Whether `floor` is a floor a save holds: 1 to [`MOST_FLOORS`].
pub fn is_floor(floor: u32) -> bool {
    (1..=MOST_FLOORS).contains(&floor)
}

/// Whether `turn` is a turn a save holds: up to [`MOST_TURNS`].
pub fn is_turn(turn: u64) -> bool {
    turn <= MOST_TURNS
}
