//! The record files' JSON Schema as committed (`docs/records.schema.json`)
//! and their reference (`docs/records.md`), both made from
//! [`raw::json_schema`] (and the host's [`SETTINGS`] table), so that
//! neither can say something the loader does not do. A test
//! (`tests/records_schema.rs`) compares each committed file with what is
//! made here; `EMBERDEEP_BLESS=1` writes them anew.

use serde_json::Value;

use crate::data::numbers::SETTINGS;
use crate::data::records::raw;
use crate::data::records::{ItemRole, MonsterTrait};

/// `docs/records.schema.json`: the schema, pretty-printed, with a newline at the end.
pub fn schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&raw::json_schema()).expect("a schema is JSON");
    text.push('\n');
    text
}

/// The kinds of record in the reference: the definition's name in the
/// schema (empty for the file itself) and the section's title.
const KINDS: [(&str, &str); 8] = [
    ("", "The file"),
    ("monster", "`[[monster]]`: a kind of monster"),
    ("ranged", "`ranged`: a monster's attack from afar"),
    ("carried", "`carries`: what a monster carries"),
    ("carried_by", "`[[carried_by]]`: an item another plugin's monster carries"),
    ("item", "`[[item]]`: a kind of item"),
    ("deeper", "`deeper`: a monster's or item's frequency deeper down"),
    ("piece", "`[[piece]]`: a map piece"),
];

/// `docs/records.md`: the guide to the record files, then a table and the
/// meaning of every field of every kind of record, from the schema.
pub fn reference() -> String {
    let schema = raw::json_schema();
    let mut out = String::from(GUIDE);
    out.push_str(&roles());
    out.push_str(TRAITS_GUIDE);
    out.push_str(&traits());
    out.push_str(DESCRIPTION_GUIDE);
    out.push_str(REFERENCE_INTRO);
    for (name, title) in KINDS {
        let kind = if name.is_empty() { &schema } else { &schema["definitions"][name] };
        assert!(kind.is_object(), "the schema defines {name}");
        out.push_str(&kind_section(title, kind));
    }
    out.push_str(&host_settings());
    out.push_str(UPKEEP);
    out
}

/// One kind of record: its description, a table of its fields, then what each means.
fn kind_section(title: &str, kind: &Value) -> String {
    let mut out = format!("\n### {title}\n\n{}\n\n", text(&kind["description"]));
    out.push_str("| field | type | values | when left out |\n|---|---|---|---|\n");
    let required: Vec<&str> =
        kind["required"].as_array().map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let fields = kind["properties"].as_object().expect("a kind of record has fields");
    for (field, schema) in fields {
        let (ty, values) = type_and_values(schema);
        let left_out = if required.contains(&field.as_str()) {
            "required".to_string()
        } else {
            schema.get("default").map_or_else(|| "see its meaning".to_string(), |d| format!("`{}`", toml_value(d)))
        };
        out.push_str(&format!("| `{field}` | {ty} | {values} | {left_out} |\n"));
    }
    out.push('\n');
    for (field, schema) in fields {
        out.push_str(&format!("- **`{field}`**: {}\n", text(&schema["description"])));
    }
    out
}

