//! The traits a plugin implements, in plain Rust: [`ItemEffect`],
//! [`RangedKind`], [`MonsterBrain`], [`View`], [`Status`] and [`Hooks`].
//!
//! No `RResult`, no guard, no conversions: a method returns a
//! [`PluginResult`] (use `?` freely), and a panic inside it is caught. The
//! [`Registrar`](crate::Registrar) wraps each implementation in an adapter
//! that runs it under the panic guard and converts for the
//! binary interface ([`crate::abi`]).
//!
//! Every method but the first of each trait has a default, so a plugin
//! writes only what it needs; the host's later versions add methods the
//! same way, so a plugin written today keeps building and loading.

use abi_stable::std_types::{ROption, RResult, RSlice, RStr, RString, RVec};

use crate::abi::{
    HooksAbi, ItemEffectAbi, ItemNamesAbi, LevelFeatureAbi, LevelGenAbi, MonsterBrainAbi, RangedKindAbi, RawCanvas,
    RawCtx, RawFloorMaker, StatusAbi, TerrainAbi, VetoesAbi, ViewAbi,
};
use crate::ctx::{Canvas, Ctx};
use crate::error::{guard, PluginError, PluginResult};
use crate::scene::Scene;
use crate::types::{
    AimRequest, Attack, Damage, Death, EntityId, GearNumbers, Hurt, ItemUse, KeyAnswer, KeyHelp, Look, PackEntry,
    Point, RangedSpec, UseOutcome,
};

