//! A plain bot that plays whole runs headless: it drinks a potion when
//! hurt, fights what it sees, wields and wears what is better, picks things
//! up, explores, and goes down the stairs. Its choices read the game but
//! never draw from the run's RNG, so a bot run is as reproducible as a
//! scripted one.
//!
//! With nothing in view it rests (the `Z` time-saver) below 70% health, and
//! walks by auto-explore's step, then travel's to the stairs down.
//!
//! It gives up a chase it cannot win: a monster it has been after for 20
//! turns without coming next to it or hurting it (an archer that keeps its
//! distance) is left alone for 300 turns, unless it comes next to the bot.
//!
//! It knows items only by the role their records declare (`role = ...`)
//! and what their effects answer when asked, never by a name, a parameter,
//! or a plugin's store:
//!
//! * `healing`: drunk when below half health;
//! * `melee_weapon` and `armor`: used (wielded, worn) when better than what
//!   the plugins derive for the player now: the sum of both ends of a
//!   weapon's blow against the current blow's, armor's defense against the
//!   current defense (the numbers the item's effect gives as its gear,
//!   `ItemEffect::gear`, asked once a run for every such record);
//! * `missile_weapon`: readied once (the bot remembers that it did), and
//!   `missile`: used to fill the quiver; it fires with `f` at a monster in
//!   sight that is not next to it when the plugins say `f` would aim and the
//!   monster is within the range they give, with a clear line;
//! * `thrown`: a stack the plugins call throwable, thrown with `t` at such a
//!   monster when nothing can be fired;
//! * `aimed`: read at a monster in sight the shot would reach (the range and
//!   the flight the item's effect gives when asked, without using it);
//! * `burst`: read at a monster in sight when the flight would end on it and
//!   the burst round it would catch at least two monsters and never the
//!   player (the same path and burst the Targeting state works out, from
//!   what the effect says it would aim), choosing the monster whose burst
//!   catches the most, the nearest first on a tie.
//!
//! * `escape`: used when a monster is in view and the bot is below a third
//!   of its health with nothing to heal it; failing that, `descend` (when
//!   there is a floor below);
//! * `buff`: used before a fight worth it (two monsters in view, or a
//!   strong one within 6 steps) unless a status already hastes it;
//! * `detect`: one used on each floor, on arrival, with nothing in view;
//! * `restore`: drunk when its maximum health is below the most it has
//!   had (drained), once per loss;
//! * `upgrade`: used with nothing in view, answering yes to the first
//!   question it asks (a scroll of enchanting offers the armor worn first).
//!
//! An item whose use passed no turn (a charm still resting, a staff with
//! no charge) is left alone for a while, so the next of its role is used.
//!
//! Anything else (role `none`) it picks up and leaves alone. It aims exactly
//! as a player does: the key, the cursor put on the target, then fire, or
//! Esc if the shot would not reach it.

use std::collections::BTreeMap;

use emberdeep_api::{Damage, EntityId, GearNumbers, Point, DIRECTIONS};

use emberdeep_engine::core::paths::first_step;
use emberdeep_engine::data::records::{ItemRecord, ItemRole};
use emberdeep_engine::world::game::GOAL_ITEM;
use emberdeep_engine::world::pack::PackItem;
use emberdeep_engine::Action;
use emberdeep_engine::Game;

/// Turns after which the bot gives a run up.
pub const TURN_LIMIT: u64 = 12_000;

/// How a run ended, for the summary (and, as a JSON line, from a job to `--bot`).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunResult {
    /// Turns played.
    pub turns: u64,
    /// Deepest floor reached.
    pub floor: u32,
    /// The killer, if the player died.
    pub killer: Option<String>,
    /// Whether the run was won (the ember-heart taken).
    pub won: bool,
    /// The level reached, when a plugin declares one (`Game::player_level`).
    pub level: Option<i64>,
    /// Damage the monsters lost, on each floor (index 0: floor 1).
    #[serde(default)]
    pub dealt: Vec<u32>,
    /// Damage the player took, on each floor.
    #[serde(default)]
    pub taken: Vec<u32>,
    /// Items used (drunk, read, wielded, worn, readied, thrown), by kind.
    #[serde(default)]
    pub used: BTreeMap<String, u32>,
}

