//! Items in play: picking up, dropping, stacking on the floor, and using an
//! item through its record's registered effect.

use abi_stable::std_types::ROption;
use emberdeep_api::{EntityId, ItemId, ItemUse, MessageKind, Point, UseOutcome, DIRECTIONS};

use crate::data::bounds::{self, MOST_IN_A_STACK};
use crate::data::records::ItemRecord;
use crate::fields;
use crate::plugins::boundary::Access;
use crate::world::game::Game;
use crate::world::pack::{slot_letter, FloorItem};
use crate::world::targeting::{AimSource, PendingAim};

/// What the log says as the run hands out its last item id.
pub const NO_MORE_ITEMS: &str =
    "No more items can be made in this run: it has made 100,000,000, the most a run may have.";

/// What the log says when part of a stack would need an id of its own and
/// none is left.
pub const NO_ITEM_ID_FOR_A_PART: &str =
    "Only whole stacks and heaps can be moved now: this run has made all the items it may.";

impl Game {
    /// The record of an item kind.
    pub fn item_record(&self, kind: &str) -> Option<&ItemRecord> {
        self.records.items.get(kind)
    }

    /// A new item identity, or `None` once the run has handed out every
    /// id a save holds (`data::bounds::hand_out_item_id`): the item is then
    /// not made, and the run goes on (and saves) without it. Handing out
    /// the last one says so in the log, once.
    pub fn new_item_id(&mut self) -> Option<ItemId> {
        let id = bounds::hand_out_item_id(&mut self.next_item_id)?;
        if self.next_item_id == bounds::MOST_ITEM_IDS {
            self.log.add(NO_MORE_ITEMS, MessageKind::Info);
        }
        Some(id)
    }

    /// The id for the part of pack slot `slot` that taking `count` from it
    /// leaves or takes ([`Pack::take`](crate::world::pack::Pack::take)):
    /// a new one while any is left (handed out whether or not the whole
    /// stack goes, as it always was); once none is, the whole stack may
    /// still go, keeping its own id, but part of it may not (`None`).
    pub(crate) fn id_for_part(&mut self, slot: usize, count: u32) -> Option<ItemId> {
        let whole = self.pack.get(slot).is_none_or(|held| count >= held.count);
        match self.new_item_id() {
            Some(id) => Some(id),
            // Never given: the whole stack keeps its own.
            None if whole => Some(ItemId(0)),
            None => None,
        }
    }

    /// Whether item `id` is on the floor, in the pack, held by a plugin or
    /// carried by a monster.
    pub fn item_exists(&self, id: ItemId) -> bool {
        self.items.contains(id) || self.pack.slots().iter().flatten().any(|i| i.id == id) || self.item_kept(id)
    }

    /// Whether a plugin stored anything on item `id` (such an item stacks with nothing).
    pub fn item_has_store(&self, id: ItemId) -> bool {
        let from = (id, String::new());
        self.item_store.range(from.clone()..).next().is_some_and(|((i, _), _)| *i == id)
            || self.item_text.range(from..).next().is_some_and(|((i, _), _)| *i == id)
    }

    /// Whether item `id` of record `kind` would join a stack of its kind.
    pub(crate) fn joins_stacks(&self, kind: &str, id: ItemId) -> bool {
        self.item_record(kind).is_some_and(|r| r.stacks) && !self.item_has_store(id)
    }

    /// Puts `count` new items of `kind` in the pack, all or nothing: a kind
    /// that stacks joins its stack or takes a free slot, one that does not
    /// takes a slot each. Returns the (first) slot, or `None` if there is no
    /// room, no record, or no item id left for them all.
    pub fn add_to_pack(&mut self, kind: &str, count: u32) -> Option<usize> {
        let stacks = self.item_record(kind)?.stacks;
        if stacks || count <= 1 {
            let id = self.new_item_id()?;
            let slot = self.pack.add(kind, count.max(1), stacks, id);
            self.made_event(kind, id);
            return slot;
        }
        let ids_left = bounds::MOST_ITEM_IDS.saturating_sub(self.next_item_id);
        if self.pack.free_slots() < count as usize || ids_left < count {
            return None;
        }
        let mut made = Vec::new();
        let mut first = None;
        for _ in 0..count {
            let Some(id) = self.new_item_id() else { break };
            let slot = self.pack.add(kind, 1, false, id);
            first = first.or(slot);
            made.push(id);
        }
        for id in made {
            self.made_event(kind, id);
        }
        first
    }

