//! The four extension traits a plugin implements ([`ItemEffect`],
//! [`RangedKind`], [`MonsterBrain`], [`View`]), the small [`Hooks`] trait,
//! and the [`Canvas`] a view draws on.
//!
//! Each is a `#[sabi_trait]`, so a plugin hands the host a boxed trait object
//! (`MonsterBrainBox` and so on) whose layout abi_stable checks at load time.
//! Every method returns `RResult<_, PluginError>`: run the body under
//! [`guard`](crate::guard::guard) so a panic becomes an error instead of crossing the boundary.

use abi_stable::{
    sabi_trait,
    sabi_types::RMut,
    std_types::{RBox, ROption, RResult, RSlice, RStr, RString, RVec},
    StableAbi,
};

use crate::context::Ctx;
use crate::guard::PluginError;
use crate::scene::Scene;
use crate::types::{Damage, EntityId, Point, Rgba};

/// One named whole-number parameter of an item record (`amount = 8`).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct Param {
    /// The parameter's name.
    pub name: RString,
    /// Its value.
    pub value: i64,
}

/// The item being used, as its record describes it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct ItemUse {
    /// Who uses it (the player).
    pub user: EntityId,
    /// The record id (`healing_potion`).
    pub kind: RString,
    /// The name messages use (`potion of healing`).
    pub name: RString,
    /// The record's `params` table, sorted by name.
    pub params: RVec<Param>,
    /// The pack slot the item is used from (0 is `a`), for effects that move
    /// the item themselves (wielding takes it out of the pack).
    pub slot: u32,
}

impl ItemUse {
    /// The `slot` of an item that is not in the pack (the readied bow a
    /// shot is fired with): the host takes nothing from the pack for it.
    pub const NO_SLOT: u32 = u32::MAX;

    /// The value of a record parameter, if the record gives it.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|p| p.name.as_str() == name).map(|p| p.value)
    }
}

/// What the host should do to aim an item for the player.
///
/// The host runs the cursor and works out the path the shot takes: the line
/// of fire from the player through the cursor, carried on to `range` steps,
/// cut at walls and closed doors, at the first creature unless
/// `passes_through`, and at the cursor if `stops_at_cursor`. It shades that
/// path (and a burst of `burst_radius` around its end) as far as the player
/// can see, and hands the same path to [`ItemEffect::aimed`].
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AimRequest {
    /// How far the shot flies, in steps.
    pub range: i32,
    /// Whether the shot goes on through creatures (lightning) or stops at the first.
    pub passes_through: bool,
    /// Radius of the burst to preview at the end of the path, 0 for none.
    /// When the player would stand in it, the host asks before firing.
    pub burst_radius: i32,
    /// Whether the shot goes no further than the cursor (a fireball bursts
    /// where it is aimed) instead of flying on to its full range.
    pub stops_at_cursor: bool,
}

impl AimRequest {
    /// A shot of `range` steps that stops at the first creature, with no
    /// burst, flying on past the cursor (an arrow, a thrown dart).
    pub const fn missile(range: i32) -> Self {
        AimRequest { range, passes_through: false, burst_radius: 0, stops_at_cursor: false }
    }
}

/// What the host should aim for a plugin that answered one of its keys
/// (`f` fires the readied bow, `t` throws): the host runs the cursor as for
/// [`UseOutcome::Aim`], then calls [`ItemEffect::aimed`] on the effect
/// registered as `effect`, with `item`.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct AimOrder {
    /// The registered name of the effect to call back (`bow`, `throw`).
    pub effect: RString,
    /// The item the shot is made with, as the effect will be told of it.
    /// Its `slot` is [`ItemUse::NO_SLOT`] when it is not in the pack.
    pub item: ItemUse,
    /// How to aim.
    pub request: AimRequest,
}

/// A plugin's answer to a key the host hands to the plugins (`f`, `t`).
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub enum KeyAnswer {
    /// Not this plugin's business: the host asks the next plugin.
    Pass,
    /// Dealt with, without aiming (the plugin wrote why in the log);
    /// `true` if a turn passes.
    Done(bool),
    /// Aim, then call the effect back.
    Aim(AimOrder),
}

