//! # trader: a peaceful creature to trade with (api 1.6)
//!
//! A trader (`data/trader/monsters.toml`) is *peaceful*: its record says
//! `peaceful = true`, so the host holds it neutral to the player's side
//! until the player (or an ally) attacks it. It stands on a side of this
//! plugin's own, `traders`, which the plugin declares neutral to the
//! monsters' side, so the monsters and the trader leave each other be.
//! It shows the standings of api 1.6:
//!
//! * [`Registrar::standing`] declares how two sides stand from the start
//!   of every run (`traders` neutral to `monsters`);
//! * a record's `peaceful = true`, read with [`Ctx::is_peaceful`]: the
//!   trader's brain minds its stall while peaceful, and fights (as
//!   core_combat's `melee`) once provoked;
//! * [`Hooks::meet`]: walking into a creature that is not the player's
//!   enemy comes here first. The trader offers its ware, a potion of
//!   healing, for gold ("Buy a potion of healing for 10 gold coins?") or,
//!   short of gold, for an item of the pack ("Trade your 2 darts for a
//!   potion of healing?"): a question ([`Ctx::ask`]), answered in
//!   [`Hooks::answered`]. Sold out, it passes, and the host asks "Really
//!   attack the peaceful trader?";
//! * [`Hooks::provoking`]: the first blow it takes, the trader answers
//!   instead of the host ("Watch it!") and stays peaceful;
//! * [`Hooks::provoked`]: at the second, the host makes it hostile to the
//!   player's side (traced `provoked`) and tells the plugins; the trader
//!   says so.
//!
//! What it is paid, gold or an item, it carries ([`Ctx::give`]), and drops
//! where it dies. Each trade is traced as this plugin's event `trade`.
//! The offers, topics and words are in [`rules`], tested without a game.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{
    export_plugin, Ctx, EntityId, Hooks, MessageKind, MonsterBrain, PackEntry, PluginError, PluginResult, Registrar,
    Standing, MONSTERS_SIDE,
};

use rules::{Offer, FIGHTING_BRAIN, SOLD_KEY, TRADERS_SIDE, TRADER_BRAIN, WARE, WARNED_KEY};

/// The pack's slots.
const PACK_SLOTS: u32 = 26;

/// The brain named `trader` in monster records.
pub struct Trader;

impl MonsterBrain for Trader {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        // Peaceful with no enemy in sight, it minds its stall.
        if ctx.is_peaceful(me) && ctx.nearest_enemy(me).is_none() {
            return Ok(());
        }
        if !ctx.run_brain(me, FIGHTING_BRAIN) {
            tracing::warn!(brain = FIGHTING_BRAIN, "no such brain loaded; wandering instead");
            ctx.wander(me);
        }
        Ok(())
    }
}

/// The pack's filled slots: slot, kind, count.
fn pack(ctx: &Ctx<'_>) -> Vec<(u32, String, u32)> {
    (0..PACK_SLOTS).filter_map(|s| ctx.pack_item(s).map(|e| (s, e.kind.to_string(), e.count))).collect()
}

/// "a potion of healing": the ware as the player is shown it.
fn ware_shown(ctx: &mut Ctx<'_>) -> String {
    let ware = PackEntry { kind: WARE.into(), count: 1, item: emberdeep_api::ItemId(0) };
    ctx.item_shown(&ware)
}

/// Whether `id` is a trader still willing to trade: peaceful, with a
/// potion left.
fn trading(ctx: &mut Ctx<'_>, id: EntityId) -> bool {
    ctx.brain_of(id).as_deref() == Some(TRADER_BRAIN)
        && ctx.is_peaceful(id)
        && ctx.store_get(id, SOLD_KEY).unwrap_or(0) < ctx.setting_value("stock")
}

/// The trader's ways.
pub struct Trading;