    /// Lays item `id` (`count` of `kind`) on the floor, joining a heap of the
    /// same kind there if both stack and neither holds stored values.
    /// Returns the id of what lies there now: `id`, or the heap's it joined.
    pub fn drop_on_floor(&mut self, kind: &str, count: u32, pos: Point, id: ItemId) -> ItemId {
        if self.joins_stacks(kind, id) {
            let heap = self
                .items
                .at(pos)
                .find(|(_, i)| i.kind == kind && !self.item_has_store(i.id))
                .map(|(at, i)| (at, i.count, i.id));
            if let Some((at, was, heap)) = heap {
                self.items.set_count(at, was.saturating_add(count).min(MOST_IN_A_STACK));
                return heap;
            }
        }
        self.items.push(FloorItem { kind: kind.into(), count, pos, id });
        id
    }

    /// Forgets what was stored on items that are no longer anywhere (used up,
    /// or left on a floor the player went down from); what a plugin holds
    /// or a monster carries is somewhere.
    pub fn prune_item_store(&mut self) {
        let kept = self.held.iter().map(|(_, i)| i.id).chain(self.carried.values().flatten().map(|i| i.id));
        let alive: std::collections::BTreeSet<ItemId> = self
            .items
            .iter()
            .map(|i| i.id)
            .chain(self.pack.slots().iter().flatten().map(|i| i.id))
            .chain(kept)
            .collect();
        self.item_store.retain(|(id, _), _| alive.contains(id));
        self.item_text.retain(|(id, _), _| alive.contains(id));
    }

    /// The name of `count` of item `id` as the pack, the floor and the look
    /// panel write it: "3 arrows", "a wand of sparks (3)". The suffix is the
    /// item's effect's to give; asked to look, it changes nothing.
    pub fn item_label(&mut self, kind: &str, count: u32, id: ItemId) -> String {
        let Some(rec) = self.item_record(kind).cloned() else { return kind.to_string() };
        let text = self.item_phrase(&rec, count, Some(id));
        let plugins = self.plugins.clone();
        let request = ItemUse { item: ROption::RSome(id), ..item_use(&rec, None, Some(id)) };
        let text = match rec.effect.as_deref().and_then(|e| plugins.effects.get(e)) {
            Some(effect) => match self.call(effect, Access::Look, |imp, ctx| imp.suffix(ctx, &request)) {
                Some(ROption::RSome(suffix)) if !suffix.is_empty() => format!("{text} {suffix}"),
                _ => text,
            },
            None => text,
        };
        self.with_item_marks(text, &request)
    }

    // 1.7 (perils)

    /// `text` with every plugin's mark for the item of `request` after it,
    /// each in brackets, in load order (`a murky red potion [malevolent]`).
    fn with_item_marks(&mut self, mut text: String, request: &ItemUse) -> String {
        let plugins = self.plugins.clone();
        for entry in &plugins.item_names {
            if let Some(ROption::RSome(mark)) = self.call(entry, Access::Look, |imp, ctx| imp.mark(ctx, request)) {
                let mark = crate::data::untrusted::shown(&mark, 24);
                let mark = mark.trim();
                if !mark.is_empty() {
                    text.push_str(&format!(" [{mark}]"));
                }
            }
        }
        text
    }

    /// Whether floor cell `cell` can take item `id` (`kind`) without making
    /// a second heap there: walkable, and bare or holding only heaps it
    /// would join (its kind, stacking, neither holding stored values).
    fn cell_takes(&self, cell: Point, kind: &str, id: ItemId) -> bool {
        let joins = self.joins_stacks(kind, id);
        self.map.is_walkable(cell)
            && self.items.at(cell).all(|(_, i)| joins && i.kind == kind && !self.item_has_store(i.id))
    }

    /// The cell item `id` (`kind`) goes to when laid down at `at`: `at`
    /// itself if it can take it, else the first neighbour that can,
    /// clockwise from the north; `None` if none can.
    pub(crate) fn landing_cell(&self, kind: &str, id: ItemId, at: Point) -> Option<Point> {
        let around = DIRECTIONS.iter().map(|&(dx, dy)| at.offset(dx, dy));
        std::iter::once(at).chain(around).find(|&cell| self.cell_takes(cell, kind, id))
    }

    /// Lays items down at `at`, or on the first neighbour that can take them
    /// (walkable, and bare or holding a heap of the same kind that stacks).
    /// Returns where they landed; `None` if nowhere could (they are lost),
    /// or if `count` is no heap a save holds (none, or over 9,999).
    pub fn place_item(&mut self, kind: &str, count: u32, at: Point) -> Option<Point> {
        self.place_new_item(kind, count, at).ok().map(|(_, cell)| cell)
    }

