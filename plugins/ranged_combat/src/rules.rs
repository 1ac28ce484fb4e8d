//! The pure rules of fighting from afar: the chance to hit by distance and
//! the words of messages and killers. Damage after defense is the api's
//! [`blow_damage`](emberdeep_api::blow_damage), as is the article in a
//! killer's name ([`with_article`]). Nothing here reads the game, so all of
//! it is tested directly.

use emberdeep_api::{with_article, Ctx, Point};

/// The chance a missile hits, in percent, by distance in steps: `near`
/// within `near_steps`, then `step` less for each step further, never
/// below `min`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HitTable {
    /// The chance up close.
    pub near: i32,
    /// How far "up close" reaches, in steps.
    pub near_steps: i32,
    /// Taken off for each step further.
    pub step: i32,
    /// The chance never falls below this.
    pub min: i32,
}

impl HitTable {
    /// The hit table (docs/rules.md): 95% within 2 steps, 5% less each step further, at least 50%.
    pub const STANDARD: HitTable = HitTable { near: 95, near_steps: 2, step: 5, min: 50 };

    /// The table from the plugin's settings (`hit_near`, `hit_near_steps`,
    /// `hit_step`, `hit_min`), declared with the standard table's numbers
    /// as their defaults.
    pub fn from_settings(ctx: &Ctx<'_>) -> HitTable {
        HitTable {
            near: setting(ctx, "hit_near"),
            near_steps: setting(ctx, "hit_near_steps"),
            step: setting(ctx, "hit_step"),
            min: setting(ctx, "hit_min"),
        }
    }

    /// The chance to hit at `distance` steps, in percent.
    pub fn chance(&self, distance: i32) -> i32 {
        let further = (distance - self.near_steps).max(0);
        (self.near - self.step * further).max(self.min)
    }
}

/// A whole-number setting of this plugin: its records' number, else the
/// default declared in `register` (every one fits an `i32`: the host holds
/// it to the declared range).
pub fn setting(ctx: &Ctx<'_>, key: &str) -> i32 {
    ctx.setting_value(key) as i32
}

/// What the death screen says killed the player: "an archer's arrow".
pub fn killer(attacker: &str, what: &str) -> String {
    format!("{}'s {what}", with_article(attacker))
}

/// The text with its first letter in capitals (the api's, since 1.7).
pub use emberdeep_api::capitalized;

/// The character a missile flying from `from` toward `to` is drawn with in
/// the glyph view: `-`, `|`, `/` or `\`.
pub fn flight_glyph(from: Point, to: Point) -> char {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    // Within about 22.5 degrees of an axis the missile flies straight along it.
    if dy.abs() * 5 < dx.abs() * 2 {
        '-'
    } else if dx.abs() * 5 < dy.abs() * 2 {
        '|'
    } else if (dx > 0) == (dy > 0) {
        '\\'
    } else {
        '/'
    }
}

/// The side panel's line: "A short bow, 12 arrows", "A short bow, no
/// arrows", "No bow ready" (and the arrows if there are some).
pub fn bow_line(bow: Option<&str>, arrows: Option<&str>) -> String {
    match (bow, arrows) {
        (Some(bow), Some(arrows)) => format!("{}, {arrows}", capitalized(bow)),
        (Some(bow), None) => format!("{}, no arrows", capitalized(bow)),
        (None, Some(arrows)) => format!("No bow ready, {arrows}"),
        (None, None) => "No bow ready".to_string(),
    }
}

/// What an item's card says of its numbers (`ItemEffect::facts`): the
/// `<damage>_min`-`<damage>_max` roll ("Damage 2-7.") and the `range`
/// ("Range 8."), each where `param` gives it.
pub fn card_facts(param: impl Fn(&str) -> Option<i64>, damage: &str) -> Vec<String> {
    let roll = param(&format!("{damage}_min")).zip(param(&format!("{damage}_max")));
    let roll = roll.map(|(min, max)| format!("Damage {min}-{max}."));
    roll.into_iter().chain(param("range").map(|r| format!("Range {r}."))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_card_says_the_roll_and_the_range_the_record_gives() {
        let bow =
            |name: &str| [("shot_min", 2), ("shot_max", 7), ("range", 8)].iter().find(|p| p.0 == name).map(|p| p.1);
        assert_eq!(card_facts(bow, "shot"), ["Damage 2-7.", "Range 8."]);
        let darts = |name: &str| [("thrown_min", 1), ("thrown_max", 3)].iter().find(|p| p.0 == name).map(|p| p.1);
        assert_eq!(card_facts(darts, "thrown"), ["Damage 1-3."]);
        assert!(card_facts(darts, "shot").is_empty());
    }

    #[test]
    fn the_chance_falls_five_points_a_step_from_95_to_50() {
        let t = HitTable::STANDARD;
        let table: Vec<i32> = (1..=13).map(|d| t.chance(d)).collect();
        assert_eq!(table, [95, 95, 90, 85, 80, 75, 70, 65, 60, 55, 50, 50, 50]);
        assert_eq!((t.chance(2), t.chance(5), t.chance(8), t.chance(12)), (95, 80, 65, 50));
    }

    #[test]
    fn killers_and_panel_lines_read_as_english() {
        assert_eq!(killer("archer", "arrow"), "an archer's arrow");
        assert_eq!(killer("dusk-elf mage", "lightning"), "a dusk-elf mage's lightning");
        assert_eq!(killer("young red dragon", "fire"), "a young red dragon's fire");
        assert_eq!(bow_line(Some("a short bow"), Some("12 arrows")), "A short bow, 12 arrows");
        assert_eq!(bow_line(Some("a long bow"), None), "A long bow, no arrows");
        assert_eq!(bow_line(None, None), "No bow ready");
        assert_eq!(bow_line(None, Some("an arrow")), "No bow ready, an arrow");
    }

    #[test]
    fn a_missile_flies_as_its_line_slants() {
        let o = Point::new(10, 10);
        assert_eq!(flight_glyph(o, Point::new(15, 11)), '-');
        assert_eq!(flight_glyph(o, Point::new(9, 4)), '|');
        assert_eq!(flight_glyph(o, Point::new(13, 13)), '\\');
        assert_eq!(flight_glyph(o, Point::new(7, 13)), '/');
    }

    proptest! {
        #[test]
        fn the_chance_never_rises_with_distance_nor_leaves_its_bounds(d in 0..40i32) {
            let t = HitTable::STANDARD;
            prop_assert!(t.chance(d) >= 50 && t.chance(d) <= 95);
            prop_assert!(t.chance(d + 1) <= t.chance(d));
        }

        // Missiles and blows from afar do the api's damage after defense.
        #[test]
        fn damage_after_defense_is_at_least_one(roll in 0..30i32, defense in 0..10i32) {
            let d = emberdeep_api::blow_damage(roll, defense);
            prop_assert!(d >= 1);
            prop_assert_eq!(d, (roll - defense).max(1));
        }
    }
}
