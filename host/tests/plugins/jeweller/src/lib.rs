//! A third party's own unknown kind (api 1.6's known kinds), for the tests
//! of `kind_known` and `set_kind_known`: its ring of seeing (`data/jeweller`)
//! is marked unknown once a run (when a floor is entered, or at the end of
//! the first turn of a run that began without one: a scenario), and while
//! the game says it is unknown the plugin names it "a jade ring", whoever
//! made it so. Putting it on (using it) does nothing and keeps it.

#![allow(non_local_definitions)]

use emberdeep_api::*;

const RING: &str = "ring_of_seeing";
const MARKED: &str = "jeweller_marked";

/// Marks the ring unknown, once a run.
fn mark(ctx: &mut Ctx<'_>) {
    if ctx.store_get(EntityId::PLAYER, MARKED) != Some(1) && ctx.set_kind_known(RING, false) {
        ctx.store_set(EntityId::PLAYER, MARKED, 1);
    }
}

struct Marks;

impl Hooks for Marks {
    fn floor_entered(&self, ctx: &mut Ctx<'_>, _floor: u32) -> PluginResult<()> {
        mark(ctx);
        Ok(())
    }

    fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        mark(ctx);
        Ok(())
    }
}

struct Names;

impl ItemNames for Names {
    fn name(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32) -> PluginResult<Option<String>> {
        let unknown = item.kind.as_str() == RING && ctx.kind_known(RING) == Some(false);
        Ok(unknown.then(|| if count == 1 { "jade ring".into() } else { "jade rings".into() }))
    }

    fn card(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let unknown = item.kind.as_str() == RING && ctx.kind_known(RING) == Some(false);
        Ok(unknown.then(|| "A jade ring. Put it on to learn what it is.".into()))
    }
}

struct Ring;

impl ItemEffect for Ring {
    fn use_item(&self, ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<UseOutcome> {
        ctx.message("Nothing seems to happen.", MessageKind::Info);
        Ok(UseOutcome::Kept)
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.stored(MARKED, 0, 1);
    reg.hooks(Marks);
    reg.item_names(Names);
    reg.item_effect("jeweller_ring", Ring);
    Ok(())
}

export_plugin!(register);
