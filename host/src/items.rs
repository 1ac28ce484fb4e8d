//! Items on the floor and in the pack: picking up, dropping, stacking, and
//! using an item through its record's registered effect.

use emberdeep_api::{EntityId, ItemUse, MessageKind, Param, Point, UseOutcome};

use crate::ctx::HostCtx;
use crate::data::ItemRecord;
use crate::fields;
use crate::world::Game;

/// A heap of one kind of item on the floor.
#[derive(Debug, Clone, PartialEq)]
pub struct FloorItem {
    /// Record id.
    pub kind: String,
    /// How many.
    pub count: u32,
    /// Where.
    pub pos: Point,
}

/// One pack slot's contents.
#[derive(Debug, Clone, PartialEq)]
pub struct PackItem {
    /// Record id.
    pub kind: String,
    /// How many (1 for kinds that do not stack).
    pub count: u32,
}

/// The pack: lettered slots a, b, c... of fixed number.
#[derive(Debug, Clone)]
pub struct Pack {
    slots: Vec<Option<PackItem>>,
}

/// The letter of slot `i`.
pub fn slot_letter(i: usize) -> char {
    (b'a' + i as u8) as char
}

impl Pack {
    /// An empty pack of `size` slots.
    pub fn new(size: usize) -> Pack {
        Pack { slots: vec![None; size] }
    }

    /// The slots.
    pub fn slots(&self) -> &[Option<PackItem>] {
        &self.slots
    }

    /// The item in slot `i`.
    pub fn get(&self, i: usize) -> Option<&PackItem> {
        self.slots.get(i).and_then(Option::as_ref)
    }

    /// Puts `count` of `kind` in: on a stack of its kind if it stacks, else the
    /// first free slot. Returns the slot, or `None` if the pack is full.
    pub fn add(&mut self, kind: &str, count: u32, stacks: bool) -> Option<usize> {
        if stacks {
            if let Some(i) = self.slots.iter().position(|s| s.as_ref().is_some_and(|s| s.kind == kind)) {
                if let Some(s) = self.slots[i].as_mut() {
                    s.count += count;
                }
                return Some(i);
            }
        }
        let i = self.slots.iter().position(Option::is_none)?;
        self.slots[i] = Some(PackItem { kind: kind.into(), count });
        Some(i)
    }

    /// Takes `count` out of slot `i` (the slot empties when none are left).
    pub fn take(&mut self, i: usize, count: u32) -> Option<PackItem> {
        let slot = self.slots.get_mut(i)?;
        let item = slot.as_mut()?;
        let taken = count.min(item.count);
        item.count -= taken;
        let kind = item.kind.clone();
        if item.count == 0 {
            *slot = None;
        }
        Some(PackItem { kind, count: taken })
    }

    /// Whether no slot is free.
    pub fn is_full(&self) -> bool {
        self.slots.iter().all(Option::is_some)
    }
}

impl Game {
    /// The record of an item kind.
    pub fn item_record(&self, kind: &str) -> Option<&ItemRecord> {
        self.records.items.get(kind)
    }

    /// Lays items on the floor, joining a heap of the same kind there if it stacks.
    pub fn drop_on_floor(&mut self, kind: &str, count: u32, pos: Point) {
        let stacks = self.item_record(kind).is_some_and(|r| r.stacks);
        if stacks {
            if let Some(heap) = self.items.iter_mut().find(|i| i.pos == pos && i.kind == kind) {
                heap.count += count;
                return;
            }
        }
        self.items.push(FloorItem { kind: kind.into(), count, pos });
    }

    /// `g`: picks up the top item where the player stands. Returns whether a turn passed.
    pub fn pick_up(&mut self) -> bool {
        let pos = self.player().pos;
        let Some(index) = self.items.iter().rposition(|i| i.pos == pos) else {
            self.log.add("There is nothing here to pick up.", MessageKind::Info);
            return false;
        };
        let item = self.items[index].clone();
        let Some(rec) = self.item_record(&item.kind).cloned() else { return false };
        match self.pack.add(&item.kind, item.count, rec.stacks) {
            Some(slot) => {
                self.items.remove(index);
                self.emit("action", "host", fields! {"action" => "pick_up", "item" => item.kind, "count" => item.count});
                self.log.add(format!("{} - {}.", slot_letter(slot), rec.describe(item.count)), MessageKind::Info);
                true
            }
            None => {
                self.log.add("Your pack is full.", MessageKind::Info);
                false
            }
        }
    }

