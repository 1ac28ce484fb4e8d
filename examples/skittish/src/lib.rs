//! # skittish: a brain built on another brain
//!
//! A [`MonsterBrain`] registered as `skittish`. A skittish monster fights as
//! core_combat's `melee` monsters do, until it is hurt below a third of its
//! health while it can see the player: then it runs. Cornered, with no step
//! that takes it further from the player, it fights after all.
//!
//! It does not write its own fighting. [`Ctx::run_brain`] runs any brain a
//! loaded plugin registered, for this monster and this turn only, so the
//! skittish brain decides *whether* to fight and leaves *how* to `melee`.
//! The plugin declares that it needs core_combat
//! ([`Registrar::depends_on`]), so the game refuses to load it without; and
//! should `run_brain` still find no `melee` (a core_combat that renamed it),
//! the monster takes a random step ([`Ctx::wander`]) rather than stand
//! frozen.
//!
//! What the brain remembers between turns (whether the log has already
//! said it fled) lives in the host's per-creature store, so the plugin
//! keeps no state and a saved run comes back as it was.
//!
//! The decision itself is in [`mind`], tested without a game. The record of
//! the one monster that uses it, the skittish kobold, is in
//! `data/skittish/monsters.toml`.
#![allow(non_local_definitions)]

pub mod mind;

use emberdeep_api::{export_plugin, Ctx, EntityId, MessageKind, MonsterBrain, PluginError, PluginResult, Registrar};

use mind::{Plan, FLED_KEY};

/// The brain this one fights with, registered by core_combat.
const FIGHTING_BRAIN: &str = "melee";

/// The brain named `skittish` in monster records.
pub struct Skittish;

impl MonsterBrain for Skittish {
    /// Monster `me` takes its turn (the host calls this only while it is
    /// awake and alive).
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(monster) = ctx.creature(me) else { return Ok(()) };
        let sees_player = ctx.sees_player(me);
        match mind::plan(monster.hp, monster.max_hp, sees_player) {
            Plan::Flee => {
                let player = ctx.player()?;
                // `step_away` gives the free neighbour that best gets away, or
                // `None` when every way out is blocked or leads closer.
                if let Some(step) = ctx.step_away(me, player.pos) {
                    if ctx.move_creature(me, step) {
                        if ctx.store_get(me, FLED_KEY).is_none() {
                            ctx.message(&mind::flee_line(&monster.name), MessageKind::Good);
                            ctx.store_set(me, FLED_KEY, 1);
                        }
                        tracing::info!(monster = monster.trace_name.as_str(), hp = monster.hp, "flees");
                        return Ok(());
                    }
                }
                tracing::info!(monster = monster.trace_name.as_str(), "cornered, fights");
            }
            Plan::Fight => {
                // Healed (or never hurt): should it run again later, say so again.
                // (Read first: a write, even of nothing, tells the host the
                // stores changed, and it works some answers out again.)
                if !mind::badly_hurt(monster.hp, monster.max_hp) && ctx.store_get(me, FLED_KEY).is_some() {
                    ctx.store_remove(me, FLED_KEY);
                }
            }
        }
        fight(ctx, me);
        Ok(())
    }
}

/// Fights as `melee` does; with no such brain loaded, one random step.
fn fight(ctx: &mut Ctx<'_>, me: EntityId) {
    if !ctx.run_brain(me, FIGHTING_BRAIN) {
        tracing::warn!(brain = FIGHTING_BRAIN, "no such brain loaded; wandering instead");
        ctx.wander(me);
    }
}

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: a skittish monster brain that fights, then flees when hurt", "");
    // `melee` comes from core_combat: load only beside it.
    reg.depends_on("core_combat", "0.1.0");
    reg.brain("skittish", Skittish);
    // Declared, so a saved run holding anything else under the key is refused.
    reg.stored(FLED_KEY, 1, 1);
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_the_skittish_brain() {
        let mut reg = Registrar::new("skittish", "0.1.0");
        register(&mut reg).expect("register");
        assert_eq!(reg.names().brains, ["skittish"]);
    }
}
