//! The lexicon through its public API: the embedded sets, the Glossary's tricky entries,
//! user word lists good and bad, and the queries.

use std::path::{Path, PathBuf};

use lexicon::{Dictionary, DictionaryError, Edition, Lexicon, OnBadLine, WordMap, letter_counts};

fn hp() -> Lexicon {
    Lexicon::embedded(Edition::HarryPotter)
}

#[test]
fn the_embedded_dictionary_holds_the_word_list() {
    let lexicon = Lexicon::embedded(Edition::Plain);
    assert_eq!(lexicon.dictionary().len(), lexicon::EMBEDDED_WORDS);
    assert!(lexicon.dictionary().len() > 260_000);
    for word in ["AA", "CAT", "zyzzyva", "Outstanding"] {
        assert!(lexicon.contains(word), "{word}");
    }
    for word in ["A", "XQZ", "CAT'S", "", "ANTIDISESTABLISHMENTARIANISM"] {
        assert!(!lexicon.contains(word), "{word}");
    }
}

#[test]
fn glossary_words_are_playable_only_in_the_harry_potter_edition() {
    let plain = Lexicon::embedded(Edition::Plain);
    let hp = hp();
    for word in [
        "AZKABAN",
        "HORCRUX",
        "MIRROROFERISED",
        "AVADAKEDAVRA",
        "MUGGLE",
    ] {
        assert!(hp.contains(word), "{word}");
        assert!(hp.is_glossary(word), "{word}");
        assert!(
            !plain.contains(word),
            "{word} is not in the plain dictionary"
        );
    }
    // A Glossary word that is also an ordinary word is playable in both, with the bonus in one.
    for word in ["WAND", "QUIDDITCH"] {
        assert!(plain.contains(word) && hp.is_glossary(word) && !plain.is_glossary(word));
    }
}

#[test]
fn inverted_entries_are_read_as_spoken() {
    let hp = hp();
    assert!(hp.is_glossary("MIRROROFERISED"));
    assert!(!hp.contains("ERISEDMIRROROF"));
    assert!(
        !hp.contains("ERISED"),
        "a phrase of up to 15 letters is valid only whole"
    );
    // THE DEATHLY HALLOWS has 17 letters: the name less its article is the Glossary word;
    // DEATHLY and HALLOWS alone are ordinary words, playable without the bonus.
    assert!(hp.is_glossary("DEATHLYHALLOWS"));
    assert!(!hp.is_glossary("DEATHLY") && !hp.is_glossary("HALLOWS"));
    assert!(hp.contains("DEATHLY") && hp.contains("HALLOWS"));
    assert!(!hp.contains("DEATHLYHALLOWSTHE") && !hp.contains("HALLOWSTHEDEATHLY"));
}

#[test]
fn long_phrases_give_their_harry_potter_parts_but_not_common_words() {
    let hp = hp();
    for part in [
        "WINGARDIUM",
        "LEVIOSA",
        "PETRIFICUS",
        "TOTALUS",
        "MIMBULUS",
        "MIMBLETONIA",
        "INCANTATEM",
        "WHIZZBEES",
        "SKREWT",
    ] {
        assert!(hp.is_glossary(part), "{part}");
        assert!(hp.contains(part), "{part}");
    }
    for common in [
        "THE",
        "OF",
        "FINITE",
        "VENOMOUS",
        "TENTACULA",
        "BLAST",
        "ENDED",
        "FIZZING",
    ] {
        assert!(!hp.is_glossary(common), "{common} earns no Glossary bonus");
    }
    assert!(hp.contains("THE"), "THE is still an ordinary word");
    assert!(
        !hp.contains("WINGARDIUMLEVIOSA"),
        "17 letters do not fit on the board"
    );
}

/// docs/LEXICON.md's reading of "specific to the world of Harry Potter", over the whole
/// Glossary: a long entry's parts are exactly its words, and its name less a leading THE,
/// that the standard dictionary lacks.
#[test]
fn every_long_entry_lists_exactly_the_parts_the_dictionary_lacks() {
    let plain = Lexicon::embedded(Edition::Plain);
    let entries = lexicon::glossary::parse_glossary(lexicon::EMBEDDED_GLOSSARY).unwrap();
    let mut long = 0;
    for entry in entries.iter().filter(|entry| entry.phrase.len() > 15) {
        long += 1;
        let spell = |word: &str| word.replace(['-', '\''], "").to_ascii_uppercase();
        let spoken: Vec<String> = {
            let printed = entry.printed.replace('\u{2122}', "");
            let spoken = match printed.split_once(',') {
                Some((head, tail)) => format!("{} {}", tail.trim(), head.trim()),
                None => printed,
            };
            spoken
                .split(|c: char| c.is_whitespace() || c == '-')
                .filter(|word| !word.is_empty())
                .map(spell)
                .collect()
        };
        let mut candidates = spoken.clone();
        if spoken[0] == "THE" {
            candidates.push(spoken[1..].concat());
        }
        let mut expected: Vec<String> = candidates
            .into_iter()
            .filter(|part| part.len() <= 15 && !plain.contains(part))
            .collect();
        expected.sort();
        expected.dedup();
        let mut listed = entry.words.clone();
        listed.sort();
        assert_eq!(listed, expected, "{}", entry.printed);
    }
    assert_eq!(long, 9, "the Glossary's entries of more than 15 letters");
}

