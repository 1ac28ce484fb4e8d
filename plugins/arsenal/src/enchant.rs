//! The scroll of enchanting, and the enchantment of what the player wears
//! and wields.
//!
//! Reading the scroll asks, one thing at a time, which to enchant: the
//! armor worn, the weapon in hand, then each staff, ring, charm, weapon and
//! armor in the pack, in slot order ("Enchant your +1 chain mail (worn)?").
//! `y` enchants it and uses the scroll up; `n` asks of the next; past the
//! last, the scroll is put away and no turn passes.
//!
//! Gear worn or wielded leaves the pack, and with it its identity: arsenal
//! keeps the level of what is on the back and in the hand in the player's
//! store (`arsenal_back_*`, `arsenal_hand_*`), learnt as the item is put
//! on (its level read as it leaves the pack) and given back to the item
//! that comes back into the pack when it is taken off or swapped.

use emberdeep_api::{Ctx, ItemEffect, ItemUse, MessageKind, PackEntry, PluginResult, UseOutcome};

use crate::items::{self, Sort, ME};
use crate::knowing;
use crate::rules::{self, CHARGES, LEVEL, MOST_LEVEL};

/// The player's store keys of what is worn and wielded.
#[derive(Debug, PartialEq, Eq)]
pub struct Place {
    /// The kind (text).
    pub kind: &'static str,
    /// Its level.
    pub plus: &'static str,
    /// What the derived number was when it was put on (defense, or the
    /// blow's width), to see it taken off.
    pub seen: &'static str,
    /// How the question names it.
    pub word: &'static str,
}

/// The armor on the back.
pub const BACK: Place =
    Place { kind: "arsenal_back_kind", plus: "arsenal_back_plus", seen: "arsenal_back_seen", word: "worn" };
/// The weapon in hand.
pub const HAND: Place =
    Place { kind: "arsenal_hand_kind", plus: "arsenal_hand_plus", seen: "arsenal_hand_seen", word: "in hand" };
/// The player's store keys of gear about to be put on.
pub const PENDING_KIND: &str = "arsenal_pending_kind";
/// Its level.
pub const PENDING_PLUS: &str = "arsenal_pending_plus";
/// The player's store key: the id of the scroll being read.
pub const SCROLL: &str = "arsenal_scroll";
/// The topic of the question.
pub const TOPIC: &str = "enchant";

/// The level of what is at `place`, 0 for nothing.
pub fn plus(ctx: &Ctx<'_>, place: &Place) -> i64 {
    ctx.store_get(ME, place.plus).unwrap_or(0)
}

/// The kind at `place`, as arsenal last saw it put there.
pub fn kind(ctx: &Ctx<'_>, place: &Place) -> Option<String> {
    ctx.store_get_text(ME, place.kind).filter(|k| !k.is_empty())
}

/// What `place`'s number is now: the defense (armor), or the width of the
/// blow (a weapon: strength moves both ends alike, a swap does not).
pub fn seen_now(ctx: &mut Ctx<'_>, place: &Place) -> i64 {
    if place.plus == BACK.plus {
        let base = ctx.base_numbers(ME).map_or(0, |c| c.defense);
        ctx.creature(ME).map_or(0, |c| c.defense - base).into()
    } else {
        ctx.player_damage().map_or(0, |d| (d.max - d.min).into())
    }
}

/// One thing the scroll may enchant.
#[derive(Debug, Clone, PartialEq)]
pub enum Candidate {
    /// What is worn or wielded, by its place.
    Gear(&'static Place, String),
    /// An item in the pack.
    Item(u32, PackEntry, Sort),
}

/// What the scroll may enchant now, in the order it asks.
pub fn candidates(ctx: &Ctx<'_>, scroll: Option<emberdeep_api::ItemId>) -> Vec<Candidate> {
    let mut out = Vec::new();
    for place in [&BACK, &HAND] {
        if let Some(kind) = kind(ctx, place) {
            out.push(Candidate::Gear(place, kind));
        }
    }
    for (slot, entry, sort) in items::sorted_pack(ctx) {
        if Some(entry.item) != scroll {
            out.push(Candidate::Item(slot, entry, sort));
        }
    }
    out
}

/// How the question names a candidate.
fn named(ctx: &mut Ctx<'_>, c: &Candidate) -> String {
    match c {
        Candidate::Gear(place, kind) => {
            let name = ctx.item_info(kind).map_or_else(|| kind.clone(), |i| i.name.to_string());
            format!("your {} {name} ({})", rules::signed(plus(ctx, place)), place.word)
        }
        Candidate::Item(_, entry, _) => {
            let shown = ctx.item_shown(entry);
            let suffix = entry_suffix(ctx, entry);
            format!("{shown}{suffix}")
        }
    }
}

fn entry_suffix(ctx: &Ctx<'_>, entry: &PackEntry) -> String {
    match Sort::of_kind(ctx, entry.kind.as_str()) {
        Some(s @ (Sort::Ring(_) | Sort::Charm(_) | Sort::Staff)) => {
            format!(" {}", rules::signed(items::level(ctx, entry.item, s)))
        }
        _ => String::new(),
    }
}

/// Asks of candidate number `at`, or puts the scroll away past the last.
fn ask(ctx: &mut Ctx<'_>, at: usize) -> bool {
    let scroll = ctx.store_get(ME, SCROLL).map(|n| emberdeep_api::ItemId(n as u32));
    let all = candidates(ctx, scroll);
    let Some(c) = all.get(at) else {
        ctx.say("You roll the scroll up again.");
        ctx.store_remove(ME, SCROLL);
        return false;
    };
    let what = named(ctx, c);
    ctx.ask(&format!("Enchant {what}? (y/n: n asks of the next)"), &format!("{TOPIC}:{at}"))
}

/// The effect named `enchanting`.
pub struct Enchanting;

impl ItemEffect for Enchanting {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        knowing::learn(ctx, item.kind.as_str());
        let id = item.item().ok_or("the scroll has no identity")?;
        if candidates(ctx, Some(id)).is_empty() {
            ctx.say("You have nothing the scroll could enchant.");
            return Ok(UseOutcome::NoTurn);
        }
        ctx.store_set(ME, SCROLL, id.0 as i64);
        ask(ctx, 0);
        Ok(UseOutcome::NoTurn)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Adds 1 to the level of one thing you choose.".into()])
    }
}

