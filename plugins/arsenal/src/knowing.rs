//! Unknown staffs and rings, as Brogue keeps them: a staff comes as "a
//! redwood staff", a ring as "a jade ring", until one of the kind is
//! zapped or put on (or another plugin's scroll makes the kind known).
//! What is known is the game's known kinds (api 1.6); the looks are
//! shuffled from the run's seed, never from its random numbers. Charms,
//! like Brogue's, are always known.
//!
//! The names: an enchanted weapon or armor is named with its level, "+2
//! chain mail", wherever the game names it.

use emberdeep_api::{Ctx, ItemNames, ItemUse, Look, MessageKind, PluginResult, Rgba};

use crate::items::{self, Sort, ME};
use crate::rules;

/// The player's store key: 1 once this run's staffs and rings were marked unknown.
pub const MARKED: &str = "arsenal_marked";

/// The woods staffs are made of, with their colours.
const WOODS: [(&str, [u8; 3]); 10] = [
    ("redwood", [170, 70, 50]),
    ("willow", [170, 190, 110]),
    ("teak", [160, 110, 60]),
    ("ebony", [90, 80, 90]),
    ("birch", [225, 220, 200]),
    ("mahogany", [130, 50, 40]),
    ("cedar", [200, 120, 80]),
    ("ashen", [190, 180, 160]),
    ("bone", [235, 230, 210]),
    ("yew", [120, 100, 50]),
];

/// The stones rings are set with, with their colours.
const STONES: [(&str, [u8; 3]); 10] = [
    ("jade", [90, 190, 120]),
    ("garnet", [170, 40, 60]),
    ("opal", [220, 220, 240]),
    ("onyx", [70, 70, 80]),
    ("amber", [230, 160, 50]),
    ("topaz", [240, 210, 90]),
    ("sapphire", [60, 90, 220]),
    ("amethyst", [160, 90, 210]),
    ("moonstone", [190, 200, 230]),
    ("bloodstone", [120, 30, 30]),
];

/// Whether kinds of this class come unknown.
fn hidden_class(class: &str) -> bool {
    matches!(class, "staff" | "ring")
}

/// Whether the player knows `kind` (every kind not marked unknown is known).
pub fn known(ctx: &mut Ctx<'_>, kind: &str) -> bool {
    ctx.kind_known(kind).unwrap_or(true)
}

/// Marks every staff and ring kind unknown, once a run.
pub fn mark(ctx: &mut Ctx<'_>) {
    if ctx.store_get(ME, MARKED) == Some(1) {
        return;
    }
    ctx.store_set(ME, MARKED, 1);
    for kind in ctx.item_kinds() {
        if ctx.item_info(&kind).is_some_and(|i| hidden_class(i.class.as_str())) {
            ctx.set_kind_known(&kind, false);
        }
    }
}

/// The player learns `kind` by using it ("It was a staff of firebolt.").
pub fn learn(ctx: &mut Ctx<'_>, kind: &str) {
    if known(ctx, kind) {
        return;
    }
    let Some(info) = ctx.item_info(kind) else { return };
    ctx.set_kind_known(kind, true);
    ctx.message(&format!("It is {}!", info.with_article()), MessageKind::Good);
}

/// A small, fixed mixing of the run's seed with a number.
fn mix(seed: u64, n: u64) -> u64 {
    let mut x = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The look number of `kind` among the kinds of its class, shuffled by the seed.
fn look_number(ctx: &mut Ctx<'_>, kind: &str, class: &str, looks: usize) -> usize {
    let mut kinds: Vec<String> =
        ctx.item_kinds().into_iter().filter(|k| ctx.item_info(k).is_some_and(|i| i.class.as_str() == class)).collect();
    kinds.sort();
    let seed = ctx.run_seed();
    let mut order: Vec<usize> = (0..looks).collect();
    // Fisher-Yates from the mixed seed.
    for i in (1..looks).rev() {
        let j = (mix(seed, i as u64 + if class == "ring" { 100 } else { 0 }) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    let at = kinds.iter().position(|k| k == kind).unwrap_or(0);
    order[at % looks]
}

/// The unknown look of `kind`: its name for one, for several, and its colour.
pub fn look_of(ctx: &mut Ctx<'_>, kind: &str) -> Option<(String, String, Rgba, &'static str)> {
    let info = ctx.item_info(kind)?;
    let class = info.class.to_string();
    if !hidden_class(&class) || known(ctx, kind) {
        return None;
    }
    let (table, noun, nouns, tile) = if class == "staff" {
        (&WOODS, "staff", "staffs", "arsenal_staff_unknown")
    } else {
        (&STONES, "ring", "rings", "arsenal_ring_unknown")
    };
    let (word, [r, g, b]) = table[look_number(ctx, kind, &class, table.len())];
    Some((format!("{word} {noun}"), format!("{word} {nouns}"), Rgba::rgb(r, g, b), tile))
}

/// How arsenal names items: unknown staffs and rings by their look, and
/// enchanted weapons and armor with their level.
pub struct Names;

impl ItemNames for Names {
    fn name(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32) -> PluginResult<Option<String>> {
        if let Some((one, several, _, _)) = look_of(ctx, item.kind.as_str()) {
            return Ok(Some(if count == 1 { one } else { several }));
        }
        let Some(id) = item.item() else { return Ok(None) };
        let Some(info) = ctx.item_info(item.kind.as_str()) else { return Ok(None) };
        let sort = Sort::of(&info);
        if !matches!(sort, Some(Sort::Weapon | Sort::Armor)) || ctx.item_get(id, rules::LEVEL).is_none() {
            return Ok(None);
        }
        let level = items::level(ctx, id, sort.unwrap_or(Sort::Weapon));
        let name = if count == 1 { &info.name } else { &info.plural };
        Ok(Some(format!("{} {name}", rules::signed(level))))
    }

    fn card(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        Ok(look_of(ctx, item.kind.as_str()).map(|(one, _, _, _)| unknown_card(&one)))
    }

    fn look(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<Look>> {
        Ok(look_of(ctx, item.kind.as_str()).map(|(one, _, color, tile)| {
            let glyph = if one.ends_with("staff") { '/' } else { '=' };
            Look::new(glyph, color, tile)
        }))
    }
}

/// The card of an unknown staff or ring shown as `one` ("ebony staff"):
/// "An ebony staff. Zap it to learn what it is.", "A jade ring. Put it on
/// to learn what it is."
fn unknown_card(one: &str) -> String {
    let article = if one.starts_with(['a', 'e', 'i', 'o', 'u']) { "An" } else { "A" };
    let how = if one.ends_with("staff") { "Zap it" } else { "Put it on" };
    format!("{article} {one}. {how} to learn what it is.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_staff_or_ring_s_card_reads_as_english() {
        assert_eq!(unknown_card("ebony staff"), "An ebony staff. Zap it to learn what it is.");
        assert_eq!(unknown_card("jade ring"), "A jade ring. Put it on to learn what it is.");
    }

    #[test]
    fn the_mixing_spreads_the_seeds() {
        assert_ne!(mix(1, 1), mix(2, 1));
        assert_ne!(mix(1, 1), mix(1, 2));
    }
}
