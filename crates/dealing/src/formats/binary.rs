//! Binary formats (never translated): BRI, DGE, Duplimate (dup, dupblind), BER, KOPS, CDS.

use super::cards::{bri_part, by_card, dge_part};
use super::writer::{Format, Out, Run};
use super::{FormatError, FormatKind};
use fairdeal_model::Deal;
use std::io;
use FormatKind::Binary;

#[derive(Default)]
pub(super) struct Bri;
impl Format for Bri {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "bri";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        let mut buf = Vec::with_capacity(128);
        bri_part(deal, &mut buf);
        buf.extend_from_slice(&[b' '; 32]);
        buf.extend_from_slice(&[0u8; 18]);
        out.bytes(&buf)
    }
}

#[derive(Default)]
pub(super) struct Dge;
impl Format for Dge {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "dge";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        let mut buf = Vec::with_capacity(128);
        dge_part(deal, &mut buf);
        buf.extend_from_slice(&[0u8; 60]);
        out.bytes(&buf)
    }
}

pub(super) fn dup_record(
    out: &mut Out<'_>,
    run: &Run,
    board: u32,
    deal: &Deal,
    blind: bool,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(156);
    bri_part(deal, &mut buf);
    if blind && board == 1 {
        buf.extend_from_slice(&[b' '; 68]);
    } else {
        dge_part(deal, &mut buf);
    }
    let n = run.range.count();
    buf.extend_from_slice(b"YN1  0 ");
    buf.push(b'0' + ((n / 10) % 10) as u8);
    buf.push(b'0' + (n % 10) as u8);
    buf.push(b' ');
    out.bytes(&buf)
}

#[derive(Default)]
pub(super) struct Dup;
impl Format for Dup {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "dup";
    fn board(&mut self, out: &mut Out<'_>, run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        dup_record(out, run, board, deal, false)
    }
}

#[derive(Default)]
pub(super) struct DupBlind;
impl Format for DupBlind {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "dupblind";
    fn board(&mut self, out: &mut Out<'_>, run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        dup_record(out, run, board, deal, true)
    }
}

#[derive(Default)]
pub(super) struct Ber;
impl Format for Ber {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "ber";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        let mut buf = by_card(deal);
        for b in &mut buf {
            *b += b'1';
        }
        out.bytes(&buf)
    }
}

/// 13 bytes: byte r = seats of ♠r ♥r ♦r ♣r, two bits each, seat codes rotated by `rot`.
pub(super) fn kops_bytes(deal: &Deal, rot: u8) -> [u8; 13] {
    let owners = by_card(deal);
    let mut out = [0u8; 13];
    for (r, byte) in out.iter_mut().enumerate() {
        for suit in 0..4 {
            let seat = (owners[13 * suit + r] + rot) % 4;
            *byte |= seat << (2 * (3 - suit));
        }
    }
    out
}

#[derive(Default)]
pub(super) struct Kops;
impl Format for Kops {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "kops";
    fn begin(&mut self, out: &mut Out<'_>, run: &Run) -> Result<(), FormatError> {
        let n = run.range.count();
        let Ok(n16) = u16::try_from(n) else {
            return Err(FormatError::TooManyBoards {
                format: Self::NAME,
                max: u32::from(u16::MAX),
                count: n,
            });
        };
        let mut buf = n16.to_le_bytes().to_vec();
        buf.extend_from_slice(&[b' '; 11]);
        out.bytes(&buf)?;
        Ok(())
    }
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        out.bytes(&kops_bytes(deal, 0))
    }
}

#[derive(Default)]
pub(super) struct Cds;
impl Format for Cds {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "cds";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        out.bytes(&[(board & 0xFF) as u8])?;
        out.bytes(&kops_bytes(deal, 1))
    }
}