    /// [`Game::place_item`], saying why not: the id of what lies where
    /// they landed (the new item's, or the heap's they joined) and the cell.
    pub fn place_new_item(&mut self, kind: &str, count: u32, at: Point) -> Result<(ItemId, Point), ItemRefused> {
        if self.item_record(kind).is_none() {
            return Err(ItemRefused::UnknownKind(crate::data::untrusted::shown(kind, 40)));
        }
        if !bounds::is_stack(count) {
            return Err(ItemRefused::BadCount(count));
        }
        let id = self.new_item_id().ok_or(ItemRefused::NoIdLeft)?;
        let cell = self.landing_cell(kind, id, at).ok_or(ItemRefused::NoRoom { x: at.x, y: at.y })?;
        let lying = self.drop_on_floor(kind, count, cell, id);
        self.made_event(kind, id);
        Ok((lying, cell))
    }

    /// The items lying on cell `at` as plugins read them (api 1.6), or why
    /// not: the cell is off the map.
    pub fn items_on(&self, at: Point) -> Result<Vec<emberdeep_api::PackEntry>, ItemRefused> {
        if !self.map.in_bounds(at) {
            return Err(ItemRefused::OffMap { x: at.x, y: at.y });
        }
        Ok(self.items.entries_at(at))
    }

    /// Tells item `id`'s effect that it came into being, if it is an item
    /// of its own (on a floor or in the pack, not joined to a stack of its
    /// kind, or carried by a monster) and its record names a registered
    /// effect.
    pub fn made_event(&mut self, kind: &str, id: ItemId) {
        let Some(rec) = self.item_record(kind).cloned() else { return };
        let plugins = self.plugins.clone();
        let Some(effect) = rec.effect.as_deref().and_then(|e| plugins.effects.get(e)) else { return };
        let own = self.items.contains(id)
            || self.pack.slots().iter().flatten().any(|i| i.id == id)
            || self.carried.values().flatten().any(|i| i.id == id);
        if !own {
            return;
        }
        let request = item_use(&rec, None, Some(id));
        self.call(effect, Access::Play, |imp, ctx| imp.made(ctx, &request));
    }

    /// `g`: picks up what lies where the player stands, all of one kind:
    /// the kind of the item on top, every heap of it there (a whole stack;
    /// of a heap of things that do not stack, as many as the pack has
    /// slots for). Returns whether a turn passed (anything was taken).
    pub fn pick_up(&mut self) -> bool {
        let pos = self.player().pos;
        let Some(kind) = self.items.top_at(pos).map(|(_, top)| top.kind.clone()) else {
            self.log.add("There is nothing here to pick up.", MessageKind::Info);
            return false;
        };
        let mut taken = false;
        // The heaps of the kind, top first; each taken whole or, the pack
        // full, in part (and no more after it).
        loop {
            let next = self.items.at(pos).rev().find(|(_, i)| i.kind == kind).map(|(i, h)| (i, h.clone()));
            let Some((index, heap)) = next else { break };
            match self.pick_up_heap(index, &heap) {
                Some(true) => taken = true,
                Some(false) => return true,
                None => return taken,
            }
        }
        taken
    }

    /// Takes the heap at `index` (`heap`) into the pack, or as a plugin
    /// says (arrows into the quiver): `Some(true)` all of it, `Some(false)`
    /// part (the pack filled, which is said), `None` none (the pack full,
    /// which is said, or no record).
    fn pick_up_heap(&mut self, index: usize, heap: &FloorItem) -> Option<bool> {
        let rec = self.item_record(&heap.kind).cloned()?;
        let mut entries = Vec::new();
        let mut left = heap.count;
        let (mut full, mut no_id) = (false, false);
        while left > 0 {
            // One of a heap of things that do not stack: a new item of its
            // own, the last one keeping the heap's identity.
            let (count, id) = match (rec.stacks, left) {
                (true, _) => (left, heap.id),
                (false, 1) => (1, heap.id),
                (false, _) => match self.new_item_id() {
                    Some(id) => (1, id),
                    // No id left for a part: the rest stays where it lies.
                    None => {
                        self.log.add(NO_ITEM_ID_FOR_A_PART, MessageKind::Info);
                        no_id = true;
                        break;
                    }
                },
            };
            let entry = emberdeep_api::PackEntry { kind: heap.kind.as_str().into(), count, item: id };
            // A plugin may take them (arrows into the quiver) and say so.
            if !self.plugin_picks_up(&entry) {
                let stacks = self.joins_stacks(&heap.kind, id);
                let Some(slot) = self.pack.add(&heap.kind, count, stacks, id) else {
                    full = true;
                    break;
                };
                // The slot's new total: "b - 7 darts" for one dart joining six.
                let (total, held) = self.pack.get(slot).map_or((count, id), |held| (held.count, held.id));
                let label = self.item_label(&heap.kind, total, held);
                self.log.add(format!("{} - {label}.", slot_letter(slot)), MessageKind::Info);
            }
            left -= count;
            entries.push(entry);
        }
        if full {
            self.log.add("Your pack is full.", MessageKind::Info);
        }
        let taken: u32 = entries.iter().map(|e| e.count).sum();
        if taken == 0 {
            return None;
        }
        self.lift(index, &heap.kind, heap.id, taken);
        for entry in &entries {
            self.picked_up_event(entry);
        }
        Some(!full && !no_id)
    }

