//! `fairdeal number` (not written yet: this subcommand reports that plainly).

/// Arguments of `fairdeal number`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Arguments (none are accepted yet).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`fairdeal number` is not available in this build yet")
}