/// What came of using an item.
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub enum UseOutcome {
    /// One of the item was used up, and the turn passes.
    Consumed,
    /// The item stays (or the plugin moved it itself), and the turn passes.
    Kept,
    /// Nothing happened (the effect said why in the log); no turn passes.
    NoTurn,
    /// Ask the host to aim; [`ItemEffect::aimed`] is called with the path.
    Aim(AimRequest),
}

/// What using an item does.
///
/// ```
/// use emberdeep_api::*;
/// use abi_stable::std_types::RResult;
///
/// /// Heals the user by the record's `amount`.
/// struct Heal;
///
/// impl ItemEffect for Heal {
///     fn use_item(&self, mut ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
///         guard(|| {
///             let healed = ctx.heal(item.user, item.param("amount").unwrap_or(8) as i32);
///             ctx.message(format!("You feel better ({healed}).").as_str().into(), MessageKind::Good);
///             Ok(UseOutcome::Consumed)
///         })
///     }
/// }
/// let boxed: ItemEffectBox = ItemEffect_TO::from_value(Heal, abi_stable::sabi_trait::TD_Opaque);
/// # let _ = boxed;
/// ```
#[sabi_trait]
pub trait ItemEffect: Send + Sync {
    /// The player uses the item.
    fn use_item(&self, ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError>;

    /// The player aimed, after [`UseOutcome::Aim`] or a [`KeyAnswer::Aim`]:
    /// `path` is the path the shot takes (the player's cell left out), the
    /// very cells the host shaded, and `target` the cursor. `Consumed` takes
    /// one of the item from its pack slot; `Kept` leaves the pack as the
    /// effect left it; either way the turn passes. The default does nothing.
    fn aimed(
        &self,
        ctx: Ctx<'_>,
        item: &ItemUse,
        path: RSlice<'_, Point>,
        target: Point,
    ) -> RResult<UseOutcome, PluginError> {
        let _ = (ctx, item, path, target);
        RResult::ROk(UseOutcome::NoTurn)
    }

    /// The player pressed Esc while aiming. `Consumed` means the use is
    /// wasted (a scroll read and gone, the turn spent); `NoTurn`, the
    /// default, means putting the shot away costs nothing.
    fn aim_cancelled(&self, ctx: Ctx<'_>, item: &ItemUse) -> RResult<UseOutcome, PluginError> {
        let _ = (ctx, item);
        RResult::ROk(UseOutcome::NoTurn)
    }

    /// Lines for the look panel while the player aims this item at creature
    /// `target` (the chance to hit, the damage). Called as the screen is
    /// drawn, with a context that refuses to roll or change anything. The
    /// default adds nothing.
    #[sabi(last_prefix_field)]
    fn describe_target(&self, ctx: Ctx<'_>, item: &ItemUse, target: EntityId) -> RResult<RVec<RString>, PluginError> {
        let _ = (ctx, item, target);
        RResult::ROk(RVec::new())
    }
}

/// A monster's attack from afar, as a record's `ranged` entry describes it.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub struct RangedSpec {
    /// The registered kind's name (`arrows`).
    pub kind: RString,
    /// Damage before defense.
    pub damage: Damage,
    /// Range in steps.
    pub range: i32,
    /// Turns between attacks.
    pub every: i32,
}

