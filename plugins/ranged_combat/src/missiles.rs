//! The player's missiles: readying a bow, filling the quiver, firing an
//! arrow (`f`), throwing a dart or a dagger (`t`), and what happens to a
//! missile in flight: the first creature on its path is hit with the
//! chance its distance gives, and the missile lands where it stopped
//! unless it is an arrow that breaks.

use emberdeep_api::{
    blow_damage, AimRequest, Attack, Ctx, Damage, EntityId, FieldValue, ItemEffect, ItemInfo, ItemUse, KeyAnswer, Look,
    MessageKind, PluginResult, Point, UseOutcome,
};

use crate::gear::{self, BowStats};
use crate::rules::{capitalized, card_facts, flight_glyph, setting, HitTable};

/// The effect named `bow` in bow records: using a bow readies it, and a
/// shot aimed with `f` fires an arrow from the quiver with it.
pub struct Bow;

/// The effect named `quiver` in arrow records: using arrows fills the
/// quiver; their card adds how a pick-up fills it, and that they are not thrown.
pub struct Quiver;

/// The effect named `throw`: darts are only thrown (`t`), and whatever `t`
/// aims, a dart or a dagger, is thrown by this effect.
pub struct Throw;

impl ItemEffect for Bow {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        ready_bow(ctx, item)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(card_facts(|name| item.param(name), "shot"))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], target: Point) -> PluginResult<UseOutcome> {
        let bow = ctx.item_info(&item.kind).ok_or("the readied bow has no record")?;
        let stats = gear::bow_stats(&bow).ok_or("the readied bow's record has no shot_min and shot_max")?;
        let Some((arrows, count)) = gear::quiver(ctx) else {
            ctx.message("Your quiver is empty.", MessageKind::Info);
            return Ok(UseOutcome::NoTurn);
        };
        gear::set_quiver(ctx, Some((arrows.id.as_str(), count - 1)));
        ctx.message(&format!("You shoot {}.", arrows.counted(1)), MessageKind::Info);
        let look = Look::new('\0', arrows.look.color, "arrow_flight");
        fly(ctx, &Missile { info: arrows, damage: stats.damage, look, range: stats.range }, path, target);
        Ok(UseOutcome::Kept)
    }

    fn describe_target(&self, ctx: &mut Ctx<'_>, item: &ItemUse, target: EntityId) -> PluginResult<Vec<String>> {
        let bow = ctx.item_info(&item.kind).ok_or("the readied bow has no record")?;
        let damage = gear::bow_stats(&bow).map_or(Damage::new(0, 0), |s| s.damage);
        Ok(odds(ctx, target, damage))
    }
}

impl ItemEffect for Quiver {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        fill_quiver(ctx, item)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec![
            "Using them fills the quiver; a ready bow fires them from it.".into(),
            "Picked up, they go straight to the quiver if it holds their kind, or is empty with a bow ready.".into(),
            "Not for throwing.".into(),
        ])
    }
}

impl ItemEffect for Throw {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let text = format!("{} are for throwing: press t to throw one.", capitalized(&item_plural(ctx, item)));
        ctx.message(&text, MessageKind::Info);
        Ok(UseOutcome::NoTurn)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(card_facts(|name| item.param(name), "thrown"))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], target: Point) -> PluginResult<UseOutcome> {
        let info = ctx.item_info(&item.kind).ok_or("the thrown item has no record")?;
        let slot = item.slot().ok_or("the thrown item's pack slot is empty")?;
        let taken = ctx.pack_take(slot, 1).ok_or("the thrown item's pack slot is empty")?;
        if taken.kind != item.kind {
            ctx.pack_add(&taken.kind, taken.count);
            return Err(format!("pack slot {slot} holds '{}', not '{}'", taken.kind, item.kind).into());
        }
        ctx.message(&format!("You throw {}.", info.counted(1)), MessageKind::Info);
        let look = info.look.clone();
        let range = setting(ctx, "throw_range");
        fly(ctx, &Missile { damage: gear::thrown_damage(&info), info, look, range }, path, target);
        Ok(UseOutcome::Kept)
    }

    fn describe_target(&self, ctx: &mut Ctx<'_>, item: &ItemUse, target: EntityId) -> PluginResult<Vec<String>> {
        let info = ctx.item_info(&item.kind).ok_or("the thrown item has no record")?;
        Ok(odds(ctx, target, gear::thrown_damage(&info)))
    }
}