/// What using an item does.
///
/// ```
/// use emberdeep_api::*;
///
/// /// Heals the user by the record's `amount`.
/// struct Heal;
///
/// impl ItemEffect for Heal {
///     fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
///         let healed = ctx.heal(item.user, item.param_or("amount", 8) as i32);
///         ctx.message(&format!("You feel better ({healed})."), MessageKind::Good);
///         Ok(UseOutcome::Consumed)
///     }
/// }
/// ```
pub trait ItemEffect: Send + Sync + 'static {
    /// The player uses the item.
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome>;

    /// The player aimed, after [`UseOutcome::Aim`] or a [`KeyAnswer::Aim`]:
    /// `path` is the path the shot takes (the player's cell left out), the
    /// very cells the host shaded, and `target` the cursor. `Consumed` takes
    /// one of the item from its pack slot; `Kept` leaves the pack as the
    /// effect left it; either way the turn passes. The default does nothing.
    fn aimed(&self, ctx: &mut Ctx<'_>, item: &ItemUse, path: &[Point], target: Point) -> PluginResult<UseOutcome> {
        let _ = (ctx, item, path, target);
        Ok(UseOutcome::NoTurn)
    }

    /// The player pressed Esc while aiming. `Consumed` means the use is
    /// wasted (a scroll read and gone, the turn spent); `NoTurn`, the
    /// default, means putting the shot away costs nothing.
    fn aim_cancelled(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let _ = (ctx, item);
        Ok(UseOutcome::NoTurn)
    }

    /// Lines for the look panel while the player aims this item at creature
    /// `target` (the chance to hit, the damage). Called as the screen is
    /// drawn, with a context that refuses to roll or change anything.
    fn describe_target(&self, ctx: &mut Ctx<'_>, item: &ItemUse, target: EntityId) -> PluginResult<Vec<String>> {
        let _ = (ctx, item, target);
        Ok(Vec::new())
    }

    /// How the item would be aimed if it were used now, without using it
    /// (the bot plans a fireball with it). Called with a context that
    /// refuses changes. The default: `None`, not aimed; an effect that
    /// aims should say how, or the bot never uses its `aimed` or `burst`
    /// items.
    fn aim_preview(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<AimRequest>> {
        let _ = (ctx, item);
        Ok(None)
    }

    /// What the pack, the floor and the look panel write after the item's
    /// name (`(3)` for a wand with three charges), read from the item's
    /// store. Called with a context that refuses changes. The default: nothing.
    fn suffix(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let _ = (ctx, item);
        Ok(None)
    }

    /// What the item would give the player as gear, from its record (and
    /// its own store, if `item.item` is set): a weapon's blow in hand, armor's
    /// defense worn, before anything the player adds (strength). The bot
    /// compares these with the player's blow and defense to pick better
    /// gear. Called with a context that refuses changes. The default:
    /// [`GearNumbers::NONE`], no gear. Since 1.2.
    fn gear(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<GearNumbers> {
        let _ = (ctx, item);
        Ok(GearNumbers::NONE)
    }

    /// Lines the item's card shows about what its numbers do, each a short
    /// sentence (`Damage 2-6.`, `Range 8.`, `Heals 20.`), under the host's
    /// line about its role. The host knows no param's meaning: only the
    /// effect can say. Called with a context that refuses changes. The
    /// default: none. Since 1.2.
    fn facts(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let _ = (ctx, item);
        Ok(Vec::new())
    }

    /// An item of this effect came into being, as `item.item` (its id):
    /// laid on a new floor, made by a plugin's `place_item` or `pack_add`.
    /// Roll what is particular to it now (a wand's charges, with
    /// `ctx.item_set`), so it reads right before its first use. Not called
    /// for items that join a stack of their kind (they are no item of their
    /// own), nor for an item put back as itself. The default: nothing. Since 1.2.
    fn made(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let _ = (ctx, item);
        Ok(())
    }

    /// Whether the item's shot goes through walls and closed doors (a
    /// digging bolt: the path runs on to its range or the map's edge, the
    /// aim is never "blocked by a wall", and a wall right beside the player
    /// can be aimed at) instead of stopping at the first. Asked, to look
    /// only, when aiming starts. The default: no. Since 1.2.
    fn aims_through_walls(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<bool> {
        let _ = (ctx, item);
        Ok(false)
    }
}

/// A monster's attack from afar (arrows, lightning, fire).
pub trait RangedKind: Send + Sync + 'static {
    /// Monster `me` tries to attack the player from afar, as its record's
    /// `ranged` entry says. Returns whether it attacked (and so used its turn).
    fn try_attack(&self, ctx: &mut Ctx<'_>, me: EntityId, spec: &RangedSpec) -> PluginResult<bool>;
}

/// What a monster does on its turn.
///
/// ```
/// use emberdeep_api::*;
///
/// /// Fights as `melee` does, but runs once it is down to a third of its health.
/// struct Skittish;
///
/// impl MonsterBrain for Skittish {
///     fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
///         let Some(monster) = ctx.creature(me) else { return Ok(()) };
///         if monster.hp * 3 <= monster.max_hp && ctx.sees_player(me) {
///             let player = ctx.player()?;
///             if let Some(step) = ctx.step_away(me, player.pos) {
///                 ctx.move_creature(me, step);
///                 return Ok(());
///             }
///         }
///         ctx.run_brain(me, "melee");
///         Ok(())
///     }
/// }
/// ```
pub trait MonsterBrain: Send + Sync + 'static {
    /// Monster `me` takes its turn (it is awake and alive).
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()>;
}

/// How the world looks: draws the map from the [`Scene`].
///
/// ```
/// use emberdeep_api::*;
///
/// /// Seen cells as grey squares, creatures as red ones.
/// struct Squares;
///
/// impl View for Squares {
///     fn cell_size(&self) -> u32 { 16 }
///     fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()> {
///         for (i, cell) in scene.cells.iter().enumerate() {
///             if cell.light != Light::Unseen {
///                 let (x, y) = scene.cell_origin(i, 16);
///                 canvas.fill_rect(x, y, 15, 15, Rgba::rgb(90, 90, 90));
///             }
///         }
///         for c in scene.creatures.iter() {
///             if let Some((x, y)) = scene.origin_of(c.pos, 16) {
///                 canvas.fill_rect(x + 3, y + 3, 10, 10, Rgba::rgb(200, 40, 40));
///             }
///         }
///         Ok(())
///     }
/// }
/// ```
pub trait View: Send + Sync + 'static {
    /// Pixels per map cell, which decides how much of the map fits the screen.
    fn cell_size(&self) -> u32;

    /// Draws the part of the map the scene holds. The host then marks the
    /// statuses of the creatures in sight, and the player's allies, over
    /// what the view drew.
    fn draw_map(&self, scene: &Scene, canvas: &mut Canvas<'_>) -> PluginResult<()>;

    /// Since 1.5: `true` lets the host keep what this view drew of the map
    /// as a picture between frames, and ask the view again only for the
    /// part of the map that changed. A frame then costs a copy of that
    /// picture and the few cells that changed, instead of every cell.
    ///
    /// The host redraws the whole map when the camera moves (the scene's
    /// `origin` or size), when the cell size or the window's size changes,
    /// and when the view is chosen again. Otherwise it compares each cell's
    /// [`SceneCell`](crate::SceneCell) and the cursor with what was drawn,
    /// takes the rectangle of cells holding every change, one cell wider on
    /// each side, paints it the background colour, and calls
    /// [`draw_map`](Self::draw_map) with a scene of that rectangle alone:
    /// its `origin` is the rectangle's corner, its `cells` the rectangle's,
    /// its `creatures` those standing in it, and [`Canvas::size`] the
    /// rectangle's size in pixels. Nothing is drawn outside the rectangle.
    ///
    /// So answer `true` only if what the view draws for a cell depends on
    /// that cell's `SceneCell`, its place and whether the cursor is on it,
    /// and reaches at most one cell beyond it (an outline across the cell's
    /// edge is fine). A view that draws from anything else (a creature's
    /// line of sight, a pulse over time, the whole scene's creatures) keeps
    /// the default, `false`: it draws the whole map every frame, as every
    /// view did before 1.5.
    fn keeps_map_layer(&self) -> bool {
        false
    }
}

/// A status's own code: what runs each turn for a creature bearing it, and
/// when it ends. A status that only shows, or whose [`StatusEffect`](crate::StatusEffect)
/// says all it does, needs none (register it with `()`).
///
/// A status that hurts (a poison) strikes through [`Ctx::attack`] like any
/// blow: give the `attacker` as whoever put the status on (keep their id in
/// the bearer's store when you add it), so a kill is theirs in the `died`
/// event, or the bearer itself when nobody did; `kind` names the harm
/// (`poison`), and `killer` is what the death screen says ("poison").
pub trait Status: Send + Sync + 'static {
    /// Once each turn, at the host's one fixed point (after the monsters
    /// have acted, asleep or not), for each creature bearing the status;
    /// `turns_left` counts this turn. The host counts down after it.
    fn each_turn(&self, ctx: &mut Ctx<'_>, who: EntityId, turns_left: i32) -> PluginResult<()> {
        let _ = (ctx, who, turns_left);
        Ok(())
    }

    /// The status ran out or was taken off (a confused monster comes to its senses).
    fn ended(&self, ctx: &mut Ctx<'_>, who: EntityId) -> PluginResult<()> {
        let _ = (ctx, who);
        Ok(())
    }
}

