//! Everyone on the floor, by id, with a grid of who stands where.
//!
//! Monsters ask "who is on this cell?" for every step they consider, so the
//! answer must not cost a walk over every creature: the roster keeps an
//! occupancy grid beside the creatures and updates it on every insert,
//! removal and move. A move through `get_mut` is caught when its guard drops,
//! so code that writes `creature.pos` directly keeps the grid right too.
//! It also keeps the ids of the monsters a noise can draw (`listens`),
//! so a noise among hunters looks at nobody.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut, Index};

use emberdeep_api::{EntityId, MonsterState, Point};

use crate::world::creature::Creature;

const EMPTY: u32 = u32::MAX;

/// The creatures of a run, in id order, and the cells they stand on.
///
/// Creatures live in one vector sorted by id (ids only grow, so a spawn
/// pushes at the end), with an index from id to place: finding a creature by
/// id or by cell is two array reads, whatever the crowd.
#[derive(Default)]
pub struct Roster {
    creatures: Vec<Creature>,
    /// For each id, its place in `creatures` plus one (0: nobody has it).
    place: Vec<u32>,
    /// `width * height` cells, each the id standing there or `EMPTY`.
    grid: Vec<u32>,
    /// How many creatures stand on each cell (more than one only in hand-made scenarios).
    count: Vec<u16>,
    width: i32,
    height: i32,
    /// How many creatures each side has, kept through every insert,
    /// removal and [`Roster::set_side`], so "is anyone here of another
    /// side?" costs a lookup, not a walk.
    sides: BTreeMap<String, u32>,
    /// The creatures a noise can draw ([`listens`]), by id, kept through
    /// every insert, removal, change of side and change of state, so a
    /// noise among hunters looks at nobody.
    listening: BTreeSet<EntityId>,
    /// Bumped whenever a creature comes, goes, moves or changes side.
    version: u64,
}

/// Whether a noise can draw `c`: a monster not on the player's side,
/// asleep or wandering (one already hunting is not drawn off).
pub fn listens(c: &Creature) -> bool {
    !c.is_players_side() && matches!(c.state, MonsterState::Asleep | MonsterState::Wandering)
}

impl Roster {
    /// An empty roster.
    pub fn new() -> Roster {
        Roster::default()
    }

    fn cell(&self, p: Point) -> Option<usize> {
        (p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < self.height).then(|| (p.y * self.width + p.x) as usize)
    }

    fn index_of(&self, id: EntityId) -> Option<usize> {
        match self.place.get(id.0 as usize) {
            Some(&i) if i > 0 => Some(i as usize - 1),
            _ => None,
        }
    }

    /// Renumbers the places of the creatures from `from` on.
    fn reindex(&mut self, from: usize) {
        for (i, c) in self.creatures.iter().enumerate().skip(from) {
            let id = c.id.0 as usize;
            if self.place.len() <= id {
                self.place.resize(id + 1, 0);
            }
            self.place[id] = i as u32 + 1;
        }
    }

    /// Makes the grid cover `p`, rebuilding it larger when it does not.
    fn cover(&mut self, p: Point) {
        if p.x < 0 || p.y < 0 || self.cell(p).is_some() {
            return;
        }
        self.width = self.width.max(p.x + 1).max(80);
        self.height = self.height.max(p.y + 1).max(45);
        self.regrid();
    }

    fn regrid(&mut self) {
        self.grid = vec![EMPTY; (self.width * self.height) as usize];
        self.count = vec![0; self.grid.len()];
        for i in 0..self.creatures.len() {
            let (pos, id) = (self.creatures[i].pos, self.creatures[i].id);
            self.mark(pos, id);
        }
    }

    fn mark(&mut self, p: Point, id: EntityId) {
        if let Some(i) = self.cell(p) {
            self.count[i] += 1;
            // Two creatures on one cell (only a hand-made scenario does it):
            // the lower id answers, as a walk in id order would.
            if self.grid[i] == EMPTY || self.grid[i] > id.0 {
                self.grid[i] = id.0;
            }
        }
    }

