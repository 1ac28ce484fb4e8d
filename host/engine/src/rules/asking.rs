//! What the player may ask of the game without playing a turn: what a cell
//! holds (the look mode, `x`), what an item is (its card) and would give as
//! gear, which keys the plugins answer (the help screen), and what stopping
//! an aim would cost.
//! Every answer only reads the run: plugins are asked with
//! [`Access::Look`] or [`Access::Probe`], so nothing here reaches the
//! trace or the run's RNG.

use emberdeep_api::{GearNumbers, KeyHelp, Point, UseOutcome};

use crate::core::map::Tile;
use crate::data::records::ItemRole;
use crate::plugins::boundary::Access;
use crate::world::game::Game;
use crate::world::targeting::LookLine;

/// A plugin's key, for the help screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginKey {
    /// The plugin that answers it.
    pub plugin: String,
    /// The key, its group and what it does.
    pub help: KeyHelp,
}

impl Game {
    /// Every key the loaded plugins say they answer, in load order.
    pub fn plugin_keys(&mut self) -> Vec<PluginKey> {
        let plugins = self.plugins.clone();
        let mut keys = Vec::new();
        for hook in &plugins.hooks {
            if let Some(list) = self.call(hook, Access::Look, |imp, ctx| imp.keys(ctx)) {
                keys.extend(list.into_iter().map(|help| PluginKey { plugin: hook.plugin().to_string(), help }));
            }
        }
        keys
    }

    /// While aiming: the name of the item that stopping the aim would use
    /// up ("the scroll of lightning"), as its effect answers when asked
    /// without consequence; `None` when stopping costs nothing.
    pub fn aim_cancel_loses(&mut self) -> Option<String> {
        let aim = self.targeting.aim.clone().filter(|a| !a.pending.first_use)?;
        let plugins = self.plugins.clone();
        let effect = plugins.effects.get(&aim.pending.effect)?;
        let outcome = self.call(effect, Access::Probe, |imp, ctx| imp.aim_cancelled(ctx, &aim.pending.item))?;
        if !matches!(outcome, UseOutcome::Consumed) {
            return None;
        }
        let rec = self.item_record(aim.pending.item.kind.as_str())?.clone();
        let id = aim.pending.item.item.into_option();
        Some(format!("the {}", self.item_noun(&rec, id)))
    }

    /// The look mode's lines for cell `p`: what stands there (a monster's
    /// name, description, health, state, statuses and what it does from
    /// afar), what lies there, and the terrain. A cell never seen says so;
    /// a remembered one shows what was last seen of it, without monsters.
    pub fn look_at(&mut self, p: Point) -> Vec<LookLine> {
        let seen = self.fov.is_visible(p);
        if !seen && !self.map.is_remembered(p) {
            return vec![LookLine::Hint("You have not seen this place.".into())];
        }
        let mut lines = Vec::new();
        // A disguised creature is seen, and remembered, as what it shows (api 1.6).
        let disguised = self.disguised_at(p).cloned();
        if let Some(rec) = disguised.as_ref().and_then(|c| match self.disguise_of(c) {
            Some(crate::rules::looks::Disguise::Item(rec)) => Some(rec.clone()),
            _ => None,
        }) {
            let label = self.item_phrase(&rec, 1, None);
            lines.push(LookLine::Text(crate::world::log::capitalized(&label)));
        }
        if let Some(c) = self.creature_at(p).filter(|c| seen && !c.is_disguised()).cloned() {
            if c.id.is_player() {
                lines.push(LookLine::Creature { look: c.look.clone(), text: "you".into() });
                lines.push(LookLine::Health { hp: c.hp.max(0), max: c.max_hp });
            } else {
                lines.push(LookLine::Creature {
                    look: c.look.clone(),
                    text: format!("{} ({})", c.name, self.standing(&c)),
                });
                lines.push(LookLine::Health { hp: c.hp.max(0), max: c.max_hp });
                if self.is_bystander(&c) {
                    lines.push(LookLine::Peaceful("Peaceful: it leaves you be unless attacked.".into()));
                }
                let record = self.records.monsters.get(&c.kind).cloned();
                if let Some(rec) = &record {
                    if !rec.description.is_empty() {
                        lines.push(LookLine::Text(rec.description.clone()));
                    }
                    lines.push(LookLine::Text(format!(
                        "Hits for {}-{}, defense {}, sees {} cells.",
                        rec.damage.min, rec.damage.max, rec.defense, rec.sight
                    )));
                    if let Some(r) = &rec.ranged {
                        let every =
                            if r.every <= 1 { "every turn".to_string() } else { format!("every {} turns", r.every) };
                        lines.push(LookLine::Warning(format!(
                            "From afar: {} {}-{}, range {}, {every}.",
                            r.kind, r.damage.min, r.damage.max, r.range
                        )));
                    }
                }
                for status in self.statuses_of(c.id) {
                    lines.push(LookLine::Effect(format!("{} ({} turns)", status.label, status.turns)));
                }
                lines.extend(self.creature_lines(c.id).into_iter().map(LookLine::Effect));
                for item in self.carried_by(c.id) {
                    let label = self.item_label(&item.kind, item.count, item.item);
                    lines.push(LookLine::Text(format!("Carries {label}.")));
                }
            }
        }
        let lying: Vec<_> = self.items.at(p).map(|(_, i)| (i.kind.clone(), i.count, i.id)).collect();
        for (kind, count, id) in lying {
            let label = self.item_label(&kind, count, id);
            lines.push(LookLine::Text(crate::world::log::capitalized(&label)));
        }
        // 1.7 (fields): what burns or hangs in the air there, in sight only.
        if seen {
            for (name, _) in self.fields_here(p) {
                let Some(kind) = self.plugins.fields.get(name) else { continue };
                let label = crate::world::log::capitalized(kind.decl.label.as_str());
                let text = match kind.decl.description.as_str() {
                    "" => format!("{label}."),
                    text => format!("{label}. {text}"),
                };
                lines.push(if kind.hazard { LookLine::Warning(text) } else { LookLine::Effect(text) });
            }
        }
        let decl_line = |decl: &emberdeep_api::abi::TerrainDecl| {
            let label = crate::world::log::capitalized(decl.label.as_str());
            match decl.description.as_str() {
                "" => format!("{label}."),
                text => format!("{label}. {text}"),
            }
        };
        let shown_as = match disguised.as_ref().and_then(|c| self.disguise_of(c)) {
            Some(crate::rules::looks::Disguise::HostTerrain(tile)) => Some(tile),
            Some(crate::rules::looks::Disguise::PluginTerrain(decl)) => {
                lines.push(LookLine::Hint(decl_line(decl)));
                if !seen {
                    lines.push(LookLine::Hint("(remembered, not in sight)".into()));
                }
                return lines;
            }
            _ => None,
        };
        let terrain = match shown_as.unwrap_or_else(|| self.map.tile(p)) {
            Tile::Wall => "A wall.".to_string(),
            Tile::Floor => "Floor.".to_string(),
            Tile::DoorClosed => "A closed door.".to_string(),
            Tile::DoorOpen => "An open door.".to_string(),
            Tile::StairsDown => "Stairs down (> goes down them).".to_string(),
            Tile::Plugin(t) => match (self.shown_terrain(p), t.hidden) {
                (Some(decl), _) => decl_line(decl),
                (None, emberdeep_api::TerrainHidden::AsWall) => "A wall.".to_string(),
                (None, _) => "Floor.".to_string(),
            },
        };
        lines.push(LookLine::Hint(terrain));
        if !seen {
            lines.push(LookLine::Hint("(remembered, not in sight)".into()));
        }
        lines
    }

