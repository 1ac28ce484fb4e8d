//! The help screen (`?`, `F1`): every key the host answers, and every key
//! the loaded plugins say they answer (api 1.1's `Hooks::keys`), in groups;
//! then the kinds of terrain the loaded plugins registered (api 1.2).

use emberdeep_engine::rules::asking::PluginKey;

use super::bindings::Bindings;
use super::screen::{palette, wrap, Line, MENU_CHARS};

/// Where a key's words start on its line.
const KEY_COLUMN: usize = 23;

/// The groups, in the order the screen shows them, with their headings.
pub const GROUPS: [(&str, &str); 5] =
    [("moving", "Moving"), ("fighting", "Fighting"), ("items", "Items"), ("aiming", "Aiming"), ("screens", "Screens")];

/// One line of the host's keys on the help screen.
#[derive(Debug, Clone, Copy)]
pub struct HostKey {
    /// The keys, as the line names them.
    pub keys: &'static str,
    /// The group it is listed under (a name of [`GROUPS`]).
    pub group: &'static str,
    /// What they do.
    pub what: &'static str,
    /// The keys the line stands for in play, in the `--keys` notation
    /// ([`super::keys`]; a click's cell is any): each is answered in play
    /// (`App::press`, or a time-saver's in `autopilot`), and every key play
    /// answers is here or in a plugin's list (the test in `help/tests.rs`).
    /// Empty for a line about aiming or a screen over play.
    pub in_play: &'static str,
}

/// The host's own keys, group by group: (keys, group, what, in play).
pub const HOST_KEYS: &[HostKey] = &[
    line("h j k l y u b n", "moving", "step west, south, north, east and diagonally", "h j k l y u b n"),
    line("arrows, numpad", "moving", "step, too", "Up Down Left Right KP1 KP2 KP3 KP4 KP6 KP7 KP8 KP9"),
    line(". or numpad 5", "moving", "wait a turn", ". KP5"),
    line(">", "moving", "go down the stairs you stand on (off them: walk to the known stairs)", ">"),
    line("Z or 5", "moving", "rest until healed or a monster comes or notices you (asleep ones do not stop it)", "Z 5"),
    line("o", "moving", "explore: walk to the nearest unexplored place, stop for new monsters and items", "o"),
    line("G", "moving", "travel to the known stairs down", "G"),
    line("click a cell", "moving", "walk there (any key stops a walk; a click walks elsewhere)", "Click:0,0"),
    line("walk into", "fighting", "attack the monster there (or what a plugin does: free a prisoner, asking)", ""),
    line("f", "fighting", "fire what is readied: aim, then Enter", "f"),
    line("t", "fighting", "throw something: pick it, aim, then Enter", "t"),
    line("g or ,", "items", "pick up what lies here", "g ,"),
    line("i", "items", "the pack: a letter shows an item's card", "i"),
    line("q", "items", "drink a potion", "q"),
    line("r", "items", "read a scroll", "r"),
    line("z", "items", "zap a wand: pick it, aim, then Enter", "z"),
    line("w", "items", "wield a weapon, ready a bow", "w"),
    line("W", "items", "wear armor", "W"),
    line("d", "items", "drop an item (a stack asks how many)", "d"),
    line("Tab", "aiming", "next enemy, nearest first (allies skipped)", ""),
    line("moving keys, mouse", "aiming", "move the cursor", ""),
    line(
        "Enter, f, click",
        "aiming",
        "fire at the cursor; asks first if a wall or the range would stop the shot; a shot goes round a \
         wall's corner when another straight line as long gets there",
        "",
    ),
    line("Esc", "aiming", "stop aiming (asks if that loses the item)", ""),
    line("x", "screens", "look at any cell you have seen", "x"),
    line("PageDown PageUp", "screens", "scroll a long description while looking or aiming", ""),
    line("m", "screens", "the message history", "m"),
    line("? or F1", "screens", "this help", "? F1"),
    line("+ _", "screens", "bigger or smaller map cells (the glyph and tile views)", "+ _"),
    line("F11", "screens", "full screen on or off (the window)", ""),
    line("F2", "screens", "switch views (glyphs, tiles, the plugins'); kept for the next run", "F2"),
    line("Up Down PageUp PageDown", "screens", "scroll a long screen", ""),
    line("Esc", "screens", "close a screen; in play: save and quit (asks)", "Esc"),
    line("y, other keys", "screens", "answer a question the game asks: y yes, any other key no", ""),
];

/// A kind of terrain a plugin registered, as the help lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct TerrainHelp {
    /// The glyph the glyph view draws it with.
    pub glyph: char,
    /// How the look panel writes it (`a dart trap`).
    pub label: String,
    /// Its description (may be empty).
    pub description: String,
    /// The plugin that registered it.
    pub plugin: String,
}

/// The loaded plugins' terrains as the help lists them, in load order,
/// leaving out those their plugins declared secret (api 1.6: a terrain a
/// monster is disguised as must not give it away).
pub fn terrain_helps(plugins: &emberdeep_engine::plugins::registry::Plugins) -> Vec<TerrainHelp> {
    plugins
        .terrains
        .iter()
        .filter(|t| !plugins.secret_terrains.contains(&t.name))
        .map(|t| TerrainHelp {
            glyph: char::from_u32(t.decl.look.glyph).unwrap_or('?'),
            label: t.decl.label.to_string(),
            description: t.decl.description.to_string(),
            plugin: t.code.plugin().to_string(),
        })
        .collect()
}

const fn line(keys: &'static str, group: &'static str, what: &'static str, in_play: &'static str) -> HostKey {
    HostKey { keys, group, what, in_play }
}

/// The help screen's lines: each group's heading, then its keys, the
/// host's first, then the plugins' (each naming its plugin); keys in a
/// group no host group has go under "Other". Last, under "Terrain", the
/// plugins' terrains (glyph, label, description, plugin), if any.
pub fn help_lines(plugin_keys: &[PluginKey], terrains: &[TerrainHelp]) -> Vec<Line> {
    help_lines_bound(plugin_keys, terrains, &Bindings::default())
}

/// [`help_lines`], each key written as `bindings` bind it (the options file).
pub fn help_lines_bound(plugin_keys: &[PluginKey], terrains: &[TerrainHelp], bindings: &Bindings) -> Vec<Line> {
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
        let host: Vec<_> = HOST_KEYS.iter().filter(|k| k.group == name).collect();
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
        for k in host {
            push(&mut lines, &bindings.shown_words(k.keys), k.what, None);
        }
        for k in theirs {
            push(&mut lines, &bindings.shown_words(k.help.key.as_str()), k.help.what.as_str(), Some(k.plugin.as_str()));
        }
    }
    if !terrains.is_empty() {
        lines.push(Line::new("", palette::TEXT));
        lines.push(Line::new("Terrain", palette::GOOD));
        for t in terrains {
            let what =
                if t.description.is_empty() { t.label.clone() } else { format!("{}: {}", t.label, t.description) };
            push(&mut lines, &t.glyph.to_string(), &what, Some(t.plugin.as_str()));
        }
    }
    lines
}

#[cfg(test)]
mod tests;
