//! Statuses: registered by plugins, borne by creatures, counted down by the
//! host at one fixed point of the turn (after the monsters have acted,
//! asleep or not), traced as `status_start` and `status_end`, and saved.
//!
//! A status marks its bearer, may make it lose its turns
//! ([`StatusEffect::SkipsTurn`]) or think with another brain
//! ([`StatusEffect::Brain`]), and may run its plugin's code each turn.
//! Several statuses from several plugins sit on one creature side by side.

use emberdeep_api::{EntityId, StatusEffect, StatusInfo};

use crate::data::untrusted::limits;
use crate::fields;
use crate::plugins::boundary::Access;
use crate::world::creature::StatusOn;
use crate::world::game::Game;

pub use crate::world::creature::MOST_STATUS_TURNS;

/// What a creature's statuses make of its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnRule {
    /// It acts as usual.
    Acts,
    /// It loses its turn (the status that says so).
    Skips(String),
    /// It acts with this brain instead of its own.
    Brain(String),
}

impl Game {
    /// Puts status `name` on creature `id` for `turns`, or sets the turns of
    /// the one it bears. False if no plugin registered `name`, `id` is not
    /// alive, or it bears as many statuses as it may.
    pub fn add_status(&mut self, id: EntityId, name: &str, turns: i32, source: &str) -> bool {
        if !self.plugins.statuses.contains_key(name) {
            tracing::warn!(plugin = source, status = name, "no plugin registered this status; not added");
            return false;
        }
        let turns = turns.clamp(1, MOST_STATUS_TURNS);
        let Some(mut c) = self.creatures.get_mut(&id) else { return false };
        if let Some(s) = c.statuses.iter_mut().find(|s| s.name == name) {
            s.turns = turns;
            return true;
        }
        if c.statuses.len() >= limits::STATUSES_PER_CREATURE {
            return false;
        }
        c.statuses.push(StatusOn { name: name.into(), turns });
        let who = c.trace_name();
        drop(c);
        self.emit("status_start", source, fields! {"creature" => who, "status" => name, "turns" => turns});
        true
    }

    /// Takes status `name` off creature `id` (its `ended` code runs);
    /// `why` goes in the trace. Returns whether it bore it.
    pub fn remove_status(&mut self, id: EntityId, name: &str, why: &str, source: &str) -> bool {
        let Some(mut c) = self.creatures.get_mut(&id) else { return false };
        let Some(at) = c.statuses.iter().position(|s| s.name == name) else { return false };
        c.statuses.remove(at);
        let who = c.trace_name();
        drop(c);
        self.emit("status_end", source, fields! {"creature" => who, "status" => name, "why" => why});
        let plugins = self.plugins.clone();
        if let Some(kind) = plugins.statuses.get(name) {
            self.call(&kind.code, Access::Play, |imp, ctx| imp.ended(ctx, id));
        }
        true
    }

    /// The statuses creature `id` bears, as plugins and views see them.
    pub fn statuses_of(&self, id: EntityId) -> Vec<StatusInfo> {
        // A monster whose `died` hooks are running still bears its own.
        let dying = || self.dying.iter().rev().find(|c| c.id == id);
        let Some(c) = self.creatures.get(&id).or_else(dying) else { return Vec::new() };
        c.statuses
            .iter()
            .filter_map(|s| {
                let kind = self.plugins.statuses.get(&s.name)?;
                Some(StatusInfo {
                    name: s.name.as_str().into(),
                    label: kind.decl.label.clone(),
                    mark: kind.decl.mark,
                    color: kind.decl.color,
                    turns: s.turns,
                    plugin: kind.code.plugin().into(),
                })
            })
            .collect()
    }

