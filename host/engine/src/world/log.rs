//! The message log: newest last, repeats collapsed ("... x3"), each with its
//! kind (news, good news, danger) for the front end to colour.

use emberdeep_api::MessageKind;

/// One message and how many times in a row it was said.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// How important it is.
    pub kind: MessageKind,
    /// Times in a row.
    pub count: u32,
}

/// How many messages the log keeps: the history screen's scrollback. Older
/// ones are dropped, so a long run's log (and its save) stays small.
pub const KEPT_MESSAGES: usize = 1000;

/// The log of the run: its last [`KEPT_MESSAGES`] messages.
#[derive(Debug, Default, Clone)]
pub struct MessageLog {
    messages: Vec<Message>,
}

impl MessageLog {
    /// Adds a message, or counts a repeat of the last one.
    pub fn add(&mut self, text: impl Into<String>, kind: MessageKind) {
        let text = text.into();
        if let Some(last) = self.messages.last_mut() {
            if last.text == text && last.kind == kind {
                last.count += 1;
                return;
            }
        }
        self.messages.push(Message { text, kind, count: 1 });
        // Dropped in batches, so adding stays cheap.
        if self.messages.len() >= 2 * KEPT_MESSAGES {
            self.messages.drain(..self.messages.len() - KEPT_MESSAGES);
        }
    }

    /// A log holding these messages (a continued run's).
    pub fn from_messages(messages: Vec<Message>) -> MessageLog {
        MessageLog { messages }
    }

    /// The messages kept (at least the last [`KEPT_MESSAGES`]), oldest first.
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }
}

/// The sentence with its first letter in capitals.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_collapse() {
        let mut log = MessageLog::default();
        for _ in 0..3 {
            log.add("The jackal hits you for 1.", MessageKind::Danger);
        }
        log.add("You hit the jackal for 3.", MessageKind::Info);
        let kept = log.messages();
        assert_eq!(kept.len(), 2);
        assert_eq!(
            (kept[0].text.as_str(), kept[0].count, kept[0].kind),
            ("The jackal hits you for 1.", 3, MessageKind::Danger)
        );
        assert_eq!(kept[1].count, 1);
    }

    #[test]
    fn articles() {
        assert_eq!(capitalized("the jackal"), "The jackal");
    }

    #[test]
    fn a_long_run_keeps_the_newest_messages() {
        let mut log = MessageLog::default();
        for i in 0..5 * KEPT_MESSAGES {
            log.add(format!("message {i}"), MessageKind::Info);
        }
        let kept = log.messages();
        assert!(kept.len() >= KEPT_MESSAGES && kept.len() < 2 * KEPT_MESSAGES, "{} kept", kept.len());
        assert_eq!(kept.last().unwrap().text, format!("message {}", 5 * KEPT_MESSAGES - 1));
        let first = kept.len();
        assert_eq!(kept[0].text, format!("message {}", 5 * KEPT_MESSAGES - first));
    }
}
