//! # Writing a plugin: the guide
//!
//! This page walks from nothing to a plugin the game loads. Everything a
//! plugin needs is in this crate; it never links the host, SDL, or another
//! plugin.
//!
//! ## 1. Make a cdylib that depends on the api
//!
//! The quickest start is the template: `scripts/new-plugin.sh lantern` in an
//! Emberdeep checkout copies `templates/plugin` to `../lantern` with the
//! names filled in. By hand, a `Cargo.toml` needs:
//!
//! ```toml
//! [lib]
//! crate-type = ["cdylib", "rlib"]   # cdylib for the game, rlib for your tests
//!
//! [dependencies]
//! emberdeep_api = { path = "../emberdeep/api" }
//! abi_stable = "0.11"
//! tracing = "0.1"
//! ```
//!
//! ## 2. Export the root module
//!
//! One line at the bottom of `lib.rs`, naming your register function. The
//! plugin's name and version are the crate's own (`CARGO_PKG_NAME`,
//! `CARGO_PKG_VERSION`): the name is what `--plugins` and `--list-plugins`
//! use, and the folder your records live in.
//!
//! ```no_run
//! use emberdeep_api::{export_plugin, PluginError, Registrar};
//!
//! fn register(reg: &mut Registrar) -> Result<(), PluginError> {
//!     // What the plugin is, in one line, and where to read more (since 1.4).
//!     reg.describe("A lantern that lights the rooms you walk through", "");
//!     // reg.brain(...), reg.item_effect(...), reg.ranged_kind(...), reg.view(...)
//!     Ok(())
//! }
//!
//! export_plugin!(register);
//! ```
//!
//! The description (since 1.4, [`Registrar::describe`](crate::Registrar::describe))
//! is what `--list-plugins`, `emberdeep plugin list` and the New Run screen
//! show beside the name; the host keeps one line of it, cut if long. Ship
//! the plugin as a package: `./package.sh` in the template writes
//! `NAME.tar.gz` (the library and `data/NAME/`), which `emberdeep plugin add`
//! checks and installs (Emberdeep's `docs/packages.md`).
//!
//! ## 3. Register what you bring
//!
//! Each trait is plain Rust and has an example on its own page:
//! [`ItemEffect`](crate::ItemEffect) (what using an item does, at once or
//! after the player aims; what the pack writes after its name),
//! [`MonsterBrain`](crate::MonsterBrain) (a monster's turn; it may run
//! another registered brain with [`Ctx::run_brain`](crate::Ctx::run_brain)),
//! [`RangedKind`](crate::RangedKind) (a monster's attack from afar),
//! [`View`](crate::View) (how the map is drawn from a [`Scene`](crate::Scene)
//! of cells and the creatures in sight; `F2` cycles through every view;
//! since 1.5 a view that draws each cell from that cell alone says so with
//! [`View::keeps_map_layer`](crate::View::keeps_map_layer), and the window
//! then redraws only the cells that change),
//! [`Status`](crate::Status) (what a status does each turn), and
//! [`Hooks`](crate::Hooks), whose methods are of four kinds: questions
//! (the player's derived damage and defense, what can be thrown), screen
//! text (side panel and pack screen lines), keys (bumping into monsters,
//! `f`, `t`, picking up, keys of your own) and events (steps, deaths,
//! hurts, turn ends, new floors, items picked up and used). Register each
//! under a name with the [`Registrar`](crate::Registrar); two plugins may not
//! register the same name for the same kind (the host names both).
//!
//! A status is registered once and put on any creature by any plugin:
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # fn register(reg: &mut Registrar) -> Result<(), PluginError> {
//! let frost = StatusSpec::new("Frozen", '*', Rgba::rgb(150, 220, 255), StatusEffect::SkipsTurn);
//! reg.status("frozen", frost, ());
//! # Ok(()) }
//! # fn later(ctx: &mut Ctx<'_>, goblin: EntityId) {
//! ctx.add_status(goblin, "frozen", 2); // loses its next two turns
//! # }
//! ```
//!
//! The host counts statuses down at one fixed point of every turn, draws
//! their marks in every view, lists them in the side and look panels,
//! traces `status_start` and `status_end`, and saves them.
//!
//! Since 1.3 a status can also change the turn for its bearer, and what the
//! player perceives; say so once, after registering it (1.3, potions):
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # fn register(reg: &mut Registrar) -> Result<(), PluginError> {
//! let gold = Rgba::rgb(250, 210, 80);
//! reg.status("hasted", StatusSpec::new("Hasted", 'h', gold, StatusEffect::Marks), ());
//! reg.status_speed("hasted", 1); // the player: the monsters act on even turns only
//! reg.status("slowed", StatusSpec::new("Slowed", 's', gold, StatusEffect::Marks), ());
//! reg.status_speed("slowed", -1); // a monster: it acts on every other of its turns
//! reg.status("sensing", StatusSpec::new("Sensing", 'e', gold, StatusEffect::Marks), ());
//! reg.status_senses_monsters("sensing"); // the player sees every monster of the floor
//! # Ok(()) }
//! # fn drink(ctx: &mut Ctx<'_>) {
//! ctx.add_status(EntityId::PLAYER, "hasted", 20);
//! # }
//! ```
//!
//! Two more calls of 1.3 change the player's floor:
//! [`Ctx::descend`](crate::Ctx::descend) sends the player down once the
//! current action is played (false on the deepest floor), and
//! [`Ctx::reveal_map`](crate::Ctx::reveal_map) makes the player remember
//! the whole floor's map. A host older than 1.3 ignores the declarations
//! and answers false and 0.
//!
//! A plugin can answer keys of its own (since 1.1): the host hands any
//! character it has no use for to each plugin's
//! [`Hooks::key`](crate::Hooks::key) in load order, and the first that does
//! not pass plays it (`Done(true)` spends the turn, `Aim` starts aiming). List
//! them in [`Hooks::keys`](crate::Hooks::keys) and the help screen (`?`) shows
//! them in their group, with the plugin's name:
//!
//! ```no_run
//! # use emberdeep_api::*;
//! struct Lantern;
//! impl Hooks for Lantern {
//!     fn keys(&self, _ctx: &mut Ctx<'_>) -> PluginResult<Vec<KeyHelp>> {
//!         Ok(vec![KeyHelp::new("L", "items", "light or douse the lantern")])
//!     }
//!     fn key(&self, ctx: &mut Ctx<'_>, key: char) -> PluginResult<KeyAnswer> {
//!         if key != 'L' {
//!             return Ok(KeyAnswer::Pass);
//!         }
//!         ctx.message("The lantern flares.", MessageKind::Good);
//!         Ok(KeyAnswer::Done(true))
//!     }
//! }
//! ```
//!
//! A key no plugin answers is "Unknown key 'L'. Press ? for the keys.", and
//! a plugin built against 1.0, which has no `key`, simply passes.
//!
//! 1.3 (stealth): two more hooks. [`Hooks::attack_damage`](crate::Hooks::attack_damage)
//! is asked, in load order, the damage of every attack that hit, before
//! the host applies, logs and traces it (the attack's `damage` is the number
//! the plugins before yours left; answer `Some(n)` to change it, held to 0
//! to 1,000,000, or `None`): the way a plugin changes a blow it did not deal
//! (a sneak attack on a sleeper, armor that halves fire). An attack made
//! while the hook is asked is applied as it is. And
//! [`Hooks::creature_lines`](crate::Hooks::creature_lines) adds lines to the
//! look panel about a creature the player looks at, under its statuses
//! (asked with a context that refuses changes):
//!
//! ```no_run
//! # use emberdeep_api::*;
//! struct Sneak;
//! impl Hooks for Sneak {
//!     fn attack_damage(&self, ctx: &mut Ctx<'_>, attack: &Attack) -> PluginResult<Option<i32>> {
//!         let asleep = ctx.creature(attack.target).is_some_and(|t| t.state == MonsterState::Asleep);
//!         Ok((attack.attacker.is_player() && asleep).then_some(attack.damage * 3))
//!     }
//!     fn creature_lines(&self, ctx: &mut Ctx<'_>, id: EntityId) -> PluginResult<Vec<String>> {
//!         let asleep = ctx.creature(id).is_some_and(|c| c.state == MonsterState::Asleep);
//!         Ok(if asleep { vec!["Asleep: your blow would deal triple damage.".into()] } else { vec![] })
//!     }
//! }
//! ```
//!
//! A plugin built before 1.3 changes no damage and adds no line.
//!
//! If your plugin needs another, say so, and the host refuses to start
//! without it, naming both: `reg.depends_on("core_combat", "0.1.0");`. Load
//! order puts a plugin after what it needs, and is otherwise by name.
//!
//! ## 4. Add records in a data folder
//!
//! Monsters and items are TOML records in a folder named after the plugin:
//! `data/<name>/` in the Emberdeep repository for plugins shipped with it, or
//! beside the library for yours (`plugins/liblantern.so` and
//! `plugins/lantern/*.toml`). Records name what plugins registered:
//!
//! ```toml
//! [[monster]]
//! id = "dawdler"
//! name = "dawdler"
//! glyph = "d"
//! color = [180, 140, 220]
//! tile = "monster_kobold"      # a name in assets/tiles.txt, or in your own tiles.txt
//! floors = [1, 3]
//! frequency = 5
//! hp = 6
//! damage = [1, 2]
//! sight = 6
//! brain = "dawdle"             # registered with reg.brain("dawdle", ...)
//!
//! [[item]]
//! id = "glow_stone"
//! name = "glow stone"
//! glyph = "*"
//! color = [250, 240, 150]
//! tile = "potion"
//! tint = true                  # the tile is pale in the atlas: drawn in `color`
//! class = "stone"
//! stacks = true
//! effect = "glow"              # registered with reg.item_effect("glow", ...)
//! floors = [1, 10]
//! params = { brightness = 3 }  # whole numbers your effect reads with item.param("brightness")
//!
//! [settings]
//! glow_turns = 8               # read with ctx.setting_value("glow_turns")
//! ```
//!
//! Declare the settings you read, with their defaults and ranges, when you
//! register, and read them without repeating the default:
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # fn register(reg: &mut Registrar) -> Result<(), PluginError> {
//! reg.setting("glow_turns", 5, 1, 100); // name, default, least, most
//! # Ok(()) }
//! # fn glow(ctx: &mut Ctx<'_>) {
//! let turns = ctx.setting_value("glow_turns"); // 8 from the file above; 5 if it left it out
//! # }
//! ```
//!
//! The host answers the default when the records leave a setting out, and
//! refuses a `[settings]` key you did not declare (suggesting the nearest
//! one) and a value out of range; `--list-plugins` lists them. A plugin
//! whose default lies outside its own range is refused when it loads. Every
//! setting and `params` value is a whole number from 0 to 1,000,000, and a
//! `NAME_min` may not be above its `NAME_max`. (A number you read without
//! declaring it: [`Ctx::setting`](crate::Ctx::setting) gives an `Option`.)
//!
//! ### Tiles of your own
//!
//! A record's `tile` names a picture of the tile view. The game's are in
//! its `assets/tiles.txt`; for pictures of your own, put a sheet in the
//! same data folder as your records, two files in the game's format:
//!
//! ```text
//! plugins/lantern/monsters.toml   # tile = "lantern_ghost"
//! plugins/lantern/tiles.txt       # atlas 16 18, then: lantern_ghost 0 0
//! plugins/lantern/tiles.png       # RGBA PNG, at most 1024 x 1024 pixels
//! ```
//!
//! `tiles.txt` starts with `atlas SIZE PITCH` (a tile's side and the
//! distance between cells, in pixels), then one `NAME COL ROW` a tile:
//! its top-left pixel is `(COL*PITCH + (PITCH-SIZE)/2, ROW*PITCH + (PITCH-SIZE)/2)`;
//! `#` starts a comment line. The tile view draws each tile 32 pixels
//! square with nearest scaling, so 16-pixel art on an 18-pixel pitch (each
//! sprite's edge repeated into its 1-pixel border) stays crisp. From a
//! checkout of Emberdeep, `cargo run -p xtask -- tiles --from SPRITES --to
//! plugins/lantern` packs sprites drawn as text (the format of the game's
//! `assets/sprites/`, described in `assets/README.md`) into both files.
//!
//! The game adds your sheet to its atlas at start. A sheet it cannot use
//! is refused whole, in one line, and your plugin still loads: one of the
//! two files missing, a `tiles.png` that is not a PNG or does not decode
//! (a truncated file), a sheet over 1024 x 1024 pixels or 8 MiB, a bad
//! `tiles.txt` line, a tile outside the image, a name the game's atlas or
//! an earlier plugin's sheet has already (so give yours a prefix:
//! `lantern_ghost`), or no room left (the atlas with every sheet is at
//! most 4096 x 4096). A record whose tile no sheet has is a warning at
//! start, naming the record and the tile, and the tile view draws its
//! glyph instead. To draw your monster as one of the game's, name the
//! game's tile (`monster_kobold`); to tint a pale tile by the record's
//! colour, `tint = true` works on your tiles as on the game's.
//!
//! A record that names something no loaded plugin registered stops the
//! start with the file, the line and the field. A record that needs another
//! plugin says `needs = ["ranged_combat"]`, and simply does not appear
//! when that plugin is left out.
//!
//! ## 5. Act only through the context, and keep no state
//!
//! Every method receives a [`Ctx`](crate::Ctx): roll dice with
//! [`Ctx::roll`](crate::Ctx::roll) (the run's one RNG, so seeds
//! replay), read creatures and the map, move, attack (the host applies
//! damage, writes the log line and the `attack` trace event, removes the
//! dead), make noise, write messages. An attack is built by name:
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # fn zap(ctx: &mut Ctx<'_>, goblin: EntityId, dealt: i32) {
//! let spark = Attack::new(EntityId::PLAYER, goblin, "spark")
//!     .hit_for(dealt)              // or .missed(), or .hit_or_miss(hit, dealt)
//!     .with_chance(100)            // a missile's chance and distance, for the trace
//!     .with_distance(3)
//!     .with_killer("a wand of sparks")
//!     .with_message(&format!("The spark hits the goblin for {dealt}."));
//! ctx.attack(spark);
//! # }
//! ```
//!
//! Every type the api hands you reads in plain Rust (`&str`, `Option`,
//! slices), and every one you hand it has a constructor that takes plain
//! Rust too ([`ItemUse::from_record`](crate::ItemUse::from_record),
//! [`KeyAnswer::aim`](crate::KeyAnswer::aim), [`Look::new`](crate::Look::new),
//! [`StatusSpec::new`](crate::StatusSpec::new)): a plugin never writes
//! abi_stable's `RString` or `ROption`. Keep what you must remember about a
//! creature in the per-creature store (`store_set`, `store_set_text`), and
//! what is particular to one item (a wand's charges) in the item's store
//! (`item_set`, `item_get`): the host saves both with the run, so your
//! plugin needs no save code. An item with stored values never stacks.
//!
//! A number you declare with `reg.stored("fury", 0, 10)` is yours: no
//! other plugin may declare it, and one that writes it without
//! `reg.depends_on` your plugin fails that call (any plugin may read it).
//! The range holds at the moment of the write: `store_set` of 11 stores
//! nothing and fails the call, so keep your numbers in range yourself
//! (`.min(10)`); the run's save never holds what it would refuse.
//! A text that names an item kind (the weapon in hand) is declared too,
//! since 1.6: `reg.stored_kind("hand")` makes the key yours in the same
//! way, and only the empty text or an item record's id may be stored under
//! it for a creature (`store_set_text` of another stores nothing and fails
//! the call), so a save never holds an item nobody has. A text, in any
//! store, holds at most 4,096 characters; a longer one is not stored and
//! the call fails (before 1.6 an item's was cut, a creature's kept whole).
//! If your plugin keeps the player's level, say where:
//! `reg.stored("rank", 1, 30).player_level("rank")`; the score, the morgue
//! and the bot read it there. An item effect tells the host what the
//! item's numbers mean, which it never reads itself: the card's lines
//! ([`ItemEffect::facts`](crate::ItemEffect::facts)) and, for a weapon or
//! armor, what it would give ([`ItemEffect::gear`](crate::ItemEffect::gear)).
//!
//! ## 5b. What a plugin may change, and what stays the host's
//!
//! A plugin changes the run only through [`Ctx`](crate::Ctx), and every
//! change it makes is traced under its name and replays byte for byte.
//! What it may change, and what each call costs the host:
//!
//! | call | changes | cost |
//! |---|---|---|
//! | `roll`, `roll_damage` | the run's one RNG | one draw |
//! | `move_creature`, `wander`, `step_toward`, `step_away` | a creature's cell, one step | a read of the occupancy grid; the distance maps are shared by every monster of a floor |
//! | `attack`, `heal`, `set_max_hp`, `set_base_damage`, `set_base_defense` | health and numbers (the host applies the damage, logs, traces, removes the dead) | constant, plus the hooks told of a hurt or a death |
//! | `add_status`, `remove_status`, `set_brain`, `set_state`, `noise` | statuses, brains, awareness | constant; a noise looks at the monsters it can draw (asleep or wandering) or the cells within its loudness, whichever are fewer |
//! | `store_*`, `item_*` | the plugin's own stored numbers and texts (saved with the run) | a map lookup |
//! | `pack_*`, `place_item`, `place_item_id` (1.6) | the pack and the floor's heaps | constant |
//! | `spawn(kind, at, side)` (1.2) | a new monster on a free open cell, awake: a `spawn` event | constant |
//! | `remove(id)` (1.2) | a monster out of the world without a death: a `removed` event, no `death`, no kill; what it carried lies where it stood | constant |
//! | `place(id, at)` (1.2) | a creature on any free open cell at once: a `teleport` event; for the player, sight and memory in the same call | constant; the player's field of view when it is the player |
//! | `set_side(id, side)` (1.2) | a monster's side (a charm): a `side` event | constant |
//! | `follow_player(id)` (1.2) | an ally's step toward the player | one step toward |
//! | `map_size`, `side_of`, `are_enemies` (1.2) | nothing | constant |
//! | `floor_creatures` (1.2) | nothing: every creature, its side, whether the player sees it | the list is built once and kept until someone comes, goes, moves or changes side: asking again costs a copy |
//! | `nearest_enemy(id)` (1.2) | nothing | with one side against the player, a sight check; with more sides, the cells round `id` out to its sight, nearest first, stopping at the first enemy seen: never a walk over every creature |
//! | `standing(a, b)`, `is_peaceful(id)` (1.6) | nothing | a map lookup |
//! | `set_standing(a, b, standing)` (1.6) | how two sides stand, both ways, for the rest of the run (saved): a `standing` event | a map lookup |
//!
//! What stays the host's: the map's tiles (but for the terrain calls of
//! part 5c), the turn and its order (the
//! player, then monsters in id order, then statuses), who sees what, the
//! trace, the log's shape, saving, the ids of creatures and items, and
//! every rule the host keeps (an attack on one's own side is refused
//! unless the attacker thinks with a status's brain, as a confused one
//! does; the monsters' own side keeps the 1.1 rule, so a dragon's fire
//! still burns the goblins beside its target). A refused change (an
//! unknown kind, a wall, a taken cell, a side nobody declared) answers
//! `None` or `false`, writes one line to the console under the plugin's
//! name, and changes nothing. A plugin names sides of its own with
//! `reg.side("undead")`; records give a monster's `side` (default
//! `monsters`; `player` for an ally), and scenarios
//! `w = monster jackal side=player`.
//!
//! A creature's side decides who fights whom: creatures of different
//! sides are enemies. The host's `melee` brain (from core_combat) and the
//! ranged kinds fight the nearest enemy they see, so monsters fight the
//! player's allies and allies fight monsters, never the player; walking
//! into an ally changes places with it.
//!
//! ### Standings and peaceful creatures (since 1.6)
//!
//! Two sides are hostile unless someone says otherwise: a plugin declares
//! how two sides stand from the start of every run,
//! `reg.standing("traders", MONSTERS_SIDE, Standing::Neutral)` (both ways;
//! a side no loaded plugin declares leaves the declaration out, with one
//! line), and [`Ctx::set_standing`](crate::Ctx::set_standing) changes one
//! during the run (traced, saved). [`Standing::Neutral`](crate::Standing):
//! neither side attacks the other nor counts it as an enemy;
//! [`Standing::Allied`](crate::Standing): friends. A monster record's
//! `peaceful = true` makes that creature neutral to the player's side (and
//! the sides allied with it) until the player's side attacks it: then it is
//! *provoked*, hostile to them for good (the host traces `provoked` and
//! calls every plugin's [`Hooks::provoked`](crate::Hooks::provoked)),
//! unless a plugin's [`Hooks::provoking`](crate::Hooks::provoking)
//! answers instead (a trader that forgives a first blow) and leaves its
//! standing as it was.
//! `are_enemies` means "hostile" now, and the host asks it everywhere
//! (`nearest_enemy`, aiming, the time-savers, the alarm, noise), so a brain
//! built on them needs no change. Walking into a creature that is not the
//! player's enemy nor on its side comes to the plugins'
//! [`Hooks::meet`](crate::Hooks::meet) (a trade); if none takes it, the host
//! asks "Really attack the peaceful trader?". `examples/trader` shows it all.
//!
//! ### Items that stay themselves (since 1.2)
//!
//! An item has an id ([`PackEntry::item`](crate::PackEntry)) and its own
//! store. [`Ctx::place_item`](crate::Ctx::place_item) and
//! [`Ctx::pack_add`](crate::Ctx::pack_add) make *new* items of a kind; to
//! move an existing one, take it and put it down again as itself:
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # fn steal(ctx: &mut Ctx<'_>, thief: EntityId, at: Point) {
//! let Some(wand) = ctx.pack_take(0, 1) else { return }; // now held by this plugin
//! if !ctx.give(thief, wand.clone()) {                    // carried by the thief...
//!     ctx.place_existing(wand, at);                      // ...or laid on the floor
//! }
//! # }
//! ```
//!
//! | call | what it does | what it costs |
//! |---|---|---|
//! | [`Ctx::held_items`](crate::Ctx::held_items) | what this plugin took out of the pack this action and has not put down | one call; a copy of the held list (a few items) |
//! | [`Ctx::place_existing`](crate::Ctx::place_existing) | lays a held item on the floor at a cell or its first free neighbour, same id and store; traced `item_placed` | one call; a look through the held list and the items on the floor |
//! | [`Ctx::pack_put`](crate::Ctx::pack_put) | puts a held item back in the pack, same id and store; traced `item_put` | one call; a look through the held list and the pack |
//! | [`Ctx::give`](crate::Ctx::give) | a living monster carries a held item (saved with the run); traced `item_given` | one call; a look through the held list |
//! | [`Ctx::carried`](crate::Ctx::carried) | what a creature carries, in the order given | one call; a copy of what it carries |
//!
//! An item is held only during the player's action it was taken in (a
//! key, a turn with the monsters' moves): put it back, lay it down or give
//! it before the action ends, or it is lost. Each call takes exactly what
//! `held_items` lists (id, kind and count): anything else (an id this
//! plugin does not hold, a count changed) is refused with one warning line
//! naming the plugin and the item, and changes nothing. A monster drops
//! what it carries where it dies, the same items (traced `item_dropped`),
//! and the look panel lists it ("Carries a wand of sparks (2).").
//!
//! When an item of a kind comes into being (laid on a new floor, or made
//! by `place_item` or `pack_add`), its effect's
//! [`ItemEffect::made`](crate::ItemEffect::made) runs with its id: roll a
//! wand's charges there, and the wand reads "(2)" before anyone uses it.
//! Items that join a stack of their kind are no item of their own and are
//! not told. In [`Hooks::died`](crate::Hooks::died) the victim's store
//! and statuses are still there to read; after the `died` hooks each of
//! its statuses ends (`status_end`, why `died`, its `ended` code run), and
//! then its store goes.
//!
//! Three examples in the repository are built on these calls, each with a
//! scenario `emberdeep check` plays: `examples/summoning` (`spawn` allies
//! on the player's side, `remove` them when their time is up),
//! `examples/blink` (`map_size`, then `place` the player on a cell out of
//! sight) and `examples/thief` (`pack_take`, `give`, `carried`: a monster
//! that carries a wand off and drops the same wand where it dies).
//!
//! ### Items on the floor by id (since 1.6)
//!
//! [`Ctx::place_item`](crate::Ctx::place_item) answers only the cell; to
//! go on with the item you made (write its store, find it again), lay it
//! with [`Ctx::place_item_id`](crate::Ctx::place_item_id), which answers
//! its id too, and read a cell's items with
//! [`Ctx::items_at`](crate::Ctx::items_at):
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # fn bury(ctx: &mut Ctx<'_>, at: Point) {
//! if let Some((wand, landed)) = ctx.place_item_id("wand_of_sparks", 1, at) {
//!     ctx.item_set(wand, "cursed", 1);                 // this wand, no other
//!     let here = ctx.items_at(landed);                 // kind, count and id of each
//!     assert!(here.iter().any(|lying| lying.item == wand));
//! }
//! # }
//! ```
//!
//! | call | what it does | what it costs |
//! |---|---|---|
//! | [`Ctx::place_item_id`](crate::Ctx::place_item_id) | as `place_item`, and answers the id of what lies there (the new item's, or the heap's it joined) with the cell; `made` runs for a new item | as `place_item` |
//! | [`Ctx::items_at`](crate::Ctx::items_at) | the items on a cell, in the order they came (the last is picked up first); none off the map | a lookup by cell |
//! | [`Ctx::item_stacks`](crate::Ctx::item_stacks) | whether a kind stacks, as its record says (`None`: no such kind) | a lookup |
//! | [`Floor::item`](crate::Floor::item) | a level feature's or generator's items, made once the floor is accepted, under your name (`spawn`), `made` run | at the floor's making |
//! | [`Hooks::pick_up_item`](crate::Hooks::pick_up_item), [`Hooks::picked_up_item`](crate::Hooks::picked_up_item), [`Hooks::throwable_item`](crate::Hooks::throwable_item) | the item's kind, count and id where 1.5 gave the kind (and count); the defaults call `pick_up`, `picked_up` and `throwable`, so a plugin that wrote those works as before | as the old hooks |
//!
//! A map piece's legend gives its item's store: `"item wand_of_sparks 1
//! charges=2 owner=orc"` (a number, or a text that does not start with a
//! digit or `-`); the values stand over what the item's `made` writes
//! under the same keys. A key another plugin declared is that plugin's, as
//! for [`Ctx::item_set`](crate::Ctx::item_set): the piece's plugin must
//! depend on it, and the number lie in its range, or the records are
//! refused with the file, line and field. A refused call (an unknown kind,
//! a count of 0 or over 9,999, a cell off the map) answers `None` or
//! nothing, writes one line to the console under your name, and changes
//! nothing. A host older than 1.6 answers `None` and none; the api's
//! `TestGame` keeps items by id as the game does (`laid`, `stacking`).
//!
//! ## 5c. The map: terrain a plugin adds and changes (since 1.2)
//!
//! The host's terrains are `floor`, `wall`, `door_closed`, `door_open` and
//! `stairs_down`: their names, how they look and what they do (a wall
//! stops steps and sight, a closed door opens when walked into, the
//! stairs take the player down) are the host's, and no plugin may register
//! a terrain by one of those names. A plugin adds kinds of its own and
//! changes which terrain a cell holds:
//!
//! ```no_run
//! # use emberdeep_api::*;
//! struct Darts;
//! impl TerrainCode for Darts {
//!     fn entered(&self, ctx: &mut Ctx<'_>, who: EntityId, _at: Point) -> PluginResult<()> {
//!         let dealt = ctx.roll(1, 3);
//!         ctx.attack(Attack::new(who, who, "dart").hit_for(dealt).with_killer("a dart trap"));
//!         Ok(())
//!     }
//! }
//! # fn register(reg: &mut Registrar) {
//! let look = Look::new('^', Rgba::rgb(240, 120, 200), "traps_dart"); // a tile of your own sheet
//! let trap = TerrainSpec::new("a dart trap", look, true, true) // walkable, transparent
//!     .described("A pressure plate set in the floor.")
//!     .hidden(TerrainHidden::AsFloor); // drawn and described as floor until found
//! reg.terrain("dart_trap", trap, Darts);
//! # }
//! # fn dig(ctx: &mut Ctx<'_>, p: Point) {
//! if ctx.terrain_has(p, terrain_traits::DIGGABLE) {
//!     let ground = ctx.ground_near(p); // a cave's ground in a cave
//!     ctx.set_terrain(p, &ground); // traced `terrain`; false if refused
//! }
//! # }
//! ```
//!
//! | call | what it does | what it costs |
//! |---|---|---|
//! | [`Registrar::terrain`](crate::Registrar::terrain) | a kind of terrain: label, look, walkable, transparent, description, hidden (`Shown`, `AsFloor`: looks like floor and still springs, `AsWall`: looks and behaves like wall, a secret door) and its [`TerrainCode`](crate::TerrainCode) (`()` for none) | at load |
//! | [`Ctx::terrain_at`](crate::Ctx::terrain_at) | the cell's terrain by name (a hidden one answers its own name: the rules know it, the player does not); `wall` off the map | constant |
//! | [`Ctx::set_terrain`](crate::Ctx::set_terrain) | the cell becomes that terrain (the host's or a registered one): a `terrain` event (`x`, `y`, `from`, `to`) under your name, kept in the save; the player's sight and memory and every monster's paths follow in the same call | the player's field of view, and the floor's distance maps made again when next asked |
//! | [`Ctx::terrain_hidden`](crate::Ctx::terrain_hidden) | whether the cell's terrain still hides from the player | constant |
//! | [`Ctx::reveal_terrain`](crate::Ctx::reveal_terrain) | the player finds it: a `terrain_found` event under your name, "You find a dart trap.", its code's `found` | constant; the field of view |
//! | [`ItemEffect::aims_through_walls`](crate::ItemEffect::aims_through_walls) | the item's shot runs on through walls to its range (a digging bolt), never "blocked by a wall" | once, when aiming starts |
//!
//! What stays the host's: the map's size; its border, which stays wall
//! (`set_terrain` there is refused, so nothing walks off the floor); the
//! stairs down, which stay too (since 1.6 `set_terrain` on them is
//! refused, so a floor never loses its way down, and a save with a
//! terrain laid on them is refused); a creature's cell, which never
//! becomes terrain it could not stand on; and the finding of a hidden
//! terrain the player steps onto (the host's `terrain_found`, before the
//! code's `entered`). A refused change (off the map, the border, the
//! stairs, a name nobody registered, a creature in the way) answers
//! `false`, writes one line to the console and changes nothing. Laying
//! walls or more stairs is allowed; keeping the player's way to the
//! stairs open is then yours. A terrain's `entered` runs once for each
//! step (or swap, or placing) onto the cell, for the player and monsters
//! alike; standing on it does not run it again. Your terrains may be drawn
//! in scenario legends (`^ = terrain dart_trap`, `found` to lay it found)
//! and checked with `terrain X,Y = dart_trap`. The help lists them under
//! "Terrain". The api's `TestGame` keeps terrain as the game does
//! (`terrain`, `lay_hidden`, `terrain_changes`, `found`).
//!
//! A [`LevelGen`](crate::LevelGen) registered with
//! [`Registrar::level_gen`](crate::Registrar::level_gen) makes whole floors
//! on a [`Floor`](crate::Floor) (terrain by name, the start, the stairs,
//! the run's random numbers); the host checks each (a closed border, start
//! and stairs on open ground, the stairs reachable) and makes any it cannot
//! play itself, with one `generator_refused` line. The host then fills a
//! generated floor as it fills its rooms: the floor cut into blocks of
//! 10 x 8 cells, those with fewer than 6 cells one can stand on left out
//! (rock, a lake), about ten of the rest spread over the floor, each
//! given a room's monsters and items on its free cells, never a `deadly`
//! one: a floor of lakes or halls is as full as one of open caves. A
//! [`LevelFeature`](crate::LevelFeature) registered with
//! [`Registrar::level_feature`](crate::Registrar::level_feature) changes a
//! floor once made, on the same `Floor` with the start and stairs fixed, and
//! may ask for monsters (`floor.monster`) and, since 1.6, items
//! (`floor.item`); a change that breaks the floor
//! is undone with one `feature_refused` line. Map pieces are data: a
//! `[[piece]]` table in a plugin's records (see the records reference).
//!
//! ### Terrain by meaning, and knowing the world (since 1.6)
//!
//! A rule asks what a cell **is**, never what it is called: another
//! plugin's ground (the caves plugin's `caves_floor`) is open ground as the
//! host's `floor` is, and a rule that tests the name `floor` silently stops
//! working on its floors. Each kind of terrain carries traits
//! ([`terrain_traits`](crate::terrain_traits)): `ground` (open ground: a
//! creature stands on it, things are laid on it), `wall`, `diggable`,
//! `liquid`, `deep`, `burnable`, `door`, `stairs`, `hazard`, `choice`
//! (since 1.7: an altar whose offerings are the player's to choose by
//! hand; auto-explore leaves them), or a word of your own; the host's terrains carry theirs
//! ([`host_traits`](crate::terrain_traits::host_traits)) and yours say
//! theirs with [`TerrainSpec::traits`](crate::TerrainSpec::traits):
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # use emberdeep_api::terrain_traits::{GROUND, LIQUID, DEEP};
//! # fn register(reg: &mut Registrar) {
//! let bog = TerrainSpec::new("a bog", Look::new('~', Rgba::rgb(60, 90, 50), "bog"), true, true)
//!     .traits(&[LIQUID, DEEP]); // eels swim in it; nothing is laid on it
//! reg.terrain("bog", bog, ());
//! # }
//! # fn split(ctx: &mut Ctx<'_>, at: Point) -> Option<Point> {
//! // A split ooze lands on any plugin's open ground beside it, free of creatures.
//! DIRECTIONS.iter().map(|&(dx, dy)| at.offset(dx, dy)).find(|&p| ctx.is_open_ground(p))
//! # }
//! ```
//!
//! | call | what it answers |
//! |---|---|
//! | [`Ctx::terrain_has`](crate::Ctx::terrain_has), [`Floor::terrain_has`](crate::Floor::terrain_has) | whether the cell's terrain has a trait (a hidden trap answers its own) |
//! | [`Ctx::is_open_ground`](crate::Ctx::is_open_ground) | `ground` and no creature there |
//! | [`Ctx::ground_near`](crate::Ctx::ground_near) | the open ground beside a cell: what a dug wall or a spent chest becomes |
//! | [`Ctx::terrain_traits`](crate::Ctx::terrain_traits) | a kind's traits, sorted |
//! | [`Ctx::terrain_exists`](crate::Ctx::terrain_exists), [`Floor::terrain_exists`](crate::Floor::terrain_exists) | whether a kind exists in this run: ask before laying another plugin's terrain |
//! | [`Ctx::plugin_loaded`](crate::Ctx::plugin_loaded), [`Floor::plugin_loaded`](crate::Floor::plugin_loaded) | whether a plugin is loaded (never guess it from one of its records) |
//! | [`Ctx::floor_generator`](crate::Ctx::floor_generator), [`Floor::generator`](crate::Floor::generator) | what made the floor: a plugin's generator, or the host's (`host`, `rooms`; `deepest`; `scenario` for a drawn floor) |
//! | [`Ctx::sees`](crate::Ctx::sees) | whether a creature sees a cell, by the host's own sight rule |
//! | [`Ctx::set_terrain_found`](crate::Ctx::set_terrain_found) | lays a kind that hides already found: no "You find" line, no `found` code |
//!
//! A trait name is lowercase letters, digits and `_`, at most 24
//! characters, at most 16 to a terrain; a plugin that breaks that, or gives
//! traits to a terrain it does not register, is refused in one line.
//! `examples/cave_moss` is a level feature that acts only on the caves
//! plugin's floors, decided by `floor.generator()`, and lays moss on open
//! ground by trait. In unit tests, `TestGame::with_terrain(name, traits)`
//! makes the stand-in game know a plugin's kind.
//!
//! Four examples in the repository change the map: `examples/digging` (a
//! wand whose bolt goes through walls and turns them into floor),
//! `examples/traps` (a dart trap hidden as floor, found by a step or a
//! search key of the plugin's own, drawn with its own tile),
//! `examples/automata_caves` (a level generator) and `examples/vault_pack` (three
//! map pieces, data only).
//!
//! ## 5d. A say over the host's own actions (since 1.3)
//!
//! A plugin may refuse a step or an item's use, ask before a drop, swallow
//! a drop, and send the player down a floor. Register one set of
//! [`Vetoes`](crate::Vetoes) with [`Registrar::vetoes`](crate::Registrar::vetoes);
//! the host asks every plugin's in load order and the first `Some` decides:
//!
//! ```no_run
//! # use emberdeep_api::*;
//! struct Mire;
//! impl Vetoes for Mire {
//!     fn may_move(&self, ctx: &mut Ctx<'_>, who: EntityId, _from: Point, _to: Point) -> PluginResult<Option<String>> {
//!         Ok(ctx.status_turns(who, "stuck").map(|_| "You are stuck in the mire.".to_string()))
//!     }
//! }
//! # fn register(reg: &mut Registrar) {
//! reg.vetoes(Mire);
//! # }
//! # fn pit(ctx: &mut Ctx<'_>) {
//! ctx.descend("The floor gives way!"); // the player falls once the action is over
//! # }
//! ```
//!
//! | call | what it does | what it costs |
//! |---|---|---|
//! | [`Vetoes::may_move`](crate::Vetoes::may_move) | `Some(line)`: a creature's step (or the player's swap with an ally) does not happen; the turn is spent trying, the line logged for the player; traced `step_refused` | asked at every step of every creature: answer from what you read, quickly |
//! | [`Vetoes::may_use`](crate::Vetoes::may_use) | `Some(line)`: the player's use of an item does not happen; the line logged, no turn; traced `use_refused` | once a use |
//! | [`Vetoes::drop_question`](crate::Vetoes::drop_question) | `Some(question)`: the game asks it before the drop ("... y: drop it   any other key: keep it"); asked to look only | once a drop, and as the question is drawn |
//! | [`Vetoes::drop_lost`](crate::Vetoes::drop_lost) | `Some(line)`: what the player dropped is gone, never laid on the floor; traced `item_lost` (`by` `player`, the cell) | once a drop |
//! | [`Vetoes::explore_declines`](crate::Vetoes::explore_declines) (1.7) | `Some(why)`: auto-explore neither walks to an item on the floor nor stops for it (the player has no use for it you know of: equipment's second sword while one is in hand); `g` still takes it; asked to look only | once a run of explore for each item the player remembers |
//! | [`Ctx::descend`](crate::Ctx::descend) | the player goes down to the next floor where they stand once the action is over: a `fall` event (`from`, `to`) under your name, your line and "You land on floor N." in the log; false on the ember-heart's floor or the deepest, or in a call that may only look | a new floor, as the stairs |
//!
//! The terrain plugin (`plugins/terrain`, `docs/plugins/terrain.md`) uses
//! all of them: a net, no reading in deep water, a drop into it asked
//! about and lost, and a pit.
//!
//! ## 5e. Naming the items of every plugin (since 1.3)
//!
//! One plugin may say how items, its own or any other's, are named to the
//! player: register one set of [`ItemNames`](crate::ItemNames) with
//! [`Registrar::item_names`](crate::Registrar::item_names). The host asks
//! every plugin's in load order wherever it names an item to the player
//! (the pack and the quick-use lists, the item card, the look panel, the
//! log lines about picking up, dropping and using, the morgue); the first
//! `Some` decides. Both methods are asked with a context that may only
//! look. Traces keep the record ids: a debugger reads the true kinds.
//! Since 1.6 they may also say how an item is drawn
//! ([`ItemNames::look`](crate::ItemNames::look)): a name that hides the
//! kind is worth little if the potion is still drawn in its record's red.
//!
//! ```no_run
//! # use emberdeep_api::*;
//! struct Murky;
//! impl ItemNames for Murky {
//!     fn name(&self, ctx: &mut Ctx<'_>, item: &ItemUse, count: u32) -> PluginResult<Option<String>> {
//!         let potion = ctx.item_info(item.kind.as_str()).is_some_and(|i| i.class == "potion");
//!         Ok(potion.then(|| if count == 1 { "murky potion" } else { "murky potions" }.to_string()))
//!     }
//!     fn card(&self, _ctx: &mut Ctx<'_>, _item: &ItemUse) -> PluginResult<Option<String>> {
//!         Ok(Some("A murky potion. Drink it to learn what it is.".into()))
//!     }
//! }
//! # fn register(reg: &mut Registrar) {
//! reg.item_names(Murky);
//! # }
//! ```
//!
//! | call | what it does | what it costs |
//! |---|---|---|
//! | [`ItemNames::name`](crate::ItemNames::name) | `Some(name)`: `count` of the item are named so, without article or number (`murky potion`, `murky potions`); the host adds `a`/`an` or the number, and the effect's suffix. The name an effect or a veto is told (`ItemUse::name`) is this one too, so "You drink the murky potion" | asked each time an item is named, many times a screen: answer from what you read, quickly |
//! | [`ItemNames::card`](crate::ItemNames::card) | `Some(text)`: the item's card shows it in place of its record's description and of what its role and effect say it does | once a card is drawn |
//! | [`ItemNames::look`](crate::ItemNames::look) (since 1.6) | `Some(look)`: the item is drawn so (glyph and colour in the glyph view, tile in the tile view, beside its name in the pack and on its card) in place of its record's look, so an unknown potion's colour and sprite tell nothing; the tile view tints the tile by the colour when a record with `tint = true` draws with it (the game's `potion` and `scroll`); a look with no printable glyph, an invisible colour or a tile no sheet has is refused (once, on the console) and the record's drawn | asked for every item on screen, every frame: answer quickly |
//! | [`ItemNames::mark`](crate::ItemNames::mark) (since 1.7) | `Some(word)`: the word is written in brackets after the item's name and suffix (`a murky potion [malevolent]`) in the pack, the floor's heaps, the look panel and the morgue; every plugin's mark is written, in load order, not only the first | asked as often as names: answer from what you read, quickly |
//! | [`Ctx::item_kinds`](crate::Ctx::item_kinds) | every item record id of the loaded plugins, sorted | a list |
//! | [`Ctx::run_seed`](crate::Ctx::run_seed) | the run's seed (the same after a load): decide something per run without drawing the run's random numbers | nothing |
//!
//! The identify plugin (`plugins/identify`, `docs/plugins/identify.md`)
//! names every unknown potion and scroll by a look shuffled from the run's
//! seed, and draws it by that look.
//!
//! ### Known kinds, shared (since 1.6)
//!
//! Whether the player knows an item kind is the game's, one answer for
//! every plugin: every kind is known unless a plugin marks it unknown.
//! Mark your own unknown kinds once a run (in `floor_entered`, keeping a
//! stored number that says you did, so a loaded run is not marked again)
//! with [`Ctx::set_kind_known`](crate::Ctx::set_kind_known)`(kind, false)`,
//! name them by a look in your [`ItemNames`](crate::ItemNames) while
//! [`Ctx::kind_known`](crate::Ctx::kind_known) answers `Some(false)`, and
//! make them known with `set_kind_known(kind, true)`. Any plugin may make
//! any kind known: the identify plugin's scroll makes known the first
//! unknown kind in the pack, your ring too, and your names then step
//! aside by themselves. The game saves what is known and unknown with the
//! run, and traces each change as `kind_known` (`kind`, `known`) under the
//! plugin that made it.
//!
//! | call | what it does | what it costs |
//! |---|---|---|
//! | [`Ctx::kind_known`](crate::Ctx::kind_known) | `Some(false)` while a kind is unknown, `Some(true)` else; `None` for a kind no item record has (an older host: `Some(true)` for every kind a record has) | a map lookup; may be asked while drawing |
//! | [`Ctx::set_kind_known`](crate::Ctx::set_kind_known) | a kind known or unknown for the rest of the run (saved): a `kind_known` event when it changes anything; false (one line) for a kind no record has, while drawing, and from an older host | a map lookup |
//! | [`Ctx::unknown_kinds`](crate::Ctx::unknown_kinds) | the kinds unknown now, in name order | a list |
//!
//! ## 5f. A creature's own name and look, and disguises (since 1.6)
//!
//! A monster may go by a name and look of its own over its record's: one
//! record (`risen`) serves every kind a necromancer raises, each named and
//! drawn after what it was. Build the look in plain Rust, every part
//! optional (a part left out is the record's), and read a kind's record
//! with [`Ctx::monster_info`](crate::Ctx::monster_info):
//!
//! ```no_run
//! # use emberdeep_api::*;
//! # fn raise(ctx: &mut Ctx<'_>, death: &Death) -> Option<EntityId> {
//! let fallen = ctx.monster_info(death.victim_kind.as_str())?;
//! let look = CreatureLook::named(&format!("risen {}", fallen.name))
//!     .glyph(fallen.glyph())
//!     .color(Rgba::rgb(170, 215, 160))
//!     .tile(fallen.look.tile.as_str());
//! ctx.spawn_as("risen", death.at, "", &look)
//! # }
//! # fn hide(ctx: &mut Ctx<'_>, lurker: EntityId) {
//! ctx.disguise(lurker, "lurker_boulder"); // a terrain (the host's or a plugin's), or an item kind
//! # }
//! # fn register(reg: &mut Registrar) {
//! # let boulder = TerrainSpec::new("a boulder", Look::new('0', Rgba::rgb(150, 140, 128), "wall"), false, false);
//! reg.terrain("lurker_boulder", boulder, ()).secret_terrain("lurker_boulder");
//! # }
//! ```
//!
//! | call | what it does | what it costs |
//! |---|---|---|
//! | [`Ctx::spawn_as`](crate::Ctx::spawn_as) | [`Ctx::spawn`](crate::Ctx::spawn) with a [`CreatureLook`](crate::CreatureLook): messages, both views, the look panel, the in-sight list and the morgue show its name and look ([`CreatureInfo::name`](crate::CreatureInfo) is it); the trace keeps the record id (`risen#4`) and the `spawn` event gains `name`, `glyph`, `color`, `tile`. `None`, one line, nothing changed, as `spawn`, and for a look the host refuses: a blank name, a plural without a name, a name over 40 characters or with a control character, a glyph that is no printable character, alpha 0, a tile no sheet has and no record names ([`CreatureLook::problem`](crate::CreatureLook::problem) says the rest before you hand it) | a spawn |
//! | [`Ctx::set_look`](crate::Ctx::set_look) | a living monster's name and look from now on, in place of any it had ([`CreatureLook::new`](crate::CreatureLook::new): its record's again); saved with the run; traced `look`. False for the player, nobody, a look refused | a change |
//! | [`Ctx::monster_info`](crate::Ctx::monster_info) | a monster kind's record: name, plural (the name with an `s`), look, health, blow, defense, sight, side, brain | a copy |
//! | [`Ctx::disguise`](crate::Ctx::disguise) | the monster shows as a terrain (`wall`, a plugin's) or an item kind until revealed: the views draw that, the look panel describes it, `monsters_in_view`, the in-sight list, the alarm and the time-savers (rest, explore, travel) do not see it, and no message names it; traced `disguise`. **The host's rule:** the disguise drops when the player steps next to it or into it (that step takes the turn, no blow; "The boulder was a rock-lurker!"), and when it attacks or is attacked; traced `reveal` with the cause | a change |
//! | [`Ctx::reveal`](crate::Ctx::reveal), [`Ctx::disguised_as`](crate::Ctx::disguised_as) | drop the disguise now (no line: the words are yours); what it shows as, if anything | nothing |
//! | [`Registrar::secret_terrain`](crate::Registrar::secret_terrain) | a terrain of yours made only to be disguised as: the help screen's list of terrains leaves it out | nothing |
//! | [`Ctx::called`](crate::Ctx::called) (since 1.7) | how the host's own lines name a creature: "you", "your spirit wolf" (called up for the player), "the allied goblin" (won over), "the goblin"; put it in your plugin's lines (with [`capitalized`](crate::capitalized) to start a sentence) so an ally is never written as the enemy of its kind. From an older host, "the " and its name | a lookup |
//!
//! In the tile view a creature with a look of its own is drawn with its
//! tile tinted by its colour (brightened, so the sprite keeps its light)
//! when no record drawing with that tile has that colour: the risen jackal
//! is the jackal's sprite in a sickly green, as the glyph view draws its
//! pale `j`. A look in a colour its tile's record has keeps the sprite's
//! own colours.
//!
//! Keep a disguised monster still (its brain runs as ever: test
//! `ctx.disguised_as(me)`): the player takes it for a wall or a chest, and
//! a wall that walks gives itself away. `examples/lurkers` raises a risen
//! jackal and hides a rock-lurker as a boulder; `TestGame` keeps the looks
//! given (`game.looks`), the disguises (`game.disguises`), and plays the
//! host's rule with [`TestGame::step_player`](crate::testing::TestGame::step_player).
//!
//! ## 6. Errors and panics
//!
//! Methods return a [`PluginResult`](crate::PluginResult): `?` works on
//! anything that turns into a [`PluginError`](crate::PluginError), text
//! included. An error, or a panic, is caught at the boundary: the host shows
//! it with your plugin's name, traces it as `plugin_error`, and the run goes
//! on. You never write the guard yourself; the registrar wraps every method.
//!
//! ## 7. Trace with `tracing`
//!
//! Write `tracing::info!(monster = me.0, "hesitates")` as anywhere. The
//! [`export_plugin!`](crate::export_plugin) macro installs a bridge that
//! carries your events into the host's trace (`--trace FILE`, events named
//! `log` with `source` your plugin) and its console (`RUST_LOG=info`).
//!
//! ## 8. Test without the game
//!
//! [`testing::TestGame`](crate::testing::TestGame) stands in for the game
//! in a unit test: build a room, put creatures and items in it, call your
//! effect or brain with `game.ctx()`, and read what it did (`game.messages`,
//! `game.attacks`, `game.item_store`...; `game.removed` and `game.placed`
//! for creatures taken out or put somewhere, `game.held`, `game.carried`
//! and `game.laid` for items that stay themselves). Give it your `register`
//! (`TestGame::new(10, 5).with_settings_of(register)`) and your settings
//! read as declared. A view draws on a
//! [`testing::TestCanvas`](crate::testing::TestCanvas), which writes down
//! what it was asked to draw, from a [`Scene`](crate::Scene) built with
//! [`Scene::new`](crate::Scene::new) and its `with_*` methods. Since 1.6
//! a level feature or generator works on a
//! [`testing::TestFloor`](crate::testing::TestFloor) (`TestFloor::made`
//! for a feature's floor), which keeps the terrain, the start, the stairs
//! and the monsters and items asked for.
//!
//! ## 9. Build, drop in, play
//!
//! Headless runs show a plugin at work without a window: `--scenario FILE`
//! sets up a room, a pack and monsters (`docs/scenario.md` in the
//! repository), `--keys "i a Enter 5*."` plays keys (`docs/keys.md`), and
//! `--trace FILE` writes every event, yours included.
//!
//! ```sh
//! cargo build
//! cp target/debug/liblantern.so PLUGINS/ && cp -r data/lantern PLUGINS/
//! emberdeep --plugin-dir PLUGINS --list-plugins
//! emberdeep --plugin-dir PLUGINS --plugins core_combat,lantern
//! ```
//!
//! ## 10. Testing and debugging your plugin
//!
//! * **Scenario tests.** A scenario file can carry `[keys]` to press and
//!   `[expect]` lines that must then hold: trace events with their fields
//!   (`event attack source=lantern target=goblin#1 damage=3..6`), messages
//!   (`message "glows"`), a creature at the end (`goblin#1 dead`,
//!   `player alive hp=10..`, `goblin#1 has=dazzled`), the floor, the pack
//!   (`pack glow_stone=1`). `emberdeep check FILE...` plays them headless and
//!   prints each failure with its line, the turn and the nearest events; it
//!   exits 1 on a failure. The template's `tests/scenario.rs` runs its
//!   `tests/*.txt` this way from `cargo test`, finding the game from the
//!   `EMBERDEEP` variable (the `emberdeep` executable) or the `PATH`.
//! * **Traces.** `--trace FILE` keeps every event and key.
//!   `emberdeep trace events FILE --source lantern --turns 10..20` picks
//!   events out (`--event`, `--field target=goblin#2` too);
//!   `emberdeep trace diff A B` shows where two runs part and the key that
//!   led there in each; `--replay FILE` plays a trace, a recording or a
//!   save again.
//!
//! ```sh
//! EMBERDEEP=~/emberdeep/target/debug/emberdeep cargo test
//! emberdeep --plugin-dir PLUGINS check tests/*.txt
//! emberdeep --plugin-dir PLUGINS --scenario tests/glow.txt --keys "i a Enter" --headless --trace run.jsonl
//! emberdeep trace events run.jsonl --source lantern --readable
//! ```
//!
//! From api 1.0 on, a plugin built against any 1.x loads into a game of
//! any other 1.y: an older plugin's missing methods run their defaults in a
//! newer game, and a newer plugin's extra methods are never called by an
//! older game. A plugin built against another major version (or an api
//! whose types were changed) is refused with one line naming it, its api
//! version and the game's, and the full report is written under the game's
//! data folder (`reports/`): rebuild it against the api the game has. A plugin is native code with all of the player's rights: the
//! host refuses what is malformed or incompatible, it does not sandbox.
