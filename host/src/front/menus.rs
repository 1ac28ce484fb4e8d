//! The screens over play and their keys: the pack and an item's card, the
//! quick keys' lists, "drop how many?", the screens that scroll (help and
//! the message history), the look mode, and the first-time hints.

use emberdeep_api::{MessageKind, Point};
use emberdeep_engine::data::records::{is_zapped, ItemRole};
use emberdeep_engine::Action;

use super::app::{App, Mode, Question, Quick};
use super::keys::{direction, Key};

/// The most a "drop how many?" answer may be typed up to.
const MOST_TYPED: u32 = 1_000_000;

impl Quick {
    /// Every quick key, in the order a role looks for its own.
    pub const ALL: [Quick; 5] = [Quick::Quaff, Quick::Read, Quick::Zap, Quick::Wield, Quick::Wear];

    /// Whether this quick key uses items of `role`. An `escape` or
    /// `detect` item is drunk when its class is `potion`, else read (see
    /// [`Quick::takes_item`]); by role alone, it is read.
    pub fn takes(self, role: ItemRole) -> bool {
        self.takes_item(role, "")
    }

    /// Whether this quick key uses an item of `role` and record class
    /// `class`: every `potion` is drunk and every `scroll` read (since 1.3),
    /// and every `wand` or `staff` zapped, whatever its role.
    pub fn takes_item(self, role: ItemRole, class: &str) -> bool {
        let either = matches!(role, ItemRole::Escape | ItemRole::Detect);
        let drunk = class == "potion";
        let zapped = is_zapped(class);
        match self {
            // Every potion is drunk and every scroll read, whatever its
            // role: an unknown one (api 1.3) must not show its role by
            // being listed or left out.
            Quick::Quaff => {
                drunk || matches!(role, ItemRole::Healing | ItemRole::Restore | ItemRole::Buff | ItemRole::Descend)
            }
            Quick::Read => {
                !drunk && !zapped && (either || class == "scroll" || matches!(role, ItemRole::Aimed | ItemRole::Burst))
            }
            Quick::Zap => zapped,
            Quick::Wield => matches!(role, ItemRole::MeleeWeapon | ItemRole::MissileWeapon),
            Quick::Wear => role == ItemRole::Armor,
        }
    }

    /// The list's title.
    pub fn title(self) -> &'static str {
        match self {
            Quick::Quaff => "Drink which?",
            Quick::Read => "Read which?",
            Quick::Zap => "Zap which?",
            Quick::Wield => "Wield which?",
            Quick::Wear => "Wear which?",
        }
    }

    /// Said when the pack holds nothing it uses.
    fn nothing(self) -> &'static str {
        match self {
            Quick::Quaff => "You have nothing to drink.",
            Quick::Read => "You have nothing to read.",
            Quick::Zap => "You have nothing to zap.",
            Quick::Wield => "You have nothing to wield.",
            Quick::Wear => "You have nothing to wear.",
        }
    }

    /// The quick key for items of `role`, if one uses them.
    pub fn for_role(role: ItemRole) -> Option<Quick> {
        Quick::ALL.into_iter().find(|q| q.takes(role))
    }

    /// The key itself.
    pub fn key(self) -> char {
        match self {
            Quick::Quaff => 'q',
            Quick::Read => 'r',
            Quick::Zap => 'z',
            Quick::Wield => 'w',
            Quick::Wear => 'W',
        }
    }

    /// The verb for an item's card ("drink").
    pub fn verb(self) -> &'static str {
        match self {
            Quick::Quaff => "drink",
            Quick::Read => "read",
            Quick::Zap => "zap",
            Quick::Wield => "wield",
            Quick::Wear => "wear",
        }
    }
}

impl App {
    /// The role of the item in pack slot `slot`'s record.
    pub(crate) fn role_of(&self, slot: usize) -> Option<ItemRole> {
        let item = self.game.pack().get(slot)?;
        self.game.records().items.get(&item.kind).map(|r| r.role)
    }

    /// Whether quick key `quick` uses the item in pack slot `slot` (by its
    /// record's role and class).
    pub(crate) fn quick_takes(&self, quick: Quick, slot: usize) -> bool {
        let Some(item) = self.game.pack().get(slot) else { return false };
        self.game.records().items.get(&item.kind).is_some_and(|r| quick.takes_item(r.role, &r.class))
    }

    /// The quick key that uses the item in pack slot `slot`, if one does.
    pub(crate) fn quick_for(&self, slot: usize) -> Option<Quick> {
        Quick::ALL.into_iter().find(|&q| self.quick_takes(q, slot))
    }

    /// A quick key: its list, unless the pack holds nothing it uses.
    pub(crate) fn open_quick(&mut self, quick: Quick) -> Option<Action> {
        let any = (0..self.game.pack().slots().len()).any(|i| self.quick_takes(quick, i));
        if any {
            self.open(Mode::Quick(quick));
        } else {
            self.game.say(quick.nothing(), MessageKind::Info);
        }
        None
    }

    /// `m`: the message history, scrolled to its newest line.
    pub(crate) fn open_history(&mut self) {
        self.open(Mode::History);
        self.scroll = usize::MAX;
    }

