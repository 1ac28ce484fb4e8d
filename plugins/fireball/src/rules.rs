//! The pure rules of the fireball: its numbers, read from the scroll's
//! record, the aim it asks the host for, who is caught in a burst and in
//! what order, and the words of its messages. Nothing here touches the
//! game, so all of it is tested directly.

use emberdeep_api::{AimRequest, Damage, EntityId, Point};

/// What the death screen says when the reader burns in their own blast.
pub const KILLER: &str = "your own fireball";

/// The attack kind the trace gives every burn.
pub const KIND: &str = "fireball";

/// A scroll of fireball's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fireball {
    /// How far it flies, in steps (never past the cursor).
    pub range: i32,
    /// How far the burst reaches from its centre, in steps.
    pub radius: i32,
    /// What each creature in the burst takes, armor ignored.
    pub burn: Damage,
    /// The blast's noise at the centre.
    pub loudness: i32,
}

impl Fireball {
    /// The fireball of docs/rules.md: 8 steps, a burst of 2, 6-10, noise 15.
    pub const STANDARD: Fireball = Fireball { range: 8, radius: 2, burn: Damage::new(6, 10), loudness: 15 };

    /// The numbers from a record's params (`range`, `radius`, `burn_min`,
    /// `burn_max`, `loudness`), the standard ones for anything missing.
    /// Nonsense is made harmless: a range of at least 1, a radius and a
    /// loudness of at least 0, a maximum no lower than the minimum.
    pub fn from_params(param: impl Fn(&str) -> Option<i64>) -> Fireball {
        let s = Fireball::STANDARD;
        let get = |name: &str, default: i32| {
            param(name).map_or(default, |v| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32)
        };
        let min = get("burn_min", s.burn.min).max(0);
        Fireball {
            range: get("range", s.range).max(1),
            radius: get("radius", s.radius).max(0),
            burn: Damage::new(min, get("burn_max", s.burn.max).max(min)),
            loudness: get("loudness", s.loudness).max(0),
        }
    }

    /// How the host should aim it: a missile's flight (stopped by the first
    /// creature) that goes no further than the cursor, with the burst to
    /// preview around the end, and to ask about if the reader stands in it.
    pub fn request(&self) -> AimRequest {
        AimRequest { range: self.range, passes_through: false, burst_radius: self.radius, stops_at_cursor: true }
    }
}

/// What the scroll's card says of its numbers (`ItemEffect::facts`), as
/// its record gives them: "Damage 6-10.", "Range 8.", "Bursts 2 cells
/// around where it lands.".
pub fn card_facts(param: impl Fn(&str) -> Option<i64>) -> Vec<String> {
    let burn = param("burn_min").zip(param("burn_max")).map(|(min, max)| format!("Damage {min}-{max}."));
    let range = param("range").map(|r| format!("Range {r}."));
    let radius = param("radius").map(|r| format!("Bursts {r} cells around where it lands."));
    burn.into_iter().chain(range).chain(radius).collect()
}

/// Where a fireball flying `path` bursts: the path's last cell.
pub fn centre(path: &[Point]) -> Option<Point> {
    path.last().copied()
}

/// The creatures caught in a burst, in the order of its cells (row by row,
/// as the host gives them), each once, with where it stands.
pub fn caught(burst: &[Point], creature_at: impl Fn(Point) -> Option<EntityId>) -> Vec<(EntityId, Point)> {
    let mut found: Vec<(EntityId, Point)> = Vec::new();
    for &cell in burst {
        if let Some(id) = creature_at(cell) {
            if !found.iter().any(|(seen, _)| *seen == id) {
                found.push((id, cell));
            }
        }
    }
    found
}

