//! The guide's houses: each house's win rate, and its edge over the seats it played from, so
//! a house is credited with its power rather than with where it sat.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::charts::rate_bars;
use crate::document::Block;
use crate::guide::{
    GuideError, Standing, bars, capitalised, chart, percent, seat_standings, standings_table,
};
use crate::schema::{self, EffectRow, HouseRow, HouseSeatRow, Manifest, Row};

/// Games and win rate of each house (by name) in each seat (by label), from house_seats.csv.
type BySeat = BTreeMap<String, BTreeMap<String, (u64, f64)>>;

/// One house against its seats, from houses.csv.
struct Edge {
    house: String,
    edge: f64,
    low: f64,
    high: f64,
}

/// "Which house wins": shares, the edges over the seats, each house by seat, and a chart.
pub fn section(dir: &Path, manifest: &Manifest, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    blocks.push(Block::Heading("Which house wins".into()));
    let rows = schema::read::<HouseRow>(dir)?;
    let houses: Vec<Standing> = rows
        .iter()
        .map(|row| Standing::new(row.house.clone(), row.record()))
        .collect();
    let seats = seat_standings(dir)?;
    // A house's fair share of wins is one game in as many as there are players.
    let fair = 1.0 / seats.len().max(1) as f64;
    blocks.push(Block::Paragraph(share_sentences(&houses, fair)));
    blocks.push(Block::Paragraph(power_sentences(dir, manifest)?));
    blocks.push(standings_table("house", &houses));
    // Runs written before the edges were counted have neither table: the shares stand alone.
    let has_seats = dir.join(HouseSeatRow::FILE).exists();
    if let Some(edges) = edges(&rows).filter(|_| has_seats) {
        let by_seat = house_seats(dir)?;
        let alone = alone_in_seat(&edges, &by_seat, &seats);
        blocks.push(Block::Paragraph(seat_sentences(&edges, &by_seat, &alone)));
        blocks.push(seat_table(&edges, &by_seat, &alone, seats.len()));
    }
    blocks.push(chart(
        "houses.svg",
        "Win rate by house, with 95% intervals",
        rate_bars("Win rate by house", &bars(&houses), fair),
    )?);
    Ok(())
}

/// What each house's power is worth to it, where `owlery effect --every-house` measured it
/// into the run, or how to measure it; in Monopoly, what a house's reward is.
fn power_sentences(dir: &Path, manifest: &Manifest) -> Result<String, GuideError> {
    if manifest.is_monopoly() {
        return Ok(
            "A house's reward here is its own common room (taken for free while no one has \
             explored it, and no rent to pay on it), the same for every house but for where \
             the room lies on the board: the shares above mix that with the game's luck."
                .into(),
        );
    }
    if !dir.join(schema::HOUSE_EFFECTS).exists() {
        return Ok(
            "The shares above mix each house's power with the game's luck; \
                   `owlery effect scrabble-hp --every-house --out RUN` measures each power \
                   alone, by paired games, and tells it here."
                .into(),
        );
    }
    let rows = schema::read_file::<EffectRow>(dir, schema::HOUSE_EFFECTS)?;
    // The deals once where every power was measured over as many (a run to a precision
    // stops each on its own), else each power's own.
    let deals: BTreeSet<u64> = rows.iter().map(|row| row.deals).collect();
    let (over, each) = match deals.iter().collect::<Vec<_>>()[..] {
        [deals] => (format!(" over {deals} deals"), false),
        _ => (String::new(), true),
    };
    let told: Vec<String> = rows
        .iter()
        .map(|row| {
            format!(
                "{}'s power is worth {:+.1} points of win rate to it (95 % {:+.1} to {:+.1}{}, \
                 {:+.1} points a game; without it: {})",
                capitalised(&row.name),
                -100.0 * row.win_rate_effect.0,
                -100.0 * row.win_ci95_high.0,
                -100.0 * row.win_ci95_low.0,
                if each {
                    format!(" over {} deals", row.deals)
                } else {
                    String::new()
                },
                -row.score_effect.0,
                row.change
            )
        })
        .collect();
    Ok(format!(
        "Measured by paired games{over} (each played with the power and without it): {}.",
        told.join("; ")
    ))
}

fn share_sentences(houses: &[Standing], fair: f64) -> String {
    let sentences: Vec<String> = houses
        .iter()
        .map(|h| {
            let verdict = if h.low > fair {
                "wins more than its share"
            } else if h.high < fair {
                "wins less than its share"
            } else {
                "is within its share"
            };
            format!(
                "{} {verdict}: {} of its games (95% interval {} to {}).",
                capitalised(&h.label),
                percent(h.rate),
                percent(h.low),
                percent(h.high)
            )
        })
        .collect();
    sentences.join(" ")
}

