//! Scrabble: Harry Potter Edition as text, for the terminal and the web page alike: each turn
//! told in a line, the turn's events as GCG notes, and the best moves for a hint (card plays
//! are read and written by `engine::hogwarts::notation`).

use engine::hogwarts::{Card, CardEvent, CardPlay, CardTable, House, HpGame, HpObservation};
use engine::scrabble::tiles::kind_char;
use engine::scrabble::{Move, MoveGen, Placement, check_placement};

use crate::gcg::Reader;
use crate::verdict;

/// The line telling turn `index` of the game (its move, score and what came with it).
pub fn turn_line(game: &HpGame, names: &[String], index: usize) -> String {
    let core = game.core();
    let turn = &core.history()[index];
    let report = &game.reports()[index];
    // Another seat may see how many tiles an exchange returned, never which.
    let action = match turn.action {
        engine::scrabble::Move::Exchange(tiles) => format!("exchanges {} tile(s)", tiles.len()),
        other => other.notation(core.board()),
    };
    let mut line = format!(
        "player {} ({}, {}): {action} {:+}",
        turn.seat + 1,
        game.houses()[turn.seat],
        names[turn.seat],
        report.score
    );
    if let Some(word) = &report.challenged_off {
        line += &format!(" [{word} is not a word: challenged off, the turn lost]");
    }
    if let Some(card) = report.card_played {
        line += &format!(" [played {card}]");
    }
    if !report.glossary_words.is_empty() {
        line += &format!(" [Glossary: {}]", report.glossary_words.join(", "));
    }
    if !report.cards_drawn.is_empty() {
        line += &format!(" [drew {} card(s)]", report.cards_drawn.len());
    }
    line
}

/// Who may read a line of the game's story.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Everyone at the table.
    Everyone,
    /// Only these seats (the same seat twice: one seat alone).
    Seats(usize, usize),
}

/// A line of the game's story and who may read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// The line.
    pub text: String,
    /// Who may read it.
    pub audience: Audience,
}

impl Told {
    fn everyone(text: String) -> Told {
        Told {
            text,
            audience: Audience::Everyone,
        }
    }

    fn only(seats: (usize, usize), text: String) -> Told {
        Told {
            text,
            audience: Audience::Seats(seats.0, seats.1),
        }
    }

    /// Whether `reader` may read the line.
    pub fn read_by(&self, reader: Reader) -> bool {
        match (self.audience, reader) {
            (Audience::Everyone, _) | (_, Reader::Referee) => true,
            (Audience::Seats(a, b), Reader::Seat(seat)) => seat == a || seat == b,
            (Audience::Seats(..), Reader::Spectator) => false,
        }
    }
}

/// The lines telling a card event: a card played before a move (what it did to another
/// player, told in full only to the two), a Competition card drawn (scored at once), and
/// another card drawn, told only to its holder.
pub fn card_lines(game: &HpGame, names: &[String], event: &CardEvent) -> Vec<Told> {
    let who = |seat: usize| {
        format!(
            "player {} ({}, {})",
            seat + 1,
            game.houses()[seat],
            names[seat]
        )
    };
    let tile = |kind: usize| kind_char(kind).to_string();
    match *event {
        CardEvent::Drew { seat, card, points } if card.is_competition() => {
            let when = if game.core().history().is_empty() {
                " on the first turn (Gryffindor's opening card)"
            } else {
                ""
            };
            vec![Told::everyone(format!(
                "{} draws {card}, a Competition card: {points:+} points{when}",
                who(seat)
            ))]
        }
        CardEvent::Drew { seat, card, .. } => vec![Told::only(
            (seat, seat),
            format!("{} draws {card}, unseen by the others", who(seat)),
        )],
        CardEvent::Played {
            seat,
            play,
            points,
            took,
        } => {
            let card = play.card();
            let scored = if points != 0 {
                format!(" ({points:+} points)")
            } else {
                String::new()
            };
            // What the card did, told to all; the tiles that moved, to the two players alone.
            let (effect, private) = match play {
                CardPlay::Reparo => (": another whole turn after this one".to_string(), None),
                CardPlay::Expelliarmus { target } => {
                    let taken = if took.is_some() {
                        "a tile taken unseen"
                    } else {
                        "their rack is empty"
                    };
                    let private = took.map(|kind| {
                        Told::only(
                            (seat, target),
                            format!(
                                "player {} takes {} from player {}'s rack",
                                seat + 1,
                                tile(kind),
                                target + 1
                            ),
                        )
                    });
                    (format!(" on player {}: {taken}", target + 1), private)
                }
                CardPlay::Veritaserum {
                    target,
                    letter,
                    give,
                } => {
                    let letter = tile(usize::from(letter));
                    let answer = if took.is_some() {
                        format!("player {} hands one over for a tile", target + 1)
                    } else {
                        format!("player {} holds none", target + 1)
                    };
                    let private = took.map(|_| {
                        Told::only(
                            (seat, target),
                            format!(
                                "player {} gives {} to player {} for the {letter}",
                                seat + 1,
                                tile(give),
                                target + 1
                            ),
                        )
                    });
                    let effect = format!(", asking player {} for {letter}: {answer}", target + 1);
                    (effect, private)
                }
                _ => (String::new(), None),
            };
            let public = format!("{} plays {card}{scored}{effect}", who(seat));
            std::iter::once(Told::everyone(public))
                .chain(private)
                .collect()
        }
    }
}

