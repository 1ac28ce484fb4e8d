//! The state of a run: the floor, its creatures and items, the pack, the log,
//! the turn and the RNG. Everything that changes the game changes a `Game`;
//! the front end only reads it (through `app`).

use std::collections::BTreeMap;
use std::rc::Rc;

use emberdeep_api::{CreatureInfo, Damage, EntityId, Look, MonsterState, Point, Rgba};

use crate::data::{MonsterRecord, Records};
use crate::items::{FloorItem, Pack};
use crate::log::MessageLog;
use crate::map::Map;
use crate::paths::PathCache;
use crate::plugins::Plugins;
use crate::roster::{CreatureMut, Roster};
use crate::rng::RunRng;
use crate::sight::{field_of_view, Visibility};
use crate::trace::{Fields, Trace};

/// The host's own balance numbers, from `data/host/rules.toml`.
#[derive(Debug, Clone)]
pub struct Rules {
    /// The player's health at the start.
    pub player_hp: i32,
    /// The player heals 1 every this many turns while hurt.
    pub heal_every: u64,
    /// Field of view radius.
    pub fov_radius: i32,
    /// Pack slots.
    pub pack_size: usize,
    /// Map width.
    pub map_width: i32,
    /// Map height.
    pub map_height: i32,
    /// Most monsters per room on floor 1.
    pub monsters_per_room: i32,
    /// Most items per room.
    pub items_per_room: i32,
    /// Chance in percent that a monster starts asleep.
    pub asleep_percent: i32,
    /// Chance in percent, each turn, that a sleeper with the player in sight wakes.
    pub notice_percent: i32,
}

impl Rules {
    /// The rules from the host's settings, with the defaults of GAME.md for anything missing.
    pub fn from_records(records: &Records) -> Rules {
        let empty = BTreeMap::new();
        let s = records.settings.get("host").unwrap_or(&empty);
        let get = |k: &str, d: i64| s.get(k).copied().unwrap_or(d);
        Rules {
            player_hp: get("player_hp", 30) as i32,
            heal_every: get("heal_every", 10).max(1) as u64,
            fov_radius: get("fov_radius", 9) as i32,
            pack_size: get("pack_size", 26).clamp(1, 26) as usize,
            map_width: get("map_width", 80) as i32,
            map_height: get("map_height", 45) as i32,
            monsters_per_room: get("monsters_per_room", 2) as i32,
            items_per_room: get("items_per_room", 1) as i32,
            asleep_percent: get("asleep_percent", 50) as i32,
            notice_percent: get("notice_percent", 10) as i32,
        }
    }
}

/// The player or a monster.
#[derive(Debug, Clone)]
pub struct Creature {
    /// Its id for the run.
    pub id: EntityId,
    /// Record id, or `player`.
    pub kind: String,
    /// Name in messages.
    pub name: String,
    /// Health left.
    pub hp: i32,
    /// Most health.
    pub max_hp: i32,
    /// Taken off blows.
    pub defense: i32,
    /// Blow damage.
    pub damage: Damage,
    /// Sight radius.
    pub sight: i32,
    /// Where it stands.
    pub pos: Point,
    /// Asleep, wandering, hunting.
    pub state: MonsterState,
    /// Where it last saw or heard the player.
    pub goal: Option<Point>,
    /// The registered brain (monsters).
    pub brain: Option<String>,
    /// Its look.
    pub look: Look,
}

impl Creature {
    /// The player at `pos`.
    pub fn player(pos: Point, hp: i32) -> Creature {
        Creature {
            id: EntityId::PLAYER,
            kind: "player".into(),
            name: "you".into(),
            hp,
            max_hp: hp,
            defense: 0,
            damage: Damage::new(1, 2),
            sight: 9,
            pos,
            state: MonsterState::Hunting,
            goal: None,
            brain: None,
            look: Look { glyph: '@' as u32, color: Rgba::rgb(255, 255, 255), tile: "player".into() },
        }
    }

