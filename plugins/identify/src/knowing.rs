//! What the player knows, and how unknown items are named: the item names
//! the host asks, the hook that learns a kind by its use, and the scroll of
//! identify.

use std::sync::Mutex;

use emberdeep_api::{
    with_article, Ctx, EntityId, Hooks, ItemEffect, ItemNames, ItemUse, MessageKind, PluginResult, UseOutcome,
};

use crate::looks::{assign, look_names, Class};

/// The player's store key that says a kind is known (`known_KIND` = 1):
/// saved with the run, as the player's store is.
pub fn known_key(kind: &str) -> String {
    format!("known_{kind}")
}

/// Whether the player knows item kind `kind`.
pub fn is_known(ctx: &Ctx<'_>, kind: &str) -> bool {
    ctx.store_get(EntityId::PLAYER, &known_key(kind)).is_some_and(|v| v != 0)
}

/// The looks of this run, worked out once a seed and set of records (kind,
/// class, look number), for the host asks the names many times a screen.
type Looks = (u64, Vec<String>, Vec<(String, Class, usize)>);

static LOOKS: Mutex<Option<Looks>> = Mutex::new(None);

/// The look of item kind `kind` in this run, if its class is one hidden:
/// its class and its names of one and several.
pub fn look_of(ctx: &mut Ctx<'_>, kind: &str) -> Option<(Class, String, String)> {
    let class = Class::of(ctx.item_info(kind)?.class.as_str())?;
    let seed = ctx.run_seed();
    let mut cache = LOOKS.lock().unwrap_or_else(|e| e.into_inner());
    let kinds = ctx.item_kinds();
    let fresh = !matches!(&*cache, Some((s, known, _)) if *s == seed && *known == kinds);
    if fresh {
        let mut all = Vec::new();
        for c in [Class::Potion, Class::Scroll] {
            let of_class: Vec<String> = kinds
                .iter()
                .filter(|k| ctx.item_info(k).is_some_and(|i| Class::of(i.class.as_str()) == Some(c)))
                .cloned()
                .collect();
            all.extend(assign(seed, c, &of_class).into_iter().map(|(k, look)| (k, c, look)));
        }
        *cache = Some((seed, kinds, all));
    }
    let (_, _, all) = cache.as_ref()?;
    let &(_, _, look) = all.iter().find(|(k, c, _)| k == kind && *c == class)?;
    let (one, several) = look_names(class, look);
    Some((class, one, several))
}

/// Makes kind `kind` known (`how`: `use` or `scroll`), traced as an
/// `identified` event. False if it was known already.
pub fn learn(ctx: &mut Ctx<'_>, kind: &str, how: &str) -> bool {
    if is_known(ctx, kind) {
        return false;
    }
    ctx.store_set(EntityId::PLAYER, &known_key(kind), 1);
    ctx.event("identified", &[("item", kind.into()), ("how", how.into())]);
    true
}

/// The names the host asks: an unknown potion or scroll by its look.
pub struct Names;

impl ItemNames for Names {
    fn name(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32) -> PluginResult<Option<String>> {
        if is_known(ctx, item.kind.as_str()) {
            return Ok(None);
        }
        Ok(look_of(ctx, item.kind.as_str()).map(|(_, one, several)| if count == 1 { one } else { several }))
    }

    fn card(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        if is_known(ctx, item.kind.as_str()) {
            return Ok(None);
        }
        Ok(look_of(ctx, item.kind.as_str()).map(|(class, one, _)| {
            let shown = with_article(&one);
            let mut chars = shown.chars();
            let first = chars.next().map(|c| c.to_uppercase().collect::<String>()).unwrap_or_default();
            format!("{first}{}. {} it to learn what it is.", chars.as_str(), class.verb())
        }))
    }
}

/// Learns a kind by its use: "It was a potion of haste."
pub struct ByUse;

impl Hooks for ByUse {
    fn item_used(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let kind = item.kind.as_str();
        if look_of(ctx, kind).is_none() {
            return Ok(());
        }
        if learn(ctx, kind, "use") {
            if let Some(info) = ctx.item_info(kind) {
                ctx.message(&format!("It was {}.", info.with_article()), MessageKind::Info);
            }
        }
        Ok(())
    }
}

/// The scroll of identify: makes the first unknown kind in the pack known
/// (the first slot holding one, from `a`), the scroll itself left out.
pub struct Identify;

/// The most pack slots the plugin looks through.
const SLOTS: u32 = 26;

