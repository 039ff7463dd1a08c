//! The finesse-or-drop chart for one missing honour: the two classic lines (cash the top
//! cards, or cash one fewer and finesse), with the finesse taken through West, and the two
//! events they rest on — each an exact [`Chart`] row over the ways to fill the vacant places.

use fairdeal_model::Holding;

use crate::exact::binomial;
use crate::location::{probability, Condition, Defender};
use crate::{Chart, ProbError, VacantPlaces};

/// Finesse against drop for the one missing `honour`: the two classic lines, with the
/// finesse taken through West (declarer holds the tenace over West).
pub fn finesse_or_drop(
    missing: Holding,
    honour: Holding,
    vacant: VacantPlaces,
) -> Result<Chart, ProbError> {
    let Some(rank) = honour.ranks().next() else {
        return Err(ProbError::Impossible {
            what: "no honour named".into(),
        });
    };
    let n = missing.len();
    // The top cards above the honour: all held by declarer's side.
    let above = (14 - u32::from(rank.value())) as u8;
    let total = binomial(vacant.total(), vacant.west.into());
    let lines: [(String, Condition); 4] = [
        (
            format!("Drop (cash {above} top)"),
            Condition::Any(vec![
                Condition::Falls(rank, above),
                Condition::Length(Defender::West, n as u8, n as u8),
            ]),
        ),
        (
            format!("Finesse West (cash {})", above.saturating_sub(1)),
            Condition::Any(vec![
                Condition::Falls(rank, above.saturating_sub(1)),
                Condition::HoldsAll(Defender::West, honour),
            ]),
        ),
        (
            format!("{} with West", rank.letter()),
            Condition::HoldsAll(Defender::West, honour),
        ),
        (
            format!("{} falls in {above} rounds", rank.letter()),
            Condition::Falls(rank, above),
        ),
    ];
    let mut rows = Vec::new();
    for (label, cond) in lines {
        let p = probability(missing, vacant, &cond)?;
        let count = total
            .checked_div(p.denominator)
            .map_or(0, |per| p.numerator * per);
        rows.push((label, count));
    }
    Chart::new(
        format!(
            "Finesse or drop: {} missing {missing}, {} and {} vacant places",
            rank.letter(),
            vacant.west,
            vacant.east
        ),
        "Drop: cash the top cards, finessing West if East shows out at once; finesse: cash one fewer, then finesse West. P(line) = Σ over layouts S it wins of C(W+E−n, W−|S|) / C(W+E, W)",
        "ways to fill the vacant places",
        total,
        2,
        rows,
    )
}
