//! Finds how much stack the sequential solver needs: solves the given PBN deals (args after
//! the stack size in KiB) on a thread with that stack. A too-small stack aborts the process.
//! `cargo run --release -p fairdeal-dd --example stack_probe -- 1024 "N:…"`
use fairdeal_dd::DdSolver;
use fairdeal_model::Deal;

fn main() {
    let mut args = std::env::args().skip(1);
    let kib: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let deals: Vec<Deal> = args
        .map(|a| Deal::from_pbn(&a).expect("PBN deal"))
        .collect();
    std::thread::Builder::new()
        .stack_size(kib * 1024)
        .spawn(move || {
            let mut s = DdSolver::new();
            for d in &deals {
                println!("{:?}", s.table(d).raw());
            }
        })
        .expect("thread")
        .join()
        .expect("join");
}
