//! Who may act on a game: each person's seat has a secret token; a request that may not act is
//! refused with the reason and the HTTP status it deserves.

use subtle::ConstantTimeEq;

/// Why a request about a game is refused, with the HTTP status it deserves.
#[derive(Debug)]
pub enum Refusal {
    /// 403: not this seat's token, or a bot's seat.
    Forbidden(String),
    /// 409: not this seat's turn, no such question waiting, or the game is over.
    Conflict(String),
    /// 422: a move or card the rules refuse.
    Unprocessable(String),
}

/// Per seat, the person's secret token, or none for a bot's seat.
#[derive(Debug, Default)]
pub struct SeatTokens(Vec<Option<String>>);

impl SeatTokens {
    /// Adds the next seat: a person's with this token, or (`None`) a bot's.
    pub fn push(&mut self, token: Option<String>) {
        self.0.push(token);
    }

    /// Whether a person holds `seat`.
    pub fn is_person(&self, seat: usize) -> bool {
        matches!(self.0.get(seat), Some(Some(_)))
    }

    /// The people's seats and their tokens.
    pub fn tokens(&self) -> Vec<(usize, String)> {
        self.0
            .iter()
            .enumerate()
            .filter_map(|(seat, token)| token.clone().map(|t| (seat, t)))
            .collect()
    }

    /// Checks that `token` is the secret of a person's `seat`.
    pub fn authorise(&self, seat: usize, token: &str) -> Result<(), Refusal> {
        match self.0.get(seat) {
            // Compared in constant time: how long a wrong guess took says nothing of the secret.
            Some(Some(secret)) if bool::from(secret.as_bytes().ct_eq(token.as_bytes())) => Ok(()),
            Some(Some(_)) => Err(Refusal::Forbidden(format!("not seat {}'s token", seat + 1))),
            Some(None) => Err(Refusal::Forbidden(format!("seat {} is a bot's", seat + 1))),
            None => Err(Refusal::Forbidden(format!("there is no seat {}", seat + 1))),
        }
    }
}
