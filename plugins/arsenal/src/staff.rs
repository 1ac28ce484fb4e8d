//! The staffs: one effect per bolt, aimed through the host's Targeting
//! state. A zap spends one charge kept on the staff; the charges come back
//! one by one over time (see [`crate::items::recharge`]).

use emberdeep_api::{
    AimRequest, Attack, Ctx, Damage, EntityId, FieldValue, ItemEffect, ItemUse, Look, MessageKind, PluginResult, Point,
    Rgba, UseOutcome,
};

use emberdeep_api::terrain_traits::HAZARD;

use crate::items::{self, Sort, ME};
use crate::rules::{self, Bolt, CHARGES, WAIT};
use crate::{crystal, knowing};

/// The status a staff of entrancement puts on.
pub const ENTRANCED: &str = "staff_entranced";
/// The status a staff of slowness puts on.
pub const SLOWED: &str = "staff_slowed";

/// One staff's effect.
pub struct Staff(pub Bolt);

fn range(item: &ItemUse) -> i32 {
    item.param_or("range", 10).clamp(1, 40) as i32
}

impl Staff {
    fn request(&self, ctx: &Ctx<'_>, item: &ItemUse) -> AimRequest {
        match self.0 {
            Bolt::Lightning => AimRequest::bolt(range(item)),
            Bolt::Blinking => {
                let level = item.item().map_or(2, |id| items::level(ctx, id, Sort::Staff));
                AimRequest { stops_at_cursor: true, ..AimRequest::missile(self.0.lasting(level)) }
            }
            Bolt::Obstruction => AimRequest { stops_at_cursor: true, ..AimRequest::missile(range(item)) },
            _ => AimRequest::missile(range(item)),
        }
    }

    fn look(&self) -> Look {
        let (glyph, color) = match self.0 {
            Bolt::Firebolt => ('*', Rgba::rgb(255, 120, 40)),
            Bolt::Lightning => ('~', Rgba::rgb(170, 210, 255)),
            Bolt::Blinking => ('*', Rgba::rgb(200, 120, 255)),
            Bolt::Entrancement => ('*', Rgba::rgb(250, 150, 220)),
            Bolt::Obstruction => ('*', Rgba::rgb(140, 230, 230)),
            Bolt::Slowness => ('*', Rgba::rgb(120, 140, 200)),
            Bolt::HealingOther => ('*', Rgba::rgb(120, 230, 120)),
        };
        Look::new(glyph, color, "bolt")
    }
}

impl ItemEffect for Staff {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let id = item.item().ok_or("the staff has no item identity to keep its charges on")?;
        if items::charges(ctx, id) == 0 {
            ctx.message("The staff fizzles: it has no charge left. It will recharge in time.", MessageKind::Info);
            return Ok(UseOutcome::NoTurn);
        }
        Ok(UseOutcome::Aim(self.request(ctx, item)))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], target: Point) -> PluginResult<UseOutcome> {
        let id = item.item().ok_or("the staff has no item identity to keep its charges on")?;
        let level = items::level(ctx, id, Sort::Staff);
        let charges = items::charges(ctx, id);
        if charges == 0 {
            ctx.say("The staff fizzles: it has no charge left.");
            return Ok(UseOutcome::NoTurn);
        }
        if charges >= level {
            // It was full: the wait for the next charge starts now.
            let base = ctx.setting_value("staff_recharge");
            ctx.item_set(id, WAIT, rules::staff_turns(base, level) * 10);
        }
        ctx.item_set(id, CHARGES, charges - 1);
        knowing::learn(ctx, item.kind.as_str());
        let struck = zap(self, ctx, path, target, level)?;
        let mut fields: Vec<(&str, FieldValue)> =
            vec![("staff", item.kind.as_str().into()), ("level", level.into()), ("charges", (charges - 1).into())];
        fields.push(("target", struck.as_str().into()));
        ctx.event("zap", &fields);
        Ok(UseOutcome::Kept)
    }

    fn aim_preview(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        let Some(id) = item.item() else { return Ok(None) };
        Ok((items::charges(ctx, id) > 0).then(|| self.request(ctx, item)))
    }

    fn describe_target(&self, ctx: &mut Ctx<'_>, item: &ItemUse, _target: EntityId) -> PluginResult<Vec<String>> {
        let Some(id) = item.item() else { return Ok(Vec::new()) };
        Ok(facts(self.0, items::level(ctx, id, Sort::Staff)))
    }

    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let Some(id) = item.item() else { return Ok(None) };
        if !knowing::known(ctx, item.kind.as_str()) {
            return Ok(None);
        }
        Ok(Some(rules::staff_suffix(items::charges(ctx, id), items::level(ctx, id, Sort::Staff))))
    }

    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let level = item.item().map_or(2, |id| items::level(ctx, id, Sort::Staff));
        let mut lines = facts(self.0, level);
        if let Some(id) = item.item() {
            let base = ctx.setting_value("staff_recharge");
            lines.push(format!(
                "Charges {}/{level}; one comes back every {} turns.",
                items::charges(ctx, id),
                rules::staff_turns(base, level)
            ));
        }
        Ok(lines)
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let Some(id) = item.item() else { return Ok(()) };
        // Most staffs come at level 2, one in four deeper down at 3.
        let level = if ctx.floor() >= 6 && ctx.one_in(4) { 3 } else { 2 };
        ctx.item_set(id, rules::LEVEL, level);
        ctx.item_set(id, CHARGES, level);
        Ok(())
    }
}

