//! The time-savers' keys (rest, auto-explore, travel; the rules are the
//! engine's [`emberdeep_engine::rules::travel`]) and how a run of them is played.
//!
//! Every step of a time-saver is pressed as the key a player would press
//! for it (a numpad direction, `KP5` to wait, `,` to pick up), through the ordinary play
//! keys, so it is an ordinary turn. Headless, a time-saver's key plays the
//! whole run within that key (`--keys "o"` explores until it stops). The
//! window instead starts the run without pressing the key and presses one
//! step key per frame, each recorded as pressed, so a player sees each step
//! and any key stops the run; a recording of the window thus holds the
//! steps themselves and replays the same turns (docs/keys.md).

use emberdeep_api::Point;
use emberdeep_engine::core::map::Tile;
use emberdeep_engine::rules::travel::{Errand, ExploreOptions, Travel};
use emberdeep_engine::{Action, Game};

use super::keys::Key;

/// What a key does when the window asks whether it starts a time-saver.
#[derive(Debug)]
pub enum Begin {
    /// It is no time-saver's key (here and now): press it as usual.
    NotMine,
    /// It was one, refused with a message ("Not with a goblin in view.").
    Refused,
    /// A run under way: press the keys [`next_key`] gives, one a frame.
    Started(Box<Travel>),
}

/// The time-saver a play-mode key starts: `Z` or `5` rest, `o` explores,
/// `G` (or `>` off the stairs, once stairs are known) travels to the stairs
/// down, a click walks to the cell.
pub fn errand_for(game: &Game, key: Key) -> Option<Errand> {
    match key {
        Key::Char('Z' | '5') => Some(Errand::Rest),
        Key::Char('o') => Some(Errand::Explore),
        Key::Char('G') => Some(Errand::Stairs),
        Key::Char('>') => {
            let on_stairs = game.map().tile(game.player().pos) == Tile::StairsDown;
            (!on_stairs && !game.known_stairs().is_empty()).then_some(Errand::Stairs)
        }
        Key::Click(x, y) => Some(Errand::To(Point::new(x, y))),
        _ => None,
    }
}

/// Starts the time-saver `key` stands for, for the window (without pressing the key).
/// `playing`: whether the keys play now (no screen or question is open).
pub fn begin(game: &mut Game, playing: bool, key: Key) -> Begin {
    begin_with(game, playing, key, ExploreOptions::default())
}

/// [`begin`], auto-explore as the player chose (`explore`: the options file).
pub fn begin_with(game: &mut Game, playing: bool, key: Key, explore: ExploreOptions) -> Begin {
    if !playing {
        return Begin::NotMine;
    }
    let Some(errand) = errand_for(game, key) else { return Begin::NotMine };
    match game.begin_travel_with(errand, explore) {
        Some(travel) => Begin::Started(Box::new(travel)),
        None => Begin::Refused,
    }
}

/// The key for the next step of `travel`, or `None` once it stopped (and said why).
pub fn next_key(game: &mut Game, travel: &mut Travel) -> Option<Key> {
    game.travel_next(travel).map(key_of)
}

/// The play key that does `action`: a numpad direction, `KP5` to wait,
/// `,` to pick up (keys no option moves).
pub fn key_of(action: Action) -> Key {
    match action {
        Action::PickUp => Key::Char(','),
        Action::Move(dx, dy) => Key::Numpad(match (dx.signum(), dy.signum()) {
            (-1, 1) => 1,
            (0, 1) => 2,
            (1, 1) => 3,
            (-1, 0) => 4,
            (1, 0) => 6,
            (-1, -1) => 7,
            (0, -1) => 8,
            (1, -1) => 9,
            _ => 5,
        }),
        _ => Key::Numpad(5),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::front::keys::direction;

    #[test]
    fn every_step_key_is_the_move_it_stands_for() {
        for (dx, dy) in emberdeep_api::DIRECTIONS {
            assert_eq!(direction(key_of(Action::Move(dx, dy))), Some((dx, dy)));
        }
        assert_eq!(key_of(Action::Wait), Key::Numpad(5));
        assert_eq!(key_of(Action::PickUp), Key::Char(','));
    }
}
