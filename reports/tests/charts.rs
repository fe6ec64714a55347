//! Charts render to SVG with their labels as text.

use reports::charts::{RateBar, rate_bars};

#[test]
fn rate_bars_render_labels_and_bars() {
    let bars = vec![
        RateBar {
            label: "greedy".into(),
            rate: 0.7,
            low: 0.65,
            high: 0.75,
        },
        RateBar {
            label: "random".into(),
            rate: 0.3,
            low: 0.25,
            high: 0.35,
        },
    ];
    let svg = rate_bars("Win rate by bot", &bars, 0.5).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
    assert!(svg.contains("greedy") && svg.contains("Win rate by bot"));
    assert!(svg.matches("<rect").count() >= 3);
}
