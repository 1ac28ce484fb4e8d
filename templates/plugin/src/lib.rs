//! my_plugin: an Emberdeep plugin. It registers one monster brain (`dawdle`)
//! and one item effect (`glow`); its records are in `data/my_plugin/`.
//!
//! Rename things, keep the shape:
//!
//! * implement the api's plain traits ([`MonsterBrain`], [`ItemEffect`], and
//!   `RangedKind`, `View`, `Status`, `Hooks` as you need them): each method
//!   gets the game as `ctx: &mut Ctx<'_>` and returns a [`PluginResult`], so
//!   `?` works and an `Err` is reported by your plugin's name. A panic is
//!   caught for you, too: the run goes on;
//! * act on the game only through the `Ctx`, and keep no state of your own
//!   (what you must remember goes in the host's stores: `ctx.store_set`);
//! * roll every die with `ctx.roll`, so a seed replays the same run;
//! * declare your balance numbers in `register` (`reg.setting`: name,
//!   default, range) and read them with `ctx.setting_value`: a record file's
//!   `[settings]` may change them, and the game answers the default when it
//!   does not, so the default is written once;
//! * register everything in `register`, exported with `export_plugin!`.
#![allow(non_local_definitions)]

use emberdeep_api::{
    export_plugin, Ctx, EntityId, ItemEffect, ItemUse, MessageKind, MonsterBrain, PluginError, PluginResult, Registrar,
    UseOutcome,
};

/// A brain that dawdles one turn in `dawdle_one_in` (a setting: 2 unless
/// the records say otherwise) and takes a random step the others.
struct Dawdle;

impl MonsterBrain for Dawdle {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        // The records' `[settings]`, else the default declared in `register`.
        let one_in = ctx.setting_value("dawdle_one_in") as i32;
        // Every die comes from the run's RNG: true one time in `one_in`.
        if ctx.one_in(one_in) {
            // `tracing` events go to the game's trace under the plugin's name.
            tracing::info!(monster = me.0, "dawdles");
            return Ok(());
        }
        // One random step, if that way is free (the host rolls the direction).
        ctx.wander(me);
        Ok(())
    }
}

/// An item that glows and is used up.
struct Glow;

impl ItemEffect for Glow {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let text = format!("The {} glows softly, then fades.", item.name);
        ctx.message(&text, MessageKind::Good);
        // `Consumed` takes one from the pack; the turn passes.
        Ok(UseOutcome::Consumed)
    }
}

/// Tells the host what the plugin brings: the names records use
/// (`brain = "dawdle"`, `effect = "glow"`).
fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("A new plugin, made from the template: say here what it brings", "");
    // A setting: its name, the default, and the range a record may give.
    reg.setting("dawdle_one_in", 2, 1, 100);
    reg.brain("dawdle", Dawdle);
    reg.item_effect("glow", Glow);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;

    // `cargo test` runs without the game: test your rules and what you register.
    #[test]
    fn it_registers_its_brain_and_effect() {
        let mut reg = Registrar::new("my_plugin", "0.1.0");
        register(&mut reg).unwrap();
        assert_eq!(reg.names().brains, ["dawdle"]);
        assert_eq!(reg.names().item_effects, ["glow"]);
        assert_eq!(reg.names().settings, ["dawdle_one_in"]);
    }

    // The api's stand-in game runs a brain or an effect without the game;
    // `with_settings_of(register)` answers the declared settings as the game does.
    #[test]
    fn a_dawdler_set_to_dawdle_every_turn_never_moves() {
        use emberdeep_api::testing::TestGame;
        use emberdeep_api::{Damage, Point};
        let mut game = TestGame::new(8, 8).with_settings_of(register);
        game.settings.insert("dawdle_one_in".into(), 1);
        let dawdler = game.add_monster("dawdler", Point::new(4, 4), 6, Damage::new(1, 2), "dawdle");
        for _ in 0..20 {
            Dawdle.act(&mut game.ctx(), dawdler).unwrap();
        }
        assert_eq!(game.get(dawdler).map(|d| d.pos), Some(Point::new(4, 4)));
    }
}
