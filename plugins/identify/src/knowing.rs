//! What the player knows, and how unknown items are named: the item names
//! the host asks, the hook that learns a kind by its use, and the scroll of
//! identify.
//!
//! Which kinds the player knows is the game's (api 1.6's known kinds,
//! shared by every plugin): the plugin marks every potion and scroll kind
//! unknown when the run starts ([`mark`]), asks [`Ctx::kind_known`], and
//! makes a kind known with [`Ctx::set_kind_known`]. Before 1.6 it kept
//! them in the player's store (`known_KIND` = 1); a save holding those
//! keys is read once, when [`mark`] finds them, and they are dropped.

use std::sync::Mutex;

use emberdeep_api::{
    with_article, Ctx, EntityId, Hooks, ItemEffect, ItemNames, ItemUse, Look, MessageKind, PackEntry, PluginResult,
    UseOutcome,
};

use crate::looks::{assign, drawn, look_names, Class};

/// The player's store key that said a kind is known (`known_KIND` = 1)
/// before api 1.6, and still does on an older host.
pub fn known_key(kind: &str) -> String {
    format!("known_{kind}")
}

/// The player's store key (the plugin's own, 0 or 1) that says the run's
/// potion and scroll kinds were marked unknown in the game ([`mark`]):
/// saved with the run, so a loaded run is not marked again.
pub const MARKED: &str = "identify_marked";

/// Whether this run's kinds were marked unknown in the game.
fn marked(ctx: &Ctx<'_>) -> bool {
    ctx.store_get(EntityId::PLAYER, MARKED) == Some(1)
}

/// Whether the player knows item kind `kind`: the game's answer once the
/// run is [`mark`]ed; until then (a scenario's first look, a save from
/// before 1.6 not yet played on, an older host), the store's `known_KIND`.
pub fn is_known(ctx: &mut Ctx<'_>, kind: &str) -> bool {
    if marked(ctx) {
        return ctx.kind_known(kind).unwrap_or(true);
    }
    ctx.store_get(EntityId::PLAYER, &known_key(kind)).is_some_and(|v| v != 0)
}

/// Marks every potion and scroll kind unknown in the game, once a run
/// (when it starts, or at the first turn of a run that did not start with
/// a floor: a scenario, a save from before 1.6). The kinds a save from
/// before 1.6 knew (`known_KIND`) stay known, and their keys are dropped.
/// On a host older than 1.6 (the first mark refused) nothing changes and
/// the store keeps what is known.
pub fn mark(ctx: &mut Ctx<'_>) {
    if marked(ctx) {
        return;
    }
    let hidden: Vec<String> = ctx
        .item_kinds()
        .into_iter()
        .filter(|k| ctx.item_info(k).is_some_and(|i| Class::of(i.class.as_str()).is_some()))
        .collect();
    let old = |ctx: &Ctx<'_>, k: &String| ctx.store_get(EntityId::PLAYER, &known_key(k)).is_some_and(|v| v != 0);
    let (known, unknown): (Vec<String>, Vec<String>) = hidden.into_iter().partition(|k| old(ctx, k));
    for kind in &unknown {
        if !ctx.set_kind_known(kind, false) {
            return;
        }
    }
    for kind in &known {
        ctx.store_remove(EntityId::PLAYER, &known_key(kind));
    }
    ctx.store_set(EntityId::PLAYER, MARKED, 1);
}

/// The looks of this run, worked out once a seed and set of records (kind,
/// class, look number), for the host asks the names many times a screen.
type Looks = (u64, Vec<String>, Vec<(String, Class, usize)>);

static LOOKS: Mutex<Option<Looks>> = Mutex::new(None);

/// The look of item kind `kind` in this run, if its class is one hidden:
/// its class and its names of one and several.
pub fn look_of(ctx: &mut Ctx<'_>, kind: &str) -> Option<(Class, String, String)> {
    let (class, look) = look_number(ctx, kind)?;
    let (one, several) = look_names(class, look);
    Some((class, one, several))
}

