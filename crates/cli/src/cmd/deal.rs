//! `fairdeal deal` (not written yet: this subcommand reports that plainly).

/// Arguments of `fairdeal deal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Arguments (none are accepted yet).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs the subcommand.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("`fairdeal deal` is not available in this build yet")
}
