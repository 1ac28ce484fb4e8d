//! The pure rules of equipment: the damage of a blow from what is in hand,
//! and the words the side panel and the pack screen show. Nothing here reads
//! the game, so all of it is tested directly.

use emberdeep_api::{Damage, ItemInfo};

/// What the player wields and wears, worked out from the hand, the back and
/// the records, each time it is asked for (never stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outfit {
    /// The blow before the target's defense: weapon or fists, plus strength.
    pub damage: Damage,
    /// The armor's defense, 0 without armor.
    pub defense: i32,
    /// The weapon in hand with its article ("a long sword"), if any.
    pub weapon: Option<String>,
    /// The armor worn with its article, usually none ("plate armor"), if any.
    pub armor: Option<String>,
}

/// A weapon record's damage, from its `damage_min` and `damage_max` params.
pub fn weapon_damage(info: &ItemInfo) -> Option<Damage> {
    let (min, max) = (info.param("damage_min")?, info.param("damage_max")?);
    Some(Damage::new(min as i32, max.max(min) as i32))
}

/// An armor record's defense, from its `defense` param.
pub fn armor_defense(info: &ItemInfo) -> Option<i32> {
    info.param("defense").map(|d| d as i32)
}

/// How loud each step in this armor is (its `noise` param), 0 for quiet armor.
pub fn step_noise(info: &ItemInfo) -> i32 {
    info.param("noise").unwrap_or(0).max(0) as i32
}

/// What a weapon's card says of its numbers: "Damage 3-9.".
pub fn weapon_facts(info: &ItemInfo) -> Vec<String> {
    weapon_damage(info).map(|d| format!("Damage {}-{}.", d.min, d.max)).into_iter().collect()
}

/// What an armor's card says of its numbers: "Defense 5.", and for noisy
/// armor "Noisy: each step makes a noise of 6.".
pub fn armor_facts(info: &ItemInfo) -> Vec<String> {
    let defense = armor_defense(info).map(|d| format!("Defense {d}."));
    let noise = info.param("noise").map(|n| format!("Noisy: each step makes a noise of {n}."));
    defense.into_iter().chain(noise).collect()
}

/// The blow: the weapon's range, or the fists' when nothing is in hand, with
/// strength added to both ends. Neither end goes below 1.
pub fn blow(weapon: Option<Damage>, fists: Damage, strength: i32) -> Damage {
    let base = weapon.unwrap_or(fists);
    Damage::new((base.min + strength).max(1), (base.max + strength).max(1))
}

/// "the long sword", as messages about one particular item say it.
pub fn the_name(info: &ItemInfo) -> String {
    format!("the {}", info.name)
}

/// The side panel's lines: "Damage 3-9", "Defense 5", "Wielding a long
/// sword", "Wearing plate armor".
pub fn panel_lines(outfit: &Outfit) -> Vec<String> {
    let wielding = match &outfit.weapon {
        Some(weapon) => format!("Wielding {weapon}"),
        None => "Fighting with bare fists".to_string(),
    };
    let wearing = match &outfit.armor {
        Some(armor) => format!("Wearing {armor}"),
        None => "Wearing no armor".to_string(),
    };
    vec![
        format!("Damage {}-{}", outfit.damage.min, outfit.damage.max),
        format!("Defense {}", outfit.defense),
        wielding,
        wearing,
    ]
}