/// What a staff's card says at `level`.
pub fn facts(bolt: Bolt, level: i64) -> Vec<String> {
    let l = bolt.lasting(level);
    vec![match bolt {
        Bolt::Firebolt | Bolt::Lightning => {
            let d = bolt.damage(level).unwrap_or(Damage::new(1, 1));
            format!("Damage {}-{}, armor ignored.", d.min, d.max)
        }
        Bolt::Blinking => format!("Blinks you up to {l} cells."),
        Bolt::Entrancement => format!("Spellbinds for {l} turns."),
        Bolt::Obstruction => format!("Crystal {} cells around, for {l} turns.", Bolt::crystal_radius(level)),
        Bolt::Slowness => format!("Slows for {l} turns."),
        Bolt::HealingOther => format!("Heals the creature struck {l}."),
    }]
}

/// The first creature on `path`, and how far along it.
fn first_creature(ctx: &Ctx<'_>, path: &[Point]) -> Option<(usize, EntityId)> {
    path.iter().enumerate().find_map(|(i, &p)| ctx.creature_at(p).filter(|c| !c.is_player()).map(|c| (i, c)))
}

/// Zaps the bolt; returns the trace name of what it struck, or `none`.
fn zap(staff: &Staff, ctx: &mut Ctx<'_>, path: &[Point], target: Point, level: i64) -> PluginResult<String> {
    let bolt = staff.0;
    let look = staff.look();
    let me = ctx.player()?;
    match bolt {
        Bolt::Lightning => {
            ctx.animate(look, path, &[]);
            let damage = bolt.damage(level).unwrap_or(Damage::new(1, 1));
            let mut struck = Vec::new();
            for &p in path {
                let Some(c) = ctx.creature_at(p).filter(|c| !c.is_player()) else { continue };
                let Some(info) = ctx.creature(c) else { continue };
                let dealt = ctx.roll_damage(damage);
                let text = format!("The lightning strikes the {} ({dealt}).", info.name);
                ctx.attack(
                    Attack::new(ME, c, "lightning")
                        .hit_for(dealt)
                        .with_chance(100)
                        .with_distance(me.pos.steps_to(p))
                        .with_killer("a staff of lightning")
                        .with_message(&text),
                );
                struck.push(info.trace_name.to_string());
            }
            if struck.is_empty() {
                ctx.say("The lightning crackles off into the distance.");
                return Ok("none".into());
            }
            Ok(struck.join(","))
        }
        Bolt::Blinking => {
            // The last free cell before anything that stops a body.
            let mut to = None;
            for &p in path {
                if !(ctx.is_free(p) && ctx.is_walkable(p)) || ctx.terrain_has(p, HAZARD) {
                    break;
                }
                to = Some(p);
                if p == target {
                    break;
                }
            }
            let Some(to) = to else {
                ctx.say("You blink in place: there is no room.");
                return Ok("none".into());
            };
            let flight: Vec<Point> = path.iter().copied().take_while(|&p| p != to).chain([to]).collect();
            ctx.animate(look, &flight, &[]);
            ctx.place(ME, to);
            ctx.message("You blink.", MessageKind::Good);
            Ok(format!("{},{}", to.x, to.y))
        }
        Bolt::Obstruction => {
            let end = path.iter().copied().take_while(|&p| ctx.creature_at(p).is_none()).last().unwrap_or(me.pos);
            ctx.animate(look, &path[..path.iter().position(|&p| p == end).map_or(0, |i| i + 1)], &[]);
            let grown = crystal::grow(ctx, end, Bolt::crystal_radius(level), bolt.lasting(level))?;
            ctx.say(&format!("Crystal grows out of the ground ({grown} cells)."));
            Ok("none".into())
        }
        _ => {
            let hit = first_creature(ctx, path);
            let flight = hit.map_or(path, |(i, _)| &path[..=i]);
            ctx.animate(look, flight, &[]);
            let Some((i, c)) = hit else {
                ctx.say("The bolt flies off and strikes nothing.");
                return Ok("none".into());
            };
            let Some(info) = ctx.creature(c) else { return Ok("none".into()) };
            let name = info.name.to_string();
            match bolt {
                Bolt::Firebolt => {
                    let dealt = ctx.roll_damage(bolt.damage(level).unwrap_or(Damage::new(1, 1)));
                    let text = format!("The bolt of fire burns the {name} ({dealt}).");
                    ctx.attack(
                        Attack::new(ME, c, "fire")
                            .hit_for(dealt)
                            .with_chance(100)
                            .with_distance(me.pos.steps_to(path[i]))
                            .with_killer("a staff of firebolt")
                            .with_message(&text),
                    );
                }
                Bolt::Entrancement => {
                    ctx.add_status(c, ENTRANCED, bolt.lasting(level));
                    ctx.message(&format!("The {name} stands spellbound."), MessageKind::Good);
                }
                Bolt::Slowness => {
                    ctx.add_status(c, SLOWED, bolt.lasting(level));
                    ctx.message(&format!("The {name} slows down."), MessageKind::Good);
                }
                Bolt::HealingOther => {
                    let healed = ctx.heal(c, bolt.lasting(level));
                    ctx.say(&format!("The {name} looks healthier (+{healed})."));
                }
                _ => {}
            }
            Ok(info.trace_name.to_string())
        }
    }
}
