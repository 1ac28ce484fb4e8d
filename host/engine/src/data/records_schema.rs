//! The pieces of the record files' JSON Schema that the raw types of
//! [`records::raw`](crate::data::records::raw) cannot say by their Rust types alone: a
//! number's range and default, a `[least, most]` pair, a colour, a glyph, an
//! id. Each is a type that is never built, only named in a
//! `#[schemars(with = "...")]` on a raw field, with the same constants the
//! loader checks that field against; and the generator's settings.
//!
//! This module names no other module of the crate: `records::raw` uses it, and
//! `records_doc` turns the schema into `docs/records.schema.json` and
//! `docs/records.md`.

use std::borrow::Cow;

use schemars::generate::SchemaSettings;
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};

/// The generator of the records' schema: JSON Schema draft 7, the draft
/// that TOML editors (taplo, Even Better TOML) read best.
pub fn generator() -> SchemaGenerator {
    SchemaSettings::draft07().into_generator()
}

/// Tidies a generated schema for TOML: drops `null` from every type and
/// every list of values (a TOML file cannot hold one, and an optional field
/// is one left out, which `required` already says); makes each
/// `description` one line per paragraph; puts the root's `$schema`, `title`
/// and `description` first.
pub fn tidy(value: &mut serde_json::Value) {
    drop_null(value);
    if let serde_json::Value::Object(map) = value {
        let first = ["$schema", "title", "description"];
        let mut tidied: serde_json::Map<String, serde_json::Value> =
            first.iter().filter_map(|k| map.remove(*k).map(|v| (k.to_string(), v))).collect();
        tidied.append(map);
        *map = tidied;
    }
}

fn drop_null(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            if let Some(Value::Array(values)) = map.get_mut("enum") {
                values.retain(|v| !v.is_null());
            }
            if let Some(Value::String(text)) = map.get_mut("description") {
                *text = one_line_per_paragraph(text);
            }
            for key in ["anyOf", "oneOf"] {
                let Some(Value::Array(options)) = map.get_mut(key) else { continue };
                options.retain(|o| *o != serde_json::json!({ "type": "null" }));
                if options.len() != 1 {
                    continue;
                }
                let only = options.remove(0);
                map.remove(key);
                match only {
                    // Draft 7 ignores what stands beside a `$ref`: keep it apart.
                    Value::Object(inner) if inner.contains_key("$ref") => {
                        map.insert("allOf".into(), Value::Array(vec![Value::Object(inner)]));
                    }
                    Value::Object(inner) => {
                        for (k, v) in inner {
                            map.entry(k).or_insert(v);
                        }
                    }
                    other => {
                        map.insert("allOf".into(), Value::Array(vec![other]));
                    }
                }
            }
            map.values_mut().for_each(drop_null);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null),
        _ => {}
    }
}

/// A doc comment's lines joined with spaces, paragraphs apart by a blank line.
fn one_line_per_paragraph(text: &str) -> String {
    let paragraphs: Vec<String> = text
        .split("\n\n")
        .map(|p| p.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect();
    paragraphs.join("\n\n")
}

/// A whole number from `MIN` to `MAX`.
pub struct Int<const MIN: i64, const MAX: i64>;

impl<const MIN: i64, const MAX: i64> JsonSchema for Int<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Int_{MIN}_{MAX}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "minimum": MIN, "maximum": MAX })
    }
}

/// A whole number from `MIN` to `MAX`, `DEFAULT` when left out.
pub struct IntOr<const MIN: i64, const MAX: i64, const DEFAULT: i64>;

impl<const MIN: i64, const MAX: i64, const DEFAULT: i64> JsonSchema for IntOr<MIN, MAX, DEFAULT> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Int_{MIN}_{MAX}_or_{DEFAULT}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "minimum": MIN, "maximum": MAX, "default": DEFAULT })
    }
}

/// `[least, most]`: two whole numbers from `MIN` to `MAX` (that the first
/// is not above the second, a schema cannot say; the loader checks it).
pub struct Pair<const MIN: i64, const MAX: i64>;

fn pair(min: i64, max: i64) -> Schema {
    json_schema!({
        "type": "array",
        "items": { "type": "integer", "minimum": min, "maximum": max },
        "minItems": 2,
        "maxItems": 2,
    })
}

impl<const MIN: i64, const MAX: i64> JsonSchema for Pair<MIN, MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Pair_{MIN}_{MAX}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        pair(MIN, MAX)
    }
}

/// A [`Pair`] that is `[LEAST, MOST]` when left out.
pub struct PairOr<const MIN: i64, const MAX: i64, const LEAST: i64, const MOST: i64>;

impl<const MIN: i64, const MAX: i64, const LEAST: i64, const MOST: i64> JsonSchema for PairOr<MIN, MAX, LEAST, MOST> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Pair_{MIN}_{MAX}_or_{LEAST}_{MOST}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let mut schema = pair(MIN, MAX);
        schema.insert("default".into(), serde_json::json!([LEAST, MOST]));
        schema
    }
}

/// `[red, green, blue]`, each from 0 to 255.
pub struct Color;

impl JsonSchema for Color {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Color".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "array",
            "items": { "type": "integer", "minimum": 0, "maximum": 255 },
            "minItems": 3,
            "maxItems": 3,
        })
    }
}

/// One character.
pub struct Glyph;

impl JsonSchema for Glyph {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Glyph".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "string", "minLength": 1, "maxLength": 1 })
    }
}

/// A record's id: 1 to 64 letters, digits or `_`.
pub struct Id;

impl JsonSchema for Id {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        "Id".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "string", "pattern": "^[A-Za-z0-9_]{1,64}$" })
    }
}

/// A table of a plugin's own numbers (`[settings]`, an item's `params`):
/// any names, each a whole number from 0 to `MAX`; empty when left out.
pub struct Numbers<const MAX: i64>;

impl<const MAX: i64> JsonSchema for Numbers<MAX> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        format!("Numbers_{MAX}").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "object",
            "additionalProperties": { "type": "integer", "minimum": 0, "maximum": MAX },
            "default": {},
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_leaves_every_type_and_every_choice_and_descriptions_are_one_line() {
        let mut v = serde_json::json!({
            "a": { "type": ["integer", "null"], "minimum": 1 },
            "b": { "anyOf": [{ "$ref": "#/definitions/X" }, { "type": "null" }], "description": "x\ny\n\nz" },
            "c": { "type": ["string", "integer", "null"], "enum": ["p", "q", null] },
            "title": "t",
        });
        tidy(&mut v);
        let tidied = serde_json::json!({
            "title": "t",
            "a": { "type": "integer", "minimum": 1 },
            "b": { "allOf": [{ "$ref": "#/definitions/X" }], "description": "x y\n\nz" },
            "c": { "type": ["string", "integer"], "enum": ["p", "q"] },
        });
        assert_eq!(v, tidied);
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["title", "a", "b", "c"], "the root's title comes first");
    }
}
