//! A plain bot that plays whole runs headless: it drinks a potion when
//! hurt, fights what it sees, wields and wears what is better, picks things
//! up, explores, and goes down the stairs. Its choices read the game but
//! never draw from the run's RNG, so a bot run is as reproducible as a
//! scripted one.
//!
//! It knows no weapon or armor by name: a record with `damage_min` and
//! `damage_max` params is something to hit with, one with `defense`
//! something to wear, and either is better when its numbers beat what the
//! plugins derive for the player now.

use std::collections::BTreeMap;

use emberdeep_api::{Damage, Point, DIRECTIONS};

use crate::data::ItemRecord;
use crate::paths::DistanceMap;
use crate::turn::Action;
use crate::world::Game;

/// Turns after which the bot gives a run up.
pub const TURN_LIMIT: u64 = 5_000;

/// How a run ended, for the summary.
#[derive(Debug, Clone)]
pub struct RunResult {
    /// Turns played.
    pub turns: u64,
    /// Deepest floor reached.
    pub floor: u32,
    /// The killer, if the player died.
    pub killer: Option<String>,
}

/// Plays `game` to the end (death, or the turn limit).
pub fn play_run(game: &mut Game) -> RunResult {
    let mut stuck = 0;
    while !game.over && game.turn < TURN_LIMIT {
        let action = choose(game);
        if game.player_action(action) {
            stuck = 0;
        } else {
            stuck += 1;
            if stuck > 3 {
                game.player_action(Action::Wait);
                stuck = 0;
            }
        }
    }
    let died = game.killer.is_some() && game.player().hp <= 0;
    game.quit_run();
    RunResult { turns: game.turn, floor: game.floor, killer: died.then(|| game.killer.clone().unwrap_or_default()) }
}

/// The bot's next action.
fn choose(game: &mut Game) -> Action {
    let now = Fighting::now(game);
    let game = &*game;
    let me = game.player();
    if me.hp * 2 < me.max_hp {
        if let Some(slot) = healing_slot(game) {
            return Action::Use(slot);
        }
    }
    if let Some(target) = game.monsters_in_view().first().and_then(|id| game.creatures.get(id)) {
        let d = target.pos;
        if me.pos.is_adjacent(d) {
            return Action::Move(d.x - me.pos.x, d.y - me.pos.y);
        }
        if let Some(a) = walk_toward(game, &[d]) {
            return a;
        }
    }
    if let Some(slot) = better_gear_slot(game, &now) {
        return Action::Use(slot);
    }
    let wanted = |kind: &str| game.records.items.get(kind).is_some_and(|r| now.wants(r));
    let top_here = game.items.iter().rev().find(|i| i.pos == me.pos);
    if top_here.is_some_and(|i| wanted(&i.kind)) && !game.pack.is_full() {
        return Action::PickUp;
    }
    let seen_items: Vec<Point> = game
        .items
        .iter()
        .filter(|i| game.map.is_remembered(i.pos) && wanted(&i.kind))
        .map(|i| i.pos)
        .filter(|p| *p != me.pos)
        .collect();
    if !game.pack.is_full() {
        if let Some(a) = walk_toward(game, &seen_items) {
            return a;
        }
    }
    if let Some(a) = walk_toward(game, &frontier(game)) {
        return a;
    }
    let stairs: Vec<Point> =
        game.map.points().filter(|p| game.map.is_remembered(*p) && game.map.tile(*p) == crate::map::Tile::StairsDown).collect();
    if stairs.contains(&me.pos) {
        return Action::Descend;
    }
    walk_toward(game, &stairs).unwrap_or(Action::Wait)
}

/// What the player fights with now, as the loaded plugins derive it.
struct Fighting {
    /// The blow before the target's defense.
    damage: Damage,
    /// The player's defense.
    defense: i32,
}

impl Fighting {
    fn now(game: &mut Game) -> Fighting {
        let base = game.player().damage;
        Fighting { damage: game.player_damage().unwrap_or(base), defense: game.player_defense() }
    }

    /// Whether using this record's item would improve things: a weapon whose
    /// min + max beats the current blow's, armor whose defense beats the
    /// current one; `None` for what is neither weapon nor armor.
    fn improved_by(&self, rec: &ItemRecord) -> Option<bool> {
        let p = &rec.params;
        if let (Some(min), Some(max)) = (p.get("damage_min"), p.get("damage_max")) {
            return Some(min + max > (self.damage.min + self.damage.max) as i64);
        }
        p.get("defense").map(|d| *d > self.defense as i64)
    }

    /// Whether to pick the item up: anything but gear, and gear that is better.
    fn wants(&self, rec: &ItemRecord) -> bool {
        self.improved_by(rec).unwrap_or(true)
    }
}

/// The first pack slot holding usable gear better than what is held.
fn better_gear_slot(game: &Game, now: &Fighting) -> Option<usize> {
    game.pack.slots().iter().position(|s| {
        let rec = s.as_ref().and_then(|s| game.records.items.get(&s.kind));
        rec.is_some_and(|r| r.effect.is_some() && now.improved_by(r) == Some(true))
    })
}

fn healing_slot(game: &Game) -> Option<usize> {
    game.pack.slots().iter().position(|s| {
        s.as_ref().and_then(|s| game.records.items.get(&s.kind)).is_some_and(|r| r.effect.as_deref() == Some("heal"))
    })
}

/// Remembered passable cells next to a cell never seen: where exploring goes on.
fn frontier(game: &Game) -> Vec<Point> {
    let map = &game.map;
    map.points()
        .filter(|p| map.is_remembered(*p) && map.is_passable(*p))
        .filter(|p| DIRECTIONS.iter().any(|(dx, dy)| {
            let q = p.offset(*dx, *dy);
            map.in_bounds(q) && !map.is_remembered(q)
        }))
        .collect()
}

/// One step toward the nearest goal through known cells.
fn walk_toward(game: &Game, goals: &[Point]) -> Option<Action> {
    if goals.is_empty() {
        return None;
    }
    let me = game.player().pos;
    let dist = DistanceMap::toward(&game.map, goals);
    let occupied: BTreeMap<Point, ()> = game.creatures.values().filter(|c| !c.id.is_player()).map(|c| (c.pos, ())).collect();
    let step = dist.step_down(me, |p| occupied.contains_key(&p) && !goals.contains(&p), &game.map)?;
    Some(Action::Move(step.x - me.x, step.y - me.y))
}

/// What `--bot N` prints at the end.
pub fn summary(results: &[RunResult]) -> String {
    let runs = results.len().max(1);
    let mean_turns = results.iter().map(|r| r.turns).sum::<u64>() as f64 / runs as f64;
    let deepest = results.iter().map(|r| r.floor).max().unwrap_or(0);
    let mut killers: BTreeMap<String, usize> = BTreeMap::new();
    for r in results {
        let k = r.killer.clone().unwrap_or_else(|| format!("survived (turn limit {TURN_LIMIT})"));
        *killers.entry(k).or_default() += 1;
    }
    let mut out = format!(
        "bot summary\n  runs: {}\n  mean turns: {mean_turns:.1}\n  deepest floor: {deepest}\n  mean floor: {:.2}\n  deaths by killer:\n",
        results.len(),
        results.iter().map(|r| r.floor as f64).sum::<f64>() / runs as f64
    );
    for (k, n) in killers {
        out.push_str(&format!("    {n:>4}  {k}\n"));
    }
    out
}