    /// Takes `count` off the heap at `index` (gone when none are left)
    /// and traces the pick-up.
    fn lift(&mut self, index: usize, kind: &str, id: ItemId, count: u32) {
        let left = self.items[index].count - count;
        self.items.set_count(index, left);
        if left == 0 {
            self.dropped.remove(&id);
        }
        self.emit("action", "host", fields! {"action" => "pick_up", "item" => kind, "count" => count});
    }

    /// `d` then a letter: drops that slot's items where the player stands.
    /// One heap per cell: a kind that stacks joins a heap of its kind there;
    /// anything else needs the player's cell bare. Onto another kind's heap
    /// (or a thing that does not stack onto anything) the drop is refused,
    /// "There's already something here.", nothing moves and no turn passes.
    pub fn drop_slot(&mut self, slot: usize) -> bool {
        self.drop_some(slot, u32::MAX)
    }

    /// Drops `count` of what pack slot `slot` holds (all of it if it holds
    /// fewer); the rest stays in the slot.
    pub fn drop_some(&mut self, slot: usize, count: u32) -> bool {
        let Some(mut held) = self.pack.get(slot).cloned() else { return false };
        held.count = held.count.min(count.max(1));
        let cell = self.player().pos;
        if !self.cell_takes(cell, &held.kind, held.id) {
            self.log.add("There's already something here.", MessageKind::Info);
            return false;
        }
        let Some(fresh) = self.id_for_part(slot, held.count) else {
            self.log.add(NO_ITEM_ID_FOR_A_PART, MessageKind::Info);
            return false;
        };
        let Some(item) = self.pack.take(slot, held.count, fresh) else { return false };
        let text = self.item_label(&item.kind, item.count, item.id);
        self.emit("action", "host", fields! {"action" => "drop", "item" => item.kind.clone(), "count" => item.count});
        self.log.add(format!("You drop {text}."), MessageKind::Info);
        // A plugin may say the drop is lost (deep water, api 1.3): it never
        // lies on the floor, and what was stored on it goes.
        if self.drop_lost(&item.kind, item.count, item.id, cell) {
            self.prune_item_store();
            return true;
        }
        // Auto-explore leaves what the player dropped where it lies.
        let lying = self.drop_on_floor(&item.kind, item.count, cell, item.id);
        self.dropped.insert(lying);
        true
    }

