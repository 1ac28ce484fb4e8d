//! Monsters: their turn (awareness, then their brain), their states and
//! the messages when they change, noise that wakes them, moving (doors
//! only for kinds that open them), and attacks applied to anyone.

use emberdeep_api::{Attack, EntityId, Hurt, MessageKind, MonsterState, Point};

use abi_stable::std_types::ROption;

use crate::core::map::Tile;
use crate::data::bounds::MOST_HEALTH;
use crate::data::records::MonsterTrait;
use crate::fields;
use crate::plugins::boundary::Access;
use crate::rules::statuses::TurnRule;
use crate::world::creature::Creature;
use crate::world::game::Game;
use crate::world::log::capitalized;
use crate::world::roster::listens;

/// How much of a noise's loudness must be left at a sleeper's distance to wake it.
pub const WAKE_MARGIN: i32 = 3;

impl Game {
    /// Every awake monster acts, in id order (a fixed order, for replays).
    pub fn monsters_act(&mut self) {
        if self.monsters_wait_for_haste() {
            return;
        }
        let ids: Vec<EntityId> = self.creatures.keys().copied().filter(|id| !id.is_player()).collect();
        for id in ids {
            if self.player().hp <= 0 {
                break;
            }
            if self.slowed_this_turn(id) {
                continue;
            }
            let Some(state) = self.creatures.get(&id).map(|m| m.state) else { continue };
            if state == MonsterState::Asleep {
                self.maybe_stir(id);
                continue;
            }
            // The player's allies, and those not its enemies (a peaceful
            // trader), do not hunt it: no noticing, no goal.
            if self.are_enemies(id, EntityId::PLAYER) {
                self.notice_player(id);
            }
            match self.turn_rule(id) {
                TurnRule::Acts => self.run_brain(id, None),
                TurnRule::Brain(brain) => self.run_brain(id, Some(&brain)),
                TurnRule::Skips(_) => {}
            }
        }
    }

    /// A sleeper with the player in its sight may stir: `notice_percent` a turn.
    fn maybe_stir(&mut self, id: EntityId) {
        if self.sees_player(id) && self.rng.percent(self.numbers.notice_percent) {
            if !self.are_enemies(id, EntityId::PLAYER) {
                // An ally (or one not its enemy) wakes to the player, and does not hunt it.
                self.set_state(id, MonsterState::Wandering, "sight", "host");
            } else {
                self.saw_player(id);
            }
        }
    }

    /// Monster `id` has the player in sight: it hunts it, and a kind that
    /// `tracks` remembers where it saw the player; any other kind keeps no
    /// goal, so that once the player is out of sight it wanders.
    fn saw_player(&mut self, id: EntityId) {
        self.set_state(id, MonsterState::Hunting, "sight", "host");
        let tracks = self.monster_has(id, MonsterTrait::Tracks);
        let player_pos = self.player().pos;
        if let Some(mut m) = self.creatures.get_mut(&id) {
            m.goal = tracks.then_some(player_pos);
        }
    }

    /// A monster that sees the player hunts it. One that does not, and has
    /// nowhere to go (a kind that does not track, or one that reached the
    /// place it last saw or heard the player), goes back to wandering.
    fn notice_player(&mut self, id: EntityId) {
        if self.sees_player(id) {
            self.saw_player(id);
            return;
        }
        let Some(mut m) = self.creatures.get_mut(&id) else { return };
        if m.goal == Some(m.pos) {
            m.goal = None;
        }
        if m.goal.is_none() && m.state == MonsterState::Hunting {
            m.state = MonsterState::Wandering;
        }
    }

    /// Whether monster `id`'s kind has trait `t` (false for the player, and
    /// for a monster whose record is gone).
    pub fn monster_has(&self, id: EntityId, t: MonsterTrait) -> bool {
        let Some(m) = self.creatures.get(&id) else { return false };
        self.records.monsters.get(&m.kind).is_some_and(|r| r.has(t))
    }

    /// Whether creature `id` flies now (api 1.7): its record has the
    /// trait `flies`, or it bears a status a plugin declared lifting
    /// (`Registry::status_flies`). False for nobody.
    pub fn flies(&self, id: EntityId) -> bool {
        let Some(c) = self.creatures.get(&id) else { return false };
        let lifted = c.statuses.iter().any(|s| self.plugins.flying_statuses.contains(&s.name));
        lifted || self.records.monsters.get(&c.kind).is_some_and(|r| r.has(MonsterTrait::Flies))
    }

