//! What a terrain is, by meaning (since 1.6): the traits a kind of terrain
//! declares, which rules ask instead of its name.
//!
//! A rule that lays a trap "on open ground" asks
//! [`Ctx::terrain_has`](crate::Ctx::terrain_has)`(p, GROUND)`, never
//! `terrain_at(p) == "floor"`: the caves plugin's ground, or any other
//! plugin's, is open ground too, and the rule keeps working beside them.
//! The host's own terrains carry the traits [`host_traits`] gives; a
//! plugin declares its terrain's with
//! [`TerrainSpec::traits`](crate::TerrainSpec::traits). A plugin may
//! also declare traits of its own (`holy`, `sticky`): any name of
//! lowercase letters, digits and `_`, at most [`MOST_CHARS`] long, at
//! most [`MOST_TRAITS`] to a terrain.

/// Open ground: a creature stands on it, an item lies on it, and a rule
/// may lay a trap, a pool or a monster there (the host's `floor`, a cave's
/// ground). Not a door, the stairs, a trap or water.
pub const GROUND: &str = "ground";
/// Wet: water, a pool, a bog.
pub const LIQUID: &str = "liquid";
/// Deep enough to swim or drown in (deep water): with [`LIQUID`].
pub const DEEP: &str = "deep";
/// Like a wall: it blocks steps and sight (the host's `wall`, cave rock).
pub const WALL: &str = "wall";
/// A digging bolt or a pick goes through it (the host's `wall`).
pub const DIGGABLE: &str = "diggable";
/// Fire catches on it (grass, wooden things).
pub const BURNABLE: &str = "burnable";
/// A door, open or shut.
pub const DOOR: &str = "door";
/// The way down.
pub const STAIRS: &str = "stairs";
/// Harm or hindrance to whoever steps on it (a trap, a net, deep water):
/// the time-savers go round the ones the player knows of.
pub const HAZARD: &str = "hazard";

/// Added in 1.7: an altar of a choice. An item lying on it or next to it
/// is an offering the player chooses by hand (taking one may bar the
/// others): auto-explore never picks such an item up nor walks to it, but
/// stops and says what it sees.
pub const CHOICE: &str = "choice";

// 1.7 (depths)

/// Lost to whoever walks onto it (lava burns a walker, a chasm drops it to
/// the floor below), with [`HAZARD`]: the host's monsters never step onto
/// it unless they fly, and a flier crosses it unharmed
/// ([`Ctx::flies`](crate::Ctx::flies)). Added in 1.7: an older host's
/// monsters walk onto it as onto any walkable terrain.
pub const DEADLY: &str = "deadly";

/// The most traits one terrain may declare.
pub const MOST_TRAITS: usize = 16;
/// The most characters of one trait's name.
pub const MOST_CHARS: usize = 24;

/// The traits of the host's own terrain `name` (`floor`: [`GROUND`]),
/// `None` for a name that is not the host's.
pub fn host_traits(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "floor" => &[GROUND],
        "wall" => &[WALL, DIGGABLE],
        "door_closed" | "door_open" => &[DOOR],
        "stairs_down" => &[STAIRS],
        _ => return None,
    })
}

/// Why `name` is not a trait a terrain may declare, or `None` if it may.
pub fn trait_refused(name: &str) -> Option<String> {
    if name.is_empty() {
        return Some("a trait with an empty name".into());
    }
    if name.chars().count() > MOST_CHARS {
        return Some(format!("a trait name longer than {MOST_CHARS} characters"));
    }
    if !name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
        return Some(format!(
            "the trait '{}' (only lowercase letters, digits and _)",
            name.chars().take(MOST_CHARS).collect::<String>()
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_s_floor_is_ground_and_its_wall_is_a_diggable_wall() {
        assert_eq!(host_traits("floor"), Some(&[GROUND][..]));
        assert_eq!(host_traits("wall"), Some(&[WALL, DIGGABLE][..]));
        assert!(host_traits("door_open").unwrap().contains(&DOOR));
        assert!(!host_traits("stairs_down").unwrap().contains(&GROUND), "nothing is laid on the stairs");
        assert_eq!(host_traits("caves_floor"), None, "not the host's");
    }

    #[test]
    fn trait_names_are_short_lowercase_words() {
        assert_eq!(trait_refused("ground"), None);
        assert_eq!(trait_refused("hot_2"), None);
        assert!(trait_refused("").is_some());
        assert!(trait_refused("Ground").is_some());
        assert!(trait_refused("open ground").is_some());
        assert!(trait_refused(&"x".repeat(MOST_CHARS + 1)).is_some());
    }
}
