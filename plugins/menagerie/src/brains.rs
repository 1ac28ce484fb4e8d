//! The brains of the menagerie's monsters, each registered under its name
//! in the crate's `register`; the records name them.

use emberdeep_api::terrain_traits::DEADLY;
use emberdeep_api::{CreatureInfo, Ctx, EntityId, MessageKind, MonsterBrain, MonsterState, PluginResult, Point};

use crate::rules::{
    around, below, fight, is_deep_water, ready, setting, strike, target, wait_for, AMBUSH_KEY, HELD, HOWLED_KEY,
    QUICKENED, RESTING_KEY, STIFFENED, SUNK_KEY, WARDED, WARD_KEY,
};

/// The creatures of `me`'s side (not `me`) within `caster_range` steps
/// that `me` sees, nearest first.
fn allies_seen(ctx: &mut Ctx<'_>, me: &CreatureInfo) -> Vec<CreatureInfo> {
    let side = ctx.side_of(me.id);
    let range = setting(ctx, "caster_range");
    let mut out = Vec::new();
    for c in ctx.floor_creatures() {
        if c.id == me.id || Some(c.side.to_string()) != side || c.pos.steps_to(me.pos) > range {
            continue;
        }
        if !ctx.sees(me.id, c.pos) {
            continue;
        }
        if let Some(info) = ctx.creature(c.id) {
            out.push(info);
        }
    }
    out.sort_by_key(|c| (c.pos.steps_to(me.pos), c.id));
    out
}

/// Whether `who` has an enemy beside it.
fn in_melee(ctx: &mut Ctx<'_>, who: &CreatureInfo) -> bool {
    let near: Vec<EntityId> = around(who.pos).filter_map(|p| ctx.creature_at(p)).collect();
    near.into_iter().any(|id| ctx.are_enemies(who.id, id))
}

/// A caster's line, said only where the player sees it.
fn seen_say(ctx: &mut Ctx<'_>, at: Point, text: &str) {
    if ctx.is_visible(at) {
        ctx.message(text, MessageKind::Danger);
    }
}

/// A caster not casting: it keeps 2 steps from the enemy it sees (steps
/// away from a closer one unless cornered, keeps still at 2), and fights
/// as `melee` otherwise.
fn keep_back(ctx: &mut Ctx<'_>, me: EntityId) {
    let (Some(this), Some(t)) = (ctx.creature(me), target(ctx, me)) else {
        fight(ctx, me);
        return;
    };
    let d = this.pos.steps_to(t.pos);
    if d < 2 {
        if let Some(step) = ctx.step_away(me, t.pos) {
            if ctx.move_creature(me, step) {
                return;
            }
        }
    } else if d == 2 {
        return;
    }
    fight(ctx, me);
}

/// `goblin_mystic`: wards the nearest ally it sees that has an enemy
/// beside it and no ward: the ally bears Warded for `ward_turns`, and its
/// next `ward_points` of harm are soaked up. Once in `ward_every` turns.
pub struct Mystic;

impl MonsterBrain for Mystic {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if ready(ctx, me) && target(ctx, me).is_some() {
            let allies = allies_seen(ctx, &this);
            let pick = allies.into_iter().find(|a| ctx.status_turns(a.id, WARDED).is_none() && in_melee(ctx, a));
            if let Some(ally) = pick {
                let points = ctx.setting_value("ward_points");
                ctx.add_status(ally.id, WARDED, setting(ctx, "ward_turns"));
                ctx.store_set(ally.id, WARD_KEY, points);
                wait_for(ctx, me, setting(ctx, "ward_every"));
                let line = format!("The {} chants: a shimmering ward closes round the {}.", this.name, ally.name);
                seen_say(ctx, this.pos, &line);
                ctx.event(
                    "ward",
                    &[
                        ("caster", this.trace_name.as_str().into()),
                        ("ally", ally.trace_name.as_str().into()),
                        ("points", points.into()),
                    ],
                );
                return Ok(());
            }
        }
        keep_back(ctx, me);
        Ok(())
    }
}

/// `ogre_shaman`: quickens the nearest ally it sees that has an enemy
/// beside it or in its sight and is not quickened: Quickened for
/// `quicken_turns` (it acts twice a turn). Once in `quicken_every` turns.
pub struct Hastener;

