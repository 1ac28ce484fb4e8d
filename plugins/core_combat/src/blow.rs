//! A melee blow: the damage rule, the killer's name, and the player's bump.

use abi_stable::std_types::RResult;
use emberdeep_api::{guard, Attack, CreatureInfo, Ctx, Damage, EntityId, Hooks, PluginError};

/// Damage of one blow: the roll less the defender's defense, never below 1.
pub fn blow_damage(roll: i32, defense: i32) -> i32 {
    (roll - defense).max(1)
}

/// The name with "a" or "an" in front, as the death screen writes a killer.
pub fn with_article(name: &str) -> String {
    match name.chars().next() {
        None => String::new(),
        Some(c) if "aeiouAEIOU".contains(c) => format!("an {name}"),
        Some(_) => format!("a {name}"),
    }
}

/// The player's blow: as a loaded plugin derives it (the weapon in hand,
/// from equipment), else the `player_damage_min/max` settings.
fn player_damage(ctx: &mut Ctx<'_>) -> Damage {
    if let Some(derived) = ctx.player_damage().into_option() {
        return derived;
    }
    let min = ctx.setting("player_damage_min".into()).into_option().unwrap_or(2) as i32;
    let max = ctx.setting("player_damage_max".into()).into_option().unwrap_or(6) as i32;
    Damage::new(min, max)
}

/// `attacker` strikes `target` in melee; the fight makes a noise.
pub fn strike(ctx: &mut Ctx<'_>, attacker: &CreatureInfo, target: &CreatureInfo) -> bool {
    let damage = if attacker.id.is_player() { player_damage(ctx) } else { attacker.damage };
    let roll = ctx.roll(damage.min, damage.max);
    let dealt = blow_damage(roll, target.defense);
    tracing::debug!(roll, defense = target.defense, dealt, "blow");
    let killer = with_article(attacker.name.as_str());
    let died = ctx.attack(Attack::melee(attacker.id, target.id, dealt, &killer));
    let loudness = ctx.setting("fight_noise".into()).into_option().unwrap_or(4) as i32;
    ctx.noise(target.pos, loudness);
    died
}

/// Walking into a monster attacks it.
pub struct MeleeHooks;

impl Hooks for MeleeHooks {
    fn bump(&self, mut ctx: Ctx<'_>, target: EntityId) -> RResult<bool, PluginError> {
        guard(|| {
            let player = ctx.creature(EntityId::PLAYER).into_option().ok_or("no player")?;
            let Some(victim) = ctx.creature(target).into_option() else {
                return Ok(false);
            };
            strike(&mut ctx, &player, &victim);
            Ok(true)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        // The rule of a blow, over every roll and defense a record could give.
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
