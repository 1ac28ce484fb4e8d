//! A small stand-in for the game, so a plugin's effects, brains, statuses
//! and hooks can be unit-tested without the host: [`TestGame`] keeps
//! creatures, a walled room, a pack, item records, the stores and statuses,
//! and records what the plugin did (messages, attacks, noises, events).
//!
//! It is not the host: lines of fire are straight lines, paths are greedy
//! steps, and no monster acts on its own. Its dice are a fixed, seeded
//! sequence, so a test gives the same numbers on every run.
//!
//! ```
//! use emberdeep_api::testing::TestGame;
//! use emberdeep_api::*;
//!
//! struct Heal;
//! impl ItemEffect for Heal {
//!     fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
//!         let healed = ctx.heal(item.user, item.param_or("amount", 8) as i32);
//!         ctx.message(&format!("You feel better ({healed})."), MessageKind::Good);
//!         Ok(UseOutcome::Consumed)
//!     }
//! }
//!
//! let mut game = TestGame::new(10, 5);
//! game.hurt_player(10);
//! let item = game.item_use("potion", &[("amount", 4)]);
//! let outcome = Heal.use_item(&mut game.ctx(), &item).unwrap();
//! assert_eq!(outcome, UseOutcome::Consumed);
//! assert_eq!(game.player().hp, 24);
//! assert_eq!(game.messages, ["You feel better (4)."]);
//! ```

use std::collections::{BTreeMap, BTreeSet};

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{ROption, RSlice, RStr, RString, RVec};

use crate::abi::{GameCtx, GameCtx_TO};
use crate::bridge::LogField;
use crate::ctx::Ctx;
use crate::types::{
    Attack, CreatureInfo, Damage, EntityId, ItemId, ItemInfo, ItemUse, Look, MessageKind, MonsterState, PackEntry,
    Param, Point, Rgba, StatusInfo, DIRECTIONS,
};

/// A walled room with creatures in it, standing in for the game.
pub struct TestGame {
    /// Cells across (the outermost ring is wall).
    pub width: i32,
    /// Cells down.
    pub height: i32,
    /// The current turn.
    pub turn: u64,
    /// The floor.
    pub floor: u32,
    /// Everyone alive, the player first.
    pub creatures: Vec<CreatureInfo>,
    /// Brains by monster.
    pub brains: BTreeMap<EntityId, String>,
    /// The messages written, in order.
    pub messages: Vec<String>,
    /// The attacks applied, in order.
    pub attacks: Vec<Attack>,
    /// The noises made: where and how loud.
    pub noises: Vec<(Point, i32)>,
    /// The plugin's own trace events: name and fields.
    pub events: Vec<(String, Vec<LogField>)>,
    /// The `[settings]` the plugin reads.
    pub settings: BTreeMap<String, i64>,
    /// Per-creature numbers.
    pub store: BTreeMap<(EntityId, String), i64>,
    /// Per-creature texts.
    pub store_text: BTreeMap<(EntityId, String), String>,
    /// Per-item numbers.
    pub item_store: BTreeMap<(ItemId, String), i64>,
    /// Per-item texts.
    pub item_text: BTreeMap<(ItemId, String), String>,
    /// Statuses borne: creature, name, turns left, in the order they came.
    pub statuses: Vec<(EntityId, String, i32)>,
    /// The pack's slots.
    pub pack: Vec<Option<PackEntry>>,
    /// Item records by id.
    pub items: BTreeMap<String, ItemInfo>,
    /// Items laid on the floor: kind, count, where.
    pub floor_items: Vec<(String, u32, Point)>,
    /// The player's blow, as plugins would derive it (`None`: not derived).
    pub player_damage: Option<Damage>,
    /// Cells the player cannot see.
    pub hidden: BTreeSet<Point>,
    dice: u64,
    next_id: u32,
}

impl TestGame {
    /// A `width` by `height` room (walls round the edge) with the player,
    /// 30 health and a blow of 1-2, at (1, 1).
    pub fn new(width: i32, height: i32) -> TestGame {
        let player = creature(EntityId::PLAYER, "player", "you", Point::new(1, 1), 30, Damage::new(1, 2));
        TestGame {
            width: width.max(3),
            height: height.max(3),
            turn: 0,
            floor: 1,
            creatures: vec![player],
            brains: BTreeMap::new(),
            messages: Vec::new(),
            attacks: Vec::new(),
            noises: Vec::new(),
            events: Vec::new(),
            settings: BTreeMap::new(),
            store: BTreeMap::new(),
            store_text: BTreeMap::new(),
            item_store: BTreeMap::new(),
            item_text: BTreeMap::new(),
            statuses: Vec::new(),
            pack: vec![None; 26],
            items: BTreeMap::new(),
            floor_items: Vec::new(),
            player_damage: None,
            hidden: BTreeSet::new(),
            dice: 0x9e37_79b9_7f4a_7c15,
            next_id: 1,
        }
    }

