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
        game.spawn_monster(&m.kind, m.pos, Some(state));
    }
    for item in &scenario.items {
        let id = game.new_item_id();
        game.drop_on_floor(&item.kind, item.count, item.pos, id);
    }
    for (kind, count) in &scenario.pack {
        let stacks = game.records.items[kind].stacks;
        for _ in 0..if stacks { 1 } else { *count } {
            let id = game.new_item_id();
            game.pack.add(kind, if stacks { *count } else { 1 }, stacks, id);
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
    for m in &s.monsters {
        if !records.monsters.contains_key(&m.kind) {
            return Err(ScenarioStartError::NoMonster {
                path: path.to_path_buf(),
                line: m.line,
                kind: m.kind.clone(),
                loaded: known_monsters(),
            });
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
