//! Items on the floor by id (api 1.6), for the tests of `place_item_id`,
//! `items_at`, `item_stacks`, the hooks by id, `Floor::item` and the
//! store values a map piece's legend gives:
//!
//! * `P` lays a token where the player stands with `place_item_id`, keeps
//!   its id in the player's store, and traces `placed` (the id, the cell,
//!   the `mark` its `made` wrote) and `lying` (what `items_at` lists there,
//!   and whether the token is among it);
//! * picking anything up traces `pick_up_seen` and `picked_up_seen` with
//!   the id the hooks were handed, and whether it is the token `P` laid;
//! * `E` tries what must be refused (a cell off the map, a kind nobody
//!   has, a count of 0) and traces `refusals`;
//! * its level feature lays a token on the start of floor 2 (and asks for
//!   two items that must be skipped); on a new floor, every item with a
//!   `mark` is traced as `marked`, with its `label` if it has one.

use emberdeep_api::*;

const TOKEN: &str = "floor_items_token";
const PLACED_KEY: &str = "floor_items_placed";

struct Items;

/// Whether `item` is the one `P` laid.
fn is_placed(ctx: &mut Ctx<'_>, item: &PackEntry) -> bool {
    ctx.store_get(EntityId::PLAYER, PLACED_KEY) == Some(i64::from(item.item.0))
}

impl Hooks for Items {
    fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        Ok(vec![KeyHelp::new("P", "items", "lay a token by id")])
    }

    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        let here = ctx.player()?.pos;
        match key {
            'P' => {
                let Some((item, at)) = ctx.place_item_id(TOKEN, 1, here) else { return Ok(KeyAnswer::Done(false)) };
                ctx.store_set(EntityId::PLAYER, PLACED_KEY, i64::from(item.0));
                let mark = ctx.item_get(item, "mark").unwrap_or(-1);
                let id = i64::from(item.0);
                ctx.event("placed", &[("item", id.into()), ("x", at.x.into()), ("y", at.y.into()), ("mark", mark.into())]);
                let lying = ctx.items_at(at);
                let found = lying.iter().any(|e| e.item == item && e.kind.as_str() == TOKEN && e.count == 1);
                let stacks = ctx.item_stacks(TOKEN) == Some(false);
                ctx.event(
                    "lying",
                    &[("count", (lying.len() as i64).into()), ("found", found.into()), ("stacks_not", stacks.into())],
                );
                Ok(KeyAnswer::Done(false))
            }
            'E' => {
                let off = ctx.items_at(Point::new(-3, 900)).is_empty();
                let unknown = ctx.place_item_id("floor_items_nosuch", 1, here).is_none();
                let zero = ctx.place_item_id(TOKEN, 0, here).is_none();
                let nothing_here = ctx.items_at(here).is_empty();
                ctx.event(
                    "refusals",
                    &[
                        ("off_map_empty", off.into()),
                        ("unknown_kind", unknown.into()),
                        ("zero_count", zero.into()),
                        ("nothing_laid", nothing_here.into()),
                    ],
                );
                Ok(KeyAnswer::Done(false))
            }
            _ => Ok(KeyAnswer::Pass),
        }
    }

    fn pick_up_item(&self, ctx: &mut Ctx<'_>, item: &PackEntry) -> PluginResult<bool> {
        let same = is_placed(ctx, item);
        ctx.event("pick_up_seen", &[("item", i64::from(item.item.0).into()), ("same", same.into())]);
        Ok(false)
    }

    fn picked_up_item(&self, ctx: &mut Ctx<'_>, item: &PackEntry) -> PluginResult<()> {
        let same = is_placed(ctx, item);
        ctx.event("picked_up_seen", &[("item", i64::from(item.item.0).into()), ("same", same.into())]);
        Ok(())
    }

    fn floor_entered(&self, ctx: &mut Ctx<'_>, _floor: u32) -> PluginResult<()> {
        let (w, h) = ctx.map_size();
        let here = ctx.player()?.pos;
        let start: Vec<String> = ctx.items_at(here).iter().map(|e| e.kind.to_string()).collect();
        ctx.event("arrived", &[("start_items", start.join(",").as_str().into())]);
        for y in 0..h {
            for x in 0..w {
                for e in ctx.items_at(Point::new(x, y)) {
                    if let Some(mark) = ctx.item_get(e.item, "mark").filter(|m| *m != 1) {
                        let label = ctx.item_get_text(e.item, "label").unwrap_or_default();
                        ctx.event(
                            "marked",
                            &[("kind", e.kind.as_str().into()), ("mark", mark.into()), ("label", label.as_str().into())],
                        );
                    }
                }
            }
        }
        Ok(())
    }
}

/// The token's effect: nothing to use, but `made` marks it 1.
struct Marker;

impl ItemEffect for Marker {
    fn use_item(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.say("The token does nothing.");
        Ok(UseOutcome::NoTurn)
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        if let Some(id) = item.item() {
            ctx.item_set(id, "mark", 1);
        }
        Ok(())
    }
}

/// Lays a token on the start, and asks for two items that must be skipped.
struct Gift;

impl LevelFeature for Gift {
    fn shape(&self, floor: &mut Floor<'_>, _depth: u32) -> PluginResult<()> {
        let start = floor.start().ok_or("a feature is lent the start")?;
        floor.item(TOKEN, 1, start);
        floor.item("floor_items_nosuch", 1, start);
        floor.item(TOKEN, 0, start);
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.hooks(Items).item_effect("floor_items_marker", Marker).level_feature("floor_items_gift", 2, 2, Gift);
    reg.stored("mark", 0, 100).stored(PLACED_KEY, 0, i64::from(u32::MAX));
    reg.event("placed", &["item", "x", "y", "mark"]);
    reg.event("lying", &["count", "found", "stacks_not"]);
    reg.event("refusals", &["off_map_empty", "unknown_kind", "zero_count", "nothing_laid"]);
    reg.event("pick_up_seen", &["item", "same"]);
    reg.event("picked_up_seen", &["item", "same"]);
    reg.event("arrived", &["start_items"]);
    reg.event("marked", &["kind", "mark", "label"]);
    Ok(())
}

export_plugin!(register);
