//! The message log: newest last, repeats collapsed ("... x3"), danger in red.

use emberdeep_api::MessageKind;

use crate::screen::{palette, Line};

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

/// The whole log of the run.
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
    }

    /// A log holding these messages (a continued run's).
    pub fn from_messages(messages: Vec<Message>) -> MessageLog {
        MessageLog { messages }
    }

    /// Every message, oldest first.
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    /// The newest `n` messages as colored lines, oldest first; older lines dimmer.
    pub fn recent_lines(&self, n: usize) -> Vec<Line> {
        let start = self.messages.len().saturating_sub(n);
        let shown = &self.messages[start..];
        shown
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let age = shown.len() - 1 - i;
                let base = match m.kind {
                    MessageKind::Info => palette::TEXT,
                    MessageKind::Good => palette::GOOD,
                    MessageKind::Danger => palette::DANGER,
                };
                let percent = 100u8.saturating_sub((age as u8).saturating_mul(9)).max(40);
                let text = if m.count > 1 { format!("{} x{}", m.text, m.count) } else { m.text.clone() };
                Line::new(text, base.dimmed(percent))
            })
            .collect()
    }
}

/// The article a name takes when nothing says otherwise: "an" before a vowel, else "a".
pub fn article_for(name: &str) -> &'static str {
    match name.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) => "an",
        _ => "a",
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
        let lines = log.recent_lines(10);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].text, "The jackal hits you for 1. x3");
        assert_eq!(lines[1].color, palette::TEXT);
        assert!(lines[0].color.r < palette::DANGER.r, "older lines are dimmer");
    }

    #[test]
    fn articles() {
        assert_eq!(article_for("ogre"), "an");
        assert_eq!(article_for("potion of healing"), "a");
        assert_eq!(capitalized("the jackal"), "The jackal");
    }
}