impl Hooks for Trading {
    /// Walking into a trader with a potion left: its offer, as a question
    /// (no turn passes until the answer). Sold out, or not a trader: left
    /// to the host, which asks whether to attack it.
    fn meet(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
        if ctx.brain_of(target).as_deref() != Some(TRADER_BRAIN) {
            return Ok(false);
        }
        if !trading(ctx, target) {
            ctx.message("The trader has nothing left to sell.", MessageKind::Info);
            return Ok(false);
        }
        let price = ctx.setting_value("price") as u32;
        let ware = ware_shown(ctx);
        let question = match rules::offer(&pack(ctx), price) {
            Some(Offer::Gold { .. }) => rules::gold_question(&ware, price),
            Some(Offer::Item { slot }) => {
                let Some(entry) = ctx.pack_item(slot) else { return Ok(false) };
                rules::item_question(&ctx.item_shown(&entry), &ware)
            }
            None => {
                // Talking it over takes the turn.
                ctx.message("The trader looks over your pack and shrugs.", MessageKind::Info);
                return Ok(true);
            }
        };
        let offer = rules::offer(&pack(ctx), price).ok_or("the offer changed")?;
        if !ctx.ask(&question, &rules::topic(target.0, &offer)) {
            ctx.message("The trader says nothing.", MessageKind::Info);
            return Ok(true);
        }
        Ok(false)
    }

    /// `y` makes the trade, if the offer still stands: the price goes to
    /// the trader, the potion to the pack, and a turn passes. Anything
    /// else: no trade, no turn.
    fn answered(&self, ctx: &mut Ctx<'_>, topic: &str, yes: bool) -> PluginResult<bool> {
        let Some((id, offer)) = rules::from_topic(topic) else { return Ok(false) };
        let trader = EntityId(id);
        if !yes {
            ctx.message("The trader shrugs: \"Another time, then.\"", MessageKind::Info);
            return Ok(false);
        }
        let price = ctx.setting_value("price") as u32;
        if !trading(ctx, trader) || rules::offer(&pack(ctx), price) != Some(offer.clone()) {
            ctx.message("The offer stands no more.", MessageKind::Info);
            return Ok(false);
        }
        let (slot, count) = match offer {
            Offer::Gold { slot } => (slot, price),
            Offer::Item { slot } => (slot, ctx.pack_item(slot).map_or(0, |e| e.count)),
        };
        let Some(paid) = ctx.pack_take(slot, count) else { return Ok(false) };
        let paid_shown = ctx.item_shown(&paid);
        if !ctx.give(trader, paid.clone()) {
            ctx.pack_put(paid);
            return Err("the host would not hand the price to the trader".into());
        }
        if ctx.pack_add(WARE, 1).is_none() {
            ctx.message("Your pack is full: the trader keeps its potion.", MessageKind::Info);
            return Ok(true);
        }
        let sold = ctx.store_get(trader, SOLD_KEY).unwrap_or(0) + 1;
        ctx.store_set(trader, SOLD_KEY, sold);
        let ware = ware_shown(ctx);
        ctx.message(&rules::bought_line(&ware, &paid_shown), MessageKind::Good);
        let kind = paid.kind.to_string();
        ctx.event(
            "trade",
            &[
                ("trader", i64::from(id).into()),
                ("paid", kind.as_str().into()),
                ("count", i64::from(paid.count).into()),
                ("ware", WARE.into()),
            ],
        );
        Ok(true)
    }

    /// A trader forgives the first blow it takes: it stays peaceful and
    /// warns the player. The second is answered by the host.
    fn provoking(&self, ctx: &mut Ctx<'_>, who: EntityId, _by: EntityId) -> PluginResult<bool> {
        if ctx.brain_of(who).as_deref() != Some(TRADER_BRAIN) || ctx.store_get(who, WARNED_KEY).unwrap_or(0) > 0 {
            return Ok(false);
        }
        ctx.store_set(who, WARNED_KEY, 1);
        ctx.message("The trader staggers back: \"Watch it!\"", MessageKind::Danger);
        Ok(true)
    }

