//! A creature's own name and look, and disguises (api 1.6).
//!
//! A plugin may give a monster a name and look of its own over its
//! record's (`Ctx::spawn_as`, `Ctx::set_look`): they become the creature's
//! `name` and `look`, which every message, both views, the look panel, the
//! in-sight list and the morgue already read, and which a save keeps; the
//! trace keeps the record id (`goblin#7`).
//!
//! A plugin may also disguise a monster as a terrain or an item kind
//! (`Ctx::disguise`): until it is revealed the player's screen, the look
//! panel, the in-sight list, `monsters_in_view`, the alarm and the
//! time-savers take it for what it shows, and no message names it. The
//! host's rule (docs/rules.md): the disguise drops when the player steps
//! next to it or into it (that step takes the turn, no blow), and when it
//! attacks or is attacked.

use emberdeep_api::abi::TerrainDecl;
use emberdeep_api::{CreatureLook, EntityId, Look, MessageKind, MonsterInfo, Point, DIRECTIONS};

use crate::core::map::Tile;
use crate::data::records::{ItemRecord, MonsterRecord};
use crate::data::tile_index::HOST_TILES;
use crate::data::untrusted::shown;
use crate::fields;
use crate::world::creature::{ChangeRefused, Creature};
use crate::world::game::Game;
use crate::world::log::capitalized;

/// The most characters of a plugin's word a refusal repeats.
const SHOWN: usize = 40;

/// What a disguised creature shows as.
#[derive(Debug, Clone, Copy)]
pub enum Disguise<'a> {
    /// One of the host's terrains (`wall`).
    HostTerrain(Tile),
    /// A terrain a plugin registered.
    PluginTerrain(&'a TerrainDecl),
    /// An item kind.
    Item(&'a ItemRecord),
}

impl Disguise<'_> {
    /// Whether the player would take it for a cell one can walk into (a
    /// closed door opens): the time-savers walk through it, and the step
    /// into it reveals the creature.
    pub fn looks_passable(&self) -> bool {
        match self {
            Disguise::HostTerrain(tile) => tile.is_passable(),
            Disguise::PluginTerrain(decl) => decl.walkable,
            Disguise::Item(_) => true,
        }
    }

    /// Whether sight stops at it as it would at what it shows: a wall, a
    /// closed door, a plugin terrain that is not transparent or hides as a
    /// wall. An item never blocks sight.
    pub fn blocks_sight(&self) -> bool {
        match self {
            Disguise::HostTerrain(tile) => tile.blocks_sight(),
            Disguise::PluginTerrain(decl) => {
                !decl.transparent || matches!(decl.hidden, emberdeep_api::TerrainHidden::AsWall)
            }
            Disguise::Item(_) => false,
        }
    }

    /// "the chest", "the wall": the words of the host's line when it drops.
    pub fn the_words(&self) -> String {
        match self {
            Disguise::HostTerrain(Tile::DoorClosed) => "the closed door".into(),
            Disguise::HostTerrain(Tile::DoorOpen) => "the open door".into(),
            Disguise::HostTerrain(Tile::StairsDown) => "the stairs".into(),
            Disguise::HostTerrain(tile) => format!("the {}", tile.name().unwrap_or("wall")),
            Disguise::PluginTerrain(decl) => {
                let label = decl.label.as_str();
                let bare = label.strip_prefix("a ").or_else(|| label.strip_prefix("an ")).unwrap_or(label);
                format!("the {bare}")
            }
            Disguise::Item(rec) => format!("the {}", rec.name),
        }
    }
}

/// The look of an item record, as the views draw one.
fn item_look(rec: &ItemRecord) -> Look {
    Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() }
}

/// The look of a monster record.
fn record_look(rec: &MonsterRecord) -> Look {
    Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() }
}

/// A look's colour as the trace writes it: `#rrggbb`.
fn hex(look: &Look) -> String {
    format!("#{:02x}{:02x}{:02x}", look.color.r, look.color.g, look.color.b)
}

impl Game {
    /// Monster kind `kind`'s record as plugins read it.
    pub fn monster_info(&self, kind: &str) -> Option<MonsterInfo> {
        let rec = self.records.monsters.get(kind)?;
        Some(MonsterInfo {
            id: rec.id.as_str().into(),
            name: rec.name.as_str().into(),
            plural: format!("{}s", rec.name).into(),
            look: record_look(rec),
            hp: rec.hp,
            damage: rec.damage,
            defense: rec.defense,
            sight: rec.sight,
            side: rec.side.as_str().into(),
            brain: rec.brain.as_str().into(),
        })
    }