/// What the bot does next: one action, or a shot at a cell with the
/// action to take instead if the shot cannot be made.
enum Plan {
    Act(Action),
    /// Rest (the `Z` time-saver) until healed or something comes into view.
    Rest,
    Shoot {
        start: Action,
        at: Point,
        otherwise: Action,
    },
}

/// Plays `game` to the end (death, or the turn limit).
pub fn play_run(game: &mut Game) -> RunResult {
    play_run_for(game, TURN_LIMIT)
}

/// Plays `game` to its end or to turn `turns`, whichever comes first (the
/// saves' property test plays short runs).
pub fn play_run_for(game: &mut Game, turns: u64) -> RunResult {
    let mut stuck = 0;
    let mut memory = Memory { gear: gear_of_records(game), ..Memory::default() };
    let mut tally = RunTally::default();
    while !game.is_over() && game.turn() < turns {
        // Nobody watches the bot: shots queued for the window are dropped.
        game.take_animations();
        memory.chased(game, target(game, &memory));
        memory.most_max_hp = memory.most_max_hp.max(game.player().max_hp);
        let plan = choose(game, &memory);
        let used_slot = match &plan {
            Plan::Act(Action::Use(slot)) => Some(*slot),
            _ => None,
        };
        let mut restoring = false;
        if let Plan::Act(Action::Use(slot)) = plan {
            memory.readied_missile_weapon |= role_in(game, slot) == Some(ItemRole::MissileWeapon);
            if role_in(game, slot) == Some(ItemRole::Detect) {
                memory.detected_floor = game.floor();
            }
            restoring = role_in(game, slot) == Some(ItemRole::Restore);
        }
        let using = match &plan {
            Plan::Act(Action::Use(slot)) | Plan::Shoot { start: Action::Use(slot) | Action::Throw(slot), .. } => {
                game.pack().get(*slot).map(|i| i.kind.clone())
            }
            _ => None,
        };
        let before = Tally::before(game);
        let mut passed = carry_out(game, plan);
        // A plugin asked a question (free a captive?): the bot says yes;
        // to the host's "Really attack the peaceful ...?", no.
        if game.waiting_question().is_some() {
            let yes = !game.asks_to_attack();
            passed |= game.player_action(Action::Answer(yes));
        }
        if restoring {
            // What one restore gave back is all there was to give: no second one for the same loss.
            memory.most_max_hp = game.player().max_hp;
        }
        before.after(game, &mut tally);
        if let (Some(kind), true) = (using, passed) {
            *tally.used.entry(kind).or_default() += 1;
        }
        if let (Some(slot), false) = (used_slot, passed) {
            memory.unready.insert(slot, game.turn() + UNREADY_TURNS);
        }
        memory.unready.retain(|_, until| *until > game.turn());
        if passed {
            stuck = 0;
        } else {
            stuck += 1;
            if stuck > 3 {
                game.player_action(Action::Wait);
                stuck = 0;
            }
        }
    }
    let died = game.killer().is_some() && game.player().hp <= 0;
    game.quit_run();
    let level = game.player_level();
    RunResult {
        turns: game.turn(),
        floor: game.floor(),
        killer: died.then(|| game.killer().unwrap_or_default().to_string()),
        won: game.won(),
        level,
        dealt: tally.dealt,
        taken: tally.taken,
        used: tally.used,
    }
}

/// What a run did, floor by floor, for the balance report.
#[derive(Default)]
struct RunTally {
    dealt: Vec<u32>,
    taken: Vec<u32>,
    used: BTreeMap<String, u32>,
}

/// The health of everyone before a plan is carried out.
struct Tally {
    floor: u32,
    player: i32,
    monsters: Vec<(EntityId, i32)>,
}

impl Tally {
    fn before(game: &Game) -> Tally {
        let monsters = game.creatures().values().filter(|c| !c.id.is_player()).map(|c| (c.id, c.hp.max(0))).collect();
        Tally { floor: game.floor(), player: game.player().hp, monsters }
    }