/// The line telling a challenge of turn `index`'s words, which stood, if there was one.
pub fn challenge_line(game: &HpGame, index: usize) -> Option<String> {
    let challenger = game.reports()[index].challenged_by?;
    let player = game.core().history()[index].seat;
    let penalty = game.rules().numbers.challenge_penalty;
    Some(format!(
        "player {} challenges player {}'s words: they stand, and player {} loses {penalty} points",
        challenger + 1,
        player + 1,
        challenger + 1
    ))
}

/// Tells what happened since it last looked: houses' opening points, cards played and drawn,
/// turns, challenges.
#[derive(Debug, Default)]
pub struct Narrator {
    turns: usize,
    events: usize,
    challenges: usize,
    /// Whether the houses' opening points have been told.
    opened: bool,
}

impl Narrator {
    /// The lines for what happened in `game` since the last call.
    pub fn lines(&mut self, game: &HpGame, names: &[String]) -> Vec<Told> {
        let mut lines = Vec::new();
        if !std::mem::replace(&mut self.opened, true) && game.core().history().is_empty() {
            for (seat, &house) in game.houses().iter().enumerate() {
                let points = game.rules().numbers.houses.opening_points(house);
                if points != 0 {
                    lines.push(Told::everyone(format!(
                        "player {} ({house}, {}) is given {points:+} opening points, counted on \
                         its first turn",
                        seat + 1,
                        names[seat]
                    )));
                }
            }
        }
        let events = &game.events()[self.events.min(game.events().len())..];
        self.events = game.events().len();
        // A card is played before its move and drawn after it: told in that order.
        let played = |event: &&CardEvent| matches!(event, CardEvent::Played { .. });
        for event in events.iter().filter(played) {
            lines.extend(card_lines(game, names, event));
        }
        let turns = game.core().history().len();
        for index in self.turns..turns {
            lines.push(Told::everyone(turn_line(game, names, index)));
        }
        self.turns = turns;
        for event in events.iter().filter(|event| !played(event)) {
            lines.extend(card_lines(game, names, event));
        }
        let challenged = (0..turns)
            .filter(|&t| game.reports()[t].challenged_by.is_some())
            .count();
        if challenged > self.challenges {
            lines.extend(
                (0..turns)
                    .rev()
                    .find_map(|t| challenge_line(game, t))
                    .map(Told::everyone),
            );
        }
        self.challenges = challenged;
        lines
    }
}

