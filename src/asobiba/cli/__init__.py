"""The `asobiba` command: play, simulate, replay, rate."""