/// "Darts", as the record names several.
fn item_plural(ctx: &Ctx<'_>, item: &ItemUse) -> String {
    ctx.item_info(&item.kind).map_or(item.name.to_string(), |i| i.plural.to_string())
}

/// The look panel's lines for a missile at `target`: the chance at its
/// distance and the damage range.
fn odds(ctx: &mut Ctx<'_>, target: EntityId, damage: Damage) -> Vec<String> {
    let (Some(player), Some(them)) = (ctx.creature(EntityId::PLAYER), ctx.creature(target)) else {
        return Vec::new();
    };
    let distance = player.pos.steps_to(them.pos);
    let chance = HitTable::from_settings(ctx).chance(distance);
    vec![
        format!("Hit {chance}% at {distance} steps"),
        format!("Damage {}-{}", damage.min, damage.max),
        format!("less its defense {}", them.defense),
    ]
}

/// `f`'s answer: aim the readied bow, or say why nothing can be fired.
pub fn fire(ctx: &mut Ctx<'_>) -> PluginResult<KeyAnswer> {
    let Some(bow) = gear::bow(ctx) else {
        ctx.message("You have no bow ready.", MessageKind::Info);
        return Ok(KeyAnswer::Done(false));
    };
    if gear::quiver(ctx).is_none() {
        ctx.message("Your quiver is empty.", MessageKind::Info);
        return Ok(KeyAnswer::Done(false));
    }
    let range = gear::bow_stats(&bow).map_or(1, |s: BowStats| s.range);
    // The readied bow is in the store, not the pack: no slot, no identity.
    let item = ItemUse::from_record(&bow);
    Ok(KeyAnswer::aim("bow", item, AimRequest::missile(range)))
}

/// `t`'s answer for pack slot `slot`: aim it if it can be thrown.
pub fn throw(ctx: &mut Ctx<'_>, slot: u32) -> PluginResult<KeyAnswer> {
    let Some(held) = ctx.pack_item(slot) else { return Ok(KeyAnswer::Pass) };
    let Some(info) = ctx.item_info(&held.kind) else { return Ok(KeyAnswer::Pass) };
    if !gear::is_throwable(&info) {
        let text = format!("{} is not made for throwing.", capitalized(&info.counted(1)));
        ctx.message(&text, MessageKind::Info);
        return Ok(KeyAnswer::Done(false));
    }
    let range = setting(ctx, "throw_range");
    let item = ItemUse::from_record(&info).from_pack(slot, held.item);
    Ok(KeyAnswer::aim("throw", item, AimRequest::missile(range)))
}

/// Readies the bow in `item.slot`; the bow that was ready goes back in the
/// pack (the new one leaves it first, so a full pack loses nothing).
fn ready_bow(ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
    let kind = item.kind.as_str();
    let info = ctx.item_info(kind).ok_or_else(|| format!("no record for '{kind}'"))?;
    gear::bow_stats(&info)
        .ok_or_else(|| format!("the record '{kind}' is used by bow but has no shot_min and shot_max params"))?;
    let slot = item.slot().ok_or_else(|| format!("the {kind} to ready is not in the pack"))?;
    ctx.pack_take(slot, 1).ok_or_else(|| format!("pack slot {slot} is empty"))?;
    if let Some(old) = gear::bow(ctx) {
        if ctx.pack_add(old.id.as_str(), 1).is_none() {
            ctx.pack_add(kind, 1);
            ctx.message(&format!("There is no room in your pack for the {}.", old.name), MessageKind::Info);
            return Ok(UseOutcome::NoTurn);
        }
        ctx.message(&format!("You put away the {}.", old.name), MessageKind::Info);
    }
    gear::set_bow(ctx, Some(kind));
    ctx.message(&format!("You ready the {}.", info.name), MessageKind::Info);
    tracing::info!(item = kind, "bow readied");
    Ok(UseOutcome::Kept)
}

