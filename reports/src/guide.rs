//! The strategy guide: the run's tables turned into sentences, tables and charts.

use std::collections::BTreeMap;
use std::path::Path;

use crate::charts::{RateBar, Series, distribution, rate_bars, value_bars};
use crate::document::{Block, html, markdown};
use crate::schema::{
    self, BotRow, CardByBotRow, CardRow, EffectRow, EloRow, HeadToHeadRow, LengthRow,
    MIN_GROUP_GAMES, Manifest, RecordColumns, Row, ScoreRow, SeatRow, TableError,
};

/// A guide that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum GuideError {
    /// A table is missing or malformed.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A chart failed to draw.
    #[error("drawing {chart}: {message}")]
    Chart {
        /// The chart.
        chart: String,
        /// What went wrong.
        message: String,
    },
    /// The guide could not be written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// What the operating system said (in the message, so not also a source: an error
        /// chain would say it twice).
        error: std::io::Error,
    },
}

/// One row of a bots, seats or houses table.
#[derive(Debug, Clone)]
pub(crate) struct Standing {
    pub(crate) label: String,
    pub(crate) games: u64,
    pub(crate) rate: f64,
    pub(crate) low: f64,
    pub(crate) high: f64,
    pub(crate) mean_score: f64,
    pub(crate) mean_margin: f64,
}

impl Standing {
    /// The standing of `label` with `record`.
    pub(crate) fn new(label: String, record: RecordColumns) -> Standing {
        Standing {
            label,
            games: record.games,
            rate: record.win_rate.0,
            low: record.ci95_low.0,
            high: record.ci95_high.0,
            mean_score: record.mean_score.0,
            mean_margin: record.mean_margin.0,
        }
    }
}

/// Each seat's standing, from seats.csv.
pub(crate) fn seat_standings(dir: &Path) -> Result<Vec<Standing>, GuideError> {
    Ok(schema::read::<SeatRow>(dir)?
        .into_iter()
        .map(|row| Standing::new(row.seat.to_string(), row.record()))
        .collect())
}

/// A rate as a percentage with one decimal.
pub(crate) fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// A table of records for the guide.
pub(crate) fn standings_table(key: &str, rows: &[Standing]) -> Block {
    Block::Table {
        header: [
            key,
            "games",
            "win rate",
            "95% interval",
            "mean score",
            "mean margin",
        ]
        .map(String::from)
        .to_vec(),
        rows: rows
            .iter()
            .map(|s| {
                vec![
                    s.label.clone(),
                    format!("{}", s.games),
                    percent(s.rate),
                    format!("{} to {}", percent(s.low), percent(s.high)),
                    format!("{:.1}", s.mean_score),
                    format!("{:+.1}", s.mean_margin),
                ]
            })
            .collect(),
    }
}

/// A chart block, or the error of drawing it.
pub(crate) fn chart(
    file: &str,
    caption: &str,
    svg: Result<String, String>,
) -> Result<Block, GuideError> {
    let svg = svg.map_err(|message| GuideError::Chart {
        chart: file.to_string(),
        message,
    })?;
    Ok(Block::Chart {
        file: file.to_string(),
        caption: caption.to_string(),
        svg,
    })
}

/// Win-rate bars of records.
pub(crate) fn bars(rows: &[Standing]) -> Vec<RateBar> {
    rows.iter()
        .map(|s| RateBar {
            label: s.label.clone(),
            rate: s.rate,
            low: s.low,
            high: s.high,
        })
        .collect()
}

/// The sentence a player reads about one pairing.
fn pairing_sentence(pair: &HeadToHeadRow) -> String {
    let (bot, opponent, games) = (&pair.bot, &pair.opponent, pair.games);
    let (rate, low, high) = (pair.win_rate.0, pair.ci95_low.0, pair.ci95_high.0);
    // Each pairing appears from both sides: tell it once, from the side that scores more.
    if rate < 0.5 || (rate == 0.5 && bot > opponent) {
        return String::new();
    }
    let verdict = if pair.significant {
        if rate > 0.5 {
            format!("{bot} is the stronger player")
        } else {
            format!("{opponent} is the stronger player")
        }
    } else {
        "the difference is not significant at this sample size: play more games before concluding"
            .to_string()
    };
    format!(
        "Against {opponent}, {bot} wins {} of their games ({games} games, a tie as half; 95% interval {} to {}): {verdict}.",
        percent(rate),
        percent(low),
        percent(high)
    )
}

