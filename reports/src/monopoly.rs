//! The Monopoly: Harry Potter sections of the guide: properties, colour sets, where tokens
//! land, the Owl Post cards, trades and crests, and how games end.

use std::path::Path;

use crate::charts::value_bars;
use crate::document::Block;
use crate::guide::{
    GuideError, WORTH_HEADER, card_effects, chart, effects_text, percent, worth_cell,
};
use crate::schema::{self, EndingRow, LandingRow, OwlPostRow, PropertyRow, Row, SetRow, TradeRow};

/// Adds the Monopoly sections when the run has a properties table.
pub fn sections(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    if !dir.join(PropertyRow::FILE).exists() {
        return Ok(());
    }
    properties(dir, blocks)?;
    sets(dir, blocks)?;
    landings(dir, blocks)?;
    owl_post(dir, blocks)?;
    trades(dir, blocks)?;
    endings(dir, blocks)
}

fn properties(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let properties = schema::read::<PropertyRow>(dir)?;
    blocks.push(Block::Heading("Which properties pay".into()));
    let mut order: Vec<&PropertyRow> = properties.iter().collect();
    order.sort_by(|a, b| b.return_on_cost.0.total_cmp(&a.return_on_cost.0));
    let best: Vec<String> = order
        .iter()
        .take(3)
        .map(|p| format!("{} ({:.1}x)", p.property, p.return_on_cost.0))
        .collect();
    blocks.push(Block::Paragraph(format!(
        "Return on cost is the rent a property collected over the points paid to the Bank for it \
         (its value, or its auction price). The best returns: {}. An auction sells a property \
         for the runner-up's highest bid plus one step.",
        best.join(", ")
    )));
    let rows = properties
        .iter()
        .map(|p| {
            let auctioned = p.auctioned as f64;
            let auction_share = auctioned / (auctioned + p.explored as f64).max(1.0);
            vec![
                p.property.clone(),
                p.set.replace('_', " "),
                format!("{:.2}", p.landings_per_game.0),
                percent(auction_share),
                format!("{:.1}", p.mean_auction_price.0),
                format!("{:.1}", p.rent_per_game.0),
                format!("{:.2}", p.return_on_cost.0),
            ]
        })
        .collect();
    blocks.push(Block::Table {
        header: [
            "property",
            "set",
            "landings a game",
            "sold at auction",
            "mean auction price",
            "rent a game",
            "return on cost",
        ]
        .map(String::from)
        .to_vec(),
        rows,
    });
    let bars: Vec<(String, f64)> = properties
        .iter()
        .map(|p| (p.property.clone(), p.rent_per_game.0))
        .collect();
    blocks.push(chart(
        "rent.svg",
        "Rent collected a game, by property",
        value_bars("Rent a game", "points", &bars),
    )?);
    Ok(())
}

fn sets(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let sets = schema::read::<SetRow>(dir)?;
    blocks.push(Block::Heading("Colour sets".into()));
    let gaps: Vec<(String, f64)> = sets
        .iter()
        .map(|set| {
            let gap = set.win_rate_completed.0 - set.win_rate_missed.0;
            (set.set.replace('_', " "), gap)
        })
        .collect();
    if let Some((best, gap)) = gaps.iter().max_by(|a, b| a.1.total_cmp(&b.1)) {
        blocks.push(Block::Paragraph(format!(
            "Holding a whole set at some point of the game goes with winning: most of all the \
             {best} set, whose holders win {} more often (in percentage points) than the players \
             who never held it. A set's holders also tend to be the players the dice favoured, so \
             read the gaps as a ranking of the sets, not as the worth of a trade.",
            percent(*gap)
        )));
    }
    let rows = sets
        .iter()
        .map(|set| {
            vec![
                set.set.replace('_', " "),
                percent(set.completed_share.0),
                percent(set.win_rate_completed.0),
                percent(set.win_rate_missed.0),
            ]
        })
        .collect();
    blocks.push(Block::Table {
        header: [
            "set",
            "held whole by",
            "win rate when held",
            "win rate otherwise",
        ]
        .map(String::from)
        .to_vec(),
        rows,
    });
    blocks.push(chart(
        "sets.svg",
        "Win rate of the players who held each set, minus that of those who did not",
        value_bars("Win rate gap by set", "percentage points / 100", &gaps),
    )?);
    Ok(())
}

