//! The names and the arithmetic the effects share.

use emberdeep_api::{Ctx, EntityId, ItemInfo, Point, DIRECTIONS};

/// Burning: fire each turn.
pub const BURNING: &str = "perils_burning";
/// Caustic: poison each turn.
pub const CAUSTIC: &str = "caustic";
/// Sickened: lichen's poison each turn.
pub const SICKENED: &str = "sickened";
/// Dazed: a monster staggers at random; the player staggers after a step.
pub const DAZED: &str = "dazed";
/// Paralyzed: every turn lost.
pub const STUPOR: &str = "stupor";
/// The brain a dazed monster thinks with.
pub const STAGGER_BRAIN: &str = "perils_staggering";
/// An item's store key: what detect magic found it to be.
pub const MAGIC_KEY: &str = "perils_magic";
/// [`MAGIC_KEY`]'s value for a good item.
pub const GOOD: i64 = 1;
/// [`MAGIC_KEY`]'s value for a bad item.
pub const BAD: i64 = 2;

/// The classes of item that hold magic, good unless their record says
/// `malevolent`.
pub const MAGIC_CLASSES: [&str; 6] = ["potion", "scroll", "wand", "staff", "ring", "charm"];

/// What an item of record `info` is to detect magic: [`BAD`] when its
/// record declares `malevolent` (a number above 0), [`GOOD`] when it
/// declares `benevolent` or is of a magic class, `None` for a plain thing
/// (a sword, arrows) that declares neither.
pub fn magic_of(info: &ItemInfo) -> Option<i64> {
    if info.param("malevolent").unwrap_or(0) > 0 {
        return Some(BAD);
    }
    if info.param("benevolent").unwrap_or(0) > 0 || MAGIC_CLASSES.contains(&info.class.as_str()) {
        return Some(GOOD);
    }
    None
}

/// The word a mark writes.
pub fn mark_word(magic: i64) -> Option<&'static str> {
    match magic {
        GOOD => Some("benevolent"),
        BAD => Some("malevolent"),
        _ => None,
    }
}

/// The eight cells round `p`, in the api's fixed order.
pub fn around(p: Point) -> impl Iterator<Item = Point> {
    DIRECTIONS.iter().map(move |&(dx, dy)| p.offset(dx, dy))
}

/// A record number of an item, held to `least..=most`, `default` if absent.
pub fn number(params: &impl Fn(&str) -> Option<i64>, name: &str, default: i64, least: i64, most: i64) -> i32 {
    params(name).unwrap_or(default).clamp(least, most) as i32
}

/// Every creature standing in the burst of `radius` round `center` (walls
/// shelter), the one at the centre first.
pub fn caught(ctx: &mut Ctx<'_>, center: Point, radius: i32) -> Vec<EntityId> {
    let mut cells = ctx.burst(center, radius);
    cells.sort_by_key(|p| (p.steps_to(center), p.y, p.x));
    cells.into_iter().filter_map(|p| ctx.creature_at(p)).collect()
}

/// `n` things: "one monster", "3 monsters".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("one {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(class: &str, params: &[(&str, i64)]) -> ItemInfo {
        let mut info = emberdeep_api::testing::item_record("thing", "thing", "detect", params);
        info.class = class.into();
        info
    }

    #[test]
    fn a_declared_malevolent_item_is_bad_a_magic_one_good_and_a_plain_one_nothing() {
        assert_eq!(magic_of(&info("potion", &[("malevolent", 1)])), Some(BAD));
        assert_eq!(magic_of(&info("potion", &[])), Some(GOOD));
        assert_eq!(magic_of(&info("scroll", &[("malevolent", 0)])), Some(GOOD));
        assert_eq!(magic_of(&info("weapon", &[])), None);
        assert_eq!(magic_of(&info("armor", &[("benevolent", 1)])), Some(GOOD));
        assert_eq!(mark_word(BAD), Some("malevolent"));
        assert_eq!(mark_word(GOOD), Some("benevolent"));
    }
}