    /// A key on the pack, a card, a quick list, or "drop which/how many?".
    pub(crate) fn press_in_pack(&mut self, key: Key) {
        if self.scroll_key(key) {
            return;
        }
        let mode = self.mode;
        if let Mode::DropCount { slot, typed } = mode {
            return self.press_drop_count(slot, typed, key);
        }
        if let Mode::Card(slot) = mode {
            return self.press_on_card(slot, key);
        }
        self.mode = Mode::Play;
        let Key::Char(c @ 'a'..='z') = key else { return };
        let slot = (c as u8 - b'a') as usize;
        if self.game.pack().get(slot).is_none() {
            self.game.say(format!("You have nothing in slot {c}."), MessageKind::Info);
            return;
        }
        match mode {
            Mode::Pack => self.mode = Mode::Card(slot),
            Mode::Quick(quick) => {
                if self.quick_takes(quick, slot) {
                    self.use_slot(slot);
                } else {
                    self.game.say(format!("You can't {} that.", quick.verb()), MessageKind::Info);
                }
            }
            Mode::ThrowItem => self.act(Action::Throw(slot)),
            _ => self.drop_slot(slot),
        }
    }

    /// A key on an item's card: use it, drop it, throw it, or go back.
    fn press_on_card(&mut self, slot: usize, key: Key) {
        let quick = self.quick_for(slot);
        match key {
            Key::Enter | Key::Char('u') => self.use_slot(slot),
            Key::Char(c) if quick.is_some_and(|q| q.key() == c) => self.use_slot(slot),
            Key::Char('d') => self.drop_slot(slot),
            Key::Char('t') if self.can_throw(slot) => {
                self.mode = Mode::Play;
                self.act(Action::Throw(slot));
            }
            Key::Esc => self.mode = Mode::Pack,
            _ => {}
        }
    }

    /// Whether the item in `slot` can be thrown.
    pub(crate) fn can_throw(&mut self, slot: usize) -> bool {
        let Some(item) = self.game.pack().get(slot).cloned() else { return false };
        self.game.is_throwable(&item)
    }

    /// Uses the item in `slot`, asking first before a healing potion is
    /// drunk at full health (not one a plugin names otherwise: the
    /// question would tell an unknown potion heals).
    fn use_slot(&mut self, slot: usize) {
        self.mode = Mode::Play;
        let player = self.game.player();
        let full = player.hp >= player.max_hp;
        if full
            && self.asks.drink_at_full_health
            && self.role_of(slot) == Some(ItemRole::Healing)
            && !self.game.item_disguised(slot)
        {
            self.mode = Mode::Ask(Question::Drink(slot));
            return;
        }
        self.act(Action::Use(slot));
    }

    /// Drops what `slot` holds: one item at once, a stack after asking how many.
    fn drop_slot(&mut self, slot: usize) {
        self.mode = Mode::Play;
        match self.game.pack().get(slot) {
            Some(item) if item.count > 1 => self.mode = Mode::DropCount { slot, typed: 0 },
            Some(_) => self.drop_or_ask(slot, u32::MAX),
            None => {}
        }
    }

    /// Drops `count` of `slot` (`u32::MAX`: all), or first asks the
    /// question a plugin has about it (deep water).
    fn drop_or_ask(&mut self, slot: usize, count: u32) {
        if self.game.drop_question(slot, count).is_some() {
            self.mode = Mode::Ask(Question::Drop(slot, count));
            return;
        }
        self.act(super::app::drop_action(slot, count));
    }

    /// "Drop how many?": digits add up the number, Enter drops it (all of
    /// them when nothing was typed), Esc drops nothing.
    fn press_drop_count(&mut self, slot: usize, typed: u32, key: Key) {
        match key {
            Key::Char(c @ '0'..='9') => {
                let typed = (typed.saturating_mul(10) + c.to_digit(10).unwrap_or(0)).min(MOST_TYPED);
                self.mode = Mode::DropCount { slot, typed };
            }
            Key::Enter => {
                self.mode = Mode::Play;
                match typed {
                    0 => self.drop_or_ask(slot, u32::MAX),
                    n => self.drop_or_ask(slot, n),
                }
            }
            Key::Esc => self.mode = Mode::Play,
            _ => {}
        }
    }

    /// Plays an action and follows where it leads (aiming, death).
    pub(crate) fn act(&mut self, action: Action) {
        self.game.player_action(action);
        self.after_action();
    }

    /// Up, Down, PageUp, PageDown, Home and End scroll the screen open now;
    /// true if `key` was one of them.
    pub(crate) fn scroll_key(&mut self, key: Key) -> bool {
        let step = super::screen::MENU_ROWS.saturating_sub(2).max(1);
        self.scroll = match key {
            Key::Up => self.scroll.saturating_sub(1),
            Key::Down => self.scroll.saturating_add(1),
            Key::PageUp => self.scroll.saturating_sub(step),
            Key::PageDown => self.scroll.saturating_add(step),
            Key::Home => 0,
            Key::End => usize::MAX,
            _ => return false,
        };
        true
    }

