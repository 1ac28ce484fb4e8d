//! The benchmark suite (issue 10): `cargo bench -p emberdeep --bench turns`.
//!
//! Loads the real plugins (from `EMBERDEEP_PLUGIN_DIR`, or the folder cargo
//! builds them in: `target/release` for `cargo bench`, so run
//! `cargo build --workspace --release` first) and the records of `data/`, then
//! measures:
//!
//! - `turn/N`: one full turn (`Game::player_action(Action::Wait)`: every
//!   monster acts, the player heals, the death check) on an open 80x45 floor
//!   with N hunting goblins and jackals, all plugins loaded;
//! - calls per turn (in the summary): how many calls into plugins (contexts
//!   lent) and back into the host (context methods) one such turn makes,
//!   counted, not timed;
//! - `fields` (in the summary, api 1.7): a turn with fire and gas spreading
//!   over every cell of an open 80x45 floor and of a 500x500 one, against
//!   the 100-monster turn;
//! - `dungeon/*`: field of view and the two distance maps alone on a generated floor;
//! - `largest_map/*`: a turn of waiting and a step of auto-explore on a
//!   1000x1000 floor of rooms (the largest a save accepts), no plugins;
//! - `sides/*`: the same turn with the player's allies among the crowd,
//!   and (`800_monsters_100_allies_100_rivals`) with three sides at once;
//! - `brain_call/*`: one `MonsterBrain::act` that rolls a die once under the
//!   panic guard: through the abi_stable trait object with the abi_stable
//!   context, and through a plain `dyn` trait with a plain `dyn` context;
//! - `callback/*`: one `ctx.roll` through each kind of context;
//! - `frame/VIEW`: one 1600x900 frame (screen model, then drawing) by the
//!   software renderer kept between frames, as the window keeps its own,
//!   with its map layer: the host's glyph and tile views keep theirs (api
//!   1.5), `plugin-every-frame` is a plugin's view written as before 1.5
//!   (each cell a block and a glyph) that draws the whole map each frame;
//!   `VIEW-a-step-a-frame` has a monster step between frames; the summary
//!   gives the median and 99th percentile of 400 frames, and the cells
//!   each frame drew into the map layer.
//!
//! Besides criterion's figures it prints a summary: for the brain calls,
//! the best of 41 short batches of each, taken in turn (side by side, so a
//! busy machine slows both alike), and the same for the callbacks; the
//! overheads, calls per turn, the turn's growth, the boundary's share of a 100-monster turn and the frames' median
//! and 99th percentile.

use std::hint::black_box;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::RResult;
use criterion::{BenchmarkId, Criterion};
use emberdeep::front::app::App;
use emberdeep::front::{atlas, ui};
use emberdeep_api::abi::{GameCtx, MonsterBrainAbi_TO, ViewAbi_TO};
use emberdeep_api::author::Adapter;
use emberdeep_api::error::guard;
use emberdeep_api::{
    Canvas, Ctx, EntityId, Light, MonsterBrain, MonsterState, PluginError, PluginResult, Point, Rgba, Scene, Terrain,
    View,
};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::core::paths::DistanceMap;
use emberdeep_engine::core::rng::RunRng;
use emberdeep_engine::core::{mapgen, sight};
use emberdeep_engine::data::records::{self as data, Records};
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::boundary::{HostCtx, BOUNDARY_CALLS, CALLBACKS};
use emberdeep_engine::plugins::discovery::default_plugin_dir;
use emberdeep_engine::plugins::loader::load_plugins;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::{Action, Game};

const WIDTH: i32 = 80;
const HEIGHT: i32 = 45;
const SEED: u64 = 10;

/// The plugins and records every benchmark shares.
struct World {
    plugins: Rc<Plugins>,
    records: Rc<Records>,
}

