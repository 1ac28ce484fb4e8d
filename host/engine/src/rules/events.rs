//! The events of a run, as plugins hear of them: every plugin's hooks, in
//! load order, right after the host traced what happened.

use abi_stable::std_types::{ROption, RString};
use emberdeep_api::{Death, EntityId, Hurt, ItemUse, PackEntry, Point};

use crate::plugins::boundary::Access;
use crate::world::game::Game;

impl Game {
    /// Tells every plugin that `victim` died at `at`, killed by `killer` (if
    /// a creature) with `how`: the attack's kind and its killer in words.
    /// `own_name`: the name a plugin had given the victim, if any.
    pub fn died_event(
        &mut self,
        victim: (EntityId, &str, String),
        own_name: Option<String>,
        at: Point,
        killer: Option<EntityId>,
        how: (&str, &str),
    ) {
        if killer.is_some_and(|k| k.is_player()) && !victim.0.is_player() {
            *self.kills.entry(victim.1.to_string()).or_default() += 1;
            if let Some(name) = own_name {
                *self.named_kills.entry((victim.1.to_string(), name)).or_default() += 1;
            }
        }
        let killer_kind = killer.and_then(|k| self.creatures.get(&k).map(|c| c.kind.clone())).unwrap_or_default();
        let death = Death {
            victim: victim.0,
            victim_kind: victim.1.into(),
            victim_name: victim.2.into(),
            at,
            killer: ROption::from(killer),
            killer_kind: RString::from(killer_kind),
            how: how.0.into(),
            killed_by: how.1.into(),
        };
        self.each_hook(|imp, ctx| imp.died(ctx, &death));
    }

    /// Tells every plugin that a blow or shot hurt someone.
    pub fn hurt_event(&mut self, hurt: Hurt) {
        self.each_hook(|imp, ctx| imp.hurt(ctx, &hurt));
    }

    /// Tells every plugin that the turn ended.
    pub fn turn_ended_event(&mut self) {
        let turn = self.turn;
        self.each_hook(|imp, ctx| imp.turn_ended(ctx, turn));
    }

    /// Tells every plugin that the player came to a new floor.
    pub fn floor_entered_event(&mut self) {
        let floor = self.floor;
        self.each_hook(|imp, ctx| imp.floor_entered(ctx, floor));
    }

    /// Tells every plugin that the player picked up `item` (its id as it
    /// lay): by `picked_up_item` (api 1.6), which a plugin built before
    /// hears by its `picked_up`.
    pub fn picked_up_event(&mut self, item: &PackEntry) {
        self.each_hook(|imp, ctx| imp.picked_up_item(ctx, item));
    }

    /// Tells every plugin that the player used an item.
    pub fn item_used_event(&mut self, item: &ItemUse) {
        self.each_hook(|imp, ctx| imp.item_used(ctx, item));
    }

    fn each_hook(
        &mut self,
        call: impl Fn(
            &emberdeep_api::abi::HooksBox,
            emberdeep_api::abi::RawCtx<'_>,
        ) -> abi_stable::std_types::RResult<(), emberdeep_api::PluginError>,
    ) {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            self.call(hook, Access::Play, &call);
        }
    }
}
