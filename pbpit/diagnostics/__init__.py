"""Diagnostics: one model (`model`), rendered as rustc does (`human`), as JSON, or as SARIF."""