    /// Monster `id` tries its record's attack from afar through the
    /// registered `RangedKind`; false if it has none or did not attack.
    pub fn try_ranged(&mut self, id: EntityId) -> bool {
        let Some(kind) = self.creatures.get(&id).map(|m| m.kind.clone()) else { return false };
        let Some(spec) = self.records.monsters.get(&kind).and_then(|r| r.ranged.clone()) else { return false };
        let plugins = self.plugins.clone();
        let Some(ranged) = plugins.ranged.get(spec.kind.as_str()) else { return false };
        self.call(ranged, Access::Play, |imp, ctx| imp.try_attack(ctx, id, &spec)).unwrap_or(false)
    }

    /// Monster `id` thinks with its own brain, or with `instead` (a status's).
    fn run_brain(&mut self, id: EntityId, instead: Option<&str>) {
        let plugins = self.plugins.clone();
        // Looked up by the name the creature holds, without copying it.
        let found = {
            let own = self.creatures.get(&id).and_then(|m| m.brain.as_deref());
            instead.or(own).and_then(|b| plugins.brains.get_key_value(b))
        };
        let Some((brain_name, brain)) = found else {
            return;
        };
        let span = tracing::info_span!("monster", id = id.0, brain = brain_name.as_str());
        let _entered = span.enter();
        self.call(brain, Access::Play, |imp, ctx| imp.act(ctx, id));
    }

    /// Changes a monster's state, tracing a `wake` when it leaves sleep or
    /// starts hunting, and telling the player when it can see the monster:
    /// "The goblin wakes up.", "The jackal notices you." (once per change).
    /// A monster set hunting with nowhere to go goes to the player.
    pub fn set_state(&mut self, id: EntityId, state: MonsterState, cause: &str, source: &str) {
        let player_pos = self.player().pos;
        let Some(mut m) = self.creatures.get_mut(&id) else { return };
        if id.is_player() || m.state == state {
            return;
        }
        let was = m.state;
        m.state = state;
        if state == MonsterState::Hunting && m.goal.is_none() {
            m.goal = Some(player_pos);
        }
        let (name, pos, shown, disguised) = (m.trace_name(), m.pos, capitalized(&m.the_name()), m.is_disguised());
        drop(m);
        if state == MonsterState::Hunting || was == MonsterState::Asleep {
            self.emit(
                "wake",
                source,
                fields! {"monster" => name, "cause" => cause, "was" => was.name(), "now" => state.name()},
            );
        }
        // Asleep again, it has forgotten the player: waking, it notices it anew.
        if state == MonsterState::Asleep {
            self.noticed.remove(&id);
        }
        // A disguised monster passes for what it shows: no line names it (api 1.6).
        if self.fov.is_visible(pos) && !disguised {
            // One that noticed the player before, lost sight of it and
            // finds it again (a bat fluttering in and out of view) says
            // nothing new: it was hunting the player all along.
            let again = state == MonsterState::Hunting && !self.noticed.insert(id);
            let text = match (was, state) {
                (MonsterState::Asleep, MonsterState::Hunting) => Some(format!("{shown} wakes up and notices you.")),
                (MonsterState::Asleep, _) => Some(format!("{shown} wakes up.")),
                (_, MonsterState::Hunting) if !again => Some(format!("{shown} notices you.")),
                _ => None,
            };
            if let Some(text) = text {
                self.log.add(text, MessageKind::Info);
            }
        }
    }

