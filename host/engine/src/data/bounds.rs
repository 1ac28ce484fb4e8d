//! What a save accepts, in one place: the numbers [`Game::restore`] holds a
//! save's run to, and so the numbers the running game is held to when a
//! value is set (a stack, a floor, the turn, a scenario's options and
//! heaps, the ids it hands out, a stored text, the stairs a terrain would
//! cover), so that the game never writes a save it would refuse. Each rule
//! is one function here that both sides call. A stored number's range is
//! its plugin's to declare; the one rule for it is
//! [`Plugins::out_of_declared_range`], which the loader and `store_set`
//! and `item_set` both ask, as they ask [`Plugins::may_store_kind`] of a
//! text under a key a plugin keeps an item kind in.
//!
//! [`Game::restore`]: crate::world::game::Game::restore
//! [`Plugins::out_of_declared_range`]: crate::plugins::registry::Plugins::out_of_declared_range
//! [`Plugins::may_store_kind`]: crate::plugins::registry::Plugins::may_store_kind

use emberdeep_api::{EntityId, ItemId};

use crate::core::map::Tile;
pub use crate::data::untrusted::limits::STORED_TEXT_CHARS;

/// The most of one kind in one pack slot or one heap on the floor.
pub const MOST_IN_A_STACK: u32 = 9999;
/// The deepest floor a run may be on (and a record may name).
pub const MOST_FLOORS: u32 = 1000;
/// The most turns a run may last: reaching it ends the run with a line;
/// the count never wraps. It is the largest number a `u32` holds, so a
/// plugin may keep a turn in a number it declared from 0 to `u32::MAX`.
pub const MOST_TURNS: u64 = u32::MAX as u64;
/// The most creature ids a run may hand out, the player's 0 among them
/// (the roster indexes by id): the next id a save holds is at most this.
pub const MOST_IDS: u32 = 1_000_000;
/// The most item ids a run may hand out: the last one a save holds is at
/// most this.
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

/// Whether `next` is a next creature id a save holds: 1 to [`MOST_IDS`].
pub fn is_next_id(next: u32) -> bool {
    (1..=MOST_IDS).contains(&next)
}

/// Hands out the creature id `next` points at and counts it, if one is
/// left: the ids handed out stay below [`MOST_IDS`], so the next id is
/// never more than a save holds. `None` once all are given: the creature
/// is not made (an id is a creature's for the whole run, never given twice).
pub fn hand_out_id(next: &mut u32) -> Option<EntityId> {
    if !(1..MOST_IDS).contains(next) {
        return None;
    }
    let id = EntityId(*next);
    *next += 1;
    Some(id)
}

/// Whether `last` is a last item id a save holds: up to [`MOST_ITEM_IDS`].
pub fn is_last_item_id(last: u32) -> bool {
    last <= MOST_ITEM_IDS
}

/// Hands out the item id after `last` and counts it, if one is left (at
/// most [`MOST_ITEM_IDS`]); `None` once all are given: the item is not
/// made (an id is an item's for the whole run, never given twice).
pub fn hand_out_item_id(last: &mut u32) -> Option<ItemId> {
    if *last >= MOST_ITEM_IDS {
        return None;
    }
    *last += 1;
    Some(ItemId(*last))
}

/// Whether laying `laid` on a cell that is `under` would take the stairs
/// down away: the stairs stay, so a floor never loses its way down. A
/// plugin's `set_terrain` is refused for it, and a save whose plugin
/// terrain lies on the stairs.
pub fn covers_stairs(under: Tile, laid: Tile) -> bool {
    under == Tile::StairsDown && laid != Tile::StairsDown
}

/// Whether `text` is one a store keeps (a creature's or an item's): at most
/// [`STORED_TEXT_CHARS`] characters. A plugin's longer text is not stored
/// (the call fails), and a save holding one is refused.
pub fn is_stored_text(text: &str) -> bool {
    text.chars().count() <= STORED_TEXT_CHARS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_handed_out_up_to_the_most_a_save_holds_and_no_further() {
        let mut next = MOST_IDS - 2;
        assert_eq!(hand_out_id(&mut next), Some(EntityId(MOST_IDS - 2)));
        assert_eq!(hand_out_id(&mut next), Some(EntityId(MOST_IDS - 1)));
        assert_eq!(next, MOST_IDS);
        assert!(is_next_id(next), "the next id after the last is one a save holds");
        assert_eq!(hand_out_id(&mut next), None, "none is left");
        assert_eq!(next, MOST_IDS, "and the count stays");
        assert_eq!(hand_out_id(&mut 0), None, "0 is the player's");
        assert!(!is_next_id(MOST_IDS + 1) && !is_next_id(0));
        let mut last = MOST_ITEM_IDS - 1;
        assert_eq!(hand_out_item_id(&mut last), Some(ItemId(MOST_ITEM_IDS)));
        assert!(is_last_item_id(last));
        assert_eq!(hand_out_item_id(&mut last), None);
        assert_eq!(last, MOST_ITEM_IDS);
        assert!(!is_last_item_id(MOST_ITEM_IDS + 1));
    }

    #[test]
    fn only_the_stairs_themselves_may_lie_on_the_stairs() {
        assert!(covers_stairs(Tile::StairsDown, Tile::Wall));
        assert!(covers_stairs(Tile::StairsDown, Tile::Floor));
        assert!(!covers_stairs(Tile::StairsDown, Tile::StairsDown));
        assert!(!covers_stairs(Tile::Floor, Tile::Wall));
    }

    #[test]
    fn a_store_keeps_texts_up_to_its_most() {
        assert!(is_stored_text(&"\u{e9}".repeat(STORED_TEXT_CHARS)), "characters, not bytes");
        assert!(!is_stored_text(&"x".repeat(STORED_TEXT_CHARS + 1)));
    }
}
