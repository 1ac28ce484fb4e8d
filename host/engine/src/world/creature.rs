//! The player or a monster: what the host keeps of each, and the names the
//! log and the trace call it by.

use emberdeep_api::{CreatureInfo, Damage, EntityId, Look, MonsterState, Point, Rgba, MONSTERS_SIDE, PLAYER_SIDE};

use crate::data::records::MonsterRecord;

/// A creature's limits, as a save holds them (`data::bounds`).
pub use crate::data::bounds::{MOST_HEALTH, MOST_SIGHT, MOST_STATUS_TURNS};

/// The player or a monster.
#[derive(Debug, Clone, PartialEq)]
pub struct Creature {
    /// Its id for the run.
    pub id: EntityId,
    /// Record id, or `player`.
    pub kind: String,
    /// Name in messages.
    pub name: String,
    /// Health left.
    pub hp: i32,
    /// Most health.
    pub max_hp: i32,
    /// Taken off blows.
    pub defense: i32,
    /// Blow damage.
    pub damage: Damage,
    /// Sight radius.
    pub sight: i32,
    /// Where it stands.
    pub pos: Point,
    /// Asleep, wandering, hunting.
    pub state: MonsterState,
    /// Where it last saw or heard the player.
    pub goal: Option<Point>,
    /// The registered brain (monsters).
    pub brain: Option<String>,
    /// Its look.
    pub look: Look,
    /// The statuses it bears, in the order they came.
    pub statuses: Vec<StatusOn>,
    /// Its side: [`PLAYER_SIDE`] (the player and its allies),
    /// [`MONSTERS_SIDE`], or one a plugin declared. Creatures of different
    /// sides are enemies. Changed on the floor only through
    /// [`Roster::set_side`](crate::world::roster::Roster::set_side), which
    /// keeps its count.
    pub side: String,
    /// How it stands toward the player's side on its own account (api
    /// 1.6): as its side does, peaceful, or provoked.
    pub temper: Temper,
    // 1.6 (looks)
    /// How text names several of it, when a plugin gave it a name of its
    /// own (`Ctx::spawn_as`, `Ctx::set_look`); `None`: its record's.
    pub plural: Option<String>,
    /// What it shows as until revealed (`Ctx::disguise`): a terrain's
    /// name or an item kind; `None`: itself.
    pub disguise: Option<String>,
}

/// How a creature stands toward the player's side (and the sides allied
/// with it) on its own account, over its side's standing (api 1.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Temper {
    /// As its side stands: every creature whose record is not peaceful.
    #[default]
    AsItsSide,
    /// Peaceful (its record's `peaceful = true`): neutral to the player's
    /// side, until one of them attacks it.
    Peaceful,
    /// Provoked: attacked by the player's side while not its enemy, it is
    /// hostile to it from then on, whatever its side's standing.
    Provoked,
}

impl Temper {
    /// Its name in a save (`None` for [`Temper::AsItsSide`], which a save leaves out).
    pub fn name(self) -> Option<&'static str> {
        match self {
            Temper::AsItsSide => None,
            Temper::Peaceful => Some("peaceful"),
            Temper::Provoked => Some("provoked"),
        }
    }

    /// The temper a save names `name`; `None` for a name no temper has.
    pub fn named(name: &str) -> Option<Temper> {
        match name {
            "peaceful" => Some(Temper::Peaceful),
            "provoked" => Some(Temper::Provoked),
            _ => None,
        }
    }
}

/// A status a creature bears: the registered name and the turns left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusOn {
    /// The registered status.
    pub name: String,
    /// Turns left, counting the current one.
    pub turns: i32,
}

impl Creature {
    /// The player at `pos`.
    pub fn player(pos: Point, hp: i32) -> Creature {
        Creature {
            id: EntityId::PLAYER,
            kind: "player".into(),
            name: "you".into(),
            hp,
            max_hp: hp,
            defense: 0,
            damage: Damage::new(1, 2),
            sight: 9,
            pos,
            state: MonsterState::Hunting,
            goal: None,
            brain: None,
            look: Look { glyph: '@' as u32, color: Rgba::rgb(255, 255, 255), tile: "player".into() },
            statuses: Vec::new(),
            side: PLAYER_SIDE.into(),
            temper: Temper::AsItsSide,
            plural: None,
            disguise: None,
        }
    }

