//! Runs from a scenario file: an exact situation drawn as a map, for tests
//! and for trying things out ([`parse`] reads the file). Its kinds are
//! checked against the loaded records, naming the line at fault.

pub mod parse;

use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::{MessageKind, MonsterState};
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::fields;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::world::pack::MOST_IN_A_STACK;
use emberdeep_engine::Game;

use parse::{load_scenario, Scenario, ScenarioFileError};

/// Why a scenario file cannot start a run: it does not read, or it names
/// a kind no loaded plugin has (`PATH: line N: ...`).
#[derive(Debug, thiserror::Error)]
pub enum ScenarioStartError {
    /// The file cannot be read or parsed.
    #[error(transparent)]
    File(#[from] ScenarioFileError),
    /// A monster kind no loaded plugin has.
    #[error("{}: line {line}: no loaded plugin has a monster '{kind}' (loaded monsters: {loaded})", path.display())]
    NoMonster {
        /// The scenario file.
        path: PathBuf,
        /// The legend line naming it.
        line: usize,
        /// The kind.
        kind: String,
        /// The monster kinds there are.
        loaded: String,
    },
    /// A `[pack]` line the pack cannot hold.
    #[error("{}: line {line}: in [pack]: {problem}", path.display())]
    Pack {
        /// The scenario file.
        path: PathBuf,
        /// The pack line.
        line: usize,
        /// Why.
        problem: PackProblem,
    },
    /// A side no loaded plugin declared.
    #[error("{}: line {line}: no loaded plugin declared a side '{side}' (sides: {known})", path.display())]
    NoSide {
        /// The scenario file.
        path: PathBuf,
        /// The legend line naming it.
        line: usize,
        /// The side.
        side: String,
        /// The sides there are.
        known: String,
    },
    /// An item kind no loaded plugin has.
    #[error("{}: line {line}: no loaded plugin has an item '{kind}' (loaded items: {loaded})", path.display())]
    NoItem {
        /// The scenario file.
        path: PathBuf,
        /// The legend or pack line naming it.
        line: usize,
        /// The kind.
        kind: String,
        /// The item kinds there are.
        loaded: String,
    },
}

/// Why a `[pack]` line cannot be carried.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackProblem {
    /// More of a stacking kind than one stack holds.
    #[error("a stack holds at most {MOST_IN_A_STACK}")]
    Stack,
    /// No free slot for it.
    #[error("the pack is full: it has {slots} slots, and a kind that does not stack takes one for each")]
    Full {
        /// The pack's slots.
        slots: usize,
    },
}

/// A run set up by a scenario file; its `seed` option wins over `seed`.
pub fn game_from_scenario(
    path: &Path,
    seed: u64,
    plugins: Rc<Plugins>,
    records: Rc<Records>,
    trace: Trace,
) -> Result<Game, ScenarioStartError> {
    let scenario = load_scenario(path)?;
    check_kinds(path, &scenario, &records)?;
    for m in &scenario.monsters {
        match &m.side {
            Some(side) if !plugins.knows_side(side) => {
                let (path, line, side) = (path.to_path_buf(), m.line, side.clone());
                return Err(ScenarioStartError::NoSide { path, line, side, known: plugins.sides().join(", ") });
            }
            _ => {}
        }
    }
    let seed = scenario.seed.unwrap_or(seed);
    let mut game = Game::blank(seed, scenario.map.clone(), scenario.player, plugins, records, trace);
    game.floor = scenario.floor;
    let (names, versions) = (game.plugins.names(), game.plugins.versions());
    game.emit(
        "run_start",
        "host",
        fields! {
            "seed" => seed,
            "plugins" => names,
            "versions" => versions,
            "scenario" => path.display().to_string(),
        },
    );
    game.emit("floor", "host", fields! {"floor" => scenario.floor});
    for m in &scenario.monsters {
        let state = match m.state.as_deref() {
            Some("asleep") => MonsterState::Asleep,
            Some("wandering") => MonsterState::Wandering,
            _ => MonsterState::Hunting,
        };
        let id = game.spawn_monster(&m.kind, m.pos, Some(state));
        if let (Some(id), Some(side)) = (id, &m.side) {
            game.creatures.set_side(&id, side);
        }
    }
    for item in &scenario.items {
        let id = game.new_item_id();
        game.drop_on_floor(&item.kind, item.count, item.pos, id);
    }
    for ((kind, count), &line) in scenario.pack.iter().zip(&scenario.pack_lines) {
        let stacks = game.records.items[kind].stacks;
        for _ in 0..if stacks { 1 } else { *count } {
            let id = game.new_item_id();
            if game.pack.add(kind, if stacks { *count } else { 1 }, stacks, id).is_none() {
                // Refused rather than played with less than the file says.
                let problem = if stacks && *count > MOST_IN_A_STACK {
                    PackProblem::Stack
                } else {
                    PackProblem::Full { slots: game.pack.slots().len() }
                };
                return Err(ScenarioStartError::Pack { path: path.to_path_buf(), line, problem });
            }
        }
    }
    game.update_sight();
    game.log.add("A scenario begins.", MessageKind::Good);
    Ok(game)
}

/// Every monster and item kind the scenario at `path` names must be loaded.
fn check_kinds(path: &Path, s: &Scenario, records: &Records) -> Result<(), ScenarioStartError> {
    let known_monsters = || records.monsters.keys().cloned().collect::<Vec<_>>().join(", ");
    let known_items = || records.items.keys().cloned().collect::<Vec<_>>().join(", ");
    // Every legend line, whether the map uses its symbol or not.
    for (monster, kind, line) in &s.legend_kinds {
        let path = path.to_path_buf();
        let (line, kind) = (*line, kind.clone());
        if *monster && !records.monsters.contains_key(&kind) {
            return Err(ScenarioStartError::NoMonster { path, line, kind, loaded: known_monsters() });
        }
        if !*monster && !records.items.contains_key(&kind) {
            return Err(ScenarioStartError::NoItem { path, line, kind, loaded: known_items() });
        }
    }
    let items = s.items.iter().map(|i| (&i.kind, i.line));
    let pack = s.pack.iter().map(|p| &p.0).zip(s.pack_lines.iter().copied());
    for (kind, line) in items.chain(pack) {
        if !records.items.contains_key(kind) {
            return Err(ScenarioStartError::NoItem {
                path: path.to_path_buf(),
                line,
                kind: kind.clone(),
                loaded: known_items(),
            });
        }
    }
    Ok(())
}
