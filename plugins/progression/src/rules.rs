//! The numbers of progression, as pure functions of the settings.

/// The balance numbers, from the plugin's `[settings]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numbers {
    /// Experience of the first level up; each level after needs one step more.
    pub xp_step: i64,
    /// Most health gained each level.
    pub hp_per_level: i64,
    /// One strength every this many levels.
    pub strength_every: i64,
    /// The highest level.
    pub max_level: i64,
}

impl Default for Numbers {
    fn default() -> Self {
        Numbers { xp_step: 60, hp_per_level: 5, strength_every: 2, max_level: 20 }
    }
}

/// What a kill is worth: the victim's most health, the top of its blow and
/// twice its defense; at least 1.
pub fn worth(max_hp: i32, damage_max: i32, defense: i32) -> i64 {
    (max_hp.max(0) as i64 + damage_max.max(0) as i64 + 2 * defense.max(0) as i64).max(1)
}

impl Numbers {
    /// The experience it takes in all to reach `level` (0 for level 1).
    pub fn xp_for(&self, level: i64) -> i64 {
        let l = level.max(1);
        self.xp_step * (l - 1) * l / 2
    }

    /// The level `xp` experience reaches.
    pub fn level_for(&self, xp: i64) -> i64 {
        let mut level = 1;
        while level < self.max_level && xp >= self.xp_for(level + 1) {
            level += 1;
        }
        level
    }

    /// The strength a level gives: one every `strength_every` levels (level 3, 5, 7... with 2).
    pub fn strength_at(&self, level: i64) -> i64 {
        (level.max(1) - 1) / self.strength_every.max(1)
    }

    /// The side panel's line: "Level 3, 75/120 xp"; at the top level, no goal.
    pub fn panel_line(&self, level: i64, xp: i64) -> String {
        if level >= self.max_level {
            format!("Level {level}, {xp} xp")
        } else {
            format!("Level {level}, {xp}/{} xp", self.xp_for(level + 1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_take_one_step_more_each() {
        let n = Numbers::default();
        let needed: Vec<i64> = (1..=6).map(|l| n.xp_for(l)).collect();
        assert_eq!(needed, [0, 60, 180, 360, 600, 900]);
        assert_eq!(n.level_for(0), 1);
        assert_eq!(n.level_for(59), 1);
        assert_eq!(n.level_for(60), 2);
        assert_eq!(n.level_for(359), 3);
        assert_eq!(n.level_for(360), 4);
        assert_eq!(n.level_for(i64::MAX / 1000), 20, "the top level caps it");
    }

    #[test]
    fn strength_comes_every_other_level() {
        let n = Numbers::default();
        let s: Vec<i64> = (1..=7).map(|l| n.strength_at(l)).collect();
        assert_eq!(s, [0, 0, 1, 1, 2, 2, 3]);
    }

    #[test]
    fn kills_are_worth_their_numbers() {
        assert_eq!(worth(5, 3, 0), 8, "a jackal");
        assert_eq!(worth(24, 9, 2), 37, "an ogre");
        assert_eq!(worth(0, 0, 0), 1, "never nothing");
        assert_eq!(Numbers::default().panel_line(3, 215), "Level 3, 215/360 xp");
    }
}