    fn unmark(&mut self, p: Point, id: EntityId) {
        let Some(i) = self.cell(p) else { return };
        self.count[i] -= 1;
        if self.grid[i] != id.0 {
            return;
        }
        self.grid[i] = EMPTY;
        // Someone else shares the cell: rare enough to look for them.
        if self.count[i] == 0 {
            return;
        }
        if let Some(other) = self.creatures.iter().find(|c| c.pos == p && c.id != id).map(|c| c.id) {
            self.grid[i] = other.0;
        }
    }

    /// The creature standing on `p`.
    pub fn at(&self, p: Point) -> Option<&Creature> {
        match self.cell(p) {
            Some(i) => match self.grid[i] {
                EMPTY => None,
                id => self.get(&EntityId(id)),
            },
            None => self.creatures.iter().find(|c| c.pos == p),
        }
    }

    /// Every creature standing on `p` (more than one only in hand-made
    /// scenarios), at the cost of a grid read when there is one or none.
    pub fn all_at(&self, p: Point) -> Vec<&Creature> {
        match self.cell(p) {
            // The grid covers every creature: off it, nobody.
            None => Vec::new(),
            Some(i) if self.count[i] == 0 => Vec::new(),
            Some(i) if self.count[i] == 1 => self.at(p).into_iter().collect(),
            Some(_) => self.creatures.iter().filter(|c| c.pos == p).collect(),
        }
    }

    /// [`Roster::all_at`] without the vector: a grid read when one or
    /// nobody stands on `p`.
    pub fn each_at(&self, p: Point) -> impl Iterator<Item = &Creature> + '_ {
        let n = self.cell(p).map_or(0, |i| self.count[i]);
        let one = if n == 1 { self.at(p) } else { None };
        let many = (n > 1).then(|| self.creatures.iter().filter(move |c| c.pos == p));
        one.into_iter().chain(many.into_iter().flatten())
    }

    /// Adds a creature (or replaces the one with its id), returning any it replaced.
    pub fn insert(&mut self, id: EntityId, mut creature: Creature) -> Option<Creature> {
        creature.id = id;
        let old = self.remove(&id);
        let pos = creature.pos;
        *self.sides.entry(creature.side.clone()).or_default() += 1;
        if listens(&creature) {
            self.listening.insert(id);
        }
        self.version += 1;
        let at = self.creatures.partition_point(|c| c.id < id);
        self.creatures.insert(at, creature);
        self.reindex(at);
        self.cover(pos);
        self.mark(pos, id);
        old
    }

    /// Takes a creature off the floor.
    pub fn remove(&mut self, id: &EntityId) -> Option<Creature> {
        let i = self.index_of(*id)?;
        let c = self.creatures.remove(i);
        self.uncount(&c.side);
        self.listening.remove(id);
        self.version += 1;
        self.place[id.0 as usize] = 0;
        self.reindex(i);
        self.unmark(c.pos, c.id);
        Some(c)
    }

    /// Keeps only the creatures `keep` accepts.
    pub fn retain(&mut self, mut keep: impl FnMut(&EntityId, &Creature) -> bool) {
        self.creatures.retain(|c| keep(&c.id, c));
        self.sides.clear();
        self.listening.clear();
        for c in &self.creatures {
            *self.sides.entry(c.side.clone()).or_default() += 1;
            if listens(c) {
                self.listening.insert(c.id);
            }
        }
        self.version += 1;
        self.place.iter_mut().for_each(|p| *p = 0);
        self.reindex(0);
        self.regrid();
    }

    fn uncount(&mut self, side: &str) {
        if let Some(n) = self.sides.get_mut(side) {
            *n -= 1;
            if *n == 0 {
                self.sides.remove(side);
            }
        }
    }

    /// Puts creature `id` on `side`, keeping the count; returns the side it
    /// was on, `None` if nobody has the id.
    pub fn set_side(&mut self, id: &EntityId, side: &str) -> Option<String> {
        let i = self.index_of(*id)?;
        let was = std::mem::replace(&mut self.creatures[i].side, side.to_string());
        self.relisten(i);
        self.uncount(&was);
        *self.sides.entry(side.to_string()).or_default() += 1;
        self.version += 1;
        Some(was)
    }

    /// Puts creature `i` in or out of `listening` as it now is.
    fn relisten(&mut self, i: usize) {
        let c = &self.creatures[i];
        if listens(c) {
            self.listening.insert(c.id);
        } else {
            self.listening.remove(&c.id);
        }
    }

    /// The creatures a noise can draw ([`listens`]), in id order.
    pub fn listening(&self) -> impl Iterator<Item = &Creature> + '_ {
        self.listening.iter().filter_map(|id| self.get(id))
    }

    /// How many creatures a noise can draw.
    pub fn listening_count(&self) -> usize {
        self.listening.len()
    }

    /// How many creatures are on `side`.
    pub fn on_side(&self, side: &str) -> u32 {
        self.sides.get(side).copied().unwrap_or(0)
    }

    /// A number that changes whenever a creature comes, goes, moves or
    /// changes side (what a list of the floor's creatures is kept by).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// A creature by id.
    pub fn get(&self, id: &EntityId) -> Option<&Creature> {
        self.index_of(*id).map(|i| &self.creatures[i])
    }

    /// A creature by id, to change; a change of `pos` moves it on the grid
    /// when the guard drops.
    pub fn get_mut(&mut self, id: &EntityId) -> Option<CreatureMut<'_>> {
        let index = self.index_of(*id)?;
        let c = &self.creatures[index];
        let (was, listened) = (c.pos, listens(c));
        Some(CreatureMut { roster: self, index, was, listened })
    }

    /// Whether a creature has this id.
    pub fn contains_key(&self, id: &EntityId) -> bool {
        self.index_of(*id).is_some()
    }

    /// The ids, in order.
    pub fn keys(&self) -> impl Iterator<Item = &EntityId> + '_ {
        self.creatures.iter().map(|c| &c.id)
    }

    /// The creatures, in id order.
    pub fn values(&self) -> impl Iterator<Item = &Creature> + '_ {
        self.creatures.iter()
    }

    /// Ids and creatures, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (&EntityId, &Creature)> + '_ {
        self.creatures.iter().map(|c| (&c.id, c))
    }

    /// How many creatures, the player included.
    pub fn len(&self) -> usize {
        self.creatures.len()
    }

    /// Whether there is nobody, not even the player.
    pub fn is_empty(&self) -> bool {
        self.creatures.is_empty()
    }
}

