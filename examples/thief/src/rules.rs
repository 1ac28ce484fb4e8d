//! The thief's mind, the ledger of what was stolen and the words, kept
//! apart from the game so that they are tested without one. Nothing here
//! touches a [`Ctx`](emberdeep_api::Ctx): `lib.rs` reads the game, then asks
//! these functions what follows.

/// The key of the player's store (a text) listing the ids of the items
/// thieves took and the player has not had back, oldest first: `"7 12"`.
pub const STOLEN_KEY: &str = "thief_stolen";

/// The brain a thief fights with when cornered, registered by core_combat.
pub const FIGHTING_BRAIN: &str = "melee";

/// The most slots a pack has (the host's `pack_size` is 26 at most).
pub const PACK_SLOTS: u32 = 26;

/// What a thief does on its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Next to the player, hands empty, the pack not empty: take something.
    Steal,
    /// It carries loot and sees the player: get away.
    Flee,
    /// It carries loot and does not see the player: keep still, unseen.
    Hide,
    /// Anything else: as a `melee` monster would (come closer, or strike
    /// when the pack is empty).
    Fight,
}

/// The plan, from what the thief knows: whether it carries anything,
/// whether it is the player's enemy, next to the player, sees the player,
/// and whether the pack holds anything.
pub fn plan(carrying: bool, enemy: bool, next_to_player: bool, sees_player: bool, pack_empty: bool) -> Plan {
    match (carrying, sees_player) {
        (true, true) => Plan::Flee,
        (true, false) => Plan::Hide,
        (false, _) if enemy && next_to_player && !pack_empty => Plan::Steal,
        (false, _) => Plan::Fight,
    }
}

/// The ids in the ledger text (anything that is not a number is skipped).
pub fn ledger(text: Option<&str>) -> Vec<u32> {
    text.unwrap_or("").split_whitespace().filter_map(|w| w.parse().ok()).collect()
}

/// The ledger text with `id` added at the end (once).
pub fn with_stolen(text: Option<&str>, id: u32) -> String {
    let mut ids = ledger(text);
    if !ids.contains(&id) {
        ids.push(id);
    }
    join(&ids)
}

/// The ledger text without `id`.
pub fn without(text: Option<&str>, id: u32) -> String {
    let ids: Vec<u32> = ledger(text).into_iter().filter(|&i| i != id).collect();
    join(&ids)
}

fn join(ids: &[u32]) -> String {
    ids.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// The log line when a thief takes `what` ("wand of sparks", "12 arrows").
pub fn stole_line(thief: &str, what: &str) -> String {
    format!("The {thief} snatches your {what} and runs!")
}

/// The log line when the player picks up what a thief had taken.
pub fn recovered_line(what: &str) -> String {
    format!("You have your {what} back.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thief_steals_only_with_empty_hands_next_to_an_enemy_with_something_to_take() {
        assert_eq!(plan(false, true, true, true, false), Plan::Steal);
        assert_eq!(plan(false, true, false, true, false), Plan::Fight, "too far: comes closer");
        assert_eq!(plan(false, true, true, true, true), Plan::Fight, "nothing to take: strikes");
        assert_eq!(plan(false, false, true, true, false), Plan::Fight, "an ally takes nothing from the player");
    }

    #[test]
    fn with_loot_it_runs_while_seen_and_keeps_still_unseen() {
        assert_eq!(plan(true, true, true, true, false), Plan::Flee);
        assert_eq!(plan(true, true, false, false, true), Plan::Hide);
    }

    #[test]
    fn the_ledger_adds_once_and_takes_out() {
        let one = with_stolen(None, 7);
        assert_eq!(one, "7");
        let two = with_stolen(Some(&one), 12);
        assert_eq!(two, "7 12");
        assert_eq!(with_stolen(Some(&two), 7), "7 12");
        assert_eq!(ledger(Some(&two)), [7, 12]);
        assert_eq!(without(Some(&two), 7), "12");
        assert_eq!(without(Some("12"), 12), "");
        assert_eq!(ledger(Some("x 3 -1")), [3], "a damaged text gives what it can");
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(stole_line("thief", "wand of sparks"), "The thief snatches your wand of sparks and runs!");
        assert_eq!(recovered_line("12 arrows"), "You have your 12 arrows back.");
    }
}
