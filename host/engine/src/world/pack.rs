//! The pack's lettered slots and the heaps of items on the floor: plain
//! containers, with no rule of what an item does.

use emberdeep_api::{ItemId, Point};

/// A heap of one kind of item on the floor.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorItem {
    /// Record id.
    pub kind: String,
    /// How many.
    pub count: u32,
    /// Where.
    pub pos: Point,
    /// Its identity (a heap shares one).
    pub id: ItemId,
}

/// One pack slot's contents.
#[derive(Debug, Clone, PartialEq)]
pub struct PackItem {
    /// Record id.
    pub kind: String,
    /// How many (1 for kinds that do not stack).
    pub count: u32,
    /// Its identity (a stack shares one).
    pub id: ItemId,
}

impl PackItem {
    /// The entry a plugin sees for this item: its kind, count and id.
    pub fn entry(&self) -> emberdeep_api::PackEntry {
        emberdeep_api::PackEntry { kind: self.kind.as_str().into(), count: self.count, item: self.id }
    }
}

/// The pack: lettered slots a, b, c... of fixed number.
#[derive(Debug, Clone)]
pub struct Pack {
    slots: Vec<Option<PackItem>>,
    /// Changes with every change of the contents (unique in the process).
    version: u64,
}

/// Hands out pack versions: no two packs or states of a pack share one.
fn next_version() -> u64 {
    static VERSIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    VERSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The most of one kind a stack in the pack or a heap on the floor holds,
/// as a save holds it (`data::bounds`).
pub use crate::data::bounds::MOST_IN_A_STACK;

/// The letter of slot `i`.
pub fn slot_letter(i: usize) -> char {
    (b'a' + i as u8) as char
}

impl Pack {
    /// An empty pack of `size` slots.
    pub fn new(size: usize) -> Pack {
        Pack { slots: vec![None; size], version: next_version() }
    }

    /// A pack with these slots (a continued run's).
    pub fn from_slots(slots: Vec<Option<PackItem>>) -> Pack {
        Pack { slots, version: next_version() }
    }

    /// A number that changes whenever the contents do (and differs between packs).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The slots.
    pub fn slots(&self) -> &[Option<PackItem>] {
        &self.slots
    }

    /// The item in slot `i`.
    pub fn get(&self, i: usize) -> Option<&PackItem> {
        self.slots.get(i).and_then(Option::as_ref)
    }

    /// Puts `count` of `kind` in, as item `id`: on a stack of its kind if it
    /// stacks (the stack keeps its own id), else the first free slot.
    /// Returns the slot, or `None` if the pack is full (or the stack would
    /// hold more than [`MOST_IN_A_STACK`]).
    pub fn add(&mut self, kind: &str, count: u32, stacks: bool, id: ItemId) -> Option<usize> {
        if count > MOST_IN_A_STACK {
            return None;
        }
        self.version = next_version();
        if stacks {
            if let Some(i) = self.slots.iter().position(|s| s.as_ref().is_some_and(|s| s.kind == kind)) {
                let s = self.slots[i].as_mut()?;
                let more = s.count.checked_add(count).filter(|n| *n <= MOST_IN_A_STACK)?;
                s.count = more;
                return Some(i);
            }
        }
        let i = self.slots.iter().position(Option::is_none)?;
        self.slots[i] = Some(PackItem { kind: kind.into(), count, id });
        Some(i)
    }

    /// Takes `count` out of slot `i` (the slot empties when none are left).
    /// The whole stack keeps its id; part of one becomes item `fresh`.
    pub fn take(&mut self, i: usize, count: u32, fresh: ItemId) -> Option<PackItem> {
        self.version = next_version();
        let slot = self.slots.get_mut(i)?;
        let item = slot.as_mut()?;
        let taken = count.min(item.count);
        item.count -= taken;
        let kind = item.kind.clone();
        let id = if item.count == 0 { item.id } else { fresh };
        if item.count == 0 {
            *slot = None;
        }
        Some(PackItem { kind, count: taken, id })
    }

    /// Marks the contents changed (an item's stored values, which its name shows).
    pub fn touch(&mut self) {
        self.version = next_version();
    }

    /// Whether no slot is free.
    pub fn is_full(&self) -> bool {
        self.slots.iter().all(Option::is_some)
    }

    /// How many slots are free.
    pub fn free_slots(&self) -> usize {
        self.slots.iter().filter(|s| s.is_none()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacking_kinds_share_a_slot_and_others_do_not() {
        let mut pack = Pack::new(3);
        assert_eq!(pack.add("potion", 1, true, ItemId(1)), Some(0));
        assert_eq!(pack.add("potion", 2, true, ItemId(1)), Some(0));
        assert_eq!(pack.get(0).unwrap().count, 3);
        assert_eq!(pack.add("sword", 1, false, ItemId(1)), Some(1));
        assert_eq!(pack.add("sword", 1, false, ItemId(1)), Some(2));
        assert!(pack.is_full());
        assert_eq!(pack.add("sword", 1, false, ItemId(1)), None);
        assert_eq!(pack.add("potion", 1, true, ItemId(1)), Some(0), "a stack still takes more when full");
        assert_eq!(pack.free_slots(), 0);
        pack.take(1, 1, ItemId(9));
        assert_eq!(pack.free_slots(), 1);
    }

    #[test]
    fn a_stack_never_holds_more_than_the_most_and_never_wraps() {
        let mut pack = Pack::new(2);
        assert_eq!(pack.add("potion", MOST_IN_A_STACK - 1, true, ItemId(1)), Some(0));
        assert_eq!(pack.add("potion", 5, true, ItemId(1)), None, "over the most: refused");
        assert_eq!(pack.get(0).unwrap().count, MOST_IN_A_STACK - 1, "and left as it was");
        assert_eq!(pack.add("potion", 1, true, ItemId(1)), Some(0));
        assert_eq!(pack.add("arrow", u32::MAX, true, ItemId(1)), None);
    }

    #[test]
    fn taking_the_last_one_empties_the_slot() {
        let mut pack = Pack::new(2);
        pack.add("potion", 2, true, ItemId(1));
        assert_eq!(pack.take(0, 1, ItemId(9)).unwrap().count, 1);
        assert!(pack.get(0).is_some());
        pack.take(0, 1, ItemId(9));
        assert!(pack.get(0).is_none());
        assert_eq!(slot_letter(0), 'a');
        assert_eq!(slot_letter(25), 'z');
    }
}