    /// Whether a look may name tile `tile`: one the host draws, one of a
    /// tile sheet (the game's atlas, a plugin's own), or one a loaded
    /// record or registered terrain names (which the tile view draws, or
    /// replaces by the glyph as it does for that record).
    pub fn knows_tile(&self, tile: &str) -> bool {
        HOST_TILES.contains(&tile)
            || self.records.sheet_tiles.contains(tile)
            || self.records.monsters.values().any(|m| m.tile == tile)
            || self.records.items.values().any(|i| i.tile == tile)
            || self.plugins.terrains.iter().any(|t| t.decl.look.tile.as_str() == tile)
    }

    /// Why the host refuses `look`, if it does.
    fn check_look(&self, look: &CreatureLook) -> Result<(), ChangeRefused> {
        self.look_refused(look).map_or(Ok(()), |why| Err(ChangeRefused::BadLook(why)))
    }

    /// The one rule a look is held to, in the words of its line: the
    /// api's ([`CreatureLook::problem`]: a name or plural of at most
    /// [`CreatureLook::MOST_NAME_CHARS`] printable characters, a printable
    /// glyph, a colour one can see), and a tile a sheet or a record has.
    fn look_refused(&self, look: &CreatureLook) -> Option<String> {
        if let Some(why) = look.problem() {
            return Some(why);
        }
        match look.tile_name() {
            Some(tile) if !self.knows_tile(tile) => {
                Some(format!("its tile '{}' is in no tile sheet and no record names it", shown(tile, SHOWN)))
            }
            _ => None,
        }
    }

    /// Why creature `c`'s name, plural, glyph and tile are none the game
    /// could have given it, if so: each is its record's (the player's
    /// own), or a part of a look a plugin gave it, held to the rule
    /// [`Game::set_creature_look`] holds a look to ([`Game::look_refused`]).
    /// So a saved name of 5,000 characters, which no plugin could have
    /// given, is refused when the save is read.
    pub(crate) fn worn_look_refused(&self, c: &Creature) -> Option<String> {
        let base = match self.records.monsters.get(&c.kind) {
            _ if c.id.is_player() => Creature::player(c.pos, 1),
            Some(rec) => Creature::monster(c.id, rec, c.pos, c.state),
            // Its kind is refused by name.
            None => return None,
        };
        if c.id.is_player() && c.plural.is_some() {
            return Some("no plugin gives the player a name".into());
        }
        let mut look = CreatureLook::new();
        if c.name != base.name || c.plural.is_some() {
            look = CreatureLook::named(&c.name);
        }
        if let Some(plural) = &c.plural {
            look = look.plural(plural);
        }
        if c.look.glyph != base.look.glyph {
            let Some(glyph) = char::from_u32(c.look.glyph) else {
                return Some(format!("its glyph {:#x} is not a printable character", c.look.glyph));
            };
            look = look.glyph(glyph);
        }
        if c.look.tile != base.look.tile {
            look = look.tile(&c.look.tile);
        }
        self.look_refused(&look)
    }

    /// A new monster, as [`Game::spawn_creature`] makes one, with `look`
    /// over its record's name and look (api 1.6 `spawn_as`).
    pub fn spawn_with_look(
        &mut self,
        kind: &str,
        at: Point,
        side: &str,
        look: &CreatureLook,
        source: &str,
    ) -> Result<EntityId, ChangeRefused> {
        self.check_look(look)?;
        self.spawn_creature_looking(kind, at, side, emberdeep_api::MonsterState::Wandering, Some(look), source)
    }

    /// Lays `look` over creature `c`'s record, `rec`.
    pub(crate) fn wear_look(c: &mut Creature, rec: &MonsterRecord, look: &CreatureLook) {
        c.name = look.name().map_or_else(|| rec.name.clone(), str::to_string);
        c.plural = look.name().and_then(|_| look.plural_name());
        c.look = look.over(&record_look(rec));
    }

