//! Turning SDL keyboard and mouse input into the game's [`Key`]s and map cells.
//!
//! Named keys (arrows, Tab, Enter, Esc, F-keys, keypad digits) come from key
//! presses; every printable character comes from text input, so `>` and `R`
//! work on any layout. A keypad digit's own text is dropped so it is not also
//! read as a `Char` digit.

use emberdeep_api::{Point, Scene};
use sdl3::keyboard::{Keycode, Scancode};

use super::layout::map_area;
use crate::front::keys::Key;

/// What the keyboard handling remembers between events.
#[derive(Debug, Default)]
pub(crate) struct KeyState {
    /// The digit a keypad key just pressed will also type, to be dropped.
    keypad_text: Option<char>,
}

impl KeyState {
    /// A key went down: the named key it stands for, if any.
    pub fn key_down(&mut self, keycode: Option<Keycode>, scancode: Option<Scancode>) -> Option<Key> {
        self.keypad_text = None;
        if let Some(n) = scancode.and_then(keypad_digit) {
            self.keypad_text = char::from_digit(n as u32, 10);
            return Some(Key::Numpad(n));
        }
        named_key(keycode?)
    }

    /// Text was typed: one `Char` key per printable character.
    pub fn text(&mut self, text: &str) -> Vec<Key> {
        let skip = self.keypad_text.take();
        let mut chars: Vec<char> = text.chars().filter(|c| !c.is_control()).collect();
        if skip.is_some() && chars.len() == 1 && chars.first().copied() == skip {
            chars.clear();
        }
        chars.into_iter().map(Key::Char).collect()
    }
}

/// The digit of a keypad digit key (1-9), by physical key so that Num Lock
/// does not matter.
fn keypad_digit(scancode: Scancode) -> Option<u8> {
    let n = match scancode {
        Scancode::Kp1 => 1,
        Scancode::Kp2 => 2,
        Scancode::Kp3 => 3,
        Scancode::Kp4 => 4,
        Scancode::Kp5 => 5,
        Scancode::Kp6 => 6,
        Scancode::Kp7 => 7,
        Scancode::Kp8 => 8,
        Scancode::Kp9 => 9,
        _ => return None,
    };
    Some(n)
}

/// The keys that have no text of their own.
fn named_key(keycode: Keycode) -> Option<Key> {
    let key = match keycode {
        Keycode::Up => Key::Up,
        Keycode::Down => Key::Down,
        Keycode::Left => Key::Left,
        Keycode::Right => Key::Right,
        Keycode::PageUp => Key::PageUp,
        Keycode::PageDown => Key::PageDown,
        Keycode::Home => Key::Home,
        Keycode::End => Key::End,
        Keycode::Tab => Key::Tab,
        Keycode::Return | Keycode::Return2 | Keycode::KpEnter => Key::Enter,
        Keycode::Escape => Key::Esc,
        _ => return function_key(keycode).map(Key::F),
    };
    Some(key)
}

fn function_key(keycode: Keycode) -> Option<u8> {
    const KEYS: [Keycode; 12] = [
        Keycode::F1,
        Keycode::F2,
        Keycode::F3,
        Keycode::F4,
        Keycode::F5,
        Keycode::F6,
        Keycode::F7,
        Keycode::F8,
        Keycode::F9,
        Keycode::F10,
        Keycode::F11,
        Keycode::F12,
    ];
    KEYS.iter().position(|&k| k == keycode).map(|i| i as u8 + 1)
}

/// Where the last drawn scene sat, to turn mouse positions into map cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct MapGeometry {
    pub origin: Point,
    pub width: i32,
    pub height: i32,
}

impl MapGeometry {
    pub fn of(scene: &Scene) -> Self {
        MapGeometry { origin: scene.origin, width: scene.width, height: scene.height }
    }

    /// The map cell under logical point (`x`, `y`), if it is a cell of the scene.
    pub fn cell_at(self, x: f32, y: f32, cell_size: u32) -> Option<Point> {
        if cell_size == 0 || !map_area().contains(x, y) {
            return None;
        }
        let size = cell_size as f32;
        let col = ((x - map_area().x as f32) / size).floor() as i32;
        let row = ((y - map_area().y as f32) / size).floor() as i32;
        let inside = col < self.width && row < self.height;
        inside.then(|| self.origin.offset(col, row))
    }
}
