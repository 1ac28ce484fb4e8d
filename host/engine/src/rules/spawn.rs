//! Filling a floor: a new level from the run's RNG, its map pieces
//! (`rules::pieces`), monsters and items by the floor's records, and the
//! `floor` and `spawn` trace events.

use emberdeep_api::{EntityId, Generator, MonsterState, Point, DIRECTIONS};

use crate::core::mapgen::{generate, generate_deepest, Rect};
use crate::data::records::frequency_on;
use crate::fields;
use crate::world::creature::Creature;
use crate::world::game::Game;

/// What the log says as the run hands out its last creature id.
pub const NO_MORE_CREATURES: &str =
    "No more creatures can come into this run: it has had 999,999, the most a run may have.";

impl Game {
    /// Makes floor `floor` from the run's RNG and puts the player on it.
    pub fn enter_new_floor(&mut self, floor: u32) {
        let deepest = self.is_deepest(floor);
        let make = if deepest { generate_deepest } else { generate };
        let (mut level, generator, mut asked) = match self.plugin_level(floor, deepest) {
            Some((level, made_by, asked)) => (level, Some(made_by), asked),
            None => (make(&mut self.rng, self.numbers.map_width, self.numbers.map_height), None, Default::default()),
        };
        self.generator =
            generator.clone().unwrap_or_else(|| Generator::new("host", if deepest { "deepest" } else { "rooms" }));
        let pieces = self.lay_pieces(&mut level, floor, deepest);
        asked.extend(self.shape_level(&mut level, floor, deepest));
        // The player's allies near it, in its sight, come down with it.
        let followers = self.allies_near_player();
        self.floor = floor;
        self.map = level.map;
        self.items.clear();
        self.dropped.clear();
        self.noticed.clear();
        self.field_layers.clear();
        self.paths.clear();
        self.creatures.retain(|id, _| id.is_player() || followers.contains(id));
        self.retain_stored(|id| id.is_player() || followers.contains(&id));
        // Allies that come along keep what they carry; the rest stays behind.
        self.carried.retain(|id, _| followers.contains(id));
        self.player_mut().pos = level.start;
        self.bring_followers(&followers, level.start);
        let stairs = level.stairs;
        let mut fields = if deepest {
            fields! {"floor" => floor, "goal_x" => stairs.x, "goal_y" => stairs.y}
        } else {
            fields! {"floor" => floor, "stairs_x" => stairs.x, "stairs_y" => stairs.y}
        };
        // Only a plugin's floor names its maker, so the host's floors trace as before.
        if let Some(made_by) = generator {
            fields.insert("generator".to_string(), serde_json::json!(made_by.name));
        }
        // And only a floor with map pieces names them.
        let laid: Vec<&str> = pieces
            .iter()
            .filter_map(|p| match p {
                crate::rules::pieces::PieceOutcome::Laid { id, .. } => Some(id.as_str()),
                _ => None,
            })
            .collect();
        if !laid.is_empty() {
            fields.insert("pieces".to_string(), serde_json::json!(laid));
        }
        self.emit("floor", "host", fields);
        self.fill_pieces(pieces);
        self.make_asked(asked.monsters);
        if deepest {
            self.place_goal(stairs);
        }
        self.make_asked_items(asked.items);
        for room in level.rooms.iter().skip(1) {
            self.populate_room(room);
        }
        self.update_sight();
    }

    /// Puts each ally that came down on the first free open cell beside
    /// `start` (in the order of [`DIRECTIONS`]), traced as a `teleport`;
    /// one with no room is left behind (a `removed`).
    fn bring_followers(&mut self, followers: &[EntityId], start: Point) {
        // Off the old floor's cells first, so none holds a cell of the new one.
        let mut from = Vec::new();
        for &id in followers {
            if let Some(mut c) = self.creatures.get_mut(&id) {
                from.push(c.pos);
                c.pos = Point::new(-1, -1);
            }
        }
        for (&id, from) in followers.iter().zip(from) {
            let cell = DIRECTIONS
                .iter()
                .map(|&(dx, dy)| start.offset(dx, dy))
                .find(|&p| self.map.is_walkable(p) && self.map.tile(p).is_safe_step() && self.creature_at(p).is_none());
            match cell {
                Some(at) => {
                    if let Some(mut c) = self.creatures.get_mut(&id) {
                        c.pos = at;
                        c.goal = None;
                    }
                    let name = self.creatures[&id].trace_name();
                    self.emit(
                        "teleport",
                        "host",
                        fields! {"who" => name, "from_x" => from.x, "from_y" => from.y, "x" => at.x, "y" => at.y},
                    );
                }
                None => {
                    let _ = self.remove_creature(id, "host");
                }
            }
        }
    }

