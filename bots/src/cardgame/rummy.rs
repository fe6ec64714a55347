//! Rummy players: `greedy` plans for the Round card (the best words it can lay, the discard
//! that keeps its chances), `random` lays whatever it finds first.

use engine::cardgame::{CardRules, RoundCard, RummyGame, score_meld};
use engine::scrabble::tiles::{BLANK, kind_char};
use engine::scrabble::{Cell, Rack};
use lexicon::Lexicon;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// What a Rummy player decides on its turn.
pub trait RummyPlayer: Send {
    /// Readies the player for a new game.
    fn start_game(&mut self, _seed: u64) {}
    /// Whether to take the discard pile's top card (else the draw pile's).
    fn take_discard(&mut self, game: &RummyGame) -> bool;
    /// Words to lay (none to lay nothing) and the card to discard, from the mover's hand.
    fn meld(&mut self, game: &RummyGame) -> (Vec<Vec<Cell>>, u8);
}

/// The best meld of a hand for a Round card: its score, words and discard.
pub type Meld = (i32, Vec<Vec<Cell>>, u8);

/// Words (as cells; a blank's letter in lower case) that the letters of `rack` spell, of the
/// lengths `wanted` allows.
fn words_of(lexicon: &Lexicon, rack: &Rack, wanted: impl Fn(usize) -> bool) -> Vec<Vec<Cell>> {
    let text: String = rack.kinds().map(kind_char).collect();
    let Ok(found) = lexicon.anagrams(&text) else {
        return Vec::new();
    };
    found
        .into_iter()
        .filter(|w| wanted(w.len()))
        .filter_map(|w| {
            w.chars()
                .map(Cell::from_char)
                .collect::<Option<Vec<Cell>>>()
        })
        .collect()
}

fn rack_of(word: &[Cell]) -> Rack {
    let mut rack = Rack::EMPTY;
    for &cell in word {
        rack.add(if cell.is_blank() {
            BLANK
        } else {
            cell.letter() as usize
        });
    }
    rack
}

/// Sets of disjoint words from `words` (in index order from `from`) fitting in `rack`, each
/// offered to `visit` with what is left.
fn combinations(
    racks: &[Rack],
    from: usize,
    rack: Rack,
    chosen: &mut Vec<usize>,
    depth: usize,
    visit: &mut impl FnMut(&[usize], &Rack),
) {
    visit(chosen, &rack);
    if depth == 0 {
        return;
    }
    for (i, word) in racks.iter().enumerate().skip(from) {
        let mut left = rack;
        if !left.take_all(word) {
            continue;
        }
        chosen.push(i);
        combinations(racks, i, left, chosen, depth - 1, visit);
        chosen.pop();
    }
}

/// Every meld a hand of cards allows for a Round card, over every discard: `visit` gets its
/// score, words and discard.
pub fn for_each_meld(
    card: &RoundCard,
    rules: &CardRules,
    lexicon: &Lexicon,
    hand: &Rack,
    mut visit: impl FnMut(i32, &[Vec<Cell>], u8),
) {
    let most_words = if card.all_cards {
        if card.one_word { 1 } else { 3 }
    } else {
        card.words.len() + usize::from(card.optional_word.is_some()).max(1)
    };
    let wanted = |len: usize| {
        (card.words.is_empty() || card.words.contains(&len) || card.optional_word == Some(len))
            && (!card.even_word || len % 2 == 0)
    };
    // The whole hand's words once; each discard keeps those its other cards spell.
    let all = words_of(lexicon, hand, wanted);
    let all_racks: Vec<Rack> = all.iter().map(|w| rack_of(w)).collect();
    for discard in distinct(hand) {
        let mut rest = *hand;
        rest.take(discard);
        let keep: Vec<usize> = (0..all.len())
            .filter(|&i| rest.contains(&all_racks[i]))
            .collect();
        let words: Vec<Vec<Cell>> = keep.iter().map(|&i| all[i].clone()).collect();
        let racks: Vec<Rack> = keep.iter().map(|&i| all_racks[i]).collect();
        let mut chosen = Vec::new();
        combinations(
            &racks,
            0,
            rest,
            &mut chosen,
            most_words,
            &mut |picked, left| {
                if picked.is_empty() || !fits_shape(card, &words, picked, left) {
                    return;
                }
                let meld: Vec<Vec<Cell>> = picked.iter().map(|&i| words[i].clone()).collect();
                if let Ok(score) = score_meld(card, &meld, left, rules, lexicon) {
                    visit(score, &meld, discard as u8);
                }
            },
        );
    }
}

/// The highest-scoring meld the mover's hand allows for the Round card, over every discard.
pub fn best_meld(game: &RummyGame, hand: &Rack) -> Option<Meld> {
    let card = &game.round_cards()[game.round_card()];
    let mut best: Option<Meld> = None;
    for_each_meld(
        card,
        game.rules(),
        game.lexicon(),
        hand,
        |score, words, discard| {
            if best.as_ref().is_none_or(|b| score > b.0) {
                best = Some((score, words.to_vec(), discard));
            }
        },
    );
    best
}

