//! The wands: slowing, beckoning and banishment. Each is aimed as a
//! missile (its bolt stops at the first creature), rolls its charges when
//! made, and spends one a zap.

use emberdeep_api::{
    AimRequest, Ctx, EntityId, FieldValue, ItemEffect, ItemUse, Look, MessageKind, PluginError, PluginResult, Point,
    Rgba, UseOutcome,
};

use super::rules::{beckon_cell, charges_suffix, fact, number, turns, Wand, CHARGES_KEY, SLOWED, SPENT};
use super::scrolls::send_far;

/// What a wand does to the creature its bolt stops on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zap {
    /// Slowed for the record's `turns`.
    Slowing,
    /// Pulled to the free cell next to the player along the bolt.
    Beckoning,
    /// Sent to a far free cell, `min_distance` or more from the player.
    Banishment,
}

/// A wand effect: `slowing`, `beckoning` or `banishment`.
pub struct WandOf(pub Zap);

fn wand(item: &ItemUse) -> Wand {
    Wand::from_params(|n| item.param(n))
}

fn charges_left(ctx: &Ctx<'_>, item: &ItemUse) -> i64 {
    wand(item).charges_left(item.item().and_then(|id| ctx.item_get(id, CHARGES_KEY)))
}

fn bolt(zap: Zap) -> Look {
    match zap {
        Zap::Slowing => Look::new('*', Rgba::rgb(120, 160, 255), "bolt"),
        Zap::Beckoning => Look::new('*', Rgba::rgb(200, 120, 255), "bolt"),
        Zap::Banishment => Look::new('*', Rgba::rgb(240, 240, 255), "bolt"),
    }
}

impl WandOf {
    /// Does the wand's work on `target`, which the bolt stopped on at `path[index]`.
    fn strike(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], index: usize, target: EntityId) -> String {
        let name = ctx.creature(target).map(|c| c.name).unwrap_or_default();
        // "The goblin", or "The allied goblin" for one on the player's side.
        let name = crate::the(ctx, target, &name);
        match self.0 {
            Zap::Slowing => {
                ctx.add_status(target, SLOWED, turns(|n| item.param(n), 12));
                format!("{name} slows down.")
            }
            Zap::Beckoning => match beckon_cell(path, index, |p| ctx.is_free(p) && ctx.is_walkable(p)) {
                Some(at) if ctx.place(target, at) => format!("{name} is pulled to your side!"),
                _ => format!("{name} shudders, but does not come closer."),
            },
            Zap::Banishment => {
                let p = |n: &str| item.param(n);
                if send_far(ctx, target, number(&p, "min_distance", 10, 1, 200) as i32) {
                    format!("{name} vanishes!")
                } else {
                    format!("{name} flickers, and stays.")
                }
            }
        }
    }
}

