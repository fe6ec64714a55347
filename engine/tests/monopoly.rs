//! Monopoly: Harry Potter: the rulebook's example, rents, auctions, each Owl Post card,
//! trades, going out, and the dice walk against its Markov chain.

use std::sync::Arc;

use engine::hogwarts::House;
use engine::monopoly::{
    Answer, Effect, Ending, Event, JailChoice, Monopoly, MonopolyRules, Question, Trade, View,
};
use engine::play::{Decider, play_out};

/// A seat that answers every question the same way.
#[derive(Clone, Default)]
struct Scripted {
    explore: bool,
    bid: i32,
    pay_jail: bool,
    accept: bool,
    offer: Option<Trade>,
}

impl Decider<Monopoly> for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        Some(match question {
            Question::Explore { .. } => Answer::Explore(self.explore),
            Question::Bid { .. } => Answer::Bid(self.bid),
            Question::Jail => Answer::Jail(match (self.pay_jail, view.jail_cards(view.seat) > 0) {
                (_, true) => JailChoice::Card,
                (true, false) => JailChoice::Pay,
                _ => JailChoice::Roll,
            }),
            Question::Trade => Answer::Trade(self.offer.take()),
            Question::Accept { .. } => Answer::Accept(self.accept),
            Question::AskRent { .. } => Answer::AskRent(true),
            Question::TakeCommonRoom { .. } => Answer::TakeCommonRoom(true),
            other => other.default_answer(),
        })
    }
}

type Table = Vec<Box<dyn Decider<Monopoly>>>;

fn seats(script: &[Scripted]) -> Table {
    script
        .iter()
        .map(|s| Box::new(s.clone()) as Box<dyn Decider<Monopoly>>)
        .collect()
}

fn rules() -> Arc<MonopolyRules> {
    Arc::new(MonopolyRules::standard())
}

fn property(game: &Monopoly, name: &str) -> usize {
    let board = &game.rules().board;
    board
        .properties
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| panic!("no property {name}"))
}

fn bit(game: &Monopoly, name: &str) -> u32 {
    1 << property(game, name)
}

fn game(houses: &[House]) -> Monopoly {
    Monopoly::new(rules(), houses, 7).unwrap()
}

const GR: House = House::Gryffindor;
const SL: House = House::Slytherin;
const HU: House = House::Hufflepuff;

#[test]
fn the_rulebooks_final_count_is_370() {
    let mut game = game(&[GR, SL]);
    let common_room = bit(&game, "Gryffindor Common Room");
    let room = bit(&game, "Room of Requirement");
    let office = bit(&game, "Dumbledore's Office");
    game.arrange(0, 50, common_room | room | office, office, 0)
        .unwrap();
    assert_eq!(game.final_scores()[0], 20 + 100 + 200 + 50);
    game.check_invariants().unwrap();
    // Mortgaged, a property is counted as if its mortgage were lifted first.
    game.arrange(0, 50, common_room | room | office, 0, room)
        .unwrap();
    assert_eq!(game.final_scores()[0], 50 + 20 + 100 + 100 - 28);
}

#[test]
fn rent_follows_sets_crests_common_rooms_and_mortgages() {
    let mut game = game(&[GR, SL]);
    let mut table = seats(&[Scripted::default(), Scripted::default()]);
    let room = property(&game, "Room of Requirement");
    let office = bit(&game, "Dumbledore's Office");
    let rooms = [
        "Gryffindor Common Room",
        "Hufflepuff Common Room",
        "Ravenclaw Common Room",
    ];
    let common: u32 = rooms.iter().map(|r| bit(&game, r)).sum();
    game.arrange(1, 0, (1 << room) | office | common, 0, 0)
        .unwrap();
    let land = |game: &mut Monopoly, table: &mut Table, name: &str| {
        let before = game.points(0);
        let space = game.rules().board.properties[property(game, name)].space;
        game.place_token(0, space as usize);
        game.land_here(0, table);
        before - game.points(0)
    };
    game.arrange(0, 1_000, 0, 0, 0).unwrap();
    assert_eq!(
        land(&mut game, &mut table, "Room of Requirement"),
        100,
        "a whole set doubles"
    );
    game.arrange(1, 0, (1 << room) | office | common, office, 0)
        .unwrap();
    assert_eq!(
        land(&mut game, &mut table, "Dumbledore's Office"),
        200,
        "crest rent"
    );
    assert_eq!(land(&mut game, &mut table, "Room of Requirement"), 100);
    assert_eq!(
        land(&mut game, &mut table, "Hufflepuff Common Room"),
        40,
        "three rooms"
    );
    assert_eq!(
        land(&mut game, &mut table, "Gryffindor Common Room"),
        0,
        "no rent on your own house's common room"
    );
    game.arrange(1, 0, (1 << room) | office | common, 0, 1 << room)
        .unwrap();
    assert_eq!(
        land(&mut game, &mut table, "Room of Requirement"),
        0,
        "mortgaged"
    );
    assert_eq!(
        land(&mut game, &mut table, "Dumbledore's Office"),
        100,
        "the set's rent stands with one of it mortgaged"
    );
    game.check_invariants().unwrap();
}

