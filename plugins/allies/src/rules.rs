//! The allies' numbers and words, kept apart from the game so that they
//! are tested without one. Nothing here touches a [`Ctx`](emberdeep_api::Ctx).

use emberdeep_api::{EntityId, Point, DIRECTIONS};

/// The monster record the scroll calls (this plugin's own).
pub const SUMMONED_KIND: &str = "spirit_wolf";
/// Its plural in the log.
pub const SUMMONED_PLURAL: &str = "spirit wolves";

/// The brain of a captive in its shackles: it does nothing.
pub const SHACKLED_BRAIN: &str = "shackled";
/// The brain of every ally of this plugin: a summons' count of turns,
/// then a fight as `melee` fights.
pub const ALLY_BRAIN: &str = "companion";
/// The brain an ally fights with, registered by core_combat.
pub const FIGHTING_BRAIN: &str = "melee";

/// The key a summons' turns left are kept under, in its own store.
pub const TURNS_KEY: &str = "allies_turns";
/// The most turns a summons may be given (the key's declared range).
pub const MOST_TURNS: i64 = 1000;
/// On the player: captives freed this run.
pub const FREED_KEY: &str = "allies_freed";
/// On the player: spirit wolves called this run.
pub const CALLED_KEY: &str = "allies_called";
/// On the player: allies of this plugin that died this run.
pub const FALLEN_KEY: &str = "allies_fallen";
/// On the player (a text): the ids of this plugin's allies now in the
/// world, space-separated, so a death can be told an ally's.
pub const IDS_KEY: &str = "allies_ids";
/// The most any of the counts above may reach (the keys' declared range).
pub const MOST_COUNT: i64 = 1_000_000;

/// In an ally's own store: the experience its kills gave it.
pub const XP_KEY: &str = "allies_xp";
/// In an ally's own store: its level (1 while nothing is stored).
pub const LEVEL_KEY: &str = "allies_level";
/// The most experience an ally keeps (the key's declared range).
pub const MOST_XP: i64 = 1_000_000;
/// The highest level: one more than the thresholds.
pub const TOP_LEVEL: i64 = 4;

/// How allies grow: the plugin's settings, declared in `register` with
/// [`Growth::default`] as their defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Growth {
    /// The experience it takes in all to reach levels 2, 3 and 4.
    pub thresholds: [i64; 3],
    /// Most health gained (and healed) each level.
    pub hp: i64,
    /// Added to both ends of the blow each level.
    pub damage: i64,
}

impl Default for Growth {
    fn default() -> Self {
        Growth { thresholds: [10, 30, 60], hp: 4, damage: 1 }
    }
}

/// The setting: experience to reach level 2.
pub const GROW_XP_1: &str = "grow_xp_1";
/// The setting: experience to reach level 3.
pub const GROW_XP_2: &str = "grow_xp_2";
/// The setting: experience to reach level 4.
pub const GROW_XP_3: &str = "grow_xp_3";
/// The setting: most health gained each level.
pub const GROW_HP: &str = "grow_hp";
/// The setting: added to both ends of the blow each level.
pub const GROW_DAMAGE: &str = "grow_damage";
/// The settings' names, in the order of [`Growth::thresholds`], then the
/// health and the blow.
pub const GROWTH_SETTINGS: [&str; 5] = [GROW_XP_1, GROW_XP_2, GROW_XP_3, GROW_HP, GROW_DAMAGE];

impl Growth {
    /// Reads the settings through `setting`, with the defaults for any left out.
    pub fn from_settings(setting: impl Fn(&str) -> Option<i64>) -> Self {
        let d = Growth::default();
        let [a, b, c, hp, damage] = GROWTH_SETTINGS;
        Growth {
            thresholds: [
                setting(a).unwrap_or(d.thresholds[0]),
                setting(b).unwrap_or(d.thresholds[1]),
                setting(c).unwrap_or(d.thresholds[2]),
            ],
            hp: setting(hp).unwrap_or(d.hp),
            damage: setting(damage).unwrap_or(d.damage),
        }
    }

