"""Burn's autodiff tests (burn-backend-tests `tests/autodiff/`), ported to pbpit's Python API."""