    /// Help and history: they scroll (also with `j`, `k`, Space); Esc closes them.
    pub(crate) fn press_scrolling(&mut self, key: Key) {
        let key = match key {
            Key::Char('j') => Key::Down,
            Key::Char('k') => Key::Up,
            Key::Char(' ') => Key::PageDown,
            k => k,
        };
        if !self.scroll_key(key) && matches!(key, Key::Esc | Key::Enter | Key::Char('m' | '?' | 'q')) {
            self.mode = Mode::Play;
        }
    }

    /// The look mode: the moving keys move the cursor, Tab goes to the next
    /// monster in sight, a click puts it on a cell; Esc, `x` or Enter closes.
    pub(crate) fn press_looking(&mut self, key: Key) {
        match key {
            Key::Esc | Key::Enter | Key::Char('x') => self.mode = Mode::Play,
            Key::Tab => {
                let seen = self.game.monsters_in_view();
                let here =
                    seen.iter().position(|&id| self.game.creatures().get(&id).map(|c| c.pos) == Some(self.look_cursor));
                let next = here.map_or(0, |i| i + 1);
                if let Some(c) = seen.get(next % seen.len().max(1)).and_then(|id| self.game.creatures().get(id)) {
                    self.look_cursor = c.pos;
                }
            }
            Key::Click(x, y) | Key::Hover(x, y) => self.look_cursor = self.clamped(Point::new(x, y)),
            k => {
                if let Some((dx, dy)) = direction(k) {
                    self.look_cursor = self.clamped(self.look_cursor.offset(dx, dy));
                }
            }
        }
    }

    fn clamped(&self, p: Point) -> Point {
        let (w, h) = (self.game.map().width(), self.game.map().height());
        Point::new(p.x.clamp(0, (w - 1).max(0)), p.y.clamp(0, (h - 1).max(0)))
    }

    /// The first time a player meets something, one line says what to press
    /// (one hint a key at most).
    pub(crate) fn give_hints(&mut self) {
        let here = self.game.player().pos;
        let mut hints: Vec<(&'static str, &'static str)> = Vec::new();
        // Not while a time-saver runs: explore picks up what it wants by itself.
        if self.game.items().iter().any(|i| i.pos == here) && !self.game.time_saver_running() {
            hints.push(("floor item", "Hint: g picks up what lies here."));
        }
        if self.game.map().tile(here) == emberdeep_engine::core::map::Tile::StairsDown {
            hints.push(("stairs", "Hint: > goes down the stairs. There is no way back up."));
        }
        // An enemy: an ally is walked past (places swapped), never fought.
        if !self.game.enemies_in_view().is_empty() {
            hints.push(("monster", "Hint: walk into a monster to fight it; x looks at it first."));
        }
        let roles: Vec<ItemRole> = (0..self.game.pack().slots().len()).filter_map(|i| self.role_of(i)).collect();
        if !roles.is_empty() {
            hints.push(("pack", "Hint: i opens the pack; a letter shows what an item is and does."));
        }
        if roles.contains(&ItemRole::MissileWeapon) {
            hints.push(("bow", "Hint: w readies a bow; then f fires it (Tab picks the target, Enter shoots)."));
        }
        // By the key that uses it, never by its role: an unknown scroll's
        // role is not the player's to learn from a hint.
        let quicks: Vec<Quick> = (0..self.game.pack().slots().len()).filter_map(|i| self.quick_for(i)).collect();
        if quicks.contains(&Quick::Read) {
            hints.push(("scroll", "Hint: r reads a scroll; one that aims shows a cursor: Tab, then Enter."));
        }
        if quicks.contains(&Quick::Zap) {
            hints.push(("wand", "Hint: z zaps a wand: it shows a cursor: Tab, then Enter."));
        }
        if quicks.contains(&Quick::Quaff) {
            hints.push(("potion", "Hint: q drinks a potion."));
        }
        if self.game.player().hp * 2 < self.game.player().max_hp {
            hints.push(("hurt", "Hint: you are badly hurt. Step back round a corner, or drink a potion (q)."));
        }
        // One new hint a key at most, so that hints never bury the line
        // the key itself wrote; the rest come on later keys.
        if let Some((name, text)) = hints.into_iter().find(|(name, _)| !self.hints.contains(*name)) {
            self.hints.insert(name);
            self.game.say(text, MessageKind::Info);
        }
    }

    /// The names of the first-time hints given so far (carried over a restart).
    pub fn hints_given(&self) -> Vec<String> {
        self.hints.iter().map(|h| h.to_string()).collect()
    }

    /// Counts these hints as given (a restarted game's); unknown names are left out.
    pub fn hints_were_given(&mut self, names: &[String]) {
        const HINTS: [&str; 8] = ["floor item", "stairs", "monster", "pack", "bow", "scroll", "potion", "hurt"];
        self.hints.extend(HINTS.iter().filter(|h| names.iter().any(|n| n == *h)));
    }

    /// The look mode's cursor, while looking.
    pub fn look_cursor(&self) -> Option<Point> {
        (self.mode == Mode::Look).then_some(self.look_cursor)
    }
}
