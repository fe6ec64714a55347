//! Compiles the embedded default dictionary (data/words.txt) into an fst in OUT_DIR, so a
//! fresh clone builds with no download and `owlery` runs with no files beside it.

#[path = "src/wordlist.rs"]
#[allow(dead_code)]
mod wordlist;

#[path = "src/graph.rs"]
#[allow(dead_code)]
mod graph;

#[path = "src/gaddag.rs"]
#[allow(dead_code)]
mod gaddag;

#[path = "src/anagrams.rs"]
#[allow(dead_code)]
mod anagrams;

#[path = "src/word_map.rs"]
#[allow(dead_code)]
mod word_map;

use std::{env, fs, path::PathBuf};

fn main() {
    let source = "data/words.txt";
    println!("cargo:rerun-if-changed={source}");
    println!("cargo:rerun-if-changed=src/wordlist.rs");
    println!("cargo:rerun-if-changed=src/graph.rs");
    println!("cargo:rerun-if-changed=src/gaddag.rs");
    println!("cargo:rerun-if-changed=src/anagrams.rs");
    println!("cargo:rerun-if-changed=src/word_map.rs");
    let text =
        fs::read_to_string(source).expect("lexicon/data/words.txt is part of the repository");
    // The source list has words over 15 letters; they cannot be played, so they are skipped here.
    let parsed =
        wordlist::parse_word_list(&text, wordlist::OnBadLine::Skip).expect("skipping never fails");
    let mut builder = fst::SetBuilder::memory();
    builder
        .extend_iter(parsed.words.iter())
        .expect("words are sorted and unique");
    let bytes = builder.into_inner().expect("in-memory fst");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    // The words left to right, laid out once here (merging and ordering its nodes takes
    // longer than reading them).
    let fst = fst::raw::Fst::new(bytes.as_slice()).expect("the fst just built");
    let graph = graph::WordGraph::from_fst(&fst).expect("letters only");
    fs::write(out.join("dictionary.graph"), graph.to_bytes()).expect("write dictionary.graph");
    // The GADDAG takes seconds to build: lay it out once here, not at every start.
    let gaddag =
        gaddag::build_gaddag(parsed.words.iter().map(String::as_bytes)).expect("letters only");
    fs::write(out.join("dictionary.gaddag"), gaddag.to_bytes()).expect("write dictionary.gaddag");
    // And the GADDAG of the words spelled backwards, for the Confundo card.
    let mut reversed: Vec<Vec<u8>> = parsed
        .words
        .iter()
        .map(|w| w.bytes().rev().collect())
        .collect();
    reversed.sort_unstable();
    let reversed_gaddag =
        gaddag::build_gaddag(reversed.iter().map(Vec::as_slice)).expect("letters only");
    fs::write(
        out.join("dictionary.reversed.gaddag"),
        reversed_gaddag.to_bytes(),
    )
    .expect("write dictionary.reversed.gaddag");
    // And every word by its sorted letters, for what a rack can spell.
    let anagrams = anagrams::AnagramGraph::build(parsed.words.iter().map(String::as_bytes))
        .expect("letters only");
    fs::write(out.join("dictionary.anagrams"), anagrams.keys().to_bytes())
        .expect("write dictionary.anagrams");
    // And the words of six letters or more by their letters, for plays of the whole rack.
    let word_map = word_map::WordMap::build(parsed.words.iter().map(String::as_bytes));
    fs::write(out.join("dictionary.wordmap"), word_map.to_bytes())
        .expect("write dictionary.wordmap");
    fs::write(out.join("dictionary.fst"), bytes).expect("write dictionary.fst");
    fs::write(
        out.join("dictionary_stats.rs"),
        format!(
            "/// Words in the embedded dictionary.\npub const EMBEDDED_WORDS: usize = {};\n\
             /// Lines of the source list skipped as unplayable (over 15 letters).\n\
             pub const EMBEDDED_SKIPPED: usize = {};\n",
            parsed.words.len(),
            parsed.skipped
        ),
    )
    .expect("write dictionary_stats.rs");
}