/// Puts the stack in `item.slot` in the quiver: arrows of the kind already
/// there join them; arrows of another kind swap back into the pack.
fn fill_quiver(ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
    let kind = item.kind.as_str();
    let slot = item.slot().ok_or_else(|| format!("the {kind} to quiver are not in the pack"))?;
    let held = ctx.pack_item(slot).ok_or_else(|| format!("pack slot {slot} is empty"))?;
    // Arrows of the kind quivered join them, as many as there is room for.
    let room = match gear::quiver(ctx) {
        Some((old, n)) if old.id.as_str() == kind => gear::MOST_IN_QUIVER.saturating_sub(n),
        _ => gear::MOST_IN_QUIVER,
    };
    if room == 0 {
        ctx.message("Your quiver is full.", MessageKind::Info);
        return Ok(UseOutcome::NoTurn);
    }
    let taken = ctx.pack_take(slot, held.count.min(room)).ok_or("the arrows could not be taken")?;
    let count = match gear::quiver(ctx) {
        Some((old, n)) if old.id.as_str() == kind => n + taken.count,
        Some((old, n)) => {
            if ctx.pack_add(old.id.as_str(), n).is_none() {
                ctx.pack_add(kind, taken.count);
                ctx.message("There is no room in your pack for the arrows in your quiver.", MessageKind::Info);
                return Ok(UseOutcome::NoTurn);
            }
            ctx.message(&format!("You put {} back in your pack.", old.counted(n)), MessageKind::Info);
            taken.count
        }
        None => taken.count,
    };
    gear::set_quiver(ctx, Some((kind, count)));
    let text = gear::quiver_text(ctx).unwrap_or_default();
    ctx.message(&format!("Your quiver holds {text}."), MessageKind::Info);
    tracing::info!(item = kind, count, "quiver filled");
    Ok(UseOutcome::Kept)
}

/// Picking up missiles: arrows of the quivered kind, or (the quiver empty)
/// missiles that fit the readied bow (the `missile` role), go straight to
/// the quiver, as many as it has room for; the rest go to the pack. When
/// the pack cannot take the rest, none are taken here (the host then says
/// the pack is full); anything else is the host's to put in the pack.
pub fn pick_up(ctx: &mut Ctx<'_>, kind: &str, count: u32) -> bool {
    let Some(arrows) = ctx.item_info(kind) else { return false };
    let held = match gear::quiver(ctx) {
        Some((quivered, n)) if quivered.id.as_str() == kind => n,
        Some(_) => return false,
        None if gear::bow(ctx).is_some() && arrows.role.as_str() == "missile" => 0,
        None => return false,
    };
    let room = gear::MOST_IN_QUIVER.saturating_sub(held).min(count);
    if room == 0 {
        return false;
    }
    let rest = count - room;
    if rest > 0 && ctx.pack_add(kind, rest).is_none() {
        return false;
    }
    gear::set_quiver(ctx, Some((kind, held + room)));
    let text = format!("You put {} in your quiver ({}).", arrows.counted(room), held + room);
    ctx.message(&text, MessageKind::Info);
    if rest > 0 {
        let text = if rest == 1 {
            format!("The other {} goes in your pack.", arrows.name)
        } else {
            format!("The other {} go in your pack.", arrows.counted(rest))
        };
        ctx.message(&text, MessageKind::Info);
    }
    true
}

/// What flies: its record (for landing and the trace), its damage before
/// defense, and how it looks in flight.
pub struct Missile {
    /// The item's record.
    pub info: ItemInfo,
    /// Damage before the target's defense.
    pub damage: Damage,
    /// Its look in flight; a glyph of 0 is drawn by the line's slant.
    pub look: Look,
    /// How far it flies, in steps: a path that ends nearer, with no
    /// creature struck, ended at something solid.
    pub range: i32,
}