fn world() -> World {
    let dir = std::env::var_os("EMBERDEEP_PLUGIN_DIR").map(PathBuf::from).unwrap_or_else(default_plugin_dir);
    let plugins = load_plugins(&dir, None).unwrap_or_else(|e| panic!("loading the plugins of {}: {e}", dir.display()));
    assert!(
        plugins.loaded.len() >= 4,
        "expected the four plugins in {} (run `cargo build --workspace --release`), found {:?}",
        dir.display(),
        plugins.names()
    );
    let records = data::check::load_records(&data::default_data_dir(), &plugins.registered()).expect("loading data/");
    World { plugins: Rc::new(plugins), records: Rc::new(records) }
}

/// An open floor (walls round the edge), the player in the middle with
/// hit points that never run out, and `monsters` hunting goblins and jackals
/// at random free cells.
fn scenario(w: &World, monsters: usize) -> Game {
    let mut map = Map::new_filled(WIDTH, HEIGHT, Tile::Wall);
    for y in 1..HEIGHT - 1 {
        for x in 1..WIDTH - 1 {
            map.set_tile(Point::new(x, y), Tile::Floor);
        }
    }
    let start = Point::new(WIDTH / 2, HEIGHT / 2);
    let mut game = Game::blank(SEED, map, start, w.plugins.clone(), w.records.clone(), Trace::console());
    let mut player = game.player_mut();
    player.max_hp = 2_000_000_000;
    player.hp = 1_000_000_000;
    drop(player);
    let mut rng = RunRng::from_seed(SEED);
    let mut placed = 0;
    while placed < monsters {
        let p = Point::new(rng.range(1, WIDTH - 2), rng.range(1, HEIGHT - 2));
        if !game.is_free(p) {
            continue;
        }
        let kind = if placed % 2 == 0 { "goblin" } else { "jackal" };
        game.spawn_monster(kind, p, Some(MonsterState::Hunting)).expect("goblins and jackals are in data/");
        placed += 1;
    }
    game
}

/// [`scenario`] with `allies` more of them on the player's side (the
/// last ones placed): sides in play, so every creature looks for the
/// nearest enemy it sees round it instead of only at the player.
fn scenario_with_allies(w: &World, monsters: usize, allies: usize) -> Game {
    let mut game = scenario(w, monsters + allies);
    let ids: Vec<EntityId> = game.creatures().keys().copied().filter(|id| !id.is_player()).collect();
    for id in ids.iter().rev().take(allies) {
        game.put_on_side(*id, emberdeep_api::PLAYER_SIDE);
    }
    // Nobody dies, so the crowd stays the same size while it is timed.
    for id in &ids {
        if let Some(mut c) = game.creature_mut(*id) {
            c.max_hp = 2_000_000_000;
            c.hp = 1_000_000_000;
        }
    }
    game
}

/// [`scenario_with_allies`] with `third` more creatures (placed after the
/// allies) on a third side, `rivals`, the enemy of both: three sides in
/// play, each creature hunting the nearest of two others.
fn scenario_with_three_sides(w: &World, monsters: usize, allies: usize, third: usize) -> Game {
    let mut game = scenario_with_allies(w, monsters + third, allies);
    let ids: Vec<EntityId> =
        game.creatures().values().filter(|c| !c.id.is_player() && !c.is_players_side()).map(|c| c.id).collect();
    for id in ids.iter().rev().take(third) {
        game.put_on_side(*id, "rivals");
    }
    game
}

/// A turn's time with sides in play against the same crowd without: 100
/// monsters and 10 allies against 100 monsters; 1,000 monsters of which
/// 100 are allies against 1,000 monsters.
fn bench_sides(c: &mut Criterion, w: &World) {
    let mut group = c.benchmark_group("sides");
    for (name, monsters, allies) in [
        ("100_monsters", 100, 0),
        ("100_monsters_10_allies", 100, 10),
        ("1000_monsters", 1000, 0),
        ("900_monsters_100_allies", 900, 100),
    ] {
        let mut game = scenario_with_allies(w, monsters, allies);
        for _ in 0..20 {
            game.player_action(Action::Wait);
        }
        group.bench_function(name, |b| b.iter(|| black_box(game.player_action(Action::Wait))));
    }
    let mut game = scenario_with_three_sides(w, 800, 100, 100);
    for _ in 0..20 {
        game.player_action(Action::Wait);
    }
    group.bench_function("800_monsters_100_allies_100_rivals", |b| {
        b.iter(|| black_box(game.player_action(Action::Wait)))
    });
    group.finish();
}