#[test]
fn hyphenated_and_trademarked_entries_are_spelled_plainly() {
    let hp = hp();
    assert!(
        !hp.contains("BLASTENDEDSKREWT"),
        "16 letters: only its parts are playable"
    );
    for word in [
        "BOGGART",
        "KNIGHTBUS",
        "SORTINGHAT",
        "GOLDENSNITCH",
        "YULEBALL",
        "FLOONETWORK",
    ] {
        assert!(hp.is_glossary(word), "{word}");
    }
    assert!(!hp.contains("KNIGHT-BUS") && !hp.contains("KNIGHT BUS"));
}

#[test]
fn anagrams_with_two_blanks_show_the_blanks_in_lower_case() {
    let lexicon = Lexicon::embedded(Edition::Plain);
    let found = lexicon.anagrams("QI??").unwrap();
    assert!(found.iter().all(|w| w.len() >= 2 && w.len() <= 4));
    assert!(found.contains(&"QI".to_string()), "real tiles come first");
    assert!(
        found.contains(&"QuIt".to_string()),
        "QUIT with blanks for U and T"
    );
    assert!(
        found.contains(&"aa".to_string()),
        "two blanks alone make AA"
    );
    // Each word once, longest first.
    let mut upper: Vec<String> = found.iter().map(|w| w.to_ascii_uppercase()).collect();
    let total = upper.len();
    upper.sort();
    upper.dedup();
    assert_eq!(upper.len(), total);
    assert!(found.windows(2).all(|pair| pair[0].len() >= pair[1].len()));
    assert!(lexicon.anagrams("QI?!").is_err());
    assert!(lexicon.anagrams("ABCDEFGHIJKLMNOP").is_err());
    // By counts, any number of tiles: sixteen spell what fifteen of them do, and more.
    let counts = |text: &str| -> [u8; 26] {
        std::array::from_fn(|l| text.bytes().filter(|&b| b == b'A' + l as u8).count() as u8)
    };
    let fifteen = lexicon.anagrams_of(counts("AEINRSTLOCDUMPH"), 0);
    let sixteen = lexicon.anagrams_of(counts("AEINRSTLOCDUMPHG"), 0);
    assert_eq!(fifteen, lexicon.anagrams("AEINRSTLOCDUMPH").unwrap());
    assert!(fifteen.iter().all(|word| sixteen.contains(word)));
    assert!(sixteen.len() > fifteen.len() && sixteen.iter().any(|w| w.contains('G')));
}

/// Anagrams come longest first and alphabetical within a length (blanks read as their
/// letters), and the visiting walk offers the same words, alphabetical throughout.
#[test]
fn anagrams_are_ordered_and_visited_alphabetically() {
    let lexicon = Lexicon::embedded(Edition::Plain);
    let counts: [u8; 26] =
        std::array::from_fn(|l| u8::from(b"AEIRSTLNG".contains(&(b'A' + l as u8))));
    let listed = lexicon.anagrams_of(counts, 1);
    assert!(listed.len() > 1_000, "{} words", listed.len());
    let key = |word: &String| (std::cmp::Reverse(word.len()), word.to_ascii_uppercase());
    assert!(listed.windows(2).all(|pair| key(&pair[0]) < key(&pair[1])));
    let mut visited = Vec::new();
    lexicon.for_each_anagram_of(counts, 1, |word| {
        visited.push(String::from_utf8(word.to_vec()).unwrap());
    });
    let upper = |word: &String| word.to_ascii_uppercase();
    assert!(
        visited
            .windows(2)
            .all(|pair| upper(&pair[0]) < upper(&pair[1]))
    );
    let mut sorted = listed.clone();
    sorted.sort_by_key(upper);
    assert_eq!(visited, sorted);
    // A walk kept to short words offers those of the whole walk, in the same order.
    for longest in [2, 4, 7] {
        let mut short = Vec::new();
        lexicon.for_each_anagram_up_to(counts, 1, longest, |word| {
            short.push(String::from_utf8(word.to_vec()).unwrap());
        });
        let expected: Vec<String> = visited
            .iter()
            .filter(|word| word.len() <= longest)
            .cloned()
            .collect();
        assert!(!short.is_empty());
        assert_eq!(short, expected, "words of at most {longest} letters");
    }
}