impl ItemEffect for Identify {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let own = item.slot();
        let mut found = None;
        for slot in (0..SLOTS).filter(|s| Some(*s) != own) {
            let Some(entry) = ctx.pack_item(slot) else { continue };
            let kind = entry.kind.to_string();
            if kind == item.kind.as_str() || is_known(ctx, &kind) {
                continue;
            }
            if let Some((_, one, _)) = look_of(ctx, &kind) {
                found = Some((kind, one));
                break;
            }
        }
        match found {
            Some((kind, one)) => {
                learn(ctx, &kind, "scroll");
                let truly = ctx.item_info(&kind).map(|i| i.with_article()).unwrap_or_default();
                ctx.message(&format!("You learn that the {one} is {truly}."), MessageKind::Good);
            }
            None => ctx.message("You learn nothing: you know all you carry.", MessageKind::Info),
        }
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Vec<String>> {
        Ok(vec!["Makes known the first unknown potion or scroll in your pack.".into()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::{ItemId, PackEntry};

    /// A game whose records hold two potions, a scroll of identify and a sword.
    fn game(seed: u64) -> TestGame {
        let mut game = TestGame::new(8, 8);
        game.run_seed = seed;
        for (id, name, class) in [
            ("potion_of_haste", "potion of haste", "potion"),
            ("potion_of_vigor", "potion of vigor", "potion"),
            ("scroll_of_identify", "scroll of identify", "scroll"),
            ("long_sword", "long sword", "weapon"),
        ] {
            game.add_item_record(id, name, "none", &[]);
            game.items.get_mut(id).unwrap().class = class.into();
        }
        game
    }

    fn name_of(game: &mut TestGame, kind: &str, count: u32) -> Option<String> {
        let item = game.item_use(kind, &[]);
        Names.name(&mut game.ctx(), &item, count).unwrap()
    }

    #[test]
    fn potions_and_scrolls_come_unknown_by_a_look_and_other_classes_keep_their_names() {
        let mut game = game(3);
        let one = name_of(&mut game, "potion_of_haste", 1).unwrap();
        let several = name_of(&mut game, "potion_of_haste", 4).unwrap();
        assert!(one.ends_with(" potion") && several == format!("{one}s"), "{one} / {several}");
        assert_ne!(Some(one), name_of(&mut game, "potion_of_vigor", 1), "two kinds, two looks");
        assert!(name_of(&mut game, "scroll_of_identify", 1).unwrap().starts_with("scroll labelled "));
        assert_eq!(name_of(&mut game, "long_sword", 1), None);
        let haste = game.item_use("potion_of_haste", &[]);
        let card = Names.card(&mut game.ctx(), &haste).unwrap().unwrap();
        assert!(card.starts_with("A ") && card.ends_with(" potion. Drink it to learn what it is."), "{card}");
    }

    #[test]
    fn using_a_kind_makes_it_known_once_with_a_line_and_an_event() {
        let mut game = game(3);
        let haste = game.item_use("potion_of_haste", &[]);
        ByUse.item_used(&mut game.ctx(), &haste).unwrap();
        assert_eq!(game.messages.last().unwrap(), "It was a potion of haste.");
        assert_eq!(name_of(&mut game, "potion_of_haste", 1), None, "known: the record's name");
        assert!(Names.card(&mut game.ctx(), &haste).unwrap().is_none());
        let lines = game.messages.len();
        ByUse.item_used(&mut game.ctx(), &haste).unwrap();
        assert_eq!(game.messages.len(), lines, "no second line once known");
        let sword = game.item_use("long_sword", &[]);
        ByUse.item_used(&mut game.ctx(), &sword).unwrap();
        assert_eq!(game.store.get(&(EntityId::PLAYER, "known_long_sword".to_string())), None);
    }

    #[test]
    fn the_scroll_of_identify_makes_the_first_unknown_kind_in_the_pack_known() {
        let mut game = game(9);
        game.pack[0] = Some(PackEntry { kind: "scroll_of_identify".into(), count: 2, item: ItemId(1) });
        game.pack[1] = Some(PackEntry { kind: "long_sword".into(), count: 1, item: ItemId(2) });
        game.pack[2] = Some(PackEntry { kind: "potion_of_vigor".into(), count: 1, item: ItemId(3) });
        game.pack[3] = Some(PackEntry { kind: "potion_of_haste".into(), count: 1, item: ItemId(4) });
        let look = name_of(&mut game, "potion_of_vigor", 1).unwrap();
        let scroll = game.item_use("scroll_of_identify", &[]);
        assert_eq!(Identify.use_item(&mut game.ctx(), &scroll).unwrap(), UseOutcome::Consumed);
        assert_eq!(game.messages.last().unwrap(), &format!("You learn that the {look} is a potion of vigor."));
        assert_eq!(name_of(&mut game, "potion_of_vigor", 1), None);
        assert!(name_of(&mut game, "potion_of_haste", 1).is_some(), "only the first");
        Identify.use_item(&mut game.ctx(), &scroll).unwrap();
        Identify.use_item(&mut game.ctx(), &scroll).unwrap();
        assert_eq!(game.messages.last().unwrap(), "You learn nothing: you know all you carry.");
    }
}