fn bench_turns(c: &mut Criterion, w: &World) {
    let mut group = c.benchmark_group("turn");
    for n in [10usize, 100, 1000] {
        let mut game = scenario(w, n);
        // Let the crowd close in first, so the figure is the steady state.
        for _ in 0..20 {
            game.player_action(Action::Wait);
        }
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| black_box(game.player_action(Action::Wait)))
        });
        assert!(!game.is_over(), "the player must outlive the benchmark");
    }
    group.finish();
}

/// Calls into plugins and calls back into the host per turn with
/// `monsters` monsters, averaged over some turns.
fn calls_per_turn(w: &World, monsters: usize) -> (f64, f64) {
    let mut game = scenario(w, monsters);
    for _ in 0..20 {
        game.player_action(Action::Wait);
    }
    let turns = 200;
    let (calls, callbacks) = (BOUNDARY_CALLS.load(Ordering::Relaxed), CALLBACKS.load(Ordering::Relaxed));
    for _ in 0..turns {
        game.player_action(Action::Wait);
    }
    let per_turn = |now: u64, before: u64| (now - before) as f64 / turns as f64;
    (per_turn(BOUNDARY_CALLS.load(Ordering::Relaxed), calls), per_turn(CALLBACKS.load(Ordering::Relaxed), callbacks))
}

fn bench_dungeon(c: &mut Criterion) {
    let level = mapgen::generate(&mut RunRng::from_seed(SEED), WIDTH, HEIGHT);
    let mut group = c.benchmark_group("dungeon");
    group.bench_function("field_of_view", |b| b.iter(|| sight::field_of_view(black_box(&level.map), level.start, 9)));
    group.bench_function("distance_toward", |b| b.iter(|| DistanceMap::toward(black_box(&level.map), &[level.start])));
    group.bench_function("distance_fleeing", |b| {
        b.iter(|| DistanceMap::fleeing(black_box(&level.map), level.start, false))
    });
    group.finish();
}

/// The side of the largest map a save accepts.
const LARGEST: i32 = 1000;

/// A `LARGEST`-square floor of 9 x 9 rooms joined by doorways, no plugins.
fn largest_floor() -> Game {
    let mut map = Map::new_filled(LARGEST, LARGEST, Tile::Wall);
    for y in 1..LARGEST - 1 {
        for x in 1..LARGEST - 1 {
            let doorway = (y % 10 == 0 && x % 10 == 5) || (x % 10 == 0 && y % 10 == 5);
            if (y % 10 != 0 && x % 10 != 0) || doorway {
                map.set_tile(Point::new(x, y), Tile::Floor);
            }
        }
    }
    let mut game =
        Game::blank(SEED, map, Point::new(5, 5), Rc::new(Plugins::default()), Rc::default(), Trace::console());
    game.update_sight();
    game
}

/// A turn and a step of auto-explore on the largest map: what they cost
/// should be what lies around the player, as on an 80x45 floor.
fn bench_largest_map(c: &mut Criterion) {
    let mut group = c.benchmark_group("largest_map");
    let mut game = largest_floor();
    group.bench_function("wait_turn", |b| b.iter(|| game.player_action(Action::Wait)));
    // Finding the next step of explore (not taking it), at the start and
    // after 2,000 steps, when the nearest unexplored cell lies further off.
    let mut game = largest_floor();
    group.bench_function("explore_step/start", |b| b.iter(|| black_box(game.explore_step())));
    for _ in 0..2000 {
        let step = game.explore_step().expect("a floor this large is not explored in 2,000 steps");
        game.player_action(step);
    }
    group.bench_function("explore_step/after_2000", |b| b.iter(|| black_box(game.explore_step())));
    group.finish();
}