#[test]
fn spells_charm_ten_times_the_dice() {
    let mut game = game(&[GR, SL]);
    let mut table = seats(&[Scripted::default(), Scripted::default()]);
    let lumos = property(&game, "Lumos");
    game.arrange(0, 100_000, 0, 0, 0).unwrap();
    game.arrange(1, 0, 1 << lumos, 0, 0).unwrap();
    let space = game.rules().board.properties[lumos].space as usize;
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..400 {
        let before = game.points(0);
        game.place_token(0, space);
        game.land_here(0, &mut table);
        seen.insert(before - game.points(0));
    }
    assert_eq!(
        seen,
        (1..=6).map(|d| 10 * d).collect(),
        "one spell: the higher die"
    );
    let both = (1 << lumos) | bit(&game, "Aguamenti");
    game.arrange(1, 0, both, 0, 0).unwrap();
    seen.clear();
    for _ in 0..400 {
        let before = game.points(0);
        game.place_token(0, space);
        game.land_here(0, &mut table);
        seen.insert(before - game.points(0));
    }
    assert_eq!(
        seen,
        (2..=12).map(|d| 10 * d).collect(),
        "two spells: both dice"
    );
}

#[test]
fn an_auction_goes_for_a_step_over_the_runner_up() {
    let mut game = game(&[GR, SL, HU]);
    let bids = |a: i32, b: i32, c: i32| {
        seats(&[
            Scripted {
                bid: a,
                ..Scripted::default()
            },
            Scripted {
                bid: b,
                ..Scripted::default()
            },
            Scripted {
                bid: c,
                ..Scripted::default()
            },
        ])
    };
    let office = property(&game, "Dumbledore's Office");
    let space = game.rules().board.properties[office].space as usize;
    game.place_token(0, space);
    // Player 1 lands and declines to explore; 3 bids to 75, 2 to 40: 3 pays 50.
    game.land_here(0, &mut bids(0, 40, 75));
    assert_eq!(game.owner(office), Some(2));
    assert_eq!(game.points(2), 250);
    // A tie goes to the first in order from the lander; bids are capped by points.
    let hall = property(&game, "Great Hall");
    game.place_token(1, game.rules().board.properties[hall].space as usize);
    game.land_here(1, &mut bids(60, 60, 1_000));
    assert_eq!((game.owner(hall), game.points(2)), (Some(2), 250 - 70));
    let library = property(&game, "Library");
    game.place_token(1, game.rules().board.properties[library].space as usize);
    game.land_here(1, &mut bids(0, 0, 5));
    assert_eq!(
        game.owner(library),
        None,
        "no bid at the opening 10: it stays unexplored"
    );
    game.check_invariants().unwrap();
}

#[test]
fn each_owl_post_card_does_what_it_says() {
    let rules = rules();
    for (card, owl) in rules.cards.iter().enumerate() {
        let mut game = Monopoly::new(rules.clone(), &[GR, SL, HU], 1).unwrap();
        let mut table = seats(&[
            Scripted::default(),
            Scripted::default(),
            Scripted::default(),
        ]);
        let crested = bit(&game, "Black Lake") | bit(&game, "Owlery");
        game.arrange(0, 300, crested, crested, 0).unwrap();
        game.stack_owl_post(card).unwrap();
        let from = 7;
        game.place_token(0, from);
        game.land_here(0, &mut table);
        let change = game.points(0) - 300;
        let others: i32 = (1..3).map(|s| game.points(s) - 300).sum();
        let at = game.position(0);
        let what = &owl.name;
        match owl.effect {
            Effect::Gain(p) => assert_eq!(change, p, "{what}"),
            Effect::Lose(p) => assert_eq!(change, -p, "{what}"),
            Effect::CollectFromEach(p) => assert_eq!((change, others), (2 * p, -2 * p), "{what}"),
            Effect::PayEach(p) => assert_eq!((change, others), (-2 * p, 2 * p), "{what}"),
            Effect::PayPerCrest(p) => assert_eq!(change, -2 * p, "{what}"),
            Effect::Advance(to) => {
                assert_eq!(at, to as usize, "{what}");
                let passed_go = usize::from(to) <= from;
                // Unexplored and declined: auctioned without bids, so only GO pays.
                assert_eq!(change, if passed_go { 20 } else { 0 }, "{what}");
            }
            Effect::NearestCommonRoom => assert_eq!(at, 15, "{what}"),
            Effect::NearestSpell => assert_eq!(at, 12, "{what}"),
            Effect::Back(n) => assert_eq!(at, from - n as usize, "{what}"),
            Effect::GoToJail => assert!(game.in_jail(0) && at == 10, "{what}"),
            Effect::GetOutOfJailFree => {
                assert_eq!(game.jail_cards(0), 1, "{what}");
                assert_eq!(game.deck_len(), rules.cards.len() - 1);
            }
        }
        game.check_invariants().unwrap();
    }
}