/// With three seats or more the first seat is not the whole story: which seat wins most and
/// which least, against the fair share.
fn seat_order_sentence(seats: &[Standing]) -> Option<String> {
    if seats.len() < 3 {
        return None;
    }
    let most = seats.iter().max_by(|a, b| a.rate.total_cmp(&b.rate))?;
    let least = seats.iter().min_by(|a, b| a.rate.total_cmp(&b.rate))?;
    if std::ptr::eq(most, &seats[0]) {
        // The sentence before gave the first seat's figures.
        return Some(format!(
            "No other of the {} seats does as well; seat {} does worst ({}, 95% interval {} to {}), against a fair share of {}.",
            seats.len(),
            least.label,
            percent(least.rate),
            percent(least.low),
            percent(least.high),
            percent(1.0 / seats.len() as f64),
        ));
    }
    Some(format!(
        "Of the {} seats, seat {} does best ({}, 95% interval {} to {}) and seat {} worst ({}, {} to {}), against a fair share of {}.",
        seats.len(),
        most.label,
        percent(most.rate),
        percent(most.low),
        percent(most.high),
        least.label,
        percent(least.rate),
        percent(least.low),
        percent(least.high),
        percent(1.0 / seats.len() as f64),
    ))
}

/// The guide's title for the run of `manifest`.
pub fn title(manifest: &Manifest) -> String {
    format!(
        "Owlery strategy guide: {} ({}, {} games)",
        manifest.game,
        manifest.bots.join(" vs "),
        manifest.games
    )
}

