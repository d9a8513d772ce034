"""Sensing the table: NFC readers, the multi-reader board, the camera.

Each source is an async stream of observations for ``companion.ingest``.
"""