/// A turn's Harry Potter events as GCG notes, and its points beyond the words as lines of
/// their own; `penalties[seat]` holds the challenge penalties already written for a seat,
/// which its next turn's points include.
fn turn_notes(
    game: &HpGame,
    index: usize,
    penalties: &mut [i32],
    reader: crate::gcg::Reader,
) -> crate::gcg::TurnNotes {
    use crate::gcg::{ExtraPoints, TurnNotes};
    let report = &game.reports()[index];
    let turn = &game.core().history()[index];
    let seat = turn.seat;
    let mut notes = TurnNotes::default();
    if let Some(word) = &report.challenged_off {
        notes
            .notes
            .push(format!("challenged off {word} (rule 8): the turn is lost"));
    }
    if let Some(card) = report.card_played {
        notes.notes.push(format!("card played {card}"));
    }
    // A card drawn is the drawer's secret until played, unless it scores at once (Competition).
    let shown = reader.sees(game.core(), seat);
    for card in &report.cards_drawn {
        notes.notes.push(if shown || card.is_competition() {
            format!("card drawn {card}")
        } else {
            "card drawn".to_string()
        });
    }
    let mut extra = |points: i32, why: String| {
        if points != 0 {
            notes.extras.push(ExtraPoints { seat, points, why });
        }
    };
    extra(
        report.glossary_points,
        format!("glossary {}", report.glossary_words.join(" ")),
    );
    if let Some(card) = report.card_played {
        extra(report.card_points, format!("card played {card}"));
    }
    extra(
        report.competition_points,
        "Competition cards drawn for brown squares".to_string(),
    );
    let history = game.core().history();
    let first_turn = !history[..index].iter().any(|earlier| earlier.seat == seat);
    let opening = if first_turn {
        let house = game.houses()[seat];
        game.rules().numbers.houses.opening_points(house)
    } else {
        0
    };
    extra(opening, format!("{}'s opening points", game.houses()[seat]));
    let carried = turn.bonus
        - report.glossary_points
        - report.card_points
        - report.competition_points
        - opening
        - std::mem::take(&mut penalties[seat]);
    extra(
        carried,
        "Competition cards drawn before the first turn".to_string(),
    );
    if let Some(challenger) = report.challenged_by {
        let penalty = game.rules().numbers.challenge_penalty;
        penalties[challenger] -= penalty;
        notes.extras.push(ExtraPoints {
            seat: challenger,
            points: -penalty,
            why: format!(
                "p{} challenged p{}'s words, which stand: a lost challenge (rule 8), not time",
                challenger + 1,
                seat + 1
            ),
        });
    }
    notes
}

/// A finished game's end: each player's line (house, bot, final score and what the end
/// adjustment was for), and the verdict naming the winner: the terminal's and the page's.
pub fn end_lines(game: &HpGame, names: &[String]) -> (Vec<String>, String) {
    let core = game.core();
    let keeps = game.rules().numbers.houses.hufflepuff.keeps_leftovers;
    let labels: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(seat, name)| verdict::label(seat, &format!("{}, {name}", game.houses()[seat])))
        .collect();
    let lines = labels
        .iter()
        .enumerate()
        .map(|(seat, label)| {
            let rack = core.rack(seat).to_string();
            let hufflepuff = keeps && game.houses()[seat] == House::Hufflepuff;
            let note =
                verdict::adjustment_note(core.adjustments()[seat], &rack, "tiles", hufflepuff);
            format!("{label}: {} ({note})", core.scores()[seat])
        })
        .collect();
    (lines, verdict::verdict(&labels, core.scores()))
}

/// The game so far as GCG for `reader`: the houses and cards as notes, every point on a line.
pub fn gcg(game: &HpGame, names: &[String], reader: crate::gcg::Reader) -> String {
    let header: Vec<String> = (0..names.len())
        .map(|s| format!("house p{} {}", s + 1, game.houses()[s]))
        .collect();
    let mut penalties = vec![0; names.len()];
    let turns: Vec<_> = (0..game.reports().len())
        .map(|index| turn_notes(game, index, &mut penalties, reader))
        .collect();
    crate::gcg::record(game.core(), names, &header, &turns, reader)
}

/// A placement suggested by `hint`, and what it would score this turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The placement.
    pub placement: Placement,
    /// Its words' points.
    pub words: i32,
    /// The Glossary bonus (Revelio's when played this turn).
    pub glossary: i32,
    /// A card played this turn, or held and playable first, that adds points, and how many.
    pub card: Option<(Card, i32)>,
}