    /// A noise of `loudness` at `at`: a sleeper wakes while at least
    /// [`WAKE_MARGIN`] (3) of the loudness is left at its distance (within
    /// `loudness - 3` steps), and it and any wanderer within `loudness`
    /// steps come to look: they stay awake and unalarmed, with the noise's
    /// cell as where they go. A monster already hunting is not drawn off.
    pub fn noise(&mut self, at: Point, loudness: i32, source: &str) {
        self.emit_with("noise", source, || fields! {"x" => at.x, "y" => at.y, "loudness" => loudness});
        // Only monsters asleep or wandering can be drawn (the roster keeps
        // them apart, `listens`), and only within `loudness` steps: look at
        // those monsters, or at the cells within reach when they are fewer,
        // then take the hearers in id order, as a walk over everyone would.
        // Among hunters (a fight), a noise looks at nobody.
        let reach = loudness.max(-1);
        let square = (2 * i64::from(reach) + 1).pow(2);
        if reach < 0 || self.creatures.listening_count() == 0 {
            return;
        }
        let near: Vec<&Creature> = if square < self.creatures.listening_count() as i64 {
            let mut near: Vec<&Creature> = (at.y - reach..=at.y + reach)
                .flat_map(|y| (at.x - reach..=at.x + reach).map(move |x| Point::new(x, y)))
                .flat_map(|p| self.creatures.each_at(p))
                .filter(|c| listens(c))
                .collect();
            near.sort_by_key(|c| c.id);
            near
        } else {
            self.creatures.listening().filter(|c| c.pos.steps_to(at) <= reach).collect()
        };
        let player = self.player();
        let hearers: Vec<(EntityId, MonsterState)> = near
            .into_iter()
            // A noise draws the player's enemies only (a peaceful trader stays put).
            .filter(|m| self.hostile(m, player))
            .filter_map(|m| {
                let left = loudness - m.pos.steps_to(at);
                match m.state {
                    MonsterState::Asleep if left >= WAKE_MARGIN => Some((m.id, m.state)),
                    MonsterState::Wandering if left >= 0 => Some((m.id, m.state)),
                    _ => None,
                }
            })
            .collect();
        for (id, state) in hearers {
            if let Some(mut m) = self.creatures.get_mut(&id) {
                m.goal = Some(at);
            }
            if state == MonsterState::Asleep {
                self.set_state(id, MonsterState::Wandering, "noise", source);
            }
        }
    }

    /// Moves a creature one step onto a free cell; a closed door there
    /// opens instead, if the creature is the player or a monster that
    /// `opens_doors` (else it does not move).
    pub fn move_creature(&mut self, id: EntityId, to: Point) -> bool {
        let Some(from) = self.creatures.get(&id).map(|c| c.pos) else { return false };
        if !from.is_adjacent(to) || !self.is_free(to) {
            return false;
        }
        // A monster that does not fly never walks onto lava or into a
        // chasm (api 1.7: terrain with the trait `deadly`).
        if !id.is_player() && !self.map.tile(to).is_safe_step() && !self.flies(id) {
            return false;
        }
        if self.map.tile(to) == Tile::DoorClosed {
            if !id.is_player() && !self.monster_has(id, MonsterTrait::OpensDoors) {
                return false;
            }
            self.open_door(to);
            return true;
        }
        // A plugin may hold the creature where it is (a net, api 1.3).
        if self.step_refused(id, from, to).is_some() {
            return false;
        }
        if let Some(mut c) = self.creatures.get_mut(&id) {
            c.pos = to;
        }
        self.arrived(id, to);
        true
    }

    /// The free neighbour of `id` nearest `goal` by walking distance (a
    /// monster that cannot open doors never steps into a closed one).
    pub fn step_toward(&mut self, id: EntityId, goal: Point) -> Option<Point> {
        let from = self.creatures.get(&id)?.pos;
        let shut = !id.is_player() && !self.monster_has(id, MonsterTrait::OpensDoors);
        // Toward an enemy other than the player (sides in play), which it
        // sees, so with open ground between: a step straight at it, without
        // a distance map of the whole floor for every such target.
        let enemy_there = self.creature_at(goal).is_some_and(|c| !c.id.is_player() && self.are_enemies(id, c.id));
        let flies = self.flies(id);
        if enemy_there {
            return self.step_straight(from, goal, shut, flies);
        }
        let (creatures, map) = (&self.creatures, &self.map);
        let blocked = |p: Point| creatures.at(p).is_some() || (shut && map.tile(p) == Tile::DoorClosed);
        // 1.7 (fields): a monster steps round a harmful field where another step exists.
        if !id.is_player() && !self.field_layers.is_empty() {
            let harm: Vec<Point> = emberdeep_api::DIRECTIONS
                .iter()
                .map(|&(dx, dy)| from.offset(dx, dy))
                .filter(|&p| goal != p && self.hazard_field_at(p).is_some())
                .collect();
            if !harm.is_empty() {
                let (creatures, map) = (&self.creatures, &self.map);
                let blocked = |p: Point| {
                    creatures.at(p).is_some() || (shut && map.tile(p) == Tile::DoorClosed) || harm.contains(&p)
                };
                let step = self.paths.toward(map, goal, flies).step_down(from, blocked, map);
                if step.is_some() {
                    return step;
                }
                let (creatures, map) = (&self.creatures, &self.map);
                let blocked = |p: Point| creatures.at(p).is_some() || (shut && map.tile(p) == Tile::DoorClosed);
                return self.paths.toward(map, goal, flies).step_down(from, blocked, map);
            }
        }
        self.paths.toward(map, goal, flies).step_down(from, blocked, map)
    }

