//! The `heal` effect of the healing potion: heals the record's `amount`.

use emberdeep_api::{Ctx, ItemEffect, ItemUse, MessageKind, PluginResult, UseOutcome};

/// The effect named `heal` in item records.
pub struct Heal;

impl ItemEffect for Heal {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let amount = item.param_or("amount", 10) as i32;
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

    /// "Heals 20.", as the record's `amount` says.
    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(item.param("amount").map(|h| format!("Heals {h}.")).into_iter().collect())
    }
}
