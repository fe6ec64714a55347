//! The guide of a sweep: one rules number over several values, each group's win rates (seats,
//! houses, bots) side by side and charted across the values, and the value that levels each.

use std::path::Path;

use crate::charts::{Series, lines};
use crate::document::Block;
use crate::guide::{GuideError, capitalised, chart, percent, write_document};
use crate::letters::letter_name;
use crate::schema::{self, Row, SweepLetterRow, SweepRow};

/// One row of sweep.csv: a name's figures at one value.
#[derive(Debug, Clone)]
struct Point {
    value: String,
    group: String,
    name: String,
    rate: f64,
    low: f64,
    high: f64,
    /// A house's edge over its seats, where the table has one.
    edge: Option<f64>,
}

/// Reads `dir/sweep.csv` and writes its guide into `out` (guide.md, guide.html, charts/).
pub fn write_sweep_guide(dir: &Path, out: &Path) -> Result<(), GuideError> {
    let rows = schema::read::<SweepRow>(dir)?;
    let key = rows.first().map(|row| row.key.clone()).unwrap_or_default();
    let points: Vec<Point> = rows.into_iter().map(Point::from).collect();
    let mut values: Vec<String> = Vec::new();
    for point in &points {
        if !values.contains(&point.value) {
            values.push(point.value.clone());
        }
    }
    let numeric: Option<Vec<f64>> = values.iter().map(|v| v.parse().ok()).collect();
    let mut blocks = vec![Block::Paragraph(format!(
        "{key} was set to {} in turn, one run each with the same bots and seeds (each run's \
         own guide is in {key}=VALUE/guide). Win rates count a tie as half a win; intervals are \
         Wilson 95% intervals.",
        values.join(", ")
    ))];
    for (group, heading) in [("seat", "Seats"), ("house", "Houses"), ("bot", "Bots")] {
        let rows: Vec<&Point> = points.iter().filter(|p| p.group == group).collect();
        // A mirror match's one bot wins its share at every value: nothing to show.
        if names(&rows).len() < 2 {
            continue;
        }
        blocks.push(Block::Heading(heading.into()));
        blocks.push(Block::Paragraph(verdict(&key, group, &values, &rows)));
        blocks.push(value_table(group, &values, &rows));
        let x = |value: &str| {
            let index = values.iter().position(|v| v == value).unwrap_or(0);
            numeric.as_ref().map_or(index as f64, |xs| xs[index])
        };
        let series: Vec<Series> = names(&rows)
            .into_iter()
            .map(|name| Series {
                label: name.to_string(),
                points: rows
                    .iter()
                    .filter(|p| p.name == name)
                    .map(|p| (x(&p.value), p.rate))
                    .collect(),
            })
            .collect();
        let x_desc = if numeric.is_some() {
            key.clone()
        } else {
            format!("{key} (values in the table's order, from 0)")
        };
        blocks.push(chart(
            &format!("{group}s.svg"),
            &format!("Win rate by {group} for each value of {key}"),
            lines(
                &format!("Win rate by {group}"),
                &x_desc,
                "win rate",
                &series,
            ),
        )?);
    }
    if dir.join(SweepLetterRow::FILE).exists() {
        letter_section(dir, &key, numeric.is_some(), &mut blocks)?;
    }
    let title = format!("Owlery sweep: {key} = {}", values.join(", "));
    write_document(out, &title, &blocks)
}

