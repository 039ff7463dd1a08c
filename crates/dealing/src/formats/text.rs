//! Text formats besides DLM and statistics: PBN, LIN, CSV, BHG (borel) and the Goedel
//! numbers list.

use super::cards::{by_hand, dealer_letter, hand_text, vul_index};
use super::writer::{Format, Out, Run};
use super::{FormatError, FormatKind, GENERATOR};
use fairdeal_model::{kuipers, Deal, Seat};
use std::io;
use FormatKind::Text;

#[derive(Default)]
pub(super) struct Pbn;
impl Format for Pbn {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "pbn";
    fn begin(&mut self, out: &mut Out<'_>, _run: &Run) -> Result<(), FormatError> {
        out.text(&format!(
            "% PBN 2.1\n% EXPORT\n%\n[Generator \"{GENERATOR}\"]\n"
        ))?;
        Ok(())
    }
    fn board(&mut self, out: &mut Out<'_>, run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        const VUL: [&str; 4] = ["None", "NS", "EW", "All"];
        let event = match &run.event {
            Some(e) => e.replace('\\', "\\\\").replace('"', "\\\""),
            None => "?".to_string(),
        };
        let s = format!(
            "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"?\"]\n[Board \"{board}\"]\n\
             [West \"?\"]\n[North \"?\"]\n[East \"?\"]\n[South \"?\"]\n\
             [Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n\
             [Scoring \"?\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n",
            dealer_letter(board),
            VUL[vul_index(board)],
            deal.to_pbn(Seat::North),
        );
        out.text(&s)
    }
}

#[derive(Default)]
pub(super) struct Lin;
impl Format for Lin {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "lin";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        const VUL: [&str; 4] = ["0", "n", "e", "b"];
        let mut s = format!("qx|o{board}|md|{}", (board % 4 + 1) % 4 + 1);
        let p = ["S", "H", "D", "C"];
        hand_text(deal, Seat::South, p, &mut s);
        s.push(',');
        hand_text(deal, Seat::West, p, &mut s);
        s.push(',');
        hand_text(deal, Seat::North, p, &mut s);
        s.push_str(&format!(
            "|rh||ah|Board {board}|sv|{}|pg||\n",
            VUL[vul_index(board)]
        ));
        out.text(&s)
    }
}

#[derive(Default)]
pub(super) struct Csv;
impl Format for Csv {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "csv";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        const VUL: [&str; 4] = ["-", "NS", "EW", "All"];
        let mut s = String::with_capacity(120);
        for seat in Seat::ALL {
            let first = if seat == Seat::North { "\"" } else { "\",\"" };
            hand_text(deal, seat, [first, "\",\"", "\",\"", "\",\""], &mut s);
        }
        s.push_str(&format!(
            "\",\"{board}\",\"{}/{}\"\n",
            dealer_letter(board),
            VUL[vul_index(board)]
        ));
        out.text(&s)
    }
}

#[derive(Default)]
pub(super) struct Borel;
impl Format for Borel {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "borel";
    fn begin(&mut self, out: &mut Out<'_>, _run: &Run) -> Result<(), FormatError> {
        out.text("\n")?;
        Ok(())
    }
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        let h = by_hand(deal);
        let mut s = String::with_capacity(54);
        for i in 0..4u32 {
            let seat = (board.wrapping_sub(1).wrapping_add(i) % 4) as usize;
            for &c in &h[seat] {
                s.push(char::from(if c < 26 { b'A' + c } else { b'a' + c - 26 }));
            }
        }
        s.push('\n');
        out.text(&s)
    }
}

/// Big Deal's 29-digit, comma-grouped, right-aligned decimal.
pub(super) fn goedel_line(n: u128) -> String {
    let digits = format!("{n:029}");
    let mut s = String::with_capacity(39);
    let mut suppress = true;
    for (pos, ch) in digits.chars().enumerate() {
        let i = 28 - pos;
        if ch != '0' || i == 0 {
            suppress = false;
        }
        s.push(if suppress { ' ' } else { ch });
        if i % 3 == 0 {
            s.push(if i == 0 {
                '\n'
            } else if suppress {
                ' '
            } else {
                ','
            });
        }
    }
    s
}

#[derive(Default)]
pub(super) struct Goedel;
impl Format for Goedel {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "goedel";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        out.text(&goedel_line(kuipers::number_of_deal(deal)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goedel_layout() {
        assert_eq!(
            goedel_line(1_419_832_207_285_612_374_337_491_273),
            " 1,419,832,207,285,612,374,337,491,273\n"
        );
        assert_eq!(goedel_line(0), format!("{}0\n", " ".repeat(37)));
        assert_eq!(goedel_line(1234), format!("{}1,234\n", " ".repeat(33)));
        assert_eq!(goedel_line(1000).len(), 39);
    }
}