#[test]
fn a_jail_card_goes_back_under_the_deck_when_used() {
    let mut game = game(&[GR, SL]);
    let mut table = seats(&[Scripted::default(), Scripted::default()]);
    game.give_jail_card(0).unwrap();
    game.jail(0);
    let deck = game.deck_len();
    while game.mover() != 0 {
        game.play_turn(&mut table).unwrap();
    }
    game.play_turn(&mut table).unwrap();
    assert_eq!(game.jail_cards(0), 0);
    assert!(!game.in_jail(0));
    // The card is back under the deck (the other player may have drawn one meanwhile).
    assert_eq!(game.deck_len(), deck + 1 - usize::from(game.jail_cards(1)));
    game.check_invariants().unwrap();
}

#[test]
fn a_trade_returns_the_sets_crests_and_keeps_mortgages() {
    let mut game = game(&[GR, SL]);
    let mover = game.mover();
    let other = 1 - mover;
    let room = bit(&game, "Room of Requirement");
    let office = bit(&game, "Dumbledore's Office");
    let lake = bit(&game, "Black Lake");
    assert!(
        game.arrange(mover, 0, room | office | lake, room | office, lake)
            .is_ok()
    );
    assert!(
        game.arrange(mover, 0, room | office | lake, room, room)
            .is_err(),
        "a crest and a mortgage on one deed"
    );
    game.arrange(mover, 0, room | office | lake, room, lake)
        .unwrap();
    let offer = Trade {
        from: mover,
        to: other,
        give: office | lake,
        take: 0,
        points: -60,
        ..Trade::default()
    };
    assert!(game.check_trade(&offer).is_ok());
    let greedy = Trade {
        take: bit(&game, "Owlery"),
        ..offer
    };
    assert!(
        game.check_trade(&greedy).is_err(),
        "the Owlery is the Bank's"
    );
    let too_dear = Trade {
        points: -301,
        ..offer
    };
    assert!(
        game.check_trade(&too_dear).is_err(),
        "300 points is all they have"
    );
    let mut script = vec![Scripted::default(), Scripted::default()];
    script[other].accept = true;
    script[mover].offer = Some(offer);
    let mut table = seats(&script);
    let crest_cost =
        game.rules().board.properties[property(&game, "Room of Requirement")].crest_cost;
    let before = game.points(mover);
    game.play_turn(&mut table).unwrap();
    assert_eq!(game.owned(other) & (office | lake), office | lake);
    assert_eq!(
        game.crested(),
        0,
        "the Room of Requirement's crest went back"
    );
    assert_eq!(
        game.mortgaged() & lake,
        lake,
        "the mortgage travels with the deed"
    );
    assert_eq!(game.crests_left(game.house(mover)), 11);
    assert!(
        game.points(mover) >= before + 60 + crest_cost - 200,
        "paid 60 and the crest's cost"
    );
    game.check_invariants().unwrap();
}

#[test]
fn going_out_to_a_player_hands_over_everything() {
    let mut game = game(&[GR, SL]);
    let mut table = seats(&[Scripted::default(), Scripted::default()]);
    let office = property(&game, "Dumbledore's Office");
    let room = bit(&game, "Room of Requirement");
    game.arrange(1, 0, (1 << office) | room, 1 << office, 0)
        .unwrap();
    let lake = bit(&game, "Black Lake");
    game.arrange(0, 30, lake, 0, 0).unwrap();
    game.give_jail_card(0).unwrap();
    game.place_token(0, 39);
    game.land_here(0, &mut table);
    // 200 owed; 30 + the lake's mortgage 5 raised, all handed to the owner.
    assert!(game.is_out(0));
    assert_eq!(game.points(1), 35);
    assert_eq!(game.owned(1), (1 << office) | room | lake);
    assert_eq!(game.mortgaged(), lake);
    assert_eq!(game.jail_cards(1), 1);
    assert_eq!(game.ending(), Some(Ending::LastStanding));
    game.check_invariants().unwrap();
}

#[test]
fn going_out_to_the_bank_auctions_the_properties() {
    let mut game = game(&[GR, SL, HU]);
    let mut table = seats(&[
        Scripted::default(),
        Scripted {
            bid: 10,
            ..Scripted::default()
        },
        Scripted::default(),
    ]);
    let lake = bit(&game, "Black Lake");
    game.arrange(0, 5, lake, 0, 0).unwrap();
    game.give_jail_card(0).unwrap();
    let deck = game.deck_len();
    game.place_token(0, 4);
    game.land_here(0, &mut table);
    assert!(game.is_out(0));
    assert_eq!(game.owner(property(&game, "Black Lake")), Some(1));
    assert_eq!(game.mortgaged(), 0, "the mortgage is cancelled");
    assert_eq!(game.deck_len(), deck + 1);
    game.check_invariants().unwrap();
}

