//! [`DdSolver`]: the sequential solver (one reusable pons-dds `Solver` on the calling thread),
//! used directly in WebAssembly and by each thread of the native pool.

use crate::convert::{from_pons_table, seat_to_cb, strain_to_cb, to_pons_deal};
use crate::lead::{leads_from_plays, Lead};
use fairdeal_model::dd::DdTable;
use fairdeal_model::{Deal, Seat, Strain};
use pons_dds::{Board, CurrentTrick, Objective, Solver, Target};

/// Stack the search may need, in bytes: the alpha-beta search recurses up to 52 plies with
/// large frames (pons-dds gives its own worker threads 16 MiB). Native threads that solve get
/// this much; the WebAssembly worker is linked with at least this much stack (checked by the
/// app's extreme-deal test in wasm).
pub const STACK_BYTES: usize = 16 * 1024 * 1024;

/// A sequential double-dummy solver. Keeps its transposition table between calls (it grows
/// on demand, up to 256 MiB); create one per thread or worker and reuse it.
///
/// Runs on the calling thread, which needs a deep stack (see [`STACK_BYTES`]).
pub struct DdSolver {
    solver: Solver,
}

impl Default for DdSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl DdSolver {
    /// A fresh solver.
    pub fn new() -> DdSolver {
        DdSolver {
            solver: Solver::new(contract_bridge::Strain::Notrump),
        }
    }

    /// The full DD table: tricks for each of 5 strains × 4 declarers.
    pub fn table(&mut self, deal: &Deal) -> DdTable {
        from_pons_table(&pons_dds::solve_deal_on(
            &mut self.solver,
            to_pons_deal(deal),
        ))
    }

    /// Tricks each declarer takes in one strain, `[N, E, S, W]`.
    pub fn strain_row(&mut self, deal: &Deal, strain: Strain) -> [u8; 4] {
        self.solver.set_strain(strain_to_cb(strain));
        let row = self.solver.solve(to_pons_deal(deal));
        Seat::ALL.map(|s| row.get(seat_to_cb(s)).get())
    }

    /// Every legal opening lead against `declarer` in `strain` (the lead is made by
    /// declarer's left-hand opponent), with the tricks declarer then takes, best leads for
    /// the defence first. Touching cards (equals) are grouped under the highest.
    pub fn leads(&mut self, deal: &Deal, strain: Strain, declarer: Seat) -> Vec<Lead> {
        let trick = CurrentTrick::new(strain_to_cb(strain), seat_to_cb(declarer.lho()));
        let board = Board::try_new(to_pons_deal(deal).into(), trick)
            .unwrap_or_else(|_| unreachable!("a full deal with no card played is a valid board"));
        let found = self.solver.solve_board(&Objective {
            board,
            target: Target::Legal,
        });
        leads_from_plays(&found)
    }

    /// DDS `SolveBoard` on any position (a trick may be in progress).
    pub(crate) fn solve_board(&mut self, objective: &Objective) -> pons_dds::FoundPlays {
        self.solver.solve_board(objective)
    }
}
