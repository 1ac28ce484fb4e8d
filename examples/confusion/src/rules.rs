//! The names and words of confusion, kept apart so they are tested
//! without a game.

/// The status a scroll puts on its victim.
pub const STATUS: &str = "confused";
/// The brain the status lends while it lasts.
pub const BRAIN: &str = "confused";

/// "The goblin looks confused."
pub fn confused_line(name: &str) -> String {
    format!("The {name} looks confused.")
}

/// "The goblin stumbles into the jackal." / "... into you."
pub fn bump_line(name: &str, other: &str, other_is_player: bool) -> String {
    if other_is_player {
        format!("The {name} stumbles into you.")
    } else {
        format!("The {name} stumbles into the {other}.")
    }
}

/// "The goblin is no longer confused."
pub fn recovered_line(name: &str) -> String {
    format!("The {name} is no longer confused.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_read_well() {
        assert_eq!(confused_line("goblin"), "The goblin looks confused.");
        assert_eq!(bump_line("goblin", "jackal", false), "The goblin stumbles into the jackal.");
        assert_eq!(bump_line("goblin", "you", true), "The goblin stumbles into you.");
        assert_eq!(recovered_line("goblin"), "The goblin is no longer confused.");
    }
}
