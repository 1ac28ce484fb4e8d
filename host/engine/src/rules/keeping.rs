//! Items that stay themselves: what a plugin takes out of the pack it holds
//! until it puts it back, lays it on the floor or gives it to a monster,
//! and the item keeps its id and what plugins stored on it all the way. A
//! monster carries what it was given and drops it where it dies.
//!
//! A plugin holds an item only during the player's action it took it in:
//! what is still held when the action ends is lost (its store goes when the
//! floor's stores are pruned), so nothing held is ever saved.

use emberdeep_api::{EntityId, ItemId, PackEntry, Point};

use crate::fields;
use crate::world::game::Game;
use crate::world::pack::PackItem;

/// The most characters of a refused item's kind a refusal repeats.
const KIND_IN_REFUSAL: usize = 40;

impl Game {
    /// Plugin `plugin` now holds `item` (it took it out of the pack).
    pub fn hold(&mut self, plugin: &str, item: PackItem) {
        self.held.push((plugin.to_string(), item));
    }

    /// What plugin `plugin` holds, in the order it took it.
    pub fn held_by(&self, plugin: &str) -> Vec<PackEntry> {
        self.held.iter().filter(|(p, _)| p == plugin).map(|(_, i)| i.entry()).collect()
    }

    /// Everything held is lost: the start and the end of every player action.
    pub fn forget_held(&mut self) {
        self.held.clear();
    }

    /// Where in `held` plugin `plugin` holds exactly `entry` (id, kind and
    /// count); `None`, with one line saying why `what` was refused, if it
    /// holds no such item.
    fn held_index(&self, plugin: &str, entry: &PackEntry, what: &str) -> Option<usize> {
        let found = self.held.iter().position(|(p, i)| {
            p == plugin && i.id == entry.item && i.kind == entry.kind.as_str() && i.count == entry.count
        });
        if found.is_none() {
            let kind: String = entry.kind.chars().take(KIND_IN_REFUSAL).collect();
            tracing::warn!(
                plugin,
                "{what} refused: item #{} ({} of '{kind}') is not one this plugin holds (take it with pack_take \
                 in the same action)",
                entry.item.0,
                entry.count,
            );
        }
        found
    }

    /// Lays item `entry`, which plugin `plugin` holds, on the floor at `at`
    /// or the first neighbour that can take it, keeping its id and store.
    /// Returns where it landed; `None` if refused or nowhere could take it
    /// (it stays held).
    pub fn place_existing(&mut self, plugin: &str, entry: &PackEntry, at: Point) -> Option<Point> {
        let index = self.held_index(plugin, entry, "place_existing")?;
        let item = self.held[index].1.clone();
        let cell = self.landing_cell(&item.kind, item.id, at)?;
        self.held.remove(index);
        self.drop_on_floor(&item.kind, item.count, cell, item.id);
        self.emit(
            "item_placed",
            plugin,
            fields! {"item" => item.kind, "id" => item.id.0, "count" => item.count, "x" => cell.x, "y" => cell.y},
        );
        Some(cell)
    }

    /// Puts item `entry`, which plugin `plugin` holds, back in the pack,
    /// keeping its id and store. Returns the slot; `None` if refused or the
    /// pack is full (it stays held).
    pub fn pack_put(&mut self, plugin: &str, entry: &PackEntry) -> Option<usize> {
        let index = self.held_index(plugin, entry, "pack_put")?;
        let item = self.held[index].1.clone();
        let stacks = self.joins_stacks(&item.kind, item.id);
        let slot = self.pack.add(&item.kind, item.count, stacks, item.id)?;
        self.held.remove(index);
        self.emit(
            "item_put",
            plugin,
            fields! {"item" => item.kind, "id" => item.id.0, "count" => item.count, "slot" => slot},
        );
        Some(slot)
    }

