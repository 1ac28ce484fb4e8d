//! The help screen (`?`, `F1`): every key the host answers, and every key
//! the loaded plugins say they answer (api 1.1's `Hooks::keys`), in groups.

use emberdeep_engine::rules::asking::PluginKey;

use super::screen::{palette, wrap, Line, MENU_CHARS};

/// Where a key's words start on its line.
const KEY_COLUMN: usize = 23;

/// The groups, in the order the screen shows them, with their headings.
pub const GROUPS: [(&str, &str); 5] =
    [("moving", "Moving"), ("fighting", "Fighting"), ("items", "Items"), ("aiming", "Aiming"), ("screens", "Screens")];

/// The host's own keys: (key, group, what it does).
pub const HOST_KEYS: &[(&str, &str, &str)] = &[
    ("h j k l y u b n", "moving", "step west, south, north, east and diagonally"),
    ("arrows, numpad", "moving", "step, too"),
    (". or numpad 5", "moving", "wait a turn"),
    (">", "moving", "go down the stairs you stand on (off them: walk to the known stairs)"),
    ("Z or 5", "moving", "rest until healed, something comes into view, or 100 turns"),
    ("o", "moving", "explore: walk to the nearest unexplored place, stop for monsters and items"),
    ("G", "moving", "travel to the known stairs down"),
    ("click a cell", "moving", "walk there (any key stops a walk)"),
    ("walk into", "fighting", "attack the monster there"),
    ("g or ,", "items", "pick up what lies here"),
    ("i", "items", "the pack: a letter shows an item's card"),
    ("q", "items", "drink a potion"),
    ("r", "items", "read a scroll"),
    ("w", "items", "wield a weapon, ready a bow"),
    ("W", "items", "wear armor"),
    ("d", "items", "drop an item (a stack asks how many)"),
    ("Tab", "aiming", "next target, nearest first"),
    ("moving keys, mouse", "aiming", "move the cursor"),
    ("Enter, f, click", "aiming", "fire at the cursor"),
    ("Esc", "aiming", "stop aiming (asks if that loses the item)"),
    ("x", "screens", "look at any cell you have seen"),
    ("m", "screens", "the message history"),
    ("? or F1", "screens", "this help"),
    ("F2", "screens", "switch views (glyphs, tiles, the plugins')"),
    ("Up Down PgUp PgDn", "screens", "scroll a long screen"),
    ("Esc", "screens", "close a screen; in play: save and quit (asks)"),
];

/// The help screen's lines: each group's heading, then its keys, the
/// host's first, then the plugins' (each naming its plugin); keys in a
/// group no host group has go under "Other".
pub fn help_lines(plugin_keys: &[PluginKey]) -> Vec<Line> {
    let mut lines = Vec::new();
    // Long lines go on under the "what" column.
    let push = |lines: &mut Vec<Line>, key: &str, what: &str, from: Option<&str>| {
        let from = from.map(|p| format!(" ({p})")).unwrap_or_default();
        for part in wrap(&format!("  {key:<20} {what}{from}"), MENU_CHARS, KEY_COLUMN) {
            lines.push(Line::new(part, palette::TEXT));
        }
    };
    let known = |g: &str| GROUPS.iter().any(|(name, _)| *name == g);
    let mut groups: Vec<(&str, &str)> = GROUPS.to_vec();
    if plugin_keys.iter().any(|k| !known(k.help.group.as_str())) {
        groups.push(("", "Other"));
    }
    for (name, heading) in groups {
        let host: Vec<_> = HOST_KEYS.iter().filter(|(_, g, _)| *g == name).collect();
        let theirs: Vec<_> = plugin_keys
            .iter()
            .filter(|k| if name.is_empty() { !known(k.help.group.as_str()) } else { k.help.group.as_str() == name })
            .collect();
        if host.is_empty() && theirs.is_empty() {
            continue;
        }
        if !lines.is_empty() {
            lines.push(Line::new("", palette::TEXT));
        }
        lines.push(Line::new(heading, palette::GOOD));
        for (key, _, what) in host {
            push(&mut lines, key, what, None);
        }
        for k in theirs {
            push(&mut lines, k.help.key.as_str(), k.help.what.as_str(), Some(k.plugin.as_str()));
        }
    }
    lines
}