    /// The level `xp` experience reaches: 1, and one more for each
    /// threshold reached (a threshold below an earlier one counts once the
    /// earlier is reached: the levels come in order).
    pub fn level_for(&self, xp: i64) -> i64 {
        let mut level = 1;
        for &needed in &self.thresholds {
            if xp < needed {
                break;
            }
            level += 1;
        }
        level
    }

    /// The experience the next level needs, or `None` at the top level.
    pub fn next_threshold(&self, level: i64) -> Option<i64> {
        usize::try_from(level - 1).ok().and_then(|i| self.thresholds.get(i).copied())
    }
}

/// What a kill is worth to an ally: the victim's record's most health,
/// the top of its blow and twice its defense; at least 1 (the progression
/// plugin's measure of the player's kills).
pub fn worth(max_hp: i32, damage_max: i32, defense: i32) -> i64 {
    (i64::from(max_hp.max(0)) + i64::from(damage_max.max(0)) + 2 * i64::from(defense.max(0))).max(1)
}

/// The log line when an ally grows: `called` is how the host names it
/// ("your spirit wolf").
pub fn grew_line(called: &str, level: i64) -> String {
    format!("{} grows stronger (level {level}).", emberdeep_api::capitalized(called))
}

/// Allies one scroll calls when its record gives no `wolves`.
const DEFAULT_COUNT: i64 = 2;
/// Turns a summons stays when the record gives no `stay_turns`.
const DEFAULT_TURNS: i64 = 15;

/// The most allies the side panel names one by one.
pub const MOST_PANEL_ALLIES: usize = 6;

/// A scroll of summoning as its record describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    /// How many allies it calls, at most (the record's `wolves`, 1 to 8).
    pub count: usize,
    /// How many of its own turns each ally stays (the record's `stay_turns`).
    pub turns: i64,
}

impl Call {
    /// Reads the record's params through `param`, with a default for each one left out.
    pub fn from_params(param: impl Fn(&str) -> Option<i64>) -> Self {
        Call {
            count: param("wolves").unwrap_or(DEFAULT_COUNT).clamp(1, 8) as usize,
            turns: param("stay_turns").unwrap_or(DEFAULT_TURNS).clamp(1, MOST_TURNS),
        }
    }
}

/// The cells next to `at`, in the order the wolves take them: north
/// first, then round clockwise.
pub fn cells_around(at: Point) -> impl Iterator<Item = Point> {
    DIRECTIONS.into_iter().map(move |(dx, dy)| at.offset(dx, dy))
}

/// What a summons does on its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Its time is up: it leaves the world now.
    Fade,
    /// It acts, and then has this many turns left (`None`: no count, it stays).
    Act(Option<i64>),
}

/// This turn, for a creature with `left` turns (`None`: not counted).
pub fn turn(left: Option<i64>) -> Turn {
    match left {
        Some(left) if left <= 0 => Turn::Fade,
        Some(left) => Turn::Act(Some(left - 1)),
        None => Turn::Act(None),
    }
}

/// The topic of the question "free this captive?": the captive's id.
pub fn free_topic(id: EntityId) -> String {
    format!("free {}", id.0)
}

/// The captive a topic names, if it is one of ours.
pub fn topic_captive(topic: &str) -> Option<EntityId> {
    topic.strip_prefix("free ")?.parse().ok().map(EntityId)
}

/// The question asked when the player walks into a captive.
pub fn free_question(name: &str) -> String {
    format!("Free the captive {name}?")
}

/// The log line once freed.
pub fn freed_line(name: &str) -> String {
    format!("You break the {name}'s shackles. It joins you and will fight at your side.")
}

/// The log line when the player leaves it shackled.
pub fn left_line(name: &str) -> String {
    format!("You leave the {name} in its shackles.")
}

/// The log line after reading the scroll, when `called` of `name`s came.
pub fn called_line(name: &str, called: usize) -> String {
    match called {
        0 => "The scroll crumbles. Nothing answers: there is no room beside you.".to_string(),
        1 => format!("A {name} answers the call."),
        n => format!("{} {SUMMONED_PLURAL} answer the call.", number_word(n)),
    }
}

/// The log line when a summons the player sees fades away.
pub fn fade_line(name: &str) -> String {
    format!("Your {name} fades away.")
}