// 1.7 (fields)
/// An open `width` x `height` floor (walls round it), the player in the
/// middle, no monsters, with a plugin declaring `fire` and `gas`: every
/// open cell holds 900 of each, fire on a cell in two, gas on every one.
fn fields_floor(width: i32, height: i32) -> Game {
    use emberdeep_api::{FieldSpec, Look, Registrar};
    use emberdeep_engine::plugins::registry::Registration;
    let mut map = Map::new_filled(width, height, Tile::Wall);
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            map.set_tile(Point::new(x, y), Tile::Floor);
        }
    }
    let mut reg = Registrar::new("bench_fields", "0.1.0");
    let look = |c| Look::new(c, Rgba::rgb(200, 100, 0), "fire");
    reg.field("fire", FieldSpec::new("fire", look('^')).traits(&["hazard"]));
    reg.field("gas", FieldSpec::new("gas", look('~')).traits(&["hazard"]).blocks_sight(500));
    let mut plugins = Plugins::default();
    plugins.add(Registration::from_registrar(reg), PathBuf::new()).expect("the bench's plugin");
    let start = Point::new(width / 2, height / 2);
    let mut game = Game::blank(SEED, map, start, Rc::new(plugins), Rc::default(), Trace::console());
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            let p = Point::new(x, y);
            let _ = game.set_field("gas", p, 900, "bench");
            if (x + y) % 2 == 0 {
                let _ = game.set_field("fire", p, 900, "bench");
            }
        }
    }
    game.update_sight();
    game
}

