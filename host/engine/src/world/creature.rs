//! The player or a monster: what the host keeps of each, and the names the
//! log and the trace call it by.

use emberdeep_api::{CreatureInfo, Damage, EntityId, Look, MonsterState, Point, Rgba};

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
        }
    }

    /// The name the trace uses: `player`, or `jackal#3`.
    pub fn trace_name(&self) -> String {
        if self.id.is_player() {
            "player".into()
        } else {
            format!("{}#{}", self.kind, self.id.0)
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