    /// A letter in the pack: uses that slot's item through its effect.
    /// Returns the outcome (`NoTurn` when nothing happened; `Aim` when the
    /// effect asked to aim, and the player now aims it: no turn has passed).
    pub fn use_slot(&mut self, slot: usize) -> UseOutcome {
        let Some(item) = self.pack.get(slot).cloned() else { return UseOutcome::NoTurn };
        let Some(rec) = self.item_record(&item.kind).cloned() else { return UseOutcome::NoTurn };
        let Some(effect_name) = rec.effect.clone() else {
            let name = self.item_phrase(&rec, 1, Some(item.id));
            self.log.add(format!("You can't use {name}."), MessageKind::Info);
            return UseOutcome::NoTurn;
        };
        let plugins = self.plugins.clone();
        let Some(effect) = plugins.effects.get(&effect_name) else { return UseOutcome::NoTurn };
        // A plugin may refuse the use (no reading under water, api 1.3): no turn.
        let request = self.shown_item_use(&rec, Some(slot), Some(item.id));
        if let Some(line) = self.use_refused(&request) {
            self.log.add(line, MessageKind::Info);
            return UseOutcome::NoTurn;
        }
        self.emit("action", "host", fields! {"action" => "use", "item" => item.kind});
        self.emit("use", effect.plugin(), fields! {"item" => rec.id, "effect" => effect_name});
        let outcome = self.call(effect, Access::Play, |imp, ctx| imp.use_item(ctx, &request));
        if matches!(outcome, Some(UseOutcome::Consumed | UseOutcome::Kept)) {
            self.item_used_event(&request);
        }
        match outcome {
            Some(UseOutcome::Consumed) => {
                self.take_one_used(slot);
                UseOutcome::Consumed
            }
            Some(UseOutcome::Aim(aim)) => {
                let source = AimSource::Read;
                let mut pending = PendingAim::new(&effect_name, effect.plugin(), request, aim, source);
                // An unknown kind that turns out to aim (a scroll of
                // fireball read to learn it): it is known now, and may be
                // put away without loss rather than wasted on nothing.
                if self.kind_known(&rec.id) == Some(false) && self.set_kind_known(&rec.id, true, "host").is_ok() {
                    pending.first_use = true;
                    let named = self.item_phrase(&rec, 1, Some(item.id));
                    self.log.add(format!("It is {named}! Aim it, or press Esc to put it away."), MessageKind::Info);
                }
                self.start_aim(pending);
                UseOutcome::Aim(aim)
            }
            Some(other) => other,
            None => UseOutcome::NoTurn,
        }
    }
}