/// A missile aimed at `toward` flies along `path` to the first creature on
/// it (or the end), is shown flying, hits with the chance its distance
/// gives (the roll less the target's defense, at least 1), or says where
/// it ended (the solid thing it hit, the floor, out of sight), then breaks
/// or lands where it stopped.
pub fn fly(ctx: &mut Ctx<'_>, missile: &Missile, path: &[Point], toward: Point) {
    let Some(player) = ctx.creature(EntityId::PLAYER) else { return };
    let Some(&end) = path.last() else { return };
    let struck = path.iter().position(|&p| ctx.creature_at(p).is_some_and(|id| !id.is_player()));
    let flown = &path[..struck.map_or(path.len(), |i| i + 1)];
    let landing = flown.last().copied().unwrap_or(end);
    let mut look = missile.look.clone();
    if look.glyph == 0 {
        look.glyph = flight_glyph(player.pos, end) as u32;
    }
    ctx.animate(look, flown, &[]);
    let name = missile.info.name.as_str();
    if let Some(target) = struck.and_then(|i| ctx.creature_at(path[i])) {
        strike(ctx, &player.pos, target, name, missile.damage);
    } else {
        ctx.message(&where_it_ended(ctx, missile, player.pos, toward, end), MessageKind::Info);
    }
    land(ctx, &missile.info, landing);
}

/// Where a missile that struck nobody ended, for the log: in a wall or a
/// closed door (its path ends short of its range), on the floor at the end
/// of its range, or out of sight.
fn where_it_ended(ctx: &Ctx<'_>, missile: &Missile, from: Point, toward: Point, end: Point) -> String {
    let name = missile.info.name.as_str();
    if !ctx.is_visible(end) {
        return format!("The {name} flies out of sight.");
    }
    // Cut short with nobody struck: it flew into a wall or a closed door.
    let solid = (from.steps_to(end) < missile.range).then(|| solid_beyond(ctx, from, toward, end)).flatten();
    match solid {
        Some(solid) => format!("The {name} hits the {solid}."),
        None => format!("The {name} falls to the floor {} steps away.", from.steps_to(end)),
    }
}

