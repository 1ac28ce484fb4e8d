//! Time-savers: resting, auto-explore and travel (to the stairs down, or to
//! a seen cell). Each is a run of ordinary player actions
//! ([`Action::Move`], [`Action::Wait`]) chosen one at a time from what the
//! player knows, so every step is an ordinary turn in the trace; a
//! [`Travel`] remembers what the run is for and what the player saw before
//! its last step, so it can stop when something changes, and says why in
//! one message. Nothing here draws from the run's RNG.
//!
//! Auto-explore also walks to the items it sees and picks them up
//! ([`Action::PickUp`]), as the player chose ([`ExploreOptions`]): never
//! what the player dropped, nor what the pack has no room for.
//!
//! A run refuses to start with a monster in view that hunts the player (a
//! sleeping one, or one wandering without having noticed the player, does
//! not count) and stops when: a monster comes into view (one not in view
//! before the step, whatever it is doing), a monster in view notices the
//! player, the player is hurt, an item comes into view (travel; explore
//! only for one it will not pick up, so the player can choose), the goal
//! is reached (rest: full health; explore: nothing left to explore or
//! pick up; travel: the cell), a step takes no turn, or its cap of steps
//! for one key is reached (a rest that heals has none: it stops if the
//! player stops healing). The way is found over the cells the player
//! remembers (closed doors count: walking into one opens it), so an
//! unreachable goal is refused at once and never walked at; never over a
//! known hazard (a terrain of the trait `hazard` the player found or sees:
//! a trap, deep water; api 1.7: a field of the trait `hazard` in sight,
//! fire or a poisonous gas): a goal only a hazard leads to is refused in one
//! line that says so; a run stops when such a field comes within two steps.
//!
//! Interrupts: a turn that brings a monster into view, or the player's
//! health below a third (which says so), sounds an alarm the front end
//! takes after each key ([`Game::take_alarm`]) to drop the keys typed
//! ahead of it (docs/keys.md). It is decided from the run alone, so a
//! replay sounds the same alarms.

use std::collections::BTreeSet;

use emberdeep_api::{EntityId, ItemId, MessageKind, MonsterState, Point, DIRECTIONS};

use crate::core::map::Tile;
use crate::rules::turn::Action;
use crate::world::game::Game;

/// The turns a rest at full health waits (a rest that heals goes on until
/// the player is healed or something stops it).
pub const REST_TURNS: u32 = 100;
/// Most steps one explore or travel takes for one key.
pub const MOST_STEPS: u32 = 1000;
/// The order steps are tried in: straight, then diagonal.
const STEP_ORDER: [(i32, i32); 8] = [(0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)];

/// What a time-saver is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Errand {
    /// Rest until healed, or, at full health, wait [`REST_TURNS`] turns.
    Rest,
    /// Walk to the nearest place not yet explored.
    Explore,
    /// Walk to the nearest known stairs down.
    Stairs,
    /// Walk to a seen or remembered cell.
    To(Point),
}

/// The player's choices for auto-explore (the options file's `[explore]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExploreOptions {
    /// Whether explore stops when an item comes into view that it will not
    /// pick up (every item, with `pick_up_items` off).
    pub stop_for_items: bool,
    /// Whether explore walks to the items it sees and picks them up.
    pub pick_up_items: bool,
    /// Whether, picking up items, it picks up missiles too (an item whose
    /// record's role is `missile` or `thrown`: arrows, darts).
    pub pick_up_missiles: bool,
}

impl Default for ExploreOptions {
    fn default() -> ExploreOptions {
        ExploreOptions { stop_for_items: true, pick_up_items: true, pick_up_missiles: true }
    }
}

/// What the player saw before the last step, to notice what changed.
#[derive(Debug, Clone)]
struct Before {
    hp: i32,
    /// The monsters in view.
    seen: BTreeSet<EntityId>,
    turn: u64,
    floor: u32,
    items: BTreeSet<ItemId>,
    /// The creatures disguised as items on cells the player remembers
    /// (api 1.6): to the player, items like any other.
    seeming: BTreeSet<EntityId>,
    // 1.7 (fields)
    /// How many cells of harmful fields the player saw within two steps of it.
    fields_near: u32,
    /// How many lines the log held (what the step said comes after).
    log_len: usize,
}

/// A time-saver under way.
#[derive(Debug, Clone)]
pub struct Travel {
    /// What it is for.
    pub errand: Errand,
    /// Steps taken so far.
    pub steps: u32,
    /// Whether the player was hurt when a rest began (rest heals; else it waits).
    healing: bool,
    /// The most health a rest has reached, and on which turn.
    mended: (i32, u64),
    before: Option<Before>,
    /// Cells explore reached that still border the unknown (nothing more
    /// shows from them): not gone to again in this run.
    given_up: Vec<Point>,
    /// The player's choices for auto-explore (travel and rest ignore them).
    pub explore: ExploreOptions,
    /// Items explore tried to pick up and could not (a plugin would not
    /// have them): not gone to again in this run.
    passed_over: Vec<ItemId>,
    /// Where the last action picked up, until the turn it took is seen.
    picking: Option<Point>,
    /// Whether the last action was a quiet step ([`Game::travel_next`]):
    /// what lies where it landed is said only if the run stops there.
    landed: bool,
    /// The items on remembered cells explore has asked the plugins about
    /// (api 1.7, `explore_declines`), each once a run: true for one a
    /// plugin would have left where it lies, neither gone to nor stopped for.
    declined: std::collections::BTreeMap<ItemId, bool>,
}

impl Travel {
    fn cap(&self) -> u32 {
        match self.errand {
            Errand::Rest if self.healing => u32::MAX,
            Errand::Rest => REST_TURNS,
            _ => MOST_STEPS,
        }
    }
}

/// What the player saw before a turn, to sound the alarm on what it changed.
#[derive(Debug, Clone)]
pub struct Lookout {
    floor: u32,
    hp: i32,
    seen: BTreeSet<EntityId>,
}

impl Game {
    /// Starts a time-saver; `None` (with a message saying why) when it cannot start.
    pub fn begin_travel(&mut self, errand: Errand) -> Option<Travel> {
        self.begin_travel_with(errand, ExploreOptions::default())
    }

    /// [`Game::begin_travel`], auto-explore as the player chose (`explore`).
    pub fn begin_travel_with(&mut self, errand: Errand, explore: ExploreOptions) -> Option<Travel> {
        if self.over {
            return None;
        }
        if let Some(name) = self.nearest_hunting() {
            self.log.add(format!("Not with {name} in view."), MessageKind::Info);
            return None;
        }
        let me = self.player().pos;
        let mut pending = Travel {
            errand,
            steps: 0,
            healing: false,
            mended: (0, 0),
            before: None,
            given_up: Vec::new(),
            explore,
            passed_over: Vec::new(),
            picking: None,
            landed: false,
            declined: Default::default(),
        };
        self.ask_declined(&mut pending);
        let nothing_left = |game: &Game| {
            !game.map.points().any(|p| p != me && game.is_frontier(p))
                && !game.picks_up_here(&pending)
                && game.explore_items(&pending).is_empty()
        };
        let refusal = match errand {
            Errand::Rest => None,
            Errand::Explore if nothing_left(self) => Some(self.explored_message()),
            Errand::Explore => None,
            Errand::Stairs if !self.knows_stairs() => Some("You know of no stairs down yet.".to_string()),
            Errand::Stairs if self.map.tile(me) == Tile::StairsDown => {
                Some("You are on the stairs down; > goes down.".to_string())
            }
            Errand::Stairs => None,
            Errand::To(p) if p == me => Some(String::new()),
            Errand::To(p) if !self.map.is_remembered(p) || !self.map.is_passable(p) => {
                Some("You know of no way there.".to_string())
            }
            Errand::To(_) => None,
        };
        let me = self.player();
        let healing = errand == Errand::Rest && me.hp < me.max_hp;
        let mended = (me.hp, self.turn);
        let travel = Travel { healing, mended, ..pending };
        let walks = errand != Errand::Rest && !self.picks_up_here(&travel);
        let refusal = refusal.or_else(|| (walks && self.travel_step(&travel).is_none()).then(|| self.no_way(&travel)));
        match refusal {
            Some(text) => {
                if !text.is_empty() {
                    self.log.add(text, MessageKind::Info);
                }
                None
            }
            None => {
                self.saver_running = true;
                Some(travel)
            }
        }
    }

