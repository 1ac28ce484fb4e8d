//! Who is in the world, as plugins change it (api 1.2): a creature made
//! (`spawn`), taken out without a death (`removed`), put on a cell at once
//! (`teleport`), and the whole floor's creatures listed. Each change is
//! traced under the plugin that asked; each refusal is one line saying why,
//! and changes nothing.

use emberdeep_api::{EntityId, FloorCreature, MonsterState, Point};

use crate::data::untrusted::shown;
use crate::fields;
pub use crate::world::creature::ChangeRefused;
use crate::world::creature::Creature;
use crate::world::game::Game;

/// The most characters of a plugin's text (a kind, a side) a refusal repeats.
const SHOWN: usize = 40;

impl Game {
    /// A new monster of `kind` on the free open cell `at`, awake
    /// (wandering), on `side` (empty: its record's), traced as `spawn`
    /// under `source` with its side.
    pub fn spawn_creature(
        &mut self,
        kind: &str,
        at: Point,
        side: &str,
        source: &str,
    ) -> Result<EntityId, ChangeRefused> {
        self.spawn_creature_as(kind, at, side, MonsterState::Wandering, source)
    }

    /// [`Game::spawn_creature`] in `state`.
    pub fn spawn_creature_as(
        &mut self,
        kind: &str,
        at: Point,
        side: &str,
        state: MonsterState,
        source: &str,
    ) -> Result<EntityId, ChangeRefused> {
        self.spawn_creature_looking(kind, at, side, state, None, source)
    }

    /// [`Game::spawn_creature_as`] with a look of its own over its
    /// record's, if given (api 1.6: checked by the caller); the `spawn`
    /// event then names it, its glyph, colour and tile.
    pub(crate) fn spawn_creature_looking(
        &mut self,
        kind: &str,
        at: Point,
        side: &str,
        state: MonsterState,
        look: Option<&emberdeep_api::CreatureLook>,
        source: &str,
    ) -> Result<EntityId, ChangeRefused> {
        let Some(rec) = self.records.monsters.get(kind).cloned() else {
            return Err(ChangeRefused::UnknownKind(shown(kind, SHOWN)));
        };
        let side = if side.is_empty() { rec.side.clone() } else { side.to_string() };
        if !self.plugins.knows_side(&side) {
            return Err(ChangeRefused::UnknownSide(shown(&side, SHOWN)));
        }
        self.open_cell(at)?;
        let id = self.new_creature_id().ok_or(ChangeRefused::NoIdLeft)?;
        let mut monster = Creature { side: side.clone(), ..Creature::monster(id, &rec, at, state) };
        let name = monster.trace_name();
        let mut fields = fields! {"monster" => name, "x" => at.x, "y" => at.y, "state" => state.name(), "side" => side};
        // Only a look of its own adds to the event, so traces without looks stay as they were.
        if let Some(look) = look.filter(|l| !l.is_empty()) {
            Game::wear_look(&mut monster, &rec, look);
            fields.extend(Game::look_fields(&monster).map(|(k, v)| (k.to_string(), v)));
        }
        self.creatures.insert(id, monster);
        self.emit("spawn", source, fields);
        self.give_carried(source, id, &rec.carries);
        Ok(id)
    }

    /// Takes monster `id` out of the world without a death: a `removed`
    /// event under `source`; no `death`, no kill, no hook told of a death.
    /// What plugins stored for it goes with it; what it carried is
    /// dropped where it stood (`item_dropped`), the same items.
    pub fn remove_creature(&mut self, id: EntityId, source: &str) -> Result<(), ChangeRefused> {
        if id.is_player() {
            return Err(ChangeRefused::ThePlayer("removed"));
        }
        let gone = self.creatures.remove(&id).ok_or(ChangeRefused::NoCreature(id.0))?;
        self.retain_stored(|owner| owner != id);
        self.emit("removed", source, fields! {"who" => gone.trace_name(), "x" => gone.pos.x, "y" => gone.pos.y});
        // What it carried stays behind, where it stood: the same items.
        self.drop_carried(id, &gone.trace_name(), gone.pos, source);
        Ok(())
    }

    /// Puts creature `id` on the free open cell `at` at once: a `teleport`
    /// event under `source`; for the player, its sight and memory are
    /// brought up to date in the same call.
    pub fn place_creature(&mut self, id: EntityId, at: Point, source: &str) -> Result<(), ChangeRefused> {
        let (from, name) =
            self.creatures.get(&id).map(|c| (c.pos, c.trace_name())).ok_or(ChangeRefused::NoCreature(id.0))?;
        if from != at {
            self.open_cell(at)?;
        }
        if let Some(mut c) = self.creatures.get_mut(&id) {
            c.pos = at;
        }
        self.emit(
            "teleport",
            source,
            fields! {"who" => name, "from_x" => from.x, "from_y" => from.y, "x" => at.x, "y" => at.y},
        );
        if id.is_player() {
            self.update_sight();
        }
        if from != at {
            self.arrived(id, at);
        }
        Ok(())
    }

    /// Ok if a creature may be put on `at`: open floor (no wall, no closed
    /// door), nobody there.
    fn open_cell(&self, at: Point) -> Result<(), ChangeRefused> {
        if !self.map.is_walkable(at) {
            return Err(ChangeRefused::NotFloor { x: at.x, y: at.y });
        }
        match self.creature_at(at) {
            Some(c) => Err(ChangeRefused::Occupied { x: at.x, y: at.y, who: c.trace_name() }),
            None => Ok(()),
        }
    }

