"""Players who come back: accounts, their sessions, and their ratings."""
