//! Reading GCG records: the players and what each move line says, checked for form only
//! (replaying the moves on a board is the reader's caller's, which knows the rules).

use anyhow::{Context, bail};
use engine::scrabble::{MAX_PLAYERS, Rack};

/// A game record as read: the players in seat order and each line's event, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Each seat's nickname (the name move lines start with) and full name.
    pub players: Vec<(String, String)>,
    /// The move lines, in order.
    pub events: Vec<Event>,
}

/// One move line: `>NICK: RACK MOVE +SCORE TOTAL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Its line in the file, from 1.
    pub line: usize,
    /// The seat whose line it is.
    pub seat: usize,
    /// The rack written before the move (empty where none is written).
    pub rack: Rack,
    /// What the line does.
    pub action: Action,
    /// The points it adds (negative: takes away).
    pub score: i32,
    /// The seat's total after it.
    pub total: i32,
}

/// What a move line does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A placement, as written: `8H` or `H8`, then its tiles with `.` (or parentheses) where
    /// the word runs through tiles on the board, a blank in lower case.
    Place {
        /// The coordinate.
        coordinate: String,
        /// The tiles.
        tiles: String,
    },
    /// Tiles returned to the bag (`-TILES`), or only how many (`-N`, the tiles not shown).
    Exchange(Option<Rack>),
    /// A pass (`-`).
    Pass,
    /// The seat's last placement taken back, its word challenged off (`--`).
    Withdrawn,
    /// Points without a move: a challenge's bonus, time, or racks at the end (`(challenge)`,
    /// `(time)`, `(TILES)`).
    Points,
}

/// The form a move line takes, for errors.
const MOVE_LINE: &str = "`>NICK: RACK 8H WORD +SCORE TOTAL` (or `-TILES` to exchange, `-` to \
                         pass, `--` for a word taken back, `(challenge)`, `(time)` or `(TILES)` \
                         for points without a move)";

/// Reads the GCG `text` of the file `file` (named in errors with the line).
pub fn read(text: &str, file: &str) -> anyhow::Result<Record> {
    let mut players: Vec<Option<(String, String)>> = Vec::new();
    let mut events = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let at = || format!("{file}: line {line}");
        let trimmed = raw.trim();
        if let Some(pragma) = trimmed.strip_prefix('#') {
            if let Some(rest) = pragma.strip_prefix("player") {
                if !events.is_empty() {
                    bail!("{}: a player named after the first move", at());
                }
                let (seat, nick, name) = player(rest).with_context(at)?;
                if players.len() <= seat {
                    players.resize(seat + 1, None);
                }
                if players[seat].is_some() {
                    bail!("{}: player {} is named twice", at(), seat + 1);
                }
                if players.iter().flatten().any(|(known, _)| *known == nick) {
                    bail!("{}: two players are called {nick:?}", at());
                }
                players[seat] = Some((nick, name));
            }
            // Other pragmas (notes, title, lexicon, encoding) say nothing a replay needs.
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        let Some(body) = trimmed.strip_prefix('>') else {
            bail!(
                "{}: expected a pragma (#player1 ...) or a move line (>NICK: ...), found {trimmed:?}",
                at()
            );
        };
        let Some((nick, rest)) = body.split_once(':') else {
            bail!("{}: expected {MOVE_LINE}", at());
        };
        let named: Vec<&(String, String)> = players.iter().flatten().collect();
        if named.len() != players.len() || named.len() < 2 {
            bail!(
                "{}: expected #player1 and #player2 (and any others, in order) before the first \
                 move",
                at()
            );
        }
        let seat = players
            .iter()
            .flatten()
            .position(|(known, _)| known == nick.trim())
            .with_context(|| {
                let nicks: Vec<&str> = named.iter().map(|(nick, _)| nick.as_str()).collect();
                format!(
                    "{}: no player is called {:?}; expected one of {}",
                    at(),
                    nick.trim(),
                    nicks.join(", ")
                )
            })?;
        let (rack, action, score, total) = move_line(rest).with_context(at)?;
        events.push(Event {
            line,
            seat,
            rack,
            action,
            score,
            total,
        });
    }
    let players: Vec<(String, String)> = players.into_iter().flatten().collect();
    if players.len() < 2 {
        bail!("{file}: expected #player1 and #player2 lines naming the players");
    }
    Ok(Record { players, events })
}