    /// The free neighbour of `from` that brings it nearest `goal` (in
    /// steps, then straight-line distance; ties in the order of
    /// [`emberdeep_api::DIRECTIONS`]), if one brings it closer.
    fn step_straight(&self, from: Point, goal: Point, shut: bool, flies: bool) -> Option<Point> {
        let now = from.steps_to(goal);
        let far = |p: Point| (p.steps_to(goal), (p.x - goal.x).pow(2) + (p.y - goal.y).pow(2));
        emberdeep_api::DIRECTIONS
            .iter()
            .map(|&(dx, dy)| from.offset(dx, dy))
            .filter(|&p| self.is_free(p) && !(shut && self.map.tile(p) == Tile::DoorClosed))
            .filter(|&p| flies || self.map.tile(p).is_safe_step())
            .filter(|&p| p.steps_to(goal) < now)
            .min_by_key(|&p| far(p))
    }

    /// The free neighbour of `id` that best gets away from `threat`.
    pub fn step_away(&mut self, id: EntityId, threat: Point) -> Option<Point> {
        let from = self.creatures.get(&id)?.pos;
        let shut = !id.is_player() && !self.monster_has(id, MonsterTrait::OpensDoors);
        let flies = self.flies(id);
        let (creatures, map) = (&self.creatures, &self.map);
        let blocked = |p: Point| creatures.at(p).is_some() || (shut && map.tile(p) == Tile::DoorClosed);
        self.paths.fleeing(map, threat, flies).step_down(from, blocked, map)
    }

    /// Opens a door; the shared distance maps are out of date after it.
    pub fn open_door(&mut self, at: Point) {
        self.map.set_tile(at, Tile::DoorOpen);
        self.paths.clear();
    }

