//! The brains of the bestiary's monsters. Each registered under its name
//! in [`super::register`]; the records name them.

use emberdeep_api::terrain_traits::{DEEP, LIQUID};
use emberdeep_api::{Ctx, EntityId, MessageKind, MonsterBrain, PluginResult, Point};

use super::fight::{fight, stored_creature, strike, target};
use super::rules::{self, around};

/// Turns until a spider may shoot again: its store key (the turn it may).
const WEB_READY: &str = "web_ready";
/// Turns until a shaman may call again (the turn it may).
const CALL_READY: &str = "call_ready";
/// A summoned creature: the id of who called it.
pub const SUMMONER: &str = "summoner";
/// A summoned creature: the turn it fades.
pub const FADES: &str = "fades";
/// A golem's store key: 1 while it gathers itself for its next move.
const RESTING: &str = "resting";
/// A war band's follower: its leader's id.
const LEADER: &str = "leader";
/// The kind a war band follows.
pub const CHIEF: &str = "goblin_warchief";
/// The kind a shaman calls.
pub const CALLED: &str = "spirit_hound";

fn setting(ctx: &Ctx<'_>, key: &str) -> i32 {
    ctx.setting_value(key) as i32
}

/// `giant_bat`: erratic flight. Each turn, `bat_erratic_percent` in 100 it
/// flutters one random step; else it fights as `melee`.
pub struct Erratic;

impl MonsterBrain for Erratic {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let percent = setting(ctx, "bat_erratic_percent");
        if ctx.roll(1, 100) <= percent {
            tracing::info!(monster = me.0, "flutters");
            ctx.wander(me);
        } else {
            fight(ctx, me);
        }
        Ok(())
    }
}

/// `stone_golem`: slow. It acts on one turn, gathers itself on the next.
pub struct Slow;

impl MonsterBrain for Slow {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        if ctx.store_get(me, RESTING) == Some(1) {
            ctx.store_set(me, RESTING, 0);
            return Ok(());
        }
        ctx.store_set(me, RESTING, 1);
        fight(ctx, me);
        Ok(())
    }
}

/// `cave_spider`: shoots a web at an enemy it sees 2 to `web_range` steps
/// off, with a clear line, once every `web_every` turns; the web holds
/// (`webbed`, a lost turn each) for `web_turns` turns. Otherwise `melee`.
pub struct Spider;

impl MonsterBrain for Spider {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let ready = ctx.store_get(me, WEB_READY).unwrap_or(0) <= ctx.turn() as i64;
        if let Some(t) = target(ctx, me).filter(|_| ready) {
            let d = this.pos.steps_to(t.pos);
            let line = ctx.line_of_fire(this.pos, t.pos, d);
            let clear = line.last() == Some(&t.pos);
            let held = ctx.status_turns(t.id, "webbed").is_some();
            if (2..=setting(ctx, "web_range")).contains(&d) && clear && !held {
                let turns = setting(ctx, "web_turns");
                ctx.add_status(t.id, "webbed", turns);
                let next = ctx.turn() as i64 + ctx.setting_value("web_every");
                ctx.store_set(me, WEB_READY, next);
                let line_text = if t.id.is_player() {
                    format!("{} spits a web over you: you are stuck fast!", crate::the(ctx, me, &this.name))
                } else {
                    let whom = crate::called(ctx, t.id, &t.name);
                    format!("{} spits a web over {whom}.", crate::the(ctx, me, &this.name))
                };
                ctx.message(&line_text, MessageKind::Danger);
                let web = emberdeep_api::Look::new('*', emberdeep_api::Rgba::rgb(230, 230, 230), "");
                ctx.animate(web, &line, &[]);
                ctx.event(
                    "web",
                    &[("spider", this.trace_name.as_str().into()), ("target", t.trace_name.as_str().into())],
                );
                return Ok(());
            }
        }
        fight(ctx, me);
        Ok(())
    }
}

/// The filled pack slots.
fn filled_slots(ctx: &Ctx<'_>) -> Vec<u32> {
    (0..26).filter(|&s| ctx.pack_item(s).is_some()).collect()
}

/// `cutpurse`: next to the player with empty hands, it takes one pack
/// slot's item (the whole stack) instead of striking; carrying loot it
/// runs while it sees the player or the player sees it (cornered, it
/// fights) and keeps still otherwise; it drops the loot where it dies. With nothing to take, `melee`.
pub struct Cutpurse;