    /// What creature `id`'s statuses make of its turn: losing it comes
    /// first, then the first status that lends a brain.
    pub fn turn_rule(&self, id: EntityId) -> TurnRule {
        let Some(c) = self.creatures.get(&id) else { return TurnRule::Acts };
        let effects: Vec<(&str, &StatusEffect)> = c
            .statuses
            .iter()
            .filter_map(|s| self.plugins.statuses.get(&s.name).map(|k| (s.name.as_str(), &k.decl.effect)))
            .collect();
        if let Some((name, _)) = effects.iter().find(|(_, e)| **e == StatusEffect::SkipsTurn) {
            return TurnRule::Skips((*name).to_string());
        }
        for (_, e) in &effects {
            if let StatusEffect::Brain(brain) = e {
                if !id.is_player() && self.plugins.brains.contains_key(brain.as_str()) {
                    return TurnRule::Brain(brain.to_string());
                }
            }
        }
        TurnRule::Acts
    }

    // Since 1.3.

    /// How often creature `id` acts, from the statuses it bears that change
    /// it (`Registry::status_speed`): 1 hasted, -1 slowed, 0 neither (or both).
    pub fn speed_of(&self, id: EntityId) -> i32 {
        let Some(c) = self.creatures.get(&id) else { return 0 };
        let sum: i32 = c.statuses.iter().filter_map(|s| self.plugins.status_speeds.get(&s.name)).sum();
        sum.clamp(-1, 1)
    }

    /// Whether the monsters sit this turn out because the player is hasted
    /// (they act on even turns only while it is).
    pub fn monsters_wait_for_haste(&self) -> bool {
        self.speed_of(EntityId::PLAYER) > 0 && self.turn % 2 == 1
    }

    /// Whether slowed monster `id` sits this turn out: it acts on every
    /// other of the turns the monsters act on.
    pub fn slowed_this_turn(&self, id: EntityId) -> bool {
        if id.is_player() || self.speed_of(id) >= 0 {
            return false;
        }
        let rounds = if self.speed_of(EntityId::PLAYER) > 0 { self.turn / 2 } else { self.turn };
        rounds % 2 == 1
    }

    /// The monsters the player senses out of sight, in id order: every
    /// monster of the floor not in view, while the player bears a status
    /// that senses them (`Registry::status_senses_monsters`); else none.
    pub fn sensed_monsters(&self) -> Vec<EntityId> {
        let senses = self
            .creatures
            .get(&EntityId::PLAYER)
            .is_some_and(|p| p.statuses.iter().any(|s| self.plugins.sensing_statuses.contains(&s.name)));
        if !senses {
            return Vec::new();
        }
        // A disguised monster passes for what it shows (api 1.6), sensed or not.
        let sensed = |c: &&crate::world::creature::Creature| {
            !c.id.is_player() && !c.is_disguised() && !self.fov.is_visible(c.pos)
        };
        self.creatures.values().filter(sensed).map(|c| c.id).collect()
    }

    /// The turn's one fixed point for statuses: for every creature in id
    /// order, each status's code runs, then its turns go down by one, and
    /// those that reach none end.
    pub fn tick_statuses(&mut self) {
        let bearers: Vec<EntityId> = self.creatures.values().filter(|c| !c.statuses.is_empty()).map(|c| c.id).collect();
        let plugins = self.plugins.clone();
        for id in bearers {
            let names: Vec<(String, i32)> = match self.creatures.get(&id) {
                Some(c) => c.statuses.iter().map(|s| (s.name.clone(), s.turns)).collect(),
                None => continue,
            };
            for (name, turns) in names {
                if let Some(kind) = plugins.statuses.get(&name) {
                    self.call(&kind.code, Access::Play, |imp, ctx| imp.each_turn(ctx, id, turns));
                }
                let Some(mut c) = self.creatures.get_mut(&id) else { break };
                let Some(s) = c.statuses.iter_mut().find(|s| s.name == name) else { continue };
                s.turns -= 1;
                let over = s.turns <= 0;
                drop(c);
                if over {
                    self.remove_status(id, &name, "ran out", "host");
                }
            }
        }
    }
}
