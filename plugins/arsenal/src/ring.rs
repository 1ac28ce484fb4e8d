//! Rings and charms: a ring is put on and taken off by using it (it stays
//! in the pack, marked worn); a charm is used at will, then rests.

use emberdeep_api::terrain_traits::{DEADLY, HAZARD};
use emberdeep_api::{Ctx, EntityId, ItemEffect, ItemUse, MessageKind, PluginResult, Point, UseOutcome};

use crate::items::{self, Sort, CHARM_POWERS, ME, RING_POWERS};
use crate::knowing;
use crate::rules::{self, LEVEL, WAIT, WORN};

/// The status a charm of protection's ward shows as.
pub const WARDED: &str = "charm_warded";
/// The player's store key: the harm the ward still takes.
pub const WARD: &str = "arsenal_ward";
/// Turns a ward lasts.
pub const WARD_TURNS: i32 = 20;
/// The status a charm of levitation gives: the player flies (api 1.7's
/// `status_flies`), over chasms, lava and deep water, whoever made them.
pub const FLOATING: &str = "arsenal_floating";
/// Turns a charm of levitation's flight lasts: 10 + 5 x level.
pub fn floating_turns(level: i64) -> i32 {
    (10 + 5 * level.max(1)).min(100) as i32
}
/// The fewest steps away a charm of teleportation sends the player, when
/// the floor has a cell that far.
pub const TELEPORT_AWAY: i32 = 10;

/// Where a charm of teleportation sends the player from `from`: a free
/// cell one can stand on, neither `deadly` (a chasm, lava) nor a known
/// `hazard` (a trap), at least [`TELEPORT_AWAY`] steps away when the floor
/// has one (one roll of the run's dice among them), else the farthest.
fn teleport_cell(ctx: &mut Ctx<'_>, from: Point) -> Option<Point> {
    let (w, h) = ctx.map_size();
    let cells: Vec<Point> = (1..h - 1)
        .flat_map(|y| (1..w - 1).map(move |x| Point::new(x, y)))
        .filter(|&p| ctx.is_free(p) && ctx.is_walkable(p) && !ctx.terrain_has(p, DEADLY) && !ctx.terrain_has(p, HAZARD))
        .collect();
    let far: Vec<Point> = cells.iter().copied().filter(|p| from.steps_to(*p) >= TELEPORT_AWAY).collect();
    if far.is_empty() {
        return cells.into_iter().max_by_key(|p| (from.steps_to(*p), -p.y, -p.x));
    }
    Some(far[ctx.roll(0, far.len() as i32 - 1) as usize])
}

/// The effect named `arsenal_ring`.
pub struct Ring;

fn ring_sort(ctx: &Ctx<'_>, item: &ItemUse) -> Option<(usize, emberdeep_api::ItemId)> {
    match Sort::of_kind(ctx, item.kind.as_str())? {
        Sort::Ring(power) => Some((power, item.item()?)),
        _ => None,
    }
}

impl ItemEffect for Ring {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let (power, id) = ring_sort(ctx, item).ok_or("the ring's record has no power param, or it has no identity")?;
        if items::worn(ctx, id) {
            ctx.item_set(id, WORN, 0);
            let name = ctx.item_shown(&emberdeep_api::PackEntry { kind: item.kind.clone(), count: 1, item: id });
            ctx.say(&format!("You take off {name}."));
            return Ok(UseOutcome::Kept);
        }
        let most = ctx.setting_value("rings_worn").max(0) as usize;
        if items::rings_worn(ctx) >= most {
            ctx.say(&format!("You already wear {most} rings: take one off first."));
            return Ok(UseOutcome::NoTurn);
        }
        ctx.item_set(id, WORN, 1);
        knowing::learn(ctx, item.kind.as_str());
        let level = items::level(ctx, id, Sort::Ring(power));
        let name = ctx.item_shown(&emberdeep_api::PackEntry { kind: item.kind.clone(), count: 1, item: id });
        if level < 0 {
            ctx.message(&format!("You put on {name}. It feels wrong: it is cursed."), MessageKind::Danger);
        } else {
            ctx.say(&format!("You put on {name}."));
        }
        if RING_POWERS[power] == "clairvoyance" && level > 0 {
            ctx.reveal_map();
            ctx.message("The floor's map unfolds in your mind.", MessageKind::Good);
        }
        ctx.event("ring", &[("ring", item.kind.as_str().into()), ("level", level.into()), ("worn", true.into())]);
        Ok(UseOutcome::Kept)
    }

    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let Some((power, id)) = ring_sort(ctx, item) else { return Ok(None) };
        let worn = if items::worn(ctx, id) { " (worn)" } else { "" };
        if !knowing::known(ctx, item.kind.as_str()) {
            return Ok((!worn.is_empty()).then(|| worn.trim().to_string()));
        }
        Ok(Some(format!("{}{worn}", rules::signed(items::level(ctx, id, Sort::Ring(power))))))
    }

    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let Some((_, id)) = ring_sort(ctx, item) else { return Ok(Vec::new()) };
        let worn = if items::worn(ctx, id) { "Worn: use it to take it off." } else { "Use it to put it on." };
        Ok(vec![worn.to_string()])
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let Some(id) = item.item() else { return Ok(()) };
        let level = i64::from(ctx.roll(1, 3));
        let level = if ctx.one_in(4) { -level } else { level };
        ctx.item_set(id, LEVEL, level);
        Ok(())
    }
}

