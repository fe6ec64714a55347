//! The guide's "How the points are made" (the crossword games): each bot's plays, bingos,
//! bonuses, exchanges and end adjustments a game, from plays.csv.

use std::path::Path;

use crate::document::Block;
use crate::guide::{GuideError, percent};
use crate::schema::{self, PlayRow, Row};

/// "How the points are made", if the run counted its plays (runs before plays.csv did not).
pub fn section(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    if !dir.join(PlayRow::FILE).exists() {
        return Ok(());
    }
    let rows = schema::read::<PlayRow>(dir)?;
    blocks.push(Block::Heading("How the points are made".into()));
    let with_bonus = rows.iter().any(|r| r.bonus_points_per_game.0 != 0.0);
    blocks.push(Block::Paragraph(
        if with_bonus {
            "Each bot's points a game, by where they came from: its plays (a bingo is a play earning \
             the premium for using the whole rack, counted with that premium), the Glossary and \
             Hogwarts cards' bonuses (part of the plays' points), and the tiles left at the end."
        } else {
            "Each bot's points a game, by where they came from: its plays (a bingo is a play earning \
             the premium for using the whole rack, counted with that premium) and the tiles left at \
             the end."
        }
        .into(),
    ));
    blocks.push(Block::Paragraph(
        rows.iter()
            .map(|r| sentence(r, with_bonus))
            .collect::<Vec<_>>()
            .join(" "),
    ));
    if let Some(sentence) = comparison(&rows) {
        blocks.push(Block::Paragraph(sentence));
    }
    blocks.push(table(&rows, with_bonus));
    Ok(())
}

/// What one bot's points are made of.
fn sentence(r: &PlayRow, with_bonus: bool) -> String {
    let share = |points: f64| {
        if r.score_per_game.0 > 0.0 {
            percent(points / r.score_per_game.0)
        } else {
            "-".into()
        }
    };
    let mut text = format!(
        "{} makes {:.1} plays a game at {:.1} points each ({:.1} tiles a play); its {:.2} bingos a game bring {:.1} points, {} of its score",
        r.bot,
        r.plays_per_game.0,
        r.points_per_play.0,
        r.tiles_per_play.0,
        r.bingos_per_game.0,
        r.bingo_points_per_game.0,
        share(r.bingo_points_per_game.0),
    );
    if with_bonus {
        text += &format!(
            ", and the Glossary and its cards {:.1} ({})",
            r.bonus_points_per_game.0,
            share(r.bonus_points_per_game.0)
        );
    }
    // Below half a hundredth both would print as 0.00: say so in words.
    if r.exchanges_per_game.0 < 0.005 && r.passes_per_game.0 < 0.005 {
        text += ". It almost never exchanges or passes";
    } else {
        text += &format!(
            ". It exchanges {:.2} times a game and passes {:.2}",
            r.exchanges_per_game.0, r.passes_per_game.0
        );
    }
    text += &format!(
        "; the tiles left at the end give it {:+.1} points.",
        r.end_adjustment_per_game.0
    );
    text
}

/// With two bots or more: the one bingoing most against the one bingoing least, a bingo
/// being the largest single gain a kept rack can make.
fn comparison(rows: &[PlayRow]) -> Option<String> {
    let most = rows
        .iter()
        .max_by(|a, b| a.bingos_per_game.0.total_cmp(&b.bingos_per_game.0))?;
    let least = rows
        .iter()
        .min_by(|a, b| a.bingos_per_game.0.total_cmp(&b.bingos_per_game.0))?;
    if rows.len() < 2 || most.bingos_per_game.0 == least.bingos_per_game.0 {
        return None;
    }
    Some(format!(
        "{} bingos most: {:.2} times a game against {:.2} for {}, whose plays score {:.1} points each against its {:.1}.",
        most.bot,
        most.bingos_per_game.0,
        least.bingos_per_game.0,
        least.bot,
        least.points_per_play.0,
        most.points_per_play.0,
    ))
}

fn table(rows: &[PlayRow], with_bonus: bool) -> Block {
    let mut header = vec![
        "bot",
        "plays a game",
        "points a play",
        "tiles a play",
        "bingos a game",
        "bingo points a game",
    ];
    if with_bonus {
        header.push("Glossary and card points a game");
    }
    header.extend([
        "exchanges a game",
        "passes a game",
        "end adjustment",
        "score",
    ]);
    let rows = rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.bot.clone(),
                format!("{:.1}", r.plays_per_game.0),
                format!("{:.1}", r.points_per_play.0),
                format!("{:.2}", r.tiles_per_play.0),
                format!("{:.2}", r.bingos_per_game.0),
                format!("{:.1}", r.bingo_points_per_game.0),
            ];
            if with_bonus {
                row.push(format!("{:.1}", r.bonus_points_per_game.0));
            }
            row.extend([
                format!("{:.2}", r.exchanges_per_game.0),
                format!("{:.2}", r.passes_per_game.0),
                format!("{:+.1}", r.end_adjustment_per_game.0),
                format!("{:.1}", r.score_per_game.0),
            ]);
            row
        })
        .collect();
    Block::Table {
        header: header.into_iter().map(String::from).collect(),
        rows,
    }
}
