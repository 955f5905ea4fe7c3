//! Generates every rule's line-pattern table (`rules::pattern::packed_table`)
//! into `OUT_DIR`, where `rules::built_table` embeds it in the binary: a
//! game then starts with its table at hand instead of generating it on its
//! first move's clock. The generator is the engine's own source, compiled
//! into this script as well; a unit test checks that the embedded tables
//! equal what it generates at run time.

// The build script uses only the table generator of these files.
#[allow(dead_code)]
#[path = "src/types.rs"]
mod types;

#[allow(dead_code)]
#[path = "src/rules/pattern.rs"]
mod pattern;

/// What `pattern.rs` asks of `crate::rules`, for `rule_table` to compile:
/// the script never calls it (it makes the tables that would come from
/// here), so there is nothing to give.
#[allow(dead_code)]
mod rules {
    pub fn built_table(_: crate::types::Rule) -> &'static [u8] {
        &[]
    }
}

use types::Rule;

fn main() -> std::io::Result<()> {
    for file in ["build.rs", "src/types.rs", "src/rules/pattern.rs"] {
        println!("cargo:rerun-if-changed={file}");
    }
    let out =
        std::path::PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::NotFound, "cargo sets OUT_DIR")
        })?);
    for rule in Rule::ALL {
        let name = format!("{rule:?}").to_lowercase();
        std::fs::write(out.join(format!("{name}.bin")), pattern::packed_table(rule))?;
    }
    Ok(())
}