/// What sort of value a field holds, and the values it may take, in words.
fn type_and_values(schema: &Value) -> (String, String) {
    let range = |s: &Value| match (s.get("minimum"), s.get("maximum")) {
        (Some(min), Some(max)) => format!("{min} to {max}"),
        _ => "any".to_string(),
    };
    if let Some(target) = definition_of(schema) {
        return (format!("table ([below](#{}))", section_of(target)), "its fields".into());
    }
    let names = |values: &Value| -> Vec<String> {
        values.as_array().into_iter().flatten().map(|n| format!("`{}`", text(n))).collect()
    };
    match schema["type"].as_str() {
        Some("integer") => ("whole number".into(), range(schema)),
        Some("boolean") => ("`true` or `false`".into(), "either".into()),
        Some("string") if schema.get("enum").is_some() => {
            ("name".into(), format!("one of {}", names(&schema["enum"]).join(", ")))
        }
        Some("string") if schema.get("maxLength") == Some(&Value::from(1)) => ("text".into(), "one character".into()),
        Some("string") if schema.get("maxLength").is_some() => {
            ("text".into(), format!("up to {} characters", schema["maxLength"]))
        }
        Some("string") => match schema.get("pattern") {
            Some(p) => ("text".into(), format!("matching `{}`", text(p))),
            None => ("text".into(), "see its meaning".into()),
        },
        Some("object") if schema["additionalProperties"]["type"] == "string" => {
            ("table of `\"character\" = \"text\"`".into(), "see its meaning".into())
        }
        Some("object") => {
            ("table of `name = whole number`".into(), format!("each {}", range(&schema["additionalProperties"])))
        }
        Some("array") => {
            let items = &schema["items"];
            if let Some(target) = definition_of(items) {
                return (format!("list of tables ([below](#{}))", section_of(target)), "their fields".into());
            }
            match (items["type"].as_str(), schema.get("minItems").and_then(Value::as_u64)) {
                (Some("integer"), Some(2)) => {
                    ("two whole numbers".into(), format!("each {}, the first not above the second", range(items)))
                }
                (Some("integer"), Some(3)) => ("three whole numbers".into(), format!("each {}", range(items))),
                (Some("string"), _) if items.get("enum").is_some() => {
                    let once =
                        if schema.get("uniqueItems") == Some(&Value::Bool(true)) { ", each at most once" } else { "" };
                    ("list of names".into(), format!("any of {}{once}", names(&items["enum"]).join(", ")))
                }
                (Some("string"), _) if items.get("maxLength").is_some() => (
                    "list of rows of text".into(),
                    format!(
                        "{} to {} rows of {} to {} characters",
                        schema["minItems"], schema["maxItems"], items["minLength"], items["maxLength"]
                    ),
                ),
                (Some("string"), _) => ("list of names".into(), "any".into()),
                _ => ("list".into(), "any".into()),
            }
        }
        other => panic!("the reference has no words for a field of type {other:?}: {schema}"),
    }
}

/// The definition a schema points to (`monster`), directly or through `allOf`.
fn definition_of(schema: &Value) -> Option<&str> {
    let direct = schema.get("$ref").and_then(Value::as_str);
    let through = || schema.get("allOf")?.get(0)?.get("$ref")?.as_str();
    direct.or_else(through).map(|r| r.trim_start_matches("#/definitions/"))
}

/// The anchor of a kind's section: its title as a Markdown viewer makes one
/// (lower case, punctuation dropped, spaces as `-`).
fn section_of(name: &str) -> String {
    let (_, title) = KINDS.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("{name} is a kind"));
    title
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// A JSON value as it would be written in TOML.
fn toml_value(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        Value::Array(items) => format!("[{}]", items.iter().map(toml_value).collect::<Vec<_>>().join(", ")),
        Value::Object(map) if map.is_empty() => "{}".into(),
        other => other.to_string(),
    }
}

