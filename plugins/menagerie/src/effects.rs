//! What the menagerie's monsters do beyond their brains: what their blows
//! and the blows on them set off (the plugin's `hurt` and `attack_damage`
//! hooks), a quickened monster's second action (`turn_ended`), and what a
//! floor gets when first entered (bog monsters in deep water, lurkers
//! hidden).

use std::collections::BTreeSet;

use emberdeep_api::{Attack, Ctx, EntityId, Hurt, MessageKind, Point};

use crate::rules::{
    around, below, bogs_for, is_deep_water, setting, soak, weakened_blow, AMBUSH_KEY, BOG_KIND, QUICKENED, READY_KEY,
    SHELLED, WARDED, WARD_KEY, WEAKENED,
};

/// The kind of creature `id`, if it lives.
fn kind_of(ctx: &mut Ctx<'_>, id: EntityId) -> Option<String> {
    ctx.creature(id).map(|c| c.kind.to_string())
}

/// A blow landed: a centipede's weakens, a maw horror's feeds it, a
/// thornback's spines hurt who struck it, a turtle low on health hides
/// in its shell.
pub fn hurt(ctx: &mut Ctx<'_>, hurt: &Hurt) {
    let melee = hurt.how.as_str() == "melee" && hurt.attacker != hurt.target;
    if !melee {
        return;
    }
    let attacker = kind_of(ctx, hurt.attacker);
    match attacker.as_deref() {
        Some("centipede") if hurt.hp_left > 0 => {
            let fresh = ctx.status_turns(hurt.target, WEAKENED).is_none();
            ctx.add_status(hurt.target, WEAKENED, setting(ctx, "weaken_turns"));
            if fresh && hurt.target.is_player() {
                ctx.message("The centipede's venom saps your strength: your blows weaken.", MessageKind::Danger);
            }
        }
        Some("maw_horror") if hurt.amount > 0 => {
            ctx.heal(hurt.attacker, hurt.amount);
        }
        _ => {}
    }
    let target = kind_of(ctx, hurt.target);
    match target.as_deref() {
        Some("thornback") => {
            let Some(striker) = ctx.creature(hurt.attacker) else { return };
            let (least, most) = (setting(ctx, "thorn_min"), setting(ctx, "thorn_max"));
            let dealt = ctx.roll(least, most.max(least));
            let text = if striker.id.is_player() {
                format!("The thornback's spines gash your hands ({dealt}).")
            } else {
                format!("The thornback's spines gash the {} ({dealt}).", striker.name)
            };
            let thorns =
                Attack::new(hurt.target, striker.id, "thorns").hit_for(dealt).with_killer("a thornback's spines");
            ctx.event("thorns", &[("striker", striker.trace_name.as_str().into()), ("dealt", i64::from(dealt).into())]);
            ctx.attack(thorns.with_message(&text));
        }
        Some("snapping_turtle") if hurt.hp_left > 0 => {
            let Some(turtle) = ctx.creature(hurt.target) else { return };
            let ready = ctx.store_get(turtle.id, READY_KEY).unwrap_or(0) <= ctx.turn() as i64;
            if ready && below(turtle.hp, turtle.max_hp, 50) && ctx.status_turns(turtle.id, SHELLED).is_none() {
                let turns = setting(ctx, "shell_turns");
                ctx.add_status(turtle.id, SHELLED, turns);
                ctx.store_set(turtle.id, READY_KEY, ctx.turn() as i64 + i64::from(turns) + 4);
                if ctx.is_visible(turtle.pos) {
                    ctx.say("The snapping turtle pulls into its shell.");
                }
            }
        }
        _ => {}
    }
}