/// One turn of `fields_floor(width, height)`: fire and gas spread and
/// thin over the whole floor (the host's pass a plugin asks for from its
/// `turn_ended`), then a turn of waiting; the best of 5 batches.
fn fields_turn_ns(width: i32, height: i32) -> f64 {
    use emberdeep_api::FieldSpread;
    let mut game = fields_floor(width, height);
    let fire = FieldSpread { share: 0, thin: 0, fade: 1 };
    let gas = FieldSpread { share: 50, thin: 0, fade: 0 };
    let turn = |game: &mut Game| {
        let _ = game.spread_field("fire", &fire, "bench");
        let _ = game.spread_field("gas", &gas, "bench");
        game.player_action(Action::Wait);
    };
    let turns = if width * height > 10_000 { 20 } else { 200 };
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..turns {
                turn(&mut game);
            }
            t.elapsed().as_secs_f64() * 1e9 / turns as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// A trivial brain: one call back into the host (the adapter adds the panic guard).
struct Tiny;

impl MonsterBrain for Tiny {
    fn act(&self, ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
        black_box(ctx.roll(1, 6));
        Ok(())
    }
}

/// The same brain as a plain Rust trait, called back through a plain `dyn`
/// context: the whole call with no abi_stable in it.
trait PlainBrain {
    fn act(&self, ctx: &mut dyn GameCtx, me: EntityId) -> RResult<(), PluginError>;
}

impl PlainBrain for Tiny {
    fn act(&self, ctx: &mut dyn GameCtx, _me: EntityId) -> RResult<(), PluginError> {
        guard(|| {
            black_box(ctx.roll(1, 6));
            Ok(())
        })
    }
}

fn brain_game(w: &World) -> Game {
    scenario(w, 1)
}

/// Nanoseconds per call of `a` and of `b`, timed side by side: short
/// batches of each in turn, so a busy neighbour slows both alike, and the
/// best batch of each.
fn ns_per_call_side_by_side<S>(state: &mut S, mut a: impl FnMut(&mut S), mut b: impl FnMut(&mut S)) -> (f64, f64) {
    let batch = 200_000;
    let (mut best_a, mut best_b) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..41 {
        let t = Instant::now();
        for _ in 0..batch {
            a(state);
        }
        best_a = best_a.min(t.elapsed().as_secs_f64() * 1e9 / batch as f64);
        let t = Instant::now();
        for _ in 0..batch {
            b(state);
        }
        best_b = best_b.min(t.elapsed().as_secs_f64() * 1e9 / batch as f64);
    }
    (best_a, best_b)
}

/// Nanoseconds per call, best batch: (brain through abi_stable with an
/// abi_stable context, brain through plain `dyn` with a plain `dyn` context,
/// a callback through the abi_stable context, the same through plain `dyn`).
struct CallFigures {
    brain_abi: f64,
    brain_plain: f64,
    callback_abi: f64,
    callback_plain: f64,
}

fn bench_brain_call(c: &mut Criterion, w: &World) -> CallFigures {
    let abi = MonsterBrainAbi_TO::from_value(Adapter(Tiny), TD_Opaque);
    let plain: Box<dyn PlainBrain> = Box::new(Tiny);
    let mut game = brain_game(w);
    let me = EntityId(1);
    let mut group = c.benchmark_group("brain_call");
    group.bench_function("abi_stable", |b| {
        b.iter(|| black_box(&abi).act(HostCtx::for_bench(&mut game, "bench").as_ctx(), me))
    });
    group.bench_function("plain_dyn", |b| {
        b.iter(|| black_box(&plain).act(&mut HostCtx::for_bench(&mut game, "bench"), me))
    });
    group.finish();
    let mut group = c.benchmark_group("callback");
    {
        let mut host = HostCtx::for_bench(&mut game, "bench");
        let mut ctx = host.as_ctx();
        group.bench_function("abi_stable", |b| b.iter(|| black_box(&mut ctx).roll(1, 6)));
    }
    {
        let mut host = HostCtx::for_bench(&mut game, "bench");
        let ctx: &mut dyn GameCtx = &mut host;
        group.bench_function("plain_dyn", |b| b.iter(|| black_box(&mut *ctx).roll(1, 6)));
    }
    group.finish();
    let (brain_abi, brain_plain) = ns_per_call_side_by_side(
        &mut game,
        |game| {
            black_box(black_box(&abi).act(HostCtx::for_bench(game, "bench").as_ctx(), me));
        },
        |game| {
            black_box(black_box(&plain).act(&mut HostCtx::for_bench(game, "bench"), me));
        },
    );
    // Each context lent once, as for one call into a plugin, on a game of its own.
    let mut other = brain_game(w);
    let mut host = HostCtx::for_bench(&mut game, "bench");
    let mut plain_host = HostCtx::for_bench(&mut other, "bench");
    let mut pair = (host.as_ctx(), &mut plain_host as &mut dyn GameCtx);
    let (callback_abi, callback_plain) = ns_per_call_side_by_side(
        &mut pair,
        |(ctx, _)| {
            black_box(black_box(&mut *ctx).roll(1, 6));
        },
        |(_, ctx)| {
            black_box(black_box(&mut **ctx).roll(1, 6));
        },
    );
    CallFigures { brain_abi, brain_plain, callback_abi, callback_plain }
}

/// The figures of 400 frames: median and 99th percentile, milliseconds,
/// and the cells the last frame drew into the kept map layer.
struct FrameFigures {
    view: String,
    median_ms: f64,
    p99_ms: f64,
    cells_drawn: usize,
}

/// A plugin's view as views were written before api 1.5: every cell a
/// block and a glyph, 16 pixels square, the whole map every frame (it does
/// not keep its map layer).
struct EveryFrameView;

impl View for EveryFrameView {
    fn cell_size(&self) -> u32 {
        16
    }

    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
        for (i, cell) in scene.cells.iter().enumerate() {
            if cell.light == Light::Unseen {
                continue;
            }
            let (x, y) = scene.cell_origin(i, 16);
            let block = if cell.terrain == Terrain::Wall { Rgba::rgb(40, 40, 55) } else { Rgba::rgb(12, 12, 16) };
            canvas.fill_rect(x, y, 16, 16, block);
            let (ch, color) = match cell.thing() {
                Some(look) => (look.glyph, look.color),
                None if cell.terrain == Terrain::Wall => ('#' as u32, Rgba::rgb(130, 130, 150)),
                None => ('.' as u32, Rgba::rgb(90, 90, 90)),
            };
            let color = if cell.light == Light::Remembered { color.dimmed(45) } else { color };
            canvas.glyph_code(x, y, 16, ch, color);
        }
        Ok(())
    }
}

