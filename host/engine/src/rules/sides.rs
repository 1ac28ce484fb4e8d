//! Sides (api 1.2): every creature is on one (the player's, the monsters',
//! or one a plugin declared), and creatures of different sides are
//! enemies unless their sides stand otherwise (api 1.6: neutral or
//! allied, declared by a plugin or set during the run) or one is peaceful
//! toward the player's side; one answer, [`Game::are_enemies`], for all. Who sees whom, the nearest enemy a creature sees, a side
//! changed (a charm), attacks on one's own side refused, and the step an
//! ally takes after the player.
//!
//! The nearest enemy costs no walk over the crowd: with nobody on the floor
//! but the player and one side, a monster's only enemy is the player (the
//! 1.1 rule, by [`Game::sees_player`]); otherwise the cells around the
//! creature are searched ring by ring out to its sight, through the
//! roster's grid, and the first ring with an enemy it sees gives the
//! answer. A turn's cost grows with the creatures and their sight, never
//! with the creatures squared.

use emberdeep_api::{Attack, EntityId, Point, Standing, MONSTERS_SIDE, PLAYER_SIDE};

use crate::core::sight::bresenham;
use crate::data::untrusted::shown;
use crate::fields;
use crate::plugins::registry::side_pair;
use crate::rules::statuses::TurnRule;
use crate::world::creature::ChangeRefused;
use crate::world::creature::{Creature, Temper};
use crate::world::game::Game;

/// Why a standing between sides was not set (api 1.6).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StandingRefused {
    /// No loaded plugin declared the side.
    #[error("no loaded plugin declared a side '{0}'")]
    UnknownSide(String),
    /// A side and itself.
    #[error("a side and itself ('{0}') are always allied")]
    SameSide(String),
}

/// The steps from the player within which an ally stops following.
pub const FOLLOW_DISTANCE: i32 = 2;

impl Game {
    /// Creature `id`'s side.
    pub fn side_of(&self, id: EntityId) -> Option<&str> {
        self.creatures.get(&id).map(|c| c.side.as_str())
    }

    /// Puts monster `id` on `side` (a charm), traced as `side` under
    /// `source`; it forgets where it was going.
    pub fn set_creature_side(&mut self, id: EntityId, side: &str, source: &str) -> Result<(), ChangeRefused> {
        if id.is_player() {
            return Err(ChangeRefused::ThePlayer("moved to another side"));
        }
        if !self.plugins.knows_side(side) {
            return Err(ChangeRefused::UnknownSide(shown(side, 40)));
        }
        let name = self.creatures.get(&id).map(|c| c.trace_name()).ok_or(ChangeRefused::NoCreature(id.0))?;
        let was = self.creatures.set_side(&id, side).unwrap_or_default();
        if was != side {
            if let Some(mut c) = self.creatures.get_mut(&id) {
                c.goal = None;
            }
            self.emit("side", source, fields! {"creature" => name, "from" => was, "to" => side});
        }
        Ok(())
    }

    /// The one answer to "enemies?": whether `a` and `b` are both on the
    /// floor and hostile to each other ([`Game::hostile`]). Everything that
    /// asks (brains through `nearest_enemy`, the in-sight list, aiming,
    /// the time-savers, the alarm, noise, the bot) goes by it.
    pub fn are_enemies(&self, a: EntityId, b: EntityId) -> bool {
        match (self.creatures.get(&a), self.creatures.get(&b)) {
            (Some(a), Some(b)) => self.hostile(a, b),
            _ => false,
        }
    }

    // 1.6 (standings)

    /// Whether creatures `a` and `b` are hostile to each other: never on one
    /// side; a peaceful one is neutral to the player's side and the sides
    /// allied with it, a provoked one hostile to them; otherwise as their
    /// sides stand ([`Game::side_standing`]). With no standings declared
    /// or set and no peaceful creature, different sides are enemies, as
    /// before 1.6.
    pub fn hostile(&self, a: &Creature, b: &Creature) -> bool {
        if a.side == b.side {
            return false;
        }
        if a.temper == Temper::AsItsSide && b.temper == Temper::AsItsSide && !self.standings_in_play() {
            return true;
        }
        if a.temper != Temper::AsItsSide && self.friendly_to_player(&b.side) {
            return a.temper == Temper::Provoked;
        }
        if b.temper != Temper::AsItsSide && self.friendly_to_player(&a.side) {
            return b.temper == Temper::Provoked;
        }
        self.side_standing(&a.side, &b.side) == Standing::Hostile
    }