/// The class of item kind `kind` and the number of its look in this run,
/// if its class is one hidden.
pub fn look_number(ctx: &mut Ctx<'_>, kind: &str) -> Option<(Class, usize)> {
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
    Some((class, look))
}

/// Makes kind `kind` known (`how`: `use` or `scroll`), traced as an
/// `identified` event (after the game's `kind_known`). False if it was
/// known already.
pub fn learn(ctx: &mut Ctx<'_>, kind: &str, how: &str) -> bool {
    mark(ctx);
    if is_known(ctx, kind) {
        return false;
    }
    if marked(ctx) {
        if !ctx.set_kind_known(kind, true) {
            return false;
        }
    } else {
        ctx.store_set(EntityId::PLAYER, &known_key(kind), 1);
    }
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
            let shown = emberdeep_api::capitalized(&with_article(&one));
            format!("{shown}. {} it to learn what it is.", class.verb())
        }))
    }

    /// An unknown potion or scroll is drawn by its look; a potion keeps its
    /// look's colour once known (the pink potion learned to heal is still
    /// the pink one on the floor), a known scroll is drawn as its record says.
    fn look(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<Look>> {
        let Some((class, look)) = look_number(ctx, item.kind.as_str()) else { return Ok(None) };
        if class != Class::Potion && is_known(ctx, item.kind.as_str()) {
            return Ok(None);
        }
        Ok(Some(drawn(class, look)))
    }
}

/// Marks the run's kinds unknown when it starts ([`mark`]), and learns a
/// kind by its use: "It was a potion of haste."
pub struct ByUse;

impl Hooks for ByUse {
    fn floor_entered(&self, ctx: &mut Ctx<'_>, _floor: u32) -> PluginResult<()> {
        mark(ctx);
        Ok(())
    }

    fn turn_ended(&self, ctx: &mut Ctx<'_>, _turn: u64) -> PluginResult<()> {
        mark(ctx);
        Ok(())
    }

