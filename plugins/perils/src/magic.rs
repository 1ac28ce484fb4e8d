//! Detect magic: every item on the floor and in the pack that holds magic
//! is marked good or bad (the item's store key `perils_magic`), by what
//! its record declares, and the mark is written after its name (api 1.7's
//! `ItemNames::mark`) without naming its kind.

use emberdeep_api::{
    Ctx, ItemEffect, ItemId, ItemNames, ItemUse, Look, MessageKind, PackEntry, PluginResult, Point, Rgba, UseOutcome,
};

use crate::rules::{magic_of, mark_word, BAD, GOOD, MAGIC_KEY};

/// `detect_magic`: marks every item of the floor and the pack.
pub struct DetectMagic;

/// Marks `entry` by its record; returns what it is, if magic.
fn mark(ctx: &mut Ctx<'_>, entry: &PackEntry) -> Option<i64> {
    let magic = magic_of(&ctx.item_info(&entry.kind)?)?;
    ctx.item_set(entry.item, MAGIC_KEY, magic);
    Some(magic)
}

impl ItemEffect for DetectMagic {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let (mut good, mut bad) = (0, 0);
        let mut found = Vec::new();
        let (w, h) = ctx.map_size();
        let mut entries: Vec<PackEntry> = (0..26).filter_map(|s| ctx.pack_item(s)).collect();
        for y in 0..h {
            for x in 0..w {
                let here = ctx.items_at(Point::new(x, y));
                if !here.is_empty() {
                    found.push(Point::new(x, y));
                }
                entries.extend(here);
            }
        }
        let drunk: Option<ItemId> = item.item();
        for entry in entries.iter().filter(|e| Some(e.item) != drunk) {
            match mark(ctx, entry) {
                Some(GOOD) => good += 1,
                Some(BAD) => bad += 1,
                _ => {}
            }
        }
        if !found.is_empty() {
            ctx.animate(Look::new('*', Rgba::rgb(120, 160, 255), "burst"), &[], &found);
        }
        let line = if good + bad == 0 {
            "You sense no magic here.".to_string()
        } else {
            format!("You sense magic: {good} benevolent, {bad} malevolent. Your pack shows which.")
        };
        ctx.message(&line, MessageKind::Good);
        ctx.event("detect_magic", &[("good", good.into()), ("bad", bad.into())]);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Marks every magic item on the floor and in your pack benevolent or malevolent.".to_string()])
    }
}

/// The marks detect magic left, written after an item's name.
pub struct Marks;

impl ItemNames for Marks {
    fn mark(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let Some(id) = item.item() else { return Ok(None) };
        Ok(ctx.item_get(id, MAGIC_KEY).and_then(mark_word).map(str::to_string))
    }
}