    /// Adds the health lost since `before` to the floor's damage taken and
    /// dealt (a monster gone counts its health as dealt; a new floor, nothing).
    fn after(self, game: &Game, tally: &mut RunTally) {
        if game.floor() != self.floor {
            return;
        }
        let at = self.floor.max(1) as usize - 1;
        for list in [&mut tally.dealt, &mut tally.taken] {
            if list.len() <= at {
                list.resize(at + 1, 0);
            }
        }
        tally.taken[at] += (self.player - game.player().hp).max(0) as u32;
        let lost: i32 = self
            .monsters
            .iter()
            .map(|(id, hp)| hp - game.creatures().get(id).map_or(0, |c| c.hp.max(0)))
            .filter(|d| *d > 0)
            .sum();
        tally.dealt[at] += lost as u32;
    }
}

/// Plays a plan through the player's own paths; returns whether a turn passed.
fn carry_out(game: &mut Game, plan: Plan) -> bool {
    if game.is_aiming() {
        // Something left the bot aiming (an effect it used): put it away.
        return game.player_action(Action::CancelAim);
    }
    let (start, at, otherwise) = match plan {
        Plan::Act(action) => return game.player_action(action),
        Plan::Rest => {
            let Some(mut rest) = game.begin_travel(emberdeep_engine::rules::travel::Errand::Rest) else { return false };
            let mut rested = false;
            // Rest until health is back to eight tenths: the last ones cost
            // as many turns as a floor's fights, at the deep levels' health.
            while game.turn() < TURN_LIMIT && game.player().hp * 10 < game.player().max_hp * REST_UNTIL_TENTHS {
                let Some(action) = game.travel_next(&mut rest) else { break };
                rested |= game.player_action(action);
            }
            return rested;
        }
        Plan::Shoot { start, at, otherwise } => (start, at, otherwise),
    };
    game.player_action(start);
    if !game.is_aiming() {
        return game.player_action(otherwise);
    }
    game.aim_at(at);
    // A bolt that passes through need only reach the target; anything else must stop on it.
    let passes = game.targeting().aim.as_ref().is_some_and(|a| a.pending.request.passes_through);
    let path = game.aim_path();
    if path.last() == Some(&at) || (passes && path.contains(&at)) {
        return game.player_action(Action::Shoot);
    }
    game.player_action(Action::CancelAim);
    game.player_action(otherwise)
}

/// What the bot remembers of its own run: what a player would.
#[derive(Default)]
struct Memory {
    /// It readied a missile weapon (a bow): it does not swap bows.
    readied_missile_weapon: bool,
    /// The monsters it has been after without being next to them: for how
    /// many turns, and each one's health when its count began.
    chases: BTreeMap<EntityId, (u32, i32)>,
    /// Monsters it gave up chasing, and the turn it will mind them again.
    given_up: BTreeMap<EntityId, u64>,
    /// What each weapon and armor record would give as gear, by kind.
    gear: BTreeMap<String, GearNumbers>,
    /// The most maximum health it has had since it last drank to restore
    /// it: less now means something drained it.
    most_max_hp: i32,
    /// The floor it last used a `detect` item on.
    detected_floor: u32,
    /// Pack slots whose use passed no turn, and the turn it tries them again.
    unready: BTreeMap<usize, u64>,
}

/// What every weapon's and armor's record would give as gear, as the
/// items' effects answer (asked without consequence).
fn gear_of_records(game: &mut Game) -> BTreeMap<String, GearNumbers> {
    let kinds: Vec<String> = game
        .records()
        .items
        .values()
        .filter(|r| matches!(r.role, ItemRole::MeleeWeapon | ItemRole::Armor))
        .map(|r| r.id.clone())
        .collect();
    kinds.into_iter().map(|kind| (kind.clone(), game.item_gear(&kind))).collect()
}

/// Turns after a monster out of reach, neither next to it nor hurting it,
/// before the bot gives up the chase (an archer keeping its distance).
const CHASE_TURNS: u32 = 20;
/// Turns a monster given up is left alone, unless it comes next to the bot.
const GIVE_UP_TURNS: u64 = 300;

impl Memory {
    /// Counts one more turn after `target`, giving it up once the chase
    /// has gone on too long for nothing.
    fn chased(&mut self, game: &Game, target: Option<EntityId>) {
        let me = game.player().pos;
        let Some(c) = target.and_then(|id| game.creatures().get(&id)) else { return };
        if me.is_adjacent(c.pos) {
            self.chases.remove(&c.id);
            return;
        }
        // Counted for each monster apart, so two archers taking turns in
        // view do not start each other's count again; hurting one does.
        let (turns, hp) = self.chases.entry(c.id).or_insert((0, c.hp));
        if c.hp < *hp {
            (*turns, *hp) = (0, c.hp);
        }
        *turns += 1;
        if *turns > CHASE_TURNS {
            self.chases.remove(&c.id);
            self.chases.retain(|id, _| game.creatures().contains_key(id));
            self.given_up.retain(|_, until| *until > game.turn());
            self.given_up.insert(c.id, game.turn() + GIVE_UP_TURNS);
        }
    }
}