/// Writes `out/guide.md`, `out/guide.html` and `out/charts/*.svg` from the run in `dir`, which
/// `manifest` describes.
pub fn write_guide(dir: &Path, manifest: &Manifest, out: &Path) -> Result<(), GuideError> {
    let mut blocks = Vec::new();
    let bots: Vec<Standing> = schema::read::<BotRow>(dir)?
        .into_iter()
        .map(|row| Standing::new(row.bot.clone(), row.record()))
        .collect();
    // Every game has a first seat; a bot in several seats counts a game once for each.
    let seats = seat_standings(dir)?;
    let total_games = seats.iter().map(|s| s.games).max().unwrap_or(0);
    blocks.push(Block::Paragraph(format!(
        "Figures from {} simulated games. Win rates count a tie as half a win; intervals are Wilson 95% intervals, \
         and a difference is called significant only when its interval excludes one half.",
        total_games
    )));

    blocks.push(Block::Heading("Which strategy wins".into()));
    if let [only] = &bots[..] {
        blocks.push(Block::Paragraph(format!(
            "{} held every seat, so no strategy is compared here; the sections below compare \
             the seats (and the houses and cards, where the game has them).",
            only.label
        )));
    } else if let Some(best) = bots.iter().max_by(|a, b| a.rate.total_cmp(&b.rate)) {
        blocks.push(Block::Paragraph(format!(
            "{} wins most often: {} of its games (95% interval {} to {}), by {:+.1} points on average.",
            best.label,
            percent(best.rate),
            percent(best.low),
            percent(best.high),
            best.mean_margin
        )));
    }
    blocks.push(standings_table("bot", &bots));
    blocks.push(chart(
        "bots.svg",
        "Win rate by bot, with 95% intervals",
        rate_bars("Win rate by bot", &bars(&bots), 0.5),
    )?);
    for pair in &schema::read::<HeadToHeadRow>(dir)? {
        let sentence = pairing_sentence(pair);
        if !sentence.is_empty() {
            blocks.push(Block::Paragraph(sentence));
        }
    }
    let elo = schema::read::<EloRow>(dir)?;
    if elo.len() > 1 {
        blocks.push(Block::Paragraph(
            "Elo ratings fitted to every pairing (mean 1500):".into(),
        ));
        blocks.push(Block::Table {
            header: schema::header::<EloRow>(),
            rows: elo
                .iter()
                .map(|row| vec![row.bot.clone(), format!("{:.1}", row.elo.0)])
                .collect(),
        });
    }

    blocks.push(Block::Heading("Does moving first matter".into()));
    if let Some(first) = seats.first() {
        let fair = first.low <= 1.0 / seats.len() as f64 && first.high >= 1.0 / seats.len() as f64;
        blocks.push(Block::Paragraph(format!(
            "The player who moves first wins {} of games (95% interval {} to {}){}",
            percent(first.rate),
            percent(first.low),
            percent(first.high),
            if fair {
                ": no significant edge from the seat at this sample size."
            } else if first.rate > 1.0 / seats.len() as f64 {
                ": a real first-move advantage."
            } else {
                ": moving first is a real disadvantage."
            }
        )));
    }
    if let Some(sentence) = seat_order_sentence(&seats) {
        blocks.push(Block::Paragraph(sentence));
    }
    blocks.push(standings_table("seat", &seats));
    blocks.push(chart(
        "seats.svg",
        "Win rate by seat (seat 1 moves first)",
        rate_bars(
            "Win rate by seat",
            &bars(&seats),
            1.0 / seats.len().max(1) as f64,
        ),
    )?);

    if dir.join(schema::HouseRow::FILE).exists() {
        crate::houses::section(dir, manifest, &mut blocks)?;
    }
    if dir.join(CardRow::FILE).exists() {
        // The command that measures the cards' effects, where one does.
        let command = if !manifest.is_card_game() {
            "owlery effect scrabble-hp".to_string()
        } else if is_rummy(dir, manifest) {
            String::new()
        } else {
            let variant = manifest.variant.as_deref().unwrap_or("classic");
            format!("owlery effect scrabble-cards --variant {variant}")
        };
        card_section(dir, manifest.is_card_game(), &command, &mut blocks)?;
    }
    if dir.join(CardByBotRow::FILE).exists() {
        card_policy_section(dir, &mut blocks)?;
    }
    crate::monopoly::sections(dir, &mut blocks)?;

    blocks.push(Block::Heading("Scores".into()));
    let mut by_bot: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    for row in schema::read::<ScoreRow>(dir)? {
        let point = (f64::from(row.score_from) + 5.0, row.games as f64);
        by_bot.entry(row.bot).or_default().push(point);
    }
    let series: Vec<Series> = by_bot
        .into_iter()
        .map(|(label, points)| {
            let total: f64 = points.iter().map(|p| p.1).sum::<f64>().max(1.0);
            Series {
                label,
                points: points.into_iter().map(|(x, y)| (x, y / total)).collect(),
            }
        })
        .collect();
    blocks.push(Block::Paragraph(
        bots.iter()
            .map(|s| format!("{} averages {:.1} points a game.", s.label, s.mean_score))
            .collect::<Vec<_>>()
            .join(" "),
    ));
    blocks.push(chart(
        "scores.svg",
        "Final scores by bot (10-point buckets)",
        distribution("Final scores", "score", &series),
    )?);

    crate::plays::section(dir, &mut blocks)?;
    crate::letters::section(dir, &mut blocks)?;

    blocks.push(Block::Heading("Game length".into()));
    let lengths = schema::read::<LengthRow>(dir)?;
    let turns: Vec<f64> = lengths.iter().map(|row| f64::from(row.turns)).collect();
    let counts: Vec<f64> = lengths.iter().map(|row| row.games as f64).collect();
    let played: f64 = counts.iter().sum::<f64>().max(1.0);
    let mean = turns.iter().zip(&counts).map(|(t, c)| t * c).sum::<f64>() / played;
    // Rummy's tables count a game's length in rounds.
    let steps = if is_rummy(dir, manifest) {
        "rounds"
    } else {
        "turns"
    };
    // A turn is one player's: a round of every player is as many turns as players.
    let whose = if steps == "turns" {
        " (a turn is one player's turn, every player's counted)"
    } else {
        ""
    };
    blocks.push(Block::Paragraph(format!(
        "A game lasts {mean:.1} {steps} on average{whose}."
    )));
    let series = [Series {
        label: "all games".into(),
        points: turns
            .iter()
            .zip(&counts)
            .map(|(t, c)| (*t, c / played))
            .collect(),
    }];
    blocks.push(chart(
        "lengths.svg",
        &format!("Games by number of {steps}"),
        distribution("Game length", steps, &series),
    )?);

    write_document(out, &title(manifest), &blocks)
}

