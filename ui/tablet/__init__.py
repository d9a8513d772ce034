"""The tablet: the Kivy app the whole table looks at — public information only, touch first.

Kivy reads its settings from the environment when it is first imported, so
only :mod:`ui.tablet.launch` (which prepares that environment) and
:mod:`ui.tablet.android_sim` (which comes before everything) may be imported
before it has run; every other module here imports Kivy.
"""
