//! The SCRABBLE Harry Potter Edition Glossary: printed entries turned into playable words.
//!
//! The rules (rulebook rule 8, rule 23 and the Glossary section): spaces, hyphens and
//! apostrophes are removed; an entry printed inverted ("ERISED, MIRROR OF") is read as spoken;
//! an entry of up to 15 letters is playable only whole; a longer one gives the
//! Harry-Potter-specific words that its data line lists.

use crate::wordlist::{MAX_WORD_LEN, MIN_WORD_LEN};

/// The Glossary as shipped, compiled into the binary.
pub const EMBEDDED_GLOSSARY: &str = include_str!("../data/glossary.txt");

/// One entry of the Glossary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlossaryEntry {
    /// The entry as printed, e.g. `ERISED, MIRROR OF`.
    pub printed: String,
    /// The phrase as spoken, letters only, e.g. `MIRROROFERISED`.
    pub phrase: String,
    /// The words this entry makes playable for the Glossary bonus.
    pub words: Vec<String>,
}

/// A line of the Glossary data file that breaks its rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {text:?}: {problem}")]
pub struct GlossaryLineError {
    /// 1-based line number.
    pub line: usize,
    /// The offending line, trimmed.
    pub text: String,
    /// What was expected.
    pub problem: String,
}

/// Removes what is not spelled on the board: spaces, hyphens, apostrophes, trademark marks.
fn spell(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '\'' | '\u{2019}' | '\u{2122}'))
        .collect::<String>()
        .to_ascii_uppercase()
}

/// Reads an inverted entry ("HALLOWS, THE DEATHLY") as spoken ("THE DEATHLY HALLOWS").
fn as_spoken(printed: &str) -> Result<String, String> {
    match printed.split_once(',') {
        None => Ok(printed.trim().to_string()),
        Some((head, tail)) if !tail.contains(',') => Ok(format!("{} {}", tail.trim(), head.trim())),
        Some(_) => {
            Err("more than one comma; expected at most one, as in \"ERISED, MIRROR OF\"".into())
        }
    }
}

fn check_letters(word: &str) -> Result<(), String> {
    match word.chars().find(|c| !c.is_ascii_uppercase()) {
        Some(c) => Err(format!("{c:?} is not a letter A-Z")),
        None => Ok(()),
    }
}

fn parse_entry(line: &str) -> Result<GlossaryEntry, String> {
    let (printed, parts) = match line.split_once('=') {
        Some((printed, parts)) => (printed.trim(), Some(parts.trim())),
        None => (line, None),
    };
    let spoken = as_spoken(printed)?;
    let phrase = spell(&spoken);
    check_letters(&phrase)?;
    if phrase.len() < MIN_WORD_LEN {
        return Err(format!("fewer than {MIN_WORD_LEN} letters"));
    }
    let words = match (phrase.len() <= MAX_WORD_LEN, parts) {
        (true, None) => vec![phrase.clone()],
        (true, Some(_)) => {
            return Err(format!(
                "{} letters fit on the board, so the entry is played whole; remove the parts after '='",
                phrase.len()
            ));
        }
        (false, None) => {
            return Err(format!(
                "{} letters do not fit on the board; list its Harry-Potter-specific words after '='",
                phrase.len()
            ));
        }
        (false, Some(parts)) => {
            // A hyphen joins two words (BLAST-ENDED), each of which may be a part.
            let spoken_words: Vec<String> = spoken
                .split(|c: char| c.is_whitespace() || c == '-')
                .filter(|word| !word.is_empty())
                .map(spell)
                .collect();
            let mut words = Vec::new();
            for part in parts.split(',').map(spell).filter(|part| !part.is_empty()) {
                if !is_run_of(&part, &spoken_words) {
                    return Err(format!(
                        "{part} is not a word, or a run of words, of the phrase {spoken:?}"
                    ));
                }
                if part.len() < MIN_WORD_LEN || part.len() > MAX_WORD_LEN {
                    return Err(format!("{part} is not 2 to 15 letters"));
                }
                words.push(part);
            }
            words
        }
    };
    Ok(GlossaryEntry {
        printed: printed.to_string(),
        phrase,
        words,
    })
}

/// Whether `part` is one or more consecutive words of the phrase, spelled together.
fn is_run_of(part: &str, words: &[String]) -> bool {
    (0..words.len()).any(|start| {
        let mut run = String::new();
        words[start..].iter().any(|word| {
            run.push_str(word);
            run == part
        })
    })
}

/// Reads a Glossary data file: one printed entry a line, `#` comments and blank lines ignored.
pub fn parse_glossary(text: &str) -> Result<Vec<GlossaryEntry>, GlossaryLineError> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = parse_entry(line).map_err(|problem| GlossaryLineError {
            line: index + 1,
            text: line.to_string(),
            problem,
        })?;
        entries.push(entry);
    }
    Ok(entries)
}

/// Every playable Glossary word, sorted and unique.
pub fn glossary_words(entries: &[GlossaryEntry]) -> Vec<String> {
    let mut words: Vec<String> = entries
        .iter()
        .flat_map(|e| e.words.iter().cloned())
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverted_entries_read_as_spoken() {
        let entry = parse_entry("ERISED, MIRROR OF").unwrap();
        assert_eq!(entry.words, vec!["MIRROROFERISED"]);
        let entry = parse_entry("HALLOWS, THE DEATHLY = DEATHLY HALLOWS").unwrap();
        assert_eq!(entry.phrase, "THEDEATHLYHALLOWS");
        assert_eq!(entry.words, vec!["DEATHLYHALLOWS"]);
        let entry = parse_entry("WINGARDIUM LEVIOSA = WINGARDIUM, LEVIOSA").unwrap();
        assert_eq!(entry.words, vec!["WINGARDIUM", "LEVIOSA"]);
        let entry = parse_entry("VENOMOUS TENTACULA =").unwrap();
        assert!(entry.words.is_empty());
    }

    #[test]
    fn hyphens_and_marks_are_dropped() {
        let entry = parse_entry("BOGGART\u{2122}").unwrap();
        assert_eq!(entry.words, vec!["BOGGART"]);
        let entry = parse_entry("BLAST-ENDED SKREWT = SKREWT").unwrap();
        assert_eq!(entry.phrase, "BLASTENDEDSKREWT");
        assert_eq!(entry.words, vec!["SKREWT"]);
    }

    #[test]
    fn bad_entries_are_refused_with_the_reason() {
        assert!(
            parse_entry("YULE BALL = YULE")
                .unwrap_err()
                .contains("played whole")
        );
        assert!(
            parse_entry("WINGARDIUM LEVIOSA")
                .unwrap_err()
                .contains("after '='")
        );
        assert!(
            parse_entry("WINGARDIUM LEVIOSA = ACCIO")
                .unwrap_err()
                .contains("not a word, or a run of words, of")
        );
        assert!(parse_entry("A, B, C").unwrap_err().contains("comma"));
        assert!(parse_entry("NOX2").unwrap_err().contains("not a letter"));
        let error = parse_glossary("ACCIO\n\nNOX!\n").unwrap_err();
        assert_eq!(error.line, 3);
    }
}