impl Index<&EntityId> for Roster {
    type Output = Creature;
    fn index(&self, id: &EntityId) -> &Creature {
        self.get(id).unwrap_or_else(|| panic!("no creature #{}", id.0))
    }
}

impl FromIterator<(EntityId, Creature)> for Roster {
    fn from_iter<I: IntoIterator<Item = (EntityId, Creature)>>(iter: I) -> Roster {
        let mut roster = Roster::new();
        for (id, c) in iter {
            roster.insert(id, c);
        }
        roster
    }
}

/// A creature borrowed to change; keeps the grid right when it moves.
pub struct CreatureMut<'a> {
    roster: &'a mut Roster,
    index: usize,
    was: Point,
    /// Whether it could hear a noise when borrowed ([`listens`]).
    listened: bool,
}

impl Deref for CreatureMut<'_> {
    type Target = Creature;
    fn deref(&self) -> &Creature {
        &self.roster.creatures[self.index]
    }
}

impl DerefMut for CreatureMut<'_> {
    fn deref_mut(&mut self) -> &mut Creature {
        &mut self.roster.creatures[self.index]
    }
}

impl Drop for CreatureMut<'_> {
    fn drop(&mut self) {
        let c = &self.roster.creatures[self.index];
        let (now, id) = (c.pos, c.id);
        if listens(c) != self.listened {
            self.roster.relisten(self.index);
        }
        if now != self.was {
            self.roster.version += 1;
            self.roster.unmark(self.was, id);
            self.roster.cover(now);
            self.roster.mark(now, id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: i32, y: i32, id: u32) -> Creature {
        let mut c = Creature::player(Point::new(x, y), 10);
        c.id = EntityId(id);
        c
    }

    fn who(r: &Roster, x: i32, y: i32) -> Option<u32> {
        r.at(Point::new(x, y)).map(|c| c.id.0)
    }

    #[test]
    fn the_grid_follows_inserts_moves_and_removals() {
        let mut r = Roster::new();
        r.insert(EntityId(0), at(1, 1, 0));
        r.insert(EntityId(3), at(5, 5, 3));
        assert_eq!(who(&r, 1, 1), Some(0));
        assert_eq!(who(&r, 5, 5), Some(3));
        r.get_mut(&EntityId(3)).unwrap().pos = Point::new(6, 5);
        assert_eq!(who(&r, 5, 5), None);
        assert_eq!(who(&r, 6, 5), Some(3));
        r.remove(&EntityId(3));
        assert_eq!(who(&r, 6, 5), None);
        r.insert(EntityId(4), at(2, 2, 4));
        r.retain(|id, _| id.is_player());
        assert_eq!(who(&r, 2, 2), None);
        assert_eq!(who(&r, 1, 1), Some(0));
    }

    #[test]
    fn a_shared_cell_answers_the_lower_id_and_the_other_after_it_leaves() {
        let mut r = Roster::new();
        r.insert(EntityId(7), at(3, 3, 7));
        r.insert(EntityId(2), at(3, 3, 2));
        assert_eq!(who(&r, 3, 3), Some(2));
        r.get_mut(&EntityId(2)).unwrap().pos = Point::new(4, 3);
        assert_eq!(who(&r, 3, 3), Some(7));
        assert_eq!(who(&r, 4, 3), Some(2));
        r.get_mut(&EntityId(2)).unwrap().pos = Point::new(3, 3);
        let both: Vec<u32> = r.all_at(Point::new(3, 3)).iter().map(|c| c.id.0).collect();
        assert_eq!(both, [2, 7]);
        assert!(r.all_at(Point::new(-1, 3)).is_empty() && r.all_at(Point::new(4, 3)).is_empty());
    }

    #[test]
    fn sides_are_counted_through_inserts_changes_and_removals() {
        let mut r = Roster::new();
        r.insert(EntityId(0), at(1, 1, 0));
        let mut wolf = at(2, 1, 1);
        wolf.side = "monsters".into();
        r.insert(EntityId(1), wolf.clone());
        r.insert(EntityId(2), Creature { pos: Point::new(3, 1), ..wolf });
        assert_eq!((r.on_side("player"), r.on_side("monsters")), (1, 2));
        let before = r.version();
        assert_eq!(r.set_side(&EntityId(1), "player").as_deref(), Some("monsters"));
        assert!(r.version() > before);
        assert_eq!((r.on_side("player"), r.on_side("monsters")), (2, 1));
        r.remove(&EntityId(2));
        assert_eq!(r.on_side("monsters"), 0);
        r.retain(|id, _| id.is_player());
        assert_eq!((r.on_side("player"), r.on_side("monsters")), (1, 0));
        let before = r.version();
        r.get_mut(&EntityId(0)).unwrap().pos = Point::new(2, 2);
        assert!(r.version() > before, "a move changes the version");
    }

    #[test]
    fn cells_beyond_the_first_grid_grow_it() {
        let mut r = Roster::new();
        r.insert(EntityId(1), at(2, 2, 1));
        r.insert(EntityId(2), at(300, 200, 2));
        assert_eq!(who(&r, 300, 200), Some(2));
        assert_eq!(who(&r, 2, 2), Some(1));
        assert_eq!(who(&r, -1, 0), None);
    }

    #[test]
    fn creatures_stay_in_id_order_through_inserts_and_removals() {
        let mut r = Roster::new();
        for id in [5, 1, 9, 3] {
            r.insert(EntityId(id), at(id as i32, 1, id));
        }
        r.remove(&EntityId(3));
        r.insert(EntityId(2), at(20, 2, 2));
        let ids: Vec<u32> = r.keys().map(|id| id.0).collect();
        assert_eq!(ids, [1, 2, 5, 9]);
        for id in ids {
            assert_eq!(r.get(&EntityId(id)).map(|c| c.id.0), Some(id));
        }
        assert!(r.get(&EntityId(3)).is_none());
        assert_eq!(who(&r, 3, 1), None);
        assert_eq!(who(&r, 20, 2), Some(2));
        assert_eq!(r.len(), 4);
    }
}
