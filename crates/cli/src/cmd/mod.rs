//! One module per subcommand: each has `Args` (clap) and `run(Args) -> anyhow::Result<()>`.

pub mod bigdeal;
pub mod constrain;
pub mod convert;
pub mod count;
pub mod dd;
pub mod deal;
pub mod link;
pub mod number;
pub mod odds;
pub mod play;
pub mod print;
pub mod prob;
pub mod publish;
pub mod score;
pub mod script;
pub mod simulate;
pub mod squaredeal;
pub mod stats;
pub mod suit;
