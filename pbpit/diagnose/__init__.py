"""Readers of a run's trace: they explain what happened and never touch the engine."""
