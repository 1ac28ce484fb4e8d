//! A melee blow: the player's damage, the blow itself, and the player's bump.
//! The rule of a blow and the killer's article are the api's
//! ([`blow_damage`], [`with_article`]).

use emberdeep_api::{blow_damage, with_article, Attack, CreatureInfo, Ctx, Damage, EntityId, Hooks, PluginResult};

/// The player's blow: as a loaded plugin derives it (the weapon in hand,
/// from equipment), else the `player_damage_min/max` settings (2-6 unless
/// the records say otherwise).
fn player_damage(ctx: &mut Ctx<'_>) -> Damage {
    if let Some(derived) = ctx.player_damage() {
        return derived;
    }
    let min = ctx.setting_value("player_damage_min") as i32;
    let max = ctx.setting_value("player_damage_max") as i32;
    Damage::new(min, max)
}

/// `attacker` strikes `target` in melee; the fight makes a noise.
pub fn strike(ctx: &mut Ctx<'_>, attacker: &CreatureInfo, target: &CreatureInfo) -> bool {
    let damage = if attacker.id.is_player() { player_damage(ctx) } else { attacker.damage };
    let roll = ctx.roll_damage(damage);
    let dealt = blow_damage(roll, target.defense);
    tracing::debug!(roll, defense = target.defense, dealt, "blow");
    let killer = with_article(attacker.name.as_str());
    let died = ctx.attack(Attack::melee(attacker.id, target.id, dealt, &killer));
    let loudness = ctx.setting_value("fight_noise") as i32;
    ctx.noise(target.pos, loudness);
    died
}

/// Walking into a monster attacks it.
pub struct MeleeHooks;

impl Hooks for MeleeHooks {
    fn bump(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
        let player = ctx.creature(EntityId::PLAYER).ok_or("no player")?;
        let Some(victim) = ctx.creature(target) else {
            return Ok(false);
        };
        strike(ctx, &player, &victim);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // The rule of a blow (the api's), over every roll and defense a record could give.
        #[test]
        fn a_blow_never_does_less_than_one(roll in 1..=40i32, defense in 0..=20i32) {
            let d = blow_damage(roll, defense);
            prop_assert!(d >= 1);
            prop_assert!(d <= roll.max(1));
            if roll > defense {
                prop_assert_eq!(d, roll - defense);
            } else {
                prop_assert_eq!(d, 1);
            }
        }
    }

    #[test]
    fn killers_get_the_right_article() {
        assert_eq!(with_article("jackal"), "a jackal");
        assert_eq!(with_article("ogre"), "an ogre");
        assert_eq!(with_article(""), "");
    }
}