fn landings(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let spaces = schema::read::<LandingRow>(dir)?;
    blocks.push(Block::Heading("Where tokens land".into()));
    let mut order: Vec<&LandingRow> = spaces.iter().collect();
    order.sort_by(|a, b| b.share_of_landings.0.total_cmp(&a.share_of_landings.0));
    let top: Vec<String> = order
        .iter()
        .take(3)
        .map(|s| format!("{} ({})", s.name, percent(s.share_of_landings.0)))
        .collect();
    blocks.push(Block::Paragraph(format!(
        "Shares are of all the landings in these games, from the first roll to the end: a finite \
         game's, which start on GO, not the long-run share of an endless one. A uniform board would \
         give each of the {} spaces {} of the landings. The most visited: {}.",
        spaces.len(),
        percent(1.0 / spaces.len().max(1) as f64),
        top.join(", ")
    )));
    let bars: Vec<(String, f64)> = spaces
        .iter()
        .map(|s| (format!("{} {}", s.space, s.name), s.share_of_landings.0))
        .collect();
    blocks.push(chart(
        "landings.svg",
        "Share of landings by space",
        value_bars("Landings by space", "share of all landings", &bars),
    )?);
    Ok(())
}

fn owl_post(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let cards = schema::read::<OwlPostRow>(dir)?;
    blocks.push(Block::Heading("Owl Post".into()));
    blocks.push(Block::Paragraph(
        "A card's effect is counted in two parts, a draw each: the drawer's change of points while \
         it was carried out (a move's GO reward, purchases and rent on arrival included), and what \
         it moved later: the Jail fine paid to leave a stay it began (with the turns lost there, \
         counted apart), or the fine a Get Out of Jail Free card saved when used (a card kept to \
         the end, or sold, saved nothing here). These are means over the games played, not \
         effects measured against a game without the card."
            .into(),
    ));
    let losing_letters: Vec<&str> = cards
        .iter()
        .filter(|card| !card.howler && card.drawn > 0 && card.mean_total.0 < 0.0)
        .map(|card| card.card.as_str())
        .collect();
    if !losing_letters.is_empty() {
        blocks.push(Block::Paragraph(format!(
            "Letters meant to help that lose their drawer points on average: {}.",
            losing_letters.join("; ")
        )));
    }
    // Each card's effect, where `owlery effect monopoly-hp --every-card` measured it.
    let effects = card_effects(dir)?;
    blocks.push(Block::Paragraph(effects_text(
        &effects,
        "owlery effect monopoly-hp",
    )));
    let rows = cards
        .iter()
        .map(|card| {
            let flag = if !card.howler && card.drawn > 0 && card.mean_total.0 < 0.0 {
                " (a helpful letter that loses points)"
            } else {
                ""
            };
            let mut row = vec![
                format!("{}{flag}", card.card),
                if card.howler { "yes" } else { "no" }.to_string(),
                card.drawn.to_string(),
                format!("{:+.1}", card.mean_effect.0),
                format!("{:+.1}", card.mean_later.0),
                format!("{:.2}", card.jail_turns_per_draw.0),
                format!("{:+.1}", card.mean_total.0),
            ];
            if !effects.is_empty() {
                row.push(worth_cell(&effects, &card.card));
            }
            row
        })
        .collect();
    let mut header: Vec<String> = [
        "card",
        "Howler",
        "draws",
        "points while carried out",
        "points later",
        "turns lost in Jail",
        "mean effect (not measured against a game without it)",
    ]
    .map(String::from)
    .to_vec();
    if !effects.is_empty() {
        header.push(WORTH_HEADER.into());
    }
    blocks.push(Block::Table { header, rows });
    let bars: Vec<(String, f64)> = cards
        .iter()
        .map(|card| {
            let short: String = card.card.chars().take(32).collect();
            (short, card.mean_total.0)
        })
        .collect();
    blocks.push(chart(
        "owl_post.svg",
        "Mean effect of each Owl Post card on the drawer's points",
        value_bars("Owl Post cards", "points", &bars),
    )?);
    Ok(())
}

fn trades(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let trades = schema::read::<TradeRow>(dir)?;
    blocks.push(Block::Heading("Trades, crests and going out".into()));
    let sentences: Vec<String> = trades
        .iter()
        .map(|bot| {
            format!(
                "{} has {:.2} of its offers accepted a game and goes out in {} of its games.",
                bot.bot,
                bot.accepted_per_game.0,
                percent(bot.out_rate.0)
            )
        })
        .collect();
    blocks.push(Block::Paragraph(sentences.join(" ")));
    blocks.push(Block::Table {
        header: schema::header::<TradeRow>(),
        rows: trades.iter().map(schema::cells).collect(),
    });
    Ok(())
}

fn endings(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let endings = schema::read::<EndingRow>(dir)?;
    blocks.push(Block::Heading("How games end".into()));
    let said: Vec<String> = endings
        .iter()
        .map(|ending| {
            let how = match ending.ending.as_str() {
                "explored" => "every property explored",
                "last_standing" => "one player left",
                "turn_cap" => "stopped at the turn cap (a stalled game)",
                other => other,
            };
            format!("{how}: {}", percent(ending.share.0))
        })
        .collect();
    blocks.push(Block::Paragraph(format!("{}.", said.join("; "))));
    Ok(())
}
