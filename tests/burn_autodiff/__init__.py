"""Burn's own autodiff tests (burn-backend-tests `tests/autodiff/`), ported to pbpit's Python API."""
