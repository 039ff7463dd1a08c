//! Par (DDS's dealer-par: contracts and North–South score given vulnerability and dealer) and
//! the DD score of a given contract.

use crate::convert::{seat_from_cb, strain_from_cb, to_pons_table};
use fairdeal_model::dd::{DdTable, Par, ParContract, Side};
use fairdeal_model::{Seat, Vulnerability};
use fairdeal_scoring::{ns_score, Contract, FinalContract};

fn pons_vul(v: Vulnerability) -> pons_dds::Vulnerability {
    match v {
        Vulnerability::None => pons_dds::Vulnerability::NONE,
        Vulnerability::NorthSouth => pons_dds::Vulnerability::NS,
        Vulnerability::EastWest => pons_dds::Vulnerability::EW,
        Vulnerability::Both => pons_dds::Vulnerability::ALL,
    }
}

/// Par for a DD table: the score North–South get (negative when East–West gain) when both
/// sides bid perfectly with `dealer` first to speak, and the contracts that reach it. The
/// same contract by both partners is one [`ParContract`] with two declarers.
pub fn par(table: &DdTable, vul: Vulnerability, dealer: Seat) -> Par {
    let p = pons_dds::calculate_par(
        to_pons_table(table),
        pons_vul(vul),
        crate::convert::seat_to_cb(dealer),
    );
    let mut contracts: Vec<ParContract> = Vec::new();
    for c in &p.contracts {
        let declarer = seat_from_cb(c.declarer);
        let pc = ParContract {
            level: c.contract.bid.level.get(),
            strain: strain_from_cb(c.contract.bid.strain),
            doubled: c.contract.penalty != contract_bridge::contract::Penalty::Undoubled,
            side: Side::of(declarer),
            declarers: vec![declarer],
            overtricks: c.overtricks,
        };
        match contracts.iter_mut().find(|o| {
            (o.level, o.strain, o.doubled, o.side, o.overtricks)
                == (pc.level, pc.strain, pc.doubled, pc.side, pc.overtricks)
        }) {
            Some(o) => {
                if !o.declarers.contains(&declarer) {
                    o.declarers.push(declarer);
                    o.declarers.sort_by_key(|s| s.index());
                }
            }
            None => contracts.push(pc),
        }
    }
    Par {
        ns_score: p.score,
        contracts,
    }
}

/// The double-dummy score, North–South's view, of `contract` played by `declarer`: the
/// Law 77 score for the tricks the table gives that declarer in that strain.
pub fn contract_score(
    table: &DdTable,
    contract: Contract,
    declarer: Seat,
    vul: Vulnerability,
) -> i32 {
    let tricks = table.tricks(contract.strain(), declarer);
    ns_score(
        FinalContract::Bid(contract),
        declarer,
        vul.is_vulnerable(declarer),
        tricks,
    )
    .unwrap_or_else(|_| unreachable!("a DD table never holds more than 13 tricks"))
}