    /// A trader attacked again turns on the player, and says so.
    fn provoked(&self, ctx: &mut Ctx<'_>, who: EntityId, _by: EntityId) -> PluginResult<()> {
        if ctx.brain_of(who).as_deref() == Some(TRADER_BRAIN) {
            ctx.message("The trader drops its pack and draws a knife: \"Thief!\"", MessageKind::Danger);
        }
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a peaceful trader who sells a potion for gold or an item, and fights back", "");
    // `melee` and the potion of healing come from core_combat.
    reg.depends_on("core_combat", "0.1.0");
    reg.side(TRADERS_SIDE);
    reg.standing(TRADERS_SIDE, MONSTERS_SIDE, Standing::Neutral);
    reg.brain(TRADER_BRAIN, Trader);
    reg.hooks(Trading);
    reg.setting("price", 10, 1, 9999);
    reg.setting("stock", 2, 0, 99);
    reg.stored(SOLD_KEY, 0, 99);
    reg.stored(WARNED_KEY, 0, 1);
    reg.event("trade", &["trader", "paid", "count", "ware"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, ItemId, Point, PLAYER_SIDE};
    use rules::GOLD;

    /// A trader beside the player, peaceful on its side, and a pack of 12
    /// gold coins and 3 darts.
    fn market() -> (TestGame, EntityId) {
        let mut game = TestGame::new(8, 5).with_settings_of(register);
        game.add_item_record(WARE, "potion of healing", "healing", &[]);
        game.add_item_record(GOLD, "gold coin", "", &[]);
        game.add_item_record("darts", "dart", "thrown", &[]);
        game.pack[0] = Some(PackEntry { kind: "darts".into(), count: 3, item: ItemId(1) });
        game.pack[1] = Some(PackEntry { kind: GOLD.into(), count: 12, item: ItemId(2) });
        let trader = game.add_monster("trader", Point::new(2, 1), 20, Damage::new(2, 5), TRADER_BRAIN);
        game.sides.insert(trader, TRADERS_SIDE.into());
        game.peaceful.insert(trader);
        (game, trader)
    }

    #[test]
    fn walking_into_it_offers_the_potion_for_gold_and_yes_makes_the_trade() {
        let (mut game, trader) = market();
        assert!(!Trading.meet(&mut game.ctx(), trader).unwrap(), "a question: no turn yet");
        let (question, topic) = game.asked[0].clone();
        assert_eq!(question, "Buy a potion of healing for 10 gold coins?");
        assert!(Trading.answered(&mut game.ctx(), &topic, true).unwrap(), "the trade takes the turn");
        assert_eq!(game.pack[1].as_ref().map(|e| e.count), Some(2), "10 coins paid");
        assert_eq!(game.carried[&trader][0].count, 10, "the trader carries them");
        assert!(game.pack.iter().flatten().any(|e| e.kind == WARE), "the potion is the player's");
        assert_eq!(game.messages.last().unwrap(), "You buy a potion of healing for 10 gold coins.");
        // Short of gold, it asks for the darts instead; no, and nothing changes.
        assert!(!Trading.meet(&mut game.ctx(), trader).unwrap());
        let (question, topic) = game.asked[1].clone();
        assert_eq!(question, "Trade your 3 darts for a potion of healing?");
        assert!(!Trading.answered(&mut game.ctx(), &topic, false).unwrap(), "no: no turn");
        assert_eq!(game.pack[0].as_ref().map(|e| e.count), Some(3));
    }

    #[test]
    fn sold_out_or_provoked_it_leaves_the_bump_to_the_host() {
        let (mut game, trader) = market();
        game.store.insert((trader, SOLD_KEY.into()), 2);
        assert!(!Trading.meet(&mut game.ctx(), trader).unwrap());
        assert!(game.asked.is_empty(), "the host asks whether to attack it");
        game.store.clear();
        game.peaceful.clear();
        assert!(!Trading.meet(&mut game.ctx(), trader).unwrap());
        assert!(game.asked.is_empty(), "a provoked trader trades no more");
    }

    #[test]
    fn the_first_blow_is_forgiven_with_a_warning_the_second_is_not() {
        let (mut game, trader) = market();
        assert!(Trading.provoking(&mut game.ctx(), trader, EntityId::PLAYER).unwrap(), "answered: still peaceful");
        assert!(game.messages.last().unwrap().contains("Watch it!"));
        assert!(!Trading.provoking(&mut game.ctx(), trader, EntityId::PLAYER).unwrap(), "the host's answer now");
    }

    #[test]
    fn peaceful_it_stands_still_provoked_it_fights_the_player() {
        let (mut game, trader) = market();
        Trader.act(&mut game.ctx(), trader).unwrap();
        assert!(game.attacks.is_empty(), "peaceful: it minds its stall");
        game.peaceful.clear();
        Trading.provoked(&mut game.ctx(), trader, EntityId::PLAYER).unwrap();
        assert!(game.messages.last().unwrap().contains("Thief!"));
        // The test game runs no brains by name: it is the host's `melee`
        // that strikes; here, that the trader is the player's enemy now.
        assert!(game.ctx().are_enemies(trader, EntityId::PLAYER));
        game.sides.insert(trader, PLAYER_SIDE.into());
        assert!(!game.ctx().are_enemies(trader, EntityId::PLAYER));
    }
}
