//! # wand_of_sparks: an item with charges
//!
//! A wand that shoots a spark at the first creature on the line, three times,
//! then is spent. It shows how an item keeps something of its own:
//!
//! * every item in the game has an identity ([`ItemUse::item`]) and a store
//!   of numbers the host saves with the run ([`Ctx::item_get`],
//!   [`Ctx::item_set`]). The wand keeps its charges there, so the plugin
//!   itself holds no state, and two wands count apart;
//! * until the wand is first used nothing is stored, and the record's
//!   `charges` param stands in;
//! * [`ItemEffect::suffix`] lets the pack write "wand of sparks (2)";
//! * using the wand returns [`UseOutcome::Aim`], the host runs the cursor,
//!   and [`ItemEffect::aimed`] gets the path; it returns
//!   [`UseOutcome::Kept`], so the wand stays in the pack (`Consumed` would
//!   take it away, as a scroll goes);
//! * [`Ctx::event`] writes an event of the plugin's own, `spark`, to the trace.
//!
//! The numbers and words live in [`rules`], which is tested without a game.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{
    blow_damage, export_plugin, AimRequest, Attack, Ctx, EntityId, FieldValue, ItemEffect, ItemUse, Look, MessageKind,
    PluginError, PluginResult, Point, Registrar, Rgba, UseOutcome,
};

use rules::{Wand, CHARGES_KEY};

/// The effect named `spark` in item records (params `charges`, `range`,
/// `damage_min`, `damage_max`).
pub struct Spark;

/// How a spark looks as it flies: the glyph view draws the `*`, the tile
/// view the atlas's `bolt` tile.
fn spark_look() -> Look {
    Look::new('*', Rgba::rgb(255, 230, 90), "bolt")
}

/// The charges this wand has left: its stored count, or the record's while
/// nothing is stored yet. Only reads, so it works in the look-only contexts
/// the host lends to `suffix`, `aim_preview` and `describe_target`.
fn charges_left(ctx: &Ctx<'_>, item: &ItemUse, wand: &Wand) -> i64 {
    let stored = item.item().and_then(|id| ctx.item_get(id, CHARGES_KEY));
    wand.charges_left(stored)
}

