"""`pbpit lint`: the tape panic found in Burn source without running it."""