    fn populate_room(&mut self, room: &Rect) {
        let deeper = self.numbers.monsters_per_room + (self.floor as i32 - 1) / 3;
        let most = deeper.min(self.numbers.monsters_per_room_most.max(self.numbers.monsters_per_room));
        for _ in 0..self.rng.range(0, most) {
            if let (Some(kind), Some(pos)) = (self.pick_monster_kind(), self.free_cell_in(room)) {
                self.spawn_monster(&kind, pos, None);
            }
        }
        for _ in 0..self.rng.range(0, self.numbers.items_per_room) {
            if let (Some(kind), Some(pos)) = (self.pick_item_kind(), self.free_cell_in(room)) {
                let found = self.records.items[&kind].found;
                let count = self.rng.range(found.0 as i32, found.1 as i32) as u32;
                // None left: the log said so as the last was made.
                let Some(id) = self.new_item_id() else { continue };
                self.drop_on_floor(&kind, count, pos, id);
                self.emit("spawn", "host", fields! {"item" => kind, "count" => count, "x" => pos.x, "y" => pos.y});
                self.made_event(&kind, id);
            }
        }
    }

    /// A random free floor cell inside a room (a few tries), never lava or
    /// a chasm (api 1.7: `deadly`). On a plugin's floor, whose blocks are
    /// mostly rock or water where it is a floor of lakes or halls, a block
    /// the tries missed is then drawn from among its free cells, so such a
    /// floor is as full as one of open caves (the host's own rooms are all
    /// floor, and keep the tries alone).
    fn free_cell_in(&mut self, room: &Rect) -> Option<Point> {
        let free = |game: &Game, p: Point| {
            let safe = game.map.is_walkable(p) && game.map.tile(p).is_safe_step();
            safe && game.creature_at(p).is_none() && !game.items.any_at(p)
        };
        for _ in 0..10 {
            let p =
                Point::new(self.rng.range(room.x, room.x + room.w - 1), self.rng.range(room.y, room.y + room.h - 1));
            if free(self, p) {
                return Some(p);
            }
        }
        if self.generator.is_host() {
            return None;
        }
        let cells: Vec<Point> = (room.y..room.y + room.h)
            .flat_map(|y| (room.x..room.x + room.w).map(move |x| Point::new(x, y)))
            .filter(|&p| free(self, p))
            .collect();
        if cells.is_empty() {
            return None;
        }
        Some(cells[self.rng.below(cells.len() as u32) as usize])
    }

    /// A monster kind of this floor, weighted by frequency.
    fn pick_monster_kind(&mut self) -> Option<String> {
        let floor = self.floor;
        let choices: Vec<(String, u32)> = self
            .records
            .monsters
            .values()
            .filter(|m| (m.floors.0..=m.floors.1).contains(&floor))
            .map(|m| (m.id.clone(), frequency_on(m.frequency, &m.deeper, floor)))
            .collect();
        self.pick_weighted(choices)
    }

    /// An item kind of this floor, weighted by frequency.
    fn pick_item_kind(&mut self) -> Option<String> {
        let floor = self.floor;
        let choices: Vec<(String, u32)> = self
            .records
            .items
            .values()
            .filter(|i| (i.floors.0..=i.floors.1).contains(&floor))
            .map(|i| (i.id.clone(), frequency_on(i.frequency, &i.deeper, floor)))
            .collect();
        self.pick_weighted(choices)
    }

    fn pick_weighted(&mut self, choices: Vec<(String, u32)>) -> Option<String> {
        let total: u32 = choices.iter().map(|c| c.1).sum();
        if total == 0 {
            return None;
        }
        let mut roll = self.rng.below(total);
        for (id, weight) in choices {
            if roll < weight {
                return Some(id);
            }
            roll -= weight;
        }
        None
    }

    /// A new creature id, or `None` once the run has handed out every id a
    /// save holds (`data::bounds::hand_out_id`): the creature is then not
    /// made, and the run goes on (and saves) without it. Handing out the
    /// last one says so in the log, once.
    pub fn new_creature_id(&mut self) -> Option<EntityId> {
        let id = crate::data::bounds::hand_out_id(&mut self.next_id)?;
        if self.next_id == crate::data::bounds::MOST_IDS {
            self.log.add(NO_MORE_CREATURES, emberdeep_api::MessageKind::Info);
        }
        Some(id)
    }

    /// Places a monster of `kind`; its state is rolled unless given.
    /// `None` if no record has the kind or no id is left.
    pub fn spawn_monster(&mut self, kind: &str, pos: Point, state: Option<MonsterState>) -> Option<EntityId> {
        let rec = self.records.monsters.get(kind)?.clone();
        let state = state.unwrap_or_else(|| {
            if self.rng.percent(self.numbers.asleep_percent) {
                MonsterState::Asleep
            } else {
                MonsterState::Wandering
            }
        });
        let id = self.new_creature_id()?;
        let monster = Creature::monster(id, &rec, pos, state);
        let name = monster.trace_name();
        self.creatures.insert(id, monster);
        self.emit("spawn", "host", fields! {"monster" => name, "x" => pos.x, "y" => pos.y, "state" => state.name()});
        self.give_carried("host", id, &rec.carries);
        Some(id)
    }
}
