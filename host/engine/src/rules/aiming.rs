//! Aiming for any plugin: the rules that run the Targeting state
//! ([`crate::world::targeting`]). An item effect asks to aim (`UseOutcome::Aim`),
//! or a plugin answers `f` or `t` with an `AimOrder`; the game then holds a
//! cursor until the player fires or cancels, and calls the effect back
//! with the path [`Game::aim_path`] gives, the one the screen shaded. Only
//! the cells the player sees are shaded, up to the first one out of sight,
//! so the shading never tells of a wall or a monster beyond sight.
//!
//! Aiming draws nothing from the run's RNG: moving the cursor, cycling
//! targets and the look panel (whose plugin lines are asked to look) leave
//! the run exactly as it was. Only the shot itself, and a cancelled aim
//! that wastes its item, play a turn.

use abi_stable::std_types::{RResult, RSlice};
use emberdeep_api::abi::{HooksBox, RawCtx as Ctx};
use emberdeep_api::{EntityId, KeyAnswer, MessageKind, PluginError, Point, UseOutcome};

use crate::core::map::Tile;
use crate::core::sight::{aimed_line_of_fire, burst_cells};
use crate::fields;
use crate::plugins::boundary::Access;
use crate::world::game::Game;
use crate::world::targeting::{
    shot_path_through, solid_on_line, Aim, AimSource, FallsShort, LookLine, PendingAim, Shading,
};

impl Game {
    /// Whether the player is aiming.
    pub fn is_aiming(&self) -> bool {
        self.targeting.aim.is_some()
    }

    /// The cursor, while aiming.
    pub fn aim_cursor(&self) -> Option<Point> {
        self.targeting.aim.as_ref().map(|a| a.cursor)
    }

    /// Starts aiming: the cursor starts on the last target if it is still in
    /// sight, else on `Tab`'s first choice (the nearest enemy in sight by
    /// squared distance, never an ally), else on the player.
    pub fn start_aim(&mut self, mut pending: PendingAim) {
        let plugins = self.plugins.clone();
        if let Some(effect) = plugins.effects.get(&pending.effect) {
            let item = pending.item.clone();
            let asked = self.call(effect, Access::Look, |imp, ctx| imp.aims_through_walls(ctx, &item));
            pending.through_walls = asked == Some(true);
        }
        let in_view = self.enemies_in_view();
        let last = self.targeting.last_target.filter(|id| in_view.contains(id));
        let last = last.and_then(|id| self.creatures.get(&id)).map(|c| c.pos);
        let cursor = last.or(self.tab_order().first().copied()).unwrap_or(self.player().pos);
        self.targeting.aim = Some(Aim { pending, cursor });
    }

    /// Moves the cursor by a step, never off the map.
    pub fn move_aim(&mut self, dx: i32, dy: i32) {
        if let Some(cursor) = self.aim_cursor() {
            self.aim_at(cursor.offset(dx, dy));
        }
    }

    /// Puts the cursor on `p` (the mouse, a click), if it is on the map.
    pub fn aim_at(&mut self, p: Point) {
        let inside = self.map.in_bounds(p);
        if let Some(aim) = self.targeting.aim.as_mut().filter(|_| inside) {
            aim.cursor = p;
        }
    }

    /// Tab: the cursor goes to the next enemy in sight (allies skipped), nearest first by
    /// squared distance (ties: higher, then further left), from the
    /// farthest back to the nearest.
    pub fn aim_next_target(&mut self) {
        let Some(cursor) = self.aim_cursor() else { return };
        let in_view = self.tab_order();
        if in_view.is_empty() {
            return;
        }
        let next = in_view.iter().position(|&p| p == cursor).map_or(0, |i| (i + 1) % in_view.len());
        self.aim_at(in_view[next]);
    }