impl ItemEffect for WandOf {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        if charges_left(ctx, item) == 0 {
            ctx.say(SPENT);
            return Ok(UseOutcome::NoTurn);
        }
        ctx.say("The wand thrums. Aim it.");
        Ok(UseOutcome::Aim(wand(item).request()))
    }

    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        let id = item.item().ok_or("the wand has no item of its own to keep its charges on")?;
        let left = charges_left(ctx, item);
        if left == 0 {
            ctx.say(SPENT);
            return Ok(UseOutcome::NoTurn);
        }
        if !ctx.item_set(id, CHARGES_KEY, left - 1) {
            return Err(PluginError::new("the host would not keep the wand's charges"));
        }
        let struck =
            path.iter().enumerate().find_map(|(i, &p)| ctx.creature_at(p).filter(|c| !c.is_player()).map(|c| (i, c)));
        let flight = struck.map_or(path, |(i, _)| &path[..=i]);
        ctx.animate(bolt(self.0), flight, &[]);
        let mut fields: Vec<(&str, FieldValue)> = vec![("charges_left", (left - 1).into())];
        match struck {
            Some((i, target)) => {
                let trace = ctx.creature(target).map(|c| c.trace_name).unwrap_or_default();
                let line = self.strike(ctx, item, path, i, target);
                ctx.message(&line, MessageKind::Info);
                fields.push(("target", trace.as_str().into()));
            }
            None => ctx.say("The bolt fades into nothing."),
        }
        ctx.event("wand_zap", &fields);
        if left == 1 {
            ctx.message("The wand's last charge is gone.", MessageKind::Info);
        }
        Ok(UseOutcome::Kept)
    }

    fn aim_cancelled(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        Ok(UseOutcome::NoTurn)
    }

    fn aim_preview(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        Ok((charges_left(ctx, item) > 0).then(|| wand(item).request()))
    }

    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        Ok(Some(charges_suffix(charges_left(ctx, item))))
    }

    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let w = wand(item);
        if let Some(id) = item.item() {
            let charges = ctx.roll(w.charges_min as i32, w.charges_max as i32);
            ctx.item_set(id, CHARGES_KEY, i64::from(charges));
        }
        Ok(())
    }

    fn describe_target(&self, ctx: &mut Ctx<'_>, item: &ItemUse, _target: EntityId) -> PluginResult<Vec<String>> {
        Ok(vec![format!("Charges: {}", charges_left(ctx, item))])
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        let mut lines: Vec<String> = match self.0 {
            Zap::Slowing => {
                fact(&p, "lasts", |t| format!("Slows the monster it strikes for {t} turns.")).into_iter().collect()
            }
            Zap::Beckoning => vec!["Pulls the monster it strikes to your side.".to_string()],
            Zap::Banishment => {
                fact(&p, "min_distance", |d| format!("Sends the monster it strikes {d} or more steps away."))
                    .into_iter()
                    .collect()
            }
        };
        lines.extend(fact(&p, "range", |r| format!("Range {r}.")));
        Ok(lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::Damage;

    fn zap(game: &mut TestGame, effect: &WandOf, wand: &ItemUse, path: &[Point]) -> UseOutcome {
        let mut ctx = game.ctx();
        assert!(matches!(effect.use_item(&mut ctx, wand).unwrap(), UseOutcome::Aim(_)));
        effect.aimed(&mut ctx, wand, path, *path.last().unwrap()).unwrap()
    }

    fn line(from: i32, to: i32) -> Vec<Point> {
        (from..=to).map(|x| Point::new(x, 1)).collect()
    }

    #[test]
    fn slowing_slows_the_first_monster_and_spends_a_charge() {
        let mut game = TestGame::new(12, 5);
        let orc = game.add_monster("orc", Point::new(5, 1), 10, Damage::new(1, 2), "melee");
        let wand = game.item_use("wand_of_slowing", &[("charges_min", 2), ("charges_max", 2), ("lasts", 12)]);
        assert_eq!(zap(&mut game, &WandOf(Zap::Slowing), &wand, &line(2, 7)), UseOutcome::Kept);
        assert!(game.statuses.contains(&(orc, SLOWED.to_string(), 12)));
        assert_eq!(WandOf(Zap::Slowing).suffix(&mut game.ctx(), &wand).unwrap(), Some("(1)".into()));
        zap(&mut game, &WandOf(Zap::Slowing), &wand, &line(2, 7));
        assert_eq!(WandOf(Zap::Slowing).use_item(&mut game.ctx(), &wand).unwrap(), UseOutcome::NoTurn);
    }

    #[test]
    fn beckoning_pulls_the_monster_next_to_the_player() {
        let mut game = TestGame::new(12, 5);
        let orc = game.add_monster("orc", Point::new(6, 1), 10, Damage::new(1, 2), "melee");
        let wand = game.item_use("wand_of_beckoning", &[("charges_min", 3), ("charges_max", 3)]);
        zap(&mut game, &WandOf(Zap::Beckoning), &wand, &line(2, 8));
        assert_eq!(game.get(orc).unwrap().pos, Point::new(2, 1));
        assert_eq!(game.messages.last().unwrap(), "The orc is pulled to your side!");
    }

    #[test]
    fn banishment_sends_the_monster_far_away() {
        let mut game = TestGame::new(40, 20);
        let orc = game.add_monster("orc", Point::new(4, 1), 10, Damage::new(1, 2), "melee");
        let wand = game.item_use("wand_of_banishment", &[("min_distance", 10)]);
        zap(&mut game, &WandOf(Zap::Banishment), &wand, &line(2, 8));
        assert!(game.get(orc).unwrap().pos.steps_to(Point::new(1, 1)) >= 10);
    }

    #[test]
    fn a_new_wand_rolls_its_charges_within_the_record() {
        let mut game = TestGame::new(12, 5);
        let wand = game.item_use("wand_of_slowing", &[("charges_min", 3), ("charges_max", 6)]);
        WandOf(Zap::Slowing).made(&mut game.ctx(), &wand).unwrap();
        let left = charges_left(&game.ctx(), &wand);
        assert!((3..=6).contains(&left), "{left}");
    }
}
