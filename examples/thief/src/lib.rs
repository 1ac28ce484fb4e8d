//! # thief: an item that stays itself
//!
//! A monster brain (`thief`) that comes for the player, takes an item out
//! of the pack, carries it, runs, and drops it where it dies; and hooks that
//! tell the player when the very item a thief took is back in the pack. It
//! shows the calls of api 1.2 by which an item keeps its identity (its id,
//! [`PackEntry::item`], and its store, a wand's charges):
//!
//! * [`Ctx::pack_take`] takes a pack slot's item out: the plugin now
//!   *holds* it, the same item, until the player's action ends;
//! * [`Ctx::give`] hands a held item to a monster, which carries it (saved
//!   with the run, listed by the look panel) and drops it where it dies,
//!   the same item: the host traces `item_given` and `item_dropped`, each
//!   with the item's `id`; should the host refuse, [`Ctx::pack_put`] puts
//!   it back in the pack as itself, so nothing is ever lost;
//! * [`Ctx::carried`] says what a creature carries: the thief's brain runs
//!   while it has loot.
//!
//! The items thieves took are listed, by id, in the player's store (a text
//! under [`rules::STOLEN_KEY`]); when one is picked up again,
//! [`Hooks::picked_up`] finds it in the pack by its id, says so, and writes
//! this plugin's event `recovered` with the id.
//!
//! The thief's mind, the ledger and the words are in [`rules`], tested
//! without a game. Its record is `data/thief/monsters.toml`.
#![allow(non_local_definitions)]

pub mod rules;

use emberdeep_api::{
    export_plugin, Ctx, EntityId, Hooks, MessageKind, MonsterBrain, PackEntry, PluginError, PluginResult, Registrar,
};

use rules::{Plan, FIGHTING_BRAIN, PACK_SLOTS, STOLEN_KEY};

/// The brain named `thief` in monster records.
pub struct Thief;

/// The filled pack slots.
fn filled_slots(ctx: &Ctx<'_>) -> Vec<u32> {
    (0..PACK_SLOTS).filter(|&s| ctx.pack_item(s).is_some()).collect()
}

/// "wand of sparks", or "12 arrows": what a sentence says after "your".
fn what(ctx: &Ctx<'_>, entry: &PackEntry) -> String {
    match ctx.item_info(&entry.kind) {
        Some(info) if entry.count == 1 => info.name.to_string(),
        Some(info) => format!("{} {}", entry.count, info.plural),
        None => entry.kind.to_string(),
    }
}

/// Thief `me` takes pack slot `slot`'s item, the whole stack, and carries
/// it. Returns whether it did.
fn steal(ctx: &mut Ctx<'_>, me: EntityId, name: &str, slot: u32) -> bool {
    let Some(entry) = ctx.pack_item(slot) else { return false };
    let Some(taken) = ctx.pack_take(slot, entry.count) else { return false };
    if !ctx.give(me, taken.clone()) {
        // Held items not put down by the end of the action are lost: back
        // in the pack it goes, the same item.
        ctx.pack_put(taken);
        return false;
    }
    let ledger = ctx.store_get_text(EntityId::PLAYER, STOLEN_KEY);
    ctx.store_set_text(EntityId::PLAYER, STOLEN_KEY, &rules::with_stolen(ledger.as_deref(), taken.item.0));
    let line = rules::stole_line(name, &what(ctx, &taken));
    ctx.message(&line, MessageKind::Danger);
    true
}

/// Fights as `melee` does; with no such brain loaded, one random step.
fn fight(ctx: &mut Ctx<'_>, me: EntityId) {
    if !ctx.run_brain(me, FIGHTING_BRAIN) {
        tracing::warn!(brain = FIGHTING_BRAIN, "no such brain loaded; wandering instead");
        ctx.wander(me);
    }
}

impl MonsterBrain for Thief {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let player = ctx.player()?;
        let carrying = !ctx.carried(me).is_empty();
        let enemy = ctx.are_enemies(me, EntityId::PLAYER);
        let sees = ctx.sees_player(me);
        let slots = filled_slots(ctx);
        match rules::plan(carrying, enemy, this.pos.is_adjacent(player.pos), sees, slots.is_empty()) {
            Plan::Steal => {
                let slot = slots[ctx.roll(0, slots.len() as i32 - 1) as usize];
                if !steal(ctx, me, &this.name, slot) {
                    fight(ctx, me);
                }
            }
            Plan::Flee => {
                // The free neighbour that best gets away; none when cornered.
                match ctx.step_away(me, player.pos) {
                    Some(step) if ctx.move_creature(me, step) => {
                        tracing::info!(monster = this.trace_name.as_str(), "flees");
                    }
                    _ => {
                        tracing::info!(monster = this.trace_name.as_str(), "cornered, fights");
                        fight(ctx, me);
                    }
                }
            }
            Plan::Hide => {}
            Plan::Fight => fight(ctx, me),
        }
        Ok(())
    }
}

/// Tells the player when an item a thief took is back in the pack.
pub struct Recovery;