/// Landing shares from the Markov chain of (space, doubles so far this turn): two dice,
/// three doubles to Jail, Go to Jail, and every Owl Post card equally likely.
fn markov_landings(rules: &MonopolyRules) -> Vec<f64> {
    use engine::monopoly::Space;
    let board = &rules.board;
    let n = board.len();
    let jail = board.jail as usize;
    let cards = rules.cards.len() as f64;
    let nearest = |from: usize, common_room: bool| {
        engine::monopoly::owl_post::nearest(board, from, common_room)
    };
    // Where a token that lands on `space` (with probability `p`) comes to rest, counting landings.
    fn settle(
        space: usize,
        p: f64,
        landings: &mut [f64],
        rest: &mut Vec<(usize, bool, f64)>,
        ctx: &dyn Fn(usize) -> Vec<(Option<usize>, f64)>,
        jail: usize,
    ) {
        landings[space] += p;
        for (next, q) in ctx(space) {
            match next {
                None => rest.push((jail, true, p * q)),
                Some(to) if to == space => rest.push((space, false, p * q)),
                Some(to) => settle(to, p * q, landings, rest, ctx, jail),
            }
        }
    }
    // For a space, where the token goes next: itself (stays), another space, or Jail (None).
    let outcomes = |space: usize| -> Vec<(Option<usize>, f64)> {
        match board.spaces[space] {
            Space::GoToJail => vec![(None, 1.0)],
            Space::OwlPost => rules
                .cards
                .iter()
                .map(|card| {
                    let to = match card.effect {
                        Effect::Advance(to) => Some(to as usize),
                        Effect::NearestCommonRoom => Some(nearest(space, true)),
                        Effect::NearestSpell => Some(nearest(space, false)),
                        Effect::Back(k) => Some((space + n - k as usize) % n),
                        Effect::GoToJail => None,
                        _ => Some(space),
                    };
                    (to, 1.0 / cards)
                })
                .collect(),
            _ => vec![(Some(space), 1.0)],
        }
    };
    let mut state = vec![0.0; n * 3];
    state[0] = 1.0;
    let mut landings = vec![0.0; n];
    for round in 0..400 {
        let mut next = vec![0.0; n * 3];
        let mut counted = vec![0.0; n];
        for (index, &p) in state.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let (space, doubles) = (index / 3, index % 3);
            for a in 1..=6 {
                for b in 1..=6 {
                    let q = p / 36.0;
                    if a == b && doubles == 2 {
                        next[jail * 3] += q;
                        continue;
                    }
                    let mut rest = Vec::new();
                    settle(
                        (space + a + b) % n,
                        q,
                        &mut counted,
                        &mut rest,
                        &outcomes,
                        jail,
                    );
                    for (at, jailed, r) in rest {
                        let streak = if a == b && !jailed { doubles + 1 } else { 0 };
                        next[at * 3 + streak] += r;
                    }
                }
            }
        }
        state = next;
        if round >= 200 {
            for (total, c) in landings.iter_mut().zip(&counted) {
                *total += c;
            }
        }
    }
    let sum: f64 = landings.iter().sum();
    landings.iter().map(|l| l / sum).collect()
}

#[test]
fn a_long_dice_walk_lands_as_the_markov_chain_says() {
    let mut rules = MonopolyRules::standard();
    rules.numbers.starting_points = 10_000_000;
    rules.numbers.turn_cap = 400_000;
    let rules = Arc::new(rules);
    let mut game = Monopoly::new(rules.clone(), &[GR, SL], 11).unwrap();
    // Players who never explore or bid and leave Jail at once: their landings are the dice's.
    let walker = Scripted {
        pay_jail: true,
        ..Scripted::default()
    };
    let mut table = seats(&[walker.clone(), walker]);
    play_out(&mut game, &mut table, |_| {}).unwrap();
    assert_eq!(game.ending(), Some(Ending::TurnCap));
    let walked = &game.tally().landings[..rules.board.len()];
    let total: u32 = walked.iter().sum();
    let expected = markov_landings(&rules);
    for (space, (&count, &share)) in walked.iter().zip(&expected).enumerate() {
        let seen = f64::from(count) / f64::from(total);
        assert!(
            (seen - share).abs() < 0.0012,
            "space {space} ({}): walked {seen:.4}, chain {share:.4}",
            rules.board.names[space]
        );
    }
    // Jail (Just Visiting here) and the Owl Post spaces are not all alike: the walk is not uniform.
    assert!(expected.iter().cloned().fold(0.0, f64::max) > 1.2 / 40.0);
}

