//! The trader's dealings without a game: what it offers for what, the
//! question's topic as the host hands it back, and its words.

/// The side traders are on; the plugin declares it neutral to the monsters'.
pub const TRADERS_SIDE: &str = "traders";
/// The brain named `trader` in monster records.
pub const TRADER_BRAIN: &str = "trader";
/// What a trader sells: core_combat's potion of healing.
pub const WARE: &str = "healing_potion";
/// What a trader takes: this plugin's gold coins.
pub const GOLD: &str = "gold_coins";
/// How many potions a trader has sold (stored on the trader, saved with the run).
pub const SOLD_KEY: &str = "trader_sold";
/// The store key (on the trader) that says it forgave a first blow.
pub const WARNED_KEY: &str = "trader_warned";
/// The brain a provoked trader fights with (core_combat's).
pub const FIGHTING_BRAIN: &str = "melee";

/// What a trader asks for its ware.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Offer {
    /// `price` gold coins, from pack slot `slot`.
    Gold {
        /// The pack slot of the coins.
        slot: u32,
    },
    /// The whole of pack slot `slot`'s item (a stack goes whole).
    Item {
        /// The pack slot.
        slot: u32,
    },
}

/// The offer a trader makes to a pack of `(slot, kind, count)`: gold when
/// the player has `price` coins in one slot, else the first slot holding
/// anything but coins or the ware itself; `None` when the pack holds
/// nothing it wants.
pub fn offer(pack: &[(u32, String, u32)], price: u32) -> Option<Offer> {
    if let Some((slot, ..)) = pack.iter().find(|(_, kind, count)| kind == GOLD && *count >= price) {
        return Some(Offer::Gold { slot: *slot });
    }
    pack.iter().find(|(_, kind, _)| kind != GOLD && kind != WARE).map(|(slot, ..)| Offer::Item { slot: *slot })
}

/// The question's topic: the trader's id and the offer (at most 64 bytes).
pub fn topic(trader: u32, offer: &Offer) -> String {
    match offer {
        Offer::Gold { slot } => format!("trade {trader} gold {slot}"),
        Offer::Item { slot } => format!("trade {trader} item {slot}"),
    }
}

/// The trader's id and the offer a topic names; `None` for any other topic.
pub fn from_topic(topic: &str) -> Option<(u32, Offer)> {
    let mut words = topic.split(' ');
    if words.next()? != "trade" {
        return None;
    }
    let trader = words.next()?.parse().ok()?;
    let kind = words.next()?;
    let slot = words.next()?.parse().ok()?;
    if words.next().is_some() {
        return None;
    }
    match kind {
        "gold" => Some((trader, Offer::Gold { slot })),
        "item" => Some((trader, Offer::Item { slot })),
        _ => None,
    }
}

/// "Buy a potion of healing for 10 gold coins?"
pub fn gold_question(ware: &str, price: u32) -> String {
    format!("Buy {ware} for {price} gold coins?")
}

/// "Trade your 2 darts for a potion of healing?"
pub fn item_question(yours: &str, ware: &str) -> String {
    format!("Trade your {yours} for {ware}?")
}

/// "You buy a potion of healing for 10 gold coins."
pub fn bought_line(ware: &str, paid: &str) -> String {
    format!("You buy {ware} for {paid}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(items: &[(u32, &str, u32)]) -> Vec<(u32, String, u32)> {
        items.iter().map(|(s, k, c)| (*s, k.to_string(), *c)).collect()
    }

    #[test]
    fn gold_first_then_the_first_item_that_is_neither_gold_nor_the_ware() {
        let rich = pack(&[(0, "darts", 3), (1, GOLD, 12)]);
        assert_eq!(offer(&rich, 10), Some(Offer::Gold { slot: 1 }));
        let poor = pack(&[(0, WARE, 1), (1, GOLD, 5), (2, "darts", 3)]);
        assert_eq!(offer(&poor, 10), Some(Offer::Item { slot: 2 }), "too little gold: the darts");
        assert_eq!(offer(&pack(&[(0, GOLD, 9), (1, WARE, 2)]), 10), None, "nothing it wants");
    }

    #[test]
    fn a_topic_names_the_trader_and_the_offer_and_nothing_else_reads_as_one() {
        for offer in [Offer::Gold { slot: 3 }, Offer::Item { slot: 25 }] {
            let t = topic(4_000_000_000, &offer);
            assert!(t.len() <= 64, "{t}");
            assert_eq!(from_topic(&t), Some((4_000_000_000, offer)));
        }
        for bad in ["", "trade", "trade 3 gold", "trade x gold 1", "trade 3 silver 1", "trade 3 gold 1 more", "free 3"]
        {
            assert_eq!(from_topic(bad), None, "{bad:?}");
        }
    }
}
