//! How items are named to the player (api 1.3): by their record, unless a
//! plugin's item names answer first (an unknown potion shown by its look,
//! `a murky potion`). Every place the host names an item to the player
//! asks here: the pack, the item card, the look panel, the log lines about
//! picking up, dropping and using, and the morgue. Traces keep record ids.
//!
//! And how the host's lines name a creature ([`Game::the_name_of`]): an
//! ally so that it is never taken for the enemy of the same kind beside it
//! ("Your spirit wolf hits the spirit hound for 3.", "The goblin hits the
//! allied goblin mercenary for 2.").

use abi_stable::std_types::ROption;
use std::collections::BTreeSet;
use std::sync::Mutex;

use emberdeep_api::{ItemId, ItemUse, Look, PLAYER_SIDE};

use crate::data::records::{article_for, ItemRecord};
use crate::data::untrusted::shown;
use crate::plugins::boundary::Access;
use crate::rules::items::item_use;
use crate::world::creature::{Creature, Temper};
use crate::world::game::Game;

/// The most characters of a plugin's name or card the host shows.
const SHOWN_NAME: usize = 60;
/// The most characters of a plugin's card text the host shows.
const SHOWN_CARD: usize = 400;

impl Game {
    /// How a line names creature `c`: "you"; "your spirit wolf" for one on
    /// the player's side whose record is too (called up for the player: a
    /// summons); "the allied goblin mercenary" for one won over to the
    /// player's side (freed, charmed) or of a side allied with it; else
    /// "the goblin".
    pub fn the_name_of(&self, c: &Creature) -> String {
        if c.id.is_player() {
            return "you".into();
        }
        let record_side = self.records.monsters.get(&c.kind).map(|r| r.side.as_str());
        if c.side == PLAYER_SIDE && record_side == Some(PLAYER_SIDE) {
            format!("your {}", c.name)
        } else if self.friendly_to_player(&c.side) && c.temper != Temper::Provoked {
            format!("the allied {}", c.name)
        } else {
            c.the_name()
        }
    }

    /// How an item of kind `kind` (identity `id`, if it has one) is drawn:
    /// its glyph and colour in the glyph view, its tile in the tile view,
    /// beside its name in the pack and on its card. A plugin's item names
    /// may give a look of their own (api 1.6: an unknown potion drawn by
    /// its appearance), asked in load order, the first answer deciding;
    /// else the record's. A look the host refuses (no printable glyph, a
    /// colour of alpha 0, a tile no sheet has nor record names) is said
    /// once on the console, and the record's is drawn.
    pub fn item_shown_look(&mut self, kind: &str, id: Option<ItemId>) -> Option<Look> {
        let rec = self.item_record(kind).cloned()?;
        let own = Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() };
        let plugins = self.plugins.clone();
        if plugins.item_names.is_empty() {
            return Some(own);
        }
        let request = item_use(&rec, None, id);
        for entry in &plugins.item_names {
            if let Some(ROption::RSome(look)) = self.call(entry, Access::Look, |imp, ctx| imp.look(ctx, &request)) {
                return Some(match self.look_problem(&look) {
                    None => look,
                    Some(why) => {
                        refused_once(entry.plugin(), &why);
                        own
                    }
                });
            }
        }
        Some(own)
    }

    /// Why the host refuses an item's `look`, if it does.
    fn look_problem(&self, look: &Look) -> Option<String> {
        let glyph = char::from_u32(look.glyph).filter(|c| !c.is_control() && !c.is_whitespace());
        if glyph.is_none() {
            return Some(format!("its glyph {:#x} is not a printable character", look.glyph));
        }
        if look.color.a == 0 {
            return Some("its colour has alpha 0: no one could see it".into());
        }
        if !self.knows_tile(&look.tile) {
            return Some(format!(
                "its tile '{}' is in no tile sheet and no record names it",
                shown(&look.tile, SHOWN_NAME)
            ));
        }
        None
    }

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

