//! What a run is for: the ember-heart on the deepest floor. That floor has
//! no stairs down; where they would be lies the ember-heart (the host's own
//! record, `data/host/goal.toml`), with the strongest monster kind of the
//! loaded plugins asleep beside it. Picking it up wins the run. Which floor
//! is the deepest is said once, by that record's `floors`.

use std::cmp::Reverse;

use emberdeep_api::{MessageKind, MonsterState, Point, DIRECTIONS};

use crate::data::records::MonsterRecord;
use crate::fields;
use crate::world::game::{Game, GOAL_ITEM};

/// How strong a kind is, to choose the guardian: its health times its blow
/// (both ends), the blow from afar counted in too.
fn strength(m: &MonsterRecord) -> i64 {
    let ranged = m.ranged.as_ref().map_or(0, |r| r.damage.min + r.damage.max);
    m.hp as i64 * (m.damage.min + m.damage.max + ranged) as i64
}

impl Game {
    /// The deepest floor, the one with no way further down: the last of the
    /// ember-heart record's `floors` (`data/host/goal.toml`). Without that
    /// record no floor is the deepest, and the run cannot be won.
    pub fn deepest_floor(&self) -> Option<u32> {
        self.records.items.get(GOAL_ITEM).map(|r| r.floors.1)
    }

    /// Whether this is the deepest floor, the one with no way further down.
    pub fn on_deepest_floor(&self) -> bool {
        self.is_deepest(self.floor)
    }

    /// Whether `floor` is the deepest floor.
    pub fn is_deepest(&self, floor: u32) -> bool {
        self.deepest_floor().is_some_and(|deepest| floor >= deepest)
    }

    /// Lays the ember-heart on `at` and the guardian asleep next to it
    /// (the strongest kind the records hold; ties go to the first id).
    pub fn place_goal(&mut self, at: Point) {
        if !self.records.items.contains_key(GOAL_ITEM) {
            self.log.add(
                "The ember-heart's record is missing (data/host/goal.toml): this run cannot be won.",
                MessageKind::Danger,
            );
            return;
        }
        let Some(id) = self.new_item_id() else {
            self.log.add(
                "The ember-heart cannot be made: this run has made all the items it may, and cannot be won.",
                MessageKind::Danger,
            );
            return;
        };
        self.drop_on_floor(GOAL_ITEM, 1, at, id);
        let guardian =
            self.records.monsters.values().max_by_key(|m| (strength(m), Reverse(m.id.clone()))).map(|m| m.id.clone());
        let beside = DIRECTIONS
            .iter()
            .map(|&(dx, dy)| at.offset(dx, dy))
            .find(|&p| self.map.is_walkable(p) && self.creature_at(p).is_none());
        let placed = match (guardian, beside) {
            (Some(kind), Some(p)) => self.spawn_monster(&kind, p, Some(MonsterState::Asleep)).map(|_| kind),
            _ => None,
        };
        self.emit(
            "goal",
            "host",
            fields! {"item" => GOAL_ITEM, "x" => at.x, "y" => at.y, "guardian" => placed.unwrap_or_default()},
        );
    }

    /// Whether the player holds the ember-heart.
    pub fn holds_goal(&self) -> bool {
        self.pack.slots().iter().flatten().any(|i| i.kind == GOAL_ITEM)
    }

    /// The run is won: the ember-heart is the player's. Counted as a turn;
    /// no monster acts after it.
    pub fn win(&mut self) {
        if self.over {
            return;
        }
        self.turn += 1;
        self.won = true;
        self.over = true;
        self.log.add("You hold the ember-heart! The deep is yours: you have won.", MessageKind::Good);
        self.emit("victory", "host", fields! {"turn" => self.turn, "floor" => self.floor});
        self.emit("run_end", "host", fields! {"turns" => self.turn, "cause" => "victory", "floor" => self.floor});
        self.update_sight();
    }
}