impl Status for () {}

/// A terrain's own code (since 1.2): what happens when a creature steps on
/// it (a trap springs) and when the player finds it hidden. Both default
/// to nothing; a terrain that only shows and blocks needs none (register
/// it with `()`).
///
/// `entered` runs after the step, for every creature, the player included,
/// once per step onto the cell (standing still does not run it again).
/// To spring once, change the terrain (`ctx.set_terrain(at, "floor")`) or
/// keep a count in the stepper's store.
pub trait TerrainCode: Send + Sync + 'static {
    /// Creature `who` has just stepped onto this terrain at `at`.
    fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, at: Point) -> PluginResult<()> {
        let _ = (ctx, who, at);
        Ok(())
    }

    /// The player has just found this hidden terrain at `at` (by a search,
    /// or by stepping on it: then `found` runs before `entered`).
    fn found(&self, ctx: &mut Ctx<'_>, at: Point) -> PluginResult<()> {
        let _ = (ctx, at);
        Ok(())
    }
}

impl TerrainCode for () {}

/// Code that changes floors already made (since 1.2): a pool, a ring of
/// pillars, a guard post. It is lent the floor as the game's generator (or
/// a plugin's, and any map pieces) made it, with the start and the stairs
/// where they are (it cannot move them), and the run's random numbers; it
/// lays terrain and puts monsters. The host then checks the floor as it
/// checks a generator's (a closed border, start and stairs on open ground,
/// the stairs reachable); a feature that broke it is undone with one line
/// (`feature_refused`), and the floor stays as it was.
pub trait LevelFeature: Send + Sync + 'static {
    /// Changes floor number `depth`, lent as `floor`.
    fn shape(&self, floor: &mut crate::Floor<'_>, depth: u32) -> PluginResult<()>;
}

/// A generator of whole floors (since 1.2): caves, a maze, an arena. It is
/// lent the floor, all wall, and carves it: terrain by name, where the
/// player starts, where the stairs go, with the run's random numbers. The
/// host then checks what it made (a closed border of wall, the start and
/// the stairs on cells one can stand on, the stairs reachable from the
/// start) and, if anything is wrong, says so in one line and makes the
/// floor itself. The host fills the floor with monsters and items as it
/// fills its own.
pub trait LevelGen: Send + Sync + 'static {
    /// Makes floor number `depth` on `floor`.
    fn generate(&self, floor: &mut crate::Floor<'_>, depth: u32) -> PluginResult<()>;
}