impl ItemEffect for Spark {
    /// The player chose the wand in the pack: aim if it has a charge left.
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let wand = Wand::from_params(|name| item.param(name));
        if charges_left(ctx, item, &wand) == 0 {
            // No turn passes: the player only learns the wand is empty.
            ctx.say(rules::SPENT);
            return Ok(UseOutcome::NoTurn);
        }
        ctx.say("The wand hums. Aim it.");
        Ok(UseOutcome::Aim(wand.request()))
    }

    /// The player fired: `path` is the line the host shaded, cut at the
    /// first creature (a missile request stops there), the player's own
    /// cell left out.
    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], _target: Point) -> PluginResult<UseOutcome> {
        let wand = Wand::from_params(|name| item.param(name));
        // Without an identity there is nowhere to keep the charges; the host
        // gives one to every item in the pack, so this is a host bug if it
        // happens, and an error is reported under the plugin's name.
        let id = item.item().ok_or("the wand has no item identity to keep its charges on")?;
        let left = charges_left(ctx, item, &wand);
        if left == 0 {
            ctx.say(rules::SPENT);
            return Ok(UseOutcome::NoTurn);
        }
        let left = rules::after_zap(left);
        if !ctx.item_set(id, CHARGES_KEY, left) {
            return Err(PluginError::new("the host would not store the wand's charges"));
        }

        let player = ctx.player()?;
        // The first creature on the path (the player is never on it), and
        // how far along the path it stands.
        let victim =
            path.iter().enumerate().find_map(|(i, &p)| ctx.creature_at(p).filter(|c| !c.is_player()).map(|c| (i, c)));
        // The spark flies to the victim, or to the end of the line.
        let flight = victim.map_or(path, |(i, _)| &path[..=i]);
        ctx.animate(spark_look(), flight, &[]);

        let mut fields: Vec<(&str, FieldValue)> = vec![("charges_left", left.into())];
        match victim.and_then(|(i, c)| ctx.creature(c).map(|info| (info, path[i]))) {
            Some((them, at)) => {
                // Roll the spark, take off the target's defense (never below 1).
                let dealt = blow_damage(ctx.roll_damage(wand.damage), them.defense);
                let kills = dealt >= them.hp;
                // The host applies it: the damage, the log line, the `attack`
                // event, the kill. A spark never misses (a chance of 100).
                let spark = Attack::new(EntityId::PLAYER, them.id, "spark")
                    .hit_for(dealt)
                    .with_chance(100)
                    .with_distance(player.pos.steps_to(at))
                    .with_killer("a wand of sparks")
                    .with_message(&rules::hit_line(&them.name, dealt, kills));
                ctx.attack(spark);
                fields.push(("target", them.trace_name.as_str().into()));
                fields.push(("damage", dealt.into()));
                fields.push(("killed", kills.into()));
            }
            None => ctx.say(rules::FIZZLE),
        }
        // One event of our own per zap, after the host's `attack` event.
        ctx.event("spark", &fields);
        tracing::debug!(charges_left = left, "zap");
        if left == 0 {
            ctx.message(rules::LAST_CHARGE, MessageKind::Info);
        }
        // The wand stays in the pack; the turn passes.
        Ok(UseOutcome::Kept)
    }

    /// Esc while aiming: the wand is put away, no charge spent, no turn gone
    /// (this is the default too; written out to show the choice).
    fn aim_cancelled(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        Ok(UseOutcome::NoTurn)
    }

    /// The look panel while the cursor is on `target`.
    fn describe_target(&self, ctx: &mut Ctx<'_>, item: &ItemUse, target: EntityId) -> PluginResult<Vec<String>> {
        let wand = Wand::from_params(|name| item.param(name));
        let defense = ctx.creature(target).map_or(0, |c| c.defense);
        Ok(rules::describe(wand.damage, defense, charges_left(ctx, item, &wand)))
    }

    /// How the wand would be aimed now: as `use_item` would ask, if charged.
    fn aim_preview(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        let wand = Wand::from_params(|name| item.param(name));
        Ok((charges_left(ctx, item, &wand) > 0).then(|| wand.request()))
    }

    /// "(3)" after the name, in the pack, on the floor and in the look panel.
    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let wand = Wand::from_params(|name| item.param(name));
        Ok(Some(rules::suffix(charges_left(ctx, item, &wand))))
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a wand of sparks whose charges are kept on the item", "");
    reg.item_effect("spark", Spark);
    // The charges kept on each wand: a save holding more, or fewer than none, is refused.
    reg.stored(CHARGES_KEY, 0, 1000);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;

    /// The whole effect against the api's stand-in game: three zaps spend
    /// three charges kept on the wand, the suffix follows, the fourth use
    /// takes no turn.
    #[test]
    fn three_zaps_spend_three_charges_and_the_fourth_use_takes_no_turn() {
        use emberdeep_api::testing::TestGame;
        let mut game = TestGame::new(12, 5);
        let ogre = game.add_monster("ogre", Point::new(4, 1), 40, emberdeep_api::Damage::new(1, 2), "melee");
        let wand =
            game.item_use("wand_of_sparks", &[("charges", 3), ("range", 6), ("damage_min", 3), ("damage_max", 6)]);
        let path = [Point::new(2, 1), Point::new(3, 1), Point::new(4, 1)];
        for left in [2, 1, 0] {
            let mut ctx = game.ctx();
            assert!(matches!(Spark.use_item(&mut ctx, &wand).unwrap(), UseOutcome::Aim(_)));
            assert_eq!(Spark.aimed(&mut ctx, &wand, &path, path[2]).unwrap(), UseOutcome::Kept);
            assert_eq!(Spark.suffix(&mut ctx, &wand).unwrap(), Some(format!("({left})")));
        }
        assert_eq!(Spark.use_item(&mut game.ctx(), &wand).unwrap(), UseOutcome::NoTurn);
        assert_eq!(game.attacks.iter().filter(|a| a.target == ogre && a.hit).count(), 3);
        assert_eq!(game.messages.last().map(String::as_str), Some(rules::SPENT));
    }

    #[test]
    fn registers_the_spark_effect() {
        let mut reg = Registrar::new("wand_of_sparks", "0.1.0");
        register(&mut reg).expect("register");
        assert_eq!(reg.names().item_effects, ["spark"]);
    }
}
