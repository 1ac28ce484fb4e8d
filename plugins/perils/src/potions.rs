//! The malevolent potions: incineration, the three clouds (caustic,
//! confusion, paralysis) and creeping death; and how a dazed creature
//! staggers.

use emberdeep_api::{
    Attack, Ctx, EntityId, ItemEffect, ItemUse, Look, MessageKind, MonsterBrain, PluginResult, Point, Rgba, UseOutcome,
    DIRECTIONS,
};

use crate::lichen;
use crate::rules::{around, caught, counted, number, BURNING, CAUSTIC, DAZED, STUPOR};

/// The player, where the player stands.
fn drinker(ctx: &mut Ctx<'_>) -> PluginResult<Point> {
    Ok(ctx.player()?.pos)
}

/// Traces the plugin's `peril` event: which, and how many it caught.
fn traced(ctx: &mut Ctx<'_>, kind: &str, caught: usize) {
    ctx.event("peril", &[("kind", kind.into()), ("caught", (caught as i64).into())]);
}

/// `incineration`: flames burst from the flask over the drinker and every
/// cell within `radius`: each creature there takes `damage_min` to
/// `damage_max` fire, armor no help, and burns for `burn_turns`.
pub struct Incineration;

impl ItemEffect for Incineration {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let p = |n: &str| item.param(n);
        let at = drinker(ctx)?;
        let radius = number(&p, "radius", 1, 0, 5);
        let least = number(&p, "damage_min", 2, 0, 100);
        let most = number(&p, "damage_max", 5, 0, 100).max(least);
        let turns = number(&p, "burn_turns", 3, 1, 50);
        let cells = ctx.burst(at, radius);
        ctx.animate(Look::new('^', Rgba::rgb(250, 120, 30), "burst"), &[], &cells);
        ctx.message("The flask bursts into flame in your hands!", MessageKind::Danger);
        let who = caught(ctx, at, radius);
        traced(ctx, "incineration", who.len());
        for id in who {
            let Some(c) = ctx.creature(id) else { continue };
            let dealt = ctx.roll(least, most);
            let text = if id.is_player() {
                format!("The flames burn you ({dealt})!")
            } else {
                format!("The flames burn the {} ({dealt}).", c.name)
            };
            let fire = Attack::new(id, id, "fire").hit_for(dealt).with_killer("a potion of incineration");
            if !ctx.attack(fire.with_message(&text)) {
                ctx.add_status(id, BURNING, turns);
            }
        }
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        let (least, most) = (number(&p, "damage_min", 2, 0, 100), number(&p, "damage_max", 5, 0, 100));
        let turns = number(&p, "burn_turns", 3, 1, 50);
        Ok(vec![format!(
            "Bursts into flame: {least}-{most} fire to you and everyone beside you, who then burn for {turns} turns."
        )])
    }
}

/// Which cloud a potion lets out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CloudKind {
    /// Poison for everyone in it.
    Caustic,
    /// Everyone in it staggers.
    Confusion,
    /// Everyone in it is held still.
    Paralysis,
}

impl CloudKind {
    fn status(self) -> &'static str {
        match self {
            CloudKind::Caustic => CAUSTIC,
            CloudKind::Confusion => DAZED,
            CloudKind::Paralysis => STUPOR,
        }
    }
    fn name(self) -> &'static str {
        match self {
            CloudKind::Caustic => "caustic",
            CloudKind::Confusion => "confusion",
            CloudKind::Paralysis => "paralysis",
        }
    }
    fn line(self) -> &'static str {
        match self {
            CloudKind::Caustic => "A choking green gas billows out of the flask!",
            CloudKind::Confusion => "A shimmering pink mist spills out: the world spins!",
            CloudKind::Paralysis => "A cold white vapour pours out: your limbs lock!",
        }
    }
    fn color(self) -> Rgba {
        match self {
            CloudKind::Caustic => Rgba::rgb(150, 200, 60),
            CloudKind::Confusion => Rgba::rgb(230, 120, 230),
            CloudKind::Paralysis => Rgba::rgb(200, 230, 255),
        }
    }
    fn fact(self, radius: i32, turns: i32) -> String {
        match self {
            CloudKind::Caustic => {
                format!("Lets out caustic gas: everyone within {radius} steps is poisoned for {turns} turns.")
            }
            CloudKind::Confusion => {
                format!("Lets out a mist: everyone within {radius} steps is dazed for {turns} turns and staggers.")
            }
            CloudKind::Paralysis => {
                format!("Lets out a vapour: everyone within {radius} steps is paralyzed for {turns} turns.")
            }
        }
    }
}

/// A cloud potion: every creature within the record's `radius` of the
/// drinker (walls shelter) bears the cloud's status for `turns`.
pub struct Cloud(pub CloudKind);

impl ItemEffect for Cloud {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let p = |n: &str| item.param(n);
        let at = drinker(ctx)?;
        let radius = number(&p, "radius", 3, 0, 9);
        let turns = number(&p, "lasts", 5, 1, 100);
        let cells = ctx.burst(at, radius);
        ctx.animate(Look::new('*', self.0.color(), "burst"), &[], &cells);
        ctx.message(self.0.line(), MessageKind::Danger);
        let who = caught(ctx, at, radius);
        traced(ctx, self.0.name(), who.len());
        for id in who {
            ctx.add_status(id, self.0.status(), turns);
        }
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        Ok(vec![self.0.fact(number(&p, "radius", 3, 0, 9), number(&p, "lasts", 5, 1, 100))])
    }
}

