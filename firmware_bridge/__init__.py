"""The reader board's wire protocol, its firmware, and emulators of the readers."""