/// Writes `blocks` as `out/guide.md`, `out/guide.html` and the charts in `out/charts/`.
pub(crate) fn write_document(out: &Path, title: &str, blocks: &[Block]) -> Result<(), GuideError> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |error| GuideError::Io { path, error }
    };
    let charts = out.join("charts");
    std::fs::create_dir_all(&charts).map_err(io(&charts))?;
    for block in blocks {
        if let Block::Chart { file, svg, .. } = block {
            let path = charts.join(file);
            std::fs::write(&path, svg).map_err(io(&path))?;
        }
    }
    let md = out.join("guide.md");
    std::fs::write(&md, markdown(title, blocks)).map_err(io(&md))?;
    let page = out.join("guide.html");
    std::fs::write(&page, html(title, blocks)).map_err(io(&page))?;
    Ok(())
}

/// Each word with a capital: `felix felicis` becomes `Felix Felicis`.
pub(crate) fn capitalised(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each card under each bot's policy, side by side (when the run had two bots or more).
fn card_policy_section(dir: &Path, blocks: &mut Vec<Block>) -> Result<(), GuideError> {
    let rows = schema::read::<CardByBotRow>(dir)?;
    let mut names: Vec<String> = rows.iter().map(|row| row.bot.clone()).collect();
    names.sort();
    names.dedup();
    if names.len() < 2 {
        return Ok(());
    }
    blocks.push(Block::Heading("Each card under each bot's policy".into()));
    blocks.push(Block::Paragraph(
        "The same cards, played when each bot chose to: how often, and what a play gained on its turn."
            .into(),
    ));
    let mut by_card: BTreeMap<&str, BTreeMap<&str, (u64, f64)>> = BTreeMap::new();
    for row in &rows {
        by_card
            .entry(&row.card)
            .or_default()
            .insert(&row.bot, (row.played, row.mean_points_when_played.0));
    }
    let mut header = vec!["card".to_string()];
    for name in &names {
        header.push(format!("{name}: plays"));
        header.push(format!("{name}: points a play"));
    }
    let rows = by_card
        .iter()
        .map(|(card, policies)| {
            let mut row = vec![capitalised(&card.replace('_', " "))];
            for name in &names {
                let (plays, gain) = policies.get(name.as_str()).copied().unwrap_or_default();
                row.push(format!("{plays}"));
                row.push(format!("{gain:.1}"));
            }
            row
        })
        .collect();
    blocks.push(Block::Table { header, rows });
    Ok(())
}

/// Whether the run is of the card game's Rummy variant, as its manifest says; a manifest from
/// before manifests named the variant leaves it to the table only Rummy writes.
fn is_rummy(dir: &Path, manifest: &Manifest) -> bool {
    match &manifest.variant {
        Some(_) => manifest.is_rummy(),
        None => manifest.is_card_game() && dir.join(crate::schema::RUMMY_LETTERS).exists(),
    }
}

/// The column of each card's measured worth, beside the correlations.
pub(crate) const WORTH_HEADER: &str = "worth to its drawer, points of win rate (paired, 95 %)";

/// Each card's measured effect, where `owlery effect --every-card` wrote it into the run.
pub(crate) fn card_effects(dir: &Path) -> Result<Vec<EffectRow>, GuideError> {
    if dir.join(schema::CARD_EFFECTS).exists() {
        Ok(schema::read_file::<EffectRow>(dir, schema::CARD_EFFECTS)?)
    } else {
        Ok(Vec::new())
    }
}

/// A card's worth to its drawer as a cell: with it minus without (the negative of the
/// measured change), its interval and its deals.
pub(crate) fn worth_cell(effects: &[EffectRow], card: &str) -> String {
    match effects.iter().find(|row| row.name == card) {
        Some(row) => format!(
            "{:+.1} ({:+.1} to {:+.1}) over {} deals",
            -100.0 * row.win_rate_effect.0,
            -100.0 * row.win_ci95_high.0,
            -100.0 * row.win_ci95_low.0,
            row.deals
        ),
        None => "not measured".to_string(),
    }
}

/// What the paired measurements say of the cards: the most and least valuable to draw, each
/// with its interval, or how to measure them when the run has none.
pub(crate) fn effects_text(effects: &[EffectRow], command: &str) -> String {
    // Worth: with the power minus without.
    let worth = |row: &EffectRow| -row.win_rate_effect.0;
    let most = effects.iter().max_by(|a, b| worth(a).total_cmp(&worth(b)));
    let least = effects.iter().min_by(|a, b| worth(a).total_cmp(&worth(b)));
    let (Some(most), Some(least)) = (most, least) else {
        return if command.is_empty() {
            "The win rates above are correlations; no card's effect was measured for this game."
                .into()
        } else {
            format!(
                "No card's effect was measured in this run: `{command} --every-card --out RUN` \
                 (the run's bots and rules) plays every deal with and without each card's power \
                 and puts what each is worth beside this table."
            )
        };
    };
    let told = |row: &EffectRow| {
        format!(
            "{} ({:+.1} points of win rate to the player who drew it, 95 % {:+.1} to {:+.1}, over {} deals)",
            capitalised(&row.name.replace('_', " ")),
            -100.0 * row.win_rate_effect.0,
            -100.0 * row.win_ci95_high.0,
            -100.0 * row.win_ci95_low.0,
            row.deals
        )
    };
    format!(
        "Measured by paired games (each deal played with the card's power and without it, the \
         same draws): the card most worth drawing is {}; the least, {}. These are effects, not \
         correlations: the rest of the game is the same on both sides of each pair.",
        told(most),
        told(least)
    )
}

/// What the cards are worth: each card's plays, points and win rates, and a chart of the gaps.
fn card_section(
    dir: &Path,
    card_game: bool,
    command: &str,
    blocks: &mut Vec<Block>,
) -> Result<(), GuideError> {
    let cards = schema::read::<CardRow>(dir)?;
    // Each card's effect, where `owlery effect --every-card` measured it into the run.
    let effects = card_effects(dir)?;
    blocks.push(Block::Heading(
        if card_game {
            "What the cards are worth"
        } else {
            "What the Hogwarts cards are worth"
        }
        .into(),
    ));
    let mut rows = Vec::new();
    let mut sentences = Vec::new();
    for card in &cards {
        let name = capitalised(&card.card.replace('_', " "));
        let points = card.mean_points_when_played.0;
        // A difference is only ever called on groups the test can judge (the runner's rule).
        let too_few = card.games_played.min(card.games_not_played) < MIN_GROUP_GAMES;
        rows.push(vec![
            name.clone(),
            format!("{}", card.drawn),
            format!("{}", card.played),
            format!("{points:.1}"),
            format!(
                "{} of {} seat-games",
                percent(card.win_rate_played.0),
                card.games_played
            ),
            format!(
                "{} of {}",
                percent(card.win_rate_not_played.0),
                card.games_not_played
            ),
            match (card.significant, too_few) {
                (true, _) => "yes".into(),
                (false, true) => format!("too few games (under {MIN_GROUP_GAMES} a side)"),
                (false, false) => "no".into(),
            },
        ]);
        if !effects.is_empty() {
            let worth = worth_cell(&effects, &card.card);
            rows.last_mut().expect("just pushed").push(worth);
        }
        if card.played > 0 && points > 0.0 {
            sentences.push(format!(
                "{name} gains {points:.1} points a play on average."
            ));
        }
    }
    let explained = if card_game {
        "A Premium card's points are what it added to its turn. An Action category's (Forfeit) are \
         its swing: the points its player gained on their own words, or took from an opponent's. \
         A Round card's (Rummy) count the rounds a player sat as draws, the rounds in which they laid \
         words as plays, and those rounds' mean score: plays over draws is the round's success rate."
    } else {
        "Points gained count what the card adds on its own turn (Bonus letters, Rictusempra, Competition cards, \
         Revelio's extra Glossary points); a card's worth beyond its turn (an extra turn, a better rack) shows in \
         the win rates of the players who played it against those who did not, which also reflect who draws \
         more cards: compare bots of the same kind."
    };
    let explained = format!(
        "{explained} The win rates are correlations over seat-games (a seat in one game), not the card's \
         effect; two rates are said to differ only when each side holds {MIN_GROUP_GAMES} seat-games or more \
         and a two-proportion test at the 5 % level separates them."
    );
    blocks.push(Block::Paragraph(explained));
    if !sentences.is_empty() {
        blocks.push(Block::Paragraph(sentences.join(" ")));
    }
    blocks.push(Block::Paragraph(effects_text(&effects, command)));
    if !card_game {
        let policies = crate::advice::policy_effects(dir)?;
        blocks.push(Block::Paragraph(crate::advice::paragraph(&policies)));
    }
    let mut header: Vec<String> = [
        "card",
        "draws",
        "plays",
        "points a play",
        "win rate when played (correlation)",
        "win rate otherwise (correlation)",
        "rates differ (95 %)",
    ]
    .map(String::from)
    .to_vec();
    if !effects.is_empty() {
        header.push(WORTH_HEADER.into());
    }
    blocks.push(Block::Table { header, rows });
    let gains: Vec<(String, f64)> = cards
        .iter()
        .filter(|card| card.played > 0)
        .map(|card| {
            (
                capitalised(&card.card.replace('_', " ")),
                card.win_rate_played.0 - card.win_rate_not_played.0,
            )
        })
        .collect();
    blocks.push(chart(
        "cards.svg",
        "Win rate of the players who played each card, minus that of those who did not",
        value_bars(
            "Win rate gap when played",
            "win rate when played minus otherwise",
            &gains,
        ),
    )?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(label: &str, rate: f64) -> Standing {
        Standing {
            label: label.into(),
            games: 1000,
            rate,
            low: rate - 0.02,
            high: rate + 0.02,
            mean_score: 0.0,
            mean_margin: 0.0,
        }
    }

    #[test]
    fn with_more_than_two_seats_the_best_and_worst_seats_are_named() {
        let two = [seat("1", 0.55), seat("2", 0.45)];
        assert_eq!(
            seat_order_sentence(&two),
            None,
            "the first seat says it all"
        );
        let second_best = [
            seat("1", 0.28),
            seat("2", 0.30),
            seat("3", 0.23),
            seat("4", 0.19),
        ];
        assert_eq!(
            seat_order_sentence(&second_best).unwrap(),
            "Of the 4 seats, seat 2 does best (30.0%, 95% interval 28.0% to 32.0%) and seat 4 \
             worst (19.0%, 17.0% to 21.0%), against a fair share of 25.0%."
        );
        let first_best = [seat("1", 0.40), seat("2", 0.33), seat("3", 0.27)];
        assert_eq!(
            seat_order_sentence(&first_best).unwrap(),
            "No other of the 3 seats does as well; seat 3 does worst (27.0%, 95% interval 25.0% \
             to 29.0%), against a fair share of 33.3%."
        );
    }
}