/// Frames as the window draws them: the screen model built from the game,
/// then drawn by a software renderer kept from frame to frame, on a floor
/// whose every cell is remembered (the most the map ever draws).
fn bench_frames(c: &mut Criterion, w: &World) -> Vec<FrameFigures> {
    let atlas = atlas::Atlas::load(&atlas::default_assets_dir()).expect("loading assets/");
    let mut game = Game::fresh(SEED, w.plugins.clone(), w.records.clone(), Trace::console());
    let cells: Vec<Point> = game.map().points().collect();
    for p in cells {
        game.remember_cell(p);
    }
    let mut views = ui::host_views(game.records());
    views.push(("plugin-every-frame".to_string(), ViewAbi_TO::from_value(Adapter(EveryFrameView), TD_Opaque)));
    let mut app = App::new(game, views);
    let mut group = c.benchmark_group("frame");
    let mut figures = Vec::new();
    ui::with_offscreen(&atlas, |frame| {
        for view in app.view_names() {
            app.select_view(&view).expect("a listed view");
            group.bench_function(&view, |b| {
                b.iter(|| {
                    let model = app.model();
                    frame.draw(black_box(&model), app.views()).expect("drawing a frame")
                })
            });
            figures.push(frame_figures(view.clone(), frame, &mut app, false));
            figures.push(frame_figures(format!("{view}-a-step-a-frame"), frame, &mut app, true));
        }
    })
    .expect("making the offscreen renderer");
    group.finish();
    figures
}