#[test]
fn patterns_match_letter_for_letter() {
    let lexicon = Lexicon::embedded(Edition::Plain);
    let found = lexicon.pattern("C?T").unwrap();
    for word in ["CAT", "COT", "CUT"] {
        assert!(found.contains(&word.to_string()));
    }
    assert!(
        found
            .iter()
            .all(|w| w.len() == 3 && w.starts_with('C') && w.ends_with('T'))
    );
}

#[test]
fn a_user_list_replaces_the_dictionary_but_not_the_glossary() {
    let text = "# my list\ncat\nDOG\n\nDog\nowl\n";
    let compiled = Dictionary::compile_text(text, Path::new("mine.txt"), OnBadLine::Fail).unwrap();
    assert_eq!(compiled.dictionary.len(), 3);
    let hp = Lexicon::new(compiled.dictionary.clone(), Edition::HarryPotter).unwrap();
    assert!(hp.contains("CAT") && hp.contains("QUIDDITCH"));
    assert!(!hp.contains("ZYZZYVA"));
    let plain = Lexicon::new(compiled.dictionary, Edition::Plain).unwrap();
    assert!(plain.contains("OWL") && !plain.contains("QUIDDITCH"));
}

#[test]
fn bad_lines_name_the_file_the_line_and_the_text() {
    let text = "cat\ndog\nrock'n'roll\n";
    let error = Dictionary::compile_text(text, Path::new("bad.txt"), OnBadLine::Fail).unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with("bad.txt: line 3: \"rock'n'roll\""),
        "{message}"
    );
    let long = "cat\nsupercalifragilistic\n";
    let message = Dictionary::compile_text(long, Path::new("long.txt"), OnBadLine::Fail)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("line 2") && message.contains("20 letters"),
        "{message}"
    );
    let skipped = Dictionary::compile_text(text, Path::new("bad.txt"), OnBadLine::Skip).unwrap();
    assert_eq!((skipped.dictionary.len(), skipped.skipped), (2, 1));
    let empty = Dictionary::compile_text("# nothing\n\n", Path::new("empty.txt"), OnBadLine::Fail);
    assert!(matches!(empty, Err(DictionaryError::Empty { .. })));
}