    /// The fields a `spawn` or `look` event gains for a look: the name,
    /// glyph, colour and tile the creature now has.
    pub(crate) fn look_fields(c: &Creature) -> [(&'static str, serde_json::Value); 4] {
        let glyph = char::from_u32(c.look.glyph).unwrap_or('?').to_string();
        [
            ("name", c.name.clone().into()),
            ("glyph", glyph.into()),
            ("color", hex(&c.look).into()),
            ("tile", c.look.tile.to_string().into()),
        ]
    }

    /// Gives monster `id` `look` over its record's (an empty look: the
    /// record's), traced as `look` under `source`.
    pub fn set_creature_look(&mut self, id: EntityId, look: &CreatureLook, source: &str) -> Result<(), ChangeRefused> {
        if id.is_player() {
            return Err(ChangeRefused::ThePlayer("given another look"));
        }
        self.check_look(look)?;
        let kind = self.creatures.get(&id).map(|c| c.kind.clone()).ok_or(ChangeRefused::NoCreature(id.0))?;
        let rec = self.records.monsters.get(&kind).cloned().ok_or(ChangeRefused::UnknownKind(kind))?;
        let Some(mut c) = self.creatures.get_mut(&id) else { return Err(ChangeRefused::NoCreature(id.0)) };
        Game::wear_look(&mut c, &rec, look);
        let mut fields = fields! {"creature" => c.trace_name()};
        fields.extend(Game::look_fields(&c).map(|(k, v)| (k.to_string(), v)));
        drop(c);
        self.emit("look", source, fields);
        Ok(())
    }

    /// What `name` names as a disguise: a terrain (the host's, else a
    /// plugin's), else an item kind.
    pub fn disguise_named(&self, name: &str) -> Option<Disguise<'_>> {
        if let Some(tile) = Tile::named(name) {
            return Some(Disguise::HostTerrain(tile));
        }
        if let Some(kind) = self.plugins.terrain_index(name) {
            return self.plugins.terrains.get(kind as usize).map(|t| Disguise::PluginTerrain(&t.decl));
        }
        self.records.items.get(name).map(Disguise::Item)
    }