    /// Where the enemies in sight stand, in `Tab`'s order: nearest first by
    /// squared distance, then the higher, then the one further left.
    fn tab_order(&self) -> Vec<Point> {
        let me = self.player().pos;
        let mut in_view: Vec<Point> =
            self.enemies_in_view().iter().filter_map(|id| self.creatures.get(id)).map(|c| c.pos).collect();
        in_view.sort_by_key(|p| ((p.x - me.x).pow(2) + (p.y - me.y).pow(2), p.y, p.x));
        in_view
    }

    /// The path the shot would take now: the cells shaded and the cells the
    /// effect is handed when the player fires. Empty when not aiming.
    pub fn aim_path(&self) -> Vec<Point> {
        let Some(aim) = &self.targeting.aim else { return Vec::new() };
        let (request, through) = (&aim.pending.request, aim.pending.through_walls);
        shot_path_through(&self.map, self.player().pos, aim.cursor, request, through, |p| self.creature_at(p).is_some())
    }

    /// The cells the aimed shot's burst would reach, around the path's end.
    pub fn aim_burst(&self) -> Vec<Point> {
        let radius = self.targeting.aim.as_ref().map_or(0, |a| a.pending.request.burst_radius);
        match self.aim_path().last() {
            Some(&end) if radius > 0 => burst_cells(&self.map, end, radius),
            _ => Vec::new(),
        }
    }

    /// Whether firing now would catch the player in the shot's own burst.
    pub fn aim_burst_hits_player(&self) -> bool {
        self.aim_burst().contains(&self.player().pos)
    }

    /// How to shade the map: the path up to the first cell out of sight,
    /// and, only when the whole path is in sight, the burst's cells the
    /// player sees.
    pub fn aim_shading(&self) -> Vec<(Point, Shading)> {
        let path = self.aim_path();
        let seen = path.iter().take_while(|p| self.fov.is_visible(**p)).count();
        let mut shades: Vec<(Point, Shading)> = path[..seen].iter().map(|&p| (p, Shading::Path)).collect();
        if seen == path.len() {
            let burst = self.aim_burst().into_iter().filter(|p| self.fov.is_visible(*p) && !path.contains(p));
            shades.extend(burst.map(|p| (p, Shading::Burst)));
        }
        shades
    }

    /// `f`: asks the plugins to fire. Returns whether a turn passed (never,
    /// when aiming starts: the shot takes the turn).
    pub(crate) fn fire_key(&mut self) -> bool {
        self.ask_key(AimSource::Fire, "You have nothing to fire.", |hooks, ctx| hooks.fire(ctx))
    }

    /// `t` then a letter: asks the plugins to throw what is in `slot`.
    pub(crate) fn throw_key(&mut self, slot: usize) -> bool {
        self.ask_key(AimSource::Throw, "You can't throw that.", |hooks, ctx| hooks.throw(ctx, slot as u32))
    }

    /// A character the host has no use for: asks the plugins' `key` hooks
    /// (api 1.1); if none answers, says the key is unknown and where the keys are.
    pub(crate) fn plugin_key(&mut self, key: char) -> bool {
        let nobody = format!("Unknown key '{key}'. Press ? for the keys.");
        let took_turn = self.ask_key(AimSource::Key, &nobody, |hooks, ctx| hooks.key(ctx, key as u32));
        if took_turn {
            self.emit("action", "host", fields! {"action" => "key", "key" => key.to_string()});
        }
        took_turn
    }

    /// Asks each plugin's hook in load order until one answers; an answer to
    /// aim starts aiming. `nobody` is said if every plugin passes.
    fn ask_key(
        &mut self,
        source: AimSource,
        nobody: &str,
        ask: impl Fn(&HooksBox, Ctx<'_>) -> RResult<KeyAnswer, PluginError>,
    ) -> bool {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            match self.call(hook, Access::Play, &ask) {
                None | Some(KeyAnswer::Pass) => {}
                Some(KeyAnswer::Done(took_turn)) => return took_turn,
                Some(KeyAnswer::Aim(order)) => {
                    match plugins.effects.get(order.effect.as_str()) {
                        Some(effect) => {
                            let pending =
                                PendingAim::new(&order.effect, effect.plugin(), order.item, order.request, source);
                            self.start_aim(pending);
                        }
                        None => {
                            let message =
                                format!("asked to aim with the effect '{}', which no plugin registered", order.effect);
                            self.plugin_error(hook.plugin(), &PluginError::new(message));
                        }
                    }
                    return false;
                }
            }
        }
        self.log.add(nobody, MessageKind::Info);
        false
    }