/// `words` (a line each) compiled to `words.lex` in a fresh directory named for `test`:
/// the directory and the file.
fn compiled(test: &str, words: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("owlery-lexicon-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("words.txt");
    std::fs::write(&list, words).unwrap();
    let lex = dir.join("words.lex");
    let compiled = Dictionary::load(&list, OnBadLine::Fail).unwrap();
    compiled.dictionary.save(&lex).unwrap();
    (dir, lex)
}

#[test]
fn a_compiled_list_loads_back_and_damage_is_an_error() {
    let (dir, lex) = compiled("test", "Zebra\napple\nmango\n");
    let loaded = Dictionary::load(&lex, OnBadLine::Fail).unwrap().dictionary;
    assert_eq!(loaded.len(), 3);
    assert!(loaded.contains("ZEBRA") && loaded.contains("APPLE") && !loaded.contains("PEAR"));

    let mut bytes = std::fs::read(&lex).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    bytes.truncate(last - 3);
    std::fs::write(&lex, &bytes).unwrap();
    let error = Dictionary::load(&lex, OnBadLine::Fail).unwrap_err();
    assert!(matches!(error, DictionaryError::Corrupt { .. }), "{error}");
    assert!(error.to_string().contains("words.lex"));

    // A file from an earlier layout of the graph says so, rather than failing as a word list.
    let mut older = b"owlery-lexicon 3\n".to_vec();
    older.extend_from_slice(&bytes[17..]);
    std::fs::write(&lex, &older).unwrap();
    let error = Dictionary::load(&lex, OnBadLine::Fail).unwrap_err();
    assert!(
        error.to_string().contains("format 3, expected format 4"),
        "{error}"
    );

    let missing = Dictionary::load(&dir.join("nope.lex"), OnBadLine::Fail).unwrap_err();
    assert!(matches!(missing, DictionaryError::Io { .. }));
    std::fs::write(&lex, [0xff, 0xfe, 0x00]).unwrap();
    let binary = Dictionary::load(&lex, OnBadLine::Fail).unwrap_err();
    assert!(
        matches!(binary, DictionaryError::NotText { .. }),
        "{binary}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn any_changed_or_missing_byte_of_a_compiled_list_is_refused() {
    let (dir, lex) = compiled("bytes", "CAT\nCATS\nACT\nDOG\nDOGS\nGOD\nQUIDDITCH\n");
    let good = std::fs::read(&lex).unwrap();
    let loads = |bytes: &[u8]| {
        std::fs::write(&lex, bytes).unwrap();
        Dictionary::load(&lex, OnBadLine::Fail).is_ok()
    };
    assert!(loads(&good));
    for at in 0..good.len() {
        for flip in [0x01, 0x10, 0x80, 0xff] {
            let mut bytes = good.clone();
            bytes[at] ^= flip;
            assert!(
                !loads(&bytes),
                "byte {at} of {} xor {flip:#x} loaded",
                good.len()
            );
        }
        // Cut inside the first line, what is left is text ("owl" is a word list).
        let magic = "owlery-lexicon 4\n".len();
        assert!(
            at < magic || !loads(&good[..at]),
            "the first {at} bytes loaded"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_gaddag_without_separators_reads_words_right_to_left() {
    let hp = hp();
    let reversed = hp.gaddag();
    let mut letters = Vec::new();
    lexicon::graph::to_letters("TAC", &mut letters).unwrap();
    assert!(reversed.contains_letters(&letters), "CAT backwards");
    lexicon::graph::to_letters("ORAPER", &mut letters).unwrap();
    assert!(reversed.contains_letters(&letters), "REPARO backwards");
    lexicon::graph::to_letters("CAT", &mut letters).unwrap();
    assert!(!reversed.contains_letters(&letters), "TAC is not a word");
}

#[test]
fn the_anagram_graph_knows_every_playable_word_by_its_letters() {
    let plain = Lexicon::embedded(Edition::Plain);
    let hp = hp();
    let mut letters = Vec::new();
    let mut spelled = |lexicon: &Lexicon, text: &str| {
        lexicon::graph::to_letters(text, &mut letters).unwrap();
        lexicon.anagram_graph().contains(&letters)
    };
    // Read from the build (the dictionary) and joined at run time (the Glossary).
    assert!(
        spelled(&plain, "NASTIER") && spelled(&hp, "NASTIER"),
        "RETAINS"
    );
    assert!(spelled(&hp, "NABAKAZ"), "AZKABAN, in the Glossary");
    assert!(!spelled(&plain, "NABAKAZ"));
    assert!(!spelled(&hp, "NASTIEQ"));
    // A user's list gets a graph built from its words.
    let compiled =
        Dictionary::compile_text("CAT\nACT\nDOG\n", Path::new("mine.txt"), OnBadLine::Fail)
            .unwrap();
    let user = Lexicon::new(compiled.dictionary, Edition::Plain).unwrap();
    assert!(spelled(&user, "TCA") && !spelled(&user, "TAN"));
}

#[test]
fn the_word_map_holds_every_long_word_once_in_both_editions() {
    for edition in [Edition::Plain, Edition::HarryPotter] {
        let lexicon = Lexicon::embedded(edition);
        let map = lexicon.word_map();
        let mut long = Vec::new();
        lexicon.for_each_word(|word| {
            if word.len() >= WordMap::MIN_LEN {
                long.push(word.to_vec());
            }
        });
        assert_eq!(map.len(), long.len(), "{edition:?}");
        // Every 97th word is found by its own letters, once; with a blank for one of them too.
        for word in long.iter().step_by(97) {
            let letters: Vec<u8> = word.iter().map(|b| b - b'A').collect();
            let mut found = 0;
            map.for_each_spelled(letter_counts(&letters), 0, |w| {
                found += usize::from(w == letters)
            });
            assert_eq!(found, 1, "{}", String::from_utf8_lossy(word));
            let mut with_blank = 0;
            map.for_each_spelled(letter_counts(&letters[1..]), 1, |w| {
                with_blank += usize::from(w == letters)
            });
            assert_eq!(
                with_blank,
                1,
                "{} with a blank",
                String::from_utf8_lossy(word)
            );
        }
    }
    // A user's list gets its map built from its words.
    let words = ["AARDVARK", "CAT", "TRAINEES"];
    let lexicon =
        Lexicon::new(Dictionary::from_sorted_words(words, "test"), Edition::Plain).unwrap();
    assert_eq!(lexicon.word_map().len(), 2);
}
