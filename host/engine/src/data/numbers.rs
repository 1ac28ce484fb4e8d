//! The host's own balance numbers, read from `data/host/rules.toml`, with
//! the game's defaults for anything a file leaves out. [`SETTINGS`] is the
//! one table of them: name, default and the range the records reader
//! holds every value to, so a value out of range never reaches a run.

use std::collections::BTreeMap;

/// One host setting: its name, its default, and the values it may take.
#[derive(Debug, Clone, Copy)]
pub struct Setting {
    /// The key in `[settings]`.
    pub name: &'static str,
    /// The value when the file leaves it out.
    pub default: i64,
    /// The least value it may take.
    pub min: i64,
    /// The greatest value it may take.
    pub max: i64,
}

const fn setting(name: &'static str, default: i64, min: i64, max: i64) -> Setting {
    Setting { name, default, min, max }
}

/// Every host setting, with its default and range.
pub const SETTINGS: [Setting; 11] = [
    setting("player_hp", 30, 1, 10_000),
    setting("heal_every", 10, 1, 10_000),
    setting("fov_radius", 9, 1, 30),
    setting("pack_size", 26, 1, 26),
    setting("map_width", 80, 20, 250),
    setting("map_height", 45, 15, 250),
    setting("monsters_per_room", 2, 0, 20),
    setting("monsters_per_room_most", 4, 0, 20),
    setting("items_per_room", 1, 0, 20),
    setting("asleep_percent", 50, 0, 100),
    setting("notice_percent", 10, 0, 100),
];

/// The host's own balance numbers, from `data/host/rules.toml`.
#[derive(Debug, Clone)]
pub struct Numbers {
    /// The player's health at the start.
    pub player_hp: i32,
    /// The player heals 1 every this many turns while hurt.
    pub heal_every: u64,
    /// Field of view radius.
    pub fov_radius: i32,
    /// Pack slots.
    pub pack_size: usize,
    /// Map width.
    pub map_width: i32,
    /// Map height.
    pub map_height: i32,
    /// Most monsters per room on floor 1.
    pub monsters_per_room: i32,
    /// Most monsters per room on any floor, however deep.
    pub monsters_per_room_most: i32,
    /// Most items per room.
    pub items_per_room: i32,
    /// Chance in percent that a monster starts asleep.
    pub asleep_percent: i32,
    /// Chance in percent, each turn, that a sleeper with the player in sight wakes.
    pub notice_percent: i32,
}

impl Numbers {
    /// The rules from the host's settings (`None`: no host settings at all),
    /// with the defaults for anything missing. Values were held to their
    /// ranges when the records were read; one out of range here (a test's
    /// hand-made records) is brought into it.
    pub fn from_settings(settings: Option<&BTreeMap<String, i64>>) -> Numbers {
        let get = |name: &str| {
            let s = SETTINGS.iter().find(|s| s.name == name).expect("a host setting");
            settings.and_then(|m| m.get(name)).copied().unwrap_or(s.default).clamp(s.min, s.max)
        };
        Numbers {
            player_hp: get("player_hp") as i32,
            heal_every: get("heal_every") as u64,
            fov_radius: get("fov_radius") as i32,
            pack_size: get("pack_size") as usize,
            map_width: get("map_width") as i32,
            map_height: get("map_height") as i32,
            monsters_per_room: get("monsters_per_room") as i32,
            monsters_per_room_most: get("monsters_per_room_most") as i32,
            items_per_room: get("items_per_room") as i32,
            asleep_percent: get("asleep_percent") as i32,
            notice_percent: get("notice_percent") as i32,
        }
    }
}
