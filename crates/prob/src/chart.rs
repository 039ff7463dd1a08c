//! [`Chart`]: the one result shape every exact question returns — labelled rows, each with an
//! exact count, a reduced [`Fraction`] and a display percentage — ready to draw or serialise.

use serde::{Deserialize, Serialize};

use crate::exact::{add, Fraction};
use crate::ProbError;

/// Decimal places of [`Row::percent`] unless a function says otherwise.
pub const DEFAULT_DECIMALS: u8 = 2;

/// One bar of a chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// What the row stands for, e.g. `"3-2"`, `"West Q"`, `"12 HCP"`.
    pub label: String,
    /// Cases in the chart's [`Chart::unit`] (unreduced): `probability = count / total`.
    pub count: u128,
    /// The exact probability, reduced.
    pub probability: Fraction,
    /// `probability` as a percentage with [`Chart::decimals`] places, rounded half-up.
    pub percent: String,
}

/// An answer: rows over one denominator, with the formula that produced them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chart {
    /// Short title, e.g. `"Splits of 5 missing cards"`.
    pub title: String,
    /// One line on how it is computed, e.g. `"P(a-b) = m·C(n,a)·C(26−n,13−a)/C(26,13)"`.
    pub formula: String,
    /// What [`Row::count`] and [`Chart::total`] count ("hands", "layouts", …).
    pub unit: String,
    /// The denominator every row's count is over.
    pub total: u128,
    /// Decimal places of each [`Row::percent`].
    pub decimals: u8,
    /// The rows, in display order.
    pub rows: Vec<Row>,
}

impl Chart {
    /// A chart from `(label, count)` rows over `total`; percentages with `decimals` places.
    /// Rows need not add up to `total` (e.g. when a chart shows a few events).
    pub fn new(
        title: impl Into<String>,
        formula: impl Into<String>,
        unit: impl Into<String>,
        total: u128,
        decimals: u8,
        rows: impl IntoIterator<Item = (String, u128)>,
    ) -> Result<Chart, ProbError> {
        let title = title.into();
        if total == 0 {
            return Err(ProbError::Impossible { what: title });
        }
        let rows = rows
            .into_iter()
            .map(|(label, count)| {
                let probability = Fraction::new(count, total).unwrap_or(Fraction::ZERO);
                Row {
                    label,
                    count,
                    probability,
                    percent: probability.percent(decimals),
                }
            })
            .collect();
        Ok(Chart {
            title,
            formula: formula.into(),
            unit: unit.into(),
            total,
            decimals,
            rows,
        })
    }

    /// A chart over the sum of its rows' counts (the rows are a complete partition).
    pub fn partition(
        title: impl Into<String>,
        formula: impl Into<String>,
        unit: impl Into<String>,
        decimals: u8,
        rows: Vec<(String, u128)>,
    ) -> Result<Chart, ProbError> {
        let mut total = 0u128;
        for (_, c) in &rows {
            total = add(total, *c, "chart total")?;
        }
        Chart::new(title, formula, unit, total, decimals, rows)
    }

    /// The row with this label.
    pub fn row(&self, label: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.label == label)
    }

    /// The sum of all rows' counts (equals [`Chart::total`] for a partition).
    pub fn sum_of_counts(&self) -> u128 {
        self.rows.iter().map(|r| r.count).sum()
    }

    /// The same chart with percentages at another number of decimals.
    pub fn with_decimals(mut self, decimals: u8) -> Chart {
        self.decimals = decimals;
        for r in &mut self.rows {
            r.percent = r.probability.percent(decimals);
        }
        self
    }
}