    /// `d` then a letter: drops that slot's items where the player stands.
    pub fn drop_slot(&mut self, slot: usize) -> bool {
        let Some(count) = self.pack.get(slot).map(|i| i.count) else { return false };
        let Some(item) = self.pack.take(slot, count) else { return false };
        let pos = self.player().pos;
        self.drop_on_floor(&item.kind, item.count, pos);
        let text = self.item_record(&item.kind).map(|r| r.describe(item.count)).unwrap_or_default();
        self.emit("action", "host", fields! {"action" => "drop", "item" => item.kind, "count" => item.count});
        self.log.add(format!("You drop {text}."), MessageKind::Info);
        true
    }

    /// A letter in the pack: uses that slot's item through its effect.
    /// Returns the outcome (`NoTurn` when nothing happened).
    pub fn use_slot(&mut self, slot: usize) -> UseOutcome {
        let Some(item) = self.pack.get(slot).cloned() else { return UseOutcome::NoTurn };
        let Some(rec) = self.item_record(&item.kind).cloned() else { return UseOutcome::NoTurn };
        let Some(effect_name) = rec.effect.clone() else {
            self.log.add(format!("You can't use {}.", rec.describe(1)), MessageKind::Info);
            return UseOutcome::NoTurn;
        };
        let plugins = self.plugins.clone();
        let Some(effect) = plugins.effects.get(&effect_name) else { return UseOutcome::NoTurn };
        self.emit("action", "host", fields! {"action" => "use", "item" => item.kind});
        self.emit("use", &effect.plugin, fields! {"item" => rec.id, "effect" => effect_name});
        let request = item_use(&rec);
        let result = effect.imp.use_item(HostCtx::new(self, &effect.plugin).as_ctx(), &request);
        self.trace.drain_plugin_logs(self.turn, &effect.plugin);
        match result.into_result() {
            Ok(UseOutcome::Consumed) => {
                self.pack.take(slot, 1);
                UseOutcome::Consumed
            }
            Ok(UseOutcome::Aim(_)) => {
                self.log.add("Nothing here can aim that yet.", MessageKind::Info);
                UseOutcome::NoTurn
            }
            Ok(other) => other,
            Err(e) => {
                self.plugin_error(&effect.plugin, &e);
                UseOutcome::NoTurn
            }
        }
    }
}

/// What an effect is told about the item.
fn item_use(rec: &ItemRecord) -> ItemUse {
    ItemUse {
        user: EntityId::PLAYER,
        kind: rec.id.as_str().into(),
        name: rec.name.as_str().into(),
        params: rec.params.iter().map(|(k, v)| Param { name: k.as_str().into(), value: *v }).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacking_kinds_share_a_slot_and_others_do_not() {
        let mut pack = Pack::new(3);
        assert_eq!(pack.add("potion", 1, true), Some(0));
        assert_eq!(pack.add("potion", 2, true), Some(0));
        assert_eq!(pack.get(0).unwrap().count, 3);
        assert_eq!(pack.add("sword", 1, false), Some(1));
        assert_eq!(pack.add("sword", 1, false), Some(2));
        assert!(pack.is_full());
        assert_eq!(pack.add("sword", 1, false), None);
        assert_eq!(pack.add("potion", 1, true), Some(0), "a stack still takes more when full");
    }

    #[test]
    fn taking_the_last_one_empties_the_slot() {
        let mut pack = Pack::new(2);
        pack.add("potion", 2, true);
        assert_eq!(pack.take(0, 1).unwrap().count, 1);
        assert!(pack.get(0).is_some());
        pack.take(0, 1);
        assert!(pack.get(0).is_none());
        assert_eq!(slot_letter(0), 'a');
        assert_eq!(slot_letter(25), 'z');
    }
}
