//! Big Deal's `stats` format: HCP, shape and longest-suit statistics of a set against theory.

use super::writer::{Format, Out, Run};
use super::FormatKind;
use fairdeal_model::{Deal, Seat};
use std::io;
use FormatKind::Text;

pub(super) struct Stats {
    sum_squares: i64,
    hcp: [i64; 4],
    hcp_freq: [i64; 38],
    longest_freq: [[i64; 14]; 4],
    longest: usize,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            sum_squares: 0,
            hcp: [0; 4],
            hcp_freq: [0; 38],
            longest_freq: [[0; 14]; 4],
            longest: 0,
        }
    }
}

/// Encyclopedia (4th ed.) HCP distribution × 10⁴ (percent with 4 decimals), as in Big Deal.
pub(super) const THEORY_HCP: [i64; 38] = [
    3639, 7884, 13561, 24624, 38454, 51862, 65541, 80281, 88922, 93562, 94051, 89447, 80269, 69143,
    56933, 44237, 33109, 23617, 16051, 10362, 6435, 3779, 2100, 1119, 559, 264, 117, 49, 19, 7, 2,
    1, 1, 1, 1, 1, 1, 1,
];

/// Longest-suit probabilities × 10⁶, as in Big Deal.
pub(super) const THEORY_LONGEST: [i64; 14] = [
    0, 0, 0, 0, 350805, 443596, 165477, 35265, 4668, 370, 16, 0, 0, 0,
];

/// Big Deal's `print_avg`: rounded integer division shown with `decimals` decimals.
pub(super) fn print_avg(sum: i64, divisor: i64, decimals: u32, term: &str) -> String {
    let divisor = divisor.max(1);
    let mut p = 10i64.pow(decimals);
    let mut result = (sum * p + divisor / 2) / divisor;
    let mut s = format!("{}", result / p);
    if decimals > 0 {
        s.push('.');
        for _ in 0..decimals {
            result -= result / p * p;
            p /= 10;
            s.push_str(&format!("{}", result / p));
        }
    }
    s.push_str(term);
    s
}

impl Format for Stats {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "stats";
    fn board(
        &mut self,
        _out: &mut Out<'_>,
        _run: &Run,
        _board: u32,
        deal: &Deal,
    ) -> io::Result<()> {
        for seat in Seat::ALL {
            let hand = deal.hand(seat);
            let hcp = hand.hcp() as usize;
            self.hcp[seat.index()] += hcp as i64;
            if let Some(f) = self.hcp_freq.get_mut(hcp) {
                *f += 1;
            }
            let shape = hand.shape();
            let mut max = 0usize;
            for len in shape {
                let len = usize::from(len);
                max = max.max(len);
                self.sum_squares += (len * len) as i64;
            }
            self.longest = self.longest.max(max);
            if let Some(f) = self.longest_freq[seat.index()].get_mut(max) {
                *f += 1;
            }
        }
        Ok(())
    }
    fn end(&mut self, out: &mut Out<'_>, run: &Run) -> io::Result<()> {
        let n = i64::from(run.range.count());
        let mut s = format!("Number of deals: {n}\n");
        s.push_str("Average sum of squares: ");
        s.push_str(&print_avg(self.sum_squares, n, 0, "\n"));
        s.push_str("Average points NESW: ");
        for (i, h) in self.hcp.iter().enumerate() {
            s.push_str(&print_avg(*h, n, 2, if i == 3 { "\n" } else { " " }));
        }
        s.push_str("Frequency of high card points per hand:\n");
        for (i, f) in self.hcp_freq.iter().enumerate() {
            if *f == 0 {
                continue;
            }
            s.push_str(&format!("{i:2} points: "));
            s.push_str(&print_avg(f * 100, n * 4, 4, "% ("));
            s.push_str(&print_avg(THEORY_HCP[i], 10000, 4, "%)\n"));
        }
        s.push_str("Frequency of longest suitlength per compass:\n");
        s.push_str(&format!(
            "{:>8}{:>8}{:>8}{:>8}{:>8} Theory\n",
            "Length", "North", "East", "South", "West"
        ));
        for len in 4..=self.longest.min(13) {
            let f = &self.longest_freq;
            s.push_str(&format!(
                "{len:8}{:8}{:8}{:8}{:8} ",
                f[0][len], f[1][len], f[2][len], f[3][len]
            ));
            s.push_str(&print_avg(
                100 * THEORY_LONGEST[len],
                100_000_000 / n,
                1,
                "\n",
            ));
        }
        out.text(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn print_avg_matches_big_deal() {
        assert_eq!(print_avg(41, 4, 2, ""), "10.25");
        assert_eq!(print_avg(200, 16, 4, "%"), "12.5000%");
        assert_eq!(print_avg(38454, 10000, 4, ""), "3.8454");
        assert_eq!(print_avg(35_080_500, 25_000_000, 1, ""), "1.4");
        assert_eq!(print_avg(776, 4, 0, ""), "194");
    }
}