/// What stopped a line of fire from `from` toward `toward` that ends at
/// `end`: `"door"` or `"wall"`, from the cells the line could have gone on
/// to; `None` if none is solid.
fn solid_beyond(ctx: &Ctx<'_>, from: Point, toward: Point, end: Point) -> Option<&'static str> {
    let solid = next_cells(from, toward, end).into_iter().filter(|&p| !ctx.is_walkable(p)).collect::<Vec<_>>();
    // A closed door is not walkable, yet free to walk into; a wall is neither.
    let doors = solid.iter().filter(|&&p| ctx.is_free(p)).count();
    match (solid.len(), doors) {
        (0, _) => None,
        (n, d) if d == n => Some("door"),
        _ => Some("wall"),
    }
}

/// The cells a straight line from `from` toward `toward`, now at `end`,
/// may step to next: one step on along its main axis, straight or slanting
/// (a line as steep as it is wide only slants).
pub fn next_cells(from: Point, toward: Point, end: Point) -> Vec<Point> {
    let (dx, dy) = (toward.x - from.x, toward.y - from.y);
    let (sx, sy) = (dx.signum(), dy.signum());
    if dx.abs() > dy.abs() {
        let mut cells = vec![end.offset(sx, 0)];
        if sy != 0 {
            cells.push(end.offset(sx, sy));
        }
        cells
    } else if dy.abs() > dx.abs() {
        let mut cells = vec![end.offset(0, sy)];
        if sx != 0 {
            cells.push(end.offset(sx, sy));
        }
        cells
    } else {
        vec![end.offset(sx, sy)]
    }
}

/// Rolls to hit `target` and applies the hit or the miss; a hit makes a
/// fight's noise where it lands.
fn strike(ctx: &mut Ctx<'_>, from: &Point, target: EntityId, name: &str, damage: Damage) {
    let Some(them) = ctx.creature(target) else { return };
    let distance = from.steps_to(them.pos);
    let chance = HitTable::from_settings(ctx).chance(distance);
    let hit = ctx.roll(1, 100) <= chance;
    let dealt = if hit { blow_damage(ctx.roll_damage(damage), them.defense) } else { 0 };
    let whom = ctx.called(target).unwrap_or_else(|| format!("the {}", them.name));
    let message = if !hit {
        format!("The {name} misses {whom}.")
    } else if dealt >= them.hp {
        format!("The {name} kills {whom}!")
    } else {
        format!("The {name} hits {whom} for {dealt}.")
    };
    let kind = name.replace(' ', "_");
    let attack = Attack::new(EntityId::PLAYER, target, &kind)
        .hit_or_miss(hit, dealt)
        .with_chance(chance)
        .with_distance(distance)
        .with_message(&message);
    ctx.attack(attack);
    if hit {
        let loudness = setting(ctx, "fight_noise");
        ctx.noise(them.pos, loudness);
    }
}

/// An arrow may break (one time in its record's `break_one_in`); anything
/// else lands on its cell or the nearest free neighbour, a thrown item as
/// the same item (its id and store kept). Both are traced.
fn land(ctx: &mut Ctx<'_>, info: &ItemInfo, at: Point) {
    let item: FieldValue = info.id.as_str().into();
    let (x, y): (FieldValue, FieldValue) = (at.x.into(), at.y.into());
    let one_in = gear::break_one_in(info);
    if one_in > 0 && ctx.roll(1, one_in) == 1 {
        ctx.message(&format!("The {} breaks.", info.name), MessageKind::Info);
        ctx.event("arrow_broke", &[("item", item), ("x", x), ("y", y)]);
        return;
    }
    // A thrown item is the one taken out of the pack: it lands as itself,
    // its id and store kept. An arrow from the quiver is made anew.
    let thrown = ctx.held_items().into_iter().find(|e| e.kind.as_str() == info.id.as_str() && e.count == 1);
    let landed = match thrown {
        Some(entry) => ctx.place_existing(entry, at),
        None => ctx.place_item(&info.id, 1, at),
    };
    match landed {
        Some(cell) => ctx.event(
            "missile_landed",
            &[("item", item), ("x", x), ("y", y), ("landed_x", cell.x.into()), ("landed_y", cell.y.into())],
        ),
        None => {
            ctx.message(&format!("The {} is lost.", info.name), MessageKind::Info);
            ctx.event("missile_lost", &[("item", item), ("x", x), ("y", y)]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::PackEntry;
    use proptest::prelude::*;

    /// A room with arrows, bolts (another missile), darts and a bow known.
    fn archery() -> TestGame {
        let mut game = TestGame::new(6, 6);
        game.add_item_record("arrows", "arrow", "missile", &[("break_one_in", 4)]);
        game.add_item_record("bolts", "bolt", "missile", &[]);
        game.add_item_record("darts", "dart", "thrown", &[("throwable", 1)]);
        game.add_item_record("short_bow", "short bow", "missile_weapon", &[("shot_min", 2), ("shot_max", 7)]);
        game
    }

    /// Picks up `count` of `kind`: whether the plugin took them, the
    /// quiver's kind and count after, and what was said.
    fn pick(game: &mut TestGame, kind: &str, count: u32) -> (bool, Option<(String, u32)>, Vec<String>) {
        let said = game.messages.len();
        let (took, quiver) = {
            let mut ctx = game.ctx();
            let took = pick_up(&mut ctx, kind, count);
            (took, gear::quiver(&ctx).map(|(info, n)| (info.id.to_string(), n)))
        };
        (took, quiver, game.messages[said..].to_vec())
    }

    fn arrows_in_pack(game: &TestGame) -> u32 {
        game.pack.iter().flatten().filter(|e| e.kind.as_str() == "arrows").map(|e| e.count).sum()
    }

    #[test]
    fn missiles_picked_up_go_to_the_quiver_that_holds_them_or_to_an_empty_one_with_a_bow_ready() {
        let mut game = archery();
        assert_eq!(pick(&mut game, "arrows", 6), (false, None, vec![]), "no bow ready: the pack's");
        gear::set_bow(&mut game.ctx(), Some("short_bow"));
        assert!(!pick(&mut game, "darts", 4).0, "darts are thrown, not shot");
        let (took, quiver, said) = pick(&mut game, "arrows", 5);
        assert!(took);
        assert_eq!(quiver, Some(("arrows".into(), 5)));
        assert_eq!(said, ["You put 5 arrows in your quiver (5)."]);
        assert_eq!(pick(&mut game, "arrows", 1).2, ["You put an arrow in your quiver (6)."]);
        assert!(!pick(&mut game, "bolts", 3).0, "another kind than the quivered one: the pack's");
        gear::set_bow(&mut game.ctx(), None);
        assert_eq!(pick(&mut game, "arrows", 2).1, Some(("arrows".into(), 8)), "the quivered kind, bow or not");
    }

    #[test]
    fn a_pick_up_fills_the_quiver_to_its_most_and_the_rest_goes_to_the_pack() {
        let mut game = archery();
        gear::set_quiver(&mut game.ctx(), Some(("arrows", gear::MOST_IN_QUIVER - 4)));
        let (took, quiver, said) = pick(&mut game, "arrows", 10);
        assert!(took);
        assert_eq!(quiver, Some(("arrows".into(), gear::MOST_IN_QUIVER)));
        assert_eq!(said, ["You put 4 arrows in your quiver (9999).", "The other 6 arrows go in your pack."]);
        assert_eq!(arrows_in_pack(&game), 6);
        assert_eq!(pick(&mut game, "arrows", 3), (false, quiver, vec![]), "a full quiver takes none");
        // One over: "the other arrow".
        gear::set_quiver(&mut game.ctx(), Some(("arrows", gear::MOST_IN_QUIVER - 1)));
        assert_eq!(pick(&mut game, "arrows", 2).2[1], "The other arrow goes in your pack.");
    }

    #[test]
    fn with_no_room_in_the_pack_for_the_rest_none_go_in_the_quiver() {
        let mut game = archery();
        let filler = PackEntry { kind: "darts".into(), count: 1, item: emberdeep_api::ItemId(900) };
        game.pack = vec![Some(filler); 26];
        gear::set_quiver(&mut game.ctx(), Some(("arrows", gear::MOST_IN_QUIVER - 2)));
        let (took, quiver, said) = pick(&mut game, "arrows", 5);
        assert_eq!((took, said), (false, vec![]), "the host says the pack is full");
        assert_eq!(quiver, Some(("arrows".into(), gear::MOST_IN_QUIVER - 2)), "the quiver as it was");
        assert_eq!(pick(&mut game, "arrows", 2).1, Some(("arrows".into(), gear::MOST_IN_QUIVER)), "what fits, fits");
    }

    /// The host's line of fire, cell by cell (the whole-number Bresenham
    /// line from `a` to `b`), to check `next_cells` against.
    fn line(a: Point, b: Point) -> Vec<Point> {
        let (dx, dy) = ((b.x - a.x).abs(), -(b.y - a.y).abs());
        let (sx, sy) = (if a.x < b.x { 1 } else { -1 }, if a.y < b.y { 1 } else { -1 });
        let (mut err, mut p, mut out) = (dx + dy, a, vec![a]);
        while p != b {
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                p.x += sx;
            }
            if e2 <= dx {
                err += dx;
                p.y += sy;
            }
            out.push(p);
        }
        out
    }

    proptest! {
        // Wherever a line is cut, the cell it would have gone on to is one `next_cells` names.
        #[test]
        fn the_cell_past_a_cut_is_always_one_of_the_next_cells(dx in -12..=12i32, dy in -12..=12i32) {
            prop_assume!(dx != 0 || dy != 0);
            let from = Point::new(0, 0);
            let toward = Point::new(dx, dy);
            let cells = line(from, toward);
            for pair in cells.windows(2).skip(1) {
                prop_assert!(next_cells(from, toward, pair[0]).contains(&pair[1]), "{:?} -> {:?}", pair[0], pair[1]);
            }
        }
    }
}