/// Why a plugin's item was not laid, or what lies somewhere not said
/// (api 1.6): one line on the console, under the plugin's name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ItemRefused {
    /// No loaded plugin's records have the kind.
    #[error("no loaded plugin has an item '{0}'")]
    UnknownKind(String),
    /// The count is no heap a save holds.
    #[error("{0} is no count of a heap (from 1 to 9999)")]
    BadCount(u32),
    /// Neither the cell nor a neighbour can take them.
    #[error("no cell at or beside {x},{y} can take them")]
    NoRoom {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The cell is off the map.
    #[error("the cell {x},{y} is off the map")]
    OffMap {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// The run has handed out every item id a save holds.
    #[error("no item id is left to give: the run has made all the items it may")]
    NoIdLeft,
}

impl Game {
    /// One of the item in `slot` is used up; what was stored on it goes when it does.
    pub fn take_one_used(&mut self, slot: usize) {
        // The one used up is gone at once: with no id left, it needs none.
        let fresh = self.new_item_id().unwrap_or(ItemId(0));
        if let Some(gone) = self.pack.take(slot, 1, fresh) {
            if self.pack.get(slot).is_none_or(|left| left.id != gone.id) {
                self.item_store.retain(|(id, _), _| *id != gone.id);
                self.item_text.retain(|(id, _), _| *id != gone.id);
            }
        }
    }
}

/// What an effect is told about an item of record `rec`: in pack slot
/// `slot` (if in the pack), with identity `id` (if it has one).
pub fn item_use(rec: &ItemRecord, slot: Option<usize>, id: Option<ItemId>) -> ItemUse {
    ItemUse {
        user: EntityId::PLAYER,
        kind: rec.id.as_str().into(),
        name: rec.name.as_str().into(),
        params: rec.params_for_plugins(),
        slot: slot.map(|s| s as u32).into(),
        item: id.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::pack::Pack;

    /// A game on an open 5x3 floor whose records hold a sword (no stacking) and a potion.
    fn game_with_records() -> Game {
        use std::rc::Rc;
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("host folder");
        let item = |id: &str, stacks: bool| {
            format!(
                "[[item]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"?\"\ncolor = [1, 2, 3]\ntile = \"{id}\"\n\
                 class = \"test\"\nstacks = {stacks}\nfloors = [1, 1]\n"
            )
        };
        let text = format!("{}\n{}", item("sword", false), item("potion", true));
        std::fs::write(dir.path().join("host/items.toml"), text).expect("records");
        let plugins = crate::plugins::registry::Plugins::default();
        let records =
            crate::data::records::check::load_records(dir.path(), &plugins.registered()).expect("the records read");
        let map = crate::core::map::Map::new_filled(5, 3, crate::core::map::Tile::Floor);
        Game::blank(1, map, Point::new(1, 1), Rc::new(plugins), Rc::new(records), crate::data::trace::Trace::console())
    }

    #[test]
    fn things_that_do_not_stack_take_a_slot_each_all_or_nothing() {
        let mut game = game_with_records();
        game.pack = Pack::new(3);
        assert_eq!(game.add_to_pack("sword", 2), Some(0));
        assert_eq!((game.pack.get(0).unwrap().count, game.pack.get(1).unwrap().count), (1, 1));
        assert_eq!(game.add_to_pack("sword", 2), None, "one slot left for two swords: nothing added");
        assert_eq!(game.pack.free_slots(), 1);
        assert_eq!(game.add_to_pack("potion", 5), Some(2));
        assert_eq!(game.add_to_pack("potion", 1), Some(2));
        assert_eq!(game.add_to_pack("unknown", 1), None);
    }

    #[test]
    fn an_item_placed_by_id_is_found_on_its_cell_under_that_id_and_bad_input_changes_nothing() {
        let mut game = game_with_records();
        let at = Point::new(2, 1);
        let (potions, cell) = game.place_new_item("potion", 2, at).expect("a bare cell takes them");
        assert_eq!(cell, at);
        let (more, _) = game.place_new_item("potion", 3, at).expect("they join the heap");
        assert_eq!(more, potions, "potions stack: the heap's own id");
        let (sword, beside) = game.place_new_item("sword", 1, at).expect("a sword finds a cell");
        assert!(beside != at && beside.is_adjacent(at), "the potions' cell is not the sword's: {beside:?}");
        let on = |game: &Game, p: Point| -> Vec<(String, u32, ItemId)> {
            game.items_on(p).unwrap().into_iter().map(|e| (e.kind.to_string(), e.count, e.item)).collect()
        };
        assert_eq!(on(&game, at), [("potion".to_string(), 5, potions)]);
        assert_eq!(on(&game, beside), [("sword".to_string(), 1, sword)]);
        assert_eq!(game.items.by_id(sword).map(|i| i.pos), Some(beside));

        let before = (game.items.clone(), game.next_item_id);
        assert_eq!(game.place_new_item("nosuch", 1, at), Err(ItemRefused::UnknownKind("nosuch".into())));
        assert_eq!(game.place_new_item("potion", 0, at), Err(ItemRefused::BadCount(0)));
        assert_eq!(game.place_new_item("potion", 10_000, at), Err(ItemRefused::BadCount(10_000)));
        assert_eq!(game.items_on(Point::new(-1, 7)), Err(ItemRefused::OffMap { x: -1, y: 7 }));
        assert_eq!((game.items.clone(), game.next_item_id), before, "nothing changed");
        let line = ItemRefused::UnknownKind("nosuch".into()).to_string();
        assert_eq!(line, "no loaded plugin has an item 'nosuch'");
    }

    #[test]
    fn a_heap_of_swords_is_picked_up_whole_as_far_as_the_pack_goes_and_a_sword_needs_a_bare_cell() {
        let mut game = game_with_records();
        game.drop_on_floor("sword", 3, Point::new(1, 1), ItemId(1));
        let slots = game.pack.free_slots();
        for slot in 2..slots {
            game.pack.add("sword", 1, false, ItemId(100 + slot as u32));
        }
        // Two slots free: one `g` takes two of the three, each a sword of
        // its own, and says the pack is full.
        assert!(game.pick_up());
        assert_eq!(game.items[0].count, 1, "one sword is left on the floor");
        let (a, b) = (game.pack.get(slots - 2).cloned(), game.pack.get(slots - 1).cloned());
        assert_eq!((a.as_ref().map(|i| i.count), b.as_ref().map(|i| i.count)), (Some(1), Some(1)));
        assert_ne!(a.map(|i| i.id), b.map(|i| i.id), "each a sword of its own");
        assert_eq!(game.log.messages().last().unwrap().text, "Your pack is full.");
        assert!(!game.pick_up(), "nowhere to put the third: no turn");
        assert!(!game.drop_slot(0), "the cell still holds a sword");
        assert_eq!(game.log.messages().last().unwrap().text, "There's already something here.");
        game.pack.take(2, 1, ItemId(500));
        assert!(game.pick_up());
        assert!(game.items.is_empty());
        assert!(game.drop_slot(0), "a bare cell takes a sword");
        game.pack.add("potion", 1, true, ItemId(7));
        let before = (game.items.to_vec(), game.pack.slots().to_vec());
        assert!(!game.drop_slot(0), "a potion joins only a heap of potions, never the sword's cell");
        assert_eq!(game.log.messages().last().unwrap().text, "There's already something here.");
        assert_eq!((game.items.to_vec(), game.pack.slots().to_vec()), before, "nothing moved");
    }
}