/// A monster's attack from afar (arrows, lightning, fire).
#[sabi_trait]
pub trait RangedKind: Send + Sync {
    /// Monster `me` tries to attack the player from afar. Returns whether it
    /// attacked (and so used its turn).
    #[sabi(last_prefix_field)]
    fn try_attack(&self, ctx: Ctx<'_>, me: EntityId, spec: &RangedSpec) -> RResult<bool, PluginError>;
}

/// What a monster does on its turn.
///
/// ```
/// use emberdeep_api::*;
/// use abi_stable::std_types::RResult;
///
/// /// Stands still and watches.
/// struct Statue;
///
/// impl MonsterBrain for Statue {
///     fn act(&self, _ctx: Ctx<'_>, _me: EntityId) -> RResult<(), PluginError> {
///         guard(|| Ok(()))
///     }
/// }
/// ```
#[sabi_trait]
pub trait MonsterBrain: Send + Sync {
    /// Monster `me` takes its turn (it is awake and alive).
    #[sabi(last_prefix_field)]
    fn act(&self, ctx: Ctx<'_>, me: EntityId) -> RResult<(), PluginError>;
}

/// The surface a [`View`] draws on, in pixels; the host implements it over SDL.
#[sabi_trait]
pub trait Canvas {
    /// Width and height of the area the view owns, in pixels.
    fn size(&self) -> abi_stable::std_types::Tuple2<u32, u32>;
    /// Fills a rectangle (alpha blends).
    fn fill_rect(&mut self, x: i32, y: i32, w: u32, h: u32, color: Rgba);
    /// Draws one character (a Unicode scalar value), `size` pixels square.
    fn glyph(&mut self, x: i32, y: i32, size: u32, ch: u32, color: Rgba);
    /// Draws a line of text, each character `size` pixels square.
    fn text(&mut self, x: i32, y: i32, size: u32, text: RStr<'_>, color: Rgba);
    /// Draws a tile of the atlas by name, tinted; returns false if there is no such tile.
    #[sabi(last_prefix_field)]
    fn tile(&mut self, x: i32, y: i32, size: u32, name: RStr<'_>, tint: Rgba) -> bool;
}

/// The canvas as views receive it.
pub type CanvasMut<'a> = Canvas_TO<'a, RMut<'a, ()>>;

/// How the world looks: decides each thing's look and draws the map.
///
/// ```
/// use emberdeep_api::*;
/// use abi_stable::std_types::RResult;
///
/// /// Draws every seen cell as a grey square.
/// struct Squares;
///
/// impl View for Squares {
///     fn cell_size(&self) -> u32 { 16 }
///     fn draw_map(&self, scene: &Scene, mut canvas: CanvasMut<'_>) -> RResult<(), PluginError> {
///         guard(|| {
///             for (i, cell) in scene.cells.iter().enumerate() {
///                 if cell.light != Light::Unseen {
///                     let (x, y) = scene.cell_origin(i, 16);
///                     canvas.fill_rect(x, y, 15, 15, Rgba::rgb(90, 90, 90));
///                 }
///             }
///             Ok(())
///         })
///     }
/// }
/// ```
#[sabi_trait]
pub trait View: Send + Sync {
    /// Pixels per map cell, which decides how much of the map fits the screen.
    fn cell_size(&self) -> u32;

    /// Draws the part of the map the scene holds.
    #[sabi(last_prefix_field)]
    fn draw_map(&self, scene: &Scene, canvas: CanvasMut<'_>) -> RResult<(), PluginError>;
}

/// Small hooks into the host's own actions. Every method has a default that
/// does nothing, so a plugin implements only those it needs.
///
/// Where several plugins answer the same question (`player_damage`,
/// `player_defense`), the host asks them in load order (sorted by name) and
/// takes the first `Some`. Those two must only read the game, and derive
/// their answer from the pack, the stored values (`store_get`,
/// `store_get_text`), the player's base numbers and the records: the host
/// keeps the answers and asks again only when one of those changed, so an
/// answer that followed the turn, the dice or the player's health would go
/// stale. While one of them runs, the derived numbers read through the
/// context are the base ones, so a hook that asks for the player's defense
/// does not ask itself again.
///
/// ```
/// use emberdeep_api::*;
/// use abi_stable::std_types::{ROption, RResult};
///
/// /// The player always hits for 5-10.
/// struct Mighty;
///
/// impl Hooks for Mighty {
///     fn player_damage(&self, _ctx: Ctx<'_>) -> RResult<ROption<Damage>, PluginError> {
///         guard(|| Ok(ROption::RSome(Damage::new(5, 10))))
///     }
/// }
/// ```
#[sabi_trait]
pub trait Hooks: Send + Sync {
    /// The player walked into monster `target`. Return true if the plugin
    /// acted (an attack), which takes the player's turn.
    fn bump(&self, ctx: Ctx<'_>, target: EntityId) -> RResult<bool, PluginError> {
        let _ = (ctx, target);
        RResult::ROk(false)
    }

    /// Lines the plugin adds to the side panel.
    fn panel_lines(&self, ctx: Ctx<'_>) -> RResult<RVec<RString>, PluginError> {
        let _ = ctx;
        RResult::ROk(RVec::new())
    }

    /// The player's blow (before the target's defense), if this plugin
    /// derives it; `None` leaves it to the next plugin. The default is `None`.
    fn player_damage(&self, ctx: Ctx<'_>) -> RResult<ROption<Damage>, PluginError> {
        let _ = ctx;
        RResult::ROk(ROption::RNone)
    }

    /// The player's defense, if this plugin derives it; `None` leaves it to
    /// the next plugin (the base is 0). The default is `None`.
    fn player_defense(&self, ctx: Ctx<'_>) -> RResult<ROption<i32>, PluginError> {
        let _ = ctx;
        RResult::ROk(ROption::RNone)
    }

    /// Lines the plugin adds to the pack screen, above the lettered slots
    /// (what the player wields and wears).
    fn pack_header(&self, ctx: Ctx<'_>) -> RResult<RVec<RString>, PluginError> {
        let _ = ctx;
        RResult::ROk(RVec::new())
    }

    /// The player stepped from `from` to `to` (called after every step the
    /// player takes, never for a wait, an attack or opening a door).
    fn player_moved(&self, ctx: Ctx<'_>, from: Point, to: Point) -> RResult<(), PluginError> {
        let _ = (ctx, from, to);
        RResult::ROk(())
    }

    /// The player pressed `f` (fire). Answer [`KeyAnswer::Aim`] to aim the
    /// readied missile weapon, `Done(false)` after saying why nothing can be
    /// fired, or `Pass` (the default) to leave it to the next plugin.
    fn fire(&self, ctx: Ctx<'_>) -> RResult<KeyAnswer, PluginError> {
        let _ = ctx;
        RResult::ROk(KeyAnswer::Pass)
    }

    /// The player chose pack slot `slot` on the "throw which?" screen (`t`).
    /// Answer as for [`Hooks::fire`]; the default passes.
    fn throw(&self, ctx: Ctx<'_>, slot: u32) -> RResult<KeyAnswer, PluginError> {
        let _ = (ctx, slot);
        RResult::ROk(KeyAnswer::Pass)
    }

    /// Whether items of record `kind` can be thrown: the "throw which?"
    /// screen dims what no plugin says yes to. Must only read the game.
    /// The default is no.
    fn throwable(&self, ctx: Ctx<'_>, kind: RStr<'_>) -> RResult<bool, PluginError> {
        let _ = (ctx, kind);
        RResult::ROk(false)
    }

    /// The player picks up `count` items of record `kind` (`g`). Return true
    /// if the plugin took them itself (arrows into the quiver), so they do
    /// not go into the pack; the host then clears them from the floor and
    /// the turn passes. The default is false.
    #[sabi(last_prefix_field)]
    fn pick_up(&self, ctx: Ctx<'_>, kind: RStr<'_>, count: u32) -> RResult<bool, PluginError> {
        let _ = (ctx, kind, count);
        RResult::ROk(false)
    }
}

/// A boxed [`ItemEffect`], as registered.
pub type ItemEffectBox = ItemEffect_TO<'static, RBox<()>>;
/// A boxed [`RangedKind`], as registered.
pub type RangedKindBox = RangedKind_TO<'static, RBox<()>>;
/// A boxed [`MonsterBrain`], as registered.
pub type MonsterBrainBox = MonsterBrain_TO<'static, RBox<()>>;
/// A boxed [`View`], as registered.
pub type ViewBox = View_TO<'static, RBox<()>>;
/// A boxed [`Hooks`], as registered.
pub type HooksBox = Hooks_TO<'static, RBox<()>>;
