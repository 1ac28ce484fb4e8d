//! The `heal` effect of the healing potion: heals the record's `amount`.

use abi_stable::std_types::RResult;
use emberdeep_api::{guard, Ctx, ItemEffect, ItemUse, MessageKind, PluginError, UseOutcome};

/// The effect named `heal` in item records.
pub struct Heal;

impl ItemEffect for Heal {
    fn use_item(&self, mut ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        guard(|| {
            let amount = item.param("amount").unwrap_or(10) as i32;
            let healed = ctx.heal(item.user, amount);
            let text = if healed > 0 {
                format!("You drink the {} and feel better (+{healed}).", item.name)
            } else {
                format!("You drink the {}. You were already at full health.", item.name)
            };
            ctx.message(text.as_str().into(), MessageKind::Good);
            tracing::info!(amount = healed, "healed");
            Ok(UseOutcome::Consumed)
        })
    }
}