/// The monster in view the bot fights: the first one in view that it has
/// not given up on, or one given up that came next to it.
fn target(game: &Game, memory: &Memory) -> Option<EntityId> {
    let me = game.player().pos;
    game.enemies_in_view().into_iter().find(|id| {
        let Some(c) = game.creatures().get(id) else { return false };
        me.is_adjacent(c.pos) || memory.given_up.get(id).is_none_or(|&until| game.turn() >= until)
    })
}

/// The declared role of the item in pack slot `slot`.
fn role_in(game: &Game, slot: usize) -> Option<ItemRole> {
    game.pack().get(slot).and_then(|s| game.records().items.get(&s.kind)).map(|r| r.role)
}

/// The first pack slot whose item declares `role`.
fn slot_with(game: &Game, role: ItemRole) -> Option<usize> {
    (0..game.pack().slots().len()).find(|&i| role_in(game, i) == Some(role))
}

/// Turns a use that passed no turn is left alone.
const UNREADY_TURNS: u64 = 40;

/// The first pack slot whose item declares `role` and whose last use did
/// not fail to pass a turn of late.
fn ready_slot_with(game: &Game, memory: &Memory, role: ItemRole) -> Option<usize> {
    (0..game.pack().slots().len()).find(|&i| role_in(game, i) == Some(role) && !memory.unready.contains_key(&i))
}

/// The bot's next move.
fn choose(game: &mut Game, memory: &Memory) -> Plan {
    let now = Fighting::now(game, &memory.gear);
    // What could be shot is asked of the plugins only with a monster in sight.
    let fight = !game.enemies_in_view().is_empty();
    let throwing = if fight { throwing_slot(game) } else { None };
    let fire_range = if fight { game.fire_preview().map(|r| r.range) } else { None };
    // The first item of the role that would aim now (a staff with no charge would not).
    let preview = |game: &mut Game, role| {
        let slots: Vec<usize> = (0..game.pack().slots().len()).filter(|&s| role_in(game, s) == Some(role)).collect();
        slots.into_iter().find_map(|s| game.aim_preview(s).map(|r| (s, r)))
    };
    let burst = if fight { preview(game, ItemRole::Burst) } else { None };
    let aimed = if fight { preview(game, ItemRole::Aimed) } else { None };
    let game = &*game;
    let me = game.player();
    if me.hp * 2 < me.max_hp {
        if let Some(slot) = healing_slot(game, memory) {
            return Plan::Act(Action::Use(slot));
        }
    }
    let in_view = game.enemies_in_view();
    if !in_view.is_empty() && me.hp * 3 < me.max_hp {
        if let Some(slot) = slot_with(game, ItemRole::Escape) {
            return Plan::Act(Action::Use(slot));
        }
        if let Some(slot) = slot_with(game, ItemRole::Descend).filter(|_| game.can_go_deeper()) {
            return Plan::Act(Action::Use(slot));
        }
    }
    if me.max_hp < memory.most_max_hp {
        if let Some(slot) = slot_with(game, ItemRole::Restore) {
            return Plan::Act(Action::Use(slot));
        }
    }
    if let Some(target) = target(game, memory).and_then(|id| game.creatures().get(&id)) {
        let worth_it = in_view.len() >= 2 || (target.max_hp >= STRONG_HP && me.pos.steps_to(target.pos) <= 6);
        if worth_it && game.speed_of(EntityId::PLAYER) <= 0 {
            if let Some(slot) = ready_slot_with(game, memory, ItemRole::Buff) {
                return Plan::Act(Action::Use(slot));
            }
        }
        if let Some((slot, at)) = burst.and_then(|(slot, request)| burst_plan(game, &request).map(|at| (slot, at))) {
            return Plan::Shoot { start: Action::Use(slot), at, otherwise: Action::Wait };
        }
        let d = target.pos;
        if me.pos.is_adjacent(d) {
            return Plan::Act(Action::Move(d.x - me.pos.x, d.y - me.pos.y));
        }
        if let Some((slot, at)) = aimed.and_then(|(slot, request)| aimed_plan(game, &request).map(|at| (slot, at))) {
            return Plan::Shoot { start: Action::Use(slot), at, otherwise: Action::Wait };
        }
        let walk = walk_toward(game, &[d]).unwrap_or(Action::Wait);
        if clear_line(game, d) {
            if fire_range.is_some_and(|range| me.pos.steps_to(d) <= range) {
                return Plan::Shoot { start: Action::Fire, at: d, otherwise: walk };
            }
            if let Some(slot) = throwing {
                return Plan::Shoot { start: Action::Throw(slot), at: d, otherwise: walk };
            }
        }
        return Plan::Act(walk);
    }
    if let Some(slot) = bow_or_arrows_slot(game, memory) {
        return Plan::Act(Action::Use(slot));
    }
    if memory.detected_floor != game.floor() {
        if let Some(slot) = slot_with(game, ItemRole::Detect) {
            return Plan::Act(Action::Use(slot));
        }
    }
    if me.hp * 10 < me.max_hp * REST_BELOW_TENTHS {
        return Plan::Rest;
    }
    if let Some(slot) = ready_slot_with(game, memory, ItemRole::Upgrade) {
        return Plan::Act(Action::Use(slot));
    }
    Plan::Act(explore(game, &now))
}

