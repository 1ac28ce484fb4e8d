//! Key bindings in play: the host's keys by the names the options file
//! gives them ([`HOST_ACTIONS`]), and the plugins' keys by the key each
//! declares, each perhaps bound to another key. A key bound is turned into
//! the key it stands for before play sees it, so the run, its trace and a
//! recording hold the game's own keys whatever the player bound; the key
//! it replaced then does nothing in play. Menus and questions keep their
//! keys. The help screen shows the keys as bound ([`Bindings::shown`]).

use std::collections::BTreeMap;

use super::keys::Key;

/// The host's keys in play that may be bound: the option's name, the
/// game's key (in the `--keys` notation), and what it does.
pub const HOST_ACTIONS: &[(&str, &str, &str)] = &[
    ("step_west", "h", "step west"),
    ("step_south", "j", "step south"),
    ("step_north", "k", "step north"),
    ("step_east", "l", "step east"),
    ("step_north_west", "y", "step north-west"),
    ("step_north_east", "u", "step north-east"),
    ("step_south_west", "b", "step south-west"),
    ("step_south_east", "n", "step south-east"),
    ("wait", ".", "wait a turn"),
    ("descend", ">", "go down the stairs"),
    ("rest", "Z", "rest until healed"),
    ("explore", "o", "explore"),
    ("travel_to_stairs", "G", "travel to the known stairs down"),
    ("fire", "f", "fire what is readied"),
    ("throw", "t", "throw something"),
    ("pick_up", "g", "pick up what lies here"),
    ("pack", "i", "the pack"),
    ("quaff", "q", "drink a potion"),
    ("read", "r", "read a scroll"),
    ("zap", "z", "zap a wand"),
    ("wield", "w", "wield a weapon, ready a bow"),
    ("wear", "W", "wear armor"),
    ("drop", "d", "drop an item"),
    ("look", "x", "look at any cell"),
    ("messages", "m", "the message history"),
    ("help", "?", "the help"),
    ("switch_view", "F2", "switch views"),
    ("cell_bigger", "+", "bigger map cells"),
    ("cell_smaller", "_", "smaller map cells"),
];

/// The questions asked before an item is wasted, each on unless turned off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asks {
    /// Drinking a healing potion at full health.
    pub drink_at_full_health: bool,
    /// Firing a shot that would end short of the cursor.
    pub shoot_short: bool,
    /// Esc while aiming something that stopping would use up.
    pub stop_aiming: bool,
}

impl Default for Asks {
    fn default() -> Self {
        Asks { drink_at_full_health: true, shoot_short: true, stop_aiming: true }
    }
}

/// The keys bound otherwise than the game's own.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bindings {
    /// Key pressed → the game's key it stands for.
    pressed: BTreeMap<String, Key>,
    /// The game's key → the key bound to it.
    bound: BTreeMap<String, Key>,
}

impl Bindings {
    /// Binds the game's key `game` to `to`: `to` does what `game` did, and
    /// `game` itself nothing (unless it is bound to another key in turn).
    pub fn bind(&mut self, game: Key, to: Key) {
        if game == to {
            return;
        }
        self.pressed.insert(to.to_string(), game);
        self.bound.insert(game.to_string(), to);
    }

    /// Whether nothing is bound otherwise.
    pub fn is_empty(&self) -> bool {
        self.bound.is_empty()
    }

    /// The game's key that `key` stands for in play; `None` for a game key
    /// bound to another and not itself bound to anything.
    pub fn in_play(&self, key: Key) -> Option<Key> {
        if let Some(game) = self.pressed.get(&key.to_string()) {
            return Some(*game);
        }
        if self.bound.contains_key(&key.to_string()) {
            return None;
        }
        Some(key)
    }

    /// The key the player presses for the game's key `game`.
    pub fn shown(&self, game: Key) -> Key {
        self.bound.get(&game.to_string()).copied().unwrap_or(game)
    }

    /// A help line's keys with each word that is a game's key bound
    /// otherwise written as bound (`o` → `O`).
    pub fn shown_words(&self, keys: &str) -> String {
        if self.is_empty() {
            return keys.to_string();
        }
        keys.split(' ')
            .map(|word| match super::keys::parse_key(word) {
                Ok(key) if self.bound.contains_key(&key.to_string()) => self.shown(key).to_string(),
                _ => word.to_string(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_bound_stands_for_the_games_and_the_games_does_nothing() {
        let mut b = Bindings::default();
        b.bind(Key::Char('o'), Key::Char('O'));
        assert_eq!(b.in_play(Key::Char('O')), Some(Key::Char('o')));
        assert_eq!(b.in_play(Key::Char('o')), None);
        assert_eq!(b.in_play(Key::Char('h')), Some(Key::Char('h')));
        assert_eq!(b.shown_words("g or ,"), "g or ,");
        assert_eq!(b.shown_words("o"), "O");
        // Two keys swapped: each does the other's.
        b.bind(Key::Char('h'), Key::Char('l'));
        b.bind(Key::Char('l'), Key::Char('h'));
        assert_eq!(b.in_play(Key::Char('l')), Some(Key::Char('h')));
        assert_eq!(b.in_play(Key::Char('h')), Some(Key::Char('l')));
    }

    #[test]
    fn every_host_action_is_one_key() {
        for (name, key, _) in HOST_ACTIONS {
            assert!(super::super::keys::parse_key(key).is_ok(), "{name}: {key}");
        }
    }
}