    /// The next action of `travel`, or `None` once it stops (having said why).
    /// The caller plays the action as the player's, then asks again.
    pub fn travel_next(&mut self, travel: &mut Travel) -> Option<Action> {
        self.quiet_step = false;
        self.ask_declined(travel);
        if let Some(why) = self.why_stop(travel) {
            self.saver_running = false;
            self.say_where_landed(travel);
            if !why.is_empty() {
                let kind = if why.contains("hurt") { MessageKind::Danger } else { MessageKind::Info };
                self.log.add(why, kind);
            }
            return None;
        }
        travel.picking = None;
        let action = match travel.errand {
            Errand::Rest => Action::Wait,
            // Auto-explore on an item it wants: `g` (`,`), and on.
            Errand::Explore if self.picks_up_here(travel) => {
                travel.picking = Some(self.player().pos);
                Action::PickUp
            }
            _ => {
                let Some(step) = self.travel_step(travel) else {
                    let why = if self.first_step(travel, false).is_some() {
                        self.hazard_message(travel)
                    } else {
                        self.finished_message(travel)
                    };
                    self.saver_running = false;
                    self.say_where_landed(travel);
                    self.log.add(why, MessageKind::Info);
                    return None;
                };
                Action::Move(step.x - self.player().pos.x, step.y - self.player().pos.y)
            }
        };
        // The run goes on from here: what it passes over, or picks up, is
        // not announced (the pick-up says what it took).
        travel.landed = matches!(action, Action::Move(..));
        self.quiet_step = true;
        travel.before = Some(Before {
            hp: self.player().hp,
            seen: self.enemies_in_view().into_iter().collect(),
            turn: self.turn,
            floor: self.floor,
            items: self.known_items().into_iter().collect(),
            seeming: self.seeming_items().into_iter().collect(),
            fields_near: self.hazard_fields_near().len() as u32,
            log_len: self.log.messages().len(),
        });
        travel.steps += 1;
        Some(action)
    }

    /// A key or click interrupted `travel`.
    pub fn interrupt_travel(&mut self, mut travel: Travel) {
        self.quiet_step = false;
        self.saver_running = false;
        if !self.over {
            self.say_where_landed(&mut travel);
        }
        if travel.steps > 0 && !self.over {
            self.log.add("You stop.", MessageKind::Info);
        }
    }

    /// Plays `errand` to its end as the player's actions (the bot's and the tests' way).
    pub fn travel(&mut self, errand: Errand) -> u32 {
        let Some(mut travel) = self.begin_travel(errand) else { return 0 };
        while let Some(action) = self.travel_next(&mut travel) {
            self.player_action(action);
        }
        travel.steps
    }

    /// The run stops where its last step landed quietly: what lies there
    /// is said now ("You see a dagger here."), before why it stopped.
    fn say_where_landed(&mut self, travel: &mut Travel) {
        if std::mem::take(&mut travel.landed) && !self.over {
            self.say_items_here(self.player().pos);
        }
    }

    /// Why the run stops before its next step, if it does ("" for no message).
    fn why_stop(&mut self, travel: &mut Travel) -> Option<String> {
        if self.over {
            return Some(String::new());
        }
        if let Some(before) = &travel.before {
            if before.floor != self.floor {
                return Some(String::new());
            }
            // A monster after the player is the first reason (the sleeper
            // that came into view with it is not); when its own line has just
            // said so ("The jackal notices you."), the stop adds no name.
            let new_hunter = self.nearest_new_where(&before.seen, |c| c.state == MonsterState::Hunting);
            if let Some((name, new)) =
                new_hunter.map(|n| (n, true)).or_else(|| self.nearest_hunting().map(|n| (n, false)))
            {
                let said = self.log.messages().iter().skip(before.log_len).any(|m| m.text.ends_with("notices you."));
                return Some(match (said, new) {
                    (true, _) => "You stop.".into(),
                    (false, true) => format!("You stop: {name} comes into view."),
                    (false, false) => format!("You stop: {name} notices you."),
                });
            }
            if let Some(name) = self.nearest_new(&before.seen) {
                return Some(format!("You stop: {name} comes into view."));
            }
            if self.player().hp < before.hp {
                return Some("You stop: you are hurt.".into());
            }
            // 1.7 (fields): a harmful field (fire, a gas) coming near.
            let near = self.hazard_fields_near();
            if near.len() as u32 > before.fields_near {
                if let Some((_, label)) = near.into_iter().next() {
                    return Some(format!("You stop: {label} nearby."));
                }
            }
            if before.turn == self.turn {
                // A pick-up that took nothing (the pack full, a plugin
                // would not have it): that item is left, and explore goes on.
                let Some(at) = travel.picking.take() else { return Some("You stop.".into()) };
                let left: Vec<ItemId> = self.items.at(at).map(|(_, i)| i.id).collect();
                travel.passed_over.extend(left);
            }
            let stops_for_items = travel.errand != Errand::Explore || travel.explore.stop_for_items;
            if travel.errand != Errand::Rest && stops_for_items {
                // Explore does not stop for what it will pick up: it goes to it.
                let goes_for = |game: &Game, id: &ItemId| {
                    travel.errand == Errand::Explore
                        && game.items.by_id(*id).is_some_and(|i| game.explore_wants_item(travel, i.pos))
                };
                let new: Vec<ItemId> = self
                    .known_items()
                    .into_iter()
                    .filter(|id| {
                        !before.items.contains(id) && !goes_for(self, id) && travel.declined.get(id) != Some(&true)
                    })
                    .collect();
                if let Some(id) = new.first() {
                    let seen = self.items.by_id(*id).map(|i| (i.kind.clone(), i.count, i.id));
                    if let Some((kind, count, id)) = seen {
                        let label = self.item_label(&kind, count, id);
                        return Some(format!("You stop: you see {label}."));
                    }
                }
                let goes_for_seeming = |game: &Game, id: &EntityId| {
                    travel.errand == Errand::Explore
                        && game.creatures.get(id).is_some_and(|c| game.explore_wants_seeming(travel, c))
                };
                let new = self
                    .seeming_items()
                    .into_iter()
                    .find(|id| !before.seeming.contains(id) && !goes_for_seeming(self, id));
                let shows = new.and_then(|id| self.creatures.get(&id)).and_then(|c| match self.disguise_of(c) {
                    Some(crate::rules::looks::Disguise::Item(rec)) => Some(rec.clone()),
                    _ => None,
                });
                if let Some(rec) = shows {
                    let label = self.item_phrase(&rec, 1, None);
                    return Some(format!("You stop: you see {label}."));
                }
            }
        }
        let me = self.player();
        if me.hp > travel.mended.0 {
            travel.mended = (me.hp, self.turn);
        }
        match travel.errand {
            Errand::Rest if travel.healing && me.hp >= me.max_hp => return Some("You are rested.".into()),
            // Health comes back one every `heal_every` turns; a rest that
            // waited longer than that without it is healing no more.
            Errand::Rest if travel.healing && self.turn.saturating_sub(travel.mended.1) > self.numbers.heal_every => {
                return Some("You stop resting: you are not healing.".into())
            }
            // Arriving, the player is told "There are stairs down here (>).".
            Errand::Stairs if self.map.tile(me.pos) == Tile::StairsDown => return Some(String::new()),
            Errand::To(p) if me.pos == p => return Some(String::new()),
            Errand::Explore => {
                let here = me.pos;
                if self.is_frontier(here) && !travel.given_up.contains(&here) {
                    travel.given_up.push(here);
                }
            }
            _ => {}
        }
        if travel.steps >= travel.cap() {
            return Some(match travel.errand {
                Errand::Rest => "Done waiting.".into(),
                _ => format!("You stop after {} steps; press again to go on.", travel.steps),
            });
        }
        None
    }

