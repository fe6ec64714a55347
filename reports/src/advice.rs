//! Advice: each sentence comes from a paired comparison of two policies (`owlery effect
//! scrabble-hp --every-policy`: the `cards` policy holding a card back against the same bot
//! playing it the first turn it may) and quotes its effect; none is written from a
//! correlation.

use std::path::Path;

use crate::guide::{GuideError, capitalised};
use crate::schema::{self, EffectRow, POLICY_EFFECTS};

/// The comparisons measured into the run's directory, if any.
pub(crate) fn policy_effects(dir: &Path) -> Result<Vec<EffectRow>, GuideError> {
    if dir.join(POLICY_EFFECTS).exists() {
        Ok(schema::read_file::<EffectRow>(dir, POLICY_EFFECTS)?)
    } else {
        Ok(Vec::new())
    }
}

/// One sentence of advice from one comparison: hold the card, play it at once, or either,
/// as the paired interval says.
pub(crate) fn sentence(row: &EffectRow) -> String {
    let card = capitalised(&row.name.replace('_', " "));
    let until = row
        .change
        .strip_prefix("held until ")
        .unwrap_or(&row.change);
    // Worth of holding: the policy's arm minus the arm playing at once.
    let (worth, low, high) = (
        -100.0 * row.win_rate_effect.0,
        -100.0 * row.win_ci95_high.0,
        -100.0 * row.win_ci95_low.0,
    );
    let evidence = format!("95 % {low:+.1} to {high:+.1}, over {} deals", row.deals);
    if low > 0.0 {
        format!(
            "Hold {card} until {until}: that is worth {worth:+.1} points of win rate against \
             playing it the first turn you may ({evidence})."
        )
    } else if high < 0.0 {
        format!(
            "Play {card} the first turn you may: holding it until {until} costs {:.1} points \
             of win rate ({evidence}).",
            -worth
        )
    } else {
        format!(
            "{card}: holding it until {until} or playing it the first turn you may made no \
             difference these games could measure ({worth:+.1} points of win rate for holding, \
             {evidence})."
        )
    }
}

/// The advice paragraph: a sentence per comparison, or how to measure them.
pub(crate) fn paragraph(rows: &[EffectRow]) -> String {
    if rows.is_empty() {
        return "No advice is given without a paired comparison of two policies: `owlery effect \
                scrabble-hp --every-policy --out RUN` (the run's rules, the first bot `cards`) \
                plays every deal with the `cards` policy's timing of each card and with that \
                card played the first turn it may, and the guide then says which to do, with \
                the effect measured."
            .into();
    }
    let sentences: Vec<String> = rows.iter().map(sentence).collect();
    format!(
        "Advice, each from paired games of two policies (the same deals, the first bot's \
         timing of one card changed): {}",
        sentences.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::Fixed;

    fn row(effect: f64, low: f64, high: f64) -> EffectRow {
        EffectRow {
            change: "held until another card is held".into(),
            group: "policy".into(),
            name: "gemino".into(),
            deals: 400,
            games: 400,
            base_win_rate: Fixed(0.5),
            changed_win_rate: Fixed(0.5 + effect),
            win_rate_effect: Fixed(effect),
            win_ci95_low: Fixed(low),
            win_ci95_high: Fixed(high),
            base_mean_score: Fixed(300.0),
            changed_mean_score: Fixed(300.0),
            score_effect: Fixed(0.0),
            score_ci95_low: Fixed(0.0),
            score_ci95_high: Fixed(0.0),
            variance_ratio: Fixed(0.5),
            level_variance_ratio: Fixed(1.0),
        }
    }

    #[test]
    fn the_interval_decides_the_advice() {
        assert_eq!(
            sentence(&row(-0.03, -0.05, -0.01)),
            "Hold Gemino until another card is held: that is worth +3.0 points of win rate \
             against playing it the first turn you may (95 % +1.0 to +5.0, over 400 deals)."
        );
        assert_eq!(
            sentence(&row(0.02, 0.01, 0.03)),
            "Play Gemino the first turn you may: holding it until another card is held costs \
             2.0 points of win rate (95 % -3.0 to -1.0, over 400 deals)."
        );
        assert!(sentence(&row(0.01, -0.01, 0.03)).starts_with(
            "Gemino: holding it until another card is held or playing it the first turn \
                 you may made no difference these games could measure (-1.0 points"
        ));
    }
}
