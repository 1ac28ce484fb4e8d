//! my_plugin: an Emberdeep plugin. It registers one monster brain (`dawdle`)
//! and one item effect (`glow`); its records are in `data/my_plugin/`.
//! Rename things, keep the shape: register in `register`, run every method
//! body under `guard`, act on the game only through the `Ctx`.
#![allow(non_local_definitions)]

use abi_stable::std_types::RResult;
use emberdeep_api::{
    export_plugin, guard, Ctx, EntityId, ItemEffect, ItemUse, MessageKind, MonsterBrain, PluginError, Registrar,
    UseOutcome, DIRECTIONS,
};

/// A brain that takes a random step one turn in two.
struct Dawdle;

impl MonsterBrain for Dawdle {
    fn act(&self, mut ctx: Ctx<'_>, me: EntityId) -> RResult<(), PluginError> {
        guard(|| {
            let Some(monster) = ctx.creature(me).into_option() else { return Ok(()) };
            if ctx.roll(0, 1) == 0 {
                tracing::info!(monster = me.0, "dawdles");
                return Ok(());
            }
            let (dx, dy) = DIRECTIONS[ctx.roll(0, 7) as usize];
            let to = monster.pos.offset(dx, dy);
            if ctx.is_free(to) {
                ctx.move_creature(me, to);
            }
            Ok(())
        })
    }
}

/// An item that glows and is used up.
struct Glow;

impl ItemEffect for Glow {
    fn use_item(&self, mut ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            let text = format!("The {} glows softly, then fades.", item.name);
            ctx.message(text.as_str().into(), MessageKind::Good);
            Ok(UseOutcome::Consumed)
        })
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.brain("dawdle", Dawdle);
    reg.item_effect("glow", Glow);
    Ok(())
}

export_plugin!(register);
