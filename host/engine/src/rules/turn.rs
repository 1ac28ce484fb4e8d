//! The turn. The player acts; if that took a turn, one place plays the rest
//! in a fixed order: every monster acts, the turn counter goes up, the player
//! heals 1 every `heal_every` turns while hurt, then the one death check.
//! The count never passes [`MOST_TURNS`], the last turn a save holds: the
//! run ends there, with a line, and no turn is played past it.

use emberdeep_api::{EntityId, MessageKind, MonsterState, Point, UseOutcome};

use std::rc::Rc;

use crate::core::map::{Map, Tile};
use crate::data::bounds::{MOST_FLOORS, MOST_TURNS};
use crate::data::records::Records;
use crate::data::trace::Trace;
use crate::fields;
use crate::plugins::boundary::Access;
use crate::plugins::registry::Plugins;
use crate::rules::statuses::TurnRule;
use crate::world::game::Game;

/// What the player can do in one turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Step (or attack, or open a door) in a direction.
    Move(i32, i32),
    /// Wait a turn.
    Wait,
    /// Pick up what lies here.
    PickUp,
    /// Drop a pack slot.
    Drop(usize),
    /// Use a pack slot.
    Use(usize),
    /// Go down the stairs.
    Descend,
    /// `f`: aim the readied missile weapon (the plugins decide what that is).
    Fire,
    /// `t` then a letter: aim the pack slot's item to throw it.
    Throw(usize),
    /// Fire the aimed shot at the cursor.
    Shoot,
    /// Stop aiming (the effect decides whether that wastes the item and a turn).
    CancelAim,
    /// A character key the host has no use for, handed to the plugins.
    Key(char),
    /// The answer to the question a plugin asked (`y`: yes).
    Answer(bool),
    /// Drop some of a pack slot's stack: the slot, how many.
    DropSome(usize, u32),
}

impl Game {
    /// A new run from `seed` on a generated first floor.
    pub fn fresh(seed: u64, plugins: Rc<Plugins>, records: Rc<Records>, trace: Trace) -> Game {
        let map = Map::new_filled(1, 1, Tile::Wall);
        let mut game = Game::blank(seed, map, Point::new(0, 0), plugins, records, trace);
        game.start_run();
        game
    }

    /// Writes the `run_start` event and enters the first floor.
    pub fn start_run(&mut self) {
        let plugins = self.plugins.names();
        let versions = self.plugins.versions();
        self.emit("run_start", "host", fields! {"seed" => self.seed, "plugins" => plugins, "versions" => versions});
        self.enter_new_floor(1);
        self.floor_entered_event();
        self.log.add("Welcome to Emberdeep. Find the stairs down (>) and go deeper.", MessageKind::Good);
    }

    /// Writes the `run_continue` event and a welcome line when a saved run goes on.
    pub fn announce_continue(&mut self) {
        let plugins = self.plugins.names();
        self.emit("run_continue", "host", fields! {"seed" => self.seed, "floor" => self.floor, "plugins" => plugins});
        self.log.add(format!("Welcome back. Floor {}, turn {}.", self.floor, self.turn), MessageKind::Good);
    }

    /// The player does `action`. Returns whether a turn passed. A turn
    /// that brought a monster into view or the player's health below a
    /// third sounds the alarm that stops keys typed ahead (see
    /// [`crate::rules::travel`]).
    pub fn player_action(&mut self, action: Action) -> bool {
        let before = self.lookout();
        self.forget_held();
        self.fall = None;
        let took_turn = self.act(action);
        // Only the action a time-saver handed out is quiet, never a later one.
        self.quiet_step = false;
        self.forget_held();
        if took_turn {
            self.sound_alarm(before);
        }
        took_turn
    }