    /// What a run says when its goal is gone (nothing left to explore, no
    /// way on), or only a monster seen in the way bars it.
    fn finished_message(&self, travel: &Travel) -> String {
        if let Some(name) = self.blocker(travel) {
            return format!("Not with {name} in the way.");
        }
        match travel.errand {
            Errand::Explore => self.explored_message(),
            _ => "You know of no way there.".into(),
        }
    }

    /// Why a walking errand cannot start: a way there crosses a known
    /// hazard, a monster seen stands in the only way ("Not with a goblin
    /// in the way."), or none is known.
    fn no_way(&self, travel: &Travel) -> String {
        if self.first_step(travel, false).is_some() {
            self.hazard_message(travel)
        } else if let Some(name) = self.blocker(travel) {
            format!("Not with {name} in the way.")
        } else {
            "You know of no way there.".into()
        }
    }

    /// "a goblin": when no way leads to the errand's goal but one would
    /// with no creature seen standing in it (a monster asleep in the one
    /// corridor), the nearest creature in view that blocks a way.
    fn blocker(&self, travel: &Travel) -> Option<String> {
        let me = self.player().pos;
        let goal = |p: Point| match travel.errand {
            Errand::Rest => false,
            Errand::Explore => self.is_explore_goal(p, me, &travel.given_up) || self.explore_items(travel).contains(&p),
            Errand::Stairs => self.is_known_stairs(p),
            Errand::To(to) => p == to,
        };
        self.first_step_where(goal, false, true)?;
        let blocks = |id: &EntityId| {
            self.creatures.get(id).is_some_and(|c| c.side != emberdeep_api::PLAYER_SIDE && !c.is_disguised())
        };
        self.monsters_in_view().into_iter().find(blocks).and_then(|id| self.a_name(id))
    }

    /// What a walking errand says when the only ways it knows cross a
    /// known hazard (and it does not walk into one).
    fn hazard_message(&self, travel: &Travel) -> String {
        match travel.errand {
            Errand::Explore => "Nothing more to explore without crossing a known hazard.".into(),
            Errand::Stairs => "No safe way to the stairs down: every way you know crosses a known hazard.".into(),
            _ => "No safe way there: every way you know crosses a known hazard.".into(),
        }
    }

    fn explored_message(&self) -> String {
        if !self.knows_stairs() {
            "Explored this floor.".into()
        } else {
            "Explored this floor. G travels to the stairs down.".into()
        }
    }

    /// The next cell to step onto for a walking errand, or `None` when no
    /// known way leads on that keeps off every known hazard.
    fn travel_step(&self, travel: &Travel) -> Option<Point> {
        self.first_step(travel, true)
    }

    /// The first step of a walking errand's way; `safe`: a way that
    /// never steps onto a known hazard.
    fn first_step(&self, travel: &Travel, safe: bool) -> Option<Point> {
        let me = self.player().pos;
        match travel.errand {
            Errand::Rest => None,
            Errand::Explore => {
                let items = self.explore_items(travel);
                self.known_first_step(|p| self.is_explore_goal(p, me, &travel.given_up) || items.contains(&p), safe)
            }
            Errand::Stairs => self.known_first_step(|p| self.is_known_stairs(p), safe),
            Errand::To(to) => self.known_first_step(|p| p == to, safe),
        }
    }

    /// Whether the player knows that cell `p` holds a hazard: a terrain
    /// with the trait `hazard` (api 1.6: a trap, deep water, fire) that it
    /// remembers and that no longer hides. The time-savers never step
    /// onto one.
    pub fn knows_hazard(&self, p: Point) -> bool {
        // 1.7 (fields): a harmful field in sight (fire, a poisonous gas).
        if self.fov.is_visible(p) && self.hazard_field_at(p).is_some() {
            return true;
        }
        match self.map.tile(p) {
            tile @ Tile::Plugin(t) => {
                t.hidden == emberdeep_api::TerrainHidden::Shown
                    && self.map.is_remembered(p)
                    && self.plugins.tile_has(tile, emberdeep_api::terrain_traits::HAZARD)
            }
            _ => false,
        }
    }

    // 1.7 (fields)
    /// The harmful fields in sight within two steps of the player, row by
    /// row, each with its label.
    fn hazard_fields_near(&self) -> Vec<(Point, String)> {
        if self.field_layers.is_empty() {
            return Vec::new();
        }
        let me = self.player().pos;
        let mut near = Vec::new();
        for y in me.y - 2..=me.y + 2 {
            for x in me.x - 2..=me.x + 2 {
                let p = Point::new(x, y);
                if self.fov.is_visible(p) {
                    if let Some(label) = self.hazard_field_at(p) {
                        near.push((p, label));
                    }
                }
            }
        }
        near
    }

    /// Asks the plugins, once a run for each, about the items on the cells
    /// the player remembers that auto-explore has not asked about yet
    /// (api 1.7, `explore_declines`).
    fn ask_declined(&mut self, travel: &mut Travel) {
        if travel.errand != Errand::Explore || !travel.explore.pick_up_items || self.plugins.vetoes.is_empty() {
            return;
        }
        let new: Vec<(ItemId, String)> = self
            .items
            .iter()
            .filter(|i| self.map.is_remembered(i.pos) && !travel.declined.contains_key(&i.id))
            .map(|i| (i.id, i.kind.clone()))
            .collect();
        for (id, kind) in new {
            let no = self.explore_declined(&kind, id);
            travel.declined.insert(id, no);
        }
    }

    /// Whether auto-explore picks up what lies where the player stands.
    fn picks_up_here(&self, travel: &Travel) -> bool {
        travel.errand == Errand::Explore && self.explore_wants_item(travel, self.player().pos)
    }

    /// The cells auto-explore walks to for an item it wants (not the
    /// player's own): what `g` would take there, or a creature disguised
    /// as such an item (api 1.6: to the player, an item like any other).
    fn explore_items(&self, travel: &Travel) -> BTreeSet<Point> {
        if travel.errand != Errand::Explore || !travel.explore.pick_up_items {
            return BTreeSet::new();
        }
        let me = self.player().pos;
        let real = self.items.iter().map(|i| i.pos).filter(|p| self.explore_wants_item(travel, *p));
        let seeming = self
            .creatures
            .values()
            .filter(|c| self.map.is_remembered(c.pos) && self.explore_wants_seeming(travel, c))
            .map(|c| c.pos);
        real.chain(seeming).filter(|p| *p != me).collect()
    }