/// How the swept letter fared at each value: how many were placed, how many were left at
/// the end, and what its plays scored.
fn letter_section(
    dir: &Path,
    key: &str,
    numeric: bool,
    blocks: &mut Vec<Block>,
) -> Result<(), GuideError> {
    let rows = schema::read::<SweepLetterRow>(dir)?;
    let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
        return Ok(());
    };
    let letter = first.letter.clone();
    // Rummy counts the cards left in hand at each round's end.
    let by_round = first.left_at == "round_end";
    let (held_when, at_end) = if by_round {
        (
            "when a round ends (summed over a game's rounds)",
            "at a round's end",
        )
    } else {
        ("when the game ends", "at the end")
    };
    let name = letter_name(&letter);
    // At a sentence's start: "The blank", where `capitalised` would write "The Blank".
    let name_first = if letter == "?" { "The blank" } else { name };
    blocks.push(Block::Heading(format!("{name_first} across the values")));
    let at = |row: &SweepLetterRow| {
        format!(
            "{} of its copies are still held {held_when}, and the plays placing one score {:.1} points against {:.1} for the rest",
            percent(row.left_share.0),
            row.points_per_play_with.0,
            row.points_per_play_without.0
        )
    };
    let mut text = format!(
        "What {key} does to {name} itself. With {key} at {}, {}.",
        first.value,
        at(first)
    );
    if rows.len() > 1 {
        text += &format!(" At {}, {}.", last.value, at(last));
    }
    text += if by_round {
        " A card held costs its holder its points only under a Round card that subtracts the \
         cards left over."
    } else {
        " A letter held at the end costs its holder its points."
    };
    blocks.push(Block::Paragraph(text));
    blocks.push(Block::Table {
        header: [
            key,
            "placed a game",
            "share placed",
            &format!("share left {at_end}"),
            "points a play placing it",
            "points a play without",
        ]
        .map(String::from)
        .to_vec(),
        rows: rows
            .iter()
            .map(|row| {
                vec![
                    row.value.clone(),
                    format!("{:.2}", row.placed_per_game.0),
                    percent(row.placed_share.0),
                    percent(row.left_share.0),
                    format!("{:.1}", row.points_per_play_with.0),
                    format!("{:.1}", row.points_per_play_without.0),
                ]
            })
            .collect(),
    });
    let x = |i: usize, value: &str| {
        if numeric {
            value.parse().unwrap_or(i as f64)
        } else {
            i as f64
        }
    };
    blocks.push(chart(
        "letter.svg",
        &format!("Share of {name}'s copies still held {at_end}, for each value of {key}"),
        lines(
            &format!("{name_first} left {at_end}"),
            key,
            "share of its copies",
            &[Series {
                label: name.to_string(),
                points: (rows.iter().enumerate())
                    .map(|(i, row)| (x(i, &row.value), row.left_share.0))
                    .collect(),
            }],
        ),
    )?);
    Ok(())
}

impl From<SweepRow> for Point {
    fn from(row: SweepRow) -> Point {
        Point {
            value: row.value,
            group: row.group,
            name: row.name,
            rate: row.win_rate.0,
            low: row.ci95_low.0,
            high: row.ci95_high.0,
            edge: row.edge.map(|edge| edge.0),
        }
    }
}

/// The names of a group, in their order in the table.
fn names(rows: &[&Point]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for row in rows {
        if !names.contains(&row.name) {
            names.push(row.name.clone());
        }
    }
    names
}

/// How far apart a group's names are at one value: the spread of win rates, or for houses
/// with edges, the spread of their edges over their seats (seat order is not the house's doing).
fn spread(rows: &[&Point], value: &str, by_edge: bool) -> Option<(f64, f64)> {
    let figures: Vec<f64> = rows
        .iter()
        .filter(|p| p.value == value)
        .map(|p| {
            if by_edge {
                p.edge.unwrap_or(0.0)
            } else {
                p.rate
            }
        })
        .collect();
    let low = figures.iter().copied().reduce(f64::min)?;
    let high = figures.iter().copied().reduce(f64::max)?;
    Some((low, high))
}

