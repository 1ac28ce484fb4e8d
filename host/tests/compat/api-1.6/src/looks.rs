//! A creature's own name and look, and what a monster record says (api 1.6):
//! [`CreatureLook`], which a plugin builds in plain Rust and hands to
//! [`Ctx::spawn_as`](crate::Ctx::spawn_as) or
//! [`Ctx::set_look`](crate::Ctx::set_look), and [`MonsterInfo`], which
//! [`Ctx::monster_info`](crate::Ctx::monster_info) answers.
//!
//! Both are new `repr(C)` types of 1.6 and, as every type that crosses,
//! frozen from the release that brings them.

use abi_stable::{
    std_types::{ROption, RString},
    StableAbi,
};

use crate::types::{Damage, Look, Rgba};

/// A creature's own name and look, over its record's (since 1.6): "a risen
/// goblin" raised from the fallen, drawn as a pale `g`. Every part is
/// optional; a part left out is the record's.
///
/// Build it with [`CreatureLook::named`] (or [`CreatureLook::new`] for
/// none of the parts) and the methods that add one:
///
/// ```
/// use emberdeep_api::{CreatureLook, Rgba};
///
/// let risen = CreatureLook::named("risen goblin").glyph('g').color(Rgba::rgb(170, 200, 170));
/// assert_eq!(risen.name(), Some("risen goblin"));
/// assert_eq!(risen.plural_name().as_deref(), Some("risen goblins"), "the name and an s, unless given");
/// assert_eq!(risen.tile_name(), None, "the record's tile");
/// ```
///
/// The host checks a look when it is handed one, and refuses it whole, in
/// one line, changing nothing: a name that is blank, longer than
/// [`CreatureLook::MOST_NAME_CHARS`] or holds a control character; a
/// plural without a name; a glyph that is not a printable character; a
/// colour no one could see (alpha 0); a tile no tile sheet has.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq, Default)]
pub struct CreatureLook {
    /// How messages name one (`risen goblin`); empty: the record's.
    name: RString,
    /// How text names several (`risen goblins`); empty: the name with an
    /// `s`, or the record's when no name is given.
    plural: RString,
    /// The character the glyph view draws (a Unicode scalar value); 0: the record's.
    glyph: u32,
    /// Its colour, in both views; `None`: the record's.
    color: ROption<Rgba>,
    /// The atlas tile the tile view draws; empty: the record's.
    tile: RString,
}

impl CreatureLook {
    /// The most characters a name or a plural may have.
    pub const MOST_NAME_CHARS: usize = 40;

    /// A look with no part of its own: the record's name and look (handed
    /// to [`Ctx::set_look`](crate::Ctx::set_look), it gives them back).
    pub fn new() -> Self {
        CreatureLook::default()
    }

    /// A look named `name` (`"risen goblin"`), the rest the record's.
    pub fn named(name: &str) -> Self {
        CreatureLook { name: name.into(), ..CreatureLook::default() }
    }

    /// The same look with the plural `plural` (`"risen goblins"`).
    pub fn plural(mut self, plural: &str) -> Self {
        self.plural = plural.into();
        self
    }

    /// The same look drawn as `glyph` by the glyph view.
    pub fn glyph(mut self, glyph: char) -> Self {
        self.glyph = glyph as u32;
        self
    }

    /// The same look in `color`, in both views.
    pub fn color(mut self, color: Rgba) -> Self {
        self.color = ROption::RSome(color);
        self
    }

    /// The same look drawn as the atlas tile `tile` by the tile view.
    pub fn tile(mut self, tile: &str) -> Self {
        self.tile = tile.into();
        self
    }

    /// The name given, if any.
    pub fn name(&self) -> Option<&str> {
        Some(self.name.as_str()).filter(|n| !n.is_empty())
    }

    /// The plural: the one given, else the name given with an `s`; `None`
    /// when neither is given (the record's).
    pub fn plural_name(&self) -> Option<String> {
        match (self.plural.as_str(), self.name()) {
            ("", None) => None,
            ("", Some(name)) => Some(format!("{name}s")),
            (plural, _) => Some(plural.to_string()),
        }
    }

    /// The plural as given (empty: none given).
    pub fn plural_given(&self) -> Option<&str> {
        Some(self.plural.as_str()).filter(|p| !p.is_empty())
    }

    /// The glyph given, as its code (a plugin may hand any number; the
    /// host refuses one that is not a printable character).
    pub fn glyph_code(&self) -> Option<u32> {
        Some(self.glyph).filter(|&g| g != 0)
    }

    /// The glyph given, if it is a character at all.
    pub fn glyph_char(&self) -> Option<char> {
        self.glyph_code().and_then(char::from_u32)
    }

    /// The colour given, if any.
    pub fn color_given(&self) -> Option<Rgba> {
        self.color.into_option()
    }

    /// The tile given, if any.
    pub fn tile_name(&self) -> Option<&str> {
        Some(self.tile.as_str()).filter(|t| !t.is_empty())
    }

    /// Whether no part is given: the record's name and look.
    pub fn is_empty(&self) -> bool {
        *self == CreatureLook::default()
    }