    /// Whether auto-explore would pick up what lies on top at `at` (what
    /// `g` takes there): on a cell the player remembers, wanted by
    /// [`Game::explore_wants_kind`], not one the player dropped nor one
    /// this run could not take.
    fn explore_wants_item(&self, travel: &Travel, at: Point) -> bool {
        let Some((_, top)) = self.items.top_at(at) else { return false };
        travel.explore.pick_up_items
            && self.map.is_remembered(at)
            && !self.dropped.contains(&top.id)
            && !travel.passed_over.contains(&top.id)
            && travel.declined.get(&top.id) != Some(&true)
            && !self.is_offering(at)
            && self.explore_wants_kind(travel, &top.kind, self.joins_stacks(&top.kind, top.id))
    }

    /// Whether what lies at `at` is an offering the player chooses by
    /// hand: on or next to a terrain with the `choice` trait (api 1.7: an
    /// altar whose offerings bar each other).
    fn is_offering(&self, at: Point) -> bool {
        std::iter::once((0, 0))
            .chain(DIRECTIONS.iter().copied())
            .map(|(dx, dy)| at.offset(dx, dy))
            .any(|p| self.map.in_bounds(p) && self.terrain_has(p, emberdeep_api::terrain_traits::CHOICE))
    }

    /// Whether auto-explore would walk to creature `c` for the item it
    /// seems to be (api 1.6's disguise): the step into it finds it out.
    fn explore_wants_seeming(&self, travel: &Travel, c: &crate::world::creature::Creature) -> bool {
        match self.disguise_of(c) {
            Some(crate::rules::looks::Disguise::Item(rec)) => {
                travel.explore.pick_up_items
                    && !self.is_offering(c.pos)
                    && self.explore_wants_kind(travel, &rec.id, rec.stacks)
            }
            _ => false,
        }
    }

    /// Whether auto-explore picks up items of kind `kind`: not the goal
    /// (the player takes that by choice), a missile only with
    /// `pick_up_missiles`, a weapon or armor only of a kind the pack does
    /// not hold already (a second dagger would only fill a slot), and only
    /// while the pack has room for it (a free slot, or a stack it joins).
    fn explore_wants_kind(&self, travel: &Travel, kind: &str, joins: bool) -> bool {
        use crate::data::records::ItemRole;
        let Some(rec) = self.item_record(kind) else { return false };
        let missile = matches!(rec.role, ItemRole::Missile | ItemRole::Thrown);
        let gear = matches!(rec.role, ItemRole::MeleeWeapon | ItemRole::Armor | ItemRole::MissileWeapon);
        let held = self.pack.slots().iter().flatten().any(|held| held.kind == kind);
        let room = self.pack.free_slots() > 0 || (joins && held);
        kind != crate::data::records::GOAL_ITEM
            && (!missile || travel.explore.pick_up_missiles)
            && !(gear && !joins && held)
            && room
    }

    /// Whether explore would walk to `p`: a remembered cell a creature can
    /// enter with a cell never seen next to it, not given up, not here.
    fn is_explore_goal(&self, p: Point, me: Point, given_up: &[Point]) -> bool {
        p != me && self.is_frontier(p) && !given_up.contains(&p)
    }

    fn is_frontier(&self, p: Point) -> bool {
        let map = &self.map;
        map.is_remembered(p)
            && map.is_passable(p)
            && DIRECTIONS.iter().any(|(dx, dy)| {
                let q = p.offset(*dx, *dy);
                map.in_bounds(q) && !map.is_remembered(q)
            })
    }

    /// The stairs down the player has seen.
    pub fn known_stairs(&self) -> Vec<Point> {
        self.map.points().filter(|p| self.is_known_stairs(*p)).collect()
    }

    /// Whether the player has seen stairs down on this floor.
    pub fn knows_stairs(&self) -> bool {
        self.map.points().any(|p| self.is_known_stairs(p))
    }

    fn is_known_stairs(&self, p: Point) -> bool {
        self.map.is_remembered(p) && self.map.tile(p) == Tile::StairsDown
    }

    /// The next step of auto-explore from here, if anything is left to explore
    /// (what the bot walks by; no message, no stop rules): round the known
    /// hazards where a way round is known, else over them.
    pub fn explore_step(&self) -> Option<Action> {
        let me = self.player().pos;
        let goal = |p| self.is_explore_goal(p, me, &[]);
        let step = self.known_first_step(goal, true).or_else(|| self.known_first_step(goal, false));
        step.map(|s| Action::Move(s.x - me.x, s.y - me.y))
    }

    /// The next step towards the known stairs down, if a known way leads
    /// there: round the known hazards where a way round is known.
    pub fn stairs_step(&self) -> Option<Action> {
        let me = self.player().pos;
        let goal = |p| self.is_known_stairs(p);
        let step = self.known_first_step(goal, true).or_else(|| self.known_first_step(goal, false));
        step.map(|s| Action::Move(s.x - me.x, s.y - me.y))
    }

    /// The creatures disguised as items on cells the player remembers, in id order.
    fn seeming_items(&self) -> Vec<EntityId> {
        let shows_item = |c: &crate::world::creature::Creature| {
            matches!(self.disguise_of(c), Some(crate::rules::looks::Disguise::Item(_)))
        };
        self.creatures.values().filter(|c| self.map.is_remembered(c.pos) && shows_item(c)).map(|c| c.id).collect()
    }

    /// Items lying on cells the player remembers.
    fn known_items(&self) -> Vec<ItemId> {
        self.items.iter().filter(|i| self.map.is_remembered(i.pos)).map(|i| i.id).collect()
    }

    /// "a goblin": the nearest monster in view hunting the player, if any
    /// (one asleep, or wandering without having noticed the player, is no
    /// reason to stop).
    fn nearest_hunting(&self) -> Option<String> {
        let hunting = |id: &EntityId| self.creatures.get(id).is_some_and(|c| c.state == MonsterState::Hunting);
        self.enemies_in_view().into_iter().find(hunting).and_then(|id| self.a_name(id))
    }

    /// "a goblin": the nearest monster in view that is not in `seen`, if any.
    /// The nearest as [`Game::monsters_in_view`] orders them (ties: higher,
    /// further left, then the lower id), found in one pass over the enemies
    /// in view: no sorting of a crowd every turn.
    fn nearest_new(&self, seen: &BTreeSet<EntityId>) -> Option<String> {
        self.nearest_new_where(seen, |_| true)
    }

    /// [`Game::nearest_new`] among the monsters `keep` keeps.
    fn nearest_new_where(
        &self,
        seen: &BTreeSet<EntityId>,
        keep: impl Fn(&crate::world::creature::Creature) -> bool,
    ) -> Option<String> {
        let p = self.player().pos;
        self.enemies_in_view_unordered()
            .filter(|c| !seen.contains(&c.id) && keep(c))
            .min_by_key(|c| (c.pos.steps_to(p), c.pos.y, c.pos.x))
            .and_then(|c| self.a_name(c.id))
    }

