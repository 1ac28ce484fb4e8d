//! The readied bow and the quiver, as they live in the host's per-entity
//! store, and what the records say of bows and missiles.
//!
//! The player's text key `bow` holds the kind of the readied bow; the text
//! key `quiver` the kind of the arrows in the quiver and the number key
//! `quiver_count` how many there are. The bow's numbers are read from its
//! record each time (`shot_min`, `shot_max`, `range` params); a missile that
//! can be thrown has `throwable = 1` and its damage in `thrown_min` and
//! `thrown_max` (or, for a weapon such as the dagger, `damage_min` and
//! `damage_max`); an arrow that can break has `break_one_in`.

use emberdeep_api::{Ctx, Damage, EntityId, ItemInfo};

/// The player's text store key for the readied bow's kind.
pub const BOW: &str = "bow";
/// The player's text store key for the quivered arrows' kind.
pub const QUIVER: &str = "quiver";
/// The player's number store key for how many arrows the quiver holds.
pub const QUIVER_COUNT: &str = "quiver_count";
/// The most arrows the quiver holds: the top of the range declared for
/// [`QUIVER_COUNT`], so a full quiver takes no more (the host refuses a
/// number outside it).
pub const MOST_IN_QUIVER: u32 = 9999;

/// A bow's record read for shooting: what its arrows do, and how far.
#[derive(Debug, Clone, PartialEq)]
pub struct BowStats {
    /// The arrows' damage before the target's defense.
    pub damage: Damage,
    /// How far it shoots, in steps.
    pub range: i32,
}

/// A bow record's numbers, if it has them.
pub fn bow_stats(info: &ItemInfo) -> Option<BowStats> {
    let (min, max) = (info.param("shot_min")?, info.param("shot_max")?);
    let range = info.param("range").unwrap_or(8);
    Some(BowStats { damage: Damage::new(min as i32, max.max(min) as i32), range: range as i32 })
}

/// Whether a record says its items can be thrown.
pub fn is_throwable(info: &ItemInfo) -> bool {
    info.param("throwable").unwrap_or(0) > 0
}

/// The damage a thrown item does: `thrown_min`/`thrown_max`, else a
/// weapon's `damage_min`/`damage_max`, else 1.
pub fn thrown_damage(info: &ItemInfo) -> Damage {
    let pair = |lo: &str, hi: &str| Some((info.param(lo)?, info.param(hi)?));
    let (min, max) = pair("thrown_min", "thrown_max").or_else(|| pair("damage_min", "damage_max")).unwrap_or((1, 1));
    Damage::new(min as i32, max.max(min) as i32)
}

/// One time in how many an item of this record breaks when shot; 0 never.
pub fn break_one_in(info: &ItemInfo) -> i32 {
    info.param("break_one_in").unwrap_or(0).max(0) as i32
}

/// The readied bow's record, if a bow is ready.
pub fn bow(ctx: &Ctx<'_>) -> Option<ItemInfo> {
    let kind = ctx.store_get_text(EntityId::PLAYER, BOW)?;
    ctx.item_info(&kind)
}

/// Readies the bow of kind `kind` (or none).
pub fn set_bow(ctx: &mut Ctx<'_>, kind: Option<&str>) {
    match kind {
        Some(kind) => ctx.store_set_text(EntityId::PLAYER, BOW, kind),
        None => ctx.store_remove(EntityId::PLAYER, BOW),
    }
}

/// The quivered arrows' record and count, if the quiver holds any.
pub fn quiver(ctx: &Ctx<'_>) -> Option<(ItemInfo, u32)> {
    let kind = ctx.store_get_text(EntityId::PLAYER, QUIVER)?;
    let count = ctx.store_get(EntityId::PLAYER, QUIVER_COUNT).unwrap_or(0);
    let info = ctx.item_info(&kind)?;
    (count > 0).then_some((info, count as u32))
}

/// Fills the quiver with `count` arrows of `kind` (at most
/// [`MOST_IN_QUIVER`]: callers take no more than there is room for), or
/// empties it.
pub fn set_quiver(ctx: &mut Ctx<'_>, arrows: Option<(&str, u32)>) {
    match arrows.map(|(kind, count)| (kind, count.min(MOST_IN_QUIVER))).filter(|(_, count)| *count > 0) {
        Some((kind, count)) => {
            ctx.store_set_text(EntityId::PLAYER, QUIVER, kind);
            ctx.store_set(EntityId::PLAYER, QUIVER_COUNT, count as i64);
        }
        None => {
            ctx.store_remove(EntityId::PLAYER, QUIVER);
            ctx.store_remove(EntityId::PLAYER, QUIVER_COUNT);
        }
    }
}

/// The quiver in words: "12 arrows", or `None` when it is empty.
pub fn quiver_text(ctx: &Ctx<'_>) -> Option<String> {
    quiver(ctx).map(|(info, count)| info.counted(count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::item_record;

    fn record(params: &[(&str, i64)]) -> ItemInfo {
        item_record("thing", "thing", "missile", params)
    }

    #[test]
    fn records_say_what_flies_how_far_and_what_breaks() {
        let short_bow = record(&[("shot_min", 2), ("shot_max", 7), ("range", 8)]);
        assert_eq!(bow_stats(&short_bow), Some(BowStats { damage: Damage::new(2, 7), range: 8 }));
        assert_eq!(bow_stats(&record(&[("damage_min", 2)])), None);
        let darts = record(&[("thrown_min", 1), ("thrown_max", 3), ("throwable", 1)]);
        assert!(is_throwable(&darts));
        assert_eq!(thrown_damage(&darts), Damage::new(1, 3));
        let dagger = record(&[("damage_min", 1), ("damage_max", 4), ("throwable", 1)]);
        assert_eq!(thrown_damage(&dagger), Damage::new(1, 4));
        assert!(!is_throwable(&short_bow));
        assert_eq!(break_one_in(&record(&[("break_one_in", 4)])), 4);
        assert_eq!(break_one_in(&darts), 0);
        assert_eq!(darts.counted(1), "a thing");
        assert_eq!(darts.counted(5), "5 things");
    }
}
