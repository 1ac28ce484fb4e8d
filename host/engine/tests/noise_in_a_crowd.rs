//! A noise costs what can hear it, not the crowd round it: when monsters
//! and allies fight, every blow makes a noise, and with a thousand
//! creatures on the floor a noise that looked at every cell within its
//! loudness (or every creature) made a turn grow faster than the crowd.
//! Only monsters asleep or wandering are drawn by a noise, so those are
//! the ones it looks at. Time is not asserted; what one noise allocates
//! is, counted by this test binary's allocator; and so is what a blow's
//! debug line from a plugin costs when nobody listens at debug.
//!
//! The tests take turns (`alone`), so no other test allocates while one
//! counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use emberdeep_api::{EntityId, FieldValue, LogField, LogRecord, MonsterState, Point};
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::trace::{plugin_log_callback, Trace};
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::world::creature::Creature;
use emberdeep_engine::Game;

/// The system allocator, counting the bytes it hands out.
struct Counting;

static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Held for the whole of each test, so no other test allocates while one counts.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Bytes allocated while `f` runs.
fn allocated_by(f: impl FnOnce()) -> usize {
    let before = ALLOCATED.load(Ordering::Relaxed);
    f();
    ALLOCATED.load(Ordering::Relaxed) - before
}

const WIDTH: i32 = 80;
const HEIGHT: i32 = 45;

/// An open 80 x 45 floor, the player in the middle, and a monster on
/// every other cell of the 40 x 25 block round it (499 monsters), all
/// hunting, no plugins.
fn crowd() -> Game {
    let mut map = Map::new_filled(WIDTH, HEIGHT, Tile::Wall);
    for y in 1..HEIGHT - 1 {
        for x in 1..WIDTH - 1 {
            map.set_tile(Point::new(x, y), Tile::Floor);
        }
    }
    let start = Point::new(WIDTH / 2, HEIGHT / 2);
    let mut game = Game::blank(1, map, start, Rc::new(Plugins::default()), Rc::default(), Trace::console());
    for y in 10..35 {
        for x in 20..60 {
            let p = Point::new(x, y);
            if (x + y) % 2 == 1 || p == start {
                continue;
            }
            let mut c = Creature::player(p, 10);
            c.side = emberdeep_api::MONSTERS_SIDE.into();
            c.kind = "goblin".into();
            c.state = MonsterState::Hunting;
            game.put_creature(c);
        }
    }
    game
}

#[test]
fn a_noise_in_a_crowd_of_hunters_looks_at_no_one_and_still_draws_a_wanderer() {
    let _alone = alone();
    let mut game = crowd();
    assert_eq!(game.creatures().len(), 500);
    let at = game.player().pos;
    let bytes = allocated_by(|| {
        for _ in 0..100 {
            game.noise(at, 8, "host");
        }
    });
    assert!(bytes / 100 < 256, "a noise among hunters allocated {} bytes", bytes / 100);
    assert!(game.creatures().values().all(|c| c.goal.is_none()), "hunters are not drawn off");

    // One of them stops hunting (its state written through the roster):
    // the noise draws it, and only it, and a sleeper further off wakes
    // only when the noise is loud enough at its distance.
    let near = game.creature_at(Point::new(at.x + 1, at.y + 1)).map(|c| c.id).expect("a monster there");
    game.creature_mut(near).expect("it").state = MonsterState::Wandering;
    let far = game.creature_at(Point::new(at.x + 7, at.y + 1)).map(|c| c.id).expect("a monster there");
    game.creature_mut(far).expect("it").state = MonsterState::Asleep;
    game.noise(at, 8, "host");
    assert_eq!(game.creatures()[&near].goal, Some(at));
    assert_eq!(game.creatures()[&far].state, MonsterState::Asleep, "3 of 8 left at 7 steps: not enough to wake");
    game.noise(at, 10, "host");
    assert_eq!(game.creatures()[&far].state, MonsterState::Wandering);
    assert_eq!(game.creatures()[&far].goal, Some(at));
    let drawn: Vec<EntityId> = game.creatures().values().filter(|c| c.goal.is_some()).map(|c| c.id).collect();
    assert_eq!(drawn, {
        let mut both = vec![near, far];
        both.sort();
        both
    });
    // Back to hunting: no longer drawn off.
    game.creature_mut(near).expect("it").state = MonsterState::Hunting;
    game.creature_mut(near).expect("it").goal = None;
    game.noise(Point::new(at.x + 2, at.y + 2), 8, "host");
    assert_eq!(game.creatures()[&near].goal, None);
}

#[test]
fn a_plugins_debug_line_nobody_listens_to_is_not_written_out() {
    let _alone = alone();
    // The trace a run writes to the console, as the crowd's.
    let mut trace = Trace::console();
    let line = || LogRecord {
        level: 4,
        target: "core_combat::blow".into(),
        message: "blow".into(),
        fields: vec![LogField { name: "roll".into(), value: FieldValue::Int(3) }].into(),
    };
    let mut records: Vec<LogRecord> = (0..100).map(|_| line()).collect();
    let bytes = allocated_by(|| {
        for r in records.drain(..) {
            plugin_log_callback(r);
            trace.drain_plugin_logs(1, "core_combat");
        }
    });
    assert!(bytes / 100 < 64, "a debug line nobody reads allocated {} bytes", bytes / 100);
}
