//! Lexicon benchmarks: loading the embedded lexicon, one `contains`, walking the graph over a rack.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lexicon::{Dictionary, Edition, Lexicon, WordGraph};

fn load(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    group.sample_size(20);
    group.bench_function("embedded plain", |b| {
        b.iter(|| Lexicon::embedded(Edition::Plain))
    });
    group.bench_function("embedded harry potter", |b| {
        b.iter(|| Lexicon::embedded(Edition::HarryPotter))
    });
    group.bench_function("graph from fst", |b| {
        let dictionary = Dictionary::embedded();
        b.iter(|| WordGraph::from_fst(dictionary.set().as_fst()).unwrap())
    });
    group.finish();
}

fn lookups(c: &mut Criterion) {
    let lexicon = Lexicon::embedded(Edition::HarryPotter);
    let words = [
        "QUIDDITCH",
        "ZYZZYVAS",
        "CATS",
        "TRANSFIGURATION",
        "XQZ",
        "OUTSTANDING",
    ];
    assert_eq!(words.iter().filter(|w| lexicon.contains(w)).count(), 5);
    c.bench_function("contains via graph (6 words)", |b| {
        b.iter(|| {
            words
                .iter()
                .filter(|w| lexicon.contains(black_box(w)))
                .count()
        })
    });
    let dictionary = lexicon.dictionary();
    c.bench_function("contains via fst (6 words)", |b| {
        b.iter(|| {
            words
                .iter()
                .filter(|w| dictionary.contains(black_box(w)))
                .count()
        })
    });
    c.bench_function("anagrams of a rack (RETAINS)", |b| {
        b.iter(|| lexicon.anagrams(black_box("RETAINS")).unwrap().len())
    });
    c.bench_function("anagrams of a rack with two blanks (RETAI??)", |b| {
        b.iter(|| lexicon.anagrams(black_box("RETAI??")).unwrap().len())
    });
}

/// Counts the words a rack spells by walking the flat graph.
fn count_flat(graph: &WordGraph, node: lexicon::NodeId, rack: &mut [u8; 26]) -> usize {
    let mut found = 0;
    for letter in graph.letters(node).iter() {
        if rack[letter as usize] == 0 {
            continue;
        }
        let child = graph.child(node, letter).unwrap();
        rack[letter as usize] -= 1;
        found += usize::from(graph.is_word(child)) + count_flat(graph, child, rack);
        rack[letter as usize] += 1;
    }
    found
}

/// Counts the words a rack spells by walking the fst's raw nodes.
fn count_raw<D: AsRef<[u8]>>(
    fst: &fst::raw::Fst<D>,
    node: fst::raw::Node,
    rack: &mut [u8; 26],
) -> usize {
    let mut found = 0;
    for transition in node.transitions() {
        let letter = (transition.inp - b'A') as usize;
        if rack[letter] == 0 {
            continue;
        }
        let child = fst.node(transition.addr);
        rack[letter] -= 1;
        found += usize::from(child.is_final()) + count_raw(fst, child, rack);
        rack[letter] += 1;
    }
    found
}

/// The same rack walk over both layouts: the figure that chose the flat array.
fn rack_walk(c: &mut Criterion) {
    let lexicon = Lexicon::embedded(Edition::Plain);
    let graph = lexicon.graph();
    let fst = lexicon.dictionary().set().as_fst();
    let mut rack = [0u8; 26];
    for letter in "RETAINS".bytes() {
        rack[(letter - b'A') as usize] += 1;
    }
    let flat = count_flat(graph, graph.root(), &mut rack);
    assert_eq!(flat, count_raw(fst, fst.root(), &mut rack));
    let mut group = c.benchmark_group("rack walk RETAINS");
    group.bench_function("flat u32 graph", |b| {
        b.iter(|| count_flat(graph, graph.root(), black_box(&mut rack)))
    });
    group.bench_function("fst raw nodes", |b| {
        b.iter(|| count_raw(fst, fst.root(), black_box(&mut rack)))
    });
    group.finish();
}

criterion_group!(benches, load, lookups, rack_walk);
criterion_main!(benches);
