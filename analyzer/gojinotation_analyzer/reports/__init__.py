"""Reports: diagnostics and the validator (they read engine frames, never re-judge)."""