    /// Applies an attack a plugin decided. Returns whether the target died.
    pub fn apply_attack(&mut self, mut a: Attack, source: &str) -> bool {
        if self.refuses_own_side(&a) {
            tracing::debug!(
                plugin = source,
                attacker = a.attacker.0,
                target = a.target.0,
                "an attack on its own side; refused"
            );
            return false;
        }
        if !self.creatures.contains_key(&a.attacker) || !self.creatures.contains_key(&a.target) {
            return false;
        }
        // A fight drops both sides' disguises (api 1.6), before its line.
        for who in [a.attacker, a.target] {
            self.reveal_creature(who, "attack", source);
        }
        if a.hit {
            a.damage = self.asked_damage(&a);
        }
        // Api 1.6: the player's side striking one that is not its enemy.
        let provokes = self.provokes(&a);
        let (Some(attacker), Some(target)) = (self.creatures.get(&a.attacker), self.creatures.get(&a.target)) else {
            return false;
        };
        let (attacker_name, attacker_pos, attacker_trace) =
            (self.the_name_of(attacker), attacker.pos, attacker.trace_name());
        let (target_name, target_hp, target_trace) = (self.the_name_of(target), target.hp, target.trace_name());
        // The player hears of a fight it takes part in or sees (either end in sight), and only then.
        let seen = a.attacker.is_player()
            || a.target.is_player()
            || self.fov.is_visible(attacker_pos)
            || self.fov.is_visible(target.pos);
        self.emit_with("attack", source, || {
            let mut fields = fields! {
                "attacker" => attacker_trace.as_str(), "target" => target_trace.as_str(),
                "kind" => a.kind.as_str(), "hit" => a.hit, "damage" => if a.hit { a.damage } else { 0 },
            };
            if let Some(chance) = a.chance.into_option() {
                fields.insert("chance".into(), chance.into());
            }
            if let Some(distance) = a.distance.into_option() {
                fields.insert("distance".into(), distance.into());
            }
            fields
        });
        let hp_left = target_hp - if a.hit { a.damage.max(0) } else { 0 };
        if let Some(mut t) = self.creatures.get_mut(&a.target) {
            t.hp = hp_left;
        }
        let died = hp_left <= 0;
        // Out of sight, not a word, the plugin's own words neither: the
        // player learns of it when it sees the creatures, whose health the
        // panel then shows as it is (the trace keeps every attack).
        if seen {
            self.log_attack(&a, &attacker_name, &target_name, died);
        }
        if a.hit {
            let hurt = Hurt { attacker: a.attacker, target: a.target, amount: a.damage, hp_left, how: a.kind.clone() };
            self.hurt_event(hurt);
        }
        if provokes && !died {
            self.provoke(a.target, a.attacker, source);
        }
        let (target_kind, target_pos) = self.creatures.get(&a.target).map(|t| (t.kind.clone(), t.pos)).unzip();
        // A name a plugin gave it (api 1.6 looks), not its record's.
        let own_name = self.creatures.get(&a.target).and_then(|t| {
            let record = self.records.monsters.get(&t.kind).map(|r| r.name.as_str());
            (record.is_some_and(|r| r != t.name)).then(|| t.name.clone())
        });
        let victim = (a.target, target_kind.as_deref().unwrap_or("").to_string(), target_trace);
        if a.target.is_player() {
            if died && self.killer.is_none() {
                self.killer = Some(a.killer.to_string());
                let at = target_pos.unwrap_or_default();
                self.died_event(
                    (victim.0, &victim.1, victim.2),
                    None,
                    at,
                    Some(a.attacker),
                    (a.kind.as_str(), a.killer.as_str()),
                );
            }
        } else if died {
            self.kill_monster(a.target, &attacker_trace, source);
            let at = target_pos.unwrap_or_default();
            self.died_event(
                (victim.0, &victim.1, victim.2),
                own_name,
                at,
                Some(a.attacker),
                (a.kind.as_str(), a.killer.as_str()),
            );
            self.bury(a.target, source);
        } else if a.attacker.is_player() {
            // Struck or shot at by the player, hit or miss: it hunts the
            // player. A monster's blow or breath sets nobody hunting: the
            // fire that burns the dragon's neighbours is not the player's.
            if let Some(mut t) = self.creatures.get_mut(&a.target) {
                t.goal = Some(attacker_pos);
            }
            self.set_state(a.target, MonsterState::Hunting, "attacked", source);
        }
        died
    }

    /// The damage a hit deals once every plugin's `attack_damage` was
    /// asked, in load order, each told the number so far; held to 0 to
    /// [`MOST_HEALTH`]. An attack made while they are asked is not asked about.
    fn asked_damage(&mut self, a: &Attack) -> i32 {
        if self.asking_damage {
            return a.damage;
        }
        self.asking_damage = true;
        let plugins = self.plugins.clone();
        let mut asked = a.clone();
        for hook in &plugins.hooks {
            if let Some(Some(n)) =
                self.call(hook, Access::Play, |imp, ctx| imp.attack_damage(ctx, &asked)).map(ROption::into_option)
            {
                asked.damage = n.clamp(0, MOST_HEALTH);
            }
        }
        self.asking_damage = false;
        asked.damage
    }

    /// The attack's log line: the plugin's own message, else the host's
    /// words. Harm with no one behind it (a trap, a poison: the bearer its
    /// own attacker of record) names only the one it falls on.
    fn log_attack(&mut self, a: &Attack, attacker: &str, target: &str, died: bool) {
        let by_player = a.attacker.is_player();
        let kind = if a.target.is_player() { MessageKind::Danger } else { MessageKind::Info };
        let text = if !a.message.is_empty() {
            a.message.to_string()
        } else if a.attacker == a.target {
            let (is, dies) = if by_player { ("are", "die") } else { ("is", "dies") };
            match (a.hit, died) {
                (false, _) => capitalized(&format!("{target} {is} missed.")),
                (true, true) => capitalized(&format!("{target} {dies}!")),
                (true, false) => capitalized(&format!("{target} {is} hit for {}.", a.damage)),
            }
        } else if !a.hit {
            capitalized(&format!("{attacker} {} {target}.", if by_player { "miss" } else { "misses" }))
        } else if died && !a.target.is_player() {
            capitalized(&format!("{attacker} {} {target}!", if by_player { "kill" } else { "kills" }))
        } else {
            let verb = if by_player { "hit" } else { "hits" };
            capitalized(&format!("{attacker} {verb} {target} for {}.", a.damage))
        };
        self.log.add(text, kind);
    }