/// A `#playerN NICK FULL NAME` pragma after `#player`: the seat, nickname and full name.
fn player(rest: &str) -> anyhow::Result<(usize, String, String)> {
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let number: usize = digits
        .parse()
        .ok()
        .filter(|n| (1..=MAX_PLAYERS).contains(n))
        .with_context(|| format!("expected #player1 to #player{MAX_PLAYERS}"))?;
    let mut words = rest[digits.len()..].split_whitespace();
    let nick = words
        .next()
        .with_context(|| format!("expected #player{number} NICK FULL NAME"))?;
    let name = words.collect::<Vec<_>>().join(" ");
    Ok((number - 1, nick.to_string(), name))
}

/// What follows `>NICK:`: the rack, the action, the points and the total.
fn move_line(rest: &str) -> anyhow::Result<(Rack, Action, i32, i32)> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [middle @ .., score, total] = &words[..] else {
        bail!("expected {MOVE_LINE}");
    };
    let points = |digits: &str| {
        let digits_only = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
        digits_only.then(|| digits.parse::<i32>().ok()).flatten()
    };
    let score = match score.split_at_checked(1) {
        Some(("+", digits)) => points(digits),
        Some(("-", digits)) => points(digits).map(|n| -n),
        _ => None,
    }
    .with_context(|| format!("expected the points as +N or -N, found {score:?}"))?;
    let total: i32 = total
        .parse()
        .with_context(|| format!("expected the total as a number, found {total:?}"))?;
    let rack_of = |text: &str| {
        Rack::parse(text)
            .with_context(|| format!("expected a rack (letters, ? a blank), found {text:?}"))
    };
    let (rack, action) = match middle {
        [rack, coordinate, tiles] if !tiles.starts_with(['-', '(']) => (
            rack_of(rack)?,
            Action::Place {
                coordinate: coordinate.to_string(),
                tiles: tiles.to_string(),
            },
        ),
        [rack, last] => (rack_of(rack)?, action(last)?),
        [last] => (Rack::EMPTY, action(last)?),
        _ => bail!("expected {MOVE_LINE}"),
    };
    Ok((rack, action, score, total))
}