/// The edges of houses.csv, if it has them.
fn edges(rows: &[HouseRow]) -> Option<Vec<Edge>> {
    // Runs from before the edges, or with chunks from before them, have none (or blanks).
    rows.iter()
        .map(|row| {
            Some(Edge {
                house: row.house.clone(),
                edge: row.edge?.0,
                low: row.edge_ci95_low?.0,
                high: row.edge_ci95_high?.0,
            })
        })
        .collect()
}

/// Each house in each seat, from house_seats.csv.
fn house_seats(dir: &Path) -> Result<BySeat, GuideError> {
    let mut by_house: BySeat = BTreeMap::new();
    for row in schema::read::<HouseSeatRow>(dir)? {
        by_house
            .entry(row.house)
            .or_default()
            .insert(row.seat.to_string(), (row.games, row.win_rate.0));
    }
    Ok(by_house)
}

/// The one seat a house always played from, when it did.
fn only_seat(seats: Option<&BTreeMap<String, (u64, f64)>>) -> Option<&str> {
    let seats = seats?;
    let mut played = seats.iter().filter(|(_, (games, _))| *games > 0);
    let (seat, _) = played.next()?;
    played.next().is_none().then_some(seat.as_str())
}

/// Points of win rate, signed: `+2.7 points`.
fn points(x: f64) -> String {
    format!("{:+.1}", 100.0 * x)
}

/// The houses that held one seat in every game, and no other: their edge cannot be measured.
fn alone_in_seat(edges: &[Edge], by_seat: &BySeat, seats: &[Standing]) -> BTreeSet<String> {
    edges
        .iter()
        .filter_map(|edge| {
            let seat = only_seat(by_seat.get(&edge.house))?;
            let own = by_seat[&edge.house][seat].0;
            let all = seats.iter().find(|s| s.label == seat)?.games;
            (own >= all).then(|| edge.house.clone())
        })
        .collect()
}

fn seat_sentences(edges: &[Edge], by_seat: &BySeat, alone: &BTreeSet<String>) -> String {
    let mut sentences = vec![
        "Seats matter as well as houses (see above), and a house need not sit in every seat \
         equally often. So each house is also measured against the seats it played from: its \
         win rate less the rate those seats gave their players, weighted by its games in each."
            .to_string(),
    ];
    let mut measured: Vec<&Edge> = Vec::new();
    for edge in edges {
        let name = capitalised(&edge.house);
        match only_seat(by_seat.get(&edge.house)) {
            Some(seat) if alone.contains(&edge.house) => sentences.push(format!(
                "{name} played every game from seat {seat} and held seat {seat} in every game: \
                 its figures are the seat's, and this run cannot tell its power apart from \
                 where it sat."
            )),
            Some(seat) => {
                sentences.push(format!("{name} played every game from seat {seat}."));
                measured.push(edge);
            }
            None => measured.push(edge),
        }
    }
    measured.sort_by(|a, b| b.edge.total_cmp(&a.edge));
    let verdicts: Vec<String> = measured
        .iter()
        .map(|e| {
            let verdict = if e.low > 0.0 {
                "above its seats"
            } else if e.high < 0.0 {
                "below its seats"
            } else {
                "level with its seats (the difference is within the noise)"
            };
            format!(
                "{} is {verdict}: {} points (95% interval {} to {})",
                capitalised(&e.house),
                points(e.edge),
                points(e.low),
                points(e.high)
            )
        })
        .collect();
    if !verdicts.is_empty() {
        sentences.push(format!("{}.", verdicts.join("; ")));
    }
    sentences.join(" ")
}

