//! A plugin's yes/no question to the player (api 1.3): asked during the
//! player's own action (`Ctx::ask`), shown by the front end, answered by
//! the next key (`Action::Answer`), and handed back to the plugin that
//! asked (`Hooks::answered`); and the lines plugins add to the end of a
//! run (`Hooks::morgue_lines`).

use emberdeep_api::MessageKind;

use crate::fields;
use crate::plugins::boundary::Access;
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
}