impl Hint {
    /// What the placement scores with everything counted.
    pub fn total(&self) -> i32 {
        self.words + self.glossary + self.card.map_or(0, |(_, points)| points)
    }

    /// Where the points come from, when not from the words alone.
    pub fn detail(&self) -> String {
        let mut parts = Vec::new();
        if self.glossary != 0 {
            parts.push(format!("Glossary {:+}", self.glossary));
        }
        if let Some((card, points)) = self.card {
            parts.push(format!("{card} {points:+}"));
        }
        if parts.is_empty() {
            return String::new();
        }
        format!("words {}, {}", self.words, parts.join(", "))
    }
}

/// The five placements scoring most for the seat's rack this turn (backwards ones too after
/// Confundo), counting the Glossary bonus and the points of a Bonus card or Revelio played
/// this turn or held to play first; ties in canonical order: the terminal's and the web
/// page's hints.
pub fn hints(view: &HpObservation<'_>) -> Vec<Hint> {
    let core = &view.core;
    let numbers = view.numbers;
    let mut placements = Vec::new();
    MoveGen::new().generate_with(
        core.board,
        core.rules,
        core.lexicon,
        &core.rack,
        core.backwards,
        |c| placements.push((c.score(), c.placement())),
    );
    // Cards that add to a placement: the one played this turn, else any held.
    let cards: Vec<Card> = match view.card_played {
        Some(card) => vec![card],
        None => view.hand.to_vec(),
    };
    let revelio = cards.contains(&Card::Revelio) && numbers.cards.entry(Card::Revelio).power;
    let mut hints: Vec<Hint> = placements
        .into_iter()
        .map(|(words, placement)| {
            let glossary_words = check_placement(
                core.board,
                core.rules,
                core.lexicon,
                &core.rack,
                &placement,
                core.backwards,
            )
            .map_or(0, |play| {
                play.words
                    .iter()
                    .filter(|w| core.lexicon.is_glossary(&w.word))
                    .count() as i32
            });
            let glossary = glossary_words * numbers.glossary_bonus;
            let bonus = cards
                .iter()
                .filter(|card| card.is_bonus())
                .map(|&card| {
                    let points = numbers
                        .cards
                        .entry(card)
                        .bonus_points(placement.placed().map(|(_, cell)| cell));
                    (card, points)
                })
                .chain(revelio.then(|| {
                    let more = glossary_words * (numbers.revelio_bonus - numbers.glossary_bonus);
                    (Card::Revelio, more)
                }))
                .filter(|&(_, points)| points > 0)
                .max_by_key(|&(card, points)| (points, std::cmp::Reverse(card)));
            Hint {
                placement,
                words,
                glossary,
                card: bonus,
            }
        })
        .collect();
    hints.sort_by(|a, b| {
        b.total()
            .cmp(&a.total())
            .then_with(|| a.placement.cmp(&b.placement))
    });
    hints.truncate(5);
    hints
}

/// Whether the move may be offered to the game: legal but for words the lexicon lacks, which
/// the game challenges off itself (rule 8).
pub fn check_offered(view: &HpObservation<'_>, action: &Move) -> Result<(), String> {
    match view.core.check(action) {
        Ok(_) | Err(engine::scrabble::IllegalMove::NotAWord { .. }) => Ok(()),
        Err(error) => Err(error.to_string()),
    }
}