/// The effect named `arsenal_charm`.
pub struct Charm;

fn charm_sort(ctx: &Ctx<'_>, item: &ItemUse) -> Option<(usize, emberdeep_api::ItemId)> {
    match Sort::of_kind(ctx, item.kind.as_str())? {
        Sort::Charm(power) => Some((power, item.item()?)),
        _ => None,
    }
}

/// A charm's turns of rest at its level, from its record.
fn rest(item: &ItemUse, level: i64) -> i64 {
    rules::charm_turns(item.param_or("recharge", 300), item.param_or("recharge_step", 20), level)
}

impl ItemEffect for Charm {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let (power, id) =
            charm_sort(ctx, item).ok_or("the charm's record has no power param, or it has no identity")?;
        let wait = items::wait(ctx, id);
        if wait > 0 {
            ctx.say(&format!("The charm is still recharging ({} turns).", (wait + 9) / 10));
            return Ok(UseOutcome::NoTurn);
        }
        let level = items::level(ctx, id, Sort::Charm(power));
        match CHARM_POWERS[power] {
            "health" => {
                let healed = ctx.heal(ME, rules::charm_heal(level));
                ctx.message(&format!("The charm glows warm: you feel better (+{healed})."), MessageKind::Good);
            }
            "protection" => {
                ctx.store_set(ME, WARD, rules::ward(level));
                ctx.add_status(ME, WARDED, WARD_TURNS);
                ctx.message("A shimmering ward wraps around you.", MessageKind::Good);
            }
            "teleportation" => {
                let from = ctx.creature(ME).map(|c| c.pos).ok_or("the player is not on the floor")?;
                match teleport_cell(ctx, from) {
                    Some(to) if ctx.place(ME, to) => {
                        ctx.message("The charm flares: you are somewhere else on the floor.", MessageKind::Good);
                    }
                    _ => ctx.say("The charm flickers: there is nowhere to go."),
                }
            }
            "levitation" => {
                ctx.add_status(ME, FLOATING, floating_turns(level));
                ctx.message("The charm lifts you off the ground: you float.", MessageKind::Good);
            }
            "negation" => {
                // Every creature in sight and the player: each status ends,
                // the ward of this plugin's charm of protection too.
                let mut who: Vec<EntityId> = vec![ME];
                who.extend(
                    ctx.floor_creatures().iter().filter(|c| !c.id.is_player() && ctx.is_visible(c.pos)).map(|c| c.id),
                );
                let mut ended = 0;
                for id in who {
                    for status in ctx.statuses(id) {
                        if ctx.remove_status(id, status.name.as_str()) {
                            ended += 1;
                        }
                    }
                }
                ctx.message(
                    &format!("A wave of stillness spreads from the charm ({ended} spells undone)."),
                    MessageKind::Good,
                );
            }
            _ => {
                let mut filled = 0;
                for (_, entry, sort) in items::sorted_pack(ctx) {
                    if sort == Sort::Staff {
                        let l = items::level(ctx, entry.item, sort).max(0);
                        ctx.item_set(entry.item, rules::CHARGES, l);
                        ctx.item_set(entry.item, WAIT, 0);
                        filled += 1;
                    }
                }
                ctx.message(&format!("Your staffs hum with power ({filled} filled)."), MessageKind::Good);
            }
        }
        ctx.item_set(id, WAIT, rest(item, level) * 10);
        ctx.event("charm", &[("charm", item.kind.as_str().into()), ("level", level.into())]);
        Ok(UseOutcome::Kept)
    }

    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let Some((power, id)) = charm_sort(ctx, item) else { return Ok(None) };
        let level = rules::signed(items::level(ctx, id, Sort::Charm(power)));
        let wait = items::wait(ctx, id);
        Ok(Some(if wait > 0 { format!("{level} (rests {})", (wait + 9) / 10) } else { format!("{level} (ready)") }))
    }

    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let Some((power, id)) = charm_sort(ctx, item) else { return Ok(Vec::new()) };
        let level = items::level(ctx, id, Sort::Charm(power));
        let what = match CHARM_POWERS[power] {
            "health" => format!("Heals {}.", rules::charm_heal(level)),
            "protection" => format!("A ward that takes {} harm, for {WARD_TURNS} turns.", rules::ward(level)),
            "teleportation" => format!("Takes you to a spot of the floor at least {TELEPORT_AWAY} steps away, never into a chasm, lava or a known trap."),
            "levitation" => format!("You float for {} turns: over chasms, lava and deep water.", floating_turns(level)),
            "negation" => "Ends every spell on you and on every creature you see.".to_string(),
            _ => "Fills every staff you carry.".to_string(),
        };
        Ok(vec![what, format!("Rests {} turns after use.", rest(item, level))])
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        if let Some(id) = item.item() {
            ctx.item_set(id, LEVEL, 1);
        }
        Ok(())
    }
}