/// The log line for one burn: `name` is the creature's (`None` for the
/// reader), `dealt` what it took, `kills` whether that was the end of it
/// (a monster's death is said; the player's is the death screen's to say).
pub fn burn_message(name: Option<&str>, dealt: i32, kills: bool) -> String {
    match name {
        None => format!("You are caught in your own fireball, for {dealt}!"),
        Some(name) if kills => format!("The fireball kills the {name}!"),
        Some(name) => format!("The fireball burns the {name} for {dealt}."),
    }
}

/// The look panel's lines about a fireball.
pub fn describe(f: &Fireball) -> [String; 3] {
    [
        format!("Burst: {}-{} each", f.burn.min, f.burn.max),
        format!("Reach: {} steps", f.radius),
        "Armor ignored".to_string(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn params(pairs: &'static [(&'static str, i64)]) -> impl Fn(&str) -> Option<i64> {
        move |name| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    #[test]
    fn the_card_says_the_burn_the_range_and_the_burst_the_record_gives() {
        let scroll = params(&[("range", 8), ("radius", 2), ("burn_min", 6), ("burn_max", 10), ("loudness", 15)]);
        assert_eq!(card_facts(scroll), ["Damage 6-10.", "Range 8.", "Bursts 2 cells around where it lands."]);
        assert_eq!(card_facts(params(&[("radius", 1)])), ["Bursts 1 cells around where it lands."]);
    }

    #[test]
    fn the_standard_fireball_is_the_record_and_the_defaults() {
        let record = params(&[("range", 8), ("radius", 2), ("burn_min", 6), ("burn_max", 10), ("loudness", 15)]);
        assert_eq!(Fireball::from_params(record), Fireball::STANDARD);
        assert_eq!(Fireball::from_params(params(&[])), Fireball::STANDARD);
        let f = Fireball::from_params(params(&[("radius", 3), ("burn_max", 12)]));
        assert_eq!((f.radius, f.burn, f.range), (3, Damage::new(6, 12), 8));
    }

    #[test]
    fn it_asks_to_stop_at_the_first_creature_and_the_cursor_with_its_burst() {
        let r = Fireball::STANDARD.request();
        assert_eq!(r, AimRequest { range: 8, passes_through: false, burst_radius: 2, stops_at_cursor: true });
    }

    #[test]
    fn each_creature_is_caught_once_in_the_order_of_the_cells() {
        let p = Point::new;
        let burst = [p(1, 1), p(2, 1), p(1, 2), p(2, 2), p(2, 1)];
        let at = |c: Point| match (c.x, c.y) {
            (2, 1) => Some(EntityId(7)),
            (1, 2) => Some(EntityId::PLAYER),
            _ => None,
        };
        assert_eq!(caught(&burst, at), [(EntityId(7), p(2, 1)), (EntityId::PLAYER, p(1, 2))]);
        assert_eq!(centre(&[p(3, 3), p(4, 4)]), Some(p(4, 4)));
        assert_eq!(centre(&[]), None);
    }

    #[test]
    fn messages_read_as_english() {
        assert_eq!(burn_message(None, 8, false), "You are caught in your own fireball, for 8!");
        assert_eq!(burn_message(Some("jackal"), 9, true), "The fireball kills the jackal!");
        assert_eq!(burn_message(Some("orc"), 6, false), "The fireball burns the orc for 6.");
        assert_eq!(describe(&Fireball::STANDARD), ["Burst: 6-10 each", "Reach: 2 steps", "Armor ignored"]);
    }

    proptest! {
        #[test]
        fn any_params_give_a_sane_fireball(range in -5..20i64, radius in -3..6i64, min in -4..30i64, max in -4..30i64, loud in -9..40i64) {
            let f = Fireball::from_params(move |n| match n {
                "range" => Some(range),
                "radius" => Some(radius),
                "burn_min" => Some(min),
                "burn_max" => Some(max),
                "loudness" => Some(loud),
                _ => None,
            });
            prop_assert!(f.range >= 1 && f.radius >= 0 && f.loudness >= 0);
            prop_assert!(f.burn.min >= 0 && f.burn.max >= f.burn.min);
        }
    }
}