/// The pack screen's lines above the slots: "Wielding: a short sword",
/// "Wearing: plate armor".
pub fn header_lines(outfit: &Outfit) -> Vec<String> {
    let weapon = outfit.weapon.clone().unwrap_or_else(|| "nothing (bare fists)".to_string());
    let armor = outfit.armor.clone().unwrap_or_else(|| "nothing".to_string());
    vec![format!("Wielding: {weapon}"), format!("Wearing: {armor}")]
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::item_record;
    use proptest::prelude::*;

    fn record(name: &str, article: &str, params: &[(&str, i64)]) -> ItemInfo {
        let id = name.replace(' ', "_");
        ItemInfo { article: article.into(), ..item_record(&id, name, "melee_weapon", params) }
    }

    const FISTS: Damage = Damage::new(1, 2);

    #[test]
    fn a_long_sword_reads_3_9_and_fists_1_2() {
        let sword = record("long sword", "a", &[("damage_min", 3), ("damage_max", 9)]);
        assert_eq!(weapon_damage(&sword), Some(Damage::new(3, 9)));
        assert_eq!(blow(weapon_damage(&sword), FISTS, 0), Damage::new(3, 9));
        assert_eq!(blow(None, FISTS, 0), FISTS);
        assert_eq!(blow(None, FISTS, 2), Damage::new(3, 4));
        assert_eq!(weapon_damage(&record("stick", "a", &[("damage_min", 1)])), None);
    }

    #[test]
    fn armor_reads_its_defense_and_noise() {
        let plate = record("plate armor", "", &[("defense", 5), ("noise", 6)]);
        let leather = record("leather armor", "", &[("defense", 1)]);
        assert_eq!(armor_defense(&plate), Some(5));
        assert_eq!(step_noise(&plate), 6);
        assert_eq!(step_noise(&leather), 0);
    }

    #[test]
    fn the_cards_say_the_blow_the_defense_and_the_noise() {
        let sword = record("long sword", "a", &[("damage_min", 3), ("damage_max", 9)]);
        assert_eq!(weapon_facts(&sword), ["Damage 3-9."]);
        assert!(weapon_facts(&record("stick", "a", &[("damage_min", 1)])).is_empty());
        let plate = record("plate armor", "", &[("defense", 5), ("noise", 6)]);
        assert_eq!(armor_facts(&plate), ["Defense 5.", "Noisy: each step makes a noise of 6."]);
        assert_eq!(armor_facts(&record("leather armor", "", &[("defense", 1)])), ["Defense 1."]);
    }

    #[test]
    fn names_take_their_articles() {
        assert_eq!(record("long sword", "a", &[]).with_article(), "a long sword");
        assert_eq!(record("plate armor", "", &[]).with_article(), "plate armor");
        assert_eq!(the_name(&record("plate armor", "", &[])), "the plate armor");
    }

    #[test]
    fn the_panel_shows_damage_defense_hand_and_back() {
        let outfit = Outfit {
            damage: Damage::new(3, 9),
            defense: 5,
            weapon: Some("a long sword".into()),
            armor: Some("plate armor".into()),
        };
        assert_eq!(panel_lines(&outfit), ["Damage 3-9", "Defense 5", "Wielding a long sword", "Wearing plate armor"]);
        assert_eq!(header_lines(&outfit), ["Wielding: a long sword", "Wearing: plate armor"]);
        let bare = Outfit { damage: FISTS, defense: 0, weapon: None, armor: None };
        assert_eq!(panel_lines(&bare), ["Damage 1-2", "Defense 0", "Fighting with bare fists", "Wearing no armor"]);
        assert_eq!(header_lines(&bare), ["Wielding: nothing (bare fists)", "Wearing: nothing"]);
    }

    proptest! {
        // Strength shifts both ends alike, the range never turns over, and no end drops below 1.
        #[test]
        fn strength_adds_to_both_ends(min in 1..=20i32, spread in 0..=20i32, strength in -5..=10i32) {
            let weapon = Damage::new(min, min + spread);
            let d = blow(Some(weapon), FISTS, strength);
            prop_assert!(d.min >= 1 && d.min <= d.max);
            if min + strength >= 1 {
                prop_assert_eq!(d, Damage::new(min + strength, min + spread + strength));
            }
            let fists = blow(None, FISTS, strength);
            prop_assert_eq!(fists.max, (FISTS.max + strength).max(1));
        }
    }
}