/// The player answered the question about candidate `at`. Returns whether
/// a turn passed.
pub fn answered(ctx: &mut Ctx<'_>, at: usize, yes: bool) -> PluginResult<bool> {
    if !yes {
        ask(ctx, at + 1);
        return Ok(false);
    }
    let Some(scroll) = ctx.store_get(ME, SCROLL).map(|n| emberdeep_api::ItemId(n as u32)) else { return Ok(false) };
    ctx.store_remove(ME, SCROLL);
    let all = candidates(ctx, Some(scroll));
    let Some(c) = all.get(at).cloned() else { return Ok(false) };
    let Some((slot, entry)) = items::pack(ctx).into_iter().find(|(_, e, _)| e.item == scroll).map(|(s, e, _)| (s, e))
    else {
        ctx.say("The scroll is gone.");
        return Ok(false);
    };
    let name = named(ctx, &c);
    let (kind, level) = match &c {
        Candidate::Gear(place, kind) => {
            let level = (plus(ctx, place) + 1).min(MOST_LEVEL);
            ctx.store_set(ME, place.plus, level);
            (kind.clone(), level)
        }
        Candidate::Item(_, item, sort) => {
            let level = (items::level(ctx, item.item, *sort) + 1).min(MOST_LEVEL);
            if *sort == Sort::Staff {
                let charges = items::charges(ctx, item.item);
                ctx.item_set(item.item, CHARGES, (charges + 1).min(level.max(0)));
            }
            ctx.item_set(item.item, LEVEL, level);
            (item.kind.to_string(), level)
        }
    };
    ctx.pack_take(slot, 1);
    ctx.message(&format!("Your {} glows: it is now {}.", strip(&name), rules::signed(level)), MessageKind::Good);
    ctx.event(
        "enchanted",
        &[("item", kind.as_str().into()), ("level", level.into()), ("scroll", entry.kind.as_str().into())],
    );
    Ok(true)
}

/// "your +1 chain mail (worn)" or "a staff of firebolt +2" without its
/// article or "your", for "Your ... glows".
fn strip(name: &str) -> String {
    let name = name.strip_prefix("your ").unwrap_or(name);
    let name = name.strip_prefix("a ").or_else(|| name.strip_prefix("an ")).unwrap_or(name);
    name.to_string()
}

/// The player is about to use `item` (a veto's question, asked while it is
/// still in the pack): if it is gear, note its level, which leaves the pack
/// with it.
pub fn about_to_use(ctx: &mut Ctx<'_>, item: &ItemUse) {
    if !matches!(Sort::of_kind(ctx, item.kind.as_str()), Some(Sort::Weapon | Sort::Armor)) {
        return;
    }
    let level = item.item().and_then(|id| ctx.item_get(id, LEVEL)).unwrap_or(0);
    ctx.store_set_text(ME, PENDING_KIND, item.kind.as_str());
    ctx.store_set(ME, PENDING_PLUS, level);
}

/// The player used `item` and a turn passed: if it was gear put on, what
/// is at its place now is it, with the level noted; what was there before
/// came back into the pack, and gets its level back.
pub fn used(ctx: &mut Ctx<'_>, item: &ItemUse) {
    let place = match Sort::of_kind(ctx, item.kind.as_str()) {
        Some(Sort::Armor) => &BACK,
        Some(Sort::Weapon) => &HAND,
        _ => return,
    };
    let pending = ctx.store_get_text(ME, PENDING_KIND);
    let level = ctx.store_get(ME, PENDING_PLUS).unwrap_or(0);
    ctx.store_remove(ME, PENDING_KIND);
    ctx.store_remove(ME, PENDING_PLUS);
    if pending.as_deref() != Some(item.kind.as_str()) {
        return;
    }
    give_back(ctx, place);
    ctx.store_set_text(ME, place.kind, item.kind.as_str());
    ctx.store_set(ME, place.plus, level);
    let seen = seen_now(ctx, place);
    ctx.store_set(ME, place.seen, seen);
}

/// What was at `place` came back into the pack (a swap, or taken off):
/// the item of its kind with no level of its own gets the level, and the
/// place is forgotten.
fn give_back(ctx: &mut Ctx<'_>, place: &Place) {
    let Some(kind) = kind(ctx, place) else { return };
    let level = plus(ctx, place);
    if level != 0 {
        let back = items::pack(ctx)
            .into_iter()
            .rev()
            .find(|(_, e, _)| e.kind.as_str() == kind && ctx.item_get(e.item, LEVEL).is_none());
        if let Some((_, e, _)) = back {
            ctx.item_set(e.item, LEVEL, level);
        }
    }
    for key in [place.kind, place.plus, place.seen] {
        ctx.store_remove(ME, key);
    }
}

/// Each turn: gear taken off with another plugin's key (its number
/// changed though nothing was put on) comes back with its level.
pub fn watch(ctx: &mut Ctx<'_>) {
    for place in [&BACK, &HAND] {
        if kind(ctx, place).is_none() {
            continue;
        }
        let was = ctx.store_get(ME, place.seen).unwrap_or(0);
        if seen_now(ctx, place) != was {
            give_back(ctx, place);
        }
    }
}