#[test]
fn a_house_takes_at_most_its_house_cards_and_tables_hold_two_to_six() {
    assert!(Monopoly::new(rules(), &[GR, GR, GR], 1).is_err());
    assert!(Monopoly::new(rules(), &[GR], 1).is_err());
    assert!(Monopoly::sorted(rules(), 6, 1).is_ok());
    assert!(Monopoly::sorted(rules(), 7, 1).is_err());
}

use engine::monopoly::{Lot, mask_bits};
use engine::play::{Progress, Stepped};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A decider answering at random within what each question allows.
struct Coin(Pcg64Mcg);

impl Decider<Monopoly> for Coin {
    fn name(&self) -> &str {
        "coin"
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        let rng = &mut self.0;
        let me = view.seat;
        Some(match question {
            Question::Trade => Answer::Trade(rng.random_bool(0.3).then(|| Trade {
                from: me,
                to: (me + 1) % view.players(),
                give: view.owned(me) & rng.random::<u32>(),
                take: view.owned((me + 1) % view.players()) & rng.random::<u32>(),
                points: rng.random_range(-20..=20),
                ..Trade::default()
            })),
            Question::Accept { .. } => Answer::Accept(rng.random_bool(0.5)),
            Question::Crests => Answer::Crests(rng.random()),
            Question::Unmortgage => Answer::Unmortgage(rng.random()),
            Question::Jail => Answer::Jail(
                [JailChoice::Pay, JailChoice::Card, JailChoice::Roll][rng.random_range(0..3)],
            ),
            Question::Explore { .. } => Answer::Explore(rng.random_bool(0.6)),
            Question::TakeCommonRoom { .. } => Answer::TakeCommonRoom(rng.random_bool(0.8)),
            Question::Bid { lot } => Answer::Bid(match lot {
                Lot::Property(_) | Lot::LastCrest(_) => {
                    rng.random_range(0..=view.points(me).max(0))
                }
            }),
            Question::AskRent { .. } => Answer::AskRent(rng.random_bool(0.9)),
            Question::Raise { .. } => Answer::Raise(
                mask_bits(view.owned(me) & !view.mortgaged())
                    .next()
                    .map(engine::monopoly::Raise::Mortgage),
            ),
        })
    }
}

/// A person who answers later: the game waits for them.
struct Later;

impl Decider<Monopoly> for Later {
    fn name(&self) -> &str {
        "later"
    }

    fn waits(&self) -> bool {
        true
    }

    fn decide(&mut self, _: &View<'_>, _: Question) -> Option<Answer> {
        None
    }
}

#[test]
fn a_game_stepped_question_by_question_is_the_game_played_straight_through() {
    for seed in 0..30u64 {
        let coins = |seat: u64| Box::new(Coin(Pcg64Mcg::seed_from_u64(seed * 3 + seat)));
        let houses = [GR, SL, HU];
        // Straight through: every decider answers as it is asked.
        let mut straight = Monopoly::new(rules(), &houses, seed).unwrap();
        straight.record_events();
        let mut table: Table = vec![coins(0), coins(1), coins(2)];
        assert_eq!(
            play_out(&mut straight, &mut table, |_| {}).unwrap(),
            Progress::Over
        );
        // Stepped: seat 0 answers later, each answer handed to the game when it waits.
        let mut stepped = Monopoly::new(rules(), &houses, seed).unwrap();
        stepped.record_events();
        let mut person = coins(0);
        let mut table: Table = vec![Box::new(Later), coins(1), coins(2)];
        let mut asked = 0;
        while let Progress::Waiting(pending) = play_out(&mut stepped, &mut table, |_| {}).unwrap() {
            assert_eq!(pending.seat, 0);
            assert_eq!(stepped.pending(), Some(pending));
            let answer = person.decide(&stepped.view(0), pending.question).unwrap();
            stepped.answer(answer).unwrap();
            asked += 1;
        }
        assert!(asked > 5, "seed {seed}: {asked} questions");
        assert_eq!(stepped.events(), straight.events(), "seed {seed}");
        assert_eq!(
            stepped.final_scores(),
            straight.final_scores(),
            "seed {seed}"
        );
        assert_eq!(stepped.turns(), straight.turns());
        stepped.check_invariants().unwrap();
    }
}

#[test]
fn a_payment_that_puts_a_player_out_is_logged_before_they_go() {
    let mut outs = 0;
    for seed in 0..60u64 {
        let coins = |seat: u64| Box::new(Coin(Pcg64Mcg::seed_from_u64(seed * 7 + seat)));
        let mut game = Monopoly::new(rules(), &[GR, SL, HU], seed).unwrap();
        game.record_events();
        let mut table: Table = vec![coins(0), coins(1), coins(2)];
        play_out(&mut game, &mut table, |_| {}).unwrap();
        let events = game.events();
        for (at, event) in events.iter().enumerate() {
            let &Event::WentOut { seat, .. } = event else {
                continue;
            };
            outs += 1;
            // Nothing the player pays is told after they are out.
            let paid_later = events[at..].iter().any(|later| match *later {
                Event::Rent { payer, .. } => payer == seat,
                Event::PaidBank { seat: payer, .. } => payer == seat,
                _ => false,
            });
            assert!(
                !paid_later,
                "seed {seed}: {:?}",
                &events[at.saturating_sub(3)..]
            );
        }
    }
    assert!(outs > 20, "{outs} players went out");
}

