//! The host's own balance numbers, read from `data/host/rules.toml`, with
//! the game's defaults for anything a file leaves out.

use std::collections::BTreeMap;

use crate::records::Records;

/// The host's own balance numbers, from `data/host/rules.toml`.
#[derive(Debug, Clone)]
pub struct Rules {
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
    /// Most items per room.
    pub items_per_room: i32,
    /// Chance in percent that a monster starts asleep.
    pub asleep_percent: i32,
    /// Chance in percent, each turn, that a sleeper with the player in sight wakes.
    pub notice_percent: i32,
}

impl Rules {
    /// The rules from the host's settings, with the game's defaults for anything missing.
    pub fn from_records(records: &Records) -> Rules {
        let empty = BTreeMap::new();
        let s = records.settings.get("host").unwrap_or(&empty);
        let get = |k: &str, d: i64| s.get(k).copied().unwrap_or(d);
        Rules {
            player_hp: get("player_hp", 30) as i32,
            heal_every: get("heal_every", 10).max(1) as u64,
            fov_radius: get("fov_radius", 9) as i32,
            pack_size: get("pack_size", 26).clamp(1, 26) as usize,
            map_width: get("map_width", 80) as i32,
            map_height: get("map_height", 45) as i32,
            monsters_per_room: get("monsters_per_room", 2) as i32,
            items_per_room: get("items_per_room", 1) as i32,
            asleep_percent: get("asleep_percent", 50) as i32,
            notice_percent: get("notice_percent", 10) as i32,
        }
    }
}