    /// The enemies of the player it sees, in id order.
    fn enemies_in_view_unordered(&self) -> impl Iterator<Item = &crate::world::creature::Creature> + '_ {
        let player = self.player();
        self.creatures
            .values()
            .filter(move |c| !c.id.is_player() && self.hostile(c, player) && self.fov.is_visible(c.pos))
            // A disguised one passes for what it shows (api 1.6).
            .filter(|c| !c.is_disguised())
    }

    fn a_name(&self, id: EntityId) -> Option<String> {
        let c = self.creatures.get(&id)?;
        Some(format!("{} {}", crate::data::records::article_for(&c.name), c.name))
    }

    /// What the player sees before a turn, for [`Game::sound_alarm`].
    pub(crate) fn lookout(&self) -> Lookout {
        Lookout {
            floor: self.floor,
            hp: self.player().hp,
            seen: self.enemies_in_view_unordered().map(|c| c.id).collect(),
        }
    }

    /// After a turn: a monster that came into view (on a new floor, every
    /// monster in view) or health that fell below a third sounds the alarm;
    /// the fall is said ("Your health is low: 9/30."). The first alarm
    /// since the front end last took one is kept.
    pub(crate) fn sound_alarm(&mut self, before: Lookout) {
        let (hp, max) = (self.player().hp, self.player().max_hp);
        let why = if hp > 0 && is_low(hp, max) && !is_low(before.hp, max) {
            self.log.add(format!("Your health is low: {hp}/{max}."), MessageKind::Danger);
            Some("your health is low".to_string())
        } else {
            None
        };
        let seen = if before.floor == self.floor { before.seen } else { BTreeSet::new() };
        let why = why.or_else(|| self.nearest_new(&seen).map(|name| format!("{name} comes into view")));
        if self.alarm.is_none() {
            self.alarm = why;
        }
    }

    /// Why keys typed ahead should stop ("a goblin comes into view", "your
    /// health is low"), if a turn since the last call sounded the alarm.
    /// Taken once: the next call says `None` until another turn sounds it.
    pub fn take_alarm(&mut self) -> Option<String> {
        self.alarm.take()
    }

    /// The first step of a shortest walk over remembered passable cells
    /// from the player to the nearest cell `is_goal` holds for (8-way, as
    /// the player moves); never onto a creature in view, and, if `safe`,
    /// never onto a known hazard ([`Game::knows_hazard`]). Of the steps that
    /// shorten the walk, a straight one goes before a diagonal one, in
    /// [`STEP_ORDER`], so the walk runs straight where it can and is the
    /// same every run.
    ///
    /// A step costs what lies between the player and the nearest goal,
    /// never the whole map: the search looks within a square around the
    /// player, doubled until the goal lies inside it (a walk of n steps
    /// never leaves the square of n cells around its start).
    fn known_first_step(&self, is_goal: impl Fn(Point) -> bool, safe: bool) -> Option<Point> {
        self.first_step_where(is_goal, safe, false)
    }

    /// [`Game::known_first_step`]; `past_creatures`: as if no creature
    /// stood in the way (to tell a way a monster bars from no way).
    fn first_step_where(&self, is_goal: impl Fn(Point) -> bool, safe: bool, past_creatures: bool) -> Option<Point> {
        let map = &self.map;
        let me = self.player().pos;
        let open = |p: Point| {
            map.is_remembered(p)
                && map.is_passable(p)
                // Even a way that may cross known hazards never crosses
                // known lava or a chasm (api 1.7: `deadly`).
                && !(p != me && self.knows_hazard(p) && (safe || !map.tile(p).is_safe_step()))
                // A monster seen there blocks the way; an ally does not:
                // walking into one changes places with it. A disguised one
                // is what it shows (api 1.6): a wall blocks, a chest does
                // not (the step into it reveals it).
                && !(!past_creatures
                    && self.fov.is_visible(p)
                    && self.creature_at(p).is_some_and(|c| match self.disguise_of(c) {
                        Some(shows) => !shows.looks_passable(),
                        None => !c.id.is_player() && c.side != emberdeep_api::PLAYER_SIDE,
                    }))
        };
        if !map.in_bounds(me) || (open(me) && is_goal(me)) {
            return None;
        }
        let whole = map.width().max(map.height());
        let mut reach = 16;
        loop {
            let mut window = Window::around(map, me, reach);
            if reach >= whole {
                // The whole map: a walk may wind any length within it.
                window.reach = usize::MAX;
            }
            match first_step_within(&window, me, &is_goal, &open) {
                Search::Found(step) => return step,
                Search::Further => reach = reach.saturating_mul(2),
            }
        }
    }
}

/// What a search within a [`Window`] found.
enum Search {
    /// The answer: the first step, or `None` when no way leads to a goal.
    Found(Option<Point>),
    /// No goal within the window's reach; a larger window may hold one.
    Further,
}

/// The square of cells within `reach` steps of a spot, clipped to the map.
struct Window {
    left: i32,
    top: i32,
    width: i32,
    height: i32,
    reach: usize,
}

impl Window {
    fn around(map: &crate::core::map::Map, at: Point, reach: i32) -> Window {
        let (left, top) = (at.x.saturating_sub(reach).max(0), at.y.saturating_sub(reach).max(0));
        let right = at.x.saturating_add(reach).saturating_add(1).min(map.width());
        let bottom = at.y.saturating_add(reach).saturating_add(1).min(map.height());
        Window { left, top, width: (right - left).max(0), height: (bottom - top).max(0), reach: reach as usize }
    }

    fn cells(&self) -> usize {
        self.width as usize * self.height as usize
    }

    fn index(&self, p: Point) -> Option<usize> {
        let (x, y) = (p.x.wrapping_sub(self.left), p.y.wrapping_sub(self.top));
        (x >= 0 && y >= 0 && x < self.width && y < self.height).then(|| (y * self.width + x) as usize)
    }
}