/// 400 frames of the app's view, timed one by one; with `stepping`, a
/// monster in sight steps to a free cell beside it before each frame
/// (drawing only: the game's turn is not run).
fn frame_figures(view: String, frame: &mut ui::Offscreen<'_, '_>, app: &mut App, stepping: bool) -> FrameFigures {
    let mut cells_drawn = 0;
    let mut ms: Vec<f64> = (0..400)
        .map(|i| {
            let t = Instant::now();
            let mut model = app.model();
            if stepping {
                step_a_thing(&mut model.scene, i);
            }
            frame.draw(&model, app.views()).expect("drawing a frame");
            cells_drawn = frame.cells_drawn();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    FrameFigures { view, median_ms: ms[ms.len() / 2], p99_ms: ms[ms.len() * 99 / 100 - 1], cells_drawn }
}

/// Moves the scene's first thing one cell east or back west (by `i`'s
/// parity) onto the cell beside it, as a monster's step changes two cells.
fn step_a_thing(scene: &mut Scene, i: usize) {
    let width = scene.width.max(1) as usize;
    let Some(at) = scene.cells.iter().position(|c| c.thing().is_some()) else { return };
    let to = if i.is_multiple_of(2) { at + 1 } else { at.saturating_sub(1) };
    if to < scene.cells.len() && to / width == at / width {
        let thing = scene.cells[at].thing.take();
        scene.cells[to].thing = thing;
    }
}

/// Time of one turn with `monsters` monsters, timed directly (for the
/// summary's share): the mean of a batch of 400 turns, the best of five
/// batches, which is the steadier figure on a busy machine.
fn turn_ns(w: &World, monsters: usize) -> f64 {
    turn_ns_of(scenario(w, monsters))
}

/// [`turn_ns`] of a game already set up.
fn turn_ns_of(mut game: Game) -> f64 {
    for _ in 0..20 {
        game.player_action(Action::Wait);
    }
    let turns = 400;
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..turns {
                game.player_action(Action::Wait);
            }
            t.elapsed().as_secs_f64() * 1e9 / turns as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// [`turn_ns_of`] of a 100-monster turn in which `changes` cells of the
/// floor change terrain first (floor to open door and back, so no change is
/// refused for a creature standing there): each change traced, the
/// player's sight brought up to date and the kept distance maps dropped.
fn terrain_turn_ns(w: &World, changes: i32) -> f64 {
    let mut game = scenario(w, 100);
    let cells: Vec<Point> = (0..changes).map(|i| Point::new(1 + i % (WIDTH - 2), 1 + i / (WIDTH - 2))).collect();
    let mut open = false;
    let mut turn = |game: &mut Game| {
        open = !open;
        for &p in &cells {
            let _ = game.set_terrain(p, if open { "door_open" } else { "floor" }, "bench");
        }
        game.player_action(Action::Wait);
    };
    for _ in 0..20 {
        turn(&mut game);
    }
    let turns = 200;
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..turns {
                turn(&mut game);
            }
            t.elapsed().as_secs_f64() * 1e9 / turns as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// The game's records with `pieces` map pieces of the host's added (each
/// a small walled nook with an entrance, for floors 1 to 12), read from a
/// copy of `data/`.
fn records_with_pieces(w: &World, pieces: usize) -> Rc<Records> {
    let dir = tempfile::tempdir().expect("a temp dir");
    let data = data::default_data_dir();
    for entry in std::fs::read_dir(&data).expect("data/") {
        let from = entry.expect("a data folder").path();
        let to = dir.path().join(from.file_name().unwrap());
        std::fs::create_dir_all(&to).unwrap();
        for file in std::fs::read_dir(&from).into_iter().flatten().flatten() {
            std::fs::copy(file.path(), to.join(file.file_name())).unwrap();
        }
    }
    let mut text = String::new();
    for i in 0..pieces {
        text.push_str(&format!(
            "[[piece]]\nid = \"nook_{i}\"\nfloors = [1, 12]\nmap = [\"#####\", \"#...#\", \"##E##\"]\nlegend = {{ E = \"entrance\" }}\n\n"
        ));
    }
    std::fs::write(dir.path().join("host/pieces.toml"), text).unwrap();
    Rc::new(data::check::load_records(dir.path(), &w.plugins.registered()).expect("the records with pieces"))
}

/// Nanoseconds to make and fill a new floor (floor 2), with the records given.
fn floor_ns(w: &World, records: Rc<Records>) -> f64 {
    let map = Map::new_filled(1, 1, Tile::Wall);
    let mut game = Game::blank(SEED, map, Point::new(0, 0), w.plugins.clone(), records, Trace::console());
    let floors = 50;
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..floors {
                game.enter_new_floor(2);
            }
            t.elapsed().as_secs_f64() * 1e9 / floors as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Nanoseconds to choose a target for every creature on the floor once
/// (`nearest_enemy`, what the melee brain and the ranged kinds ask each
/// turn), after 20 turns: target choice alone, without the fighting that
/// follows it.
fn target_choice_ns(mut game: Game) -> f64 {
    for _ in 0..20 {
        game.player_action(Action::Wait);
    }
    let ids: Vec<EntityId> = game.creatures().values().map(|c| c.id).collect();
    let rounds = 50;
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..rounds {
                for &id in &ids {
                    black_box(game.nearest_enemy(id));
                }
            }
            t.elapsed().as_secs_f64() * 1e9 / rounds as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let w = world();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    bench_turns(&mut c, &w);
    bench_sides(&mut c, &w);
    bench_dungeon(&mut c);
    bench_largest_map(&mut c);
    let f = bench_brain_call(&mut c, &w);
    let frames = bench_frames(&mut c, &w);
    c.final_summary();

    // The summary: the boundary's share of a 100-monster turn.
    let (calls, callbacks) = calls_per_turn(&w, 100);
    let turn100 = turn_ns(&w, 100);
    let turn1000 = turn_ns(&w, 1000);
    let call_overhead = (f.brain_abi - f.brain_plain).max(0.0);
    let callback_overhead = (f.callback_abi - f.callback_plain).max(0.0);
    let boundary = calls * call_overhead + callbacks * callback_overhead;
    println!();
    println!("summary ({} plugins: {})", w.plugins.loaded.len(), w.plugins.names().join(", "));
    println!(
        "  brain call (one callback, panic guard): abi_stable {:.1} ns, plain dyn {:.1} ns: {:.2}x, overhead {call_overhead:.1} ns",
        f.brain_abi,
        f.brain_plain,
        f.brain_abi / f.brain_plain
    );
    println!(
        "  callback (ctx.roll): abi_stable {:.1} ns, plain dyn {:.1} ns: {:.2}x, overhead {callback_overhead:.1} ns",
        f.callback_abi,
        f.callback_plain,
        f.callback_abi / f.callback_plain
    );
    println!("  per turn with 100 monsters: {calls:.1} calls into plugins, {callbacks:.1} calls back into the host");
    println!(
        "  turn with 100 monsters: {:.1} us; with 1000: {:.1} us ({:.1}x)",
        turn100 / 1e3,
        turn1000 / 1e3,
        turn1000 / turn100
    );
    println!(
        "  boundary share of a 100-monster turn: ({calls:.0} x {call_overhead:.1} + {callbacks:.0} x {callback_overhead:.1}) ns / {:.1} us = {:.2}%",
        turn100 / 1e3,
        100.0 * boundary / turn100
    );
    let with_allies = turn_ns_of(scenario_with_allies(&w, 100, 10));
    let sides100 = turn_ns_of(scenario_with_allies(&w, 100, 0));
    let (sides1000, plain1000) =
        (turn_ns_of(scenario_with_allies(&w, 900, 100)), turn_ns_of(scenario_with_allies(&w, 1000, 0)));
    println!(
        "  sides: 100 monsters + 10 allies {:.1} us against 100 monsters {:.1} us ({:.2}x); \
         900 monsters + 100 allies {:.1} us against 1000 monsters {:.1} us ({:.2}x)",
        with_allies / 1e3,
        sides100 / 1e3,
        with_allies / sides100,
        sides1000 / 1e3,
        plain1000 / 1e3,
        sides1000 / plain1000
    );
    let three = turn_ns_of(scenario_with_three_sides(&w, 800, 100, 100));
    println!(
        "  three sides: 800 monsters + 100 allies + 100 rivals {:.1} us against 1000 monsters {:.1} us ({:.2}x)",
        three / 1e3,
        plain1000 / 1e3,
        three / plain1000
    );
    println!(
        "  per creature: {:.0} ns a turn with 100 monsters, {:.0} ns with 1000, {:.0} ns with 1000 on three sides",
        turn100 / 100.0,
        turn1000 / 1000.0,
        three / 1000.0
    );
    let (still, changing) = (terrain_turn_ns(&w, 0), terrain_turn_ns(&w, 50));
    println!(
        "  terrain: a 100-monster turn with 50 terrain changes {:.1} us against none {:.1} us ({:.2}x)",
        changing / 1e3,
        still / 1e3,
        changing / still
    );
    let (bare, pieced) = (floor_ns(&w, w.records.clone()), floor_ns(&w, records_with_pieces(&w, 20)));
    println!(
        "  floor generation: with 20 map pieces {:.1} us against none {:.1} us ({:.2}x)",
        pieced / 1e3,
        bare / 1e3,
        pieced / bare
    );
    let (choose110, choose1000) =
        (target_choice_ns(scenario_with_allies(&w, 100, 10)), target_choice_ns(scenario_with_allies(&w, 900, 100)));
    println!(
        "  target choice for every creature: 110 creatures (10 allies) {:.1} us, 1000 (100 allies) {:.1} us: \
         {:.2}x for {:.2}x the creatures",
        choose110 / 1e3,
        choose1000 / 1e3,
        choose1000 / choose110,
        1000.0 / 111.0
    );
    // 1.7 (fields)
    let (fields80, fields500) = (fields_turn_ns(WIDTH, HEIGHT), fields_turn_ns(500, 500));
    println!(
        "  fields: fire and gas spreading over a whole 80x45 floor {:.1} us ({:.2}x the 100-monster turn); \
         over a whole 500x500 floor {:.1} us ({:.2}x)",
        fields80 / 1e3,
        fields80 / turn100,
        fields500 / 1e3,
        fields500 / turn100
    );
    for f in &frames {
        println!(
            "  frame, {} view, 400 frames: median {:.2} ms, 99th percentile {:.2} ms, {} cells drawn into the map layer",
            f.view, f.median_ms, f.p99_ms, f.cells_drawn
        );
    }
}