    /// Gives item `entry`, which plugin `plugin` holds, to monster `to`.
    /// False if refused or `to` is not a living monster (it stays held).
    pub fn give(&mut self, plugin: &str, to: EntityId, entry: &PackEntry) -> bool {
        let Some(name) = self.creatures.get(&to).filter(|c| !c.id.is_player()).map(|c| c.trace_name()) else {
            tracing::warn!(plugin, "give refused: #{} is not a living monster", to.0);
            return false;
        };
        let Some(index) = self.held_index(plugin, entry, "give") else { return false };
        let (_, item) = self.held.remove(index);
        self.emit(
            "item_given",
            plugin,
            fields! {"item" => item.kind, "id" => item.id.0, "count" => item.count, "to" => name},
        );
        self.carried.entry(to).or_default().push(item);
        true
    }

    /// `count` of `kind` come into being carried by monster `to` (a
    /// scenario's `carries=`): a kind that stacks as one item of `count`,
    /// one that does not as `count` items of one. Each is traced as
    /// `item_given` from `source`, as a plugin's `give` is, then its
    /// effect hears that it was made (charges rolled), as an item laid on
    /// a floor does. Returns the new items' ids: none if `to` is not a
    /// living monster or `kind` has no record.
    pub fn give_new(&mut self, source: &str, to: EntityId, kind: &str, count: u32) -> Vec<ItemId> {
        let Some(name) = self.creatures.get(&to).filter(|c| !c.id.is_player()).map(|c| c.trace_name()) else {
            return Vec::new();
        };
        let Some(stacks) = self.item_record(kind).map(|r| r.stacks) else { return Vec::new() };
        let (items, each) = if stacks { (1, count) } else { (count, 1) };
        let mut made = Vec::new();
        for _ in 0..items {
            // None left: the log said so as the last was made.
            let Some(id) = self.new_item_id() else { break };
            self.carried.entry(to).or_default().push(PackItem { kind: kind.to_string(), count: each, id });
            self.emit(
                "item_given",
                source,
                fields! {"item" => kind, "id" => id.0, "count" => each, "to" => name.clone()},
            );
            self.made_event(kind, id);
            made.push(id);
        }
        made
    }

    /// Gives a monster coming into being what its record `carries`, in
    /// order: an entry whose `chance` is under 100 is rolled first, from the
    /// run's random numbers (one of 100 rolls nothing, so records without a
    /// chance draw the same numbers as before there was one).
    pub fn give_carried(&mut self, source: &str, to: EntityId, carries: &[crate::data::records::Carried]) {
        for c in carries {
            if c.chance < 100 && !self.rng.percent(c.chance as i32) {
                continue;
            }
            self.give_new(source, to, &c.item, c.count);
        }
    }

    /// What creature `id` carries, in the order it was given.
    pub fn carried_by(&self, id: EntityId) -> Vec<PackEntry> {
        self.carried.get(&id).map(|items| items.iter().map(PackItem::entry).collect()).unwrap_or_default()
    }

    /// Creature `id`, which `who` names in the trace, died at `at`: what it
    /// carried lies there (or on the first neighbour that takes it), the
    /// same items, traced as `item_dropped`; what finds no cell is lost.
    pub fn drop_carried(&mut self, id: EntityId, who: &str, at: Point, source: &str) {
        let Some(items) = self.carried.remove(&id) else { return };
        for item in items {
            let Some(cell) = self.landing_cell(&item.kind, item.id, at) else {
                self.emit(
                    "item_lost",
                    source,
                    fields! {"item" => item.kind, "id" => item.id.0, "count" => item.count, "by" => who},
                );
                continue;
            };
            self.drop_on_floor(&item.kind, item.count, cell, item.id);
            self.emit(
                "item_dropped",
                source,
                fields! {
                    "item" => item.kind, "id" => item.id.0, "count" => item.count, "by" => who,
                    "x" => cell.x, "y" => cell.y,
                },
            );
        }
    }

    /// Whether item `id` is held by a plugin or carried by a creature.
    pub fn item_kept(&self, id: ItemId) -> bool {
        self.held.iter().any(|(_, i)| i.id == id) || self.carried.values().flatten().any(|i| i.id == id)
    }
}
