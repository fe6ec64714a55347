//! SVG charts drawn by plotters' SVG backend (no system fonts: the browser renders the text).

use plotters::prelude::*;

/// One bar with its 95% interval.
#[derive(Debug, Clone, PartialEq)]
pub struct RateBar {
    /// The bar's label.
    pub label: String,
    /// The rate, 0 to 1.
    pub rate: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

/// Bars of rates with interval whiskers and a line at the fair share, as an SVG document.
pub fn rate_bars(title: &str, bars: &[RateBar], fair: f64) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let count = bars.len().max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(48)
            .build_cartesian_2d(-0.5..count as f64 - 0.5, 0.0..1.0)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(count)
            .y_desc("win rate")
            .x_label_formatter(&|x| {
                let index = x.round();
                let label = bars
                    .get(index as usize)
                    .filter(|_| (x - index).abs() < 1e-6 && index >= 0.0);
                label.map_or(String::new(), |bar| bar.label.clone())
            })
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, bar)| {
                let x = i as f64;
                Rectangle::new(
                    [(x - 0.3, 0.0), (x + 0.3, bar.rate)],
                    BLUE.mix(0.55).filled(),
                )
            }))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, bar)| {
                ErrorBar::new_vertical(
                    i as f64,
                    bar.low,
                    bar.rate,
                    bar.high,
                    BLACK.stroke_width(2),
                    12,
                )
            }))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(-0.5, fair), (count as f64 - 0.5, fair)],
                RED.stroke_width(1),
            ))
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// One named line of (x, y) points.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend's label.
    pub label: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// Lines of a distribution (share of games by score, by length), as an SVG document.
pub fn distribution(title: &str, x_desc: &str, series: &[Series]) -> Result<String, String> {
    lines(title, x_desc, "share of games", series)
}

/// Named lines over a shared x axis, y from zero, as an SVG document.
pub fn lines(title: &str, x_desc: &str, y_desc: &str, series: &[Series]) -> Result<String, String> {
    let all = || series.iter().flat_map(|s| s.points.iter());
    let x_min = all().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let x_max = all().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let y_max = all().map(|p| p.1).fold(0.0, f64::max);
    let (x_min, x_max) = if x_min.is_finite() {
        (x_min, x_max.max(x_min + 1.0))
    } else {
        (0.0, 1.0)
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(x_min..x_max, 0.0..(y_max * 1.1).max(1e-9))
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .draw()
            .map_err(|e| e.to_string())?;
        for (index, line) in series.iter().enumerate() {
            let color = Palette99::pick(index).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    line.points.iter().copied(),
                    color.stroke_width(2),
                ))
                .map_err(|e| e.to_string())?
                .label(line.label.clone())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Horizontal bars of labelled values (one row each, labels on the left), as an SVG document.
pub fn value_bars(title: &str, x_desc: &str, rows: &[(String, f64)]) -> Result<String, String> {
    let count = rows.len().max(1);
    let height = 80 + 26 * count as u32;
    let top = rows.iter().map(|r| r.1).fold(0.0, f64::max).max(1e-9) * 1.1;
    let low = rows.iter().map(|r| r.1).fold(0.0, f64::min) * 1.1;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (640, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(150)
            .build_cartesian_2d(low..top, -0.5..count as f64 - 0.5)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(count)
            .x_desc(x_desc)
            .y_label_formatter(&|y| {
                let index = y.round();
                let row = rows
                    .get(index as usize)
                    .filter(|_| (y - index).abs() < 1e-6 && index >= 0.0);
                row.map_or(String::new(), |r| r.0.clone())
            })
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, (_, value))| {
                let y = i as f64;
                Rectangle::new(
                    [(0.0, y - 0.35), (*value, y + 0.35)],
                    BLUE.mix(0.55).filled(),
                )
            }))
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}