/// Whether a person in the view's seat is offered the chance to challenge `player`'s words:
/// only the next player is, at the prompt of their own turn.
pub fn offered_challenge(view: &HpObservation<'_>, player: usize) -> bool {
    (player + 1) % view.core.scores.len() == view.core.seat
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use bots::Settings;
    use bots::seating::seat_table;
    use engine::hogwarts::{HpAnswer, HpQuestion, HpRules};
    use engine::play::Stepped;
    use lexicon::{Edition, Lexicon};

    use super::*;

    /// Each `>` line's score added to its player's running total gives the line's total, and
    /// the last totals are the final scores; returns the lines.
    fn check_adds_up(game: &HpGame, text: &str) -> Vec<String> {
        let mut totals: BTreeMap<String, i32> = BTreeMap::new();
        let mut lines = Vec::new();
        for line in text.lines().filter(|line| line.starts_with('>')) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let nick = fields[0].trim_start_matches('>').trim_end_matches(':');
            let score: i32 = fields[fields.len() - 2].parse().expect(line);
            let total: i32 = fields[fields.len() - 1].parse().expect(line);
            let running = totals.entry(nick.to_string()).or_default();
            *running += score;
            assert_eq!(*running, total, "{line}\n{text}");
            lines.push(line.to_string());
        }
        for (seat, score) in game.core().scores().iter().enumerate() {
            assert_eq!(totals[&format!("p{}", seat + 1)], *score, "{text}");
        }
        lines
    }

    /// Plays a game of `players` card-playing bots; `challenge` answers the first challenge
    /// question asked (the bots never challenge).
    fn played(players: usize, seed: u64, challenge: bool) -> HpGame {
        let rules = Arc::new(HpRules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
        let mut game = HpGame::sorted(rules, lexicon, players, seed).unwrap();
        let names = ["cards", "greedy", "cards", "random"];
        let mut seats =
            seat_table::<HpGame>(&names[..players], seed, &Settings::default(), None).unwrap();
        let mut challenged = !challenge;
        while let Some(pending) = game.pending() {
            let answer = match pending.question {
                HpQuestion::Challenge { .. } if !challenged => {
                    challenged = true;
                    HpAnswer::Challenge(true)
                }
                question => seats[pending.seat]
                    .decide(&game.view(pending.seat), question)
                    .unwrap(),
            };
            game.answer(answer).unwrap();
        }
        game
    }

    #[test]
    fn every_point_of_a_game_is_on_a_line_of_its_record() {
        let names: Vec<String> = (1..=4).map(|s| format!("bot{s}")).collect();
        let mut seen = BTreeMap::<&str, usize>::new();
        for seed in 0..60 {
            let players = 2 + seed as usize % 3;
            let game = played(players, seed, seed % 2 == 0);
            let text = gcg(&game, &names[..players], crate::gcg::Reader::Referee);
            check_adds_up(&game, &text);
            for mark in [
                "(challenge)",
                "(time) -10",
                "before the first turn",
                "card played felix_felicis",
                "a lost challenge (rule 8)",
            ] {
                *seen.entry(mark).or_default() += text.matches(mark).count();
            }
        }
        for (mark, count) in seen {
            assert!(count > 0, "no game recorded {mark:?}");
        }
    }

    const EMPTY: &str = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";

    /// Three players on an empty board, with these racks, the first holding `card`.
    fn holding(card: Card, racks: [&str; 3]) -> HpGame {
        let cgp: engine::scrabble::Cgp = format!("{EMPTY} {} 0/0/0 0", racks.join("/"))
            .parse()
            .unwrap();
        let houses = vec![House::Slytherin, House::Gryffindor, House::Ravenclaw];
        let rules = Arc::new(HpRules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
        let mut game = HpGame::from_position(rules, lexicon, houses, &cgp, 1).unwrap();
        assert!(game.deal(0, card));
        game
    }

    /// The lines told for the last card event, each with the seats that may read it.
    fn told(game: &HpGame) -> Vec<(String, Vec<usize>)> {
        let names: Vec<String> = ["ann", "bob", "cat"].map(String::from).to_vec();
        let event = game.events().last().unwrap();
        card_lines(game, &names, event)
            .into_iter()
            .map(|line| {
                let readers = (0..3).filter(|&s| line.read_by(Reader::Seat(s))).collect();
                assert!(line.read_by(Reader::Referee));
                assert_eq!(
                    line.read_by(Reader::Spectator),
                    line.audience == Audience::Everyone
                );
                (line.text, readers)
            })
            .collect()
    }

    fn play(game: &mut HpGame, play: CardPlay) {
        game.answer(HpAnswer::Card(Some(play))).unwrap();
    }

    #[test]
    fn a_card_played_on_a_player_is_told_to_all_and_its_tiles_only_to_the_two() {
        let mut game = holding(Card::Veritaserum, ["AEINRST", "EEQ", "DOG"]);
        let ask = |letter: u8| CardPlay::Veritaserum {
            target: 1,
            letter,
            give: 0,
        };
        play(&mut game, ask(4));
        assert_eq!(
            told(&game),
            [
                (
                    "player 1 (slytherin, ann) plays veritaserum, asking player 2 for E: \
                     player 2 hands one over for a tile"
                        .to_string(),
                    vec![0, 1, 2]
                ),
                (
                    "player 1 gives A to player 2 for the E".to_string(),
                    vec![0, 1]
                ),
            ]
        );
        let mut game = holding(Card::Veritaserum, ["AEINRST", "EEQ", "DOG"]);
        play(&mut game, ask(25));
        assert_eq!(
            told(&game),
            [(
                "player 1 (slytherin, ann) plays veritaserum, asking player 2 for Z: \
                 player 2 holds none"
                    .to_string(),
                vec![0, 1, 2]
            )]
        );
        let mut game = holding(Card::Expelliarmus, ["AEINRST", "VV", "DOG"]);
        let before = *game.core().rack(1);
        play(&mut game, CardPlay::Expelliarmus { target: 1 });
        let mut taken = before;
        taken.take_all(game.core().rack(1));
        assert_eq!(taken.len(), 1);
        assert_eq!(
            told(&game),
            [
                (
                    "player 1 (slytherin, ann) plays expelliarmus on player 2: a tile taken unseen"
                        .to_string(),
                    vec![0, 1, 2]
                ),
                (
                    format!("player 1 takes {taken} from player 2's rack"),
                    vec![0, 1]
                ),
            ]
        );
    }

    #[test]
    fn a_card_drawn_is_told_only_to_its_holder_unless_it_scores_at_once() {
        let mut seen = [0; 2];
        for seed in 0..10 {
            let game = played(3, seed, false);
            for event in game.events() {
                let CardEvent::Drew { seat, card, .. } = *event else {
                    continue;
                };
                let names: Vec<String> = ["ann", "bob", "cat"].map(String::from).to_vec();
                let lines = card_lines(&game, &names, event);
                assert_eq!(lines.len(), 1);
                let readers: Vec<usize> = (0..3)
                    .filter(|&s| lines[0].read_by(Reader::Seat(s)))
                    .collect();
                if card.is_competition() {
                    assert_eq!(readers, [0, 1, 2]);
                    seen[0] += 1;
                } else {
                    assert_eq!(readers, [seat]);
                    assert!(
                        lines[0]
                            .text
                            .ends_with(&format!("draws {card}, unseen by the others"))
                    );
                    seen[1] += 1;
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    #[test]
    fn a_hint_scores_what_the_game_would_score_with_the_card_it_names() {
        let rules = Arc::new(HpRules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
        let mut counted = [0; 3];
        for seed in 0..12 {
            let mut game = HpGame::sorted(rules.clone(), lexicon.clone(), 2, seed).unwrap();
            // A Bonus card and Revelio in the first seat's hand from the start.
            game.deal(0, Card::HarryPotter);
            game.deal(0, Card::Revelio);
            let mut seats =
                seat_table::<HpGame>(&["greedy", "greedy"], seed, &Settings::default(), None)
                    .unwrap();
            while let Some(pending) = game.pending() {
                if pending.question == HpQuestion::Card {
                    for hint in hints(&game.view(pending.seat)) {
                        let mut trial = game.clone();
                        let card = hint.card.map(|(card, _)| match card {
                            Card::Revelio => CardPlay::Revelio,
                            card => CardPlay::Bonus(card),
                        });
                        trial.answer(HpAnswer::Card(card)).unwrap();
                        let action = Move::Place(hint.placement);
                        let carried = trial.score_of(&Move::Pass).unwrap();
                        assert_eq!(
                            trial.score_of(&action).unwrap() - carried,
                            hint.total(),
                            "{hint:?}"
                        );
                        counted[0] += 1;
                        counted[1] += usize::from(hint.glossary > 0);
                        counted[2] += usize::from(hint.card.is_some());
                    }
                }
                let answer = seats[pending.seat]
                    .decide(&game.view(pending.seat), pending.question)
                    .unwrap();
                game.answer(answer).unwrap();
            }
        }
        assert!(counted.iter().all(|&n| n > 0), "{counted:?}");
    }
}
