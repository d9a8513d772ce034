"""Faces: the ``companion`` command, and later the tablet and the phone pages.

The only layer that knows all the others; it wires sensors, the table and the
faces together and renders views for people.
"""