    /// A monster of a record's kind.
    pub fn monster(id: EntityId, rec: &MonsterRecord, pos: Point, state: MonsterState) -> Creature {
        Creature {
            id,
            kind: rec.id.clone(),
            name: rec.name.clone(),
            hp: rec.hp,
            max_hp: rec.hp,
            defense: rec.defense,
            damage: rec.damage,
            sight: rec.sight,
            pos,
            state,
            goal: None,
            brain: Some(rec.brain.clone()),
            look: Look { glyph: rec.glyph as u32, color: rec.color, tile: rec.tile.as_str().into() },
            statuses: Vec::new(),
            side: rec.side.clone(),
            temper: if rec.peaceful { Temper::Peaceful } else { Temper::AsItsSide },
            plural: None,
            disguise: None,
        }
    }

    /// Whether it shows as something else until revealed (since 1.6).
    pub fn is_disguised(&self) -> bool {
        self.disguise.is_some()
    }

    /// The name the trace uses: `player`, or `jackal#3`.
    pub fn trace_name(&self) -> String {
        if self.id.is_player() {
            "player".into()
        } else {
            // Built by hand: a plugin asks for creatures' names every turn.
            let mut name = String::with_capacity(self.kind.len() + 11);
            name.push_str(&self.kind);
            name.push('#');
            push_number(&mut name, self.id.0);
            name
        }
    }

    /// "the jackal", or "you".
    pub fn the_name(&self) -> String {
        if self.id.is_player() {
            "you".into()
        } else {
            format!("the {}", self.name)
        }
    }

    /// Whether it is on the player's side (the player, or an ally).
    pub fn is_players_side(&self) -> bool {
        self.side == PLAYER_SIDE
    }

    /// Whether it is a monster on the monsters' side, as every monster was
    /// before sides.
    pub fn is_plain_monster(&self) -> bool {
        self.side == MONSTERS_SIDE
    }

    /// What plugins may read of it.
    pub fn info(&self) -> CreatureInfo {
        CreatureInfo {
            id: self.id,
            kind: self.kind.as_str().into(),
            name: self.name.as_str().into(),
            trace_name: self.trace_name().into(),
            pos: self.pos,
            hp: self.hp,
            max_hp: self.max_hp,
            defense: self.defense,
            damage: self.damage,
            sight: self.sight,
            state: self.state,
        }
    }
}

/// Why a plugin's change to who is in the world was refused: one line,
/// read after "refused: ".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangeRefused {
    /// No loaded record has the kind.
    #[error("no loaded plugin has a monster '{0}'")]
    UnknownKind(String),
    /// The cell is off the map, a wall or a closed door.
    #[error("the cell {x},{y} is not open floor")]
    NotFloor {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
    },
    /// Someone stands there.
    #[error("the cell {x},{y} is taken by {who}")]
    Occupied {
        /// Column.
        x: i32,
        /// Row.
        y: i32,
        /// Who stands there (`wolf#3`).
        who: String,
    },
    /// No loaded plugin declared the side.
    #[error("no loaded plugin declared a side '{0}'")]
    UnknownSide(String),
    /// No creature has the id.
    #[error("no creature #{0} on the floor")]
    NoCreature(u32),
    /// The player cannot be removed nor change sides.
    #[error("the player cannot be {0}")]
    ThePlayer(&'static str),
    /// No id is left to give.
    #[error("no creature id is left to give")]
    NoIdLeft,
    // 1.6 (looks)
    /// A look the host refuses, and why.
    #[error("the look: {0}")]
    BadLook(String),
    /// A disguise that is neither a terrain nor an item kind.
    #[error("'{0}' is neither a terrain nor an item kind of the loaded plugins")]
    UnknownDisguise(String),
}

/// Writes `n` in decimal at the end of `out` (what `format!` writes, without its machinery).
fn push_number(out: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(digits[i..].iter().map(|&d| char::from(d)));
}

#[cfg(test)]
mod tests {
    use super::push_number;

    #[test]
    fn numbers_are_written_as_format_writes_them() {
        for n in [0, 7, 10, 99, 100, 4_096, 1_000_000, u32::MAX] {
            let mut out = String::from("goblin#");
            push_number(&mut out, n);
            assert_eq!(out, format!("goblin#{n}"));
        }
    }
}