    /// A monster of a record's kind.
    pub fn monster(id: EntityId, rec: &MonsterRecord, pos: Point, state: MonsterState) -> Creature {
        Creature {
            id,
            kind: rec.id.clone(),
            name: rec.name.clone(),
            hp: rec.hp,
            max_hp: rec.hp,
            defense: rec.defense,
            damage: rec.damage,
            sight: rec.sight,
            pos,
            state,
            goal: None,
            brain: Some(rec.brain.clone()),
            look: Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() },
        }
    }

    /// The name the trace uses: `player`, or `jackal#3`.
    pub fn trace_name(&self) -> String {
        if self.id.is_player() {
            "player".into()
        } else {
            format!("{}#{}", self.kind, self.id.0)
        }
    }

    /// "the jackal", or "you".
    pub fn the_name(&self) -> String {
        if self.id.is_player() {
            "you".into()
        } else {
            format!("the {}", self.name)
        }
    }

    /// What plugins may read of it.
    pub fn info(&self) -> CreatureInfo {
        CreatureInfo {
            id: self.id,
            kind: self.kind.as_str().into(),
            name: self.name.as_str().into(),
            trace_name: self.trace_name().into(),
            pos: self.pos,
            hp: self.hp,
            max_hp: self.max_hp,
            defense: self.defense,
            damage: self.damage,
            sight: self.sight,
            state: self.state,
        }
    }
}

/// A run in progress.
pub struct Game {
    /// The run's seed.
    pub seed: u64,
    /// The run's one RNG.
    pub rng: RunRng,
    /// Turns played.
    pub turn: u64,
    /// The floor, from 1.
    pub floor: u32,
    /// The floor's map.
    pub map: Map,
    /// What the player sees now.
    pub fov: Visibility,
    /// Everyone alive, the player included, by id.
    pub creatures: Roster,
    /// The next monster id.
    pub next_id: u32,
    /// Items lying on this floor, in the order they came.
    pub items: Vec<FloorItem>,
    /// The player's pack.
    pub pack: Pack,
    /// Messages.
    pub log: MessageLog,
    /// The trace.
    pub trace: Trace,
    /// Plugins' per-creature numbers.
    pub store: BTreeMap<(EntityId, String), i64>,
    /// Plugins' per-creature texts (the kind of the weapon in hand).
    pub store_text: BTreeMap<(EntityId, String), String>,
    /// Bumped by `stored_changed` whenever `store` or `store_text` change.
    pub(crate) store_version: u64,
    /// The player's derived numbers as last asked, with what they were derived from.
    pub(crate) derived: crate::hooks::Derived,
    /// What killed the player ("a jackal"), once dead.
    pub killer: Option<String>,
    /// Whether the run is over.
    pub over: bool,
    /// The loaded plugins.
    pub plugins: Rc<Plugins>,
    /// The records of the loaded plugins.
    pub records: Rc<Records>,
    /// The host's numbers.
    pub rules: Rules,
    /// Distance maps shared by every monster this floor: toward a goal, away from a threat.
    pub(crate) paths: PathCache,
    /// Set while the plugins' derived-stat hooks run, so that a hook reading
    /// the player gets the base numbers instead of asking the hooks again.
    pub(crate) deriving: bool,
    /// Shots and bursts this turn made, for the window to show (never read by the game).
    pub effects: Vec<crate::effects::Effect>,
    /// The Targeting state: the shot being aimed, the last target.
    pub targeting: crate::aiming::Targeting,
}