    /// Every creature on the floor, in id order (the player first), with
    /// its side and whether the player sees it. Built once and kept until
    /// a creature comes, goes, moves or changes side or the player's sight
    /// changes, so a plugin asking many times a turn pays for one build.
    pub fn floor_creatures(&mut self) -> &[FloorCreature] {
        let key = (self.creatures.version(), self.sight_version);
        if self.floor_list.as_ref().is_none_or(|(k, _)| *k != key) {
            let list = self
                .creatures
                .values()
                .map(|c| FloorCreature {
                    id: c.id,
                    kind: c.kind.as_str().into(),
                    pos: c.pos,
                    side: c.side.as_str().into(),
                    // A disguised one shows as what it passes for (api 1.6).
                    seen: c.id.is_player() || (!c.is_disguised() && self.fov.is_visible(c.pos)),
                })
                .collect();
            self.floor_list = Some((key, list));
        }
        self.floor_list.as_ref().map_or(&[], |(_, list)| list.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sides::tests::wolves_game;

    #[test]
    fn a_spawn_is_refused_in_one_line_for_an_unknown_kind_a_wall_a_taken_cell_or_side() {
        let mut game = wolves_game();
        let before = (game.creatures.len(), game.next_id);
        let refusals = [
            game.spawn_creature("dragon", Point::new(2, 2), "", "summoner").unwrap_err(),
            game.spawn_creature("wolf", Point::new(0, 0), "", "summoner").unwrap_err(),
            game.spawn_creature("wolf", Point::new(1, 1), "", "summoner").unwrap_err(),
            game.spawn_creature("wolf", Point::new(2, 2), "fae", "summoner").unwrap_err(),
            game.spawn_creature(&"x".repeat(100_000), Point::new(2, 2), "", "summoner").unwrap_err(),
        ];
        let lines: Vec<String> = refusals.iter().map(ToString::to_string).collect();
        assert_eq!(lines[0], "no loaded plugin has a monster 'dragon'");
        assert_eq!(lines[1], "the cell 0,0 is not open floor");
        assert_eq!(lines[2], "the cell 1,1 is taken by player");
        assert_eq!(lines[3], "no loaded plugin declared a side 'fae'");
        assert!(lines.iter().all(|l| !l.contains('\n') && l.len() < 120), "{lines:?}");
        assert_eq!((game.creatures.len(), game.next_id), before, "nothing changed");
    }

    #[test]
    fn a_spawned_creature_is_awake_on_its_side_and_traced() {
        let mut game = wolves_game();
        let id = game.spawn_creature("wolf", Point::new(3, 2), "player", "summoner").unwrap();
        let wolf = &game.creatures[&id];
        assert_eq!((wolf.side.as_str(), wolf.state), ("player", MonsterState::Wandering));
        let id = game.spawn_creature("wolf", Point::new(4, 2), "", "summoner").unwrap();
        assert_eq!(game.creatures[&id].side, "monsters", "the record's side");
        let spawns = game.trace.kept.as_ref().unwrap().iter().filter(|l| l.contains("\"spawn\"")).count();
        assert_eq!(spawns, 2);
    }

    #[test]
    fn a_removal_is_no_death_and_a_place_moves_at_once() {
        let mut game = wolves_game();
        let id = game.spawn_creature("wolf", Point::new(3, 2), "", "summoner").unwrap();
        game.remove_creature(id, "summoner").unwrap();
        assert!(game.creatures.get(&id).is_none());
        assert_eq!(
            game.remove_creature(EntityId::PLAYER, "x").unwrap_err().to_string(),
            "the player cannot be removed"
        );
        let kept = game.trace.kept.as_ref().unwrap();
        assert!(kept.iter().any(|l| l.contains("\"removed\"") && l.contains("\"summoner\"")), "{kept:?}");
        assert!(!kept.iter().any(|l| l.contains("\"death\"")), "{kept:?}");
        assert!(game.kills.is_empty());
        let other = game.spawn_creature("wolf", Point::new(4, 2), "", "summoner").unwrap();
        let err = game.place_creature(EntityId::PLAYER, Point::new(4, 2), "blink").unwrap_err();
        assert_eq!(err.to_string(), format!("the cell 4,2 is taken by wolf#{}", other.0));
        assert_eq!(game.player().pos, Point::new(1, 1), "refused: nothing moved");
        game.place_creature(EntityId::PLAYER, Point::new(6, 3), "blink").unwrap();
        assert_eq!(game.player().pos, Point::new(6, 3));
        assert!(game.fov.is_visible(Point::new(6, 3)), "sight follows in the same call");
    }

    #[test]
    fn the_floor_list_is_built_once_and_follows_changes() {
        let mut game = wolves_game();
        let id = game.spawn_creature("wolf", Point::new(3, 2), "player", "summoner").unwrap();
        let first = game.floor_creatures().to_vec();
        assert_eq!(
            first.iter().map(|c| (c.id, c.side.as_str())).collect::<Vec<_>>(),
            [(EntityId::PLAYER, "player"), (id, "player")]
        );
        let built = game.floor_list.as_ref().map(|(_, l)| l.as_ptr());
        game.floor_creatures();
        assert_eq!(game.floor_list.as_ref().map(|(_, l)| l.as_ptr()), built, "asked again: not built again");
        game.place_creature(id, Point::new(5, 2), "blink").unwrap();
        assert_eq!(game.floor_creatures()[1].pos, Point::new(5, 2));
    }
}