    fn act(&mut self, action: Action) -> bool {
        if self.over {
            return false;
        }
        if self.at_turn_limit() {
            self.end_at_turn_limit();
            return false;
        }
        // While aiming, only the shot or putting it away can happen.
        if self.is_aiming() != matches!(action, Action::Shoot | Action::CancelAim) {
            return false;
        }
        let span = tracing::info_span!("turn", turn = self.turn);
        let _entered = span.enter();
        if let TurnRule::Skips(status) = self.turn_rule(emberdeep_api::EntityId::PLAYER) {
            if !matches!(action, Action::Shoot | Action::CancelAim) {
                return self.lose_turn(&status);
            }
        }
        // A question waits only for the next action: any other drops it.
        if !matches!(action, Action::Answer(_)) {
            self.question = None;
        }
        self.player_acting = true;
        let took_turn = match action {
            Action::Move(dx, dy) => self.player_move(dx, dy),
            Action::Wait => {
                self.emit("action", "host", fields! {"action" => "wait"});
                true
            }
            Action::PickUp => self.pick_up(),
            Action::Drop(slot) => self.drop_slot(slot),
            Action::Use(slot) => matches!(self.use_slot(slot), UseOutcome::Consumed | UseOutcome::Kept),
            Action::Descend => self.descend(),
            Action::Fire => self.fire_key(),
            Action::Throw(slot) => self.throw_key(slot),
            Action::Shoot => self.shoot(),
            Action::CancelAim => self.cancel_aim(),
            Action::Key(key) => self.plugin_key(key),
            Action::DropSome(slot, count) => self.drop_some(slot, count),
            Action::Answer(yes) => self.answer(yes),
        };
        self.player_acting = false;
        if took_turn && self.holds_goal() {
            self.win();
        } else if took_turn {
            self.finish_turn();
        }
        took_turn
    }

    /// A status (frozen) takes the player's turn, whatever was pressed:
    /// said in red with an awake enemy in view (a lost turn then costs),
    /// plainly without one (a turn lost in an empty hall, or beside a
    /// sleeper, costs nothing), and not at all while a time-saver runs with
    /// no awake enemy in view (the plugin's own line, "You clamber over the
    /// rubble.", has said it). The status's label is written mid-sentence,
    /// its first letter small ("You cannot act: clambering.").
    fn lose_turn(&mut self, status: &str) -> bool {
        let label = self.plugins.statuses.get(status).map_or(status.to_string(), |s| s.decl.label.to_string());
        let player = self.player();
        let threatened = self
            .creatures
            .values()
            .any(|c| self.hostile(c, player) && c.state != MonsterState::Asleep && self.fov.is_visible(c.pos));
        let kind = if threatened { MessageKind::Danger } else { MessageKind::Info };
        if threatened || !self.saver_running {
            self.log.add(format!("You cannot act: {}.", mid_sentence(&label)), kind);
        }
        self.emit("action", "host", fields! {"action" => "lose_turn", "status" => status});
        self.finish_turn();
        true
    }

    /// The rest of the turn, in its fixed order (docs/rules.md, "The turn").
    fn finish_turn(&mut self) {
        // A fall a plugin asked for in the action (a pit) is taken first:
        // the new floor's monsters act this turn; one asked for later, at
        // the turn's end.
        self.take_fall();
        self.update_sight();
        if self.player().hp > 0 {
            self.monsters_act();
        }
        self.tick_statuses();
        self.take_fall();
        self.turn_ended_event();
        self.turn += 1;
        let heals_now = self.turn.is_multiple_of(self.numbers.heal_every);
        let mut p = self.player_mut();
        if p.hp > 0 && p.hp < p.max_hp && heals_now {
            p.hp += 1;
        }
        drop(p);
        self.death_check();
        if self.at_turn_limit() {
            self.end_at_turn_limit();
        }
        self.update_sight();
        // What plugins stored on an item gone this turn (used up, burnt,
        // let go by a plugin that held it) goes with it, so a save made now
        // holds no value for an item that is not there, which a load refuses.
        self.prune_item_store();
    }

    /// Whether the run has played the most turns a run may last
    /// ([`MOST_TURNS`]): it is over, and no turn is played past it.
    pub fn at_turn_limit(&self) -> bool {
        self.turn >= MOST_TURNS
    }

    /// Ends the run at the turn limit, once, with a line in the log and a
    /// `run_end` in the trace, so the count never wraps and the run is
    /// never one a save would refuse.
    fn end_at_turn_limit(&mut self) {
        if self.over {
            return;
        }
        self.over = true;
        self.log.add(format!("Turn {MOST_TURNS}: the most a run may last. The run ends here."), MessageKind::Danger);
        self.emit("run_end", "host", fields! {"turns" => self.turn, "cause" => "turn limit", "floor" => self.floor});
    }

    fn death_check(&mut self) {
        if self.player().hp > 0 || self.over {
            return;
        }
        self.over = true;
        let killer = self.killer.clone().unwrap_or_else(|| "something unseen".into());
        self.log.add("You die...", MessageKind::Danger);
        self.emit("death", "host", fields! {"who" => "player", "killer" => killer.clone()});
        self.emit(
            "run_end",
            "host",
            fields! {"turns" => self.turn, "cause" => format!("killed by {killer}"), "floor" => self.floor},
        );
    }