/// The sentence a designer reads first: the value at which the group is most level.
fn verdict(key: &str, group: &str, values: &[String], rows: &[&Point]) -> String {
    if group == "bot" {
        // Bots are not meant to be level: say how each one's rate moves.
        return names(rows)
            .iter()
            .map(|name| {
                let at =
                    |value: &String| rows.iter().find(|p| &p.name == name && &p.value == value);
                let (first, last) = (&values[0], &values[values.len() - 1]);
                match (at(first), at(last)) {
                    (Some(a), Some(b)) => format!(
                        "{name} wins {} of its games at {key}={first} and {} at {key}={last}.",
                        percent(a.rate),
                        percent(b.rate)
                    ),
                    _ => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
    }
    let by_edge = group == "house" && rows.iter().all(|p| p.edge.is_some());
    let best = values
        .iter()
        .filter_map(|v| spread(rows, v, by_edge).map(|s| (v, s)))
        .min_by(|(_, a), (_, b)| (a.1 - a.0).total_cmp(&(b.1 - b.0)));
    let Some((value, (low, high))) = best else {
        return String::new();
    };
    let fair = 1.0 / names(rows).len().max(1) as f64;
    let off_share: Vec<String> = rows
        .iter()
        .filter(|p| &p.value == value && (p.low > fair || p.high < fair))
        .map(|p| {
            if group == "seat" {
                p.name.clone()
            } else {
                capitalised(&p.name)
            }
        })
        .collect();
    let spread_text = if by_edge {
        format!(
            "their edges over the seats they played from run from {:+.1} to {:+.1} points",
            100.0 * low,
            100.0 * high
        )
    } else {
        format!(
            "their win rates run from {} to {}",
            percent(low),
            percent(high)
        )
    };
    let mut text = format!(
        "The {group}s are closest to level at {key}={value}: {spread_text} (the narrowest \
         spread of the {} values).",
        values.len()
    );
    if !by_edge && !off_share.is_empty() {
        let (noun, verb) = match (group, off_share.len()) {
            ("seat", 1) => ("seat ", "is"),
            ("seat", _) => ("seats ", "are"),
            (_, 1) => ("", "is"),
            _ => ("", "are"),
        };
        text.push_str(&format!(
            " Even there, {noun}{} {verb} away from a fair share by more than the noise.",
            listed(&off_share)
        ));
    }
    text
}

/// Names as a reader lists them: `a`, `a and b`, `a, b and c`.
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Rows of values, a column for each name: the win rate, its interval, and a house's edge.
fn value_table(group: &str, values: &[String], rows: &[&Point]) -> Block {
    let names = names(rows);
    let mut header = vec!["value".to_string()];
    header.extend(names.iter().map(|n| format!("{group} {n}")));
    let rows = values
        .iter()
        .map(|value| {
            let mut row = vec![value.clone()];
            row.extend(names.iter().map(|name| {
                match rows.iter().find(|p| &p.name == name && &p.value == value) {
                    Some(p) => {
                        let mut cell = format!(
                            "{} ({} to {})",
                            percent(p.rate),
                            percent(p.low),
                            percent(p.high)
                        );
                        if let Some(edge) = p.edge {
                            cell.push_str(&format!(", edge {:+.1}", 100.0 * edge));
                        }
                        cell
                    }
                    None => "-".to_string(),
                }
            }));
            row
        })
        .collect();
    Block::Table { header, rows }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "key,value,group,name,games,win_rate,ci95_low,ci95_high,mean_score,\
                          edge,edge_ci95_low,edge_ci95_high\n";

    /// A sweep of `k` over 1, 2, 3: the seats level at 2, the houses' edges level at 3.
    fn table() -> String {
        let mut text = HEADER.to_string();
        for (value, seat_rates, edges) in [
            ("1", [0.60, 0.40], [0.05, -0.05]),
            ("2", [0.51, 0.49], [0.08, -0.08]),
            ("3", [0.70, 0.30], [0.01, -0.01]),
        ] {
            for (seat, rate) in seat_rates.iter().enumerate() {
                let (low, high) = (rate - 0.02, rate + 0.02);
                let seat = seat + 1;
                text.push_str(&format!(
                    "k,{value},seat,{seat},1000,{rate},{low},{high},400,,,\n"
                ));
            }
            for (house, edge) in ["ravenclaw", "slytherin"].iter().zip(edges) {
                text.push_str(&format!(
                    "k,{value},house,{house},1000,0.5,0.48,0.52,400,{edge},{},{}\n",
                    edge - 0.02,
                    edge + 0.02
                ));
            }
            text.push_str(&format!("k,{value},bot,greedy,2000,0.5,0.49,0.51,400,,,\n"));
        }
        text
    }

    #[test]
    fn the_guide_names_the_value_that_levels_each_group() {
        let dir = std::env::temp_dir().join(format!("owlery-sweep-guide-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("sweep.csv"), table()).unwrap();
        let out = dir.join("guide");
        write_sweep_guide(&dir, &out).unwrap();
        let guide = std::fs::read_to_string(out.join("guide.md")).unwrap();
        assert!(
            guide.starts_with("# Owlery sweep: k = 1, 2, 3\n"),
            "{guide}"
        );
        assert!(
            guide.contains(
                "The seats are closest to level at k=2: their win rates run from 49.0% to 51.0% \
                 (the narrowest spread of the 3 values)."
            ),
            "{guide}"
        );
        // The houses' rates are all level; their edges over their seats decide.
        assert!(
            guide.contains(
                "The houses are closest to level at k=3: their edges over the seats they played \
                 from run from -1.0 to +1.0 points"
            ),
            "{guide}"
        );
        assert!(guide.contains("| 1 | 60.0% (58.0% to 62.0%) | 40.0% (38.0% to 42.0%) |"));
        assert!(!guide.contains("## Bots"), "one bot: nothing to compare");
        for chart in ["seats.svg", "houses.svg"] {
            let svg = std::fs::read_to_string(out.join("charts").join(chart)).unwrap();
            assert!(
                svg.contains("<svg") && svg.contains("Win rate by"),
                "{chart}"
            );
        }
        // Seats away from their share at the levelling value are named.
        let skewed = table().replace(
            "k,2,seat,1,1000,0.51,0.49,0.53",
            "k,2,seat,1,1000,0.51,0.505,0.53",
        );
        std::fs::write(dir.join("sweep.csv"), skewed).unwrap();
        write_sweep_guide(&dir, &out).unwrap();
        let guide = std::fs::read_to_string(out.join("guide.md")).unwrap();
        assert!(
            guide.contains("Even there, seat 1 is away from a fair share by more than the noise."),
            "{guide}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_are_listed_as_a_reader_would() {
        let names = |n: &[&str]| listed(&n.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&[]), "");
        assert_eq!(names(&["1"]), "1");
        assert_eq!(names(&["1", "2"]), "1 and 2");
        assert_eq!(names(&["1", "2", "4"]), "1, 2 and 4");
    }
}