    /// Fires the aimed shot along [`Game::aim_path`]. Returns whether a turn
    /// passed; with nothing to fire along, says why and goes on aiming.
    pub(crate) fn shoot(&mut self) -> bool {
        let Some(aim) = self.targeting.aim.clone() else { return false };
        let path = self.aim_path();
        if path.is_empty() {
            // The panel's own words: nothing can leave the player's cell.
            let why = if aim.cursor != self.player().pos {
                match self.aim_falls_short() {
                    Some(short @ FallsShort::Solid { .. }) => format!("{}, right in front of you.", short.warning()),
                    Some(short) => format!("{}.", short.warning()),
                    None => "Nothing can fly that way.".to_string(),
                }
            } else if self.enemies_in_view().is_empty() {
                "There is no target in sight.".to_string()
            } else {
                "Move the cursor off yourself first.".to_string()
            };
            self.log.add(why, MessageKind::Info);
            return false;
        }
        self.targeting.aim = None;
        let plugins = self.plugins.clone();
        let Some(effect) = plugins.effects.get(&aim.pending.effect) else { return false };
        self.targeting.last_target = self.shot_target(&path, aim.cursor);
        let item = &aim.pending.item;
        let (action, at) = (aim.pending.source.action(), aim.cursor);
        self.emit(
            "action",
            "host",
            fields! {"action" => action, "item" => item.kind.as_str(), "x" => at.x, "y" => at.y},
        );
        let cursor = aim.cursor;
        let result =
            self.call(effect, Access::Play, |imp, ctx| imp.aimed(ctx, item, RSlice::from_slice(&path), cursor));
        self.settle_aim(&aim.pending, result)
    }

    /// Esc while aiming: the effect decides whether the use is wasted (a
    /// scroll read for nothing, a turn spent) or costs nothing.
    /// An item whose kind this use made known is put away instead, for
    /// the turn the reading took.
    pub(crate) fn cancel_aim(&mut self) -> bool {
        let Some(aim) = self.targeting.aim.take() else { return false };
        if aim.pending.first_use {
            let kind = aim.pending.item.kind.to_string();
            self.emit("action", "host", fields! {"action" => "put_away", "item" => kind.as_str()});
            if let Some(rec) = self.item_record(&kind).cloned() {
                let named = self.item_phrase(&rec, 1, aim.pending.item.item.into_option());
                self.log.add(format!("You put {named} away."), MessageKind::Info);
            }
            return true;
        }
        let plugins = self.plugins.clone();
        let Some(effect) = plugins.effects.get(&aim.pending.effect) else { return false };
        let result = self.call(effect, Access::Play, |imp, ctx| imp.aim_cancelled(ctx, &aim.pending.item));
        let wasted = matches!(&result, Some(UseOutcome::Consumed | UseOutcome::Kept));
        if wasted {
            self.emit("action", "host", fields! {"action" => "cancel_aim", "item" => aim.pending.item.kind.as_str()});
        }
        self.settle_aim(&aim.pending, result)
    }