/// The floors the bot explores whole; deeper, it takes the stairs once it knows them.
const EXPLORE_FLOORS: u32 = 3;

/// Below this many tenths of its health, with nothing in view, the bot rests.
const REST_BELOW_TENTHS: i32 = 6;

/// A rest the bot begins goes on until this many tenths of its health.
const REST_UNTIL_TENTHS: i32 = 8;

/// No fight in sight: better gear, things to pick up, the unknown, the stairs.
fn explore(game: &Game, now: &Fighting) -> Action {
    let me = game.player();
    if let Some(slot) = better_gear_slot(game, now) {
        return Action::Use(slot);
    }
    // The ember-heart wins the run: walk to it, make room for it, take it.
    let goal = game.items().iter().find(|i| i.kind == GOAL_ITEM && game.map().is_remembered(i.pos)).map(|i| i.pos);
    if let Some(at) = goal {
        // A cell holds one heap: room is made on a bare cell, never the heart's.
        if game.pack().is_full() {
            let bare = |p: Point| game.map().is_walkable(p) && game.items().at(p).next().is_none();
            if bare(me.pos) {
                return Action::Drop(0);
            }
            let near: Vec<Point> =
                DIRECTIONS.iter().map(|&(dx, dy)| me.pos.offset(dx, dy)).filter(|&p| bare(p)).collect();
            if let Some(a) = walk_toward(game, &near) {
                return a;
            }
        }
        if at == me.pos {
            return Action::PickUp;
        }
        if let Some(a) = walk_toward(game, &[at]) {
            return a;
        }
    }
    let wanted = |kind: &str| game.records().items.get(kind).is_some_and(|r| now.wants(r));
    let top_here = game.items().iter().rev().find(|i| i.pos == me.pos);
    if top_here.is_some_and(|i| wanted(&i.kind)) && !game.pack().is_full() {
        return Action::PickUp;
    }
    let seen_items: Vec<Point> = game
        .items()
        .iter()
        .filter(|i| game.map().is_remembered(i.pos) && wanted(&i.kind))
        .map(|i| i.pos)
        .filter(|p| *p != me.pos)
        .collect();
    if !game.pack().is_full() {
        if let Some(a) = walk_toward(game, &seen_items) {
            return a;
        }
    }
    // Auto-explore's step, then travel's to the stairs (the time-savers' own
    // ways). Past the first floors, known stairs are taken at once: a whole
    // floor explored costs more turns than its finds are worth.
    let hurried = game.floor() > EXPLORE_FLOORS && !game.known_stairs().is_empty();
    if !hurried {
        if let Some(a) = game.explore_step() {
            return a;
        }
    }
    if game.map().tile(me.pos) == emberdeep_engine::core::map::Tile::StairsDown {
        return Action::Descend;
    }
    game.stairs_step().or_else(|| walk_toward(game, &frontier(game))).unwrap_or(Action::Wait)
}