    /// Takes a dead monster off the floor; what it carried lies where it
    /// died. Its statuses and what plugins stored for it stay readable
    /// while the `died` hooks run ([`Game::bury`] ends them).
    fn kill_monster(&mut self, id: EntityId, killer: &str, source: &str) {
        if let Some(m) = self.creatures.remove(&id) {
            let who = m.trace_name();
            self.emit("death", source, fields! {"who" => who.as_str(), "killer" => killer});
            self.drop_carried(id, &who, m.pos, source);
            self.dying.push(m);
        }
    }

    /// After the `died` hooks: each status of dead monster `id` ends (traced
    /// `status_end` with why `died`, its `ended` code run), then what
    /// plugins stored for it goes.
    fn bury(&mut self, id: EntityId, source: &str) {
        if let Some(at) = self.dying.iter().rposition(|c| c.id == id) {
            let dead = self.dying.remove(at);
            let who = dead.trace_name();
            let plugins = self.plugins.clone();
            for status in &dead.statuses {
                let fields = fields! {"creature" => who.as_str(), "status" => status.name.as_str(), "why" => "died"};
                self.emit("status_end", source, fields);
                if let Some(kind) = plugins.statuses.get(&status.name) {
                    self.call(&kind.code, Access::Play, |imp, ctx| imp.ended(ctx, id));
                }
            }
        }
        self.retain_stored(|owner| owner != id);
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use emberdeep_api::{EntityId, MonsterState, Point};

    use crate::core::map::{Map, Tile};
    use crate::world::game::Game;

    fn room_with_goblin() -> (Game, EntityId) {
        let mut map = Map::new_filled(12, 6, Tile::Wall);
        for y in 1..5 {
            for x in 1..11 {
                map.set_tile(Point::new(x, y), Tile::Floor);
            }
        }
        let plugins = Rc::new(crate::plugins::registry::Plugins::default());
        let trace = crate::data::trace::Trace::console();
        let mut game = Game::blank(1, map, Point::new(2, 2), plugins, Rc::default(), trace);
        let id = game.new_creature_id().expect("an id is left");
        let mut c = crate::world::creature::Creature::player(Point::new(6, 2), 10);
        (c.id, c.kind, c.name, c.state) = (id, "goblin".into(), "goblin".into(), MonsterState::Wandering);
        c.side = emberdeep_api::MONSTERS_SIDE.to_string();
        game.creatures.insert(id, c);
        game.update_sight();
        (game, id)
    }

    fn said(game: &Game, text: &str) -> usize {
        game.log.messages().iter().filter(|m| m.text == text).map(|m| m.count as usize).sum()
    }

    #[test]
    fn a_monster_that_noticed_the_player_does_not_say_so_again_until_it_sleeps() {
        let (mut game, goblin) = room_with_goblin();
        game.set_state(goblin, MonsterState::Hunting, "sight", "host");
        assert_eq!(said(&game, "The goblin notices you."), 1);
        // Out of sight it wanders (as `notice_player` leaves it); back in
        // view, it hunts again without a word.
        game.creatures.get_mut(&goblin).expect("the goblin").state = MonsterState::Wandering;
        game.set_state(goblin, MonsterState::Hunting, "sight", "host");
        assert_eq!(said(&game, "The goblin notices you."), 1, "{:?}", game.log.messages());
        // Asleep, it forgets: waking, it notices anew.
        game.set_state(goblin, MonsterState::Asleep, "plugin", "host");
        game.set_state(goblin, MonsterState::Hunting, "sight", "host");
        assert_eq!(said(&game, "The goblin wakes up and notices you."), 1);
        game.creatures.get_mut(&goblin).expect("the goblin").state = MonsterState::Wandering;
        game.set_state(goblin, MonsterState::Hunting, "sight", "host");
        assert_eq!(said(&game, "The goblin notices you."), 1);
    }
}
