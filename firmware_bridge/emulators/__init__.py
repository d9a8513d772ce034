"""Readers that exist only in software, for development and tests without hardware.

They speak the real wire protocol on a real pseudo-terminal, so the host side
under test is the same code that drives the hardware (nfcpy's own drivers).
"""