impl MonsterBrain for Cutpurse {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let player = ctx.player()?;
        let carrying = !ctx.carried(me).is_empty();
        if carrying {
            // In the player's view counts too: one that kept still where
            // the player sees it but it cannot see the player (further than
            // its sight) would stand in view for ever, and no exploring or
            // travelling starts while a monster is in view.
            let seen = ctx.monsters_in_view().contains(&me);
            if ctx.sees_player(me) || seen {
                match ctx.step_away(me, player.pos) {
                    Some(step) if ctx.move_creature(me, step) => {}
                    _ => fight(ctx, me),
                }
            }
            return Ok(());
        }
        let slots = filled_slots(ctx);
        let enemy = ctx.are_enemies(me, emberdeep_api::EntityId::PLAYER);
        if enemy && this.pos.is_adjacent(player.pos) && !slots.is_empty() {
            let slot = slots[ctx.roll(0, slots.len() as i32 - 1) as usize];
            if let Some(entry) = ctx.pack_item(slot) {
                if let Some(taken) = ctx.pack_take(slot, entry.count) {
                    if ctx.give(me, taken.clone()) {
                        // Named as the player knows it: an unknown potion stays unknown.
                        let line = format!(
                            "{} snatches {} from your pack and runs!",
                            crate::the(ctx, me, &this.name),
                            ctx.item_shown(&taken)
                        );
                        ctx.message(&line, MessageKind::Danger);
                        return Ok(());
                    }
                    ctx.pack_put(taken);
                }
            }
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `goblin_shaman`: seeing an enemy, once every `shaman_every` turns and
/// while fewer than `shaman_most` of its callings live, it calls two
/// spirit hounds onto free cells beside it, on its own side, for
/// `summoned_turns` turns. Otherwise it keeps 2 steps off (stepping away
/// from a closer enemy) unless cornered, and fights as `melee`.
pub struct Shaman;

impl MonsterBrain for Shaman {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let Some(t) = target(ctx, me) else {
            fight(ctx, me);
            return Ok(());
        };
        let now = ctx.turn() as i64;
        let ready = ctx.store_get(me, CALL_READY).unwrap_or(0) <= now;
        let mine = ctx
            .floor_creatures()
            .into_iter()
            .filter(|c| c.kind.as_str() == CALLED && ctx.store_get(c.id, SUMMONER) == Some(i64::from(me.0)))
            .count() as i64;
        if ready && mine < ctx.setting_value("shaman_most") {
            let side = ctx.side_of(me).unwrap_or_default();
            let free: Vec<Point> = around(this.pos).filter(|&p| ctx.is_free(p) && ctx.is_walkable(p)).collect();
            let mut called = 0;
            for at in free.into_iter().take(2) {
                if let Some(hound) = ctx.spawn(CALLED, at, &side) {
                    ctx.store_set(hound, SUMMONER, i64::from(me.0));
                    ctx.store_set(hound, FADES, now + ctx.setting_value("summoned_turns"));
                    // Called against an enemy in sight: it comes hunting, never wandering.
                    ctx.set_state(hound, emberdeep_api::MonsterState::Hunting);
                    called += 1;
                }
            }
            ctx.store_set(me, CALL_READY, now + ctx.setting_value("shaman_every"));
            if called > 0 {
                let line =
                    format!("{} howls a chant: spirit hounds leap out of the smoke!", crate::the(ctx, me, &this.name));
                ctx.message(&line, MessageKind::Danger);
                return Ok(());
            }
        }
        if this.pos.steps_to(t.pos) < 2 {
            if let Some(step) = ctx.step_away(me, t.pos) {
                if ctx.move_creature(me, step) {
                    return Ok(());
                }
            }
        } else if this.pos.steps_to(t.pos) == 2 {
            return Ok(()); // chanting, out of reach
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `spirit_hound` (brain `fleeting`): fights as `melee` until the turn its store says it
/// fades, then leaves the world (no death, no kill).
pub struct Summoned;

impl MonsterBrain for Summoned {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        if ctx.store_get(me, FADES).is_some_and(|t| t <= ctx.turn() as i64) {
            if let Some(this) = ctx.creature(me) {
                let seen = ctx.is_visible(this.pos);
                let line = format!("{} fades into smoke.", crate::the(ctx, me, &this.name));
                if ctx.remove(me) && seen {
                    ctx.say(&line);
                }
            }
            return Ok(());
        }
        fight(ctx, me);
        Ok(())
    }
}

/// `will_o_wisp`: next to an enemy it touches it, then `wisp_blink_percent`
/// in 100 blinks to a free cell 3 to 5 steps from it; further off, the same
/// chance to blink onto a free cell beside it, else a step closer. It
/// blinks only onto cells within `wisp_blink_range` steps of itself.
pub struct Blinker;

impl Blinker {
    fn blink(ctx: &mut Ctx<'_>, me: EntityId, from: Point, target: Point, close: bool) -> bool {
        let range = ctx.setting_value("wisp_blink_range") as i32;
        let mut options = Vec::new();
        for y in from.y - range..=from.y + range {
            for x in from.x - range..=from.x + range {
                let p = Point::new(x, y);
                if p != from && ctx.is_open_ground(p) {
                    options.push(p);
                }
            }
        }
        let cells = rules::blink_cells(target, close, &options);
        if cells.is_empty() {
            return false;
        }
        let at = cells[ctx.roll(0, cells.len() as i32 - 1) as usize];
        ctx.place(me, at)
    }
}

impl MonsterBrain for Blinker {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let Some(t) = target(ctx, me) else {
            fight(ctx, me);
            return Ok(());
        };
        let percent = ctx.setting_value("wisp_blink_percent") as i32;
        if this.pos.is_adjacent(t.pos) {
            if strike(ctx, &this, &t) {
                return Ok(());
            }
            if ctx.roll(1, 100) <= percent && Self::blink(ctx, me, this.pos, t.pos, false) {
                tracing::info!(monster = this.trace_name.as_str(), "blinks away");
            }
        } else if ctx.roll(1, 100) <= percent && Self::blink(ctx, me, this.pos, t.pos, true) {
            tracing::info!(monster = this.trace_name.as_str(), "blinks close");
        } else if let Some(step) = ctx.step_toward(me, t.pos) {
            ctx.move_creature(me, step);
        }
        Ok(())
    }
}

/// Whether `at` is deep water an eel swims in: liquid and deep, whichever
/// plugin's terrain it is, and a cell one can be on.
pub fn is_deep_water(ctx: &mut Ctx<'_>, at: Point) -> bool {
    ctx.terrain_has(at, DEEP) && ctx.terrain_has(at, LIQUID) && ctx.is_walkable(at)
}

/// `eel`: never leaves deep water. It bites an enemy next to it; seeing
/// one further off, it swims to the free water cell round it nearest
/// that enemy (if nearer); else, one time in two, to a random free water
/// cell round it.
pub struct Eel;

impl MonsterBrain for Eel {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let water: Vec<Point> = around(this.pos).filter(|&p| ctx.is_free(p) && is_deep_water(ctx, p)).collect();
        match target(ctx, me) {
            Some(t) if this.pos.is_adjacent(t.pos) => {
                strike(ctx, &this, &t);
            }
            Some(t) => {
                if let Some(step) = rules::water_step(this.pos, t.pos, &water) {
                    ctx.move_creature(me, step);
                }
            }
            None => {
                let pick = ctx.roll(0, 2 * water.len() as i32 - 1);
                if let Some(&step) = water.get(pick as usize) {
                    ctx.move_creature(me, step);
                }
            }
        }
        Ok(())
    }
}

/// `goblin_raider`: a war band's follower. It keeps to the nearest living
/// war chief of its side (found once, then remembered): further than
/// `band_leash` steps from it, it goes back; near it, it fights what it
/// sees as `melee`, and with nothing to fight keeps still. With no chief
/// left, it fights as `melee`.
pub struct Follower;

impl Follower {
    fn leader(ctx: &mut Ctx<'_>, me: EntityId, at: Point) -> Option<emberdeep_api::CreatureInfo> {
        if let Some(chief) = stored_creature(ctx, me, LEADER) {
            return Some(chief);
        }
        let side = ctx.side_of(me);
        let chief = ctx
            .floor_creatures()
            .into_iter()
            .filter(|c| c.kind.as_str() == CHIEF && Some(c.side.to_string()) == side && c.pos.steps_to(at) <= 10)
            .min_by_key(|c| (c.pos.steps_to(at), c.id))?;
        ctx.store_set(me, LEADER, i64::from(chief.id.0));
        ctx.creature(chief.id)
    }
}

impl MonsterBrain for Follower {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let Some(chief) = Self::leader(ctx, me, this.pos) else {
            fight(ctx, me);
            return Ok(());
        };
        let leash = ctx.setting_value("band_leash") as i32;
        let far = this.pos.steps_to(chief.pos);
        if rules::back_to_leader(far, leash) {
            match target(ctx, me) {
                // Next to an enemy it still strikes rather than turn its back.
                Some(t) if this.pos.is_adjacent(t.pos) => {
                    strike(ctx, &this, &t);
                }
                _ => {
                    if let Some(step) = ctx.step_toward(me, chief.pos) {
                        ctx.move_creature(me, step);
                    }
                }
            }
        } else if target(ctx, me).is_some() {
            fight(ctx, me);
        }
        Ok(())
    }
}