/// A blow about to land: a ward soaks it, a weakened striker deals less,
/// a turtle in its shell takes half, a lurker's first blow from ambush
/// deals double.
pub fn attack_damage(ctx: &mut Ctx<'_>, attack: &Attack) -> Option<i32> {
    let mut damage = attack.damage;
    let before = damage;
    let melee = attack.kind.as_str() == "melee";
    if melee && ctx.status_turns(attack.attacker, WEAKENED).is_some() {
        damage = weakened_blow(damage, setting(ctx, "weaken_by"));
    }
    if melee
        && kind_of(ctx, attack.attacker).as_deref() == Some("lurker")
        && ctx.store_get(attack.attacker, AMBUSH_KEY) == Some(1)
    {
        ctx.store_set(attack.attacker, AMBUSH_KEY, 0);
        damage = damage.saturating_mul(2);
        if attack.target.is_player() {
            ctx.message("The lurker strikes from hiding!", MessageKind::Danger);
        }
    }
    if ctx.status_turns(attack.target, SHELLED).is_some() {
        damage /= 2;
    }
    if ctx.status_turns(attack.target, WARDED).is_some() {
        let points = ctx.store_get(attack.target, WARD_KEY).unwrap_or(0).clamp(0, 1_000_000) as i32;
        let (left, points_left) = soak(damage, points);
        damage = left;
        if points_left > 0 {
            ctx.store_set(attack.target, WARD_KEY, i64::from(points_left));
        } else {
            ctx.store_remove(attack.target, WARD_KEY);
            ctx.remove_status(attack.target, WARDED);
        }
    }
    (damage != before).then_some(damage)
}

/// Each quickened monster acts once more at the end of the turn, with its
/// own brain.
pub fn quickened_act(ctx: &mut Ctx<'_>) {
    let quick: Vec<EntityId> = ctx
        .floor_creatures()
        .into_iter()
        .map(|c| c.id)
        .filter(|&id| !id.is_player() && ctx.status_turns(id, QUICKENED).is_some())
        .collect();
    for id in quick {
        if let Some(brain) = ctx.brain_of(id) {
            ctx.run_brain(id, &brain);
        }
    }
}

/// The pools of touching deep-water cells (diagonals count), each sorted.
fn pools(water: &BTreeSet<(i32, i32)>) -> Vec<Vec<Point>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in water {
        if !seen.insert(start) {
            continue;
        }
        let mut pool = vec![start];
        let mut i = 0;
        while i < pool.len() {
            let (x, y) = pool[i];
            for p in around(Point::new(x, y)) {
                let c = (p.x, p.y);
                if water.contains(&c) && seen.insert(c) {
                    pool.push(c);
                }
            }
            i += 1;
        }
        pool.sort();
        out.push(pool.into_iter().map(|(x, y)| Point::new(x, y)).collect());
    }
    out
}

/// A floor entered for the first time: from `bog_first_floor` on, each
/// pool of deep water of `bog_pool_cells` or more, `bog_percent` in 100,
/// gets its bog monsters, hidden as the water; and every lurker the player
/// does not see hides as the ground it stands on.
pub fn floor_entered(ctx: &mut Ctx<'_>, floor: u32) {
    let creatures = ctx.floor_creatures();
    for c in creatures.iter().filter(|c| c.kind.as_str() == "lurker" && !c.seen) {
        let ground = ctx.terrain_at(c.pos);
        if ctx.disguise(c.id, &ground) {
            ctx.store_set(c.id, AMBUSH_KEY, 1);
            ctx.store_set(c.id, crate::rules::SUNK_KEY, 1);
        }
    }
    if i64::from(floor) < ctx.setting_value("bog_first_floor") {
        return;
    }
    let (w, h) = ctx.map_size();
    let mut water = BTreeSet::new();
    for y in 0..h {
        for x in 0..w {
            if is_deep_water(ctx, Point::new(x, y)) {
                water.insert((x, y));
            }
        }
    }
    let least = ctx.setting_value("bog_pool_cells") as usize;
    let mut placed = 0i64;
    for pool in pools(&water) {
        let n = bogs_for(pool.len(), least);
        if n == 0 || ctx.roll(1, 100) > setting(ctx, "bog_percent") {
            continue;
        }
        for _ in 0..n {
            let free: Vec<Point> = pool.iter().copied().filter(|&p| ctx.is_free(p) && !ctx.is_visible(p)).collect();
            if free.is_empty() {
                break;
            }
            let at = free[ctx.roll(0, free.len() as i32 - 1) as usize];
            if let Some(id) = ctx.spawn(BOG_KIND, at, "") {
                let water_name = ctx.terrain_at(at);
                if ctx.disguise(id, &water_name) {
                    ctx.store_set(id, crate::rules::SUNK_KEY, 1);
                }
                placed += 1;
            }
        }
    }
    if placed > 0 {
        ctx.event("bog", &[("floor", i64::from(floor).into()), ("count", placed.into())]);
    }
}
