//! `Game`: the state of one run. The floor, its creatures and items, the
//! pack, the log, the turn, the RNG and the plugins' store; everything that
//! changes the game changes a `Game`. Its fields are the engine's own: the
//! front end and the drivers read it through its methods and change it
//! through the engine's calls.

use std::collections::BTreeMap;
use std::rc::Rc;

use emberdeep_api::{EntityId, Generator, ItemId, Point};

use crate::core::map::Map;
use crate::core::paths::PathCache;
use crate::core::rng::RunRng;
use crate::core::sight::{field_of_view, Visibility};
use crate::data::numbers::Numbers;
use crate::data::records::Records;
use crate::data::trace::{Fields, Trace};
use crate::plugins::registry::Plugins;
use crate::world::animation::Animation;
use crate::world::creature::Creature;
use crate::world::derived::Derived;
use crate::world::floor_items::FloorItems;
use crate::world::log::MessageLog;
use crate::world::pack::{Pack, PackItem};
use crate::world::roster::{CreatureMut, Roster};
use crate::world::targeting::Targeting;

pub use crate::data::records::GOAL_ITEM;

/// A run in progress.
///
/// Its fields are the engine's own. Outside this crate a `Game` is read
/// through its methods (`turn()`, `map()`, `pack()`, `log()`, ..) and
/// changed only through its calls (the rules', and the few the front end
/// and the drivers make: `say`, `take_animations`, `set_last_target`, and
/// those that set a scene), so that setting a field does not build:
///
/// ```compile_fail,E0616
/// fn skip_ahead(game: &mut emberdeep_engine::Game) {
///     game.turn = 5;
/// }
/// ```
///
/// nor does reading one:
///
/// ```compile_fail,E0616
/// fn turns(game: &emberdeep_engine::Game) -> u64 {
///     game.turn
/// }
/// ```
///
/// while asking does:
///
/// ```
/// fn turns(game: &emberdeep_engine::Game) -> u64 {
///     game.turn()
/// }
/// ```
pub struct Game {
    /// The run's seed.
    pub(crate) seed: u64,
    /// The run's one RNG.
    pub(crate) rng: RunRng,
    /// Turns played.
    pub(crate) turn: u64,
    /// The floor, from 1.
    pub(crate) floor: u32,
    /// What made this floor: the plugin and its generator's name, or the
    /// host's (`host`, `rooms`; `host`, `deepest`; `host`, `scenario` for
    /// a floor a scenario file drew). Since api 1.6.
    pub(crate) generator: Generator,
    /// The floor's map.
    pub(crate) map: Map,
    /// What the player sees now.
    pub(crate) fov: Visibility,
    /// Everyone alive, the player included, by id.
    pub(crate) creatures: Roster,
    /// The next monster id.
    pub(crate) next_id: u32,
    /// Items lying on this floor, in the order they came, found by cell and by id.
    pub(crate) items: FloorItems,
    /// The player's pack.
    pub(crate) pack: Pack,
    /// Messages.
    pub(crate) log: MessageLog,
    /// The trace.
    pub(crate) trace: Trace,
    /// Plugins' per-creature numbers.
    pub(crate) store: BTreeMap<(EntityId, String), i64>,
    /// Plugins' per-creature texts (the kind of the weapon in hand).
    pub(crate) store_text: BTreeMap<(EntityId, String), String>,
    /// Bumped by `stored_changed` whenever `store` or `store_text` change.
    pub(crate) store_version: u64,
    /// The player's derived numbers as last asked, with what they were derived from.
    pub(crate) derived: Derived,
    /// What killed the player ("a jackal"), once dead.
    pub(crate) killer: Option<String>,
    /// Whether the run is over.
    pub(crate) over: bool,
    /// Whether the run was won (the player took the ember-heart).
    pub(crate) won: bool,
    /// The player's kills, by the victims' record ids.
    pub(crate) kills: BTreeMap<String, u32>,
    /// Of those, the ones a plugin had given a name of their own (api 1.6
    /// looks): by kind and that name, and how many.
    pub(crate) named_kills: BTreeMap<(String, String), u32>,
    /// The loaded plugins.
    pub(crate) plugins: Rc<Plugins>,
    /// The records of the loaded plugins.
    pub(crate) records: Rc<Records>,
    /// The host's numbers.
    pub(crate) numbers: Numbers,
    /// Distance maps shared by every monster this floor: toward a goal, away from a threat.
    pub(crate) paths: PathCache,
    /// Set while the plugins' derived-stat hooks run, so that a hook reading
    /// the player gets the base numbers instead of asking the hooks again.
    pub(crate) deriving: bool,
    /// Shots and bursts this turn made, for the window to show (never read by the game).
    pub(crate) animations: Vec<Animation>,
    /// The Targeting state: the shot being aimed, the last target.
    pub(crate) targeting: Targeting,
    /// The last item identity handed out.
    pub(crate) next_item_id: u32,
    /// Plugins' per-item numbers (a wand's charges).
    pub(crate) item_store: BTreeMap<(ItemId, String), i64>,
    /// Plugins' per-item texts.
    pub(crate) item_text: BTreeMap<(ItemId, String), String>,
    /// Items plugins took out of the pack during this action and have not
    /// put back, placed or given: each with the plugin that holds it.
    /// Emptied before and after every player action, so never saved.
    pub(crate) held: Vec<(String, PackItem)>,
    /// What monsters carry, by monster, in the order it was given.
    pub(crate) carried: BTreeMap<EntityId, Vec<PackItem>>,
    /// Monsters that died and whose `died` hooks are running: their
    /// statuses stay readable until then, and end after.
    pub(crate) dying: Vec<Creature>,
    // Since 1.3.
    /// How deep brains are running brains (`run_brain`), to stop a loop.
    pub(crate) brain_depth: u32,
    /// Whether the plugins are being asked an attack's damage
    /// (`attack_damage`): an attack made meanwhile is applied unasked.
    pub(crate) asking_damage: bool,
    /// Why keys typed ahead should stop, if a turn since the front end last
    /// asked ([`Game::take_alarm`]) brought a monster into view or the
    /// player's health below a third. Never traced nor saved.
    pub(crate) alarm: Option<String>,
    /// Bumped whenever what the player sees is worked out again.
    pub(crate) sight_version: u64,
    /// The floor's creatures as plugins read them, and the roster's
    /// version and `sight_version` they were built at (`Game::floor_creatures`).
    pub(crate) floor_list: Option<((u64, u64), Vec<emberdeep_api::FloorCreature>)>,
    // Since 1.3.
    /// A fall to the next floor a plugin asked for during this action
    /// (`Ctx::descend`): its line and the plugin. Taken as the turn
    /// finishes, dropped before each player action: never saved.
    pub(crate) fall: Option<(String, String)>,
    /// A plugin's yes/no question waiting for the player's answer
    /// (`rules::questions`): never saved; any other action drops it.
    pub(crate) question: Option<PluginQuestion>,
    /// Set while the player's own action plays (a plugin may ask then).
    pub(crate) player_acting: bool,
    /// The plugins whose calls are under way, outermost first: a call made
    /// from inside another (a brain's step asks a veto) files what the outer
    /// plugin logged so far under the outer plugin's name first.
    pub(crate) calling: Vec<std::rc::Rc<str>>,
    // 1.6 (standings)
    /// The standings between sides set during the run
    /// (`WorldCtx::set_standing`), over those the plugins declared: each
    /// pair once, its names in order. Saved.
    pub(crate) standings: BTreeMap<(String, String), emberdeep_api::Standing>,
    // 1.6 (known kinds)
    /// The item kinds a plugin marked unknown or made known
    /// (`WorldCtx::set_kind_known`), and whether the player knows each now;
    /// a kind not here is known (`rules::knowing`). Saved.
    pub(crate) kinds_known: BTreeMap<String, bool>,
    // 1.6 (rough edges)
    /// How many events the run wrote so far, whether or not the trace
    /// keeps them: a rule asks whether a plugin's call did anything (a
    /// hidden trap seen springing, `rules::terrain`). Never saved.
    pub(crate) events_emitted: u64,
    /// The floor's items the player dropped (by the id of what lies there:
    /// the heap a drop joined), which auto-explore does not pick up again
    /// (`rules::travel`). Saved; emptied on a new floor.
    pub(crate) dropped: std::collections::BTreeSet<ItemId>,
    // 1.7 (fields)
    /// The plugins' fields on this floor (`rules::layers`): each kind that
    /// was set here, its amounts row by row. Saved; emptied on a new floor.
    pub(crate) field_layers: BTreeMap<String, Vec<i32>>,
    /// The spreading pass's scratch grid, reused. Never saved.
    pub(crate) field_scratch: Vec<i32>,
    // Rough edges (#45)
    /// Set by [`Game::travel_next`] for the step it hands out: that step
    /// does not say what lies where it lands (the run says it only where
    /// it stops, `rules::travel`). Dropped after the next player action;
    /// never saved.
    pub(crate) quiet_step: bool,
    /// Whether a time-saver is under way: from [`Game::begin_travel`]
    /// until [`Game::travel_next`] stops it or it is interrupted
    /// ([`Game::time_saver_running`]). Never saved.
    pub(crate) saver_running: bool,
    /// The monsters that told the player they noticed it, and have not
    /// slept since: one that loses sight of the player and finds it again
    /// does not say so twice (`Game::set_state`). Never saved (after a
    /// load, a hunter may say it once more); emptied on a new floor.
    pub(crate) noticed: std::collections::BTreeSet<EntityId>,
}