/// A string of the schema, as it stands.
fn text(v: &Value) -> String {
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

/// The table of item roles.
fn roles() -> String {
    let mut out = String::from("| role | what the item is |\n|---|---|\n");
    for role in ItemRole::ALL {
        out.push_str(&format!("| `{}` | {} |\n", role.as_str(), role.meaning()));
    }
    out
}

/// The table of monster traits.
fn traits() -> String {
    let mut out = String::from("| trait | what the monster does |\n|---|---|\n");
    for t in MonsterTrait::ALL {
        out.push_str(&format!("| `{}` | {} |\n", t.as_str(), t.meaning()));
    }
    out
}

/// The table of the host's own settings, from [`SETTINGS`].
fn host_settings() -> String {
    let mut out = String::from(HOST_INTRO);
    out.push_str("| setting | when left out | range |\n|---|---|---|\n");
    for s in SETTINGS {
        out.push_str(&format!("| `{}` | `{}` | {} to {} |\n", s.name, s.default, s.min, s.max));
    }
    out
}

/// The guide before the tables: the files, spawning, and the fields that
/// need more than a line.
const GUIDE: &str = r#"# Records: the data files of plugins

<!-- This file is made by the engine (emberdeep_engine::data::records_doc) from the
types the record loader reads; do not edit it by hand. After changing a
record field, write it anew with
`EMBERDEEP_BLESS=1 cargo test -p emberdeep_engine --test records_schema`. -->

Monsters, items and many numbers of the rules are not in the code: they are
records in TOML files that the game reads at start. This page says what a
record file may hold, what every field means, and how the host uses it. The
last part, [Every field](#every-field), is a table of every field with its
type, its range and its value when left out.

## The files

Each plugin's records are in its own folder, `data/<plugin>/`, in any
number of files ending in `.toml`, read in the order of their names. The
folder is named after the plugin (`data/ranged_combat/` for the
`ranged_combat` plugin). A plugin dropped into the plugin folder by someone
else may instead keep its records in a folder named after it beside its
library (`plugins/libconfusion.so` and `plugins/confusion/items.toml`).
Only the folders of the plugins loaded are read; `data/host/` is always
read and holds the host's own settings (see
[The host's settings](#the-hosts-settings)). A plugin with neither folder
has no records; a folder that is there but cannot be read (a FIFO, a link
to nothing or to itself, a folder the game may not list) stops the start,
naming the folder and the plugin: a plugin never plays without its records
unsaid.

`data/host/goal.toml` holds the host's own goal record, the ember-heart
(`ember_heart`), whose `floors` says which floor is the deepest. It is the
host's, not a plugin's, so every plugin set has it; without it no run could
be won, and the game refuses to start (`--list-plugins` lists the plugins,
then says so).

A file holds up to three things, each optional:

```toml
[settings]            # the plugin's own numbers
hit_near = 95

[[monster]]           # one table per kind of monster
id = "archer"
# ...

[[item]]              # one table per kind of item
id = "arrows"
# ...
```

Every record is checked when the game starts, before anything is played.
A mistake stops the start with one line naming the file, the line and the
field, and saying what is wrong: a field the loader does not know (with the
nearest known name), a number out of its range, a brain, effect or ranged
kind that no loaded plugin registered, an id used twice, a TOML syntax
error (what is wrong, then what was expected, on the same line). What the
line repeats of the file is cut at 80 characters for a name and 1,000 for
the rest, with the length said (`gggg… (1048578 characters)`).

## Checking a file as you type

`docs/records.schema.json` is a JSON Schema (draft 7) of a record file,
made from the same types the loader reads: every field, its type, its
range, its default and its meaning, and no other field. An editor that
checks TOML against a schema (taplo, and Even Better TOML, which is built
on it) then marks a mistake as you type and shows each field's meaning.
Editors differ in how they are told which schema a file follows; with
taplo, either put this comment on the first line of a record file, with
the path from that file to the schema:

```toml
#:schema ../../docs/records.schema.json
```

or, for every record file at once, a `.taplo.toml` at the top of the
repository:

```toml
[[rule]]
include = ["data/**/*.toml"]
exclude = ["data/host/**"]

[rule.schema]
path = "docs/records.schema.json"
```

The schema knows less than the loader: it cannot know which brains,
effects and ranged kinds the plugins register, which settings a plugin
declares, whether the first number of a `[least, most]` pair is above the
second, or which tiles the atlas has. The game still checks all of these
when it starts. The schema is for plugin folders; the host's
`data/host/rules.toml` holds only settings, whose names and ranges are in
[The host's settings](#the-hosts-settings) (the schema takes that file too,
but holds its numbers only to the plain rule of any plugin's settings).

## Where and how often things are found

When a floor is made, each room but the first (where the player starts)
gets up to `monsters_per_room` monsters (one more for every 3 floors down,
never more than `monsters_per_room_most`) and up to `items_per_room`
items, all host settings. Each is picked at random among the kinds whose
`floors` include that floor:

- `floors = [first, last]` are the floors a kind may be placed on, both
  counted: `[1, 3]` is floors 1, 2 and 3.
- `frequency` is the kind's weight in that pick: among the kinds of a
  floor, one of frequency 10 comes up twice as often as one of 5. Left out,
  it is 1.
- `deeper = [{ from = 5, frequency = 6 }, { from = 9, frequency = 3 }]`
  changes the weight with depth: from floor 5 it is 6, from floor 9 it
  is 3; above floor 5, `frequency`. Each `from` is deeper than the one
  before and within `floors`. Use it for a kind that should grow rarer (or
  commoner) as the floors below bring other things.
- `found = [least, most]` (items only) is how many lie in the heap: the
  number is rolled between the two, both counted. Left out, one.

When no kind of a floor has a frequency above 0, the room gets none of
that sort.

### A record that is never placed

`frequency = 0` means the kind is never placed when a floor is made: its
weight is 0, so the pick never lands on it. The record is still loaded and
checked, and still exists for everything else: a scenario may put one on
the map, a plugin may place an item of the kind (`place_item`), and a save
may hold one. Use it for things that only a plugin or a scenario makes.

## Records that need another plugin

A record whose brain, effect or ranged kind is registered by some plugin
must name a registered one, or the game refuses to start. When that plugin
may be left out of `--plugins`, write `needs = ["that_plugin"]` in the
record: then, without that plugin, the record is skipped (it never
appears), and with it, it is read as usual. The shipped files need none,
since each plugin's records name only its own registrations; the host's
message for an unknown name suggests `needs` when it might be the cause.

## Names in messages

An item has a `name` (one) and a `plural` (several), and an `article`, the
word before the name of one: "a potion of healing", "an arrow", "plate
armor", "3 potions of healing". Left out, the plural is the name with an
`s`, and the article is `an` before a name starting with a vowel and `a`
before any other; write `plural` when adding an `s` is wrong ("potions of
healing", "suits of chain mail") and `article = ""` for a name that takes
none ("leather armor"). A monster has only a `name`: messages say "the
jackal" or "a jackal".

## Fighting numbers

A monster's `hp` is its health when placed; `damage = [least, most]` is
the roll of its blow; `defense` is its armor. The host applies what a
plugin decides: with the shipped plugins, a blow or a missile does its roll
less the defender's defense, never less than 1, while lightning and fire
ignore armor. A plugin of your own may use these numbers differently.

### Attacks from afar: `ranged`

A monster with a `ranged` entry may also attack from afar:

```toml
ranged = { kind = "arrows", damage = [2, 7], range = 7, every = 1 }
```

- `kind` names a ranged kind that a loaded plugin registered (`arrows`,
  `lightning`, `fire` come with `ranged_combat`).
- `damage` is the roll of one attack, `range` the furthest the player may
  be, in steps (a diagonal step counts as one).
- `every` is the number of turns from one attack from afar to the next: 1
  is every turn, 5 once in five turns. Left out, 1.

The host does not decide when a monster attacks from afar: the monster's
brain asks for it (the brains `keeps_distance` and `ranged_melee` of
`ranged_combat` do), and the host hands the record's numbers to the ranged
kind named, which decides whether to attack. So `every` is kept by the
ranged kind, not by the host: the three kinds of `ranged_combat` keep, for
each monster, the turn from which it may attack from afar again (the turn
of its last attack plus `every`, in the host's store), and also need the
player in range, in sight and with a clear line of fire. A ranged kind of
another plugin must count `every` itself, or ignores it.

## Stacks

`stacks = true` means several of the kind share one pack slot and one heap
on the floor (up to 9999 in one): potions, scrolls, arrows. Left out, each
one takes a pack slot of its own, a floor cell holding one takes nothing
else, and `g` on a heap of them takes as many as the pack has slots for. Weapons, armor and
bows do not stack.

## Params

`params` are numbers that the host does not read: it hands them, by name,
to the item's effect when the item is used (and to any plugin that asks
about the item). Which names mean something is up to the plugins that read
them. What the host shows or decides from them, it asks the effect: the
lines of the item's card (`ItemEffect::facts`: "Damage 2-6.") and what the
item would give as gear, which the bot compares (`ItemEffect::gear`: a
weapon's blow, armor's defense). The shipped plugins read these:

| params | read by (plugin) | meaning |
|---|---|---|
| `amount` | `heal` (core_combat) | the health a potion gives back |
| `damage_min`, `damage_max` | `wield` (equipment) | a weapon's blow |
| `defense`, `noise` | `wear` (equipment) | armor, and the noise of each step in it |
| `throwable`, `thrown_min`, `thrown_max` | `t`, `throw` (ranged_combat) | 1: it can be thrown with `t`; what it does thrown |
| `shot_min`, `shot_max`, `range` | `bow` (ranged_combat) | what its arrows do, how far they fly |
| `break_one_in` | `quiver` (ranged_combat) | one arrow in this many breaks where it lands |
| `range`, `bolt_min`, `bolt_max` | `lightning` (ranged_combat) | the bolt's reach and what it does |
| `range`, `radius`, `burn_min`, `burn_max`, `loudness` | `fireball` (fireball) | the scroll's flight, burst and noise |

Each is a whole number from 0 to 1000000, and a name ending in `_min` may
not be above the same name ending in `_max`. The same rules hold for a
plugin's `[settings]`; a plugin may also declare its settings, with a
default and a range for each, and then a setting its files leave out reads
as its default, and one it did not declare, or one out of its range, is
refused with the nearest declared name.

## Roles

`role` says what an item is for, in words that the host and the bot can
read without knowing the plugin behind the item's effect (which item heals,
which is a weapon to wield, which is fired from a bow). The loader keeps it
with the item's record. It changes nothing about what the effect does: that
is still the effect's own business. Left out, the role is `none`, and no
assumption is made. A name not in this table is refused, with the nearest
one suggested.

"#;

const TRAITS_GUIDE: &str = r#"
## Traits

`traits` lists what a monster can do that the host rules on, by name:
`traits = ["opens_doors", "tracks"]`. A name not in this table is refused,
naming the file, the line, the monster and the name, with the nearest
trait suggested; so is a name listed twice. Left out, a monster has none:
it cannot open a closed door, and it forgets the player as soon as it
loses sight of it.

"#;

const DESCRIPTION_GUIDE: &str = r#"
## Descriptions

`description` is a sentence or two, shown by the look mode for a monster
and on the item's card for an item: what the thing is and what a player
should know of it (what it does from afar, whether it stacks, what using
it does). At most 500 characters; left out, it is empty, but every shipped
record has one, and a test holds them to it.

"#;

const REFERENCE_INTRO: &str = r#"
## Every field

Each kind of record, its fields in the order the loader knows them, and
what each means. A required field must be written; the others may be left
out, and then take the value shown, or what their meaning says. A field
not listed here is an error.
"#;

const HOST_INTRO: &str = r#"
## The host's settings

`data/host/rules.toml` holds only a `[settings]` table, with the host's own
numbers: names other than these are refused, with the nearest one
suggested, and each is held to its range. What each does is said beside it
in that file.

"#;

const UPKEEP: &str = r#"
## Keeping this page and the schema up to date

This page and `docs/records.schema.json` are made by the engine from the
types the loader reads, their doc comments and the loader's own ranges
(`host/engine/src/data/records/raw.rs`), and the table of host settings
(`host/engine/src/data/numbers.rs`). A test (`host/engine/tests/records_schema.rs`)
fails when either committed file differs from what the code makes. After
changing a field, write both anew and commit them:

```sh
EMBERDEEP_BLESS=1 cargo test -p emberdeep_engine --test records_schema
```

The same test checks that the schema takes every shipped record file under
`data/` and refuses broken ones.
"#;