/// The log line when an ally the player sees dies.
pub fn fell_line(name: &str) -> String {
    format!("Your ally the {name} falls.")
}

/// One ally as the side panel names it: its name, its level, and its
/// health and most health while the player sees it (`None` out of sight: a
/// fight the player does not see is not told, in the log or here).
pub type PanelAlly = (String, i64, Option<(i32, i32)>);

/// The side panel's lines: `allies`, each with its health if in sight.
pub fn panel(allies: &[PanelAlly]) -> Vec<String> {
    if allies.is_empty() {
        return Vec::new();
    }
    let mut lines = vec![format!("Allies ({}):", allies.len())];
    for (name, level, health) in allies.iter().take(MOST_PANEL_ALLIES) {
        let level = if *level > 1 { format!(" L{level}") } else { String::new() };
        lines.push(match health {
            Some((hp, max)) => format!(" {name}{level} {}/{max}", (*hp).max(0)),
            None => format!(" {name}{level} (out of sight)"),
        });
    }
    if allies.len() > MOST_PANEL_ALLIES {
        lines.push(format!(" and {} more", allies.len() - MOST_PANEL_ALLIES));
    }
    lines
}

/// The morgue's line, from the run's counts; none if the run had no ally.
pub fn morgue(freed: i64, called: i64, fallen: i64) -> Option<String> {
    if freed == 0 && called == 0 {
        return None;
    }
    let mut parts = Vec::new();
    if freed > 0 {
        parts.push(format!("freed {freed} {}", if freed == 1 { "captive" } else { "captives" }));
    }
    if called > 0 {
        parts.push(format!("called {called} {}", if called == 1 { "spirit wolf" } else { SUMMONED_PLURAL }));
    }
    let fell = match fallen {
        0 => "none fell".to_string(),
        n => format!("{n} fell"),
    };
    Some(format!("Allies: {}; {fell}.", parts.join(", ")))
}

/// The ids in the text kept under [`IDS_KEY`] (anything unreadable skipped).
pub fn ids_of(text: &str) -> Vec<EntityId> {
    text.split_whitespace().filter_map(|w| w.parse().ok()).map(EntityId).collect()
}

/// The text kept under [`IDS_KEY`] for `ids`.
pub fn ids_text(ids: &[EntityId]) -> String {
    ids.iter().map(|id| id.0.to_string()).collect::<Vec<_>>().join(" ")
}