/// A yes/no question a plugin asked the player (api 1.3, `Ctx::ask`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginQuestion {
    /// The plugin that asked, which the answer goes to; empty for the
    /// host's own question (api 1.6: whether to attack a creature that is
    /// not the player's enemy).
    pub plugin: String,
    /// The question as the player reads it.
    pub question: String,
    /// What it is about, in the plugin's words, handed back with the answer.
    pub topic: String,
}

impl Game {
    /// An empty game on a map; `spawn` and `scenario` fill it.
    pub fn blank(seed: u64, map: Map, start: Point, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Game {
        let numbers = Numbers::from_settings(records.settings.get("host"));
        let mut creatures = Roster::new();
        creatures.insert(EntityId::PLAYER, Creature::player(start, numbers.player_hp));
        let fov = field_of_view(&map, start, numbers.fov_radius);
        Game {
            seed,
            rng: RunRng::from_seed(seed),
            turn: 0,
            floor: 1,
            // A scenario's floor until a floor is made (`enter_new_floor`).
            generator: Generator::new("host", "scenario"),
            map,
            fov,
            creatures,
            next_id: 1,
            items: FloorItems::new(),
            pack: Pack::new(numbers.pack_size),
            log: MessageLog::default(),
            trace,
            store: BTreeMap::new(),
            store_text: BTreeMap::new(),
            store_version: 0,
            derived: Default::default(),
            killer: None,
            over: false,
            won: false,
            kills: BTreeMap::new(),
            named_kills: BTreeMap::new(),
            plugins,
            records,
            numbers,
            paths: PathCache::default(),
            deriving: false,
            animations: Vec::new(),
            targeting: Default::default(),
            next_item_id: 0,
            item_store: BTreeMap::new(),
            item_text: BTreeMap::new(),
            held: Vec::new(),
            carried: BTreeMap::new(),
            dying: Vec::new(),
            brain_depth: 0,
            asking_damage: false,
            alarm: None,
            sight_version: 0,
            floor_list: None,
            calling: Vec::new(),
            question: None,
            player_acting: false,
            fall: None,
            standings: BTreeMap::new(),
            kinds_known: BTreeMap::new(),
            events_emitted: 0,
            dropped: Default::default(),
            field_layers: BTreeMap::new(),
            field_scratch: Vec::new(),
            quiet_step: false,
            saver_running: false,
            noticed: Default::default(),
        }
    }

    /// Whether a time-saver (rest, explore, travel) is under way: it has
    /// begun and has not stopped. The front end gives no hint then about
    /// what the run does by itself (picking up what lies here).
    pub fn time_saver_running(&self) -> bool {
        self.saver_running
    }

    /// What made the floor the player is on (api 1.6's `floor_generator`).
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    // Reading the run: what the front end and the drivers read a `Game`
    // through.

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Turns played.
    pub fn turn(&self) -> u64 {
        self.turn
    }

    /// The floor the player is on, from 1.
    pub fn floor(&self) -> u32 {
        self.floor
    }

    /// The floor's map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// What the player sees now.
    pub fn fov(&self) -> &Visibility {
        &self.fov
    }

    /// Everyone alive, the player included, by id.
    pub fn creatures(&self) -> &Roster {
        &self.creatures
    }

    /// Items lying on this floor.
    pub fn items(&self) -> &FloorItems {
        &self.items
    }

    /// The player's pack.
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// The messages the player has been told.
    pub fn log(&self) -> &MessageLog {
        &self.log
    }

    /// Where the run's events go.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// What killed the player ("a jackal"), once dead.
    pub fn killer(&self) -> Option<&str> {
        self.killer.as_deref()
    }

    /// Whether the run is over: the player died, won or quit.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether the run was won (the player took the ember-heart).
    pub fn won(&self) -> bool {
        self.won
    }

    /// The player's kills, by the victims' record ids.
    pub fn kills(&self) -> &BTreeMap<String, u32> {
        &self.kills
    }

    /// The player's kills of creatures a plugin had named (counted in
    /// [`Game::kills`] too): by kind and their own name, and how many.
    pub fn named_kills(&self) -> &BTreeMap<(String, String), u32> {
        &self.named_kills
    }

    /// The loaded plugins.
    pub fn plugins(&self) -> &Rc<Plugins> {
        &self.plugins
    }

    /// The records of the loaded plugins.
    pub fn records(&self) -> &Rc<Records> {
        &self.records
    }

    /// The host's numbers.
    pub fn numbers(&self) -> &Numbers {
        &self.numbers
    }

    /// Shots and bursts made since the front end last took them
    /// ([`Game::take_animations`]).
    pub fn animations(&self) -> &[Animation] {
        &self.animations
    }

    /// The shot being aimed and the last target.
    pub fn targeting(&self) -> &Targeting {
        &self.targeting
    }

    /// The standings between sides set during the run, over those the
    /// plugins declared.
    pub fn standings(&self) -> &BTreeMap<(String, String), emberdeep_api::Standing> {
        &self.standings
    }

    /// The item kinds a plugin marked unknown or made known, and whether
    /// the player knows each now; a kind not here is known.
    pub fn kinds_known(&self) -> &BTreeMap<String, bool> {
        &self.kinds_known
    }

    /// The run's one RNG, to read (a test holds a copy to see that a
    /// preview rolled nothing).
    pub fn rng(&self) -> &RunRng {
        &self.rng
    }

    /// Plugins' per-creature numbers.
    pub fn store(&self) -> &BTreeMap<(EntityId, String), i64> {
        &self.store
    }

    /// Plugins' per-creature texts (the kind of the weapon in hand).
    pub fn store_text(&self) -> &BTreeMap<(EntityId, String), String> {
        &self.store_text
    }

    /// Plugins' per-item numbers (a wand's charges).
    pub fn item_store(&self) -> &BTreeMap<(ItemId, String), i64> {
        &self.item_store
    }

    /// Plugins' per-item texts.
    pub fn item_text(&self) -> &BTreeMap<(ItemId, String), String> {
        &self.item_text
    }

    /// The last item identity handed out.
    pub fn last_item_id(&self) -> u32 {
        self.next_item_id
    }

    /// Items plugins took out of the pack during this action and have not
    /// put back, placed or given, each with the plugin that holds it; empty
    /// between player actions.
    pub fn held(&self) -> &[(String, PackItem)] {
        &self.held
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

    /// Sends the run's events to `trace` from now on; returns the trace
    /// they went to, to finish or to read.
    pub fn replace_trace(&mut self, trace: Trace) -> Trace {
        std::mem::replace(&mut self.trace, trace)
    }

    /// Writes a trace event for this turn, after any plugin logs waiting.
    pub fn emit(&mut self, event: &str, source: &str, fields: Fields) {
        self.emit_with(event, source, || fields);
    }

    /// `emit`, building the fields only when the event goes somewhere (for
    /// the events of every turn: attacks, noises).
    pub fn emit_with(&mut self, event: &str, source: &str, fields: impl FnOnce() -> Fields) {
        self.trace.drain_plugin_logs(self.turn, source);
        self.events_emitted = self.events_emitted.wrapping_add(1);
        if self.trace.wanted() {
            self.trace.event(self.turn, event, source, fields());
        }
    }

    /// Recomputes what the player sees and remembers it.
    pub fn update_sight(&mut self) {
        let origin = self.player().pos;
        // A creature that passes for a wall blocks sight as one would, or
        // the cells seen past it would give it away.
        let walls: Vec<Point> = self
            .creatures
            .values()
            .filter(|c| self.disguise_of(c).is_some_and(|d| d.blocks_sight()))
            .map(|c| c.pos)
            .collect();
        // 1.7 (fields): a cell holding a field that blocks sight (smoke) does too.
        let mut walls = walls;
        walls.extend(self.sight_blocking_fields(origin, self.numbers.fov_radius));
        self.fov = crate::core::sight::field_of_view_past(&self.map, origin, self.numbers.fov_radius, &walls);
        self.sight_version += 1;
        for p in self.fov.visible_points() {
            self.map.remember(p);
        }
    }

    /// Whether monster `id` sees the player: in the player's sight and its own.
    pub fn sees_player(&self, id: EntityId) -> bool {
        let (Some(m), p) = (self.creatures.get(&id), self.player().pos) else { return false };
        self.fov.is_visible(m.pos) && m.pos.steps_to(p) <= m.sight
    }

    /// Monsters the player sees, nearest first; ties: higher, then further
    /// left. A disguised one is not among them: the player takes it for
    /// what it shows.
    pub fn monsters_in_view(&self) -> Vec<EntityId> {
        let p = self.player().pos;
        let mut seen: Vec<&Creature> =
            self.creatures.values().filter(|c| !c.id.is_player() && self.fov.is_visible(c.pos)).collect();
        // A disguised creature passes for what it shows (api 1.6).
        seen.retain(|c| !c.is_disguised());
        seen.sort_by_key(|c| (c.pos.steps_to(p), c.pos.y, c.pos.x));
        seen.into_iter().map(|c| c.id).collect()
    }

    /// How the look panel and the in-sight list name a monster's standing:
    /// "peaceful" for one that is not the player's enemy nor its ally (a
    /// peaceful trader, one of a side neutral to the player's), "ally" for
    /// one on the player's side or a side allied with it, else its state
    /// ("asleep").
    pub fn standing(&self, c: &Creature) -> String {
        if !c.id.is_player() && !self.are_enemies(EntityId::PLAYER, c.id) {
            if self.is_bystander(c) { "peaceful" } else { "ally" }.to_string()
        } else {
            c.state.name().to_string()
        }
    }

    /// Whether `c` is neither the player's enemy nor its ally: a peaceful
    /// creature, or one of a side neutral to the player's (api 1.6).
    pub fn is_bystander(&self, c: &Creature) -> bool {
        !c.id.is_player() && !self.friendly_to_player(&c.side) && !self.hostile(c, self.player())
    }

    /// The monsters in view that are the player's enemies (not on its
    /// side: its allies left out), nearest first as
    /// [`Game::monsters_in_view`]. Aiming's first target and `Tab`, the
    /// time-savers' stops and the alarm go by these.
    pub fn enemies_in_view(&self) -> Vec<EntityId> {
        let mut seen = self.monsters_in_view();
        seen.retain(|&id| self.are_enemies(EntityId::PLAYER, id));
        seen
    }

    /// Who stands and what lies where now, as an animation keeps it (see
    /// [`crate::world::animation`]): every creature's look, every floor item's.
    pub fn scenery(&self) -> crate::world::animation::Scenery {
        // A disguised creature (api 1.6) stands as what it shows: no
        // creature, and the item or terrain look it wears on top of its cell.
        let creatures =
            self.creatures.values().filter(|c| !c.is_disguised()).map(|c| (c.id, c.pos, c.look.clone())).collect();
        let worn = self.creatures.values().filter_map(|c| Some((c.pos, self.disguise_drawn(c)?.1?)));
        let items = self
            .items
            .iter()
            .filter_map(|i| {
                let rec = self.records.items.get(&i.kind)?;
                Some((
                    i.pos,
                    emberdeep_api::Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() },
                ))
            })
            .chain(worn)
            .collect();
        crate::world::animation::Scenery { creatures, items }
    }

    // What the front end and the drivers change: each call says what it
    // means; nothing else of a `Game` is theirs to write.

    /// Tells the player `text` in the message log (a key the game does not
    /// know, an aim given up, a plugin reloaded). Not traced.
    pub fn say(&mut self, text: impl Into<String>, kind: emberdeep_api::MessageKind) {
        self.log.add(text, kind);
    }

    /// The shots and bursts queued for the window since it last took them,
    /// taken: a front end without a window drops them the same way.
    pub fn take_animations(&mut self) -> Vec<Animation> {
        std::mem::take(&mut self.animations)
    }

    /// Queues a shot or burst for the window to show, as a plugin's
    /// `animate` does.
    pub fn queue_animation(&mut self, animation: Animation) {
        self.animations.push(animation);
    }

    /// Sets the creature the next aim starts on while it is in sight: what
    /// a replay's snapshot puts back, since a save does not keep it.
    pub fn set_last_target(&mut self, target: Option<EntityId>) {
        self.targeting.last_target = target;
    }

    /// The trace's lines kept in memory since the last call (none if the
    /// trace does not keep them): what the bot, the replay timeline and the
    /// checks read the run's events from.
    pub fn take_trace_lines(&mut self) -> Vec<String> {
        self.trace.take_kept()
    }

    /// Writes out what the trace still holds; the first write that failed,
    /// if any did.
    pub fn finish_trace(&mut self) -> std::io::Result<()> {
        self.trace.finish()
    }

    /// A number drawn from the run's RNG, as a roll draws one: the seed of
    /// the run that follows this one (a restart after death).
    pub fn draw_seed(&mut self) -> u64 {
        self.rng.next_raw()
    }

    // Setting a scene: what a scenario file, a bench or a test lays out
    // before play, as it stands. No rule is asked, nothing is traced or
    // told; sight is worked out again only by `update_sight`. A rule that
    // changes the same thing in play (`set_terrain`, `set_creature_side`,
    // `add_to_pack`, ..) asks, traces and tells.

    /// The scene is on floor `floor` (a scenario's `floor`): only the
    /// number changes, no floor is made.
    pub fn set_floor_number(&mut self, floor: u32) {
        self.floor = floor;
    }

    /// The scene is at turn `turn` (near the most turns a run plays, say).
    pub fn set_turn(&mut self, turn: u64) {
        self.turn = turn;
    }

    /// The floor's map is `map`, remembered cells and all.
    pub fn set_map(&mut self, map: Map) {
        self.map = map;
    }

    /// The tile at `p` is `tile` (nothing off the map).
    pub fn set_tile(&mut self, p: Point, tile: crate::core::map::Tile) {
        self.map.set_tile(p, tile);
    }

    /// The player remembers cell `p` (a map read beforehand, say).
    pub fn remember_cell(&mut self, p: Point) {
        self.map.remember(p);
    }

    /// The player sees `fov` until sight is worked out again (a narrower
    /// sight than the numbers give, say).
    pub fn set_fov(&mut self, fov: Visibility) {
        self.fov = fov;
    }

    /// The pack is `pack`, whatever it held before gone.
    pub fn set_pack(&mut self, pack: Pack) {
        self.pack = pack;
    }

    /// Puts `count` of `kind` in the pack as item `id`, as [`Pack::add`]
    /// does: the slot, or `None` if there is no room. No record is asked
    /// and no effect hears that the item was made ([`Game::made_event`]
    /// does that).
    pub fn put_in_pack(&mut self, kind: &str, count: u32, stacks: bool, id: ItemId) -> Option<usize> {
        self.pack.add(kind, count, stacks, id)
    }

    /// Puts `creature` on the floor under the next monster id, which it
    /// returns; `None` (and nothing put) once the run has handed out every
    /// id ([`Game::new_creature_id`]).
    pub fn put_creature(&mut self, creature: Creature) -> Option<EntityId> {
        let id = self.new_creature_id()?;
        self.creatures.insert(id, creature);
        Some(id)
    }

    /// Creature `id`, to change as a scene has it (its health, temper,
    /// state, goal or place); `None` if nobody has the id. The one `&mut`
    /// way into the roster besides [`Game::player_mut`]: a scene sets
    /// fields no rule sets alone, and the roster keeps its grid and counts
    /// in step as the returned handle drops.
    pub fn creature_mut(&mut self, id: EntityId) -> Option<CreatureMut<'_>> {
        self.creatures.get_mut(&id)
    }