/// Whether picked words have the lengths the Round card asks for (checked before scoring).
fn fits_shape(card: &RoundCard, words: &[Vec<Cell>], picked: &[usize], left: &Rack) -> bool {
    if card.all_cards {
        return left.is_empty() && (!card.one_word || picked.len() == 1);
    }
    if card.even_word {
        return picked.len() == 1;
    }
    let mut lengths: Vec<usize> = picked.iter().map(|&i| words[i].len()).collect();
    lengths.sort_unstable();
    let mut wanted = card.words.clone();
    wanted.sort_unstable();
    if lengths == wanted {
        return true;
    }
    card.optional_word.is_some_and(|extra| {
        wanted.push(extra);
        wanted.sort_unstable();
        lengths == wanted
    })
}

/// Each kind in a rack once.
fn distinct(rack: &Rack) -> Vec<usize> {
    let mut kinds: Vec<usize> = rack.kinds().collect();
    kinds.dedup();
    kinds
}

/// The discard that keeps most words of the Round card's lengths in reach (on a tie, the
/// dearest card where leftovers are subtracted, else the first).
fn keeping_discard(game: &RummyGame, hand: &Rack) -> u8 {
    let card = &game.round_cards()[game.round_card()];
    let mut best = (i64::MIN, BLANK as u8);
    let all: Vec<Rack> = words_of(game.lexicon(), hand, |len| len >= 3)
        .iter()
        .map(|w| rack_of(w))
        .collect();
    for kind in distinct(hand) {
        let mut rest = *hand;
        rest.take(kind);
        let reach = all.iter().filter(|w| rest.contains(w)).count() as i64;
        let value = i64::from(game.rules().letters.points(kind));
        // The blank is never thrown away while a letter can go.
        let keep_blank = if kind == BLANK { -1_000 } else { 0 };
        let score = reach * 100
            + keep_blank
            + if card.subtract_leftovers {
                value
            } else {
                -value
            };
        if score > best.0 {
            best = (score, kind as u8);
        }
    }
    best.1
}

/// Plans for the Round card: takes the discard when it makes words worth laying now, lays
/// the best meld when it scores above nothing, and otherwise discards what helps least.
#[derive(Debug, Default)]
pub struct RummyGreedy;

impl RummyPlayer for RummyGreedy {
    fn take_discard(&mut self, game: &RummyGame) -> bool {
        let Some(top) = game.discard_top() else {
            return false;
        };
        let hand = *game.hand(game.mover());
        let mut with = hand;
        with.add(top as usize);
        // Take it when it makes words worth laying now.
        best_meld(game, &with).is_some_and(|m| m.0 > 0)
    }

    fn meld(&mut self, game: &RummyGame) -> (Vec<Vec<Cell>>, u8) {
        let hand = *game.hand(game.mover());
        match best_meld(game, &hand) {
            Some((score, words, discard)) if score > 0 => (words, discard),
            _ => (Vec::new(), keeping_discard(game, &hand)),
        }
    }
}

/// Lays the first meld it finds (or none) and discards at random: the fuzzing baseline.
#[derive(Debug)]
pub struct RummyRandom {
    rng: Pcg64Mcg,
}

impl RummyRandom {
    /// A random player with its own RNG.
    pub fn new(seed: u64) -> RummyRandom {
        RummyRandom {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl RummyPlayer for RummyRandom {
    fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    fn take_discard(&mut self, game: &RummyGame) -> bool {
        game.discard_top().is_some() && self.rng.random_bool(0.3)
    }

    fn meld(&mut self, game: &RummyGame) -> (Vec<Vec<Cell>>, u8) {
        let hand = *game.hand(game.mover());
        if self.rng.random_bool(0.5)
            && let Some((_, words, discard)) = best_meld(game, &hand)
        {
            return (words, discard);
        }
        let kinds: Vec<usize> = hand.kinds().collect();
        (
            Vec::new(),
            kinds[self.rng.random_range(0..kinds.len())] as u8,
        )
    }
}

/// Makes a Rummy player by name.
pub fn rummy_player_by_name(
    name: &str,
    seed: u64,
) -> Result<Box<dyn RummyPlayer>, crate::scrabble::UnknownBot> {
    match name {
        "greedy" => Ok(Box::new(RummyGreedy)),
        "random" => Ok(Box::new(RummyRandom::new(seed))),
        _ => Err(crate::scrabble::UnknownBot {
            name: name.to_string(),
            known: vec!["greedy", "random"],
        }),
    }
}

/// Plays a Rummy game to its end; a player's illegal turn is an error.
pub fn play_out_rummy(
    game: &mut RummyGame,
    players: &mut [Box<dyn RummyPlayer>],
) -> Result<(), engine::cardgame::MeldError> {
    while !game.is_over() {
        let seat = game.mover();
        let from_discard = players[seat].take_discard(game);
        game.draw(from_discard)?;
        let (words, discard) = players[seat].meld(game);
        game.finish(&words, discard)?;
    }
    Ok(())
}
