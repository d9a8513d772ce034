"""Faces: the ``companion`` command, the tablet, the phones' server and page, and the
presentation they share.

The only layer that may know all the others; the launcher (:mod:`ui.live`) builds a live
table for any face, and each face renders the views it is given for people.
"""