/// A move line's action other than a placement with its rack: `-TILES`, `-N`, `-`, `--`,
/// `(…)`; or a placement written without its rack is refused (its rack is what a replay
/// needs).
fn action(word: &str) -> anyhow::Result<Action> {
    if word.starts_with('(') && word.ends_with(')') {
        return Ok(Action::Points);
    }
    match word {
        "-" => return Ok(Action::Pass),
        "--" => return Ok(Action::Withdrawn),
        _ => {}
    }
    let Some(tiles) = word.strip_prefix('-') else {
        bail!("expected {MOVE_LINE}");
    };
    if tiles.chars().all(|c| c.is_ascii_digit()) {
        return Ok(Action::Exchange(None));
    }
    let returned = Rack::parse(tiles)
        .with_context(|| format!("expected the tiles exchanged after -, found {tiles:?}"))?;
    Ok(Action::Exchange(Some(returned)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rack(text: &str) -> Rack {
        Rack::parse(text).unwrap()
    }

    #[test]
    fn every_kind_of_line_is_read() {
        let text = "#character-encoding UTF-8\n#player1 p1 Ada Lovelace\n#player2 p2 simmer\n\
                    >p1: AAEEEPR 8D PERAEA +22 22\n#note a note\n\n>p2: BEIJNRV -BJV +0 0\n\
                    >p2: BEIJNRV -3 +0 0\n>p1: DEGINSV - +0 22\n>p2: ?EINRST 9C sTERNI. +70 70\n\
                    >p2: ?EINRST -- -70 0\n>p1: DEGINSV (challenge) +5 27\n>p1: (AB) +8 35\n\
                    >p2: AB (AB) -8 -8\n>p1: (time) -10 25\n";
        let record = read(text, "g.gcg").unwrap();
        assert_eq!(
            record.players,
            [
                ("p1".to_string(), "Ada Lovelace".to_string()),
                ("p2".to_string(), "simmer".to_string())
            ]
        );
        let actions: Vec<(usize, usize, Rack, &Action, i32, i32)> = record
            .events
            .iter()
            .map(|e| (e.line, e.seat, e.rack, &e.action, e.score, e.total))
            .collect();
        let place = Action::Place {
            coordinate: "8D".into(),
            tiles: "PERAEA".into(),
        };
        let blank = Action::Place {
            coordinate: "9C".into(),
            tiles: "sTERNI.".into(),
        };
        let exchange = Action::Exchange(Some(rack("BJV")));
        assert_eq!(
            actions,
            [
                (4, 0, rack("AAEEEPR"), &place, 22, 22),
                (7, 1, rack("BEIJNRV"), &exchange, 0, 0),
                (8, 1, rack("BEIJNRV"), &Action::Exchange(None), 0, 0),
                (9, 0, rack("DEGINSV"), &Action::Pass, 0, 22),
                (10, 1, rack("?EINRST"), &blank, 70, 70),
                (11, 1, rack("?EINRST"), &Action::Withdrawn, -70, 0),
                (12, 0, rack("DEGINSV"), &Action::Points, 5, 27),
                (13, 0, Rack::EMPTY, &Action::Points, 8, 35),
                (14, 1, rack("AB"), &Action::Points, -8, -8),
                (15, 0, Rack::EMPTY, &Action::Points, -10, 25),
            ]
        );
    }

    #[test]
    fn a_bad_line_is_named_with_what_was_expected() {
        let players = "#player1 a A\n#player2 b B\n";
        let cases = [
            ("8D PERAEA +22 22\n", "line 3: expected a pragma"),
            (
                ">c: AB 8D AB +5 5\n",
                "line 3: no player is called \"c\"; expected one of a, b",
            ),
            (
                ">a: AB 8D AB 5 5\n",
                "line 3: expected the points as +N or -N, found \"5\"",
            ),
            (
                ">a: AB 8D AB +5 x\n",
                "line 3: expected the total as a number",
            ),
            (">a: A1 8D AB +5 5\n", "line 3: expected a rack"),
            (
                ">a: AB -A!B +0 0\n",
                "line 3: expected the tiles exchanged after -",
            ),
            (">a: +5 5\n", "line 3: expected `>NICK: RACK 8H WORD"),
            (">a AB 8D AB +5 5\n", "line 3: expected `>NICK:"),
        ];
        for (line, expected) in cases {
            let error = read(&format!("{players}{line}"), "g.gcg").unwrap_err();
            let message = format!("{error:#}");
            assert!(message.starts_with("g.gcg: "), "{message}");
            assert!(message.contains(expected), "{line}: {message}");
        }
        let error = read(">a: AB 8D AB +5 5\n", "g.gcg").unwrap_err();
        assert!(format!("{error:#}").contains("line 1: expected #player1 and #player2"));
        let error = read("#player1 a A\n#player1 b B\n", "g.gcg").unwrap_err();
        assert!(format!("{error:#}").contains("line 2: player 1 is named twice"));
        let error = read("#player1 a A\n#player2 a B\n", "g.gcg").unwrap_err();
        assert!(format!("{error:#}").contains("two players are called \"a\""));
        let error = read("#player9 a A\n", "g.gcg").unwrap_err();
        assert!(format!("{error:#}").contains("expected #player1 to #player4"));
        let error = read("#player1 a A\n", "g.gcg").unwrap_err();
        assert!(format!("{error:#}").contains("expected #player1 and #player2 lines"));
    }
}