    /// The context a plugin's method receives, lent from this game.
    pub fn ctx(&mut self) -> Ctx<'_> {
        Ctx::new(GameCtx_TO::from_ptr(self, TD_Opaque))
    }

    /// Adds a monster of record `kind` at `at`, hunting, with `hp` health and
    /// a blow of `damage`, thinking with `brain`; returns its id.
    pub fn add_monster(&mut self, kind: &str, at: Point, hp: i32, damage: Damage, brain: &str) -> EntityId {
        let id = EntityId(self.next_id);
        self.next_id += 1;
        self.creatures.push(creature(id, kind, kind, at, hp, damage));
        self.brains.insert(id, brain.to_string());
        id
    }

    /// The player.
    pub fn player(&self) -> &CreatureInfo {
        &self.creatures[0]
    }

    /// A creature, if alive.
    pub fn get(&self, id: EntityId) -> Option<&CreatureInfo> {
        self.creatures.iter().find(|c| c.id == id)
    }

    /// Takes `amount` off the player's health.
    pub fn hurt_player(&mut self, amount: i32) {
        self.creatures[0].hp -= amount;
    }

    /// Adds an item record, so `item_info` and `pack_add` know it.
    pub fn add_item_record(&mut self, id: &str, name: &str, role: &str, params: &[(&str, i64)]) {
        let info = ItemInfo {
            id: id.into(),
            name: name.into(),
            plural: format!("{name}s").into(),
            article: if "aeiou".contains(name.chars().next().unwrap_or('x')) { "an" } else { "a" }.into(),
            class: "test".into(),
            role: role.into(),
            params: params_of(params),
            look: Look { glyph: '?' as u32, color: Rgba::rgb(200, 200, 200), tile: "scroll".into() },
        };
        self.items.insert(id.into(), info);
    }

    /// What an effect is told of an item of record `kind` with `params`,
    /// used by the player from pack slot 0, as item 1.
    pub fn item_use(&self, kind: &str, params: &[(&str, i64)]) -> ItemUse {
        ItemUse {
            user: EntityId::PLAYER,
            kind: kind.into(),
            name: kind.replace('_', " ").into(),
            params: params_of(params),
            slot: ROption::RSome(0),
            item: ROption::RSome(ItemId(1)),
        }
    }

    fn walkable(&self, p: Point) -> bool {
        p.x > 0 && p.y > 0 && p.x < self.width - 1 && p.y < self.height - 1
    }

    fn index(&self, id: EntityId) -> Option<usize> {
        self.creatures.iter().position(|c| c.id == id)
    }

    fn step(&self, id: EntityId, better: impl Fn(Point) -> i32) -> Option<Point> {
        let from = self.get(id)?.pos;
        let now = better(from);
        DIRECTIONS
            .iter()
            .map(|&(dx, dy)| from.offset(dx, dy))
            .filter(|&p| GameCtx::is_free(self, p))
            .map(|p| (better(p), p))
            .filter(|(score, _)| *score < now)
            .min_by_key(|(score, _)| *score)
            .map(|(_, p)| p)
    }
}

fn creature(id: EntityId, kind: &str, name: &str, pos: Point, hp: i32, damage: Damage) -> CreatureInfo {
    CreatureInfo {
        id,
        kind: kind.into(),
        name: name.into(),
        trace_name: if id.is_player() { "player".into() } else { format!("{kind}#{}", id.0).into() },
        pos,
        hp,
        max_hp: hp,
        defense: 0,
        damage,
        sight: 8,
        state: MonsterState::Hunting,
    }
}

fn params_of(params: &[(&str, i64)]) -> RVec<Param> {
    let mut v: Vec<Param> = params.iter().map(|(n, v)| Param { name: (*n).into(), value: *v }).collect();
    v.sort_by(|a, b| a.name.cmp(&b.name));
    v.into()
}

