//! What the screen shows, as plain data. The game fills a [`ScreenModel`]
//! each frame; the front end (`ui`) draws it: the map through the current
//! [`emberdeep_api::View`], the side panel, the log and any overlay. Keeping
//! this boundary means a screenshot in a test shows exactly what a player sees.

use emberdeep_api::{EntityId, Look, Rgba, Scene};

/// Colors the host's own drawing uses.
pub mod palette {
    use emberdeep_api::Rgba;
    /// Plain text.
    pub const TEXT: Rgba = Rgba::rgb(220, 220, 220);
    /// Dim text (labels, old log lines).
    pub const DIM: Rgba = Rgba::rgb(130, 130, 140);
    /// Good news.
    pub const GOOD: Rgba = Rgba::rgb(110, 200, 110);
    /// Danger.
    pub const DANGER: Rgba = Rgba::rgb(230, 80, 70);
    /// A creature that is not the player's enemy nor its ally (peaceful).
    pub const PEACEFUL: Rgba = Rgba::rgb(120, 190, 235);
    /// Health bar while there is plenty.
    pub const HEALTH_GOOD: Rgba = Rgba::rgb(90, 180, 90);
    /// Health bar below half.
    pub const HEALTH_LOW: Rgba = Rgba::rgb(225, 170, 60);
    /// Health bar below a quarter.
    pub const HEALTH_DANGER: Rgba = Rgba::rgb(210, 60, 50);
    /// Panel and log background.
    pub const PANEL_BG: Rgba = Rgba::rgb(18, 18, 24);
    /// Screen background.
    pub const BACKGROUND: Rgba = Rgba::rgb(0, 0, 0);
}

/// Rows of a menu box: its header's lines and the lines shown under it.
pub const MENU_ROWS: usize = 30;
/// Characters of a menu line before it wraps.
pub const MENU_CHARS: usize = 66;

/// Splits `text` into lines of at most `width` characters, breaking at a space
/// when there is one; continuation lines are indented by `indent` spaces.
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    let mut prefix = String::new();
    let width = width.max(indent + 2);
    loop {
        let room = width - prefix.len();
        if rest.len() <= room {
            out.push(prefix + &rest.iter().collect::<String>());
            return out;
        }
        let cut = rest[..=room].iter().rposition(|&c| c == ' ').filter(|&i| i > 0).unwrap_or(room);
        out.push(prefix.clone() + rest[..cut].iter().collect::<String>().trim_end());
        let skip = rest[cut..].iter().take_while(|&&c| c == ' ').count();
        rest.drain(..cut + skip);
        prefix = " ".repeat(indent);
    }
}

/// A line of text with its color, and maybe the picture of what it names.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// The text.
    pub text: String,
    /// Its color.
    pub color: Rgba,
    /// The item it names, drawn before the text as the view shown draws
    /// it (the pack's lines, an item's card).
    pub icon: Option<Icon>,
}

/// An item drawn before a line: its glyph in its colour, or in the tile
/// view its tile, tinted by `tint` (white: its own colours).
#[derive(Debug, Clone, PartialEq)]
pub struct Icon {
    /// How the item is drawn (its plugin's look, or its record's).
    pub look: Look,
    /// What the tile view multiplies its tile by.
    pub tint: Rgba,
}

impl Line {
    /// A line in the given color.
    pub fn new(text: impl Into<String>, color: Rgba) -> Self {
        Line { text: text.into(), color, icon: None }
    }

    /// The same line, the item `icon` drawn before it.
    pub fn with_icon(mut self, icon: Icon) -> Self {
        self.icon = Some(icon);
        self
    }
}

/// The health bar's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Health {
    /// Health left.
    pub hp: i32,
    /// Most health.
    pub max: i32,
}

impl Health {
    /// The bar's color: green, orange below half, red below a quarter.
    pub fn color(self) -> Rgba {
        if self.hp * 4 < self.max {
            palette::HEALTH_DANGER
        } else if self.hp * 2 < self.max {
            palette::HEALTH_LOW
        } else {
            palette::HEALTH_GOOD
        }
    }
}

/// A screen laid over the map.
#[derive(Debug, Clone, PartialEq)]
pub enum Overlay {
    /// Just the map.
    None,
    /// A list in a box: the pack, "drop which?", an item's card, the help,
    /// the message history. Only the lines that fit are in it; the rest are
    /// scrolled to.
    Menu {
        /// The box's title ("Pack", "Drop which?").
        title: String,
        /// Lines above the lettered slots (what is wielded and worn).
        header: Vec<Line>,
        /// The lines shown, at most [`MENU_ROWS`] less the header's.
        lines: Vec<Line>,
        /// Lines above those shown / below them, for the "more" marks.
        more: (usize, usize),
        /// The hint at the bottom ("a-z to use, Esc to close").
        footer: String,
    },
    /// The end of a run: the map faded, on a backdrop "You died" and what
    /// killed the player and when, or the victory; the score table.
    Death {
        /// Whether the run was won.
        won: bool,
        /// "killed by a jackal, on turn 57"
        cause: String,
        /// Lines under it (the seed, "R for a new run, Esc to quit").
        details: Vec<Line>,
        /// The score table, header first.
        scores: Vec<Line>,
    },
    /// A yes/no question ("Continue the saved run? y/n").
    Confirm {
        /// The question.
        question: String,
    },
    /// The replay timeline's pane, over the log and the foot of the side
    /// panel: a header line, then the lines (keys, events); the game's own
    /// overlay at that turn, if any, under it.
    Timeline {
        /// "Replay: turn 417 of 5000 ...", or the "go to" prompt.
        header: Line,
        /// The lines shown.
        lines: Vec<Line>,
        /// The game's overlay at that turn.
        under: Box<Overlay>,
    },
}

/// Everything one frame shows.
#[derive(Debug, Clone, PartialEq)]
pub struct ScreenModel {
    /// The map, for the current view.
    pub scene: Scene,
    /// The player's health, for the bar.
    pub health: Health,
    /// Side panel lines under the health bar (turn, floor, seed, plugins' lines).
    pub panel: Vec<Line>,
    /// The look panel while aiming or looking (target's name, chance...).
    pub look: Vec<Line>,
    /// The look panel's key hints while looking, kept on screen under it.
    pub hints: Vec<Line>,
    /// How many rows of the look text are scrolled past (PageDown while
    /// looking or aiming); the panel's layout keeps it within the text.
    pub look_scroll: usize,
    /// The newest log lines, oldest first, already colored (older ones dimmer).
    pub log: Vec<Line>,
    /// An overlay screen, if any.
    pub overlay: Overlay,
    /// The creatures in the scene on the player's side (its allies), which
    /// the host marks over whatever the view drew.
    pub allies: Vec<EntityId>,
}