    /// What creature `c` shows as, if it is disguised.
    pub fn disguise_of(&self, c: &Creature) -> Option<Disguise<'_>> {
        self.disguise_named(c.disguise.as_deref()?)
    }

    /// The disguised creature on `p`, if one stands there.
    pub fn disguised_at(&self, p: Point) -> Option<&Creature> {
        self.creature_at(p).filter(|c| c.is_disguised())
    }

    /// How a disguise draws: the host's ground it shows (a wall, a door),
    /// if it shows one, and the thing on it (a plugin terrain's look, an
    /// item's), if any.
    pub fn disguise_drawn(&self, c: &Creature) -> Option<(Option<Tile>, Option<Look>)> {
        Some(match self.disguise_of(c)? {
            Disguise::HostTerrain(tile) => (Some(tile), None),
            Disguise::PluginTerrain(decl) => {
                let ground = if decl.walkable || decl.transparent { Tile::Floor } else { Tile::Wall };
                (Some(ground), Some(decl.look.clone()))
            }
            Disguise::Item(rec) => (None, Some(item_look(rec))),
        })
    }

    /// Disguises monster `id` as `as_kind` (a terrain, else an item kind),
    /// traced as `disguise` under `source`.
    pub fn disguise_creature(&mut self, id: EntityId, as_kind: &str, source: &str) -> Result<(), ChangeRefused> {
        if id.is_player() {
            return Err(ChangeRefused::ThePlayer("disguised"));
        }
        if self.disguise_named(as_kind).is_none() {
            return Err(ChangeRefused::UnknownDisguise(shown(as_kind, SHOWN)));
        }
        let Some(mut c) = self.creatures.get_mut(&id) else { return Err(ChangeRefused::NoCreature(id.0)) };
        c.disguise = Some(as_kind.to_string());
        let (name, pos) = (c.trace_name(), c.pos);
        drop(c);
        // The floor's list says who the player sees: built again.
        self.floor_list = None;
        self.emit("disguise", source, fields! {"creature" => name, "as" => as_kind, "x" => pos.x, "y" => pos.y});
        Ok(())
    }

    /// Creature `id` drops its disguise, traced as `reveal` with `cause`
    /// (`plugin`, `beside`, `bump`, `attack`) under `source`. For the
    /// host's causes, the player reads what it was ("The chest was a
    /// mimic!"). Returns whether it wore one.
    pub fn reveal_creature(&mut self, id: EntityId, cause: &str, source: &str) -> bool {
        let Some(c) = self.creatures.get(&id) else { return false };
        let Some(kind) = c.disguise.clone() else { return false };
        let words = self.disguise_of(c).map(|d| d.the_words()).unwrap_or_else(|| "it".into());
        let (name, pos, shown_name) = (c.trace_name(), c.pos, c.name.clone());
        if let Some(mut c) = self.creatures.get_mut(&id) {
            c.disguise = None;
        }
        self.floor_list = None;
        self.emit(
            "reveal",
            source,
            fields! {"creature" => name, "as" => kind, "cause" => cause, "x" => pos.x, "y" => pos.y},
        );
        if cause != "plugin" && self.fov.is_visible(pos) {
            let article = crate::data::records::article_for(&shown_name);
            self.log.add(capitalized(&format!("{words} was {article} {shown_name}!")), MessageKind::Danger);
        }
        true
    }

    /// The host's rule after the player's step: every disguised creature
    /// next to it drops its disguise, in the order of [`DIRECTIONS`].
    pub(crate) fn reveal_beside_player(&mut self) {
        let at = self.player().pos;
        for (dx, dy) in DIRECTIONS {
            if let Some(id) = self.disguised_at(at.offset(dx, dy)).map(|c| c.id) {
                self.reveal_creature(id, "beside", "host");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use emberdeep_api::{CreatureLook, EntityId, MonsterState, Point, Rgba};

    use crate::rules::sides::tests::wolves_game;
    use crate::rules::turn::Action;

    /// The trace's lines since last asked.
    fn events(game: &mut crate::world::game::Game) -> Vec<String> {
        game.trace.take_kept()
    }

    #[test]
    fn a_named_wolf_is_named_in_messages_and_the_trace_keeps_its_record() {
        let mut game = wolves_game();
        let look = CreatureLook::named("dire wolf").glyph('W').color(Rgba::rgb(200, 40, 40));
        let id = game.spawn_with_look("wolf", Point::new(4, 2), "", &look, "summoner").expect("spawned");
        let wolf = &game.creatures[&id];
        assert_eq!((wolf.name.as_str(), wolf.the_name().as_str()), ("dire wolf", "the dire wolf"));
        assert_eq!((wolf.look.glyph, wolf.look.tile.as_str()), ('W' as u32, "wolf"), "the record's tile kept");
        assert_eq!(wolf.plural.as_deref(), Some("dire wolfs"));
        assert_eq!(wolf.trace_name(), format!("wolf#{}", id.0), "the trace keeps the record id");
        let spawn = events(&mut game).into_iter().rev().find(|l| l.contains("\"spawn\"")).expect("a spawn event");
        assert!(spawn.contains("\"name\":\"dire wolf\"") && spawn.contains("\"glyph\":\"W\""), "{spawn}");
        assert!(spawn.contains("\"color\":\"#c82828\"") && spawn.contains("\"tile\":\"wolf\""), "{spawn}");
        let plain = game.spawn_creature("wolf", Point::new(5, 2), "", "summoner").expect("spawned");
        let spawn = events(&mut game).into_iter().rev().find(|l| l.contains("\"spawn\"")).expect("a spawn event");
        assert!(!spawn.contains("\"name\"") && !spawn.contains("glyph"), "no look, no new fields: {spawn}");
        assert_eq!(game.creatures[&plain].name, "wolf");
        game.set_creature_look(id, &CreatureLook::new(), "summoner").expect("the record's look again");
        assert_eq!((game.creatures[&id].name.as_str(), game.creatures[&id].plural.as_deref()), ("wolf", None));
        assert_eq!(game.creatures[&id].look.glyph, 'w' as u32);
    }

    #[test]
    fn a_look_the_host_refuses_changes_nothing() {
        let mut game = wolves_game();
        events(&mut game);
        let bad = [
            CreatureLook::named(""),
            CreatureLook::named(" \t"),
            CreatureLook::new().plural("wolves"),
            CreatureLook::named("wolf").glyph('\u{1b}'),
            CreatureLook::named("wolf").tile("no_sheet_has_this"),
        ];
        let named_blank = CreatureLook::named(" ");
        assert!(game.spawn_with_look("wolf", Point::new(4, 2), "", &named_blank, "summoner").is_err());
        let id = game.spawn_creature("wolf", Point::new(4, 2), "", "summoner").expect("spawned");
        assert_eq!(events(&mut game).iter().filter(|l| l.contains("\"spawn\"")).count(), 1, "only the plain wolf");
        for look in bad.iter().skip(1) {
            let why = game.set_creature_look(id, look, "summoner").expect_err("refused").to_string();
            assert!(!why.is_empty() && !why.contains('\n'), "one line: {why}");
            assert!(game.spawn_with_look("wolf", Point::new(5, 2), "", look, "summoner").is_err());
        }
        assert!(events(&mut game).is_empty(), "nothing traced");
        assert_eq!(game.creatures[&id].name, "wolf");
        assert!(game.creature_at(Point::new(5, 2)).is_none());
        assert!(game.set_creature_look(EntityId::PLAYER, &bad[0], "summoner").is_err());
    }

    #[test]
    fn a_disguised_wolf_is_unseen_until_the_player_steps_beside_it() {
        let mut game = wolves_game();
        let id = game.spawn_creature("wolf", Point::new(5, 1), "", "summoner").expect("spawned");
        game.creatures.get_mut(&id).expect("the wolf").state = MonsterState::Asleep;
        assert!(game.disguise_creature(id, "no_such_thing", "summoner").is_err(), "an unknown kind");
        assert!(game.disguise_creature(EntityId::PLAYER, "wall", "summoner").is_err(), "not the player");
        game.disguise_creature(id, "wall", "summoner").expect("disguised");
        game.update_sight();
        assert!(game.monsters_in_view().is_empty() && game.enemies_in_view().is_empty());
        let seen =
            |game: &mut crate::world::game::Game| game.floor_creatures().iter().find(|c| c.id == id).map(|c| c.seen);
        assert_eq!(seen(&mut game), Some(false), "plugins are told the player sees no wolf there");
        assert!(game.player_action(Action::Move(1, 0)) && game.player_action(Action::Move(1, 0)), "two steps away");
        assert!(game.creatures[&id].is_disguised());
        assert!(game.player_action(Action::Move(1, 0)), "beside it");
        assert!(!game.creatures[&id].is_disguised());
        assert_eq!(game.monsters_in_view(), [id]);
        assert_eq!(seen(&mut game), Some(true), "found, it is seen");
        assert!(game.log.messages().iter().any(|m| m.text == "The wall was a wolf!"));
        let reveal = events(&mut game).into_iter().find(|l| l.contains("\"reveal\"")).expect("traced");
        assert!(reveal.contains("\"cause\":\"beside\"") && reveal.contains("\"as\":\"wall\""), "{reveal}");
    }

    #[test]
    fn a_creature_passing_for_a_wall_blocks_sight_as_a_wall_until_found() {
        let mut game = wolves_game();
        let (wall, behind) = (Point::new(3, 1), Point::new(5, 1));
        let id = game.spawn_creature("wolf", wall, "", "summoner").expect("spawned");
        game.creatures.get_mut(&id).expect("the wolf").state = MonsterState::Asleep;
        game.update_sight();
        assert!(game.fov.is_visible(behind), "open floor: the room's far side is seen");
        game.disguise_creature(id, "wall", "summoner").expect("disguised");
        game.update_sight();
        assert!(game.fov.is_visible(wall), "the 'wall' itself is seen");
        assert!(!game.fov.is_visible(behind), "nothing is seen past a wall, nor past what passes for one");
        game.reveal_creature(id, "plugin", "summoner");
        game.update_sight();
        assert!(game.fov.is_visible(behind), "found: sight passes again");
    }

    #[test]
    fn stepping_into_a_disguise_reveals_it_and_takes_the_turn_without_a_blow() {
        let mut game = wolves_game();
        let id = game.spawn_creature("wolf", Point::new(2, 1), "", "summoner").expect("spawned");
        game.disguise_creature(id, "wall", "summoner").expect("disguised");
        let turn = game.turn;
        assert!(game.player_action(Action::Move(1, 0)), "the step into it takes the turn");
        assert_eq!((game.turn, game.player().pos), (turn + 1, Point::new(1, 1)), "the player stays");
        assert!(!game.creatures[&id].is_disguised());
        let lines = events(&mut game);
        assert!(lines.iter().any(|l| l.contains("\"cause\":\"bump\"")));
        assert!(!lines.iter().any(|l| l.contains("\"attack\"")), "no blow");
    }

    #[test]
    fn a_shot_s_scenery_keeps_a_disguise_as_what_it_shows() {
        let mut game = wolves_game();
        let wall = game.spawn_creature("wolf", Point::new(5, 3), "", "summoner").expect("spawned");
        let plain = game.spawn_creature("wolf", Point::new(4, 3), "", "summoner").expect("spawned");
        game.disguise_creature(wall, "wall", "summoner").expect("disguised");
        let scenery = game.scenery();
        assert!(scenery.creature_at(Point::new(5, 3)).is_none(), "a wall, not a wolf");
        assert_eq!(scenery.creature_at(Point::new(4, 3)).map(|c| c.0), Some(plain));
        assert!(scenery.item_at(Point::new(5, 3)).is_none(), "the host's wall is terrain, not a thing");
    }
}
