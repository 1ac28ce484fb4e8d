//! The `heal` effect of the healing potion: heals the record's `amount`,
//! or its `share` hundredths of the drinker's most health if that is more,
//! so that a potion still matters to a character grown deep.

use emberdeep_api::{Ctx, ItemEffect, ItemUse, MessageKind, PluginResult, UseOutcome};

/// The effect named `heal` in item records.
pub struct Heal;

impl ItemEffect for Heal {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let most = ctx.creature(item.user).map_or(0, |c| c.max_hp);
        let amount = healing(item.param_or("amount", 10), item.param_or("share", 0), most);
        let healed = ctx.heal(item.user, amount);
        let text = if healed > 0 {
            format!("You drink the {} and feel better (+{healed}).", item.name)
        } else {
            format!("You drink the {}. You were already at full health.", item.name)
        };
        ctx.message(&text, MessageKind::Good);
        tracing::info!(amount = healed, "healed");
        Ok(UseOutcome::Consumed)
    }

    /// "Heals 20.", as the record's `amount` says, and "or half your most
    /// health, if that is more." for a `share` of 50.
    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let Some(amount) = item.param("amount") else { return Ok(Vec::new()) };
        let line = match item.param("share").filter(|s| *s > 0) {
            Some(50) => format!("Heals {amount}, or half your most health if that is more."),
            Some(share) => format!("Heals {amount}, or {share}% of your most health if that is more."),
            None => format!("Heals {amount}."),
        };
        Ok(vec![line])
    }
}

/// How much a potion of `amount` and `share` heals a drinker of most
/// health `most`: the more of `amount` and `share` hundredths of `most`.
pub fn healing(amount: i64, share: i64, most: i32) -> i32 {
    let part = i64::from(most.max(0)) * share.clamp(0, 100) / 100;
    amount.max(part).clamp(0, i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::healing;

    #[test]
    fn a_potion_heals_its_amount_or_its_share_of_the_most_health_whichever_is_more() {
        assert_eq!(healing(20, 50, 30), 20, "a new character: the amount");
        assert_eq!(healing(20, 50, 52), 26, "grown deep: half of 52");
        assert_eq!(healing(20, 0, 52), 20, "no share: the amount alone");
        assert_eq!(healing(20, 500, 52), 52, "a share is at most the whole");
    }
}