    /// `base` (a record's look) with the parts given laid over it.
    pub fn over(&self, base: &Look) -> Look {
        Look {
            glyph: self.glyph_code().unwrap_or(base.glyph),
            color: self.color_given().unwrap_or(base.color),
            tile: self.tile_name().map_or_else(|| base.tile.clone(), RString::from),
        }
    }

    /// Why the host would refuse this look, in the words of its one line,
    /// leaving the tile to the host (which knows the sheets); `None` if
    /// nothing else is wrong. A plugin may ask before handing it.
    pub fn problem(&self) -> Option<String> {
        fn bad_name(what: &str, text: &str) -> Option<String> {
            if text.trim().is_empty() {
                return Some(format!("its {what} is blank"));
            }
            if text.chars().count() > CreatureLook::MOST_NAME_CHARS {
                return Some(format!("its {what} is longer than {} characters", CreatureLook::MOST_NAME_CHARS));
            }
            if text.chars().any(char::is_control) {
                return Some(format!("its {what} holds a control character"));
            }
            None
        }
        if !self.name.is_empty() {
            if let Some(why) = bad_name("name", &self.name) {
                return Some(why);
            }
        }
        if !self.plural.is_empty() {
            if self.name.is_empty() {
                return Some("it gives a plural without a name".into());
            }
            if let Some(why) = bad_name("plural", &self.plural) {
                return Some(why);
            }
        }
        if let Some(code) = self.glyph_code() {
            match char::from_u32(code) {
                Some(c) if !c.is_control() && !c.is_whitespace() => {}
                _ => return Some(format!("its glyph {code:#x} is not a printable character")),
            }
        }
        if self.color_given().is_some_and(|c| c.a == 0) {
            return Some("its colour has alpha 0, which no one could see".into());
        }
        if self.tile.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Some("its tile's name holds a space or a control character".into());
        }
        None
    }
}

/// A monster kind's record, as [`Ctx::monster_info`](crate::Ctx::monster_info)
/// reports it (since 1.6): a necromancer names what it raises from the
/// dead by it ("risen" and the fallen's name).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct MonsterInfo {
    /// The record id (`goblin`).
    pub id: RString,
    /// The name of one (`goblin`).
    pub name: RString,
    /// The name of several (monster records give none: the name with an `s`).
    pub plural: RString,
    /// How it looks (glyph, colour, atlas tile).
    pub look: Look,
    /// Its most health.
    pub hp: i32,
    /// Its blow, before the defender's defense.
    pub damage: Damage,
    /// Taken off every blow it suffers.
    pub defense: i32,
    /// How far it sees, in cells.
    pub sight: i32,
    /// Its side (`monsters`, or one a plugin declared).
    pub side: RString,
    /// The brain it thinks with (`melee`).
    pub brain: RString,
}

impl MonsterInfo {
    /// The glyph, as a character (`?` for a code that is none).
    pub fn glyph(&self) -> char {
        char::from_u32(self.look.glyph).unwrap_or('?')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_look_built_in_plain_rust_lays_only_its_own_parts_over_the_records() {
        let record = Look::new('g', Rgba::rgb(0, 200, 0), "monster_goblin");
        let none = CreatureLook::new();
        assert!(none.is_empty() && none.problem().is_none());
        assert_eq!(none.over(&record), record, "no part given: the record's look");
        assert_eq!((none.name(), none.plural_name()), (None, None));
        let risen = CreatureLook::named("risen goblin").color(Rgba::rgb(170, 200, 170));
        assert_eq!(risen.over(&record), Look::new('g', Rgba::rgb(170, 200, 170), "monster_goblin"));
        assert_eq!(risen.plural_name().as_deref(), Some("risen goblins"));
        let full = risen.clone().plural("the risen").glyph('G').tile("monster_zombie");
        assert_eq!(full.over(&record), Look::new('G', Rgba::rgb(170, 200, 170), "monster_zombie"));
        assert_eq!((full.plural_name().as_deref(), full.glyph_char()), (Some("the risen"), Some('G')));
        assert!(!full.is_empty() && full.problem().is_none());
    }

    #[test]
    fn a_look_the_host_would_refuse_says_why_in_words() {
        let why = |look: CreatureLook| look.problem().unwrap_or_default();
        assert_eq!(why(CreatureLook::named("   ")), "its name is blank");
        assert!(why(CreatureLook::named(&"a".repeat(41))).contains("longer than 40"));
        assert!(why(CreatureLook::named("bad\nname")).contains("control character"));
        assert_eq!(why(CreatureLook::new().plural("wolves")), "it gives a plural without a name");
        assert!(why(CreatureLook::named("wolf").glyph('\u{7}')).contains("not a printable character"));
        assert!(why(CreatureLook::named("wolf").glyph(' ')).contains("not a printable character"));
        assert!(why(CreatureLook::named("ghost").color(Rgba::rgb(1, 2, 3).with_alpha(0))).contains("alpha 0"));
        assert!(why(CreatureLook::new().tile("two words")).contains("tile"));
        assert_eq!(CreatureLook::named(&"a".repeat(40)).problem(), None, "40 characters are fine");
    }
}
