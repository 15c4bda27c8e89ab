// config parsing with a custom error enum and From conversions
use std::fmt;
use std::num::{ParseFloatError, ParseIntError};

#[derive(Debug)]
enum ConfigError {
    BadInt(ParseIntError),
    BadFloat(ParseFloatError),
    Missing(String),
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ConfigError::BadInt(e) => write!(f, "bad int: {}", e),
            ConfigError::BadFloat(e) => write!(f, "bad float: {}", e),
            ConfigError::Missing(k) => write!(f, "missing key {}", k),
        }
    }
}

impl From<ParseIntError> for ConfigError {
    fn from(e: ParseIntError) -> Self {
        ConfigError::BadInt(e)
    }
}

impl From<ParseFloatError> for ConfigError {
    fn from(e: ParseFloatError) -> Self {
        ConfigError::BadFloat(e)
    }
}

fn lookup<'a>(pairs: &'a [(&'a str, &'a str)], key: &str) -> Result<&'a str, ConfigError> {
    pairs
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| *v)
        .ok_or(ConfigError::Missing(key.to_string()))
}

fn parse(pairs: &[(&str, &str)]) -> Result<(usize, f64), ConfigError> {
    let epochs: usize = lookup(pairs, "epochs")?.parse()?;
    let lr: f64 = lookup(pairs, "lr")?.parse()?;
    Ok((epochs, lr))
}

fn main() {
    let good = [("epochs", "10"), ("lr", "0.01")];
    let bad_int = [("epochs", "ten"), ("lr", "0.01")];
    let bad_float = [("epochs", "3"), ("lr", "x")];
    let missing = [("epochs", "3")];
    for cfg in [&good[..], &bad_int[..], &bad_float[..], &missing[..]] {
        match parse(cfg) {
            Ok((e, lr)) => println!("ok {} {}", e, lr),
            Err(err) => println!("error: {} / {:?}", err, err),
        }
    }
}