fn opt<T>(o: Option<T>) -> ROption<T> {
    o.into()
}

impl GameCtx for TestGame {
    fn roll(&mut self, min: i32, max: i32) -> i32 {
        // xorshift64*: the same numbers on every run.
        self.dice ^= self.dice >> 12;
        self.dice ^= self.dice << 25;
        self.dice ^= self.dice >> 27;
        let r = self.dice.wrapping_mul(0x2545_f491_4f6c_dd1d);
        if max <= min {
            return min;
        }
        min + (r % (max - min + 1) as u64) as i32
    }
    fn turn(&self) -> u64 {
        self.turn
    }
    fn floor(&self) -> u32 {
        self.floor
    }
    fn creature(&mut self, id: EntityId) -> ROption<CreatureInfo> {
        opt(self.get(id).cloned())
    }
    fn creature_at(&self, p: Point) -> ROption<EntityId> {
        opt(self.creatures.iter().find(|c| c.pos == p).map(|c| c.id))
    }
    fn monsters_in_view(&self) -> RVec<EntityId> {
        let me = self.player().pos;
        let mut seen: Vec<&CreatureInfo> =
            self.creatures.iter().filter(|c| !c.id.is_player() && !self.hidden.contains(&c.pos)).collect();
        seen.sort_by_key(|c| (c.pos.steps_to(me), c.pos.y, c.pos.x));
        seen.into_iter().map(|c| c.id).collect()
    }
    fn sees_player(&self, id: EntityId) -> bool {
        self.get(id).is_some_and(|c| !self.hidden.contains(&c.pos) && c.pos.steps_to(self.player().pos) <= c.sight)
    }
    fn is_visible(&self, p: Point) -> bool {
        !self.hidden.contains(&p)
    }
    fn is_walkable(&self, p: Point) -> bool {
        self.walkable(p)
    }
    fn is_free(&self, p: Point) -> bool {
        self.walkable(p) && self.creatures.iter().all(|c| c.pos != p)
    }
    fn line_of_fire(&self, from: Point, toward: Point, range: i32) -> RVec<Point> {
        let (dx, dy) = (toward.x - from.x, toward.y - from.y);
        let steps = dx.abs().max(dy.abs()).max(1);
        let mut line = Vec::new();
        for i in 1..=range.max(0) {
            let p = Point::new(
                from.x + (dx * i + steps / 2 * dx.signum()) / steps,
                from.y + (dy * i + steps / 2 * dy.signum()) / steps,
            );
            if !self.walkable(p) {
                break;
            }
            line.push(p);
        }
        line.into()
    }
    fn step_toward(&mut self, id: EntityId, goal: Point) -> ROption<Point> {
        opt(self.step(id, |p| p.steps_to(goal)))
    }
    fn step_away(&mut self, id: EntityId, threat: Point) -> ROption<Point> {
        opt(self.step(id, |p| -p.steps_to(threat)))
    }
    fn hunt_goal(&self, _id: EntityId) -> ROption<Point> {
        ROption::RNone
    }
    fn move_creature(&mut self, id: EntityId, to: Point) -> bool {
        let Some(i) = self.index(id) else { return false };
        if !self.creatures[i].pos.is_adjacent(to) || !GameCtx::is_free(self, to) {
            return false;
        }
        self.creatures[i].pos = to;
        true
    }
    fn attack(&mut self, attack: Attack) -> bool {
        let died = match self.index(attack.target) {
            Some(i) if attack.hit => {
                self.creatures[i].hp -= attack.damage.max(0);
                self.creatures[i].hp <= 0
            }
            _ => false,
        };
        if died && !attack.target.is_player() {
            self.creatures.retain(|c| c.id != attack.target);
            self.statuses.retain(|(id, _, _)| *id != attack.target);
        }
        self.attacks.push(attack);
        died
    }
    fn heal(&mut self, id: EntityId, amount: i32) -> i32 {
        let Some(i) = self.index(id) else { return 0 };
        let c = &mut self.creatures[i];
        let healed = amount.clamp(0, c.max_hp - c.hp);
        c.hp += healed;
        healed
    }
    fn set_state(&mut self, id: EntityId, state: MonsterState) {
        if let Some(i) = self.index(id) {
            self.creatures[i].state = state;
        }
    }
    fn noise(&mut self, at: Point, loudness: i32) {
        self.noises.push((at, loudness));
    }
    fn message(&mut self, text: RStr<'_>, _kind: MessageKind) {
        self.messages.push(text.into());
    }
    fn store_get(&self, id: EntityId, key: RStr<'_>) -> ROption<i64> {
        opt(self.store.get(&(id, key.into())).copied())
    }
    fn store_set(&mut self, id: EntityId, key: RStr<'_>, value: i64) {
        self.store.insert((id, key.into()), value);
    }
    fn store_remove(&mut self, id: EntityId, key: RStr<'_>) {
        self.store.remove(&(id, key.into()));
        self.store_text.remove(&(id, key.into()));
    }
    fn setting(&self, key: RStr<'_>) -> ROption<i64> {
        opt(self.settings.get(key.as_str()).copied())
    }
    fn store_get_text(&self, id: EntityId, key: RStr<'_>) -> ROption<RString> {
        opt(self.store_text.get(&(id, key.into())).map(|t| t.as_str().into()))
    }
    fn store_set_text(&mut self, id: EntityId, key: RStr<'_>, value: RStr<'_>) {
        self.store_text.insert((id, key.into()), value.into());
    }
    fn pack_item(&self, slot: u32) -> ROption<PackEntry> {
        opt(self.pack.get(slot as usize).cloned().flatten())
    }
    fn pack_take(&mut self, slot: u32, count: u32) -> ROption<PackEntry> {
        let Some(Some(entry)) = self.pack.get_mut(slot as usize) else { return ROption::RNone };
        let taken = count.min(entry.count);
        entry.count -= taken;
        let out = PackEntry { kind: entry.kind.clone(), count: taken, item: entry.item };
        if entry.count == 0 {
            self.pack[slot as usize] = None;
        }
        ROption::RSome(out)
    }
    fn pack_add(&mut self, kind: RStr<'_>, count: u32) -> ROption<u32> {
        if !self.items.contains_key(kind.as_str()) {
            return ROption::RNone;
        }
        let Some(slot) = self.pack.iter().position(Option::is_none) else { return ROption::RNone };
        self.next_id += 1;
        self.pack[slot] = Some(PackEntry { kind: kind.into(), count, item: ItemId(self.next_id) });
        ROption::RSome(slot as u32)
    }
    fn item_info(&self, kind: RStr<'_>) -> ROption<ItemInfo> {
        opt(self.items.get(kind.as_str()).cloned())
    }
    fn player_damage(&mut self) -> ROption<Damage> {
        opt(self.player_damage)
    }
    fn place_item(&mut self, kind: RStr<'_>, count: u32, at: Point) -> ROption<Point> {
        if !self.walkable(at) {
            return ROption::RNone;
        }
        self.floor_items.push((kind.into(), count, at));
        ROption::RSome(at)
    }
    fn try_ranged(&mut self, _me: EntityId) -> bool {
        false
    }
    fn burst(&self, center: Point, radius: i32) -> RVec<Point> {
        let mut cells = Vec::new();
        for y in center.y - radius..=center.y + radius {
            for x in center.x - radius..=center.x + radius {
                if self.walkable(Point::new(x, y)) {
                    cells.push(Point::new(x, y));
                }
            }
        }
        cells.into()
    }
    fn animate(&mut self, _missile: Look, _path: RSlice<'_, Point>, _burst: RSlice<'_, Point>) {}
    fn brain_of(&self, id: EntityId) -> ROption<RString> {
        opt(self.brains.get(&id).map(|b| b.as_str().into()))
    }
    fn set_brain(&mut self, id: EntityId, brain: RStr<'_>) -> bool {
        self.brains.insert(id, brain.into()).is_some()
    }
    fn event(&mut self, name: RStr<'_>, fields: RVec<LogField>) {
        self.events.push((name.into(), fields.into_vec()));
    }
    fn add_status(&mut self, id: EntityId, name: RStr<'_>, turns: i32) -> bool {
        if self.index(id).is_none() {
            return false;
        }
        match self.statuses.iter_mut().find(|(who, n, _)| *who == id && n == name.as_str()) {
            Some(s) => s.2 = turns.max(1),
            None => self.statuses.push((id, name.into(), turns.max(1))),
        }
        true
    }
    fn remove_status(&mut self, id: EntityId, name: RStr<'_>) -> bool {
        let before = self.statuses.len();
        self.statuses.retain(|(who, n, _)| !(*who == id && n == name.as_str()));
        self.statuses.len() != before
    }
    fn statuses(&self, id: EntityId) -> RVec<StatusInfo> {
        self.statuses
            .iter()
            .filter(|(who, _, _)| *who == id)
            .map(|(_, name, turns)| StatusInfo {
                name: name.as_str().into(),
                label: name.as_str().into(),
                mark: '*' as u32,
                color: Rgba::rgb(255, 255, 255),
                turns: *turns,
                plugin: "test".into(),
            })
            .collect()
    }
    fn run_brain(&mut self, _id: EntityId, _brain: RStr<'_>) -> bool {
        // No brains are registered in the stand-in: the caller's fallback runs.
        false
    }
    fn wander(&mut self, id: EntityId) -> bool {
        let Some(from) = self.get(id).map(|c| c.pos) else { return false };
        let (dx, dy) = DIRECTIONS[GameCtx::roll(self, 0, 7) as usize];
        GameCtx::move_creature(self, id, from.offset(dx, dy))
    }
    fn set_max_hp(&mut self, id: EntityId, max_hp: i32) -> bool {
        let Some(i) = self.index(id) else { return false };
        let c = &mut self.creatures[i];
        c.max_hp = max_hp.max(1);
        c.hp = c.hp.min(c.max_hp);
        true
    }
    fn set_base_damage(&mut self, id: EntityId, damage: Damage) -> bool {
        let Some(i) = self.index(id) else { return false };
        self.creatures[i].damage = damage;
        true
    }
    fn set_base_defense(&mut self, id: EntityId, defense: i32) -> bool {
        let Some(i) = self.index(id) else { return false };
        self.creatures[i].defense = defense.max(0);
        true
    }
    fn base_numbers(&self, id: EntityId) -> ROption<CreatureInfo> {
        opt(self.get(id).cloned())
    }
    fn item_get(&self, item: ItemId, key: RStr<'_>) -> ROption<i64> {
        opt(self.item_store.get(&(item, key.into())).copied())
    }
    fn item_set(&mut self, item: ItemId, key: RStr<'_>, value: i64) -> bool {
        self.item_store.insert((item, key.into()), value);
        true
    }
    fn item_get_text(&self, item: ItemId, key: RStr<'_>) -> ROption<RString> {
        opt(self.item_text.get(&(item, key.into())).map(|t| t.as_str().into()))
    }
    fn item_set_text(&mut self, item: ItemId, key: RStr<'_>, value: RStr<'_>) -> bool {
        self.item_text.insert((item, key.into()), value.into());
        true
    }
    fn item_remove(&mut self, item: ItemId, key: RStr<'_>) {
        self.item_store.remove(&(item, key.into()));
        self.item_text.remove(&(item, key.into()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{StatusSpec, *};

    #[test]
    fn a_brain_moves_and_strikes_through_the_stand_in() {
        let mut game = TestGame::new(10, 5);
        let rat = game.add_monster("rat", Point::new(5, 1), 3, Damage::new(1, 1), "test");
        let mut ctx = game.ctx();
        let step = ctx.step_toward(rat, Point::new(1, 1)).expect("a step closer");
        assert!(ctx.move_creature(rat, step));
        let died = ctx.attack(Attack::melee(EntityId::PLAYER, rat, 5, "you"));
        assert!(died);
        assert!(ctx.creature(rat).is_none());
        drop(ctx);
        assert_eq!(game.attacks.len(), 1);
    }

    #[test]
    fn stores_statuses_and_dice_behave_as_the_host_promises() {
        let mut game = TestGame::new(8, 8);
        let mut ctx = game.ctx();
        ctx.item_set(ItemId(1), "charges", 2);
        assert_eq!(ctx.item_get(ItemId(1), "charges"), Some(2));
        assert!(ctx.add_status(EntityId::PLAYER, "frozen", 3));
        assert_eq!(ctx.status_turns(EntityId::PLAYER, "frozen"), Some(3));
        let rolls: Vec<i32> = (0..50).map(|_| ctx.roll(1, 6)).collect();
        assert!(rolls.iter().all(|r| (1..=6).contains(r)));
        let again: Vec<i32> = {
            let mut other = TestGame::new(8, 8);
            let mut c = other.ctx();
            (0..50).map(|_| c.roll(1, 6)).collect()
        };
        assert_eq!(rolls, again, "the same dice every run");
        let _ = StatusSpec::new("Frozen", '*', Rgba::rgb(1, 2, 3), StatusEffect::SkipsTurn);
    }
}