/// `creeping_death`: lichen springs up on up to the record's `lichen`
/// free cells of open ground round the drinker.
pub struct CreepingDeath;

impl ItemEffect for CreepingDeath {
    fn use_item(&self, ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<UseOutcome> {
        let p = |n: &str| item.param(n);
        let at = drinker(ctx)?;
        let most = number(&p, "lichen", 3, 0, 8) as usize;
        let mut free: Vec<Point> = around(at).filter(|&c| ctx.is_free(c) && ctx.is_open_ground(c)).collect();
        let mut sown = 0;
        while sown < most && !free.is_empty() {
            let pick = ctx.roll(0, free.len() as i32 - 1) as usize;
            let cell = free.remove(pick);
            if ctx.spawn(lichen::KIND, cell, "").is_some() {
                sown += 1;
            }
        }
        let line = if sown > 0 {
            format!(
                "The flask crumbles to spores: {} round you!",
                counted(sown, "lichen springs up", "lichens spring up")
            )
        } else {
            "The flask crumbles to spores, which find nowhere to grow.".to_string()
        };
        ctx.message(&line, MessageKind::Danger);
        traced(ctx, "creeping_death", sown);
        Ok(UseOutcome::Consumed)
    }

    fn facts(&self, _ctx: &mut Ctx<'_>, item: &ItemUse) -> PluginResult<Vec<String>> {
        let p = |n: &str| item.param(n);
        Ok(vec![format!("Sows up to {} lichen round you.", number(&p, "lichen", 3, 0, 8))])
    }
}

/// The brain of a dazed monster: one random step a turn; whoever stands
/// there, friend or foe, takes its blow.
pub struct Stagger;

impl MonsterBrain for Stagger {
    fn act(&self, ctx: &mut Ctx<'_>, me: EntityId) -> PluginResult<()> {
        let Some(this) = ctx.creature(me) else { return Ok(()) };
        let (dx, dy) = DIRECTIONS[ctx.roll(0, DIRECTIONS.len() as i32 - 1) as usize];
        let to = this.pos.offset(dx, dy);
        match ctx.creature_at(to) {
            Some(other) if other != me => {
                if let Some(t) = ctx.creature(other) {
                    let roll = ctx.roll_damage(this.damage);
                    let dealt = emberdeep_api::blow_damage(roll, t.defense);
                    let killer = emberdeep_api::with_article(this.name.as_str());
                    ctx.attack(Attack::melee(me, other, dealt, &killer));
                }
            }
            _ => {
                ctx.move_creature(me, to);
            }
        }
        Ok(())
    }
}

/// After a dazed player's step, `stagger_percent` in 100 the player
/// lurches one more step in a random direction, onto a free cell.
pub fn stagger_player(ctx: &mut Ctx<'_>, at: Point) {
    if ctx.status_turns(EntityId::PLAYER, DAZED).is_none() {
        return;
    }
    if ctx.roll(1, 100) > ctx.setting_value("stagger_percent") as i32 {
        return;
    }
    let free: Vec<Point> = around(at).filter(|&c| ctx.is_free(c) && ctx.is_walkable(c)).collect();
    if free.is_empty() {
        return;
    }
    let to = free[ctx.roll(0, free.len() as i32 - 1) as usize];
    if ctx.move_creature(EntityId::PLAYER, to) {
        ctx.say("You stagger.");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use emberdeep_api::testing::TestGame;
    use emberdeep_api::Damage;

    #[test]
    fn a_cloud_puts_its_status_on_everyone_within_its_radius_and_no_one_further() {
        let mut game = TestGame::new(20, 8);
        let player = game.player().pos;
        let near = game.add_monster("orc", player.offset(2, 0), 10, Damage::new(1, 2), "melee");
        let far = game.add_monster("orc", player.offset(6, 0), 10, Damage::new(1, 2), "melee");
        let potion = game.item_use("potion_of_paralysis", &[("radius", 3), ("lasts", 4)]);
        assert_eq!(Cloud(CloudKind::Paralysis).use_item(&mut game.ctx(), &potion).unwrap(), UseOutcome::Consumed);
        assert!(game.statuses.contains(&(EntityId::PLAYER, STUPOR.to_string(), 4)), "{:?}", game.statuses);
        assert!(game.statuses.contains(&(near, STUPOR.to_string(), 4)), "{:?}", game.statuses);
        assert!(!game.statuses.iter().any(|(who, _, _)| *who == far), "{:?}", game.statuses);
    }

    #[test]
    fn incineration_burns_the_drinker_and_its_neighbour_who_are_left_burning() {
        let mut game = TestGame::new(20, 8);
        let player = game.player().pos;
        let near = game.add_monster("orc", player.offset(1, 0), 30, Damage::new(1, 2), "melee");
        let potion = game.item_use("potion_of_incineration", &[("damage_min", 3), ("damage_max", 3)]);
        Incineration.use_item(&mut game.ctx(), &potion).unwrap();
        assert_eq!(game.player().hp, game.player().max_hp - 3);
        assert_eq!(game.creatures.iter().find(|c| c.id == near).unwrap().hp, 27);
        assert!(game.statuses.contains(&(near, BURNING.to_string(), 3)), "{:?}", game.statuses);
    }
}
