//! Writes every example script to a directory as `NN-title.dl` (for benchmarks and for
//! trying them in dealer): `cargo run -p fairdeal-script --example dump_examples -- DIR`.

fn main() -> std::io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "examples-out".into());
    std::fs::create_dir_all(&dir)?;
    for (i, ex) in fairdeal_script::EXAMPLES.iter().enumerate() {
        let slug: String = ex
            .title
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        let slug = slug
            .split('-')
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        let path = format!("{dir}/{:02}-{slug}.dl", i + 1);
        std::fs::write(&path, ex.source)?;
        println!("{path}");
    }
    Ok(())
}
