//! The end of a game in words, the same in every game: who won and by how much, or who tied,
//! and what each end adjustment was for.

/// The sentence naming the winner of final `scores` (players named `labels`, "player 1
/// (greedy)"), or the players who tie for the most: a tie that stands is a shared win (Rummy's
/// deciding round is played before the end).
pub fn verdict(labels: &[String], scores: &[i32]) -> String {
    let Some(&best) = scores.iter().max() else {
        return "no players".to_string();
    };
    let leaders: Vec<&str> = labels
        .iter()
        .zip(scores)
        .filter(|&(_, &score)| score == best)
        .map(|(label, _)| label.as_str())
        .collect();
    let runner_up = scores.iter().filter(|&&score| score < best).max();
    match (leaders.as_slice(), runner_up) {
        ([winner], Some(second)) => {
            format!(
                "{winner} wins with {best}, {} ahead of the next",
                best - second
            )
        }
        ([winner], None) => format!("{winner} wins with {best}"),
        (tied, _) => format!("{} tie with {best}: the win is shared", and_list(tied)),
    }
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A player's label in the end lines: "player 2 (greedy)".
pub fn label(seat: usize, name: &str) -> String {
    format!("player {} ({name})", seat + 1)
}

/// What a crossword or card player's end adjustment was for: the tiles (or cards) left in
/// their own hand taken off, the others' added for going out, or their own kept (Hufflepuff).
pub fn adjustment_note(adjustment: i32, left: &str, what: &str, keeps_own: bool) -> String {
    match adjustment {
        0 if left.is_empty() => format!("no {what} left"),
        0 => format!("{what} left {left}, worth nothing"),
        gain if gain > 0 && keeps_own && !left.is_empty() => {
            format!("{gain:+} for its own {what} left, {left}, which Hufflepuff keeps")
        }
        gain if gain > 0 => format!("{gain:+} for the {what} the others had left"),
        loss => format!("{loss:+} for the {what} left, {left}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(names: &[&str]) -> Vec<String> {
        names
            .iter()
            .enumerate()
            .map(|(seat, name)| label(seat, name))
            .collect()
    }

    #[test]
    fn the_winner_is_named_with_the_margin() {
        assert_eq!(
            verdict(&labels(&["human", "greedy"]), &[-8, 957]),
            "player 2 (greedy) wins with 957, 965 ahead of the next"
        );
        assert_eq!(
            verdict(&labels(&["a", "b", "c"]), &[300, 120, 300]),
            "player 1 (a) and player 3 (c) tie with 300: the win is shared"
        );
        assert_eq!(
            verdict(&labels(&["a", "b", "c"]), &[5, 5, 5]),
            "player 1 (a), player 2 (b) and player 3 (c) tie with 5: the win is shared"
        );
    }

    #[test]
    fn each_adjustment_says_what_it_was_for() {
        assert_eq!(
            adjustment_note(-8, "AEEEPR", "tiles", false),
            "-8 for the tiles left, AEEEPR"
        );
        assert_eq!(
            adjustment_note(8, "", "tiles", false),
            "+8 for the tiles the others had left"
        );
        assert_eq!(
            adjustment_note(6, "QI", "tiles", true),
            "+6 for its own tiles left, QI, which Hufflepuff keeps"
        );
        assert_eq!(adjustment_note(0, "", "cards", false), "no cards left");
    }
}
