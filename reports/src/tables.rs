//! Reading a run's CSV tables by column name.

use std::path::Path;

/// A CSV table read whole: its header and rows of text.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// Column names.
    pub header: Vec<String>,
    /// Rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
}

/// A table that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file could not be read or parsed as CSV.
    #[error("{path}: {message}")]
    Unreadable {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A column the guide needs is missing.
    #[error("{path}: no column {column:?} (is this a run directory written by owlery sim?)")]
    MissingColumn {
        /// The file.
        path: String,
        /// The column.
        column: String,
    },
}

impl Table {
    /// Reads `dir/name`.
    pub fn read(dir: &Path, name: &str) -> Result<Table, TableError> {
        let path = dir.join(name);
        let unreadable = |message: String| TableError::Unreadable {
            path: path.display().to_string(),
            message,
        };
        let mut reader = csv::Reader::from_path(&path).map_err(|e| unreadable(e.to_string()))?;
        let header = reader
            .headers()
            .map_err(|e| unreadable(e.to_string()))?
            .iter()
            .map(String::from)
            .collect();
        let rows = reader
            .records()
            .map(|record| record.map(|r| r.iter().map(String::from).collect()))
            .collect::<Result<_, _>>()
            .map_err(|e| unreadable(e.to_string()))?;
        Ok(Table { header, rows })
    }

    /// The index of a column.
    pub fn column(&self, name: &str, path: &str) -> Result<usize, TableError> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| TableError::MissingColumn {
                path: path.to_string(),
                column: name.to_string(),
            })
    }

    /// A column's values parsed as numbers (0 where a cell is not a number).
    pub fn numbers(&self, name: &str, path: &str) -> Result<Vec<f64>, TableError> {
        let index = self.column(name, path)?;
        Ok(self
            .rows
            .iter()
            .map(|row| row[index].parse().unwrap_or(0.0))
            .collect())
    }

    /// A column's text.
    pub fn texts(&self, name: &str, path: &str) -> Result<Vec<String>, TableError> {
        let index = self.column(name, path)?;
        Ok(self.rows.iter().map(|row| row[index].clone()).collect())
    }
}