    /// Whether any standing between sides was declared or set.
    fn standings_in_play(&self) -> bool {
        !self.standings.is_empty() || !self.plugins.standings.is_empty()
    }

    /// Whether `side` is the player's or allied with it.
    pub fn friendly_to_player(&self, side: &str) -> bool {
        side == PLAYER_SIDE || self.side_standing(side, PLAYER_SIDE) == Standing::Allied
    }

    /// How sides `a` and `b` stand: a side is allied with itself; else as
    /// set during the run, else as a plugin declared, else hostile.
    pub fn side_standing(&self, a: &str, b: &str) -> Standing {
        if a == b {
            return Standing::Allied;
        }
        if !self.standings_in_play() {
            return Standing::Hostile;
        }
        // A few pairs at most: looked up without building a key, as the
        // nearest enemy's search asks this of every creature it finds.
        let (first, second) = if a <= b { (a, b) } else { (b, a) };
        let of = |table: &'_ std::collections::BTreeMap<(String, String), Standing>| {
            table.iter().find(|((x, y), _)| x == first && y == second).map(|(_, s)| *s)
        };
        of(&self.standings).or_else(|| of(&self.plugins.standings)).unwrap_or_default()
    }

    /// Sides `a` and `b` stand so from now on (`WorldCtx::set_standing`),
    /// traced as `standing` under `source` when that changes anything.
    /// Refused, changing nothing, for a side no loaded plugin declared or a
    /// side and itself.
    pub fn set_standing(&mut self, a: &str, b: &str, standing: Standing, source: &str) -> Result<(), StandingRefused> {
        for side in [a, b] {
            if !self.plugins.knows_side(side) {
                return Err(StandingRefused::UnknownSide(shown(side, 40)));
            }
        }
        if a == b {
            return Err(StandingRefused::SameSide(shown(a, 40)));
        }
        let was = self.side_standing(a, b);
        let key = side_pair(a, b);
        self.standings.insert(key.clone(), standing);
        if was != standing {
            let (first, second) = key;
            self.emit(
                "standing",
                source,
                fields! {"a" => first, "b" => second, "from" => was.name(), "to" => standing.name()},
            );
        }
        Ok(())
    }

    /// Whether creature `id` is peaceful now.
    pub fn is_peaceful(&self, id: EntityId) -> bool {
        self.creatures.get(&id).is_some_and(|c| c.temper == Temper::Peaceful)
    }

    /// Whether attack `a` provokes its target: an attacker of the player's
    /// side or one allied with it strikes a creature of another side that
    /// is not its enemy.
    pub(crate) fn provokes(&self, a: &Attack) -> bool {
        let (Some(attacker), Some(target)) = (self.creatures.get(&a.attacker), self.creatures.get(&a.target)) else {
            return false;
        };
        !target.id.is_player()
            && attacker.side != target.side
            && self.friendly_to_player(&attacker.side)
            && !self.hostile(attacker, target)
    }

    /// Creature `who`, attacked by `by` while not its enemy, is hostile to
    /// the player's side from now on: traced as `provoked`, said when the
    /// player sees it, and every plugin's `provoked` hook is told.
    /// A plugin's `provoking` hook may answer instead (the first that says
    /// so, in load order): then nothing changes here.
    pub(crate) fn provoke(&mut self, who: EntityId, by: EntityId, source: &str) {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            let answered =
                self.call(hook, crate::plugins::boundary::Access::Play, |imp, ctx| imp.provoking(ctx, who, by));
            if answered == Some(true) {
                return;
            }
        }
        let Some(c) = self.creatures.get(&who) else { return };
        let (name, the_name, seen, was) = (c.trace_name(), c.the_name(), self.fov.is_visible(c.pos), c.temper);
        let by_name = self.creatures.get(&by).map(|c| c.trace_name()).unwrap_or_default();
        if let Some(mut c) = self.creatures.get_mut(&who) {
            c.temper = Temper::Provoked;
        }
        let from = if was == Temper::Peaceful { "peaceful" } else { "neutral" };
        self.emit("provoked", source, fields! {"creature" => name, "by" => by_name, "was" => from});
        if seen {
            let line = crate::world::log::capitalized(&format!("{the_name} turns on you!"));
            self.log.add(line, emberdeep_api::MessageKind::Danger);
        }
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            self.call(hook, crate::plugins::boundary::Access::Play, |imp, ctx| imp.provoked(ctx, who, by));
        }
    }

    /// Whether `who` sees `other`: the player sees what is in its field of
    /// view; anyone sees the player by [`Game::sees_player`]; a monster sees
    /// another within its sight with nothing blocking sight between them.
    pub fn sees(&self, who: &Creature, other: &Creature) -> bool {
        if other.id.is_player() {
            return self.sees_player(who.id);
        }
        if who.id.is_player() {
            return self.fov.is_visible(other.pos);
        }
        who.pos.steps_to(other.pos) <= who.sight && self.clear_sight(who.pos, other.pos)
    }

    /// Whether creature `who` sees cell `at` (api 1.6's `sees`): the player
    /// what is in its field of view; a monster its own cell, and every cell
    /// within its sight with nothing that blocks sight between. False for
    /// no such creature.
    pub fn sees_cell(&self, who: EntityId, at: Point) -> bool {
        let Some(c) = self.creatures.get(&who) else { return false };
        if who.is_player() {
            return self.fov.is_visible(at);
        }
        c.pos == at || (self.map.in_bounds(at) && c.pos.steps_to(at) <= c.sight && self.clear_sight(c.pos, at))
    }

    /// Nothing between `a` and `b` blocks sight (the ends themselves may).
    fn clear_sight(&self, a: Point, b: Point) -> bool {
        let line = bresenham(a, b);
        line.len() < 3 || line[1..line.len() - 1].iter().all(|&p| !self.map.blocks_sight(p))
    }

    /// The nearest enemy ([`Game::hostile`]) that `id` sees; ties go to
    /// the higher, then the further left (see the module's notes on cost).
    /// One of the player's allies with no enemy beside it goes first for
    /// an enemy fighting the player ([`Game::threat_to_player`]): an ally
    /// defends the player before it goes after anything else.
    pub fn nearest_enemy(&self, id: EntityId) -> Option<EntityId> {
        let me = self.creatures.get(&id)?;
        let player_other = !id.is_player() && self.player().side != me.side;
        let others = self.creatures.len() as u32 - self.creatures.on_side(&me.side);
        if others == u32::from(player_other) {
            let player_is_enemy = player_other && self.hostile(me, self.player());
            return (player_is_enemy && self.sees_player(id)).then_some(EntityId::PLAYER);
        }
        let reach = if id.is_player() { self.numbers.fov_radius } else { me.sight };
        let ring = |d: i32| {
            for y in me.pos.y - d..=me.pos.y + d {
                let edge = y == me.pos.y - d || y == me.pos.y + d;
                let step = if edge { 1 } else { 2 * d as usize };
                for x in (me.pos.x - d..=me.pos.x + d).step_by(step) {
                    let p = Point::new(x, y);
                    if !self.map.in_bounds(p) {
                        continue;
                    }
                    let Some(c) = self.creatures.at(p) else { continue };
                    if self.hostile(me, c) && self.sees(me, c) {
                        return Some(c.id);
                    }
                }
            }
            None
        };
        if reach >= 1 {
            if let Some(beside) = ring(1) {
                return Some(beside);
            }
        }
        // An ally with no enemy beside it defends the player first.
        if let Some(threat) = self.threat_to_player(me) {
            return Some(threat);
        }
        (2..=reach.max(0)).find_map(ring)
    }

    /// What ally `me` (a creature other than the player on its side or a
    /// side allied with it) defends the player from: the enemy of `me`
    /// nearest it, among those it sees standing next to the player (they
    /// fight the player), ties in [`emberdeep_api::DIRECTIONS`]' order
    /// round the player. `None` for anyone else.
    fn threat_to_player(&self, me: &Creature) -> Option<EntityId> {
        if me.id.is_player() || !self.friendly_to_player(&me.side) {
            return None;
        }
        let player = self.player().pos;
        emberdeep_api::DIRECTIONS
            .iter()
            .filter_map(|&(dx, dy)| self.creatures.at(player.offset(dx, dy)))
            .filter(|c| self.hostile(me, c) && self.sees(me, c))
            .min_by_key(|c| me.pos.steps_to(c.pos))
            .map(|c| c.id)
    }

    /// Whether the host refuses `a` as an attack on the attacker's own
    /// side: both on one side, not the monsters' (whose fire still burns
    /// the monsters beside its target, as before sides), not a creature
    /// striking itself, and the attacker not thinking with a status's brain
    /// (confused, it may strike anyone).
    pub(crate) fn refuses_own_side(&self, a: &Attack) -> bool {
        let (Some(attacker), Some(target)) = (self.creatures.get(&a.attacker), self.creatures.get(&a.target)) else {
            return false;
        };
        attacker.id != target.id
            && attacker.side == target.side
            && attacker.side != MONSTERS_SIDE
            && !matches!(self.turn_rule(attacker.id), TurnRule::Brain(_))
    }

    /// The host's step for an ally with nothing to fight: toward the player
    /// when further than [`FOLLOW_DISTANCE`] steps from it. Returns whether
    /// it moved.
    pub fn follow_player(&mut self, id: EntityId) -> bool {
        let Some(me) = self.creatures.get(&id) else { return false };
        let target = self.player().pos;
        if id.is_player() || me.side != PLAYER_SIDE || me.pos.steps_to(target) <= FOLLOW_DISTANCE {
            return false;
        }
        match self.step_toward(id, target) {
            Some(step) => self.move_creature(id, step),
            None => false,
        }
    }

    /// The player's allies that go down the stairs with it, in id order:
    /// those within [`FOLLOW_DISTANCE`] steps of it (as near as an ally
    /// with nothing to fight keeps) that the player sees.
    pub fn allies_near_player(&self) -> Vec<EntityId> {
        let at = self.player().pos;
        self.creatures
            .values()
            .filter(|c| !c.id.is_player() && c.side == PLAYER_SIDE)
            .filter(|c| c.pos.steps_to(at) <= FOLLOW_DISTANCE && self.fov.is_visible(c.pos))
            .map(|c| c.id)
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use std::path::PathBuf;
    use std::rc::Rc;

    use emberdeep_api::{Attack, Ctx, MonsterBrain, MonsterState, PluginResult, Registrar, Standing};

    use super::*;
    use crate::core::map::{Map, Tile};
    use crate::plugins::registry::{Plugins, Registration};

    struct Idle;
    impl MonsterBrain for Idle {
        fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
            Ok(())
        }
    }

    /// An 8x5 room walled round, the player at (1, 1), a plugin
    /// `summoner` with the brain `idle` and the side `undead`, and the
    /// record `wolf`; the trace kept in memory.
    pub(crate) fn wolves_game() -> Game {
        let mut reg = Registrar::new("summoner", "0.1.0");
        reg.brain("idle", Idle).side("undead");
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("one plugin");
        room_of(plugins, &monster_record("wolf", ""))
    }

    /// A monster record `id` with the brain `idle` and `more` lines.
    fn monster_record(id: &str, more: &str) -> String {
        format!(
            "[[monster]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"w\"\ncolor = [1, 2, 3]\ntile = \"{id}\"\n\
             floors = [1, 1]\nhp = 8\ndamage = [1, 3]\nsight = 6\nbrain = \"idle\"\n{more}\n"
        )
    }

    /// An 8x5 room walled round, the player at (1, 1), with `plugins` and
    /// the monster records `records`; the trace kept in memory.
    fn room_of(plugins: Plugins, records: &str) -> Game {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("host folder");
        std::fs::write(dir.path().join("host/monsters.toml"), records).expect("records");
        let records =
            crate::data::records::check::load_records(dir.path(), &plugins.registered()).expect("the records read");
        let mut map = Map::new_filled(8, 5, Tile::Floor);
        for p in map.points().collect::<Vec<_>>() {
            if p.x == 0 || p.y == 0 || p.x == 7 || p.y == 4 {
                map.set_tile(p, Tile::Wall);
            }
        }
        let mut game = Game::blank(
            1,
            map,
            Point::new(1, 1),
            Rc::new(plugins),
            Rc::new(records),
            crate::data::trace::Trace::in_memory(),
        );
        game.update_sight();
        game
    }

    pub(crate) fn wolf(game: &mut Game, x: i32, y: i32, side: &str) -> EntityId {
        game.spawn_creature("wolf", Point::new(x, y), side, "summoner").expect("room for a wolf")
    }

    #[test]
    fn a_fight_in_sight_is_logged_one_out_of_sight_only_traced_and_harm_from_no_one_names_its_victim() {
        let mut game = wolves_game();
        let a = wolf(&mut game, 4, 2, "undead");
        let b = wolf(&mut game, 5, 2, "");
        let lines = |game: &Game| game.log.messages().iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        game.apply_attack(Attack::melee(a, b, 2, "a wolf"), "summoner");
        assert_eq!(lines(&game).last().map(String::as_str), Some("The wolf hits the wolf for 2."));
        // Harm with no one behind it: the wolf is its own attacker of record.
        game.apply_attack(Attack::new(b, b, "dart").hit_for(1).with_killer("a dart trap"), "summoner");
        assert_eq!(lines(&game).last().map(String::as_str), Some("The wolf is hit for 1."));
        // A wall between the player and the wolves: out of sight.
        for y in 1..4 {
            game.map.set_tile(Point::new(3, y), Tile::Wall);
        }
        game.update_sight();
        let (before, _) = (lines(&game), game.trace.take_kept());
        game.apply_attack(Attack::melee(a, b, 1, "a wolf"), "summoner");
        assert_eq!(lines(&game), before, "no line for a fight the player does not see");
        let traced = game.trace.take_kept();
        assert!(traced.iter().any(|l| l.contains("\"event\":\"attack\"")), "the attack is traced: {traced:?}");
        // A plugin's own words for the attack are not said out of sight
        // either ("The archer's arrow hits the goblin for 6." with neither
        // in sight told of a fight the panel never showed).
        game.apply_attack(Attack::melee(a, b, 1, "a wolf").with_message("A howl in the dark."), "summoner");
        assert_eq!(lines(&game), before, "no line, the plugin's own neither");
    }

    #[test]
    fn with_one_side_against_the_player_the_nearest_enemy_is_the_player_if_seen() {
        let mut game = wolves_game();
        let a = wolf(&mut game, 4, 2, "");
        let b = wolf(&mut game, 5, 2, "");
        assert_eq!(game.nearest_enemy(a), Some(EntityId::PLAYER));
        assert_eq!(game.nearest_enemy(b), game.sees_player(b).then_some(EntityId::PLAYER));
        assert!(!game.are_enemies(a, b) && game.are_enemies(a, EntityId::PLAYER));
    }

    #[test]
    fn the_nearest_enemy_is_an_ally_when_it_is_nearer_than_the_player() {
        let mut game = wolves_game();
        let orc = wolf(&mut game, 5, 2, "");
        let ally = wolf(&mut game, 4, 2, "player");
        let far = wolf(&mut game, 3, 3, "player");
        assert_eq!(game.nearest_enemy(orc), Some(ally));
        assert_eq!(game.nearest_enemy(ally), Some(orc));
        assert_eq!(game.nearest_enemy(far), Some(orc), "its only enemy");
        assert_eq!(game.nearest_enemy(EntityId::PLAYER), Some(orc), "the player's allies are not its enemies");
        // A plugin's side fights both.
        let ghoul = wolf(&mut game, 2, 3, "undead");
        assert_eq!(game.nearest_enemy(far), Some(ghoul));
        assert_eq!(game.nearest_enemy(ghoul), Some(far));
    }

    #[test]
    fn an_ally_with_no_enemy_beside_it_goes_first_for_what_fights_the_player() {
        let mut game = wolves_game();
        // The player at 1,1; its wolf at 4,3; an orc 2 steps from the
        // wolf, and a goblin beside the player 3 steps from it.
        let ally = wolf(&mut game, 4, 3, "player");
        let orc = wolf(&mut game, 6, 3, "");
        let goblin = wolf(&mut game, 1, 2, "");
        assert_eq!(game.nearest_enemy(ally), Some(goblin), "the player's attacker before the nearer orc");
        assert_eq!(game.nearest_enemy(orc), Some(ally), "a monster still goes for the nearest");
        assert_eq!(game.nearest_enemy(EntityId::PLAYER), Some(goblin));
        // With an enemy beside it, an ally fights that one.
        let beside = wolf(&mut game, 5, 2, "");
        assert_eq!(game.nearest_enemy(ally), Some(beside));
        game.creatures.remove(&beside);
        // One it cannot see is no threat it answers.
        game.map.set_tile(Point::new(2, 2), Tile::Wall);
        game.map.set_tile(Point::new(2, 3), Tile::Wall);
        game.map.set_tile(Point::new(2, 1), Tile::Wall);
        assert_eq!(game.nearest_enemy(ally), Some(orc));
    }

    #[test]
    fn a_wall_hides_an_enemy() {
        let mut game = wolves_game();
        game.map.set_tile(Point::new(4, 2), Tile::Wall);
        game.map.set_tile(Point::new(4, 1), Tile::Wall);
        game.map.set_tile(Point::new(4, 3), Tile::Wall);
        game.update_sight();
        let orc = wolf(&mut game, 5, 2, "");
        let ally = wolf(&mut game, 3, 2, "player");
        assert_eq!(game.nearest_enemy(ally), None);
        assert_eq!(game.nearest_enemy(orc), None);
    }

    #[test]
    fn attacks_on_ones_own_side_are_refused_but_the_monsters_keep_their_fire() {
        let mut game = wolves_game();
        let ally = wolf(&mut game, 2, 1, "player");
        let orc = wolf(&mut game, 5, 2, "");
        let goblin = wolf(&mut game, 5, 3, "");
        assert!(game.refuses_own_side(&Attack::melee(EntityId::PLAYER, ally, 3, "you")));
        assert!(game.refuses_own_side(&Attack::melee(ally, EntityId::PLAYER, 3, "a wolf")));
        assert!(!game.refuses_own_side(&Attack::melee(ally, orc, 3, "a wolf")));
        assert!(!game.refuses_own_side(&Attack::melee(orc, goblin, 3, "a wolf")), "the monsters' side as before");
        let hp = game.player().hp;
        assert!(!game.apply_attack(Attack::melee(ally, EntityId::PLAYER, 3, "a wolf"), "summoner"));
        assert_eq!(game.player().hp, hp, "refused: nothing happened");
    }

    #[test]
    fn a_side_changed_is_traced_and_a_bad_one_refused_in_one_line() {
        let mut game = wolves_game();
        let w = wolf(&mut game, 4, 2, "");
        game.set_creature_side(w, "player", "charm").unwrap();
        assert_eq!(game.side_of(w), Some("player"));
        let err = game.set_creature_side(w, "fae", "charm").unwrap_err().to_string();
        assert_eq!(err, "no loaded plugin declared a side 'fae'");
        assert_eq!(
            game.set_creature_side(EntityId::PLAYER, "undead", "charm").unwrap_err().to_string(),
            "the player cannot be moved to another side"
        );
        let kept = game.trace.kept.as_ref().unwrap();
        assert_eq!(kept.iter().filter(|l| l.contains("\"event\":\"side\"")).count(), 1, "{kept:?}");
    }

    #[test]
    fn an_ally_follows_the_player_until_two_steps_away() {
        let mut game = wolves_game();
        let w = wolf(&mut game, 6, 3, "player");
        assert!(game.follow_player(w));
        assert_eq!(game.creatures[&w].pos.steps_to(game.player().pos), 4);
        while game.follow_player(w) {}
        assert_eq!(game.creatures[&w].pos.steps_to(game.player().pos), FOLLOW_DISTANCE);
        let orc = wolf(&mut game, 6, 1, "");
        assert!(!game.follow_player(orc), "monsters do not follow");
        assert!(game.creatures[&orc].state == MonsterState::Wandering);
    }

    // 1.6 (standings)

    /// Hooks whose bump strikes for 1 (as core_combat's melee would).
    struct Strikes;
    impl emberdeep_api::Hooks for Strikes {
        fn bump(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
            ctx.attack(Attack::melee(EntityId::PLAYER, target, 1, "you"));
            Ok(true)
        }
    }

    /// [`wolves_game`]'s room, with the sides `undead` and `traders` (the
    /// traders neutral to the monsters), hooks that strike on a bump, the
    /// record `wolf` and the peaceful record `trader` (on `traders`).
    pub(crate) fn market_game() -> Game {
        let mut reg = Registrar::new("summoner", "0.1.0");
        reg.brain("idle", Idle).side("undead").side("traders").hooks(Strikes);
        reg.standing("traders", MONSTERS_SIDE, Standing::Neutral);
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("one plugin");
        room_of(
            plugins,
            &(monster_record("wolf", "") + &monster_record("trader", "side = \"traders\"\npeaceful = true")),
        )
    }

    pub(crate) fn trader(game: &mut Game, x: i32, y: i32) -> EntityId {
        game.spawn_creature("trader", Point::new(x, y), "", "summoner").expect("room for a trader")
    }

    pub(crate) fn kept(game: &Game, event: &str) -> Vec<String> {
        let kept = game.trace.kept.as_ref().expect("kept in memory");
        kept.iter().filter(|l| l.contains(&format!("\"event\":\"{event}\""))).cloned().collect()
    }

    #[test]
    fn a_peaceful_creature_is_nobodys_enemy_on_the_players_side_and_its_sides_standing_holds_for_the_rest() {
        let mut game = market_game();
        let t = trader(&mut game, 2, 1);
        let goblin = wolf(&mut game, 5, 2, "");
        // The goblin's nearest enemy is the player, though the trader is nearer.
        assert!(game.sees_player(goblin));
        assert_eq!(game.nearest_enemy(goblin), Some(EntityId::PLAYER));
        let ally = wolf(&mut game, 3, 3, "player");
        let ghoul = wolf(&mut game, 6, 3, "undead");
        assert!(game.is_peaceful(t) && !game.is_peaceful(goblin));
        assert!(!game.are_enemies(t, EntityId::PLAYER) && !game.are_enemies(EntityId::PLAYER, t), "peaceful");
        assert!(!game.are_enemies(t, ally), "nor the player's allies'");
        assert!(!game.are_enemies(t, goblin), "the traders' side is neutral to the monsters'");
        assert!(game.are_enemies(t, ghoul) && game.are_enemies(ghoul, t), "nobody spoke of undead: hostile");
        assert!(game.are_enemies(goblin, EntityId::PLAYER), "the player and the monsters stay hostile");
        assert_eq!(game.side_standing("traders", MONSTERS_SIDE), Standing::Neutral);
        assert_eq!(game.side_standing(MONSTERS_SIDE, "traders"), Standing::Neutral, "both ways");
        assert_eq!(game.side_standing("undead", "undead"), Standing::Allied);
        assert_eq!(game.nearest_enemy(t), Some(ghoul), "the undead's enemy all the same");
        assert_eq!(game.nearest_enemy(EntityId::PLAYER), Some(goblin), "the player's too: the trader is passed over");
        // Aiming starts on the goblin and Tab never reaches the trader.
        assert_eq!(game.enemies_in_view(), [goblin, ghoul]);
        assert_eq!(game.standing(&game.creatures[&t].clone()), "peaceful");
    }

    #[test]
    fn a_standing_set_during_the_run_is_traced_both_ways_and_a_bad_one_refused_in_one_line() {
        let mut game = market_game();
        let goblin = wolf(&mut game, 5, 2, "");
        game.set_standing(PLAYER_SIDE, MONSTERS_SIDE, Standing::Neutral, "summoner").unwrap();
        assert!(!game.are_enemies(goblin, EntityId::PLAYER), "the monsters neutral to the player now");
        assert_eq!(game.side_standing(MONSTERS_SIDE, PLAYER_SIDE), Standing::Neutral);
        let traced = kept(&game, "standing");
        assert_eq!(traced.len(), 1, "{traced:?}");
        assert!(traced[0].contains("\"a\":\"monsters\",\"b\":\"player\",\"from\":\"hostile\",\"to\":\"neutral\""));
        // The same again changes nothing, and writes nothing.
        game.set_standing(MONSTERS_SIDE, PLAYER_SIDE, Standing::Neutral, "summoner").unwrap();
        assert_eq!(kept(&game, "standing").len(), 1);
        let before = game.standings.clone();
        let err = game.set_standing("fae", PLAYER_SIDE, Standing::Allied, "summoner").unwrap_err();
        assert_eq!(err.to_string(), "no loaded plugin declared a side 'fae'");
        let err = game.set_standing("undead", "undead", Standing::Hostile, "summoner").unwrap_err();
        assert_eq!(err.to_string(), "a side and itself ('undead') are always allied");
        assert_eq!(game.standings, before, "nothing changed");
        // An allied side's creatures are the player's friends: not enemies.
        let ghoul = wolf(&mut game, 6, 3, "undead");
        game.set_standing("undead", PLAYER_SIDE, Standing::Allied, "summoner").unwrap();
        assert!(!game.are_enemies(ghoul, EntityId::PLAYER) && game.standing(&game.creatures[&ghoul].clone()) == "ally");
    }

    #[test]
    fn an_attack_on_a_plain_enemy_provokes_nothing_and_the_monsters_striking_a_trader_do_not_either() {
        let mut game = market_game();
        let t = trader(&mut game, 2, 1);
        let goblin = wolf(&mut game, 5, 2, "");
        game.apply_attack(Attack::melee(EntityId::PLAYER, goblin, 1, "you"), "summoner");
        game.apply_attack(Attack::melee(goblin, t, 1, "a wolf"), "summoner");
        assert!(kept(&game, "provoked").is_empty() && game.is_peaceful(t));
        // An ally's blow provokes it as the player's does.
        let ally = wolf(&mut game, 3, 1, "player");
        game.apply_attack(Attack::melee(ally, t, 1, "a wolf"), "summoner");
        assert!(!game.is_peaceful(t) && game.are_enemies(t, ally) && game.are_enemies(t, EntityId::PLAYER));
    }

    #[test]
    fn standings_and_tempers_are_saved_with_the_run_and_a_standing_of_an_undeclared_side_is_refused() {
        let mut game = market_game();
        let t = trader(&mut game, 2, 1);
        let u = trader(&mut game, 4, 3);
        game.set_standing("undead", PLAYER_SIDE, Standing::Allied, "summoner").unwrap();
        game.apply_attack(Attack::melee(EntityId::PLAYER, t, 1, "you"), "summoner");
        let plugins = game.plugins.clone();
        let records = game.records.clone();
        let trace = crate::data::trace::Trace::in_memory;
        let back = Game::restore(game.parts(), plugins.clone(), records.clone(), trace()).expect("restores");
        assert_eq!(back.standings, game.standings);
        assert!(!back.is_peaceful(t) && back.are_enemies(t, EntityId::PLAYER), "provoked, still");
        assert!(back.is_peaceful(u), "peaceful, still");
        let mut parts = game.parts();
        parts.standings.push(("fae".into(), PLAYER_SIDE.into(), Standing::Neutral));
        let err = Game::restore(parts, plugins, records, trace()).err().expect("refused").to_string();
        assert_eq!(err, "a standing of 'fae' and 'player' (no loaded plugin declared a side 'fae')");
    }

    #[test]
    fn a_standing_declared_for_a_side_no_plugin_has_or_twice_is_left_out_in_one_line() {
        let mut reg = Registrar::new("summoner", "0.1.0");
        reg.side("traders")
            .standing("traders", MONSTERS_SIDE, Standing::Neutral)
            .standing("fae", PLAYER_SIDE, Standing::Allied)
            .standing(MONSTERS_SIDE, "traders", Standing::Allied);
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("one plugin");
        let left_out = plugins.settle_standings();
        assert_eq!(
            left_out,
            [
                "plugin 'summoner': the standing of 'fae' and 'player' is left out: no loaded plugin declared a side 'fae'",
                "plugin 'summoner': 'monsters' and 'traders' allied is left out: plugin 'summoner' made them neutral",
            ]
        );
        let pair = crate::plugins::registry::side_pair(MONSTERS_SIDE, "traders");
        assert_eq!(plugins.standings.into_iter().collect::<Vec<_>>(), [(pair, Standing::Neutral)]);
    }
}