/// Whether a missile from the player would reach `target` with nothing
/// solid and no other creature in the way.
fn clear_line(game: &Game, target: Point) -> bool {
    let me = game.player().pos;
    let request = emberdeep_api::AimRequest::missile(me.steps_to(target));
    let path = emberdeep_engine::world::targeting::shot_path(game.map(), me, target, &request, |p| {
        game.creature_at(p).is_some()
    });
    path.last() == Some(&target)
}

/// The monster in sight to burst a `burst` item on, aimed as `request`:
/// the flight must end on that monster, the burst catch at least two
/// monsters and not the player; the most caught wins, the nearest on a tie.
fn burst_plan(game: &Game, request: &emberdeep_api::AimRequest) -> Option<Point> {
    let me = game.player().pos;
    let mut best: Option<(usize, Point)> = None;
    for id in game.enemies_in_view() {
        let Some(at) = game.creatures().get(&id).map(|c| c.pos) else { continue };
        let path = emberdeep_engine::world::targeting::shot_path(game.map(), me, at, request, |p| {
            game.creature_at(p).is_some()
        });
        if path.last() != Some(&at) {
            continue;
        }
        let burst = emberdeep_engine::core::sight::burst_cells(game.map(), at, request.burst_radius);
        if burst.contains(&me) {
            continue;
        }
        let caught = burst.iter().filter(|p| game.creature_at(**p).is_some()).count();
        if caught >= 2 && best.is_none_or(|(most, _)| caught > most) {
            best = Some((caught, at));
        }
    }
    best.map(|(_, at)| at)
}

/// The monster in sight worth an `aimed` item, aimed as `request`: one the
/// shot would reach (through others, for a bolt that passes through), not
/// next to the player (that one is fought hand to hand), and either strong
/// (`STRONG_HP` or more) or with another monster on the same line; the one
/// whose line holds the most monsters, the nearest on a tie.
fn aimed_plan(game: &Game, request: &emberdeep_api::AimRequest) -> Option<Point> {
    let me = game.player().pos;
    let mut best: Option<(usize, Point)> = None;
    for id in game.enemies_in_view() {
        let Some(target) = game.creatures().get(&id) else { continue };
        let at = target.pos;
        let path = emberdeep_engine::world::targeting::shot_path(game.map(), me, at, request, |p| {
            game.creature_at(p).is_some()
        });
        if me.is_adjacent(at) || !path.contains(&at) {
            continue;
        }
        let struck = path.iter().filter(|p| game.creature_at(**p).is_some()).count();
        if (struck >= 2 || target.max_hp >= STRONG_HP) && best.is_none_or(|(most, _)| struck > most) {
            best = Some((struck, at));
        }
    }
    best.map(|(_, at)| at)
}

/// Health from which a lone monster is worth an aimed item.
const STRONG_HP: i32 = 12;

/// A pack slot of something to ready or put in the quiver: a missile
/// weapon until one is readied, and missiles.
fn bow_or_arrows_slot(game: &Game, memory: &Memory) -> Option<usize> {
    (0..game.pack().slots().len()).find(|&i| match role_in(game, i) {
        Some(ItemRole::Missile) => true,
        Some(ItemRole::MissileWeapon) => !memory.readied_missile_weapon,
        _ => false,
    })
}

/// A pack slot of darts: a stack the plugins say can be thrown (asked
/// through a context that cannot change the game).
fn throwing_slot(game: &mut Game) -> Option<usize> {
    let stacks: Vec<(usize, PackItem)> = game
        .pack()
        .slots()
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.clone().map(|s| (i, s)))
        .filter(|(_, item)| game.records().items.get(&item.kind).is_some_and(|r| r.role == ItemRole::Thrown))
        .collect();
    stacks.into_iter().find(|(_, item)| game.is_throwable(item)).map(|(i, _)| i)
}

/// What the player fights with now, as the loaded plugins derive it, and
/// what the gear records would give.
struct Fighting<'m> {
    /// The blow before the target's defense.
    damage: Damage,
    /// The player's defense.
    defense: i32,
    /// What each weapon and armor record would give ([`Memory::gear`]).
    gear: &'m BTreeMap<String, GearNumbers>,
}

