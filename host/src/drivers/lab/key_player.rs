//! A player that presses keys: plays a fresh run through [`App::press`] as a
//! person would (explore with `o`, fight by walking into monsters, pick up,
//! walk to what lies in sight, drink when hurt, rest, take the stairs, now and then open a screen and
//! close it), choosing by a seeded generator, and gives the run as a
//! [`Recording`]. Unlike the bot, which hands the game its actions, every
//! step here is a key, so the run replays key for key: the replay
//! timeline's tests and its seek benchmark step through these runs.

use std::rc::Rc;

use emberdeep_engine::core::map::Tile;
use emberdeep_engine::core::rng::RunRng;
use emberdeep_engine::data::records::Records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::registry::Plugins;
use emberdeep_engine::{Action, Game};

use crate::drivers::play::recording::Recording;
use crate::front::app::{App, Mode};
use crate::front::autopilot::key_of;
use crate::front::keys::Key;

/// Plays a fresh run of `seed` until turn `turns`, the run's end, or
/// `turns * 8` keys, and records it.
pub fn play(seed: u64, plugins: Rc<Plugins>, records: Rc<Records>, turns: u64) -> Recording {
    let game = Game::fresh(seed, plugins.clone(), records, Trace::console());
    let mut app = App::with_host_views(game);
    let mut rng = RunRng::from_seed(seed ^ 0x5EED_F00D);
    let most_keys = turns.saturating_mul(8) as usize;
    let mut still = 0u32;
    while app.game.turn() < turns && !app.game.is_over() && app.pressed.len() < most_keys {
        let before = app.game.turn();
        for key in choose(&app, &mut rng, still) {
            app.press(key);
        }
        still = if app.game.turn() == before { still + 1 } else { 0 };
    }
    Recording::new(seed, &plugins, None, &app.pressed, None)
}

/// The next keys: what a careful player would press here.
fn choose(app: &App, rng: &mut RunRng, still: u32) -> Vec<Key> {
    let game = &app.game;
    if app.mode != Mode::Play {
        return vec![Key::Esc];
    }
    let me = game.player();
    let (hp, max) = (me.hp, me.max_hp);
    if still > 3 {
        return vec![wander(rng)];
    }
    if let Some(&id) = game.enemies_in_view().first() {
        let them = game.creatures()[&id].pos;
        if hp * 2 < max && rng.percent(80) {
            return vec![Key::Char('q'), Key::Char('a')];
        }
        let step = Action::Move((them.x - me.pos.x).signum(), (them.y - me.pos.y).signum());
        return vec![if rng.percent(85) { key_of(step) } else { wander(rng) }];
    }
    if game.items().iter().any(|i| i.pos == me.pos) {
        return vec![Key::Char('g')];
    }
    if hp * 5 < max * 4 {
        return vec![Key::Char('Z')];
    }
    let seen = game.items().iter().find(|i| game.fov().is_visible(i.pos) && i.pos != me.pos);
    if let Some(item) = seen.filter(|_| still == 0 && rng.percent(60)) {
        return vec![Key::Click(item.pos.x, item.pos.y)];
    }
    match rng.below(40) {
        0 => return vec![Key::Char('i'), Key::Esc],
        1 => return vec![Key::Char('x'), Key::Char('l'), Key::Esc],
        2 => return vec![Key::Char('m'), Key::Esc],
        3 => return vec![Key::Char('.')],
        4..=7 => return vec![wander(rng)],
        _ => {}
    }
    let on_stairs = game.map().tile(me.pos) == Tile::StairsDown;
    // A while on each floor before the next: 1,000 turns a floor.
    let stay = game.turn() < u64::from(game.floor()) * 1000;
    match (on_stairs, still > 0, stay) {
        (true, _, false) => vec![Key::Char('>')],
        (false, true, false) => vec![Key::Char('G')],
        (_, true, true) => vec![wander(rng)],
        _ => vec![Key::Char('o')],
    }
}

/// A step in a direction of the generator's choosing (or a wait).
fn wander(rng: &mut RunRng) -> Key {
    let mut d = || rng.below(3) as i32 - 1;
    key_of(Action::Move(d(), d()))
}
