//! Small rules every plugin would otherwise write again.

/// Damage of one blow or missile: the roll less the defender's defense,
/// never below 1.
///
/// ```
/// assert_eq!(emberdeep_api::blow_damage(7, 2), 5);
/// assert_eq!(emberdeep_api::blow_damage(2, 9), 1);
/// ```
pub fn blow_damage(roll: i32, defense: i32) -> i32 {
    (roll - defense).max(1)
}

/// The name with "a" or "an" in front, as a sentence or the death screen
/// writes it ("a jackal", "an ogre"); empty stays empty.
///
/// ```
/// assert_eq!(emberdeep_api::with_article("ogre"), "an ogre");
/// assert_eq!(emberdeep_api::with_article("kobold"), "a kobold");
/// ```
pub fn with_article(name: &str) -> String {
    match name.chars().next() {
        None => String::new(),
        Some(c) if "aeiouAEIOU".contains(c) => format!("an {name}"),
        Some(_) => format!("a {name}"),
    }
}

/// "The jackal" for a monster's name as a sentence starts it, "You" for the player's.
pub fn the(name: &str) -> String {
    if name == "you" {
        "You".to_string()
    } else {
        format!("The {name}")
    }
}