    /// Ends the run without a death (the player quit).
    pub fn quit_run(&mut self) {
        if !self.over {
            self.over = true;
            self.emit("run_end", "host", fields! {"turns" => self.turn, "cause" => "quit", "floor" => self.floor});
        }
    }

    fn player_move(&mut self, dx: i32, dy: i32) -> bool {
        let to = self.player().pos.offset(dx, dy);
        // The step into a disguised creature reveals it and takes the turn, no blow (api 1.6).
        if let Some(id) = self.disguised_at(to).map(|c| c.id) {
            return self.reveal_creature(id, "bump", "host");
        }
        if let Some((target, ally)) = self.creature_at(to).map(|c| (c.id, c.is_players_side())) {
            if ally && !matches!(self.turn_rule(EntityId::PLAYER), TurnRule::Brain(_)) {
                return self.swap_with(target, to);
            }
            return self.bump(target);
        }
        match self.map.tile(to) {
            Tile::DoorClosed => {
                self.emit("action", "host", fields! {"action" => "open", "x" => to.x, "y" => to.y});
                self.open_door(to);
                true
            }
            _ if self.map.is_walkable(to) => {
                let from = self.player().pos;
                if let Some(line) = self.step_refused(EntityId::PLAYER, from, to) {
                    return self.held_in_place(line);
                }
                self.emit("action", "host", fields! {"action" => "move", "x" => to.x, "y" => to.y});
                self.player_mut().pos = to;
                self.player_stepped(from, to);
                self.describe_floor_here(to);
                self.arrived(EntityId::PLAYER, to);
                self.reveal_beside_player();
                true
            }
            // Bumping a wall takes no turn; it says so once for a run of bumps.
            _ => {
                self.bumped_wall(to);
                false
            }
        }
    }

    /// The player walked into `to`, which it cannot enter: a wall it knows
    /// (a terrain that shows as a wall, too) says "There is a wall in the
    /// way.", not again while that is still the log's last line (a held
    /// key, a wall walked into again and again). Nothing else is said for
    /// other cells (a cell not seen gives nothing away). No turn passes.
    fn bumped_wall(&mut self, to: Point) {
        let walled = match self.map.tile(to) {
            Tile::Wall => true,
            Tile::Plugin(t) => t.walled(),
            _ => false,
        };
        if !walled || !self.map.is_remembered(to) {
            return;
        }
        const LINE: &str = "There is a wall in the way.";
        if self.log.messages().last().is_some_and(|m| m.text == LINE) {
            return;
        }
        self.log.add(LINE, MessageKind::Info);
    }

    /// Walking into an ally: the two change places.
    fn swap_with(&mut self, ally: EntityId, to: Point) -> bool {
        let from = self.player().pos;
        if let Some(line) = self.step_refused(EntityId::PLAYER, from, to) {
            return self.held_in_place(line);
        }
        let name = self.creatures.get(&ally).map(|c| c.trace_name()).unwrap_or_default();
        self.emit("action", "host", fields! {"action" => "swap", "target" => name, "x" => to.x, "y" => to.y});
        if let Some(mut c) = self.creatures.get_mut(&ally) {
            c.pos = from;
        }
        self.player_mut().pos = to;
        self.player_stepped(from, to);
        self.describe_floor_here(to);
        self.arrived(EntityId::PLAYER, to);
        self.arrived(ally, from);
        self.reveal_beside_player();
        true
    }

    /// A plugin refused the player's step (a net): the line is logged and
    /// the turn is spent trying (api 1.3).
    fn held_in_place(&mut self, line: String) -> bool {
        self.emit("action", "host", fields! {"action" => "held"});
        self.log.add(line, MessageKind::Danger);
        true
    }

    /// Walking into a monster: the plugins' bump hooks decide (melee
    /// comes from core_combat). One that is not the player's enemy (a
    /// peaceful trader) is met instead ([`Game::meet`]), unless the player
    /// does not think for itself (confused, it strikes whoever is there).
    fn bump(&mut self, target: emberdeep_api::EntityId) -> bool {
        if !self.are_enemies(EntityId::PLAYER, target)
            && !matches!(self.turn_rule(EntityId::PLAYER), TurnRule::Brain(_))
        {
            return self.meet(target);
        }
        self.strike_at(target)
    }