    /// What an effect's answer means: `Consumed` takes one of the item from
    /// its slot; `Consumed` and `Kept` play the turn.
    fn settle_aim(&mut self, pending: &PendingAim, result: Option<UseOutcome>) -> bool {
        if matches!(result, Some(UseOutcome::Consumed | UseOutcome::Kept)) {
            self.item_used_event(&pending.item);
        }
        match result {
            Some(UseOutcome::Consumed) => {
                if let Some(slot) = pending.item.slot() {
                    let slot = slot as usize;
                    if self.pack.get(slot).is_some_and(|i| i.kind == pending.item.kind.as_str()) {
                        self.take_one_used(slot);
                    }
                }
                true
            }
            Some(UseOutcome::Kept) => true,
            Some(UseOutcome::NoTurn | UseOutcome::Aim(_)) | None => false,
        }
    }

    /// Whom a shot was aimed at, to start the next aim on: the creature
    /// under the cursor, else the first one on the path.
    fn shot_target(&self, path: &[Point], cursor: Point) -> Option<EntityId> {
        let at = |p: Point| self.creature_at(p).filter(|c| !c.id.is_player() && self.fov.is_visible(p)).map(|c| c.id);
        at(cursor).or_else(|| path.iter().find_map(|&p| at(p)))
    }

    /// The look panel while aiming: how to aim, then the creature under the
    /// cursor (name, state and health), what the effect says of a shot at
    /// it, whether something stands in the way or it is out of reach, and
    /// whether the shot's burst would reach the player.
    pub fn aim_look(&mut self) -> Vec<LookLine> {
        let Some(aim) = self.targeting.aim.clone() else { return Vec::new() };
        let mut lines = vec![
            LookLine::Text("Aiming".into()),
            LookLine::Hint("Tab: next target".into()),
            LookLine::Hint("Enter, f, click: fire".into()),
            LookLine::Hint(if aim.pending.first_use { "Esc: put it away" } else { "Esc: cancel" }.into()),
            LookLine::Hint(String::new()),
        ];
        let seen = self.fov.is_visible(aim.cursor);
        let target = self.creature_at(aim.cursor).filter(|c| seen && !c.id.is_player()).cloned();
        match &target {
            Some(target) => {
                let text = format!("{} ({})", target.name, self.standing(target));
                lines.push(LookLine::Creature { look: target.look.clone(), text });
                lines.push(LookLine::Health { hp: target.hp.max(0), max: target.max_hp });
                for status in self.statuses_of(target.id) {
                    lines.push(LookLine::Text(format!("{} ({})", status.label, status.turns)));
                }
                lines.extend(self.describe_target(&aim.pending, target.id));
            }
            None if aim.cursor == self.player().pos => lines.push(LookLine::Text("You".into())),
            None if !seen => lines.push(LookLine::Hint("Out of sight".into())),
            None => lines.push(LookLine::Text("Nothing there".into())),
        }
        lines.extend(self.aim_warning(&aim, target.map(|t| t.id)));
        if self.aim_burst_hits_player() {
            lines.push(LookLine::Warning("Burst reaches you!".into()));
        }
        lines
    }

    /// Why the shot would not reach the cursor, if it would not: too far,
    /// or (for a cell in sight) someone seen in the way, or something solid.
    /// Nothing is said that would tell of what the player cannot see.
    fn aim_warning(&self, aim: &Aim, target: Option<EntityId>) -> Option<LookLine> {
        let path = self.aim_path();
        if aim.cursor == self.player().pos || path.contains(&aim.cursor) {
            return None;
        }
        if let Some(short) = self.aim_falls_short() {
            return Some(LookLine::Warning(short.warning()));
        }
        if !self.fov.is_visible(aim.cursor) {
            return None;
        }
        match path.iter().filter_map(|&p| self.creature_at(p)).find(|c| Some(c.id) != target) {
            Some(b) if self.fov.is_visible(b.pos) => {
                Some(LookLine::Warning(format!("In the way: {}", self.the_name_of(b))))
            }
            Some(_) => None,
            None => Some(LookLine::Warning("Out of the line of fire".into())),
        }
    }

