"""Table Companion: the game side — rules, the live table session and its journal.

Nothing here imports an I/O library; faces (``ui``) and sensors (``hardware``)
sit on top and talk to the game through actions in and views out.
"""