impl<'m> Fighting<'m> {
    fn now(game: &mut Game, gear: &'m BTreeMap<String, GearNumbers>) -> Fighting<'m> {
        let base = game.player().damage;
        Fighting { damage: game.player_damage().unwrap_or(base), defense: game.player_defense(), gear }
    }

    /// Whether using this record's item would improve things: a weapon whose
    /// blow's min + max beats the current blow's, armor whose defense beats
    /// the current one; `None` for what is neither weapon nor armor, or
    /// gives no such number.
    fn improved_by(&self, rec: &ItemRecord) -> Option<bool> {
        let gear = self.gear.get(&rec.id)?;
        match rec.role {
            ItemRole::MeleeWeapon => {
                let blow = gear.blow()?;
                Some(i64::from(blow.min) + i64::from(blow.max) > i64::from(self.damage.min + self.damage.max))
            }
            ItemRole::Armor => gear.defense().map(|d| d > self.defense),
            _ => None,
        }
    }

    /// Whether to pick the item up: anything but gear, and gear that is better.
    fn wants(&self, rec: &ItemRecord) -> bool {
        self.improved_by(rec).unwrap_or(true)
    }
}

/// The first pack slot holding usable gear better than what is held.
fn better_gear_slot(game: &Game, now: &Fighting) -> Option<usize> {
    game.pack().slots().iter().position(|s| {
        let rec = s.as_ref().and_then(|s| game.records().items.get(&s.kind));
        rec.is_some_and(|r| r.effect.is_some() && now.improved_by(r) == Some(true))
    })
}

fn healing_slot(game: &Game, memory: &Memory) -> Option<usize> {
    ready_slot_with(game, memory, ItemRole::Healing)
}

/// Remembered passable cells next to a cell never seen: where exploring goes on.
fn frontier(game: &Game) -> Vec<Point> {
    let map = game.map();
    map.points()
        .filter(|p| map.is_remembered(*p) && map.is_passable(*p))
        .filter(|p| {
            DIRECTIONS.iter().any(|(dx, dy)| {
                let q = p.offset(*dx, *dy);
                map.in_bounds(q) && !map.is_remembered(q)
            })
        })
        .collect()
}

/// One step toward the nearest goal through known cells.
fn walk_toward(game: &Game, goals: &[Point]) -> Option<Action> {
    if goals.is_empty() {
        return None;
    }
    let me = game.player().pos;
    // An ally is no wall: walking into one changes places with it (one
    // waiting in a corridor stopped every walk, to the turn limit).
    let step = first_step(game.map(), me, goals, |p| game.creature_at(p).is_some_and(|c| !c.is_players_side()))?;
    Some(Action::Move(step.x - me.x, step.y - me.y))
}

/// What `--bot N` prints at the end.
pub fn summary(results: &[RunResult]) -> String {
    let runs = results.len().max(1);
    let mean_turns = results.iter().map(|r| r.turns).sum::<u64>() as f64 / runs as f64;
    let deepest = results.iter().map(|r| r.floor).max().unwrap_or(0);
    let mut killers: BTreeMap<String, usize> = BTreeMap::new();
    for r in results {
        let k = match (&r.killer, r.won) {
            (Some(k), _) => k.clone(),
            (None, true) => "won (took the ember-heart)".to_string(),
            (None, false) => format!("survived (turn limit {TURN_LIMIT})"),
        };
        *killers.entry(k).or_default() += 1;
    }
    let wins = results.iter().filter(|r| r.won).count();
    let mut out = format!(
        "bot summary\n  runs: {}\n  mean turns: {mean_turns:.1}\n  deepest floor: {deepest}\n  mean floor: {:.2}\n  wins: {wins}\n",
        results.len(),
        results.iter().map(|r| r.floor as f64).sum::<f64>() / runs as f64
    );
    let levels: Vec<i64> = results.iter().filter_map(|r| r.level).collect();
    if !levels.is_empty() {
        let mean = levels.iter().sum::<i64>() as f64 / levels.len() as f64;
        let top = levels.iter().max().copied().unwrap_or(0);
        out.push_str(&format!("  level: mean {mean:.2}, highest {top}\n"));
    }
    out.push_str("  ends of runs:\n");
    for (k, n) in killers {
        out.push_str(&format!("    {n:>4}  {k}\n"));
    }
    out
}