    /// Whether the aimed shot would end short of the cursor for a wall or
    /// closed door the player knows of (said first: the shot would stop
    /// there anyway) or for its range: what the look panel warns of, and
    /// what firing asks about first. `None` when the path reaches the
    /// cursor, the cursor is on the player, or not aiming.
    pub fn aim_falls_short(&self) -> Option<FallsShort> {
        let aim = self.targeting.aim.as_ref()?;
        let path = self.aim_path();
        let me = self.player().pos;
        if aim.cursor == me || path.contains(&aim.cursor) {
            return None;
        }
        let stopped_by = path.last().and_then(|&end| self.creature_at(end)).map(|c| c.id);
        if let Some(c) = stopped_by.and_then(|id| self.creatures.get(&id)) {
            if self.is_bystander(c) {
                return Some(FallsShort::Bystander);
            }
            if !c.id.is_player() && !self.are_enemies(EntityId::PLAYER, c.id) {
                return Some(FallsShort::Ally);
            }
        }
        if aim.pending.through_walls {
            // Walls do not stop it; only its range does.
        } else if let Some(solid) = self.aim_blocked_at(aim, &path) {
            return Some(FallsShort::Solid { door: self.map.tile(solid) == Tile::DoorClosed });
        }
        let range = aim.pending.request.range;
        (me.steps_to(aim.cursor) > range).then_some(FallsShort::OutOfRange(range))
    }

    /// The wall or closed door the shot would fly into short of the
    /// cursor: the path ends just before it (no creature stopped it first),
    /// it is no further than the cursor, and the player sees or remembers it.
    fn aim_blocked_at(&self, aim: &Aim, path: &[Point]) -> Option<Point> {
        let me = self.player().pos;
        let solid = solid_on_line(&self.map, me, aim.cursor, aim.pending.request.range)?;
        let whole = aimed_line_of_fire(&self.map, me, aim.cursor, aim.pending.request.range);
        let cut_by_it = path.len() == whole.len() && path.last().is_none_or(|end| self.creature_at(*end).is_none());
        let known = self.fov.is_visible(solid) || self.map.is_remembered(solid);
        (cut_by_it && known && me.steps_to(solid) <= me.steps_to(aim.cursor)).then_some(solid)
    }

    /// The effect's own lines about a shot at `target`, asked to look: the
    /// context refuses rolls and changes.
    fn describe_target(&mut self, pending: &PendingAim, target: EntityId) -> Vec<LookLine> {
        let plugins = self.plugins.clone();
        let Some(effect) = plugins.effects.get(&pending.effect) else { return Vec::new() };
        let lines = self.call(effect, Access::Look, |imp, ctx| imp.describe_target(ctx, &pending.item, target));
        lines.unwrap_or_default().iter().map(|l| LookLine::Effect(l.to_string())).collect()
    }
}

impl Game {
    /// What `f` would aim now, asked of the plugins without changing
    /// anything: the first plugin that would aim answers; `None` if one
    /// would refuse (no bow ready, an empty quiver) or none answers.
    pub fn fire_preview(&mut self) -> Option<emberdeep_api::AimRequest> {
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            match self.call(hook, Access::Probe, |imp, ctx| imp.fire(ctx)) {
                Some(KeyAnswer::Aim(order)) => return Some(order.request),
                Some(KeyAnswer::Done(_)) => return None,
                Some(KeyAnswer::Pass) | None => {}
            }
        }
        None
    }

    /// How the item in pack slot `slot` would be aimed if used now, as its
    /// effect says without using it; `None` if it is not aimed.
    pub fn aim_preview(&mut self, slot: usize) -> Option<emberdeep_api::AimRequest> {
        let item = self.pack.get(slot)?.clone();
        let rec = self.item_record(&item.kind)?.clone();
        let plugins = self.plugins.clone();
        let effect = plugins.effects.get(rec.effect.as_deref()?)?;
        let request = crate::rules::items::item_use(&rec, Some(slot), Some(item.id));
        self.call(effect, Access::Probe, |imp, ctx| imp.aim_preview(ctx, &request))?.into_option()
    }
}