/// Hooks into the host's own actions, and the events of a run. Every method
/// has a default that does nothing, so a plugin implements only those it needs.
///
/// The methods are of four kinds. They are listed in the order the binary
/// interface fixed for good, so the kinds take turns; each method's first
/// words name its kind.
///
/// # Questions
///
/// [`player_damage`](Hooks::player_damage),
/// [`player_defense`](Hooks::player_defense),
/// [`throwable`](Hooks::throwable) (since 1.6 asked as
/// [`throwable_item`](Hooks::throwable_item)): the host asks, and the plugin answers
/// from what it reads, changing nothing. The host asks the plugins in load
/// order and takes the first answer (`Some`, or `true`); `None` or `false`
/// leaves the question to the next plugin. The player's blow and defense
/// must be derived from the pack, the stores, the player's base numbers and
/// the records alone: the host keeps the answers and asks again only when
/// one of those changed.
///
/// # Screen text
///
/// [`panel_lines`](Hooks::panel_lines), [`pack_header`](Hooks::pack_header):
/// lines the host draws, every plugin's in load order. They are asked as
/// the screen is drawn, with a context that answers questions but refuses
/// every roll and every change.
///
/// # Keys
///
/// [`bump`](Hooks::bump), [`fire`](Hooks::fire), [`throw`](Hooks::throw),
/// [`pick_up`](Hooks::pick_up) (since 1.6 asked as
/// [`pick_up_item`](Hooks::pick_up_item)), [`key`](Hooks::key), and
/// [`keys`](Hooks::keys) to list them: the player did something the host
/// hands to the plugins (walked into a monster, pressed `f`, `t`, `g`, or a
/// key the host does not use). The host asks each plugin in load order until
/// one takes it (`true`, or a [`KeyAnswer`] other than `Pass`).
///
/// # Events
///
/// [`player_moved`](Hooks::player_moved), [`died`](Hooks::died),
/// [`hurt`](Hooks::hurt), [`turn_ended`](Hooks::turn_ended),
/// [`floor_entered`](Hooks::floor_entered),
/// [`picked_up`](Hooks::picked_up) (since 1.6 told as
/// [`picked_up_item`](Hooks::picked_up_item)), [`item_used`](Hooks::item_used): news
/// of the run, told to every plugin in load order; nothing is answered.
/// All but a step come right after the host has traced what happened
/// (`died`, `attack`, `turn_end`, `descend`, `pickup`, `use`).
///
/// ```
/// use emberdeep_api::*;
///
/// /// Counts the player's kills in the player's store.
/// struct Tally;
///
/// impl Hooks for Tally {
///     fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
///         if death.killer() == Some(EntityId::PLAYER) {
///             let kills = ctx.store_get(EntityId::PLAYER, "kills").unwrap_or(0);
///             ctx.store_set(EntityId::PLAYER, "kills", kills + 1);
///         }
///         Ok(())
///     }
/// }
/// ```
pub trait Hooks: Send + Sync + 'static {
    /// Key: the player walked into monster `target`. Return true if the plugin
    /// acted (an attack), which takes the player's turn. Return false to
    /// leave it to the next plugin (in load order); but a plugin that asked
    /// the player a question ([`Ctx::ask`]) and returns false ends the bump
    /// there: no turn passes, no later plugin is asked, and the answer comes
    /// to [`Hooks::answered`]. The trace's `action` event says `attack` for
    /// every bump handed to the plugins, struck or only asked: the events
    /// after it (`ask`, `attack`) tell which.
    fn bump(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
        let _ = (ctx, target);
        Ok(false)
    }

    /// Screen text: lines the plugin adds to the side panel (asked as the
    /// screen is drawn).
    fn panel_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let _ = ctx;
        Ok(Vec::new())
    }

    /// Question: the player's blow (before the target's defense), if this
    /// plugin derives it; `None` leaves it to the next plugin.
    fn player_damage(&self, ctx: &mut Ctx<'_>) -> PluginResult<Option<Damage>> {
        let _ = ctx;
        Ok(None)
    }

    /// Question: the player's defense, if this plugin derives it; `None`
    /// leaves it to the next plugin (the base defense stands).
    fn player_defense(&self, ctx: &mut Ctx<'_>) -> PluginResult<Option<i32>> {
        let _ = ctx;
        Ok(None)
    }

    /// Screen text: lines the plugin adds to the pack screen, above the
    /// lettered slots.
    fn pack_header(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let _ = ctx;
        Ok(Vec::new())
    }

    /// Event: the player stepped from `from` to `to` (never for a wait, an
    /// attack or opening a door).
    fn player_moved(&self, ctx: &mut Ctx<'_>, from: Point, to: Point) -> PluginResult<()> {
        let _ = (ctx, from, to);
        Ok(())
    }

    /// Key: the player pressed `f` (fire). Answer [`KeyAnswer::Aim`] to aim the
    /// readied missile weapon, `Done(false)` after saying why nothing can be
    /// fired, or `Pass` to leave it to the next plugin.
    fn fire(&self, ctx: &mut Ctx<'_>) -> PluginResult<KeyAnswer> {
        let _ = ctx;
        Ok(KeyAnswer::Pass)
    }

    /// Key: the player chose pack slot `slot` on the "throw which?" screen
    /// (`t`). Answer as for [`fire`](Hooks::fire).
    fn throw(&self, ctx: &mut Ctx<'_>, slot: u32) -> PluginResult<KeyAnswer> {
        let _ = (ctx, slot);
        Ok(KeyAnswer::Pass)
    }

    /// Question: whether items of record `kind` can be thrown (only read
    /// the game). The `t` screen lists the items some plugin says yes to.
    fn throwable(&self, ctx: &mut Ctx<'_>, kind: &str) -> PluginResult<bool> {
        let _ = (ctx, kind);
        Ok(false)
    }

    /// Key: the player picks up `count` items of record `kind` (`g`). Return
    /// true if the plugin took them itself (arrows into the quiver); else
    /// the host puts them in the pack. Since 1.6 the host asks
    /// [`pick_up_item`](Hooks::pick_up_item), whose default asks this.
    fn pick_up(&self, ctx: &mut Ctx<'_>, kind: &str, count: u32) -> PluginResult<bool> {
        let _ = (ctx, kind, count);
        Ok(false)
    }

    /// Event: a creature died: who, who killed it, and how.
    fn died(&self, ctx: &mut Ctx<'_>, death: &Death) -> PluginResult<()> {
        let _ = (ctx, death);
        Ok(())
    }

    /// Event: a creature was struck and hurt.
    fn hurt(&self, ctx: &mut Ctx<'_>, hurt: &Hurt) -> PluginResult<()> {
        let _ = (ctx, hurt);
        Ok(())
    }

    /// Event: turn `turn` ended (the monsters have acted and the statuses
    /// counted down).
    fn turn_ended(&self, ctx: &mut Ctx<'_>, turn: u64) -> PluginResult<()> {
        let _ = (ctx, turn);
        Ok(())
    }

    /// Event: the player came down to floor `floor`.
    fn floor_entered(&self, ctx: &mut Ctx<'_>, floor: u32) -> PluginResult<()> {
        let _ = (ctx, floor);
        Ok(())
    }

    /// Event: the player picked up `count` items of record `kind`.
    fn picked_up(&self, ctx: &mut Ctx<'_>, kind: &str, count: u32) -> PluginResult<()> {
        let _ = (ctx, kind, count);
        Ok(())
    }

    /// Event: the player used an item, and a turn passed (a use that took
    /// no turn, a spent wand, is traced as `use` but not told here).
    fn item_used(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<()> {
        let _ = (ctx, item);
        Ok(())
    }

    /// Key: the keys this plugin answers in [`key`](Hooks::key), for the
    /// help screen (`?`): each with its group and what it does. Asked with
    /// a context that refuses changes. Since 1.1.
    fn keys(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
        let _ = ctx;
        Ok(Vec::new())
    }

    /// Key: the player pressed `key`, a character the host does not use itself
    /// (the host asks each plugin in load order until one answers). `Done(true)`
    /// if a turn passed, `Done(false)` after saying why nothing happened,
    /// `Aim` to aim, `Pass` if the key is not this plugin's. Since 1.1.
    fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
        let _ = (ctx, key);
        Ok(KeyAnswer::Pass)
    }

    // 1.3 (allies)

    /// Key: the player answered the yes/no question this plugin asked with
    /// [`Ctx::ask`]: `topic` as the plugin gave it, `yes` for `y` (any other
    /// key is no). Return true if a turn passed. Since 1.3.
    fn answered(&self, ctx: &mut Ctx<'_>, topic: &str, yes: bool) -> PluginResult<bool> {
        let _ = (ctx, topic, yes);
        Ok(false)
    }

    /// Screen text: lines the plugin adds to the morgue file and the end
    /// screen once the run is over ("Allies: freed 2 captives; 1 fell.").
    /// Asked with a context that refuses changes. Since 1.3.
    fn morgue_lines(&self, ctx: &mut Ctx<'_>) -> PluginResult<Vec<String>> {
        let _ = ctx;
        Ok(Vec::new())
    }

    // 1.3 (stealth)

    /// Question: the damage `attack` (one that hit) deals as it lands, its
    /// `damage` the number so far (after defense, and after the plugins
    /// loaded before this one answered); `Some(n)` changes it (held to 0 to
    /// the most health a creature may have), `None` leaves it. Asked in load
    /// order before the host applies, logs and traces the attack; the plugin
    /// may say why (`ctx.message`) and write its own event. An attack made
    /// while this is asked is applied as it is, unasked. Since 1.3.
    fn attack_damage(&self, ctx: &mut Ctx<'_>, attack: &Attack) -> PluginResult<Option<i32>> {
        let _ = (ctx, attack);
        Ok(None)
    }

    /// Screen text: lines the plugin adds to the look panel about creature
    /// `id` (a monster the player sees), under its statuses. Asked with a
    /// context that refuses changes. Since 1.3.
    fn creature_lines(&self, ctx: &mut Ctx<'_>, id: EntityId) -> PluginResult<Vec<String>> {
        let _ = (ctx, id);
        Ok(Vec::new())
    }

    // 1.6 (items)

    /// Key: the player picks up `item` (`g`): its kind, count and id, the
    /// id [`Ctx::items_at`] lists for it (one of a heap of things that do
    /// not stack is an item of its own, with a new id). Return true if the
    /// plugin took it itself. The host asks this one; the default answers
    /// by [`pick_up`](Hooks::pick_up) with the kind and count, so a plugin
    /// that implements only that one works as before. Since 1.6.
    fn pick_up_item(&self, ctx: &mut Ctx<'_>, item: &PackEntry) -> PluginResult<bool> {
        self.pick_up(ctx, item.kind.as_str(), item.count)
    }

    /// Event: the player picked up `item` (its id as it lay on the floor;
    /// in the pack it may have joined a stack, which keeps the stack's
    /// id). The host tells this one; the default passes it on to
    /// [`picked_up`](Hooks::picked_up) with the kind and count. Since 1.6.
    fn picked_up_item(&self, ctx: &mut Ctx<'_>, item: &PackEntry) -> PluginResult<()> {
        self.picked_up(ctx, item.kind.as_str(), item.count)
    }

    /// Question: whether `item` (what a pack slot holds: kind, count, id)
    /// can be thrown. The host asks this one; the default answers by
    /// [`throwable`](Hooks::throwable) with the kind. Since 1.6.
    fn throwable_item(&self, ctx: &mut Ctx<'_>, item: &PackEntry) -> PluginResult<bool> {
        self.throwable(ctx, item.kind.as_str())
    }

    // 1.6 (standings)

    /// Question: the player walked into `target`, a creature that is
    /// neither its enemy nor on its side (a peaceful trader). `Ok(true)`
    /// when this plugin dealt with it (a trade, a word) and a turn passed;
    /// asking the player a question (`ctx.ask`) ends the bump without a
    /// turn. `Ok(false)` leaves it to the next plugin, then to the host,
    /// which asks the player whether to attack it ("Really attack the
    /// peaceful trader?"). Asked in load order. Since 1.6.
    fn meet(&self, ctx: &mut Ctx<'_>, target: EntityId) -> PluginResult<bool> {
        let _ = (ctx, target);
        Ok(false)
    }

    /// Event: creature `who`, which was not the player's enemy (peaceful,
    /// or of a side neutral to or allied with the player's), was attacked
    /// by `by` (the player or one of its side) and is hostile to the
    /// player's side from now on: it fights back. Traced by the host as
    /// `provoked`. Since 1.6.
    fn provoked(&self, ctx: &mut Ctx<'_>, who: EntityId, by: EntityId) -> PluginResult<()> {
        let _ = (ctx, who, by);
        Ok(())
    }

    /// Question: creature `who`, not the player's enemy, was struck by
    /// `by` and lives; the host is about to make it hostile to the
    /// player's side ([`provoked`](Hooks::provoked)). `Ok(true)` answers
    /// instead (the trader shrugs off a first stray blow: say so with
    /// `ctx.message`; or a plugin turns a whole side with
    /// `ctx.set_standing`): the host then leaves the creature's standing
    /// as it was. Asked in load order; the first `true` decides. Since 1.6.
    fn provoking(&self, ctx: &mut Ctx<'_>, who: EntityId, by: EntityId) -> PluginResult<bool> {
        let _ = (ctx, who, by);
        Ok(false)
    }
}