impl MonsterBrain for Hastener {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if ready(ctx, me) && target(ctx, me).is_some() {
            let allies = allies_seen(ctx, &this);
            let pick = allies.into_iter().find(|a| {
                !a.id.is_player() && ctx.status_turns(a.id, QUICKENED).is_none() && ctx.nearest_enemy(a.id).is_some()
            });
            if let Some(ally) = pick {
                ctx.add_status(ally.id, QUICKENED, setting(ctx, "quicken_turns"));
                wait_for(ctx, me, setting(ctx, "quicken_every"));
                let line = format!("The {} roars a war chant: the {} moves in a blur!", this.name, ally.name);
                seen_say(ctx, this.pos, &line);
                ctx.event(
                    "quicken",
                    &[("caster", this.trace_name.as_str().into()), ("ally", ally.trace_name.as_str().into())],
                );
                return Ok(());
            }
        }
        keep_back(ctx, me);
        Ok(())
    }
}

/// `dar_priestess`: mends the most hurt ally it sees (by health missing)
/// by `mend_amount`, once in `mend_every` turns; then keeps back.
pub struct Healer;

impl MonsterBrain for Healer {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if ready(ctx, me) {
            let allies = allies_seen(ctx, &this);
            let pick = allies
                .into_iter()
                .filter(|a| a.hp < a.max_hp)
                .max_by_key(|a| (a.max_hp - a.hp, std::cmp::Reverse(a.id)));
            if let Some(ally) = pick {
                let healed = ctx.heal(ally.id, setting(ctx, "mend_amount"));
                wait_for(ctx, me, setting(ctx, "mend_every"));
                let line = format!("The {} lays a glowing hand toward the {}: its wounds close.", this.name, ally.name);
                seen_say(ctx, this.pos, &line);
                ctx.event(
                    "mend",
                    &[
                        ("caster", this.trace_name.as_str().into()),
                        ("ally", ally.trace_name.as_str().into()),
                        ("amount", i64::from(healed).into()),
                    ],
                );
                return Ok(());
            }
        }
        keep_back(ctx, me);
        Ok(())
    }
}

/// `monkey`: next to the player, its enemy, with empty paws, it snatches
/// one item (one of a stack) of a random pack slot instead of biting.
/// Carrying loot it runs from the player two steps a turn while either
/// sees the other, and keeps still otherwise; cornered, it bites. It
/// drops the loot where it dies (the host's rule for what a creature
/// carries).
pub struct Monkey;