    /// The bump that strikes: the plugins' bump hooks, in load order.
    pub(crate) fn strike_at(&mut self, target: emberdeep_api::EntityId) -> bool {
        let plugins = self.plugins.clone();
        let name = self.creatures.get(&target).map(|c| c.trace_name()).unwrap_or_default();
        if !plugins.hooks.is_empty() {
            self.emit("action", "host", fields! {"action" => "attack", "target" => name});
        }
        for hook in &plugins.hooks {
            if self.call(hook, Access::Play, |imp, ctx| imp.bump(ctx, target)) == Some(true) {
                return true;
            }
            // A plugin that asked the player a question ends the bump: no
            // turn passes until the answer.
            if self.question.is_some() {
                return false;
            }
        }
        let what = self.creatures.get(&target).map(|c| self.the_name_of(c)).unwrap_or_default();
        self.log.add(crate::world::log::capitalized(&format!("{what} is in the way.")), MessageKind::Info);
        false
    }

    fn describe_floor_here(&mut self, at: Point) {
        // A time-saver's step says what lies here only where the run stops
        // (`rules::travel`, [`Game::say_items_here`]).
        if !self.quiet_step {
            self.say_items_here(at);
        }
        if self.map.tile(at) == Tile::StairsDown {
            self.log.add("There are stairs down here (>).", MessageKind::Info);
        }
        if self.items.at(at).any(|(_, i)| i.kind == crate::world::game::GOAL_ITEM) {
            self.log.add("The ember-heart! Pick it up (g) to win.", MessageKind::Good);
        }
    }

    /// "You see a dagger here.": what lies at `at`, if anything.
    pub(crate) fn say_items_here(&mut self, at: Point) {
        let lying: Vec<(String, u32, emberdeep_api::ItemId)> =
            self.items.at(at).map(|(_, i)| (i.kind.clone(), i.count, i.id)).collect();
        let records = self.records.clone();
        let here: Vec<String> = lying
            .into_iter()
            .filter(|(kind, _, _)| records.items.contains_key(kind))
            .map(|(kind, count, id)| self.item_label(&kind, count, id))
            .collect();
        if !here.is_empty() {
            self.log.add(format!("You see {} here.", here.join(", ")), MessageKind::Info);
        }
    }

    // Since 1.3.

    /// Whether there is a floor below this one for the player to go to
    /// (not the ember-heart's floor, not the deepest a save holds).
    pub fn can_go_deeper(&self) -> bool {
        !self.on_deepest_floor() && self.floor < MOST_FLOORS
    }

    fn descend(&mut self) -> bool {
        if self.on_deepest_floor() {
            self.log.add("There is no way further down: the ember-heart is on this floor.", MessageKind::Info);
            return false;
        }
        if self.floor >= MOST_FLOORS {
            self.log
                .add(format!("There is no way further down: floor {MOST_FLOORS} is the deepest."), MessageKind::Info);
            return false;
        }
        if self.map.tile(self.player().pos) != Tile::StairsDown {
            self.log.add("There are no stairs down here.", MessageKind::Info);
            return false;
        }
        self.emit("action", "host", fields! {"action" => "descend"});
        let next = self.floor + 1;
        self.enter_new_floor(next);
        self.prune_item_store();
        self.floor_entered_event();
        self.log.add(format!("You go down the stairs to floor {next}."), MessageKind::Info);
        true
    }
}