// 1.3 (terrain)

/// A plugin's say over what the host does (since 1.3), registered with
/// [`Registrar::vetoes`](crate::Registrar::vetoes). The host asks every
/// plugin's vetoes in load order; the first `Some` decides, and its words
/// are what the player reads. Every method defaults to `None` (no say).
///
/// ```
/// use emberdeep_api::*;
///
/// /// No reading in the dark.
/// struct Dark;
///
/// impl Vetoes for Dark {
///     fn may_use(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
///         let scroll = ctx.item_info(item.kind.as_str()).is_some_and(|i| i.class == "scroll");
///         Ok(scroll.then(|| "It is too dark to read.".to_string()))
///     }
/// }
/// ```
pub trait Vetoes: Send + Sync + 'static {
    /// Creature `who` would step from `from` to `to` (a step of its own, or
    /// the player walking into an ally to change places). `Some(line)`:
    /// the step does not happen, yet the turn is spent (the creature tried:
    /// a net holds it); the line is logged when `who` is the player. Not
    /// asked of a door opened, an attack, or a creature placed by a plugin.
    fn may_move(&self, ctx: &mut Ctx<'_>, who: EntityId, from: Point, to: Point) -> PluginResult<Option<String>> {
        let _ = (ctx, who, from, to);
        Ok(None)
    }

    /// The player would use `item` from the pack. `Some(line)`: the use
    /// does not happen, the line is logged and no turn passes (no reading
    /// under water).
    fn may_use(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let _ = (ctx, item);
        Ok(None)
    }

    /// The player would drop `count` of `item` on `at` (where they stand).
    /// `Some(question)`: the host asks it first ("The potion will sink out
    /// of reach. Drop it anyway?"), and `y` drops. Asked with a context that
    /// refuses changes.
    fn drop_question(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32, at: Point) -> PluginResult<Option<String>> {
        let _ = (ctx, item, count, at);
        Ok(None)
    }

    /// The player drops `count` of `item`, landing on `at`. `Some(line)`:
    /// they are lost, never laid on the floor (an `item_lost` event, the
    /// line logged); the drop's turn passes as ever.
    fn drop_lost(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32, at: Point) -> PluginResult<Option<String>> {
        let _ = (ctx, item, count, at);
        Ok(None)
    }

    // 1.7 (time-savers)

    /// Auto-explore would walk to `item` on the floor and pick it up (asked
    /// to look only: change nothing here). `Some(why)` leaves it where it
    /// lies and the run goes on without stopping for it, for an item the
    /// player has no use for that this plugin knows of (a second spear
    /// while one is wielded); `g` still takes it. `None`: no say (the
    /// default). Since 1.7; a host older than 1.7 never asks.
    fn explore_declines(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let _ = (ctx, item);
        Ok(None)
    }
}