impl Game {
    /// An empty game on a map; `spawn` and `scenario` fill it.
    pub fn blank(seed: u64, map: Map, start: Point, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Game {
        let rules = Rules::from_records(&records);
        let mut creatures = Roster::new();
        creatures.insert(EntityId::PLAYER, Creature::player(start, rules.player_hp));
        let fov = field_of_view(&map, start, rules.fov_radius);
        Game {
            seed,
            rng: RunRng::from_seed(seed),
            turn: 0,
            floor: 1,
            map,
            fov,
            creatures,
            next_id: 1,
            items: Vec::new(),
            pack: Pack::new(rules.pack_size),
            log: MessageLog::default(),
            trace,
            store: BTreeMap::new(),
            store_text: BTreeMap::new(),
            store_version: 0,
            derived: Default::default(),
            killer: None,
            over: false,
            plugins,
            records,
            rules,
            paths: PathCache::default(),
            deriving: false,
            effects: Vec::new(),
            targeting: Default::default(),
        }
    }

    /// The player.
    pub fn player(&self) -> &Creature {
        &self.creatures[&EntityId::PLAYER]
    }

    /// Drops everything plugins stored for creatures that `keep` refuses.
    pub fn retain_stored(&mut self, keep: impl Fn(EntityId) -> bool) {
        self.store.retain(|(id, _), _| keep(*id));
        self.store_text.retain(|(id, _), _| keep(*id));
        self.stored_changed();
    }

    /// Notes that the plugins' stored values changed, so the player's derived
    /// numbers must be asked again.
    pub fn stored_changed(&mut self) {
        self.store_version += 1;
    }

    /// The player, to change.
    pub fn player_mut(&mut self) -> CreatureMut<'_> {
        self.creatures.get_mut(&EntityId::PLAYER).expect("the player is never removed")
    }

    /// The creature standing on `p`.
    pub fn creature_at(&self, p: Point) -> Option<&Creature> {
        self.creatures.at(p)
    }

    /// Whether a creature could step onto `p` (walkable or a closed door, nobody there).
    pub fn is_free(&self, p: Point) -> bool {
        self.map.is_passable(p) && self.creature_at(p).is_none()
    }

    /// Writes a trace event for this turn, after any plugin logs waiting.
    pub fn emit(&mut self, event: &str, source: &str, fields: Fields) {
        self.emit_with(event, source, || fields);
    }

    /// `emit`, building the fields only when the event goes somewhere (for
    /// the events of every turn: attacks, noises).
    pub fn emit_with(&mut self, event: &str, source: &str, fields: impl FnOnce() -> Fields) {
        self.trace.drain_plugin_logs(self.turn, source);
        if self.trace.wanted() {
            self.trace.event(self.turn, event, source, fields());
        }
    }

    /// Recomputes what the player sees and remembers it.
    pub fn update_sight(&mut self) {
        let origin = self.player().pos;
        self.fov = field_of_view(&self.map, origin, self.rules.fov_radius);
        self.map.remember_all(self.fov.cells());
    }

    /// Whether monster `id` sees the player: in the player's sight and its own.
    pub fn sees_player(&self, id: EntityId) -> bool {
        let (Some(m), p) = (self.creatures.get(&id), self.player().pos) else { return false };
        self.fov.is_visible(m.pos) && m.pos.steps_to(p) <= m.sight
    }

    /// Monsters the player sees, nearest first; ties: higher, then further left.
    pub fn monsters_in_view(&self) -> Vec<EntityId> {
        let p = self.player().pos;
        let mut seen: Vec<&Creature> =
            self.creatures.values().filter(|c| !c.id.is_player() && self.fov.is_visible(c.pos)).collect();
        seen.sort_by_key(|c| (c.pos.steps_to(p), c.pos.y, c.pos.x));
        seen.into_iter().map(|c| c.id).collect()
    }

    /// Reports a plugin's failure: in the log, the console and the trace. The run goes on.
    pub fn plugin_error(&mut self, plugin: &str, error: &emberdeep_api::PluginError) {
        tracing::error!(plugin, "plugin failed: {error}");
        self.log.add(format!("The {plugin} plugin failed: {error}"), emberdeep_api::MessageKind::Danger);
        self.emit("plugin_error", plugin, crate::fields! {"plugin" => plugin, "message" => error.to_string()});
    }
}