/// [`Game::known_first_step`] within `window`: rings of cells by steps from
/// `me`, until one holds a goal; then, back from those goals, the cells one
/// ring nearer that border a cell on a shortest walk are on one too; the
/// first neighbour of `me` on one is the step. Exact while the goal is
/// within the window's reach, since no shorter walk leaves it.
fn first_step_within(
    window: &Window,
    me: Point,
    is_goal: &impl Fn(Point) -> bool,
    open: &impl Fn(Point) -> bool,
) -> Search {
    const FAR: u32 = u32::MAX;
    let Some(start) = window.index(me) else { return Search::Found(None) };
    let mut steps = vec![FAR; window.cells()];
    steps[start] = 0;
    let mut rings: Vec<Vec<Point>> = vec![vec![me]];
    let goals = loop {
        let ring = rings.len();
        if ring > window.reach {
            return Search::Further;
        }
        let mut next = Vec::new();
        for &p in &rings[ring - 1] {
            for (dx, dy) in STEP_ORDER {
                let n = p.offset(dx, dy);
                let Some(i) = window.index(n) else { continue };
                if steps[i] == FAR && open(n) {
                    steps[i] = ring as u32;
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            return Search::Found(None);
        }
        let goals: Vec<Point> = next.iter().copied().filter(|p| is_goal(*p)).collect();
        rings.push(next);
        if !goals.is_empty() {
            break goals;
        }
    };
    let mut on_way = vec![false; window.cells()];
    for g in goals {
        if let Some(i) = window.index(g) {
            on_way[i] = true;
        }
    }
    let ring_of = |p: Point| window.index(p).map(|i| (i, steps[i]));
    for ring in (1..rings.len() - 1).rev() {
        for &p in &rings[ring] {
            let borders = DIRECTIONS
                .iter()
                .any(|(dx, dy)| ring_of(p.offset(*dx, *dy)).is_some_and(|(i, s)| s == ring as u32 + 1 && on_way[i]));
            if borders {
                if let Some(i) = window.index(p) {
                    on_way[i] = true;
                }
            }
        }
    }
    let step = STEP_ORDER
        .iter()
        .map(|(dx, dy)| me.offset(*dx, *dy))
        .find(|n| ring_of(*n).is_some_and(|(i, s)| s == 1 && on_way[i]));
    Search::Found(step)
}

/// Whether `hp` of `max` is low: below a third.
pub fn is_low(hp: i32, max: i32) -> bool {
    hp.saturating_mul(3) < max
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use super::*;
    use crate::core::map::Map;

    fn room() -> Game {
        let mut map = Map::new_filled(12, 6, Tile::Wall);
        for y in 1..5 {
            for x in 1..11 {
                map.set_tile(Point::new(x, y), Tile::Floor);
            }
        }
        let mut game = Game::blank(
            1,
            map,
            Point::new(2, 2),
            Rc::new(crate::plugins::registry::Plugins::default()),
            Rc::default(),
            crate::data::trace::Trace::console(),
        );
        game.update_sight();
        game
    }

    fn last_message(game: &Game) -> String {
        game.log.messages().last().map(|m| m.text.clone()).unwrap_or_default()
    }

    #[test]
    fn rest_heals_to_full_and_says_so() {
        let mut game = room();
        let max = game.player().max_hp;
        game.player_mut().hp = max - 3;
        let steps = game.travel(Errand::Rest);
        assert_eq!(game.player().hp, max);
        assert_eq!(last_message(&game), "You are rested.");
        assert!(steps <= 3 * game.numbers.heal_every as u32, "{steps} turns for 3 health");
        assert_eq!(game.turn, steps as u64, "each step is one turn");
    }

    /// A monster of no kind (it has no brain: it stands) at `at`, in `state`,
    /// seeing no further than `sight` (0: it never sees the player, so never wakes).
    fn put_monster(game: &mut Game, at: Point, state: MonsterState, sight: i32) -> EntityId {
        let id = game.new_creature_id().expect("an id is left");
        let mut c = crate::world::creature::Creature::player(at, 10);
        (c.id, c.kind, c.name, c.state, c.sight) = (id, "goblin".into(), "goblin".into(), state, sight);
        c.side = emberdeep_api::MONSTERS_SIDE.to_string();
        game.creatures.insert(id, c);
        game.update_sight();
        id
    }

    #[test]
    fn a_monster_that_notices_during_a_step_is_the_reason_said_once_before_a_sleeper_that_came_into_view() {
        let mut game = room();
        let jackal = put_monster(&mut game, Point::new(8, 3), MonsterState::Wandering, 0);
        game.player_mut().hp = 2;
        let mut rest = game.begin_travel(Errand::Rest).expect("a wanderer is no reason");
        let action = game.travel_next(&mut rest).expect("rest goes on");
        game.player_action(action);
        // In the step, the jackal notices the player (its own line) and a
        // sleeper comes into view.
        game.set_state(jackal, MonsterState::Hunting, "sight", "host");
        put_monster(&mut game, Point::new(3, 3), MonsterState::Asleep, 0);
        assert!(game.travel_next(&mut rest).is_none());
        let said: Vec<&str> = game.log.messages().iter().rev().take(2).map(|m| m.text.as_str()).collect();
        assert_eq!(said, ["You stop.", "The goblin notices you."], "the notice, then the stop, once");

        // Without a line of its own (set quietly), the stop names it.
        let mut game = room();
        let jackal = put_monster(&mut game, Point::new(8, 3), MonsterState::Wandering, 0);
        game.player_mut().hp = 2;
        let mut rest = game.begin_travel(Errand::Rest).expect("a wanderer is no reason");
        let action = game.travel_next(&mut rest).expect("rest goes on");
        game.player_action(action);
        game.creatures.get_mut(&jackal).unwrap().state = MonsterState::Hunting;
        put_monster(&mut game, Point::new(3, 3), MonsterState::Asleep, 0);
        assert!(game.travel_next(&mut rest).is_none());
        assert_eq!(last_message(&game), "You stop: a goblin notices you.", "the hunter, not the sleeper");
    }

    #[test]
    fn rest_beside_a_sleeping_monster_heals_to_full_however_long_it_takes() {
        let mut game = room();
        put_monster(&mut game, Point::new(3, 2), MonsterState::Asleep, 0);
        put_monster(&mut game, Point::new(9, 4), MonsterState::Wandering, 0);
        let max = game.player().max_hp;
        game.player_mut().hp = 1;
        let steps = game.travel(Errand::Rest);
        assert_eq!((game.player().hp, last_message(&game)), (max, "You are rested.".to_string()));
        assert!(steps > REST_TURNS, "{steps} turns: no cap of {REST_TURNS} on a rest that heals");
    }

    #[test]
    fn rest_stops_when_a_monster_notices_or_comes_into_view_and_a_hunter_refuses_it() {
        let mut game = room();
        let goblin = put_monster(&mut game, Point::new(8, 3), MonsterState::Wandering, 0);
        game.player_mut().hp = 2;
        let mut rest = game.begin_travel(Errand::Rest).expect("a wanderer that has not noticed is no reason");
        for _ in 0..3 {
            let action = game.travel_next(&mut rest).expect("rest goes on");
            game.player_action(action);
        }
        game.creatures.get_mut(&goblin).unwrap().state = MonsterState::Hunting;
        assert!(game.travel_next(&mut rest).is_none());
        assert_eq!(last_message(&game), "You stop: a goblin notices you.");
        assert!(game.begin_travel(Errand::Rest).is_none());
        assert_eq!(last_message(&game), "Not with a goblin in view.");

        game.creatures.get_mut(&goblin).unwrap().state = MonsterState::Asleep;
        let mut rest = game.begin_travel(Errand::Rest).expect("a sleeper is no reason");
        let action = game.travel_next(&mut rest).expect("rest goes on");
        game.player_action(action);
        put_monster(&mut game, Point::new(9, 1), MonsterState::Asleep, 0);
        assert!(game.travel_next(&mut rest).is_none());
        assert_eq!(last_message(&game), "You stop: a goblin comes into view.");
    }

    #[test]
    fn a_turn_that_brings_a_monster_into_view_or_health_below_a_third_sounds_the_alarm_once() {
        let mut game = room();
        game.player_action(Action::Wait);
        assert_eq!(game.take_alarm(), None, "nothing changed");
        let before = game.lookout();
        put_monster(&mut game, Point::new(6, 3), MonsterState::Asleep, 0);
        game.sound_alarm(before);
        assert_eq!(game.take_alarm().as_deref(), Some("a goblin comes into view"));
        assert_eq!(game.take_alarm(), None, "taken once");
        game.player_action(Action::Wait);
        assert_eq!(game.take_alarm(), None, "a monster still in view is not new");

        let max = game.player().max_hp;
        let before = game.lookout();
        game.player_mut().hp = max / 3 - 1;
        game.sound_alarm(before);
        assert_eq!(game.take_alarm().as_deref(), Some("your health is low"));
        assert_eq!(last_message(&game), format!("Your health is low: {}/{max}.", max / 3 - 1));
        let before = game.lookout();
        game.player_mut().hp -= 1;
        game.sound_alarm(before);
        assert_eq!(game.take_alarm(), None, "only the fall below a third");
    }

    /// The alarm names the nearest newcomer, ties going to the higher, then
    /// the further left, as the in-sight list orders them; one already in
    /// view before the turn is no newcomer, however near.
    #[test]
    fn the_alarm_names_the_nearest_newcomer_in_the_in_sight_lists_order() {
        let mut game = room();
        let near = put_monster(&mut game, Point::new(3, 3), MonsterState::Asleep, 0);
        game.creatures.get_mut(&near).unwrap().name = "rat".into();
        let before = game.lookout();
        for (at, name) in [((6, 2), "jackal"), ((5, 4), "ogre"), ((5, 1), "bat"), ((5, 3), "orc")] {
            let id = put_monster(&mut game, Point::new(at.0, at.1), MonsterState::Asleep, 0);
            game.creatures.get_mut(&id).unwrap().name = name.into();
        }
        // From (2, 2): the bat, the ogre and the orc 3 steps off, the
        // jackal 4; of those three, the bat is the highest (row 1).
        game.sound_alarm(before);
        assert_eq!(game.take_alarm().as_deref(), Some("a bat comes into view"));
        let expected: Vec<&str> = vec!["rat", "bat", "orc", "ogre", "jackal"];
        let order: Vec<String> =
            game.monsters_in_view().iter().map(|id| game.creatures.get(id).unwrap().name.clone()).collect();
        assert_eq!(order, expected, "the in-sight list's order, which the alarm follows");
    }

    #[test]
    fn rest_at_full_health_waits_its_hundred_turns() {
        let mut game = room();
        assert_eq!(game.travel(Errand::Rest), REST_TURNS);
        assert_eq!(last_message(&game), "Done waiting.");
    }

    #[test]
    fn travel_to_a_cell_walks_there_straight_and_refuses_walls() {
        let mut game = room();
        let steps = game.travel(Errand::To(Point::new(9, 2)));
        assert_eq!((game.player().pos, steps), (Point::new(9, 2), 7));
        assert!(game.begin_travel(Errand::To(Point::new(0, 0))).is_none());
        assert_eq!(last_message(&game), "You know of no way there.");
        assert_eq!(game.turn, 7, "a refused travel takes no turn");
    }

    #[test]
    fn explore_of_a_seen_room_is_refused_as_done() {
        let mut game = room();
        for p in game.map.points().collect::<Vec<_>>() {
            game.map.remember(p);
        }
        assert!(game.begin_travel(Errand::Explore).is_none());
        assert_eq!(last_message(&game), "Explored this floor.");
    }

    /// [`room`] with item records: `sword` (does not stack), `potion`
    /// (stacks), `arrows` (stacks, role `missile`).
    fn room_with_items() -> Game {
        room_with_items_of(crate::plugins::registry::Plugins::default())
    }

    /// [`room_with_items`] with `plugins` loaded.
    fn room_with_items_of(plugins: crate::plugins::registry::Plugins) -> Game {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("host folder");
        let item = |id: &str, stacks: bool, role: &str| {
            format!(
                "[[item]]\nid = \"{id}\"\nname = \"{id}\"\nglyph = \"?\"\ncolor = [1, 2, 3]\ntile = \"{id}\"\n\
                 class = \"test\"\nstacks = {stacks}\nrole = \"{role}\"\nfloors = [1, 1]\n"
            )
        };
        let text =
            [item("sword", false, "melee_weapon"), item("potion", true, "healing"), item("arrows", true, "missile")];
        std::fs::write(dir.path().join("host/items.toml"), text.join("\n")).expect("records");
        let records =
            crate::data::records::check::load_records(dir.path(), &plugins.registered()).expect("the records read");
        let game = room();
        let mut game = Game::blank(
            1,
            game.map.clone(),
            Point::new(2, 2),
            Rc::new(plugins),
            Rc::new(records),
            crate::data::trace::Trace::in_memory(),
        );
        game.update_sight();
        game
    }

    /// Explores with `options` to its end; the kinds picked up, in order.
    fn explore_with(game: &mut Game, options: ExploreOptions) -> Vec<String> {
        let _ = game.trace.take_kept();
        if let Some(mut travel) = game.begin_travel_with(Errand::Explore, options) {
            let mut actions = 0;
            while let Some(action) = game.travel_next(&mut travel) {
                game.player_action(action);
                actions += 1;
                assert!(actions < 200, "explore ends");
            }
        }
        let lines = game.trace.take_kept();
        let picked = lines.iter().filter(|l| l.contains("\"action\":\"pick_up\""));
        picked
            .map(|l| l.split("\"item\":\"").nth(1).unwrap_or("").split('"').next().unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn explore_picks_up_what_it_sees_missiles_as_the_options_say_and_never_what_the_player_dropped() {
        let lay = |game: &mut Game| {
            game.drop_on_floor("potion", 2, Point::new(5, 2), ItemId(901));
            game.drop_on_floor("arrows", 1, Point::new(8, 3), ItemId(902));
            game.drop_on_floor("arrows", 1, Point::new(9, 1), ItemId(903));
        };
        let mut game = room_with_items();
        lay(&mut game);
        // The sword the player drops where it stands stays there.
        game.pack.add("sword", 1, false, ItemId(900));
        assert!(game.drop_slot(0));
        assert_eq!(explore_with(&mut game, ExploreOptions::default()), ["potion", "arrows", "arrows"]);
        assert_eq!(game.items.iter().map(|i| i.kind.as_str()).collect::<Vec<_>>(), ["sword"], "the sword stays");
        assert_eq!(last_message(&game), "Explored this floor.");

        let mut game = room_with_items();
        lay(&mut game);
        let no_missiles = ExploreOptions { pick_up_missiles: false, ..ExploreOptions::default() };
        assert_eq!(explore_with(&mut game, no_missiles), ["potion"]);
        assert_eq!(game.items.len(), 2, "the arrows are left");

        let mut game = room_with_items();
        lay(&mut game);
        let nothing = ExploreOptions { pick_up_items: false, ..ExploreOptions::default() };
        assert!(explore_with(&mut game, nothing).is_empty());
        assert_eq!(game.items.len(), 3);
        assert_eq!(last_message(&game), "Explored this floor.", "nothing left to see: done at once");
    }

    /// A plugin that would have auto-explore leave every sword (as
    /// equipment does for the kind in hand, which is out of the pack).
    struct NoSwords;

    impl emberdeep_api::Vetoes for NoSwords {
        fn explore_declines(
            &self,
            _ctx: &mut emberdeep_api::Ctx<'_>,
            item: &emberdeep_api::ItemUse,
        ) -> emberdeep_api::PluginResult<Option<String>> {
            Ok((item.kind.as_str() == "sword").then(|| "You wield one already.".to_string()))
        }
    }

    #[test]
    fn explore_neither_goes_to_nor_stops_for_what_a_plugin_declines_and_g_still_takes_it() {
        use abi_stable::sabi_trait::TD_Opaque;
        use emberdeep_api::abi::VetoesAbi_TO;
        let mut plugins = crate::plugins::registry::Plugins::default();
        let veto = VetoesAbi_TO::from_value(emberdeep_api::author::Adapter(NoSwords), TD_Opaque);
        plugins.vetoes.push(crate::plugins::entry::Entry::new("equipment", veto));
        let mut game = room_with_items_of(plugins);
        game.drop_on_floor("sword", 1, Point::new(5, 2), ItemId(901));
        game.drop_on_floor("potion", 1, Point::new(8, 3), ItemId(902));
        assert_eq!(explore_with(&mut game, ExploreOptions::default()), ["potion"], "not the sword in hand's twin");
        let said: Vec<&str> = game.log.messages().iter().map(|m| m.text.as_str()).collect();
        assert!(!said.iter().any(|m| m.contains("sword")), "no stop for it: {said:?}");
        assert_eq!(last_message(&game), "Explored this floor.");
        // `g` on it still takes it.
        game.player_mut().pos = Point::new(5, 2);
        assert!(game.pick_up());
        assert!(game.items.is_empty());
    }

    #[test]
    fn explore_leaves_a_second_weapon_of_a_kind_the_pack_holds() {
        let mut game = room_with_items();
        game.pack.add("sword", 1, false, ItemId(900));
        game.drop_on_floor("sword", 1, Point::new(5, 2), ItemId(901));
        game.drop_on_floor("potion", 1, Point::new(8, 3), ItemId(902));
        assert_eq!(explore_with(&mut game, ExploreOptions::default()), ["potion"], "not the second sword");
        assert_eq!(game.items.iter().map(|i| i.kind.as_str()).collect::<Vec<_>>(), ["sword"]);

        // With none in the pack, the first one found is taken.
        let mut game = room_with_items();
        game.drop_on_floor("sword", 1, Point::new(5, 2), ItemId(901));
        assert_eq!(explore_with(&mut game, ExploreOptions::default()), ["sword"]);
    }

    #[test]
    fn what_the_player_dropped_is_saved_as_such_and_a_mark_on_no_floor_item_is_refused() {
        let mut game = room_with_items();
        let id = game.new_item_id().expect("an id");
        game.pack.add("sword", 1, false, id);
        assert!(game.drop_slot(0));
        let sword = game.items[0].id;
        let parts = game.parts();
        assert_eq!(parts.dropped, [sword]);
        let (plugins, records) = (game.plugins.clone(), game.records.clone());
        let trace = crate::data::trace::Trace::in_memory;
        let mut back = Game::restore(parts, plugins.clone(), records.clone(), trace()).expect("restores");
        assert_eq!(back.dropped, game.dropped);
        assert!(explore_with(&mut back, ExploreOptions::default()).is_empty(), "left lying after a load too");
        // Picked up by hand, it is the player's again: no longer marked.
        assert!(game.pick_up());
        assert!(game.dropped.is_empty() && game.parts().dropped.is_empty());
        let mut parts = game.parts();
        parts.dropped.push(ItemId(77));
        let err = Game::restore(parts, plugins, records, trace()).err().expect("refused").to_string();
        assert_eq!(err, "item #77 marked as dropped by the player, which lies on no floor cell");
    }

    #[test]
    fn a_heap_the_pack_cannot_take_does_not_loop_explore() {
        let mut game = room_with_items();
        // Potions join the pack's stack, which is at its most: `g` fails.
        game.pack.add("potion", crate::data::bounds::MOST_IN_A_STACK, true, ItemId(900));
        for n in 1..game.pack.slots().len() as u32 {
            game.pack.add("sword", 1, false, ItemId(900 + n));
        }
        game.drop_on_floor("potion", 1, Point::new(6, 3), ItemId(990));
        assert!(explore_with(&mut game, ExploreOptions::default()).is_empty());
        assert!(game.log.messages().iter().any(|m| m.text == "Your pack is full."), "it tried once");
        assert_eq!(last_message(&game), "Explored this floor.");
        assert!(game.turn < 10, "{} turns", game.turn);
    }

    #[test]
    fn the_time_savers_take_a_disguise_for_what_it_shows() {
        let mut game = crate::rules::sides::tests::wolves_game();
        game.player_mut().hp = 20;
        let id = game.spawn_creature("wolf", Point::new(5, 3), "", "summoner").expect("spawned");
        game.creatures.get_mut(&id).expect("the wolf").state = MonsterState::Hunting;
        game.disguise_creature(id, "wall", "summoner").expect("disguised");
        game.update_sight();
        let turn = game.turn;
        assert!(game.travel(Errand::Rest) > 1, "a hunting wolf in view would refuse the rest; a wall does not");
        assert!(game.turn > turn + 1 && game.creatures[&id].is_disguised());
        assert!(game.take_alarm().is_none(), "no alarm for a wall");
        // Travel walks round what looks like a wall, never into it; the
        // step beside it finds the wolf, and the travel stops there.
        let steps = game.travel(Errand::To(Point::new(6, 3)));
        let at = game.player().pos;
        assert!(steps > 0 && at.is_adjacent(Point::new(5, 3)) && at != Point::new(6, 3), "at {at:?}");
        assert!(game.log.messages().iter().any(|m| m.text == "You stop: a wolf comes into view."));
        let lines = game.trace.take_kept();
        assert!(lines.iter().any(|l| l.contains("\"cause\":\"beside\"")));
        assert!(!lines.iter().any(|l| l.contains("\"cause\":\"bump\"")), "the way went round it");
    }

    /// Every "You see ... here." line, a repeat as often as it was said.
    fn you_see_lines(game: &Game) -> Vec<String> {
        let said = game.log.messages().iter().filter(|m| m.text.starts_with("You see "));
        said.flat_map(|m| std::iter::repeat_n(m.text.clone(), m.count as usize)).collect()
    }

    #[test]
    fn a_time_saver_says_what_lies_underfoot_only_where_it_stops_and_a_step_by_hand_always() {
        // Travel over a sword (the pack holds one: explore would leave it
        // too) to a cell with another: only the last is told, at the end.
        let mut game = room_with_items();
        game.pack.add("sword", 1, false, ItemId(900));
        game.drop_on_floor("sword", 1, Point::new(4, 2), ItemId(901));
        game.drop_on_floor("sword", 1, Point::new(6, 2), ItemId(902));
        assert_eq!(game.travel(Errand::To(Point::new(6, 2))), 4);
        assert_eq!(game.player().pos, Point::new(6, 2));
        assert_eq!(you_see_lines(&game), ["You see a sword here."], "the one passed over is not told");
        assert_eq!(last_message(&game), "You see a sword here.", "told where the walk ended");

        // Explore does not say what it is about to pick up, nor what it
        // passes over: only the pick-up line.
        let mut game = room_with_items();
        game.pack.add("sword", 1, false, ItemId(900));
        game.drop_on_floor("sword", 1, Point::new(3, 2), ItemId(901));
        game.drop_on_floor("potion", 1, Point::new(4, 2), ItemId(902));
        assert_eq!(explore_with(&mut game, ExploreOptions::default()), ["potion"]);
        assert!(you_see_lines(&game).is_empty(), "{:?}", game.log.messages());

        // A step by hand says it.
        let mut game = room_with_items();
        game.drop_on_floor("potion", 1, Point::new(3, 2), ItemId(902));
        assert!(game.player_action(Action::Move(1, 0)));
        assert_eq!(you_see_lines(&game), ["You see a potion here."]);
    }

    #[test]
    fn a_way_only_a_monster_in_view_bars_says_so_not_that_no_way_is_known() {
        let mut game = room();
        // A wall across the room, one gap in it, a goblin asleep in the gap.
        for y in 1..5 {
            if y != 2 {
                game.map.set_tile(Point::new(5, y), Tile::Wall);
            }
        }
        put_monster(&mut game, Point::new(5, 2), MonsterState::Asleep, 0);
        for x in 6..11 {
            game.remember_cell(Point::new(x, 2));
        }
        assert!(game.begin_travel(Errand::To(Point::new(8, 2))).is_none());
        assert_eq!(last_message(&game), "Not with a goblin in the way.");
        // No way at all, with or without it: as before.
        game.map.set_tile(Point::new(5, 2), Tile::Wall);
        game.creatures.retain(|id, _| id.is_player());
        game.update_sight();
        assert!(game.begin_travel(Errand::To(Point::new(8, 2))).is_none());
        assert_eq!(last_message(&game), "You know of no way there.");
    }
}