impl Hooks for Recovery {
    fn picked_up(&self, ctx: &mut Ctx<'_>, kind: &str, _count: u32) -> PluginResult<()> {
        let Some(ledger) = ctx.store_get_text(EntityId::PLAYER, STOLEN_KEY) else { return Ok(()) };
        let stolen = rules::ledger(Some(&ledger));
        // The very item, by its id: the host put it in the pack as itself.
        let back = (0..PACK_SLOTS)
            .filter_map(|slot| ctx.pack_item(slot).map(|e| (slot, e)))
            .find(|(_, e)| e.kind.as_str() == kind && stolen.contains(&e.item.0));
        let Some((slot, entry)) = back else { return Ok(()) };
        let left = rules::without(Some(&ledger), entry.item.0);
        if left.is_empty() {
            ctx.store_remove(EntityId::PLAYER, STOLEN_KEY);
        } else {
            ctx.store_set_text(EntityId::PLAYER, STOLEN_KEY, &left);
        }
        let line = rules::recovered_line(&what(ctx, &entry));
        ctx.message(&line, MessageKind::Good);
        ctx.event(
            "recovered",
            &[("item", kind.into()), ("id", i64::from(entry.item.0).into()), ("slot", i64::from(slot).into())],
        );
        Ok(())
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a thief that steals an item, flees, and drops it where it dies", "");
    // `melee` comes from core_combat: load only beside it.
    reg.depends_on("core_combat", "0.1.0");
    reg.brain("thief", Thief);
    reg.hooks(Recovery);
    reg.event("recovered", &["item", "id", "slot"]);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{Damage, ItemId, Point};

    fn game_with_wand() -> (TestGame, EntityId) {
        let mut game = TestGame::new(10, 5);
        game.add_item_record("wand_of_sparks", "wand of sparks", "aimed", &[]);
        game.pack[0] = Some(PackEntry { kind: "wand_of_sparks".into(), count: 1, item: ItemId(7) });
        let thief = game.add_monster("thief", Point::new(2, 1), 8, Damage::new(1, 3), "thief");
        (game, thief)
    }

    #[test]
    fn next_to_the_player_it_takes_the_item_out_of_the_pack() {
        let (mut game, thief) = game_with_wand();
        Thief.act(&mut game.ctx(), thief).unwrap();
        assert!(game.pack[0].is_none(), "taken");
        let wand = PackEntry { kind: "wand_of_sparks".into(), count: 1, item: ItemId(7) };
        assert_eq!(game.carried[&thief], std::slice::from_ref(&wand), "carried: the same item");
        assert!(game.held.is_empty(), "nothing left held, to be lost");
        assert!(game.attacks.is_empty(), "no blow: a theft instead");
        assert_eq!(game.messages, ["The thief snatches your wand of sparks and runs!"]);
        let ledger = game.store_text.get(&(EntityId::PLAYER, STOLEN_KEY.into()));
        assert_eq!(ledger.map(String::as_str), Some("7"));
        // With loot, seeing the player, it runs rather than steals again.
        Thief.act(&mut game.ctx(), thief).unwrap();
        assert_eq!(game.get(thief).unwrap().pos, Point::new(3, 1), "a step away");
        // Killed, it drops the very item where it fell.
        game.ctx().attack(emberdeep_api::Attack::melee(EntityId::PLAYER, thief, 8, "you"));
        assert_eq!(game.laid, [(wand, Point::new(3, 1))]);
    }

    #[test]
    fn a_thief_on_the_players_side_takes_nothing() {
        let (mut game, thief) = game_with_wand();
        // Charmed onto the player's side, it steals from the player no more.
        game.sides.insert(thief, emberdeep_api::PLAYER_SIDE.into());
        Thief.act(&mut game.ctx(), thief).unwrap();
        assert!(game.pack[0].is_some() && game.carried.is_empty());
    }

    #[test]
    fn picking_up_a_stolen_item_says_so_by_its_id() {
        let (mut game, _) = game_with_wand();
        game.store_text.insert((EntityId::PLAYER, STOLEN_KEY.into()), "3 7".into());
        Recovery.picked_up(&mut game.ctx(), "wand_of_sparks", 1).unwrap();
        assert_eq!(game.messages, ["You have your wand of sparks back."]);
        assert_eq!(game.store_text.get(&(EntityId::PLAYER, STOLEN_KEY.into())).map(String::as_str), Some("3"));
        let (name, fields) = &game.events[0];
        assert_eq!(name, "recovered");
        assert!(fields.iter().any(|f| f.name.as_str() == "id" && f.value == 7i64.into()), "{fields:?}");
    }

    #[test]
    fn picking_up_anything_else_says_nothing() {
        let (mut game, _) = game_with_wand();
        game.store_text.insert((EntityId::PLAYER, STOLEN_KEY.into()), "3".into());
        Recovery.picked_up(&mut game.ctx(), "wand_of_sparks", 1).unwrap();
        assert!(game.messages.is_empty() && game.events.is_empty());
    }

    #[test]
    fn registers_the_brain_the_hooks_and_the_event() {
        let mut reg = Registrar::new("thief", "0.1.0");
        register(&mut reg).expect("register");
        assert_eq!(reg.names().brains, ["thief"]);
    }
}
