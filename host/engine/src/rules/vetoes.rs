//! The plugins' say over the host's own actions (api 1.3): a step refused
//! (a net holds the creature: the turn is spent), an item's use refused (no
//! turn), a question asked before a drop, a drop lost (never laid on the
//! floor), and a fall to the next floor a plugin asks for (a pit), taken
//! once the action is over. Each plugin's vetoes are asked in load order;
//! the first that answers decides.

use emberdeep_api::{EntityId, ItemId, ItemUse, MessageKind, Point};

use crate::data::bounds::MOST_FLOORS;
use crate::data::untrusted::shown;
use crate::fields;
use crate::plugins::boundary::Access;
use crate::world::game::Game;

/// The most characters of a plugin's line the host repeats.
const SHOWN: usize = 160;

impl Game {
    /// The first plugin's refusal of `who`'s step from `from` to `to`, with
    /// the plugin's name; traced `step_refused` under that plugin.
    pub fn step_refused(&mut self, who: EntityId, from: Point, to: Point) -> Option<String> {
        let plugins = self.plugins.clone();
        for entry in &plugins.vetoes {
            let answer = self.call(entry, Access::Play, |imp, ctx| imp.may_move(ctx, who, from, to));
            if let Some(abi_stable::std_types::ROption::RSome(line)) = answer {
                let name = self.creatures.get(&who).map(|c| c.trace_name()).unwrap_or_default();
                self.emit("step_refused", entry.plugin(), fields! {"creature" => name, "x" => to.x, "y" => to.y});
                return Some(shown(&line, SHOWN));
            }
        }
        None
    }

    /// The first plugin's refusal of the player's use of `item`.
    pub fn use_refused(&mut self, item: &ItemUse) -> Option<String> {
        let plugins = self.plugins.clone();
        for entry in &plugins.vetoes {
            let answer = self.call(entry, Access::Play, |imp, ctx| imp.may_use(ctx, item));
            if let Some(abi_stable::std_types::ROption::RSome(line)) = answer {
                let kind = item.kind.to_string();
                self.emit("use_refused", entry.plugin(), fields! {"item" => kind});
                return Some(shown(&line, SHOWN));
            }
        }
        None
    }

    /// Whether a plugin would have auto-explore leave item `id` (record
    /// `kind`) where it lies (api 1.7: a second spear while one is
    /// wielded); asked to look only, in load order, the first answer
    /// deciding.
    pub(crate) fn explore_declined(&mut self, kind: &str, id: ItemId) -> bool {
        let Some(rec) = self.item_record(kind).cloned() else { return false };
        let request = crate::rules::items::item_use(&rec, None, Some(id));
        let plugins = self.plugins.clone();
        plugins.vetoes.iter().any(|entry| {
            let answer = self.call(entry, Access::Look, |imp, ctx| imp.explore_declines(ctx, &request));
            matches!(answer, Some(abi_stable::std_types::ROption::RSome(_)))
        })
    }

    /// The question a plugin would have asked before the player drops
    /// `count` of what pack slot `slot` holds where they stand ("The potion
    /// will sink out of reach. Drop it anyway?"); asked to look only.
    pub fn drop_question(&mut self, slot: usize, count: u32) -> Option<String> {
        let held = self.pack.get(slot).cloned()?;
        let rec = self.item_record(&held.kind).cloned()?;
        let request = self.shown_item_use(&rec, Some(slot), Some(held.id));
        let at = self.player().pos;
        let count = count.min(held.count).max(1);
        let plugins = self.plugins.clone();
        for entry in &plugins.vetoes {
            let answer = self.call(entry, Access::Look, |imp, ctx| imp.drop_question(ctx, &request, count, at));
            if let Some(abi_stable::std_types::ROption::RSome(line)) = answer {
                return Some(shown(&line, SHOWN));
            }
        }
        None
    }

    /// Whether `count` of item `id` (record `kind`) dropped onto `at` are
    /// lost, as the first plugin to say so says: then traced `item_lost`
    /// under it, its line logged.
    pub(crate) fn drop_lost(&mut self, kind: &str, count: u32, id: ItemId, at: Point) -> bool {
        let Some(rec) = self.item_record(kind).cloned() else { return false };
        let request = self.shown_item_use(&rec, None, Some(id));
        let plugins = self.plugins.clone();
        for entry in &plugins.vetoes {
            let answer = self.call(entry, Access::Play, |imp, ctx| imp.drop_lost(ctx, &request, count, at));
            if let Some(abi_stable::std_types::ROption::RSome(line)) = answer {
                self.emit(
                    "item_lost",
                    entry.plugin(),
                    fields! {"item" => kind.to_string(), "id" => id.0, "count" => count, "by" => "player", "x" => at.x, "y" => at.y},
                );
                self.log.add(shown(&line, SHOWN), MessageKind::Danger);
                return true;
            }
        }
        false
    }

    /// A plugin asks for the player to go down to the next floor once the
    /// action is over (`Ctx::descend`). False where no way down may be
    /// taken: the ember-heart's floor, the deepest, a run over.
    pub fn ask_fall(&mut self, why: &str, source: &str) -> bool {
        if self.over || self.on_deepest_floor() || self.floor >= MOST_FLOORS {
            return false;
        }
        if self.fall.is_none() {
            self.fall = Some((shown(why, SHOWN), source.to_string()));
        }
        true
    }

    /// Takes the fall a plugin asked for, if any and the player lives: a
    /// `fall` event (`from`, `to`) under the plugin, the new floor,
    /// its line and where the player landed in the log.
    pub(crate) fn take_fall(&mut self) {
        let Some((why, source)) = self.fall.take() else { return };
        if self.over || self.player().hp <= 0 || self.on_deepest_floor() || self.floor >= MOST_FLOORS {
            return;
        }
        let next = self.floor + 1;
        self.emit("fall", &source, fields! {"from" => self.floor, "to" => next});
        self.log.add(why, MessageKind::Danger);
        self.enter_new_floor(next);
        self.prune_item_store();
        self.floor_entered_event();
        self.log.add(format!("You land on floor {next}."), MessageKind::Info);
    }
}