impl<T: Vetoes> VetoesAbi for Adapter<T> {
    fn may_move(
        &self,
        ctx: RawCtx<'_>,
        who: EntityId,
        from: Point,
        to: Point,
    ) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.may_move(c, who, from, to).map(|s| s.map(RString::from).into()))
    }
    fn may_use(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.may_use(c, item).map(|s| s.map(RString::from).into()))
    }
    fn drop_question(
        &self,
        ctx: RawCtx<'_>,
        item: &ItemUse,
        count: u32,
        at: Point,
    ) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.drop_question(c, item, count, at).map(|s| s.map(RString::from).into()))
    }
    fn drop_lost(
        &self,
        ctx: RawCtx<'_>,
        item: &ItemUse,
        count: u32,
        at: Point,
    ) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.drop_lost(c, item, count, at).map(|s| s.map(RString::from).into()))
    }
    fn explore_declines(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.explore_declines(c, item).map(|s| s.map(RString::from).into()))
    }
}

// 1.3 (identify)

/// How a plugin names items to the player (since 1.3), registered with
/// [`Registrar::item_names`](crate::Registrar::item_names): one plugin may
/// name the items of every plugin (unknown potions shown by their look).
/// The host asks every plugin's in load order wherever it names an item to
/// the player (the pack, the item card, the look panel, the log lines about
/// picking up, dropping and using, the quick-use lists, the morgue); the
/// first `Some` decides. Traces keep the record ids. Both are asked with a
/// context that refuses changes; both default to `None` (the record's own).
///
/// ```
/// use emberdeep_api::*;
///
/// /// Every potion is a mystery.
/// struct Murky;
///
/// impl ItemNames for Murky {
///     fn name(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32) -> PluginResult<Option<String>> {
///         let potion = ctx.item_info(item.kind.as_str()).is_some_and(|i| i.class == "potion");
///         Ok(potion.then(|| if count == 1 { "murky potion" } else { "murky potions" }.to_string()))
///     }
/// }
/// ```
pub trait ItemNames: Send + Sync + 'static {
    /// The name of `count` of `item` (`item.item` is its identity when it
    /// has one), without article or number: `murky potion` for one,
    /// `murky potions` for several. The host adds the article (`a murky
    /// potion`), the number (`3 murky potions`) and the effect's suffix.
    fn name(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32) -> PluginResult<Option<String>> {
        let _ = (ctx, item, count);
        Ok(None)
    }

    /// The text of `item`'s card in the pack. `Some(text)`: the card shows
    /// it in place of the record's description and of the lines its role
    /// and its effect give (an unknown potion must not tell what it does).
    fn card(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let _ = (ctx, item);
        Ok(None)
    }

    // 1.6 (item looks)

    /// Added in 1.6: how `item` is drawn, in place of its record's look:
    /// its glyph and colour in the glyph view, its tile in the tile view,
    /// and beside its name in the pack and on its card. `Some(look)`: that
    /// look (an unknown potion drawn by its appearance, so that neither
    /// its colour nor its sprite tells what it is). The tile view tints
    /// the tile by the look's colour when it is one the game tints: its
    /// own pale `potion` and `scroll`, or a tile some record with `tint =
    /// true` names; every other tile keeps its own colours. The host
    /// refuses a look whose glyph is no printable character, whose colour
    /// no one could see (alpha 0) or whose tile no tile sheet has and no
    /// record names, saying so once on the console, and draws the record's.
    /// A host older than 1.6 never asks, and draws the record's look.
    fn look(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<Look>> {
        let _ = (ctx, item);
        Ok(None)
    }

    // 1.7 (perils)

    /// Added in 1.7: a short mark the host writes in brackets after
    /// `item`'s name (and its effect's suffix) wherever it names it with
    /// one: the pack, the floor, the look panel, the morgue. `Some(word)`:
    /// `a murky red potion [malevolent]` (a potion of detect magic telling
    /// good from bad without naming the kind). Unlike the name and the look,
    /// every plugin's mark is written, in load order, so marks of several
    /// plugins stand side by side. Asked as often as names are: answer
    /// from what you read, quickly; an empty mark counts as none. A host
    /// older than 1.7 never asks.
    fn mark(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Option<String>> {
        let _ = (ctx, item);
        Ok(None)
    }
}

impl<T: ItemNames> ItemNamesAbi for Adapter<T> {
    fn name(&self, ctx: RawCtx<'_>, item: &ItemUse, count: u32) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.name(c, item, count).map(|s| s.map(RString::from).into()))
    }
    fn card(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.card(c, item).map(|s| s.map(RString::from).into()))
    }
    fn look(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<Look>, PluginError> {
        with(ctx, |c| self.0.look(c, item).map(ROption::from))
    }
    // 1.7 (perils)
    fn mark(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.mark(c, item).map(|s| s.map(RString::from).into()))
    }
}

