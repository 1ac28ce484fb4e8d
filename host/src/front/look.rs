//! The look panel while aiming, drawn from the engine's plain look lines:
//! the colours, and the creature's health as numbers over a bar.

use emberdeep_engine::world::targeting::LookLine;

use super::screen::{palette, Health, Line};

/// How many cells the look panel's health bar has.
const BAR_CELLS: usize = 16;

/// The engine's look lines as coloured lines for the side panel.
pub fn look_lines(lines: &[LookLine]) -> Vec<Line> {
    let mut out = Vec::with_capacity(lines.len() + 1);
    for line in lines {
        match line {
            LookLine::Text(t) => out.push(Line::new(t.as_str(), palette::TEXT)),
            LookLine::Hint(t) => out.push(Line::new(t.as_str(), palette::DIM)),
            LookLine::Creature { look, text } => {
                let glyph = char::from_u32(look.glyph).unwrap_or('?');
                out.push(Line::new(format!("{glyph} {text}"), look.color));
            }
            LookLine::Health { hp, max } => {
                let health = Health { hp: *hp, max: *max };
                out.push(Line::new(format!("Health {}/{}", health.hp, health.max), palette::TEXT));
                out.push(Line::new(health_bar(health), health.color()));
            }
            LookLine::Effect(t) => out.push(Line::new(t.as_str(), palette::GOOD)),
            LookLine::Warning(t) => out.push(Line::new(t.as_str(), palette::DANGER)),
            LookLine::Peaceful(t) => out.push(Line::new(t.as_str(), palette::PEACEFUL)),
        }
    }
    out
}

/// A bar of block characters, full for health left, shaded for health lost.
pub fn health_bar(health: Health) -> String {
    let full = if health.max > 0 {
        (health.hp.clamp(0, health.max) as usize * BAR_CELLS).div_ceil(health.max as usize)
    } else {
        0
    };
    "\u{2588}".repeat(full) + &"\u{2591}".repeat(BAR_CELLS - full)
}