#[test]
fn an_answer_to_another_question_is_refused_and_changes_nothing() {
    let mut game = Monopoly::new(rules(), &[GR, SL], 3).unwrap();
    let pending = game.pending().unwrap();
    assert_eq!(pending.question, Question::Trade);
    let refused = game.answer(Answer::Explore(true)).unwrap_err();
    assert!(
        refused.reason.to_string().contains("Trade"),
        "{}",
        refused.reason
    );
    assert_eq!(game.pending(), Some(pending));
    game.answer(Answer::Trade(None)).unwrap();
    assert_ne!(
        game.pending(),
        Some(pending),
        "the turn went on to its next question"
    );
}

/// A decider that first answers every question with an answer to another, then as `inner`
/// once told it was refused (a person mistyping) or not at all (a faulty bot).
struct Mistaken {
    inner: Coin,
    wrong_next: bool,
    takes_refusals: bool,
}

impl Decider<Monopoly> for Mistaken {
    fn name(&self) -> &str {
        "mistaken"
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        if std::mem::replace(&mut self.wrong_next, true) {
            self.wrong_next = false;
            return Some(match question {
                Question::Jail => Answer::Crests(0),
                _ => Answer::Jail(JailChoice::Roll),
            });
        }
        self.inner.decide(view, question)
    }

    fn refused(&mut self, _: &str) -> bool {
        self.takes_refusals
    }
}

#[test]
fn a_refused_answer_is_asked_again_of_a_person_and_is_a_fault_in_a_bot() {
    let seed = 11;
    let coin = |seat: u64| Coin(Pcg64Mcg::seed_from_u64(seed * 3 + seat));
    let mut straight = Monopoly::new(rules(), &[GR, SL], seed).unwrap();
    let mut table: Table = vec![Box::new(coin(0)), Box::new(coin(1))];
    play_out(&mut straight, &mut table, |_| {}).unwrap();
    // Told each time, the mistyping person plays the game the coin played.
    let mut retyped = Monopoly::new(rules(), &[GR, SL], seed).unwrap();
    let mistaken = Mistaken {
        inner: coin(0),
        wrong_next: true,
        takes_refusals: true,
    };
    let mut table: Table = vec![Box::new(mistaken), Box::new(coin(1))];
    assert_eq!(
        play_out(&mut retyped, &mut table, |_| {}).unwrap(),
        Progress::Over
    );
    assert_eq!(retyped.final_scores(), straight.final_scores());
    assert_eq!(retyped.turns(), straight.turns());
    // A bot's wrong answer stops the game with its name, seat and the question.
    let mut faulty = Monopoly::new(rules(), &[GR, SL], seed).unwrap();
    let bot = Mistaken {
        inner: coin(0),
        wrong_next: true,
        takes_refusals: false,
    };
    let mut table: Table = vec![Box::new(bot), Box::new(coin(1))];
    let fault = play_out(&mut faulty, &mut table, |_| {}).unwrap_err();
    assert_eq!((fault.decider.as_str(), fault.seat), ("mistaken", 0));
    assert!(fault.reason.contains("the game asked Trade"), "{fault:?}");
    faulty.check_invariants().unwrap();
}

/// Wants every crest it may add and bids `bid` on anything.
struct CrestBidder(i32);

impl Decider<Monopoly> for CrestBidder {
    fn name(&self) -> &str {
        "crest-bidder"
    }

    fn decide(&mut self, _: &View<'_>, question: Question) -> Option<Answer> {
        Some(match question {
            Question::Crests => Answer::Crests(u32::MAX),
            Question::Bid { .. } => Answer::Bid(self.0),
            other => other.default_answer(),
        })
    }
}

#[test]
fn a_last_crest_auction_is_held_once_and_won_by_a_player_who_can_pay() {
    let mut rules = MonopolyRules::standard();
    rules.numbers.crests_per_house = 1;
    let mut game = Monopoly::new(Arc::new(rules), &[GR, SL, GR], 7).unwrap();
    let (brown, light_blue) = (
        game.rules().board.groups[0].members,
        game.rules().board.groups[1].members,
    );
    // Two Gryffindors each hold a whole set: both want the house's one crest (cost 20).
    game.arrange(0, 30, brown, 0, 0).unwrap();
    game.arrange(2, 25, light_blue, 0, 0).unwrap();
    let mut table: Table = (0..3)
        .map(|_| Box::new(CrestBidder(1_000)) as Box<dyn Decider<Monopoly>>)
        .collect();
    game.play_turn(&mut table).unwrap();
    let tally = game.tally();
    assert_eq!(tally.crest_auctions, 1, "one auction for the one crest");
    let crests: u16 = tally.crests.iter().sum();
    assert_eq!(crests, 1, "the winner can pay the bid and the crest");
    game.check_invariants().unwrap();
}

