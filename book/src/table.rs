//! Markdown tables, for the book's generated and measured pages.

/// How a table column is aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text, flush left.
    Left,
    /// Numbers, flush right.
    Right,
    /// Marks such as a tick, centred.
    Center,
}

/// A markdown table built row by row.
#[derive(Clone, Debug)]
pub struct Table {
    header: Vec<String>,
    align: Vec<Align>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles and alignments.
    pub fn new(columns: &[(&str, Align)]) -> Table {
        Table {
            header: columns.iter().map(|(title, _)| title.to_string()).collect(),
            align: columns.iter().map(|(_, align)| *align).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; it must have one cell per column.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let row: Vec<String> = cells.into_iter().map(Into::into).collect();
        assert_eq!(
            row.len(),
            self.header.len(),
            "a table row needs one cell per column"
        );
        self.rows.push(row);
    }

    /// The table as markdown, ending with a newline.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        out.push_str(&line(&self.header));
        let rule: Vec<String> = self
            .align
            .iter()
            .map(|align| match align {
                Align::Left => ":---".to_string(),
                Align::Right => "---:".to_string(),
                Align::Center => ":---:".to_string(),
            })
            .collect();
        out.push_str(&line(&rule));
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|cell| escape_cell(cell)).collect();
            out.push_str(&line(&cells));
        }
        out
    }
}

/// A cell may not hold a bare `|`, which would end it.
fn escape_cell(cell: &str) -> String {
    cell.replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_a_table() {
        let mut table = Table::new(&[("move", Align::Left), ("nodes", Align::Right)]);
        table.row(["a2a3", "380"]);
        table.row(["a|b".to_string(), "8,902".to_string()]);
        assert_eq!(
            table.render(),
            "| move | nodes |\n| :--- | ---: |\n| a2a3 | 380 |\n| a\\|b | 8,902 |\n"
        );
    }
}