/// Each house's win rate in each seat, and its edge.
fn seat_table(
    edges: &[Edge],
    by_seat: &BySeat,
    alone: &BTreeSet<String>,
    seat_count: usize,
) -> Block {
    let mut header = vec!["house".to_string()];
    header.extend((1..=seat_count).map(|s| format!("seat {s}")));
    header.extend(["edge over its seats".into(), "95% interval".into()]);
    let rows = edges
        .iter()
        .map(|e| {
            let mut row = vec![e.house.clone()];
            row.extend((1..=seat_count).map(|seat| {
                match by_seat.get(&e.house).and_then(|s| s.get(&seat.to_string())) {
                    Some(&(games, rate)) if games > 0 => format!("{} of {games}", percent(rate)),
                    _ => "-".to_string(),
                }
            }));
            if alone.contains(&e.house) {
                row.extend(["-".to_string(), "-".to_string()]);
            } else {
                row.push(format!("{} points", points(e.edge)));
                row.push(format!("{} to {}", points(e.low), points(e.high)));
            }
            row
        })
        .collect();
    Block::Table { header, rows }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(label: &str, games: u64) -> Standing {
        Standing {
            label: label.into(),
            games,
            rate: 0.5,
            low: 0.4,
            high: 0.6,
            mean_score: 0.0,
            mean_margin: 0.0,
        }
    }

    fn edge(house: &str, edge: f64, low: f64, high: f64) -> Edge {
        Edge {
            house: house.into(),
            edge,
            low,
            high,
        }
    }

    /// A house's power measured over `deals` deals, worth `worth` (a share of wins).
    fn measured(house: &str, deals: u64, worth: f64) -> EffectRow {
        EffectRow {
            change: format!("{house} off"),
            group: "house".into(),
            name: house.into(),
            deals,
            games: deals,
            win_rate_effect: schema::Fixed(-worth),
            win_ci95_low: schema::Fixed(-worth - 0.02),
            win_ci95_high: schema::Fixed(-worth + 0.02),
            ..EffectRow::default()
        }
    }

    #[test]
    fn each_power_is_told_with_its_own_deals_and_monopoly_names_its_common_rooms() {
        let dir = std::env::temp_dir().join(format!("owlery-houses-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let hp = Manifest::new("scrabble-hp", &["cards".into()], 1, 10, String::new());
        let told = |rows: &[EffectRow]| {
            let text = schema::to_csv(rows).unwrap();
            std::fs::write(dir.join(schema::HOUSE_EFFECTS), text).unwrap();
            power_sentences(&dir, &hp).unwrap()
        };
        let alike = told(&[
            measured("ravenclaw", 500, 0.07),
            measured("slytherin", 500, 0.1),
        ]);
        assert!(
            alike.starts_with("Measured by paired games over 500 deals ("),
            "{alike}"
        );
        assert!(
            alike.contains(
                "Ravenclaw's power is worth +7.0 points of win rate to it (95 % +5.0 to +9.0, "
            ),
            "{alike}"
        );
        // A run to a precision stops each measurement on its own: each tells its deals.
        let apart = told(&[
            measured("ravenclaw", 576, 0.07),
            measured("slytherin", 640, 0.1),
        ]);
        assert!(apart.starts_with("Measured by paired games ("), "{apart}");
        assert!(
            apart.contains("(95 % +5.0 to +9.0 over 576 deals, "),
            "{apart}"
        );
        assert!(
            apart.contains("(95 % +8.0 to +12.0 over 640 deals, "),
            "{apart}"
        );
        // Monopoly's houses differ by their common rooms: no Scrabble command is offered.
        let monopoly = Manifest::new("monopoly-hp", &["heuristic".into()], 1, 10, String::new());
        let text = power_sentences(&dir, &monopoly).unwrap();
        assert!(
            text.contains("its own common room") && !text.contains("scrabble-hp"),
            "{text}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_house_alone_in_its_seat_is_not_measured_and_the_others_are_ordered_by_edge() {
        let rows = [
            ("ravenclaw", "2", 60, 0.34),
            ("ravenclaw", "3", 40, 0.25),
            ("hufflepuff", "2", 40, 0.20),
            ("hufflepuff", "3", 60, 0.22),
            ("slytherin", "1", 100, 0.29),
        ];
        let mut by_seat: BySeat = BTreeMap::new();
        for (house, seat, games, rate) in rows {
            by_seat
                .entry(house.into())
                .or_default()
                .insert(seat.into(), (games, rate));
        }
        let edges = [
            edge("hufflepuff", -0.024, -0.042, -0.005),
            edge("ravenclaw", 0.027, 0.008, 0.045),
            edge("slytherin", 0.0, -0.02, 0.02),
        ];
        let seats = [standing("1", 100), standing("2", 100), standing("3", 100)];
        let alone = alone_in_seat(&edges, &by_seat, &seats);
        assert_eq!(alone.iter().collect::<Vec<_>>(), ["slytherin"]);
        let text = seat_sentences(&edges, &by_seat, &alone);
        assert!(
            text.ends_with(
                "Slytherin played every game from seat 1 and held seat 1 in every game: its \
                 figures are the seat's, and this run cannot tell its power apart from where \
                 it sat. Ravenclaw is above its seats: +2.7 points (95% interval +0.8 to \
                 +4.5); Hufflepuff is below its seats: -2.4 points (95% interval -4.2 to -0.5)."
            ),
            "{text}"
        );
        // With seat 1 shared (Slytherin held it in 100 of 150 games), its edge is measured.
        let shared = [standing("1", 150), seats[1].clone(), seats[2].clone()];
        let alone = alone_in_seat(&edges, &by_seat, &shared);
        assert!(alone.is_empty());
        let text = seat_sentences(&edges, &by_seat, &alone);
        assert!(
            text.contains("Slytherin played every game from seat 1. "),
            "{text}"
        );
        assert!(text.contains("Slytherin is level with its seats"), "{text}");
        let Block::Table { rows, .. } = seat_table(&edges, &by_seat, &BTreeSet::new(), 3) else {
            panic!("a table");
        };
        assert_eq!(
            rows[1],
            [
                "ravenclaw",
                "-",
                "34.0% of 60",
                "25.0% of 40",
                "+2.7 points",
                "+0.8 to +4.5"
            ]
        );
    }
}