/// docs/RULES.md's "printed in the rulebook" numbers are what the data holds, so a number
/// called printed is the rulebook's.
#[test]
fn the_numbers_the_rulebook_prints_are_the_datas() {
    let rules = MonopolyRules::standard();
    let numbers = &rules.numbers;
    assert_eq!(numbers.starting_points, 5 * 50 + 5 * 10);
    assert_eq!(numbers.go_reward, 20);
    assert_eq!((numbers.jail_fine, numbers.jail_tries), (10, 3));
    assert_eq!(numbers.doubles_to_jail, 3);
    assert_eq!((numbers.auction_opening, numbers.auction_step), (10, 10));
    assert_eq!(numbers.crests_per_house, 11);
    assert_eq!(4 * numbers.house_cards_per_house, 8, "8 House Cards");
    assert_eq!(numbers.spell_rent_per_pip, 10);
    let fines: Vec<(&str, i32)> = rules
        .board
        .spaces
        .iter()
        .zip(&rules.board.names)
        .filter_map(|(space, name)| match space {
            engine::monopoly::Space::Fine(points) => Some((name.as_str(), *points)),
            _ => None,
        })
        .collect();
    assert_eq!(fines, [("Filch", 20), ("Mrs. Norris", 10)]);
    assert_eq!(rules.cards.len(), 32, "Owl Post cards");
}

#[test]
fn a_jail_letter_is_charged_its_fine_later_and_a_free_card_is_credited_the_fine_it_saves() {
    let rules = rules();
    let find = |wanted: fn(&Effect) -> bool| {
        rules
            .cards
            .iter()
            .position(|card| wanted(&card.effect))
            .unwrap()
    };
    let to_jail = find(|e| matches!(e, Effect::GoToJail));
    let free = find(|e| matches!(e, Effect::GetOutOfJailFree));
    for (paying, card_held) in [(true, false), (false, true)] {
        let mut game = Monopoly::new(rules.clone(), &[GR, SL], 1).unwrap();
        let script = Scripted {
            pay_jail: paying,
            ..Scripted::default()
        };
        let mut table = seats(&[script.clone(), script]);
        if card_held {
            game.stack_owl_post(free).unwrap();
            game.place_token(0, 7);
            game.land_here(0, &mut table);
        }
        game.stack_owl_post(to_jail).unwrap();
        game.place_token(0, 7);
        game.land_here(0, &mut table);
        assert!(game.in_jail(0));
        while game.mover() != 0 {
            game.play_turn(&mut table).unwrap();
        }
        game.play_turn(&mut table).unwrap();
        assert!(!game.in_jail(0));
        let tally = game.tally();
        if card_held {
            // The free card saved the fine; the Jail letter cost nothing after all.
            assert_eq!(tally.owl_later_points[free], 10);
            assert_eq!(tally.owl_later_points[to_jail], 0);
        } else {
            assert_eq!(tally.owl_later_points[to_jail], -10);
        }
        assert_eq!(tally.owl_jail_turns[to_jail], 0, "left on the first turn");
    }
}

#[test]
fn a_jail_letter_counts_the_turns_its_drawer_lost_in_jail() {
    let rules = rules();
    let to_jail = rules
        .cards
        .iter()
        .position(|card| matches!(card.effect, Effect::GoToJail))
        .unwrap();
    let mut lost = 0;
    for seed in 0..20 {
        let mut game = Monopoly::new(rules.clone(), &[GR, SL], seed).unwrap();
        let mut table = seats(&[Scripted::default(), Scripted::default()]);
        game.stack_owl_post(to_jail).unwrap();
        game.place_token(0, 7);
        game.land_here(0, &mut table);
        let mut turns_in_jail = 0;
        while game.in_jail(0) {
            if game.mover() == 0 {
                turns_in_jail += 1;
            }
            game.play_turn(&mut table).unwrap();
        }
        let tally = game.tally();
        // Every try but the one that got out was a turn lost; only the third failure pays.
        let left_by_paying = tally.owl_later_points[to_jail] == -10;
        assert_eq!(
            u32::from(tally.owl_jail_turns[to_jail]),
            turns_in_jail - 1,
            "seed {seed}"
        );
        assert!(!left_by_paying || turns_in_jail == 3, "seed {seed}");
        lost += turns_in_jail - 1;
    }
    assert!(lost > 0);
}

