//! A guide as a list of blocks, written out as Markdown or as one self-contained HTML page.

use std::fmt::Write;

/// One block of a guide.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A section heading.
    Heading(String),
    /// A paragraph of plain text.
    Paragraph(String),
    /// A table with a header row.
    Table {
        /// Column names.
        header: Vec<String>,
        /// Rows of cells.
        rows: Vec<Vec<String>>,
    },
    /// An SVG chart: linked from Markdown, inlined in HTML.
    Chart {
        /// The file name under `charts/`.
        file: String,
        /// A line saying what it shows.
        caption: String,
        /// The SVG document.
        svg: String,
    },
}

/// The guide as Markdown; charts are linked as `charts/FILE`.
pub fn markdown(title: &str, blocks: &[Block]) -> String {
    let mut out = format!("# {title}\n");
    for block in blocks {
        out.push('\n');
        match block {
            Block::Heading(text) => writeln!(out, "## {text}"),
            Block::Paragraph(text) => writeln!(out, "{text}"),
            Block::Table { header, rows } => {
                let line = |cells: &[String]| format!("| {} |", cells.join(" | "));
                let mut text = line(header) + "\n";
                text += &format!("|{}\n", " --- |".repeat(header.len()));
                for row in rows {
                    text += &(line(row) + "\n");
                }
                write!(out, "{text}")
            }
            Block::Chart { file, caption, .. } => writeln!(out, "![{caption}](charts/{file})"),
        }
        .expect("writing to a String");
    }
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The guide as one HTML page with its charts inline: nothing else to ship.
pub fn html(title: &str, blocks: &[Block]) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n\
         body {{ font-family: sans-serif; max-width: 60em; margin: 2em auto; padding: 0 1em; color: #222; }}\n\
         table {{ border-collapse: collapse; margin: 1em 0; }}\n\
         td, th {{ border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }}\n\
         th {{ background: #eee; }} td:first-child {{ text-align: left; }}\n\
         figure {{ margin: 1em 0; }} figcaption {{ color: #555; font-size: 0.9em; }}\n\
         </style>\n</head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        escape(title)
    );
    for block in blocks {
        match block {
            Block::Heading(text) => writeln!(out, "<h2>{}</h2>", escape(text)),
            Block::Paragraph(text) => writeln!(out, "<p>{}</p>", escape(text)),
            Block::Table { header, rows } => {
                let cells = |tag: &str, row: &[String]| {
                    row.iter()
                        .map(|c| format!("<{tag}>{}</{tag}>", escape(c)))
                        .collect::<String>()
                };
                let body: String = rows
                    .iter()
                    .map(|row| format!("<tr>{}</tr>\n", cells("td", row)))
                    .collect();
                writeln!(
                    out,
                    "<table>\n<tr>{}</tr>\n{body}</table>",
                    cells("th", header)
                )
            }
            Block::Chart { caption, svg, .. } => {
                writeln!(
                    out,
                    "<figure>\n{svg}\n<figcaption>{}</figcaption>\n</figure>",
                    escape(caption)
                )
            }
        }
        .expect("writing to a String");
    }
    out.push_str("</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_and_charts_render_in_both_formats() {
        let blocks = vec![
            Block::Heading("Bots".into()),
            Block::Paragraph("greedy < random? no & never".into()),
            Block::Table {
                header: vec!["bot".into(), "wins".into()],
                rows: vec![vec!["greedy".into(), "3".into()]],
            },
            Block::Chart {
                file: "bots.svg".into(),
                caption: "Win rates".into(),
                svg: "<svg></svg>".into(),
            },
        ];
        let md = markdown("Guide", &blocks);
        assert!(
            md.contains("| bot | wins |\n| --- | --- |\n| greedy | 3 |"),
            "{md}"
        );
        assert!(md.contains("![Win rates](charts/bots.svg)"));
        let page = html("Guide", &blocks);
        assert!(page.contains("greedy &lt; random? no &amp; never"));
        assert!(page.contains("<figure>\n<svg></svg>"));
    }
}
