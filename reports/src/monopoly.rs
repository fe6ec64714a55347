//! The Monopoly: Harry Potter sections of the guide: properties, colour sets, where tokens
//! land, the Owl Post cards, trades and crests, and how games end.

use std::path::Path;

use crate::charts::value_bars;
use crate::document::Block;
use crate::guide::{GuideError, chart, percent};
use crate::tables::Table;

/// Adds the Monopoly sections when the run has a properties table.
pub fn sections(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    if !dir.join("properties.csv").exists() {
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
    let file = "properties.csv";
    let table = Table::read(dir, file)?;
    let names = table.texts("property", file)?;
    let sets = table.texts("set", file)?;
    let landed = table.numbers("landings_per_game", file)?;
    let auctioned = table.numbers("auctioned", file)?;
    let explored = table.numbers("explored", file)?;
    let price = table.numbers("mean_auction_price", file)?;
    let rent = table.numbers("rent_per_game", file)?;
    let ret = table.numbers("return_on_cost", file)?;
    blocks.push(Block::Heading("Which properties pay".into()));
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| ret[b].total_cmp(&ret[a]));
    let best: Vec<String> = order
        .iter()
        .take(3)
        .map(|&i| format!("{} ({:.1}x)", names[i], ret[i]))
        .collect();
    blocks.push(Block::Paragraph(format!(
        "Return on cost is the rent a property collected over the points paid to the Bank for it \
         (its value, or its auction price). The best returns: {}. An auction sells a property \
         for the runner-up's highest bid plus one step.",
        best.join(", ")
    )));
    let rows = (0..names.len())
        .map(|i| {
            let auction_share = auctioned[i] / (auctioned[i] + explored[i]).max(1.0);
            vec![
                names[i].clone(),
                sets[i].replace('_', " "),
                format!("{:.2}", landed[i]),
                percent(auction_share),
                format!("{:.1}", price[i]),
                format!("{:.1}", rent[i]),
                format!("{:.2}", ret[i]),
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
    let bars: Vec<(String, f64)> = (0..names.len())
        .map(|i| (names[i].clone(), rent[i]))
        .collect();
    blocks.push(chart(
        "rent.svg",
        "Rent collected a game, by property",
        value_bars("Rent a game", "points", &bars),
    )?);
    Ok(())
}

fn sets(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let file = "sets.csv";
    let table = Table::read(dir, file)?;
    let names = table.texts("set", file)?;
    let share = table.numbers("completed_share", file)?;
    let with = table.numbers("win_rate_completed", file)?;
    let without = table.numbers("win_rate_missed", file)?;
    blocks.push(Block::Heading("Colour sets".into()));
    let gaps: Vec<(String, f64)> = (0..names.len())
        .map(|i| (names[i].replace('_', " "), with[i] - without[i]))
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
    let rows = (0..names.len())
        .map(|i| {
            vec![
                names[i].replace('_', " "),
                percent(share[i]),
                percent(with[i]),
                percent(without[i]),
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
    let file = "landings.csv";
    let table = Table::read(dir, file)?;
    let names = table.texts("name", file)?;
    let spaces = table.texts("space", file)?;
    let share = table.numbers("share_of_landings", file)?;
    blocks.push(Block::Heading("Where tokens land".into()));
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| share[b].total_cmp(&share[a]));
    let top: Vec<String> = order
        .iter()
        .take(3)
        .map(|&i| format!("{} ({})", names[i], percent(share[i])))
        .collect();
    blocks.push(Block::Paragraph(format!(
        "A uniform board would give each of the {} spaces {} of the landings. The most visited: {}.",
        names.len(),
        percent(1.0 / names.len().max(1) as f64),
        top.join(", ")
    )));
    let bars: Vec<(String, f64)> = (0..names.len())
        .map(|i| (format!("{} {}", spaces[i], names[i]), share[i]))
        .collect();
    blocks.push(chart(
        "landings.svg",
        "Share of landings by space",
        value_bars("Landings by space", "share of all landings", &bars),
    )?);
    Ok(())
}

fn owl_post(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let file = "owl_post.csv";
    let table = Table::read(dir, file)?;
    let names = table.texts("card", file)?;
    let howler = table.texts("howler", file)?;
    let effect = table.numbers("mean_effect", file)?;
    blocks.push(Block::Heading("Owl Post".into()));
    blocks.push(Block::Paragraph(
        "Each card's mean effect is the drawer's change of points while it was carried out: a \
         move's GO reward, purchases and rent on arrival included."
            .into(),
    ));
    let rows = (0..names.len())
        .map(|i| {
            vec![
                names[i].clone(),
                if howler[i] == "true" { "yes" } else { "no" }.to_string(),
                format!("{:+.1}", effect[i]),
            ]
        })
        .collect();
    blocks.push(Block::Table {
        header: ["card", "Howler", "mean effect"].map(String::from).to_vec(),
        rows,
    });
    let bars: Vec<(String, f64)> = (0..names.len())
        .map(|i| {
            let short: String = names[i].chars().take(32).collect();
            (short, effect[i])
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
    let file = "trades.csv";
    let table = Table::read(dir, file)?;
    blocks.push(Block::Heading("Trades, crests and going out".into()));
    let bots = table.texts("bot", file)?;
    let accepted = table.numbers("accepted_per_game", file)?;
    let out = table.numbers("out_rate", file)?;
    let sentences: Vec<String> = (0..bots.len())
        .map(|i| {
            format!(
                "{} has {:.2} of its offers accepted a game and goes out in {} of its games.",
                bots[i],
                accepted[i],
                percent(out[i])
            )
        })
        .collect();
    blocks.push(Block::Paragraph(sentences.join(" ")));
    blocks.push(Block::Table {
        header: table.header.clone(),
        rows: table.rows.clone(),
    });
    Ok(())
}

fn endings(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let file = "endings.csv";
    let table = Table::read(dir, file)?;
    let names = table.texts("ending", file)?;
    let share = table.numbers("share", file)?;
    blocks.push(Block::Heading("How games end".into()));
    let said: Vec<String> = (0..names.len())
        .map(|i| {
            let how = match names[i].as_str() {
                "explored" => "every property explored",
                "last_standing" => "one player left",
                "turn_cap" => "stopped at the turn cap (a stalled game)",
                other => other,
            };
            format!("{how}: {}", percent(share[i]))
        })
        .collect();
    blocks.push(Block::Paragraph(format!("{}.", said.join("; "))));
    Ok(())
}