#[test]
fn before_the_roll_a_player_mortgages_as_often_as_they_like_then_trades_or_rolls() {
    let mut game = Monopoly::new(rules(), &[GR, SL], 3).unwrap();
    let mover = game.pending().unwrap().seat;
    let (lake, owlery) = (property(&game, "Black Lake"), property(&game, "Owlery"));
    game.arrange(mover, 50, (1 << lake) | (1 << owlery), 0, 0)
        .unwrap();
    game.record_events();
    let value = |p: usize| game.rules().board.properties[p].mortgage;
    let (lake_value, owlery_value) = (value(lake), value(owlery));
    game.answer(Answer::Mortgage(1 << lake)).unwrap();
    let pending = game.pending().unwrap();
    assert_eq!((pending.seat, pending.question), (mover, Question::Trade));
    assert_eq!(game.points(mover), 50 + lake_value);
    game.answer(Answer::Mortgage(1 << owlery)).unwrap();
    assert_eq!(game.points(mover), 50 + lake_value + owlery_value);
    assert_eq!(game.mortgaged(), (1 << lake) | (1 << owlery));
    let told = game
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Mortgaged { seat, .. } if *seat == mover))
        .count();
    assert_eq!(told, 2);
    // Nothing left to mortgage: the answer ends the phase, as no trade would.
    game.answer(Answer::Mortgage(1 << lake)).unwrap();
    assert_ne!(game.pending().map(|p| p.question), Some(Question::Trade));
    game.check_invariants().unwrap();
}

/// Explores everything and gives up the moment it is short.
struct Quitter(Scripted);

impl Decider<Monopoly> for Quitter {
    fn name(&self) -> &str {
        "quitter"
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        match question {
            Question::Raise { .. } => Some(Answer::Raise(Some(engine::monopoly::Raise::GiveUp))),
            other => self.0.decide(view, other),
        }
    }
}

#[test]
fn a_player_short_of_points_may_give_up_instead_of_mortgaging() {
    let mut gave_up = 0;
    for seed in 0..40 {
        let mut game = Monopoly::new(rules(), &[GR, SL], seed).unwrap();
        game.record_events();
        let explorer = Scripted {
            explore: true,
            bid: 10,
            ..Scripted::default()
        };
        let mut table: Table = vec![
            Box::new(Quitter(explorer.clone())),
            Box::new(explorer.clone()),
        ];
        play_out(&mut game, &mut table, |_| {}).unwrap();
        game.check_invariants().unwrap();
        let events = game.events();
        // The quitter never raises a point: no crest returned, nothing mortgaged.
        assert!(!events.iter().any(|e| matches!(
            e,
            Event::Mortgaged { seat: 0, .. } | Event::CrestReturned { seat: 0, .. }
        )));
        if let Some(out) = events
            .iter()
            .position(|e| matches!(e, Event::WentOut { seat: 0, .. }))
        {
            gave_up += 1;
            assert!(game.is_out(0) && game.owned(0) == 0, "seed {seed}");
            assert!(
                events[..out]
                    .iter()
                    .any(|e| matches!(e, Event::Explored { seat: 0, .. }))
            );
        }
    }
    assert!(gave_up > 5, "{gave_up} games where the quitter went out");
}

/// Everything a seat's view shows, as text to compare.
fn shown(view: &View<'_>) -> String {
    let seats = 0..view.players();
    let properties = 0..view.board().properties.len();
    let per_seat: Vec<_> = seats
        .clone()
        .map(|s| {
            (
                view.points(s),
                view.position(s),
                view.is_out(s),
                view.in_jail(s),
                view.jail_cards(s),
                view.owned(s),
                view.crestable(s),
                view.raisable(s),
                properties
                    .clone()
                    .map(|p| view.rent(p, s))
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    format!(
        "{per_seat:?} {} {} {} {} {} {:?} {:?}",
        view.mortgaged(),
        view.crested(),
        view.unexplored(),
        view.turns(),
        view.deck_len(),
        view.final_scores(),
        view.events()
    )
}

#[test]
fn an_observed_copy_shows_what_the_game_shows_mid_turn_too() {
    for seed in 0..10u64 {
        let mut game = Monopoly::new(rules(), &[GR, SL, HU, House::Ravenclaw], seed).unwrap();
        game.record_events();
        let mut coin = Coin(Pcg64Mcg::seed_from_u64(seed));
        let mut steps = 0;
        while let Some(pending) = game.pending() {
            let copy = game.observed();
            for seat in 0..4 {
                assert_eq!(
                    shown(&copy.view(seat)),
                    shown(&game.view(seat)),
                    "seed {seed}"
                );
            }
            let answer = coin
                .decide(&game.view(pending.seat), pending.question)
                .unwrap();
            game.answer(answer).unwrap();
            steps += 1;
        }
        assert!(steps > 20, "seed {seed}: {steps} questions");
    }
}
