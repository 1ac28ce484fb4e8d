//! A plugin's yes/no question to the player (api 1.3): asked during the
//! player's own action (`Ctx::ask`), shown by the front end, answered by
//! the next key (`Action::Answer`), and handed back to the plugin that
//! asked (`Hooks::answered`); and the lines plugins add to the end of a
//! run (`Hooks::morgue_lines`).

use emberdeep_api::{EntityId, MessageKind};

use crate::fields;
use crate::plugins::boundary::Access;
use crate::world::creature::Temper;
use crate::world::game::{Game, PluginQuestion};

/// The longest topic a plugin may give a question, in bytes.
pub const MOST_TOPIC_BYTES: usize = 64;

/// The longest question, in bytes (a longer one is cut short when shown).
pub const MOST_QUESTION_BYTES: usize = 200;

/// Why a plugin's question was not asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AskRefused {
    /// Asked outside the player's own action (a brain's turn, a drawing).
    #[error("a question may be asked only during the player's own action")]
    NotPlayersAction,
    /// The question has no words.
    #[error("the question is empty")]
    Empty,
    /// The topic is too long.
    #[error("the topic is longer than {MOST_TOPIC_BYTES} bytes")]
    TopicTooLong,
    /// Another question already waits.
    #[error("a question already waits for the player")]
    OneWaits,
}

impl Game {
    /// Plugin `plugin` asks the player `question` about `topic`; `Err`
    /// says why not.
    pub(crate) fn ask(&mut self, plugin: &str, question: &str, topic: &str) -> Result<(), AskRefused> {
        if !self.player_acting {
            return Err(AskRefused::NotPlayersAction);
        }
        let question = question.trim();
        if question.is_empty() {
            return Err(AskRefused::Empty);
        }
        if topic.len() > MOST_TOPIC_BYTES {
            return Err(AskRefused::TopicTooLong);
        }
        if self.question.is_some() {
            return Err(AskRefused::OneWaits);
        }
        let question = crate::data::untrusted::shown(question, MOST_QUESTION_BYTES);
        self.emit("ask", plugin, fields! {"question" => question.clone(), "topic" => topic});
        self.question = Some(PluginQuestion { plugin: plugin.to_string(), question, topic: topic.to_string() });
        Ok(())
    }

    /// The question waiting for the player's answer, if any.
    pub fn waiting_question(&self) -> Option<&PluginQuestion> {
        self.question.as_ref()
    }

    /// The player answers the waiting question: the plugin that asked is
    /// told; returns whether a turn passed. No question waiting: nothing.
    pub(crate) fn answer(&mut self, yes: bool) -> bool {
        let Some(asked) = self.question.take() else { return false };
        self.emit("action", "host", fields! {"action" => "answer", "yes" => yes, "topic" => asked.topic.clone()});
        if asked.plugin.is_empty() {
            return self.answer_attack(&asked.topic, yes);
        }
        let plugins = self.plugins.clone();
        let Some(hook) = plugins.hooks.iter().find(|h| h.plugin() == asked.plugin) else {
            self.log.add("Nobody is waiting for that answer.", MessageKind::Info);
            return false;
        };
        let topic = asked.topic.as_str();
        self.call(hook, Access::Play, |imp, ctx| imp.answered(ctx, topic.into(), yes)) == Some(true)
    }

    /// What the plugins add to the end of the run (the morgue file, the
    /// end screen), every plugin's in load order; nothing changes.
    pub fn morgue_lines(&mut self) -> Vec<String> {
        let plugins = self.plugins.clone();
        let mut lines = Vec::new();
        for hook in &plugins.hooks {
            if let Some(got) = self.call(hook, Access::Look, |imp, ctx| imp.morgue_lines(ctx)) {
                lines.extend(got.into_iter().map(|l| crate::data::untrusted::shown(l.as_str(), MOST_QUESTION_BYTES)));
            }
        }
        lines
    }

    // 1.6 (standings)

    /// Walking into `target`, which is not the player's enemy (a peaceful
    /// trader): traced as the `action` `meet`; each plugin's `meet` hook in
    /// load order may deal with it (a trade: a turn passes) or ask the
    /// player something (no turn); if none does, the host asks whether to
    /// attack it ("Really attack the peaceful trader?"), and no turn passes.
    pub(crate) fn meet(&mut self, target: EntityId) -> bool {
        let Some(c) = self.creatures.get(&target) else { return false };
        let (name, trace, peaceful) = (c.name.clone(), c.trace_name(), c.temper == Temper::Peaceful);
        self.emit("action", "host", fields! {"action" => "meet", "target" => trace});
        let plugins = self.plugins.clone();
        for hook in &plugins.hooks {
            if self.call(hook, Access::Play, |imp, ctx| imp.meet(ctx, target)) == Some(true) {
                return true;
            }
            if self.question.is_some() {
                return false;
            }
        }
        let what = if peaceful { format!("the peaceful {name}") } else { format!("the {name}") };
        let question = crate::data::untrusted::shown(&format!("Really attack {what}?"), MOST_QUESTION_BYTES);
        let topic = format!("{ATTACK_TOPIC}{}", target.0);
        self.emit("ask", "host", fields! {"question" => question.clone(), "topic" => topic.clone()});
        self.question = Some(PluginQuestion { plugin: String::new(), question, topic });
        false
    }

    /// Whether the question waiting is the host's own, whether to attack
    /// one that is not the player's enemy (the bot says no to it).
    pub fn asks_to_attack(&self) -> bool {
        self.question.as_ref().is_some_and(|q| q.plugin.is_empty())
    }

    /// The answer to the host's "Really attack...?": yes strikes it as a
    /// bump does (which provokes it), if it still stands beside the player;
    /// no leaves it be, and no turn passes.
    fn answer_attack(&mut self, topic: &str, yes: bool) -> bool {
        let target = topic.strip_prefix(ATTACK_TOPIC).and_then(|n| n.parse().ok()).map(EntityId);
        let Some((target, name)) = target.and_then(|id| self.creatures.get(&id).map(|c| (id, c.the_name()))) else {
            return false;
        };
        let beside = self.creatures.get(&target).is_some_and(|c| c.pos.is_adjacent(self.player().pos));
        if !yes || !beside || target.is_player() {
            self.log.add(crate::world::log::capitalized(&format!("You leave {name} be.")), MessageKind::Info);
            return false;
        }
        self.strike_at(target)
    }
}

/// The start of the topic of the host's own question whether to attack a
/// creature that is not the player's enemy; its id follows.
const ATTACK_TOPIC: &str = "attack ";
