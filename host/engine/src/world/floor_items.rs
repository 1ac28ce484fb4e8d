//! The heaps of items lying on a floor: [`FloorItems`], in the order they
//! came, with lookups by cell and by id. A plain container, with no rule of
//! what an item does or where it may lie (`rules::items` says that).

use std::collections::BTreeMap;

use emberdeep_api::{ItemId, PackEntry, Point};

use crate::world::pack::FloorItem;

/// The items lying on the floor, in the order they came (the last of a
/// cell's is the one on top, which `g` picks up), indexed by cell and by
/// id. It reads as a slice of [`FloorItem`]s; it changes only through its
/// methods, which keep the indexes true.
#[derive(Clone, Default)]
pub struct FloorItems {
    heaps: Vec<FloorItem>,
    /// The positions in `heaps` of each cell's items, in order.
    by_cell: BTreeMap<Point, Vec<usize>>,
    /// The position in `heaps` of each id (the first, were one shared).
    by_id: BTreeMap<ItemId, usize>,
}

impl FloorItems {
    /// No items.
    pub fn new() -> FloorItems {
        FloorItems::default()
    }

    /// Lays `item` on top of whatever lies on its cell.
    pub fn push(&mut self, item: FloorItem) {
        let at = self.heaps.len();
        self.by_cell.entry(item.pos).or_default().push(at);
        self.by_id.entry(item.id).or_insert(at);
        self.heaps.push(item);
    }

    /// Takes away every item.
    pub fn clear(&mut self) {
        self.heaps.clear();
        self.by_cell.clear();
        self.by_id.clear();
    }

    /// Takes away the item at position `index` of the order they came.
    ///
    /// # Panics
    ///
    /// If there is no such position (as `Vec::remove`).
    pub fn remove(&mut self, index: usize) -> FloorItem {
        let gone = self.heaps.remove(index);
        self.reindex();
        gone
    }

    /// Sets how many the heap at position `index` holds (none: it is taken
    /// away). Its cell, kind and id stay.
    pub fn set_count(&mut self, index: usize, count: u32) {
        if count == 0 {
            if index < self.heaps.len() {
                self.remove(index);
            }
        } else if let Some(heap) = self.heaps.get_mut(index) {
            heap.count = count;
        }
    }

    /// The items on `cell`, in the order they came, each with its position.
    pub fn at(&self, cell: Point) -> impl DoubleEndedIterator<Item = (usize, &FloorItem)> + '_ {
        self.by_cell.get(&cell).into_iter().flatten().map(|&i| (i, &self.heaps[i]))
    }

    /// The item on top of `cell` (the last to come), with its position.
    pub fn top_at(&self, cell: Point) -> Option<(usize, &FloorItem)> {
        self.at(cell).next_back()
    }

    /// Whether anything lies on `cell`.
    pub fn any_at(&self, cell: Point) -> bool {
        self.by_cell.contains_key(&cell)
    }

    /// The item with id `id`, if it lies here.
    pub fn by_id(&self, id: ItemId) -> Option<&FloorItem> {
        self.by_id.get(&id).map(|&i| &self.heaps[i])
    }

    /// Whether the item with id `id` lies here.
    pub fn contains(&self, id: ItemId) -> bool {
        self.by_id.contains_key(&id)
    }

    /// What lies on `cell` as plugins read it: kind, count and id of each,
    /// in the order they came.
    pub fn entries_at(&self, cell: Point) -> Vec<PackEntry> {
        self.at(cell).map(|(_, i)| PackEntry { kind: i.kind.as_str().into(), count: i.count, item: i.id }).collect()
    }

    /// Builds the indexes again from `heaps`.
    fn reindex(&mut self) {
        self.by_cell.clear();
        self.by_id.clear();
        for (at, item) in self.heaps.iter().enumerate() {
            self.by_cell.entry(item.pos).or_default().push(at);
            self.by_id.entry(item.id).or_insert(at);
        }
    }
}

impl std::ops::Deref for FloorItems {
    type Target = [FloorItem];

    fn deref(&self) -> &[FloorItem] {
        &self.heaps
    }
}

impl From<Vec<FloorItem>> for FloorItems {
    fn from(heaps: Vec<FloorItem>) -> FloorItems {
        let mut items = FloorItems { heaps, ..FloorItems::default() };
        items.reindex();
        items
    }
}

impl FromIterator<FloorItem> for FloorItems {
    fn from_iter<I: IntoIterator<Item = FloorItem>>(iter: I) -> FloorItems {
        FloorItems::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl PartialEq for FloorItems {
    fn eq(&self, other: &FloorItems) -> bool {
        self.heaps == other.heaps
    }
}

impl std::fmt::Debug for FloorItems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.heaps).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heap(kind: &str, count: u32, x: i32, id: u32) -> FloorItem {
        FloorItem { kind: kind.into(), count, pos: Point::new(x, 1), id: ItemId(id) }
    }

    #[test]
    fn items_are_found_by_cell_in_the_order_they_came_and_by_id() {
        let mut items: FloorItems = vec![heap("potion", 2, 1, 1), heap("sword", 1, 2, 2)].into_iter().collect();
        items.push(heap("wand", 1, 1, 3));
        let on = |items: &FloorItems, x: i32| items.at(Point::new(x, 1)).map(|(_, i)| i.id.0).collect::<Vec<_>>();
        assert_eq!(on(&items, 1), [1, 3]);
        assert_eq!(items.top_at(Point::new(1, 1)).map(|(i, item)| (i, item.id)), Some((2, ItemId(3))));
        assert_eq!(items.by_id(ItemId(2)).map(|i| i.pos), Some(Point::new(2, 1)));
        assert!(!items.any_at(Point::new(3, 1)) && items.top_at(Point::new(-5, 900)).is_none());
        let entries = items.entries_at(Point::new(1, 1));
        assert_eq!(
            entries.iter().map(|e| (e.kind.as_str(), e.count)).collect::<Vec<_>>(),
            [("potion", 2), ("wand", 1)]
        );

        // Taken away, the rest are found where they are, the indexes kept true.
        assert_eq!(items.remove(0).id, ItemId(1));
        assert_eq!(on(&items, 1), [3]);
        assert_eq!(items.by_id(ItemId(3)).map(|i| i.kind.as_str()), Some("wand"));
        assert!(!items.contains(ItemId(1)));
        items.set_count(0, 0);
        assert!(!items.contains(ItemId(2)) && !items.any_at(Point::new(2, 1)));
        items.set_count(0, 5);
        assert_eq!((items.len(), items[0].count), (1, 5));
        items.clear();
        assert!(items.is_empty() && !items.any_at(Point::new(1, 1)) && items.by_id(ItemId(3)).is_none());
    }
}