/// `label` as written inside a sentence: its first letter small ("Clambering"
/// becomes "clambering").
fn mid_sentence(label: &str) -> String {
    let mut chars = label.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use emberdeep_api::MessageKind;

    use crate::rules::sides::tests::{kept, market_game, trader, wolf, wolves_game};
    use crate::rules::turn::Action;
    use emberdeep_api::EntityId;
    use emberdeep_api::Point;

    #[test]
    fn a_lost_turn_is_said_in_red_only_with_an_enemy_in_view() {
        let mut game = wolves_game();
        // The last word on the lost turn (the monsters' own lines may follow it).
        let last = |game: &crate::Game| {
            let said = game.log.messages().iter().rev().find(|m| m.text.starts_with("You cannot act"));
            said.map(|m| (m.text.clone(), m.kind))
        };
        game.lose_turn("stunned");
        assert_eq!(last(&game), Some(("You cannot act: stunned.".to_string(), MessageKind::Info)));
        let wolf = game.spawn_creature("wolf", Point::new(4, 2), "", "summoner").expect("room for a wolf");
        game.update_sight();
        game.lose_turn("stunned");
        assert_eq!(last(&game).map(|(_, kind)| kind), Some(MessageKind::Danger), "a wolf in view");
        // Asleep, it threatens nothing: said plainly.
        game.creatures.get_mut(&wolf).expect("the wolf").state = emberdeep_api::MonsterState::Asleep;
        game.lose_turn("stunned");
        assert_eq!(last(&game).map(|(_, kind)| kind), Some(MessageKind::Info), "a sleeping wolf");
    }

    #[test]
    fn a_turn_lost_while_a_time_saver_runs_past_a_sleeper_is_not_said_and_a_label_is_written_small() {
        let mut game = wolves_game();
        let count =
            |game: &crate::Game| game.log.messages().iter().filter(|m| m.text.starts_with("You cannot act")).count();
        game.saver_running = true;
        game.lose_turn("stunned");
        assert_eq!(count(&game), 0, "explore over rubble: the plugin's line says it");
        let wolf = game.spawn_creature("wolf", Point::new(4, 2), "", "summoner").expect("room for a wolf");
        game.creatures.get_mut(&wolf).expect("the wolf").state = emberdeep_api::MonsterState::Asleep;
        game.update_sight();
        game.lose_turn("stunned");
        assert_eq!(count(&game), 0, "a sleeper in view");
        game.creatures.get_mut(&wolf).expect("the wolf").state = emberdeep_api::MonsterState::Hunting;
        game.lose_turn("stunned");
        assert_eq!(count(&game), 1, "an awake enemy in view: said, in red");
        assert_eq!(super::mid_sentence("Clambering"), "clambering");
        assert_eq!(super::mid_sentence("In its shell"), "in its shell");
    }

    #[test]
    fn walking_into_a_peaceful_creature_asks_first_no_costs_nothing_and_yes_provokes_it() {
        let mut game = market_game();
        let t = trader(&mut game, 2, 1);
        let turn = game.turn;
        assert!(!game.player_action(Action::Move(1, 0)), "no turn: a question");
        let asked = game.waiting_question().expect("a question").question.clone();
        assert_eq!(asked, "Really attack the peaceful trader?");
        assert!(game.asks_to_attack());
        assert!(!game.player_action(Action::Answer(false)), "no: no turn");
        assert_eq!((game.turn, game.creatures[&t].hp), (turn, 8), "nothing happened to it");
        assert!(game.is_peaceful(t));
        assert_eq!(game.log.messages().last().map(|m| m.text.as_str()), Some("You leave the trader be."));
        assert!(kept(&game, "attack").is_empty());
        // Yes strikes it: it is provoked, and hostile to the player from now on.
        game.player_action(Action::Move(1, 0));
        assert!(game.player_action(Action::Answer(true)), "the blow takes the turn");
        assert_eq!(game.creatures[&t].hp, 7);
        assert!(!game.is_peaceful(t) && game.are_enemies(t, EntityId::PLAYER));
        let goblin = wolf(&mut game, 5, 3, "");
        assert!(!game.are_enemies(t, goblin), "still neutral to the monsters");
        let provoked = kept(&game, "provoked");
        assert_eq!(provoked.len(), 1, "{provoked:?}");
        assert!(provoked[0].contains("\"creature\":\"trader#1\",\"by\":\"player\",\"was\":\"peaceful\""));
        assert_eq!(game.standing(&game.creatures[&t].clone()), "hunting");
        // Now a bump strikes at once.
        assert!(game.player_action(Action::Move(1, 0)) && game.waiting_question().is_none());
        assert_eq!(kept(&game, "provoked").len(), 1, "provoked once");
    }

    #[test]
    fn walking_into_a_known_wall_says_so_once_a_run_of_bumps_and_takes_no_turn() {
        let mut game = wolves_game();
        let wall_line = |game: &crate::Game| {
            game.log.messages().iter().filter(|m| m.text == "There is a wall in the way.").map(|m| m.count).sum::<u32>()
        };
        // Walk west until the wall.
        let mut steps = 0;
        while game.player_action(Action::Move(-1, 0)) {
            steps += 1;
            assert!(steps < 100, "a wall is met");
        }
        let turn = game.turn;
        assert_eq!(wall_line(&game), 1, "said once: {:?}", game.log.messages().last());
        assert!(!game.player_action(Action::Move(-1, 0)), "no turn");
        assert!(!game.player_action(Action::Move(-1, 0)), "no turn");
        assert_eq!((wall_line(&game), game.turn), (1, turn), "a run of bumps says it once");
        // Something else said, the next bump says it again.
        game.say("Something else.", MessageKind::Info);
        assert!(!game.player_action(Action::Move(-1, 0)));
        assert_eq!(wall_line(&game), 2);
    }
}
