//! How items are named to the player (api 1.3): by their record, unless a
//! plugin's item names answer first (an unknown potion shown by its look,
//! `a murky potion`). Every place the host names an item to the player
//! asks here: the pack, the item card, the look panel, the log lines about
//! picking up, dropping and using, and the morgue. Traces keep record ids.

use abi_stable::std_types::ROption;
use emberdeep_api::{ItemId, ItemUse};

use crate::data::records::{article_for, ItemRecord};
use crate::data::untrusted::shown;
use crate::plugins::boundary::Access;
use crate::rules::items::item_use;
use crate::world::game::Game;

/// The most characters of a plugin's name or card the host shows.
const SHOWN_NAME: usize = 60;
/// The most characters of a plugin's card text the host shows.
const SHOWN_CARD: usize = 400;

impl Game {
    /// The name of `count` of an item of record `rec` (identity `id`, if
    /// it has one) with its article or number, before any suffix of its
    /// effect: `a murky potion`, `3 murky potions`, `a potion of healing`.
    pub fn item_phrase(&mut self, rec: &ItemRecord, count: u32, id: Option<ItemId>) -> String {
        match self.plugin_item_name(rec, count, id) {
            None => rec.describe(count),
            Some(name) if count == 1 => format!("{} {name}", article_for(&name)),
            Some(name) => format!("{count} {name}"),
        }
    }

    /// The name of one item of record `rec`, without article, as `the ...`
    /// uses it: `murky potion`, `potion of healing`.
    pub fn item_noun(&mut self, rec: &ItemRecord, id: Option<ItemId>) -> String {
        self.plugin_item_name(rec, 1, id).unwrap_or_else(|| rec.name.clone())
    }

    /// What an effect or a veto is told about an item of record `rec`, in
    /// pack slot `slot`, with identity `id`: as [`item_use`], its `name`
    /// the one the player is shown (so their messages name it so).
    pub fn shown_item_use(&mut self, rec: &ItemRecord, slot: Option<usize>, id: Option<ItemId>) -> ItemUse {
        let name = self.item_noun(rec, id);
        ItemUse { name: name.as_str().into(), ..item_use(rec, slot, id) }
    }

    /// The text of the card of the item in pack slot `slot`, when a
    /// plugin's item names give one: it stands in place of the record's
    /// description and of what its role and effect say it does.
    pub fn item_card(&mut self, slot: usize) -> Option<String> {
        let held = self.pack.get(slot).cloned()?;
        let rec = self.item_record(&held.kind).cloned()?;
        let request = item_use(&rec, Some(slot), Some(held.id));
        let plugins = self.plugins.clone();
        for entry in &plugins.item_names {
            if let Some(ROption::RSome(text)) = self.call(entry, Access::Look, |imp, ctx| imp.card(ctx, &request)) {
                let text = shown(&text, SHOWN_CARD);
                if !text.trim().is_empty() {
                    return Some(text);
                }
            }
        }
        None
    }

    /// Whether a plugin names the item in pack slot `slot` otherwise than
    /// its record (an unknown potion): the host then asks nothing that
    /// would tell what it does (no "full health: drink it anyway?").
    pub fn item_disguised(&mut self, slot: usize) -> bool {
        let Some(held) = self.pack.get(slot).cloned() else { return false };
        let Some(rec) = self.item_record(&held.kind).cloned() else { return false };
        self.plugin_item_name(&rec, 1, Some(held.id)).is_some()
    }

    /// The first plugin's name for `count` of record `rec`, in load order;
    /// an empty answer counts as none.
    fn plugin_item_name(&mut self, rec: &ItemRecord, count: u32, id: Option<ItemId>) -> Option<String> {
        let plugins = self.plugins.clone();
        if plugins.item_names.is_empty() {
            return None;
        }
        let request = item_use(rec, None, id);
        for entry in &plugins.item_names {
            if let Some(ROption::RSome(name)) =
                self.call(entry, Access::Look, |imp, ctx| imp.name(ctx, &request, count))
            {
                let name = shown(&name, SHOWN_NAME);
                if !name.trim().is_empty() {
                    return Some(name.trim().to_string());
                }
            }
        }
        None
    }
}
