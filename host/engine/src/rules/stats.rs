//! The player's derived damage and defense: the host knows nothing of
//! weapons or armor, so it asks the plugins' hooks in load order, takes the
//! first answer, and keeps it ([`crate::world::derived`]) while what it was derived
//! from stays the same. And the player's level, which a plugin declares
//! where it keeps.

use abi_stable::std_types::{ROption, RResult};
use emberdeep_api::abi::{HooksBox, RawCtx as Ctx};
use emberdeep_api::{Damage, EntityId, PluginError};

use crate::plugins::boundary::Access;
use crate::world::derived::DerivedFrom;
use crate::world::game::Game;

impl Game {
    fn derived_from(&self) -> DerivedFrom {
        let player = self.player();
        DerivedFrom {
            pack: self.pack.version(),
            store: self.store_version,
            base_defense: player.defense,
            base_damage: player.damage,
        }
    }

    /// The player's blow as the first plugin that derives it says (the
    /// weapon in hand); `None` when no plugin does. Asked again only when
    /// the pack, a stored value or the base numbers changed.
    pub fn player_damage(&mut self) -> Option<Damage> {
        let from = self.derived_from();
        if let Some((_, damage)) = self.derived.damage.filter(|(at, _)| *at == from) {
            return damage;
        }
        if self.deriving {
            return None;
        }
        let damage = self.first_answer(|hooks, ctx| hooks.player_damage(ctx));
        self.derived.damage = Some((from, damage));
        damage
    }

    /// The player's defense as the first plugin that derives it says (the
    /// armor worn), else the player's base defense (0). Cached as `player_damage` is.
    pub fn player_defense(&mut self) -> i32 {
        let from = self.derived_from();
        if let Some((_, defense)) = self.derived.defense.filter(|(at, _)| *at == from) {
            return defense;
        }
        if self.deriving {
            return from.base_defense;
        }
        let defense = self.first_answer(|hooks, ctx| hooks.player_defense(ctx)).unwrap_or(from.base_defense);
        self.derived.defense = Some((from, defense));
        defense
    }

    /// The player's level, where the plugin that declared it keeps it
    /// ([`Registrar::player_level`](emberdeep_api::Registrar::player_level)):
    /// the stored number held to its declared range, the least of that range
    /// while nothing is stored. `None` when no loaded plugin declares one.
    pub fn player_level(&self) -> Option<i64> {
        let (key, least, most) = self.plugins.player_level_key()?;
        let stored = self.store.get(&(EntityId::PLAYER, key.to_string())).copied();
        Some(stored.unwrap_or(least).clamp(least, most.max(least)))
    }

    /// The first `Some` the hooks give, in load order. While the hooks run,
    /// `deriving` is set: a hook that reads the player through its context
    /// gets the base numbers instead of asking the hooks (and itself) again.
    fn first_answer<T>(&mut self, ask: impl Fn(&HooksBox, Ctx<'_>) -> RResult<ROption<T>, PluginError>) -> Option<T> {
        if self.deriving {
            return None;
        }
        self.deriving = true;
        let plugins = self.plugins.clone();
        let mut answer = None;
        for hook in &plugins.hooks {
            if let Some(ROption::RSome(value)) = self.call(hook, Access::Play, &ask) {
                answer = Some(value);
                break;
            }
        }
        self.deriving = false;
        answer
    }
}