impl MonsterBrain for Monkey {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let player = ctx.player()?;
        if !ctx.carried(me).is_empty() {
            let seen = ctx.monsters_in_view().contains(&me);
            if ctx.sees_player(me) || seen {
                for _ in 0..2 {
                    match ctx.step_away(me, player.pos) {
                        Some(step) if ctx.move_creature(me, step) => {}
                        _ => {
                            fight(ctx, me);
                            break;
                        }
                    }
                }
            }
            return Ok(());
        }
        let slots: Vec<u32> = (0..26).filter(|&s| ctx.pack_item(s).is_some()).collect();
        let enemy = ctx.are_enemies(me, EntityId::PLAYER);
        if enemy && this.pos.is_adjacent(player.pos) && !slots.is_empty() {
            let slot = slots[ctx.roll(0, slots.len() as i32 - 1) as usize];
            if let Some(taken) = ctx.pack_take(slot, 1) {
                let shown = ctx.item_shown(&taken);
                let kind = taken.kind.to_string();
                if ctx.give(me, taken.clone()) {
                    let line = format!("The {} snatches {shown} from your pack and scampers off!", this.name);
                    ctx.message(&line, MessageKind::Danger);
                    ctx.event("steal", &[("thief", this.trace_name.as_str().into()), ("item", kind.as_str().into())]);
                    return Ok(());
                }
                ctx.pack_put(taken);
            }
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `kobold_sneak`: below `flee_percent` of its health it runs from the
/// enemy it sees (cornered, it fights), and mends 1 every
/// `flee_mend_every` turns while it runs or hides, coming back once whole
/// again; else `melee`.
pub struct Skulker;

impl MonsterBrain for Skulker {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if below(this.hp, this.max_hp, setting(ctx, "flee_percent")) {
            if ctx.turn().is_multiple_of(setting(ctx, "flee_mend_every").max(1) as u64) {
                ctx.heal(me, 1);
            }
            let Some(t) = target(ctx, me) else { return Ok(()) };
            if let Some(step) = ctx.step_away(me, t.pos) {
                if ctx.move_creature(me, step) {
                    if ctx.store_get(me, AMBUSH_KEY) != Some(1) {
                        ctx.store_set(me, AMBUSH_KEY, 1);
                        seen_say(ctx, this.pos, &format!("The {} yelps and runs!", this.name));
                        ctx.event("flee", &[("monster", this.trace_name.as_str().into())]);
                    }
                    return Ok(());
                }
            }
        } else {
            ctx.store_remove(me, AMBUSH_KEY);
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `bog_monster`: never leaves deep water. Beside an enemy it grips and
/// strikes it: the enemy is Held (cannot step away) for `hold_turns`, and
/// while held beside it drowns, `drown_damage` a turn more. Seeing an enemy
/// further off it swims toward it through deep water; else it keeps still.
pub struct Bog;

impl MonsterBrain for Bog {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let near: Vec<EntityId> = around(this.pos).filter_map(|p| ctx.creature_at(p)).collect();
        let foe = near.into_iter().find(|&id| ctx.are_enemies(me, id)).and_then(|id| ctx.creature(id));
        if let Some(foe) = foe {
            if ctx.disguised_as(me).is_some() {
                ctx.reveal(me);
                seen_say(ctx, this.pos, &format!("A {} heaves up out of the water!", this.name));
            }
            let held = ctx.status_turns(foe.id, HELD).is_some();
            if strike(ctx, &this, &foe) {
                return Ok(());
            }
            if held {
                let dealt = setting(ctx, "drown_damage");
                let text = if foe.id.is_player() {
                    format!("The {} drags you under: you swallow water ({dealt})!", this.name)
                } else {
                    format!("The {} drags the {} under ({dealt}).", this.name, foe.name)
                };
                let killer = emberdeep_api::with_article(this.name.as_str());
                let drown = emberdeep_api::Attack::new(me, foe.id, "drown").hit_for(dealt).with_killer(&killer);
                ctx.attack(drown.with_message(&text));
            } else {
                ctx.add_status(foe.id, HELD, setting(ctx, "hold_turns"));
                if foe.id.is_player() {
                    ctx.message(&format!("The {} wraps round your legs!", this.name), MessageKind::Danger);
                }
                ctx.event(
                    "hold",
                    &[("monster", this.trace_name.as_str().into()), ("target", foe.trace_name.as_str().into())],
                );
            }
            return Ok(());
        }
        if ctx.disguised_as(me).is_some() {
            return Ok(());
        }
        // Nobody beside it: it sinks out of sight, the first time whatever
        // sees it, later only where the player does not see it.
        let first = ctx.store_get(me, SUNK_KEY) != Some(1);
        if is_deep_water(ctx, this.pos) && (first || !ctx.is_visible(this.pos)) {
            let water = ctx.terrain_at(this.pos);
            if ctx.disguise(me, &water) {
                ctx.store_set(me, SUNK_KEY, 1);
                return Ok(());
            }
        }
        let Some(t) = target(ctx, me) else { return Ok(()) };
        let water: Vec<Point> = around(this.pos).filter(|&p| ctx.is_free(p) && is_deep_water(ctx, p)).collect();
        let here = this.pos.steps_to(t.pos);
        if let Some(&step) =
            water.iter().filter(|p| p.steps_to(t.pos) < here).min_by_key(|p| (p.steps_to(t.pos), p.y, p.x))
        {
            ctx.move_creature(me, step);
        }
        Ok(())
    }
}

/// `naga`: lashes every enemy beside it each turn (in the api's order of
/// directions); with none beside it, `melee`.
pub struct Lasher;

impl MonsterBrain for Lasher {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let near: Vec<EntityId> = around(this.pos).filter_map(|p| ctx.creature_at(p)).collect();
        let foes: Vec<EntityId> = near.into_iter().filter(|&id| ctx.are_enemies(me, id)).collect();
        if foes.is_empty() {
            fight(ctx, me);
            return Ok(());
        }
        for id in foes {
            if let (Some(me_now), Some(foe)) = (ctx.creature(me), ctx.creature(id)) {
                strike(ctx, &me_now, &foe);
            }
        }
        Ok(())
    }
}

/// `centipede`: slow on its legs (after a step it gathers itself for a
/// turn), but it strikes an enemy beside it every turn; its blow weakens
/// (see `effects::hurt`).
pub struct Centipede;

impl MonsterBrain for Centipede {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if let Some(t) = target(ctx, me).filter(|t| t.pos.is_adjacent(this.pos)) {
            strike(ctx, &this, &t);
            return Ok(());
        }
        if ctx.store_get(me, RESTING_KEY) == Some(1) {
            ctx.store_set(me, RESTING_KEY, 0);
            return Ok(());
        }
        ctx.store_set(me, RESTING_KEY, 1);
        fight(ctx, me);
        Ok(())
    }
}

/// `dar_blademaster`: seeing an enemy 3 to `blink_range` steps off, once
/// in `blink_every` turns it blinks onto the free cell beside that enemy
/// nearest itself; otherwise `melee`.
pub struct Blademaster;

impl MonsterBrain for Blademaster {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if let Some(t) = target(ctx, me).filter(|_| ready(ctx, me)) {
            let d = this.pos.steps_to(t.pos);
            if (3..=setting(ctx, "blink_range")).contains(&d) {
                let spot = around(t.pos)
                    .filter(|&p| ctx.is_free(p) && ctx.is_walkable(p) && !ctx.terrain_has(p, DEADLY))
                    .min_by_key(|p| (p.steps_to(this.pos), p.y, p.x));
                if let Some(spot) = spot {
                    if ctx.place(me, spot) {
                        wait_for(ctx, me, setting(ctx, "blink_every"));
                        seen_say(ctx, spot, &format!("The {} blinks across the room in a flash of steel!", this.name));
                        ctx.event("blink", &[("monster", this.trace_name.as_str().into())]);
                        return Ok(());
                    }
                }
            }
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `lurker`: hides as the ground it stands on (disguised when its floor
/// is entered) and keeps still while hidden; found (the host reveals it
/// when the player steps beside it), its first blow is from ambush (see
/// `effects::attack_damage`); then `melee`.
pub struct Lurker;

impl MonsterBrain for Lurker {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        if ctx.disguised_as(me).is_some() {
            return Ok(());
        }
        // Not yet hidden and unseen: it flattens itself into the ground.
        if ctx.store_get(me, SUNK_KEY) != Some(1) {
            ctx.store_set(me, SUNK_KEY, 1);
            let here = ctx.creature(me).map(|c| c.pos);
            if let Some(at) = here.filter(|&p| !ctx.is_visible(p)) {
                let ground = ctx.terrain_at(at);
                if ctx.disguise(me, &ground) {
                    ctx.store_set(me, AMBUSH_KEY, 1);
                    return Ok(());
                }
            }
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `dire_wolf`: the first time it sees the player it howls: every monster
/// of its side within `howl_range` steps wakes and hunts. Then `melee`.
pub struct Howler;

impl MonsterBrain for Howler {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if ctx.store_get(me, HOWLED_KEY) != Some(1) && ctx.sees_player(me) && ctx.are_enemies(me, EntityId::PLAYER) {
            ctx.store_set(me, HOWLED_KEY, 1);
            let side = ctx.side_of(me);
            let range = setting(ctx, "howl_range");
            let pack: Vec<EntityId> = ctx
                .floor_creatures()
                .into_iter()
                .filter(|c| c.id != me && Some(c.side.to_string()) == side && c.pos.steps_to(this.pos) <= range)
                .map(|c| c.id)
                .collect();
            for &id in &pack {
                ctx.set_state(id, MonsterState::Hunting);
            }
            ctx.noise(this.pos, range);
            ctx.message(&format!("The {} howls: the floor answers!", this.name), MessageKind::Danger);
            ctx.event("howl", &[("monster", this.trace_name.as_str().into()), ("roused", (pack.len() as i64).into())]);
            return Ok(());
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `basilisk`: seeing an enemy 2 to 5 steps off in a clear line, once in
/// `gaze_every` turns, its gaze stiffens it (Stiffened, its turns lost)
/// for `gaze_turns`; otherwise `melee`.
pub struct Basilisk;

impl MonsterBrain for Basilisk {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        if let Some(t) = target(ctx, me).filter(|_| ready(ctx, me)) {
            let d = this.pos.steps_to(t.pos);
            let line = ctx.line_of_fire(this.pos, t.pos, d);
            let clear = line.last() == Some(&t.pos);
            if (2..=5).contains(&d) && clear && ctx.status_turns(t.id, STIFFENED).is_none() {
                ctx.add_status(t.id, STIFFENED, setting(ctx, "gaze_turns"));
                wait_for(ctx, me, setting(ctx, "gaze_every"));
                let text = if t.id.is_player() {
                    format!("The {} fixes you with its gaze: your limbs turn to stone!", this.name)
                } else {
                    format!("The {} fixes the {} with its gaze.", this.name, t.name)
                };
                seen_say(ctx, this.pos, &text);
                ctx.event(
                    "gaze",
                    &[("monster", this.trace_name.as_str().into()), ("target", t.trace_name.as_str().into())],
                );
                return Ok(());
            }
        }
        fight(ctx, me);
        Ok(())
    }
}
