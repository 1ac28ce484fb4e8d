//! What the fields do each turn, at the turn's end: fire catches the
//! burnable ground around it, bursts methane it touches, is put out on
//! liquid and leaves burnt ground; every field spreads and thins in the
//! host's pass; then whoever stands in one takes its effect.

use emberdeep_api::terrain_traits::{BURNABLE, LIQUID};
use emberdeep_api::{Attack, Ctx, EntityId, MessageKind, Point, DIRECTIONS};

use crate::rules::{self, BURNING, CONFUSED, CONFUSION_GAS, FIRE, METHANE, POISON_GAS, SMOKE};

/// Whether `p` may hold fire: open ground that is not liquid.
pub fn may_burn(ctx: &mut Ctx<'_>, p: Point) -> bool {
    ctx.is_walkable(p) && !ctx.terrain_has(p, LIQUID)
}

/// Sets `p` alight with `amount` (never less than it has), and bursts any
/// methane there. False where fire cannot be (liquid, walls).
pub fn ignite(ctx: &mut Ctx<'_>, p: Point, amount: i32, cause: &str) -> bool {
    if !may_burn(ctx, p) {
        return false;
    }
    let had = ctx.field_at(FIRE, p).unwrap_or(0);
    if had < amount {
        ctx.set_field(FIRE, p, amount);
        if had == 0 {
            ctx.event("ignited", &[("x", p.x.into()), ("y", p.y.into()), ("cause", cause.into())]);
        }
    }
    if ctx.field_at(METHANE, p).unwrap_or(0) > 0 {
        burst(ctx, p);
    }
    true
}

/// The methane touching `from` bursts into flame, all of its cloud that
/// touches, at once (a flood over the cells holding methane).
pub fn burst(ctx: &mut Ctx<'_>, from: Point) {
    let mut todo = vec![from];
    let mut cells = 0i64;
    while let Some(p) = todo.pop() {
        if ctx.field_at(METHANE, p).unwrap_or(0) == 0 {
            continue;
        }
        ctx.set_field(METHANE, p, 0);
        cells += 1;
        if may_burn(ctx, p) && ctx.field_at(FIRE, p).unwrap_or(0) < rules::FIRE_CATCH {
            ctx.set_field(FIRE, p, rules::FIRE_CATCH);
        }
        for (dx, dy) in DIRECTIONS {
            todo.push(p.offset(dx, dy));
        }
    }
    if cells > 0 {
        if ctx.is_visible(from) {
            ctx.message("The gas bursts into flame!", MessageKind::Danger);
        }
        ctx.noise(from, 10);
        ctx.event("gas_burst", &[("x", from.x.into()), ("y", from.y.into()), ("cells", cells.into())]);
    }
}

/// One turn of the fields.
pub fn turn(ctx: &mut Ctx<'_>) {
    let fire = ctx.field_cells(FIRE);
    // Fire on liquid goes out; fire about to burn out leaves burnt ground.
    for &(p, amount) in &fire {
        if ctx.terrain_has(p, LIQUID) {
            ctx.set_field(FIRE, p, 0);
            ctx.add_field(SMOKE, p, rules::SMOKE_PER_FIRE);
            continue;
        }
        ctx.add_field(SMOKE, p, rules::SMOKE_PER_FIRE);
        for (dx, dy) in DIRECTIONS {
            let n = p.offset(dx, dy);
            if ctx.field_at(METHANE, n).unwrap_or(0) > 0 {
                burst(ctx, n);
                continue;
            }
            let catches = ctx.terrain_has(n, BURNABLE) && ctx.field_at(FIRE, n) == Some(0);
            if catches && ctx.roll(1, 100) <= rules::CATCH_PERCENT {
                ignite(ctx, n, rules::FIRE_CATCH, "spread");
            }
        }
        if amount <= rules::FIRE_SPREAD.fade && ctx.terrain_has(p, BURNABLE) {
            ctx.set_terrain(p, rules::BURNT);
        }
    }
    ctx.spread_field(FIRE, rules::FIRE_SPREAD);
    ctx.spread_field(SMOKE, rules::SMOKE_SPREAD);
    ctx.spread_field(POISON_GAS, rules::GAS_SPREAD);
    ctx.spread_field(CONFUSION_GAS, rules::GAS_SPREAD);
    ctx.spread_field(METHANE, rules::METHANE_SPREAD);
    effects(ctx);
}

/// Whoever stands in a field takes its effect.
fn effects(ctx: &mut Ctx<'_>) {
    for c in ctx.floor_creatures() {
        let p = c.pos;
        let fire = ctx.field_at(FIRE, p).unwrap_or(0);
        if fire > 0 && c.kind.as_str() != rules::SALAMANDER {
            burn(ctx, c.id, p, rules::FIRE_HARM, "flames");
            ctx.add_status(c.id, BURNING, rules::BURN_TURNS);
        }
        if ctx.creature(c.id).is_none() {
            continue;
        }
        let harm = rules::gas_harm(ctx.field_at(POISON_GAS, p).unwrap_or(0));
        if harm > 0 && c.kind.as_str() != rules::ZOMBIE {
            let name = ctx.creature(c.id).map(|i| i.name.to_string()).unwrap_or_default();
            let mut hit = Attack::new(c.id, c.id, "gas").hit_for(harm).with_killer("caustic gas");
            if c.id.is_player() {
                hit = hit.with_message(&format!("You choke on the caustic gas. ({harm})"));
            } else if ctx.is_visible(p) {
                hit = hit.with_message(&format!("The {name} chokes. ({harm})"));
            }
            ctx.attack(hit);
        }
        if ctx.creature(c.id).is_none() {
            continue;
        }
        let confusing = ctx.field_at(CONFUSION_GAS, p).unwrap_or(0) >= rules::GAS_HARMS_AT;
        if confusing && c.kind.as_str() != rules::ZOMBIE && ctx.status_turns(c.id, CONFUSED).is_none() {
            ctx.add_status(c.id, CONFUSED, rules::CONFUSED_TURNS);
            if c.id.is_player() {
                ctx.message("The fumes make your head spin.", MessageKind::Danger);
            }
        }
    }
}

/// `who` is burnt for a roll of `harm` (no armor helps).
pub fn burn(ctx: &mut Ctx<'_>, who: EntityId, at: Point, harm: emberdeep_api::Damage, killer: &str) {
    let Some(them) = ctx.creature(who) else { return };
    let dealt = ctx.roll_damage(harm);
    let name = (!who.is_player()).then_some(them.name.as_str());
    let mut hit = Attack::new(who, who, "fire").hit_for(dealt).with_killer(killer);
    if who.is_player() || ctx.is_visible(at) {
        hit = hit.with_message(&rules::burn_line(name, dealt));
    }
    ctx.attack(hit);
}