    fn item_used(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        mark(ctx);
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
/// (the first slot holding one, from `a`), the scroll itself left out,
/// whichever plugin marked it unknown (another plugin's ring too).
pub struct Identify;

/// The most pack slots the plugin looks through.
const SLOTS: u32 = 26;

impl ItemEffect for Identify {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        mark(ctx);
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
            // Another plugin's unknown kind, as the player is shown it.
            if marked(ctx) {
                let shown = ctx.item_shown(&PackEntry { count: 1, ..entry });
                let one = shown.strip_prefix("an ").or_else(|| shown.strip_prefix("a ")).unwrap_or(&shown);
                found = Some((kind, one.to_string()));
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
        Ok(vec!["Makes known the first unknown kind in your pack.".into()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::ItemId;

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
    fn an_unknown_kind_is_drawn_by_its_look_in_the_colour_its_name_says_and_a_known_potion_keeps_it() {
        let mut game = game(3);
        let look = |game: &mut TestGame, kind: &str| {
            let item = game.item_use(kind, &[]);
            Names.look(&mut game.ctx(), &item).unwrap()
        };
        let haste = look(&mut game, "potion_of_haste").expect("an unknown potion has a look");
        let name = name_of(&mut game, "potion_of_haste", 1).unwrap();
        let colour = crate::looks::COLOURS.iter().position(|c| name.contains(&format!(" {c} "))).expect("a colour");
        let (r, g, b) = crate::looks::COLOUR_RGB[colour];
        assert_eq!(haste, Look::new('!', emberdeep_api::Rgba::rgb(r, g, b), "potion"), "{name}");
        let vigor = look(&mut game, "potion_of_vigor").unwrap();
        assert_eq!((vigor.glyph, vigor.tile.as_str()), (haste.glyph, "potion"), "one sprite for every unknown potion");
        let scroll = look(&mut game, "scroll_of_identify").unwrap();
        assert_eq!(scroll, Look::new('?', crate::looks::PARCHMENT, "scroll"));
        assert_eq!(look(&mut game, "long_sword"), None, "a sword keeps its own look");
        let used = game.item_use("potion_of_haste", &[]);
        ByUse.item_used(&mut game.ctx(), &used).unwrap();
        assert_eq!(look(&mut game, "potion_of_haste"), Some(haste), "known, a potion keeps its colour");
        let read = game.item_use("scroll_of_identify", &[]);
        ByUse.item_used(&mut game.ctx(), &read).unwrap();
        assert_eq!(look(&mut game, "scroll_of_identify"), None, "a known scroll: the record's look");
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

    #[test]
    fn a_run_marks_every_potion_and_scroll_unknown_in_the_game_once_and_nothing_else() {
        let mut game = game(5);
        ByUse.floor_entered(&mut game.ctx(), 1).unwrap();
        let mut ctx = game.ctx();
        assert_eq!(ctx.unknown_kinds(), ["potion_of_haste", "potion_of_vigor", "scroll_of_identify"]);
        assert_eq!(ctx.kind_known("long_sword"), Some(true));
        drop(ctx);
        let marks = game.events.len();
        assert_eq!(marks, 3, "one kind_known a kind");
        ByUse.turn_ended(&mut game.ctx(), 1).unwrap();
        game.kinds_known.insert("potion_of_vigor".into(), true);
        ByUse.floor_entered(&mut game.ctx(), 2).unwrap();
        assert_eq!(game.events.len(), marks, "marked once a run: a kind made known stays known");
        assert_eq!(name_of(&mut game, "potion_of_vigor", 1), None, "the game's answer is the plugin's");
        assert!(name_of(&mut game, "potion_of_haste", 1).is_some());
    }

    #[test]
    fn a_save_from_before_known_kinds_keeps_what_its_store_knew() {
        let mut game = game(5);
        game.store.insert((EntityId::PLAYER, known_key("potion_of_haste")), 1);
        assert_eq!(name_of(&mut game, "potion_of_haste", 1), None, "known before the first turn");
        assert!(name_of(&mut game, "potion_of_vigor", 1).is_some(), "unknown before the first turn");
        ByUse.turn_ended(&mut game.ctx(), 7).unwrap();
        assert_eq!(game.store.get(&(EntityId::PLAYER, known_key("potion_of_haste"))), None, "read once");
        assert_eq!(game.ctx().kind_known("potion_of_haste"), Some(true));
        assert_eq!(game.ctx().kind_known("potion_of_vigor"), Some(false));
        assert_eq!(name_of(&mut game, "potion_of_haste", 1), None, "still known");
        assert!(name_of(&mut game, "potion_of_vigor", 1).is_some());
    }

    #[test]
    fn the_scroll_of_identify_makes_another_plugins_unknown_ring_known() {
        let mut game = game(9);
        game.add_item_record("ring_of_seeing", "ring of seeing", "none", &[]);
        game.items.get_mut("ring_of_seeing").unwrap().class = "ring".into();
        game.kinds_known.insert("ring_of_seeing".into(), false);
        game.pack[0] = Some(PackEntry { kind: "scroll_of_identify".into(), count: 1, item: ItemId(1) });
        game.pack[1] = Some(PackEntry { kind: "ring_of_seeing".into(), count: 1, item: ItemId(2) });
        game.pack[2] = Some(PackEntry { kind: "potion_of_vigor".into(), count: 1, item: ItemId(3) });
        let scroll = game.item_use("scroll_of_identify", &[]);
        Identify.use_item(&mut game.ctx(), &scroll).unwrap();
        assert_eq!(game.ctx().kind_known("ring_of_seeing"), Some(true), "the ring first, whoever marked it");
        assert_eq!(game.ctx().kind_known("potion_of_vigor"), Some(false));
        assert!(game.messages.last().unwrap().ends_with(" is a ring of seeing."), "{:?}", game.messages);
        let (name, fields) = game.events.last().unwrap();
        assert_eq!((name.as_str(), fields[0].value.clone()), ("identified", "ring_of_seeing".into()));
    }
}
