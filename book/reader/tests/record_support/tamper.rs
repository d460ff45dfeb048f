//! Records changed by one field, or by a line dropped or doubled, for the
//! tests that check a reader never panics on what no search wrote.

use proptest::prelude::*;
use serde_json::Value;

/// Values a field is changed to: the edges of each number's type, the
/// issue's levels, moves legal and not, positions with no king, names of
/// other events, and values of the wrong type.
pub fn strange_values() -> Vec<Value> {
    let numbers: [f64; 16] = [
        0.0,
        1.0,
        -1.0,
        2.0,
        3.0,
        129.0,
        130.0,
        65_535.0,
        10_000_000.0,
        2_147_483_647.0,
        -2_147_483_648.0,
        4_294_967_295.0,
        4_294_967_296.0,
        9.223_372_036_854_776e18,
        1e300,
        -0.5,
    ];
    let texts = [
        "",
        "e2e4",
        "d7d5",
        "a1a1",
        "e7e8q",
        "e2e4e5",
        "node",
        "result",
        "search",
        "report",
        "cut",
        "moves",
        "main",
        "quiescence",
        "reduced",
        "\u{0}",
        "é",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/7K w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    ];
    let mut values: Vec<Value> = numbers
        .iter()
        .map(|&number| {
            if number.fract() == 0.0 && number.abs() < 9e18 {
                Value::from(number as i64)
            } else {
                Value::from(number)
            }
        })
        .collect();
    values.push(Value::from(u64::MAX));
    values.extend(texts.iter().map(|&text| Value::from(text)));
    values.push(Value::from("x".repeat(5_000)));
    values.extend([
        Value::Null,
        Value::Bool(true),
        Value::Array(Vec::new()),
        Value::Object(Default::default()),
    ]);
    values
}

/// Every field of a line, nested ones included, by its path of keys and
/// places.
fn fields(value: &Value, at: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                at.push(key.clone());
                found.push(at.clone());
                fields(inner, at, found);
                at.pop();
            }
        }
        Value::Array(items) => {
            for (place, inner) in items.iter().enumerate().take(4) {
                at.push(place.to_string());
                fields(inner, at, found);
                at.pop();
            }
        }
        _ => {}
    }
}

fn field_mut<'a>(value: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |value, key| match value {
        Value::Object(map) => map.get_mut(key),
        Value::Array(items) => items.get_mut(key.parse::<usize>().ok()?),
        _ => None,
    })
}

/// How a record is changed.
#[derive(Clone, Debug)]
pub enum Change {
    /// One field of one line given a value of [`strange_values`], or its
    /// own number plus `step` (which may make a number a string's size).
    Field {
        line: usize,
        field: usize,
        strange: usize,
        step: Option<i64>,
    },
    /// One line left out.
    Dropped(usize),
    /// One line written twice.
    Doubled(usize),
}

pub fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        6 => (any::<usize>(), any::<usize>(), any::<usize>(), proptest::option::of(-3..=3i64))
            .prop_map(|(line, field, strange, step)| Change::Field { line, field, strange, step }),
        1 => any::<usize>().prop_map(Change::Dropped),
        1 => any::<usize>().prop_map(Change::Doubled),
    ]
}

/// The record's lines with `change` made, as bytes.
pub fn changed(lines: &[String], change: &Change) -> Vec<u8> {
    let mut lines = lines.to_vec();
    match *change {
        Change::Field {
            line,
            field,
            strange,
            step,
        } => {
            let line = line % lines.len();
            let mut value: Value = serde_json::from_str(&lines[line]).unwrap();
            let mut found = Vec::new();
            fields(&value, &mut Vec::new(), &mut found);
            let path = &found[field % found.len()];
            let target = field_mut(&mut value, path).unwrap();
            let stepped = step.and_then(|step| target.as_i64().map(|n| n.saturating_add(step)));
            *target = match stepped {
                Some(number) => Value::from(number),
                None => {
                    let values = strange_values();
                    values[strange % values.len()].clone()
                }
            };
            lines[line] = value.to_string();
        }
        Change::Dropped(line) => {
            lines.remove(line % lines.len());
        }
        Change::Doubled(line) => {
            let line = line % lines.len();
            lines.insert(line, lines[line].clone());
        }
    }
    (lines.join("\n") + "\n").into_bytes()
}