fn number_word(n: usize) -> String {
    const WORDS: [&str; 9] = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"];
    WORDS.get(n).map_or_else(|| n.to_string(), |w| w.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params<'a>(list: &'a [(&'a str, i64)]) -> impl Fn(&str) -> Option<i64> + 'a {
        move |name| list.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    #[test]
    fn the_record_gives_the_numbers_and_defaults_fill_in() {
        assert_eq!(Call::from_params(params(&[("wolves", 3), ("stay_turns", 5)])), Call { count: 3, turns: 5 });
        assert_eq!(Call::from_params(params(&[])), Call { count: 2, turns: 15 });
        assert_eq!(Call::from_params(params(&[("wolves", 50), ("stay_turns", 0)])), Call { count: 8, turns: 1 });
        assert_eq!(Call::from_params(params(&[("stay_turns", 1_000_000)])).turns, MOST_TURNS);
    }

    #[test]
    fn a_summons_acts_its_turns_then_fades_on_the_next() {
        let mut left = Some(15);
        let mut acted = 0;
        while let Turn::Act(next) = turn(left) {
            acted += 1;
            left = next;
        }
        assert_eq!(acted, 15);
        assert_eq!(turn(Some(-4)), Turn::Fade);
        assert_eq!(turn(None), Turn::Act(None), "one the scroll did not call stays");
    }

    #[test]
    fn a_topic_names_its_captive_and_nothing_else() {
        assert_eq!(topic_captive(&free_topic(EntityId(17))), Some(EntityId(17)));
        for other in ["", "free", "free x", "unfree 3", "free -1"] {
            assert_eq!(topic_captive(other), None, "{other}");
        }
    }

    #[test]
    fn the_panel_names_each_ally_with_its_health() {
        let allies = vec![
            ("spirit wolf".to_string(), 1, Some((8, 10))),
            ("goblin mercenary".to_string(), 2, Some((-2, 19))),
            ("dwarf fighter".to_string(), 3, None),
        ];
        assert_eq!(
            panel(&allies),
            ["Allies (3):", " spirit wolf 8/10", " goblin mercenary L2 0/19", " dwarf fighter L3 (out of sight)"]
        );
        assert!(panel(&[]).is_empty());
        let many: Vec<_> = (0..9).map(|i| (format!("wolf {i}"), 1, Some((1, 1)))).collect();
        let lines = panel(&many);
        assert_eq!(lines.len(), 1 + MOST_PANEL_ALLIES + 1);
        assert_eq!(lines.last().unwrap(), " and 3 more");
    }

    #[test]
    fn the_morgue_line_counts_the_run() {
        assert_eq!(morgue(0, 0, 0), None);
        assert_eq!(morgue(2, 0, 1).unwrap(), "Allies: freed 2 captives; 1 fell.");
        assert_eq!(morgue(1, 4, 0).unwrap(), "Allies: freed 1 captive, called 4 spirit wolves; none fell.");
        assert_eq!(morgue(0, 1, 1).unwrap(), "Allies: called 1 spirit wolf; 1 fell.");
    }

    #[test]
    fn the_ids_go_to_text_and_back() {
        let ids = [EntityId(3), EntityId(12)];
        assert_eq!(ids_of(&ids_text(&ids)), ids);
        assert_eq!(ids_of("4 x 9"), [EntityId(4), EntityId(9)]);
    }

    #[test]
    fn the_lines_read_well() {
        assert_eq!(called_line("spirit wolf", 2), "Two spirit wolves answer the call.");
        assert_eq!(called_line("spirit wolf", 1), "A spirit wolf answers the call.");
        assert!(called_line("spirit wolf", 0).starts_with("The scroll crumbles."));
        assert_eq!(free_question("goblin mercenary"), "Free the captive goblin mercenary?");
        assert_eq!(fade_line("spirit wolf"), "Your spirit wolf fades away.");
    }

    #[test]
    fn an_ally_grows_a_level_at_each_threshold_up_to_the_top() {
        let g = Growth::default();
        let levels: Vec<i64> = [0, 9, 10, 29, 30, 59, 60, 1000].iter().map(|&xp| g.level_for(xp)).collect();
        assert_eq!(levels, [1, 1, 2, 2, 3, 3, 4, 4]);
        assert_eq!(g.level_for(MOST_XP), TOP_LEVEL);
        assert_eq!((g.next_threshold(1), g.next_threshold(3), g.next_threshold(4)), (Some(10), Some(60), None));
        assert_eq!(g.next_threshold(0), None);
    }

    #[test]
    fn the_levels_come_in_order_whatever_the_settings() {
        let g = Growth { thresholds: [20, 5, 40], hp: 4, damage: 1 };
        assert_eq!(g.level_for(10), 1, "the second threshold counts only once the first is reached");
        assert_eq!(g.level_for(20), 3);
        let unreachable = Growth { thresholds: [MOST_XP + 1; 3], hp: 4, damage: 1 };
        assert_eq!(unreachable.level_for(MOST_XP), 1);
    }

    #[test]
    fn the_settings_give_the_growth_and_defaults_fill_in() {
        let set = params(&[("grow_xp_1", 5), ("grow_hp", 7)]);
        assert_eq!(Growth::from_settings(set), Growth { thresholds: [5, 30, 60], hp: 7, damage: 1 });
        assert_eq!(Growth::from_settings(params(&[])), Growth::default());
    }

    #[test]
    fn a_kill_is_worth_the_victims_numbers() {
        assert_eq!(worth(5, 3, 0), 8, "a jackal");
        assert_eq!(worth(9, 5, 1), 16, "a goblin");
        assert_eq!(worth(0, 0, -3), 1, "at least one");
        assert_eq!(grew_line("your spirit wolf", 2), "Your spirit wolf grows stronger (level 2).");
    }
}
