//! The largest map a save accepts plays at a player's pace: a turn and a
//! step of auto-explore cost what lies around the player, not the whole
//! map. Time is not asserted (these machines are noisy); what a turn and a
//! step allocate is, counted by this test binary's allocator: a field of
//! view or a search as large as the map shows at once (a million cells is
//! a megabyte or more each time).
//!
//! One test in this file, so no other test allocates while it counts.

use std::alloc::{GlobalAlloc, Layout, System};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

use emberdeep_api::Point;
use emberdeep_engine::core::map::{Map, Tile};
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::rules::travel::Errand;
use emberdeep_engine::{Action, Game};

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

/// Bytes allocated while `f` runs.
fn allocated_by(f: impl FnOnce()) -> usize {
    let before = ALLOCATED.load(Ordering::Relaxed);
    f();
    ALLOCATED.load(Ordering::Relaxed) - before
}

const SIDE: i32 = 1000;

/// A 1000 x 1000 floor of 9 x 9 rooms joined by doorways, the player in
/// the first room, with no plugins.
fn rooms() -> Game {
    let mut map = Map::new_filled(SIDE, SIDE, Tile::Wall);
    for y in 1..SIDE - 1 {
        for x in 1..SIDE - 1 {
            let inside = y % 10 != 0 && x % 10 != 0;
            let doorway = (y % 10 == 0 && x % 10 == 5) || (x % 10 == 0 && y % 10 == 5);
            if inside || doorway {
                map.set_tile(Point::new(x, y), Tile::Floor);
            }
        }
    }
    let mut game = Game::blank(1, map, Point::new(5, 5), Rc::new(Plugins::default()), Rc::default(), Trace::console());
    game.update_sight();
    game
}

#[test]
fn turns_and_explore_steps_on_the_largest_map_cost_what_lies_around_the_player() {
    let mut game = rooms();
    const TURNS: usize = 200;
    let waits = allocated_by(|| {
        for _ in 0..TURNS {
            game.player_action(Action::Wait);
        }
    });
    assert_eq!(game.turn(), TURNS as u64);
    let per_turn = waits / TURNS;
    assert!(per_turn < 64 * 1024, "a turn of waiting allocated {per_turn} bytes on a {SIDE} x {SIDE} map");

    const STEPS: u32 = 300;
    let mut walked = 0;
    let explore = allocated_by(|| {
        while walked < STEPS {
            let Some(action) = game.explore_step() else { break };
            game.player_action(action);
            walked += 1;
        }
    });
    assert_eq!(walked, STEPS, "explore goes on through the rooms");
    assert!(game.player().pos.x > 20 || game.player().pos.y > 20, "and leaves the first rooms behind");
    let per_step = explore / STEPS as usize;
    assert!(per_step < 256 * 1024, "a step of auto-explore allocated {per_step} bytes on a {SIDE} x {SIDE} map");

    // The player's own explore (stop rules and all) walks the same way.
    let before = game.turn();
    let pressed = allocated_by(|| {
        game.travel(Errand::Explore);
    });
    let steps = (game.turn() - before) as usize;
    assert!(steps > 100, "one press of explore walked {steps} steps");
    assert!(pressed / steps < 256 * 1024, "a step of the player's explore allocated {} bytes", pressed / steps);
}