/// Runs `body` with the context wrapped, under the guard. Inlined into
/// each adapter method, so a call pays for no more than the plain method
/// under `catch_unwind` (see docs/performance.md).
#[inline(always)]
fn with<T>(raw: RawCtx<'_>, body: impl FnOnce(&mut Ctx<'_>) -> PluginResult<T>) -> RResult<T, PluginError> {
    guard(|| body(&mut Ctx::new(raw)))
}

fn strings(v: Vec<String>) -> RVec<RString> {
    v.into_iter().map(RString::from).collect()
}

/// The adapter that carries a plain implementation across the boundary
/// (the [`Registrar`](crate::Registrar) wraps each implementation in one).
#[doc(hidden)]
pub struct Adapter<T>(pub T);

impl<T: ItemEffect> ItemEffectAbi for Adapter<T> {
    fn use_item(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        with(ctx, |c| self.0.use_item(c, item))
    }
    fn aimed(
        &self,
        ctx: RawCtx<'_>,
        item: &ItemUse,
        path: RSlice<'_, Point>,
        target: Point,
    ) -> RResult<UseOutcome, PluginError> {
        with(ctx, |c| self.0.aimed(c, item, path.as_slice(), target))
    }
    fn aim_cancelled(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        with(ctx, |c| self.0.aim_cancelled(c, item))
    }
    fn describe_target(
        &self,
        ctx: RawCtx<'_>,
        item: &ItemUse,
        target: EntityId,
    ) -> RResult<RVec<RString>, PluginError> {
        with(ctx, |c| self.0.describe_target(c, item, target).map(strings))
    }
    fn aim_preview(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<AimRequest>, PluginError> {
        with(ctx, |c| self.0.aim_preview(c, item).map(ROption::from))
    }
    fn suffix(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<ROption<RString>, PluginError> {
        with(ctx, |c| self.0.suffix(c, item).map(|s| s.map(RString::from).into()))
    }
    fn gear(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<GearNumbers, PluginError> {
        with(ctx, |c| self.0.gear(c, item))
    }
    fn facts(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<RVec<RString>, PluginError> {
        with(ctx, |c| self.0.facts(c, item).map(strings))
    }
    fn made(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.made(c, item))
    }
    fn aims_through_walls(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.aims_through_walls(c, item))
    }
}

impl<T: RangedKind> RangedKindAbi for Adapter<T> {
    fn try_attack(&self, ctx: RawCtx<'_>, me: EntityId, spec: &RangedSpec) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.try_attack(c, me, spec))
    }
}

impl<T: MonsterBrain> MonsterBrainAbi for Adapter<T> {
    fn act(&self, ctx: RawCtx<'_>, me: EntityId) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.act(c, me))
    }
}

impl<T: View> ViewAbi for Adapter<T> {
    fn cell_size(&self) -> u32 {
        // A panic here would cross the boundary: fall back to a size the host accepts.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.0.cell_size())).unwrap_or(0)
    }
    fn draw_map(&self, scene: &Scene, canvas: RawCanvas<'_>) -> RResult<(), PluginError> {
        guard(|| self.0.draw_map(scene, &mut Canvas::new(canvas)))
    }
    fn keeps_map_layer(&self) -> bool {
        // A panic here would cross the boundary: a view that cannot say keeps nothing.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.0.keeps_map_layer())).unwrap_or(false)
    }
}

impl<T: Status> StatusAbi for Adapter<T> {
    fn each_turn(&self, ctx: RawCtx<'_>, who: EntityId, turns_left: i32) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.each_turn(c, who, turns_left))
    }
    fn ended(&self, ctx: RawCtx<'_>, who: EntityId) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.ended(c, who))
    }
}

impl<T: LevelFeature> LevelFeatureAbi for Adapter<T> {
    fn shape(&self, maker: RawFloorMaker<'_>, floor: u32) -> RResult<(), PluginError> {
        guard(|| self.0.shape(&mut crate::Floor::new(maker), floor))
    }
}

impl<T: LevelGen> LevelGenAbi for Adapter<T> {
    fn generate(&self, maker: RawFloorMaker<'_>, floor: u32) -> RResult<(), PluginError> {
        guard(|| self.0.generate(&mut crate::Floor::new(maker), floor))
    }
}

impl<T: TerrainCode> TerrainAbi for Adapter<T> {
    fn entered(&self, ctx: RawCtx<'_>, who: EntityId, at: Point) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.entered(c, who, at))
    }
    fn found(&self, ctx: RawCtx<'_>, at: Point) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.found(c, at))
    }
}

impl<T: Hooks> HooksAbi for Adapter<T> {
    fn bump(&self, ctx: RawCtx<'_>, target: EntityId) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.bump(c, target))
    }
    fn panel_lines(&self, ctx: RawCtx<'_>) -> RResult<RVec<RString>, PluginError> {
        with(ctx, |c| self.0.panel_lines(c).map(strings))
    }
    fn player_damage(&self, ctx: RawCtx<'_>) -> RResult<ROption<Damage>, PluginError> {
        with(ctx, |c| self.0.player_damage(c).map(ROption::from))
    }
    fn player_defense(&self, ctx: RawCtx<'_>) -> RResult<ROption<i32>, PluginError> {
        with(ctx, |c| self.0.player_defense(c).map(ROption::from))
    }
    fn pack_header(&self, ctx: RawCtx<'_>) -> RResult<RVec<RString>, PluginError> {
        with(ctx, |c| self.0.pack_header(c).map(strings))
    }
    fn player_moved(&self, ctx: RawCtx<'_>, from: Point, to: Point) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.player_moved(c, from, to))
    }
    fn fire(&self, ctx: RawCtx<'_>) -> RResult<KeyAnswer, PluginError> {
        with(ctx, |c| self.0.fire(c))
    }
    fn throw(&self, ctx: RawCtx<'_>, slot: u32) -> RResult<KeyAnswer, PluginError> {
        with(ctx, |c| self.0.throw(c, slot))
    }
    fn throwable(&self, ctx: RawCtx<'_>, kind: RStr<'_>) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.throwable(c, kind.as_str()))
    }
    fn pick_up(&self, ctx: RawCtx<'_>, kind: RStr<'_>, count: u32) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.pick_up(c, kind.as_str(), count))
    }
    fn died(&self, ctx: RawCtx<'_>, death: &Death) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.died(c, death))
    }
    fn hurt(&self, ctx: RawCtx<'_>, hurt: &Hurt) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.hurt(c, hurt))
    }
    fn turn_ended(&self, ctx: RawCtx<'_>, turn: u64) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.turn_ended(c, turn))
    }
    fn floor_entered(&self, ctx: RawCtx<'_>, floor: u32) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.floor_entered(c, floor))
    }
    fn picked_up(&self, ctx: RawCtx<'_>, kind: RStr<'_>, count: u32) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.picked_up(c, kind.as_str(), count))
    }
    fn item_used(&self, ctx: RawCtx<'_>, item: &ItemUse) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.item_used(c, item))
    }
    fn keys(&self, ctx: RawCtx<'_>) -> RResult<RVec<KeyHelp>, PluginError> {
        with(ctx, |c| self.0.keys(c).map(RVec::from))
    }
    fn key(&self, ctx: RawCtx<'_>, key: u32) -> RResult<KeyAnswer, PluginError> {
        // A number that is no character is no key of any plugin's.
        match char::from_u32(key) {
            Some(key) => with(ctx, |c| self.0.key(c, key)),
            None => RResult::ROk(KeyAnswer::Pass),
        }
    }
    // 1.3 (allies)
    fn answered(&self, ctx: RawCtx<'_>, topic: RStr<'_>, yes: bool) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.answered(c, topic.as_str(), yes))
    }
    fn morgue_lines(&self, ctx: RawCtx<'_>) -> RResult<RVec<RString>, PluginError> {
        with(ctx, |c| self.0.morgue_lines(c).map(strings))
    }
    // 1.3 (stealth)
    fn attack_damage(&self, ctx: RawCtx<'_>, attack: &Attack) -> RResult<ROption<i32>, PluginError> {
        with(ctx, |c| self.0.attack_damage(c, attack).map(ROption::from))
    }
    fn creature_lines(&self, ctx: RawCtx<'_>, id: EntityId) -> RResult<RVec<RString>, PluginError> {
        with(ctx, |c| self.0.creature_lines(c, id).map(strings))
    }
    // 1.6 (items)
    fn pick_up_item(&self, ctx: RawCtx<'_>, item: &PackEntry) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.pick_up_item(c, item))
    }
    fn picked_up_item(&self, ctx: RawCtx<'_>, item: &PackEntry) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.picked_up_item(c, item))
    }
    fn throwable_item(&self, ctx: RawCtx<'_>, item: &PackEntry) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.throwable_item(c, item))
    }

    // 1.6 (standings)
    fn meet(&self, ctx: RawCtx<'_>, target: EntityId) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.meet(c, target))
    }
    fn provoked(&self, ctx: RawCtx<'_>, who: EntityId, by: EntityId) -> RResult<(), PluginError> {
        with(ctx, |c| self.0.provoked(c, who, by))
    }
    fn provoking(&self, ctx: RawCtx<'_>, who: EntityId, by: EntityId) -> RResult<bool, PluginError> {
        with(ctx, |c| self.0.provoking(c, who, by))
    }
}