    /// The description an item of record `kind` gives on its card.
    pub fn item_description(&self, kind: &str) -> Option<String> {
        let rec = self.item_record(kind)?;
        (!rec.description.is_empty()).then(|| rec.description.clone())
    }

    /// What the item in pack slot `slot` does, in a line or two for its
    /// card: the host's line for its role, then the lines its effect gives
    /// about its numbers (asked to look: the host reads no param itself).
    pub fn item_facts(&mut self, slot: usize) -> Vec<String> {
        let Some(item) = self.pack.get(slot).cloned() else { return Vec::new() };
        let Some(rec) = self.item_record(&item.kind).cloned() else { return Vec::new() };
        let mut facts = Vec::new();
        let zapped = crate::data::records::is_zapped(&rec.class);
        let role = match rec.role {
            ItemRole::Healing => "Drink it to heal.",
            ItemRole::MeleeWeapon => "A weapon to wield.",
            ItemRole::Armor => "Armor to wear.",
            ItemRole::MissileWeapon => "Ready it to shoot missiles with f.",
            ItemRole::Missile => "Missiles: use them to ready them; f fires them from the missile weapon readied.",
            ItemRole::Thrown => "Throw it with t.",
            // Wands and staffs are zapped, the rest of what aims is read.
            ItemRole::Aimed if zapped => "Zap it, then aim it at a target.",
            ItemRole::Burst if zapped => "Zap it, then aim where it bursts.",
            ItemRole::Aimed => "Read it, then aim it at a target.",
            ItemRole::Burst => "Read it, then aim where it bursts.",
            ItemRole::Escape => "Use it to get away from danger.",
            ItemRole::Buff => "Use it before a fight.",
            ItemRole::Detect => "Use it to learn what a floor holds.",
            ItemRole::Restore => "Drink it to win back what was drained.",
            ItemRole::Descend => "Use it to go down a floor without stairs.",
            ItemRole::Upgrade => "Use it to make something of yours better for good.",
            ItemRole::None => "",
        };
        if !role.is_empty() {
            facts.push(role.to_string());
        }
        let plugins = self.plugins.clone();
        if let Some(effect) = rec.effect.as_deref().and_then(|e| plugins.effects.get(e)) {
            let request = crate::rules::items::item_use(&rec, Some(slot), Some(item.id));
            let lines = self.call(effect, Access::Look, |imp, ctx| imp.facts(ctx, &request)).unwrap_or_default();
            facts.extend(lines.into_iter().map(String::from));
        }
        facts
    }

    /// What an item of record `kind` would give as gear (a weapon's blow,
    /// armor's defense), as its effect answers when asked without
    /// consequence; nothing when it has no effect or the effect says none.
    pub fn item_gear(&mut self, kind: &str) -> GearNumbers {
        let Some(rec) = self.item_record(kind).cloned() else { return GearNumbers::NONE };
        let plugins = self.plugins.clone();
        let Some(effect) = rec.effect.as_deref().and_then(|e| plugins.effects.get(e)) else {
            return GearNumbers::NONE;
        };
        let request = crate::rules::items::item_use(&rec, None, None);
        self.call(effect, Access::Probe, |imp, ctx| imp.gear(ctx, &request)).unwrap_or(GearNumbers::NONE)
    }
}