    /// Creature `id` is on `side` (a scenario's `side=`).
    pub fn put_on_side(&mut self, id: EntityId, side: &str) {
        self.creatures.set_side(&id, side);
    }

    /// A plugin's number `key` for creature `id` is `value`.
    pub fn set_stored(&mut self, id: EntityId, key: &str, value: i64) {
        self.store.insert((id, key.to_string()), value);
        self.stored_changed();
    }

    /// A plugin's text `key` for creature `id` is `text`.
    pub fn set_stored_text(&mut self, id: EntityId, key: &str, text: &str) {
        self.store_text.insert((id, key.to_string()), text.to_string());
        self.stored_changed();
    }

    /// A plugin's number `key` for item `id` is `value` (a wand's charges).
    pub fn set_item_number(&mut self, id: ItemId, key: &str, value: i64) {
        self.item_store.insert((id, key.to_string()), value);
    }

    /// Reports a plugin's failure: in the log, the console and the trace. The run goes on.
    pub fn plugin_error(&mut self, plugin: &str, error: &emberdeep_api::PluginError) {
        tracing::error!(plugin, "plugin failed: {error}");
        self.log.add(format!("The {plugin} plugin failed: {error}"), emberdeep_api::MessageKind::Danger);
        self.emit("plugin_error", plugin, crate::fields! {"plugin" => plugin, "message" => error.to_string()});
    }
}
