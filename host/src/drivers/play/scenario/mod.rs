//! Runs from a scenario file: an exact situation drawn as a map, for tests
//! and for trying things out ([`parse`] reads the file). Its kinds are
//! checked against the loaded records, naming the line at fault. What a
//! legend creature carries comes into being as any item does (its effect's
//! `made` hook runs) and is given to it as a plugin's `give` would
//! ([`Game::give_new`]).

pub mod parse;

use std::path::{Path, PathBuf};
use std::rc::Rc;

use emberdeep_api::{MessageKind, MonsterState};
use emberdeep_engine::core::map::Tile;
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
    /// A terrain no loaded plugin registered.
    #[error("{}: line {line}: no loaded plugin has a terrain '{name}' (terrains: {known})", path.display())]
    NoTerrain {
        /// The scenario file.
        path: PathBuf,
        /// The legend line naming it.
        line: usize,
        /// The name (cut short).
        name: String,
        /// The terrains there are.
        known: String,
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
    /// A legend creature that carries more items than one may.
    #[error(
        "{}: line {line}: carries= makes {items} items, and a monster carries at most {MOST_CARRIED} (a kind that \
         does not stack is one item each)",
        path.display()
    )]
    Carries {
        /// The scenario file.
        path: PathBuf,
        /// The legend line.
        line: usize,
        /// How many items its `carries=` makes.
        items: u64,
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

/// The most items one legend creature may carry: as many as a pack has
/// slots (a kind that stacks is one item, one that does not one each).
pub const MOST_CARRIED: u64 = 26;

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
        let stacks = |kind: &str| records.items.get(kind).is_some_and(|r| r.stacks);
        let items: u64 = m.carries.iter().map(|(kind, n)| if stacks(kind) { 1 } else { u64::from(*n) }).sum();
        if items > MOST_CARRIED {
            return Err(ScenarioStartError::Carries { path: path.to_path_buf(), line: m.line, items });
        }
    }
    let tile_named = |name: &str, line: usize, hidden: bool| {
        Tile::named(name).or_else(|| plugins.plugin_tile(name, hidden)).ok_or_else(|| {
            let known = Tile::ALL.iter().filter_map(|t| t.name()).map(str::to_string);
            let known: Vec<String> = known.chain(plugins.terrains.iter().map(|k| k.name.clone())).collect();
            let name = emberdeep_engine::data::untrusted::shown(name, 40);
            ScenarioStartError::NoTerrain { path: path.to_path_buf(), line, name, known: known.join(", ") }
        })
    };
    // Every legend line, whether the map uses its symbol or not (as kinds are).
    for (name, line) in &scenario.legend_terrains {
        tile_named(name, *line, false)?;
    }
    let mut map = scenario.map.clone();
    for t in &scenario.terrains {
        map.set_tile(t.pos, tile_named(&t.name, t.line, !t.found)?);
    }
    let seed = scenario.seed.unwrap_or(seed);
    let mut game = Game::blank(seed, map, scenario.player, plugins, records, trace);
    game.set_floor_number(scenario.floor);
    let (names, versions) = (game.plugins().names(), game.plugins().versions());
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
        if let Some(id) = game.spawn_monster(&m.kind, m.pos, Some(state)) {
            if let Some(side) = &m.side {
                game.put_on_side(id, side);
            }
            for (kind, count) in &m.carries {
                game.give_new("host", id, kind, *count);
            }
        }
    }
    // A scenario's items are far fewer than the ids a fresh run may hand out.
    for item in &scenario.items {
        let Some(id) = game.new_item_id() else { break };
        game.drop_on_floor(&item.kind, item.count, item.pos, id);
        // Made as any item is: a wand's charges are rolled now.
        game.made_event(&item.kind, id);
    }
    for ((kind, count), &line) in scenario.pack.iter().zip(&scenario.pack_lines) {
        let stacks = game.records().items[kind].stacks;
        for _ in 0..if stacks { 1 } else { *count } {
            let Some(id) = game.new_item_id() else { break };
            if game.put_in_pack(kind, if stacks { *count } else { 1 }, stacks, id).is_none() {
                // Refused rather than played with less than the file says.
                let problem = if stacks && *count > MOST_IN_A_STACK {
                    PackProblem::Stack
                } else {
                    PackProblem::Full { slots: game.pack().slots().len() }
                };
                return Err(ScenarioStartError::Pack { path: path.to_path_buf(), line, problem });
            }
            game.made_event(kind, id);
        }
    }
    game.update_sight();
    game.say("A scenario begins.", MessageKind::Good);
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

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use emberdeep_api::{
        Attack, Ctx, EntityId, Hooks, ItemEffect, ItemUse, MonsterBrain, PluginResult, Point, Registrar, UseOutcome,
    };
    use emberdeep_engine::data::records::check::load_records;
    use emberdeep_engine::plugins::registry::Registration;
    use emberdeep_engine::rules::turn::Action;

    use super::*;

    /// A wand whose charges are rolled when it is made, and shown: "(3)".
    struct Sparks;

    impl ItemEffect for Sparks {
        fn use_item(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
            Ok(UseOutcome::NoTurn)
        }
        fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
            let id = item.item.into_option().ok_or("no id")?;
            Ok(ctx.item_get(id, "sparks_left").map(|n| format!("({n})")))
        }
        fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
            let id = item.item.into_option().ok_or("no id")?;
            let charges = ctx.roll(2, 6) as i64;
            ctx.item_set(id, "sparks_left", charges);
            Ok(())
        }
    }

    /// A monster that stands still.
    struct Still;

    impl MonsterBrain for Still {
        fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
            Ok(())
        }
    }

    /// Bumping kills.
    struct Stab;

    impl Hooks for Stab {
        fn bump(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
            ctx.attack(Attack::new(EntityId::PLAYER, target, "stab").hit_for(100));
            Ok(true)
        }
    }

    const RECORDS: &str = "[[item]]\nid = \"wand\"\nname = \"wand of sparks\"\nglyph = \"/\"\ncolor = [1, 2, 3]\n\
        tile = \"wand\"\nclass = \"wand\"\neffect = \"sparks\"\nfloors = [1, 1]\nfrequency = 0\n\n\
        [[item]]\nid = \"pebbles\"\nname = \"pebble\"\nglyph = \"*\"\ncolor = [1, 2, 3]\ntile = \"pebbles\"\n\
        class = \"stone\"\nstacks = true\nfloors = [1, 1]\nfrequency = 0\n\n\
        [[monster]]\nid = \"goblin\"\nname = \"goblin\"\nglyph = \"g\"\ncolor = [1, 2, 3]\ntile = \"monster_rat\"\n\
        floors = [1, 1]\nfrequency = 0\nhp = 3\ndamage = [0, 0]\nsight = 5\nbrain = \"still\"\n";

    /// The scenario `legend` (the goblin `g`'s line) starts, in a temp dir.
    fn start(legend: &str) -> Result<Game, ScenarioStartError> {
        start_with(legend, "")
    }

    /// The scenario `legend` (the `g`'s line), then the sections `more`, starts.
    fn start_with(legend: &str, more: &str) -> Result<Game, ScenarioStartError> {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::create_dir(dir.path().join("host")).unwrap();
        std::fs::write(dir.path().join("host/records.toml"), RECORDS).unwrap();
        let mut reg = Registrar::new("keeper", "0.0.0");
        reg.item_effect("sparks", Sparks);
        reg.brain("still", Still);
        reg.hooks(Stab);
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("the test plugin");
        let records = Rc::new(load_records(dir.path(), &plugins.registered()).expect("the records read"));
        let path = dir.path().join("s.txt");
        std::fs::write(&path, format!("[map]\n#####\n#@g.#\n#####\n[legend]\n{legend}\n{more}")).unwrap();
        game_from_scenario(&path, 1, Rc::new(plugins), records, Trace::in_memory())
    }

    /// Why the scenario `legend` does not start.
    fn refused(legend: &str) -> String {
        match start(legend) {
            Ok(_) => panic!("{legend} starts"),
            Err(e) => e.to_string(),
        }
    }

    fn events(game: &mut Game, name: &str) -> Vec<serde_json::Value> {
        let kept = game.trace().kept.as_ref().expect("kept in memory");
        let read = kept.iter().map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"));
        read.filter(|e| e["event"] == name).collect()
    }

    #[test]
    fn what_a_legend_creature_carries_is_made_given_shown_and_dropped_where_it_dies() {
        let mut game = start("g = monster goblin carries=wand*2,pebbles*5").expect("starts");
        let goblin = game.creature_at(Point::new(2, 1)).expect("the goblin").id;
        let carried = game.carried_by(goblin);
        let kinds: Vec<(&str, u32)> = carried.iter().map(|e| (e.kind.as_str(), e.count)).collect();
        assert_eq!(kinds, [("wand", 1), ("wand", 1), ("pebbles", 5)], "a kind that does not stack: one item each");
        for wand in &carried[..2] {
            let charges = game.item_store().get(&(wand.item, "sparks_left".to_string())).copied();
            assert!(charges.is_some_and(|n| (2..=6).contains(&n)), "made rolled the charges: {charges:?}");
        }
        let given: Vec<String> = events(&mut game, "item_given")
            .iter()
            .map(|e| format!("{} {} {} {} {}", e["source"], e["item"], e["id"], e["count"], e["to"]))
            .collect();
        let ids: Vec<u32> = carried.iter().map(|e| e.item.0).collect();
        let wanted = [("wand", ids[0], 1), ("wand", ids[1], 1), ("pebbles", ids[2], 5)];
        let wanted: Vec<String> =
            wanted.iter().map(|(kind, id, n)| format!("\"host\" \"{kind}\" {id} {n} \"goblin#1\"")).collect();
        assert_eq!(given, wanted, "each traced as given by the host");
        let look: Vec<String> = game.look_at(Point::new(2, 1)).iter().map(|l| format!("{l:?}")).collect();
        let labels: Vec<String> = carried.iter().map(|e| game.item_label(&e.kind, e.count, e.item)).collect();
        assert!(labels[0].starts_with("a wand of sparks ("), "{labels:?}");
        for label in &labels {
            assert!(look.iter().any(|l| l.contains(&format!("Carries {label}."))), "{label} in {look:?}");
        }
        assert!(game.player_action(Action::Move(1, 0)), "the player kills the goblin");
        assert!(game.creatures().get(&goblin).is_none());
        let lying: Vec<(u32, Point)> = game.items().iter().map(|i| (i.id.0, i.pos)).collect();
        let near = |p: Point| p.steps_to(Point::new(2, 1)) <= 1;
        assert_eq!(lying.iter().map(|l| l.0).collect::<Vec<_>>(), ids, "the same items: {lying:?}");
        assert!(lying.iter().all(|l| near(l.1)), "where it died, or beside: {lying:?}");
        assert_eq!(events(&mut game, "item_dropped").len(), 3);
        let dropped: Vec<String> = carried.iter().map(|e| game.item_label(&e.kind, e.count, e.item)).collect();
        assert_eq!(dropped, labels, "the same items, charges and all");
    }

    #[test]
    fn an_unknown_carried_kind_or_too_many_items_is_refused_with_the_legend_line() {
        let e = refused("g = monster goblin carries=pebbles,wnd");
        assert!(e.ends_with("s.txt: line 6: no loaded plugin has an item 'wnd' (loaded items: pebbles, wand)"), "{e}");
        let e = refused("g = monster goblin carries=wand*27");
        assert!(
            e.ends_with(
                "s.txt: line 6: carries= makes 27 items, and a monster carries at most 26 (a kind that does not stack \
                 is one item each)"
            ),
            "{e}"
        );
        let mut game = start("g = monster goblin carries=wand*25,pebbles*9999").expect("26 items: a stack is one");
        assert_eq!(events(&mut game, "item_given").len(), 26);
    }

    #[test]
    fn an_unknown_terrain_is_refused_even_on_a_symbol_the_map_does_not_use() {
        // `z` is on no cell of the map: its line is refused all the same.
        let e = refused("g = monster goblin\nz = terrain no_such_terrain");
        assert!(
            e.ends_with("s.txt: line 7: no loaded plugin has a terrain 'no_such_terrain' (terrains: wall, floor, door_closed, door_open, stairs_down)"),
            "{e}"
        );
        start("g = monster goblin\nz = terrain door_open").expect("a known terrain unused is fine");
    }

    #[test]
    fn items_of_the_pack_and_the_floor_are_made_as_any_item_is() {
        let game = start_with("g = item wand", "[pack]\nwand 2\npebbles 3\n").expect("starts");
        let charges = |id| game.item_store().get(&(id, "sparks_left".to_string())).copied();
        let wands: Vec<_> = game.pack().slots().iter().flatten().filter(|i| i.kind == "wand").map(|i| i.id).collect();
        assert_eq!(wands.len(), 2);
        let lying: Vec<_> = game.items().iter().map(|i| i.id).collect();
        assert_eq!(lying.len(), 1);
        for id in wands.into_iter().chain(lying) {
            assert!(charges(id).is_some_and(|n| (2..=6).contains(&n)), "made rolled the charges of #{}", id.0);
        }
        assert!(
            game.pack().slots().iter().flatten().any(|i| i.kind == "pebbles" && i.count == 3),
            "the stack is whole"
        );
    }
}