/// Says once on the console, for each plugin and reason, that an item
/// look it gave was refused (it is asked many times a frame).
fn refused_once(plugin: &str, why: &str) {
    static TOLD: Mutex<BTreeSet<(String, String)>> = Mutex::new(BTreeSet::new());
    let first = TOLD.lock().map(|mut told| told.insert((plugin.to_string(), why.to_string()))).unwrap_or(true);
    if first {
        tracing::warn!(plugin, "an item's look from the {plugin} plugin is refused: {why}; the record's is drawn");
    }
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use emberdeep_api::{
        Attack, Ctx, EntityId, ItemNames, ItemUse, Look, MonsterBrain, PluginResult, Point, Registrar, Rgba,
        MONSTERS_SIDE,
    };

    use crate::core::map::{Map, Tile};
    use crate::plugins::registry::{Plugins, Registration};
    use crate::world::game::Game;

    /// A brain that does nothing.
    struct Idle;

    impl MonsterBrain for Idle {
        fn act(&self, _ctx: &mut Ctx<'_>, _me: EntityId) -> PluginResult<()> {
            Ok(())
        }
    }

    /// A monster record `id`, on side `side`.
    fn record(id: &str, name: &str, side: &str) -> String {
        format!(
            "[[monster]]\nid = \"{id}\"\nname = \"{name}\"\nglyph = \"C\"\ncolor = [1, 2, 3]\ntile = \"{id}\"\n\
             floors = [1, 1]\nhp = 30\ndamage = [1, 3]\nsight = 6\nbrain = \"idle\"\nside = \"{side}\"\n"
        )
    }

    /// A lit 12x5 room, the player at (1, 1); a spirit wolf (its record on
    /// the player's side) and goblins (on the monsters').
    fn room() -> Game {
        room_with(|_| {})
    }

    /// [`room`], the test plugin's registration added to by `more`, and a
    /// potion record (`tonic`, red, its own tile `tonic`).
    fn room_with(more: impl FnOnce(&mut Registrar)) -> Game {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir(dir.path().join("host")).expect("host folder");
        let records = record("spirit_wolf", "spirit wolf", "player") + &record("goblin", "goblin", "monsters");
        std::fs::write(dir.path().join("host/monsters.toml"), records).expect("records");
        let tonic = "[[item]]\nid = \"tonic\"\nname = \"tonic\"\nglyph = \"!\"\ncolor = [200, 0, 0]\n\
                     tile = \"tonic\"\nclass = \"potion\"\nfloors = [1, 1]\n";
        std::fs::write(dir.path().join("host/items.toml"), tonic).expect("records");
        let mut reg = Registrar::new("test", "0.1.0");
        reg.brain("idle", Idle);
        more(&mut reg);
        let mut plugins = Plugins::default();
        plugins.add(Registration::from_registrar(reg), std::path::PathBuf::new()).expect("one plugin");
        let records =
            crate::data::records::check::load_records(dir.path(), &plugins.registered()).expect("the records read");
        let mut map = Map::new_filled(12, 5, Tile::Wall);
        for x in 1..11 {
            for y in 1..4 {
                map.set_tile(Point::new(x, y), Tile::Floor);
            }
        }
        let trace = crate::data::trace::Trace::in_memory();
        let mut game = Game::blank(1, map, Point::new(1, 1), Rc::new(plugins), Rc::new(records), trace);
        game.update_sight();
        game
    }

    fn last_line(game: &Game) -> String {
        game.log.messages().last().map(|m| m.text.clone()).unwrap_or_default()
    }

    #[test]
    fn an_ally_is_named_as_yours_or_allied_never_as_the_enemy_of_its_kind() {
        let mut game = room();
        let spawn = |game: &mut Game, kind: &str, x: i32, side: &str| {
            game.spawn_creature(kind, Point::new(x, 2), side, "test").expect("room")
        };
        let wolf = spawn(&mut game, "spirit_wolf", 2, "player");
        let freed = spawn(&mut game, "goblin", 4, MONSTERS_SIDE);
        let goblin = spawn(&mut game, "goblin", 5, MONSTERS_SIDE);
        let hound = spawn(&mut game, "spirit_wolf", 3, MONSTERS_SIDE);
        game.set_creature_side(freed, "player", "test").expect("freed");
        let name = |game: &Game, id: EntityId| game.the_name_of(&game.creatures[&id].clone());
        assert_eq!(name(&game, EntityId::PLAYER), "you");
        assert_eq!(name(&game, wolf), "your spirit wolf", "called up for the player");
        assert_eq!(name(&game, freed), "the allied goblin", "won over");
        assert_eq!(name(&game, goblin), "the goblin");
        assert_eq!(name(&game, hound), "the spirit wolf", "one of its kind on the other side");
        game.apply_attack(Attack::melee(freed, goblin, 2, "a goblin"), "test");
        assert_eq!(last_line(&game), "The allied goblin hits the goblin for 2.");
        game.apply_attack(Attack::melee(goblin, freed, 3, "a goblin"), "test");
        assert_eq!(last_line(&game), "The goblin hits the allied goblin for 3.");
        game.apply_attack(Attack::melee(hound, wolf, 1, "a spirit wolf"), "test");
        assert_eq!(last_line(&game), "The spirit wolf hits your spirit wolf for 1.");
        game.apply_attack(Attack::melee(wolf, hound, 4, "a spirit wolf"), "test");
        assert_eq!(last_line(&game), "Your spirit wolf hits the spirit wolf for 4.");
    }

    /// Item names that draw every item with the look they hold.
    struct Drawn(Look);

    impl ItemNames for Drawn {
        fn look(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Option<Look>> {
            Ok(Some(self.0.clone()))
        }
    }

    #[test]
    fn an_item_is_drawn_by_a_plugin_s_look_and_a_look_the_host_refuses_by_its_record() {
        let record = Look::new('!', Rgba::rgb(200, 0, 0), "tonic");
        let mut plain = room();
        assert_eq!(plain.item_shown_look("tonic", None), Some(record.clone()), "no item names: the record's");
        assert_eq!(plain.item_shown_look("no_such_kind", None), None);
        let good = Look::new('!', Rgba::rgb(40, 180, 170), "goblin");
        let mut game = room_with(|reg| {
            reg.item_names(Drawn(good.clone()));
        });
        assert_eq!(game.item_shown_look("tonic", None), Some(good.clone()), "a tile a record names will do");
        let bad = [
            Look { glyph: 0x7, ..good.clone() },
            Look { glyph: 0xD800, ..good.clone() },
            Look { color: Rgba::rgb(1, 2, 3).with_alpha(0), ..good.clone() },
            Look::new('!', Rgba::rgb(1, 2, 3), "no_sheet_has_this"),
        ];
        for look in bad {
            let mut game = room_with(|reg| {
                reg.item_names(Drawn(look.clone()));
            });
            let turn = game.turn();
            assert_eq!(game.item_shown_look("tonic", None), Some(record.clone()), "{look:?} refused");
            assert_eq!(game.turn(), turn, "asking changes nothing");
        }
    }
}
