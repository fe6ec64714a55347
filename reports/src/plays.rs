//! The guide's "How the points are made" (the crossword games): each bot's plays, bingos,
//! bonuses, exchanges and end adjustments a game, from plays.csv.

use std::path::Path;

use crate::document::Block;
use crate::guide::{GuideError, percent};
use crate::tables::Table;

/// One bot's row of plays.csv.
struct Plays {
    bot: String,
    plays: f64,
    points_per_play: f64,
    tiles_per_play: f64,
    bingos: f64,
    bingo_points: f64,
    bonus_points: f64,
    exchanges: f64,
    passes: f64,
    end_adjustment: f64,
    score: f64,
}

fn read(dir: &Path) -> Result<Vec<Plays>, GuideError> {
    let file = "plays.csv";
    let table = Table::read(dir, file)?;
    let bots = table.texts("bot", file)?;
    let column = |name: &str| table.numbers(name, file);
    let (plays, points_per_play, tiles_per_play) = (
        column("plays_per_game")?,
        column("points_per_play")?,
        column("tiles_per_play")?,
    );
    let (bingos, bingo_points, bonus_points) = (
        column("bingos_per_game")?,
        column("bingo_points_per_game")?,
        column("bonus_points_per_game")?,
    );
    let (exchanges, passes, end_adjustment, score) = (
        column("exchanges_per_game")?,
        column("passes_per_game")?,
        column("end_adjustment_per_game")?,
        column("score_per_game")?,
    );
    Ok((0..bots.len())
        .map(|i| Plays {
            bot: bots[i].clone(),
            plays: plays[i],
            points_per_play: points_per_play[i],
            tiles_per_play: tiles_per_play[i],
            bingos: bingos[i],
            bingo_points: bingo_points[i],
            bonus_points: bonus_points[i],
            exchanges: exchanges[i],
            passes: passes[i],
            end_adjustment: end_adjustment[i],
            score: score[i],
        })
        .collect())
}

/// "How the points are made", if the run counted its plays (runs before plays.csv did not).
pub fn section(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    if !dir.join("plays.csv").exists() {
        return Ok(());
    }
    let rows = read(dir)?;
    blocks.push(Block::Heading("How the points are made".into()));
    let with_bonus = rows.iter().any(|r| r.bonus_points != 0.0);
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
fn sentence(r: &Plays, with_bonus: bool) -> String {
    let share = |points: f64| {
        if r.score > 0.0 {
            percent(points / r.score)
        } else {
            "-".into()
        }
    };
    let mut text = format!(
        "{} makes {:.1} plays a game at {:.1} points each ({:.1} tiles a play); its {:.2} bingos a game bring {:.1} points, {} of its score",
        r.bot,
        r.plays,
        r.points_per_play,
        r.tiles_per_play,
        r.bingos,
        r.bingo_points,
        share(r.bingo_points),
    );
    if with_bonus {
        text += &format!(
            ", and the Glossary and its cards {:.1} ({})",
            r.bonus_points,
            share(r.bonus_points)
        );
    }
    // Below half a hundredth both would print as 0.00: say so in words.
    if r.exchanges < 0.005 && r.passes < 0.005 {
        text += ". It almost never exchanges or passes";
    } else {
        text += &format!(
            ". It exchanges {:.2} times a game and passes {:.2}",
            r.exchanges, r.passes
        );
    }
    text += &format!(
        "; the tiles left at the end give it {:+.1} points.",
        r.end_adjustment
    );
    text
}

/// With two bots or more: the one bingoing most against the one bingoing least, a bingo
/// being the largest single gain a kept rack can make.
fn comparison(rows: &[Plays]) -> Option<String> {
    let most = rows.iter().max_by(|a, b| a.bingos.total_cmp(&b.bingos))?;
    let least = rows.iter().min_by(|a, b| a.bingos.total_cmp(&b.bingos))?;
    if rows.len() < 2 || most.bingos == least.bingos {
        return None;
    }
    Some(format!(
        "{} bingos most: {:.2} times a game against {:.2} for {}, whose plays score {:.1} points each against its {:.1}.",
        most.bot, most.bingos, least.bingos, least.bot, least.points_per_play, most.points_per_play,
    ))
}

fn table(rows: &[Plays], with_bonus: bool) -> Block {
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
                format!("{:.1}", r.plays),
                format!("{:.1}", r.points_per_play),
                format!("{:.2}", r.tiles_per_play),
                format!("{:.2}", r.bingos),
                format!("{:.1}", r.bingo_points),
            ];
            if with_bonus {
                row.push(format!("{:.1}", r.bonus_points));
            }
            row.extend([
                format!("{:.2}", r.exchanges),
                format!("{:.2}", r.passes),
                format!("{:+.1}", r.end_adjustment),
                format!("{:.1}", r.score),
            ]);
            row
        })
        .collect();
    Block::Table {
        header: header.into_iter().map(String::from).collect(),
        rows,
    }
}
