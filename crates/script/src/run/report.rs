//! Report assembly: dealer's end-of-run text (print(seats) pages, averages, frequencies)
//! and the serialisable [`Report`].

use super::Runner;
use crate::ast::Action;
use crate::output;
use crate::{Average, Frequency, Frequency2D, Report};
use fairdeal_model::Seat;

impl Runner {
    /// The end-of-run output dealer prints after the deals: print(seats) pages, averages
    /// and frequencies, in action order.
    pub fn summary_text(&self) -> String {
        let c = &self.program.inner;
        let mut out = String::new();
        let mut ai = 0;
        let mut fi = 0;
        for a in c.script.actions.iter().flatten() {
            match a {
                Action::Print(mask) => output::print_seats(&mut out, &self.print_deals, *mask),
                Action::Average { label, .. } => {
                    let (sum, _, _) = self.averages[ai];
                    output::average(
                        &mut out,
                        label.as_deref(),
                        sum as f64 / self.produced as f64,
                    );
                    ai += 1;
                }
                Action::Frequency {
                    label,
                    first,
                    second,
                    ..
                } => {
                    let cells = &self.freqs[fi];
                    match second {
                        None => {
                            let n = cells.len();
                            output::frequency(
                                &mut out,
                                label.as_deref(),
                                first.1,
                                &cells[1..n - 1],
                                cells[0],
                                cells[n - 1],
                            );
                        }
                        Some(s) => output::frequency2(
                            &mut out,
                            label.as_deref(),
                            first.1,
                            first.2,
                            s.1,
                            s.2,
                            cells,
                        ),
                    }
                    fi += 1;
                }
                _ => {}
            }
        }
        out
    }

    /// The results so far; `text` holds the undrained per-deal output and, once finished,
    /// the end-of-run output.
    pub fn report(&self) -> Report {
        let c = &self.program.inner;
        let mut text = self.text.clone();
        if self.finished {
            text.push_str(&self.summary_text());
        }
        let mut averages = Vec::new();
        let mut frequencies = Vec::new();
        let mut ai = 0;
        let mut fi = 0;
        for a in c.script.actions.iter().flatten() {
            match a {
                Action::Average {
                    label, text: src, ..
                } => {
                    let (sum, mean, m2) = self.averages[ai];
                    let n = self.produced;
                    let exact_mean = if n > 0 {
                        sum as f64 / n as f64
                    } else {
                        f64::NAN
                    };
                    let _ = mean;
                    let half = if n > 1 {
                        1.96 * (m2 / (n - 1) as f64).sqrt() / (n as f64).sqrt()
                    } else {
                        f64::INFINITY
                    };
                    averages.push(Average {
                        label: label.clone().unwrap_or_else(|| src.clone()),
                        mean: exact_mean,
                        ci95: (exact_mean - half, exact_mean + half),
                        count: n,
                    });
                    ai += 1;
                }
                Action::Frequency {
                    label,
                    text: src,
                    first,
                    second,
                } => {
                    let cells = &self.freqs[fi];
                    let label = label.clone().unwrap_or_else(|| src.clone());
                    match second {
                        None => {
                            let n = cells.len();
                            frequencies.push(Frequency {
                                label,
                                rows: (first.1..=first.2)
                                    .zip(cells[1..n - 1].iter().copied())
                                    .collect(),
                                low: cells[0],
                                high: cells[n - 1],
                                table: None,
                            });
                        }
                        Some(s) => {
                            let cols = (s.2 - s.1 + 3) as usize;
                            frequencies.push(Frequency {
                                label,
                                rows: Vec::new(),
                                low: 0,
                                high: 0,
                                table: Some(Frequency2D {
                                    row_values: (first.1..=first.2).collect(),
                                    column_values: (s.1..=s.2).collect(),
                                    counts: cells.chunks(cols).map(<[u64]>::to_vec).collect(),
                                }),
                            });
                        }
                    }
                    fi += 1;
                }
                _ => {}
            }
        }
        Report {
            deals: self.deals.clone(),
            text,
            averages,
            frequencies,
            generated: self.generated,
            produced: self.produced,
            dealer: c.script.dealer.and_then(|d| Seat::ALL.get(d).copied()),
            vulnerability: c
                .script
                .vulnerable
                .and_then(|v| fairdeal_model::Vulnerability::ALL.get(v).copied()),
            why: self
                .deals
                .iter()
                .take(crate::WHY_DEALS)
                .map(|d| self.program.why(d))
                .collect(),
        }
    }
}
